//! The game screen: board, hidden information, moves by keys, mouse and typing, game end.

mod ui_support;

use std::time::{Duration, Instant};

use ratatui::style::{Color as TColor, Modifier};
use stratego_ssh::proto::{ChatLine, GameCmd, GamePhase, GameSnapshot};
use stratego_ssh::rules::{
    BattleResult, Color, EndReason, Move, Numbering, Outcome, PlayerView, Rank, Rescue, ViewBattle,
    ViewCaptured, ViewMove, Viewer,
};
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{App, Effect, Msg, Parts, Settings};
use ui_support::*;

const W: u16 = 100;
const H: u16 = 30;

/// Red's view: own pieces known; Blue's hidden except a revealed Major on G7.
fn red_view() -> PlayerView {
    let mut v = empty_view(Viewer::Player(Color::Red));
    put(&mut v, "E4", Color::Red, Some(Rank::Sergeant), false);
    put(&mut v, "A4", Color::Red, Some(Rank::Scout), false);
    put(&mut v, "D1", Color::Red, Some(Rank::Marshal), false);
    put(&mut v, "A1", Color::Red, Some(Rank::Flag), false);
    put(&mut v, "B1", Color::Red, Some(Rank::Bomb), false);
    put(&mut v, "E7", Color::Blue, None, false);
    put(&mut v, "F7", Color::Blue, None, true);
    put(&mut v, "G7", Color::Blue, Some(Rank::Major), true);
    put(&mut v, "J10", Color::Blue, None, false);
    v.to_move = Color::Red;
    v.ply = 4;
    v.legal_moves = vec![
        mv("E4", "E5"),
        mv("E4", "D4"),
        mv("E4", "F4"),
        mv("A4", "A5"),
        mv("A4", "A6"),
        mv("A4", "B4"),
        mv("D1", "C1"),
        mv("D1", "E1"),
        mv("D1", "D2"),
    ];
    v
}

fn game_snap(my: Option<Color>, v: PlayerView) -> GameSnapshot {
    snapshot(GamePhase::Playing, my, Some(v))
}

fn red_app() -> App {
    let mut a = app("alice", W, H);
    send_game(
        &mut a,
        game_snap(Some(Color::Red), red_view()),
        Instant::now(),
    );
    a
}

fn moved(fx: &[Effect]) -> Option<Move> {
    fx.iter().find_map(|e| match e {
        Effect::Game(GameCmd::Move(m)) => Some(*m),
        _ => None,
    })
}

/// The cell in the middle of a square's piece tile.
fn tile_cell(a: &App, buf: &ratatui::buffer::Buffer, s: &str) -> ratatui::buffer::Cell {
    let r = a.square_rect(sqr(s)).unwrap();
    buf[(r.x + 1, r.y)].clone()
}

#[test]
fn own_ranks_shown_hidden_enemies_never() {
    let a = red_app();
    let buf = draw(&a, W, H);
    assert_eq!(label(&a, &buf, "E4"), "4");
    assert_eq!(label(&a, &buf, "D1"), "10");
    assert_eq!(label(&a, &buf, "B1"), "B");
    assert_eq!(label(&a, &buf, "A1"), "F");
    for s in ["E7", "F7", "J10"] {
        let txt = square_text(&a, &buf, s);
        assert!(
            !txt.chars().any(|c| c.is_ascii_alphanumeric()),
            "{s} shows {txt:?}"
        );
    }
    assert_eq!(label(&a, &buf, "E7"), "■");
    // A moved hidden piece is marked differently.
    assert_eq!(label(&a, &buf, "F7"), "◆");
    // A known enemy rank is drawn and marked as revealed.
    assert_eq!(label(&a, &buf, "G7"), "7");
    let r = a.square_rect(sqr("G7")).unwrap();
    let cell = (r.x..r.right())
        .map(|x| &buf[(x, r.y)])
        .find(|c| c.symbol() == "7")
        .unwrap();
    assert!(cell.modifier.contains(Modifier::UNDERLINED));
}

#[test]
fn red_and_blue_pieces_are_coloured() {
    let a = red_app();
    let buf = draw(&a, W, H);
    assert_eq!(tile_cell(&a, &buf, "E4").bg, TColor::Red);
    assert_eq!(tile_cell(&a, &buf, "E7").bg, TColor::Blue);
    assert_eq!(tile_cell(&a, &buf, "G7").bg, TColor::Blue);
    // Lakes are drawn distinctly.
    let r = a.square_rect(sqr("C5")).unwrap();
    assert_eq!(buf[(r.x, r.y)].symbol(), "≈");
    assert_eq!(buf[(r.x, r.y)].bg, TColor::Cyan);
}

#[test]
fn blue_sees_the_board_rotated() {
    let mut v = empty_view(Viewer::Player(Color::Blue));
    put(&mut v, "A1", Color::Red, None, false);
    put(&mut v, "J10", Color::Blue, Some(Rank::Marshal), false);
    let mut a = app("bob", W, H);
    send_game(&mut a, game_snap(Some(Color::Blue), v), Instant::now());
    let buf = draw(&a, W, H);
    let a1 = a.square_rect(sqr("A1")).unwrap();
    let j10 = a.square_rect(sqr("J10")).unwrap();
    // A1 is the top-right square, J10 the bottom-left.
    for s in stratego_ssh::rules::Square::all() {
        let r = a.square_rect(s).unwrap();
        assert!(r.x <= a1.x && r.y >= a1.y);
        assert!(r.x >= j10.x && r.y <= j10.y);
    }
    let ls = lines(&buf);
    // Rank 1 is labelled on the top row, the file letters run J..A.
    let mid = (a1.y + (a1.height - 1) / 2) as usize;
    assert!(ls[mid].starts_with(" 1"), "{}", ls[mid]);
    let files_row = &ls[(j10.bottom()) as usize];
    let letters: String = files_row
        .chars()
        .filter(|c| c.is_ascii_uppercase())
        .collect();
    assert_eq!(letters, "JIHGFEDCBA");
    // The piece on A1 is drawn on the right end of the top row.
    let top = &ls[mid];
    let board_part: String = top.chars().take((a1.right()) as usize).collect();
    assert!(board_part.trim_end().ends_with('■'), "{board_part:?}");
    // Own Marshal at the bottom left.
    assert_eq!(label(&a, &buf, "J10"), "10");
}

#[test]
fn spectator_sees_red_at_the_bottom_and_leaves_with_esc() {
    let mut v = empty_view(Viewer::Spectator);
    put(&mut v, "A1", Color::Red, None, false);
    put(&mut v, "J10", Color::Blue, None, false);
    let mut a = app("carol", W, H);
    send_game(&mut a, game_snap(None, v), Instant::now());
    let a1 = a.square_rect(sqr("A1")).unwrap();
    let j10 = a.square_rect(sqr("J10")).unwrap();
    assert!(a1.y > j10.y && a1.x < j10.x);
    let t = text(&draw(&a, W, H));
    assert!(t.contains("watching"), "{t}");
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    assert_eq!(a.update(code(KeyCode::Esc)), vec![Effect::LeaveGame]);
    // The lobby is back at once, without a round trip through the session.
    assert!(text(&draw(&a, W, H)).contains("Players"));
}

#[test]
fn selecting_highlights_only_legal_targets() {
    let mut a = red_app();
    // The cursor starts on E4, Red's front row.
    a.update(code(KeyCode::Enter));
    let buf = draw(&a, W, H);
    let bg = |s: &str| {
        let r = a.square_rect(sqr(s)).unwrap();
        buf[(r.x, r.y)].bg
    };
    for s in ["E5", "D4", "F4"] {
        assert_eq!(bg(s), TColor::LightGreen, "{s}");
    }
    for s in ["E3", "E6", "A5", "C1"] {
        assert_ne!(bg(s), TColor::LightGreen, "{s}");
    }
    // Enter on a target plays it.
    a.update(code(KeyCode::Up));
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(moved(&fx), Some(mv("E4", "E5")));
}

#[test]
fn cursor_to_a_non_target_refuses_with_a_reason() {
    let mut a = red_app();
    a.update(code(KeyCode::Enter));
    a.update(code(KeyCode::Up));
    a.update(code(KeyCode::Up));
    let fx = a.update(code(KeyCode::Enter));
    assert!(fx.is_empty());
    assert!(text(&draw(&a, W, H)).contains("Only Scouts move more than one square"));
}

