//! Issue 34: a newcomer's first game, over real SSH connections, as a new user tries it
//! (a key's first login keeps the offered name with Enter, then presses Enter again, as the
//! README and the lobby teach).

mod common;

use std::time::Duration;

use common::{new_key, start_server, Login, Term};

/// HIGH 1: with a stranger's rated seek open, the newcomer's second Enter does what the
/// lobby says ("Enter play the computer"): a casual game against the computer, not a rated
/// game against carol.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomers_enter_plays_the_computer_even_with_a_seek_open() {
    let server = start_server("newcomer-enter").await;
    let addr = server.running.addr;
    let (kc, kn) = (new_key(), new_key());
    let carol = Term::connect(addr, Login::Key("carol", &kc), 80, 24).await;
    carol.wait_text("no open seeks", 10).await;
    carol.send(b"n").await;
    carol.wait_text("Variant", 5).await;
    carol.send(b"\r").await; // a rated Classic seek, 10+5
    carol.wait_text("Open seeks (1)", 10).await;

    // The welcome card's Enter keeps the name (Term::connect does it).
    let newbie = Term::connect(addr, Login::Key("newbie", &kn), 80, 24).await;
    let lobby = newbie
        .wait_for("carol's seek in the lobby", 10, |t| {
            t.contains("Open seeks (1)") && t.contains("carol")
        })
        .await;
    assert!(
        lobby.contains("Enter play the computer"),
        "the lobby says what Enter does:\n{lobby}"
    );
    newbie.send(b"\r").await;
    let shown = newbie.wait_text("Set up your army", 10).await;
    assert!(
        shown.contains("casual") && !shown.contains("rated"),
        "a casual game against the computer:\n{shown}"
    );
    assert!(!shown.contains("carol"), "not carol's game:\n{shown}");
    // carol's seek is still open: she was not pulled into a game.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let c = carol.text();
    assert!(
        c.contains("Open seeks (1)") && !c.contains("Set up your army"),
        "{c}"
    );
}

/// MEDIUM 3: both ask for a rematch with r: the new game's set-up shows on both screens,
/// and neither is told that the other "left: no rematch" (they left the old game for the
/// new one).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agreed_rematch_says_nobody_left() {
    let server = start_server("newcomer-rematch").await;
    let addr = server.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    common::start_game(&alice, &bob).await;
    alice.wait_text("move 1", 10).await;
    bob.wait_text("move 1", 10).await;
    alice.send(b"R").await;
    alice.wait_text("Resign this game?", 5).await;
    alice.send(b"y").await;
    for t in [&alice, &bob] {
        t.wait_text("r rematch", 10).await;
    }
    alice.send(b"r").await;
    bob.wait_text("asks for a rematch", 10).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    bob.send(b"r").await;
    for t in [&alice, &bob] {
        t.wait_text("Set up your army", 10).await;
    }
    // Long enough for the old game to hear both leave.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    for t in [&alice, &bob] {
        let s = t.text();
        assert!(s.contains("Set up your army"), "{s}");
        assert!(!s.contains("no rematch"), "told of a rematch refused:\n{s}");
    }
}

/// MEDIUM 6: q on the "make the window larger" screen in the middle of a game asks first
/// (as q does everywhere else in a game) instead of dropping the connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn q_on_the_too_small_screen_asks_before_quitting() {
    let server = start_server("newcomer-small").await;
    let addr = server.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    common::start_game(&alice, &bob).await;
    alice.wait_text("move 1", 10).await;
    alice.resize(60, 20).await;
    alice.wait_text("make the window larger", 10).await;
    alice.send(b"q").await;
    alice.wait_text("Quit stratego-ssh?", 5).await;
    assert!(!alice.is_closed(), "the connection is still open");
    // n: still connected, still in the game.
    alice.send(b"n").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let s = alice.text();
    assert!(
        !alice.is_closed() && s.contains("make the window larger") && !s.contains("Quit"),
        "{s}"
    );
    alice.resize(120, 40).await;
    alice.wait_text("move 1", 10).await;
    // q then y does quit.
    alice.resize(60, 20).await;
    alice.wait_text("make the window larger", 10).await;
    alice.send(b"q").await;
    alice.wait_text("Quit stratego-ssh?", 5).await;
    alice.send(b"y").await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !alice.is_closed() {
        assert!(tokio::time::Instant::now() < deadline, "y quits");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// MEDIUM 5: a guest (no key) is told why it is a guest and what a guest can do, on a card
/// of its own; its name shows whole in the players list; p shows a page that says a guest
/// has no stored profile (not "loading the profile..." for ever).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_is_welcomed_and_its_profile_says_what_a_guest_is() {
    let server = start_server("newcomer-guest").await;
    let addr = server.running.addr;
    let g = Term::connect_env(addr, Login::Guest, Some((80, 24)), "xterm-256color", &[]).await;
    let card = g.wait_text("Welcome to stratego-ssh", 10).await;
    let said = card.split_whitespace().collect::<Vec<_>>().join(" ");
    for s in ["without a key", "cannot play rated games", "ssh-keygen"] {
        assert!(said.contains(s), "no {s:?}:\n{card}");
    }
    g.send(b"\r").await;
    let lobby = g
        .wait_for("the lobby with the guest listed", 10, |t| {
            !t.contains("Welcome to stratego-ssh") && t.contains("Players (1)")
        })
        .await;
    let nick = lobby
        .split_whitespace()
        .find(|w| w.starts_with("guest-"))
        .expect("the guest's name")
        .to_string();
    assert!(
        lobby.contains(&format!("● {nick}")),
        "the own name whole in the players list:\n{lobby}"
    );
    g.send(b"p").await;
    let page = g.wait_text("no stored profile", 10).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let page2 = g.text();
    assert!(
        !page2.contains("loading") && !page2.contains("not stored here"),
        "{page}\n{page2}"
    );
}

