//! The set-up library and the set-up explorer (issue 47 item 3), two pages of the browse
//! stack reached from the lobby (`S`).
//!
//! - [`LibraryUi`]: the player's saved set-ups of a variant, the selected one drawn on its
//!   rows with how it fared in the player's finished games (games, wins, draws, losses, how
//!   its Flag fell); rename, delete, duplicate, edit on a board (the set-up screen, saved
//!   back under its name).
//! - [`ExplorerUi`]: where Flags and Bombs stood and how each Flag square scored, as a heat
//!   map of numbers (with a shade character, so it reads in ASCII and mono too), and the
//!   set-ups played most; over the player's own games or the server's (aggregates only).
//!
//! Both draw from what the session sent ([`SetupStatsList`], [`ExplorerPage`]) and the
//! player's own saved set-ups; nothing here sees another player's army.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::browse::{header_line, ListSel, Page};
use super::game::LINE_OK;
use super::input::{Key, KeyCode};
use super::keymap::{self, ch, hint, note, on, Always, Binding, Conditions, Described, With};
use super::layout::inner;
use super::lobby::draw_list;
use super::theme::Theme;
use super::vocab::{end_reason, variant_name as vname};
use super::widgets::{footer, footer_rows, pad, panel, put, put_line, InputResult, LineInput};
use super::{rank_name, Act, Ctx, Effect, Overlay, SavedSetup};
use crate::i18n::{tr, Lang};
use crate::proto::{BrowseCmd, ExplorerPage, SetupStatsList};
use crate::rules::setup_stats::as_red;
use crate::rules::{EndReason, Explorer, Rank, Setup, SetupStats, Square, Variant};
use crate::t;
use KeyCode::{BackTab, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up, F};

/// The longest name a set-up may have (as the set-up screen's).
pub(crate) const NAME_MAX: usize = 30;

/// The rows of a set-up as its owner sees them (turned to Red's side): the front row (4)
/// first, files A to J, each square three columns (`10`, ` F`, ` .`); plain text, so the
/// line mode prints the same rows.
pub(crate) fn setup_rows(s: &Setup, lang: Lang) -> Vec<String> {
    let red = as_red(s);
    let _ = lang;
    let mut out = vec![format!("   {}", files())];
    for row in (0..4u8).rev() {
        let mut line = format!("{:>2} ", row + 1);
        for file in 0..10u8 {
            let cell = Square::new(file, row)
                .and_then(|q| red.pieces.get(&q))
                .map_or(".", |r| rank_label(*r));
            line.push_str(&format!("{cell:>3}"));
        }
        out.push(line);
    }
    out
}

fn files() -> String {
    ('A'..='J').map(|c| format!("{c:>3}")).collect()
}

/// A rank's short label in the set-ups' own numbering (modern, as the set-up string).
fn rank_label(r: Rank) -> &'static str {
    r.label(crate::rules::Numbering::Modern)
}

/// How a saved set-up fared, in sentences (the screen's detail and the line mode's).
pub(crate) fn stats_lines(s: &SetupStats, lang: Lang) -> Vec<String> {
    if s.games == 0 {
        return vec![tr(lang, "library-no-games")];
    }
    let mut out = vec![t!(
        lang,
        "library-stats",
        games = s.games,
        wins = s.wins,
        draws = s.draws,
        losses = s.losses
    )];
    for l in s
        .lost
        .iter()
        .filter(|l| l.reason == EndReason::FlagCaptured)
    {
        out.push(match l.by {
            Some(r) => t!(
                lang,
                "library-flag-taken",
                rank = rank_name(lang, r),
                ply = l.ply
            ),
            None => t!(lang, "library-flag-taken-unknown", ply = l.ply),
        });
    }
    let mut other: Vec<(EndReason, u32)> = vec![];
    for l in s
        .lost
        .iter()
        .filter(|l| l.reason != EndReason::FlagCaptured)
    {
        match other.iter_mut().find(|(r, _)| *r == l.reason) {
            Some((_, n)) => *n += 1,
            None => other.push((l.reason, 1)),
        }
    }
    for (r, n) in other {
        out.push(t!(
            lang,
            "library-lost-by",
            reason = end_reason(lang, r),
            count = n
        ));
    }
    out
}

