//! What belongs to a player with a key: the nickname granted at login (the first key to use
//! a nickname owns it), display preferences, saved set-ups. Guests have none of it stored:
//! their set-ups live in their session ([`save_in_memory`]).

use std::fmt;
use std::net::IpAddr;
use std::time::Instant;

use super::remote::Call;
use super::Service;
use crate::lobby::Ident;
use crate::proto::{Notice, PlayerId, SavedSetup};
use crate::random;
use crate::rules::Variant;
use crate::store::{ClaimResult, Preferences, RenameResult, Store, StoreError, MAX_SETUPS};
use crate::text::{clean_line, clean_nick, NickError};

/// Longest name of a saved set-up, in characters.
const SETUP_NAME_CHARS: usize = 30;

/// The nickname a key gets at login, with what to tell the player about it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Login {
    pub nick: String,
    pub notices: Vec<Notice>,
    /// The key was registered just now: the player has not chosen the nick yet.
    pub first_time: bool,
}

/// Why a nickname was not changed.
#[derive(Clone, Debug, PartialEq)]
pub enum RenameError {
    Invalid(Notice),
    Taken(String),
    NoRenamesLeft,
    /// Guests have no nickname of their own to change.
    NotAKey,
    Store(StoreError),
}

impl RenameError {
    /// What the player reads, in their language.
    pub fn notice(&self) -> Notice {
        match self {
            RenameError::Invalid(why) => why.clone(),
            RenameError::Taken(n) => Notice::new("refusal-nick-taken").arg("nick", n),
            RenameError::NoRenamesLeft => Notice::new("refusal-no-renames-left"),
            RenameError::NotAKey => Notice::new("refusal-rename-guest"),
            RenameError::Store(e) => {
                Notice::new("refusal-rename-store").arg("error", e.to_string())
            }
        }
    }
}

/// English.
impl fmt::Display for RenameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.notice().fmt(f)
    }
}

/// Why `text::clean_nick` refused a name, in the player's language (the screens' card
/// words it the same way: [`crate::proto::nick_refusal`]).
pub fn nick_error(e: &NickError) -> Notice {
    crate::proto::nick_refusal(e)
}

impl From<StoreError> for RenameError {
    fn from(e: StoreError) -> Self {
        RenameError::Store(e)
    }
}

/// Why a set-up was not saved.
#[derive(Clone, Debug, PartialEq)]
pub enum SetupError {
    NoName,
    TooMany,
    Store(StoreError),
}

impl SetupError {
    /// What the player reads, in their language.
    pub fn notice(&self) -> Notice {
        match self {
            SetupError::NoName => Notice::new("refusal-setup-no-name"),
            SetupError::TooMany | SetupError::Store(StoreError::TooManySetups { .. }) => {
                Notice::new("refusal-setups-too-many").arg("max", MAX_SETUPS)
            }
            SetupError::Store(e) => Notice::new("refusal-setup-store").arg("error", e.to_string()),
        }
    }
}

/// English.
impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.notice().fmt(f)
    }
}

impl From<StoreError> for SetupError {
    fn from(e: StoreError) -> Self {
        SetupError::Store(e)
    }
}

/// The set-up's name cleaned, or why it cannot be one.
pub(super) fn setup_name(name: &str) -> Result<String, SetupError> {
    let name = clean_line(name, SETUP_NAME_CHARS);
    if name.is_empty() {
        Err(SetupError::NoName)
    } else {
        Ok(name)
    }
}

/// Saves (or replaces) a set-up in a list kept in memory (a guest's).
pub fn save_in_memory(list: &mut Vec<SavedSetup>, mut s: SavedSetup) -> Result<(), SetupError> {
    s.name = setup_name(&s.name)?;
    list.retain(|x| !(x.name == s.name && x.variant == s.variant));
    if list.len() >= MAX_SETUPS {
        return Err(SetupError::TooMany);
    }
    list.push(s);
    Ok(())
}

