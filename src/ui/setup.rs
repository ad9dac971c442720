//! The set-up phase: arranging one's army before play. [`SetupUi`] is the phase's own
//! state (the army being arranged, a piece picked up to swap, saving under a name and
//! loading); the rest ([`Shared`]) is the game screen's.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::board::{self, Content};
use super::game::{
    render_chat, render_confirm_for, render_header, Confirm, Shared, CHAT_MAX, LINE_OK,
};
use super::input::{Key, KeyCode, Mouse};
use super::keymap::{
    self, any, ch, chars, hint, note, on, Always, Binding, Conditions, Described, With,
};
use super::theme::Theme;
use super::vocab::{color_name, variant_name};
use super::widgets::{dialog, fill, footer, pad, put, put_line, InputResult, LineInput};
use super::words::{ellipsis, wrap, wrap_at_most};
use super::{rank_name, Act, Effect, Overlay, SavedSetup, Settings};
use crate::i18n::{tr, Lang};
use crate::proto::{GameCmd, GameSnapshot};
use crate::rules::SetupError;
use crate::rules::{setup_squares, Color, Numbering, Rank, Rules, Setup, SplitMix64, Square};
use crate::t;
use KeyCode::{Backspace, Delete, Down, Enter, Esc, Left, Right, Up, F};

/// The rank a key places, in the active numbering.
pub(crate) fn rank_for_key(c: char, n: Numbering) -> Option<Rank> {
    match c {
        's' => return Some(Rank::Spy),
        'b' | 'B' => return Some(Rank::Bomb),
        'f' | 'F' => return Some(Rank::Flag),
        'x' | 'X' => return Some(Rank::Marshal),
        _ => {}
    }
    let d = c.to_digit(10)?;
    match n {
        Numbering::Modern => match d {
            0 => Some(Rank::Marshal),
            1 => Some(Rank::Spy),
            d => Rank::from_index(d as usize - 1),
        },
        Numbering::Classic => match d {
            0 => None,
            d => Rank::from_index(10 - d as usize),
        },
    }
}

/// The keys shown for a rank in the legend.
fn keys_for(r: Rank, n: Numbering) -> &'static str {
    match (r, n) {
        (Rank::Marshal, Numbering::Modern) => "0 x",
        (Rank::Spy, Numbering::Modern) => "1 s",
        (Rank::Spy, Numbering::Classic) => "s",
        (Rank::Bomb, _) => "b",
        (Rank::Flag, _) => "f",
        (r, n) => r.label(n),
    }
}

/// Where the legend rows are in the side panel (for drawing and clicks).
pub(crate) fn legend_rows(side: Rect, rules: &Rules) -> Vec<(Rank, Rect)> {
    let top = side.y + 5;
    Rank::ALL
        .into_iter()
        .filter(|r| rules.variant.count(*r) > 0)
        .enumerate()
        .map(|(i, r)| (r, Rect::new(side.x, top + i as u16, side.width.min(30), 1)))
        .filter(|(_, rect)| rect.y + 3 < side.bottom())
        .collect()
}

/// What the set-up screen remembers besides [`Shared`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SetupUi {
    /// The set-up being arranged.
    pub draft: Setup,
    /// A square picked up to swap.
    pub picked: Option<Square>,
    pub mode: SetupMode,
    /// The last fill by `r`, while the set-up is as it left it: `r` again fills anew.
    pub fill: Option<Fill>,
    /// The language of its messages (the app's, as the last key found it).
    pub lang: Lang,
}

/// A fill by `r`: what was placed before it (kept by the next fill) and what it gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fill {
    pub kept: Setup,
    pub result: Setup,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum SetupMode {
    #[default]
    Normal,
    /// The name to save the set-up under.
    SaveName(LineInput),
    /// Choosing a saved set-up (row in the list for this variant).
    Load(usize),
}

impl Shared {
    fn rules(&self) -> Rules {
        self.snap.terms.rules
    }

    fn submitted(&self) -> bool {
        self.snap.my_setup.is_some()
    }

    fn in_zone(&self, sq: Square) -> bool {
        match self.my_color() {
            Some(c) => self.rules().is_setup_row(c, sq.row()) && !sq.is_lake(),
            None => false,
        }
    }

    /// The next own set-up square in reading order on screen.
    fn advance(&mut self, w: u16, h: u16) {
        let g = self.layout(w, h).board;
        let (dc, dr) = g.display(self.cursor);
        let (nc, nr) = if dc < 9 { (dc + 1, dr) } else { (0, dr + 1) };
        match g.at_display(nc, nr).filter(|s| self.in_zone(*s)) {
            Some(s) => self.cursor = s,
            None => {
                // Back to the top-left of the zone.
                let first = (0..10)
                    .flat_map(|r| (0..10).map(move |c| (c, r)))
                    .filter_map(|(c, r)| g.at_display(c, r))
                    .find(|s| self.in_zone(*s));
                if let Some(f) = first {
                    self.cursor = f;
                }
            }
        }
    }

    fn move_cursor_setup(&mut self, key: Key, w: u16, h: u16) -> bool {
        let (dx, dy) = match key.code {
            KeyCode::Left | KeyCode::Char('h') => (-1, 0),
            KeyCode::Right | KeyCode::Char('l') => (1, 0),
            KeyCode::Up | KeyCode::Char('k') => (0, -1),
            KeyCode::Down | KeyCode::Char('j') => (0, 1),
            _ => return false,
        };
        let g = self.layout(w, h).board;
        let next = g.step(self.cursor, dx, dy);
        // Stay inside the own set-up rows while arranging.
        if self.in_zone(next) || !self.in_zone(self.cursor) {
            self.cursor = next;
        }
        true
    }

