//! The easy bot: every legal move gets a heuristic score from the bot's own view, the best
//! one is played (a little noise breaks ties and makes it less predictable).
//!
//! - Battles: the expected value over the belief of the target's rank (a known weaker piece
//!   is taken, a known stronger one is left alone); high pieces are not thrown at unknown
//!   pieces (revealing them costs); Scouts probe unknown pieces; Miners go for suspected
//!   Bombs; a likely Flag within reach is attacked.
//! - Quiet moves: avoid squares next to known stronger (or likely stronger) enemies, escape
//!   threats, close in on known weaker pieces, advance, Miners towards the unmoved pieces of
//!   the enemy back rows, guard the own Flag when enemies come near.

use crate::rules::{BattleResult, Color, Move, PlayerView, Rank, Rules, Setup, SplitMix64, Square};

use super::belief::{depth_of, Belief};
use super::sim::battle;
use super::{neighbours, setups, unit, value, Bot};

pub struct EasyBot {
    rng: SplitMix64,
    last: Option<Move>,
}

impl EasyBot {
    pub fn new(seed: u64) -> EasyBot {
        EasyBot {
            rng: SplitMix64(seed ^ 0xEA5E),
            last: None,
        }
    }
}

fn dist(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32).abs() + (a.row() as i32 - b.row() as i32).abs()
}

/// Whether `a` and `b` are on one line with only empty squares (no lake) between them.
fn clear_line(view: &PlayerView, a: Square, b: Square) -> bool {
    if a.file() != b.file() && a.row() != b.row() || a == b {
        return false;
    }
    let df = (b.file() as i8 - a.file() as i8).signum();
    let dr = (b.row() as i8 - a.row() as i8).signum();
    let mut cur = a;
    loop {
        let Some(n) = cur.offset(df, dr) else {
            return false;
        };
        if n == b {
            return true;
        }
        if n.is_lake() || view.piece_at(n).is_some() {
            return false;
        }
        cur = n;
    }
}

/// The value of one battle for the attacker: gain minus loss.
fn battle_value(a: Rank, d: Rank, aa: bool) -> f64 {
    if d == Rank::Flag {
        return 1000.0;
    }
    match battle(a, d, aa) {
        BattleResult::AttackerWins => value(d),
        BattleResult::DefenderWins => -value(a),
        BattleResult::BothRemoved => value(d) - value(a),
    }
}

/// How exposed `flag` is after our move `m` (a sum of probabilities over enemy pieces
/// that could take it on their next move): an enemy next to it that can move, or one that
/// may be a Scout with a clear line to it. `m`'s target is counted as taken when
/// `taken`, and the moving piece as lost when `lost`.
fn flag_exposure(ctx: &Ctx, flag: Square, m: Move, taken: bool, lost: bool) -> f64 {
    let occupied = |sq: Square| -> bool {
        if sq == m.from {
            return false;
        }
        if sq == m.to {
            // Empty only when both pieces fell.
            return !(taken && lost);
        }
        ctx.view.piece_at(sq).is_some()
    };
    let mut exposure = 0.0;
    for sq in Square::all() {
        if sq.file() != flag.file() && sq.row() != flag.row() || sq == flag {
            continue;
        }
        let Some(p) = ctx.view.piece_at(sq) else {
            continue;
        };
        if p.color == ctx.me || sq == m.to && taken {
            continue;
        }
        // Empty squares (as they will be) all the way to the flag.
        let df = (flag.file() as i8 - sq.file() as i8).signum();
        let dr = (flag.row() as i8 - sq.row() as i8).signum();
        let mut cur = sq;
        let mut steps = 0;
        let clear = loop {
            let Some(n) = cur.offset(df, dr) else {
                break false;
            };
            steps += 1;
            if n == flag {
                break true;
            }
            if n.is_lake() || occupied(n) {
                break false;
            }
            cur = n;
        };
        if !clear {
            continue;
        }
        let Some(pr) = ctx.probs(sq) else { continue };
        exposure += if steps == 1 {
            1.0 - pr[Rank::Bomb.index()] - pr[Rank::Flag.index()]
        } else {
            pr[Rank::Scout.index()]
        };
    }
    exposure
}

/// Score lost per unit of [`flag_exposure`]: more than any material gain but the Flag's.
const FLAG_EXPOSURE: f64 = 400.0;

struct Ctx<'a> {
    view: &'a PlayerView,
    belief: Belief,
    me: Color,
    aa: bool,
}

