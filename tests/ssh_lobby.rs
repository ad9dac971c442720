//! Lobby over real SSH connections: guests, nicknames, chat cleaning, resize.

mod common;

use std::time::Duration;

use common::{new_key, start_server, Login, Term};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_without_a_key_gets_in_and_plays_casual_only() {
    let server = start_server("guest").await;
    let guest = Term::connect(server.running.addr, Login::Guest, 100, 30).await;
    let text = guest.wait_text("you are guest-", 10).await;
    assert!(
        text.contains("no open seeks"),
        "the lobby is shown:\n{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_key_cannot_take_an_owned_nickname() {
    let server = start_server("nick").await;
    let addr = server.running.addr;
    let (k1, k2) = (new_key(), new_key());
    let owner = Term::connect(addr, Login::Key("carol", &k1), 100, 30).await;
    owner.wait_text("you are carol ", 10).await;
    owner.disconnect().await;
    tokio::time::sleep(Duration::from_millis(100)).await;

    // (The welcome card of this first login stays open: the notice shows over it.)
    let other = Term::connect_env(
        addr,
        Login::Key("carol", &k2),
        Some((100, 30)),
        "xterm",
        &[],
    )
    .await;
    let text = other.wait_text("belongs to another key", 10).await;
    assert!(
        text.contains("you are carol2"),
        "offered a free name:\n{text}"
    );

    // The owner still gets the name back.
    let again = Term::connect(addr, Login::Key("carol", &k1), 100, 30).await;
    again.wait_text("you are carol ", 10).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_with_escape_sequences_arrives_cleaned() {
    let server = start_server("chat").await;
    let addr = server.running.addr;
    let (k1, k2) = (new_key(), new_key());
    let alice = Term::connect(addr, Login::Key("alice", &k1), 100, 30).await;
    let bob = Term::connect(addr, Login::Key("bob", &k2), 100, 30).await;
    alice.wait_text("bob", 10).await;
    alice.send(b"t").await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    // Pasted text can carry anything: colours, a title change, a screen clear, bidi.
    alice
        .send(b"\x1b[200~hello \x1b[31mred\x1b[0m \x1b]0;pwned\x07world\x1b[2J \xe2\x80\xaeevil\x1b[201~")
        .await;
    alice.send(b"\r").await;
    let text = bob.wait_text("hello red world", 10).await;
    assert!(text.contains("evil"), "{text}");
    let raw = String::from_utf8_lossy(&bob.raw()).to_string();
    assert!(
        !raw.contains("pwned"),
        "the title sequence never reaches another screen"
    );
    assert!(
        !raw.contains('\u{202e}'),
        "no bidi override reaches another screen"
    );
    assert!(!raw.contains("\x1b]0;"), "no OSC reaches another screen");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_keys_is_drawn_as_it_ends_not_once_a_key() {
    let server = start_server("burst").await;
    let key = new_key();
    let t = Term::connect(server.running.addr, Login::Key("fay", &key), 100, 30).await;
    t.wait_text("no open seeks", 10).await;
    t.send(b"t").await;
    t.wait_text("Enter send", 10).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Thirty keys, each its own SSH packet, sent without waiting for the screen: the session
    // takes what is already queued before drawing, so the client gets the line as it ends in
    // a few frames, not thirty. (Each frame is one data message.)
    const LINE: &str = "thequickbrownfoxjumpsoverlazyd";
    let before = t.packets();
    for c in LINE.bytes() {
        t.send(&[c]).await;
    }
    t.wait_text(LINE, 10).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let frames = t.packets() - before;
    eprintln!("{} keys sent at once: {frames} frames", LINE.len());
    assert!(
        frames <= LINE.len() / 3,
        "{} keys sent at once were drawn in {frames} frames",
        LINE.len()
    );
    // Nothing was lost or reordered: the whole line is sent as typed.
    t.send(b"\r").await;
    let text = t.wait_text(&format!("fay: {LINE}"), 10).await;
    assert!(!text.contains("Enter send"), "the line was sent:\n{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resize_redraws_and_small_windows_get_a_friendly_screen() {
    let server = start_server("resize").await;
    let key = new_key();
    let t = Term::connect(server.running.addr, Login::Key("dave", &key), 100, 30).await;
    t.wait_text("no open seeks", 10).await;
    t.resize(60, 20).await;
    let small = t.wait_text("larger", 10).await;
    assert!(!small.contains("Open seeks"), "{small}");
    t.resize(130, 45).await;
    let big = t.wait_text("Open seeks", 10).await;
    // The redraw uses the new width: the lobby's frame reaches the last column.
    let widest = big.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(
        widest > 100,
        "drawn for 130 columns, widest line {widest}:\n{big}"
    );
    // A huge window is clamped, not a crash.
    t.resize(5000, 3000).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    t.resize(100, 30).await;
    t.wait_text("Open seeks", 10).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_bytes_on_the_channel_change_nothing() {
    let server = start_server("garbage").await;
    let key = new_key();
    let t = Term::connect(server.running.addr, Login::Key("erin", &key), 100, 30).await;
    t.wait_text("no open seeks", 10).await;
    // Invalid UTF-8, NULs, overlong and unterminated escape sequences, stray C1 bytes.
    let mut junk: Vec<u8> = Vec::new();
    let mut x: u32 = 12345;
    for _ in 0..2048 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        junk.push(0x80 | (x >> 16) as u8);
    }
    junk.extend_from_slice(b"\x00\x00\x1b[999999999999999;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;~");
    junk.extend_from_slice(b"\x1b[<999999;99999;99999M\x1b[<0;0;0M\x9b\x9b\xff\xfe");
    junk.extend(std::iter::repeat_n(b'9', 300).map(|_| 0xc3u8));
    for chunk in junk.chunks(37) {
        t.send(chunk).await;
    }
    for _ in 0..3 {
        t.send(b"\x1b").await;
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Nothing happened: still the lobby, no seek, no game; and it still answers keys.
    let text = t.wait_text("Open seeks (0)", 10).await;
    assert!(text.contains("Games in play (0)"), "{text}");
    assert!(!t.is_closed());
    t.send(b"?").await;
    t.wait_text("Lobby keys", 10).await;
}

/// Whether any SGR sequence in the bytes sets a colour (30-48, 90-107, 38;5/48;5, ...).
fn sends_colour(raw: &str) -> bool {
    raw.split("\x1b[").skip(1).any(|seq| {
        let params: String = seq
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == ';')
            .collect();
        seq[params.len()..].starts_with('m')
            && params.split(';').any(|p| {
                // 39 and 49 are the terminal's own colours.
                matches!(p.parse::<u32>(),
                    Ok(n) if ((30..=49).contains(&n) && n != 39 && n != 49)
                        || (90..=107).contains(&n))
            })
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plain_terminals_get_ascii_and_no_color_gets_no_colour() {
    let server = start_server("terminals").await;
    let addr = server.running.addr;
    // (TERM=dumb gets the line mode: tests/line_switch.rs.)
    for (term, nick) in [("vt100", "vera"), ("linux", "lin")] {
        let key = new_key();
        let t = Term::connect_env(addr, Login::Key(nick, &key), Some((100, 30)), term, &[]).await;
        let text = t.wait_text(&format!("you are {nick}"), 10).await;
        assert!(text.is_ascii(), "TERM={term} draws ASCII only:\n{text}");
        t.disconnect().await;
    }
    // An xterm still gets box drawing and colour.
    let t = Term::connect(addr, Login::Key("xena", &new_key()), 100, 30).await;
    let text = t.wait_text("you are xena", 10).await;
    assert!(!text.is_ascii(), "{text}");
    assert!(sends_colour(&String::from_utf8_lossy(&t.raw())));
    // NO_COLOR: not one colour in the bytes sent.
    let t = Term::connect_env(
        addr,
        Login::Key("nora", &new_key()),
        Some((100, 30)),
        "xterm-256color",
        &[("NO_COLOR", "1")],
    )
    .await;
    t.wait_text("you are nora", 10).await;
    assert!(
        !sends_colour(&String::from_utf8_lossy(&t.raw())),
        "a colour was sent under NO_COLOR"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn staff_names_and_look_alikes_of_a_player_are_refused() {
    let server = start_server("names").await;
    let addr = server.running.addr;
    let alice = Term::connect(addr, Login::Key("alice", &new_key()), 120, 30).await;
    alice.wait_text("you are alice ", 10).await;

    // (The welcome card of these first logins stays open: the notices show over it.)
    let fake = Term::connect_env(
        addr,
        Login::Key("AIice", &new_key()),
        Some((120, 30)),
        "xterm",
        &[],
    )
    .await;
    let text = fake.wait_text("looks too much like alice", 10).await;
    assert!(text.contains("you are AIice2"), "{text}");

    let admin = Term::connect_env(
        addr,
        Login::Key("admin", &new_key()),
        Some((120, 30)),
        "xterm",
        &[],
    )
    .await;
    let text = admin.wait_text("staff", 10).await;
    assert!(!text.contains("you are admin "), "{text}");
    let bot = Term::connect_env(
        addr,
        Login::Key("bot-easy", &new_key()),
        Some((120, 30)),
        "xterm",
        &[],
    )
    .await;
    let text = bot.wait_text("staff", 10).await;
    assert!(!text.contains("you are bot-easy"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_key_chooses_its_name_on_a_welcome_card_and_may_change_it_once_later() {
    let server = start_server("welcome").await;
    let addr = server.running.addr;
    let key = new_key();
    // `ssh host` sends the local login name: the card offers another.
    let t = Term::connect_env(
        addr,
        Login::Key("root", &key),
        Some((100, 30)),
        "xterm",
        &[],
    )
    .await;
    let card = t.wait_text("Welcome to stratego-ssh", 10).await;
    assert!(card.contains("ssh-keygen -t ed25519"), "{card}");
    assert!(
        card.contains(&format!("-p {}", addr.port())),
        "the server's own port: {card}"
    );
    t.type_str("Rosalind").await;
    t.send(b"\r").await;
    t.wait_text("you are Rosalind", 10).await;
    t.disconnect().await;

    // The name is the key's: next time, no card, the chosen name.
    let t = Term::connect(addr, Login::Key("whatever", &key), 100, 30).await;
    let text = t.wait_text("you are Rosalind", 10).await;
    assert!(!text.contains("Welcome to stratego-ssh"), "{text}");
    // One change later, from the profile (the card's choice did not use it up).
    t.send(b"p").await;
    t.wait_text("change your name (once)", 10).await;
    // `r` works once the profile has arrived from the store.
    for _ in 0..50 {
        t.send(b"r").await;
        tokio::time::sleep(Duration::from_millis(100)).await;
        let shown = t.text();
        if shown.contains("Change your name") {
            break;
        }
        if shown.contains("Wait for the profile") {
            t.send(b"\x1b").await;
        }
    }
    t.wait_text("Change your name", 10).await;
    t.type_str("Rosa").await;
    t.send(b"\r").await;
    t.wait_text("Your name is Rosa", 10).await;
    t.disconnect().await;
    let (board, _) = common::exec(addr, "x", &key, "games Rosalind").await;
    assert!(!board.contains("cannot"), "{board}");
    // The old name is reserved: another key does not get it.
    let other = Term::connect(addr, Login::Key("Rosalind", &new_key()), 100, 30).await;
    let text = other.wait_text("you are", 10).await;
    assert!(!text.contains("you are Rosalind "), "{text}");
}
