//! A human-vs-human game with one side in line mode (`ssh host play`, no PTY) and the other
//! on the screens, watched on the screens by a third connection (issue 38): the line side
//! is told every move and every battle, with the outcome both screens show; no line names
//! the rank of an enemy piece before a battle revealed it; the result is told to all three
//! alike; and the line stream holds no escape byte and no line over 200 characters.

mod common;

use std::collections::HashMap;

use common::line::{candidates, LineClient, RANKS};
use common::play::{accept_seek, chosen_move, watch_first_game, Moved, Rng};
use common::{new_key, start_server, Login, Term};

/// Plies played before the line player resigns (more while no battle has happened yet).
const PLIES: usize = 40;
const MAX_PLIES: usize = 160;

/// How long anything may take on a slow shared machine, in seconds.
const SLOW: u64 = 60;

fn is_square(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 2
        && (b'A'..=b'J').contains(&b[0])
        && s[1..].parse::<u8>().is_ok_and(|r| (1..=10).contains(&r))
}

/// `D5-D6` or `D5xD6`: the two squares and whether it is a battle.
fn move_squares(s: &str) -> Option<(String, String, bool)> {
    let (at, battle) = match (s.find('-'), s.find('x')) {
        (Some(i), None) => (i, false),
        (None, Some(i)) => (i, true),
        _ => return None,
    };
    let (from, to) = (&s[..at], &s[at + 1..]);
    (is_square(from) && is_square(to)).then(|| (from.to_string(), to.to_string(), battle))
}

/// One side of a battle sentence: `Your Scout (2)`, `a Major (7)`, `an unknown piece`.
fn side_of(words: &str) -> (Option<String>, String) {
    let Some((name, label)) = words.split_once(" (") else {
        return (None, "?".to_string());
    };
    let name = name.rsplit(' ').next().unwrap().to_string();
    (Some(name), label.trim_end_matches(')').to_string())
}

/// A battle as the line player was told it.
#[derive(Debug)]
struct Battle {
    from: String,
    to: String,
    /// Whether the line player attacked.
    mine: bool,
    attacker: Option<String>,
    defender: Option<String>,
    /// `win`, `loss` or `tie`, as the move list says it.
    result: &'static str,
    /// The move as the screens' move list writes it: `D5xD6 2x7 win`.
    text: String,
}

/// A battle sentence of the line mode: `D5xD6: Your Scout (2) attacked a Major (7) and won.`
fn told_battle(line: &str) -> Option<Battle> {
    let (head, rest) = line.split_once(": ")?;
    let (from, to, true) = move_squares(head)? else {
        return None;
    };
    let (att, def) = rest.split_once(" attacked ")?;
    let rest = rest.trim_end_matches('.');
    let result = if rest.ends_with("and won")
        || rest.ends_with("and captured the Flag")
        || rest.ends_with("and defused it")
    {
        "win"
    } else if rest.ends_with("and lost") {
        "loss"
    } else if rest.ends_with(": both were removed") {
        "tie"
    } else {
        panic!("a battle sentence with no outcome: {line}");
    };
    let def = def
        .split(" and ")
        .next()
        .unwrap()
        .split(": both")
        .next()
        .unwrap();
    let ((attacker, al), (defender, dl)) = (side_of(att), side_of(def));
    Some(Battle {
        text: format!("{from}x{to} {al}x{dl} {result}"),
        mine: att.starts_with("Your "),
        from,
        to,
        attacker,
        defender,
        result,
    })
}

/// A move the line player was told, as the screens' move list writes it (`D5-D6`,
/// `D5xD6 2x7 win`), with the battle when it was one.
fn told_move(line: &str) -> Option<(String, Option<Battle>)> {
    if let Some(b) = told_battle(line) {
        return Some((b.text.clone(), Some(b)));
    }
    let line = line.strip_suffix('.')?;
    let (who, mv) = line.split_once(" moved ")?;
    if !matches!(who, "You" | "Red" | "Blue") {
        return None;
    }
    let (from, to, false) = move_squares(mv)? else {
        return None;
    };
    Some((format!("{from}-{to}"), None))
}

