//! The analysis after a game judges each move from the view its mover had (issue 47 item
//! 2). Through the lobby and real game tasks, no network: a game is played, each mover's
//! view saved as the game showed it to that seat just before the move; once it ends, its
//! stored record rebuilt ply by ply ([`GameRecord::for_each_ply`], what the reviewer is
//! given) gives exactly those views. And the game, once its result is stored, is queued
//! and reviewed without anyone asking: one judgement per ply in the store.

mod common;

use std::time::Duration;

use common::lobby_client::{join, until};
use stratego_ssh::lobby::{self, LobbyConfig};
use stratego_ssh::proto::{GameCmd, GamePhase, GameTerms, LobbyCmd};
use stratego_ssh::rules::{Color, PlayerView, Rules, Setup, SplitMix64, Variant};
use stratego_ssh::store::Store;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reviewer_gets_the_view_each_mover_had_and_a_finished_game_is_reviewed() {
    let store = Store::temporary().unwrap();
    let mut config = LobbyConfig::default();
    config.analysis.nodes = 1_000;
    // At nice 0: at the server's nice 15 a review waits for every other process of a busy
    // machine (tested in lobby::analysis).
    config.analysis.nice = 0;
    let lobby = lobby::spawn(config, store.clone());
    let mut alice = join(&lobby, "alice").await;
    let mut bob = join(&lobby, "bob").await;
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
    for (seat, seed) in [(&a, 11), (&b, 12)] {
        let c = seat.color.unwrap();
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
            .await;
    }
    until(&mut a, "play", |s| s.phase == GamePhase::Playing).await;
    until(&mut b, "play", |s| s.phase == GamePhase::Playing).await;

    // 30 plies of random legal moves (from each mover's own view), each view kept.
    let mut rng = SplitMix64(47);
    let mut shown: Vec<PlayerView> = Vec::new();
    for ply in 0..30u32 {
        for s in [&mut a, &mut b] {
            until(s, "the ply", |snap| {
                snap.view.as_ref().is_some_and(|v| v.ply == ply)
            })
            .await;
        }
        let red_is_a = a.color == Some(Color::Red);
        let mover = if (ply % 2 == 0) == red_is_a { &a } else { &b };
        let view = mover.snapshots.borrow().view.clone().unwrap();
        if view.outcome.is_some() {
            break;
        }
        assert_eq!(view.to_move, mover.color.unwrap());
        let mv = view.legal_moves[rng.below(view.legal_moves.len())];
        shown.push(view);
        mover.send(GameCmd::Move(mv)).await;
    }
    let plies = shown.len() as u32;
    for s in [&mut a, &mut b] {
        until(s, "the last ply", |snap| {
            snap.view.as_ref().is_some_and(|v| v.ply == plies) || snap.phase == GamePhase::Over
        })
        .await;
    }
    if a.snapshots.borrow().phase != GamePhase::Over {
        b.send(GameCmd::Resign).await;
    }
    until(&mut a, "over", |s| s.phase == GamePhase::Over).await;

    // The stored record, rebuilt ply by ply: each mover's view is the one the game showed.
    let mut stored = None;
    for _ in 0..100 {
        stored = store.games().get(game).unwrap();
        if stored.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let record = stored.expect("the game is stored").record;
    assert_eq!(record.moves.len(), shown.len());
    let mut rebuilt = Vec::new();
    record
        .for_each_ply(|p| {
            assert_eq!(p.seen.viewer, stratego_ssh::rules::Viewer::Player(p.mover));
            // The hindsight view is the same moment: same pieces, same squares.
            for (s, r) in p.seen.board.iter().zip(&p.revealed.board) {
                assert_eq!(s.map(|x| (x.color, x.moved)), r.map(|x| (x.color, x.moved)));
                if let (Some(s), Some(r)) = (s, r) {
                    assert!(s.rank.is_none() || s.rank == r.rank);
                    assert!(r.rank.is_some(), "every rank known with hindsight");
                }
            }
            rebuilt.push(p.seen);
        })
        .unwrap();
    for (k, (live, again)) in shown.iter().zip(&rebuilt).enumerate() {
        assert_eq!(live, again, "ply {}: the view the mover had", k + 1);
    }

    // Reviewed without being asked: queued when the game ended.
    let mut kept = None;
    for _ in 0..600 {
        kept = store.analyses().get(game).unwrap();
        if kept.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (analysis, _) = kept.expect("the finished game is reviewed within a minute");
    assert_eq!(analysis.plies.len(), record.moves.len());
    for (p, mv) in analysis.plies.iter().zip(&record.moves) {
        assert_eq!(p.played, *mv);
    }
}