/// MEDIUM 4: a player who leaves a live game (q, y) for the lobby is told how it ended
/// when it ends there without them (here the opponent resigns).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_left_is_told_the_result_in_the_lobby() {
    let server = start_server("newcomer-away").await;
    let addr = server.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    let (red, blue) = red_moves_then_blue_leaves(&alice, &bob).await;
    // Red resigns: Blue, in the lobby, is told.
    red.send(b"R").await;
    red.wait_text("Resign this game?", 5).await;
    red.send(b"y").await;
    let told = blue.wait_text("has ended", 10).await;
    let said = told.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains("you won (resignation)"), "{told}");
}

/// alice and bob start a game; Red moves a front piece (so that leaving is not the end of
/// a game never begun); Blue leaves the game for the lobby (q, y). Returns (Red, Blue).
async fn red_moves_then_blue_leaves<'a>(alice: &'a Term, bob: &'a Term) -> (&'a Term, &'a Term) {
    common::start_game(alice, bob).await;
    let a_text = alice.wait_text("move 1", 10).await;
    let (red, blue) = if a_text.contains("you play Red") {
        (alice, bob)
    } else {
        (bob, alice)
    };
    let text = red.wait_text("Your turn", 10).await;
    let board = common::ScreenBoard::read(&text).expect("Red's board");
    let file = "ABEFIJ"
        .chars()
        .find(|f| common::is_movable_label(board.at(&format!("{f}4"))))
        .expect("a movable front piece");
    red.send(b"m").await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    red.type_str(&format!("{file}4 {file}5")).await;
    red.send(b"\r").await;
    blue.wait_text("Your turn", 10).await;
    blue.send(b"q").await;
    blue.wait_text("Leave this game?", 5).await;
    blue.send(b"y").await;
    blue.wait_text("Open seeks", 10).await;
    (red, blue)
}

/// MEDIUM 4: while the game waits for a player who left it for the lobby, the lobby lists
/// that player as having left the game (not "idle"), and the opponent reads that they left
/// the game (not that they lost the connection). Once they do lose it, the opponent reads
/// "disconnected".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn who_left_a_game_for_the_lobby_is_said_to_have_left_it() {
    let server = start_server("newcomer-left").await;
    let addr = server.running.addr;
    let (ka, kb, kc) = (new_key(), new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    let (red, blue) = red_moves_then_blue_leaves(&alice, &bob).await;
    let blue_nick = if std::ptr::eq(blue, &alice) {
        "alice"
    } else {
        "bob"
    };
    let game = red
        .wait_for("Red reads that Blue left the game", 10, |t| {
            t.contains("left the game")
        })
        .await;
    assert!(!game.contains("disconnected"), "{game}");
    // Another player in the lobby sees where Blue is.
    let carol = Term::connect(addr, Login::Key("carol", &kc), 120, 40).await;
    let lobby = carol
        .wait_for("Blue listed as having left the game", 10, |t| {
            t.lines()
                .any(|l| l.contains(blue_nick) && l.contains("left game #"))
        })
        .await;
    assert!(
        !lobby
            .lines()
            .any(|l| l.contains(blue_nick) && l.contains("idle")),
        "{lobby}"
    );
    // Blue's connection goes: now Red reads "disconnected".
    let red = if blue_nick == "alice" {
        alice.disconnect().await;
        &bob
    } else {
        bob.disconnect().await;
        &alice
    };
    let game = red
        .wait_for("Red reads that Blue lost the connection", 10, |t| {
            t.contains("disconnected")
        })
        .await;
    assert!(!game.contains("left the game"), "{game}");
}

