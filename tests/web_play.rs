//! The browser board (/play, src/web/play.rs): a guest in real headless Chromium plays the
//! computer by tapping squares, to a result, and the stored record's moves are the moves
//! the page showed; a WebSocket client plays whole games and no message ever holds an
//! enemy rank the seat has not seen revealed (checked against the real game, replayed from
//! the stored record); a foreign Origin, no session, malformed, oversized and unknown
//! messages, and moves out of turn are refused and change nothing. A browser plays people:
//! its own seek (posted, withdrawn, taken by a lobby-level player or by an SSH player in
//! the screens), clocks that tick in the page, draws, a claimed win, rematches.

#[path = "common/browser.rs"]
mod browser;
mod common;

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::time::Duration;

use browser::{tap, Browser};
use common::web::{web_server, WAIT};
use fantoccini::key::Key;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use stratego_ssh::rules::{BattleResult, Color, Game, GameRecord, Rank, Square};
use stratego_ssh::web::delta;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// `POST /play/guest` with `origin`: the status and the guest cookie (`name=value`) if one
/// was set.
async fn new_guest(addr: SocketAddr, origin: &str) -> (u16, Option<String>) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "POST /play/guest HTTP/1.1\r\nHost: {addr}\r\nOrigin: {origin}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(WAIT, s.read_to_end(&mut raw))
        .await
        .expect("an answer in time")
        .unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    let status = text.split(' ').nth(1).unwrap().parse().unwrap();
    let cookie = text.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.eq_ignore_ascii_case("set-cookie")
            .then(|| v.trim().split(';').next().unwrap().to_string())
    });
    if let Some(c) = text
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie"))
    {
        assert!(c.contains("HttpOnly"), "{c}");
        assert!(c.contains("SameSite=Strict"), "{c}");
    }
    (status, cookie)
}

/// Opens the board's socket with `origin` and `cookie` (asking for deltas, as the page
/// does); the HTTP status when refused.
async fn open(addr: SocketAddr, origin: &str, cookie: Option<&str>) -> Result<Socket, u16> {
    let mut req = format!("ws://{addr}/play/ws?delta=1")
        .into_client_request()
        .unwrap();
    req.headers_mut().insert("Origin", origin.parse().unwrap());
    if let Some(c) = cookie {
        req.headers_mut().insert("Cookie", c.parse().unwrap());
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok((s, _)) => Ok(s),
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => Err(resp.status().as_u16()),
        Err(e) => panic!("cannot open the socket: {e}"),
    }
}

/// A guest's socket, every message it received kept (as text): `raw` as it came, `log`
/// with each delta made the whole game message it stands for (as the page does), so that
/// the tests read whole games.
struct Player {
    socket: Socket,
    log: Vec<String>,
    raw: Vec<String>,
    /// The game as the page holds it (its moves the whole list).
    game: Option<Value>,
}

/// A plain move's words, as the page makes them (in English, the tests' language).
fn plain_words(mover: &str) -> String {
    match mover {
        "red" => "Red moved".into(),
        _ => "Blue moved".into(),
    }
}

impl Player {
    async fn guest(addr: SocketAddr) -> Player {
        let origin = format!("http://{addr}");
        let (status, cookie) = new_guest(addr, &origin).await;
        assert_eq!(status, 303, "a guest session: 303 to the board");
        let cookie = cookie.expect("a guest cookie");
        let socket = open(addr, &origin, Some(&cookie))
            .await
            .expect("the socket opens");
        Player {
            socket,
            log: vec![],
            raw: vec![],
            game: None,
        }
    }

    async fn send(&mut self, v: Value) {
        self.send_text(&v.to_string()).await;
    }

    async fn send_text(&mut self, t: &str) {
        self.socket.send(Message::text(t)).await.unwrap();
    }

    /// The next message (JSON), within the test's wait.
    async fn next(&mut self) -> Value {
        loop {
            let msg = tokio::time::timeout(WAIT, self.socket.next())
                .await
                .expect("a message in time")
                .expect("the socket is open")
                .expect("a message");
            if let Message::Text(t) = msg {
                self.raw.push(t.to_string());
                let mut v: Value = serde_json::from_str(&t).expect("JSON");
                assert_eq!(v["v"], 1, "every message carries the version: {t}");
                match v["t"].as_str() {
                    Some("d") => {
                        let prev = self.game.as_ref().expect("a delta follows a game message");
                        let mut g = delta::apply(prev, &v, &plain_words)
                            .unwrap_or_else(|| panic!("a delta that follows on: {t}"));
                        self.game = Some(g.clone());
                        g["t"] = json!("game");
                        v = g;
                    }
                    Some("game") => {
                        v = delta::expand(&v)
                            .unwrap_or_else(|| panic!("a whole game that reads: {t}"));
                        let mut g = v.clone();
                        let mut moves = match &self.game {
                            Some(p) if p["id"] == v["id"] => p["moves"].as_array().unwrap().clone(),
                            _ => vec![],
                        };
                        moves.truncate(v["moves_from"].as_u64().unwrap() as usize);
                        moves.extend(v["moves"].as_array().unwrap().iter().cloned());
                        g["moves"] = json!(moves);
                        g["moves_from"] = json!(0);
                        self.game = Some(g);
                    }
                    Some("lobby") => self.game = None,
                    _ => {}
                }
                self.log.push(v.to_string());
                return v;
            }
        }
    }

    /// Reads messages until one of kind `t` for which `pred` holds.
    async fn until(&mut self, t: &str, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next().await;
            if v["t"] == t && pred(&v) {
                return v;
            }
        }
    }
}

/// A small deterministic generator for the test's choices.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays a game against the random computer over the socket, the seat choosing random
/// legal moves, until it ends or `max_moves` were played (then it resigns). The game's
/// number.
async fn play_whole_game(p: &mut Player, seed: u64, max_moves: usize) -> u64 {
    p.until("lobby", |_| true).await;
    p.send(json!({"v": 1, "t": "computer", "level": "random"}))
        .await;
    let setup = p.until("game", |g| g["phase"] == "setup").await;
    let id = setup["id"].as_u64().unwrap();
    p.send(json!({"v": 1, "t": "ready"})).await;
    let mut rng = Rng(seed);
    let mut moved = 0;
    loop {
        let g = p.until("game", |_| true).await;
        if g["phase"] == "over" {
            return id;
        }
        if g["phase"] != "play" || g["turn"] != g["me"] {
            continue;
        }
        let legal = g["legal"].as_array().unwrap();
        if moved >= max_moves || legal.is_empty() {
            p.send(json!({"v": 1, "t": "resign"})).await;
            p.until("game", |g| g["phase"] == "over").await;
            return id;
        }
        // Attacks first (a game of them ends sooner, and reveals more), else any move.
        let enemy: HashSet<&str> = g["board"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["c"] != g["me"])
            .filter_map(|p| p["sq"].as_str())
            .collect();
        let attacks: Vec<&Value> = legal
            .iter()
            .filter(|m| m[1].as_str().is_some_and(|to| enemy.contains(to)))
            .collect();
        let m = match attacks.is_empty() {
            true => &legal[rng.below(legal.len())],
            false => attacks[rng.below(attacks.len())],
        };
        p.send(json!({"v": 1, "t": "move", "from": m[0], "to": m[1]}))
            .await;
        moved += 1;
    }
}

/// What the seat may know of the real game at each ply: for each ply, the squares holding
/// an enemy piece whose rank has been revealed (a battle it fought, a Scout's run of more
/// than one square, a rescue) and that rank. Replayed from the stored record, not from
/// anything the server sent.
fn revealed_by_ply(record: &GameRecord, enemy: Color) -> Vec<HashMap<Square, Rank>> {
    let mut game = Game::new(record.rules, &record.red, &record.blue).unwrap();
    // Each piece by where it stood at the start (its identity), the ones revealed.
    let mut origin: HashMap<Square, usize> = Square::all()
        .filter(|s| game.piece_at(*s).is_some())
        .map(|s| (s, s.index()))
        .collect();
    let mut revealed: HashSet<usize> = HashSet::new();
    let snapshot = |game: &Game, origin: &HashMap<Square, usize>, revealed: &HashSet<usize>| {
        Square::all()
            .filter_map(|s| {
                let p = game.piece_at(s)?;
                (p.color == enemy && revealed.contains(&origin[&s])).then_some((s, p.rank))
            })
            .collect::<HashMap<_, _>>()
    };
    let mut out = vec![snapshot(&game, &origin, &revealed)];
    let mut rescued = 100usize;
    for mv in &record.moves {
        let from = origin.remove(&mv.from).expect("a piece moves");
        let distance = (mv.from.file() as i32 - mv.to.file() as i32).abs()
            + (mv.from.row() as i32 - mv.to.row() as i32).abs();
        let ev = game.play(*mv).expect("the record replays");
        if distance > 1 {
            revealed.insert(from);
        }
        match ev.battle {
            Some(b) => {
                assert!(
                    !record.rules.options.silent_defense,
                    "the test's games reveal both"
                );
                let defender = origin[&mv.to];
                revealed.insert(from);
                revealed.insert(defender);
                match b.result {
                    BattleResult::AttackerWins => {
                        origin.insert(mv.to, from);
                    }
                    BattleResult::DefenderWins => {}
                    BattleResult::BothRemoved => {
                        origin.remove(&mv.to);
                    }
                }
            }
            None => {
                origin.insert(mv.to, from);
            }
        }
        if let Some(r) = mv.rescue {
            // A new piece, placed openly.
            let id = rescued;
            rescued += 1;
            origin.insert(r.to, id);
            revealed.insert(id);
        }
        out.push(snapshot(&game, &origin, &revealed));
    }
    out
}

