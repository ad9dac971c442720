//! A cheap terminal screen for the load generator: a grid of characters and, per cell,
//! whether it is in reverse video (the lobby's selected row), and nothing else.
//!
//! The server's screens speak a small part of the terminal language: cursor positions
//! (`CSI row;col H`), whole-screen erase (`CSI 2J`), SGR attributes (`CSI ... m`), the
//! private modes of its set-up and tear-down (`CSI ? ... h/l`), a bell, UTF-8 text. This
//! keeps exactly what the load generator reads (the characters, reverse video) and skips
//! colours and modes, where a full `vt100` terminal per session kept every attribute and
//! was most of the load generator's time at thousands of sessions. A sequence may be split
//! across two packets: the parser keeps its state between calls.

use unicode_width::UnicodeWidthChar;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Ground,
    /// After ESC.
    Escape,
    /// After ESC ( or ESC ) and the like: one more byte, ignored.
    EscapeArg,
    /// In a control sequence (ESC [).
    Csi,
    /// In an operating system command (ESC ]), up to BEL or ST.
    Osc,
    /// ESC inside an OSC (the start of ST).
    OscEscape,
}

/// The most parameters of one control sequence kept (more are read and dropped).
const MAX_PARAMS: usize = 16;

/// What a client's terminal shows, as far as the load generator needs to know.
pub(crate) struct Cells {
    cols: usize,
    rows: usize,
    chars: Vec<char>,
    inverse: Vec<bool>,
    x: usize,
    y: usize,
    reverse: bool,
    state: State,
    params: [u16; MAX_PARAMS],
    nparams: usize,
    /// The sequence has a private marker (`?`, `>`, `<`, `=`): nothing of ours.
    private: bool,
    /// The bytes of a UTF-8 character read so far, and how many it has.
    utf8: [u8; 4],
    utf8_len: usize,
    utf8_need: usize,
}

impl Cells {
    pub(crate) fn new(rows: u16, cols: u16) -> Cells {
        let (rows, cols) = (usize::from(rows.max(1)), usize::from(cols.max(1)));
        Cells {
            cols,
            rows,
            chars: vec![' '; rows * cols],
            inverse: vec![false; rows * cols],
            x: 0,
            y: 0,
            reverse: false,
            state: State::Ground,
            params: [0; MAX_PARAMS],
            nparams: 0,
            private: false,
            utf8: [0; 4],
            utf8_len: 0,
            utf8_need: 0,
        }
    }

    pub(crate) fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// Row `y`'s characters (a wide character's second column is a blank).
    pub(crate) fn row(&self, y: usize) -> &[char] {
        &self.chars[y * self.cols..(y + 1) * self.cols]
    }

    /// Row `y`'s reverse-video marks.
    pub(crate) fn inverse_row(&self, y: usize) -> &[bool] {
        &self.inverse[y * self.cols..(y + 1) * self.cols]
    }

    /// The screen as text, a line a row.
    pub(crate) fn text(&self) -> String {
        let mut s = String::with_capacity(self.rows * (self.cols + 1));
        for y in 0..self.rows {
            s.extend(self.row(y).iter());
            s.push('\n');
        }
        s
    }

