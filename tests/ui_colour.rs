//! Every state the screens show in colour is told by more than colour (issue 38, item 4).
//!
//! - Without colour (NO_COLOR, or colours: none), in Unicode and in ASCII, at 80x24 and
//!   larger: for each state (whose piece, the selected piece, legal targets, the last move,
//!   low time on a clock, known enemy pieces, the piece picked up in the set-up) the cells
//!   of that state differ in their symbols, not only in their style, from the same cells
//!   without it. One test per state.
//! - The palette: each pair of states the colours tell apart stays apart for the common
//!   colour-vision deficiencies. The colours are read from the screen as drawn (24-bit and
//!   256 colours), simulated for protanopia and deuteranopia (Machado, Oliveira and
//!   Fernandes 2009, severity 1, on linear RGB), and their CIEDE2000 colour difference must
//!   be at least [`MIN_DELTA_E`] for normal vision and for both simulations.

#[path = "common/colour.rs"]
mod colour;
mod ui_support;

use std::time::Instant;

use colour::*;
use ratatui::buffer::Buffer;
use ratatui::style::{Color as TColor, Modifier};
use stratego_ssh::proto::{GamePhase, GameSnapshot};
use stratego_ssh::rules::{Color, PlayerView, Rank, ViewMove, Viewer};
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{App, ColorDepth, Settings};
use ui_support::*;

/// The sizes checked: the smallest the app draws (squares 4 columns by 1 row) and a
/// larger one (squares 8 by 3).
const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// Settings without colour, in Unicode or ASCII.
fn no_colour(ascii: bool) -> Settings {
    Settings {
        color: ColorDepth::Mono,
        ascii,
        ..settings()
    }
}

/// Runs `check` in each mode without colour and at each size.
fn each_mode(check: impl Fn(Settings, u16, u16)) {
    for ascii in [false, true] {
        for (w, h) in SIZES {
            check(no_colour(ascii), w, h);
        }
    }
}

/// The screen drawn, checked to hold no colour at all (what a NO_COLOR terminal gets).
fn draw_plain(a: &App, w: u16, h: u16) -> Buffer {
    let buf = draw(a, w, h);
    for y in 0..h {
        for x in 0..w {
            let c = &buf[(x, y)];
            assert!(
                c.fg == TColor::Reset && c.bg == TColor::Reset,
                "colour at {x},{y} without colour: {c:?}"
            );
        }
    }
    buf
}

/// Red's view in play: own pieces, Blue's hidden pieces (one that moved), a revealed Blue
/// Major on G7, a hidden Blue piece on E5 that Red's Sergeant on E4 may attack.
fn red_view() -> PlayerView {
    let mut v = empty_view(Viewer::Player(Color::Red));
    put(&mut v, "E4", Color::Red, Some(Rank::Sergeant), false);
    put(&mut v, "A4", Color::Red, Some(Rank::Scout), false);
    put(&mut v, "D1", Color::Red, Some(Rank::Marshal), false);
    put(&mut v, "E5", Color::Blue, None, false);
    put(&mut v, "E7", Color::Blue, None, false);
    put(&mut v, "F7", Color::Blue, None, true);
    put(&mut v, "G7", Color::Blue, Some(Rank::Major), true);
    v.to_move = Color::Red;
    v.ply = 4;
    v.legal_moves = vec![
        mv("E4", "E5"),
        mv("E4", "D4"),
        mv("E4", "F4"),
        mv("A4", "A5"),
        mv("A4", "A6"),
        mv("A4", "B4"),
    ];
    v
}

fn play_app(s: &Settings, w: u16, h: u16, my: Option<Color>, v: PlayerView) -> App {
    play_app_snap(s, w, h, snapshot(GamePhase::Playing, my, Some(v)))
}

fn play_app_snap(s: &Settings, w: u16, h: u16, snap: GameSnapshot) -> App {
    let mut a = App::new(me("alice"), s.clone(), w, h, 1);
    send_game(&mut a, snap, Instant::now());
    a
}

