//! Browser players (issue 44): `ws_players` guests play each other on the board's socket
//! (`/play/ws`), as phones do, beside the SSH sessions. Player `2k` opens a guest session
//! (`POST /play/guest`), posts a casual Classic seek without a clock and waits; player
//! `2k+1` finds that seek in its lobby message by its poster's name and accepts it. Both
//! send Ready to the sensible army the board arranges, then on their turn wait the think
//! time (half to one and a half times it) and send a random legal move; after a game both
//! ask for a rematch. Each comes from its own address behind this machine as a proxy
//! (`X-Forwarded-For`; the server must trust 127.0.0.1, as for the web mix).
//!
//! The sockets ask for deltas (`?delta=1`, as the page does): after a game's first whole
//! `game` message each update is a `d` message, applied to the game held here by the
//! page's rule (`stratego_ssh::web::delta::apply`; a gap asks for the whole game with
//! `full`); moves are chosen from the legal moves that rule gives. Every second game has a
//! spectator: a guest socket of its own that watches it (`watch`), and the rematch after it.
//!
//! Measured once the run measures: move-to-screen for both seats, from the mover's send of
//! `move` until each seat receives the message (whole or delta) at the move's ply (two
//! samples a move, as a move on SSH is timed to both screens). Counted over the whole run
//! (as SSH's bytes a move are): the bytes a move on the wire, every frame both seats
//! receive from their first game message on (the WebSocket frame's header counted with its
//! payload; whole game messages on entering a game, pings, everything), per move sent, and
//! beside it every frame a spectator receives from its game's first (whole) message on, per
//! ply it saw (a spectator whose game the lobby does not list to watch is not counted).
//! The SSH figure it compares with (`bytes_per_move`) counts the channel data both screens
//! receive while playing, per move (SSH's own packet framing, MAC and padding not counted
//! there, as TCP's are not here).
//!
//! `ws_bots` more guests each play the computer (`--ws-bot-level`, hard by default: issue
//! 45's load, the bot's thinking beside the sessions), a new game after each, counted
//! apart: their own moves' move-to-screen, and the computer's answer from the player's move
//! on its screen to the computer's (the lobby's `bot_delay` included).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use stratego_ssh::rules::SplitMix64;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

use super::{lock, Counters};

/// At most this many browser players.
pub const MAX_WS_PLAYERS: usize = 2000;
/// At most this many browser players against the computer.
pub const MAX_WS_BOTS: usize = 1000;
/// A session or socket that does not open within this long is a failure (tried again).
const OPEN_GIVE_UP: Duration = Duration::from_secs(10);

/// What the browser players share and count.
#[derive(Default)]
pub(crate) struct WsShared {
    /// When each move was sent: (game, the ply it makes).
    sent: Mutex<HashMap<(u64, u32), Instant>>,
    /// Move-to-screen latencies (µs) of both seats, once measuring.
    pub us: Mutex<super::Samples>,
    /// Moves sent once measuring; moves sent in the whole run, and the bytes both seats
    /// received in games (frames with their headers) in it.
    pub moves: std::sync::atomic::AtomicU64,
    pub moves_all: std::sync::atomic::AtomicU64,
    pub bytes: std::sync::atomic::AtomicU64,
    /// Spectators' sockets, the plies they saw and the bytes they received watching, in
    /// the whole run.
    pub spectators: std::sync::atomic::AtomicUsize,
    /// Times a spectator came to watch its game (its first message whole).
    pub spectators_watching: std::sync::atomic::AtomicU64,
    pub spectated: std::sync::atomic::AtomicU64,
    pub spectator_bytes: std::sync::atomic::AtomicU64,
    /// Of those bytes, the deltas' alone (a game in play, entering it aside): both seats',
    /// a spectator's.
    pub delta_bytes: std::sync::atomic::AtomicU64,
    pub spectator_delta_bytes: std::sync::atomic::AtomicU64,
    /// Whole game messages asked for after a gap in the deltas.
    pub gaps: std::sync::atomic::AtomicU64,
    /// Games begun (set-ups seen by posters), `refused` answers, sessions or sockets that
    /// failed to open.
    pub games: std::sync::atomic::AtomicU64,
    pub refused: std::sync::atomic::AtomicU64,
    pub failures: std::sync::atomic::AtomicU64,
    /// Browser players with a socket open now.
    pub open: std::sync::atomic::AtomicUsize,
    /// Browser players against the computer (`ws_bots`): sockets open now, games begun,
    /// their own moves once measuring, those moves' move-to-screen (µs), and the computer's
    /// answers: from the player's move on its screen to the computer's move on it (µs, the
    /// lobby's `bot_delay` and the wait for a thread to think on included).
    pub bot_open: std::sync::atomic::AtomicUsize,
    pub bot_games: std::sync::atomic::AtomicU64,
    pub bot_moves: std::sync::atomic::AtomicU64,
    pub bot_us: Mutex<super::Samples>,
    pub bot_answer_us: Mutex<super::Samples>,
}

