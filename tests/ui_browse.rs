//! Screens for stored things: leaderboards, profiles, game lists and the replay viewer.

mod ui_support;

use std::time::{Duration, Instant};

use ratatui::style::Color as TColor;
use stratego_ssh::proto::{
    BrowseCmd, GameFilter, GameList, GameListItem, GamePhase, LeaderRow, Leaderboard, Perspective,
    Profile, ReplaySnapshot, VariantRating,
};
use stratego_ssh::rules::{
    Color, EndReason, Outcome, PlayerView, Rank, Rules, Variant, ViewMove, Viewer,
};
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{utc_datetime, App, Effect, Msg, Settings};
use ui_support::*;

const W: u16 = 100;
const H: u16 = 30;

fn browse(fx: &[Effect]) -> Vec<BrowseCmd> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Browse(c) => Some(c.clone()),
            _ => None,
        })
        .collect()
}

fn one(fx: &[Effect]) -> BrowseCmd {
    let b = browse(fx);
    assert_eq!(b.len(), 1, "{fx:?}");
    b[0].clone()
}

fn row(rank: u32, nick: &str, rating: i32, dev: i32, w: u32, d: u32, l: u32) -> LeaderRow {
    LeaderRow {
        rank,
        nick: nick.into(),
        rating,
        deviation: dev,
        games: w + d + l,
        wins: w,
        draws: d,
        losses: l,
    }
}

fn board(variant: Variant) -> Leaderboard {
    Leaderboard {
        variant,
        rows: vec![
            row(1, "alice", 1812, 48, 15, 2, 3),
            row(2, "bob", 1701, 60, 9, 1, 7),
            row(3, "carol", 1555, 75, 4, 0, 6),
        ],
    }
}

fn won(c: Color, reason: EndReason) -> Option<Outcome> {
    Some(Outcome {
        winner: Some(c),
        reason,
    })
}

fn item(id: u64, red: &str, blue: &str, outcome: Option<Outcome>, plies: u32) -> GameListItem {
    GameListItem {
        id,
        red: red.into(),
        blue: blue.into(),
        variant: Variant::Classic,
        rated: true,
        outcome,
        plies,
        ended_at: 1_709_210_096,
        private: false,
    }
}

fn games_list(filter: GameFilter, variant: Option<Variant>) -> GameList {
    GameList {
        filter,
        variant,
        items: vec![
            item(
                41,
                "carol",
                "alice",
                won(Color::Red, EndReason::FlagCaptured),
                3,
            ),
            item(
                42,
                "bob",
                "carol",
                Some(Outcome {
                    winner: None,
                    reason: EndReason::DrawAgreed,
                }),
                88,
            ),
        ],
    }
}

fn profile(nick: &str) -> Profile {
    Profile {
        nick: nick.into(),
        ratings: vec![
            VariantRating {
                variant: Variant::Classic,
                rating: 1612,
                deviation: 45,
                games: 20,
                wins: 12,
                draws: 2,
                losses: 6,
                history: (0..20)
                    .map(|i| (1_700_000_000 + i * 3600, 1500 + i as i32 * 6))
                    .collect(),
            },
            VariantRating {
                variant: Variant::Duel,
                rating: 1480,
                deviation: 120,
                games: 3,
                wins: 1,
                draws: 0,
                losses: 2,
                history: vec![(1_700_000_000, 1500), (1_700_003_600, 1480)],
            },
        ],
        recent: games_list(GameFilter::Player(nick.into()), None).items,
        renames_left: 1,
    }
}

/// Everything known: Red's Marshal on E4, Blue's Scout on E7 and Flag on J10.
fn full_view(viewer: Viewer, ply: u32) -> PlayerView {
    let mut v = empty_view(viewer);
    put(&mut v, "E4", Color::Red, Some(Rank::Marshal), false);
    put(&mut v, "A1", Color::Red, Some(Rank::Flag), false);
    put(&mut v, "E7", Color::Blue, Some(Rank::Scout), false);
    put(&mut v, "J10", Color::Blue, Some(Rank::Flag), false);
    v.ply = ply;
    v
}

fn replay(ply: u32, plies: u32, perspective: Perspective) -> ReplaySnapshot {
    let viewer = match perspective {
        Perspective::All => Viewer::Spectator,
        Perspective::Red => Viewer::Player(Color::Red),
        Perspective::Blue => Viewer::Player(Color::Blue),
    };
    let mut view = full_view(viewer, ply);
    // What each side did not know stays hidden.
    for i in 0..100 {
        if let Some(p) = &mut view.board[i] {
            match (perspective, p.color) {
                (Perspective::Red, Color::Blue) | (Perspective::Blue, Color::Red) => p.rank = None,
                _ => {}
            }
        }
    }
    let history: Vec<ViewMove> = (0..ply)
        .map(|i| {
            let (a, b) = if i % 2 == 0 {
                ("E4", "E5")
            } else {
                ("E7", "E6")
            };
            ViewMove {
                mover: if i % 2 == 0 { Color::Red } else { Color::Blue },
                from: sqr(a),
                to: sqr(b),
                battle: None,
                rescue: None,
            }
        })
        .collect();
    ReplaySnapshot {
        id: 41,
        red: "carol".into(),
        blue: "alice".into(),
        rules: Rules::standard(Variant::Classic),
        outcome: won(Color::Red, EndReason::FlagCaptured),
        ply,
        plies,
        perspective,
        view,
        history,
        private: false,
        notes: Default::default(),
        analysis: None,
    }
}

