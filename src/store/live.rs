//! Games in progress: enough to restore each after a restart, every move durable before
//! anyone is shown it.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `live` | game id (u64 big-endian) | the game without its moves: terms, seats, set-ups, clocks at the last save (`LiveV1`); or a correspondence game still in its set-up, with the set-ups made so far ([`LiveSetup`], `in_setup`) |
//! | `notes` | game id + colour byte | removed with an aborted game ([`Live::remove`]); see `notes.rs` |
//! | `live_moves` | game id + ply (u32 big-endian, 1-based) | the move and the clocks after it (`LiveMoveV1`) |
//!
//! A move is stored under the ply the game gives it (not "after the last one"), so a
//! retried write overwrites itself: the plies of a game are 1, 2, ... without gaps or
//! copies. A game's final move is not written here: it is part of the finished game's
//! record, stored with the result in one transaction by [`Games::finish`](super::Games::finish).
//!
//! A finished game leaves both trees inside the transaction of
//! [`Games::finish`](super::Games::finish).
//!
//! Flushes: [`Live::save`], [`Live::append_move`], [`Live::remove`] (all `async`, through
//! the writer, `writer.rs`). Reads never do.

use std::time::Duration;

use sled::transaction::ConflictableTransactionError;
use sled::Transactional;

use super::games::SeatRecord;
use super::records::*;
use super::{identity_key, Store, StoreError, Timestamp};
use crate::proto::{GameId, GameTerms};
use crate::rules::{ByColor, Color, GameRecord, Move, Setup};

/// A game in progress as stored: enough to restore it after a restart.
#[derive(Clone, PartialEq, Debug)]
pub struct LiveGame {
    pub id: GameId,
    pub terms: GameTerms,
    pub seats: ByColor<SeatRecord>,
    pub red: Setup,
    pub blue: Setup,
    pub moves: Vec<Move>,
    /// Time left on each clock after the last move (or at the start).
    pub clocks: Option<ByColor<Duration>>,
    pub started: Timestamp,
    /// A private game (a challenge): no spectators, not listed as watchable.
    pub private: bool,
    /// When the side to move's turn began (Unix seconds): the last move's time, or when
    /// play started. A correspondence game's deadline counts from it, so it is kept as a
    /// time of day and survives a restart ([`crate::game::corr`]). `None` in records
    /// written before it was kept.
    pub turn_since: Option<Timestamp>,
    /// When each turn began, as stored: play's start, then each move's time (`None`
    /// where a record left it out); read back by [`Live::get`] and [`Live::all`], from
    /// which a correspondence game's total budget spent by each side is counted
    /// ([`crate::game::corr::spent`]). Not written by [`Live::save`] (the header keeps
    /// `turn_since`, each move its time): empty in a game made to be saved.
    pub turn_starts: Vec<Option<Timestamp>>,
}

/// A correspondence game still in its set-up, as stored (issue 47): its players need not
/// be online together, so the set-up one side made waits on disk for the other's, and a
/// restart keeps both and the deadline. Each side must be ready `days` days after
/// `started` ([`crate::game::corr::deadline`]): a time of day, computed from what is
/// stored, never held in memory. Becomes a [`LiveGame`] when play starts ([`Live::save`]
/// replaces it).
#[derive(Clone, PartialEq, Debug)]
pub struct LiveSetup {
    pub id: GameId,
    pub terms: GameTerms,
    pub seats: ByColor<SeatRecord>,
    /// The set-ups submitted so far (`None`: that side is not ready).
    pub setups: ByColor<Option<Setup>>,
    /// When the game was made: the set-up deadline counts from it.
    pub started: Timestamp,
    pub private: bool,
}

impl LiveGame {
    /// The record so far (no outcome); `replay()` it to get the position.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            version: GameRecord::VERSION,
            rules: self.terms.rules,
            red: self.red.clone(),
            blue: self.blue.clone(),
            moves: self.moves.clone(),
            outcome: None,
        }
    }
}

fn to_ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn clocks_ms(c: Option<ByColor<Duration>>) -> Option<ByColor<u64>> {
    c.map(|c| ByColor::new(to_ms(c.red), to_ms(c.blue)))
}

fn clocks_dur(c: Option<ByColor<u64>>) -> Option<ByColor<Duration>> {
    c.map(|c| ByColor::new(Duration::from_millis(c.red), Duration::from_millis(c.blue)))
}

/// Games in progress and their moves: `store.live()`. Cheap to clone.
#[derive(Clone)]
pub struct Live {
    store: Store,
}

