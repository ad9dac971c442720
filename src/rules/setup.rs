//! One side's set-up: validation with a precise error per fault, the set-up string, and
//! random set-ups from a seed.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::piece::{Color, Rank};
use super::square::Square;
use super::variant::Rules;

/// The pieces one side places before play: a rank on each used square. Not necessarily
/// valid: [`Setup::validate`] checks it against the rules.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Setup {
    pub color: Option<Color>,
    pub pieces: BTreeMap<Square, Rank>,
}

/// Why a set-up is not valid.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// The set-up has `found` pieces of `rank`; the variant has `expected`.
    WrongCount { rank: Rank, expected: u8, found: u8 },
    /// A piece outside the side's set-up rows.
    OutsideSetupRows(Square),
    /// A piece on a lake square.
    OnLake(Square),
    /// Two pieces on one square (only a set-up string or list can say so).
    SquareUsedTwice(Square),
    /// The set-up string has a character that names no rank.
    BadCharacter { position: usize, found: char },
    /// The set-up string has the wrong length.
    WrongLength { expected: usize, found: usize },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::WrongCount {
                rank,
                expected,
                found,
            } => write!(
                f,
                "{found} {} placed, the army has {expected}",
                plural(*rank, *found)
            ),
            SetupError::OutsideSetupRows(sq) => {
                write!(f, "{sq} is outside your set-up rows")
            }
            SetupError::OnLake(sq) => write!(f, "{sq} is a lake: nothing may stand there"),
            SetupError::SquareUsedTwice(sq) => write!(f, "{sq} is used twice"),
            SetupError::BadCharacter { position, found } => write!(
                f,
                "character {} ('{}') is not a rank: use F B S 2-9 X or . for empty",
                position + 1,
                found.escape_default()
            ),
            SetupError::WrongLength { expected, found } => write!(
                f,
                "a set-up string has {expected} characters (one per square, row by row), this one has {found}"
            ),
        }
    }
}

fn plural(rank: Rank, n: u8) -> String {
    if n == 1 {
        rank.name().to_string()
    } else {
        format!("{}s", rank.name())
    }
}

impl std::error::Error for SetupError {}

/// The squares of one side's set-up rows in string order: from the side's own back row
/// forward, files `A`..`J` in each row.
pub fn setup_squares(rules: &Rules, color: Color) -> Vec<Square> {
    let depth = rules.setup_depth();
    (0..depth)
        .flat_map(|i| {
            let row = match color {
                Color::Red => i,
                Color::Blue => 9 - i,
            };
            (0..10).filter_map(move |f| Square::new(f, row))
        })
        .collect()
}

impl Setup {
    pub fn new(color: Color) -> Setup {
        Setup {
            color: Some(color),
            pieces: BTreeMap::new(),
        }
    }

    /// This set-up for `color`, the same way round for its owner: one made as Red and
    /// played as Blue is turned half a turn (back row to back row, the owner's left stays
    /// on the left), not mirrored. A set-up of no side is taken as `color`'s.
    pub fn turned_for(&self, color: Color) -> Setup {
        if self.color.is_none_or(|c| c == color) {
            let mut s = self.clone();
            s.color = Some(color);
            return s;
        }
        let pieces = self
            .pieces
            .iter()
            .filter_map(|(sq, r)| Some((Square::new(9 - sq.file(), 9 - sq.row())?, *r)))
            .collect();
        Setup {
            color: Some(color),
            pieces,
        }
    }

    /// Builds a set-up from a list, refusing a square used twice.
    pub fn from_pieces(
        color: Color,
        pieces: impl IntoIterator<Item = (Square, Rank)>,
    ) -> Result<Setup, SetupError> {
        let mut s = Setup::new(color);
        for (sq, r) in pieces {
            if s.pieces.insert(sq, r).is_some() {
                return Err(SetupError::SquareUsedTwice(sq));
            }
        }
        Ok(s)
    }

