//! The admin screen: only admins get in (A in the lobby); it lists sessions, bans and
//! tournaments, and kick, ban, unban, broadcast, and a tournament's start, cancel, creation
//! and edit each go through a dialog or a form before anything is sent.

mod ui_support;

use std::sync::Arc;

use stratego_ssh::proto::{
    AdminBan, AdminCmd, AdminResult, AdminSession, AdminSnapshot, BanKind, ClockSpec, EntryRule,
    Format, LobbySnapshot, PlayerStatus, Standing, TournamentInfo, TournamentOrder,
    TournamentStatus, TournamentTerms,
};
use stratego_ssh::rules::{Rules, Variant};
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
    let help = text(&draw(&a, 80, 24));
    assert!(help.contains("admin screen"), "{help}");
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
            "Tab tournaments",
            "K kick",
            "B ban",
            "r refresh",
            "? help",
        ] {
            assert!(t.contains(hint), "{w}x{h}: no {hint:?}\n{t}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Tournaments.

/// The wall clock of the tournament tests: 2027-01-15 08:00 UTC.
const NOW: u64 = 1_800_000_000;

fn tournament(id: u64, name: &str, format: Format, status: TournamentStatus) -> TournamentInfo {
    TournamentInfo {
        id,
        terms: TournamentTerms {
            name: name.into(),
            format,
            game: terms(Variant::Classic),
            starts_at: NOW + 300,
            entry: EntryRule::Anyone,
            min_rated_games: 0,
        },
        status,
        created_by: "root".into(),
        ends_at: None,
        round: 0,
        standings: vec![],
        absent: vec![],
        games: vec![],
        chat: vec![],
        note: String::new(),
    }
}

fn entrant(nick: &str, withdrawn: bool) -> Standing {
    Standing {
        rank: 1,
        pid: format!("key:{nick}"),
        nick: nick.into(),
        rating: 1500,
        points: 0,
        marks: vec![],
        games: 0,
        performance: None,
        buchholz: 0,
        sonneborn: 0,
        fire: false,
        withdrawn,
    }
}

/// A finished Swiss (listed first here, shown last), a running arena with two entrants
/// (one withdrawn) ending in 29 minutes, an upcoming Swiss starting in 5 minutes.
fn lobby_tournaments() -> Vec<TournamentInfo> {
    let mut done = tournament(
        3,
        "Winter swiss",
        Format::Swiss { rounds: 5 },
        TournamentStatus::Finished,
    );
    done.terms.starts_at = 1_714_566_600; // 2024-05-01 12:30 UTC
    let mut arena = tournament(
        1,
        "Spring arena",
        Format::Arena { minutes: 30 },
        TournamentStatus::Running,
    );
    arena.terms.starts_at = NOW - 60;
    arena.ends_at = Some(NOW + 29 * 60);
    arena.standings = vec![entrant("alice", false), entrant("bob", true)];
    let mut swiss = tournament(
        2,
        "Cup two",
        Format::Swiss { rounds: 3 },
        TournamentStatus::Upcoming,
    );
    swiss.terms.min_rated_games = 5;
    swiss.standings = vec![entrant("alice", false)];
    vec![done, arena, swiss]
}

fn with_tournaments(list: Vec<TournamentInfo>) -> LobbySnapshot {
    LobbySnapshot {
        tournaments: list,
        ..LobbySnapshot::default()
    }
}

/// The admin screen with the tournaments above, the wall clock at [`NOW`].
fn tournaments_screen() -> App {
    let mut a = admin_screen();
    a.set_unix_time(NOW);
    a.update(Msg::Lobby(Arc::new(with_tournaments(lobby_tournaments()))));
    a
}

/// Tab to the tournaments list and down to row `i` (running, upcoming, finished).
fn select_tournament(a: &mut App, i: usize) {
    a.update(code(KeyCode::Tab));
    a.update(code(KeyCode::Tab));
    for _ in 0..i {
        a.update(code(KeyCode::Down));
    }
}

/// The screen's line holding `s`.
fn line_with(a: &App, s: &str) -> String {
    lines(&draw(a, W, H))
        .into_iter()
        .find(|l| l.contains(s))
        .unwrap_or_else(|| panic!("no line with {s:?}\n{}", screen(a)))
}

fn tournament_fx(a: &mut App, m: Msg) -> Option<TournamentOrder> {
    match a.update(m).as_slice() {
        [Effect::Admin(AdminCmd::Tournament(o))] => Some(o.clone()),
        [] => None,
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn lists_tournaments_open_ones_first_with_status_format_time_and_entrants() {
    let mut a = tournaments_screen();
    let t = screen(&a);
    assert!(t.contains("Tournaments (3)"), "{t}");
    assert!(
        t.contains("3 sessions online, 2 bans, 3 tournaments"),
        "{t}"
    );
    let arena = line_with(&a, "Spring arena");
    for s in ["#1", "running", "Arena 30m", "ends in 29:00"] {
        assert!(arena.contains(s), "{s:?} not in {arena:?}");
    }
    // One entrant: the one who withdrew is not counted.
    assert!(arena.trim_end_matches(['│', ' ']).ends_with('1'), "{arena}");
    let swiss = line_with(&a, "Cup two");
    for s in ["#2", "upcoming", "Swiss 3r", "2027-01-15 08:05"] {
        assert!(swiss.contains(s), "{s:?} not in {swiss:?}");
    }
    let done = line_with(&a, "Winter swiss");
    for s in ["#3", "finished", "Swiss 5r", "2024-05-01 12:30"] {
        assert!(done.contains(s), "{s:?} not in {done:?}");
    }
    let ls = lines(&draw(&a, W, H));
    let row = |s: &str| ls.iter().position(|l| l.contains(s)).unwrap();
    assert!(row("Spring arena") < row("Cup two") && row("Cup two") < row("Winter swiss"));
    // Tab reaches the list, its keys in the footer; it goes round to the sessions.
    select_tournament(&mut a, 0);
    let foot = footer_lines(&draw(&a, W, H));
    for hint in ["S start", "X cancel", "E edit", "N new", "Tab sessions"] {
        assert!(foot.contains(hint), "no {hint:?} in {foot}");
    }
    a.update(code(KeyCode::Tab));
    assert!(footer_lines(&draw(&a, W, H)).contains("Tab bans"));
    // The help lists the keys.
    a.update(key('?'));
    let t = screen(&a);
    assert!(t.contains("start the selected tournament now"), "{t}");
    assert!(t.contains("a new tournament"), "{t}");
}

#[test]
fn n_opens_the_form_and_enter_creates_the_tournament_with_its_terms() {
    let mut a = tournaments_screen();
    assert!(a.update(key('N')).is_empty());
    let t = screen(&a);
    assert!(t.contains("New tournament"), "{t}");
    assert!(
        t.contains("< Arena >") && t.contains("in 10 minutes"),
        "{t}"
    );
    assert!(
        t.contains("Other rule options: ssh host admin tournament ..."),
        "{t}"
    );
    // Letters that are keys elsewhere go into the name.
    assert!(type_text(&mut a, "Sunday Swiss q").is_empty());
    a.update(code(KeyCode::Down)); // format
    a.update(code(KeyCode::Right));
    assert!(screen(&a).contains("< Swiss >"));
    a.update(code(KeyCode::Down)); // rounds
    assert!(screen(&a).contains("Rounds"));
    a.update(code(KeyCode::Backspace));
    type_text(&mut a, "x3"); // a letter is not a number
    a.update(code(KeyCode::Down)); // variant
    a.update(code(KeyCode::Right));
    a.update(code(KeyCode::Down)); // clock: 5+3 -> 10+5
    a.update(code(KeyCode::Right));
    a.update(code(KeyCode::Down)); // rated -> casual
    a.update(key(' '));
    a.update(code(KeyCode::Down)); // start: in 10 minutes -> in 30
    a.update(code(KeyCode::Right));
    assert!(screen(&a).contains("in 30 minutes (2027-01-15 08:30 UTC)"));
    a.update(code(KeyCode::Down)); // entry: key holders
    a.update(code(KeyCode::Right));
    let t = screen(&a);
    assert!(t.contains("< key holders >"), "{t}");
    // The field's line of help, wrapped in the form.
    assert!(
        t.contains("An invitation list is set") && t.contains("only from the command line"),
        "{t}"
    );
    a.update(code(KeyCode::Down)); // min rated games
    a.update(code(KeyCode::Backspace));
    type_text(&mut a, "10");
    let order = tournament_fx(&mut a, code(KeyCode::Enter)).expect("an order");
    let TournamentOrder::Create { terms, by } = order else {
        panic!("{order:?}");
    };
    assert_eq!(by, "root");
    assert_eq!(terms.name, "Sunday Swiss q");
    assert_eq!(terms.format, Format::Swiss { rounds: 3 });
    assert_eq!(terms.game.rules, Rules::standard(Variant::Duel));
    assert_eq!(
        terms.game.clock,
        Some(ClockSpec {
            initial_secs: 600,
            increment_secs: 5
        })
    );
    assert!(!terms.game.rated);
    assert_eq!(terms.starts_at, NOW + 30 * 60);
    assert_eq!(terms.entry, EntryRule::KeyHolders);
    assert_eq!(terms.min_rated_games, 10);
    assert!(!screen(&a).contains("New tournament"));
}

#[test]
fn the_form_keeps_the_command_line_defaults() {
    let mut a = tournaments_screen();
    a.update(key('N'));
    type_text(&mut a, "Quick");
    let Some(TournamentOrder::Create { terms, .. }) = tournament_fx(&mut a, code(KeyCode::Enter))
    else {
        panic!("no create");
    };
    assert_eq!(
        terms,
        TournamentTerms {
            name: "Quick".into(),
            format: Format::Arena { minutes: 60 },
            game: stratego_ssh::proto::GameTerms {
                rules: Rules::standard(Variant::Classic),
                rated: true,
                clock: Some(ClockSpec {
                    initial_secs: 300,
                    increment_secs: 3
                }),
                days: None,
                budget: None,
            },
            starts_at: NOW + 600,
            entry: EntryRule::Anyone,
            min_rated_games: 0,
        }
    );
}

#[test]
fn an_empty_name_or_a_bad_length_is_refused_in_the_form() {
    let mut a = tournaments_screen();
    a.update(key('N'));
    type_text(&mut a, "  ");
    assert_eq!(tournament_fx(&mut a, code(KeyCode::Enter)), None);
    let t = screen(&a);
    assert!(
        t.contains("New tournament") && t.contains("Give the tournament a name first"),
        "{t}"
    );
    type_text(&mut a, "Long one");
    a.update(code(KeyCode::Down));
    a.update(code(KeyCode::Down)); // minutes
    for _ in 0..2 {
        a.update(code(KeyCode::Backspace));
    }
    type_text(&mut a, "999");
    assert_eq!(tournament_fx(&mut a, code(KeyCode::Enter)), None);
    assert!(screen(&a).contains("An arena lasts 1 to 720 minutes"));
    // Esc: nothing sent, the form gone.
    assert!(a.update(code(KeyCode::Esc)).is_empty());
    assert!(!screen(&a).contains("New tournament"));
}

#[test]
fn start_asks_yes_or_no_and_sends_start() {
    let mut a = tournaments_screen();
    select_tournament(&mut a, 1); // the upcoming Swiss
    assert!(a.update(key('S')).is_empty());
    assert!(screen(&a).contains("Start #2 \"Cup two\" now?"));
    assert!(a.update(key('n')).is_empty());
    assert!(!screen(&a).contains("Start #2"));
    a.update(key('S'));
    assert_eq!(
        tournament_fx(&mut a, key('y')),
        Some(TournamentOrder::Start { id: 2, by: None })
    );
    // The server's answer shows under the header.
    a.update(Msg::AdminResult(AdminResult {
        text: "tournament #2 is running".into(),
        ok: true,
    }));
    assert!(screen(&a).contains("tournament #2 is running"));
    // A running one cannot be started: said on the result line, nothing asked.
    let mut a = tournaments_screen();
    select_tournament(&mut a, 0);
    assert!(a.update(key('S')).is_empty());
    let t = screen(&a);
    assert!(
        t.contains("is running: only an upcoming one can be started") && !t.contains("now?"),
        "{t}"
    );
}

#[test]
fn cancel_asks_yes_or_no_and_sends_cancel() {
    let mut a = tournaments_screen();
    select_tournament(&mut a, 0); // the running arena
    assert!(a.update(key('X')).is_empty());
    assert!(screen(&a).contains("Cancel #1 \"Spring arena\" (running)?"));
    assert!(a.update(code(KeyCode::Esc)).is_empty());
    assert!(a.admin_open() && !screen(&a).contains("Cancel #1"));
    a.update(key('X'));
    assert_eq!(
        tournament_fx(&mut a, key('y')),
        Some(TournamentOrder::Cancel { id: 1, by: None })
    );
    // A finished one is over already.
    let mut a = tournaments_screen();
    select_tournament(&mut a, 2);
    assert!(a.update(key('X')).is_empty());
    assert!(screen(&a).contains("is finished already"));
}

#[test]
fn e_on_a_running_tournament_says_it_can_no_longer_be_edited() {
    let mut a = tournaments_screen();
    select_tournament(&mut a, 0);
    assert!(a.update(key('E')).is_empty());
    let t = screen(&a);
    assert!(
        t.contains("! Tournament #1 \"Spring arena\" has started: it can no longer be edited"),
        "{t}"
    );
    assert!(!t.contains("Edit tournament"), "{t}");
}

#[test]
fn e_on_an_upcoming_tournament_fills_the_form_and_sends_edit() {
    let mut a = tournaments_screen();
    let mut l = with_tournaments(lobby_tournaments());
    // Options the form does not show stay as they are.
    l.tournaments[2].terms.game.rules.options.rescue = true;
    l.tournaments[2].terms.entry = EntryRule::Nicks(vec!["alice".into(), "bob".into()]);
    a.update(Msg::Lobby(Arc::new(l.clone())));
    select_tournament(&mut a, 1);
    a.update(key('E'));
    let t = screen(&a);
    for s in [
        "Edit tournament #2",
        "Cup two_",
        "< Swiss >",
        "Rounds",
        "as set: 2027-01-15 08:05 UTC",
        "invited: alice, bob",
        "Enter save",
    ] {
        assert!(t.contains(s), "no {s:?}\n{t}");
    }
    type_text(&mut a, "!");
    let order = tournament_fx(&mut a, code(KeyCode::Enter)).expect("an order");
    let mut want = l.tournaments[2].terms.clone();
    want.name = "Cup two!".into();
    assert_eq!(
        order,
        TournamentOrder::Edit {
            id: 2,
            terms: want,
            by: None
        }
    );
}

#[test]
fn the_tournament_selection_follows_its_id_when_the_list_changes() {
    let mut a = tournaments_screen();
    select_tournament(&mut a, 1); // #2, upcoming
                                  // A new upcoming one comes first: #2 moves down a row, still selected.
    let mut list = lobby_tournaments();
    list.insert(
        0,
        tournament(
            4,
            "Early bird",
            Format::Arena { minutes: 10 },
            TournamentStatus::Upcoming,
        ),
    );
    a.update(Msg::Lobby(Arc::new(with_tournaments(list))));
    a.update(key('S'));
    assert!(screen(&a).contains("Start #2"));
    a.update(code(KeyCode::Esc));
    // It is gone: nothing is selected, and S says so rather than act on another.
    let mut list = lobby_tournaments();
    list.retain(|t| t.id != 2);
    a.update(Msg::Lobby(Arc::new(with_tournaments(list))));
    assert!(a.update(key('S')).is_empty());
    assert!(screen(&a).contains("no longer listed"));
}

#[test]
fn a_click_selects_a_tournament() {
    let mut a = tournaments_screen();
    let buf = draw(&a, W, H);
    let (y, row) = lines(&buf)
        .into_iter()
        .enumerate()
        .find(|(_, l)| l.contains("Cup two"))
        .unwrap();
    let x = row.find("Cup two").unwrap() as u16;
    a.update(click(x, y as u16));
    assert!(footer_lines(&draw(&a, W, H)).contains("S start"));
    a.update(key('S'));
    assert!(screen(&a).contains("Start #2"));
}

#[test]
fn the_form_fits_80x24() {
    let mut a = App::new(admin_me("root"), settings(), 80, 24, 1);
    a.set_unix_time(NOW);
    a.update(Msg::Lobby(Arc::new(with_tournaments(lobby_tournaments()))));
    a.update(key('A'));
    a.update(Msg::Admin(snapshot()));
    let t = text(&draw(&a, 80, 24));
    assert!(
        t.contains("Spring arena") && t.contains("ends in 29:00"),
        "{t}"
    );
    a.update(key('N'));
    a.update(code(KeyCode::Down));
    let t = text(&draw(&a, 80, 24));
    for s in [
        "Name",
        "Min rated games",
        "Other rule options: ssh host admin tournament ... (see tournament help)",
        "Left/Right change",
        "Enter create",
        "Esc cancel",
    ] {
        assert!(t.contains(s), "no {s:?}\n{t}");
    }
}
