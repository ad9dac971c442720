//! The game itself: position, legal moves, battles, repetition rules, end of game and
//! per-viewer views.
//!
//! # Representation
//! The board is an array of 100 bytes (`0` empty, `0xFF` lake, otherwise a piece id + 1);
//! pieces live in a small array indexed by id (Red's set-up first, then Blue's). Legal-move
//! generation walks the side's pieces with a precomputed neighbour table and allocates
//! nothing when given a reused buffer ([`Game::legal_moves_into`]).
//!
//! # What each viewer knows
//! A piece's owner always knows its rank. An enemy piece's rank becomes known to the other
//! player *and to spectators* at the same moment (a single per-piece `revealed` flag):
//! - in a battle, both ranks are revealed;
//! - under *Silent Defense*, only the attacker's rank is revealed; the defender's rank is
//!   revealed only when a Scout attacked. The attacker therefore does not learn what it
//!   captured, what beat it, or what it tied with (the view does not deduce ranks for the
//!   player, not even the obvious one after both pieces were removed), and spectators learn
//!   exactly what both players learn (the attacker's rank);
//! - a Scout moving more than one square is revealed as a Scout;
//! - a rescued piece is placed openly, its rank revealed.
//!
//! Spectators therefore see no hidden rank during play, only the ranks that were revealed
//! publicly to both players. Whether a piece has moved is public. After the game ends
//! everything is revealed to everyone.
//!
//! # Two-square rule
//! For each player the engine keeps the current *run*: the piece of that player's last
//! move, the two squares of that move and how many consecutive moves of that player took
//! this piece back and forth between those two squares (A->B is 1, B->A is 2, ...). A move of
//! the same piece from the run's last target back to its last source continues the run
//! (whatever the opponent did in between, and also for a Scout's long move between the same
//! two squares); any other move of that player starts a new run of 1. A move that would make
//! the run longer than [`Options::two_square_limit`](super::Options) is illegal. Attacks
//! count like moves.
//!
//! # More-squares rule (chasing, ISF 11): the precise interpretation used here
//! - A **threat**: a player moves a piece X (not an attack) to a square orthogonally
//!   adjacent to an enemy piece Y.
//! - A **chase** starts when the opponent answers that threat, on the very next ply, by
//!   moving (not attacking with) the threatened piece Y. The owner of X is the *chaser*,
//!   Y the *evading* piece. The position after X's threatening move is the first position
//!   of the chase.
//! - The chase **continues** while the chaser moves X, without attacking, to a square
//!   adjacent to Y's current square (a *chasing move*; the position after it is added to
//!   the chase's positions), and the evader answers each time by moving Y, without
//!   attacking. Any other move of either player (another piece, an attack, a move of X that
//!   does not end next to Y) ends the chase. Only one evading piece is tracked.
//! - While the chase lasts, nothing moves but X and Y, so a position of the chase is
//!   identified by the squares of X and Y (with the evader to move).
//! - A **chasing move is illegal** if it would recreate a position that already occurred
//!   during the chase, except when X moves back to the square it came from on the
//!   chaser's directly preceding move (that move remains subject to the two-square rule).
//! - Moves that are not chasing moves (an attack, another piece, a square not adjacent to
//!   Y) are never barred by this rule.
//!
//! # Rescue
//! Only a *non-attacking* move onto an empty square of the enemy back row can rescue (an
//! attack's outcome is not known when the move is chosen, and listing rescue variants only
//! for winning attacks would leak the defender's rank). The rescue names a rank; one captured
//! piece of that rank leaves the captured list (preferably one whose rank the opponent
//! already knew, else the earliest) and a piece of that rank is placed openly (its rank
//! revealed, not yet moved). It enters play as a new piece, so earlier battles in the
//! history are not tied to it.
//!
//! # End of the game, in the order checked after every move
//! 1. the Flag was captured: the mover wins;
//! 2. a side has no movable piece: it loses (both: draw, [`EndReason::BothCannotMove`]);
//! 3. with [`Immobility::Immediate`]: a side whose movable pieces are all blocked loses
//!    ([`EndReason::NoLegalMove`]; both: draw);
//! 4. the side to move has no legal move (blocked or barred by the repetition rules): it
//!    loses ([`EndReason::NoLegalMove`]);
//! 5. a move cap was reached: draw ([`EndReason::MoveCap`]).
//!
//! The same checks (except 1) also run when a game is created, so a set-up that leaves Red
//! no legal move loses at once.

