//! The lobby actor driven directly (no SSH): where sessions are, and that it keeps
//! answering while the disk is busy. The tests that wait for seeks to age run on paused
//! tokio time (it moves on at once whenever the actors are idle); those that wait for the
//! store to flush a game cannot (its writes finish on threads the paused clock does not
//! see, so it would jump past every timeout).

mod common;

use common::lobby_client::{ident, join, until, until_lobby, Client};

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use stratego_ssh::game::{GameSeat, SessionEvent};
use stratego_ssh::lobby::{self, LobbyConfig, LobbyHandle, SessionId};
use stratego_ssh::proto::{
    GameCmd, GamePhase, GameTerms, LobbyCmd, PlayerId, PlayerStatus, SavedSetup,
};
use stratego_ssh::rules::{Color, EndReason, Rules, Setup, Variant};
use stratego_ssh::service::Service;
use stratego_ssh::store::Store;

impl Client {
    /// Waits until this session is sent a challenge numbered `id`.
    async fn challenge(&mut self, id: u64) {
        loop {
            let ev = tokio::time::timeout(Duration::from_secs(5), self.events.recv())
                .await
                .expect("the challenge in time")
                .expect("the lobby is there");
            if let SessionEvent::Challenges(list) = ev {
                if list.iter().any(|s| s.id == id) {
                    return;
                }
            }
        }
    }
}

fn terms() -> GameTerms {
    GameTerms {
        rules: Rules::standard(Variant::Classic),
        rated: false,
        clock: None,
        days: None,
        budget: None,
    }
}

async fn status(lobby: &LobbyHandle, session: SessionId) -> PlayerStatus {
    lobby
        .sessions()
        .await
        .into_iter()
        .find(|s| s.session == session)
        .expect("online")
        .status
}

