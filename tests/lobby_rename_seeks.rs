//! Seeks and challenges are kept by the players' identities: a player who changes their
//! name keeps their seeks and challenges, shown under the new name, and may still accept
//! a challenge made to them before the rename.

mod common;

use std::time::Duration;

use common::lobby_client::join;

use stratego_ssh::game::SessionEvent;
use stratego_ssh::lobby::{self, LobbyConfig};
use stratego_ssh::proto::{GameTerms, LobbyCmd, Seek};
use stratego_ssh::rules::{Rules, Variant};
use stratego_ssh::store::Store;

fn terms() -> GameTerms {
    GameTerms {
        rules: Rules::standard(Variant::Classic),
        rated: false,
        clock: None,
        days: None,
        budget: None,
    }
}

/// The challenges a client is sent, until one satisfies `pred`.
async fn challenges_until(
    c: &mut common::lobby_client::Client,
    what: &str,
    pred: impl Fn(&[Seek]) -> bool,
) -> Vec<Seek> {
    tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            if let Some(SessionEvent::Challenges(list)) = c.events.recv().await {
                if pred(&list) {
                    return list;
                }
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("waiting for: {what}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_renamed_player_keeps_their_seeks_and_may_accept_a_challenge_made_before() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);

    // Bob's open seek, then alice's challenge to bob.
    lobby.command(
        bob.session,
        LobbyCmd::Seek {
            terms: GameTerms {
                rated: false,
                clock: None,
                days: None,
                budget: None,
                rules: Rules::standard(Variant::Barrage),
            },
            private_to: None,
            private: false,
        },
    );
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: terms(),
            private_to: Some("bob".into()),
            private: false,
        },
    );
    challenges_until(&mut bob, "alice's challenge", |l| {
        l.iter()
            .any(|s| s.owner == "alice" && s.private_to.as_deref() == Some("bob"))
    })
    .await;

    lobby.renamed(bob.session, "robert".into());
    // The challenge now names robert, for both of them; his open seek goes by his new name.
    let list = challenges_until(&mut bob, "the challenge under the new name", |l| {
        l.iter().any(|s| s.private_to.as_deref() == Some("robert"))
    })
    .await;
    let id = list[0].id;
    challenges_until(&mut alice, "alice sees robert challenged", |l| {
        l.iter().any(|s| s.private_to.as_deref() == Some("robert"))
    })
    .await;
    tokio::time::timeout(Duration::from_secs(5), async {
        while !lobby
            .snapshot()
            .seeks
            .iter()
            .any(|s| s.owner == "robert" && s.terms.rules.variant == Variant::Barrage)
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("bob's open seek shown under robert");

    // Robert accepts the challenge made to bob: a game between them.
    lobby.command(bob.session, LobbyCmd::Accept(id));
    let (seat, notices) = bob.next_seat().await;
    assert!(notices.is_empty(), "{notices:?}");
    let (alice_seat, _) = alice.next_seat().await;
    assert_eq!(seat.game, alice_seat.game);
    lobby.shutdown().await;
}