impl Live {
    pub(super) fn new(store: Store) -> Live {
        Live { store }
    }

    /// Stores a game in progress (normally when play starts, after both set-ups), replacing
    /// any earlier save of that id and its moves. Flushed before returning, off the runtime.
    pub async fn save(&self, game: &LiveGame) -> Result<(), StoreError> {
        let (this, game) = (self.clone(), game.clone());
        self.store.durable(move || this.save_blocking(&game)).await
    }

    fn save_blocking(&self, game: &LiveGame) -> Result<(), StoreError> {
        for c in Color::ALL {
            identity_key(&game.seats.get(c).identity)?;
        }
        let id_key = game.id.to_be_bytes();
        let _g = self.store.writing();
        let t = self.store.t();
        let old: Vec<sled::IVec> = t
            .live_moves
            .scan_prefix(id_key)
            .keys()
            .collect::<Result<_, _>>()?;
        let header = LiveV1 {
            v: LiveV1::VERSION,
            id: game.id,
            terms: game.terms,
            seats: game.seats.clone(),
            red: Some(game.red.clone()),
            blue: Some(game.blue.clone()),
            in_setup: false,
            clocks_ms: clocks_ms(game.clocks),
            started: game.started,
            private: game.private,
            turn_since: game.turn_since,
        };
        let header = encode(&header);
        let moves: Vec<([u8; 12], Vec<u8>)> = game
            .moves
            .iter()
            .zip(1u32..)
            .map(|(mv, ply)| {
                let m = LiveMoveV1 {
                    v: LiveMoveV1::VERSION,
                    mv: *mv,
                    // Clocks of earlier plies are unknown here; the header has the latest.
                    clocks_ms: None,
                    // So are their times: the header's `turn_since` is the latest turn's.
                    at: None,
                };
                (live_move_key(game.id, ply), encode(&m))
            })
            .collect();
        (&t.live, &t.live_moves).transaction(|(live, live_moves)| {
            for k in &old {
                live_moves.remove(k)?;
            }
            for (k, v) in &moves {
                live_moves.insert(&k[..], v.clone())?;
            }
            live.insert(&id_key, header.clone())?;
            Ok::<_, ConflictableTransactionError<StoreError>>(())
        })?;
        tracing::debug!(
            game = game.id,
            plies = game.moves.len(),
            "store: game in progress saved"
        );
        Ok(())
    }

    /// Stores a correspondence game in its set-up (when it is made, and each time a side
    /// is ready while the other is not), replacing any earlier save of that id. Flushed
    /// before returning, off the runtime. [`Live::save`] replaces it when play starts;
    /// [`Live::remove`] forgets it.
    pub async fn save_setup(&self, game: &LiveSetup) -> Result<(), StoreError> {
        let (this, game) = (self.clone(), game.clone());
        self.store
            .durable(move || this.save_setup_blocking(&game))
            .await
    }

    fn save_setup_blocking(&self, game: &LiveSetup) -> Result<(), StoreError> {
        for c in Color::ALL {
            identity_key(&game.seats.get(c).identity)?;
        }
        let header = LiveV1 {
            v: LiveV1::VERSION,
            id: game.id,
            terms: game.terms,
            seats: game.seats.clone(),
            red: game.setups.red.clone(),
            blue: game.setups.blue.clone(),
            in_setup: true,
            clocks_ms: None,
            started: game.started,
            private: game.private,
            turn_since: None,
        };
        let _g = self.store.writing();
        self.store
            .t()
            .live
            .insert(game.id.to_be_bytes(), encode(&header))?;
        tracing::debug!(game = game.id, "store: game in set-up saved");
        Ok(())
    }

    /// Every correspondence game still in its set-up, by id, to restore at start. One that
    /// cannot be read is logged and left out (and left in place).
    pub fn setups(&self) -> Result<Vec<LiveSetup>, StoreError> {
        let mut out = Vec::new();
        for kv in self.store.t().live.iter() {
            let (k, v) = kv?;
            match decode::<LiveV1>(&v) {
                Ok(h) if h.in_setup => out.push(LiveSetup {
                    id: h.id,
                    terms: h.terms,
                    seats: h.seats,
                    setups: ByColor::new(h.red, h.blue),
                    started: h.started,
                    private: h.private,
                }),
                Ok(_) => {}
                Err(e) => tracing::error!(
                    game = be_u64(&k).unwrap_or(0),
                    error = %e,
                    "store: a game in set-up could not be read; skipped"
                ),
            }
        }
        Ok(out)
    }

