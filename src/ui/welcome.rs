//! The name card. On a key's first login it welcomes the player: it shows the name the key
//! is about to keep, lets the player type another, and says how keys and guests work (the
//! exact `ssh-keygen` and `ssh NAME@host` lines). Later, from one's own profile, the same
//! card makes the one rename.
//!
//! The card asks with [`Effect::Rename`] and stays open until the answer
//! ([`Msg::Renamed`](super::Msg::Renamed)): a refusal is shown on the card so the player can
//! try another name; a new name closes it. A name the server would refuse for its form
//! (`text::clean_nick`) is refused here at once, with the same sentence.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::dialog::key_hints;
use super::input::{Key, KeyCode};
use super::keymap::{self, hint, on, typing, Binding, Conditions, Described, Hint, With};
use super::theme::Theme;
use super::widgets::{dialog, put_line, wrap, InputResult, LineInput};
use super::Effect;
use crate::i18n::{tr, Lang};
use crate::t;
use crate::text::clean_nick;
use KeyCode::{Enter, Esc};

/// Where players reach this server, for the `ssh NAME@host` line the card shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    /// Host name or address, as players type it.
    pub host: String,
    pub port: u16,
}

impl Address {
    /// `ssh -p PORT NAME@HOST` (no `-p` for port 22).
    pub fn ssh_line(&self, name: &str) -> String {
        if self.port == 22 {
            format!("ssh {name}@{}", self.host)
        } else {
            format!("ssh -p {} {name}@{}", self.port, self.host)
        }
    }
}

/// What the card is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// A key's first login: keep the name shown or choose another.
    Welcome,
    /// The one rename, from one's own profile.
    Rename,
    /// A guest's arrival (no key): what a guest can and cannot do, how to keep a name.
    /// No name to type: a guest's name is given.
    Guest,
}

/// The name card (see the module documentation).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct NameCard {
    pub purpose: Purpose,
    /// The player's name now: kept when nothing else is chosen.
    pub current: String,
    /// Another name, typed.
    pub input: LineInput,
    /// The name asked for, until the server answers.
    pub asked: Option<String>,
    /// Why the last name was refused.
    pub error: Option<Error>,
    pub address: Option<Address>,
}

/// Why a name was refused.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Error {
    /// Enter with nothing typed on the rename card.
    TypeFirst,
    /// The name rule refused it (worded in the card's language when drawn).
    Rule(crate::text::NickError),
    /// As the server said it.
    Said(String),
}

impl Error {
    fn text(&self, lang: Lang) -> String {
        match self {
            Error::TypeFirst => tr(lang, "welcome-type-first"),
            Error::Rule(e) => capitalized(&crate::proto::nick_refusal(e).text(lang)),
            Error::Said(s) => s.clone(),
        }
    }
}

/// Longest name typed (the rule allows 16; a longer one is refused with the rule).
const TYPED_MAX: usize = 24;

impl NameCard {
    pub fn welcome(current: &str, address: Option<Address>) -> NameCard {
        NameCard {
            purpose: Purpose::Welcome,
            current: current.to_string(),
            input: LineInput::new(TYPED_MAX),
            asked: None,
            error: None,
            address,
        }
    }

    /// The card a guest sees on arrival.
    pub fn guest(current: &str, address: Option<Address>) -> NameCard {
        NameCard {
            purpose: Purpose::Guest,
            ..NameCard::welcome(current, address)
        }
    }

    pub fn rename(current: &str) -> NameCard {
        NameCard {
            purpose: Purpose::Rename,
            ..NameCard::welcome(current, None)
        }
    }