/// Starts `n` browser players (rounded down to pairs) against the server's web address.
pub(crate) fn spawn(
    addr: SocketAddr,
    n: usize,
    think: Duration,
    seed: u64,
    counters: &Arc<Counters>,
    tasks: &mut Vec<tokio::task::JoinHandle<()>>,
) {
    for pair in 0..n / 2 {
        let (tx, rx) = tokio::sync::watch::channel(String::new());
        // The poster's game (set-up seen), for the pair's spectator.
        let (game_tx, game_rx) = tokio::sync::watch::channel(0u64);
        let game_tx = Arc::new(game_tx);
        if pair % 2 == 0 {
            let counters = counters.clone();
            let i = n + pair;
            tasks.push(tokio::spawn(async move {
                counters.web.ws.spectators.fetch_add(1, Ordering::Relaxed);
                loop {
                    if watch(addr, i, game_rx.clone(), &counters).await.is_err() {
                        counters.web.ws.failures.fetch_add(1, Ordering::Relaxed);
                    }
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
            }));
        }
        for (k, nick) in [(0, Some(tx)), (1, None)] {
            let who = Who::Pair(nick, rx.clone());
            let (i, counters) = (2 * pair + k, counters.clone());
            tasks.push(player(addr, i, who, game_tx.clone(), think, seed, counters));
        }
    }
}

/// Whom a browser player's task plays, game after game (owned: see [`Side`]).
enum Who {
    Pair(
        Option<tokio::sync::watch::Sender<String>>,
        tokio::sync::watch::Receiver<String>,
    ),
    Computer(String),
}

/// Browser player `i`'s task: sessions and games until the run ends, a failed one counted
/// and tried again half a second later.
fn player(
    addr: SocketAddr,
    i: usize,
    who: Who,
    game_tx: Arc<tokio::sync::watch::Sender<u64>>,
    think: Duration,
    seed: u64,
    counters: Arc<Counters>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut rng = SplitMix64(seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        loop {
            let side = match &who {
                Who::Pair(nick, rx) => Side::Pair(nick.as_ref(), rx.clone()),
                Who::Computer(level) => Side::Computer(level),
            };
            let r = play(addr, i, side, &game_tx, think, &mut rng, &counters).await;
            if r.is_err() {
                counters.web.ws.failures.fetch_add(1, Ordering::Relaxed);
            }
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    })
}

/// Starts `n` browser players that each play the computer at `level` (a new game after
/// each), beside the pairs: their addresses follow the pairs' and spectators'.
pub(crate) fn spawn_bots(
    addr: SocketAddr,
    n: usize,
    level: &str,
    think: Duration,
    seed: u64,
    counters: &Arc<Counters>,
    tasks: &mut Vec<tokio::task::JoinHandle<()>>,
) {
    let (game_tx, _) = tokio::sync::watch::channel(0u64);
    let game_tx = Arc::new(game_tx);
    for k in 0..n {
        let who = Who::Computer(level.to_string());
        let (i, counters) = (2 * MAX_WS_PLAYERS + k, counters.clone());
        tasks.push(player(addr, i, who, game_tx.clone(), think, seed, counters));
    }
}

/// Whom a browser player plays: its pair (player `2k` posts a seek and says its name,
/// player `2k+1` reads it from the receiver and accepts), or the computer at a level.
enum Side<'a> {
    Pair(
        Option<&'a tokio::sync::watch::Sender<String>>,
        tokio::sync::watch::Receiver<String>,
    ),
    Computer(&'a str),
}

/// Player `i`'s address, each in an address block of its own (the server's per-block
/// budgets are a household's, not a load's): `10.{100+i/250}.{i%250}.1`.
fn address(i: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(10, 100 + (i / 250) as u8, (i % 250) as u8, 1))
}

