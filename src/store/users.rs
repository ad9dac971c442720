//! Users: registered nicknames, the keys that own them, and their preferences.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `users` | nickname, lower-cased | [`User`] (`UserV1`, with its [`Preferences`] under `settings`) |
//! | `identities` | identity (`key:SHA256:...`) | the `users` key it owns (`IdentityV1`) |
//! | `nick_skeletons` | u16 length + [`nick_skeleton`] of a `users` key + that key | empty: an index of `users` by skeleton, for [`Users::look_alike`] |
//!
//! Every `users` key has its `nick_skeletons` entry, written in the same transaction
//! ([`Users::claim_nick`], [`Users::rename`]); a store of schema 1 (before the index) gets
//! it built from `users` when it is opened ([`rebuild_skeleton_index`]).
//!
//! [`nick_skeleton`]: crate::text::nick_skeleton
//!
//! A nick its owner changed ([`Users::rename`], once) stays in `users`, marked with the
//! new nick's key and reserved for the owner for a while; [`Users::by_nick`] follows it.
//!
//! Flushes: [`Users::claim_nick`] when it grants a nick, [`Users::rename`] (both `async`,
//! off the runtime).
//! [`Users::set_preferences`] does not flush (sled's background flush makes it durable
//! within 500 ms); reads never do.

use serde::{Deserialize, Serialize};
use sled::Transactional;

use super::records::*;
use super::{
    abort, identity_key, now, parse_identity, registrable_key, tx_decode, Store, StoreError,
    Timestamp,
};
use crate::i18n::Lang;
use crate::proto::PlayerId;
use crate::rules::Numbering;

const MAX_NICK_BYTES: usize = 64;

/// Times a player may change the nick their key holds.
pub const MAX_RENAMES: u32 = 1;

/// How long a nick its owner left stays reserved for them (and out of others' reach).
pub const RENAME_RESERVE_SECS: u64 = 30 * 86_400;

/// A player's stored interface preferences. New fields must have defaults
/// (`#[serde(default)]` on the struct does that), so older records still read.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Preferences {
    pub numbering: Numbering,
    /// Draw with ASCII only (no box drawing or symbols).
    pub ascii: bool,
    /// The player chose these in the settings (until then the terminal decides, e.g.
    /// ASCII for TERM=vt100). Left out when unset: older records are written as before.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub chosen: bool,
    /// The language the player chose in the settings; `None`: never chosen (the client's
    /// `LANG` decides, else English). Left out when unset, and a language this server no
    /// longer speaks reads as unset.
    #[serde(
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::i18n::lenient"
    )]
    pub lang: Option<Lang>,
}

/// A registered nickname.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct User {
    /// As first claimed (the key is the lower-cased form).
    pub nick: String,
    /// The identity that claimed it (a key).
    pub owner: PlayerId,
    /// Key fingerprints (`SHA256:...`) that may use the nick.
    pub keys: Vec<String>,
    pub preferences: Preferences,
    pub created: Timestamp,
    /// How many times the owner changed the nick (at most [`MAX_RENAMES`]).
    pub renames: u32,
}

/// The answer to [`Users::claim_nick`].
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

/// The answer to [`Users::rename`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RenameResult {
    /// The key now holds this nick (as typed); the old one stays reserved for a while.
    Renamed(String),
    /// Another key holds the nick, or it is reserved.
    Taken,
    /// The key changed its nick [`MAX_RENAMES`] times already.
    NoRenamesLeft,
    /// The key holds no nick.
    NoSuchUser,
}

/// Whether a `users` record leaves its nick free to claim at `now`: a nick its owner left
/// whose reservation is over.
fn claimable(u: &UserV1, now: Timestamp) -> bool {
    u.moved_to.is_some() && u.reserved_until.is_none_or(|t| t <= now)
}

