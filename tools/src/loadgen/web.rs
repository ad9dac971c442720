//! The web mix beside the SSH load (issue 36): page requests at a steady rate over what a
//! real visitor asks for, and watchers holding live streams of the load's own games.
//!
//! Plain HTTP/1.1 over raw Tokio TCP (keep-alive for the pages, a connection per stream),
//! as a reverse proxy on this machine would send it: every request carries the visitor's
//! address in `X-Forwarded-For` (page visitors `10.80.x.y`, two requests a second each;
//! each watcher `10.90.x.y` of its own), so the server's per-address budgets meet visitors,
//! not the load generator.
//!
//! Pages: [`schedule`] fires at `start + k / rps` (open loop: a slow answer does not delay
//! the next request), [`Mix`] picks each one's kind in a smooth weighted round-robin over
//! [`MIX`], and [`PAGE_CONNECTIONS`] keep-alive connections take them in turn. A page's
//! latency runs from its due time to the last byte of its answer (queueing in the load
//! generator included: nothing is hidden by a late send).
//!
//! Watchers: each opens `GET /api/game/{id}/live` on a game of the load in play (the
//! sessions list them here), reads its events through [`SseParser`] and, when the stream
//! ends (`event: end`) or is refused, watches another. Live latency: from the moment the
//! load's player sent a move (the session notes the game and the ply the move makes) to the
//! arrival of the event whose `id:` is that ply (the first event of a stream, the state on
//! connect, is not one).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use super::{lock, Counters, Samples};

/// Keep-alive connections the page requests share.
pub const PAGE_CONNECTIONS: usize = 8;
/// Page requests a second at most.
pub const MAX_WEB_RPS: u32 = 5000;
/// Watchers at most.
pub const MAX_WATCHERS: usize = 5000;
/// Page requests one visitor address makes a second (the server's budget is 20).
const PER_VISITOR_RPS: u32 = 2;
/// A request that has not been answered in this long is given up (an error).
const REQUEST_GIVE_UP: Duration = Duration::from_secs(10);
/// Sizes past which an answer is refused (a broken server, not a page).
const MAX_HEAD: usize = 64 * 1024;
const MAX_BODY: usize = 16 * 1024 * 1024;
/// Requests answered other than 200 kept to name in the report.
const ODD_KEPT: usize = 5;
/// Send times kept per game (the last few plies: a watcher's event comes within seconds).
const SENT_KEPT: usize = 16;

/// The web mix's settings.
#[derive(Clone, Debug)]
pub struct WebLoad {
    /// The server's HTTP address (loopback only).
    pub addr: SocketAddr,
    /// Page requests a second.
    pub rps: u32,
    /// Live streams held open.
    pub watchers: usize,
    /// Browser players on the board's socket (`/play/ws`), in pairs playing each other.
    pub ws_players: usize,
    /// Browser players each playing the computer at `ws_bot_level`.
    pub ws_bots: usize,
    pub ws_bot_level: String,
}

/// What a visitor asks for, one kind a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Page {
    /// `/`
    Front,
    /// `/leaderboard/classic`
    Leaderboard,
    /// `/@/{nick}` of a load player.
    Player,
    /// `/game/{id}?ply=N` of a finished game.
    Finished,
    /// `/api/...`, in turn: leaderboard, a player, a finished game at a ply, a game in
    /// play, a player's games, the games in play.
    Api,
    /// `/games/live`
    LiveList,
    /// `/game/{id}` of a game in play.
    LiveGame,
}

/// The mix, in requests per hundred.
pub const MIX: [(Page, u32); 7] = [
    (Page::Front, 10),
    (Page::Leaderboard, 10),
    (Page::Player, 15),
    (Page::Finished, 20),
    (Page::Api, 20),
    (Page::LiveList, 10),
    (Page::LiveGame, 15),
];

/// Picks the kinds of [`MIX`] in a smooth weighted round-robin: every hundred picks hold
/// each kind its weight's times, spread evenly rather than in runs.
#[derive(Default)]
pub struct Mix {
    current: [i64; MIX.len()],
}

impl Mix {
    pub fn next_page(&mut self) -> Page {
        let total: i64 = MIX.iter().map(|(_, w)| i64::from(*w)).sum();
        let mut best = 0;
        for (i, (_, w)) in MIX.iter().enumerate() {
            self.current[i] += i64::from(*w);
            if self.current[i] > self.current[best] {
                best = i;
            }
        }
        self.current[best] -= total;
        MIX[best].0
    }
}

/// Calls `each(k, due)` at `start + k / rps` for every such time before `until`, on time
/// however long `each` takes (it should hand the request on, not make it). `rps` 0: none.
pub async fn schedule(
    rps: u32,
    start: tokio::time::Instant,
    until: tokio::time::Instant,
    mut each: impl FnMut(u64, tokio::time::Instant),
) {
    if rps == 0 {
        return;
    }
    for k in 0u64.. {
        let due = start + Duration::from_secs_f64(k as f64 / f64::from(rps));
        if due >= until {
            return;
        }
        tokio::time::sleep_until(due).await;
        each(k, due);
    }
}

/// One event of a Server-Sent Events stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SseEvent {
    /// `event:` (`message` if none was given).
    pub event: String,
    /// The `data:` lines, joined by newlines.
    pub data: String,
    /// The last `id:` seen on the stream (it carries over, as in a browser).
    pub id: Option<String>,
}

/// An incremental Server-Sent Events parser: bytes in as they arrive (split anywhere),
/// whole events out. Lines end in LF, CRLF or CR; `:` starts a comment (counted).
#[derive(Default)]
pub struct SseParser {
    line: Vec<u8>,
    after_cr: bool,
    event: Option<String>,
    data: Vec<String>,
    last_id: Option<String>,
    /// Comment lines seen (`: keep-alive`).
    pub comments: u64,
}

