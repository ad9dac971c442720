//! Game records: everything needed to replay a game deterministically, as JSON (serde) or
//! as human-readable text.
//!
//! # Text format
//! ```text
//! stratego-ssh game record
//! version: 1
//! variant: Classic
//! options: two-square=3 more-squares=on aggressor-advantage=off silent-defense=off rescue=off duel-rows=3 immobility=on-turn cap-total=none cap-quiet=none
//! red: FB2BB3.....  (the set-up string, see Setup::to_setup_string)
//! blue: ...
//! result: Red wins (flag captured)      (or `result: none` while unfinished)
//! moves:
//! 1. C4 C5
//! 2. H7 H6
//! 3. C9 C10 +S@D2                       (a move with a rescue)
//! ```
//! One ply per numbered line. Blank lines and lines starting with `#` are ignored.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::game::Game;
use super::piece::{Color, Rank};
use super::setup::{Setup, SetupError};
use super::types::{EndReason, Move, Outcome, PlayerView, Rescue};
use super::variant::{Immobility, MoveCap, Options, Rules, Variant};

/// One ply of a recorded game, seen two ways ([`GameRecord::for_each_ply`]).
#[derive(Clone, Debug)]
pub struct PlyViews {
    /// 1-based: the first move is ply 1.
    pub ply: u32,
    pub mover: Color,
    /// The move the mover made.
    pub played: Move,
    /// The mover's own view just before the move: what they knew.
    pub seen: PlayerView,
    /// The same moment with every rank known (hindsight; never shown during play).
    pub revealed: PlayerView,
}

/// A finished or unfinished game: rules, both set-ups, every move, and the outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub version: u32,
    pub rules: Rules,
    pub red: Setup,
    pub blue: Setup,
    pub moves: Vec<Move>,
    pub outcome: Option<Outcome>,
}

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The record's format version is not one this program reads.
    Version(u32),
    /// A set-up is not valid for the rules.
    Setup { color: Color, error: SetupError },
    /// Move number `ply` (1-based) is not legal in the replayed position.
    IllegalMove {
        ply: usize,
        mv: Move,
        reason: String,
    },
    /// The replayed game ended differently from the recorded outcome.
    OutcomeMismatch {
        recorded: Option<Outcome>,
        replayed: Option<Outcome>,
    },
    /// `replay_to` asked for a ply past the end of the record.
    NoSuchPly { ply: usize, plies: usize },
    /// The text could not be read: line number (1-based) and what is wrong.
    Parse { line: usize, message: String },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Version(v) => write!(
                f,
                "record version {v} is not supported (this program reads version {})",
                GameRecord::VERSION
            ),
            ReplayError::Setup { color, error } => {
                write!(f, "{color}'s set-up is invalid: {error}")
            }
            ReplayError::IllegalMove { ply, mv, reason } => {
                write!(f, "move {ply} ({mv}) is illegal: {reason}")
            }
            ReplayError::OutcomeMismatch { recorded, replayed } => write!(
                f,
                "the record says {} but the moves give {}",
                outcome_text(*recorded),
                outcome_text(*replayed)
            ),
            ReplayError::NoSuchPly { ply, plies } => {
                write!(f, "ply {ply} asked for, the record has {plies}")
            }
            ReplayError::Parse { line, message } => write!(f, "line {line}: {message}"),
        }
    }
}

impl std::error::Error for ReplayError {}

fn outcome_text(o: Option<Outcome>) -> String {
    o.map_or_else(|| "none".to_string(), |o| o.to_string())
}

const ALL_REASONS: [EndReason; 9] = [
    EndReason::FlagCaptured,
    EndReason::NoMovablePieces,
    EndReason::NoLegalMove,
    EndReason::BothCannotMove,
    EndReason::MoveCap,
    EndReason::Resignation,
    EndReason::DrawAgreed,
    EndReason::Time,
    EndReason::Abandonment,
];

impl GameRecord {
    pub const VERSION: u32 = 1;

