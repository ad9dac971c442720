use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use stratego_ssh::config::{ConfigArgs, LogFormat, ServerConfig};
use stratego_ssh::server::{self, ServerOptions};

/// A Stratego server played over SSH: `ssh -p 2222 HOST` and play.
///
/// Settings come from flags, then STRATEGO_* environment variables, then the --config file,
/// then the defaults. The log level comes from RUST_LOG (default: info).
#[derive(Parser, Debug)]
#[command(name = "stratego-ssh", version, about, long_about)]
struct Cli {
    #[command(flatten)]
    config: ConfigArgs,
    /// Read the configuration (file, STRATEGO_* variables, flags), print the settings it
    /// gives as a configuration file, and exit; exit status 2 when something is wrong.
    #[arg(long)]
    check: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

/// The data directory of a command that works on the stored data.
#[derive(clap::Args, Debug)]
struct DataDir {
    /// Directory of the game data [default: the server's, from --config,
    /// STRATEGO_DATA_DIR or `data`].
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Serve (the default when no command is given); the server's options go before the
    /// command.
    Serve,
    /// Games of the public Gravon archive (StraDoS2 XML).
    Archive {
        #[command(subcommand)]
        action: ArchiveCmd,
    },
    /// Writes a consistent copy of the data directory into DIR (a new or empty directory),
    /// with the server stopped. While it runs, the server holds the data directory: ask it
    /// for the copy instead with `ssh -p PORT HOST admin backup DIR` (an admin key; DIR on
    /// the server's machine).
    Backup {
        /// Where the copy goes.
        dir: PathBuf,
        #[command(flatten)]
        data: DataDir,
    },
    /// Puts a backup made by `backup` in place of the data directory. Stop the server
    /// first. A non-empty data directory is only replaced with --force, and then it is
    /// moved aside (never deleted).
    Restore {
        /// The backup to put back.
        backup_dir: PathBuf,
        /// Replace a data directory that is not empty (it is moved aside).
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        data: DataDir,
    },
    /// Checks the stored data (server stopped, or on a backup): every finished game
    /// replays to its result, every game in progress replays, ratings are the replay of the
    /// rated results, no moves of games not in progress, listings point at games that
    /// exist. Prints each problem and, last, `games N, in progress N, problems N`; exit 1
    /// when a problem is found, 2 when the data cannot be read.
    CheckStore {
        #[command(flatten)]
        data: DataDir,
    },
    /// For measurements: fills the data directory with finished, rated Classic games
    /// played at random by the rules engine, then reports bytes on disk per game, the
    /// store's open (start) time, the leaderboard's and `games NICK`'s time (median and
    /// worst of 3). With --games 0, only measures.
    FillStore {
        /// Games to add.
        #[arg(long)]
        games: u64,
        /// Players (fill-0, fill-1, ...).
        #[arg(long, default_value_t = 1000)]
        players: usize,
        /// Threads recording games at once.
        #[arg(long, default_value_t = 4)]
        lanes: usize,
        /// Seed of the games' set-ups, moves and pairings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        data: DataDir,
    },
    /// Opens real SSH sessions to a local server that play through their screens; reports,
    /// last: `sessions N, games N, moves N, move-to-screen p50 Xms p99 Yms, bytes/move B,
    /// server rss/session KiB, abusers N, honest p99 Xms`.
    Loadgen(LoadgenArgs),
    /// Plays computer players against each other and reports the score; the last line is
    /// `a wins N, b wins N, draws N, a score P% ± C%, a illegal N, a timeouts N, b illegal
    /// N, b timeouts N`.
    Arena(ArenaArgs),
    /// One of our bots as an agent of the 2012 UCC AI competition's protocol, on standard
    /// input and output, for one game (e.g. under that competition's referee).
    Agent {
        /// easy or hard (or random).
        #[arg(long, default_value = "hard")]
        level: String,
        /// Thinking time per move of the hard bot (e.g. 1s, 500ms).
        #[arg(long, default_value = "1s")]
        time: String,
        /// Seed of the bot's set-up and choices [default: unpredictable].
        #[arg(long)]
        seed: Option<u64>,
        /// The hard bot's node budget per move instead of a time: with --seed, the same
        /// game against a deterministic opponent under any referee. Without it the bot
        /// stops at 20,000 nodes or at --time, whichever comes first; 0: --time only.
        #[arg(long)]
        nodes: Option<u64>,
        /// Instead of a bot, play back one side of a game that `arena --record` wrote.
        #[arg(long, value_name = "FILE")]
        replay: Option<PathBuf>,
    },
}

#[derive(clap::Args, Debug)]
struct ArenaArgs {
    /// The first player: random, easy, hard, or exec:COMMAND [ARGS] (another program that
    /// speaks the UCC 2012 protocol, started for each game).
    #[arg(long, default_value = "hard")]
    a: String,
    /// The second player, as --a.
    #[arg(long, default_value = "easy")]
    b: String,
    /// Games to play (colours alternate).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// classic, duel or barrage, with the rated-game rule options.
    #[arg(long, default_value = "classic")]
    variant: String,
    /// A rule preset instead of --variant: ucc2012 (the rules of the UCC 2012 agents: no
    /// two-square or more-squares rule, a draw after 1,000 turns).
    #[arg(long)]
    rules: Option<String>,
    /// Thinking time per move of the hard bot (e.g. 1s, 500ms).
    #[arg(long, default_value = "1s")]
    time: String,
    /// The hard bot's node budget per move instead of a time (reproducible whatever else
    /// runs on the machine). Without it the bot stops at 20,000 nodes or at --time,
    /// whichever comes first; 0: --time only.
    #[arg(long)]
    nodes: Option<u64>,
    /// Time an external program has for each answer; none in time loses the game.
    #[arg(long, default_value = "10s")]
    move_timeout: String,
    /// Where each external program's standard error is kept, a file per game and side.
    #[arg(long, default_value = "arena-logs")]
    stderr_dir: PathBuf,
    /// Parallel games (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Plies after which a game counts as a draw.
    #[arg(long, default_value_t = 3000)]
    max_plies: u32,
    /// Seed of the computer players' set-ups and random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also print a line per game (its number, A's colour, the winner, how, at which ply).
    #[arg(long)]
    list: bool,
    /// Write each game's two sides into DIR as game-N-red.ucc and game-N-blue.ucc (set-up
    /// lines, then moves), to replay under another referee with `agent --replay FILE`.
    #[arg(long, value_name = "DIR")]
    record: Option<PathBuf>,
    /// Replay every game under this referee (the UCC competition's `stratego-manager`)
    /// and print whether it agrees on each winner; the replays go to --record's DIR
    /// (default: --stderr-dir).
    #[arg(long, value_name = "PROGRAM")]
    referee: Option<PathBuf>,
    /// Also print where the material went: every battle by who attacked and whether the
    /// other side knew each piece, with a's net material (for diagnosing a bot).
    #[arg(long)]
    battles: bool,
}

#[derive(clap::Args, Debug)]
struct LoadgenArgs {
    /// Server to load (loopback addresses only).
    #[arg(long, default_value = "127.0.0.1:2222")]
    addr: std::net::SocketAddr,
    /// SSH sessions to open (each with its own key, nick load-N).
    #[arg(long, default_value_t = 100)]
    sessions: usize,
    /// Games to play: 2 sessions each; the other sessions stay in the lobby.
    #[arg(long, default_value_t = 50)]
    games: usize,
    /// How long to run (e.g. 60s, 2m).
    #[arg(long, default_value = "60s", value_parser = stratego_ssh::config::parse_duration)]
    duration: std::time::Duration,
    /// Terminal width of every session.
    #[arg(long, default_value_t = 120)]
    cols: u16,
    /// Terminal height of every session.
    #[arg(long, default_value_t = 40)]
    rows: u16,
    /// Server process to read VmRSS from (before and during the run) for rss/session.
    #[arg(long)]
    server_pid: Option<u32>,
    /// Pause between seeing one's turn and typing the move (0s: as fast as possible).
    #[arg(long, default_value = "1s", value_parser = stratego_ssh::config::parse_duration)]
    think: std::time::Duration,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Move-to-screen latencies count once every game is in play, or after this long if
    /// that comes first (arrivals, seeks and set-ups are not measured).
    #[arg(long, default_value = "30s", value_parser = stratego_ssh::config::parse_duration)]
    warmup: std::time::Duration,
    /// Extra sessions that run attacks in a loop beside the honest ones (guest cycling,
    /// seek and bot-game churn, chat, resize and exec floods, idle guests, commands
    /// multiplexed over one connection, new keys); not measured.
    #[arg(long, default_value_t = 0)]
    abusers: usize,
    /// The attacks the abusers run (comma-separated; default: all, in turn).
    #[arg(long, alias = "attacks", value_delimiter = ',')]
    attack: Vec<stratego_ssh::loadgen::Attack>,
    /// Play in an arena tournament instead of seeks: created with load-0's key (the
    /// server must run with --players-create-tournaments true), joined through the screens
    /// by the --games pairs, started once they have joined; no rematches. Adds the pairing
    /// latency (game-over screen to the next set-up screen, the server's 2 s rest between
    /// arena games included) to the last line.
    #[arg(long)]
    arena: bool,
    /// Each playing session resigns on its first turn from a move drawn per game between
    /// half and one and a half times this (random games last hundreds of moves: with
    /// --think 2s none ends within a run of minutes). Default: never.
    #[arg(long, value_name = "MOVE")]
    resign_at: Option<u32>,
}

#[derive(Subcommand, Debug)]
enum ArchiveCmd {
    /// Loads archive games into the replay browser (stored as casual games).
    Import {
        /// Files or directories (searched for *.xml).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        data: DataDir,
    },
    /// Replays every game under the rules that server used and reports, last, one line:
    /// `games N, replayed N, illegal moves N, results matching N`.
    Check {
        /// Files or directories (searched for *.xml).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

fn init_tracing(format: LogFormat) {
    use tracing_subscriber::EnvFilter;
    // russh warns of every channel request it does not know, such as PuTTY's
    // `simple@putty.projects.tartarus.org` at each login: not the host's concern.
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,russh::server::encrypted=error"));
    match format {
        LogFormat::Json => tracing_subscriber::fmt()
            .with_env_filter(filter)
            .json()
            .init(),
        LogFormat::Text => tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
            .init(),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let settings = match ServerConfig::resolve(&cli.config) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("stratego-ssh: {e}");
            return ExitCode::from(2);
        }
    };
    if cli.check {
        print!("{}", settings.to_toml());
        return ExitCode::SUCCESS;
    }
    let data_dir = |d: DataDir| d.data_dir.unwrap_or_else(|| settings.data_dir.clone());
    match cli.command {
        Some(Command::Archive {
            action: ArchiveCmd::Check { paths },
        }) => {
            let mut out = std::io::stdout().lock();
            match stratego_ssh::archive::run_check(&paths, &mut out) {
                Ok(report) if report.all_good() => ExitCode::SUCCESS,
                Ok(_) => ExitCode::from(1),
                Err(e) => {
                    eprintln!("stratego-ssh: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Some(Command::Archive {
            action: ArchiveCmd::Import { paths, data },
        }) => cli_result(import(&data_dir(data), &paths)),
        Some(Command::Backup { dir, data }) => cli_result(backup(&data_dir(data), &dir)),
        Some(Command::CheckStore { data }) => check_store(&data_dir(data)),
        Some(Command::FillStore {
            games,
            players,
            lanes,
            seed,
            data,
        }) => cli_result(fill_store(
            &data_dir(data),
            stratego_ssh::fill::FillConfig {
                games,
                players,
                lanes,
                seed,
            },
        )),
        Some(Command::Restore {
            backup_dir,
            force,
            data,
        }) => cli_result(restore(&backup_dir, &data_dir(data), force)),
        Some(Command::Arena(args)) => cli_result(arena(args)),
        Some(Command::Agent {
            level,
            time,
            seed,
            nodes,
            replay,
        }) => cli_result(agent(&level, &time, seed, nodes, replay)),
        Some(Command::Loadgen(args)) => cli_result(loadgen(args)),
        Some(Command::Serve) | None => {
            init_tracing(settings.log_format);
            let opts = settings.clone();
            let rt = match tokio::runtime::Runtime::new() {
                Ok(rt) => rt,
                Err(e) => {
                    eprintln!("stratego-ssh: cannot start the runtime: {e}");
                    return ExitCode::from(1);
                }
            };
            let result = rt.block_on(serve(opts));
            // Connections still open are dropped here; don't wait on them for long.
            rt.shutdown_timeout(std::time::Duration::from_secs(2));
            match result {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("stratego-ssh: {e:#}");
                    ExitCode::from(1)
                }
            }
        }
    }
}

/// How often the status line (connections, sessions, games, memory, store writes and
/// flushes) is logged.
const STATUS_EVERY: std::time::Duration = std::time::Duration::from_secs(60);
/// How long players get to read the shutdown notice before their connections close.
const SHUTDOWN_NOTICE: std::time::Duration = std::time::Duration::from_millis(500);
/// Longest wait for the games to stop at shutdown.
const SHUTDOWN_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

async fn serve(opts: ServerOptions) -> anyhow::Result<()> {
    let mut signals = Signals::listen()?;
    let mut running = server::start(opts).await?;
    tracing::info!(
        addr = %running.addr,
        "stratego-ssh is serving: ssh -p {} localhost",
        running.addr.port()
    );
    let status = tokio::spawn(status_lines(
        running.lobby.clone(),
        running.connection_count(),
        running.store.clone(),
    ));
    let signal = tokio::select! {
        r = running.serving() => {
            status.abort();
            return r;
        }
        s = signals.recv() => s,
    };
    status.abort();
    let stats = running.stats();
    let frames = stratego_ssh::screen::frame_totals();
    tracing::info!(
        signal,
        connections = stats.connections,
        sessions = stats.sessions,
        games = stats.games,
        frames = frames.frames,
        full_frames = frames.full,
        frame_us = frames.nanos / frames.frames.max(1) / 1000,
        "shutting down: games in progress are saved and resume at the next start"
    );
    running.lobby.broadcast(
        "The server is shutting down for a moment; games in progress are saved and resume when it is back."
            .into(),
    );
    tokio::time::sleep(SHUTDOWN_NOTICE).await;
    let store = running.store.clone();
    if tokio::time::timeout(SHUTDOWN_LIMIT, running.stop())
        .await
        .is_err()
    {
        tracing::warn!("games did not stop within {SHUTDOWN_LIMIT:?}; flushing the store anyway");
    }
    store
        .flush()
        .await
        .map_err(|e| anyhow::anyhow!("cannot flush the store at shutdown: {e}"))?;
    tracing::info!("stopped; the store is flushed");
    Ok(())
}

/// Logs, every [`STATUS_EVERY`], what the server is carrying and what it costs.
async fn status_lines(
    lobby: stratego_ssh::lobby::LobbyHandle,
    connections: server::ConnectionCount,
    store: stratego_ssh::store::Store,
) {
    let mut every = tokio::time::interval(STATUS_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    every.tick().await;
    let mut last = stratego_ssh::screen::frame_totals();
    let mut last_writes = store.write_stats();
    loop {
        every.tick().await;
        let s = server::stats(&lobby, &connections);
        let rss = stratego_ssh::procinfo::rss_kib(None);
        let now = stratego_ssh::screen::frame_totals();
        let frames = now.frames - last.frames;
        // The store's writer: durable writes and the flushes (one per batch) that covered them.
        let writes_now = store.write_stats();
        let writes = writes_now.since(&last_writes);
        last_writes = writes_now;
        tracing::info!(
            connections = s.connections,
            sessions = s.sessions,
            games = s.games,
            rss_kib = rss,
            frames,
            frame_us = (now.nanos - last.nanos) / frames.max(1) / 1000,
            frame_bytes = (now.bytes - last.bytes) / frames.max(1),
            full_frames = now.full - last.full,
            clock_patches = now.patches - last.patches,
            store_writes = writes.writes,
            store_flushes = writes.batches,
            writes_per_flush = format!("{:.1}", writes.mean_batch()),
            largest_batch = writes.largest_batch,
            failed_flushes = writes.flush_failures,
            "status"
        );
        last = now;
    }
}

/// SIGTERM and SIGINT (Ctrl-C), listened to from the start (a signal that arrives while the
/// server is still starting is not lost).
struct Signals {
    #[cfg(unix)]
    term: tokio::signal::unix::Signal,
    #[cfg(unix)]
    int: tokio::signal::unix::Signal,
}

impl Signals {
    fn listen() -> anyhow::Result<Signals> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            Ok(Signals {
                term: signal(SignalKind::terminate())?,
                int: signal(SignalKind::interrupt())?,
            })
        }
        #[cfg(not(unix))]
        Ok(Signals {})
    }

    /// Waits for one and names it.
    async fn recv(&mut self) -> &'static str {
        #[cfg(unix)]
        {
            tokio::select! {
                _ = self.term.recv() => "SIGTERM",
                _ = self.int.recv() => "SIGINT",
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
            "Ctrl-C"
        }
    }
}

fn loadgen(a: LoadgenArgs) -> anyhow::Result<()> {
    use stratego_ssh::loadgen::{run, LoadConfig};
    let cfg = LoadConfig {
        addr: a.addr,
        sessions: a.sessions,
        games: a.games,
        duration: a.duration,
        cols: a.cols,
        rows: a.rows,
        server_pid: a.server_pid,
        think: a.think,
        seed: a.seed,
        progress_every: std::time::Duration::from_secs(5),
        warmup: a.warmup,
        abusers: a.abusers,
        attacks: a.attack,
        arena: a.arena,
        resign_at: a.resign_at,
    };
    cfg.check()?;
    let rt = tokio::runtime::Runtime::new()?;
    let report = rt.block_on(run(cfg))?;
    rt.shutdown_timeout(std::time::Duration::from_secs(2));
    eprintln!(
        "connect failures {}, failed move attempts {}, max move-to-screen {}, bytes received {}, server rss before {} peak {}, abuse rounds {}, {:.1}s",
        report.connect_failures,
        report.failed_attempts,
        report.max.map_or("n/a".into(), |d| format!("{:.1}ms", d.as_secs_f64() * 1000.0)),
        report.bytes_total,
        report.server_rss_before_kib.map_or("n/a".into(), |k| format!("{k} KiB")),
        report.server_rss_peak_kib.map_or("n/a".into(), |k| format!("{k} KiB")),
        report.abuse_rounds,
        report.elapsed.as_secs_f64(),
    );
    if report.abusers > 0 {
        eprintln!("{}", report.abuse_summary());
    }
    match report.measured_from {
        Some((at, true)) => eprintln!(
            "latencies from {:.0}s on, every game in play",
            at.as_secs_f64()
        ),
        Some((at, false)) => eprintln!(
            "latencies from {:.0}s on (warm-up over before every game was in play)",
            at.as_secs_f64()
        ),
        None => eprintln!("no latencies: the run ended during the warm-up"),
    }
    if let Some(id) = report.arena {
        let ms = |d: Option<std::time::Duration>| {
            d.map_or("n/a".into(), |d| {
                format!("{:.1}ms", d.as_secs_f64() * 1000.0)
            })
        };
        eprintln!(
            "arena #{id}: {} joined, started {}; {} games ended, {} moves median, {} longest; pairing samples {} from {} sessions, p50 {} p99 {} max {} (from the game-over screen to the next set-up screen, the server's 2 s rest included); at the end {} sessions waiting for a pairing, the longest for {}",
            report.arena_joined,
            report
                .arena_started_at
                .map_or("never".into(), |d| format!("at {:.0}s", d.as_secs_f64())),
            report.ended_games,
            report.ended_moves_p50.map_or("n/a".into(), |m| m.to_string()),
            report.ended_moves_max.map_or("n/a".into(), |m| m.to_string()),
            report.pairing_samples,
            report.pairing_sessions,
            ms(report.pairing_p50),
            ms(report.pairing_p99),
            ms(report.pairing_max),
            report.pairing_waiting,
            ms(report.pairing_longest_wait),
        );
    }
    println!("{}", report.summary());
    Ok(())
}

fn cli_result(r: anyhow::Result<()>) -> ExitCode {
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stratego-ssh: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn import(data_dir: &std::path::Path, paths: &[PathBuf]) -> anyhow::Result<()> {
    use stratego_ssh::rules::gravon;
    use stratego_ssh::store::{self, GameResult, SeatRecord, Store};
    let store = Store::open(data_dir)?;
    // The store's writes that flush are async (done on tokio's blocking pool): a small
    // runtime of our own waits for them.
    let rt = tokio::runtime::Builder::new_current_thread().build()?;
    let (files, unreadable) = stratego_ssh::archive::xml_files(paths);
    let (mut imported, mut refused) = (0usize, unreadable.len());
    for f in &unreadable {
        eprintln!("{}: {}", f.file.display(), f.reason);
    }
    for file in files {
        let text = match std::fs::read_to_string(&file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                refused += 1;
                continue;
            }
        };
        let record = gravon::parse(&text)
            .map_err(|e| e.to_string())
            .and_then(|g| {
                let names = g.players.clone();
                gravon::record_from_gravon(&g)
                    .map(|r| (r, names))
                    .map_err(|e| e.to_string())
            });
        let (record, names) = match record {
            Ok(x) => x,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                refused += 1;
                continue;
            }
        };
        if record.outcome.is_none() {
            eprintln!("{}: no result: not imported", file.display());
            refused += 1;
            continue;
        }
        let seat = |n: &str| SeatRecord {
            identity: stratego_ssh::proto::PlayerId::Archive(n.to_string()),
            nick: n.to_string(),
        };
        let result = GameResult {
            id: store.next_game_id()?,
            seats: stratego_ssh::rules::ByColor::new(seat(&names[0]), seat(&names[1])),
            terms: stratego_ssh::proto::GameTerms {
                rules: record.rules,
                rated: false,
                clock: None,
            },
            record,
            started: store::now(),
            ended: store::now(),
        };
        rt.block_on(store.games().finish(&result))?;
        imported += 1;
    }
    rt.block_on(store.flush())?;
    println!("imported {imported}, refused {refused}");
    Ok(())
}

/// What to do instead when a command needs the data directory a running server holds.
fn while_running(data_dir: &std::path::Path, what: &str) -> String {
    format!(
        "the data directory {} is in use by a running server, which holds it while it runs. \
         {what}",
        data_dir.display()
    )
}

/// Whether opening failed because another process (a running server) holds the files.
fn locked(e: &stratego_ssh::store::StoreError) -> bool {
    matches!(
        e,
        stratego_ssh::store::StoreError::Open {
            failure: stratego_ssh::store::OpenFailure::Locked,
            ..
        }
    )
}

fn check_store(data_dir: &std::path::Path) -> ExitCode {
    if !stratego_ssh::store::has_database(data_dir) {
        eprintln!(
            "stratego-ssh: there is no database in {}: give the data directory (or a backup) \
             with --data-dir",
            data_dir.display()
        );
        return ExitCode::from(2);
    }
    let store = match stratego_ssh::store::Store::open(data_dir) {
        Ok(s) => s,
        Err(e) if locked(&e) => {
            eprintln!(
                "stratego-ssh: {}",
                while_running(
                    data_dir,
                    "Check a backup instead: `ssh -p PORT HOST admin backup DIR` (an admin \
                     key; DIR on the server's machine), then `stratego-ssh check-store \
                     --data-dir DIR`; or stop the server first."
                )
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("stratego-ssh: {e}");
            return ExitCode::from(2);
        }
    };
    match store.check() {
        Ok(report) => {
            for p in &report.problems {
                println!("{p}");
            }
            println!("{}", report.summary());
            if report.problems.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("stratego-ssh: cannot read the store: {e}");
            ExitCode::from(2)
        }
    }
}

fn fill_store(
    data_dir: &std::path::Path,
    cfg: stratego_ssh::fill::FillConfig,
) -> anyhow::Result<()> {
    use stratego_ssh::fill;
    anyhow::ensure!(cfg.players >= 2, "at least 2 players");
    if cfg.games > 0 {
        let store = stratego_ssh::store::Store::open(data_dir)?;
        let report = fill::fill(&store, &cfg, |n, t| {
            eprintln!(
                "{n} games in {:.0}s ({:.0} games/s)",
                t.as_secs_f64(),
                n as f64 / t.as_secs_f64()
            )
        })?;
        println!(
            "filled {} games ({:.0} plies a game) in {:.1}s: {:.0} games/s",
            report.games,
            report.plies as f64 / report.games.max(1) as f64,
            report.elapsed.as_secs_f64(),
            report.games as f64 / report.elapsed.as_secs_f64()
        );
    }
    let m = fill::measure(&data_dir.to_path_buf(), "fill-1")?;
    println!("{}", m.summary());
    Ok(())
}

fn backup(data_dir: &std::path::Path, dir: &std::path::Path) -> anyhow::Result<()> {
    let store = match stratego_ssh::store::Store::open(data_dir) {
        Ok(s) => s,
        Err(e) if locked(&e) => anyhow::bail!(while_running(
            data_dir,
            &format!(
                "Ask it for the copy instead: `ssh -p PORT HOST admin backup {}` with an \
                 admin key (the server writes the copy on its own machine; give an absolute \
                 path it may write to), or stop the server and run this again.",
                std::path::absolute(dir)
                    .unwrap_or_else(|_| dir.to_path_buf())
                    .display()
            )
        )),
        Err(e) => return Err(e.into()),
    };
    let summary = store.backup(dir)?;
    println!(
        "backed up {} entries in {} trees to {}",
        summary.entries,
        summary.trees,
        summary.dir.display()
    );
    Ok(())
}

fn restore(
    backup_dir: &std::path::Path,
    data_dir: &std::path::Path,
    force: bool,
) -> anyhow::Result<()> {
    let summary = stratego_ssh::store::restore(backup_dir, data_dir, force)?;
    println!(
        "restored {} entries into {}",
        summary.entries,
        data_dir.display()
    );
    if let Some(old) = summary.moved_aside {
        println!("the previous data directory was moved to {}", old.display());
    }
    Ok(())
}

fn level(s: &str) -> anyhow::Result<stratego_ssh::proto::BotLevel> {
    stratego_ssh::proto::BotLevel::ALL
        .into_iter()
        .find(|l| l.name() == s)
        .ok_or_else(|| anyhow::anyhow!("unknown level '{s}': random, easy or hard"))
}

fn arena(args: ArenaArgs) -> anyhow::Result<()> {
    use std::io::Write;
    use stratego_ssh::bot::arena::{
        budget_time, parse_duration, run_arena_with, ArenaConfig, Contestant, Side, SpawnInfo,
    };
    use stratego_ssh::rules::{Rules, Variant};
    use stratego_ssh::ucc::external::{AgentCommand, External};
    let side = |s: &str| -> anyhow::Result<Side> {
        match s.strip_prefix("exec:") {
            Some(cmd) => {
                AgentCommand::parse(cmd).map_err(anyhow::Error::msg)?;
                Ok(Side::External(s.to_string()))
            }
            None => Ok(Side::Level(level(s)?)),
        }
    };
    let rules = match args.rules.as_deref() {
        Some("ucc2012") => Rules::ucc2012(),
        Some(other) => anyhow::bail!("unknown rules '{other}': ucc2012 (or use --variant)"),
        None => Rules::standard(Variant::parse(&args.variant).ok_or_else(|| {
            anyhow::anyhow!(
                "unknown variant '{}': classic, duel or barrage",
                args.variant
            )
        })?),
    };
    let cfg = ArenaConfig {
        a: side(&args.a)?,
        b: side(&args.b)?,
        games: args.games,
        rules,
        time: budget_time(&args.time, args.nodes).map_err(anyhow::Error::msg)?,
        nodes: args.nodes,
        threads: args
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        max_plies: args.max_plies,
        seed: args.seed,
        move_timeout: parse_duration(&args.move_timeout).map_err(anyhow::Error::msg)?,
    };
    let logs = args.stderr_dir.clone();
    if matches!(cfg.a, Side::External(_)) || matches!(cfg.b, Side::External(_)) {
        std::fs::create_dir_all(&logs)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", logs.display()))?;
    }
    let spawn = move |spec: &str, info: &SpawnInfo| -> Result<Box<dyn Contestant>, String> {
        let cmd = AgentCommand::parse(spec.strip_prefix("exec:").unwrap_or(spec))?;
        let path = logs.join(format!("game-{:04}-{}.stderr", info.game, info.which));
        let file = std::fs::File::create(&path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        External::spawn(&cmd, file.into(), info.move_timeout, &info.opponent)
            .map(|e| Box::new(e) as Box<dyn Contestant>)
            .map_err(|e| format!("cannot start {cmd}: {e}"))
    };
    let result = run_arena_with(cfg, &spawn, |done, total| {
        let width = 40;
        let filled = (done * width).checked_div(total).unwrap_or(width);
        eprint!(
            "\r[{}{}] {done}/{total}",
            "#".repeat(filled),
            "-".repeat(width - filled)
        );
        let _ = std::io::stderr().flush();
    });
    eprintln!();
    if let Some(dir) = &args.record {
        std::fs::create_dir_all(dir)?;
        for (i, g) in &result.played {
            if let Some(r) = &g.record {
                let [red, blue] = stratego_ssh::ucc::agent::record_lines(r);
                std::fs::write(dir.join(format!("game-{i:04}-red.ucc")), red)?;
                std::fs::write(dir.join(format!("game-{i:04}-blue.ucc")), blue)?;
            }
        }
    }
    if args.list {
        let mut played = result.played.clone();
        played.sort_by_key(|(i, _)| *i);
        for (i, g) in &played {
            println!("{}", g.line(*i));
        }
    }
    println!("{result}");
    if args.battles {
        let stats =
            stratego_ssh::bot::battles::BattleStats::of(result.played.iter().map(|(_, g)| g));
        println!("{stats}");
    }
    if let Some(referee) = &args.referee {
        let dir = args.record.clone().unwrap_or(args.stderr_dir.clone());
        let exe = std::env::current_exe()?;
        let judged = stratego_ssh::ucc::crosscheck::crosscheck(&result, referee, &exe, &dir)?;
        let name = |w: Option<stratego_ssh::rules::Color>| {
            w.map_or("draw".into(), |c| format!("{c:?} wins"))
        };
        for j in &judged {
            println!(
                "game {}: arena {} at ply {}; {}: {} ({})",
                j.game,
                name(j.ours),
                j.plies,
                referee.display(),
                j.their_line,
                if j.agree() { "agrees" } else { "DISAGREES" }
            );
        }
        let agree = judged.iter().filter(|j| j.agree()).count();
        println!(
            "the other referee agrees on {agree} of {} games",
            judged.len()
        );
    }
    Ok(())
}

fn agent(
    level_name: &str,
    time: &str,
    seed: Option<u64>,
    nodes: Option<u64>,
    replay: Option<PathBuf>,
) -> anyhow::Result<()> {
    use stratego_ssh::bot::arena::{budget_time, make_bot};
    let time = budget_time(time, nodes).map_err(anyhow::Error::msg)?;
    let seed = seed.unwrap_or_else(stratego_ssh::random::seed);
    let mut bot: Box<dyn stratego_ssh::bot::Bot> = match replay {
        Some(path) => Box::new(stratego_ssh::ucc::agent::Replay::new(
            &std::fs::read_to_string(&path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?,
        )),
        None => make_bot(level(level_name)?, seed, time, nodes),
    };
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    stratego_ssh::ucc::agent::serve(
        &mut *bot,
        stratego_ssh::rules::Rules::ucc2012(),
        stdin,
        stdout,
    )?;
    Ok(())
}
