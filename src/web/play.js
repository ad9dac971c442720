// The browser board (/play): draws what the server's socket says and sends what the player
// taps. One WebSocket a tab (/play/ws); its messages are JSON objects {v: 1, t: KIND, ...}
// (docs/web.md). Everything shown comes from those messages, and every word from the
// page's data-words (the catalogs, in the page's language). The server decides everything:
// a move is sent only as a tap on a legal target (the server's list in a whole game
// message; after a delta, the page's pseudo-legal moves less and plus the server's
// exceptions, which is the server's list), and the server checks it again.
const VERSION = 1;
const root = document.getElementById("play");
const W = JSON.parse(root.dataset.words);
const LAKES = new Set(W.lakes);
const FILES = "ABCDEFGHIJ";

// A pattern of the catalogs with {name} places, filled.
function fill(pattern, args) {
  return pattern.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") e.textContent = v;
    else if (k === "cls") e.className = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c) e.append(c);
  return e;
}

const status = document.getElementById("play-status");
const refused = el("p", { id: "play-refused", role: "alert" });
const lobby = el("section", { id: "play-lobby", hidden: true });
const game = el("section", { id: "play-game", hidden: true });
// Kept across redraws (what is being typed survives a message from the server).
const typeBox = el("form", { id: "play-type", hidden: true });
const chatBox = el("section", { id: "play-chat", hidden: true });
root.append(refused, lobby, game, typeBox, chatBox);

let socket = null;
let me = null; // {nick}
let shown = null; // the last game message
let selected = null; // a square name
let moveList = []; // the shown game's moves so far
let noteAt = null; // the square whose note menu is open

function send(msg) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(Object.assign({ v: VERSION }, msg)));
  }
}

function say(text) {
  refused.textContent = text || "";
}

// ---- the lobby ----
// The lobby's fixed parts (the computer's levels, the seek form) are made once, so that a
// lobby message (someone came, a seek was posted) does not close a list being chosen from
// on a phone; only the counts and the seeks are redrawn.
let lobbyFixed = null;
const lobbyLive = el("div", { id: "play-lobby-live" });
function drawLobby(m) {
  shown = null;
  clockBase = null;
  goneBase = null;
  selected = null;
  game.hidden = true;
  lobby.hidden = false;
  if (!lobbyFixed) {
    lobbyFixed = el("div", { id: "play-lobby-fixed" });
    lobbyFixed.append(el("h2", { text: W.computer }));
    const levels = el("div", { cls: "play-levels" });
    for (const level of ["random", "easy", "hard"]) {
      const b = el("button", { type: "button", "data-level": level, text: W.levels[level] });
      b.addEventListener("click", () => send({ t: "computer", level }));
      levels.append(b);
    }
    lobbyFixed.append(levels, seekForm());
    lobby.replaceChildren(el("p", { id: "play-you" }), el("p", { id: "play-online" }), lobbyFixed, lobbyLive);
  }
  document.getElementById("play-you").textContent = me ? fill(W.you, { nick: me.nick }) : "";
  document.getElementById("play-online").textContent = fill(W.online, { count: m.online });
  lobbyLive.replaceChildren(el("h2", { text: W.seeks }));
  if (m.seeks.some((s) => s.mine)) lobbyLive.append(el("p", { id: "play-my-seek", role: "status", text: W.yourSeek }));
  if (m.seeks.length === 0) {
    lobbyLive.append(el("p", { text: W.noSeeks }));
  } else {
    const ul = el("ul", { id: "play-seeks" });
    for (const s of m.seeks) {
      const b = s.mine
        ? el("button", { type: "button", "data-withdraw": String(s.id), text: W.withdraw })
        : el("button", { type: "button", "data-seek": String(s.id), text: W.accept });
      b.addEventListener("click", () => send(s.mine ? { t: "withdraw", id: s.id } : { t: "accept", id: s.id }));
      const terms = `${s.nick}: ${s.variant}${s.clock ? " " + s.clock + (s.budget ? "/" + s.budget + "d" : "") : ""}${s.rated ? " · " + W.rated : ""} `;
      ul.append(el("li", { cls: s.mine ? "mine" : null, text: terms }, b));
    }
    lobbyLive.append(ul);
  }
  drawLobbyMore(m);
  status.textContent = "";
}

// A new seek: variant, clock, rated (key holders only; the server checks it too).
let seekChoice = { variant: "classic", clock: "none", budget: "none", rated: false };
function seekForm() {
  const form = el("form", { id: "play-seek-form" });
  form.append(el("h2", { text: W.newSeek }));
  const choose = (name, label, options) => {
    const select = el("select", { id: `play-seek-${name}`, name });
    for (const [value, text] of options) {
      const o = el("option", { value, text });
      if (seekChoice[name] === value) o.selected = true;
      select.append(o);
    }
    select.addEventListener("change", () => (seekChoice[name] = select.value));
    form.append(el("label", { text: label + " " }, select));
  };
  choose("variant", W.variant, Object.entries(W.variants));
  // A key holder or an account may also choose a correspondence game (days a move) and,
  // with it, a total budget (shown only when days are chosen).
  const keyHolder = !!(me && !me.guest);
  const clocks = [["none", W.clockNone]].concat(W.clocks.map((c) => [c, c]));
  choose("clock", W.clock, keyHolder ? clocks.concat(W.days) : clocks);
  if (keyHolder) {
    choose("budget", W.budget, W.budgets);
    const budget = form.querySelector("#play-seek-budget").parentElement;
    const clock = form.querySelector("#play-seek-clock");
    const shown = () => (budget.hidden = !clock.value.endsWith("d"));
    clock.addEventListener("change", shown);
    shown();
  }
  if (keyHolder) {
    const box = el("input", { type: "checkbox", id: "play-seek-rated", checked: seekChoice.rated });
    box.addEventListener("change", () => (seekChoice.rated = box.checked));
    form.append(el("label", { text: W.rated + " " }, box));
  }
  form.append(optionsForm());
  form.append(el("button", { type: "submit", id: "play-seek-post", text: W.post }));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    send(Object.assign({ t: "seek" }, seekTerms()));
  });
  return form;
}

