//! Stored things as the screens and script commands show them: leaderboards, profiles,
//! game lists and replay positions, and the games in play. Replays are computed here, from
//! the record, into per-perspective views: the screens never get a position.

use super::remote::Call;
use super::Service;
use crate::proto::{
    AnalysisStatus, GameFilter, GameList, GameListItem, GameSummary, LeaderRow, Leaderboard,
    Perspective, PlayerId, Profile, ReplaySnapshot, VariantRating,
};
use crate::rules::{Color, GameRecord, Variant, Viewer};
use crate::store::{GameListing, Store, StoreError};

/// How long [`Service::watch_game`] waits for the game's snapshot for its new spectator.
const FRESH_SNAPSHOT: std::time::Duration = std::time::Duration::from_secs(2);

/// Rows a list shows at most.
pub const LIST_LIMIT: usize = 100;

impl Service {
    pub async fn leaderboard(&self, variant: Variant) -> Result<Leaderboard, StoreError> {
        if let Some(a) = self.remote(Call::Leaderboard(variant)).await {
            return a.map_err(Into::into);
        }
        self.blocking(move |s| leaderboard(s, variant)).await
    }

    /// A registered player's ratings and recent games (public ones only: the web, and an
    /// exec command, know no viewer); `None` for an unknown nick.
    pub async fn profile(&self, nick: &str) -> Result<Option<Profile>, StoreError> {
        self.profile_for(nick, None).await
    }

    /// [`Service::profile`] as `viewer` may see it: a private game is among the recent
    /// games for its two players (as in their lists of games), for nobody else.
    pub async fn profile_for(
        &self,
        nick: &str,
        viewer: Option<&PlayerId>,
    ) -> Result<Option<Profile>, StoreError> {
        let call = Call::Profile {
            nick: nick.to_string(),
            viewer: viewer.cloned(),
        };
        if let Some(a) = self.remote(call).await {
            return a.map_err(Into::into);
        }
        let (nick, viewer) = (nick.to_string(), viewer.cloned());
        self.blocking(move |s| profile(s, &nick, viewer.as_ref()))
            .await
    }

    /// Finished games; `me` is the asking identity (for [`GameFilter::Mine`]).
    pub async fn games(
        &self,
        me: Option<&PlayerId>,
        filter: GameFilter,
        variant: Option<Variant>,
    ) -> Result<GameList, StoreError> {
        let call = Call::Games {
            me: me.cloned(),
            filter: filter.clone(),
            variant,
        };
        if let Some(a) = self.remote(call).await {
            return a.map_err(Into::into);
        }
        let me = me.cloned();
        self.blocking(move |s| games(s, me.as_ref(), &filter, variant))
            .await
    }

    /// A finished game's record and its players' nicks, for anyone (an exec command knows
    /// no viewer): a private game answers as one that does not exist.
    pub async fn record(&self, id: u64) -> Result<(GameRecord, [String; 2]), ReplayFault> {
        self.record_for(id, None).await
    }

    /// A finished game's record and its players' nicks, as `viewer` may see it: a private
    /// game (a challenge) is shown to its two players only; anyone else is told, as for a
    /// game that does not exist, that there is no such game.
    pub async fn record_for(
        &self,
        id: u64,
        viewer: Option<&PlayerId>,
    ) -> Result<(GameRecord, [String; 2]), ReplayFault> {
        let call = Call::Record {
            id,
            viewer: viewer.cloned(),
        };
        if let Some(a) = self.remote(call).await {
            return a.map_err(Into::into);
        }
        let (record, names, _) = self.stored_for(id, viewer).await?;
        Ok((record, names))
    }

    /// [`Service::record_for`], and whether the game is private.
    async fn stored_for(
        &self,
        id: u64,
        viewer: Option<&PlayerId>,
    ) -> Result<(GameRecord, [String; 2], bool), ReplayFault> {
        let found = self.blocking(move |s| s.games().get(id)).await?;
        let g = found
            .filter(|g| g.visible_to(viewer))
            .ok_or(ReplayFault::NoSuchGame(id))?;
        Ok((g.record, [g.seats.red.nick, g.seats.blue.nick], g.private))
    }