#[test]
fn bombs_and_flags_cannot_be_selected() {
    let mut a = red_app();
    a.update(key('m'));
    type_text(&mut a, "b1");
    a.update(code(KeyCode::Enter));
    assert!(text(&draw(&a, W, H)).contains("Bombs never move"));
}

#[test]
fn typed_moves() {
    let mut a = red_app();
    a.update(key('m'));
    assert!(type_text(&mut a, "e4 e5").is_empty());
    assert!(text(&draw(&a, W, H)).contains("move: e4 e5"));
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(fx, vec![Effect::Game(GameCmd::Move(mv("E4", "E5")))]);

    a.update(key(':'));
    type_text(&mut a, "A4-A6");
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(moved(&fx), Some(mv("A4", "A6")));

    for (typed, reason) in [
        ("e4 e6", "Only Scouts move more than one square"),
        ("c4 c5", "no piece on C4"),
        ("a4 b5", "never diagonally"),
        ("e7 e6", "not yours"),
        ("e4 k4", "is not a square"),
        ("hello", "two squares"),
    ] {
        a.update(key('m'));
        type_text(&mut a, typed);
        let fx = a.update(code(KeyCode::Enter));
        assert!(fx.is_empty(), "{typed}: {fx:?}");
        let t = text(&draw(&a, W, H));
        assert!(t.contains(reason), "{typed}: want {reason:?}\n{t}");
    }
}

#[test]
fn typed_move_into_a_lake_is_explained() {
    let mut v = red_view();
    put(&mut v, "C4", Color::Red, Some(Rank::Captain), false);
    let mut a = app("alice", W, H);
    send_game(&mut a, game_snap(Some(Color::Red), v), Instant::now());
    a.update(key('m'));
    type_text(&mut a, "c4 c5");
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    assert!(text(&draw(&a, W, H)).contains("C5 is a lake"));
}

#[test]
fn not_your_turn() {
    let mut v = red_view();
    v.to_move = Color::Blue;
    v.legal_moves.clear();
    let mut a = app("alice", W, H);
    send_game(&mut a, game_snap(Some(Color::Red), v), Instant::now());
    a.update(key('m'));
    type_text(&mut a, "e4 e5");
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    assert!(text(&draw(&a, W, H)).contains("not your turn"));
}

#[test]
fn mouse_click_piece_then_target() {
    let mut a = red_app();
    assert!(click_square(&mut a, "A4").is_empty());
    // Clicking a square that is no target does not move.
    assert!(click_square(&mut a, "A8").is_empty());
    click_square(&mut a, "A4");
    let fx = click_square(&mut a, "A6");
    assert_eq!(moved(&fx), Some(mv("A4", "A6")));
}

#[test]
fn bell_when_it_becomes_my_turn() {
    let mut a = app("alice", W, H);
    let t0 = Instant::now();
    let setup = snapshot(GamePhase::Setup, Some(Color::Red), None);
    assert!(send_game(&mut a, setup, t0).is_empty());
    // Play starts, Red (us) to move: bell.
    let fx = send_game(&mut a, game_snap(Some(Color::Red), red_view()), t0);
    assert_eq!(fx, vec![Effect::Bell]);
    // Same position again (e.g. a chat line): no bell.
    let fx = send_game(&mut a, game_snap(Some(Color::Red), red_view()), t0);
    assert!(fx.is_empty());
    // Our move made: Blue to move, no bell.
    let mut v = red_view();
    v.to_move = Color::Blue;
    v.ply = 5;
    v.legal_moves.clear();
    assert!(send_game(&mut a, game_snap(Some(Color::Red), v), t0).is_empty());
    // Blue moved: our turn again.
    let mut v = red_view();
    v.ply = 6;
    let fx = send_game(&mut a, game_snap(Some(Color::Red), v), t0);
    assert_eq!(fx, vec![Effect::Bell]);
}

#[test]
fn ascii_mode_draws_only_ascii() {
    let ascii = Settings {
        ascii: true,
        ..settings()
    };
    let mut a = App::new(me("alice"), ascii, W, H, 1);
    let mut s = game_snap(Some(Color::Red), red_view());
    s.chat.push(ChatLine {
        from: "bob".into(),
        text: "héllo ✓ 象棋".into(),
    });
    s.clocks = Some(clocks(300, 300, true));
    s.history = vec![battle_move()];
    send_game(&mut a, s, Instant::now());
    a.update(code(KeyCode::Enter)); // selection and targets
    a.update(Msg::Notice("naïve — notice".into()));
    let buf = draw(&a, W, H);
    let t = text(&buf);
    assert!(t.is_ascii(), "{t}");
    // Hidden pieces and lakes still drawn.
    assert_eq!(label(&a, &buf, "E7"), "?");
    assert_eq!(label(&a, &buf, "F7"), "?*");
    assert!(t.contains("~~"));
    // The lobby and dialogs too.
    a.update(Msg::GameClosed);
    a.update(key('n'));
    assert!(text(&draw(&a, W, H)).is_ascii());
}

#[test]
fn classic_numbering_shows_marshal_as_1() {
    let classic = Settings {
        numbering: Numbering::Classic,
        ..settings()
    };
    let mut a = App::new(me("alice"), classic, W, H, 1);
    send_game(
        &mut a,
        game_snap(Some(Color::Red), red_view()),
        Instant::now(),
    );
    let buf = draw(&a, W, H);
    assert_eq!(label(&a, &buf, "D1"), "1");
    assert_eq!(label(&a, &buf, "A4"), "9");
    assert_eq!(label(&a, &buf, "E4"), "7");
    // Settings change live.
    a.update(key('s'));
    a.update(code(KeyCode::Enter));
    a.update(code(KeyCode::Esc));
    let buf = draw(&a, W, H);
    assert_eq!(label(&a, &buf, "D1"), "10");
}

fn battle_move() -> ViewMove {
    ViewMove {
        mover: Color::Red,
        from: sqr("I6"),
        to: sqr("I7"),
        battle: Some(ViewBattle {
            attacker: Some(Rank::Major),
            defender: Some(Rank::Lieutenant),
            result: BattleResult::AttackerWins,
        }),
        rescue: None,
    }
}

#[test]
fn move_list_and_last_battle_in_words() {
    let mut v = red_view();
    v.last_move = Some(battle_move());
    v.captured = vec![ViewCaptured {
        color: Color::Blue,
        rank: Some(Rank::Lieutenant),
    }];
    let mut s = game_snap(Some(Color::Red), v);
    s.history = vec![
        ViewMove {
            mover: Color::Red,
            from: sqr("G4"),
            to: sqr("G5"),
            battle: None,
            rescue: None,
        },
        ViewMove {
            mover: Color::Blue,
            from: sqr("A7"),
            to: sqr("A6"),
            battle: None,
            rescue: None,
        },
        battle_move(),
    ];
    let mut a = app("alice", W, H);
    send_game(&mut a, s, Instant::now());
    let buf = draw(&a, W, H);
    let t = text(&buf);
    assert!(t.contains("G4-G5") && t.contains("A7-A6"), "{t}");
    assert!(t.contains("I6xI7 7x5 win"), "{t}");
    assert!(
        t.contains("Your Major (7) attacked a Lieutenant (5) and won"),
        "{t}"
    );
    // Last move squares are marked.
    let r = a.square_rect(sqr("I6")).unwrap();
    assert_eq!(buf[(r.x, r.y)].bg, TColor::Yellow);
    // Captured and remaining pieces.
    assert!(t.contains("taken") && t.contains("Red") && t.contains("Blue"));
}

#[test]
fn clocks_count_down_for_the_side_to_move() {
    let t0 = Instant::now();
    let mut s = game_snap(Some(Color::Red), red_view());
    s.clocks = Some(clocks(300, 250, true));
    let mut a = app("alice", W, H);
    send_game(&mut a, s, t0);
    let t = text(&draw(&a, W, H));
    assert!(t.contains("5:00") && t.contains("4:10"), "{t}");
    a.update(Msg::Tick(t0 + Duration::from_secs(61)));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("3:59") && t.contains("4:10"), "{t}");
}

