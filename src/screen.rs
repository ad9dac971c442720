//! What a client's terminal shows, and the bytes that bring it up to date, without keeping
//! ratatui's two full buffers per session.
//!
//! Every session renders into one scratch `Terminal` per worker thread (reused by all the
//! sessions that thread serves); the session itself keeps only a compact copy of what its
//! client shows (4 bytes a cell: the character and the number of its style, none while it
//! has no screen yet) and writes the escape sequences for the cells that changed. Two
//! ratatui buffers at 80x24 take about 180 KiB; this keeps 7.5 KiB (19 KiB at 120x40), and a
//! session that dropped a frame simply redraws in full.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::{Frame, Terminal, TerminalOptions, Viewport};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// What one screen cell shows, packed: the character in the low [`CH_BITS`] bits
/// (`WIDE_TAIL` for the second half of a wide character, `MULTI` for a symbol of several
/// chars, always redrawn), the number of its style (see [`style_id`]) in the rest.
type Packed = u32;

const CH_BITS: u32 = 22;
const CH_MASK: u32 = (1 << CH_BITS) - 1;
const WIDE_TAIL: u32 = CH_MASK;
const MULTI: u32 = CH_MASK - 1;
/// Style numbers that fit beside a character.
const STYLE_IDS: u32 = 1 << (32 - CH_BITS);
/// The style number of every style past the first `STYLE_IDS - 1`: such cells are always
/// redrawn (the screens use a few dozen styles; this is a safety net, not a path).
const STYLE_OVERFLOW: u32 = STYLE_IDS - 1;

fn ch_of(p: Packed) -> u32 {
    p & CH_MASK
}

fn style_of(p: Packed) -> u32 {
    p >> CH_BITS
}

/// A cell's colours and modifiers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
struct CellStyle {
    fg: u32,
    bg: u32,
    modifier: u16,
}

/// A multiply-and-rotate hash for the style caches (SipHash showed in profiles; the keys
/// are our own colours, nobody can choose them to collide).
#[derive(Default, Clone, Copy)]
struct StyleHasher(u64);

impl std::hash::Hasher for StyleHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type StyleMap = HashMap<CellStyle, u32, std::hash::BuildHasherDefault<StyleHasher>>;

/// Numbers for styles, the same in every thread for the life of the process.
static STYLES: Mutex<Option<StyleMap>> = Mutex::new(None);

/// Styles by number as this thread has met them (`styles[id]`): the diff writes a changed
/// cell's style from its number, so the scratch buffer can be blanked while it is packed.
#[derive(Default)]
struct Styles {
    ids: StyleMap,
    by_id: Vec<CellStyle>,
    /// Cells (by index) whose style has no number ([`STYLE_OVERFLOW`]): their style.
    overflow: Vec<(usize, CellStyle)>,
}

impl Styles {
    /// The style of cell `i`, packed as `p`.
    fn of(&self, i: usize, p: Packed) -> CellStyle {
        let id = style_of(p);
        if id == STYLE_OVERFLOW {
            return self
                .overflow
                .iter()
                .rev()
                .find(|(at, _)| *at == i)
                .map_or_else(CellStyle::default, |(_, s)| *s);
        }
        self.by_id.get(id as usize).copied().unwrap_or_default()
    }
}

/// The process-wide number of `style`, remembered in the thread's `styles`.
fn style_id(style: CellStyle, styles: &mut Styles) -> u32 {
    if let Some(&id) = styles.ids.get(&style) {
        return id;
    }
    let id = global_style_id(style);
    styles.ids.insert(style, id);
    if id != STYLE_OVERFLOW {
        let at = id as usize;
        if styles.by_id.len() <= at {
            styles.by_id.resize(at + 1, CellStyle::default());
        }
        styles.by_id[at] = style;
    }
    id
}

/// The number of `style` in the process-wide table (a new one if it has none).
fn global_style_id(style: CellStyle) -> u32 {
    let mut table = STYLES.lock().unwrap_or_else(|e| e.into_inner());
    let table = table.get_or_insert_with(StyleMap::default);
    let next = table.len() as u32;
    let id = match table.get(&style) {
        Some(&id) => id,
        None if next < STYLE_OVERFLOW => {
            table.insert(style, next);
            next
        }
        None => STYLE_OVERFLOW,
    };
    id
}

