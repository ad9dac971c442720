//! Persistence: users and their preferences, Glicko-2 ratings, finished games, games in
//! progress, bans, saved set-ups. A small typed API over sled 0.34; no sled type leaves this
//! module, so the engine can be replaced.
//!
//! # One handle per concern
//! [`Store`] opens the database and hands out one handle per concern (like soft-serve's
//! `UserStore`/`RepoStore`), each a cheap clone of it that can be kept or sent to a task:
//!
//! | handle | module | concern |
//! |---|---|---|
//! | [`Users`] (`store.users()`) | `users.rs` | nicknames, the keys that own them, preferences |
//! | [`Ratings`] (`store.ratings()`) | `ratings.rs` | ratings, rating history, leaderboard (read only) |
//! | [`Games`] (`store.games()`) | `games.rs` | finished games and their listings |
//! | [`Live`] (`store.live()`) | `live.rs` | games in progress and their moves |
//! | [`Bans`] (`store.bans()`) | `bans.rs` | bans of nicks, keys and addresses |
//! | [`Setups`] (`store.setups()`) | `setups.rs` | saved set-ups |
//! | [`NoteLogs`] (`store.notes()`) | `notes.rs` | each seat's notes on unknown pieces |
//! | [`Analyses`] (`store.analyses()`) | `analysis.rs` | the analysis after a finished game |
//! | [`WebLogins`] (`store.web()`) | `web.rs` | browser sign-ins: one-time links, sessions |
//!
//! What is shared stays here: opening, the schema marker and game ids (`meta`); the one
//! writer thread that makes writes durable (group commit) and the fault hook in
//! `writer.rs`, the protection of the files at opening in `guard.rs`, backups in
//! `backup.rs`, the invariants check ([`Store::check`]) in `check.rs`, stored forms and key
//! layouts in `records.rs`. Each module opens
//! with its own table of trees and keys and says which of its calls flush.
//!
//! # Trees and keys
//! | tree | key | value | written by |
//! |---|---|---|---|
//! | `users` | nickname, lower-cased | [`User`] (`UserV1`) | [`Users`] |
//! | `identities` | identity (`key:SHA256:...`) | the `users` key it owns | [`Users`] |
//! | `nick_skeletons` | u16 length + nick skeleton + `users` key | empty (an index for look-alikes) | [`Users`] |
//! | `ratings` | variant byte + identity | [`Rating`] | [`Games::finish`] |
//! | `rating_history` | variant byte + len-prefixed identity + end time + game id | rating after the game | [`Games::finish`] |
//! | `games` | game id (u64 big-endian) | [`FinishedGame`] | [`Games`] |
//! | `player_games` | len-prefixed identity + end time + game id | [`GameListing`] | [`Games`] |
//! | `recent_games` | tag (0 = all, else variant byte) + end time + game id | [`GameListing`] | [`Games`] |
//! | `live` | game id | a game in progress without its moves, or a correspondence game still in its set-up ([`LiveSetup`]) | [`Live`], [`Games::finish`] |
//! | `live_moves` | game id + ply (u32 big-endian, 1-based; the ply the game gives the move, so a retry overwrites it) | the move and the clocks after it (a game's final move is never here: it is in the finished record) | [`Live`], [`Games::finish`] |
//! | `notes` | game id + colour byte (0 Red, 1 Blue) | the seat's note log (`NotesV1`) | [`NoteLogs`], [`Live::remove`] |
//! | `analysis` | game id (u64 big-endian) | the review of a finished game (`AnalysisV1`) | [`Analyses`] |
//! | `bans` | `nick:NAME`, `key:SHA256:...`, `addr:ADDRESS`, `net:PREFIX`; `seen:SHA256:...`, `closed:BLOCK` (see `bans.rs`) | [`Ban`] (reason, by whom, when); a key's last address block; guests closed since | [`Bans`] |
//! | `setups` | len-prefixed identity + variant byte + name | [`SavedSetup`] and when it was saved | [`Setups`] |
//! | `tournaments` | tournament id (u64 big-endian) | [`TournamentRecord`]: terms, entrants, pairings and results | [`Tournaments`] |
//! | `web` | `l`/`s`/`c`/`p`/`g` + SHA-256 of a link's code, a session's token, a ceremony's challenge, a passkey's credential id, a guest's token; `i`/`q` + identity + digest; `k` + key identity | [`LinkV1`], [`WebSessionV1`], `CeremonyV1`, `PasskeyV1`, `GuestSessionV1`, empty, `KeyLinkV1` (see `web.rs`) | [`WebLogins`] |
//! | `meta` | `schema`, `next_game_id` | schema number, id counter | [`Store`] |
//!
//! Times are Unix seconds ([`Timestamp`]); numbers in keys are big-endian so keys sort by
//! them. Variant bytes are fixed (Classic 1, Duel 2, Barrage 3), not the enum's order.
//!
//! Besides sled's own files (`db`, `conf`, `snap.*`, `blobs/`), the data directory holds
//! `clean-stop` (a fingerprint of those files, written when the store is closed, removed
//! when it is opened: its presence means the last stop was clean) and, after a start that
//! followed a stop that was not clean, `last-start/` (a copy of the files as they were
//! before sled recovered them). See `guard.rs`.
//!
//! # Versions and migration
//! Every value is a JSON object with a `v` field (the stored structs in `records.rs`, each
//! implementing `Versioned` with its `VERSION`). Reading peeks at `v` first:
//! - `v` equal to the current version: decoded directly. Unknown fields are ignored and
//!   missing fields marked `#[serde(default)]` (e.g. in [`Preferences`]) take their
//!   defaults, so *adding an optional field needs no new version*.
//! - `v` newer than this program knows: [`StoreError::NewerVersion`], never a guess.
//! - `v` older: `Versioned::upgrade(v, bytes)`. To change a value incompatibly, keep the old
//!   struct as `FooV1`, add `FooV2` with `VERSION = 2`, and implement `upgrade` for `FooV2`
//!   as `1 => Ok(FooV2::from(serde_json::from_slice::<FooV1>(bytes)?))`. Old values are
//!   upgraded lazily when read and written back as v2 by the next write of that key.
//!
//! A change of *key layout* or of the set of trees bumps [`SCHEMA`] in the `meta` tree;
//! [`Store::open`] refuses a database with a newer schema, and is where an eager migration
//! from an older schema (rewrite keys, inside the open, before serving) would run.
//! Shared types stored inside values ([`GameRecord`], [`Setup`], [`GameTerms`]) belong to
//! `rules` and `proto`: changing their serde shape changes the stored format; `GameRecord`
//! carries its own `version`.
//!
//! # Durability, and the blocking rule
//! sled flushes in the background every 500 ms. Where this API promises durability it
//! flushes before returning, and a flush is an fsync: a fraction of a millisecond on a
//! quiet disk (`benches/store.rs`), far more on a busy one. **Nothing that flushes can be
//! called from an actor or a runtime worker**, and the types enforce it: every call that
//! flushes is `async` and hands its write to **the writer** (`writer.rs`), one thread that
//! owns the disk path: it takes every write queued, applies them, makes the batch durable
//! with one flush (group commit), then answers each caller. From async code the only way
//! to call it is `.await`, which never blocks a worker thread; the caller is answered after
//! the flush that covers its write (so a move is on disk before anyone is shown it), and
//! under load hundreds of writes share one fsync instead of queueing for one each. The
//! synchronous bodies are private to the store and never flush themselves. Dropping the
//! future does not cancel the write. [`Store::write_stats`] counts batches and writes.
//!
//! Every durable write is **idempotent**: a flush that fails leaves its writes in memory
//! (a later flush may still write them), and the caller, told it failed, retries. A move
//! is the exception that must not outlive its refusal (the players were told it was not
//! played): the writer takes it back out of memory right after the failed flush
//! ([`Live::append_move`]; see `writer.rs`). A move is
//! stored under its ply ([`Live::append_move`]), a finished game under its id
//! ([`Games::finish`] of the same record again answers as the first time), a game in
//! progress replaces its earlier save, claims and bans are decided inside transactions.
//!
//! The calls that flush (all `async`, through the writer):
//! - [`Users::claim_nick`], [`Users::rename`];
//! - [`Games::finish`];
//! - [`Live::save`], [`Live::append_move`], [`Live::remove`];
//! - [`Bans::add`], [`Bans::remove`];
//! - [`Setups::save`], [`Setups::delete`];
//! - [`NoteLogs::save`];
//! - [`Analyses::save`];
//! - [`WebLogins::issue_link`], [`WebLogins::redeem`], [`WebLogins::end`],
//!   [`WebLogins::sign_out`], and the passkeys', linked keys' and guests' calls listed in
//!   `web.rs`;
//! - [`Store::flush`] (every write so far; call it at shutdown).
//!
//! Everything else is synchronous and never flushes, so it may be called from anywhere:
//! every read, [`Store::next_game_id`] (made durable by the flush of whatever first stores
//! the game) and [`Users::set_preferences`] (durable within sled's background flush).
//!
//! Synchronous and flushing, so never for an actor: [`Store::open`] (once at start-up,
//! before anything is served: it reads the files and flushes the schema marker of a new
//! database), and [`Store::backup`] and [`restore`], the sync path kept for tools that run
//! outside a runtime (the `backup` and `restore` commands of `main.rs`) and for tests. The
//! archive import (`main.rs import`) needs no sync path: it awaits the async calls on a
//! runtime of its own.
//!
//! **Faults, for tests**: [`Store::faults`] fails the next flushes or refuses every write
//! as a full disk would, in the writer (so every durable write sees it); nothing in the
//! server calls it.
//!
//! # Ratings
//! Glicko-2 per (identity, variant), see [`glicko`]: each finished rated game is one rating
//! period for both players. Only accounts (`key:`, `account:`) are rated; a rated game with a guest
//! (`guest:`), a bot (`bot:`) or anything else is stored as casual.