#[test]
fn resign_draw_and_claim() {
    let t0 = Instant::now();
    let mut a = red_app();
    a.update(key('R'));
    assert!(text(&draw(&a, W, H)).contains("Resign this game?"));
    assert_eq!(a.update(key('y')), vec![Effect::Game(GameCmd::Resign)]);
    assert_eq!(a.update(key('D')), vec![Effect::Game(GameCmd::OfferDraw)]);

    let mut s = game_snap(Some(Color::Red), red_view());
    s.draw_offer = Some(Color::Blue);
    s.seats.blue.connected = false;
    s.seats.blue.reconnect_left = Some(Duration::from_secs(30));
    send_game(&mut a, s, t0);
    let t = text(&draw(&a, W, H));
    assert!(t.contains("Draw offer: y accept"), "{t}");
    assert!(t.contains("30s to reconnect"), "{t}");
    assert_eq!(a.update(key('y')), vec![Effect::Game(GameCmd::AcceptDraw)]);
    assert_eq!(a.update(key('n')), vec![Effect::Game(GameCmd::DeclineDraw)]);
    // The win cannot be claimed yet.
    assert!(a.update(key('W')).is_empty());
    a.update(Msg::Tick(t0 + Duration::from_secs(31)));
    assert!(text(&draw(&a, W, H)).contains("W claims the win"));
    assert_eq!(a.update(key('W')), vec![Effect::Game(GameCmd::ClaimWin)]);
}

#[test]
fn game_over_banner_reveal_and_rematch() {
    let mut v = red_view();
    // Everything revealed at the end.
    put(&mut v, "E7", Color::Blue, Some(Rank::Bomb), false);
    put(&mut v, "F7", Color::Blue, Some(Rank::Scout), true);
    let o = Outcome {
        winner: Some(Color::Blue),
        reason: EndReason::FlagCaptured,
    };
    v.outcome = Some(o);
    v.legal_moves.clear();
    let mut s = snapshot(GamePhase::Over, Some(Color::Red), Some(v));
    s.outcome = Some(o);
    s.rematch.blue = true;
    let mut a = app("alice", W, H);
    send_game(&mut a, s, Instant::now());
    let buf = draw(&a, W, H);
    let t = text(&buf);
    assert!(t.contains("Blue wins — flag captured"), "{t}");
    assert!(t.contains("You lost"), "{t}");
    assert!(t.contains("bob asks for a rematch"), "{t}");
    assert_eq!(label(&a, &buf, "E7"), "B");
    assert_eq!(label(&a, &buf, "F7"), "2");
    assert_eq!(a.update(key('r')), vec![Effect::Game(GameCmd::Rematch)]);
    assert_eq!(a.update(key('q')), vec![Effect::LeaveGame]);
    assert!(text(&draw(&a, W, H)).contains("Players"));
}

#[test]
fn rescue_asks_which_piece_and_where() {
    let mut v = red_view();
    put(&mut v, "E9", Color::Red, Some(Rank::Captain), true);
    let rescue = |rank, to: &str| Move {
        from: sqr("E9"),
        to: sqr("E10"),
        rescue: Some(Rescue { rank, to: sqr(to) }),
    };
    v.legal_moves = vec![
        mv("E9", "E10"),
        rescue(Rank::Major, "C2"),
        rescue(Rank::Major, "C3"),
        rescue(Rank::Scout, "C2"),
    ];
    let mut a = app("alice", W, H);
    send_game(&mut a, game_snap(Some(Color::Red), v), Instant::now());
    click_square(&mut a, "E9");
    assert!(click_square(&mut a, "E10").is_empty());
    let t = text(&draw(&a, W, H));
    assert!(
        t.contains("Rescue") && t.contains("Major") && t.contains("Scout"),
        "{t}"
    );
    a.update(code(KeyCode::Enter)); // Major (strongest first)
    let fx = click_square(&mut a, "C3");
    assert_eq!(moved(&fx), Some(rescue(Rank::Major, "C3")));

    // Or skip the rescue.
    click_square(&mut a, "E9");
    click_square(&mut a, "E10");
    let fx = a.update(code(KeyCode::Esc));
    assert_eq!(moved(&fx), Some(mv("E9", "E10")));
}

#[test]
fn game_chat() {
    let mut a = red_app();
    assert!(text(&draw(&a, W, H)).contains("bob: good luck"));
    a.update(key('t'));
    type_text(&mut a, "you too");
    assert_eq!(
        a.update(code(KeyCode::Enter)),
        vec![Effect::Game(GameCmd::Chat("you too".into()))]
    );
}

#[test]
fn help_and_sizes() {
    let mut a = red_app();
    a.update(key('?'));
    assert!(text(&draw(&a, W, H)).contains("Game keys"));
    a.update(code(KeyCode::Esc));
    for (w, h) in [(80, 24), (120, 40), (200, 60), (500, 200)] {
        a.update(Msg::Resize {
            width: w,
            height: h,
        });
        let buf = draw(&a, w, h);
        assert_eq!(label(&a, &buf, "E4"), "4", "{w}x{h}");
        let t = text(&buf);
        assert!(t.contains("alice") && t.contains("bob"), "{w}x{h}");
    }
}

#[test]
fn every_colour_depth_tells_red_from_blue() {
    use stratego_ssh::ui::ColorDepth;
    for depth in [
        ColorDepth::TrueColor,
        ColorDepth::Ansi256,
        ColorDepth::Ansi16,
        ColorDepth::Mono,
    ] {
        let s = Settings {
            color: depth,
            ..settings()
        };
        let mut a = App::new(me("alice"), s, W, H, 1);
        send_game(
            &mut a,
            game_snap(Some(Color::Red), red_view()),
            Instant::now(),
        );
        let buf = draw(&a, W, H);
        let red = tile_cell(&a, &buf, "E4");
        let blue = tile_cell(&a, &buf, "E7");
        assert_ne!(
            (red.fg, red.bg, red.modifier),
            (blue.fg, blue.bg, blue.modifier),
            "{depth:?}"
        );
        if depth == ColorDepth::Mono {
            assert_eq!(red.bg, TColor::Reset);
        }
    }
}

#[test]
fn repetition_rules_are_told_apart_from_the_view() {
    // E4-E5 is not among the legal moves: after Red's E5-E4 it is the way back (two-square
    // rule); otherwise the more-squares rule barred it.
    let mut v = red_view();
    v.legal_moves.retain(|m| *m != mv("E4", "E5"));
    let came_back = ViewMove {
        mover: Color::Red,
        from: sqr("E5"),
        to: sqr("E4"),
        battle: None,
        rescue: None,
    };
    let blue_move = ViewMove {
        mover: Color::Blue,
        from: sqr("F8"),
        to: sqr("F7"),
        battle: None,
        rescue: None,
    };
    for (history, want) in [
        (
            vec![came_back, blue_move],
            "Two-square rule: this piece has moved between E4 and E5",
        ),
        (vec![blue_move], "More-squares rule: this move would repeat"),
    ] {
        let mut s = game_snap(Some(Color::Red), v.clone());
        s.history = history;
        let mut a = app("alice", W, H);
        send_game(&mut a, s, Instant::now());
        a.update(key('m'));
        type_text(&mut a, "e4 e5");
        assert!(a.update(code(KeyCode::Enter)).is_empty());
        // The sentence wraps under the board: compare without the line breaks.
        let t: String = lines(&draw(&a, W, H))
            .iter()
            .map(|l| l.trim())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(t.contains(want), "want {want:?}\n{t}");
    }
}

#[test]
fn a_player_leaves_after_saying_yes_and_is_back_in_the_lobby_at_once() {
    let mut a = red_app();
    assert!(a.update(key('q')).is_empty());
    assert!(text(&draw(&a, W, H)).contains("Leave this game?"));
    // No: still in the game.
    assert!(a.update(key('n')).is_empty());
    assert!(!text(&draw(&a, W, H)).contains("Players"));
    a.update(key('q'));
    assert_eq!(a.update(key('y')), vec![Effect::LeaveGame]);
    assert!(text(&draw(&a, W, H)).contains("Players"));
    // The server's word that the game is gone changes nothing now.
    assert!(a.update(Msg::GameClosed).is_empty());
    assert!(text(&draw(&a, W, H)).contains("Players"));
}