use super::illegal::{check_movement, enemy_back_row, IllegalMove, IllegalReason, RescueFacts};
use super::piece::{ByColor, Color, Piece, Rank};
use super::setup::{Setup, SetupError};
use super::square::Square;
use super::types::{
    Battle, BattleResult, EndReason, Move, MoveEvent, Outcome, PlayerView, Rescue, ViewBattle,
    ViewCaptured, ViewMove, ViewPiece, Viewer,
};
use super::variant::{Immobility, Rules};

use super::record::GameRecord;

const EMPTY: u8 = 0;
const LAKE: u8 = 0xFF;
const NONE: u8 = 0xFF;

/// Neighbours of each square: up (towards rank 10), down, right, left; `NONE` off the board.
const NEIGHBOURS: [[u8; 4]; 100] = neighbour_table();

const fn neighbour_table() -> [[u8; 4]; 100] {
    let mut t = [[NONE; 4]; 100];
    let mut i = 0;
    while i < 100 {
        let f = i % 10;
        let r = i / 10;
        if r < 9 {
            t[i][0] = (i + 10) as u8;
        }
        if r > 0 {
            t[i][1] = (i - 10) as u8;
        }
        if f < 9 {
            t[i][2] = (i + 1) as u8;
        }
        if f > 0 {
            t[i][3] = (i - 1) as u8;
        }
        i += 1;
    }
    t
}

#[inline]
fn sq(i: u8) -> Square {
    match Square::from_index(i as usize) {
        Some(s) => s,
        None => unreachable!(),
    }
}

#[inline]
fn adjacent(a: u8, b: u8) -> bool {
    let (a, b) = (a as i16, b as i16);
    let d = (a - b).abs();
    d == 10 || (d == 1 && a / 10 == b / 10)
}

/// One piece of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pc {
    color: Color,
    rank: Rank,
    sq: u8,
    alive: bool,
    moved: bool,
    /// Known to the opponent and to spectators.
    revealed: bool,
}

/// A player's current two-square run: the last move `from -> to` of `piece`, and how many
/// consecutive back-and-forth moves it ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    piece: u8,
    from: u8,
    to: u8,
    count: u8,
}

const NO_RUN: Run = Run {
    piece: NONE,
    from: NONE,
    to: NONE,
    count: 0,
};

/// A chase in progress (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Chase {
    chaser: Color,
    /// The chasing piece.
    x: u8,
    /// The evading piece.
    y: u8,
    /// The square X came from on the chaser's last move.
    x_came_from: u8,
}

/// What one ply did, kept for the history and the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PlyLog {
    mv: Move,
    mover: Color,
    piece: u8,
    defender: u8,
    result: Option<BattleResult>,
}

/// A game in progress or finished. Create with [`Game::new`]; every change goes through
/// [`Game::play`] (or [`Game::play_unchecked`]) or [`Game::end`]. See the module documentation for the precise rules.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    setups: [Setup; 2],
    board: [u8; 100],
    pieces: Vec<Pc>,
    /// Ids of each side's pieces (a rescued piece gets a new id).
    side_ids: [Vec<u8>; 2],
    to_move: Color,
    ply: u32,
    plies_since_battle: u32,
    outcome: Option<Outcome>,
    movable: [u16; 2],
    runs: [Run; 2],
    chase: Option<Chase>,
    /// Positions `(x square, y square)` of the current chase.
    chase_seen: Vec<(u8, u8)>,
    /// The previous ply's non-attacking move: (piece, square it went to), for threats.
    threat: Option<(u8, u8)>,
    /// Ids of captured pieces, in the order they were removed (rescued ones taken out).
    captured: Vec<u8>,
    rescues: [u8; 2],
    rescuer: [u8; 2],
    log: Vec<PlyLog>,
}

