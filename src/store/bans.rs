//! Bans: nicknames, key fingerprints and addresses an admin has shut out.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `bans` | `nick:NAME` (lower-cased), `key:SHA256:...` or `addr:ADDRESS` | [`Ban`]: reason, by whom, when (`BanV1`) |
//!
//! Flushes: [`Bans::add`], [`Bans::remove`] (both `async`, off the runtime). Reads never do.

use super::records::*;
use super::{now, Store, StoreError, Timestamp};

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

/// Bans of nicks, keys and addresses: `store.bans()`. Cheap to clone.
#[derive(Clone)]
pub struct Bans {
    store: Store,
}

impl Bans {
    pub(super) fn new(store: Store) -> Bans {
        Bans { store }
    }

    /// Bans a nickname, key or address. Flushed before returning, off the runtime.
    pub async fn add(&self, target: &BanTarget, reason: &str, by: &str) -> Result<(), StoreError> {
        let rec = BanV1 {
            v: BanV1::VERSION,
            reason: reason.to_string(),
            by: by.to_string(),
            at: now(),
        };
        let (store, key) = (self.store.clone(), target.key());
        self.store
            .durable(move || {
                let _g = store.writing();
                store.t().bans.insert(key.as_bytes(), encode(&rec))?;
                Ok(())
            })
            .await
    }

    /// Lifts a ban; whether there was one. Flushed before returning, off the runtime.
    pub async fn remove(&self, target: &BanTarget) -> Result<bool, StoreError> {
        let (store, key) = (self.store.clone(), target.key());
        self.store
            .durable(move || {
                let _g = store.writing();
                let had = store.t().bans.remove(key.as_bytes())?.is_some();
                Ok(had)
            })
            .await
    }

    /// The ban that applies to a connection, if any: its nick, key fingerprint, address.
    pub fn matching(
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
            if let Some(v) = self.store.t().bans.get(k.as_bytes())? {
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
    pub fn all(&self) -> Result<Vec<Ban>, StoreError> {
        let mut out = Vec::new();
        for kv in self.store.t().bans.iter() {
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
}
