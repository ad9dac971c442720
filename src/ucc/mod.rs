//! The text protocol of the 2012 UCC Stratego AI competition (its referee's manual,
//! `strategoevaluator/doc/manager_manual.txt`, section PROTOCOL), both ways:
//! - [`agent`]: one of our bots as a protocol agent (`stratego-ssh agent`), for any referee
//!   that speaks it;
//! - [`external`]: another program's agent as a child process, refereed by our engine (the
//!   arena, and opponents in the lobby).
//!
//! This module is the protocol's text: set-up rows, move lines and outcomes, the board rows,
//! and [`Tracker`], the board an agent rebuilds from what it is told. Pure: no I/O.
//!
//! Coordinates: the protocol's `(x, y)` is our `Square::new(x, y)`: x = file from the left,
//! y = row with Red's back row at y = 0 ("RED is always at the top"), so `UP` is y - 1.
//! Ranks are written in the classic numbering: `1` Marshal .. `9` Scout, `s` Spy, `B`, `F`.

pub mod agent;
pub mod crosscheck;
pub mod external;
mod probe;

use std::fmt;

use crate::rules::{
    BattleResult, ByColor, Color, Move, PlayerView, Rank, Rules, Setup, Square, ViewBattle,
    ViewCaptured, ViewMove, ViewPiece, Viewer,
};

/// The protocol's character for a rank.
pub fn rank_char(r: Rank) -> char {
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

/// The rank of a protocol character.
pub fn parse_rank(c: char) -> Option<Rank> {
    Rank::ALL.into_iter().find(|&r| rank_char(r) == c)
}

/// The row (our `Square::row`) of set-up line `i` (0..4) for `color`: Red's lines are
/// y = 0..3, Blue's y = 6..9, each from the top down.
fn setup_row(color: Color, i: usize) -> u8 {
    match color {
        Color::Red => i as u8,
        Color::Blue => 6 + i as u8,
    }
}

/// The four set-up lines of `setup` for `color` (empty squares as `.`).
pub fn setup_lines(setup: &Setup, color: Color) -> [String; 4] {
    std::array::from_fn(|i| {
        (0..10u8)
            .map(|x| {
                Square::new(x, setup_row(color, i))
                    .and_then(|sq| setup.pieces.get(&sq))
                    .map_or('.', |&r| rank_char(r))
            })
            .collect()
    })
}

/// Reads four set-up lines for `color` and checks the army against `rules`.
// Kept a String error: parses a program's text; the reason is logged and shown to the host.
pub fn parse_setup(lines: &[String], rules: &Rules, color: Color) -> Result<Setup, String> {
    if lines.len() != 4 {
        return Err(format!("expected 4 set-up lines, got {}", lines.len()));
    }
    let mut setup = Setup::new(color);
    for (i, line) in lines.iter().enumerate() {
        let line = line.trim_end();
        if line.chars().count() != 10 {
            return Err(format!(
                "set-up line {} is {:?}: it must have 10 characters",
                i + 1,
                shorten(line)
            ));
        }
        for (x, c) in line.chars().enumerate() {
            if c == '.' {
                continue;
            }
            let rank = parse_rank(c).ok_or_else(|| {
                format!(
                    "set-up line {} has {c:?}: not a piece (1-9, s, B, F)",
                    i + 1
                )
            })?;
            let sq = Square::new(x as u8, setup_row(color, i)).expect("on the board");
            setup.pieces.insert(sq, rank);
        }
    }
    setup
        .validate(rules, color)
        .map_err(|e| format!("illegal set-up: {e}"))?;
    Ok(setup)
}

/// A direction of the protocol.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    fn word(self) -> &'static str {
        match self {
            Dir::Up => "UP",
            Dir::Down => "DOWN",
            Dir::Left => "LEFT",
            Dir::Right => "RIGHT",
        }
    }

    fn step(self) -> (i8, i8) {
        match self {
            Dir::Up => (0, -1),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        }
    }
}

