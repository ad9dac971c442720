//! The next round of a Swiss: a simplified Dutch system.
//!
//! Rules as implemented:
//!
//! - Scores are half-points from the finished pairings (see `standings.rs`: a win or a
//!   bye 2, a draw 1, a loss or a void game 0; a game in play nothing yet).
//! - Ranking: score (higher first), rating (higher first), join order (the position in
//!   `players`; a pid given twice counts once).
//! - "Met": two players met if they were ever paired in a game (in play, void or finished).
//! - The bye (an odd number of players): candidates are tried by fewest byes so far, then
//!   lowest-ranked first; the first whose removal leaves a pairing without any rematch gets
//!   it. So it goes to the lowest-ranked player who has had no bye, unless that makes a
//!   rematch unavoidable.
//! - Pairing: score groups from the top. A group is the players floated down from the
//!   group above (placed first) followed by the group's own players, in ranking order.
//!   Choices, most preferred first: the fewest floaters (the group's parity, then 2 more
//!   at a time; the last group floats nobody), the lowest-ranked as floaters; within
//!   the players who stay, the top half plays the bottom half in order (1 vs n/2+1, 2 vs
//!   n/2+2, ...); on a rematch the top-most unpaired player tries the next bottom-half
//!   players in order, then the top-half players from the lowest up (a backtracking
//!   search). A group's pairing never depends on the groups below except through its
//!   floaters, so the search is made per (group, floaters) and their failures remembered.
//! - The search has a budget of nodes (shared by all the bye candidates). If it finds no
//!   pairing without rematches, a second search (its own budget) ignores the score groups:
//!   everyone in ranking order, the top-most unpaired player taking the nearest player
//!   below he has not met (backtracking). If that fails too, the bye goes to the first
//!   candidate and the others are paired greedily from the top: each with the player below
//!   who met them the fewest times, the nearest first (rematches only as a last resort).
//! - Colours: a player's colour difference is reds − blues over their games (byes not
//!   counted, void games and games in play counted). The lower difference gets Red. If
//!   equal: the one whose last game was Blue gets Red (if the other's was not). Otherwise
//!   (same last colour, or neither was Blue): the higher-ranked gets the colour opposite to
//!   his last one; if he has none, the lower-ranked gets the opposite of hers; if neither
//!   has played, the higher-ranked gets Red in odd rounds and Blue in even rounds (round =
//!   1 + the highest round in `played`).
//! - Output: (red, blue) pairs from the top board down (by the better rank in the pair),
//!   the bye last.

use std::collections::{HashMap, HashSet};

use super::standings::swiss_scores;
use super::{Entrant, Pairing, Pid};
use crate::rules::Color;

/// Search nodes allowed for one round by score groups, over all the bye candidates.
const BUDGET: u32 = 100_000;
/// Then for the search ignoring score groups.
const FLAT_BUDGET: u32 = 50_000;

/// One player's past, as the pairing needs it.
struct Past {
    score: u32,
    /// Reds − blues.
    diff: i32,
    last: Option<Color>,
    byes: u32,
}

