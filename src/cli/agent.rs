//! `stratego-ssh agent`: one of our bots (or the play-back of a recorded side) as an agent
//! of the 2012 UCC AI competition's protocol, for one game.

use std::path::PathBuf;

use stratego_ssh::bot::arena::{budget_time, make_bot};

use super::level;

/// The flags of `agent`.
#[derive(clap::Args, Debug)]
pub struct AgentArgs {
    /// easy or hard (or random).
    #[arg(long, default_value = "hard")]
    level: String,
    /// Thinking time per move of the hard bot (e.g. 1s, 500ms).
    #[arg(long, default_value = "1s", value_parser = stratego_ssh::config::parse_duration)]
    time: std::time::Duration,
    /// Seed of the bot's set-up and choices [default: unpredictable].
    #[arg(long)]
    seed: Option<u64>,
    /// The hard bot's node budget per move instead of a time: with --seed, the same
    /// game against a deterministic opponent under any referee. Without it the bot
    /// stops at 60,000 nodes or at --time, whichever comes first; 0: --time only.
    #[arg(long)]
    nodes: Option<u64>,
    /// Instead of a bot, play back one side of a game that `arena --record` wrote.
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,
}

/// Plays one game as an agent on standard input and output.
pub fn agent(args: AgentArgs) -> anyhow::Result<()> {
    let AgentArgs {
        level: level_name,
        time,
        seed,
        nodes,
        replay,
    } = args;
    let time = budget_time(time, nodes);
    let seed = seed.unwrap_or_else(stratego_ssh::random::seed);
    let mut bot: Box<dyn stratego_ssh::bot::Bot> = match replay {
        Some(path) => Box::new(stratego_ssh::ucc::agent::Replay::new(
            &std::fs::read_to_string(&path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?,
        )),
        None => make_bot(level(&level_name)?, seed, time, nodes),
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