/// The protocol's form of a move: `X Y DIR` or `X Y DIR N`. `None` for a move that is not
/// along a line (none of ours is).
pub fn move_text(from: Square, to: Square) -> Option<String> {
    let (dx, dy) = (
        to.file() as i8 - from.file() as i8,
        to.row() as i8 - from.row() as i8,
    );
    let (dir, n) = match (dx, dy) {
        (0, d) if d < 0 => (Dir::Up, -d),
        (0, d) if d > 0 => (Dir::Down, d),
        (d, 0) if d < 0 => (Dir::Left, -d),
        (d, 0) if d > 0 => (Dir::Right, d),
        _ => return None,
    };
    let mut s = format!("{} {} {}", from.file(), from.row(), dir.word());
    if n > 1 {
        s += &format!(" {n}");
    }
    Some(s)
}

/// What an agent answered when asked for a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reply {
    Move(Square, Square),
    Surrender,
}

/// Reads an agent's answer to a turn: `X Y DIR [N]` or `SURRENDER`. The squares are on the
/// board; whether the move is legal is the referee's to judge.
// Kept a String error: parses a program's text; the reason is logged and shown to the host.
pub fn parse_reply(line: &str) -> Result<Reply, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words == ["SURRENDER"] {
        return Ok(Reply::Surrender);
    }
    let bad = || {
        format!(
            "{:?} is not a move (X Y UP|DOWN|LEFT|RIGHT [N])",
            shorten(line)
        )
    };
    let (from, to, _) = parse_move_words(&words).ok_or_else(bad)?;
    if words.len() > 4 {
        return Err(bad());
    }
    Ok(Reply::Move(from, to))
}

/// `X Y DIR [N] ...`: the squares, and how many words the move took.
fn parse_move_words(words: &[&str]) -> Option<(Square, Square, usize)> {
    let x: u8 = words.first()?.parse().ok()?;
    let y: u8 = words.get(1)?.parse().ok()?;
    let dir = match *words.get(2)? {
        "UP" => Dir::Up,
        "DOWN" => Dir::Down,
        "LEFT" => Dir::Left,
        "RIGHT" => Dir::Right,
        _ => return None,
    };
    let (n, used) = match words.get(3).and_then(|w| w.parse::<u8>().ok()) {
        Some(n) => (n, 4),
        None => (1, 3),
    };
    if n == 0 || n > 9 {
        return None;
    }
    let from = Square::new(x, y)?;
    let (dx, dy) = dir.step();
    let to = from.offset(dx * n as i8, dy * n as i8)?;
    Some((from, to, used))
}

/// The outcome words of a move as the referee reports it: `OK`, `KILLS a d`, `DIES a d`,
/// `BOTHDIE a d`, `VICTORY_FLAG`.
pub fn outcome_text(battle: Option<ViewBattle>) -> String {
    let Some(b) = battle else {
        return "OK".into();
    };
    if b.defender == Some(Rank::Flag) {
        return "VICTORY_FLAG".into();
    }
    let ch = |r: Option<Rank>| r.map_or('?', rank_char);
    let word = match b.result {
        BattleResult::AttackerWins => "KILLS",
        BattleResult::DefenderWins => "DIES",
        BattleResult::BothRemoved => "BOTHDIE",
    };
    format!("{word} {} {}", ch(b.attacker), ch(b.defender))
}

/// The line that tells an agent of a move (its own, as confirmation, or the opponent's).
pub fn move_line(mv: &ViewMove) -> String {
    let text = move_text(mv.from, mv.to).unwrap_or_else(|| "NO_MOVE".into());
    format!("{text} {}", outcome_text(mv.battle))
}

/// The ten board lines for a player: its own pieces by rank, `#` for an enemy piece, `+`
/// for a lake, `.` for an empty square.
pub fn board_lines(view: &PlayerView) -> Vec<String> {
    let me = view.color();
    (0..10u8)
        .map(|y| {
            (0..10u8)
                .map(|x| {
                    let sq = Square::new(x, y).expect("on the board");
                    if sq.is_lake() {
                        return '+';
                    }
                    match view.piece_at(sq) {
                        None => '.',
                        Some(p) if Some(p.color) == me => p.rank.map_or('#', rank_char),
                        Some(_) => '#',
                    }
                })
                .collect()
        })
        .collect()
}

/// At most 60 characters of something an agent wrote, for a message.
pub fn shorten(s: &str) -> String {
    let t: String = s
        .chars()
        .take(60)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if s.chars().count() > 60 {
        t + "..."
    } else {
        t
    }
}

/// A protocol message an agent could not make sense of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError(pub String);

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProtocolError {}

