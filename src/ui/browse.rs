//! Screens for stored things: leaderboards, profiles and game lists. The replay viewer is
//! in `replay.rs`. Each screen is a [`Page`] on a stack over the lobby: Esc goes back to the
//! page it was opened from. Data arrives as answers to [`BrowseCmd`]s; until an answer
//! comes the page says it is loading.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::input::{Key, KeyCode, Mouse, MouseButton, MouseKind};
use super::keymap::{
    self, ch, hint, note, on, Always, Binding, Conditions, Described, Never, With,
};
use super::layout::{inner, scroll_offset};
use super::lobby::draw_list;
use super::replay::ReplayUi;
use super::theme::Theme;
use super::vocab::{color_name, end_reason, variant_name as vname};
use super::welcome::NameCard;
use super::widgets::{footer, footer_rows, pad, panel, put, put_line, sparkline, trunc, wrap};
use super::words::width;
use super::{Act, Ctx, Effect, Identity, Overlay};
use crate::i18n::{tr, Lang};
use crate::proto::{
    BrowseCmd, GameFilter, GameList, GameListItem, LeaderRow, Leaderboard, Profile, VariantRating,
};
use crate::rules::{Color, EndReason, Outcome, Variant};
use crate::t;
use KeyCode::{BackTab, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up, F};

/// One screen of the browse stack.
#[derive(Clone, Debug)]
pub(crate) enum Page {
    Leaders(LeadersUi),
    Profile(ProfileUi),
    Games(GamesUi),
    Replay(Box<ReplayUi>),
    /// The set-up library and the explorer (`library.rs`).
    Library(Box<super::library::LibraryUi>),
    Explorer(Box<super::library::ExplorerUi>),
}

/// Opens a page and asks for its data.
fn open(page: Page, cmd: BrowseCmd) -> Vec<Act> {
    vec![Act::Push(Box::new(page)), Act::Fx(Effect::Browse(cmd))]
}

pub(crate) fn open_leaderboard(variant: Variant) -> Vec<Act> {
    open(
        Page::Leaders(LeadersUi {
            variant,
            data: None,
            list: ListSel::default(),
        }),
        BrowseCmd::Leaderboard(variant),
    )
}

pub(crate) fn open_profile(nick: &str) -> Vec<Act> {
    open(
        Page::Profile(ProfileUi {
            nick: nick.to_string(),
            data: None,
            variant: None,
            list: ListSel::default(),
            guest: false,
        }),
        BrowseCmd::Profile(nick.to_string()),
    )
}

/// A guest's profile page: nothing to ask the store for (a guest has no stored profile);
/// the page says so, and how to keep a name.
pub(crate) fn open_guest_profile(nick: &str) -> Vec<Act> {
    vec![Act::Push(Box::new(Page::Profile(ProfileUi {
        nick: nick.to_string(),
        data: None,
        variant: None,
        list: ListSel::default(),
        guest: true,
    })))]
}

pub(crate) fn open_games(filter: GameFilter, variant: Option<Variant>) -> Vec<Act> {
    open(
        Page::Games(GamesUi {
            player: match &filter {
                GameFilter::Player(p) => Some(p.clone()),
                _ => None,
            },
            filter: filter.clone(),
            variant,
            data: None,
            list: ListSel::default(),
        }),
        BrowseCmd::Games { filter, variant },
    )
}

/// Opens a game's replay; `me` sees their own games from their side.
pub(crate) fn open_replay(item: &GameListItem, me: &Identity) -> Vec<Act> {
    let r = ReplayUi::new(item, &me.nick);
    let cmd = r.cmd();
    open(Page::Replay(Box::new(r)), cmd)
}

impl Page {
    /// A key; `lang`: the player's language (the footer's rows, so the page's size, follow it).
    pub fn key(&mut self, k: Key, me: &Identity, w: u16, h: u16, lang: Lang) -> Vec<Act> {
        match self {
            Page::Leaders(p) => p.key(k, me, w, h, lang),
            Page::Profile(p) => p.key(k, me, w, h, lang),
            Page::Games(p) => p.key(k, me, w, h, lang),
            Page::Replay(p) => p.key(k),
            Page::Library(p) => p.key(k, w, h, lang),
            Page::Explorer(p) => p.key(k),
        }
    }

    pub fn mouse(&mut self, m: Mouse, me: &Identity, w: u16, h: u16, lang: Lang) -> Vec<Act> {
        match self {
            Page::Leaders(p) => {
                let rows = p.layout(w, h, lang).rows;
                let n = p.rows().len();
                match p.list.mouse(m, rows, n, 1) {
                    Some(i) => p.open_row(i, me),
                    None => vec![],
                }
            }
            Page::Profile(p) => {
                let lay = p.layout(me, w, h, lang);
                let recent = p.recent();
                let per = game_cols(lay.rows.width, &recent, lang).per;
                let n = recent.len();
                match p.list.mouse(m, lay.rows, n, per) {
                    Some(i) => p.open_row(i, me),
                    None => vec![],
                }
            }
            Page::Games(p) => {
                let rows = p.layout(w, h, lang).rows;
                let items: Vec<&GameListItem> = p.items().iter().collect();
                let per = game_cols(rows.width, &items, lang).per;
                let n = items.len();
                match p.list.mouse(m, rows, n, per) {
                    Some(i) => p.open_row(i, me),
                    None => vec![],
                }
            }
            Page::Replay(p) => p.mouse(m, w, h, lang),
            Page::Library(_) | Page::Explorer(_) => vec![],
        }
    }

    /// The title of the page's help (a message id).
    pub fn help_title(&self) -> &'static str {
        match self {
            Page::Leaders(_) => "browse-help-leaders",
            Page::Profile(_) => "browse-help-profile",
            Page::Games(_) => "browse-help-games",
            Page::Replay(_) => "replay-help-title",
            Page::Library(_) => "library-help-title",
            Page::Explorer(_) => "explorer-help-title",
        }
    }

    /// The keys of the page.
    pub fn keys(&self, me: &Identity) -> Box<dyn Described + '_> {
        match self {
            Page::Leaders(_) => keymap::plain(LEADERS),
            Page::Profile(p) => Box::new(With(PROFILE, p.cx(me))),
            Page::Games(p) => Box::new(With(GAMES, p.filter.clone())),
            Page::Replay(r) => r.keys(),
            Page::Library(p) => p.keys(),
            Page::Explorer(p) => p.keys(),
        }
    }
}

/// The selected row of a list and whether the last click selected it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ListSel {
    pub sel: usize,
    pub clicked: bool,
}

impl ListSel {
    /// Up/Down, j/k, PageUp/PageDown, Home/End; true when the key was one of them.
    pub(crate) fn key(&mut self, code: KeyCode, len: usize, page: usize) -> bool {
        let page = page.max(1) as i64;
        let d: i64 = match code {
            KeyCode::Up | KeyCode::Char('k') => -1,
            KeyCode::Down | KeyCode::Char('j') => 1,
            KeyCode::PageUp => -page,
            KeyCode::PageDown => page,
            KeyCode::Home => -1_000_000,
            KeyCode::End => 1_000_000,
            _ => return false,
        };
        self.clicked = false;
        if len > 0 {
            self.sel = (self.sel as i64 + d).clamp(0, len as i64 - 1) as usize;
        }
        true
    }

