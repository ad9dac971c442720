//! The screen shown while the window is smaller than [`MIN_WIDTH`] x [`MIN_HEIGHT`]: it asks
//! for a larger window and, while a game is shown, keeps the essentials of the game in
//! view (whose turn it is, both clocks running, a seat's reconnect countdown, the result),
//! since the clocks do not stop for a small window.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use super::game::{result_text, GameUi};
use super::input::KeyCode;
use super::keymap::{self, Always, Binding, Never};
use super::layout::{MIN_HEIGHT, MIN_WIDTH};
use super::theme::Theme;
use super::widgets::{fmt_clock, put_line, wrap};
use super::words::{abbrev, ellipsis};
use crate::i18n::{text, tr, Lang};
use crate::proto::GamePhase;
use crate::rules::Color;
use crate::t;

/// The keys of the screen asking for a larger window (Ctrl-C quits too).
pub(crate) const KEYS: &[Binding<(), Never>] =
    &[keymap::on(&[KeyCode::Char('q')], ()).hints(&[keymap::hint(0, "q", "small-keys-quits")])];

/// Draws the screen in `area`; `game` is the game shown, if any, at `now`; `asking`: q
/// was pressed, the quit question stands in place of the keys.
pub(crate) fn render(
    buf: &mut Buffer,
    area: Rect,
    game: Option<&GameUi>,
    asking: bool,
    now: Instant,
    t: &Theme,
) {
    let l = t.lang;
    let line = |keys: Vec<(&str, &str)>| {
        keys.iter()
            .map(|(k, w)| format!("{} {}", text(l, k), text(l, w)))
            .collect::<Vec<_>>()
            .join("  ")
    };
    let keys = if asking {
        format!(
            "{}  {}",
            tr(l, "quit-question"),
            line(keymap::footer(super::dialog::QUIT_KEYS, &Always))
        )
    } else {
        line(keymap::footer(KEYS, &Always))
    };
    let ask = vec![
        Line::styled(tr(l, "small-larger"), Style::new()),
        Line::styled(
            t!(
                l,
                "small-size",
                width = area.width,
                height = area.height,
                min_width = MIN_WIDTH,
                min_height = MIN_HEIGHT
            ),
            t.dim(),
        ),
    ];
    let about = game
        .map(|g| game_lines(g, now, area.width as usize, t))
        .unwrap_or_default();
    let title = Line::styled("stratego-ssh", t.accent());
    // What fits, the game first: the title and blank rows go when rows are short.
    let mut lines = vec![];
    let full = 1 + 1 + ask.len() + usize::from(!about.is_empty()) + about.len() + 2;
    if full <= area.height as usize {
        lines.push(title);
        lines.push(Line::raw(""));
    }
    if about.is_empty() {
        lines.extend(ask);
    } else {
        lines.extend(about);
        if lines.len() + ask.len() + 3 <= area.height as usize {
            lines.push(Line::raw(""));
        }
        lines.extend(ask);
    }
    if lines.len() + 2 <= area.height as usize {
        lines.push(Line::raw(""));
    }
    lines.push(if asking {
        Line::styled(keys, t.accent())
    } else {
        Line::styled(keys, t.dim())
    });
    // A sentence longer than the window is wrapped at words (a longer language, a narrow
    // window); a line of several parts (a turn, the clocks) is cut, marked.
    let lines: Vec<Line<'static>> = lines
        .into_iter()
        .flat_map(|l| match l.spans.as_slice() {
            [one] if l.width() > usize::from(area.width) => {
                let style = one.style;
                wrap(&one.content, usize::from(area.width))
                    .into_iter()
                    .map(|s| Line::styled(s, style))
                    .collect()
            }
            _ => vec![l],
        })
        .collect();
    let height = lines.len().min(area.height as usize) as u16;
    let top = area.y + (area.height - height) / 2;
    for (i, l) in lines.iter().take(height as usize).enumerate() {
        let l = fit(l, area.width as usize, t);
        let w = l.width() as u16;
        let x = area.x + area.width.saturating_sub(w) / 2;
        put_line(buf, x, top + i as u16, &l, area.width);
    }
}

