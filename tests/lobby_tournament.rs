//! Tournaments driven at lobby level (no SSH): a Swiss's rounds paired, played and scored
//! through the lobby actor, carried across a restart on the same data; an arena pairing
//! again as soon as games end; entry rules.

mod common;

use std::collections::HashMap;
use std::time::Duration;

use common::lobby_client::{ident, join, join_as, until, Client};

use stratego_ssh::lobby::{self, LobbyConfig, LobbyHandle, TournamentOrder};
use stratego_ssh::proto::{
    EntryRule, GameCmd, GamePhase, GameTerms, LobbyCmd, TournamentInfo, TournamentStatus,
    TournamentTerms,
};
use stratego_ssh::rules::{Color, Rules, Setup, Variant};
use stratego_ssh::store::Store;
use stratego_ssh::tournament::Format;

fn terms(name: &str, format: Format) -> TournamentTerms {
    TournamentTerms {
        name: name.into(),
        format,
        game: GameTerms {
            rules: Rules::standard(Variant::Classic),
            rated: false,
            clock: None,
        },
        starts_at: stratego_ssh::store::now() + 3600,
        entry: EntryRule::Anyone,
        min_rated_games: 0,
    }
}

async fn create(lobby: &LobbyHandle, t: TournamentTerms) -> u64 {
    let line = lobby
        .tournament(TournamentOrder::Create {
            terms: t,
            by: "admin".into(),
        })
        .await
        .expect("created");
    line.trim_start_matches("tournament #")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

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
        let mut top: Vec<(String, String)> = table(&t)
            .into_iter()
            .map(|(n, p, _)| (n, p))
            .collect();
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
    // The round-2 games come back as games in progress (players land in them again).
    let round2 = play_round(&lobby, id, 2, &mut clients).await;
    assert_eq!(round2.len(), 2);
    for (r, b) in &round2 {
        assert!(
            !round1.contains(&(r.clone(), b.clone())) && !round1.contains(&(b.clone(), r.clone())),
            "no rematch in round 2: {r} - {b}"
        );
    }
    let round3 = play_round(&lobby, id, 3, &mut clients).await;
    assert_eq!(round3.len(), 2);
    until_t(&lobby, id, "finished", |t| t.status == TournamentStatus::Finished).await;
    let t = info(&lobby, id);
    // Every player has 3 marks (W, L or B). Each board gives its winner 1 point and each
    // bye 1: 2 boards and a bye a round, 3 rounds: 9 points in all.
    let total: u32 = t.standings.iter().map(|s| s.points).sum();
    assert_eq!(total, 2 * 9, "half-points: {:?}", table(&t));
    for s in &t.standings {
        assert_eq!(s.marks.len(), 3, "{:?}", table(&t));
    }
    let byes: usize = t
        .standings
        .iter()
        .filter(|s| s.marks.contains(&stratego_ssh::tournament::Mark::Bye))
        .count();
    assert_eq!(byes, 3, "three different players had the bye: {:?}", table(&t));
    lobby.shutdown().await;
}
