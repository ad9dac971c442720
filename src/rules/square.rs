//! Squares of the 10x10 board.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the 100 squares. Index = `row * 10 + file`, row 0 is rank 1 (Red's back row),
/// file 0 is `A`. Written `C4` (file letter `A`..`J`, rank `1`..`10`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Square(u8);

/// The four squares of each lake.
pub const LAKES: [Square; 8] = [
    Square(42),
    Square(43),
    Square(52),
    Square(53),
    Square(46),
    Square(47),
    Square(56),
    Square(57),
];

impl Square {
    /// `file` 0..10 (`A`..`J`), `row` 0..10 (rank 1..10).
    pub const fn new(file: u8, row: u8) -> Option<Square> {
        if file < 10 && row < 10 {
            Some(Square(row * 10 + file))
        } else {
            None
        }
    }

    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 100 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0..10, `A` is 0.
    pub const fn file(self) -> u8 {
        self.0 % 10
    }

    /// 0..10, rank 1 is 0.
    pub const fn row(self) -> u8 {
        self.0 / 10
    }

    pub const fn is_lake(self) -> bool {
        let (f, r) = (self.file(), self.row());
        (r == 4 || r == 5) && (f == 2 || f == 3 || f == 6 || f == 7)
    }

    /// The square `df` files and `dr` rows away, if on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.row() as i8 + dr;
        if (0..10).contains(&f) && (0..10).contains(&r) {
            Some(Square((r * 10 + f) as u8))
        } else {
            None
        }
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..100u8).map(Square)
    }

    pub fn file_char(self) -> char {
        (b'A' + self.file()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.row() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square name that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square: write a file A-J and a rank 1-10, like C4",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `c4`, `C4`, `j10` (case-insensitive, surrounding spaces ignored).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let err = || ParseSquareError(t.chars().take(12).collect());
        let mut chars = t.chars();
        let file = chars.next().ok_or_else(err)?.to_ascii_uppercase();
        if !('A'..='J').contains(&file) {
            return Err(err());
        }
        let rank: u8 = chars.as_str().parse().map_err(|_| err())?;
        if !(1..=10).contains(&rank) {
            return Err(err());
        }
        Square::new(file as u8 - b'A', rank - 1).ok_or_else(err)
    }
}

impl From<Square> for String {
    fn from(s: Square) -> String {
        s.to_string()
    }
}

impl TryFrom<String> for Square {
    type Error = ParseSquareError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("J10".parse::<Square>().unwrap().index(), 99);
        assert!("K1".parse::<Square>().is_err());
        assert!("A11".parse::<Square>().is_err());
        assert!("A0".parse::<Square>().is_err());
    }

    #[test]
    fn lakes_are_the_eight_named_squares() {
        let lakes: Vec<String> = Square::all()
            .filter(|s| s.is_lake())
            .map(|s| s.to_string())
            .collect();
        assert_eq!(lakes, ["C5", "D5", "G5", "H5", "C6", "D6", "G6", "H6"]);
        assert!(LAKES.iter().all(|s| s.is_lake()));
    }
}