/// New accounts one address block ([`crate::limit::address_block`]) may create an hour,
/// unless configured (`registrations_per_hour`).
pub const REGISTRATIONS_PER_HOUR: usize = 10;

const HOUR: std::time::Duration = std::time::Duration::from_secs(3600);

/// The accounts (nicks registered to a new key) created from each address block, against
/// `registrations_per_hour`: a [`crate::limit::AddressRate`] of that many at once, filling
/// again at that many an hour. Its table is bounded; a newcomer past the bound is counted
/// (the least recently seen block is forgotten), never let in uncounted.
#[derive(Debug)]
pub struct Registrations {
    per_hour: usize,
    rate: std::sync::Mutex<crate::limit::AddressRate>,
}

impl Registrations {
    pub fn new(per_hour: usize) -> Registrations {
        let per_hour = per_hour.max(1);
        Registrations {
            per_hour,
            rate: std::sync::Mutex::new(crate::limit::AddressRate::with_bucket(
                per_hour as f64,
                per_hour as f64 / HOUR.as_secs_f64(),
                crate::limit::RATE_TRACKED,
            )),
        }
    }

    fn rate(&self) -> std::sync::MutexGuard<'_, crate::limit::AddressRate> {
        self.rate.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes one of `ip`'s block's registrations at `now`: whether there was one left. (No
    /// address, as in tests without a connection: not counted.)
    pub(super) fn take(&self, ip: Option<IpAddr>, now: Instant) -> bool {
        let Some(ip) = ip else { return true };
        self.rate().take(ip, now) == crate::limit::Admit::Yes
    }

    /// Gives back a registration taken for an account that was not created after all.
    pub(super) fn give_back(&self, ip: Option<IpAddr>) {
        if let Some(ip) = ip {
            self.rate().refund(ip);
        }
    }
}

impl Service {
    /// New accounts one address block may create an hour (`registrations_per_hour`); past
    /// it a new key comes in for the visit only (see [`Service::login`]).
    pub fn with_registrations_per_hour(mut self, per_hour: usize) -> Service {
        self.registrations = std::sync::Arc::new(Registrations::new(per_hour));
        self
    }

