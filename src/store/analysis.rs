//! The analysis after a game ([`crate::rules::analysis`]): the hard computer's review of a
//! finished game, kept so it is made once. Shown wherever the game's replay is shown, to
//! whoever may see that replay (a private game's to its two players only): the caller
//! checks that with the game, as for the replay.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `analysis` | game id (u64 big-endian) | the review (`AnalysisV1`): one judgement per ply as the mover knew it and one with hindsight, the search budget, when it was made |
//!
//! An analysis is only written for a game in `games`, with one entry per ply of its record
//! (`check-store` checks both).
//!
//! Flushes: [`Analyses::save`] (`async`, through the writer). Reads never do.

use super::records::*;
use super::{now, Store, StoreError, Timestamp};
use crate::proto::GameId;
use crate::rules::GameAnalysis;

/// The finished games' analyses: `store.analyses()`. Cheap to clone.
#[derive(Clone)]
pub struct Analyses {
    store: Store,
}

impl Analyses {
    pub(super) fn new(store: Store) -> Analyses {
        Analyses { store }
    }

    /// Keeps the analysis of the finished game `id`; flushed before returning, off the
    /// runtime. Refused when the game is not stored, or when the analysis does not have
    /// one entry per ply of its record.
    pub async fn save(&self, id: GameId, analysis: GameAnalysis) -> Result<(), StoreError> {
        let this = self.clone();
        self.store
            .durable(move || {
                let _g = this.store.writing();
                let t = this.store.t();
                let Some(game) = t.games.get(id.to_be_bytes())? else {
                    return Err(StoreError::Invalid(format!(
                        "there is no finished game #{id} to keep an analysis of"
                    )));
                };
                let game: GameV1 = decode(&game)?;
                if game.record.moves.len() != analysis.plies.len() {
                    return Err(StoreError::Invalid(format!(
                        "game #{id} has {} plies, its analysis {}",
                        game.record.moves.len(),
                        analysis.plies.len()
                    )));
                }
                let value = AnalysisV1 {
                    v: AnalysisV1::VERSION,
                    made: now(),
                    analysis,
                };
                t.analysis.insert(id.to_be_bytes(), encode(&value))?;
                Ok(())
            })
            .await
    }

    /// The analysis of game `id`, and when it was made; `None` when none was made.
    pub fn get(&self, id: GameId) -> Result<Option<(GameAnalysis, Timestamp)>, StoreError> {
        match self.store.t().analysis.get(id.to_be_bytes())? {
            Some(b) => {
                let a = decode::<AnalysisV1>(&b)?;
                Ok(Some((a.analysis, a.made)))
            }
            None => Ok(None),
        }
    }

    /// Whether game `id` has an analysis.
    pub fn has(&self, id: GameId) -> Result<bool, StoreError> {
        Ok(self.store.t().analysis.contains_key(id.to_be_bytes())?)
    }
}