/// Every message of `log` (a seat of colour `me` in the game `record`), whole game
/// messages and deltas (each piece a delta puts on a square, at the delta's ply): no enemy
/// piece with a rank the seat has not seen revealed, in the set-up no enemy piece at all.
/// The problems found.
fn audit(log: &[String], record: &GameRecord, me: Color) -> Vec<String> {
    let enemy = me.opposite();
    let enemy_word = enemy.name().to_ascii_lowercase();
    let known = revealed_by_ply(record, enemy);
    let mut problems = vec![];
    let (mut ply, mut phase, mut over) = (0usize, Value::Null, false);
    for text in log {
        let m: Value = serde_json::from_str(text).unwrap();
        let pieces = match m["t"].as_str() {
            Some("game") => {
                let Some(m) = delta::expand(&m) else {
                    problems.push(format!("a whole game that does not read: {m}"));
                    continue;
                };
                ply = m["ply"].as_u64().unwrap() as usize;
                phase = m["phase"].clone();
                over = !m["result"].is_null();
                m["board"].as_array().unwrap().clone()
            }
            Some("d") => {
                if let Some(p) = m.get("p") {
                    ply = p.as_u64().unwrap() as usize;
                }
                if let Some(p) = m.get("phase") {
                    phase = p.clone();
                }
                if let Some(r) = m.get("result") {
                    over = !r.is_null();
                }
                let pieces = delta::pieces(&m);
                let entries = m["b"].as_array().map_or(0, Vec::len);
                let cleared = m["b"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|e| e.as_str().is_some_and(|e| e.parse::<Square>().is_ok()))
                    .count();
                if pieces.len() + cleared != entries {
                    problems.push(format!("a delta's square that does not read: {m}"));
                }
                pieces
            }
            _ => continue,
        };
        if over {
            // After the end every rank is everyone's.
            continue;
        }
        for p in &pieces {
            if p["c"] != enemy_word.as_str() {
                continue;
            }
            if phase == "setup" {
                problems.push(format!("an enemy piece during the set-up: {p}"));
                continue;
            }
            let Some(rank) = p["r"].as_str() else {
                continue;
            };
            let sq: Square = p["sq"].as_str().unwrap().parse().unwrap();
            match known[ply].get(&sq) {
                Some(r) if r.name() == rank => {}
                _ => problems.push(format!(
                    "ply {ply}: {sq} shown as {rank}, not revealed to {me:?}"
                )),
            }
        }
    }
    problems
}

