//! A run, step by step: the arena (if asked), the honest sessions, the abusers on their own
//! runtime, the watch until the deadline (progress lines, memory samples, the warm-up, the
//! arena's start), and the figures.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use russh::client;
use stratego_ssh::procinfo;
use tokio::task::JoinHandle;

use super::*;

/// Runs the load and returns its figures; prints progress lines to stderr.
pub async fn run(cfg: LoadConfig) -> Result<Report> {
    cfg.check()?;
    let started = Instant::now();
    let deadline = tokio::time::Instant::now() + cfg.duration;
    let counters = Arc::new(Counters {
        dump: std::env::var_os("STRATEGO_LOADGEN_DUMP").is_some(),
        started: std::env::var_os("STRATEGO_LOADGEN_SAMPLES").map(|_| Instant::now()),
        wall: std::env::var_os("STRATEGO_LOADGEN_TIMES").is_some(),
        ..Counters::default()
    });
    let rss_before = server_rss_before(&cfg)?;
    let client_config = Arc::new(client::Config {
        nodelay: true,
        inactivity_timeout: None,
        ..Default::default()
    });
    // The arena, before the sessions connect.
    let arena_id = match cfg.arena {
        true => Some(create_and_say(&cfg, &client_config, started).await?),
        false => None,
    };
    let joining_from = Instant::now();
    let mut tasks = spawn_sessions(&cfg, &counters, &client_config);
    let attacks = if cfg.attacks.is_empty() {
        ATTACKS.to_vec()
    } else {
        cfg.attacks.clone()
    };
    let abuse_rt = spawn_abusers(
        &cfg,
        &attacks,
        &counters,
        &client_config,
        deadline,
        &mut tasks,
    )?;
    let web_rt = spawn_web(&cfg, &counters, deadline, &mut tasks)?;

    let mut watch = Watch {
        cfg: &cfg,
        counters: &counters,
        client_config: &client_config,
        started,
        joining_from,
        arena_id,
        arena_started_at: None,
        measured_from: None,
        server_cpu: None,
        own_cpu: None,
        rss_peak: rss_before.unwrap_or(0),
        last_moves: 0,
        last_print: Instant::now(),
    };

    let arena_error = watch.until(deadline).await.err();
    let elapsed = started.elapsed();
    let report = figures(&cfg, &counters, &attacks, &watch, rss_before, elapsed);
    for t in &tasks {
        t.abort();
    }
    if let Some(rt) = web_rt {
        rt.shutdown_background();
    }
    if let Some(rt) = abuse_rt {
        // Not dropped here: a runtime may not be dropped inside another's task.
        rt.shutdown_background();
    }
    write_samples(&counters);
    dump_screens(&counters);
    if let Some(e) = arena_error {
        return Err(e);
    }
    Ok(report)
}

/// The server's resident memory before the run (with `server_pid`).
fn server_rss_before(cfg: &LoadConfig) -> Result<Option<u64>> {
    let rss = cfg.server_pid.and_then(|p| procinfo::rss_kib(Some(p)));
    if cfg.server_pid.is_some() && rss.is_none() {
        bail!(
            "cannot read VmRSS of process {}",
            cfg.server_pid.unwrap_or(0)
        );
    }
    Ok(rss)
}

/// Creates the arena and says so; its number.
async fn create_and_say(
    cfg: &LoadConfig,
    client_config: &Arc<client::Config>,
    started: Instant,
) -> Result<u64> {
    let id = create_arena(cfg, client_config.clone()).await?;
    if !cfg.progress_every.is_zero() {
        eprintln!(
            "[{:>4.0}s] arena #{id} created; the playing sessions join it",
            started.elapsed().as_secs_f64()
        );
    }
    Ok(id)
}

/// Session `i`'s part: a seek's poster or taker for the first `games` pairs (entrants with
/// an arena), idle in the lobby beyond.
fn role(cfg: &LoadConfig, i: usize) -> Role {
    if i >= cfg.games * 2 {
        Role::Idle
    } else if cfg.arena {
        Role::Entrant
    } else if i.is_multiple_of(2) {
        Role::Poster
    } else {
        Role::Acceptor(format!("load-{}", i - 1))
    }
}

