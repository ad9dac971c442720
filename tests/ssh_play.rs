//! Two people meet in the lobby over real SSH connections, set up, and play until a battle;
//! each terminal shows exactly what that side may know.

mod common;

use std::time::Duration;

use common::{is_movable_label, new_key, start_game, start_server, Login, ScreenBoard, Term};

const HIDDEN: &str = "■";
/// A hidden enemy piece known to have moved.
const MOVED: &str = "◆";

async fn type_move(t: &Term, mv: &str) {
    t.send(b"m").await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    t.type_str(mv).await;
    t.send(b"\r").await;
}

fn color_line(text: &str) -> bool {
    text.contains("you play Red")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_meet_set_up_and_battle_seeing_only_their_side() {
    let server = start_server("play").await;
    let addr = server.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    start_game(&alice, &bob).await;

    // Who is Red?
    let a_text = alice.wait_text("move 1", 10).await;
    let (red, blue) = if color_line(&a_text) {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let red_text = red.wait_text("Your turn", 10).await;
    let blue_text = blue.wait_text("move 1", 10).await;
    let rb = ScreenBoard::read(&red_text).expect("Red's board readable");
    let bb = ScreenBoard::read(&blue_text).expect("Blue's board readable");

    // Each side sees its own ranks and nothing of the other's.
    for file in "ABCDEFGHIJ".chars() {
        for rank in 1..=4 {
            let sq = format!("{file}{rank}");
            assert_ne!(rb.at(&sq), HIDDEN, "Red sees its own {sq}");
            assert_eq!(
                bb.at(&sq),
                HIDDEN,
                "Blue must not see Red's {sq}:\n{blue_text}"
            );
        }
        for rank in 7..=10 {
            let sq = format!("{file}{rank}");
            assert_ne!(bb.at(&sq), HIDDEN, "Blue sees its own {sq}");
            assert_eq!(
                rb.at(&sq),
                HIDDEN,
                "Red must not see Blue's {sq}:\n{red_text}"
            );
        }
    }

    // A column where both front pieces can move: Red goes up, Blue comes down, Red attacks.
    let file = "ABEFIJ"
        .chars()
        .find(|f| {
            is_movable_label(rb.at(&format!("{f}4"))) && is_movable_label(bb.at(&format!("{f}7")))
        })
        .expect("a free column with movable front pieces");
    let red_rank = rb.at(&format!("{file}4")).to_string();
    let blue_rank = bb.at(&format!("{file}7")).to_string();

    type_move(red, &format!("{file}4 {file}5")).await;
    blue.wait_text("Your turn", 10).await;
    type_move(blue, &format!("{file}7 {file}6")).await;
    red.wait_text("Your turn", 10).await;
    type_move(red, &format!("{file}5 {file}6")).await;

    // Both screens report the battle with both ranks (no Silent Defense by default).
    // Red's screen still says "Your turn" until the battle is drawn, so wait for the
    // square itself: before the battle it shows Blue's hidden moved piece, after it the
    // winner's rank or nothing.
    let sq = format!("{file}6");
    let red_after = red
        .wait_for("Red's screen after the battle", 10, |t| {
            ScreenBoard::read(t).is_some_and(|b| b.at(&sq) != MOVED)
        })
        .await;
    let blue_after = blue.wait_text("Your turn", 10).await;
    let rb2 = ScreenBoard::read(&red_after).unwrap();
    let bb2 = ScreenBoard::read(&blue_after).unwrap();
    // The square of the battle shows the winner's rank, or is empty, on both screens alike.
    assert_eq!(
        rb2.at(&sq),
        bb2.at(&sq),
        "both see the same outcome on {sq}"
    );
    let r: u32 = label_value(&red_rank);
    let b: u32 = label_value(&blue_rank);
    let expected = if r > b || (red_rank == "S" && blue_rank == "10") {
        red_rank.clone()
    } else if r < b {
        blue_rank.clone()
    } else {
        "·".to_string()
    };
    assert_eq!(
        rb2.at(&sq),
        expected,
        "battle {red_rank} x {blue_rank} on {sq}"
    );

    // Still nothing of Blue's army is visible to Red but what the battle revealed.
    for f in "ABCDEFGHIJ".chars() {
        for rank in 7..=10 {
            let s = format!("{f}{rank}");
            if s != format!("{file}7") {
                assert_eq!(rb2.at(&s), HIDDEN, "Red must not see Blue's {s}");
            }
        }
    }
    for f in "ABCDEFGHIJ".chars() {
        for rank in 1..=4 {
            let s = format!("{f}{rank}");
            if s != format!("{file}4") {
                assert_eq!(bb2.at(&s), HIDDEN, "Blue must not see Red's {s}");
            }
        }
    }
}

fn label_value(s: &str) -> u32 {
    match s {
        "S" => 1,
        n => n.parse().unwrap_or(0),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_reconnects_straight_into_the_game() {
    let server = start_server("reconnect").await;
    let addr = server.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    start_game(&alice, &bob).await;
    let a_text = alice.wait_text("move 1", 10).await;
    let alice_red = color_line(&a_text);
    let (red, blue) = if alice_red {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let rb = ScreenBoard::read(&red.wait_text("Your turn", 10).await).unwrap();
    let file = "ABEFIJ"
        .chars()
        .find(|f| is_movable_label(rb.at(&format!("{f}4"))))
        .expect("a movable front piece");
    type_move(red, &format!("{file}4 {file}5")).await;
    blue.wait_text("Your turn", 10).await;

    // Bob drops; the opponent sees the countdown.
    let bob_was_red = !alice_red;
    bob.disconnect().await;
    let a_wait = alice.wait_text("reconnect", 10).await;
    assert!(a_wait.contains("bob"), "{a_wait}");

    // Bob comes back with the same key: straight into the game, the move still there.
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    let first = format!("1. {file}4-{file}5");
    let text = bob
        .wait_for("the game again", 10, |t| {
            t.contains(&first) && t.contains("you play")
        })
        .await;
    assert_eq!(
        text.contains("you play Red"),
        bob_was_red,
        "same colour:\n{text}"
    );
    let b = ScreenBoard::read(&text).unwrap();
    let expect_mover = if bob_was_red {
        rb.at(&format!("{file}4")).to_string()
    } else {
        MOVED.to_string()
    };
    assert_eq!(
        b.at(&format!("{file}5")),
        expect_mover,
        "the move before the drop is on the board"
    );
    assert_eq!(b.at(&format!("{file}4")), "·");
    alice
        .wait_for("the countdown to go", 10, |t| !t.contains("reconnect"))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_sees_the_live_game_without_hidden_ranks() {
    let server = start_server("spectate").await;
    let addr = server.running.addr;
    let (ka, kb, kc) = (new_key(), new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    let carl = Term::connect(addr, Login::Key("carl", &kc), 120, 40).await;
    start_game(&alice, &bob).await;
    alice.wait_text("move 1", 10).await;
    // Carl picks the game from "Games in play" and watches.
    carl.wait_text("Games in play (1)", 10).await;
    carl.send(b"\t").await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    carl.send(b"\r").await;
    let text = carl
        .wait_for("the watched board", 10, |t| ScreenBoard::read(t).is_some())
        .await;
    let b = ScreenBoard::read(&text).unwrap();
    for f in "ABCDEFGHIJ".chars() {
        for rank in [1, 2, 3, 4, 7, 8, 9, 10] {
            let sq = format!("{f}{rank}");
            assert_eq!(
                b.at(&sq),
                HIDDEN,
                "a spectator sees no rank on {sq}:\n{text}"
            );
        }
    }
    // Live: Red's move reaches the spectator.
    let a_text = alice.text();
    let red = if color_line(&a_text) { &alice } else { &bob };
    let rb = ScreenBoard::read(&red.wait_text("Your turn", 10).await).unwrap();
    let file = "ABEFIJ"
        .chars()
        .find(|f| is_movable_label(rb.at(&format!("{f}4"))))
        .unwrap();
    type_move(red, &format!("{file}4 {file}5")).await;
    let after = carl
        .wait_for("the move", 10, |t| {
            ScreenBoard::read(t).is_some_and(|b| b.at(&format!("{file}5")) != "·")
        })
        .await;
    let b = ScreenBoard::read(&after).unwrap();
    assert_eq!(b.at(&format!("{file}5")), MOVED, "moved, rank still hidden");
}

/// One's own army as its owner sees it: labels by (column from the owner's left, row from
/// the owner's back row).
fn own_army(board: &ScreenBoard, red: bool) -> Vec<Vec<String>> {
    (0..4)
        .map(|depth| {
            (0..10)
                .map(|col| {
                    let (file, rank) = if red {
                        (col, depth + 1)
                    } else {
                        (9 - col, 10 - depth)
                    };
                    let sq = format!("{}{rank}", (b'A' + file as u8) as char);
                    board.at(&sq).to_string()
                })
                .collect()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_players_pressing_r_get_different_armies() {
    let server = start_server("random-fill").await;
    let addr = server.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    alice.wait_text("no open seeks", 10).await;
    alice.send(b"n").await;
    alice.wait_text("Variant", 5).await;
    alice.send(b"\r").await;
    bob.wait_for("alice's seek", 10, |t| {
        t.contains("Classic") && t.contains("alice")
    })
    .await;
    bob.send(b"j").await; // alice's seek, under the computer's row
    tokio::time::sleep(Duration::from_millis(50)).await;
    bob.send(b"\r").await;
    let mut armies = Vec::new();
    for t in [&alice, &bob] {
        t.wait_text("Set up your army", 10).await;
        t.send(b"r").await;
        let text = t.wait_text("40 of 40 placed", 5).await;
        let red = text.contains("Set up your army (Red)");
        let board = ScreenBoard::read(&text).expect("the set-up board is readable");
        let army = own_army(&board, red);
        assert!(
            army.iter().flatten().all(|l| !l.is_empty()),
            "every own square shows a piece:\n{text}"
        );
        armies.push((red, army));
    }
    assert_ne!(armies[0].0, armies[1].0, "one Red, one Blue");
    // Two independent fills differ on about 35 of the 40 squares, however one is turned;
    // before, Blue got Red's army turned front to back and left to right.
    let (a, b) = (&armies[0].1, &armies[1].1);
    for (flip_rows, flip_cols) in [(false, false), (false, true), (true, false), (true, true)] {
        let differ = (0..4)
            .flat_map(|r| (0..10).map(move |c| (r, c)))
            .filter(|&(r, c)| {
                let (r2, c2) = (
                    if flip_rows { 3 - r } else { r },
                    if flip_cols { 9 - c } else { c },
                );
                a[r][c] != b[r2][c2]
            })
            .count();
        assert!(
            differ >= 15,
            "the two random armies (one turned: rows {flip_rows}, columns {flip_cols}) \
             differ on only {differ} of 40 squares:\n{a:?}\n{b:?}"
        );
    }
}

/// Tab to "Games in play", Enter: watch the first game.
async fn watch_first_game(t: &Term) -> String {
    t.wait_text("Games in play (1)", 10).await;
    t.send(b"\t").await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    t.send(b"\r").await;
    t.wait_for("the watched board", 10, |s| {
        ScreenBoard::read(s).is_some() && s.contains("watching")
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_who_disconnects_is_counted_once_and_the_game_stays_for_the_others() {
    let server = start_server("watchers").await;
    let addr = server.running.addr;
    let keys: Vec<_> = (0..4).map(|_| new_key()).collect();
    let alice = Term::connect(addr, Login::Key("alice", &keys[0]), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &keys[1]), 120, 40).await;
    let carol = Term::connect(addr, Login::Key("carol", &keys[2]), 120, 40).await;
    let dave = Term::connect(addr, Login::Key("dave", &keys[3]), 120, 40).await;
    start_game(&alice, &bob).await;
    alice.wait_text("move 1", 10).await;
    watch_first_game(&carol).await;
    watch_first_game(&dave).await;
    alice.wait_text("2 watching", 10).await;

    // The game ends and both players go back to the lobby: only the spectators keep it.
    alice.send(b"R").await;
    alice.wait_text("Resign this game?", 5).await;
    alice.send(b"y").await;
    for t in [&alice, &bob, &carol, &dave] {
        t.wait_text(" wins", 10).await;
    }
    for t in [&alice, &bob] {
        t.send(b"q").await;
        t.wait_text("Open seeks", 10).await;
    }

    // One spectator drops: the other is counted, and still watching.
    carol.disconnect().await;
    dave.wait_text("1 watching", 10).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let text = dave.text();
    assert!(
        text.contains(" wins") && text.contains("1 watching"),
        "the last spectator still sees the finished game:\n{text}"
    );
    let sessions = server.running.lobby.sessions().await;
    let status = |nick: &str| {
        sessions
            .iter()
            .find(|s| s.nick == nick)
            .map(|s| s.status)
            .expect("online")
    };
    assert!(
        matches!(
            status("dave"),
            stratego_ssh::proto::PlayerStatus::Watching(_)
        ),
        "{sessions:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_terminal_asks_takes_the_seat_and_gives_it_back_when_it_goes() {
    let server = start_server("takeover").await;
    let addr = server.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    start_game(&alice, &bob).await;
    alice.wait_text("move 1", 10).await;

    // Alice's second terminal is asked first (issue 43, item 2): the lobby, and how to
    // take the game; the first terminal keeps it meanwhile.
    let again = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let asked = again.wait_text("is open in your other terminal", 10).await;
    assert!(ScreenBoard::read(&asked).is_none(), "not seated:\n{asked}");
    assert!(
        ScreenBoard::read(&alice.text()).is_some(),
        "{}",
        alice.text()
    );
    // r takes it; the first goes back to the lobby.
    again.send(b"r").await;
    again
        .wait_for("the game", 10, |t| {
            t.contains("you play") && ScreenBoard::read(t).is_some()
        })
        .await;
    let first = alice.wait_text("goes on in your other terminal", 10).await;
    assert!(
        first.contains("you are alice") && ScreenBoard::read(&first).is_none(),
        "the first terminal is back in the lobby:\n{first}"
    );
    // Bob never sees alice as gone.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!bob.text().contains("disconnected"), "{}", bob.text());

    // The second terminal's connection ending gives the game back to the first, which
    // stayed connected: alice is never gone, and her game never abandoned.
    again.disconnect().await;
    alice
        .wait_for("the game back", 10, |t| {
            t.contains("you play") && ScreenBoard::read(t).is_some()
        })
        .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let b = bob.text();
    assert!(
        !b.contains("disconnected") && !b.contains("left the game"),
        "{b}"
    );
}