    /// Replays every move, then applies the recorded outcome if it was set from outside
    /// (resignation, time, ...). A recorded outcome that contradicts the moves is an error.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut g = self.replay_moves(self.moves.len())?;
        match (g.outcome(), self.outcome) {
            (None, Some(o)) => g.end(o),
            (a, b) if a != b => {
                return Err(ReplayError::OutcomeMismatch {
                    recorded: b,
                    replayed: a,
                })
            }
            _ => {}
        }
        Ok(g)
    }

    /// The position after the first `ply` plies (all of them: the same as
    /// [`GameRecord::replay`], outcome included).
    pub fn replay_to(&self, ply: usize) -> Result<Game, ReplayError> {
        if ply > self.moves.len() {
            return Err(ReplayError::NoSuchPly {
                ply,
                plies: self.moves.len(),
            });
        }
        if ply == self.moves.len() {
            return self.replay();
        }
        self.replay_moves(ply)
    }

    /// Each ply of the game in order, with the position as its mover saw it just before
    /// playing ([`PlyViews::seen`]: exactly the view the live game gave that seat then) and
    /// as it was ([`PlyViews::revealed`]: every rank known, hindsight). The views are built
    /// one ply at a time, so a long game costs one replay, not one per ply.
    pub fn for_each_ply(&self, mut f: impl FnMut(PlyViews)) -> Result<(), ReplayError> {
        let mut g = self.replay_moves(0)?;
        for (i, mv) in self.moves.iter().enumerate() {
            let mover = g.to_move();
            f(PlyViews {
                ply: i as u32 + 1,
                mover,
                played: *mv,
                seen: g.view(super::types::Viewer::Player(mover)),
                revealed: g.view_revealed(mover),
            });
            g.play(*mv).map_err(|e| ReplayError::IllegalMove {
                ply: i + 1,
                mv: *mv,
                reason: e.reason.to_string(),
            })?;
        }
        Ok(())
    }

    fn replay_moves(&self, n: usize) -> Result<Game, ReplayError> {
        if self.version != Self::VERSION {
            return Err(ReplayError::Version(self.version));
        }
        let mut g = Game::new(self.rules, &self.red, &self.blue)
            .map_err(|(color, error)| ReplayError::Setup { color, error })?;
        for (i, mv) in self.moves.iter().take(n).enumerate() {
            g.play(*mv).map_err(|e| ReplayError::IllegalMove {
                ply: i + 1,
                mv: *mv,
                reason: e.reason.to_string(),
            })?;
        }
        Ok(g)
    }

    /// The record as text (see the module documentation); [`GameRecord::from_text`] reads
    /// it back.
    pub fn to_text(&self) -> String {
        let o = &self.rules.options;
        let onoff = |b: bool| if b { "on" } else { "off" };
        let opt_n = |n: Option<u32>| n.map_or_else(|| "none".to_string(), |n| n.to_string());
        let mut s = String::new();
        s.push_str("stratego-ssh game record\n");
        s.push_str(&format!("version: {}\n", self.version));
        s.push_str(&format!("variant: {}\n", self.rules.variant.name()));
        s.push_str(&format!(
            "options: two-square={} more-squares={} aggressor-advantage={} silent-defense={} rescue={} duel-rows={} immobility={} cap-total={} cap-quiet={}\n",
            o.two_square_limit,
            onoff(o.more_squares),
            onoff(o.aggressor_advantage),
            onoff(o.silent_defense),
            onoff(o.rescue),
            o.duel_setup_rows,
            match o.immobility {
                Immobility::OnTurn => "on-turn",
                Immobility::Immediate => "immediate",
            },
            opt_n(o.move_cap.total_plies),
            opt_n(o.move_cap.plies_without_battle),
        ));
        s.push_str(&format!(
            "red: {}\n",
            self.red.to_setup_string(&self.rules, Color::Red)
        ));
        s.push_str(&format!(
            "blue: {}\n",
            self.blue.to_setup_string(&self.rules, Color::Blue)
        ));
        s.push_str(&format!("result: {}\n", outcome_text(self.outcome)));
        s.push_str("moves:\n");
        for (i, mv) in self.moves.iter().enumerate() {
            s.push_str(&format!("{}. {}\n", i + 1, mv));
        }
        s
    }

    /// Reads a record written by [`GameRecord::to_text`]. The set-ups are checked against
    /// the rules; the moves are only checked when replayed.
    pub fn from_text(text: &str) -> Result<GameRecord, ReplayError> {
        let err = |line: usize, message: String| ReplayError::Parse { line, message };
        let mut version = None;
        let mut variant = None;
        let mut options = None;
        let mut red_text = None;
        let mut blue_text = None;
        let mut outcome = None;
        let mut moves = Vec::new();
        let mut in_moves = false;
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if in_moves {
                let (num, rest) = line.split_once('.').ok_or_else(|| {
                    err(
                        n,
                        format!("expected a numbered move like '1. C4 C5', found '{line}'"),
                    )
                })?;
                let num: usize = num
                    .trim()
                    .parse()
                    .map_err(|_| err(n, format!("'{}' is not a move number", num.trim())))?;
                if num != moves.len() + 1 {
                    return Err(err(
                        n,
                        format!("move number {num} where {} was expected", moves.len() + 1),
                    ));
                }
                moves.push(parse_move(rest).map_err(|m| err(n, m.to_string()))?);
                continue;
            }
            if line == "stratego-ssh game record" {
                continue;
            }
            if line == "moves:" {
                in_moves = true;
                continue;
            }
            let (key, value) = line
                .split_once(':')
                .ok_or_else(|| err(n, format!("expected 'key: value', found '{line}'")))?;
            let value = value.trim();
            match key.trim() {
                "version" => {
                    version = Some(
                        value
                            .parse::<u32>()
                            .map_err(|_| err(n, format!("'{value}' is not a version number")))?,
                    )
                }
                "variant" => {
                    variant = Some(
                        Variant::parse(value)
                            .ok_or_else(|| err(n, format!("'{value}' is not a variant")))?,
                    )
                }
                "options" => {
                    options = Some(parse_options(value).map_err(|m| err(n, m.to_string()))?)
                }
                "red" => red_text = Some((n, value.to_string())),
                "blue" => blue_text = Some((n, value.to_string())),
                "result" => {
                    outcome = Some(parse_outcome(value).map_err(|m| err(n, m.to_string()))?)
                }
                other => return Err(err(n, format!("unknown header '{other}'"))),
            }
        }
        let end = text.lines().count().max(1);
        let version = version.ok_or_else(|| err(end, "no 'version:' line".into()))?;
        if version != Self::VERSION {
            return Err(ReplayError::Version(version));
        }
        let variant = variant.ok_or_else(|| err(end, "no 'variant:' line".into()))?;
        let options = options.ok_or_else(|| err(end, "no 'options:' line".into()))?;
        let rules = Rules::new(variant, options);
        let mut setups = Vec::new();
        for (color, t) in [(Color::Red, red_text), (Color::Blue, blue_text)] {
            let (line, t) = t.ok_or_else(|| {
                err(
                    end,
                    format!("no '{}:' line", color.name().to_ascii_lowercase()),
                )
            })?;
            let s = Setup::parse(&t, &rules, color)
                .map_err(|e| err(line, format!("{color}'s set-up: {e}")))?;
            setups.push(s);
        }
        let blue = setups.pop().expect("two set-ups");
        let red = setups.pop().expect("two set-ups");
        Ok(GameRecord {
            version,
            rules,
            red,
            blue,
            moves,
            outcome: outcome.ok_or_else(|| err(end, "no 'result:' line".into()))?,
        })
    }
}

