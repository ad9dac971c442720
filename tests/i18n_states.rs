//! Every screen and state the UI tests reach (`ui_support::states::all`), drawn in the
//! pseudo-language at 80x24 and 120x40: no letters outside the catalogs' markers (no English
//! left in the code) and no marker cut off (no layout too narrow for a longer language).

mod ui_support;

use ratatui::buffer::Buffer;
use stratego_ssh::i18n::Lang;
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{App, Msg, Settings};
use ui_support::pseudo::*;
use ui_support::*;

/// What the states show that is the players' own, not the catalogs': nicks, chat lines,
/// names of saved set-ups and tournaments, as `states.rs` makes them up.
const DATA: &[&str] = &[
    "alice", "bob", "carol", "caro", "dave", "eve", "root", "hi", "gl", "mine", "cheating", "Cup",
    // The admin screen's sessions: a nick and the keys' fingerprints.
    "mallory", "SHA256",
    // The game's chat line, and the squares the game states show (the notation is the
    // same in every language).
    "good", "luck", "my", "G8", "G7", "E4", "E9", "E10", "e4",
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
    "admin, kick",
    "admin, ban",
    "admin, unban",
    "admin, broadcast",
    "admin, start a tournament",
    "admin, cancel a tournament",
    "admin, new tournament, name",
    "admin, new tournament, format",
    "admin, new tournament, minutes",
    "admin, edit a tournament",
    "help",
    "seek form",
    "seek form, private-to field",
    "computer form",
    "game, rules page",
    "game, rules page, scrolled",
    "set-up, rules page",
    "game, resign?",
    "game, leave?",
    "game, help",
    "set-up, help",
    "set-up, ready?",
    "set-up, leave?",
    "set-up, clear?",
    "set-up, loading",
];

/// The rectangles around each connected region of cells where `a` and `b` differ (cells
/// two apart on a row, or touching across rows, are one region): a dialog is one, its keys
/// in the footer another, and a message of the screen under it that the dialog leaves
/// half-covered is in none.
fn changed_regions(a: &Buffer, b: &Buffer) -> Vec<(u16, u16, u16, u16)> {
    let (w, h) = (a.area.width as i32, a.area.height as i32);
    let differs =
        |x: i32, y: i32| a[(x as u16, y as u16)].symbol() != b[(x as u16, y as u16)].symbol();
    let mut seen = vec![false; (w * h) as usize];
    let mut out = vec![];
    for y0 in 0..h {
        for x0 in 0..w {
            if seen[(y0 * w + x0) as usize] || !differs(x0, y0) {
                continue;
            }
            let (mut rx0, mut ry0, mut rx1, mut ry1) = (x0, y0, x0, y0);
            let mut stack = vec![(x0, y0)];
            seen[(y0 * w + x0) as usize] = true;
            while let Some((x, y)) = stack.pop() {
                (rx0, ry0, rx1, ry1) = (rx0.min(x), ry0.min(y), rx1.max(x), ry1.max(y));
                for dy in -1..=1 {
                    for dx in -3..=3 {
                        let (nx, ny) = (x + dx, y + dy);
                        if nx < 0 || ny < 0 || nx >= w || ny >= h {
                            continue;
                        }
                        if dy != 0 && dx.abs() > 1 {
                            continue;
                        }
                        let i = (ny * w + nx) as usize;
                        if !seen[i] && differs(nx, ny) {
                            seen[i] = true;
                            stack.push((nx, ny));
                        }
                    }
                }
            }
            out.push((rx0 as u16, ry0 as u16, rx1 as u16 + 1, ry1 as u16 + 1));
        }
    }
    out
}

/// The boxes (`╭…╮` over `╰…╯`) whose top-left corner is in `rect`: a dialog's frame.
fn boxes_in(buf: &Buffer, (x0, y0, x1, y1): (u16, u16, u16, u16)) -> Vec<(u16, u16, u16, u16)> {
    let (w, h) = (buf.area.width, buf.area.height);
    let sym = |x: u16, y: u16| buf[(x, y)].symbol();
    let mut out = vec![];
    for y in y0..y1 {
        for x in x0..x1 {
            if sym(x, y) != "╭" {
                continue;
            }
            let Some(right) = (x + 1..w).find(|&r| sym(r, y) == "╮") else {
                continue;
            };
            let Some(bottom) = (y + 1..h).find(|&b| sym(x, b) == "╰") else {
                continue;
            };
            if sym(right, bottom) == "╯" {
                out.push((x, y, right + 1, bottom + 1));
            }
        }
    }
    out
}

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
            // The dialog's boxes whole; each region the dialog changed (its keys in the
            // footer, a layout moved under it) and the screen under it for English only:
            // what the dialog covers of that screen's messages is no fault of either (the
            // screen under it is a state of its own).
            let regions = changed_regions(&buf, &under);
            assert!(!regions.is_empty(), "{name}: Esc closes the dialog");
            let english = |f: &String| f.contains("outside the markers");
            for rect in &regions {
                for b in boxes_in(&buf, *rect) {
                    found.extend(pseudo_faults_except(&buf, b, DATA));
                }
                found.extend(
                    pseudo_faults_except(&buf, *rect, DATA)
                        .into_iter()
                        .filter(english),
                );
            }
            found.extend(
                pseudo_faults_except(&under, whole(&under), DATA)
                    .into_iter()
                    .filter(english)
                    .map(|f| format!("under it: {f}\n{}", text(&under))),
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
fn every_state_holds_only_catalog_text_and_cuts_none() {
    let all = states::all();
    assert!(all.len() > 60, "{}", all.len());
    for name in OVERLAYS {
        assert!(
            all.iter().any(|(n, _)| n == name),
            "{name:?} is not a state of states::all()"
        );
    }
    let mut faults = vec![];
    for (name, make) in &all {
        faults.extend(faults_of(name, make.as_ref()));
    }
    assert!(faults.is_empty(), "{}", faults.join("\n\n"));
}
