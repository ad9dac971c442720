//! Browser sign-ins of key holders: one-time links made over SSH (`ssh host web-login`) and
//! the sessions they open, kept server-side so that a restart signs nobody out and `ssh host
//! web-sessions` can list and end them.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `web` | `l` + SHA-256 of a link's code | [`LinkV1`]: whose, until when |
//! | `web` | `s` + SHA-256 of a session's token | [`WebSessionV1`]: whose, since and until when, the browser |
//! | `web` | `i` + identity (length-prefixed) + SHA-256 of a session's token | empty (a player's sessions, for listing) |
//! | `web` | `c` + SHA-256 of a passkey ceremony's challenge | [`CeremonyV1`]: which ceremony, for whom, until when |
//! | `web` | `p` + SHA-256 of a passkey's credential id | [`PasskeyV1`]: whose, its public key and counter |
//! | `web` | `q` + identity (length-prefixed) + SHA-256 of a credential id | empty (an account's passkeys) |
//! | `web` | `k` + a key's identity (`key:SHA256:...`) | [`KeyLinkV1`]: the account the key was linked to from the web |
//! | `web` | `g` + SHA-256 of a browser guest's cookie token | [`GuestSessionV1`]: until when |
//!
//! Only digests of codes, tokens and challenges are stored: a copy of the database signs
//! nobody in. A code works once, for [`LINK_SECS`]; a session lasts [`SESSION_SECS`]; a
//! ceremony's challenge works once, for [`CEREMONY_SECS`]; a guest's browser is kept for
//! [`GUEST_SECS`] after it was last seen. A passkey's public key is no secret.
//!
//! **Accounts.** An account is the identity its nick's `users` record is owned by: an SSH
//! key's (`key:`), or, for one made on the web with a passkey, a random `account:` id
//! ([`WebLogins::new_account`]). Passkeys (`p`) sign in as that identity; a key linked
//! from the web (`k`) plays as it over SSH (the SSH server asks [`WebLogins::account_of_key`]
//! when the key is proven), so ratings, games and set-ups stay under one identity.
//!
//! Flushes: [`WebLogins::issue_link`], [`WebLogins::redeem`], [`WebLogins::end`],
//! [`WebLogins::sign_out`], [`WebLogins::begin`], [`WebLogins::take_ceremony`],
//! [`WebLogins::add_passkey`], [`WebLogins::used_passkey`], [`WebLogins::open_session`],
//! [`WebLogins::take_link`], [`WebLogins::link_key`], [`WebLogins::open_guest`] (all
//! `async`, off the runtime). [`WebLogins::guest`] does not flush (a guest seen again has
//! its time moved on within sled's background flush). Reads never do.

use sha2::{Digest, Sha256};

use super::records::*;
use super::{identity_key, now, parse_identity, registrable_key, Store, StoreError, Timestamp};
use crate::proto::PlayerId;

/// How long a sign-in link works (once).
pub const LINK_SECS: u64 = 5 * 60;
/// How long a browser stays signed in.
pub const SESSION_SECS: u64 = 30 * 24 * 3600;
/// Sessions one player may hold at once; signing in past it ends the oldest.
pub const MAX_SESSIONS: usize = 20;
/// Letters of codes and tokens (as guests' passes: nothing to misread).
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
/// 32 letters of 5 bits: 160 bits.
const SECRET_LEN: usize = 32;
/// The longest browser description kept.
const AGENT_MAX_CHARS: usize = 120;
/// How long a passkey ceremony's challenge works (once).
pub const CEREMONY_SECS: u64 = 5 * 60;
/// How long a browser guest is kept after it was last seen (its cookie's `Max-Age` too).
pub const GUEST_SECS: u64 = 24 * 3600;
/// A guest seen again moves its time on only when this much of it went by (so a page
/// load is not a write each time).
const GUEST_TOUCH_SECS: u64 = 60;
/// Passkeys one account may hold.
pub const MAX_PASSKEYS: usize = 20;
/// Browser guests kept at once; past it a new one is refused (a stale one gives way first).
pub const MAX_GUESTS: usize = 20_000;