/// A name not yet used in `variant` for a copy of `name`: `name 2`, `name 3`, ...
pub(crate) fn copy_name(name: &str, variant: Variant, saved: &[SavedSetup]) -> String {
    let taken = |n: &str| {
        saved
            .iter()
            .any(|s| s.variant == variant && s.name.eq_ignore_ascii_case(n))
    };
    (2..1000)
        .map(|i| {
            let suffix = format!(" {i}");
            let keep = NAME_MAX.saturating_sub(suffix.chars().count());
            let base: String = name.chars().take(keep).collect();
            format!("{}{suffix}", base.trim_end())
        })
        .find(|n| !taken(n))
        .unwrap_or_else(|| name.to_string())
}

// ---------------------------------------------------------------------------------------
// The library.

/// What the library is doing besides showing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum LibMode {
    #[default]
    Normal,
    /// The new name of the selected set-up being typed.
    Rename(LineInput),
    /// Asking before deleting the selected set-up.
    ConfirmDelete,
}

#[derive(Clone, Debug)]
pub(crate) struct LibraryUi {
    pub variant: Variant,
    /// The player's saved set-ups, all variants, as the app last had them.
    pub saved: Vec<SavedSetup>,
    pub list: ListSel,
    /// The statistics of the variant shown, once they came.
    pub stats: Option<SetupStatsList>,
    pub mode: LibMode,
    /// The name the selection goes to when the list comes back: a set-up just renamed or
    /// copied (the list is sorted by name, so its row moves).
    pub follow: Option<String>,
}

/// Opens the library on `variant`, asking for its statistics.
pub(crate) fn open_library(variant: Variant, saved: &[SavedSetup]) -> Vec<Act> {
    let l = LibraryUi {
        variant,
        saved: saved.to_vec(),
        list: ListSel::default(),
        stats: None,
        mode: LibMode::Normal,
        follow: None,
    };
    let cmd = l.cmd();
    vec![
        Act::Push(Box::new(Page::Library(Box::new(l)))),
        Act::Fx(Effect::Browse(cmd)),
    ]
}

/// Opens the explorer of `variant` (`mine`: over the player's own games).
pub(crate) fn open_explorer(variant: Variant, mine: bool) -> Vec<Act> {
    vec![
        Act::Push(Box::new(Page::Explorer(Box::new(ExplorerUi {
            variant,
            mine,
            data: None,
            heat: Heat::Flags,
            list: ListSel::default(),
        })))),
        Act::Fx(Effect::Browse(BrowseCmd::Explorer { variant, mine })),
    ]
}

impl LibraryUi {
    fn cmd(&self) -> BrowseCmd {
        BrowseCmd::SetupStats {
            variant: self.variant,
            setups: self.shown().into_iter().cloned().collect(),
        }
    }

    /// The saved set-ups of the variant shown, by name.
    pub fn shown(&self) -> Vec<&SavedSetup> {
        self.saved
            .iter()
            .filter(|s| s.variant == self.variant)
            .collect()
    }

    pub fn selected(&self) -> Option<&SavedSetup> {
        self.shown().get(self.list.sel).copied()
    }

    /// The statistics of a set-up by name, when they came.
    pub fn stats_of(&self, name: &str) -> Option<&SetupStats> {
        let s = self.stats.as_ref()?;
        s.rows.iter().find(|(n, _)| n == name).map(|(_, st)| st)
    }

    /// The saved set-ups changed: shown anew, statistics asked again.
    pub fn saved_changed(&mut self, saved: &[SavedSetup]) -> Vec<Effect> {
        if self.saved == saved {
            return vec![];
        }
        self.take_saved(saved);
        vec![Effect::Browse(self.cmd())]
    }

    /// The saved set-ups as stored, shown (the selection kept on its set-up) without
    /// asking for statistics.
    pub fn take_saved(&mut self, saved: &[SavedSetup]) {
        let was = self.selected().map(|s| s.name.clone());
        self.saved = saved.to_vec();
        let n = self.shown().len();
        // The selection stays on the set-up it was on (or goes to the one just renamed or
        // copied), wherever the sorted list put it; a deleted one's row keeps the cursor.
        let to = self
            .follow
            .take()
            .into_iter()
            .chain(was)
            .find_map(|name| self.shown().iter().position(|s| s.name == name));
        if let Some(i) = to {
            self.list.sel = i;
        }
        self.list.clamp(n);
    }

    /// An answer: taken for the variant shown.
    pub fn receive(&mut self, s: SetupStatsList) -> bool {
        if s.variant != self.variant {
            return false;
        }
        self.stats = Some(s);
        true
    }

