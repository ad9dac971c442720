//! Tournaments: terms, entrants, pairings and the results of their games.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `tournaments` | tournament id (u64 big-endian) | [`TournamentRecord`] (`v` 1) |
//!
//! One value per tournament, rewritten whole at each change (a pairing, a result, a
//! join): a tournament is small (its pairings, a few hundred lines) and its changes are
//! rare beside moves. Standings are never stored: they are computed from the entrants and
//! the pairings' results ([`crate::tournament::standings`]).
//!
//! Flushes: [`Tournaments::put`] (queued at the call, so puts made in order land in order;
//! awaited off the actor). Reads never do.

use serde::{Deserialize, Serialize};

use super::records::*;
use super::{Store, StoreError, Timestamp};
use crate::proto::{TournamentId, TournamentStatus, TournamentTerms};
use crate::tournament::{Entrant, Pairing};

/// A tournament as stored.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentRecord {
    pub v: u32,
    pub id: TournamentId,
    pub terms: TournamentTerms,
    /// The nick of who created it (shown; it may since have passed to another key).
    pub created_by: String,
    /// The identity (`key:SHA256:...`) of the key holder who created it, who alone (with
    /// the admins) may change it. `None`: created by an admin, or stored before this field
    /// existed; such a record is adopted at start by the key then holding `created_by`
    /// (see `crate::lobby`'s tournament director), else only an admin may change it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created_by_id: Option<String>,
    pub status: TournamentStatus,
    pub started_at: Option<Timestamp>,
    /// An arena's end, once started (moved on by the time the server was down).
    pub ends_at: Option<Timestamp>,
    /// Swiss: the last round paired (0 before the first).
    pub round: u32,
    pub entrants: Vec<Entrant>,
    pub pairings: Vec<Pairing>,
    /// The last time the server was seen running it (written at least every
    /// [`crate::lobby`]'s heartbeat): on a restart an arena's end moves by the time since.
    pub alive_at: Timestamp,
    /// Why it was cancelled, or how it ended.
    #[serde(default)]
    pub note: String,
}

impl Versioned for TournamentRecord {
    const WHAT: &'static str = "tournament";
    const VERSION: u32 = TournamentRecord::VERSION;
}

impl TournamentRecord {
    /// The version this program writes (`v`).
    pub const VERSION: u32 = 1;
}

/// Tournaments: `store.tournaments()`. Cheap to clone.
#[derive(Clone)]
pub struct Tournaments {
    store: Store,
}

impl Tournaments {
    pub(super) fn new(store: Store) -> Tournaments {
        Tournaments { store }
    }

    /// Stores a tournament (replacing the earlier value). The write is queued now; the
    /// future answers once it is on disk.
    pub fn put(
        &self,
        rec: &TournamentRecord,
    ) -> impl std::future::Future<Output = Result<(), StoreError>> + Send + 'static {
        let store = self.store.clone();
        let (key, value) = (rec.id.to_be_bytes(), encode(rec));
        self.store.durable_queued(move || {
            let _g = store.writing();
            store.t().tournaments.insert(key, value)?;
            Ok(())
        })
    }

    pub fn get(&self, id: TournamentId) -> Result<Option<TournamentRecord>, StoreError> {
        match self.store.t().tournaments.get(id.to_be_bytes())? {
            Some(b) => Ok(Some(decode(&b)?)),
            None => Ok(None),
        }
    }

    /// Every tournament, oldest first.
    pub fn all(&self) -> Result<Vec<TournamentRecord>, StoreError> {
        let mut out = Vec::new();
        for kv in self.store.t().tournaments.iter() {
            let (_, v) = kv?;
            out.push(decode(&v)?);
        }
        Ok(out)
    }

    /// The number for a new tournament: one past the highest stored.
    pub fn next_id(&self) -> Result<TournamentId, StoreError> {
        Ok(match self.store.t().tournaments.last()? {
            Some((k, _)) => {
                let mut b = [0u8; 8];
                b.copy_from_slice(&k[..8.min(k.len())]);
                u64::from_be_bytes(b) + 1
            }
            None => 1,
        })
    }
}
