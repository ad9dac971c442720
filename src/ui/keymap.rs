//! Key bindings as data: one table per screen and mode drives the screen's key handler, its
//! footer hints and its help (gitui's key configuration is the model), so the three cannot
//! drift apart.
//!
//! A [`Binding`] holds the keys, the action (the screen's own enum), when it applies (named
//! conditions of the screen, all of which must hold), its footer hints and its help line.
//! - The handler takes the first binding, in table order, that takes the key and applies
//!   now; a key no binding takes does nothing. Modifiers are not looked at (Ctrl-C and
//!   Ctrl-D are the app's), except by a line of text.
//! - A footer shows the hints of the bindings that apply now, by rank (most important
//!   first; footers show as many as fit); a hint may have conditions of its own.
//! - Help lists the lines of the bindings that apply now, in table order, each line once
//!   (several bindings may share one line). A binding without a help line is named by a
//!   hint (the key that opens the help, the keys of a dialog), is typed into a line of
//!   text, or only says why nothing happens ([`Help::Explains`]).

use super::input::{Key, KeyCode};

/// The named conditions of one screen, tested against its state.
pub(crate) trait Conditions<C> {
    fn holds(&self, c: C) -> bool;
}

impl<C, T: Conditions<C>> Conditions<C> for &T {
    fn holds(&self, c: C) -> bool {
        (**self).holds(c)
    }
}

/// The keys a binding takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Keys {
    Of(&'static [KeyCode]),
    /// What a line of text takes: any character, Backspace and Delete.
    Typing,
    /// Any character.
    Chars,
    /// Any key the bindings before it did not take.
    Any,
}

impl Keys {
    fn take(self, code: KeyCode) -> bool {
        match self {
            Keys::Of(keys) => keys.contains(&code),
            Keys::Typing => matches!(
                code,
                KeyCode::Char(_) | KeyCode::Backspace | KeyCode::Delete
            ),
            Keys::Chars => matches!(code, KeyCode::Char(_)),
            Keys::Any => true,
        }
    }
}

/// How the help lists a binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Help {
    /// A line of the help: the keys as shown, and what they do.
    Line(&'static str, &'static str),
    /// Not in the help: named by a hint, or typed into a line of text.
    None,
    /// Not in the help: the key only says (in a message) why nothing happens here.
    Explains,
}

/// A footer or dialog hint: `key words`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hint<C: 'static> {
    /// Lower first.
    pub rank: u8,
    pub key: &'static str,
    pub words: &'static str,
    /// Shown only while these hold too.
    pub when: &'static [C],
}

pub(crate) const fn hint<C: Copy>(rank: u8, key: &'static str, words: &'static str) -> Hint<C> {
    Hint {
        rank,
        key,
        words,
        when: &[],
    }
}

impl<C: Copy> Hint<C> {
    pub(crate) const fn when(self, when: &'static [C]) -> Hint<C> {
        Hint { when, ..self }
    }
}

/// One binding of a table: see the module documentation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Binding<A: 'static, C: 'static> {
    pub keys: Keys,
    /// `None`: a help line only (what the mouse does).
    pub action: Option<A>,
    pub when: &'static [C],
    pub hints: &'static [Hint<C>],
    pub help: Help,
}

const fn binding<A: Copy, C: Copy>(keys: Keys, action: Option<A>) -> Binding<A, C> {
    Binding {
        keys,
        action,
        when: &[],
        hints: &[],
        help: Help::None,
    }
}

/// `keys` do `action`.
pub(crate) const fn on<A: Copy, C: Copy>(keys: &'static [KeyCode], action: A) -> Binding<A, C> {
    binding(Keys::Of(keys), Some(action))
}

/// A line of text takes the key.
pub(crate) const fn typing<A: Copy, C: Copy>(action: A) -> Binding<A, C> {
    binding(Keys::Typing, Some(action))
}

/// Any character.
pub(crate) const fn chars<A: Copy, C: Copy>(action: A) -> Binding<A, C> {
    binding(Keys::Chars, Some(action))
}

