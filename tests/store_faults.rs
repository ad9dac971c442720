//! Storage faults, through the lobby and the game tasks (no SSH): the store's fault hook
//! ([`Store::faults`]) fails flushes or refuses writes as a full disk does, and the players
//! must lose nothing they were shown, be told clearly, and play on once the disk is back.
//!
//! - a failed flush, then the same move again: one move stored, the game replays after the
//!   store is reopened;
//! - a full disk at the start of play, then during play: play does not start on a game that
//!   is not stored (both players told), moves are refused with a clear message, nothing
//!   shown is lost, play resumes when the disk is back;
//! - a failed result: not shown until stored ("saving the result…"), retried, recorded
//!   once (one rating change each);
//! - a game whose last stored move ended it (a stop between the move and the result, by
//!   an older version): its result is recorded at the next start, once.

mod common;

use common::lobby_client::{join, until, Client};

use std::time::Duration;

use stratego_ssh::game::GameSeat;
use stratego_ssh::lobby::{self, LobbyConfig, LobbyHandle};
use stratego_ssh::proto::{GameCmd, GamePhase, GameTerms, LobbyCmd, PlayerId};
use stratego_ssh::rules::{ByColor, Color, Game, Move, Rules, Setup, SplitMix64, Variant};
use stratego_ssh::store::{LiveGame, SeatRecord, Store};

/// A round trip to the game: once `seat`'s chat `line` is shown, the game has handled
/// everything sent to it before (it handles its commands in order).
async fn round_trip(seat: &mut GameSeat, line: &str) {
    seat.send(GameCmd::Chat(line.into())).await;
    until(seat, line, |s| s.chat.iter().any(|l| l.text == line)).await;
}

fn terms(rated: bool) -> GameTerms {
    GameTerms {
        rules: Rules::standard(Variant::Classic),
        rated,
        clock: None,
        days: None,
        budget: None,
    }
}

/// Alice seeks openly, bob accepts: (alice's client, her seat, bob's client, his seat).
async fn meet(lobby: &LobbyHandle, rated: bool) -> (Client, GameSeat, Client, GameSeat) {
    let (mut alice, mut bob) = (join(lobby, "alice").await, join(lobby, "bob").await);
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: terms(rated),
            private_to: None,
            private: false,
        },
    );
    while !lobby.snapshot().seeks.iter().any(|s| s.id == 1) {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    lobby.command(bob.session, LobbyCmd::Accept(1));
    let (a, _) = alice.next_seat().await;
    let (b, _) = bob.next_seat().await;
    (alice, a, bob, b)
}

async fn submit_setup(seat: &GameSeat, seed: u64) {
    let rules = Rules::standard(Variant::Classic);
    let c = seat.color.unwrap();
    seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
        .await;
}

/// The ply a seat's screen shows.
fn ply(seat: &GameSeat) -> u32 {
    seat.snapshots.borrow().view.as_ref().map_or(0, |v| v.ply)
}

/// Whether `seat` is to move.
fn to_move(seat: &GameSeat) -> bool {
    let s = seat.snapshots.borrow();
    s.view.as_ref().map(|v| v.to_move) == seat.color
}

/// A legal move of the side to move that does not end the game (the first one).
fn a_move(seat: &GameSeat) -> Move {
    let s = seat.snapshots.borrow();
    let v = s.view.as_ref().expect("playing");
    v.legal_moves[0]
}

/// Plays `n` moves, alternating, each seen by both seats before the next.
async fn play_moves(a: &mut GameSeat, b: &mut GameSeat, n: u32) {
    for _ in 0..n {
        let start = ply(a);
        let (mover, _) = if to_move(a) { (&*a, &*b) } else { (&*b, &*a) };
        mover.send(GameCmd::Move(a_move(mover))).await;
        until(a, "the move", |s| {
            s.view.as_ref().is_some_and(|v| v.ply > start)
        })
        .await;
        until(b, "the move", |s| {
            s.view.as_ref().is_some_and(|v| v.ply > start)
        })
        .await;
    }
}

/// The moves both screens show, read back as the game's record: every stored move must
/// be one of them, in order, and every shown one stored.
async fn stored_moves(store: &Store, id: u64) -> Vec<Move> {
    store
        .live()
        .get(id)
        .expect("readable")
        .expect("in progress")
        .moves
}

