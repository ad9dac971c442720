//! Browser sign-ins of key holders: one-time links made over SSH (`ssh host web-login`) and
//! the sessions they open, kept server-side so that a restart signs nobody out and `ssh host
//! web-sessions` can list and end them.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `web` | `l` + SHA-256 of a link's code | [`LinkV1`]: whose, until when |
//! | `web` | `s` + SHA-256 of a session's token | [`WebSessionV1`]: whose, since and until when, the browser |
//! | `web` | `i` + identity (length-prefixed) + SHA-256 of a session's token | empty (a player's sessions, for listing) |
//!
//! Only digests of codes and tokens are stored: a copy of the database signs nobody in. A
//! code works once, for [`LINK_SECS`]; a session lasts [`SESSION_SECS`].
//!
//! Flushes: [`WebLogins::issue_link`], [`WebLogins::redeem`], [`WebLogins::end`] (all
//! `async`, off the runtime). Reads never do.

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

/// A browser signed in, as its player may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
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
                let at = now();
                if link.until <= at {
                    return Ok(None);
                }
                let s = WebSessionV1 {
                    v: WebSessionV1::VERSION,
                    identity: link.identity.clone(),
                    since: at,
                    until: at + SESSION_SECS,
                    agent,
                    order: std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_nanos() as u64),
                };
                t.web.insert(session_key(&sd), encode(&s))?;
                t.web.insert(index_key(&link.identity, &sd), Vec::new())?;
                // The oldest beyond the cap end (and any expired ones with them).
                let mut held = sessions_of(&store, &link.identity)?;
                held.sort_by_key(|(_, s)| std::cmp::Reverse((s.since, s.order)));
                for (d, s) in held.into_iter().skip(MAX_SESSIONS) {
                    t.web.remove(session_key(&d))?;
                    t.web.remove(index_key(&s.identity, &d))?;
                }
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