#[test]
fn rescue_by_keys_number_back_and_place() {
    let mut v = red_view();
    put(&mut v, "E9", Color::Red, Some(Rank::Captain), true);
    let rescue = |rank, to: &str| Move {
        from: sqr("E9"),
        to: sqr("E10"),
        rescue: Some(Rescue { rank, to: sqr(to) }),
    };
    v.legal_moves = vec![
        rescue(Rank::Major, "C2"),
        rescue(Rank::Major, "C3"),
        rescue(Rank::Scout, "D2"),
    ];
    let mut a = app("alice", W, H);
    send_game(&mut a, game_snap(Some(Color::Red), v), Instant::now());
    a.update(key('m'));
    type_text(&mut a, "e9 e10");
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    // No plain move: Esc gives the move up.
    assert!(a.update(code(KeyCode::Esc)).is_empty());
    assert!(text(&draw(&a, W, H)).contains("Move cancelled"));
    a.update(key('m'));
    type_text(&mut a, "e9 e10");
    a.update(code(KeyCode::Enter));
    // 2: the Scout (strongest first); Esc goes back to the choice; Down, Enter: the Scout
    // again, the cursor on its only square.
    assert!(a.update(key('2')).is_empty());
    assert!(text(&draw(&a, W, H)).contains("Rescue the Scout"));
    a.update(code(KeyCode::Esc));
    a.update(code(KeyCode::Down));
    a.update(code(KeyCode::Enter));
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(moved(&fx), Some(rescue(Rank::Scout, "D2")));
    // A square the piece may not go to is refused; the cursor goes back to one it may.
    a.update(key('m'));
    type_text(&mut a, "e9 e10");
    a.update(code(KeyCode::Enter));
    a.update(code(KeyCode::Enter)); // the Major, the cursor on C2
    a.update(code(KeyCode::Right));
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(moved(&fx), Some(rescue(Rank::Major, "C2")));
}

/// The four sizes the screens are checked at.
const SIZES: [(u16, u16); 4] = [(80, 24), (100, 30), (120, 40), (160, 50)];

