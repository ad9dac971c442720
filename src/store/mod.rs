//! Persistence: users and their settings, Glicko-2 ratings, finished games, games in
//! progress, saved set-ups. A small typed API over sled 0.34; no sled type leaves this
//! module, so the engine can be replaced.
//!
//! # Trees and keys
//! | tree | key | value |
//! |---|---|---|
//! | `users` | nickname, lower-cased | [`User`] (`UserV1`) |
//! | `identities` | identity (`key:SHA256:...`) | the `users` key it owns |
//! | `ratings` | variant byte + identity | [`Rating`] |
//! | `rating_history` | variant byte + len-prefixed identity + end time + game id | rating after the game |
//! | `games` | game id (u64 big-endian) | [`FinishedGame`] |
//! | `player_games` | len-prefixed identity + end time + game id | [`GameListing`] |
//! | `recent_games` | tag (0 = all, else variant byte) + end time + game id | [`GameListing`] |
//! | `live` | game id | a game in progress without its moves |
//! | `live_moves` | game id + ply (u32 big-endian) | the move and the clocks after it |
//! | `setups` | len-prefixed identity + variant byte + name | [`SavedSetup`] |
//! | `meta` | `schema`, `next_game_id` | schema number, id counter |
//!
//! Times are Unix seconds ([`Timestamp`]); numbers in keys are big-endian so keys sort by
//! them. Variant bytes are fixed (Classic 1, Duel 2, Barrage 3), not the enum's order.
//!
//! # Versions and migration
//! Every value is a JSON object with a `v` field (the stored structs in `records.rs`, each
//! implementing `Versioned` with its `VERSION`). Reading peeks at `v` first:
//! - `v` equal to the current version: decoded directly. Unknown fields are ignored and
//!   missing fields marked `#[serde(default)]` (e.g. in [`Preferences`]) take their defaults,
//!   so *adding an optional field needs no new version*.
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
//! # Durability
//! sled flushes in the background every 500 ms. Where this API promises durability it
//! flushes before returning: [`Store::append_move`], [`Store::save_in_progress`],
//! [`Store::remove_in_progress`], [`Store::finish_game`], [`Store::claim_nick`],
//! saved set-ups, and backup/restore. Call [`Store::flush`] at shutdown. These calls block
//! (a flush is an fsync): from async code, call them from `spawn_blocking` or accept the
//! latency (see the bench for the figure).
//!
//! # Ratings
//! Glicko-2 per (identity, variant), see [`glicko`]: each finished rated game is one rating
//! period for both players. Only `key:` identities are rated; a rated game with a guest
//! (`guest:`), a bot (`bot:`) or anything else is stored as casual.

mod backup;
mod error;
pub mod glicko;
mod guard;
mod records;

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use sled::transaction::{ConflictableTransactionError, TransactionalTree};
use sled::Transactional;

pub use backup::{restore, BackupSummary, RestoreSummary};
pub use error::{OpenFailure, StoreError};
pub use glicko::{Rating, Score};

use crate::proto::{GameId, GameTerms, SavedSetup};
use crate::rules::{ByColor, Color, GameRecord, Move, Numbering, Outcome, Setup, Variant};
use records::*;

/// Seconds since the Unix epoch.
pub type Timestamp = u64;

/// Layout of trees and keys; see the module documentation.
pub const SCHEMA: u32 = 1;

/// Saved set-ups per identity (all variants together).
pub const MAX_SETUPS: usize = 50;

const MAX_NICK_BYTES: usize = 64;
const MAX_IDENTITY_BYTES: usize = 512;
const MAX_SETUP_NAME_BYTES: usize = 64;

/// The current time as a [`Timestamp`].
pub fn now() -> Timestamp {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Whether an identity can hold a rating: only public-key identities (`key:...`).
pub fn is_rateable(identity: &str) -> bool {
    identity.starts_with("key:")
}

/// A player's stored interface preferences. New fields must have defaults
/// (`#[serde(default)]` on the struct does that), so older records still read.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Preferences {
    pub numbering: Numbering,
    /// Draw with ASCII only (no box drawing or symbols).
    pub ascii: bool,
}

/// A registered nickname.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct User {
    /// As first claimed (the key is the lower-cased form).
    pub nick: String,
    /// The identity that claimed it: `key:SHA256:...`.
    pub owner: String,
    /// Key fingerprints (`SHA256:...`) that may use the nick.
    pub keys: Vec<String>,
    pub preferences: Preferences,
    pub created: Timestamp,
}

/// The answer to [`Store::claim_nick`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ClaimResult {
    /// The nick was free and is now this identity's.
    Granted,
    /// This identity already owns the nick.
    AlreadyYours,
    /// Another identity owns it.
    OwnedByOther,
    /// The nick is free, but this identity already owns another nick (one per identity,
    /// since ratings belong to identities). Carries that nick, as claimed.
    HasOtherNick(String),
}

/// Who sits on one side of a game, as stored.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeatRecord {
    /// `key:SHA256:...`, `guest:...` or `bot:...`.
    pub identity: String,
    pub nick: String,
}

