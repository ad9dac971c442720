//! The analysis after a game: the hard computer ([`HardBot`]) reviews every ply of a
//! finished game twice ([`crate::rules::analysis`] says what the numbers mean).
//!
//! - **As the mover knew it.** A [`Reviewer`] takes the mover's own [`PlayerView`] just
//!   before the move ([`GameRecord::for_each_ply`]'s `seen`: the view the live game gave
//!   that seat) and nothing else: [`Reviewer::judge`] has no other input, so it cannot read
//!   a hidden rank. One hard bot per colour follows that player's game from the first ply
//!   (what the opponent has learnt of its pieces, how the enemy pieces moved), taking in
//!   the moves the player made ([`HardBot::replay_own_move`]) rather than its own.
//! - **With hindsight.** A second reviewer is given the same moments with every rank known
//!   (`revealed`), so its search sees the true position.
//!
//! At each ply a copy of that colour's bot searches the position as it would in a game
//! ([`Bot::choose`], a fixed node budget, so the review is the same on every machine and
//! every run); its root scores give the best move's value (before) and the played move's
//! (after). The copy is thrown away, so the search never changes what the bot follows.
//!
//! Pure and synchronous (CPU work): the lobby runs it on its own low-priority threads.

use crate::rules::analysis::WIN_SCORE;
use crate::rules::{GameAnalysis, GameRecord, Judgement, Move, PlayerView, PlyReview, ReplayError};

use super::{Bot, HardBot, HardConfig};

/// Nodes a search of the review by default (`AnalysisConfig::nodes` in the lobby), a third
/// of the hard bot's own [`super::NODE_BUDGET`]: the review searches twice a ply, and at the
/// bot's budget it would cost three times the CPU for marks (mistake, blunder) that are
/// thresholds on the same evaluation.
pub const REVIEW_NODES: u64 = 20_000;

/// One point of view of the review: a hard bot per colour, each following its player.
pub struct Reviewer {
    bots: [HardBot; 2],
}

impl Reviewer {
    /// `nodes` a search (by default [`REVIEW_NODES`]).
    pub fn new(seed: u64, nodes: u64) -> Reviewer {
        let cfg = HardConfig::with_nodes(nodes.max(1));
        Reviewer {
            bots: [HardBot::new(seed, cfg), HardBot::new(seed ^ 0x5EED, cfg)],
        }
    }

    /// Judges `played`, made from `view` (the mover's view before the move; a spectator's
    /// view is judged `None`). Every ply of a game must be given in order, each to the
    /// reviewer of its point of view. `None` when there was nothing to choose (one move).
    pub fn judge(&mut self, view: &PlayerView, played: Move) -> Option<Judgement> {
        let me = view.color()?;
        let bot = &mut self.bots[me.index()];
        let mut roots: Vec<(u8, u8)> = view
            .legal_moves
            .iter()
            .map(|m| (m.from.index() as u8, m.to.index() as u8))
            .collect();
        roots.sort_unstable();
        roots.dedup();
        let judged = if roots.len() > 1 {
            let mut probe = bot.clone();
            probe.choose(view).and_then(|best| {
                let score = |m: Move| {
                    probe
                        .scores
                        .iter()
                        .find(|(s, _)| s.from == m.from && s.to == m.to)
                        .map(|&(_, v)| v)
                };
                let before = probe
                    .scores
                    .iter()
                    .map(|&(_, v)| v)
                    .fold(f64::NEG_INFINITY, f64::max);
                let after = score(played)?;
                Some(Judgement {
                    best,
                    before: clamp(before),
                    after: clamp(after),
                })
            })
        } else {
            None
        };
        bot.replay_own_move(view, played);
        judged
    }
}

fn clamp(v: f64) -> i32 {
    (v.round() as i64).clamp(-(WIN_SCORE as i64), WIN_SCORE as i64) as i32
}

