//! A load generator that plays like people do: real SSH sessions with PTYs, keys in, frames
//! out, each screen read through its own `vt100` terminal.
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
//! status line shows the turn passed), bytes the game screens receive per move, and, with
//! `server_pid`, the server's resident memory per session.
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

use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU16;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use russh::client;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use russh::ChannelMsg;

use crate::rules::SplitMix64;

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
        if self.cols < 80 || self.rows < 24 || self.cols > 500 || self.rows > 200 {
            bail!("--cols/--rows must be within 80x24 .. 500x200");
        }
        Ok(())
    }
}

/// The figures of a run.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub sessions: usize,
    pub connect_failures: usize,
    pub games: u64,
    pub moves: u64,
    pub failed_attempts: u64,
    pub p50: Option<Duration>,
    pub p99: Option<Duration>,
    pub max: Option<Duration>,
    /// Bytes the two game screens received while playing, per move.
    pub bytes_per_move: Option<u64>,
    /// Bytes all sessions received.
    pub bytes_total: u64,
    pub server_rss_before_kib: Option<u64>,
    pub server_rss_peak_kib: Option<u64>,
    pub elapsed: Duration,
    /// When latencies began to be recorded, and whether every game was in play then.
    pub measured_from: Option<(Duration, bool)>,
    /// Abusers run beside the honest sessions, and their attack rounds.
    pub abusers: usize,
    pub abuse_rounds: u64,
    /// Completed rounds of each attack the abusers ran, in [`Attack`] order.
    pub attack_rounds: Vec<(Attack, u64)>,
    /// [`Attack::IdleGuest`]: connections held (counted when let go), how many of them the
    /// server closed, and how long they were held (median, longest).
    pub idle_guest_holds: usize,
    pub idle_guest_closed: u64,
    pub idle_guest_held_p50: Option<Duration>,
    pub idle_guest_held_max: Option<Duration>,
    /// [`Attack::ExecMux`]: commands answered, refused as busy (exit status 75), refused a
    /// channel ("session open refused") or the exec request, and left unanswered.
    pub exec_mux_answered: u64,
    pub exec_mux_busy: u64,
    pub exec_mux_refused: u64,
    pub exec_mux_unanswered: u64,
    /// [`Attack::KeyFlood`]: new keys welcomed as new accounts, and those that were not.
    pub key_flood_welcomed: u64,
    pub key_flood_unwelcomed: u64,
    /// With `arena`: games seen to their end (by one of their players, each game once),
    /// and their length in moves (the last move number shown), median and longest.
    pub ended_games: usize,
    pub ended_moves_p50: Option<u32>,
    pub ended_moves_max: Option<u32>,
    /// With `arena`: the tournament's number, and the figures below.
    pub arena: Option<u64>,
    /// Playing sessions that joined the arena, and when it was started (since the start
    /// of the run).
    pub arena_joined: usize,
    pub arena_started_at: Option<Duration>,
    /// Pairing latency: from seeing a game's end to seeing the next game's set-up.
    pub pairing_p50: Option<Duration>,
    pub pairing_p99: Option<Duration>,
    pub pairing_max: Option<Duration>,
    pub pairing_samples: usize,
    /// Sessions with at least one sample.
    pub pairing_sessions: usize,
    /// Sessions waiting for a pairing at the end of the run, and the longest of those
    /// waits so far (a stall shows here, not in the samples).
    pub pairing_waiting: usize,
    pub pairing_longest_wait: Option<Duration>,
}

impl Report {
    pub fn rss_per_session_kib(&self) -> Option<f64> {
        match (self.server_rss_before_kib, self.server_rss_peak_kib) {
            (Some(b), Some(d)) if self.sessions > 0 => {
                Some(d.saturating_sub(b) as f64 / self.sessions as f64)
            }
            _ => None,
        }
    }

    /// The last line: `sessions N, games N, moves N, move-to-screen p50 Xms p99 Yms,
    /// bytes/move B, server rss/session KiB, abusers N, honest p99 Xms` (only the honest
    /// sessions are measured: the honest p99 is the move-to-screen p99), and with `arena`
    /// `, pairing p50 Xms p99 Yms`.
    pub fn summary(&self) -> String {
        let ms = |d: Option<Duration>| {
            d.map_or("n/a".to_string(), |d| {
                format!("{:.1}ms", d.as_secs_f64() * 1000.0)
            })
        };
        let arena = match self.arena {
            Some(_) => format!(
                ", pairing p50 {} p99 {}",
                ms(self.pairing_p50),
                ms(self.pairing_p99)
            ),
            None => String::new(),
        };
        format!(
            "sessions {}, games {}, moves {}, move-to-screen p50 {} p99 {}, bytes/move {}, server rss/session {}, abusers {}, honest p99 {}{arena}",
            self.sessions,
            self.games,
            self.moves,
            ms(self.p50),
            ms(self.p99),
            self.bytes_per_move.map_or("n/a".into(), |b| b.to_string()),
            self.rss_per_session_kib()
                .map_or("n/a".into(), |k| format!("{k:.0} KiB")),
            self.abusers,
            ms(self.p99),
        )
    }

    /// What the abusers did: `abuse rounds N (guest-cycle N, ...)`, then for the attacks
    /// that ran, `; idle-guest: N held, median Xs, longest Ys, C closed by the server`,
    /// `; exec-mux: N answered, N busy, N refused, N unanswered`, `; key-flood: N new keys
    /// welcomed, N not`.
    pub fn abuse_summary(&self) -> String {
        let secs = |d: Option<Duration>| {
            d.map_or("n/a".to_string(), |d| format!("{:.1}s", d.as_secs_f64()))
        };
        let rounds: Vec<String> = self
            .attack_rounds
            .iter()
            .map(|(a, n)| format!("{} {n}", a.name()))
            .collect();
        let mut line = format!("abuse rounds {}", self.abuse_rounds);
        if !rounds.is_empty() {
            line.push_str(&format!(" ({})", rounds.join(", ")));
        }
        let ran = |attack: Attack| self.attack_rounds.iter().any(|(a, _)| *a == attack);
        if ran(Attack::IdleGuest) {
            line.push_str(&format!(
                "; idle-guest: {} held, median {}, longest {}, {} closed by the server",
                self.idle_guest_holds,
                secs(self.idle_guest_held_p50),
                secs(self.idle_guest_held_max),
                self.idle_guest_closed
            ));
        }
        if ran(Attack::ExecMux) {
            line.push_str(&format!(
                "; exec-mux: {} answered, {} busy, {} refused, {} unanswered",
                self.exec_mux_answered,
                self.exec_mux_busy,
                self.exec_mux_refused,
                self.exec_mux_unanswered
            ));
        }
        if ran(Attack::KeyFlood) {
            line.push_str(&format!(
                "; key-flood: {} new keys welcomed, {} not",
                self.key_flood_welcomed, self.key_flood_unwelcomed
            ));
        }
        line
    }
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
    latencies_us: Mutex<Vec<u32>>,
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
}

struct AcceptAny;

