//! Small drawing helpers and a one-line text input.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::input::{Key, KeyCode};
use super::theme::Theme;

/// Writes `text` at (x, y), clipped to `max` cells; returns the x after the text.
pub(crate) fn put(buf: &mut Buffer, x: u16, y: u16, text: &str, max: u16, style: Style) -> u16 {
    if max == 0 || !buf.area.contains((x, y).into()) {
        return x;
    }
    if text.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        // Printable ASCII, one cell a byte: what `set_stringn` does, without its grapheme
        // segmentation (most of what the screens draw, many times a second).
        let room = usize::from(buf.area.right() - x).min(usize::from(max));
        let n = text.len().min(room);
        let start = buf.index_of(x, y);
        for (cell, b) in buf.content[start..start + n].iter_mut().zip(text.bytes()) {
            cell.set_char(char::from(b));
            cell.set_style(style);
        }
        return x + n as u16;
    }
    buf.set_stringn(x, y, text, max as usize, style).0
}

/// Writes a line of spans at (x, y) clipped to `max` cells.
pub(crate) fn put_line(buf: &mut Buffer, x: u16, y: u16, line: &Line<'_>, max: u16) -> u16 {
    if max == 0 || !buf.area.contains((x, y).into()) {
        return x;
    }
    // As `Buffer::set_line`: each span in the line's style patched with its own.
    let end = x.saturating_add(max);
    let mut at = x;
    for span in &line.spans {
        if at >= end {
            break;
        }
        at = put(
            buf,
            at,
            y,
            &span.content,
            end - at,
            line.style.patch(span.style),
        );
    }
    at
}

/// Fills `area` with spaces in `style`.
pub(crate) fn fill(buf: &mut Buffer, area: Rect, style: Style) {
    let area = buf.area.intersection(area);
    if area.is_empty() {
        return;
    }
    for y in area.top()..area.bottom() {
        let start = buf.index_of(area.x, y);
        for cell in &mut buf.content[start..start + usize::from(area.width)] {
            cell.reset();
            cell.set_style(style);
        }
    }
}

/// A bordered panel with a title; returns the inner area.
pub(crate) fn panel(buf: &mut Buffer, area: Rect, title: &str, focused: bool, t: &Theme) -> Rect {
    let title_style = if focused { t.accent() } else { t.title() };
    let border_style = if focused { t.accent() } else { t.dim() };
    let block = Block::bordered()
        .border_set(t.g.border)
        .border_style(border_style)
        .title(Span::styled(format!(" {title} "), title_style));
    let inner = block.inner(area);
    block.render(area, buf);
    inner
}

/// A centred box of at most `w` x `h` cells, cleared, with a border and title.
pub(crate) fn dialog(
    buf: &mut Buffer,
    screen: Rect,
    w: u16,
    h: u16,
    title: &str,
    t: &Theme,
) -> Rect {
    let area = centered(screen, w, h);
    Clear.render(area, buf);
    panel(buf, area, title, true, t)
}

pub(crate) fn centered(screen: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(screen.width);
    let h = h.min(screen.height);
    Rect::new(
        screen.x + (screen.width - w) / 2,
        screen.y + (screen.height - h) / 2,
        w,
        h,
    )
}

/// Wrapped text in `area`.
pub(crate) fn paragraph(buf: &mut Buffer, area: Rect, lines: Vec<Line<'static>>) {
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(area, buf);
}

/// The footer: `key description` pairs, most important first, filling the rows of `area`
/// (a hint is never split). When not all fit, the help key's hint (`?`) stays, in place of
/// the least important ones before it: the help lists them all.
pub(crate) fn footer(buf: &mut Buffer, area: Rect, keys: &[(&str, &str)], t: &Theme) {
    for (row, hints) in pack_hints(keys, area.width, area.height).iter().enumerate() {
        let mut spans = Vec::new();
        for (i, (k, d)) in hints.iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw("  "));
            }
            spans.push(Span::styled(k.to_string(), t.key()));
            spans.push(Span::styled(format!(" {d}"), t.dim()));
        }
        put_line(
            buf,
            area.x,
            area.y + row as u16,
            &Line::from(spans),
            area.width,
        );
    }
}