/// Asserts that square `sq` shows different symbols on the two screens.
fn differs(
    what: &str,
    s: &Settings,
    (w, h): (u16, u16),
    sq: &str,
    with: (&App, &Buffer),
    without: (&App, &Buffer),
) {
    let (a, b) = (
        square_text(with.0, with.1, sq),
        square_text(without.0, without.1, sq),
    );
    assert_ne!(
        a, b,
        "{what} on {sq} is told only by style (ascii: {}, {w}x{h}): {a:?} both ways",
        s.ascii
    );
}

#[test]
fn whose_piece_shows_without_colour() {
    each_mode(|s, w, h| {
        // A player: the opponent's known Major against an own Major on the same square.
        let theirs = play_app(&s, w, h, Some(Color::Red), red_view());
        let mut v = red_view();
        put(&mut v, "G7", Color::Red, Some(Rank::Major), true);
        let mine = play_app(&s, w, h, Some(Color::Red), v);
        let (bt, bm) = (draw_plain(&theirs, w, h), draw_plain(&mine, w, h));
        differs(
            "the opponent's piece",
            &s,
            (w, h),
            "G7",
            (&theirs, &bt),
            (&mine, &bm),
        );
        // A spectator: a hidden Blue piece against a hidden Red one.
        let spectator = |c: Color| {
            let mut v = empty_view(Viewer::Spectator);
            put(&mut v, "E7", c, None, false);
            play_app(&s, w, h, None, v)
        };
        let (blue, red) = (spectator(Color::Blue), spectator(Color::Red));
        let (bb, br) = (draw_plain(&blue, w, h), draw_plain(&red, w, h));
        differs(
            "Blue's piece (a spectator)",
            &s,
            (w, h),
            "E7",
            (&blue, &bb),
            (&red, &br),
        );
    });
}

#[test]
fn the_selected_piece_shows_without_colour() {
    each_mode(|s, w, h| {
        // The cursor starts on E4: selected there, then with the cursor gone left.
        let plain = play_app(&s, w, h, Some(Color::Red), red_view());
        let mut sel = plain.clone();
        sel.update(code(KeyCode::Enter));
        let (bs, bp) = (draw_plain(&sel, w, h), draw_plain(&plain, w, h));
        differs(
            "the selected piece under the cursor",
            &s,
            (w, h),
            "E4",
            (&sel, &bs),
            (&plain, &bp),
        );
        let (mut sel, mut plain) = (sel, plain);
        for a in [&mut sel, &mut plain] {
            a.update(code(KeyCode::Down));
        }
        let (bs, bp) = (draw_plain(&sel, w, h), draw_plain(&plain, w, h));
        differs(
            "the selected piece",
            &s,
            (w, h),
            "E4",
            (&sel, &bs),
            (&plain, &bp),
        );
    });
}

#[test]
fn legal_targets_show_without_colour() {
    each_mode(|s, w, h| {
        let mut plain = play_app(&s, w, h, Some(Color::Red), red_view());
        let mut sel = plain.clone();
        sel.update(code(KeyCode::Enter));
        // The cursor off the squares compared.
        for a in [&mut sel, &mut plain] {
            a.update(code(KeyCode::Down));
        }
        let (bs, bp) = (draw_plain(&sel, w, h), draw_plain(&plain, w, h));
        // An enemy piece it may attack, an empty square it may go to.
        for sq in ["E5", "D4", "F4"] {
            differs("a legal target", &s, (w, h), sq, (&sel, &bs), (&plain, &bp));
        }
    });
}