/// The move list of a game screen: the plies it shows (numbered from 1) and each move's
/// text, read under the "Moves" title as a person reads it (`  3. D4-D5  D7xD6 2x7 win`).
fn screen_moves(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let Some((top, x)) = lines.iter().enumerate().find_map(|(i, l)| {
        let s: String = l.iter().collect();
        let at = s.find("Moves")?;
        let after = s[at + 5..].chars().next();
        after
            .is_none_or(|c| c == ' ' || c == '│')
            .then(|| (i, s[..at].chars().count()))
    }) else {
        return vec![];
    };
    let mut out: Vec<(usize, String)> = vec![];
    for l in &lines[top + 1..] {
        let s: String = l.iter().skip(x).collect();
        let mut tokens = s.split_whitespace().peekable();
        let Some(first) = tokens.peek().copied() else {
            break;
        };
        let mut ply = match first
            .strip_suffix('.')
            .and_then(|n| n.parse::<usize>().ok())
        {
            Some(turn) => {
                tokens.next();
                2 * turn - 1
            }
            // A row of its own for Blue's move (a narrow panel).
            None if move_squares(first).is_some() && s.starts_with("     ") => match out.last() {
                Some((p, _)) => p + 1,
                None => break,
            },
            None => break,
        };
        while let Some(t) = tokens.next() {
            let Some((_, _, battle)) = move_squares(t) else {
                break;
            };
            let mut m = t.to_string();
            if battle {
                for _ in 0..2 {
                    if let Some(w) = tokens.next() {
                        m = format!("{m} {w}");
                    }
                }
            }
            if let Some(r) = tokens.next_if(|w| w.starts_with('+')) {
                m = format!("{m} {r}");
            }
            out.push((ply, m));
            ply += 1;
        }
    }
    out
}

