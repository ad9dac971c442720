//! Notes on the opponent's unknown pieces on the browser board (issue 47): in headless
//! Chromium a guest taps (or long-presses) an unknown enemy piece, picks a guess from the
//! menu, and the square shows it (a guess ending in `?`, said as "your note" to a screen
//! reader); over the socket a note reaches its own seat's messages and no byte of the
//! opponent's or a spectator's, wrong notes are refused in words and change nothing, and
//! with a leak planted in the game task the same audit fails.

#[path = "common/browser.rs"]
mod browser;
mod common;

use std::net::SocketAddr;

use browser::{tap, Browser};
use common::web::{web_server, WAIT};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use stratego_ssh::web::delta;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A guest's socket (asking for deltas, as the page does), every message kept: `raw` as
/// it came, `game` the whole game the deltas make.
struct Player {
    socket: Socket,
    raw: Vec<String>,
    game: Option<Value>,
}

fn plain_words(mover: &str) -> String {
    match mover {
        "red" => "Red moved".into(),
        _ => "Blue moved".into(),
    }
}

impl Player {
    async fn guest(addr: SocketAddr) -> Player {
        let cookie = common::board::guest_cookie(addr).await;
        let mut req = format!("ws://{addr}/play/ws?delta=1")
            .into_client_request()
            .unwrap();
        req.headers_mut()
            .insert("Origin", format!("http://{addr}").parse().unwrap());
        req.headers_mut().insert("Cookie", cookie.parse().unwrap());
        let (socket, _) = tokio_tungstenite::connect_async(req)
            .await
            .expect("the socket opens");
        Player {
            socket,
            raw: vec![],
            game: None,
        }
    }

    async fn send(&mut self, v: Value) {
        self.socket
            .send(Message::text(v.to_string()))
            .await
            .unwrap();
    }

    /// The next message, a delta made the whole game it stands for.
    async fn next(&mut self) -> Value {
        loop {
            let msg = tokio::time::timeout(WAIT, self.socket.next())
                .await
                .expect("a message in time")
                .expect("the socket is open")
                .expect("a message");
            let Message::Text(t) = msg else { continue };
            self.raw.push(t.to_string());
            let mut v: Value = serde_json::from_str(&t).expect("JSON");
            match v["t"].as_str() {
                Some("d") => {
                    let prev = self.game.as_ref().expect("a delta follows a game");
                    let mut g = delta::apply(prev, &v, &plain_words).expect("a delta that follows");
                    self.game = Some(g.clone());
                    g["t"] = json!("game");
                    v = g;
                }
                Some("game") => {
                    v = delta::expand(&v).expect("a whole game");
                    self.game = Some(v.clone());
                }
                Some("lobby") => self.game = None,
                _ => {}
            }
            return v;
        }
    }

    async fn until(&mut self, t: &str, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next().await;
            if v["t"] == t && pred(&v) {
                return v;
            }
        }
    }
}

/// The audit of a socket's bytes: the messages that name a note (a `notes` field) or hold
/// one of `labels`. Empty: no leak.
fn leaks(p: &Player, labels: &[&str]) -> Vec<String> {
    p.raw
        .iter()
        .filter(|t| t.contains("\"notes\"") || labels.iter().any(|l| t.contains(l)))
        .cloned()
        .collect()
}

fn enemy_squares(g: &Value, unknown: bool) -> Vec<String> {
    g["board"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["c"] != g["me"] && p["r"].is_null() == unknown)
        .map(|p| p["sq"].as_str().unwrap().to_string())
        .collect()
}

/// An unknown enemy piece on the enemy's back row (where nothing reaches it in a move or
/// two).
fn back_row_unknown(g: &Value) -> String {
    let row = if g["me"] == "red" { "10" } else { "1" };
    enemy_squares(g, true)
        .into_iter()
        .find(|s| &s[1..] == row)
        .expect("an unknown enemy piece on the back row")
}