    fn set_variant(&mut self, v: Variant) -> Vec<Act> {
        if v == self.variant {
            return vec![];
        }
        self.variant = v;
        self.stats = None;
        self.list = ListSel::default();
        vec![Act::Fx(Effect::Browse(self.cmd()))]
    }

    fn shift(&mut self, d: i32) -> Vec<Act> {
        let all = Variant::ALL;
        let i = all.iter().position(|x| *x == self.variant).unwrap_or(0) as i32;
        self.set_variant(all[(i + d).rem_euclid(all.len() as i32) as usize])
    }

    fn layout(&self, w: u16, h: u16, lang: Lang) -> LibLayout {
        let hints = keymap::in_lang(self.keys().footer(), lang);
        lib_layout(w, h, footer_rows(&hints, w))
    }

    pub fn keys(&self) -> Box<dyn Described> {
        match self.mode {
            LibMode::Rename(_) => keymap::plain(LINE_OK),
            LibMode::ConfirmDelete => keymap::plain(CONFIRM),
            LibMode::Normal => Box::new(With(LIBRARY, LibCx(self.selected().is_some()))),
        }
    }

    pub fn key(&mut self, k: Key, w: u16, h: u16, lang: Lang) -> Vec<Act> {
        match &mut self.mode {
            LibMode::Rename(input) => {
                if keymap::find(LINE_OK, k, &Always).is_none() {
                    return vec![];
                }
                return match input.key(k) {
                    InputResult::Editing => vec![],
                    InputResult::Cancel => {
                        self.mode = LibMode::Normal;
                        vec![]
                    }
                    InputResult::Submit(to) => {
                        self.mode = LibMode::Normal;
                        self.rename(to.trim(), lang)
                    }
                };
            }
            LibMode::ConfirmDelete => {
                self.mode = LibMode::Normal;
                return match (k.code, self.selected()) {
                    (KeyCode::Char('y'), Some(s)) => vec![
                        Act::Notice(t!(lang, "library-deleted", name = s.name.clone())),
                        Act::Fx(Effect::DeleteSetup {
                            name: s.name.clone(),
                            variant: s.variant,
                        }),
                    ],
                    _ => vec![Act::Notice(tr(lang, "library-kept"))],
                };
            }
            LibMode::Normal => {}
        }
        let Some(a) = keymap::action(LIBRARY, k, &LibCx(self.selected().is_some())) else {
            return vec![];
        };
        match a {
            Lib::Select => {
                let page = self.layout(w, h, lang).rows.height as usize;
                let n = self.shown().len();
                self.list.key(k.code, n, page);
                vec![]
            }
            Lib::Prev => self.shift(-1),
            Lib::Next => self.shift(1),
            Lib::Variant => match k.code {
                KeyCode::Char(c @ '1'..='3') => {
                    self.set_variant(Variant::ALL[c as usize - '1' as usize])
                }
                _ => vec![],
            },
            Lib::Rename => {
                if let Some(s) = self.selected() {
                    self.mode = LibMode::Rename(LineInput::with_text(&s.name, NAME_MAX));
                }
                vec![]
            }
            Lib::Delete => {
                self.mode = LibMode::ConfirmDelete;
                vec![]
            }
            Lib::Copy => match self.selected() {
                Some(s) => {
                    let name = copy_name(&s.name, s.variant, &self.saved);
                    let copy = SavedSetup {
                        name: name.clone(),
                        ..s.clone()
                    };
                    self.follow = Some(name);
                    vec![Act::Fx(Effect::SaveSetup(copy))]
                }
                None => vec![],
            },
            Lib::Edit => match self.selected() {
                Some(s) => vec![Act::EditSetup(s.clone())],
                None => vec![],
            },
            Lib::NoSetup => vec![Act::Notice(t!(
                lang,
                "library-empty",
                variant = vname(lang, self.variant)
            ))],
            Lib::Mine => open_explorer(self.variant, true),
            Lib::Server => open_explorer(self.variant, false),
            Lib::Back => vec![Act::Back],
            Lib::Settings => vec![Act::Open(Overlay::Settings { row: 0 })],
            Lib::Help => vec![Act::Open(Overlay::Help)],
        }
    }

    /// Renames the selected set-up to `to`: refused with a word when empty or taken.
    fn rename(&mut self, to: &str, lang: Lang) -> Vec<Act> {
        let Some(s) = self.selected().cloned() else {
            return vec![];
        };
        if to.is_empty() {
            return vec![Act::Notice(tr(lang, "setup-name-needed"))];
        }
        if to == s.name {
            return vec![];
        }
        if self
            .shown()
            .iter()
            .any(|o| o.name.eq_ignore_ascii_case(to) && o.name != s.name)
        {
            return vec![Act::Notice(t!(lang, "library-name-taken-named", name = to))];
        }
        self.follow = Some(to.to_string());
        vec![Act::Fx(Effect::RenameSetup {
            variant: s.variant,
            from: s.name,
            to: to.to_string(),
        })]
    }
}