#[test]
fn the_last_move_shows_without_colour() {
    each_mode(|s, w, h| {
        // The cursor off the squares compared (its brackets win over the mark where they
        // meet: at 80x24, on the square's outer columns).
        let away = |mut a: App| {
            a.update(code(KeyCode::Left));
            a
        };
        let plain = away(play_app(&s, w, h, Some(Color::Red), red_view()));
        let mut v = red_view();
        // Blue's Major came from G8 to G7.
        v.last_move = Some(ViewMove {
            mover: Color::Blue,
            from: sqr("G8"),
            to: sqr("G7"),
            battle: None,
            rescue: None,
        });
        let last = away(play_app(&s, w, h, Some(Color::Red), v));
        let (bl, bp) = (draw_plain(&last, w, h), draw_plain(&plain, w, h));
        differs(
            "the square the last move left",
            &s,
            (w, h),
            "G8",
            (&last, &bl),
            (&plain, &bp),
        );
        differs(
            "the square the last move reached",
            &s,
            (w, h),
            "G7",
            (&last, &bl),
            (&plain, &bp),
        );
        // Red's own move: its Sergeant from E3 to E4.
        let mut v = red_view();
        v.last_move = Some(ViewMove {
            mover: Color::Red,
            from: sqr("E3"),
            to: sqr("E4"),
            battle: None,
            rescue: None,
        });
        let own = away(play_app(&s, w, h, Some(Color::Red), v));
        let bo = draw_plain(&own, w, h);
        for sq in ["E3", "E4"] {
            differs(
                "the own last move",
                &s,
                (w, h),
                sq,
                (&own, &bo),
                (&plain, &bp),
            );
        }
    });
}

/// The row of a seat's name, its digits blanked (the time itself is not the state).
fn seat_row(buf: &Buffer, nick: &str) -> String {
    let row = lines(buf)
        .into_iter()
        .find(|l| l.contains(nick))
        .unwrap_or_else(|| panic!("{nick} not on the screen\n{}", text(buf)));
    row.chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .collect()
}

#[test]
fn low_time_on_a_clock_shows_without_colour() {
    each_mode(|s, w, h| {
        // Red's clock runs: 15 seconds left (low), or 1:15 (not low).
        let with_clock = |secs| {
            let mut snap = snapshot(GamePhase::Playing, Some(Color::Red), Some(red_view()));
            snap.clocks = Some(clocks(secs, 300, true));
            play_app_snap(&s, w, h, snap)
        };
        let (low, fine) = (with_clock(15), with_clock(75));
        let (bl, bf) = (draw_plain(&low, w, h), draw_plain(&fine, w, h));
        let (a, b) = (seat_row(&bl, "alice"), seat_row(&bf, "alice"));
        assert!(a.contains("#:##") && b.contains("#:##"), "{a:?} {b:?}");
        assert_ne!(
            a, b,
            "low time is told only by style (ascii: {}, {w}x{h}): {a:?}",
            s.ascii
        );
    });
}

#[test]
fn known_enemy_pieces_show_without_colour() {
    each_mode(|s, w, h| {
        let known = play_app(&s, w, h, Some(Color::Red), red_view());
        let mut v = red_view();
        put(&mut v, "G7", Color::Blue, None, true);
        let unknown = play_app(&s, w, h, Some(Color::Red), v);
        let (bk, bu) = (draw_plain(&known, w, h), draw_plain(&unknown, w, h));
        differs(
            "a known enemy piece",
            &s,
            (w, h),
            "G7",
            (&known, &bk),
            (&unknown, &bu),
        );
    });
}

#[test]
fn the_piece_picked_up_in_the_setup_shows_without_colour() {
    each_mode(|s, w, h| {
        let mut plain = App::new(me("alice"), s.clone(), w, h, 1);
        send_game(
            &mut plain,
            snapshot(GamePhase::Setup, Some(Color::Red), None),
            Instant::now(),
        );
        // The army placed (the same fill on both: the same seed), the cursor on A4.
        plain.update(key('r'));
        let mut picked = plain.clone();
        picked.update(key(' '));
        let (bk, bp) = (draw_plain(&picked, w, h), draw_plain(&plain, w, h));
        differs(
            "the piece picked up under the cursor",
            &s,
            (w, h),
            "A4",
            (&picked, &bk),
            (&plain, &bp),
        );
        let (mut picked, mut plain) = (picked, plain);
        for a in [&mut picked, &mut plain] {
            a.update(code(KeyCode::Right));
        }
        let (bk, bp) = (draw_plain(&picked, w, h), draw_plain(&plain, w, h));
        differs(
            "the piece picked up",
            &s,
            (w, h),
            "A4",
            (&picked, &bk),
            (&plain, &bp),
        );
    });
}

