//! Finished games: the whole record of each, and listings to show lists without reading
//! records.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `games` | game id (u64 big-endian) | [`FinishedGame`] (`GameV1`) |
//! | `player_games` | len-prefixed identity + end time + game id | [`GameListing`] (`ListingV1`), once per player |
//! | `recent_games` | tag (0 = all, else variant byte) + end time + game id | [`GameListing`], under both tags |
//!
//! [`Games::finish`] also writes `ratings` and `rating_history` (see `ratings.rs`) and
//! removes the game from `live` and `live_moves` (see `live.rs`), all in one transaction.
//!
//! Flushes: [`Games::finish`] (`async`, through the writer). Reads never do.

use serde::{Deserialize, Serialize};
use sled::Transactional;

use super::ratings::{apply_ratings, RatingChange};
use super::records::*;
use super::{
    abort, identity_key, is_rateable, parse_identity, tx_decode, Store, StoreError, Timestamp,
};
use crate::proto::{GameId, GameTerms, PlayerId};
use crate::rules::{ByColor, GameRecord, Outcome, Variant};

/// Who sits on one side of a game, as stored.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeatRecord {
    /// Stored as `key:SHA256:...`, `guest:...`, `bot:...` or `archive:...`.
    pub identity: PlayerId,
    pub nick: String,
}

/// What [`Games::finish`] records.
#[derive(Clone, PartialEq, Debug)]
pub struct GameResult {
    pub id: GameId,
    /// The whole game; `outcome` must be set.
    pub record: GameRecord,
    pub seats: ByColor<SeatRecord>,
    /// As agreed; `rated` is only honoured when both seats are rateable.
    pub terms: GameTerms,
    pub started: Timestamp,
    pub ended: Timestamp,
}

/// A finished game as stored.
#[derive(Clone, PartialEq, Debug)]
pub struct FinishedGame {
    pub id: GameId,
    pub record: GameRecord,
    pub seats: ByColor<SeatRecord>,
    pub terms: GameTerms,
    /// Whether ratings changed (both seats rateable and the game rated).
    pub rated: bool,
    pub outcome: Outcome,
    pub started: Timestamp,
    pub ended: Timestamp,
    pub rating_changes: Option<ByColor<RatingChange>>,
    /// A private game (a challenge): only its two players may see it listed or replay it
    /// (records written before the flag was kept read as public).
    pub private: bool,
}

impl FinishedGame {
    /// Whether `viewer` may see this game: anyone for a public game, only its two players
    /// for a private one.
    pub fn visible_to(&self, viewer: Option<&PlayerId>) -> bool {
        !self.private
            || viewer
                .is_some_and(|v| *v == self.seats.red.identity || *v == self.seats.blue.identity)
    }
}

/// A line of a game list.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameListing {
    pub id: GameId,
    pub variant: Variant,
    pub nicks: ByColor<String>,
    pub identities: ByColor<PlayerId>,
    pub rated: bool,
    pub outcome: Outcome,
    pub plies: u32,
    pub ended: Timestamp,
    /// A private game: listed to its two players only (see [`GameListing::visible_to`]).
    pub private: bool,
}

impl GameListing {
    /// Whether `viewer` may see this listing: anyone for a public game, only its two
    /// players for a private one.
    pub fn visible_to(&self, viewer: Option<&PlayerId>) -> bool {
        !self.private
            || viewer.is_some_and(|v| *v == self.identities.red || *v == self.identities.blue)
    }
}

impl TryFrom<ListingV1> for GameListing {
    type Error = StoreError;
    fn try_from(l: ListingV1) -> Result<GameListing, StoreError> {
        Ok(GameListing {
            id: l.id,
            variant: l.variant,
            nicks: l.nicks,
            identities: ByColor::new(
                parse_identity(&l.identities.red)?,
                parse_identity(&l.identities.blue)?,
            ),
            rated: l.rated,
            outcome: l.outcome,
            plies: l.plies,
            ended: l.ended,
            private: l.private,
        })
    }
}

/// Finished games and their listings: `store.games()`. Cheap to clone.
#[derive(Clone)]
pub struct Games {
    store: Store,
}

impl Games {
    pub(super) fn new(store: Store) -> Games {
        Games { store }
    }

    /// Records a finished game in one transaction: the game and its listings, the rating
    /// changes of both players (rated games between two `key:` identities only), and the
    /// removal of the game in progress. Flushed before returning, off the runtime. Returns
    /// the rating changes (`None` for a casual game). Idempotent: recording the same record
    /// again (a retry after a failed flush) changes nothing and returns the changes of the
    /// first time; a different record under the same id is [`StoreError::AlreadyFinished`]
    /// and changes nothing. The record holds every move, the final one included: the final
    /// move is stored here, with the result, not by [`Live::append_move`](super::Live::append_move).
    pub async fn finish(
        &self,
        game: &GameResult,
    ) -> Result<Option<ByColor<RatingChange>>, StoreError> {
        self.finish_with(game, false).await
    }

    /// [`Games::finish`], for a game that may be private (a challenge): a private game is
    /// recorded with its flag, in the record and in its listings, so that lists and replays
    /// show it to its two players only.
    pub async fn finish_with(
        &self,
        game: &GameResult,
        private: bool,
    ) -> Result<Option<ByColor<RatingChange>>, StoreError> {
        let (this, game) = (self.clone(), game.clone());
        self.store
            .durable(move || this.finish_blocking(&game, private))
            .await
    }