    /// The card's keys now.
    pub fn keys(&self) -> Box<dyn Described + '_> {
        Box::new(With(KEYS, self))
    }

    /// A key: whether the card stays open, and what to ask the server.
    pub fn key(&mut self, k: Key) -> (bool, Option<Effect>) {
        match keymap::action(KEYS, k, &*self) {
            None => (true, None),
            Some(NameKey::Keep) => (false, None),
            Some(NameKey::Take) => self.take(),
            Some(NameKey::Line) => match self.input.key(k) {
                InputResult::Cancel => (false, None),
                _ => {
                    self.error = None;
                    (true, None)
                }
            },
        }
    }

    fn take(&mut self) -> (bool, Option<Effect>) {
        let typed = self.input.text.trim().to_string();
        if self.purpose == Purpose::Guest {
            return (false, None);
        }
        if typed.is_empty() || typed == self.current {
            if self.purpose == Purpose::Welcome {
                return (false, None);
            }
            self.error = Some(Error::TypeFirst);
            return (true, None);
        }
        match clean_nick(&typed) {
            Err(e) => {
                self.error = Some(Error::Rule(e));
                (true, None)
            }
            Ok(name) => {
                self.error = None;
                self.asked = Some(name.clone());
                (true, Some(Effect::Rename(name)))
            }
        }
    }

    pub fn paste(&mut self, s: &str) {
        self.input.insert(s);
        self.error = None;
    }

    /// The server refused the name asked for.
    pub fn refused(&mut self, why: &str) {
        self.asked = None;
        self.error = Some(Error::Said(crate::text::clean_line(why, 200)));
    }

    /// The lines of the card's text (before the name field, after it), wrapped to `w`.
    fn texts(&self, w: usize, t: &Theme) -> (Vec<Line<'static>>, Vec<Line<'static>>) {
        let l = t.lang;
        let wrapped = |s: &str| -> Vec<Line<'static>> {
            wrap(s, w)
                .into_iter()
                .map(|l| Line::from(Span::raw(l)))
                .collect()
        };
        let plain = |id: &str| -> Vec<Line<'static>> { wrapped(&tr(l, id)) };
        let command = |s: String| Line::from(Span::styled(format!("  {s}"), t.accent()));
        match self.purpose {
            Purpose::Welcome => {
                let before = plain("welcome-new-key");
                let mut after = vec![Line::default()];
                after.extend(plain("welcome-key-is-account"));
                after.push(command("ssh-keygen -t ed25519".into()));
                after.extend(plain("welcome-then-connect"));
                match &self.address {
                    Some(a) => after.push(command(a.ssh_line("NAME"))),
                    None => {
                        after.push(command("ssh NAME@HOST".into()));
                        after.extend(
                            plain("welcome-host-note")
                                .into_iter()
                                .map(|l| l.style(t.dim())),
                        );
                    }
                }
                after.extend(plain("welcome-rename-later"));
                (before, after)
            }
            Purpose::Guest => {
                let mut before =
                    wrapped(&t!(l, "welcome-guest-intro", nick = self.current.as_str()));
                before.push(Line::default());
                before.extend(plain("welcome-guest-can"));
                let mut after = plain("welcome-guest-keep");
                after.push(command("ssh-keygen -t ed25519".into()));
                after.extend(plain("welcome-then-connect"));
                match &self.address {
                    Some(a) => after.push(command(a.ssh_line("NAME"))),
                    None => after.push(command("ssh NAME@HOST".into())),
                }
                (before, after)
            }
            Purpose::Rename => {
                let before = plain("welcome-rename-intro");
                (before, vec![])
            }
        }
    }

    pub fn render(&self, buf: &mut Buffer, screen: Rect, t: &Theme) {
        let w = 76u16.min(screen.width);
        let text_w = w.saturating_sub(4) as usize;
        let (before, after) = self.texts(text_w, t);
        let l = t.lang;
        let under = match (&self.error, &self.asked) {
            (Some(e), _) => Line::from(Span::styled(e.text(l), t.error())),
            (None, Some(n)) => Line::from(Span::styled(
                t!(l, "welcome-asking", nick = n.as_str()),
                t.dim(),
            )),
            (None, None) => Line::from(Span::styled(tr(l, "welcome-name-rule"), t.dim())),
        };
        // The rows: text, a blank, the name field (`None`), the line under it, the text
        // after; then a blank and the keys.
        let mut rows: Vec<Option<Line<'static>>> = before.into_iter().map(Some).collect();
        rows.push(Some(Line::default()));
        if self.purpose != Purpose::Guest {
            rows.push(None);
            rows.extend(wrap_line(&under, text_w).into_iter().map(Some));
        }
        rows.extend(after.into_iter().map(Some));
        let h = rows.len() as u16 + 2 + 2;
        let title = match self.purpose {
            Purpose::Welcome | Purpose::Guest => tr(l, "welcome-title"),
            Purpose::Rename => tr(l, "welcome-rename-title"),
        };
        let inn = dialog(buf, screen, w, h, &title, t);
        let (x, width) = (inn.x + 1, inn.width.saturating_sub(2));
        let last = inn.bottom().saturating_sub(2);
        for (y, row) in (inn.y..last).zip(&rows) {
            match row {
                Some(l) => {
                    put_line(buf, x, y, l, width);
                }
                None => self.name_field(buf, x, y, width, t),
            }
        }
        let hints = self.keys().footer();
        let y = inn.bottom().saturating_sub(1);
        put_line(buf, x, y, &key_hints(&hints, t), width);
    }

    /// `name: alice_`: the name typed, or on the welcome card the name kept.
    fn name_field(&self, buf: &mut Buffer, x: u16, y: u16, width: u16, t: &Theme) {
        let prompt = match self.purpose {
            Purpose::Welcome | Purpose::Guest => tr(t.lang, "welcome-name"),
            Purpose::Rename => tr(t.lang, "welcome-new-name"),
        } + " ";
        if self.input.text.is_empty() && self.purpose == Purpose::Welcome {
            let l = Line::from(vec![
                Span::styled(prompt, t.accent()),
                Span::styled(format!("{}_", self.current), t.title()),
                Span::styled(format!("  {}", tr(t.lang, "welcome-or-type")), t.dim()),
            ]);
            put_line(buf, x, y, &l, width);
        } else {
            self.input.render(buf, x, y, width, &prompt, t);
        }
    }
}

