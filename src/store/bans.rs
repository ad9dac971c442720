//! Bans: nicknames, key fingerprints and addresses an admin has shut out; the address
//! block each key last came from; guest logins closed after a player's ban.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `bans` | `nick:NAME` (lower-cased), `key:SHA256:...` | [`Ban`]: reason, by whom, when (`BanV1`) |
//! | `bans` | `addr:1.2.3.4` (an IPv4 address), `addr:2001:db8:1:2::/64` (an IPv6 /64), `addr:2001:db8::1` (one IPv6 address, a /128) | the same |
//! | `bans` | `net:PREFIX` (any other prefix: `net:10.0.0.0/8`, `net:2001:db8::/48`) | the same |
//! | `bans` | `seen:SHA256:...` | the address block a key last logged in from (`AddrSeenV1`) |
//! | `bans` | `closed:BLOCK` | guest logins from the block closed by a player's ban, and when (`GuestsClosedV1`) |
//!
//! Addresses are in one form (see [`AddrNet`]): an IPv4-mapped address is its IPv4
//! address, a plain IPv6 address stands for its /64. A connection's address is checked
//! with a few direct reads (its block; the older forms below) and a scan of the `net:`
//! keys (the few prefix bans), never of the whole tree. Bans written by older versions
//! are honoured as they read: `addr:::ffff:1.2.3.4` is a ban of 1.2.3.4, `addr:IPV6` (an
//! exact address) a ban of that /128.
//!
//! Flushes: [`Bans::add`], [`Bans::add_closing_guests`], [`Bans::remove`] (all `async`,
//! off the runtime). Reads never do; [`Bans::saw`] writes without flushing (sled's
//! background flush keeps it).

use serde::{Deserialize, Serialize};

use super::records::*;
use super::{now, Store, StoreError, Timestamp};
use crate::limit::AddrNet;

/// What an admin banned: a nickname, a key fingerprint (`SHA256:...`) or addresses.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BanTarget {
    Nick(String),
    Key(String),
    Addr(AddrNet),
}

impl BanTarget {
    /// Reads `nick NAME`, `key SHA256:...`, `addr 1.2.3.4`, `addr 2001:db8::1` (its /64),
    /// `addr 10.0.0.0/8` (the words of an admin command).
    // Kept a String error: parses an admin's text, and the text is the answer they get.
    pub fn parse(kind: &str, value: &str) -> Result<BanTarget, String> {
        let value = value.trim();
        match kind {
            "nick" if !value.is_empty() => Ok(BanTarget::Nick(value.to_lowercase())),
            "key" if value.starts_with("SHA256:") => Ok(BanTarget::Key(value.to_string())),
            "addr" => AddrNet::parse(value).map(BanTarget::Addr),
            "key" => Err("a key is written as its fingerprint, SHA256:...".into()),
            _ => Err("ban nick NAME, ban key SHA256:..., or ban addr ADDRESS[/PREFIX]".into()),
        }
    }

    /// The key it is stored under.
    fn key(&self) -> String {
        match self {
            BanTarget::Nick(n) => format!("nick:{}", n.to_lowercase()),
            BanTarget::Key(k) => format!("key:{k}"),
            BanTarget::Addr(a) => net_key(a),
        }
    }
}

/// Where an address ban is stored: `addr:` for an address's block or one address (read
/// directly), `net:` for any other prefix (scanned).
fn net_key(a: &AddrNet) -> String {
    match (a.base(), a.prefix()) {
        (std::net::IpAddr::V6(_), 128) => format!("addr:{}", a.base()),
        _ if a.is_block() => format!("addr:{a}"),
        _ => format!("net:{a}"),
    }
}

/// The network a stored address key stands for (`addr:` or `net:`, older forms too).
fn key_net(key: &str) -> Option<AddrNet> {
    if let Some(net) = key.strip_prefix("net:") {
        return AddrNet::parse(net).ok();
    }
    let addr = key.strip_prefix("addr:")?;
    if addr.contains('/') {
        return AddrNet::parse(addr).ok();
    }
    match crate::limit::canonical(addr.parse().ok()?) {
        v4 @ std::net::IpAddr::V4(_) => Some(AddrNet::new(v4, 32)),
        v6 => Some(AddrNet::new(v6, 128)),
    }
}

/// The keys a connection from `ip` is looked up under: its block, the exact IPv6
/// address (a /128 ban, or an older version's ban of it), the IPv4-mapped form an older
/// version wrote.
fn addr_keys(ip: std::net::IpAddr) -> Vec<String> {
    let ip = crate::limit::canonical(ip);
    let mut keys = vec![net_key(&AddrNet::block(ip))];
    match ip {
        std::net::IpAddr::V4(v4) => keys.push(format!("addr:{}", v4.to_ipv6_mapped())),
        v6 => keys.push(format!("addr:{v6}")),
    }
    keys
}