    /// The nickname a key identity gets: the one its key holds, if any; else the one asked
    /// for (the SSH user name) if it is free; else a free variant of it, or a random
    /// `playerNNNN` when the name asked for cannot be a nickname. A new key from an address
    /// block that created `registrations_per_hour` accounts in the last hour is let in for
    /// this visit only, under a name nobody keeps, with a notice saying so: no account is
    /// created (no nick registered, no preferences kept).
    pub async fn login(&self, ident: &Ident) -> Login {
        if let Some(a) = self.remote(Call::Login(ident.clone())).await {
            return a.unwrap_or_else(|e| {
                tracing::warn!(error = ?e, "cannot ask the core for nicknames");
                visitor(&ident.nick)
            });
        }
        let store = self.store.clone();
        let id = ident.id.clone();
        let held = tokio::task::spawn_blocking(move || store.users().by_identity(&id)).await;
        match held {
            Ok(Ok(Some(user))) => return returning(&ident.nick, user.nick),
            Ok(Ok(None)) => {}
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "cannot read nicknames");
                return visitor(&ident.nick);
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot read nicknames");
                return visitor(&ident.nick);
            }
        }
        if !self.registrations.take(ident.addr, Instant::now()) {
            tracing::warn!(
                addr = ?ident.addr.map(crate::limit::address_block),
                per_hour = self.registrations.per_hour,
                "accounts: registrations from this address block over the limit; a visitor"
            );
            return over_limit(&ident.nick, self.registrations.per_hour);
        }
        let login = grant_nick(&self.store, &ident.nick, &ident.id).await;
        if !login.first_time {
            // No account was created (the store could not say, or the key had one).
            self.registrations.give_back(ident.addr);
        }
        login
    }

    /// Changes the nickname a key holds (once; see [`crate::store::Users::rename`]) and
    /// tells the lobby; the new nick. `counts` false: the name chosen at the first login,
    /// which is not the one later rename. On an edge the core's store renames.
    pub async fn rename(
        &self,
        session: crate::lobby::SessionId,
        identity: &PlayerId,
        asked: &str,
        counts: bool,
    ) -> Result<String, RenameError> {
        let call = Call::Rename {
            identity: identity.clone(),
            asked: asked.to_string(),
            counts,
        };
        let nick = match self.remote(call).await {
            Some(a) => a?,
            None => self.rename_stored(identity, asked, counts).await?,
        };
        self.lobby.renamed(session, nick.clone());
        Ok(nick)
    }

    /// [`Service::rename`]'s checks and the store's rename; the new nick.
    pub(super) async fn rename_stored(
        &self,
        identity: &PlayerId,
        asked: &str,
        counts: bool,
    ) -> Result<String, RenameError> {
        if !identity.is_account() {
            return Err(RenameError::NotAKey);
        }
        let nick = clean_nick(asked).map_err(|e| {
            RenameError::Invalid(
                Notice::new("refusal-rename-bad-nick")
                    .arg("asked", clean_line(asked, 20))
                    .arg("why", nick_error(&e)),
            )
        })?;
        let (who, name) = (identity.clone(), nick.clone());
        if let Some(other) = self
            .blocking(move |s| s.users().look_alike(&name, &who))
            .await?
        {
            return Err(RenameError::Invalid(
                Notice::new("refusal-rename-look-alike")
                    .arg("nick", &nick)
                    .arg("other", other),
            ));
        }
        match self.store.users().rename(identity, &nick, counts).await? {
            RenameResult::Renamed(nick) => Ok(nick),
            RenameResult::Taken => Err(RenameError::Taken(nick)),
            RenameResult::NoRenamesLeft => Err(RenameError::NoRenamesLeft),
            RenameResult::NoSuchUser => Err(RenameError::NotAKey),
        }
    }

    /// A key's remembered display preferences (the defaults when it has none).
    pub async fn preferences(&self, identity: &PlayerId) -> Preferences {
        if let Some(a) = self.remote(Call::Preferences(identity.clone())).await {
            return a.unwrap_or_default();
        }
        let id = identity.clone();
        self.blocking(move |s| s.users().preferences(&id))
            .await
            .unwrap_or_default()
    }

    pub async fn save_preferences(&self, identity: &PlayerId, prefs: Preferences) {
        let call = Call::SavePreferences(identity.clone(), prefs);
        if let Some(a) = self.remote::<()>(call).await {
            if let Err(e) = a {
                tracing::warn!(error = ?e, "cannot save settings");
            }
            return;
        }
        let id = identity.clone();
        let saved = self.blocking(move |s| s.users().set_preferences(&id, prefs));
        if let Err(e) = saved.await {
            tracing::warn!(error = %e, "cannot save settings");
        }
    }

    /// A key's saved set-ups, all variants.
    pub async fn saved_setups(&self, identity: &PlayerId) -> Result<Vec<SavedSetup>, StoreError> {
        if let Some(a) = self.remote(Call::SavedSetups(identity.clone())).await {
            return a.map_err(Into::into);
        }
        let id = identity.clone();
        self.blocking(move |s| s.setups().list(&id, None)).await
    }

    /// Saves (or replaces) a key's set-up; the list after it.
    pub async fn save_setup(
        &self,
        identity: &PlayerId,
        mut setup: SavedSetup,
    ) -> Result<Vec<SavedSetup>, SetupError> {
        if let Some(a) = self
            .remote(Call::SaveSetup(identity.clone(), setup.clone()))
            .await
        {
            return a.map_err(Into::into);
        }
        setup.name = setup_name(&setup.name)?;
        self.store.setups().save(identity, &setup).await?;
        Ok(self.saved_setups(identity).await?)
    }

    /// Deletes a key's saved set-up; the list after it.
    pub async fn delete_setup(
        &self,
        identity: &PlayerId,
        name: &str,
        variant: Variant,
    ) -> Result<Vec<SavedSetup>, StoreError> {
        let call = Call::DeleteSetup(identity.clone(), name.to_string(), variant);
        if let Some(a) = self.remote(call).await {
            return a.map_err(Into::into);
        }
        self.store.setups().delete(identity, name, variant).await?;
        self.saved_setups(identity).await
    }
}

