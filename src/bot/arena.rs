//! Games between two bot levels: alternating colours, in parallel threads, each bot seeing
//! only its own view, with a move cap (a capped game is a draw).

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::bot::BotLevel;
use crate::rules::{Color, EndReason, Game, Outcome, Rules, Variant, Viewer};

use super::{Bot, EasyBot, HardBot, HardConfig, RandomBot};

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub a: BotLevel,
    pub b: BotLevel,
    pub games: usize,
    pub rules: Rules,
    /// The hard bot's time per move.
    pub time: Duration,
    /// The hard bot's node budget per move (deterministic), if any.
    pub nodes: Option<u64>,
    /// Worker threads (default: available cores).
    pub threads: usize,
    /// Plies after which a game is stopped and counted as a draw.
    pub max_plies: u32,
    pub seed: u64,
}

impl Default for ArenaConfig {
    fn default() -> Self {
        ArenaConfig {
            a: BotLevel::Hard,
            b: BotLevel::Easy,
            games: 100,
            rules: Rules::standard(Variant::Classic),
            time: Duration::from_secs(1),
            nodes: None,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            max_plies: 3000,
            seed: 1,
        }
    }
}

/// One game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaGame {
    /// The colour bot A played.
    pub a_color: Color,
    /// `None` for a draw (capped games included).
    pub winner: Option<Color>,
    pub reason: Option<EndReason>,
    pub capped: bool,
    pub plies: u32,
    /// A bot answered with an illegal move or none while it had moves (it loses).
    pub fault: Option<Color>,
    /// Time spent choosing moves, per side (Red, Blue), and moves chosen.
    pub think: [(Duration, u32); 2],
}

/// The totals.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaResult {
    pub a: BotLevel,
    pub b: BotLevel,
    pub games: usize,
    pub a_wins: usize,
    pub b_wins: usize,
    pub draws: usize,
    pub capped: usize,
    pub faults: usize,
    pub plies: u64,
    /// Total thinking time and moves, per bot (A, B).
    pub think: [(Duration, u64); 2],
    pub wall: Duration,
    /// How games ended: the reason (`None`: capped) with A's and B's wins.
    pub endings: Vec<(Option<EndReason>, usize, usize)>,
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

impl fmt::Display for ArenaResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} games, a = {}, b = {}: capped {}, faults {}, {:.0} plies per game, \
             time per move a {:.1} ms, b {:.1} ms, wall {:.1} s",
            self.games,
            self.a.name(),
            self.b.name(),
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
                .map(|(r, a, b)| {
                    let name = r.map_or("move cap", |r| r.describe());
                    format!("{name}: a {a}, b {b}")
                })
                .collect();
            writeln!(f, "endings: {}", parts.join("; "))?;
        }
        write!(
            f,
            "a wins {}, b wins {}, draws {}, a score {:.1}% ± {:.1}%",
            self.a_wins,
            self.b_wins,
            self.draws,
            self.score() * 100.0,
            self.interval() * 100.0
        )
    }
}

/// A bot of `level` with the arena's budget.
pub fn make_bot(level: BotLevel, seed: u64, time: Duration, nodes: Option<u64>) -> Box<dyn Bot> {
    match level {
        BotLevel::Random => Box::new(RandomBot::new(seed)),
        BotLevel::Easy => Box::new(EasyBot::new(seed)),
        BotLevel::Hard => Box::new(HardBot::new(
            seed,
            HardConfig {
                time,
                nodes,
                ..HardConfig::default()
            },
        )),
    }
}