mod analysis;
mod backup;
mod bans;
mod check;
mod error;
mod games;
pub mod glicko;
mod guard;
mod live;
mod notes;
mod ratings;
mod records;
mod setups;
mod tournaments;
mod users;
mod web;
mod writer;

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{SystemTime, UNIX_EPOCH};

use sled::transaction::ConflictableTransactionError;

pub use analysis::Analyses;
pub use backup::{restore, BackupSummary, RestoreSummary};
pub use bans::{Ban, BanTarget, Bans};
pub use check::{has_database, CheckReport, Problem};
pub use error::{OpenFailure, StoreError};
pub use games::{FinishedGame, GameListing, GameResult, Games, SeatRecord};
pub use glicko::{Rating, Score};
pub use live::{Live, LiveGame, LiveSetup};
pub use notes::NoteLogs;
pub use ratings::{RatedPlayer, RatingChange, Ratings};
pub use setups::{Setups, MAX_SETUPS};
pub use tournaments::{TournamentRecord, Tournaments};
pub use users::{
    ClaimResult, Preferences, RenameResult, User, Users, MAX_RENAMES, RENAME_RESERVE_SECS,
};
pub use web::{
    Ceremony, Passkey, WebLogins, WebSession, CEREMONY_SECS, GUEST_SECS, LINK_SECS, MAX_SESSIONS,
    SESSION_SECS,
};
pub use writer::{Faults, WriteStats};