    pub(crate) fn clamp(&mut self, len: usize) {
        self.sel = self.sel.min(len.saturating_sub(1));
    }

    /// A click or scroll over the rows (`per` rows an item): selects; returns the item to
    /// open on a second click.
    fn mouse(&mut self, m: Mouse, rows: Rect, len: usize, per: usize) -> Option<usize> {
        let pos = (m.column, m.row).into();
        if !rows.contains(pos) {
            return None;
        }
        match m.kind {
            MouseKind::ScrollUp => {
                self.key(KeyCode::Up, len, 1);
                None
            }
            MouseKind::ScrollDown => {
                self.key(KeyCode::Down, len, 1);
                None
            }
            MouseKind::Down(MouseButton::Left) => {
                let per = per.max(1);
                let off = scroll_offset(Some(self.sel), len, rows.height as usize / per);
                let i = off + (m.row - rows.y) as usize / per;
                if i >= len {
                    return None;
                }
                let again = self.clicked && self.sel == i;
                self.sel = i;
                self.clicked = !again;
                again.then_some(i)
            }
            _ => None,
        }
    }
}

/// All variants, then each one: the game list's and profile's filter.
fn cycle_variant(v: Option<Variant>, d: i32) -> Option<Variant> {
    let all = [
        None,
        Some(Variant::Classic),
        Some(Variant::Duel),
        Some(Variant::Barrage),
    ];
    let i = all.iter().position(|x| *x == v).unwrap_or(0) as i32;
    all[(i + d).rem_euclid(all.len() as i32) as usize]
}

/// The filter's name in `lang`: a variant, or all of them.
fn filter_name(lang: Lang, v: Option<Variant>) -> String {
    v.map_or_else(|| tr(lang, "browse-all-variants"), |v| vname(lang, v))
}

/// A footer's hints in `lang`.
fn hints_in(
    pairs: Vec<(&'static str, &'static str)>,
    lang: Lang,
) -> Vec<(&'static str, &'static str)> {
    keymap::in_lang(pairs, lang)
}

// ---------------------------------------------------------------------------------------
// Layouts (shared by drawing and mouse hit-testing).

/// A page with one list: header, tabs line, bordered list, footer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ListLayout {
    pub header: Rect,
    pub tabs: Rect,
    pub panel: Rect,
    /// Inside the panel, under the column titles.
    pub rows: Rect,
    pub footer: Rect,
}

fn content(w: u16) -> (u16, u16) {
    let cw = w.min(120);
    ((w - cw) / 2, cw)
}

/// `foot`: the footer's rows (see `widgets::footer_rows`).
pub(crate) fn list_layout(w: u16, h: u16, foot: u16) -> ListLayout {
    let (left, cw) = content(w);
    let panel = Rect::new(left, 2, cw, h.saturating_sub(2 + foot));
    let inn = inner(panel);
    ListLayout {
        header: Rect::new(left, 0, cw, 1),
        tabs: Rect::new(left, 1, cw, 1),
        panel,
        rows: Rect::new(inn.x, inn.y + 1, inn.width, inn.height.saturating_sub(1)),
        footer: Rect::new(0, h.saturating_sub(foot), w, foot.min(h)),
    }
}

/// The profile: ratings panel (a stats line and a chart per variant), recent games below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ProfileLayout {
    pub header: Rect,
    pub ratings: Rect,
    pub chart_h: u16,
    pub games: Rect,
    pub rows: Rect,
    pub footer: Rect,
}

pub(crate) fn profile_layout(w: u16, h: u16, n_ratings: usize, foot: u16) -> ProfileLayout {
    let (left, cw) = content(w);
    let body = h.saturating_sub(1 + foot);
    let n = n_ratings.clamp(1, 3) as u16;
    let chart_h = (body.saturating_sub(10) / n).saturating_sub(1).clamp(1, 4);
    let ratings_h = (2 + n * (1 + chart_h)).min(body.saturating_sub(5));
    let games = Rect::new(left, 1 + ratings_h, cw, body - ratings_h);
    let inn = inner(games);
    ProfileLayout {
        header: Rect::new(left, 0, cw, 1),
        ratings: Rect::new(left, 1, cw, ratings_h),
        chart_h,
        games,
        rows: Rect::new(inn.x, inn.y + 1, inn.width, inn.height.saturating_sub(1)),
        footer: Rect::new(0, h.saturating_sub(foot), w, foot.min(h)),
    }
}

// ---------------------------------------------------------------------------------------
// Leaderboard.

#[derive(Clone, Debug)]
pub(crate) struct LeadersUi {
    pub variant: Variant,
    pub data: Option<Leaderboard>,
    pub list: ListSel,
}

impl LeadersUi {
    fn layout(&self, w: u16, h: u16, lang: Lang) -> ListLayout {
        let hints = hints_in(keymap::footer(LEADERS, &Always), lang);
        list_layout(w, h, footer_rows(&hints, w))
    }

    pub fn rows(&self) -> &[LeaderRow] {
        self.data.as_ref().map_or(&[], |d| &d.rows)
    }

    /// An answer: taken only for the variant shown; selects my own row if I am listed.
    pub fn receive(&mut self, lb: Leaderboard, me: &Identity) -> bool {
        if lb.variant != self.variant {
            return false;
        }
        let fresh = self.data.is_none();
        self.data = Some(lb);
        if fresh {
            self.list = ListSel::default();
            if let Some(i) = self.rows().iter().position(|r| r.nick == me.nick) {
                self.list.sel = i;
            }
        }
        let n = self.rows().len();
        self.list.clamp(n);
        true
    }

    fn set_variant(&mut self, v: Variant) -> Vec<Act> {
        if v == self.variant {
            return vec![];
        }
        self.variant = v;
        self.data = None;
        self.list = ListSel::default();
        vec![Act::Fx(Effect::Browse(BrowseCmd::Leaderboard(v)))]
    }

    fn shift(&mut self, d: i32) -> Vec<Act> {
        let all = Variant::ALL;
        let i = all.iter().position(|x| *x == self.variant).unwrap_or(0) as i32;
        self.set_variant(all[(i + d).rem_euclid(all.len() as i32) as usize])
    }

    fn open_row(&mut self, i: usize, _me: &Identity) -> Vec<Act> {
        match self.rows().get(i) {
            Some(r) => open_profile(&r.nick),
            None => vec![],
        }
    }

