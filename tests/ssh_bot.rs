//! A whole game against the computer over SSH: the person's side is played from what its
//! screen shows (own pieces by colour, empty squares, hidden enemy pieces).

mod common;

use std::time::Duration;

use common::{is_movable_label, new_key, start_server, Login, ScreenBoard, Term};

const FILES: &str = "ABCDEFGHIJ";

fn is_lake(f: usize, r: usize) -> bool {
    (r == 5 || r == 6) && matches!(f, 2 | 3 | 6 | 7)
}

/// Squares holding my movable pieces (labels not on the enemy's colour), and candidate
/// moves one square away. Highlights can mislead this; a refused try just costs a retry.
fn candidate_moves(t: &Term, b: &ScreenBoard, enemy: vt100::Color, seed: &mut u64) -> Vec<String> {
    let mut moves: Vec<(bool, String)> = Vec::new();
    for f in 0..10 {
        for r in 1..=10 {
            let label = &b.cells[f][r - 1];
            if !is_movable_label(label) {
                continue;
            }
            let (y, x) = b.pos[f][r - 1];
            let bg = t.with_screen(|s| s.cell(y, x).map(|c| c.bgcolor()));
            if bg == Some(enemy) {
                continue;
            }
            for (df, dr) in [(0i32, 1i32), (0, -1), (1, 0), (-1, 0)] {
                let (nf, nr) = (f as i32 + df, r as i32 + dr);
                if !(0..10).contains(&nf)
                    || !(1..=10).contains(&nr)
                    || is_lake(nf as usize, nr as usize)
                {
                    continue;
                }
                let target = &b.cells[nf as usize][nr as usize - 1];
                let (ty, tx) = b.pos[nf as usize][nr as usize - 1];
                let tbg = t.with_screen(|s| s.cell(ty, tx).map(|c| c.bgcolor()));
                let own_target =
                    target != "·" && target != "■" && target != "◆" && tbg != Some(enemy);
                if !own_target {
                    let fc = FILES.as_bytes()[f] as char;
                    let nc = FILES.as_bytes()[nf as usize] as char;
                    // Attacks first, as a person out to end the game would.
                    let attack = target != "·";
                    moves.push((!attack, format!("{fc}{r} {nc}{nr}")));
                }
            }
        }
    }
    // Shuffle deterministically.
    for i in (1..moves.len()).rev() {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let j = (*seed >> 33) as usize % (i + 1);
        moves.swap(i, j);
    }
    moves.sort_by_key(|(quiet, _)| *quiet);
    moves.into_iter().map(|(_, m)| m).collect()
}