    /// The saved set-ups of this game's variant.
    pub(crate) fn saved_for<'a>(&self, saved: &'a [SavedSetup]) -> Vec<&'a SavedSetup> {
        let v = self.rules().variant;
        saved.iter().filter(|s| s.variant == v).collect()
    }
}

impl SetupUi {
    pub fn new(snap: &GameSnapshot) -> SetupUi {
        let color = snap.my_color.unwrap_or(Color::Red);
        SetupUi {
            draft: snap.my_setup.clone().unwrap_or_else(|| Setup::new(color)),
            picked: None,
            mode: SetupMode::Normal,
            fill: None,
            lang: Lang::default(),
        }
    }

    pub fn paste(&mut self, s: &str) {
        if let SetupMode::SaveName(i) = &mut self.mode {
            i.insert(s);
        }
    }

    /// Sends the set-up when it is complete.
    pub(crate) fn submit(&mut self, g: &mut Shared) -> Vec<Act> {
        let Some(c) = g.my_color() else {
            return vec![];
        };
        let mut s = self.draft.clone();
        s.color = Some(c);
        match s.validate(&g.rules(), c) {
            Ok(()) => {
                g.say(tr(self.lang, "setup-sent-waiting"));
                vec![Act::Fx(Effect::Game(GameCmd::SubmitSetup(s)))]
            }
            Err(e) => {
                let error = setup_error(self.lang, &e);
                g.err(t!(self.lang, "setup-not-ready", error = error));
                vec![]
            }
        }
    }

    fn place(&mut self, g: &mut Shared, rank: Rank, w: u16, h: u16) {
        if !g.in_zone(g.cursor) {
            let square = g.cursor.to_string();
            g.err(t!(self.lang, "setup-not-your-square", square = square));
            return;
        }
        let rules = g.rules();
        if self.draft.pieces.get(&g.cursor) == Some(&rank) {
            g.advance(w, h);
            return;
        }
        if self.draft.left_to_place(&rules)[rank.index()] == 0 {
            let n = rules.variant.count(rank);
            let lang = self.lang;
            g.err(if n == 0 {
                t!(
                    lang,
                    "setup-variant-has-no",
                    variant = variant_name(lang, rules.variant),
                    rank = rank_name(lang, rank)
                )
            } else {
                t!(
                    lang,
                    "setup-all-placed",
                    count = n,
                    ranks = plural(lang, rank, n)
                )
            });
            return;
        }
        self.draft.pieces.insert(g.cursor, rank);
        g.message = None;
        g.advance(w, h);
    }

    fn pick_or_swap(&mut self, g: &mut Shared, at: Square) {
        if !g.in_zone(at) {
            g.err(t!(
                self.lang,
                "setup-not-your-square",
                square = at.to_string()
            ));
            return;
        }
        match self.picked {
            None => {
                if self.draft.pieces.contains_key(&at) {
                    self.picked = Some(at);
                    g.message = None;
                } else {
                    g.err(tr(self.lang, "setup-nothing-to-pick"));
                }
            }
            Some(p) if p == at => self.picked = None,
            Some(p) => {
                let a = self.draft.pieces.remove(&p);
                let b = self.draft.pieces.remove(&at);
                if let Some(a) = a {
                    self.draft.pieces.insert(at, a);
                }
                if let Some(b) = b {
                    self.draft.pieces.insert(p, b);
                }
                self.picked = None;
                g.message = None;
            }
        }
    }

    /// `r` does something: the set-up has empty squares, or is as the last fill left it
    /// (then `r` fills anew).
    /// Fills the set-up the way the computer sets up ([`sensible_fill`]): the empty
    /// squares only while pieces placed by hand are on the board (and says so); right after
    /// such a fill, `r` asks before filling the whole army afresh ([`Confirm::Refill`]);
    /// right after a whole fill, fills anew. The seed comes from the session's generator
    /// (seeded from the operating system: nothing public, such as the game number, decides
    /// the fill).
    fn fill(&mut self, g: &mut Shared, rng: &mut SplitMix64) {
        if g.my_color().is_none() {
            return;
        }
        let full = self.draft.pieces.len() >= g.rules().variant.army_size();
        let kept = match &self.fill {
            Some(f) if f.result == self.draft => {
                if !f.kept.pieces.is_empty() {
                    // The pieces placed by hand would move: asked first.
                    g.confirm = Some(Confirm::Refill);
                    return;
                }
                f.kept.clone()
            }
            // A whole army arranged by hand (or swapped after a fill): r still fills,
            // afresh, after asking.
            _ if full => {
                g.confirm = Some(Confirm::Refill);
                return;
            }
            _ => self.draft.clone(),
        };
        self.fill_from(g, kept, rng);
    }

    /// The answer yes to [`Confirm::Refill`]: the whole army afresh, like the computer.
    pub(crate) fn refill(&mut self, g: &mut Shared, rng: &mut SplitMix64) {
        let empty = Setup {
            color: self.draft.color,
            pieces: Default::default(),
        };
        self.fill_from(g, empty, rng);
    }

    /// Fills the squares `kept` leaves empty, like the computer.
    fn fill_from(&mut self, g: &mut Shared, kept: Setup, rng: &mut SplitMix64) {
        let Some(c) = g.my_color() else {
            return;
        };
        let result = sensible_fill(&g.rules(), c, &kept, rng);
        self.draft = result.clone();
        let mine = kept.pieces.len();
        self.fill = Some(Fill { kept, result });
        self.picked = None;
        match mine {
            0 => g.say(tr(self.lang, "setup-filled-all")),
            n => g.say(t!(self.lang, "setup-filled-rest", count = n)),
        }
    }