impl TryFrom<UserV1> for User {
    type Error = StoreError;
    fn try_from(u: UserV1) -> Result<User, StoreError> {
        Ok(User {
            nick: u.nick,
            owner: parse_identity(&u.owner)?,
            keys: u.keys,
            preferences: u.settings,
            created: u.created,
            renames: u.renames,
        })
    }
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

/// Nicknames, their keys and preferences: `store.users()`. Cheap to clone.
#[derive(Clone)]
pub struct Users {
    store: Store,
}

impl Users {
    pub(super) fn new(store: Store) -> Users {
        Users { store }
    }

    /// Claims `nick` for `identity` (a `key:` identity): the first key to use a nick owns it.
    /// Case-insensitive. Flushed when granted, off the runtime.
    pub async fn claim_nick(
        &self,
        nick: &str,
        identity: &PlayerId,
    ) -> Result<ClaimResult, StoreError> {
        let (this, nick, identity) = (self.clone(), nick.to_string(), identity.clone());
        self.store
            .durable(move || this.claim_nick_blocking(&nick, &identity))
            .await
    }

    fn claim_nick_blocking(
        &self,
        nick: &str,
        player: &PlayerId,
    ) -> Result<ClaimResult, StoreError> {
        let key = nick_key(nick)?;
        let identity = &registrable_key(player)?;
        let shown = nick.trim().to_string();
        let _g = self.store.writing();
        let t = self.store.t();
        let trees = (&t.users, &t.identities, &t.skeletons);
        let result = trees.transaction(|(users, idents, skeletons)| {
            let mine = match idents.get(identity)? {
                Some(b) => Some(tx_decode::<IdentityV1>(&b)?.nick_key),
                None => None,
            };
            if let Some(b) = users.get(key.as_bytes())? {
                if !claimable(&tx_decode::<UserV1>(&b)?, now()) {
                    return Ok(if mine.as_deref() == Some(key.as_str()) {
                        ClaimResult::AlreadyYours
                    } else {
                        ClaimResult::OwnedByOther
                    });
                }
            }
            if let Some(other) = mine {
                let theirs = match users.get(other.as_bytes())? {
                    Some(b) => tx_decode::<UserV1>(&b)?.nick,
                    None => other,
                };
                return Ok(ClaimResult::HasOtherNick(theirs));
            }
            let fingerprint = player.fingerprint().unwrap_or(identity);
            let u = UserV1 {
                v: UserV1::VERSION,
                nick: shown.clone(),
                owner: identity.to_string(),
                keys: vec![fingerprint.to_string()],
                settings: Preferences::default(),
                created: now(),
                renames: 0,
                moved_to: None,
                reserved_until: None,
            };
            users.insert(key.as_bytes(), encode(&u))?;
            skeletons.insert(skeleton_key(&key), &[][..])?;
            let i = IdentityV1 {
                v: IdentityV1::VERSION,
                nick_key: key.clone(),
            };
            idents.insert(identity.as_bytes(), encode(&i))?;
            Ok(ClaimResult::Granted)
        })?;
        if result == ClaimResult::Granted {
            tracing::info!(nick = %shown, "store: nick registered");
        }
        Ok(result)
    }

    /// The registered user `identity` belongs to.
    pub fn by_identity(&self, identity: &PlayerId) -> Result<Option<User>, StoreError> {
        let t = self.store.t();
        let Some(b) = t.identities.get(identity_key(identity)?.as_bytes())? else {
            return Ok(None);
        };
        let i: IdentityV1 = decode(&b)?;
        match t.users.get(i.nick_key.as_bytes())? {
            Some(b) => Ok(Some(decode::<UserV1>(&b)?.try_into()?)),
            None => Ok(None),
        }
    }