/// What is wrong with the value of one line of a record; the line's number is added by
/// the caller (`ReplayError`'s text).
#[derive(Clone, Debug, PartialEq, Eq)]
enum LineError {
    Move(String),
    Square(String),
    Rescue(String),
    Outcome(String),
    /// `key=value` whose value is not what the key takes (`want`).
    Value {
        key: String,
        value: String,
        want: &'static str,
    },
    NotKeyValue(String),
    UnknownOption(String),
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineError::Move(m) => write!(f, "'{m}' is not a move like 'C4 C5'"),
            LineError::Square(e) => f.write_str(e),
            LineError::Rescue(r) => write!(f, "'{r}' is not a rescue like '+S@D2'"),
            LineError::Outcome(s) => write!(
                f,
                "'{s}' is not a result like 'Red wins (flag captured)' or 'none'"
            ),
            LineError::Value { key, value, want } => write!(f, "option {key}: '{value}' {want}"),
            LineError::NotKeyValue(item) => write!(f, "option '{item}' is not key=value"),
            LineError::UnknownOption(k) => write!(f, "unknown option '{k}'"),
        }
    }
}

fn parse_move(s: &str) -> Result<Move, LineError> {
    let parts: Vec<&str> = s.split_whitespace().collect();
    if parts.len() != 2 && parts.len() != 3 {
        return Err(LineError::Move(s.trim().to_string()));
    }
    let square = |e: crate::rules::ParseSquareError| LineError::Square(e.to_string());
    let from = parts[0].parse().map_err(square)?;
    let to = parts[1].parse().map_err(square)?;
    let rescue = match parts.get(2) {
        None => None,
        Some(r) => {
            let bad = || LineError::Rescue(r.to_string());
            let body = r.strip_prefix('+').ok_or_else(bad)?;
            let (rank, at) = body.split_once('@').ok_or_else(bad)?;
            let mut cs = rank.chars();
            let rank = match (cs.next(), cs.next()) {
                (Some(c), None) => Rank::from_setup_char(c).ok_or_else(bad)?,
                _ => return Err(bad()),
            };
            Some(Rescue {
                rank,
                to: at.parse().map_err(square)?,
            })
        }
    };
    Ok(Move { from, to, rescue })
}