/// Reopens the directory once the lobby (and every handle on the store) is gone.
async fn reopen(dir: &std::path::Path) -> Store {
    for _ in 0..100 {
        match Store::open(dir) {
            Ok(s) => return s,
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
    panic!("the store could not be reopened");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_flush_then_the_same_move_again_stores_one_move_and_the_game_replays() {
    let dir = common::tempdir::Dir::new("fault-flush");
    let store = Store::open(&dir.0).unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let (mut alice, mut a, mut bob, mut b) = meet(&lobby, false).await;
    submit_setup(&a, 1).await;
    submit_setup(&b, 2).await;
    until(&mut a, "play", |s| s.phase == GamePhase::Playing).await;
    play_moves(&mut a, &mut b, 4).await;
    let id = a.game;

    // The next flush fails: the mover is told, and nobody is shown the move.
    store.faults().fail_next_flushes(1);
    let (mover, client) = if to_move(&a) {
        (&a, &mut alice)
    } else {
        (&b, &mut bob)
    };
    let mv = a_move(mover);
    mover.send(GameCmd::Move(mv)).await;
    let told = client.notice_containing("cannot save moves").await;
    assert!(told.contains("try again"), "{told}");
    assert_eq!(
        (ply(&a), ply(&b)),
        (4, 4),
        "a move not on disk is not shown"
    );

    // The player tries again: the move is played once, and stored once.
    mover.send(GameCmd::Move(mv)).await;
    until(&mut a, "the retried move", |s| {
        s.view.as_ref().is_some_and(|v| v.ply == 5)
    })
    .await;
    until(&mut b, "the retried move", |s| {
        s.view.as_ref().is_some_and(|v| v.ply == 5)
    })
    .await;
    play_moves(&mut a, &mut b, 1).await;
    let shown = a.snapshots.borrow().view.as_ref().unwrap().ply;
    assert_eq!(shown, 6);
    let moves = stored_moves(&store, id).await;
    assert_eq!(moves.len(), 6, "one stored move per ply: {moves:?}");
    assert_eq!(moves[4], mv);

    // After a restart the game replays to the position both players saw.
    lobby.shutdown().await;
    drop((a, b, alice, bob, lobby));
    drop(store);
    let store = reopen(&dir.0).await;
    let back = store.live().get(id).unwrap().expect("still in progress");
    assert_eq!(back.moves.len(), 6);
    let game = back.record().replay().expect("the stored game replays");
    assert_eq!(game.ply(), 6);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_refuses_clearly_loses_nothing_shown_and_play_resumes() {
    let dir = common::tempdir::Dir::new("fault-full");
    let store = Store::open(&dir.0).unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let (mut alice, mut a, mut bob, mut b) = meet(&lobby, false).await;
    let id = a.game;

    // The disk is full when both set-ups are in: play does not start, both are told.
    store.faults().disk_full();
    submit_setup(&a, 1).await;
    until(&mut b, "alice ready", |s| {
        s.seats.get(a.color.unwrap()).ready
    })
    .await;
    submit_setup(&b, 2).await;
    let told_alice = alice.notice_containing("could not save the game").await;
    let told_bob = bob.notice_containing("could not save the game").await;
    assert!(told_bob.contains("ready again"), "{told_bob}");
    assert_eq!(told_alice, told_bob);
    round_trip(&mut a, "after the refused set-up").await;
    assert_eq!(a.snapshots.borrow().phase, GamePhase::Setup);
    assert_eq!(b.snapshots.borrow().phase, GamePhase::Setup);
    assert!(store.live().get(id).unwrap().is_none());

    // The disk is back: bob readies again and play starts, stored.
    store.faults().clear();
    submit_setup(&b, 2).await;
    until(&mut a, "play", |s| s.phase == GamePhase::Playing).await;
    assert!(store.live().get(id).unwrap().is_some());
    play_moves(&mut a, &mut b, 3).await;

    // Full again during play: the move is refused, told in plain words, nothing changes.
    store.faults().disk_full();
    let (mover, client) = if to_move(&a) {
        (&a, &mut alice)
    } else {
        (&b, &mut bob)
    };
    mover.send(GameCmd::Move(a_move(mover))).await;
    let told = client.notice_containing("cannot save moves").await;
    assert!(told.contains("was not played"), "{told}");
    round_trip(&mut a, "after the refused move").await;
    assert_eq!((ply(&a), ply(&b)), (3, 3));
    let shown_moves = {
        let s = a.snapshots.borrow();
        s.history.len()
    };
    assert_eq!(shown_moves, 3);
    assert_eq!(
        stored_moves(&store, id).await.len(),
        3,
        "nothing shown lost"
    );

    // The disk is back: play resumes where it was.
    store.faults().clear();
    play_moves(&mut a, &mut b, 2).await;
    assert_eq!(ply(&a), 5);
    let moves = stored_moves(&store, id).await;
    assert_eq!(moves.len(), 5);
    lobby.shutdown().await;
    drop((a, b, alice, bob, lobby));
    drop(store);
    let store = reopen(&dir.0).await;
    let back = store.live().get(id).unwrap().expect("still in progress");
    assert_eq!(back.moves, moves);
    assert_eq!(back.record().replay().expect("replays").ply(), 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_result_is_not_shown_until_stored_then_recorded_once() {
    let dir = common::tempdir::Dir::new("fault-result");
    let store = Store::open(&dir.0).unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let (mut alice, mut a, mut bob, mut b) = meet(&lobby, true).await;
    submit_setup(&a, 3).await;
    submit_setup(&b, 4).await;
    until(&mut a, "play", |s| s.phase == GamePhase::Playing).await;
    play_moves(&mut a, &mut b, 2).await;
    let id = a.game;

    // Alice resigns while the disk fails the next flush: the result is not shown, both are
    // told it is being saved.
    store.faults().fail_next_flushes(1);
    a.send(GameCmd::Resign).await;
    alice.notice_containing("saving the result").await;
    bob.notice_containing("saving the result").await;
    assert_ne!(a.snapshots.borrow().phase, GamePhase::Over);
    assert_ne!(b.snapshots.borrow().phase, GamePhase::Over);
    // Moves wait too.
    let mover = if to_move(&a) { &a } else { &b };
    mover.send(GameCmd::Move(a_move(mover))).await;

    // The retry stores it: the end is shown, with the rating change.
    until(&mut b, "the result", |s| s.phase == GamePhase::Over).await;
    until(&mut a, "the result", |s| s.phase == GamePhase::Over).await;
    let snap = b.snapshots.borrow().clone();
    assert_eq!(
        snap.view.as_ref().unwrap().ply,
        2,
        "no move after the resignation"
    );
    let (ac, bc) = (a.color.unwrap(), b.color.unwrap());
    let (loser, winner) = (snap.seats.get(ac), snap.seats.get(bc));
    assert!(
        loser.rating_change.is_some_and(|d| d < 0) && winner.rating_change.is_some_and(|d| d > 0),
        "{loser:?} {winner:?}"
    );

    // Recorded once: the game, one rating period each, nothing left in progress.
    let finished = store.games().get(id).unwrap().expect("recorded");
    assert_eq!(finished.outcome.winner, Some(bc));
    assert_eq!(finished.record.moves.len(), 2);
    for nick in ["alice", "bob"] {
        let who = PlayerId::Key(format!("SHA256:{nick}"));
        assert_eq!(
            store
                .ratings()
                .history(&who, Variant::Classic)
                .unwrap()
                .len(),
            1,
            "{nick} rated once"
        );
        assert_eq!(
            store
                .ratings()
                .get(&who, Variant::Classic)
                .unwrap()
                .map(|r| r.games),
            Some(1)
        );
    }
    assert!(store.live().get(id).unwrap().is_none());
    lobby.shutdown().await;
}

/// A Barrage game played at random to its end: set-ups and moves.
fn a_finished_game() -> (Setup, Setup, Game) {
    let rules = Rules::standard(Variant::Barrage);
    for seed in 1.. {
        let mut rng = SplitMix64(seed);
        let red = Setup::random(&rules, Color::Red, rng.next());
        let blue = Setup::random(&rules, Color::Blue, rng.next());
        let mut g = Game::new(rules, &red, &blue).expect("valid set-ups");
        while !g.is_over() && g.ply() < 2000 {
            let legal = g.legal_moves();
            g.play(legal[rng.below(legal.len())]).expect("legal");
        }
        if g.is_over() && g.ply() > 0 {
            return (red, blue, g);
        }
    }
    unreachable!()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restored_game_already_over_gets_its_result_recorded_once() {
    let dir = common::tempdir::Dir::new("fault-restored-over");
    let (red, blue, g) = a_finished_game();
    let seat = |n: &str| SeatRecord {
        identity: PlayerId::Key(format!("SHA256:{n}")),
        nick: n.into(),
    };
    let id = 7;
    {
        // As an older version left it: every move stored, the last one ending the game,
        // and the server stopped before the result was.
        let store = Store::open(&dir.0).unwrap();
        store
            .live()
            .save(&LiveGame {
                id,
                terms: GameTerms {
                    rules: Rules::standard(Variant::Barrage),
                    rated: true,
                    clock: None,
                    days: None,
                    budget: None,
                },
                seats: ByColor::new(seat("alice"), seat("bob")),
                red,
                blue,
                moves: vec![],
                clocks: None,
                started: 1,
                private: false,
                turn_since: None,
                turn_starts: vec![],
            })
            .await
            .unwrap();
        for (mv, ply) in g.moves().zip(1..) {
            store.live().append_move(id, ply, mv, None).await.unwrap();
        }
    }
    let store = reopen(&dir.0).await;
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let mut recorded = None;
    for _ in 0..100 {
        recorded = store.games().get(id).unwrap();
        if recorded.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let recorded = recorded.expect("the result is recorded at start");
    assert_eq!(Some(recorded.outcome), g.outcome());
    assert_eq!(recorded.record.moves.len(), g.ply() as usize);
    assert!(store.live().get(id).unwrap().is_none());
    let alice = PlayerId::Key("SHA256:alice".into());
    let history = || store.ratings().history(&alice, Variant::Barrage).unwrap();
    assert_eq!(history().len(), 1);

    // The next start has nothing to restore or record.
    lobby.shutdown().await;
    drop(lobby);
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(lobby.snapshot().games.iter().all(|g| g.id != id));
    assert_eq!(history().len(), 1, "rated once");
    lobby.shutdown().await;
}

/// A move refused because its flush failed is taken back: a later flush that works does
/// not write it, and after a restart the game has only the moves that were accepted (the
/// players were told the refused one was not played).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_refused_by_a_failed_flush_is_not_written_by_a_later_flush() {
    let dir = common::tempdir::Dir::new("fault-refused-move");
    let (red, blue, g) = a_finished_game();
    let moves: Vec<Move> = g.moves().collect();
    assert!(moves.len() > 4);
    let seat = |n: &str| SeatRecord {
        identity: PlayerId::Key(format!("SHA256:{n}")),
        nick: n.into(),
    };
    let id = 9;
    {
        let store = Store::open(&dir.0).unwrap();
        store
            .live()
            .save(&LiveGame {
                id,
                terms: GameTerms {
                    rules: Rules::standard(Variant::Barrage),
                    rated: false,
                    clock: None,
                    days: None,
                    budget: None,
                },
                seats: ByColor::new(seat("alice"), seat("bob")),
                red,
                blue,
                moves: vec![],
                clocks: None,
                started: 1,
                private: false,
                turn_since: None,
                turn_starts: vec![],
            })
            .await
            .unwrap();
        for (mv, ply) in moves[..3].iter().zip(1..) {
            store.live().append_move(id, ply, *mv, None).await.unwrap();
        }
        store.faults().fail_next_flushes(1);
        assert!(
            store
                .live()
                .append_move(id, 4, moves[3], None)
                .await
                .is_err(),
            "the flush of move 4 fails"
        );
        // Something else is written and flushed fine afterwards.
        store.flush().await.expect("the disk is back");
        assert_eq!(stored_moves(&store, id).await.len(), 3);
    }
    let store = reopen(&dir.0).await;
    let back = store.live().get(id).unwrap().expect("still in progress");
    assert_eq!(
        back.moves,
        moves[..3].to_vec(),
        "the refused move is not replayed"
    );
    // The player may play it again: it is stored under the same ply.
    store
        .live()
        .append_move(id, 4, moves[3], None)
        .await
        .unwrap();
    assert_eq!(stored_moves(&store, id).await.len(), 4);
}
