//! The analysis queue: finished games waiting for the hard computer's review
//! ([`crate::bot::analysis`]), and the threads that review them.
//!
//! - **Bounded.** At most `analysis_queue` games wait ([`AnalysisConfig::queue`]); a game
//!   asked for past that is refused ([`Queued::Full`]: a player is told to ask again later)
//!   and nothing else changes. A game already waiting or being reviewed is not queued
//!   twice.
//! - **A CPU share the host sets.** `analysis_threads` threads of their own
//!   ([`AnalysisConfig::threads`]; 0 turns the analysis off), at the lowest priority the
//!   server uses ([`ANALYSIS_NICE`], below the computer players' [`super::think`] threads),
//!   so a review never takes more than that many cores and gives way to the sessions and
//!   the computer players when the machine is busy.
//! - **When.** A game is queued when its result is stored (the lobby hears the game ended)
//!   and when someone asks for its analysis and none is kept (`replay ID --analysis`, the
//!   replay screen, the web game page). The queue is in memory: games waiting when the
//!   server stops are queued again when next asked for.
//! - **Kept.** A review is stored in the `analysis` tree ([`crate::store::Analyses`]) and
//!   never made twice. A game that is not stored (aborted) or does not replay is logged
//!   and dropped.
//!
//! The review of one ply is two hard-bot searches of [`AnalysisConfig::nodes`] nodes each;
//! `benches/analysis.rs` times a 40-ply game (docs/performance.md).

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use tracing::{debug, info, warn};

use crate::proto::GameId;
use crate::store::Store;

/// The scheduling priority of the analysis threads (`nice`): below everything else.
pub const ANALYSIS_NICE: i32 = 15;

/// How much the host gives the analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisConfig {
    /// Threads reviewing games at once (`analysis_threads`); 0: no analysis.
    pub threads: usize,
    /// Games that may wait (`analysis_queue`).
    pub queue: usize,
    /// Nodes a search ([`crate::bot::analysis::REVIEW_NODES`] by default).
    pub nodes: u64,
    /// The threads' scheduling priority ([`ANALYSIS_NICE`]; no setting: tests that wait
    /// for a review on a machine kept busy by other work lower it to 0, since at nice 15
    /// the review waits for every other process, as it should in a server).
    pub nice: i32,
}

impl Default for AnalysisConfig {
    fn default() -> Self {
        AnalysisConfig {
            threads: 1,
            queue: 32,
            nodes: crate::bot::analysis::REVIEW_NODES,
            nice: ANALYSIS_NICE,
        }
    }
}

/// Where a game stands in the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Queued {
    /// Waiting, with this many games before it.
    Waiting { ahead: usize },
    /// Being reviewed now.
    Running,
    /// Not queued: the queue is full.
    Full,
    /// Not queued: the host turned the analysis off.
    Off,
}

struct State {
    waiting: VecDeque<GameId>,
    running: Vec<GameId>,
    stopped: bool,
}

struct Shared {
    state: Mutex<State>,
    ready: Condvar,
    config: AnalysisConfig,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn stopped(&self) -> bool {
        self.lock().stopped
    }
}

/// Stops the threads when the last handle goes.
struct Stopper(Arc<Shared>);

impl Drop for Stopper {
    fn drop(&mut self) {
        self.0.lock().stopped = true;
        self.0.ready.notify_all();
    }
}

/// The analysis queue and its threads. Cloned handles share them; the threads end (a
/// review under way is dropped between two plies) when the last handle is dropped.
#[derive(Clone)]
pub struct AnalysisQueue {
    shared: Arc<Shared>,
    _stopper: Arc<Stopper>,
}

