//! The set-up library and explorer (issue 47 item 3): how a player's saved set-ups fared
//! in their own finished games, renaming a saved set-up, and the explorer of a variant over
//! the player's own games or the server's. The counting is `rules::setup_stats` (pure);
//! here is only which records are read.
//!
//! Cost: a player's statistics read every finished game of theirs of the variant (one
//! record each, plus one replay per Flag lost); the server's explorer reads at most
//! [`EXPLORER_GAMES`] recent public games of the variant and is kept for [`EXPLORER_TTL`]
//! (so a page opened by many costs one scan a minute).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::Service;
use crate::proto::{ExplorerPage, PlayerId, SavedSetup, SetupStatsList};
use crate::rules::setup_stats::{both_finished, has_result, setup_stats, Army, OwnGame};
use crate::rules::{Color, Explorer, Rules, Variant};
use crate::store::{FinishedGame, Store, StoreError};

/// The most recent games of a variant the server's explorer reads.
pub const EXPLORER_GAMES: usize = 5_000;

/// How long the server's explorer of a variant is kept before it is computed again.
pub const EXPLORER_TTL: Duration = Duration::from_secs(60);

/// The server's explorers, by variant, with when each was computed.
pub(super) type ExplorerCache = Mutex<HashMap<Variant, (Instant, Arc<Explorer>)>>;

/// Why a saved set-up could not be renamed.
#[derive(Debug)]
pub enum SetupRenameError {
    NoSuchSetup,
    NameTaken,
    Setup(super::SetupError),
}

impl SetupRenameError {
    pub fn notice(&self) -> crate::proto::Notice {
        match self {
            SetupRenameError::NoSuchSetup => crate::proto::Notice::new("refusal-setup-missing"),
            SetupRenameError::NameTaken => crate::proto::Notice::new("refusal-setup-name-taken"),
            SetupRenameError::Setup(e) => e.notice(),
        }
    }
}

impl From<StoreError> for SetupRenameError {
    fn from(e: StoreError) -> Self {
        SetupRenameError::Setup(super::SetupError::Store(e))
    }
}

/// A player's finished games of `variant` that reached a result (their own, private ones
/// too), most recent first.
fn own_games(s: &Store, me: &PlayerId, variant: Variant) -> Result<Vec<FinishedGame>, StoreError> {
    let mut out = Vec::new();
    for l in s.games().of_player(me, usize::MAX)? {
        if l.variant != variant || !has_result(&l.outcome) {
            continue;
        }
        if let Some(g) = s.games().get(l.id)? {
            out.push(g);
        }
    }
    Ok(out)
}

/// The colour `me` played in `g`, if either.
fn my_color(g: &FinishedGame, me: &PlayerId) -> Option<Color> {
    Color::ALL
        .into_iter()
        .find(|&c| g.seats.get(c).identity == *me)
}

/// Whether a seat is a person's (the explorer leaves the computer's armies out).
fn is_person(id: &PlayerId) -> bool {
    !matches!(id, PlayerId::Bot(_) | PlayerId::Agent(_))
}

/// The statistics of `setups` (those of `variant`) over `me`'s games; pure given the games.
pub fn stats_of(
    me: &PlayerId,
    variant: Variant,
    setups: &[SavedSetup],
    games: &[FinishedGame],
) -> SetupStatsList {
    let rows = setups
        .iter()
        .filter(|s| s.variant == variant)
        .map(|s| {
            let own = games.iter().filter_map(|g| {
                Some(OwnGame {
                    record: &g.record,
                    color: my_color(g, me)?,
                    outcome: g.outcome,
                })
            });
            (s.name.clone(), setup_stats(variant, &s.setup, own))
        })
        .collect();
    SetupStatsList {
        variant,
        rows,
        games_read: games.len() as u32,
    }
}

