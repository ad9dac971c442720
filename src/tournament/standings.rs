//! The table of a tournament, recomputed from its entrants and pairings.
//!
//! Rules as implemented:
//!
//! - A pairing counts once it is finished: a game whose `result` is `Some`, or a bye (a
//!   bye is finished from the moment it is made, whatever its `result`). A game still in
//!   play (`result == None`) counts nothing: no mark, no points, not in `games`.
//! - Marks: one per finished pairing, in the order played (a Swiss's pairings sorted by
//!   round, an arena's in the order given, which is the order they were made).
//! - `games`: finished games, a void one included, byes not.
//! - Swiss points, kept in HALF-points: a win 2, a draw 1, a loss 0, a bye 2 (a bye is
//!   worth a win), a void game 0 for both.
//! - Swiss tie-breaks, in order after the points: Buchholz (the sum of the final points of
//!   every opponent met in a finished game, a void one included; a bye adds nothing), in
//!   half-points; Sonneborn-Berger (the final points of every opponent beaten plus half
//!   those of every opponent drawn) in QUARTER-points (so it stays whole: a beaten
//!   opponent's half-points count twice, a drawn one's once); then rating (higher first),
//!   then join order.
//! - Arena points (lichess): a win 2, a draw 1, a loss 0, a void game 0. Two wins in a row
//!   put a player "on fire": while on fire a win is worth 4 and a draw 2. Any non-win (a
//!   draw, a loss, a void game) ends the streak. A bye (an arena makes none) would count
//!   nothing and leave the streak alone. `fire` tells whether the player is on fire now.
//!   Arena ranking: points, then performance (none last), then rating, then join order.
//! - Performance: the average rating of the opponents plus 400 × (wins − losses) / games,
//!   rounded to the nearest (half away from zero), over finished games that are neither
//!   byes nor void, against an entrant (whose rating is known); `None` without such a game.
//! - Ranks are 1-based positions in that order: two players never share a rank.

use std::collections::HashMap;

use super::{Entrant, Format, GameResult, Pairing};
use crate::proto::{Mark, Standing};

/// What a finished pairing was for `pid`; `None` if they were not in it or it is still
/// in play.
pub(super) fn mark_of(pairing: &Pairing, pid: &str) -> Option<Mark> {
    let color = pairing.color_of(pid)?;
    if pairing.is_bye() {
        return Some(Mark::Bye);
    }
    Some(match pairing.result? {
        GameResult::Win(winner) if winner == color => Mark::Win,
        GameResult::Win(_) => Mark::Loss,
        GameResult::Draw => Mark::Draw,
        GameResult::Void => Mark::Void,
    })
}

/// A Swiss mark's half-points.
fn swiss_value(mark: Mark) -> u32 {
    match mark {
        Mark::Win | Mark::Bye => 2,
        Mark::Draw => 1,
        Mark::Loss | Mark::Void => 0,
    }
}

/// Every player's Swiss half-points over the finished pairings, by pid (anyone in a
/// pairing appears, entrant or not).
pub(super) fn swiss_scores(pairings: &[Pairing]) -> HashMap<&str, u32> {
    let mut scores: HashMap<&str, u32> = HashMap::new();
    for pairing in pairings {
        let players = std::iter::once(pairing.red.as_str()).chain(pairing.blue.as_deref());
        for pid in players {
            let gained = mark_of(pairing, pid).map_or(0, swiss_value);
            *scores.entry(pid).or_insert(0) += gained;
        }
    }
    scores
}

