//! Why a move is illegal: one [`IllegalReason`] per rule a move can break, as data: the
//! screens and the server's refusal word it in the player's language from the catalogs
//! (`proto::illegal_notice`); its [`Display`](fmt::Display) is one English sentence for
//! logs and the command-line tools (`archive check`, the arena).
//!
//! The reason is decided in one order, the same for the full game ([`Game::check`]) and for
//! the mover's view ([`PlayerView::check`]): the game is over; not the mover's turn (views
//! only: the game always checks for the side to move); no piece or not the mover's piece on
//! the source square; a Bomb or the Flag; the movement itself (same square, lake, diagonal,
//! distance, a Scout's path); the mover's own piece on the target; the two-square rule; the
//! more-squares rule; then, for a move with a rescue, the rescue clauses in the order of
//! [`IllegalReason`]'s rescue variants.
//!
//! The mover's view holds everything the first steps need (own ranks, which squares are
//! occupied, lakes). For the repetition rules it has the legal moves: a move that passes
//! every other check and is not listed is barred by one of them. Which one follows from the
//! mover's own last move, which the mover knows (it is in the history): the two-square rule
//! bars only the way back of that move, the more-squares rule never bars it (see the module
//! documentation of `game.rs`). Rescues made so far and the piece that made the last one
//! also come from the history.
//!
//! [`Game::check`]: super::Game::check

use std::fmt;

use super::piece::{Color, Rank};
use super::square::Square;
use super::types::{BattleResult, Move, PlayerView, Rescue, ViewMove, Viewer};

/// Why a move was refused. Each reason has one English sentence (its `Display`), starting
/// in lower case, for logs and tools; players read the catalogs' `game-illegal-…`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IllegalReason {
    GameOver,
    /// The mover's view only: the game always checks for the side to move.
    NotYourTurn,
    /// No piece on the source square (or it is a lake).
    NoPiece(Square),
    NotYourPiece(Square),
    /// A Bomb or the Flag.
    NeverMoves(Rank),
    SameSquare,
    Lake(Square),
    Diagonal,
    /// A piece other than a Scout asked to go more than one square.
    OnlyScoutsRun,
    ScoutCrossesLake,
    ScoutBlocked,
    /// The mover's own piece stands on the target square.
    OwnPiece(Square),
    /// The piece went back and forth between these two squares `times` times in a row (the
    /// move's source and target).
    TwoSquareRule {
        squares: (Square, Square),
        times: u8,
    },
    MoreSquaresRule,
    RescueNotPlayed,
    RescueNotOnBackRow,
    RescueByAttack,
    ScoutRescue,
    BombRescue,
    TwoRescuesMade,
    RescuerAgain,
    /// No captured piece of this rank to bring back.
    NoneCaptured(Rank),
    /// Not an empty square of the mover's own half.
    RescueSquare(Square),
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalReason::*;
        match *self {
            GameOver => f.write_str("the game is over"),
            NotYourTurn => f.write_str("it is not your turn"),
            NoPiece(s) => write!(f, "there is no piece on {s}"),
            NotYourPiece(s) => write!(f, "the piece on {s} is not yours"),
            NeverMoves(Rank::Flag) => f.write_str("the Flag never moves"),
            NeverMoves(r) => write!(f, "{}s never move", r.name()),
            SameSquare => f.write_str("a piece must move to another square"),
            Lake(s) => write!(f, "{s} is a lake: nothing may enter it"),
            Diagonal => f.write_str("pieces move straight, never diagonally"),
            OnlyScoutsRun => f.write_str("only Scouts move more than one square"),
            ScoutCrossesLake => f.write_str("Scouts cannot cross a lake"),
            ScoutBlocked => f.write_str("Scouts cannot pass over pieces"),
            OwnPiece(s) => write!(f, "you cannot attack your own piece on {s}"),
            TwoSquareRule { squares, times } => write!(
                f,
                "two-square rule: this piece has moved between {} and {} {} in a row",
                squares.0.min(squares.1),
                squares.0.max(squares.1),
                times_word(times)
            ),
            MoreSquaresRule => {
                f.write_str("more-squares rule: this move would repeat a position of your chase")
            }
            RescueNotPlayed => f.write_str("rescue is not played in this game"),
            RescueNotOnBackRow => f.write_str("a rescue needs a move onto the enemy back row"),
            RescueByAttack => {
                f.write_str("a rescue needs a move onto an empty square, not an attack")
            }
            ScoutRescue => f.write_str("Scouts cannot rescue"),
            BombRescue => f.write_str("a Bomb cannot be rescued"),
            TwoRescuesMade => f.write_str("you have already made two rescues"),
            RescuerAgain => f.write_str("this piece has already made a rescue"),
            NoneCaptured(r) => write!(f, "you have no captured {} to rescue", r.name()),
            RescueSquare(s) => write!(
                f,
                "a rescued piece goes on an empty square of your own half; {s} is not one"
            ),
        }
    }
}

impl std::error::Error for IllegalReason {}

