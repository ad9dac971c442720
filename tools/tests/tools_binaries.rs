//! The tools' binaries as a host runs them: `stratego-loadgen` against a server (its last
//! line), `stratego-fill-store` on a data directory that the store's check then finds
//! sound, and their refusals of bad flags.

// The server's end-to-end harness (an in-process server on a free port), shared.
#[path = "../../tests/common/mod.rs"]
mod common;

use std::process::Command;

use common::start_server_with;
use common::tempdir::Dir;

fn loadgen() -> Command {
    Command::new(env!("CARGO_BIN_EXE_stratego-loadgen"))
}

fn fill_store() -> Command {
    Command::new(env!("CARGO_BIN_EXE_stratego-fill-store"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_generator_plays_on_a_server_and_ends_with_its_line() {
    let server = start_server_with("loadgen-binary", |_| {}).await;
    let out = tokio::task::spawn_blocking({
        // The server runs in this process: its memory is this process's.
        let (addr, pid) = (
            server.running.addr.to_string(),
            std::process::id().to_string(),
        );
        move || {
            loadgen()
                .args(["--addr", &addr, "--sessions", "3", "--games", "1"])
                .args(["--duration", "10s", "--think", "0s", "--warmup", "0s"])
                .args(["--server-pid", &pid])
                .output()
                .expect("stratego-loadgen runs")
        }
    })
    .await
    .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("sessions 3, games 1, moves "), "{last}");
    for part in [
        ", move-to-screen p50 ",
        ", bytes/move ",
        ", server rss/session ",
        ", abusers 0, honest p99 ",
    ] {
        assert!(last.contains(part), "{part:?} in {last}");
    }
    let moves: u64 = last["sessions 3, games 1, moves ".len()..]
        .split(',')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("moves in {last}"));
    assert!(moves > 0, "{last}\n{stderr}");
    // Measured from the start (no warm-up): a p99, and the server's memory was read.
    assert!(!last.contains("honest p99 n/a"), "{last}");
    assert!(!last.contains("rss/session n/a"), "{last}");
    assert!(stderr.contains("connect failures 0,"), "{stderr}");
    // The measured window: the opponent's screen timed too, and the server's CPU read
    // over the window (its share of a core and its CPU time a move).
    let window = stdout
        .lines()
        .find(|l| l.starts_with("measured "))
        .unwrap_or_else(|| panic!("no window line in {stdout}"));
    assert!(window.contains("opponent's screen p50 "), "{window}");
    assert!(!window.contains("opponent's screen p50 n/a"), "{window}");
    assert!(window.contains("% of a core, "), "{window}");
    assert!(window.contains(" ms a move;"), "{window}");
    assert!(window.contains("loadgen cpu "), "{window}");
}

#[test]
fn the_load_generator_refuses_what_it_must_not_do() {
    for (args, says) in [
        (
            &["--addr", "10.0.0.1:2222"][..],
            "only connects to loopback addresses",
        ),
        (
            &["--sessions", "2", "--games", "2"],
            "--games 2 needs 4 sessions",
        ),
        (&["--attack", "nonsense"], "invalid value 'nonsense'"),
        (&["--duration", "soon"], "soon"),
        (
            &["--web", "10.0.0.1:8080", "--web-rps", "10"],
            "only connects to loopback addresses (127.0.0.0/8, ::1), not 10.0.0.1",
        ),
        (&["--web-rps", "10"], "--web <ADDR>"),
        (&["--web-watchers", "10"], "--web <ADDR>"),
        (
            &["--web", "127.0.0.1:8080", "--web-rps", "5001"],
            "--web-rps must be at most 5000",
        ),
    ] {
        let out = loadgen()
            .args(args)
            .output()
            .expect("stratego-loadgen runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn filled_stores_pass_the_servers_check() {
    let dir = Dir::new("fill-binary");
    let data = dir.0.join("data");
    let out = fill_store()
        .args([
            "--games",
            "12",
            "--players",
            "4",
            "--lanes",
            "2",
            "--seed",
            "5",
        ])
        .arg("--data-dir")
        .arg(&data)
        .output()
        .expect("stratego-fill-store runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.starts_with("filled 12 games ("), "{stdout}");
    // What `stratego-ssh check-store` checks and prints.
    let store = stratego_ssh::store::Store::open(&data).expect("the filled store opens");
    let report = store.check().expect("the store reads");
    assert_eq!(report.problems, vec![], "{}", report.summary());
    assert_eq!(report.summary(), "games 12, in progress 0, problems 0");
    drop(store);

    // Too few players: said, and nothing written.
    let empty = dir.0.join("empty");
    let out = fill_store()
        .args(["--games", "3", "--players", "1"])
        .arg("--data-dir")
        .arg(&empty)
        .output()
        .expect("stratego-fill-store runs");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("at least 2 players"), "{stderr}");
    assert!(!empty.exists());
}