impl client::Handler for AcceptAny {
    type Error = russh::Error;
    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// Runs the load and returns its figures; prints progress lines to stderr.
pub async fn run(cfg: LoadConfig) -> Result<Report> {
    cfg.check()?;
    let started = Instant::now();
    let deadline = tokio::time::Instant::now() + cfg.duration;
    let counters = Arc::new(Counters {
        dump: std::env::var_os("STRATEGO_LOADGEN_DUMP").is_some(),
        started: std::env::var_os("STRATEGO_LOADGEN_SAMPLES").map(|_| Instant::now()),
        ..Counters::default()
    });
    let rss_before = cfg
        .server_pid
        .and_then(|p| crate::procinfo::rss_kib(Some(p)));
    if cfg.server_pid.is_some() && rss_before.is_none() {
        bail!(
            "cannot read VmRSS of process {}",
            cfg.server_pid.unwrap_or(0)
        );
    }
    let rss_peak = Arc::new(AtomicU64::new(rss_before.unwrap_or(0)));
    let client_config = Arc::new(client::Config {
        nodelay: true,
        inactivity_timeout: None,
        ..Default::default()
    });
    // The arena, before the sessions connect.
    let arena_id = if cfg.arena {
        let id = create_arena(&cfg, client_config.clone()).await?;
        if !cfg.progress_every.is_zero() {
            eprintln!(
                "[{:>4.0}s] arena #{id} created; the playing sessions join it",
                started.elapsed().as_secs_f64()
            );
        }
        Some(id)
    } else {
        None
    };
    let joining_from = Instant::now();
    let gate = Arc::new(tokio::sync::Semaphore::new(CONNECTING_AT_ONCE));
    let mut tasks = Vec::with_capacity(cfg.sessions);
    for i in 0..cfg.sessions {
        let role = if i < cfg.games * 2 {
            if cfg.arena {
                Role::Entrant
            } else if i.is_multiple_of(2) {
                Role::Poster
            } else {
                Role::Acceptor(format!("load-{}", i - 1))
            }
        } else {
            Role::Idle
        };
        let s = SessionCfg {
            index: i,
            nick: format!("load-{i}"),
            role,
            addr: cfg.addr,
            cols: cfg.cols,
            rows: cfg.rows,
            think: cfg.think,
            seed: cfg.seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            resign_at: cfg.resign_at,
        };
        let counters = counters.clone();
        let gate = gate.clone();
        let client_config = client_config.clone();
        tasks.push(tokio::spawn(async move {
            let conn = {
                let _permit = gate.acquire().await;
                connect(&s, client_config).await
            };
            match conn {
                Ok((handle, channel)) => {
                    counters.connected.fetch_add(1, Ordering::Relaxed);
                    let mut session = Session::new(s, counters.clone());
                    session.run(channel).await;
                    let _ = handle
                        .disconnect(russh::Disconnect::ByApplication, "done", "en")
                        .await;
                }
                Err(e) => {
                    if counters.failed.fetch_add(1, Ordering::Relaxed) < 5 {
                        eprintln!("loadgen: {} cannot connect: {e:#}", s.nick);
                    }
                }
            }
        }));
    }

    // The abusers run on a runtime of their own (one thread): their work must not queue
    // ahead of the honest sessions' reading of their screens in this process, or the
    // honest latencies would measure the load generator, not the server (an attacker is
    // not inside the players' clients). For the same reason its thread runs at a lower
    // priority (nice 10): an attacker's own CPU is not this machine's, and its rounds of
    // handshakes would otherwise take a core from the honest clients' reading.
    let abuse_rt = (cfg.abusers > 0)
        .then(|| {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .thread_name("loadgen-abuser")
                .on_thread_start(lower_priority)
                .enable_all()
                .build()
        })
        .transpose()?;
    let attacks = if cfg.attacks.is_empty() {
        ATTACKS.to_vec()
    } else {
        cfg.attacks.clone()
    };
    for i in 0..cfg.abusers {
        let a = AbuserCfg {
            index: i,
            addr: cfg.addr,
            cols: cfg.cols,
            rows: cfg.rows,
            seed: cfg.seed ^ 0xABu64.wrapping_mul(i as u64 + 1),
            attacks: attacks.clone(),
        };
        let counters = counters.clone();
        let client_config = client_config.clone();
        if let Some(rt) = &abuse_rt {
            tasks.push(rt.spawn(async move {
                abuse(a, client_config, counters, deadline).await;
            }));
        }
    }

    // Progress, memory samples, until the deadline.
    let mut last_moves = 0;
    let mut last_print = Instant::now();
    let mut sample = tokio::time::interval(Duration::from_millis(500));
    let mut measured_from: Option<(Duration, bool)> = None;
    let mut arena_started_at: Option<Duration> = None;
    let mut arena_error: Option<anyhow::Error> = None;
    loop {
        tokio::select! {
            _ = tokio::time::sleep_until(deadline) => break,
            _ = sample.tick() => {}
        }
        if let (Some(id), None) = (arena_id, arena_started_at) {
            let joined = counters.joined.load(Ordering::Relaxed);
            let all = joined >= cfg.games * 2;
            if all || joining_from.elapsed() >= JOIN_WAIT {
                if !all {
                    eprintln!(
                        "[{:>4.0}s] only {joined} of {} playing sessions joined arena #{id} in {}s: starting it anyway",
                        started.elapsed().as_secs_f64(),
                        cfg.games * 2,
                        JOIN_WAIT.as_secs()
                    );
                }
                match start_arena(&cfg, client_config.clone(), id).await {
                    Ok(answer) => {
                        arena_started_at = Some(started.elapsed());
                        if !cfg.progress_every.is_zero() {
                            eprintln!(
                                "[{:>4.0}s] {joined} joined; {answer}",
                                started.elapsed().as_secs_f64()
                            );
                        }
                    }
                    Err(e) => {
                        arena_error = Some(e);
                        break;
                    }
                }
            }
        }
        if measured_from.is_none() {
            let all_playing = counters.playing.load(Ordering::Relaxed) >= cfg.games * 2;
            if all_playing || started.elapsed() >= cfg.warmup {
                counters.measuring.store(true, Ordering::Relaxed);
                measured_from = Some((started.elapsed(), all_playing));
                if !cfg.progress_every.is_zero() {
                    eprintln!(
                        "[{:>4.0}s] measuring from now ({})",
                        started.elapsed().as_secs_f64(),
                        if all_playing {
                            "every game is in play"
                        } else {
                            "the warm-up is over; not every game is in play"
                        }
                    );
                }
            }
        }
        if let Some(pid) = cfg.server_pid {
            if let Some(rss) = crate::procinfo::rss_kib(Some(pid)) {
                rss_peak.fetch_max(rss, Ordering::Relaxed);
            }
        }
        if !cfg.progress_every.is_zero() && last_print.elapsed() >= cfg.progress_every {
            let moves = counters.moves.load(Ordering::Relaxed);
            let (p50, p99) = {
                let l = counters
                    .latencies_us
                    .lock()
                    .unwrap_or_else(|e| e.into_inner());
                percentiles(&l)
            };
            eprintln!(
                "[{:>4.0}s] connected {}/{} (failed {}), playing {}, games {}, moves {} (+{}/{:.0}s), p50 {} p99 {}{}",
                started.elapsed().as_secs_f64(),
                counters.connected.load(Ordering::Relaxed),
                cfg.sessions,
                counters.failed.load(Ordering::Relaxed),
                counters.playing.load(Ordering::Relaxed),
                counters.games.load(Ordering::Relaxed) / 2,
                moves,
                moves - last_moves,
                last_print.elapsed().as_secs_f64(),
                fmt_us(p50),
                fmt_us(p99),
                cfg.server_pid
                    .and_then(|p| crate::procinfo::rss_kib(Some(p)))
                    .map_or(String::new(), |k| format!(", server rss {} MiB", k / 1024)),
            );
            if arena_id.is_some() {
                let (n, p50, p99) = {
                    let l = counters
                        .pairing_us
                        .lock()
                        .unwrap_or_else(|e| e.into_inner());
                    let us: Vec<u32> = l.iter().map(|(_, us)| *us).collect();
                    let (p50, p99) = percentiles(&us);
                    (us.len(), p50, p99)
                };
                let waiting = counters
                    .waiting
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .len();
                eprintln!(
                    "[{:>4.0}s] arena: joined {}/{}, pairing samples {n} p50 {} p99 {}, waiting for a pairing {waiting}",
                    started.elapsed().as_secs_f64(),
                    counters.joined.load(Ordering::Relaxed),
                    cfg.games * 2,
                    fmt_us(p50),
                    fmt_us(p99),
                );
            }
            last_moves = moves;
            last_print = Instant::now();
        }
    }
    let elapsed = started.elapsed();
    let mut latencies = std::mem::take(
        &mut *counters
            .latencies_us
            .lock()
            .unwrap_or_else(|e| e.into_inner()),
    );
    latencies.sort_unstable();
    let pairings = std::mem::take(
        &mut *counters
            .pairing_us
            .lock()
            .unwrap_or_else(|e| e.into_inner()),
    );
    let mut pairing_us: Vec<u32> = pairings.iter().map(|(_, us)| *us).collect();
    pairing_us.sort_unstable();
    let pairing_sessions = pairings
        .iter()
        .map(|(i, _)| *i)
        .collect::<HashSet<usize>>()
        .len();
    let (pairing_waiting, pairing_longest_wait) = {
        let w = counters.waiting.lock().unwrap_or_else(|e| e.into_inner());
        (w.len(), w.values().map(|since| since.elapsed()).max())
    };
    let us = |v: Option<u32>| v.map(|us| Duration::from_micros(us.into()));
    let mut ended_moves = std::mem::take(
        &mut *counters
            .ended_moves
            .lock()
            .unwrap_or_else(|e| e.into_inner()),
    );
    ended_moves.sort_unstable();
    let mut idle_held_ms = std::mem::take(
        &mut *counters
            .idle_held_ms
            .lock()
            .unwrap_or_else(|e| e.into_inner()),
    );
    idle_held_ms.sort_unstable();
    let ms = |v: Option<u32>| v.map(|ms| Duration::from_millis(ms.into()));
    let report = Report {
        sessions: counters.connected.load(Ordering::Relaxed),
        connect_failures: counters.failed.load(Ordering::Relaxed),
        games: counters.games.load(Ordering::Relaxed) / 2,
        moves: counters.moves.load(Ordering::Relaxed),
        failed_attempts: counters.failed_attempts.load(Ordering::Relaxed),
        p50: quantile(&latencies, 0.50).map(|us| Duration::from_micros(us.into())),
        p99: quantile(&latencies, 0.99).map(|us| Duration::from_micros(us.into())),
        max: latencies
            .last()
            .map(|us| Duration::from_micros((*us).into())),
        bytes_per_move: {
            let m = counters.moves.load(Ordering::Relaxed);
            (m > 0).then(|| counters.bytes_playing.load(Ordering::Relaxed) / m)
        },
        bytes_total: counters.bytes_total.load(Ordering::Relaxed),
        measured_from,
        server_rss_before_kib: rss_before,
        server_rss_peak_kib: cfg.server_pid.map(|_| rss_peak.load(Ordering::Relaxed)),
        elapsed,
        abusers: cfg.abusers,
        abuse_rounds: counters.abuse_rounds.load(Ordering::Relaxed),
        attack_rounds: ATTACKS
            .iter()
            .filter(|a| (0..cfg.abusers).any(|i| attacks[i % attacks.len()] == **a))
            .map(|a| {
                (
                    *a,
                    counters.rounds_by_attack[a.slot()].load(Ordering::Relaxed),
                )
            })
            .collect(),
        idle_guest_holds: idle_held_ms.len(),
        idle_guest_closed: counters.idle_closed.load(Ordering::Relaxed),
        idle_guest_held_p50: ms(quantile(&idle_held_ms, 0.5)),
        idle_guest_held_max: ms(idle_held_ms.last().copied()),
        exec_mux_answered: counters.exec_answered.load(Ordering::Relaxed),
        exec_mux_busy: counters.exec_busy.load(Ordering::Relaxed),
        exec_mux_refused: counters.exec_refused.load(Ordering::Relaxed),
        exec_mux_unanswered: counters.exec_unanswered.load(Ordering::Relaxed),
        key_flood_welcomed: counters.keys_welcomed.load(Ordering::Relaxed),
        key_flood_unwelcomed: counters.keys_unwelcomed.load(Ordering::Relaxed),
        ended_games: ended_moves.len(),
        ended_moves_p50: quantile(&ended_moves, 0.5),
        ended_moves_max: ended_moves.last().copied(),
        arena: arena_id,
        arena_joined: counters.joined.load(Ordering::Relaxed),
        arena_started_at,
        pairing_p50: us(quantile(&pairing_us, 0.50)),
        pairing_p99: us(quantile(&pairing_us, 0.99)),
        pairing_max: us(pairing_us.last().copied()),
        pairing_samples: pairing_us.len(),
        pairing_sessions,
        pairing_waiting,
        pairing_longest_wait,
    };
    for t in &tasks {
        t.abort();
    }
    if let Some(rt) = abuse_rt {
        // Not dropped here: a runtime may not be dropped inside another's task.
        rt.shutdown_background();
    }
    if let Some(path) = std::env::var_os("STRATEGO_LOADGEN_SAMPLES") {
        let samples = counters.samples.lock().unwrap_or_else(|e| e.into_inner());
        let text: String = samples
            .iter()
            .map(|(t, us)| format!("{t} {us}\n"))
            .collect();
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("cannot write {}: {e}", path.to_string_lossy());
        }
    }
    if counters.dump {
        let screens = counters.screens.lock().unwrap_or_else(|e| e.into_inner());
        let stuck = screens
            .chunks(2)
            .enumerate()
            .filter(|(_, pair)| pair.iter().any(|s| !s.is_empty()));
        for (pair, screens) in stuck.take(3) {
            for (k, s) in screens.iter().enumerate() {
                let i = pair * 2 + k;
                eprintln!("--- load-{i} never played; last screen looked at:\n{s}");
            }
        }
    }
    if let Some(e) = arena_error {
        return Err(e);
    }
    Ok(report)
}

