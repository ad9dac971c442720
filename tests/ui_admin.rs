//! The admin screen: only admins get in (A in the lobby); it lists sessions and bans, and
//! kick, ban, unban and broadcast each go through a dialog before anything is sent.

mod ui_support;

use std::sync::Arc;

use stratego_ssh::proto::{
    AdminBan, AdminCmd, AdminResult, AdminSession, AdminSnapshot, BanKind, LobbySnapshot,
    PlayerStatus,
};
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{App, Effect, Identity, Msg};
use ui_support::*;

const W: u16 = 100;
const H: u16 = 30;
const MALLORY_KEY: &str = "SHA256:mallorymallorymallorymallorymallory00000";

fn session(
    id: u64,
    nick: &str,
    key: Option<&str>,
    addr: &str,
    status: PlayerStatus,
) -> AdminSession {
    AdminSession {
        session: id,
        nick: nick.into(),
        guest: key.is_none(),
        key: key.map(str::to_string),
        addr: Some(addr.parse().unwrap()),
        status,
    }
}

fn snapshot() -> AdminSnapshot {
    AdminSnapshot {
        sessions: vec![
            session(
                1,
                "root",
                Some("SHA256:rootroot"),
                "127.0.0.1",
                PlayerStatus::Idle,
            ),
            session(
                4,
                "guest-0042",
                None,
                "2001:db8::7",
                PlayerStatus::Watching(3),
            ),
            session(
                2,
                "mallory",
                Some(MALLORY_KEY),
                "192.0.2.7",
                PlayerStatus::Playing(7),
            ),
        ],
        bans: vec![
            AdminBan {
                kind: BanKind::Nick,
                value: "eve".into(),
                reason: "cheating".into(),
                by: "SHA256:rootroot".into(),
                // 2024-05-01 12:30 UTC
                at: 1_714_566_600,
            },
            AdminBan {
                kind: BanKind::Addr,
                value: "198.51.100.9".into(),
                reason: "flooding".into(),
                by: "SHA256:rootroot".into(),
                at: 1_714_566_600,
            },
        ],
    }
}

fn admin_me(nick: &str) -> Identity {
    Identity {
        nick: nick.into(),
        guest: false,
        admin: true,
        ..Default::default()
    }
}

fn in_lobby(me: Identity) -> App {
    let mut a = App::new(me, settings(), W, H, 1);
    a.update(Msg::Lobby(Arc::new(LobbySnapshot::default())));
    a
}

/// An admin on the admin screen with the sessions and bans above.
fn admin_screen() -> App {
    let mut a = in_lobby(admin_me("root"));
    assert_eq!(a.update(key('A')), vec![Effect::Admin(AdminCmd::Refresh)]);
    a.update(Msg::Admin(snapshot()));
    a
}

fn screen(a: &App) -> String {
    text(&draw(a, W, H))
}

/// Moves the session selection to `nick` (the list starts on its first row).
fn select_session(a: &mut App, nick: &str) {
    let order: Vec<&str> = vec!["root", "guest-0042", "mallory"];
    let i = order.iter().position(|n| *n == nick).unwrap();
    for _ in 0..i {
        a.update(code(KeyCode::Down));
    }
}

#[test]
fn only_admins_are_offered_and_let_into_the_admin_screen() {
    // A player: no hint, and A only says why nothing happens.
    let mut p = in_lobby(me("bob"));
    let last = footer_lines(&draw(&p, W, H));
    assert!(!last.contains("admin"), "{last}");
    assert!(p.update(key('A')).is_empty());
    let t = screen(&p);
    assert!(t.contains("only for the server's admins"), "{t}");
    assert!(
        t.contains("Games in play") && !t.contains("Sessions online"),
        "{t}"
    );
    assert!(!p.admin_open());
    p.update(key('?'));
    assert!(!screen(&p).contains("admin screen"));

    // An admin: the hint is in the footer, even on the smallest terminal, and in help.
    let mut a = App::new(admin_me("root"), settings(), 80, 24, 1);
    a.update(Msg::Lobby(Arc::new(LobbySnapshot::default())));
    let last = footer_lines(&draw(&a, 80, 24));
    assert!(last.contains("A admin"), "{last}");
    a.update(key('?'));
    assert!(text(&draw(&a, 80, 24)).contains("admin screen"));
    a.update(code(KeyCode::Esc));
    assert_eq!(a.update(key('A')), vec![Effect::Admin(AdminCmd::Refresh)]);
    assert!(a.admin_open());
    let t = text(&draw(&a, 80, 24));
    assert!(t.contains("Admin") && t.contains("loading"), "{t}");
}

/// The footer's rows (one or two, under the lowest border).
fn footer_lines(buf: &ratatui::buffer::Buffer) -> String {
    let ls = lines(buf);
    let border = ls.iter().rposition(|l| l.contains('╯')).unwrap_or(0);
    ls[border + 1..].join("\n")
}

