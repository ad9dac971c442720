//! Keeping things: a rated game over SSH updates ratings, the leaderboard and the player's
//! game list; its replay is there as text, as archive XML and on screen.

mod common;

use std::time::Duration;

use common::{exec, is_movable_label, new_key, start_server, Login, ScreenBoard, Term};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_is_rated_listed_and_replayable() {
    let server = start_server("stored").await;
    let addr = server.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    alice.wait_text("no open seeks", 10).await;
    alice.send(b"n").await;
    alice.wait_text("Variant", 5).await;
    let form = alice.text();
    assert!(
        form.contains("< rated >"),
        "key players seek rated games by default:\n{form}"
    );
    alice.send(b"\r").await;
    bob.wait_for("the seek", 10, |t| {
        t.contains("Classic") && t.contains("alice")
    })
    .await;
    bob.send(b"j").await; // alice's seek, under the computer's row
    tokio::time::sleep(Duration::from_millis(50)).await;
    bob.send(b"\r").await;
    for t in [&alice, &bob] {
        t.wait_text("Set up your army", 10).await;
        t.send(b"r").await;
        t.wait_text("40 of 40 placed", 5).await;
        t.send(b"d").await;
    }
    let a_text = alice.wait_text("move 1", 10).await;
    let (red, blue, red_nick) = if a_text.contains("you play Red") {
        (&alice, &bob, "alice")
    } else {
        (&bob, &alice, "bob")
    };
    let rb = ScreenBoard::read(&red.wait_text("Your turn", 10).await).unwrap();
    let file = "ABEFIJ"
        .chars()
        .find(|f| is_movable_label(rb.at(&format!("{f}4"))))
        .unwrap();
    red.send(b"m").await;
    red.type_str(&format!("{file}4 {file}5")).await;
    red.send(b"\r").await;
    blue.wait_text("Your turn", 10).await;
    // Blue resigns.
    blue.send(b"R").await;
    blue.wait_text("Resign this game?", 5).await;
    blue.send(b"y").await;
    red.wait_text("You won!", 10).await;
    blue.wait_text("You lost", 10).await;
    tokio::time::sleep(Duration::from_millis(200)).await;

    let (board, status) = exec(addr, "alice", &ka, "leaderboard classic").await;
    assert_eq!(status, Some(0), "{board}");
    let lines: Vec<&str> = board.lines().collect();
    assert!(lines[0].contains("rating"), "{board}");
    assert!(lines[1].contains(red_nick), "the winner leads:\n{board}");
    let winner_rating: i32 = lines[1].split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(winner_rating > 1500, "{board}");

    let (games, _) = exec(addr, "bob", &kb, "games alice").await;
    let row = games.lines().nth(1).expect("one game listed");
    assert!(row.contains("resignation"), "{games}");
    let id = row.split_whitespace().next().unwrap().to_string();

    let (text, status) = exec(addr, "bob", &kb, &format!("replay {id}")).await;
    assert_eq!(status, Some(0), "{text}");
    assert!(text.contains(&format!("1. {file}4 {file}5")), "{text}");
    let (xml, status) = exec(addr, "bob", &kb, &format!("replay {id} --format gravon")).await;
    assert_eq!(status, Some(0));
    assert!(
        xml.contains("<stratego>") && xml.contains("<move id=\"1\""),
        "{xml}"
    );

    // On screen: back to the lobby, my games, open the replay, step to the end.
    alice.send(b"q").await;
    alice.wait_text("Open seeks", 10).await;
    alice.send(b"G").await;
    alice.wait_text("resign", 10).await;
    alice.send(b"\r").await;
    alice.wait_text("everything revealed", 10).await;
    alice.send(b"\x1b[F").await; // End
    let end = alice.wait_text("1 / 1", 10).await;
    let b = ScreenBoard::read(&end).expect("the replay board");
    assert!(
        !b.cells.iter().flatten().any(|c| c == "■"),
        "everything revealed:\n{end}"
    );
}
