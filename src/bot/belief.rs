//! What a player can believe about the enemy's hidden pieces, from its own view only.
//!
//! Every enemy piece on the board is either *known* (its rank is shown in the view: it
//! fought, or a long move showed a Scout, or it was rescued openly) or *unknown*. The
//! unknown pieces share a *pool* of ranks: the enemy's remaining army
//! ([`PlayerView::remaining`]) minus the known pieces on the board. A piece that has moved
//! is no Bomb and no Flag. Unmoved pieces get a positional prior: Flags on the back row,
//! Bombs on the back rows and next to a likely Flag.
//!
//! [`Belief::marginal`] gives each unknown piece's rank probabilities (for the easy bot);
//! [`Belief::sample`] draws a full position consistent with the view (for the hard bot's
//! determinization).

use crate::rules::{Color, Piece, PlayerView, Rank, SplitMix64, Square};

use super::{neighbours, weighted};

/// One unknown enemy piece.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Unknown {
    pub square: Square,
    pub moved: bool,
    /// Prior weight of the Flag standing here (unmoved pieces only; mean 1 over them).
    flag_w: f64,
    /// Prior weight of a Bomb standing here (unmoved pieces only; mean 1 over them).
    bomb_w: f64,
    /// Behavioural evidence: a weight per rank (all 1 when there is none).
    likes: [f64; 12],
}

/// The belief over the enemy's unknown pieces.
#[derive(Clone, Debug)]
pub struct Belief {
    pub me: Color,
    pub enemy: Color,
    pub unknown: Vec<Unknown>,
    /// Ranks the unknown pieces are drawn from, indexed by [`Rank::index`]. Exact, except
    /// under Silent Defense where captured pieces of unknown rank make it an upper bound.
    pub pool: [u8; 12],
    /// Index into `unknown` by square index.
    index: [u16; 100],
    unmoved: usize,
    moved: usize,
}

const NO: u16 = u16::MAX;

/// Distance of `sq` from `color`'s back row, 0..=9.
pub fn depth_of(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => sq.row(),
        Color::Blue => 9 - sq.row(),
    }
}

impl Belief {
    /// The belief of the player whose view this is. Panics on a spectator's view.
    pub fn from_view(view: &PlayerView) -> Belief {
        let me = view.color().expect("a player's view");
        let enemy = me.opposite();
        let mut pool = *view.remaining.get(enemy);
        let mut unknown = Vec::new();
        let mut index = [NO; 100];
        for sq in Square::all() {
            let Some(p) = view.piece_at(sq) else { continue };
            if p.color != enemy {
                continue;
            }
            match p.rank {
                Some(r) => pool[r.index()] = pool[r.index()].saturating_sub(1),
                None => {
                    index[sq.index()] = unknown.len() as u16;
                    unknown.push(Unknown {
                        square: sq,
                        moved: p.moved,
                        flag_w: 0.0,
                        bomb_w: 0.0,
                        likes: [1.0; 12],
                    });
                }
            }
        }
        // Positional priors of the unmoved pieces.
        let unmoved_here = |s: Square| {
            view.piece_at(s).is_some_and(|p| {
                p.color == enemy && !p.moved && p.rank.is_none_or(|r| r == Rank::Bomb)
            })
        };
        let mut fsum = 0.0;
        let mut bsum = 0.0;
        let mut unmoved = 0;
        for u in unknown.iter_mut().filter(|u| !u.moved) {
            let d = depth_of(enemy, u.square).min(3) as usize;
            let guards = neighbours(u.square).filter(|&n| unmoved_here(n)).count() as f64;
            let open = neighbours(u.square).count() as f64;
            let edge = if u.square.file() == 0 || u.square.file() == 9 {
                1.3
            } else {
                1.0
            };
            // A flag likes the back row, corners and being walled in by unmoved pieces.
            u.flag_w = [10.0, 1.5, 0.25, 0.08][d] * edge * (0.3 + guards / open.max(1.0) * 2.0);
            u.bomb_w = [1.6, 1.5, 0.9, 0.3][d];
            fsum += u.flag_w;
            bsum += u.bomb_w;
            unmoved += 1;
        }
        if unmoved > 0 {
            let (fm, bm) = (fsum / unmoved as f64, bsum / unmoved as f64);
            for u in unknown.iter_mut().filter(|u| !u.moved) {
                u.flag_w /= fm;
                u.bomb_w /= bm;
            }
        }
        let moved = unknown.len() - unmoved;
        Belief {
            me,
            enemy,
            unknown,
            pool,
            index,
            unmoved,
            moved,
        }
    }

