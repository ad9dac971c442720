//! Colours, ranks and pieces.

use std::fmt;

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    Red,
    Blue,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Red, Color::Blue];

    pub const fn opposite(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "Red",
            Color::Blue => "Blue",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value for each side, indexed by [`Color`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct ByColor<T> {
    pub red: T,
    pub blue: T,
}

impl<T> ByColor<T> {
    pub fn new(red: T, blue: T) -> Self {
        ByColor { red, blue }
    }
    pub fn get(&self, c: Color) -> &T {
        match c {
            Color::Red => &self.red,
            Color::Blue => &self.blue,
        }
    }
    pub fn get_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Red => &mut self.red,
            Color::Blue => &mut self.blue,
        }
    }
}

/// The kind of a piece. Discriminants are the modern numbers (Spy 1 .. Marshal 10);
/// Bomb and Flag come after.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rank {
    Spy = 1,
    Scout = 2,
    Miner = 3,
    Sergeant = 4,
    Lieutenant = 5,
    Captain = 6,
    Major = 7,
    Colonel = 8,
    General = 9,
    Marshal = 10,
    Bomb = 11,
    Flag = 12,
}

/// Which numbering the interface shows (a player setting; the rules are the same).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Numbering {
    /// Marshal 10 .. Scout 2, Spy 1 shown as `S`.
    #[default]
    Modern,
    /// Marshal 1 .. Scout 9, Spy `S` (seed 000).
    Classic,
}

impl Rank {
    /// Strongest first, as listed in RULES.md.
    pub const ALL: [Rank; 12] = [
        Rank::Marshal,
        Rank::General,
        Rank::Colonel,
        Rank::Major,
        Rank::Captain,
        Rank::Lieutenant,
        Rank::Sergeant,
        Rank::Miner,
        Rank::Scout,
        Rank::Spy,
        Rank::Bomb,
        Rank::Flag,
    ];

    pub const fn index(self) -> usize {
        self as usize - 1
    }

    pub const fn from_index(i: usize) -> Option<Rank> {
        match i {
            0 => Some(Rank::Spy),
            1 => Some(Rank::Scout),
            2 => Some(Rank::Miner),
            3 => Some(Rank::Sergeant),
            4 => Some(Rank::Lieutenant),
            5 => Some(Rank::Captain),
            6 => Some(Rank::Major),
            7 => Some(Rank::Colonel),
            8 => Some(Rank::General),
            9 => Some(Rank::Marshal),
            10 => Some(Rank::Bomb),
            11 => Some(Rank::Flag),
            _ => None,
        }
    }

    /// Bomb and Flag never move.
    pub const fn is_movable(self) -> bool {
        !matches!(self, Rank::Bomb | Rank::Flag)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Rank::Spy => "Spy",
            Rank::Scout => "Scout",
            Rank::Miner => "Miner",
            Rank::Sergeant => "Sergeant",
            Rank::Lieutenant => "Lieutenant",
            Rank::Captain => "Captain",
            Rank::Major => "Major",
            Rank::Colonel => "Colonel",
            Rank::General => "General",
            Rank::Marshal => "Marshal",
            Rank::Bomb => "Bomb",
            Rank::Flag => "Flag",
        }
    }

    /// Short label in the given numbering: `10`, `9`, .. `2`, `S`, `B`, `F` (modern) or
    /// `1`, `2`, .. `9`, `S`, `B`, `F` (classic).
    pub const fn label(self, numbering: Numbering) -> &'static str {
        match (self, numbering) {
            (Rank::Spy, _) => "S",
            (Rank::Bomb, _) => "B",
            (Rank::Flag, _) => "F",
            (Rank::Scout, Numbering::Modern) => "2",
            (Rank::Miner, Numbering::Modern) => "3",
            (Rank::Sergeant, Numbering::Modern) => "4",
            (Rank::Lieutenant, Numbering::Modern) => "5",
            (Rank::Captain, Numbering::Modern) => "6",
            (Rank::Major, Numbering::Modern) => "7",
            (Rank::Colonel, Numbering::Modern) => "8",
            (Rank::General, Numbering::Modern) => "9",
            (Rank::Marshal, Numbering::Modern) => "10",
            (Rank::Scout, Numbering::Classic) => "9",
            (Rank::Miner, Numbering::Classic) => "8",
            (Rank::Sergeant, Numbering::Classic) => "7",
            (Rank::Lieutenant, Numbering::Classic) => "6",
            (Rank::Captain, Numbering::Classic) => "5",
            (Rank::Major, Numbering::Classic) => "4",
            (Rank::Colonel, Numbering::Classic) => "3",
            (Rank::General, Numbering::Classic) => "2",
            (Rank::Marshal, Numbering::Classic) => "1",
        }
    }

    /// One character per rank, used by the set-up string: `F B S 2 3 4 5 6 7 8 9 X`
    /// (modern numbers, `X` for the Marshal).
    pub const fn setup_char(self) -> char {
        match self {
            Rank::Spy => 'S',
            Rank::Scout => '2',
            Rank::Miner => '3',
            Rank::Sergeant => '4',
            Rank::Lieutenant => '5',
            Rank::Captain => '6',
            Rank::Major => '7',
            Rank::Colonel => '8',
            Rank::General => '9',
            Rank::Marshal => 'X',
            Rank::Bomb => 'B',
            Rank::Flag => 'F',
        }
    }

    pub fn from_setup_char(c: char) -> Option<Rank> {
        Rank::ALL
            .into_iter()
            .find(|r| r.setup_char() == c.to_ascii_uppercase())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rank of one colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Piece {
    pub color: Color,
    pub rank: Rank,
}

impl Piece {
    pub const fn new(color: Color, rank: Rank) -> Piece {
        Piece { color, rank }
    }
}