/// The public name of a stored ban key: `addr:` for every address ban, in today's form.
fn public_target(key: &str) -> String {
    match key_net(key) {
        Some(net) => format!("addr:{net}"),
        None => key.to_string(),
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

/// `bans` `seen:SHA256:...`: the address block a key last logged in from.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct AddrSeenV1 {
    v: u32,
    block: String,
    at: Timestamp,
}

impl Versioned for AddrSeenV1 {
    const WHAT: &'static str = "address seen";
    const VERSION: u32 = 1;
}

/// `bans` `closed:BLOCK`: guest logins from the block closed because of a player's ban.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct GuestsClosedV1 {
    v: u32,
    /// The stored key of the ban that closed it (`key:SHA256:...`, `nick:NAME`).
    ban: String,
    at: Timestamp,
}

impl Versioned for GuestsClosedV1 {
    const WHAT: &'static str = "guest closure";
    const VERSION: u32 = 1;
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

    /// Bans a nickname, key or addresses. Flushed before returning, off the runtime.
    pub async fn add(&self, target: &BanTarget, reason: &str, by: &str) -> Result<(), StoreError> {
        self.add_closing_guests(target, reason, by, Vec::new())
            .await
    }

    /// Bans a nickname, key or addresses and closes guest logins from `blocks` (the
    /// address blocks the banned player last used), recording when (how long a closure
    /// holds is the host's `ban_guest_block`, applied where guests log in). Flushed before
    /// returning, off the runtime.
    pub async fn add_closing_guests(
        &self,
        target: &BanTarget,
        reason: &str,
        by: &str,
        blocks: Vec<AddrNet>,
    ) -> Result<(), StoreError> {
        let at = now();
        let rec = BanV1 {
            v: BanV1::VERSION,
            reason: reason.to_string(),
            by: by.to_string(),
            at,
        };
        let (store, key) = (self.store.clone(), target.key());
        self.store
            .durable(move || {
                let _g = store.writing();
                let bans = &store.t().bans;
                bans.insert(key.as_bytes(), encode(&rec))?;
                for block in blocks {
                    let closed = GuestsClosedV1 {
                        v: GuestsClosedV1::VERSION,
                        ban: key.clone(),
                        at,
                    };
                    bans.insert(format!("closed:{block}").as_bytes(), encode(&closed))?;
                }
                Ok(())
            })
            .await
    }

    /// Lifts a ban (and the guest closures it made); whether there was one. An address
    /// ban is lifted in whatever form it was stored (an older version's too). Flushed
    /// before returning, off the runtime.
    pub async fn remove(&self, target: &BanTarget) -> Result<bool, StoreError> {
        let store = self.store.clone();
        let key = target.key();
        let mut keys = vec![key.clone()];
        if let BanTarget::Addr(net) = target {
            if net.base().is_ipv4() && net.prefix() == 32 {
                if let std::net::IpAddr::V4(v4) = net.base() {
                    keys.push(format!("addr:{}", v4.to_ipv6_mapped()));
                }
            }
        }
        self.store
            .durable(move || {
                let _g = store.writing();
                let bans = &store.t().bans;
                let mut had = false;
                for k in &keys {
                    had |= bans.remove(k.as_bytes())?.is_some();
                }
                // The guest closures this ban made (few: they are dropped as they expire).
                for kv in bans.scan_prefix(b"closed:") {
                    let (k, v) = kv?;
                    if decode::<GuestsClosedV1>(&v).is_ok_and(|c| c.ban == key) {
                        bans.remove(k)?;
                    }
                }
                Ok(had)
            })
            .await
    }

    /// The ban that applies to a connection, if any: its nick, key fingerprint, address
    /// (in any form: its block, an exact IPv6 address, a prefix that holds it).
    pub fn matching(
        &self,
        nick: Option<&str>,
        key: Option<&str>,
        addr: Option<std::net::IpAddr>,
    ) -> Result<Option<Ban>, StoreError> {
        let mut keys = Vec::new();
        if let Some(n) = nick {
            keys.push(BanTarget::Nick(n.to_lowercase()).key());
        }
        if let Some(k) = key {
            keys.push(BanTarget::Key(k.to_string()).key());
        }
        if let Some(a) = addr {
            keys.extend(addr_keys(a));
        }
        let bans = &self.store.t().bans;
        for k in keys {
            if let Some(v) = bans.get(k.as_bytes())? {
                return Ok(Some(ban(&k, &v)?));
            }
        }
        if let Some(a) = addr {
            for kv in bans.scan_prefix(b"net:") {
                let (k, v) = kv?;
                let k = String::from_utf8_lossy(&k);
                if key_net(&k).is_some_and(|net| net.contains(a)) {
                    return Ok(Some(ban(&k, &v)?));
                }
            }
        }
        Ok(None)
    }

