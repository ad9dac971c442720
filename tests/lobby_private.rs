//! Private games (issue 43): a private challenge's game is known to its two players only
//! (no games list, no "playing game N", no spectating, no rating, no web page or profile
//! line for anyone else), and casual, since ratings are public; a public challenge's game
//! is listed like any game and may be rated. The lobby driven in-process; the web's
//! answers over real HTTP.

mod common;

use common::lobby_client::{join, until, until_lobby, Client};
use common::web::{http_get, key, web_server};

use std::time::Duration;

use stratego_ssh::game::{GameSeat, SessionEvent};
use stratego_ssh::lobby::{self, LobbyConfig, LobbyHandle};
use stratego_ssh::proto::{GameCmd, GamePhase, GameTerms, LobbyCmd, PlayerStatus};
use stratego_ssh::rules::{Rules, Setup, Variant};
use stratego_ssh::store::Store;

fn terms(rated: bool) -> GameTerms {
    GameTerms {
        rules: Rules::standard(Variant::Classic),
        rated,
        clock: None,
        days: None,
        budget: None,
    }
}

/// Alice challenges bob (privately or not); bob accepts challenge `nth`: both seats.
async fn challenge_accepted(
    lobby: &LobbyHandle,
    alice: &mut Client,
    bob: &mut Client,
    private: bool,
    rated: bool,
    nth: u64,
) -> (GameSeat, GameSeat) {
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: terms(rated),
            private_to: Some("bob".into()),
            private,
        },
    );
    loop {
        if let SessionEvent::Challenges(list) = bob.next_event().await {
            if list.iter().any(|s| s.id == nth) {
                break;
            }
        }
    }
    lobby.command(bob.session, LobbyCmd::Accept(nth));
    (alice.next_seat().await.0, bob.next_seat().await.0)
}

/// Both set up, one move is played, `loser` resigns: the game is over.
async fn play_and_resign(a: &mut GameSeat, b: &GameSeat) {
    let rules = Rules::standard(Variant::Classic);
    for (seat, seed) in [(&*a, 1), (b, 2)] {
        let c = seat.color.unwrap();
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
            .await;
    }
    until(a, "play", |s| s.phase == GamePhase::Playing).await;
    {
        let red_to_move = a.snapshots.borrow().view.as_ref().unwrap().to_move == a.color.unwrap();
        let mover = if red_to_move { &*a } else { b };
        let m = mover.snapshots.borrow().view.as_ref().unwrap().legal_moves[0];
        mover.send(GameCmd::Move(m)).await;
    }
    until(a, "the move", |s| s.history.len() == 1).await;
    a.send(GameCmd::Resign).await;
    until(a, "the end", |s| s.phase == GamePhase::Over).await;
}