/// Alice seeks (privately to bob, or openly), bob accepts: both seats. Seeks are numbered
/// from 1 in each lobby: `nth` is this seek's number.
async fn start_game(
    lobby: &LobbyHandle,
    alice: &mut Client,
    bob: &mut Client,
    private: bool,
    nth: u64,
) -> (GameSeat, GameSeat) {
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: terms(),
            private_to: private.then(|| "bob".to_string()),
            private,
        },
    );
    // The seek's number: the lobby's snapshot shows it within its publishing interval.
    if private {
        // A challenge is not in the shared snapshot: bob is sent it.
        bob.challenge(nth).await;
    } else {
        while !lobby.snapshot().seeks.iter().any(|s| s.id == nth) {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    lobby.command(bob.session, LobbyCmd::Accept(nth));
    (alice.next_seat().await.0, bob.next_seat().await.0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watching_a_game_that_refuses_never_marks_the_session_watching() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let mut carol = join(&lobby, "carol").await;
    let (seat, _bob_seat) = start_game(&lobby, &mut alice, &mut bob, true, 1).await;
    assert_eq!(
        status(&lobby, alice.session).await,
        PlayerStatus::Playing(seat.game)
    );

    // A private game: as one that does not exist.
    lobby.command(carol.session, LobbyCmd::Spectate(seat.game));
    assert_eq!(carol.next_notice().await, "that game has ended");
    assert_eq!(status(&lobby, carol.session).await, PlayerStatus::Idle);

    // A game that does not exist (any more) refuses too.
    lobby.command(carol.session, LobbyCmd::Spectate(seat.game + 100));
    assert_eq!(carol.next_notice().await, "that game has ended");
    assert_eq!(status(&lobby, carol.session).await, PlayerStatus::Idle);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_is_watching_once_the_game_took_it_and_until_its_seat_is_dropped() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let mut carol = join(&lobby, "carol").await;
    let (seat, _bob_seat) = start_game(&lobby, &mut alice, &mut bob, false, 1).await;
    lobby.command(carol.session, LobbyCmd::Spectate(seat.game));
    let (watching, _) = carol.next_seat().await;
    assert_eq!(watching.color, None);
    assert_eq!(
        status(&lobby, carol.session).await,
        PlayerStatus::Watching(seat.game)
    );
    let counted = |seat: &GameSeat| seat.snapshots.borrow().spectators;
    let mut seen = seat.snapshots.clone();
    while counted(&seat) != 1 {
        tokio::time::timeout(Duration::from_secs(5), seen.changed())
            .await
            .expect("the count is published")
            .unwrap();
    }
    drop(watching);
    while counted(&seat) != 0 {
        tokio::time::timeout(Duration::from_secs(5), seen.changed())
            .await
            .expect("the count is published")
            .unwrap();
    }
    assert_eq!(status(&lobby, carol.session).await, PlayerStatus::Idle);
}

/// Plays one move of the side to move (the first legal one); how long until the other
/// seat's snapshot shows it. `None` when the game is over.
async fn one_move(a: &mut GameSeat, b: &mut GameSeat) -> Option<Duration> {
    let snap = a.snapshots.borrow().clone();
    let view = snap.view.as_ref()?;
    if snap.phase != GamePhase::Playing {
        return None;
    }
    let (mover, other) = if Some(view.to_move) == a.color {
        (a, b)
    } else {
        (b, a)
    };
    let snap = mover.snapshots.borrow().clone();
    let view = snap.view.as_ref()?;
    let ply = view.ply;
    let mv = *view.legal_moves.first()?;
    let started = Instant::now();
    mover.send(GameCmd::Move(mv)).await;
    loop {
        let shown = other.snapshots.borrow().view.as_ref().map(|v| v.ply);
        if shown.is_some_and(|p| p > ply) {
            return Some(started.elapsed());
        }
        tokio::time::timeout(Duration::from_secs(10), other.snapshots.changed())
            .await
            .expect("the move arrives")
            .ok()?;
    }
}

fn ms(d: &[Duration]) -> String {
    let mut v: Vec<f64> = d.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => "no moves".into(),
        n => format!("median {:.2} ms, max {:.2} ms over {n}", v[n / 2], v[n - 1]),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_answers_and_moves_go_on_while_200_setup_saves_and_50_nick_grants_are_in_flight()
{
    let dir = common::tempdir::Dir::new("busy-disk");
    let store = Store::open(&dir.0).unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let service = Service::new(store, lobby.clone());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let (mut a, mut b) = start_game(&lobby, &mut alice, &mut bob, false, 1).await;
    let rules = Rules::standard(Variant::Classic);
    for (seat, seed) in [(&a, 1), (&b, 2)] {
        let c = seat.color.unwrap();
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
            .await;
    }
    while a.snapshots.borrow().phase != GamePhase::Playing {
        a.snapshots.changed().await.unwrap();
    }
    let mut quiet = Vec::new();
    for _ in 0..10 {
        quiet.extend(one_move(&mut a, &mut b).await);
    }

    // 200 players save a set-up and 50 new keys get their nickname, all at once.
    let done = Arc::new(AtomicUsize::new(0));
    let writes_started = Instant::now();
    let mut writes = tokio::task::JoinSet::new();
    for i in 0..250 {
        let (service, done) = (service.clone(), done.clone());
        writes.spawn(async move {
            let me = ident(&format!("p{i}"));
            if i < 200 {
                let setup = SavedSetup {
                    name: format!("mine {i}"),
                    variant: Variant::Classic,
                    setup: Setup::random(&Rules::standard(Variant::Classic), Color::Red, i),
                };
                service.save_setup(&me.id, setup).await.unwrap();
            } else {
                assert_eq!(service.login(&me).await.nick, me.nick);
            }
            done.fetch_add(1, Ordering::SeqCst);
        });
    }
    let asked = Instant::now();
    let online = lobby.sessions().await.len();
    let lobby_answer = asked.elapsed();
    let done_when_answered = done.load(Ordering::SeqCst);
    let mut busy = Vec::new();
    let mut done_after_moves = Vec::new();
    for _ in 0..10 {
        busy.extend(one_move(&mut a, &mut b).await);
        done_after_moves.push(done.load(Ordering::SeqCst));
    }
    while writes.join_next().await.is_some() {}
    let all_writes = writes_started.elapsed();
    eprintln!(
        "moves, disk quiet: {}; with 250 writes in flight: {}; lobby answered in {:.2} ms \
         with {done_when_answered} of 250 writes done; writes done after each move: \
         {done_after_moves:?}; all writes took {:.1} ms",
        ms(&quiet),
        ms(&busy),
        lobby_answer.as_secs_f64() * 1000.0,
        all_writes.as_secs_f64() * 1000.0
    );
    assert_eq!(online, 2);
    // The lobby did not wait for the disk: it answered before the writes were through.
    assert!(
        done_when_answered < 250,
        "the lobby answered only after all {done_when_answered} writes"
    );
    assert!(
        !busy.is_empty(),
        "moves were played while the disk was busy"
    );
    // Every save and nick grant is stored.
    for i in [0, 199] {
        let list = service
            .saved_setups(&PlayerId::Key(format!("SHA256:p{i}")))
            .await
            .unwrap();
        assert_eq!(list.len(), 1, "p{i}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_before_the_first_move_ends_the_game_without_a_result() {
    let store = Store::temporary().unwrap();
    let mut config = LobbyConfig::default();
    config.game.reconnect_grace = Duration::from_millis(300);
    let lobby = lobby::spawn(config, store.clone());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);

    // Asked for: an abort in the set-up.
    let (a, mut b) = start_game(&lobby, &mut alice, &mut bob, false, 1).await;
    a.send(GameCmd::Abort).await;
    until(&mut b, "the abort", |s| s.phase == GamePhase::Over).await;
    let outcome = b.snapshots.borrow().outcome.expect("over");
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.reason, EndReason::Aborted);

    // A player who leaves after both set-ups but before the first move, and does not
    // come back: aborted too, not a win for the one who stayed.
    let (a, mut b) = start_game(&lobby, &mut alice, &mut bob, false, 2).await;
    let rules = Rules::standard(Variant::Classic);
    for (seat, seed) in [(&a, 3), (&b, 4)] {
        let c = seat.color.unwrap();
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
            .await;
    }
    until(&mut b, "play", |s| s.phase == GamePhase::Playing).await;
    let game = b.game;
    drop(a);
    until(&mut b, "the abort", |s| s.phase == GamePhase::Over).await;
    let outcome = b.snapshots.borrow().outcome.expect("over");
    assert_eq!((outcome.winner, outcome.reason), (None, EndReason::Aborted));
    // Nothing is recorded: no finished game, no game to resume.
    assert!(store.games().get(game).unwrap().is_none());
    assert!(store.live().get(game).unwrap().is_none());

    // After a move, Abort is refused.
    let (a, b) = start_game(&lobby, &mut alice, &mut bob, false, 3).await;
    for (seat, seed) in [(&a, 5), (&b, 6)] {
        let c = seat.color.unwrap();
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
            .await;
    }
    let (mut a, mut b) = (a, b);
    until(&mut a, "play", |s| s.phase == GamePhase::Playing).await;
    until(&mut b, "play", |s| s.phase == GamePhase::Playing).await;
    one_move(&mut a, &mut b).await.expect("a move");
    a.send(GameCmd::Abort).await;
    b.send(GameCmd::Abort).await;
    // A round trip: the game handles its commands in order, so once bob's line after the
    // aborts is shown, both aborts have been handled.
    b.send(GameCmd::Chat("after the aborts".into())).await;
    until(&mut b, "bob's line", |s| {
        s.chat.iter().any(|l| l.text == "after the aborts")
    })
    .await;
    assert_eq!(b.snapshots.borrow().phase, GamePhase::Playing);
}

/// Issue 43 (LOW): a game with no clock whose two players (keys) have both gone ends
/// without a result after `abandoned_after` (aborted: neither rated nor kept, so a restart
/// does not bring it back); while one of them stays it goes on (they may claim the win, or
/// wait).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_both_players_left_ends_without_a_result_and_not_while_one_stays() {
    let store = Store::temporary().unwrap();
    let mut config = LobbyConfig::default();
    config.game.reconnect_grace = Duration::from_millis(200);
    config.game.abandoned_after = Duration::from_millis(600);
    let lobby = lobby::spawn(config, store.clone());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let rules = Rules::standard(Variant::Classic);
    let mut started = Vec::new();
    for nth in 1..=2 {
        let (mut a, mut b) = start_game(&lobby, &mut alice, &mut bob, false, nth).await;
        for (seat, seed) in [(&a, 2 * nth), (&b, 2 * nth + 1)] {
            let c = seat.color.unwrap();
            seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
                .await;
        }
        until(&mut a, "play", |s| s.phase == GamePhase::Playing).await;
        until(&mut b, "play", |s| s.phase == GamePhase::Playing).await;
        one_move(&mut a, &mut b).await.expect("a move");
        started.push((a, b));
    }
    let (a1, b1) = started.remove(0);
    let (a2, mut b2) = started.remove(0);
    let (first, second) = (a1.game, a2.game);
    // Both leave the first; only alice the second.
    drop((a1, b1, a2));
    until_lobby(&lobby, "the first game gone from the list", |l| {
        !l.games.iter().any(|g| g.id == first)
    })
    .await;
    let deadline = Instant::now() + Duration::from_secs(5);
    while store.live().get(first).unwrap().is_some() {
        assert!(
            Instant::now() < deadline,
            "the game in progress is forgotten"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(store.games().get(first).unwrap().is_none());
    assert!(store.live().get(second).unwrap().is_some());
    // Twice the time later, the game bob stayed in goes on.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(b2.snapshots.borrow_and_update().phase, GamePhase::Playing);
    assert!(lobby.snapshot().games.iter().any(|g| g.id == second));
}

/// The next event that is not a notice or a challenge list (those come as they come).
async fn next_seat_event(c: &mut Client) -> SessionEvent {
    loop {
        match c.next_event().await {
            SessionEvent::Notice(_) | SessionEvent::Challenges(_) => continue,
            ev => return ev,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_has_one_terminal_and_the_other_is_told() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let (a, mut b) = start_game(&lobby, &mut alice, &mut bob, false, 1).await;
    // Alice's second terminal is asked, not seated: the first may be in the middle of a
    // move (issue 43, item 2).
    let mut again = join(&lobby, "alice").await;
    match next_seat_event(&mut again).await {
        SessionEvent::SeatElsewhere(g) => assert_eq!(g, a.game),
        other => panic!("asked first, not {other:?}"),
    }
    assert_eq!(status(&lobby, again.session).await, PlayerStatus::Idle);
    assert_eq!(
        status(&lobby, alice.session).await,
        PlayerStatus::Playing(a.game)
    );
    // It says yes (the lobby's `r`: `Spectate` of one's own game): seated; the first is told.
    lobby.command(again.session, LobbyCmd::Spectate(a.game));
    let (a2, _) = again.next_seat().await;
    assert_eq!((a2.game, a2.color), (a.game, a.color));
    let taken = loop {
        if let SessionEvent::SeatTaken(g) = next_seat_event(&mut alice).await {
            break g;
        }
    };
    assert_eq!(taken, a.game);
    assert_eq!(status(&lobby, alice.session).await, PlayerStatus::Idle);
    assert_eq!(
        status(&lobby, again.session).await,
        PlayerStatus::Playing(a.game)
    );
    // The first terminal's seat going away does not empty the seat.
    drop(a);
    // A round trip through the lobby (it has heard of the leaving and told the game what
    // it tells it), then through the game: a spectator let in is handled after that.
    lobby.sessions().await;
    let mut carol = join(&lobby, "carol").await;
    lobby.command(carol.session, LobbyCmd::Spectate(a2.game));
    let (_watching, _) = carol.next_seat().await;
    let c = a2.color.unwrap();
    assert!(b.snapshots.borrow().seats.get(c).connected);
    // The second terminal's connection ending gives the seat back to the first, still
    // connected: the player is never gone.
    lobby.disconnect(again.session);
    let back = loop {
        if let SessionEvent::EnterGame(seat) = next_seat_event(&mut alice).await {
            break seat;
        }
    };
    assert_eq!((back.game, back.color), (a2.game, a2.color));
    drop(a2);
    assert_eq!(
        status(&lobby, alice.session).await,
        PlayerStatus::Playing(back.game)
    );
    lobby.sessions().await;
    let mut dave = join(&lobby, "dave").await;
    lobby.command(dave.session, LobbyCmd::Spectate(back.game));
    let (_watching, _) = dave.next_seat().await;
    assert!(
        b.snapshots.borrow().seats.get(c).connected,
        "never seen gone"
    );
    // The last terminal leaving the game does empty the seat.
    drop(back);
    until(&mut b, "the seat empty", |s| !s.seats.get(c).connected).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_chat_among_themselves() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let (mut carol, mut dave) = (join(&lobby, "carol").await, join(&lobby, "dave").await);
    let (mut a, _b) = start_game(&lobby, &mut alice, &mut bob, false, 1).await;
    lobby.command(carol.session, LobbyCmd::Spectate(a.game));
    lobby.command(dave.session, LobbyCmd::Spectate(a.game));
    let (c, _) = carol.next_seat().await;
    let (mut d, _) = dave.next_seat().await;
    c.send(GameCmd::Chat("nice opening \x1b[31m".into())).await;
    until(&mut d, "carol's line", |s| {
        s.chat
            .iter()
            .any(|l| l.from == "carol" && l.text.starts_with("nice opening"))
    })
    .await;
    // The players' chat is theirs; the spectators' line is not in it.
    a.send(GameCmd::Chat("good luck".into())).await;
    until(&mut a, "alice's line", |s| {
        s.chat.iter().any(|l| l.text == "good luck")
    })
    .await;
    assert!(d
        .snapshots
        .borrow()
        .chat
        .iter()
        .all(|l| !l.text.contains('\x1b')));
    assert!(a.snapshots.borrow().chat.iter().all(|l| l.from != "carol"));
    assert!(d.snapshots.borrow().chat.iter().all(|l| l.from != "alice"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn declines_and_departures_are_told_and_a_rated_result_shows_the_rating_change() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);

    // A challenge turned down: alice hears of it, the seek is gone.
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: terms(),
            private_to: Some("bob".into()),
            private: false,
        },
    );
    bob.notice_containing("alice challenges you").await;
    bob.challenge(1).await;
    lobby.command(bob.session, LobbyCmd::Decline(1));
    alice.notice_containing("bob declined your challenge").await;

    // A rated game: a draw offer declined, then a resignation.
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: GameTerms {
                rated: true,
                ..terms()
            },
            private_to: None,
            private: false,
        },
    );
    while !lobby.snapshot().seeks.iter().any(|s| s.id == 2) {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    lobby.command(bob.session, LobbyCmd::Accept(2));
    let (a, _) = alice.next_seat().await;
    let (mut b, _) = bob.next_seat().await;
    let rules = Rules::standard(Variant::Classic);
    for (seat, seed) in [(&a, 7), (&b, 8)] {
        let c = seat.color.unwrap();
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
            .await;
    }
    until(&mut b, "play", |s| s.phase == GamePhase::Playing).await;
    a.send(GameCmd::OfferDraw).await;
    until(&mut b, "the offer", |s| s.draw_offer.is_some()).await;
    b.send(GameCmd::DeclineDraw).await;
    alice
        .notice_containing("bob declined your draw offer")
        .await;
    a.send(GameCmd::Resign).await;
    until(&mut b, "the end", |s| s.phase == GamePhase::Over).await;
    let snap = b.snapshots.borrow().clone();
    let (ac, bc) = (a.color.unwrap(), b.color.unwrap());
    let (loser, winner) = (snap.seats.get(ac), snap.seats.get(bc));
    assert!(
        loser.rating_change.is_some_and(|d| d < 0) && winner.rating_change.is_some_and(|d| d > 0),
        "{loser:?} {winner:?}"
    );

    // Alice leaves: bob is told there will be no rematch.
    drop(a);
    bob.notice_containing("alice left: no rematch").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_game_stays_private_across_a_restart() {
    let dir = common::tempdir::Dir::new("private-restart");
    let store = Store::open(&dir.0).unwrap();
    let rules = Rules::standard(Variant::Classic);
    let seat = |n: &str| stratego_ssh::store::SeatRecord {
        identity: PlayerId::Key(format!("SHA256:{n}")),
        nick: n.into(),
    };
    store
        .live()
        .save(&stratego_ssh::store::LiveGame {
            id: 7,
            terms: terms(),
            seats: stratego_ssh::rules::ByColor::new(seat("alice"), seat("bob")),
            red: Setup::random(&rules, Color::Red, 1),
            blue: Setup::random(&rules, Color::Blue, 2),
            moves: vec![],
            clocks: None,
            started: 1,
            private: true,
            turn_since: None,
            turn_starts: vec![],
        })
        .await
        .unwrap();
    // The server starts again with that game in progress.
    let lobby = lobby::spawn(LobbyConfig::default(), store);
    let mut carol = join(&lobby, "carol").await;
    // Alice, back, is told of her game (it is there)...
    let mut alice = join(&lobby, "alice").await;
    loop {
        match alice.next_event().await {
            SessionEvent::PrivateGames(list) if list.iter().any(|g| g.id == 7) => break,
            SessionEvent::EnterGame(seat) if seat.game == 7 => break,
            _ => {}
        }
    }
    // ... carol is not: not listed, and asked to watch it, as a game that does not exist.
    lobby.command(carol.session, LobbyCmd::Chat("hello".into()));
    until_lobby(&lobby, "carol's line", |l| !l.chat.is_empty()).await;
    assert!(lobby.snapshot().games.iter().all(|g| g.id != 7));
    lobby.command(carol.session, LobbyCmd::Spectate(7));
    assert_eq!(carol.next_notice().await, "that game has ended");
    assert_eq!(status(&lobby, carol.session).await, PlayerStatus::Idle);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_is_shown_to_its_two_players_only() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let _carol = join(&lobby, "carol").await;
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: terms(),
            private_to: Some("bob".into()),
            private: false,
        },
    );
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: terms(),
            private_to: None,
            private: false,
        },
    );
    // Both players are sent the challenge.
    for c in [&mut alice, &mut bob] {
        let list = loop {
            let ev = tokio::time::timeout(Duration::from_secs(5), c.events.recv())
                .await
                .expect("told in time")
                .expect("lobby there");
            if let SessionEvent::Challenges(list) = ev {
                break list;
            }
        };
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].private_to.as_deref(), Some("bob"));
    }
    // The snapshot everyone shares has only the open seek.
    let shared = loop {
        let s = lobby.snapshot();
        if !s.seeks.is_empty() {
            break s;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert_eq!(shared.seeks.len(), 1, "{:?}", shared.seeks);
    assert!(shared.seeks.iter().all(|s| s.private_to.is_none()));
}

/// A seek of the same terms as another player's open seek takes it at once (the oldest), as
/// lichess pairs compatible seeks; other terms, a challenge, or one's own seek do not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_matching_an_open_one_starts_the_game_at_once() {
    // Matched however young (the delay has its own test below).
    let config = LobbyConfig {
        seek_match_delay: Duration::ZERO,
        ..LobbyConfig::default()
    };
    let lobby = lobby::spawn(config, Store::temporary().unwrap());
    let mut alice = join(&lobby, "alice").await;
    let bob = join(&lobby, "bob").await;
    let mut carol = join(&lobby, "carol").await;
    let seek = |terms, private_to: Option<&str>| LobbyCmd::Seek {
        terms,
        private_to: private_to.map(str::to_string),
        private: private_to.is_some(),
    };
    let barrage = GameTerms {
        rules: Rules::standard(Variant::Barrage),
        ..terms()
    };
    // Alice's seek, then her own second one of the same terms: both stay open.
    lobby.command(alice.session, seek(terms(), None));
    lobby.command(alice.session, seek(terms(), None));
    // Bob: other terms (stays open), and a challenge to alice (stays a challenge).
    lobby.command(bob.session, seek(barrage, None));
    lobby.command(bob.session, seek(terms(), Some("alice")));
    alice.challenge(4).await;
    until_lobby(&lobby, "three open seeks", |s| s.seeks.len() == 3).await;
    assert_eq!(status(&lobby, alice.session).await, PlayerStatus::Seeking);
    // Carol posts alice's terms: she is seated against alice at once, alice's oldest seek
    // taken.
    lobby.command(carol.session, seek(terms(), None));
    let (a, _) = alice.next_seat().await;
    let (c, _) = carol.next_seat().await;
    assert_eq!(a.game, c.game);
    // The game takes alice's seeks off the list; carol's was never listed.
    until_lobby(&lobby, "only bob's seek open", |s| {
        s.seeks.len() == 1 && s.seeks[0].owner == "bob"
    })
    .await;
    let _ = bob;
}

