//! The board's deltas and its reconnecting page (issue 44), in headless Chromium: the
//! page's own rule (`play.js`'s `deltaGame` and `pseudoLegal`, imported in the page) gives
//! exactly what the server's Rust mirror gives (`web::delta::apply`, `pseudo_legal`) over
//! positions of random games whose repetition rules bar moves; a socket dropped mid-game
//! (the network between browser and server cut, new connections refused for a while) comes
//! back by itself into the same game, says so meanwhile, and moves again without a reload;
//! so do a guest's and a signed-in player's page across a server restart on the same data
//! (their sessions kept in the store); a socket the server closes on purpose (idle) is not reopened; a spectator's
//! socket gets deltas, and the whole game on asking.

#[path = "common/browser.rs"]
mod browser;
mod common;

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use browser::{tap, Browser};
use common::web::web_server;
use serde_json::{json, Value};
use stratego_ssh::rules::{
    Color, Game, Move, Options, Rules, Setup, SplitMix64, Square, Variant, Viewer,
};
use stratego_ssh::web::delta;

/// A plain move's words, as the page makes them in English.
fn plain_words(mover: &str) -> String {
    match mover {
        "red" => "Red moved".into(),
        _ => "Blue moved".into(),
    }
}

/// The game message `play.rs` makes for `viewer` (the fields a delta's rule touches), its
/// moves from `from` on.
fn message(g: &Game, viewer: Viewer, from: usize) -> Value {
    let name = |c: Color| c.name().to_ascii_lowercase();
    let view = g.view(viewer);
    let board: Vec<Value> = Square::all()
        .filter_map(|sq| {
            let p = view.piece_at(sq)?;
            Some(json!({"sq": sq.to_string(), "c": name(p.color), "r": p.rank.map(|r| r.name()), "m": p.moved}))
        })
        .collect();
    let legal: Vec<Value> = match view.color() == Some(view.to_move) {
        true => view
            .legal_moves
            .iter()
            .filter(|m| m.rescue.is_none())
            .map(|m| json!([m.from.to_string(), m.to.to_string()]))
            .collect(),
        false => vec![],
    };
    let text = |m: &stratego_ssh::rules::ViewMove| {
        format!(
            "{}{}{}",
            m.from,
            if m.battle.is_some() { "x" } else { "-" },
            m.to
        )
    };
    let last = view.last_move.map(|m| {
        let words = match m.battle {
            Some(_) => format!("a battle: {}", text(&m)),
            None => plain_words(&name(m.mover)),
        };
        json!({"from": m.from.to_string(), "to": m.to.to_string(), "text": text(&m), "words": words})
    });
    let moves: Vec<String> = g.history(viewer)[from..].iter().map(text).collect();
    json!({"t": "game", "id": 7, "phase": "play", "me": view.color().map(name), "red": "r", "blue": "b",
        "turn": name(view.to_move), "ply": view.ply, "board": board, "zone": [], "ready": true,
        "legal": legal, "last": last, "moves_from": from, "moves": moves, "clocks": null,
        "result": null, "draw_offer": null})
}

/// Positions of random games (Classic, Duel, Barrage; the two-square limit at 2 and the
/// more-squares rule on; mostly back-and-forth moves, which those rules bar): for a seat
/// and a spectator, (the page's game before, the delta, the game the delta stands for).
fn cases() -> Vec<(Value, Value, Value)> {
    let mut out = vec![];
    for seed in 0..6u64 {
        let variant = Variant::ALL[seed as usize % 3];
        let rules = Rules::new(
            variant,
            Options {
                two_square_limit: 2,
                ..Options::default()
            },
        );
        let mut rng = SplitMix64(seed + 44);
        let red = Setup::random(&rules, Color::Red, rng.next());
        let blue = Setup::random(&rules, Color::Blue, rng.next());
        let viewer = match seed % 3 {
            0 => Viewer::Spectator,
            1 => Viewer::Player(Color::Red),
            _ => Viewer::Player(Color::Blue),
        };
        let mut g = Game::new(rules, &red, &blue).unwrap();
        let mut page = message(&g, viewer, 0);
        // A field the next message no longer has (as the set-up's tray): the delta's `rm`.
        page["tray"] = json!([1, 2, 3]);
        let mut sent = page.clone();
        for _ in 0..70 {
            if g.outcome().is_some() {
                break;
            }
            let legal = g.legal_moves();
            let back = (g.ply() >= 2)
                .then(|| g.moves().nth(g.ply() as usize - 2))
                .flatten();
            let mv: Move = match (rng.next() % 4, back) {
                (0..=2, Some(b)) => legal
                    .iter()
                    .find(|m| m.from == b.to && m.to == b.from && m.rescue.is_none())
                    .copied()
                    .unwrap_or(legal[rng.below(legal.len())]),
                _ => legal[rng.below(legal.len())],
            };
            g.play(mv).unwrap();
            let from = sent["moves_from"].as_u64().unwrap() as usize
                + sent["moves"].as_array().unwrap().len();
            let next = message(&g, viewer, from);
            let d = delta::diff(&sent, &next, &plain_words).expect("a delta");
            let after = delta::apply(&page, &d, &plain_words).expect("it applies");
            assert!(delta::same_game(&after, &next), "{d}");
            out.push((page, d, after.clone()));
            page = after;
            sent = next;
        }
    }
    out
}

