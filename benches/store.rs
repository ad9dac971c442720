//! Stored moves per second: `Live::append_move`, which writes and flushes (fsync) before
//! returning, on a database in a real directory under the system's temp dir. Also the
//! cost of `Games::finish` (one multi-tree transaction plus a flush) for a 300-ply game.
//! Both are async and go through the store's writer thread; the figures include that
//! hand-off, as a game task pays it (awaited here from a current-thread runtime).
//!
//! `concurrent_writers`: 500 games each appending its moves one after the other (as a
//! game task does, each waiting for its own move to be on disk), all at once, on a
//! two-thread runtime: the writer's group commit at work. Criterion measures a round
//! (every game appends one move); then a 5-second run prints moves/s, flushes/s, writes
//! per flush and the latency of one append (median, p99, max).
//!
//! Measured 2026-11-24 on the 2-core development machine, other builds and tests running
//! (`cargo bench --bench store -- "500 games"`, three runs): 23,900-50,400 moves/s
//! (median 32,600) with 80-163 flushes/s, about 300 writes per flush (largest 500);
//! append latency median 8.8-12.7 ms, p99 28-124 ms. One game alone: 176 us per
//! flushed append (`append_move (flushed)`).
//!
//! Run: `cargo bench --bench store`. Needs in Cargo.toml:
//! ```toml
//! [[bench]]
//! name = "store"
//! harness = false
//! ```

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use stratego_ssh::proto::GameTerms;
use stratego_ssh::rules::{
    ByColor, Color, EndReason, Game, Move, Outcome, Rules, Setup, SplitMix64, Variant,
};
use stratego_ssh::store::{GameResult, LiveGame, SeatRecord, Store};

struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let p =
            std::env::temp_dir().join(format!("stratego-store-bench-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        TempDir(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn seats() -> ByColor<SeatRecord> {
    ByColor::new(
        SeatRecord {
            identity: "key:SHA256:red".parse().unwrap(),
            nick: "red".into(),
        },
        SeatRecord {
            identity: "key:SHA256:blue".parse().unwrap(),
            nick: "blue".into(),
        },
    )
}

fn game(seed: u64, plies: usize) -> (Setup, Setup, Game) {
    let rules = Rules::standard(Variant::Classic);
    let mut rng = SplitMix64(seed);
    let red = Setup::random(&rules, Color::Red, rng.next());
    let blue = Setup::random(&rules, Color::Blue, rng.next());
    let mut g = Game::new(rules, &red, &blue).expect("valid set-ups");
    while !g.is_over() && (g.ply() as usize) < plies {
        let legal = g.legal_moves();
        g.play(legal[rng.below(legal.len())]).expect("legal");
    }
    (red, blue, g)
}

fn live(id: u64, red: &Setup, blue: &Setup) -> LiveGame {
    LiveGame {
        id,
        terms: GameTerms {
            rules: Rules::standard(Variant::Classic),
            rated: true,
            clock: None,
            days: None,
            budget: None,
        },
        seats: seats(),
        red: red.clone(),
        blue: blue.clone(),
        moves: Vec::new(),
        clocks: Some(ByColor::new(
            Duration::from_secs(600),
            Duration::from_secs(600),
        )),
        started: 0,
        private: false,
        turn_since: None,
        turn_starts: vec![],
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("runtime")
}

fn append_move(c: &mut Criterion) {
    let dir = TempDir::new("append");
    let store = Store::open(&dir.0).expect("open");
    let rt = runtime();
    let live_games = store.live();
    let (red, blue, g) = game(1, 200);
    let moves: Vec<Move> = g.moves().collect();
    rt.block_on(live_games.save(&live(1, &red, &blue)))
        .expect("save");
    let left = Some(ByColor::new(
        Duration::from_secs(590),
        Duration::from_secs(595),
    ));
    let mut i = 0usize;
    let mut group = c.benchmark_group("store");
    group.throughput(Throughput::Elements(1));
    group.bench_function("append_move (flushed)", |b| {
        b.iter(|| {
            // The store does not check legality: any move sequence measures the same.
            let mv = moves[i % moves.len()];
            i += 1;
            let ply = u32::try_from(i).expect("fits");
            rt.block_on(live_games.append_move(1, black_box(ply), mv, left))
                .expect("append");
        })
    });
    group.finish();
}

fn finish_game(c: &mut Criterion) {
    let dir = TempDir::new("finish");
    let store = Store::open(&dir.0).expect("open");
    let rt = runtime();
    let (red, blue, mut g) = game(2, 300);
    if !g.is_over() {
        g.end(Outcome {
            winner: Some(Color::Red),
            reason: EndReason::Resignation,
        });
    }
    let record = g.record();
    let mut id = 10;
    c.bench_function("store/finish_game (300 plies, rated)", |b| {
        b.iter(|| {
            id += 1;
            rt.block_on(store.live().save(&live(id, &red, &blue)))
                .expect("save");
            let r = GameResult {
                id,
                record: record.clone(),
                seats: seats(),
                terms: GameTerms {
                    rules: record.rules,
                    rated: true,
                    clock: None,
                    days: None,
                    budget: None,
                },
                started: 0,
                ended: id,
            };
            black_box(rt.block_on(store.games().finish(&r)).expect("finish"))
        })
    });
}

const WRITERS: u64 = 500;

fn concurrent_writers(c: &mut Criterion) {
    let dir = TempDir::new("concurrent");
    let store = Store::open(&dir.0).expect("open");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let (red, blue, g) = game(3, 200);
    let moves: Vec<Move> = g.moves().collect();
    let moves = std::sync::Arc::new(moves);
    for id in 1..=WRITERS {
        rt.block_on(store.live().save(&live(id, &red, &blue)))
            .expect("save");
    }
    let left = Some(ByColor::new(
        Duration::from_secs(590),
        Duration::from_secs(595),
    ));
    let mut ply = 0u32;
    let mut group = c.benchmark_group("store");
    group.throughput(Throughput::Elements(WRITERS));
    group.bench_function("append_move, 500 games at once (a round)", |b| {
        b.iter(|| {
            ply += 1;
            let mv = moves[(ply as usize - 1) % moves.len()];
            rt.block_on(async {
                let mut set = tokio::task::JoinSet::new();
                for id in 1..=WRITERS {
                    let live = store.live();
                    set.spawn(async move { live.append_move(id, ply, mv, left).await });
                }
                while let Some(r) = set.join_next().await {
                    r.expect("task").expect("append");
                }
            })
        })
    });
    group.finish();

    // Each game appends as fast as its own moves are stored, for 5 seconds.
    let before = store.write_stats();
    let started = std::time::Instant::now();
    let run_for = Duration::from_secs(5);
    let first = ply;
    let mut latencies: Vec<Duration> = rt.block_on(async {
        let mut set = tokio::task::JoinSet::new();
        for id in 1..=WRITERS {
            let (live, moves) = (store.live(), moves.clone());
            set.spawn(async move {
                let mut lat = Vec::new();
                let mut ply = first;
                while started.elapsed() < run_for {
                    ply += 1;
                    let mv = moves[(ply as usize - 1) % moves.len()];
                    let t = std::time::Instant::now();
                    live.append_move(id, ply, mv, left).await.expect("append");
                    lat.push(t.elapsed());
                }
                lat
            });
        }
        let mut all = Vec::new();
        while let Some(r) = set.join_next().await {
            all.extend(r.expect("task"));
        }
        all
    });
    let secs = started.elapsed().as_secs_f64();
    let stats = store.write_stats().since(&before);
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
    println!(
        "concurrent writers: {WRITERS} games, {:.1} s: {:.0} moves/s, {:.0} flushes/s, \
         {:.1} writes per flush (largest {}), append latency median {:.2} ms, p99 {:.2} ms, \
         max {:.2} ms",
        secs,
        latencies.len() as f64 / secs,
        stats.batches as f64 / secs,
        stats.mean_batch(),
        stats.largest_batch,
        at(0.5),
        at(0.99),
        at(1.0),
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(5));
    targets = append_move, finish_game, concurrent_writers
}
criterion_main!(benches);
