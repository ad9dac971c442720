//! Keeping things: a rated game over SSH updates ratings, the leaderboard and the player's
//! game list; its replay is there as text, as archive XML and on screen.

mod common;

use std::time::Duration;

use common::{exec, is_movable_label, new_key, start_server, Login, ScreenBoard, Term};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_is_rated_listed_and_replayable() {
    let server = start_server("stored").await;
    let addr = server.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    alice.wait_text("no open seeks", 10).await;
    alice.send(b"n").await;
    alice.wait_text("Variant", 5).await;
    let form = alice.text();
    assert!(
        form.contains("< rated >"),
        "key players seek rated games by default:\n{form}"
    );
    alice.send(b"\r").await;
    bob.wait_for("the seek", 10, |t| {
        t.contains("Classic") && t.contains("alice")
    })
    .await;
    bob.send(b"j").await; // alice's seek, under the computer's row
    tokio::time::sleep(Duration::from_millis(50)).await;
    bob.send(b"\r").await;
    for t in [&alice, &bob] {
        t.wait_text("Set up your army", 10).await;
        t.send(b"r").await;
        t.wait_text("40 of 40 placed", 5).await;
        t.send(b"d").await;
    }
    let a_text = alice.wait_text("move 1", 10).await;
    let (red, blue, red_nick) = if a_text.contains("you play Red") {
        (&alice, &bob, "alice")
    } else {
        (&bob, &alice, "bob")
    };
    let rb = ScreenBoard::read(&red.wait_text("Your turn", 10).await).unwrap();
    let file = "ABEFIJ"
        .chars()
        .find(|f| is_movable_label(rb.at(&format!("{f}4"))))
        .unwrap();
    red.send(b"m").await;
    red.type_str(&format!("{file}4 {file}5")).await;
    red.send(b"\r").await;
    blue.wait_text("Your turn", 10).await;
    // Blue resigns.
    blue.send(b"R").await;
    blue.wait_text("Resign this game?", 5).await;
    blue.send(b"y").await;
    red.wait_text("You won!", 10).await;
    blue.wait_text("You lost", 10).await;
    tokio::time::sleep(Duration::from_millis(200)).await;

    let (board, status) = exec(addr, "alice", &ka, "leaderboard classic").await;
    assert_eq!(status, Some(0), "{board}");
    let lines: Vec<&str> = board.lines().collect();
    assert!(lines[0].contains("rating"), "{board}");
    assert!(lines[1].contains(red_nick), "the winner leads:\n{board}");
    let winner_rating: i32 = lines[1].split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(winner_rating > 1500, "{board}");

    let (games, _) = exec(addr, "bob", &kb, "games alice").await;
    let row = games.lines().nth(1).expect("one game listed");
    assert!(row.contains("resignation"), "{games}");
    let id = row.split_whitespace().next().unwrap().to_string();

    let (text, status) = exec(addr, "bob", &kb, &format!("replay {id}")).await;
    assert_eq!(status, Some(0), "{text}");
    assert!(text.contains(&format!("1. {file}4 {file}5")), "{text}");
    let (xml, status) = exec(addr, "bob", &kb, &format!("replay {id} --format gravon")).await;
    assert_eq!(status, Some(0));
    assert!(
        xml.contains("<stratego>") && xml.contains("<move id=\"1\""),
        "{xml}"
    );

    // On screen: back to the lobby, my games, open the replay, step to the end.
    alice.send(b"q").await;
    alice.wait_text("Open seeks", 10).await;
    alice.send(b"G").await;
    alice.wait_text("resign", 10).await;
    alice.send(b"\r").await;
    alice.wait_text("everything revealed", 10).await;
    alice.send(b"\x1b[F").await; // End
    let end = alice.wait_text("move 1 of 1", 10).await;
    let b = ScreenBoard::read(&end).expect("the replay board");
    assert!(
        !b.cells.iter().flatten().any(|c| c == "■"),
        "everything revealed:\n{end}"
    );
}

