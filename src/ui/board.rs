//! Drawing the 10x10 board from what each square shows.

use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};

use super::layout::BoardGeom;
use super::theme::Theme;
use super::widgets::{fill, put};
use crate::rules::{Color, Square};

/// What stands on a square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Content {
    Empty,
    Lake,
    /// The opponent's set-up area during set-up (nothing known).
    Shade,
    Piece {
        color: Color,
        /// A rank's or a hidden piece's glyph borrowed (no allocation a square a frame); a
        /// note's text owned.
        label: std::borrow::Cow<'static, str>,
        /// An enemy piece whose rank the viewer learned (drawn underlined).
        revealed: bool,
        /// `label` is the player's own note on the piece (a guess ending in `?`), drawn in
        /// the note's style ([`Theme::note`]), never as a revealed rank.
        noted: bool,
    },
}

/// One square as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Cell {
    pub content: Content,
    pub last_move: bool,
    pub selected: bool,
    pub target: bool,
    pub cursor: bool,
    /// An own set-up square (lighter ground).
    pub zone: bool,
    /// A piece of the side marked after its label (the opponent's for a player, Blue's for
    /// a spectator), so that whose piece it is shows without colour.
    pub marked: bool,
}

impl Cell {
    pub fn new(content: Content) -> Cell {
        Cell {
            content,
            last_move: false,
            selected: false,
            target: false,
            cursor: false,
            zone: false,
            marked: false,
        }
    }
}

/// Draws labels and squares; `cell` says what each square shows.
///
/// Every state drawn in colour has a mark in the square's symbols too, so that it shows
/// without colour (NO_COLOR, the `none` colours setting): the cursor `[ ]`, the selected
/// piece (or the piece picked up in the set-up) `( )`, both at once `{ }`, a piece the
/// selected one may attack `> <` (an empty square it may reach: the target dot), a square
/// of the last move [`Glyphs::last`] on its left, a piece of the marked side
/// [`Glyphs::marked`] on its right. All go on the square's outer columns of ground, on the
/// label's row (the label and the columns under the file letter stay as they were); the
/// brackets win over the single marks.
///
/// [`Glyphs::last`]: super::theme::Glyphs::last
/// [`Glyphs::marked`]: super::theme::Glyphs::marked
pub(crate) fn draw(buf: &mut Buffer, g: &BoardGeom, t: &Theme, cell: &dyn Fn(Square) -> Cell) {
    draw_labels(buf, g, t);
    for sq in Square::all() {
        draw_square(buf, g, t, sq, &cell(sq));
    }
}

/// The rank numbers and file letters around the squares.
pub(crate) fn draw_labels(buf: &mut Buffer, g: &BoardGeom, t: &Theme) {
    let label_style = t.dim();
    // Rank labels on the left, file letters below.
    for dr in 0..10u16 {
        if let Some(sq) = g.at_display(0, dr) {
            let y = g.y + dr * g.sq_h + (g.sq_h - 1) / 2;
            put(
                buf,
                g.area.x,
                y,
                &format!("{:>2}", sq.row() + 1),
                2,
                label_style,
            );
        }
    }
    let fy = g.y + 10 * g.sq_h;
    for dc in 0..10u16 {
        if let Some(sq) = g.at_display(dc, 0) {
            let x = g.x + dc * g.sq_w + (g.sq_w - 1) / 2;
            put(buf, x, fy, &sq.file_char().to_string(), 1, label_style);
        }
    }
}

/// One square, within `g.rect(sq)` only.
pub(crate) fn draw_square(buf: &mut Buffer, g: &BoardGeom, t: &Theme, sq: Square, c: &Cell) {
    let r = g.rect(sq);
    let dark = (sq.file() + sq.row()).is_multiple_of(2);
    let mut ground = if c.zone { t.zone() } else { t.board(dark) };
    if c.last_move {
        ground = ground.patch(t.last_move());
    }
    if c.target {
        ground = ground.patch(t.target());
    }
    if c.selected {
        ground = ground.patch(t.selected());
    }
    let mid = r.y + (r.height - 1) / 2;
    match &c.content {
        Content::Lake => {
            fill(buf, r, t.lake());
            for y in r.top()..r.bottom() {
                for x in r.left()..r.right() {
                    buf[(x, y)].set_symbol(t.g.lake);
                }
            }
        }
        Content::Shade => {
            fill(buf, r, ground);
            let s = t.shade().patch(Style::new());
            for y in r.top()..r.bottom() {
                for x in r.left() + 1..r.right().saturating_sub(1) {
                    buf[(x, y)].set_symbol(t.g.shade).set_style(s);
                }
            }
        }
        Content::Empty => {
            fill(buf, r, ground);
            let (sym, style) = if c.target {
                (t.g.target, ground.add_modifier(Modifier::BOLD))
            } else {
                (t.g.dot, ground)
            };
            let x = r.x + (r.width - 1) / 2;
            put(buf, x, mid, sym, 1, style);
            if c.last_move {
                // The square a piece left (or where both fell).
                buf[(r.x, mid)].set_symbol(t.g.last);
            }
        }
        Content::Piece {
            color,
            label,
            revealed,
            noted,
        } => {
            fill(buf, r, ground);
            // The tile leaves a column of ground on each side (and a row below when tall).
            let tile_h = if r.height >= 4 {
                r.height - 1
            } else {
                r.height
            };
            let tile = ratatui::layout::Rect::new(r.x + 1, r.y, r.width - 2, tile_h);
            let mut style = t.piece(*color);
            if *noted {
                style = t.note(*color);
            } else if *revealed {
                style = style.add_modifier(Modifier::UNDERLINED);
            }
            fill(buf, tile, style);
            let lw = label.chars().count() as u16;
            let lx = tile.x + tile.width.saturating_sub(lw) / 2;
            let ly = mid;
            put(buf, lx, ly, label, tile.width, style);
            // The last move on the left column of ground, the marked side on the right.
            if c.last_move {
                buf[(r.x, ly)].set_symbol(t.g.last);
            }
            if c.marked {
                buf[(r.right() - 1, ly)].set_symbol(t.g.marked);
            }
            if c.target {
                put(buf, r.x, ly, ">", 1, ground.add_modifier(Modifier::BOLD));
                put(
                    buf,
                    r.right() - 1,
                    ly,
                    "<",
                    1,
                    ground.add_modifier(Modifier::BOLD),
                );
            }
        }
    }
    let label_row = mid;
    let marks = if c.cursor && c.selected {
        Some(("{", "}"))
    } else if c.cursor {
        Some(("[", "]"))
    } else if c.selected {
        Some(("(", ")"))
    } else {
        None
    };
    if let Some((l, rr)) = marks {
        let base = buf[(r.x, label_row)].style();
        let mut st = base.patch(t.cursor());
        // Dark on the light grounds of a target and of the last move (white would hardly
        // show on them).
        if c.target && !c.selected {
            st = st.patch(t.target());
        } else if c.last_move && !c.selected {
            st = st.patch(t.last_move());
        }
        put(buf, r.x, label_row, l, 1, st);
        put(buf, r.right() - 1, label_row, rr, 1, st);
    }
}
