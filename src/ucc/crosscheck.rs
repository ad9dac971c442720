//! A second opinion on the arena's games: each recorded game is played back under another
//! referee (the 2012 competition's own, `stratego-manager`) by two `stratego-ssh agent
//! --replay` processes, and the winners are compared. Used by `arena --referee`.

use std::path::Path;
use std::process::Command;

use super::agent::record_lines;
use crate::bot::arena::ArenaResult;
use crate::rules::Color;

/// One game judged twice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    pub game: usize,
    /// The arena's winner (`None`: a draw).
    pub ours: Option<Color>,
    pub plies: u32,
    /// The other referee's last line, and the winner read from it (`None`: unreadable).
    pub their_line: String,
    pub theirs: Option<Option<Color>>,
}

impl Judged {
    pub fn agree(&self) -> bool {
        self.theirs == Some(self.ours)
    }
}

/// The winner from the referee's result line `NAME COLOUR OUTCOME TURN RED BLUE`: the
/// player named is the one on whose turn the game ended.
pub fn winner_from(line: &str) -> Option<Option<Color>> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let col = match w.get(1) {
        Some(&"RED") => Color::Red,
        Some(&"BLUE") => Color::Blue,
        _ => return None,
    };
    match *w.get(2)? {
        "VICTORY" | "DEFAULT" => Some(Some(col)),
        "DEFEAT" | "SURRENDER" | "ILLEGAL" => Some(Some(col.opposite())),
        o if o.starts_with("DRAW") => Some(None),
        _ => None,
    }
}

/// Replays every recorded game of `result` under `referee` (run as `referee -m 1000 -T 10
/// RED BLUE` in `dir`, where the two players are wrapper scripts around `agent`, the
/// program at `agent_exe`).
pub fn crosscheck(
    result: &ArenaResult,
    referee: &Path,
    agent_exe: &Path,
    dir: &Path,
) -> std::io::Result<Vec<Judged>> {
    std::fs::create_dir_all(dir)?;
    // The referee runs inside `dir`: every path it is given, and the wrappers' paths to the
    // move files, must not depend on our working directory (`--record DIR` is often relative).
    let dir = &std::fs::canonicalize(dir)?;
    let referee = &if referee.components().count() > 1 {
        std::fs::canonicalize(referee)?
    } else {
        referee.to_path_buf() // a bare name: looked up in PATH
    };
    let mut out = Vec::new();
    let mut played = result.played.clone();
    played.sort_by_key(|(i, _)| *i);
    for (i, g) in &played {
        let Some(record) = &g.record else { continue };
        let mut players = Vec::new();
        for (side, text) in ["red", "blue"].iter().zip(record_lines(record)) {
            let moves = dir.join(format!("game-{i:04}-{side}.ucc"));
            std::fs::write(&moves, text)?;
            let wrapper = dir.join(format!("replay-{i:04}-{side}.sh"));
            std::fs::write(
                &wrapper,
                format!(
                    "#!/bin/sh\nexec '{}' agent --replay '{}'\n",
                    agent_exe.display(),
                    moves.display()
                ),
            )?;
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755))?;
            }
            players.push(wrapper);
        }
        let run = Command::new(referee)
            .args(["-m", "1000", "-T", "10"])
            .args(&players)
            .current_dir(dir)
            .output()?;
        let text = String::from_utf8_lossy(&run.stdout);
        let their_line = text.lines().last().unwrap_or_default().trim().to_string();
        out.push(Judged {
            game: *i,
            ours: g.winner,
            plies: g.plies,
            theirs: winner_from(&their_line),
            their_line,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::arena::{run_arena, ArenaConfig, Side};
    use crate::bot::BotLevel;

    /// `--record DIR` and `--referee PROGRAM` given as paths relative to our working
    /// directory (the referee runs inside DIR): the referee still finds both players and
    /// their move files. The referee here is a script that says RED VICTORY when both
    /// wrapper scripts exist and name move files that exist, BAD_SETUP otherwise.
    #[cfg(unix)]
    #[test]
    fn relative_record_dir_and_referee_paths_work() {
        use std::os::unix::fs::PermissionsExt;
        let base =
            std::path::PathBuf::from(format!("target/crosscheck-test-{}", std::process::id()));
        std::fs::create_dir_all(&base).unwrap();
        let referee = base.join("referee.sh");
        std::fs::write(
            &referee,
            r#"#!/bin/sh
shift 4
for p in "$1" "$2"; do
  [ -x "$p" ] || { echo "x BOTH BAD_SETUP 0 0 0"; exit 0; }
  f=$(sed -n "s/.*--replay '\(.*\)'/\1/p" "$p")
  [ -f "$f" ] || { echo "x BOTH BAD_SETUP 0 0 0"; exit 0; }
done
echo "$1 RED VICTORY 3 0 0"
"#,
        )
        .unwrap();
        std::fs::set_permissions(&referee, std::fs::Permissions::from_mode(0o755)).unwrap();
        let result = run_arena(
            ArenaConfig {
                a: Side::Level(BotLevel::Random),
                b: Side::Level(BotLevel::Random),
                games: 1,
                threads: 1,
                max_plies: 6,
                ..ArenaConfig::default()
            },
            |_, _| {},
        );
        let judged = crosscheck(
            &result,
            &referee,
            Path::new("/bin/true"),
            &base.join("games"),
        )
        .unwrap();
        std::fs::remove_dir_all(&base).unwrap();
        assert_eq!(judged.len(), 1);
        assert!(
            judged[0].their_line.contains("RED VICTORY"),
            "{}",
            judged[0].their_line
        );
    }

    #[test]
    fn the_referees_result_lines_are_read() {
        let blue = Some(Some(Color::Blue));
        assert_eq!(winner_from("./a.sh BLUE VICTORY 152 0 63"), blue);
        assert_eq!(winner_from("./a.sh RED SURRENDER 10 3 4"), blue);
        assert_eq!(winner_from("./a.sh RED ILLEGAL 10 3 4"), blue);
        assert_eq!(winner_from("./a.sh RED DRAW_DEFAULT 1000 3 4"), Some(None));
        assert_eq!(winner_from("QUIT token found"), None);
    }
}