    /// The keys of the set-up as it is now: the spectator's, a name being typed, the
    /// list of saved set-ups, after sending, or arranging.
    pub(crate) fn keys(&self, g: &Shared, numbering: Numbering) -> Box<dyn Described> {
        let table = match &self.mode {
            _ if g.my_color().is_none() => WATCHING,
            SetupMode::SaveName(_) => return keymap::plain(LINE_OK),
            SetupMode::Load(_) => LOAD,
            SetupMode::Normal if g.submitted() => SENT,
            SetupMode::Normal => ARRANGE,
        };
        Box::new(With(table, self.cx(g, numbering)))
    }

    fn cx(&self, g: &Shared, numbering: Numbering) -> SetupCx {
        let complete = g
            .my_color()
            .is_some_and(|c| self.draft.validate(&g.rules(), c).is_ok());
        SetupCx {
            modern: numbering == Numbering::Modern,
            ready: complete && self.picked.is_none(),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn key(
        &mut self,
        g: &mut Shared,
        key: Key,
        settings: &Settings,
        saved: &[SavedSetup],
        w: u16,
        h: u16,
        rng: &mut SplitMix64,
    ) -> Vec<Act> {
        self.lang = settings.lang;
        let cx = self.cx(g, settings.numbering);
        let Some(color) = g.my_color() else {
            return match keymap::action(WATCHING, key, &cx) {
                Some(Do::Leave) => vec![Act::LeaveGame],
                Some(a) => self.act(g, a, key, settings, saved, (w, h), rng),
                None => vec![],
            };
        };
        match &mut self.mode {
            SetupMode::SaveName(input) => {
                if keymap::find(LINE_OK, key, &Always).is_none() {
                    return vec![];
                }
                match input.key(key) {
                    InputResult::Editing => vec![],
                    InputResult::Cancel => {
                        self.mode = SetupMode::Normal;
                        vec![]
                    }
                    InputResult::Submit(name) => {
                        self.mode = SetupMode::Normal;
                        self.save(g, name.trim(), color)
                    }
                }
            }
            SetupMode::Load(row) => {
                let row = *row;
                match keymap::action(LOAD, key, &cx) {
                    Some(a) => self.load_key(g, a, row, color, saved),
                    None => vec![],
                }
            }
            SetupMode::Normal => {
                let table = if g.submitted() { SENT } else { ARRANGE };
                match keymap::action(table, key, &cx) {
                    Some(a) => self.act(g, a, key, settings, saved, (w, h), rng),
                    None => vec![],
                }
            }
        }
    }

    /// Saves the set-up under `name`.
    fn save(&mut self, g: &mut Shared, name: &str, color: Color) -> Vec<Act> {
        if name.is_empty() {
            g.err(tr(self.lang, "setup-name-needed"));
            return vec![];
        }
        let mut setup = self.draft.clone();
        setup.color = Some(color);
        g.say(t!(self.lang, "setup-saved", name = name));
        vec![Act::Fx(Effect::SaveSetup(SavedSetup {
            name: name.to_string(),
            variant: g.rules().variant,
            setup,
        }))]
    }

    /// A key of the list of saved set-ups.
    fn load_key(
        &mut self,
        g: &mut Shared,
        a: Do,
        mut row: usize,
        color: Color,
        saved: &[SavedSetup],
    ) -> Vec<Act> {
        let list = g.saved_for(saved);
        let n = list.len();
        let mut fx = vec![];
        let mut close = false;
        match a {
            Do::Up => row = row.saturating_sub(1),
            Do::Down => row = (row + 1).min(n.saturating_sub(1)),
            Do::Pick => {
                close = true;
                if let Some(s) = list.get(row) {
                    let name = s.name.clone();
                    self.draft = turned_for(&s.setup, color);
                    self.picked = None;
                    let lang = self.lang;
                    match self.draft.validate(&g.rules(), color) {
                        Ok(()) => g.say(t!(lang, "setup-loaded", name = name)),
                        Err(e) => g.err(t!(
                            lang,
                            "setup-loaded-but",
                            name = name,
                            error = setup_error(lang, &e)
                        )),
                    }
                }
            }
            Do::Delete => {
                if let Some(s) = list.get(row) {
                    fx.push(Act::Fx(Effect::DeleteSetup {
                        name: s.name.clone(),
                        variant: s.variant,
                    }));
                    row = row.saturating_sub(1);
                }
            }
            Do::Help => return vec![Act::Open(Overlay::Help)],
            Do::Settings => return vec![Act::Open(Overlay::Settings { row: 0 })],
            _ => close = true,
        }
        self.mode = if close {
            SetupMode::Normal
        } else {
            SetupMode::Load(row)
        };
        fx
    }

    /// A key while arranging, after sending, or watching; `(w, h)` is the screen's size.
    #[allow(clippy::too_many_arguments)]
    fn act(
        &mut self,
        g: &mut Shared,
        a: Do,
        key: Key,
        settings: &Settings,
        saved: &[SavedSetup],
        (w, h): (u16, u16),
        rng: &mut SplitMix64,
    ) -> Vec<Act> {
        match a {
            Do::Cursor => {
                g.move_cursor_setup(key, w, h);
            }
            Do::Clear if !self.draft.pieces.is_empty() => g.confirm = Some(Confirm::Clear),
            Do::Place | Do::NoPiece | Do::PickSwap | Do::Drop | Do::Remove | Do::Clear => {
                self.edit(g, a, key, settings.numbering, (w, h))
            }
            Do::Random => self.fill(g, rng),
            Do::Sent => g.say(tr(self.lang, "setup-is-sent")),
            Do::AskReady => g.confirm = Some(Confirm::Ready),
            Do::Ready => return self.submit(g),
            Do::Save => match g.my_color().map(|c| self.draft.validate(&g.rules(), c)) {
                Some(Err(e)) => g.err(t!(
                    self.lang,
                    "setup-complete-first",
                    error = setup_error(self.lang, &e)
                )),
                _ => self.mode = SetupMode::SaveName(LineInput::new(30)),
            },
            Do::Load if g.saved_for(saved).is_empty() => g.err(t!(
                self.lang,
                "setup-no-saved",
                variant = variant_name(self.lang, g.rules().variant)
            )),
            Do::Load => self.mode = SetupMode::Load(0),
            Do::Chat => g.chat = Some(LineInput::new(CHAT_MAX)),
            Do::AskLeave => g.confirm = Some(Confirm::Leave),
            Do::AskAbort => g.confirm = Some(Confirm::Abort),
            Do::Leave => return vec![Act::LeaveGame],
            Do::Settings => return vec![Act::Open(Overlay::Settings { row: 0 })],
            Do::Help => return vec![Act::Open(Overlay::Help)],
            Do::Up | Do::Down | Do::Pick | Do::Delete | Do::Close => {}
        }
        vec![]
    }

    /// A key that changes the army: place, pick up and swap, drop, remove, clear.
    fn edit(&mut self, g: &mut Shared, a: Do, key: Key, n: Numbering, (w, h): (u16, u16)) {
        let typed = match key.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        match a {
            Do::Place => {
                if let Some(r) = typed.and_then(|c| rank_for_key(c, n)) {
                    self.place(g, r, w, h);
                }
            }
            Do::NoPiece => {
                if let Some(c) = typed {
                    g.err(t!(self.lang, "setup-places-no-piece", key = c.to_string()));
                }
            }
            Do::PickSwap => {
                let at = g.cursor;
                self.pick_or_swap(g, at);
            }
            Do::Drop => {
                self.picked = None;
                g.message = None;
            }
            Do::Remove => {
                if self.draft.pieces.remove(&g.cursor).is_none() {
                    g.err(tr(self.lang, "setup-already-empty"));
                }
                self.picked = None;
            }
            Do::Clear => self.clear(g),
            _ => {}
        }
    }

    /// Takes every piece off the board (asked first when there were any: [`Confirm::Clear`]).
    pub(crate) fn clear(&mut self, g: &mut Shared) {
        if self.draft.pieces.is_empty() {
            g.say(tr(self.lang, "setup-empty-already"));
            return;
        }
        self.draft.pieces.clear();
        self.picked = None;
        g.say(tr(self.lang, "setup-cleared"));
    }

    pub(crate) fn mouse(&mut self, g: &mut Shared, m: Mouse, w: u16, h: u16) -> Vec<Act> {
        let lay = g.layout(w, h);
        if g.submitted() || g.my_color().is_none() {
            return vec![];
        }
        if let Some(at) = lay.board.hit(m.column, m.row) {
            if !lay.board.rect(at).contains((m.column, m.row).into()) {
                return vec![];
            }
            if !g.in_zone(at) {
                return vec![];
            }
            // A click drops a line being typed or a question.
            self.mode = SetupMode::Normal;
            g.chat = None;
            g.confirm = None;
            g.cursor = at;
            if self.picked.is_some() || self.draft.pieces.contains_key(&at) {
                self.pick_or_swap(g, at);
            }
            return vec![];
        }
        for (rank, r) in legend_rows(lay.side, &g.rules()) {
            if r.contains((m.column, m.row).into()) {
                self.place(g, rank, w, h);
            }
        }
        vec![]
    }
}

/// A saved set-up for `color`, the same way round for its owner: one saved as Red and
/// played as Blue is turned half a turn (back row to back row, the owner's left stays on
/// the left), not mirrored.
pub(crate) fn turned_for(s: &Setup, color: Color) -> Setup {
    s.turned_for(color)
}

/// The set-up `kept` completed the way the computer sets up
/// ([`crate::bot::setups::generate`]: the Flag on the back row with Bombs around it,
/// Scouts and strong pieces forward, Miners back), every piece of `kept` where it is.
/// Of several generated set-ups, the one that agrees most with `kept` is taken (a Flag
/// placed on the back row gets its Bombs); each empty square gets that set-up's piece
/// when one of its rank is left, and the ranks left over go to the squares left over,
/// the ones that like the back rows nearest the back.
pub(crate) fn sensible_fill(
    rules: &Rules,
    color: Color,
    kept: &Setup,
    rng: &mut SplitMix64,
) -> Setup {
    use crate::bot::setups::generate;
    let depth = |sq: &Square| match color {
        Color::Red => sq.row(),
        Color::Blue => 9 - sq.row(),
    };
    let base = if kept.pieces.is_empty() {
        generate(rules, color, rng.next())
    } else {
        let agree = |s: &Setup| -> u32 {
            kept.pieces
                .iter()
                .filter(|(sq, r)| s.pieces.get(sq) == Some(r))
                .map(|(_, r)| match r {
                    Rank::Flag => 10,
                    Rank::Bomb => 3,
                    _ => 1,
                })
                .sum()
        };
        let mut best: Option<(u32, Setup)> = None;
        for _ in 0..64 {
            let s = generate(rules, color, rng.next());
            let score = agree(&s);
            if best.as_ref().is_none_or(|(b, _)| score > *b) {
                best = Some((score, s));
            }
        }
        best.expect("64 set-ups").1
    };
    let mut out = kept.clone();
    out.color = Some(color);
    let mut left = kept.left_to_place(rules);
    let mut open: Vec<Square> = vec![];
    for sq in setup_squares(rules, color) {
        if sq.is_lake() || kept.pieces.contains_key(&sq) {
            continue;
        }
        match base.pieces.get(&sq) {
            Some(&r) if left[r.index()] > 0 => {
                left[r.index()] -= 1;
                out.pieces.insert(sq, r);
            }
            _ => open.push(sq),
        }
    }
    // The ranks left over, those that belong at the back first, onto the open squares
    // from the back row forward (in random order within a row).
    for i in (1..open.len()).rev() {
        let j = rng.below(i + 1);
        open.swap(i, j);
    }
    open.sort_by_key(depth);
    const BACK_FIRST: [Rank; 12] = [
        Rank::Flag,
        Rank::Bomb,
        Rank::Miner,
        Rank::Spy,
        Rank::Sergeant,
        Rank::Lieutenant,
        Rank::Captain,
        Rank::Major,
        Rank::Colonel,
        Rank::General,
        Rank::Marshal,
        Rank::Scout,
    ];
    let todo = BACK_FIRST
        .into_iter()
        .flat_map(|r| std::iter::repeat_n(r, left[r.index()] as usize));
    for (sq, r) in open.into_iter().zip(todo) {
        out.pieces.insert(sq, r);
    }
    out
}

/// A rank's name for `n` pieces in `lang`: `Bomb`, `Bombs`, `Bomben`.
fn plural(lang: Lang, r: Rank, n: u8) -> String {
    if n == 1 {
        return rank_name(lang, r);
    }
    tr(
        lang,
        match r {
            Rank::Marshal => "setup-plural-marshal",
            Rank::General => "setup-plural-general",
            Rank::Colonel => "setup-plural-colonel",
            Rank::Major => "setup-plural-major",
            Rank::Captain => "setup-plural-captain",
            Rank::Lieutenant => "setup-plural-lieutenant",
            Rank::Sergeant => "setup-plural-sergeant",
            Rank::Miner => "setup-plural-miner",
            Rank::Scout => "setup-plural-scout",
            Rank::Spy => "setup-plural-spy",
            Rank::Bomb => "setup-plural-bomb",
            Rank::Flag => "setup-plural-flag",
        },
    )
}

/// Why a set-up is not complete, in `lang`.
pub(crate) fn setup_error(lang: Lang, e: &SetupError) -> String {
    match e {
        SetupError::WrongCount {
            rank,
            expected,
            found,
        } => t!(
            lang,
            "setup-error-count",
            found = *found,
            ranks = plural(lang, *rank, *found),
            expected = *expected
        ),
        SetupError::OutsideSetupRows(sq) => {
            t!(lang, "setup-error-outside", square = sq.to_string())
        }
        SetupError::OnLake(sq) => t!(lang, "setup-error-lake", square = sq.to_string()),
        SetupError::SquareUsedTwice(sq) => t!(lang, "setup-error-twice", square = sq.to_string()),
        // Only a set-up string can be wrong so (not the board's set-up): said as the
        // rules say it.
        SetupError::BadCharacter { .. } | SetupError::WrongLength { .. } => e.to_string(),
    }
}

pub(crate) fn render(buf: &mut Buffer, g: &Shared, s: &SetupUi, cx: &super::Ctx) {
    let (t, w, h) = (cx.t, cx.w, cx.h);
    let lay = g.layout(w, h);
    let n = cx.settings.numbering;
    render_header(buf, g, lay.header, t);
    render_board(buf, g, s, &lay.board, n, t);
    render_side(buf, g, s, lay.side, n, cx);
    render_below(buf, g, s, lay.below, t);
    // The footer of the set-up under a question (the question shows its own keys).
    let keys = if g.chat.is_some() {
        keymap::footer(LINE_OK, &Always)
    } else {
        s.keys(g, n).footer()
    };
    let keys = keymap::in_lang(keys, t.lang);
    footer(buf, lay.footer, &keys, t);
    if let SetupMode::Load(row) = &s.mode {
        render_load(buf, g, *row, &keys, cx);
    }
    if let Some(c) = g.confirm {
        render_confirm_for(buf, g, c, w, h, t);
    }
}

/// The set-up shown: the one sent, or the one being arranged.
fn shown<'a>(g: &'a Shared, s: &'a SetupUi) -> &'a Setup {
    g.snap.my_setup.as_ref().unwrap_or(&s.draft)
}

/// The own set-up rows with their pieces; the opponent's rows shaded.
fn render_board(
    buf: &mut Buffer,
    g: &Shared,
    s: &SetupUi,
    geom: &super::layout::BoardGeom,
    n: Numbering,
    t: &Theme,
) {
    let rules = g.rules();
    let me = g.my_color();
    let setup = shown(g, s);
    let cell = |sq: Square| {
        let own = me.is_some_and(|c| rules.is_setup_row(c, sq.row()));
        let other = Color::ALL
            .into_iter()
            .any(|c| Some(c) != me && rules.is_setup_row(c, sq.row()));
        let content = if sq.is_lake() {
            Content::Lake
        } else if own {
            match setup.pieces.get(&sq) {
                Some(r) => Content::Piece {
                    color: me.unwrap_or(Color::Red),
                    label: r.label(n).into(),
                    revealed: false,
                    noted: false,
                },
                None => Content::Empty,
            }
        } else if other {
            Content::Shade
        } else {
            Content::Empty
        };
        let mut c = board::Cell::new(content);
        c.zone = own;
        c.cursor = me.is_some() && g.cursor == sq;
        c.selected = s.picked == Some(sq);
        c
    };
    board::draw(buf, geom, t, &cell);
}

/// The seats, what to do, and the pieces left to place by key.
fn render_side(
    buf: &mut Buffer,
    g: &Shared,
    s: &SetupUi,
    side: Rect,
    n: Numbering,
    cx: &super::Ctx,
) {
    let (t, now) = (cx.t, cx.now);
    let bottom = if g.flipped() { Color::Blue } else { Color::Red };
    let top_seat = Rect::new(side.x, side.y, side.width, 2);
    draw_seat_setup(buf, g, bottom.opposite(), top_seat, t, now);
    let bottom_seat = Rect::new(side.x, side.bottom().saturating_sub(2), side.width, 2);
    draw_seat_setup(buf, g, bottom, bottom_seat, t, now);
    let me = g.my_color();
    // The server's set-up deadline, when it has one: who is not ready then loses.
    let left = g.setup_left(now).map(super::widgets::fmt_clock);
    let lang = t.lang;
    let title = match (me, left) {
        (None, None) => tr(lang, "setup-title-watching"),
        (None, Some(left)) => t!(lang, "setup-title-watching-left", time = left),
        (Some(_), None) if g.submitted() => tr(lang, "setup-title-sent"),
        (Some(_), Some(left)) if g.submitted() => {
            t!(lang, "setup-title-sent-left", time = left)
        }
        (Some(c), None) => t!(lang, "setup-title-arrange", color = color_name(lang, c)),
        (Some(c), Some(left)) => t!(
            lang,
            "setup-title-arrange-left",
            time = left,
            dash = t.g.dash,
            color = color_name(lang, c)
        ),
    };
    // On its row, or wrapped over the blank row above it where it is longer.
    let rows = wrap(&title, usize::from(side.width));
    let top = side.y + 3 - (rows.len().min(2) as u16 - 1);
    for (k, l) in rows.iter().take(2).enumerate() {
        put(buf, side.x, top + k as u16, l, side.width, t.accent());
    }
    if me.is_some() {
        render_legend(buf, g.rules(), shown(g, s), side, n, t);
    }
}

/// Each rank's keys and how many are left to place, then how many are placed.
fn render_legend(
    buf: &mut Buffer,
    rules: Rules,
    setup: &Setup,
    side: Rect,
    n: Numbering,
    t: &Theme,
) {
    let left = setup.left_to_place(&rules);
    let lang = t.lang;
    let w = super::words::width;
    // The pieces' column as wide as the longest name in the language (12 in English).
    let piece_w = Rank::ALL
        .iter()
        .map(|r| w(&rank_name(lang, *r)))
        .chain([w(&tr(lang, "setup-head-piece"))])
        .fold(12, usize::max);
    let key_w = w(&tr(lang, "setup-head-key")).max(4);
    let head = format!(
        "{} {} {}",
        pad(&tr(lang, "setup-head-key"), key_w),
        pad(&tr(lang, "setup-head-piece"), piece_w),
        tr(lang, "setup-head-left")
    );
    put(buf, side.x, side.y + 4, &head, side.width, t.dim());
    let rows = legend_rows(side, &rules);
    for (rank, r) in &rows {
        let k = left[rank.index()];
        let (st, count) = if k == 0 {
            (t.dim(), t.dim())
        } else {
            (Style::new(), t.accent())
        };
        let line = Line::from(vec![
            Span::styled(pad(keys_for(*rank, n), key_w), t.key()),
            Span::raw(" "),
            Span::styled(pad(&rank_name(lang, *rank), piece_w), st),
            Span::styled(format!(" {k:>2}"), count),
        ]);
        put_line(buf, r.x, r.y, &line, side.width);
    }
    if let Some((_, last)) = rows.last() {
        let placed = setup.pieces.len();
        let total = rules.variant.army_size();
        let y = last.y + 1;
        if y + 2 < side.bottom() {
            let st = if placed == total { t.good() } else { t.dim() };
            let text = t!(lang, "setup-placed", placed = placed, total = total);
            put(buf, side.x, y, &text, side.width, st);
        }
    }
}

/// Under the board: the name being typed or the message, a reminder of the keys (left out
/// when the chat would get fewer than three rows), the chat.
fn render_below(buf: &mut Buffer, g: &Shared, s: &SetupUi, a: Rect, t: &Theme) {
    let width = a.width as usize;
    let mut y = a.y;
    if let SetupMode::SaveName(input) = &s.mode {
        let prompt = tr(t.lang, "setup-save-as") + " ";
        input.render(buf, a.x, y, a.width, &prompt, t);
        y += 1;
    } else if let Some((text, is_err)) = &g.message {
        let st = if *is_err { t.error() } else { t.accent() };
        let rows = 2.min(a.bottom().saturating_sub(y)) as usize;
        for l in wrap_at_most(text, width, rows, ellipsis(t)) {
            put(buf, a.x, y, &l, a.width, st);
            y += 1;
        }
    }
    if g.my_color().is_some() && !g.submitted() {
        let hints = wrap(&tr(t.lang, "setup-tip"), width);
        if a.bottom().saturating_sub(y) >= hints.len() as u16 + 3 {
            for l in hints {
                put(buf, a.x, y, &l, a.width, t.dim());
                y += 1;
            }
        }
    }
    if y < a.bottom() {
        render_chat(buf, g, Rect::new(a.x, y, a.width, a.bottom() - y), t, false);
    }
}

/// The list of saved set-ups of this variant, `row` chosen, with its keys.
fn render_load(buf: &mut Buffer, g: &Shared, row: usize, keys: &[(&str, &str)], cx: &super::Ctx) {
    let t = cx.t;
    let list = g.saved_for(cx.saved);
    let title = t!(
        t.lang,
        "setup-saved-title",
        variant = variant_name(t.lang, g.rules().variant)
    );
    let screen = Rect::new(0, 0, cx.w, cx.h);
    let w = super::words::width;
    let hints_w: usize = keys.iter().map(|(k, d)| w(k) + 1 + w(d) + 2).sum();
    let width = (hints_w as u16 + 2)
        .max(w(&title) as u16 + 6)
        .max(50)
        .min(cx.w);
    let key_rows = super::widgets::footer_rows(keys, width.saturating_sub(3));
    let inn = dialog(
        buf,
        screen,
        width,
        list.len() as u16 + 3 + key_rows,
        &title,
        t,
    );
    for (i, item) in list.iter().enumerate() {
        let y = inn.y + i as u16;
        if y >= inn.bottom().saturating_sub(key_rows) {
            break;
        }
        let st = if i == row {
            fill(buf, Rect::new(inn.x, y, inn.width, 1), t.row_focus());
            t.row_focus()
        } else {
            Style::new()
        };
        put(
            buf,
            inn.x + 1,
            y,
            &item.name,
            inn.width.saturating_sub(2),
            st,
        );
    }
    let at = Rect::new(
        inn.x + 1,
        inn.bottom().saturating_sub(key_rows),
        inn.width.saturating_sub(1),
        key_rows,
    );
    footer(buf, at, keys, t);
}

fn draw_seat_setup(buf: &mut Buffer, g: &Shared, c: Color, area: Rect, t: &Theme, now: Instant) {
    let (l1, l2) = super::game::seat_line(g, c, t, now, area.width);
    put_line(buf, area.x, area.y, &l1, area.width);
    put_line(buf, area.x, area.y + 1, &l2, area.width);
}

/// What a key of the set-up does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Do {
    /// Arrows, hjkl (by the key).
    Cursor,
    /// A rank key (by the key and the numbering: [`rank_for_key`]).
    Place,
    /// Any other character: it places no piece.
    NoPiece,
    /// After sending: the set-up is sent.
    Sent,
    PickSwap,
    /// Enter on a complete set-up: ask, then send.
    AskReady,
    Ready,
    /// Put the picked piece back; clear the message.
    Drop,
    Remove,
    /// `r` while it fills (empty squares, or just filled).
    Random,
    /// `r` when every square is taken by hand: says so.
    Clear,
    Save,
    Load,
    Chat,
    AskLeave,
    /// Asks to end the game without a result (a correspondence game's set-up).
    AskAbort,
    Leave,
    Settings,
    Help,
    // The list of saved set-ups.
    Up,
    Down,
    Pick,
    Delete,
    Close,
}

/// When a key of the set-up applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum If {
    /// Modern numbering (Marshal 10, Spy 1).
    Modern,
    /// Classic numbering (Marshal 1, Scout 9).
    Classic,
    /// Complete, nothing picked up: Enter asks to send it.
    Ready,
    NotReady,
}

