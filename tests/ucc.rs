//! The UCC 2012 protocol, through the binary as other people's programs meet it:
//! - `stratego-ssh agent` plays whole games against a referee written here, which sends the
//!   lines the competition's referee sends (its manual, section PROTOCOL) and plays the
//!   other side with random legal moves;
//! - `stratego-ssh arena` referees external agents written here as shell scripts, one that
//!   plays an illegal move and one that never answers, and counts both apart.

mod common;

use common::script;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use stratego_ssh::rules::{
    BattleResult, Color, Game, Move, Rank, Rules, Setup, SplitMix64, Square,
};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_stratego-ssh")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stratego-ucc-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The protocol's rank characters, written out here apart from the crate's.
fn ch(r: Rank) -> char {
    match r {
        Rank::Marshal => '1',
        Rank::General => '2',
        Rank::Colonel => '3',
        Rank::Major => '4',
        Rank::Captain => '5',
        Rank::Lieutenant => '6',
        Rank::Sergeant => '7',
        Rank::Miner => '8',
        Rank::Scout => '9',
        Rank::Spy => 's',
        Rank::Bomb => 'B',
        Rank::Flag => 'F',
    }
}

fn board_for(game: &Game, me: Color) -> Vec<String> {
    (0..10u8)
        .map(|y| {
            (0..10u8)
                .map(|x| {
                    let sq = Square::new(x, y).unwrap();
                    match game.piece_at(sq) {
                        _ if sq.is_lake() => '+',
                        None => '.',
                        Some(p) if p.color == me => ch(p.rank),
                        Some(_) => '#',
                    }
                })
                .collect()
        })
        .collect()
}

fn parse_answer(line: &str) -> Option<Move> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let (x, y): (i8, i8) = (w.first()?.parse().ok()?, w.get(1)?.parse().ok()?);
    let n: i8 = w.get(3).map_or(Some(1), |n| n.parse().ok())?;
    let (dx, dy) = match *w.get(2)? {
        "UP" => (0, -1),
        "DOWN" => (0, 1),
        "LEFT" => (-1, 0),
        "RIGHT" => (1, 0),
        _ => return None,
    };
    let from = Square::new(x as u8, y as u8)?;
    Some(Move::new(from, from.offset(dx * n, dy * n)?))
}

/// `X Y DIR [N]` of a move.
fn move_words(m: Move) -> String {
    let (dx, dy) = (
        m.to.file() as i8 - m.from.file() as i8,
        m.to.row() as i8 - m.from.row() as i8,
    );
    let (dir, n) = match (dx.signum(), dy.signum()) {
        (0, -1) => ("UP", -dy),
        (0, 1) => ("DOWN", dy),
        (-1, 0) => ("LEFT", -dx),
        _ => ("RIGHT", dx),
    };
    let mut s = format!("{} {} {dir}", m.from.file(), m.from.row());
    if n > 1 {
        s += &format!(" {n}");
    }
    s
}

/// Our agent process, its lines read on a thread so a silent agent fails the test instead
/// of hanging it.
struct AgentProc {
    child: std::process::Child,
    input: std::process::ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl AgentProc {
    fn start(level: &str, seed: u64) -> AgentProc {
        let mut child = Command::new(bin())
            .args([
                "agent",
                "--level",
                level,
                "--time",
                "50ms",
                "--seed",
                &seed.to_string(),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for l in out.lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        AgentProc {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    fn read(&mut self, what: &str) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("the agent sent no {what}"))
    }
}

/// One game: our agent (easy or hard) with `agent_color` against random moves, refereed
/// here with the competition referee's messages. Returns the winner and the plies.
fn referee_game(level: &str, agent_color: Color, seed: u64) -> (Option<Color>, u32) {
    let rules = Rules::ucc2012();
    let mut agent = AgentProc::start(level, seed);
    let word = if agent_color == Color::Red {
        "RED"
    } else {
        "BLUE"
    };
    agent.send(&format!("{word} scripted-referee 10 10"));
    let rows: Vec<String> = (0..4).map(|_| agent.read("set-up line")).collect();
    let base = if agent_color == Color::Red { 0 } else { 6 };
    let mut agent_setup = Setup::new(agent_color);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), 10, "set-up line {row:?}");
        for (x, c) in row.chars().enumerate() {
            let rank = Rank::ALL.into_iter().find(|&r| ch(r) == c);
            let rank = rank.unwrap_or_else(|| panic!("{c:?} in set-up line {row:?}"));
            agent_setup
                .pieces
                .insert(Square::new(x as u8, base + i as u8).unwrap(), rank);
        }
    }
    let other = Setup::random(&rules, agent_color.opposite(), seed ^ 77);
    let (red, blue) = if agent_color == Color::Red {
        (&agent_setup, &other)
    } else {
        (&other, &agent_setup)
    };
    let mut game = Game::new(rules, red, blue).expect("the agent's set-up is legal");
    let mut rng = SplitMix64(seed);
    let mut first = true;
    let mut pending: Option<String> = None;
    while !game.is_over() {
        let c = game.to_move();
        let m = if c == agent_color {
            match pending.take() {
                Some(line) => agent.send(&line),
                None if first => agent.send("START"),
                None => {}
            }
            first = false;
            for row in board_for(&game, agent_color) {
                agent.send(&row);
            }
            let answer = agent.read("move");
            let m = parse_answer(&answer).unwrap_or_else(|| panic!("not a move: {answer:?}"));
            assert!(
                game.check(&m).is_ok(),
                "illegal move {answer:?} at ply {}",
                game.ply()
            );
            m
        } else {
            first = false;
            let moves = game.legal_moves();
            moves[rng.below(moves.len())]
        };
        let ev = game.play(m).unwrap();
        if game.is_over() {
            break;
        }
        let outcome = match ev.battle {
            None => "OK".to_string(),
            Some(b) => {
                let word = match b.result {
                    BattleResult::AttackerWins => "KILLS",
                    BattleResult::DefenderWins => "DIES",
                    BattleResult::BothRemoved => "BOTHDIE",
                };
                format!("{word} {} {}", ch(ev.rank), ch(b.defender))
            }
        };
        let line = format!("{} {outcome}", move_words(m));
        if c == agent_color {
            agent.send(&line); // the confirmation
        } else {
            pending = Some(line); // LASTMOVE, sent before the board
        }
    }
    agent.send("QUIT");
    let status = agent.child.wait().unwrap();
    assert!(status.success(), "the agent exited with {status}");
    (game.outcome().and_then(|o| o.winner), game.ply())
}

