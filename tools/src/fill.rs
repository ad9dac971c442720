//! `stratego-fill-store`: fills a store with finished, rated Classic games played by the
//! rules engine, then measures what a host would notice at that size: bytes on disk per
//! game, the time to open the store (the start), the leaderboard and `games NICK`.
//!
//! The games: random set-ups, then uniformly random legal moves; a game that has not ended
//! by a ply drawn from 100..=600 ends there by the resignation of the side to move (random
//! play alone runs to about 800 plies, longer than people's games). Every game replays to
//! its result. Players are `fill-N` (key identities `key:SHA256:fill-N`, nicks registered).
//!
//! Games are recorded through [`Games::finish`](stratego_ssh::store::Games::finish), the server's
//! own path (one transaction and one flush a game), from `lanes` threads at once. Each lane
//! pairs only its own players and records its games one after the other with increasing
//! end times, so every player's ratings change in the order of the end times, as
//! `check-store` replays them.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use stratego_ssh::proto::{GameTerms, PlayerId};
use stratego_ssh::rules::{
    ByColor, Color, EndReason, Game, Outcome, Rules, Setup, SplitMix64, Variant,
};
use stratego_ssh::service::LIST_LIMIT;
use stratego_ssh::store::{GameResult, SeatRecord, Store, StoreError};

/// What to fill.
#[derive(Clone, Debug)]
pub struct FillConfig {
    pub games: u64,
    pub players: usize,
    /// Threads recording games at once (each with its own players).
    pub lanes: usize,
    pub seed: u64,
}

/// What filling did.
#[derive(Clone, Debug)]
pub struct FillReport {
    pub games: u64,
    pub plies: u64,
    pub elapsed: Duration,
}

/// The measurements at a size.
#[derive(Clone, Debug)]
pub struct Measured {
    pub games: u64,
    /// The data files (without the start-up copies in `last-start*`).
    pub data_bytes: u64,
    /// The start-up copies (`last-start/`), which the store makes at every open.
    pub copy_bytes: u64,
    pub open: Vec<Duration>,
    pub leaderboard: Vec<Duration>,
    pub games_nick: Vec<Duration>,
}

fn nick(i: usize) -> String {
    format!("fill-{i}")
}

fn identity(i: usize) -> PlayerId {
    format!("key:SHA256:{}", nick(i))
        .parse()
        .expect("a key identity")
}

/// One game, from `rng`: its record ends with an outcome.
fn play(rng: &mut SplitMix64, buf: &mut Vec<stratego_ssh::rules::Move>) -> Game {
    let rules = Rules::standard(Variant::Classic);
    let red = Setup::random(&rules, Color::Red, rng.next());
    let blue = Setup::random(&rules, Color::Blue, rng.next());
    let mut g = Game::new(rules, &red, &blue).expect("random set-ups are valid");
    let resign_at = 100 + rng.below(501) as u32;
    while g.outcome().is_none() {
        if g.ply() >= resign_at {
            g.end(Outcome {
                winner: Some(g.to_move().opposite()),
                reason: EndReason::Resignation,
            });
            break;
        }
        g.legal_moves_into(buf);
        let mv = buf[rng.below(buf.len())];
        g.play(mv).expect("a legal move");
    }
    g
}

