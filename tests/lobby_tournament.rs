//! Tournaments driven at lobby level (no SSH): a Swiss's rounds paired, played and scored
//! through the lobby actor, carried across a restart on the same data; an arena pairing
//! again as soon as games end; entry rules.

mod common;

use std::collections::HashMap;
use std::time::Duration;

use common::lobby_client::{ident, join, join_as, until, Client};
use common::tournament::{create, terms};

use stratego_ssh::lobby::{self, LobbyConfig, LobbyHandle, TournamentOrder};
use stratego_ssh::proto::{
    EntryRule, GameCmd, GamePhase, LobbyCmd, PlayerId, TournamentInfo, TournamentStatus,
};
use stratego_ssh::rules::{Color, Rules, Setup, Variant};
use stratego_ssh::store::Store;
use stratego_ssh::tournament::Format;

fn info(lobby: &LobbyHandle, id: u64) -> TournamentInfo {
    lobby
        .snapshot()
        .tournaments
        .iter()
        .find(|t| t.id == id)
        .cloned()
        .expect("the tournament is in the lobby")
}

/// Waits (20 s at most) until the tournament's view satisfies `pred`.
async fn until_t(lobby: &LobbyHandle, id: u64, what: &str, pred: impl Fn(&TournamentInfo) -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(t) = lobby.snapshot().tournaments.iter().find(|t| t.id == id) {
            if pred(t) {
                return;
            }
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "waiting for: {what}: {:#?}",
            lobby.snapshot().tournaments
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The games of the tournament's round `round` in play: each is played by its two
/// clients, who set up and then Red resigns (so Blue wins). Returns (red, blue) nicks.
async fn play_round(
    lobby: &LobbyHandle,
    id: u64,
    round: u32,
    clients: &mut HashMap<String, Client>,
) -> Vec<(String, String)> {
    until_t(lobby, id, "the round's games", |t| {
        t.round == round && (!t.games.is_empty() || t.status != TournamentStatus::Running)
    })
    .await;
    let games = info(lobby, id).games;
    let mut out = Vec::new();
    for g in &games {
        let rules = Rules::standard(Variant::Classic);
        let mut seats = Vec::new();
        for nick in [&g.red, &g.blue] {
            let c = clients.get_mut(nick).expect("a client");
            let (seat, _) = c.next_seat().await;
            assert_eq!(seat.game, g.id, "{nick} is seated in the paired game");
            seats.push(seat);
        }
        assert_eq!(seats[0].color, Some(Color::Red), "{} plays Red", g.red);
        for (i, seat) in seats.iter().enumerate() {
            let c = seat.color.unwrap();
            seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, i as u64 + 7)))
                .await;
        }
        until(&mut seats[0], "play", |s| s.phase == GamePhase::Playing).await;
        seats[0].send(GameCmd::Resign).await;
        until(&mut seats[1], "the end", |s| s.phase == GamePhase::Over).await;
        out.push((g.red.clone(), g.blue.clone()));
    }
    out
}