impl Service {
    /// How `setups` fared in `me`'s finished games of `variant` (see [`stats_of`]).
    pub async fn setup_stats(
        &self,
        me: &PlayerId,
        variant: Variant,
        setups: Vec<SavedSetup>,
    ) -> Result<SetupStatsList, StoreError> {
        let call = super::Call::SetupStats {
            me: me.clone(),
            variant,
            setups: setups.clone(),
        };
        if let Some(a) = self.remote(call).await {
            return a.map_err(Into::into);
        }
        let me = me.clone();
        self.blocking(move |s| {
            let list = player_stats(s, &me, variant, &setups)?;
            tracing::debug!(%variant, games = list.games_read, setups = list.rows.len(), "set-up statistics");
            Ok(list)
        })
        .await
    }

    /// The explorer of `variant`: over `me`'s own armies in their games with a result
    /// (`mine`), or over the server's public games both players finished (everyone's
    /// armies but the computer's; [`EXPLORER_GAMES`] most recent, kept [`EXPLORER_TTL`]).
    pub async fn explorer(
        &self,
        me: Option<&PlayerId>,
        variant: Variant,
        mine: bool,
    ) -> Result<ExplorerPage, StoreError> {
        let call = super::Call::Explorer {
            me: me.cloned(),
            variant,
            mine,
        };
        if let Some(a) = self.remote(call).await {
            return a.map_err(Into::into);
        }
        if mine {
            let Some(me) = me.cloned() else {
                return Err(StoreError::Invalid("no player".into()));
            };
            let explorer = self
                .blocking(move |s| {
                    let games = own_games(s, &me, variant)?;
                    let armies = games.iter().filter_map(|g| {
                        let c = my_color(g, &me)?;
                        let setup = if c == Color::Red {
                            &g.record.red
                        } else {
                            &g.record.blue
                        };
                        Some((
                            g.record.rules.variant,
                            Army {
                                setup,
                                color: c,
                                outcome: g.outcome,
                            },
                        ))
                    });
                    Ok(Explorer::build(variant, Rules::standard, armies))
                })
                .await?;
            return Ok(ExplorerPage {
                variant,
                mine,
                explorer,
            });
        }
        let cached = self
            .explorers
            .lock()
            .ok()
            .and_then(|c| c.get(&variant).cloned())
            .filter(|(at, _)| at.elapsed() < EXPLORER_TTL);
        let explorer = match cached {
            Some((_, e)) => e,
            None => {
                let started = Instant::now();
                let e = Arc::new(self.blocking(move |s| server_explorer(s, variant)).await?);
                tracing::info!(
                    %variant,
                    armies = e.armies,
                    ms = started.elapsed().as_millis() as u64,
                    "server set-up explorer computed"
                );
                if let Ok(mut c) = self.explorers.lock() {
                    c.insert(variant, (Instant::now(), e.clone()));
                }
                e
            }
        };
        Ok(ExplorerPage {
            variant,
            mine,
            explorer: (*explorer).clone(),
        })
    }

    /// Renames a registered player's saved set-up (`from` to `to`, one variant); the list
    /// after it. A name already used in the variant is refused, and nothing changes.
    pub async fn rename_setup(
        &self,
        me: &PlayerId,
        variant: Variant,
        from: &str,
        to: &str,
    ) -> Result<Vec<SavedSetup>, SetupRenameError> {
        let list = self.saved_setups(me).await?;
        let Some(old) = list
            .iter()
            .find(|s| s.variant == variant && s.name == from)
            .cloned()
        else {
            return Err(SetupRenameError::NoSuchSetup);
        };
        // The name as it will be stored (cleaned, cut to its length): the checks are on
        // it, so that a name cleaned into the old one or into another set-up's never
        // deletes or replaces one.
        let to = super::accounts::setup_name(to).map_err(SetupRenameError::Setup)?;
        if to == from {
            return Ok(list);
        }
        if list
            .iter()
            .any(|s| s.variant == variant && s.name.eq_ignore_ascii_case(&to) && s.name != from)
        {
            return Err(SetupRenameError::NameTaken);
        }
        let renamed = SavedSetup {
            name: to.clone(),
            ..old
        };
        let list = self
            .save_setup(me, renamed)
            .await
            .map_err(SetupRenameError::Setup)?;
        if list.iter().any(|s| s.variant == variant && s.name == from) && from != to {
            return Ok(self.delete_setup(me, from, variant).await?);
        }
        Ok(list)
    }
}