/// The result of `attacker` attacking `defender`.
pub(crate) fn resolve_battle(
    attacker: Rank,
    defender: Rank,
    aggressor_advantage: bool,
) -> BattleResult {
    use BattleResult::*;
    match (attacker, defender) {
        (_, Rank::Flag) => AttackerWins,
        (Rank::Miner, Rank::Bomb) => AttackerWins,
        (_, Rank::Bomb) => DefenderWins,
        (Rank::Spy, Rank::Marshal) => AttackerWins,
        (a, d) if a == d => {
            if aggressor_advantage {
                AttackerWins
            } else {
                BothRemoved
            }
        }
        (a, d) if a > d => AttackerWins,
        _ => DefenderWins,
    }
}

impl Game {
    /// Validates both set-ups ([`Setup::validate`] with the given colour) and starts play,
    /// Red to move.
    pub fn new(rules: Rules, red: &Setup, blue: &Setup) -> Result<Game, (Color, SetupError)> {
        red.validate(&rules, Color::Red)
            .map_err(|e| (Color::Red, e))?;
        blue.validate(&rules, Color::Blue)
            .map_err(|e| (Color::Blue, e))?;
        Game::from_position(rules, red, blue)
    }

    /// **For tests, benches and tools only**: starts a game from two arbitrary groups of
    /// pieces, without checking armies or set-up rows (only that no piece stands on a lake
    /// and no square is used twice, reported as [`SetupError::OnLake`] /
    /// [`SetupError::SquareUsedTwice`]). Red moves first. The end-of-game checks run at
    /// once, as in [`Game::new`]. The [`GameRecord`] of such a game does not replay (its
    /// set-ups are not valid).
    #[doc(hidden)]
    pub fn from_position(
        rules: Rules,
        red: &Setup,
        blue: &Setup,
    ) -> Result<Game, (Color, SetupError)> {
        let mut board = [EMPTY; 100];
        for s in Square::all() {
            if s.is_lake() {
                board[s.index()] = LAKE;
            }
        }
        let mut pieces = Vec::with_capacity(red.pieces.len() + blue.pieces.len());
        let mut side_ids = [Vec::new(), Vec::new()];
        for (color, setup) in [(Color::Red, red), (Color::Blue, blue)] {
            for (&s, &rank) in &setup.pieces {
                if s.is_lake() {
                    return Err((color, SetupError::OnLake(s)));
                }
                if board[s.index()] != EMPTY {
                    return Err((color, SetupError::SquareUsedTwice(s)));
                }
                if pieces.len() >= 250 {
                    return Err((
                        color,
                        SetupError::WrongCount {
                            rank,
                            expected: rules.variant.count(rank),
                            found: setup.counts()[rank.index()],
                        },
                    ));
                }
                board[s.index()] = pieces.len() as u8 + 1;
                side_ids[color.index()].push(pieces.len() as u8);
                pieces.push(Pc {
                    color,
                    rank,
                    sq: s.index() as u8,
                    alive: true,
                    moved: false,
                    revealed: false,
                });
            }
        }
        let mut movable = [0u16; 2];
        for p in &pieces {
            if p.rank.is_movable() {
                movable[p.color.index()] += 1;
            }
        }
        let mut red = red.clone();
        red.color = Some(Color::Red);
        let mut blue = blue.clone();
        blue.color = Some(Color::Blue);
        let mut g = Game {
            rules,
            setups: [red, blue],
            board,
            pieces,
            side_ids,
            to_move: Color::Red,
            ply: 0,
            plies_since_battle: 0,
            outcome: None,
            movable,
            runs: [NO_RUN; 2],
            chase: None,
            chase_seen: Vec::new(),
            threat: None,
            captured: Vec::new(),
            rescues: [0; 2],
            rescuer: [NONE; 2],
            log: Vec::new(),
        };
        g.outcome = g.evaluate_end(None);
        Ok(g)
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Plies played so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Plies in a row without a battle (for the move cap).
    pub fn plies_without_battle(&self) -> u32 {
        self.plies_since_battle
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The starting set-up of `color`.
    pub fn setup(&self, color: Color) -> &Setup {
        &self.setups[color.index()]
    }

    /// Every move played so far, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.log.iter().map(|l| l.mv)
    }

    /// Rescues made so far by `color`.
    pub fn rescues_made(&self, color: Color) -> u8 {
        self.rescues[color.index()]
    }

    /// The full-information piece at a square: for tests, benches and archive checks
    /// only. Screens must use [`Game::view`].
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        match self.board[s.index()] {
            EMPTY | LAKE => None,
            id => {
                let p = &self.pieces[id as usize - 1];
                Some(Piece::new(p.color, p.rank))
            }
        }
    }