/// Two guests meet (`p` posts a seek, `q` takes it) and a third watches; both set-ups in.
async fn meet(addr: SocketAddr) -> (Player, Player, Player, Value, Value) {
    let mut p = Player::guest(addr).await;
    let mut q = Player::guest(addr).await;
    let mut w = Player::guest(addr).await;
    p.until("lobby", |_| true).await;
    p.send(json!({"v": 1, "t": "seek", "variant": "classic", "clock": "none"}))
        .await;
    let l = q
        .until("lobby", |l| !l["seeks"].as_array().unwrap().is_empty())
        .await;
    let id = l["seeks"][0]["id"].as_u64().unwrap();
    q.send(json!({"v": 1, "t": "accept", "id": id})).await;
    for s in [&mut p, &mut q] {
        s.until("game", |g| g["phase"] == "setup").await;
        s.send(json!({"v": 1, "t": "ready"})).await;
    }
    let gp = p.until("game", |g| g["phase"] == "play").await;
    let gq = q.until("game", |g| g["phase"] == "play").await;
    let lw = w
        .until("lobby", |l| {
            !l["games"].as_array().unwrap_or(&vec![]).is_empty()
        })
        .await;
    let game = lw["games"][0]["id"].clone();
    w.send(json!({"v": 1, "t": "watch", "id": game})).await;
    w.until("game", |g| g["phase"] == "play").await;
    (p, q, w, gp, gq)
}

/// One move of whoever is to move (an attack when there is one: battles reveal ranks);
/// both players' games after it.
async fn one_move(p: &mut Player, q: &mut Player, gp: Value, gq: Value) -> (Value, Value) {
    let ply = gp["ply"].as_u64().unwrap();
    let (mover, g) = if gp["turn"] == gp["me"] {
        (&mut *p, &gp)
    } else {
        (&mut *q, &gq)
    };
    let legal = g["legal"].as_array().unwrap();
    let enemy = enemy_squares(g, true)
        .into_iter()
        .chain(enemy_squares(g, false))
        .collect::<Vec<_>>();
    let m = legal
        .iter()
        .find(|m| enemy.iter().any(|e| m[1] == e.as_str()))
        .unwrap_or(&legal[(ply as usize * 7) % legal.len()]);
    mover
        .send(json!({"v": 1, "t": "move", "from": m[0], "to": m[1]}))
        .await;
    let next = |g: &Value| g["phase"] != "play" || g["ply"].as_u64() == Some(ply + 1);
    let gp = p.until("game", next).await;
    let gq = q.until("game", next).await;
    (gp, gq)
}