/// A chat line from `who`, seen in the shared snapshot: everything the lobby did before it
/// is published.
async fn published(lobby: &LobbyHandle, who: &Client, line: &str) {
    lobby.command(who.session, LobbyCmd::Chat(line.into()));
    until_lobby(lobby, line, |l| l.chat.iter().any(|c| c.text == line)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_game_is_in_nobody_elses_lobby() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let mut carol = join(&lobby, "carol").await;
    let (a, b) = challenge_accepted(&lobby, &mut alice, &mut bob, true, false, 1).await;
    let id = a.game;
    let hidden = |what: &str| {
        let l = lobby.snapshot();
        assert!(l.games.iter().all(|g| g.id != id), "{what}: {:?}", l.games);
        for p in &l.players {
            assert!(
                !matches!(
                    p.status,
                    PlayerStatus::Playing(g) | PlayerStatus::LeftGame(g) | PlayerStatus::Watching(g)
                        if g == id
                ),
                "{what}: {p:?}"
            );
        }
    };
    published(&lobby, &carol, "while they play").await;
    hidden("in play");
    // Bob leaves his seat for the lobby: not "left game N" either.
    drop(b);
    published(&lobby, &carol, "after bob left").await;
    hidden("bob away");
    // Asked to watch it, carol hears what she hears of a game that does not exist.
    lobby.command(carol.session, LobbyCmd::Spectate(id + 100));
    let missing = carol.next_notice().await;
    lobby.command(carol.session, LobbyCmd::Spectate(id));
    assert_eq!(carol.next_notice().await, missing);
    drop(a);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_challenge_is_listed_like_any_game_and_may_be_rated() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let _carol = join(&lobby, "carol").await;
    let (mut a, b) = challenge_accepted(&lobby, &mut alice, &mut bob, false, true, 1).await;
    let id = a.game;
    until_lobby(&lobby, "the game listed, public", |l| {
        l.games.iter().any(|g| g.id == id && !g.private)
    })
    .await;
    until_lobby(&lobby, "alice playing it", |l| {
        l.players
            .iter()
            .any(|p| p.nick == "alice" && p.status == PlayerStatus::Playing(id))
    })
    .await;
    play_and_resign(&mut a, &b).await;
    let snap = a.snapshots.borrow().clone();
    assert!(
        snap.seats.red.rating_change.is_some() && snap.seats.blue.rating_change.is_some(),
        "rated: {:?}",
        snap.seats
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_challenge_is_casual_and_counts_nowhere() {
    let (server, addr) = web_server("private-casual", |_| {}).await;
    let (lobby, store) = (server.running.lobby.clone(), server.running.store.clone());
    for n in ["alice", "bob"] {
        store.users().claim_nick(n, &key(n)).await.unwrap();
    }
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    // Asked rated, it is refused: a private game is casual. Nothing is posted.
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: terms(true),
            private_to: Some("bob".into()),
            private: true,
        },
    );
    let refused = alice.next_notice().await;
    assert!(refused.contains("casual"), "{refused}");
    // The next challenge is number 1: the refused one was never posted.
    let (mut a, b) = challenge_accepted(&lobby, &mut alice, &mut bob, true, false, 1).await;
    let id = a.game;
    play_and_resign(&mut a, &b).await;
    let mut stored = None;
    for _ in 0..100 {
        stored = store.games().get(id).unwrap();
        if stored.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let stored = stored.expect("the game is stored");
    assert!(stored.private && !stored.rated, "private and casual");
    for n in ["alice", "bob"] {
        let p = http_get(addr, &format!("/api/player/{n}"), None).await;
        assert_eq!(p.status, 200, "{}", p.body);
        let v: serde_json::Value = serde_json::from_str(&p.body).unwrap();
        assert_eq!(v["ratings"], serde_json::json!([]), "{n}: {}", p.body);
        assert_eq!(v["recent"], serde_json::json!([]), "{n}: {}", p.body);
        let games = http_get(addr, &format!("/api/games/{n}"), None).await;
        assert_eq!(games.body.trim(), "", "{n}");
    }
    let board = http_get(addr, "/api/leaderboard/classic", None).await;
    assert!(
        !board.body.contains("alice") && !board.body.contains("bob"),
        "{}",
        board.body
    );
    server.running.stop().await;
}

/// Private means hidden from others, not from its two players: each finds the game in
/// either profile as the SSH screens ask for it (and replays it); anyone else, and the
/// anonymous web, do not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn its_two_players_find_a_private_game_in_their_profiles() {
    use stratego_ssh::proto::Perspective;
    use stratego_ssh::service::Service;

    let store = Store::temporary().unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let service = Service::new(store.clone(), lobby.clone());
    for n in ["alice", "bob", "carol"] {
        store.users().claim_nick(n, &key(n)).await.unwrap();
    }
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let (mut a, b) = challenge_accepted(&lobby, &mut alice, &mut bob, true, false, 1).await;
    let id = a.game;
    play_and_resign(&mut a, &b).await;
    for _ in 0..100 {
        if store.games().get(id).unwrap().is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let recent = |p: Option<stratego_ssh::proto::Profile>| -> Vec<u64> {
        p.expect("a profile").recent.iter().map(|g| g.id).collect()
    };
    for viewer in ["alice", "bob"] {
        for whose in ["alice", "bob"] {
            let p = service
                .profile_for(whose, Some(&key(viewer)))
                .await
                .unwrap();
            assert_eq!(recent(p), vec![id], "{viewer} looking at {whose}'s profile");
        }
        let shown = service
            .replay(id, 1, Perspective::Red, Some(&key(viewer)))
            .await
            .expect("replayed for its player");
        assert_eq!(shown.id, id);
    }
    for viewer in [Some(key("carol")), None] {
        for whose in ["alice", "bob"] {
            let p = service.profile_for(whose, viewer.as_ref()).await.unwrap();
            assert!(recent(p).is_empty(), "{viewer:?} looking at {whose}");
        }
    }
    assert!(recent(service.profile("alice").await.unwrap()).is_empty());
}

/// A private challenge does not show its maker "seeking a game" either (no seek of theirs
/// is listed); a public seek does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_challenge_shows_nobody_seeking() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let (alice, _bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let carol = join(&lobby, "carol").await;
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: terms(false),
            private_to: Some("bob".into()),
            private: true,
        },
    );
    published(&lobby, &carol, "after the challenge").await;
    let status = |nick: &str| {
        lobby
            .snapshot()
            .players
            .iter()
            .find(|p| p.nick == nick)
            .map(|p| p.status)
    };
    assert_eq!(status("alice"), Some(PlayerStatus::Idle));
    lobby.command(
        carol.session,
        LobbyCmd::Seek {
            terms: terms(false),
            private_to: None,
            private: false,
        },
    );
    published(&lobby, &carol, "after the seek").await;
    assert_eq!(status("carol"), Some(PlayerStatus::Seeking));
}