    /// Whether `viewer` knows the rank of the piece on `s` (what [`Game::view`] would show),
    /// without building a view; `false` on an empty square.
    pub fn knows_rank_at(&self, viewer: Viewer, s: Square) -> bool {
        match self.board[s.index()] {
            EMPTY | LAKE => false,
            id => self.knows(viewer, id - 1),
        }
    }

    /// Full information: the ranks of `color`'s captured pieces, in capture order.
    pub fn captured(&self, color: Color) -> Vec<Rank> {
        self.captured
            .iter()
            .map(|&id| self.pieces[id as usize])
            .filter(|p| p.color == color)
            .map(|p| p.rank)
            .collect()
    }

    #[inline]
    fn limit(&self) -> u8 {
        self.rules.options.two_square_limit.max(1)
    }

    /// Whether the two-square rule bars piece `id` of `c` going `f -> t`. Returns the run
    /// length so far when it does.
    #[inline]
    fn two_square_bars(&self, c: Color, id: u8, f: u8, t: u8) -> Option<u8> {
        let r = &self.runs[c.index()];
        if self.rules.options.two_square_limit == 0 {
            return None;
        }
        if r.piece == id && r.from == t && r.to == f && r.count >= self.limit() {
            Some(r.count)
        } else {
            None
        }
    }

    /// Whether the more-squares rule bars the non-attacking move of piece `id` of `c` to `t`
    /// (the caller guarantees `t` is empty).
    #[inline]
    fn chase_bars(&self, c: Color, id: u8, t: u8) -> bool {
        match self.chase {
            Some(ch) if self.rules.options.more_squares && ch.chaser == c && ch.x == id => {
                let ysq = self.pieces[ch.y as usize].sq;
                t != ch.x_came_from && adjacent(t, ysq) && self.chase_seen.contains(&(t, ysq))
            }
            _ => false,
        }
    }

    /// Calls `f(piece, from, to, target_is_empty)` for every move of `c` allowed by movement and
    /// (if `repetition`) by the repetition rules, without rescue variants; stops early when
    /// `f` returns `true`. Returns whether it stopped early.
    #[inline]
    fn for_each_move(
        &self,
        c: Color,
        repetition: bool,
        mut f: impl FnMut(u8, u8, u8, bool) -> bool,
    ) -> bool {
        let is_enemy = |v: u8| v != LAKE && self.pieces[v as usize - 1].color != c;
        let rep_active = repetition;
        for &id8 in &self.side_ids[c.index()] {
            let p = &self.pieces[id8 as usize];
            if !p.alive || !p.rank.is_movable() {
                continue;
            }
            let from = p.sq;
            let scout = p.rank == Rank::Scout;
            for (dir, &first) in NEIGHBOURS[from as usize].iter().enumerate() {
                let mut t = first;
                loop {
                    if t == NONE {
                        break;
                    }
                    let v = self.board[t as usize];
                    if v == EMPTY {
                        let ok = !rep_active
                            || (self.two_square_bars(c, id8, from, t).is_none()
                                && !self.chase_bars(c, id8, t));
                        if ok && f(id8, from, t, true) {
                            return true;
                        }
                        if !scout {
                            break;
                        }
                        t = NEIGHBOURS[t as usize][dir];
                    } else {
                        if is_enemy(v) {
                            let ok = !rep_active || self.two_square_bars(c, id8, from, t).is_none();
                            if ok && f(id8, from, t, false) {
                                return true;
                            }
                        }
                        break;
                    }
                }
            }
        }
        false
    }

    /// Whether `c` could make a legal move now (ignoring whose turn it is).
    fn has_legal_move(&self, c: Color) -> bool {
        self.for_each_move(c, true, |_, _, _, _| true)
    }

    /// Whether some movable piece of `c` has an empty or enemy neighbour.
    fn can_move_at_all(&self, c: Color) -> bool {
        self.for_each_move(c, false, |_, _, _, _| true)
    }

