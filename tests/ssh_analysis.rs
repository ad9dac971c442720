//! The analysis after a game (issue 47 item 2) through a real SSH client:
//! `ssh host replay ID --analysis` on a finished game is queued, then lists for every ply
//! the move played, the move the hard computer prefers and the evaluation, as the mover
//! knew it and with hindsight, and flags the planted blunder (Blue's Marshal walked next
//! to Red's Spy, known since it took Blue's Spy, which then takes the Marshal). A private
//! game's analysis is refused as its replay is. On the SSH replay screen, read through
//! vt100, the move list marks the blunder and `n` goes to it, judged both ways.

mod common;

use std::time::Duration;

use common::{exec, fingerprint, new_key, Login, Term};
use stratego_ssh::proto::GameTerms;
use stratego_ssh::proto::PlayerId;
use stratego_ssh::rules::{ByColor, GameRecord};
use stratego_ssh::store::{GameResult, SeatRecord, Store};

const PLANTED: &str = include_str!("data/analysis/spy_takes_marshal.txt");

async fn store_game(store: &Store, id: u64, private: bool) -> GameRecord {
    let record = GameRecord::from_text(PLANTED).expect("the planted game reads");
    let seat = |who: &str| SeatRecord {
        identity: format!("key:SHA256:{who}").parse().unwrap(),
        nick: who.into(),
    };
    let r = GameResult {
        id,
        record: record.clone(),
        seats: ByColor::new(seat("alice"), seat("bob")),
        terms: GameTerms {
            rules: record.rules,
            rated: false,
            clock: None,
            days: None,
            budget: None,
        },
        started: 1_000,
        ended: 1_100,
    };
    store.games().finish_with(&r, private).await.unwrap();
    record
}

/// The lines of the table: those starting with a ply number.
fn ply_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| {
            l.split_once(". ")
                .is_some_and(|(n, _)| n.trim().parse::<u32>().is_ok())
        })
        .collect()
}

