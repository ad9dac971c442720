//! Computer opponents: a [`Bot`] sees only its own [`PlayerView`] and answers with a set-up
//! and then one move per turn. Bots are pure (no I/O, no async) and deterministic for a
//! seed.
//!
//! Levels ([`BotLevel`]):
//! - `random` ([`RandomBot`]): uniform over the legal moves, random set-up;
//! - `easy` ([`EasyBot`]): one-ply heuristics over the legal moves (expected battle value
//!   from a belief over unknown pieces, safety, probing with Scouts, Miners towards
//!   suspected bombs, flag hunting, flag guard), sound generated set-ups;
//! - `hard` ([`HardBot`]): a belief over every unknown enemy piece, positions sampled from it
//!   (determinization) and searched with alpha-beta and a heuristic evaluation within a
//!   time or node budget; root moves are scored by their average over the samples.
//!
//! The [`arena`] plays many games between two levels.

pub mod analysis;
pub mod arena;
pub mod battles;
pub mod belief;
mod easy;
mod hard;
pub mod setups;
mod sim;

pub use easy::EasyBot;
#[cfg(test)]
pub(crate) use hard::{probe_samples, probe_terms};
pub use hard::{HardBot, HardConfig, NODE_BUDGET, SWITCHES};

use serde::{Deserialize, Serialize};

use crate::rules::{Color, Move, PlayerView, Rank, Rules, Setup, SplitMix64, Square};

/// Computer opponent strength.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum BotLevel {
    Random,
    Easy,
    Hard,
}

impl BotLevel {
    pub const ALL: [BotLevel; 3] = [BotLevel::Random, BotLevel::Easy, BotLevel::Hard];
    pub fn name(self) -> &'static str {
        match self {
            BotLevel::Random => "random",
            BotLevel::Easy => "easy",
            BotLevel::Hard => "hard",
        }
    }
}

/// A computer player. It sees only its own view of the game.
pub trait Bot: Send {
    /// The set-up this bot plays with.
    fn setup(&mut self, rules: &Rules, color: Color) -> Setup;
    /// A move from `view.legal_moves`; `None` when there is none.
    fn choose(&mut self, view: &PlayerView) -> Option<Move>;
    /// Whether to accept the opponent's draw offer, asked on the bot's turn before
    /// `choose` (default: never).
    fn accepts_draw(&mut self, _view: &PlayerView) -> bool {
        false
    }
    /// Whether to offer a draw now, asked on the bot's turn before `choose` (default:
    /// never).
    fn offers_draw(&mut self, _view: &PlayerView) -> bool {
        false
    }
    /// Whether to resign now rather than play on, asked on the bot's turn before `choose`
    /// (default: never).
    fn resigns(&mut self, _view: &PlayerView) -> bool {
        false
    }
}

/// Uniform over the legal moves; random set-up.
pub struct RandomBot {
    rng: SplitMix64,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: SplitMix64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn setup(&mut self, rules: &Rules, color: Color) -> Setup {
        Setup::random(rules, color, self.rng.next())
    }

    fn choose(&mut self, view: &PlayerView) -> Option<Move> {
        if view.legal_moves.is_empty() {
            return None;
        }
        let i = self.rng.below(view.legal_moves.len());
        Some(view.legal_moves[i])
    }
}

/// A bot of the given level, deterministic for `seed` (the hard bot with its default
/// budget of one second per move).
pub fn make(level: BotLevel, seed: u64) -> Box<dyn Bot> {
    match level {
        BotLevel::Random => Box::new(RandomBot::new(seed)),
        BotLevel::Easy => Box::new(EasyBot::new(seed)),
        BotLevel::Hard => Box::new(HardBot::new(seed, HardConfig::default())),
    }
}

/// The material value of a rank for the heuristics (the Flag: the game).
pub(crate) fn value(r: Rank) -> f64 {
    match r {
        Rank::Spy => 30.0,
        Rank::Scout => 10.0,
        Rank::Miner => 25.0,
        Rank::Sergeant => 15.0,
        Rank::Lieutenant => 20.0,
        Rank::Captain => 30.0,
        Rank::Major => 45.0,
        Rank::Colonel => 65.0,
        Rank::General => 90.0,
        Rank::Marshal => 120.0,
        Rank::Bomb => 12.0,
        Rank::Flag => 1000.0,
    }
}

/// The squares next to `sq` that are not lakes.
pub(crate) fn neighbours(sq: Square) -> impl Iterator<Item = Square> {
    [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)]
        .into_iter()
        .filter_map(move |(df, dr)| sq.offset(df, dr))
        .filter(|s| !s.is_lake())
}

/// A uniform float in `[0, 1)`.
pub(crate) fn unit(rng: &mut SplitMix64) -> f64 {
    (rng.next() >> 11) as f64 / (1u64 << 53) as f64
}

/// An index drawn with probability proportional to `weights` (all ≥ 0); `None` when they
/// sum to zero.
pub(crate) fn weighted(rng: &mut SplitMix64, weights: &[f64]) -> Option<usize> {
    let total: f64 = weights.iter().sum();
    if total <= 0.0 || !total.is_finite() {
        return None;
    }
    let mut x = unit(rng) * total;
    let mut last = None;
    for (i, &w) in weights.iter().enumerate() {
        if w > 0.0 {
            if x < w {
                return Some(i);
            }
            x -= w;
            last = Some(i);
        }
    }
    last
}
