//! Notes on the opponent's unknown pieces (issue 47) over real SSH connections, each screen
//! read through vt100 as a person reads it: a note made with `N` and a key (or typed) shows
//! on its player's board alone (a guess ending in `?`, in italics), follows its piece,
//! survives a server restart, is in its player's own replay, and appears in none of the
//! opponent's or a spectator's bytes. The same audit, with a leak planted in the game task
//! (`GameConfig::plant_note_leak`), fails: the check can fail.

mod common;

use std::time::Duration;

use common::{is_movable_label, new_key, start_game, Login, ScreenBoard, Term};

/// `(file, row)` of a square, from 0.
fn fr(sq: &str) -> (i32, i32) {
    let b = sq.as_bytes();
    (
        i32::from(b[0].to_ascii_uppercase() - b'A'),
        sq[1..].parse::<i32>().unwrap() - 1,
    )
}

/// Moves the cursor from `from` to `to` with hjkl, up and down the file first (Red sits at
/// the bottom of its board, Blue at the bottom of its own, turned round).
async fn cursor(t: &Term, from: &str, to: &str, red: bool) {
    let ((f0, r0), (f1, r1)) = (fr(from), fr(to));
    let (dx, dy) = if red {
        (f1 - f0, r1 - r0)
    } else {
        (f0 - f1, r0 - r1)
    };
    let mut keys = vec![];
    keys.extend(std::iter::repeat_n(
        if dy > 0 { b'k' } else { b'j' },
        dy.unsigned_abs() as usize,
    ));
    keys.extend(std::iter::repeat_n(
        if dx > 0 { b'l' } else { b'h' },
        dx.unsigned_abs() as usize,
    ));
    for k in keys {
        t.send(&[k]).await;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn typed(t: &Term, line: &str) {
    t.send(b"m").await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    t.type_str(line).await;
    t.send(b"\r").await;
}

/// The label drawn on a square's tile (at 120x40 a square is 8 columns: the tile the 6
/// around the file letter's column).
fn label_at(text: &str, sq: &str) -> String {
    let b = ScreenBoard::read(text).expect("a board");
    let (y, x) = b.pos_of(sq);
    let line: Vec<char> = text.lines().nth(y as usize).unwrap().chars().collect();
    let x = x as usize;
    line[x.saturating_sub(2)..(x + 4).min(line.len())]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

/// Whether the square's tile is drawn in italics (a note's style).
fn italic_at(t: &Term, sq: &str) -> bool {
    let text = t.text();
    let (y, x) = ScreenBoard::read(&text).expect("a board").pos_of(sq);
    t.with_screen(|s| s.cell(y, x).is_some_and(|c| c.italic()))
}

/// Any cell of the screen in italics outside the tiles of `own` (the client's own notes).
fn italic_outside(t: &Term, own: &[&str]) -> bool {
    let text = t.text();
    let tiles: Vec<(u16, u16)> = match ScreenBoard::read(&text) {
        Some(b) => own.iter().map(|sq| b.pos_of(sq)).collect(),
        None => vec![],
    };
    // A tile at 120x40: the label's row and the rows above and below it, the 6 columns
    // around the file letter's.
    let in_own = |y: u16, x: u16| {
        tiles
            .iter()
            .any(|&(ty, tx)| y + 1 >= ty && y <= ty + 1 && x + 2 >= tx && x < tx + 4)
    };
    t.with_screen(|s| {
        let (rows, cols) = s.size();
        (0..rows.get()).any(|y| {
            (0..cols.get()).any(|x| s.cell(y, x).is_some_and(|c| c.italic()) && !in_own(y, x))
        })
    })
}

fn any_italic(t: &Term) -> bool {
    italic_outside(t, &[])
}

/// The audit: which of `labels` (notes that are not this client's) appear in the bytes a
/// client received, or on its screen now, and whether a note's italics show anywhere but
/// on the client's own notes (the squares `own`). Empty: no leak.
fn leaks(t: &Term, labels: &[&str], own: &[&str]) -> Vec<String> {
    let raw = String::from_utf8_lossy(&t.raw()).to_string();
    let screen = t.text();
    let mut found = vec![];
    for l in labels {
        if raw.contains(l) {
            found.push(format!("{l:?} in the bytes"));
        }
        if screen.contains(l) {
            found.push(format!("{l:?} on the screen"));
        }
    }
    if italic_outside(t, own) {
        found.push("a note's italics on the screen".into());
    }
    found
}

/// Tab to "Games in play", Enter: watch the first game.
async fn watch_first_game(t: &Term) {
    t.wait_text("Games in play (1)", 10).await;
    t.send(b"\t").await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    t.send(b"\r").await;
    t.wait_for("the watched board", 10, |s| {
        ScreenBoard::read(s).is_some() && s.contains("watching")
    })
    .await;
}

async fn server_at(dir: &std::path::Path, leak: bool) -> stratego_ssh::server::Running {
    let mut opts = stratego_ssh::server::ServerOptions {
        listen: "127.0.0.1:0".into(),
        http_listen: "off".into(),
        data_dir: dir.join("data"),
        keys_dir: dir.join("keys"),
        ..Default::default()
    };
    opts.lobby.bot_delay = Duration::from_millis(10);
    opts.ssh.connects_per_minute = 100_000;
    opts.ssh.commands_per_minute = 100_000;
    opts.lobby.game.plant_note_leak = leak;
    stratego_ssh::server::start(opts)
        .await
        .expect("server starts")
}

/// The players and who is Red, once both set-ups are in.
struct Game<'a> {
    red: &'a Term,
    blue: &'a Term,
    red_board: ScreenBoard,
    blue_board: ScreenBoard,
}

async fn game<'a>(alice: &'a Term, bob: &'a Term) -> Game<'a> {
    start_game(alice, bob).await;
    let a_text = alice.wait_text("move 1", 10).await;
    let (red, blue) = if a_text.contains("you play Red") {
        (alice, bob)
    } else {
        (bob, alice)
    };
    let red_text = red.wait_text("Your turn", 10).await;
    let blue_text = blue.wait_text("move 1", 10).await;
    Game {
        red,
        blue,
        red_board: ScreenBoard::read(&red_text).expect("Red's board"),
        blue_board: ScreenBoard::read(&blue_text).expect("Blue's board"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_note_shows_to_its_player_alone_follows_its_piece_survives_a_restart_and_is_in_their_replay(
) {
    let dir = common::tempdir::Dir::new("notes");
    let server = server_at(&dir.0, false).await;
    let addr = server.addr;
    let (ka, kb, kc) = (new_key(), new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    let carl = Term::connect(addr, Login::Key("carl", &kc), 120, 40).await;
    let g = game(&alice, &bob).await;
    let (red, blue) = (g.red, g.blue);
    let red_is_alice = std::ptr::eq(red, &alice);
    watch_first_game(&carl).await;

    // fa: a front piece Blue can move (Red notes it with N and a rank key); fb: another of
    // Blue's front row (a typed list); fc: Red's own front piece to move.
    let fa = "ABEFIJ"
        .chars()
        .find(|f| is_movable_label(g.blue_board.at(&format!("{f}7"))))
        .expect("a movable Blue front piece");
    let fb = "ABCDEFGHIJ".chars().find(|&f| f != fa).unwrap();
    let fc = "ABEFIJ"
        .chars()
        .find(|&f| f != fa && f != fb && is_movable_label(g.red_board.at(&format!("{f}4"))))
        .expect("a movable Red front piece");
    let (sa, sb) = (format!("{fa}7"), format!("{fb}7"));

    // Wrong notes are refused with a reason and change nothing. The cursor starts on
    // Red's own E4.
    red.send(b"N").await;
    red.wait_text("E4 is your own piece", 5).await;
    typed(red, "note E5 8").await;
    red.wait_text("there is no piece on E5", 5).await;
    typed(red, &format!("note {sa} banana")).await;
    red.wait_text("a note: note SQUARE GUESS", 5).await;
    typed(red, &format!("note {sa} clear")).await;
    red.wait_text(&format!("there is no note on {sa}"), 5).await;
    assert_eq!(label_at(&red.text(), &sa), "■", "no note yet");
    assert!(!any_italic(red));

    // N on fa's piece, then 6: "6?" (a Captain?), in italics. On an unknown enemy piece the
    // footer names N.
    assert!(!red.text().contains("N note"), "{}", red.text());
    cursor(red, "E4", &sa, true).await;
    red.wait_text("N note", 5).await;
    red.send(b"N").await;
    red.wait_text(&format!("Note on {sa} (only you see it)"), 5)
        .await;
    red.send(b"6").await;
    red.wait_for("Red's note 6?", 10, |t| label_at(t, &sa) == "6?")
        .await;
    assert!(italic_at(red, &sa), "a note is drawn in italics");
    // A list, typed: "9/8?".
    typed(red, &format!("note {sb} 9 8")).await;
    red.wait_for("Red's note 9/8?", 10, |t| label_at(t, &sb) == "9/8?")
        .await;
    assert!(italic_at(red, &sb));

    // Red moves; Blue notes one of Red's pieces (N, n: not a Bomb) and moves the piece
    // Red noted: Red's note follows it.
    typed(red, &format!("{fc}4 {fc}5")).await;
    blue.wait_text("Your turn", 10).await;
    cursor(blue, "F7", "F3", false).await;
    blue.send(b"N").await;
    blue.wait_text("Note on F3", 5).await;
    blue.send(b"n").await;
    blue.wait_for("Blue's note", 10, |t| label_at(t, "F3") == "¬B?")
        .await;
    typed(blue, &format!("{sa} {fa}6")).await;
    let text = red.wait_text("Your turn", 10).await;
    let text = if label_at(&text, &format!("{fa}6")) == "6?" {
        text
    } else {
        red.wait_for("the note followed", 10, |t| {
            label_at(t, &format!("{fa}6")) == "6?"
        })
        .await
    };
    assert_ne!(label_at(&text, &sa), "6?", "the note left {sa}:\n{text}");
    assert_eq!(label_at(&text, &sb), "9/8?");

    // The audit: neither the opponent nor the spectator ever got a byte of a note not
    // theirs; nor did Red of Blue's.
    let red_notes = ["9/8?", "6?"];
    assert_eq!(
        leaks(blue, &red_notes, &["F3"]),
        Vec::<String>::new(),
        "Blue"
    );
    assert_eq!(
        leaks(&carl, &red_notes, &[]),
        Vec::<String>::new(),
        "the spectator"
    );
    assert_eq!(
        leaks(&carl, &["¬B?"], &[]),
        Vec::<String>::new(),
        "the spectator, of Blue's"
    );
    let raw = String::from_utf8_lossy(&red.raw()).to_string();
    assert!(!raw.contains("¬B?"), "Red never gets Blue's note");

    // A restart: the notes are back on each player's board, and on no one else's.
    server.stop().await;
    for t in [alice, bob, carl] {
        t.disconnect().await;
    }
    let server = server_at(&dir.0, false).await;
    let addr = server.addr;
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    let (red, blue) = if red_is_alice {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let text = red
        .wait_for("Red back in the game with its notes", 20, |t| {
            ScreenBoard::read(t).is_some() && label_at(t, &format!("{fa}6")) == "6?"
        })
        .await;
    assert_eq!(label_at(&text, &sb), "9/8?", "{text}");
    blue.wait_for("Blue back with its note", 20, |t| {
        ScreenBoard::read(t).is_some() && label_at(t, "F3") == "¬B?"
    })
    .await;
    assert_eq!(
        leaks(blue, &red_notes, &["F3"]),
        Vec::<String>::new(),
        "Blue after the restart"
    );

    // Red moves again, Blue resigns: every rank shows and the notes go.
    red.wait_text("Your turn", 10).await;
    // Esc first: it takes away a notice (a notice goes at the next key).
    red.send(b"\x1b").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    typed(red, &format!("{fc}5 {fc}6")).await;
    blue.wait_text(&format!("{fc}5-{fc}6"), 10).await;
    blue.send(b"R").await;
    blue.wait_text("Resign this game?", 5).await;
    blue.send(b"y").await;
    let over = red.wait_text("You won!", 10).await;
    assert!(!over.contains("9/8?") && !any_italic(red), "{over}");

    // `ssh host replay 1`: each player's own notes, as made, and nobody else's.
    let (red_login, blue_login) = if red_is_alice {
        (("alice", &ka), ("bob", &kb))
    } else {
        (("bob", &kb), ("alice", &ka))
    };
    let (words, status) = common::exec(addr, red_login.0, red_login.1, "replay 1").await;
    assert_eq!(status, Some(0), "{words}");
    for line in [
        "Your notes (only you see them):".to_string(),
        format!("before move 1: {sa} Captain?"),
        format!("before move 1: {sb} General or Colonel?"),
    ] {
        assert!(words.contains(&line), "{line:?} in Red's replay:\n{words}");
    }
    assert!(!words.contains("not a Bomb"), "{words}");
    let (words, _) = common::exec(addr, blue_login.0, blue_login.1, "replay 1").await;
    assert!(words.contains("before move 2: F3 not a Bomb"), "{words}");
    assert!(
        !words.contains("Captain?") && !words.contains("General or Colonel?"),
        "{words}"
    );
    let (words, _) = common::exec(addr, "carl", &kc, "replay 1").await;
    assert!(
        !words.contains("Your notes") && !words.contains("?\n"),
        "{words}"
    );

    // Red's replay, from Red's side: the notes at each ply, following the piece.
    red.send(b"q").await;
    red.wait_text("Open seeks", 10).await;
    red.send(b"G").await;
    red.wait_text("resign", 10).await;
    red.send(b"\r").await;
    red.wait_text("everything revealed", 10).await;
    red.send(b"v").await;
    red.wait_text("as Red saw it", 10).await;
    red.send(b"l").await;
    let ply1 = red
        .wait_for("Red's replay at move 1", 10, |t| {
            t.contains("move 1 of 2, Red moved") && label_at(t, &sa) == "6?"
        })
        .await;
    assert_eq!(label_at(&ply1, &sb), "9/8?", "{ply1}");
    assert!(italic_at(red, &sa));
    red.send(b"l").await;
    let ply2 = red
        .wait_for("Red's replay after Blue's move", 10, |t| {
            t.contains("move 1 of 2, Blue moved")
        })
        .await;
    assert_eq!(label_at(&ply2, &format!("{fa}6")), "6?", "{ply2}");
    assert_eq!(label_at(&ply2, &sb), "9/8?", "{ply2}");
    // Everything revealed: no note (they are guesses, and the ranks show).
    red.send(b"v").await;
    let as_blue = red.wait_text("as Blue saw it", 10).await;
    assert!(
        !as_blue.contains("¬B?"),
        "Blue's note is Blue's:\n{as_blue}"
    );
    red.send(b"v").await;
    let all = red
        .wait_for("everything revealed", 10, |t| {
            t.contains("everything revealed")
        })
        .await;
    assert!(!all.contains("9/8?"), "{all}");

    // Blue's replay of the same game, from Red's side: none of Red's notes.
    blue.send(b"q").await;
    blue.wait_text("Open seeks", 10).await;
    blue.send(b"G").await;
    blue.wait_text("resign", 10).await;
    blue.send(b"\r").await;
    blue.wait_text("everything revealed", 10).await;
    blue.send(b"v").await;
    blue.wait_text("as Red saw it", 10).await;
    blue.send(b"l").await;
    blue.wait_text("move 1 of 2, Red moved", 10).await;
    blue.send(b"l").await;
    let seen = blue
        .wait_for("Blue's replay as Red knew it", 10, |t| {
            t.contains("move 1 of 2, Blue moved")
        })
        .await;
    assert!(!seen.contains("9/8?") && !seen.contains("6?"), "{seen}");
    // From Blue's own side: its own note.
    blue.send(b"v").await;
    blue.wait_text("as Blue saw it", 10).await;
    blue.wait_for("Blue's own note in its replay", 10, |t| {
        label_at(t, "F3") == "¬B?"
    })
    .await;
    assert_eq!(
        leaks(blue, &red_notes, &["F3"]),
        Vec::<String>::new(),
        "Blue, replays"
    );
    server.stop().await;
}

/// The same audit with a leak planted: the game task made to copy each seat's notes into
/// the opponent's and the spectators' snapshots. The audit must find it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_audit_finds_a_planted_leak() {
    let dir = common::tempdir::Dir::new("notes-leak");
    let server = server_at(&dir.0, true).await;
    let addr = server.addr;
    let (ka, kb, kc) = (new_key(), new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    let carl = Term::connect(addr, Login::Key("carl", &kc), 120, 40).await;
    let g = game(&alice, &bob).await;
    watch_first_game(&carl).await;
    typed(g.red, "note D7 9 8").await;
    g.red
        .wait_for("Red's note", 10, |t| label_at(t, "D7") == "9/8?")
        .await;
    // A move publishes every snapshot: the leak reaches the others' screens...
    let file = "ABEFIJ"
        .chars()
        .find(|f| is_movable_label(g.red_board.at(&format!("{f}4"))))
        .unwrap();
    typed(g.red, &format!("{file}4 {file}5")).await;
    g.blue
        .wait_for("the leak on Blue's screen", 10, |t| t.contains("9/8?"))
        .await;
    carl.wait_for("the leak on the spectator's screen", 10, |t| {
        t.contains("9/8?")
    })
    .await;
    // ...and the audit says so.
    for (who, t) in [("Blue", g.blue), ("the spectator", &carl)] {
        let found = leaks(t, &["9/8?"], &[]);
        assert!(!found.is_empty(), "the audit must fail for {who}");
        eprintln!("planted leak, {who}: {found:?}");
    }
    server.stop().await;
}