/// The id of `nick`'s open seek in the lobby's list.
fn seek_of(lobby: &LobbyHandle, nick: &str) -> u64 {
    lobby
        .snapshot()
        .seeks
        .iter()
        .find(|s| s.owner == nick)
        .unwrap_or_else(|| panic!("{nick} has no open seek"))
        .id
}

/// A seek churner cannot capture people posting the same terms (issue 33): a seek younger
/// than `seek_match_delay` (2 s by default), or of a player who withdrew their last three
/// seeks, is not taken by a new seek of the same terms, which is listed beside it instead;
/// an older seek of a player who does not churn still starts the game at once.
#[tokio::test(start_paused = true)]
async fn a_fresh_or_churned_seek_does_not_capture_a_new_poster_but_an_older_one_matches() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let mallory = join(&lobby, "mallory").await;
    let carol = join(&lobby, "carol").await;
    let mut dave = join(&lobby, "dave").await;
    let mut bob = join(&lobby, "bob").await;
    let seek = || LobbyCmd::Seek {
        terms: terms(),
        private_to: None,
        private: false,
    };
    let past_the_delay = Duration::from_millis(2500);

    // Mallory has just posted: carol posting the same terms is listed beside her, unpaired.
    lobby.command(mallory.session, seek());
    until_lobby(&lobby, "mallory's seek", |s| {
        s.seeks.iter().any(|k| k.owner == "mallory")
    })
    .await;
    lobby.command(carol.session, seek());
    until_lobby(&lobby, "carol's seek listed beside mallory's", |s| {
        s.seeks.iter().any(|k| k.owner == "carol") && s.seeks.len() == 2
    })
    .await;
    assert_eq!(status(&lobby, carol.session).await, PlayerStatus::Seeking);
    assert!(lobby.snapshot().games.is_empty());
    lobby.command(
        carol.session,
        LobbyCmd::CancelSeek(seek_of(&lobby, "carol")),
    );

    // Mallory withdraws it and two more, then leaves a fourth open past the delay: it still
    // does not take dave's seek of the same terms.
    lobby.command(
        mallory.session,
        LobbyCmd::CancelSeek(seek_of(&lobby, "mallory")),
    );
    for _ in 0..2 {
        until_lobby(&lobby, "no seek open", |s| s.seeks.is_empty()).await;
        lobby.command(mallory.session, seek());
        until_lobby(&lobby, "mallory's seek", |s| {
            s.seeks.iter().any(|k| k.owner == "mallory")
        })
        .await;
        lobby.command(
            mallory.session,
            LobbyCmd::CancelSeek(seek_of(&lobby, "mallory")),
        );
    }
    until_lobby(&lobby, "no seek open", |s| s.seeks.is_empty()).await;
    lobby.command(mallory.session, seek());
    until_lobby(&lobby, "mallory's fourth seek", |s| {
        s.seeks.iter().any(|k| k.owner == "mallory")
    })
    .await;
    tokio::time::sleep(past_the_delay).await;
    lobby.command(dave.session, seek());
    until_lobby(&lobby, "dave's seek listed beside mallory's", |s| {
        s.seeks.iter().any(|k| k.owner == "dave") && s.seeks.len() == 2
    })
    .await;
    assert_eq!(status(&lobby, dave.session).await, PlayerStatus::Seeking);
    assert!(lobby.snapshot().games.is_empty());

    // Dave's seek, once past the delay, takes bob's at once (mallory's, older, is skipped).
    tokio::time::sleep(past_the_delay).await;
    lobby.command(bob.session, seek());
    let (b, _) = bob.next_seat().await;
    let (d, _) = dave.next_seat().await;
    assert_eq!(b.game, d.game);
    until_lobby(&lobby, "only mallory's seek open", |s| {
        s.seeks.len() == 1 && s.seeks[0].owner == "mallory"
    })
    .await;
    let _ = (mallory, carol);
}

