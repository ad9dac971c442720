//! Game numbers: the lobby numbers games in memory from where the store says at start, and
//! a number is never handed out twice, across a clean restart or a crash that lost the
//! counter's last write (the game's own stored record still holds its number).

mod common;

use std::time::Duration;

use common::lobby_client::join;

use stratego_ssh::lobby::{self, LobbyConfig, LobbyHandle};
use stratego_ssh::proto::{BotLevel, GameId, GameTerms, LobbyCmd, PlayerId};
use stratego_ssh::rules::{ByColor, Color, Rules, Setup, Variant};
use stratego_ssh::store::{LiveGame, SeatRecord, Store};

/// `n` games against the computer, one after another; their numbers.
async fn play_bots(lobby: &LobbyHandle, n: usize) -> Vec<GameId> {
    let mut me = join(lobby, "ann").await;
    let mut ids = Vec::new();
    for _ in 0..n {
        lobby.command(
            me.session,
            LobbyCmd::PlayBot {
                level: BotLevel::Easy,
                rules: Rules::standard(Variant::Classic),
                clock: None,
            },
        );
        let (seat, _) = me.next_seat().await;
        ids.push(seat.game);
        drop(seat);
    }
    ids
}

/// The store, opened again once the last handle of the previous one let go of the files.
async fn reopen(dir: &std::path::Path) -> Store {
    for _ in 0..200 {
        match Store::open(dir) {
            Ok(s) => return s,
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
    Store::open(dir).expect("the store opens again")
}

fn increasing(ids: &[GameId]) -> bool {
    ids.windows(2).all(|w| w[0] < w[1])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_numbers_keep_increasing_across_restarts_and_never_repeat() {
    let dir = common::tempdir::Dir::new("game-ids");
    let mut all = Vec::new();
    for _ in 0..3 {
        let store = reopen(&dir.0).await;
        let lobby = lobby::spawn(LobbyConfig::default(), store);
        all.extend(play_bots(&lobby, 3).await);
        lobby.shutdown().await;
        drop(lobby);
    }
    assert_eq!(all.len(), 9);
    assert!(increasing(&all), "numbers over three runs: {all:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_counter_write_does_not_reuse_a_stored_games_number() {
    let dir = common::tempdir::Dir::new("game-ids-crash");
    let first = {
        let store = reopen(&dir.0).await;
        let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
        let ids = play_bots(&lobby, 2).await;
        // As after a crash: a game in progress is on disk under a number past the
        // counter (the counter's write for it never made it).
        let rules = Rules::standard(Variant::Classic);
        let seat = |id: &str, nick: &str| SeatRecord {
            identity: id.parse::<PlayerId>().unwrap(),
            nick: nick.into(),
        };
        let crashed = ids[1] + 5;
        store
            .live()
            .save(&LiveGame {
                id: crashed,
                terms: GameTerms {
                    rules,
                    rated: false,
                    clock: None,
                    days: None,
                    budget: None,
                },
                seats: ByColor::new(seat("key:SHA256:a", "ann"), seat("key:SHA256:b", "bob")),
                red: Setup::random(&rules, Color::Red, 1),
                blue: Setup::random(&rules, Color::Blue, 2),
                moves: Vec::new(),
                clocks: None,
                started: 1_000,
                private: false,
                turn_since: None,
                turn_starts: vec![],
            })
            .await
            .unwrap();
        lobby.shutdown().await;
        drop(lobby);
        crashed
    };
    let store = reopen(&dir.0).await;
    let lobby = lobby::spawn(LobbyConfig::default(), store);
    let next = play_bots(&lobby, 2).await;
    assert!(
        next.iter().all(|&id| id > first),
        "after game {first} was stored, new games got {next:?}"
    );
    assert!(increasing(&next), "{next:?}");
    lobby.shutdown().await;
}