fn pairs(v: &Value) -> BTreeSet<(String, String)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| (m[0].as_str().unwrap().into(), m[1].as_str().unwrap().into()))
        .collect()
}

/// The page's delta rule and pseudo-legal moves, run in Chromium, are the Rust mirror's:
/// the same game (board, legal moves, last move and its words, turn, ply, moves) after each
/// delta, and the same pseudo-legal moves on each board, for a seat and a spectator.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_chromium_the_page_s_delta_rule_is_the_server_s() {
    let (_server, addr) = web_server("web-play-delta-rule", |_| {}).await;
    let cases = cases();
    let barred = cases
        .iter()
        .filter(|(_, d, _)| d.get("x").is_some())
        .count();
    assert!(barred >= 5, "deltas with barred moves: {barred}");
    assert_eq!(
        cases
            .iter()
            .filter(|(_, d, _)| d.get("rm").is_some())
            .count(),
        6,
        "a field gone in each game's first delta"
    );
    let b = Browser::start(800, 900).await;
    b.goto(&format!("http://{addr}/play")).await;
    tap(&b, "#play-guest").await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-lobby') && !document.getElementById('play-lobby').hidden;")
            .await,
        "{}",
        b.text().await
    );
    let input: Vec<Value> = cases.iter().map(|(page, d, _)| json!([page, d])).collect();
    let boards: Vec<Value> = cases
        .iter()
        .flat_map(|(_, _, after)| ["red", "blue"].map(|me| json!([after["board"], me])))
        .collect();
    let got = b
        .client
        .execute_async(
            "const [cases, boards] = arguments; const done = arguments[arguments.length - 1]; \
             import('/play.js').then((mod) => done([cases.map(([p, d]) => mod.deltaGame(p, d)), \
               boards.map(([b, me]) => mod.pseudoLegal(b, me))])).catch((e) => done(String(e)));",
            vec![json!(input), json!(boards)],
        )
        .await
        .unwrap();
    let games = got[0].as_array().unwrap_or_else(|| panic!("{got}"));
    assert_eq!(games.len(), cases.len());
    for ((page, d, want), js) in cases.iter().zip(games) {
        // The page's game holds the moves added (for drawGame, after `moves_from`).
        let mut moves = page["moves"].as_array().unwrap().clone();
        moves.truncate(js["moves_from"].as_u64().unwrap() as usize);
        moves.extend(js["moves"].as_array().unwrap().iter().cloned());
        assert!(
            delta::same_game(js, want) && json!(moves) == want["moves"],
            "the page's game after {d} (from ply {}):\n{js}\nthe server's:\n{want}",
            page["ply"]
        );
    }
    let pseudo = got[1].as_array().unwrap();
    for (k, js) in pseudo.iter().enumerate() {
        let (board, me) = (&boards[k][0], boards[k][1].as_str().unwrap());
        let rust: BTreeSet<(String, String)> = delta::pseudo_legal(board, me).into_iter().collect();
        assert_eq!(pairs(js), rust, "board {k} for {me}");
    }
    eprintln!(
        "{} deltas ({barred} with barred moves) and {} boards: the page's rule is the server's",
        cases.len(),
        pseudo.len()
    );
}

/// A TCP relay between the browser and the server that the test can cut (every connection
/// through it closed at once) and hold down (new connections closed at once), as a phone's
/// network does.
struct Relay {
    addr: SocketAddr,
    up: Arc<AtomicBool>,
    cut: tokio::sync::watch::Sender<u32>,
    to: Arc<std::sync::Mutex<SocketAddr>>,
}

