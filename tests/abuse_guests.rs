//! Abuse, guests and crashes: nobody gets into a guest's seat but the guest (who comes back
//! with the secret login shown on its own screen), a guest who never comes back loses the
//! game instead of leaving it waiting, and a session that panics still leaves the lobby so
//! the opponent can claim the win. Over real SSH connections.

mod common;

use std::time::Duration;

use common::{new_key, start_game, start_server_with, Login, Term};
use stratego_ssh::rules::EndReason;
use stratego_ssh::server::{self, ServerOptions};

/// The login a guest's screen tells it to come back with: `guest-NNNN-TOKEN`.
fn comeback_login(text: &str) -> Option<String> {
    let at = text.find("come back to your game with")?;
    text[at..].split_whitespace().find_map(|w| {
        let login = w.split('@').next()?;
        let (nick, token) = login.rsplit_once('-')?;
        (nick.starts_with("guest-")
            && token.len() == 16
            && token.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then(|| login.to_string())
    })
}

/// Connects as a guest with `user` and says whether it was put into a game.
async fn seated(addr: std::net::SocketAddr, user: &str) -> bool {
    let t = Term::connect(addr, Login::GuestAs(user), 160, 50).await;
    t.wait_for("the first screen", 10, |t| {
        t.contains("you are ") || t.contains("you play")
    })
    .await;
    // A seat would be handed over right after joining.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let text = t.text();
    t.disconnect().await;
    text.contains("you play")
}

/// Logins that must never seat anyone in the guest's game: its name, its name with a
/// made-up token, and plain guests arriving one after another.
async fn attempts_never_seat(addr: std::net::SocketAddr, nick: &str) {
    let forged = format!("{nick}-0123456789abcdef");
    let mut users = vec![nick.to_string(), forged];
    users.extend((0..12).map(|_| "anyone".to_string()));
    for user in &users {
        assert!(
            !seated(addr, user).await,
            "logging in as {user} must not seat anyone in the guest's game"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_guests_own_login_brings_it_back_before_and_after_a_restart() {
    let server = start_server_with("guest-pass", |o| {
        o.lobby.game.reconnect_grace = Duration::from_secs(120);
    })
    .await;
    let addr = server.running.addr;
    let g = Term::connect(addr, Login::Guest, 160, 50).await;
    let lobby = g.wait_text("come back to your game with", 10).await;
    let login = comeback_login(&lobby).expect("the guest's screen shows its login");
    let nick = login.rsplit_once('-').unwrap().0.to_string();
    assert!(lobby.contains(&nick), "{lobby}");
    common::plays_the_computer(&g).await;
    g.disconnect().await;

    attempts_never_seat(addr, &nick).await;

    // The guest itself comes back with the login its screen showed: the same seat.
    let back = Term::connect(addr, Login::GuestAs(&login), 160, 50).await;
    let text = back
        .wait_for("the game again", 10, |t| t.contains("you play"))
        .await;
    assert!(text.contains(&nick), "the same name:\n{text}");
    back.disconnect().await;

    // After a restart (the game restored from the store) the same holds.
    let common::TestServer { running, dir } = server;
    running.stop().await;
    let opts = ServerOptions {
        listen: "127.0.0.1:0".into(),
        http_listen: "off".into(),
        data_dir: dir.0.join("data"),
        keys_dir: dir.0.join("keys"),
        ..ServerOptions::default()
    };
    let running = server::start(opts).await.expect("restarts");
    let addr = running.addr;
    attempts_never_seat(addr, &nick).await;
    let back = Term::connect(addr, Login::GuestAs(&login), 160, 50).await;
    let text = back
        .wait_for("the game after the restart", 10, |t| t.contains("you play"))
        .await;
    assert!(text.contains(&nick), "{text}");
    back.disconnect().await;
    running.stop().await;
    drop(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_who_does_not_come_back_loses_to_the_one_still_there() {
    let server = start_server_with("guest-gone", |o| {
        o.lobby.game.reconnect_grace = Duration::from_secs(1);
    })
    .await;
    let addr = server.running.addr;
    let g = Term::connect(addr, Login::Guest, 160, 50).await;
    common::plays_the_computer(&g).await;
    g.disconnect().await;
    // The game does not wait for a claim nobody can make: it ends, won by the computer.
    let store = server.running.store.clone();
    let mut finished = None;
    for _ in 0..100 {
        let recent = store.games().recent(None, 5).unwrap();
        if let Some(l) = recent.first() {
            finished = Some(l.clone());
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let game = finished.expect("the game ended and was recorded");
    assert_eq!(game.outcome.reason, EndReason::Abandonment);
    let winner = game.outcome.winner.expect("a winner");
    assert!(
        game.identities.get(winner).bot_level().is_some(),
        "the computer wins: {game:?}"
    );
    // The game task stores the result before the lobby hears that the game ended.
    let mut left = false;
    for _ in 0..50 {
        if server.running.lobby.snapshot().games.is_empty() {
            left = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(left, "the game left the lobby");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_that_panics_leaves_the_game_and_the_opponent_can_claim() {
    let server = start_server_with("session-panic", |o| {
        o.ssh.test_hooks = true;
        o.lobby.game.reconnect_grace = Duration::from_secs(1);
    })
    .await;
    let addr = server.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    start_game(&alice, &bob).await;
    // One move, so that leaving is no free abort.
    let a_text = alice.wait_text("move 1", 10).await;
    let (red, blue) = if a_text.contains("you play Red") {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let rb = common::ScreenBoard::read(&red.wait_text("Your turn", 10).await).unwrap();
    let file = "ABEFIJ"
        .chars()
        .find(|f| common::is_movable_label(rb.at(&format!("{f}4"))))
        .expect("a movable front piece");
    red.send(b"m").await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    red.type_str(&format!("{file}4 {file}5")).await;
    red.send(b"\r").await;
    blue.wait_text("Your turn", 10).await;

    // Blue's session panics (a test-only hook): its connection ends, and the game hears
    // that blue is gone as if the connection had dropped.
    let blue_nick = if std::ptr::eq(blue, &bob) {
        "bob"
    } else {
        "alice"
    };
    blue.send(b"\x1b[?9999;panic~").await;
    red.wait_text("reconnect", 10).await;
    // ... and it is no longer in the lobby: not listed as online.
    let lobby = server.running.lobby.clone();
    let mut listed = true;
    for _ in 0..50 {
        listed = lobby.snapshot().players.iter().any(|p| p.nick == blue_nick);
        if !listed {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(!listed, "{blue_nick} left the lobby after the panic");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    red.send(b"W").await;
    let over = red
        .wait_for("the claimed win", 10, |t| t.contains("abandon"))
        .await;
    assert!(over.contains("win") || over.contains("won"), "{over}");
    // The server still serves: a new player gets the lobby.
    let kc = new_key();
    let carol = Term::connect(addr, Login::Key("carol", &kc), 120, 40).await;
    carol.wait_text("you are ", 10).await;
}
