//! A load generator that plays like people do: real SSH sessions with PTYs, keys in, frames
//! out, each screen read through its own small terminal ([`cells::Cells`]: the characters and
//! reverse video, what is read; a full `vt100` per session was most of the load generator's
//! CPU at thousands of sessions).
//!
//! Sessions `load-0 .. load-N` each have their own ed25519 key. For each of the first
//! `games` pairs, `load-2k` posts a seek (`n`, Enter) and `load-2k+1` finds it in the seek
//! list, moves the selection onto it and accepts (Enter); both set up at random (`r`, `d`)
//! and then, on their turn, read the board from their screen and type a move (`m`,
//! `a4 a5`, Enter), trying another one when the screen shows an error. Finished games are
//! followed by a rematch. Sessions beyond the pairs stay in the lobby, reading (and
//! counting) what the server sends without interpreting it.
//!
//! Measured: move-to-screen latency (from sending the Enter of a move until the mover's own
//! status line shows the turn passed, and until the opponent's shows its turn), bytes the
//! game screens receive per move, and, with `server_pid`, the server's resident memory per
//! session and its CPU over the measured window (its share of a core, its CPU time a move).
//! The load generator's own CPU over the same window, and how late its sessions typed their
//! moves after the thinking pause, say whether it kept up: when it did not, the figures
//! measure it as much as the server, and it says so ([`Report::verdict`]).
//!
//! With `abusers` (issue 12), that many more sessions run attacks in a loop beside the
//! honest ones, each abuser one kind in turn by its number ([`Attack`]): guest logins cycled
//! (connect without a key, see the first bytes, disconnect), seeks posted and cancelled,
//! games against the computer started and left (`b`, `q`, `y`), chat floods, window-change
//! floods, exec floods (a hundred requests on one channel and a channel per command), and
//! (issue 33) idle guests (logged in without a key, no channel opened, the connection held
//! until the server closes it or [`IDLE_HOLD`], then again), commands multiplexed over one
//! connection (a hundred a round, each on a new channel read until its exit status and
//! never closed by us: russh's client still answers the server's close), and a flood of new
//! keys (a brand-new key each round logs in with a terminal, now and then asking for the
//! name `!!`, waits for the first screen and leaves). Only the honest sessions are
//! measured: the last line adds `abusers N, honest p99 Xms`; [`Report::abuse_summary`]
//! says what the abusers did (rounds by attack, the idle guests' median hold, the
//! multiplexed commands answered, busy and refused, the new keys welcomed).
//! Abusers connect from their own source addresses (ten to an address), so the per-address
//! limits they meet are not the honest players'. `attacks` narrows what they run (to see
//! what each attack costs).
//!
//! With `arena`, the playing sessions play in an arena tournament instead of seeks: the
//! load generator first creates it over an exec channel with session 0's key (`tournament
//! create load arena --arena M --casual --clock none --start +1h`, M the run's minutes
//! rounded up plus one; the server must run with `--players-create-tournaments true`),
//! after a first interactive login of `load-0` (a key must hold a nick to organise). The playing sessions join it through
//! the screens as a person does (`T`, Enter on it, `j`); once all have joined (or after
//! [`JOIN_WAIT`]) the load generator starts it (`tournament start N`). They play the games
//! the arena seats them in as above, ask for no rematch, and wait to be paired again.
//! Measured besides: the **pairing latency**, per session the time from seeing its game's
//! end (the game-over screen) to seeing the next game's set-up screen. It is what a player
//! waits, as measured: it includes the server's deliberate rest between an arena player's
//! games (`lobby::tournaments::ARENA_REST`, 2 s) and up to a second of the director's
//! pairing tick, so it is never below 2 s; what the server's load adds is what lies above
//! that. Samples are kept from the start (not only after the warm-up).
//!
//! Bounded: at most [`MAX_SESSIONS`] sessions and [`MAX_ABUSERS`] abusers for at most
//! [`MAX_DURATION`], every attack round bounded in count and time, loopback addresses only.
//! Honest sessions connect from distinct 127.1.x.y source addresses, four to an address (a
//! household), within the server's default per-address limits.