/// A guest session's cookie (`stratego_guest=...`).
async fn guest_session(addr: SocketAddr, from: IpAddr) -> anyhow::Result<String> {
    let mut s = tokio::net::TcpStream::connect(addr).await?;
    let req = format!(
        "POST /play/guest HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\nX-Forwarded-For: {from}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await?;
    let text = String::from_utf8_lossy(&raw);
    text.lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("set-cookie")
                .then(|| v.trim().split(';').next().unwrap_or_default().to_string())
        })
        .ok_or_else(|| {
            anyhow::anyhow!(
                "no guest session: {}",
                text.lines().next().unwrap_or_default()
            )
        })
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A guest session from address `from` and its board socket, asking for deltas.
async fn open(addr: SocketAddr, from: IpAddr) -> anyhow::Result<Socket> {
    let cookie = tokio::time::timeout(OPEN_GIVE_UP, guest_session(addr, from)).await??;
    let mut req = format!("ws://{addr}/play/ws?delta=1").into_client_request()?;
    let h = req.headers_mut();
    h.insert("Origin", format!("http://{addr}").parse()?);
    h.insert("Cookie", cookie.parse()?);
    h.insert("X-Forwarded-For", from.to_string().parse()?);
    let (socket, _) =
        tokio::time::timeout(OPEN_GIVE_UP, tokio_tungstenite::connect_async(req)).await??;
    Ok(socket)
}

/// A frame's bytes on the wire from the server (unmasked): its payload and its header.
fn frame_bytes(msg: &Message) -> u64 {
    let n = msg.len() as u64;
    n + match n {
        0..=125 => 2,
        126..=65535 => 4,
        _ => 10,
    }
}

/// Whether a frame is a delta (`"t":"d"`; the server writes its keys in order, `t` after
/// the fields that sort before it).
fn is_delta(msg: &Message) -> bool {
    matches!(msg, Message::Text(t) if t.contains("\"t\":\"d\""))
}

/// A plain move's words (the page makes them; here they are not shown, only kept).
fn plain_words(mover: &str) -> String {
    format!("{mover} moved")
}

/// The game a socket holds, as the page holds it: whole game messages and deltas applied
/// (`moves` the whole list). A message that is neither: `None`. A delta that does not
/// follow on: `Some(None)` (the whole game is to be asked for).
fn hold(held: &mut Option<Value>, v: &Value) -> Option<Option<Value>> {
    match v["t"].as_str() {
        Some("game") => {
            let Some(mut g) = stratego_ssh::web::delta::expand(v) else {
                *held = None;
                return Some(None);
            };
            let mut moves = match held.as_ref() {
                Some(h) if h["id"] == v["id"] => h["moves"].as_array().cloned().unwrap_or_default(),
                _ => vec![],
            };
            moves.truncate(v["moves_from"].as_u64().unwrap_or(0) as usize);
            moves.extend(v["moves"].as_array().into_iter().flatten().cloned());
            g["moves"] = Value::Array(moves);
            g["moves_from"] = json!(0);
            *held = Some(g.clone());
            Some(Some(g))
        }
        Some("d") => {
            let g = held
                .as_ref()
                .and_then(|h| stratego_ssh::web::delta::apply(h, v, &plain_words));
            *held = g.clone();
            Some(g)
        }
        _ => None,
    }
}