/// One piece as an agent knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Known {
    color: Color,
    rank: Option<Rank>,
    moved: bool,
}

/// The game as an agent rebuilds it from the protocol: its own pieces, the enemy's squares,
/// the enemy ranks battles and long moves showed, which pieces moved, what was captured.
/// Turned into a [`PlayerView`] for our bots, as if our own referee had sent it.
///
/// Move lines carry what is known with the pieces; the board lines, when given, are the
/// truth for where pieces stand (an enemy piece seen where none was known is added as
/// unknown; one no longer shown is dropped).
#[derive(Clone, Debug)]
pub struct Tracker {
    me: Color,
    rules: Rules,
    board: [Option<Known>; 100],
    ply: u32,
    last: Option<ViewMove>,
    captured: Vec<ViewCaptured>,
    army: [u8; 12],
}

impl Tracker {
    /// The start: our set-up, and the enemy's full army on its four set-up rows (what the
    /// referee requires; the first board lines correct it if not).
    pub fn new(rules: Rules, me: Color, setup: &Setup) -> Tracker {
        let mut board = [None; 100];
        for (&sq, &rank) in &setup.pieces {
            board[sq.index()] = Some(Known {
                color: me,
                rank: Some(rank),
                moved: false,
            });
        }
        let enemy = me.opposite();
        for sq in crate::rules::setup_squares(&rules, enemy) {
            board[sq.index()] = Some(Known {
                color: enemy,
                rank: None,
                moved: false,
            });
        }
        Tracker {
            me,
            rules,
            board,
            ply: 0,
            last: None,
            captured: Vec::new(),
            army: setup.counts(),
        }
    }