    fn key(&mut self, k: Key, me: &Identity, w: u16, h: u16, lang: Lang) -> Vec<Act> {
        let Some(a) = keymap::action(LEADERS, k, &Always) else {
            return vec![];
        };
        match a {
            Do::Select => {
                let page = self.layout(w, h, lang).rows.height as usize;
                self.list.key(k.code, self.rows().len(), page);
                vec![]
            }
            Do::Prev => self.shift(-1),
            Do::Next => self.shift(1),
            Do::Variant => match k.code {
                KeyCode::Char(c @ '1'..='3') => {
                    self.set_variant(Variant::ALL[c as usize - '1' as usize])
                }
                _ => vec![],
            },
            Do::Open => self.open_row(self.list.sel, me),
            Do::Profile => open_profile(&me.nick),
            other => common(other),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Profile.

#[derive(Clone, Debug)]
pub(crate) struct ProfileUi {
    pub nick: String,
    pub data: Option<Profile>,
    /// Variant highlighted; recent games are filtered by it (None: all).
    pub variant: Option<Variant>,
    pub list: ListSel,
    /// A guest's: no stored profile (none is asked for).
    pub guest: bool,
}

impl ProfileUi {
    /// My own profile (a guest has none to rename).
    fn mine(&self, me: &Identity) -> bool {
        self.nick == me.nick && !me.guest
    }

    fn cx(&self, me: &Identity) -> ProfileIf {
        ProfileIf {
            mine: self.mine(me),
        }
    }

    fn layout(&self, me: &Identity, w: u16, h: u16, lang: Lang) -> ProfileLayout {
        let foot = footer_rows(&hints_in(keymap::footer(PROFILE, &self.cx(me)), lang), w);
        profile_layout(w, h, self.rating_count(), foot)
    }

    pub fn receive(&mut self, p: Profile) -> bool {
        if !p.nick.eq_ignore_ascii_case(&self.nick) {
            return false;
        }
        self.nick = p.nick.clone();
        self.data = Some(p);
        let n = self.recent().len();
        self.list.clamp(n);
        true
    }

    fn rating_count(&self) -> usize {
        self.data.as_ref().map_or(3, |d| d.ratings.len())
    }

    pub fn recent(&self) -> Vec<&GameListItem> {
        match &self.data {
            None => vec![],
            Some(d) => d
                .recent
                .iter()
                .filter(|g| self.variant.is_none_or(|v| g.variant == v))
                .collect(),
        }
    }

    fn open_row(&mut self, i: usize, me: &Identity) -> Vec<Act> {
        match self.recent().get(i) {
            Some(g) => open_replay(g, me),
            None => vec![],
        }
    }

    fn key(&mut self, k: Key, me: &Identity, w: u16, h: u16, lang: Lang) -> Vec<Act> {
        let Some(a) = keymap::action(PROFILE, k, &self.cx(me)) else {
            return vec![];
        };
        match a {
            Do::Select => {
                let rows = self.layout(me, w, h, lang).rows;
                let recent = self.recent();
                let page = rows.height as usize / game_cols(rows.width, &recent, lang).per;
                self.list.key(k.code, recent.len(), page);
                vec![]
            }
            Do::Prev | Do::Next => {
                let d = if a == Do::Prev { -1 } else { 1 };
                self.variant = cycle_variant(self.variant, d);
                self.list = ListSel::default();
                vec![]
            }
            Do::Open => self.open_row(self.list.sel, me),
            Do::Games => open_games(GameFilter::Player(self.nick.clone()), self.variant),
            Do::Rename => match &self.data {
                None => vec![Act::Notice(tr(lang, "browse-notice-wait-profile"))],
                Some(d) if d.renames_left == 0 => {
                    vec![Act::Notice(tr(lang, "browse-notice-renamed"))]
                }
                Some(_) => vec![Act::Open(Overlay::Name(NameCard::rename(&me.nick)))],
            },
            other => common(other),
        }
    }
}

/// A new name for me (`old` → `new`): my profile pages follow it, and the one shown asks
/// again (the rename left changed).
pub(crate) fn renamed(pages: &mut [Page], old: &str, new: &str) -> Vec<Effect> {
    let mut ask = false;
    for p in pages.iter_mut() {
        if let Page::Profile(p) = p {
            if p.nick == old {
                p.nick = new.to_string();
                p.data = None;
                ask = true;
            }
        }
    }
    if ask {
        vec![Effect::Browse(BrowseCmd::Profile(new.to_string()))]
    } else {
        vec![]
    }
}

// ---------------------------------------------------------------------------------------
// Game browser.

#[derive(Clone, Debug)]
pub(crate) struct GamesUi {
    pub filter: GameFilter,
    pub variant: Option<Variant>,
    pub data: Option<GameList>,
    pub list: ListSel,
    /// The player whose games were asked for, kept while Tab shows other lists.
    pub player: Option<String>,
}

impl GamesUi {
    fn layout(&self, w: u16, h: u16, lang: Lang) -> ListLayout {
        let hints = hints_in(keymap::footer(GAMES, &self.filter), lang);
        list_layout(w, h, footer_rows(&hints, w))
    }

    pub fn items(&self) -> &[GameListItem] {
        self.data.as_ref().map_or(&[], |d| &d.items)
    }

    pub fn receive(&mut self, gl: GameList) -> bool {
        if gl.filter != self.filter || gl.variant != self.variant {
            return false;
        }
        self.data = Some(gl);
        let n = self.items().len();
        self.list.clamp(n);
        true
    }

    fn ask(&mut self) -> Vec<Act> {
        self.data = None;
        self.list = ListSel::default();
        vec![Act::Fx(Effect::Browse(BrowseCmd::Games {
            filter: self.filter.clone(),
            variant: self.variant,
        }))]
    }

    /// The lists Tab goes through: mine, recent, and the player's if opened for one.
    fn sources(&self) -> Vec<GameFilter> {
        let mut v = vec![GameFilter::Mine, GameFilter::Recent];
        if let Some(p) = &self.player {
            v.push(GameFilter::Player(p.clone()));
        }
        v
    }

    fn open_row(&mut self, i: usize, me: &Identity) -> Vec<Act> {
        match self.items().get(i) {
            Some(g) => open_replay(&g.clone(), me),
            None => vec![],
        }
    }

    fn key(&mut self, k: Key, me: &Identity, w: u16, h: u16, lang: Lang) -> Vec<Act> {
        let Some(a) = keymap::action(GAMES, k, &self.filter) else {
            return vec![];
        };
        match a {
            Do::Select => {
                let rows = self.layout(w, h, lang).rows;
                let items: Vec<&GameListItem> = self.items().iter().collect();
                let page = rows.height as usize / game_cols(rows.width, &items, lang).per;
                self.list.key(k.code, items.len(), page);
                vec![]
            }
            Do::Prev | Do::Next => {
                let d = if a == Do::Prev { -1 } else { 1 };
                self.variant = cycle_variant(self.variant, d);
                self.ask()
            }
            Do::Source => {
                let src = self.sources();
                let i = src.iter().position(|f| *f == self.filter).unwrap_or(0);
                let d = if k.code == KeyCode::Tab {
                    1
                } else {
                    src.len() - 1
                };
                self.filter = src[(i + d) % src.len()].clone();
                self.ask()
            }
            Do::Mine => {
                self.filter = GameFilter::Mine;
                self.ask()
            }
            Do::Recent => {
                self.filter = GameFilter::Recent;
                self.ask()
            }
            Do::Open => self.open_row(self.list.sel, me),
            Do::Profile => match self.items().get(self.list.sel) {
                // The opponent of the player whose list this is (Red in recent games).
                Some(g) => {
                    let whose = match &self.filter {
                        GameFilter::Mine => me.nick.as_str(),
                        GameFilter::Player(p) => p.as_str(),
                        GameFilter::Recent => "",
                    };
                    let nick = if g.red == whose { &g.blue } else { &g.red };
                    open_profile(&nick.clone())
                }
                None => vec![],
            },
            other => common(other),
        }
    }

    fn title(&self, me: &Identity, lang: Lang) -> String {
        match &self.filter {
            GameFilter::Mine => t!(lang, "browse-games-mine", nick = me.nick.as_str()),
            GameFilter::Player(p) => t!(lang, "browse-games-of", nick = p.as_str()),
            GameFilter::Recent => tr(lang, "browse-games-recent"),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Words and dates.

/// A finished game's result in words in `lang`: `Red won — flag captured`, `draw — agreed`.
pub(crate) fn result_words(lang: Lang, o: Option<Outcome>, dash: &str) -> String {
    let Some(o) = o else {
        return tr(lang, "browse-unfinished");
    };
    match o.winner {
        Some(c) => t!(
            lang,
            "browse-result-won",
            color = color_name(lang, c),
            dash = dash,
            reason = end_reason(lang, o.reason)
        ),
        None => {
            let why = match o.reason {
                EndReason::DrawAgreed => tr(lang, "browse-draw-agreed"),
                EndReason::MoveCap => tr(lang, "browse-draw-move-limit"),
                r => end_reason(lang, r),
            };
            t!(lang, "browse-result-draw", dash = dash, why = why)
        }
    }
}

/// Year, month (1..=12) and day (1..=31) of a day number counted from 1970-01-01
/// (Howard Hinnant's `civil_from_days`).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // [0, 146096]
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // [0, 399]
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
    let mp = (5 * doy + 2) / 153; // [0, 11], March first
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Unix seconds as UTC `YYYY-MM-DD HH:MM`.
pub fn utc_datetime(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}",
        rem / 3600,
        (rem / 60) % 60
    )
}

// ---------------------------------------------------------------------------------------
// Drawing.

pub(crate) fn render(buf: &mut Buffer, page: &Page, me: &Identity, cx: &Ctx) {
    match page {
        Page::Leaders(p) => render_leaders(buf, p, me, cx),
        Page::Profile(p) => render_profile(buf, p, me, cx),
        Page::Games(p) => render_games(buf, p, me, cx),
        Page::Replay(p) => super::replay::render(buf, p, cx),
        Page::Library(p) => super::library::render_library(buf, p, cx),
        Page::Explorer(p) => super::library::render_explorer(buf, p, cx),
    }
}

/// A page's top line (the library's and explorer's too).
pub(crate) fn header_line(buf: &mut Buffer, area: Rect, title: &str, t: &Theme) {
    header(buf, area, title, t)
}

fn header(buf: &mut Buffer, area: Rect, title: &str, t: &Theme) {
    let line = Line::from(vec![
        Span::styled("stratego-ssh", t.accent()),
        Span::raw(t.g.sep.to_string()),
        Span::styled(title.to_string(), t.title()),
    ]);
    put_line(buf, area.x, area.y, &line, area.width);
}

/// Columns a line of spans takes.
fn spans_width(spans: &[Span<'_>]) -> usize {
    spans.iter().map(|s| width(&s.content)).sum()
}

/// `s` right-aligned in `w` columns.
fn right(s: &str, w: usize) -> String {
    format!("{}{s}", " ".repeat(w.saturating_sub(width(s))))
}

/// `Classic  Duel  Barrage` with the chosen one marked, and `hint` after them when it fits
/// whole (the footer and the help name the keys too).
fn tabs(buf: &mut Buffer, area: Rect, names: &[(String, bool)], hint: &str, t: &Theme) {
    let mut spans = vec![];
    for (name, on) in names {
        if *on {
            spans.push(Span::styled(format!("[{name}]"), t.accent()));
        } else {
            spans.push(Span::styled(format!(" {name} "), t.dim()));
        }
        spans.push(Span::raw(" "));
    }
    let hint = format!("  {hint}");
    if spans_width(&spans) + width(&hint) < usize::from(area.width) {
        spans.push(Span::styled(hint, t.dim()));
    }
    put_line(buf, area.x + 1, area.y, &Line::from(spans), area.width);
}

/// `what`: the whole message (`loading games...`).
fn loading(buf: &mut Buffer, rows: Rect, what: &str, t: &Theme) {
    put(buf, rows.x, rows.y, what, rows.width, t.dim());
}

/// The leaderboard's columns in a language: each as wide as its title needs, at least
/// as wide as in English; the nick gets what is left.
struct LeaderCols {
    rank: usize,
    nick: usize,
    rating: usize,
    games: usize,
    heads: [String; 5],
    you: String,
}

impl LeaderCols {
    fn new(lang: Lang, inner: u16) -> LeaderCols {
        let heads = [
            tr(lang, "browse-head-rank"),
            tr(lang, "browse-head-player"),
            tr(lang, "browse-head-rating"),
            tr(lang, "browse-head-games"),
            tr(lang, "browse-head-wdl"),
        ];
        let you = tr(lang, "browse-you");
        let rank = width(&heads[0]).max(5);
        let rating = width(&heads[2]).max(6);
        let games = width(&heads[3]).max(5);
        // What the English columns take beyond 44 cells is taken from the nick.
        let extra = (rank - 5)
            + (rating - 6)
            + (games - 5)
            + width(&heads[4]).saturating_sub(5)
            + width(&you).saturating_sub(5);
        let nick = usize::from(inner).saturating_sub(44 + extra).clamp(8, 24);
        LeaderCols {
            rank,
            nick,
            rating,
            games,
            heads,
            you,
        }
    }

    fn head(&self, pm: &str) -> String {
        let h = &self.heads;
        format!(
            "{}  {}  {} {:>6}  {}  {}",
            right(&h[0], self.rank),
            pad(&h[1], self.nick),
            right(&h[2], self.rating),
            pm,
            right(&h[3], self.games),
            h[4]
        )
    }
}

fn render_leaders(buf: &mut Buffer, p: &LeadersUi, me: &Identity, cx: &Ctx) {
    let t = cx.t;
    let lang = t.lang;
    let lay = p.layout(cx.w, cx.h, lang);
    let hints = hints_in(keymap::footer(LEADERS, &Always), lang);
    header(buf, lay.header, &tr(lang, "browse-leaders-header"), t);
    let names: Vec<(String, bool)> = Variant::ALL
        .iter()
        .map(|v| (vname(lang, *v), *v == p.variant))
        .collect();
    tabs(
        buf,
        lay.tabs,
        &names,
        &tr(lang, "browse-leaders-tabs-hint"),
        t,
    );
    let title = t!(
        lang,
        "browse-leaders-title",
        variant = vname(lang, p.variant)
    );
    let inn = panel(buf, lay.panel, &title, true, t);
    let cols = LeaderCols::new(lang, inn.width);
    put(buf, inn.x, inn.y, &cols.head(t.g.pm), inn.width, t.dim());
    let Some(d) = &p.data else {
        loading(buf, lay.rows, &tr(lang, "browse-loading-leaderboard"), t);
        footer(buf, lay.footer, &hints, t);
        return;
    };
    let rows: Vec<Line<'static>> = d
        .rows
        .iter()
        .map(|r| {
            let mine = r.nick == me.nick;
            let nick_style = if mine { t.accent() } else { Style::new() };
            let mut spans = vec![
                Span::raw(format!("{}  ", right(&r.rank.to_string(), cols.rank))),
                Span::styled(pad(&r.nick, cols.nick), nick_style),
                Span::styled(
                    format!("  {}", right(&r.rating.to_string(), cols.rating)),
                    t.title(),
                ),
                Span::styled(
                    format!(" {:>6}", format!("{}{}", t.g.pm, r.deviation)),
                    t.dim(),
                ),
                Span::raw(format!(
                    "  {}  {}/{}/{}",
                    right(&r.games.to_string(), cols.games),
                    r.wins,
                    r.draws,
                    r.losses
                )),
            ];
            if mine {
                spans.push(Span::styled(format!("  {}", cols.you), t.accent()));
            }
            Line::from(spans)
        })
        .collect();
    draw_list(
        buf,
        lay.rows,
        rows,
        Some(p.list.sel),
        true,
        &tr(lang, "browse-no-players"),
        t,
    );
    footer(buf, lay.footer, &hints, t);
}

/// Column widths of a game list row, each as wide as its title and words need in the
/// language (at least the English widths).
struct GameCols {
    /// `#123`: what `ssh host replay ID` takes.
    id: usize,
    names: usize,
    variant: usize,
    rated: usize,
    result: usize,
    moves: usize,
    date: usize,
    /// The date's characters shown: with the time (16) or without (10).
    cut: usize,
    /// Rows a game takes: 2 when its result in words does not fit beside the rest (it
    /// goes on a row of its own under them).
    per: usize,
    lang: Lang,
}

/// The result of `g` in words as the list says it, from the side of `who` when they
/// played it.
fn game_result(g: &GameListItem, who: Option<&str>, lang: Lang, dash: &str) -> String {
    let side = game_side(g, who);
    match (g.outcome, side) {
        (Some(o), Some(me)) if o.winner.is_some() => {
            let reason = end_reason(lang, o.reason);
            if o.winner == Some(me) {
                t!(lang, "browse-you-won", dash = dash, reason = reason)
            } else {
                t!(lang, "browse-you-lost", dash = dash, reason = reason)
            }
        }
        (o, _) => result_words(lang, o, dash),
    }
}

fn game_side(g: &GameListItem, who: Option<&str>) -> Option<Color> {
    match who {
        Some(w) if w == g.red => Some(Color::Red),
        Some(w) if w == g.blue => Some(Color::Blue),
        _ => None,
    }
}

/// The columns for `games` in `width` cells in `lang`.
fn game_cols(width_: u16, games: &[&GameListItem], lang: Lang) -> GameCols {
    let w = width_ as usize;
    let id = games
        .iter()
        .map(|g| g.id.to_string().len() + 1)
        .max()
        .unwrap_or(2)
        .max(2)
        .max(width(&tr(lang, "browse-head-id")));
    let variant = Variant::ALL
        .iter()
        .map(|v| width(&vname(lang, *v)))
        .chain([width(&tr(lang, "browse-head-variant")), 7])
        .max()
        .unwrap_or(7);
    let rated = ["browse-head-rated", "browse-rated", "browse-casual"]
        .iter()
        .map(|id| width(&tr(lang, id)))
        .chain([6])
        .max()
        .unwrap_or(6);
    let moves = width(&tr(lang, "browse-head-moves")).max(5);
    let wide = w >= 90;
    let date_head = tr(
        lang,
        if wide {
            "browse-head-ended"
        } else {
            "browse-head-date"
        },
    );
    let cut = if wide { 16 } else { 10 };
    let date = width(&date_head).max(cut);
    // id and a gap, variant, rated, moves, date, gaps 2 x 5.
    let rest = w.saturating_sub(id + 1 + variant + rated + moves + date + 10);
    // The result in words gets room first (about 30 cells), the names the rest.
    let nick = (rest.saturating_sub(30) / 2).clamp(6, 16);
    let vs = width(&tr(lang, "browse-vs"));
    let names = (2 * nick + 2 + vs).max(width(&tr(lang, "browse-head-players")));
    let mut result = rest.saturating_sub(names).max(8);
    // The longest result these games may show (from either side, in ASCII too).
    let longest = games
        .iter()
        .flat_map(|g| {
            [
                game_result(g, Some(g.red.as_str()), lang, "--"),
                game_result(g, Some(g.blue.as_str()), lang, "--"),
                game_result(g, None, lang, "--"),
            ]
        })
        .map(|s| width(&s))
        .max()
        .unwrap_or(0);
    let per = if longest <= result { 1 } else { 2 };
    // Two rows a game: the names get the result's room (and its gap) on the first.
    let names = if per == 2 {
        result = 0;
        // One space between the columns (four gaps of two were counted, and the result's).
        (rest + 6).max(width(&tr(lang, "browse-head-players")))
    } else {
        names
    };
    GameCols {
        id,
        names,
        variant,
        rated,
        result,
        moves,
        date,
        cut,
        per,
        lang,
    }
}

impl GameCols {
    fn head(&self) -> String {
        let lang = self.lang;
        let date = tr(
            lang,
            if self.cut >= 16 {
                "browse-head-ended"
            } else {
                "browse-head-date"
            },
        );
        let result = if self.per == 1 {
            format!("{}  ", pad(&tr(lang, "browse-head-result"), self.result))
        } else {
            String::new()
        };
        let gap = self.gap();
        format!(
            "{} {}{gap}{}{gap}{}{gap}{}{}{gap}{}",
            pad(&tr(lang, "browse-head-id"), self.id),
            pad(&tr(lang, "browse-head-players"), self.names),
            pad(&tr(lang, "browse-head-variant"), self.variant),
            pad(&tr(lang, "browse-head-rated"), self.rated),
            result,
            right(&tr(lang, "browse-head-moves"), self.moves),
            pad(&date, self.date)
        )
    }

    /// Between two columns: two spaces, one when a game takes two rows (the room is short).
    fn gap(&self) -> &'static str {
        if self.per == 1 {
            "  "
        } else {
            " "
        }
    }
}

/// A game's rows (one, or two with the result under the rest: see [`GameCols::per`]);
/// `who`: whose list it is (the result is said from their side).
fn game_line(g: &GameListItem, c: &GameCols, who: Option<&str>, t: &Theme) -> Vec<Line<'static>> {
    let lang = c.lang;
    let vs = tr(lang, "browse-vs");
    let nick = (c.names - 2 - width(&vs)) / 2;
    let red = trunc(&g.red, nick);
    let blue = trunc(&g.blue, nick);
    let used = red.chars().count() + blue.chars().count() + 2 + width(&vs);
    let mut date = utc_datetime(g.ended_at);
    date.truncate(c.cut);
    let side = game_side(g, who);
    let result_style = match g.outcome.and_then(|o| o.winner) {
        Some(col) if side.is_some() => {
            if Some(col) == side {
                t.good()
            } else {
                t.error()
            }
        }
        Some(col) => t.side(col),
        None => Style::new(),
    };
    let result = game_result(g, who, lang, t.g.dash);
    let rated = tr(
        lang,
        if g.rated {
            "browse-rated"
        } else {
            "browse-casual"
        },
    );
    let mut first = vec![
        Span::styled(pad(&format!("#{}", g.id), c.id), t.dim()),
        Span::raw(" "),
        Span::styled(red, t.side(Color::Red)),
        Span::raw(format!(" {vs} ")),
        Span::styled(blue, t.side(Color::Blue)),
        Span::raw(" ".repeat(c.names.saturating_sub(used) + c.gap().len())),
        Span::raw(format!(
            "{}{gap}{}{gap}",
            pad(&vname(lang, g.variant), c.variant),
            pad(&rated, c.rated),
            gap = c.gap()
        )),
    ];
    if c.per == 1 {
        first.push(Span::styled(pad(&result, c.result), result_style));
        first.push(Span::raw("  "));
    }
    // Moves as the move list numbers them: a move is Red's and Blue's.
    first.push(Span::raw(format!(
        "{}{}",
        right(&g.plies.div_ceil(2).to_string(), c.moves),
        c.gap()
    )));
    first.push(Span::styled(date, t.dim()));
    let mut rows = vec![Line::from(first)];
    if c.per == 2 {
        rows.push(Line::from(vec![
            Span::raw(" ".repeat(c.id + 1)),
            Span::styled(result, result_style),
        ]));
    }
    rows
}

/// A list of games, `per` rows each (see [`GameCols::per`]), the selected one marked.
fn draw_games(
    buf: &mut Buffer,
    area: Rect,
    games: Vec<Vec<Line<'static>>>,
    per: usize,
    selected: usize,
    empty: &str,
    t: &Theme,
) {
    if per <= 1 {
        let rows = games.into_iter().flatten().collect();
        draw_list(buf, area, rows, Some(selected), true, empty, t);
        return;
    }
    if games.is_empty() {
        put(buf, area.x, area.y, empty, area.width, t.dim());
        return;
    }
    let slots = (usize::from(area.height) / per).max(1);
    let off = scroll_offset(Some(selected), games.len(), slots);
    for (k, rows) in games.iter().enumerate().skip(off).take(slots) {
        for (j, row) in rows.iter().enumerate() {
            let y = area.y + ((k - off) * per + j) as u16;
            if y >= area.bottom() {
                break;
            }
            if k == selected {
                let st = t.row_focus();
                super::widgets::fill(buf, Rect::new(area.x, y, area.width, 1), st);
                put_line(buf, area.x, y, &row.clone().patch_style(st), area.width);
            } else {
                put_line(buf, area.x, y, row, area.width);
            }
        }
    }
    if off > 0 {
        put(
            buf,
            area.right().saturating_sub(3),
            area.y,
            "...",
            3,
            t.dim(),
        );
    }
}

fn render_games(buf: &mut Buffer, p: &GamesUi, me: &Identity, cx: &Ctx) {
    let t = cx.t;
    let lang = t.lang;
    let lay = p.layout(cx.w, cx.h, lang);
    header(buf, lay.header, &tr(lang, "browse-games-header"), t);
    let names: Vec<(String, bool)> = p
        .sources()
        .iter()
        .map(|f| {
            let n = match f {
                GameFilter::Mine => tr(lang, "browse-tab-mine"),
                GameFilter::Recent => tr(lang, "browse-tab-recent"),
                GameFilter::Player(n) => trunc(n, 16),
            };
            (n, *f == p.filter)
        })
        .collect();
    let mut spans = vec![];
    for (n, on) in &names {
        if *on {
            spans.push(Span::styled(format!("[{n}]"), t.accent()));
        } else {
            spans.push(Span::styled(format!(" {n} "), t.dim()));
        }
        spans.push(Span::raw(" "));
    }
    let list_hint = Span::styled(format!("{}   ", tr(lang, "browse-tab-list")), t.dim());
    let variant = vec![
        Span::raw(format!("{} ", tr(lang, "browse-tab-variant"))),
        Span::styled(filter_name(lang, p.variant), t.accent()),
    ];
    let keys = Span::styled(format!(" {}", tr(lang, "browse-tab-variant-keys")), t.dim());
    // The key hints only when they fit whole (the footer and the help have them too).
    let room = usize::from(lay.tabs.width.saturating_sub(1));
    let need = spans_width(&spans) + spans_width(&variant);
    let with_list = need + width(&list_hint.content) <= room;
    let with_keys = need + width(&list_hint.content) + width(&keys.content) <= room
        || (!with_list && need + width(&keys.content) <= room);
    if with_list {
        spans.push(list_hint);
    }
    spans.extend(variant);
    if with_keys {
        spans.push(keys);
    }
    put_line(
        buf,
        lay.tabs.x + 1,
        lay.tabs.y,
        &Line::from(spans),
        lay.tabs.width,
    );

    let count = p.data.as_ref().map(|d| d.items.len());
    let title = match count {
        Some(n) => t!(
            lang,
            "browse-games-count",
            title = p.title(me, lang),
            count = n
        ),
        None => p.title(me, lang),
    };
    let inn = panel(buf, lay.panel, &title, true, t);
    let items: Vec<&GameListItem> = p.items().iter().collect();
    let cols = game_cols(inn.width, &items, lang);
    put(buf, inn.x, inn.y, &cols.head(), inn.width, t.dim());
    let who = match &p.filter {
        GameFilter::Player(n) => n.as_str(),
        GameFilter::Mine | GameFilter::Recent => me.nick.as_str(),
    };
    if p.data.is_none() {
        loading(buf, lay.rows, &tr(lang, "browse-loading-games"), t);
    } else {
        let rows = items
            .iter()
            .map(|g| game_line(g, &cols, Some(who), t))
            .collect();
        draw_games(
            buf,
            lay.rows,
            rows,
            cols.per,
            p.list.sel,
            &tr(lang, "browse-no-finished"),
            t,
        );
    }
    // The selected game's web page, on the list's bottom border (a private game has none).
    if let Some(g) = items.get(p.list.sel).filter(|g| !g.private) {
        border_note(buf, lay.panel, cx.me.game_link(g.id), t);
    }
    let hints = hints_in(keymap::footer(GAMES, &p.filter), lang);
    footer(buf, lay.footer, &hints, t);
}

fn rating_line(r: &VariantRating, on: bool, lang: Lang, t: &Theme) -> Line<'static> {
    let name_style = if on { t.accent() } else { t.title() };
    let name_w = Variant::ALL
        .iter()
        .map(|v| width(&vname(lang, *v)))
        .max()
        .unwrap_or(8)
        .max(8);
    Line::from(vec![
        Span::styled(pad(&vname(lang, r.variant), name_w), name_style),
        Span::styled(format!(" {:>5}", r.rating), t.title()),
        Span::styled(format!(" {}{:<4}", t.g.pm, r.deviation), t.dim()),
        Span::raw(format!(
            "  {}  {} {}/{}/{}",
            t!(lang, "browse-rating-games", count = r.games),
            tr(lang, "browse-head-wdl"),
            r.wins,
            r.draws,
            r.losses
        )),
    ])
}

fn render_profile(buf: &mut Buffer, p: &ProfileUi, me: &Identity, cx: &Ctx) {
    let t = cx.t;
    let lang = t.lang;
    let lay = p.layout(me, cx.w, cx.h, lang);
    let hints = hints_in(keymap::footer(PROFILE, &p.cx(me)), lang);
    let who = if p.nick == me.nick {
        t!(lang, "browse-profile-of-you", nick = p.nick.as_str())
    } else {
        t!(lang, "browse-profile-of", nick = p.nick.as_str())
    };
    header(buf, lay.header, &who, t);
    if p.mine(me) {
        let rename = match p.data.as_ref().map(|d| d.renames_left) {
            None => String::new(),
            Some(0) => tr(lang, "browse-renamed-already"),
            Some(_) => tr(lang, "browse-rename-once"),
        };
        let rw = width(&rename) as u16;
        let used = 2 + "stratego-ssh".len() as u16 + width(&who) as u16 + 3;
        if rw > 0 && used + rw <= lay.header.width {
            let x = lay.header.right() - rw;
            put(buf, x, lay.header.y, &rename, rw, t.dim());
        }
    }
    let ratings_title = t!(lang, "browse-ratings-title", nick = p.nick.as_str());
    let inn = panel(buf, lay.ratings, &ratings_title, true, t);
    let recent_title = tr(lang, "browse-recent-title");
    if p.guest {
        let text = t!(lang, "browse-guest-text", nick = p.nick.as_str());
        for (k, l) in wrap(&text, usize::from(inn.width))
            .iter()
            .take(usize::from(inn.height))
            .enumerate()
        {
            put(buf, inn.x, inn.y + k as u16, l, inn.width, Style::new());
        }
        panel(buf, lay.games, &recent_title, false, t);
        footer(buf, lay.footer, &hints, t);
        return;
    }
    let Some(d) = &p.data else {
        loading(buf, inn, &tr(lang, "browse-loading-profile"), t);
        panel(buf, lay.games, &recent_title, false, t);
        footer(buf, lay.footer, &hints, t);
        return;
    };
    if d.ratings.is_empty() {
        let none = tr(lang, "browse-no-ratings");
        put(buf, inn.x, inn.y, &none, inn.width, t.dim());
    }
    let mut y = inn.y;
    for r in &d.ratings {
        if y >= inn.bottom() {
            break;
        }
        let on = p.variant == Some(r.variant);
        put_line(buf, inn.x, y, &rating_line(r, on, lang, t), inn.width);
        y += 1;
        let ch = lay.chart_h.min(inn.bottom().saturating_sub(y));
        if ch == 0 {
            break;
        }
        let values: Vec<i32> = r.history.iter().map(|(_, v)| *v).collect();
        if values.is_empty() {
            put(
                buf,
                inn.x + 2,
                y,
                &tr(lang, "browse-no-history"),
                inn.width.saturating_sub(2),
                t.dim(),
            );
        } else {
            let lab = 6u16;
            let chart = Rect::new(
                inn.x + lab,
                y,
                inn.width.saturating_sub(lab + 1).min(60),
                ch,
            );
            // The labels give the range of the points drawn (the most recent ones).
            let shown = &values[values.len().saturating_sub(chart.width as usize)..];
            let lo = shown.iter().min().copied().unwrap_or(0);
            let hi = shown.iter().max().copied().unwrap_or(0);
            put(buf, inn.x, y, &format!("{hi:>5}"), lab, t.dim());
            if ch > 1 {
                put(buf, inn.x, y + ch - 1, &format!("{lo:>5}"), lab, t.dim());
            }
            let st = if on { t.accent() } else { t.good() };
            sparkline(buf, chart, &values, st, t);
            let n = values.len().min(chart.width as usize);
            let note = t!(lang, "browse-last-rated", count = n);
            let nx = chart.x + n as u16 + 2;
            if nx + width(&note) as u16 <= inn.right() {
                put(buf, nx, y + ch - 1, &note, inn.right() - nx, t.dim());
            }
        }
        y += ch;
    }

    let recent = p.recent();
    let title = t!(
        lang,
        "browse-recent-title-of",
        variant = filter_name(lang, p.variant)
    );
    let ginn = panel(buf, lay.games, &title, true, t);
    let cols = game_cols(ginn.width, &recent, lang);
    put(buf, ginn.x, ginn.y, &cols.head(), ginn.width, t.dim());
    let rows = recent
        .iter()
        .map(|g| game_line(g, &cols, Some(&p.nick), t))
        .collect();
    draw_games(
        buf,
        lay.rows,
        rows,
        cols.per,
        p.list.sel,
        &tr(lang, "browse-no-games-yet"),
        t,
    );
    // The player's web page, on the ratings' bottom border.
    border_note(buf, lay.ratings, me.player_link(&p.nick), t);
    footer(buf, lay.footer, &hints, t);
}

/// A link on a panel's bottom border (` https://host/game/7 `), when it fits whole: a
/// link cut short would lead nowhere.
fn border_note(buf: &mut Buffer, area: Rect, link: Option<String>, t: &Theme) {
    let Some(link) = link else {
        return;
    };
    let text = format!(" {link} ");
    let room = area.width.saturating_sub(4);
    if area.height > 1 && (super::words::width(&text) as u16) <= room {
        put(buf, area.x + 2, area.bottom() - 1, &text, room, t.dim());
    }
}

// ---------------------------------------------------------------------------------------
// Keys.

/// What a key does on a browse page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Do {
    /// Up, Down, a page, to the ends (by the key).
    Select,
    Prev,
    Next,
    /// 1 2 3: a variant.
    Variant,
    /// Tab, Shift-Tab: the next or previous list of games.
    Source,
    Mine,
    Recent,
    Open,
    /// A profile: mine, or the opponent's.
    Profile,
    /// All games of the profile's player.
    Games,
    /// My own profile: change my name (once).
    Rename,
    Back,
    Settings,
    Help,
}

/// The keys every page has.
fn common(a: Do) -> Vec<Act> {
    match a {
        Do::Back => vec![Act::Back],
        Do::Settings => vec![Act::Open(Overlay::Settings { row: 0 })],
        Do::Help => vec![Act::Open(Overlay::Help)],
        _ => vec![],
    }
}

/// When a key of a profile applies.
pub(crate) struct ProfileIf {
    mine: bool,
}

/// The profile's one condition: it is mine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mine;

impl Conditions<Mine> for ProfileIf {
    fn holds(&self, _: Mine) -> bool {
        self.mine
    }
}

/// When a key of the game list applies: which list is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum If {
    NotMine,
    NotRecent,
}

