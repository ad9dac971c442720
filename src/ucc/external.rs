//! Another program's UCC protocol agent, run as a child process for one game and refereed by
//! our engine: it is told its colour, answers with its set-up, is told every move (its own
//! as confirmation, the opponent's before its turn) and the board before each of its turns,
//! and answers with a move. No answer within the time allowed, an answer that is not a move
//! or set-up, or the program ending, is a [`Fault`]: it loses the game. The process (and
//! everything it started: it leads its own process group) is killed when the game ends.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use super::{board_lines, move_line, parse_reply, parse_setup, Reply};
use crate::bot::arena::{Contestant, Fault};
use crate::rules::{Color, Move, PlayerView, Rules, Setup, ViewMove};

/// A program and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentCommand {
    pub program: String,
    pub args: Vec<String>,
}

impl AgentCommand {
    /// `PROGRAM ARG ...`, split at white space (no shell quoting).
    pub fn parse(s: &str) -> Result<AgentCommand, String> {
        let mut words = s.split_whitespace().map(str::to_string);
        let program = words
            .next()
            .ok_or_else(|| "an agent needs a command to run".to_string())?;
        Ok(AgentCommand {
            program,
            args: words.collect(),
        })
    }
}

impl std::fmt::Display for AgentCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.program)?;
        for a in &self.args {
            write!(f, " {a}")?;
        }
        Ok(())
    }
}

/// Longest line read from an agent; the rest of a longer one is dropped.
const MAX_LINE: usize = 4096;

/// A running agent, for one game.
pub struct External {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    timeout: Duration,
    color: Option<Color>,
    /// How many moves of the game it has been told.
    told: usize,
    /// Shown to the agent as its opponent's name.
    opponent: String,
}

impl External {
    /// Starts `cmd` with its standard error going to `stderr` (a file, or null).
    pub fn spawn(
        cmd: &AgentCommand,
        stderr: Stdio,
        timeout: Duration,
        opponent: &str,
    ) -> std::io::Result<External> {
        let mut command = Command::new(&cmd.program);
        command
            .args(&cmd.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr);
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command.spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::Builder::new()
            .name("agent-reader".into())
            .spawn(move || {
                let mut r = BufReader::new(stdout);
                loop {
                    let mut buf = Vec::new();
                    match (&mut r).take(MAX_LINE as u64).read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {}
                    }
                    if buf.last() != Some(&b'\n') && buf.len() >= MAX_LINE {
                        // Skip the rest of an over-long line.
                        let mut rest = Vec::new();
                        if r.read_until(b'\n', &mut rest).is_err() {
                            break;
                        }
                    }
                    let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })?;
        Ok(External {
            child,
            stdin,
            lines,
            timeout,
            color: None,
            told: 0,
            opponent: opponent.split_whitespace().collect::<Vec<_>>().join("_"),
        })
    }

    fn send(&mut self, lines: &[String]) -> Result<(), Fault> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(Fault::Illegal("the program has stopped reading".into()));
        };
        let mut text = String::new();
        for l in lines {
            text += l;
            text.push('\n');
        }
        stdin
            .write_all(text.as_bytes())
            .and_then(|_| stdin.flush())
            .map_err(|_| Fault::Illegal(self.gone()))
    }

    fn receive(&mut self) -> Result<String, Fault> {
        loop {
            match self.lines.recv_timeout(self.timeout) {
                Ok(l) if l.trim().is_empty() => continue,
                Ok(l) => return Ok(l),
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Timeout(self.timeout)),
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Illegal(self.gone())),
            }
        }
    }

    /// Why the program stopped answering.
    fn gone(&mut self) -> String {
        std::thread::sleep(Duration::from_millis(20));
        match self.child.try_wait() {
            Ok(Some(status)) => format!("the program ended ({status})"),
            _ => "the program closed its output".into(),
        }
    }

    /// Tells the agent the moves of `history` it has not been told yet.
    fn catch_up(&mut self, history: &[ViewMove]) -> Result<(), Fault> {
        let lines: Vec<String> = history.iter().skip(self.told).map(move_line).collect();
        self.told = history.len().max(self.told);
        if lines.is_empty() {
            return Ok(());
        }
        self.send(&lines)
    }

    /// Sends `QUIT`, closes its input, and kills its process group if it is still there
    /// shortly after.
    pub fn quit(&mut self) {
        if self.stdin.is_some() {
            let _ = self.send(&["QUIT".to_string()]);
            self.stdin = None;
        }
        for _ in 0..10 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        #[cfg(unix)]
        {
            // SAFETY: kill(2) with a negative pid signals the child's own process group
            // (it was started as its leader); no memory is touched.
            unsafe {
                libc::kill(-(self.child.id() as i32), libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for External {
    fn drop(&mut self) {
        self.quit();
    }
}

impl Contestant for External {
    fn setup(&mut self, rules: &Rules, color: Color) -> Result<Setup, Fault> {
        self.color = Some(color);
        let word = match color {
            Color::Red => "RED",
            Color::Blue => "BLUE",
        };
        self.send(&[format!("{word} {} 10 10", self.opponent)])?;
        let mut rows = Vec::with_capacity(4);
        for _ in 0..4 {
            rows.push(self.receive()?);
        }
        parse_setup(&rows, rules, color).map_err(Fault::Illegal)
    }

    fn choose(&mut self, view: &PlayerView, history: &[ViewMove]) -> Result<Option<Move>, Fault> {
        if history.is_empty() && self.told == 0 && view.color() == Some(Color::Red) {
            self.send(&["START".to_string()])?;
        }
        self.catch_up(history)?;
        self.send(&board_lines(view))?;
        let line = self.receive()?;
        match parse_reply(&line).map_err(Fault::Illegal)? {
            Reply::Surrender => Ok(None),
            Reply::Move(from, to) => Ok(Some(Move::new(from, to))),
        }
    }

    fn needs_history(&self) -> bool {
        true
    }

    fn game_over(&mut self) {
        self.quit();
    }
}

/// One of the host's agents (`[[agents]]` in the configuration): a program offered to
/// players as an opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentSpec {
    /// Shown to players as `bot-NAME`; `[a-z0-9_-]`, at most 12 characters.
    pub name: String,
    pub command: AgentCommand,
    /// Time for each answer (its set-up, each move); none in time loses the game.
    pub move_timeout: Duration,
    /// Games it plays at once, at most.
    pub max_games: usize,
}

impl AgentSpec {
    /// Whether `name` may name an agent.
    pub fn valid_name(name: &str) -> bool {
        !name.is_empty()
            && name.len() <= 12
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    }
}
