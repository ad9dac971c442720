//! A guest's way back into its game (issue 43): the command stays in the help after its
//! notice is gone (`?` on the screens, `help` in lines), the line mode's comes back to the
//! line mode (`… play`), and a pass that brings back no game is said to be unknown rather
//! than silently making a new guest.

mod common;

use common::line::LineClient;
use common::{Login, Term};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_comeback_command_stays_in_the_help_and_a_wrong_pass_is_told() {
    let srv = common::start_server("guest-comeback").await;
    let addr = srv.running.addr;

    // The screens: the notice goes at the first key; `?` still shows the command.
    let g = Term::connect(addr, Login::Guest, 120, 40).await;
    g.wait_text("if you drop", 10).await;
    g.send(b"j").await;
    g.send(b"?").await;
    let help = g.wait_text("Back after a drop", 5).await;
    assert!(help.contains("PubkeyAuthentication=no"), "{help}");

    // The line mode: `help` ends with the command, which comes back to the line mode.
    let mut l = LineClient::open(addr, Login::Guest, "play --lang en").await;
    l.until_has("lobby>", 10).await;
    l.send("help").await;
    let lines = l.until_has("come back to your game with", 5).await;
    let last = lines.last().unwrap();
    assert!(
        last.contains("ssh -o PubkeyAuthentication=no") && last.ends_with(" play"),
        "{last}"
    );

    // A pass no game waits for (mistyped): told, with the new guest's name.
    let mut wrong = LineClient::open(
        addr,
        Login::GuestAs("guest-1234-abcdefghabcdefgh"),
        "play --lang en",
    )
    .await;
    let lines = wrong.until_has("lobby>", 10).await;
    assert!(
        lines
            .iter()
            .any(|l| l.contains("No game of yours waits for that pass")),
        "{lines:?}"
    );
    // An ordinary guest (no pass in its name) is told nothing of the kind.
    let mut plain = LineClient::open(addr, Login::Guest, "play --lang en").await;
    let lines = plain.until_has("lobby>", 10).await;
    assert!(
        !lines.iter().any(|l| l.contains("waits for that pass")),
        "{lines:?}"
    );
}
