//! One client must not load a game or the lobby for everyone else (issue 12, the game and
//! lobby side): a spectator's chat flood and ignored commands do not redraw the players'
//! screens, churning games against the computer leaves nothing behind, a player's games in
//! progress are budgeted, and a set-up cannot last forever.
//!
//! Driven at lobby level, through the same commands the screens send, and the churn once
//! more over SSH through the keys a person types.

mod common;

use common::lobby_client::{join, join_as, until, until_lobby, Client};

use std::time::Duration;

use stratego_ssh::game::GameConfig;
use stratego_ssh::game::{GameSeat, SessionEvent};
use stratego_ssh::lobby::{self, Ident, LobbyConfig, LobbyHandle};
use stratego_ssh::proto::{
    BotLevel, GameCmd, GamePhase, GameSnapshot, GameTerms, LobbyCmd, PlayerId,
};
use stratego_ssh::rules::{EndReason, Rules, Setup, Variant};
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

/// What the lobby's `b` sends: the computer, easy, no clock.
fn play_bot() -> LobbyCmd {
    LobbyCmd::PlayBot {
        level: BotLevel::Easy,
        rules: Rules::standard(Variant::Classic),
        clock: None,
    }
}

/// `owner` seeks openly; `taker` accepts seek number `nth`: both seats.
async fn start_game(
    lobby: &LobbyHandle,
    owner: &mut Client,
    taker: &mut Client,
    nth: u64,
) -> (GameSeat, GameSeat) {
    lobby.command(
        owner.session,
        LobbyCmd::Seek {
            terms: terms(),
            private_to: None,
            private: false,
        },
    );
    until_lobby(lobby, "the seek is listed", |s| {
        s.seeks.iter().any(|k| k.id == nth)
    })
    .await;
    lobby.command(taker.session, LobbyCmd::Accept(nth));
    (owner.next_seat().await.0, taker.next_seat().await.0)
}