#[tokio::test(start_paused = true)]
async fn two_young_seeks_of_the_same_terms_are_paired_once_old_enough() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let mut ann = join(&lobby, "ann").await;
    let mut ben = join(&lobby, "ben").await;
    let seek = || LobbyCmd::Seek {
        terms: terms(),
        private_to: None,
        private: false,
    };
    lobby.command(ann.session, seek());
    until_lobby(&lobby, "ann's seek", |s| {
        s.seeks.iter().any(|k| k.owner == "ann")
    })
    .await;
    // Ben posts the same terms at once: too young to take, so it is listed beside ann's...
    lobby.command(ben.session, seek());
    until_lobby(&lobby, "both seeks listed", |s| s.seeks.len() == 2).await;
    // ... and once it is old enough, the two are one game (no one has to pick by hand).
    let (a, _) = tokio::time::timeout(Duration::from_secs(5), ann.next_seat())
        .await
        .expect("ann seated within the delay");
    let (b, _) = ben.next_seat().await;
    assert_eq!(a.game, b.game);
    until_lobby(&lobby, "no seek open", |s| s.seeks.is_empty()).await;
}

/// Issue 43: at a game's start, before the lobby has told the game where its players are
/// (a player coming from another game is told a moment later), neither is shown as gone:
/// the line mode said "bob has left the game: 0 seconds to come back", then "bob is back".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_game_never_shows_a_player_as_gone_before_the_lobby_says_so() {
    use stratego_ssh::game::{self, NewGame, Player};
    use stratego_ssh::proto::PlayerId;
    let player = |nick: &str| Player {
        id: PlayerId::Key(format!("SHA256:{nick}")),
        nick: nick.into(),
        rating: None,
        bot: false,
    };
    let (reports, _reports) = tokio::sync::mpsc::unbounded_channel();
    let spawned = game::spawn(NewGame {
        id: 1,
        terms: terms(),
        players: stratego_ssh::rules::ByColor::new(player("alice"), player("bob")),
        private: false,
        config: Default::default(),
        reports,
        store: None,
        restore: None,
        restore_setup: None,
        tournament: false,
        fatal: stratego_ssh::supervise::Fatal::new(),
    });
    // No presence told yet: the first snapshots.
    for seat in [&spawned.seats.red, &spawned.seats.blue] {
        let snap = seat.borrow().clone();
        for c in Color::ALL {
            let s = snap.seats.get(c);
            assert!(
                s.connected && s.reconnect_left.is_none(),
                "{c:?} shown as gone before the lobby said where it is: {s:?}"
            );
        }
    }
    // Told gone, it is.
    spawned.handle.presence(Color::Blue, false, false);
    let mut red = spawned.seats.red.clone();
    let snap = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            red.changed().await.unwrap();
            let s = red.borrow_and_update().clone();
            if !s.seats.get(Color::Blue).connected {
                return s;
            }
        }
    })
    .await
    .expect("the absence shown");
    assert!(snap.seats.get(Color::Blue).reconnect_left.is_some());
}