/// The game browser open on my games, loaded.
fn games_app() -> App {
    let mut a = app("carol", W, H);
    let fx = a.update(key('G'));
    assert_eq!(
        one(&fx),
        BrowseCmd::Games {
            filter: GameFilter::Mine,
            variant: None
        }
    );
    a.update(Msg::Games(games_list(GameFilter::Mine, None)));
    a
}

/// A replay of game 41 (3 plies) open at the start, snapshot received.
fn replay_app() -> App {
    let mut a = games_app();
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(
        one(&fx),
        BrowseCmd::Replay {
            id: 41,
            ply: 0,
            perspective: Perspective::All
        }
    );
    a.update(Msg::Replay(replay(0, 3, Perspective::All)));
    a
}

fn replay_ply(fx: &[Effect]) -> Option<(u32, Perspective)> {
    match browse(fx).as_slice() {
        [] => None,
        [BrowseCmd::Replay {
            id: 41,
            ply,
            perspective,
        }] => Some((*ply, *perspective)),
        other => panic!("unexpected {other:?}"),
    }
}

fn line_of(t: &[String], needle: &str) -> usize {
    t.iter()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle:?} not drawn:\n{}", t.join("\n")))
}

#[test]
fn leaderboard_rows_in_order_with_rating_deviation_and_record() {
    let mut a = app("carol", W, H);
    let fx = a.update(key('L'));
    assert_eq!(one(&fx), BrowseCmd::Leaderboard(Variant::Classic));
    assert!(text(&draw(&a, W, H)).contains("loading"));
    a.update(Msg::Leaderboard(board(Variant::Classic)));
    let buf = draw(&a, W, H);
    let t = lines(&buf);
    let (ya, yb, yc) = (
        line_of(&t, "alice"),
        line_of(&t, "bob"),
        line_of(&t, "carol"),
    );
    assert!(ya < yb && yb < yc);
    for (y, s) in [
        (ya, ["1812", "±48", "15/2/3"]),
        (yb, ["1701", "±60", "9/1/7"]),
        (yc, ["1555", "±75", "4/0/6"]),
    ] {
        for x in s {
            assert!(t[y].contains(x), "{x} missing in {:?}", t[y]);
        }
    }
    // My own row is marked and in my colour.
    assert!(t[yc].contains("(you)"));
    let x = t[yc][..t[yc].find("carol").unwrap()].chars().count() as u16;
    assert_eq!(buf[(x, yc as u16)].fg, TColor::Yellow);
    assert!(t.last().unwrap().contains("Esc back"));
}

#[test]
fn leaderboard_variant_switch_and_profile() {
    let mut a = app("carol", W, H);
    a.update(key('L'));
    a.update(Msg::Leaderboard(board(Variant::Classic)));
    let fx = a.update(code(KeyCode::Right));
    assert_eq!(one(&fx), BrowseCmd::Leaderboard(Variant::Duel));
    // A late Classic answer is not shown as Duel's.
    a.update(Msg::Leaderboard(board(Variant::Classic)));
    assert!(text(&draw(&a, W, H)).contains("loading"));
    assert_eq!(
        one(&a.update(key('3'))),
        BrowseCmd::Leaderboard(Variant::Barrage)
    );
    assert!(browse(&a.update(key('3'))).is_empty());
    assert_eq!(
        one(&a.update(code(KeyCode::Right))),
        BrowseCmd::Leaderboard(Variant::Classic)
    );
    assert_eq!(
        one(&a.update(code(KeyCode::Left))),
        BrowseCmd::Leaderboard(Variant::Barrage)
    );
    assert_eq!(
        one(&a.update(key('1'))),
        BrowseCmd::Leaderboard(Variant::Classic)
    );
    a.update(Msg::Leaderboard(board(Variant::Classic)));
    // Enter opens the selected player's profile; Esc comes back.
    a.update(code(KeyCode::Home));
    assert_eq!(
        one(&a.update(code(KeyCode::Enter))),
        BrowseCmd::Profile("alice".into())
    );
    assert!(text(&draw(&a, W, H)).contains("Profile of alice"));
    a.update(code(KeyCode::Esc));
    assert!(text(&draw(&a, W, H)).contains("Classic leaderboard"));
    a.update(code(KeyCode::Esc));
    assert!(text(&draw(&a, W, H)).contains("Open seeks"));
}

#[test]
fn leaderboard_click_selects_then_opens() {
    let mut a = app("carol", W, H);
    a.update(key('L'));
    a.update(Msg::Leaderboard(board(Variant::Classic)));
    let t = lines(&draw(&a, W, H));
    let y = line_of(&t, "bob") as u16;
    assert!(browse(&a.update(click(20, y))).is_empty());
    assert_eq!(
        one(&a.update(click(20, y))),
        BrowseCmd::Profile("bob".into())
    );
}