    /// The position after `ply` plies of a finished game, as `perspective` knew it then;
    /// `viewer` asks (a private game is replayed for its two players only).
    pub async fn replay(
        &self,
        id: u64,
        ply: u32,
        perspective: Perspective,
        viewer: Option<&PlayerId>,
    ) -> Result<ReplaySnapshot, ReplayFault> {
        let call = Call::Replay {
            id,
            ply,
            perspective,
            viewer: viewer.cloned(),
        };
        if let Some(a) = self.remote(call).await {
            return a.map_err(Into::into);
        }
        let found = self.blocking(move |s| s.games().get(id)).await?;
        let g = found
            .filter(|g| g.visible_to(viewer))
            .ok_or(ReplayFault::NoSuchGame(id))?;
        // The asking player's own notes, when they played the game and look from their
        // own side: nobody else's, and never in the view of everything.
        let own = Color::ALL.into_iter().find(|&c| {
            viewer == Some(&g.seats.get(c).identity)
                && perspective
                    == if c == Color::Red {
                        Perspective::Red
                    } else {
                        Perspective::Blue
                    }
        });
        let log = match own {
            Some(c) => self.blocking(move |s| s.notes().get(id, c)).await?,
            None => vec![],
        };
        let (record, names, private) = (g.record, [g.seats.red.nick, g.seats.blue.nick], g.private);
        let snap = tokio::task::spawn_blocking(move || {
            let mut snap = replay(&record, id, &names, ply, perspective)?;
            if let Some(c) = own.filter(|_| !log.is_empty()) {
                snap.notes = Box::new(
                    crate::rules::notes::notes_at(&record, c, &log, snap.ply)
                        .map_err(|e| ReplayFault::Broken(e.to_string()))?,
                );
            }
            Ok::<_, ReplayFault>(snap)
        })
        .await
        .map_err(|e| ReplayFault::Broken(e.to_string()))??;
        let analysis = Some(Box::new(self.analysis_status(id).await?));
        Ok(ReplaySnapshot {
            private,
            analysis,
            ..snap
        })
    }

    /// A finished game's record, its players' nicks and its analysis after the game, as
    /// `viewer` may see it (exactly as its replay: a private game to its two players only,
    /// to anyone else no such game). A game without an analysis is queued for one, and the
    /// answer says where it stands.
    pub async fn analysis_for(
        &self,
        id: u64,
        viewer: Option<&PlayerId>,
    ) -> Result<(GameRecord, [String; 2], AnalysisStatus), ReplayFault> {
        let call = Call::Analysis {
            id,
            viewer: viewer.cloned(),
        };
        if let Some(a) = self.remote(call).await {
            return a.map_err(Into::into);
        }
        let (record, names, _) = self.stored_for(id, viewer).await?;
        let status = self.analysis_status(id).await?;
        Ok((record, names, status))
    }

    /// The analysis of a finished game the caller may see, or where it stands (queued
    /// now if it was not).
    async fn analysis_status(&self, id: u64) -> Result<AnalysisStatus, StoreError> {
        let kept = self.blocking(move |s| s.analyses().get(id)).await?;
        Ok(match kept {
            Some((a, _)) => AnalysisStatus::Ready(a),
            None => self.lobby.analysis().request(id).into(),
        })
    }

    /// `viewer`'s own note log of the finished game `id`, when they played it (empty
    /// otherwise): only ever the asking player's own seat's.
    pub async fn own_notes(
        &self,
        id: u64,
        viewer: &PlayerId,
    ) -> Result<Vec<crate::rules::NoteEvent>, StoreError> {
        let call = Call::OwnNotes {
            id,
            viewer: viewer.clone(),
        };
        if let Some(a) = self.remote(call).await {
            return a.map_err(Into::into);
        }
        let viewer = viewer.clone();
        self.blocking(move |s| {
            let Some(g) = s.games().get(id)? else {
                return Ok(vec![]);
            };
            match Color::ALL
                .into_iter()
                .find(|&c| g.seats.get(c).identity == viewer)
            {
                Some(c) => s.notes().get(id, c),
                None => Ok(vec![]),
            }
        })
        .await
    }

    /// What a page tells of a finished public game beside its moves: who played, the
    /// result, the rating changes. A private game answers as one that does not exist.
    pub async fn game_facts(&self, id: u64) -> Result<GameFacts, ReplayFault> {
        if let Some(a) = self.remote(Call::GameFacts(id)).await {
            return a.map_err(Into::into);
        }
        let found = self.blocking(move |s| s.games().get(id)).await?;
        let g = found
            .filter(|g| g.visible_to(None))
            .ok_or(ReplayFault::NoSuchGame(id))?;
        let change = |c: &crate::store::RatingChange| RatingMove {
            before: c.before.shown(),
            after: c.after.shown(),
        };
        Ok(GameFacts {
            id,
            red: g.seats.red.nick,
            blue: g.seats.blue.nick,
            variant: g.record.rules.variant,
            rated: g.rated,
            outcome: g.outcome,
            plies: g.record.moves.len() as u32,
            started_at: g.started,
            ended_at: g.ended,
            clock: g.terms.clock,
            days: g.terms.days,
            budget: g.terms.budget,
            rating_changes: g.rating_changes.map(|c| [change(&c.red), change(&c.blue)]),
        })
    }

    /// People online (in the lobby or a game; computer players not counted).
    pub fn online_count(&self) -> usize {
        self.lobby
            .snapshot()
            .players
            .iter()
            .filter(|p| !p.bot)
            .count()
    }

