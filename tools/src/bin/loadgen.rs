//! `stratego-loadgen`: the load generator ([`stratego_tools::loadgen`]) against a local
//! server.

use std::process::ExitCode;

use clap::Parser;

/// Opens real SSH sessions to a local stratego-ssh server that play through their screens;
/// reports, last: `sessions N, games N, moves N, move-to-screen p50 Xms p99 Yms, bytes/move
/// B, server rss/session KiB, abusers N, honest p99 Xms`.
#[derive(Parser, Debug)]
#[command(name = "stratego-loadgen", version, about, long_about)]
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
    attack: Vec<stratego_tools::loadgen::Attack>,
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
    /// The server's HTTP address (loopback only): adds the web mix, page requests
    /// (--web-rps) and live watchers (--web-watchers), as visitors behind a proxy on this
    /// machine (X-Forwarded-For), and their figures to the report.
    #[arg(long, value_name = "ADDR")]
    web: Option<std::net::SocketAddr>,
    /// Page requests a second, spread evenly over a visitor's mix: /, /leaderboard/classic,
    /// /@/NICK of the load's players, /game/ID?ply=N of finished games, /api/..., /games/live,
    /// /game/ID of the load's games in play.
    #[arg(long, default_value_t = 0, requires = "web")]
    web_rps: u32,
    /// Live streams held open (GET /api/game/ID/live) on the load's games in play, another
    /// game when one ends.
    #[arg(long, default_value_t = 0, requires = "web")]
    web_watchers: usize,
    /// Browser players on the board's socket (/play/ws), as guests in pairs playing each
    /// other (one posts a seek, the other accepts it), random moves after the think time,
    /// a rematch after each game; they take the socket's deltas, and every second game has
    /// a guest spectator socket watching it; their move-to-screen (both seats) and bytes a
    /// move (both seats, the spectator, the deltas alone) are reported apart, beside SSH's.
    /// Even, at most 2000; the server must trust 127.0.0.1 as a proxy.
    #[arg(long, default_value_t = 0, requires = "web")]
    ws_players: usize,
    /// More browser guests, each playing the computer at --ws-bot-level (a new game after
    /// each, random moves after the think time), reported apart: their moves'
    /// move-to-screen and the computer's answer time. At most 1000; the server must trust
    /// 127.0.0.1 as a proxy.
    #[arg(long, default_value_t = 0, requires = "web")]
    ws_bots: usize,
    /// The computer's level for --ws-bots: random, easy or hard.
    #[arg(long, default_value = "hard", value_parser = ["random", "easy", "hard"])]
    ws_bot_level: String,
}

fn main() -> ExitCode {
    match loadgen(LoadgenArgs::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stratego-loadgen: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn loadgen(a: LoadgenArgs) -> anyhow::Result<()> {
    use stratego_tools::loadgen::{run, LoadConfig};
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
        web: a.web.map(|addr| stratego_tools::loadgen::WebLoad {
            addr,
            rps: a.web_rps,
            watchers: a.web_watchers,
            ws_players: a.ws_players,
            ws_bots: a.ws_bots,
            ws_bot_level: a.ws_bot_level,
        }),
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
    if let Some(w) = &report.web {
        eprintln!("{}", w.line());
    }
    if report.measured_from.is_some() {
        println!("{}", report.window_line());
    }
    if let Some(v) = report.verdict() {
        println!("WARNING: {v}");
    }
    if let Some(v) = report.server_verdict() {
        println!("{v}");
    }
    println!("{}", report.summary());
    Ok(())
}