impl Conditions<If> for GameFilter {
    fn holds(&self, c: If) -> bool {
        match c {
            If::NotMine => *self != GameFilter::Mine,
            If::NotRecent => *self != GameFilter::Recent,
        }
    }
}

const LIST_KEYS: &[KeyCode] = &[Up, ch('k'), Down, ch('j')];
const PAGE_KEYS: &[KeyCode] = &[PageUp, PageDown, Home, End];
const PAGE_HELP: (&str, &str) = ("browse-key-pages", "browse-help-page");
const SHIFT_HELP: (&str, &str) = ("browse-key-h-l-tab", "browse-help-shift");
const VARIANT_HELP: (&str, &str) = ("keys-left-right-v", "browse-help-variant");
const LR123_HELP: (&str, &str) = ("browse-key-left-right-123", "browse-help-variants");
const BACK: Binding<Do, Never> = on(&[Esc, ch('q')], Do::Back)
    .hints(&[hint(4, "keys-esc", "browse-keys-back")])
    .help("keys-esc-q", "browse-help-back");
const SETTINGS: Binding<Do, Never> = on(&[F(2)], Do::Settings).help("F2", "browse-help-settings");
const HELP: Binding<Do, Never> =
    on(&[ch('?')], Do::Help).hints(&[hint(5, "?", "browse-keys-help")]);