/// The library's areas: header, tabs, the list on the left, the set-up and its statistics
/// on the right, the footer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LibLayout {
    pub header: Rect,
    pub tabs: Rect,
    pub list: Rect,
    pub rows: Rect,
    pub detail: Rect,
    pub footer: Rect,
}

fn lib_layout(w: u16, h: u16, foot: u16) -> LibLayout {
    let cw = w.min(120);
    let left = (w - cw) / 2;
    let body_h = h.saturating_sub(2 + foot);
    let list_w = (cw / 2).clamp(24, 44).min(cw);
    let list = Rect::new(left, 2, list_w, body_h);
    let inn = inner(list);
    LibLayout {
        header: Rect::new(left, 0, cw, 1),
        tabs: Rect::new(left, 1, cw, 1),
        list,
        rows: Rect::new(inn.x, inn.y + 1, inn.width, inn.height.saturating_sub(1)),
        detail: Rect::new(left + list_w, 2, cw - list_w, body_h),
        footer: Rect::new(0, h.saturating_sub(foot), w, foot.min(h)),
    }
}

fn variant_tabs(buf: &mut Buffer, area: Rect, on: Variant, hint: &str, t: &Theme) {
    let mut spans = vec![];
    for v in Variant::ALL {
        let name = vname(t.lang, v);
        if v == on {
            spans.push(Span::styled(format!("[{name}]"), t.accent()));
        } else {
            spans.push(Span::styled(format!(" {name} "), t.dim()));
        }
        spans.push(Span::raw(" "));
    }
    spans.push(Span::styled(format!("  {hint}"), t.dim()));
    put_line(buf, area.x + 1, area.y, &Line::from(spans), area.width);
}

pub(crate) fn render_library(buf: &mut Buffer, p: &LibraryUi, cx: &Ctx) {
    let t = cx.t;
    let lang = t.lang;
    let lay = p.layout(cx.w, cx.h, lang);
    let hints = keymap::in_lang(p.keys().footer(), lang);
    header_line(buf, lay.header, &tr(lang, "library-header"), t);
    variant_tabs(buf, lay.tabs, p.variant, &tr(lang, "library-tabs-hint"), t);
    let title = t!(lang, "library-title", variant = vname(lang, p.variant));
    let inn = panel(buf, lay.list, &title, true, t);
    let games_h = tr(lang, "browse-head-games");
    let wdl_h = tr(lang, "browse-head-wdl");
    let name_w = usize::from(inn.width).saturating_sub(4 + 2 + 10).max(6);
    put(
        buf,
        inn.x,
        inn.y,
        &format!(
            "{} {:>5}  {}",
            pad(&tr(lang, "library-head-name"), name_w),
            games_h,
            wdl_h
        ),
        inn.width,
        t.dim(),
    );
    let rows: Vec<Line<'static>> = p
        .shown()
        .iter()
        .map(|s| {
            let st = p.stats_of(&s.name);
            let (g, wdl) = match st {
                Some(st) => (
                    st.games.to_string(),
                    format!("{}/{}/{}", st.wins, st.draws, st.losses),
                ),
                None => ("…".to_string(), String::new()),
            };
            Line::from(vec![
                Span::raw(pad(&s.name, name_w)),
                Span::styled(format!(" {g:>5}  "), t.title()),
                Span::raw(wdl),
            ])
        })
        .collect();
    draw_list(
        buf,
        lay.rows,
        rows,
        Some(p.list.sel),
        true,
        &t!(lang, "library-empty", variant = vname(lang, p.variant)),
        t,
    );
    // The selected set-up, and how it fared.
    if let Some(s) = p.selected() {
        let inn = panel(buf, lay.detail, &s.name, false, t);
        let mut y = inn.y;
        for row in setup_rows(&s.setup, lang) {
            put(
                buf,
                inn.x + 1,
                y,
                &row,
                inn.width.saturating_sub(1),
                Style::new(),
            );
            y += 1;
        }
        y += 1;
        let lines = match p.stats_of(&s.name) {
            Some(st) => stats_lines(st, lang),
            None => vec![tr(lang, "library-counting")],
        };
        for l in lines {
            if y >= inn.bottom() {
                break;
            }
            put(
                buf,
                inn.x + 1,
                y,
                &l,
                inn.width.saturating_sub(1),
                Style::new(),
            );
            y += 1;
        }
        if let Some(st) = &p.stats {
            if y + 1 < inn.bottom() {
                put(
                    buf,
                    inn.x + 1,
                    y + 1,
                    &t!(lang, "library-games-read", games = st.games_read),
                    inn.width.saturating_sub(1),
                    t.dim(),
                );
            }
        }
    }
    match &p.mode {
        LibMode::Rename(input) => {
            let y = lay.footer.y.saturating_sub(1);
            input.render(
                buf,
                lay.list.x + 1,
                y,
                lay.list.width + lay.detail.width - 2,
                &tr(lang, "library-rename-prompt"),
                t,
            );
        }
        LibMode::ConfirmDelete => {
            if let Some(s) = p.selected() {
                let y = lay.footer.y.saturating_sub(1);
                put(
                    buf,
                    lay.list.x + 1,
                    y,
                    &t!(lang, "library-delete-confirm", name = s.name.clone()),
                    lay.list.width + lay.detail.width - 2,
                    t.error(),
                );
            }
        }
        LibMode::Normal => {}
    }
    footer(buf, lay.footer, &hints, t);
}