    /// The unknown piece on `sq`, if any.
    pub fn unknown_at(&self, sq: Square) -> Option<&Unknown> {
        match self.index[sq.index()] {
            NO => None,
            i => self.unknown.get(i as usize),
        }
    }

    fn movable_in_pool(&self) -> u32 {
        Rank::ALL
            .iter()
            .filter(|r| r.is_movable())
            .map(|r| self.pool[r.index()] as u32)
            .sum()
    }

    /// Probabilities of each rank (indexed by [`Rank::index`]) for the unknown piece on
    /// `sq` (an approximation: each piece alone, the others marginalised). `None` if no
    /// unknown enemy piece stands there.
    pub fn marginal(&self, sq: Square) -> Option<[f64; 12]> {
        let u = self.unknown_at(sq)?;
        let mut p = [0.0; 12];
        let mc = self.movable_in_pool() as f64;
        if u.moved {
            if mc > 0.0 {
                for r in Rank::ALL.iter().filter(|r| r.is_movable()) {
                    p[r.index()] = self.pool[r.index()] as f64 / mc;
                }
            }
            return Some(apply_likes(p, &u.likes));
        }
        let n = self.unmoved.max(1) as f64;
        let mut pb = self.pool[Rank::Bomb.index()] as f64 * u.bomb_w / n;
        let mut pf = self.pool[Rank::Flag.index()] as f64 * u.flag_w / n;
        let fixed = (self.pool[Rank::Bomb.index()] + self.pool[Rank::Flag.index()]) as f64;
        if fixed >= n || mc == 0.0 {
            // Every unmoved piece is a Bomb or the Flag.
            let s = (pb + pf).max(1e-9);
            pb /= s;
            pf /= s;
        } else if pb + pf > 0.97 {
            let s = (pb + pf) / 0.97;
            pb /= s;
            pf /= s;
        }
        p[Rank::Bomb.index()] = pb;
        p[Rank::Flag.index()] = pf;
        let rest = (1.0 - pb - pf).max(0.0);
        if mc > 0.0 {
            for r in Rank::ALL.iter().filter(|r| r.is_movable()) {
                p[r.index()] = rest * self.pool[r.index()] as f64 / mc;
            }
        }
        Some(apply_likes(p, &u.likes))
    }

    /// Weights the ranks of the unknown piece on `sq` by `likes` (behavioural evidence, e.g.
    /// it walked up to a known piece: probably stronger). No effect on a known piece.
    pub fn set_likes(&mut self, sq: Square, likes: [f64; 12]) {
        if let Some(&i) = self.index.get(sq.index()) {
            if i != NO {
                self.unknown[i as usize].likes = likes.map(|x| x.max(1e-6));
            }
        }
    }

    /// Number of unknown pieces that have moved / not moved.
    pub fn counts(&self) -> (usize, usize) {
        (self.moved, self.unmoved)
    }