fn pack_color(c: Color) -> u32 {
    match c {
        Color::Reset => 0,
        Color::Black => 1,
        Color::Red => 2,
        Color::Green => 3,
        Color::Yellow => 4,
        Color::Blue => 5,
        Color::Magenta => 6,
        Color::Cyan => 7,
        Color::Gray => 8,
        Color::DarkGray => 9,
        Color::LightRed => 10,
        Color::LightGreen => 11,
        Color::LightYellow => 12,
        Color::LightBlue => 13,
        Color::LightMagenta => 14,
        Color::LightCyan => 15,
        Color::White => 16,
        Color::Indexed(i) => 0x100 | u32::from(i),
        Color::Rgb(r, g, b) => {
            0x0100_0000 | (u32::from(r) << 16) | (u32::from(g) << 8) | u32::from(b)
        }
    }
}

/// SGR parameters of a packed colour (`fg`: foreground, else background).
fn sgr_color(out: &mut String, c: u32, fg: bool) {
    let base: usize = if fg { 30 } else { 40 };
    match c {
        0 => push_num(out, base + 9),
        // Black, Red, Green, Yellow, Blue, Magenta, Cyan, Gray (= white 7).
        1..=8 => push_num(out, base + (c as usize - 1)),
        9 => push_num(out, base + 60),
        10..=15 => push_num(out, base + 60 + (c as usize - 9)),
        16 => push_num(out, base + 67),
        c if c & 0x0100_0000 != 0 => {
            push_num(out, base + 8);
            out.push_str(";2;");
            push_num(out, ((c >> 16) & 0xff) as usize);
            out.push(';');
            push_num(out, ((c >> 8) & 0xff) as usize);
            out.push(';');
            push_num(out, (c & 0xff) as usize);
        }
        c => {
            push_num(out, base + 8);
            out.push_str(";5;");
            push_num(out, (c & 0xff) as usize);
        }
    }
}

fn sgr_modifier(out: &mut String, m: u16) {
    let m = Modifier::from_bits_truncate(m);
    for (flag, code) in [
        (Modifier::BOLD, 1),
        (Modifier::DIM, 2),
        (Modifier::ITALIC, 3),
        (Modifier::UNDERLINED, 4),
        (Modifier::SLOW_BLINK, 5),
        (Modifier::RAPID_BLINK, 6),
        (Modifier::REVERSED, 7),
        (Modifier::HIDDEN, 8),
        (Modifier::CROSSED_OUT, 9),
    ] {
        if m.contains(flag) {
            out.push(';');
            push_num(out, code);
        }
    }
}

fn cell_style(c: &ratatui::buffer::Cell) -> CellStyle {
    CellStyle {
        fg: pack_color(c.fg),
        bg: pack_color(c.bg),
        modifier: c.modifier.bits(),
    }
}

/// Packs `buf` into `cells` (reusing its allocation), blanking `buf` as it goes.
fn pack_into(buf: &mut Buffer, cells: &mut Vec<Packed>, styles: &mut Styles) {
    cells.clear();
    cells.resize(buf.content.len(), 0);
    styles.overflow.clear();
    pack_span(&mut buf.content, cells, styles, 0);
}