/// The rows of the screen from column `x` on, joined with single spaces: a sentence
/// wrapped there reads whole.
fn flowing_from(buf: &ratatui::buffer::Buffer, x: u16) -> String {
    lines(buf)
        .iter()
        .map(|l| {
            let right: String = l.chars().skip(x as usize).collect();
            right.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The first column right of the board.
fn right_of_board(a: &App) -> u16 {
    let j = a.square_rect(sqr("J1")).unwrap();
    let a1 = a.square_rect(sqr("A1")).unwrap();
    j.right().max(a1.right())
}

/// Red's game after a battle (the last battle is told under the board).
fn after_a_battle(my: Option<Color>) -> GameSnapshot {
    let mut v = red_view();
    v.last_move = Some(battle_move());
    if my.is_none() {
        v.viewer = Viewer::Spectator;
        v.legal_moves.clear();
    }
    let mut s = snapshot(GamePhase::Playing, my, Some(v));
    s.history = vec![battle_move()];
    s
}

#[test]
fn chat_shows_after_a_battle_at_every_size() {
    for (w, h) in SIZES {
        let mut a = app("alice", w, h);
        let t0 = Instant::now();
        send_game(&mut a, after_a_battle(Some(Color::Red)), t0);
        // A line comes in, long enough to wrap in the side panel.
        let mut s = after_a_battle(Some(Color::Red));
        s.chat.push(ChatLine {
            from: "bob".into(),
            text: "well played, that Major of yours was a nasty surprise for my poor Lieutenant"
                .into(),
        });
        send_game(&mut a, s, t0);
        a.update(key('t'));
        type_text(&mut a, "thanks");
        let buf = draw(&a, w, h);
        let t = text(&buf);
        assert!(t.contains("attacked a Lieutenant"), "{w}x{h}\n{t}");
        assert!(t.contains("say: thanks"), "{w}x{h}: no say: line\n{t}");
        let all = flowing_from(&buf, right_of_board(&a));
        assert!(
            all.contains(
                "bob: well played, that Major of yours was a nasty surprise for my poor Lieutenant"
            ),
            "{w}x{h}: the incoming line is not shown whole\n{t}"
        );
        assert_eq!(
            a.update(code(KeyCode::Enter)),
            vec![Effect::Game(GameCmd::Chat("thanks".into()))],
            "{w}x{h}"
        );
    }
}

#[test]
fn spectators_chat_among_themselves_and_are_told_so() {
    for (w, h) in SIZES {
        let mut a = app("carol", w, h);
        let mut s = after_a_battle(None);
        s.chat = vec![ChatLine {
            from: "dave".into(),
            text: "what a game".into(),
        }];
        send_game(&mut a, s, Instant::now());
        let t = text(&draw(&a, w, h));
        assert!(t.contains("Chat (only spectators see it)"), "{w}x{h}\n{t}");
        assert!(t.contains("dave: what a game"), "{w}x{h}\n{t}");
        a.update(key('t'));
        type_text(&mut a, "indeed");
        assert!(text(&draw(&a, w, h)).contains("say: indeed"), "{w}x{h}");
        assert_eq!(
            a.update(code(KeyCode::Enter)),
            vec![Effect::Game(GameCmd::Chat("indeed".into()))]
        );
    }
}

/// Red's game before the first move: Red to move, nothing played.
fn first_move_pending() -> GameSnapshot {
    let mut v = red_view();
    v.ply = 0;
    snapshot(GamePhase::Playing, Some(Color::Red), Some(v))
}

#[test]
fn leaving_before_the_first_move_ends_the_game_without_a_result() {
    for (w, h) in SIZES {
        // In the set-up, and in play before anyone moved.
        let setup = snapshot(GamePhase::Setup, Some(Color::Red), None);
        for snap in [setup, first_move_pending()] {
            let mut a = app("alice", w, h);
            send_game(&mut a, snap, Instant::now());
            assert!(a.update(key('q')).is_empty());
            let buf = draw(&a, w, h);
            let t = boxed_text(&buf);
            assert!(
                t.contains(
                    "Leave this game? Nobody has moved yet: the game ends without a result."
                ),
                "{w}x{h}\n{}",
                text(&buf)
            );
            assert!(!t.contains("clock"), "{w}x{h}\n{}", text(&buf));
            assert_eq!(
                a.update(key('y')),
                vec![Effect::Game(GameCmd::Abort), Effect::LeaveGame],
                "{w}x{h}"
            );
        }
    }
}

/// A correspondence game waits for its players, in its set-up and before the first move
/// too: leaving asks so, and leaves the seat without ending the game (no Abort).
#[test]
fn leaving_a_correspondence_game_does_not_end_it() {
    for (w, h) in SIZES {
        let mut snap = first_move_pending();
        snap.terms.days = Some(3);
        snap.terms.clock = None;
        let mut a = app("alice", w, h);
        send_game(&mut a, snap, Instant::now());
        assert!(a.update(key('q')).is_empty());
        let buf = draw(&a, w, h);
        let t = boxed_text(&buf);
        assert!(
            t.contains("A correspondence game waits for you: nobody can claim it"),
            "{w}x{h}\n{}",
            text(&buf)
        );
        assert_eq!(a.update(key('y')), vec![Effect::LeaveGame], "{w}x{h}");
    }
    // In its set-up too (issue 47: the set-up is by correspondence as well): the seat is
    // left, the game waits for the player's set-up until its deadline.
    let mut snap = snapshot(GamePhase::Setup, Some(Color::Red), None);
    snap.terms.days = Some(3);
    let mut a = app("alice", W, H);
    send_game(&mut a, snap, Instant::now());
    a.update(key('q'));
    let t = boxed_text(&draw(&a, W, H));
    assert!(t.contains("A correspondence game waits for you"), "{t}");
    assert_eq!(a.update(key('y')), vec![Effect::LeaveGame]);
}

#[test]
fn leaving_later_tells_the_truth_about_the_clock() {
    // No clock: only the reconnect time.
    let mut a = red_app();
    a.update(key('q'));
    let t = boxed_text(&draw(&a, W, H));
    assert!(!t.contains("clock keeps running"), "{t}");
    assert!(
        t.contains("If you are not back within the reconnect time (2 minutes"),
        "{t}"
    );
    assert!(t.contains("your opponent may claim the win."), "{t}");
    assert_eq!(a.update(key('y')), vec![Effect::LeaveGame]);
    // A clock runs: it keeps running.
    let mut a = app("alice", 80, 24);
    let mut s = game_snap(Some(Color::Red), red_view());
    s.clocks = Some(clocks(300, 300, true));
    send_game(&mut a, s, Instant::now());
    a.update(key('q'));
    let t = boxed_text(&draw(&a, 80, 24));
    assert!(t.contains("Your clock keeps running"), "{t}");
    assert!(t.contains("your opponent may claim the win."), "{t}");
    assert_eq!(a.update(key('y')), vec![Effect::LeaveGame]);
}

#[test]
fn an_aborted_game_says_so_not_draw() {
    for (w, h) in SIZES {
        for my in [Some(Color::Red), None] {
            let o = Outcome {
                winner: None,
                reason: EndReason::Aborted,
            };
            let mut s = snapshot(GamePhase::Over, my, None);
            s.outcome = Some(o);
            let mut a = app("alice", w, h);
            send_game(&mut a, s, Instant::now());
            let t = text(&draw(&a, w, h));
            assert!(t.contains("Game aborted: no result"), "{w}x{h}\n{t}");
            assert!(!t.contains("Draw"), "{w}x{h}\n{t}");
        }
    }
}

/// Everything the rules page shows, paging down from its top.
fn rules_page_text(a: &mut App, w: u16, h: u16) -> String {
    let mut seen = String::new();
    for _ in 0..20 {
        let t = boxed_text(&draw(a, w, h));
        seen.push_str(&t);
        seen.push(' ');
        a.update(code(KeyCode::PageDown));
    }
    seen
}

#[test]
fn the_rules_page_teaches_the_game() {
    for (w, h) in SIZES {
        let mut a = red_app();
        a.update(Msg::Resize {
            width: w,
            height: h,
        });
        a.update(key('?'));
        let t = text(&draw(&a, w, h));
        assert!(
            t.contains("Game keys") && t.contains("? rules of the game"),
            "{t}"
        );
        a.update(key('?'));
        let all = rules_page_text(&mut a, w, h);
        assert!(text(&draw(&a, w, h)).contains("Rules of Classic Stratego"));
        for want in [
            "Who beats whom",
            "The higher rank wins",
            "Spy",
            "beats the Marshal if it strikes first",
            "Miner",
            "defuses",
            "Scout",
            "runs any distance",
            "Bomb",
            "Flag",
            "■ ? an enemy piece you have not seen",
            "◆ ?* an enemy piece that has moved",
            "≈ ~ a lake",
            "░ : the opponent's set-up rows",
            // The marks that tell without colour what the colours tell.
            "+ at a square's left: a square of the last move",
            "' at a piece's right: your opponent's",
            "!0:15! a clock with less than 20 seconds left",
            "marked in yellow and by +",
            "Two-square rule: a piece may not move between the same two squares more than 3 times in a row.",
            "Chasing (more-squares rule)",
        ] {
            assert!(all.contains(want), "{w}x{h}: {want:?} not on the rules page\n{all}");
        }
        // Esc closes it: back to the game.
        a.update(code(KeyCode::Esc));
        let t = text(&draw(&a, w, h));
        assert!(!t.contains("Rules of") && t.contains("Your turn"), "{t}");
    }
}

#[test]
fn the_rules_page_follows_the_games_options() {
    use stratego_ssh::rules::{Options, Rules, Variant};
    let mut s = game_snap(Some(Color::Red), red_view());
    s.terms.rules = Rules::new(
        Variant::Classic,
        Options {
            two_square_limit: 5,
            more_squares: false,
            ..Options::default()
        },
    );
    let mut a = app("alice", W, H);
    send_game(&mut a, s, Instant::now());
    a.update(key('?'));
    a.update(key('?'));
    let all = rules_page_text(&mut a, W, H);
    assert!(all.contains("more than 5 times in a row"), "{all}");
    assert!(all.contains("Chasing is not limited"), "{all}");
    // ? a third time closes it.
    a.update(key('?'));
    assert!(text(&draw(&a, W, H)).contains("Your turn"));
}

#[test]
fn a_declined_draw_offer_leaves_no_stale_line() {
    let t0 = Instant::now();
    let mut a = red_app();
    assert_eq!(a.update(key('D')), vec![Effect::Game(GameCmd::OfferDraw)]);
    // The server has the offer: the side panel says so.
    let mut s = game_snap(Some(Color::Red), red_view());
    s.draw_offer = Some(Color::Red);
    send_game(&mut a, s, t0);
    assert!(text(&draw(&a, W, H)).contains("You offered a draw"));
    // Declined: the server drops it and says so; nothing on the screen still speaks of it.
    send_game(&mut a, game_snap(Some(Color::Red), red_view()), t0);
    a.update(Msg::Notice("bob declined your draw offer".into()));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("bob declined your draw offer"), "{t}");
    assert!(
        !t.contains("Draw offered") && !t.contains("offered a draw"),
        "{t}"
    );
    // Offered again, then the opponent moves instead: the offer lapses, and so does
    // every line about it.
    a.update(code(KeyCode::Esc));
    a.update(key('D'));
    let mut s = game_snap(Some(Color::Red), red_view());
    s.draw_offer = Some(Color::Red);
    send_game(&mut a, s, t0);
    let mut v = red_view();
    v.ply = 6;
    send_game(&mut a, game_snap(Some(Color::Red), v), t0);
    let t = text(&draw(&a, W, H));
    assert!(
        !t.contains("Draw offered") && !t.contains("offered a draw"),
        "{t}"
    );
}

fn over_snap(my: Option<Color>) -> GameSnapshot {
    let mut v = red_view();
    let o = Outcome {
        winner: Some(Color::Red),
        reason: EndReason::FlagCaptured,
    };
    v.outcome = Some(o);
    v.legal_moves.clear();
    if my.is_none() {
        v.viewer = Viewer::Spectator;
    }
    let mut s = snapshot(GamePhase::Over, my, Some(v));
    s.outcome = Some(o);
    s
}

#[test]
fn an_opponent_who_left_ends_the_talk_of_a_rematch() {
    let t0 = Instant::now();
    let mut a = red_app();
    send_game(&mut a, over_snap(Some(Color::Red)), t0);
    assert_eq!(a.update(key('r')), vec![Effect::Game(GameCmd::Rematch)]);
    let mut s = over_snap(Some(Color::Red));
    s.rematch.red = true;
    send_game(&mut a, s.clone(), t0);
    assert!(text(&draw(&a, W, H)).contains("You asked for a rematch"));
    // bob leaves: the server says so and his seat is empty.
    s.seats.blue.connected = false;
    send_game(&mut a, s, t0);
    a.update(Msg::Notice("bob left: no rematch".into()));
    a.update(code(KeyCode::Esc));
    let t = text(&draw(&a, W, H));
    assert!(!t.contains("You asked for a rematch"), "{t}");
    assert!(t.contains("bob left: no rematch"), "{t}");
    assert!(!t.contains("r rematch"), "{t}");
    // r asks for nothing now, and says why.
    assert!(a.update(key('r')).is_empty());
    assert!(text(&draw(&a, W, H)).contains("bob has left: no rematch"));
}

/// A tournament's game: its director pairs the next one, so its end screen offers no
/// rematch, and `r` asks for none (it says why).
#[test]
fn a_tournament_game_offers_no_rematch() {
    let t0 = Instant::now();
    let mut a = red_app();
    let mut s = over_snap(Some(Color::Red));
    s.tournament = true;
    send_game(&mut a, s.clone(), t0);
    let t = text(&draw(&a, W, H));
    assert!(!t.contains("rematch"), "{t}");
    assert!(a.update(key('r')).is_empty());
    assert!(text(&draw(&a, W, H)).contains("No rematch in a tournament"));
    // Even were both marked as asking, it would not read "Rematch agreed".
    s.rematch.red = true;
    s.rematch.blue = true;
    send_game(&mut a, s, t0);
    assert!(!text(&draw(&a, W, H)).contains("Rematch agreed"));
}

#[test]
fn the_result_shows_the_rating_change() {
    for (w, h) in SIZES {
        for my in [Some(Color::Red), None] {
            let mut s = over_snap(my);
            s.seats.red.rating = Some(1512);
            s.seats.red.rating_change = Some(12);
            s.seats.blue.rating = Some(1492);
            s.seats.blue.rating_change = Some(-8);
            let mut a = app("alice", w, h);
            send_game(&mut a, s, Instant::now());
            let t = text(&draw(&a, w, h));
            assert!(t.contains("alice (1512 +12)"), "{w}x{h}\n{t}");
            assert!(t.contains("bob (1492 -8)"), "{w}x{h}\n{t}");
            if my.is_some() {
                assert!(t.contains("Your rating: 1512 (+12)"), "{w}x{h}\n{t}");
            }
        }
    }
}

#[test]
fn too_small_mid_game_still_shows_the_turn_and_both_clocks() {
    let t0 = Instant::now();
    let mut s = game_snap(Some(Color::Red), red_view());
    s.clocks = Some(clocks(300, 250, true));
    let mut a = app("alice", 70, 20);
    send_game(&mut a, s, t0);
    let t = text(&draw(&a, 70, 20));
    assert!(t.contains("make the window larger"), "{t}");
    assert!(t.contains("Your turn"), "{t}");
    assert!(t.contains("Red alice") && t.contains("5:00"), "{t}");
    assert!(t.contains("Blue bob") && t.contains("4:10"), "{t}");
    // The clock runs on this screen too.
    assert!(a.wants_ticks());
    a.update(Msg::Tick(t0 + Duration::from_secs(61)));
    assert!(a.tick_changed());
    let t = text(&draw(&a, 70, 20));
    assert!(t.contains("3:59") && t.contains("4:10"), "{t}");
    // A spectator of the same game, and a window smaller still.
    let mut v = red_view();
    v.viewer = Viewer::Spectator;
    v.to_move = Color::Blue;
    let mut s = game_snap(None, v);
    s.clocks = Some(clocks(300, 250, false));
    let mut a = app("carol", 44, 8);
    send_game(&mut a, s, t0);
    let t = text(&draw(&a, 44, 8));
    assert!(t.contains("Blue to move (bob)"), "{t}");
    assert!(t.contains("5:00") && t.contains("4:10"), "{t}");
    assert!(t.contains("make the window larger"), "{t}");
}

#[test]
fn nothing_is_cut_mid_word_at_80x24() {
    use stratego_ssh::proto::ClockSpec;
    use stratego_ssh::rules::Immobility;
    let (w, h) = (80, 24);
    let long_battle = |rescue: bool| ViewMove {
        mover: Color::Red,
        from: sqr("D10"),
        to: sqr("D9"),
        battle: Some(ViewBattle {
            attacker: Some(Rank::Marshal),
            defender: Some(Rank::Marshal),
            result: BattleResult::BothRemoved,
        }),
        rescue: rescue.then_some(Rescue {
            rank: Rank::Marshal,
            to: sqr("C10"),
        }),
    };
    let mut v = red_view();
    for r in [
        Rank::Scout,
        Rank::Scout,
        Rank::Miner,
        Rank::Bomb,
        Rank::Sergeant,
    ] {
        for _ in 0..3 {
            v.captured.push(ViewCaptured {
                color: Color::Red,
                rank: Some(r),
            });
            v.captured.push(ViewCaptured {
                color: Color::Blue,
                rank: Some(r),
            });
        }
    }
    let mut s = game_snap(Some(Color::Red), v);
    s.seats.red.nick = "bartholomew_the_magnificent".into();
    s.terms.rules.options.aggressor_advantage = true;
    s.terms.rules.options.silent_defense = true;
    s.terms.rules.options.rescue = true;
    s.terms.rules.options.immobility = Immobility::Immediate;
    s.terms.clock = Some(ClockSpec {
        initial_secs: 5400,
        increment_secs: 30,
    });
    s.clocks = Some(clocks(5400, 5380, true));
    s.spectators = 12;
    s.history = vec![long_battle(true), long_battle(false), long_battle(true)];
    let mut a = App::new(me("bartholomew_the_magnificent"), settings(), w, h, 1);
    send_game(&mut a, s, Instant::now());
    let buf = draw(&a, w, h);
    let t = text(&buf);
    // The header keeps its words, or ends with a visible mark.
    let header = lines(&buf)[0].trim_end().to_string();
    assert!(
        header.ends_with('…') || header.ends_with("game #7") || header.ends_with("watching"),
        "{header:?}"
    );
    // The rules in plain words where they fit, in short where not (issue 34).
    assert!(
        header.contains(
            "Classic · 2-square rule: 3, chasing rule, attacker wins ties, silent defense, rescue"
        ) || header.contains("Classic · 2sq:3 chase AA SD rescue"),
        "{header:?}"
    );
    // A long name is abbreviated with a visible mark, and the clock beside it is whole.
    assert!(t.contains("● bartholomew"), "{t}");
    assert!(t.contains('…'), "{t}");
    assert!(t.contains("1:30:00"), "{t}");
    // Long moves are shown whole, one a row.
    assert!(t.contains("D10xD9 10x10 tie +10@C10"), "{t}");
    assert!(t.contains("D10xD9 10x10 tie "), "{t}");
    // The pieces taken: a row for each side.
    assert!(t.contains("taken Red B B B 4 4 4 3 3 3 2 2 2 2 2 2"), "{t}");
    assert!(
        t.contains("      Blue B B B 4 4 4 3 3 3 2 2 2 2 2 2"),
        "{t}"
    );
}

#[test]
fn the_setup_tip_wraps_at_80x24() {
    let mut a = app("alice", 80, 24);
    send_game(
        &mut a,
        snapshot(GamePhase::Setup, Some(Color::Red), None),
        Instant::now(),
    );
    let buf = draw(&a, 80, 24);
    let below: String = lines(&buf)
        .iter()
        .map(|l| l.chars().take(44).collect::<String>())
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        below.contains("arrows move, rank keys place, Space picks up/swaps, Del removes"),
        "{}",
        text(&buf)
    );
}

/// What a clock tick draws alone laid over the last whole frame `before`; `None` when the
/// app wants the whole screen drawn. Nothing may be drawn outside the areas it returns.
fn patched(
    a: &App,
    before: &ratatui::buffer::Buffer,
    w: u16,
    h: u16,
) -> Option<ratatui::buffer::Buffer> {
    patched_parts(a, before, w, h, Parts::CLOCKS)
}

fn clock_ms(
    red_ms: u64,
    blue_ms: u64,
    red_running: bool,
) -> stratego_ssh::rules::ByColor<stratego_ssh::proto::ClockState> {
    let mut c = clocks(0, 0, red_running);
    c.red.remaining = Duration::from_millis(red_ms);
    c.blue.remaining = Duration::from_millis(blue_ms);
    c
}

#[test]
fn a_clock_tick_redraws_only_the_seats_and_draws_them_as_the_whole_screen_would() {
    let blue_view = || {
        let mut v = empty_view(Viewer::Player(Color::Blue));
        put(&mut v, "J10", Color::Blue, Some(Rank::Marshal), false);
        put(&mut v, "A1", Color::Red, None, false);
        v.to_move = Color::Blue;
        v
    };
    let views: [(Option<Color>, PlayerView); 3] = [
        (Some(Color::Red), red_view()),
        (Some(Color::Blue), blue_view()),
        (None, {
            let mut v = red_view();
            v.viewer = Viewer::Spectator;
            v
        }),
    ];
    // (red ms, blue ms, red's clock runs, ms passed): a plain second; into the last ten
    // seconds (tenths shown); into the last twenty (the low-time colour); 10:00 to 9:59
    // (the clock gets narrower and the name wider); Blue's clock running.
    let cases = [
        (300_000, 250_000, true, 1_000),
        (10_400, 250_000, true, 700),
        (20_300, 250_000, true, 600),
        (600_000, 250_000, true, 1_000),
        (300_000, 600_200, false, 500),
    ];
    let mut checked = 0;
    for (w, h) in [(80, 24), (100, 30), (120, 40), (200, 60)] {
        for (my, view) in &views {
            for &(red, blue, red_runs, passed) in &cases {
                for notice in [None, Some("a short notice"), Some("Guest: if you drop, come back to your game with: ssh -p 2222 guest-1234-abcdefgh@example.org")] {
                    let t0 = Instant::now();
                    let mut s = game_snap(*my, view.clone());
                    s.clocks = Some(clock_ms(red, blue, red_runs));
                    let mut a = app("alice", w, h);
                    send_game(&mut a, s, t0);
                    if let Some(n) = notice {
                        a.update(Msg::Notice(n.to_string().into()));
                    }
                    a.update(Msg::Tick(t0));
                    let before = draw(&a, w, h);
                    a.update(Msg::Tick(t0 + Duration::from_millis(passed)));
                    assert!(a.tick_changed(), "{w}x{h} {my:?} {red} {blue}: the clock moved");
                    let whole = draw(&a, w, h);
                    let case = format!("{w}x{h} {my:?} red {red} blue {blue} +{passed} notice {notice:?}");
                    match patched(&a, &before, w, h) {
                        Some(p) => {
                            assert_eq!(lines(&p), lines(&whole), "{case}");
                            assert_eq!(p, whole, "{case}: styles");
                            checked += 1;
                        }
                        // Only a notice over a seat asks for the whole screen here.
                        None => assert!(notice.is_some(), "{case}: no patch"),
                    }
                }
            }
        }
    }
    // Every tick without a notice, and some with one (where it does not cover a seat).
    assert!(checked > 4 * 3 * 5, "patched {checked} ticks");
}

/// Issue 48: typing a move changes only the line under the board and the keys, so each
/// key is drawn as a patch of those. Laid over the screen before the key, the patch is the
/// whole screen after it, at every size, as a player, after a battle and after a refused
/// move; a key that does more (the cursor, Enter) asks for the whole screen.
#[test]
fn a_move_being_typed_is_drawn_as_a_patch_of_its_line() {
    let typing = [
        key('m'),
        key('e'),
        key('4'),
        key(' '),
        key('k'),
        code(KeyCode::Backspace),
        key('e'),
        key('5'),
        code(KeyCode::Esc),
        key(':'),
        key('a'),
    ];
    let mut checked = 0;
    for (w, h) in [(80, 24), (100, 30), (120, 40), (200, 60)] {
        for (case, snap) in [
            ("plain", game_snap(Some(Color::Red), red_view())),
            ("after a battle", after_a_battle(Some(Color::Red))),
        ] {
            for refused_first in [false, true] {
                let mut a = app("alice", w, h);
                send_game(&mut a, snap.clone(), Instant::now());
                if refused_first {
                    // A refused move leaves its reason under the board.
                    a.update(key('m'));
                    type_text(&mut a, "e4 e6");
                    a.update(code(KeyCode::Enter));
                    assert_eq!(a.input_parts(), Parts::WHOLE, "Enter acts on the game");
                }
                let mut before = draw(&a, w, h);
                for (i, k) in typing.iter().enumerate() {
                    a.update(k.clone());
                    let what = format!("{w}x{h} {case} refused {refused_first} key {i}");
                    assert_eq!(a.input_parts(), Parts::LINE, "{what}");
                    let whole = draw(&a, w, h);
                    let p = patched_parts(&a, &before, w, h, Parts::LINE)
                        .unwrap_or_else(|| panic!("{what}: no patch"));
                    assert_eq!(lines(&p), lines(&whole), "{what}");
                    assert_eq!(p, whole, "{what}: styles");
                    before = whole;
                    checked += 1;
                }
                // The cursor moves on the board: the whole screen.
                a.update(code(KeyCode::Esc));
                a.update(code(KeyCode::Left));
                assert_eq!(a.input_parts(), Parts::WHOLE, "{w}x{h} {case}: the cursor");
            }
        }
    }
    assert_eq!(checked, 4 * 2 * 2 * typing.len());
    // A notice on screen: the key that clears it redraws the whole screen.
    let mut a = red_app();
    a.update(Msg::Notice("a notice".to_string().into()));
    a.update(key('m'));
    assert_eq!(a.input_parts(), Parts::WHOLE, "the notice goes");
}

#[test]
fn a_tick_draws_the_whole_screen_under_a_question_or_a_reconnect_countdown() {
    let t0 = Instant::now();
    let mut s = game_snap(Some(Color::Red), red_view());
    s.clocks = Some(clocks(300, 250, true));
    let mut a = app("alice", W, H);
    send_game(&mut a, s.clone(), t0);
    a.update(Msg::Tick(t0 + Duration::from_secs(1)));
    let blank = draw(&a, W, H);
    assert!(
        patched(&a, &blank, W, H).is_some(),
        "a plain tick is patched"
    );
    // A question over the board.
    a.update(key('R'));
    assert!(
        patched(&a, &blank, W, H).is_none(),
        "under the resign question"
    );
    // The opponent gone: the countdown changes the status lines too.
    let mut a = app("alice", W, H);
    s.seats.blue.connected = false;
    s.seats.blue.reconnect_left = Some(Duration::from_secs(30));
    send_game(&mut a, s, t0);
    a.update(Msg::Tick(t0 + Duration::from_secs(1)));
    assert!(
        patched(&a, &blank, W, H).is_none(),
        "during a reconnect countdown"
    );
    // Help over the game.
    let mut a = red_app();
    a.update(key('?'));
    assert!(patched(&a, &blank, W, H).is_none(), "under the help");
}

/// Issue 34: a notice (a declined draw offer, a guest's way back) never covers the board,
/// the seats' names or the clocks; issue 43: nor the player's own seat (name, colour,
/// clock) at the bottom of the side: it takes the rows just above that seat, the footer's
/// keys stay, at 80x24 as on larger screens.
#[test]
fn notices_never_cover_the_board_names_or_clocks() {
    let long = "Guest: if you drop, come back to your game with: \
                ssh -p 2222 guest-0520-abcdefghijkl@stratego.example.org";
    for (w, h) in [(80, 24), (120, 40)] {
        for notice in ["alice declined your draw offer", long] {
            let mut a = app("alice", w, h);
            let mut snap = game_snap(Some(Color::Red), red_view());
            snap.clocks = Some(clocks(300, 250, true));
            let at = Instant::now();
            send_game(&mut a, snap, at);
            let plain = lines(&draw(&a, w, h));
            a.update(Msg::Notice(notice.into()));
            let shown = lines(&draw(&a, w, h));
            let t = shown.join("\n");
            assert!(
                words_of(&t).contains(&words_of(notice)),
                "{w}x{h}: the notice is shown whole\n{t}"
            );
            // The notice's rows are together, under the board and above the own seat.
            let changed: Vec<usize> = (0..shown.len()).filter(|&y| shown[y] != plain[y]).collect();
            let (first, last) = (changed[0], *changed.last().unwrap());
            assert_eq!(
                changed,
                (first..=last).collect::<Vec<_>>(),
                "{w}x{h}: the notice is one block\n{t}"
            );
            let seat = plain.iter().rposition(|r| r.contains("alice")).unwrap();
            assert_eq!(last + 1, seat, "{w}x{h}: right above the own seat\n{t}");
            for (y, row) in plain.iter().enumerate() {
                let precious = ["alice", "bob", "5:00", "4:10", "Red", "Blue", "R resign"]
                    .iter()
                    .any(|s| row.contains(s))
                    || row.trim_start().starts_with("10");
                if precious {
                    assert!(
                        !changed.contains(&y),
                        "{w}x{h}: row {y} ({row:?}) is covered by the notice\n{t}"
                    );
                }
            }
        }
    }
}

fn words_of(t: &str) -> String {
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Issue 34 (LOW): the header names the rules in plain words at 80x24 ("2-square rule: 3,
/// chasing rule"), not in jargon ("2sq:3 chase").
#[test]
fn the_header_says_the_rules_in_plain_words_at_80x24() {
    let mut a = app("alice", 80, 24);
    send_game(
        &mut a,
        game_snap(Some(Color::Red), red_view()),
        Instant::now(),
    );
    let header = lines(&draw(&a, 80, 24))[0].clone();
    assert!(
        header.contains("Classic · 2-square rule: 3, chasing rule · rated"),
        "{header:?}"
    );
    assert!(!header.contains("2sq"), "{header:?}");
}

/// Issue 34 (LOW): the last move is said in words, whichever side made it, battle or not,
/// and replaced by each move (the last battle's sentence no longer stays for moves after).
#[test]
fn the_last_move_is_said_in_words_and_replaced_by_each_move() {
    let plain = |mover, from: &str, to: &str| ViewMove {
        mover,
        from: sqr(from),
        to: sqr(to),
        battle: None,
        rescue: None,
    };
    let mut v = red_view();
    v.last_move = Some(battle_move());
    let mut s = game_snap(Some(Color::Red), v.clone());
    s.history = vec![plain(Color::Red, "G4", "G5"), battle_move()];
    let mut a = app("alice", W, H);
    let at = Instant::now();
    send_game(&mut a, s.clone(), at);
    let t = text(&draw(&a, W, H));
    assert!(
        t.contains("Your Major (7) attacked a Lieutenant (5) and won"),
        "{t}"
    );
    // Blue answers without a battle: said in words, the battle's sentence gone.
    v.last_move = Some(plain(Color::Blue, "B7", "B6"));
    v.to_move = Color::Red;
    s.view = Some(v.clone());
    s.history.push(plain(Color::Blue, "B7", "B6"));
    send_game(&mut a, s.clone(), at);
    let t = text(&draw(&a, W, H));
    assert!(t.contains("Blue moved B7-B6"), "{t}");
    assert!(!t.contains("attacked"), "{t}");
    // My own move next.
    v.last_move = Some(plain(Color::Red, "E4", "E5"));
    s.view = Some(v);
    s.history.push(plain(Color::Red, "E4", "E5"));
    send_game(&mut a, s, at);
    let t = text(&draw(&a, W, H));
    assert!(
        t.contains("You moved E4-E5") && !t.contains("Blue moved"),
        "{t}"
    );
}

/// Issue 34 (tried as a newcomer): picking a piece up says what the marks mean and which
/// keys go on (nothing but the marks changed before).
#[test]
fn picking_a_piece_up_says_how_to_go_on() {
    let mut a = red_app();
    click_square(&mut a, "E4");
    let t = text(&draw(&a, W, H));
    assert!(
        t.contains("Sergeant on E4: arrows to a marked square, Enter moves it"),
        "{t}"
    );
}

#[test]
fn the_end_panel_prints_the_games_web_page_without_pushing_out_the_keys() {
    let base = "https://stratego.example.org";
    let link = format!("{base}/game/7");
    let mk = |links: Option<&str>, w: u16, h: u16| {
        let me = stratego_ssh::ui::Identity {
            links: links.map(str::to_string),
            ..me("alice")
        };
        App::new(me, settings(), w, h, 1)
    };
    for (w, h) in SIZES {
        for my in [Some(Color::Red), None] {
            let mut s = over_snap(my);
            s.history.push(battle_move());
            let (mut with, mut without) = (mk(Some(base), w, h), mk(None, w, h));
            let now = Instant::now();
            send_game(&mut with, s.clone(), now);
            send_game(&mut without, s.clone(), now);
            let (tw, to) = (lines(&draw(&with, w, h)), lines(&draw(&without, w, h)));
            // The link whole on one row (a link cut in two cannot be copied).
            assert!(
                tw.iter().any(|l| l.contains(&link)),
                "{w}x{h} {my:?}\n{}",
                tw.join("\n")
            );
            assert!(!to.join("\n").contains(base));
            // The footer (the keys) and the result are as without it.
            assert_eq!(tw[h as usize - 1], to[h as usize - 1], "{w}x{h}");
            for s in ["Red wins", "r rematch"] {
                assert_eq!(
                    to.join("\n").contains(s),
                    tw.join("\n").contains(s),
                    "{s} at {w}x{h}"
                );
            }
            // A game nobody moved in is not recorded: no link.
            let mut aborted = over_snap(my);
            aborted.outcome = Some(Outcome {
                winner: None,
                reason: EndReason::Aborted,
            });
            let mut a = mk(Some(base), w, h);
            send_game(&mut a, aborted, now);
            assert!(!text(&draw(&a, w, h)).contains(base), "{w}x{h}");
            // A private game has no page to link to.
            let mut private = s.clone();
            private.private = true;
            let mut p = mk(Some(base), w, h);
            send_game(&mut p, private, now);
            assert!(!text(&draw(&p, w, h)).contains(base), "private {w}x{h}");
        }
    }
}

/// Issue 43: against the computer, a battle's sentence stayed under the board for less
/// than a second, replaced by the computer's answer. It stays, above the answer, until the
/// player presses a key.
#[test]
fn a_battle_stays_told_beside_the_answer_until_the_player_acts() {
    let quiet = |mover, from: &str, to: &str| ViewMove {
        mover,
        from: sqr(from),
        to: sqr(to),
        battle: None,
        rescue: None,
    };
    let mut s = game_snap(Some(Color::Red), red_view());
    s.history = vec![
        quiet(Color::Red, "G4", "G5"),
        quiet(Color::Blue, "A7", "A6"),
    ];
    let mut a = app("alice", W, H);
    send_game(&mut a, s.clone(), Instant::now());
    // The player's attack, then the computer's answer a moment later.
    s.history.push(battle_move());
    send_game(&mut a, s.clone(), Instant::now());
    s.history.push(quiet(Color::Blue, "J10", "J9"));
    let mut v = red_view();
    v.last_move = s.history.last().cloned();
    s.view = Some(v);
    send_game(&mut a, s, Instant::now());
    let t = text(&draw(&a, W, H));
    assert!(
        t.contains("Your Major (7) attacked a Lieutenant (5) and won"),
        "the battle is still told:\n{t}"
    );
    assert!(t.contains("J10-J9"), "and the answer:\n{t}");
    // A key: the battle has been read.
    a.update(key('j'));
    let t = text(&draw(&a, W, H));
    assert!(
        !t.contains("Your Major (7) attacked a Lieutenant (5) and won"),
        "read, the battle makes room:\n{t}"
    );
}

/// Notes (issue 47): `N` on an unknown enemy piece, then a key, asks the game for the
/// note (a rank key, `n` not a Bomb, `m` moved, Delete clears, Esc gives up); `N` anywhere
/// else says why and asks nothing. A note in the snapshot is drawn as a guess ending in `?`
/// in italics, never underlined as a rank the game revealed; a spectator has no `N`.
#[test]
fn n_then_a_key_notes_an_unknown_enemy_piece_drawn_as_a_guess() {
    use stratego_ssh::rules::{Guess, Notes};
    let note = |sq: &str, g: Option<Guess>| vec![Effect::Game(GameCmd::Note(sqr(sq), g))];
    let mut a = red_app();
    // The cursor starts on Red's own E4.
    assert!(a.update(key('N')).is_empty());
    let t = text(&draw(&a, W, H));
    assert!(t.contains("E4 is your own piece"), "{t}");
    assert!(
        !t.contains("N note"),
        "no hint off an unknown enemy piece:\n{t}"
    );
    for _ in 0..3 {
        a.update(code(KeyCode::Up));
    }
    let t = text(&draw(&a, W, H));
    assert!(t.contains("N note"), "the footer names N on E7:\n{t}");
    assert!(a.update(key('N')).is_empty());
    assert!(text(&draw(&a, W, H)).contains("Note on E7"));
    assert_eq!(
        a.update(key('b')),
        note("E7", Some(Guess::Ranks(vec![Rank::Bomb])))
    );
    a.update(key('N'));
    assert_eq!(
        a.update(key('9')),
        note("E7", Some(Guess::Ranks(vec![Rank::General])))
    );
    a.update(key('N'));
    assert_eq!(a.update(key('n')), note("E7", Some(Guess::NotBomb)));
    a.update(key('N'));
    assert_eq!(a.update(key('m')), note("E7", Some(Guess::Moved)));
    a.update(key('N'));
    assert!(a.update(key('z')).is_empty());
    assert!(text(&draw(&a, W, H)).contains("not a rank key"));
    assert!(a.update(code(KeyCode::Esc)).is_empty());
    // Delete with no note there: said, nothing asked.
    a.update(key('N'));
    assert!(a.update(code(KeyCode::Delete)).is_empty());
    assert!(text(&draw(&a, W, H)).contains("there is no note on E7"));
    // A revealed piece takes none.
    a.update(code(KeyCode::Right));
    a.update(code(KeyCode::Right));
    assert!(a.update(key('N')).is_empty());
    assert!(text(&draw(&a, W, H)).contains("the piece on G7 is known already"));
    // A list, typed.
    a.update(key('m'));
    type_text(&mut a, "note j10 8 9");
    assert_eq!(
        a.update(code(KeyCode::Enter)),
        note(
            "J10",
            Some(Guess::Ranks(vec![Rank::General, Rank::Colonel]))
        )
    );

    // The game sends the note back in this seat's snapshot: drawn as a guess.
    let v = red_view();
    let mut notes = Notes::default();
    notes
        .set(
            &v,
            sqr("E7"),
            Some(Guess::Ranks(vec![Rank::General, Rank::Colonel])),
        )
        .unwrap();
    let mut snap = game_snap(Some(Color::Red), v);
    snap.notes = notes;
    send_game(&mut a, snap, Instant::now());
    let buf = draw(&a, W, H);
    assert_eq!(label(&a, &buf, "E7"), "9/8?");
    let r = a.square_rect(sqr("E7")).unwrap();
    let cell = (r.x..r.right())
        .flat_map(|x| (r.y..r.bottom()).map(move |y| (x, y)))
        .map(|p| &buf[p])
        .find(|c| c.symbol() == "9")
        .unwrap();
    assert!(cell.modifier.contains(Modifier::ITALIC), "{cell:?}");
    assert!(!cell.modifier.contains(Modifier::UNDERLINED), "{cell:?}");
    // Delete now clears it (the typed note left the cursor on J10: a click puts it on E7).
    click_square(&mut a, "E7");
    a.update(key('N'));
    assert_eq!(a.update(code(KeyCode::Delete)), note("E7", None));

    // A spectator: N is no key of theirs.
    let mut s = app("carol", W, H);
    let mut v = red_view();
    v.viewer = Viewer::Spectator;
    send_game(&mut s, game_snap(None, v), Instant::now());
    assert!(s.update(key('N')).is_empty());
    assert!(!text(&draw(&s, W, H)).contains("Note on"));
}
