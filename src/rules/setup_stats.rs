//! How set-ups fared, computed from finished game records: a saved set-up's games (wins,
//! draws, losses, how its Flag fell) and the set-up explorer (where Flags and Bombs stood,
//! how each Flag square scored, the set-ups played most). Pure functions over records; the
//! service chooses which records (a player's own, or the server's public finished games)
//! and never hands over who played them.
//!
//! Every army is compared *as its owner sees it*: turned half a turn to Red's side when it
//! was played as Blue (back row to back row, the owner's left stays on the left), the same
//! convention the set-up screen uses to load a saved set-up for either colour.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::piece::{Color, Rank};
use super::record::GameRecord;
use super::setup::Setup;
use super::square::Square;
use super::types::{EndReason, Outcome};
use super::variant::{Rules, Variant};

/// The set-up turned to Red's side (see the module documentation): the form every
/// comparison and every count here uses.
pub fn as_red(s: &Setup) -> Setup {
    s.turned_for(Color::Red)
}

/// Whether a game counts at all: it reached a result (an aborted game has none).
pub fn has_result(outcome: &Outcome) -> bool {
    outcome.reason != EndReason::Aborted
}

/// Whether a game counts for the server's explorer: both players finished it, that is
/// it reached a result on the board or by a player's decision (resignation, a draw agreed,
/// time), not aborted before the first move and not abandoned by a player leaving.
pub fn both_finished(outcome: &Outcome) -> bool {
    !matches!(outcome.reason, EndReason::Aborted | EndReason::Abandonment)
}

/// How one lost game ended for the set-up's side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Loss {
    pub reason: EndReason,
    /// The Flag was captured: by this rank (`None` when the record cannot be replayed).
    #[serde(default)]
    pub by: Option<Rank>,
    /// The ply the game ended on (the capture's ply for a Flag taken).
    pub ply: u32,
}

/// How a saved set-up fared in its player's games.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct SetupStats {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Each loss, most recent game first (the order the games were given in).
    #[serde(default)]
    pub lost: Vec<Loss>,
}

impl SetupStats {
    /// Losses by this ending.
    pub fn lost_by(&self, reason: EndReason) -> u32 {
        self.lost.iter().filter(|l| l.reason == reason).count() as u32
    }
}

/// The rank that made the last move of a record (the Flag's captor in a game won by
/// capturing the Flag), from the position before it.
fn last_mover_rank(record: &GameRecord) -> Option<Rank> {
    let n = record.moves.len();
    let mv = record.moves.last()?;
    let g = record.replay_to(n - 1).ok()?;
    g.piece_at(mv.from).map(|p| p.rank)
}

/// Adds one game played by `color` to `stats`.
fn count(stats: &mut SetupStats, record: &GameRecord, color: Color, outcome: &Outcome) {
    stats.games += 1;
    match outcome.winner {
        None => stats.draws += 1,
        Some(w) if w == color => stats.wins += 1,
        Some(_) => {
            stats.losses += 1;
            let by = (outcome.reason == EndReason::FlagCaptured)
                .then(|| last_mover_rank(record))
                .flatten();
            stats.lost.push(Loss {
                reason: outcome.reason,
                by,
                ply: record.moves.len() as u32,
            });
        }
    }
}

/// One finished game of a player's: the record, which colour they played, the outcome.
pub struct OwnGame<'a> {
    pub record: &'a GameRecord,
    pub color: Color,
    pub outcome: Outcome,
}

/// How `setup` (of `variant`) fared: the games among `games` where the player's initial
/// army was exactly this set-up (either colour, see [`as_red`]) and that reached a result.
pub fn setup_stats<'a>(
    variant: Variant,
    setup: &Setup,
    games: impl IntoIterator<Item = OwnGame<'a>>,
) -> SetupStats {
    let want = as_red(setup).pieces;
    let mut stats = SetupStats::default();
    for g in games {
        if g.record.rules.variant != variant || !has_result(&g.outcome) {
            continue;
        }
        let army = match g.color {
            Color::Red => &g.record.red,
            Color::Blue => &g.record.blue,
        };
        if as_red(army).pieces == want {
            count(&mut stats, g.record, g.color, &g.outcome);
        }
    }
    stats
}