/// A line cut to `width` columns, marked where cut.
fn fit(l: &Line<'static>, width: usize, t: &Theme) -> Line<'static> {
    if l.width() <= width {
        return l.clone();
    }
    let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
    let style = l.spans.first().map_or(Style::new(), |s| s.style);
    Line::styled(abbrev(&text, width, ellipsis(t)), style)
}

/// The game in a few lines: what it is, whose turn (or the set-up, or the result), the
/// clocks (with the players' names when `width` has room), a seat gone.
fn game_lines(g: &GameUi, now: Instant, width: usize, t: &Theme) -> Vec<Line<'static>> {
    let s = &g.shared;
    let snap = &s.snap;
    let l = t.lang;
    let me = s.my_color();
    let mut out = vec![];
    let who = match me {
        Some(c) => t!(l, "small-you-play", color = color_name(l, c)),
        None => tr(l, "small-watching"),
    };
    out.push(Line::styled(
        format!(
            "{} {} {who}",
            t!(l, "small-game", id = snap.id.to_string()),
            t.g.sep.trim()
        ),
        t.title(),
    ));
    let state = match snap.phase {
        GamePhase::Setup => match me {
            Some(_) if snap.my_setup.is_some() => Line::raw(tr(l, "small-setup-sent")),
            Some(_) => Line::raw(tr(l, "small-setup-place")),
            None => Line::raw(tr(l, "small-setting-up")),
        },
        GamePhase::Playing => match s.view() {
            Some(v) => {
                let turn = match me {
                    Some(c) if c == v.to_move => Span::styled(tr(l, "small-your-turn"), t.accent()),
                    _ => Span::styled(
                        t!(
                            l,
                            "small-to-move",
                            color = color_name(l, v.to_move),
                            nick = snap.seats.get(v.to_move).nick.as_str()
                        ),
                        t.side(v.to_move),
                    ),
                };
                Line::from(vec![
                    turn,
                    Span::styled(
                        format!("  {}", t!(l, "small-move", number = v.ply / 2 + 1)),
                        t.dim(),
                    ),
                ])
            }
            None => Line::raw(""),
        },
        GamePhase::Over => Line::styled(result_text(s, t).unwrap_or_default(), t.accent()),
    };
    out.push(state);
    if snap.clocks.is_some() {
        let clocks = |names: bool| {
            let mut spans = vec![];
            for c in [Color::Red, Color::Blue] {
                let Some(d) = s.clock(c, now) else { continue };
                let running = snap.phase == GamePhase::Playing
                    && snap.clocks.as_ref().is_some_and(|cl| cl.get(c).running);
                if !spans.is_empty() {
                    spans.push(Span::raw("   "));
                }
                let who = if names {
                    let nick = abbrev(&snap.seats.get(c).nick, 12, ellipsis(t));
                    format!("{} {nick} ", color_name(l, c))
                } else {
                    format!("{} ", color_name(l, c))
                };
                spans.push(Span::styled(who, t.side(c)));
                let st = if running {
                    t.side(c).add_modifier(Modifier::REVERSED)
                } else {
                    t.dim()
                };
                spans.push(Span::styled(format!(" {} ", fmt_clock(d)), st));
            }
            Line::from(spans)
        };
        let named = clocks(true);
        out.push(if named.width() <= width {
            named
        } else {
            clocks(false)
        });
    }
    for c in [Color::Red, Color::Blue] {
        let seat = snap.seats.get(c);
        if let Some(left) = s.reconnect_left(seat, now) {
            let secs = left.as_millis().div_ceil(1000);
            let text = if secs == 0 {
                t!(l, "small-gone", nick = seat.nick.as_str())
            } else {
                t!(
                    l,
                    "small-disconnected",
                    nick = seat.nick.as_str(),
                    seconds = secs as u64
                )
            };
            out.push(Line::styled(text, t.error()));
        }
    }
    out
}

/// A side's name in `lang` (`Rot`, `Blauw`).
pub fn color_name(lang: Lang, c: Color) -> String {
    tr(lang, crate::proto::color_id(c))
}