/// The table, best first. `entrants` in join order (a pid repeated counts once, at its
/// first place); `pairings` every pairing of the tournament so far.
pub fn standings(format: Format, entrants: &[Entrant], pairings: &[Pairing]) -> Vec<Standing> {
    let swiss = matches!(format, Format::Swiss { .. });
    let mut ordered: Vec<&Pairing> = pairings.iter().collect();
    if swiss {
        ordered.sort_by_key(|p| p.round);
    }
    let mut ratings: HashMap<&str, i32> = HashMap::new();
    for e in entrants {
        ratings.entry(e.pid.as_str()).or_insert(e.rating);
    }
    let scores = swiss_scores(pairings);

    let mut seen = std::collections::HashSet::new();
    let mut table: Vec<(usize, Standing)> = Vec::new();
    for (join, entrant) in entrants.iter().enumerate() {
        if !seen.insert(entrant.pid.as_str()) {
            continue;
        }
        let pid = entrant.pid.as_str();
        let mut marks = Vec::new();
        let mut games = 0;
        let (mut buchholz, mut sonneborn) = (0, 0);
        let (mut arena_points, mut streak) = (0u32, 0u32);
        let (mut perf_games, mut perf_sum, mut perf_balance) = (0i64, 0i64, 0i64);
        for pairing in &ordered {
            let Some(mark) = mark_of(pairing, pid) else {
                continue;
            };
            marks.push(mark);
            if mark == Mark::Bye {
                continue;
            }
            games += 1;
            let opponent = pairing.opponent_of(pid);
            if swiss {
                let theirs = opponent.and_then(|o| scores.get(o)).copied().unwrap_or(0);
                buchholz += theirs;
                sonneborn += match mark {
                    Mark::Win => 2 * theirs,
                    Mark::Draw => theirs,
                    _ => 0,
                };
            } else {
                let on_fire = streak >= 2;
                match mark {
                    Mark::Win => {
                        arena_points += if on_fire { 4 } else { 2 };
                        streak += 1;
                    }
                    Mark::Draw => {
                        arena_points += if on_fire { 2 } else { 1 };
                        streak = 0;
                    }
                    _ => streak = 0,
                }
            }
            let rating = opponent.and_then(|o| ratings.get(o));
            if let (Some(&rating), Mark::Win | Mark::Draw | Mark::Loss) = (rating, mark) {
                perf_games += 1;
                perf_sum += i64::from(rating);
                perf_balance += match mark {
                    Mark::Win => 1,
                    Mark::Loss => -1,
                    _ => 0,
                };
            }
        }
        let performance = (perf_games > 0).then(|| {
            let total = (perf_sum + 400 * perf_balance) as f64;
            (total / perf_games as f64).round() as i32
        });
        let points = if swiss {
            scores.get(pid).copied().unwrap_or(0)
        } else {
            arena_points
        };
        table.push((
            join,
            Standing {
                rank: 0,
                pid: entrant.pid.clone(),
                nick: entrant.nick.clone(),
                rating: entrant.rating,
                points,
                marks,
                games,
                performance,
                buchholz,
                sonneborn,
                fire: !swiss && streak >= 2,
                withdrawn: entrant.withdrawn,
            },
        ));
    }

    table.sort_by(|(ja, a), (jb, b)| {
        let tie_breaks = if swiss {
            b.buchholz
                .cmp(&a.buchholz)
                .then(b.sonneborn.cmp(&a.sonneborn))
        } else {
            b.performance.cmp(&a.performance)
        };
        b.points
            .cmp(&a.points)
            .then(tie_breaks)
            .then(b.rating.cmp(&a.rating))
            .then(ja.cmp(jb))
    });
    table
        .into_iter()
        .enumerate()
        .map(|(i, (_, mut s))| {
            s.rank = i as u32 + 1;
            s
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::fixtures::*;

    const SWISS: Format = Format::Swiss { rounds: 3 };
    const ARENA: Format = Format::Arena { minutes: 60 };

    fn order(table: &[Standing]) -> Vec<&str> {
        table.iter().map(|s| s.pid.as_str()).collect()
    }

    fn find<'a>(table: &'a [Standing], pid: &str) -> &'a Standing {
        table.iter().find(|s| s.pid == pid).unwrap()
    }

    #[test]
    fn buchholz_decides_between_equal_points() {
        let entrants = [
            entrant("C", 1600),
            entrant("A", 1500),
            entrant("B", 1400),
            entrant("D", 1300),
        ];
        let pairings = [
            game(1, "A", "B", RED),  // A beats B
            game(1, "C", "D", RED),  // C beats D
            game(2, "A", "C", DRAW), // A draws C
            game(2, "D", "B", BLUE), // B beats D
        ];
        let table = standings(SWISS, &entrants, &pairings);
        // Half-points: A 2+1 = 3, C 2+1 = 3, B 0+2 = 2, D 0.
        // Buchholz: A met B (2) and C (3) = 5; C met D (0) and A (3) = 3; so A is above C
        // although C is rated higher. B met A (3) and D (0) = 3; D met C (3), B (2) = 5.
        // Sonneborn (quarter-points): A beat B (2 × 2 = 4) + drew C (3) = 7; C beat D
        // (2 × 0) + drew A (3) = 3; B beat D (0) = 0; D none = 0.
        assert_eq!(order(&table), ["A", "C", "B", "D"]);
        let a = find(&table, "A");
        assert_eq!((a.rank, a.points, a.buchholz, a.sonneborn), (1, 3, 5, 7));
        let c = find(&table, "C");
        assert_eq!((c.rank, c.points, c.buchholz, c.sonneborn), (2, 3, 3, 3));
        let b = find(&table, "B");
        assert_eq!((b.rank, b.points, b.buchholz, b.sonneborn), (3, 2, 3, 0));
        let d = find(&table, "D");
        assert_eq!((d.rank, d.points, d.buchholz, d.sonneborn), (4, 0, 5, 0));
        assert_eq!(a.marks, [Mark::Win, Mark::Draw]);
        assert_eq!(a.points_text(SWISS), "1.5");
        assert_eq!(b.points_text(SWISS), "1");
        assert_eq!(d.points_text(SWISS), "0");
        assert!(!a.fire);
    }

    #[test]
    fn sonneborn_decides_when_buchholz_ties() {
        // A round robin of four: in one, Buchholz = all points − one's own, so equal points
        // always tie on Buchholz.
        let entrants = [
            entrant("B", 1600),
            entrant("A", 1500),
            entrant("C", 1400),
            entrant("D", 1300),
        ];
        let pairings = [
            game(1, "A", "B", RED),  // A beats B
            game(1, "C", "D", DRAW), // C draws D
            game(2, "A", "C", BLUE), // C beats A
            game(2, "B", "D", RED),  // B beats D
            game(3, "D", "A", BLUE), // A beats D
            game(3, "C", "B", BLUE), // B beats C
        ];
        let table = standings(SWISS, &entrants, &pairings);
        // Half-points: A W L W = 4, B L W W = 4, C D W L = 3, D D L L = 1 (total 12 = 6 × 2).
        // Buchholz: A: B 4 + C 3 + D 1 = 8; B: A 4 + D 1 + C 3 = 8 (tie).
        // Sonneborn (quarter-points): A beat B (2 × 4) and D (2 × 1) = 10; B beat D (2 × 1)
        // and C (2 × 3) = 8: A first although B is rated higher.
        // C: Buchholz D 1 + A 4 + B 4 = 9, Sonneborn drew D (1) + beat A (2 × 4) = 9.
        // D: Buchholz C 3 + B 4 + A 4 = 11, Sonneborn drew C (3) = 3.
        assert_eq!(order(&table), ["A", "B", "C", "D"]);
        let a = find(&table, "A");
        assert_eq!((a.points, a.buchholz, a.sonneborn), (4, 8, 10));
        let b = find(&table, "B");
        assert_eq!((b.points, b.buchholz, b.sonneborn), (4, 8, 8));
        let c = find(&table, "C");
        assert_eq!((c.points, c.buchholz, c.sonneborn), (3, 9, 9));
        let d = find(&table, "D");
        assert_eq!((d.points, d.buchholz, d.sonneborn), (1, 11, 3));
        assert_eq!(a.marks, [Mark::Win, Mark::Loss, Mark::Win]);
        assert_eq!(a.games, 3);
        // A's performance: opponents 1600, 1400, 1300 (sum 4300), 2 wins 1 loss:
        // (4300 + 400 × 1) / 3 = 1566.67 → 1567.
        assert_eq!(a.performance, Some(1567));
        // D: opponents 1400, 1600, 1500 (4500), 0 wins 2 losses: (4500 − 800) / 3 = 1233.33.
        assert_eq!(d.performance, Some(1233));
        assert_eq!(c.points_text(SWISS), "1.5");
    }

    #[test]
    fn equal_everything_falls_back_to_rating_then_join_order() {
        let entrants = [entrant("X", 1500), entrant("Y", 1500), entrant("Z", 1700)];
        let table = standings(SWISS, &entrants, &[]);
        // No points, no tie-breaks: Z by rating, then X before Y by join order.
        assert_eq!(order(&table), ["Z", "X", "Y"]);
        assert_eq!(table.iter().map(|s| s.rank).collect::<Vec<_>>(), [1, 2, 3]);
        assert!(table
            .iter()
            .all(|s| s.performance.is_none() && s.games == 0));
    }

    #[test]
    fn byes_void_games_and_games_in_play() {
        let mut entrants = vec![entrant("A", 1500), entrant("B", 1400), entrant("C", 1300)];
        entrants[2].withdrawn = true;
        let pairings = [
            game(1, "A", "B", VOID), // void: nothing for either, but a game
            bye(1, "C"),             // a bye: a win's 2 half-points, no game
            game(2, "C", "A", DRAW), // C draws A
            bye(2, "B"),
            game(3, "B", "A", None), // in play: counts nothing yet
        ];
        let table = standings(SWISS, &entrants, &pairings);
        // Half-points: A 0 + 1 = 1; B 0 + 2 = 2; C 2 + 1 = 3.
        // Buchholz: A met B (2) and C (3) = 5; B met A (1) = 1 (the bye adds 0); C met A = 1.
        // Sonneborn (quarter-points): A drew C (3) = 3; B 0; C drew A (1) = 1.
        assert_eq!(order(&table), ["C", "B", "A"]);
        let c = find(&table, "C");
        assert_eq!(c.marks, [Mark::Bye, Mark::Draw]);
        assert_eq!((c.points, c.games, c.buchholz, c.sonneborn), (3, 1, 1, 1));
        assert!(c.withdrawn);
        // C's performance: one draw against A (1500) = 1500.
        assert_eq!(c.performance, Some(1500));
        let b = find(&table, "B");
        assert_eq!(b.marks, [Mark::Void, Mark::Bye]);
        assert_eq!((b.points, b.games, b.buchholz, b.sonneborn), (2, 1, 1, 0));
        // Only a void game: no performance.
        assert_eq!(b.performance, None);
        let a = find(&table, "A");
        assert_eq!(a.marks, [Mark::Void, Mark::Draw]);
        assert_eq!((a.points, a.games, a.buchholz, a.sonneborn), (1, 2, 5, 3));
        let letters: String = b.marks.iter().map(|m| m.letter()).collect();
        assert_eq!(letters, "-B");
        assert_eq!(c.points_text(SWISS), "1.5");
    }

    #[test]
    fn arena_streak_points() {
        let entrants = [
            entrant("P", 1500),
            entrant("O1", 1500),
            entrant("O2", 1500),
            entrant("O3", 1500),
        ];
        let mut pairings = vec![
            game(0, "P", "O1", RED),  // W: 2, streak 1
            game(0, "O2", "P", BLUE), // W: 2, streak 2: on fire
            game(0, "P", "O3", RED),  // W on fire: 4, streak 3
            game(0, "O1", "P", DRAW), // D on fire: 2, streak over
            game(0, "P", "O2", RED),  // W: 2, streak 1
        ];
        // W W W D W = 2 + 2 + 4 + 2 + 2 = 12, not on fire (one win since the draw).
        let table = standings(ARENA, &entrants, &pairings);
        let p = find(&table, "P");
        assert_eq!(p.points, 12);
        assert!(!p.fire);
        assert_eq!(
            p.marks,
            [Mark::Win, Mark::Win, Mark::Win, Mark::Draw, Mark::Win]
        );
        assert_eq!(p.points_text(ARENA), "12");
        assert_eq!((p.buchholz, p.sonneborn), (0, 0));
        // O1: a loss then a draw (not on fire: 1); O2 two losses 0; O3 one loss 0.
        assert_eq!(find(&table, "O1").points, 1);

        // One more win: 2 (streak 2), now on fire; a further one would be worth 4.
        pairings.push(game(0, "O3", "P", BLUE));
        let p = find(&standings(ARENA, &entrants, &pairings), "P").clone();
        assert_eq!((p.points, p.fire), (14, true));
        pairings.push(game(0, "P", "O1", RED));
        let p = find(&standings(ARENA, &entrants, &pairings), "P").clone();
        assert_eq!((p.points, p.fire), (18, true));
        // A void game ends the streak and is worth nothing.
        pairings.push(game(0, "O2", "P", VOID));
        pairings.push(game(0, "P", "O3", RED));
        let p = find(&standings(ARENA, &entrants, &pairings), "P").clone();
        assert_eq!((p.points, p.fire), (20, false));
        assert_eq!(p.marks.last(), Some(&Mark::Win));
        assert_eq!(p.marks[p.marks.len() - 2].letter(), '-');
    }

    #[test]
    fn arena_ranks_by_points_then_performance() {
        let entrants = [
            entrant("A", 1400),
            entrant("B", 1600),
            entrant("S", 1800),
            entrant("W", 1200),
            entrant("N", 2000),
        ];
        let pairings = [
            game(0, "A", "S", RED), // A beats S (1800): 2 points, performance 1800 + 400
            game(0, "B", "W", RED), // B beats W (1200): 2 points, performance 1200 + 400
        ];
        let table = standings(ARENA, &entrants, &pairings);
        // A and B 2 points each: A's performance 2200 beats B's 1600 despite B's rating.
        // S and W 0 points: S's performance 1400 − 400 = 1000, W's 1600 − 400 = 1200, so W
        // first; N has no game (performance None) and comes last despite the best rating.
        assert_eq!(order(&table), ["A", "B", "W", "S", "N"]);
        assert_eq!(find(&table, "A").performance, Some(2200));
        assert_eq!(find(&table, "B").performance, Some(1600));
        assert_eq!(find(&table, "N").performance, None);
    }
}