/// The pairings of the next Swiss round. `players`: the entrants who play this round (not
/// withdrawn), in any order; `played`: every earlier pairing of this tournament (results
/// filled in). Returns (red, blue) pairs, `blue == None` for the bye, ordered from the top
/// board down (the bye last).
pub fn swiss_round(players: &[Entrant], played: &[Pairing]) -> Vec<(Pid, Option<Pid>)> {
    let mut seen = HashSet::new();
    let players: Vec<&Entrant> = players
        .iter()
        .filter(|e| seen.insert(e.pid.as_str()))
        .collect();
    let round = 1 + played.iter().map(|p| p.round).max().unwrap_or(0);
    let scores = swiss_scores(played);
    let mut history: Vec<&Pairing> = played.iter().collect();
    history.sort_by_key(|p| p.round);

    let pasts: Vec<Past> = players
        .iter()
        .map(|e| {
            let pid = e.pid.as_str();
            let mut past = Past {
                score: scores.get(pid).copied().unwrap_or(0),
                diff: 0,
                last: None,
                byes: 0,
            };
            for pairing in &history {
                let Some(color) = pairing.color_of(pid) else {
                    continue;
                };
                if pairing.is_bye() {
                    past.byes += 1;
                } else {
                    past.diff += if color == Color::Red { 1 } else { -1 };
                    past.last = Some(color);
                }
            }
            past
        })
        .collect();

    // `ranked[r]`: the index in `players` of the player ranked r (0 = top).
    let mut ranked: Vec<usize> = (0..players.len()).collect();
    ranked.sort_by(|&a, &b| {
        (pasts[b].score, players[b].rating, a).cmp(&(pasts[a].score, players[a].rating, b))
    });
    let n = ranked.len();
    let rank_of: HashMap<&str, usize> = ranked
        .iter()
        .enumerate()
        .map(|(r, &i)| (players[i].pid.as_str(), r))
        .collect();
    let mut met = vec![vec![0u16; n]; n];
    for pairing in played {
        let Some(blue) = &pairing.blue else { continue };
        if let (Some(&a), Some(&b)) = (
            rank_of.get(pairing.red.as_str()),
            rank_of.get(blue.as_str()),
        ) {
            if a != b {
                met[a][b] = met[a][b].saturating_add(1);
                met[b][a] = met[b][a].saturating_add(1);
            }
        }
    }
    let past = |r: usize| &pasts[ranked[r]];
    let pid = |r: usize| players[ranked[r]].pid.clone();

    let (bye, pairs) = pair_ranks(n, &met, |r| past(r).score, |r| past(r).byes);

    let mut pairs: Vec<(usize, usize)> = pairs
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    pairs.sort_unstable();
    let mut out: Vec<(Pid, Option<Pid>)> = pairs
        .into_iter()
        .map(|(a, b)| {
            let (red, blue) = if gets_red(past(a), past(b), round) {
                (a, b)
            } else {
                (b, a)
            };
            (pid(red), Some(pid(blue)))
        })
        .collect();
    if let Some(r) = bye {
        out.push((pid(r), None));
    }
    out
}

/// Whether `a`, ranked above `b`, gets Red against `b` in round `round`.
fn gets_red(a: &Past, b: &Past, round: u32) -> bool {
    if a.diff != b.diff {
        return a.diff < b.diff;
    }
    let a_blue = a.last == Some(Color::Blue);
    let b_blue = b.last == Some(Color::Blue);
    if a_blue != b_blue {
        return a_blue;
    }
    match (a.last, b.last) {
        (Some(last), _) => last == Color::Blue,
        (None, Some(last)) => last == Color::Red,
        (None, None) => round % 2 == 1,
    }
}

/// The bye (a rank) and the pairs (of ranks) for players ranked 0..n.
fn pair_ranks(
    n: usize,
    met: &[Vec<u16>],
    score: impl Fn(usize) -> u32,
    byes: impl Fn(usize) -> u32,
) -> (Option<usize>, Vec<(usize, usize)>) {
    // Who may take the bye, most preferred first: fewest byes, then lowest-ranked.
    let candidates: Vec<Option<usize>> = if n.is_multiple_of(2) {
        vec![None]
    } else {
        let mut c: Vec<usize> = (0..n).rev().collect();
        c.sort_by_key(|&r| byes(r)); // stable: lowest-ranked first among equals
        c.into_iter().map(Some).collect()
    };
    let rest = |out: Option<usize>| -> Vec<usize> { (0..n).filter(|&r| Some(r) != out).collect() };
    let groups_without = |out: Option<usize>| -> Vec<Vec<usize>> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for r in rest(out) {
            match groups.last_mut() {
                Some(g) if score(g[0]) == score(r) => g.push(r),
                _ => groups.push(vec![r]),
            }
        }
        groups
    };
    // 1. By score groups.
    let mut search = Search::new(met, BUDGET, false);
    for &bye in &candidates {
        if search.exhausted {
            break;
        }
        search.failed.clear();
        if let Some(pairs) = search.groups(&groups_without(bye), 0, Vec::new()) {
            return (bye, pairs);
        }
    }
    // 2. Any pairing without rematches: everyone as one group, the nearest first.
    let mut search = Search::new(met, FLAT_BUDGET, true);
    for &bye in &candidates {
        if search.exhausted {
            break;
        }
        if let Some(pairs) = search.bracket(&rest(bye)) {
            return (bye, pairs);
        }
    }
    // 3. Rematches as a last resort.
    let bye = candidates[0];
    (bye, greedy(met, &rest(bye)))
}