/// MEDIUM 5: at 80x24 the guest's comeback command is one unbroken row (to copy whole),
/// and it stays until a key is pressed (it does not time out like other notices).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guests_comeback_command_is_one_row_at_80_columns_and_stays() {
    let server = start_server("newcomer-comeback").await;
    let addr = server.running.addr;
    let port = addr.port();
    let g = Term::connect_env(addr, Login::Guest, Some((80, 24)), "xterm-256color", &[]).await;
    g.wait_text("Welcome to stratego-ssh", 10).await;
    g.send(b"\r").await;
    let screen = g
        .wait_for("the lobby with the comeback line", 10, |t| {
            !t.contains("Welcome to") && t.contains("come back to your game with")
        })
        .await;
    let row = screen
        .lines()
        .find(|l| l.contains("ssh -o"))
        .unwrap_or_else(|| panic!("no row with the command:\n{screen}"));
    let command = row[row.find("ssh -o").unwrap()..].trim_end();
    let command = command.trim_end_matches("(Esc)").trim_end();
    let login = command
        .rsplit(' ')
        .next()
        .and_then(|w| w.strip_suffix("@127.0.0.1"))
        .unwrap_or_else(|| panic!("the row ends with the login at 127.0.0.1: {row:?}\n{screen}"));
    assert!(
        command == format!("ssh -o PubkeyAuthentication=no -p {port} {login}@127.0.0.1"),
        "the whole command on one row: {command:?}\n{screen}"
    );
    let (nick, token) = login.rsplit_once('-').expect("guest-NNNN-TOKEN");
    assert!(nick.starts_with("guest-") && token.len() == 16, "{login}");
    // Still there long after other notices would have gone.
    tokio::time::sleep(Duration::from_secs(14)).await;
    let later = g.text();
    assert!(later.contains(command), "{later}");
}

/// LOW: the set-up countdown is shown only where a deadline applies to people: against the
/// computer with no clock there is none (nobody waits), between two people there is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_set_up_countdown_only_where_someone_waits() {
    let server = start_server("newcomer-countdown").await;
    let addr = server.running.addr;
    let (ka, kb, kc) = (new_key(), new_key(), new_key());
    let newbie = Term::connect(addr, Login::Key("newbie", &kc), 80, 24).await;
    newbie.wait_text("Enter play the computer", 10).await;
    newbie.send(b"\r").await;
    let setup = newbie.wait_text("Set up your army", 10).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let setup2 = newbie.text();
    for s in [&setup, &setup2] {
        assert!(!countdown(s), "no countdown against the computer:\n{s}");
    }
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    alice.wait_text("no open seeks", 10).await;
    alice.send(b"n").await;
    alice.wait_text("Variant", 5).await;
    alice.send(b"\r").await;
    bob.wait_text("Open seeks (1)", 10).await;
    bob.send(b"j").await; // from the computer's row to alice's seek
    tokio::time::sleep(Duration::from_millis(50)).await;
    bob.send(b"\r").await;
    let shown = bob
        .wait_for("the countdown between two people", 10, |t| {
            t.contains("Set up your army") && countdown(t)
        })
        .await;
    assert!(shown.contains("4:5") || shown.contains("5:00"), "{shown}");
}

/// A set-up countdown on the screen: `4:59 left`.
fn countdown(screen: &str) -> bool {
    let words: Vec<&str> = screen.split_whitespace().collect();
    words.windows(2).any(|w| {
        w[1] == "left"
            && w[0].split_once(':').is_some_and(|(m, s)| {
                m.parse::<u32>().is_ok() && s.len() == 2 && s.parse::<u32>().is_ok()
            })
    })
}

/// LOW: `ssh host leaderboard` with nobody rated says so, per variant (it printed only a
/// header); `replay ID --format record` is the way to the stored record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empty_leaderboard_says_nobody_is_rated_yet() {
    let server = start_server("newcomer-board").await;
    let addr = server.running.addr;
    let k = new_key();
    for (arg, name) in [("", "Classic"), (" duel", "Duel"), (" barrage", "Barrage")] {
        let (out, status) = common::exec(addr, "sam", &k, &format!("leaderboard{arg}")).await;
        assert_eq!(status, Some(0), "{out}");
        assert!(out.contains(&format!("no rated {name} games yet")), "{out}");
    }
    let (out, _) = common::exec(addr, "sam", &k, "help").await;
    assert!(out.contains("replay ID [--format record|gravon]"), "{out}");
}

/// LOW: a spectator of a finished game follows the players into their rematch (it stayed
/// on "Next game starting..." of the old game).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_follows_the_players_into_the_rematch() {
    let server = start_server("newcomer-follow").await;
    let addr = server.running.addr;
    let (ka, kb, kc) = (new_key(), new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    common::start_game(&alice, &bob).await;
    alice.wait_text("move 1", 10).await;
    let carol = Term::connect(addr, Login::Key("carol", &kc), 120, 40).await;
    carol.wait_text("Games in play (1)", 10).await;
    for _ in 0..5 {
        if carol.text().contains("Enter watch") {
            break;
        }
        carol.send(b"\t").await;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    carol.send(b"\r").await;
    carol.wait_text("watching", 10).await;
    let first = carol.wait_text("game #1", 10).await;
    assert!(first.contains("move 1"), "{first}");
    alice.send(b"R").await;
    alice.wait_text("Resign this game?", 5).await;
    alice.send(b"y").await;
    for t in [&alice, &bob] {
        t.wait_text("r rematch", 10).await;
    }
    alice.send(b"r").await;
    bob.wait_text("asks for a rematch", 10).await;
    bob.send(b"r").await;
    let next = carol
        .wait_for("carol watching the rematch", 10, |t| {
            t.contains("game #2") && t.contains("Setting up")
        })
        .await;
    assert!(!next.contains("Next game starting"), "{next}");
}
