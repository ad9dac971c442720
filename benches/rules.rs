//! Rules engine speed: legal-move generation, and random full Classic games.
//!
//! Random games: random set-ups, then uniform random legal moves (SplitMix64) until the game
//! ends. Random play ends quickly in practice (see `random_game_lengths` below, printed
//! once at start); as a safety net the games use a move cap of 5,000 plies (a draw), which
//! random Classic games essentially never reach.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use stratego_ssh::rules::{Color, Game, MoveCap, Options, Rules, Setup, SplitMix64, Variant};

const CAP: u32 = 5_000;

fn rules() -> Rules {
    Rules::new(
        Variant::Classic,
        Options {
            move_cap: MoveCap {
                total_plies: Some(CAP),
                plies_without_battle: None,
            },
            ..Options::default()
        },
    )
}

/// Plays one random game from `seed`; returns the number of plies.
fn random_game(rules: Rules, seed: u64, buf: &mut Vec<stratego_ssh::rules::Move>) -> u32 {
    let mut rng = SplitMix64(seed);
    let red = Setup::random(&rules, Color::Red, rng.next());
    let blue = Setup::random(&rules, Color::Blue, rng.next());
    let mut g = Game::new(rules, &red, &blue).expect("valid set-ups");
    while g.outcome().is_none() {
        g.legal_moves_into(buf);
        let mv = buf[rng.below(buf.len())];
        g.play(mv).expect("legal");
    }
    g.ply()
}

/// A Classic position after `plies` random plies (an opening or a midgame).
fn position(plies: u32, seed: u64) -> Game {
    let rules = rules();
    let mut rng = SplitMix64(seed);
    let red = Setup::random(&rules, Color::Red, rng.next());
    let blue = Setup::random(&rules, Color::Blue, rng.next());
    let mut g = Game::new(rules, &red, &blue).expect("valid set-ups");
    let mut buf = Vec::new();
    while g.ply() < plies {
        g.legal_moves_into(&mut buf);
        if buf.is_empty() {
            break;
        }
        let mv = buf[rng.below(buf.len())];
        g.play(mv).expect("legal");
    }
    g
}

fn random_game_lengths() {
    let mut buf = Vec::new();
    let mut lens: Vec<u32> = (0..2_000)
        .map(|s| random_game(rules(), s, &mut buf))
        .collect();
    lens.sort_unstable();
    let mean = lens.iter().map(|&l| l as f64).sum::<f64>() / lens.len() as f64;
    let capped = lens.iter().filter(|&&l| l >= CAP).count();
    eprintln!(
        "random Classic games: {} games, plies mean {:.0}, median {}, p99 {}, max {}, reached the {CAP}-ply cap: {}",
        lens.len(),
        mean,
        lens[lens.len() / 2],
        lens[lens.len() * 99 / 100],
        lens[lens.len() - 1],
        capped
    );
}

fn bench(c: &mut Criterion) {
    random_game_lengths();

    let mut group = c.benchmark_group("legal_moves");
    group.throughput(Throughput::Elements(1));
    for (name, plies) in [("opening", 10), ("midgame", 120)] {
        let g = position(plies, 42);
        let mut buf = Vec::with_capacity(256);
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(&g).legal_moves_into(&mut buf);
                black_box(buf.len())
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("random_games");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    let mut buf = Vec::with_capacity(256);
    group.bench_function("classic", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(rules(), seed, &mut buf))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