/// A hint that belongs to no key (a tip in the footer).
pub(crate) const fn tip<A: Copy, C: Copy>(hints: &'static [Hint<C>]) -> Binding<A, C> {
    Binding {
        hints,
        ..binding(Keys::Of(&[]), None)
    }
}

/// Any key not taken before.
pub(crate) const fn any<A: Copy, C: Copy>(action: A) -> Binding<A, C> {
    binding(Keys::Any, Some(action))
}

/// A help line without a key (the mouse).
pub(crate) const fn note<A: Copy, C: Copy>(
    key: &'static str,
    words: &'static str,
) -> Binding<A, C> {
    Binding {
        help: Help::Line(key, words),
        ..binding(Keys::Of(&[]), None)
    }
}

impl<A: Copy, C: Copy> Binding<A, C> {
    pub(crate) const fn when(self, when: &'static [C]) -> Binding<A, C> {
        Binding { when, ..self }
    }

    pub(crate) const fn hints(self, hints: &'static [Hint<C>]) -> Binding<A, C> {
        Binding { hints, ..self }
    }

    pub(crate) const fn help(self, key: &'static str, words: &'static str) -> Binding<A, C> {
        Binding {
            help: Help::Line(key, words),
            ..self
        }
    }

    pub(crate) const fn explains(self) -> Binding<A, C> {
        Binding {
            help: Help::Explains,
            ..self
        }
    }

    fn applies(&self, cx: &impl Conditions<C>) -> bool {
        self.when.iter().all(|c| cx.holds(*c))
    }
}

/// No conditions: for tables whose bindings always apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Never {}

/// The context of a table without conditions.
pub(crate) struct Always;

impl Conditions<Never> for Always {
    fn holds(&self, c: Never) -> bool {
        match c {}
    }
}

/// What a line of text does with the keys its table gives it: Enter submits, Esc
/// cancels, the rest edits (see `LineInput::key`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ToLine;

/// Shorthand for the character key `c`.
pub(crate) const fn ch(c: char) -> KeyCode {
    KeyCode::Char(c)
}

/// The binding that takes `key` now.
pub(crate) fn find<'t, A: Copy, C: Copy>(
    table: &'t [Binding<A, C>],
    key: Key,
    cx: &impl Conditions<C>,
) -> Option<&'t Binding<A, C>> {
    table
        .iter()
        .find(|b| b.action.is_some() && b.keys.take(key.code) && b.applies(cx))
}

/// What the table does with `key` now.
pub(crate) fn action<A: Copy, C: Copy>(
    table: &[Binding<A, C>],
    key: Key,
    cx: &impl Conditions<C>,
) -> Option<A> {
    find(table, key, cx).and_then(|b| b.action)
}

/// The footer (or a dialog's hint line) now: hints by rank, each once.
pub(crate) fn footer<A: Copy, C: Copy>(
    table: &[Binding<A, C>],
    cx: &impl Conditions<C>,
) -> Vec<(&'static str, &'static str)> {
    let mut hints: Vec<&Hint<C>> = table
        .iter()
        .filter(|b| b.applies(cx))
        .flat_map(|b| b.hints.iter())
        .filter(|h| h.when.iter().all(|c| cx.holds(*c)))
        .collect();
    hints.sort_by_key(|h| h.rank);
    let mut out: Vec<(&str, &str)> = vec![];
    for h in hints {
        if !out.contains(&(h.key, h.words)) {
            out.push((h.key, h.words));
        }
    }
    out
}

/// The help now: the lines of the bindings that apply, in table order, each once.
pub(crate) fn help<A: Copy, C: Copy>(
    table: &[Binding<A, C>],
    cx: &impl Conditions<C>,
) -> Vec<(&'static str, &'static str)> {
    let mut out: Vec<(&str, &str)> = vec![];
    for b in table.iter().filter(|b| b.applies(cx)) {
        if let Help::Line(k, w) = b.help {
            if !out.contains(&(k, w)) {
                out.push((k, w));
            }
        }
    }
    out
}