/// A set-up played more than once, exactly.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct CommonSetup {
    /// The set-up string as Red ([`Setup::to_setup_string`]).
    pub setup: String,
    pub games: u32,
    /// Points times two: a win 2, a draw 1.
    pub points2: u32,
}

/// Where Flags and Bombs stood and how the Flags fared, over many armies of one variant,
/// every army turned to Red's side (squares are Red's: rows 1 to 4).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Explorer {
    pub variant: Option<Variant>,
    /// Armies counted (a game gives one or two).
    pub armies: u32,
    /// Per square index ([`Square::index`]), 100 entries: how many armies had their Flag there.
    pub flags: Vec<u32>,
    /// Per square index: how many Bombs stood there, over all armies.
    pub bombs: Vec<u32>,
    /// Per square index: the points times two (win 2, draw 1) of the armies whose Flag was
    /// there; the score of a Flag square is `flag_points2 / (2 × flags)`.
    pub flag_points2: Vec<u32>,
    /// The set-ups played at least twice, most played first (at most [`COMMON_SHOWN`]).
    pub common: Vec<CommonSetup>,
}

/// How many common set-ups an [`Explorer`] keeps.
pub const COMMON_SHOWN: usize = 10;

/// One army for the explorer: the set-up as played, which colour, and the outcome.
pub struct Army<'a> {
    pub setup: &'a Setup,
    pub color: Color,
    pub outcome: Outcome,
}

impl Explorer {
    /// The explorer of `variant` over `armies` (the caller chooses which: games with a
    /// result, see [`has_result`] and [`both_finished`]; armies of another variant are
    /// skipped).
    pub fn build<'a>(
        variant: Variant,
        rules_of: impl Fn(Variant) -> Rules,
        armies: impl IntoIterator<Item = (Variant, Army<'a>)>,
    ) -> Explorer {
        let rules = rules_of(variant);
        let mut e = Explorer {
            variant: Some(variant),
            armies: 0,
            flags: vec![0; 100],
            bombs: vec![0; 100],
            flag_points2: vec![0; 100],
            common: vec![],
        };
        let mut seen: HashMap<String, (u32, u32)> = HashMap::new();
        for (v, a) in armies {
            if v != variant {
                continue;
            }
            let red = as_red(a.setup);
            let points2 = match a.outcome.winner {
                None => 1,
                Some(w) if w == a.color => 2,
                Some(_) => 0,
            };
            e.armies += 1;
            for (sq, r) in &red.pieces {
                match r {
                    Rank::Flag => {
                        e.flags[sq.index()] += 1;
                        e.flag_points2[sq.index()] += points2;
                    }
                    Rank::Bomb => e.bombs[sq.index()] += 1,
                    _ => {}
                }
            }
            let s = seen
                .entry(red.to_setup_string(&rules, Color::Red))
                .or_default();
            s.0 += 1;
            s.1 += points2;
        }
        let mut common: Vec<CommonSetup> = seen
            .into_iter()
            .filter(|(_, (n, _))| *n >= 2)
            .map(|(setup, (games, points2))| CommonSetup {
                setup,
                games,
                points2,
            })
            .collect();
        common.sort_by(|a, b| b.games.cmp(&a.games).then(a.setup.cmp(&b.setup)));
        common.truncate(COMMON_SHOWN);
        e.common = common;
        e
    }

    /// Flags on `sq` (as Red's square).
    pub fn flags_at(&self, sq: Square) -> u32 {
        self.flags.get(sq.index()).copied().unwrap_or(0)
    }

    /// Bombs on `sq`.
    pub fn bombs_at(&self, sq: Square) -> u32 {
        self.bombs.get(sq.index()).copied().unwrap_or(0)
    }

    /// The score of a Flag on `sq` in percent (a win 100, a draw 50), `None` when no Flag
    /// stood there.
    pub fn flag_score(&self, sq: Square) -> Option<u32> {
        let n = self.flags_at(sq);
        (n > 0).then(|| {
            let p = self.flag_points2.get(sq.index()).copied().unwrap_or(0);
            (p * 50 + n / 2) / n
        })
    }