/// What a passkey ceremony was begun for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ceremony {
    /// A new account with this nick (checked free when it began) and identity (drawn then,
    /// [`WebLogins::new_account`]).
    Register { nick: String, identity: PlayerId },
    /// A passkey more for this account.
    Add { identity: PlayerId },
    /// A sign-in by any passkey of the site's.
    SignIn,
}

/// A stored passkey.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Passkey {
    /// The account it signs in.
    pub identity: PlayerId,
    /// Its credential id (raw bytes).
    pub id: Vec<u8>,
    pub alg: i64,
    /// Uncompressed P-256 point.
    pub public_key: Vec<u8>,
    pub sign_count: u32,
    pub created: Timestamp,
}

/// A browser signed in, as its player may see it (it crosses a split server's bus, to an
/// edge's `web-sessions`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct WebSession {
    pub identity: PlayerId,
    pub since: Timestamp,
    pub until: Timestamp,
    /// The browser's own description (its User-Agent, cut), to tell sessions apart.
    pub agent: String,
}

/// Sign-in links and browser sessions: `store.web()`. Cheap to clone.
#[derive(Clone)]
pub struct WebLogins {
    store: Store,
}

/// A new secret from the operating system's randomness.
fn secret() -> String {
    (0..SECRET_LEN)
        .map(|_| ALPHABET[crate::random::below(32) as usize] as char)
        .collect()
}

/// Whether `s` has a secret's shape (anything else is refused before the store is read).
fn well_formed(s: &str) -> bool {
    s.len() == SECRET_LEN && s.bytes().all(|b| ALPHABET.contains(&b))
}

fn digest(s: &str) -> [u8; 32] {
    Sha256::digest(s.as_bytes()).into()
}

fn link_key(code: &str) -> Vec<u8> {
    let mut k = vec![b'l'];
    k.extend_from_slice(&digest(code));
    k
}

fn session_key(d: &[u8; 32]) -> Vec<u8> {
    let mut k = vec![b's'];
    k.extend_from_slice(d);
    k
}

fn prefixed(p: u8, d: &[u8]) -> Vec<u8> {
    let mut k = vec![p];
    k.extend_from_slice(d);
    k
}

fn sha(b: &[u8]) -> [u8; 32] {
    Sha256::digest(b).into()
}

fn passkeys_prefix(identity: &str) -> Vec<u8> {
    prefixed(b'q', &ident_prefix(identity))
}

fn b64(b: &[u8]) -> String {
    crate::webauthn::b64url(b)
}

fn unb64(s: &str) -> Result<Vec<u8>, StoreError> {
    crate::webauthn::from_b64url(s).ok_or_else(|| StoreError::Decode {
        what: "passkey",
        message: "not base64url".into(),
    })
}

fn passkey_of(p: PasskeyV1) -> Result<Passkey, StoreError> {
    Ok(Passkey {
        identity: parse_identity(&p.identity)?,
        id: unb64(&p.id)?,
        alg: p.alg,
        public_key: unb64(&p.public_key)?,
        sign_count: p.sign_count,
        created: p.created,
    })
}

/// Opens a session for `identity` (its token's digest `sd`) in the writer's closure; the
/// player's oldest sessions end past [`MAX_SESSIONS`].
fn open_session_in(
    store: &Store,
    identity: &str,
    agent: String,
    sd: &[u8; 32],
) -> Result<(), StoreError> {
    let t = store.t();
    let at = now();
    let s = WebSessionV1 {
        v: WebSessionV1::VERSION,
        identity: identity.to_string(),
        since: at,
        until: at + SESSION_SECS,
        agent,
        order: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    };
    t.web.insert(session_key(sd), encode(&s))?;
    t.web.insert(index_key(identity, sd), Vec::new())?;
    // The oldest beyond the cap end (and any expired ones with them).
    let mut held = sessions_of(store, identity)?;
    held.sort_by_key(|(_, s)| std::cmp::Reverse((s.since, s.order)));
    for (d, s) in held.into_iter().skip(MAX_SESSIONS) {
        t.web.remove(session_key(&d))?;
        t.web.remove(index_key(&s.identity, &d))?;
    }
    Ok(())
}

