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
use super::vocab::variant_name;
use super::widgets::{
    dialog, fill, footer, footer_rows, pad, put, put_line, wrap, InputResult, LineInput,
};
use super::words::width;
use super::{ColorDepth, Effect, Settings};
use crate::i18n::{text, tr, Lang};
use crate::proto::{BotLevel, ClockSpec, GameTerms, LobbyCmd};
use crate::rules::{Immobility, Numbering, Options, Rules, Variant};
use crate::t;
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
    /// A correspondence game's total budget (shown when the clock is days a move).
    Budget,
    PrivateTo,
    /// A challenge's game known to its two players only (and casual).
    Private,
}

const CLOCKS: [&str; 4] = ["none", "3+2", "10+5", "custom"];
/// The clock choices past [`CLOCKS`] in a seek's or challenge's form: a correspondence
/// game, days a move (the computer is not offered them: it would answer every move at once).
const DAYS: [u8; 3] = crate::proto::CORRESPONDENCE_DAYS;
/// A correspondence game's total budgets, after "none" ([`SeekForm::budget`]).
const BUDGETS: [u8; 3] = crate::proto::CORRESPONDENCE_BUDGETS;

/// The new-seek form (also used for challenges and games against the computer).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SeekForm {
    pub kind: FormKind,
    pub guest: bool,
    pub row: usize,
    pub level: BotLevel,
    /// One of the host's agents instead of `level` (games against the computer only).
    pub agent: Option<String>,
    /// The host's agents, offered after our levels.
    pub agents: Vec<String>,
    pub variant: Variant,
    pub options: Options,
    pub rated: bool,
    pub clock: usize,
    /// A correspondence game's total budget: 0 none, else `BUDGETS[budget - 1]` days.
    pub budget: usize,
    pub custom: LineInput,
    pub private_to: LineInput,
    /// Asked private (see [`SeekForm::private`]).
    pub private: bool,
    pub error: Option<FormError>,
}

/// What is wrong with the form, said in the form in the language shown.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum FormError {
    GuestRated,
    /// The custom clock is empty.
    CustomClock,
    /// The custom clock typed is not minutes+increment.
    NotAClock(String),
    ClockRange,
    Whom,
    /// Rated asked while the challenge is private.
    PrivateRated,
}