impl SseParser {
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<SseEvent> {
        let mut out = Vec::new();
        for &b in bytes {
            match b {
                b'\n' if self.after_cr => self.after_cr = false,
                b'\n' | b'\r' => {
                    self.after_cr = b == b'\r';
                    let line = std::mem::take(&mut self.line);
                    if let Some(e) = self.line_ended(&String::from_utf8_lossy(&line)) {
                        out.push(e);
                    }
                }
                _ => {
                    self.after_cr = false;
                    self.line.push(b);
                }
            }
        }
        out
    }

    fn line_ended(&mut self, line: &str) -> Option<SseEvent> {
        if line.is_empty() {
            let event = self.event.take();
            if self.data.is_empty() {
                return None;
            }
            return Some(SseEvent {
                event: event.unwrap_or_else(|| "message".into()),
                data: std::mem::take(&mut self.data).join("\n"),
                id: self.last_id.clone(),
            });
        }
        if line.starts_with(':') {
            self.comments += 1;
            return None;
        }
        let (field, value) = match line.split_once(':') {
            Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
            None => (line, ""),
        };
        match field {
            "event" => self.event = Some(value.to_string()),
            "data" => self.data.push(value.to_string()),
            "id" if !value.contains('\0') => self.last_id = Some(value.to_string()),
            _ => {}
        }
        None
    }
}

/// Finished games known: (id, plies) in the order learnt, and their ids.
type Finished = (Vec<(u64, u32)>, HashSet<u64>);

/// What the web mix shares with the sessions and counts.
#[derive(Default)]
pub(crate) struct Shared {
    /// The load's games in play (listed by their players' sessions).
    in_play: Mutex<BTreeSet<u64>>,
    /// Per game, the last moves sent: (the ply the move makes, when its Enter was sent).
    sent: Mutex<HashMap<u64, VecDeque<(u32, Instant)>>>,
    /// Finished games known (from the sessions and from `/api/games/{nick}`).
    finished: Mutex<Finished>,
    /// Page latencies (µs) once measuring.
    pub page_us: Mutex<Samples>,
    /// Answers by status over the run, and requests that got none (connection failed,
    /// closed or timed out).
    pub statuses: Mutex<BTreeMap<u16, u64>>,
    pub page_failures: AtomicU64,
    /// The first few requests answered other than 200 (status, path), to say which.
    pub odd: Mutex<Vec<(u16, String)>>,
    /// Requests scheduled.
    pub scheduled: AtomicU64,
    /// How late the load generator's own timer handed each request on (µs, once
    /// measuring): a page or live latency the server did not cause shows here too (the
    /// load generator starved of CPU on a shared machine).
    pub late_us: Mutex<Samples>,
    /// Live latencies (µs) once measuring.
    pub live_us: Mutex<Samples>,
    /// Watchers with a stream open now, and the most at once.
    pub watching: AtomicUsize,
    pub watching_peak: AtomicUsize,
    /// Streams opened (200), and refused by status (or failed: 0).
    pub streams_opened: AtomicU64,
    pub streams_refused: Mutex<BTreeMap<u16, u64>>,
    /// Streams that ended with `event: end`, and that closed without it.
    pub streams_ended: AtomicU64,
    pub streams_cut: AtomicU64,
    /// Events received (all), keep-alive comments, and events after the first of a stream
    /// whose ply had no move sent by the load (a set-up's change, or a ply missed).
    pub events: AtomicU64,
    pub keepalives: AtomicU64,
    pub unmatched: AtomicU64,
    /// The browser players' figures.
    pub ws: super::ws::WsShared,
}

impl Shared {
    /// A session of the load sees its game `game` in play.
    pub(crate) fn playing(&self, game: u64) {
        lock(&self.in_play).insert(game);
    }

    /// A session sent the move that makes ply `ply` of `game`, at `at`.
    pub(crate) fn moved(&self, game: u64, ply: u32, at: Instant) {
        let mut sent = lock(&self.sent);
        let q = sent.entry(game).or_default();
        // A retry of the same ply (the last try refused): the latest send counts.
        q.retain(|(p, _)| *p != ply);
        q.push_back((ply, at));
        while q.len() > SENT_KEPT {
            q.pop_front();
        }
    }

    /// A session saw `game` end after about `plies` plies (at most that many).
    pub(crate) fn ended(&self, game: u64, plies: Option<u32>) {
        lock(&self.in_play).remove(&game);
        if let Some(p) = plies {
            self.finished_game(game, p);
        }
    }

    fn finished_game(&self, game: u64, plies: u32) {
        let mut f = lock(&self.finished);
        if f.1.insert(game) {
            f.0.push((game, plies));
        }
    }

    fn sent_at(&self, game: u64, ply: u32) -> Option<Instant> {
        lock(&self.sent)
            .get(&game)?
            .iter()
            .find(|(p, _)| *p == ply)
            .map(|(_, at)| *at)
    }

    fn pick_in_play(&self, n: usize) -> Option<u64> {
        let g = lock(&self.in_play);
        (!g.is_empty()).then(|| *g.iter().nth(n % g.len()).unwrap_or(&0))
    }

    fn pick_finished(&self, n: usize) -> Option<(u64, u32)> {
        let f = lock(&self.finished);
        (!f.0.is_empty()).then(|| f.0[n % f.0.len()])
    }

    fn status(&self, status: u16) {
        *lock(&self.statuses).entry(status).or_default() += 1;
    }
}