/// Issue 43: a game ended mid-turn (a resignation, a claim) shows the mover's clock as it
/// stood then, not as it was when the turn began.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_final_clocks_count_the_turn_in_progress() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let mut t = terms();
    t.clock = Some(stratego_ssh::proto::ClockSpec {
        initial_secs: 600,
        increment_secs: 0,
    });
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: t,
            private_to: None,
            private: false,
        },
    );
    while !lobby.snapshot().seeks.iter().any(|s| s.id == 1) {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    lobby.command(bob.session, LobbyCmd::Accept(1));
    let (mut a, mut b) = (alice.next_seat().await.0, bob.next_seat().await.0);
    let rules = Rules::standard(Variant::Classic);
    for (seat, seed) in [(&a, 5), (&b, 6)] {
        let c = seat.color.unwrap();
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
            .await;
    }
    until(&mut a, "play", |s| s.phase == GamePhase::Playing).await;
    until(&mut b, "play", |s| s.phase == GamePhase::Playing).await;
    // Red to move: a second and a half of its turn, then Blue resigns.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let blue = if a.color == Some(Color::Blue) { &a } else { &b };
    blue.send(GameCmd::Resign).await;
    until(&mut a, "the end", |s| s.phase == GamePhase::Over).await;
    let over = a.snapshots.borrow().clone();
    let red = over.clocks.expect("clocks").get(Color::Red).remaining;
    assert!(
        red <= Duration::from_millis(598_600),
        "Red's clock at the end: {red:?}, as if its turn had not run"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_set_up_made_for_the_other_side_is_turned_half_a_turn_as_the_screens_turn_it() {
    let store = Store::temporary().unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let (a, b) = start_game(&lobby, &mut alice, &mut bob, false, 1).await;
    let rules = Rules::standard(Variant::Classic);
    for seat in [&a, &b] {
        let mut rx = seat.snapshots.clone();
        let c = seat.color.unwrap();
        // Made as the other colour: the Flag in its owner's left back corner.
        let made = Setup::random(&rules, c.opposite(), 7);
        seat.send(GameCmd::SubmitSetup(made.clone())).await;
        let mine = loop {
            if let Some(s) = rx.borrow_and_update().my_setup.clone() {
                break s;
            }
            rx.changed().await.unwrap();
        };
        assert_eq!(mine.color, Some(c));
        assert_eq!(mine.validate(&rules, c), Ok(()));
        for (sq, rank) in &made.pieces {
            // Half a turn: file and row both reversed (a mirror would keep the file).
            let turned = stratego_ssh::rules::Square::new(9 - sq.file(), 9 - sq.row()).unwrap();
            assert_eq!(mine.pieces.get(&turned), Some(rank), "{sq} as {turned}");
        }
    }
}