/// Runs `command` over an exec channel logged in with session `index`'s key (from its
/// source address); its output and exit status.
async fn exec_as(
    cfg: &LoadConfig,
    config: Arc<client::Config>,
    index: usize,
    command: &str,
) -> Result<(String, Option<u32>)> {
    let nick = format!("load-{index}");
    let handle = login(
        cfg.addr,
        source_addr(index, cfg.addr),
        config,
        Some((&nick, session_key(index))),
    )
    .await?;
    let mut channel = handle.channel_open_session().await?;
    channel.exec(true, command).await?;
    let mut out = Vec::new();
    let mut status = None;
    let read = async {
        while let Some(msg) = channel.wait().await {
            match msg {
                ChannelMsg::Data { data } => out.extend_from_slice(&data),
                ChannelMsg::ExitStatus { exit_status } => status = Some(exit_status),
                ChannelMsg::Eof | ChannelMsg::Close => break,
                _ => {}
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(20), read)
        .await
        .with_context(|| format!("no answer to `{command}` in 20 s"))?;
    let _ = handle
        .disconnect(russh::Disconnect::ByApplication, "done", "en")
        .await;
    Ok((String::from_utf8_lossy(&out).trim().to_string(), status))
}

/// The first interactive login of session `index` (as a person's first visit): the server
/// gives the key its nickname then. Returns once a first screen is shown (the welcome card's
/// name kept with Enter).
async fn first_login(cfg: &LoadConfig, config: Arc<client::Config>, index: usize) -> Result<()> {
    let nick = format!("load-{index}");
    let handle = login(
        cfg.addr,
        source_addr(index, cfg.addr),
        config,
        Some((&nick, session_key(index))),
    )
    .await?;
    let mut channel = open_shell(&handle, cfg.cols, cfg.rows).await?;
    let mut parser = vt100::Parser::new(
        NonZeroU16::new(cfg.rows).unwrap_or(NonZeroU16::MIN),
        NonZeroU16::new(cfg.cols).unwrap_or(NonZeroU16::MIN),
        0,
    );
    let shown = async {
        let mut welcomed = false;
        while let Some(msg) = channel.wait().await {
            match msg {
                ChannelMsg::Data { data } => {
                    parser.process(&data);
                    let text = parser.screen().contents();
                    if text.contains("Welcome to stratego-ssh") {
                        if !welcomed {
                            welcomed = true;
                            channel.data(&b"\r"[..]).await?;
                        }
                    } else if text.contains("Open seeks") || text.contains("Games in play") {
                        return Ok(());
                    }
                }
                ChannelMsg::Eof | ChannelMsg::Close => break,
                _ => {}
            }
        }
        bail!("the server closed {nick}'s first session before the lobby showed")
    };
    tokio::time::timeout(Duration::from_secs(20), shown)
        .await
        .with_context(|| format!("{nick}'s first session showed no lobby in 20 s"))??;
    let _ = handle
        .disconnect(russh::Disconnect::ByApplication, "done", "en")
        .await;
    Ok(())
}

/// Creates the run's arena with session 0's key; its number.
async fn create_arena(cfg: &LoadConfig, config: Arc<client::Config>) -> Result<u64> {
    // Registered first: the server names an unregistered key's tournaments `admin`, and
    // `load-0` could then not start its own.
    first_login(cfg, config.clone(), 0)
        .await
        .context("load-0's first login (before creating the arena)")?;
    let minutes = cfg.duration.as_secs().div_ceil(60) + 1;
    let command = format!(
        "tournament create {ARENA_NAME} --arena {minutes} --casual --clock none --start +1h"
    );
    let (out, status) = exec_as(cfg, config, 0, &command)
        .await
        .context("cannot create the arena")?;
    if out.contains("needs an admin key") {
        bail!(
            "the server refused to create the arena ({out:?}): start the server with --players-create-tournaments true (or players_create_tournaments = true in its config file)"
        );
    }
    match (status, created_id(&out)) {
        (Some(0) | None, Some(id)) => Ok(id),
        _ => bail!(
            "the server did not create the arena: `{command}` answered {out:?} (exit status {status:?})"
        ),
    }
}

/// The number in `tournament #N "NAME" created`.
fn created_id(answer: &str) -> Option<u64> {
    let at = answer.find("tournament #")? + "tournament #".len();
    let digits: String = answer[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    if !answer.contains("created") {
        return None;
    }
    digits.parse().ok()
}

/// Starts the arena with session 0's key; the server's answer.
async fn start_arena(cfg: &LoadConfig, config: Arc<client::Config>, id: u64) -> Result<String> {
    let command = format!("tournament start {id}");
    let (out, status) = exec_as(cfg, config, 0, &command)
        .await
        .context("cannot start the arena")?;
    if status != Some(0) || !out.contains("running") {
        bail!("the server did not start arena #{id}: `{command}` answered {out:?} (exit status {status:?})");
    }
    Ok(out)
}

fn percentiles(sorted_or_not: &[u32]) -> (Option<u32>, Option<u32>) {
    let mut v = sorted_or_not.to_vec();
    v.sort_unstable();
    (quantile(&v, 0.5), quantile(&v, 0.99))
}

fn quantile(sorted: &[u32], q: f64) -> Option<u32> {
    if sorted.is_empty() {
        return None;
    }
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    Some(sorted[i.min(sorted.len() - 1)])
}

fn fmt_us(us: Option<u32>) -> String {
    us.map_or("n/a".into(), |us| {
        format!("{:.1}ms", f64::from(us) / 1000.0)
    })
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
    nick: String,
    role: Role,
    addr: SocketAddr,
    cols: u16,
    rows: u16,
    think: Duration,
    seed: u64,
    resign_at: Option<u32>,
}

/// The source address of session `i`: 127.1.x.y for IPv4 loopback servers.
fn source_addr(i: usize, server: SocketAddr) -> Option<SocketAddr> {
    source_block(i / PER_SOURCE_ADDRESS, server)
}

/// The loopback source address number `block` (IPv4 only).
fn source_block(block: usize, server: SocketAddr) -> Option<SocketAddr> {
    match server.ip() {
        IpAddr::V4(_) => {
            let ip = Ipv4Addr::new(127, 1, (block / 250) as u8, (block % 250 + 1) as u8);
            Some(SocketAddr::new(IpAddr::V4(ip), 0))
        }
        IpAddr::V6(_) => None,
    }
}

/// Session `i`'s own ed25519 key. Derived from `i`, so that `load-i` is the same identity
/// from one run to the next: the server gives a nickname to the first key that uses it.
fn session_key(i: usize) -> PrivateKey {
    let mut seed = [0u8; 32];
    let mut rng = SplitMix64(0x10AD_6E17_0000_0000 ^ i as u64);
    for chunk in seed.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next().to_le_bytes());
    }
    PrivateKey::from(russh::keys::ssh_key::private::Ed25519Keypair::from_seed(
        &seed,
    ))
}

async fn connect(
    s: &SessionCfg,
    config: Arc<client::Config>,
) -> Result<(client::Handle<AcceptAny>, russh::Channel<client::Msg>)> {
    let handle = login(
        s.addr,
        source_addr(s.index, s.addr),
        config,
        Some((&s.nick, session_key(s.index))),
    )
    .await?;
    let channel = open_shell(&handle, s.cols, s.rows).await?;
    Ok((handle, channel))
}

/// Connects from `source` (if any) and logs in with the key, or as a guest without one.
async fn login(
    addr: SocketAddr,
    source: Option<SocketAddr>,
    config: Arc<client::Config>,
    key: Option<(&str, PrivateKey)>,
) -> Result<client::Handle<AcceptAny>> {
    let socket = match addr {
        SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    if let Some(src) = source {
        socket
            .bind(src)
            .with_context(|| format!("cannot bind the source address {src}"))?;
    }
    let stream = tokio::time::timeout(Duration::from_secs(20), socket.connect(addr))
        .await
        .context("TCP connect timed out")??;
    let _ = stream.set_nodelay(true);
    let mut handle = tokio::time::timeout(
        Duration::from_secs(30),
        client::connect_stream(config, stream, AcceptAny),
    )
    .await
    .context("SSH handshake timed out")??;
    match key {
        Some((nick, key)) => {
            let auth = handle
                .authenticate_publickey(nick, PrivateKeyWithHashAlg::new(Arc::new(key), None))
                .await?;
            if !auth.success() {
                bail!("key authentication refused");
            }
        }
        None => {
            let auth = handle
                .authenticate_keyboard_interactive_start("guest", None)
                .await?;
            if !matches!(auth, client::KeyboardInteractiveAuthResponse::Success) {
                bail!("guest login refused");
            }
        }
    }
    Ok(handle)
}

/// A session channel with a PTY and a shell.
async fn open_shell(
    handle: &client::Handle<AcceptAny>,
    cols: u16,
    rows: u16,
) -> Result<russh::Channel<client::Msg>> {
    let channel = handle.channel_open_session().await?;
    channel
        .request_pty(
            true,
            "xterm-256color",
            u32::from(cols),
            u32::from(rows),
            0,
            0,
            &[],
        )
        .await?;
    channel.request_shell(true).await?;
    Ok(channel)
}

#[derive(Clone, Copy, Debug)]
enum PosterState {
    Idle,
    /// `n` sent: waiting for the seek form.
    FormAsked(Instant),
    /// Enter sent in the form (or the seek seen in the list).
    Submitted(Instant),
}

/// A move typed and not yet seen through.
struct Pending {
    sent: Instant,
    before: Status,
    mv: (Sq, Sq),
    data_since: bool,
}

struct Session {
    cfg: SessionCfg,
    counters: Arc<Counters>,
    parser: Option<vt100::Parser>,
    rng: SplitMix64,
    // Lobby.
    poster: PosterState,
    nav_at: Option<Instant>,
    // Set-up.
    random_sent: bool,
    ready_sent: bool,
    // Play.
    playing: bool,
    /// A game screen was seen once.
    ever_played: bool,
    /// When Enter was sent to the welcome card.
    welcomed: Option<Instant>,
    pending: Option<Pending>,
    turn_seen: Option<(Status, Instant)>,
    tried: HashSet<(Sq, Sq)>,
    esc_first: bool,
    /// Esc sent to clear an error, when (the next move waits for the screen to clear).
    esc_at: Option<Instant>,
    rematch_sent: bool,
    last_look: Instant,
    unread: bool,
    /// Posters post their first seek in turn, [`POST_STAGGER`] apart, as people arrive
    /// over time (a lobby with hundreds of open seeks at once is paged through slowly).
    post_after: Instant,
    /// Bytes received since the last look.
    unread_bytes: usize,
    /// Arena: the arena's screen asked for from the lobby (`T`, End, `k`s, Enter), when.
    open_sent: Option<Instant>,
    /// Arena: `j` sent on its screen, when.
    join_sent: Option<Instant>,
    /// Arena: tries at opening it (another tournament's screen opened: one row up next).
    open_tries: usize,
    joined: bool,
    /// Arena: when this session saw its last game end (waiting to be paired again).
    game_over_at: Option<Instant>,
    /// With `resign_at`: the move of this game from which this session resigns, and when
    /// it last typed the resignation.
    resign_from: Option<u32>,
    resign_sent: Option<Instant>,
    /// The last status line seen in this game (its move number is the game's length).
    last_status: Option<Status>,
    /// The game whose set-up screen was last seen (`game #N` in its header).
    setup_game: Option<u64>,
}

/// While a game is in play and no move of ours is awaited, updates smaller than this are
/// clock ticks (a move or the end of the game draws far more): they need no look.
const TICK_BYTES: usize = 256;

/// How long an acceptor looks for its partner's seek before it posts the same one.
const ACCEPTOR_POSTS_AFTER: Duration = Duration::from_secs(3);

/// Time between the first seeks of consecutive pairs.
const POST_STAGGER: Duration = Duration::from_millis(20);

type Sq = (u8, u8);

impl Session {
    fn new(cfg: SessionCfg, counters: Arc<Counters>) -> Session {
        let parser = match cfg.role {
            Role::Idle => None,
            _ => Some(vt100::Parser::new(
                NonZeroU16::new(cfg.rows).unwrap_or(NonZeroU16::MIN),
                NonZeroU16::new(cfg.cols).unwrap_or(NonZeroU16::MIN),
                0,
            )),
        };
        let rng = SplitMix64(cfg.seed);
        let post_after = Instant::now() + POST_STAGGER * (cfg.index / 2) as u32;
        Session {
            post_after,
            unread_bytes: 0,
            cfg,
            counters,
            parser,
            rng,
            poster: PosterState::Idle,
            nav_at: None,
            random_sent: false,
            ready_sent: false,
            playing: false,
            ever_played: false,
            welcomed: None,
            pending: None,
            turn_seen: None,
            tried: HashSet::new(),
            esc_first: false,
            esc_at: None,
            rematch_sent: false,
            last_look: Instant::now(),
            unread: false,
            open_sent: None,
            join_sent: None,
            open_tries: 0,
            joined: false,
            game_over_at: None,
            resign_from: None,
            resign_sent: None,
            last_status: None,
            setup_game: None,
        }
    }

    fn arena(&self) -> bool {
        matches!(self.cfg.role, Role::Entrant)
    }

    async fn run(&mut self, mut channel: russh::Channel<client::Msg>) {
        loop {
            let wake = self.next_wake(Instant::now());
            let msg = tokio::select! {
                m = channel.wait() => Some(m),
                _ = tokio::time::sleep_until(wake.into()), if self.parser.is_some() => None,
            };
            let Some(msg) = msg else {
                self.look(&channel).await;
                continue;
            };
            match msg {
                Some(ChannelMsg::Data { data }) => {
                    let n = data.len() as u64;
                    self.counters.bytes_total.fetch_add(n, Ordering::Relaxed);
                    if self.playing {
                        self.counters.bytes_playing.fetch_add(n, Ordering::Relaxed);
                    }
                    if let Some(p) = &mut self.parser {
                        p.process(&data);
                        self.unread = true;
                        self.unread_bytes += data.len();
                        if let Some(pending) = &mut self.pending {
                            pending.data_since = true;
                            // The mover looks at once: this is what is measured.
                            self.look(&channel).await;
                        } else if self.last_look.elapsed() >= LOOK_EVERY {
                            self.look(&channel).await;
                        }
                    }
                }
                Some(ChannelMsg::Eof) | Some(ChannelMsg::Close) | None => break,
                Some(_) => {}
            }
        }
        if self.playing {
            self.counters.playing.fetch_sub(1, Ordering::Relaxed);
        }
    }

    async fn send(&self, channel: &russh::Channel<client::Msg>, bytes: &[u8]) {
        let _ = channel.data_bytes(bytes.to_vec()).await;
    }

    /// Output came that needs reading (in a game, not when it only ticked a clock).
    fn worth_a_look(&self) -> bool {
        self.unread && (!self.playing || self.pending.is_some() || self.unread_bytes >= TICK_BYTES)
    }

    /// When to look again if no output comes: soon in the lobby, with output unread or a
    /// move awaited; when the thinking pause is over on one's turn; else in a second. (A
    /// timer of every session every 20 ms was a fifth of the load generator's time.)
    fn next_wake(&self, now: Instant) -> Instant {
        let soon = now + LOOK_EVERY;
        if self.arena() && self.joined && !self.playing && !self.worth_a_look() {
            // Waiting in the arena (or in set-up for the opponent): what comes next comes
            // as output.
            return now + Duration::from_secs(1);
        }
        if !self.playing || self.pending.is_some() || self.worth_a_look() {
            return soon;
        }
        match &self.turn_seen {
            Some((_, at)) => (*at + self.cfg.think).max(soon),
            None => now + Duration::from_secs(1),
        }
    }

    /// Reads the screen and acts on it.
    async fn look(&mut self, channel: &russh::Channel<client::Msg>) {
        let now = Instant::now();
        // Without new output, a look is only needed when a wait is over: the thinking
        // pause, a move that shows nothing, or (at most 4 times a second) a lobby timer.
        let think_over = self.pending.is_none()
            && self
                .turn_seen
                .as_ref()
                .is_some_and(|(_, at)| now.duration_since(*at) >= self.cfg.think);
        let given_up = self
            .pending
            .as_ref()
            .is_some_and(|p| now.duration_since(p.sent) > MOVE_GIVE_UP);
        let lobby_timer = self.timers_due(now)
            && now.duration_since(self.last_look) >= Duration::from_millis(250);
        if !self.worth_a_look() && !think_over && !given_up && !lobby_timer {
            return;
        }
        self.unread = false;
        self.unread_bytes = 0;
        self.last_look = now;
        let Some(parser) = &self.parser else {
            return;
        };
        let grid = Grid::of(parser.screen());
        let text = grid.text();
        if self.counters.dump && !self.ever_played {
            let mut screens = self
                .counters
                .screens
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            if screens.len() <= self.cfg.index {
                screens.resize(self.cfg.index + 1, String::new());
            }
            screens[self.cfg.index] = text.clone();
        }

        if let Some(status) = read_status(&text) {
            if !self.playing {
                self.playing = true;
                if !std::mem::replace(&mut self.ever_played, true) && self.counters.dump {
                    let mut screens = self
                        .counters
                        .screens
                        .lock()
                        .unwrap_or_else(|e| e.into_inner());
                    if let Some(s) = screens.get_mut(self.cfg.index) {
                        s.clear();
                    }
                }
                // Out of the lobby: its timers no longer call for looks.
                self.poster = PosterState::Idle;
                self.nav_at = None;
                self.counters.playing.fetch_add(1, Ordering::Relaxed);
                // Seats taken: two a game (whoever posted or took the seek).
                self.counters.games.fetch_add(1, Ordering::Relaxed);
                self.random_sent = false;
                self.ready_sent = false;
                self.rematch_sent = false;
                self.resign_sent = None;
                self.resign_from = self
                    .cfg
                    .resign_at
                    .map(|n| n / 2 + self.rng.below(n as usize + 1) as u32);
            }
            self.last_status = Some(status);
            self.play(channel, &text, status, now).await;
            return;
        }
        if self.playing
            && (text.contains("r rematch")
                || text.contains("r to accept")
                || text.contains("Rematch")
                // In an arena the opponent may be gone to their next game first.
                || (self.arena() && text.contains("no rematch")))
        {
            self.playing = false;
            self.counters.playing.fetch_sub(1, Ordering::Relaxed);
            self.pending = None;
            self.turn_seen = None;
            if self.arena() {
                // Red's session counts the game's length (once a game).
                if text.contains("you play Red") {
                    if let Some(st) = self.last_status {
                        self.counters
                            .ended_moves
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push(st.number);
                    }
                }
                self.game_over_at = Some(now);
                self.counters
                    .waiting
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(self.cfg.index, now);
            }
        }
        if self.arena() {
            // No rematch: the arena pairs again (the next game's set-up comes).
            if self.game_over_at.is_some() && !text.contains("Set up your army") {
                return;
            }
        } else if text.contains("r rematch") || text.contains("asks for a rematch") {
            if !self.rematch_sent {
                self.rematch_sent = true;
                self.send(channel, b"r").await;
            }
            return;
        }
        if text.contains("Welcome to stratego-ssh") {
            // A key's first login: keep the offered name. Once: a second Enter that finds
            // the lobby (the card's frame was not yet replaced) would accept whatever seek
            // is selected there, pairing the wrong sessions.
            if self
                .welcomed
                .is_none_or(|t| now.duration_since(t) > Duration::from_secs(2))
            {
                self.welcomed = Some(now);
                self.send(channel, b"\r").await;
            }
            return;
        }
        if text.contains("Set up your army") {
            if let Some(over) = self.game_over_at.take() {
                let us = now
                    .duration_since(over)
                    .as_micros()
                    .min(u128::from(u32::MAX)) as u32;
                self.counters
                    .pairing_us
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((self.cfg.index, us));
                self.counters
                    .waiting
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .remove(&self.cfg.index);
            }
            self.poster = PosterState::Idle;
            self.nav_at = None;
            // A new game's set-up (the last one may have ended before its play began, an
            // arena then seating the player in another): set up again.
            let game = game_number(&text);
            if game.is_some() && game != self.setup_game {
                self.setup_game = game;
                self.random_sent = false;
                self.ready_sent = false;
            }
            if !self.random_sent {
                self.random_sent = true;
                self.send(channel, b"r").await;
            } else if !self.ready_sent && text.contains("40 of 40 placed") {
                self.ready_sent = true;
                self.send(channel, b"d").await;
            }
            return;
        }
        // A tournament's screen (it has a "Games in play" list too).
        if self.arena() && text.contains("Standings (") {
            self.arena_screen(channel, &text, now).await;
            return;
        }
        // The lobby (a notice may cover the seek list's title), or the seek form.
        if text.contains("Open seeks")
            || text.contains("Games in play")
            || text.contains("New seek")
        {
            self.lobby(channel, &grid, &text, now).await;
        }
    }

    fn timers_due(&self, now: Instant) -> bool {
        let due =
            |t: Option<Instant>, after: Duration| t.is_some_and(|t| now.duration_since(t) >= after);
        let poster = match self.poster {
            PosterState::Idle => None,
            PosterState::FormAsked(t) | PosterState::Submitted(t) => Some(t),
        };
        let first_post = matches!(self.cfg.role, Role::Poster)
            && matches!(self.poster, PosterState::Idle)
            && !self.playing
            && now >= self.post_after
            && now.duration_since(self.post_after) < Duration::from_secs(1);
        // Not seated and nothing under way (a seek taken by someone else first, a notice
        // in the way): look again every second rather than wait for the lobby to change.
        let stalled = !self.playing
            && !matches!(self.cfg.role, Role::Idle)
            && now.duration_since(self.last_look) >= Duration::from_secs(1);
        let opening = matches!(self.cfg.role, Role::Entrant)
            && !self.joined
            && (due(self.open_sent, Duration::from_millis(500))
                || due(self.join_sent, Duration::from_millis(500)));
        first_post
            || opening
            || stalled
            || due(poster, Duration::from_secs(2))
            || due(self.nav_at, Duration::from_millis(300))
    }

    async fn lobby(
        &mut self,
        channel: &russh::Channel<client::Msg>,
        grid: &Grid,
        text: &str,
        now: Instant,
    ) {
        match self.cfg.role.clone() {
            Role::Idle => {}
            Role::Entrant => self.open_arena(channel, text, now).await,
            Role::Poster => self.post(channel, grid, text, now).await,
            Role::Acceptor(partner) => {
                if self
                    .nav_at
                    .is_some_and(|t| now.duration_since(t) < Duration::from_millis(300))
                {
                    return;
                }
                let Some(target) = grid.seek_row_of(&partner) else {
                    // Not posted yet, or out of sight in a long list: after a while, post
                    // the same seek, which the lobby pairs with the oldest open one of the
                    // same terms (as a person would, rather than page through hundreds).
                    if now >= self.post_after + ACCEPTOR_POSTS_AFTER {
                        self.post(channel, grid, text, now).await;
                    }
                    return;
                };
                match grid.selected_seek_row() {
                    Some(sel) if sel == target => {
                        self.send(channel, b"\r").await;
                        self.nav_at = Some(now);
                    }
                    Some(sel) => {
                        let key: &[u8] = if target > sel { b"j" } else { b"k" };
                        let n = (target as i32 - sel as i32).unsigned_abs() as usize;
                        self.send(channel, &key.repeat(n)).await;
                        self.nav_at = Some(now);
                    }
                    None => {
                        // Nothing selected in the seek list (its selection was taken, or
                        // another list has the focus): `h` then `l` go to the players and
                        // back to the seeks, the first selected (`j` alone moved within
                        // whichever list had the focus; `l` works from the players only).
                        self.send(channel, b"hl").await;
                        self.nav_at = Some(now);
                    }
                }
            }
        }
    }

    /// Arena, in the lobby: opens the arena's screen as a person does. `T` focuses the
    /// tournaments list (once the lobby lists one: its footer offers `T`); then, the list
    /// focused (the footer offers Enter to open one), End goes to its last row, `k` up (a
    /// try per row: the newest active tournament is the lowest active row, above the last
    /// few finished ones), Enter.
    async fn open_arena(
        &mut self,
        channel: &russh::Channel<client::Msg>,
        text: &str,
        now: Instant,
    ) {
        if self.joined
            || self.open_tries > 20
            || self
                .open_sent
                .is_some_and(|t| now.duration_since(t) < Duration::from_millis(300))
        {
            return;
        }
        if text.contains("(Esc)") {
            // A notice over the lobby takes the next key (Esc only dismisses it).
            self.send(channel, b"\x1b").await;
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
        if text.contains("Enter open tournament") {
            let mut keys = b"\x1b[F".to_vec();
            keys.extend(std::iter::repeat_n(b'k', self.open_tries));
            keys.push(b'\r');
            self.send(channel, &keys).await;
            self.open_sent = Some(now);
            self.join_sent = None;
        } else if text.contains("T tournaments") {
            self.send(channel, b"T").await;
            self.open_sent = Some(now);
        }
    }

    /// Arena, on a tournament's screen: joins it (`j`) if it is the arena, else goes back
    /// to the lobby to try the next row up.
    async fn arena_screen(
        &mut self,
        channel: &russh::Channel<client::Msg>,
        text: &str,
        now: Instant,
    ) {
        if self.joined {
            return;
        }
        let header = text.lines().next().unwrap_or("");
        let ours = header.contains(ARENA_NAME)
            && (text.contains("upcoming") || text.contains("running"))
            && !text.contains("finished")
            && !text.contains("cancelled");
        if !ours {
            if self
                .open_sent
                .is_some_and(|t| now.duration_since(t) >= Duration::from_millis(500))
            {
                self.open_tries += 1;
                self.send(channel, b"\x1b").await;
                self.open_sent = Some(now);
            }
            return;
        }
        // "you are in" on the status line, or the notice that answers `j` (it may cover
        // the status line).
        if text.contains("you are in") || text.contains("you joined") {
            self.joined = true;
            self.counters.joined.fetch_add(1, Ordering::Relaxed);
            return;
        }
        if self
            .join_sent
            .is_none_or(|t| now.duration_since(t) >= Duration::from_secs(2))
        {
            self.send(channel, b"j").await;
            self.join_sent = Some(now);
        }
    }

    /// Posts the seek (the form's defaults), then waits for someone to take it.
    async fn post(
        &mut self,
        channel: &russh::Channel<client::Msg>,
        grid: &Grid,
        text: &str,
        now: Instant,
    ) {
        let form = text.contains("New seek") && text.contains("Variant");
        if grid.seek_row_of("(you)").is_some() {
            self.poster = PosterState::Submitted(now);
            return; // The seek is up: wait for the partner to take it.
        }
        match self.poster {
            PosterState::Idle if now < self.post_after => {}
            PosterState::Idle => {
                if !form {
                    // A notice over the lobby ("that seek is gone") takes the next key.
                    if text.contains("(Esc)") {
                        self.send(channel, b"\x1b").await;
                        // A lone Esc, not the start of Alt+n.
                        tokio::time::sleep(Duration::from_millis(40)).await;
                    }
                    self.send(channel, b"n").await;
                }
                self.poster = PosterState::FormAsked(now);
            }
            PosterState::FormAsked(at) => {
                if form {
                    self.send(channel, b"\r").await;
                    self.poster = PosterState::Submitted(now);
                } else if now.duration_since(at) > Duration::from_secs(2) {
                    self.poster = PosterState::Idle;
                }
            }
            PosterState::Submitted(at) => {
                if !form && now.duration_since(at) > Duration::from_secs(3) {
                    self.poster = PosterState::Idle;
                }
            }
        }
    }

    async fn play(
        &mut self,
        channel: &russh::Channel<client::Msg>,
        text: &str,
        status: Status,
        now: Instant,
    ) {
        if let Some(p) = &self.pending {
            if status != p.before {
                let us = now
                    .duration_since(p.sent)
                    .as_micros()
                    .min(u128::from(u32::MAX)) as u32;
                self.counters.moves.fetch_add(1, Ordering::Relaxed);
                if self.counters.measuring.load(Ordering::Relaxed) {
                    self.counters
                        .latencies_us
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(us);
                    if let Some(t0) = self.counters.started {
                        let at = now.duration_since(t0).as_millis() as u32;
                        self.counters
                            .samples
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push((at, us));
                    }
                }
                self.pending = None;
                self.tried.clear();
                self.turn_seen = None;
            } else {
                let failed = (p.data_since
                    && now.duration_since(p.sent) > Duration::from_millis(30)
                    && shows_error(text))
                    || now.duration_since(p.sent) > MOVE_GIVE_UP;
                if !failed {
                    return;
                }
                self.counters
                    .failed_attempts
                    .fetch_add(1, Ordering::Relaxed);
                self.tried.insert(p.mv);
                self.pending = None;
                self.esc_first = true;
            }
        }
        if !status.mine {
            self.turn_seen = None;
            self.tried.clear();
            return;
        }
        match &self.turn_seen {
            Some((s, _)) if *s == status => {}
            _ => {
                self.turn_seen = Some((status, now));
                self.tried.clear();
            }
        }
        let seen_at = self.turn_seen.as_ref().map_or(now, |(_, at)| *at);
        if now.duration_since(seen_at) < self.cfg.think {
            return;
        }
        if self.resign_from.is_some_and(|n| status.number >= n) {
            if self
                .resign_sent
                .is_none_or(|t| now.duration_since(t) > Duration::from_secs(2))
            {
                self.resign_sent = Some(now);
                self.send(channel, b"\x1b").await;
                tokio::time::sleep(Duration::from_millis(40)).await;
                self.send(channel, b"R").await;
                self.send(channel, b"y").await;
            }
            return;
        }
        let Some(board) = read_board(text) else {
            return;
        };
        let moves: Vec<(Sq, Sq)> = candidate_moves(&board)
            .into_iter()
            .filter(|m| !self.tried.contains(m))
            .collect();
        if moves.is_empty() || self.tried.len() >= 12 {
            // Nothing plausible left: resign (the game then ends, and a rematch follows).
            self.send(channel, b"\x1b").await;
            tokio::time::sleep(Duration::from_millis(40)).await;
            self.send(channel, b"R").await;
            self.send(channel, b"y").await;
            self.turn_seen = None;
            self.tried.clear();
            return;
        }
        if self.esc_first {
            // Clear the last error so the next one is this move's, and type the move once
            // the screen shows it cleared: another move of the same piece may be refused
            // in the same words, and the server sends no frame for a screen that did not
            // change (nor for an Esc and a move paced into one frame), so the move would
            // wait out MOVE_GIVE_UP with nothing to read. At most a second (an error Esc
            // does not clear is left to MOVE_GIVE_UP as before).
            self.send(channel, b"\x1b").await;
            self.esc_first = false;
            self.esc_at = Some(now);
            return;
        }
        if let Some(at) = self.esc_at {
            if shows_error(text) && now.duration_since(at) < Duration::from_secs(1) {
                return;
            }
            self.esc_at = None;
        }
        let mv = moves[(self.rng.next() % moves.len() as u64) as usize];
        let typed = format!("m{} {}", sq_name(mv.0), sq_name(mv.1));
        self.send(channel, typed.as_bytes()).await;
        let sent = Instant::now();
        self.send(channel, b"\r").await;
        self.pending = Some(Pending {
            sent,
            before: status,
            mv,
            data_since: false,
        });
    }
}

/// Whose turn and which move the status line of a game shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    pub mine: bool,
    pub number: u32,
}

/// Reads `Your turn  move N` / `Red to move  move N` from a game screen.
pub fn read_status(text: &str) -> Option<Status> {
    for line in text.lines() {
        let mine = line.contains("Your turn");
        if !mine && !line.contains(" to move") {
            continue;
        }
        let Some(at) = line.find("  move ") else {
            continue;
        };
        let digits: String = line[at + 7..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        if let Ok(number) = digits.parse() {
            return Some(Status { mine, number });
        }
    }
    None
}

/// The game's number in a game or set-up screen's header (`... · game #12`).
fn game_number(text: &str) -> Option<u64> {
    let head = text.lines().next()?;
    let at = head.find("game #")? + "game #".len();
    let digits: String = head[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// Phrases of the sentences the game screen shows for an illegal move
/// (`rules::IllegalReason`, capitalised).
const ERRORS: [&str; 11] = [
    "rule:",
    "has no legal move",
    "never move",
    "is a lake",
    "your own piece",
    "is not yours",
    "There is no piece",
    "another square",
    "Only Scouts",
    "Scouts cannot",
    "diagonally",
];

fn shows_error(text: &str) -> bool {
    ERRORS.iter().any(|e| text.contains(e))
}

/// A screen as a grid of cells (one char per column, wide characters' second half blank).
struct Grid {
    rows: Vec<Vec<char>>,
    inverse: Vec<Vec<bool>>,
}

impl Grid {
    fn of(screen: &vt100::Screen) -> Grid {
        let (h, w) = screen.size();
        let (h, w) = (h.get(), w.get());
        // Row by row (`Screen::cell` walks the rows from the top for every cell, which
        // was most of the load generator's time): a wide character takes two columns.
        let mut rows = Vec::with_capacity(h as usize);
        for text in screen.rows(0, w) {
            let mut r = Vec::with_capacity(w as usize);
            for c in text.chars() {
                r.push(c);
                if unicode_width::UnicodeWidthChar::width(c).unwrap_or(1) > 1 {
                    r.push(' ');
                }
            }
            r.resize(w as usize, ' ');
            rows.push(r);
        }
        // Reverse video marks the selected row of a list: only the lobby needs it.
        const OPEN: [char; 10] = ['O', 'p', 'e', 'n', ' ', 's', 'e', 'e', 'k', 's'];
        let lobby = rows
            .iter()
            .any(|r| r.windows(OPEN.len()).any(|w| w == OPEN));
        let mut inverse = Vec::new();
        if lobby {
            for y in 0..h {
                inverse.push(
                    (0..w)
                        .map(|x| screen.cell(y, x).is_some_and(|c| c.inverse()))
                        .collect(),
                );
            }
        }
        Grid { rows, inverse }
    }

    fn text(&self) -> String {
        let mut s =
            String::with_capacity(self.rows.len() * (self.rows.first().map_or(0, Vec::len) + 1));
        for r in &self.rows {
            s.extend(r.iter());
            s.push('\n');
        }
        s
    }

    /// Row and column of the seek list's column headings.
    fn seek_header(&self) -> Option<(usize, usize)> {
        const HEAD: &str = "player       variant";
        let head: Vec<char> = HEAD.chars().collect();
        for (y, r) in self.rows.iter().enumerate() {
            if let Some(x) = r.windows(head.len()).position(|w| w == head.as_slice()) {
                return Some((y, x));
            }
        }
        None
    }

    /// The seek rows below the headings: (row, owner column text).
    fn seek_rows(&self) -> Vec<(usize, String)> {
        let Some((hy, hx)) = self.seek_header() else {
            return vec![];
        };
        let mut out = vec![];
        for y in hy + 1..self.rows.len() {
            let r = &self.rows[y];
            if hx + 12 > r.len() {
                break;
            }
            let owner: String = r[hx..hx + 12].iter().collect();
            let owner = owner.trim().to_string();
            // The list ends at the panel's border (a line of box characters) or a blank row.
            if owner.is_empty() || owner.chars().all(|c| !c.is_alphanumeric() && c != '(') {
                break;
            }
            out.push((y, owner));
        }
        out
    }

    fn seek_row_of(&self, owner: &str) -> Option<usize> {
        self.seek_rows()
            .into_iter()
            .find(|(_, o)| o == owner)
            .map(|(y, _)| y)
    }

    fn selected_seek_row(&self) -> Option<usize> {
        let (_, hx) = self.seek_header()?;
        self.seek_rows()
            .into_iter()
            .find(|(y, _)| {
                self.inverse
                    .get(*y)
                    .and_then(|r| r.get(hx + 1))
                    .copied()
                    .unwrap_or(false)
            })
            .map(|(y, _)| y)
    }
}

/// `cells[file][rank-1]`: the label drawn on each square.
pub struct Board {
    pub cells: Vec<Vec<String>>,
}

/// Reads the board the way a person does: through the file letters under it and the rank
/// numbers beside it.
pub fn read_board(text: &str) -> Option<Board> {
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    // The line of file letters: it starts with ten single letters A-J apart from each other
    // (the move list may go on to its right).
    let (files_line, xs) = lines.iter().enumerate().rev().find_map(|(i, l)| {
        let mut letters: Vec<(usize, char)> = Vec::with_capacity(10);
        let mut x = 0;
        while letters.len() < 10 && x < l.len() {
            let c = l[x];
            if !c.is_whitespace() {
                let single = l.get(x + 1).is_none_or(|n| n.is_whitespace());
                if !single || !('A'..='J').contains(&c) || letters.iter().any(|(_, d)| *d == c) {
                    return None;
                }
                letters.push((x, c));
            }
            x += 1;
        }
        (letters.len() == 10).then_some((i, letters))
    })?;
    let mut cells = vec![vec![String::new(); 10]; 10];
    let mut seen = 0;
    for l in lines.iter().take(files_line) {
        let head: String = l.iter().take(3).collect();
        let Ok(rank) = head.trim().parse::<usize>() else {
            continue;
        };
        if !(1..=10).contains(&rank) {
            continue;
        }
        seen += 1;
        for &(x, file) in &xs {
            let s: String = l.iter().skip(x).take(2).collect();
            cells[(file as u8 - b'A') as usize][rank - 1] = s.trim().to_string();
        }
    }
    (seen == 10).then_some(Board { cells })
}

fn is_movable_label(s: &str) -> bool {
    matches!(
        s,
        "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "S" | "1"
    )
}

fn is_own_label(s: &str) -> bool {
    is_movable_label(s) || s == "B" || s == "F"
}

fn is_lake(f: u8, r: u8) -> bool {
    (r == 5 || r == 6) && matches!(f, 2 | 3 | 6 | 7)
}

/// Moves of one square by a piece that looks like one's own onto a square that is not a
/// lake and does not look like one's own piece (what the rules still forbid, the server
/// says, and another move is tried).
pub fn candidate_moves(b: &Board) -> Vec<(Sq, Sq)> {
    let mut out = vec![];
    for f in 0..10u8 {
        for r in 1..=10u8 {
            if !is_movable_label(&b.cells[f as usize][r as usize - 1]) {
                continue;
            }
            for (df, dr) in [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)] {
                let (tf, tr) = (f as i8 + df, r as i8 + dr);
                if !(0..10).contains(&tf) || !(1..=10).contains(&tr) {
                    continue;
                }
                let (tf, tr) = (tf as u8, tr as u8);
                if is_lake(tf, tr) || is_own_label(&b.cells[tf as usize][tr as usize - 1]) {
                    continue;
                }
                out.push(((f, r), (tf, tr)));
            }
        }
    }
    out
}

fn sq_name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f) as char, r)
}

/// What one abuser does, round after round (abuser `i` runs attack `i` mod 9, or of the
/// attacks chosen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Attack {
    /// Connect without a key (a guest), wait for the first screen bytes, disconnect.
    GuestCycle,
    /// Post a seek (`n`, Enter) and cancel it (`x`).
    SeekChurn,
    /// Start a game against the computer (`b`) and leave it (`q`, `y`).
    BotChurn,
    /// Open chat and send lines as fast as they go.
    ChatFlood,
    /// A thousand window changes, sizes all over the place.
    ResizeFlood,
    /// A hundred exec requests on one channel, then a channel per command.
    ExecFlood,
    /// Log in as a guest and open no channel: hold the connection until the server closes
    /// it (or [`IDLE_HOLD`]), then again.
    IdleGuest,
    /// Over one connection (a key) kept from round to round, a hundred commands one after
    /// another, each on a new channel read until its exit status, none closed by us.
    ExecMux,
    /// A brand-new key each round logs in with a terminal (a new account), now and then
    /// asking for a name no one may have; waits for the first screen and leaves.
    KeyFlood,
}