/// (1) A browser guest plays the random computer by tapping squares at a phone's size; the
/// stored game's moves are the page's moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_guest_plays_the_computer_by_taps_and_the_record_is_what_the_page_showed() {
    let (server, addr) = web_server("web-play-browser", |_| {}).await;
    let b = Browser::phone(375, 667).await;
    b.goto(&format!("http://{addr}/play")).await;
    tap(&b, "#play-guest").await;
    assert!(
        b.until(
            10.0,
            "return !!document.querySelector('button[data-level=\"random\"]');"
        )
        .await,
        "the lobby shows the computer's levels: {}",
        b.text().await
    );
    // The lobby's shared snapshot may show the guest a moment after its first message.
    assert!(
        b.until(
            10.0,
            "return document.body.innerText.includes('Players online: 1');"
        )
        .await,
        "{}",
        b.text().await
    );
    tap(&b, "button[data-level=\"random\"]").await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-ready');")
            .await,
        "the set-up shows: {}",
        b.text().await
    );
    // The board fits the phone's width, every square a thumb's size.
    let fit = b
        .js(
            "const r = document.getElementById('play-board').getBoundingClientRect(); \
             const s = document.querySelector('#play-board button').getBoundingClientRect(); \
             return [r.width, document.documentElement.clientWidth, s.width, s.height];",
        )
        .await;
    let fit: Vec<f64> = fit
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert!(fit[0] <= fit[1], "the board fits the screen: {fit:?}");
    assert!(fit[2] >= 30.0 && fit[3] >= 30.0, "squares to tap: {fit:?}");
    // Tap two of one's own set-up squares: they swap.
    let piece = |sq: &str| {
        format!("const b = document.querySelector('#play-board button[data-sq=\"{sq}\"]'); return b ? (b.dataset.piece || null) : null;")
    };
    let pieces: Vec<(String, String)> = b
        .js("return Array.from(document.querySelectorAll('#play-board button.movable')).map(b => [b.dataset.sq, b.dataset.piece || '']);")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_str().unwrap().into(), p[1].as_str().unwrap().into()))
        .collect();
    assert_eq!(pieces.len(), 40, "forty squares of one's own set-up");
    let a = pieces[0].clone();
    let c = pieces
        .iter()
        .find(|p| p.1 != a.1)
        .expect("two different ranks")
        .clone();
    let label = b
        .js(&format!("return document.querySelector('#play-board button[data-sq=\"{}\"]').getAttribute('aria-label');", a.0))
        .await;
    assert!(
        label
            .as_str()
            .unwrap()
            .starts_with(&format!("{}, your ", a.0)),
        "an own piece's label: {label}"
    );
    for sq in [&a.0, &c.0] {
        tap(&b, &format!("#play-board button[data-sq=\"{sq}\"]")).await;
    }
    assert!(
        b.until(5.0, &format!("const b = document.querySelector('#play-board button[data-sq=\"{}\"]'); return !!b && b.dataset.piece === '{}';", a.0, c.1))
            .await,
        "{} now holds {}",
        a.0,
        c.1
    );
    assert_eq!(
        b.js(&piece(&c.0)).await,
        json!(a.1),
        "and {} holds {}",
        c.0,
        a.1
    );
    tap(&b, "#play-ready").await;
    // Play by taps: a piece, then one of the targets that light up.
    let mut rng = Rng(7);
    // The first move by keyboard alone: focus a piece that can move, Enter, arrows to a
    // lit target, Enter.
    assert!(
        b.until(
            15.0,
            "return (document.getElementById('play-turn') || {dataset: {}}).dataset.mine === 'true';"
        )
        .await,
        "my turn comes: {}",
        b.text().await
    );
    // A quiet move (an attack could end the game before the taps below).
    let (from_sq, to_sq) = browser::quiet_move(&b).await.expect("a quiet move");
    let from = b
        .js(&format!(
            "const bs = [...document.querySelectorAll('#play-board button[data-sq]')]; \
             const m = document.querySelector('#play-board button[data-sq=\"{from_sq}\"]'); m.focus(); \
             return bs.indexOf(m);"
        ))
        .await
        .as_i64()
        .unwrap();
    let press = |k: Key| {
        let c = b.client.clone();
        async move {
            c.active_element()
                .await
                .unwrap()
                .send_keys(&k.to_string())
                .await
                .unwrap()
        }
    };
    press(Key::Enter).await;
    assert!(
        b.until(5.0, "return !!document.querySelector('#play-board button.selected') && document.activeElement.classList.contains('selected');")
            .await,
        "Enter selects the focused piece and keeps the focus"
    );
    let to = b
        .js(&format!(
            "const bs = [...document.querySelectorAll('#play-board button[data-sq]')]; \
             return bs.indexOf(document.querySelector('#play-board button.target[data-sq=\"{to_sq}\"]'));"
        ))
        .await
        .as_i64()
        .unwrap();
    let (rows, cols) = (to / 10 - from / 10, to % 10 - from % 10);
    for _ in 0..rows.abs() {
        press(if rows > 0 { Key::Down } else { Key::Up }).await;
    }
    for _ in 0..cols.abs() {
        press(if cols > 0 { Key::Right } else { Key::Left }).await;
    }
    assert_eq!(
        b.js("return document.activeElement.classList.contains('target');")
            .await,
        json!(true),
        "the arrows reach the target"
    );
    let before = b
        .js("return document.querySelectorAll('#play-moves li').length;")
        .await;
    press(Key::Enter).await;
    assert!(
        b.until(
            10.0,
            &format!("return document.querySelectorAll('#play-moves li').length > {before};")
        )
        .await,
        "the keyboard's move shows"
    );
    let mut clicked = 0;
    while clicked < 12 {
        let ready = b
            .until(
                15.0,
                "return !!document.getElementById('play-result') || \
                 (document.getElementById('play-turn') || {dataset: {}}).dataset.mine === 'true' && \
                 document.querySelectorAll('#play-board button.movable').length > 0;",
            )
            .await;
        assert!(ready, "my turn comes: {}", b.text().await);
        if b.js("return !!document.getElementById('play-result');")
            .await
            == json!(true)
        {
            break;
        }
        let movable = b
            .js("return Array.from(document.querySelectorAll('#play-board button.movable')).map(b => b.dataset.sq);")
            .await;
        let movable = movable.as_array().unwrap();
        let from = movable[rng.below(movable.len())]
            .as_str()
            .unwrap()
            .to_string();
        let before = b
            .js("return document.querySelectorAll('#play-moves li').length;")
            .await;
        tap(&b, &format!("#play-board button[data-sq=\"{from}\"]")).await;
        let targets = b
            .js("return Array.from(document.querySelectorAll('#play-board button.target')).map(b => [b.dataset.sq, b.getAttribute('aria-label')]);")
            .await;
        let targets = targets.as_array().unwrap();
        assert!(!targets.is_empty(), "a movable piece's targets light up");
        let t = &targets[rng.below(targets.len())];
        assert!(
            t[1].as_str().unwrap().ends_with("move here"),
            "a target says so: {t}"
        );
        let to = t[0].as_str().unwrap().to_string();
        tap(&b, &format!("#play-board button[data-sq=\"{to}\"]")).await;
        assert!(
            b.until(
                10.0,
                &format!("return document.querySelectorAll('#play-moves li').length > {before};")
            )
            .await,
            "the move {from}-{to} shows"
        );
        clicked += 1;
    }
    assert!(
        clicked >= 3,
        "some moves were played by tapping ({clicked})"
    );
    if b.js("return !!document.getElementById('play-result');")
        .await
        != json!(true)
    {
        assert!(
            b.until(10.0, "return !!document.getElementById('play-resign');")
                .await,
            "a resign button"
        );
        // One tap arms it (a slip of the thumb resigns nothing), the second resigns.
        tap(&b, "#play-resign").await;
        assert_eq!(
            b.js("return document.getElementById('play-resign').textContent;")
                .await,
            json!("Tap again to resign")
        );
        assert!(
            b.js("return !document.getElementById('play-result');")
                .await
                == json!(true)
        );
        tap(&b, "#play-resign").await;
    }
    assert!(
        b.until(10.0, "return !!document.getElementById('play-result');")
            .await,
        "the result shows: {}",
        b.text().await
    );
    let result = b
        .js("return document.getElementById('play-result').textContent;")
        .await;
    assert!(!result.as_str().unwrap().is_empty(), "the result in words");
    let href = b
        .js("return document.getElementById('play-replay').getAttribute('href');")
        .await;
    let id: u64 = href
        .as_str()
        .unwrap()
        .strip_prefix("/game/")
        .expect("a link to the game's page")
        .parse()
        .unwrap();
    let shown: Vec<String> = b
        .js("return Array.from(document.querySelectorAll('#play-moves li')).map(li => li.textContent);")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    // The stored game, once the game's task has written it.
    let mut stored = None;
    for _ in 0..100 {
        if let Some(g) = server.running.store.games().get(id).unwrap() {
            stored = Some(g);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let stored = stored.expect("the game is stored");
    let record: Vec<String> = stored
        .record
        .moves
        .iter()
        .map(|m| format!("{} {}", m.from, m.to))
        .collect();
    let page: Vec<String> = shown.iter().map(|t| t.replace(['-', 'x'], " ")).collect();
    assert_eq!(page, record, "the page's moves are the stored record's");
    assert!(
        record.len() >= 2 * clicked - 1,
        "{} moves stored",
        record.len()
    );
    // The replay page is there.
    let resp = common::web::http_get(addr, href.as_str().unwrap(), None).await;
    assert_eq!(resp.status, 200);
    b.close().await;
}

/// (2) Whole games over the socket: no message holds an enemy rank the seat has not seen
/// revealed. (Checked by hand once: with `PlayerView`'s projection made to show every
/// rank, this test fails naming the first such square.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_socket_never_tells_an_unrevealed_enemy_rank() {
    let (server, addr) = web_server("web-play-audit", |_| {}).await;
    for seed in 1..=3u64 {
        let mut p = Player::guest(addr).await;
        let id = play_whole_game(&mut p, seed, 300).await;
        let me = p
            .log
            .iter()
            .filter_map(|t| serde_json::from_str::<Value>(t).ok())
            .find(|m| m["t"] == "game")
            .map(|m| m["me"].as_str().unwrap().to_string())
            .unwrap();
        let me = if me == "red" { Color::Red } else { Color::Blue };
        let mut stored = None;
        for _ in 0..100 {
            if let Some(g) = server.running.store.games().get(id).unwrap() {
                stored = Some(g);
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let record = stored.expect("the game is stored").record;
        let games = p
            .log
            .iter()
            .filter(|t| t.contains("\"t\":\"game\""))
            .count();
        assert!(
            games > record.moves.len() / 2,
            "a message for each of the seat's turns at least ({games} for {} plies)",
            record.moves.len()
        );
        // Ranks were shown (the check has something to check): every battle reveals two.
        let shown_ranks = p
            .log
            .iter()
            .filter_map(|t| serde_json::from_str::<Value>(t).ok())
            .filter(|m| m["t"] == "game" && m["result"].is_null() && m["phase"] == "play")
            .flat_map(|m| m["board"].as_array().unwrap().clone())
            .filter(|p| p["c"] != me.name().to_ascii_lowercase().as_str() && !p["r"].is_null())
            .count();
        // The messages as they came (deltas among them), and the games the page made of
        // them.
        let deltas = p.raw.iter().filter(|t| t.contains("\"t\":\"d\"")).count();
        assert!(deltas > record.moves.len() / 2, "deltas: {deltas}");
        let mut problems = audit(&p.raw, &record, me);
        problems.extend(audit(&p.log, &record, me));
        assert!(
            problems.is_empty(),
            "game {id} (seed {seed}): {} leaks, the first: {:?}",
            problems.len(),
            &problems[..problems.len().min(5)]
        );
        // What a move costs on the wire (for the issue's bytes-a-move figure).
        let delta_bytes: Vec<usize> = p
            .raw
            .iter()
            .filter(|t| t.contains("\"t\":\"d\""))
            .map(String::len)
            .collect();
        eprintln!(
            "game {id}: {} plies, {} messages, {shown_ranks} revealed enemy ranks shown, none unrevealed; \
             a delta {} bytes on average, {} at most",
            record.moves.len(),
            p.raw.len(),
            delta_bytes.iter().sum::<usize>() / delta_bytes.len().max(1),
            delta_bytes.iter().max().copied().unwrap_or(0),
        );
    }
}

/// (3) Refusals: a foreign Origin and a missing session are refused before any socket; a
/// malformed, an oversized, an unknown or a binary message, a set-up command in play and
/// a move out of turn get a `refused` message and change nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_origins_bad_messages_and_moves_out_of_turn_are_refused_and_change_nothing() {
    let (_server, addr) = web_server("web-play-refusals", |o| {
        // Time to move out of turn while the computer thinks.
        o.lobby.bot_delay = Duration::from_millis(1500);
    })
    .await;
    let origin = format!("http://{addr}");
    // The page: in the language asked for, under the strict policy, the script a file.
    let page = common::web::http_get(addr, "/play?lang=de", None).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Als Gast spielen"), "{}", page.body);
    assert_eq!(
        page.header("content-security-policy").as_deref(),
        Some("default-src 'self'")
    );
    assert!(
        page.header("set-cookie").is_none(),
        "no cookie before Play as guest"
    );
    let js = common::web::http_get(addr, "/play.js", None).await;
    assert!(js
        .header("content-type")
        .unwrap()
        .starts_with("text/javascript"));
    // A GET cannot open a guest session (only the page's POST can).
    let r = common::web::http_get(addr, "/play/guest", None).await;
    assert_eq!(r.status, 405);
    assert!(r.header("set-cookie").is_none());
    // A foreign site can neither open a guest session nor a socket with one.
    let (status, cookie) = new_guest(addr, "http://evil.example").await;
    assert_eq!((status, cookie), (403, None));
    let (_, cookie) = new_guest(addr, &origin).await;
    let cookie = cookie.unwrap();
    assert_eq!(
        open(addr, "http://evil.example", Some(&cookie)).await.err(),
        Some(403),
        "a foreign Origin"
    );
    assert_eq!(
        open(addr, &format!("http://{addr}.evil.example"), Some(&cookie))
            .await
            .err(),
        Some(403),
        "an Origin that only starts like ours"
    );
    assert_eq!(
        open(addr, &origin, None).await.err(),
        Some(401),
        "no session"
    );
    assert_eq!(
        open(
            addr,
            &origin,
            Some("stratego_guest=00000000000000000000000000000000")
        )
        .await
        .err(),
        Some(401),
        "a made-up session"
    );

    let mut p = Player {
        socket: open(addr, &origin, Some(&cookie)).await.unwrap(),
        log: vec![],
        raw: vec![],
        game: None,
    };
    let hello = p.next().await;
    assert_eq!(hello["t"], "hello");
    p.until("lobby", |_| true).await;
    // Nothing to move yet.
    p.send(json!({"v": 1, "t": "move", "from": "A4", "to": "A5"}))
        .await;
    let r = p.until("refused", |_| true).await;
    assert_eq!(r["text"], "You are not playing a game.");
    p.send(json!({"v": 1, "t": "computer", "level": "random"}))
        .await;
    let setup = p.until("game", |g| g["phase"] == "setup").await;
    let board = |g: &Value| -> HashMap<String, String> {
        g["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["sq"].as_str().unwrap().into(),
                    p["r"].as_str().unwrap().into(),
                )
            })
            .collect()
    };
    let before = board(&setup);
    // Bad messages: each refused, saying why.
    let cases: Vec<(Message, &str)> = vec![
        (Message::text("not json"), "Not understood: the board sends JSON objects only."),
        (Message::text("[1, 2]"), "Not understood: the board sends JSON objects only."),
        (Message::binary(vec![1u8, 2, 3]), "Not understood: the board sends JSON objects only."),
        (
            Message::text(json!({"v": 1, "t": "random", "pad": "x".repeat(2000)}).to_string()),
            "Too long: a message holds at most 1024 bytes.",
        ),
        (
            Message::text(json!({"v": 2, "t": "random"}).to_string()),
            "Not understood: this server speaks version 1 of the board's messages. Reload the page.",
        ),
        (Message::text(json!({"v": 1, "t": "fly"}).to_string()), "Unknown command: fly"),
        (
            Message::text(json!({"v": 1, "t": "swap", "a": "A1", "b": "Z99"}).to_string()),
            "Z99 is not a square.",
        ),
        (
            Message::text(json!({"v": 1, "t": "swap", "a": "A1", "b": "A9"}).to_string()),
            "Swap two squares of your own set-up rows.",
        ),
        (
            Message::text(json!({"v": 1, "t": "move", "from": "A4", "to": "A5"}).to_string()),
            "The game is not in play.",
        ),
        (
            Message::text(json!({"v": 1, "t": "computer", "level": "easy"}).to_string()),
            "Finish your game first.",
        ),
    ];
    for (msg, why) in cases {
        let shown = format!("{msg:?}").chars().take(60).collect::<String>();
        p.socket.send(msg).await.unwrap();
        let r = p.until("refused", |_| true).await;
        assert_eq!(r["text"], why, "{shown}");
    }
    // Nothing changed: a swap now gives the set-up before them with those two swapped.
    let mine: Vec<String> = {
        let mut v: Vec<String> = before.keys().cloned().collect();
        v.sort();
        v
    };
    let (a, c) = (
        mine[0].clone(),
        mine.iter()
            .find(|s| before[*s] != before[&mine[0]])
            .unwrap()
            .clone(),
    );
    p.send(json!({"v": 1, "t": "swap", "a": a, "b": c})).await;
    // (The computer's set-up coming in sends the same board again meanwhile.)
    let after = board(
        &p.until("game", |g| g["phase"] == "setup" && board(g) != before)
            .await,
    );
    let mut want = before.clone();
    want.insert(a.clone(), before[&c].clone());
    want.insert(c.clone(), before[&a].clone());
    assert_eq!(after, want, "only the swap changed the set-up");
    p.send(json!({"v": 1, "t": "ready"})).await;
    // In play: out of turn, and a move that is not legal.
    let mine_turn = |g: &Value| g["phase"] == "play" && g["turn"] == g["me"];
    let g = p.until("game", mine_turn).await;
    let ply = g["ply"].as_u64().unwrap();
    p.send(json!({"v": 1, "t": "move", "from": "A1", "to": "J10"}))
        .await;
    let r = p.until("refused", |_| true).await;
    assert_eq!(r["text"], "A1 J10 is not a legal move.");
    p.send(json!({"v": 1, "t": "random"})).await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "The set-up is over."
    );
    let legal = g["legal"].as_array().unwrap().clone();
    let m = &legal[0];
    p.send(json!({"v": 1, "t": "move", "from": m[0], "to": m[1]}))
        .await;
    let moved = p
        .until("game", |g| g["ply"].as_u64() == Some(ply + 1))
        .await;
    assert_ne!(moved["turn"], moved["me"], "the computer's turn");
    // The computer thinks 1.5 s: a second move now is out of turn.
    let other = legal
        .iter()
        .find(|l| l[0] != m[1] && l[0] != m[0])
        .unwrap_or(m);
    p.send(json!({"v": 1, "t": "move", "from": other[0], "to": other[1]}))
        .await;
    let r = p.until("refused", |_| true).await;
    assert_eq!(
        r["text"],
        "It is not your turn.",
        "the last messages: {:#?}",
        &p.raw[p.raw.len().saturating_sub(4)..]
    );
    let next = p
        .until("game", |g| g["turn"] == g["me"] || g["phase"] == "over")
        .await;
    assert_eq!(
        next["ply"].as_u64(),
        Some(ply + 2),
        "the computer's move and nothing of the refused one"
    );
    assert_eq!(
        next["moves_from"].as_u64().unwrap() + next["moves"].as_array().unwrap().len() as u64,
        ply + 2,
        "the moves list ends with the computer's move"
    );
}

