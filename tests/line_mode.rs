//! The line mode (`ssh host play`, issue 38): a whole game against the computer through a
//! real exec channel with no PTY, typed commands only, to a result, with no escape byte and
//! no line over 200 characters in all that is sent; and the line app on messages alone: a
//! battle told in words, `board` never shows an unrevealed enemy rank, bad input changes
//! nothing.

mod common;
mod ui_support;

use std::sync::Arc;
use std::time::Instant;

use common::line::{candidates, LineClient};
use common::Login;
use stratego_ssh::proto::GamePhase;
use stratego_ssh::rules::{BattleResult, Color, Rank, ViewBattle, ViewMove, Viewer};
use stratego_ssh::ui::line::{LineApp, Mode};
use stratego_ssh::ui::{Effect, Lang, Msg};
use ui_support::*;

/// How long a line may take to come (the old client's patience).
const WAIT: u64 = 30;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_computer_in_lines_without_a_pty() {
    let srv = common::start_server("line-game").await;
    let key = common::new_key();
    let mut p = LineClient::open(srv.running.addr, Login::Key("lina", &key), "play").await;
    p.until_has("lobby>", WAIT).await;
    p.send("help").await;
    p.until_has("computer [easy|hard]", WAIT).await;
    // Bad input: one line saying what to type, nothing starts.
    p.send("fly to the moon").await;
    p.until_has("is not a command here", WAIT).await;
    p.send("computer easy").await;
    let start = p.until_has("Set up your army", WAIT).await;
    let me = start
        .iter()
        .find_map(|l| {
            l.contains("You play Red")
                .then_some(Color::Red)
                .or(l.contains("You play Blue").then_some(Color::Blue))
        })
        .expect("told which side");
    p.send("show").await;
    let mut rows = vec![];
    for _ in 0..4 {
        let l = p
            .until("a row of the set-up", WAIT, |l: &str| l.starts_with("Row "))
            .await;
        rows.push(l.last().unwrap().clone());
    }
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert!(rows.iter().all(|r| r.split("; ").count() == 10), "{rows:?}");
    p.send("ready").await;
    p.until_has("The game begins", WAIT).await;
    let forward = if me == Color::Red { 1 } else { -1 };
    let mut moves = 0usize;
    let mut battles = 0usize;
    let outcome = 'game: loop {
        let l = p
            .until("my turn or the end", WAIT, |l: &str| {
                l.starts_with("Your turn.") || l.starts_with("Game over:")
            })
            .await;
        battles += l.iter().filter(|l| l.contains(" attacked ")).count();
        let last = l.last().unwrap().clone();
        if last.starts_with("Game over:") {
            break 'game last;
        }
        if moves == 1500 {
            // Random moves against the easy computer can shuffle for a long time (a busy
            // machine gives it less to think with): the game ends by resigning instead.
            p.send("resign").await;
            moves += 1;
            continue;
        }
        assert!(moves < 1500, "the game did not end after resigning");
        p.send("board").await;
        // The rows come from the opponent's side down to this player's back row.
        let back = if me == Color::Red {
            "Row 1:"
        } else {
            "Row 10:"
        };
        let board = p
            .until("the board", WAIT, |l: &str| l.starts_with(back))
            .await;
        let mut moved = false;
        for (from, to) in candidates(&board, forward, moves) {
            p.send(&format!("{} {}", from.to_lowercase(), to)).await;
            let (mine, battle) = (format!("You moved {from}-{to}"), format!("{from}x{to}:"));
            // The answer is the first line after it that is no prompt: the move (or its
            // battle), or one line saying why not (a Bomb, the two-square rule …).
            let said = p
                .until("the move's answer", WAIT, |l: &str| !l.ends_with("> "))
                .await;
            let answer = said.last().unwrap();
            battles += said.iter().filter(|l| l.contains(" attacked ")).count();
            if answer.starts_with(&mine) || answer.starts_with(&battle) {
                moved = true;
                break;
            }
        }
        assert!(moved, "no move of those board shows was legal: {board:?}");
        moves += 1;
    };
    assert!(
        outcome.contains("you won") || outcome.contains("you lost") || outcome.contains("draw"),
        "{outcome}"
    );
    assert!(battles > 0, "battles are told in words");
    p.send("quit").await;
    p.until_has("Back in the lobby", WAIT).await;
    p.send("quit").await;
    p.until_has("Goodbye", WAIT).await;
    p.wait_closed(10).await;
    assert_eq!(p.exit_status(), Some(0), "quit ends the session");
    // The whole stream: no escape byte, lines ended by CRLF, none over 200 characters.
    assert!(!p.raw().contains(&0x1b), "an escape byte was sent");
    let text = String::from_utf8(p.raw()).unwrap();
    assert!(text.ends_with("\r\n"), "the last line is ended");
    for line in text.split("\r\n") {
        assert!(line.chars().count() <= 200, "a line over 200: {line}");
        assert!(
            !line.chars().any(|c| c.is_control()),
            "a control character in {line:?}"
        );
    }
    // A script reads up to a prompt: every turn of the player's is followed by its prompt,
    // and the game's end by its own.
    let lines: Vec<&str> = text.split("\r\n").collect();
    for (i, l) in lines.iter().enumerate() {
        if l.starts_with("Your turn.") {
            assert_eq!(
                lines.get(i + 1),
                Some(&"your move> "),
                "after line {i}: {l}"
            );
        }
    }
    let end = lines
        .iter()
        .position(|l| l.starts_with("Game over:"))
        .unwrap();
    assert!(
        lines[end..].contains(&"game over> "),
        "no prompt after the end"
    );
    eprintln!("{moves} moves, {battles} battles told: {outcome}");
}