fn said(s: &GameSnapshot, text: &str) -> bool {
    s.chat.iter().any(|l| l.text == text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectators_chat_flood_and_ignored_commands_do_not_redraw_the_players_screens() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let mut alice = join(&lobby, "alice").await;
    let mut bob = join(&lobby, "bob").await;
    let mut carol = join(&lobby, "carol").await;
    let mut dave = join(&lobby, "dave").await;
    let (mut a, mut b) = start_game(&lobby, &mut alice, &mut bob, 1).await;
    let game = a.game;
    lobby.command(carol.session, LobbyCmd::Spectate(game));
    let (flooder, _) = carol.next_seat().await;
    lobby.command(dave.session, LobbyCmd::Spectate(game));
    let (mut watcher, _) = dave.next_seat().await;
    // The players see both spectators arrive (the count is on their screens).
    until(&mut a, "two spectators on alice's screen", |s| {
        s.spectators == 2
    })
    .await;
    until(&mut b, "two spectators on bob's screen", |s| {
        s.spectators == 2
    })
    .await;

    // Carol types as fast as she can (most lines are over the chat limit) and sends what
    // a spectator cannot do; alice sends what changes nothing now.
    for i in 0..200 {
        flooder.send(GameCmd::Chat(format!("flood {i}"))).await;
        flooder.send(GameCmd::Resign).await;
        flooder.send(GameCmd::OfferDraw).await;
        if i % 4 == 0 {
            a.send(GameCmd::DeclineDraw).await; // no offer to decline
            a.send(GameCmd::AcceptDraw).await; // no offer to accept
            a.send(GameCmd::Rematch).await; // the game is not over
            a.send(GameCmd::ClaimWin).await; // bob is here: only a notice
        }
    }
    // Dave says one line: the game has handled everything sent before it (one queue).
    watcher.send(GameCmd::Chat("sync".into())).await;
    until(&mut watcher, "dave's line in the stands", |s| {
        said(s, "sync")
    })
    .await;
    let stands = watcher.snapshots.borrow().clone();
    assert!(
        said(&stands, "flood 0"),
        "the spectators see carol's first lines"
    );
    assert!(
        !said(&stands, "flood 199"),
        "carol's flood is cut by the chat limit"
    );

    for (seat, who) in [(&a, "alice"), (&b, "bob")] {
        assert!(
            !seat.snapshots.has_changed().expect("the game is there"),
            "{who}'s screen was sent a new snapshot by spectator chat or ignored commands"
        );
        assert!(!said(&seat.snapshots.borrow(), "flood 0"));
    }

    // What the players do see still reaches them: a line of alice's.
    a.send(GameCmd::Chat("hello bob".into())).await;
    until(&mut b, "alice's line on bob's screen", |s| {
        said(s, "hello bob")
    })
    .await;
    assert_eq!(b.snapshots.borrow().spectators, 2);

    // A spectator leaving is counted on the players' screens.
    drop(flooder);
    until(&mut a, "one spectator left", |s| s.spectators == 1).await;
    drop(watcher);
    until(&mut b, "no spectator left", |s| s.spectators == 0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_computer_games_left_before_the_first_move_leave_nothing_behind() {
    let config = LobbyConfig {
        bot_delay: Duration::from_millis(1),
        ..LobbyConfig::default()
    };
    let lobby = lobby::spawn(config, Store::temporary().unwrap());
    let mut eve = join(&lobby, "eve").await;
    let tasks = || {
        tokio::runtime::Handle::current()
            .metrics()
            .num_alive_tasks()
    };
    let before = tasks();

    let mut games = Vec::new();
    for i in 0..200 {
        // `b` in the lobby, then `q` and `y` in the set-up: abort, back to the lobby.
        lobby.command(eve.session, play_bot());
        let (seat, notices) = eve.next_seat().await;
        assert!(notices.is_empty(), "cycle {i}: {notices:?}");
        let closed = seat.snapshots.clone();
        let mut seat = seat;
        seat.send(GameCmd::Abort).await;
        // The screen's last snapshot of it: over. (A client faster than that is told it
        // has games enough in progress.)
        until(&mut seat, "the abort", |s| s.phase == GamePhase::Over).await;
        drop(seat);
        games.push(closed);
    }

    // Every game's task ended: its snapshots' sender is gone.
    for (i, mut rx) in games.into_iter().enumerate() {
        let ended = tokio::time::timeout(Duration::from_secs(10), async {
            while rx.changed().await.is_ok() {}
        })
        .await;
        assert!(ended.is_ok(), "game {i}'s task is still running");
        let last = rx.borrow().clone();
        assert_eq!(
            last.outcome.map(|o| o.reason),
            Some(EndReason::Aborted),
            "game {i} ended without a result"
        );
    }
    // Nobody sees them listed, and the computer players' tasks are gone too.
    until_lobby(&lobby, "no game listed", |s| s.games.is_empty()).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while tasks() > before {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{} tasks still running after the churn, {before} before",
            tasks()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // And eve can still play.
    lobby.command(eve.session, play_bot());
    let (seat, notices) = eve.next_seat().await;
    assert!(notices.is_empty(), "{notices:?}");
    drop(seat);
}

/// The games in play the lobby lists with `nick` in a seat.
fn listed_games(lobby: &LobbyHandle, nick: &str) -> usize {
    lobby
        .snapshot()
        .games
        .iter()
        .filter(|g| g.red == nick || g.blue == nick)
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_game_budget_new_games_are_refused_with_a_notice_and_nothing_changes() {
    let config = LobbyConfig {
        max_games_per_player: 2,
        ..LobbyConfig::default()
    };
    let lobby = lobby::spawn(config, Store::temporary().unwrap());
    let mut alice = join(&lobby, "alice").await;
    let mut bob = join(&lobby, "bob").await;

    // Alice has two games against the computer in set-up (two terminals' worth).
    lobby.command(alice.session, play_bot());
    let (first, _) = alice.next_seat().await;
    lobby.command(alice.session, play_bot());
    let (_second, _) = alice.next_seat().await;
    until_lobby(&lobby, "alice's two games listed", |_| {
        listed_games(&lobby, "alice") == 2
    })
    .await;

    // A third against the computer: refused, no game.
    lobby.command(alice.session, play_bot());
    let notice = alice.next_notice().await;
    assert!(
        notice.contains("already have 2 games in progress") && notice.contains("finish one"),
        "{notice}"
    );
    // A seek, and a challenge to bob: refused, neither posted, bob told of nothing.
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: terms(),
            private_to: None,
            private: false,
        },
    );
    assert!(alice.next_notice().await.contains("2 games in progress"));
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: terms(),
            private_to: Some("bob".into()),
            private: false,
        },
    );
    assert!(alice.next_notice().await.contains("2 games in progress"));
    // Accepting bob's seek: refused, and the seek stays open for others.
    lobby.command(
        bob.session,
        LobbyCmd::Seek {
            terms: terms(),
            private_to: None,
            private: false,
        },
    );
    until_lobby(&lobby, "bob's seek listed", |s| {
        s.seeks.iter().any(|k| k.owner == "bob")
    })
    .await;
    let bobs = lobby.snapshot().seeks[0].id;
    lobby.command(alice.session, LobbyCmd::Accept(bobs));
    assert!(alice.next_notice().await.contains("2 games in progress"));
    // Bob is told nothing and seated nowhere; everything alice asked for changed nothing.
    // (A last seek of bob's, once listed, shows the lobby has handled all of the above.)
    lobby.command(
        bob.session,
        LobbyCmd::Seek {
            terms: terms(),
            private_to: None,
            private: false,
        },
    );
    until_lobby(&lobby, "bob's second seek listed", |s| {
        s.seeks.iter().filter(|k| k.owner == "bob").count() == 2
    })
    .await;
    let snap = lobby.snapshot();
    assert!(
        snap.seeks.iter().all(|k| k.owner == "bob"),
        "{:?}",
        snap.seeks
    );
    assert_eq!(listed_games(&lobby, "alice"), 2);
    while let Ok(ev) = bob.events.try_recv() {
        match ev {
            SessionEvent::EnterGame(seat) => panic!("bob was seated in game {}", seat.game),
            SessionEvent::Challenges(list) => assert!(list.is_empty(), "{list:?}"),
            SessionEvent::Notice(n) => panic!("bob was told: {n}"),
            _ => {}
        }
    }

    // Bob, under his budget, still plays; alice, once a game of hers ends, may again.
    lobby.command(bob.session, play_bot());
    let (_bobs_game, notices) = bob.next_seat().await;
    assert!(notices.is_empty(), "{notices:?}");
    first.send(GameCmd::Abort).await;
    drop(first);
    until_lobby(&lobby, "alice's aborted game gone", |_| {
        listed_games(&lobby, "alice") == 1
    })
    .await;
    lobby.command(alice.session, play_bot());
    let (_third, notices) = alice.next_seat().await;
    assert!(notices.is_empty(), "{notices:?}");
}

/// Posting and cancelling seeks in a loop (each redraws every lobby screen, and buries the
/// seeks people want to take) is refused past five at once with a notice; the churner's
/// sixth seek is not listed, and another player still posts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_churn_is_refused_past_its_budget_and_others_still_post() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let mut alice = join(&lobby, "alice").await;
    let bob = join(&lobby, "bob").await;
    let seek = || LobbyCmd::Seek {
        terms: terms(),
        private_to: None,
        private: false,
    };
    for _ in 0..5 {
        lobby.command(alice.session, seek());
        until_lobby(&lobby, "alice's seek listed", |s| {
            s.seeks.iter().any(|k| k.owner == "alice")
        })
        .await;
        let id = lobby.snapshot().seeks[0].id;
        lobby.command(alice.session, LobbyCmd::CancelSeek(id));
        until_lobby(&lobby, "alice's seek cancelled", |s| s.seeks.is_empty()).await;
    }
    lobby.command(alice.session, seek());
    let notice = alice.next_notice().await;
    assert!(notice.contains("posting seeks too fast"), "{notice}");
    lobby.command(bob.session, seek());
    until_lobby(&lobby, "bob's seek listed", |s| {
        s.seeks.iter().any(|k| k.owner == "bob")
    })
    .await;
    assert!(
        lobby.snapshot().seeks.iter().all(|k| k.owner == "bob"),
        "alice's sixth seek is not listed: {:?}",
        lobby.snapshot().seeks
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_set_up_past_the_deadline_is_lost_by_the_side_not_ready_or_aborted_when_neither_is() {
    // Long enough for a set-up sent at once to arrive in time on a busy machine.
    let deadline = Duration::from_secs(2);
    let config = LobbyConfig {
        game: GameConfig {
            setup_deadline: Some(deadline),
            ..GameConfig::default()
        },
        ..LobbyConfig::default()
    };
    let store = Store::temporary().unwrap();
    let lobby = lobby::spawn(config, store.clone());
    let mut alice = join(&lobby, "alice").await;
    let mut bob = join(&lobby, "bob").await;
    let rules = Rules::standard(Variant::Classic);

    // Alice is ready, bob is not: bob loses when the set-up time runs out.
    let (mut a, mut b) = start_game(&lobby, &mut alice, &mut bob, 1).await;
    let left = b.snapshots.borrow().setup_left.expect("set-up time shown");
    assert!(left <= deadline, "{left:?}");
    let alices = a.color.expect("a seat");
    a.send(GameCmd::SubmitSetup(Setup::random(&rules, alices, 1)))
        .await;
    until(&mut a, "alice ready", |s| s.seats.get(alices).ready).await;
    until(&mut b, "the set-up time runs out", |s| {
        s.phase == GamePhase::Over
    })
    .await;
    let snap = b.snapshots.borrow().clone();
    let outcome = snap.outcome.expect("over");
    assert_eq!(outcome.winner, Some(alices));
    assert_eq!(outcome.reason, EndReason::Time);
    assert_eq!(
        snap.setup_left,
        Some(Duration::ZERO),
        "ended by the deadline"
    );
    until(&mut a, "alice sees the result", |s| {
        s.outcome == Some(outcome)
    })
    .await;
    let notice = alice.next_notice().await;
    assert!(
        notice.contains("Set-up time") && notice.contains("bob was not ready"),
        "{notice}"
    );
    // Nothing is recorded or rated (no move was played), and it is no longer in play.
    assert!(store.games().get(a.game).unwrap().is_none());
    until_lobby(&lobby, "the game no longer in play", |s| {
        s.games.iter().all(|g| g.id != a.game)
    })
    .await;
    drop((a, b));

    // Neither is ready: the game is aborted, no winner.
    let (_a, mut b) = start_game(&lobby, &mut alice, &mut bob, 2).await;
    until(&mut b, "the set-up time runs out", |s| {
        s.phase == GamePhase::Over
    })
    .await;
    let snap = b.snapshots.borrow().clone();
    let outcome = snap.outcome.expect("over");
    assert_eq!((outcome.winner, outcome.reason), (None, EndReason::Aborted));
    assert_eq!(snap.setup_left, Some(Duration::ZERO));
    drop((_a, b));

    // Both ready in time: play goes on past the deadline, which no longer applies.
    let (mut a, mut b) = start_game(&lobby, &mut alice, &mut bob, 3).await;
    for (seat, seed) in [(&a, 5), (&b, 6)] {
        let c = seat.color.expect("a seat");
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
            .await;
    }
    until(&mut a, "play", |s| s.phase == GamePhase::Playing).await;
    assert_eq!(a.snapshots.borrow().setup_left, None);
    tokio::time::sleep(deadline + Duration::from_millis(500)).await;
    // A line of chat brings a fresh snapshot: still in play.
    a.send(GameCmd::Chat("still here".into())).await;
    until(&mut b, "alice's line", |s| said(s, "still here")).await;
    assert_eq!(b.snapshots.borrow().phase, GamePhase::Playing);
    assert_eq!(b.snapshots.borrow().outcome, None);
}

/// The lobby's `b` (play the computer: Enter starts it), then `q` and `y` in the set-up:
/// over SSH, with the keys a person types. Every game and computer player task ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_ssh_b_then_q_y_fifty_times_leaves_no_task_behind() {
    use common::{new_key, start_server, Login, Term};
    let server = start_server("abuse-churn").await;
    let key = new_key();
    let t = Term::connect(server.running.addr, Login::Key("gina", &key), 120, 40).await;
    t.wait_text("no open seeks", 10).await;
    let tasks = || {
        tokio::runtime::Handle::current()
            .metrics()
            .num_alive_tasks()
    };
    let cycle = || async {
        t.send(b"b").await;
        t.wait_text("Computer level", 5).await;
        t.send(b"\r").await;
        t.wait_text("Set up your army", 5).await;
        t.send(b"q").await;
        t.wait_text("Nobody has moved yet", 5).await;
        t.send(b"y").await;
        t.wait_text("no open seeks", 5).await;
    };
    // One cycle first: whatever a session starts once (and keeps) is counted in `before`.
    cycle().await;
    let settle = |limit: usize, what: &'static str| async move {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while tasks() > limit {
            assert!(
                tokio::time::Instant::now() < deadline,
                "{what}: {} tasks running, {limit} expected at most",
                tasks()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    settle(usize::MAX, "").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let before = tasks();
    for _ in 0..50 {
        cycle().await;
    }
    settle(before, "after 50 games left in set-up").await;
    // (The lobby's list is republished at most every 200 ms.)
    until_lobby(&server.running.lobby, "no game listed", |s| {
        s.games.is_empty()
    })
    .await;
    assert_eq!(server.running.stats().games, 0);
    // The player can still play: a game starts, and it is listed.
    t.send(b"b").await;
    t.wait_text("Computer level", 5).await;
    t.send(b"\r").await;
    t.wait_text("Set up your army", 5).await;
}

/// A guest arriving from `addr` (each arrival is a new guest).
async fn join_guest(lobby: &LobbyHandle, addr: &str, n: u32) -> Client {
    let ident = Ident {
        id: PlayerId::Guest(format!("{n:032x}")),
        nick: String::new(),
        guest: true,
        addr: Some(addr.parse().unwrap()),
    };
    join_as(lobby, ident).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guests_coming_back_as_new_guests_share_their_addresss_game_budget() {
    let config = LobbyConfig {
        max_games_per_player: 1,
        ..LobbyConfig::default()
    };
    let per_address = lobby::GUEST_GAMES_PER_ADDRESS;
    let lobby = lobby::spawn(config, Store::temporary().unwrap());
    // Guests from one IPv6 /64 (each a new guest, as after a reconnect): together they get
    // the address's budget of games against the computer, then are refused.
    let mut guests = Vec::new();
    for n in 0..per_address as u32 {
        let mut g = join_guest(&lobby, &format!("2001:db8:1:2::{:x}", n + 1), n).await;
        lobby.command(g.session, play_bot());
        let _ = g.next_seat().await;
        guests.push(g);
    }
    let mut next = join_guest(&lobby, "2001:db8:1:2:ffff::9", 99).await;
    lobby.command(next.session, play_bot());
    let notice = next.next_notice().await;
    assert!(
        notice.contains("Guests from your address") && notice.contains("SSH key"),
        "{notice}"
    );
    // Another /64, and a player with a key from the same block, are not held back.
    let mut other = join_guest(&lobby, "2001:db8:1:3::1", 100).await;
    lobby.command(other.session, play_bot());
    let _ = other.next_seat().await;
    let mut keyed = join(&lobby, "kim").await;
    lobby.command(keyed.session, play_bot());
    let _ = keyed.next_seat().await;
    until_lobby(&lobby, "the games listed", |s| {
        s.games.len() >= per_address + 2
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        lobby.snapshot().games.len(),
        per_address + 2,
        "the refused guest started no game"
    );
}
