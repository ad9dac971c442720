//! Terminal input bytes to events: keys (with escape sequences split across packets, a lone
//! Esc), bracketed paste, and SGR mouse reports.
//!
//! Hand-written on purpose. Crates checked: `terminput` 0.5 (crossterm's parser) is a stateless
//! `parse_from(buffer)`: the caller must buffer, a lone ESC is decoded as Esc at once (so a
//! sequence split after its ESC becomes Esc + garbage), a paste is buffered without bound until
//! its end marker and re-parsed from the start on every packet, and it needs Rust 1.95 (ours is
//! 1.89). `anes` 0.2 (`parser` feature) has no bracketed paste, no button-less mouse motion,
//! and decides a lone Esc from a caller-supplied "more input available" flag, not a timeout.
//! `vte` is the emulator-side parser of terminal *output*: no key meaning, no paste, and a held
//! ESC is never released. So: a byte-at-a-time state machine whose state survives between
//! [`InputParser::feed`] calls (any split of the input gives the same events) and whose buffers
//! have fixed caps ([`MAX_SEQUENCE`] bytes of escape sequence, [`MAX_PASTE`] bytes of paste).
//!
//! A bracketed paste always ends: at its end marker, after [`MAX_PASTE_BYTES`] bytes read
//! inside it, or when the caller (which has the clock) calls [`InputParser::end_paste`]
//! [`PASTE_TIMEOUT`] after it began. A lost or withheld `ESC [ 201 ~` cannot leave the
//! session in paste mode, where no key would ever work again.