/// Packs `src` (cells `at..` of the screen) into `out` (of the same length), leaving `src`
/// blank for the next frame (in the same pass: the scratch buffer is touched once); true
/// when its last cell is a wide character, whose tail lies past the span.
fn pack_span(
    src: &mut [ratatui::buffer::Cell],
    out: &mut [Packed],
    styles: &mut Styles,
    at: usize,
) -> bool {
    let mut tail = false;
    // Neighbouring cells mostly share a style: look up only when it changes.
    let mut last: Option<((Color, Color, Modifier), u32)> = None;
    for (i, (c, out)) in src.iter_mut().zip(out.iter_mut()).enumerate() {
        let sym = c.symbol();
        let ch = if tail {
            tail = false;
            WIDE_TAIL
        } else {
            let bytes = sym.as_bytes();
            match bytes.len() {
                0 => ' ' as u32,
                // The common case: one ASCII character, one column.
                1 => u32::from(bytes[0]),
                _ => {
                    let mut chars = sym.chars();
                    match (chars.next(), chars.next()) {
                        (Some(ch), None) => {
                            // Measured as ratatui lays text out.
                            tail = UnicodeWidthChar::width(ch).unwrap_or(0) > 1;
                            ch as u32
                        }
                        _ => {
                            tail = UnicodeWidthStr::width(sym) > 1;
                            MULTI
                        }
                    }
                }
            }
        };
        let raw = (c.fg, c.bg, c.modifier);
        let id = match last {
            Some((s, id)) if s == raw => id,
            _ => {
                let id = style_id(cell_style(c), styles);
                last = Some((raw, id));
                id
            }
        };
        if id == STYLE_OVERFLOW {
            styles.overflow.push((at + i, cell_style(c)));
        }
        *out = ch | (id << CH_BITS);
        c.reset();
    }
    tail
}

/// What the client shows, as far as this session knows.
#[derive(Default)]
pub struct Screen {
    width: u16,
    height: u16,
    /// `None` until the first frame, after a resize, or after a dropped frame: the next
    /// frame is then drawn whole.
    shown: Option<Vec<Packed>>,
}

/// Frames drawn by every session since the start, the time spent drawing them and the
/// bytes they produced (for the status line; relaxed counters, a few ns a frame).
static FRAMES: AtomicU64 = AtomicU64::new(0);
static FRAME_NANOS: AtomicU64 = AtomicU64::new(0);
static FRAME_BYTES: AtomicU64 = AtomicU64::new(0);
static FULL_FRAMES: AtomicU64 = AtomicU64::new(0);
static PATCHES: AtomicU64 = AtomicU64::new(0);

/// Totals over every frame drawn by this process.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameTotals {
    pub frames: u64,
    pub nanos: u64,
    pub bytes: u64,
    /// Frames drawn whole (a new screen size, or a frame the client never got).
    pub full: u64,
    /// Frames that redrew only a few areas (a clock tick: see [`Screen::patch`]).
    pub patches: u64,
}

pub fn frame_totals() -> FrameTotals {
    FrameTotals {
        frames: FRAMES.load(Ordering::Relaxed),
        nanos: FRAME_NANOS.load(Ordering::Relaxed),
        bytes: FRAME_BYTES.load(Ordering::Relaxed),
        full: FULL_FRAMES.load(Ordering::Relaxed),
        patches: PATCHES.load(Ordering::Relaxed),
    }
}

/// One worker thread's drawing surface, shared by the sessions it serves in turn.
#[derive(Default)]
struct Scratch {
    /// Terminals by size, the most recently used last (sessions of a few sizes share a
    /// thread without rebuilding one for every frame).
    terms: Vec<Terminal<TestBackend>>,
    cells: Vec<Packed>,
    styles: Styles,
    /// The escape sequences of the frame being made (one allocation of the right size is
    /// handed out per frame).
    out: String,
}