/// The figures of the web mix.
#[derive(Clone, Debug, Default)]
pub struct WebReport {
    pub rps: u32,
    pub watchers: usize,
    pub scheduled: u64,
    /// Answers by status (the whole run), and requests that got no answer.
    pub statuses: BTreeMap<u16, u64>,
    pub failures: u64,
    pub page_samples: usize,
    pub page_p50: Option<Duration>,
    pub page_p99: Option<Duration>,
    pub page_max: Option<Duration>,
    pub live_samples: usize,
    pub live_p50: Option<Duration>,
    pub live_p99: Option<Duration>,
    pub live_max: Option<Duration>,
    /// Watchers with a stream open at the end, and the most at once.
    pub watching: usize,
    pub watching_peak: usize,
    pub streams_opened: u64,
    pub streams_refused: BTreeMap<u16, u64>,
    pub streams_ended: u64,
    pub streams_cut: u64,
    pub events: u64,
    pub keepalives: u64,
    pub unmatched: u64,
    /// How late the load generator's own schedule fired (p99, max).
    pub late_p99: Option<Duration>,
    pub late_max: Option<Duration>,
    /// The first few requests answered other than 200: status, path.
    pub odd: Vec<(u16, String)>,
    /// Browser players: how many, with a socket open at the end, games begun, moves and
    /// both seats' move-to-screen (µs samples), bytes on the wire a move over the whole run
    /// (both seats: every frame received in games, headers counted, per move sent), refusals, sessions or
    /// sockets that failed; spectators (one every second game), the plies they saw and
    /// their bytes a ply seen; whole game messages asked for after a gap in the deltas.
    pub ws_players: usize,
    pub ws_open: usize,
    pub ws_games: u64,
    pub ws_moves: u64,
    pub ws_samples: usize,
    pub ws_p50: Option<Duration>,
    pub ws_p99: Option<Duration>,
    pub ws_max: Option<Duration>,
    pub ws_bytes_per_move: Option<u64>,
    pub ws_refused: u64,
    pub ws_failures: u64,
    pub ws_spectators: usize,
    pub ws_spectators_watching: u64,
    pub ws_spectated: u64,
    pub ws_spectator_bytes_per_move: Option<u64>,
    pub ws_gaps: u64,
    /// The deltas' bytes alone a move (games in play; entering them aside): both seats', a
    /// spectator's.
    pub ws_delta_bytes_per_move: Option<u64>,
    pub ws_spectator_delta_bytes_per_move: Option<u64>,
    /// Browser players against the computer: how many, open at the end, games begun, their
    /// moves once measuring, those moves' move-to-screen, the computer's answers.
    pub ws_bots: usize,
    pub ws_bot_level: String,
    pub bot_open: usize,
    pub bot_games: u64,
    pub bot_moves: u64,
    pub bot_p50: Option<Duration>,
    pub bot_p99: Option<Duration>,
    pub bot_answers: usize,
    pub bot_answer_p50: Option<Duration>,
    pub bot_answer_p99: Option<Duration>,
}

impl WebReport {
    /// WebSocket bytes a move for both seats and a spectator (the issue's figure), when
    /// both were measured.
    pub fn ws_bytes_per_move_with_spectator(&self) -> Option<u64> {
        Some(self.ws_bytes_per_move? + self.ws_spectator_bytes_per_move?)
    }

    pub(crate) fn of(web: &WebLoad, s: &Shared) -> WebReport {
        let us = |v: Option<u32>| v.map(|us| Duration::from_micros(us.into()));
        let pages = std::mem::take(&mut *lock(&s.page_us));
        let live = std::mem::take(&mut *lock(&s.live_us));
        let late = std::mem::take(&mut *lock(&s.late_us));
        let ws = std::mem::take(&mut *lock(&s.ws.us));
        let bot = std::mem::take(&mut *lock(&s.ws.bot_us));
        let answer = std::mem::take(&mut *lock(&s.ws.bot_answer_us));
        let n = |c: &AtomicU64| c.load(Ordering::Relaxed);
        WebReport {
            rps: web.rps,
            watchers: web.watchers,
            scheduled: n(&s.scheduled),
            statuses: lock(&s.statuses).clone(),
            failures: n(&s.page_failures),
            page_samples: pages.len(),
            page_p50: us(pages.quantile(0.5)),
            page_p99: us(pages.quantile(0.99)),
            page_max: us(pages.max()),
            live_samples: live.len(),
            live_p50: us(live.quantile(0.5)),
            live_p99: us(live.quantile(0.99)),
            live_max: us(live.max()),
            watching: s.watching.load(Ordering::Relaxed),
            watching_peak: s.watching_peak.load(Ordering::Relaxed),
            streams_opened: n(&s.streams_opened),
            streams_refused: lock(&s.streams_refused).clone(),
            streams_ended: n(&s.streams_ended),
            streams_cut: n(&s.streams_cut),
            events: n(&s.events),
            keepalives: n(&s.keepalives),
            unmatched: n(&s.unmatched),
            late_p99: us(late.quantile(0.99)),
            late_max: us(late.max()),
            odd: lock(&s.odd).clone(),
            ws_players: web.ws_players,
            ws_open: s.ws.open.load(Ordering::Relaxed),
            ws_games: n(&s.ws.games),
            ws_moves: n(&s.ws.moves),
            ws_samples: ws.len(),
            ws_p50: us(ws.quantile(0.5)),
            ws_p99: us(ws.quantile(0.99)),
            ws_max: us(ws.max()),
            ws_bytes_per_move: (n(&s.ws.moves_all) > 0)
                .then(|| n(&s.ws.bytes) / n(&s.ws.moves_all)),
            ws_refused: n(&s.ws.refused),
            ws_failures: n(&s.ws.failures),
            ws_spectators: s.ws.spectators.load(Ordering::Relaxed),
            ws_spectators_watching: n(&s.ws.spectators_watching),
            ws_spectated: n(&s.ws.spectated),
            ws_spectator_bytes_per_move: (n(&s.ws.spectated) > 0)
                .then(|| n(&s.ws.spectator_bytes) / n(&s.ws.spectated)),
            ws_gaps: n(&s.ws.gaps),
            ws_delta_bytes_per_move: (n(&s.ws.moves_all) > 0)
                .then(|| n(&s.ws.delta_bytes) / n(&s.ws.moves_all)),
            ws_spectator_delta_bytes_per_move: (n(&s.ws.spectated) > 0)
                .then(|| n(&s.ws.spectator_delta_bytes) / n(&s.ws.spectated)),
            ws_bots: web.ws_bots,
            ws_bot_level: web.ws_bot_level.clone(),
            bot_open: s.ws.bot_open.load(Ordering::Relaxed),
            bot_games: n(&s.ws.bot_games),
            bot_moves: n(&s.ws.bot_moves),
            bot_p50: us(bot.quantile(0.5)),
            bot_p99: us(bot.quantile(0.99)),
            bot_answers: answer.len(),
            bot_answer_p50: us(answer.quantile(0.5)),
            bot_answer_p99: us(answer.quantile(0.99)),
        }
    }