/// Waits until `t`'s move list ends with ply `ply`; that move's text.
async fn ply_on_screen(t: &Term, who: &str, ply: usize) -> String {
    let text = t
        .wait_for(&format!("ply {ply} in {who}'s move list"), SLOW, |s| {
            screen_moves(s).last().is_some_and(|(p, _)| *p >= ply)
        })
        .await;
    let moves = screen_moves(&text);
    let (_, m) = moves
        .iter()
        .find(|(p, _)| *p == ply)
        .unwrap_or_else(|| panic!("ply {ply} not in {who}'s move list:\n{text}"));
    m.clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_player_against_a_screen_player_with_a_spectator_learns_what_the_screens_show() {
    let srv = start_server("line-hvh").await;
    let addr = srv.running.addr;
    let (kl, ks, kw) = (new_key(), new_key(), new_key());

    // L posts a seek in lines; S accepts it from the lobby screen.
    let mut l = LineClient::open(addr, Login::Key("lina", &kl), "play").await;
    l.until_has("lobby>", SLOW).await;
    let s = Term::connect(addr, Login::Key("sam", &ks), 120, 40).await;
    s.wait_text("you are sam", SLOW).await;
    l.send("seek classic none casual").await;
    l.until_has("Seek posted", SLOW).await;
    accept_seek(&s, "lina").await;

    // Both set up: L a random set-up and ready, S `r` (random) and `d` (done).
    let start = l.until_has("Set up your army", SLOW).await;
    let l_red = start.iter().any(|x| x.contains("You play Red."));
    assert!(
        l_red || start.iter().any(|x| x.contains("You play Blue.")),
        "told which side: {start:?}"
    );
    l.send("random").await;
    l.until_has("A new random set-up", SLOW).await;
    l.send("ready").await;
    l.until_has("Set-up sent", SLOW).await;
    s.wait_text("Set up your army", SLOW).await;
    s.send(b"r").await;
    s.wait_text("40 of 40 placed", SLOW).await;
    s.send(b"d").await;
    l.until_has("The game begins", SLOW).await;
    let s_text = s.wait_text("move 1", SLOW).await;
    assert_eq!(
        s_text.contains("you play Blue"),
        l_red,
        "S plays the other side:\n{s_text}"
    );

    // W watches from the lobby's games list.
    let w = Term::connect(addr, Login::Key("wim", &kw), 120, 40).await;
    watch_first_game(&w).await;

    let (l_color, s_color) = if l_red {
        ("Red", "Blue")
    } else {
        ("Blue", "Red")
    };
    let l_forward = if l_red { 1 } else { -1 };
    let l_back_row = if l_red { "Row 1:" } else { "Row 10:" };
    let l_moves_at = |ply: usize| ply.is_multiple_of(2) == l_red;
    let mut rng = Rng(43);
    let mut ply = 0usize;
    let mut battles = 0usize;
    // What each screen's move list showed of every ply.
    let (mut on_s, mut on_w) = (vec![], vec![]);
    let ended_in_play = loop {
        if l_moves_at(ply) {
            let got = l
                .until("L's turn or the end", SLOW, |x| {
                    x.starts_with("Your turn.") || x.starts_with("Game over:")
                })
                .await;
            if got.last().unwrap().starts_with("Game over:") {
                break true;
            }
            if (ply >= PLIES && battles > 0) || ply >= MAX_PLIES {
                l.send("resign").await;
                break false;
            }
            l.send("board").await;
            let board = l
                .until("the board", SLOW, |x| x.starts_with(l_back_row))
                .await;
            let mut played = None;
            for (from, to) in candidates(&board, l_forward, ply) {
                l.send(&format!("{} {}", from.to_lowercase(), to)).await;
                let (quiet, battle) = (format!("You moved {from}-{to}"), format!("{from}x{to}:"));
                // The first line that is no prompt: the move, its battle, or why not.
                let said = l
                    .until("the move's answer", SLOW, |x| !x.ends_with("> "))
                    .await;
                let answer = said.last().unwrap();
                if answer.starts_with(&quiet) || answer.starts_with(&battle) {
                    played = Some(answer.clone());
                    break;
                }
            }
            let answer = played.unwrap_or_else(|| panic!("no legal move in {board:?}"));
            battles += usize::from(told_battle(&answer).is_some());
        } else {
            s.wait_for("S's turn or the end", SLOW, |t| {
                t.contains("Your turn") || t.contains("r rematch")
            })
            .await;
            let forward = |r: u8, tr: u8| if s_color == "Red" { tr > r } else { tr < r };
            let moved = chosen_move(&s, SLOW, |moves| {
                let ahead: Vec<_> = moves
                    .iter()
                    .filter(|((_, r), (_, tr))| forward(*r, *tr))
                    .copied()
                    .collect();
                if !ahead.is_empty() && rng.below(4) != 0 {
                    ahead[rng.below(ahead.len())]
                } else {
                    moves[rng.below(moves.len())]
                }
            })
            .await;
            match moved {
                Moved::Played(_) | Moved::Over(Some(_)) => {}
                Moved::Over(None) => break true,
                Moved::Stuck => panic!("S could not move:\n{}", s.text()),
            }
            // L is told S's move (a battle in words), before its turn comes.
            let said = l
                .until("S's move told", SLOW, |x| {
                    told_move(x).is_some()
                        || x.starts_with("Your turn.")
                        || x.starts_with("Game over:")
                })
                .await;
            let last = said.last().unwrap();
            assert!(
                told_move(last).is_some(),
                "L was not told S's move (ply {}); S's screen shows:\n{}\nL's lines: {said:?}",
                ply + 1,
                s.text()
            );
            battles += usize::from(told_battle(last).is_some());
        }
        ply += 1;
        on_s.push(ply_on_screen(&s, "S", ply).await);
        on_w.push(ply_on_screen(&w, "W", ply).await);
        if s.text().contains("r rematch") {
            break true;
        }
    };

    // 3. The result, told to all three alike.
    let over = l.until_has("Game over:", SLOW).await;
    let over = over.last().unwrap().clone();
    let (l_won, reason) = if let Some(r) = over.strip_prefix("Game over: you won (") {
        (true, r)
    } else if let Some(r) = over.strip_prefix("Game over: you lost (") {
        (false, r)
    } else {
        panic!("a game between two players ends with a winner here: {over}");
    };
    let reason = reason.trim_end_matches(").").to_string();
    if !ended_in_play {
        assert!(!l_won, "L resigned: {over}");
        assert_eq!(reason, "resignation", "{over}");
    }
    let winner = if l_won { l_color } else { s_color };
    let wins = format!("{winner} wins");
    let s_end = s
        .wait_for("the result on S's screen", SLOW, |t| {
            t.contains(&wins) && t.contains(&reason)
        })
        .await;
    assert!(
        s_end.contains(if l_won { "You lost" } else { "You won!" }),
        "{s_end}"
    );
    w.wait_for("the result on W's screen", SLOW, |t| {
        t.contains(&wins) && t.contains(&reason)
    })
    .await;

    // 1. Every move, and so every battle, is told in L's lines as both screens show it.
    let lines = l.lines();
    let told: Vec<(String, Option<Battle>)> = lines.iter().filter_map(|x| told_move(x)).collect();
    let told_texts: Vec<String> = told.iter().map(|(t, _)| t.clone()).collect();
    assert_eq!(told_texts, on_s, "L's lines and S's move list");
    assert_eq!(told_texts, on_w, "L's lines and W's move list");
    assert_eq!(told.len(), ply, "one line a ply");
    let told_battles = told.iter().filter(|(_, b)| b.is_some()).count();
    assert_eq!(told_battles, battles);
    assert!(battles > 0, "no battle in {ply} plies: {told_texts:?}");

    // 2. No line names the rank of an enemy piece before a battle revealed it: the enemy
    // ranks L knows, by square, from L's own lines; every `enemy RANK` of `board` is one,
    // and `board` shows every one.
    let enemy = if l_red { "Blue" } else { "Red" };
    let mut known: HashMap<String, String> = HashMap::new();
    let mut boards = 0;
    let mut listed: Option<HashMap<String, (String, String)>> = None;
    for x in &lines {
        if let Some(rows) = x.strip_prefix("Row ") {
            let (_, rest) = rows.split_once(": ").unwrap();
            let row = listed.get_or_insert_with(HashMap::new);
            if rest != "empty" {
                for item in rest.split("; ") {
                    let (sq, what) = item.split_once(' ').unwrap();
                    if let Some(rank) = what.strip_prefix("enemy ") {
                        row.insert(sq.to_string(), (rank.to_string(), x.clone()));
                    }
                }
            }
            if x.starts_with(l_back_row) {
                let listed = listed.take().unwrap();
                boards += 1;
                for (sq, (rank, row)) in &listed {
                    assert_eq!(
                        known.get(sq),
                        Some(rank),
                        "board names the enemy {rank} on {sq} before a battle showed it: {row}"
                    );
                }
                let ranks: HashMap<String, String> =
                    listed.into_iter().map(|(sq, (r, _))| (sq, r)).collect();
                assert_eq!(ranks, known, "board shows every enemy rank a battle showed");
            }
            continue;
        }
        assert!(listed.is_none(), "a board cut by another line: {x}");
        let battle = told_battle(x);
        if battle.is_none() {
            // Only battles and `board` name ranks: no other line names one at all.
            assert!(
                !RANKS.iter().any(|r| x.contains(r)),
                "a line names a rank: {x}"
            );
        }
        if let Some(b) = battle {
            known.remove(&b.from);
            known.remove(&b.to);
            let (enemy_rank, enemy_wins) = if b.mine {
                (b.defender.clone(), b.result == "loss")
            } else {
                (b.attacker.clone(), b.result == "win")
            };
            if enemy_wins {
                known.insert(b.to.clone(), enemy_rank.expect("a battle names both ranks"));
            }
        } else if let Some(mv) = x
            .strip_prefix(&format!("{enemy} moved "))
            .and_then(|m| move_squares(m.trim_end_matches('.')))
        {
            if let Some(rank) = known.remove(&mv.0) {
                known.insert(mv.1, rank);
            }
        }
    }
    assert!(
        boards * 2 + 2 >= ply,
        "L read the board at each of its turns"
    );

    // 4. L's whole stream: no escape byte, no line over 200 characters.
    l.send("quit").await;
    l.until_has("Back in the lobby", SLOW).await;
    l.send("quit").await;
    l.until_has("Goodbye", SLOW).await;
    assert!(l.wait_closed(SLOW).await, "quit ends the session");
    assert_eq!(l.exit_status(), Some(0));
    let raw = l.raw();
    assert!(!raw.contains(&0x1b), "an escape byte was sent to L");
    let text = String::from_utf8(raw).unwrap();
    for x in text.split("\r\n") {
        assert!(x.chars().count() <= 200, "a line over 200: {x}");
        assert!(!x.chars().any(|c| c.is_control()), "a control in {x:?}");
    }
    eprintln!(
        "{ply} plies, {battles} battles, {boards} boards read, {} enemy ranks known: {over}",
        known.len()
    );
}
