//! Every screen and state the UI tests reach (`ui_support::states::all`), drawn in the
//! pseudo-language at 80x24 and 120x40: no letters outside the catalogs' markers (no English
//! left in the code) and no marker cut off (no layout too narrow for a longer language).

mod ui_support;

use stratego_ssh::i18n::Lang;
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{App, Msg, Settings};
use ui_support::pseudo::*;
use ui_support::*;

/// What the states show that is the players' own, not the catalogs': nicks, chat lines,
/// names of saved set-ups and tournaments, as `states.rs` makes them up.
const DATA: &[&str] = &[
    "alice", "bob", "carol", "caro", "dave", "eve", "root", "hi", "gl", "mine", "cheating", "Cup",
    // The game's chat line, and the squares the game states show (the notation is the
    // same in every language).
    "good", "luck", "G8", "G7", "E4", "E9", "E10", "e4",
];

/// The states whose screens come from the catalogs, by name (all of them, once every
/// screen is converted; the work in progress adds them here).
const CONVERTED: &[&str] = &[
    "too small",
    "too small, mid-game",
    "welcome card",
    "settings",
    "quit",
    "game, my turn",
    "game, their turn",
    "game, a piece selected",
    "game, draw offered to me",
    "game, opponent gone",
    "game, typing a move",
    "game, rescue: which piece",
    "game, rescue: where",
    "game, resign?",
    "game, leave?",
    "game, chat",
    "game, over",
    "game, over, the opponent left",
    "game, spectator",
    "game, spectator, over",
];

fn sized(mut a: App, name: &str, w: u16, h: u16) -> App {
    // The too-small states are about their own size.
    if !name.starts_with("too small") {
        a.update(Msg::Resize {
            width: w,
            height: h,
        });
    }
    a
}

/// The states that are a dialog or a card over another screen, which Esc closes: the
/// dialog is checked whole, the screen around it for English only (the messages it covers
/// are the screen's own state's to check).
const OVERLAYS: &[&str] = &[
    "welcome card",
    "welcome card, a name typed",
    "rename card",
    "settings",
    "quit",
    "game, resign?",
    "game, leave?",
];

fn pseudo_app(make: &dyn Fn() -> App) -> App {
    states::with(
        Settings {
            lang: Lang::Pseudo,
            ..settings()
        },
        make,
    )
}

fn faults_of(name: &str, make: &dyn Fn() -> App) -> Vec<String> {
    let mut out = vec![];
    for (w, h) in [(80u16, 24u16), (120, 40)] {
        let a = sized(pseudo_app(make), name, w, h);
        let (bw, bh) = match name {
            "too small" => (60, 20),
            "too small, mid-game" => (70, 20),
            _ => (w, h),
        };
        let buf = draw(&a, bw, bh);
        let mut found = vec![];
        if OVERLAYS.contains(&name) {
            let mut under = sized(pseudo_app(make), name, w, h);
            under.update(code(KeyCode::Esc));
            let under = draw(&under, bw, bh);
            let rect = differing(&buf, &under);
            found.extend(pseudo_faults_except(&buf, rect, DATA));
            let mut around = buf.clone();
            for y in rect.1..rect.3 {
                for x in rect.0..rect.2 {
                    around[(x, y)].set_symbol(" ");
                }
            }
            found.extend(
                pseudo_faults_except(&around, whole(&around), DATA)
                    .into_iter()
                    .filter(|f| f.contains("outside the markers")),
            );
        } else {
            found = pseudo_faults_except(&buf, whole(&buf), DATA);
        }
        for f in found {
            out.push(format!("{name} {w}x{h}: {f}\n{}", text(&buf)));
        }
    }
    out
}

#[test]
fn every_converted_state_holds_only_catalog_text_and_cuts_none() {
    let all = states::all();
    for name in CONVERTED {
        assert!(
            all.iter().any(|(n, _)| n == name),
            "{name:?} is not a state of states::all()"
        );
    }
    let mut faults = vec![];
    for (name, make) in &all {
        if CONVERTED.contains(name) {
            faults.extend(faults_of(name, make.as_ref()));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n\n"));
}

/// Which states are left, and what in them is not from the catalogs yet (run with
/// `--ignored --nocapture` to see the work left).
#[test]
#[ignore]
fn the_states_left() {
    for (name, make) in states::all() {
        if !CONVERTED.contains(&name) {
            let f = faults_of(name, make.as_ref());
            let words: Vec<_> = f.iter().map(|f| f.lines().next().unwrap()).collect();
            println!("{name}: {} faults\n  {}", f.len(), words.join("\n  "));
        }
    }
}
