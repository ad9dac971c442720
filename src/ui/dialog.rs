//! Dialogs: new seek / challenge / play the computer, settings, help, quit.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::input::{Key, KeyCode};
use super::keymap::{
    self, any, ch, hint, on, typing, Always, Binding, Conditions, Described, Hint, Never, With,
};
use super::theme::Theme;
use super::widgets::{dialog, fill, pad, put, put_line, InputResult, LineInput};
use super::{ColorDepth, Effect, Settings};
use crate::proto::{BotLevel, ClockSpec, GameTerms, LobbyCmd};
use crate::rules::{Immobility, Numbering, Options, Rules, Variant};
use KeyCode::{BackTab, Down, Enter, Esc, Left, Right, Tab, Up};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum FormKind {
    Seek,
    Challenge,
    Bot,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Field {
    Level,
    Variant,
    TwoSquare,
    MoreSquares,
    Aggressor,
    Silent,
    Rescue,
    DuelRows,
    Immobility,
    Rated,
    Clock,
    CustomClock,
    PrivateTo,
}

const CLOCKS: [&str; 4] = ["none", "3+2", "10+5", "custom"];

/// The new-seek form (also used for challenges and games against the computer).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SeekForm {
    pub kind: FormKind,
    pub guest: bool,
    pub row: usize,
    pub level: BotLevel,
    pub variant: Variant,
    pub options: Options,
    pub rated: bool,
    pub clock: usize,
    pub custom: LineInput,
    pub private_to: LineInput,
    pub error: Option<String>,
}

fn cycle<T: Copy + PartialEq>(all: &[T], cur: T, d: i32) -> T {
    let i = all.iter().position(|x| *x == cur).unwrap_or(0) as i32;
    let n = all.len() as i32;
    all[((i + d) % n + n) as usize % all.len()]
}

impl SeekForm {
    pub fn new(kind: FormKind, guest: bool, private_to: Option<String>) -> SeekForm {
        SeekForm {
            kind,
            guest,
            row: 0,
            level: BotLevel::Easy,
            variant: Variant::Classic,
            options: Options::default(),
            rated: !guest && kind != FormKind::Bot,
            clock: 2,
            custom: LineInput::new(12),
            private_to: LineInput::with_text(private_to.as_deref().unwrap_or(""), 40),
            error: None,
        }
    }

    pub fn fields(&self) -> Vec<Field> {
        let mut f = vec![];
        if self.kind == FormKind::Bot {
            f.push(Field::Level);
        }
        f.extend([
            Field::Variant,
            Field::TwoSquare,
            Field::MoreSquares,
            Field::Aggressor,
            Field::Silent,
            Field::Rescue,
            Field::DuelRows,
            Field::Immobility,
        ]);
        if self.kind != FormKind::Bot {
            f.push(Field::Rated);
        }
        f.push(Field::Clock);
        if self.clock == 3 {
            f.push(Field::CustomClock);
        }
        if self.kind != FormKind::Bot {
            f.push(Field::PrivateTo);
        }
        f
    }

    fn field(&self) -> Field {
        let f = self.fields();
        f[self.row.min(f.len() - 1)]
    }

    pub fn typing(&self) -> bool {
        matches!(self.field(), Field::CustomClock | Field::PrivateTo)
    }

    fn change(&mut self, d: i32) {
        let field = self.field();
        let o = &mut self.options;
        match field {
            Field::Level => self.level = cycle(&BotLevel::ALL, self.level, d),
            Field::Variant => self.variant = cycle(&Variant::ALL, self.variant, d),
            Field::TwoSquare => o.two_square_limit = cycle(&[2, 3, 5], o.two_square_limit, d),
            Field::MoreSquares => o.more_squares = !o.more_squares,
            Field::Aggressor => o.aggressor_advantage = !o.aggressor_advantage,
            Field::Silent => o.silent_defense = !o.silent_defense,
            Field::Rescue => o.rescue = !o.rescue,
            Field::DuelRows => o.duel_setup_rows = cycle(&[3, 4], o.duel_setup_rows, d),
            Field::Immobility => {
                o.immobility = cycle(
                    &[Immobility::OnTurn, Immobility::Immediate],
                    o.immobility,
                    d,
                )
            }
            Field::Rated => {
                if self.guest {
                    self.error =
                        Some("Guests play casual games: log in with a key to play rated".into());
                } else {
                    self.rated = !self.rated;
                }
            }
            Field::Clock => self.clock = ((self.clock as i32 + d).rem_euclid(4)) as usize,
            Field::CustomClock | Field::PrivateTo => {}
        }
    }