    /// Answers of a status (429: over the request budget).
    pub fn answered(&self, status: u16) -> u64 {
        self.statuses.get(&status).copied().unwrap_or(0)
    }

    /// `web: pages N (M/s scheduled), p50 X p99 Y max Z, answers 200 N, 404 N, ..., no answer
    /// N, 429s N; watchers W of N (peak P), streams S (ended E, cut C, refused ...), events
    /// N, keep-alives N, live samples N p50 X p99 Y max Z, unmatched N; the load generator's
    /// own schedule late p99 X max Y`.
    pub fn line(&self) -> String {
        let ms = |d: Option<Duration>| {
            d.map_or("n/a".to_string(), |d| {
                format!("{:.1}ms", d.as_secs_f64() * 1000.0)
            })
        };
        let by = |m: &BTreeMap<u16, u64>| {
            if m.is_empty() {
                return "none".to_string();
            }
            m.iter()
                .map(|(s, n)| match s {
                    0 => format!("failed {n}"),
                    s => format!("{s} {n}"),
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let answered: u64 = self.statuses.values().sum();
        let odd = match self.odd.is_empty() {
            true => String::new(),
            false => format!(
                " (first: {})",
                self.odd
                    .iter()
                    .map(|(s, p)| format!("{s} {p}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        format!(
            "web: pages {answered} answered of {} scheduled ({}/s), page p50 {} p99 {} max {} ({} measured); answers {}{odd}; no answer {}; 429s {}; watchers {} of {} (peak {}), streams opened {} (ended {}, cut {}, refused: {}), events {}, keep-alives {}, live samples {} p50 {} p99 {} max {}, events of plies not sent by the load {}; the load generator's own schedule late p99 {} max {}",
            self.scheduled,
            self.rps,
            ms(self.page_p50),
            ms(self.page_p99),
            ms(self.page_max),
            self.page_samples,
            by(&self.statuses),
            self.failures,
            self.answered(429) + self.streams_refused.get(&429).copied().unwrap_or(0),
            self.watching,
            self.watchers,
            self.watching_peak,
            self.streams_opened,
            self.streams_ended,
            self.streams_cut,
            by(&self.streams_refused),
            self.events,
            self.keepalives,
            self.live_samples,
            ms(self.live_p50),
            ms(self.live_p99),
            ms(self.live_max),
            self.unmatched,
            ms(self.late_p99),
            ms(self.late_max),
        ) + &self.ws_line()
            + &self.bot_line()
    }

    /// `; against the computer (LEVEL) N (open N): games N, moves N, move-to-screen p50 X
    /// p99 Y, the computer's answer p50 X p99 Y (N)` (nothing without them).
    fn bot_line(&self) -> String {
        if self.ws_bots == 0 {
            return String::new();
        }
        let ms = |d: Option<Duration>| {
            d.map_or("n/a".to_string(), |d| {
                format!("{:.1}ms", d.as_secs_f64() * 1000.0)
            })
        };
        format!(
            "; against the computer ({}) {} (open {}): games {}, moves {}, move-to-screen p50 {} p99 {}, the computer's answer p50 {} p99 {} ({})",
            self.ws_bot_level,
            self.ws_bots,
            self.bot_open,
            self.bot_games,
            self.bot_moves,
            ms(self.bot_p50),
            ms(self.bot_p99),
            ms(self.bot_answer_p50),
            ms(self.bot_answer_p99),
            self.bot_answers,
        )
    }

    /// `; browser players N (open N): games N, moves N, move-to-screen p50 X p99 Y max Z (N
    /// measured), bytes/move B (both seats), spectators N (plies seen N) bytes/move S,
    /// seats and a spectator T (the deltas alone D + E), gaps N, refused N, failed N`
    /// (nothing without browser players).
    fn ws_line(&self) -> String {
        if self.ws_players == 0 {
            return String::new();
        }
        let ms = |d: Option<Duration>| {
            d.map_or("n/a".to_string(), |d| {
                format!("{:.1}ms", d.as_secs_f64() * 1000.0)
            })
        };
        format!(
            "; browser players {} (open {}): games {}, moves {}, move-to-screen p50 {} p99 {} max {} ({} measured), bytes/move {} (both seats), spectators {} (came to watch {} times, plies seen {}) bytes/move {}, seats and a spectator {} (the deltas alone {} + {}), gaps {}, refused {}, failed {}",
            self.ws_players,
            self.ws_open,
            self.ws_games,
            self.ws_moves,
            ms(self.ws_p50),
            ms(self.ws_p99),
            ms(self.ws_max),
            self.ws_samples,
            self.ws_bytes_per_move
                .map_or("n/a".to_string(), |b| b.to_string()),
            self.ws_spectators,
            self.ws_spectators_watching,
            self.ws_spectated,
            self.ws_spectator_bytes_per_move
                .map_or("n/a".to_string(), |b| b.to_string()),
            self.ws_bytes_per_move_with_spectator()
                .map_or("n/a".to_string(), |b| b.to_string()),
            self.ws_delta_bytes_per_move
                .map_or("n/a".to_string(), |b| b.to_string()),
            self.ws_spectator_delta_bytes_per_move
                .map_or("n/a".to_string(), |b| b.to_string()),
            self.ws_gaps,
            self.ws_refused,
            self.ws_failures,
        )
    }
}

/// Starts the web mix: the page scheduler, its connections, and the watchers (their tasks
/// join `tasks`). `nicks`: the load's players with a name.
pub(crate) fn spawn(
    web: &WebLoad,
    nicks: Vec<String>,
    counters: &Arc<Counters>,
    deadline: tokio::time::Instant,
    tasks: &mut Vec<tokio::task::JoinHandle<()>>,
) {
    let nicks = Arc::new(nicks);
    if web.rps > 0 {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<Job>();
        let rx = Arc::new(tokio::sync::Mutex::new(rx));
        for _ in 0..PAGE_CONNECTIONS {
            let (rx, counters, nicks) = (rx.clone(), counters.clone(), nicks.clone());
            let addr = web.addr;
            tasks.push(tokio::spawn(async move {
                page_worker(addr, rx, counters, nicks).await;
            }));
        }
        let (rps, counters) = (web.rps, counters.clone());
        tasks.push(tokio::spawn(async move {
            let mut mix = Mix::default();
            let visitors = rps.div_ceil(PER_VISITOR_RPS).max(1);
            let start = tokio::time::Instant::now();
            schedule(rps, start, deadline, |k, due| {
                counters.web.scheduled.fetch_add(1, Ordering::Relaxed);
                if counters.measuring.load(Ordering::Relaxed) {
                    let late = tokio::time::Instant::now().duration_since(due);
                    let us = late.as_micros().min(u32::MAX as u128) as u32;
                    lock(&counters.web.late_us).record(us);
                }
                let _ = tx.send(Job {
                    k,
                    due,
                    page: mix.next_page(),
                    from: address(80, (k % u64::from(visitors)) as usize),
                });
            })
            .await;
        }));
    }
    for i in 0..web.watchers {
        let counters = counters.clone();
        let addr = web.addr;
        tasks.push(tokio::spawn(async move {
            watcher(i, addr, counters).await;
        }));
    }
}

/// A visitor's address: `10.{net}.x.y`, the `i`th.
fn address(net: u8, i: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(10, net, (i / 250) as u8, (i % 250) as u8 + 1))
}

/// A page request due.
struct Job {
    k: u64,
    due: tokio::time::Instant,
    page: Page,
    from: IpAddr,
}

/// The path of request `k` of kind `page` (`Finished` with none known yet asks a player's
/// games, which makes them known; a game in play with none: the list of games in play).
fn path_of(shared: &Shared, nicks: &[String], k: u64, page: Page) -> String {
    let k = k as usize;
    let nick = |n: usize| {
        nicks
            .get(n % nicks.len().max(1))
            .cloned()
            .unwrap_or_default()
    };
    let finished = |n: usize| {
        shared
            .pick_finished(n)
            .map(|(id, plies)| (id, (n.wrapping_mul(7919) % (plies as usize + 1)) as u32))
    };
    match page {
        Page::Front => "/".into(),
        Page::Leaderboard => "/leaderboard/classic".into(),
        Page::Player => format!("/@/{}", nick(k)),
        Page::Finished => match finished(k) {
            Some((id, ply)) => format!("/game/{id}?ply={ply}"),
            None => format!("/api/games/{}", nick(k)),
        },
        Page::LiveList => "/games/live".into(),
        Page::LiveGame => match shared.pick_in_play(k) {
            Some(id) => format!("/game/{id}"),
            None => "/games/live".into(),
        },
        Page::Api => match (k / 7) % 6 {
            0 => "/api/leaderboard/classic".into(),
            1 => format!("/api/player/{}", nick(k)),
            2 => match finished(k) {
                Some((id, ply)) => format!("/api/game/{id}?ply={ply}"),
                None => format!("/api/games/{}", nick(k)),
            },
            3 => match shared.pick_in_play(k) {
                Some(id) => format!("/api/game/{id}"),
                None => "/api/games/live".into(),
            },
            4 => format!("/api/games/{}", nick(k)),
            _ => "/api/games/live".into(),
        },
    }
}

/// One keep-alive connection taking page requests in turn.
async fn page_worker(
    addr: SocketAddr,
    rx: Arc<tokio::sync::Mutex<tokio::sync::mpsc::UnboundedReceiver<Job>>>,
    counters: Arc<Counters>,
    nicks: Arc<Vec<String>>,
) {
    let (shared, measuring) = (&counters.web, &counters.measuring);
    let mut conn: Option<Http> = None;
    loop {
        let Some(job) = rx.lock().await.recv().await else {
            return;
        };
        let path = path_of(shared, &nicks, job.k, job.page);
        let answer = tokio::time::timeout(REQUEST_GIVE_UP, async {
            // A kept-alive connection the server closed meanwhile (its idle timeout) fails
            // before an answer's first byte: once more on a new one, as browsers do.
            for reused in [conn.is_some(), false] {
                if conn.is_none() {
                    conn = Some(Http::connect(addr).await?);
                }
                let c = conn
                    .as_mut()
                    .ok_or_else(|| std::io::Error::other("no connection"))?;
                let head = match c.get(&path, job.from).await {
                    Ok(()) => c.head().await,
                    Err(e) => Err(e),
                };
                match head {
                    Ok(head) => {
                        let body = c.body(&head).await?;
                        return Ok((head, body));
                    }
                    Err(_) if reused => conn = None,
                    Err(e) => return Err(e),
                }
            }
            Err(std::io::Error::other("no answer"))
        })
        .await;
        let done = tokio::time::Instant::now();
        match answer {
            Ok(Ok((head, body))) => {
                if head.close {
                    conn = None;
                }
                shared.status(head.status);
                if head.status != 200 {
                    let mut odd = lock(&shared.odd);
                    if odd.len() < ODD_KEPT {
                        odd.push((head.status, path.clone()));
                    }
                }
                if measuring.load(Ordering::Relaxed) {
                    let us = done
                        .duration_since(job.due)
                        .as_micros()
                        .min(u32::MAX as u128);
                    lock(&shared.page_us).record(us as u32);
                }
                if head.status == 200 && path.starts_with("/api/games/") {
                    learn_finished(shared, &body);
                }
            }
            Ok(Err(_)) | Err(_) => {
                conn = None;
                shared.page_failures.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// The finished games of an `/api/games/{nick}` answer (one JSON object a line).
fn learn_finished(shared: &Shared, body: &[u8]) {
    for line in String::from_utf8_lossy(body).lines() {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if let (Some(id), Some(plies)) = (v["id"].as_u64(), v["plies"].as_u64()) {
            shared.finished_game(id, plies.min(u64::from(u32::MAX)) as u32);
        }
    }
}

/// A watcher: a live stream of a game of the load in play at a time, another when it ends.
async fn watcher(i: usize, addr: SocketAddr, counters: Arc<Counters>) {
    let (shared, measuring) = (&counters.web, &counters.measuring);
    let from = address(90, i);
    for round in 0usize.. {
        let Some(game) = shared.pick_in_play(i.wrapping_add(round.wrapping_mul(7919))) else {
            tokio::time::sleep(Duration::from_millis(250)).await;
            continue;
        };
        match watch(addr, game, from, shared, measuring).await {
            Ok(true) => {}
            // Refused or failed: not at once again.
            Ok(false) | Err(_) => tokio::time::sleep(Duration::from_millis(500)).await,
        }
    }
}

/// Watches `game` until its stream ends: whether it was opened.
async fn watch(
    addr: SocketAddr,
    game: u64,
    from: IpAddr,
    shared: &Shared,
    measuring: &std::sync::atomic::AtomicBool,
) -> std::io::Result<bool> {
    let refused = |status: u16| {
        *lock(&shared.streams_refused).entry(status).or_default() += 1;
    };
    let opened = tokio::time::timeout(REQUEST_GIVE_UP, async {
        let mut c = Http::connect(addr).await?;
        c.get(&format!("/api/game/{game}/live"), from).await?;
        let head = c.head().await?;
        Ok::<_, std::io::Error>((c, head))
    })
    .await;
    let (mut c, head) = match opened {
        Ok(Ok(o)) => o,
        Ok(Err(e)) => {
            refused(0);
            return Err(e);
        }
        Err(_) => {
            refused(0);
            return Ok(false);
        }
    };
    if head.status != 200 {
        refused(head.status);
        return Ok(false);
    }
    shared.streams_opened.fetch_add(1, Ordering::Relaxed);
    let now = shared.watching.fetch_add(1, Ordering::Relaxed) + 1;
    shared.watching_peak.fetch_max(now, Ordering::Relaxed);
    let r = follow(&mut c, &head, game, shared, measuring).await;
    shared.watching.fetch_sub(1, Ordering::Relaxed);
    match r {
        Ok(true) => shared.streams_ended.fetch_add(1, Ordering::Relaxed),
        _ => shared.streams_cut.fetch_add(1, Ordering::Relaxed),
    };
    Ok(true)
}

/// Reads a stream's events until it ends: whether it ended with `event: end`.
async fn follow(
    c: &mut Http,
    head: &Head,
    game: u64,
    shared: &Shared,
    measuring: &std::sync::atomic::AtomicBool,
) -> std::io::Result<bool> {
    let mut parser = SseParser::default();
    let mut body = Body::new(head);
    let mut first = true;
    let mut last_ply: Option<u32> = None;
    while let Some(bytes) = c.piece(&mut body).await? {
        let arrived = Instant::now();
        let comments = parser.comments;
        let events = parser.feed(&bytes);
        shared
            .keepalives
            .fetch_add(parser.comments - comments, Ordering::Relaxed);
        for e in events {
            shared.events.fetch_add(1, Ordering::Relaxed);
            if e.event == "end" {
                return Ok(true);
            }
            let ply = e.id.as_deref().and_then(|id| id.trim().parse::<u32>().ok());
            if std::mem::replace(&mut first, false) {
                last_ply = ply;
                continue;
            }
            let Some(ply) = ply else { continue };
            if last_ply.is_some_and(|l| ply <= l) {
                continue; // The same ply again (a clock's change): measured once.
            }
            last_ply = Some(ply);
            match shared.sent_at(game, ply) {
                Some(sent) => {
                    if measuring.load(Ordering::Relaxed) {
                        let us = arrived.saturating_duration_since(sent).as_micros();
                        lock(&shared.live_us).record(us.min(u32::MAX as u128) as u32);
                    }
                }
                None => {
                    shared.unmatched.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    }
    Ok(false)
}

/// A response's head.
#[derive(Debug)]
pub struct Head {
    pub status: u16,
    pub length: Option<usize>,
    pub chunked: bool,
    /// The server closes the connection after this answer.
    pub close: bool,
}

/// Where a body's reading is.
struct Body {
    chunked: bool,
    /// Bytes left: of the body (by length), or of the current chunk.
    left: Option<usize>,
    done: bool,
}

impl Body {
    fn new(head: &Head) -> Body {
        Body {
            chunked: head.chunked,
            left: if head.chunked { Some(0) } else { head.length },
            done: !head.chunked && head.length == Some(0),
        }
    }
}

/// One HTTP/1.1 connection.
pub struct Http {
    io: BufReader<TcpStream>,
    host: String,
}

impl Http {
    pub async fn connect(addr: SocketAddr) -> std::io::Result<Http> {
        let s = TcpStream::connect(addr).await?;
        s.set_nodelay(true)?;
        Ok(Http {
            io: BufReader::new(s),
            host: addr.to_string(),
        })
    }

    /// Sends `GET path` as a proxy would for a visitor at `from`.
    pub async fn get(&mut self, path: &str, from: IpAddr) -> std::io::Result<()> {
        let req = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nUser-Agent: stratego-loadgen\r\nAccept: */*\r\nX-Forwarded-For: {from}\r\n\r\n",
            self.host
        );
        self.io.get_mut().write_all(req.as_bytes()).await
    }

    pub async fn head(&mut self) -> std::io::Result<Head> {
        let bad =
            |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
        let mut line = String::new();
        let mut read = 0;
        if self.io.read_line(&mut line).await? == 0 {
            return Err(bad("closed before an answer"));
        }
        read += line.len();
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("no status"))?;
        let mut head = Head {
            status,
            length: None,
            chunked: false,
            close: line.starts_with("HTTP/1.0"),
        };
        loop {
            line.clear();
            if self.io.read_line(&mut line).await? == 0 {
                return Err(bad("closed in the head"));
            }
            read += line.len();
            if read > MAX_HEAD {
                return Err(bad("head too long"));
            }
            let l = line.trim_end();
            if l.is_empty() {
                return Ok(head);
            }
            let Some((name, value)) = l.split_once(':') else {
                continue;
            };
            let value = value.trim().to_ascii_lowercase();
            match name.trim().to_ascii_lowercase().as_str() {
                "content-length" => head.length = value.parse().ok(),
                "transfer-encoding" => head.chunked = value.contains("chunked"),
                "connection" => head.close = value.contains("close"),
                _ => {}
            }
        }
    }

    /// A whole body.
    pub async fn body(&mut self, head: &Head) -> std::io::Result<Vec<u8>> {
        let mut b = Body::new(head);
        let mut out = Vec::new();
        while let Some(piece) = self.piece(&mut b).await? {
            out.extend_from_slice(&piece);
            if out.len() > MAX_BODY {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    "body too long",
                ));
            }
        }
        Ok(out)
    }

    /// The body's next bytes as they come (`None`: its end).
    async fn piece(&mut self, b: &mut Body) -> std::io::Result<Option<Vec<u8>>> {
        if b.done {
            return Ok(None);
        }
        let eof = || std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "closed in a body");
        if !b.chunked {
            let mut buf = vec![0; 16 * 1024];
            let want = b.left.map_or(buf.len(), |l| l.min(buf.len()));
            let n = self.io.read(&mut buf[..want]).await?;
            if n == 0 {
                b.done = true;
                return match b.left {
                    Some(_) => Err(eof()),
                    None => Ok(None), // Until the connection closes.
                };
            }
            buf.truncate(n);
            if let Some(l) = &mut b.left {
                *l -= n;
                b.done = *l == 0;
            }
            return Ok(Some(buf));
        }
        let mut line = String::new();
        if b.left == Some(0) {
            if self.io.read_line(&mut line).await? == 0 {
                return Err(eof());
            }
            let size = line.trim().split(';').next().unwrap_or("");
            let size = usize::from_str_radix(size.trim(), 16).map_err(|_| {
                std::io::Error::new(std::io::ErrorKind::InvalidData, "bad chunk size")
            })?;
            if size == 0 {
                // Trailers, then the blank line.
                loop {
                    line.clear();
                    if self.io.read_line(&mut line).await? == 0 || line.trim().is_empty() {
                        break;
                    }
                }
                b.done = true;
                return Ok(None);
            }
            b.left = Some(size);
        }
        let left = b.left.unwrap_or(0);
        let mut buf = vec![0; left.min(16 * 1024)];
        let n = self.io.read(&mut buf).await?;
        if n == 0 {
            return Err(eof());
        }
        buf.truncate(n);
        b.left = Some(left - n);
        if left == n {
            let mut crlf = [0u8; 2];
            self.io.read_exact(&mut crlf).await?;
        }
        Ok(Some(buf))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(event: &str, data: &str, id: Option<&str>) -> SseEvent {
        SseEvent {
            event: event.into(),
            data: data.into(),
            id: id.map(Into::into),
        }
    }

    #[test]
    fn events_split_anywhere_come_out_whole() {
        let stream = "event: position\nid: 3\ndata: {\"ply\":3,\"live\":true,\"who\":\"é\"}\n\n\
                      : keep-alive\n\n\
                      event: position\r\nid: 4\r\ndata: {\"ply\":4}\r\n\r\n\
                      event: end\rdata: Red won\r\r";
        let whole = {
            let mut p = SseParser::default();
            let e = p.feed(stream.as_bytes());
            assert_eq!(p.comments, 1);
            e
        };
        assert_eq!(
            whole,
            vec![
                ev(
                    "position",
                    "{\"ply\":3,\"live\":true,\"who\":\"é\"}",
                    Some("3")
                ),
                ev("position", "{\"ply\":4}", Some("4")),
                ev("end", "Red won", Some("4")),
            ]
        );
        // The same bytes in every split into two reads, and a byte a read (the é's two
        // bytes apart, CRLF apart): the same events.
        let bytes = stream.as_bytes();
        for cut in 0..=bytes.len() {
            let mut p = SseParser::default();
            let mut got = p.feed(&bytes[..cut]);
            got.extend(p.feed(&bytes[cut..]));
            assert_eq!(got, whole, "cut at {cut}");
            assert_eq!(p.comments, 1);
        }
        let mut p = SseParser::default();
        let got: Vec<SseEvent> = bytes.iter().flat_map(|b| p.feed(&[*b])).collect();
        assert_eq!(got, whole);
    }

    #[test]
    fn data_lines_join_and_comments_make_no_event() {
        let mut p = SseParser::default();
        let got = p.feed(
            b": keep-alive\n: keep-alive\n\nevent: html\nid: 7\ndata: <div>\ndata:  <b>x</b>\ndata:\ndata: </div>\n\n",
        );
        assert_eq!(
            got,
            vec![ev("html", "<div>\n <b>x</b>\n\n</div>", Some("7"))]
        );
        assert_eq!(p.comments, 2);
        // An event with no data is not dispatched; nor is half an event.
        assert_eq!(p.feed(b"event: html\n\nevent: html\ndata: half"), vec![]);
        assert_eq!(p.feed(b"\n\n"), vec![ev("html", "half", Some("7"))]);
        // No `event:`: a message.
        assert_eq!(p.feed(b"data:x\n\n"), vec![ev("message", "x", Some("7"))]);
    }

    #[test]
    fn the_mix_gives_each_kind_its_share_spread_out() {
        let mut mix = Mix::default();
        let picks: Vec<Page> = (0..1000).map(|_| mix.next_page()).collect();
        for (page, weight) in MIX {
            let n = picks.iter().filter(|p| **p == page).count();
            assert_eq!(n, weight as usize * 10, "{page:?}");
            // Spread: in any 100 consecutive picks, within one of its weight.
            for w in picks.windows(100) {
                let m = w.iter().filter(|p| **p == page).count() as i64;
                assert!((m - i64::from(weight)).abs() <= 1, "{page:?}: {m} in 100");
            }
        }
    }

    #[tokio::test(start_paused = true)]
    async fn the_schedule_fires_at_the_rate_evenly_and_on_time() {
        let start = tokio::time::Instant::now();
        let until = start + Duration::from_secs(10);
        let mut fired = Vec::new();
        schedule(200, start, until, |k, due| {
            fired.push((k, due, tokio::time::Instant::now()));
            // A slow consumer does not delay the schedule (it only hands requests on).
        })
        .await;
        assert_eq!(fired.len(), 2000);
        for (i, (k, due, at)) in fired.iter().enumerate() {
            assert_eq!(*k, i as u64);
            let want = start + Duration::from_secs_f64(i as f64 / 200.0);
            assert_eq!(*due, want);
            assert!(*at >= *due && at.duration_since(*due) < Duration::from_millis(1));
        }
        // Per second, 200.
        for s in 0..10u64 {
            let from = start + Duration::from_secs(s);
            let to = from + Duration::from_secs(1);
            let n = fired
                .iter()
                .filter(|(_, d, _)| *d >= from && *d < to)
                .count();
            assert_eq!(n, 200, "second {s}");
        }
        let mut none = 0;
        schedule(0, start, until, |_, _| none += 1).await;
        assert_eq!(none, 0);
    }

    #[test]
    fn paths_use_the_load_s_games_and_players() {
        let s = Shared::default();
        let nicks = vec!["load-0".to_string(), "load-1".to_string()];
        // Nothing known yet: a player's games (which makes finished games known), the list
        // of games in play.
        assert_eq!(path_of(&s, &nicks, 0, Page::Finished), "/api/games/load-0");
        assert_eq!(path_of(&s, &nicks, 0, Page::LiveGame), "/games/live");
        learn_finished(
            &s,
            b"{\"id\":12,\"plies\":40,\"red\":\"load-0\"}\n{\"id\":13,\"plies\":0}\nnot json\n",
        );
        s.playing(21);
        for k in 0..50 {
            let p = path_of(&s, &nicks, k, Page::Finished);
            let (id, ply) = p
                .strip_prefix("/game/")
                .and_then(|r| r.split_once("?ply="))
                .unwrap_or_else(|| panic!("{p}"));
            let ply: u32 = ply.parse().unwrap();
            assert!((id == "12" && ply <= 40) || (id == "13" && ply == 0), "{p}");
        }
        assert_eq!(path_of(&s, &nicks, 3, Page::LiveGame), "/game/21");
        assert_eq!(path_of(&s, &nicks, 1, Page::Player), "/@/load-1");
        s.ended(21, Some(30));
        assert_eq!(path_of(&s, &nicks, 3, Page::LiveGame), "/games/live");
        // The latest send of a ply counts.
        let t0 = Instant::now();
        s.moved(5, 3, t0);
        s.moved(5, 3, t0 + Duration::from_millis(5));
        assert_eq!(s.sent_at(5, 3), Some(t0 + Duration::from_millis(5)));
        assert_eq!(s.sent_at(5, 4), None);
    }
}