#[test]
fn the_agent_plays_whole_games_under_the_competitions_messages() {
    let mut agent_wins = 0;
    let mut games = 0;
    for (level, seeds) in [("easy", 0..4u64), ("hard", 10..12)] {
        for seed in seeds {
            for color in Color::ALL {
                let (winner, plies) = referee_game(level, color, seed);
                games += 1;
                agent_wins += (winner == Some(color)) as u32;
                eprintln!("{level} as {color:?}, seed {seed}: {winner:?} after {plies} plies");
            }
        }
    }
    // Random moves are no match: the agent must be reading the game right to win.
    assert!(agent_wins >= games - 1, "{agent_wins} of {games}");
}

#[test]
fn the_agent_leaves_at_quit_and_at_the_end_of_its_input() {
    let mut agent = AgentProc::start("easy", 1);
    agent.send("BLUE x 10 10");
    for _ in 0..4 {
        agent.read("set-up line");
    }
    agent.send("QUIT");
    assert!(agent.child.wait().unwrap().success());
    let mut agent = AgentProc::start("easy", 1);
    agent.send("RED x 10 10");
    for _ in 0..4 {
        agent.read("set-up line");
    }
    drop(agent.input);
    assert!(agent.child.wait().unwrap().success());
}

/// The set-up of the manual's example, for either colour.
const SETUP: &str = "echo FB8sB479B8; echo BB31555583; echo 6724898974; echo 967B669999";

fn arena(dir: &Path, b: &str, games: usize) -> (String, String) {
    let out = Command::new(bin())
        .args(["arena", "--a", "random", "--b", b, "--rules", "ucc2012"])
        .args(["--games", &games.to_string(), "--threads", "2"])
        .args(["--move-timeout", "1s", "--stderr-dir"])
        .arg(dir.join("logs"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let last = stdout.lines().last().unwrap_or_default().to_string();
    (last, stdout)
}

#[test]
fn the_arena_counts_an_illegal_move_and_a_silent_agent_apart_and_kills_them() {
    let dir = scratch("arena");
    let illegal = script(
        &dir,
        "illegal.sh",
        &format!("read colour rest\n{SETUP}\necho 'moving off the board' >&2\necho '0 0 UP'\nexec cat >/dev/null\n"),
    );
    let (last, all) = arena(&dir, &format!("exec:{illegal}"), 4);
    assert_eq!(
        last,
        "a wins 4, b wins 0, draws 0, a score 100.0% ± 0.0%, a illegal 0, a timeouts 0, \
         b illegal 4, b timeouts 0",
        "{all}"
    );
    assert!(all.contains("b's first fault"), "{all}");
    let kept = std::fs::read_to_string(dir.join("logs/game-0000-b.stderr")).unwrap();
    assert_eq!(kept, "moving off the board\n");

    // Never answers a move; leaves its process id to check it was killed.
    let pids = dir.join("pids");
    let silent = script(
        &dir,
        "silent.sh",
        &format!(
            "read colour rest\n{SETUP}\necho $$ >> {}\nexec sleep 600\n",
            pids.display()
        ),
    );
    let started = std::time::Instant::now();
    let (last, all) = arena(&dir, &format!("exec:{silent}"), 2);
    assert_eq!(
        last,
        "a wins 2, b wins 0, draws 0, a score 100.0% ± 0.0%, a illegal 0, a timeouts 0, \
         b illegal 0, b timeouts 2",
        "{all}"
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    for pid in std::fs::read_to_string(&pids).unwrap().lines() {
        let pid: i32 = pid.trim().parse().unwrap();
        // SAFETY: signal 0 only asks whether the process exists.
        let alive = unsafe { libc::kill(pid, 0) } == 0;
        assert!(!alive, "agent process {pid} outlived its game");
    }

    // A set-up that is not an army: illegal too.
    let bad_setup = script(
        &dir,
        "badsetup.sh",
        "read colour rest\necho FFFFFFFFFF; echo BB31555583; echo 6724898974; echo 967B669999\nexec cat >/dev/null\n",
    );
    let (last, all) = arena(&dir, &format!("exec:{bad_setup}"), 2);
    assert!(last.ends_with("b illegal 2, b timeouts 0"), "{all}");
    assert!(all.contains("illegal set-up"), "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn our_agent_plays_our_agent_in_the_arena() {
    let dir = scratch("self");
    let agent = script(
        &dir,
        "agent.sh",
        &format!("exec {} agent --level easy --seed 3\n", bin()),
    );
    let (last, all) = arena(&dir, &format!("exec:{agent}"), 2);
    assert!(
        last.contains("a illegal 0, a timeouts 0, b illegal 0, b timeouts 0"),
        "{all}"
    );
    // Easy beats random about 19 times in 20.
    assert!(
        !last.starts_with("a wins 2"),
        "easy lost both games to random: {all}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
