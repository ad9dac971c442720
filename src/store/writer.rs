//! The one writer: a dedicated thread that owns the disk path. Every durable write of the
//! store (moves, games in progress, results, nick claims, bans, set-ups) is queued to it;
//! it takes everything queued, applies it, makes the whole batch durable with **one**
//! flush, and only then answers each caller with its own result (group commit).
//!
//! ```text
//! callers (game tasks, lobby, services)         writer thread
//!   durable(write) ──► queue ──► take all queued ─► apply each ─► one flush ─► answer each
//! ```
//!
//! - Batches form on their own: while the writer flushes one batch, the next queues up.
//!   When idle it sleeps in `recv` (no timer, so a lone write pays no added latency).
//! - A caller is answered after the flush that covers its write, or with the flush's error:
//!   a write whose flush failed may still be in the database's memory (and reach the disk
//!   with a later flush), so every durable write is idempotent: retrying it overwrites
//!   (moves are keyed by ply, [`Games::finish`](super::Games::finish) of the same record
//!   answers as the first did).
//! - A write that fails itself (an invalid request, a transaction aborted) is answered with
//!   its error and does not stop the batch.
//! - Batches are capped ([`MAX_BATCH`]) so an answer never waits behind an unbounded queue.
//! - [`WriteStats`] counts batches and writes, for the status line and the bench.
//! - The fault hook ([`Faults`], tests only) acts here: a flush that "fails", or every
//!   write refused as if the disk were full.
//!
//! The thread stops when the last [`Store`](super::Store) handle is dropped (its queue
//! closes); the store's drop waits for it, so the files are let go of when the drop returns.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, RwLock};
use std::thread::JoinHandle;

use super::StoreError;

/// Most writes applied before one flush.
pub(super) const MAX_BATCH: usize = 1024;

/// A queued write: applied on the writer thread (called with `true`; with `false` it is
/// refused unwritten), it returns the answer to send once the batch's flush is known.
pub(super) type Job = Box<dyn FnOnce(bool) -> Applied + Send>;

/// A write applied, waiting for its flush.
pub(super) struct Applied {
    pub(super) answer: Box<dyn FnOnce(Result<(), StoreError>) + Send>,
    /// Takes the write back out of the database's memory when its flush fails, so that a
    /// later flush cannot make durable a write its caller was told was refused (a move).
    pub(super) undo: Option<Box<dyn FnOnce() + Send>>,
}

/// What the writer shares with the store.
pub(super) struct Shared {
    pub(super) db: sled::Db,
    /// Writers take it shared, [`Store::backup`](super::Store::backup) exclusively.
    pub(super) gate: RwLock<()>,
    pub(super) faults: FaultState,
    pub(super) stats: Counters,
}

/// The writer's queue and thread.
pub(super) struct Writer {
    tx: Option<mpsc::Sender<Job>>,
    thread: Option<JoinHandle<()>>,
}

impl Writer {
    pub(super) fn start(shared: Arc<Shared>) -> std::io::Result<Writer> {
        let (tx, rx) = mpsc::channel::<Job>();
        let thread = std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || run(&shared, &rx))?;
        Ok(Writer {
            tx: Some(tx),
            thread: Some(thread),
        })
    }

    /// Queues a write; `Err` gives it back when the writer is gone.
    pub(super) fn send(&self, job: Job) -> Result<(), Job> {
        match &self.tx {
            Some(tx) => tx.send(job).map_err(|e| e.0),
            None => Err(job),
        }
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        self.tx = None;
        if let Some(t) = self.thread.take() {
            // The last handle may be dropped by a write running on the writer itself.
            if t.thread().id() != std::thread::current().id() {
                let _ = t.join();
            }
        }
    }
}

fn run(shared: &Shared, rx: &mpsc::Receiver<Job>) {
    let mut batch: Vec<Job> = Vec::new();
    while let Ok(first) = rx.recv() {
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let n = batch.len();
        // The fault hook's full disk: nothing is written, every write is refused.
        let full = shared.faults.no_space.load(Ordering::Relaxed);
        // A write that panics (sled 0.34 may, on damage found while running) is dropped:
        // its caller hears the write did not complete; the writer goes on.
        let applied: Vec<Applied> = batch
            .drain(..)
            .filter_map(|job| {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(!full)))
                    .map_err(|_| tracing::error!("store: a write panicked; refused"))
                    .ok()
            })
            .collect();
        let flushed = if full {
            Err(no_space())
        } else if take_one(&shared.faults.fail_flushes) {
            Err(StoreError::Storage(
                "flush failed (a fault injected by a test)".into(),
            ))
        } else {
            shared.db.flush().map(|_| ()).map_err(StoreError::from)
        };
        let mut applied = applied;
        if let Err(e) = &flushed {
            shared.stats.flush_failures.fetch_add(1, Ordering::Relaxed);
            tracing::error!(writes = n, error = %e, "store: a flush failed; its writes are refused");
            undo(shared, &mut applied);
        }
        shared.stats.batches.fetch_add(1, Ordering::Relaxed);
        shared.stats.writes.fetch_add(n as u64, Ordering::Relaxed);
        shared
            .stats
            .largest_batch
            .fetch_max(n as u64, Ordering::Relaxed);
        for Applied { answer, undo } in applied {
            // Everything a write holds (its undo may hold a store handle) is let go of before
            // its caller hears back: a caller that then drops the last handle of its own
            // closes the store on its thread, not later on this one while it reopens it.
            drop(undo);
            answer(flushed.clone());
        }
    }
}