/// `once`, `twice`, `three times` ...
fn times_word(n: u8) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    match n {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        n if (n as usize) < WORDS.len() => format!("{} times", WORDS[n as usize]),
        n => format!("{n} times"),
    }
}

/// A move the game refused, with the reason; the game is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IllegalMove {
    pub mv: Move,
    pub reason: IllegalReason,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.mv, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

/// The movement itself, for a piece of rank `rank` (`None`: not known, taken as movable):
/// another square, no lake, straight, one square unless a Scout whose path is free.
/// `occupied` tells whether a square holds a piece.
pub(super) fn check_movement(
    from: Square,
    to: Square,
    rank: Option<Rank>,
    occupied: impl Fn(Square) -> bool,
) -> Result<(), IllegalReason> {
    if from == to {
        return Err(IllegalReason::SameSquare);
    }
    if to.is_lake() {
        return Err(IllegalReason::Lake(to));
    }
    let (ff, fr, tf, tr) = (
        from.file() as i8,
        from.row() as i8,
        to.file() as i8,
        to.row() as i8,
    );
    if ff != tf && fr != tr {
        return Err(IllegalReason::Diagonal);
    }
    let dist = (ff - tf).abs() + (fr - tr).abs();
    if dist == 1 {
        return Ok(());
    }
    match rank {
        Some(Rank::Scout) | None => {}
        Some(_) => return Err(IllegalReason::OnlyScoutsRun),
    }
    let (df, dr) = ((tf - ff).signum(), (tr - fr).signum());
    let mut cur = from;
    for _ in 1..dist {
        // Between two squares of the board on one line: always on the board.
        cur = cur
            .offset(df, dr)
            .expect("between two squares of the board");
        if cur.is_lake() {
            return Err(IllegalReason::ScoutCrossesLake);
        }
        if occupied(cur) {
            return Err(IllegalReason::ScoutBlocked);
        }
    }
    Ok(())
}

/// The row a rescuing move of `c` must reach.
pub(super) const fn enemy_back_row(c: Color) -> u8 {
    match c {
        Color::Red => 9,
        Color::Blue => 0,
    }
}

/// Whether `s` is in `c`'s own half of the board.
pub(super) const fn in_own_half(c: Color, s: Square) -> bool {
    match c {
        Color::Red => s.row() < 5,
        Color::Blue => s.row() >= 5,
    }
}

/// What deciding a rescue needs to know, taken from the game or from the mover's view.
pub(super) struct RescueFacts<C: Fn(Rank) -> bool, E: Fn(Square) -> bool> {
    pub played: bool,
    pub color: Color,
    /// The moving piece is a Scout.
    pub scout: bool,
    pub mv: Move,
    pub attack: bool,
    /// Rescues the mover made so far.
    pub made: u8,
    /// The moving piece made the mover's last rescue.
    pub rescuer: bool,
    /// Whether a piece of this rank of the mover's was captured (and not rescued yet).
    pub captured: C,
    /// Whether a square is empty now.
    pub empty: E,
}

impl<C: Fn(Rank) -> bool, E: Fn(Square) -> bool> RescueFacts<C, E> {
    /// The rescue clauses, in order (see the module documentation).
    pub(super) fn check(&self, r: Rescue) -> Result<(), IllegalReason> {
        use IllegalReason::*;
        if !self.played {
            return Err(RescueNotPlayed);
        }
        if self.mv.to.row() != enemy_back_row(self.color) {
            return Err(RescueNotOnBackRow);
        }
        if self.attack {
            return Err(RescueByAttack);
        }
        if self.scout {
            return Err(ScoutRescue);
        }
        if r.rank == Rank::Bomb {
            return Err(BombRescue);
        }
        if self.made >= 2 {
            return Err(TwoRescuesMade);
        }
        if self.rescuer {
            return Err(RescuerAgain);
        }
        if !(self.captured)(r.rank) {
            return Err(NoneCaptured(r.rank));
        }
        let s = r.to;
        if s.is_lake()
            || !in_own_half(self.color, s)
            || s == self.mv.to
            || (s != self.mv.from && !(self.empty)(s))
        {
            return Err(RescueSquare(s));
        }
        Ok(())
    }
}

