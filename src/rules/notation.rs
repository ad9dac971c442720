//! Moves and battles as text, for players: the move list (`C4-C5`, `I6xI7 7x5 win`,
//! `+S@D2` for a rescue), the last battle as a sentence from one viewer's side, rank labels
//! in the chosen [`Numbering`], and reading a typed move (`c4 c5`, `c4-c5`, `C4xC5`, or one
//! square).
//!
//! Pure and shared by every screen that shows moves (game, replay). The record's own text
//! format is in `record.rs`; a move's machine form is [`Move`]'s `Display` (`C4 C5`).
//!
//! [`Move`]: super::Move

use std::fmt;

use super::piece::{Color, Numbering, Rank};
use super::square::{ParseSquareError, Square};
use super::types::{BattleResult, ViewMove};

/// A rank label, or `?` when unknown.
pub fn rank_text(r: Option<Rank>, n: Numbering) -> String {
    r.map_or("?".to_string(), |r| r.label(n).to_string())
}

/// `C4-C5`, or `C4xC5 7x5 win` for a battle, with `+S@D2` for a rescue.
pub fn move_text(m: &ViewMove, n: Numbering) -> String {
    let mut s = match m.battle {
        None => format!("{}-{}", m.from, m.to),
        Some(b) => {
            let res = match b.result {
                BattleResult::AttackerWins => "win",
                BattleResult::DefenderWins => "loss",
                BattleResult::BothRemoved => "tie",
            };
            format!(
                "{}x{} {}x{} {res}",
                m.from,
                m.to,
                rank_text(b.attacker, n),
                rank_text(b.defender, n)
            )
        }
    };
    if let Some(r) = m.rescue {
        s.push_str(&format!(" +{}@{}", r.rank.label(n), r.to));
    }
    s
}

/// `Major (7)`, or `unknown piece`.
fn piece_words(r: Option<Rank>, n: Numbering) -> String {
    match r {
        Some(r) => format!("{} ({})", r.name(), r.label(n)),
        None => "unknown piece".to_string(),
    }
}

/// A battle in plain words, from the side of `me` (`None`: a spectator), or `None` when the
/// move was no battle: `I6xI7: Your Major (7) attacked a Lieutenant (5) and won`.
pub fn battle_sentence(m: &ViewMove, me: Option<Color>, n: Numbering) -> Option<String> {
    let b = m.battle?;
    let att = piece_words(b.attacker, n);
    let def = piece_words(b.defender, n);
    let (a, d) = match me {
        Some(c) if c == m.mover => (format!("Your {att}"), with_article(&def)),
        Some(_) => (capital(&with_article(&att)), format!("your {def}")),
        None => (
            format!("{}'s {att}", m.mover),
            format!("{}'s {def}", m.mover.opposite()),
        ),
    };
    let end = match b.result {
        BattleResult::AttackerWins if b.defender == Some(Rank::Flag) => {
            " and captured the Flag".to_string()
        }
        BattleResult::AttackerWins if b.defender == Some(Rank::Bomb) => {
            " and defused it".to_string()
        }
        BattleResult::AttackerWins => " and won".to_string(),
        BattleResult::DefenderWins => " and lost".to_string(),
        BattleResult::BothRemoved => ": both were removed".to_string(),
    };
    Some(format!("{}x{}: {a} attacked {d}{end}", m.from, m.to))
}

/// `a Major`, `an unknown piece`.
fn with_article(s: &str) -> String {
    let vowel = s.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']);
    format!("{} {s}", if vowel { "an" } else { "a" })
}

/// The text with its first letter in upper case (a sentence shown on its own line).
pub fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Why typed text is not a move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ParseMoveError {
    /// One of the squares is not a square.
    Square(ParseSquareError),
    /// Not one or two squares (the text, cut to 20 characters).
    NotAMove(String),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Square(e) => e.fmt(f),
            ParseMoveError::NotAMove(t) => {
                write!(f, "'{t}': write a move as two squares, like c4 c5")
            }
        }
    }
}

impl std::error::Error for ParseMoveError {}