pub(crate) struct SetupCx {
    modern: bool,
    ready: bool,
}

impl Conditions<If> for SetupCx {
    fn holds(&self, c: If) -> bool {
        match c {
            If::Modern => self.modern,
            If::Classic => !self.modern,
            If::Ready => self.ready,
            If::NotReady => !self.ready,
        }
    }
}

const CURSOR: Binding<Do, If> = on(
    &[Left, Right, Up, Down, ch('h'), ch('j'), ch('k'), ch('l')],
    Do::Cursor,
)
.help("keys-arrows-hjkl", "setup-help-cursor");
const PICK_HELP: (&str, &str) = ("keys-space-enter", "setup-help-pick");
const READY_HELP: (&str, &str) = ("help-keys-ready", "setup-help-ready");
const MODERN: &[If] = &[If::Modern];
const CLASSIC: &[If] = &[If::Classic];

/// Arranging the army. The rank keys follow the numbering ([`rank_for_key`] places the
/// piece); any other character says it places none. Footer ranks: d, Space, r, c, S/L, ?,
/// t (the arrows are in the tip under the board: all fit 80 columns).
pub(crate) const ARRANGE: &[Binding<Do, If>] = &[
    CURSOR,
    on(&[ch('0'), ch('x'), ch('X')], Do::Place)
        .when(MODERN)
        .help("help-keys-marshal", "setup-help-marshal-modern"),
    on(
        &[
            ch('9'),
            ch('8'),
            ch('7'),
            ch('6'),
            ch('5'),
            ch('4'),
            ch('3'),
            ch('2'),
        ],
        Do::Place,
    )
    .when(MODERN)
    .help("9 .. 2", "setup-help-ranks-modern"),
    on(&[ch('1'), ch('s')], Do::Place)
        .when(MODERN)
        .help("help-keys-spy", "setup-help-spy-modern"),
    on(
        &[
            ch('1'),
            ch('2'),
            ch('3'),
            ch('4'),
            ch('5'),
            ch('6'),
            ch('7'),
            ch('8'),
            ch('9'),
        ],
        Do::Place,
    )
    .when(CLASSIC)
    .help("1 .. 9", "setup-help-ranks-classic"),
    on(&[ch('s'), ch('x'), ch('X')], Do::Place)
        .when(CLASSIC)
        .help("s / x, X", "setup-help-spy-marshal-classic"),
    on(&[ch('b'), ch('f'), ch('B'), ch('F')], Do::Place)
        .help("b / f, B / F", "setup-help-bomb-flag"),
    on(&[ch(' ')], Do::PickSwap)
        .hints(&[hint(1, "keys-space", "setup-keys-pick-swap")])
        .help(PICK_HELP.0, PICK_HELP.1),
    on(&[Enter], Do::PickSwap)
        .when(&[If::NotReady])
        .help(PICK_HELP.0, PICK_HELP.1),
    on(&[Esc], Do::Drop).help("keys-esc", "setup-help-drop"),
    on(&[Delete, Backspace], Do::Remove).help("keys-del-backspace", "setup-help-remove"),
    on(&[ch('r')], Do::Random)
        .hints(&[hint(2, "r", "setup-keys-fill")])
        .help("r", "setup-help-fill"),
    on(&[ch('c')], Do::Clear)
        .hints(&[hint(3, "c", "setup-keys-clear")])
        .help("c", "setup-help-clear"),
    on(&[ch('S')], Do::Save)
        .hints(&[hint(4, "S/L", "setup-keys-save-load")])
        .help("S / L", "setup-help-save-load"),
    on(&[ch('L')], Do::Load).help("S / L", "setup-help-save-load"),
    on(&[ch('d')], Do::Ready)
        .hints(&[hint(0, "d", "setup-keys-ready")])
        .help(READY_HELP.0, READY_HELP.1),
    on(&[Enter], Do::AskReady)
        .when(&[If::Ready])
        .help(READY_HELP.0, READY_HELP.1),
    note("keys-mouse", "setup-help-mouse"),
    on(&[ch('t')], Do::Chat)
        .hints(&[hint(6, "t", "setup-keys-chat")])
        .help("t", "setup-help-chat"),
    on(&[F(2)], Do::Settings).help("F2", "setup-help-settings"),
    on(&[ch('q')], Do::AskLeave).help("q", "setup-help-leave"),
    on(&[ch('A')], Do::AskAbort).help("A", "setup-help-abort"),
    on(&[ch('?')], Do::Help).hints(&[hint(5, "?", "setup-keys-help")]),
    chars(Do::NoPiece).explains(),
    // What the mark of the piece picked up means (it tells without colour what the colour
    // tells): after the keys, left out first where the help is short of rows.
    note("( )", "game-mark-picked"),
];