const ATTACKS: [Attack; 9] = [
    Attack::GuestCycle,
    Attack::SeekChurn,
    Attack::BotChurn,
    Attack::ChatFlood,
    Attack::ResizeFlood,
    Attack::ExecFlood,
    Attack::IdleGuest,
    Attack::ExecMux,
    Attack::KeyFlood,
];

impl Attack {
    /// Its name as `--attack` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Attack::GuestCycle => "guest-cycle",
            Attack::SeekChurn => "seek-churn",
            Attack::BotChurn => "bot-churn",
            Attack::ChatFlood => "chat-flood",
            Attack::ResizeFlood => "resize-flood",
            Attack::ExecFlood => "exec-flood",
            Attack::IdleGuest => "idle-guest",
            Attack::ExecMux => "exec-mux",
            Attack::KeyFlood => "key-flood",
        }
    }

    /// Its place in [`ATTACKS`].
    fn slot(self) -> usize {
        ATTACKS.iter().position(|a| *a == self).unwrap_or(0)
    }

    /// How long one round may take before it is cut.
    fn round_bound(self) -> Duration {
        match self {
            // The hold, and the login before it.
            Attack::IdleGuest => IDLE_HOLD + Duration::from_secs(10),
            // A hundred commands, each given EXEC_MUX_WAIT at most, is longer: a round
            // whose commands go unanswered is cut here.
            Attack::ExecMux => Duration::from_secs(30),
            _ => Duration::from_secs(10),
        }
    }
}