/// Terminals of different sizes kept per worker thread.
const SIZES_KEPT: usize = 4;

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Screen {
    pub fn new(width: u16, height: u16) -> Screen {
        Screen {
            width,
            height,
            shown: None,
        }
    }

    pub fn resize(&mut self, width: u16, height: u16) {
        self.width = width;
        self.height = height;
        self.shown = None;
    }

    /// Forget what the client shows (a frame was lost): the next frame is whole.
    pub fn invalidate(&mut self) {
        self.shown = None;
    }

    /// Renders with `draw` and returns the bytes that bring the client's screen up to date
    /// (empty when nothing changed).
    ///
    /// The frame is drawn into the worker thread's scratch buffer and packed there; ratatui's
    /// own diff and backend copy are skipped (the session diffs against its packed copy).
    pub fn frame(&mut self, draw: impl FnOnce(&mut Frame)) -> Vec<u8> {
        let started = Instant::now();
        if self.shown.is_none() {
            FULL_FRAMES.fetch_add(1, Ordering::Relaxed);
        }
        let out = self.draw(draw);
        counted(started, out.len());
        out
    }

    /// The whole screen's area (at least one cell).
    fn area(&self) -> Rect {
        Rect::new(0, 0, self.width.max(1), self.height.max(1))
    }

    fn draw(&mut self, draw: impl FnOnce(&mut Frame)) -> Vec<u8> {
        with_scratch(self.area(), |term, cells, styles, out| {
            draw(&mut term.get_frame());
            // Packed and blanked in one pass: nothing of this session's screen may show
            // through in the next one's.
            pack_into(term.current_buffer_mut(), cells, styles);
            diff(self.shown.as_deref(), cells, styles, self.width, None, out);
            match self.shown.as_mut() {
                // Keep the new cells; the old allocation becomes the next scratch.
                Some(shown) if shown.len() == cells.len() => std::mem::swap(shown, cells),
                _ => self.shown = Some(std::mem::take(cells)),
            }
            out.as_bytes().to_vec()
        })
    }

    /// A frame in which only some areas can have changed (a clock tick): `draw` draws just
    /// those into the blank buffer and returns them, or returns `None` having drawn nothing.
    /// The bytes that bring the client's screen up to date and the number of cells drawn,
    /// or `None`: draw the whole frame with [`Screen::frame`] (also when the client's
    /// screen is not known).
    pub fn patch<R: AsRef<[Rect]>>(
        &mut self,
        draw: impl FnOnce(&mut Frame) -> Option<R>,
    ) -> Option<(Vec<u8>, usize)> {
        let started = Instant::now();
        let area = self.area();
        let width = usize::from(area.width);
        let shown = self.shown.as_mut()?;
        if shown.len() != usize::from(area.width) * usize::from(area.height) {
            return None;
        }
        let out = with_scratch(area, |term, cells, styles, out| {
            let areas = draw(&mut term.get_frame());
            let buf = term.current_buffer_mut();
            let Some(areas) = areas else {
                buf.reset();
                return None;
            };
            let areas: Vec<Rect> = areas
                .as_ref()
                .iter()
                .map(|r| r.intersection(area))
                .collect();
            // Only the rows the areas cross are compared and sent (the diff skips the
            // others): those rows of the shown screen are copied, not the whole screen.
            if cells.len() != shown.len() {
                cells.clear();
                cells.resize(shown.len(), 0);
            }
            let rows = rows_crossed(&areas, area.height);
            for y in rows.iter() {
                let row = y * width..(y + 1) * width;
                cells[row.clone()].copy_from_slice(&shown[row]);
            }
            styles.overflow.clear();
            // A wide character at an area's right edge has its tail outside it: drawn whole.
            // The areas' cells are blanked as they are packed (`draw` drew nothing else).
            let mut spills = false;
            for r in &areas {
                for y in r.top()..r.bottom() {
                    let at = usize::from(y) * width + usize::from(r.x);
                    let span = at..at + usize::from(r.width);
                    spills |=
                        pack_span(&mut buf.content[span.clone()], &mut cells[span], styles, at);
                }
            }
            // Nothing drawn outside the areas may stay in the scratch buffer for another
            // session's frame: `draw` keeps to its areas (tests/ui_patch.rs checks it).
            debug_assert!(
                buf.content
                    .iter()
                    .all(|c| *c == ratatui::buffer::Cell::EMPTY),
                "a patch drew outside its areas"
            );
            if spills {
                return None;
            }
            diff(Some(shown), cells, styles, self.width, Some(&areas), out);
            for y in rows.iter() {
                let row = y * width..(y + 1) * width;
                shown[row.clone()].copy_from_slice(&cells[row]);
            }
            let drawn: usize = areas.iter().map(|r| r.area() as usize).sum();
            Some((out.as_bytes().to_vec(), drawn))
        })?;
        PATCHES.fetch_add(1, Ordering::Relaxed);
        counted(started, out.0.len());
        Some(out)
    }
}

