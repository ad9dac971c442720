//! The load generator's attacks of issue 33 (`loadgen --abusers N --attack
//! idle-guest,exec-mux,key-flood`), end to end against an in-process server with its
//! default limits (no `channel_timeout` set): each attack completes rounds and they are
//! counted, the server sees what they did, and the honest sessions still play. What the
//! server does about the attacks is not asserted here (its tests say that).

// The server's end-to-end harness (an in-process server, SSH clients), shared.
#[path = "../../tests/common/mod.rs"]
mod common;

use std::time::Duration;

use common::start_server_with;
use stratego_ssh::proto::PlayerId;
use stratego_tools::loadgen::{run, Attack, LoadConfig, IDLE_HOLD};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_guests_multiplexed_commands_and_new_keys_run_beside_honest_players() {
    let server = start_server_with("loadgen-attacks", |_| {}).await;
    let attacks = vec![Attack::IdleGuest, Attack::ExecMux, Attack::KeyFlood];
    let cfg = LoadConfig {
        addr: server.running.addr,
        sessions: 2,
        games: 1,
        duration: Duration::from_secs(15),
        cols: 120,
        rows: 40,
        server_pid: None,
        think: Duration::ZERO,
        seed: 33,
        progress_every: Duration::ZERO,
        warmup: Duration::ZERO,
        // Abuser i runs attacks[i % 3]: 0 idles as a guest, 1 multiplexes commands, 2
        // floods new keys.
        abusers: 3,
        attacks: attacks.clone(),
        arena: false,
        resign_at: None,
        web: None,
    };
    let report = run(cfg).await.expect("the run completes");
    let abuse = report.abuse_summary();
    eprintln!("{}\n{abuse}", report.summary());

    // The honest sessions connected and played beside them.
    assert_eq!(report.sessions, 2, "{report:?}");
    assert_eq!(report.connect_failures, 0, "{report:?}");
    assert!(report.games >= 1, "{report:?}");
    assert!(report.moves > 0, "{report:?}");

    // Every attack is named with its completed rounds, and they add up.
    let rounds = |a: Attack| {
        report
            .attack_rounds
            .iter()
            .find(|(x, _)| *x == a)
            .map(|(_, n)| *n)
    };
    assert_eq!(
        report
            .attack_rounds
            .iter()
            .map(|(a, _)| *a)
            .collect::<Vec<_>>(),
        attacks,
        "{abuse}"
    );
    assert_eq!(
        report.attack_rounds.iter().map(|(_, n)| n).sum::<u64>(),
        report.abuse_rounds,
        "{abuse}"
    );

    // The idle guest: one connection held (no channel) until the end of the run or the
    // server's close, its hold measured.
    assert_eq!(
        rounds(Attack::IdleGuest).map(|n| n >= 1),
        Some(true),
        "{abuse}"
    );
    assert!(report.idle_guest_holds >= 1, "{abuse}");
    let held = report.idle_guest_held_p50.expect("a median hold");
    assert!(
        held >= Duration::from_secs(1) && held <= IDLE_HOLD,
        "{abuse}"
    );
    assert!(report.idle_guest_held_max >= Some(held), "{abuse}");
    assert!(abuse.contains("; idle-guest: "), "{abuse}");

    // The multiplexed commands: a hundred a round over one connection, each counted once;
    // the first ones at least answered.
    let mux_rounds = rounds(Attack::ExecMux).unwrap_or(0);
    assert!(mux_rounds >= 1, "{abuse}");
    let counted = report.exec_mux_answered
        + report.exec_mux_busy
        + report.exec_mux_refused
        + report.exec_mux_unanswered;
    assert!(counted >= 100 * mux_rounds, "{abuse}");
    assert!(report.exec_mux_answered >= 1, "{abuse}");
    assert!(abuse.contains("; exec-mux: "), "{abuse}");

    // The new keys: several rounds (the fourth asks for the name `!!`), each one counted,
    // and the server holds an account for the key of the first round, under the name it
    // asked for.
    let key_rounds = rounds(Attack::KeyFlood).unwrap_or(0);
    assert!(key_rounds >= 4, "{abuse}");
    assert!(
        report.key_flood_welcomed + report.key_flood_unwelcomed >= key_rounds,
        "{abuse}"
    );
    assert!(report.key_flood_welcomed >= 1, "{abuse}");
    let first = server
        .running
        .store
        .users()
        .by_nick("kf-2-1")
        .expect("store read")
        .expect("an account for the first new key");
    assert!(matches!(first.owner, PlayerId::Key(_)), "{first:?}");
    assert_eq!(first.keys.len(), 1, "{first:?}");
    assert!(abuse.contains("; key-flood: "), "{abuse}");
}