/// Plays one game between `red` and `blue`, each seeing only its own view.
pub fn play_game(rules: Rules, red: &mut dyn Bot, blue: &mut dyn Bot, max_plies: u32) -> ArenaGame {
    let rs = red.setup(&rules, Color::Red);
    let bs = blue.setup(&rules, Color::Blue);
    let mut game = match Game::new(rules, &rs, &bs) {
        Ok(g) => g,
        Err((c, _)) => {
            return ArenaGame {
                a_color: Color::Red,
                winner: Some(c.opposite()),
                reason: None,
                capped: false,
                plies: 0,
                fault: Some(c),
                think: [(Duration::ZERO, 0); 2],
            }
        }
    };
    let mut think = [(Duration::ZERO, 0u32); 2];
    let mut fault = None;
    // ARENA_TRACE=1: the last moves of each decided game, with battles, on stderr.
    let trace = std::env::var_os("ARENA_TRACE").is_some();
    let mut recent: Vec<crate::rules::MoveEvent> = Vec::new();
    while !game.is_over() && game.ply() < max_plies {
        let c = game.to_move();
        let view = game.view(Viewer::Player(c));
        let bot: &mut dyn Bot = if c == Color::Red {
            &mut *red
        } else {
            &mut *blue
        };
        let t0 = Instant::now();
        let m = bot.choose(&view);
        think[c.index()].0 += t0.elapsed();
        think[c.index()].1 += 1;
        match m.map(|m| game.play(m)) {
            Some(Ok(ev)) => {
                if trace {
                    if recent.len() == 12 {
                        recent.remove(0);
                    }
                    recent.push(ev);
                }
            }
            _ => {
                fault = Some(c);
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
    }
}

thread_local! {
    /// Which game this thread plays, for `ARENA_TRACE`.
    static TRACE_LABEL: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
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

/// Plays `cfg.games` games, A with Red in even games and Blue in odd ones, on
/// `cfg.threads` threads; `progress(done, total)` is called after each game.
pub fn run_arena(cfg: ArenaConfig, mut progress: impl FnMut(usize, usize)) -> ArenaResult {
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<ArenaGame>();
    let threads = cfg.threads.clamp(1, cfg.games.max(1));
    let mut res = ArenaResult {
        a: cfg.a,
        b: cfg.b,
        games: cfg.games,
        a_wins: 0,
        b_wins: 0,
        draws: 0,
        capped: 0,
        faults: 0,
        plies: 0,
        think: [(Duration::ZERO, 0); 2],
        wall: Duration::ZERO,
        endings: Vec::new(),
    };
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, cfg) = (&next, &cfg);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= cfg.games {
                    break;
                }
                let s = game_seed(cfg.seed, i);
                let mut a = make_bot(cfg.a, s, cfg.time, cfg.nodes);
                let mut b = make_bot(cfg.b, s ^ 0xB0B, cfg.time, cfg.nodes);
                let a_color = if i.is_multiple_of(2) {
                    Color::Red
                } else {
                    Color::Blue
                };
                TRACE_LABEL.with(|l| {
                    *l.borrow_mut() = format!("game {i}, a ({}) is {a_color:?}: ", cfg.a.name())
                });
                let mut r = if a_color == Color::Red {
                    play_game(cfg.rules, &mut *a, &mut *b, cfg.max_plies)
                } else {
                    play_game(cfg.rules, &mut *b, &mut *a, cfg.max_plies)
                };
                r.a_color = a_color;
                if tx.send(r).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut done = 0;
        for r in rx {
            done += 1;
            match r.winner {
                Some(w) if w == r.a_color => res.a_wins += 1,
                Some(_) => res.b_wins += 1,
                None => res.draws += 1,
            }
            let k = match res.endings.iter().position(|e| e.0 == r.reason) {
                Some(k) => k,
                None => {
                    res.endings.push((r.reason, 0, 0));
                    res.endings.len() - 1
                }
            };
            match r.winner {
                Some(w) if w == r.a_color => res.endings[k].1 += 1,
                Some(_) => res.endings[k].2 += 1,
                None => {}
            }
            res.capped += r.capped as usize;
            res.faults += r.fault.is_some() as usize;
            res.plies += r.plies as u64;
            let (ai, bi) = (r.a_color.index(), r.a_color.opposite().index());
            res.think[0].0 += r.think[ai].0;
            res.think[0].1 += r.think[ai].1 as u64;
            res.think[1].0 += r.think[bi].0;
            res.think[1].1 += r.think[bi].1 as u64;
            progress(done, cfg.games);
        }
    });
    res.wall = start.elapsed();
    res
}

/// Reads a duration: `1s`, `500ms`, `0.2s`, `2m`, or a plain number of seconds.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim().to_ascii_lowercase();
    let (num, mult) = if let Some(n) = t.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else {
        (t.as_str(), 1.0)
    };
    let x: f64 = num
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a duration: write e.g. 1s, 500ms or 0.2s"))?;
    if !x.is_finite() || x < 0.0 || x * mult > 86_400.0 {
        return Err(format!("'{s}' is not a usable duration"));
    }
    Ok(Duration::from_secs_f64(x * mult))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("1s"), Ok(Duration::from_secs(1)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("0.2s"), Ok(Duration::from_millis(200)));
        assert_eq!(parse_duration("2"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_duration(" 2m "), Ok(Duration::from_secs(120)));
        assert!(parse_duration("fast").is_err());
        assert!(parse_duration("-1s").is_err());
    }

    #[test]
    fn last_line_format() {
        let r = ArenaResult {
            a: BotLevel::Easy,
            b: BotLevel::Random,
            games: 20,
            a_wins: 18,
            b_wins: 1,
            draws: 1,
            capped: 1,
            faults: 0,
            plies: 4000,
            think: [(Duration::ZERO, 0); 2],
            wall: Duration::ZERO,
            endings: vec![(Some(EndReason::FlagCaptured), 18, 1)],
        };
        let s = r.to_string();
        assert_eq!(
            s.lines().last().unwrap(),
            "a wins 18, b wins 1, draws 1, a score 92.5% ± 11.5%"
        );
    }

    #[test]
    fn arena_counts_add_up() {
        let cfg = ArenaConfig {
            a: BotLevel::Random,
            b: BotLevel::Random,
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
}