/// (4) The browser's guests come under SSH's door: guest logins closed from an address
/// block after a player's ban keep out a new guest session and a socket of one made
/// before; an address ban keeps them out too, saying why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bans_and_closed_guest_logins_keep_browser_guests_out() {
    use stratego_ssh::limit::AddrNet;
    use stratego_ssh::store::BanTarget;
    let (server, addr) = web_server("web-play-bans", |_| {}).await;
    let origin = format!("http://{addr}");
    let (_, cookie) = new_guest(addr, &origin).await;
    let cookie = cookie.expect("a guest session before any ban");
    let bans = server.running.store.bans();
    let local = AddrNet::block("127.0.0.1".parse().unwrap());
    bans.add_closing_guests(
        &BanTarget::Nick("mallory".into()),
        "cheating",
        "admin",
        vec![local],
    )
    .await
    .unwrap();
    let (status, none) = new_guest(addr, &origin).await;
    assert_eq!((status, none), (403, None), "no new guest session");
    let mut socket = open(addr, &origin, Some(&cookie)).await.unwrap();
    let msg = tokio::time::timeout(WAIT, socket.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
    assert_eq!(v["t"], "refused", "{v}");
    assert!(
        v["text"]
            .as_str()
            .unwrap()
            .starts_with("Guest logins from your address are closed until"),
        "{v}"
    );
    bans.add(&BanTarget::Addr(local), "spam", "admin")
        .await
        .unwrap();
    let mut socket = open(addr, &origin, Some(&cookie)).await.unwrap();
    let msg = tokio::time::timeout(WAIT, socket.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
    assert_eq!(v["text"], "You are banned from this server: spam", "{v}");
    // And the socket ends there.
    let end = tokio::time::timeout(WAIT, socket.next()).await.unwrap();
    assert!(
        matches!(end, None | Some(Ok(Message::Close(_))) | Some(Err(_))),
        "{end:?}"
    );
}

/// (5) A guest's seat does not depend on the socket: a dropped socket's guest comes back
/// into its game with a new one, and a second tab takes the seat, the first told why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_socket_of_the_same_guest_takes_the_seat_back() {
    let (_server, addr) = web_server("web-play-seat", |_| {}).await;
    let origin = format!("http://{addr}");
    let (_, cookie) = new_guest(addr, &origin).await;
    let cookie = cookie.unwrap();
    let connect = || async {
        Player {
            socket: open(addr, &origin, Some(&cookie)).await.unwrap(),
            log: vec![],
            raw: vec![],
            game: None,
        }
    };
    let mut first = connect().await;
    let nick = first.until("hello", |_| true).await["nick"].clone();
    first
        .send(json!({"v": 1, "t": "computer", "level": "random"}))
        .await;
    let setup = first.until("game", |g| g["phase"] == "setup").await;
    first.send(json!({"v": 1, "t": "ready"})).await;
    let g = first
        .until("game", |g| g["phase"] == "play" && g["turn"] == g["me"])
        .await;
    let m = g["legal"][0].clone();
    first
        .send(json!({"v": 1, "t": "move", "from": m[0], "to": m[1]}))
        .await;
    let ply0 = g["ply"].as_u64().unwrap();
    // One's move and the computer's answer.
    let played = first
        .until("game", |g| g["ply"].as_u64() == Some(ply0 + 2))
        .await;
    // The socket drops; a new one of the same guest is back in the same game, same name.
    drop(first);
    let mut back = connect().await;
    assert_eq!(back.until("hello", |_| true).await["nick"], nick);
    let resumed = back.until("game", |_| true).await;
    assert_eq!(resumed["id"], setup["id"], "the same game");
    assert_eq!(resumed["me"], setup["me"], "the same seat");
    assert_eq!(resumed["moves_from"], 0, "a new socket gets every move");
    assert_eq!(resumed["moves"].as_array().unwrap().len() as u64, ply0 + 2);
    assert_eq!(
        resumed["moves"].as_array().unwrap().last(),
        played["moves"].as_array().unwrap().last(),
        "the moves so far"
    );
    // A second tab takes the seat; the first is told and is back in the lobby.
    let mut tab = connect().await;
    let taken = tab.until("game", |_| true).await;
    assert_eq!(taken["id"], setup["id"]);
    let told = back.until("notice", |_| true).await;
    assert!(
        told["text"]
            .as_str()
            .unwrap()
            .contains(&format!("#{}", setup["id"])),
        "{told}"
    );
    back.until("lobby", |_| true).await;
    // The tab plays on.
    let m = taken["legal"][0].clone();
    tab.send(json!({"v": 1, "t": "move", "from": m[0], "to": m[1]}))
        .await;
    let ply = taken["ply"].as_u64().unwrap();
    tab.until("game", |g| g["ply"].as_u64() == Some(ply + 1))
        .await;
}