#[test]
fn profile_shows_ratings_chart_and_recent_games() {
    let mut a = app("carol", W, H);
    // Nobody selected in the lobby: my own profile.
    assert_eq!(one(&a.update(key('p'))), BrowseCmd::Profile("carol".into()));
    a.update(Msg::Profile(profile("carol")));
    let buf = draw(&a, W, H);
    let t = lines(&buf);
    let yc = line_of(&t, "Classic ");
    for s in ["1612", "±45", "20 games", "W/D/L 12/2/6"] {
        assert!(t[yc].contains(s), "{s} missing in {:?}", t[yc]);
    }
    let yd = line_of(&t, "Duel ");
    assert!(t[yd].contains("1480") && t[yd].contains("±120"));
    // A rating chart between the two lines.
    let chart: String = t[yc + 1..yd].concat();
    assert!(chart.contains('█'), "{chart}");
    // Recent games with the result in words and the date.
    let all = t.join("\n");
    for s in [
        "won — flag captured", // carol's own side (issue 34)
        "#41",
        "draw — agreed",
        "2024-02-29 12:34",
        "rated",
    ] {
        assert!(all.contains(s), "{s} missing\n{all}");
    }
    // Enter replays the selected game; g lists all the player's games.
    assert_eq!(
        one(&a.update(code(KeyCode::Enter))),
        BrowseCmd::Replay {
            id: 41,
            ply: 0,
            perspective: Perspective::All
        }
    );
    a.update(code(KeyCode::Esc));
    a.update(code(KeyCode::Down));
    a.update(code(KeyCode::Right)); // Classic only
    assert_eq!(
        one(&a.update(key('g'))),
        BrowseCmd::Games {
            filter: GameFilter::Player("carol".into()),
            variant: Some(Variant::Classic)
        }
    );
}

#[test]
fn lobby_p_opens_the_selected_players_profile() {
    use std::sync::Arc;
    use stratego_ssh::proto::{LobbySnapshot, PlayerInfo, PlayerStatus};
    let mut a = app("carol", W, H);
    let snap = LobbySnapshot {
        players: vec![PlayerInfo {
            nick: "dave".into(),
            guest: false,
            bot: false,
            rating: Some(1600),
            status: PlayerStatus::Idle,
        }],
        ..Default::default()
    };
    a.update(Msg::Lobby(Arc::new(snap)));
    a.update(code(KeyCode::Left)); // players list, dave selected
    assert_eq!(one(&a.update(key('p'))), BrowseCmd::Profile("dave".into()));
}

#[test]
fn game_browser_filters_and_columns() {
    let mut a = games_app();
    let t = text(&draw(&a, W, H));
    for s in [
        "carol vs alice",
        "bob vs carol",
        "Classic",
        "won — flag captured", // from my side (issue 34)
        "#41",
        "draw — agreed",
        "2024-02-29 12:34",
        // 88 plies: 44 moves, as the move list numbers them.
        "44",
    ] {
        assert!(t.contains(s), "{s} missing\n{t}");
    }
    let mut seen = vec![];
    for _ in 0..4 {
        seen.push(one(&a.update(key('v'))));
    }
    let variants: Vec<Option<Variant>> = seen
        .iter()
        .map(|c| match c {
            BrowseCmd::Games {
                filter: GameFilter::Mine,
                variant,
            } => *variant,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        variants,
        vec![
            Some(Variant::Classic),
            Some(Variant::Duel),
            Some(Variant::Barrage),
            None
        ]
    );
    assert_eq!(
        one(&a.update(code(KeyCode::Left))),
        BrowseCmd::Games {
            filter: GameFilter::Mine,
            variant: Some(Variant::Barrage)
        }
    );
    assert_eq!(
        one(&a.update(code(KeyCode::Tab))),
        BrowseCmd::Games {
            filter: GameFilter::Recent,
            variant: Some(Variant::Barrage)
        }
    );
    assert!(text(&draw(&a, W, H)).contains("Recent games"));
}

#[test]
fn replay_steps_within_the_game() {
    let mut a = replay_app();
    assert_eq!(replay_ply(&a.update(code(KeyCode::Left))), None);
    assert_eq!(replay_ply(&a.update(key('0'))), None);
    assert_eq!(
        replay_ply(&a.update(code(KeyCode::Right))),
        Some((1, Perspective::All))
    );
    assert_eq!(replay_ply(&a.update(key('l'))), Some((2, Perspective::All)));
    assert_eq!(replay_ply(&a.update(key('h'))), Some((1, Perspective::All)));
    assert_eq!(
        replay_ply(&a.update(code(KeyCode::End))),
        Some((3, Perspective::All))
    );
    // Past the end: nothing.
    assert_eq!(replay_ply(&a.update(code(KeyCode::Right))), None);
    assert_eq!(replay_ply(&a.update(key('$'))), None);
    assert_eq!(
        replay_ply(&a.update(code(KeyCode::Home))),
        Some((0, Perspective::All))
    );
    assert_eq!(replay_ply(&a.update(key('$'))), Some((3, Perspective::All)));
    // The previous snapshot stays until the answer comes. Moves are counted as the move
    // list numbers them: 3 plies are 2 moves.
    assert!(text(&draw(&a, W, H)).contains("start, 2 moves"));
    a.update(Msg::Replay(replay(3, 3, Perspective::All)));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("move 2 of 2, Red moved"), "{t}");
    // The current move is highlighted in the list.
    let buf = draw(&a, W, H);
    let tl = lines(&buf);
    let y = line_of(&tl, "2. ");
    let x = tl[y][..tl[y].find("E4-E5").unwrap()].chars().count() as u16;
    assert!(buf[(x, y as u16)]
        .modifier
        .contains(ratatui::style::Modifier::REVERSED));
    // Esc goes back to the list it came from.
    a.update(code(KeyCode::Esc));
    assert!(text(&draw(&a, W, H)).contains("My games"));
}