/// Reviews every ply of `record` from both points of view, `nodes` a search; `seed` makes
/// the review repeatable (the game's id, say). `stop` is asked between plies: once it
/// answers `true` the review ends with `None` (the server is stopping).
pub fn analyse(
    record: &GameRecord,
    seed: u64,
    nodes: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<GameAnalysis>, ReplayError> {
    let mut seen = Reviewer::new(seed, nodes);
    let mut hindsight = Reviewer::new(seed ^ 0xA11, nodes);
    let mut plies = Vec::with_capacity(record.moves.len());
    let mut stopped = false;
    record.for_each_ply(|p| {
        if stopped || stop() {
            stopped = true;
            return;
        }
        plies.push(PlyReview {
            mover: p.mover,
            played: p.played,
            seen: seen.judge(&p.seen, p.played),
            hindsight: hindsight.judge(&p.revealed, p.played),
        });
    })?;
    Ok((!stopped).then_some(GameAnalysis { plies, nodes }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Color, Game, Rank, Rules, Setup, Severity, Square, Variant, Viewer};

    const NODES: u64 = 3_000;

    fn blunder_game() -> GameRecord {
        GameRecord::from_text(include_str!(
            "../../tests/data/analysis/spy_takes_marshal.txt"
        ))
        .expect("the planted game reads")
    }

    #[test]
    fn the_marshal_walked_next_to_a_known_spy_is_a_blunder_both_ways() {
        let a = analyse(&blunder_game(), 1, NODES, &|| false)
            .unwrap()
            .unwrap();
        assert_eq!(a.plies.len(), 7);
        let six = a.plies[5];
        assert_eq!(six.mover, Color::Blue);
        for (what, j) in [("seen", six.seen), ("hindsight", six.hindsight)] {
            let j = j.unwrap_or_else(|| panic!("{what}: judged"));
            assert_eq!(j.severity(), Severity::Blunder, "{what}: {j:?}");
            assert_ne!(j.best, six.played, "{what}");
        }
        // The Spy taking the Marshal is no mistake.
        assert!(a.plies[6].seen.unwrap().loss() < crate::rules::analysis::MISTAKE);
        assert_eq!(a.next_mistake(0).map(|k| k >= 1), Some(true));
        assert!(a.next_mistake(5).is_some_and(|k| k == 6));
    }

    /// A game of `plies` random moves from random set-ups (seeded).
    fn random_game(seed: u64, plies: usize) -> GameRecord {
        let rules = Rules::standard(Variant::Classic);
        let red = Setup::random(&rules, Color::Red, seed);
        let blue = Setup::random(&rules, Color::Blue, seed + 1);
        let mut g = Game::new(rules, &red, &blue).unwrap();
        let mut bots = [
            super::super::RandomBot::new(seed),
            super::super::RandomBot::new(seed + 7),
        ];
        for _ in 0..plies {
            if g.is_over() {
                break;
            }
            let c = g.to_move();
            let v = g.view(Viewer::Player(c));
            let m = bots[c.index()].choose(&v).unwrap();
            g.play(m).unwrap();
        }
        g.record()
    }

    /// Whether any move of the game starts or ends on `sq`.
    fn touched(r: &GameRecord, sq: Square) -> bool {
        r.moves.iter().any(|m| m.from == sq || m.to == sq)
    }

    #[test]
    fn the_first_column_never_reads_a_hidden_rank() {
        // Two games alike in everything Red can know: Blue's Flag and one of its Bombs,
        // never moved, attacked or revealed, swap places. Red's judgements as Red knew it
        // must be the same; with hindsight (where the Flag is matters) they differ.
        let mut found = None;
        for seed in 1..40 {
            let r = random_game(seed, 24);
            let flag = r
                .blue
                .pieces
                .iter()
                .find(|(_, &k)| k == Rank::Flag)
                .map(|(&s, _)| s)
                .unwrap();
            let bomb = r
                .blue
                .pieces
                .iter()
                .filter(|(&s, &k)| k == Rank::Bomb && !touched(&r, s))
                .map(|(&s, _)| s)
                .max_by_key(|s| s.index().abs_diff(flag.index()));
            if let (false, Some(bomb)) = (touched(&r, flag), bomb) {
                found = Some((r, flag, bomb));
                break;
            }
        }
        let (a, flag, bomb) = found.expect("a game leaving a Blue Flag and Bomb alone");
        let mut b = a.clone();
        b.blue.pieces.insert(flag, Rank::Bomb);
        b.blue.pieces.insert(bomb, Rank::Flag);
        assert_eq!(a.replay().unwrap().ply(), b.replay().unwrap().ply());
        // Red's views are equal ply by ply: the swap is hidden from Red.
        let reds = |r: &GameRecord| {
            let mut v = vec![];
            r.for_each_ply(|p| {
                if p.mover == Color::Red {
                    v.push(p.seen)
                }
            })
            .unwrap();
            v
        };
        assert_eq!(reds(&a), reds(&b));
        let (ra, rb) = (
            analyse(&a, 3, 1_000, &|| false).unwrap().unwrap(),
            analyse(&b, 3, 1_000, &|| false).unwrap().unwrap(),
        );
        let red = |x: &GameAnalysis, hind: bool| -> Vec<Option<Judgement>> {
            x.plies
                .iter()
                .filter(|p| p.mover == Color::Red)
                .map(|p| if hind { p.hindsight } else { p.seen })
                .collect()
        };
        assert_eq!(red(&ra, false), red(&rb, false), "as Red knew it");
        assert_ne!(
            red(&ra, true),
            red(&rb, true),
            "with hindsight the swap shows (so the comparison above can fail)"
        );
    }

    #[test]
    fn a_review_stops_when_asked() {
        let r = random_game(5, 10);
        assert_eq!(analyse(&r, 1, 200, &|| true).unwrap(), None);
    }
}