/// A key as the user pressed it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KeyCode {
    Char(char),
    Enter,
    Esc,
    Backspace,
    Tab,
    BackTab,
    Up,
    Down,
    Left,
    Right,
    Home,
    End,
    PageUp,
    PageDown,
    Insert,
    Delete,
    F(u8),
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Modifiers {
    pub ctrl: bool,
    pub alt: bool,
    pub shift: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Key {
    pub code: KeyCode,
    pub mods: Modifiers,
}

impl Key {
    pub const fn plain(code: KeyCode) -> Key {
        Key {
            code,
            mods: Modifiers {
                ctrl: false,
                alt: false,
                shift: false,
            },
        }
    }

    /// Ctrl + a letter (`ctrl('c')`).
    pub const fn ctrl(c: char) -> Key {
        Key {
            code: KeyCode::Char(c),
            mods: Modifiers {
                ctrl: true,
                alt: false,
                shift: false,
            },
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MouseButton {
    Left,
    Middle,
    Right,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MouseKind {
    Down(MouseButton),
    Up(MouseButton),
    Drag(MouseButton),
    Moved,
    ScrollUp,
    ScrollDown,
}

/// A mouse report; `column` and `row` are 0-based screen cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Mouse {
    pub kind: MouseKind,
    pub column: u16,
    pub row: u16,
    pub mods: Modifiers,
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Event {
    Key(Key),
    Mouse(Mouse),
    /// Text pasted with bracketed paste (not yet cleaned of control characters).
    Paste(String),
}

/// Most bytes of one escape sequence held between `ESC [` (or `ESC O`) and its final byte;
/// a longer sequence is skipped up to its final byte and dropped.
pub const MAX_SEQUENCE: usize = 32;

/// Most bytes of one bracketed paste kept; the excess is dropped (the paste still ends at
/// its end marker, truncated on a character boundary).
pub const MAX_PASTE: usize = 64 * 1024;

/// Most bytes read inside one bracketed paste (kept or dropped): a paste whose end marker
/// has not come by then ends there (what was kept is delivered), and the bytes after it are
/// read as keys again.
pub const MAX_PASTE_BYTES: usize = 4 * MAX_PASTE;

/// How long a bracketed paste may last: the caller calls [`InputParser::end_paste`] this
/// long after [`InputParser::in_paste`] became true, if it still is (the session counts only
/// the time it was reading input: a paste slowed by its own flood is bounded by
/// [`MAX_PASTE_BYTES`]).
pub const PASTE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

const PASTE_END: &[u8] = b"\x1b[201~";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Ground,
    /// After ESC; `alt` when an ESC came just before it (`ESC ESC [ A` is Alt+Up).
    Esc {
        alt: bool,
    },
    /// After `ESC [`, collecting parameter and intermediate bytes in `seq`.
    Csi {
        alt: bool,
    },
    /// After `ESC O`, collecting parameter bytes in `seq`.
    Ss3 {
        alt: bool,
    },
    /// An overlong CSI: skip to its final byte.
    CsiIgnore,
    /// After `ESC [ [` (Linux console F1-F5).
    LinuxF,
    /// After `ESC [ M` (legacy X10 mouse): three raw bytes follow.
    X10Mouse,
    /// In a multi-byte UTF-8 character.
    Utf8 {
        alt: bool,
    },
    /// Inside a bracketed paste.
    Paste,
}

/// What one step of the state machine did with a byte.
enum Step {
    Consumed,
    /// The state changed; run the same byte again in the new state.
    Again,
}

/// Turns the bytes a terminal sends into [`Event`]s, across packet boundaries.
///
/// Bytes are read one at a time and all state is kept between [`feed`](Self::feed) calls, so
/// any split of the input gives the same events. Buffers are bounded: [`buffered_bytes`]
/// never exceeds [`MAX_PASTE`] + [`MAX_SEQUENCE`].
///
/// Conventions: printable characters come as `Char` without modifiers (`'A'` has no
/// `shift`); CR, LF and CR LF are each one Enter; 0x7f and 0x08 are Backspace; NUL is ignored;
/// Ctrl+letter is `Key::ctrl('a'..='z')`. A bracketed paste is not [`pending`](Self::pending)
/// (no Esc timeout): it ends at its end marker, after [`MAX_PASTE_BYTES`], or at
/// [`end_paste`](Self::end_paste).
///
/// [`buffered_bytes`]: Self::buffered_bytes
#[derive(Clone, Debug)]
pub struct InputParser {
    state: State,
    seq: [u8; MAX_SEQUENCE],
    seq_len: usize,
    utf8: [u8; 4],
    utf8_len: usize,
    utf8_need: usize,
    /// The last byte was a CR that gave Enter: a LF right after it is swallowed.
    after_cr: bool,
    paste: Vec<u8>,
    /// How many bytes of [`PASTE_END`] matched so far.
    paste_end: usize,
    paste_truncated: bool,
    /// Bytes read inside the current paste (kept or not), against [`MAX_PASTE_BYTES`].
    paste_read: usize,
}

impl Default for InputParser {
    fn default() -> Self {
        Self::new()
    }
}

impl InputParser {
    pub fn new() -> Self {
        InputParser {
            state: State::Ground,
            seq: [0; MAX_SEQUENCE],
            seq_len: 0,
            utf8: [0; 4],
            utf8_len: 0,
            utf8_need: 0,
            after_cr: false,
            paste: Vec::new(),
            paste_end: 0,
            paste_truncated: false,
            paste_read: 0,
        }
    }

    /// Feed bytes as they arrive (a packet may end in the middle of an escape sequence or a
    /// UTF-8 char); returns complete events.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        let mut out = Vec::new();
        for &b in bytes {
            self.byte(b, &mut out);
        }
        out
    }

    /// Whether bytes are held waiting for the rest of a sequence (caller then waits ~25 ms
    /// and calls [`flush`](Self::flush)). False during a bracketed paste.
    pub fn pending(&self) -> bool {
        !matches!(self.state, State::Ground | State::Paste)
    }

    /// Whether a bracketed paste has started and not ended yet.
    pub fn in_paste(&self) -> bool {
        self.state == State::Paste
    }

    /// Ends a bracketed paste in progress (its time is up): what it held so far, bytes that
    /// looked like the start of the end marker included, comes out as the paste; the parser
    /// is back to reading keys. Nothing happens outside a paste.
    pub fn end_paste(&mut self) -> Vec<Event> {
        let mut out = Vec::new();
        if self.state == State::Paste {
            for &e in &PASTE_END[..self.paste_end] {
                self.paste_push(e);
            }
            self.finish_paste(&mut out);
        }
        out
    }

    /// How many input bytes are held (escape sequence, partial character, paste).
    pub fn buffered_bytes(&self) -> usize {
        self.seq_len + self.utf8_len + self.paste.len() + self.paste_end
    }

    /// Called when no more bytes came within the timeout: a held lone ESC becomes Esc, a held
    /// `ESC x` prefix becomes Alt+x (`ESC [` is Alt+`[`), an incomplete sequence or character
    /// is dropped. A bracketed paste in progress is left alone.
    pub fn flush(&mut self) -> Vec<Event> {
        let mut out = Vec::new();
        self.after_cr = false;
        let esc = Event::Key(Key::plain(KeyCode::Esc));
        match self.state {
            State::Ground | State::Paste => return out,
            State::Esc { alt } => {
                if alt {
                    out.push(esc.clone());
                }
                out.push(esc);
            }
            State::Csi { alt } | State::Ss3 { alt } => {
                if alt {
                    out.push(esc);
                }
                if self.seq_len == 0 {
                    let c = if matches!(self.state, State::Csi { .. }) {
                        '['
                    } else {
                        'O'
                    };
                    out.push(Event::Key(with_alt(Key::plain(KeyCode::Char(c)))));
                }
            }
            State::Utf8 { alt } => {
                if alt {
                    out.push(esc);
                }
            }
            State::CsiIgnore | State::LinuxF | State::X10Mouse => {}
        }
        self.reset_to_ground();
        out
    }

    fn reset_to_ground(&mut self) {
        self.state = State::Ground;
        self.seq_len = 0;
        self.utf8_len = 0;
        self.utf8_need = 0;
    }

    fn byte(&mut self, b: u8, out: &mut Vec<Event>) {
        let swallow = self.after_cr && b == b'\n' && self.state == State::Ground;
        self.after_cr = false;
        if swallow {
            return;
        }
        // Each `Again` moves towards `Ground`, which always consumes: at most a few rounds.
        while let Step::Again = self.step(b, out) {}
    }

    fn step(&mut self, b: u8, out: &mut Vec<Event>) -> Step {
        match self.state {
            State::Ground => {
                match b {
                    0x1b => self.state = State::Esc { alt: false },
                    0xc2..=0xf4 => self.start_utf8(b, false),
                    _ => {
                        if let Some(key) = self.control_or_ascii(b) {
                            out.push(Event::Key(key));
                        }
                    }
                }
                Step::Consumed
            }
            State::Esc { alt } => match b {
                b'[' => {
                    self.seq_len = 0;
                    self.state = State::Csi { alt };
                    Step::Consumed
                }
                b'O' => {
                    self.seq_len = 0;
                    self.state = State::Ss3 { alt };
                    Step::Consumed
                }
                0x1b => {
                    if alt {
                        out.push(Event::Key(Key::plain(KeyCode::Esc)));
                    }
                    self.state = State::Esc { alt: true };
                    Step::Consumed
                }
                _ if alt => {
                    // `ESC ESC x`: the first ESC was a key of its own.
                    out.push(Event::Key(Key::plain(KeyCode::Esc)));
                    self.state = State::Esc { alt: false };
                    Step::Again
                }
                0xc2..=0xf4 => {
                    self.start_utf8(b, true);
                    Step::Consumed
                }
                _ => match self.control_or_ascii(b) {
                    Some(key) => {
                        out.push(Event::Key(with_alt(key)));
                        self.state = State::Ground;
                        Step::Consumed
                    }
                    None => {
                        out.push(Event::Key(Key::plain(KeyCode::Esc)));
                        self.state = State::Ground;
                        Step::Again
                    }
                },
            },
            State::Csi { alt } | State::Ss3 { alt } => match b {
                0x20..=0x3f => {
                    if self.seq_len == MAX_SEQUENCE {
                        self.seq_len = 0;
                        self.state = State::CsiIgnore;
                    } else {
                        self.seq[self.seq_len] = b;
                        self.seq_len += 1;
                    }
                    Step::Consumed
                }
                0x40..=0x7e => {
                    let csi = matches!(self.state, State::Csi { .. });
                    let seq = self.seq;
                    let params = &seq[..self.seq_len];
                    self.reset_to_ground();
                    if csi {
                        self.dispatch_csi(params, b, alt, out);
                    } else if let Some(key) = ss3_key(params, b) {
                        out.push(Event::Key(if alt { with_alt(key) } else { key }));
                    }
                    Step::Consumed
                }
                0x1b => {
                    self.reset_to_ground();
                    self.state = State::Esc { alt: false };
                    Step::Consumed
                }
                _ => {
                    // A control or non-ASCII byte cannot be part of the sequence: drop what
                    // was held and read the byte as ordinary input.
                    self.reset_to_ground();
                    Step::Again
                }
            },
            State::CsiIgnore => match b {
                0x20..=0x3f => Step::Consumed,
                0x40..=0x7e => {
                    self.reset_to_ground();
                    Step::Consumed
                }
                _ => {
                    self.reset_to_ground();
                    Step::Again
                }
            },
            State::LinuxF => {
                self.reset_to_ground();
                match b {
                    b'A'..=b'E' => {
                        out.push(Event::Key(Key::plain(KeyCode::F(b - b'A' + 1))));
                        Step::Consumed
                    }
                    _ => Step::Again,
                }
            }
            State::X10Mouse => {
                self.seq[self.seq_len] = b;
                self.seq_len += 1;
                if self.seq_len == 3 {
                    let [cb, x, y] = [self.seq[0], self.seq[1], self.seq[2]];
                    self.reset_to_ground();
                    let cb = u32::from(cb.saturating_sub(32));
                    let (x, y) = (
                        u32::from(x.saturating_sub(32)),
                        u32::from(y.saturating_sub(32)),
                    );
                    if let Some(m) = mouse_event(cb, x, y, None) {
                        out.push(Event::Mouse(m));
                    }
                }
                Step::Consumed
            }
            State::Utf8 { alt } => {
                if !(0x80..=0xbf).contains(&b) {
                    // Invalid: drop the partial character, read the byte afresh.
                    self.reset_to_ground();
                    if alt {
                        out.push(Event::Key(Key::plain(KeyCode::Esc)));
                    }
                    return Step::Again;
                }
                self.utf8[self.utf8_len] = b;
                self.utf8_len += 1;
                if self.utf8_len == self.utf8_need {
                    let decoded = std::str::from_utf8(&self.utf8[..self.utf8_len])
                        .ok()
                        .and_then(|s| s.chars().next());
                    self.reset_to_ground();
                    match decoded {
                        Some(c) => {
                            let key = Key::plain(KeyCode::Char(c));
                            out.push(Event::Key(if alt { with_alt(key) } else { key }));
                        }
                        None if alt => out.push(Event::Key(Key::plain(KeyCode::Esc))),
                        None => {}
                    }
                }
                Step::Consumed
            }
            State::Paste => {
                self.paste_read += 1;
                if self.paste_read > MAX_PASTE_BYTES {
                    // No end marker within the bound: the paste ends here, this byte is read
                    // as input again.
                    for &e in &PASTE_END[..self.paste_end] {
                        self.paste_push(e);
                    }
                    self.finish_paste(out);
                    return Step::Again;
                }
                if b == PASTE_END[self.paste_end] {
                    self.paste_end += 1;
                    if self.paste_end == PASTE_END.len() {
                        self.finish_paste(out);
                    }
                } else {
                    // The bytes that looked like the start of the end marker were content.
                    for &e in &PASTE_END[..self.paste_end] {
                        self.paste_push(e);
                    }
                    self.paste_end = 0;
                    if b == PASTE_END[0] {
                        self.paste_end = 1;
                    } else {
                        self.paste_push(b);
                    }
                }
                Step::Consumed
            }
        }
    }

    fn start_utf8(&mut self, lead: u8, alt: bool) {
        self.utf8[0] = lead;
        self.utf8_len = 1;
        self.utf8_need = match lead {
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            _ => 4,
        };
        self.state = State::Utf8 { alt };
    }

    /// The key for a single byte below 0x80 other than ESC (and the start of CR LF).
    fn control_or_ascii(&mut self, b: u8) -> Option<Key> {
        let code = match b {
            b'\r' => {
                self.after_cr = true;
                KeyCode::Enter
            }
            b'\n' => KeyCode::Enter,
            b'\t' => KeyCode::Tab,
            0x08 | 0x7f => KeyCode::Backspace,
            0x01..=0x1a => return Some(Key::ctrl(char::from(b'a' + b - 1))),
            0x1c => return Some(Key::ctrl('\\')),
            0x1d => return Some(Key::ctrl(']')),
            0x1e => return Some(Key::ctrl('^')),
            0x1f => return Some(Key::ctrl('_')),
            0x20..=0x7e => KeyCode::Char(char::from(b)),
            _ => return None,
        };
        Some(Key::plain(code))
    }

    fn dispatch_csi(&mut self, seq: &[u8], fin: u8, alt: bool, out: &mut Vec<Event>) {
        if seq.iter().any(|b| (0x20..=0x2f).contains(b)) {
            return; // intermediate bytes: nothing we know
        }
        let (prefix, rest) = match seq.first() {
            Some(&p @ b'<'..=b'?') => (Some(p), &seq[1..]),
            _ => (None, seq),
        };
        let Some((params, n)) = parse_params(rest) else {
            return;
        };
        let p = |i: usize| if i < n { params[i] } else { 0 };
        let key = match (prefix, fin) {
            (Some(b'<'), b'M' | b'm') if n >= 3 => {
                if let Some(m) = mouse_event(p(0), p(1), p(2), Some(fin == b'm')) {
                    out.push(Event::Mouse(m));
                }
                return;
            }
            (Some(_), _) => return,
            (None, b'M') if seq.is_empty() => {
                self.state = State::X10Mouse;
                return;
            }
            (None, b'M') if n == 3 => {
                // urxvt (1015) mouse: `ESC [ Cb ; Cx ; Cy M` with Cb offset by 32.
                if let Some(m) = mouse_event(p(0).saturating_sub(32), p(1), p(2), None) {
                    out.push(Event::Mouse(m));
                }
                return;
            }
            (None, b'[') if seq.is_empty() => {
                self.state = State::LinuxF;
                return;
            }
            (None, b'~') => {
                let code = match p(0) {
                    1 | 7 => KeyCode::Home,
                    2 => KeyCode::Insert,
                    3 => KeyCode::Delete,
                    4 | 8 => KeyCode::End,
                    5 => KeyCode::PageUp,
                    6 => KeyCode::PageDown,
                    f @ 11..=15 => KeyCode::F((f - 10) as u8),
                    f @ 17..=21 => KeyCode::F((f - 11) as u8),
                    f @ 23..=24 => KeyCode::F((f - 12) as u8),
                    200 => {
                        self.state = State::Paste;
                        self.paste.clear();
                        self.paste_end = 0;
                        self.paste_truncated = false;
                        self.paste_read = 0;
                        return;
                    }
                    _ => return,
                };
                Key {
                    code,
                    mods: modifiers(p(1)),
                }
            }
            (None, b'Z') => Key::plain(KeyCode::BackTab),
            (None, b'a'..=b'd') if n == 0 => {
                // rxvt Shift+arrow.
                let mut key = Key::plain(arrow(fin - b'a' + b'A'));
                key.mods.shift = true;
                key
            }
            // `ESC [ 1 ; 5 A`; a first parameter other than 1 is something else (`ESC [ 12 ; 40 R`
            // is a cursor position report, not F3).
            (None, _) if p(0) <= 1 => match letter_key(fin) {
                Some(code) => Key {
                    code,
                    mods: modifiers(p(1)),
                },
                None => return,
            },
            (None, _) => return,
        };
        out.push(Event::Key(if alt { with_alt(key) } else { key }));
    }

    fn paste_push(&mut self, b: u8) {
        if self.paste.len() < MAX_PASTE {
            self.paste.push(b);
        } else {
            self.paste_truncated = true;
        }
    }

    fn finish_paste(&mut self, out: &mut Vec<Event>) {
        let mut bytes = std::mem::take(&mut self.paste);
        if self.paste_truncated {
            // Do not end in the middle of a character cut by the cap.
            let tail_start = bytes.len().saturating_sub(3);
            if let Some(i) = (tail_start..bytes.len()).rev().find(|&i| bytes[i] >= 0xc0) {
                let need = match bytes[i] {
                    0xc0..=0xdf => 2,
                    0xe0..=0xef => 3,
                    _ => 4,
                };
                if bytes.len() - i < need {
                    bytes.truncate(i);
                }
            }
        }
        let text = match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        self.paste_end = 0;
        self.paste_truncated = false;
        self.paste_read = 0;
        self.state = State::Ground;
        out.push(Event::Paste(text));
    }
}

fn with_alt(mut key: Key) -> Key {
    key.mods.alt = true;
    key
}

fn arrow(b: u8) -> KeyCode {
    match b {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        _ => KeyCode::Left,
    }
}

/// Final letters shared by CSI and SS3: arrows, Home, End, F1-F4.
fn letter_key(b: u8) -> Option<KeyCode> {
    Some(match b {
        b'A'..=b'D' => arrow(b),
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P'..=b'S' => KeyCode::F(b - b'P' + 1),
        _ => return None,
    })
}

fn ss3_key(seq: &[u8], fin: u8) -> Option<Key> {
    let (params, n) = parse_params(seq)?;
    // `ESC O 1;5A` or the older `ESC O 5A`.
    let m = match n {
        0 => 0,
        1 => params[0],
        _ => params[1],
    };
    match fin {
        b'M' => Some(Key::plain(KeyCode::Enter)), // keypad Enter
        b'a'..=b'd' => {
            // rxvt Ctrl+arrow.
            let mut key = Key::plain(arrow(fin - b'a' + b'A'));
            key.mods.ctrl = true;
            Some(key)
        }
        _ => letter_key(fin).map(|code| Key {
            code,
            mods: modifiers(m),
        }),
    }
}

const MAX_PARAMS: usize = 8;

/// `1;5` → [1, 5]; an empty parameter is 0, sub-parameters (`:`) are skipped, numbers
/// saturate. None if a byte is not a digit, `;` or `:`.
fn parse_params(seq: &[u8]) -> Option<([u32; MAX_PARAMS], usize)> {
    let mut params = [0u32; MAX_PARAMS];
    if seq.is_empty() {
        return Some((params, 0));
    }
    let mut n = 0;
    let mut sub = false;
    let mut cur = 0u32;
    for &b in seq {
        match b {
            b'0'..=b'9' => {
                if !sub {
                    cur = cur.saturating_mul(10).saturating_add(u32::from(b - b'0'));
                }
            }
            b':' => sub = true,
            b';' => {
                if n < MAX_PARAMS {
                    params[n] = cur;
                }
                n += 1;
                cur = 0;
                sub = false;
            }
            _ => return None,
        }
    }
    if n < MAX_PARAMS {
        params[n] = cur;
    }
    Some((params, (n + 1).min(MAX_PARAMS)))
}

/// xterm modifier parameter: 1 + (shift 1 | alt 2 | ctrl 4 | meta 8); meta counts as alt.
fn modifiers(m: u32) -> Modifiers {
    let bits = m.saturating_sub(1);
    Modifiers {
        shift: bits & 1 != 0,
        alt: bits & 2 != 0 || bits & 8 != 0,
        ctrl: bits & 4 != 0,
    }
}

/// A mouse report from its button byte `cb` and 1-based cell. `release`: `Some(..)` for SGR
/// (which tells press from release by its final byte); `None` for the legacy encodings,
/// where button 3 means "released" without saying which (reported as Left).
fn mouse_event(cb: u32, x: u32, y: u32, release: Option<bool>) -> Option<Mouse> {
    let mods = Modifiers {
        shift: cb & 4 != 0,
        alt: cb & 8 != 0,
        ctrl: cb & 16 != 0,
    };
    let motion = cb & 32 != 0;
    let button = match cb & 3 {
        0 => Some(MouseButton::Left),
        1 => Some(MouseButton::Middle),
        2 => Some(MouseButton::Right),
        _ => None,
    };
    let kind = if cb & 128 != 0 {
        return None; // buttons 8-11
    } else if cb & 64 != 0 {
        if release == Some(true) || motion {
            return None;
        }
        match cb & 3 {
            0 => MouseKind::ScrollUp,
            1 => MouseKind::ScrollDown,
            _ => return None, // horizontal scroll
        }
    } else if motion {
        match button {
            Some(b) => MouseKind::Drag(b),
            None => MouseKind::Moved,
        }
    } else {
        match (release, button) {
            (Some(false) | None, Some(b)) => MouseKind::Down(b),
            (Some(true), Some(b)) => MouseKind::Up(b),
            (None, None) => MouseKind::Up(MouseButton::Left),
            (Some(_), None) => return None,
        }
    };
    let cell = |v: u32| v.saturating_sub(1).min(u32::from(u16::MAX)) as u16;
    Some(Mouse {
        kind,
        column: cell(x),
        row: cell(y),
        mods,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const NONE: Modifiers = Modifiers {
        ctrl: false,
        alt: false,
        shift: false,
    };
    const SHIFT: Modifiers = Modifiers {
        shift: true,
        ..NONE
    };
    const CTRL: Modifiers = Modifiers { ctrl: true, ..NONE };
    const ALT: Modifiers = Modifiers { alt: true, ..NONE };

    fn k(code: KeyCode) -> Event {
        Event::Key(Key::plain(code))
    }
    fn km(code: KeyCode, mods: Modifiers) -> Event {
        Event::Key(Key { code, mods })
    }
    fn c(ch: char) -> Event {
        k(KeyCode::Char(ch))
    }
    fn ctrl(ch: char) -> Event {
        Event::Key(Key::ctrl(ch))
    }
    fn alt(ch: char) -> Event {
        km(KeyCode::Char(ch), ALT)
    }
    fn mouse(kind: MouseKind, column: u16, row: u16, mods: Modifiers) -> Event {
        Event::Mouse(Mouse {
            kind,
            column,
            row,
            mods,
        })
    }
    fn paste(s: &str) -> Event {
        Event::Paste(s.to_string())
    }

    /// Feeds the chunks in order, then flushes.
    fn run(chunks: &[&[u8]]) -> Vec<Event> {
        let mut p = InputParser::new();
        let mut out = Vec::new();
        for ch in chunks {
            out.extend(p.feed(ch));
            assert!(p.buffered_bytes() <= MAX_PASTE + MAX_SEQUENCE);
        }
        out.extend(p.flush());
        assert!(!p.pending());
        out
    }

    /// Whole, split at every boundary, and byte by byte: all give `want`.
    fn check(input: &[u8], want: &[Event]) {
        assert_eq!(run(&[input]), want, "whole input {input:?}");
        for i in 0..=input.len() {
            let (a, b) = input.split_at(i);
            assert_eq!(run(&[a, b]), want, "{input:?} split at {i}");
        }
        let bytes: Vec<&[u8]> = input.chunks(1).collect();
        assert_eq!(run(&bytes), want, "{input:?} byte by byte");
    }

    fn cases() -> Vec<(&'static [u8], Vec<Event>)> {
        use KeyCode::*;
        use MouseButton as B;
        use MouseKind as MK;
        vec![
            (b"a", vec![c('a')]),
            (b"Hi!~ ", vec![c('H'), c('i'), c('!'), c('~'), c(' ')]),
            ("é".as_bytes(), vec![c('é')]),
            ("中".as_bytes(), vec![c('中')]),
            ("a😀b".as_bytes(), vec![c('a'), c('😀'), c('b')]),
            (b"\r", vec![k(Enter)]),
            (b"\n", vec![k(Enter)]),
            (b"\r\n", vec![k(Enter)]),
            (b"\r\r", vec![k(Enter), k(Enter)]),
            (b"\n\n", vec![k(Enter), k(Enter)]),
            (b"\r\n\r\n", vec![k(Enter), k(Enter)]),
            (b"\n\r", vec![k(Enter), k(Enter)]),
            (b"\t", vec![k(Tab)]),
            (b"\x1b[Z", vec![k(BackTab)]),
            (b"\x7f", vec![k(Backspace)]),
            (b"\x08", vec![k(Backspace)]),
            (b"\x01", vec![ctrl('a')]),
            (b"\x03", vec![ctrl('c')]),
            (b"\x1a", vec![ctrl('z')]),
            (b"\x1c", vec![ctrl('\\')]),
            (b"\x1ba", vec![alt('a')]),
            (b"\x1bA", vec![alt('A')]),
            ("\x1bé".as_bytes(), vec![alt('é')]),
            (b"\x1b\x7f", vec![km(Backspace, ALT)]),
            (b"\x1b\r", vec![km(Enter, ALT)]),
            (
                b"\x1b\x03",
                vec![km(
                    KeyCode::Char('c'),
                    Modifiers {
                        ctrl: true,
                        alt: true,
                        shift: false,
                    },
                )],
            ),
            (b"\x1b", vec![k(Esc)]),
            (b"\x1b\x1b", vec![k(Esc), k(Esc)]),
            (b"\x1b\x1b\x1b", vec![k(Esc), k(Esc), k(Esc)]),
            (b"\x1b\x1bx", vec![k(Esc), alt('x')]),
            (b"\x1b\x1b[A", vec![km(Up, ALT)]),
            (b"\x1b[", vec![alt('[')]),
            (b"\x1bO", vec![alt('O')]),
            (b"\x1b[A", vec![k(Up)]),
            (b"\x1b[B", vec![k(Down)]),
            (b"\x1b[C", vec![k(Right)]),
            (b"\x1b[D", vec![k(Left)]),
            (b"\x1b[H", vec![k(Home)]),
            (b"\x1b[F", vec![k(End)]),
            (b"\x1bOA", vec![k(Up)]),
            (b"\x1bOB", vec![k(Down)]),
            (b"\x1bOC", vec![k(Right)]),
            (b"\x1bOD", vec![k(Left)]),
            (b"\x1bOH", vec![k(Home)]),
            (b"\x1bOF", vec![k(End)]),
            (b"\x1bOM", vec![k(Enter)]),
            (b"\x1b[1;5A", vec![km(Up, CTRL)]),
            (b"\x1b[1;2B", vec![km(Down, SHIFT)]),
            (b"\x1b[1;3C", vec![km(Right, ALT)]),
            (
                b"\x1b[1;8D",
                vec![km(
                    Left,
                    Modifiers {
                        ctrl: true,
                        alt: true,
                        shift: true,
                    },
                )],
            ),
            (b"\x1b[1;5H", vec![km(Home, CTRL)]),
            (b"\x1b[1;2F", vec![km(End, SHIFT)]),
            (b"\x1bO5A", vec![km(Up, CTRL)]),
            (b"\x1bO1;5A", vec![km(Up, CTRL)]),
            (b"\x1b[a", vec![km(Up, SHIFT)]),
            (b"\x1bOd", vec![km(Left, CTRL)]),
            (b"\x1b[1~", vec![k(Home)]),
            (b"\x1b[7~", vec![k(Home)]),
            (b"\x1b[2~", vec![k(Insert)]),
            (b"\x1b[3~", vec![k(Delete)]),
            (b"\x1b[3;5~", vec![km(Delete, CTRL)]),
            (b"\x1b[4~", vec![k(End)]),
            (b"\x1b[8~", vec![k(End)]),
            (b"\x1b[5~", vec![k(PageUp)]),
            (b"\x1b[6~", vec![k(PageDown)]),
            (b"\x1b[6;2~", vec![km(PageDown, SHIFT)]),
            (b"\x1bOP", vec![k(F(1))]),
            (b"\x1bOQ", vec![k(F(2))]),
            (b"\x1bOR", vec![k(F(3))]),
            (b"\x1bOS", vec![k(F(4))]),
            (b"\x1bO2P", vec![km(F(1), SHIFT)]),
            (b"\x1b[P", vec![k(F(1))]),
            (b"\x1b[1;5P", vec![km(F(1), CTRL)]),
            (b"\x1b[1;2S", vec![km(F(4), SHIFT)]),
            (b"\x1b[11~", vec![k(F(1))]),
            (b"\x1b[12~", vec![k(F(2))]),
            (b"\x1b[13~", vec![k(F(3))]),
            (b"\x1b[14~", vec![k(F(4))]),
            (b"\x1b[15~", vec![k(F(5))]),
            (b"\x1b[17~", vec![k(F(6))]),
            (b"\x1b[18~", vec![k(F(7))]),
            (b"\x1b[19~", vec![k(F(8))]),
            (b"\x1b[20~", vec![k(F(9))]),
            (b"\x1b[21~", vec![k(F(10))]),
            (b"\x1b[23~", vec![k(F(11))]),
            (b"\x1b[24~", vec![k(F(12))]),
            (b"\x1b[24;5~", vec![km(F(12), CTRL)]),
            (b"\x1b[[A", vec![k(F(1))]),
            (b"\x1b[[E", vec![k(F(5))]),
            // SGR mouse: 1-based to 0-based.
            (b"\x1b[<0;1;1M", vec![mouse(MK::Down(B::Left), 0, 0, NONE)]),
            (b"\x1b[<0;10;5m", vec![mouse(MK::Up(B::Left), 9, 4, NONE)]),
            (
                b"\x1b[<1;3;4M",
                vec![mouse(MK::Down(B::Middle), 2, 3, NONE)],
            ),
            (b"\x1b[<2;3;4M", vec![mouse(MK::Down(B::Right), 2, 3, NONE)]),
            (b"\x1b[<2;3;4m", vec![mouse(MK::Up(B::Right), 2, 3, NONE)]),
            (b"\x1b[<32;7;8M", vec![mouse(MK::Drag(B::Left), 6, 7, NONE)]),
            (
                b"\x1b[<34;7;8M",
                vec![mouse(MK::Drag(B::Right), 6, 7, NONE)],
            ),
            (b"\x1b[<35;200;100M", vec![mouse(MK::Moved, 199, 99, NONE)]),
            (b"\x1b[<64;5;5M", vec![mouse(MK::ScrollUp, 4, 4, NONE)]),
            (b"\x1b[<65;5;5M", vec![mouse(MK::ScrollDown, 4, 4, NONE)]),
            (b"\x1b[<4;2;2M", vec![mouse(MK::Down(B::Left), 1, 1, SHIFT)]),
            (b"\x1b[<8;2;2M", vec![mouse(MK::Down(B::Left), 1, 1, ALT)]),
            (b"\x1b[<16;2;2M", vec![mouse(MK::Down(B::Left), 1, 1, CTRL)]),
            (b"\x1b[<80;2;2M", vec![mouse(MK::ScrollUp, 1, 1, CTRL)]),
            (b"\x1b[<0;0;0M", vec![mouse(MK::Down(B::Left), 0, 0, NONE)]),
            (
                b"\x1b[<0;99999;99999999999M",
                vec![mouse(MK::Down(B::Left), u16::MAX, u16::MAX, NONE)],
            ),
            (b"\x1b[<66;5;5M", vec![]),
            (b"\x1b[<0;5M", vec![]),
            // Legacy mouse encodings.
            (b"\x1b[M !!", vec![mouse(MK::Down(B::Left), 0, 0, NONE)]),
            (b"\x1b[M#**", vec![mouse(MK::Up(B::Left), 9, 9, NONE)]),
            (b"\x1b[32;10;5M", vec![mouse(MK::Down(B::Left), 9, 4, NONE)]),
            // Bracketed paste.
            (b"\x1b[200~hello\x1b[201~", vec![paste("hello")]),
            (b"\x1b[200~\x1b[201~", vec![paste("")]),
            (
                "\x1b[200~a\r\nb\x1b[A\x1b[20x\x1b[201\x1b\x1b[201~z".as_bytes(),
                vec![paste("a\r\nb\x1b[A\x1b[20x\x1b[201\x1b"), c('z')],
            ),
            ("\x1b[200~é中😀\x1b[201~".as_bytes(), vec![paste("é中😀")]),
            (
                b"\x1b[200~\xff\xfe\x1b[201~",
                vec![paste("\u{fffd}\u{fffd}")],
            ),
            (
                b"x\x1b[200~\x1b\x1b[201~\r",
                vec![c('x'), paste("\x1b"), k(Enter)],
            ),
            (b"\x1b[201~a", vec![c('a')]),
            // Garbage.
            (b"\x00a\x00", vec![c('a')]),
            (b"\x9ba", vec![c('a')]),
            (b"\xffa\xc0\xc1\xf5b", vec![c('a'), c('b')]),
            (b"\xc3(", vec![c('(')]),
            (b"\xe4\xb8a", vec![c('a')]),
            (b"\xe0\x80\x80a", vec![c('a')]),
            (b"\xed\xa0\x80a", vec![c('a')]),
            (b"\xc3", vec![]),
            (b"\x1b[99;99;99X", vec![]),
            (b"\x1b[12;40R", vec![]),
            (b"\x1b[I\x1b[O", vec![]),
            (b"\x1b[?1;2c", vec![]),
            (b"\x1b[1 q", vec![]),
            (b"\x1b[1;2", vec![]),
            (b"\x1b[1;2\ra", vec![k(Enter), c('a')]),
            (b"\x1b[1\x1b[A", vec![k(Up)]),
            (b"\x1b[\xc3\xa9", vec![c('é')]),
            (b"\x1b\x9b", vec![k(Esc)]),
            (b"\x1b\x00x", vec![k(Esc), c('x')]),
            (b"\x1b[[x", vec![c('x')]),
        ]
    }

    #[test]
    fn every_sequence_whole_and_split_everywhere() {
        for (input, want) in cases() {
            check(input, &want);
        }
    }

    #[test]
    fn sequences_back_to_back_and_split_everywhere() {
        let cases = cases();
        // Skip cases whose meaning depends on what follows (a trailing ESC prefix, CR before LF).
        let joinable: Vec<_> = cases
            .iter()
            .filter(|(i, _)| {
                let mut p = InputParser::new();
                p.feed(i);
                !p.pending() && !p.in_paste() && !i.ends_with(b"\r")
            })
            .collect();
        let mut input = Vec::new();
        let mut want = Vec::new();
        for (i, w) in &joinable {
            input.extend_from_slice(i);
            want.extend(w.iter().cloned());
        }
        check(&input, &want);
    }

    #[test]
    fn pending_and_flush() {
        let mut p = InputParser::new();
        assert!(!p.pending());
        assert_eq!(p.feed(b"\x1b"), vec![]);
        assert!(p.pending());
        assert_eq!(p.flush(), vec![k(KeyCode::Esc)]);
        assert!(!p.pending());
        assert_eq!(p.flush(), vec![]);

        assert_eq!(p.feed(b"\x1b["), vec![]);
        assert!(p.pending());
        assert_eq!(p.feed(b"1;5"), vec![]);
        assert!(p.pending());
        assert_eq!(p.feed(b"A"), vec![km(KeyCode::Up, CTRL)]);
        assert!(!p.pending());

        // Partial UTF-8 waits; partial sequence dropped by flush.
        assert_eq!(p.feed(&[0xe4, 0xb8]), vec![]);
        assert!(p.pending());
        assert_eq!(p.feed(&[0xad]), vec![c('中')]);
        assert_eq!(p.feed(b"\x1b[1;"), vec![]);
        assert_eq!(p.flush(), vec![]);
        assert_eq!(p.feed(b"5A"), vec![c('5'), c('A')]);

        // Lone ESC then later a letter: Esc, then a plain letter (not Alt).
        assert_eq!(p.feed(b"\x1b"), vec![]);
        assert_eq!(p.flush(), vec![k(KeyCode::Esc)]);
        assert_eq!(p.feed(b"q"), vec![c('q')]);

        // A CR alone is Enter at once, not held.
        assert_eq!(p.feed(b"\r"), vec![k(KeyCode::Enter)]);
        assert!(!p.pending());
        assert_eq!(p.feed(b"\n"), vec![]);
    }

    #[test]
    fn paste_spans_many_feeds_and_is_not_pending() {
        let mut p = InputParser::new();
        assert_eq!(p.feed(b"\x1b[200~"), vec![]);
        assert!(p.in_paste());
        assert!(!p.pending());
        assert_eq!(p.flush(), vec![], "flush leaves a paste alone");
        for _ in 0..100 {
            assert_eq!(p.feed(b"line\r\n"), vec![]);
        }
        assert_eq!(p.feed(b"\x1b[20"), vec![]);
        assert_eq!(p.flush(), vec![]);
        assert_eq!(p.feed(b"1~"), vec![paste(&"line\r\n".repeat(100))]);
        assert!(!p.in_paste());
        assert_eq!(p.buffered_bytes(), 0);
    }

    #[test]
    fn paste_is_capped() {
        let mut p = InputParser::new();
        p.feed(b"\x1b[200~");
        for _ in 0..(MAX_PASTE / 1000 + 50) {
            assert_eq!(p.feed(&[b'x'; 1000]), vec![]);
            assert!(p.buffered_bytes() <= MAX_PASTE + MAX_SEQUENCE);
        }
        let out = p.feed(b"\x1b[201~ok");
        assert_eq!(out.len(), 3);
        assert_eq!(out[0], paste(&"x".repeat(MAX_PASTE)));
        assert_eq!(out[1..], [c('o'), c('k')]);
    }

    #[test]
    fn a_paste_without_its_end_marker_ends_after_max_paste_bytes() {
        let mut p = InputParser::new();
        p.feed(b"\x1b[200~");
        let mut out = Vec::new();
        for _ in 0..(MAX_PASTE_BYTES / 1000) {
            out.extend(p.feed(&[b'x'; 1000]));
        }
        assert!(out.is_empty() && p.in_paste());
        // The byte past the bound ends the paste and is read as a key, as is what follows.
        out.extend(p.feed(&[b'x'; 1000]));
        assert!(!p.in_paste());
        assert_eq!(out[0], paste(&"x".repeat(MAX_PASTE)));
        assert_eq!(out.len(), 1 + 1000 - MAX_PASTE_BYTES % 1000);
        assert!(out[1..].iter().all(|e| *e == c('x')));
        assert_eq!(p.feed(b"q"), vec![c('q')]);
        assert_eq!(p.buffered_bytes(), 0);
    }

    #[test]
    fn end_paste_ends_a_paste_whose_marker_never_came() {
        let mut p = InputParser::new();
        assert_eq!(p.end_paste(), vec![], "nothing outside a paste");
        p.feed(b"\x1b[200~hello\x1b[20");
        assert!(p.in_paste());
        assert_eq!(p.end_paste(), vec![paste("hello\x1b[20")]);
        assert!(!p.in_paste());
        assert_eq!(p.feed(b"q\x1b[A"), vec![c('q'), k(KeyCode::Up)]);
        // A late end marker is ignored; the next paste is whole again.
        assert_eq!(p.feed(b"\x1b[201~\x1b[200~ab\x1b[201~"), vec![paste("ab")]);
        assert_eq!(p.buffered_bytes(), 0);
    }

    #[test]
    fn capped_paste_ends_on_a_char_boundary() {
        let mut p = InputParser::new();
        p.feed(b"\x1b[200~");
        // 'é' is 2 bytes: MAX_PASTE - 1 ASCII bytes, then the cap falls inside 'é'.
        p.feed(&vec![b'y'; MAX_PASTE - 1]);
        let out = p.feed("éé\x1b[201~".as_bytes());
        assert_eq!(out, vec![paste(&"y".repeat(MAX_PASTE - 1))]);
    }

    #[test]
    fn overlong_sequence_is_discarded() {
        let mut input = b"\x1b[".to_vec();
        input.extend(std::iter::repeat_n(b'1', 10_000));
        input.extend_from_slice(b"Aq");
        check(&input, &[c('q')]);
        let mut p = InputParser::new();
        p.feed(&input[..5000]);
        assert!(p.buffered_bytes() <= MAX_SEQUENCE);
    }

    #[test]
    fn garbage_in_a_sequence_is_read_as_input() {
        check(b"\x1b[1;\x03", &[ctrl('c')]);
        check(b"\x1bO\ta", &[k(KeyCode::Tab), c('a')]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn random_bytes_in_random_chunks(
            data in proptest::collection::vec(any::<u8>(), 0..600),
            cuts in proptest::collection::vec(1usize..40, 1..60),
        ) {
            let whole = run(&[&data]);
            let mut chunks: Vec<&[u8]> = Vec::new();
            let mut rest = &data[..];
            let mut i = 0;
            while !rest.is_empty() {
                let n = cuts[i % cuts.len()].min(rest.len());
                let (a, b) = rest.split_at(n);
                chunks.push(a);
                rest = b;
                i += 1;
            }
            prop_assert_eq!(run(&chunks), whole);
        }

        #[test]
        fn escape_heavy_random_input(
            data in proptest::collection::vec(
                prop_oneof![
                    Just(0x1bu8), Just(b'['), Just(b'O'), Just(b'<'), Just(b';'), Just(b'~'),
                    Just(b'2'), Just(b'0'), Just(b'1'), Just(b'M'), Just(b'm'), Just(b'\r'),
                    Just(b'\n'), Just(0xc3), Just(0xa9), Just(0x9b), any::<u8>(),
                ],
                0..800,
            ),
            cut in 1usize..50,
        ) {
            let whole = run(&[&data]);
            let chunks: Vec<&[u8]> = data.chunks(cut).collect();
            prop_assert_eq!(run(&chunks), whole);
        }
    }
}