/// The leaderboard's keys.
const LEADERS: &[Binding<Do, Never>] = &[
    on(LIST_KEYS, Do::Select)
        .hints(&[hint(2, "keys-up-down", "browse-keys-select")])
        .help("keys-up-down-jk", "browse-help-select-player"),
    on(PAGE_KEYS, Do::Select).help(PAGE_HELP.0, PAGE_HELP.1),
    on(&[Left], Do::Prev)
        .hints(&[hint(1, "keys-left-right", "browse-keys-variant")])
        .help(LR123_HELP.0, LR123_HELP.1),
    on(&[Right], Do::Next).help(LR123_HELP.0, LR123_HELP.1),
    on(&[ch('1'), ch('2'), ch('3')], Do::Variant).help(LR123_HELP.0, LR123_HELP.1),
    on(&[ch('h'), BackTab], Do::Prev).help(SHIFT_HELP.0, SHIFT_HELP.1),
    on(&[ch('l'), Tab], Do::Next).help(SHIFT_HELP.0, SHIFT_HELP.1),
    on(&[Enter], Do::Open)
        .hints(&[hint(0, "keys-enter", "browse-keys-profile")])
        .help("keys-enter", "browse-help-open-profile"),
    on(&[ch('p')], Do::Profile)
        .hints(&[hint(3, "p", "browse-keys-my-profile")])
        .help("p", "browse-help-my-profile"),
    note("keys-mouse", "browse-help-mouse-profile"),
    SETTINGS,
    BACK,
    HELP,
];