/// The login of a key that holds a nick already: that nick (as asked, if only its case
/// differs), with a word when another name was asked for.
fn returning(asked: &str, mine: String) -> Login {
    if asked.trim().eq_ignore_ascii_case(&mine) {
        return Login {
            nick: asked.trim().to_string(),
            notices: vec![],
            first_time: false,
        };
    }
    Login {
        notices: vec![Notice::new("notice-key-registered-as").arg("nick", &mine)],
        nick: mine,
        first_time: false,
    }
}

/// Claims the asked-for nickname or a free variant of it, for a key that holds none.
async fn grant_nick(store: &Store, asked: &str, id: &PlayerId) -> Login {
    let asked = match clean_nick(asked) {
        Ok(n) => n,
        Err(e) => {
            let nick = free_nick(store, None, id)
                .await
                .unwrap_or_else(|| visitor("player").nick);
            let notice = Notice::new("notice-login-bad-nick")
                .arg("asked", clean_line(asked, 20))
                .arg("why", nick_error(&e))
                .arg("nick", &nick);
            return Login {
                nick,
                notices: vec![notice],
                first_time: true,
            };
        }
    };
    // A new nick that passes for another player's is refused like a taken one (one read of
    // the look-alike index: off the runtime).
    let (st, name, who) = (store.clone(), asked.clone(), id.clone());
    let look_alike = tokio::task::spawn_blocking(move || st.users().look_alike(&name, &who))
        .await
        .ok()
        .and_then(Result::ok)
        .flatten();
    if let Some(other) = look_alike {
        let nick = free_nick(store, Some(&asked), id)
            .await
            .unwrap_or_else(|| visitor(&asked).nick);
        return Login {
            notices: vec![Notice::new("notice-login-look-alike")
                .arg("asked", &asked)
                .arg("other", other)
                .arg("nick", &nick)],
            nick,
            first_time: true,
        };
    }
    match store.users().claim_nick(&asked, id).await {
        Ok(ClaimResult::Granted) => Login {
            nick: asked,
            notices: vec![],
            first_time: true,
        },
        Ok(ClaimResult::AlreadyYours) => Login {
            nick: asked,
            notices: vec![],
            first_time: false,
        },
        Ok(ClaimResult::HasOtherNick(mine)) => returning(&asked, mine),
        Ok(ClaimResult::OwnedByOther) => {
            let nick = free_nick(store, Some(&asked), id)
                .await
                .unwrap_or_else(|| visitor(&asked).nick);
            Login {
                notices: vec![Notice::new("notice-login-nick-owned")
                    .arg("asked", &asked)
                    .arg("nick", &nick)],
                nick,
                first_time: true,
            }
        }
        Err(e) => {
            tracing::warn!(error = %e, "cannot read nicknames");
            visitor(&asked)
        }
    }
}

/// Tries at a free name before giving up (each a read; only a free one is claimed).
const FREE_NICK_TRIES: usize = 8;