impl PlayerView {
    /// Whether the viewer may play `mv` now and, if not, why, from what the viewer knows:
    /// this view and `history`, the moves so far as the viewer knows them
    /// ([`Game::history`](super::Game::history)). For the side to move it gives exactly what
    /// [`Game::check`](super::Game::check) gives; a spectator, or a player whose turn it is
    /// not, gets [`IllegalReason::NotYourTurn`] (once the game is over,
    /// [`IllegalReason::GameOver`]).
    pub fn check(&self, mv: &Move, history: &[ViewMove]) -> Result<(), IllegalReason> {
        use IllegalReason::*;
        if self.outcome.is_some() {
            return Err(GameOver);
        }
        let me = match self.viewer {
            Viewer::Player(c) if c == self.to_move => c,
            _ => return Err(NotYourTurn),
        };
        let piece = self.piece_at(mv.from).ok_or(NoPiece(mv.from))?;
        if piece.color != me {
            return Err(NotYourPiece(mv.from));
        }
        if let Some(r) = piece.rank.filter(|r| !r.is_movable()) {
            return Err(NeverMoves(r));
        }
        check_movement(mv.from, mv.to, piece.rank, |s| self.piece_at(s).is_some())?;
        let target = self.piece_at(mv.to);
        if target.is_some_and(|t| t.color == me) {
            return Err(OwnPiece(mv.to));
        }
        let own_moves = || history.iter().filter(move |m| m.mover == me);
        if !self.legal_moves.contains(&Move::new(mv.from, mv.to)) {
            // Barred by a repetition rule: the two-square rule bars only the way back of
            // the mover's last move, the more-squares rule never does.
            let last = own_moves().next_back();
            return Err(match last {
                Some(l) if l.from == mv.to && l.to == mv.from => TwoSquareRule {
                    squares: (mv.from, mv.to),
                    times: self.rules.options.two_square_limit.max(1),
                },
                _ => MoreSquaresRule,
            });
        }
        let Some(r) = mv.rescue else {
            return Ok(());
        };
        let facts = RescueFacts {
            played: self.rules.options.rescue,
            color: me,
            scout: piece.rank == Some(Rank::Scout),
            mv: *mv,
            attack: target.is_some(),
            made: own_moves().filter(|m| m.rescue.is_some()).count() as u8,
            rescuer: last_rescuer_at(history, me) == Some(mv.from),
            captured: |rank| {
                self.captured
                    .iter()
                    .any(|c| c.color == me && c.rank == Some(rank))
            },
            empty: |s| self.piece_at(s).is_none(),
        };
        facts.check(r)
    }
}

/// Where the piece of `me` that made `me`'s last rescue stands now (`None`: no rescue yet,
/// or the piece was captured), followed through the history.
fn last_rescuer_at(history: &[ViewMove], me: Color) -> Option<Square> {
    let start = history
        .iter()
        .rposition(|m| m.mover == me && m.rescue.is_some())?;
    let mut at = history[start].to;
    for m in &history[start + 1..] {
        let result = m.battle.map(|b| b.result);
        if m.mover == me && m.from == at {
            match result {
                None | Some(BattleResult::AttackerWins) => at = m.to,
                Some(_) => return None,
            }
        } else if m.mover != me && m.to == at {
            match result {
                Some(BattleResult::DefenderWins) => {}
                _ => return None,
            }
        }
    }
    Some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn one_sentence_per_reason() {
        use IllegalReason::*;
        let cases = [
            (GameOver, "the game is over"),
            (NotYourTurn, "it is not your turn"),
            (NoPiece(sq("C4")), "there is no piece on C4"),
            (NotYourPiece(sq("E7")), "the piece on E7 is not yours"),
            (NeverMoves(Rank::Bomb), "Bombs never move"),
            (NeverMoves(Rank::Flag), "the Flag never moves"),
            (Lake(sq("C5")), "C5 is a lake: nothing may enter it"),
            (OnlyScoutsRun, "only Scouts move more than one square"),
            (OwnPiece(sq("E5")), "you cannot attack your own piece on E5"),
            (
                TwoSquareRule {
                    squares: (sq("E3"), sq("E2")),
                    times: 3,
                },
                "two-square rule: this piece has moved between E2 and E3 three times in a row",
            ),
            (
                NoneCaptured(Rank::General),
                "you have no captured General to rescue",
            ),
        ];
        for (reason, text) in cases {
            assert_eq!(reason.to_string(), text);
        }
        let m = IllegalMove {
            mv: Move::new(sq("E2"), sq("E3")),
            reason: SameSquare,
        };
        assert_eq!(m.to_string(), "E2 E3: a piece must move to another square");
    }

    #[test]
    fn times_in_words() {
        assert_eq!(times_word(1), "once");
        assert_eq!(times_word(2), "twice");
        assert_eq!(times_word(5), "five times");
        assert_eq!(times_word(12), "12 times");
    }

    #[test]
    fn movement() {
        use IllegalReason::*;
        let free = |_| false;
        let ok = |a, b, r| check_movement(sq(a), sq(b), Some(r), free);
        assert_eq!(ok("E2", "E2", Rank::Scout), Err(SameSquare));
        assert_eq!(ok("C4", "C5", Rank::Scout), Err(Lake(sq("C5"))));
        assert_eq!(ok("E2", "F3", Rank::Scout), Err(Diagonal));
        assert_eq!(ok("E2", "E4", Rank::Major), Err(OnlyScoutsRun));
        assert_eq!(ok("C2", "C8", Rank::Scout), Err(ScoutCrossesLake));
        assert_eq!(ok("A1", "A10", Rank::Scout), Ok(()));
        assert_eq!(
            check_movement(sq("A1"), sq("A10"), Some(Rank::Scout), |s| s == sq("A7")),
            Err(ScoutBlocked)
        );
    }
}