#[test]
fn shows_sessions_with_identity_address_and_whereabouts_and_the_bans() {
    let a = admin_screen();
    let t = screen(&a);
    for s in [
        "3 sessions online, 2 bans",
        "root (you)",
        "mallory",
        "192.0.2.7",
        "playing #7",
        "guest-0042",
        "guest",
        "2001:db8::7",
        "watching #3",
        "lobby",
        "SHA256:mallory",
        // bans
        "nick",
        "eve",
        "cheating",
        "addr",
        "198.51.100.9",
        "flooding",
        "2024-05-01 12:30",
        "SHA256:rootroot",
    ] {
        assert!(t.contains(s), "missing {s:?}\n{t}");
    }
    let last = lines(&draw(&a, W, H)).pop().unwrap();
    assert!(
        last.contains("K kick") && last.contains("B ban") && last.contains("Esc lobby"),
        "{last}"
    );
}

#[test]
fn the_screen_fits_80x24_and_huge_terminals() {
    for (w, h) in [(80, 24), (500, 200)] {
        let mut a = App::new(admin_me("root"), settings(), w, h, 1);
        a.update(key('A'));
        a.update(Msg::Admin(snapshot()));
        let t = text(&draw(&a, w, h));
        assert!(
            t.contains("mallory") && t.contains("playing #7") && t.contains("cheating"),
            "{w}x{h}\n{t}"
        );
    }
}

#[test]
fn kick_asks_for_a_reason_before_anything_is_sent() {
    let mut a = admin_screen();
    select_session(&mut a, "mallory");
    assert!(a.update(key('K')).is_empty());
    let t = screen(&a);
    assert!(t.contains("Kick mallory") && t.contains("reason:"), "{t}");
    // Esc: nothing sent, dialog gone.
    assert!(a.update(code(KeyCode::Esc)).is_empty());
    assert!(!screen(&a).contains("Kick mallory"));
    // Again, with a reason typed (letters that are keys elsewhere go into the text).
    a.update(key('K'));
    assert!(type_text(&mut a, "spam? q").is_empty());
    assert!(screen(&a).contains("reason: spam? q"));
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(
        fx,
        vec![Effect::Admin(AdminCmd::Kick {
            nick: "mallory".into(),
            reason: "spam? q".into()
        })]
    );
    // The server's answer is shown on the screen.
    a.update(Msg::AdminResult(AdminResult {
        text: "kicked 1 session(s) of mallory".into(),
        ok: true,
    }));
    assert!(screen(&a).contains("kicked 1 session(s) of mallory"));
}

#[test]
fn ban_chooses_nick_key_or_address_and_asks_a_reason() {
    let mut a = admin_screen();
    select_session(&mut a, "mallory");
    a.update(key('B'));
    let t = screen(&a);
    assert!(
        t.contains("Ban mallory") && t.contains("< nick mallory >"),
        "{t}"
    );
    a.update(code(KeyCode::Right));
    assert!(screen(&a).contains(&format!("< key {MALLORY_KEY}")));
    a.update(code(KeyCode::Right));
    assert!(screen(&a).contains("< addr 192.0.2.7 >"));
    a.update(code(KeyCode::Right)); // back round to the nick
    a.update(code(KeyCode::Right)); // the key
    type_text(&mut a, "ban evasion");
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(
        fx,
        vec![Effect::Admin(AdminCmd::Ban {
            kind: BanKind::Key,
            value: MALLORY_KEY.into(),
            reason: "ban evasion".into()
        })]
    );
    // A guest has a new name each visit and no key: its address comes first, then
    // the nick.
    let mut a = admin_screen();
    select_session(&mut a, "guest-0042");
    a.update(key('B'));
    assert!(screen(&a).contains("< addr 2001:db8::7 >"));
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(
        fx,
        vec![Effect::Admin(AdminCmd::Ban {
            kind: BanKind::Addr,
            value: "2001:db8::7".into(),
            reason: String::new()
        })]
    );
    let mut a = admin_screen();
    select_session(&mut a, "guest-0042");
    a.update(key('B'));
    a.update(code(KeyCode::Left));
    assert!(screen(&a).contains("< nick guest-0042 >"));
}

#[test]
fn an_admin_cannot_kick_or_ban_their_own_session_here() {
    let mut a = admin_screen();
    // The first row is root, the admin.
    assert!(a.update(key('K')).is_empty());
    assert!(a.update(key('B')).is_empty());
    let t = screen(&a);
    assert!(t.contains("That is you"), "{t}");
    assert!(!t.contains("Kick root") && !t.contains("Ban root"));
}