/// A profile's keys.
const PROFILE: &[Binding<Do, Mine>] = &[
    on(LIST_KEYS, Do::Select)
        .hints(&[hint(3, "keys-up-down", "browse-keys-select")])
        .help("keys-up-down-jk", "browse-help-select-recent"),
    on(PAGE_KEYS, Do::Select).help(PAGE_HELP.0, PAGE_HELP.1),
    on(&[Enter], Do::Open)
        .hints(&[hint(0, "keys-enter", "browse-keys-replay")])
        .help("keys-enter", "browse-help-replay"),
    on(&[Left], Do::Prev)
        .hints(&[hint(2, "keys-left-right", "browse-keys-variant")])
        .help(VARIANT_HELP.0, VARIANT_HELP.1),
    on(&[Right, ch('v')], Do::Next).help(VARIANT_HELP.0, VARIANT_HELP.1),
    on(&[ch('h'), BackTab], Do::Prev).help(SHIFT_HELP.0, SHIFT_HELP.1),
    on(&[ch('l'), Tab], Do::Next).help(SHIFT_HELP.0, SHIFT_HELP.1),
    on(&[ch('g')], Do::Games)
        .hints(&[hint(1, "g", "browse-keys-all-games")])
        .help("g", "browse-help-all-games"),
    on(&[ch('r')], Do::Rename)
        .when(&[Mine])
        .hints(&[hint(6, "r", "browse-keys-rename")])
        .help("r", "browse-help-rename"),
    note("keys-mouse", "browse-help-mouse-replay"),
    on(&[F(2)], Do::Settings).help("F2", "browse-help-settings"),
    on(&[Esc, ch('q')], Do::Back)
        .hints(&[hint(4, "keys-esc", "browse-keys-back")])
        .help("keys-esc-q", "browse-help-back"),
    on(&[ch('?')], Do::Help).hints(&[hint(5, "?", "browse-keys-help")]),
];