/// (6) A browser guest takes another player's open seek from the lobby message and the
/// two play on the same game task: the key holder (a session at lobby level, as an SSH
/// session is) sees the browser's moves, the browser the key holder's, and both lists are
/// the same move for move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_guest_accepts_a_players_seek_and_both_see_the_same_moves() {
    use common::lobby_client::{join, until};
    use stratego_ssh::proto::{GameCmd, GameTerms, LobbyCmd};
    use stratego_ssh::rules::{Rules, Setup, Variant};
    let (server, addr) = web_server("web-play-seek", |_| {}).await;
    let lobby = server.running.lobby.clone();
    let mut alice = join(&lobby, "alice").await;
    let rules = Rules::standard(Variant::Classic);
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: GameTerms {
                rules,
                rated: false,
                clock: None,
                days: None,
                budget: None,
            },
            private_to: None,
            private: false,
        },
    );
    let mut p = Player::guest(addr).await;
    let listed = p
        .until("lobby", |l| !l["seeks"].as_array().unwrap().is_empty())
        .await;
    let seek = &listed["seeks"][0];
    assert_eq!(seek["nick"], "alice");
    // A seek that is not there is refused; the one listed is taken.
    p.send(json!({"v": 1, "t": "accept", "id": 999})).await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "That seek is no longer open."
    );
    p.send(json!({"v": 1, "t": "accept", "id": seek["id"]}))
        .await;
    let setup = p.until("game", |g| g["phase"] == "setup").await;
    let (mut seat, _) = alice.next_seat().await;
    assert_eq!(setup["id"].as_u64(), Some(seat.game));
    let alice_color = seat.color.unwrap();
    assert_ne!(
        setup["me"],
        alice_color.name().to_ascii_lowercase().as_str()
    );
    seat.send(GameCmd::SubmitSetup(Setup::random(&rules, alice_color, 5)))
        .await;
    p.send(json!({"v": 1, "t": "ready"})).await;
    let mut rng = Rng(11);
    // Whoever's turn it is moves: the browser over the socket, alice through her seat.
    let g = p
        .until("game", |g| g["phase"] == "play" || g["phase"] == "over")
        .await;
    let g = play_plies(&mut p, &mut seat, alice_color, g, 24, &mut rng).await;
    // The browser's list (its messages put together) against alice's history.
    let mut browser: Vec<String> = vec![];
    for t in &p.log {
        let m: Value = serde_json::from_str(t).unwrap();
        if m["t"] == "game" {
            let from = m["moves_from"].as_u64().unwrap() as usize;
            browser.truncate(from);
            browser.extend(
                m["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap().to_string()),
            );
        }
    }
    let plies = g["ply"].as_u64().unwrap() as usize;
    until(&mut seat, "alice sees the last move", |s| {
        s.history.len() >= plies
    })
    .await;
    let snap = seat.snapshots.borrow().clone();
    let alice_moves: Vec<String> = snap
        .history
        .iter()
        .map(|m| {
            format!(
                "{}{}{}",
                m.from,
                if m.battle.is_some() { "x" } else { "-" },
                m.to
            )
        })
        .collect();
    assert!(
        alice_moves.len() >= 10,
        "{} moves played",
        alice_moves.len()
    );
    assert_eq!(browser, alice_moves, "both see the same moves");
    eprintln!(
        "the browser played {} against alice: {} plies",
        setup["me"],
        alice_moves.len()
    );
    assert_eq!(g["ply"].as_u64(), Some(alice_moves.len() as u64));
}

/// (7) The socket's budget holds a flood back without dropping it: every message gets its
/// answer, in order, but past the budget only at its rate; and under an `https://`
/// `public_url` the cookie is `Secure` and only that origin may open a session.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_waits_for_the_budget_and_https_cookies_are_secure() {
    let (_server, addr) = web_server("web-play-flood", |o| {
        o.web.socket_budget_per_second = 5;
    })
    .await;
    let mut p = Player::guest(addr).await;
    p.until("lobby", |_| true).await;
    p.send(json!({"v": 1, "t": "computer", "level": "random"}))
        .await;
    // The game costs 8 of the 10 at once: the flood starts with 2 left.
    p.until("game", |g| g["phase"] == "setup").await;
    let started = std::time::Instant::now();
    for i in 0..22 {
        p.send(json!({"v": 1, "t": "fly", "n": i})).await;
    }
    for _ in 0..22 {
        let r = p.until("refused", |_| true).await;
        assert_eq!(r["text"], "Unknown command: fly");
    }
    let took = started.elapsed();
    // 22 units with 2 in hand at 5 a second: 4 s at least, everything answered.
    assert!(took >= Duration::from_millis(3500), "{took:?}");
    assert!(took < Duration::from_secs(8), "{took:?}");

    let (_server, addr) = web_server("web-play-https", |o| {
        o.ssh.public_url = Some("https://stratego.example.org".into());
    })
    .await;
    let (status, _) = new_guest(addr, &format!("http://{addr}")).await;
    assert_eq!(status, 403, "only public_url's origin");
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(
        format!("POST /play/guest HTTP/1.1\r\nHost: {addr}\r\nOrigin: https://stratego.example.org\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    )
    .await
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).await.unwrap();
    let cookie = raw
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .unwrap_or_else(|| panic!("a cookie: {raw}"));
    for part in ["HttpOnly", "SameSite=Strict", "Secure", "Path=/play"] {
        assert!(cookie.contains(part), "{cookie}");
    }
}

/// (8) As an SSH session, a board whose player does nothing for `idle_timeout` is closed,
/// saying why (the browser's own pongs do not count as doing something).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_board_is_closed_saying_why() {
    let (_server, addr) = web_server("web-play-idle", |o| {
        o.ssh.idle_timeout = Duration::from_secs(1);
    })
    .await;
    let mut p = Player::guest(addr).await;
    let started = std::time::Instant::now();
    let closed = p.until("closed", |_| true).await;
    assert_eq!(
        closed["text"],
        "Closed: nothing done for 1s (the server's idle_timeout). Reload the page to come back."
    );
    assert!(started.elapsed() >= Duration::from_millis(900));
}

/// Plays `plies` plies between the browser `p` (over its socket) and a lobby-level seat
/// (`seat`, of colour `other`), random legal moves; `g` is the browser's latest game
/// message. The browser's latest game message after them.
async fn play_plies(
    p: &mut Player,
    seat: &mut stratego_ssh::game::GameSeat,
    other: Color,
    mut g: Value,
    plies: usize,
    rng: &mut Rng,
) -> Value {
    use common::lobby_client::until;
    use stratego_ssh::proto::{GameCmd, GamePhase};
    for _ in 0..plies {
        if g["phase"] == "over" {
            break;
        }
        let ply = g["ply"].as_u64().unwrap();
        if g["turn"] == g["me"] {
            let legal = g["legal"].as_array().unwrap();
            let m = &legal[rng.below(legal.len())];
            p.send(json!({"v": 1, "t": "move", "from": m[0], "to": m[1]}))
                .await;
        } else {
            until(seat, "the seat to move", |s| {
                s.phase == GamePhase::Over
                    || s.view
                        .as_ref()
                        .is_some_and(|v| v.to_move == other && u64::from(v.ply) == ply)
            })
            .await;
            let snap = seat.snapshots.borrow().clone();
            if snap.phase == GamePhase::Over {
                break;
            }
            let legal = &snap.view.as_ref().unwrap().legal_moves;
            seat.send(GameCmd::Move(legal[rng.below(legal.len())]))
                .await;
        }
        g = p
            .until("game", |m| {
                m["phase"] == "over" || m["ply"].as_u64() == Some(ply + 1)
            })
            .await;
    }
    g
}