/// The rows (of a screen `height` rows high) that any of `areas` crosses, top to bottom.
fn rows_crossed(areas: &[Rect], height: u16) -> Vec<usize> {
    let mut crossed = vec![false; usize::from(height)];
    for r in areas {
        for y in r.top()..r.bottom().min(height) {
            crossed[usize::from(y)] = true;
        }
    }
    crossed
        .iter()
        .enumerate()
        .filter_map(|(y, &c)| c.then_some(y))
        .collect()
}

/// Counts a frame drawn since `started` that produced `bytes` (for the status line).
fn counted(started: Instant, bytes: usize) {
    FRAMES.fetch_add(1, Ordering::Relaxed);
    FRAME_NANOS.fetch_add(started.elapsed().as_nanos() as u64, Ordering::Relaxed);
    FRAME_BYTES.fetch_add(bytes as u64, Ordering::Relaxed);
}

/// Runs `f` with the worker thread's scratch terminal of `area`'s size, its packed cells,
/// its style numbers and its output text (emptied).
fn with_scratch<T>(
    area: Rect,
    f: impl FnOnce(&mut Terminal<TestBackend>, &mut Vec<Packed>, &mut Styles, &mut String) -> T,
) -> T {
    SCRATCH.with(|cell| {
        let mut scratch = cell.borrow_mut();
        let Scratch {
            terms,
            cells,
            styles,
            out,
        } = &mut *scratch;
        out.clear();
        f(terminal(terms, area), cells, styles, out)
    })
}

/// The thread's scratch terminal of `area`'s size (kept among the last few sizes used).
fn terminal(terms: &mut Vec<Terminal<TestBackend>>, area: Rect) -> &mut Terminal<TestBackend> {
    match terms.iter().position(|t| t.backend().buffer().area == area) {
        Some(i) => {
            let t = terms.remove(i);
            terms.push(t);
        }
        None => {
            let Ok(t) = Terminal::with_options(
                TestBackend::new(area.width, area.height),
                TerminalOptions {
                    viewport: Viewport::Fixed(area),
                },
            );
            if terms.len() >= SIZES_KEPT {
                terms.remove(0);
            }
            terms.push(t);
        }
    }
    let last = terms.len() - 1;
    &mut terms[last]
}

/// Appends `n` in decimal (cursor positions, many per frame: no formatter machinery).
fn push_num(out: &mut String, n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
}

