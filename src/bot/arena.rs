//! Games between two players: alternating colours, in parallel threads, each seeing only
//! its own view, with a move cap (a capped game is a draw). A player is one of our bot
//! levels or any other [`Contestant`] (another program speaking the UCC protocol, made by
//! the caller's spawner): the arena is the referee. A set-up or move that is not legal, or
//! none ([`Fault`]), loses the game and is counted apart.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::bot::BotLevel;
use crate::rules::{
    Color, EndReason, Game, Move, Outcome, PlayerView, Rank, Rules, Setup, Variant, ViewMove,
    Viewer,
};

use super::{Bot, EasyBot, HardBot, HardConfig, RandomBot};

/// Why a player lost by default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No answer within the time allowed.
    Timeout(Duration),
    /// An answer that is not a legal set-up or move (in English: the arena's report).
    Illegal(String),
    /// Another program's fault, as data: the server words it in each player's language.
    Agent(AgentFault),
}

/// What went wrong with another program (an agent), each with the details it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AgentFault {
    /// It could not be started (the system's reason, in English).
    NotStarted(String),
    /// It ended: its exit code, `None` when a signal ended it.
    Ended(Option<i32>),
    /// It closed its output without ending.
    ClosedOutput,
    /// It stopped reading its input (it did not read within the time allowed earlier).
    StoppedReading,
    /// It did not read its input within this time.
    NotReading(Duration),
    /// It sent a line longer than this many bytes.
    LineTooLong(usize),
    /// Its set-up is not one (the parser's reason, in English).
    BadSetup(String),
    /// Its answer is not a move (the parser's reason, in English).
    BadReply(String),
    /// It chose a move that is not legal (the move as the server writes it).
    IllegalMove(String),
}

impl fmt::Display for AgentFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentFault::NotStarted(e) => write!(f, "could not be started ({e})"),
            AgentFault::Ended(Some(code)) => write!(f, "the program ended (exit status: {code})"),
            AgentFault::Ended(None) => f.write_str("the program ended (killed by a signal)"),
            AgentFault::ClosedOutput => f.write_str("the program closed its output"),
            AgentFault::StoppedReading => f.write_str("the program has stopped reading"),
            AgentFault::NotReading(t) => write!(
                f,
                "its program did not read its input within {:.0} s",
                t.as_secs_f64()
            ),
            AgentFault::LineTooLong(n) => {
                write!(f, "its program sent a line longer than {n} bytes")
            }
            AgentFault::BadSetup(why) | AgentFault::BadReply(why) => f.write_str(why),
            AgentFault::IllegalMove(m) => write!(f, "illegal move {m}"),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Timeout(t) => write!(f, "no answer within {:.1} s", t.as_secs_f64()),
            Fault::Illegal(why) => f.write_str(why),
            Fault::Agent(a) => a.fmt(f),
        }
    }
}

/// A player the arena referees: one of our bots, or another program.
pub trait Contestant: Send {
    fn setup(&mut self, rules: &Rules, color: Color) -> Result<Setup, Fault>;
    /// A move for `view` (whose `legal_moves` it may use); `Ok(None)` resigns. `history` is
    /// every move so far as this player knows it, when [`Contestant::needs_history`].
    fn choose(&mut self, view: &PlayerView, history: &[ViewMove]) -> Result<Option<Move>, Fault>;
    /// Whether [`Contestant::choose`] reads `history` (building it costs a little).
    fn needs_history(&self) -> bool {
        false
    }
    /// The game is over.
    fn game_over(&mut self) {}
}

/// One of our bots as a contestant: it never faults by itself (the referee still checks its
/// moves).
pub struct Internal(pub Box<dyn Bot>);

impl Contestant for Internal {
    fn setup(&mut self, rules: &Rules, color: Color) -> Result<Setup, Fault> {
        Ok(self.0.setup(rules, color))
    }
    fn choose(&mut self, view: &PlayerView, _: &[ViewMove]) -> Result<Option<Move>, Fault> {
        Ok(self.0.choose(view))
    }
}

impl<B: Bot> Contestant for B {
    fn setup(&mut self, rules: &Rules, color: Color) -> Result<Setup, Fault> {
        Ok(Bot::setup(self, rules, color))
    }
    fn choose(&mut self, view: &PlayerView, _: &[ViewMove]) -> Result<Option<Move>, Fault> {
        Ok(Bot::choose(self, view))
    }
}