mod abuse;
mod cells;
mod connect;
mod cpu;
mod grid;
pub mod read;
mod report;
mod run;
mod samples;
mod session;
mod web;
mod ws;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};

pub use abuse::{Attack, IDLE_HOLD};
pub use read::{candidate_moves, read_board, read_status, Board, Sq, Status};
pub use report::Report;
pub use run::run;
pub use samples::Samples;
pub use web::{
    schedule, Head, Http, Mix, Page, SseEvent, SseParser, WebLoad, WebReport, MAX_WATCHERS,
    MAX_WEB_RPS, MIX, PAGE_CONNECTIONS,
};

use abuse::*;
use connect::*;
use grid::*;
use samples::*;
use session::*;

pub const MAX_SESSIONS: usize = 5000;
pub const MAX_ABUSERS: usize = 1000;
pub const MAX_DURATION: Duration = Duration::from_secs(3600);
/// Honest sessions sharing one source address (a household): within the server's default
/// per-address limits, new connections a minute included.
const PER_SOURCE_ADDRESS: usize = 4;
/// Abusers sharing one source address: an attacker with a few addresses, not a botnet
/// (per-address budgets are what this measures; a botnet meets the global limits).
const ABUSERS_PER_ADDRESS: usize = 10;
/// Handshakes in flight at once while the sessions connect.
const CONNECTING_AT_ONCE: usize = 32;
/// A move with no visible result after this long is given up (and another one tried).
const MOVE_GIVE_UP: Duration = Duration::from_secs(5);
/// Least time between two looks at a screen that is not waiting for its own move.
const LOOK_EVERY: Duration = Duration::from_millis(20);
/// With `arena`: how long the load generator waits for every playing session to join
/// before it starts the arena anyway.
pub const JOIN_WAIT: Duration = Duration::from_secs(60);
/// The arena's name (`tournament create load arena ...`).
const ARENA_NAME: &str = "load arena";

#[derive(Clone, Debug)]
pub struct LoadConfig {
    pub addr: SocketAddr,
    pub sessions: usize,
    pub games: usize,
    pub duration: Duration,
    pub cols: u16,
    pub rows: u16,
    /// Read this process's VmRSS before and during the run.
    pub server_pid: Option<u32>,
    /// Pause between seeing one's turn and typing the move (0: as fast as possible).
    pub think: Duration,
    pub seed: u64,
    /// Seconds between progress lines (0: none).
    pub progress_every: Duration,
    /// Latencies count from when every game is in play, or from this long after the
    /// start if that comes first (arrivals, seeks and set-ups are not what is measured).
    pub warmup: Duration,
    /// Extra sessions that run attacks in a loop (not measured).
    pub abusers: usize,
    /// The attacks they run, abuser `i` the `i`th mod their number (empty: all).
    pub attacks: Vec<Attack>,
    /// The playing sessions play in an arena tournament the load generator creates and
    /// starts (the server must let players create tournaments), not through seeks.
    pub arena: bool,
    /// Each playing session resigns on its first turn from a move drawn (per game) between
    /// half and one and a half times this (random moves make games of hundreds of moves,
    /// with a thinking pause of seconds longer than a run). `None`: never.
    pub resign_at: Option<u32>,
    /// The web mix beside the sessions (page requests and live watchers), if any.
    pub web: Option<WebLoad>,
}