/// Appends to `out` the escape sequences turning `old` (or an unknown screen) into `new`,
/// whose cells' styles `styles` knows; with `only`, cells outside those areas are taken as
/// unchanged.
fn diff(
    old: Option<&[Packed]>,
    new: &[Packed],
    styles: &Styles,
    width: u16,
    only: Option<&[Rect]>,
    out: &mut String,
) {
    let width = usize::from(width.max(1));
    if old.is_none() {
        out.push_str("\x1b[0m\x1b[2J");
    }
    let mut cursor: Option<usize> = None;
    let mut style: Option<CellStyle> = None;
    // A wide character's tail is on its own row: never looked for past the row's end (a
    // patch's cells on rows it does not cross are not this screen's).
    let tail_at =
        |i: usize| !i.is_multiple_of(width) && new.get(i).is_some_and(|&n| ch_of(n) == WIDE_TAIL);
    let always = |&p: &Packed| ch_of(p) == MULTI || style_of(p) == STYLE_OVERFLOW;
    for row_start in (0..new.len()).step_by(width) {
        let row = row_start..(row_start + width).min(new.len());
        let y = (row_start / width) as u16;
        if only.is_some_and(|areas| !areas.iter().any(|r| (r.top()..r.bottom()).contains(&y))) {
            continue;
        }
        if let Some(o) = old {
            // Most rows of most frames are unchanged: one comparison skips them.
            if o.get(row.clone()) == Some(&new[row.clone()]) && !new[row.clone()].iter().any(always)
            {
                continue;
            }
        }
        for i in row {
            let cell = new[i];
            let ch = ch_of(cell);
            if ch == WIDE_TAIL {
                continue;
            }
            let changed = match old {
                Some(o) => o.get(i) != Some(&cell),
                None => true,
            };
            if !changed {
                // A wide character whose tail changed must be redrawn too, and a cell whose
                // look is not in its packed form is always drawn: but only within `only`
                // (outside it the cells are the client's, and their styles unknown here).
                // The cells of a patch outside its areas are the shown ones, so unchanged:
                // the areas are looked up for these few cells only.
                let tail_changed =
                    tail_at(i + 1) && old.is_some_and(|o| o.get(i + 1) != new.get(i + 1));
                if !tail_changed && !always(&cell) {
                    continue;
                }
                let at = ratatui::layout::Position::new((i % width) as u16, y);
                if only.is_some_and(|areas| !areas.iter().any(|r| r.contains(at))) {
                    continue;
                }
            }
            if cursor != Some(i) {
                out.push_str("\x1b[");
                push_num(out, i / width + 1);
                out.push(';');
                push_num(out, i % width + 1);
                out.push('H');
            }
            let s = styles.of(i, cell);
            if style != Some(s) {
                out.push_str("\x1b[0");
                sgr_modifier(out, s.modifier);
                out.push(';');
                sgr_color(out, s.fg, true);
                out.push(';');
                sgr_color(out, s.bg, false);
                out.push('m');
                style = Some(s);
            }
            let shown = char::from_u32(ch)
                .filter(|c| !c.is_control())
                .unwrap_or(' ');
            out.push(if ch == MULTI { '?' } else { shown });
            let w = if tail_at(i + 1) { 2 } else { 1 };
            cursor = Some(i + w);
            if (i + w) % width == 0 {
                // Past the end of a line the terminal's cursor position is not reliable.
                cursor = None;
            }
        }
    }
    if style.is_some() {
        out.push_str("\x1b[0m");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Style;
    use ratatui::widgets::Paragraph;

    fn screen_text(bytes: &[&[u8]], w: u16, h: u16) -> String {
        let mut p = vt100::Parser::new(
            std::num::NonZeroU16::new(h).unwrap(),
            std::num::NonZeroU16::new(w).unwrap(),
            0,
        );
        for b in bytes {
            p.process(b);
        }
        p.screen().contents()
    }

    #[test]
    fn diffs_applied_in_turn_give_the_last_frame() {
        let mut s = Screen::new(20, 4);
        let a = s.frame(|f| f.render_widget(Paragraph::new("hello\nworld"), f.area()));
        let b = s.frame(|f| f.render_widget(Paragraph::new("hello\nthere ■ ≈"), f.area()));
        assert!(b.len() < a.len(), "the second frame is a diff");
        let text = screen_text(&[&a, &b], 20, 4);
        let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
        assert_eq!(lines[0], "hello");
        assert_eq!(lines[1], "there ■ ≈");
        let c = s.frame(|f| f.render_widget(Paragraph::new("hello\nthere ■ ≈"), f.area()));
        assert!(c.is_empty(), "nothing changed, nothing sent");
    }

    #[test]
    fn colours_reach_the_terminal() {
        let mut s = Screen::new(10, 2);
        let a = s.frame(|f| {
            f.render_widget(
                Paragraph::new("R").style(
                    Style::default()
                        .fg(Color::Indexed(196))
                        .bg(Color::Rgb(0, 0, 200)),
                ),
                f.area(),
            )
        });
        let mut p = vt100::Parser::new(
            std::num::NonZeroU16::new(2).unwrap(),
            std::num::NonZeroU16::new(10).unwrap(),
            0,
        );
        p.process(&a);
        let cell = p.screen().cell(0, 0).unwrap();
        assert_eq!(cell.fgcolor(), vt100::Color::Idx(196));
        assert_eq!(cell.bgcolor(), vt100::Color::Rgb(0, 0, 200));
    }

    #[test]
    fn an_invalidated_screen_is_redrawn_whole() {
        let mut s = Screen::new(10, 2);
        let _ = s.frame(|f| f.render_widget(Paragraph::new("abc"), f.area()));
        s.invalidate();
        let full = s.frame(|f| f.render_widget(Paragraph::new("abc"), f.area()));
        assert!(full.starts_with(b"\x1b[0m\x1b[2J"));
        assert_eq!(
            screen_text(&[&full], 10, 2)
                .lines()
                .next()
                .map(str::trim_end),
            Some("abc")
        );
    }

    #[test]
    fn more_styles_than_numbers_still_draw_right() {
        // 40x30 cells, each its own colour: more styles than a cell has room to number.
        let (w, h) = (40u16, 30u16);
        let paint = |f: &mut Frame, shift: u8| {
            let buf = f.buffer_mut();
            for y in 0..h {
                for x in 0..w {
                    let (r, g) = (x as u8 * 6, y as u8 * 8);
                    buf[(x, y)].set_char('x').set_bg(Color::Rgb(r, g, shift));
                }
            }
        };
        let mut s = Screen::new(w, h);
        let a = s.frame(|f| paint(f, 1));
        let b = s.frame(|f| paint(f, 2));
        let mut p = vt100::Parser::new(
            std::num::NonZeroU16::new(h).unwrap(),
            std::num::NonZeroU16::new(w).unwrap(),
            0,
        );
        p.process(&a);
        p.process(&b);
        for (x, y) in [(0u16, 0u16), (39, 29), (17, 23)] {
            let cell = p.screen().cell(y, x).unwrap();
            assert_eq!(
                cell.bgcolor(),
                vt100::Color::Rgb(x as u8 * 6, y as u8 * 8, 2),
                "cell {x},{y}"
            );
        }
    }

    #[test]
    fn sessions_of_different_sizes_share_a_thread() {
        let mut big = Screen::new(30, 3);
        let mut small = Screen::new(10, 2);
        let a = big.frame(|f| f.render_widget(Paragraph::new("big screen"), f.area()));
        let b = small.frame(|f| f.render_widget(Paragraph::new("small"), f.area()));
        let c = big.frame(|f| f.render_widget(Paragraph::new("big screen!"), f.area()));
        assert_eq!(
            screen_text(&[&a, &c], 30, 3)
                .lines()
                .next()
                .map(str::trim_end),
            Some("big screen!")
        );
        assert_eq!(
            screen_text(&[&b], 10, 2).lines().next().map(str::trim_end),
            Some("small")
        );
    }

    #[test]
    fn a_patch_redraws_only_its_areas() {
        let mut s = Screen::new(20, 3);
        let area = |x, y, w| Rect::new(x, y, w, 1);
        // Nothing known of the client's screen yet: no patch.
        assert!(s.patch(|_| Some([area(0, 0, 5)])).is_none());
        let a =
            s.frame(|f| f.render_widget(Paragraph::new("left 1:00\nmiddle ■\nbottom"), f.area()));
        // Only the area is drawn and sent.
        let (b, drawn) = s
            .patch(|f| {
                f.render_widget(Paragraph::new("0:59"), Rect::new(5, 0, 4, 1));
                Some([Rect::new(5, 0, 4, 1)])
            })
            .unwrap();
        assert_eq!(drawn, 4);
        assert!(
            b.len() < 30,
            "only the clock is sent: {:?}",
            String::from_utf8_lossy(&b)
        );
        let text = screen_text(&[&a, &b], 20, 3);
        let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
        assert_eq!(lines, ["left 0:59", "middle ■", "bottom"]);
        // The scratch buffer is blank again for the next session: a whole frame after it
        // shows only what it draws.
        let mut other = Screen::new(20, 3);
        let c = other.frame(|f| f.render_widget(Paragraph::new("x"), f.area()));
        assert_eq!(screen_text(&[&c], 20, 3).trim_end(), "x");
        // A draw that declines leaves the screen as it was.
        assert!(s.patch(|_| None::<[Rect; 1]>).is_none());
        let d =
            s.frame(|f| f.render_widget(Paragraph::new("left 0:59\nmiddle ■\nbottom"), f.area()));
        assert!(d.is_empty(), "the patched cells were kept as shown");
    }

    #[test]
    fn wide_characters_keep_columns_aligned() {
        let mut s = Screen::new(10, 1);
        let a = s.frame(|f| f.render_widget(Paragraph::new("漢x"), f.area()));
        let b = s.frame(|f| f.render_widget(Paragraph::new("漢y"), f.area()));
        assert_eq!(screen_text(&[&a, &b], 10, 1).trim_end(), "漢y");
    }
}