// The line app alone, on messages.

fn line_app() -> LineApp {
    let mut app = LineApp::new(me("alice"), Lang::En, Default::default(), 1);
    app.update(Msg::Lobby(Arc::new(Default::default())));
    app.take_lines();
    app
}

/// A game in play, Red (alice) to move: her Scout on A4, a Bomb on B1; Blue's pieces on A7
/// (unknown), B7 (unknown, moved) and C7 (a revealed Major); E7 a hidden Marshal.
fn game_view() -> stratego_ssh::rules::PlayerView {
    let mut v = empty_view(Viewer::Player(Color::Red));
    put(&mut v, "A4", Color::Red, Some(Rank::Scout), false);
    put(&mut v, "B1", Color::Red, Some(Rank::Bomb), false);
    put(&mut v, "A7", Color::Blue, None, false);
    put(&mut v, "B7", Color::Blue, None, true);
    put(&mut v, "C7", Color::Blue, Some(Rank::Major), true);
    put(&mut v, "E7", Color::Blue, None, false);
    v.legal_moves = vec![mv("A4", "A5"), mv("A4", "A6"), mv("A4", "B4")];
    v
}

fn playing(app: &mut LineApp, v: stratego_ssh::rules::PlayerView, history: Vec<ViewMove>) {
    let mut snap = snapshot(GamePhase::Playing, Some(Color::Red), Some(v));
    snap.history = history;
    app.update(Msg::Game {
        snap: Arc::new(snap),
        at: Instant::now(),
    });
}

#[test]
fn a_battle_is_told_in_words() {
    let mut app = line_app();
    playing(&mut app, game_view(), vec![]);
    let start = app.take_lines().join("\n");
    assert!(start.contains("Your turn."), "{start}");
    let battle = ViewMove {
        mover: Color::Red,
        from: sqr("A6"),
        to: sqr("A7"),
        battle: Some(ViewBattle {
            attacker: Some(Rank::Scout),
            defender: Some(Rank::Bomb),
            result: BattleResult::DefenderWins,
        }),
        rescue: None,
    };
    let mut v = game_view();
    v.to_move = Color::Blue;
    v.ply = 1;
    playing(&mut app, v, vec![battle]);
    let lines = app.take_lines();
    assert!(
        lines.iter().any(|l| l.starts_with("A6xA7: Your Scout")
            && l.contains("Bomb")
            && l.contains("lost")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l == "It is bob's turn."), "{lines:?}");
}

#[test]
fn board_never_shows_an_unrevealed_enemy_rank() {
    let mut app = line_app();
    playing(&mut app, game_view(), vec![]);
    app.take_lines();
    assert!(app.input("board").is_empty());
    let lines = app.take_lines();
    let row = |n: u8| {
        lines
            .iter()
            .find(|l| l.starts_with(&format!("Row {n}:")))
            .cloned()
            .unwrap_or_else(|| panic!("no row {n}: {lines:?}"))
    };
    assert_eq!(
        row(7),
        "Row 7: A7 enemy; B7 enemy, has moved; C7 enemy Major; E7 enemy"
    );
    assert_eq!(row(4), "Row 4: A4 Scout");
    assert_eq!(row(1), "Row 1: B1 Bomb");
    assert_eq!(row(5), "Row 5: empty");
    // Rows from Blue's side down to Red's.
    assert!(
        lines[1].starts_with("Row 10:") && lines[10].starts_with("Row 1:"),
        "{lines:?}"
    );
    // The hidden Marshal on E7 is nowhere.
    assert!(!lines.join("\n").contains("Marshal"), "{lines:?}");
}