/// After sending the set-up, waiting for the opponent.
pub(crate) const SENT: &[Binding<Do, If>] = &[
    on(
        &[Left, Right, Up, Down, ch('h'), ch('j'), ch('k'), ch('l')],
        Do::Cursor,
    )
    .help("keys-arrows-hjkl", "setup-help-cursor"),
    on(&[ch('t')], Do::Chat)
        .hints(&[hint(0, "t", "setup-keys-chat")])
        .help("t", "setup-help-chat"),
    on(&[F(2)], Do::Settings).help("F2", "setup-help-settings"),
    on(&[ch('q')], Do::AskLeave)
        .hints(&[hint(1, "q", "setup-keys-leave")])
        .help("q", "setup-help-leave"),
    on(&[ch('A')], Do::AskAbort).help("A", "setup-help-abort"),
    on(&[ch('?')], Do::Help).hints(&[hint(2, "?", "setup-keys-help")]),
    // Anything else is answered: the set-up is sent.
    on(&[Enter, Delete, Backspace], Do::Sent).explains(),
    chars(Do::Sent).explains(),
];

/// A spectator during the set-up.
pub(crate) const WATCHING: &[Binding<Do, If>] = &[
    on(&[ch('q'), Esc], Do::Leave)
        .hints(&[hint(0, "q", "setup-keys-leave")])
        .help("keys-q-esc", "setup-help-leave"),
    on(&[ch('t')], Do::Chat)
        .hints(&[hint(1, "t", "setup-keys-chat")])
        .help("t", "setup-help-chat"),
    on(&[F(2)], Do::Settings).help("F2", "setup-help-settings"),
    on(&[ch('?')], Do::Help).hints(&[hint(2, "?", "setup-keys-help")]),
];