// ---- time: clocks and the opponent's reconnect countdown, counted here between
// messages; the server's value wins on each message ----
let clockBase = null; // {red, blue, running, at}
let goneBase = null; // {ms, at}
function mmss(ms) {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
function clockNow(color) {
  if (!clockBase) return 0;
  const ms = clockBase[color];
  return clockBase.running === color ? Math.max(0, ms - (performance.now() - clockBase.at)) : ms;
}
function tick() {
  if (clockBase) {
    for (const c of ["red", "blue"]) {
      const span = document.getElementById(`play-clock-${c}`);
      if (!span) continue;
      const ms = clockNow(c);
      span.querySelector(".time").textContent = mmss(ms);
      span.classList.toggle("low", ms < 30000);
      span.dataset.low = ms < 30000 ? "true" : "false";
    }
  }
  if (goneBase && shown) {
    const line = document.getElementById("play-gone");
    const left = Math.max(0, goneBase.ms - (performance.now() - goneBase.at));
    const opp = shown.me === "red" ? shown.blue : shown.red;
    if (line) line.textContent = left > 0 ? fill(W.gone, { nick: opp, time: mmss(left) }) : fill(W.canClaim, { nick: opp });
    const claim = document.getElementById("play-claim");
    if (claim) claim.hidden = left > 0;
  }
}
setInterval(tick, 250);

// ---- the game ----
function squareOf(file, row) {
  return FILES[file] + (row + 1);
}

// Rows and files from the top left, the player's own side at the bottom.
function order(color) {
  const rows = [...Array(10).keys()];
  const files = [...Array(10).keys()];
  return color === "blue" ? { rows, files: files.reverse() } : { rows: rows.reverse(), files };
}

function label(sq, piece, mine) {
  if (LAKES.has(sq)) return fill(W.lake, { square: sq });
  if (!piece) return fill(W.empty, { square: sq });
  if (mine) return fill(W.mine, { square: sq, rank: W.ranks[piece.r] });
  if (piece.r) return fill(W.enemy, { square: sq, rank: W.ranks[piece.r] });
  return fill(piece.m ? W.unknownMoved : W.unknown, { square: sq });
}

function targetsOf(m, from) {
  return m.legal.filter((l) => l[0] === from).map((l) => l[1]);
}

function drawGame(m) {
  // A keyboard player's place on the board survives the redraw.
  const active = document.activeElement;
  const focused = active && active.closest && active.closest("#play-board") ? active.dataset.sq : null;
  shown = m;
  lobby.hidden = true;
  game.hidden = false;
  game.replaceChildren();
  const pieces = new Map(m.board.map((p) => [p.sq, p]));
  const zone = new Set(m.zone);
  const movable = new Set(m.legal.map((l) => l[0]));
  if (selected && m.phase === "play" && !movable.has(selected)) selected = null;
  if (selected && m.phase === "setup" && !zone.has(selected)) selected = null;
  const targets = new Set(selected && m.phase === "play" ? targetsOf(m, selected) : []);
  // The seat's own notes (a guess ending in ?, never a rank the game showed).
  const notes = new Map((m.notes || []).map((n) => [n.sq, n]));
  if (noteAt && !(m.phase === "play" && unknownEnemy(m, pieces.get(noteAt)))) noteAt = null;

  game.append(el("p", { id: "play-players", text: fill(W.vs, { red: m.red, blue: m.blue }) }));
  let turn = "";
  if (m.phase === "setup") turn = m.ready ? W.waiting : W.setupHint;
  else if (m.phase === "play") turn = m.turn === m.me ? W.yourTurn : fill(W.theirTurn, { nick: m.turn === "red" ? m.red : m.blue });
  clockBase = m.clocks ? Object.assign({ at: performance.now() }, m.clocks) : null;
  if (m.phase !== "play" && clockBase) clockBase.running = null;
  if (m.clocks) {
    const clocks = el("p", { id: "play-clocks" });
    for (const c of ["red", "blue"]) {
      const span = el("span", { id: `play-clock-${c}`, cls: "clock", "data-running": clockBase.running === c ? "true" : "false" });
      span.append(el("span", { cls: "who", text: `${c === "red" ? m.red : m.blue} ` }), el("span", { cls: "time", text: mmss(m.clocks[c]) }));
      clocks.append(span);
    }
    game.append(clocks);
  }
  const turnLine = el("p", { id: "play-turn", "data-mine": m.phase === "play" && m.turn === m.me ? "true" : "false", text: turn });
  game.append(turnLine);

  const grid = el("div", { id: "play-board", role: "grid", "aria-label": W.board, "data-me": m.me || "" });
  const { rows, files } = order(m.me);
  for (const r of rows) {
    const row = el("div", { role: "row", cls: "play-row" });
    for (const f of files) {
      const sq = squareOf(f, r);
      const p = pieces.get(sq);
      const mine = !!p && p.c === m.me;
      let text = label(sq, p, mine);
      const cls = ["sq"];
      if (LAKES.has(sq)) cls.push("lake");
      if (p) cls.push(p.c);
      if (p && !mine) cls.push("enemy");
      if (m.last && (m.last.from === sq || m.last.to === sq)) cls.push("last");
      if (m.phase === "play" && movable.has(sq)) cls.push("movable");
      if (m.phase === "setup" && zone.has(sq) && !m.ready) cls.push("movable");
      if (sq === selected) {
        cls.push("selected");
        text = fill(W.selected, { label: text });
      }
      if (targets.has(sq)) {
        cls.push("target");
        text = fill(W.target, { label: text });
      }
      let short = p ? (p.r ? W.short[p.r] : "?") : "";
      const note = p && notes.get(sq);
      if (note) {
        cls.push("noted");
        short = note.label;
        text = fill(W.noted, { label: text, guess: note.words });
      }
      const b = el("button", { type: "button", cls: cls.join(" "), "data-sq": sq, "aria-label": text, tabindex: "-1", text: short });
      if (p) b.dataset.piece = `${p.c} ${p.r || "unknown"}`;
      if (note) b.dataset.note = note.label;
      b.addEventListener("click", () => tap(sq));
      // A long press (a phone's context menu) or a right click opens the note menu.
      b.addEventListener("contextmenu", (e) => {
        if (m.phase === "play" && m.me && unknownEnemy(m, p)) {
          e.preventDefault();
          openNote(sq);
        }
      });
      row.append(el("div", { role: "gridcell" }, b));
    }
    grid.append(row);
  }
  grid.addEventListener("keydown", arrows);
  game.append(grid);
  if (m.phase === "play" && m.me) {
    if (noteAt) game.append(noteMenu(m, noteAt, notes.get(noteAt)));
    else game.append(el("p", { id: "play-note-hint", text: W.noteHint }));
  }

  if (m.last) {
    game.append(el("p", { id: "play-last", "aria-live": "polite", text: fill(W.last, { move: m.last.text }) }));
    game.append(el("p", { id: "play-battle", text: m.last.words }));
  }
  const actions = el("div", { cls: "play-actions" });
  const button = (id, text, fn) => {
    const b = el("button", { type: "button", id, text });
    b.addEventListener("click", fn);
    actions.append(b);
  };
  if (m.phase === "setup" && !m.ready && m.me) {
    button("play-random", W.random, () => send({ t: "random" }));
    button("play-ready", W.ready, () => send({ t: "ready" }));
  }
  if (m.phase === "play" && m.me) {
    // A thumb slips: resigning takes a second tap within 4 s.
    button("play-resign", W.resign, (ev) => {
      const b = ev.currentTarget;
      if (b.dataset.armed === "true") {
        send({ t: "resign" });
        return;
      }
      b.dataset.armed = "true";
      b.textContent = W.resignSure;
      setTimeout(() => {
        if (b.isConnected) {
          b.dataset.armed = "false";
          b.textContent = W.resign;
        }
      }, 4000);
    });
  }
  const opp = m.me === "red" ? m.blue : m.red;
  goneBase = m.me && m.phase === "play" && m.gone !== null && m.gone !== undefined ? { ms: m.gone, at: performance.now() } : null;
  if (m.phase === "play" && m.me) {
    if (m.draw_offer === m.me) {
      game.append(el("p", { id: "play-draw", role: "status", text: W.drawOffered }));
    } else if (m.draw_offer) {
      game.append(el("p", { id: "play-draw", role: "status", text: fill(W.drawToMe, { nick: opp }) }));
      button("play-draw-accept", W.acceptDraw, () => send({ t: "draw", answer: "accept" }));
      button("play-draw-decline", W.declineDraw, () => send({ t: "draw", answer: "decline" }));
    } else if (!m.bot) {
      button("play-draw-offer", W.offerDraw, () => send({ t: "draw", answer: "offer" }));
    }
    if (goneBase) {
      game.append(el("p", { id: "play-gone", role: "status", text: fill(W.gone, { nick: opp, time: mmss(m.gone) }) }));
      button("play-claim", W.claim, () => send({ t: "claim" }));
      actions.lastChild.hidden = m.gone > 0;
    }
  }
  if (m.phase === "over") {
    game.append(el("p", { id: "play-result", role: "status", text: m.result ? m.result.words : "" }));
    if (m.rating) game.append(el("p", { id: "play-rating", text: m.rating }));
    if (m.me && !m.bot && !m.tournament) {
      const mine = m.rematch[m.me];
      const theirs = m.rematch[m.me === "red" ? "blue" : "red"];
      if (!m.opp_here) game.append(el("p", { id: "play-rematch-state", text: fill(W.oppLeft, { nick: opp }) }));
      else if (mine) game.append(el("p", { id: "play-rematch-state", role: "status", text: fill(W.rematchAsked, { nick: opp }) }));
      else {
        if (theirs) game.append(el("p", { id: "play-rematch-state", role: "status", text: fill(W.rematchOffered, { nick: opp }) }));
        button("play-rematch", W.rematch, () => send({ t: "rematch" }));
      }
    }
    actions.append(el("a", { id: "play-replay", href: `/game/${m.id}`, text: W.replay }));
    button("play-lobby", W.lobby, () => send({ t: "lobby" }));
  }
  game.append(actions);
  drawGameMore(m, actions);
  // A message carries the moves after those sent before (from moves_from on).
  moveList = moveList.slice(0, m.moves_from).concat(m.moves);
  m.moves = moveList;
  m.moves_from = 0;
  if (moveList.length > 0) {
    game.append(el("h2", { text: W.moves }));
    const ol = el("ol", { id: "play-moves" });
    for (const t of moveList) ol.append(el("li", { text: t }));
    game.append(ol);
  }
  // Keyboard: one square in the tab order (the selected one, else the first movable).
  const focus =
    (focused && grid.querySelector(`button[data-sq="${focused}"]`)) ||
    grid.querySelector(".selected") ||
    grid.querySelector(".movable") ||
    grid.querySelector("button");
  if (focus) {
    focus.tabIndex = 0;
    if (focused) focus.focus();
  }
  if (m.phase === "play" && m.turn === m.me && document.title.indexOf("● ") !== 0) document.title = "● " + document.title;
  if (!(m.phase === "play" && m.turn === m.me)) document.title = document.title.replace(/^● /, "");
  status.textContent = "";
}

// An enemy piece whose rank the seat does not know: it may carry a note.
function unknownEnemy(m, p) {
  return !!p && !!m.me && p.c !== m.me && !p.r;
}

function openNote(sq) {
  noteAt = sq;
  selected = null;
  if (shown) drawGame(shown);
  const first = document.querySelector("#play-note button");
  if (first) first.focus();
}

// The note menu of an unknown enemy piece: a rank (the Bomb among them), not a Bomb,
// moved, clear, cancel. Only this player sees the note.
function noteMenu(m, sq, note) {
  const box = el("div", { id: "play-note", role: "group", "aria-label": fill(W.noteMenu, { square: sq }) });
  box.append(el("p", { text: fill(W.noteMenu, { square: sq }) }));
  const choose = (guess) => {
    noteAt = null;
    send({ t: "note", sq, guess });
    drawGame(m);
  };
  const pick = (attrs, guess) => {
    const b = el("button", Object.assign({ type: "button" }, attrs));
    b.addEventListener("click", () => choose(guess));
    box.append(b);
  };
  for (const rank of W.order) {
    pick({ "data-guess": rank, text: `${W.short[rank]}?`, "aria-label": `${W.ranks[rank]}?` }, rank);
  }
  pick({ "data-guess": "not-bomb", text: W.noteNotBomb }, "not-bomb");
  pick({ "data-guess": "moved", text: W.noteMoved }, "moved");
  if (note) pick({ "data-guess": "clear", text: W.noteClear }, "clear");
  const cancel = el("button", { type: "button", "data-guess": "cancel", text: W.noteCancel });
  cancel.addEventListener("click", () => {
    noteAt = null;
    drawGame(m);
  });
  box.append(cancel);
  return box;
}

function tap(sq) {
  const m = shown;
  if (!m || !m.me) return;
  say("");
  if (m.phase === "setup") {
    if (m.ready || !m.zone.includes(sq)) return;
    if (trayRank) {
      send({ t: "place", sq, rank: trayRank });
      if (!m.tray || m.tray[W.order.indexOf(trayRank)] <= 1) trayRank = null;
      return;
    }
    if (selected === null) selected = sq;
    else if (selected === sq) selected = null;
    else {
      send({ t: "swap", a: selected, b: sq });
      selected = null;
    }
    drawGame(m);
    return;
  }
  if (m.phase !== "play") return;
  if (selected && (targetsOf(m, selected).includes(sq) || rescuesOf(m, selected, sq).length > 0)) {
    if (rescuesOf(m, selected, sq).length > 0) {
      askRescue(m, selected, sq);
      return;
    }
    send({ t: "move", from: selected, to: sq });
    selected = null;
    return;
  }
  // An unknown enemy piece that is no target: its note menu.
  const piece = m.board.find((p) => p.sq === sq);
  if (unknownEnemy(m, piece)) {
    openNote(sq);
    return;
  }
  noteAt = null;
  selected = targetsOf(m, sq).length > 0 && sq !== selected ? sq : null;
  drawGame(m);
}

// Arrow keys move between squares (as the screen sees them); Enter and Space tap.
function arrows(e) {
  const b = e.target.closest("button[data-sq]");
  if (!b) return;
  const buttons = [...document.querySelectorAll("#play-board button[data-sq]")];
  const i = buttons.indexOf(b);
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -10, ArrowDown: 10 }[e.key];
  if (step === undefined) return;
  const j = i + step;
  if (j < 0 || j >= buttons.length || (Math.abs(step) === 1 && Math.floor(j / 10) !== Math.floor(i / 10))) return;
  e.preventDefault();
  b.tabIndex = -1;
  buttons[j].tabIndex = 0;
  buttons[j].focus();
}

