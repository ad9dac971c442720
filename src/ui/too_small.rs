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
use super::widgets::{fmt_clock, put_line};
use super::words::{abbrev, ellipsis};
use crate::proto::GamePhase;
use crate::rules::Color;

/// The keys of the screen asking for a larger window (Ctrl-C quits too).
pub(crate) const KEYS: &[Binding<(), Never>] =
    &[keymap::on(&[KeyCode::Char('q')], ()).hints(&[keymap::hint(0, "q", "quits")])];

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
    let line = |keys: Vec<(&str, &str)>| {
        keys.iter()
            .map(|(k, w)| format!("{k} {w}"))
            .collect::<Vec<_>>()
            .join("  ")
    };
    let keys = if asking {
        format!(
            "Quit stratego-ssh?  {}",
            line(keymap::footer(super::dialog::QUIT_KEYS, &Always))
        )
    } else {
        line(keymap::footer(KEYS, &Always))
    };
    let ask = vec![
        Line::styled("Please make the window larger", Style::new()),
        Line::styled(
            format!(
                "(now {}x{}, need {}x{})",
                area.width, area.height, MIN_WIDTH, MIN_HEIGHT
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
    let me = s.my_color();
    let mut out = vec![];
    let who = match me {
        Some(c) => format!("you play {}", c.name()),
        None => "watching".to_string(),
    };
    out.push(Line::styled(
        format!("Game #{} {} {who}", snap.id, t.g.sep.trim()),
        t.title(),
    ));
    let state = match snap.phase {
        GamePhase::Setup => match me {
            Some(_) if snap.my_setup.is_some() => {
                Line::raw("Set-up sent: waiting for your opponent")
            }
            Some(_) => Line::raw("Set-up: place your pieces"),
            None => Line::raw("The players are setting up"),
        },
        GamePhase::Playing => match s.view() {
            Some(v) => {
                let turn = match me {
                    Some(c) if c == v.to_move => Span::styled("Your turn".to_string(), t.accent()),
                    _ => Span::styled(
                        format!(
                            "{} to move ({})",
                            v.to_move.name(),
                            snap.seats.get(v.to_move).nick
                        ),
                        t.side(v.to_move),
                    ),
                };
                Line::from(vec![
                    turn,
                    Span::styled(format!("  move {}", v.ply / 2 + 1), t.dim()),
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
                    format!("{} {nick} ", c.name())
                } else {
                    format!("{} ", c.name())
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
                format!("{} is gone: the reconnect time is up", seat.nick)
            } else {
                format!("{} is disconnected: {secs}s to reconnect", seat.nick)
            };
            out.push(Line::styled(text, t.error()));
        }
    }
    out
}
