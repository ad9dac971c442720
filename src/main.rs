use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use stratego_ssh::server::{self, ServerOptions};

/// A Stratego server played over SSH: `ssh -p 2222 HOST` and play.
#[derive(Parser, Debug)]
#[command(name = "stratego-ssh", version, about)]
struct Cli {
    /// Address and port to listen on.
    #[arg(long, env = "STRATEGO_LISTEN", default_value = "0.0.0.0:2222")]
    listen: String,
    /// Directory of the game data (created if missing).
    #[arg(long, env = "STRATEGO_DATA_DIR", default_value = "data")]
    data_dir: PathBuf,
    /// Directory of the host key (created on first start).
    #[arg(long, env = "STRATEGO_KEYS_DIR", default_value = "keys")]
    keys_dir: PathBuf,
    /// Log as JSON lines instead of human-readable text.
    #[arg(long, env = "STRATEGO_LOG_JSON")]
    log_json: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Serve (the default when no command is given).
    Serve,
    /// Games of the public Gravon archive (StraDoS2 XML).
    Archive {
        #[command(subcommand)]
        action: ArchiveCmd,
    },
    /// Writes a consistent copy of the data directory into DIR (a new or empty directory).
    /// Safe while the server runs: point --data-dir at the running server's data.
    Backup { dir: PathBuf },
    /// Puts a backup made by `backup` in place of the data directory. Stop the server
    /// first. A non-empty data directory is only replaced with --force, and then it is
    /// moved aside (never deleted).
    Restore {
        backup_dir: PathBuf,
        #[arg(long)]
        force: bool,
    },
    /// Plays computer players against each other and reports the score.
    Arena {
        #[arg(long, default_value = "hard")]
        a: String,
        #[arg(long, default_value = "easy")]
        b: String,
        #[arg(long, default_value_t = 100)]
        games: usize,
        #[arg(long, default_value = "classic")]
        variant: String,
        /// Thinking time per move of the hard bot (e.g. 1s, 500ms).
        #[arg(long, default_value = "1s")]
        time: String,
        /// Parallel games (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Plies after which a game counts as a draw.
        #[arg(long, default_value_t = 3000)]
        max_plies: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

#[derive(Subcommand, Debug)]
enum ArchiveCmd {
    /// Loads archive games into the replay browser (stored as casual games).
    Import {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Replays every game under the rules that server used and reports, last, one line:
    /// `games N, replayed N, illegal moves N, results matching N`.
    Check {
        /// Files or directories (searched for *.xml).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

fn init_tracing(json: bool) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    if json {
        tracing_subscriber::fmt()
            .with_env_filter(filter)
            .json()
            .init();
    } else {
        tracing_subscriber::fmt().with_env_filter(filter).init();
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
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
            action: ArchiveCmd::Import { paths },
        }) => cli_result(import(&cli.data_dir, &paths)),
        Some(Command::Backup { dir }) => cli_result(backup(&cli.data_dir, &dir)),
        Some(Command::Restore { backup_dir, force }) => {
            cli_result(restore(&backup_dir, &cli.data_dir, force))
        }
        Some(Command::Arena {
            a,
            b,
            games,
            variant,
            time,
            threads,
            max_plies,
            seed,
        }) => cli_result(arena(a, b, games, variant, time, threads, max_plies, seed)),
        Some(Command::Serve) | None => {
            init_tracing(cli.log_json);
            let opts = ServerOptions {
                listen: cli.listen,
                data_dir: cli.data_dir,
                keys_dir: cli.keys_dir,
                ..ServerOptions::default()
            };
            let rt = match tokio::runtime::Runtime::new() {
                Ok(rt) => rt,
                Err(e) => {
                    eprintln!("stratego-ssh: cannot start the runtime: {e}");
                    return ExitCode::from(1);
                }
            };
            match rt.block_on(serve(opts)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("stratego-ssh: {e:#}");
                    ExitCode::from(1)
                }
            }
        }
    }
}

async fn serve(opts: ServerOptions) -> anyhow::Result<()> {
    let running = server::start(opts).await?;
    tracing::info!(addr = %running.addr, "stratego-ssh is serving: ssh -p {} localhost", running.addr.port());
    let lobby = running.lobby.clone();
    tokio::select! {
        r = running.wait() => r,
        _ = shutdown_signal() => {
            tracing::info!("shutting down");
            lobby.broadcast("the server is shutting down".into());
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            lobby.shutdown().await;
            Ok(())
        }
    }
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = match signal(SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => return std::future::pending().await,
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
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
    use stratego_ssh::store::{self, GameResult, Seat, Store};
    let store = Store::open(data_dir)?;
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
        let seat = |n: &str| Seat {
            identity: format!("archive:{n}"),
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
        store.finish_game(&result)?;
        imported += 1;
    }
    store.flush()?;
    println!("imported {imported}, refused {refused}");
    Ok(())
}

fn backup(data_dir: &std::path::Path, dir: &std::path::Path) -> anyhow::Result<()> {
    let store = stratego_ssh::store::Store::open(data_dir)?;
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

#[allow(clippy::too_many_arguments)]
fn arena(
    a: String,
    b: String,
    games: usize,
    variant: String,
    time: String,
    threads: Option<usize>,
    max_plies: u32,
    seed: u64,
) -> anyhow::Result<()> {
    use std::io::Write;
    use stratego_ssh::bot::arena::{parse_duration, run_arena, ArenaConfig};
    use stratego_ssh::proto::BotLevel;
    use stratego_ssh::rules::{Rules, Variant};
    let level = |s: &str| {
        BotLevel::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| anyhow::anyhow!("unknown level '{s}': random, easy or hard"))
    };
    let variant = Variant::parse(&variant)
        .ok_or_else(|| anyhow::anyhow!("unknown variant '{variant}': classic, duel or barrage"))?;
    let cfg = ArenaConfig {
        a: level(&a)?,
        b: level(&b)?,
        games,
        rules: Rules::standard(variant),
        time: parse_duration(&time).map_err(anyhow::Error::msg)?,
        nodes: None,
        threads: threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        max_plies,
        seed,
    };
    let result = run_arena(cfg, |done, total| {
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
    println!("{result}");
    Ok(())
}
