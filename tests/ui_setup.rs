//! The set-up screen.

mod ui_support;

use std::time::Instant;

use stratego_ssh::proto::{GameCmd, GamePhase, GameSnapshot};
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
        1,
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
    // c asks first (see `clear_asks_first`).
    a.update(key('c'));
    a.update(key('y'));
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
    let Some(Effect::SaveSetup(SavedSetup {
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
    a.update(key('y'));
    a.update(key('L'));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("red one") && !t.contains("a barrage"), "{t}");
    a.update(code(KeyCode::Enter));
    let s = submitted(&a.update(key('d'))).expect("submitted");
    // Turned to Blue the same way round for its owner (it used to come mirrored left to
    // right: rules::Setup::for_color mirrors the rows only).
    assert_eq!(
        as_seen_by_owner(&s, Color::Blue),
        as_seen_by_owner(&red, Color::Red)
    );
    s.validate(&Rules::standard(Variant::Classic), Color::Blue)
        .unwrap();
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

/// A random fill as its player sees it: (column from the player's left, row from the
/// player's back row) for every placed piece, in that order.
fn as_seen_by_owner(s: &Setup, c: Color) -> Vec<(u8, u8, Rank)> {
    let mut out: Vec<(u8, u8, Rank)> = s
        .pieces
        .iter()
        .map(|(sq, r)| match c {
            Color::Red => (sq.file(), sq.row(), *r),
            Color::Blue => (9 - sq.file(), 9 - sq.row(), *r),
        })
        .collect();
    out.sort_by_key(|x| (x.1, x.0));
    out
}

/// The whole army `r` gives in game `id` to the player of `color`, on a screen seeded
/// with `seed` (the session draws it from the operating system).
fn fill(id: u64, color: Color, seed: u64) -> Setup {
    let mut a = App::new(me("alice"), settings(), W, H, seed);
    let mut snap = setup_snap(color);
    snap.id = id;
    send_game(&mut a, snap, Instant::now());
    a.update(key('r'));
    submitted(&a.update(key('d'))).expect("a full random fill is submitted")
}

/// The Flag's square in a fill, numbered from the owner's side (0..40).
fn flag_square(s: &Setup, c: Color) -> usize {
    let (col, row, _) = as_seen_by_owner(s, c)
        .into_iter()
        .find(|x| x.2 == Rank::Flag)
        .expect("a Flag");
    row as usize * 10 + col as usize
}

#[test]
fn random_fills_come_from_the_session_not_from_the_game_number() {
    use stratego_ssh::random;
    for id in [1, 2, 4, 4, 1_000_003] {
        // Both players of one game.
        let red = fill(id, Color::Red, random::seed());
        let blue = fill(id, Color::Blue, random::seed());
        let red = as_seen_by_owner(&red, Color::Red);
        let blue = as_seen_by_owner(&blue, Color::Blue);
        // However Blue's army is turned, it is not Red's.
        for (rows, cols) in [(false, false), (false, true), (true, false), (true, true)] {
            let mut turned: Vec<(u8, u8, Rank)> = blue
                .iter()
                .map(|&(c, r, k)| {
                    (
                        if cols { 9 - c } else { c },
                        if rows { 3 - r } else { r },
                        k,
                    )
                })
                .collect();
            turned.sort_by_key(|x| (x.1, x.0));
            assert_ne!(red, turned, "game {id}: Blue's random army is Red's turned");
        }
        // The same game number again (another session, or the same player again).
        let again = fill(id, Color::Red, random::seed());
        assert_ne!(
            red,
            as_seen_by_owner(&again, Color::Red),
            "game {id}: the same fill twice"
        );
    }
    // The seed alone decides the fill: the same seed gives the same army in any game.
    assert_eq!(
        fill(5, Color::Red, 99).pieces,
        fill(6, Color::Red, 99).pieces
    );
}

/// Two-sample chi-square statistic of two histograms with the same total.
fn chi_square(a: &[u32], b: &[u32]) -> f64 {
    a.iter()
        .zip(b)
        .filter(|(x, y)| **x + **y > 0)
        .map(|(&x, &y)| (x as f64 - y as f64).powi(2) / (x + y) as f64)
        .sum()
}

#[test]
fn where_the_random_fill_puts_the_flag_is_independent_of_game_number_and_colour() {
    use stratego_ssh::random;
    const N: usize = 3000;
    let histogram = |id: u64, c: Color| {
        let mut h = vec![0u32; 40];
        for _ in 0..N {
            h[flag_square(&fill(id, c, random::seed()), c)] += 1;
        }
        h
    };
    let red1 = histogram(1, Color::Red);
    let red2 = histogram(2, Color::Red);
    let blue1 = histogram(1, Color::Blue);
    // 39 degrees of freedom: a statistic above 100 has a chance under one in a million
    // when both samples come from the same distribution.
    for (what, other) in [("game 1 vs game 2", &red2), ("Red vs Blue", &blue1)] {
        let x = chi_square(&red1, other);
        assert!(x < 100.0, "{what}: chi-square {x:.1}\n{red1:?}\n{other:?}");
    }
    // Paired: Red and Blue of the same game put the Flag on the same square (as each
    // sees it) no more often than two unrelated fills would.
    let p: Vec<f64> = red1.iter().map(|&k| k as f64 / N as f64).collect();
    let q: Vec<f64> = blue1.iter().map(|&k| k as f64 / N as f64).collect();
    let expected: f64 = p.iter().zip(&q).map(|(a, b)| a * b).sum::<f64>() * N as f64;
    let same = (0..N as u64)
        .filter(|&id| {
            let r = fill(id, Color::Red, random::seed());
            let b = fill(id, Color::Blue, random::seed());
            flag_square(&r, Color::Red) == flag_square(&b, Color::Blue)
        })
        .count() as f64;
    assert!(
        same < expected * 2.0 + 20.0,
        "the two Flags of a game coincide {same} times in {N} games (independent: ~{expected:.0})"
    );
}

/// The four sizes the screens are checked at.
const SIZES: [(u16, u16); 4] = [(80, 24), (100, 30), (120, 40), (160, 50)];

#[test]
fn chat_shows_during_the_setup_at_every_size() {
    use stratego_ssh::proto::ChatLine;
    for (w, h) in SIZES {
        // A player with a message showing, and a spectator.
        for color in [Some(Color::Red), None] {
            let mut a = app("alice", w, h);
            let mut s = snapshot(GamePhase::Setup, color, None);
            s.chat = vec![ChatLine {
                from: "dave".into(),
                text: "take your time".into(),
            }];
            send_game(&mut a, s, Instant::now());
            a.update(key('r'));
            a.update(key('t'));
            type_text(&mut a, "ok");
            let t = text(&draw(&a, w, h));
            assert!(t.contains("dave: take your time"), "{w}x{h}\n{t}");
            assert!(t.contains("say: ok"), "{w}x{h}\n{t}");
            if color.is_none() {
                assert!(t.contains("Chat (only spectators see it)"), "{w}x{h}\n{t}");
            }
        }
    }
}

#[test]
fn a_setup_saved_as_red_loads_for_blue_the_same_way_round() {
    // Flag in Red's back-left corner (A1), Marshal at the front-right (J4).
    let rules = Rules::standard(Variant::Classic);
    let mut red = Setup::random(&rules, Color::Red, 7);
    let flag = *red
        .pieces
        .iter()
        .find(|(_, r)| **r == Rank::Flag)
        .unwrap()
        .0;
    let marshal = *red
        .pieces
        .iter()
        .find(|(_, r)| **r == Rank::Marshal)
        .unwrap()
        .0;
    let (a1, j4) = (sqr("A1"), sqr("J4"));
    let (at_a1, at_j4) = (red.pieces[&a1], red.pieces[&j4]);
    red.pieces.insert(flag, at_a1);
    red.pieces.insert(a1, Rank::Flag);
    let marshal = if marshal == a1 { flag } else { marshal };
    red.pieces.insert(marshal, at_j4);
    red.pieces.insert(j4, Rank::Marshal);
    red.validate(&rules, Color::Red).unwrap();
    let mut a = setup_app(Color::Blue);
    a.update(Msg::SavedSetups(vec![SavedSetup {
        name: "corner".into(),
        variant: Variant::Classic,
        setup: red,
    }]));
    a.update(key('L'));
    a.update(code(KeyCode::Enter));
    // Blue sits on the other side: the owner's back-left corner is J10 and the
    // front-right is A7, which are on the left and right of Blue's screen.
    let buf = draw(&a, W, H);
    assert_eq!(label(&a, &buf, "J10"), "F");
    assert_eq!(label(&a, &buf, "A7"), "10");
    let (j10, a7) = (
        a.square_rect(sqr("J10")).unwrap(),
        a.square_rect(sqr("A7")).unwrap(),
    );
    assert!(j10.x < a7.x && j10.y > a7.y);
}

/// The Bombs next to the Flag in a set-up.
fn bombs_by_flag(s: &Setup) -> usize {
    let (&f, _) = s.pieces.iter().find(|(_, r)| **r == Rank::Flag).unwrap();
    [(-1, 0), (1, 0), (0, 1), (0, -1)]
        .into_iter()
        .filter_map(|(df, dr)| f.offset(df, dr))
        .filter(|n| s.pieces.get(n) == Some(&Rank::Bomb))
        .count()
}

#[test]
fn r_fills_sensibly_keeps_what_was_placed_and_varies() {
    use stratego_ssh::random;
    let rules = Rules::standard(Variant::Classic);
    for color in [Color::Red, Color::Blue] {
        for _ in 0..50 {
            let s = fill(1, color, random::seed());
            let (_, row, _) = as_seen_by_owner(&s, color)
                .into_iter()
                .find(|x| x.2 == Rank::Flag)
                .unwrap();
            assert_eq!(row, 0, "the Flag on the back row:\n{s:?}");
            assert!(bombs_by_flag(&s) >= 1, "a Bomb by the Flag:\n{s:?}");
        }
    }
    // Pieces placed by hand stay; the Flag placed in a back corner gets Bombs around it.
    let mut a = App::new(me("alice"), settings(), W, H, random::seed());
    send_game(&mut a, setup_snap(Color::Red), Instant::now());
    type_text(&mut a, "x9");
    a.update(code(KeyCode::Down));
    a.update(code(KeyCode::Down));
    a.update(code(KeyCode::Down));
    for _ in 0..5 {
        a.update(code(KeyCode::Left));
    }
    a.update(key('f')); // A1
    a.update(key('r'));
    let t = text(&draw(&a, W, H));
    // It says what it did: the empty squares filled, the pieces placed by hand kept.
    assert!(
        t.contains("40 of 40 placed") && words(&t).contains("the 3 pieces you placed stay"),
        "{t}"
    );
    let first = submitted(&a.clone().update(key('d'))).expect("complete");
    first.validate(&rules, Color::Red).unwrap();
    assert_eq!(first.pieces[&sqr("A4")], Rank::Marshal);
    assert_eq!(first.pieces[&sqr("B4")], Rank::General);
    assert_eq!(first.pieces[&sqr("A1")], Rank::Flag);
    assert!(bombs_by_flag(&first) >= 1, "{first:?}");
    // r again asks before moving the pieces placed by hand; n changes nothing.
    a.update(key('r'));
    let t = text(&draw(&a, W, H));
    assert!(
        t.contains("Fill the whole army afresh, moving the pieces"),
        "{t}"
    );
    a.update(key('n'));
    assert_eq!(submitted(&a.clone().update(key('d'))).unwrap(), first);
    // y: the whole army afresh; r again after that: another whole army, without asking.
    let mut fills = std::collections::HashSet::new();
    fills.insert(first.pieces.clone());
    a.update(key('r'));
    a.update(key('y'));
    for _ in 0..5 {
        let s = submitted(&a.clone().update(key('d'))).expect("complete");
        s.validate(&rules, Color::Red).unwrap();
        fills.insert(s.pieces.clone());
        a.update(key('r'));
        assert!(!text(&draw(&a, W, H)).contains("moving the pieces you placed"));
    }
    assert!(
        fills.len() >= 5,
        "r again gives other fills: {}",
        fills.len()
    );
}

fn words(t: &str) -> String {
    t.replace(['│', '╭', '╮', '╰', '╯', '─'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Issue 34 (item 7): a Flag placed by hand on the front row does not stay there for ever:
/// r fills the rest and says the Flag stays; r again asks, and yes moves it like the rest.
#[test]
fn r_again_fills_the_whole_army_afresh_after_asking() {
    let rules = stratego_ssh::rules::Rules::standard(stratego_ssh::rules::Variant::Classic);
    let mut a = App::new(me("alice"), settings(), W, H, stratego_ssh::random::seed());
    send_game(&mut a, setup_snap(Color::Red), Instant::now());
    a.update(key('f')); // the Flag on the cursor's square, in the front row
    let flag_at = flag_after_a_fill(&a);
    assert_eq!(flag_at.row(), 3, "the Flag placed in the front row");
    a.update(key('r'));
    let t = text(&draw(&a, W, H));
    assert!(words(&t).contains("the piece you placed stays"), "{t}");
    a.update(key('r'));
    let t = text(&draw(&a, W, H));
    assert!(words(&t).contains("Fill the whole army afresh"), "{t}");
    a.update(key('y'));
    let s = submitted(&a.clone().update(key('d'))).expect("complete");
    s.validate(&rules, Color::Red).unwrap();
    let flag = s
        .pieces
        .iter()
        .find(|(_, r)| **r == Rank::Flag)
        .map(|(q, _)| *q)
        .unwrap();
    assert_ne!(flag, flag_at, "the Flag was moved by the whole fill");
    assert_eq!(flag.row(), 0, "the computer's Flag is on the back row");
}

/// Where the Flag placed by hand is: its square in a fill that kept it.
fn flag_after_a_fill(a: &App) -> Square {
    let mut b = a.clone();
    b.update(key('r'));
    let s = submitted(&b.update(key('d'))).expect("complete");
    *s.pieces.iter().find(|(_, r)| **r == Rank::Flag).unwrap().0
}

#[test]
fn r_stays_in_the_footer_after_a_swap_and_asks_before_moving_the_army() {
    // Issue 34 (LOW): after a swap "r fill" stayed out of the footer while r said "Every
    // square is taken". The footer keeps every key that works: r fills the whole army
    // afresh, after asking (the arrangement is the player's own).
    let mut a = setup_app(Color::Red);
    let doc = |a: &App| a.key_doc(stratego_ssh::ui::input::Key::plain(KeyCode::Char('r')));
    assert!(text(&draw(&a, W, H)).contains("r fill"));
    a.update(key('r'));
    assert!(text(&draw(&a, W, H)).contains("or r again"));
    assert!(doc(&a).is_some_and(|d| !d.explains));
    // A swap by hand: the set-up is the player's now, every square taken.
    a.update(key(' '));
    a.update(code(KeyCode::Right));
    a.update(key(' '));
    let t = text(&draw(&a, W, H));
    assert!(
        t.contains("r fill"),
        "r still works, so the footer says so:\n{t}"
    );
    assert!(doc(&a).is_some_and(|d| !d.explains));
    let before = submitted(&a.clone().update(key('d'))).unwrap();
    a.update(key('r'));
    let asked = boxed_text(&draw(&a, W, H));
    assert!(asked.contains("Fill the whole army afresh"), "{asked}");
    // No keeps the arrangement.
    a.update(key('n'));
    assert_eq!(submitted(&a.clone().update(key('d'))).unwrap(), before);
    // Yes fills the whole army afresh.
    a.update(key('r'));
    a.update(key('y'));
    assert!(text(&draw(&a, W, H)).contains("40 of 40 placed"));
    assert_ne!(submitted(&a.clone().update(key('d'))).unwrap(), before);
    // One square emptied: r fills it, without asking.
    a.update(code(KeyCode::Delete));
    assert!(text(&draw(&a, W, H)).contains("r fill"));
    a.update(key('r'));
    assert!(text(&draw(&a, W, H)).contains("40 of 40 placed"));
}

#[test]
fn clear_asks_first() {
    for (w, h) in SIZES {
        let mut a = app("alice", w, h);
        send_game(&mut a, setup_snap(Color::Red), Instant::now());
        a.update(key('r'));
        assert!(a.update(key('c')).is_empty());
        let buf = draw(&a, w, h);
        assert!(
            boxed_text(&buf).contains("Take every piece off the board?"),
            "{w}x{h}\n{}",
            text(&buf)
        );
        // No: nothing changes.
        a.update(key('n'));
        assert!(text(&draw(&a, w, h)).contains("40 of 40 placed"), "{w}x{h}");
        a.update(key('c'));
        a.update(key('y'));
        assert!(text(&draw(&a, w, h)).contains("0 of 40 placed"), "{w}x{h}");
    }
}

#[test]
fn two_players_fills_differ_however_one_is_turned() {
    use stratego_ssh::random;
    // As tests/ssh_play.rs `both_players_pressing_r_get_different_armies` asks, on many
    // games: two fills differ on at least 15 of the 40 squares, however one is turned.
    let grid = |s: &Setup, c: Color| {
        let mut g = [[None; 10]; 4];
        for (col, row, r) in as_seen_by_owner(s, c) {
            g[row as usize][col as usize] = Some(r);
        }
        g
    };
    let mut least = 40;
    let mut total = 0;
    const GAMES: usize = 300;
    for id in 0..GAMES as u64 {
        let a = grid(&fill(id, Color::Red, random::seed()), Color::Red);
        let b = grid(&fill(id, Color::Blue, random::seed()), Color::Blue);
        let differ = [(false, false), (false, true), (true, false), (true, true)]
            .into_iter()
            .map(|(rows, cols)| {
                (0..4)
                    .flat_map(|r| (0..10).map(move |c| (r, c)))
                    .filter(|&(r, c)| {
                        let (r2, c2) = (if rows { 3 - r } else { r }, if cols { 9 - c } else { c });
                        a[r][c] != b[r2][c2]
                    })
                    .count()
            })
            .min()
            .unwrap();
        least = least.min(differ);
        total += differ;
    }
    println!(
        "two fills differ on {:.1} of 40 squares on average (the closest turning), at least {least}",
        total as f64 / GAMES as f64
    );
    assert!(least >= 15, "two fills differ on only {least} squares");
}

#[test]
fn the_rules_page_is_one_key_away_in_the_setup() {
    let mut a = setup_app(Color::Red);
    a.update(key('?'));
    let t = text(&draw(&a, W, H));
    assert!(
        t.contains("Set-up keys") && t.contains("? rules of the game"),
        "{t}"
    );
    a.update(key('?'));
    let buf = draw(&a, W, H);
    assert!(text(&buf).contains("Rules of Classic Stratego"));
    assert!(boxed_text(&buf).contains("The goal"));
    // Any key that is not the page's own closes it.
    a.update(key('x'));
    assert!(text(&draw(&a, W, H)).contains("Set up your army"));
}

#[test]
fn the_servers_set_up_deadline_counts_down_and_a_set_up_it_ended_says_so() {
    use std::time::Duration;
    use stratego_ssh::rules::{EndReason, Outcome};
    let mut snap = setup_snap(Color::Red);
    snap.setup_left = Some(Duration::from_millis(272_500));
    let mut a = app("alice", W, H);
    send_game(&mut a, snap.clone(), Instant::now());
    let t = text(&draw(&a, W, H));
    assert!(t.contains("4:32 left"), "{t}");
    // Once hers is sent, the time left is the opponent's.
    let mut sent = snap.clone();
    sent.my_setup = Some(Setup::random(
        &Rules::standard(Variant::Classic),
        Color::Red,
        1,
    ));
    send_game(&mut a, sent, Instant::now());
    let t = text(&draw(&a, W, H));
    assert!(t.contains("your opponent has 4:32"), "{t}");
    // Without a deadline, no countdown.
    send_game(&mut a, setup_snap(Color::Red), Instant::now());
    let t = text(&draw(&a, W, H));
    assert!(!t.contains("4:3"), "{t}");
    // Blue was ready, alice (Red) was not: the result says why.
    snap.phase = GamePhase::Over;
    snap.setup_left = Some(Duration::ZERO);
    snap.outcome = Some(Outcome {
        winner: Some(Color::Blue),
        reason: EndReason::Time,
    });
    send_game(&mut a, snap, Instant::now());
    let t = text(&draw(&a, W, H));
    assert!(t.contains("Blue wins"), "{t}");
    // (The line may wrap in the side panel.)
    assert!(t.contains("Red was not ready in"), "{t}");
}

/// Saved set-ups of Classic, by name (random armies).
fn saved(names: &[&str]) -> Vec<SavedSetup> {
    let rules = Rules::standard(Variant::Classic);
    names
        .iter()
        .enumerate()
        .map(|(i, n)| SavedSetup {
            name: n.to_string(),
            variant: Variant::Classic,
            setup: Setup::random(&rules, Color::Red, i as u64 + 1),
        })
        .collect()
}

/// The set-up library (lobby S) open on `names`.
fn library_app(names: &[&str]) -> App {
    let mut a = app("alice", W, H);
    a.update(Msg::SavedSetups(saved(names)));
    a.update(key('S'));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("Set-up library"), "{t}");
    a
}

/// The title of the library's right-hand panel: the selected set-up's name.
fn detail_title(a: &App) -> String {
    let l = lines(&draw(a, W, H));
    // The panels' top border is the line of the list's title ("Your Classic set-ups");
    // right of the list (44 columns wide at this width) it names the selected set-up.
    let row = l
        .iter()
        .find(|r| r.contains("Your Classic set-ups"))
        .cloned()
        .unwrap_or_default();
    row.chars().skip(44).collect()
}

#[test]
fn a_renamed_setup_keeps_its_row_and_the_selection_follows_it() {
    let mut a = library_app(&["alpha", "beta", "gamma"]);
    assert!(detail_title(&a).contains("alpha"), "{}", detail_title(&a));
    // r, a new name that sorts last, Enter: the rename is asked for.
    a.update(key('r'));
    for _ in 0.."alpha".len() {
        a.update(code(KeyCode::Backspace));
    }
    type_text(&mut a, "zulu");
    let fx = a.update(code(KeyCode::Enter));
    assert!(
        fx.iter().any(
            |e| matches!(e, Effect::RenameSetup { from, to, .. } if from == "alpha" && to == "zulu")
        ),
        "{fx:?}"
    );
    // The store's answer: the list sorted by name, the renamed one last.
    a.update(Msg::SavedSetups(saved(&["beta", "gamma", "zulu"])));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("zulu") && !t.contains("alpha"), "{t}");
    // The selection is still on the set-up just renamed, not on whatever took its row.
    assert!(detail_title(&a).contains("zulu"), "{t}");
}

#[test]
fn a_game_starting_while_a_saved_setup_is_edited_drops_the_edits_and_says_so() {
    let mut a = library_app(&["alpha"]);
    a.update(key('e'));
    assert!(text(&draw(&a, W, H)).contains("Editing 'alpha'"));
    // Some edits: cleared (asks), then one piece placed.
    a.update(key('c'));
    a.update(key('y'));
    type_text(&mut a, "x");
    // A game starts meanwhile (a seek taken): its set-up screen takes over.
    let fx = send_game(&mut a, setup_snap(Color::Blue), Instant::now());
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::SaveSetup(_))),
        "{fx:?}"
    );
    let t = text(&draw(&a, W, H));
    assert!(
        t.contains("A game started: your edits to 'alpha' were not saved"),
        "{t}"
    );
    assert!(!t.contains("Editing 'alpha'"), "{t}");
    // The real game's set-up: sent to the game, never saved over 'alpha'.
    a.update(key('r'));
    let fx = a.update(key('d'));
    assert!(submitted(&fx).is_some(), "{fx:?}");
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::SaveSetup(_))),
        "{fx:?}"
    );
}

/// A correspondence game's set-up can be ended without a result on the screens: `A`
/// asks, `y` sends the abort (leaving one only leaves the seat empty); `n` keeps the game.
#[test]
fn a_asks_then_aborts_the_game_in_its_set_up() {
    let mut snap = setup_snap(Color::Red);
    snap.terms.days = Some(3);
    snap.terms.clock = None;
    let mut a = app("alice", W, H);
    send_game(&mut a, snap, Instant::now());
    a.update(key('A'));
    let t = text(&draw(&a, W, H));
    assert!(t.contains("End this game without a result?"), "{t}");
    let fx = a.update(key('n'));
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::Game(GameCmd::Abort))),
        "{fx:?}"
    );
    a.update(key('A'));
    let fx = a.update(key('y'));
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Game(GameCmd::Abort))),
        "{fx:?}"
    );
}
