//! Reading a game screen's text as a person does: the status line, the board (through its
//! file letters and rank numbers), the sentences of an illegal move, and the moves worth
//! trying. Only the standard library: the end-to-end tests of the server include this file
//! (tests/common/mod.rs) to play through the screens the same way.

/// A square: (file 0..10 from a, rank 1..=10).
pub type Sq = (u8, u8);

/// Whose turn and which move the status line of a game shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    pub mine: bool,
    pub number: u32,
}

/// Reads `Your turn  move N` / `Red to move  move N` from a game screen.
pub fn read_status(text: &str) -> Option<Status> {
    for line in text.lines() {
        let mine = line.contains("Your turn");
        if !mine && !line.contains(" to move") {
            continue;
        }
        let Some(at) = line.find("  move ") else {
            continue;
        };
        let digits: String = line[at + 7..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        if let Ok(number) = digits.parse() {
            return Some(Status { mine, number });
        }
    }
    None
}

/// The game's number in a game or set-up screen's header (`... · game #12`).
pub fn game_number(text: &str) -> Option<u64> {
    let head = text.lines().next()?;
    let at = head.find("game #")? + "game #".len();
    let digits: String = head[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// Phrases of the sentences the game screen shows for an illegal move
/// (`rules::IllegalReason`, capitalised). Not `rule:` alone: the game's header says its
/// terms in words where they fit (`2-square rule: 3` at 120 columns), and a move whose
/// frame came after 30 ms was then taken as refused (and timed again from a later try).
pub const ERRORS: [&str; 12] = [
    "Two-square rule:",
    "More-squares rule:",
    "has no legal move",
    "never move",
    "is a lake",
    "your own piece",
    "is not yours",
    "There is no piece",
    "another square",
    "Only Scouts",
    "Scouts cannot",
    "diagonally",
];

pub fn shows_error(text: &str) -> bool {
    ERRORS.iter().any(|e| text.contains(e))
}

/// `cells[file][rank-1]`: the label drawn on each square.
pub struct Board {
    pub cells: Vec<Vec<String>>,
}

/// Reads the board the way a person does: through the file letters under it and the rank
/// numbers beside it.
pub fn read_board(text: &str) -> Option<Board> {
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    // The line of file letters: it starts with ten single letters A-J apart from each other
    // (the move list may go on to its right).
    let (files_line, xs) = lines.iter().enumerate().rev().find_map(|(i, l)| {
        let mut letters: Vec<(usize, char)> = Vec::with_capacity(10);
        let mut x = 0;
        while letters.len() < 10 && x < l.len() {
            let c = l[x];
            if !c.is_whitespace() {
                let single = l.get(x + 1).is_none_or(|n| n.is_whitespace());
                if !single || !('A'..='J').contains(&c) || letters.iter().any(|(_, d)| *d == c) {
                    return None;
                }
                letters.push((x, c));
            }
            x += 1;
        }
        (letters.len() == 10).then_some((i, letters))
    })?;
    let mut cells = vec![vec![String::new(); 10]; 10];
    let mut seen = 0;
    for l in lines.iter().take(files_line) {
        let head: String = l.iter().take(3).collect();
        let Ok(rank) = head.trim().parse::<usize>() else {
            continue;
        };
        if !(1..=10).contains(&rank) {
            continue;
        }
        seen += 1;
        for &(x, file) in &xs {
            let s: String = l.iter().skip(x).take(2).collect();
            cells[(file as u8 - b'A') as usize][rank - 1] = s.trim().to_string();
        }
    }
    (seen == 10).then_some(Board { cells })
}

fn is_movable_label(s: &str) -> bool {
    matches!(
        s,
        "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "S" | "1"
    )
}

fn is_own_label(s: &str) -> bool {
    is_movable_label(s) || s == "B" || s == "F"
}

fn is_lake(f: u8, r: u8) -> bool {
    (r == 5 || r == 6) && matches!(f, 2 | 3 | 6 | 7)
}

/// Moves of one square by a piece that looks like one's own onto a square that is not a
/// lake and does not look like one's own piece (what the rules still forbid, the server
/// says, and another move is tried).
pub fn candidate_moves(b: &Board) -> Vec<(Sq, Sq)> {
    let mut out = vec![];
    for f in 0..10u8 {
        for r in 1..=10u8 {
            if !is_movable_label(&b.cells[f as usize][r as usize - 1]) {
                continue;
            }
            for (df, dr) in [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)] {
                let (tf, tr) = (f as i8 + df, r as i8 + dr);
                if !(0..10).contains(&tf) || !(1..=10).contains(&tr) {
                    continue;
                }
                let (tf, tr) = (tf as u8, tr as u8);
                if is_lake(tf, tr) || is_own_label(&b.cells[tf as usize][tr as usize - 1]) {
                    continue;
                }
                out.push(((f, r), (tf, tr)));
            }
        }
    }
    out
}

pub fn sq_name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f) as char, r)
}