/// One player's rating before and after a game.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct RatingChange {
    pub before: Rating,
    pub after: Rating,
}

impl RatingChange {
    /// Shown rating difference, e.g. `+12`.
    pub fn delta(&self) -> i32 {
        self.after.shown() - self.before.shown()
    }
}

/// A rated player, as the leaderboard lists them.
#[derive(Clone, PartialEq, Debug)]
pub struct RatedPlayer {
    pub nick: String,
    pub identity: String,
    pub rating: Rating,
}

/// A game in progress as stored: enough to restore it after a restart.
#[derive(Clone, PartialEq, Debug)]
pub struct LiveGame {
    pub id: GameId,
    pub terms: GameTerms,
    pub seats: ByColor<SeatRecord>,
    pub red: Setup,
    pub blue: Setup,
    pub moves: Vec<Move>,
    /// Time left on each clock after the last move (or at the start).
    pub clocks: Option<ByColor<Duration>>,
    pub started: Timestamp,
}

impl LiveGame {
    /// The record so far (no outcome); `replay()` it to get the position.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            version: GameRecord::VERSION,
            rules: self.terms.rules,
            red: self.red.clone(),
            blue: self.blue.clone(),
            moves: self.moves.clone(),
            outcome: None,
        }
    }
}

/// What [`Store::finish_game`] records.
#[derive(Clone, PartialEq, Debug)]
pub struct GameResult {
    pub id: GameId,
    /// The whole game; `outcome` must be set.
    pub record: GameRecord,
    pub seats: ByColor<SeatRecord>,
    /// As agreed; `rated` is only honoured when both seats are rateable.
    pub terms: GameTerms,
    pub started: Timestamp,
    pub ended: Timestamp,
}

/// A finished game as stored.
#[derive(Clone, PartialEq, Debug)]
pub struct FinishedGame {
    pub id: GameId,
    pub record: GameRecord,
    pub seats: ByColor<SeatRecord>,
    pub terms: GameTerms,
    /// Whether ratings changed (both seats rateable and the game rated).
    pub rated: bool,
    pub outcome: Outcome,
    pub started: Timestamp,
    pub ended: Timestamp,
    pub rating_changes: Option<ByColor<RatingChange>>,
}

/// A line of a game list.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameListing {
    pub id: GameId,
    pub variant: Variant,
    pub nicks: ByColor<String>,
    pub identities: ByColor<String>,
    pub rated: bool,
    pub outcome: Outcome,
    pub plies: u32,
    pub ended: Timestamp,
}

/// What an admin banned: a nickname, a key fingerprint (`SHA256:...`) or an address.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BanTarget {
    Nick(String),
    Key(String),
    Addr(std::net::IpAddr),
}

impl BanTarget {
    /// Reads `nick NAME`, `key SHA256:...`, `addr 1.2.3.4` (the words of an admin command).
    pub fn parse(kind: &str, value: &str) -> Result<BanTarget, String> {
        let value = value.trim();
        match kind {
            "nick" if !value.is_empty() => Ok(BanTarget::Nick(value.to_lowercase())),
            "key" if value.starts_with("SHA256:") => Ok(BanTarget::Key(value.to_string())),
            "addr" => value
                .parse()
                .map(BanTarget::Addr)
                .map_err(|_| format!("'{value}' is not an IP address")),
            "key" => Err("a key is written as its fingerprint, SHA256:...".into()),
            _ => Err("ban nick NAME, ban key SHA256:..., or ban addr ADDRESS".into()),
        }
    }

    fn key(&self) -> String {
        match self {
            BanTarget::Nick(n) => format!("nick:{}", n.to_lowercase()),
            BanTarget::Key(k) => format!("key:{k}"),
            BanTarget::Addr(a) => format!("addr:{a}"),
        }
    }
}

impl std::fmt::Display for BanTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BanTarget::Nick(n) => write!(f, "nick {n}"),
            BanTarget::Key(k) => write!(f, "key {k}"),
            BanTarget::Addr(a) => write!(f, "addr {a}"),
        }
    }
}

/// A stored ban.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ban {
    /// `nick:NAME`, `key:SHA256:...` or `addr:ADDRESS`.
    pub target: String,
    pub reason: String,
    pub by: String,
    pub at: Timestamp,
}

/// The database. Cheap to clone (shared); all methods take `&self` and may be called from
/// several threads.
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

struct Inner {
    db: sled::Db,
    dir: Option<PathBuf>,
    /// Writers take it shared, [`Store::backup`] exclusively: a backup sees no write half
    /// done.
    gate: RwLock<()>,
    t: Trees,
}

struct Trees {
    users: sled::Tree,
    identities: sled::Tree,
    ratings: sled::Tree,
    history: sled::Tree,
    games: sled::Tree,
    player_games: sled::Tree,
    recent: sled::Tree,
    live: sled::Tree,
    live_moves: sled::Tree,
    setups: sled::Tree,
    bans: sled::Tree,
    meta: sled::Tree,
}