fn index_prefix(identity: &str) -> Vec<u8> {
    let mut k = vec![b'i'];
    k.extend_from_slice(&ident_prefix(identity));
    k
}

fn index_key(identity: &str, d: &[u8; 32]) -> Vec<u8> {
    let mut k = index_prefix(identity);
    k.extend_from_slice(d);
    k
}

impl WebLogins {
    pub(super) fn new(store: Store) -> WebLogins {
        WebLogins { store }
    }

    /// A new one-time sign-in code for a key holder, working for [`LINK_SECS`]. Flushed
    /// before returning, off the runtime.
    pub async fn issue_link(&self, identity: &PlayerId) -> Result<String, StoreError> {
        let identity = registrable_key(identity)?;
        let code = secret();
        let key = link_key(&code);
        let store = self.store.clone();
        self.store
            .durable(move || {
                let _g = store.writing();
                let link = LinkV1 {
                    v: LinkV1::VERSION,
                    identity,
                    until: now() + LINK_SECS,
                };
                store.t().web.insert(key, encode(&link))?;
                Ok(())
            })
            .await?;
        Ok(code)
    }

    /// Whose a code is, while it works (read only: a page may show whom it signs in).
    pub fn peek(&self, code: &str) -> Result<Option<PlayerId>, StoreError> {
        if !well_formed(code) {
            return Ok(None);
        }
        let Some(b) = self.store.t().web.get(link_key(code))? else {
            return Ok(None);
        };
        let link: LinkV1 = decode(&b)?;
        if link.until <= now() {
            return Ok(None);
        }
        parse_identity(&link.identity).map(Some)
    }

    /// Uses a code: once, before it expires. Opens a session for the browser described by
    /// `agent` and returns its token and whose it is; `None` for a code that is unknown,
    /// used or expired. The player's oldest sessions end past [`MAX_SESSIONS`]. Flushed
    /// before returning, off the runtime.
    pub async fn redeem(
        &self,
        code: &str,
        agent: &str,
    ) -> Result<Option<(String, PlayerId)>, StoreError> {
        if !well_formed(code) {
            return Ok(None);
        }
        let token = secret();
        let (key, store) = (link_key(code), self.store.clone());
        let agent: String = crate::text::clean_line(agent, AGENT_MAX_CHARS);
        let sd = digest(&token);
        let identity = self
            .store
            .durable(move || {
                let _g = store.writing();
                let t = store.t();
                // A retry after a failed flush: the session is already there.
                if let Some(b) = t.web.get(session_key(&sd))? {
                    let s: WebSessionV1 = decode(&b)?;
                    return Ok(Some(s.identity));
                }
                let Some(b) = t.web.remove(&key)? else {
                    return Ok(None);
                };
                let link: LinkV1 = decode(&b)?;
                if link.until <= now() {
                    return Ok(None);
                }
                open_session_in(&store, &link.identity, agent, &sd)?;
                Ok(Some(link.identity))
            })
            .await?;
        match identity {
            Some(i) => Ok(Some((token, parse_identity(&i)?))),
            None => Ok(None),
        }
    }

    /// The session a browser's token opens, while it lasts.
    pub fn session(&self, token: &str) -> Result<Option<WebSession>, StoreError> {
        if !well_formed(token) {
            return Ok(None);
        }
        let Some(b) = self.store.t().web.get(session_key(&digest(token)))? else {
            return Ok(None);
        };
        let s: WebSessionV1 = decode(&b)?;
        if s.until <= now() {
            return Ok(None);
        }
        Ok(Some(WebSession {
            identity: parse_identity(&s.identity)?,
            since: s.since,
            until: s.until,
            agent: s.agent,
        }))
    }

    /// A player's sessions that last, oldest first (the numbers `end` takes are 1-based
    /// places in this list).
    pub fn list(&self, identity: &PlayerId) -> Result<Vec<WebSession>, StoreError> {
        let mut held = sessions_of(&self.store, &identity_key(identity)?)?;
        held.sort_by_key(|(_, s)| (s.since, s.order));
        let at = now();
        held.into_iter()
            .filter(|(_, s)| s.until > at)
            .map(|(_, s)| {
                Ok(WebSession {
                    identity: parse_identity(&s.identity)?,
                    since: s.since,
                    until: s.until,
                    agent: s.agent,
                })
            })
            .collect()
    }

