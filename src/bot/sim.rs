//! A small full-information position for the hard bot's search: copy-make, no history.
//! Movement and battles follow the rules engine (Scouts' long moves and attacks, Bombs,
//! Spy, Aggressor Advantage); the repetition rules and Rescue are left out of the search
//! (the root moves always come from the real legal moves).

use crate::rules::{BattleResult, Color, Piece, Rank};

pub const EMPTY: u8 = 0;
pub const LAKE: u8 = 0xFF;
const RANK_MASK: u8 = 0x0F;
const BLUE: u8 = 0x10;
const MOVED: u8 = 0x20;
/// Known to the opponent.
const REVEALED: u8 = 0x40;

/// Neighbour steps: up, down, right, left (with file checks done by the caller).
const DIRS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// The squares next to square index `i` on the board (lakes included: their cell is
/// `LAKE`).
pub fn neighbours(i: usize) -> impl Iterator<Item = usize> {
    let (f, r) = ((i % 10) as i8, (i / 10) as i8);
    DIRS.into_iter().filter_map(move |(df, dr)| {
        let (nf, nr) = (f + df, r + dr);
        ((0..10).contains(&nf) && (0..10).contains(&nr)).then_some((nr * 10 + nf) as usize)
    })
}

pub fn rank_of(cell: u8) -> Rank {
    Rank::from_index((cell & RANK_MASK) as usize - 1).expect("a piece cell")
}

pub fn color_of(cell: u8) -> Color {
    if cell & BLUE != 0 {
        Color::Blue
    } else {
        Color::Red
    }
}

pub fn is_piece(cell: u8) -> bool {
    cell != EMPTY && cell != LAKE
}

pub fn is_revealed(cell: u8) -> bool {
    cell & REVEALED != 0
}

pub fn is_moved(cell: u8) -> bool {
    cell & MOVED != 0
}

pub fn cell(p: Piece, moved: bool, revealed: bool) -> u8 {
    let mut c = p.rank as u8;
    if p.color == Color::Blue {
        c |= BLUE;
    }
    if moved {
        c |= MOVED;
    }
    if revealed {
        c |= REVEALED;
    }
    c
}

/// The result of `a` attacking `d`.
pub fn battle(a: Rank, d: Rank, aggressor_advantage: bool) -> BattleResult {
    use BattleResult::*;
    match (a, d) {
        (_, Rank::Flag) => AttackerWins,
        (Rank::Miner, Rank::Bomb) => AttackerWins,
        (_, Rank::Bomb) => DefenderWins,
        (Rank::Spy, Rank::Marshal) => AttackerWins,
        (x, y) if x == y => {
            if aggressor_advantage {
                AttackerWins
            } else {
                BothRemoved
            }
        }
        (x, y) if x > y => AttackerWins,
        _ => DefenderWins,
    }
}

/// A position with every rank known.
#[derive(Clone, Debug)]
pub struct Sim {
    pub board: [u8; 100],
    pub to_move: Color,
    pub aggressor_advantage: bool,
    /// Set when the game ended: `Some(winner)` or `None` for a draw.
    pub over: Option<Option<Color>>,
    /// Pieces of each rank on the board, per colour.
    pub counts: [[u8; 12]; 2],
    pub movable: [u8; 2],
    /// Square of each side's Flag (`LAKE` when it has none).
    pub flags: [u8; 2],
    /// Per side and rank (`Rank::index`), the pieces the other side has not seen: the
    /// ranks it cannot rule out for an unknown piece are those with any left.
    pub unseen: [[u8; 12]; 2],
    /// Per side, its moved pieces the other side had not seen that were taken since
    /// [`Sim::new`] (in battle, as the battle showed them).
    pub lost_unseen: [u8; 2],
}

/// A move in the search: from, to (square indices).
pub type SMove = (u8, u8);

impl Sim {
    pub fn new(board: [u8; 100], to_move: Color, aggressor_advantage: bool) -> Sim {
        let mut counts = [[0u8; 12]; 2];
        let mut movable = [0u8; 2];
        let mut flags = [LAKE; 2];
        let mut unseen = [[0u8; 12]; 2];
        for (i, &c) in board.iter().enumerate() {
            if is_piece(c) {
                let (col, r) = (color_of(c), rank_of(c));
                counts[col.index()][r.index()] += 1;
                if !is_revealed(c) {
                    unseen[col.index()][r.index()] += 1;
                }
                if r == Rank::Flag {
                    flags[col.index()] = i as u8;
                }
                if r.is_movable() {
                    movable[col.index()] += 1;
                }
            }
        }
        let mut s = Sim {
            board,
            to_move,
            aggressor_advantage,
            over: None,
            counts,
            movable,
            flags,
            unseen,
            lost_unseen: [0; 2],
        };
        s.check_movable();
        s
    }

    fn check_movable(&mut self) {
        if self.over.is_some() {
            return;
        }
        match (self.movable[0] == 0, self.movable[1] == 0) {
            (true, true) => self.over = Some(None),
            (true, false) => self.over = Some(Some(Color::Blue)),
            (false, true) => self.over = Some(Some(Color::Red)),
            _ => {}
        }
    }