/// How many rows a footer of `width` cells needs for all of `keys` (1 or 2).
pub(crate) fn footer_rows(keys: &[(&str, &str)], width: u16) -> u16 {
    let fits = pack_hints(keys, width, 1)
        .iter()
        .map(Vec::len)
        .sum::<usize>()
        == keys.len();
    if fits {
        1
    } else {
        2
    }
}

/// The hints on each of `rows` rows of `width` cells, two spaces apart: see [`footer`].
fn pack_hints<'a>(
    keys: &[(&'a str, &'a str)],
    width: u16,
    rows: u16,
) -> Vec<Vec<(&'a str, &'a str)>> {
    let width = usize::from(width);
    let cells = |(k, d): &(&str, &str)| k.chars().count() + 1 + d.chars().count();
    let used = |row: &[(&str, &str)]| -> usize {
        row.iter().map(cells).sum::<usize>() + 2 * row.len().saturating_sub(1)
    };
    let mut out: Vec<Vec<(&str, &str)>> = vec![vec![]];
    let mut rest = keys.iter();
    for h in rest.by_ref() {
        let row = out.last_mut().expect("a row");
        let sep = if row.is_empty() { 0 } else { 2 };
        if used(row) + sep + cells(h) <= width {
            row.push(*h);
        } else if out.len() < usize::from(rows.max(1)) && cells(h) <= width {
            out.push(vec![*h]);
        } else {
            // Out of room: keep the help's hint if it is among those left.
            if let Some(help) = std::iter::once(h).chain(rest).find(|(k, _)| *k == "?") {
                let row = out.last_mut().expect("a row");
                while !row.is_empty() && used(row) + 2 + cells(help) > width {
                    row.pop();
                }
                if cells(help) <= width {
                    row.push(*help);
                }
            }
            break;
        }
    }
    out
}

/// `m:ss`, `h:mm:ss`; tenths under ten seconds.
pub(crate) fn fmt_clock(d: Duration) -> String {
    let total = d.as_secs();
    if total < 10 {
        let tenths = d.subsec_millis() / 100;
        return format!("0:0{total}.{tenths}");
    }
    let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// Truncates to `max` characters, marking the cut with `…` (`~` in ASCII mode).
pub(crate) fn trunc(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else if max <= 1 {
        s.chars().take(max).collect()
    } else {
        let mut out: String = s.chars().take(max - 1).collect();
        out.push('…');
        out
    }
}

/// Splits `text` into lines of at most `width` cells, breaking at spaces (runs of spaces
/// become one); a word longer than a whole line is cut into pieces of the line's width.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    let width = width.max(1);
    let mut lines = vec![];
    let mut line = String::new();
    let mut used = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let ww = word.width();
        if used > 0 && used + 1 + ww <= width {
            line.push(' ');
            line.push_str(word);
            used += 1 + ww;
            continue;
        }
        if used > 0 {
            lines.push(std::mem::take(&mut line));
            used = 0;
        }
        if ww <= width {
            line.push_str(word);
            used = ww;
            continue;
        }
        // A word wider than the line: cut it.
        for c in word.chars() {
            let cw = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
            if used + cw > width {
                lines.push(std::mem::take(&mut line));
                used = 0;
            }
            line.push(c);
            used += cw;
        }
    }
    if used > 0 || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Pads or truncates to exactly `w` characters.
pub(crate) fn pad(s: &str, w: usize) -> String {
    let t = trunc(s, w);
    let n = t.chars().count();
    format!("{t}{}", " ".repeat(w.saturating_sub(n)))
}

/// What a key did to a text input.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum InputResult {
    /// Text changed or key ignored.
    Editing,
    Submit(String),
    Cancel,
}

/// A one-line text input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LineInput {
    pub text: String,
    pub max: usize,
}

impl LineInput {
    pub fn new(max: usize) -> LineInput {
        LineInput {
            text: String::new(),
            max,
        }
    }

    pub fn with_text(text: &str, max: usize) -> LineInput {
        let mut i = LineInput::new(max);
        i.insert(text);
        i
    }

    /// Inserts text, dropping control characters and anything past `max`.
    pub fn insert(&mut self, s: &str) {
        for c in s.chars() {
            if c.is_control() {
                continue;
            }
            if self.text.chars().count() >= self.max {
                break;
            }
            self.text.push(c);
        }
    }