impl Relay {
    async fn start(to: SocketAddr) -> Relay {
        let to = Arc::new(std::sync::Mutex::new(to));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let up = Arc::new(AtomicBool::new(true));
        let (cut, cuts) = tokio::sync::watch::channel(0u32);
        let is_up = up.clone();
        let target = to.clone();
        tokio::spawn(async move {
            while let Ok((mut c, _)) = listener.accept().await {
                if !is_up.load(Ordering::SeqCst) {
                    drop(c);
                    continue;
                }
                let mut cuts = cuts.clone();
                cuts.borrow_and_update();
                let to = *target.lock().unwrap();
                tokio::spawn(async move {
                    let Ok(mut s) = tokio::net::TcpStream::connect(to).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut c, &mut s) => {}
                        _ = cuts.changed() => {}
                    }
                });
            }
        });
        Relay { addr, up, cut, to }
    }

    /// Relays new connections to `to` from now on (a server started again elsewhere).
    fn retarget(&self, to: SocketAddr) {
        *self.to.lock().unwrap() = to;
    }

    /// Closes every connection and refuses new ones until [`Relay::restore`].
    fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        self.cut.send_modify(|n| *n += 1);
    }

    fn restore(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

const MOVES: &str = "return document.querySelectorAll('#play-moves li').length;";
const MY_TURN: &str =
    "return (document.getElementById('play-turn') || {dataset: {}}).dataset.mine === 'true' && \
     document.querySelectorAll('#play-board button.movable').length > 0;";

/// Taps a movable piece and one of its lit targets that holds no enemy (so the game goes
/// on); waits for the move list to grow by
/// the move and the computer's answer.
async fn tap_a_move(b: &Browser) {
    assert!(b.until(15.0, MY_TURN).await, "my turn: {}", b.text().await);
    let before = b.js(MOVES).await.as_u64().unwrap();
    let (from, to) = browser::quiet_move(b)
        .await
        .unwrap_or_else(|| panic!("no quiet move"));
    tap(b, &format!("#play-board button[data-sq=\"{from}\"]")).await;
    tap(b, &format!("#play-board button[data-sq=\"{to}\"]")).await;
    assert!(
        b.until(15.0, &format!("return document.querySelectorAll('#play-moves li').length >= {} || !!document.getElementById('play-result');", before + 2))
            .await,
        "the move and the answer show: {}",
        b.text().await
    );
}

/// Mid-game against the computer the network drops (every connection cut, new ones
/// refused for two seconds): the page says it is reconnecting, comes back by itself, into
/// the same game with the same moves, and a move is played by taps again, with no reload.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_chromium_a_dropped_socket_comes_back_to_the_game_and_moves_again() {
    let (_server, addr) = web_server("web-play-reconnect", |_| {}).await;
    let relay = Relay::start(addr).await;
    let b = Browser::start(800, 900).await;
    b.goto(&format!("http://{}/play", relay.addr)).await;
    tap(&b, "#play-guest").await;
    assert!(
        b.until(
            10.0,
            "return !!document.querySelector('button[data-level=\"random\"]');"
        )
        .await,
        "{}",
        b.text().await
    );
    // A mark on the page's window: a reload would lose it.
    b.js("window.notReloaded = true; return true;").await;
    tap(&b, "button[data-level=\"random\"]").await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-ready');")
            .await
    );
    tap(&b, "#play-ready").await;
    tap_a_move(&b).await;
    tap_a_move(&b).await;
    let moves_js =
        "return Array.from(document.querySelectorAll('#play-moves li')).map(li => li.textContent);";
    let before = b.js(moves_js).await;
    let me = b
        .js("return document.getElementById('play-board').dataset.me;")
        .await;

    relay.cut();
    assert!(
        b.until(5.0, "return document.getElementById('play-status').textContent === 'The connection dropped. Reconnecting…' && document.getElementById('play').dataset.reconnecting === 'true';")
            .await,
        "the page says it reconnects: {}",
        b.text().await
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        b.js("return document.getElementById('play').dataset.reconnecting;")
            .await,
        json!("true"),
        "still reconnecting while the network is down"
    );
    relay.restore();
    assert!(
        b.until(20.0, "return document.getElementById('play').dataset.reconnecting === 'false' && !!document.getElementById('play-board') && !document.getElementById('play-game').hidden;")
            .await,
        "back by itself: {}",
        b.text().await
    );
    assert!(b.until(5.0, MY_TURN).await, "{}", b.text().await);
    assert_eq!(
        b.js(moves_js).await,
        before,
        "the same game, the same moves"
    );
    assert_eq!(
        b.js("return document.getElementById('play-board').dataset.me;")
            .await,
        me,
        "the same seat"
    );
    assert_eq!(
        b.js("return document.getElementById('play-status').textContent;")
            .await,
        json!(""),
        "the reconnecting line is gone"
    );
    tap_a_move(&b).await;
    assert_eq!(
        b.js("return window.notReloaded === true;").await,
        json!(true),
        "no reload"
    );
    assert_eq!(
        b.js(moves_js).await.as_array().unwrap()[..before.as_array().unwrap().len()],
        before.as_array().unwrap()[..],
        "the moves before the drop stay"
    );
}