/// A one-span line wrapped to `w`, each piece in the span's style.
fn wrap_line(l: &Line<'_>, w: usize) -> Vec<Line<'static>> {
    let style = l.spans.first().map_or(Style::new(), |s| s.style);
    let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
    wrap(&text, w)
        .into_iter()
        .map(|s| Line::from(Span::styled(s, style)))
        .collect()
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// What a key of the name card does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NameKey {
    /// The name typed (or, with nothing typed on the welcome card, the name shown).
    Take,
    /// Keep the name one has: close the card.
    Keep,
    /// Typed into the name.
    Line,
}

/// When a key of the card applies (or its hint shows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum If {
    Welcome,
    Rename,
    Guest,
    /// A name may be typed (not on a guest's card).
    Naming,
    /// Nothing typed yet.
    Empty,
    Typed,
}

impl Conditions<If> for NameCard {
    fn holds(&self, c: If) -> bool {
        match c {
            If::Welcome => self.purpose == Purpose::Welcome,
            If::Rename => self.purpose == Purpose::Rename,
            If::Guest => self.purpose == Purpose::Guest,
            If::Naming => self.purpose != Purpose::Guest,
            If::Empty => self.input.text.trim().is_empty(),
            If::Typed => !self.input.text.trim().is_empty(),
        }
    }
}

/// The card's keys (its hints are its help: `?` is typed into the name).
const KEYS: &[Binding<NameKey, If>] = &[
    on(&[Enter], NameKey::Take).hints(&[
        KEEP,
        hint(0, "Enter", "welcome-keys-take").when(&[If::Welcome, If::Typed]),
        hint(0, "Enter", "welcome-keys-change").when(&[If::Rename]),
        hint(0, "Enter/Esc", "welcome-keys-start").when(&[If::Guest]),
    ]),
    on(&[Esc], NameKey::Keep).hints(&[
        KEEP,
        hint(1, "Esc", "welcome-keys-keep-mine").when(&[If::Welcome, If::Typed]),
        hint(1, "Esc", "welcome-keys-cancel").when(&[If::Rename]),
    ]),
    typing(NameKey::Line).when(&[If::Naming]),
];

/// Nothing typed on the welcome card: Enter and Esc both keep the name shown.
const KEEP: Hint<If> =
    hint(0, "Enter/Esc", "welcome-keys-keep-this").when(&[If::Welcome, If::Empty]);

#[cfg(test)]
mod tests {
    use super::*;

    fn press(c: &mut NameCard, code: KeyCode) -> (bool, Option<Effect>) {
        c.key(Key::plain(code))
    }

    #[test]
    fn enter_keeps_or_asks_for_the_name_typed() {
        let mut c = NameCard::welcome("root", None);
        assert_eq!(press(&mut c, Enter), (false, None));
        for ch in "x.y".chars() {
            press(&mut c, KeyCode::Char(ch));
        }
        assert_eq!(press(&mut c, Enter), (true, None));
        let said = |c: &NameCard| c.error.as_ref().map(|e| e.text(Lang::En));
        assert!(said(&c).unwrap().contains("cannot contain '.'"));
        for _ in 0..3 {
            press(&mut c, KeyCode::Backspace);
        }
        for ch in "alice".chars() {
            press(&mut c, KeyCode::Char(ch));
        }
        assert_eq!(
            press(&mut c, Enter),
            (true, Some(Effect::Rename("alice".into())))
        );
        c.refused("that name is taken");
        assert_eq!(said(&c).as_deref(), Some("that name is taken"));
        assert_eq!(press(&mut c, Esc), (false, None));
    }

    #[test]
    fn the_ssh_line_names_the_port_unless_22() {
        let a = Address {
            host: "example.org".into(),
            port: 2222,
        };
        assert_eq!(a.ssh_line("NAME"), "ssh -p 2222 NAME@example.org");
        let a = Address { port: 22, ..a };
        assert_eq!(a.ssh_line("bob"), "ssh bob@example.org");
    }
}