    /// Ends a player's sessions: the `which`-th of [`WebLogins::list`] (1-based), or all
    /// with `None`; how many ended. Flushed before returning, off the runtime.
    pub async fn end(
        &self,
        identity: &PlayerId,
        which: Option<usize>,
    ) -> Result<usize, StoreError> {
        let identity = identity_key(identity)?;
        let store = self.store.clone();
        self.store
            .durable(move || {
                let _g = store.writing();
                let t = store.t();
                let mut held = sessions_of(&store, &identity)?;
                held.sort_by_key(|(_, s)| (s.since, s.order));
                let at = now();
                let (live, expired): (Vec<_>, Vec<_>) =
                    held.into_iter().partition(|(_, s)| s.until > at);
                let chosen: Vec<_> = match which {
                    None => live,
                    Some(n) => live.into_iter().skip(n.wrapping_sub(1)).take(1).collect(),
                };
                let n = chosen.len();
                for (d, _) in chosen.into_iter().chain(expired) {
                    t.web.remove(session_key(&d))?;
                    t.web.remove(index_key(&identity, &d))?;
                }
                Ok(n)
            })
            .await
    }

    /// Ends the session of one browser (signing out); whether it was there. Flushed before
    /// returning, off the runtime.
    pub async fn sign_out(&self, token: &str) -> Result<bool, StoreError> {
        if !well_formed(token) {
            return Ok(false);
        }
        let d = digest(token);
        let store = self.store.clone();
        self.store
            .durable(move || {
                let _g = store.writing();
                let t = store.t();
                let Some(b) = t.web.remove(session_key(&d))? else {
                    return Ok(false);
                };
                let s: WebSessionV1 = decode(&b)?;
                t.web.remove(index_key(&s.identity, &d))?;
                Ok(true)
            })
            .await
    }

    /// Begins a passkey ceremony: its new challenge (32 random bytes), working once for
    /// [`CEREMONY_SECS`]. Flushed, off the runtime.
    pub async fn begin(&self, ceremony: Ceremony) -> Result<Vec<u8>, StoreError> {
        let challenge: Vec<u8> = (0..32).map(|_| crate::random::below(256) as u8).collect();
        let (nick, identity, purpose) = match &ceremony {
            Ceremony::Register { nick, identity } => (
                Some(nick.clone()),
                Some(registrable_key(identity)?),
                "register",
            ),
            Ceremony::Add { identity } => (None, Some(registrable_key(identity)?), "add"),
            Ceremony::SignIn => (None, None, "sign-in"),
        };
        let rec = CeremonyV1 {
            v: CeremonyV1::VERSION,
            purpose: purpose.to_string(),
            nick,
            identity,
            until: now() + CEREMONY_SECS,
        };
        let key = prefixed(b'c', &sha(&challenge));
        let store = self.store.clone();
        self.store
            .durable(move || {
                let _g = store.writing();
                let t = store.t();
                // Expired ceremonies go now and then (one in 16 beginnings).
                if crate::random::below(16) == 0 {
                    let at = now();
                    for kv in t.web.scan_prefix(b"c") {
                        let (k, v) = kv?;
                        if decode::<CeremonyV1>(&v).map_or(true, |c| c.until <= at) {
                            t.web.remove(k)?;
                        }
                    }
                }
                t.web.insert(key, encode(&rec))?;
                Ok(())
            })
            .await?;
        Ok(challenge)
    }

