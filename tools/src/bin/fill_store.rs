//! `stratego-fill-store`: fills a data directory with finished, rated Classic games and
//! measures the store at that size ([`stratego_tools::fill`]).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

/// For measurements: fills the data directory with finished, rated Classic games played at
/// random by the rules engine, then reports bytes on disk per game, the store's open (start)
/// time, the leaderboard's and `games NICK`'s time (median and worst of 3). With --games 0,
/// only measures.
#[derive(Parser, Debug)]
#[command(name = "stratego-fill-store", version, about, long_about)]
struct FillArgs {
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
    /// Directory of the game data (stop the server that uses it first).
    #[arg(
        long,
        value_name = "DIR",
        env = "STRATEGO_DATA_DIR",
        default_value = "data"
    )]
    data_dir: PathBuf,
}

fn main() -> ExitCode {
    let a = FillArgs::parse();
    let cfg = stratego_tools::fill::FillConfig {
        games: a.games,
        players: a.players,
        lanes: a.lanes,
        seed: a.seed,
    };
    match fill_store(&a.data_dir, cfg) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stratego-fill-store: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn fill_store(
    data_dir: &std::path::Path,
    cfg: stratego_tools::fill::FillConfig,
) -> anyhow::Result<()> {
    use stratego_tools::fill;
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
