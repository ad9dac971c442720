//! A backup of a running server, asked for by an admin over SSH (`admin backup DIR`) while
//! games are being played through real SSH sessions: restored into another directory,
//! `check-store` finds no problem there, and every move played before the backup is in it.

mod common;

use std::collections::HashMap;
use std::process::Command;
use std::time::Duration;

use common::play::{random_move, start_game, Moved, Rng};
use common::{exec, fingerprint, new_key, start_server_with, tempdir, Login, Term};
use stratego_ssh::rules::Move;
use stratego_ssh::store::{restore, Store};

/// Plays random moves, Red then Blue, until `stop` is set or the game ends.
async fn play_on(
    red: &Term,
    blue: &Term,
    seed: u64,
    stop: &std::sync::atomic::AtomicBool,
    min_plies: u32,
) -> u32 {
    let mut rng = Rng(seed);
    let mut plies = 0;
    while plies < min_plies || !stop.load(std::sync::atomic::Ordering::SeqCst) {
        let mover = if plies % 2 == 0 { red } else { blue };
        match random_move(mover, &mut rng, 20).await {
            Moved::Played(_) => plies += 1,
            Moved::Over(_) => break,
            Moved::Stuck => panic!("no move could be played:\n{}", mover.text()),
        }
    }
    plies
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_backs_up_a_running_server_while_games_are_played() {
    let admin = new_key();
    let fp = fingerprint(&admin);
    let server = start_server_with("backup-live", |o| {
        o.ssh.admins = vec![fp.clone()];
        // The test's directories are made under the system's temporary directory.
        o.ssh.backup_root = std::env::temp_dir();
    })
    .await;
    let addr = server.running.addr;
    let keys: Vec<_> = (0..4).map(|_| new_key()).collect();
    let nicks = ["ann", "bob", "cat", "dan"];
    let mut terms = Vec::new();
    for (n, k) in nicks.iter().zip(&keys) {
        terms.push(Term::connect(addr, Login::Key(n, k), 120, 40).await);
    }
    // A rated game finished before the backup: its result and rating changes are in it.
    {
        let (red, blue) = start_game(&terms[0], "ann", &terms[1]).await;
        let stop = std::sync::atomic::AtomicBool::new(true);
        play_on(red, blue, 3, &stop, 4).await;
        red.send(b"R").await;
        red.wait_text("Resign this game?", 5).await;
        red.send(b"y").await;
        for t in [red, blue] {
            t.wait_text("r rematch", 10).await;
        }
        for t in [red, blue] {
            t.send(b"q").await;
            t.wait_text("Open seeks", 10).await;
        }
    }
    let (r1, b1) = start_game(&terms[0], "ann", &terms[1]).await;
    let (r2, b2) = start_game(&terms[2], "cat", &terms[3]).await;

    // Both games go on while the backup is made: each plays at least 8 plies, then the
    // backup is asked for, then each plays on until the backup is done and a few more.
    let stop = std::sync::atomic::AtomicBool::new(false);
    let backups = tempdir::Dir::new("backup-live-out");
    let dest = backups.0.join("copy");
    let before_backup = async {
        // Wait until both games have moved, then remember what the store holds: every
        // move shown to anyone so far (a move is stored before it is shown).
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let live = server.running.store.live().all().unwrap();
            if live.len() == 2 && live.iter().all(|g| g.moves.len() >= 8) {
                break;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the games never moved"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let seen: HashMap<u64, Vec<Move>> = server
            .running
            .store
            .live()
            .all()
            .unwrap()
            .into_iter()
            .map(|g| (g.id, g.moves))
            .collect();
        let (out, status) = exec(
            addr,
            "root",
            &admin,
            &format!("admin backup {}", dest.display()),
        )
        .await;
        eprintln!("admin backup: {out}");
        assert_eq!(status, Some(0), "{out}");
        assert!(out.contains("backed up"), "{out}");
        // Not an admin: refused.
        let (out, status) = exec(addr, "ann", &keys[0], "admin backup /tmp/x").await;
        assert_eq!(status, Some(1), "{out}");
        // A path out of the backup root: refused, nothing written.
        let (out, status) = exec(addr, "root", &admin, "admin backup ../outside").await;
        assert_eq!(status, Some(2), "{out}");
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        seen
    };
    let (plies1, plies2, seen) = tokio::join!(
        play_on(r1, b1, 1, &stop, 12),
        play_on(r2, b2, 2, &stop, 12),
        before_backup
    );
    eprintln!(
        "plies played: {plies1} and {plies2}; stored before the backup: {:?}",
        seen.values().map(Vec::len).collect::<Vec<_>>()
    );

    // Restore the backup elsewhere and check it with the real binary.
    let restored = backups.0.join("restored");
    restore(&dest, &restored, false).expect("the backup restores");
    let out = Command::new(env!("CARGO_BIN_EXE_stratego-ssh"))
        .arg("check-store")
        .arg("--data-dir")
        .arg(&restored)
        .env("RUST_LOG", "warn")
        .output()
        .expect("check-store runs");
    let text = String::from_utf8_lossy(&out.stdout);
    eprintln!(
        "check-store on the restored backup:\n{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "check-store: {text}");
    assert!(
        text.trim_end()
            .ends_with("games 1, in progress 2, problems 0"),
        "{text}"
    );

    // Every move stored before the backup was asked for is in it.
    let store = Store::open(&restored).unwrap();
    for (id, moves) in &seen {
        let stored: Vec<Move> = match store.live().get(*id).unwrap() {
            Some(g) => g.moves,
            None => {
                store
                    .games()
                    .get(*id)
                    .unwrap()
                    .expect("the game is in the backup")
                    .record
                    .moves
            }
        };
        assert!(
            stored.len() >= moves.len() && stored[..moves.len()] == moves[..],
            "game {id}: {} moves before the backup, {} in it",
            moves.len(),
            stored.len()
        );
    }
}

/// `check-store` names a problem and exits 1: here a finished game whose record has an
/// illegal move (the store takes records as given).
#[tokio::test]
async fn check_store_reports_a_game_that_does_not_replay_and_exits_1() {
    use stratego_ssh::proto::GameTerms;
    use stratego_ssh::rules::{ByColor, Color, EndReason, Game, Outcome, Rules, Setup, Variant};
    use stratego_ssh::store::{GameResult, SeatRecord};
    let dir = tempdir::Dir::new("check-store-bad");
    let data = dir.0.join("data");
    {
        let store = Store::open(&data).unwrap();
        let rules = Rules::standard(Variant::Classic);
        let red = Setup::random(&rules, Color::Red, 1);
        let blue = Setup::random(&rules, Color::Blue, 2);
        let mut g = Game::new(rules, &red, &blue).unwrap();
        let first = g.legal_moves()[0];
        g.play(first).unwrap();
        g.end(Outcome {
            winner: Some(Color::Red),
            reason: EndReason::Resignation,
        });
        let mut record = g.record();
        record.moves.push(first); // Blue moves a Red piece
        let seat = |n: &str| SeatRecord {
            identity: format!("guest:{n}").parse().unwrap(),
            nick: n.into(),
        };
        let id = store.next_game_id().unwrap();
        store
            .games()
            .finish(&GameResult {
                id,
                record,
                seats: ByColor::new(seat("a"), seat("b")),
                terms: GameTerms {
                    rules,
                    rated: false,
                    clock: None,
                    days: None,
                    budget: None,
                },
                started: 1,
                ended: 2,
            })
            .await
            .unwrap();
        store.flush().await.unwrap();
    }
    let out = Command::new(env!("CARGO_BIN_EXE_stratego-ssh"))
        .arg("check-store")
        .arg("--data-dir")
        .arg(&data)
        .output()
        .expect("check-store runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with("game 1: does not replay to its result: move 2"),
        "{text}"
    );
    assert_eq!(lines[1], "games 1, in progress 0, problems 1");

    // A directory without a database (a typo) is not checked as an empty, sound store.
    let none = dir.0.join("no-such-data");
    let out = Command::new(env!("CARGO_BIN_EXE_stratego-ssh"))
        .arg("check-store")
        .arg("--data-dir")
        .arg(&none)
        .output()
        .expect("check-store runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("there is no database"));
    assert!(!none.exists(), "nothing created");
}