/// A spectator: a guest socket that watches its pair's game (the poster's, as `game`
/// says), and the next one when that one ends.
async fn watch(
    addr: SocketAddr,
    i: usize,
    mut game: tokio::sync::watch::Receiver<u64>,
    counters: &Arc<Counters>,
) -> anyhow::Result<()> {
    let ws = &counters.web.ws;
    let mut socket = open(addr, address(i)).await?;
    let mut held: Option<Value> = None;
    let mut watching = 0u64;
    // A game is listed to watch once in play: until its message comes, asked again.
    let mut again = tokio::time::interval(Duration::from_secs(1));
    loop {
        let msg = tokio::select! {
            msg = socket.next() => msg,
            _ = again.tick() => {
                let shown = held.as_ref().and_then(|h| h["id"].as_u64());
                if watching != 0 && shown != Some(watching) {
                    socket.send(Message::text(json!({"v": 1, "t": "watch", "id": watching}).to_string())).await?;
                }
                continue;
            }
            changed = game.changed() => {
                changed?;
                let id = *game.borrow_and_update();
                if id != watching && id != 0 {
                    watching = id;
                    socket.send(Message::text(json!({"v": 1, "t": "watch", "id": id}).to_string())).await?;
                }
                continue;
            }
        };
        let Some(msg) = msg else { break };
        let msg = msg?;
        // Counted from the watched game's first message on (a spectator the lobby does not
        // let watch yet, its game not listed, is in the lobby: not counted).
        let on_it = |held: &Option<Value>| {
            watching != 0 && held.as_ref().and_then(|h| h["id"].as_u64()) == Some(watching)
        };
        let (bytes, delta) = (frame_bytes(&msg), is_delta(&msg));
        let count = |held: &Option<Value>| {
            if on_it(held) {
                ws.spectator_bytes.fetch_add(bytes, Ordering::Relaxed);
                if delta {
                    ws.spectator_delta_bytes.fetch_add(bytes, Ordering::Relaxed);
                }
            }
        };
        let Message::Text(text) = msg else {
            count(&held);
            continue;
        };
        let v: Value = serde_json::from_str(&text)?;
        if v["t"] == "closed" {
            break;
        }
        if v["t"] == "lobby" {
            held = None;
        }
        let was_on = on_it(&held);
        let before = held.as_ref().and_then(|h| h["ply"].as_u64());
        let held_game = hold(&mut held, &v);
        count(&held);
        if !was_on && on_it(&held) {
            ws.spectators_watching.fetch_add(1, Ordering::Relaxed);
        }
        let Some(g) = held_game else {
            continue;
        };
        let Some(g) = g else {
            ws.gaps.fetch_add(1, Ordering::Relaxed);
            socket
                .send(Message::text(json!({"v": 1, "t": "full"}).to_string()))
                .await?;
            continue;
        };
        if let (Some(b), Some(a)) = (before, g["ply"].as_u64()) {
            if a > b && v["t"] == "d" {
                ws.spectated.fetch_add(a - b, Ordering::Relaxed);
            }
        }
    }
    Ok(())
}