    /// Stores the move of ply `ply` (1-based: the game's ply once the move is played) and
    /// the clocks after it, and returns once it is flushed (off the runtime): once a move
    /// has been shown to anyone, a crash cannot lose it. Idempotent: the move is stored
    /// under its ply, so a retry (after a failed flush, say) overwrites instead of adding
    /// a second copy. The ply must follow a stored one (1 for the first move):
    /// [`StoreError::Invalid`] otherwise.
    pub async fn append_move(
        &self,
        id: GameId,
        ply: u32,
        mv: Move,
        clocks: Option<ByColor<Duration>>,
    ) -> Result<(), StoreError> {
        self.append_move_at(id, ply, mv, clocks, None).await
    }

    /// [`Live::append_move`] with the time the move was made (`at`, Unix seconds): the
    /// next turn's start, read back as [`LiveGame::turn_since`] (a correspondence game's
    /// deadline counts from it).
    pub async fn append_move_at(
        &self,
        id: GameId,
        ply: u32,
        mv: Move,
        clocks: Option<ByColor<Duration>>,
        at: Option<Timestamp>,
    ) -> Result<(), StoreError> {
        let this = self.clone();
        // A move refused (its flush failed) is taken back out of memory, so it is neither
        // written by a later flush nor replayed after a restart.
        let store = self.store.clone();
        let undo: Box<dyn FnOnce() + Send> = Box::new(move || store.forget_live_move(id, ply));
        self.store
            .durable_undoable(
                move || this.append_move_blocking(id, ply, mv, clocks, at),
                Some(undo),
            )
            .await
    }

    fn append_move_blocking(
        &self,
        id: GameId,
        ply: u32,
        mv: Move,
        clocks: Option<ByColor<Duration>>,
        at: Option<Timestamp>,
    ) -> Result<(), StoreError> {
        let _g = self.store.writing();
        let t = self.store.t();
        if !t.live.contains_key(id.to_be_bytes())? {
            return Err(StoreError::NoSuchGame(id));
        }
        if ply == 0 || (ply > 1 && !t.live_moves.contains_key(live_move_key(id, ply - 1))?) {
            return Err(StoreError::Invalid(format!(
                "game {id}: move {ply} does not follow a stored move"
            )));
        }
        let m = LiveMoveV1 {
            v: LiveMoveV1::VERSION,
            mv,
            clocks_ms: clocks_ms(clocks),
            at,
        };
        t.live_moves.insert(live_move_key(id, ply), encode(&m))?;
        Ok(())
    }

    /// One game in play (`None` for one still in its set-up: see [`Live::setups`]).
    pub fn get(&self, id: GameId) -> Result<Option<LiveGame>, StoreError> {
        match self.store.t().live.get(id.to_be_bytes())? {
            Some(b) => self.assemble(&b),
            None => Ok(None),
        }
    }

    /// Every game in play, by id, to restore at start (the ones still in their set-up are
    /// [`Live::setups`]). A game that cannot be read is logged and left out (and left in
    /// place).
    pub fn all(&self) -> Result<Vec<LiveGame>, StoreError> {
        let mut out = Vec::new();
        for kv in self.store.t().live.iter() {
            let (k, v) = kv?;
            match self.assemble(&v) {
                Ok(Some(g)) => out.push(g),
                Ok(None) => {}
                Err(e) => tracing::error!(
                    game = be_u64(&k).unwrap_or(0),
                    error = %e,
                    "store: a game in progress could not be read; skipped"
                ),
            }
        }
        Ok(out)
    }

