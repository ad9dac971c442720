//! Variants (armies, set-up rows) and the independent rule options of RULES.md.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::piece::{Color, Rank};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Variant {
    /// 40 pieces on four rows.
    Classic,
    /// 10 pieces on three rows (or four, see [`Options::duel_setup_rows`]).
    Duel,
    /// 8 pieces anywhere in four rows (ISF).
    Barrage,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::Classic, Variant::Duel, Variant::Barrage];

    /// How many pieces of a rank each side has.
    pub const fn count(self, rank: Rank) -> u8 {
        match self {
            Variant::Classic => match rank {
                Rank::Marshal | Rank::General | Rank::Spy | Rank::Flag => 1,
                Rank::Colonel => 2,
                Rank::Major => 3,
                Rank::Captain | Rank::Lieutenant | Rank::Sergeant => 4,
                Rank::Miner => 5,
                Rank::Scout => 8,
                Rank::Bomb => 6,
            },
            Variant::Duel => match rank {
                Rank::Marshal | Rank::General | Rank::Spy | Rank::Flag => 1,
                Rank::Miner | Rank::Scout | Rank::Bomb => 2,
                _ => 0,
            },
            Variant::Barrage => match rank {
                Rank::Marshal | Rank::General | Rank::Spy | Rank::Flag | Rank::Miner => 1,
                Rank::Scout => 2,
                Rank::Bomb => 1,
                _ => 0,
            },
        }
    }

    /// The whole army of one side, strongest first (one entry per piece).
    pub fn army(self) -> Vec<Rank> {
        Rank::ALL
            .into_iter()
            .flat_map(|r| std::iter::repeat_n(r, self.count(r) as usize))
            .collect()
    }

    /// Pieces per side: 40, 10, 8.
    pub fn army_size(self) -> usize {
        Rank::ALL.iter().map(|&r| self.count(r) as usize).sum()
    }

    pub const fn name(self) -> &'static str {
        match self {
            Variant::Classic => "Classic",
            Variant::Duel => "Duel",
            Variant::Barrage => "Barrage",
        }
    }

    /// Parses `classic`, `duel` (also `duell`), `barrage`, case-insensitive.
    pub fn parse(s: &str) -> Option<Variant> {
        match s.trim().to_ascii_lowercase().as_str() {
            "classic" | "c" => Some(Variant::Classic),
            "duel" | "duell" | "d" => Some(Variant::Duel),
            "barrage" | "b" => Some(Variant::Barrage),
            _ => None,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// When a side whose movable pieces are all blocked loses.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Immobility {
    /// The side to move with no legal move loses (the rule books).
    #[default]
    OnTurn,
    /// After every move, a side whose movable pieces are all blocked loses at once, whoever
    /// is to move; both: draw (the Gravon server).
    Immediate,
}

/// An optional cap that ends the game in a draw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct MoveCap {
    /// Draw after this many plies in all (e.g. 2,000 moves = 2,000 plies).
    pub total_plies: Option<u32>,
    /// Draw after this many plies in a row without a battle (e.g. 200).
    pub plies_without_battle: Option<u32>,
}

/// The rule options, each independent of the others.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Options {
    /// Two-square rule: at most this many consecutive moves of one piece between the same
    /// two squares (2, 3 or 5); 0: no two-square rule (the UCC 2012 rules).
    pub two_square_limit: u8,
    /// More-squares (chasing) rule, ISF 11.
    pub more_squares: bool,
    /// Equal ranks: the attacker wins.
    pub aggressor_advantage: bool,
    /// Only the attacker reveals its rank (except when a Scout attacks).
    pub silent_defense: bool,
    /// Reaching the enemy back row returns one captured piece (at most two per player).
    pub rescue: bool,
    /// Duel only: set-up depth, 3 or 4 rows.
    pub duel_setup_rows: u8,
    pub immobility: Immobility,
    pub move_cap: MoveCap,
}

impl Default for Options {
    /// The defaults for rated games: two-square limit 3, more-squares rule on, no
    /// tournament options, Duel in three rows, immobility checked on turn, no cap.
    fn default() -> Self {
        Options {
            two_square_limit: 3,
            more_squares: true,
            aggressor_advantage: false,
            silent_defense: false,
            rescue: false,
            duel_setup_rows: 3,
            immobility: Immobility::OnTurn,
            move_cap: MoveCap::default(),
        }
    }
}

impl Options {
    /// The rules of the Gravon server: limit 5, no more-squares rule, immediate immobility,
    /// Duel in four rows.
    pub fn gravon() -> Options {
        Options {
            two_square_limit: 5,
            more_squares: false,
            duel_setup_rows: 4,
            immobility: Immobility::Immediate,
            ..Options::default()
        }
    }

    /// Short human description, e.g. `2sq:3 chase AA SD R`.
    pub fn summary(&self) -> String {
        let mut s = match self.two_square_limit {
            0 => "2sq:off".to_string(),
            n => format!("2sq:{n}"),
        };
        if self.more_squares {
            s.push_str(" chase");
        }
        if self.aggressor_advantage {
            s.push_str(" AA");
        }
        if self.silent_defense {
            s.push_str(" SD");
        }
        if self.rescue {
            s.push_str(" rescue");
        }
        if self.immobility == Immobility::Immediate {
            s.push_str(" immob:now");
        }
        s
    }
}

/// A variant with its options: everything needed to play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Rules {
    pub variant: Variant,
    pub options: Options,
}

impl Rules {
    pub fn new(variant: Variant, options: Options) -> Rules {
        Rules { variant, options }
    }

    /// The rules the 2012 UCC AI competition's agents were written for (its referee's
    /// manual): Classic, no two-square and no more-squares rule, a side with no legal move
    /// loses, a draw after 999 moves of each side (1,998 plies: what its referee's
    /// `-m 1000` plays).
    pub fn ucc2012() -> Rules {
        Rules::new(
            Variant::Classic,
            Options {
                two_square_limit: 0,
                more_squares: false,
                move_cap: MoveCap {
                    total_plies: Some(1998),
                    plies_without_battle: None,
                },
                ..Options::default()
            },
        )
    }

    /// The variant with the rated-game defaults.
    pub fn standard(variant: Variant) -> Rules {
        Rules::new(variant, Options::default())
    }

    /// How many rows from the back row each side sets up on: 4, or 3/4 for Duel.
    pub fn setup_depth(&self) -> u8 {
        match self.variant {
            Variant::Duel => self.options.duel_setup_rows.clamp(3, 4),
            _ => 4,
        }
    }

    /// Whether `row` (0..10) is one of `color`'s set-up rows.
    pub fn is_setup_row(&self, color: Color, row: u8) -> bool {
        let d = self.setup_depth();
        match color {
            Color::Red => row < d,
            Color::Blue => row >= 10 - d,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn armies_have_40_10_8_pieces() {
        assert_eq!(Variant::Classic.army_size(), 40);
        assert_eq!(Variant::Duel.army_size(), 10);
        assert_eq!(Variant::Barrage.army_size(), 8);
        assert_eq!(Variant::Classic.army().len(), 40);
    }
}