impl FormError {
    pub fn text(&self, lang: Lang) -> String {
        match self {
            FormError::GuestRated => tr(lang, "form-error-guest-rated"),
            FormError::CustomClock => tr(lang, "form-error-custom-clock"),
            FormError::NotAClock(s) => t!(lang, "form-error-not-a-clock", text = s.as_str()),
            FormError::ClockRange => tr(lang, "form-error-clock-range"),
            FormError::Whom => tr(lang, "form-error-whom"),
            FormError::PrivateRated => tr(lang, "form-error-private-rated"),
        }
    }
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
            agent: None,
            agents: Vec::new(),
            variant: Variant::Classic,
            options: Options::default(),
            rated: !guest && kind != FormKind::Bot,
            // The computer's form starts as Enter plays it (no clock, see BotTerms);
            // a seek or a challenge as most people play (10+5).
            clock: if kind == FormKind::Bot { 0 } else { 2 },
            budget: 0,
            custom: LineInput::new(12),
            private_to: LineInput::with_text(private_to.as_deref().unwrap_or(""), 40),
            private: false,
            error: None,
        }
    }

    /// The same form with the choices of `last` (a form submitted before): level,
    /// variant, rules, rated, clock. Not whom it is for.
    pub fn like(mut self, last: &SeekForm) -> SeekForm {
        self.level = last.level;
        self.agent = last.agent.clone().filter(|a| self.agents.contains(a));
        self.variant = last.variant;
        self.options = last.options;
        self.rated = last.rated && !self.guest;
        self.clock = if last.clock >= CLOCKS.len() && self.kind == FormKind::Bot {
            0
        } else {
            last.clock
        };
        self.budget = last.budget;
        self.custom = last.custom.clone();
        self
    }

    /// Whether the Private row is shown: a challenge, or a seek to a player named.
    fn private_shown(&self) -> bool {
        self.kind == FormKind::Challenge
            || (self.kind == FormKind::Seek && !self.private_to.text.trim().is_empty())
    }

    /// A private challenge: its game is known to the two players only, and casual
    /// (ratings are public).
    pub fn private(&self) -> bool {
        self.private && self.private_shown()
    }

    /// The terms of a game against the computer this form would start.
    pub fn bot_terms(&self) -> Option<BotTerms> {
        Some(BotTerms {
            level: self.level,
            agent: self.agent.clone(),
            rules: self.rules(),
            clock: self.clock_spec().ok()?,
        })
    }

    pub fn fields(&self) -> Vec<Field> {
        let mut f = vec![];
        if self.kind == FormKind::Bot {
            f.push(Field::Level);
        }
        if self.agent.is_some() {
            // Another program plays the rules it was written for.
            f.push(Field::Clock);
            if self.clock == 3 {
                f.push(Field::CustomClock);
            }
            return f;
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
        if self.days().is_some() {
            f.push(Field::Budget);
        }
        if self.kind != FormKind::Bot {
            f.push(Field::PrivateTo);
        }
        if self.private_shown() {
            f.push(Field::Private);
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
            Field::Level => {
                // Our levels, then the host's agents.
                let n = (BotLevel::ALL.len() + self.agents.len()) as i32;
                let at = match &self.agent {
                    Some(a) => {
                        BotLevel::ALL.len() + self.agents.iter().position(|x| x == a).unwrap_or(0)
                    }
                    None => BotLevel::ALL
                        .iter()
                        .position(|l| *l == self.level)
                        .unwrap_or(0),
                } as i32;
                let next = ((at + d) % n + n) as usize % n as usize;
                match BotLevel::ALL.get(next) {
                    Some(l) => {
                        self.level = *l;
                        self.agent = None;
                    }
                    None => self.agent = Some(self.agents[next - BotLevel::ALL.len()].clone()),
                }
            }
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
                    self.error = Some(FormError::GuestRated);
                } else if self.private() {
                    self.error = Some(FormError::PrivateRated);
                } else {
                    self.rated = !self.rated;
                }
            }
            Field::Clock => {
                let n = if self.kind == FormKind::Bot {
                    CLOCKS.len()
                } else {
                    CLOCKS.len() + DAYS.len()
                };
                self.clock = ((self.clock as i32 + d).rem_euclid(n as i32)) as usize
            }
            Field::Budget => {
                let n = (BUDGETS.len() + 1) as i32;
                self.budget = ((self.budget as i32 + d).rem_euclid(n)) as usize
            }
            Field::Private => self.private = !self.private,
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

    fn clock_spec(&self) -> Result<Option<ClockSpec>, FormError> {
        let parse = |s: &str| {
            ClockSpec::parse(s).map_err(|e| {
                // The parser's two refusals: not minutes+increment, or out of range.
                if e.starts_with("clock:") {
                    FormError::ClockRange
                } else {
                    FormError::NotAClock(s.trim().to_string())
                }
            })
        };
        match self.clock {
            0 => Ok(None),
            1 => parse("3+2"),
            2 => parse("10+5"),
            // Days a move: no clock.
            n if n >= CLOCKS.len() => Ok(None),
            _ => match parse(&self.custom.text) {
                Ok(None) => Err(FormError::CustomClock),
                r => r,
            },
        }
    }

    /// Days a move, when the clock chosen is a correspondence one.
    fn days(&self) -> Option<u8> {
        self.clock
            .checked_sub(CLOCKS.len())
            .and_then(|i| DAYS.get(i).copied())
    }

    /// The total budget in days, when the clock chosen is a correspondence one and a
    /// budget is chosen.
    fn budget(&self) -> Option<u8> {
        self.days()?;
        self.budget
            .checked_sub(1)
            .and_then(|i| BUDGETS.get(i).copied())
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
        if let (FormKind::Bot, Some(name)) = (self.kind, &self.agent) {
            return Some(Effect::Lobby(LobbyCmd::PlayAgent {
                name: name.clone(),
                clock,
            }));
        }
        if self.kind == FormKind::Bot {
            return Some(Effect::Lobby(LobbyCmd::PlayBot {
                level: self.level,
                rules,
                clock,
            }));
        }
        let to = self.private_to.text.trim().to_string();
        if self.kind == FormKind::Challenge && to.is_empty() {
            self.error = Some(FormError::Whom);
            return None;
        }
        Some(Effect::Lobby(LobbyCmd::Seek {
            terms: GameTerms {
                rules,
                rated: self.rated && !self.guest && !self.private(),
                clock,
                days: self.days(),
                budget: self.budget(),
            },
            private: self.private(),
            private_to: if to.is_empty() { None } else { Some(to) },
        }))
    }

    /// A field's label and its value, in words.
    fn value(&self, f: Field, lang: Lang) -> (String, String) {
        let o = &self.options;
        let tr = |id| tr(lang, id);
        let on_off = |on: bool, yes, no| tr(if on { yes } else { no });
        match f {
            Field::Level => (
                tr("form-level"),
                match &self.agent {
                    Some(a) => format!("bot-{a}"),
                    None => level_name(lang, self.level),
                },
            ),
            Field::Variant => (tr("form-variant"), variant_name(lang, self.variant)),
            Field::TwoSquare => (
                tr("form-two-square"),
                t!(lang, "form-moves", count = o.two_square_limit),
            ),
            Field::MoreSquares => (
                tr("form-chasing"),
                on_off(o.more_squares, "form-chasing-on", "form-chasing-off"),
            ),
            Field::Aggressor => (
                tr("form-aggressor"),
                on_off(
                    o.aggressor_advantage,
                    "form-aggressor-on",
                    "form-aggressor-off",
                ),
            ),
            Field::Silent => (
                tr("form-silent"),
                on_off(o.silent_defense, "form-silent-on", "form-silent-off"),
            ),
            Field::Rescue => (
                tr("form-rescue"),
                on_off(o.rescue, "form-rescue-on", "form-rescue-off"),
            ),
            Field::DuelRows => (
                tr("form-duel-rows"),
                if self.variant == Variant::Duel {
                    t!(lang, "form-rows", count = o.duel_setup_rows)
                } else {
                    t!(lang, "form-rows-duel-only", count = o.duel_setup_rows)
                },
            ),
            Field::Immobility => (
                tr("form-immobility"),
                tr(match o.immobility {
                    Immobility::OnTurn => "form-immobility-on-turn",
                    Immobility::Immediate => "form-immobility-immediate",
                }),
            ),
            Field::Rated => (
                tr("form-rated"),
                if self.guest {
                    tr("form-rated-guest")
                } else if self.private() {
                    tr("form-rated-private")
                } else {
                    on_off(self.rated, "form-rated-on", "form-rated-off")
                },
            ),
            Field::Private => (
                tr("form-private"),
                on_off(self.private, "form-private-on", "form-private-off"),
            ),
            Field::Clock => (
                tr("form-clock"),
                match self.days() {
                    Some(days) => t!(lang, "form-days", days = days),
                    None => clock_words_in(lang, CLOCKS.get(self.clock).copied().unwrap_or("none")),
                },
            ),
            Field::CustomClock => (
                format!("  {}", tr("form-custom-clock")),
                self.custom.text.clone(),
            ),
            Field::Budget => (
                format!("  {}", tr("form-budget")),
                match self.budget() {
                    Some(days) => t!(lang, "form-budget-days", budget = days),
                    None => tr("form-budget-none"),
                },
            ),
            Field::PrivateTo => (
                tr("form-private-to"),
                if self.private_to.text.is_empty() {
                    tr("form-anyone")
                } else {
                    self.private_to.text.clone()
                },
            ),
        }
    }

    /// What the field chosen means, in a sentence or two.
    fn explain(&self, f: Field, lang: Lang) -> String {
        let o = &self.options;
        let tr = |id| tr(lang, id);
        match f {
            Field::Level if self.agent.is_some() => t!(
                lang,
                "form-about-agent",
                name = self.agent.as_deref().unwrap_or_default()
            ),
            Field::Level => tr(match self.level {
                BotLevel::Random => "form-about-random",
                BotLevel::Easy => "form-about-easy",
                BotLevel::Hard => "form-about-hard",
            }),
            Field::Variant => tr(match self.variant {
                Variant::Classic => "form-about-classic",
                Variant::Duel => "form-about-duel",
                Variant::Barrage => "form-about-barrage",
            }),
            Field::TwoSquare => t!(lang, "form-about-two-square", count = o.two_square_limit),
            Field::MoreSquares => tr("form-about-chasing"),
            Field::Aggressor => tr("form-about-aggressor"),
            Field::Silent => tr("form-about-silent"),
            Field::Rescue => tr("form-about-rescue"),
            Field::DuelRows => tr("form-about-duel-rows"),
            Field::Immobility => tr("form-about-immobility"),
            Field::Rated => tr("form-about-rated"),
            Field::Clock | Field::CustomClock => tr("form-about-clock"),
            Field::Budget => tr("form-about-budget"),
            Field::PrivateTo => tr("form-about-private-to"),
            Field::Private => tr("form-about-private"),
        }
    }

    pub fn render(&self, buf: &mut Buffer, screen: Rect, t: &Theme) {
        let fields = self.fields();
        let lang = t.lang;
        let title = tr(
            lang,
            match self.kind {
                FormKind::Seek => "form-title-seek",
                FormKind::Challenge => "form-title-challenge",
                FormKind::Bot => "form-title-bot",
            },
        );
        let rows: Vec<(String, String)> = fields.iter().map(|f| self.value(*f, lang)).collect();
        let keys = keymap::in_lang(self.keys().footer(), lang);
        // As wide as its labels and values in the language (72 in English), at most the
        // screen: the labels' column as wide as the longest label.
        let lw = rows.iter().map(|(l, _)| width(l) + 1).fold(25, usize::max) as u16;
        let vw = rows.iter().map(|(_, v)| width(v) + 5).max().unwrap_or(0) as u16;
        let w = (2 + 1 + lw + vw).max(72).min(screen.width);
        let width = w.saturating_sub(4);
        // The keys on one row, or two where one is too narrow for them.
        let key_rows = footer_rows(&keys, width);
        // The explanations as many rows as the longest needs (3 in English).
        let about_rows = fields
            .iter()
            .map(|f| wrap(&self.explain(*f, lang), usize::from(width)).len() as u16)
            .fold(EXPLAIN_ROWS, u16::max);
        // Fields, a blank, the chosen field explained, the error, a blank, the keys.
        let h = fields.len() as u16 + 1 + about_rows + 1 + 1 + key_rows + 2;
        let inn = dialog(buf, screen, w, h, &title, t);
        let row = self.row.min(fields.len() - 1);
        for (i, f) in fields.iter().enumerate() {
            let y = inn.y + i as u16;
            if y >= inn.bottom() {
                break;
            }
            let (label, value) = rows[i].clone();
            let sel = i == row;
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
        let width = inn.width.saturating_sub(2);
        let y = inn.y + fields.len() as u16 + 1;
        let about = wrap(&self.explain(fields[row], lang), width as usize);
        for (k, l) in about.iter().take(about_rows as usize).enumerate() {
            put(buf, inn.x + 1, y + k as u16, l, width, t.dim());
        }
        if let Some(e) = &self.error {
            // The error's row and the blank below it.
            let y = y + about_rows;
            for (k, l) in wrap(&e.text(lang), width as usize)
                .iter()
                .take(2)
                .enumerate()
            {
                put(buf, inn.x + 1, y + k as u16, l, width, t.error());
            }
        }
        let keys_at = Rect::new(
            inn.x + 1,
            inn.bottom().saturating_sub(key_rows),
            width,
            key_rows,
        );
        footer(buf, keys_at, &keys, t);
    }
}

/// The terms of a game against the computer.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BotTerms {
    pub level: BotLevel,
    /// One of the host's agents instead of `level`.
    pub agent: Option<String>,
    pub rules: Rules,
    pub clock: Option<ClockSpec>,
}

