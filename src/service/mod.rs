//! The server's operations between the transport and the actors and store (soft-serve's
//! `backend`): what a session's screens and the exec commands ask for, with typed results.
//! `ssh` only turns requests into calls here and results into text or screens.
//!
//! - `accounts.rs`: a key's nickname at login, preferences, saved set-ups;
//! - `admin.rs`: kicks, bans, broadcasts, and what the admin screen shows;
//! - `browse.rs`: leaderboards, profiles, game lists, replays, games in play;
//! - `setups.rs`: the set-up library's statistics and renames, the set-up explorer;
//! - `play.rs`: a place in the lobby and its games for a front end other than SSH (the
//!   browser board).
//!
//! The store's calls may block (reads from disk, fsyncs); [`Service::blocking`] runs them on
//! tokio's blocking pool, so no runtime worker (and no actor) waits on the disk.

mod accounts;
mod admin;
mod browse;
mod gate;
mod play;
pub mod remote;
mod setups;
mod tournaments;
mod web;

use crate::lobby::LobbyHandle;
use crate::store::{Store, StoreError};

pub use accounts::REGISTRATIONS_PER_HOUR;
pub use accounts::{save_in_memory, Login, RenameError, SetupError};
pub use admin::{AdminDone, AdminError, BackupError, DEFAULT_BACKUP_ROOT};
pub use browse::{replay, GameFacts, GameWatch, RatingMove, ReplayFault, LIST_LIMIT};
pub use gate::{GateAsk, Refusal};
pub use play::{GuestRefused, PlaySession, PlayUpdate};
pub use remote::{Call, RemoteService};
pub use setups::{
    player_stats, server_explorer, stats_of, SetupRenameError, EXPLORER_GAMES, EXPLORER_TTL,
};
pub use tournaments::{public_info, public_view, PairingLine, TournamentPage};
pub use web::{Challenge, LinkFor, PasskeyError, SignedIn, Site, WEB_GUEST_SECS, WEB_SESSION_SECS};

/// A handle on the operations; cheap to clone.
#[derive(Clone)]
pub struct Service {
    store: Store,
    lobby: LobbyHandle,
    /// New accounts per address block in the last hour (`accounts.rs`).
    registrations: std::sync::Arc<accounts::Registrations>,
    /// Where `admin backup` writes (`admin.rs`).
    backup_root: std::sync::Arc<std::path::PathBuf>,
    /// The server's set-up explorers, kept a minute (`setups.rs`).
    explorers: std::sync::Arc<setups::ExplorerCache>,
    /// On a split server's edge: the core, which answers the calls of [`remote::Call`]
    /// (`remote.rs`); `None` in one process and on the core.
    remote: Option<std::sync::Arc<dyn remote::RemoteService>>,
}

impl Service {
    /// With the defaults of [`Service::with_registrations_per_hour`] and
    /// [`Service::with_backup_root`].
    pub fn new(store: Store, lobby: LobbyHandle) -> Service {
        Service {
            store,
            lobby,
            registrations: std::sync::Arc::new(accounts::Registrations::new(
                accounts::REGISTRATIONS_PER_HOUR,
            )),
            backup_root: std::sync::Arc::new(admin::DEFAULT_BACKUP_ROOT.into()),
            explorers: Default::default(),
            remote: None,
        }
    }

    pub fn lobby(&self) -> &LobbyHandle {
        &self.lobby
    }

    /// The correspondence games waiting for `identity`'s move, soonest deadline first
    /// (`ssh host games --my-turn`, the owner's web profile).
    pub async fn waiting_for(
        &self,
        identity: &crate::proto::PlayerId,
    ) -> Vec<crate::proto::WaitingGame> {
        // On an edge the games are the core's (its lobby answers).
        if let Some(a) = self.remote(Call::Waiting(identity.clone())).await {
            return a.unwrap_or_default();
        }
        self.lobby.waiting(identity.clone()).await
    }

    /// A tournament as stored (its pairings and results), off the runtime.
    pub async fn tournament_record(
        &self,
        id: crate::proto::TournamentId,
    ) -> Result<Option<crate::store::TournamentRecord>, StoreError> {
        // On an edge the records are the core's.
        if let Some(a) = self.remote(Call::TournamentRecord(id)).await {
            return a.map_err(Into::into);
        }
        self.blocking(move |s| s.tournaments().get(id)).await
    }

    /// Runs store work on the blocking pool and waits for it without blocking a worker.
    async fn blocking<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
    {
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || f(&store))
            .await
            .unwrap_or_else(|e| Err(StoreError::Invalid(format!("store task failed: {e}"))))
    }
}
