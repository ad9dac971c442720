//! Computer players. A bot sees only its [`PlayerView`], exactly like a human, and its moves
//! go through the same game task and commands.

use crate::proto::BotLevel;
use crate::rules::{Color, Move, PlayerView, Rules, Setup, SplitMix64};

pub trait Bot: Send {
    /// The set-up this bot plays with.
    fn setup(&mut self, rules: &Rules, color: Color) -> Setup;
    /// A move from `view.legal_moves`, or `None` when there is none.
    fn choose(&mut self, view: &PlayerView) -> Option<Move>;
}

/// Uniform over the legal moves (for tests and load).
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

/// The levels that exist so far.
pub fn available(level: BotLevel) -> bool {
    matches!(level, BotLevel::Random)
}

/// A bot of the given level, or `None` if that level is not built yet.
pub fn make(level: BotLevel, seed: u64) -> Option<Box<dyn Bot>> {
    match level {
        BotLevel::Random => Some(Box::new(RandomBot::new(seed))),
        BotLevel::Easy | BotLevel::Hard => None,
    }
}