/// The help says what the marks mean.
#[test]
fn the_help_says_what_the_marks_mean() {
    let s = no_colour(false);
    let (w, h) = (120, 40);
    let mut a = play_app(&s, w, h, Some(Color::Red), red_view());
    a.update(key('?'));
    let t = boxed_text(&draw_plain(&a, w, h));
    for want in [
        "( ) the selected piece",
        "> < an enemy piece the selected one may attack",
        "+ at a square's left: a square of the last move",
        "' at a piece's right: your opponent's",
        "!0:15! a clock with less than 20 seconds left",
    ] {
        assert!(t.contains(want), "{want:?} not in the help: {t}");
    }
    let mut v = empty_view(Viewer::Spectator);
    put(&mut v, "E7", Color::Blue, None, false);
    let mut a = play_app(&s, w, h, None, v);
    a.update(key('?'));
    let t = boxed_text(&draw_plain(&a, w, h));
    assert!(t.contains("' at a piece's right: Blue's"), "{t}");
}

// --- The palette under colour-vision deficiencies ---

/// A colour as drawn, in sRGB: 24-bit as it is, 256 colours as xterm defines them.
fn rgb(c: TColor) -> [u8; 3] {
    match c {
        TColor::Rgb(r, g, b) => [r, g, b],
        TColor::Indexed(i) if (16..232).contains(&i) => {
            let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
            let i = i - 16;
            [level(i / 36), level(i / 6 % 6), level(i % 6)]
        }
        TColor::Indexed(i) if i >= 232 => {
            let v = 8 + 10 * (i - 232);
            [v, v, v]
        }
        other => panic!("not a 24-bit or 256-colour colour: {other:?}"),
    }
}

/// The CIEDE2000 implementation against published pairs (Sharma et al. 2005, table 1).
#[test]
fn ciede2000_matches_the_published_test_data() {
    for (p, q, want) in [
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
        ([50.0, 3.1571, -77.2803], [50.0, 0.0, -82.7485], 2.8615),
        ([50.0, -1.3802, -84.2814], [50.0, 0.0, -82.7485], 1.0000),
        ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
        ([50.0, 2.5, 0.0], [50.0, 3.2592, 0.3350], 1.0000),
        (
            [60.2574, -34.0099, 36.2677],
            [60.4626, -34.1751, 39.4387],
            1.2644,
        ),
        (
            [22.7233, 20.0904, -46.6940],
            [23.0331, 14.9730, -42.5619],
            2.0373,
        ),
        (
            [90.8027, -2.0831, 1.4410],
            [91.1528, -1.6435, 0.0447],
            1.4441,
        ),
        (
            [2.0776, 0.0795, -1.1350],
            [0.9033, -0.0636, -0.5514],
            0.9082,
        ),
    ] {
        let got = delta_e(p, q);
        assert!((got - want).abs() < 1e-4, "{p:?} {q:?}: {got} not {want}");
    }
    // The matrices: white stays white, and red and green (which protanopes and
    // deuteranopes confuse) come out close.
    for m in [&PROTANOPIA, &DEUTERANOPIA] {
        assert!(delta_e(lab([255, 255, 255], m), lab([255, 255, 255], &NORMAL)) < 1.0);
        let (red, green) = (lab([200, 60, 40], m), lab([110, 110, 40], m));
        assert!(delta_e(red, green) < 10.0, "{}", delta_e(red, green));
        let (red, green) = (lab([200, 60, 40], &NORMAL), lab([110, 110, 40], &NORMAL));
        assert!(delta_e(red, green) > 30.0, "{}", delta_e(red, green));
    }
}

/// The colour a cell shows as its ground (a reversed cell shows its foreground).
fn ground(c: &ratatui::buffer::Cell) -> TColor {
    if c.modifier.contains(Modifier::REVERSED) {
        c.fg
    } else {
        c.bg
    }
}