/// A free name for a key whose own choice was not granted, claimed for it: `base2`, then
/// `base` with random digits (`None`: a random `playerNNNN`, 4 to 6 digits). Names that are
/// taken or look like another player's are skipped by reading (one index read each), so a
/// grant is one write whatever the number of users; `None` when the store cannot say.
async fn free_nick(store: &Store, base: Option<&str>, id: &PlayerId) -> Option<String> {
    let base: String = base.unwrap_or("player").chars().take(12).collect();
    let named = base != "player";
    let mut candidates: Vec<String> = Vec::new();
    if named {
        candidates.push(format!("{base}2"));
    }
    for i in 0..FREE_NICK_TRIES {
        // 4 digits, then 5, then 6 (a base of 12 letters keeps to 16 characters).
        let digits = if named { 4 } else { 4 + (i / 3).min(2) as u32 };
        let n = 10u64.pow(digits - 1) + random::below(9 * 10u64.pow(digits - 1));
        candidates.push(format!("{base}{n}"));
    }
    let (st, who) = (store.clone(), id.clone());
    let free = tokio::task::spawn_blocking(move || {
        let users = st.users();
        candidates.into_iter().find(|c| {
            clean_nick(c).is_ok()
                && matches!(users.by_nick(c), Ok(None))
                && matches!(users.look_alike(c, &who), Ok(None))
        })
    })
    .await
    .ok()
    .flatten()?;
    match store.users().claim_nick(&free, id).await {
        Ok(ClaimResult::Granted) | Ok(ClaimResult::AlreadyYours) => Some(free),
        Ok(ClaimResult::HasOtherNick(mine)) => Some(mine),
        // Taken in the meantime (a race with another new key): the visitor's name.
        Ok(ClaimResult::OwnedByOther) | Err(_) => None,
    }
}

/// A new key past its address block's `registrations_per_hour`: in for this visit, with no
/// nick registered.
fn over_limit(asked: &str, per_hour: usize) -> Login {
    let mut login = visitor(asked);
    login.notices = vec![Notice::new("notice-login-too-many-new")
        .arg("max", per_hour)
        .arg("nick", &login.nick)];
    login
}

/// A name for this visit only, when the store cannot grant one.
fn visitor(asked: &str) -> Login {
    let base: String = clean_line(asked, 12)
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    let base = if base.is_empty() {
        "player".into()
    } else {
        base
    };
    let nick = format!("{base}-{:04}", random::below(10_000));
    Login {
        notices: vec![Notice::new("notice-login-unchecked").arg("nick", &nick)],
        nick,
        first_time: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registrations_are_counted_per_address_block_over_an_hour() {
        let r = Registrations::new(2);
        let t0 = Instant::now();
        let a: IpAddr = "203.0.113.7".parse().unwrap();
        assert!(r.take(Some(a), t0));
        assert!(r.take(Some(a), t0));
        assert!(!r.take(Some(a), t0), "the third in the hour");
        // Another address is not held up; no address is not counted.
        assert!(r.take(Some("203.0.113.8".parse().unwrap()), t0));
        assert!(r.take(None, t0));
        // One given back (no account created after all) may be taken again.
        r.give_back(Some(a));
        assert!(r.take(Some(a), t0));
        // They come back at 2 an hour: one more half an hour later, not before.
        assert!(!r.take(Some(a), t0 + HOUR / 2 - std::time::Duration::from_secs(1)));
        assert!(r.take(Some(a), t0 + HOUR / 2));
        assert!(!r.take(Some(a), t0 + HOUR / 2));
        // An IPv6 /64 is one block.
        let v6 = |s: &str| Some(s.parse::<IpAddr>().unwrap());
        assert!(r.take(v6("2001:db8::1"), t0));
        assert!(r.take(v6("2001:db8::2"), t0));
        assert!(!r.take(v6("2001:db8::ffff:3"), t0));
    }

    #[test]
    fn a_full_table_still_counts_newcomers() {
        let r = Registrations::new(1);
        let t0 = Instant::now();
        let ip = |i: u32| {
            Some(IpAddr::from(std::net::Ipv4Addr::from(
                0x0a00_0000 + (i << 8),
            )))
        };
        let n = crate::limit::RATE_TRACKED as u32;
        for i in 0..n {
            assert!(r.take(ip(i), t0));
        }
        // The table is full: a newcomer is counted (the oldest block is forgotten for it).
        assert!(r.take(ip(n), t0));
        assert!(!r.take(ip(n), t0), "a newcomer past the bound is counted");
    }
}