    /// Records the address block a key logged in from (written only when it changed; not
    /// flushed: sled's background flush keeps it).
    pub fn saw(&self, fingerprint: &str, addr: std::net::IpAddr) -> Result<(), StoreError> {
        let block = AddrNet::block(addr).to_string();
        let key = format!("seen:{fingerprint}");
        let bans = &self.store.t().bans;
        if let Some(v) = bans.get(key.as_bytes())? {
            if decode::<AddrSeenV1>(&v).is_ok_and(|s| s.block == block) {
                return Ok(());
            }
        }
        let rec = AddrSeenV1 {
            v: AddrSeenV1::VERSION,
            block,
            at: now(),
        };
        let _g = self.store.writing();
        bans.insert(key.as_bytes(), encode(&rec))?;
        Ok(())
    }

    /// The address block a key last logged in from, if recorded.
    pub fn last_seen(&self, fingerprint: &str) -> Result<Option<AddrNet>, StoreError> {
        let key = format!("seen:{fingerprint}");
        let Some(v) = self.store.t().bans.get(key.as_bytes())? else {
            return Ok(None);
        };
        let rec: AddrSeenV1 = decode(&v)?;
        Ok(AddrNet::parse(&rec.block).ok())
    }

    /// When guest logins from `addr`'s block were closed by the ban of a player who last
    /// used it, if they were (how long that holds is the caller's: `ban_guest_block`).
    pub fn guests_closed(&self, addr: std::net::IpAddr) -> Result<Option<Timestamp>, StoreError> {
        let key = format!("closed:{}", AddrNet::block(addr));
        let Some(v) = self.store.t().bans.get(key.as_bytes())? else {
            return Ok(None);
        };
        let rec: GuestsClosedV1 = decode(&v)?;
        Ok(Some(rec.at))
    }

    /// Every ban, in the order of the stored keys (address bans named `addr:` in today's
    /// form).
    pub fn all(&self) -> Result<Vec<Ban>, StoreError> {
        let mut out = Vec::new();
        for kv in self.store.t().bans.iter() {
            let (k, v) = kv?;
            let k = String::from_utf8_lossy(&k);
            if k.starts_with("seen:") || k.starts_with("closed:") {
                continue;
            }
            out.push(ban(&k, &v)?);
        }
        Ok(out)
    }
}