/// The stored game `id`, once its task has written it.
async fn stored_game(server: &common::TestServer, id: u64) -> stratego_ssh::store::FinishedGame {
    for _ in 0..100 {
        if let Some(g) = server.running.store.games().get(id).unwrap() {
            return g;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("game {id} is not stored");
}

/// (9) A browser posts a seek (bad terms and a guest's rated seek refused in words, its
/// own seek shown with Withdraw, withdrawn, posted again); a player accepts it and the
/// browser is seated straight into the set-up; the clock runs for the side to move; a
/// draw offered by the browser is declined, one offered to it accepted: a draw, stored
/// with the two players' seats. Both ask for a rematch (the computer is never offered
/// one): the next game, colours changed; there the player leaves, and the browser's claim
/// of the win is refused until the reconnect time has run out, then won.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_posts_a_seek_a_player_takes_it_draws_rematches_and_claims() {
    use common::lobby_client::{join, until};
    use stratego_ssh::proto::{GameCmd, LobbyCmd};
    use stratego_ssh::rules::{Rules, Setup, Variant};
    let (server, addr) = web_server("web-play-post", |o| {
        o.lobby.game.reconnect_grace = Duration::from_secs(2);
    })
    .await;
    let lobby = server.running.lobby.clone();
    let mut alice = join(&lobby, "alice").await;
    let mut p = Player::guest(addr).await;
    let nick = p.until("hello", |_| true).await["nick"]
        .as_str()
        .unwrap()
        .to_string();
    p.until("lobby", |_| true).await;

    // Refused in words, and nothing posted.
    p.send(json!({"v": 1, "t": "seek", "variant": "chess", "clock": "none"}))
        .await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "No such variant: Classic, Duel or Barrage."
    );
    p.send(json!({"v": 1, "t": "seek", "variant": "classic", "clock": "7+7"}))
        .await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "No such clock: none, 5+3, 10+5 or 15+10."
    );
    p.send(json!({"v": 1, "t": "seek", "variant": "classic", "clock": "none", "rated": true}))
        .await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "guests play casual games only: connect with an SSH key to play rated"
    );
    // A correspondence game (days a move) is for key holders and accounts.
    p.send(json!({"v": 1, "t": "seek", "variant": "classic", "clock": "3d", "budget": 30}))
        .await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "a correspondence game lasts days: connect with an SSH key to play one (a guest's name lasts one visit)"
    );
    p.send(json!({"v": 1, "t": "withdraw", "id": 12345})).await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "You have no such open seek."
    );
    assert!(lobby.snapshot().seeks.is_empty(), "nothing was posted");

    // Posted: shown as the browser's own, with Withdraw; withdrawn; posted again.
    p.send(json!({"v": 1, "t": "seek", "variant": "barrage", "clock": "10+5"}))
        .await;
    let l = p
        .until("lobby", |l| !l["seeks"].as_array().unwrap().is_empty())
        .await;
    let seek = &l["seeks"][0];
    assert_eq!(seek["nick"], nick.as_str());
    assert_eq!(seek["mine"], true);
    assert_eq!(seek["variant"], "Barrage");
    assert_eq!(seek["clock"], "10+5");
    assert_eq!(seek["rated"], false);
    p.send(json!({"v": 1, "t": "withdraw", "id": seek["id"]}))
        .await;
    p.until("lobby", |l| l["seeks"].as_array().unwrap().is_empty())
        .await;
    assert!(lobby.snapshot().seeks.is_empty(), "withdrawn");
    p.send(json!({"v": 1, "t": "seek", "variant": "classic", "clock": "5+3"}))
        .await;
    let l = p
        .until("lobby", |l| !l["seeks"].as_array().unwrap().is_empty())
        .await;
    let id = l["seeks"][0]["id"].as_u64().unwrap();
    assert_eq!(l["seeks"][0]["mine"], true);

    // Alice takes it: both are seated, the browser straight into the set-up.
    lobby.command(alice.session, LobbyCmd::Accept(id));
    let setup = p.until("game", |g| g["phase"] == "setup").await;
    let (mut seat, _) = alice.next_seat().await;
    let game1 = seat.game;
    assert_eq!(setup["id"].as_u64(), Some(game1));
    let rules = Rules::standard(Variant::Classic);
    let a_color = seat.color.unwrap();
    let my_color = a_color.opposite().name().to_ascii_lowercase();
    assert_eq!(setup["me"], my_color.as_str());
    seat.send(GameCmd::SubmitSetup(Setup::random(&rules, a_color, 3)))
        .await;
    p.send(json!({"v": 1, "t": "ready"})).await;
    let g = p
        .until("game", |g| g["phase"] == "play" && g["clocks"].is_object())
        .await;
    let mut rng = Rng(5);
    let g = play_plies(&mut p, &mut seat, a_color, g, 6, &mut rng).await;
    assert_eq!(g["phase"], "play", "{g}");
    // The clock of the side to move runs, from at most 5 minutes plus increments.
    let clocks = &g["clocks"];
    assert_eq!(clocks["running"], g["turn"], "{g}");
    for c in ["red", "blue"] {
        let ms = clocks[c].as_u64().unwrap();
        assert!(ms > 200_000 && ms <= 5 * 60_000 + 3 * 3_000, "{c}: {ms}");
    }

    // A draw: the browser offers, alice declines; she offers, the browser accepts.
    p.send(json!({"v": 1, "t": "draw", "answer": "accept"}))
        .await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "There is no draw offer to answer."
    );
    p.send(json!({"v": 1, "t": "draw", "answer": "offer"}))
        .await;
    p.until("game", |g| g["draw_offer"] == my_color.as_str())
        .await;
    until(&mut seat, "alice sees the offer", |s| {
        s.draw_offer == Some(a_color.opposite())
    })
    .await;
    seat.send(GameCmd::DeclineDraw).await;
    // Told in words, and the offer is gone from the board (in either order).
    let (mut told, mut cleared) = (false, false);
    while !(told && cleared) {
        let m = p.next().await;
        if m["t"] == "notice" {
            assert_eq!(m["text"], "alice declined your draw offer");
            told = true;
        }
        cleared |= m["t"] == "game" && m["draw_offer"].is_null();
    }
    seat.send(GameCmd::OfferDraw).await;
    let offered = p.until("game", |g| g["draw_offer"].is_string()).await;
    assert_eq!(
        offered["draw_offer"],
        a_color.name().to_ascii_lowercase().as_str()
    );
    p.send(json!({"v": 1, "t": "draw", "answer": "accept"}))
        .await;
    let over = p.until("game", |g| g["phase"] == "over").await;
    assert!(over["result"]["winner"].is_null(), "a draw: {over}");
    assert_eq!(
        over["rating"],
        Value::Null,
        "a casual game changes no rating"
    );
    let stored = stored_game(&server, game1).await;
    let mut seats = [
        stored.seats.red.nick.clone(),
        stored.seats.blue.nick.clone(),
    ];
    seats.sort();
    let mut want = ["alice".to_string(), nick.clone()];
    want.sort();
    assert_eq!(seats, want, "the stored game's seats are the two players");
    assert_eq!(stored.outcome.winner, None, "stored as a draw");

    // A rematch: both must ask.
    p.send(json!({"v": 1, "t": "rematch"})).await;
    p.until("game", |g| g["rematch"][my_color.as_str()] == true)
        .await;
    until(&mut seat, "alice sees the browser ask", |s| {
        *s.rematch.get(a_color.opposite())
    })
    .await;
    seat.send(GameCmd::Rematch).await;
    let setup2 = p.until("game", |g| g["phase"] == "setup").await;
    let (mut seat2, _) = alice.next_seat().await;
    assert_eq!(setup2["id"].as_u64(), Some(seat2.game));
    assert_ne!(seat2.game, game1);
    assert_eq!(seat2.color, Some(a_color.opposite()), "colours change");
    assert_eq!(setup2["me"], a_color.name().to_ascii_lowercase().as_str());
    drop(seat);
    let b_color = a_color.opposite();
    seat2
        .send(GameCmd::SubmitSetup(Setup::random(&rules, b_color, 4)))
        .await;
    p.send(json!({"v": 1, "t": "ready"})).await;
    let g = p.until("game", |g| g["phase"] == "play").await;
    let g = play_plies(&mut p, &mut seat2, b_color, g, 2, &mut rng).await;
    assert_eq!(g["phase"], "play");

    // Alice leaves the game: the browser sees her reconnect time; a claim before it has
    // run out is refused, after it the win is the browser's.
    drop(seat2);
    let gone = p.until("game", |g| g["gone"].is_u64()).await;
    assert!(gone["gone"].as_u64().unwrap() <= 2_000, "{gone}");
    p.send(json!({"v": 1, "t": "claim"})).await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "You can claim the win only when your opponent's time to reconnect has run out"
    );
    tokio::time::sleep(Duration::from_millis(2_300)).await;
    p.send(json!({"v": 1, "t": "claim"})).await;
    let won = p.until("game", |g| g["phase"] == "over").await;
    assert_eq!(won["result"]["winner"], won["me"], "{won}");
    // Alice is gone: no rematch, said in words.
    p.send(json!({"v": 1, "t": "rematch"})).await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "alice has left: no rematch"
    );
    drop(alice);
}