    /// Applies a move line (`X Y DIR [N] OUTCOME ...`), whoever moved. `ILLEGAL` and lines
    /// with no piece on the starting square change nothing but the ply count.
    pub fn apply(&mut self, line: &str) -> Result<(), ProtocolError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (from, to, used) = parse_move_words(&words)
            .ok_or_else(|| ProtocolError(format!("not a move line: {:?}", shorten(line))))?;
        let outcome = &words[used..];
        let word = outcome.first().copied().unwrap_or("OK");
        let ranks = || -> Result<(Rank, Rank), ProtocolError> {
            let r = |i: usize| {
                outcome
                    .get(i)
                    .and_then(|w| w.chars().next())
                    .and_then(parse_rank)
                    .ok_or_else(|| ProtocolError(format!("no ranks in {:?}", shorten(line))))
            };
            Ok((r(1)?, r(2)?))
        };
        self.ply += 1;
        let Some(mut mover) = self.board[from.index()] else {
            return Ok(());
        };
        if word == "ILLEGAL" {
            return Ok(());
        }
        mover.moved = true;
        let long = from.file().abs_diff(to.file()) + from.row().abs_diff(to.row()) > 1;
        if long {
            mover.rank = Some(Rank::Scout);
        }
        let defender = self.board[to.index()];
        let mut battle = None;
        self.board[from.index()] = None;
        match word {
            "KILLS" | "DIES" | "BOTHDIE" => {
                let (a, d) = ranks()?;
                mover.rank = Some(a);
                let result = match word {
                    "KILLS" => BattleResult::AttackerWins,
                    "DIES" => BattleResult::DefenderWins,
                    _ => BattleResult::BothRemoved,
                };
                let def = defender.unwrap_or(Known {
                    color: mover.color.opposite(),
                    rank: None,
                    moved: false,
                });
                let def = Known {
                    rank: Some(d),
                    ..def
                };
                battle = Some(ViewBattle {
                    attacker: Some(a),
                    defender: Some(d),
                    result,
                });
                let dead = |k: Known| ViewCaptured {
                    color: k.color,
                    rank: k.rank,
                };
                match result {
                    BattleResult::AttackerWins => {
                        self.captured.push(dead(def));
                        self.board[to.index()] = Some(mover);
                    }
                    BattleResult::DefenderWins => {
                        self.captured.push(dead(mover));
                        self.board[to.index()] = Some(def);
                    }
                    BattleResult::BothRemoved => {
                        self.captured.push(dead(mover));
                        self.captured.push(dead(def));
                        self.board[to.index()] = None;
                    }
                }
            }
            "VICTORY_FLAG" => {
                battle = Some(ViewBattle {
                    attacker: mover.rank,
                    defender: Some(Rank::Flag),
                    result: BattleResult::AttackerWins,
                });
                self.board[to.index()] = Some(mover);
            }
            _ => self.board[to.index()] = Some(mover),
        }
        self.last = Some(ViewMove {
            mover: mover.color,
            from,
            to,
            battle,
            rescue: None,
        });
        Ok(())
    }

    /// Takes the squares from the referee's ten board lines (own pieces by rank, `#` enemy).
    pub fn sync_board(&mut self, lines: &[String]) -> Result<(), ProtocolError> {
        if lines.len() != 10 || lines.iter().any(|l| l.trim_end().chars().count() != 10) {
            return Err(ProtocolError("the board must be 10 lines of 10".into()));
        }
        let enemy = self.me.opposite();
        for (y, line) in lines.iter().enumerate() {
            for (x, c) in line.trim_end().chars().enumerate() {
                let i = Square::new(x as u8, y as u8).expect("on the board").index();
                let here = self.board[i];
                self.board[i] = match c {
                    '#' => match here {
                        Some(k) if k.color == enemy => Some(k),
                        _ => Some(Known {
                            color: enemy,
                            rank: None,
                            moved: !crate::rules::setup_squares(&self.rules, enemy)
                                .iter()
                                .any(|s| s.index() == i),
                        }),
                    },
                    c => match parse_rank(c) {
                        Some(r) => match here {
                            Some(k) if k.color == self.me && k.rank == Some(r) => Some(k),
                            _ => Some(Known {
                                color: self.me,
                                rank: Some(r),
                                moved: true,
                            }),
                        },
                        None => None,
                    },
                };
            }
        }
        Ok(())
    }

    /// Our side's view, our turn.
    pub fn view(&self) -> PlayerView {
        let board: Vec<Option<ViewPiece>> = self
            .board
            .iter()
            .map(|k| {
                k.map(|k| ViewPiece {
                    color: k.color,
                    rank: k.rank,
                    moved: k.moved,
                })
            })
            .collect();
        let mut remaining = ByColor::new(self.army, self.army);
        for c in &self.captured {
            if let Some(r) = c.rank {
                let left = remaining.get_mut(c.color);
                left[r.index()] = left[r.index()].saturating_sub(1);
            }
        }
        let mut view = PlayerView {
            viewer: Viewer::Player(self.me),
            rules: self.rules,
            board,
            to_move: self.me,
            ply: self.ply,
            last_move: self.last,
            captured: self.captured.clone(),
            remaining,
            legal_moves: Vec::new(),
            outcome: None,
        };
        view.legal_moves = legal_moves(&view);
        view
    }
}