/// Over the socket: a note comes back in its seat's own game (label and words), follows
/// nothing it should not, and never reaches the opponent's or a spectator's socket; wrong
/// notes (one's own piece, an empty square, a revealed piece, garbage, clearing nothing)
/// are refused in words and change nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_note_reaches_its_own_seat_alone_and_wrong_notes_are_refused() {
    let (_server, addr) = web_server("web-notes", |_| {}).await;
    let (mut p, mut q, mut w, mut gp, mut gq) = meet(addr).await;
    let target = back_row_unknown(&gp);
    p.send(json!({"v": 1, "t": "note", "sq": target, "guess": "9 8"}))
        .await;
    let g = p.until("game", |g| g["notes"].is_array()).await;
    assert_eq!(
        g["notes"],
        json!([{"sq": target, "label": "9/8?", "words": "General or Colonel?"}])
    );
    // Play on until a battle has shown one of q's pieces to p.
    let mut plies = 0;
    while enemy_squares(&gp, false).is_empty() {
        (gp, gq) = one_move(&mut p, &mut q, gp, gq).await;
        assert_eq!(gp["phase"], "play", "the game goes on");
        plies += 1;
        assert!(plies < 200, "a battle within 200 plies");
    }
    let revealed = enemy_squares(&gp, false)[0].clone();
    let own = gp["board"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["c"] == gp["me"])
        .unwrap()["sq"]
        .as_str()
        .unwrap()
        .to_string();
    let occupied: Vec<&str> = gp["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["sq"].as_str().unwrap())
        .collect();
    let empty = ["E5", "F5", "A5", "B5", "I5", "J5", "E6", "F6"]
        .into_iter()
        .find(|s| !occupied.contains(s))
        .unwrap();
    let unknown = enemy_squares(&gp, true)
        .into_iter()
        .find(|s| {
            gp["notes"]
                .as_array()
                .is_none_or(|n| n.iter().all(|x| x["sq"] != s.as_str()))
        })
        .unwrap();
    let before = gp["notes"].clone();
    for (sq, guess, says) in [
        (own.as_str(), "bomb", format!("{own} is your own piece")),
        (empty, "8", format!("there is no piece on {empty}")),
        (
            revealed.as_str(),
            "8",
            format!("the piece on {revealed} is known already"),
        ),
        (
            unknown.as_str(),
            "banana",
            "a note: note SQUARE GUESS".into(),
        ),
        (
            unknown.as_str(),
            "2 3 4 5",
            "a note: note SQUARE GUESS".into(),
        ),
        (
            unknown.as_str(),
            "clear",
            format!("there is no note on {unknown}"),
        ),
        ("K11", "8", "K11".into()),
    ] {
        p.send(json!({"v": 1, "t": "note", "sq": sq, "guess": guess}))
            .await;
        let r = p.until("refused", |_| true).await;
        assert!(
            r["text"].as_str().unwrap().contains(&says),
            "{sq} {guess}: {r}"
        );
    }
    // Nothing changed: a note on another square comes back with the first one unchanged.
    p.send(json!({"v": 1, "t": "note", "sq": unknown, "guess": "not-bomb"}))
        .await;
    let g = p
        .until("game", |g| {
            g["notes"]
                .as_array()
                .is_some_and(|n| n.iter().any(|x| x["sq"] == unknown.as_str()))
        })
        .await;
    for n in before.as_array().into_iter().flatten() {
        assert!(g["notes"].as_array().unwrap().contains(n), "{g}");
    }
    // Cleared: gone from the game.
    p.send(json!({"v": 1, "t": "note", "sq": unknown, "guess": "clear"}))
        .await;
    p.until("game", |g| {
        g["notes"]
            .as_array()
            .is_none_or(|n| n.iter().all(|x| x["sq"] != unknown.as_str()))
    })
    .await;
    // One more move, so that every seat and the spectator got a message after the notes.
    let (gp, _) = one_move(&mut p, &mut q, gp, gq).await;
    w.until("game", |g| g["ply"] == gp["ply"]).await;
    // The audit.
    assert!(
        !leaks(&p, &["9/8?"]).is_empty(),
        "the check has something to find"
    );
    assert_eq!(
        leaks(&q, &["9/8?", "¬B?"]),
        Vec::<String>::new(),
        "the opponent"
    );
    assert_eq!(
        leaks(&w, &["9/8?", "¬B?"]),
        Vec::<String>::new(),
        "the spectator"
    );
}

/// The same audit with a leak planted in the game task (each seat's notes copied into the
/// other snapshots): it fails.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_socket_audit_finds_a_planted_leak() {
    let (_server, addr) = web_server("web-notes-leak", |o| {
        o.lobby.game.plant_note_leak = true;
    })
    .await;
    let (mut p, mut q, mut w, gp, gq) = meet(addr).await;
    let target = back_row_unknown(&gp);
    p.send(json!({"v": 1, "t": "note", "sq": target, "guess": "9 8"}))
        .await;
    p.until("game", |g| g["notes"].is_array()).await;
    let (gp, _) = one_move(&mut p, &mut q, gp, gq).await;
    w.until("game", |g| g["ply"] == gp["ply"]).await;
    assert!(
        !leaks(&q, &["9/8?"]).is_empty(),
        "the audit fails for the opponent: {:?}",
        q.raw
    );
    assert!(
        !leaks(&w, &["9/8?"]).is_empty(),
        "the audit fails for the spectator"
    );
}

