//! The cost of the set-up library's statistics and of the server's set-up explorer
//! (issue 47 item 3), on a database in a real directory holding `GAMES` finished Classic
//! games of about 200 plies each (random legal moves), all of them alice's (so her
//! statistics read every one, as the server's explorer does):
//!
//! - `player_stats`: one saved set-up's statistics over all of alice's games (one listing
//!   scan, one record read and decoded per game, the army compared);
//! - `server_explorer`: the explorer over the same games (what `Service::explorer`
//!   computes at most once a minute per variant; capped at 5,000 games).
//!
//! Measured 2026-11-29 18:32-18:36 UTC on the 2-core machine, three other helpers building
//! (load average 8.5-9.5), three runs: `player_stats` 187 ms median, 226 ms worst;
//! `server_explorer` 194 ms median, 201 ms worst (about 0.1 ms a game; docs/performance.md).
//!
//! Run: `cargo bench --bench setup_stats`.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use stratego_ssh::proto::{GameTerms, PlayerId, SavedSetup};
use stratego_ssh::rules::{
    ByColor, Color, EndReason, Game, Outcome, Rules, Setup, SplitMix64, Variant,
};
use stratego_ssh::service::{player_stats, server_explorer};
use stratego_ssh::store::{GameResult, SeatRecord, Store};

/// Finished games in the database.
const GAMES: u64 = 2_000;

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn filled() -> (TempDir, Store, PlayerId, Setup) {
    let dir = TempDir(
        std::env::temp_dir().join(format!("stratego-setup-stats-bench-{}", std::process::id())),
    );
    let _ = std::fs::remove_dir_all(&dir.0);
    let store = Store::open(&dir.0).expect("store");
    let alice: PlayerId = "key:SHA256:alice".parse().unwrap();
    let bob: PlayerId = "key:SHA256:bob".parse().unwrap();
    let rules = Rules::standard(Variant::Classic);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut first = None;
    for id in 1..=GAMES {
        let mut rng = SplitMix64(id);
        let red = Setup::random(&rules, Color::Red, rng.next());
        let blue = Setup::random(&rules, Color::Blue, rng.next());
        let mut g = Game::new(rules, &red, &blue).unwrap();
        while !g.is_over() && g.ply() < 200 {
            let legal = g.legal_moves();
            g.play(legal[rng.below(legal.len())]).unwrap();
        }
        if !g.is_over() {
            g.end(Outcome {
                winner: Some(Color::Blue),
                reason: EndReason::Resignation,
            });
        }
        first.get_or_insert_with(|| red.clone());
        let seat = |p: &PlayerId, n: &str| SeatRecord {
            identity: p.clone(),
            nick: n.into(),
        };
        let r = GameResult {
            id,
            record: g.record(),
            seats: ByColor::new(seat(&alice, "alice"), seat(&bob, "bob")),
            terms: GameTerms {
                rules,
                rated: false,
                clock: None,
                days: None,
                budget: None,
            },
            started: 1_000 + id,
            ended: 2_000 + id,
        };
        rt.block_on(store.games().finish(&r)).expect("finish");
    }
    (dir, store, alice, first.unwrap())
}

fn bench(c: &mut Criterion) {
    let (_dir, store, alice, setup) = filled();
    let saved = [SavedSetup {
        name: "first".into(),
        variant: Variant::Classic,
        setup,
    }];
    let mut group = c.benchmark_group(format!("{GAMES} finished games"));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("player_stats", |b| {
        b.iter(|| {
            let s = player_stats(&store, &alice, Variant::Classic, &saved).unwrap();
            assert_eq!(s.games_read as u64, GAMES);
            black_box(s)
        })
    });
    group.bench_function("server_explorer", |b| {
        b.iter(|| {
            let e = server_explorer(&store, Variant::Classic).unwrap();
            assert_eq!(e.armies as u64, 2 * GAMES);
            black_box(e)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