/// One socket's life: a session, then games until the socket ends. `side`: whom it plays;
/// a poster's game's number goes to the pair's spectator (`game_tx`).
async fn play(
    addr: SocketAddr,
    i: usize,
    side: Side<'_>,
    game_tx: &tokio::sync::watch::Sender<u64>,
    think: Duration,
    rng: &mut SplitMix64,
    counters: &Arc<Counters>,
) -> anyhow::Result<()> {
    let ws = &counters.web.ws;
    let from = address(i);
    let (poster, mut partner, versus) = match side {
        Side::Pair(poster, partner) => (poster, Some(partner), None),
        Side::Computer(level) => (None, None, Some(level)),
    };
    // Player 2k+1 needs its partner's name to find the seek: it comes once that one is in.
    if let Some(partner) = partner.as_mut() {
        if poster.is_none() {
            while partner.borrow_and_update().is_empty() {
                partner.changed().await?;
            }
        }
    }
    let mut socket = open(addr, from).await?;
    let _open = OpenGuard::new(counters.clone(), versus.is_some());
    // The computer's answer is timed from the player's move on its screen: (game, ply, when).
    let mut answer_from: Option<(u64, u32, Instant)> = None;
    let mut again_after: Option<u64> = None;
    let send = |v: Value| Message::text(v.to_string());
    // The move sent for the ply it makes, so that a message repeating a position does not
    // send it again.
    let mut moved_for: Option<(u64, u32)> = None;
    let mut accepted = false;
    let mut ready_for: Option<u64> = None;
    let mut held: Option<Value> = None;
    let mut in_game = false;
    while let Some(msg) = socket.next().await {
        let msg = msg?;
        if in_game && versus.is_none() {
            ws.bytes.fetch_add(frame_bytes(&msg), Ordering::Relaxed);
            if is_delta(&msg) {
                ws.delta_bytes
                    .fetch_add(frame_bytes(&msg), Ordering::Relaxed);
            }
        }
        let Message::Text(text) = msg else {
            continue;
        };
        let mut v: Value = serde_json::from_str(&text)?;
        if v["t"] == "game" && !in_game {
            in_game = true;
            // Only the pairs' bytes are counted (the report's bytes a move are theirs).
            ws.bytes.fetch_add(
                if versus.is_none() {
                    frame_bytes(&Message::text(text.to_string()))
                } else {
                    0
                },
                Ordering::Relaxed,
            );
        }
        match hold(&mut held, &v) {
            Some(Some(g)) => v = g,
            Some(None) => {
                ws.gaps.fetch_add(1, Ordering::Relaxed);
                socket.send(send(json!({"v": 1, "t": "full"}))).await?;
                continue;
            }
            None => {}
        }
        match v["t"].as_str() {
            Some("hello") => {
                if let Some(level) = versus {
                    socket
                        .send(send(json!({"v": 1, "t": "computer", "level": level})))
                        .await?;
                } else if let Some(tx) = poster {
                    tx.send_replace(v["nick"].as_str().unwrap_or_default().to_string());
                    socket
                        .send(send(json!({"v": 1, "t": "seek", "variant": "classic", "clock": "none", "rated": false})))
                        .await?;
                }
            }
            Some("lobby") if partner.is_some() && poster.is_none() && !accepted => {
                let want = partner
                    .as_ref()
                    .map(|p| p.borrow().clone())
                    .unwrap_or_default();
                let seek = v["seeks"].as_array().and_then(|s| {
                    s.iter()
                        .find(|s| !want.is_empty() && s["nick"] == want.as_str())
                });
                if let Some(id) = seek.and_then(|s| s["id"].as_u64()) {
                    accepted = true;
                    socket
                        .send(send(json!({"v": 1, "t": "accept", "id": id})))
                        .await?;
                }
            }
            Some("refused") => {
                ws.refused.fetch_add(1, Ordering::Relaxed);
            }
            Some("game" | "d") => {
                let measuring = counters.measuring.load(Ordering::Relaxed);
                let (Some(game), Some(ply)) = (v["id"].as_u64(), v["ply"].as_u64()) else {
                    continue;
                };
                let ply = ply as u32;
                let samples = if versus.is_some() { &ws.bot_us } else { &ws.us };
                // A move against the computer is timed once (a later message at the same
                // ply is not its arrival); the pairs' other seat times it too.
                let sent = if versus.is_some() {
                    lock(&ws.sent).remove(&(game, ply))
                } else {
                    lock(&ws.sent).get(&(game, ply)).copied()
                };
                if let Some(at) = sent {
                    if measuring {
                        let us = at.elapsed().as_micros().min(u32::MAX as u128) as u32;
                        lock(samples).record(us);
                    }
                    if versus.is_some() {
                        answer_from = Some((game, ply, Instant::now()));
                    }
                }
                if let Some((g, p, at)) = answer_from {
                    if g == game && ply > p {
                        answer_from = None;
                        if measuring {
                            let us = at.elapsed().as_micros().min(u32::MAX as u128) as u32;
                            lock(&ws.bot_answer_us).record(us);
                        }
                    }
                }
                match v["phase"].as_str() {
                    Some("setup") if ready_for != Some(game) && v["ready"] != true => {
                        ready_for = Some(game);
                        if poster.is_some() {
                            ws.games.fetch_add(1, Ordering::Relaxed);
                            game_tx.send_replace(game);
                        }
                        if versus.is_some() {
                            ws.bot_games.fetch_add(1, Ordering::Relaxed);
                        }
                        socket.send(send(json!({"v": 1, "t": "ready"}))).await?;
                    }
                    Some("play") if v["turn"] == v["me"] && moved_for != Some((game, ply + 1)) => {
                        let legal = v["legal"].as_array().cloned().unwrap_or_default();
                        if legal.is_empty() {
                            continue;
                        }
                        moved_for = Some((game, ply + 1));
                        let m = &legal[(rng.next() % legal.len() as u64) as usize];
                        let pause = think.mul_f64(0.5 + (rng.next() % 1000) as f64 / 1000.0);
                        tokio::time::sleep(pause).await;
                        {
                            let mut sent = lock(&ws.sent);
                            sent.retain(|(g, p), _| *g != game || *p + 8 > ply);
                            sent.insert((game, ply + 1), Instant::now());
                        }
                        if versus.is_some() {
                            if counters.measuring.load(Ordering::Relaxed) {
                                ws.bot_moves.fetch_add(1, Ordering::Relaxed);
                            }
                        } else {
                            ws.moves_all.fetch_add(1, Ordering::Relaxed);
                            if counters.measuring.load(Ordering::Relaxed) {
                                ws.moves.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        socket
                            .send(send(json!({"v": 1, "t": "move", "from": m[0], "to": m[1]})))
                            .await?;
                    }
                    Some("over") => {
                        lock(&ws.sent).retain(|(g, _), _| *g != game);
                        answer_from = None;
                        if let Some(level) = versus {
                            // No rematch with the computer: a new game.
                            if again_after != Some(game) {
                                again_after = Some(game);
                                socket
                                    .send(send(json!({"v": 1, "t": "computer", "level": level})))
                                    .await?;
                            }
                        } else if v["rematch"][v["me"].as_str().unwrap_or("red")] != true {
                            socket.send(send(json!({"v": 1, "t": "rematch"}))).await?;
                        }
                    }
                    _ => {}
                }
            }
            Some("closed") => break,
            _ => {}
        }
    }
    Ok(())
}

/// Counts a browser player's socket as open while it lives (a player against the
/// computer apart).
struct OpenGuard(Arc<Counters>, bool);

impl OpenGuard {
    fn new(counters: Arc<Counters>, computer: bool) -> OpenGuard {
        let open = if computer {
            &counters.web.ws.bot_open
        } else {
            &counters.web.ws.open
        };
        open.fetch_add(1, Ordering::Relaxed);
        OpenGuard(counters, computer)
    }
}

impl Drop for OpenGuard {
    fn drop(&mut self) {
        let ws = &self.0.web.ws;
        let open = if self.1 { &ws.bot_open } else { &ws.open };
        open.fetch_sub(1, Ordering::Relaxed);
    }
}
