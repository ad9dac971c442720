//! Issue 34: a newcomer's first game, over real SSH connections, as a new user tries it
//! (a key's first login keeps the offered name with Enter, then presses Enter again, as the
//! README and the lobby teach).

mod common;

use std::time::Duration;

use common::{new_key, start_server, Login, Term};

/// HIGH 1: with a stranger's rated seek open, the newcomer's second Enter does what the
/// lobby says ("Enter play the computer"): a casual game against the computer, not a rated
/// game against carol.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomers_enter_plays_the_computer_even_with_a_seek_open() {
    let server = start_server("newcomer-enter").await;
    let addr = server.running.addr;
    let (kc, kn) = (new_key(), new_key());
    let carol = Term::connect(addr, Login::Key("carol", &kc), 80, 24).await;
    carol.wait_text("no open seeks", 10).await;
    carol.send(b"n").await;
    carol.wait_text("Variant", 5).await;
    carol.send(b"\r").await; // a rated Classic seek, 10+5
    carol.wait_text("Open seeks (1)", 10).await;

    // The welcome card's Enter keeps the name (Term::connect does it).
    let newbie = Term::connect(addr, Login::Key("newbie", &kn), 80, 24).await;
    let lobby = newbie
        .wait_for("carol's seek in the lobby", 10, |t| {
            t.contains("Open seeks (1)") && t.contains("carol")
        })
        .await;
    assert!(
        lobby.contains("Enter play the computer"),
        "the lobby says what Enter does:\n{lobby}"
    );
    newbie.send(b"\r").await;
    let shown = newbie.wait_text("Set up your army", 10).await;
    assert!(
        shown.contains("casual") && !shown.contains("rated"),
        "a casual game against the computer:\n{shown}"
    );
    assert!(!shown.contains("carol"), "not carol's game:\n{shown}");
    // carol's seek is still open: she was not pulled into a game.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let c = carol.text();
    assert!(
        c.contains("Open seeks (1)") && !c.contains("Set up your army"),
        "{c}"
    );
}