// ---------------------------------------------------------------------------------------
// The explorer.

/// What the explorer's heat map counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Heat {
    Flags,
    Bombs,
    /// How each Flag square scored (percent).
    Score,
}

#[derive(Clone, Debug)]
pub(crate) struct ExplorerUi {
    pub variant: Variant,
    pub mine: bool,
    pub data: Option<ExplorerPage>,
    pub heat: Heat,
    /// The selected common set-up.
    pub list: ListSel,
}

/// The shade characters of a heat-map cell, none to most (ASCII).
const SHADES: [char; 5] = [' ', '.', ':', '+', '#'];

/// The heat map's rows as text: the front row first, files A to J, each cell five columns
/// (a shade character and a number, `-` for a score with no Flag there); with each cell's
/// square and shade, for colouring.
pub(crate) fn heat_rows(e: &Explorer, heat: Heat) -> Vec<(String, Vec<(Square, u8)>)> {
    let value = |q: Square| -> Option<u32> {
        match heat {
            Heat::Flags => Some(e.flags_at(q)),
            Heat::Bombs => Some(e.bombs_at(q)),
            Heat::Score => e.flag_score(q),
        }
    };
    let max = Square::all().filter_map(value).max().unwrap_or(0);
    let mut out = vec![(
        format!(
            "   {}",
            ('A'..='J').map(|c| format!("{c:>5}")).collect::<String>()
        ),
        vec![],
    )];
    for row in (0..4u8).rev() {
        let mut line = format!("{:>2} ", row + 1);
        let mut cells = vec![];
        for file in 0..10u8 {
            let Some(q) = Square::new(file, row) else {
                continue;
            };
            match value(q) {
                Some(n) => {
                    let k = if heat == Heat::Score {
                        // A score shades by itself: 0-24 %, 25-49, 50-74, 75-100.
                        (1 + n.min(99) / 25) as u8
                    } else {
                        Explorer::shade(n, max)
                    };
                    let shown = if n == 0 {
                        String::from("0")
                    } else {
                        n.to_string()
                    };
                    line.push_str(&format!(" {}{shown:>3}", SHADES[usize::from(k)]));
                    cells.push((q, k));
                }
                None => {
                    line.push_str("    -");
                    cells.push((q, 0));
                }
            }
        }
        out.push((line, cells));
    }
    out
}

/// The heat map's key in `lang` (what the numbers are).
pub(crate) fn heat_word(heat: Heat, lang: Lang) -> String {
    tr(
        lang,
        match heat {
            Heat::Flags => "explorer-show-flags",
            Heat::Bombs => "explorer-show-bombs",
            Heat::Score => "explorer-show-score",
        },
    )
}

impl ExplorerUi {
    pub fn keys(&self) -> Box<dyn Described> {
        keymap::plain(EXPLORER)
    }

    pub fn receive(&mut self, e: ExplorerPage) -> bool {
        if e.variant != self.variant || e.mine != self.mine {
            return false;
        }
        self.data = Some(e);
        true
    }