    /// A shade 0..=4 of `n` against the largest count `max`, for a heat map (0: none).
    pub fn shade(n: u32, max: u32) -> u8 {
        if n == 0 || max == 0 {
            0
        } else {
            (1 + (n * 4 - 1) / max).min(4) as u8
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    fn rules() -> Rules {
        Rules::standard(Variant::Barrage)
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// A Barrage army for `color` with its Flag on `flag` (a Red square; turned for Blue).
    fn army(color: Color, flag: &str, seed: u64) -> Setup {
        let mut s = Setup::random(&rules(), Color::Red, seed);
        let f = *s.pieces.iter().find(|(_, r)| **r == Rank::Flag).unwrap().0;
        let other = s.pieces.get(&sq(flag)).copied();
        s.pieces.remove(&f);
        if let Some(o) = other {
            s.pieces.insert(f, o);
        }
        s.pieces.insert(sq(flag), Rank::Flag);
        if color == Color::Blue {
            // Turned half a turn: the inverse of as_red.
            let pieces = s
                .pieces
                .iter()
                .map(|(q, r)| (Square::new(9 - q.file(), 9 - q.row()).unwrap(), *r))
                .collect();
            s = Setup {
                color: Some(Color::Blue),
                pieces,
            };
        }
        s
    }

    fn record(red: Setup, blue: Setup, outcome: Outcome) -> GameRecord {
        let mut r = Game::new(rules(), &red, &blue).unwrap().record();
        r.outcome = Some(outcome);
        r
    }

    fn out(winner: Option<Color>, reason: EndReason) -> Outcome {
        Outcome { winner, reason }
    }

    #[test]
    fn as_red_turns_blue_half_a_turn() {
        let red = army(Color::Red, "B1", 3);
        let blue = army(Color::Blue, "B1", 3);
        assert_eq!(blue.pieces.get(&sq("I10")), Some(&Rank::Flag));
        assert_eq!(as_red(&blue), red);
    }

    #[test]
    fn stats_count_only_the_exact_army_with_a_result() {
        let mine = army(Color::Red, "A1", 1);
        let other = army(Color::Red, "C1", 2);
        let opp = army(Color::Blue, "A1", 9);
        let games = [
            // Won as Red.
            (
                record(
                    mine.clone(),
                    opp.clone(),
                    out(Some(Color::Red), EndReason::Resignation),
                ),
                Color::Red,
            ),
            // Played as Blue (turned), drawn.
            (
                record(
                    opp.turned_for(Color::Red),
                    as_blue(&mine),
                    out(None, EndReason::DrawAgreed),
                ),
                Color::Blue,
            ),
            // Lost on time.
            (
                record(
                    mine.clone(),
                    opp.clone(),
                    out(Some(Color::Blue), EndReason::Time),
                ),
                Color::Red,
            ),
            // Another army: not counted.
            (
                record(
                    other.clone(),
                    opp.clone(),
                    out(Some(Color::Red), EndReason::Resignation),
                ),
                Color::Red,
            ),
            // Aborted: no result, not counted.
            (
                record(mine.clone(), opp.clone(), out(None, EndReason::Aborted)),
                Color::Red,
            ),
        ];
        let s = setup_stats(
            Variant::Barrage,
            &mine,
            games.iter().map(|(r, c)| OwnGame {
                record: r,
                color: *c,
                outcome: r.outcome.unwrap(),
            }),
        );
        assert_eq!((s.games, s.wins, s.draws, s.losses), (3, 1, 1, 1));
        assert_eq!(s.lost_by(EndReason::Time), 1);
        assert_eq!(s.lost[0].by, None);
        // The same army saved as Blue finds the same games.
        let s2 = setup_stats(
            Variant::Barrage,
            &as_blue(&mine),
            games.iter().map(|(r, c)| OwnGame {
                record: r,
                color: *c,
                outcome: r.outcome.unwrap(),
            }),
        );
        assert_eq!(s2, s);
    }

    fn as_blue(s: &Setup) -> Setup {
        let pieces = as_red(s)
            .pieces
            .iter()
            .map(|(q, r)| (Square::new(9 - q.file(), 9 - q.row()).unwrap(), *r))
            .collect();
        Setup {
            color: Some(Color::Blue),
            pieces,
        }
    }

    #[test]
    fn a_captured_flag_names_its_captor_and_move() {
        // Barrage: Red's Flag on A4 (front row, Blue's Scout straight ahead on A7 can
        // run to it down the open file once nothing stands between).
        let mut red = Setup::new(Color::Red);
        for (s, r) in [
            ("A4", Rank::Flag),
            ("J1", Rank::Bomb),
            ("J2", Rank::Spy),
            ("I1", Rank::Scout),
            ("H1", Rank::Scout),
            ("G1", Rank::Miner),
            ("F1", Rank::General),
            ("E1", Rank::Marshal),
        ] {
            red.pieces.insert(sq(s), r);
        }
        let mut blue = Setup::new(Color::Blue);
        for (s, r) in [
            ("A7", Rank::Scout),
            ("J10", Rank::Flag),
            ("J9", Rank::Bomb),
            ("I10", Rank::Spy),
            ("H10", Rank::Scout),
            ("G10", Rank::Miner),
            ("F10", Rank::General),
            ("E10", Rank::Marshal),
        ] {
            blue.pieces.insert(sq(s), r);
        }
        let mut g = Game::new(rules(), &red, &blue).unwrap();
        g.play(crate::rules::Move::new(sq("E1"), sq("E2"))).unwrap();
        let ev = g.play(crate::rules::Move::new(sq("A7"), sq("A4"))).unwrap();
        assert!(ev.flag_captured);
        let r = g.record();
        let s = setup_stats(
            Variant::Barrage,
            &red,
            [OwnGame {
                record: &r,
                color: Color::Red,
                outcome: r.outcome.unwrap(),
            }],
        );
        assert_eq!(s.losses, 1);
        assert_eq!(
            s.lost,
            vec![Loss {
                reason: EndReason::FlagCaptured,
                by: Some(Rank::Scout),
                ply: 2
            }]
        );
    }

    #[test]
    fn explorer_counts_flags_bombs_scores_and_repeats() {
        let a = army(Color::Red, "A1", 1);
        let b = army(Color::Blue, "A1", 1); // the same army, played as Blue
        let c = army(Color::Red, "D1", 5);
        let o = |w| out(w, EndReason::FlagCaptured);
        let armies = [
            (a.clone(), Color::Red, o(Some(Color::Red))),
            (b.clone(), Color::Blue, o(Some(Color::Red))),
            (c.clone(), Color::Red, o(None)),
        ];
        let e = Explorer::build(
            Variant::Barrage,
            Rules::standard,
            armies.iter().map(|(s, col, out)| {
                (
                    Variant::Barrage,
                    Army {
                        setup: s,
                        color: *col,
                        outcome: *out,
                    },
                )
            }),
        );
        assert_eq!(e.armies, 3);
        assert_eq!(e.flags_at(sq("A1")), 2);
        assert_eq!(e.flags_at(sq("D1")), 1);
        assert_eq!(e.flags_at(sq("J10")), 0);
        assert_eq!(e.flags.iter().sum::<u32>(), 3);
        // Barrage has one Bomb: three armies, three Bombs.
        assert_eq!(e.bombs.iter().sum::<u32>(), 3);
        // A1: a win and a loss: 50 %. D1: a draw: 50 %. Nothing elsewhere.
        assert_eq!(e.flag_score(sq("A1")), Some(50));
        assert_eq!(e.flag_score(sq("D1")), Some(50));
        assert_eq!(e.flag_score(sq("B1")), None);
        // a and b are one set-up played twice.
        assert_eq!(e.common.len(), 1);
        assert_eq!(e.common[0].games, 2);
        assert_eq!(e.common[0].points2, 2);
        assert_eq!(e.common[0].setup, a.to_setup_string(&rules(), Color::Red));
    }

    #[test]
    fn shades_rise_with_the_count() {
        assert_eq!(Explorer::shade(0, 10), 0);
        assert_eq!(Explorer::shade(1, 10), 1);
        assert_eq!(Explorer::shade(10, 10), 4);
        assert!(Explorer::shade(6, 10) >= Explorer::shade(5, 10));
    }

    #[test]
    fn who_finished() {
        assert!(both_finished(&out(
            Some(Color::Red),
            EndReason::Resignation
        )));
        assert!(!both_finished(&out(
            Some(Color::Red),
            EndReason::Abandonment
        )));
        assert!(!both_finished(&out(None, EndReason::Aborted)));
        assert!(has_result(&out(Some(Color::Red), EndReason::Abandonment)));
    }
}