    /// Handles a key: `Some(effect)` when submitted, `Err(())` when cancelled.
    /// Handles a key: `Some(effect)` when submitted, `Err(())` when cancelled.
    pub fn key(&mut self, key: Key) -> Result<Option<Effect>, ()> {
        let n = self.fields().len();
        match keymap::action(FORM_KEYS, key, self) {
            None => {}
            Some(FormKey::Cancel) => return Err(()),
            Some(FormKey::Prev) => self.row = (self.row + n - 1) % n,
            Some(FormKey::Next) => self.row = (self.row + 1) % n,
            Some(FormKey::Submit) => return Ok(self.submit()),
            Some(FormKey::Less) => self.change(-1),
            Some(FormKey::More) => self.change(1),
            Some(FormKey::Line) => {
                let input = match self.field() {
                    Field::CustomClock => &mut self.custom,
                    _ => &mut self.private_to,
                };
                if let InputResult::Cancel = input.key(key) {
                    return Err(());
                }
            }
        }
        Ok(None)
    }

    /// The form's keys now.
    pub fn keys(&self) -> Box<dyn Described + '_> {
        Box::new(With(FORM_KEYS, self))
    }

    pub fn paste(&mut self, s: &str) {
        match self.field() {
            Field::CustomClock => self.custom.insert(s),
            Field::PrivateTo => self.private_to.insert(s),
            _ => {}
        }
    }

    pub fn rules(&self) -> Rules {
        Rules::new(self.variant, self.options)
    }

    fn clock_spec(&self) -> Result<Option<ClockSpec>, String> {
        match self.clock {
            0 => Ok(None),
            1 => ClockSpec::parse("3+2"),
            2 => ClockSpec::parse("10+5"),
            _ => match ClockSpec::parse(&self.custom.text) {
                Ok(None) => Err("custom clock: write minutes+increment, like 15+10".into()),
                r => r,
            },
        }
    }

    fn submit(&mut self) -> Option<Effect> {
        let clock = match self.clock_spec() {
            Ok(c) => c,
            Err(e) => {
                self.error = Some(e);
                return None;
            }
        };
        let rules = self.rules();
        if self.kind == FormKind::Bot {
            return Some(Effect::Lobby(LobbyCmd::PlayBot {
                level: self.level,
                rules,
                clock,
            }));
        }
        let to = self.private_to.text.trim().to_string();
        if self.kind == FormKind::Challenge && to.is_empty() {
            self.error = Some("Whom do you challenge? Type a nickname".into());
            return None;
        }
        Some(Effect::Lobby(LobbyCmd::Seek {
            terms: GameTerms {
                rules,
                rated: self.rated && !self.guest,
                clock,
            },
            private_to: if to.is_empty() { None } else { Some(to) },
        }))
    }

    fn value(&self, f: Field) -> (String, String) {
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        let o = &self.options;
        match f {
            Field::Level => ("Computer level".into(), self.level.name().into()),
            Field::Variant => ("Variant".into(), self.variant.name().into()),
            Field::TwoSquare => ("Two-square limit".into(), o.two_square_limit.to_string()),
            Field::MoreSquares => ("More-squares (chasing)".into(), on(o.more_squares)),
            Field::Aggressor => ("Aggressor advantage".into(), on(o.aggressor_advantage)),
            Field::Silent => ("Silent defense".into(), on(o.silent_defense)),
            Field::Rescue => ("Rescue".into(), on(o.rescue)),
            Field::DuelRows => (
                "Duel set-up rows".into(),
                if self.variant == Variant::Duel {
                    o.duel_setup_rows.to_string()
                } else {
                    format!("{} (Duel only)", o.duel_setup_rows)
                },
            ),
            Field::Immobility => (
                "Blocked side loses".into(),
                match o.immobility {
                    Immobility::OnTurn => "on its turn",
                    Immobility::Immediate => "immediately",
                }
                .into(),
            ),
            Field::Rated => (
                "Rated".into(),
                if self.guest {
                    "casual (guests)".into()
                } else if self.rated {
                    "rated".into()
                } else {
                    "casual".into()
                },
            ),
            Field::Clock => ("Clock".into(), CLOCKS[self.clock].into()),
            Field::CustomClock => ("  minutes+increment".into(), self.custom.text.clone()),
            Field::PrivateTo => (
                "Private, only for".into(),
                if self.private_to.text.is_empty() {
                    "(anyone)".into()
                } else {
                    self.private_to.text.clone()
                },
            ),
        }
    }

    pub fn render(&self, buf: &mut Buffer, screen: Rect, t: &Theme) {
        let fields = self.fields();
        let title = match self.kind {
            FormKind::Seek => "New seek",
            FormKind::Challenge => "Challenge",
            FormKind::Bot => "Play the computer",
        };
        let h = fields.len() as u16 + 6;
        let inn = dialog(buf, screen, 60, h, title, t);
        let lw = 26u16;
        for (i, f) in fields.iter().enumerate() {
            let y = inn.y + i as u16;
            if y >= inn.bottom() {
                break;
            }
            let (label, value) = self.value(*f);
            let sel = i == self.row.min(fields.len() - 1);
            if sel {
                fill(buf, Rect::new(inn.x, y, inn.width, 1), t.row_focus());
            }
            let st = if sel { t.row_focus() } else { Style::new() };
            put(buf, inn.x + 1, y, &pad(&label, lw as usize), lw, st);
            let text_field = matches!(f, Field::CustomClock | Field::PrivateTo);
            let v = if text_field {
                if sel {
                    format!("{value}_")
                } else {
                    value
                }
            } else {
                format!("< {value} >")
            };
            put(
                buf,
                inn.x + 1 + lw,
                y,
                &v,
                inn.width.saturating_sub(lw + 1),
                st,
            );
        }
        let y = inn.y + fields.len() as u16 + 1;
        put(
            buf,
            inn.x + 1,
            y,
            &format!("Options: {}", self.options.summary()),
            inn.width.saturating_sub(1),
            t.dim(),
        );
        if let Some(e) = &self.error {
            put(
                buf,
                inn.x + 1,
                y + 1,
                e,
                inn.width.saturating_sub(1),
                t.error(),
            );
        }
        let keys = key_hints(&self.keys().footer(), t);
        put_line(
            buf,
            inn.x + 1,
            inn.bottom().saturating_sub(1),
            &keys,
            inn.width.saturating_sub(1),
        );
    }
}