impl LoadConfig {
    pub fn check(&self) -> Result<()> {
        if !self.addr.ip().is_loopback() {
            bail!(
                "the load generator only connects to loopback addresses (127.0.0.0/8, ::1), not {}",
                self.addr.ip()
            );
        }
        if self.sessions == 0 || self.sessions > MAX_SESSIONS {
            bail!("--sessions must be between 1 and {MAX_SESSIONS}");
        }
        if self.games * 2 > self.sessions {
            bail!(
                "--games {} needs {} sessions; there are {}",
                self.games,
                self.games * 2,
                self.sessions
            );
        }
        if self.abusers > MAX_ABUSERS {
            bail!("--abusers must be at most {MAX_ABUSERS}");
        }
        if self.duration.is_zero() || self.duration > MAX_DURATION {
            bail!(
                "--duration must be between 1s and {}s",
                MAX_DURATION.as_secs()
            );
        }
        if let Some(w) = &self.web {
            if !w.addr.ip().is_loopback() {
                bail!(
                    "the load generator only connects to loopback addresses (127.0.0.0/8, ::1), not {}",
                    w.addr.ip()
                );
            }
            if w.rps > MAX_WEB_RPS {
                bail!("--web-rps must be at most {MAX_WEB_RPS}");
            }
            if w.watchers > MAX_WATCHERS {
                bail!("--web-watchers must be at most {MAX_WATCHERS}");
            }
            if w.ws_bots > ws::MAX_WS_BOTS {
                bail!("--ws-bots must be at most {}", ws::MAX_WS_BOTS);
            }
            if w.ws_players > ws::MAX_WS_PLAYERS || w.ws_players % 2 == 1 {
                bail!(
                    "--ws-players must be even (they play in pairs) and at most {}",
                    ws::MAX_WS_PLAYERS
                );
            }
        }
        if self.cols < 80 || self.rows < 24 || self.cols > 500 || self.rows > 200 {
            bail!("--cols/--rows must be within 80x24 .. 500x200");
        }
        Ok(())
    }
}

#[derive(Clone, Debug)]
enum Role {
    Poster,
    /// Accepts the seek of this nickname.
    Acceptor(String),
    /// Joins the arena through its screen and plays the games it is put in.
    Entrant,
    Idle,
}

struct SessionCfg {
    index: usize,
    /// Its key's number (`index` plus `STRATEGO_LOADGEN_FIRST`): its identity and nick.
    key: usize,
    nick: String,
    role: Role,
    addr: SocketAddr,
    cols: u16,
    rows: u16,
    think: Duration,
    seed: u64,
    resign_at: Option<u32>,
}