    /// The legal moves of the side to move (empty when the game is over), including the
    /// rescue variants when the option allows them.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.legal_moves_into(&mut v);
        v
    }

    /// Like [`Game::legal_moves`], into a reused buffer (cleared first): no allocation once
    /// the buffer is large enough.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let c = self.to_move;
        let rescue = self.rules.options.rescue && self.rescues[c.index()] < 2;
        let enemy_back = enemy_back_row(c);
        let mut rescue_from: Vec<(u8, u8, u8)> = Vec::new();
        self.for_each_move(c, true, |id, from, to, empty| {
            out.push(Move::new(sq(from), sq(to)));
            if rescue
                && empty
                && to / 10 == enemy_back
                && self.pieces[id as usize].rank != Rank::Scout
                && self.rescuer[c.index()] != id
            {
                rescue_from.push((id, from, to));
            }
            false
        });
        if !rescue_from.is_empty() {
            let ranks = self.rescuable_ranks(c);
            for (_, from, to) in rescue_from {
                for &rank in &ranks {
                    for s in self.rescue_squares(c, from, to) {
                        out.push(Move {
                            from: sq(from),
                            to: sq(to),
                            rescue: Some(Rescue { rank, to: sq(s) }),
                        });
                    }
                }
            }
        }
    }

    /// Distinct ranks of `c`'s captured pieces that may be rescued (no Bombs), strongest
    /// first.
    fn rescuable_ranks(&self, c: Color) -> Vec<Rank> {
        let mut have = [false; 12];
        for &id in &self.captured {
            let p = &self.pieces[id as usize];
            if p.color == c && p.rank != Rank::Bomb {
                have[p.rank.index()] = true;
            }
        }
        Rank::ALL.into_iter().filter(|r| have[r.index()]).collect()
    }

    fn in_own_half(c: Color, s: u8) -> bool {
        match c {
            Color::Red => s < 50,
            Color::Blue => s >= 50,
        }
    }

    /// Empty squares of `c`'s own half after the move `from -> to`.
    fn rescue_squares(&self, c: Color, from: u8, to: u8) -> Vec<u8> {
        (0..100u8)
            .filter(|&s| {
                Self::in_own_half(c, s) && s != to && (s == from || self.board[s as usize] == EMPTY)
            })
            .collect()
    }

    /// Whether `mv` is legal for the side to move; why not if it is not (see
    /// [`IllegalReason`] for the order in which the rules are asked).
    pub fn check(&self, mv: &Move) -> Result<(), IllegalReason> {
        use IllegalReason::*;
        if self.outcome.is_some() {
            return Err(GameOver);
        }
        let c = self.to_move;
        let (f, t) = (mv.from.index() as u8, mv.to.index() as u8);
        let id = match self.board[f as usize] {
            EMPTY | LAKE => return Err(NoPiece(mv.from)),
            v => v - 1,
        };
        let p = self.pieces[id as usize];
        if p.color != c {
            return Err(NotYourPiece(mv.from));
        }
        if !p.rank.is_movable() {
            return Err(NeverMoves(p.rank));
        }
        check_movement(mv.from, mv.to, Some(p.rank), |s| {
            self.board[s.index()] != EMPTY
        })?;
        let target = self.board[t as usize];
        let attack = target != EMPTY;
        if attack && self.pieces[target as usize - 1].color == c {
            return Err(OwnPiece(mv.to));
        }
        if let Some(times) = self.two_square_bars(c, id, f, t) {
            return Err(TwoSquareRule {
                squares: (mv.from, mv.to),
                times,
            });
        }
        if !attack && self.chase_bars(c, id, t) {
            return Err(MoreSquaresRule);
        }
        let Some(r) = mv.rescue else {
            return Ok(());
        };
        let facts = RescueFacts {
            played: self.rules.options.rescue,
            color: c,
            scout: p.rank == Rank::Scout,
            mv: *mv,
            attack,
            made: self.rescues[c.index()],
            rescuer: self.rescuer[c.index()] == id,
            captured: |rank| {
                self.captured.iter().any(|&cid| {
                    let p = &self.pieces[cid as usize];
                    p.color == c && p.rank == rank
                })
            },
            empty: |s: Square| self.board[s.index()] == EMPTY,
        };
        facts.check(r)
    }

    /// Plays `mv` for the side to move: [`Game::check`], then [`Game::play_unchecked`]. An
    /// illegal move returns `Err` and leaves the game unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MoveEvent, IllegalMove> {
        match self.check(&mv) {
            Ok(()) => Ok(self.play_unchecked(mv)),
            Err(reason) => Err(IllegalMove { mv, reason }),
        }
    }

    fn kill(&mut self, id: u8) {
        let p = &mut self.pieces[id as usize];
        p.alive = false;
        if p.rank.is_movable() {
            self.movable[p.color.index()] -= 1;
        }
        self.captured.push(id);
    }

    /// Plays `mv`, which [`Game::check`] accepted in this very position, without checking
    /// it again (the game task checks a move, stores it, then plays it).
    ///
    /// # Panics
    ///
    /// May panic when `mv` is not legal now (for example with no piece on `mv.from`);
    /// an illegal move that does not panic leaves the game in a state the rules do not
    /// allow, and later calls may panic.
    pub fn play_unchecked(&mut self, mv: Move) -> MoveEvent {
        let c = self.to_move;
        let (f, t) = (mv.from.index() as u8, mv.to.index() as u8);
        let id = self.board[f as usize] - 1;
        let mover = self.pieces[id as usize];
        let silent = self.rules.options.silent_defense;
        let aa = self.rules.options.aggressor_advantage;
        {
            let p = &mut self.pieces[id as usize];
            p.moved = true;
            if p.rank == Rank::Scout && !adjacent(f, t) {
                p.revealed = true;
            }
        }
        self.board[f as usize] = EMPTY;
        let target = self.board[t as usize];
        let mut battle = None;
        let mut bomb_defused = false;
        let mut flag_captured = false;
        let mut defender = NONE;
        if target == EMPTY {
            self.board[t as usize] = id + 1;
            self.pieces[id as usize].sq = t;
            self.plies_since_battle += 1;
        } else {
            let did = target - 1;
            defender = did;
            let def = self.pieces[did as usize];
            let result = resolve_battle(mover.rank, def.rank, aa);
            self.pieces[id as usize].revealed = true;
            if !silent || mover.rank == Rank::Scout {
                self.pieces[did as usize].revealed = true;
            }
            match result {
                BattleResult::AttackerWins => {
                    self.kill(did);
                    self.board[t as usize] = id + 1;
                    self.pieces[id as usize].sq = t;
                    bomb_defused = def.rank == Rank::Bomb;
                    flag_captured = def.rank == Rank::Flag;
                }
                BattleResult::DefenderWins => {
                    self.kill(id);
                }
                BattleResult::BothRemoved => {
                    self.kill(id);
                    self.kill(did);
                    self.board[t as usize] = EMPTY;
                }
            }
            battle = Some(Battle {
                attacker: mover.rank,
                defender: def.rank,
                result,
            });
            self.plies_since_battle = 0;
        }
        if let Some(r) = mv.rescue {
            self.do_rescue(c, id, r);
        }
        // Two-square run.
        {
            let run = &mut self.runs[c.index()];
            if run.piece == id && run.from == t && run.to == f {
                run.count = run.count.saturating_add(1);
            } else {
                run.count = 1;
            }
            run.piece = id;
            run.from = f;
            run.to = t;
        }
        self.update_chase(c, id, f, t, target != EMPTY);
        self.log.push(PlyLog {
            mv,
            mover: c,
            piece: id,
            defender,
            result: battle.map(|b| b.result),
        });
        self.ply += 1;
        self.to_move = c.opposite();
        let outcome = self.evaluate_end(flag_captured.then_some(c));
        self.outcome = outcome;
        MoveEvent {
            mover: c,
            mv,
            rank: mover.rank,
            battle,
            bomb_defused,
            flag_captured,
            outcome,
        }
    }

    /// Puts a captured piece of `c` back. It comes back as a new piece (new id), so the
    /// history does not tie it to the battle where it was lost; the captured piece taken off
    /// the list is one whose rank the opponent already knew if there is one, else the
    /// earliest captured.
    fn do_rescue(&mut self, c: Color, rescuer: u8, r: Rescue) {
        let matching = |g: &Game, cid: u8| {
            let p = &g.pieces[cid as usize];
            p.color == c && p.rank == r.rank
        };
        let pos = self
            .captured
            .iter()
            .position(|&cid| matching(self, cid) && self.pieces[cid as usize].revealed)
            .or_else(|| self.captured.iter().position(|&cid| matching(self, cid)))
            .expect("checked: a captured piece of that rank");
        self.captured.remove(pos);
        let s = r.to.index() as u8;
        let id = self.pieces.len() as u8;
        self.pieces.push(Pc {
            color: c,
            rank: r.rank,
            sq: s,
            alive: true,
            moved: false,
            revealed: true,
        });
        self.side_ids[c.index()].push(id);
        if r.rank.is_movable() {
            self.movable[c.index()] += 1;
        }
        self.board[s as usize] = id + 1;
        self.rescues[c.index()] += 1;
        self.rescuer[c.index()] = rescuer;
    }

    fn update_chase(&mut self, c: Color, id: u8, f: u8, t: u8, attack: bool) {
        if let Some(mut ch) = self.chase {
            let y = self.pieces[ch.y as usize];
            let continues = if c == ch.chaser {
                id == ch.x && !attack && y.alive && adjacent(t, y.sq)
            } else {
                id == ch.y && !attack
            };
            if continues {
                if c == ch.chaser {
                    ch.x_came_from = f;
                    self.chase_seen.push((t, y.sq));
                }
                self.chase = Some(ch);
            } else {
                self.chase = None;
                self.chase_seen.clear();
            }
        }
        if self.chase.is_none() {
            if let Some((x, xsq)) = self.threat {
                if !attack && id != x && adjacent(f, xsq) && self.pieces[x as usize].alive {
                    // Y evades X's threat: a chase starts. X came from the square of the
                    // previous ply.
                    let prev = self
                        .log
                        .last()
                        .map(|l| l.mv.from.index() as u8)
                        .unwrap_or(NONE);
                    self.chase = Some(Chase {
                        chaser: c.opposite(),
                        x,
                        y: id,
                        x_came_from: prev,
                    });
                    self.chase_seen.clear();
                    self.chase_seen.push((xsq, f));
                }
            }
        }
        self.threat = if attack { None } else { Some((id, t)) };
    }

    /// The end-of-game checks (see the module documentation).
    fn evaluate_end(&self, flag_taken_by: Option<Color>) -> Option<Outcome> {
        let win = |c: Color, reason| {
            Some(Outcome {
                winner: Some(c),
                reason,
            })
        };
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
            })
        };
        if let Some(c) = flag_taken_by {
            return win(c, EndReason::FlagCaptured);
        }
        let (mr, mb) = (self.movable[0], self.movable[1]);
        if mr == 0 && mb == 0 {
            return draw(EndReason::BothCannotMove);
        }
        if mr == 0 {
            return win(Color::Blue, EndReason::NoMovablePieces);
        }
        if mb == 0 {
            return win(Color::Red, EndReason::NoMovablePieces);
        }
        if self.rules.options.immobility == Immobility::Immediate {
            let r = self.can_move_at_all(Color::Red);
            let b = self.can_move_at_all(Color::Blue);
            match (r, b) {
                (false, false) => return draw(EndReason::BothCannotMove),
                (false, true) => return win(Color::Blue, EndReason::NoLegalMove),
                (true, false) => return win(Color::Red, EndReason::NoLegalMove),
                _ => {}
            }
        }
        if !self.has_legal_move(self.to_move) {
            return win(self.to_move.opposite(), EndReason::NoLegalMove);
        }
        let cap = self.rules.options.move_cap;
        if cap.total_plies.is_some_and(|n| self.ply >= n)
            || cap
                .plies_without_battle
                .is_some_and(|n| self.plies_since_battle >= n)
        {
            return draw(EndReason::MoveCap);
        }
        None
    }

    /// Ends the game from outside (resignation, agreed draw, time, abandonment). Ignored if
    /// the game is already over.
    pub fn end(&mut self, outcome: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
        }
    }

    /// Whether `viewer` knows the rank of piece `id` now.
    fn knows(&self, viewer: Viewer, id: u8) -> bool {
        let p = &self.pieces[id as usize];
        self.outcome.is_some() || p.revealed || viewer == Viewer::Player(p.color)
    }

    fn known_rank(&self, viewer: Viewer, id: u8) -> Option<Rank> {
        self.knows(viewer, id)
            .then(|| self.pieces[id as usize].rank)
    }

    fn view_move(&self, viewer: Viewer, l: &PlyLog) -> ViewMove {
        ViewMove {
            mover: l.mover,
            from: l.mv.from,
            to: l.mv.to,
            battle: l.result.map(|result| ViewBattle {
                attacker: self.known_rank(viewer, l.piece),
                defender: self.known_rank(viewer, l.defender),
                result,
            }),
            rescue: l.mv.rescue,
        }
    }

    /// Everything `viewer` may know of the game now.
    pub fn view(&self, viewer: Viewer) -> PlayerView {
        let mut board = vec![None; 100];
        for (i, cell) in board.iter_mut().enumerate() {
            let v = self.board[i];
            if v != EMPTY && v != LAKE {
                let id = v - 1;
                let p = &self.pieces[id as usize];
                *cell = Some(ViewPiece {
                    color: p.color,
                    rank: self.known_rank(viewer, id),
                    moved: p.moved,
                });
            }
        }
        let captured: Vec<ViewCaptured> = self
            .captured
            .iter()
            .map(|&id| ViewCaptured {
                color: self.pieces[id as usize].color,
                rank: self.known_rank(viewer, id),
            })
            .collect();
        let mut remaining = ByColor::new([0u8; 12], [0u8; 12]);
        for c in Color::ALL {
            // The starting army (the variant's, or a hand-made position's).
            let r = remaining.get_mut(c);
            *r = self.setups[c.index()].counts();
            for vc in &captured {
                if vc.color == c {
                    if let Some(rank) = vc.rank {
                        r[rank.index()] = r[rank.index()].saturating_sub(1);
                    }
                }
            }
        }
        let legal_moves = if viewer == Viewer::Player(self.to_move) {
            self.legal_moves()
        } else {
            Vec::new()
        };
        PlayerView {
            viewer,
            rules: self.rules,
            board,
            to_move: self.to_move,
            ply: self.ply,
            last_move: self.log.last().map(|l| self.view_move(viewer, l)),
            captured,
            remaining,
            legal_moves,
            outcome: self.outcome,
        }
    }

    /// What `color` would see now if every rank were known: the whole position, as a
    /// [`PlayerView`] (hindsight, for the analysis after a game; never for a screen of a
    /// game in play). Legal moves as in `color`'s own view.
    pub fn view_revealed(&self, color: Color) -> PlayerView {
        let viewer = Viewer::Player(color);
        let mut v = self.view(viewer);
        for (i, cell) in v.board.iter_mut().enumerate() {
            if let Some(p) = cell {
                let id = self.board[i] - 1;
                p.rank = Some(self.pieces[id as usize].rank);
            }
        }
        for (vc, &id) in v.captured.iter_mut().zip(&self.captured) {
            vc.rank = Some(self.pieces[id as usize].rank);
        }
        for c in Color::ALL {
            let r = v.remaining.get_mut(c);
            *r = self.setups[c.index()].counts();
            for &id in &self.captured {
                let p = &self.pieces[id as usize];
                if p.color == c {
                    r[p.rank.index()] = r[p.rank.index()].saturating_sub(1);
                }
            }
        }
        if let Some(l) = self.log.last() {
            v.last_move = Some(ViewMove {
                battle: l.result.map(|result| ViewBattle {
                    attacker: Some(self.pieces[l.piece as usize].rank),
                    defender: Some(self.pieces[l.defender as usize].rank),
                    result,
                }),
                ..self.view_move(viewer, l)
            });
        }
        v
    }

    /// Every move so far as `viewer` knows it now, one per ply; after the game ends,
    /// everything revealed.
    pub fn history(&self, viewer: Viewer) -> Vec<ViewMove> {
        self.log.iter().map(|l| self.view_move(viewer, l)).collect()
    }

    /// The record of the game: rules, set-ups, moves and outcome.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            version: GameRecord::VERSION,
            rules: self.rules,
            red: self.setups[0].clone(),
            blue: self.setups[1].clone(),
            moves: self.moves().collect(),
            outcome: self.outcome,
        }
    }
}