/// What a key of the seek form does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FormKey {
    Cancel,
    Prev,
    Next,
    Submit,
    /// The value of the field, back or on.
    Less,
    More,
    /// The text field takes it.
    Line,
}

/// When a key of the seek form applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FormIf {
    /// A text field (custom clock, private to) is chosen.
    Text,
    Choice,
}

impl Conditions<FormIf> for SeekForm {
    fn holds(&self, c: FormIf) -> bool {
        match c {
            FormIf::Text => self.typing(),
            FormIf::Choice => !self.typing(),
        }
    }
}

const FIELD: &[Hint<FormIf>] = &[hint(0, "Up/Down", "field")];
const CHANGE: &[Hint<FormIf>] = &[hint(1, "Left/Right", "change")];

/// The seek form's keys (its hints are its help).
const FORM_KEYS: &[Binding<FormKey, FormIf>] = &[
    on(&[Esc], FormKey::Cancel).hints(&[hint(3, "Esc", "cancel")]),
    on(&[Up, BackTab], FormKey::Prev).hints(FIELD),
    on(&[Down, Tab], FormKey::Next).hints(FIELD),
    on(&[Enter], FormKey::Submit).hints(&[hint(2, "Enter", "post")]),
    typing(FormKey::Line).when(&[FormIf::Text]),
    on(&[Left, ch('h')], FormKey::Less)
        .when(&[FormIf::Choice])
        .hints(CHANGE),
    on(&[Right, ch('l'), ch(' ')], FormKey::More)
        .when(&[FormIf::Choice])
        .hints(CHANGE),
    on(&[ch('k')], FormKey::Prev)
        .when(&[FormIf::Choice])
        .hints(FIELD),
    on(&[ch('j')], FormKey::Next)
        .when(&[FormIf::Choice])
        .hints(FIELD),
];