/// One side of an arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Side {
    Level(BotLevel),
    /// The hard bot with evaluation switches on, as `hard+NAME+NAME` (see
    /// [`HardConfig::switch`]): for measuring a switch against the default.
    Switched(String),
    /// Another program: the spawner given to [`run_arena_with`] starts it for each game
    /// from this text (e.g. `exec:PROGRAM ARGS`).
    External(String),
}

impl Side {
    pub fn name(&self) -> &str {
        match self {
            Side::Level(l) => l.name(),
            Side::Switched(s) | Side::External(s) => s,
        }
    }
}

impl From<BotLevel> for Side {
    fn from(l: BotLevel) -> Side {
        Side::Level(l)
    }
}

/// What a spawner is told of the game it starts a program for.
#[derive(Clone, Debug)]
pub struct SpawnInfo {
    /// The game's number, from 0.
    pub game: usize,
    /// `'a'` or `'b'`.
    pub which: char,
    /// The other side's name.
    pub opponent: String,
    pub move_timeout: Duration,
}

/// Starts an external side for one game.
// Kept a String error: why a program could not start is only ever printed for the person
// running the arena (and counted as that side's fault).
pub type Spawner<'a> = &'a (dyn Fn(&str, &SpawnInfo) -> Result<Box<dyn Contestant>, String> + Sync);

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub a: Side,
    pub b: Side,
    pub games: usize,
    /// Only these games of the seed, by number (each played as game `i` of `games` would
    /// be: the same set-ups, colours and seeds), in place of games `0..games`.
    pub only: Option<Vec<usize>>,
    pub rules: Rules,
    /// The hard bot's time per move.
    pub time: Duration,
    /// The hard bot's node budget per move (deterministic): `None`, its default budget
    /// within `time`; `Some(0)`, `time` only (see [`HardConfig::budget`]).
    pub nodes: Option<u64>,
    /// Worker threads (default: available cores).
    pub threads: usize,
    /// Plies after which a game is stopped and counted as a draw.
    pub max_plies: u32,
    pub seed: u64,
    /// An external side's time per answer (our bots keep to `time` by themselves).
    pub move_timeout: Duration,
}

impl Default for ArenaConfig {
    fn default() -> Self {
        ArenaConfig {
            a: Side::Level(BotLevel::Hard),
            b: Side::Level(BotLevel::Easy),
            games: 100,
            only: None,
            rules: Rules::standard(Variant::Classic),
            time: Duration::from_secs(1),
            nodes: None,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            max_plies: 3000,
            seed: 1,
            move_timeout: Duration::from_secs(10),
        }
    }
}

/// One game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaGame {
    /// The colour bot A played.
    pub a_color: Color,
    /// `None` for a draw (capped games included).
    pub winner: Option<Color>,
    pub reason: Option<EndReason>,
    pub capped: bool,
    pub plies: u32,
    /// A side faulted (it loses): an illegal set-up or move, no answer in time, or none.
    pub fault: Option<(Color, Fault)>,
    /// Time spent choosing moves, per side (Red, Blue), and moves chosen.
    pub think: [(Duration, u32); 2],
    /// The game's set-ups and moves, once both set-ups were legal.
    pub record: Option<crate::rules::GameRecord>,
}

/// The totals.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaResult {
    pub a: String,
    pub b: String,
    pub games: usize,
    pub a_wins: usize,
    pub b_wins: usize,
    pub draws: usize,
    pub capped: usize,
    pub faults: usize,
    /// Games lost by an illegal set-up, move or answer (A, B).
    pub illegal: [usize; 2],
    /// Games lost by no answer in time (A, B).
    pub timeouts: [usize; 2],
    /// The first fault of each side (A, B), for diagnosis.
    pub first_fault: [Option<String>; 2],
    pub plies: u64,
    /// Total thinking time and moves, per bot (A, B).
    pub think: [(Duration, u64); 2],
    pub wall: Duration,
    /// How games ended: the reason (`None`: past the arena's ply cap) with A's wins, B's
    /// wins and the draws (a draw at the rules' move limit is one).
    pub endings: Vec<(Option<EndReason>, usize, usize, usize)>,
    /// Every game by its number, in the order they finished.
    pub played: Vec<(usize, ArenaGame)>,
}

