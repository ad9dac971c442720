//! The game task's side of notes (issue 47), through the lobby and real seats, no
//! network: the game checks every note itself against the noting seat's own view (the
//! clients check first, but the game is the last word), puts a note into that seat's
//! snapshot alone (never the opponent's, never a spectator's), stores the seat's log, and
//! refuses notes once the game is over.

mod common;

use common::lobby_client::{join, until};
use stratego_ssh::lobby::{self, LobbyConfig};
use stratego_ssh::proto::{GameCmd, GamePhase, GameTerms, LobbyCmd};
use stratego_ssh::rules::{Color, Guess, Rank, Rules, Setup, Square, Variant};
use stratego_ssh::store::Store;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_checks_each_note_and_shows_it_to_its_seat_alone() {
    let store = Store::temporary().unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let mut alice = join(&lobby, "alice").await;
    let mut bob = join(&lobby, "bob").await;
    let mut carol = join(&lobby, "carol").await;
    let rules = Rules::standard(Variant::Classic);
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: GameTerms {
                rules,
                rated: false,
                clock: None,
                days: None,
                budget: None,
            },
            private_to: None,
            private: false,
        },
    );
    common::lobby_client::until_lobby(&lobby, "the seek", |l| !l.seeks.is_empty()).await;
    let id = lobby.snapshot().seeks[0].id;
    lobby.command(bob.session, LobbyCmd::Accept(id));
    let (mut a, _) = alice.next_seat().await;
    let (mut b, _) = bob.next_seat().await;
    let game = a.game;
    for (seat, seed) in [(&a, 1), (&b, 2)] {
        let c = seat.color.unwrap();
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
            .await;
    }
    until(&mut a, "play", |s| s.phase == GamePhase::Playing).await;
    until(&mut b, "play", |s| s.phase == GamePhase::Playing).await;
    lobby.command(carol.session, LobbyCmd::Spectate(game));
    let (mut c, _) = carol.next_seat().await;
    assert_eq!(c.color, None);

    let me = a.color.unwrap();
    let (own, enemy) = match me {
        Color::Red => ("A1", "A10"),
        Color::Blue => ("A10", "A1"),
    };
    // Refused by the game, in words, and nothing changes.
    for (square, guess, says) in [
        (
            own,
            Some(Guess::NotBomb),
            format!("{own} is your own piece"),
        ),
        (
            "E5",
            Some(Guess::Moved),
            "there is no piece on E5".to_string(),
        ),
        (enemy, None, format!("there is no note on {enemy}")),
    ] {
        a.send(GameCmd::Note(sq(square), guess)).await;
        alice.notice_containing(&says).await;
    }
    assert!(a.snapshots.borrow().notes.is_empty());

    // A note: in alice's snapshot, stored, and in nobody else's.
    let bomb = Guess::Ranks(vec![Rank::Bomb]);
    a.send(GameCmd::Note(sq(enemy), Some(bomb.clone()))).await;
    until(&mut a, "alice's note", |s| {
        s.notes.get(sq(enemy)) == Some(&bomb)
    })
    .await;
    let log = store.notes().get(game, me).unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].square, sq(enemy));
    assert!(store.notes().get(game, me.opposite()).unwrap().is_empty());
    // A spectator's note is no note.
    c.send(GameCmd::Note(sq(enemy), Some(Guess::Moved))).await;
    // One move later every snapshot has been sent again: none but alice's has a note.
    let mover = if me == Color::Red { &a } else { &b };
    let mv = mover.snapshots.borrow().view.as_ref().unwrap().legal_moves[0];
    mover.send(GameCmd::Move(mv)).await;
    until(&mut b, "the move", |s| {
        s.view.as_ref().is_some_and(|v| v.ply == 1)
    })
    .await;
    until(&mut c, "the move", |s| {
        s.view.as_ref().is_some_and(|v| v.ply == 1)
    })
    .await;
    until(&mut a, "the move", |s| {
        s.view.as_ref().is_some_and(|v| v.ply == 1)
    })
    .await;
    assert!(b.snapshots.borrow().notes.is_empty(), "the opponent's");
    assert!(c.snapshots.borrow().notes.is_empty(), "the spectator's");
    assert_eq!(a.snapshots.borrow().notes.get(sq(enemy)), Some(&bomb));
    assert!(store.notes().get(game, me.opposite()).unwrap().is_empty());

    // Over: refused, and every note is gone with every rank shown.
    b.send(GameCmd::Resign).await;
    until(&mut a, "over", |s| s.phase == GamePhase::Over).await;
    assert!(a.snapshots.borrow().notes.is_empty());
    a.send(GameCmd::Note(sq(enemy), Some(Guess::Moved))).await;
    alice.notice_containing("notes are made during play").await;
}