/// The viewer's moves on a board without repetition rules or rescues (the UCC rules): a
/// piece steps to an empty square or an enemy one, a Scout runs over empty squares and may
/// end on an enemy piece.
pub fn legal_moves(view: &PlayerView) -> Vec<Move> {
    let Some(me) = view.color() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for from in Square::all() {
        let Some(p) = view.piece_at(from) else {
            continue;
        };
        let Some(rank) = p.rank.filter(|r| p.color == me && r.is_movable()) else {
            continue;
        };
        for (dx, dy) in [(0i8, -1i8), (0, 1), (-1, 0), (1, 0)] {
            let mut at = from;
            while let Some(to) = at.offset(dx, dy) {
                if to.is_lake() {
                    break;
                }
                match view.piece_at(to) {
                    Some(q) if q.color == me => break,
                    Some(_) => {
                        out.push(Move::new(from, to));
                        break;
                    }
                    None => out.push(Move::new(from, to)),
                }
                if rank != Rank::Scout {
                    break;
                }
                at = to;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Game;

    fn sq(x: u8, y: u8) -> Square {
        Square::new(x, y).unwrap()
    }

    #[test]
    fn moves_read_and_written() {
        assert_eq!(move_text(sq(0, 3), sq(0, 4)).unwrap(), "0 3 DOWN");
        assert_eq!(move_text(sq(9, 6), sq(9, 3)).unwrap(), "9 6 UP 3");
        assert_eq!(move_text(sq(4, 4), sq(1, 4)).unwrap(), "4 4 LEFT 3");
        assert_eq!(
            parse_reply("9 6 UP 3\n"),
            Ok(Reply::Move(sq(9, 6), sq(9, 3)))
        );
        assert_eq!(
            parse_reply("1 2 RIGHT"),
            Ok(Reply::Move(sq(1, 2), sq(2, 2)))
        );
        assert_eq!(parse_reply("SURRENDER"), Ok(Reply::Surrender));
        for bad in [
            "",
            "1 2",
            "1 2 NORTH",
            "0 0 UP",
            "1 2 DOWN 0",
            "10 2 UP",
            "x y UP",
            "1 2 UP 2 junk",
        ] {
            assert!(parse_reply(bad).is_err(), "{bad:?} read as a move");
        }
    }

    #[test]
    fn the_manuals_example_set_up_is_read_for_red_and_written_back() {
        let rows: Vec<String> = ["FB8sB479B8", "BB31555583", "6724898974", "967B669999"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let rules = Rules::ucc2012();
        let s = parse_setup(&rows, &rules, Color::Red).unwrap();
        assert_eq!(s.pieces.get(&sq(0, 0)), Some(&Rank::Flag));
        assert_eq!(s.pieces.get(&sq(3, 0)), Some(&Rank::Spy));
        assert_eq!(s.pieces.get(&sq(2, 1)), Some(&Rank::Colonel));
        assert_eq!(s.pieces.get(&sq(3, 1)), Some(&Rank::Marshal));
        assert_eq!(setup_lines(&s, Color::Red).to_vec(), rows);
        // The same lines for Blue stand on y = 6..9.
        let b = parse_setup(&rows, &rules, Color::Blue).unwrap();
        assert_eq!(b.pieces.get(&sq(0, 6)), Some(&Rank::Flag));
        let mut short = rows.clone();
        short[3] = "967B66999".into();
        assert!(parse_setup(&short, &rules, Color::Red).is_err());
        let mut two_flags = rows.clone();
        two_flags[3] = "967B66999F".into();
        assert!(parse_setup(&two_flags, &rules, Color::Red)
            .unwrap_err()
            .contains("illegal set-up"));
    }

    #[test]
    fn the_board_shows_own_ranks_enemies_and_lakes() {
        let rules = Rules::ucc2012();
        let red = Setup::random(&rules, Color::Red, 1);
        let blue = Setup::random(&rules, Color::Blue, 2);
        let g = Game::new(rules, &red, &blue).unwrap();
        let lines = board_lines(&g.view(Viewer::Player(Color::Red)));
        assert_eq!(lines[..4].to_vec(), setup_lines(&red, Color::Red).to_vec());
        assert_eq!(lines[4], "..++..++..");
        assert_eq!(lines[9], "##########");
    }

    /// A tracker fed the referee's lines of a real game sees exactly what our own engine
    /// shows that player, move after move.
    #[test]
    fn a_tracker_rebuilds_the_players_view_of_a_whole_game() {
        let rules = Rules::ucc2012();
        for seed in 0..20u64 {
            let red = Setup::random(&rules, Color::Red, seed);
            let blue = Setup::random(&rules, Color::Blue, seed + 100);
            let mut g = Game::new(rules, &red, &blue).unwrap();
            let mut t = [
                Tracker::new(rules, Color::Red, &red),
                Tracker::new(rules, Color::Blue, &blue),
            ];
            let mut rng = crate::rules::SplitMix64(seed);
            while !g.is_over() && g.ply() < 600 {
                let c = g.to_move();
                let want = g.view(Viewer::Player(c));
                let got = t[c.index()].view();
                assert_eq!(got.board, want.board, "seed {seed} ply {}", g.ply());
                assert_eq!(got.captured, want.captured);
                assert_eq!(got.remaining, want.remaining);
                assert_eq!(got.last_move, want.last_move);
                let mut a = got.legal_moves.clone();
                let mut b = want.legal_moves.clone();
                a.sort_by_key(|m| (m.from, m.to));
                b.sort_by_key(|m| (m.from, m.to));
                assert_eq!(a, b, "seed {seed} ply {}", g.ply());
                let m = b[rng.below(b.len())];
                g.play(m).unwrap();
                for p in Color::ALL {
                    let line = move_line(g.history(Viewer::Player(p)).last().unwrap());
                    t[p.index()].apply(&line).unwrap();
                }
            }
        }
    }
}
