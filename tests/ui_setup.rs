//! The set-up screen.

mod ui_support;

use std::time::Instant;

use stratego_ssh::proto::{GameCmd, GamePhase, GameSnapshot, LobbyCmd};
use stratego_ssh::rules::{Color, Numbering, Rank, Rules, Setup, Square, Variant};
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{App, Effect, Msg, SavedSetup, Settings};
use ui_support::*;

const W: u16 = 100;
const H: u16 = 30;

fn setup_snap(color: Color) -> GameSnapshot {
    snapshot(GamePhase::Setup, Some(color), None)
}

fn setup_app(color: Color) -> App {
    let mut a = app("alice", W, H);
    send_game(&mut a, setup_snap(color), Instant::now());
    a
}

fn submitted(fx: &[Effect]) -> Option<Setup> {
    fx.iter().find_map(|e| match e {
        Effect::Game(GameCmd::SubmitSetup(s)) => Some(s.clone()),
        _ => None,
    })
}

#[test]
fn placing_by_keys_advances_and_counts() {
    let mut a = setup_app(Color::Red);
    let t = text(&draw(&a, W, H));
    assert!(t.contains("Set up your army"), "{t}");
    assert!(t.contains("0 of 40 placed"), "{t}");
    // Cursor starts on A4 (front-left of Red's rows); each key places and moves right.
    type_text(&mut a, "x9bf");
    let buf = draw(&a, W, H);
    assert!(square_text(&a, &buf, "A4").contains("10"));
    assert!(square_text(&a, &buf, "B4").contains('9'));
    assert!(square_text(&a, &buf, "C4").contains('B'));
    assert!(square_text(&a, &buf, "D4").contains('F'));
    let t = text(&buf);
    assert!(t.contains("4 of 40 placed"), "{t}");
    // The only Marshal is placed: another x is refused with a reason.
    a.update(key('x'));
    assert!(text(&draw(&a, W, H)).contains("All 1 Marshal placed"));
    // Not ready yet: d explains why.
    let fx = a.update(key('d'));
    assert!(submitted(&fx).is_none());
    assert!(text(&draw(&a, W, H)).contains("Not ready"));
}

#[test]
fn random_fill_completes_a_valid_setup_and_ready_submits() {
    let mut a = setup_app(Color::Red);
    type_text(&mut a, "0");
    a.update(key('r'));
    let fx = a.update(key('d'));
    let s = submitted(&fx).expect("submitted");
    s.validate(&Rules::standard(Variant::Classic), Color::Red)
        .unwrap();
    assert_eq!(s.color, Some(Color::Red));
    // The piece placed by hand stayed.
    assert_eq!(s.pieces.get(&sqr("A4")), Some(&Rank::Marshal));
}

#[test]
fn enter_on_a_complete_setup_asks_then_submits() {
    let mut a = setup_app(Color::Blue);
    a.update(key('r'));
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    assert!(text(&draw(&a, W, H)).contains("Submit this set-up?"));
    let s = submitted(&a.update(key('y'))).expect("submitted");
    s.validate(&Rules::standard(Variant::Classic), Color::Blue)
        .unwrap();
}

#[test]
fn opponent_side_shows_no_ranks() {
    let mut a = setup_app(Color::Red);
    a.update(key('r'));
    let buf = draw(&a, W, H);
    for sq in Square::all().filter(|s| s.row() >= 6) {
        let txt = square_text(&a, &buf, &sq.to_string());
        assert!(
            !txt.chars().any(|c| c.is_ascii_alphanumeric()),
            "{sq}: {txt:?}"
        );
    }
    // Own pieces are all drawn.
    for sq in Square::all().filter(|s| s.row() < 4) {
        let txt = square_text(&a, &buf, &sq.to_string());
        assert!(txt.chars().any(|c| c.is_ascii_alphanumeric()), "{sq}");
    }
}

#[test]
fn opponent_readiness_and_terms_are_shown() {
    let mut a = app("alice", W, H);
    let mut s = setup_snap(Color::Red);
    s.seats.blue.ready = true;
    send_game(&mut a, s, Instant::now());
    let t = text(&draw(&a, W, H));
    assert!(t.contains("bob") && t.contains("ready"), "{t}");
    assert!(t.contains("Classic") && t.contains("rated"), "{t}");
}