/// Fills `store` (in a runtime of its own); `progress` is called with games done so far.
pub fn fill(
    store: &Store,
    cfg: &FillConfig,
    progress: impl Fn(u64, Duration) + Send + Sync + 'static,
) -> Result<FillReport, StoreError> {
    let lanes = cfg.lanes.clamp(1, cfg.players / 2);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .max_blocking_threads(lanes + 2)
        .enable_all()
        .build()
        .map_err(|e| StoreError::Storage(format!("cannot start a runtime: {e}")))?;
    let started = Instant::now();
    for i in 0..cfg.players {
        let users = store.users();
        rt.block_on(users.claim_nick(&nick(i), &identity(i)))?;
    }
    let done = Arc::new(AtomicU64::new(0));
    let plies = Arc::new(AtomicU64::new(0));
    let clock = Arc::new(AtomicU64::new(stratego_ssh::store::now() - 100_000_000));
    let progress = Arc::new(progress);
    let per_lane = cfg.players / lanes;
    let result = std::thread::scope(|s| {
        let mut handles = Vec::new();
        for lane in 0..lanes {
            let (store, rt) = (store.clone(), rt.handle().clone());
            let (done, plies, clock, progress) =
                (done.clone(), plies.clone(), clock.clone(), progress.clone());
            let games =
                cfg.games / lanes as u64 + u64::from((lane as u64) < cfg.games % lanes as u64);
            let mut rng =
                SplitMix64(cfg.seed ^ (lane as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            handles.push(s.spawn(move || -> Result<(), StoreError> {
                let first = lane * per_lane;
                let mut buf = Vec::new();
                let mut last_report = Instant::now();
                for _ in 0..games {
                    let a = first + rng.below(per_lane);
                    let mut b = first + rng.below(per_lane - 1);
                    if b >= a {
                        b += 1;
                    }
                    let g = play(&mut rng, &mut buf);
                    let id = store.next_game_id()?;
                    let ended = clock.fetch_add(1, Ordering::Relaxed);
                    let seat = |i: usize| SeatRecord {
                        identity: identity(i),
                        nick: nick(i),
                    };
                    let r = GameResult {
                        id,
                        record: g.record(),
                        seats: ByColor::new(seat(a), seat(b)),
                        terms: GameTerms {
                            rules: *g.rules(),
                            rated: true,
                            clock: None,
                            days: None,
                            budget: None,
                        },
                        started: ended.saturating_sub(600),
                        ended,
                    };
                    rt.block_on(store.games().finish(&r))?;
                    plies.fetch_add(u64::from(g.ply()), Ordering::Relaxed);
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if lane == 0 && last_report.elapsed() >= Duration::from_secs(5) {
                        last_report = Instant::now();
                        progress(n, started.elapsed());
                    }
                }
                Ok(())
            }));
        }
        handles
            .into_iter()
            .map(|h| h.join().expect("a fill lane panicked"))
            .collect::<Result<Vec<()>, StoreError>>()
    });
    result?;
    rt.block_on(store.flush())?;
    Ok(FillReport {
        games: done.load(Ordering::Relaxed),
        plies: plies.load(Ordering::Relaxed),
        elapsed: started.elapsed(),
    })
}

/// Bytes of the regular files under `dir`: (data, start-up copies).
fn disk_bytes(dir: &Path) -> std::io::Result<(u64, u64)> {
    fn walk(dir: &Path, copy: bool, out: &mut (u64, u64)) -> std::io::Result<()> {
        for e in std::fs::read_dir(dir)? {
            let e = e?;
            let t = e.file_type()?;
            let copy = copy || e.file_name().to_string_lossy().starts_with("last-start");
            if t.is_dir() {
                walk(&e.path(), copy, out)?;
            } else if t.is_file() {
                // Blocks really used (sled's files may be sparse).
                let used = {
                    use std::os::unix::fs::MetadataExt;
                    e.metadata()?.blocks() * 512
                };
                if copy {
                    out.1 += used;
                } else {
                    out.0 += used;
                }
            }
        }
        Ok(())
    }
    let mut out = (0, 0);
    walk(dir, false, &mut out)?;
    Ok(out)
}

/// Opens the store in `dir` three times (closing it between), and three times each asks
/// for the Classic leaderboard and for `games NICK` of `nick` as the service does.
pub fn measure(dir: &PathBuf, nick: &str) -> Result<Measured, StoreError> {
    let mut open = Vec::new();
    let mut store = None;
    for _ in 0..3 {
        drop(store.take());
        // sled lets go of its files a moment after the last handle is dropped.
        std::thread::sleep(Duration::from_millis(1500));
        let t = Instant::now();
        store = Some(Store::open(dir)?);
        open.push(t.elapsed());
    }
    let store = store.expect("opened");
    let mut leaderboard = Vec::new();
    let mut games_nick = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        let rows = store.ratings().leaderboard(Variant::Classic, LIST_LIMIT)?;
        leaderboard.push(t.elapsed());
        assert!(!rows.is_empty(), "a filled store has a leaderboard");
        let t = Instant::now();
        let n = match store.users().by_nick(nick)? {
            Some(u) => store.games().of_player(&u.owner, LIST_LIMIT * 5)?.len(),
            None => 0,
        };
        games_nick.push(t.elapsed());
        assert!(n > 0, "{nick} has games");
    }
    let games = store
        .games()
        .recent(None, usize::MAX)
        .map(|v| v.len() as u64)?;
    drop(store);
    let (data_bytes, copy_bytes) =
        disk_bytes(dir).map_err(|e| StoreError::Storage(e.to_string()))?;
    Ok(Measured {
        games,
        data_bytes,
        copy_bytes,
        open,
        leaderboard,
        games_nick,
    })
}

/// `median / worst` of three or more, in milliseconds.
pub fn median_worst(d: &[Duration]) -> String {
    let mut v: Vec<f64> = d.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    v.sort_by(f64::total_cmp);
    format!(
        "{:.1} / {:.1} ms",
        v.get(v.len() / 2).copied().unwrap_or(0.0),
        v.last().copied().unwrap_or(0.0)
    )
}

impl Measured {
    pub fn summary(&self) -> String {
        let per = |b: u64| b / self.games.max(1);
        format!(
            "games {}, bytes on disk {} ({} a game; start-up copy {} more), open {}, leaderboard {}, games NICK {} (median / worst of 3)",
            self.games,
            self.data_bytes,
            per(self.data_bytes),
            self.copy_bytes,
            median_worst(&self.open),
            median_worst(&self.leaderboard),
            median_worst(&self.games_nick),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filled_games_pass_the_store_check() {
        let store = Store::temporary().unwrap();
        let cfg = FillConfig {
            games: 40,
            players: 8,
            lanes: 2,
            seed: 3,
        };
        let r = fill(&store, &cfg, |_, _| {}).unwrap();
        assert_eq!(r.games, 40);
        assert!(r.plies >= 40 * 100 / 2);
        let report = store.check().unwrap();
        assert_eq!(report.problems, vec![]);
        assert_eq!(report.games, 40);
        let board = store
            .ratings()
            .leaderboard(Variant::Classic, LIST_LIMIT)
            .unwrap();
        assert_eq!(board.iter().map(|r| r.rating.games).sum::<u32>(), 80);
    }
}
