//! The load generator in an arena (`loadgen --arena`), end to end against an in-process
//! server that lets players create tournaments: it creates the arena with load-0's key,
//! its playing sessions join through the screens and play, the arena pairs them again
//! after each game, and the report has pairing latencies. No timing is asserted.

// The server's end-to-end harness (an in-process server, SSH clients), shared.
#[path = "../../tests/common/mod.rs"]
mod common;

use std::time::Duration;

use common::{exec, new_key, start_server_with};
use serde_json::Value;
use stratego_tools::loadgen::{run, LoadConfig};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_generator_plays_in_an_arena_and_measures_pairing() {
    let server = start_server_with("loadgen-arena", |o| {
        o.ssh.players_create_tournaments = true;
    })
    .await;
    let addr = server.running.addr;
    let cfg = LoadConfig {
        addr,
        sessions: 4,
        games: 2,
        duration: Duration::from_secs(40),
        cols: 120,
        rows: 40,
        server_pid: None,
        think: Duration::ZERO,
        seed: 7,
        progress_every: Duration::from_secs(5),
        warmup: Duration::ZERO,
        abusers: 0,
        attacks: vec![],
        arena: true,
        // Random moves make games of hundreds of moves: resigned at about move 20, a
        // game lasts seconds, and the arena pairs again several times in the run.
        resign_at: Some(20),
        web: None,
    };
    let report = run(cfg).await.expect("the run completes");
    eprintln!("{}", report.summary());
    assert_eq!(report.arena, Some(1), "{report:?}");
    assert_eq!(report.arena_joined, 4, "{report:?}");
    assert!(report.arena_started_at.is_some(), "{report:?}");
    assert!(report.games >= 2, "games played: {report:?}");
    assert!(report.moves > 0, "{report:?}");
    assert!(report.ended_games >= 2, "games ended: {report:?}");
    assert!(
        report.pairing_samples >= 2,
        "pairing samples: {} ({report:?})",
        report.pairing_samples
    );
    assert!(report.pairing_p50.is_some() && report.pairing_p99.is_some());
    assert!(
        report.summary().contains(", pairing p50 "),
        "{}",
        report.summary()
    );

    // The server's view: the arena runs (it lasts the run's minute rounded up, plus one),
    // created by load-0, with the four entrants and more pairings than the first round.
    let key = new_key();
    let (out, status) = exec(addr, "reader", &key, "tournament 1 --format json").await;
    assert_eq!(status, Some(0), "{out}");
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(v["status"], "Running", "{v:#}");
    assert_eq!(v["created_by"], "load-0", "{v:#}");
    assert_eq!(v["terms"]["name"], "load arena", "{v:#}");
    assert_eq!(v["standings"].as_array().map(Vec::len), Some(4), "{v:#}");
    let pairings = v["pairings"].as_array().expect("pairings").len();
    assert!(pairings >= 4, "{pairings} pairings: {v:#}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_players_creating_tournaments_the_load_generator_says_what_to_do() {
    let server = start_server_with("loadgen-arena-refused", |_| {}).await;
    let cfg = LoadConfig {
        addr: server.running.addr,
        sessions: 2,
        games: 1,
        duration: Duration::from_secs(5),
        cols: 120,
        rows: 40,
        server_pid: None,
        think: Duration::ZERO,
        seed: 1,
        progress_every: Duration::ZERO,
        warmup: Duration::ZERO,
        abusers: 0,
        attacks: vec![],
        arena: true,
        resign_at: None,
        web: None,
    };
    let e = run(cfg).await.expect_err("refused");
    let text = format!("{e:#}");
    assert!(text.contains("--players-create-tournaments true"), "{text}");
}