impl ArenaResult {
    /// A's score: (wins + draws / 2) / games.
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        (self.a_wins as f64 + self.draws as f64 / 2.0) / self.games as f64
    }

    /// Half-width of the 95% interval of the score (normal approximation).
    pub fn interval(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        let p = self.score();
        1.96 * (p * (1.0 - p) / self.games as f64).sqrt()
    }

    /// Average thinking time per move of bot A (0) or B (1).
    pub fn time_per_move(&self, which: usize) -> Duration {
        let (t, n) = self.think[which];
        if n == 0 {
            Duration::ZERO
        } else {
            t / n as u32
        }
    }
}

impl ArenaGame {
    /// `game 3: a Blue, b wins (flag captured) at ply 412`, and the fault if any.
    pub fn line(&self, i: usize) -> String {
        let who = match self.winner {
            None if self.capped => "draw (ply cap)".to_string(),
            None => format!("draw ({})", self.reason.map_or("?", |r| r.describe())),
            Some(w) => format!(
                "{} wins ({})",
                if w == self.a_color { "a" } else { "b" },
                self.reason.map_or("?", |r| r.describe())
            ),
        };
        let mut s = format!(
            "game {i}: a {:?}, {who} at ply {}",
            self.a_color, self.plies
        );
        if let Some((c, f)) = &self.fault {
            let side = if *c == self.a_color { "a" } else { "b" };
            s += &format!("; {side}: {f}");
        }
        s
    }
}

impl fmt::Display for ArenaResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} games, a = {}, b = {}: past the arena's ply cap {}, faults {}, \
             {:.0} plies per game, \
             time per move a {:.1} ms, b {:.1} ms, wall {:.1} s",
            self.games,
            self.a,
            self.b,
            self.capped,
            self.faults,
            self.plies as f64 / self.games.max(1) as f64,
            self.time_per_move(0).as_secs_f64() * 1000.0,
            self.time_per_move(1).as_secs_f64() * 1000.0,
            self.wall.as_secs_f64(),
        )?;
        if !self.endings.is_empty() {
            let parts: Vec<String> = self
                .endings
                .iter()
                .map(|(r, a, b, d)| {
                    let name = r.map_or("the arena's ply cap", |r| r.describe());
                    match d {
                        0 => format!("{name}: a {a}, b {b}"),
                        d => format!("{name}: a {a}, b {b}, drawn {d}"),
                    }
                })
                .collect();
            writeln!(f, "endings: {}", parts.join("; "))?;
        }
        for (name, fault) in ["a", "b"].iter().zip(&self.first_fault) {
            if let Some(why) = fault {
                writeln!(f, "{name}'s first fault: {why}")?;
            }
        }
        write!(
            f,
            "a wins {}, b wins {}, draws {}, a score {:.1}% ± {:.1}%, \
             a illegal {}, a timeouts {}, b illegal {}, b timeouts {}",
            self.a_wins,
            self.b_wins,
            self.draws,
            self.score() * 100.0,
            self.interval() * 100.0,
            self.illegal[0],
            self.timeouts[0],
            self.illegal[1],
            self.timeouts[1],
        )
    }
}

/// The hard bot's configuration of a `hard+NAME+NAME` side: the arena's budget, then each
/// switch named.
pub fn switched(spec: &str, time: Duration, nodes: Option<u64>) -> Result<HardConfig, String> {
    let mut names = spec.split('+');
    if names.next() != Some("hard") {
        return Err(format!("'{spec}': switches go after hard (hard+NAME+NAME)"));
    }
    let mut cfg = HardConfig::budget(time, nodes);
    for name in names {
        cfg.switch(name)?;
    }
    Ok(cfg)
}

/// A bot of `level` with the arena's budget (see [`HardConfig::budget`]).
pub fn make_bot(level: BotLevel, seed: u64, time: Duration, nodes: Option<u64>) -> Box<dyn Bot> {
    match level {
        BotLevel::Random => Box::new(RandomBot::new(seed)),
        BotLevel::Easy => Box::new(EasyBot::new(seed)),
        BotLevel::Hard => Box::new(HardBot::new(seed, HardConfig::budget(time, nodes))),
    }
}