/// What a key of the settings dialog does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SettingsKey {
    Up,
    Down,
    Change,
    Close,
}

/// The settings dialog's keys: any other key closes it.
pub(crate) const SETTINGS_KEYS: &[Binding<SettingsKey, Never>] = &[
    on(&[Up, ch('k')], SettingsKey::Up).hints(&[hint(0, "Up/Down", "choose")]),
    on(&[Down, ch('j'), Tab], SettingsKey::Down).hints(&[hint(0, "Up/Down", "choose")]),
    on(
        &[Enter, ch(' '), Left, Right, ch('h'), ch('l')],
        SettingsKey::Change,
    )
    .hints(&[hint(1, "Enter/Space", "change")]),
    any(SettingsKey::Close).hints(&[hint(2, "Esc", "close")]),
];

/// The quit question's keys (Ctrl-C quits too): any other key is no.
pub(crate) const QUIT_KEYS: &[Binding<bool, Never>] = &[
    on(&[ch('y'), ch('Y'), Enter], true).hints(&[hint(0, "y", "yes")]),
    any(false).hints(&[hint(1, "n/Esc", "no")]),
];

/// The help's key: any key closes it.
pub(crate) const HELP_KEYS: &[Binding<(), Never>] =
    &[any(()).hints(&[hint(0, "any key", "closes this help")])];

/// Settings rows: numbering, ASCII, colours.
pub(crate) const SETTINGS_ROWS: usize = 3;

/// Changes one setting; returns the new settings.
pub(crate) fn change_setting(s: &Settings, row: usize) -> Settings {
    let mut s = s.clone();
    match row {
        0 => {
            s.numbering = match s.numbering {
                Numbering::Modern => Numbering::Classic,
                Numbering::Classic => Numbering::Modern,
            }
        }
        1 => s.ascii = !s.ascii,
        _ => {
            s.color = match s.color {
                ColorDepth::TrueColor => ColorDepth::Ansi256,
                ColorDepth::Ansi256 => ColorDepth::Ansi16,
                ColorDepth::Ansi16 => ColorDepth::Mono,
                ColorDepth::Mono => ColorDepth::TrueColor,
            }
        }
    }
    s
}