fn parse_outcome(s: &str) -> Result<Option<Outcome>, LineError> {
    if s == "none" {
        return Ok(None);
    }
    for winner in [Some(Color::Red), Some(Color::Blue), None] {
        for reason in ALL_REASONS {
            let o = Outcome { winner, reason };
            if o.to_string() == s {
                return Ok(Some(o));
            }
        }
    }
    Err(LineError::Outcome(s.to_string()))
}

fn parse_options(s: &str) -> Result<Options, LineError> {
    let mut o = Options::default();
    let mut cap = MoveCap::default();
    let bad = |k: &str, v: &str, want: &'static str| LineError::Value {
        key: k.to_string(),
        value: v.to_string(),
        want,
    };
    let onoff = |k: &str, v: &str| match v {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(bad(k, v, "is neither on nor off")),
    };
    let num = |k: &str, v: &str| v.parse::<u32>().map_err(|_| bad(k, v, "is not a number"));
    let opt_num = |k: &str, v: &str| {
        if v == "none" {
            Ok(None)
        } else {
            num(k, v).map(Some)
        }
    };
    for item in s.split_whitespace() {
        let (k, v) = item
            .split_once('=')
            .ok_or_else(|| LineError::NotKeyValue(item.to_string()))?;
        match k {
            "two-square" => {
                o.two_square_limit =
                    u8::try_from(num(k, v)?).map_err(|_| bad(k, v, "is too large"))?
            }
            "more-squares" => o.more_squares = onoff(k, v)?,
            "aggressor-advantage" => o.aggressor_advantage = onoff(k, v)?,
            "silent-defense" => o.silent_defense = onoff(k, v)?,
            "rescue" => o.rescue = onoff(k, v)?,
            "duel-rows" => {
                o.duel_setup_rows =
                    u8::try_from(num(k, v)?).map_err(|_| bad(k, v, "is too large"))?
            }
            "immobility" => {
                o.immobility = match v {
                    "on-turn" => Immobility::OnTurn,
                    "immediate" => Immobility::Immediate,
                    _ => return Err(bad(k, v, "is not on-turn or immediate")),
                }
            }
            "cap-total" => cap.total_plies = opt_num(k, v)?,
            "cap-quiet" => cap.plies_without_battle = opt_num(k, v)?,
            _ => return Err(LineError::UnknownOption(k.to_string())),
        }
    }
    o.move_cap = cap;
    Ok(o)
}