/// Two reads can be in flight: an answer for a position asked before the last comes after
/// the last one's, and the screen keeps the position asked last.
#[test]
fn a_late_answer_for_an_earlier_position_does_not_replace_the_one_asked_last() {
    let mut a = replay_app();
    assert_eq!(replay_ply(&a.update(key('l'))), Some((1, Perspective::All)));
    assert_eq!(replay_ply(&a.update(key('l'))), Some((2, Perspective::All)));
    a.update(Msg::Replay(replay(2, 3, Perspective::All)));
    assert!(text(&draw(&a, W, H)).contains("move 1 of 2, Blue moved"));
    // Ply 1's answer, late.
    a.update(Msg::Replay(replay(1, 3, Perspective::All)));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("move 1 of 2, Blue moved"), "{t}");
}

#[test]
fn replay_mouse_wheel_steps_and_click_on_a_move_goes_there() {
    use stratego_ssh::ui::input::{Event, Modifiers, Mouse, MouseKind};
    let mut a = replay_app();
    let wheel = |kind| {
        Msg::Input(Event::Mouse(Mouse {
            kind,
            column: 10,
            row: 10,
            mods: Modifiers::default(),
        }))
    };
    assert_eq!(
        replay_ply(&a.update(wheel(MouseKind::ScrollDown))),
        Some((1, Perspective::All))
    );
    assert_eq!(
        replay_ply(&a.update(wheel(MouseKind::ScrollUp))),
        Some((0, Perspective::All))
    );
    a.update(key('$'));
    a.update(Msg::Replay(replay(3, 3, Perspective::All)));
    let t = lines(&draw(&a, W, H));
    let y = line_of(&t, "1. E4-E5");
    let x = t[y][..t[y].find("E7-E6").unwrap()].chars().count() as u16;
    // Blue's first move: the position after ply 2.
    assert_eq!(
        replay_ply(&a.update(click(x + 1, y as u16))),
        Some((2, Perspective::All))
    );
}

#[test]
fn replay_perspective_cycles() {
    let mut a = replay_app();
    a.update(code(KeyCode::Right));
    assert_eq!(replay_ply(&a.update(key('v'))), Some((1, Perspective::Red)));
    assert_eq!(
        replay_ply(&a.update(key('v'))),
        Some((1, Perspective::Blue))
    );
    assert_eq!(replay_ply(&a.update(key('v'))), Some((1, Perspective::All)));
}

#[test]
fn autoplay_follows_the_speed_and_stops_at_the_end() {
    let mut a = replay_app();
    assert!(!a.wants_ticks());
    a.update(key('+')); // 0.5 s per move
    a.update(key(' '));
    assert!(a.wants_ticks());
    assert!(text(&draw(&a, W, H)).contains("0.5 s per move"));
    let t0 = Instant::now();
    let at = |ms: u64| Msg::Tick(t0 + Duration::from_millis(ms));
    assert_eq!(replay_ply(&a.update(at(0))), None);
    assert_eq!(replay_ply(&a.update(at(250))), None);
    assert_eq!(replay_ply(&a.update(at(500))), Some((1, Perspective::All)));
    // Not ahead of the server: waits for the answer.
    assert_eq!(replay_ply(&a.update(at(1000))), None);
    a.update(Msg::Replay(replay(1, 3, Perspective::All)));
    assert_eq!(replay_ply(&a.update(at(1000))), Some((2, Perspective::All)));
    a.update(Msg::Replay(replay(2, 3, Perspective::All)));
    assert_eq!(replay_ply(&a.update(at(1250))), None);
    assert_eq!(replay_ply(&a.update(at(1500))), Some((3, Perspective::All)));
    a.update(Msg::Replay(replay(3, 3, Perspective::All)));
    // The end: autoplay stops.
    assert!(!a.wants_ticks());
    assert_eq!(replay_ply(&a.update(at(2000))), None);
    assert_eq!(replay_ply(&a.update(at(3000))), None);
    // Space at the end plays again from the start; Space again pauses.
    assert_eq!(replay_ply(&a.update(key(' '))), Some((0, Perspective::All)));
    assert!(a.wants_ticks());
    a.update(key(' '));
    assert!(!a.wants_ticks());
}

#[test]
fn slower_autoplay_waits_longer() {
    let mut a = replay_app();
    a.update(key('-')); // 2 s per move
    a.update(key(' '));
    let t0 = Instant::now();
    a.update(Msg::Tick(t0));
    for ms in [250, 1000, 1750] {
        assert_eq!(
            replay_ply(&a.update(Msg::Tick(t0 + Duration::from_millis(ms)))),
            None
        );
    }
    assert_eq!(
        replay_ply(&a.update(Msg::Tick(t0 + Duration::from_secs(2)))),
        Some((1, Perspective::All))
    );
}