/// In Chromium on a phone's screen: a tap on an unknown enemy piece opens the note menu, a
/// rank tapped notes it ("B?", said "your note: Bomb?"), a long press (the context menu)
/// on another opens it too, "Not a Bomb" notes "¬B?", "Clear the note" clears; a tap on
/// one's own piece opens no menu.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_chromium_a_tap_or_a_long_press_notes_an_unknown_enemy_piece() {
    let (_server, addr) = web_server("web-notes-chromium", |_| {}).await;
    let b = Browser::phone(375, 667).await;
    b.goto(&format!("http://{addr}/play")).await;
    tap(&b, "#play-guest").await;
    assert!(
        b.until(
            10.0,
            "return !!document.querySelector('button[data-level=\"random\"]');"
        )
        .await
    );
    tap(&b, "button[data-level=\"random\"]").await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-ready');")
            .await
    );
    tap(&b, "#play-ready").await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-note-hint');")
            .await,
        "in play, a hint says how to note: {}",
        b.text().await
    );
    // Two unknown enemy pieces on the enemy's back row (they cannot move yet).
    let back: Vec<String> = b
        .js(
            "const me = document.getElementById('play-board').dataset.me; \
             const row = me === 'red' ? '10' : '1'; \
             return [...document.querySelectorAll('#play-board button.enemy')] \
               .filter(b => b.dataset.piece.endsWith('unknown') && b.dataset.sq.slice(1) === row) \
               .map(b => b.dataset.sq);",
        )
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert!(back.len() >= 2, "{back:?}");
    let (first, second) = (&back[0], &back[1]);
    let sq = |s: &str| format!("#play-board button[data-sq=\"{s}\"]");

    // One's own piece: no menu.
    let own = b
        .js("return document.querySelector('#play-board button:not(.enemy)[data-piece]').dataset.sq;")
        .await;
    tap(&b, &sq(own.as_str().unwrap())).await;
    assert_eq!(
        b.js("return !!document.getElementById('play-note');").await,
        json!(false)
    );

    // A tap: the menu; the Bomb: "B?".
    tap(&b, &sq(first)).await;
    assert!(
        b.until(5.0, "return !!document.getElementById('play-note');")
            .await
    );
    assert!(b
        .text()
        .await
        .contains(&format!("Note on {first} (only you see it)")));
    tap(&b, "#play-note button[data-guess=\"Bomb\"]").await;
    let noted = format!(
        "const b = document.querySelector('#play-board button[data-sq=\"{first}\"]'); \
         return b.classList.contains('noted') && b.textContent === 'B?' \
           && b.getAttribute('aria-label').includes('your note: Bomb?') \
           && getComputedStyle(b).fontStyle === 'italic';"
    );
    assert!(b.until(10.0, &noted).await, "{}", b.text().await);
    assert_eq!(
        b.js("return !!document.getElementById('play-note');").await,
        json!(false),
        "the menu closes"
    );

    // A long press (the context menu) on another: the menu; not a Bomb.
    b.js(&format!(
        "document.querySelector('#play-board button[data-sq=\"{second}\"]') \
           .dispatchEvent(new MouseEvent('contextmenu', {{bubbles: true, cancelable: true}})); return true;"
    ))
    .await;
    assert!(
        b.until(5.0, "return !!document.getElementById('play-note');")
            .await
    );
    tap(&b, "#play-note button[data-guess=\"not-bomb\"]").await;
    assert!(
        b.until(
            10.0,
            &format!(
                "return document.querySelector('#play-board button[data-sq=\"{second}\"]').textContent === '¬B?';"
            )
        )
        .await
    );
    assert!(b.until(10.0, &noted).await, "the first note stays");

    // Cleared from the menu.
    tap(&b, &sq(first)).await;
    tap(&b, "#play-note button[data-guess=\"clear\"]").await;
    assert!(
        b.until(
            10.0,
            &format!(
                "const b = document.querySelector('#play-board button[data-sq=\"{first}\"]'); \
                 return !b.classList.contains('noted') && b.textContent === '?';"
            )
        )
        .await,
        "{}",
        b.text().await
    );
    b.close().await;
}