#[test]
fn unban_asks_yes_or_no() {
    let mut a = admin_screen();
    a.update(code(KeyCode::Tab));
    a.update(code(KeyCode::Down)); // the address ban
    assert!(a.update(key('U')).is_empty());
    assert!(screen(&a).contains("Lift the ban on addr 198.51.100.9?"));
    assert!(a.update(key('n')).is_empty());
    assert!(!screen(&a).contains("Lift the ban"));
    a.update(code(KeyCode::Enter));
    assert!(screen(&a).contains("Lift the ban on addr 198.51.100.9?"));
    assert_eq!(
        a.update(key('y')),
        vec![Effect::Admin(AdminCmd::Unban {
            kind: BanKind::Addr,
            value: "198.51.100.9".into()
        })]
    );
    // A failure is shown as one.
    a.update(Msg::AdminResult(AdminResult {
        text: "addr 198.51.100.9 was not banned".into(),
        ok: false,
    }));
    assert!(screen(&a).contains("! addr 198.51.100.9 was not banned"));
}

#[test]
fn broadcast_needs_text_and_sends_it() {
    let mut a = admin_screen();
    a.update(key('M'));
    assert!(screen(&a).contains("Broadcast"));
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    assert!(screen(&a).contains("Type a message first"));
    type_text(&mut a, "restart at noon");
    assert_eq!(
        a.update(code(KeyCode::Enter)),
        vec![Effect::Admin(AdminCmd::Broadcast("restart at noon".into()))]
    );
    assert!(!screen(&a).contains("Type a message first"));
}

#[test]
fn esc_goes_back_to_the_lobby() {
    let mut a = admin_screen();
    assert!(a.update(code(KeyCode::Esc)).is_empty());
    assert!(!a.admin_open());
    let t = screen(&a);
    assert!(
        t.contains("Open seeks") && !t.contains("Sessions online"),
        "{t}"
    );
    // A result arriving after leaving is still told.
    a.update(Msg::AdminResult(AdminResult {
        text: "sent".into(),
        ok: true,
    }));
    assert!(screen(&a).contains("sent"));
}

#[test]
fn selection_stays_on_the_same_session_when_the_list_changes() {
    let mut a = admin_screen();
    select_session(&mut a, "mallory");
    let mut s = snapshot();
    s.sessions.remove(1); // guest-0042 left: mallory moves up a row
    a.update(Msg::Admin(s));
    a.update(key('K'));
    assert!(screen(&a).contains("Kick mallory"));
}

#[test]
fn a_click_selects_a_session() {
    let mut a = admin_screen();
    let buf = draw(&a, W, H);
    let (y, row) = lines(&buf)
        .into_iter()
        .enumerate()
        .find(|(_, l)| l.contains("mallory"))
        .unwrap();
    let x = row.find("mallory").unwrap() as u16;
    a.update(click(x, y as u16));
    a.update(key('K'));
    assert!(screen(&a).contains("Kick mallory"));
}

#[test]
fn text_from_users_cannot_reach_the_terminal_as_control_characters() {
    let mut a = admin_screen();
    let mut s = snapshot();
    s.bans[0].reason = "\u{1b}]0;owned\u{7}rude\u{1b}[31m words\r\nmore".into();
    s.sessions[2].nick = "mal\u{1b}[2Jlory".into();
    a.update(Msg::Admin(s));
    let buf = draw(&a, W, H);
    let t = text(&buf);
    assert!(t.contains("rude words more"), "{t}");
    assert!(t.contains("mallory"), "{t}");
    for y in 0..H {
        for x in 0..W {
            let sym = buf[(x, y)].symbol();
            assert!(!sym.chars().any(|c| c.is_control()), "{sym:?} at {x},{y}");
        }
    }
}

#[test]
fn a_game_starting_takes_over_the_screen() {
    let mut a = admin_screen();
    send_game(
        &mut a,
        ui_support::snapshot(
            stratego_ssh::proto::GamePhase::Setup,
            Some(stratego_ssh::rules::Color::Red),
            None,
        ),
        std::time::Instant::now(),
    );
    assert!(!a.admin_open());
    assert!(screen(&a).contains("alice"));
}

#[test]
fn fits_80x24_every_key_and_no_word_cut_without_a_mark() {
    for (w, h) in [(80, 24), (100, 30), (120, 40), (160, 50)] {
        let mut a = App::new(admin_me("root"), settings(), w, h, 1);
        a.update(Msg::Lobby(Arc::new(LobbySnapshot::default())));
        a.update(key('A'));
        a.update(Msg::Admin(snapshot()));
        let t = text(&draw(&a, w, h));
        // A key that does not fit its column is cut with a mark.
        assert!(
            t.contains(MALLORY_KEY) || t.contains("SHA256:mal") && t.contains('…'),
            "{w}x{h}\n{t}"
        );
        a.update(code(KeyCode::Tab));
        let t = text(&draw(&a, w, h));
        for hint in [
            "U/Enter unban",
            "M broadcast",
            "Esc lobby",
            "Tab sessions",
            "K kick",
            "B ban",
            "r refresh",
            "? help",
        ] {
            assert!(t.contains(hint), "{w}x{h}: no {hint:?}\n{t}");
        }
    }
}
