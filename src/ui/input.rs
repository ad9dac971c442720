//! Terminal input bytes to events: keys (with escape sequences split across packets, a lone
//! Esc), bracketed paste, and SGR mouse reports.

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