// ---- deltas: after a game's first (whole) message, each update says only what changed
// (docs/web.md, src/web/delta.rs, whose `apply` is this rule in Rust) ----
const RANK_CODES = { X: "Marshal", 9: "General", 8: "Colonel", 7: "Major", 6: "Captain", 5: "Lieutenant", 4: "Sergeant", 3: "Miner", 2: "Scout", S: "Spy", B: "Bomb", F: "Flag" };
const OTHER = { red: "blue", blue: "red" };

// The seat's pseudo-legal moves on a board ([{sq, c, r, m}]): each own piece of a movable
// rank steps along a file or a row onto an empty square or an enemy, never a lake or off
// the board; a Scout runs on over empty squares. The repetition rules are the server's
// (a delta's `x`).
export function pseudoLegal(board, me) {
  const at = new Map(board.map((p) => [p.sq, p]));
  const out = [];
  for (const p of board) {
    if (p.c !== me || !p.r || p.r === "Bomb" || p.r === "Flag") continue;
    const f0 = FILES.indexOf(p.sq[0]);
    const r0 = Number(p.sq.slice(1)) - 1;
    for (const [df, dr] of [[0, 1], [0, -1], [1, 0], [-1, 0]]) {
      let f = f0;
      let r = r0;
      for (;;) {
        f += df;
        r += dr;
        if (f < 0 || f > 9 || r < 0 || r > 9) break;
        const to = squareOf(f, r);
        if (LAKES.has(to)) break;
        const q = at.get(to);
        if (q && q.c === me) break;
        out.push([p.sq, to]);
        if (q || p.r !== "Scout") break;
      }
    }
  }
  return out;
}