    fn ask(&mut self) -> Vec<Act> {
        self.data = None;
        self.list = ListSel::default();
        vec![Act::Fx(Effect::Browse(BrowseCmd::Explorer {
            variant: self.variant,
            mine: self.mine,
        }))]
    }

    fn shift(&mut self, d: i32) -> Vec<Act> {
        let all = Variant::ALL;
        let i = all.iter().position(|x| *x == self.variant).unwrap_or(0) as i32;
        self.variant = all[(i + d).rem_euclid(all.len() as i32) as usize];
        self.ask()
    }

    pub fn key(&mut self, k: Key) -> Vec<Act> {
        let Some(a) = keymap::action(EXPLORER, k, &Always) else {
            return vec![];
        };
        match a {
            Exp::Select => {
                let n = self.data.as_ref().map_or(0, |d| d.explorer.common.len());
                self.list.key(k.code, n, 5);
                vec![]
            }
            Exp::Prev => self.shift(-1),
            Exp::Next => self.shift(1),
            Exp::Variant => match k.code {
                KeyCode::Char(c @ '1'..='3') => {
                    let v = Variant::ALL[c as usize - '1' as usize];
                    if v == self.variant {
                        return vec![];
                    }
                    self.variant = v;
                    self.ask()
                }
                _ => vec![],
            },
            Exp::Flags => {
                self.heat = Heat::Flags;
                vec![]
            }
            Exp::Bombs => {
                self.heat = Heat::Bombs;
                vec![]
            }
            Exp::Score => {
                self.heat = Heat::Score;
                vec![]
            }
            Exp::Whose => {
                self.mine = !self.mine;
                self.ask()
            }
            Exp::Back => vec![Act::Back],
            Exp::Settings => vec![Act::Open(Overlay::Settings { row: 0 })],
            Exp::Help => vec![Act::Open(Overlay::Help)],
        }
    }
}

pub(crate) fn render_explorer(buf: &mut Buffer, p: &ExplorerUi, cx: &Ctx) {
    let t = cx.t;
    let lang = t.lang;
    let hints = keymap::in_lang(p.keys().footer(), lang);
    let foot = footer_rows(&hints, cx.w);
    let lay = lib_layout(cx.w, cx.h, foot);
    let whole = Rect::new(
        lay.list.x,
        lay.list.y,
        lay.list.width + lay.detail.width,
        lay.list.height,
    );
    header_line(buf, lay.header, &tr(lang, "explorer-header"), t);
    variant_tabs(buf, lay.tabs, p.variant, &tr(lang, "explorer-tabs-hint"), t);
    let title = if p.mine {
        t!(
            lang,
            "explorer-title-mine",
            variant = vname(lang, p.variant)
        )
    } else {
        t!(
            lang,
            "explorer-title-server",
            variant = vname(lang, p.variant)
        )
    };
    let inn = panel(buf, whole, &title, true, t);
    let Some(d) = &p.data else {
        put(
            buf,
            inn.x + 1,
            inn.y,
            &tr(lang, "explorer-loading"),
            inn.width,
            t.dim(),
        );
        footer(buf, lay.footer, &hints, t);
        return;
    };
    let e = &d.explorer;
    let mut y = inn.y;
    let w = inn.width.saturating_sub(1);
    put(
        buf,
        inn.x + 1,
        y,
        &t!(
            lang,
            "explorer-armies",
            armies = e.armies,
            what = heat_word(p.heat, lang)
        ),
        w,
        t.title(),
    );
    y += 1;
    if !p.mine {
        put(
            buf,
            inn.x + 1,
            y,
            &tr(lang, "explorer-server-note"),
            w,
            t.dim(),
        );
        y += 1;
    }
    y += 1;
    for (text, cells) in heat_rows(e, p.heat) {
        if y >= inn.bottom() {
            break;
        }
        put(buf, inn.x + 1, y, &text, w, Style::new());
        for (i, (_, k)) in cells.iter().enumerate() {
            let x = inn.x + 1 + 3 + 5 * i as u16;
            let area = Rect::new(x + 1, y, 4, 1).intersection(inn);
            buf.set_style(area, t.heat(*k));
        }
        y += 1;
    }
    y += 1;
    if y < inn.bottom() {
        put(
            buf,
            inn.x + 1,
            y,
            &tr(lang, "explorer-common-title"),
            w,
            t.title(),
        );
        y += 1;
    }
    let rows: Vec<Line<'static>> = e
        .common
        .iter()
        .map(|c| {
            let pct = (c.points2 * 50 + c.games / 2) / c.games.max(1);
            Line::from(vec![
                Span::raw(format!("{:>4}x  ", c.games)),
                Span::raw(format!("{:>3}%  ", pct)),
                Span::styled(c.setup.clone(), t.dim()),
            ])
        })
        .collect();
    if y < inn.bottom() {
        let area = Rect::new(inn.x + 1, y, w, inn.bottom() - y);
        draw_list(
            buf,
            area,
            rows,
            Some(p.list.sel),
            true,
            &tr(lang, "explorer-common-none"),
            t,
        );
    }
    footer(buf, lay.footer, &hints, t);
}