/// Plays one game between `red` and `blue`, each seeing only its own view; the game is a
/// draw after `max_plies`. Both are told when it is over.
pub fn play_game(
    rules: Rules,
    red: &mut dyn Contestant,
    blue: &mut dyn Contestant,
    max_plies: u32,
) -> ArenaGame {
    let r = referee(rules, red, blue, max_plies);
    red.game_over();
    blue.game_over();
    r
}

fn referee(
    rules: Rules,
    red: &mut dyn Contestant,
    blue: &mut dyn Contestant,
    max_plies: u32,
) -> ArenaGame {
    let mut think = [(Duration::ZERO, 0u32); 2];
    let lost = |c: Color, fault: Fault, think| ArenaGame {
        a_color: Color::Red,
        winner: Some(c.opposite()),
        reason: Some(EndReason::Abandonment),
        capped: false,
        plies: 0,
        fault: Some((c, fault)),
        think,
        record: None,
    };
    let setups = [
        red.setup(&rules, Color::Red),
        blue.setup(&rules, Color::Blue),
    ];
    let [rs, bs] = setups;
    let (rs, bs) = match (rs, bs) {
        (Ok(r), Ok(b)) => (r, b),
        (Err(f), _) => return lost(Color::Red, f, think),
        (_, Err(f)) => return lost(Color::Blue, f, think),
    };
    let mut game = match Game::new(rules, &rs, &bs) {
        Ok(g) => g,
        Err((c, e)) => return lost(c, Fault::Illegal(format!("illegal set-up: {e}")), think),
    };
    let mut fault = None;
    // ARENA_TRACE=1: the last moves of each decided game, with battles, on stderr.
    let trace = std::env::var_os("ARENA_TRACE").is_some();
    // ARENA_BATTLES=1: every battle on stderr, with what each side knew beforehand.
    let battles = std::env::var_os("ARENA_BATTLES").is_some();
    let mut recent: Vec<crate::rules::MoveEvent> = Vec::new();
    while !game.is_over() && game.ply() < max_plies {
        let c = game.to_move();
        let view = game.view(Viewer::Player(c));
        let side: &mut dyn Contestant = if c == Color::Red {
            &mut *red
        } else {
            &mut *blue
        };
        let history = if side.needs_history() {
            game.history(Viewer::Player(c))
        } else {
            Vec::new()
        };
        let t0 = Instant::now();
        let m = side.choose(&view, &history);
        think[c.index()].0 += t0.elapsed();
        think[c.index()].1 += 1;
        let known = match (&m, battles) {
            (Ok(Some(m)), true) => {
                let (ak, dk) = super::battles::knowledge(&game, *m);
                Some((dk, ak, view.piece_at(m.to).is_some_and(|p| p.moved)))
            }
            _ => None,
        };
        let result = match m {
            Ok(Some(m)) => game
                .play(m)
                .map_err(|e| Fault::Illegal(format!("illegal move {m}: {e}"))),
            Ok(None) => {
                game.end(Outcome {
                    winner: Some(c.opposite()),
                    reason: EndReason::Resignation,
                });
                continue;
            }
            Err(f) => Err(f),
        };
        match result {
            Ok(ev) => {
                if let (Some(b), Some(known)) = (ev.battle, known) {
                    trace_battle(&game, c, &b, known, &recent);
                }
                if trace || battles {
                    if recent.len() == 12 {
                        recent.remove(0);
                    }
                    recent.push(ev);
                }
            }
            Err(f) => {
                fault = Some((c, f));
                game.end(Outcome {
                    winner: Some(c.opposite()),
                    reason: EndReason::Abandonment,
                });
            }
        }
    }
    let outcome = game.outcome();
    if trace {
        if let Some(o) = outcome {
            let label = TRACE_LABEL.with(|l| l.borrow().clone());
            eprintln!("{label}{}", trace_lines(&game, o, &recent));
        }
    }
    ArenaGame {
        a_color: Color::Red,
        winner: outcome.and_then(|o| o.winner),
        reason: outcome.map(|o| o.reason),
        capped: outcome.is_none(),
        plies: game.ply(),
        fault,
        think,
        record: Some(game.record()),
    }
}