/// The game list's keys.
const GAMES: &[Binding<Do, If>] = &[
    on(LIST_KEYS, Do::Select).help("keys-up-down-jk", "browse-help-select-game"),
    on(PAGE_KEYS, Do::Select).help(PAGE_HELP.0, PAGE_HELP.1),
    on(&[Enter], Do::Open)
        .hints(&[hint(0, "keys-enter", "browse-keys-replay")])
        .help("keys-enter", "browse-help-replay"),
    on(&[Left], Do::Prev)
        .hints(&[hint(1, "keys-left-right", "browse-keys-variant")])
        .help(VARIANT_HELP.0, VARIANT_HELP.1),
    on(&[Right, ch('v')], Do::Next).help(VARIANT_HELP.0, VARIANT_HELP.1),
    on(&[ch('h')], Do::Prev).help("browse-key-h-l", "browse-help-shift"),
    on(&[ch('l')], Do::Next).help("browse-key-h-l", "browse-help-shift"),
    on(&[Tab, BackTab], Do::Source)
        .hints(&[hint(2, "keys-tab", "browse-keys-mine-recent")])
        .help("keys-tab-shift-tab", "browse-help-sources"),
    on(&[ch('m')], Do::Mine)
        .when(&[If::NotMine])
        .help("browse-key-m-r", "browse-help-mine-recent"),
    on(&[ch('r')], Do::Recent)
        .when(&[If::NotRecent])
        .help("browse-key-m-r", "browse-help-mine-recent"),
    on(&[ch('p')], Do::Profile)
        .hints(&[hint(3, "p", "browse-keys-profile")])
        .help("p", "browse-help-opponent"),
    note("keys-mouse", "browse-help-mouse-replay"),
    on(&[F(2)], Do::Settings).help("F2", "browse-help-settings"),
    on(&[Esc, ch('q')], Do::Back)
        .hints(&[hint(4, "keys-esc", "browse-keys-back")])
        .help("keys-esc-q", "browse-help-back"),
    on(&[ch('?')], Do::Help).hints(&[hint(5, "?", "browse-keys-help")]),
];