// ---------------------------------------------------------------------------------------
// Keys.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lib {
    Select,
    Prev,
    Next,
    Variant,
    Rename,
    Delete,
    Copy,
    Edit,
    /// A key for a set-up with none saved.
    NoSetup,
    Mine,
    Server,
    Back,
    Settings,
    Help,
}

/// The library's one condition: a set-up is selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LibIf {
    Some,
    None,
}

pub(crate) struct LibCx(bool);

impl Conditions<LibIf> for LibCx {
    fn holds(&self, c: LibIf) -> bool {
        match c {
            LibIf::Some => self.0,
            LibIf::None => !self.0,
        }
    }
}

const LIST_KEYS: &[KeyCode] = &[Up, ch('k'), Down, ch('j')];
const PAGE_KEYS: &[KeyCode] = &[PageUp, PageDown, Home, End];
const SETUP_KEYS: &[KeyCode] = &[ch('r'), ch('d'), ch('c'), ch('e')];

const LIBRARY: &[Binding<Lib, LibIf>] = &[
    on(LIST_KEYS, Lib::Select)
        .hints(&[hint(2, "keys-up-down", "browse-keys-select")])
        .help("keys-up-down-jk", "library-help-select"),
    on(PAGE_KEYS, Lib::Select).help("browse-key-pages", "browse-help-page"),
    on(&[Left], Lib::Prev)
        .hints(&[hint(3, "keys-left-right", "browse-keys-variant")])
        .help("browse-key-left-right-123", "browse-help-variants"),
    on(&[Right], Lib::Next).help("browse-key-left-right-123", "browse-help-variants"),
    on(&[ch('h'), BackTab], Lib::Prev).help("browse-key-h-l-tab", "browse-help-shift"),
    on(&[ch('l'), Tab], Lib::Next).help("browse-key-h-l-tab", "browse-help-shift"),
    on(&[ch('1'), ch('2'), ch('3')], Lib::Variant)
        .help("browse-key-left-right-123", "browse-help-variants"),
    on(&[ch('e'), Enter], Lib::Edit)
        .when(&[LibIf::Some])
        .hints(&[hint(0, "e", "library-keys-edit")])
        .help("e / Enter", "library-help-edit"),
    on(&[ch('r')], Lib::Rename)
        .when(&[LibIf::Some])
        .hints(&[hint(1, "r", "library-keys-rename")])
        .help("r", "library-help-rename"),
    on(&[ch('c')], Lib::Copy)
        .when(&[LibIf::Some])
        .hints(&[hint(6, "c", "library-keys-copy")])
        .help("c", "library-help-copy"),
    on(&[ch('d')], Lib::Delete)
        .when(&[LibIf::Some])
        .hints(&[hint(7, "d", "library-keys-delete")])
        .help("d", "library-help-delete"),
    on(SETUP_KEYS, Lib::NoSetup).when(&[LibIf::None]).explains(),
    on(&[ch('x')], Lib::Mine)
        .hints(&[hint(8, "x", "library-keys-mine")])
        .help("x", "library-help-mine"),
    on(&[ch('X')], Lib::Server)
        .hints(&[hint(9, "X", "library-keys-server")])
        .help("X", "library-help-server"),
    note("library-help-stats-key", "library-help-stats"),
    on(&[F(2)], Lib::Settings).help("F2", "browse-help-settings"),
    on(&[Esc, ch('q')], Lib::Back)
        .hints(&[hint(4, "keys-esc", "browse-keys-back")])
        .help("keys-esc-q", "browse-help-back"),
    on(&[ch('?')], Lib::Help).hints(&[hint(5, "?", "browse-keys-help")]),
];

/// Asking before a delete: `y` deletes, any other key keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Answer;

const CONFIRM: &[Binding<Answer, keymap::Never>] =
    &[keymap::chars(Answer).hints(&[hint(0, "y", "library-keys-confirm")])];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exp {
    Select,
    Prev,
    Next,
    Variant,
    Flags,
    Bombs,
    Score,
    Whose,
    Back,
    Settings,
    Help,
}

