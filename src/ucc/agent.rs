//! One of our bots as a UCC protocol agent (`stratego-ssh agent`): it reads the referee's
//! lines on standard input and answers on standard output, flushing each message. The bot
//! sees only the [`PlayerView`](crate::rules::PlayerView) that [`Tracker`] rebuilds from
//! what the referee said, as it would from our own server.

use std::io::{BufRead, Write};

use super::{move_text, setup_lines, ProtocolError, Tracker};
use crate::bot::Bot;
use crate::rules::{Color, Rules};

/// How a protocol session ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ended {
    /// The referee sent `QUIT` (with what followed it).
    Quit(String),
    /// Standard input closed.
    Eof,
}

/// Plays one game under `rules` (the UCC rules: [`Rules::ucc2012`]) on the given streams.
pub fn serve(
    bot: &mut dyn Bot,
    rules: Rules,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<Ended, ProtocolError> {
    let mut lines = input.lines();
    let mut next = move || -> Result<Option<String>, ProtocolError> {
        match lines.next() {
            None => Ok(None),
            Some(Ok(l)) => Ok(Some(l.trim_end().to_string())),
            Some(Err(e)) => Err(ProtocolError(format!("cannot read standard input: {e}"))),
        }
    };
    let io = |e: std::io::Error| ProtocolError(format!("cannot write standard output: {e}"));
    let Some(first) = next()? else {
        return Ok(Ended::Eof);
    };
    if let Some(rest) = quit(&first) {
        return Ok(Ended::Quit(rest));
    }
    let words: Vec<&str> = first.split_whitespace().collect();
    let color = match words.first() {
        Some(&"RED") => Color::Red,
        Some(&"BLUE") => Color::Blue,
        _ => {
            return Err(ProtocolError(format!(
                "expected `RED|BLUE OPPONENT 10 10`, got {:?}",
                super::shorten(&first)
            )))
        }
    };
    if words.len() >= 4 && (words[words.len() - 2] != "10" || words[words.len() - 1] != "10") {
        return Err(ProtocolError("only a 10 x 10 board is played".into()));
    }
    let setup = bot.setup(&rules, color);
    for line in setup_lines(&setup, color) {
        writeln!(output, "{line}").map_err(io)?;
    }
    output.flush().map_err(io)?;
    let mut tracker = Tracker::new(rules, color, &setup);
    // After our move the referee confirms it; the next move line is the opponent's, and
    // the board follows it (or `START` for Red's first turn).
    let mut confirm_due = false;
    loop {
        let Some(line) = next()? else {
            return Ok(Ended::Eof);
        };
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = quit(&line) {
            return Ok(Ended::Quit(rest));
        }
        if line != "START" {
            tracker.apply(&line)?;
            if confirm_due {
                confirm_due = false;
                continue;
            }
        }
        let mut board = Vec::with_capacity(10);
        while board.len() < 10 {
            match next()? {
                None => return Ok(Ended::Eof),
                Some(l) if quit(&l).is_some() => return Ok(Ended::Quit(quit(&l).unwrap())),
                Some(l) => board.push(l),
            }
        }
        tracker.sync_board(&board)?;
        let view = tracker.view();
        let answer = bot
            .choose(&view)
            .and_then(|m| move_text(m.from, m.to))
            .unwrap_or_else(|| "SURRENDER".into());
        writeln!(output, "{answer}").map_err(io)?;
        output.flush().map_err(io)?;
        confirm_due = true;
    }
}

/// `QUIT [RESULT]`: the result.
fn quit(line: &str) -> Option<String> {
    let rest = line.strip_prefix("QUIT")?;
    (rest.is_empty() || rest.starts_with(' ')).then(|| rest.trim().to_string())
}

/// Plays back one side of a game written by `stratego-ssh arena --record`: its four set-up
/// lines, then one move per line (`X Y DIR [N]`); `SURRENDER` once they run out. For
/// replaying a game under another referee, to check that both judge it alike.
pub struct Replay {
    lines: Vec<String>,
    next: usize,
}

impl Replay {
    pub fn new(text: &str) -> Replay {
        Replay {
            lines: text.lines().map(str::to_string).collect(),
            next: 4,
        }
    }
}

impl crate::bot::Bot for Replay {
    fn setup(&mut self, rules: &Rules, color: Color) -> crate::rules::Setup {
        let rows: Vec<String> = self.lines.iter().take(4).cloned().collect();
        super::parse_setup(&rows, rules, color).unwrap_or_else(|_| crate::rules::Setup::new(color))
    }

    fn choose(&mut self, _: &crate::rules::PlayerView) -> Option<crate::rules::Move> {
        let line = self.lines.get(self.next)?;
        self.next += 1;
        match super::parse_reply(line) {
            Ok(super::Reply::Move(from, to)) => Some(crate::rules::Move::new(from, to)),
            _ => None,
        }
    }
}

/// The two files `--record` writes for a game: each side's set-up lines and moves.
pub fn record_lines(record: &crate::rules::GameRecord) -> [String; 2] {
    let mut out = [String::new(), String::new()];
    for (i, (color, setup)) in [(Color::Red, &record.red), (Color::Blue, &record.blue)]
        .into_iter()
        .enumerate()
    {
        for l in setup_lines(setup, color) {
            out[i] += &l;
            out[i].push('\n');
        }
    }
    for (ply, m) in record.moves.iter().enumerate() {
        if let Some(t) = move_text(m.from, m.to) {
            out[ply % 2] += &t;
            out[ply % 2].push('\n');
        }
    }
    out
}
