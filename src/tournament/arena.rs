//! Pairing the players waiting in an arena, as lichess does.
//!
//! Rules as implemented:
//!
//! - Order: points (higher first), rating (higher first), then pid (so the answer does not
//!   depend on the order `waiting` is given in; a pid given twice counts once).
//! - Neighbours are paired (1-2, 3-4, ...), but never two players one of whom played the
//!   other in their last game (the last pairing in `played` that holds them; byes
//!   ignored). The top-most unpaired player takes the first allowed player below; if that
//!   leaves others who could have been paired unpaired, a backtracking search (bounded by a
//!   node budget, then greedy) looks for the pairing with the most pairs, the nearest
//!   neighbours preferred. Leftovers (an odd count, or nobody allowed) wait: the
//!   lowest-placed first.
//! - Colours: the one with the lower reds − blues so far gets Red; if equal, the one whose
//!   last game was Blue (if the other's was not); otherwise the higher-placed player.
//! - Output: (red, blue) pairs from the top of the order down.

use std::collections::{HashMap, HashSet};

use super::{Pairing, Pid};
use crate::rules::Color;

/// Search nodes allowed for one call.
const BUDGET: u32 = 100_000;

/// A player waiting for a game, with what the order needs.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ArenaPlayer {
    pub pid: Pid,
    pub points: u32,
    pub rating: i32,
}

/// One player's past games in the arena.
#[derive(Default)]
struct Past<'a> {
    /// Reds − blues.
    diff: i32,
    last_color: Option<Color>,
    last_opponent: Option<&'a str>,
}

/// Pairs the players waiting now in an arena: `waiting` in any order; `played`: every
/// pairing of this arena so far (in the order they were made). Returns (red, blue) pairs;
/// a player left over (odd count, or whose only possible opponent is the one of their last
/// game) is not paired and waits.
pub fn arena_pairs(waiting: &[ArenaPlayer], played: &[Pairing]) -> Vec<(Pid, Pid)> {
    let mut seen = HashSet::new();
    let mut players: Vec<&ArenaPlayer> = waiting
        .iter()
        .filter(|p| seen.insert(p.pid.as_str()))
        .collect();
    players.sort_by(|a, b| {
        (b.points, b.rating)
            .cmp(&(a.points, a.rating))
            .then_with(|| a.pid.cmp(&b.pid))
    });
    let mut pasts: HashMap<&str, Past> = players
        .iter()
        .map(|p| (p.pid.as_str(), Past::default()))
        .collect();
    for pairing in played {
        let Some(blue) = pairing.blue.as_deref() else {
            continue;
        };
        for (pid, color, opponent) in [
            (pairing.red.as_str(), Color::Red, blue),
            (blue, Color::Blue, pairing.red.as_str()),
        ] {
            if let Some(past) = pasts.get_mut(pid) {
                past.diff += if color == Color::Red { 1 } else { -1 };
                past.last_color = Some(color);
                past.last_opponent = Some(opponent);
            }
        }
    }
    let n = players.len();
    let last_opp = |i: usize| pasts[players[i].pid.as_str()].last_opponent;
    let allowed = |i: usize, j: usize| {
        last_opp(i) != Some(players[j].pid.as_str()) && last_opp(j) != Some(players[i].pid.as_str())
    };

    let pairs = best_pairs(n, &allowed);
    pairs
        .into_iter()
        .map(|(i, j)| {
            let (a, b) = (
                &pasts[players[i].pid.as_str()],
                &pasts[players[j].pid.as_str()],
            );
            let i_red = if a.diff != b.diff {
                a.diff < b.diff
            } else {
                let a_blue = a.last_color == Some(Color::Blue);
                let b_blue = b.last_color == Some(Color::Blue);
                a_blue || !b_blue
            };
            let (red, blue) = if i_red { (i, j) } else { (j, i) };
            (players[red].pid.clone(), players[blue].pid.clone())
        })
        .collect()
}

/// The most pairs of 0..n (placed in that order) under `allowed`, each pair (upper,
/// lower), in order of the upper.
fn best_pairs(n: usize, allowed: &dyn Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let mut search = Search {
        allowed,
        nodes: BUDGET,
    };
    let mut waits = n % 2;
    while waits <= n {
        let mut used = vec![false; n];
        let mut pairs = Vec::new();
        match search.pair(&mut used, waits, &mut pairs) {
            Some(true) => return pairs,
            Some(false) => waits += 2,
            None => break,
        }
    }
    // Out of budget: greedy from the top.
    let mut used = vec![false; n];
    let mut pairs = Vec::new();
    for i in 0..n {
        if used[i] {
            continue;
        }
        if let Some(j) = (i + 1..n).find(|&j| !used[j] && allowed(i, j)) {
            used[i] = true;
            used[j] = true;
            pairs.push((i, j));
        }
    }
    pairs
}