/// The last resort: from the top, each unpaired player with the one below met the fewest
/// times (the nearest first). `ranks` in ranking order, an even number of them.
fn greedy(met: &[Vec<u16>], ranks: &[usize]) -> Vec<(usize, usize)> {
    let mut used = vec![false; ranks.len()];
    let mut pairs = Vec::new();
    for i in 0..ranks.len() {
        if used[i] {
            continue;
        }
        let best = (i + 1..ranks.len())
            .filter(|&j| !used[j])
            .min_by_key(|&j| (met[ranks[i]][ranks[j]], j));
        if let Some(j) = best {
            used[i] = true;
            used[j] = true;
            pairs.push((ranks[i], ranks[j]));
        }
    }
    pairs
}

/// The backtracking search for a pairing without rematches.
struct Search<'a> {
    met: &'a [Vec<u16>],
    /// Nodes left.
    nodes: u32,
    /// The budget ran out: every answer since is "not found", and nothing more is
    /// remembered as impossible.
    exhausted: bool,
    /// (group, floaters into it) known to have no pairing.
    failed: HashSet<(usize, Vec<usize>)>,
    /// In a bracket, each player's candidates are the nearest below first, instead of the
    /// bottom half then the top half.
    nearest: bool,
}

impl<'a> Search<'a> {
    fn new(met: &'a [Vec<u16>], nodes: u32, nearest: bool) -> Self {
        Search {
            met,
            nodes,
            exhausted: false,
            failed: HashSet::new(),
            nearest,
        }
    }

    fn tick(&mut self) -> bool {
        if self.nodes == 0 {
            self.exhausted = true;
            return false;
        }
        self.nodes -= 1;
        true
    }

    fn can_meet(&self, a: usize, b: usize) -> bool {
        self.met[a][b] == 0
    }

    /// Pairs groups `gi..` with `floaters` (ranks, in order) joining group `gi`.
    fn groups(
        &mut self,
        groups: &[Vec<usize>],
        gi: usize,
        floaters: Vec<usize>,
    ) -> Option<Vec<(usize, usize)>> {
        if gi == groups.len() {
            return floaters.is_empty().then(Vec::new);
        }
        let key = (gi, floaters);
        if self.failed.contains(&key) {
            return None;
        }
        let mut group = key.1.clone();
        group.extend_from_slice(&groups[gi]);
        let m = group.len();
        let last = gi + 1 == groups.len();
        // The last group floats nobody (it is odd only if the total is, which never is).
        let max_floats = if last { 0 } else { m };
        let mut f = m % 2;
        while f <= max_floats {
            // Floater sets of size f, as positions counted from the bottom, in
            // lexicographic order: the lowest-ranked float first.
            let mut from_bottom: Vec<usize> = (0..f).collect();
            loop {
                if !self.tick() {
                    return None;
                }
                let floats: Vec<usize> = from_bottom
                    .iter()
                    .rev()
                    .map(|&k| group[m - 1 - k])
                    .collect();
                let stay: Vec<usize> = group
                    .iter()
                    .copied()
                    .filter(|r| !floats.contains(r))
                    .collect();
                if let Some(mut pairs) = self.bracket(&stay) {
                    if let Some(lower) = self.groups(groups, gi + 1, floats) {
                        pairs.extend(lower);
                        return Some(pairs);
                    }
                }
                if self.exhausted {
                    return None;
                }
                if !next_combination(&mut from_bottom, m) {
                    break;
                }
            }
            f += 2;
        }
        self.failed.insert(key);
        None
    }

    /// A pairing of all of `group` (ranks, in order) without rematches, the top half
    /// against the bottom half preferred (or the nearest, see `nearest`).
    fn bracket(&mut self, group: &[usize]) -> Option<Vec<(usize, usize)>> {
        // Quick refusal: someone with nobody to play.
        let alone = group
            .iter()
            .any(|&a| !group.iter().any(|&b| b != a && self.can_meet(a, b)));
        if alone {
            return None;
        }
        let mut used = vec![false; group.len()];
        let mut pairs = Vec::with_capacity(group.len() / 2);
        self.match_from(group, &mut used, &mut pairs)
            .then_some(pairs)
    }