/// `ARENA_BATTLES`: one battle on stderr, with what each side knew (`known`: the defender
/// known, the attacker known, the defender had moved), the last moves and the board.
fn trace_battle(
    game: &Game,
    c: Color,
    b: &crate::rules::Battle,
    (dk, ak, dm): (bool, bool, bool),
    recent: &[crate::rules::MoveEvent],
) {
    let label = TRACE_LABEL.with(|l| l.borrow().clone());
    eprintln!(
        "BATTLE {label}ply {} {:?} {:?}{} x {:?}{}{} -> {:?}",
        game.ply(),
        c,
        b.attacker,
        if ak { "(known)" } else { "" },
        b.defender,
        if dk { "(known)" } else { "" },
        if dm { "(moved)" } else { "(unmoved)" },
        b.result
    );
    for e in recent.iter().rev().take(6).rev() {
        eprintln!("    {:?} {} {:?}", e.mover, e.mv, e.rank);
    }
    eprintln!("{}", board_lines(game));
}

thread_local! {
    /// Which game this thread plays, for `ARENA_TRACE`.
    static TRACE_LABEL: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// The board for `ARENA_BATTLES`: `R` Red, `b` Blue, then the rank; `?` marks a piece its
/// opponent does not know (rank letters: 1 Marshal .. 9 Scout, S Spy, B Bomb, F Flag).
fn board_lines(game: &Game) -> String {
    let mut out = String::new();
    for row in (0..10).rev() {
        out += "    ";
        for file in 0..10 {
            let sq = crate::rules::Square::all()
                .find(|s| s.row() as usize == row && s.file() as usize == file)
                .expect("a square");
            let cell = match game.piece_at(sq) {
                None if sq.is_lake() => "~~~ ".to_string(),
                None => ".   ".to_string(),
                Some(p) => {
                    let v = game.view(Viewer::Player(p.color.opposite()));
                    let known = v.piece_at(sq).and_then(|q| q.rank).is_some();
                    let ch = match p.rank {
                        Rank::Spy => 'S',
                        Rank::Bomb => 'B',
                        Rank::Flag => 'F',
                        r => char::from(b'0' + 11 - r as u8),
                    };
                    let c = if p.color == Color::Red { 'R' } else { 'b' };
                    format!("{c}{ch}{} ", if known { ' ' } else { '?' })
                }
            };
            out += &cell;
        }
        out += "\n";
    }
    out
}

/// What `ARENA_TRACE` prints for a decided game.
fn trace_lines(game: &Game, o: Outcome, recent: &[crate::rules::MoveEvent]) -> String {
    let mut out = format!(
        "game over at ply {}: {:?} wins ({})",
        game.ply(),
        o.winner,
        o.reason.describe()
    );
    for c in Color::ALL {
        let mut left: Vec<String> = crate::rules::Square::all()
            .filter_map(|sq| game.piece_at(sq))
            .filter(|p| p.color == c && p.rank.is_movable())
            .map(|p| format!("{:?}", p.rank))
            .collect();
        left.sort();
        out += &format!("\n  {c:?} movable left: {}", left.join(" "));
    }
    for e in recent {
        out += &format!("\n  {:?} {} {:?}", e.mover, e.mv, e.rank);
        if let Some(b) = e.battle {
            out += &format!(" x {:?} -> {:?}", b.defender, b.result);
        }
    }
    out
}

fn game_seed(seed: u64, i: usize) -> u64 {
    let mut r = crate::rules::SplitMix64(seed ^ (i as u64).wrapping_mul(0xA24B_AED4_963E_E407));
    r.next()
}

/// Game `i` of an arena: A with Red in even games and Blue in odd ones; a side that cannot
/// be started loses the game as illegal.
fn arena_game(cfg: &ArenaConfig, spawn: Spawner<'_>, i: usize) -> ArenaGame {
    let s = game_seed(cfg.seed, i);
    let a_color = if i.is_multiple_of(2) {
        Color::Red
    } else {
        Color::Blue
    };
    let make = |side: &Side, which: char, seed: u64, other: &Side| match side {
        Side::Level(l) => {
            Ok(Box::new(Internal(make_bot(*l, seed, cfg.time, cfg.nodes))) as Box<dyn Contestant>)
        }
        Side::Switched(spec) => {
            let hard = switched(spec, cfg.time, cfg.nodes)?;
            Ok(Box::new(Internal(Box::new(HardBot::new(seed, hard)))) as Box<dyn Contestant>)
        }
        Side::External(spec) => spawn(
            spec,
            &SpawnInfo {
                game: i,
                which,
                opponent: other.name().trim_start_matches("exec:").to_string(),
                move_timeout: cfg.move_timeout,
            },
        ),
    };
    TRACE_LABEL
        .with(|l| *l.borrow_mut() = format!("game {i}, a ({}) is {a_color:?}: ", cfg.a.name()));
    let mut r = match (
        make(&cfg.a, 'a', s, &cfg.b),
        make(&cfg.b, 'b', s ^ 0xB0B, &cfg.a),
    ) {
        (Ok(mut a), Ok(mut b)) => {
            if a_color == Color::Red {
                play_game(cfg.rules, &mut *a, &mut *b, cfg.max_plies)
            } else {
                play_game(cfg.rules, &mut *b, &mut *a, cfg.max_plies)
            }
        }
        (a, b) => {
            let (c, why) = match (a, b) {
                (Err(why), _) => (a_color, why),
                (_, Err(why)) => (a_color.opposite(), why),
                _ => unreachable!("one side failed to start"),
            };
            eprintln!("arena: game {i}: {why}");
            ArenaGame {
                a_color,
                winner: Some(c.opposite()),
                reason: Some(EndReason::Abandonment),
                capped: false,
                plies: 0,
                fault: Some((c, Fault::Illegal(why))),
                think: [(Duration::ZERO, 0); 2],
                record: None,
            }
        }
    };
    r.a_color = a_color;
    r
}

impl ArenaResult {
    /// Counts game `i`'s result, from A's side.
    fn tally(&mut self, i: usize, r: ArenaGame) {
        let res = self;
        res.played.push((i, r.clone()));
        match r.winner {
            Some(w) if w == r.a_color => res.a_wins += 1,
            Some(_) => res.b_wins += 1,
            None => res.draws += 1,
        }
        let k = match res.endings.iter().position(|e| e.0 == r.reason) {
            Some(k) => k,
            None => {
                res.endings.push((r.reason, 0, 0, 0));
                res.endings.len() - 1
            }
        };
        match r.winner {
            Some(w) if w == r.a_color => res.endings[k].1 += 1,
            Some(_) => res.endings[k].2 += 1,
            None => res.endings[k].3 += 1,
        }
        res.capped += r.capped as usize;
        res.faults += r.fault.is_some() as usize;
        if let Some((c, f)) = &r.fault {
            let who = if *c == r.a_color { 0 } else { 1 };
            match f {
                Fault::Timeout(_) => res.timeouts[who] += 1,
                Fault::Illegal(_) | Fault::Agent(_) => res.illegal[who] += 1,
            }
            res.first_fault[who].get_or_insert_with(|| format!("ply {}: {f}", r.plies));
        }
        res.plies += r.plies as u64;
        let (ai, bi) = (r.a_color.index(), r.a_color.opposite().index());
        res.think[0].0 += r.think[ai].0;
        res.think[0].1 += r.think[ai].1 as u64;
        res.think[1].0 += r.think[bi].0;
        res.think[1].1 += r.think[bi].1 as u64;
    }
}

/// Plays `cfg.games` games between two of our bot levels (see [`run_arena_with`]).
pub fn run_arena(cfg: ArenaConfig, progress: impl FnMut(usize, usize)) -> ArenaResult {
    let none = |s: &str, _: &SpawnInfo| -> Result<Box<dyn Contestant>, String> {
        Err(format!("no way to start '{s}'"))
    };
    run_arena_with(cfg, &none, progress)
}

/// Plays `cfg.games` games (or those of `cfg.only`), A with Red in even games and Blue in
/// odd ones, on `cfg.threads` threads; `spawn` starts an external side for each game (one
/// that cannot be started loses that game as illegal); `progress(done, total)` is called
/// after each game.
pub fn run_arena_with(
    cfg: ArenaConfig,
    spawn: Spawner<'_>,
    mut progress: impl FnMut(usize, usize),
) -> ArenaResult {
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, ArenaGame)>();
    let ids: Vec<usize> = cfg.only.clone().unwrap_or_else(|| (0..cfg.games).collect());
    let threads = cfg.threads.clamp(1, ids.len().max(1));
    let mut res = ArenaResult {
        a: cfg.a.name().to_string(),
        b: cfg.b.name().to_string(),
        games: ids.len(),
        a_wins: 0,
        b_wins: 0,
        draws: 0,
        capped: 0,
        faults: 0,
        illegal: [0; 2],
        timeouts: [0; 2],
        first_fault: [None, None],
        plies: 0,
        think: [(Duration::ZERO, 0); 2],
        wall: Duration::ZERO,
        endings: Vec::new(),
        played: Vec::new(),
    };
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, cfg, ids) = (&next, &cfg, &ids);
            scope.spawn(move || {
                while let Some(&i) = ids.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if tx.send((i, arena_game(cfg, spawn, i))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut done = 0;
        for (i, r) in rx {
            res.tally(i, r);
            done += 1;
            progress(done, ids.len());
        }
    });
    res.wall = start.elapsed();
    res
}