impl AnalysisQueue {
    /// Starts `config.threads` threads that review the games queued and keep each review
    /// in `store`. Must be called inside a tokio runtime (the reviews are stored through
    /// it); outside one, or with 0 threads, the queue takes nothing ([`Queued::Off`]).
    /// A queue that takes nothing ([`Queued::Off`]) and has no store: an edge's, whose
    /// games and their analyses are the core's (docs/scaling.md).
    pub fn off() -> AnalysisQueue {
        let config = AnalysisConfig {
            threads: 0,
            ..AnalysisConfig::default()
        };
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                waiting: VecDeque::new(),
                running: Vec::new(),
                stopped: true,
            }),
            ready: Condvar::new(),
            config,
        });
        AnalysisQueue {
            _stopper: Arc::new(Stopper(shared.clone())),
            shared,
        }
    }

    pub fn new(config: AnalysisConfig, store: Store) -> AnalysisQueue {
        let runtime = tokio::runtime::Handle::try_current().ok();
        let threads = if runtime.is_some() { config.threads } else { 0 };
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                waiting: VecDeque::new(),
                running: Vec::new(),
                stopped: threads == 0,
            }),
            ready: Condvar::new(),
            config,
        });
        for k in 0..threads {
            let (shared, store, runtime) = (shared.clone(), store.clone(), runtime.clone());
            let nice = config.nice;
            let spawned = std::thread::Builder::new()
                .name(format!("analysis-{k}"))
                .spawn(move || {
                    super::think::lower_priority(nice);
                    if let Some(rt) = runtime {
                        work(&shared, &store, &rt);
                    }
                });
            if let Err(error) = spawned {
                warn!(%error, "cannot start a thread for the analysis");
            }
        }
        AnalysisQueue {
            _stopper: Arc::new(Stopper(shared.clone())),
            shared,
        }
    }

    /// Queues game `id` for review (once: a game waiting or under review answers where it
    /// stands). The caller checked that the game has no analysis yet.
    pub fn request(&self, id: GameId) -> Queued {
        let mut s = self.shared.lock();
        if let Some(q) = position(&s, id) {
            return q;
        }
        if s.stopped {
            return Queued::Off;
        }
        if s.waiting.len() >= self.shared.config.queue {
            debug!(
                game = id,
                waiting = s.waiting.len(),
                "analysis: the queue is full"
            );
            return Queued::Full;
        }
        s.waiting.push_back(id);
        let ahead = s.waiting.len() - 1;
        drop(s);
        self.shared.ready.notify_one();
        debug!(game = id, ahead, "analysis: queued");
        Queued::Waiting { ahead }
    }

    /// Where game `id` stands, without queuing it: `None` when it is neither waiting nor
    /// under review.
    pub fn status(&self, id: GameId) -> Option<Queued> {
        position(&self.shared.lock(), id)
    }

    /// Games waiting now (not counting those under review).
    pub fn waiting(&self) -> usize {
        self.shared.lock().waiting.len()
    }

    /// Whether the host turned the analysis off.
    pub fn is_off(&self) -> bool {
        self.shared.config.threads == 0
    }
}

impl From<Queued> for crate::proto::AnalysisStatus {
    fn from(q: Queued) -> Self {
        use crate::proto::AnalysisStatus as A;
        match q {
            Queued::Waiting { ahead } => A::Waiting { ahead },
            Queued::Running => A::Running,
            Queued::Full => A::Full,
            Queued::Off => A::Off,
        }
    }
}

fn position(s: &State, id: GameId) -> Option<Queued> {
    if s.running.contains(&id) {
        return Some(Queued::Running);
    }
    s.waiting
        .iter()
        .position(|&g| g == id)
        .map(|ahead| Queued::Waiting { ahead })
}

/// A thread's loop: take the next game, review it, keep the review.
fn work(shared: &Shared, store: &Store, rt: &tokio::runtime::Handle) {
    loop {
        let id = {
            let mut s = shared.lock();
            loop {
                if s.stopped {
                    return;
                }
                if let Some(id) = s.waiting.pop_front() {
                    s.running.push(id);
                    break id;
                }
                s = shared.ready.wait(s).unwrap_or_else(|e| e.into_inner());
            }
        };
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            review(shared, store, rt, id)
        }));
        if outcome.is_err() {
            warn!(game = id, "analysis: the review panicked; dropped");
        }
        shared.lock().running.retain(|&g| g != id);
    }
}