/// What a screen does with a key, as its help and hints tell it: see [`App::key_doc`].
///
/// [`App::key_doc`]: super::App::key_doc
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyDoc {
    /// The help's line for the key, if it has one.
    pub help: Option<(&'static str, &'static str)>,
    /// Its hints shown now (footer or dialog).
    pub hints: Vec<(&'static str, &'static str)>,
    /// The key is typed into a line of text.
    pub typing: bool,
    /// The key only says why nothing happens.
    pub explains: bool,
}

impl KeyDoc {
    /// The same, its words (and keys that are words) in `lang`.
    pub(crate) fn in_lang(self, lang: crate::i18n::Lang) -> KeyDoc {
        let word = |s| crate::i18n::text_static(lang, s);
        KeyDoc {
            help: self.help.map(|(k, w)| (word(k), word(w))),
            hints: in_lang(self.hints, lang),
            ..self
        }
    }
}

/// What the table does with `key` now, as documented.
pub(crate) fn doc<A: Copy, C: Copy>(
    table: &[Binding<A, C>],
    key: Key,
    cx: &impl Conditions<C>,
) -> Option<KeyDoc> {
    let b = find(table, key, cx)?;
    Some(KeyDoc {
        help: match b.help {
            Help::Line(k, w) => Some((k, w)),
            _ => None,
        },
        hints: b
            .hints
            .iter()
            .filter(|h| h.when.iter().all(|c| cx.holds(*c)))
            .map(|h| (h.key, h.words))
            .collect(),
        typing: b.keys == Keys::Typing,
        explains: b.help == Help::Explains,
    })
}

/// A table with the state its conditions are read from, as help, footers and docs need it
/// (the action and condition types erased, so a screen can hand out whichever table its
/// mode uses).
pub(crate) trait Described {
    fn help(&self) -> Vec<(&'static str, &'static str)>;
    fn footer(&self) -> Vec<(&'static str, &'static str)>;
    fn doc(&self, key: Key) -> Option<KeyDoc>;
}

