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
    // The admin screen's sessions: a nick and the keys' fingerprints.
    "mallory", "SHA256",
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
    // The tournament screen and the admin screen (tournament.ftl).
    "tournament, running arena, joined",
    "tournament, upcoming swiss",
    "tournament, games in play",
    "tournament, chat",
    "tournament, typing a chat line",
    "admin, sessions",
    "admin, bans",
    "admin, kick",
    "admin, ban",
    "admin, unban",
    "admin, broadcast",
    "admin, tournaments, running",
    "admin, tournaments, upcoming",
    "admin, start a tournament",
    "admin, cancel a tournament",
    "admin, new tournament, name",
    "admin, new tournament, format",
    "admin, new tournament, minutes",
    "admin, edit a tournament",
    "lobby, seeks",
    "lobby, a challenge to me",
    "lobby, no seeks",
    "lobby, my live game",
    "lobby, my live game, seeks",
    "lobby, seeks, admin",
    "lobby, games",
    "lobby, chat",
    "lobby, players",
    "lobby, tournaments",
    "lobby, typing a chat line",
    "help",
    "welcome card, a name typed",
    "seek form",
    "seek form, private-to field",
    "computer form",
    "leaderboard",
    "profile",
    "game list",
    "replay",
    "replay, playing",
    "rename card",
    "game, rules page",
    "game, rules page, scrolled",
    "set-up, rules page",
    "game, help",
    "set-up, help",
    "set-up",
    "set-up, classic numbering",
    "set-up, complete",
    "set-up, a piece picked up",
    "set-up, saving",
    "set-up, loading",
    "set-up, ready?",
    "set-up, leave?",
    "set-up, clear?",
    "set-up, complete by hand (r fills nothing)",
    "set-up, chat",
    "set-up, sent",
    "set-up, spectator",
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
];

/// Where two drawings differ: a rectangle for each band of rows in a row that differ (a
/// dialog, and apart from it the footer of its keys), as [`differing`] finds one.
fn differing_bands(
    a: &ratatui::buffer::Buffer,
    b: &ratatui::buffer::Buffer,
) -> Vec<(u16, u16, u16, u16)> {
    let mut bands: Vec<(u16, u16, u16, u16)> = vec![];
    for y in 0..a.area.height {
        let xs: Vec<u16> = (0..a.area.width)
            .filter(|&x| a[(x, y)].symbol() != b[(x, y)].symbol())
            .collect();
        let (Some(&first), Some(&last)) = (xs.first(), xs.last()) else {
            continue;
        };
        match bands.last_mut() {
            Some(band) if band.3 == y => {
                *band = (band.0.min(first), band.1, band.2.max(last + 1), y + 1);
            }
            _ => bands.push((first, y, last + 1, y + 1)),
        }
    }
    assert!(!bands.is_empty(), "{}", differing(a, b).0);
    bands
}

/// Blanks `rect` of `buf` and, on its rows, what is left of the messages and words it cut
/// (a dialog covers part of the screen under it; those remains are that screen's, checked in
/// its own state).
fn blank_with_cuts(buf: &mut ratatui::buffer::Buffer, (x0, y0, x1, y1): (u16, u16, u16, u16)) {
    let width = buf.area.width;
    for y in y0..y1 {
        let sym = |b: &ratatui::buffer::Buffer, x: u16| b[(x, y)].symbol().to_string();
        // Left: back to the first message still open at the rectangle, else to a space.
        let mut open: Vec<u16> = vec![];
        for x in 0..x0 {
            match sym(buf, x).as_str() {
                "⟦" => open.push(x),
                "⟧" => {
                    open.pop();
                }
                _ => {}
            }
        }
        let mut from = open.first().copied().unwrap_or(x0);
        while open.is_empty() && from > 0 && sym(buf, from - 1).trim() != "" {
            from -= 1;
        }
        // Right: on to the end of a message the rectangle opened, else to a space.
        let (mut to, mut depth) = (x1, 0);
        let mut closes = None;
        while to < width {
            match sym(buf, to).as_str() {
                "⟦" => depth += 1,
                "⟧" if depth == 0 => {
                    closes = Some(to + 1);
                    break;
                }
                "⟧" => depth -= 1,
                _ => {}
            }
            to += 1;
        }
        let mut to = closes.unwrap_or(x1);
        while closes.is_none() && to < width && sym(buf, to).trim() != "" {
            to += 1;
        }
        for x in from..to {
            buf[(x, y)].set_symbol(" ");
        }
    }
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
            let rects = differing_bands(&buf, &under);
            let mut around = buf.clone();
            for rect in rects {
                found.extend(pseudo_faults_except(&buf, rect, DATA));
                blank_with_cuts(&mut around, rect);
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