impl Ctx<'_> {
    /// Rank probabilities of the enemy piece on `sq` (certain when known).
    fn probs(&self, sq: Square) -> Option<[f64; 12]> {
        let p = self.view.piece_at(sq)?;
        if p.color == self.me {
            return None;
        }
        match p.rank {
            Some(r) => {
                let mut x = [0.0; 12];
                x[r.index()] = 1.0;
                Some(x)
            }
            None => self.belief.marginal(sq),
        }
    }

    /// Expected loss of a piece of rank `r` standing on `at` (the piece moving from `from`,
    /// which is then empty), from the enemies next to it.
    fn danger(&self, r: Rank, at: Square, from: Option<Square>) -> f64 {
        let mut worst: f64 = 0.0;
        for n in neighbours(at) {
            if Some(n) == from {
                continue;
            }
            let Some(p) = self.probs(n) else { continue };
            let mut loss = 0.0;
            for e in Rank::ALL.into_iter().filter(|e| e.is_movable()) {
                let pe = p[e.index()];
                if pe > 0.0 {
                    match battle(e, r, self.aa) {
                        BattleResult::AttackerWins => loss += pe * value(r),
                        BattleResult::BothRemoved => loss += pe * (value(r) - value(e)).max(0.0),
                        BattleResult::DefenderWins => {}
                    }
                }
            }
            // An unknown enemy does not know what it faces either: it attacks less surely.
            if self.view.piece_at(n).is_some_and(|v| v.rank.is_none()) {
                loss *= 0.6;
            }
            worst = worst.max(loss);
        }
        worst
    }
}

/// Gain in distance to the nearest square of `set` when a piece moves `from` → `to`
/// (positive when closer).
fn nearest(from: Square, to: Square, set: &[Square]) -> i32 {
    let d0 = set.iter().map(|&s| dist(from, s)).min();
    let d1 = set.iter().map(|&s| dist(to, s)).min();
    match (d0, d1) {
        (Some(a), Some(b)) => a - b,
        _ => 0,
    }
}

/// What the moves aim at: known enemies, the likeliest Flag, suspected Bombs, intruders.
struct Targets {
    my_flag: Option<Square>,
    known: Vec<(Square, Rank)>,
    unmoved_back: Vec<Square>,
    likely_flag: Option<(Square, f64)>,
    intruders: Vec<Square>,
    /// A variant with a small army (not Classic).
    small: bool,
}

impl Targets {
    fn find(ctx: &Ctx) -> Targets {
        let view = ctx.view;
        let (me, enemy) = (ctx.me, ctx.me.opposite());
        let my_flag = Square::all().find(|&s| {
            view.piece_at(s)
                .is_some_and(|p| p.color == me && p.rank == Some(Rank::Flag))
        });
        let mut t = Targets {
            my_flag,
            known: Vec::new(),
            unmoved_back: Vec::new(),
            likely_flag: None,
            intruders: Vec::new(),
            small: view.rules.variant != crate::rules::Variant::Classic,
        };
        for sq in Square::all() {
            let Some(p) = view.piece_at(sq) else { continue };
            if p.color != enemy {
                continue;
            }
            if let Some(r) = p.rank {
                t.known.push((sq, r));
            } else if !p.moved {
                if depth_of(enemy, sq) <= 1 {
                    t.unmoved_back.push(sq);
                }
                if let Some(m) = ctx.belief.marginal(sq) {
                    let pf = m[Rank::Flag.index()];
                    if t.likely_flag.is_none_or(|(_, q)| pf > q) {
                        t.likely_flag = Some((sq, pf));
                    }
                }
            }
            if let Some(f) = my_flag {
                let may_be_scout = p.rank.is_none_or(|r| r == Rank::Scout);
                if p.moved && dist(sq, f) <= 3 || may_be_scout && clear_line(view, sq, f) {
                    t.intruders.push(sq);
                }
            }
        }
        t
    }
}