    /// Joins the spectators of game `id` in play: the same watch channel an SSH spectator
    /// gets ([`crate::game::GameHandle::spectate`]), so only what the stands may know. A
    /// private game answers `None`, exactly like an unknown id or a game no longer in play.
    pub async fn watch_game(&self, id: u64) -> Option<GameWatch> {
        // On an edge: the core's stands, over the bus (the spectators' view only).
        if let Some(remote) = &self.remote {
            let rx = remote.watch(id).await?;
            return Some(GameWatch {
                rx: Some(rx),
                handle: None,
            });
        }
        let handle = self.lobby.public_game(id).await?;
        let mut rx = handle.spectate().await?;
        // While nobody watches, a game does not rebuild its spectators' snapshot: the one
        // in the channel may be old. A new spectator changes the count, so the game
        // publishes a fresh one at once (after answering): wait for it.
        let _ = tokio::time::timeout(FRESH_SNAPSHOT, rx.changed()).await;
        Some(GameWatch {
            rx: Some(rx),
            handle: Some(handle),
        })
    }

    /// The games in play that anyone may watch.
    pub fn live_games(&self) -> Vec<GameSummary> {
        self.lobby
            .snapshot()
            .games
            .iter()
            .filter(|g| !g.private)
            .cloned()
            .collect()
    }
}

fn leaderboard(store: &Store, variant: Variant) -> Result<Leaderboard, StoreError> {
    let rows = store
        .ratings()
        .leaderboard(variant, LIST_LIMIT)?
        .into_iter()
        .enumerate()
        .map(|(i, r)| LeaderRow {
            rank: i as u32 + 1,
            nick: r.nick,
            rating: r.rating.rating.round() as i32,
            deviation: r.rating.deviation.round() as i32,
            games: r.rating.games,
            wins: r.rating.wins,
            draws: r.rating.draws,
            losses: r.rating.losses,
        })
        .collect();
    Ok(Leaderboard { variant, rows })
}

fn item(l: GameListing) -> GameListItem {
    GameListItem {
        id: l.id,
        red: l.nicks.red,
        blue: l.nicks.blue,
        variant: l.variant,
        rated: l.rated,
        outcome: Some(l.outcome),
        plies: l.plies,
        ended_at: l.ended,
        private: l.private,
    }
}

fn games(
    store: &Store,
    me: Option<&PlayerId>,
    filter: &GameFilter,
    variant: Option<Variant>,
) -> Result<GameList, StoreError> {
    // Private games (challenges) are listed to their two players only: to anyone else a
    // private game is as if it did not exist.
    let listings = match filter {
        GameFilter::Recent => store.games().recent(variant, LIST_LIMIT * 2)?,
        GameFilter::Mine => match me {
            Some(me) => store.games().of_player(me, LIST_LIMIT * 5)?,
            None => Vec::new(),
        },
        GameFilter::Player(nick) => match store.users().by_nick(nick)? {
            Some(user) => store.games().of_player(&user.owner, LIST_LIMIT * 5)?,
            None => Vec::new(),
        },
    };
    let items = listings
        .into_iter()
        .filter(|l| variant.is_none_or(|v| l.variant == v))
        .filter(|l| l.visible_to(me))
        .take(LIST_LIMIT)
        .map(item)
        .collect();
    Ok(GameList {
        filter: filter.clone(),
        variant,
        items,
    })
}

fn profile(
    store: &Store,
    nick: &str,
    viewer: Option<&PlayerId>,
) -> Result<Option<Profile>, StoreError> {
    let Some(user) = store.users().by_nick(nick)? else {
        return Ok(None);
    };
    let mut ratings = Vec::new();
    for v in Variant::ALL {
        if let Some(r) = store.ratings().get(&user.owner, v)? {
            if r.games == 0 {
                continue;
            }
            ratings.push(VariantRating {
                variant: v,
                rating: r.rating.round() as i32,
                deviation: r.deviation.round() as i32,
                games: r.games,
                wins: r.wins,
                draws: r.draws,
                losses: r.losses,
                history: store
                    .ratings()
                    .history(&user.owner, v)?
                    .into_iter()
                    .map(|(t, r)| (t, r.round() as i32))
                    .collect(),
            });
        }
    }
    // A private game is in it for its two players only (to anyone else it does not
    // exist). Its ratings never count one: a private game is casual.
    let recent = store
        .games()
        .of_player(&user.owner, 100)?
        .into_iter()
        .filter(|l| l.visible_to(viewer))
        .take(20)
        .map(item)
        .collect();
    Ok(Some(Profile {
        nick: user.nick,
        ratings,
        recent,
        renames_left: crate::store::MAX_RENAMES.saturating_sub(user.renames) as u8,
    }))
}