    /// Checks the set-up against the rules: every piece in the side's set-up rows, none on
    /// a lake, and exactly the variant's army. The first fault found is reported.
    pub fn validate(&self, rules: &Rules, color: Color) -> Result<(), SetupError> {
        for &sq in self.pieces.keys() {
            if sq.is_lake() {
                return Err(SetupError::OnLake(sq));
            }
            if !rules.is_setup_row(color, sq.row()) {
                return Err(SetupError::OutsideSetupRows(sq));
            }
        }
        let counts = self.counts();
        for rank in Rank::ALL {
            let expected = rules.variant.count(rank);
            let found = counts[rank.index()];
            if found != expected {
                return Err(SetupError::WrongCount {
                    rank,
                    expected,
                    found,
                });
            }
        }
        Ok(())
    }

    /// How many pieces of each rank are placed, indexed by [`Rank::index`].
    pub fn counts(&self) -> [u8; 12] {
        let mut c = [0u8; 12];
        for r in self.pieces.values() {
            c[r.index()] = c[r.index()].saturating_add(1);
        }
        c
    }

    /// Pieces of each rank still to place, indexed by [`Rank::index`].
    pub fn left_to_place(&self, rules: &Rules) -> [u8; 12] {
        let placed = self.counts();
        let mut left = [0u8; 12];
        for r in Rank::ALL {
            left[r.index()] = rules.variant.count(r).saturating_sub(placed[r.index()]);
        }
        left
    }

    /// The set-up string: one character per set-up square, rows from the side's own back
    /// row forward, files `A`..`J` (Classic: 40 characters). Ranks `F B S 2 3 4 5 6 7 8 9 X`
    /// (modern numbers, `X` the Marshal), `.` for an empty square.
    pub fn to_setup_string(&self, rules: &Rules, color: Color) -> String {
        setup_squares(rules, color)
            .into_iter()
            .map(|sq| self.pieces.get(&sq).map_or('.', |r| r.setup_char()))
            .collect()
    }

    /// Parses a set-up string (see [`Setup::to_setup_string`]) and validates it. Spaces,
    /// `/` and line breaks between rows are ignored.
    pub fn parse(s: &str, rules: &Rules, color: Color) -> Result<Setup, SetupError> {
        let squares = setup_squares(rules, color);
        let chars: Vec<char> = s
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '/')
            .collect();
        if chars.len() != squares.len() {
            return Err(SetupError::WrongLength {
                expected: squares.len(),
                found: chars.len(),
            });
        }
        let mut setup = Setup::new(color);
        for (i, (&c, sq)) in chars.iter().zip(squares).enumerate() {
            if c == '.' || c == '-' {
                continue;
            }
            let rank = Rank::from_setup_char(c).ok_or(SetupError::BadCharacter {
                position: i,
                found: c,
            })?;
            setup.pieces.insert(sq, rank);
        }
        setup.validate(rules, color)?;
        Ok(setup)
    }

    /// A valid random set-up, the same for the same seed.
    pub fn random(rules: &Rules, color: Color, seed: u64) -> Setup {
        let mut rng = SplitMix64(seed);
        let mut squares: Vec<Square> = setup_squares(rules, color)
            .into_iter()
            .filter(|s| !s.is_lake())
            .collect();
        // Fisher-Yates.
        for i in (1..squares.len()).rev() {
            let j = (rng.next() % (i as u64 + 1)) as usize;
            squares.swap(i, j);
        }
        let mut setup = Setup::new(color);
        for (sq, rank) in squares.into_iter().zip(rules.variant.army()) {
            setup.pieces.insert(sq, rank);
        }
        setup
    }
}

/// A small deterministic generator (SplitMix64), so the rules need no random crate.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn random_setups_are_valid_and_round_trip() {
        for v in Variant::ALL {
            let rules = Rules::standard(v);
            for color in Color::ALL {
                for seed in 0..20 {
                    let s = Setup::random(&rules, color, seed);
                    s.validate(&rules, color).unwrap();
                    let text = s.to_setup_string(&rules, color);
                    assert_eq!(Setup::parse(&text, &rules, color).unwrap(), s);
                }
            }
        }
    }
}