    pub fn key(&mut self, key: Key) -> InputResult {
        if key.mods.ctrl {
            match key.code {
                KeyCode::Char('u') => self.text.clear(),
                KeyCode::Char('w') => {
                    let trimmed = self.text.trim_end().len();
                    self.text.truncate(trimmed);
                    let cut = self.text.rfind(' ').map_or(0, |i| i + 1);
                    self.text.truncate(cut);
                }
                KeyCode::Char('c') => return InputResult::Cancel,
                _ => {}
            }
            return InputResult::Editing;
        }
        match key.code {
            KeyCode::Char(c) => {
                let mut b = [0u8; 4];
                self.insert(c.encode_utf8(&mut b));
            }
            KeyCode::Backspace | KeyCode::Delete => {
                self.text.pop();
            }
            KeyCode::Enter => return InputResult::Submit(self.text.clone()),
            KeyCode::Esc => return InputResult::Cancel,
            _ => {}
        }
        InputResult::Editing
    }

    /// Draws `prompt text_` with the end of the text visible.
    pub fn render(&self, buf: &mut Buffer, x: u16, y: u16, w: u16, prompt: &str, t: &Theme) {
        let pw = prompt.chars().count() as u16;
        let x2 = put(buf, x, y, prompt, w, t.accent());
        let room = w.saturating_sub(pw + 1) as usize;
        let chars: Vec<char> = self.text.chars().collect();
        let start = chars.len().saturating_sub(room);
        let visible: String = chars[start..].iter().collect();
        let x3 = put(buf, x2, y, &visible, w.saturating_sub(pw), Style::new());
        if x3 < x + w {
            put(
                buf,
                x3,
                y,
                "_",
                1,
                Style::new().add_modifier(ratatui::style::Modifier::SLOW_BLINK),
            );
        }
    }
}

/// A small bar chart of `values` (oldest first) filling `area` from the bottom; only the
/// most recent values that fit are drawn (one per column). Uses the theme's glyphs, so
/// ASCII mode stays ASCII.
pub(crate) fn sparkline(buf: &mut Buffer, area: Rect, values: &[i32], style: Style, t: &Theme) {
    let area = buf.area.intersection(area);
    if area.width == 0 || area.height == 0 || values.is_empty() {
        return;
    }
    let vals = &values[values.len().saturating_sub(area.width as usize)..];
    let lo = *vals.iter().min().expect("not empty") as i64;
    let hi = *vals.iter().max().expect("not empty") as i64;
    let levels = area.height as i64 * 8;
    for (i, &v) in vals.iter().enumerate() {
        // Every point shows at least one eighth; a flat history sits in the middle.
        let level = if hi == lo {
            (levels / 2).max(1)
        } else {
            1 + (v as i64 - lo) * (levels - 1) / (hi - lo)
        };
        let x = area.x + i as u16;
        for row in 0..area.height {
            let eighths = (level - row as i64 * 8).clamp(0, 8) as usize;
            if eighths == 0 {
                break;
            }
            let y = area.bottom() - 1 - row;
            buf[(x, y)].set_symbol(t.g.spark[eighths]).set_style(style);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_at_spaces_and_cuts_only_words_wider_than_a_line() {
        assert_eq!(wrap("a bb ccc", 4), vec!["a bb", "ccc"]);
        assert_eq!(wrap("  spaced   out ", 20), vec!["spaced out"]);
        assert_eq!(wrap("abcdefghij k", 4), vec!["abcd", "efgh", "ij k"]);
        assert_eq!(wrap("", 5), vec![""]);
    }

    #[test]
    fn a_footer_wraps_to_its_rows_and_keeps_the_help_key() {
        let keys = [("a", "xxxx"), ("b", "yyyy"), ("c", "zzzz"), ("?", "help")];
        // 6 + 2 + 6 = 14: two hints a row.
        assert_eq!(
            pack_hints(&keys, 14, 2),
            vec![vec![keys[0], keys[1]], vec![keys[2], keys[3]]]
        );
        assert_eq!(footer_rows(&keys, 14), 2);
        assert_eq!(footer_rows(&keys, 40), 1);
        // One row: the help key stays, the hint before it goes.
        assert_eq!(pack_hints(&keys, 14, 1), vec![vec![keys[0], keys[3]]]);
    }
}
