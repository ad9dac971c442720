//! One session, two views (issue 38, item 3): a player on the screens switches to the line
//! mode from the settings in the middle of a game (the game goes on, told in lines) and
//! back with `screens`; a terminal whose TERM is `dumb` is given the line mode; a client
//! without a terminal is told how to play in lines.

mod common;

use std::time::Duration;

use common::{Login, Term};

/// The bytes the client got after `from`.
fn since(t: &Term, from: usize) -> String {
    String::from_utf8_lossy(&t.raw()[from..]).into_owned()
}

/// Waits until the bytes after `from` hold `needle`; they are returned.
async fn until_raw(t: &Term, from: usize, needle: &str) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let got = since(t, from);
        if got.contains(needle) {
            return got;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no {needle:?} in 20 s; got {got:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_settings_switch_a_game_to_lines_and_screens_switches_it_back() {
    let srv = common::start_server("line-switch").await;
    let g = Term::connect(srv.running.addr, Login::Guest, 100, 30).await;
    common::plays_the_computer(&g).await;
    let text = g.wait_text("Your turn", 10).await;
    let red = text.contains("you play Red");

    // F2: the settings; the last row is the line mode; Enter switches.
    g.send(b"\x1bOQ").await;
    g.wait_text("Line mode", 5).await;
    for _ in 0..4 {
        g.send(b"\x1b[B").await;
    }
    let mark = g.raw().len();
    g.send(b"\r").await;
    let got = until_raw(&g, mark, "Type help for the commands").await;
    // The screens' picture is undone: the client's terminal is back to its normal screen.
    assert!(
        got.contains("\x1b[?1049l"),
        "alternate screen left: {got:?}"
    );
    // The same game, told in lines, with its turn.
    let got = until_raw(&g, mark, "your move>").await;
    assert!(got.contains("\r\nGame "), "{got:?}");
    assert!(got.contains("You play"), "{got:?}");

    // The board in lines: ten rows, own pieces by rank, the computer's unknown.
    let mark = g.raw().len();
    g.type_str("board\r").await;
    let back_row = if red { "Row 1:" } else { "Row 10:" };
    let got = until_raw(&g, mark, back_row).await;
    let rows: Vec<&str> = got
        .split("\r\n")
        .filter(|l| l.starts_with("Row "))
        .collect();
    assert_eq!(rows.len(), 10, "{got:?}");
    assert!(got.contains(" enemy"), "{got:?}");
    // Nothing drawn since the switch but lines: no cursor addressing, no colour.
    assert!(
        !got.contains('\x1b'),
        "an escape sequence in line mode: {got:?}"
    );

    // `screens`: the screens again, the same game on them.
    let mark = g.raw().len();
    g.type_str("screens\r").await;
    until_raw(&g, mark, "\x1b[?1049h").await;
    g.wait_for("the game on the screens", 10, |t| {
        t.contains("you play") && t.contains("Your turn")
    })
    .await;
    g.disconnect().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dumb_terminal_gets_the_line_mode_and_no_escape_bytes() {
    let srv = common::start_server("line-dumb").await;
    let g = Term::connect_env(srv.running.addr, Login::Guest, Some((80, 24)), "dumb", &[]).await;
    let got = until_raw(&g, 0, "lobby>").await;
    assert!(got.contains("TERM=dumb"), "{got:?}");
    g.type_str("help\r").await;
    let got = until_raw(&g, 0, "Lobby commands:").await;
    assert!(!got.contains('\x1b'), "an escape byte: {got:?}");
    // Typing is echoed (the client's terminal echoes nothing).
    assert!(got.contains("help\r\n"), "{got:?}");
    // The screens are offered all the same: `screens` draws them.
    let mark = g.raw().len();
    g.type_str("screens\r").await;
    until_raw(&g, mark, "\x1b[?1049h").await;
    g.wait_text("online", 10).await;
    g.disconnect().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_without_a_terminal_is_told_how_to_play_in_lines() {
    let srv = common::start_server("line-nopty").await;
    let g = Term::connect_pty(srv.running.addr, Login::Guest, None).await;
    let got = until_raw(&g, 0, "needs a terminal").await;
    let got = if got.contains(" play\r\n") {
        got
    } else {
        until_raw(&g, 0, " play\r\n").await
    };
    assert!(got.contains("To play in lines"), "{got:?}");
    let port = srv.running.addr.port();
    assert!(got.contains(&format!("ssh -p {port} ")), "{got:?}");
    // The commands' list names it too.
    let (usage, _) = common::exec(srv.running.addr, "usher", &common::new_key(), "help").await;
    assert!(
        usage.lines().any(|l| l.trim_start().starts_with("play ")),
        "{usage}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_event_told_in_lines_is_followed_by_a_prompt() {
    let srv = common::start_server("line-prompt").await;
    let addr = srv.running.addr;
    let (ka, kb) = (common::new_key(), common::new_key());
    let mut a = common::line::LineClient::open(addr, Login::Key("anna", &ka), "play").await;
    let mut b = common::line::LineClient::open(addr, Login::Key("bert", &kb), "play").await;
    a.until_has("lobby>", 20).await;
    b.until_has("lobby>", 20).await;
    a.send("say hello there").await;
    // Bert did nothing: the chat line is an event, and a prompt follows it.
    let got = b.until_has("anna says: hello there", 20).await;
    let at = got.len();
    let next = b.until("a prompt", 20, |l: &str| l.ends_with("> ")).await;
    assert_eq!(
        next,
        vec!["lobby> ".to_string()],
        "after {:?}",
        &got[at - 1..]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_line_mode_speaks_the_clients_language_unless_told_otherwise() {
    let srv = common::start_server("line-lang").await;
    let addr = srv.running.addr;
    let de = [("LANG", "de_DE.UTF-8")];
    let g = Term::connect_env(addr, Login::Guest, Some((80, 24)), "dumb", &de).await;
    let got = until_raw(&g, 0, "Tippe help").await;
    assert!(got.contains("Dein Terminal (TERM=dumb)"), "{got:?}");
    g.disconnect().await;
    // `play --lang en`: English (what a script passes).
    let mut p = common::line::LineClient::open(
        addr,
        Login::Key("skript", &common::new_key()),
        "play --lang en",
    )
    .await;
    let lines = p.until_has("lobby>", 20).await;
    assert!(
        lines.iter().any(|l| l.starts_with("Welcome, skript.")),
        "{lines:?}"
    );
}

/// The settings chosen on the screens are the line mode's after the switch (its language),
/// and the screens' again after `screens` (the numbering too, which the lines keep without
/// using it in the lobby): the view shown keeps them (issue 43).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_chosen_on_the_screens_hold_in_lines_and_back() {
    let srv = common::start_server("line-switch-settings").await;
    let g = Term::connect(srv.running.addr, Login::Guest, 100, 30).await;
    // F2: the settings. Row 0 (numbering) to classic, row 3 (language) to German.
    g.send(b"\x1bOQ").await;
    g.wait_text("Line mode", 5).await;
    g.send(b"\r").await;
    g.wait_text("classic (Marshal 1", 5).await;
    for _ in 0..3 {
        g.send(b"\x1b[B").await;
    }
    g.send(b"\r").await;
    g.wait_text("Einstellungen", 5).await;
    // The last row: the line mode, in German.
    g.send(b"\x1b[B").await;
    let mark = g.raw().len();
    g.send(b"\r").await;
    until_raw(&g, mark, "Zeilenmodus: jedes Ereignis ist eine Zeile.").await;
    let mark = g.raw().len();
    g.type_str("help\r").await;
    until_raw(&g, mark, "Befehle in der Lobby: who, seeks").await;
    // Back on the screens: German, classic numbering.
    let mark = g.raw().len();
    g.type_str("screens\r").await;
    until_raw(&g, mark, "\x1b[?1049h").await;
    // A guest's card comes again with the screens, in German (Enter closes it).
    g.wait_text("Willkommen bei stratego-ssh", 10).await;
    g.send(b"\r").await;
    g.send(b"\x1bOQ").await;
    g.wait_for("the settings as chosen", 10, |t| {
        t.contains("Einstellungen") && t.contains("klassisch (Feldmarschall 1")
    })
    .await;
    g.disconnect().await;
}

/// F2, then the settings' last row: the line mode.
async fn to_lines(g: &Term) -> usize {
    g.send(b"\x1bOQ").await;
    g.wait_text("Line mode", 5).await;
    for _ in 0..4 {
        g.send(b"\x1b[B").await;
    }
    let mark = g.raw().len();
    g.send(b"\r").await;
    until_raw(g, mark, "Type help for the commands").await;
    mark
}

/// A set-up saved in lines is still the player's after a switch to the screens and back
/// (the view shown keeps the saved set-ups, and hands them on; issue 43).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_set_up_saved_in_lines_survives_the_screens() {
    let srv = common::start_server("line-switch-saved").await;
    let g = Term::connect(srv.running.addr, Login::Guest, 100, 30).await;
    g.wait_text("no open seeks", 10).await;
    // Enter: the computer; its set-up.
    g.send(b"\r").await;
    g.wait_text("Set up your army", 10).await;
    let mark = to_lines(&g).await;
    until_raw(&g, mark, "set-up>").await;
    let mark = g.raw().len();
    g.type_str("save my wall\r").await;
    until_raw(&g, mark, "Set-up saved as my wall.").await;
    let mark = g.raw().len();
    g.type_str("screens\r").await;
    until_raw(&g, mark, "\x1b[?1049h").await;
    g.wait_text("Set up your army", 10).await;
    let mark = to_lines(&g).await;
    until_raw(&g, mark, "set-up>").await;
    let mark = g.raw().len();
    g.type_str("setups\r").await;
    until_raw(&g, mark, "Your saved set-ups for Classic: my wall.").await;
    g.disconnect().await;
}