    /// A full position consistent with the view: every own piece and every known enemy
    /// piece as shown, each unknown enemy piece given a rank from the pool (moved pieces a
    /// movable rank), the Flag and Bombs placed by the positional prior.
    pub fn sample(&self, view: &PlayerView, rng: &mut SplitMix64) -> [Option<Piece>; 100] {
        let mut out = [None; 100];
        for sq in Square::all() {
            if let Some(p) = view.piece_at(sq) {
                if let Some(r) = p.rank {
                    out[sq.index()] = Some(Piece::new(p.color, r));
                }
            }
        }
        let mut pool = self.pool;
        let mut free: Vec<usize> = (0..self.unknown.len())
            .filter(|&i| !self.unknown[i].moved)
            .collect();
        let mut flag_sq: Option<Square> = None;
        let movable_total = self.movable_in_pool() as usize;
        // Immovable pieces: only as many as there is room for beside the moved pieces'
        // need of movable ranks (always all of them when the pool is exact).
        for rank in [Rank::Flag, Rank::Bomb] {
            while pool[rank.index()] > 0 && !free.is_empty() {
                let w: Vec<f64> = free
                    .iter()
                    .map(|&i| {
                        let u = &self.unknown[i];
                        let w = if rank == Rank::Flag {
                            u.flag_w
                        } else {
                            u.bomb_w
                        };
                        let near_flag = flag_sq.is_some_and(|f| {
                            f.file().abs_diff(u.square.file()) + f.row().abs_diff(u.square.row())
                                == 1
                        });
                        (w + 1e-6) * if near_flag { 4.0 } else { 1.0 }
                    })
                    .collect();
                let k = weighted(rng, &w).unwrap_or(0);
                let i = free.swap_remove(k);
                let sq = self.unknown[i].square;
                out[sq.index()] = Some(Piece::new(self.enemy, rank));
                if rank == Rank::Flag {
                    flag_sq = Some(sq);
                }
                pool[rank.index()] -= 1;
            }
        }
        // Movable ranks, uniformly over the remaining pieces.
        let mut bag: Vec<Rank> = Vec::with_capacity(movable_total);
        for r in Rank::ALL.iter().filter(|r| r.is_movable()) {
            for _ in 0..pool[r.index()] {
                bag.push(*r);
            }
        }
        for i in (1..bag.len()).rev() {
            let j = rng.below(i + 1);
            bag.swap(i, j);
        }
        let mut targets: Vec<Square> = self
            .unknown
            .iter()
            .filter(|u| u.moved)
            .map(|u| u.square)
            .collect();
        targets.extend(free.iter().map(|&i| self.unknown[i].square));
        // Pieces with behavioural evidence draw first, weighted by it.
        let mut rest: Vec<Square> = Vec::with_capacity(targets.len());
        for sq in targets {
            let u = self.unknown_at(sq).expect("an unknown piece");
            if u.likes.iter().all(|&x| x == 1.0) || bag.is_empty() {
                rest.push(sq);
                continue;
            }
            let w: Vec<f64> = bag.iter().map(|r| u.likes[r.index()]).collect();
            let k = weighted(rng, &w).unwrap_or(0);
            let r = bag.swap_remove(k);
            out[sq.index()] = Some(Piece::new(self.enemy, r));
        }
        for (k, sq) in rest.into_iter().enumerate() {
            // Only an inconsistent view (none in play) could leave the bag short.
            let r = bag.get(k).copied().unwrap_or(Rank::Scout);
            out[sq.index()] = Some(Piece::new(self.enemy, r));
        }
        out
    }
}