    /// Another player's nick that looks like `nick` (the same [`nick_skeleton`]: `AIice`
    /// for `alice`), reserved nicks included; `None` when there is none. Reads only the
    /// nicks of that skeleton (the `nick_skeletons` index), so its cost does not grow with
    /// the number of users. Reads the disk: call it off the runtime.
    ///
    /// [`nick_skeleton`]: crate::text::nick_skeleton
    pub fn look_alike(
        &self,
        nick: &str,
        identity: &PlayerId,
    ) -> Result<Option<String>, StoreError> {
        let me = identity_key(identity)?;
        let lower = nick.trim().to_lowercase();
        let skeleton = crate::text::nick_skeleton(&lower);
        let prefix = skeleton_prefix(&skeleton);
        let at = now();
        let t = self.store.t();
        for kv in t.skeletons.scan_prefix(&prefix) {
            let (k, _) = kv?;
            let Some(v) = t.users.get(&k[prefix.len()..])? else {
                // (An entry whose user is gone: nothing to look like.)
                continue;
            };
            let u: UserV1 = decode(&v)?;
            // The same nick itself is the claim's business (taken, or one's own).
            if u.owner != me
                && !claimable(&u, at)
                && !u.nick.eq_ignore_ascii_case(nick.trim())
                && crate::text::nick_skeleton(&u.nick.to_lowercase()) == skeleton
            {
                return Ok(Some(u.nick));
            }
        }
        Ok(None)
    }

    /// The registered user with this nick (any case); a nick its owner left leads to the
    /// owner under their new nick.
    pub fn by_nick(&self, nick: &str) -> Result<Option<User>, StoreError> {
        let Ok(mut key) = nick_key(nick) else {
            return Ok(None);
        };
        // A moved nick is followed once: its target never moved (each move updates the
        // identity's one nick).
        for _ in 0..2 {
            let Some(b) = self.store.t().users.get(key.as_bytes())? else {
                return Ok(None);
            };
            let u: UserV1 = decode(&b)?;
            match u.moved_to {
                Some(to) => key = to,
                None => return Ok(Some(u.try_into()?)),
            }
        }
        Ok(None)
    }

    /// Gives the key `identity` the nick `nick` instead of its own (at most
    /// [`MAX_RENAMES`] times; a change of case only is free). The old nick stays reserved
    /// for [`RENAME_RESERVE_SECS`] and leads to the new one; ratings and games follow the
    /// key. Flushed, off the runtime.
    pub async fn rename(
        &self,
        identity: &PlayerId,
        nick: &str,
        counts: bool,
    ) -> Result<RenameResult, StoreError> {
        let (this, nick, identity) = (self.clone(), nick.to_string(), identity.clone());
        self.store
            .durable(move || this.rename_blocking(&identity, &nick, counts))
            .await
    }

    fn rename_blocking(
        &self,
        player: &PlayerId,
        nick: &str,
        counts: bool,
    ) -> Result<RenameResult, StoreError> {
        let new_key = nick_key(nick)?;
        let identity = &registrable_key(player)?;
        let shown = nick.trim().to_string();
        let _g = self.store.writing();
        let t = self.store.t();
        let at = now();
        let trees = (&t.users, &t.identities, &t.skeletons);
        let result = trees.transaction(|(users, idents, skeletons)| {
            let Some(b) = idents.get(identity)? else {
                return Ok(RenameResult::NoSuchUser);
            };
            let old_key = tx_decode::<IdentityV1>(&b)?.nick_key;
            let Some(b) = users.get(old_key.as_bytes())? else {
                return Ok(RenameResult::NoSuchUser);
            };
            let mut user: UserV1 = tx_decode(&b)?;
            user.v = UserV1::VERSION;
            if new_key == old_key {
                user.nick = shown.clone();
                users.insert(old_key.as_bytes(), encode(&user))?;
                return Ok(RenameResult::Renamed(shown.clone()));
            }
            if counts && user.renames >= MAX_RENAMES {
                return Ok(RenameResult::NoRenamesLeft);
            }
            if let Some(b) = users.get(new_key.as_bytes())? {
                let there: UserV1 = tx_decode(&b)?;
                // One's own old nick, still reserved, may be taken back.
                let mine = there.owner == *identity;
                if !mine && !claimable(&there, at) {
                    return Ok(RenameResult::Taken);
                }
            }
            // A name the key never played under (the first login's choice) is simply let
            // go; a nick that was played under stays reserved for a while.
            let left = UserV1 {
                moved_to: Some(new_key.clone()),
                reserved_until: counts.then_some(at + RENAME_RESERVE_SECS),
                ..user.clone()
            };
            let renamed = UserV1 {
                nick: shown.clone(),
                renames: user.renames + u32::from(counts),
                moved_to: None,
                reserved_until: None,
                ..user
            };
            users.insert(new_key.as_bytes(), encode(&renamed))?;
            // The old nick stays in `users` (reserved, or free to claim), so its entry stays.
            skeletons.insert(skeleton_key(&new_key), &[][..])?;
            users.insert(old_key.as_bytes(), encode(&left))?;
            let i = IdentityV1 {
                v: IdentityV1::VERSION,
                nick_key: new_key.clone(),
            };
            idents.insert(identity.as_bytes(), encode(&i))?;
            Ok(RenameResult::Renamed(shown.clone()))
        })?;
        if matches!(result, RenameResult::Renamed(_)) {
            tracing::info!(nick = %shown, "store: nick changed");
        }
        Ok(result)
    }