#[test]
fn illegal_or_unknown_input_changes_nothing() {
    let mut app = line_app();
    playing(&mut app, game_view(), vec![]);
    app.take_lines();
    for (typed, says) in [
        ("A4 A8", "Scouts cannot pass over pieces"),
        ("B1 B2", "Bombs never move"),
        ("D4 D5", "You have no piece on D4"),
        ("A7 A6", "You have no piece on A7"),
        ("Z9 A5", "is not a command here"),
        ("A4", "Type a move as two squares"),
        ("dance", "dance is not a command here"),
    ] {
        assert!(app.input(typed).is_empty(), "{typed} did something");
        let lines = app.take_lines();
        assert_eq!(lines.len(), 1, "{typed}: {lines:?}");
        assert!(lines[0].contains(says), "{typed}: {lines:?}");
        assert_eq!(app.mode(), Mode::Move);
    }
    // A legal move in either case is the move sent, nothing else.
    let fx = app.input("move a4 a6");
    assert_eq!(
        fx,
        vec![Effect::Game(stratego_ssh::proto::GameCmd::Move(mv(
            "A4", "A6"
        )))]
    );
    assert_eq!(app.input("A4 B4").len(), 1);
    // Not this player's turn: refused.
    let mut v = game_view();
    v.to_move = Color::Blue;
    v.legal_moves.clear();
    v.ply = 1;
    playing(&mut app, v, vec![]);
    app.take_lines();
    assert!(app.input("A4 A5").is_empty());
    assert_eq!(
        app.take_lines(),
        vec!["It is not your turn: wait for your opponent's move.".to_string()]
    );
}

#[test]
fn every_line_fits_and_the_words_follow_the_language() {
    let mut app = LineApp::new(me("alice"), Lang::De, Default::default(), 1);
    app.update(Msg::Lobby(Arc::new(Default::default())));
    let mut v = game_view();
    v.to_move = Color::Red;
    playing(&mut app, v, vec![]);
    app.input("board");
    app.input("help");
    let long = "x".repeat(400);
    app.input(&format!("say {long}"));
    app.input(&long);
    let lines = app.take_lines();
    assert!(lines.iter().any(|l| l == "Du bist am Zug."), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("Reihe 7: A7 Gegner")),
        "{lines:?}"
    );
    assert!(lines.iter().all(|l| l.chars().count() <= 200), "{lines:?}");
    assert_eq!(app.prompt(), "dein zug> ");
}

/// Plays this player's move: the first of `board`'s candidates the game takes.
async fn one_move(p: &mut LineClient, me: Color, turn: usize) -> (String, String) {
    let back = if me == Color::Red {
        "Row 1:"
    } else {
        "Row 10:"
    };
    p.send("board").await;
    let board = p
        .until("the board", WAIT, |l: &str| l.starts_with(back))
        .await;
    let forward = if me == Color::Red { 1 } else { -1 };
    for (from, to) in candidates(&board, forward, turn) {
        p.send(&format!("{from} {to}")).await;
        let (mine, battle) = (format!("You moved {from}-{to}"), format!("{from}x{to}:"));
        // The first line that is no prompt: the move, its battle, or why not.
        let said = p
            .until("the move's answer", WAIT, |l: &str| !l.ends_with("> "))
            .await;
        let answer = said.last().unwrap();
        if answer.starts_with(&mine) || answer.starts_with(&battle) {
            return (from, to);
        }
    }
    panic!("no legal move among {board:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_line_player_comes_back_into_its_game_and_a_pty_gets_its_typing_echoed() {
    let srv = common::start_server("line-back").await;
    let addr = srv.running.addr;
    let key = common::new_key();
    let mut p = LineClient::open(addr, Login::Key("lino", &key), "play").await;
    p.until_has("lobby>", WAIT).await;
    p.send("computer").await;
    let start = p.until_has("Set up your army", WAIT).await;
    let me = if start.iter().any(|l| l.contains("You play Red")) {
        Color::Red
    } else {
        Color::Blue
    };
    p.send("ready").await;
    p.until_has("Your turn.", WAIT).await;
    one_move(&mut p, me, 0).await;
    // The computer answers: this player's turn again.
    p.until_has("Your turn.", WAIT).await;
    p.disconnect().await;

    // Back with the same key, now with a PTY: straight into the game, told whose turn.
    let mut p = LineClient::open_with(addr, Login::Key("lino", &key), "play", true).await;
    let back = p.until_has("Your turn.", WAIT).await;
    assert!(
        back.iter()
            .any(|l| l.starts_with("Game ") && l.contains("You play")),
        "{back:?}"
    );
    // The client's terminal echoes nothing: the server does, and ends the line itself.
    p.send_raw(b"bo").await;
    p.send_raw(b"ard\r").await;
    let back_row = if me == Color::Red {
        "Row 1:"
    } else {
        "Row 10:"
    };
    let board = p
        .until("the board", WAIT, |l: &str| l.starts_with(back_row))
        .await;
    assert!(board.iter().any(|l| l.ends_with("board")), "{board:?}");
    assert_eq!(board.iter().filter(|l| l.starts_with("Row ")).count(), 10);
    // Ctrl-D ends the session.
    p.send_raw(b"\x04").await;
    p.wait_closed(10).await;
    assert_eq!(p.exit_status(), Some(0));
    assert!(!p.raw().contains(&0x1b), "an escape byte was sent");
}
