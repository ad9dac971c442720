//! Checking and importing games of the public Gravon archive: the file-system side of
//! [`crate::rules::gravon`]. `archive check` walks files and directories, reads every
//! `*.xml` game, replays it with the engine under the rules that server used
//! ([`crate::rules::Options::gravon`]) and reports how many games replay and end as their
//! records say.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::rules::gravon::{self, GravonResult};
use crate::rules::{Color, Outcome, ReplayError};

/// At most this many failures are printed by [`run_check`]; the rest are counted.
pub const FAILURES_SHOWN: usize = 20;

/// One game (or file) that did not check out.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Failure {
    pub file: PathBuf,
    /// The 1-based number of the move concerned (ply; Red's are odd), if any.
    pub move_number: Option<usize>,
    pub reason: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.file.display())?;
        if let Some(n) = self.move_number {
            write!(f, "move {n}: ")?;
        }
        f.write_str(&self.reason)
    }
}

/// The figures of a check.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct CheckReport {
    /// Files examined (each holds one game, readable or not).
    pub games: usize,
    /// Games whose set-ups are valid and whose moves were all applied.
    pub replayed: usize,
    /// Moves refused by the engine (a game stops at its first).
    pub illegal_moves: usize,
    /// Replayed games that the engine ends exactly where and how the record says (or, for
    /// endings the rules cannot see, that are still running after the last move).
    pub results_matching: usize,
    pub failures: Vec<Failure>,
}

impl CheckReport {
    /// `games N, replayed N, illegal moves N, results matching N`.
    pub fn summary(&self) -> String {
        format!(
            "games {}, replayed {}, illegal moves {}, results matching {}",
            self.games, self.replayed, self.illegal_moves, self.results_matching
        )
    }

    /// Every game replayed and ended as recorded.
    pub fn all_good(&self) -> bool {
        self.failures.is_empty()
            && self.replayed == self.games
            && self.results_matching == self.games
    }
}

/// What checking one game found.
#[derive(Clone, PartialEq, Debug)]
pub enum Verdict {
    /// Replayed, and the engine ends the game as the record says.
    Matches,
    /// The file cannot be read, or is not a Gravon game: why.
    Unreadable(String),
    /// A set-up the engine refuses.
    BadSetup { color: Color, reason: String },
    /// The engine refused a move (1-based number); the game stops there.
    IllegalMove { move_number: usize, reason: String },
    /// All moves applied, but the engine's ending (`None`: still running) is not the
    /// recorded one (`None`: the file has no result).
    OtherResult {
        recorded: Option<GravonResult>,
        engine: Option<Outcome>,
        moves: usize,
    },
}

impl Verdict {
    /// Whether the set-ups were valid and every move was applied.
    pub fn replayed(&self) -> bool {
        matches!(self, Verdict::Matches | Verdict::OtherResult { .. })
    }

    /// The failure to report, if any: the move concerned and the reason.
    pub fn failure(&self) -> Option<(Option<usize>, String)> {
        match self {
            Verdict::Matches => None,
            Verdict::Unreadable(reason) => Some((None, reason.clone())),
            Verdict::BadSetup { color, reason } => {
                Some((None, format!("{color}'s set-up is invalid: {reason}")))
            }
            Verdict::IllegalMove {
                move_number,
                reason,
            } => Some((Some(*move_number), format!("illegal move {reason}"))),
            Verdict::OtherResult {
                recorded,
                engine,
                moves,
            } => {
                let recorded = recorded.map_or_else(|| "no result".to_string(), |r| r.to_string());
                let engine =
                    engine.map_or_else(|| "the game still running".to_string(), |o| o.to_string());
                Some((
                    (*moves > 0).then_some(*moves),
                    format!(
                        "after the last move the record says {recorded}, the engine has {engine}"
                    ),
                ))
            }
        }
    }
}

/// Checks one game given as XML text: reads it, replays it with the engine under the
/// Gravon server's rules ([`gravon::record_from_gravon`]) and compares the endings.
pub fn check_game(xml: &str) -> Verdict {
    let g = match gravon::parse(xml) {
        Ok(g) => g,
        Err(e) => return Verdict::Unreadable(format!("not a Gravon game: {e}")),
    };
    match gravon::record_from_gravon(&g) {
        Ok(_) if g.result.is_some() => Verdict::Matches,
        Ok(record) => Verdict::OtherResult {
            recorded: None,
            engine: record.outcome,
            moves: g.moves.len(),
        },
        Err(ReplayError::Setup { color, error }) => Verdict::BadSetup {
            color,
            reason: error.to_string(),
        },
        Err(ReplayError::IllegalMove { ply, mv, reason }) => Verdict::IllegalMove {
            move_number: ply,
            reason: format!(
                "{mv} ({}-{} in the file): {reason}",
                gravon::square_name(mv.from),
                gravon::square_name(mv.to)
            ),
        },
        Err(ReplayError::OutcomeMismatch { replayed, .. }) => Verdict::OtherResult {
            recorded: g.result,
            engine: replayed,
            moves: g.moves.len(),
        },
        Err(e) => Verdict::Unreadable(e.to_string()),
    }
}

/// The `*.xml` files under `paths` (a directory is walked recursively; a file named
/// explicitly is taken whatever its name), sorted within each directory, with the paths
/// that could not be read.
pub fn xml_files(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<Failure>) {
    let mut files = Vec::new();
    let mut failures = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut files, &mut failures);
        } else {
            files.push(p.clone());
        }
    }
    (files, failures)
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>, failures: &mut Vec<Failure>) {
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            failures.push(Failure {
                file: dir.to_path_buf(),
                move_number: None,
                reason: format!("cannot read the directory: {e}"),
            });
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            walk(&p, files, failures);
        } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("xml")) {
            files.push(p);
        }
    }
}

/// Checks every game found under `paths`.
pub fn check_paths(paths: &[PathBuf]) -> CheckReport {
    let (files, mut failures) = xml_files(paths);
    let mut report = CheckReport {
        games: files.len(),
        ..CheckReport::default()
    };
    for file in files {
        let verdict = match fs::read(&file) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(xml) => check_game(&xml),
                Err(_) => Verdict::Unreadable("the file is not UTF-8 text".to_string()),
            },
            Err(e) => Verdict::Unreadable(format!("cannot read the file: {e}")),
        };
        report.replayed += usize::from(verdict.replayed());
        report.illegal_moves += usize::from(matches!(verdict, Verdict::IllegalMove { .. }));
        report.results_matching += usize::from(verdict == Verdict::Matches);
        if let Some((move_number, reason)) = verdict.failure() {
            failures.push(Failure {
                file,
                move_number,
                reason,
            });
        }
    }
    report.failures = failures;
    report
}

/// Checks every game under `paths` and prints the first failures (file, move number,
/// reason), then last the line `games N, replayed N, illegal moves N, results matching N`.
pub fn run_check(paths: &[PathBuf], out: &mut impl io::Write) -> io::Result<CheckReport> {
    let report = check_paths(paths);
    for f in report.failures.iter().take(FAILURES_SHOWN) {
        writeln!(out, "{f}")?;
    }
    if report.failures.len() > FAILURES_SHOWN {
        writeln!(
            out,
            "... and {} more failures",
            report.failures.len() - FAILURES_SHOWN
        )?;
    }
    writeln!(out, "{}", report.summary())?;
    Ok(report)
}