fn review(shared: &Shared, store: &Store, rt: &tokio::runtime::Handle, id: GameId) {
    match store.analyses().has(id) {
        Ok(true) => return,
        Ok(false) => {}
        Err(error) => {
            warn!(game = id, %error, "analysis: cannot read the store");
            return;
        }
    }
    let record = match store.games().get(id) {
        Ok(Some(g)) => g.record,
        Ok(None) => {
            debug!(game = id, "analysis: no such finished game");
            return;
        }
        Err(error) => {
            warn!(game = id, %error, "analysis: cannot read the game");
            return;
        }
    };
    let started = std::time::Instant::now();
    let nodes = shared.config.nodes;
    let stop = || shared.stopped();
    match crate::bot::analysis::analyse(&record, id, nodes, &stop) {
        Ok(Some(analysis)) => {
            let (seen, hindsight) = analysis.mistakes();
            let plies = analysis.plies.len();
            match rt.block_on(store.analyses().save(id, analysis)) {
                Ok(()) => info!(
                    game = id,
                    plies,
                    ms = started.elapsed().as_millis() as u64,
                    mistakes_seen = seen[0] + seen[1],
                    mistakes_hindsight = hindsight[0] + hindsight[1],
                    "analysis: game reviewed"
                ),
                Err(error) => warn!(game = id, %error, "analysis: cannot keep the review"),
            }
        }
        Ok(None) => debug!(game = id, "analysis: stopped"),
        Err(error) => warn!(game = id, %error, "analysis: the game does not replay"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A queue whose threads never start: what is queued stays.
    fn idle(queue: usize) -> AnalysisQueue {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                waiting: VecDeque::new(),
                running: Vec::new(),
                stopped: false,
            }),
            ready: Condvar::new(),
            config: AnalysisConfig {
                threads: 1,
                queue,
                nodes: 100,
                nice: ANALYSIS_NICE,
            },
        });
        AnalysisQueue {
            _stopper: Arc::new(Stopper(shared.clone())),
            shared,
        }
    }

    #[test]
    fn the_queue_takes_no_more_than_its_bound_and_no_game_twice() {
        let q = idle(3);
        assert_eq!(q.request(7), Queued::Waiting { ahead: 0 });
        assert_eq!(q.request(8), Queued::Waiting { ahead: 1 });
        assert_eq!(q.request(7), Queued::Waiting { ahead: 0 }, "not twice");
        assert_eq!(q.request(9), Queued::Waiting { ahead: 2 });
        // Full: refused, and nothing changes.
        assert_eq!(q.request(10), Queued::Full);
        assert_eq!(q.waiting(), 3);
        assert_eq!(q.status(10), None);
        assert_eq!(q.status(9), Some(Queued::Waiting { ahead: 2 }));
        // A game under review answers so, and is not queued again.
        q.shared.lock().running.push(11);
        assert_eq!(q.request(11), Queued::Running);
        assert_eq!(q.waiting(), 3);
    }

    #[tokio::test]
    async fn with_no_threads_the_analysis_is_off() {
        let q = AnalysisQueue::new(
            AnalysisConfig {
                threads: 0,
                queue: 3,
                nodes: 100,
                nice: ANALYSIS_NICE,
            },
            Store::temporary().unwrap(),
        );
        assert!(q.is_off());
        assert_eq!(q.request(1), Queued::Off);
        assert_eq!(q.waiting(), 0);
    }

    #[test]
    fn outside_a_runtime_nothing_is_queued() {
        let q = AnalysisQueue::new(AnalysisConfig::default(), Store::temporary().unwrap());
        assert_eq!(q.request(1), Queued::Off);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_queued_game_is_reviewed_on_a_lowered_thread_and_kept() {
        let store = Store::temporary().unwrap();
        let record = crate::rules::GameRecord::from_text(include_str!(
            "../../tests/data/analysis/spy_takes_marshal.txt"
        ))
        .unwrap();
        let id = store.next_game_id().unwrap();
        let seat = |who: &str| crate::store::SeatRecord {
            identity: format!("key:SHA256:{who}").parse().unwrap(),
            nick: who.into(),
        };
        store
            .games()
            .finish(&crate::store::GameResult {
                id,
                record: record.clone(),
                seats: crate::rules::ByColor::new(seat("ann"), seat("bob")),
                terms: crate::proto::GameTerms {
                    rules: record.rules,
                    rated: false,
                    clock: None,
                    days: None,
                    budget: None,
                },
                started: 1,
                ended: 2,
            })
            .await
            .unwrap();
        let q = AnalysisQueue::new(
            AnalysisConfig {
                threads: 1,
                queue: 2,
                nodes: 100,
                nice: ANALYSIS_NICE,
            },
            store.clone(),
        );
        // A game that is not stored is dropped; the stored one is reviewed.
        assert!(matches!(q.request(id + 100), Queued::Waiting { .. }));
        assert!(matches!(q.request(id), Queued::Waiting { .. }));
        // The thread runs at nice ANALYSIS_NICE (field 19 of its stat), once it has started.
        let nice = || {
            std::fs::read_dir("/proc/self/task")
                .unwrap()
                .flatten()
                .filter(|t| {
                    std::fs::read_to_string(t.path().join("comm"))
                        .is_ok_and(|c| c.trim() == "analysis-0")
                })
                .map(|t| {
                    let stat = std::fs::read_to_string(t.path().join("stat")).unwrap_or_default();
                    let after = &stat[stat.rfind(')').map_or(0, |i| i + 2)..];
                    after.split(' ').nth(16).and_then(|n| n.parse::<i32>().ok())
                })
                .collect::<Vec<_>>()
        };
        let mut seen = nice();
        for _ in 0..100 {
            if !seen.is_empty() && seen.iter().all(|&n| n == Some(ANALYSIS_NICE)) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            seen = nice();
        }
        assert!(
            !seen.is_empty() && seen.iter().all(|&n| n == Some(ANALYSIS_NICE)),
            "{seen:?}"
        );
        // The thread is niced: on a machine busy with other tests (CI runs them side by
        // side) it may wait long for a core, so the bound is generous.
        let mut kept = None;
        for _ in 0..4800 {
            kept = store.analyses().get(id).unwrap();
            if kept.is_some() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let (a, _) = kept.expect("reviewed within 240 s");
        assert_eq!(a.plies.len(), record.moves.len());
        // The thread stores the analysis, then takes the game off its list.
        for _ in 0..200 {
            if q.status(id).is_none() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        assert_eq!(q.status(id), None);
        assert!(!store.analyses().has(id + 100).unwrap());
    }
}
