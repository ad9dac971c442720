//! The analysis after a game: how long the hard computer's review of one game takes (both
//! points of view, every ply, the default budget of 20,000 nodes a search), on one thread.
//!
//! The game: 40 plies of uniform random legal moves from random Classic set-ups (seed 47),
//! then a resignation; about 80 searches. A real game's positions cost about as much a
//! search (the budget is in nodes), so a game of N plies takes about N/40 times this.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use stratego_ssh::bot::analysis::analyse;
use stratego_ssh::bot::analysis::REVIEW_NODES;
use stratego_ssh::rules::{
    Color, EndReason, Game, GameRecord, Outcome, Rules, Setup, SplitMix64, Variant,
};

const PLIES: u32 = 40;

fn game() -> GameRecord {
    let rules = Rules::standard(Variant::Classic);
    let mut rng = SplitMix64(47);
    let red = Setup::random(&rules, Color::Red, rng.next());
    let blue = Setup::random(&rules, Color::Blue, rng.next());
    let mut g = Game::new(rules, &red, &blue).expect("valid set-ups");
    while g.outcome().is_none() && g.ply() < PLIES {
        let legal = g.legal_moves();
        g.play(legal[rng.below(legal.len())]).expect("legal");
    }
    g.end(Outcome {
        winner: Some(Color::Red),
        reason: EndReason::Resignation,
    });
    g.record()
}

fn review(c: &mut Criterion) {
    let record = game();
    let mut group = c.benchmark_group("analysis");
    group.sample_size(10);
    group.bench_function(format!("game_of_{}_plies", record.moves.len()), |b| {
        b.iter(|| {
            analyse(black_box(&record), 1, REVIEW_NODES, &|| false)
                .expect("replays")
                .expect("not stopped")
        })
    });
    group.finish();
}

criterion_group!(benches, review);
criterion_main!(benches);