/// A socket the server closes on purpose (nothing done for the idle time) says why, and
/// the page does not open it again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_chromium_a_socket_closed_on_purpose_is_not_reopened() {
    let (_server, addr) = web_server("web-play-no-retry", |o| {
        o.ssh.idle_timeout = Duration::from_secs(1);
    })
    .await;
    let b = Browser::start(800, 900).await;
    b.goto(&format!("http://{addr}/play")).await;
    tap(&b, "#play-guest").await;
    assert!(
        b.until(
            10.0,
            "return document.getElementById('play').dataset.closed === 'true';"
        )
        .await,
        "{}",
        b.text().await
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        b.js("return [document.getElementById('play-status').textContent, document.getElementById('play').dataset.reconnecting || null];")
            .await,
        json!([
            "Closed: nothing done for 1s (the server's idle_timeout). Reload the page to come back.",
            null
        ]),
        "the reason stays; no reconnecting"
    );
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A guest session's board socket, asking for deltas; the game it holds as the page does.
struct Sock {
    socket: Socket,
    game: Option<Value>,
}

impl Sock {
    async fn guest(addr: SocketAddr) -> Sock {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        let req = format!(
            "POST /play/guest HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        );
        s.write_all(req.as_bytes()).await.unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).await.unwrap();
        let text = String::from_utf8_lossy(&raw).to_string();
        let cookie = text
            .lines()
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.eq_ignore_ascii_case("set-cookie")
                    .then(|| v.trim().split(';').next().unwrap().to_string())
            })
            .expect("a guest cookie");
        let mut req = format!("ws://{addr}/play/ws?delta=1")
            .into_client_request()
            .unwrap();
        req.headers_mut()
            .insert("Origin", format!("http://{addr}").parse().unwrap());
        req.headers_mut().insert("Cookie", cookie.parse().unwrap());
        let (socket, _) = tokio_tungstenite::connect_async(req).await.unwrap();
        Sock { socket, game: None }
    }

    async fn send(&mut self, v: Value) {
        use futures_util::SinkExt;
        let text = v.to_string();
        self.socket
            .send(tokio_tungstenite::tungstenite::Message::text(text))
            .await
            .unwrap();
    }

    /// The next message as it came, and the game held after it.
    async fn next(&mut self) -> (Value, Option<Value>) {
        use futures_util::StreamExt;
        loop {
            let msg = tokio::time::timeout(common::web::WAIT, self.socket.next())
                .await
                .expect("a message in time")
                .unwrap()
                .unwrap();
            let tokio_tungstenite::tungstenite::Message::Text(t) = msg else {
                continue;
            };
            let mut v: Value = serde_json::from_str(&t).unwrap();
            if v["t"] == "game" {
                v = delta::expand(&v).expect("a whole game that reads");
            }
            match v["t"].as_str() {
                Some("game") => {
                    let mut g = v.clone();
                    g["moves_from"] = json!(0);
                    self.game = Some(g);
                }
                Some("d") => {
                    let prev = self.game.as_ref().expect("a game before a delta");
                    self.game = Some(delta::apply(prev, &v, &plain_words).expect("it follows on"));
                }
                Some("lobby") => self.game = None,
                _ => {}
            }
            return (v, self.game.clone());
        }
    }

    async fn until(&mut self, t: &str, pred: impl Fn(&Value) -> bool) -> (Value, Value) {
        loop {
            let (v, g) = self.next().await;
            if v["t"] == t {
                if let Some(g) = g.filter(|g| pred(g)) {
                    return (v, g);
                }
            }
        }
    }
}