// "E4E5" or "A10B10" as [from, to].
function pair(s) {
  const i = s.slice(1).search(/[A-J]/) + 1;
  return [s.slice(0, i), s.slice(i)];
}

// The game message `prev` (its moves the whole list) with the delta `d` applied; null
// when `d` does not follow on from it (then the page asks for the whole game).
export function deltaGame(prev, d) {
  if (!prev) return null;
  const m = Object.assign({}, prev);
  const own = new Set(["t", "v", "p", "b", "m", "w", "x", "a", "ms", "rm"]);
  for (const [k, v] of Object.entries(d)) if (!own.has(k)) m[k] = v;
  for (const k of d.rm || []) delete m[k];
  const added = d.ms || (d.m ? [d.m] : []);
  const ply = d.p === undefined ? prev.ply : d.p;
  if (prev.ply + added.length !== ply) return null;
  m.ply = ply;
  m.moves_from = prev.moves.length;
  m.moves = added;
  if (!("turn" in d) && added.length % 2 === 1) m.turn = OTHER[prev.turn] || prev.turn;
  const board = new Map(prev.board.map((p) => [p.sq, p]));
  // The plain moves added are played here (the piece moves, marked moved); `b` says the
  // rest (a battle's outcome, a rank shown).
  for (const t of added) {
    const [from, to] = t.split("-");
    const p = to !== undefined && board.get(from);
    if (!p) continue;
    board.delete(from);
    board.set(to, Object.assign({}, p, { sq: to, m: true }));
  }
  for (const e of d.b || []) {
    const sq = e.match(/^[A-J]\d+/)[0];
    const rest = e.slice(sq.length);
    if (!rest) board.delete(sq);
    else board.set(sq, { sq, c: rest[0] === "r" ? "red" : "blue", r: rest[1] === "?" ? null : RANK_CODES[rest[1]], m: rest[2] === "m" });
  }
  m.board = [...board.values()];
  if (d.m) {
    const [from, to] = d.m.split(/[-x]/);
    const mover = OTHER[m.turn] || m.turn;
    m.last = { from, to, text: d.m, words: d.w !== undefined ? d.w : fill(W.moved, { mover: W.colors[mover] || mover }) };
  }
  const key = (l) => l[0] + l[1];
  const legal = new Map((m.phase === "play" && m.me && m.turn === m.me ? pseudoLegal(m.board, m.me) : []).map((l) => [key(l), l]));
  for (const x of d.x || []) legal.delete(x);
  for (const a of d.a || []) legal.set(a, pair(a));
  m.legal = [...legal.values()];
  return m;
}

