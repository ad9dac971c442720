//! A finished private game on the SSH screens' profiles (issue 43): its two players find it
//! in their own and each other's profile (`p`) and replay it (Enter); another player
//! finds it in neither. Over real SSH sessions.

mod common;

use common::web::{finish, played};
use common::{fingerprint, new_key, start_server, Login, Term};

use stratego_ssh::proto::PlayerId;
use stratego_ssh::rules::Color;

/// `p` opens a profile: with `first_player`, that of the first in the players list (Left,
/// Home), else mine. Returns the screen once its recent games are shown.
async fn open_profile(t: &Term, first_player: bool) -> String {
    if first_player {
        t.send(b"\x1b[D").await;
        t.send(b"\x1b[H").await;
    }
    t.send(b"p").await;
    t.wait_text("Recent games", 10).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn its_players_find_a_private_game_in_their_profiles_on_the_screens() {
    let srv = start_server("private-profile").await;
    let addr = srv.running.addr;
    let (ka, kb, kc) = (new_key(), new_key(), new_key());
    // Each claims a nick (the welcome card's offer).
    for (n, k) in [("alice", &ka), ("bob", &kb), ("carol", &kc)] {
        let t = Term::connect(addr, Login::Key(n, k), 120, 40).await;
        t.wait_text(&format!("you are {n}"), 10).await;
        t.disconnect().await;
    }
    let id = |k| PlayerId::Key(fingerprint(k));
    let (a, b) = (id(&ka), id(&kb));
    // Game 4: private, alice against bob; game 5: public, the same two.
    let record = played(4, 10, Color::Blue);
    finish(
        &srv.running.store,
        4,
        (&a, "alice"),
        (&b, "bob"),
        &record,
        false,
        true,
    )
    .await;
    finish(
        &srv.running.store,
        5,
        (&a, "alice"),
        (&b, "bob"),
        &record,
        false,
        false,
    )
    .await;

    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    alice.wait_text("you are alice", 10).await;
    let shown = open_profile(&alice, false).await;
    let shown = if shown.contains("#4") {
        shown
    } else {
        alice.wait_text("#4", 10).await
    };
    assert!(shown.contains("#5"), "{shown}");
    // Enter replays the first listed (the newest, 5); Down then Enter the private one.
    alice.send(b"\x1b[B").await;
    alice.send(b"\r").await;
    let replay = alice
        .wait_for("the replay", 10, |t| {
            t.contains("Replay") && !t.contains("Recent games")
        })
        .await;
    assert!(replay.contains("#4"), "{replay}");
    // Back to the lobby: alice stays online for carol to select.
    for _ in 0..3 {
        alice.send(b"\x1b").await;
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }

    let carol = Term::connect(addr, Login::Key("carol", &kc), 120, 40).await;
    carol.wait_text("you are carol", 10).await;
    carol.wait_text("alice", 10).await;
    let shown = open_profile(&carol, true).await;
    let shown = if shown.contains("#5") {
        shown
    } else {
        carol.wait_text("#5", 10).await
    };
    assert!(shown.contains("alice") && !shown.contains("#4"), "{shown}");
    carol.disconnect().await;
    alice.disconnect().await;
}