/// After a failed flush: takes the writes that can be taken back out of memory (latest
/// first), then tries to make their removal durable at once (if that flush fails too, the
/// removal is in memory, so the next flush that works writes it). Nothing else runs on the
/// writer meanwhile, so no write can come between a refused write and its removal.
fn undo(shared: &Shared, applied: &mut [Applied]) {
    let mut undone = 0usize;
    for a in applied.iter_mut().rev() {
        if let Some(u) = a.undo.take() {
            let taken = std::panic::catch_unwind(std::panic::AssertUnwindSafe(u));
            if taken.is_err() {
                tracing::error!("store: taking back a refused write panicked");
            }
            undone += 1;
        }
    }
    if undone == 0 {
        return;
    }
    match shared.db.flush() {
        Ok(_) => tracing::info!(writes = undone, "store: refused writes taken back"),
        Err(e) => tracing::warn!(
            writes = undone,
            error = %e,
            "store: refused writes taken back in memory; the next flush makes it durable"
        ),
    }
}

fn no_space() -> StoreError {
    StoreError::Storage("No space left on device (os error 28)".into())
}

/// Takes one from a positive counter; whether it did.
fn take_one(n: &AtomicU32) -> bool {
    n.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |v| v.checked_sub(1))
        .is_ok()
}

#[derive(Default)]
pub(super) struct Counters {
    batches: AtomicU64,
    writes: AtomicU64,
    largest_batch: AtomicU64,
    flush_failures: AtomicU64,
}

impl Counters {
    pub(super) fn read(&self) -> WriteStats {
        WriteStats {
            batches: self.batches.load(Ordering::Relaxed),
            writes: self.writes.load(Ordering::Relaxed),
            largest_batch: self.largest_batch.load(Ordering::Relaxed),
            flush_failures: self.flush_failures.load(Ordering::Relaxed),
        }
    }
}

/// What the writer did since the store was opened: [`Store::write_stats`](super::Store::write_stats).
/// Two readings a second apart give writes/s and flushes/s (one flush per batch).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct WriteStats {
    /// Batches applied, each made durable by one flush (attempted).
    pub batches: u64,
    /// Durable writes applied (moves, results, saves, claims, ...).
    pub writes: u64,
    /// The most writes one flush covered.
    pub largest_batch: u64,
    /// Flushes that failed (their writes were answered with the error).
    pub flush_failures: u64,
}

impl WriteStats {
    /// Writes per flush on average.
    pub fn mean_batch(&self) -> f64 {
        if self.batches == 0 {
            0.0
        } else {
            self.writes as f64 / self.batches as f64
        }
    }

    /// What happened between `earlier` and this reading (`largest_batch` stays the
    /// all-time one).
    pub fn since(&self, earlier: &WriteStats) -> WriteStats {
        WriteStats {
            batches: self.batches - earlier.batches,
            writes: self.writes - earlier.writes,
            largest_batch: self.largest_batch,
            flush_failures: self.flush_failures - earlier.flush_failures,
        }
    }
}

#[derive(Default)]
pub(super) struct FaultState {
    fail_flushes: AtomicU32,
    no_space: AtomicBool,
}

/// The store's fault hook, **for tests** (compiled in, like the SSH server's test hooks,
/// so tests of the whole server can use it; nothing in the server calls it):
/// [`Store::faults`](super::Store::faults). Faults act in the writer, so they reach every
/// durable write, whoever sends it.
#[derive(Clone)]
pub struct Faults {
    pub(super) shared: Arc<Shared>,
}

impl Faults {
    /// The next `n` flushes fail: their batches' writes are applied (they stay in memory,
    /// as after a real failed fsync) but every caller is answered with an error.
    pub fn fail_next_flushes(&self, n: u32) {
        self.shared.faults.fail_flushes.store(n, Ordering::Relaxed);
    }

    /// From now until [`Faults::clear`], every durable write is refused with "No space left
    /// on device" and nothing is written.
    pub fn disk_full(&self) {
        self.shared.faults.no_space.store(true, Ordering::Relaxed);
    }

    /// No more faults.
    pub fn clear(&self) {
        self.shared.faults.fail_flushes.store(0, Ordering::Relaxed);
        self.shared.faults.no_space.store(false, Ordering::Relaxed);
    }
}