// A whole game message as a page that takes deltas gets it: `board`, `zone` and `legal`
// as strings of the deltas' codes (src/web/delta.rs `compact`), read back into lists.
export function expandGame(m) {
  const words = (s) => s.split(" ").filter(Boolean);
  if (typeof m.board === "string") {
    m.board = words(m.board).map((e) => {
      const sq = e.match(/^[A-J]\d+/)[0];
      const rest = e.slice(sq.length);
      return { sq, c: rest[0] === "r" ? "red" : "blue", r: rest[1] === "?" ? null : RANK_CODES[rest[1]], m: rest[2] === "m" };
    });
  }
  if (typeof m.zone === "string") m.zone = words(m.zone);
  if (typeof m.legal === "string") m.legal = words(m.legal).map(pair);
  return m;
}

function applyDelta(d) {
  const m = deltaGame(shown, d);
  if (m) drawGame(m);
  else send({ t: "full" });
}

// ---- the socket: it comes back by itself when it drops (0.5 s, doubling to 10 s, with
// jitter), unless the server closed it on purpose (a kick, an idle time: `closed` says
// why) or refused the player ----
let retryWait = 500;
let stopped = false;
let failures = 0;
function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const s = new WebSocket(`${scheme}${location.host}/play/ws?lang=${encodeURIComponent(root.dataset.lang)}&delta=1`);
  socket = s;
  let greeted = false;
  s.addEventListener("message", (ev) => {
    let m;
    try {
      m = JSON.parse(ev.data);
    } catch (_) {
      return;
    }
    if (m.v !== VERSION) return;
    switch (m.t) {
      case "hello":
        me = { nick: m.nick, guest: !!m.guest };
        greeted = true;
        retryWait = 500;
        failures = 0;
        if (root.dataset.reconnecting) root.dataset.reconnecting = "false";
        break;
      case "lobby":
        drawLobby(m);
        break;
      case "game":
        drawGame(expandGame(m));
        break;
      case "d":
        applyDelta(m);
        break;
      case "refused":
        // Refused at the door (a ban, guests closed): no coming back by itself.
        if (!greeted) stopped = true;
        say(m.text);
        break;
      case "notice":
        say(m.text);
        break;
      case "chat":
        gameChat = m.lines;
        drawChat();
        break;
      case "setups":
        savedNames = m.names;
        if (shown && shown.phase === "setup") drawGame(shown);
        break;
      case "closed":
        if (!m.retry) stopped = true;
        status.textContent = m.text;
        break;
    }
  });
  s.addEventListener("close", () => {
    if (socket !== s) return;
    if (stopped) {
      if (!status.textContent) status.textContent = W.closed;
      root.dataset.closed = "true";
      return;
    }
    status.textContent = W.reconnecting;
    root.dataset.reconnecting = "true";
    const wait = retryWait * (0.5 + Math.random());
    retryWait = Math.min(10000, retryWait * 2);
    setTimeout(connect, wait);
    // Never let in again: a guest session the server no longer knows (it restarted)
    // shows the page's "Play as guest" again.
    if (!greeted && ++failures % 3 === 0) {
      fetch(location.href, { cache: "no-store" })
        .then((r) => r.text())
        .then((t) => {
          if (!t.includes('id="play"')) location.reload();
        })
        .catch(() => {});
    }
  });
}