/// A table with its help's key labels in English (they are message ids), for the check
/// that each label names its keys.
#[cfg(test)]
pub(crate) fn labels_in_english<A: Copy, C: Copy>(table: &[Binding<A, C>]) -> Vec<Binding<A, C>> {
    use super::keymap::Help;
    table
        .iter()
        .map(|b| {
            let mut b = *b;
            if let Help::Line(k, w) = b.help {
                b.help = Help::Line(crate::i18n::text_static(Lang::En, k), w);
            }
            b
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key of a binding with a help line is named in the line.
    #[test]
    fn help_labels_name_their_keys() {
        use crate::ui::keymap::tests::labels_name_their_keys;
        labels_name_their_keys("leaderboard", &labels_in_english(LEADERS));
        labels_name_their_keys("profile", &labels_in_english(PROFILE));
        labels_name_their_keys("games", &labels_in_english(GAMES));
    }

    #[test]
    fn dates() {
        assert_eq!(utc_datetime(0), "1970-01-01 00:00");
        assert_eq!(utc_datetime(951_782_400), "2000-02-29 00:00");
        assert_eq!(utc_datetime(1_709_210_096), "2024-02-29 12:34");
        assert_eq!(utc_datetime(4_107_542_400), "2100-03-01 00:00");
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn variant_cycle() {
        let mut v = None;
        let mut seen = vec![];
        for _ in 0..4 {
            v = cycle_variant(v, 1);
            seen.push(v);
        }
        assert_eq!(
            seen,
            vec![
                Some(Variant::Classic),
                Some(Variant::Duel),
                Some(Variant::Barrage),
                None
            ]
        );
        assert_eq!(cycle_variant(None, -1), Some(Variant::Barrage));
    }
}