fn table(t: &TournamentInfo) -> Vec<(String, String, String)> {
    t.standings
        .iter()
        .map(|s| {
            (
                s.nick.clone(),
                s.points_text(t.terms.format),
                s.marks.iter().map(|m| m.letter()).collect(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_five_plays_three_rounds_across_a_restart() {
    let dir = common::tempdir::Dir::new("swiss");
    let nicks = ["ann", "ben", "cat", "dan", "eve"];
    let id;
    let round1;
    {
        let store = Store::open(&dir.0).unwrap();
        let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
        id = create(&lobby, terms("Friday Swiss", Format::Swiss { rounds: 3 })).await;
        let mut clients = HashMap::new();
        for n in nicks {
            let mut c = join(&lobby, n).await;
            lobby.command(c.session, LobbyCmd::JoinTournament(id));
            c.notice_containing("you joined Friday Swiss").await;
            clients.insert(n.to_string(), c);
        }
        until_t(&lobby, id, "five entrants, upcoming", |t| {
            t.status == TournamentStatus::Upcoming && t.standings.len() == 5
        })
        .await;
        lobby
            .tournament(TournamentOrder::Start { id, by: None })
            .await
            .unwrap();

        // Round 1, everyone unrated (1500), so in join order: ann ben cat dan eve. The
        // bye goes to the lowest, eve; the top half (ann, ben) meets the bottom half
        // (cat, dan) in order; in round 1 the higher-ranked player of a board has Red.
        round1 = play_round(&lobby, id, 1, &mut clients).await;
        assert_eq!(
            round1,
            vec![("ann".into(), "cat".into()), ("ben".into(), "dan".into())]
        );
        // Red resigned on both boards: cat and dan won, eve had the bye.
        until_t(&lobby, id, "round 1 scored", |t| t.games.is_empty()).await;
        let t = info(&lobby, id);
        let mut top: Vec<(String, String)> =
            table(&t).into_iter().map(|(n, p, _)| (n, p)).collect();
        top.truncate(3);
        assert!(top.iter().all(|(_, p)| p == "1"), "{:?}", table(&t));

        // Round 2 is paired; the server stops before its games are played.
        until_t(&lobby, id, "round 2 paired", |t| t.round == 2).await;
        lobby.shutdown().await;
        drop(clients);
        drop(lobby);
        drop(store);
    }

    // The restart: the same data. The tournament is still running, in round 2.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let store = Store::open(&dir.0).unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let mut clients = HashMap::new();
    for n in nicks {
        clients.insert(n.to_string(), join_as(&lobby, ident(n)).await);
    }
    until_t(&lobby, id, "running, in round 2", |t| {
        t.status == TournamentStatus::Running && t.round == 2
    })
    .await;
    // The round-2 games were in set-up (a game is stored from its first move): they start
    // again, and the players land in them.
    // Round 2, half-points cat 2, dan 2, eve 2 (bye), ann 0, ben 0. The bye goes to the
    // lowest-ranked without one: ben. Group [cat, dan, eve]: cat-dan, and eve floats down
    // to meet ann. Colours: cat and dan both had Blue once: cat (higher) gets the opposite
    // of his last: Red. eve (no game) against ann (one Red): eve has the lower difference.
    let round2 = play_round(&lobby, id, 2, &mut clients).await;
    assert_eq!(
        round2,
        vec![("cat".into(), "dan".into()), ("eve".into(), "ann".into())]
    );
    // Round 3, half-points dan 4; ann 2, ben 2, cat 2, eve 2. Byes had: eve, ben; the
    // lowest-ranked without one is cat. dan floats into [ann, ben, eve]: top half
    // [dan, ann] against [ben, eve]: dan-ben is a rematch, so dan-eve, then ann-ben.
    // Colours: dan (two Blues) gets Red against eve (one Red); ann (Red, Blue: 0) gets Red
    // against ben (one Red: +1).
    let round3 = play_round(&lobby, id, 3, &mut clients).await;
    assert_eq!(
        round3,
        vec![("dan".into(), "eve".into()), ("ann".into(), "ben".into())]
    );
    until_t(&lobby, id, "finished", |t| {
        t.status == TournamentStatus::Finished
    })
    .await;
    let t = info(&lobby, id);
    // Every player has 3 marks (W, L or B). Each board gives its winner 1 point and each
    // bye 1: 2 boards and a bye a round, 3 rounds: 9 points in all.
    let total: u32 = t.standings.iter().map(|s| s.points).sum();
    assert_eq!(total, 2 * 9, "half-points: {:?}", table(&t));
    for s in &t.standings {
        assert_eq!(s.marks.len(), 3, "{:?}", table(&t));
    }
    // Final: dan W W L = 2, eve B L W, ben L B W, cat W L B all 2 points, ann L W L 1.
    // Buchholz (the opponents' points): dan 2+2+2 = 6; eve 1+2, ben 2+1, cat 1+2 = 3.
    // Sonneborn-Berger (the points of those beaten) among eve, ben, cat: eve beat dan (2),
    // ben and cat each beat ann (1): eve second; ben before cat on join order.
    assert_eq!(
        table(&t),
        vec![
            ("dan".into(), "2".into(), "WWL".into()),
            ("eve".into(), "2".into(), "BLW".into()),
            ("ben".into(), "2".into(), "LBW".into()),
            ("cat".into(), "2".into(), "WLB".into()),
            ("ann".into(), "1".into(), "LWL".into()),
        ]
    );
    let byes: usize = t
        .standings
        .iter()
        .filter(|s| s.marks.contains(&stratego_ssh::tournament::Mark::Bye))
        .count();
    assert_eq!(
        byes,
        3,
        "three different players had the bye: {:?}",
        table(&t)
    );
    lobby.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_arena_ends_later_by_the_time_the_server_was_down() {
    let dir = common::tempdir::Dir::new("arena-down");
    let (id, end_before) = {
        let store = Store::open(&dir.0).unwrap();
        let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
        let id = create(&lobby, terms("Long Arena", Format::Arena { minutes: 60 })).await;
        let mut ann = join(&lobby, "ann").await;
        lobby.command(ann.session, LobbyCmd::JoinTournament(id));
        ann.notice_containing("you joined Long Arena").await;
        lobby
            .tournament(TournamentOrder::Start { id, by: None })
            .await
            .unwrap();
        until_t(&lobby, id, "running", |t| {
            t.status == TournamentStatus::Running
        })
        .await;
        let end = info(&lobby, id).ends_at.expect("an end time");
        lobby.shutdown().await;
        drop(ann);
        drop(lobby);
        drop(store);
        (id, end)
    };
    // Down for 4 seconds.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let store = Store::open(&dir.0).unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    until_t(&lobby, id, "running again", |t| {
        t.status == TournamentStatus::Running
    })
    .await;
    let end_after = info(&lobby, id).ends_at.unwrap();
    // Moved on by the time down, and at most the heartbeat's period more (the last time
    // it was known to be running is written every 5 s).
    let moved = end_after - end_before;
    assert!((4..=4 + 5 + 1).contains(&moved), "moved by {moved} s");
    lobby.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn entry_rules_are_enforced_with_a_reason() {
    let dir = common::tempdir::Dir::new("entry");
    let store = Store::open(&dir.0).unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let mut invited = terms("Invitational", Format::Swiss { rounds: 2 });
    invited.entry = EntryRule::Nicks(vec!["Ann".into()]);
    let a = create(&lobby, invited).await;
    let mut rated = terms("Rated Only", Format::Arena { minutes: 30 });
    rated.min_rated_games = 5;
    let b = create(&lobby, rated).await;
    let mut ann = join(&lobby, "ann").await;
    let mut bob = join(&lobby, "bob").await;
    lobby.command(bob.session, LobbyCmd::JoinTournament(a));
    assert!(bob
        .next_notice()
        .await
        .contains("by invitation, and bob is not on its list"));
    lobby.command(ann.session, LobbyCmd::JoinTournament(a));
    assert!(ann.next_notice().await.contains("you joined Invitational"));
    lobby.command(ann.session, LobbyCmd::JoinTournament(a));
    assert!(ann.next_notice().await.contains("already"));
    lobby.command(ann.session, LobbyCmd::JoinTournament(b));
    assert!(ann
        .next_notice()
        .await
        .contains("asks for 5 rated Classic games; you have 0"));
    let mut guest = join_as(
        &lobby,
        stratego_ssh::lobby::Ident {
            id: stratego_ssh::proto::PlayerId::Guest("g1".into()),
            nick: "guest-1".into(),
            guest: true,
            addr: None,
        },
    )
    .await;
    let mut open_rated = terms("Rated Arena", Format::Arena { minutes: 30 });
    open_rated.game.rated = true;
    let c = create(&lobby, open_rated).await;
    lobby.command(guest.session, LobbyCmd::JoinTournament(c));
    assert!(guest
        .next_notice()
        .await
        .contains("for players with an SSH key"));
    // Leaving an upcoming event takes the entry back; a Swiss that started takes no one.
    lobby.command(ann.session, LobbyCmd::LeaveTournament(a));
    assert!(ann.next_notice().await.contains("you left Invitational"));
    until_t(&lobby, a, "no entrant", |t| t.standings.is_empty()).await;
    lobby.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_game_has_no_rematch() {
    let dir = common::tempdir::Dir::new("no-rematch");
    let store = Store::open(&dir.0).unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let id = create(&lobby, terms("Quick Arena", Format::Arena { minutes: 10 })).await;
    let mut clients = HashMap::new();
    for n in ["ann", "ben"] {
        let mut c = join(&lobby, n).await;
        lobby.command(c.session, LobbyCmd::JoinTournament(id));
        c.notice_containing("you joined Quick Arena").await;
        clients.insert(n.to_string(), c);
    }
    lobby
        .tournament(TournamentOrder::Start { id, by: None })
        .await
        .unwrap();
    let rules = Rules::standard(Variant::Classic);
    let mut seats = Vec::new();
    for n in ["ann", "ben"] {
        let (seat, _) = clients.get_mut(n).unwrap().next_seat().await;
        // From the seat's first snapshot on: a screen or board that draws it at once
        // offers no rematch.
        assert!(seat.snapshots.borrow().tournament, "{n}'s first snapshot");
        seats.push(seat);
    }
    seats.sort_by_key(|s| s.color != Some(Color::Red));
    for (i, seat) in seats.iter().enumerate() {
        let c = seat.color.unwrap();
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, i as u64)))
            .await;
    }
    until(&mut seats[0], "play", |s| s.phase == GamePhase::Playing).await;
    seats[0].send(GameCmd::Resign).await;
    until(&mut seats[1], "the end", |s| s.phase == GamePhase::Over).await;
    // The game says it is a tournament's (its end screen offers no rematch).
    assert!(seats.iter().all(|s| s.snapshots.borrow().tournament));
    for seat in &seats {
        seat.send(GameCmd::Rematch).await;
    }
    for n in ["ann", "ben"] {
        clients
            .get_mut(n)
            .unwrap()
            .notice_containing("No rematch in a tournament")
            .await;
    }
    // Nobody is shown "rematch agreed", or even "asked for a rematch".
    for seat in &seats {
        let snap = seat.snapshots.borrow().clone();
        assert!(
            !snap.rematch.red && !snap.rematch.blue,
            "{:?}",
            snap.rematch
        );
    }
    // And the two are not paired again at once: each was the other's last opponent.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let t = info(&lobby, id);
    assert!(t.games.is_empty(), "{:?}", t.games);
    lobby.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_players_enter_only_where_the_host_allows_it_for_testing() {
    let dir = common::tempdir::Dir::new("bots-enter");
    let store = Store::open(&dir.0).unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let id = create(&lobby, terms("No Bots", Format::Arena { minutes: 10 })).await;
    let refused = lobby
        .tournament(TournamentOrder::AddBot {
            id,
            level: stratego_ssh::proto::BotLevel::Easy,
        })
        .await
        .unwrap_err()
        .to_string();
    assert!(refused.contains("tournament_bots = true"), "{refused}");
    lobby.shutdown().await;
    drop(lobby);
    drop(store);

    let dir = common::tempdir::Dir::new("bots-test");
    let store = Store::open(&dir.0).unwrap();
    let config = LobbyConfig {
        tournament_bots: true,
        ..LobbyConfig::default()
    };
    let lobby = lobby::spawn(config, store.clone());
    let id = create(&lobby, terms("Test Arena", Format::Arena { minutes: 10 })).await;
    let mut ann = join(&lobby, "ann").await;
    lobby.command(ann.session, LobbyCmd::JoinTournament(id));
    ann.notice_containing("you joined Test Arena").await;
    let line = lobby
        .tournament(TournamentOrder::AddBot {
            id,
            level: stratego_ssh::proto::BotLevel::Easy,
        })
        .await
        .unwrap();
    assert!(line.contains("bot-easy entered"), "{line}");
    lobby
        .tournament(TournamentOrder::Start { id, by: None })
        .await
        .unwrap();
    // ann meets the computer, which sets up and plays by itself; ann resigns.
    let (mut seat, _) = ann.next_seat().await;
    let rules = Rules::standard(Variant::Classic);
    seat.send(GameCmd::SubmitSetup(Setup::random(
        &rules,
        seat.color.unwrap(),
        3,
    )))
    .await;
    until(&mut seat, "play", |s| s.phase == GamePhase::Playing).await;
    seat.send(GameCmd::Resign).await;
    until_t(&lobby, id, "the result", |t| {
        t.standings
            .iter()
            .any(|s| s.nick == "bot-easy" && s.points == 2)
    })
    .await;
    lobby.shutdown().await;
}

/// The number in a "tournament #N ..." line.
fn number_in(line: &str) -> u64 {
    line.trim_start_matches("tournament #")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// `order` from the key `SHA256:<key>` (a player who is not an admin).
fn as_key(key: &str, order: TournamentOrder) -> TournamentOrder {
    TournamentOrder::AsPlayer {
        identity: PlayerId::Key(format!("SHA256:{key}")),
        order: Box::new(order),
    }
}

/// Issue 33: a player may have `max_tournaments_per_organiser` upcoming or running at once
/// (admins exempt), a tournament takes `max_entrants`, and a player's tournament is theirs
/// by key: another key under the same nick, or a nick alone, cannot change it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_tournaments_are_theirs_by_key_within_the_caps() {
    let config = LobbyConfig {
        max_tournaments_per_organiser: 2,
        max_entrants: 2,
        ..LobbyConfig::default()
    };
    let lobby = lobby::spawn(config, Store::temporary().unwrap());
    let create_as = |key: &str, name: &str| {
        as_key(
            key,
            TournamentOrder::Create {
                terms: terms(name, Format::Arena { minutes: 30 }),
                by: "ann".into(),
            },
        )
    };
    let a = number_in(&lobby.tournament(create_as("ann", "Ann One")).await.unwrap());
    lobby.tournament(create_as("ann", "Ann Two")).await.unwrap();
    let e = lobby
        .tournament(create_as("ann", "Ann Three"))
        .await
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("you have 2 tournaments upcoming or running, the most one organiser may have"),
        "{e}"
    );
    let names: Vec<String> = lobby
        .tournaments()
        .await
        .into_iter()
        .map(|t| t.terms.name)
        .collect();
    assert_eq!(names.len(), 2, "nothing created: {names:?}");
    // An admin is not capped.
    for n in ["Admin One", "Admin Two", "Admin Three"] {
        create(&lobby, terms(n, Format::Arena { minutes: 30 })).await;
    }

    // Another key that now goes by "ann" has its own cap, and no hold on ann's events.
    lobby
        .tournament(create_as("other", "Other One"))
        .await
        .unwrap();
    let by = Some("ann".to_string());
    for order in [
        TournamentOrder::Cancel {
            id: a,
            by: by.clone(),
        },
        TournamentOrder::Start {
            id: a,
            by: by.clone(),
        },
        TournamentOrder::Edit {
            id: a,
            terms: terms("Taken Over", Format::Arena { minutes: 5 }),
            by: by.clone(),
        },
    ] {
        let e = lobby
            .tournament(as_key("other", order.clone()))
            .await
            .unwrap_err()
            .to_string();
        assert!(e.contains("created by ann: only they or an admin"), "{e}");
        // A nick alone proves nothing either.
        let e = lobby.tournament(order).await.unwrap_err().to_string();
        assert!(e.contains("created by ann: only they or an admin"), "{e}");
    }
    // (The lobby publishes its snapshot a moment after an order: wait for it.)
    until_t(&lobby, a, "ann's first tournament listed", |t| {
        t.terms.name == "Ann One" && t.status == TournamentStatus::Upcoming
    })
    .await;
    // Her own key cancels it, which frees a place under her cap.
    let ok = lobby
        .tournament(as_key("ann", TournamentOrder::Cancel { id: a, by }))
        .await
        .unwrap();
    assert!(ok.contains("cancelled"), "{ok}");
    let three = number_in(
        &lobby
            .tournament(create_as("ann", "Ann Three"))
            .await
            .unwrap(),
    );

    // Two entrants at most: a third is refused and not entered, until a place frees.
    let mut p1 = join(&lobby, "p1").await;
    let mut p2 = join(&lobby, "p2").await;
    let mut p3 = join(&lobby, "p3").await;
    for p in [&mut p1, &mut p2] {
        lobby.command(p.session, LobbyCmd::JoinTournament(three));
        let n = p.next_notice().await;
        assert!(n.contains("you joined Ann Three"), "{n}");
    }
    lobby.command(p3.session, LobbyCmd::JoinTournament(three));
    let n = p3.next_notice().await;
    assert!(
        n.contains("Ann Three is full: 2 players, the most one tournament takes"),
        "{n}"
    );
    until_t(&lobby, three, "two entrants", |t| t.standings.len() == 2).await;
    assert!(!info(&lobby, three).has_entrant("p3"));
    lobby.command(p2.session, LobbyCmd::LeaveTournament(three));
    assert!(p2.next_notice().await.contains("you left"));
    lobby.command(p3.session, LobbyCmd::JoinTournament(three));
    let n = p3.next_notice().await;
    assert!(n.contains("you joined Ann Three"), "{n}");
    lobby.shutdown().await;
}

/// A tournament stored before records named the creator's key is adopted at start by the
/// key then holding the creator's nick; another key cannot run it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_stored_without_its_creators_key_is_adopted_by_the_nicks_key() {
    let dir = common::tempdir::Dir::new("adopt");
    let store = Store::open(&dir.0).unwrap();
    let ann = PlayerId::Key("SHA256:ann".into());
    store.users().claim_nick("ann", &ann).await.unwrap();
    // As an older version wrote it: no `created_by_id`.
    let old = r#"{"v":1,"id":7,"terms":TERMS,"created_by":"ann","status":STATUS,
        "started_at":null,"ends_at":null,"round":0,"entrants":[],"pairings":[],
        "alive_at":0,"note":""}"#
        .replace(
            "TERMS",
            &serde_json::to_string(&terms("Old Cup", Format::Arena { minutes: 30 })).unwrap(),
        )
        .replace(
            "STATUS",
            &serde_json::to_string(&TournamentStatus::Upcoming).unwrap(),
        );
    let rec: stratego_ssh::store::TournamentRecord = serde_json::from_str(&old).unwrap();
    assert_eq!(rec.created_by_id, None);
    store.tournaments().put(&rec).await.unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let cancel = || TournamentOrder::Cancel {
        id: 7,
        by: Some("ann".into()),
    };
    let e = lobby
        .tournament(as_key("other", cancel()))
        .await
        .unwrap_err()
        .to_string();
    assert!(e.contains("created by ann: only they or an admin"), "{e}");
    let ok = lobby.tournament(as_key("ann", cancel())).await.unwrap();
    assert!(ok.contains("cancelled"), "{ok}");
    lobby.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_correspondence_games_pairs_a_player_who_is_away() {
    let dir = common::tempdir::Dir::new("corr-swiss");
    let store = Store::open(&dir.0).unwrap();
    let mut config = LobbyConfig::default();
    // Gone past this, an entrant of an ordinary Swiss loses the round unplayed.
    config.game.reconnect_grace = Duration::from_millis(100);
    let lobby = lobby::spawn(config, store.clone());
    let refused = |mut t: stratego_ssh::proto::TournamentTerms, days: u8| {
        let lobby = lobby.clone();
        async move {
            t.game.days = Some(days);
            lobby
                .tournament(TournamentOrder::Create {
                    terms: t,
                    by: "admin".into(),
                })
                .await
                .unwrap_err()
                .to_string()
        }
    };
    // Days a move: a Swiss only, and 1, 3 or 7 of them.
    let arena = refused(terms("Post Arena", Format::Arena { minutes: 60 }), 3).await;
    assert!(arena.contains("not an arena"), "{arena}");
    let five = refused(terms("Post Swiss", Format::Swiss { rounds: 2 }), 5).await;
    assert!(five.contains("1, 3 or 7 days a move, not 5"), "{five}");

    let mut post = terms("Post Swiss", Format::Swiss { rounds: 1 });
    post.game.days = Some(3);
    let id = create(&lobby, post).await;
    let mut ann = join(&lobby, "ann").await;
    let mut ben = join(&lobby, "ben").await;
    for c in [&mut ann, &mut ben] {
        lobby.command(c.session, LobbyCmd::JoinTournament(id));
        c.notice_containing("you joined Post Swiss").await;
    }
    // A guest's name lasts one visit: not for weeks of games.
    let mut guest = join_as(
        &lobby,
        stratego_ssh::lobby::Ident {
            id: PlayerId::Guest("g1".into()),
            nick: "guest-1".into(),
            guest: true,
            addr: None,
        },
    )
    .await;
    lobby.command(guest.session, LobbyCmd::JoinTournament(id));
    assert!(guest
        .next_notice()
        .await
        .contains("for players with an SSH key"));
    // Ben goes away well past the grace before the round is paired: he is paired all the
    // same (his game's days decide, not his presence).
    lobby.disconnect(ben.session);
    drop(ben);
    tokio::time::sleep(Duration::from_millis(500)).await;
    lobby
        .tournament(TournamentOrder::Start { id, by: None })
        .await
        .unwrap();
    let (seat, _) = ann.next_seat().await;
    let snap = seat.snapshots.borrow().clone();
    assert_eq!(snap.terms.days, Some(3), "a correspondence game");
    assert_eq!(snap.phase, GamePhase::Setup);
    until_t(&lobby, id, "the board in play", |t| t.games.len() == 1).await;
    let t = info(&lobby, id);
    assert!(
        t.terms_line()
            .starts_with("Swiss 1 rounds · Classic · 3 days a move (correspondence) ·"),
        "{}",
        t.terms_line()
    );
    assert!(
        [&t.games[0].red, &t.games[0].blue]
            .iter()
            .any(|n| n.as_str() == "ben"),
        "{:#?}",
        t.games
    );
    lobby.shutdown().await;
}