impl Ctx<'_> {
    /// The score of `m`, an attack by a piece of rank `r` on an enemy.
    fn attack_score(&self, t: &Targets, m: Move, r: Rank) -> f64 {
        let mut score = 0.0;
        let target = self.view.piece_at(m.to);
        let p = self.probs(m.to).unwrap_or([0.0; 12]);
        let known_target = target.is_some_and(|t| t.rank.is_some());
        let mut ev = 0.0;
        for d in Rank::ALL {
            if p[d.index()] > 0.0 {
                ev += p[d.index()] * battle_value(r, d, self.aa);
            }
        }
        score += ev;
        if !known_target {
            // Revealing a high piece costs; so does risking it blind.
            if r >= Rank::Major && r.is_movable() || r == Rank::Spy {
                score -= 0.3 * value(r) + if r >= Rank::Colonel { 40.0 } else { 0.0 };
            }
            // A probe; in the small armies the two Scouts are worth more as
            // guards of the open lines to the Flag.
            if r == Rank::Scout {
                score += if t.small { 0.0 } else { 6.0 };
            }
            if r == Rank::Miner && !target.is_some_and(|t| t.moved) {
                score += 4.0 + 20.0 * p[Rank::Bomb.index()];
            }
        }
        // After winning, the piece stands on the target's square.
        let win_p: f64 = Rank::ALL
            .into_iter()
            .filter(|&d| battle(r, d, self.aa) == BattleResult::AttackerWins)
            .map(|d| p[d.index()])
            .sum();
        score -= 0.5 * win_p * self.danger(r, m.to, Some(m.from));
        // Intruders near the flag are worth more.
        if t.intruders.contains(&m.to) {
            score += 0.2 * ev.max(0.0) + 3.0;
        }
        score
    }

    /// The score of `m`, a move of a piece of rank `r` to an empty square; `last` is our
    /// previous move.
    fn quiet_score(&self, t: &Targets, m: Move, r: Rank, last: Option<Move>) -> f64 {
        let mut score = 0.0;
        let here = self.danger(r, m.from, None);
        let there = self.danger(r, m.to, Some(m.from));
        score += here - there;
        // Advancing.
        let adv = depth_of(self.me, m.to) as f64 - depth_of(self.me, m.from) as f64;
        let adv_w = match r {
            Rank::Scout => 0.8,
            Rank::Miner | Rank::Spy => 0.2,
            Rank::Marshal | Rank::General => 0.5,
            _ => 0.7,
        };
        score += adv * adv_w;
        // Hunting known weaker pieces.
        let prey: Vec<Square> = t
            .known
            .iter()
            .filter(|&&(_, e)| {
                e.is_movable() && battle(r, e, self.aa) == BattleResult::AttackerWins
                    || e == Rank::Bomb && r == Rank::Miner
            })
            .map(|&(s, _)| s)
            .collect();
        score += 1.5 * nearest(m.from, m.to, &prey) as f64;
        // Miners towards suspected Bombs, low pieces towards the likely Flag.
        if r == Rank::Miner {
            score += 1.2 * nearest(m.from, m.to, &t.unmoved_back) as f64;
        }
        if let Some((fsq, pf)) = t.likely_flag {
            if r <= Rank::Captain && r != Rank::Spy {
                score += (0.5 + 6.0 * pf) * nearest(m.from, m.to, &[fsq]) as f64;
            }
        }
        // Guard the flag: strong pieces go for intruders, guards stay.
        if let Some(f) = t.my_flag {
            if !t.intruders.is_empty() && r >= Rank::Captain {
                score += 1.5 * nearest(m.from, m.to, &t.intruders) as f64;
            }
            // Sides of the Flag opened (+1) or closed (-1) by this move: the
            // small armies have few Bombs, so their pieces keep the Flag covered.
            let opened = (dist(m.from, f) == 1) as i32 - (dist(m.to, f) == 1) as i32;
            let w =
                if t.small { 20.0 } else { 0.0 } + if t.intruders.is_empty() { 0.0 } else { 6.0 };
            score -= w * opened as f64;
        }
        // A Scout's long move shows it is a Scout.
        if r == Rank::Scout && dist(m.from, m.to) > 1 {
            score -= 1.0;
        }
        if r == Rank::Spy {
            score -= 2.0;
        }
        if last.is_some_and(|l| l.from == m.to && l.to == m.from) {
            score -= 2.5;
        }
        score
    }

    /// How far `m` (by a piece of rank `r`) opens a way to our Flag on `f`, expected over
    /// the battle's results when it attacks.
    fn flag_exposure_after(&self, f: Square, m: Move, r: Rank) -> f64 {
        if self.view.piece_at(m.to).is_some() {
            let p = self.probs(m.to).unwrap_or([0.0; 12]);
            let (mut win, mut lose) = (0.0, 0.0);
            for d in Rank::ALL {
                match battle(r, d, self.aa) {
                    BattleResult::AttackerWins => win += p[d.index()],
                    BattleResult::DefenderWins => lose += p[d.index()],
                    BattleResult::BothRemoved => {}
                }
            }
            let tie = (1.0 - win - lose).max(0.0);
            win * flag_exposure(self, f, m, true, false)
                + lose * flag_exposure(self, f, m, false, true)
                + tie * flag_exposure(self, f, m, true, true)
        } else {
            flag_exposure(self, f, m, false, false)
        }
    }
}

impl Bot for EasyBot {
    fn setup(&mut self, rules: &Rules, color: Color) -> Setup {
        setups::generate(rules, color, self.rng.next())
    }

    fn choose(&mut self, view: &PlayerView) -> Option<Move> {
        if view.legal_moves.is_empty() {
            return None;
        }
        let me = view.color()?;
        let ctx = Ctx {
            view,
            belief: Belief::from_view(view),
            me,
            aa: view.rules.options.aggressor_advantage,
        };
        let targets = Targets::find(&ctx);
        let mut best: Option<(f64, Move)> = None;
        for &m in &view.legal_moves {
            let Some(mp) = view.piece_at(m.from) else {
                continue;
            };
            let Some(r) = mp.rank else { continue };
            let mut score = if view.piece_at(m.to).is_some() {
                ctx.attack_score(&targets, m, r)
            } else {
                ctx.quiet_score(&targets, m, r, self.last)
            };
            // Never open a way to our own Flag; close one when we can.
            if let Some(f) = targets.my_flag {
                score -= FLAG_EXPOSURE * ctx.flag_exposure_after(f, m, r);
            }
            if let Some(res) = m.rescue {
                score += 0.5 * value(res.rank);
            }
            score += unit(&mut self.rng) * 1.2;
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, m));
            }
        }
        let m = best.map(|(_, m)| m)?;
        self.last = Some(m);
        Some(m)
    }
}