/// A guest's socket watches another guest's game against the computer: the game comes
/// whole (no seat, no legal moves), then as deltas, one a ply, which applied give the
/// whole game the socket is sent on asking for it (`full`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_s_socket_gets_deltas_and_the_whole_game_on_asking() {
    let (_server, addr) = web_server("web-play-watch", |_| {}).await;
    let mut player = Sock::guest(addr).await;
    player
        .send(json!({"v": 1, "t": "computer", "level": "random"}))
        .await;
    let (_, setup) = player.until("game", |g| g["phase"] == "setup").await;
    let id = setup["id"].as_u64().unwrap();
    player.send(json!({"v": 1, "t": "ready"})).await;
    let mut g = player
        .until("d", |g| g["phase"] == "play" && g["turn"] == g["me"])
        .await
        .1;
    // A game is listed to watch once in play (the lobby's snapshot a moment later).
    let mut spectator = Sock::guest(addr).await;
    while spectator.next().await.0["t"] != "lobby" {}
    let first = loop {
        spectator
            .send(json!({"v": 1, "t": "watch", "id": id}))
            .await;
        let (v, _) = spectator.next().await;
        if v["t"] == "game" && v["id"] == id {
            break v;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(first["me"], Value::Null, "no seat");
    for _ in 0..4 {
        let m = g["legal"][0].clone();
        let ply = g["ply"].as_u64().unwrap();
        player
            .send(json!({"v": 1, "t": "move", "from": m[0], "to": m[1]}))
            .await;
        g = player
            .until("d", |n| {
                n["ply"].as_u64() == Some(ply + 2) || n["phase"] == "over"
            })
            .await
            .1;
        if g["phase"] == "over" {
            break;
        }
    }
    let plies = g["ply"].as_u64().unwrap();
    let (d, watched) = spectator
        .until("d", |w| w["ply"].as_u64() == Some(plies))
        .await;
    assert!(d.get("m").is_some(), "a move: {d}");
    assert_eq!(watched["legal"], json!([]), "a spectator has no moves");
    assert_eq!(watched["moves"].as_array().unwrap().len() as u64, plies);
    spectator.send(json!({"v": 1, "t": "full"})).await;
    let (whole, held) = spectator.until("game", |_| true).await;
    assert_eq!(whole["t"], "game");
    assert!(
        delta::same_game(&held, &watched) && held["moves"] == watched["moves"],
        "the deltas gave the whole game:\n{watched}\n{held}"
    );
}

/// The server stops (its sockets told `closed`, with `retry`) and starts again on the same
/// data: a guest's page says it is reconnecting, tries again by itself and, its session kept
/// in the store, is back in the same game with the same moves, and moves again by taps
/// without a reload.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_chromium_after_a_server_restart_a_guest_s_page_comes_back_into_its_game() {
    let (server, addr) = web_server("web-play-restart", |_| {}).await;
    let relay = Relay::start(addr).await;
    let b = Browser::start(800, 900).await;
    b.goto(&format!("http://{}/play", relay.addr)).await;
    tap(&b, "#play-guest").await;
    assert!(
        b.until(
            10.0,
            "return !!document.querySelector('button[data-level=\"random\"]');"
        )
        .await,
        "{}",
        b.text().await
    );
    b.js("window.notReloaded = true; return true;").await;
    tap(&b, "button[data-level=\"random\"]").await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-ready');")
            .await
    );
    tap(&b, "#play-ready").await;
    tap_a_move(&b).await;
    assert!(b.until(15.0, MY_TURN).await, "{}", b.text().await);
    let moves_js =
        "return Array.from(document.querySelectorAll('#play-moves li')).map(li => li.textContent);";
    let before = b.js(moves_js).await;
    let common::TestServer { running, dir } = server;
    running.stop().await;
    assert!(
        b.until(10.0, "return document.getElementById('play').dataset.reconnecting === 'true' && document.getElementById('play-status').textContent === 'The connection dropped. Reconnecting…';")
            .await,
        "the page reconnects after the server's closed message: {}",
        b.text().await
    );
    let mut opts = stratego_ssh::server::ServerOptions {
        listen: "127.0.0.1:0".into(),
        http_listen: "127.0.0.1:0".into(),
        data_dir: dir.0.join("data"),
        keys_dir: dir.0.join("keys"),
        ..Default::default()
    };
    opts.web.requests_per_second = 1_000_000;
    opts.web.connections_per_second = 1_000_000;
    opts.lobby.bot_delay = Duration::from_millis(10);
    let again = stratego_ssh::server::start(opts).await.expect("restarts");
    relay.retarget(again.http_addr.expect("the web pages"));
    assert!(
        b.until(30.0, "return document.getElementById('play').dataset.reconnecting === 'false' && !!document.getElementById('play-board') && !document.getElementById('play-game').hidden;")
            .await,
        "back in the game by itself: {}",
        b.text().await
    );
    assert!(b.until(10.0, MY_TURN).await, "{}", b.text().await);
    assert_eq!(
        b.js(moves_js).await,
        before,
        "the same game, the same moves"
    );
    tap_a_move(&b).await;
    assert_eq!(
        b.js("return window.notReloaded === true;").await,
        json!(true),
        "no reload"
    );
    again.stop().await;
    drop(dir);
}