    /// Uses up a ceremony's challenge: what it was begun for, while it works; `None` when it
    /// is unknown, used or expired. Flushed, off the runtime.
    pub async fn take_ceremony(&self, challenge: &[u8]) -> Result<Option<Ceremony>, StoreError> {
        let key = prefixed(b'c', &sha(challenge));
        let store = self.store.clone();
        let rec = self
            .store
            .durable(move || {
                let _g = store.writing();
                match store.t().web.remove(key)? {
                    Some(b) => Ok(Some(decode::<CeremonyV1>(&b)?)),
                    None => Ok(None),
                }
            })
            .await?;
        let Some(rec) = rec.filter(|c| c.until > now()) else {
            return Ok(None);
        };
        Ok(match (rec.purpose.as_str(), rec.nick, rec.identity) {
            ("register", Some(nick), Some(i)) => Some(Ceremony::Register {
                nick,
                identity: parse_identity(&i)?,
            }),
            ("add", _, Some(i)) => Some(Ceremony::Add {
                identity: parse_identity(&i)?,
            }),
            ("sign-in", _, _) => Some(Ceremony::SignIn),
            _ => None,
        })
    }

    /// A new account's identity (`account:` and 32 random hex digits).
    pub fn new_account() -> PlayerId {
        let hex: String = (0..16)
            .map(|_| format!("{:02x}", crate::random::below(256)))
            .collect();
        PlayerId::Account(hex)
    }

    /// The passkey with this credential id, if the site knows it.
    pub fn passkey(&self, credential_id: &[u8]) -> Result<Option<Passkey>, StoreError> {
        match self
            .store
            .t()
            .web
            .get(prefixed(b'p', &sha(credential_id)))?
        {
            Some(b) => Ok(Some(passkey_of(decode(&b)?)?)),
            None => Ok(None),
        }
    }

    /// An account's passkeys.
    pub fn passkeys(&self, identity: &PlayerId) -> Result<Vec<Passkey>, StoreError> {
        let prefix = passkeys_prefix(&identity_key(identity)?);
        let mut out = Vec::new();
        for kv in self.store.t().web.scan_prefix(&prefix) {
            let (k, _) = kv?;
            if let Some(b) = self.store.t().web.get(prefixed(b'p', &k[prefix.len()..]))? {
                out.push(passkey_of(decode(&b)?)?);
            }
        }
        Ok(out)
    }

    /// Stores a new passkey for an account; `false` when its credential id is known already
    /// or the account holds [`MAX_PASSKEYS`]. Flushed, off the runtime.
    pub async fn add_passkey(&self, key: Passkey) -> Result<bool, StoreError> {
        let identity = registrable_key(&key.identity)?;
        let d = sha(&key.id);
        let rec = PasskeyV1 {
            v: PasskeyV1::VERSION,
            identity: identity.clone(),
            id: b64(&key.id),
            alg: key.alg,
            public_key: b64(&key.public_key),
            sign_count: key.sign_count,
            created: now(),
        };
        let store = self.store.clone();
        self.store
            .durable(move || {
                let _g = store.writing();
                let t = store.t();
                if let Some(b) = t.web.get(prefixed(b'p', &d))? {
                    // A retry after a failed flush finds its own write.
                    return Ok(decode::<PasskeyV1>(&b)?.identity == identity);
                }
                let prefix = passkeys_prefix(&identity);
                if t.web.scan_prefix(&prefix).count() >= MAX_PASSKEYS {
                    return Ok(false);
                }
                t.web.insert(prefixed(b'p', &d), encode(&rec))?;
                let mut i = prefix;
                i.extend_from_slice(&d);
                t.web.insert(i, Vec::new())?;
                Ok(true)
            })
            .await
    }

    /// Keeps a passkey's counter after a sign-in. Flushed, off the runtime.
    pub async fn used_passkey(&self, credential_id: &[u8], count: u32) -> Result<(), StoreError> {
        let key = prefixed(b'p', &sha(credential_id));
        let store = self.store.clone();
        self.store
            .durable(move || {
                let _g = store.writing();
                let t = store.t();
                if let Some(b) = t.web.get(&key)? {
                    let mut p: PasskeyV1 = decode(&b)?;
                    p.v = PasskeyV1::VERSION;
                    p.sign_count = p.sign_count.max(count);
                    t.web.insert(key, encode(&p))?;
                }
                Ok(())
            })
            .await
    }

