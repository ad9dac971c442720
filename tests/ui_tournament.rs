//! Tournaments on the screens: the lobby's list with its countdowns, a tournament's own
//! screen (terms, status, standings, games in play, chat), its keys and its clock.

mod ui_support;

use std::sync::Arc;

use stratego_ssh::proto::{
    ChatLine, ClockSpec, EntryRule, Format, GamePhase, GameTerms, LobbyCmd, LobbySnapshot, Mark,
    PlayerInfo, PlayerStatus, Standing, TournamentGame, TournamentInfo, TournamentStatus,
    TournamentTerms,
};
use stratego_ssh::rules::{Rules, Variant};
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{App, Effect, Msg};
use ui_support::*;

/// The wall clock of these tests.
const NOW: u64 = 1_800_000_000;

fn standing(rank: u32, nick: &str, rating: i32, points: u32, marks: &[Mark]) -> Standing {
    Standing {
        rank,
        pid: format!("key:SHA256:{nick}"),
        nick: nick.into(),
        rating,
        points,
        marks: marks.to_vec(),
        games: marks.len() as u32,
        performance: Some(rating + 100),
        buchholz: 0,
        sonneborn: 0,
        fire: false,
        withdrawn: false,
    }
}

fn tournament(id: u64, name: &str, format: Format, status: TournamentStatus) -> TournamentInfo {
    TournamentInfo {
        id,
        terms: TournamentTerms {
            name: name.into(),
            format,
            game: GameTerms {
                rules: Rules::standard(Variant::Classic),
                rated: true,
                clock: Some(ClockSpec {
                    initial_secs: 300,
                    increment_secs: 3,
                }),
                days: None,
                budget: None,
            },
            starts_at: NOW - 1000,
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

/// A running arena bob is in: alice on a streak, 12:03 left.
fn arena() -> TournamentInfo {
    use Mark::*;
    let mut t = tournament(
        1,
        "Friday Arena",
        Format::Arena { minutes: 60 },
        TournamentStatus::Running,
    );
    t.ends_at = Some(NOW + 723);
    let mut alice = standing(1, "alice", 1620, 12, &[Win, Win, Win]);
    alice.fire = true;
    t.standings = vec![
        alice,
        standing(2, "bob", 1480, 4, &[Win, Loss, Draw]),
        standing(3, "carol", 1500, 1, &[Loss, Draw]),
    ];
    t.games = vec![
        TournamentGame {
            id: 51,
            red: "alice".into(),
            blue: "carol".into(),
            round: 0,
        },
        TournamentGame {
            id: 52,
            red: "bob".into(),
            blue: "dave".into(),
            round: 0,
        },
    ];
    t.chat = vec![ChatLine {
        from: "alice".into(),
        text: "good luck all".into(),
    }];
    t
}

/// A Swiss in its fourth round of five (bob is not in it): points in half-points.
fn swiss() -> TournamentInfo {
    use Mark::*;
    let mut t = tournament(
        3,
        "Club Swiss",
        Format::Swiss { rounds: 5 },
        TournamentStatus::Running,
    );
    t.round = 4;
    let mut frank = standing(4, "frank", 1400, 1, &[Loss, Draw, Loss]);
    frank.withdrawn = true;
    t.standings = vec![
        standing(1, "dave", 1700, 5, &[Win, Draw, Win]),
        standing(2, "erin", 1650, 4, &[Loss, Win, Bye]),
        standing(3, "mal\u{1b}[2Jlory", 1500, 2, &[Draw, Loss, Draw]),
        frank,
    ];
    t.absent = vec!["erin".into()];
    t.games = vec![TournamentGame {
        id: 61,
        red: "dave".into(),
        blue: "erin".into(),
        round: 4,
    }];
    t
}

/// A Swiss that starts in 4:59, two players in it already.
fn upcoming() -> TournamentInfo {
    let mut t = tournament(
        2,
        "Sunday Swiss",
        Format::Swiss { rounds: 3 },
        TournamentStatus::Upcoming,
    );
    t.terms.starts_at = NOW + 299;
    t.standings = vec![
        standing(1, "alice", 1620, 0, &[]),
        standing(2, "carol", 1500, 0, &[]),
    ];
    t
}

/// As the lobby orders them: running, then upcoming.
fn lobby() -> LobbySnapshot {
    let p = |nick: &str| PlayerInfo {
        nick: nick.into(),
        guest: false,
        bot: false,
        rating: Some(1500),
        status: PlayerStatus::Idle,
    };
    LobbySnapshot {
        players: vec![p("alice"), p("bob"), p("carol")],
        tournaments: vec![arena(), swiss(), upcoming()],
        ..Default::default()
    }
}

fn lobby_app(w: u16, h: u16) -> App {
    let mut a = app("bob", w, h);
    a.set_unix_time(NOW);
    a.update(Msg::Lobby(Arc::new(lobby())));
    a
}

/// The tournament with this id opened from the lobby's list.
fn open(id: u64, w: u16, h: u16) -> App {
    let mut a = lobby_app(w, h);
    a.update(key('T'));
    let i = lobby().tournaments.iter().position(|t| t.id == id).unwrap();
    for _ in 0..i {
        a.update(code(KeyCode::Down));
    }
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    a
}

fn screen(a: &App, w: u16, h: u16) -> String {
    text(&draw(a, w, h))
}

/// The row of the screen that holds `s`.
fn row_of(a: &App, w: u16, h: u16, s: &str) -> (usize, String) {
    lines(&draw(a, w, h))
        .into_iter()
        .enumerate()
        .find(|(_, l)| l.contains(s))
        .unwrap_or_else(|| panic!("no row with {s:?}\n{}", screen(a, w, h)))
}

#[test]
fn lobby_lists_running_and_upcoming_tournaments_with_their_countdowns() {
    for (w, h) in [(100, 30), (80, 24)] {
        let a = lobby_app(w, h);
        let t = screen(&a, w, h);
        for s in [
            "Tournaments (3)",
            "Friday Arena",
            "ends in 12:03",
            "Club Swiss",
            "round 4/5",
            "Sunday Swiss",
            "starts in 4:59",
        ] {
            assert!(t.contains(s), "{w}x{h}: missing {s:?}\n{t}");
        }
        // Players counted; my mark on the one I am in only.
        let (_, arena) = row_of(&a, w, h, "Friday Arena");
        assert!(
            arena.contains("3 players") && arena.contains('✓'),
            "{arena}"
        );
        let (_, sunday) = row_of(&a, w, h, "Sunday Swiss");
        assert!(
            sunday.contains("2 players") && !sunday.contains('✓'),
            "{sunday}"
        );
        // The other panels are still there, and the key to the list is in the footer.
        assert!(t.contains("Open seeks") && t.contains("Chat"), "{t}");
        assert!(t.contains("T tournaments"), "{w}x{h}\n{t}");
    }
}

#[test]
fn a_tournament_posted_while_i_sit_in_the_lobby_shows_and_counts_down() {
    let mut a = app("bob", 80, 24);
    a.set_unix_time(NOW);
    let mut l = lobby();
    l.tournaments.clear();
    a.update(Msg::Lobby(Arc::new(l.clone())));
    let t = screen(&a, 80, 24);
    assert!(!t.contains("Tournaments"), "{t}");
    // With none listed, T says so.
    a.update(key('T'));
    assert!(screen(&a, 80, 24).contains("No tournaments are announced"));
    a.update(code(KeyCode::Esc));

    l.tournaments.push(upcoming());
    a.update(Msg::Lobby(Arc::new(l)));
    let t = screen(&a, 80, 24);
    assert!(
        t.contains("Sunday Swiss") && t.contains("starts in 4:59"),
        "{t}"
    );
    // A second later the countdown moves: the session is told to draw.
    assert!(a.set_unix_time(NOW + 1));
    assert!(screen(&a, 80, 24).contains("starts in 4:58"));
    assert!(!a.set_unix_time(NOW + 1));
}

#[test]
fn opening_a_tournament_shows_terms_status_standings_and_games() {
    let (w, h) = (120, 40);
    let a = open(3, w, h);
    let t = screen(&a, w, h);
    let info = swiss();
    for s in [
        "Club Swiss",
        info.terms_line().as_str(),
        "running",
        "round 4 of 5",
        "4 players",
        "Standings (4)",
        "Games in play (1)",
        "dave vs erin",
        "r4",
    ] {
        assert!(t.contains(s), "missing {s:?}\n{t}");
    }
    // The rows in rank order, each with its rating, points, marks and performance.
    let mut last = 0;
    for s in &info.standings {
        let nick = if s.rank == 3 { "mallory" } else { &s.nick };
        let (y, row) = row_of(&a, w, h, &format!("{} {nick}", s.rank));
        assert!(y > last, "{nick} out of order\n{t}");
        last = y;
        let marks: String = s.marks.iter().map(|m| m.letter()).collect();
        let points = s.points_text(info.terms.format);
        let perf = s.performance.unwrap().to_string();
        for want in [s.rating.to_string(), points, marks, perf] {
            assert!(row.contains(&want), "{nick}: no {want:?} in {row:?}");
        }
    }
    // A bye is a B; the absent and the withdrawn are marked.
    let (_, erin) = row_of(&a, w, h, "2 erin");
    assert!(erin.contains("LWB") && erin.contains("absent"), "{erin}");
    let (_, frank) = row_of(&a, w, h, "4 frank");
    assert!(frank.contains("left"), "{frank}");
}

#[test]
fn swiss_points_are_shown_in_halves() {
    let (w, h) = (120, 40);
    let a = open(3, w, h);
    let (_, dave) = row_of(&a, w, h, "1 dave");
    assert!(dave.contains(" 2.5 "), "{dave}");
}

#[test]
fn an_arena_marks_a_streak_and_counts_down_to_its_end() {
    let (w, h) = (100, 30);
    let mut a = open(1, w, h);
    let t = screen(&a, w, h);
    assert!(
        t.contains("ends in 12:03") && t.contains("you are in"),
        "{t}"
    );
    let (_, alice) = row_of(&a, w, h, "1 alice");
    assert!(alice.contains("🔥") && alice.contains("WWW"), "{alice}");
    assert!(a.set_unix_time(NOW + 60));
    assert!(screen(&a, w, h).contains("ends in 11:03"));
}

#[test]
fn j_joins_an_upcoming_tournament() {
    let (w, h) = (100, 30);
    let mut a = open(2, w, h);
    let t = screen(&a, w, h);
    assert!(t.contains("starts in 4:59") && t.contains("j join"), "{t}");
    assert!(!t.contains("w withdraw") && !t.contains("w pause"), "{t}");
    assert_eq!(
        a.update(key('j')),
        vec![Effect::Lobby(LobbyCmd::JoinTournament(2))]
    );
    // Not in it: w only says so.
    assert!(a.update(key('w')).is_empty());
    assert!(screen(&a, w, h).contains("You have not joined"));
}

#[test]
fn a_running_swiss_cannot_be_joined() {
    let (w, h) = (100, 30);
    let mut a = open(3, w, h);
    assert!(!screen(&a, w, h).contains("j join"));
    assert!(a.update(key('j')).is_empty());
    assert!(screen(&a, w, h).contains("cannot be joined once it has started"));
}

#[test]
fn w_pauses_in_a_running_arena_and_withdraws_from_a_swiss() {
    let (w, h) = (100, 30);
    let mut a = open(1, w, h);
    let t = screen(&a, w, h);
    assert!(t.contains("w pause") && !t.contains("w withdraw"), "{t}");
    assert!(!t.contains("j join"), "{t}");
    assert_eq!(
        a.update(key('w')),
        vec![Effect::Lobby(LobbyCmd::LeaveTournament(1))]
    );
    // Paused: the arena offers the way back.
    let mut l = lobby();
    l.tournaments[0].standings[1].withdrawn = true;
    a.update(Msg::Lobby(Arc::new(l.clone())));
    let t = screen(&a, w, h);
    assert!(t.contains("j come back") && t.contains("you paused"), "{t}");
    let (_, bob) = row_of(&a, w, h, "2 bob");
    assert!(bob.contains("paused"), "{bob}");
    assert_eq!(
        a.update(key('j')),
        vec![Effect::Lobby(LobbyCmd::JoinTournament(1))]
    );

    // In a Swiss (bob joined the upcoming one) the same key withdraws.
    let mut a = open(2, w, h);
    l.tournaments[2]
        .standings
        .push(standing(3, "bob", 1480, 0, &[]));
    a.update(Msg::Lobby(Arc::new(l)));
    let t = screen(&a, w, h);
    assert!(t.contains("w withdraw") && !t.contains("w pause"), "{t}");
    assert_eq!(
        a.update(key('w')),
        vec![Effect::Lobby(LobbyCmd::LeaveTournament(2))]
    );
}

#[test]
fn enter_on_a_game_in_play_watches_it() {
    let (w, h) = (100, 30);
    let mut a = open(1, w, h);
    a.update(code(KeyCode::Tab));
    assert!(screen(&a, w, h).contains("Enter watch"));
    a.update(code(KeyCode::Down));
    assert_eq!(
        a.update(code(KeyCode::Enter)),
        vec![Effect::Lobby(LobbyCmd::Spectate(52))]
    );
    // By mouse: a click selects, a second one watches.
    let (y, row) = row_of(&a, w, h, "alice vs carol");
    let x = row.find("alice vs carol").unwrap() as u16;
    assert!(a.update(click(x, y as u16)).is_empty());
    assert_eq!(
        a.update(click(x, y as u16)),
        vec![Effect::Lobby(LobbyCmd::Spectate(51))]
    );
}

#[test]
fn the_selected_game_is_kept_by_id() {
    let (w, h) = (100, 30);
    let mut a = open(1, w, h);
    a.update(code(KeyCode::Tab));
    a.update(code(KeyCode::Down)); // game 52
    let mut l = lobby();
    l.tournaments[0].games.remove(1);
    a.update(Msg::Lobby(Arc::new(l)));
    // Gone: Enter does not watch another game instead.
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    assert!(screen(&a, w, h).contains("has ended"));
}

#[test]
fn a_chat_line_goes_to_the_tournament() {
    let (w, h) = (100, 30);
    let mut a = open(1, w, h);
    assert!(screen(&a, w, h).contains("alice: good luck all"));
    a.update(key('t'));
    // While typing, j and w are letters.
    type_text(&mut a, "gl jw");
    assert!(screen(&a, w, h).contains("say: gl jw"));
    assert_eq!(
        a.update(code(KeyCode::Enter)),
        vec![Effect::Lobby(LobbyCmd::TournamentChat(1, "gl jw".into()))]
    );
}

#[test]
fn standings_top_rows_fit_80x24() {
    let (w, h) = (80, 24);
    let a = open(3, w, h);
    let t = screen(&a, w, h);
    for s in [
        "Club Swiss",
        "round 4 of 5",
        "1 dave",
        "2 erin",
        "3 mallory",
        "4 frank",
    ] {
        assert!(t.contains(s), "missing {s:?}\n{t}");
    }
    let (_, dave) = row_of(&a, w, h, "1 dave");
    assert!(dave.contains("1700") && dave.contains("WDW"), "{dave}");
    assert!(t.contains("Esc lobby") && t.contains("? help"), "{t}");
}

#[test]
fn a_nick_with_escape_characters_is_drawn_harmlessly() {
    let (w, h) = (100, 30);
    let mut l = lobby();
    l.tournaments[1].terms.name = "Evil\u{1b}]0;owned\u{7} Swiss".into();
    l.tournaments[1].games[0].blue = "er\u{1b}[31min".into();
    let mut a = app("bob", w, h);
    a.set_unix_time(NOW);
    a.update(Msg::Lobby(Arc::new(l)));
    let check = |a: &App| {
        let buf = draw(a, w, h);
        for y in 0..h {
            for x in 0..w {
                let sym = buf[(x, y)].symbol();
                assert!(!sym.chars().any(|c| c.is_control()), "{sym:?} at {x},{y}");
            }
        }
        text(&buf)
    };
    let t = check(&a);
    assert!(t.contains("Evil Swiss"), "{t}");
    a.update(key('T'));
    a.update(code(KeyCode::Down));
    a.update(code(KeyCode::Enter));
    let t = check(&a);
    assert!(t.contains("3 mallory") && !t.contains("[2J"), "{t}");
    assert!(
        t.contains("dave vs erin") && t.contains("Evil Swiss"),
        "{t}"
    );
}

#[test]
fn esc_goes_back_to_the_lobby_and_a_game_comes_back_to_the_tournament() {
    let (w, h) = (100, 30);
    let mut a = open(1, w, h);
    // Paired: the game takes over; after it, the tournament is shown again.
    send_game(
        &mut a,
        snapshot(
            GamePhase::Setup,
            Some(stratego_ssh::rules::Color::Red),
            None,
        ),
        std::time::Instant::now(),
    );
    assert!(!screen(&a, w, h).contains("Standings"));
    a.update(Msg::GameClosed);
    a.update(Msg::Lobby(Arc::new(lobby())));
    assert!(screen(&a, w, h).contains("Standings (3)"));
    // Enter on a player opens the profile; Esc from it comes back here.
    let fx = a.update(code(KeyCode::Enter));
    assert!(!fx.is_empty(), "asks for the profile");
    assert!(screen(&a, w, h).contains("Profile of alice"));
    a.update(code(KeyCode::Esc));
    assert!(screen(&a, w, h).contains("Standings (3)"));
    a.update(code(KeyCode::Esc));
    let t = screen(&a, w, h);
    assert!(
        t.contains("Open seeks") && t.contains("Tournaments (3)"),
        "{t}"
    );
}

#[test]
fn a_tournament_no_longer_listed_says_so() {
    let (w, h) = (100, 30);
    let mut a = open(2, w, h);
    let mut l = lobby();
    l.tournaments.retain(|t| t.id != 2);
    a.update(Msg::Lobby(Arc::new(l)));
    assert!(screen(&a, w, h).contains("no longer listed"));
    assert!(a.update(key('j')).is_empty());
    a.update(code(KeyCode::Esc));
    a.update(code(KeyCode::Esc));
    assert!(screen(&a, w, h).contains("Open seeks"));
}

#[test]
fn tab_and_clicks_reach_the_lobby_list() {
    let (w, h) = (100, 30);
    let mut a = lobby_app(w, h);
    // Seeks, games, then the tournaments.
    a.update(code(KeyCode::Tab));
    a.update(code(KeyCode::Tab));
    assert!(screen(&a, w, h).contains("Enter open tournament"));
    a.update(code(KeyCode::Enter));
    assert!(
        screen(&a, w, h).contains("Friday Arena") && screen(&a, w, h).contains("Standings (3)")
    );
    a.update(code(KeyCode::Esc));
    // A click selects the row, a second one opens it.
    let (y, row) = row_of(&a, w, h, "Sunday Swiss");
    let x = row.find("Sunday Swiss").unwrap() as u16;
    a.update(click(x, y as u16));
    a.update(click(x, y as u16));
    let t = screen(&a, w, h);
    assert!(t.contains("upcoming") && t.contains("Standings (2)"), "{t}");
}