/// The first cell of `word` on the screen.
fn find(buf: &Buffer, word: &str) -> (u16, u16) {
    let first = word.chars().next().unwrap().to_string();
    let a = buf.area;
    for y in a.top()..a.bottom() {
        for x in a.left()..a.right() {
            if buf[(x, y)].symbol() == first
                && word.chars().enumerate().all(|(i, ch)| {
                    x + (i as u16) < a.right() && buf[(x + i as u16, y)].symbol() == ch.to_string()
                })
            {
                return (x, y);
            }
        }
    }
    panic!("{word:?} not on the screen\n{}", text(buf));
}

/// The ground colour of a square (its left column, on the label's row).
fn square_ground(a: &App, buf: &Buffer, sq: &str) -> TColor {
    let r = a.square_rect(sqr(sq)).unwrap();
    buf[(r.x, r.y + (r.height - 1) / 2)].bg
}

/// The tile colour of a piece.
fn tile(a: &App, buf: &Buffer, sq: &str) -> TColor {
    let r = a.square_rect(sqr(sq)).unwrap();
    buf[(r.x + 1, r.y + (r.height - 1) / 2)].bg
}

/// The colours of each state on the screen at colour depth `depth`, by name.
fn palette(depth: ColorDepth) -> Vec<(&'static str, TColor)> {
    let s = Settings {
        color: depth,
        ..settings()
    };
    let (w, h) = (120, 40);
    let mut v = red_view();
    v.last_move = Some(ViewMove {
        mover: Color::Blue,
        from: sqr("G8"),
        to: sqr("G7"),
        battle: None,
        rescue: None,
    });
    let mut snap = snapshot(GamePhase::Playing, Some(Color::Red), Some(v.clone()));
    snap.clocks = Some(clocks(300, 300, true));
    let mut a = play_app_snap(&s, w, h, snap);
    // E4 selected, the cursor away on E3.
    a.update(code(KeyCode::Enter));
    a.update(code(KeyCode::Down));
    let buf = draw(&a, w, h);
    let clock = |buf: &Buffer, nick: &str| {
        // The clock ends the seat's first row.
        let (_, y) = find(buf, nick);
        let x = (0..w).rev().find(|&x| buf[(x, y)].symbol() == ":").unwrap();
        ground(&buf[(x, y)])
    };
    let text_fg = |word: &str| {
        let (x, y) = find(&buf, word);
        buf[(x, y)].fg
    };
    let mut out = vec![
        // A3 and B3: empty squares of both shades.
        ("board (dark)", square_ground(&a, &buf, "A3")),
        ("board (light)", square_ground(&a, &buf, "B3")),
        ("Red piece", tile(&a, &buf, "E4")),
        ("Blue piece", tile(&a, &buf, "E7")),
        ("Red name", text_fg("alice")),
        ("Blue name", text_fg("bob")),
        ("selected", square_ground(&a, &buf, "E4")),
        ("target", square_ground(&a, &buf, "D4")),
        ("last move", square_ground(&a, &buf, "G8")),
        ("Red clock running", clock(&buf, "alice")),
    ];
    // Blue's clock running, then each with little time left.
    let mut snap = snapshot(GamePhase::Playing, Some(Color::Red), Some(v.clone()));
    snap.clocks = Some(clocks(300, 300, false));
    let b = draw(&play_app_snap(&s, w, h, snap), w, h);
    out.push(("Blue clock running", clock(&b, "bob")));
    let mut snap = snapshot(GamePhase::Playing, Some(Color::Red), Some(v.clone()));
    snap.clocks = Some(clocks(15, 300, true));
    let b = draw(&play_app_snap(&s, w, h, snap), w, h);
    out.push(("Red clock low", clock(&b, "alice")));
    let mut snap = snapshot(GamePhase::Playing, Some(Color::Red), Some(v));
    snap.clocks = Some(clocks(300, 15, false));
    let b = draw(&play_app_snap(&s, w, h, snap), w, h);
    out.push(("Blue clock low", clock(&b, "bob")));
    out
}