    /// Opens a session for an account signed in another way than a link (a passkey): its
    /// token. Flushed, off the runtime.
    pub async fn open_session(
        &self,
        identity: &PlayerId,
        agent: &str,
    ) -> Result<String, StoreError> {
        let identity = registrable_key(identity)?;
        let token = secret();
        let sd = digest(&token);
        let agent: String = crate::text::clean_line(agent, AGENT_MAX_CHARS);
        let store = self.store.clone();
        self.store
            .durable(move || {
                let _g = store.writing();
                open_session_in(&store, &identity, agent, &sd)
            })
            .await?;
        Ok(token)
    }

    /// Uses a link's code without opening a session (a key's link, used to link that key
    /// to an account): whose it was, while it worked. Flushed, off the runtime.
    pub async fn take_link(&self, code: &str) -> Result<Option<PlayerId>, StoreError> {
        if !well_formed(code) {
            return Ok(None);
        }
        let key = link_key(code);
        let store = self.store.clone();
        let link = self
            .store
            .durable(move || {
                let _g = store.writing();
                match store.t().web.remove(key)? {
                    Some(b) => Ok(Some(decode::<LinkV1>(&b)?)),
                    None => Ok(None),
                }
            })
            .await?;
        match link.filter(|l| l.until > now()) {
            Some(l) => parse_identity(&l.identity).map(Some),
            None => Ok(None),
        }
    }

    /// Links an SSH key that holds no account to the account `account`: from then on the
    /// key plays as it. `false` when the key holds a nick or is linked already. Flushed,
    /// off the runtime.
    pub async fn link_key(&self, key: &PlayerId, account: &PlayerId) -> Result<bool, StoreError> {
        if !key.is_key() {
            return Err(StoreError::Invalid("only an SSH key is linked".into()));
        }
        let (k, account) = (
            prefixed(b'k', identity_key(key)?.as_bytes()),
            registrable_key(account)?,
        );
        let key = key.clone();
        let store = self.store.clone();
        self.store
            .durable(move || {
                let _g = store.writing();
                let t = store.t();
                if let Some(b) = t.web.get(&k)? {
                    return Ok(decode::<KeyLinkV1>(&b)?.account == account);
                }
                if store.users().by_identity(&key)?.is_some() {
                    return Ok(false);
                }
                let rec = KeyLinkV1 {
                    v: KeyLinkV1::VERSION,
                    account,
                    since: now(),
                };
                t.web.insert(k, encode(&rec))?;
                Ok(true)
            })
            .await
    }

    /// The account a key was linked to from the web, if any.
    pub fn account_of_key(&self, key: &PlayerId) -> Result<Option<PlayerId>, StoreError> {
        if !key.is_key() {
            return Ok(None);
        }
        match self
            .store
            .t()
            .web
            .get(prefixed(b'k', identity_key(key)?.as_bytes()))?
        {
            Some(b) => parse_identity(&decode::<KeyLinkV1>(&b)?.account).map(Some),
            None => Ok(None),
        }
    }

    /// A new browser guest: its cookie token, kept for [`GUEST_SECS`]; `None` when
    /// [`MAX_GUESTS`] are kept (after the expired ones went). Flushed, off the runtime.
    pub async fn open_guest(&self) -> Result<Option<String>, StoreError> {
        let token = secret();
        let key = prefixed(b'g', &digest(&token));
        let store = self.store.clone();
        let opened = self
            .store
            .durable(move || {
                let _g = store.writing();
                let t = store.t();
                let at = now();
                let mut kept = 0;
                for kv in t.web.scan_prefix(b"g") {
                    let (k, v) = kv?;
                    if decode::<GuestSessionV1>(&v).map_or(true, |g| g.until <= at) {
                        t.web.remove(k)?;
                    } else {
                        kept += 1;
                    }
                }
                if kept >= MAX_GUESTS {
                    return Ok(false);
                }
                let rec = GuestSessionV1 {
                    v: GuestSessionV1::VERSION,
                    until: at + GUEST_SECS,
                };
                t.web.insert(key, encode(&rec))?;
                Ok(true)
            })
            .await?;
        Ok(opened.then_some(token))
    }

