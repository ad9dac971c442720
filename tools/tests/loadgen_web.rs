//! The load generator's web mix (issue 36), end to end against an in-process server with its
//! web listener on: page requests over the visitor's mix are answered, watchers hold live
//! streams of the load's own games, and the events that show the load's moves are matched
//! to the moves' sending. No speed is asserted, only that what was matched is the right
//! move (below the thinking pause: an event matched to the move before would be older).

// The server's end-to-end harness (an in-process server, SSH clients), shared.
#[path = "../../tests/common/mod.rs"]
mod common;

use std::time::Duration;

use common::start_server_with;
use stratego_tools::loadgen::{run, LoadConfig, WebLoad};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_are_answered_and_live_events_arrive_for_the_load_s_moves() {
    let server = start_server_with("loadgen-web", |o| {
        o.http_listen = "127.0.0.1:0".into();
        // The load generator forwards its visitors' addresses as a proxy on this machine.
        o.web.trusted_proxies = vec![stratego_ssh::limit::AddrNet::parse("127.0.0.1").unwrap()];
    })
    .await;
    let http = server.running.http_addr.expect("the web is served");
    let think = Duration::from_secs(1);
    let cfg = LoadConfig {
        addr: server.running.addr,
        sessions: 4,
        games: 2,
        duration: Duration::from_secs(40),
        cols: 120,
        rows: 40,
        server_pid: None,
        think,
        seed: 36,
        progress_every: Duration::from_secs(5),
        warmup: Duration::ZERO,
        abusers: 0,
        attacks: vec![],
        arena: false,
        // Games of a few moves: they end (finished games to ask for, streams that end and
        // watchers that move on to the rematch).
        resign_at: Some(6),
        web: Some(WebLoad {
            addr: http,
            rps: 20,
            watchers: 3,
            ws_players: 4,
            ws_bots: 2,
            ws_bot_level: "easy".into(),
        }),
    };
    let report = run(cfg).await.expect("the run completes");
    let w = report.web.clone().expect("the web figures");
    eprintln!("{}\n{}", report.summary(), w.line());

    // The SSH load played beside it.
    assert_eq!(report.sessions, 4, "{report:?}");
    assert!(report.moves > 0, "{report:?}");

    // Pages: at the rate asked (20 a second for 40 s, less the time the run's end cut
    // off), every one answered, none refused or broken; most found (a player's page may
    // be asked before the player has a name).
    assert!(
        (700..=800).contains(&w.scheduled),
        "scheduled {}",
        w.scheduled
    );
    let answered: u64 = w.statuses.values().sum();
    assert!(answered + 20 >= w.scheduled, "{}", w.line());
    assert_eq!(w.failures, 0, "{}", w.line());
    for (status, n) in &w.statuses {
        assert!(
            *status == 200 || *status == 404,
            "{n} answers {status}: {}",
            w.line()
        );
    }
    assert!(w.answered(200) * 10 >= answered * 9, "{}", w.line());
    assert!(w.page_samples > 0 && w.page_p99.is_some(), "{}", w.line());

    // Watchers: streams opened on the load's games, events arrived, the games' ends
    // closed streams and the watchers moved on; events for the load's moves were matched.
    assert!(w.watching_peak >= 1, "{}", w.line());
    assert!(w.streams_opened >= 3, "{}", w.line());
    assert!(w.streams_ended >= 1, "{}", w.line());
    assert!(w.events > 0, "{}", w.line());
    assert!(w.live_samples > 0, "{}", w.line());
    // The events after a stream's first are the load's moves (a ply the load did not send
    // would be one the ply's reckoning got wrong).
    assert!(w.unmatched * 10 <= w.live_samples as u64, "{}", w.line());
    assert_eq!(w.streams_refused.get(&429), None, "{}", w.line());
    let p50 = w.live_p50.expect("a live median");
    assert!(p50 < think, "live p50 {p50:?}: {}", w.line());
    assert!(
        report.summary().contains(", page p50 ") && report.summary().contains(", live p50 "),
        "{}",
        report.summary()
    );

    // Browser players (issue 44): two pairs, each a guest's seek taken by the other, played
    // on the board's socket; both seats' move-to-screen measured, bytes a move counted.
    assert_eq!(w.ws_players, 4, "{}", w.line());
    assert!(w.ws_games >= 2, "{}", w.line());
    assert!(w.ws_moves > 0, "{}", w.line());
    assert!(w.ws_samples as u64 >= w.ws_moves, "{}", w.line());
    assert!(
        w.ws_p99.is_some() && w.ws_bytes_per_move.is_some(),
        "{}",
        w.line()
    );
    assert_eq!((w.ws_failures, w.ws_refused), (0, 0), "{}", w.line());
    // The sockets took deltas (none out of step) and the first pair's games had a
    // spectator, whose bytes a move were counted; a delta is far below a whole game
    // message (3 KB and more), so both seats and the spectator stay well under 1 KB a
    // move.
    assert_eq!(w.ws_gaps, 0, "{}", w.line());
    // Two more guests play the computer (issue 45's load), counted apart: games begun,
    // their moves timed to their screens, and the computer's answers timed.
    assert_eq!((w.ws_bots, w.bot_open), (2, 2), "{}", w.line());
    assert!(w.bot_games >= 2 && w.bot_moves > 0, "{}", w.line());
    assert!(w.bot_p99.is_some() && w.bot_answers > 0, "{}", w.line());
    assert!(
        w.line()
            .contains("; against the computer (easy) 2 (open 2): games "),
        "{}",
        w.line()
    );
    assert_eq!(w.ws_spectators, 1, "{}", w.line());
    assert!(w.ws_spectated > 0, "{}", w.line());
    let all = w
        .ws_bytes_per_move_with_spectator()
        .expect("seats and a spectator");
    assert!(all < 1000, "{}", w.line());
    assert!(w.line().contains("; browser players 4"), "{}", w.line());
}