/// The move number on the "Your turn  move N" line.
fn my_turn_number(t: &str) -> Option<u32> {
    let i = t.find("Your turn")?;
    let rest = &t[i..];
    let j = rest.find("move ")?;
    rest[j + 5..]
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

fn over(t: &str) -> bool {
    t.contains("You won!") || t.contains("You lost") || t.contains("Draw")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_computer_over_ssh() {
    let server = start_server("botgame").await;
    let key = new_key();
    let t = Term::connect(server.running.addr, Login::Key("gina", &key), 120, 40).await;
    t.wait_text("no open seeks", 10).await;
    // Play the computer: random level, Barrage.
    t.send(b"b").await;
    t.wait_text("Computer level", 5).await;
    for _ in 0..3 {
        t.send(b"\x1b[D").await; // level: cycle left until "random"
        tokio::time::sleep(Duration::from_millis(30)).await;
        if t.text().contains("< random >") {
            break;
        }
    }
    t.send(b"\x1b[B").await; // to Variant
    for _ in 0..3 {
        if t.text().contains("< Barrage >") {
            break;
        }
        t.send(b"\x1b[C").await;
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    let form = t.text();
    assert!(
        form.contains("< random >") && form.contains("< Barrage >"),
        "{form}"
    );
    t.send(b"\r").await;
    t.wait_text("Set up your army", 10).await;
    t.send(b"r").await;
    t.wait_text("8 of 8 placed", 5).await;
    t.send(b"d").await;
    let start = t
        .wait_for("play to start", 10, |s| {
            s.contains("Your turn") || s.contains("to move")
        })
        .await;
    let b = ScreenBoard::read(&start).expect("board");
    // The enemy's colour: the most common background of the hidden pieces at the start.
    let mut counts: Vec<(vt100::Color, usize)> = Vec::new();
    for f in 0..10 {
        for r in 1..=10 {
            if b.cells[f][r - 1] == "■" {
                let (y, x) = b.pos[f][r - 1];
                let bg = t.with_screen(|s| s.cell(y, x).unwrap().bgcolor());
                match counts.iter_mut().find(|(c, _)| *c == bg) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((bg, 1)),
                }
            }
        }
    }
    let enemy = counts
        .iter()
        .max_by_key(|(_, n)| *n)
        .expect("hidden enemy pieces")
        .0;

    let mut seed = 7u64;
    let mut last_turn = 0u32;
    let mut my_moves = 0;
    let mut resigned = false;
    loop {
        let text = t
            .wait_for("my turn or the end", 30, |s| {
                over(s) || my_turn_number(s).is_some_and(|n| n > last_turn)
            })
            .await;
        if over(&text) {
            break;
        }
        if my_moves >= 250 {
            // Long enough: finish by resigning (the game still ends properly).
            t.send(b"R").await;
            t.wait_text("Resign this game?", 5).await;
            t.send(b"y").await;
            resigned = true;
            t.wait_for("the end", 10, over).await;
            break;
        }
        let Some(board) = ScreenBoard::read(&text) else {
            panic!("no board on:\n{text}")
        };
        let turn = my_turn_number(&text).unwrap_or(last_turn + 1);
        let mut moved = false;
        for mv in candidate_moves(&t, &board, enemy, &mut seed) {
            t.send(b"m").await;
            t.type_str(&mv).await;
            t.send(b"\r").await;
            // Either the turn passes, or it stays mine (refused); then try another.
            let deadline = tokio::time::Instant::now() + Duration::from_millis(400);
            while tokio::time::Instant::now() < deadline {
                let now = t.text();
                if my_turn_number(&now) != Some(turn) || over(&now) {
                    moved = true;
                    break;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            if moved {
                break;
            }
            t.send(b"\x1b").await;
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
        if !moved {
            let mut dump = String::new();
            for f in 0..10 {
                for r in 1..=10 {
                    let (y, x) = board.pos[f][r - 1];
                    let fg = t.with_screen(|s| s.cell(y, x).map(|c| (c.fgcolor(), c.bgcolor())));
                    dump.push_str(&format!(
                        "{}{} {:?} {:?}\n",
                        FILES.as_bytes()[f] as char,
                        r,
                        board.cells[f][r - 1],
                        fg
                    ));
                }
            }
            panic!(
                "no move found from the screen (enemy {enemy:?}):\n{}\n{dump}",
                t.text()
            );
        }
        my_moves += 1;
        last_turn = turn;
    }
    let end = t.text();
    assert!(over(&end), "{end}");
    // Game over: both armies revealed, nothing hidden is left on the board.
    let b = ScreenBoard::read(&end).expect("board at the end");
    for f in 0..10 {
        for r in 1..=10 {
            let c = &b.cells[f][r - 1];
            assert!(
                c != "■" && c != "◆",
                "everything revealed at the end:\n{end}"
            );
        }
    }
    eprintln!("game over after {my_moves} of my moves, resigned: {resigned}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_host_allows_it_the_computer_takes_a_seek_nobody_took() {
    let server = common::start_server_with("bots-seek", |o| {
        o.lobby.bots_accept_seeks = Some(Duration::from_millis(300));
    })
    .await;
    let key = new_key();
    let t = Term::connect(server.running.addr, Login::Key("hal", &key), 120, 40).await;
    t.wait_text("no open seeks", 10).await;
    t.send(b"n").await;
    t.wait_text("Variant", 5).await;
    t.send(b"\r").await;
    let text = t.wait_text("Set up your army", 10).await;
    assert!(text.contains("the computer (easy) plays you"), "{text}");
}