connect();

// ---- the lobby's other parts: challenges, players, games to watch, tournaments ----
function termsText(t) {
  const parts = [t.variant];
  if (t.clock) parts.push(t.clock);
  if (t.rated) parts.push(W.rated);
  if (t.rules) parts.push(t.rules);
  return parts.join(" · ");
}

let lobbyChat = [];
function drawLobbyMore(m) {
  typeBox.hidden = true;
  const mine = (m.challenges || []).filter((c) => c.mine);
  const toMe = (m.challenges || []).filter((c) => !c.mine);
  if (toMe.length + mine.length > 0) {
    lobbyLive.append(el("h2", { text: W.challenges }));
    const ul = el("ul", { id: "play-challenges" });
    for (const c of toMe) {
      const li = el("li", { "data-challenge": String(c.id), text: fill(W.challengeFrom, { nick: c.from, terms: termsText(c.terms) }) + " " });
      const yes = el("button", { type: "button", "data-accept-challenge": String(c.id), text: W.accept });
      yes.addEventListener("click", () => send({ t: "accept", id: c.id }));
      const no = el("button", { type: "button", "data-decline": String(c.id), text: W.decline });
      no.addEventListener("click", () => send({ t: "decline", id: c.id }));
      li.append(yes, " ", no);
      ul.append(li);
    }
    for (const c of mine) {
      const li = el("li", { cls: "mine", "data-challenge": String(c.id), text: fill(W.challengeTo, { nick: c.to, terms: termsText(c.terms) }) + " " });
      const b = el("button", { type: "button", "data-withdraw": String(c.id), text: W.withdraw });
      b.addEventListener("click", () => send({ t: "withdraw", id: c.id }));
      li.append(b);
      ul.append(li);
    }
    lobbyLive.append(ul);
  }
  // The player's correspondence games waiting for their move or set-up (theirs by
  // identity, sent to them alone): each played from here.
  if (m.waiting && m.waiting.length > 0) {
    lobbyLive.append(el("h2", { text: W.yourMove }));
    const ul = el("ul", { id: "play-waiting" });
    for (const w of m.waiting) {
      const row = w.setup ? W.yourSetupRow : W.yourMoveRow;
      const li = el("li", { "data-waiting": String(w.id), text: fill(row, { game: w.id, opponent: w.opponent, due: w.due, left: w.left }) + " " });
      const b = el("button", { type: "button", "data-play-waiting": String(w.id), text: W.play });
      b.addEventListener("click", () => send({ t: "watch", id: w.id }));
      li.append(b);
      ul.append(li);
    }
    lobbyLive.append(ul);
  }
  const others = m.players || [];
  lobbyLive.append(el("h2", { text: W.players }));
  if (others.length > 0) {
    lobbyLive.append(el("p", { cls: "hint", text: W.challengeHint }));
    const ul = el("ul", { id: "play-players-online" });
    for (const p of others) {
      const li = el("li", { text: `${p.nick}${p.rating ? " (" + p.rating + ")" : ""} ` });
      const b = el("button", { type: "button", "data-challenge-nick": p.nick, text: W.challenge });
      b.addEventListener("click", () => send(Object.assign({ t: "challenge", nick: p.nick, private: !!seekChoice.private }, seekTerms())));
      li.append(b);
      ul.append(li);
    }
    lobbyLive.append(ul);
  }
  if (m.players_more > 0) lobbyLive.append(el("p", { cls: "hint", text: fill(W.more, { count: m.players_more }) }));
  lobbyLive.append(el("h2", { text: W.gamesNow }));
  if (!m.games || m.games.length === 0) lobbyLive.append(el("p", { text: W.noGames }));
  else {
    const ul = el("ul", { id: "play-games" });
    for (const g of m.games) {
      const li = el("li", { text: fill(W.gameLine, { red: g.red, blue: g.blue, terms: termsText(g.terms), moves: g.moves }) + " " });
      const b = el("button", { type: "button", "data-watch": String(g.id), text: W.watch });
      b.addEventListener("click", () => send({ t: "watch", id: g.id }));
      li.append(b);
      ul.append(li);
    }
    lobbyLive.append(ul);
  }
  if (m.games_more > 0) lobbyLive.append(el("p", { cls: "hint", text: fill(W.more, { count: m.games_more }) }));
  if (m.tournaments && m.tournaments.length > 0) {
    lobbyLive.append(el("h2", { text: W.tournaments }));
    const ul = el("ul", { id: "play-tournaments" });
    for (const t of m.tournaments) {
      const li = el("li", { text: fill(W.tournamentLine, { name: t.name, terms: termsText(t.terms), count: t.entrants }) + " " });
      if (t.joined) li.append(el("span", { cls: "joined", text: W.joined + " " }));
      const b = el("button", { type: "button", "data-tournament": String(t.id), "data-join": t.joined ? "false" : "true", text: t.joined ? W.withdrawT : W.join });
      b.addEventListener("click", () => send({ t: t.joined ? "leave" : "join", id: t.id }));
      li.append(b);
      ul.append(li);
    }
    lobbyLive.append(ul);
  }
  lobbyChat = m.chat || [];
  drawChat();
}