/// [`Attack::IdleGuest`]: the longest a connection is held before the guest reconnects.
pub const IDLE_HOLD: Duration = Duration::from_secs(60);
/// [`Attack::ExecMux`]: commands a round, and the longest each is waited for.
const EXEC_MUX_COMMANDS: usize = 100;
const EXEC_MUX_WAIT: Duration = Duration::from_secs(5);
/// [`Attack::ExecMux`]: the pause after a round in which no command was answered.
const EXEC_MUX_IDLE_PAUSE: Duration = Duration::from_secs(1);
/// The exit status of a command the server refused as busy (`EX_TEMPFAIL`).
const EXIT_BUSY: u32 = 75;
/// [`Attack::KeyFlood`]: every this many rounds the name asked for is not a valid nick
/// (the server gives a default one), and the longest the first screen is waited for.
const KEY_FLOOD_BAD_NAME_EVERY: u64 = 4;
const KEY_FLOOD_BAD_NAME: &str = "!!";
const KEY_FLOOD_WAIT: Duration = Duration::from_secs(5);

struct AbuserCfg {
    index: usize,
    attacks: Vec<Attack>,
    addr: SocketAddr,
    cols: u16,
    rows: u16,
    seed: u64,
}

impl AbuserCfg {
    /// Abusers' source addresses come after every honest session's.
    fn source(&self) -> Option<SocketAddr> {
        source_block(
            MAX_SESSIONS.div_ceil(PER_SOURCE_ADDRESS) + self.index / ABUSERS_PER_ADDRESS,
            self.addr,
        )
    }