/// The list of saved set-ups: any other key closes it.
pub(crate) const LOAD: &[Binding<Do, If>] = &[
    on(&[Up, ch('k')], Do::Up).help("keys-up-down-jk", "setup-help-choose"),
    on(&[Down, ch('j')], Do::Down).help("keys-up-down-jk", "setup-help-choose"),
    on(&[Enter, ch(' ')], Do::Pick)
        .hints(&[hint(0, "keys-enter", "setup-keys-load")])
        .help("keys-space-enter", "setup-help-load"),
    on(&[Delete, ch('x')], Do::Delete)
        .hints(&[hint(1, "x", "setup-keys-delete")])
        .help("keys-x-del", "setup-help-delete"),
    on(&[F(2)], Do::Settings).help("F2", "setup-help-settings"),
    on(&[ch('?')], Do::Help),
    any(Do::Close)
        .hints(&[hint(2, "keys-esc", "setup-keys-close")])
        .help("keys-esc-other", "setup-help-close"),
];

#[cfg(test)]
mod key_tests {
    use super::*;
    use crate::ui::keymap::tests::labels_name_their_keys;

    /// Every key of a binding with a help line is named in the line.
    #[test]
    fn help_labels_name_their_keys() {
        labels_name_their_keys("arrange", ARRANGE);
        labels_name_their_keys("sent", SENT);
        labels_name_their_keys("watching", WATCHING);
        labels_name_their_keys("load", LOAD);
    }

    /// The rank keys of the table are exactly the keys [`rank_for_key`] places a piece
    /// for, in each numbering.
    #[test]
    fn rank_keys_agree_with_rank_for_key() {
        for (numbering, modern) in [(Numbering::Modern, true), (Numbering::Classic, false)] {
            let cx = SetupCx {
                modern,
                ready: false,
            };
            for c in ' '..='~' {
                let key = Key::plain(KeyCode::Char(c));
                let in_table = keymap::action(ARRANGE, key, &cx) == Some(Do::Place);
                let places = rank_for_key(c, numbering).is_some() && !"hjkl".contains(c);
                assert_eq!(in_table, places, "{c:?} in {numbering:?}");
            }
        }
    }
}
