//! The door: who a key is (its account, its nick) and whether a connection may come in
//! (bans, guest logins closed after a ban). Asked by the SSH front end before it lets a
//! connection in; on a split server's edge these are calls to the core ([`super::remote`]),
//! whose store holds the accounts and the bans: a ban made through one edge holds on every
//! edge at once.

use std::net::IpAddr;

use serde::{Deserialize, Serialize};

use super::remote::Call;
use super::Service;
use crate::proto::PlayerId;

/// A connection at the door, as [`Service::gate`] checks it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GateAsk {
    /// The key's identity (its account's, when linked) and the name it asked for; `None`
    /// for a guest.
    pub key: Option<(PlayerId, String)>,
    /// The key's fingerprint (`SHA256:...`), if a key.
    pub fingerprint: Option<String>,
    pub addr: IpAddr,
    /// How long guest logins stay closed from a banned player's address block, in seconds
    /// (`ban_guest_block`; 0: not at all).
    pub guest_block_secs: u64,
}

/// Why a connection may not come in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    /// A ban of its nick, key or address: the ban's target (for the log) and reason.
    Banned { target: String, reason: String },
    /// A guest from an address block closed to guests, until then (Unix seconds).
    GuestsClosed { until: u64 },
}

impl Service {
    /// The identity a key plays as: the account it was linked to from the web, else itself.
    pub async fn key_account(&self, own: PlayerId) -> PlayerId {
        if let Some(a) = self.remote(Call::KeyAccount(own.clone())).await {
            return a.unwrap_or_else(|e| {
                tracing::warn!(error = ?e, "cannot ask the core for the key's account: as itself");
                own
            });
        }
        let key = own.clone();
        match self.blocking(move |s| s.web().account_of_key(&key)).await {
            Ok(Some(account)) => account,
            Ok(None) => own,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the key's account: as itself");
                own
            }
        }
    }

    /// The nick an identity holds, if any.
    pub async fn held_nick(&self, id: &PlayerId) -> Option<String> {
        if let Some(a) = self.remote(Call::HeldNick(id.clone())).await {
            return a.ok().flatten();
        }
        let id = id.clone();
        self.blocking(move |s| s.users().by_identity(&id))
            .await
            .ok()
            .flatten()
            .map(|u| u.nick)
    }

    /// The reason of a ban of `addr` (its block, or a prefix that holds it), if banned.
    pub async fn address_banned(&self, addr: IpAddr) -> Option<String> {
        if let Some(a) = self.remote(Call::AddressBanned(addr)).await {
            return a.ok().flatten();
        }
        self.blocking(move |s| s.bans().matching(None, None, Some(addr)))
            .await
            .ok()
            .flatten()
            .map(|b| b.reason)
    }

    /// Why this connection may not come in, if it may not: a ban of it (the nick the key
    /// holds, not only the name asked for: a banned player must not get in by asking for
    /// another name; the key; the address), or (a guest) guest logins from its address
    /// block closed by the ban of a player who last used it, for `guest_block_secs` from
    /// that ban. A key that may come in has its address block recorded (what such a closure
    /// closes if the key is banned later).
    pub async fn gate(&self, ask: GateAsk) -> Option<Refusal> {
        if let Some(a) = self.remote(Call::Gate(ask.clone())).await {
            return match a {
                Ok(r) => r,
                Err(e) => {
                    // A core that cannot say lets nobody in unchecked... nor keeps
                    // everyone out: as a store that cannot be read in one process, in.
                    tracing::warn!(error = ?e, "cannot ask the core for bans");
                    None
                }
            };
        }
        self.blocking(move |s| Ok(gate(s, &ask)))
            .await
            .ok()
            .flatten()
    }
}

fn gate(store: &crate::store::Store, ask: &GateAsk) -> Option<Refusal> {
    let bans = store.bans();
    let held = ask
        .key
        .as_ref()
        .and_then(|(id, _)| store.users().by_identity(id).ok().flatten())
        .map(|u| u.nick);
    let asked = ask.key.as_ref().map(|(_, nick)| nick.clone());
    let key = ask.fingerprint.as_deref();
    let banned = [held, asked]
        .into_iter()
        .flatten()
        .chain(std::iter::once(String::new()))
        .find_map(|nick| {
            let nick = (!nick.is_empty()).then_some(nick.as_str());
            bans.matching(nick, key, Some(ask.addr)).ok().flatten()
        });
    if let Some(ban) = banned {
        return Some(Refusal::Banned {
            target: ban.target,
            reason: ban.reason,
        });
    }
    if ask.key.is_some() {
        if let Some(fp) = key {
            if let Err(e) = bans.saw(fp, ask.addr) {
                tracing::warn!(error = %e, "cannot record the address block of a key");
            }
        }
        return None;
    }
    if ask.guest_block_secs == 0 {
        return None;
    }
    let closed = bans.guests_closed(ask.addr).ok().flatten()?;
    let until = closed.saturating_add(ask.guest_block_secs);
    (until > crate::store::now()).then_some(Refusal::GuestsClosed { until })
}
