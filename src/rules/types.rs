//! Moves, what a move did, outcomes and per-player views: the types every layer shares.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::piece::{ByColor, Color, Rank};
use super::square::Square;
use super::variant::Rules;

/// Returning a captured piece to the board (tournament option *Rescue*): part of the move
/// that reached the enemy back row.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Rescue {
    pub rank: Rank,
    pub to: Square,
}

/// One turn: move or attack from `from` to `to` (a Scout may go several squares), with an
/// optional rescue when the option is on and `to` is on the enemy back row.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rescue: Option<Rescue>,
}

impl Move {
    pub fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            rescue: None,
        }
    }
}

impl fmt::Display for Move {
    /// `C4 C5`, or `C9 C10 +S@D2` with a rescue.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.from, self.to)?;
        if let Some(r) = self.rescue {
            write!(f, " +{}@{}", r.rank.setup_char(), r.to)?;
        }
        Ok(())
    }
}

/// Who survived a battle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum BattleResult {
    AttackerWins,
    DefenderWins,
    BothRemoved,
}

/// A battle as it really happened (full information).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Battle {
    pub attacker: Rank,
    pub defender: Rank,
    pub result: BattleResult,
}

/// What a move did, returned by `Game::play` (full information: for the game task, not
/// for screens; screens read [`PlayerView::last_move`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MoveEvent {
    pub mover: Color,
    pub mv: Move,
    /// The moving piece's rank.
    pub rank: Rank,
    pub battle: Option<Battle>,
    /// A Miner removed a Bomb.
    pub bomb_defused: bool,
    pub flag_captured: bool,
    /// The game ended with this move.
    pub outcome: Option<Outcome>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum EndReason {
    FlagCaptured,
    /// The loser has no movable piece left (only Bombs and Flag, or nothing).
    NoMovablePieces,
    /// The loser had movable pieces but no legal move (blocked, or barred by repetition).
    NoLegalMove,
    /// Neither side can move: draw.
    BothCannotMove,
    /// The move cap was reached: draw.
    MoveCap,
    Resignation,
    DrawAgreed,
    Time,
    Abandonment,
    /// Ended before the first move by a player leaving: no result, never rated.
    Aborted,
}

impl EndReason {
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::FlagCaptured => "flag captured",
            EndReason::NoMovablePieces => "no movable pieces left",
            EndReason::NoLegalMove => "no legal move",
            EndReason::BothCannotMove => "neither side can move",
            EndReason::MoveCap => "move limit reached",
            EndReason::Resignation => "resignation",
            EndReason::DrawAgreed => "draw agreed",
            EndReason::Time => "time",
            EndReason::Abandonment => "abandonment",
            EndReason::Aborted => "aborted before the first move",
        }
    }
}

/// How a game ended: `winner` is `None` for a draw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: EndReason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{} wins ({})", c, self.reason.describe()),
            None => write!(f, "draw ({})", self.reason.describe()),
        }
    }
}

/// Who a view is for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Viewer {
    Player(Color),
    Spectator,
}

/// A piece as one viewer knows it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ViewPiece {
    pub color: Color,
    /// `None` while the viewer does not know the rank.
    pub rank: Option<Rank>,
    /// The piece has moved at least once (so it is no Bomb and no Flag).
    pub moved: bool,
}

/// A battle as one viewer knows it (Silent Defense hides ranks).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ViewBattle {
    pub attacker: Option<Rank>,
    pub defender: Option<Rank>,
    pub result: BattleResult,
}

/// The last move as one viewer knows it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ViewMove {
    pub mover: Color,
    pub from: Square,
    pub to: Square,
    pub battle: Option<ViewBattle>,
    /// Rank of a rescued piece and where it was placed.
    pub rescue: Option<Rescue>,
}

/// A captured piece as one viewer knows it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ViewCaptured {
    pub color: Color,
    pub rank: Option<Rank>,
}

/// Everything one viewer may know of a game. Screens, bots and spectators get only this.
/// After the game ends every rank is revealed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PlayerView {
    pub viewer: Viewer,
    pub rules: Rules,
    /// 100 entries, indexed by [`Square::index`].
    pub board: Vec<Option<ViewPiece>>,
    pub to_move: Color,
    /// Plies played so far.
    pub ply: u32,
    pub last_move: Option<ViewMove>,
    /// Pieces removed from the board, of both colours, as far as the viewer knows them.
    pub captured: Vec<ViewCaptured>,
    /// Of each side's army, how many of each rank are still on the board as far as the
    /// viewer can deduce, indexed by [`Rank::index`]. Exact for a player's own side; for the
    /// other side, the army minus captured pieces the viewer knows the rank of (an
    /// upper bound when ranks of captured pieces are hidden).
    pub remaining: ByColor<[u8; 12]>,
    /// The viewer's legal moves when it is the viewer's turn (empty otherwise). Rescue
    /// variants are included where the option allows them.
    pub legal_moves: Vec<Move>,
    pub outcome: Option<Outcome>,
}

impl PlayerView {
    pub fn piece_at(&self, sq: Square) -> Option<ViewPiece> {
        self.board.get(sq.index()).copied().flatten()
    }

    /// The viewer's own colour, if a player.
    pub fn color(&self) -> Option<Color> {
        match self.viewer {
            Viewer::Player(c) => Some(c),
            Viewer::Spectator => None,
        }
    }

    /// Legal targets of the piece on `from` (for highlighting).
    pub fn targets_from(&self, from: Square) -> impl Iterator<Item = Square> + '_ {
        self.legal_moves
            .iter()
            .filter(move |m| m.from == from && m.rescue.is_none())
            .map(|m| m.to)
    }
}