/// The hard bot's clock from `--time` and `--nodes`: a node budget replaces the clock (see
/// [`HardConfig::budget`]), so `time` counts only without one or with `--nodes 0`.
pub fn budget_time(time: Duration, nodes: Option<u64>) -> Duration {
    match nodes {
        Some(n) if n > 0 => Duration::from_secs(3600),
        _ => time,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_line_format() {
        let r = ArenaResult {
            a: "easy".into(),
            b: "random".into(),
            games: 20,
            a_wins: 18,
            b_wins: 1,
            draws: 1,
            capped: 0,
            faults: 1,
            illegal: [0, 1],
            timeouts: [0, 0],
            first_fault: [None, Some("ply 3: illegal move".into())],
            plies: 4000,
            think: [(Duration::ZERO, 0); 2],
            wall: Duration::ZERO,
            endings: vec![
                (Some(EndReason::FlagCaptured), 18, 1, 0),
                (Some(EndReason::MoveCap), 0, 0, 1),
            ],
            played: Vec::new(),
        };
        let s = r.to_string();
        assert!(
            s.lines()
                .next()
                .unwrap()
                .contains("past the arena's ply cap 0, faults 1"),
            "{s}"
        );
        assert_eq!(
            s.lines().nth(1).unwrap(),
            "endings: flag captured: a 18, b 1; move limit reached: a 0, b 0, drawn 1"
        );
        assert_eq!(
            s.lines().last().unwrap(),
            "a wins 18, b wins 1, draws 1, a score 92.5% ± 11.5%, a illegal 0, a timeouts 0, \
             b illegal 1, b timeouts 0"
        );
    }

    #[test]
    fn arena_counts_add_up() {
        let cfg = ArenaConfig {
            a: BotLevel::Random.into(),
            b: BotLevel::Random.into(),
            games: 6,
            rules: Rules::standard(Variant::Barrage),
            threads: 2,
            max_plies: 200,
            ..ArenaConfig::default()
        };
        let mut calls = 0;
        let r = run_arena(cfg, |done, total| {
            calls += 1;
            assert!(done <= total);
        });
        assert_eq!(calls, 6);
        assert_eq!(r.a_wins + r.b_wins + r.draws, 6);
        assert_eq!(r.faults, 0);
    }

    /// `only` plays the games it names as the whole run plays them (a lost game of a run
    /// can be played again alone), and counts only those.
    #[test]
    fn only_the_named_games_are_played_as_in_the_whole_run() {
        let cfg = ArenaConfig {
            a: BotLevel::Easy.into(),
            b: BotLevel::Random.into(),
            games: 5,
            rules: Rules::standard(Variant::Barrage),
            threads: 2,
            max_plies: 300,
            ..ArenaConfig::default()
        };
        let mut all = run_arena(cfg.clone(), |_, _| {}).played;
        all.sort_by_key(|&(i, _)| i);
        let only = ArenaConfig {
            only: Some(vec![4, 1]),
            ..cfg
        };
        let mut totals = Vec::new();
        let r = run_arena(only, |done, total| totals.push((done, total)));
        assert_eq!(totals, [(1, 2), (2, 2)]);
        assert_eq!(r.games, 2);
        assert_eq!(r.a_wins + r.b_wins + r.draws, 2);
        // The same game, move for move (the time each side thought aside).
        let game = |(i, g): &(usize, ArenaGame)| (*i, g.a_color, g.winner, g.record.clone());
        let mut played: Vec<_> = r.played.iter().map(game).collect();
        played.sort_by_key(|g| g.0);
        assert_eq!(played, [game(&all[1]), game(&all[4])]);
        assert!(played.iter().all(|g| g.3.is_some()));
    }
}