#[test]
fn red_perspective_hides_blue_ranks() {
    let mut a = replay_app();
    a.update(key('v'));
    a.update(Msg::Replay(replay(0, 3, Perspective::Red)));
    let buf = draw(&a, W, H);
    assert!(text(&buf).contains("as Red saw it"));
    assert_eq!(label(&a, &buf, "E4"), "10");
    for s in ["E7", "J10"] {
        let txt = square_text(&a, &buf, s);
        assert!(
            !txt.chars().any(|c| c.is_ascii_alphanumeric()),
            "{s} shows {txt:?}"
        );
    }
    // Red at the bottom.
    let (a1, j10) = (
        a.square_rect(sqr("A1")).unwrap(),
        a.square_rect(sqr("J10")).unwrap(),
    );
    assert!(a1.y > j10.y && a1.x < j10.x);
    // Blue's perspective: Blue at the bottom, Red's ranks hidden.
    a.update(key('v'));
    a.update(Msg::Replay(replay(0, 3, Perspective::Blue)));
    let buf = draw(&a, W, H);
    assert!(text(&buf).contains("as Blue saw it"));
    let (a1, j10) = (
        a.square_rect(sqr("A1")).unwrap(),
        a.square_rect(sqr("J10")).unwrap(),
    );
    assert!(a1.y < j10.y && a1.x > j10.x);
    assert_eq!(label(&a, &buf, "J10"), "F");
    assert!(!square_text(&a, &buf, "E4").contains("10"));
    // Everything revealed shows both.
    a.update(key('v'));
    a.update(Msg::Replay(replay(0, 3, Perspective::All)));
    let buf = draw(&a, W, H);
    assert!(text(&buf).contains("everything revealed"));
    assert_eq!(label(&a, &buf, "E7"), "2");
    assert_eq!(label(&a, &buf, "E4"), "10");
    // Whose piece shows without colour too: Blue's are marked, Red's not (issue 38).
    assert!(square_text(&a, &buf, "E7").contains('\''));
    assert!(!square_text(&a, &buf, "E4").contains('\''));
}

#[test]
fn replay_shows_names_and_result_banner() {
    let a = replay_app();
    let t = text(&draw(&a, W, H));
    for s in [
        "carol",
        "alice",
        "Red won — flag captured",
        "start, 2 moves",
        "game #41",
    ] {
        assert!(t.contains(s), "{s} missing\n{t}");
    }
}

#[test]
fn ascii_mode_stays_ascii() {
    let ascii = Settings {
        ascii: true,
        ..settings()
    };
    let mut a = App::new(me("carol"), ascii, W, H, 1);
    let check = |a: &App, what: &str| {
        let t = text(&draw(a, W, H));
        assert!(t.is_ascii(), "{what}\n{t}");
        // Nothing was replaced by the last-resort '?' (only the help key shows one).
        assert_eq!(
            t.matches('?').count(),
            t.matches("? help").count(),
            "{what}\n{t}"
        );
        t
    };
    a.update(key('L'));
    a.update(Msg::Leaderboard(board(Variant::Classic)));
    let t = check(&a, "leaderboard");
    assert!(t.contains("+-48"));
    a.update(code(KeyCode::Enter));
    a.update(Msg::Profile(profile("carol")));
    let t = check(&a, "profile");
    assert!(t.contains("won -- flag captured") && t.contains("#41"));
    a.update(key('g'));
    a.update(Msg::Games(games_list(
        GameFilter::Player("carol".into()),
        None,
    )));
    check(&a, "games");
    a.update(code(KeyCode::Enter));
    a.update(Msg::Replay(replay(2, 3, Perspective::All)));
    check(&a, "replay");
}

#[test]
fn too_small_and_help() {
    let mut a = replay_app();
    a.update(Msg::Resize {
        width: 70,
        height: 20,
    });
    assert!(text(&draw(&a, 70, 20)).contains("Please make the window larger"));
    a.update(Msg::Resize {
        width: W,
        height: H,
    });
    a.update(key('?'));
    let t = text(&draw(&a, W, H));
    assert!(
        t.contains("Replay keys") && t.contains("perspective"),
        "{t}"
    );
    a.update(key('x'));
    a.update(code(KeyCode::Esc));
    a.update(key('?'));
    assert!(text(&draw(&a, W, H)).contains("Game list keys"));
}

#[test]
fn a_game_takes_over_and_ticks_follow_its_clock() {
    let mut a = replay_app();
    let mut snap = snapshot(GamePhase::Playing, Some(Color::Red), None);
    snap.clocks = Some(clocks(300, 300, true));
    send_game(&mut a, snap.clone(), Instant::now());
    assert!(a.wants_ticks());
    snap.clocks = None;
    send_game(&mut a, snap, Instant::now());
    assert!(!a.wants_ticks());
    a.update(Msg::GameClosed);
    // Back to the lobby, not the old replay.
    assert!(text(&draw(&a, W, H)).contains("Open seeks"));
}

#[test]
fn dates_in_utc() {
    assert_eq!(utc_datetime(0), "1970-01-01 00:00");
    assert_eq!(utc_datetime(946_684_740), "1999-12-31 23:59");
    assert_eq!(utc_datetime(951_782_400), "2000-02-29 00:00");
    assert_eq!(utc_datetime(1_709_210_096), "2024-02-29 12:34");
    assert_eq!(utc_datetime(1_709_251_200), "2024-03-01 00:00");
    assert_eq!(utc_datetime(1_735_689_540), "2024-12-31 23:59");
    // 2100 is no leap year.
    assert_eq!(utc_datetime(4_107_542_400), "2100-03-01 00:00");
}