/// A key holder signed in from SSH (`web-login`) plays the computer in Chromium; the server
/// stops and starts again on the same data (the game kept on disk): the page reconnects by
/// itself, the player's session (on disk) lets it in, the seat is back in the same game
/// with the same moves, and a move is played by taps again, with no reload.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_chromium_a_signed_in_page_comes_back_into_its_game_after_a_server_restart() {
    let (server, addr) = web_server("web-play-restart-key", |_| {}).await;
    let ssh = server.running.addr;
    let relay = Relay::start(addr).await;
    let key = common::new_key();
    let t = common::Term::connect(ssh, common::Login::Key("ann", &key), 100, 30).await;
    t.wait_text("Open seeks", 10).await;
    drop(t);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let out = loop {
        let (out, status) = common::exec(ssh, "ann", &key, "web-login").await;
        if status == Some(0) {
            break out;
        }
        assert!(std::time::Instant::now() < deadline, "{out}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let at = out.find("/login/").expect("a link");
    let path = out[at..].split_whitespace().next().unwrap();
    let b = Browser::start(800, 900).await;
    b.goto(&format!("http://{}{path}", relay.addr)).await;
    b.js("document.querySelector('form[method=post] button').click(); return true;")
        .await;
    assert!(
        b.until(
            10.0,
            "return document.body.innerText.includes('Signed in as ann.');"
        )
        .await,
        "{}",
        b.text().await
    );
    b.goto(&format!("http://{}/play", relay.addr)).await;
    assert!(
        b.until(
            10.0,
            "return !!document.querySelector('button[data-level=\"random\"]');"
        )
        .await,
        "{}",
        b.text().await
    );
    b.js("window.notReloaded = true; return true;").await;
    tap(&b, "button[data-level=\"random\"]").await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-ready');")
            .await
    );
    tap(&b, "#play-ready").await;
    tap_a_move(&b).await;
    let moves_js =
        "return Array.from(document.querySelectorAll('#play-moves li')).map(li => li.textContent);";
    assert!(b.until(15.0, MY_TURN).await, "{}", b.text().await);
    let before = b.js(moves_js).await;

    let common::TestServer { running, dir } = server;
    running.stop().await;
    assert!(
        b.until(
            10.0,
            "return document.getElementById('play').dataset.reconnecting === 'true';"
        )
        .await,
        "reconnecting: {}",
        b.text().await
    );
    let mut opts = stratego_ssh::server::ServerOptions {
        listen: "127.0.0.1:0".into(),
        http_listen: "127.0.0.1:0".into(),
        data_dir: dir.0.join("data"),
        keys_dir: dir.0.join("keys"),
        ..Default::default()
    };
    opts.web.requests_per_second = 1_000_000;
    opts.web.connections_per_second = 1_000_000;
    opts.lobby.bot_delay = Duration::from_millis(10);
    let again = stratego_ssh::server::start(opts).await.expect("restarts");
    relay.retarget(again.http_addr.expect("the web pages"));
    assert!(
        b.until(30.0, "return document.getElementById('play').dataset.reconnecting === 'false' && !!document.getElementById('play-board') && !document.getElementById('play-game').hidden;")
            .await,
        "back in the game by itself: {}",
        b.text().await
    );
    assert!(b.until(10.0, MY_TURN).await, "{}", b.text().await);
    assert_eq!(
        b.js(moves_js).await,
        before,
        "the same game, the same moves"
    );
    tap_a_move(&b).await;
    assert_eq!(
        b.js("return window.notReloaded === true;").await,
        json!(true),
        "no reload"
    );
    again.stop().await;
    drop(dir);
}