#[derive(Default)]
struct Counters {
    connected: AtomicUsize,
    failed: AtomicUsize,
    playing: AtomicUsize,
    games: AtomicU64,
    moves: AtomicU64,
    failed_attempts: AtomicU64,
    bytes_total: AtomicU64,
    bytes_playing: AtomicU64,
    /// Move-to-screen latencies (µs) once the warm-up is over.
    latencies_us: Mutex<Samples>,
    /// The same to the opponent's screen: from the mover's Enter until the opponent's
    /// status line shows its turn.
    opponent_us: Mutex<Samples>,
    /// Games' last move typed, when, and by which session (its index): the opponent's
    /// session takes it when it sees the move. A session that finds its own move there has
    /// its opponent in another load generator (two of them on one lobby, whose seeks the
    /// lobby may pair): that move's arrival is not timed here ([`Counters::opponent_elsewhere`]).
    typed: Mutex<HashMap<u64, (Instant, usize)>>,
    /// Turns not timed on the opponent's screen because the move was typed by a session of
    /// another load generator (its time is not known here), while measuring.
    opponent_elsewhere: AtomicU64,
    /// With STRATEGO_LOADGEN_TIMES=FILE (`wall` set): while measuring, each move typed
    /// (`T`) and each turn not timed here (`S`: its move typed in another load generator),
    /// as (kind, game, ply, µs since the epoch by the wall clock), written to FILE at the
    /// end: two load generators on one machine share that clock, and split-load.sh joins
    /// their files to time those turns too.
    wall: bool,
    wall_times: Mutex<Vec<(u8, u64, u32, u64)>>,
    /// Measured: how late each turn's first move was typed after its thinking pause (µs),
    /// and how many were later than [`LATE`].
    late_us: Mutex<Samples>,
    late_moves: AtomicU64,
    /// With STRATEGO_LOADGEN_SAMPLES=FILE: each measured move's end (ms since the start)
    /// and latency (µs), written to FILE at the end (to see whether slow moves come in
    /// bursts).
    samples: Mutex<Vec<(u32, u32)>>,
    started: Option<Instant>,
    /// Latencies are recorded (the warm-up is over).
    measuring: std::sync::atomic::AtomicBool,
    /// With STRATEGO_LOADGEN_DUMP=1, the last screen each session looked at before its
    /// first game (printed at the end for the first pairs that never started one).
    screens: Mutex<Vec<String>>,
    dump: bool,
    /// Attack rounds the abusers completed.
    abuse_rounds: AtomicU64,
    /// The same by attack (its place in [`ATTACKS`]).
    rounds_by_attack: [AtomicU64; ATTACKS.len()],
    /// [`Attack::IdleGuest`]: how long each connection was held (ms), and how many of
    /// them the server closed (the others were left at [`IDLE_HOLD`] or the run's end).
    idle_held_ms: Mutex<Vec<u32>>,
    idle_closed: AtomicU64,
    /// [`Attack::ExecMux`]: commands answered, refused as busy (exit status 75), refused
    /// a channel (or the request on it), and not answered in time.
    exec_answered: AtomicU64,
    exec_busy: AtomicU64,
    exec_refused: AtomicU64,
    exec_unanswered: AtomicU64,
    /// [`Attack::KeyFlood`]: new keys whose first screen was the welcome card (a new
    /// account), and those shown something else (or nothing) instead.
    keys_welcomed: AtomicU64,
    keys_unwelcomed: AtomicU64,
    /// With `arena`: playing sessions that have joined it.
    joined: AtomicUsize,
    /// Pairing latencies: (session, µs).
    pairing_us: Mutex<Vec<(usize, u32)>>,
    /// Sessions that saw their game end and wait for the next one, since when.
    waiting: Mutex<HashMap<usize, Instant>>,
    /// Arena: the move number each ended game last showed (counted by Red's session).
    ended_moves: Mutex<Vec<u32>>,
    /// The web mix's lists (the load's games in play and finished, moves sent) and figures.
    web: web::Shared,
}

impl Counters {
    /// Notes `kind` for ply `ply` of game `game`, which happened at `at`, by the wall
    /// clock (with STRATEGO_LOADGEN_TIMES, while measuring).
    fn wall_time(&self, kind: u8, game: u64, ply: u32, at: Instant) {
        if !self.wall || !self.measuring.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        let wall = std::time::SystemTime::now()
            .checked_sub(at.elapsed())
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_micros() as u64);
        lock(&self.wall_times).push((kind, game, ply, wall));
    }
}

