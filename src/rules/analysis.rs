//! The analysis of a finished game, as data: for each ply the move a reviewer (the hard
//! computer, `bot::analysis`) prefers, the evaluation before and after the move played, and
//! whether the move was a mistake, judged twice:
//!
//! - **as the mover knew it** ([`PlyReview::seen`]): from the mover's own view just before
//!   the move (their [`PlayerView`](super::PlayerView): what they had seen, not the hidden
//!   truth). This is the fair judgement of a decision.
//! - **with hindsight** ([`PlyReview::hindsight`]): the same moment with every rank known.
//!   A move can be sound by what the mover knew and still lose to what was hidden.
//!
//! The reading of each number:
//! - an evaluation is in the reviewer's material units (a Scout is 10, a Major 45, a
//!   Marshal 120; a won game [`WIN_SCORE`]), from the **mover's** side: positive is good
//!   for the player who moved. [`Judgement::before`] is the value of the best move the
//!   reviewer found (the position's value for the mover), [`Judgement::after`] the value
//!   of the move played; [`Judgement::loss`] is their difference (never below 0).
//! - a **mistake** is a move that loses at least [`MISTAKE`] (a Major's worth, 45, less a
//!   margin for the reviewer's sampling noise); a **blunder** at least [`BLUNDER`] (about
//!   a General). A ply with one legal move has no judgement (`None`): nothing to choose.
//! - values are clamped to ± [`WIN_SCORE`].
//!
//! Pure: no I/O.

use serde::{Deserialize, Serialize};

use super::piece::Color;
use super::types::Move;

/// A move that loses this much or more (in material units) is a mistake.
pub const MISTAKE: i32 = 40;
/// A move that loses this much or more is a blunder (a mistake, marked twice).
pub const BLUNDER: i32 = 90;
/// The value of a won game; every evaluation is clamped to ± this.
pub const WIN_SCORE: i32 = 1000;

/// How the reviewer judged one move from one point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judgement {
    /// The move the reviewer prefers.
    pub best: Move,
    /// The value of the position for the mover before the move (of the best move).
    pub before: i32,
    /// The value of the move played, for the mover.
    pub after: i32,
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Fine,
    Mistake,
    Blunder,
}

impl Judgement {
    /// What the move played lost against the best move (0 when it was as good).
    pub fn loss(&self) -> i32 {
        (self.before - self.after).max(0)
    }

    pub fn severity(&self) -> Severity {
        match self.loss() {
            l if l >= BLUNDER => Severity::Blunder,
            l if l >= MISTAKE => Severity::Mistake,
            _ => Severity::Fine,
        }
    }

    /// The mark after a move: `??` a blunder, `?` a mistake, nothing otherwise.
    pub fn mark(&self) -> &'static str {
        match self.severity() {
            Severity::Blunder => "??",
            Severity::Mistake => "?",
            Severity::Fine => "",
        }
    }

    /// The evaluation after the move, from Red's side (for a chart of the whole game).
    pub fn after_for_red(&self, mover: Color) -> i32 {
        match mover {
            Color::Red => self.after,
            Color::Blue => -self.after,
        }
    }
}

/// One ply reviewed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyReview {
    pub mover: Color,
    pub played: Move,
    /// As the mover knew it.
    pub seen: Option<Judgement>,
    /// With every rank known.
    pub hindsight: Option<Judgement>,
}

impl PlyReview {
    /// Whether this ply is a mistake by either judgement.
    pub fn is_mistake(&self) -> bool {
        [self.seen, self.hindsight]
            .iter()
            .flatten()
            .any(|j| j.severity() >= Severity::Mistake)
    }
}

/// A whole game reviewed: one entry per ply, in order (`plies[0]` is ply 1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameAnalysis {
    pub plies: Vec<PlyReview>,
    /// The reviewer's search budget per move and point of view, in nodes.
    pub nodes: u64,
}

impl GameAnalysis {
    /// The first ply after `ply` (1-based; 0 for "from the start") that is a mistake by
    /// either judgement, if any.
    pub fn next_mistake(&self, ply: u32) -> Option<u32> {
        self.plies
            .iter()
            .enumerate()
            .map(|(i, p)| (i as u32 + 1, p))
            .find(|(k, p)| *k > ply && p.is_mistake())
            .map(|(k, _)| k)
    }

    /// How many mistakes (blunders included) each side made, as the mover knew it, then
    /// with hindsight: `[Red, Blue]` each.
    pub fn mistakes(&self) -> ([usize; 2], [usize; 2]) {
        let mut seen = [0; 2];
        let mut hind = [0; 2];
        for p in &self.plies {
            let i = p.mover.index();
            if p.seen.is_some_and(|j| j.severity() >= Severity::Mistake) {
                seen[i] += 1;
            }
            if p.hindsight
                .is_some_and(|j| j.severity() >= Severity::Mistake)
            {
                hind[i] += 1;
            }
        }
        (seen, hind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(before: i32, after: i32) -> Judgement {
        Judgement {
            best: Move::new("A4".parse().unwrap(), "A5".parse().unwrap()),
            before,
            after,
        }
    }

    #[test]
    fn losses_are_marked_by_the_thresholds() {
        assert_eq!(j(10, 10).mark(), "");
        assert_eq!(j(10, 12).loss(), 0, "noise above the best is no gain");
        assert_eq!(j(10, 10 - MISTAKE + 1).mark(), "");
        assert_eq!(j(10, 10 - MISTAKE).mark(), "?");
        assert_eq!(j(10, 10 - BLUNDER).mark(), "??");
        assert_eq!(j(0, -30).after_for_red(Color::Blue), 30);
    }

    #[test]
    fn the_next_mistake_is_found_after_the_ply_given() {
        let mv = Move::new("A4".parse().unwrap(), "A5".parse().unwrap());
        let ply = |seen: Option<Judgement>, hindsight| PlyReview {
            mover: Color::Red,
            played: mv,
            seen,
            hindsight,
        };
        let a = GameAnalysis {
            plies: vec![
                ply(Some(j(0, 0)), Some(j(0, 0))),
                ply(Some(j(0, -50)), None),
                ply(None, None),
                ply(Some(j(0, 0)), Some(j(0, -200))),
            ],
            nodes: 1,
        };
        assert_eq!(a.next_mistake(0), Some(2));
        assert_eq!(a.next_mistake(2), Some(4));
        assert_eq!(a.next_mistake(4), None);
        assert_eq!(a.mistakes(), ([1, 0], [1, 0]));
    }
}