use crate::proto::{GameId, PlayerId};
#[cfg(doc)]
use crate::proto::{GameTerms, SavedSetup};
#[cfg(doc)]
use crate::rules::{GameRecord, Setup};
use records::*;

/// Seconds since the Unix epoch.
pub type Timestamp = u64;

/// Layout of trees and keys; see the module documentation. 2: the `nick_skeletons` index
/// (built from `users` when a store of schema 1 is opened). 3: the `web` tree (browser
/// sign-ins; empty in an older store). 4: passkeys, their ceremonies, keys linked from the
/// web and browser guests in the `web` tree (new prefixes; none in an older store). 5: the
/// `notes` tree (players' notes on unknown pieces; empty in an older store). 6: the
/// `analysis` tree (the analysis after a game; empty in an older store).
pub const SCHEMA: u32 = 6;

const MAX_IDENTITY_BYTES: usize = 512;

/// The current time as a [`Timestamp`].
pub fn now() -> Timestamp {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Whether an identity can hold a rating: only accounts (`key:...`, `account:...`).
pub fn is_rateable(identity: &PlayerId) -> bool {
    identity.is_account()
}

/// The database. Cheap to clone (shared); all methods take `&self` and may be called from
/// several threads. Hands out one handle per concern ([`Store::users`], ...).
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

struct Inner {
    /// Declared first, so dropped first: the writer thread ends (its queue is empty, since
    /// every queued write holds a handle) before the database is let go of.
    writer: writer::Writer,
    t: Trees,
    shared: Arc<writer::Shared>,
    dir: Option<PathBuf>,
    /// Declared last, so dropped last: once sled has let go of the files, marks the stop
    /// as clean (see `guard.rs`).
    _closer: guard::Closer,
}

struct Trees {
    users: sled::Tree,
    identities: sled::Tree,
    skeletons: sled::Tree,
    ratings: sled::Tree,
    history: sled::Tree,
    games: sled::Tree,
    player_games: sled::Tree,
    recent: sled::Tree,
    live: sled::Tree,
    live_moves: sled::Tree,
    notes: sled::Tree,
    analysis: sled::Tree,
    setups: sled::Tree,
    bans: sled::Tree,
    tournaments: sled::Tree,
    web: sled::Tree,
    meta: sled::Tree,
}

impl Trees {
    fn open(db: &sled::Db) -> sled::Result<Trees> {
        Ok(Trees {
            users: db.open_tree("users")?,
            identities: db.open_tree("identities")?,
            skeletons: db.open_tree("nick_skeletons")?,
            ratings: db.open_tree("ratings")?,
            history: db.open_tree("rating_history")?,
            games: db.open_tree("games")?,
            player_games: db.open_tree("player_games")?,
            recent: db.open_tree("recent_games")?,
            live: db.open_tree("live")?,
            live_moves: db.open_tree("live_moves")?,
            notes: db.open_tree("notes")?,
            analysis: db.open_tree("analysis")?,
            setups: db.open_tree("setups")?,
            bans: db.open_tree("bans")?,
            tournaments: db.open_tree("tournaments")?,
            web: db.open_tree("web")?,
            meta: db.open_tree("meta")?,
        })
    }
}

type TxResult<T> = Result<T, ConflictableTransactionError<StoreError>>;

fn abort(e: StoreError) -> ConflictableTransactionError<StoreError> {
    ConflictableTransactionError::Abort(e)
}

fn tx_decode<T: Versioned>(bytes: &[u8]) -> TxResult<T> {
    decode(bytes).map_err(abort)
}

/// The identity as the store's keys hold it (`key:SHA256:...`), if it fits in one.
fn identity_key(identity: &PlayerId) -> Result<String, StoreError> {
    let text = identity.to_string();
    if text.len() > MAX_IDENTITY_BYTES {
        return Err(StoreError::Invalid("malformed identity".into()));
    }
    Ok(text)
}

/// An identity read back from a key or a stored value.
fn parse_identity(text: &str) -> Result<PlayerId, StoreError> {
    text.parse()
        .map_err(|e: crate::proto::ParsePlayerIdError| StoreError::Decode {
            what: "identity",
            message: e.to_string(),
        })
}

/// The stored form of an identity that may keep a nickname and saved set-ups (a key's).
fn registrable_key(identity: &PlayerId) -> Result<String, StoreError> {
    if !is_rateable(identity) {
        return Err(StoreError::Invalid(
            "only players with an account (an SSH key or a passkey) can keep a nickname or saved set-ups".into(),
        ));
    }
    identity_key(identity)
}

impl Store {
    /// Queues a durable write to the writer (see `writer.rs`) and waits, without holding a
    /// thread, for the flush that covers it: the one way the store's flushing calls reach
    /// the disk (see the blocking rule in the module documentation). `write` runs on the
    /// writer thread and must not flush; it must be idempotent (a retry after a failed
    /// flush repeats it over what may still be in memory). The write completes even if
    /// the caller stops waiting.
    async fn durable<T, F>(&self, write: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, StoreError> + Send + 'static,
    {
        self.durable_queued(write).await
    }

    /// [`Store::durable`], with the write queued at the call (not at the first poll): two
    /// calls made in order are applied in that order, whenever their futures are awaited.
    fn durable_queued<T, F>(
        &self,
        write: F,
    ) -> impl std::future::Future<Output = Result<T, StoreError>> + Send + 'static
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, StoreError> + Send + 'static,
    {
        self.durable_undoable(write, None)
    }

    /// [`Store::durable_queued`], with `undo` run on the writer (before anything else is
    /// written) when the write was applied but its flush failed: the write is taken back
    /// out of memory, so no later flush makes it durable (see `writer.rs`).
    fn durable_undoable<T, F>(
        &self,
        write: F,
        undo: Option<Box<dyn FnOnce() + Send>>,
    ) -> impl std::future::Future<Output = Result<T, StoreError>> + Send + 'static
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, StoreError> + Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: writer::Job = Box::new(move |apply: bool| {
            let out = apply.then(write);
            // Only a write that was applied has anything to take back.
            let undo = match &out {
                Some(Ok(_)) => undo,
                _ => None,
            };
            writer::Applied {
                undo,
                answer: Box::new(move |flushed: Result<(), StoreError>| {
                    let r = match out {
                        Some(Ok(v)) => flushed.map(|()| v),
                        Some(Err(e)) => Err(e),
                        None => Err(flushed.err().unwrap_or_else(|| {
                            StoreError::Storage("the write was refused".into())
                        })),
                    };
                    let _ = tx.send(r);
                }),
            }
        });
        let sent = self.inner.writer.send(job).is_ok();
        async move {
            if !sent {
                tracing::error!("store: the writer has stopped; a write was refused");
                return Err(StoreError::Storage("the store's writer has stopped".into()));
            }
            rx.await.unwrap_or_else(|_| {
                tracing::error!("store: a write was dropped by the writer");
                Err(StoreError::Storage(
                    "a write to disk did not complete".into(),
                ))
            })
        }
    }

    /// Takes a move of a game in progress back out of the database (in memory; the next
    /// flush makes it durable): the undo of a move whose flush failed. Does not flush.
    fn forget_live_move(&self, id: GameId, ply: u32) {
        if let Err(e) = self.t().live_moves.remove(live_move_key(id, ply)) {
            tracing::error!(game = id, ply, error = %e, "store: cannot take back a refused move");
        }
    }

    /// The writer's counters: batches (one flush each), writes, the largest batch.
    pub fn write_stats(&self) -> WriteStats {
        self.inner.shared.stats.read()
    }

    /// The fault hook, for tests only (see [`Faults`]).
    pub fn faults(&self) -> Faults {
        Faults {
            shared: self.inner.shared.clone(),
        }
    }

    fn db(&self) -> &sled::Db {
        &self.inner.shared.db
    }
}

impl Store {
    /// Opens (or creates) the database in `dir`. Any failure (damaged files, permissions,
    /// another process holding the lock, a newer schema) is a [`StoreError::Open`] that names
    /// the directory and how to restore a backup; nothing is removed or rewritten.
    pub fn open(dir: impl AsRef<Path>) -> Result<Store, StoreError> {
        let dir = dir.as_ref().to_path_buf();
        let fail = |failure, cause: String| StoreError::Open {
            dir: dir.clone(),
            failure,
            cause,
        };
        // sled's background flusher thread lets go of the files a moment after the last
        // handle of a closing store is dropped (in this process or one just stopped): a lock
        // held that briefly is waited for, a lock still held after a second is refused.
        let mut waited = 0;
        while waited < 50 && matches!(guard::locked(&dir), Ok(true)) {
            std::thread::sleep(std::time::Duration::from_millis(20));
            waited += 1;
        }
        match guard::locked(&dir) {
            Ok(false) => {}
            Ok(true) => return Err(fail(OpenFailure::Locked, "the lock is held".into())),
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
                return Err(fail(OpenFailure::Permission, e.to_string()))
            }
            Err(e) => return Err(fail(OpenFailure::Other, e.to_string())),
        }
        // sled opens a wholly unreadable log as an empty database: remember whether there
        // was data before, so that case is refused instead of silently starting afresh.
        let existed = std::fs::metadata(dir.join("db")).is_ok_and(|m| m.len() > 0);
        let preserved = guard::preserve(&dir).map_err(|e| {
            fail(
                OpenFailure::Other,
                format!("cannot copy the files aside before opening them ({e})"),
            )
        })?;
        let cfg = sled::Config::new().path(&dir);
        match Self::open_config(cfg, Some(dir.clone()), existed) {
            Ok(store) => {
                // A marker that did not match (or was not checked): these files are open now.
                if let Err(e) = guard::forget_clean_stop(&dir) {
                    tracing::warn!(dir = %dir.display(), error = %e, "store: could not remove an old clean-stop marker");
                }
                if let Some(p) = preserved {
                    if let Err(e) = p.keep() {
                        tracing::warn!(dir = %dir.display(), error = %e, "store: could not keep the start-up copy");
                    }
                }
                Ok(store)
            }
            Err(StoreError::Open {
                dir,
                failure,
                mut cause,
            }) => {
                if let Some(p) = preserved {
                    // Locked: sled changed nothing, and someone else owns the files now.
                    let res = if failure == OpenFailure::Locked {
                        p.discard()
                    } else {
                        p.put_back()
                    };
                    if let Err(e) = res {
                        tracing::error!(dir = %dir.display(), error = %e, "store: could not put the files back after a failed open");
                        cause.push_str(&format!(
                            "; putting the files back as they were also failed ({e}): the \
                             originals are in {}",
                            dir.join("last-start.new").display()
                        ));
                    }
                }
                Err(StoreError::Open {
                    dir,
                    failure,
                    cause,
                })
            }
            Err(e) => Err(e),
        }
    }

    /// A throw-away database (for tests), deleted when the last clone is dropped.
    pub fn temporary() -> Result<Store, StoreError> {
        Self::open_config(sled::Config::new().temporary(true), None, false)
    }

    fn open_config(
        cfg: sled::Config,
        dir: Option<PathBuf>,
        existed: bool,
    ) -> Result<Store, StoreError> {
        let shown = dir.clone().unwrap_or_else(|| PathBuf::from("(temporary)"));
        let fail = |failure, cause: String| StoreError::Open {
            dir: shown.clone(),
            failure,
            cause,
        };
        // sled 0.34 may panic on some damaged files instead of returning an error.
        let opened = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let db = cfg.open()?;
            let t = Trees::open(&db)?;
            Ok::<_, sled::Error>((db, t))
        }));
        let (db, t) = match opened {
            Ok(Ok(x)) => x,
            Ok(Err(e)) => {
                let failure = classify(&e);
                tracing::error!(dir = %shown.display(), error = %e, ?failure, "store: open failed");
                return Err(fail(failure, e.to_string()));
            }
            Err(panic) => {
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "unknown panic".into());
                tracing::error!(dir = %shown.display(), error = %msg, "store: open panicked");
                return Err(fail(
                    OpenFailure::Corrupt,
                    format!("the database files look damaged ({msg})"),
                ));
            }
        };
        match t.meta.get("schema") {
            Ok(Some(b)) => {
                let s: SchemaV1 =
                    decode(&b).map_err(|e| fail(OpenFailure::Corrupt, e.to_string()))?;
                if s.schema > SCHEMA {
                    return Err(fail(
                        OpenFailure::NewerSchema {
                            found: s.schema,
                            supported: SCHEMA,
                        },
                        String::new(),
                    ));
                }
                if s.schema < SCHEMA {
                    migrate(&db, &t, s.schema).map_err(|e| {
                        fail(
                            OpenFailure::Other,
                            format!("cannot upgrade the database from schema {} ({e})", s.schema),
                        )
                    })?;
                    tracing::info!(dir = %shown.display(), from = s.schema, to = SCHEMA, "store: upgraded");
                }
            }
            Ok(None) if existed => {
                tracing::error!(dir = %shown.display(), "store: existing database reads as empty");
                return Err(fail(
                    OpenFailure::Corrupt,
                    "the database file exists but none of its data can be read (it is \
                     probably damaged)"
                        .into(),
                ));
            }
            Ok(None) => {
                let s = SchemaV1 {
                    v: SchemaV1::VERSION,
                    schema: SCHEMA,
                };
                t.meta
                    .insert("schema", encode(&s))
                    .and_then(|_| db.flush())
                    .map_err(|e| fail(classify(&e), e.to_string()))?;
            }
            Err(e) => return Err(fail(classify(&e), e.to_string())),
        }
        tracing::info!(dir = %shown.display(), recovered = db.was_recovered(), "store: opened");
        let shared = Arc::new(writer::Shared {
            db,
            gate: RwLock::new(()),
            faults: Default::default(),
            stats: Default::default(),
        });
        let writer = writer::Writer::start(shared.clone())
            .map_err(|e| fail(OpenFailure::Other, format!("cannot start the writer ({e})")))?;
        Ok(Store {
            inner: Arc::new(Inner {
                writer,
                t,
                shared,
                _closer: guard::Closer::new(dir.clone()),
                dir,
            }),
        })
    }

    /// The directory, `None` for a temporary store.
    pub fn dir(&self) -> Option<&Path> {
        self.inner.dir.as_deref()
    }

    /// Makes every write so far durable. Call at shutdown. Flushes, off the runtime.
    pub async fn flush(&self) -> Result<(), StoreError> {
        self.durable(|| Ok(())).await
    }

    fn t(&self) -> &Trees {
        &self.inner.t
    }

    fn writing(&self) -> RwLockReadGuard<'_, ()> {
        self.inner
            .shared
            .gate
            .read()
            .unwrap_or_else(|e| e.into_inner())
    }

    fn exclusive(&self) -> RwLockWriteGuard<'_, ()> {
        self.inner
            .shared
            .gate
            .write()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// A new game id: monotonic across restarts (a counter in the `meta` tree, made durable
    /// by the flush of whatever first stores the game). Does not flush.
    pub fn next_game_id(&self) -> Result<GameId, StoreError> {
        let _g = self.writing();
        let id = self.t().meta.transaction(|m| {
            let next = match m.get("next_game_id")? {
                Some(b) => tx_decode::<CounterV1>(&b)?.next,
                None => 1,
            };
            let c = CounterV1 {
                v: CounterV1::VERSION,
                next: next + 1,
            };
            m.insert("next_game_id", encode(&c))?;
            Ok(next)
        })?;
        Ok(id)
    }

    /// Where the numbering of new games starts: one past every number handed out before
    /// (the `meta` counter, which [`Store::game_id_taken`] moves, and every game stored, in
    /// progress or finished, in case a counter write was lost). Read once, at start, by the
    /// lobby, which then numbers games in memory.
    pub fn game_ids_from(&self) -> Result<GameId, StoreError> {
        let t = self.t();
        let counter = match t.meta.get("next_game_id")? {
            Some(b) => decode::<CounterV1>(&b)?.next,
            None => 1,
        };
        let past_last = |tree: &sled::Tree| -> Result<GameId, StoreError> {
            Ok(match tree.last()? {
                Some((k, _)) if k.len() >= 8 => {
                    let mut b = [0u8; 8];
                    b.copy_from_slice(&k[..8]);
                    u64::from_be_bytes(b) + 1
                }
                _ => 1,
            })
        };
        Ok(counter.max(past_last(&t.live)?).max(past_last(&t.games)?))
    }

    /// Records that game `id` was handed out: the `meta` counter moves past it (never back).
    /// The write is queued to the writer at the call (the lobby does not wait for the disk;
    /// it may await the answer from a task of its own).
    pub fn game_id_taken(
        &self,
        id: GameId,
    ) -> impl std::future::Future<Output = Result<(), StoreError>> + Send + 'static {
        let store = self.clone();
        self.durable_queued(move || {
            let _g = store.writing();
            store.t().meta.transaction(|m| {
                let next = match m.get("next_game_id")? {
                    Some(b) => tx_decode::<CounterV1>(&b)?.next,
                    None => 1,
                };
                if next <= id {
                    let c = CounterV1 {
                        v: CounterV1::VERSION,
                        next: id + 1,
                    };
                    m.insert("next_game_id", encode(&c))?;
                }
                Ok(())
            })?;
            Ok(())
        })
    }

    /// Nicknames, their keys, preferences.
    pub fn users(&self) -> Users {
        Users::new(self.clone())
    }

    /// Ratings, rating history, the leaderboard.
    pub fn ratings(&self) -> Ratings {
        Ratings::new(self.clone())
    }

    /// Finished games and their listings.
    pub fn games(&self) -> Games {
        Games::new(self.clone())
    }

    /// Games in progress and their moves.
    pub fn live(&self) -> Live {
        Live::new(self.clone())
    }

    /// Bans of nicks, keys and addresses.
    pub fn bans(&self) -> Bans {
        Bans::new(self.clone())
    }

    /// Saved set-ups.
    pub fn tournaments(&self) -> Tournaments {
        Tournaments::new(self.clone())
    }

    /// Each seat's notes on unknown pieces.
    pub fn notes(&self) -> NoteLogs {
        NoteLogs::new(self.clone())
    }

    /// The analyses after finished games.
    pub fn analyses(&self) -> Analyses {
        Analyses::new(self.clone())
    }

    pub fn setups(&self) -> Setups {
        Setups::new(self.clone())
    }

    pub fn web(&self) -> WebLogins {
        WebLogins::new(self.clone())
    }
}