    fn nick(&self) -> String {
        format!("abuse-{}", self.index)
    }

    fn key(&self) -> PrivateKey {
        session_key(MAX_SESSIONS * 10 + self.index)
    }
}

/// Lowers the calling thread's scheduling priority (Linux: nice is per thread).
fn lower_priority() {
    // SAFETY: setpriority reads no memory of ours; `0` is the calling thread.
    let r = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 10) };
    if r != 0 {
        tracing::debug!("cannot lower the abusers' priority");
    }
}

/// An abuser's loop until the deadline; each round is bounded in count and time.
async fn abuse(
    a: AbuserCfg,
    config: Arc<client::Config>,
    counters: Arc<Counters>,
    deadline: tokio::time::Instant,
) {
    let attack = a.attacks[a.index % a.attacks.len()];
    let mut rng = SplitMix64(a.seed);
    // The interactive attacks keep one session (and make a new one when it is gone).
    let mut shell: Option<(
        client::Handle<AcceptAny>,
        russh::ChannelWriteHalf<client::Msg>,
    )> = None;
    // ExecMux keeps one connection the same way.
    let mut mux: Option<client::Handle<AcceptAny>> = None;
    let mut round_no: u64 = 0;
    while tokio::time::Instant::now() < deadline {
        round_no += 1;
        let round = async {
            match attack {
                Attack::GuestCycle => guest_cycle(&a, config.clone()).await,
                Attack::ExecFlood => exec_flood(&a, config.clone()).await,
                Attack::IdleGuest => idle_guest(&a, config.clone(), &counters, deadline).await,
                Attack::ExecMux => {
                    if mux.as_ref().is_none_or(|h| h.is_closed()) {
                        mux = None;
                        let nick = a.nick();
                        mux = Some(
                            login(a.addr, a.source(), config.clone(), Some((&nick, a.key())))
                                .await?,
                        );
                    }
                    let Some(handle) = &mux else {
                        return Ok(());
                    };
                    let done = exec_mux(handle, &counters).await;
                    if done.is_err() {
                        mux = None;
                    }
                    done
                }
                Attack::KeyFlood => key_flood(&a, config.clone(), &counters, round_no).await,
                _ => {
                    if shell.is_none() {
                        shell = Some(abuser_shell(&a, config.clone(), counters.clone()).await?);
                    }
                    let Some((_, w)) = &shell else {
                        return Ok(());
                    };
                    let done = interactive_round(attack, w, a.cols, a.rows, &mut rng).await;
                    if done.is_err() {
                        shell = None;
                    }
                    done
                }
            }
        };
        // A round that cannot finish in its bound (10 s for most: the server refused, or
        // is slow) is cut.
        let ok = matches!(
            tokio::time::timeout_at(
                deadline.min(tokio::time::Instant::now() + attack.round_bound()),
                round
            )
            .await,
            Ok(Ok(()))
        );
        if ok {
            counters.abuse_rounds.fetch_add(1, Ordering::Relaxed);
            counters.rounds_by_attack[attack.slot()].fetch_add(1, Ordering::Relaxed);
        } else {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    if let Some((handle, _)) = shell {
        let _ = handle
            .disconnect(russh::Disconnect::ByApplication, "done", "en")
            .await;
    }
    if let Some(handle) = mux {
        let _ = handle
            .disconnect(russh::Disconnect::ByApplication, "done", "en")
            .await;
    }
}

/// An abuser's interactive session: its output is read (and counted) by a task of its own.
async fn abuser_shell(
    a: &AbuserCfg,
    config: Arc<client::Config>,
    counters: Arc<Counters>,
) -> Result<(
    client::Handle<AcceptAny>,
    russh::ChannelWriteHalf<client::Msg>,
)> {
    let handle = login(a.addr, a.source(), config, Some((&a.nick(), a.key()))).await?;
    let channel = open_shell(&handle, a.cols, a.rows).await?;
    let (mut read, write) = channel.split();
    tokio::spawn(async move {
        while let Some(msg) = read.wait().await {
            match msg {
                ChannelMsg::Data { data } => {
                    counters
                        .bytes_total
                        .fetch_add(data.len() as u64, Ordering::Relaxed);
                }
                ChannelMsg::Eof | ChannelMsg::Close => break,
                _ => {}
            }
        }
    });
    // A key's first login shows the welcome card: keep the name (Enter).
    tokio::time::sleep(Duration::from_millis(500)).await;
    write.data(&b"\r"[..]).await?;
    Ok((handle, write))
}

/// One round of an attack on an interactive session (about a second of it).
async fn interactive_round(
    attack: Attack,
    w: &russh::ChannelWriteHalf<client::Msg>,
    cols: u16,
    rows: u16,
    rng: &mut SplitMix64,
) -> Result<()> {
    let pause = |ms: u64| tokio::time::sleep(Duration::from_millis(ms));
    match attack {
        Attack::SeekChurn => {
            w.data(&b"n"[..]).await?;
            pause(100).await;
            w.data(&b"\r"[..]).await?;
            pause(200).await;
            w.data(&b"x"[..]).await?;
            pause(100).await;
        }
        Attack::BotChurn => {
            w.data(&b"b"[..]).await?;
            pause(300).await;
            w.data(&b"q"[..]).await?;
            pause(50).await;
            w.data(&b"y"[..]).await?;
            pause(300).await;
        }
        Attack::ChatFlood => {
            w.data(&b"t"[..]).await?;
            for n in 0..50 {
                let line = format!("spam {n} {}\r", rng.next());
                w.data(line.as_bytes()).await?;
                pause(10).await;
            }
            w.data(&b"\x1b"[..]).await?;
            pause(100).await;
        }
        Attack::ResizeFlood => {
            for _ in 0..1000 {
                let c = 20 + rng.below(600) as u32;
                let r = 5 + rng.below(250) as u32;
                w.window_change(c, r, 0, 0).await?;
            }
            w.window_change(u32::from(cols), u32::from(rows), 0, 0)
                .await?;
            pause(200).await;
        }
        Attack::GuestCycle
        | Attack::ExecFlood
        | Attack::IdleGuest
        | Attack::ExecMux
        | Attack::KeyFlood => {}
    }
    Ok(())
}

/// Connects as a guest, waits for the first bytes of the screen (at most 3 s), disconnects.
async fn guest_cycle(a: &AbuserCfg, config: Arc<client::Config>) -> Result<()> {
    let handle = login(a.addr, a.source(), config, None).await?;
    let mut channel = open_shell(&handle, a.cols, a.rows).await?;
    let _ = tokio::time::timeout(Duration::from_secs(3), async {
        while let Some(msg) = channel.wait().await {
            if matches!(msg, ChannelMsg::Data { .. } | ChannelMsg::Close) {
                break;
            }
        }
    })
    .await;
    let _ = handle
        .disconnect(russh::Disconnect::ByApplication, "bye", "en")
        .await;
    Ok(())
}

/// A hundred exec requests on one channel, then eight channels of one command each, all
/// read until closed (at most 5 s); then disconnects.
async fn exec_flood(a: &AbuserCfg, config: Arc<client::Config>) -> Result<()> {
    let handle = login(a.addr, a.source(), config, Some((&a.nick(), a.key()))).await?;
    let drain = |channel: russh::Channel<client::Msg>| {
        let (mut read, write) = channel.split();
        let reader = tokio::spawn(async move {
            let _ = tokio::time::timeout(Duration::from_secs(5), async {
                while let Some(msg) = read.wait().await {
                    if matches!(msg, ChannelMsg::Close) {
                        break;
                    }
                }
            })
            .await;
        });
        (reader, write)
    };
    let (reader, write) = drain(handle.channel_open_session().await?);
    for _ in 0..100 {
        if write.exec(true, "leaderboard").await.is_err() {
            break;
        }
    }
    let mut readers = vec![reader];
    for _ in 0..8 {
        let Ok(channel) = handle.channel_open_session().await else {
            break;
        };
        let (reader, write) = drain(channel);
        let _ = write.exec(true, "leaderboard").await;
        readers.push(reader);
    }
    for r in readers {
        let _ = r.await;
    }
    let _ = handle
        .disconnect(russh::Disconnect::ByApplication, "bye", "en")
        .await;
    Ok(())
}

/// Logs in as a guest and opens no channel; holds the connection until the server closes
/// it, [`IDLE_HOLD`] passes or the run ends, and records how long it was held.
async fn idle_guest(
    a: &AbuserCfg,
    config: Arc<client::Config>,
    counters: &Counters,
    deadline: tokio::time::Instant,
) -> Result<()> {
    // Let go a second before the run ends, so that the hold is in the report; no new
    // hold in that last second.
    let last = deadline
        .checked_sub(Duration::from_secs(1))
        .unwrap_or(deadline);
    if tokio::time::Instant::now() >= last {
        tokio::time::sleep_until(deadline).await;
        bail!("the run is over");
    }
    let handle = login(a.addr, a.source(), config, None).await?;
    let from = tokio::time::Instant::now();
    let until = last.min(from + IDLE_HOLD);
    let mut closed = false;
    while tokio::time::Instant::now() < until {
        if handle.is_closed() {
            closed = true;
            break;
        }
        tokio::time::sleep_until(
            until.min(tokio::time::Instant::now() + Duration::from_millis(250)),
        )
        .await;
    }
    let held = from.elapsed();
    counters
        .idle_held_ms
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(u32::try_from(held.as_millis()).unwrap_or(u32::MAX));
    if closed {
        counters.idle_closed.fetch_add(1, Ordering::Relaxed);
    } else {
        let _ = handle
            .disconnect(russh::Disconnect::ByApplication, "bye", "en")
            .await;
    }
    Ok(())
}

/// What became of one command of [`exec_mux`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ExecOutcome {
    Answered,
    Busy,
    Refused,
    Unanswered,
}

/// A hundred commands over the one connection, one after another, each on a new channel:
/// open, exec, read until its exit status (or EOF), and leave it without sending a close
/// of our own. Every command is counted by its outcome. A round with none answered ends
/// with a second's pause (refusals take no time: the loop would only spin). An error: the
/// connection is gone.
async fn exec_mux(handle: &client::Handle<AcceptAny>, counters: &Counters) -> Result<()> {
    let mut answered = 0;
    for n in 0..EXEC_MUX_COMMANDS {
        let command = if n % 2 == 0 { "help" } else { "leaderboard" };
        let outcome = match handle.channel_open_session().await {
            Ok(mut channel) => {
                if channel.exec(true, command).await.is_err() {
                    ExecOutcome::Refused
                } else {
                    tokio::time::timeout(EXEC_MUX_WAIT, async {
                        while let Some(msg) = channel.wait().await {
                            match msg {
                                ChannelMsg::ExitStatus { exit_status } => {
                                    return if exit_status == EXIT_BUSY {
                                        ExecOutcome::Busy
                                    } else {
                                        ExecOutcome::Answered
                                    };
                                }
                                ChannelMsg::Failure => return ExecOutcome::Refused,
                                ChannelMsg::Eof | ChannelMsg::Close => {
                                    return ExecOutcome::Answered
                                }
                                _ => {}
                            }
                        }
                        ExecOutcome::Unanswered
                    })
                    .await
                    .unwrap_or(ExecOutcome::Unanswered)
                }
                // Dropped here: no close is sent by us.
            }
            Err(russh::Error::ChannelOpenFailure(_)) => ExecOutcome::Refused,
            Err(e) => return Err(e.into()),
        };
        if outcome == ExecOutcome::Answered {
            answered += 1;
        }
        let counter = match outcome {
            ExecOutcome::Answered => &counters.exec_answered,
            ExecOutcome::Busy => &counters.exec_busy,
            ExecOutcome::Refused => &counters.exec_refused,
            ExecOutcome::Unanswered => &counters.exec_unanswered,
        };
        counter.fetch_add(1, Ordering::Relaxed);
        if handle.is_closed() {
            bail!("the server closed the connection");
        }
    }
    if answered == 0 {
        tokio::time::sleep(EXEC_MUX_IDLE_PAUSE).await;
    }
    Ok(())
}

/// A brand-new key logs in with a terminal (the server makes it an account), asking for
/// `kf-I-R` or, every [`KEY_FLOOD_BAD_NAME_EVERY`]th round, a name that is no nick;
/// waits for the first screen (the welcome card, if the account is new) and disconnects.
async fn key_flood(
    a: &AbuserCfg,
    config: Arc<client::Config>,
    counters: &Counters,
    round: u64,
) -> Result<()> {
    let key = PrivateKey::random(&mut rand::rng(), russh::keys::Algorithm::Ed25519)
        .context("cannot make a key")?;
    let name = if round.is_multiple_of(KEY_FLOOD_BAD_NAME_EVERY) {
        KEY_FLOOD_BAD_NAME.to_string()
    } else {
        format!("kf-{}-{round}", a.index)
    };
    let handle = login(a.addr, a.source(), config, Some((&name, key))).await?;
    let mut channel = open_shell(&handle, a.cols, a.rows).await?;
    let mut parser = vt100::Parser::new(
        NonZeroU16::new(a.rows).unwrap_or(NonZeroU16::MIN),
        NonZeroU16::new(a.cols).unwrap_or(NonZeroU16::MIN),
        0,
    );
    let welcomed = tokio::time::timeout(KEY_FLOOD_WAIT, async {
        while let Some(msg) = channel.wait().await {
            match msg {
                ChannelMsg::Data { data } => {
                    parser.process(&data);
                    if parser
                        .screen()
                        .contents()
                        .contains("Welcome to stratego-ssh")
                    {
                        return true;
                    }
                }
                ChannelMsg::Eof | ChannelMsg::Close => break,
                _ => {}
            }
        }
        false
    })
    .await
    .unwrap_or(false);
    if welcomed {
        counters.keys_welcomed.fetch_add(1, Ordering::Relaxed);
    } else {
        counters.keys_unwelcomed.fetch_add(1, Ordering::Relaxed);
    }
    let _ = handle
        .disconnect(russh::Disconnect::ByApplication, "bye", "en")
        .await;
    Ok(())
}

#[cfg(test)]
mod tests {
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
        let v: Vec<u32> = (1..=100).collect();
        assert_eq!(quantile(&v, 0.5), Some(51));
        assert_eq!(quantile(&v, 0.99), Some(99));
        assert_eq!(quantile(&[], 0.5), None);
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