    /// Pseudo-legal moves of the side to move (movement rules only), attacks first.
    pub fn moves(&self, out: &mut Vec<SMove>) {
        out.clear();
        if self.over.is_some() {
            return;
        }
        let me = self.to_move;
        let mut quiet: [SMove; 160] = [(0, 0); 160];
        let mut nq = 0;
        for from in 0..100u8 {
            let c = self.board[from as usize];
            if !is_piece(c) || color_of(c) != me {
                continue;
            }
            let r = rank_of(c);
            if !r.is_movable() {
                continue;
            }
            let (f0, r0) = ((from % 10) as i8, (from / 10) as i8);
            for (df, dr) in DIRS {
                let (mut f, mut rr) = (f0, r0);
                loop {
                    f += df;
                    rr += dr;
                    if !(0..10).contains(&f) || !(0..10).contains(&rr) {
                        break;
                    }
                    let t = (rr * 10 + f) as u8;
                    let v = self.board[t as usize];
                    if v == LAKE {
                        break;
                    }
                    if v == EMPTY {
                        if nq < quiet.len() {
                            quiet[nq] = (from, t);
                            nq += 1;
                        } else {
                            out.push((from, t));
                        }
                        if r != Rank::Scout {
                            break;
                        }
                        continue;
                    }
                    if color_of(v) != me {
                        out.push((from, t));
                    }
                    break;
                }
            }
        }
        out.extend_from_slice(&quiet[..nq]);
    }

    /// Whether a move is an attack.
    pub fn is_attack(&self, m: SMove) -> bool {
        is_piece(self.board[m.1 as usize])
    }

    /// Takes the piece on `sq` off the board; `was_unseen`: it had moved and the other side
    /// had not seen it before the battle that took it ([`Sim::lost_unseen`]).
    fn remove(&mut self, sq: u8, was_unseen: bool) {
        let c = self.board[sq as usize];
        let (col, r) = (color_of(c), rank_of(c));
        self.counts[col.index()][r.index()] -= 1;
        self.lost_unseen[col.index()] += u8::from(was_unseen);
        if r.is_movable() {
            self.movable[col.index()] -= 1;
        }
        self.board[sq as usize] = EMPTY;
    }

    /// Marks `cell` as seen by the other side; returns the cell with the mark.
    fn reveal(&mut self, cell: u8) -> u8 {
        if !is_revealed(cell) {
            self.unseen[color_of(cell).index()][rank_of(cell).index()] -= 1;
        }
        cell | REVEALED
    }

    /// Plays a pseudo-legal move.
    pub fn play(&mut self, (f, t): SMove) {
        let mut a = self.board[f as usize];
        let ar = rank_of(a);
        let unseen = |c: u8| is_moved(c) && !is_revealed(c);
        let a_unseen = unseen(a);
        a |= MOVED;
        let dist = (f as i16 - t as i16).abs();
        if ar == Rank::Scout && dist != 1 && dist != 10 {
            a = self.reveal(a);
        }
        let d = self.board[t as usize];
        self.board[f as usize] = EMPTY;
        if d == EMPTY {
            self.board[t as usize] = a;
        } else {
            let dr = rank_of(d);
            let d_unseen = unseen(d);
            a = self.reveal(a);
            self.board[t as usize] = self.reveal(d);
            match battle(ar, dr, self.aggressor_advantage) {
                BattleResult::AttackerWins => {
                    self.remove(t, d_unseen);
                    self.board[t as usize] = a;
                    if dr == Rank::Flag {
                        self.over = Some(Some(self.to_move));
                    }
                }
                BattleResult::DefenderWins => {
                    self.board[f as usize] = a;
                    self.remove(f, a_unseen);
                }
                BattleResult::BothRemoved => {
                    self.board[f as usize] = a;
                    self.remove(f, a_unseen);
                    self.remove(t, d_unseen);
                }
            }
            self.check_movable();
        }
        self.to_move = self.to_move.opposite();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Move, Rules, Setup, SplitMix64, Square, Variant, Viewer};

    fn sim_of(game: &Game) -> Sim {
        let mut b = [EMPTY; 100];
        for sq in Square::all() {
            if sq.is_lake() {
                b[sq.index()] = LAKE;
            } else if let Some(p) = game.piece_at(sq) {
                b[sq.index()] = cell(p, false, false);
            }
        }
        Sim::new(b, game.to_move(), game.rules().options.aggressor_advantage)
    }

    /// The search's move generator and battles agree with the engine (apart from the
    /// repetition rules, which only remove moves).
    #[test]
    fn sim_agrees_with_the_engine() {
        for g in 0..30u64 {
            let rules = Rules::standard(Variant::ALL[g as usize % 3]);
            let mut rng = SplitMix64(g);
            let red = Setup::random(&rules, Color::Red, rng.next());
            let blue = Setup::random(&rules, Color::Blue, rng.next());
            let mut game = Game::new(rules, &red, &blue).unwrap();
            let mut sim = sim_of(&game);
            let mut buf = Vec::new();
            while !game.is_over() && game.ply() < 400 {
                sim.moves(&mut buf);
                let legal = game.legal_moves();
                for m in &legal {
                    assert!(buf.contains(&(m.from.index() as u8, m.to.index() as u8)));
                }
                let m: Move = legal[rng.below(legal.len())];
                game.play(m).unwrap();
                sim.play((m.from.index() as u8, m.to.index() as u8));
                for sq in Square::all() {
                    let c = sim.board[sq.index()];
                    let sp = is_piece(c).then(|| Piece::new(color_of(c), rank_of(c)));
                    assert_eq!(sp, game.piece_at(sq));
                }
                if let Some(o) = game.outcome() {
                    if o.reason == crate::rules::EndReason::FlagCaptured
                        || o.reason == crate::rules::EndReason::NoMovablePieces
                    {
                        assert_eq!(sim.over, Some(o.winner));
                    }
                }
            }
        }
        let _ = Viewer::Spectator;
    }
}