    /// Whether a browser guest's token is kept; a guest seen again is kept
    /// [`GUEST_SECS`] from now (written without a flush). Reads the disk: off the runtime.
    pub fn guest(&self, token: &str) -> Result<bool, StoreError> {
        if !well_formed(token) {
            return Ok(false);
        }
        let key = prefixed(b'g', &digest(token));
        let t = self.store.t();
        let Some(b) = t.web.get(&key)? else {
            return Ok(false);
        };
        let g: GuestSessionV1 = decode(&b)?;
        let at = now();
        if g.until <= at {
            return Ok(false);
        }
        if g.until + GUEST_TOUCH_SECS <= at + GUEST_SECS {
            let _g = self.store.writing();
            let rec = GuestSessionV1 {
                v: GuestSessionV1::VERSION,
                until: at + GUEST_SECS,
            };
            t.web.insert(key, encode(&rec))?;
        }
        Ok(true)
    }
}

/// A player's sessions (expired ones too) with their token digests.
fn sessions_of(store: &Store, identity: &str) -> Result<Vec<([u8; 32], WebSessionV1)>, StoreError> {
    let prefix = index_prefix(identity);
    let mut out = Vec::new();
    for kv in store.t().web.scan_prefix(&prefix) {
        let (k, _) = kv?;
        let Ok(d) = <[u8; 32]>::try_from(&k[prefix.len()..]) else {
            continue;
        };
        if let Some(b) = store.t().web.get(session_key(&d))? {
            out.push((d, decode(&b)?));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(s: &str) -> PlayerId {
        PlayerId::Key(format!("SHA256:{s}"))
    }

    #[tokio::test]
    async fn a_link_signs_in_once_and_sessions_are_listed_and_ended() {
        let s = Store::temporary().unwrap();
        let w = s.web();
        let code = w.issue_link(&key("ann")).await.unwrap();
        assert_eq!(w.peek(&code).unwrap(), Some(key("ann")));
        let (token, who) = w.redeem(&code, "Firefox\u{1b}[2J").await.unwrap().unwrap();
        assert_eq!(who, key("ann"));
        // Once only.
        assert_eq!(w.redeem(&code, "x").await.unwrap(), None);
        assert_eq!(w.peek(&code).unwrap(), None);
        let session = w.session(&token).unwrap().unwrap();
        assert_eq!(session.identity, key("ann"));
        assert!(!session.agent.contains('\u{1b}'), "{:?}", session.agent);
        // Malformed and unknown secrets read as nothing.
        for bad in ["", "nope", &"0".repeat(SECRET_LEN), &token.to_uppercase()] {
            assert_eq!(w.session(bad).unwrap(), None, "{bad}");
            assert_eq!(w.redeem(bad, "x").await.unwrap(), None, "{bad}");
        }
        // A second browser; the list is ann's alone.
        let code = w.issue_link(&key("ann")).await.unwrap();
        let (second, _) = w.redeem(&code, "Chromium").await.unwrap().unwrap();
        assert_eq!(w.list(&key("ann")).unwrap().len(), 2);
        assert!(w.list(&key("bob")).unwrap().is_empty());
        // Ending one by its number, then signing out the other.
        assert_eq!(w.end(&key("ann"), Some(1)).await.unwrap(), 1);
        assert_eq!(w.session(&token).unwrap(), None);
        assert!(w.session(&second).unwrap().is_some());
        assert_eq!(w.end(&key("ann"), Some(5)).await.unwrap(), 0);
        assert!(w.sign_out(&second).await.unwrap());
        assert!(w.list(&key("ann")).unwrap().is_empty());
        // Only a key holder gets a link.
        assert!(w.issue_link(&PlayerId::Guest("ab".into())).await.is_err());
    }

    #[tokio::test]
    async fn ceremonies_work_once_passkeys_and_linked_keys_are_kept() {
        let s = Store::temporary().unwrap();
        let w = s.web();
        let acct = WebLogins::new_account();
        let begun = Ceremony::Register {
            nick: "Ann".into(),
            identity: acct.clone(),
        };
        let ch = w.begin(begun.clone()).await.unwrap();
        assert_eq!(w.take_ceremony(&ch).await.unwrap(), Some(begun));
        assert_eq!(w.take_ceremony(&ch).await.unwrap(), None, "once only");
        assert_eq!(w.take_ceremony(&[0; 32]).await.unwrap(), None);
        // An expired one works no more.
        let old = w.begin(Ceremony::SignIn).await.unwrap();
        let key_of = prefixed(b'c', &sha(&old));
        let mut rec: CeremonyV1 = decode(&s.t().web.get(&key_of).unwrap().unwrap()).unwrap();
        rec.until = now() - 1;
        s.t().web.insert(&key_of, encode(&rec)).unwrap();
        assert_eq!(w.take_ceremony(&old).await.unwrap(), None);
        s.users().claim_nick("Ann", &acct).await.unwrap();
        let pk = Passkey {
            identity: acct.clone(),
            id: vec![1, 2, 3],
            alg: -7,
            public_key: vec![4; 65],
            sign_count: 0,
            created: 0,
        };
        assert!(w.add_passkey(pk.clone()).await.unwrap());
        assert!(w
            .add_passkey(Passkey {
                identity: key("bob"),
                ..pk.clone()
            })
            .await
            .map(|added| !added)
            .unwrap());
        w.used_passkey(&[1, 2, 3], 5).await.unwrap();
        let kept = w.passkey(&[1, 2, 3]).unwrap().unwrap();
        assert_eq!((kept.identity.clone(), kept.sign_count), (acct.clone(), 5));
        assert_eq!(w.passkeys(&acct).unwrap().len(), 1);
        // A bare key links once; a key with a nick does not.
        assert!(w.link_key(&key("new"), &acct).await.unwrap());
        assert_eq!(w.account_of_key(&key("new")).unwrap(), Some(acct.clone()));
        s.users().claim_nick("Cy", &key("cy")).await.unwrap();
        assert!(!w.link_key(&key("cy"), &acct).await.unwrap());
        assert_eq!(w.account_of_key(&key("cy")).unwrap(), None);
        // Sessions for the account.
        let token = w.open_session(&acct, "x").await.unwrap();
        assert_eq!(w.session(&token).unwrap().unwrap().identity, acct);
    }

    #[tokio::test]
    async fn browser_guests_are_kept_by_the_digest_of_their_token() {
        let s = Store::temporary().unwrap();
        let w = s.web();
        let token = w.open_guest().await.unwrap().unwrap();
        assert!(w.guest(&token).unwrap());
        assert!(!w.guest(&secret()).unwrap());
        assert!(!w.guest("nope").unwrap());
        // No token in the tree, only its digest.
        for kv in s.t().web.iter() {
            let (k, v) = kv.unwrap();
            assert!(!String::from_utf8_lossy(&k).contains(&token));
            assert!(!String::from_utf8_lossy(&v).contains(&token));
        }
        // Expired: gone.
        let old = GuestSessionV1 {
            v: GuestSessionV1::VERSION,
            until: now() - 1,
        };
        s.t()
            .web
            .insert(prefixed(b'g', &digest(&token)), encode(&old))
            .unwrap();
        assert!(!w.guest(&token).unwrap());
    }

    #[tokio::test]
    async fn an_expired_link_signs_nobody_in_and_the_oldest_sessions_give_way() {
        let s = Store::temporary().unwrap();
        let w = s.web();
        let code = secret();
        let old = LinkV1 {
            v: LinkV1::VERSION,
            identity: key("ann").to_string(),
            until: now() - 1,
        };
        s.t().web.insert(link_key(&code), encode(&old)).unwrap();
        assert_eq!(w.peek(&code).unwrap(), None);
        assert_eq!(w.redeem(&code, "x").await.unwrap(), None);
        let mut tokens = Vec::new();
        for _ in 0..MAX_SESSIONS + 2 {
            let code = w.issue_link(&key("ann")).await.unwrap();
            tokens.push(w.redeem(&code, "x").await.unwrap().unwrap().0);
        }
        assert_eq!(w.list(&key("ann")).unwrap().len(), MAX_SESSIONS);
        assert!(w.session(tokens.last().unwrap()).unwrap().is_some());
    }
}