    fn match_from(
        &mut self,
        group: &[usize],
        used: &mut [bool],
        pairs: &mut Vec<(usize, usize)>,
    ) -> bool {
        let Some(i) = used.iter().position(|u| !u) else {
            return true;
        };
        if !self.tick() {
            return false;
        }
        let m = group.len();
        let half = if self.nearest { 0 } else { m / 2 };
        used[i] = true;
        let candidates = (half.max(i + 1)..m).chain((i + 1..half).rev());
        for j in candidates {
            if used[j] || !self.can_meet(group[i], group[j]) {
                continue;
            }
            used[j] = true;
            pairs.push((group[i], group[j]));
            if self.match_from(group, used, pairs) {
                return true;
            }
            pairs.pop();
            used[j] = false;
            if self.exhausted {
                break;
            }
        }
        used[i] = false;
        false
    }
}

/// The next k-combination of 0..m after `c` (increasing), in lexicographic order; false
/// after the last one.
fn next_combination(c: &mut [usize], m: usize) -> bool {
    let k = c.len();
    for i in (0..k).rev() {
        if c[i] < m - k + i {
            c[i] += 1;
            for j in i + 1..k {
                c[j] = c[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::fixtures::*;

    fn p(red: &str, blue: &str) -> (Pid, Option<Pid>) {
        (red.to_string(), Some(blue.to_string()))
    }

    fn b(pid: &str) -> (Pid, Option<Pid>) {
        (pid.to_string(), None)
    }

    /// A, B, C, D, E rated 1600, 1500, 1400, 1300, 1200, given out of order.
    fn five() -> Vec<Entrant> {
        vec![
            entrant("C", 1400),
            entrant("E", 1200),
            entrant("A", 1600),
            entrant("D", 1300),
            entrant("B", 1500),
        ]
    }

    #[test]
    fn round_one_four_players() {
        let players: Vec<Entrant> = five().into_iter().filter(|e| e.pid != "E").collect();
        // All on 0: ranked by rating A B C D; one group of 4, top half (A, B) against the
        // bottom half (C, D): A-C, B-D. No history, round 1 (odd): the higher-ranked of
        // each pair gets Red.
        assert_eq!(swiss_round(&players, &[]), [p("A", "C"), p("B", "D")]);
    }

    #[test]
    fn round_one_five_players() {
        // Odd: the bye to the lowest-ranked (E, 1200). Then A B C D as above: A-C, B-D,
        // the higher-ranked Red in round 1. The bye last.
        assert_eq!(
            swiss_round(&five(), &[]),
            [p("A", "C"), p("B", "D"), b("E")]
        );
    }

    #[test]
    fn round_two_four_players_score_groups_and_colours() {
        let players: Vec<Entrant> = five().into_iter().filter(|e| e.pid != "E").collect();
        let played = [game(1, "A", "C", RED), game(1, "B", "D", RED)];
        // Half-points: A 2, B 2, C 0, D 0. Groups [A, B] and [C, D]: A-B, C-D.
        // Colours: A and B both reds − blues = +1 and last Red: the higher-ranked (A) gets
        // the opposite of his last (Blue): B-A. C and D both −1 and last Blue: C (higher)
        // gets the opposite of Blue: C-D.
        assert_eq!(swiss_round(&players, &played), [p("B", "A"), p("C", "D")]);
    }

    #[test]
    fn round_two_rematch_forces_floats() {
        let played = [
            game(1, "A", "C", RED),  // A beats C
            game(1, "B", "D", DRAW), // B draws D
            bye(1, "E"),
        ];
        // Half-points: A 2, E 2 (bye), B 1, D 1, C 0. Ranked: A (2, 1600), E (2, 1200),
        // B (1, 1500), D (1, 1300), C (0).
        // Bye: the lowest-ranked without one is C; without C: groups [A, E] and [B, D].
        // A-E is fine but B-D would be a rematch, and [B, D] is the last group (nobody
        // floats from it). So [A, E] floats both: [A, E, B, D] pairs top half against
        // bottom half: A-B, E-D (neither met).
        // Colours: A (+1, last Red) and B (+1, last Red): A, higher, gets the opposite of
        // Red: B-A. E (0, bye only) and D (−1): D has the lower difference: D-E.
        assert_eq!(
            swiss_round(&five(), &played),
            [p("B", "A"), p("D", "E"), b("C")]
        );
    }

    #[test]
    fn byes_rotate_with_three_players() {
        let players = [entrant("A", 1600), entrant("B", 1500), entrant("C", 1400)];
        let mut played = Vec::new();
        // Round 1: the bye to the lowest rated, C; A-B, A Red (odd round, no history).
        assert_eq!(swiss_round(&players, &played), [p("A", "B"), b("C")]);
        played.extend([game(1, "A", "B", RED), bye(1, "C")]);
        // Round 2: A 2, C 2, B 0; ranked A, C, B. Bye to B (lowest, none yet); A-C have
        // not met. Colours: A +1, C 0 (a bye is no colour): C, lower, gets Red.
        assert_eq!(swiss_round(&players, &played), [p("C", "A"), b("B")]);
        played.extend([game(2, "C", "A", RED), bye(2, "B")]);
        // Round 3: C 4, A 2 (1600), B 2 (1500); ranked C, A, B. B is lowest but had a bye
        // (so did C): the bye goes to A, the only one without one; C-B have not met.
        // Colours: C +1 (Red in round 2), B −1 (Blue in round 1): B gets Red.
        assert_eq!(swiss_round(&players, &played), [p("B", "C"), b("A")]);
        played.extend([game(3, "B", "C", DRAW), bye(3, "A")]);
        // Round 4: everyone met everyone and had one bye: C 2+2+1 = 5, A 2+0+2 = 4, B
        // 0+2+1 = 3, ranked C, A, B. Every bye leaves a rematch, so the last resort: the
        // bye to the lowest-ranked of those with the fewest byes (B), and C-A again.
        // Colours: C Red then Blue (0, last Blue), A Red then Blue (0, last Blue): the same
        // last colour, so C (higher) gets the opposite of his last: Red.
        assert_eq!(swiss_round(&players, &played), [p("C", "A"), b("B")]);
    }

    #[test]
    fn only_legal_pairing_needs_backtracking() {
        let players = [
            entrant("A", 1600),
            entrant("B", 1500),
            entrant("C", 1400),
            entrant("D", 1300),
        ];
        // X and Y withdrew; everyone drew twice, so all four are on 2 half-points, one
        // group ranked A B C D. A met D, B met D.
        let played = [
            game(1, "A", "D", DRAW),
            game(1, "B", "X", DRAW),
            game(1, "C", "Y", DRAW),
            game(2, "D", "B", DRAW),
            game(2, "Y", "A", DRAW),
            game(2, "X", "C", DRAW),
        ];
        // Natural: A-C (allowed), then B-D: met, and B has no one else (C is taken, the
        // top half holds nobody below B): a dead end, so back to A. A's next bottom-half
        // choice, D: met. Then the top half: A-B, and C-D, the only legal pairing.
        // Colours: A (Red, Blue: 0, last Blue) and B (Red, Blue: 0, last Blue): same last,
        // A (higher) gets the opposite of Blue: A-B. C (Red, Blue: 0, last Blue) and D
        // (Blue, Red: 0, last Red): C had Blue last, gets Red: C-D.
        assert_eq!(swiss_round(&players, &played), [p("A", "B"), p("C", "D")]);
    }

    #[test]
    fn unavoidable_rematch_still_pairs_everyone() {
        let players = [
            entrant("A", 1600),
            entrant("B", 1500),
            entrant("C", 1400),
            entrant("D", 1300),
        ];
        // A full round robin, all drawn: everyone on 3 half-points, ranked A B C D.
        let played = [
            game(1, "A", "C", DRAW),
            game(1, "B", "D", DRAW),
            game(2, "D", "A", DRAW),
            game(2, "C", "B", DRAW),
            game(3, "A", "B", DRAW),
            game(3, "C", "D", DRAW),
        ];
        // No pairing without a rematch: greedy from the top, each met once, the nearest
        // first: A-B, C-D. Colours: A R B R = +1, B R B B = −1: B-A. C B R R = +1, D B R B
        // = −1: D-C.
        assert_eq!(swiss_round(&players, &played), [p("B", "A"), p("D", "C")]);
        // Two players who met: still paired.
        let two = &players[..2];
        assert_eq!(swiss_round(two, &played).len(), 1);
        // One player: a bye. None: nothing.
        assert_eq!(swiss_round(&players[..1], &played), [b("A")]);
        assert!(swiss_round(&[], &played).is_empty());
    }

    #[test]
    fn colours_in_even_round_without_history() {
        // A late pair who never played, in round 2: the higher-ranked gets Blue.
        let players = [entrant("A", 1600), entrant("B", 1500)];
        let played = [game(1, "X", "Y", RED)];
        assert_eq!(swiss_round(&players, &played), [p("B", "A")]);
    }

    /// Plays `rounds` rounds of `n` players: the higher rated wins, every fifth board drawn.
    fn simulate(n: usize, rounds: u32) -> (Vec<Entrant>, Vec<Pairing>) {
        // Ratings spread pseudo-randomly (a fixed LCG), some equal.
        let mut seed: u32 = 12345;
        let players: Vec<Entrant> = (0..n)
            .map(|i| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                entrant(&format!("p{i}"), 1000 + (seed >> 16) as i32 % 1000)
            })
            .collect();
        let rating: HashMap<String, i32> =
            players.iter().map(|e| (e.pid.clone(), e.rating)).collect();
        let mut played: Vec<Pairing> = Vec::new();
        for round in 1..=rounds {
            let pairs = swiss_round(&players, &played);
            check_round(&players, &played, &pairs);
            for (board, (red, blue)) in pairs.into_iter().enumerate() {
                match blue {
                    None => played.push(bye(round, &red)),
                    Some(blue) => {
                        let result = if board % 5 == 4 {
                            DRAW
                        } else if rating[&red] >= rating[&blue] {
                            RED
                        } else {
                            BLUE
                        };
                        played.push(game(round, &red, &blue, result));
                    }
                }
            }
        }
        (players, played)
    }

    #[test]
    fn long_events_on_small_fields_always_pair_everyone() {
        // More rounds than opponents: rematches and repeated byes become unavoidable, the
        // pairing must still hold everyone once, with one bye for an odd field.
        for n in 1..=12 {
            let players: Vec<Entrant> = (0..n)
                .map(|i| entrant(&format!("p{i}"), 1500 - 10 * i as i32))
                .collect();
            let mut played: Vec<Pairing> = Vec::new();
            for round in 1..=(n as u32 + 3) {
                let pairs = swiss_round(&players, &played);
                let mut seen = HashSet::new();
                for (red, blue) in &pairs {
                    assert!(seen.insert(red.clone()));
                    if let Some(blue) = blue {
                        assert!(seen.insert(blue.clone()));
                        played.push(game(round, red, blue, RED));
                    } else {
                        played.push(bye(round, red));
                    }
                }
                assert_eq!(seen.len(), n);
                let byes = pairs.iter().filter(|(_, b)| b.is_none()).count();
                assert_eq!(byes, n % 2);
            }
        }
    }

    /// Everyone exactly once, no rematch, at most one bye and not a second one.
    fn check_round(players: &[Entrant], played: &[Pairing], pairs: &[(Pid, Option<Pid>)]) {
        let mut seen = HashSet::new();
        for (red, blue) in pairs {
            assert!(seen.insert(red.clone()), "{red} twice");
            match blue {
                Some(blue) => {
                    assert!(seen.insert(blue.clone()), "{blue} twice");
                    let rematch = played
                        .iter()
                        .any(|q| q.opponent_of(red) == Some(blue.as_str()));
                    assert!(!rematch, "{red} meets {blue} again");
                }
                None => {
                    let again = played.iter().any(|q| q.is_bye() && q.red == *red);
                    assert!(!again, "{red} gets a second bye");
                }
            }
        }
        assert_eq!(seen.len(), players.len());
        let byes = pairs.iter().filter(|(_, b)| b.is_none()).count();
        assert_eq!(byes, players.len() % 2);
        if byes == 1 {
            assert!(pairs.last().unwrap().1.is_none(), "the bye last");
        }
    }

    #[test]
    fn two_hundred_players_round_three() {
        let (players, played) = simulate(200, 2);
        let pairs = swiss_round(&players, &played);
        check_round(&players, &played, &pairs);
        assert_eq!(pairs.len(), 100);
        // The top board: two of the players on the top score.
        let scores = swiss_scores(&played);
        let top = scores.values().copied().max().unwrap();
        assert_eq!(scores[pairs[0].0.as_str()], top);
        assert_eq!(scores[pairs[0].1.as_deref().unwrap()], top);
        // And an odd field over more rounds: byes never repeated (checked each round).
        simulate(51, 5);
    }
}