#[test]
fn my_profile_offers_the_one_rename() {
    let mut a = app("carol", W, H);
    a.update(key('p'));
    a.update(Msg::Profile(profile("carol")));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("r: change your name (once)"), "{t}");
    a.update(key('r'));
    let t = text(&draw(&a, W, H));
    assert!(
        t.contains("Change your name") && t.contains("new name: "),
        "{t}"
    );
    type_text(&mut a, "caroline");
    assert_eq!(
        a.update(code(KeyCode::Enter)),
        vec![Effect::Rename("caroline".into())]
    );
    // Granted: the profile follows the new name and is asked for again.
    let fx = a.update(Msg::Renamed(Ok("caroline".into())));
    assert_eq!(one(&fx), BrowseCmd::Profile("caroline".into()));
    let mut p = profile("caroline");
    p.renames_left = 0;
    a.update(Msg::Profile(p));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("Profile of caroline (you)"), "{t}");
    assert!(t.contains("name changed already"), "{t}");
    // No second rename: r says why.
    assert!(a.update(key('r')).is_empty());
    let t = text(&draw(&a, W, H));
    assert!(t.contains("one rename per player"), "{t}");
    assert!(!t.contains("new name: "), "{t}");
}

#[test]
fn no_rename_on_someone_elses_profile() {
    let mut a = app("carol", W, H);
    a.update(key('L'));
    a.update(Msg::Leaderboard(board(Variant::Classic)));
    a.update(code(KeyCode::Home));
    a.update(code(KeyCode::Enter));
    a.update(Msg::Profile(profile("alice")));
    assert!(a.update(key('r')).is_empty());
    let t = text(&draw(&a, W, H));
    assert!(
        !t.contains("Change your name") && !t.contains("r: change"),
        "{t}"
    );
}

#[test]
fn every_hint_shows_at_every_size() {
    for (w, h) in [(80, 24), (100, 30), (120, 40), (160, 50)] {
        let mut a = app("carol", w, h);
        a.update(key('L'));
        a.update(Msg::Leaderboard(board(Variant::Classic)));
        let t = text(&draw(&a, w, h));
        for hint in [
            "Enter profile",
            "Left/Right variant",
            "Up/Down select",
            "p my profile",
            "Esc back",
            "? help",
        ] {
            assert!(
                t.contains(hint),
                "{w}x{h}: leaderboard without {hint:?}\n{t}"
            );
        }
        a.update(key('p'));
        a.update(Msg::Profile(profile("carol")));
        let t = text(&draw(&a, w, h));
        for hint in [
            "Enter replay",
            "g all games",
            "Left/Right variant",
            "Up/Down select",
            "Esc back",
            "? help",
            "r rename",
        ] {
            assert!(t.contains(hint), "{w}x{h}: profile without {hint:?}\n{t}");
        }
        a.update(code(KeyCode::Enter));
        a.update(Msg::Replay(replay(2, 3, Perspective::All)));
        let t = text(&draw(&a, w, h));
        for hint in [
            "Left/Right step",
            "Space play",
            "v view",
            "Esc back",
            "+/- speed",
            "Home/End ends",
            "? help",
        ] {
            assert!(t.contains(hint), "{w}x{h}: replay without {hint:?}\n{t}");
        }
    }
}

#[test]
fn moves_are_counted_as_the_move_list_numbers_them() {
    // Game 41 has 5 plies: the move list numbers 3 moves.
    let mut p = profile("carol");
    p.recent[0].plies = 5;
    let mut a = app("carol", W, H);
    a.update(key('p'));
    a.update(Msg::Profile(p.clone()));
    let t = lines(&draw(&a, W, H));
    let row = &t[line_of(&t, "carol vs alice")];
    assert!(row.contains("    3  "), "{row}");
    let row = &t[line_of(&t, "bob vs carol")];
    assert!(row.contains("   44  ") && !row.contains("88"), "{row}");
    a.update(code(KeyCode::Enter));
    a.update(Msg::Replay(replay(5, 5, Perspective::All)));
    let t = lines(&draw(&a, W, H));
    let all = t.join("\n");
    assert!(all.contains("move 3 of 3, Red moved"), "{all}");
    assert!(t[line_of(&t, "3. ")].contains("E4-E5"), "{all}");
    a.update(code(KeyCode::Left));
    a.update(Msg::Replay(replay(4, 5, Perspective::All)));
    assert!(text(&draw(&a, W, H)).contains("move 2 of 3, Blue moved"));
}

#[test]
fn stepping_through_a_finished_game_never_shows_unfinished() {
    let mut a = replay_app();
    for ply in 0..=3 {
        let mut s = replay(ply, 3, Perspective::All);
        // The server knows the result only at the last position.
        if ply < 3 {
            s.outcome = None;
        }
        a.update(Msg::Replay(s));
        let t = text(&draw(&a, W, H));
        assert!(!t.contains("unfinished"), "ply {ply}\n{t}");
        assert!(t.contains("Red won — flag captured"), "ply {ply}\n{t}");
    }
}