/// A counter's lock, whether or not a task panicked holding it.
pub(crate) fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::read::{game_number, sq_name};
    use super::*;

    #[test]
    fn status_lines() {
        assert_eq!(
            read_status("x\n Your turn  move 12\n"),
            Some(Status {
                mine: true,
                number: 12
            })
        );
        assert_eq!(
            read_status("│ Blue to move  move 3   │"),
            Some(Status {
                mine: false,
                number: 3
            })
        );
        assert_eq!(read_status("no game here"), None);
        assert_eq!(
            game_number("Classic · 2sq:3 chase · casual · no clock · game #3     you play Red\n"),
            Some(3)
        );
        assert_eq!(game_number("stratego-ssh · load arena\ngame #4"), None);
    }

    #[test]
    fn the_rules_in_the_header_are_no_error_and_the_rule_sentences_are() {
        use super::read::shows_error;
        let header = "Classic · 2-square rule: 3 · chasing rule · casual · 10+5 · game #7";
        assert!(!shows_error(header), "the header's terms are no refusal");
        assert!(shows_error(
            "Two-square rule: this piece has moved between e4 and e5 3 times"
        ));
        assert!(shows_error(
            "More-squares rule: this move would repeat a position of your chase"
        ));
    }

    #[test]
    fn the_board_is_read_beside_a_long_move_list() {
        let mut text = String::new();
        for rank in (1..=10).rev() {
            text.push_str(&format!("{rank:>2}  "));
            for f in 0..10 {
                text.push_str(if rank <= 4 && f == 0 { " 5" } else { " ·" });
            }
            text.push_str("      12. E4-E5   A7-A6\n");
        }
        text.push_str("     A B C D E F G H I J      25. E4-E5\n");
        let b = read_board(&text).expect("board read");
        assert_eq!(b.cells[0][3], "5");
        assert_eq!(b.cells[1][3], "·");
        assert!(candidate_moves(&b).contains(&((0, 4), (0, 5))));
    }

    #[test]
    fn quantiles() {
        // Nearest rank (HdrHistogram's): 50 of the 100 samples are at or below 50.
        let v = Samples::of(1..=100);
        assert_eq!(v.quantile(0.5), Some(50));
        assert_eq!(v.quantile(0.99), Some(99));
        assert_eq!(v.max(), Some(100));
        assert_eq!(v.len(), 100);
        assert_eq!(Samples::default().quantile(0.5), None);
        // Three significant digits: 12,345 µs reads back within 0.1 %.
        let one = Samples::of([12_345]).quantile(0.5).expect("a sample");
        assert!(one.abs_diff(12_345) <= 12, "{one}");
        let long = Samples::of([3_040_000]).max().expect("a sample");
        assert!(long.abs_diff(3_040_000) <= 3_040, "{long}");
    }

    #[test]
    fn candidates_stay_on_the_board_off_lakes_and_off_own_pieces() {
        let mut cells = vec![vec!["·".to_string(); 10]; 10];
        cells[2][3] = "5".into(); // c4: the lake c5 is above it
        cells[2][2] = "B".into(); // c3: own bomb below
        cells[0][0] = "F".into();
        let b = Board { cells };
        let mut m = candidate_moves(&b);
        m.sort();
        assert_eq!(m, vec![((2, 4), (1, 4)), ((2, 4), (3, 4))]);
        assert_eq!(sq_name((2, 4)), "c4");
    }

    #[test]
    fn only_loopback() {
        let cfg = LoadConfig {
            addr: "10.0.0.1:2222".parse().unwrap(),
            sessions: 2,
            games: 1,
            duration: Duration::from_secs(1),
            cols: 120,
            rows: 40,
            server_pid: None,
            think: Duration::ZERO,
            seed: 1,
            progress_every: Duration::ZERO,
            warmup: Duration::ZERO,
            abusers: 0,
            attacks: vec![],
            arena: false,
            resign_at: None,
            web: None,
        };
        assert!(cfg.check().is_err());
        let ok = LoadConfig {
            addr: "127.0.0.1:2222".parse().unwrap(),
            ..cfg.clone()
        };
        assert!(ok.check().is_ok());
        assert!(LoadConfig {
            games: 2,
            ..ok.clone()
        }
        .check()
        .is_err());
        assert_ne!(
            session_key(1).public_key().fingerprint(Default::default()),
            session_key(2).public_key().fingerprint(Default::default())
        );
        assert_eq!(
            source_addr(9, ok.addr),
            Some("127.1.0.3:0".parse().unwrap())
        );
        let web = |addr: &str, rps, watchers| LoadConfig {
            web: Some(WebLoad {
                addr: addr.parse().unwrap(),
                rps,
                watchers,
                ws_players: 0,
                ws_bots: 0,
                ws_bot_level: "hard".into(),
            }),
            ..ok.clone()
        };
        assert!(web("127.0.0.1:8080", 200, 500).check().is_ok());
        assert!(web("10.0.0.1:8080", 200, 500).check().is_err());
        assert!(web("127.0.0.1:8080", MAX_WEB_RPS + 1, 0).check().is_err());
        assert!(web("127.0.0.1:8080", 0, MAX_WATCHERS + 1).check().is_err());
        assert!(LoadConfig {
            abusers: MAX_ABUSERS + 1,
            ..ok.clone()
        }
        .check()
        .is_err());
        // Abusers connect from addresses no honest session uses.
        let abuser = AbuserCfg {
            index: 0,
            attacks: ATTACKS.to_vec(),
            addr: ok.addr,
            cols: 120,
            rows: 40,
            seed: 1,
        };
        let honest_last = source_addr(MAX_SESSIONS - 1, ok.addr);
        assert_ne!(abuser.source(), honest_last);
        assert_ne!(abuser.key().public_key(), session_key(0).public_key());
    }

    #[test]
    fn the_last_line_names_the_abusers_and_the_honest_p99() {
        let r = Report {
            p99: Some(Duration::from_micros(12_300)),
            abusers: 5,
            ..Report::default()
        };
        assert!(
            r.summary().ends_with("abusers 5, honest p99 12.3ms"),
            "{}",
            r.summary()
        );
    }

    #[test]
    fn the_window_line_gives_the_servers_cpu_a_move_and_says_when_the_loadgen_lags() {
        let secs = Duration::from_secs;
        let r = Report {
            measured_moves: 1000,
            opponent_p50: Some(Duration::from_micros(1_500)),
            opponent_p99: Some(Duration::from_micros(9_000)),
            opponent_samples: 990,
            server_cpu: Some((secs(1), secs(100))),
            own_cpu: Some((secs(30), secs(100))),
            own_cores: 1,
            typed_moves: 1000,
            late_moves: 3,
            late_p99: Some(Duration::from_micros(4_000)),
            playing_at_end: 1000,
            think: secs(2),
            ..Report::default()
        };
        assert_eq!(
            r.window_line(),
            "measured 100s: moves 1000 (10/s, at most 250/s the think time allows; 1000 seen \
             on the mover's screen within 5s), opponent's screen p50 1.5ms p99 9.0ms (990 samples), server cpu 1.0% of a core, \
             1.000 ms a move; loadgen cpu 30.0% of 1 core(s), moves typed late (>20ms after \
             the think time) 3 of 1000 (p99 4.0ms)"
        );
        assert_eq!(r.verdict(), None, "it kept up");
        // Turns whose move came from another load generator's session are said, not timed.
        let split = Report {
            opponent_elsewhere: 412,
            ..r.clone()
        };
        assert!(
            split.window_line().contains(
                "p99 9.0ms (990 samples; 412 not timed: their mover in another load generator)"
            ),
            "{}",
            split.window_line()
        );
        // Moves given up by their movers (seen late) still count as made: the CPU a move
        // divides by the moves the opponents saw.
        let given_up = Report {
            measured_moves: 100,
            opponent_samples: 1000,
            ..r.clone()
        };
        assert_eq!(
            given_up.server_cpu_per_move(),
            Some((0.01, Duration::from_millis(1)))
        );
        let busy = Report {
            own_cpu: Some((secs(95), secs(100))),
            ..r.clone()
        };
        let v = busy.verdict().expect("busy");
        assert!(v.contains("used 95% of its 1 core(s)"), "{v}");
        assert!(v.starts_with("the load generator did not keep up"), "{v}");
        let late = Report {
            late_moves: 20,
            ..r.clone()
        };
        let v = late.verdict().expect("late");
        assert!(
            v.contains("20 of 1000 moves were typed more than 20 ms"),
            "{v}"
        );
        // Late with CPU to spare: the machine's other programs are named as the cause.
        assert!(
            v.contains("while it used 30% of its 1 core(s): other programs"),
            "{v}"
        );
        // Late behind a server that used its whole core: the server's limit, not ours.
        let saturated = Report {
            server_cpu: Some((secs(95), secs(100))),
            ..late.clone()
        };
        assert_eq!(saturated.verdict(), None);
        let v = saturated.server_verdict().expect("saturated");
        assert!(
            v.starts_with("the server is the bottleneck: it used 95%"),
            "{v}"
        );
        assert_eq!(late.server_verdict(), None);
        // Two cores, one busy: half of what it may use.
        let two = Report {
            own_cores: 2,
            ..busy
        };
        assert_eq!(two.verdict(), None);
    }

    #[test]
    fn with_an_arena_the_last_line_ends_with_the_pairing_latency() {
        let r = Report {
            p99: Some(Duration::from_micros(12_300)),
            abusers: 0,
            arena: Some(3),
            pairing_p50: Some(Duration::from_micros(2_512_300)),
            pairing_p99: Some(Duration::from_micros(3_040_000)),
            pairing_samples: 40,
            ..Report::default()
        };
        assert!(
            r.summary()
                .ends_with("abusers 0, honest p99 12.3ms, pairing p50 2512.3ms p99 3040.0ms"),
            "{}",
            r.summary()
        );
        // No samples yet: said so, the line keeps its shape.
        let none = Report {
            arena: Some(3),
            ..Report::default()
        };
        assert!(
            none.summary().ends_with(", pairing p50 n/a p99 n/a"),
            "{}",
            none.summary()
        );
        // Without an arena the line is as it always was.
        let plain = Report {
            pairing_p50: Some(Duration::from_secs(2)),
            ..Report::default()
        };
        assert!(!plain.summary().contains("pairing"), "{}", plain.summary());
    }

    #[test]
    fn every_attack_is_named_as_the_attack_option_takes_it() {
        use clap::ValueEnum;
        for a in ATTACKS {
            assert_eq!(Attack::from_str(a.name(), false), Ok(a), "{a:?}");
            assert_eq!(ATTACKS[a.slot()], a);
        }
        assert_eq!(Attack::value_variants(), &ATTACKS[..]);
    }

    #[test]
    fn the_abuse_line_says_what_each_attack_did() {
        let r = Report {
            abuse_rounds: 17,
            attack_rounds: vec![
                (Attack::GuestCycle, 5),
                (Attack::IdleGuest, 2),
                (Attack::ExecMux, 3),
                (Attack::KeyFlood, 7),
            ],
            idle_guest_holds: 2,
            idle_guest_closed: 1,
            idle_guest_held_p50: Some(Duration::from_millis(30_000)),
            idle_guest_held_max: Some(Duration::from_millis(60_000)),
            exec_mux_answered: 250,
            exec_mux_busy: 40,
            exec_mux_refused: 10,
            exec_mux_unanswered: 0,
            key_flood_welcomed: 6,
            key_flood_unwelcomed: 1,
            ..Report::default()
        };
        assert_eq!(
            r.abuse_summary(),
            "abuse rounds 17 (guest-cycle 5, idle-guest 2, exec-mux 3, key-flood 7); \
             idle-guest: 2 held, median 30.0s, longest 60.0s, 1 closed by the server; \
             exec-mux: 250 answered, 40 busy, 10 refused, 0 unanswered; \
             key-flood: 6 new keys welcomed, 1 not"
        );
        // Only the attacks that ran are described.
        let other = Report {
            abuse_rounds: 4,
            attack_rounds: vec![(Attack::ChatFlood, 4)],
            ..Report::default()
        };
        assert_eq!(other.abuse_summary(), "abuse rounds 4 (chat-flood 4)");
    }

    #[test]
    fn the_arena_number_is_read_from_the_answer() {
        assert_eq!(
            created_id("tournament #12 \"load arena\" created"),
            Some(12)
        );
        assert_eq!(
            created_id("creating and running tournaments needs an admin key on this server"),
            None
        );
        assert_eq!(created_id("tournament #3 is running"), None);
    }
}