/// The pairs of states that colour tells apart: whose piece, Red and Blue, the selection,
/// the targets and the last move against the board and against each other, low time
/// against a clock that is not low.
const PAIRS: &[(&str, &str)] = &[
    ("Red piece", "Blue piece"),
    ("Red name", "Blue name"),
    ("selected", "board (dark)"),
    ("selected", "board (light)"),
    ("target", "board (dark)"),
    ("target", "board (light)"),
    ("last move", "board (dark)"),
    ("last move", "board (light)"),
    ("selected", "target"),
    ("selected", "last move"),
    ("target", "last move"),
    ("Red clock low", "Red clock running"),
    ("Blue clock low", "Blue clock running"),
];

#[test]
fn the_palette_tells_states_apart_under_protanopia_and_deuteranopia() {
    let mut fails = vec![];
    let mut table = vec![];
    for depth in [ColorDepth::TrueColor, ColorDepth::Ansi256] {
        let colours = palette(depth);
        let get = |name: &str| {
            let c = colours.iter().find(|(n, _)| *n == name).unwrap().1;
            rgb(c)
        };
        for (p, q) in PAIRS {
            let (cp, cq) = (get(p), get(q));
            let mut row = format!("{depth:?} {p} {cp:?} / {q} {cq:?}:");
            for (vision, m) in [
                ("normal", &NORMAL),
                ("protanopia", &PROTANOPIA),
                ("deuteranopia", &DEUTERANOPIA),
            ] {
                let d = delta_e(lab(cp, m), lab(cq, m));
                row += &format!(" {vision} {d:.1}");
                if d < MIN_DELTA_E {
                    fails.push(format!("{depth:?} {p} / {q}: {d:.1} for {vision}"));
                }
            }
            table.push(row);
        }
    }
    // The figures, for the record (`cargo test -- --nocapture`).
    println!("{}", table.join("\n"));
    assert!(
        fails.is_empty(),
        "pairs under CIEDE2000 {MIN_DELTA_E}:\n{}\n\nall:\n{}",
        fails.join("\n"),
        table.join("\n")
    );
}

/// The cursor's brackets stand out from every ground they are drawn on: the board, a
/// target, the last move, the selected piece. WCAG 2 contrast at least 3 (its least for
/// bold text and for the parts of a user interface), for normal vision and both
/// deficiencies.
#[test]
fn the_cursor_shows_on_every_ground() {
    for depth in [ColorDepth::TrueColor, ColorDepth::Ansi256] {
        let s = Settings {
            color: depth,
            ..settings()
        };
        let (w, h) = (120, 40);
        let mut v = red_view();
        v.last_move = Some(ViewMove {
            mover: Color::Blue,
            from: sqr("G8"),
            to: sqr("G7"),
            battle: None,
            rescue: None,
        });
        let mut base = play_app(&s, w, h, Some(Color::Red), v);
        base.update(code(KeyCode::Enter));
        // From E4 (selected): each ground by the keys that reach it.
        let right = KeyCode::Right;
        let up = KeyCode::Up;
        for (what, sq, keys) in [
            ("the selected piece", "E4", vec![]),
            ("a target", "D4", vec![KeyCode::Left]),
            ("the board", "E3", vec![KeyCode::Down]),
            ("the last move", "G8", vec![right, right, up, up, up, up]),
        ] {
            let mut a = base.clone();
            for k in keys {
                a.update(code(k));
            }
            let buf = draw(&a, w, h);
            let r = a.square_rect(sqr(sq)).unwrap();
            let cell = &buf[(r.x, r.y + (r.height - 1) / 2)];
            assert!(
                matches!(cell.symbol(), "[" | "{"),
                "{what}: {:?}",
                cell.symbol()
            );
            let (fg, bg) = (rgb(cell.fg), rgb(cell.bg));
            for (vision, m) in [
                ("normal", &NORMAL),
                ("protanopia", &PROTANOPIA),
                ("deuteranopia", &DEUTERANOPIA),
            ] {
                let c = contrast(fg, bg, m);
                println!("{depth:?} cursor on {what} {fg:?} on {bg:?}: {vision} {c:.2}");
                assert!(
                    c >= 3.0,
                    "{depth:?}: the cursor on {what} ({fg:?} on {bg:?}): contrast {c:.2} for {vision}"
                );
            }
        }
    }
}