/// A private game (a challenge) stays private once finished: its two players find it in
/// their lists and replay it; anyone else (another player, an exec command, a profile)
/// gets what a game that does not exist gets.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_private_game_is_shown_to_its_players_only() {
    use common::lobby_client::{join, until};
    use stratego_ssh::lobby::{self, LobbyConfig};
    use stratego_ssh::proto::{GameCmd, GameFilter, GamePhase, GameTerms, LobbyCmd, PlayerId};
    use stratego_ssh::rules::{Rules, Setup, Variant};
    use stratego_ssh::service::{ReplayFault, Service};
    use stratego_ssh::store::Store;

    let dir = common::tempdir::Dir::new("private-finished");
    let store = Store::open(&dir.0).unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let service = Service::new(store.clone(), lobby.clone());
    let key = |n: &str| PlayerId::Key(format!("SHA256:{n}"));
    for n in ["alice", "bob", "carol"] {
        store.users().claim_nick(n, &key(n)).await.unwrap();
    }
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
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
            private_to: Some("bob".into()),
            private: true,
        },
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    lobby.command(bob.session, LobbyCmd::Accept(1));
    let (mut a, _) = alice.next_seat().await;
    let (b, _) = bob.next_seat().await;
    for (seat, seed) in [(&a, 1), (&b, 2)] {
        let c = seat.color.unwrap();
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
            .await;
    }
    until(&mut a, "play", |s| s.phase == GamePhase::Playing).await;
    let id = a.game;
    // One move, then a resignation: a finished game with a result.
    {
        let red_to_move = a.snapshots.borrow().view.as_ref().unwrap().to_move == a.color.unwrap();
        let mover = if red_to_move { &a } else { &b };
        let m = mover.snapshots.borrow().view.as_ref().unwrap().legal_moves[0];
        mover.send(GameCmd::Move(m)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    a.send(GameCmd::Resign).await;
    let mut finished = None;
    for _ in 0..100 {
        finished = store.games().get(id).unwrap();
        if finished.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let finished = finished.expect("the game is recorded");
    assert!(finished.private, "the record keeps the flag");

    let ids = |l: stratego_ssh::proto::GameList| l.items.iter().map(|i| i.id).collect::<Vec<_>>();
    // Its players see it, in their own list, in the other's list, and replay it.
    for me in ["alice", "bob"] {
        let mine = service
            .games(Some(&key(me)), GameFilter::Mine, None)
            .await
            .unwrap();
        assert_eq!(ids(mine), vec![id], "{me}'s own list");
        let theirs = service
            .games(Some(&key(me)), GameFilter::Player("alice".into()), None)
            .await
            .unwrap();
        assert_eq!(ids(theirs), vec![id], "{me} looking at alice's games");
        let shown = service
            .replay(id, 0, stratego_ssh::proto::Perspective::Red, Some(&key(me)))
            .await
            .expect("a player replays their private game");
        assert_eq!(shown.id, id);
    }
    // Anyone else: nothing, as for a game that does not exist.
    for viewer in [Some(key("carol")), None] {
        for filter in [GameFilter::Player("alice".into()), GameFilter::Recent] {
            let list = service
                .games(viewer.as_ref(), filter.clone(), None)
                .await
                .unwrap();
            assert!(ids(list).is_empty(), "{viewer:?} {filter:?}");
        }
        let r = service
            .replay(
                id,
                0,
                stratego_ssh::proto::Perspective::All,
                viewer.as_ref(),
            )
            .await;
        assert!(
            matches!(r, Err(ReplayFault::NoSuchGame(n)) if n == id),
            "{r:?}"
        );
    }
    let exec_replay = service.record(id).await.err().map(|e| e.to_string());
    let missing = service.record(id + 1000).await.err().map(|e| e.to_string());
    assert_eq!(
        exec_replay.map(|t| t.replace(&id.to_string(), "N")),
        missing.map(|t| t.replace(&(id + 1000).to_string(), "N")),
        "replay ID answers as for a game that does not exist"
    );
    let profile = service.profile("alice").await.unwrap().unwrap();
    assert!(profile.recent.is_empty(), "{:?}", profile.recent);
    lobby.shutdown().await;
}

/// A finished game stored as #`id` (a few random legal moves, then Blue resigns).
async fn store_a_game(store: &stratego_ssh::store::Store, id: u64) {
    use stratego_ssh::proto::{GameTerms, PlayerId};
    use stratego_ssh::rules::{
        ByColor, Color, EndReason, Game, Outcome, Rules, Setup, SplitMix64, Variant,
    };
    use stratego_ssh::store::{GameResult, SeatRecord};
    let rules = Rules::standard(Variant::Classic);
    let mut rng = SplitMix64(7);
    let (red, blue) = (
        Setup::random(&rules, Color::Red, 1),
        Setup::random(&rules, Color::Blue, 2),
    );
    let mut g = Game::new(rules, &red, &blue).unwrap();
    for _ in 0..4 {
        let legal = g.legal_moves();
        g.play(legal[rng.below(legal.len())]).unwrap();
    }
    g.end(Outcome {
        winner: Some(Color::Red),
        reason: EndReason::Resignation,
    });
    let mut record = g.record();
    record.red = red;
    record.blue = blue;
    let seat = |n: &str| SeatRecord {
        identity: PlayerId::Key(format!("SHA256:{n}")),
        nick: n.into(),
    };
    let r = GameResult {
        id,
        record,
        seats: ByColor::new(seat("alice"), seat("bob")),
        terms: GameTerms {
            rules,
            rated: false,
            clock: None,
            days: None,
            budget: None,
        },
        started: 1_000,
        ended: 1_100,
    };
    store.games().finish_with(&r, false).await.unwrap();
}

/// `ssh host replay ID` ends with the game's web page, at the host the player reached (or
/// the host's name, or its public_url); the scripts' formats and a server without web
/// pages print none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_prints_the_games_link_at_the_host_the_player_reached() {
    let key = new_key();
    let cases: [(&str, Option<&str>, Option<&str>); 4] = [
        ("link-default", None, None),
        ("link-host", Some("play.example.org"), None),
        (
            "link-public",
            Some("play.example.org"),
            Some("https://stratego.example.org/"),
        ),
        ("link-off", None, None),
    ];
    for (tag, host, public) in cases {
        let server = common::start_server_with(tag, |o| {
            if tag != "link-off" {
                o.http_listen = "127.0.0.1:0".into();
            }
            o.ssh.host_name = host.map(str::to_string);
            o.ssh.public_url = public.map(str::to_string);
        })
        .await;
        store_a_game(&server.running.store, 5).await;
        let addr = server.running.addr;
        let (text, status) = exec(addr, "carol", &key, "replay 5").await;
        assert_eq!(status, Some(0), "{text}");
        assert!(
            text.contains("Game #5: alice (Red) vs bob (Blue)"),
            "{text}"
        );
        let last = text.lines().last().unwrap();
        let want = match (tag, server.running.http_addr) {
            ("link-off", _) => None,
            ("link-public", _) => Some("https://stratego.example.org/game/5".to_string()),
            (_, Some(web)) => Some(format!(
                "http://{}:{}/game/5",
                host.unwrap_or("127.0.0.1"),
                web.port()
            )),
            _ => unreachable!(),
        };
        match want {
            Some(url) => assert_eq!(last, format!("Link: {url}"), "{tag}:\n{text}"),
            None => assert!(!text.contains("Link:"), "{tag}:\n{text}"),
        }
        // The scripts' formats are as they were.
        for f in ["gravon", "record"] {
            let (out, status) = exec(addr, "carol", &key, &format!("replay 5 --format {f}")).await;
            assert_eq!(status, Some(0), "{out}");
            assert!(
                !out.contains("Link:") && !out.contains("/game/5"),
                "{f}: {out}"
            );
        }
        server.running.stop().await;
    }
}
