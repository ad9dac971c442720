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
}

#[derive(Subcommand, Debug)]
enum ArchiveCmd {
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