    fn finish_blocking(
        &self,
        game: &GameResult,
        private: bool,
    ) -> Result<Option<ByColor<RatingChange>>, StoreError> {
        let outcome = game.record.outcome.ok_or_else(|| {
            StoreError::Invalid(format!("game {} has no outcome to record", game.id))
        })?;
        let (red, blue) = (&game.seats.red.identity, &game.seats.blue.identity);
        let rated = game.terms.rated && is_rateable(red) && is_rateable(blue) && red != blue;
        let (red, blue) = (&identity_key(red)?, &identity_key(blue)?);
        let variant = game.record.rules.variant;
        let id_key = game.id.to_be_bytes();
        let _g = self.store.writing();
        let t = self.store.t();
        let move_keys: Vec<sled::IVec> = t
            .live_moves
            .scan_prefix(id_key)
            .keys()
            .collect::<Result<_, _>>()?;
        let listing = ListingV1 {
            v: ListingV1::VERSION,
            id: game.id,
            variant,
            nicks: ByColor::new(game.seats.red.nick.clone(), game.seats.blue.nick.clone()),
            identities: ByColor::new(red.clone(), blue.clone()),
            rated,
            outcome,
            plies: u32::try_from(game.record.moves.len()).unwrap_or(u32::MAX),
            ended: game.ended,
            private,
        };
        let listing_bytes = encode(&listing);
        let trees = (
            &t.games,
            &t.player_games,
            &t.recent,
            &t.ratings,
            &t.history,
            &t.live,
            &t.live_moves,
        );
        let changes = trees.transaction(
            |(games, player_games, recent, ratings, history, live, live_moves)| {
                if let Some(b) = games.get(id_key)? {
                    // The same record again (a retry after a failed flush): answered as the
                    // first time, nothing applied twice.
                    let stored: GameV1 = tx_decode(&b)?;
                    if stored.record == game.record {
                        live.remove(&id_key)?;
                        for k in &move_keys {
                            live_moves.remove(k)?;
                        }
                        return Ok(stored.rating_changes);
                    }
                    return Err(abort(StoreError::AlreadyFinished(game.id)));
                }
                let changes = if rated {
                    Some(apply_ratings(ratings, history, game, variant, outcome)?)
                } else {
                    None
                };
                let g = GameV1 {
                    v: GameV1::VERSION,
                    id: game.id,
                    record: game.record.clone(),
                    seats: game.seats.clone(),
                    terms: game.terms,
                    rated,
                    outcome,
                    started: game.started,
                    ended: game.ended,
                    rating_changes: changes,
                    private,
                };
                games.insert(&id_key, encode(&g))?;
                player_games.insert(
                    time_id(ident_prefix(red), game.ended, game.id),
                    listing_bytes.clone(),
                )?;
                if blue != red {
                    player_games.insert(
                        time_id(ident_prefix(blue), game.ended, game.id),
                        listing_bytes.clone(),
                    )?;
                }
                for tag in [None, Some(variant)] {
                    recent.insert(
                        time_id(recent_prefix(tag), game.ended, game.id),
                        listing_bytes.clone(),
                    )?;
                }
                live.remove(&id_key)?;
                for k in &move_keys {
                    live_moves.remove(k)?;
                }
                Ok(changes)
            },
        )?;
        // Moves appended after the scan above (there should be none): remove them too.
        for k in t.live_moves.scan_prefix(id_key).keys() {
            t.live_moves.remove(k?)?;
        }
        tracing::info!(
            game = game.id,
            variant = %variant,
            rated,
            private,
            outcome = %outcome,
            plies = game.record.moves.len(),
            "store: game finished"
        );
        Ok(changes)
    }

    /// A finished game.
    pub fn get(&self, id: GameId) -> Result<Option<FinishedGame>, StoreError> {
        let Some(b) = self.store.t().games.get(id.to_be_bytes())? else {
            return Ok(None);
        };
        let g: GameV1 = decode(&b)?;
        Ok(Some(FinishedGame {
            id: g.id,
            record: g.record,
            seats: g.seats,
            terms: g.terms,
            rated: g.rated,
            outcome: g.outcome,
            started: g.started,
            ended: g.ended,
            rating_changes: g.rating_changes,
            private: g.private,
        }))
    }

    /// A player's finished games, most recent first.
    pub fn of_player(
        &self,
        identity: &PlayerId,
        limit: usize,
    ) -> Result<Vec<GameListing>, StoreError> {
        let prefix = ident_prefix(&identity_key(identity)?);
        listings(&self.store.t().player_games, &prefix, limit)
    }

    /// The most recently finished games, of one variant or all.
    pub fn recent(
        &self,
        variant: Option<Variant>,
        limit: usize,
    ) -> Result<Vec<GameListing>, StoreError> {
        listings(&self.store.t().recent, &recent_prefix(variant), limit)
    }
}

fn listings(
    tree: &sled::Tree,
    prefix: &[u8],
    limit: usize,
) -> Result<Vec<GameListing>, StoreError> {
    let mut out = Vec::new();
    for kv in tree.scan_prefix(prefix).rev().take(limit) {
        let (_, v) = kv?;
        out.push(decode::<ListingV1>(&v)?.try_into()?);
    }
    Ok(out)
}
