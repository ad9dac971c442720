//! Where everything goes, computed from the terminal size alone: used both to draw and to
//! hit-test mouse clicks, so the two always agree.

use ratatui::layout::Rect;

use crate::rules::Square;

/// Smallest usable terminal.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Width of the rank labels left of the board.
pub(crate) const RANK_LABEL_W: u16 = 3;

/// The board on screen: square size, origin of the top-left square, orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BoardGeom {
    /// Whole board area including labels.
    pub area: Rect,
    /// Top-left cell of the squares.
    pub x: u16,
    pub y: u16,
    pub sq_w: u16,
    pub sq_h: u16,
    /// Blue at the bottom: rank 1 at the top, file A at the right.
    pub flipped: bool,
}

/// Square sizes tried, largest first.
const SCALES: [(u16, u16); 4] = [(10, 4), (8, 3), (6, 2), (4, 1)];

pub(crate) fn board_size(sq_w: u16, sq_h: u16) -> (u16, u16) {
    (RANK_LABEL_W + 10 * sq_w, 10 * sq_h + 1)
}

impl BoardGeom {
    pub fn new(x: u16, y: u16, sq_w: u16, sq_h: u16, flipped: bool) -> BoardGeom {
        let (w, h) = board_size(sq_w, sq_h);
        BoardGeom {
            area: Rect::new(x, y, w, h),
            x: x + RANK_LABEL_W,
            y,
            sq_w,
            sq_h,
            flipped,
        }
    }

    /// Display column and row (0..10, top-left first) of a square.
    pub fn display(&self, sq: Square) -> (u16, u16) {
        let (f, r) = (sq.file() as u16, sq.row() as u16);
        if self.flipped {
            (9 - f, r)
        } else {
            (f, 9 - r)
        }
    }

    /// The square shown at display column `dc`, row `dr`.
    pub fn at_display(&self, dc: u16, dr: u16) -> Option<Square> {
        if dc > 9 || dr > 9 {
            return None;
        }
        let (f, r) = if self.flipped {
            (9 - dc, dr)
        } else {
            (dc, 9 - dr)
        };
        Square::new(f as u8, r as u8)
    }

    /// The cells of a square.
    pub fn rect(&self, sq: Square) -> Rect {
        let (dc, dr) = self.display(sq);
        Rect::new(
            self.x + dc * self.sq_w,
            self.y + dr * self.sq_h,
            self.sq_w,
            self.sq_h,
        )
    }

    /// The square under a screen cell, if any.
    pub fn hit(&self, col: u16, row: u16) -> Option<Square> {
        if col < self.x || row < self.y {
            return None;
        }
        let dc = (col - self.x) / self.sq_w;
        let dr = (row - self.y) / self.sq_h;
        self.at_display(dc, dr)
    }

    /// The square `d` steps away in screen directions (`dx` right, `dy` down).
    pub fn step(&self, sq: Square, dx: i8, dy: i8) -> Square {
        let (dc, dr) = self.display(sq);
        let nc = (dc as i16 + dx as i16).clamp(0, 9) as u16;
        let nr = (dr as i16 + dy as i16).clamp(0, 9) as u16;
        self.at_display(nc, nr).unwrap_or(sq)
    }
}

/// The board screens (set-up and game): header, board, area under the board, side panel,
/// footer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BoardLayout {
    pub header: Rect,
    pub board: BoardGeom,
    pub below: Rect,
    pub side: Rect,
    pub footer: Rect,
}

pub(crate) fn board_layout(w: u16, h: u16, flipped: bool) -> BoardLayout {
    let screen = Rect::new(0, 0, w, h);
    let body_h = h.saturating_sub(2);
    let min_side = 34;
    let min_below = 6;
    let (sq_w, sq_h) = SCALES
        .into_iter()
        .find(|&(sw, sh)| {
            let (bw, bh) = board_size(sw, sh);
            bw + 1 + min_side <= w && bh + min_below <= body_h
        })
        .unwrap_or((4, 1));
    let (bw, bh) = board_size(sq_w, sq_h);
    let side_w = w.saturating_sub(bw + 1).min(60);
    let content_w = (bw + 1 + side_w).min(w);
    let left = (w - content_w) / 2;
    let content_h = body_h.min(bh + 24);
    let top = 1 + (body_h - content_h) / 2;
    let board = BoardGeom::new(left, top, sq_w, sq_h, flipped);
    BoardLayout {
        header: Rect::new(left, 0, content_w, 1),
        board,
        below: Rect::new(left, top + bh, bw, content_h.saturating_sub(bh)),
        side: Rect::new(left + bw + 1, top, side_w, content_h),
        footer: Rect::new(0, h.saturating_sub(1), w, 1).intersection(screen),
    }
}

/// The side panel of the game screen (play and after it), top to bottom: the upper seat,
/// the state of the game with the move list, the chat, the lower seat. The chat has rows of
/// its own at every size (half of what the seats leave, at least [`CHAT_MIN_ROWS`]), so
/// the lines that come in and the `say:` line show whatever else the screen holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlaySide {
    pub top_seat: Rect,
    /// Whose turn, offers or the result, then the moves.
    pub status: Rect,
    pub chat: Rect,
    pub bottom_seat: Rect,
}

/// The fewest rows the game screen gives its chat: a title, four lines, the line typed.
pub(crate) const CHAT_MIN_ROWS: u16 = 6;