/// A spectator's place in a game in play (see [`Service::watch_game`]): the spectators'
/// snapshots, counted among the game's spectators while it lives.
pub struct GameWatch {
    /// `Some` until dropped (dropped before the game is told to recount).
    rx: Option<tokio::sync::watch::Receiver<std::sync::Arc<crate::proto::GameSnapshot>>>,
    /// The game's (`None` on an edge: the core's watch ends when the receiver is dropped).
    handle: Option<crate::game::GameHandle>,
}

impl GameWatch {
    /// The spectators' latest snapshot (marked seen).
    pub fn now(&mut self) -> std::sync::Arc<crate::proto::GameSnapshot> {
        match self.rx.as_mut() {
            Some(rx) => rx.borrow_and_update().clone(),
            None => unreachable!("the receiver lives until the watch is dropped"),
        }
    }

    /// Waits for the next snapshot; `None` once the game's task is gone.
    pub async fn changed(&mut self) -> Option<std::sync::Arc<crate::proto::GameSnapshot>> {
        let rx = self.rx.as_mut()?;
        rx.changed().await.ok()?;
        Some(rx.borrow_and_update().clone())
    }
}

impl Drop for GameWatch {
    fn drop(&mut self) {
        // The receiver first: the game counts its spectators by its channel's receivers.
        drop(self.rx.take());
        if let Some(h) = &self.handle {
            h.recount();
        }
    }
}

/// A finished public game as a page shows it (see [`Service::game_facts`]).
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct GameFacts {
    pub id: u64,
    pub red: String,
    pub blue: String,
    pub variant: Variant,
    pub rated: bool,
    pub outcome: crate::rules::Outcome,
    pub plies: u32,
    /// Unix seconds.
    pub started_at: u64,
    pub ended_at: u64,
    pub clock: Option<crate::proto::ClockSpec>,
    /// A correspondence game: its days a move (left out of the JSON otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days: Option<u8>,
    /// A correspondence game's total budget in days (left out of the JSON otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget: Option<u8>,
    /// Red's, then Blue's (rated games only).
    pub rating_changes: Option<[RatingMove; 2]>,
}

/// A player's shown rating before and after a rated game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct RatingMove {
    pub before: i32,
    pub after: i32,
}

/// Why a replay cannot be shown.
#[derive(Debug)]
pub enum ReplayFault {
    Store(StoreError),
    NoSuchGame(u64),
    /// The stored record does not replay (should never happen; logged).
    Broken(String),
}

impl std::fmt::Display for ReplayFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayFault::Store(e) => write!(f, "{e}"),
            ReplayFault::NoSuchGame(id) => write!(f, "there is no finished game #{id}"),
            ReplayFault::Broken(e) => write!(f, "the record of that game does not replay: {e}"),
        }
    }
}

impl From<StoreError> for ReplayFault {
    fn from(e: StoreError) -> Self {
        ReplayFault::Store(e)
    }
}

/// The position after `ply` plies of a finished game, as `perspective` knew it then.
pub fn replay(
    record: &GameRecord,
    id: u64,
    names: &[String; 2],
    ply: u32,
    perspective: Perspective,
) -> Result<ReplaySnapshot, ReplayFault> {
    let plies = record.moves.len() as u32;
    let ply = ply.min(plies);
    let game = record
        .replay_to(ply as usize)
        .map_err(|e| ReplayFault::Broken(e.to_string()))?;
    let full = if ply == plies {
        record
            .replay()
            .map_err(|e| ReplayFault::Broken(e.to_string()))?
    } else {
        game.clone()
    };
    let viewer = match perspective {
        Perspective::All => Viewer::Spectator,
        Perspective::Red => Viewer::Player(Color::Red),
        Perspective::Blue => Viewer::Player(Color::Blue),
    };
    let (view, history) = if perspective == Perspective::All {
        // Everything revealed: the view of the finished game rewound is not available,
        // so reveal by ending a copy of the position.
        let mut revealed = game.clone();
        if revealed.outcome().is_none() {
            if let Some(outcome) = full.outcome() {
                revealed.end(outcome);
            } else {
                revealed.end(crate::rules::Outcome {
                    winner: None,
                    reason: crate::rules::EndReason::DrawAgreed,
                });
            }
        }
        (revealed.view(viewer), revealed.history(viewer))
    } else {
        (game.view(viewer), game.history(viewer))
    };
    let mut view = view;
    // A replay is not played: no move may be offered.
    view.legal_moves.clear();
    if ply < plies {
        view.outcome = None;
    }
    Ok(ReplaySnapshot {
        id,
        red: names[0].clone(),
        blue: names[1].clone(),
        rules: record.rules,
        outcome: full.outcome(),
        ply,
        plies,
        perspective,
        view,
        history,
        private: false,
        notes: Default::default(),
        analysis: None,
    })
}