    pub(crate) fn process(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.byte(b);
        }
    }

    fn byte(&mut self, b: u8) {
        match self.state {
            State::Ground => self.ground(b),
            State::Escape => match b {
                b'[' => {
                    self.state = State::Csi;
                    self.params = [0; MAX_PARAMS];
                    self.nparams = 0;
                    self.private = false;
                }
                b']' => self.state = State::Osc,
                b'(' | b')' | b'*' | b'+' | b'#' | b'%' => self.state = State::EscapeArg,
                0x1b => {}
                _ => self.state = State::Ground,
            },
            State::EscapeArg => self.state = State::Ground,
            State::Csi => self.csi_byte(b),
            State::Osc => match b {
                0x07 => self.state = State::Ground,
                0x1b => self.state = State::OscEscape,
                _ => {}
            },
            State::OscEscape => self.state = State::Ground,
        }
    }

    fn ground(&mut self, b: u8) {
        if self.utf8_need > 0 {
            if b & 0xc0 == 0x80 {
                self.utf8[self.utf8_len] = b;
                self.utf8_len += 1;
                if self.utf8_len == self.utf8_need {
                    let c = std::str::from_utf8(&self.utf8[..self.utf8_len])
                        .ok()
                        .and_then(|s| s.chars().next())
                        .unwrap_or('\u{fffd}');
                    self.utf8_need = 0;
                    self.put(c);
                }
                return;
            }
            // A broken sequence: what came so far is one unknown character.
            self.utf8_need = 0;
            self.put('\u{fffd}');
        }
        match b {
            0x1b => self.state = State::Escape,
            b'\r' => self.x = 0,
            b'\n' => self.y = (self.y + 1).min(self.rows - 1),
            0x08 => self.x = self.x.saturating_sub(1),
            0x20..=0x7e => self.put(char::from(b)),
            0xc0..=0xdf => self.utf8_start(b, 2),
            0xe0..=0xef => self.utf8_start(b, 3),
            0xf0..=0xf7 => self.utf8_start(b, 4),
            // Other controls (the bell), DEL and stray continuation bytes show nothing.
            _ => {}
        }
    }

    fn utf8_start(&mut self, b: u8, need: usize) {
        self.utf8[0] = b;
        self.utf8_len = 1;
        self.utf8_need = need;
    }

    fn put(&mut self, c: char) {
        let w = UnicodeWidthChar::width(c).unwrap_or(0);
        if w == 0 {
            return;
        }
        if self.x + w > self.cols {
            // Past the right edge: on to the next row (the screens never scroll).
            self.x = 0;
            self.y = (self.y + 1).min(self.rows - 1);
        }
        let at = self.y * self.cols + self.x;
        self.chars[at] = c;
        self.inverse[at] = self.reverse;
        if w == 2 {
            self.chars[at + 1] = ' ';
            self.inverse[at + 1] = self.reverse;
        }
        self.x += w;
    }

    fn csi_byte(&mut self, b: u8) {
        match b {
            b'0'..=b'9' => {
                if self.nparams == 0 {
                    self.nparams = 1;
                }
                if let Some(p) = self.params.get_mut(self.nparams - 1) {
                    *p = p.saturating_mul(10).saturating_add(u16::from(b - b'0'));
                }
            }
            b';' | b':' => {
                if self.nparams == 0 {
                    self.nparams = 1;
                }
                self.nparams += 1;
            }
            b'?' | b'>' | b'<' | b'=' => self.private = true,
            // Intermediate bytes: none of ours use them.
            0x20..=0x2f => {}
            0x40..=0x7e => {
                self.state = State::Ground;
                if !self.private {
                    self.dispatch(b);
                }
            }
            // A control inside a sequence: the sequence is abandoned.
            0x1b => self.state = State::Escape,
            _ => {}
        }
    }

    /// Parameter `i` (0 when absent).
    fn param(&self, i: usize) -> usize {
        if i < self.nparams.min(MAX_PARAMS) {
            usize::from(self.params[i])
        } else {
            0
        }
    }

    fn dispatch(&mut self, fin: u8) {
        let one = |n: usize| n.max(1);
        match fin {
            b'H' | b'f' => {
                self.y = one(self.param(0)).min(self.rows) - 1;
                self.x = one(self.param(1)).min(self.cols) - 1;
            }
            b'A' => self.y = self.y.saturating_sub(one(self.param(0))),
            b'B' => self.y = (self.y + one(self.param(0))).min(self.rows - 1),
            b'C' => self.x = (self.x + one(self.param(0))).min(self.cols - 1),
            b'D' => self.x = self.x.saturating_sub(one(self.param(0))),
            b'G' => self.x = one(self.param(0)).min(self.cols) - 1,
            b'd' => self.y = one(self.param(0)).min(self.rows) - 1,
            b'J' => {
                let at = (self.y * self.cols + self.x).min(self.chars.len());
                let range = match self.param(0) {
                    0 => at..self.chars.len(),
                    1 => 0..(at + 1).min(self.chars.len()),
                    _ => 0..self.chars.len(),
                };
                self.blank(range);
            }
            b'K' => {
                let start = self.y * self.cols;
                let at = start + self.x.min(self.cols);
                let range = match self.param(0) {
                    0 => at..start + self.cols,
                    1 => start..(at + 1).min(start + self.cols),
                    _ => start..start + self.cols,
                };
                self.blank(range);
            }
            b'm' => self.sgr(),
            _ => {}
        }
    }

    fn blank(&mut self, range: std::ops::Range<usize>) {
        self.chars[range.clone()].fill(' ');
        self.inverse[range].fill(false);
    }

    /// Of the attributes, only reverse video is kept.
    fn sgr(&mut self) {
        if self.nparams == 0 {
            self.reverse = false;
            return;
        }
        let n = self.nparams.min(MAX_PARAMS);
        let mut i = 0;
        while i < n {
            match self.params[i] {
                0 => self.reverse = false,
                7 => self.reverse = true,
                27 => self.reverse = false,
                // Colours of 256 or 16 million: their arguments are no attributes.
                38 | 48 | 58 => match self.params.get(i + 1) {
                    Some(5) => i += 2,
                    Some(2) => i += 4,
                    _ => {}
                },
                _ => {}
            }
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same bytes through `vt100` and through [`Cells`] give the same text and the
    /// same reverse-video cells.
    fn same_as_vt100(chunks: &[&[u8]], rows: u16, cols: u16) -> Cells {
        let mut cells = Cells::new(rows, cols);
        let mut vt = vt100::Parser::new(
            std::num::NonZeroU16::new(rows).unwrap(),
            std::num::NonZeroU16::new(cols).unwrap(),
            0,
        );
        for c in chunks {
            cells.process(c);
            vt.process(c);
        }
        let want: Vec<String> = vt.screen().rows(0, cols).collect();
        for (y, want) in want.iter().enumerate() {
            let got: String = cells.row(y).iter().collect();
            // vt100 leaves out a wide character's second column; ours is a blank.
            let mut squeezed = String::new();
            let mut skip = false;
            for c in got.chars() {
                if skip {
                    skip = false;
                    continue;
                }
                squeezed.push(c);
                skip = UnicodeWidthChar::width(c).unwrap_or(1) > 1;
            }
            assert_eq!(squeezed.trim_end(), want.trim_end(), "row {y}");
            for x in 0..cols {
                let v = vt.screen().cell(y as u16, x).is_some_and(|c| c.inverse());
                assert_eq!(
                    cells.inverse_row(y)[usize::from(x)],
                    v,
                    "inverse at {y},{x}"
                );
            }
        }
        cells
    }

    #[test]
    fn positions_text_and_reverse_video_as_a_terminal_does() {
        let frame: &[u8] = b"\x1b[?1049h\x1b[?25l\x1b[0m\x1b[2J\x1b[1;1H\x1b[0;1;39;49mStatus \xe2\x96\xa0 line\
            \x1b[3;5H\x1b[0;7;38;5;196;48;2;0;0;200mselected\x1b[0m plain\x07\x1b[2;10H\xe6\xbc\xa2x";
        let c = same_as_vt100(&[frame], 5, 20);
        assert_eq!(
            c.row(0).iter().collect::<String>().trim_end(),
            "Status ■ line"
        );
        assert!(c.inverse_row(2)[4] && !c.inverse_row(2)[12]);
    }

    #[test]
    fn sequences_and_characters_split_across_packets() {
        let whole: &[u8] = b"\x1b[2J\x1b[2;3H\x1b[7mab\x1b[27m \xe2\x96\xa0\x1b[1;1Hxy";
        for cut in 0..whole.len() {
            let (a, b) = whole.split_at(cut);
            let c = same_as_vt100(&[a, b], 3, 10);
            assert_eq!(c.row(1).iter().collect::<String>().trim_end(), "  ab ■");
        }
    }

    #[test]
    fn a_diff_after_a_full_frame_changes_only_its_cells() {
        let c = same_as_vt100(
            &[
                b"\x1b[0m\x1b[2J\x1b[1;1Hhello\x1b[2;1Hworld",
                b"\x1b[2;1H\x1b[0;39;49mthere\x1b[0m",
                b"\x1b[1;3HLL\x1b[K",
            ],
            3,
            10,
        );
        assert_eq!(c.text(), "heLL      \nthere     \n          \n");
    }
}