/// Connects the honest sessions ([`CONNECTING_AT_ONCE`] handshakes at a time) and runs each
/// in a task of its own.
fn spawn_sessions(
    cfg: &LoadConfig,
    counters: &Arc<Counters>,
    client_config: &Arc<client::Config>,
) -> Vec<JoinHandle<()>> {
    let gate = Arc::new(tokio::sync::Semaphore::new(CONNECTING_AT_ONCE));
    let mut tasks = Vec::with_capacity(cfg.sessions);
    // With STRATEGO_LOADGEN_FIRST=N the sessions' keys and nicks are load-N on: two load
    // generators against two edges of one core (tools/scripts/split-load.sh) are not the
    // same players.
    let first: usize = std::env::var("STRATEGO_LOADGEN_FIRST")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    for i in 0..cfg.sessions {
        let s = SessionCfg {
            index: i,
            key: i + first,
            nick: format!("load-{}", i + first),
            role: match role(cfg, i) {
                Role::Acceptor(_) => Role::Acceptor(format!("load-{}", i - 1 + first)),
                r => r,
            },
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
    tasks
}

/// Starts the abusers (their tasks join `tasks`) on a runtime of their own, returned.
///
/// Their work must not queue ahead of the honest sessions' reading of their screens in
/// this process, or the honest latencies would measure the load generator, not the server
/// (an attacker is not inside the players' clients). For the same reason its one thread
/// runs at a lower priority (nice 10): an attacker's own CPU is not this machine's, and its
/// rounds of handshakes would otherwise take a core from the honest clients' reading.
fn spawn_abusers(
    cfg: &LoadConfig,
    attacks: &[Attack],
    counters: &Arc<Counters>,
    client_config: &Arc<client::Config>,
    deadline: tokio::time::Instant,
    tasks: &mut Vec<JoinHandle<()>>,
) -> Result<Option<tokio::runtime::Runtime>> {
    if cfg.abusers == 0 {
        return Ok(None);
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .thread_name("loadgen-abuser")
        .on_thread_start(lower_priority)
        .enable_all()
        .build()?;
    for i in 0..cfg.abusers {
        let a = AbuserCfg {
            index: i,
            addr: cfg.addr,
            cols: cfg.cols,
            rows: cfg.rows,
            seed: cfg.seed ^ 0xABu64.wrapping_mul(i as u64 + 1),
            attacks: attacks.to_vec(),
        };
        let counters = counters.clone();
        let client_config = client_config.clone();
        tasks.push(rt.spawn(async move {
            abuse(a, client_config, counters, deadline).await;
        }));
    }
    Ok(Some(rt))
}

/// Starts the web mix (page requests and watchers; their tasks join `tasks`) on a runtime of
/// its own (one thread), returned: its requests and streams do not queue ahead of the SSH
/// sessions' reading of their screens, nor theirs ahead of its.
fn spawn_web(
    cfg: &LoadConfig,
    counters: &Arc<Counters>,
    deadline: tokio::time::Instant,
    tasks: &mut Vec<JoinHandle<()>>,
) -> Result<Option<tokio::runtime::Runtime>> {
    let Some(web) = &cfg.web else {
        return Ok(None);
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .thread_name("loadgen-web")
        .enable_all()
        .build()?;
    // The players with a name (the playing sessions accept the welcome card's).
    let named = (cfg.games * 2).max(1).min(cfg.sessions);
    let nicks = (0..named).map(|i| format!("load-{i}")).collect();
    let _guard = rt.enter();
    web::spawn(web, nicks, counters, deadline, tasks);
    super::ws::spawn(
        web.addr,
        web.ws_players,
        cfg.think,
        cfg.seed,
        counters,
        tasks,
    );
    super::ws::spawn_bots(
        web.addr,
        web.ws_bots,
        &web.ws_bot_level,
        cfg.think,
        cfg.seed,
        counters,
        tasks,
    );
    Ok(Some(rt))
}

/// What the run watches until its deadline, twice a second.
struct Watch<'a> {
    cfg: &'a LoadConfig,
    counters: &'a Arc<Counters>,
    client_config: &'a Arc<client::Config>,
    started: Instant,
    /// When the playing sessions began to connect (and join the arena).
    joining_from: Instant,
    arena_id: Option<u64>,
    arena_started_at: Option<Duration>,
    /// When latencies began to be recorded, and whether every game was in play then.
    measured_from: Option<(Duration, bool)>,
    /// The server's CPU (with `server_pid`) and this process's, from then on.
    server_cpu: Option<super::cpu::CpuWindow>,
    own_cpu: Option<super::cpu::CpuWindow>,
    rss_peak: u64,
    last_moves: u64,
    last_print: Instant,
}

impl Watch<'_> {
    /// Until the deadline, or until the arena cannot be started (that error).
    async fn until(&mut self, deadline: tokio::time::Instant) -> Result<()> {
        let mut sample = tokio::time::interval(Duration::from_millis(500));
        loop {
            tokio::select! {
                _ = tokio::time::sleep_until(deadline) => return Ok(()),
                _ = sample.tick() => {}
            }
            self.start_arena_when_joined().await?;
            self.start_measuring_when_ready();
            if let Some(pid) = self.cfg.server_pid {
                if let Some(rss) = procinfo::rss_kib(Some(pid)) {
                    self.rss_peak = self.rss_peak.max(rss);
                }
            }
            if !self.cfg.progress_every.is_zero()
                && self.last_print.elapsed() >= self.cfg.progress_every
            {
                self.progress();
            }
        }
    }

    fn secs(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    /// Starts the arena once every playing session joined it, or after [`JOIN_WAIT`].
    async fn start_arena_when_joined(&mut self) -> Result<()> {
        let (Some(id), None) = (self.arena_id, self.arena_started_at) else {
            return Ok(());
        };
        let cfg = self.cfg;
        let joined = self.counters.joined.load(Ordering::Relaxed);
        let all = joined >= cfg.games * 2;
        if !all && self.joining_from.elapsed() < JOIN_WAIT {
            return Ok(());
        }
        if !all {
            eprintln!(
                "[{:>4.0}s] only {joined} of {} playing sessions joined arena #{id} in {}s: starting it anyway",
                self.secs(),
                cfg.games * 2,
                JOIN_WAIT.as_secs()
            );
        }
        let answer = start_arena(cfg, self.client_config.clone(), id).await?;
        self.arena_started_at = Some(self.started.elapsed());
        if !cfg.progress_every.is_zero() {
            eprintln!("[{:>4.0}s] {joined} joined; {answer}", self.secs());
        }
        Ok(())
    }

    /// Latencies count once every game is in play or the warm-up is over.
    fn start_measuring_when_ready(&mut self) {
        if self.measured_from.is_some() {
            return;
        }
        let all_playing = self.counters.playing.load(Ordering::Relaxed) >= self.cfg.games * 2;
        if !all_playing && self.started.elapsed() < self.cfg.warmup {
            return;
        }
        self.counters.measuring.store(true, Ordering::Relaxed);
        self.measured_from = Some((self.started.elapsed(), all_playing));
        self.server_cpu = self
            .cfg
            .server_pid
            .and_then(|p| super::cpu::CpuWindow::start(Some(p)));
        self.own_cpu = super::cpu::CpuWindow::start(None);
        if !self.cfg.progress_every.is_zero() {
            eprintln!(
                "[{:>4.0}s] measuring from now ({})",
                self.secs(),
                if all_playing {
                    "every game is in play"
                } else {
                    "the warm-up is over; not every game is in play"
                }
            );
        }
    }

    /// With the web mix: `, web pages N p99 X, watching N, live p99 X`.
    fn web_progress(&self) -> String {
        if self.cfg.web.is_none() {
            return String::new();
        }
        let w = &self.counters.web;
        let pages: u64 = lock(&w.statuses).values().sum();
        let (_, page_p99) = lock(&w.page_us).p50_p99();
        let (_, live_p99) = lock(&w.live_us).p50_p99();
        let (_, late_p99) = lock(&w.late_us).p50_p99();
        format!(
            ", web pages {pages} p99 {}, watching {}, events {}, live p99 {}, loadgen late p99 {}",
            fmt_us(page_p99),
            w.watching.load(Ordering::Relaxed),
            w.events.load(Ordering::Relaxed),
            fmt_us(live_p99),
            fmt_us(late_p99),
        )
    }

    /// The progress line (and the arena's).
    fn progress(&mut self) {
        let (cfg, counters) = (self.cfg, self.counters);
        let moves = counters.moves.load(Ordering::Relaxed);
        let (p50, p99) = lock(&counters.latencies_us).p50_p99();
        eprintln!(
            "[{:>4.0}s] connected {}/{} (failed {}), playing {}, games {}, moves {} (+{}/{:.0}s), p50 {} p99 {}{}{}",
            self.secs(),
            counters.connected.load(Ordering::Relaxed),
            cfg.sessions,
            counters.failed.load(Ordering::Relaxed),
            counters.playing.load(Ordering::Relaxed),
            counters.games.load(Ordering::Relaxed) / 2,
            moves,
            moves - self.last_moves,
            self.last_print.elapsed().as_secs_f64(),
            fmt_us(p50),
            fmt_us(p99),
            self.web_progress(),
            cfg.server_pid
                .and_then(|p| procinfo::rss_kib(Some(p)))
                .map_or(String::new(), |k| format!(", server rss {} MiB", k / 1024)),
        );
        if self.arena_id.is_some() {
            let pairing = Samples::of(lock(&counters.pairing_us).iter().map(|(_, us)| *us));
            let (p50, p99) = pairing.p50_p99();
            let waiting = lock(&counters.waiting).len();
            eprintln!(
                "[{:>4.0}s] arena: joined {}/{}, pairing samples {} p50 {} p99 {}, waiting for a pairing {waiting}",
                self.secs(),
                counters.joined.load(Ordering::Relaxed),
                cfg.games * 2,
                pairing.len(),
                fmt_us(p50),
                fmt_us(p99),
            );
        }
        self.last_moves = moves;
        self.last_print = Instant::now();
    }
}

/// The run's figures from its counters.
fn figures(
    cfg: &LoadConfig,
    counters: &Counters,
    attacks: &[Attack],
    watch: &Watch<'_>,
    rss_before: Option<u64>,
    elapsed: Duration,
) -> Report {
    // The CPU over the measured window, read first: nothing after the window counts.
    let server_cpu = watch.server_cpu.and_then(|w| w.so_far());
    let own_cpu = watch.own_cpu.and_then(|w| w.so_far());
    let latencies = std::mem::take(&mut *lock(&counters.latencies_us));
    let opponent = std::mem::take(&mut *lock(&counters.opponent_us));
    let late = std::mem::take(&mut *lock(&counters.late_us));
    let pairings = std::mem::take(&mut *lock(&counters.pairing_us));
    let pairing_us = Samples::of(pairings.iter().map(|(_, us)| *us));
    let pairing_sessions = pairings
        .iter()
        .map(|(i, _)| *i)
        .collect::<HashSet<usize>>()
        .len();
    let (pairing_waiting, pairing_longest_wait) = {
        let w = lock(&counters.waiting);
        (w.len(), w.values().map(|since| since.elapsed()).max())
    };
    let us = |v: Option<u32>| v.map(|us| Duration::from_micros(us.into()));
    let ms = |v: Option<u32>| v.map(|ms| Duration::from_millis(ms.into()));
    let ended_moves = Samples::of(std::mem::take(&mut *lock(&counters.ended_moves)));
    let idle_held_ms = Samples::of(std::mem::take(&mut *lock(&counters.idle_held_ms)));
    let load = |c: &AtomicU64| c.load(Ordering::Relaxed);
    let moves = load(&counters.moves);
    Report {
        sessions: counters.connected.load(Ordering::Relaxed),
        connect_failures: counters.failed.load(Ordering::Relaxed),
        games: load(&counters.games) / 2,
        moves,
        failed_attempts: load(&counters.failed_attempts),
        p50: us(latencies.quantile(0.50)),
        p99: us(latencies.quantile(0.99)),
        max: us(latencies.max()),
        measured_moves: latencies.len() as u64,
        opponent_p50: us(opponent.quantile(0.50)),
        opponent_p99: us(opponent.quantile(0.99)),
        opponent_samples: opponent.len() as u64,
        opponent_elsewhere: load(&counters.opponent_elsewhere),
        server_cpu,
        own_cpu,
        own_cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        typed_moves: late.len() as u64,
        late_moves: load(&counters.late_moves),
        late_p99: us(late.quantile(0.99)),
        playing_at_end: counters.playing.load(Ordering::Relaxed),
        think: cfg.think,
        load_average: std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|l| l.split_whitespace().next()?.parse().ok()),
        bytes_per_move: (moves > 0).then(|| load(&counters.bytes_playing) / moves),
        bytes_total: load(&counters.bytes_total),
        measured_from: watch.measured_from,
        server_rss_before_kib: rss_before,
        server_rss_peak_kib: cfg.server_pid.map(|_| watch.rss_peak),
        elapsed,
        abusers: cfg.abusers,
        abuse_rounds: load(&counters.abuse_rounds),
        attack_rounds: ATTACKS
            .iter()
            .filter(|a| (0..cfg.abusers).any(|i| attacks[i % attacks.len()] == **a))
            .map(|a| (*a, load(&counters.rounds_by_attack[a.slot()])))
            .collect(),
        idle_guest_holds: idle_held_ms.len(),
        idle_guest_closed: load(&counters.idle_closed),
        idle_guest_held_p50: ms(idle_held_ms.quantile(0.5)),
        idle_guest_held_max: ms(idle_held_ms.max()),
        exec_mux_answered: load(&counters.exec_answered),
        exec_mux_busy: load(&counters.exec_busy),
        exec_mux_refused: load(&counters.exec_refused),
        exec_mux_unanswered: load(&counters.exec_unanswered),
        key_flood_welcomed: load(&counters.keys_welcomed),
        key_flood_unwelcomed: load(&counters.keys_unwelcomed),
        ended_games: ended_moves.len(),
        ended_moves_p50: ended_moves.quantile(0.5),
        ended_moves_max: ended_moves.max(),
        arena: watch.arena_id,
        arena_joined: counters.joined.load(Ordering::Relaxed),
        arena_started_at: watch.arena_started_at,
        pairing_p50: us(pairing_us.quantile(0.50)),
        pairing_p99: us(pairing_us.quantile(0.99)),
        pairing_max: us(pairing_us.max()),
        pairing_samples: pairing_us.len(),
        pairing_sessions,
        pairing_waiting,
        pairing_longest_wait,
        web: cfg.web.as_ref().map(|w| WebReport::of(w, &counters.web)),
    }
}

/// With STRATEGO_LOADGEN_SAMPLES=FILE: each measured move's end and latency, a line each.
/// With STRATEGO_LOADGEN_TIMES=FILE: the moves typed and the turns not timed here, by the
/// wall clock (`Counters::wall_times`).
fn write_samples(counters: &Counters) {
    if let Some(path) = std::env::var_os("STRATEGO_LOADGEN_SAMPLES") {
        let text: String = lock(&counters.samples)
            .iter()
            .map(|(t, us)| format!("{t} {us}\n"))
            .collect();
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("cannot write {}: {e}", path.to_string_lossy());
        }
    }
    let Some(path) = std::env::var_os("STRATEGO_LOADGEN_TIMES") else {
        return;
    };
    let text: String = lock(&counters.wall_times)
        .iter()
        .map(|(kind, game, ply, us)| format!("{} {game} {ply} {us}\n", *kind as char))
        .collect();
    if let Err(e) = std::fs::write(&path, text) {
        eprintln!("cannot write {}: {e}", path.to_string_lossy());
    }
}

/// With STRATEGO_LOADGEN_DUMP=1: the last screens of the first pairs that never played.
fn dump_screens(counters: &Counters) {
    if !counters.dump {
        return;
    }
    let screens = lock(&counters.screens);
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