/// Reads `c4 c5`, `c4-c5`, `c4xc5`, `C4C5`, or a single square (the target `None`).
pub fn parse_move_text(t: &str) -> Result<(Square, Option<Square>), ParseMoveError> {
    let cleaned: String = t
        .chars()
        .map(|c| {
            if c == '-' || c == 'x' || c == 'X' || c == ',' {
                ' '
            } else {
                c
            }
        })
        .collect();
    let mut squares = vec![];
    let mut cur = String::new();
    for c in cleaned.chars() {
        if c.is_ascii_alphabetic() {
            if !cur.is_empty() {
                squares.push(std::mem::take(&mut cur));
            }
            cur.push(c);
        } else if c.is_whitespace() {
            if !cur.is_empty() {
                squares.push(std::mem::take(&mut cur));
            }
        } else {
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        squares.push(cur);
    }
    let square = |s: &String| s.parse::<Square>().map_err(ParseMoveError::Square);
    match squares.as_slice() {
        [a] => Ok((square(a)?, None)),
        [a, b] => Ok((square(a)?, Some(square(b)?))),
        _ => Err(ParseMoveError::NotAMove(cut(t, 20))),
    }
}

/// At most `max` characters, marking a cut with `~`.
fn cut(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max - 1).collect();
    out.push('~');
    out
}

#[cfg(test)]
mod tests {
    use super::super::types::{Rescue, ViewBattle};
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn battle(att: Option<Rank>, def: Option<Rank>, result: BattleResult) -> ViewMove {
        ViewMove {
            mover: Color::Red,
            from: sq("I6"),
            to: sq("I7"),
            battle: Some(ViewBattle {
                attacker: att,
                defender: def,
                result,
            }),
            rescue: None,
        }
    }

    #[test]
    fn moves_as_text() {
        let n = Numbering::Modern;
        let plain = ViewMove {
            mover: Color::Red,
            from: sq("G4"),
            to: sq("G5"),
            battle: None,
            rescue: None,
        };
        assert_eq!(move_text(&plain, n), "G4-G5");
        let b = battle(Some(Rank::Major), None, BattleResult::DefenderWins);
        assert_eq!(move_text(&b, n), "I6xI7 7x? loss");
        assert_eq!(move_text(&b, Numbering::Classic), "I6xI7 4x? loss");
        let rescue = ViewMove {
            rescue: Some(Rescue {
                rank: Rank::Scout,
                to: sq("D2"),
            }),
            ..plain
        };
        assert_eq!(move_text(&rescue, n), "G4-G5 +2@D2");
    }

    #[test]
    fn battles_in_words_from_each_side() {
        let n = Numbering::Modern;
        let m = battle(
            Some(Rank::Major),
            Some(Rank::Lieutenant),
            BattleResult::AttackerWins,
        );
        assert_eq!(
            battle_sentence(&m, Some(Color::Red), n).unwrap(),
            "I6xI7: Your Major (7) attacked a Lieutenant (5) and won"
        );
        assert_eq!(
            battle_sentence(&m, Some(Color::Blue), n).unwrap(),
            "I6xI7: A Major (7) attacked your Lieutenant (5) and won"
        );
        assert_eq!(
            battle_sentence(&m, None, n).unwrap(),
            "I6xI7: Red's Major (7) attacked Blue's Lieutenant (5) and won"
        );
        let hidden = battle(Some(Rank::Miner), None, BattleResult::BothRemoved);
        assert_eq!(
            battle_sentence(&hidden, Some(Color::Red), n).unwrap(),
            "I6xI7: Your Miner (3) attacked an unknown piece: both were removed"
        );
        let bomb = battle(
            Some(Rank::Miner),
            Some(Rank::Bomb),
            BattleResult::AttackerWins,
        );
        assert!(battle_sentence(&bomb, None, n)
            .unwrap()
            .ends_with("and defused it"));
        let flag = battle(
            Some(Rank::Scout),
            Some(Rank::Flag),
            BattleResult::AttackerWins,
        );
        assert!(battle_sentence(&flag, None, n)
            .unwrap()
            .ends_with("and captured the Flag"));
        let mut quiet = m;
        quiet.battle = None;
        assert_eq!(battle_sentence(&quiet, None, n), None);
    }

    #[test]
    fn typed_moves() {
        for t in ["c4 c5", "c4-c5", "C4xC5", "c4c5", " c4 , c5 "] {
            assert_eq!(parse_move_text(t), Ok((sq("C4"), Some(sq("C5")))), "{t}");
        }
        assert_eq!(parse_move_text("a10"), Ok((sq("A10"), None)));
        let e = parse_move_text("e4 k4").unwrap_err();
        assert!(e.to_string().contains("is not a square"), "{e}");
        let e = parse_move_text("hello there, how are you today").unwrap_err();
        assert_eq!(
            e.to_string(),
            "'hello there, how ar~': write a move as two squares, like c4 c5"
        );
    }

    #[test]
    fn capitals() {
        assert_eq!(capital("only Scouts"), "Only Scouts");
        assert_eq!(capital(""), "");
    }
}