impl Default for BotTerms {
    /// A newcomer's first game: easy, Classic, no clock.
    fn default() -> Self {
        BotTerms {
            level: BotLevel::Easy,
            agent: None,
            rules: Rules::standard(Variant::Classic),
            clock: None,
        }
    }
}

impl BotTerms {
    /// `easy, no clock` (the variant and other rules named when not the usual).
    pub fn words(&self, lang: Lang) -> String {
        let mut w = vec![match &self.agent {
            Some(a) => format!("bot-{a}"),
            None => level_name(lang, self.level),
        }];
        if self.agent.is_none() && self.rules.variant != Variant::Classic {
            w.push(variant_name(lang, self.rules.variant));
        }
        if self.agent.is_none() && self.rules.options != Options::default() {
            w.push(tr(lang, "form-own-rules"));
        }
        w.push(match self.clock {
            None => tr(lang, "form-no-clock"),
            Some(c) => clock_words_in(lang, &c.to_string()),
        });
        w.join(", ")
    }

    pub fn cmd(&self) -> LobbyCmd {
        if let Some(name) = &self.agent {
            return LobbyCmd::PlayAgent {
                name: name.clone(),
                clock: self.clock,
            };
        }
        LobbyCmd::PlayBot {
            level: self.level,
            rules: self.rules,
            clock: self.clock,
        }
    }
}