    /// Saves a registered user's preferences ([`StoreError::NoSuchUser`] otherwise: guests'
    /// preferences live only in their session). Does not flush.
    pub fn set_preferences(
        &self,
        identity: &PlayerId,
        prefs: Preferences,
    ) -> Result<(), StoreError> {
        let identity = identity_key(identity)?;
        let identity = identity.as_str();
        let _g = self.store.writing();
        let t = self.store.t();
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
            u.settings = prefs;
            users.insert(key.as_bytes(), encode(&u))?;
            Ok(())
        })?;
        Ok(())
    }

    /// A user's preferences; the defaults for anyone not registered.
    pub fn preferences(&self, identity: &PlayerId) -> Result<Preferences, StoreError> {
        Ok(self
            .by_identity(identity)?
            .map(|u| u.preferences)
            .unwrap_or_default())
    }
}

/// Builds the `nick_skeletons` index from `users` (the migration to schema 2, at open):
/// the entries it had are replaced. How many entries it holds now.
pub(super) fn rebuild_skeleton_index(t: &super::Trees) -> Result<usize, StoreError> {
    t.skeletons.clear()?;
    let mut n = 0;
    for k in t.users.iter().keys() {
        let k = k?;
        let key = String::from_utf8_lossy(&k);
        t.skeletons.insert(skeleton_key(&key), &[][..])?;
        n += 1;
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An identity written as the store writes it.
    fn id(s: &str) -> PlayerId {
        s.parse().unwrap()
    }

    #[tokio::test]
    async fn one_rename_keeps_the_old_nick_reserved_and_leading_to_the_new() {
        let s = Store::temporary().unwrap();
        let u = s.users();
        let (a, b) = (id("key:SHA256:a"), id("key:SHA256:b"));
        u.claim_nick("Ann", &a).await.unwrap();
        u.claim_nick("Bob", &b).await.unwrap();
        assert_eq!(
            u.rename(&a, "Anna", true).await.unwrap(),
            RenameResult::Renamed("Anna".into())
        );
        let now = u.by_identity(&a).unwrap().unwrap();
        assert_eq!((now.nick.as_str(), now.renames), ("Anna", 1));
        assert_eq!(u.by_nick("ann").unwrap().unwrap().nick, "Anna");
        // The old nick is reserved: nobody else takes it, by claim or by rename.
        assert_eq!(
            u.claim_nick("Ann", &id("key:SHA256:c")).await.unwrap(),
            ClaimResult::OwnedByOther
        );
        assert_eq!(
            u.rename(&b, "ann", true).await.unwrap(),
            RenameResult::Taken
        );
        assert_eq!(
            u.rename(&b, "ANNA", true).await.unwrap(),
            RenameResult::Taken
        );
        // One rename only; a change of case is free.
        assert_eq!(
            u.rename(&a, "Annie", true).await.unwrap(),
            RenameResult::NoRenamesLeft
        );
        assert_eq!(
            u.rename(&a, "ANNA", true).await.unwrap(),
            RenameResult::Renamed("ANNA".into())
        );
        assert_eq!(
            u.rename(&id("key:SHA256:z"), "Zed", true).await.unwrap(),
            RenameResult::NoSuchUser
        );
        // When the reservation is over, the old nick is free again.
        let left = UserV1 {
            v: UserV1::VERSION,
            nick: "Ann".into(),
            owner: "key:SHA256:a".into(),
            keys: vec![],
            settings: Preferences::default(),
            created: 0,
            renames: 0,
            moved_to: Some("anna".into()),
            reserved_until: Some(100),
        };
        assert!(!claimable(&left, 99));
        assert!(claimable(&left, 100));
        let owned = UserV1 {
            moved_to: None,
            ..left
        };
        assert!(!claimable(&owned, u64::MAX));
    }

    #[tokio::test]
    async fn nick_claims() {
        let s = Store::temporary().unwrap();
        let u = s.users();
        assert_eq!(
            u.claim_nick("Ann", &id("key:SHA256:a")).await.unwrap(),
            ClaimResult::Granted
        );
        assert_eq!(
            u.claim_nick("ANN", &id("key:SHA256:a")).await.unwrap(),
            ClaimResult::AlreadyYours
        );
        assert_eq!(
            u.claim_nick("ann", &id("key:SHA256:b")).await.unwrap(),
            ClaimResult::OwnedByOther
        );
        assert_eq!(
            u.claim_nick("Bob", &id("key:SHA256:a")).await.unwrap(),
            ClaimResult::HasOtherNick("Ann".into())
        );
        assert!(matches!(
            u.claim_nick("Gus", &id("guest:7")).await,
            Err(StoreError::Invalid(_))
        ));
        assert!(matches!(
            u.claim_nick("  ", &id("key:SHA256:c")).await,
            Err(StoreError::Invalid(_))
        ));
        let ann = u.by_identity(&id("key:SHA256:a")).unwrap().unwrap();
        assert_eq!(
            (ann.nick.as_str(), ann.owner.to_string().as_str()),
            ("Ann", "key:SHA256:a")
        );
        assert_eq!(ann.keys, vec!["SHA256:a".to_string()]);
        assert_eq!(u.by_nick("aNN").unwrap().unwrap().nick, "Ann");
        assert!(u.by_identity(&id("key:SHA256:b")).unwrap().is_none());
    }

    #[tokio::test]
    async fn preferences_round_trip() {
        let s = Store::temporary().unwrap();
        let u = s.users();
        assert_eq!(
            u.preferences(&id("guest:1")).unwrap(),
            Preferences::default()
        );
        assert_eq!(
            u.set_preferences(&id("key:x"), Preferences::default()),
            Err(StoreError::NoSuchUser)
        );
        u.claim_nick("ann", &id("key:x")).await.unwrap();
        let set = Preferences {
            numbering: Numbering::Classic,
            ascii: true,
            chosen: true,
            lang: Some(Lang::De),
        };
        u.set_preferences(&id("key:x"), set).unwrap();
        assert_eq!(u.preferences(&id("key:x")).unwrap(), set);
    }

    /// The language is stored as its code; records from before it, and a code this server
    /// no longer speaks, read as no choice.
    #[test]
    fn the_language_reads_from_old_and_unknown_records() {
        let p: Preferences =
            serde_json::from_str(r#"{"numbering":"Classic","ascii":true}"#).unwrap();
        assert_eq!(p.lang, None);
        let p: Preferences = serde_json::from_str(r#"{"ascii":false,"lang":"nl"}"#).unwrap();
        assert_eq!(p.lang, Some(Lang::Nl));
        let p: Preferences = serde_json::from_str(r#"{"ascii":true,"lang":"xx"}"#).unwrap();
        assert_eq!((p.lang, p.ascii), (None, true));
        let j = serde_json::to_string(&Preferences {
            lang: Some(Lang::De),
            ..Default::default()
        })
        .unwrap();
        assert!(j.contains(r#""lang":"de""#), "{j}");
        assert!(!serde_json::to_string(&Preferences::default())
            .unwrap()
            .contains("lang"));
    }
}
