//! A seat the lobby hands to a session arrives even when the session's queue is full at
//! that moment (it used to be dropped silently: the player was seated but never shown the
//! game).

mod common;

use std::time::Duration;

use common::lobby_client::{ident, join};
use tokio::sync::mpsc;

use stratego_ssh::game::SessionEvent;
use stratego_ssh::lobby::{self, LobbyConfig};
use stratego_ssh::proto::{GameTerms, LobbyCmd};
use stratego_ssh::rules::{Rules, Variant};
use stratego_ssh::store::Store;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_reaches_a_session_whose_queue_was_full() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let mut alice = join(&lobby, "alice").await;
    // Bob's queue holds one event, and he reads nothing until he has accepted.
    let (tx, mut bob_events) = mpsc::channel(1);
    let bob = lobby.connect(ident("bob"), tx).await.expect("joins");
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: GameTerms {
                rules: Rules::standard(Variant::Classic),
                rated: false,
                clock: None,
                days: None,
                budget: None,
            },
            private_to: Some("bob".into()),
            private: false,
        },
    );
    // The challenge (or an earlier event) fills bob's queue.
    tokio::time::timeout(Duration::from_secs(5), async {
        while bob_events.is_empty() {
            tokio::task::yield_now().await;
        }
    })
    .await
    .expect("bob's queue fills");
    lobby.command(bob.session, LobbyCmd::Accept(1));
    let (alice_seat, _) = alice.next_seat().await;

    let seat = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match bob_events.recv().await.expect("the lobby is there") {
                SessionEvent::EnterGame(seat) => return seat,
                _ => continue,
            }
        }
    })
    .await
    .expect("bob is handed his seat although his queue was full");
    assert_eq!(seat.game, alice_seat.game);
    assert_eq!(seat.color, Some(alice_seat.color.unwrap().opposite()));
}