// The seek form's rule options (the rated games' defaults first).
function optionsForm() {
  const o = seekChoice.options;
  const box = el("details", { id: "play-seek-options" });
  box.append(el("summary", { text: W.options }));
  const two = el("select", { id: "play-seek-two-square" });
  for (const [v, t] of [[3, "3"], [2, "2"], [5, "5"], [0, W.twoSquareOff]]) {
    const opt = el("option", { value: String(v), text: t });
    if (o.two_square === v) opt.selected = true;
    two.append(opt);
  }
  two.addEventListener("change", () => (o.two_square = Number(two.value)));
  box.append(el("label", { text: W.twoSquare + " " }, two));
  for (const [key, id, text] of [
    ["more_squares", "more-squares", W.moreSquares],
    ["aggressor", "aggressor", W.aggressor],
    ["silent", "silent", W.silent],
    ["rescue", "rescue", W.rescueRule],
  ]) {
    const c = el("input", { type: "checkbox", id: `play-seek-${id}`, checked: o[key] });
    c.addEventListener("change", () => (o[key] = c.checked));
    box.append(el("label", { text: text + " " }, c));
  }
  const rows = el("select", { id: "play-seek-duel-rows" });
  for (const v of [3, 4]) {
    const opt = el("option", { value: String(v), text: String(v) });
    if (o.duel_rows === v) opt.selected = true;
    rows.append(opt);
  }
  rows.addEventListener("change", () => (o.duel_rows = Number(rows.value)));
  box.append(el("label", { text: W.duelRows + " " }, rows));
  const priv = el("input", { type: "checkbox", id: "play-seek-private", checked: !!seekChoice.private });
  priv.addEventListener("change", () => (seekChoice.private = priv.checked));
  box.append(el("label", { text: W.private + " " }, priv));
  return box;
}
seekChoice.options = { two_square: 3, more_squares: true, aggressor: false, silent: false, rescue: false, duel_rows: 3 };

function seekTerms() {
  return {
    variant: seekChoice.variant,
    clock: seekChoice.clock,
    budget: seekChoice.clock.endsWith("d") && seekChoice.budget !== "none" ? Number(seekChoice.budget) : null,
    rated: !!(me && !me.guest && seekChoice.rated && !seekChoice.private),
    options: Object.assign({}, seekChoice.options),
  };
}

// ---- chat: the lobby's, or the game's (players; spectators among themselves) ----
let gameChat = [];
function drawChat() {
  const inGame = !!shown;
  const lines = inGame ? gameChat : lobbyChat;
  const title = !inGame ? W.chat : shown.me ? W.chatGame : W.chatStands;
  if (!chatBox.firstChild) {
    const form = el("form", { id: "play-chat-form" });
    const input = el("input", { type: "text", id: "play-chat-input", maxlength: "200", autocomplete: "off", "aria-label": W.chatSay });
    form.append(input, el("button", { type: "submit", id: "play-chat-send", text: W.chatSend }));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      if (input.value.trim()) send({ t: "chat", text: input.value });
      input.value = "";
    });
    chatBox.append(el("h2", { id: "play-chat-title" }), el("ol", { id: "play-chat-lines", "aria-live": "polite" }), form);
  }
  chatBox.hidden = false;
  document.getElementById("play-chat-title").textContent = title;
  const ol = document.getElementById("play-chat-lines");
  ol.replaceChildren();
  if (lines.length === 0) ol.append(el("li", { cls: "hint", text: W.chatEmpty }));
  for (const l of lines) ol.append(el("li", {}, el("b", { text: l.from + ": " }), l.text));
}

// ---- the game's other parts: the set-up tray and saved set-ups, the rescue question,
// pieces left, the spectators' place, the typed move, the game's link, a sound ----
let trayRank = null;
let savedNames = [];
let rescueAsk = null; // {from, to}
let lastTurnMine = false;
let audio = null;
document.addEventListener("pointerdown", () => {
  if (!audio && window.AudioContext) audio = new AudioContext();
}, { once: true });

function beep() {
  if (!audio) return;
  const o = audio.createOscillator();
  const g = audio.createGain();
  o.frequency.value = 660;
  g.gain.value = 0.08;
  o.connect(g).connect(audio.destination);
  o.start();
  o.stop(audio.currentTime + 0.12);
}

function rescuesOf(m, from, to) {
  return (m.rescue || []).filter((r) => r[0] === from && r[1] === to);
}

function askRescue(m, from, to) {
  rescueAsk = { from, to };
  drawGame(m);
}