struct Search<'a> {
    allowed: &'a dyn Fn(usize, usize) -> bool,
    nodes: u32,
}

impl Search<'_> {
    /// Pairs every unused player but `waits` of them; `None` when out of budget.
    fn pair(
        &mut self,
        used: &mut [bool],
        waits: usize,
        pairs: &mut Vec<(usize, usize)>,
    ) -> Option<bool> {
        let Some(i) = used.iter().position(|u| !u) else {
            return Some(true);
        };
        self.nodes = self.nodes.checked_sub(1)?;
        used[i] = true;
        for j in i + 1..used.len() {
            if used[j] || !(self.allowed)(i, j) {
                continue;
            }
            used[j] = true;
            pairs.push((i, j));
            if self.pair(used, waits, pairs)? {
                return Some(true);
            }
            pairs.pop();
            used[j] = false;
        }
        if waits > 0 && self.pair(used, waits - 1, pairs)? {
            return Some(true);
        }
        used[i] = false;
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::GameResult;

    fn waiting(pid: &str, points: u32, rating: i32) -> ArenaPlayer {
        ArenaPlayer {
            pid: pid.to_string(),
            points,
            rating,
        }
    }

    fn game(red: &str, blue: &str) -> Pairing {
        Pairing {
            round: 0,
            game: Some(1),
            red: red.to_string(),
            blue: Some(blue.to_string()),
            result: Some(GameResult::Draw),
        }
    }

    fn p(red: &str, blue: &str) -> (Pid, Pid) {
        (red.to_string(), blue.to_string())
    }

    #[test]
    fn neighbours_by_points_then_rating() {
        let players = [
            waiting("D", 2, 1500),
            waiting("C", 8, 1400),
            waiting("A", 10, 1500),
            waiting("B", 8, 1600),
        ];
        // Order: A (10), B (8, 1600), C (8, 1400), D (2): A-B, C-D. Nobody has played:
        // equal colours, no last colour: the higher-placed gets Red.
        assert_eq!(arena_pairs(&players, &[]), [p("A", "B"), p("C", "D")]);
    }

    #[test]
    fn never_the_last_opponent() {
        let players = [
            waiting("A", 10, 1500),
            waiting("B", 8, 1600),
            waiting("C", 8, 1400),
            waiting("D", 2, 1500),
        ];
        // A and B both played C earlier, then each other last (A Red).
        let played = [game("C", "A"), game("B", "C"), game("A", "B")];
        // Order A B C D; A-B is barred (each other's last game): A takes the next, C, and
        // B goes down to D.
        // Colours A-C: A Blue then Red (0), C Red then Blue (0); A's last was Red, C's
        // Blue: C gets Red. B-D: B Red then Blue (0, last Blue), D none (0): B gets Red.
        assert_eq!(arena_pairs(&players, &played), [p("C", "A"), p("B", "D")]);
    }

    #[test]
    fn odd_one_and_the_barred_pair_wait() {
        let players = [
            waiting("A", 6, 1500),
            waiting("B", 4, 1500),
            waiting("C", 2, 1500),
        ];
        // Three: A-B, C (the lowest) waits.
        assert_eq!(arena_pairs(&players, &[]), [p("A", "B")]);
        // A and B just played each other (A Red): A takes the next one down, C, and B
        // waits. Colours: A +1, C 0: C has the lower difference and gets Red.
        let played = [game("A", "B")];
        assert_eq!(arena_pairs(&players, &played), [p("C", "A")]);
        // Only the two who just played: nobody is paired.
        assert!(arena_pairs(&players[..2], &played).is_empty());
        // A single player waits.
        assert!(arena_pairs(&players[..1], &[]).is_empty());
        // Their last game counts, not an earlier one: after A-B then A-C and B-C, A-B is
        // allowed again (A's last was C, B's last was C).
        let played = [game("A", "B"), game("A", "C"), game("B", "C")];
        assert_eq!(arena_pairs(&players[..2], &played).len(), 1);
    }

    #[test]
    fn rearranges_rather_than_leave_two_waiting() {
        let players = [
            waiting("A", 8, 1500),
            waiting("B", 6, 1500),
            waiting("C", 4, 1500),
            waiting("D", 2, 1500),
        ];
        // C and D just played each other (C Red). Neighbours A-B would leave C and D
        // waiting; with A-C, B-D everyone plays.
        // Colours A-C: A 0, C +1: A Red. B-D: B 0, D −1: D Red.
        let played = [game("C", "D")];
        assert_eq!(arena_pairs(&players, &played), [p("A", "C"), p("D", "B")]);
    }
}
