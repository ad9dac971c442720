//! Tournaments as pure functions: who plays whom next, and the standings, computed from
//! the entrants and the pairings played so far. No I/O, no clock, no tokio: the lobby's
//! director (`lobby/tournaments.rs`) owns a tournament's state, the store keeps it, and
//! everything here is recomputed from those stored facts.
//!
//! - `swiss.rs`: a round of a Swiss (score groups, colours alternated, no rematch, a bye
//!   for an odd player out);
//! - `arena.rs`: pairing the players waiting in an arena (close in score and rating,
//!   never the opponent of one's last game);
//! - `standings.rs`: points (Swiss: 1 a win, ½ a draw; arena: 2 a win, 1 a draw, doubled
//!   on a streak as lichess does), tie-breaks (Buchholz, then Sonneborn-Berger) and
//!   performance.
//!
//! Players are named by their identity's text form (`key:SHA256:...`, `guest:...`), a
//! [`Pid`].

mod arena;
mod standings;
mod swiss;

use serde::{Deserialize, Serialize};

use crate::rules::Color;

pub use crate::proto::{Format, Mark, Pid, Standing};
pub use arena::{arena_pairs, ArenaPlayer};
pub use standings::standings;
pub use swiss::swiss_round;

/// How one paired game ended, as it counts in a tournament.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum GameResult {
    /// That colour won (on the board, on time, by resignation, or the other did not show).
    Win(Color),
    Draw,
    /// Ended without a result for either (aborted in set-up): no points, but it was played
    /// (no rematch) and it ends an arena streak.
    Void,
}

/// A player who entered, in the order they joined.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Entrant {
    pub pid: Pid,
    pub nick: String,
    /// Rating when they joined (for pairing order and performance).
    pub rating: i32,
    /// Withdrawn from a Swiss (no more rounds), or paused in an arena (not paired until
    /// they come back): their points stay.
    pub withdrawn: bool,
}

/// One pairing: a game of the tournament, or a bye.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Pairing {
    /// Swiss: the round (from 1). Arena: 0.
    pub round: u32,
    /// The game played, if one was started (none for a bye or a no-show decided at
    /// pairing).
    pub game: Option<u64>,
    pub red: Pid,
    /// `None`: a bye for `red` (worth a win).
    pub blue: Option<Pid>,
    /// `None` while the game is in play.
    pub result: Option<GameResult>,
}

impl Pairing {
    /// The colour `pid` had in this pairing, if they were in it (`Red` for a bye).
    pub fn color_of(&self, pid: &str) -> Option<Color> {
        if self.red == pid {
            Some(Color::Red)
        } else if self.blue.as_deref() == Some(pid) {
            Some(Color::Blue)
        } else {
            None
        }
    }

    /// The other player, for one who was in it (`None` for a bye).
    pub fn opponent_of(&self, pid: &str) -> Option<&str> {
        match self.color_of(pid)? {
            Color::Red => self.blue.as_deref(),
            Color::Blue => Some(self.red.as_str()),
        }
    }

    pub fn is_bye(&self) -> bool {
        self.blue.is_none()
    }
}

/// Entrants and pairings for the unit tests of this module's files.
#[cfg(test)]
pub(crate) mod fixtures {
    use super::{Entrant, GameResult, Pairing};
    use crate::rules::Color;

    pub const RED: Option<GameResult> = Some(GameResult::Win(Color::Red));
    pub const BLUE: Option<GameResult> = Some(GameResult::Win(Color::Blue));
    pub const DRAW: Option<GameResult> = Some(GameResult::Draw);
    pub const VOID: Option<GameResult> = Some(GameResult::Void);

    pub fn entrant(pid: &str, rating: i32) -> Entrant {
        Entrant {
            pid: pid.to_string(),
            nick: pid.to_lowercase(),
            rating,
            withdrawn: false,
        }
    }

    /// A game of `round` (numbered as its round), finished with `result` or in play.
    pub fn game(round: u32, red: &str, blue: &str, result: Option<GameResult>) -> Pairing {
        Pairing {
            round,
            game: Some(u64::from(round)),
            red: red.to_string(),
            blue: Some(blue.to_string()),
            result,
        }
    }

    pub fn bye(round: u32, pid: &str) -> Pairing {
        Pairing {
            round,
            game: None,
            red: pid.to_string(),
            blue: None,
            result: Some(GameResult::Win(Color::Red)),
        }
    }
}
