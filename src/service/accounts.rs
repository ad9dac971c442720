//! What belongs to a player with a key: the nickname granted at login (the first key to use
//! a nickname owns it), display preferences, saved set-ups. Guests have none of it stored:
//! their set-ups live in their session ([`save_in_memory`]).

use std::fmt;

use super::Service;
use crate::lobby::Ident;
use crate::proto::{PlayerId, SavedSetup};
use crate::random;
use crate::rules::Variant;
use crate::store::{ClaimResult, Preferences, RenameResult, Store, StoreError, MAX_SETUPS};
use crate::text::{clean_line, clean_nick};

/// Longest name of a saved set-up, in characters.
const SETUP_NAME_CHARS: usize = 30;

/// The nickname a key gets at login, with what to tell the player about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Login {
    pub nick: String,
    pub notices: Vec<String>,
    /// The key was registered just now: the player has not chosen the nick yet.
    pub first_time: bool,
}

/// Why a nickname was not changed.
#[derive(Clone, Debug, PartialEq)]
pub enum RenameError {
    Invalid(String),
    Taken(String),
    NoRenamesLeft,
    /// Guests have no nickname of their own to change.
    NotAKey,
    Store(StoreError),
}

impl fmt::Display for RenameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenameError::Invalid(why) => f.write_str(why),
            RenameError::Taken(n) => write!(f, "{n} is taken: try another"),
            RenameError::NoRenamesLeft => {
                f.write_str("you have changed your nickname once already")
            }
            RenameError::NotAKey => {
                f.write_str("guests get a new name each visit: connect with an SSH key to keep one")
            }
            RenameError::Store(e) => write!(f, "the nickname cannot be changed now: {e}"),
        }
    }
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

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::NoName => f.write_str("a saved set-up needs a name"),
            SetupError::TooMany => {
                write!(f, "{MAX_SETUPS} saved set-ups at most: delete one first")
            }
            SetupError::Store(StoreError::TooManySetups { .. }) => {
                write!(f, "{MAX_SETUPS} saved set-ups at most: delete one first")
            }
            SetupError::Store(e) => write!(f, "set-up not saved: {e}"),
        }
    }
}

impl From<StoreError> for SetupError {
    fn from(e: StoreError) -> Self {
        SetupError::Store(e)
    }
}

