//! Glicko-2 ratings on top of `skillratings::glicko2` (default configuration: tau 0.5,
//! new players 1500 / 350 / 0.06). Pure: no storage.
//!
//! **Rating periods.** Each finished rated game is one rating period for both players: each
//! side is updated with [`skillratings::glicko2::glicko2_rating_period`] against the
//! opponent's rating *before* the game, with that single result. Deviations do not grow
//! between games (no decay for inactivity); that can be added later by calling
//! `decay_deviation` for the periods a player missed.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// One player's rating in one variant, with counts of rated games.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Default for Rating {
    /// A new player: 1500 / 350 / 0.06, no games.
    fn default() -> Self {
        let g = Glicko2Rating::new();
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
        }
    }
}

impl Rating {
    /// The rating as players see it.
    pub fn shown(&self) -> i32 {
        self.rating.round() as i32
    }

    /// Still settling: deviation above 110 (shown with a `?`, as lichess does).
    pub fn provisional(&self) -> bool {
        self.deviation > 110.0
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// A game's result from one player's side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    Win,
    Draw,
    Loss,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }

    pub fn flip(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

/// One rating period for `player`: `(rating, deviation, volatility)` after the `results`
/// against opponents given as `(rating, deviation, volatility)`.
pub fn rating_period(
    player: (f64, f64, f64),
    results: &[((f64, f64, f64), Score)],
) -> (f64, f64, f64) {
    let p = Glicko2Rating::from(player);
    let rs: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|&(o, s)| (Glicko2Rating::from(o), s.outcome()))
        .collect();
    let n = glicko2_rating_period(&p, &rs, &Glicko2Config::new());
    (n.rating, n.deviation, n.volatility)
}

/// Both players after one game (one rating period each); `score` is `a`'s.
pub fn rate_game(a: &Rating, b: &Rating, score: Score) -> (Rating, Rating) {
    let one = |me: &Rating, opp: &Rating, s: Score| {
        let n = glicko2_rating_period(
            &me.glicko(),
            &[(opp.glicko(), s.outcome())],
            &Glicko2Config::new(),
        );
        Rating {
            rating: n.rating,
            deviation: n.deviation,
            volatility: n.volatility,
            games: me.games + 1,
            wins: me.wins + u32::from(s == Score::Win),
            draws: me.draws + u32::from(s == Score::Draw),
            losses: me.losses + u32::from(s == Score::Loss),
        }
    };
    (one(a, b, score), one(b, a, score.flip()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of Glickman's "Example of the Glicko-2 system" (glicko.net).
    #[test]
    fn glickman_paper_example() {
        let (r, rd, vol) = rating_period(
            (1500.0, 200.0, 0.06),
            &[
                ((1400.0, 30.0, 0.06), Score::Win),
                ((1550.0, 100.0, 0.06), Score::Loss),
                ((1700.0, 300.0, 0.06), Score::Loss),
            ],
        );
        assert!((r - 1464.06).abs() < 0.01, "rating {r}");
        assert!((rd - 151.52).abs() < 0.01, "deviation {rd}");
        assert!((vol - 0.05999).abs() < 0.00001, "volatility {vol}");
    }

    #[test]
    fn one_game_is_one_period_for_each_side() {
        let a = Rating::default();
        let b = Rating {
            rating: 1700.0,
            deviation: 80.0,
            ..Rating::default()
        };
        let (a2, b2) = rate_game(&a, &b, Score::Win);
        let (r, d, v) = rating_period((1500.0, 350.0, 0.06), &[((1700.0, 80.0, 0.06), Score::Win)]);
        assert_eq!((a2.rating, a2.deviation, a2.volatility), (r, d, v));
        assert!(a2.rating > a.rating && b2.rating < b.rating);
        assert_eq!((a2.games, a2.wins, a2.losses), (1, 1, 0));
        assert_eq!((b2.games, b2.wins, b2.losses), (1, 0, 1));
        // Same as the crate's two-player update.
        let (x, y) = skillratings::glicko2::glicko2(
            &a.glicko(),
            &b.glicko(),
            &Outcomes::WIN,
            &Glicko2Config::new(),
        );
        assert!((x.rating - a2.rating).abs() < 1e-9 && (y.rating - b2.rating).abs() < 1e-9);
    }

    #[test]
    fn draw_between_equals_changes_deviation_only() {
        let (a, b) = rate_game(&Rating::default(), &Rating::default(), Score::Draw);
        assert!((a.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
        assert!(a.deviation < 350.0);
        assert_eq!(a.draws, 1);
    }
}