/// The rule options in words, for a seek already posted: `two-square 3 moves, chasing
/// rule, the attacker wins ties, ...` (English: the admin screen's, until it speaks the
/// player's language; see [`rule_items`]).
pub(crate) fn rules_words(o: &Options, variant: Variant) -> String {
    rule_items(Lang::En, o, variant).join(", ")
}

/// The rule options in words in `lang`, one item each (the seeks list's border fits as
/// many as it has room for).
pub(crate) fn rule_items(lang: Lang, o: &Options, variant: Variant) -> Vec<String> {
    let mut w = vec![match o.two_square_limit {
        0 => tr(lang, "form-rules-no-two-square"),
        n => t!(lang, "form-rules-two-square", count = n),
    }];
    w.push(tr(
        lang,
        if o.more_squares {
            "form-rules-chasing"
        } else {
            "form-rules-no-chasing"
        },
    ));
    for (on, id) in [
        (o.aggressor_advantage, "form-rules-aggressor"),
        (o.silent_defense, "form-rules-silent"),
        (o.rescue, "form-rules-rescue"),
        (
            o.immobility == Immobility::Immediate,
            "form-rules-immobility",
        ),
    ] {
        if on {
            w.push(tr(lang, id));
        }
    }
    if variant == Variant::Duel {
        w.push(t!(lang, "form-rules-duel-rows", count = o.duel_setup_rows));
    }
    w
}