impl Trees {
    fn open(db: &sled::Db) -> sled::Result<Trees> {
        Ok(Trees {
            users: db.open_tree("users")?,
            identities: db.open_tree("identities")?,
            ratings: db.open_tree("ratings")?,
            history: db.open_tree("rating_history")?,
            games: db.open_tree("games")?,
            player_games: db.open_tree("player_games")?,
            recent: db.open_tree("recent_games")?,
            live: db.open_tree("live")?,
            live_moves: db.open_tree("live_moves")?,
            setups: db.open_tree("setups")?,
            bans: db.open_tree("bans")?,
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

fn to_ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn clocks_ms(c: Option<ByColor<Duration>>) -> Option<ByColor<u64>> {
    c.map(|c| ByColor::new(to_ms(c.red), to_ms(c.blue)))
}

fn clocks_dur(c: Option<ByColor<u64>>) -> Option<ByColor<Duration>> {
    c.map(|c| ByColor::new(Duration::from_millis(c.red), Duration::from_millis(c.blue)))
}

fn nick_key(nick: &str) -> Result<String, StoreError> {
    let n = nick.trim();
    if n.is_empty() || n.len() > MAX_NICK_BYTES {
        return Err(StoreError::Invalid(format!(
            "a nickname has 1 to {MAX_NICK_BYTES} characters"
        )));
    }
    Ok(n.to_lowercase())
}

fn check_identity(identity: &str) -> Result<(), StoreError> {
    if identity.is_empty() || identity.len() > MAX_IDENTITY_BYTES {
        return Err(StoreError::Invalid("malformed identity".into()));
    }
    Ok(())
}

fn check_registrable(identity: &str) -> Result<(), StoreError> {
    check_identity(identity)?;
    if !is_rateable(identity) {
        return Err(StoreError::Invalid(
            "only players with an SSH key can keep a nickname or saved set-ups".into(),
        ));
    }
    Ok(())
}

impl From<UserV1> for User {
    fn from(u: UserV1) -> User {
        User {
            nick: u.nick,
            owner: u.owner,
            keys: u.keys,
            preferences: u.settings,
            created: u.created,
        }
    }
}

impl From<ListingV1> for GameListing {
    fn from(l: ListingV1) -> GameListing {
        GameListing {
            id: l.id,
            variant: l.variant,
            nicks: l.nicks,
            identities: l.identities,
            rated: l.rated,
            outcome: l.outcome,
            plies: l.plies,
            ended: l.ended,
        }
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
        Ok(Store {
            inner: Arc::new(Inner {
                db,
                dir,
                gate: RwLock::new(()),
                t,
            }),
        })
    }

    /// The directory, `None` for a temporary store.
    pub fn dir(&self) -> Option<&Path> {
        self.inner.dir.as_deref()
    }

    /// Makes every write so far durable. Call at shutdown.
    pub fn flush(&self) -> Result<(), StoreError> {
        self.inner.db.flush()?;
        Ok(())
    }

    fn t(&self) -> &Trees {
        &self.inner.t
    }

    fn writing(&self) -> RwLockReadGuard<'_, ()> {
        self.inner.gate.read().unwrap_or_else(|e| e.into_inner())
    }

    fn exclusive(&self) -> RwLockWriteGuard<'_, ()> {
        self.inner.gate.write().unwrap_or_else(|e| e.into_inner())
    }

    // ---------------------------------------------------------------- ids

    /// A new game id: monotonic across restarts (a counter in the `meta` tree, made durable
    /// by the flush of whatever first stores the game).
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

    // ---------------------------------------------------------------- users

    /// Claims `nick` for `identity` (a `key:` identity): the first key to use a nick owns it.
    /// Case-insensitive. Flushed when granted.
    pub fn claim_nick(&self, nick: &str, identity: &str) -> Result<ClaimResult, StoreError> {
        let key = nick_key(nick)?;
        check_registrable(identity)?;
        let shown = nick.trim().to_string();
        let _g = self.writing();
        let t = self.t();
        let result = (&t.users, &t.identities).transaction(|(users, idents)| {
            let mine = match idents.get(identity)? {
                Some(b) => Some(tx_decode::<IdentityV1>(&b)?.nick_key),
                None => None,
            };
            if users.get(key.as_bytes())?.is_some() {
                return Ok(if mine.as_deref() == Some(key.as_str()) {
                    ClaimResult::AlreadyYours
                } else {
                    ClaimResult::OwnedByOther
                });
            }
            if let Some(other) = mine {
                let theirs = match users.get(other.as_bytes())? {
                    Some(b) => tx_decode::<UserV1>(&b)?.nick,
                    None => other,
                };
                return Ok(ClaimResult::HasOtherNick(theirs));
            }
            let fingerprint = identity.strip_prefix("key:").unwrap_or(identity);
            let u = UserV1 {
                v: UserV1::VERSION,
                nick: shown.clone(),
                owner: identity.to_string(),
                keys: vec![fingerprint.to_string()],
                settings: Preferences::default(),
                created: now(),
            };
            users.insert(key.as_bytes(), encode(&u))?;
            let i = IdentityV1 {
                v: IdentityV1::VERSION,
                nick_key: key.clone(),
            };
            idents.insert(identity.as_bytes(), encode(&i))?;
            Ok(ClaimResult::Granted)
        })?;
        if result == ClaimResult::Granted {
            self.inner.db.flush()?;
            tracing::info!(nick = %shown, "store: nick registered");
        }
        Ok(result)
    }

    /// The registered user `identity` belongs to.
    pub fn user_by_identity(&self, identity: &str) -> Result<Option<User>, StoreError> {
        let Some(b) = self.t().identities.get(identity.as_bytes())? else {
            return Ok(None);
        };
        let i: IdentityV1 = decode(&b)?;
        match self.t().users.get(i.nick_key.as_bytes())? {
            Some(b) => Ok(Some(decode::<UserV1>(&b)?.into())),
            None => Ok(None),
        }
    }

    /// The registered user with this nick (any case).
    pub fn user_by_nick(&self, nick: &str) -> Result<Option<User>, StoreError> {
        let Ok(key) = nick_key(nick) else {
            return Ok(None);
        };
        match self.t().users.get(key.as_bytes())? {
            Some(b) => Ok(Some(decode::<UserV1>(&b)?.into())),
            None => Ok(None),
        }
    }

    /// Saves a registered user's settings ([`StoreError::NoSuchUser`] otherwise: guests'
    /// settings live only in their session).
    pub fn set_settings(&self, identity: &str, settings: Preferences) -> Result<(), StoreError> {
        let _g = self.writing();
        let t = self.t();
        (&t.users, &t.identities).transaction(|(users, idents)| {
            let Some(b) = idents.get(identity)? else {
                return Err(abort(StoreError::NoSuchUser));
            };
            let key = tx_decode::<IdentityV1>(&b)?.nick_key;
            let Some(b) = users.get(key.as_bytes())? else {
                return Err(abort(StoreError::NoSuchUser));
            };
            let mut u: UserV1 = tx_decode(&b)?;
            u.v = UserV1::VERSION;
            u.settings = settings;
            users.insert(key.as_bytes(), encode(&u))?;
            Ok(())
        })?;
        Ok(())
    }

    /// A user's settings; the defaults for anyone not registered.
    pub fn get_settings(&self, identity: &str) -> Result<Preferences, StoreError> {
        Ok(self
            .user_by_identity(identity)?
            .map(|u| u.preferences)
            .unwrap_or_default())
    }

    // ---------------------------------------------------------------- ratings

    /// A player's rating in a variant, `None` before their first rated game there.
    pub fn rating(&self, identity: &str, variant: Variant) -> Result<Option<Rating>, StoreError> {
        match self.t().ratings.get(rating_key(identity, variant))? {
            Some(b) => Ok(Some(decode::<RatingV1>(&b)?.rating)),
            None => Ok(None),
        }
    }

    /// The best `limit` players of a variant: by shown (rounded) rating, descending; ties
    /// by more games, then by nick (case-insensitive). Players without a nick are listed
    /// under their identity.
    pub fn leaderboard(
        &self,
        variant: Variant,
        limit: usize,
    ) -> Result<Vec<RatedPlayer>, StoreError> {
        let mut rows = Vec::new();
        for kv in self.t().ratings.scan_prefix([variant_byte(variant)]) {
            let (k, v) = kv?;
            let identity = String::from_utf8_lossy(&k[1..]).into_owned();
            let r: RatingV1 = decode(&v)?;
            if r.rating.games == 0 {
                continue;
            }
            let nick = match self.user_by_identity(&identity)? {
                Some(u) => u.nick,
                None => identity.clone(),
            };
            rows.push(RatedPlayer {
                nick,
                identity,
                rating: r.rating,
            });
        }
        rows.sort_by(|a, b| {
            b.rating
                .shown()
                .cmp(&a.rating.shown())
                .then(b.rating.games.cmp(&a.rating.games))
                .then_with(|| a.nick.to_lowercase().cmp(&b.nick.to_lowercase()))
        });
        rows.truncate(limit);
        Ok(rows)
    }

    /// A player's rating after each rated game in a variant, oldest first.
    pub fn rating_history(
        &self,
        identity: &str,
        variant: Variant,
    ) -> Result<Vec<(Timestamp, f64)>, StoreError> {
        let prefix = history_prefix(identity, variant);
        let mut out = Vec::new();
        for kv in self.t().history.scan_prefix(&prefix) {
            let (k, v) = kv?;
            let t = be_u64(&k[prefix.len()..]).unwrap_or(0);
            out.push((t, decode::<HistoryV1>(&v)?.rating));
        }
        Ok(out)
    }

    // ---------------------------------------------------------------- finished games

    /// Records a finished game in one transaction: the game and its listings, the rating
    /// changes of both players (rated games between two `key:` identities only), and the
    /// removal of the game in progress. Flushed before returning. Returns the rating changes
    /// (`None` for a casual game). Recording one game twice is
    /// [`StoreError::AlreadyFinished`] and changes nothing.
    pub fn finish_game(
        &self,
        game: &GameResult,
    ) -> Result<Option<ByColor<RatingChange>>, StoreError> {
        let outcome = game.record.outcome.ok_or_else(|| {
            StoreError::Invalid(format!("game {} has no outcome to record", game.id))
        })?;
        for c in Color::ALL {
            check_identity(&game.seats.get(c).identity)?;
        }
        let (red, blue) = (&game.seats.red.identity, &game.seats.blue.identity);
        let rated = game.terms.rated && is_rateable(red) && is_rateable(blue) && red != blue;
        let variant = game.record.rules.variant;
        let id_key = game.id.to_be_bytes();
        let _g = self.writing();
        let t = self.t();
        let move_keys: Vec<sled::IVec> = t
            .live_moves
            .scan_prefix(id_key)
            .keys()
            .collect::<Result<_, _>>()?;
        let listing = ListingV1 {
            v: ListingV1::VERSION,
            id: game.id,
            variant,
            nicks: ByColor::new(game.seats.red.nick.clone(), game.seats.blue.nick.clone()),
            identities: ByColor::new(red.clone(), blue.clone()),
            rated,
            outcome,
            plies: u32::try_from(game.record.moves.len()).unwrap_or(u32::MAX),
            ended: game.ended,
        };
        let listing_bytes = encode(&listing);
        let trees = (
            &t.games,
            &t.player_games,
            &t.recent,
            &t.ratings,
            &t.history,
            &t.live,
            &t.live_moves,
        );
        let changes = trees.transaction(
            |(games, player_games, recent, ratings, history, live, live_moves)| {
                if games.get(id_key)?.is_some() {
                    return Err(abort(StoreError::AlreadyFinished(game.id)));
                }
                let changes = if rated {
                    Some(apply_ratings(ratings, history, game, variant, outcome)?)
                } else {
                    None
                };
                let g = GameV1 {
                    v: GameV1::VERSION,
                    id: game.id,
                    record: game.record.clone(),
                    seats: game.seats.clone(),
                    terms: game.terms,
                    rated,
                    outcome,
                    started: game.started,
                    ended: game.ended,
                    rating_changes: changes,
                };
                games.insert(&id_key, encode(&g))?;
                player_games.insert(
                    time_id(ident_prefix(red), game.ended, game.id),
                    listing_bytes.clone(),
                )?;
                if blue != red {
                    player_games.insert(
                        time_id(ident_prefix(blue), game.ended, game.id),
                        listing_bytes.clone(),
                    )?;
                }
                for tag in [None, Some(variant)] {
                    recent.insert(
                        time_id(recent_prefix(tag), game.ended, game.id),
                        listing_bytes.clone(),
                    )?;
                }
                live.remove(&id_key)?;
                for k in &move_keys {
                    live_moves.remove(k)?;
                }
                Ok(changes)
            },
        )?;
        // Moves appended after the scan above (there should be none): remove them too.
        for k in t.live_moves.scan_prefix(id_key).keys() {
            t.live_moves.remove(k?)?;
        }
        self.inner.db.flush()?;
        tracing::info!(
            game = game.id,
            variant = %variant,
            rated,
            outcome = %outcome,
            plies = game.record.moves.len(),
            "store: game finished"
        );
        Ok(changes)
    }

    /// A finished game.
    pub fn finished_game(&self, id: GameId) -> Result<Option<FinishedGame>, StoreError> {
        let Some(b) = self.t().games.get(id.to_be_bytes())? else {
            return Ok(None);
        };
        let g: GameV1 = decode(&b)?;
        Ok(Some(FinishedGame {
            id: g.id,
            record: g.record,
            seats: g.seats,
            terms: g.terms,
            rated: g.rated,
            outcome: g.outcome,
            started: g.started,
            ended: g.ended,
            rating_changes: g.rating_changes,
        }))
    }

    /// A player's finished games, most recent first.
    pub fn games_of(&self, identity: &str, limit: usize) -> Result<Vec<GameListing>, StoreError> {
        listings(&self.t().player_games, &ident_prefix(identity), limit)
    }

    /// The most recently finished games, of one variant or all.
    pub fn recent_games(
        &self,
        variant: Option<Variant>,
        limit: usize,
    ) -> Result<Vec<GameListing>, StoreError> {
        listings(&self.t().recent, &recent_prefix(variant), limit)
    }

    // ---------------------------------------------------------------- bans

    /// Bans a nickname, key or address (flushed before returning).
    pub fn ban(&self, target: &BanTarget, reason: &str, by: &str) -> Result<(), StoreError> {
        let rec = BanV1 {
            v: BanV1::VERSION,
            reason: reason.to_string(),
            by: by.to_string(),
            at: now(),
        };
        let _g = self.writing();
        self.t()
            .bans
            .insert(target.key().as_bytes(), encode(&rec))?;
        self.flush()
    }

    /// Lifts a ban; whether there was one.
    pub fn unban(&self, target: &BanTarget) -> Result<bool, StoreError> {
        let _g = self.writing();
        let had = self.t().bans.remove(target.key().as_bytes())?.is_some();
        self.flush()?;
        Ok(had)
    }

    /// The ban that applies to a connection, if any: its nick, key fingerprint, address.
    pub fn ban_for(
        &self,
        nick: Option<&str>,
        key: Option<&str>,
        addr: Option<std::net::IpAddr>,
    ) -> Result<Option<Ban>, StoreError> {
        let mut targets = Vec::new();
        if let Some(n) = nick {
            targets.push(BanTarget::Nick(n.to_lowercase()));
        }
        if let Some(k) = key {
            targets.push(BanTarget::Key(k.to_string()));
        }
        if let Some(a) = addr {
            targets.push(BanTarget::Addr(a));
        }
        for t in targets {
            let k = t.key();
            if let Some(v) = self.t().bans.get(k.as_bytes())? {
                let b: BanV1 = decode(&v)?;
                return Ok(Some(Ban {
                    target: k,
                    reason: b.reason,
                    by: b.by,
                    at: b.at,
                }));
            }
        }
        Ok(None)
    }

    /// Every ban, in key order.
    pub fn bans(&self) -> Result<Vec<Ban>, StoreError> {
        let mut out = Vec::new();
        for kv in self.t().bans.iter() {
            let (k, v) = kv?;
            let b: BanV1 = decode(&v)?;
            out.push(Ban {
                target: String::from_utf8_lossy(&k).into_owned(),
                reason: b.reason,
                by: b.by,
                at: b.at,
            });
        }
        Ok(out)
    }

    // ---------------------------------------------------------------- games in progress

    /// Stores a game in progress (normally when play starts, after both set-ups), replacing
    /// any earlier save of that id and its moves. Flushed before returning.
    pub fn save_in_progress(&self, game: &LiveGame) -> Result<(), StoreError> {
        for c in Color::ALL {
            check_identity(&game.seats.get(c).identity)?;
        }
        let id_key = game.id.to_be_bytes();
        let _g = self.writing();
        let t = self.t();
        let old: Vec<sled::IVec> = t
            .live_moves
            .scan_prefix(id_key)
            .keys()
            .collect::<Result<_, _>>()?;
        let header = LiveV1 {
            v: LiveV1::VERSION,
            id: game.id,
            terms: game.terms,
            seats: game.seats.clone(),
            red: game.red.clone(),
            blue: game.blue.clone(),
            clocks_ms: clocks_ms(game.clocks),
            started: game.started,
        };
        let header = encode(&header);
        let moves: Vec<([u8; 12], Vec<u8>)> = game
            .moves
            .iter()
            .zip(1u32..)
            .map(|(mv, ply)| {
                let m = LiveMoveV1 {
                    v: LiveMoveV1::VERSION,
                    mv: *mv,
                    // Clocks of earlier plies are unknown here; the header has the latest.
                    clocks_ms: None,
                };
                (live_move_key(game.id, ply), encode(&m))
            })
            .collect();
        (&t.live, &t.live_moves).transaction(|(live, live_moves)| {
            for k in &old {
                live_moves.remove(k)?;
            }
            for (k, v) in &moves {
                live_moves.insert(&k[..], v.clone())?;
            }
            live.insert(&id_key, header.clone())?;
            Ok::<_, ConflictableTransactionError<StoreError>>(())
        })?;
        self.inner.db.flush()?;
        tracing::debug!(
            game = game.id,
            plies = game.moves.len(),
            "store: game in progress saved"
        );
        Ok(())
    }

    /// Appends one move (and the clocks after it) to a game in progress, and flushes before
    /// returning: once a move has been shown to anyone, a crash cannot lose it. Returns the
    /// move's ply number (1-based).
    pub fn append_move(
        &self,
        id: GameId,
        mv: Move,
        clocks: Option<ByColor<Duration>>,
    ) -> Result<u32, StoreError> {
        let id_key = id.to_be_bytes();
        let _g = self.writing();
        let t = self.t();
        if !t.live.contains_key(id_key)? {
            return Err(StoreError::NoSuchGame(id));
        }
        let last = t
            .live_moves
            .scan_prefix(id_key)
            .keys()
            .next_back()
            .transpose()?;
        let ply = last.and_then(|k| be_u32(&k[8..])).unwrap_or(0) + 1;
        let m = LiveMoveV1 {
            v: LiveMoveV1::VERSION,
            mv,
            clocks_ms: clocks_ms(clocks),
        };
        t.live_moves.insert(live_move_key(id, ply), encode(&m))?;
        self.inner.db.flush()?;
        Ok(ply)
    }

    /// One game in progress.
    pub fn live_game(&self, id: GameId) -> Result<Option<LiveGame>, StoreError> {
        match self.t().live.get(id.to_be_bytes())? {
            Some(b) => Ok(Some(self.assemble(&b)?)),
            None => Ok(None),
        }
    }

    /// Every game in progress, by id, to restore at start. A game that cannot be read is
    /// logged and left out (and left in place).
    pub fn in_progress(&self) -> Result<Vec<LiveGame>, StoreError> {
        let mut out = Vec::new();
        for kv in self.t().live.iter() {
            let (k, v) = kv?;
            match self.assemble(&v) {
                Ok(g) => out.push(g),
                Err(e) => tracing::error!(
                    game = be_u64(&k).unwrap_or(0),
                    error = %e,
                    "store: a game in progress could not be read; skipped"
                ),
            }
        }
        Ok(out)
    }

    fn assemble(&self, header: &[u8]) -> Result<LiveGame, StoreError> {
        let h: LiveV1 = decode(header)?;
        let mut moves = Vec::new();
        let mut clocks = h.clocks_ms;
        for kv in self.t().live_moves.scan_prefix(h.id.to_be_bytes()) {
            let (_, v) = kv?;
            let m: LiveMoveV1 = decode(&v)?;
            moves.push(m.mv);
            if m.clocks_ms.is_some() {
                clocks = m.clocks_ms;
            }
        }
        Ok(LiveGame {
            id: h.id,
            terms: h.terms,
            seats: h.seats,
            red: h.red,
            blue: h.blue,
            moves,
            clocks: clocks_dur(clocks),
            started: h.started,
        })
    }

    /// Forgets a game in progress without recording it (aborted games). Flushed. Returns
    /// whether it was there.
    pub fn remove_in_progress(&self, id: GameId) -> Result<bool, StoreError> {
        let id_key = id.to_be_bytes();
        let _g = self.writing();
        let t = self.t();
        let existed = t.live.remove(id_key)?.is_some();
        for k in t.live_moves.scan_prefix(id_key).keys() {
            t.live_moves.remove(k?)?;
        }
        self.inner.db.flush()?;
        Ok(existed)
    }

    // ---------------------------------------------------------------- saved set-ups

    /// Saves (or replaces) a set-up under its name (trimmed) for its variant. At most
    /// [`MAX_SETUPS`] per identity; guests cannot save. Flushed.
    pub fn save_setup(&self, identity: &str, saved: &SavedSetup) -> Result<(), StoreError> {
        check_registrable(identity)?;
        let (variant, setup) = (saved.variant, &saved.setup);
        let name = saved.name.trim();
        if name.is_empty() || name.len() > MAX_SETUP_NAME_BYTES {
            return Err(StoreError::Invalid(format!(
                "a set-up name has 1 to {MAX_SETUP_NAME_BYTES} characters"
            )));
        }
        let key = setup_key(identity, variant, name);
        let _g = self.writing();
        let t = self.t();
        if !t.setups.contains_key(&key)?
            && t.setups.scan_prefix(setup_prefix(identity)).count() >= MAX_SETUPS
        {
            return Err(StoreError::TooManySetups { limit: MAX_SETUPS });
        }
        let s = SetupV1 {
            v: SetupV1::VERSION,
            name: name.to_string(),
            variant,
            setup: setup.clone(),
            saved: now(),
        };
        t.setups.insert(key, encode(&s))?;
        self.inner.db.flush()?;
        Ok(())
    }

    /// An identity's saved set-ups, of one variant or all, sorted by variant then name.
    pub fn setups(
        &self,
        identity: &str,
        variant: Option<Variant>,
    ) -> Result<Vec<SavedSetup>, StoreError> {
        let mut prefix = setup_prefix(identity);
        if let Some(v) = variant {
            prefix.push(variant_byte(v));
        }
        let mut out = Vec::new();
        for kv in self.t().setups.scan_prefix(prefix) {
            let (_, v) = kv?;
            let s: SetupV1 = decode(&v)?;
            out.push(SavedSetup {
                name: s.name,
                variant: s.variant,
                setup: s.setup,
            });
        }
        Ok(out)
    }

    /// Deletes a saved set-up; returns whether it existed. Flushed.
    pub fn delete_setup(
        &self,
        identity: &str,
        name: &str,
        variant: Variant,
    ) -> Result<bool, StoreError> {
        let _g = self.writing();
        let existed = self
            .t()
            .setups
            .remove(setup_key(identity, variant, name.trim()))?
            .is_some();
        self.inner.db.flush()?;
        Ok(existed)
    }
}

fn apply_ratings(
    ratings: &TransactionalTree,
    history: &TransactionalTree,
    game: &GameResult,
    variant: Variant,
    outcome: Outcome,
) -> TxResult<ByColor<RatingChange>> {
    let get = |identity: &str| -> TxResult<Rating> {
        match ratings.get(rating_key(identity, variant))? {
            Some(b) => Ok(tx_decode::<RatingV1>(&b)?.rating),
            None => Ok(Rating::default()),
        }
    };
    let red_before = get(&game.seats.red.identity)?;
    let blue_before = get(&game.seats.blue.identity)?;
    let score = match outcome.winner {
        Some(Color::Red) => Score::Win,
        Some(Color::Blue) => Score::Loss,
        None => Score::Draw,
    };
    let (red_after, blue_after) = glicko::rate_game(&red_before, &blue_before, score);
    for (seat, after) in [(&game.seats.red, red_after), (&game.seats.blue, blue_after)] {
        let r = RatingV1 {
            v: RatingV1::VERSION,
            rating: after,
            updated: game.ended,
        };
        ratings.insert(rating_key(&seat.identity, variant), encode(&r))?;
        let h = HistoryV1 {
            v: HistoryV1::VERSION,
            rating: after.rating,
            deviation: after.deviation,
            game: game.id,
        };
        history.insert(
            time_id(history_prefix(&seat.identity, variant), game.ended, game.id),
            encode(&h),
        )?;
    }
    Ok(ByColor::new(
        RatingChange {
            before: red_before,
            after: red_after,
        },
        RatingChange {
            before: blue_before,
            after: blue_after,
        },
    ))
}

fn listings(
    tree: &sled::Tree,
    prefix: &[u8],
    limit: usize,
) -> Result<Vec<GameListing>, StoreError> {
    let mut out = Vec::new();
    for kv in tree.scan_prefix(prefix).rev().take(limit) {
        let (_, v) = kv?;
        out.push(decode::<ListingV1>(&v)?.into());
    }
    Ok(out)
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
    fn nick_claims() {
        let s = Store::temporary().unwrap();
        assert_eq!(
            s.claim_nick("Ann", "key:SHA256:a").unwrap(),
            ClaimResult::Granted
        );
        assert_eq!(
            s.claim_nick("ANN", "key:SHA256:a").unwrap(),
            ClaimResult::AlreadyYours
        );
        assert_eq!(
            s.claim_nick("ann", "key:SHA256:b").unwrap(),
            ClaimResult::OwnedByOther
        );
        assert_eq!(
            s.claim_nick("Bob", "key:SHA256:a").unwrap(),
            ClaimResult::HasOtherNick("Ann".into())
        );
        assert!(matches!(
            s.claim_nick("Gus", "guest:7"),
            Err(StoreError::Invalid(_))
        ));
        assert!(matches!(
            s.claim_nick("  ", "key:SHA256:c"),
            Err(StoreError::Invalid(_))
        ));
        let u = s.user_by_identity("key:SHA256:a").unwrap().unwrap();
        assert_eq!((u.nick.as_str(), u.owner.as_str()), ("Ann", "key:SHA256:a"));
        assert_eq!(u.keys, vec!["SHA256:a".to_string()]);
        assert_eq!(s.user_by_nick("aNN").unwrap().unwrap().nick, "Ann");
        assert!(s.user_by_identity("key:SHA256:b").unwrap().is_none());
    }

    #[test]
    fn settings_round_trip() {
        let s = Store::temporary().unwrap();
        assert_eq!(s.get_settings("guest:1").unwrap(), Preferences::default());
        assert_eq!(
            s.set_settings("key:x", Preferences::default()),
            Err(StoreError::NoSuchUser)
        );
        s.claim_nick("ann", "key:x").unwrap();
        let set = Preferences {
            numbering: Numbering::Classic,
            ascii: true,
        };
        s.set_settings("key:x", set).unwrap();
        assert_eq!(s.get_settings("key:x").unwrap(), set);
    }

    #[test]
    fn game_ids_increase() {
        let s = Store::temporary().unwrap();
        let a = s.next_game_id().unwrap();
        let b = s.next_game_id().unwrap();
        assert!(a >= 1 && b > a);
    }

    #[test]
    fn setups_cap_and_delete() {
        let s = Store::temporary().unwrap();
        let rules = crate::rules::Rules::standard(Variant::Barrage);
        let setup = Setup::random(&rules, Color::Red, 1);
        let saved = |name: &str, variant| SavedSetup {
            name: name.to_string(),
            variant,
            setup: setup.clone(),
        };
        for i in 0..MAX_SETUPS {
            s.save_setup("key:x", &saved(&format!("s{i}"), Variant::Barrage))
                .unwrap();
        }
        // Replacing one is fine at the cap; a new one is not.
        s.save_setup("key:x", &saved("s3", Variant::Barrage))
            .unwrap();
        assert_eq!(
            s.save_setup("key:x", &saved("new", Variant::Duel)),
            Err(StoreError::TooManySetups { limit: MAX_SETUPS })
        );
        assert_eq!(s.setups("key:x", None).unwrap().len(), MAX_SETUPS);
        assert_eq!(s.setups("key:x", Some(Variant::Duel)).unwrap().len(), 0);
        assert!(s.delete_setup("key:x", "s3", Variant::Barrage).unwrap());
        assert!(!s.delete_setup("key:x", "s3", Variant::Barrage).unwrap());
        s.save_setup("key:x", &saved("new", Variant::Duel)).unwrap();
        assert_eq!(
            s.setups("key:x", Some(Variant::Duel)).unwrap()[0].setup,
            setup
        );
        assert!(s.setups("key:y", None).unwrap().is_empty());
        assert!(matches!(
            s.save_setup("guest:1", &saved("a", Variant::Duel)),
            Err(StoreError::Invalid(_))
        ));
    }

    #[test]
    fn append_to_unknown_game_fails() {
        let s = Store::temporary().unwrap();
        let mv = Move::new("A4".parse().unwrap(), "A5".parse().unwrap());
        assert_eq!(s.append_move(9, mv, None), Err(StoreError::NoSuchGame(9)));
    }
}