const EXPLORER: &[Binding<Exp, keymap::Never>] = &[
    on(LIST_KEYS, Exp::Select).help("keys-up-down-jk", "explorer-help-select"),
    on(PAGE_KEYS, Exp::Select).help("browse-key-pages", "browse-help-page"),
    on(&[Left], Exp::Prev)
        .hints(&[hint(3, "keys-left-right", "browse-keys-variant")])
        .help("browse-key-left-right-123", "browse-help-variants"),
    on(&[Right], Exp::Next).help("browse-key-left-right-123", "browse-help-variants"),
    on(&[ch('h'), BackTab], Exp::Prev).help("browse-key-h-l-tab", "browse-help-shift"),
    on(&[ch('l'), Tab], Exp::Next).help("browse-key-h-l-tab", "browse-help-shift"),
    on(&[ch('1'), ch('2'), ch('3')], Exp::Variant)
        .help("browse-key-left-right-123", "browse-help-variants"),
    on(&[ch('f')], Exp::Flags)
        .hints(&[hint(0, "f/b/w", "explorer-keys-heat")])
        .help("f", "explorer-help-flags"),
    on(&[ch('b')], Exp::Bombs).help("b", "explorer-help-bombs"),
    on(&[ch('w')], Exp::Score).help("w", "explorer-help-score"),
    on(&[ch('m')], Exp::Whose)
        .hints(&[hint(1, "m", "explorer-keys-whose")])
        .help("m", "explorer-help-whose"),
    on(&[F(2)], Exp::Settings).help("F2", "browse-help-settings"),
    on(&[Esc, ch('q')], Exp::Back)
        .hints(&[hint(4, "keys-esc", "browse-keys-back")])
        .help("keys-esc-q", "browse-help-back"),
    on(&[ch('?')], Exp::Help).hints(&[hint(5, "?", "browse-keys-help")]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Color, Rules};
    use crate::ui::keymap::tests::labels_name_their_keys;

    #[test]
    fn help_labels_name_their_keys() {
        labels_name_their_keys("library", LIBRARY);
        labels_name_their_keys("explorer", EXPLORER);
    }

    #[test]
    fn rows_show_the_owner_side_front_row_first() {
        let rules = Rules::standard(Variant::Barrage);
        let mut s = Setup::random(&rules, Color::Red, 4);
        s.pieces.retain(|_, r| *r != Rank::Flag);
        s.pieces.insert("B1".parse().unwrap(), Rank::Flag);
        let rows = setup_rows(&s, Lang::En);
        assert_eq!(rows.len(), 5);
        assert!(rows[4].starts_with(" 1 "));
        // B1: the second cell of the last row.
        assert_eq!(&rows[4][6..9], "  F");
        // The same set-up saved as Blue draws the same rows.
        let blue = crate::ui::turned_for(&s, Color::Blue);
        assert_eq!(setup_rows(&blue, Lang::En), rows);
    }

    #[test]
    fn copies_get_a_free_name() {
        let rules = Rules::standard(Variant::Duel);
        let s = |name: &str| SavedSetup {
            name: name.into(),
            variant: Variant::Duel,
            setup: Setup::random(&rules, Color::Red, 1),
        };
        let saved = vec![s("wall"), s("wall 2")];
        assert_eq!(copy_name("wall", Variant::Duel, &saved), "wall 3");
        assert_eq!(copy_name("wall", Variant::Classic, &saved), "wall 2");
        let long = "x".repeat(30);
        assert_eq!(copy_name(&long, Variant::Duel, &saved).chars().count(), 30);
    }

    #[test]
    fn heat_rows_number_each_square() {
        let mut e = Explorer {
            variant: Some(Variant::Barrage),
            armies: 3,
            flags: vec![0; 100],
            bombs: vec![0; 100],
            flag_points2: vec![0; 100],
            common: vec![],
        };
        let b1: Square = "B1".parse().unwrap();
        e.flags[b1.index()] = 3;
        e.flag_points2[b1.index()] = 4;
        let rows = heat_rows(&e, Heat::Flags);
        // Row 1 is last; B1 is its second cell: the most, so the darkest shade.
        assert_eq!(&rows[4].0[8..13], " #  3");
        let score = heat_rows(&e, Heat::Score);
        assert!(score[4].0.contains(" 67"), "{}", score[4].0);
        assert!(score[4].0.contains("    -"));
    }
}
