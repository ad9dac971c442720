//! Ratings: Glicko-2 per (identity, variant), their history, the leaderboard.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `ratings` | variant byte + identity | [`Rating`] and when it changed (`RatingV1`) |
//! | `rating_history` | variant byte + len-prefixed identity + end time + game id | rating and deviation after the game (`HistoryV1`) |
//!
//! Read only: ratings change only when a rated game is recorded, inside the transaction of
//! [`Games::finish`](super::Games::finish) (which flushes), through [`apply_ratings`]. No
//! call here flushes.

use serde::{Deserialize, Serialize};
use sled::transaction::TransactionalTree;

use super::games::GameResult;
use super::glicko::{self, Rating, Score};
use super::records::*;
use super::{identity_key, parse_identity, Store, StoreError, Timestamp, TxResult};
use crate::proto::PlayerId;
use crate::rules::{ByColor, Color, Outcome, Variant};

/// One player's rating before and after a game.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct RatingChange {
    pub before: Rating,
    pub after: Rating,
}

impl RatingChange {
    /// Shown rating difference, e.g. `+12`.
    pub fn delta(&self) -> i32 {
        self.after.shown() - self.before.shown()
    }
}

/// A rated player, as the leaderboard lists them.
#[derive(Clone, PartialEq, Debug)]
pub struct RatedPlayer {
    pub nick: String,
    pub identity: PlayerId,
    pub rating: Rating,
}

/// Ratings, rating history, the leaderboard: `store.ratings()`. Cheap to clone.
#[derive(Clone)]
pub struct Ratings {
    store: Store,
}

impl Ratings {
    pub(super) fn new(store: Store) -> Ratings {
        Ratings { store }
    }

    /// A player's rating in a variant, `None` before their first rated game there.
    pub fn get(&self, identity: &PlayerId, variant: Variant) -> Result<Option<Rating>, StoreError> {
        match self
            .store
            .t()
            .ratings
            .get(rating_key(&identity_key(identity)?, variant))?
        {
            Some(b) => Ok(Some(decode::<RatingV1>(&b)?.rating)),
            None => Ok(None),
        }
    }

    /// The best `limit` players of a variant: by shown (rounded) rating, descending; ties
    /// by more games, then by nick (case-insensitive). Players without a nick are listed
    /// under their identity.
    pub fn leaderboard(
        &self,
        variant: Variant,
        limit: usize,
    ) -> Result<Vec<RatedPlayer>, StoreError> {
        let users = self.store.users();
        let mut rows = Vec::new();
        for kv in self.store.t().ratings.scan_prefix([variant_byte(variant)]) {
            let (k, v) = kv?;
            let identity = parse_identity(&String::from_utf8_lossy(&k[1..]))?;
            let r: RatingV1 = decode(&v)?;
            if r.rating.games == 0 {
                continue;
            }
            let nick = match users.by_identity(&identity)? {
                Some(u) => u.nick,
                None => identity.to_string(),
            };
            rows.push(RatedPlayer {
                nick,
                identity,
                rating: r.rating,
            });
        }
        rows.sort_by(|a, b| {
            b.rating
                .shown()
                .cmp(&a.rating.shown())
                .then(b.rating.games.cmp(&a.rating.games))
                .then_with(|| a.nick.to_lowercase().cmp(&b.nick.to_lowercase()))
        });
        rows.truncate(limit);
        Ok(rows)
    }

    /// A player's rating after each rated game in a variant, oldest first.
    pub fn history(
        &self,
        identity: &PlayerId,
        variant: Variant,
    ) -> Result<Vec<(Timestamp, f64)>, StoreError> {
        let prefix = history_prefix(&identity_key(identity)?, variant);
        let mut out = Vec::new();
        for kv in self.store.t().history.scan_prefix(&prefix) {
            let (k, v) = kv?;
            let t = be_u64(&k[prefix.len()..]).unwrap_or(0);
            out.push((t, decode::<HistoryV1>(&v)?.rating));
        }
        Ok(out)
    }
}

/// Rates both players of a finished rated game inside the caller's transaction: one
/// Glicko-2 rating period each, against the other's rating before the game; writes both
/// ratings and a history entry each. Returns the changes.
pub(super) fn apply_ratings(
    ratings: &TransactionalTree,
    history: &TransactionalTree,
    game: &GameResult,
    variant: Variant,
    outcome: Outcome,
) -> TxResult<ByColor<RatingChange>> {
    let get = |identity: &PlayerId| -> TxResult<Rating> {
        match ratings.get(rating_key(&identity.to_string(), variant))? {
            Some(b) => Ok(super::tx_decode::<RatingV1>(&b)?.rating),
            None => Ok(Rating::default()),
        }
    };
    let red_before = get(&game.seats.red.identity)?;
    let blue_before = get(&game.seats.blue.identity)?;
    let score = match outcome.winner {
        Some(Color::Red) => Score::Win,
        Some(Color::Blue) => Score::Loss,
        None => Score::Draw,
    };
    let (red_after, blue_after) = glicko::rate_game(&red_before, &blue_before, score);
    for (seat, after) in [(&game.seats.red, red_after), (&game.seats.blue, blue_after)] {
        let r = RatingV1 {
            v: RatingV1::VERSION,
            rating: after,
            updated: game.ended,
        };
        let identity = seat.identity.to_string();
        ratings.insert(rating_key(&identity, variant), encode(&r))?;
        let h = HistoryV1 {
            v: HistoryV1::VERSION,
            rating: after.rating,
            deviation: after.deviation,
            game: game.id,
        };
        history.insert(
            time_id(history_prefix(&identity, variant), game.ended, game.id),
            encode(&h),
        )?;
    }
    Ok(ByColor::new(
        RatingChange {
            before: red_before,
            after: red_after,
        },
        RatingChange {
            before: blue_before,
            after: blue_after,
        },
    ))
}