function drawGameMore(m, actions) {
  if (!m.me) {
    game.insertBefore(el("p", { id: "play-watching", role: "status", text: W.watching }), game.querySelector("#play-board"));
    if (m.phase !== "over") {
      const b = el("button", { type: "button", id: "play-leave", text: W.leave });
      b.addEventListener("click", () => send({ t: "lobby" }));
      actions.append(b);
    }
  }
  // The rescue question, when the chosen move may bring a piece back.
  if (rescueAsk && m.phase === "play" && m.turn === m.me) {
    const options = rescuesOf(m, rescueAsk.from, rescueAsk.to);
    if (options.length > 0) {
      const box = el("div", { id: "play-rescue", role: "group", "aria-label": W.rescueAsk });
      box.append(el("p", { text: W.rescueAsk }));
      const { from, to } = rescueAsk;
      for (const r of options) {
        const b = el("button", { type: "button", "data-rescue": `${r[2]} ${r[3]}`, text: fill(W.rescueOne, { rank: W.ranks[r[2]], square: r[3] }) });
        b.addEventListener("click", () => {
          rescueAsk = null;
          selected = null;
          send({ t: "move", from, to, rescue: { rank: r[2], at: r[3] } });
        });
        box.append(b);
      }
      if (targetsOf(m, from).includes(to)) {
        const b = el("button", { type: "button", id: "play-rescue-none", text: W.rescueNone });
        b.addEventListener("click", () => {
          rescueAsk = null;
          selected = null;
          send({ t: "move", from, to });
        });
        box.append(b);
      }
      game.insertBefore(box, actions);
    } else rescueAsk = null;
  } else rescueAsk = null;
  // Set-up: the tray (place by rank), clear, saved set-ups.
  if (m.phase === "setup" && m.me && !m.ready && m.tray) {
    const tray = el("div", { id: "play-tray", role: "group", "aria-label": W.tray });
    tray.append(el("p", { text: `${W.tray}: ${W.trayHint}` }));
    W.order.forEach((rank, i) => {
      const n = m.tray[i];
      if (n === 0) return;
      const b = el("button", { type: "button", "data-rank": rank, "aria-pressed": trayRank === rank ? "true" : "false", text: `${W.short[rank]} ×${n}`, title: W.ranks[rank] });
      b.setAttribute("aria-label", `${W.ranks[rank]} ×${n}`);
      b.addEventListener("click", () => {
        trayRank = trayRank === rank ? null : rank;
        selected = null;
        drawGame(shown);
      });
      tray.append(b);
    });
    const clear = el("button", { type: "button", id: "play-clear", text: W.clear });
    clear.addEventListener("click", () => send({ t: "clear" }));
    tray.append(clear);
    game.insertBefore(tray, actions);
    const saved = el("form", { id: "play-saved" });
    saved.append(el("h2", { text: W.saved }));
    if (savedNames.length > 0) {
      const pick = el("select", { id: "play-saved-pick", "aria-label": W.saved });
      for (const n of savedNames) pick.append(el("option", { value: n, text: n }));
      const load = el("button", { type: "button", id: "play-load", text: W.load });
      load.addEventListener("click", () => send({ t: "load", name: pick.value }));
      saved.append(pick, load);
    }
    const name = el("input", { type: "text", id: "play-save-name", maxlength: "30", "aria-label": W.setupName, placeholder: W.setupName });
    saved.append(name, el("button", { type: "submit", id: "play-save", text: W.save }));
    saved.addEventListener("submit", (ev) => {
      ev.preventDefault();
      if (name.value.trim()) send({ t: "save", name: name.value });
    });
    game.append(saved);
  } else trayRank = null;
  // Pieces left per rank, both sides (as far as this side knows).
  if (m.left && m.phase !== "setup") {
    const table = el("table", { id: "play-left" });
    table.append(el("caption", { text: W.left }));
    const head = el("tr", {}, el("th", { scope: "col", text: "" }), el("th", { scope: "col", text: m.red }), el("th", { scope: "col", text: m.blue }));
    table.append(head);
    W.order.forEach((rank, i) => {
      table.append(el("tr", { "data-rank": rank }, el("th", { scope: "row", text: `${W.short[rank]} ${W.ranks[rank]}` }), el("td", { text: String(m.left.red[i]) }), el("td", { text: String(m.left.blue[i]) })));
    });
    game.append(table);
  }
  if (m.id && m.phase !== "over" && !m.private) {
    game.append(el("p", {}, el("a", { id: "play-link", href: `/game/${m.id}`, target: "_blank", rel: "noopener", text: W.link })));
  }
  // The typed move, for keyboards (a4 a5).
  const typing = m.phase === "play" && m.me && m.turn === m.me;
  if (!typeBox.firstChild) {
    const input = el("input", { type: "text", id: "play-type-input", autocomplete: "off", "aria-label": W.typeMove, placeholder: "a4 a5" });
    typeBox.append(el("label", { text: W.typeMove + " " }, input), el("button", { type: "submit", id: "play-type-go", text: W.typeMoveGo }));
    typeBox.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const parts = input.value.trim().toUpperCase().split(/[\s\-x:]+/).filter(Boolean);
      if (parts.length !== 2 || !parts.every((p) => /^[A-J](10|[1-9])$/.test(p))) {
        say(fill(W.typeMoveBad, { text: input.value.slice(0, 12) }));
        return;
      }
      input.value = "";
      say("");
      selected = null;
      send({ t: "move", from: parts[0], to: parts[1] });
    });
  }
  typeBox.hidden = !typing;
  // A sound when it becomes this player's turn (once the page has been touched).
  if (typing && !lastTurnMine) beep();
  lastTurnMine = !!typing;
  drawChat();
}