/// A level of the computer in `lang`: `easy`, `leicht`, `makkelijk`.
pub(crate) fn level_name(lang: Lang, l: BotLevel) -> String {
    tr(
        lang,
        match l {
            BotLevel::Random => "form-level-random",
            BotLevel::Easy => "form-level-easy",
            BotLevel::Hard => "form-level-hard",
        },
    )
}

/// Rows under the fields that explain the field chosen.
const EXPLAIN_ROWS: u16 = 3;

/// `10+5` as `10 min + 5 s a move` in `lang`.
pub(crate) fn clock_words_in(lang: Lang, spec: &str) -> String {
    match ClockSpec::parse(spec) {
        Ok(Some(c)) => t!(
            lang,
            "form-clock-words",
            minutes = (c.initial_secs / 60).to_string(),
            seconds = c.increment_secs.to_string()
        ),
        Ok(None) => tr(lang, "form-no-clock"),
        Err(_) => spec.to_string(),
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
    Seek,
    Challenge,
    Bot,
}

impl Conditions<FormIf> for SeekForm {
    fn holds(&self, c: FormIf) -> bool {
        match c {
            FormIf::Text => self.typing(),
            FormIf::Choice => !self.typing(),
            FormIf::Seek => self.kind == FormKind::Seek,
            FormIf::Challenge => self.kind == FormKind::Challenge,
            FormIf::Bot => self.kind == FormKind::Bot,
        }
    }
}

const FIELD: &[Hint<FormIf>] = &[hint(0, "keys-up-down", "form-keys-field")];
const CHANGE: &[Hint<FormIf>] = &[hint(1, "keys-left-right", "form-keys-change")];

/// The seek form's keys (its hints are its help).
const FORM_KEYS: &[Binding<FormKey, FormIf>] = &[
    on(&[Esc], FormKey::Cancel).hints(&[hint(3, "Esc", "form-keys-cancel")]),
    on(&[Up, BackTab], FormKey::Prev).hints(FIELD),
    on(&[Down, Tab], FormKey::Next).hints(FIELD),
    on(&[Enter], FormKey::Submit).hints(&[
        hint(2, "Enter", "form-keys-post").when(&[FormIf::Seek]),
        hint(2, "Enter", "form-keys-challenge").when(&[FormIf::Challenge]),
        hint(2, "Enter", "form-keys-play").when(&[FormIf::Bot]),
    ]),
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
    on(&[Up, ch('k')], SettingsKey::Up).hints(&[hint(0, "keys-up-down", "settings-keys-choose")]),
    on(&[Down, ch('j'), Tab], SettingsKey::Down).hints(&[hint(
        0,
        "keys-up-down",
        "settings-keys-choose",
    )]),
    on(
        &[Enter, ch(' '), Left, Right, ch('h'), ch('l')],
        SettingsKey::Change,
    )
    .hints(&[hint(1, "keys-enter-space", "settings-keys-change")]),
    any(SettingsKey::Close).hints(&[hint(2, "Esc", "settings-keys-close")]),
];

/// The quit question's keys (Ctrl-C quits too): any other key is no.
pub(crate) const QUIT_KEYS: &[Binding<bool, Never>] = &[
    on(&[ch('y'), ch('Y'), Enter], true).hints(&[hint(0, "y", "quit-keys-yes")]),
    any(false).hints(&[hint(1, "n/Esc", "quit-keys-no")]),
];

/// The help's key: any key closes it.
pub(crate) const HELP_KEYS: &[Binding<(), Never>] =
    &[any(()).hints(&[hint(0, "keys-any-key", "keys-closes-help")])];

/// Settings rows: numbering, ASCII, colours, language, line mode.
pub(crate) const SETTINGS_ROWS: usize = 5;

/// The settings row that leaves the screens for the line mode (see [`Effect::LineMode`]).
pub(crate) const LINE_MODE_ROW: usize = 4;

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
        3 => s.lang = s.lang.next(),
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

/// The settings dialog: sized to its labels and values in the language shown (at least as
/// wide as it was in English alone, at most the screen).
pub(crate) fn render_settings(buf: &mut Buffer, screen: Rect, s: &Settings, row: usize, t: &Theme) {
    let l = t.lang;
    let rows = [
        (
            tr(l, "settings-numbering"),
            tr(
                l,
                match s.numbering {
                    Numbering::Modern => "settings-numbering-modern",
                    Numbering::Classic => "settings-numbering-classic",
                },
            ),
        ),
        (
            tr(l, "settings-ascii"),
            tr(
                l,
                if s.ascii {
                    "settings-on"
                } else {
                    "settings-off"
                },
            ),
        ),
        (
            tr(l, "settings-colours"),
            match s.color {
                ColorDepth::TrueColor => "24-bit".to_string(),
                ColorDepth::Ansi256 => "256".to_string(),
                ColorDepth::Ansi16 => "16".to_string(),
                ColorDepth::Mono => tr(l, "settings-colours-none"),
            },
        ),
        // Each language in its own name, so a player who cannot read the others finds
        // their own.
        (tr(l, "settings-language"), s.lang.name().to_string()),
        // The screens are on while this dialog shows: changing it leaves them.
        (tr(l, "settings-line-mode"), tr(l, "settings-line-mode-off")),
    ];
    let keys = key_hints(&keymap::footer(SETTINGS_KEYS, &Always), t);
    let label_w = rows
        .iter()
        .map(|(a, _)| width(a))
        .max()
        .unwrap_or(0)
        .max(17) as u16
        + 1;
    let value_w = rows.iter().map(|(_, v)| width(v) + 4).max().unwrap_or(0) as u16;
    // Borders, a space, the labels, the values, a space.
    let w = (2 + 1 + label_w + value_w + 1)
        .max(keys.width() as u16 + 4)
        .max(56);
    let h = SETTINGS_ROWS as u16 + 7;
    let inn = dialog(buf, screen, w, h, &tr(l, "settings-title"), t);
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
        put(
            buf,
            inn.x + 1,
            y,
            &pad(label, label_w as usize),
            label_w,
            st,
        );
        put(
            buf,
            inn.x + 1 + label_w,
            y,
            &format!("< {value} >"),
            inn.width.saturating_sub(1 + label_w),
            st,
        );
    }
    put_line(
        buf,
        inn.x + 1,
        inn.bottom().saturating_sub(1),
        &keys,
        inn.width.saturating_sub(1),
    );
}