#[test]
fn classic_numbering_keys() {
    let mut a = App::new(
        me("alice"),
        Settings {
            numbering: Numbering::Classic,
            ..settings()
        },
        W,
        H,
    );
    send_game(&mut a, setup_snap(Color::Red), Instant::now());
    type_text(&mut a, "19s");
    let buf = draw(&a, W, H);
    // Marshal is 1 in classic numbering, Scout 9.
    assert_eq!(label(&a, &buf, "A4"), "1");
    assert_eq!(label(&a, &buf, "B4"), "9");
    assert_eq!(label(&a, &buf, "C4"), "S");
}

#[test]
fn pick_up_and_swap_remove_and_clear() {
    let mut a = setup_app(Color::Red);
    type_text(&mut a, "x9");
    // Back to A4, pick up the Marshal, swap with B4.
    a.update(code(KeyCode::Left));
    a.update(code(KeyCode::Left));
    a.update(key(' '));
    a.update(code(KeyCode::Right));
    a.update(key(' '));
    let buf = draw(&a, W, H);
    assert_eq!(label(&a, &buf, "A4"), "9");
    assert_eq!(label(&a, &buf, "B4"), "10");
    a.update(code(KeyCode::Delete));
    assert!(text(&draw(&a, W, H)).contains("1 of 40 placed"));
    a.update(key('c'));
    assert!(text(&draw(&a, W, H)).contains("0 of 40 placed"));
}

#[test]
fn mouse_picks_and_swaps() {
    let mut a = setup_app(Color::Red);
    type_text(&mut a, "x9");
    click_square(&mut a, "A4");
    click_square(&mut a, "E1");
    let buf = draw(&a, W, H);
    assert_eq!(label(&a, &buf, "E1"), "10");
    assert!(!square_text(&a, &buf, "A4").contains("10"));
}

#[test]
fn save_and_load_setups() {
    let mut a = setup_app(Color::Blue);
    a.update(key('r'));
    a.update(key('S'));
    type_text(&mut a, "wall");
    let fx = a.update(code(KeyCode::Enter));
    let Some(Effect::Lobby(LobbyCmd::SaveSetup {
        name,
        variant,
        setup,
    })) = fx.first()
    else {
        panic!("{fx:?}")
    };
    assert_eq!(name, "wall");
    assert_eq!(*variant, Variant::Classic);
    setup
        .validate(&Rules::standard(Variant::Classic), Color::Blue)
        .unwrap();

    // Load a set-up saved as Red: it is turned to Blue.
    let rules = Rules::standard(Variant::Classic);
    let red = Setup::random(&rules, Color::Red, 99);
    a.update(Msg::SavedSetups(vec![
        SavedSetup {
            name: "red one".into(),
            variant: Variant::Classic,
            setup: red.clone(),
        },
        SavedSetup {
            name: "a barrage".into(),
            variant: Variant::Barrage,
            setup: Setup::random(&Rules::standard(Variant::Barrage), Color::Red, 1),
        },
    ]));
    a.update(key('c'));
    a.update(key('L'));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("red one") && !t.contains("a barrage"), "{t}");
    a.update(code(KeyCode::Enter));
    let s = submitted(&a.update(key('d'))).expect("submitted");
    assert_eq!(s.pieces, red.for_color(Color::Blue).pieces);
}

#[test]
fn after_submitting_the_setup_waits() {
    let mut a = app("alice", W, H);
    let mut s = setup_snap(Color::Red);
    s.my_setup = Some(Setup::random(
        &Rules::standard(Variant::Classic),
        Color::Red,
        3,
    ));
    send_game(&mut a, s, Instant::now());
    let t = text(&draw(&a, W, H));
    assert!(t.contains("waiting for your opponent"), "{t}");
    assert!(a.update(key('r')).is_empty());
}

#[test]
fn duel_and_barrage_legends() {
    let mut a = app("alice", W, H);
    let mut s = setup_snap(Color::Red);
    s.terms = terms(Variant::Barrage);
    send_game(&mut a, s, Instant::now());
    let t = text(&draw(&a, W, H));
    assert!(t.contains("0 of 8 placed"), "{t}");
    assert!(!t.contains("Colonel"));
    a.update(key('r'));
    let s = submitted(&a.update(key('d'))).unwrap();
    assert_eq!(s.pieces.len(), 8);
}