/// Whether `cells` (one column of a ply line) holds a move (`A8 A7`) and two signed numbers.
fn judged(cells: &str) -> bool {
    let w: Vec<&str> = cells.split_whitespace().collect();
    let square = |s: &str| s.len() >= 2 && s.parse::<stratego_ssh::rules::Square>().is_ok();
    let number = |s: &str| s.starts_with(['+', '-']) && s[1..].parse::<u32>().is_ok();
    w.len() >= 4 && square(w[0]) && square(w[1]) && number(w[2]) && number(w[3])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_analysis_lists_every_ply_and_flags_the_planted_blunder() {
    let server = common::start_server_with("analysis", |o| {
        // A smaller search than the hard computer's own keeps a debug build quick; the
        // blunder is plain at any budget.
        o.lobby.analysis.nodes = 5_000;
        // At nice 0: at the server's nice 15 a review waits for every other process of a busy
        // machine (tested in lobby::analysis).
        o.lobby.analysis.nice = 0;
    })
    .await;
    let addr = server.running.addr;
    let key = new_key();
    let record = store_game(&server.running.store, 5, false).await;
    store_game(&server.running.store, 6, true).await;

    // Asked for: queued (exit 3: ask again), then made.
    let (text, status) = exec(addr, "carol", &key, "replay 5 --analysis").await;
    assert!(
        text.contains("The analysis of game #5 is"),
        "queued or being made: {text}"
    );
    assert_eq!(status, Some(3), "{text}");
    let mut done = None;
    for _ in 0..120 {
        let (text, status) = exec(addr, "carol", &key, "replay 5 --analysis").await;
        if status == Some(0) {
            done = Some(text);
            break;
        }
        assert_eq!(status, Some(3), "{text}");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let text = done.expect("the analysis is made within a minute");
    assert!(
        text.contains("Game #5: alice (Red) vs bob (Blue)"),
        "{text}"
    );
    assert!(text.contains("as the mover knew it"), "{text}");
    assert!(text.contains("with hindsight"), "{text}");
    let lines = ply_lines(&text);
    assert_eq!(lines.len(), record.moves.len(), "one line a ply: {text}");
    for (i, line) in lines.iter().enumerate() {
        let cols: Vec<&str> = line.split(" | ").collect();
        assert_eq!(cols.len(), 3, "{line}");
        assert!(
            cols[0].starts_with(&format!("{}. ", i + 1)),
            "ply {}: {line}",
            i + 1
        );
        assert!(
            cols[0].contains(&record.moves[i].to_string()),
            "the move played: {line}"
        );
        // Every ply has a choice here: a preferred move and an evaluation, both ways.
        assert!(
            judged(cols[1]),
            "as the mover knew it, ply {}: {line}",
            i + 1
        );
        assert!(judged(cols[2]), "with hindsight, ply {}: {line}", i + 1);
    }
    // Ply 6, Blue's Marshal next to the known Spy: a blunder both ways, and another move
    // preferred.
    let six: Vec<&str> = lines[5].split(" | ").collect();
    assert!(six[0].contains("B8 B7"), "{}", lines[5]);
    for col in &six[1..] {
        assert!(col.trim_end().ends_with("??"), "a blunder: {}", lines[5]);
        assert!(
            !col.starts_with("B8 B7"),
            "another move preferred: {}",
            lines[5]
        );
    }
    // The Spy taking the Marshal, with hindsight, is the best move. (As Red knew it, the
    // piece was unknown, and a Spy attacking an unknown piece loses to all but one: that
    // column may call it a gamble.)
    let seven: Vec<&str> = lines[6].split(" | ").collect();
    assert!(seven[2].starts_with("A7 B7"), "{}", lines[6]);
    assert!(!seven[2].contains('?'), "{}", lines[6]);
    assert!(
        text.contains("Mistakes as the mover knew it: Red")
            && text.contains("Blue 1. With hindsight"),
        "{text}"
    );

    // In German, the same table.
    let (de, status) = exec(addr, "carol", &key, "replay 5 --analysis --lang de").await;
    assert_eq!(status, Some(0), "{de}");
    assert!(de.contains("im Nachhinein"), "{de}");
    assert_eq!(ply_lines(&de).len(), record.moves.len(), "{de}");

    // In lines (`ssh host play`): the mistakes, each judged both ways, then the count;
    // `all`: every ply.
    let mut line =
        common::line::LineClient::open(addr, common::Login::Key("carol", &key), "play --lang en")
            .await;
    line.until_has("lobby> ", 10).await;
    line.send("analysis 5").await;
    let got = line.until_has("Mistakes as the mover knew it", 10).await;
    let text = got.join("\n");
    assert!(
        text.contains("Analysis of game #5 (alice vs bob)"),
        "{text}"
    );
    let blunder = got
        .iter()
        .find(|l| l.starts_with("6. Blue B8-B7:"))
        .unwrap_or_else(|| panic!("ply 6 listed: {text}"));
    assert!(
        blunder.contains("as known, best") && blunder.contains("with hindsight, best"),
        "{blunder}"
    );
    assert_eq!(blunder.matches("??").count(), 2, "{blunder}");
    assert!(
        !got.iter().any(|l| l.starts_with("2. ")),
        "mistakes only: {text}"
    );
    line.send("analysis 5 all").await;
    let got = line.until_has("Mistakes as the mover knew it", 10).await;
    for k in 1..=record.moves.len() {
        assert!(
            got.iter().any(|l| l.starts_with(&format!("{k}. "))),
            "ply {k}: {got:?}"
        );
    }
    line.send("analysis 6").await;
    let got = line.until_has("that is not stored here", 10).await;
    assert!(
        !got.iter().any(|l| l.contains("Analysis of game #6")),
        "a private game's analysis: {got:?}"
    );
    line.disconnect().await;

    // A private game: no such game to anyone but its players (as `replay 6`), nothing
    // queued.
    let (text, status) = exec(addr, "carol", &key, "replay 6 --analysis").await;
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains("there is no finished game #6"), "{text}");
    assert_eq!(server.running.lobby.analysis().status(6), None);
    // An unknown game likewise.
    let (text, status) = exec(addr, "carol", &key, "replay 77 --analysis").await;
    assert_eq!(status, Some(1), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_screen_marks_the_blunder_and_n_goes_to_it() {
    let server = common::start_server_with("analysis-screen", |o| {
        o.lobby.analysis.nodes = 5_000;
        // At nice 0: at the server's nice 15 a review waits for every other process of a busy
        // machine (tested in lobby::analysis).
        o.lobby.analysis.nice = 0;
    })
    .await;
    let addr = server.running.addr;
    let key = new_key();
    // alice's own game (her key's identity on Red's seat), analysed before she looks.
    let record = GameRecord::from_text(PLANTED).unwrap();
    let seat = |identity: PlayerId, nick: &str| SeatRecord {
        identity,
        nick: nick.into(),
    };
    let r = GameResult {
        id: 5,
        record: record.clone(),
        seats: ByColor::new(
            seat(PlayerId::Key(fingerprint(&key)), "alice"),
            seat("key:SHA256:bob".parse().unwrap(), "bob"),
        ),
        terms: GameTerms {
            rules: record.rules,
            rated: false,
            clock: None,
            days: None,
            budget: None,
        },
        started: 1_000,
        ended: 1_100,
    };
    let store = server.running.store.clone();
    store.games().finish(&r).await.unwrap();
    server.running.lobby.analysis().request(5);
    for _ in 0..600 {
        if store.analyses().has(5).unwrap() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(store.analyses().has(5).unwrap(), "analysed within a minute");

    let t = Term::connect(addr, Login::Key("alice", &key), 120, 40).await;
    t.wait_text("Open seeks", 10).await;
    t.send(b"G").await;
    t.wait_text("resign", 10).await;
    t.send(b"\r").await;
    let start = t.wait_text("Analysis: ", 10).await;
    assert!(start.contains("(n: the next)"), "{start}");
    assert!(
        start.contains("n next mistake"),
        "the footer names n: {start}"
    );
    // n: from mistake to mistake (as the stored analysis lists them) up to ply 6, Blue's
    // Marshal next to the known Spy; each press shows the position after that move.
    let (analysis, _) = store.analyses().get(5).unwrap().unwrap();
    let mut at = 0;
    let mut shown = String::new();
    while at < 6 {
        let next = analysis.next_mistake(at).expect("the blunder is a mistake");
        t.send(b"n").await;
        let mover = if next % 2 == 1 { "Red" } else { "Blue" };
        let want = format!("Analysis of move {} ({mover})", next.div_ceil(2));
        shown = t.wait_for(&want, 10, |s| s.contains(&want)).await;
        at = next;
    }
    assert_eq!(at, 6, "n stops on the blunder");
    assert!(shown.contains("Analysis of move 3 (Blue)"), "{shown}");
    assert!(shown.contains("move 3 of 4, Blue moved"), "{shown}");
    let judged: Vec<&str> = shown
        .lines()
        .filter(|l| l.contains("as known:") || l.contains("hindsight:"))
        .collect();
    assert_eq!(judged.len(), 2, "{shown}");
    assert!(judged.iter().all(|l| l.contains("??")), "{shown}");
    // The move list marks it.
    assert!(shown.contains("B8-B7 ??"), "{shown}");
    // Six steps back in one paste, faster than the store answers: the screen ends on the
    // position asked last (the start), not on one the reads in flight left it at.
    t.send(b"hhhhhh").await;
    let back = t
        .wait_for("the start after six steps back", 10, |s| {
            s.contains("start, 4 moves") && !s.contains("→")
        })
        .await;
    assert!(!back.contains("still loading"), "{back}");
    t.disconnect().await;
    server.running.stop().await;
}