/// The help: a box sized to its lines (as wide as the longest, at most the screen),
/// keys on the left, what they do on the right, both wrapped at words when the screen is
/// narrow; as many lines as fit the screen, the last saying what was left out.
pub(crate) fn render_help(
    buf: &mut Buffer,
    screen: Rect,
    title: &str,
    keys: &[(&str, &str)],
    t: &Theme,
) {
    let closes = keymap::footer(HELP_KEYS, &Always)
        .iter()
        .map(|(k, w)| format!("{} {}", text(t.lang, k), text(t.lang, w)))
        .collect::<Vec<_>>()
        .join("  ");
    let width = |s: &str| s.chars().count();
    let key_w = keys.iter().map(|(k, _)| width(k)).max().unwrap_or(0);
    let what_w = keys.iter().map(|(_, d)| width(d)).max().unwrap_or(0);
    // Inside the border: a space, the keys, two spaces, the words, a space.
    let need = (1 + key_w + 2 + what_w + 1)
        .max(width(&closes) + 2)
        .max(width(title) + 4);
    let inner_w = need.min(usize::from(screen.width.saturating_sub(2)));
    let key_col = if key_w + what_w + 4 <= inner_w {
        key_w
    } else {
        key_w.min(inner_w * 2 / 5)
    }
    .max(1);
    let what_col = inner_w.saturating_sub(key_col + 4).max(1);
    let rows: Vec<(Vec<String>, Vec<String>)> = keys
        .iter()
        .map(|(k, d)| (wrap(k, key_col), wrap(d, what_col)))
        .collect();
    let lines = |r: &(Vec<String>, Vec<String>)| r.0.len().max(r.1.len());
    let total: usize = rows.iter().map(lines).sum();
    // The lines, a blank, the closing hint; the blank goes first when room is short.
    let room = usize::from(screen.height.saturating_sub(2));
    let blank = usize::from(total + 2 <= room);
    let h = (total + blank + 1).min(room) as u16 + 2;
    let inn = dialog(buf, screen, inner_w as u16 + 2, h, title, t);
    let body = usize::from(inn.height.saturating_sub(1 + blank as u16));
    // All the lines, or as many as fit above a line saying how many are left out.
    let room = if total <= body {
        body
    } else {
        body.saturating_sub(1)
    };
    let mut y = 0usize;
    for (i, r) in rows.iter().enumerate() {
        let n = lines(r);
        if y + n > room {
            let more = crate::t!(t.lang, "keys-help-more", count = rows.len() - i);
            let y = inn.y + y as u16;
            put(
                buf,
                inn.x + 1,
                y,
                &more,
                inn.width.saturating_sub(1),
                t.dim(),
            );
            break;
        }
        let top = inn.y + y as u16;
        for (k, l) in r.0.iter().enumerate() {
            put(buf, inn.x + 1, top + k as u16, l, key_col as u16, t.key());
        }
        let x = inn.x + 1 + key_col as u16 + 2;
        for (k, l) in r.1.iter().enumerate() {
            put(buf, x, top + k as u16, l, what_col as u16, Style::new());
        }
        y += n;
    }
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
        let word = |s: &str| crate::i18n::text(t.lang, s);
        spans.push(Span::styled(word(key), t.key()));
        spans.push(Span::styled(format!(" {}{sep}", word(what)), t.dim()));
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

/// `Key action  Key action ...` with keys highlighted, for the bottom line of a dialog
/// (keys and words that are message ids in the language shown).
pub(crate) fn key_hints(pairs: &[(&str, &str)], t: &Theme) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, (key, what)) in pairs.iter().enumerate() {
        let sep = if i + 1 < pairs.len() { "  " } else { "" };
        spans.push(Span::styled(text(t.lang, key), t.key()));
        spans.push(Span::styled(
            format!(" {}{sep}", text(t.lang, what)),
            t.dim(),
        ));
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