/// The set-up's name cleaned, or why it cannot be one.
fn setup_name(name: &str) -> Result<String, SetupError> {
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

impl Service {
    /// The nickname a key identity gets: the one asked for (the SSH user name) if it is
    /// free or already this key's; the key's own if it has one; else a free variant.
    pub async fn login(&self, ident: &Ident) -> Login {
        grant_nick(&self.store, &ident.nick, &ident.id).await
    }

    /// Changes the nickname a key holds (once; see [`crate::store::Users::rename`]) and
    /// tells the lobby; the new nick. `counts` false: the name chosen at the first login,
    /// which is not the one later rename.
    pub async fn rename(
        &self,
        session: crate::lobby::SessionId,
        identity: &PlayerId,
        asked: &str,
        counts: bool,
    ) -> Result<String, RenameError> {
        if !identity.is_key() {
            return Err(RenameError::NotAKey);
        }
        let nick = clean_nick(asked).map_err(|e| {
            RenameError::Invalid(format!(
                "'{}' cannot be a nickname ({e})",
                clean_line(asked, 20)
            ))
        })?;
        let (who, name) = (identity.clone(), nick.clone());
        if let Some(other) = self
            .blocking(move |s| s.users().look_alike(&name, &who))
            .await?
        {
            return Err(RenameError::Invalid(format!(
                "{nick} looks too much like {other}, another player: try another"
            )));
        }
        match self.store.users().rename(identity, &nick, counts).await? {
            RenameResult::Renamed(nick) => {
                self.lobby.renamed(session, nick.clone());
                Ok(nick)
            }
            RenameResult::Taken => Err(RenameError::Taken(nick)),
            RenameResult::NoRenamesLeft => Err(RenameError::NoRenamesLeft),
            RenameResult::NoSuchUser => Err(RenameError::NotAKey),
        }
    }

    /// A key's remembered display preferences (the defaults when it has none).
    pub async fn preferences(&self, identity: &PlayerId) -> Preferences {
        let id = identity.clone();
        self.blocking(move |s| s.users().preferences(&id))
            .await
            .unwrap_or_default()
    }

    pub async fn save_preferences(&self, identity: &PlayerId, prefs: Preferences) {
        let id = identity.clone();
        let saved = self.blocking(move |s| s.users().set_preferences(&id, prefs));
        if let Err(e) = saved.await {
            tracing::warn!(error = %e, "cannot save settings");
        }
    }

    /// A key's saved set-ups, all variants.
    pub async fn saved_setups(&self, identity: &PlayerId) -> Result<Vec<SavedSetup>, StoreError> {
        let id = identity.clone();
        self.blocking(move |s| s.setups().list(&id, None)).await
    }

    /// Saves (or replaces) a key's set-up; the list after it.
    pub async fn save_setup(
        &self,
        identity: &PlayerId,
        mut setup: SavedSetup,
    ) -> Result<Vec<SavedSetup>, SetupError> {
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
        self.store.setups().delete(identity, name, variant).await?;
        self.saved_setups(identity).await
    }
}

/// Claims the asked-for nickname or a free variant of it.
async fn grant_nick(store: &Store, asked: &str, id: &PlayerId) -> Login {
    let asked = match clean_nick(asked) {
        Ok(n) => n,
        Err(e) => {
            let nick = free_nick(store, "player", id)
                .await
                .unwrap_or_else(|| visitor("player").nick);
            let notice = format!(
                "'{}' cannot be a nickname ({e}); you are {nick}. Connect as ssh NAME@host to choose.",
                clean_line(asked, 20)
            );
            return Login {
                nick,
                notices: vec![notice],
                first_time: true,
            };
        }
    };
    // A new nick that passes for another player's is refused like a taken one (reading
    // every user: off the runtime).
    let (st, name, who) = (store.clone(), asked.clone(), id.clone());
    let look_alike = tokio::task::spawn_blocking(move || {
        let users = st.users();
        match users.by_identity(&who) {
            Ok(None) => users.look_alike(&name, &who).ok().flatten(),
            _ => None,
        }
    })
    .await
    .ok()
    .flatten();
    if let Some(other) = look_alike {
        let nick = free_nick(store, &asked, id)
            .await
            .unwrap_or_else(|| visitor(&asked).nick);
        return Login {
            notices: vec![format!(
                "The nickname {asked} looks too much like {other}, another player's; you are {nick}."
            )],
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
        Ok(ClaimResult::HasOtherNick(mine)) => Login {
            notices: vec![format!(
                "Your key is registered as {mine}: one nickname per key keeps ratings honest."
            )],
            nick: mine,
            first_time: false,
        },
        Ok(ClaimResult::OwnedByOther) => {
            let nick = free_nick(store, &asked, id)
                .await
                .unwrap_or_else(|| visitor(&asked).nick);
            Login {
                notices: vec![format!(
                    "The nickname {asked} belongs to another key; you are {nick}."
                )],
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

/// A free variant of `base` (`base2`, `base3`, ...), claimed for this identity; `None`
/// when the store cannot say.
async fn free_nick(store: &Store, base: &str, id: &PlayerId) -> Option<String> {
    let base: String = base.chars().take(12).collect();
    for n in 2..10_000 {
        let candidate = format!("{base}{n}");
        match store.users().claim_nick(&candidate, id).await {
            Ok(ClaimResult::Granted) | Ok(ClaimResult::AlreadyYours) => return Some(candidate),
            Ok(ClaimResult::HasOtherNick(mine)) => return Some(mine),
            Ok(ClaimResult::OwnedByOther) => {}
            Err(_) => return None,
        }
    }
    None
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
        notices: vec![format!(
            "Nicknames cannot be checked right now; you are {nick} for this visit."
        )],
        nick,
        first_time: false,
    }
}