/// Issue 34 (LOW): my own game replays from my side (Blue at the bottom for Blue's player),
/// `f` flips the board; at the end, where every piece is shown, a side's perspective says
/// so ("game over: all revealed").
#[test]
fn my_game_replays_from_my_side_and_the_end_says_all_is_revealed() {
    let mut a = games_app();
    a.update(code(KeyCode::Down)); // #42 bob vs carol: carol played Blue
    let fx = a.update(code(KeyCode::Enter));
    assert!(
        matches!(one(&fx), BrowseCmd::Replay { id: 42, .. }),
        "{fx:?}"
    );
    let mut s = replay(0, 3, Perspective::All);
    s.id = 42;
    s.red = "bob".into();
    s.blue = "carol".into();
    a.update(Msg::Replay(s.clone()));
    let t = lines(&draw(&a, W, H));
    // The seat drawn at the top of the side panel is the opponent's: bob, Red.
    let top = &t[1];
    assert!(
        top.contains("● bob") && top.contains("Red"),
        "{}",
        t.join("\n")
    );
    assert!(t.iter().any(|l| l.contains("f flip")), "{}", t.join("\n"));
    a.update(key('f'));
    let t = lines(&draw(&a, W, H));
    assert!(t[1].contains("● carol"), "{}", t.join("\n"));
    a.update(key('f'));
    // As Red saw it: before the end it says so; at the end, that all is revealed.
    let fx = a.update(key('v'));
    assert!(matches!(
        one(&fx),
        BrowseCmd::Replay {
            perspective: Perspective::Red,
            ..
        }
    ));
    for (ply, words) in [(2, "as Red saw it"), (3, "game over: all revealed")] {
        let mut s = replay(ply, 3, Perspective::Red);
        s.id = 42;
        a.update(Msg::Replay(s));
        let t = text(&draw(&a, W, H));
        assert!(t.contains(words), "ply {ply}: {words:?}\n{t}");
        if ply == 3 {
            assert!(!t.contains("as Red saw it"), "{t}");
        }
    }
}

/// The same screens drawn with and without the web's links (`Identity::links`): the rows
/// differ only where the link is, so no key hint or row is pushed out.
fn only_the_link_differs(with: &[String], without: &[String], link: &str) -> usize {
    assert_eq!(with.len(), without.len());
    let mut at = None;
    for (y, (a, b)) in with.iter().zip(without).enumerate() {
        if a != b {
            assert!(
                a.contains(link),
                "row {y} changed without the link:\n{a}\n{b}"
            );
            assert!(at.is_none(), "two rows changed");
            at = Some(y);
        }
    }
    let at = at.unwrap_or_else(|| panic!("{link} not shown:\n{}", with.join("\n")));
    // The link is whole, and the footer's keys are there.
    assert!(!without.join("\n").contains("stratego.example.org"));
    at
}

#[test]
fn the_browser_and_profile_print_their_web_links_at_80x24() {
    let (w, h) = (80, 24);
    let mk = |links: Option<&str>| {
        let me = stratego_ssh::ui::Identity {
            links: links.map(str::to_string),
            ..me("carol")
        };
        App::new(me, settings(), w, h, 1)
    };
    let base = "https://stratego.example.org";
    let mut with = mk(Some(base));
    let mut without = mk(None);
    // The game browser: the selected game's page, following the selection.
    for a in [&mut with, &mut without] {
        a.update(key('G'));
        a.update(Msg::Games(games_list(GameFilter::Mine, None)));
    }
    let (tw, to) = (lines(&draw(&with, w, h)), lines(&draw(&without, w, h)));
    only_the_link_differs(&tw, &to, &format!("{base}/game/41"));
    assert!(tw[h as usize - 1].contains("Enter"), "{}", tw.join("\n"));
    for a in [&mut with, &mut without] {
        a.update(code(KeyCode::Down));
    }
    let (tw, to) = (lines(&draw(&with, w, h)), lines(&draw(&without, w, h)));
    only_the_link_differs(&tw, &to, &format!("{base}/game/42"));
    assert!(!tw.join("\n").contains("/game/41"));
    // A private game (listed to its players only) has no page: no link.
    let mut privately = mk(Some(base));
    privately.update(key('G'));
    let mut list = games_list(GameFilter::Mine, None);
    list.items[0].private = true;
    privately.update(Msg::Games(list));
    assert!(!text(&draw(&privately, w, h)).contains(base));

    // The replay of a game: its page.
    for a in [&mut with, &mut without] {
        a.update(code(KeyCode::Up));
        a.update(code(KeyCode::Enter));
        a.update(Msg::Replay(replay(2, 3, Perspective::All)));
    }
    let (tw, to) = (lines(&draw(&with, w, h)), lines(&draw(&without, w, h)));
    assert!(
        tw.join("\n").contains(&format!("{base}/game/41")),
        "{}",
        tw.join("\n")
    );
    assert_eq!(tw[h as usize - 1], to[h as usize - 1], "the footer stays");
    // A private game's replay (its players' own): no page, so no link.
    let mut private = replay(2, 3, Perspective::All);
    private.private = true;
    with.update(Msg::Replay(private));
    assert!(!text(&draw(&with, w, h)).contains(base));

    // A profile: the player's page.
    for a in [&mut with, &mut without] {
        a.update(code(KeyCode::Esc));
        a.update(code(KeyCode::Esc));
        a.update(key('p'));
        a.update(Msg::Profile(profile("carol")));
    }
    let (tw, to) = (lines(&draw(&with, w, h)), lines(&draw(&without, w, h)));
    only_the_link_differs(&tw, &to, &format!("{base}/@/carol"));
}