    /// A game in play from its stored header and moves; `None` for one in its set-up.
    fn assemble(&self, header: &[u8]) -> Result<Option<LiveGame>, StoreError> {
        let h: LiveV1 = decode(header)?;
        if h.in_setup {
            return Ok(None);
        }
        let missing = || StoreError::Decode {
            what: "game in progress",
            message: format!("game {}: in play without both set-ups", h.id),
        };
        let (red, blue) = (h.red.ok_or_else(missing)?, h.blue.ok_or_else(missing)?);
        let mut moves = Vec::new();
        let mut clocks = h.clocks_ms;
        let mut turn_since = h.turn_since;
        let mut turn_starts = vec![h.turn_since];
        for kv in self.store.t().live_moves.scan_prefix(h.id.to_be_bytes()) {
            let (k, v) = kv?;
            let ply = k.get(8..).and_then(be_u32);
            if ply != u32::try_from(moves.len() + 1).ok() {
                return Err(StoreError::Decode {
                    what: "game in progress",
                    message: format!(
                        "game {}: move {} is stored as ply {ply:?} (plies must be 1, 2, ...)",
                        h.id,
                        moves.len() + 1
                    ),
                });
            }
            let m: LiveMoveV1 = decode(&v)?;
            moves.push(m.mv);
            if m.clocks_ms.is_some() {
                clocks = m.clocks_ms;
            }
            if m.at.is_some() {
                turn_since = m.at;
            }
            turn_starts.push(m.at);
        }
        // Nothing known (a record from before the times were kept): nothing to count.
        if turn_starts.iter().all(Option::is_none) {
            turn_starts.clear();
        }
        Ok(Some(LiveGame {
            id: h.id,
            terms: h.terms,
            seats: h.seats,
            red,
            blue,
            moves,
            clocks: clocks_dur(clocks),
            started: h.started,
            private: h.private,
            turn_since,
            turn_starts,
        }))
    }

    /// Forgets a game in progress without recording it (aborted games). Flushed, off the
    /// runtime. Returns whether it was there.
    pub async fn remove(&self, id: GameId) -> Result<bool, StoreError> {
        let this = self.clone();
        self.store.durable(move || this.remove_blocking(id)).await
    }

    fn remove_blocking(&self, id: GameId) -> Result<bool, StoreError> {
        let id_key = id.to_be_bytes();
        let _g = self.store.writing();
        let t = self.store.t();
        let existed = t.live.remove(id_key)?.is_some();
        for k in t.live_moves.scan_prefix(id_key).keys() {
            t.live_moves.remove(k?)?;
        }
        // An aborted game's notes go with it.
        for c in Color::ALL {
            t.notes.remove(super::notes::notes_key(id, c))?;
        }
        Ok(existed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A correspondence game in its set-up is kept apart from the games in play: listed by
    /// `setups` with the set-ups made so far, never by `all` or `get` (it has no position to
    /// replay), replaced when play starts, forgotten by `remove`; the store's check finds
    /// nothing wrong with it.
    #[tokio::test]
    async fn a_game_in_set_up_is_kept_until_play_starts() {
        use crate::rules::{Rules, Variant};
        let s = Store::temporary().unwrap();
        let rules = Rules::standard(Variant::Classic);
        let seat = |n: &str| SeatRecord {
            identity: crate::proto::PlayerId::Key(format!("SHA256:{n}")),
            nick: n.into(),
        };
        let terms = GameTerms {
            rules,
            rated: false,
            clock: None,
            days: Some(3),
            budget: None,
        };
        let red = Setup::random(&rules, Color::Red, 1);
        let blue = Setup::random(&rules, Color::Blue, 2);
        let mut setup = LiveSetup {
            id: 4,
            terms,
            seats: ByColor::new(seat("ann"), seat("bob")),
            setups: ByColor::new(None, None),
            started: 1_800_000_000,
            private: true,
        };
        s.game_id_taken(5).await.unwrap();
        s.live().save_setup(&setup).await.unwrap();
        setup.setups.red = Some(red.clone());
        s.live().save_setup(&setup).await.unwrap();
        assert_eq!(s.live().setups().unwrap(), vec![setup.clone()]);
        assert!(s.live().all().unwrap().is_empty());
        assert_eq!(s.live().get(4).unwrap(), None);
        let report = s.check().unwrap();
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        // Play starts: the game in play replaces it.
        let live = LiveGame {
            id: 4,
            terms,
            seats: setup.seats.clone(),
            red,
            blue,
            moves: vec![],
            clocks: None,
            started: setup.started,
            private: true,
            turn_since: Some(1_800_000_100),
            turn_starts: vec![Some(1_800_000_100)],
        };
        s.live().save(&live).await.unwrap();
        assert!(s.live().setups().unwrap().is_empty());
        assert_eq!(s.live().all().unwrap(), vec![live]);
        // Another in set-up, aborted: forgotten.
        setup.id = 5;
        s.live().save_setup(&setup).await.unwrap();
        assert!(s.live().remove(5).await.unwrap());
        assert!(s.live().setups().unwrap().is_empty());
    }

    #[tokio::test]
    async fn append_to_unknown_game_fails() {
        let s = Store::temporary().unwrap();
        let mv = Move::new("A4".parse().unwrap(), "A5".parse().unwrap());
        assert_eq!(
            s.live().append_move(9, 1, mv, None).await,
            Err(StoreError::NoSuchGame(9))
        );
    }
}
