//! `stratego-ssh arena`: computer players (ours, or programs speaking the UCC 2012 protocol)
//! against each other; the score, and on request every game, its records, where the
//! material went, and another referee's verdicts.

use std::io::Write;
use std::path::PathBuf;

use stratego_ssh::bot::arena::{
    budget_time, run_arena_with, switched, ArenaConfig, ArenaResult, Contestant, Side, SpawnInfo,
};
use stratego_ssh::rules::{Rules, Variant};
use stratego_ssh::ucc::external::{AgentCommand, External};

use super::level;

/// The flags of `arena`.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {
    /// The first player: random, easy, hard, hard+SWITCH+SWITCH, or exec:COMMAND [ARGS]
    /// (the help names the switches, from the hard bot's own list).
    #[arg(long, default_value = "hard", help = format!(
        "The first player: random, easy, hard, hard+SWITCH+SWITCH (the hard bot with \
         evaluation switches on: {}; see docs/bots.md), or exec:COMMAND [ARGS] (another \
         program that speaks the UCC 2012 protocol, started for each game)",
        stratego_ssh::bot::SWITCHES
    ))]
    a: String,
    /// The second player, as --a.
    #[arg(long, default_value = "easy")]
    b: String,
    /// Games to play (colours alternate).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Play only these games of the seed, by number as --list prints them (e.g. 1,7,16):
    /// each as the whole run would play it, to look again at the games a run lost.
    #[arg(long, value_delimiter = ',', conflicts_with = "games")]
    only: Vec<usize>,
    /// classic, duel or barrage, with the rated-game rule options.
    #[arg(long, default_value = "classic")]
    variant: String,
    /// A rule preset instead of --variant: ucc2012 (the rules of the UCC 2012 agents: no
    /// two-square or more-squares rule, a draw after 1,000 turns).
    #[arg(long)]
    rules: Option<String>,
    /// Thinking time per move of the hard bot (e.g. 1s, 500ms).
    #[arg(long, default_value = "1s", value_parser = stratego_ssh::config::parse_duration)]
    time: std::time::Duration,
    /// The hard bot's node budget per move instead of a time (reproducible whatever else
    /// runs on the machine). Without it the bot stops at 60,000 nodes or at --time,
    /// whichever comes first; 0: --time only.
    #[arg(long)]
    nodes: Option<u64>,
    /// Time an external program has for each answer; none in time loses the game.
    #[arg(long, default_value = "10s", value_parser = stratego_ssh::config::parse_duration)]
    move_timeout: std::time::Duration,
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
    /// other side knew each piece, with a's net material (for diagnosing a bot); then the
    /// same for the games a won and for those it lost.
    #[arg(long)]
    battles: bool,
}

/// Plays the games and prints what was asked for.
pub fn arena(args: ArenaArgs) -> anyhow::Result<()> {
    let cfg = config(&args)?;
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
        write_records(&result, dir)?;
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
        use stratego_ssh::bot::battles::BattleStats;
        let games = || result.played.iter().map(|(_, g)| g);
        println!("{}", BattleStats::of(games()));
        // The same, split by the game's result: where the lost games went otherwise.
        for (said, a_won) in [("won", true), ("lost", false)] {
            let picked: Vec<_> = games()
                .filter(|g| g.winner.is_some_and(|w| (w == g.a_color) == a_won))
                .collect();
            if !picked.is_empty() && picked.len() < result.played.len() {
                let noun = if picked.len() == 1 { "game" } else { "games" };
                println!("in the {} {noun} a {said}:", picked.len());
                println!("{}", BattleStats::of(picked));
            }
        }
    }
    if let Some(referee) = &args.referee {
        let dir = args.record.clone().unwrap_or(args.stderr_dir.clone());
        crosscheck(&result, referee, &dir)?;
    }
    Ok(())
}

/// The arena's configuration from the flags.
fn config(args: &ArenaArgs) -> anyhow::Result<ArenaConfig> {
    let side = |s: &str| -> anyhow::Result<Side> {
        match s.strip_prefix("exec:") {
            Some(cmd) => {
                AgentCommand::parse(cmd).map_err(anyhow::Error::msg)?;
                Ok(Side::External(s.to_string()))
            }
            None if s.starts_with("hard+") => {
                switched(s, args.time, args.nodes).map_err(anyhow::Error::msg)?;
                Ok(Side::Switched(s.to_string()))
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
    Ok(ArenaConfig {
        a: side(&args.a)?,
        b: side(&args.b)?,
        games: args.games,
        only: Some(args.only.clone()).filter(|o| !o.is_empty()),
        rules,
        time: budget_time(args.time, args.nodes),
        nodes: args.nodes,
        threads: args
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        max_plies: args.max_plies,
        seed: args.seed,
        move_timeout: args.move_timeout,
    })
}

/// `--record DIR`: each game's two sides as game-N-red.ucc and game-N-blue.ucc.
fn write_records(result: &ArenaResult, dir: &std::path::Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (i, g) in &result.played {
        if let Some(r) = &g.record {
            let [red, blue] = stratego_ssh::ucc::agent::record_lines(r);
            std::fs::write(dir.join(format!("game-{i:04}-red.ucc")), red)?;
            std::fs::write(dir.join(format!("game-{i:04}-blue.ucc")), blue)?;
        }
    }
    Ok(())
}

/// `--referee PROGRAM`: every game replayed under it (the replays in `dir`), its verdict
/// beside ours, and how many agree.
fn crosscheck(
    result: &ArenaResult,
    referee: &std::path::Path,
    dir: &std::path::Path,
) -> anyhow::Result<()> {
    let exe = std::env::current_exe()?;
    let judged = stratego_ssh::ucc::crosscheck::crosscheck(result, referee, &exe, dir)?;
    let name =
        |w: Option<stratego_ssh::rules::Color>| w.map_or("draw".into(), |c| format!("{c:?} wins"));
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
    Ok(())
}