/// `table` read against `cx`.
pub(crate) struct With<A: 'static, C: 'static, X>(pub &'static [Binding<A, C>], pub X);

impl<A: Copy, C: Copy, X: Conditions<C>> Described for With<A, C, X> {
    fn help(&self) -> Vec<(&'static str, &'static str)> {
        help(self.0, &self.1)
    }

    fn footer(&self) -> Vec<(&'static str, &'static str)> {
        footer(self.0, &self.1)
    }

    fn doc(&self, key: Key) -> Option<KeyDoc> {
        doc(self.0, key, &self.1)
    }
}

/// A table's help, hints and docs in a language: its words (and keys that are words) that
/// are message ids, translated (see [`crate::i18n::text_static`]).
pub(crate) struct InLang(pub Box<dyn Described>, pub crate::i18n::Lang);

impl Described for InLang {
    fn help(&self) -> Vec<(&'static str, &'static str)> {
        in_lang(self.0.help(), self.1)
    }

    fn footer(&self) -> Vec<(&'static str, &'static str)> {
        in_lang(self.0.footer(), self.1)
    }

    fn doc(&self, key: Key) -> Option<KeyDoc> {
        self.0.doc(key).map(|d| d.in_lang(self.1))
    }
}

/// Pairs of keys and words in `lang`.
pub(crate) fn in_lang(
    pairs: Vec<(&'static str, &'static str)>,
    lang: crate::i18n::Lang,
) -> Vec<(&'static str, &'static str)> {
    let word = |s| crate::i18n::text_static(lang, s);
    pairs.into_iter().map(|(k, w)| (word(k), word(w))).collect()
}

/// A table without conditions, boxed.
pub(crate) fn plain<A: Copy>(table: &'static [Binding<A, Never>]) -> Box<dyn Described> {
    Box::new(With(table, Always))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The words a help label may use for a key: `Up`, `arrows`, `hjkl`, `Space`, a digit
    /// range `1 .. 9` ...
    fn named(label: &str, code: KeyCode) -> bool {
        let words: Vec<&str> = label
            .split([' ', ',', '/', '(', ')'])
            .filter(|w| !w.is_empty())
            .collect();
        let has = |w: &str| words.contains(&w);
        match code {
            KeyCode::Char(' ') => has("Space"),
            KeyCode::Char(c) => {
                let s = c.to_string();
                if has(&s) || ("hjkl".contains(c) && has("hjkl")) {
                    return true;
                }
                // `a .. b` ranges of digits.
                words.windows(3).any(|w| {
                    w[1] == ".."
                        && w[0].len() == 1
                        && w[2].len() == 1
                        && (w[0].min(w[2])..=w[0].max(w[2])).contains(&s.as_str())
                })
            }
            KeyCode::Up => has("Up") || has("arrows"),
            KeyCode::Down => has("Down") || has("arrows"),
            KeyCode::Left => has("Left") || has("arrows"),
            KeyCode::Right => has("Right") || has("arrows"),
            KeyCode::Enter => has("Enter"),
            KeyCode::Esc => has("Esc"),
            KeyCode::Tab => has("Tab"),
            KeyCode::BackTab => has("Shift-Tab"),
            KeyCode::PageUp => has("PgUp"),
            KeyCode::PageDown => has("PgDn"),
            KeyCode::Home => has("Home"),
            KeyCode::End => has("End"),
            KeyCode::Delete => has("Del"),
            KeyCode::Backspace => has("Backspace"),
            KeyCode::Insert => has("Ins"),
            KeyCode::F(n) => has(&format!("F{n}")),
        }
    }

    /// Every key of a binding with a help line is named in the line's keys.
    pub(crate) fn labels_name_their_keys<A: Copy, C: Copy>(name: &str, table: &[Binding<A, C>]) {
        for b in table {
            if let (Keys::Of(keys), Help::Line(label, _)) = (b.keys, b.help) {
                // A label that is a message id, as English names the keys.
                let label = crate::i18n::text(crate::i18n::Lang::En, label);
                for &k in keys {
                    assert!(named(&label, k), "{name}: {k:?} is not named in {label:?}");
                }
            }
        }
    }

    #[test]
    fn names_of_keys() {
        assert!(named("Up / Down, j / k", KeyCode::Char('j')));
        assert!(named("arrows / hjkl", KeyCode::Left));
        assert!(named("arrows / hjkl", KeyCode::Char('h')));
        assert!(named("9 .. 2", KeyCode::Char('5')));
        assert!(!named("9 .. 2", KeyCode::Char('1')));
        assert!(named("Enter / Space", KeyCode::Char(' ')));
        assert!(!named("s / F2", KeyCode::Char('f')));
        assert!(named("s / F2", KeyCode::F(2)));
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Act {
        A,
        B,
        C,
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum If {
        On,
    }

    struct Cx(bool);

    impl Conditions<If> for Cx {
        fn holds(&self, _: If) -> bool {
            self.0
        }
    }

    const TABLE: &[Binding<Act, If>] = &[
        on(&[ch('a')], Act::A)
            .when(&[If::On])
            .hints(&[hint(2, "a", "first")])
            .help("a", "does A"),
        on(&[ch('a'), ch('b')], Act::B)
            .hints(&[hint(1, "a/b", "second"), hint(0, "b", "on").when(&[If::On])])
            .help("a / b", "does B"),
        note("mouse", "clicks"),
        any(Act::C).help("a / b", "does B"),
    ];

    #[test]
    fn first_binding_that_applies_wins() {
        let key = |c| Key::plain(KeyCode::Char(c));
        assert_eq!(action(TABLE, key('a'), &Cx(true)), Some(Act::A));
        assert_eq!(action(TABLE, key('a'), &Cx(false)), Some(Act::B));
        assert_eq!(action(TABLE, key('z'), &Cx(false)), Some(Act::C));
        assert_eq!(
            footer(TABLE, &Cx(true)),
            vec![("b", "on"), ("a/b", "second"), ("a", "first")]
        );
        assert_eq!(footer(TABLE, &Cx(false)), vec![("a/b", "second")]);
        assert_eq!(
            help(TABLE, &Cx(true)),
            vec![("a", "does A"), ("a / b", "does B"), ("mouse", "clicks")]
        );
        let d = doc(TABLE, key('b'), &Cx(false)).unwrap();
        assert_eq!(d.help, Some(("a / b", "does B")));
        assert_eq!(d.hints, vec![("a/b", "second")]);
    }
}