/// Upgrades a database of an older schema, before anything is served; the new schema
/// marker is written last (a migration cut short runs again at the next open). Flushed.
fn migrate(db: &sled::Db, t: &Trees, from: u32) -> Result<(), StoreError> {
    if from < 2 {
        let n = users::rebuild_skeleton_index(t)?;
        tracing::info!(entries = n, "store: nick look-alike index built");
    }
    let s = SchemaV1 {
        v: SchemaV1::VERSION,
        schema: SCHEMA,
    };
    t.meta.insert("schema", encode(&s))?;
    db.flush()?;
    Ok(())
}

fn classify(e: &sled::Error) -> OpenFailure {
    match e {
        sled::Error::Corruption { .. } => OpenFailure::Corrupt,
        sled::Error::Io(io) if io.kind() == std::io::ErrorKind::PermissionDenied => {
            OpenFailure::Permission
        }
        sled::Error::Io(io) if io.to_string().contains("could not acquire lock") => {
            OpenFailure::Locked
        }
        _ => OpenFailure::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_ids_increase() {
        let s = Store::temporary().unwrap();
        let a = s.next_game_id().unwrap();
        let b = s.next_game_id().unwrap();
        assert!(a >= 1 && b > a);
    }

    /// The blocking rule: a flushing call waits for the writer thread, never on the
    /// runtime's thread. Here the write is held up (by the gate a backup takes) while the
    /// runtime's only thread goes on with other work; a synchronous write would hang it.
    #[tokio::test(flavor = "current_thread")]
    // Holding the gate across awaits is the point: it stands for a slow disk.
    #[allow(clippy::await_holding_lock)]
    async fn a_flushing_write_waits_off_the_runtime() {
        let s = Store::temporary().unwrap();
        let gate = s.exclusive();
        let users = s.users();
        let claim =
            tokio::spawn(async move { users.claim_nick("ann", &"key:a".parse().unwrap()).await });
        for _ in 0..3 {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        assert!(!claim.is_finished(), "the write waits for the gate");
        drop(gate);
        assert_eq!(claim.await.unwrap(), Ok(ClaimResult::Granted));
        assert!(s.users().by_nick("ann").unwrap().is_some());
    }
}