pub(crate) fn play_side(side: Rect) -> PlaySide {
    let seat_h = 2.min(side.height);
    // A blank row under the upper seat, between the moves and the chat, above the lower
    // seat.
    let top = side.y + 3;
    let bottom = side.bottom().saturating_sub(3).max(top);
    let free = bottom - top;
    let chat_h = (free / 2).max(CHAT_MIN_ROWS).min(free);
    PlaySide {
        top_seat: Rect::new(side.x, side.y, side.width, seat_h),
        status: Rect::new(side.x, top, side.width, free.saturating_sub(chat_h + 1)),
        chat: Rect::new(side.x, bottom - chat_h, side.width, chat_h),
        bottom_seat: Rect::new(side.x, side.bottom() - seat_h, side.width, seat_h),
    }
}

/// The lobby: players on the left; seeks, games, tournaments (while there are any) and
/// chat on the right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LobbyLayout {
    pub header: Rect,
    pub players: Rect,
    pub seeks: Rect,
    pub games: Rect,
    /// Empty (no rows) while no tournament is listed.
    pub tournaments: Rect,
    pub chat: Rect,
    pub footer: Rect,
}

/// The fewest rows the lobby's chat keeps when tournaments are listed: a title, two lines,
/// the line typed, the border.
const LOBBY_CHAT_MIN: u16 = 5;

/// Most tournament rows the lobby shows at once (more scroll).
const LOBBY_TOURNAMENT_ROWS: u16 = 6;

/// `tournaments`: how many are listed (their panel takes its rows from the chat's).
/// The least width of the lobby's lists on the right (seeks, games, chat).
pub(crate) const LOBBY_RIGHT_MIN: u16 = 47;

#[cfg(test)]
pub(crate) fn lobby_layout(w: u16, h: u16, tournaments: usize) -> LobbyLayout {
    lobby_layout_for(w, h, tournaments, 0)
}

/// [`lobby_layout`] with a players' panel at least `players_min` wide where its text
/// needs it (a longer language's heads and words), the lists on the right keeping
/// [`LOBBY_RIGHT_MIN`].
pub(crate) fn lobby_layout_for(
    w: u16,
    h: u16,
    tournaments: usize,
    players_min: u16,
) -> LobbyLayout {
    let content_w = w.min(160);
    let left = (w - content_w) / 2;
    let body_h = h.saturating_sub(2);
    let players_w = (content_w / 3)
        .clamp(28, 44)
        .max(players_min.min(content_w.saturating_sub(LOBBY_RIGHT_MIN)));
    let right_w = content_w - players_w;
    let rx = left + players_w;
    // One row more than the games: the seeks' first row plays the computer.
    let seeks_h = (body_h * 3 / 10).max(6) + 1;
    // While tournaments are listed, the games give that row back (the chat keeps its
    // least).
    let games_h = (body_h * 3 / 10).max(5 + 1) - u16::from(tournaments > 0);
    let rest = body_h.saturating_sub(seeks_h + games_h);
    let tours_h = if tournaments == 0 {
        0
    } else {
        let want = 2 + (tournaments as u16).min(LOBBY_TOURNAMENT_ROWS);
        want.min(rest.saturating_sub(LOBBY_CHAT_MIN))
            .max(3.min(rest))
    };
    let chat_h = rest - tours_h;
    let tours_y = 1 + seeks_h + games_h;
    LobbyLayout {
        header: Rect::new(left, 0, content_w, 1),
        players: Rect::new(left, 1, players_w, body_h),
        seeks: Rect::new(rx, 1, right_w, seeks_h),
        games: Rect::new(rx, 1 + seeks_h, right_w, games_h),
        tournaments: Rect::new(rx, tours_y, right_w, tours_h),
        chat: Rect::new(rx, tours_y + tours_h, right_w, chat_h),
        footer: Rect::new(0, h.saturating_sub(1), w, 1),
    }
}

/// The inside of a bordered panel.
pub(crate) fn inner(r: Rect) -> Rect {
    Rect::new(
        r.x + 1,
        r.y + 1,
        r.width.saturating_sub(2),
        r.height.saturating_sub(2),
    )
}

/// First visible row of a list so that `selected` is shown in `height` rows.
pub(crate) fn scroll_offset(selected: Option<usize>, len: usize, height: usize) -> usize {
    if height == 0 || len <= height {
        return 0;
    }
    match selected {
        Some(s) if s >= height => (s + 1 - height).min(len - height),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_hit_inverts_rect() {
        for flipped in [false, true] {
            let l = board_layout(120, 40, flipped);
            for sq in Square::all() {
                let r = l.board.rect(sq);
                assert_eq!(l.board.hit(r.x, r.y), Some(sq));
                assert_eq!(l.board.hit(r.right() - 1, r.bottom() - 1), Some(sq));
            }
        }
    }

    #[test]
    fn layouts_fit_from_min_to_huge() {
        for (w, h) in [(80, 24), (100, 30), (200, 60), (500, 200)] {
            let l = board_layout(w, h, false);
            assert!(l.board.area.right() <= w && l.board.area.bottom() < h);
            assert!(l.side.right() <= w, "{w}x{h}");
            assert!(l.below.bottom() < h);
            assert!(l.side.width >= 34);
            let p = play_side(l.side);
            assert!(p.chat.height >= CHAT_MIN_ROWS, "{w}x{h}");
            assert!(p.status.bottom() < p.chat.y && p.chat.bottom() < p.bottom_seat.y);
            for n in [0, 1, 3, 20] {
                let lb = lobby_layout(w, h, n);
                assert!(lb.chat.bottom() < h && lb.seeks.right() <= w);
                assert!(lb.chat.height >= LOBBY_CHAT_MIN, "{w}x{h} {n}");
                assert_eq!(lb.tournaments.height == 0, n == 0, "{w}x{h} {n}");
                assert_eq!(lb.tournaments.bottom(), lb.chat.y);
            }
        }
    }
}