/// A stored ban read back under its public name.
fn ban(key: &str, value: &[u8]) -> Result<Ban, StoreError> {
    let b: BanV1 = decode(value)?;
    Ok(Ban {
        target: public_target(key),
        reason: b.reason,
        by: b.by,
        at: b.at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> std::net::IpAddr {
        s.parse().unwrap()
    }

    fn addr(s: &str) -> BanTarget {
        BanTarget::parse("addr", s).unwrap()
    }

    fn banned(bans: &Bans, s: &str) -> Option<String> {
        bans.matching(None, None, Some(ip(s)))
            .unwrap()
            .map(|b| b.target)
    }

    #[tokio::test]
    async fn an_ipv4_ban_holds_however_the_address_arrives() {
        let s = Store::temporary().unwrap();
        let bans = s.bans();
        bans.add(&addr("127.0.0.1"), "r", "admin").await.unwrap();
        assert_eq!(
            banned(&bans, "127.0.0.1").as_deref(),
            Some("addr:127.0.0.1")
        );
        assert_eq!(
            banned(&bans, "::ffff:127.0.0.1").as_deref(),
            Some("addr:127.0.0.1"),
            "a [::] listener sees the IPv4 client so"
        );
        assert_eq!(banned(&bans, "127.0.0.2"), None);
        // Banned as the mapped form: the same ban.
        bans.add(&addr("::ffff:10.1.2.3"), "r", "admin")
            .await
            .unwrap();
        assert!(banned(&bans, "10.1.2.3").is_some());
        assert!(bans.remove(&addr("10.1.2.3")).await.unwrap());
        assert_eq!(banned(&bans, "::ffff:10.1.2.3"), None);
    }

    #[tokio::test]
    async fn a_plain_ipv6_ban_covers_its_64_and_a_prefix_what_it_says() {
        let s = Store::temporary().unwrap();
        let bans = s.bans();
        bans.add(&addr("2001:db8:1:2::abcd"), "r", "a")
            .await
            .unwrap();
        assert_eq!(
            banned(&bans, "2001:db8:1:2:ffff:1:2:3").as_deref(),
            Some("addr:2001:db8:1:2::/64"),
            "a privacy address of the same /64"
        );
        assert_eq!(banned(&bans, "2001:db8:1:3::abcd"), None, "the next /64");
        // A /48 on purpose; a /128 on purpose; an IPv4 /8.
        bans.add(&addr("2001:db8:aa::/48"), "r", "a").await.unwrap();
        assert!(banned(&bans, "2001:db8:aa:ffff::1").is_some());
        assert_eq!(banned(&bans, "2001:db8:ab::1"), None);
        bans.add(&addr("2001:db8:cc::1/128"), "r", "a")
            .await
            .unwrap();
        assert!(banned(&bans, "2001:db8:cc::1").is_some());
        assert_eq!(banned(&bans, "2001:db8:cc::2"), None, "one address only");
        bans.add(&addr("10.0.0.0/8"), "r", "a").await.unwrap();
        assert_eq!(
            banned(&bans, "::ffff:10.200.3.4").as_deref(),
            Some("addr:10.0.0.0/8")
        );
        assert_eq!(banned(&bans, "11.0.0.1"), None);
        let listed: Vec<String> = bans.all().unwrap().into_iter().map(|b| b.target).collect();
        assert_eq!(
            listed,
            [
                "addr:2001:db8:1:2::/64",
                "addr:2001:db8:cc::1/128",
                "addr:10.0.0.0/8",
                "addr:2001:db8:aa::/48"
            ]
        );
        // Unban takes the same forms (any address of the /64 names it).
        assert!(bans.remove(&addr("2001:db8:1:2::1")).await.unwrap());
        assert!(bans.remove(&addr("10.9.9.9/8")).await.unwrap());
        assert!(!bans.remove(&addr("10.0.0.0/16")).await.unwrap());
        assert_eq!(banned(&bans, "2001:db8:1:2::abcd"), None);
        assert_eq!(banned(&bans, "10.200.3.4"), None);
    }

    #[tokio::test]
    async fn bans_an_older_version_wrote_still_hold_and_read_in_todays_form() {
        let s = Store::temporary().unwrap();
        let rec = BanV1 {
            v: BanV1::VERSION,
            reason: "old".into(),
            by: "a".into(),
            at: 1,
        };
        for k in ["addr:::ffff:192.0.2.7", "addr:2001:db8::1"] {
            s.t().bans.insert(k.as_bytes(), encode(&rec)).unwrap();
        }
        let bans = s.bans();
        assert_eq!(
            banned(&bans, "192.0.2.7").as_deref(),
            Some("addr:192.0.2.7")
        );
        assert!(banned(&bans, "::ffff:192.0.2.7").is_some());
        assert!(banned(&bans, "2001:db8::1").is_some());
        let listed: Vec<String> = bans.all().unwrap().into_iter().map(|b| b.target).collect();
        assert_eq!(listed, ["addr:2001:db8::1/128", "addr:192.0.2.7"]);
        assert!(bans.remove(&addr("192.0.2.7")).await.unwrap());
        assert!(bans.remove(&addr("2001:db8::1/128")).await.unwrap());
        assert!(bans.all().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_players_ban_closes_guests_from_its_last_block_until_lifted() {
        let s = Store::temporary().unwrap();
        let bans = s.bans();
        bans.saw("SHA256:abc", ip("::ffff:198.51.100.4")).unwrap();
        bans.saw("SHA256:abc", ip("198.51.100.5")).unwrap();
        let last = bans.last_seen("SHA256:abc").unwrap().unwrap();
        assert_eq!(last.to_string(), "198.51.100.5", "the last one");
        let key = BanTarget::Key("SHA256:abc".into());
        bans.add_closing_guests(&key, "r", "a", vec![last])
            .await
            .unwrap();
        assert!(bans
            .guests_closed(ip("::ffff:198.51.100.5"))
            .unwrap()
            .is_some());
        assert_eq!(bans.guests_closed(ip("198.51.100.4")).unwrap(), None);
        // Neither the record nor the closure is a ban of its own.
        let listed: Vec<String> = bans.all().unwrap().into_iter().map(|b| b.target).collect();
        assert_eq!(listed, ["key:SHA256:abc"]);
        assert!(banned(&bans, "198.51.100.5").is_none());
        assert!(bans.remove(&key).await.unwrap());
        assert_eq!(bans.guests_closed(ip("198.51.100.5")).unwrap(), None);
    }
}