fn apply_likes(mut p: [f64; 12], likes: &[f64; 12]) -> [f64; 12] {
    if likes.iter().all(|&x| x == 1.0) {
        return p;
    }
    let mut sum = 0.0;
    for (x, l) in p.iter_mut().zip(likes) {
        *x *= l;
        sum += *x;
    }
    if sum > 0.0 {
        p.iter_mut().for_each(|x| *x /= sum);
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{Bot, RandomBot};
    use crate::rules::{Game, Options, Rules, Variant, Viewer};

    /// Views of random games at random plies, of every variant and a few option mixes.
    fn random_views(n_games: u64) -> Vec<(Game, PlayerView)> {
        let mut out = Vec::new();
        for g in 0..n_games {
            let variant = Variant::ALL[g as usize % 3];
            let options = Options {
                silent_defense: g % 5 == 4,
                ..Options::default()
            };
            let rules = Rules::new(variant, options);
            let mut rng = SplitMix64(g);
            let red = Setup::random(&rules, Color::Red, rng.next());
            let blue = Setup::random(&rules, Color::Blue, rng.next());
            let mut game = Game::new(rules, &red, &blue).unwrap();
            let mut bot = RandomBot::new(g);
            let plies = rng.below(300);
            for _ in 0..plies {
                let view = game.view(Viewer::Player(game.to_move()));
                let Some(m) = bot.choose(&view) else { break };
                game.play(m).unwrap();
                if game.is_over() {
                    break;
                }
                if rng.below(10) == 0 {
                    out.push((game.clone(), game.view(Viewer::Player(game.to_move()))));
                }
            }
            if !game.is_over() {
                let c = game.to_move();
                out.push((game.clone(), game.view(Viewer::Player(c.opposite()))));
            }
        }
        out
    }

    use crate::rules::Setup;

    #[test]
    fn moved_pieces_are_never_bombs_or_flags() {
        for (_, view) in random_views(40) {
            let b = Belief::from_view(&view);
            let mut rng = SplitMix64(7);
            for u in b.unknown.iter().filter(|u| u.moved) {
                let p = b.marginal(u.square).unwrap();
                assert_eq!(p[Rank::Bomb.index()], 0.0);
                assert_eq!(p[Rank::Flag.index()], 0.0);
            }
            for _ in 0..5 {
                let s = b.sample(&view, &mut rng);
                for u in b.unknown.iter().filter(|u| u.moved) {
                    assert!(s[u.square.index()].unwrap().rank.is_movable());
                }
            }
        }
    }

    #[test]
    fn pool_never_exceeds_what_is_left_and_marginals_sum_to_one() {
        for (game, view) in random_views(40) {
            let b = Belief::from_view(&view);
            let left = view.remaining.get(b.enemy);
            for r in Rank::ALL {
                assert!(b.pool[r.index()] <= left[r.index()]);
            }
            // The truth is inside the pool.
            let mut truth = [0u8; 12];
            for u in &b.unknown {
                let p = game.piece_at(u.square).unwrap();
                truth[p.rank.index()] += 1;
            }
            for r in Rank::ALL {
                assert!(truth[r.index()] <= b.pool[r.index()], "{r:?}");
                if !view.rules.options.silent_defense {
                    assert_eq!(truth[r.index()], b.pool[r.index()], "{r:?}");
                }
            }
            for u in &b.unknown {
                let p = b.marginal(u.square).unwrap();
                let s: f64 = p.iter().sum();
                assert!((s - 1.0).abs() < 1e-6, "{s}");
                assert!(p.iter().all(|&x| (0.0..=1.0 + 1e-9).contains(&x)));
            }
        }
    }

    #[test]
    fn samples_are_consistent_with_the_view() {
        for (game, view) in random_views(60) {
            let mut b = Belief::from_view(&view);
            let mut rng = SplitMix64(game.ply() as u64);
            // Behavioural evidence on some pieces changes nothing about consistency.
            let squares: Vec<Square> = b.unknown.iter().map(|u| u.square).collect();
            for (k, sq) in squares.into_iter().enumerate() {
                if k.is_multiple_of(3) {
                    let mut likes = [1.0; 12];
                    likes[k % 12] = 5.0;
                    b.set_likes(sq, likes);
                }
            }
            for _ in 0..8 {
                let s = b.sample(&view, &mut rng);
                let mut counts = [0u8; 12];
                for sq in Square::all() {
                    match (view.piece_at(sq), s[sq.index()]) {
                        (None, None) => {}
                        (Some(vp), Some(sp)) => {
                            assert_eq!(vp.color, sp.color);
                            if vp.color == b.me {
                                // Own pieces identical (the view shows their ranks).
                                assert_eq!(Some(sp.rank), vp.rank);
                                assert_eq!(game.piece_at(sq), Some(sp));
                            } else {
                                if let Some(r) = vp.rank {
                                    assert_eq!(r, sp.rank, "known rank kept");
                                }
                                if vp.moved {
                                    assert!(sp.rank.is_movable());
                                }
                                counts[sp.rank.index()] += 1;
                            }
                        }
                        (a, b) => panic!("{sq}: view {a:?}, sample {b:?}"),
                    }
                }
                let left = view.remaining.get(b.enemy);
                for r in Rank::ALL {
                    if view.rules.options.silent_defense {
                        assert!(counts[r.index()] <= left[r.index()]);
                    } else {
                        assert_eq!(counts[r.index()], left[r.index()], "{r:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn revealed_pieces_are_certain() {
        for (_, view) in random_views(30) {
            let b = Belief::from_view(&view);
            for sq in Square::all() {
                if let Some(p) = view.piece_at(sq) {
                    if p.color == b.enemy {
                        assert_eq!(p.rank.is_some(), b.unknown_at(sq).is_none());
                    }
                }
            }
        }
    }
}