pub(crate) fn render_settings(buf: &mut Buffer, screen: Rect, s: &Settings, row: usize, t: &Theme) {
    let inn = dialog(buf, screen, 56, 10, "Settings", t);
    let rows = [
        (
            "Piece numbering",
            match s.numbering {
                Numbering::Modern => "modern (Marshal 10, Scout 2)",
                Numbering::Classic => "classic (Marshal 1, Scout 9)",
            },
        ),
        ("ASCII only", if s.ascii { "on" } else { "off" }),
        (
            "Colours",
            match s.color {
                ColorDepth::TrueColor => "24-bit",
                ColorDepth::Ansi256 => "256",
                ColorDepth::Ansi16 => "16",
                ColorDepth::Mono => "none",
            },
        ),
    ];
    for (i, (label, value)) in rows.iter().enumerate() {
        let y = inn.y + 1 + i as u16;
        let st = if i == row {
            t.row_focus()
        } else {
            Style::new()
        };
        if i == row {
            fill(buf, Rect::new(inn.x, y, inn.width, 1), st);
        }
        put(buf, inn.x + 1, y, &pad(label, 18), 18, st);
        put(
            buf,
            inn.x + 19,
            y,
            &format!("< {value} >"),
            inn.width.saturating_sub(19),
            st,
        );
    }
    let keys = key_hints(&keymap::footer(SETTINGS_KEYS, &Always), t);
    put_line(
        buf,
        inn.x + 1,
        inn.bottom().saturating_sub(1),
        &keys,
        inn.width.saturating_sub(1),
    );
}

pub(crate) fn render_help(
    buf: &mut Buffer,
    screen: Rect,
    title: &str,
    keys: &[(&str, &str)],
    t: &Theme,
) {
    let h = keys.len() as u16 + 4;
    let inn = dialog(buf, screen, 72, h, title, t);
    for (i, (k, d)) in keys.iter().enumerate() {
        let y = inn.y + i as u16;
        if y >= inn.bottom().saturating_sub(1) {
            break;
        }
        put(buf, inn.x + 1, y, k, 22, t.key());
        put(
            buf,
            inn.x + 24,
            y,
            d,
            inn.width.saturating_sub(24),
            Style::new(),
        );
    }
    let closes = keymap::footer(HELP_KEYS, &Always)
        .iter()
        .map(|(k, w)| format!("{k} {w}"))
        .collect::<Vec<_>>()
        .join("  ");
    put(
        buf,
        inn.x + 1,
        inn.bottom().saturating_sub(1),
        &closes,
        inn.width.saturating_sub(1),
        t.dim(),
    );
}

/// A yes/no question with its keys (`hints`, from the question's key table).
pub(crate) fn render_confirm(
    buf: &mut Buffer,
    screen: Rect,
    title: &str,
    text: &str,
    hints: &[(&str, &str)],
    t: &Theme,
) {
    let w = (text.chars().count() as u16 + 6).clamp(30, 70);
    let inn = dialog(buf, screen, w, 5, title, t);
    put(
        buf,
        inn.x + 1,
        inn.y,
        text,
        inn.width.saturating_sub(1),
        Style::new(),
    );
    let mut spans = vec![];
    for (i, (key, what)) in hints.iter().enumerate() {
        let sep = if i + 1 < hints.len() { "   " } else { "" };
        spans.push(Span::styled(key.to_string(), t.key()));
        spans.push(Span::styled(format!(" {what}{sep}"), t.dim()));
    }
    let keys = Line::from(spans);
    put_line(
        buf,
        inn.x + 1,
        inn.y + 2,
        &keys,
        inn.width.saturating_sub(1),
    );
}

/// `Key action  Key action ...` with keys highlighted, for the bottom line of a dialog.
pub(crate) fn key_hints(pairs: &[(&str, &str)], t: &Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, (key, what)) in pairs.iter().enumerate() {
        let sep = if i + 1 < pairs.len() { "  " } else { "" };
        spans.push(Span::styled(key.to_string(), t.key()));
        spans.push(Span::styled(format!(" {what}{sep}"), t.dim()));
    }
    Line::from(spans)
}

#[cfg(test)]
mod key_tests {
    use super::*;
    use crate::ui::keymap::tests::labels_name_their_keys;

    /// Every key of a binding with a help line is named in the line.
    #[test]
    fn help_labels_name_their_keys() {
        labels_name_their_keys("seek form", FORM_KEYS);
        labels_name_their_keys("settings", SETTINGS_KEYS);
        labels_name_their_keys("quit", QUIT_KEYS);
        labels_name_their_keys("help", HELP_KEYS);
    }
}
