//! The line mode's input (`ssh host play`, see `session.rs`): bytes in are split into lines
//! (CR, LF or CRLF; escape sequences and control bytes dropped; a line over [`MAX_IN`]
//! bytes refused). Every line out ends with CRLF and holds no escape sequence.

/// The longest line read, in bytes.
pub const MAX_IN: usize = 200;

/// Splits the bytes typed into lines.
#[derive(Default)]
pub struct LineReader {
    buf: Vec<u8>,
    /// The line being read is over [`MAX_IN`] bytes: the rest of it is dropped.
    too_long: bool,
    /// After a CR: a LF right after it ends nothing.
    after_cr: bool,
    esc: Esc,
}

#[derive(Default, Clone, Copy, PartialEq, Eq)]
enum Esc {
    #[default]
    None,
    /// After ESC.
    Start,
    /// In a CSI (`ESC [` ... final byte) or an `ESC O x`.
    Csi,
    Ss3,
}

/// One thing read.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    Line(String),
    /// A line over [`MAX_IN`] bytes (dropped).
    TooLong,
    /// Ctrl-C or Ctrl-D (with a PTY: the client's terminal sends them as bytes).
    Interrupt,
    /// A backspace: the last character typed is gone (with a PTY the echo takes it back).
    Erased,
}

impl LineReader {
    /// Every byte in turn (the unit tests'; the session takes a byte at a time).
    #[cfg(test)]
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Read> {
        bytes.iter().filter_map(|&b| self.push(b)).collect()
    }

    /// What is typed of the line not ended yet (shown again after lines written over it).
    pub fn partial(&self) -> &[u8] {
        if self.too_long {
            &[]
        } else {
            &self.buf
        }
    }

    /// One byte: what it ends, if anything.
    pub fn push(&mut self, b: u8) -> Option<Read> {
        match self.esc {
            Esc::Start => {
                self.esc = match b {
                    b'[' => Esc::Csi,
                    b'O' => Esc::Ss3,
                    _ => Esc::None,
                };
                return None;
            }
            Esc::Csi => {
                if (0x40..=0x7e).contains(&b) {
                    self.esc = Esc::None;
                }
                return None;
            }
            Esc::Ss3 => {
                self.esc = Esc::None;
                return None;
            }
            Esc::None => {}
        }
        let after_cr = std::mem::take(&mut self.after_cr);
        match b {
            0x1b => self.esc = Esc::Start,
            b'\n' if after_cr => {}
            b'\r' | b'\n' => {
                self.after_cr = b == b'\r';
                let line = std::mem::take(&mut self.buf);
                return Some(if std::mem::take(&mut self.too_long) {
                    Read::TooLong
                } else {
                    Read::Line(String::from_utf8_lossy(&line).into_owned())
                });
            }
            0x03 | 0x04 => return Some(Read::Interrupt),
            0x08 | 0x7f => {
                // A whole character (its UTF-8 continuation bytes too).
                while let Some(c) = self.buf.pop() {
                    if c & 0xc0 != 0x80 {
                        break;
                    }
                }
                return Some(Read::Erased);
            }
            b if b < 0x20 => {}
            b => {
                if self.buf.len() >= MAX_IN {
                    self.too_long = true;
                    self.buf.clear();
                }
                if !self.too_long {
                    self.buf.push(b);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_at_cr_lf_or_crlf_and_escapes_are_dropped() {
        let mut r = LineReader::default();
        let got = r.feed(b"who\r\nseeks\rgames\nA4\x1b[A A5\x07\r");
        assert_eq!(
            got,
            vec![
                Read::Line("who".into()),
                Read::Line("seeks".into()),
                Read::Line("games".into()),
                Read::Line("A4 A5".into()),
            ]
        );
        // A CR at the end of one packet and the LF at the start of the next: one line end.
        assert_eq!(r.feed(b"\r"), vec![Read::Line(String::new())]);
        assert_eq!(r.feed(b"\nhelp\n"), vec![Read::Line("help".into())]);
    }

    #[test]
    fn a_line_over_200_bytes_is_refused_whole() {
        let mut r = LineReader::default();
        let mut long = vec![b'x'; 201];
        long.extend_from_slice(b"\nwho\n");
        assert_eq!(r.feed(&long), vec![Read::TooLong, Read::Line("who".into())]);
        let mut ok = vec![b'y'; 200];
        ok.push(b'\n');
        assert_eq!(r.feed(&ok), vec![Read::Line("y".repeat(200))]);
    }
}