/// (10) In Chromium, on a phone: the lobby's seek form (no Rated box for a guest) posts a
/// seek, shown as the browser's own with Withdraw, and withdrawn by a tap; a player's seek
/// with a short clock is taken by a tap; in play both clocks show, the running one counts
/// down in the page between the server's messages, under 30 s in the warning style; a
/// draw offered by a tap is shown as offered, and the player sees it; after the game a
/// rematch is asked by a tap, and once the player asks too the next set-up shows; there
/// the player leaves, the page counts her reconnect time down and then offers the claim.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_chromium_a_seek_is_posted_and_withdrawn_and_the_clocks_tick() {
    use common::lobby_client::{join, until};
    use stratego_ssh::proto::{ClockSpec, GameCmd, GameTerms, LobbyCmd};
    use stratego_ssh::rules::{Rules, Setup, Variant};
    let (server, addr) = web_server("web-play-clocks", |o| {
        o.lobby.game.reconnect_grace = Duration::from_secs(2);
    })
    .await;
    let lobby = server.running.lobby.clone();
    let b = Browser::phone(375, 667).await;
    b.goto(&format!("http://{addr}/play")).await;
    tap(&b, "#play-guest").await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-seek-post');")
            .await,
        "the lobby shows the seek form: {}",
        b.text().await
    );
    assert_eq!(
        b.js("return !!document.getElementById('play-seek-rated');")
            .await,
        json!(false),
        "a guest is offered no rated seek"
    );
    assert_eq!(
        b.js("return [...document.getElementById('play-seek-clock').options].some(o => o.value.endsWith('d')) || !!document.getElementById('play-seek-budget');")
            .await,
        json!(false),
        "a guest is offered no correspondence game"
    );
    b.js("const s = document.getElementById('play-seek-clock'); s.value = '15+10'; s.dispatchEvent(new Event('change')); \
          const v = document.getElementById('play-seek-variant'); v.value = 'duel'; v.dispatchEvent(new Event('change')); return true;")
        .await;
    // A lobby message (alice comes) redraws the counts and the seeks, not the form being
    // filled in (a list open on a phone stays open).
    b.js("window.chosen = document.getElementById('play-seek-clock'); return true;")
        .await;
    let mut alice = join(&lobby, "alice").await;
    assert!(
        b.until(
            10.0,
            "return document.getElementById('play-online').textContent === 'Players online: 2';"
        )
        .await,
        "alice is counted: {}",
        b.text().await
    );
    assert_eq!(
        b.js("return document.getElementById('play-seek-clock') === window.chosen && window.chosen.value === '15+10';")
            .await,
        json!(true),
        "the form was not drawn anew"
    );
    tap(&b, "#play-seek-post").await;
    assert!(
        b.until(
            10.0,
            "return !!document.querySelector('button[data-withdraw]');"
        )
        .await,
        "the browser's own seek shows with Withdraw: {}",
        b.text().await
    );
    let text = b.text().await;
    assert!(
        text.contains("Your seek: waiting for an opponent."),
        "{text}"
    );
    assert!(text.contains("Duel 15+10"), "{text}");
    let posted = lobby.snapshot().seeks.clone();
    assert_eq!(posted.len(), 1);
    assert_eq!(posted[0].terms.rules.variant, Variant::Duel);
    assert_eq!(
        posted[0].terms.clock,
        Some(ClockSpec {
            initial_secs: 900,
            increment_secs: 10
        })
    );
    tap(&b, "button[data-withdraw]").await;
    assert!(
        b.until(
            10.0,
            "return !document.querySelector('button[data-withdraw]');"
        )
        .await,
        "withdrawn: {}",
        b.text().await
    );
    assert!(lobby.snapshot().seeks.is_empty(), "withdrawn in the lobby");

    // Alice's seek with a 25 s clock, taken by a tap.
    let rules = Rules::standard(Variant::Classic);
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: GameTerms {
                rules,
                rated: false,
                clock: Some(ClockSpec {
                    initial_secs: 25,
                    increment_secs: 0,
                }),
                days: None,
                budget: None,
            },
            private_to: None,
            private: false,
        },
    );
    assert!(
        b.until(
            10.0,
            "return !!document.querySelector('button[data-seek]');"
        )
        .await,
        "alice's seek shows: {}",
        b.text().await
    );
    tap(&b, "button[data-seek]").await;
    let (mut seat, _) = alice.next_seat().await;
    let a_color = seat.color.unwrap();
    seat.send(GameCmd::SubmitSetup(Setup::random(&rules, a_color, 9)))
        .await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-ready');")
            .await,
        "the set-up shows: {}",
        b.text().await
    );
    tap(&b, "#play-ready").await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-clock-red') && !!document.getElementById('play-turn') && document.getElementById('play-turn').textContent !== '' && !document.getElementById('play-ready');")
            .await,
        "the clocks show in play: {}",
        b.text().await
    );
    // Red moves first: red's clock runs. Nobody moves: no message comes, yet it ticks.
    let read = "const t = (c) => document.querySelector('#play-clock-' + c + ' .time').textContent; \
                const low = (c) => document.getElementById('play-clock-' + c).dataset.low; \
                return [t('red'), t('blue'), low('red'), low('blue'), document.getElementById('play-clock-red').dataset.running];";
    let before = b.js(read).await;
    tokio::time::sleep(Duration::from_millis(2_200)).await;
    let after = b.js(read).await;
    let secs = |v: &Value, i: usize| {
        let t = v[i].as_str().unwrap();
        let (m, s) = t.split_once(':').unwrap();
        m.parse::<u64>().unwrap() * 60 + s.parse::<u64>().unwrap()
    };
    assert_eq!(before[4], "true", "red's clock runs: {before}");
    assert!(secs(&before, 0) <= 25, "{before}");
    assert!(
        secs(&after, 0) < secs(&before, 0),
        "red's clock counts down in the page: {before} then {after}"
    );
    assert_eq!(secs(&after, 1), 25, "blue's clock stands: {after}");
    assert_eq!(after[2], "true", "under 30 s: the warning style: {after}");
    assert_eq!(
        b.js("return getComputedStyle(document.querySelector('#play-clock-red .time')).color;")
            .await,
        json!("rgb(176, 0, 32)"),
        "the warning's colour"
    );

    // A draw offered by a tap: shown as offered, and alice sees it.
    tap(&b, "#play-draw-offer").await;
    assert!(
        b.until(10.0, "const d = document.getElementById('play-draw'); return !!d && d.textContent === 'You offered a draw.';")
            .await,
        "the offer shows: {}",
        b.text().await
    );
    until(&mut seat, "alice sees the offer", |s| {
        s.draw_offer == Some(a_color.opposite())
    })
    .await;
    // She accepts: a draw. The page offers a rematch; tapped, it waits for her; she asks
    // too, and the next game's set-up shows.
    seat.send(GameCmd::AcceptDraw).await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-rematch');")
            .await,
        "a rematch is offered after the game: {}",
        b.text().await
    );
    tap(&b, "#play-rematch").await;
    assert!(
        b.until(10.0, "const r = document.getElementById('play-rematch-state'); return !!r && r.textContent === 'You asked for a rematch: waiting for alice.' && !document.getElementById('play-rematch');")
            .await,
        "the page waits for alice: {}",
        b.text().await
    );
    seat.send(GameCmd::Rematch).await;
    let (mut seat2, _) = alice.next_seat().await;
    assert_ne!(seat2.game, seat.game);
    assert!(
        b.until(10.0, "return !!document.getElementById('play-ready');")
            .await,
        "the rematch's set-up shows: {}",
        b.text().await
    );
    // In play alice leaves: the page counts her reconnect time down, then offers the claim;
    // tapped, the game ends.
    let c2 = seat2.color.unwrap();
    seat2
        .send(GameCmd::SubmitSetup(Setup::random(&rules, c2, 10)))
        .await;
    tap(&b, "#play-ready").await;
    assert!(
        b.until(10.0, "return !document.getElementById('play-ready') && !!document.getElementById('play-draw-offer');")
            .await,
        "the rematch is in play: {}",
        b.text().await
    );
    // One move first (before it, a gone player's game ends without a result by itself).
    if c2 == Color::Red {
        until(&mut seat2, "alice to move", |s| s.view.is_some()).await;
        let mv = seat2.snapshots.borrow().view.as_ref().unwrap().legal_moves[0];
        seat2.send(GameCmd::Move(mv)).await;
        until(&mut seat2, "alice's move played", |s| {
            s.view.as_ref().is_some_and(|v| v.ply == 1)
        })
        .await;
        drop(seat2);
    } else {
        assert!(
            b.until(10.0, "return (document.getElementById('play-turn') || {dataset: {}}).dataset.mine === 'true';")
                .await,
            "the browser's turn: {}",
            b.text().await
        );
        let (from, to) = browser::quiet_move(&b).await.expect("a quiet move");
        tap(&b, &format!("#play-board button[data-sq=\"{from}\"]")).await;
        tap(&b, &format!("#play-board button[data-sq=\"{to}\"]")).await;
        until(&mut seat2, "the browser's move played", |s| {
            s.view.as_ref().is_some_and(|v| v.ply == 1)
        })
        .await;
        drop(seat2);
    }
    drop(seat);
    assert!(
        b.until(10.0, "const g = document.getElementById('play-gone'); const c = document.getElementById('play-claim'); return !!g && g.textContent.startsWith('alice is gone: ') && !!c && c.hidden;")
            .await,
        "her reconnect time shows, no claim yet: {}",
        b.text().await
    );
    assert!(
        b.until(10.0, "const c = document.getElementById('play-claim'); return !!c && !c.hidden && document.getElementById('play-gone').textContent === 'alice did not come back in time: you may claim the win.';")
            .await,
        "once it has run out the claim is offered: {}",
        b.text().await
    );
    tap(&b, "#play-claim").await;
    assert!(
        b.until(10.0, "const r = document.getElementById('play-result'); return !!r && r.textContent.startsWith('guest-') && !r.textContent.startsWith('no winner');")
            .await,
        "the claim wins the game: {}",
        b.text().await
    );
    b.close().await;
}

/// (11) A rematch is for a game against a person: asked during a game, or after one
/// against the computer, it is refused in words; a draw or a claim against nobody too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_with_the_computer_or_before_the_end_is_refused() {
    let (_server, addr) = web_server("web-play-no-rematch", |_| {}).await;
    let mut p = Player::guest(addr).await;
    p.until("lobby", |_| true).await;
    p.send(json!({"v": 1, "t": "rematch"})).await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "You are not playing a game."
    );
    p.send(json!({"v": 1, "t": "draw", "answer": "offer"}))
        .await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "You are not playing a game."
    );
    p.send(json!({"v": 1, "t": "computer", "level": "random"}))
        .await;
    let setup = p.until("game", |g| g["phase"] == "setup").await;
    assert_eq!(setup["bot"], true);
    p.send(json!({"v": 1, "t": "ready"})).await;
    p.until("game", |g| g["phase"] == "play").await;
    p.send(json!({"v": 1, "t": "rematch"})).await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "A rematch comes after the game."
    );
    p.send(json!({"v": 1, "t": "claim"})).await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "You can claim the win only when your opponent's time to reconnect has run out"
    );
    p.send(json!({"v": 1, "t": "draw", "answer": "maybe"}))
        .await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "Unknown command: maybe"
    );
    p.send(json!({"v": 1, "t": "resign"})).await;
    let over = p.until("game", |g| g["phase"] == "over").await;
    assert_eq!(over["rematch"], json!({"red": false, "blue": false}));
    p.send(json!({"v": 1, "t": "rematch"})).await;
    assert_eq!(
        p.until("refused", |_| true).await["text"],
        "A rematch is for a game against a person: play the computer again from the lobby."
    );
    // A seek posted from the finished game leaves it for the lobby, where the seek shows.
    p.send(json!({"v": 1, "t": "seek", "variant": "duel", "clock": "5+3"}))
        .await;
    let l = p
        .until("lobby", |l| {
            l["seeks"].as_array().is_some_and(|s| !s.is_empty())
        })
        .await;
    assert_eq!(l["seeks"][0]["mine"], true, "{l}");
    assert_eq!(l["seeks"][0]["clock"], "5+3", "{l}");
}

