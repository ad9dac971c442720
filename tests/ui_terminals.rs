//! Terminals: plain ASCII by default where `$TERM` says the font lacks box drawing and
//! the board's symbols (vt100, linux, dumb), and no colour at all under `NO_COLOR`, on
//! every screen and dialog (`ui_support::states`) at every size.

mod ui_support;

use ratatui::style::Color as TColor;
use stratego_ssh::ui::{ColorDepth, Msg, Settings};
use ui_support::states::{all, with};
use ui_support::*;

const SIZES: [(u16, u16); 4] = [(80, 24), (100, 30), (120, 40), (160, 50)];

/// The settings a session starts with for this terminal (the player has chosen nothing).
fn for_terminal(term: &str, colorterm: Option<&str>, no_color: bool) -> Settings {
    Settings {
        numbering: Default::default(),
        ascii: Settings::ascii_default(term),
        color: ColorDepth::from_term(term, colorterm, no_color),
        lang: Default::default(),
    }
}

#[test]
fn vt100_linux_and_dumb_get_plain_ascii_everywhere() {
    for term in ["vt100", "linux", "dumb"] {
        let states = with(for_terminal(term, None, false), all);
        for (name, make) in &states {
            let mut a = with(for_terminal(term, None, false), make);
            for (w, h) in SIZES {
                a.update(Msg::Resize {
                    width: w,
                    height: h,
                });
                let t = text(&draw(&a, w, h));
                assert!(t.is_ascii(), "TERM={term}, {name}, {w}x{h}\n{t}");
            }
        }
    }
    // Terminals with the glyphs keep them.
    let a = with(for_terminal("xterm-256color", None, false), || {
        let (_, make) = all()
            .into_iter()
            .find(|(name, _)| *name == "lobby, seeks")
            .expect("the lobby state");
        make()
    });
    assert!(text(&draw(&a, 160, 40)).contains('╭'));
}

#[test]
fn no_color_means_no_colour_anywhere() {
    let s = for_terminal("xterm-256color", Some("truecolor"), true);
    assert_eq!(s.color, ColorDepth::Mono);
    for (name, make) in &with(s.clone(), all) {
        let mut a = with(s.clone(), make);
        for (w, h) in SIZES {
            a.update(Msg::Resize {
                width: w,
                height: h,
            });
            let buf = draw(&a, w, h);
            for y in 0..h {
                for x in 0..w {
                    let c = &buf[(x, y)];
                    assert!(
                        c.fg == TColor::Reset && c.bg == TColor::Reset,
                        "{name}, {w}x{h}: colour at {x},{y} ({:?} on {:?})\n{}",
                        c.fg,
                        c.bg,
                        text(&buf)
                    );
                }
            }
        }
    }
}