/// Issue 43 (LOW): with everything revealed, `'` marks the pieces of the side at the top,
/// as in play it marks the opponent's: in Blue's own game, Red's; turned round (`f`),
/// Blue's; in Red's own game, Blue's.
#[test]
fn the_mark_goes_on_the_opponents_pieces_in_my_own_replay_as_blue() {
    let mut a = games_app();
    a.update(code(KeyCode::Down)); // #42 bob vs carol: carol played Blue
    a.update(code(KeyCode::Enter));
    let mut s = replay(0, 3, Perspective::All);
    s.id = 42;
    s.red = "bob".into();
    s.blue = "carol".into();
    a.update(Msg::Replay(s));
    let marked = |a: &App, sq: &str| square_text(a, &draw(a, W, H), sq).contains('\'');
    assert!(marked(&a, "E4") && marked(&a, "A1"), "Red's (bob's) marked");
    assert!(!marked(&a, "E7") && !marked(&a, "J10"), "my own not marked");
    a.update(key('f'));
    assert!(
        marked(&a, "E7") && !marked(&a, "E4"),
        "turned round: Blue's"
    );
    // #41 carol vs alice: carol played Red, at the bottom; Blue's marked.
    let mut a = replay_app();
    a.update(Msg::Replay(replay(0, 3, Perspective::All)));
    assert!(marked(&a, "E7") && !marked(&a, "E4"));
}

/// The replay of game 41 with its analysis after the game: ply 2 (Blue's E7-E6) a blunder
/// as Blue knew it and with hindsight, the others fine.
fn analysed(ply: u32) -> ReplaySnapshot {
    use stratego_ssh::proto::AnalysisStatus;
    use stratego_ssh::rules::{GameAnalysis, Judgement, Move, PlyReview};
    let mut s = replay(ply, 3, Perspective::All);
    let j = |from: &str, to: &str, before: i32, after: i32| {
        Some(Judgement {
            best: Move::new(sqr(from), sqr(to)),
            before,
            after,
        })
    };
    let ply = |mover: Color, a: &str, b: &str, seen, hindsight| PlyReview {
        mover,
        played: Move::new(sqr(a), sqr(b)),
        seen,
        hindsight,
    };
    s.analysis = Some(Box::new(AnalysisStatus::Ready(GameAnalysis {
        plies: vec![
            ply(
                Color::Red,
                "E4",
                "E5",
                j("E4", "E5", 12, 12),
                j("E4", "E5", 30, 30),
            ),
            ply(
                Color::Blue,
                "E7",
                "E6",
                j("J7", "J6", -5, -130),
                j("J7", "J6", -20, -150),
            ),
            ply(Color::Red, "E4", "E5", j("E4", "E5", 140, 140), None),
        ],
        nodes: 20_000,
    })));
    s
}

#[test]
fn replay_shows_the_analysis_marks_the_blunder_and_n_jumps_to_it() {
    let mut a = replay_app();
    // Where the analysis stands, before it is made.
    let mut waiting = replay(0, 3, Perspective::All);
    waiting.analysis = Some(Box::new(stratego_ssh::proto::AnalysisStatus::Waiting {
        ahead: 2,
    }));
    a.update(Msg::Replay(waiting));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("Analysis: queued (2 games before it)"), "{t}");
    // No analysis yet: n does nothing, and the footer does not offer it.
    assert_eq!(replay_ply(&a.update(key('n'))), None);
    assert!(!t.contains("next mistake"), "{t}");
    // Made: the count at the start, n goes to the position after the blunder.
    a.update(Msg::Replay(analysed(0)));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("Analysis: 1 mistake (n: the next)"), "{t}");
    assert_eq!(replay_ply(&a.update(key('n'))), Some((2, Perspective::All)));
    a.update(Msg::Replay(analysed(2)));
    let t = text(&draw(&a, W, H));
    // The move list marks it; above it, both judgements of the move shown.
    assert!(t.contains("E7-E6 ??"), "{t}");
    assert!(!t.contains("E4-E5 ?"), "{t}");
    assert!(t.contains("Analysis of move 1 (Blue):"), "{t}");
    assert!(t.contains("as known: best J7-J6 -5→-130 ??"), "{t}");
    assert!(t.contains("hindsight: best J7-J6 -20→-150 ??"), "{t}");
    // No mistake after it: n stays.
    assert_eq!(replay_ply(&a.update(key('n'))), None);
    // The list moved down for the analysis's rows: a click on a move still goes there.
    let t = lines(&draw(&a, W, H));
    let y = line_of(&t, "1. E4-E5");
    let x = t[y][..t[y].find("E7-E6").unwrap()].chars().count() as u16;
    assert_eq!(
        replay_ply(&a.update(click(x + 1, y as u16))),
        None,
        "Blue's first move is the position shown"
    );
    let x1 = t[y][..t[y].find("E4-E5").unwrap()].chars().count() as u16;
    assert_eq!(
        replay_ply(&a.update(click(x1 + 1, y as u16))),
        Some((1, Perspective::All))
    );
    a.update(Msg::Replay(analysed(3)));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("hindsight: only move"), "{t}");
}