/// (12) Messages stay small: a change of the game the board does not show (a spectator
/// comes) sends no game message; the next move does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_coming_sends_the_board_nothing() {
    use common::lobby_client::join;
    use stratego_ssh::proto::LobbyCmd;
    let (server, addr) = web_server("web-play-quiet", |_| {}).await;
    let mut p = Player::guest(addr).await;
    p.until("lobby", |_| true).await;
    p.send(json!({"v": 1, "t": "computer", "level": "random"}))
        .await;
    let setup = p.until("game", |g| g["phase"] == "setup").await;
    let id = setup["id"].as_u64().unwrap();
    p.send(json!({"v": 1, "t": "ready"})).await;
    let g = p
        .until("game", |g| g["phase"] == "play" && g["turn"] == g["me"])
        .await;
    let watcher = join(&server.running.lobby, "watcher").await;
    server
        .running
        .lobby
        .command(watcher.session, LobbyCmd::Spectate(id));
    // The game tells its seats of the spectator (the count in their snapshots).
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while server
        .running
        .lobby
        .snapshot()
        .games
        .iter()
        .find(|s| s.id == id)
        .is_none_or(|s| s.spectators == 0)
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the spectator is counted"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let quiet = tokio::time::timeout(Duration::from_millis(800), p.socket.next()).await;
    assert!(quiet.is_err(), "no message: {quiet:?}");
    let m = &g["legal"][0];
    p.send(json!({"v": 1, "t": "move", "from": m[0], "to": m[1]}))
        .await;
    let after = p.until("game", |_| true).await;
    assert_eq!(after["ply"].as_u64(), Some(g["ply"].as_u64().unwrap() + 1));
}

/// (13) A browser's seek taken over SSH: a key holder in the screens accepts the guest's
/// seek from the lobby list; both set up, both play moves (the SSH player by typing them),
/// the browser resigns; the stored game's seats are the two players, its moves theirs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ssh_player_takes_a_browsers_seek_and_they_play_to_a_result() {
    use common::{is_movable_label, new_key, Login, ScreenBoard, Term};
    let (server, addr) = web_server("web-play-ssh-seek", |_| {}).await;
    let kb = new_key();
    let bob = Term::connect(server.running.addr, Login::Key("bob", &kb), 120, 40).await;
    bob.wait_text("no open seeks", 10).await;
    let mut p = Player::guest(addr).await;
    let nick = p.until("hello", |_| true).await["nick"]
        .as_str()
        .unwrap()
        .to_string();
    p.send(json!({"v": 1, "t": "seek", "variant": "classic", "clock": "none"}))
        .await;
    p.until("lobby", |l| l["seeks"][0]["mine"] == true).await;
    bob.wait_for("the browser's seek", 10, |t| {
        t.contains(&nick) && t.contains("Classic")
    })
    .await;
    // The seeks' first row plays the computer: Down chooses the seek, Enter accepts.
    bob.send(b"j").await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    bob.send(b"\r").await;
    let setup = p.until("game", |g| g["phase"] == "setup").await;
    let id = setup["id"].as_u64().unwrap();
    bob.wait_text("Set up your army", 10).await;
    bob.send(b"r").await;
    bob.wait_text("40 of 40 placed", 5).await;
    bob.send(b"d").await;
    p.send(json!({"v": 1, "t": "ready"})).await;
    let mut g = p.until("game", |g| g["phase"] == "play").await;
    let bob_red = g["me"] == "blue";
    let (from_row, to_row) = if bob_red { (4, 5) } else { (7, 6) };
    let mut used = vec![];
    for _ in 0..4 {
        let ply = g["ply"].as_u64().unwrap();
        if g["turn"] == g["me"] {
            // The browser: a move to an empty square.
            let occupied: HashSet<&str> = g["board"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|p| p["sq"].as_str())
                .collect();
            let m = g["legal"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| !occupied.contains(m[1].as_str().unwrap()))
                .expect("a quiet move")
                .clone();
            p.send(json!({"v": 1, "t": "move", "from": m[0], "to": m[1]}))
                .await;
        } else {
            // Bob: a front piece of a file not moved before, one square forward, typed.
            let text = bob.wait_text("Your turn", 10).await;
            let b = ScreenBoard::read(&text).expect("a board");
            let file = "ABEFIJ"
                .chars()
                .filter(|f| !used.contains(f))
                .find(|f| is_movable_label(b.at(&format!("{f}{from_row}"))))
                .expect("a movable front piece");
            used.push(file);
            bob.send(b"m").await;
            tokio::time::sleep(Duration::from_millis(50)).await;
            bob.type_str(&format!("{file}{from_row} {file}{to_row}"))
                .await;
            bob.send(b"\r").await;
        }
        g = p
            .until("game", |m| {
                m["phase"] == "over" || m["ply"].as_u64() == Some(ply + 1)
            })
            .await;
    }
    assert_eq!(g["ply"], 4, "four moves played: {g}");
    p.send(json!({"v": 1, "t": "resign"})).await;
    let over = p.until("game", |g| g["phase"] == "over").await;
    let bob_color = if bob_red { "red" } else { "blue" };
    assert_eq!(over["result"]["winner"], bob_color, "{over}");
    bob.wait_text("You won!", 10).await;
    let stored = stored_game(&server, id).await;
    let (red, blue) = (&stored.seats.red.nick, &stored.seats.blue.nick);
    let want = match bob_red {
        true => ("bob", nick.as_str()),
        false => (nick.as_str(), "bob"),
    };
    assert_eq!((red.as_str(), blue.as_str()), want, "the stored seats");
    assert_eq!(stored.record.moves.len(), 4, "the stored moves");
    assert_eq!(
        stored.outcome.winner.map(|c| c.name().to_ascii_lowercase()),
        Some(bob_color.to_string())
    );
}

/// A browser guest's session is kept in the store (by its token's digest): after the server
/// restarts on the same data, the same cookie opens the socket as the same guest, back in
/// its game within the comeback time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_guests_cookie_finds_its_seat_after_a_restart() {
    let grace = Duration::from_secs(120);
    let (server, addr) = web_server("web-play-guest-restart", |o| {
        o.lobby.game.reconnect_grace = grace;
    })
    .await;
    let origin = format!("http://{addr}");
    let (status, cookie) = new_guest(addr, &origin).await;
    assert_eq!(status, 303);
    let cookie = cookie.expect("a guest cookie");
    let mut p = Player {
        socket: open(addr, &origin, Some(&cookie))
            .await
            .expect("the socket"),
        log: vec![],
        raw: vec![],
        game: None,
    };
    let me = p.until("hello", |_| true).await["nick"].clone();
    p.send(json!({"v": 1, "t": "computer", "level": "random"}))
        .await;
    let setup = p.until("game", |g| g["phase"] == "setup").await;
    let id = setup["id"].as_u64().unwrap();
    p.send(json!({"v": 1, "t": "ready"})).await;
    p.until("game", |g| g["phase"] == "play").await;
    drop(p);

    let common::TestServer { running, dir } = server;
    running.stop().await;
    let mut opts = stratego_ssh::server::ServerOptions {
        listen: "127.0.0.1:0".into(),
        http_listen: "127.0.0.1:0".into(),
        data_dir: dir.0.join("data"),
        keys_dir: dir.0.join("keys"),
        ..Default::default()
    };
    opts.lobby.game.reconnect_grace = grace;
    opts.lobby.bot_delay = Duration::from_millis(10);
    let running = stratego_ssh::server::start(opts).await.expect("restarts");
    let addr = running.http_addr.expect("the web pages");
    let origin = format!("http://{addr}");
    // An unknown cookie still opens nothing.
    assert_eq!(
        open(
            addr,
            &origin,
            Some("stratego_guest=0123456789abcdefghjkmnpqrstvwxyz")
        )
        .await
        .err(),
        Some(401)
    );
    let mut p = Player {
        socket: open(addr, &origin, Some(&cookie))
            .await
            .expect("the same guest's socket after the restart"),
        log: vec![],
        raw: vec![],
        game: None,
    };
    let hello = p.until("hello", |_| true).await;
    assert_eq!(hello["nick"], me, "the same guest");
    let back = p.until("game", |g| g["id"] == id).await;
    assert_eq!(back["phase"], "play", "{back}");
    drop(p);
    running.stop().await;
    drop(dir);
}