/// [`Service::setup_stats`] without the runtime (blocking: reads the store): what the
/// benchmark measures (`benches/setup_stats.rs`).
pub fn player_stats(
    s: &Store,
    me: &PlayerId,
    variant: Variant,
    setups: &[SavedSetup],
) -> Result<SetupStatsList, StoreError> {
    let games = own_games(s, me, variant)?;
    Ok(stats_of(me, variant, setups, &games))
}

/// The server's explorer of `variant`: its [`EXPLORER_GAMES`] most recent public games
/// that both players finished ([`both_finished`]), every army but the computer's. Blocking
/// (reads the store); [`Service::explorer`] keeps it a minute.
pub fn server_explorer(s: &Store, variant: Variant) -> Result<Explorer, StoreError> {
    let mut games = Vec::new();
    for l in s.games().recent(Some(variant), EXPLORER_GAMES)? {
        if l.private || !both_finished(&l.outcome) {
            continue;
        }
        if let Some(g) = s.games().get(l.id)? {
            if !g.private {
                games.push(g);
            }
        }
    }
    let armies = games.iter().flat_map(|g| {
        Color::ALL
            .into_iter()
            .filter(move |&c| is_person(&g.seats.get(c).identity))
            .map(move |c| {
                (
                    g.record.rules.variant,
                    Army {
                        setup: if c == Color::Red {
                            &g.record.red
                        } else {
                            &g.record.blue
                        },
                        color: c,
                        outcome: g.outcome,
                    },
                )
            })
    });
    Ok(Explorer::build(variant, Rules::standard, armies))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lobby::{spawn, LobbyConfig};
    use crate::rules::Setup;

    /// A rename is checked on the name as it will be stored: one cleaned into the old name
    /// keeps the set-up (it was deleted after being saved over itself), one cut to another
    /// set-up's name is refused (it replaced that one).
    #[tokio::test]
    async fn a_rename_checks_the_name_as_stored() {
        let store = Store::temporary().unwrap();
        let service = Service::new(store.clone(), spawn(LobbyConfig::default(), store.clone()));
        let me: PlayerId = "key:SHA256:ann".parse().unwrap();
        let rules = Rules::standard(Variant::Classic);
        let long = "x".repeat(30);
        for (i, name) in ["wall", long.as_str()].into_iter().enumerate() {
            let s = SavedSetup {
                name: name.into(),
                variant: Variant::Classic,
                setup: Setup::random(&rules, Color::Red, i as u64),
            };
            service.save_setup(&me, s).await.unwrap();
        }
        let before = service.saved_setups(&me).await.unwrap();
        let same = service
            .rename_setup(&me, Variant::Classic, "wall", "wall\u{1b}[0m ")
            .await
            .unwrap();
        assert_eq!(same, before, "cleaned into its own name: kept");
        let cut = format!("{long}y");
        assert!(matches!(
            service
                .rename_setup(&me, Variant::Classic, "wall", &cut)
                .await,
            Err(SetupRenameError::NameTaken)
        ));
        assert_eq!(service.saved_setups(&me).await.unwrap(), before);
        let done = service
            .rename_setup(&me, Variant::Classic, "wall", "fort")
            .await
            .unwrap();
        let wall = &before.iter().find(|s| s.name == "wall").unwrap().setup;
        assert_eq!(done.len(), 2);
        assert!(done.iter().any(|s| s.name == "fort" && s.setup == *wall));
        assert!(!done.iter().any(|s| s.name == "wall"));
    }
}
