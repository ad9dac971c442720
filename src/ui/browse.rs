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
use super::welcome::NameCard;
use super::widgets::{footer, footer_rows, pad, panel, put, put_line, sparkline, trunc, wrap};
use super::{Act, Ctx, Effect, Identity, Overlay};
use crate::proto::{
    BrowseCmd, GameFilter, GameList, GameListItem, LeaderRow, Leaderboard, Profile, VariantRating,
};
use crate::rules::{Color, EndReason, Outcome, Variant};
use KeyCode::{BackTab, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up, F};

/// One screen of the browse stack.
#[derive(Clone, Debug)]
pub(crate) enum Page {
    Leaders(LeadersUi),
    Profile(ProfileUi),
    Games(GamesUi),
    Replay(Box<ReplayUi>),
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
    pub fn key(&mut self, k: Key, me: &Identity, w: u16, h: u16) -> Vec<Act> {
        match self {
            Page::Leaders(p) => p.key(k, me, w, h),
            Page::Profile(p) => p.key(k, me, w, h),
            Page::Games(p) => p.key(k, me, w, h),
            Page::Replay(p) => p.key(k),
        }
    }

    pub fn mouse(&mut self, m: Mouse, me: &Identity, w: u16, h: u16) -> Vec<Act> {
        match self {
            Page::Leaders(p) => {
                let rows = p.layout(w, h).rows;
                let n = p.rows().len();
                match p.list.mouse(m, rows, n) {
                    Some(i) => p.open_row(i, me),
                    None => vec![],
                }
            }
            Page::Profile(p) => {
                let lay = p.layout(me, w, h);
                let n = p.recent().len();
                match p.list.mouse(m, lay.rows, n) {
                    Some(i) => p.open_row(i, me),
                    None => vec![],
                }
            }
            Page::Games(p) => {
                let rows = p.layout(w, h).rows;
                let n = p.items().len();
                match p.list.mouse(m, rows, n) {
                    Some(i) => p.open_row(i, me),
                    None => vec![],
                }
            }
            Page::Replay(p) => p.mouse(m, w, h),
        }
    }

    /// The title of the page's help.
    pub fn help_title(&self) -> &'static str {
        match self {
            Page::Leaders(_) => "Leaderboard keys",
            Page::Profile(_) => "Profile keys",
            Page::Games(_) => "Game list keys",
            Page::Replay(_) => "Replay keys",
        }
    }

    /// The keys of the page.
    pub fn keys(&self, me: &Identity) -> Box<dyn Described + '_> {
        match self {
            Page::Leaders(_) => keymap::plain(LEADERS),
            Page::Profile(p) => Box::new(With(PROFILE, p.cx(me))),
            Page::Games(p) => Box::new(With(GAMES, p.filter.clone())),
            Page::Replay(r) => r.keys(),
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
    fn key(&mut self, code: KeyCode, len: usize, page: usize) -> bool {
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

    fn clamp(&mut self, len: usize) {
        self.sel = self.sel.min(len.saturating_sub(1));
    }

    /// A click or scroll over the rows: selects; returns the row to open on a second click.
    fn mouse(&mut self, m: Mouse, rows: Rect, len: usize) -> Option<usize> {
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
                let off = scroll_offset(Some(self.sel), len, rows.height as usize);
                let i = off + (m.row - rows.y) as usize;
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

fn variant_name(v: Option<Variant>) -> &'static str {
    v.map_or("all variants", |v| v.name())
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
    fn layout(&self, w: u16, h: u16) -> ListLayout {
        list_layout(w, h, footer_rows(&keymap::footer(LEADERS, &Always), w))
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

    fn key(&mut self, k: Key, me: &Identity, w: u16, h: u16) -> Vec<Act> {
        let Some(a) = keymap::action(LEADERS, k, &Always) else {
            return vec![];
        };
        match a {
            Do::Select => {
                let page = self.layout(w, h).rows.height as usize;
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

    fn layout(&self, me: &Identity, w: u16, h: u16) -> ProfileLayout {
        let foot = footer_rows(&keymap::footer(PROFILE, &self.cx(me)), w);
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

    fn key(&mut self, k: Key, me: &Identity, w: u16, h: u16) -> Vec<Act> {
        let Some(a) = keymap::action(PROFILE, k, &self.cx(me)) else {
            return vec![];
        };
        match a {
            Do::Select => {
                let page = self.layout(me, w, h).rows.height as usize;
                self.list.key(k.code, self.recent().len(), page);
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
                None => vec![Act::Notice("Wait for the profile to load".into())],
                Some(d) if d.renames_left == 0 => vec![Act::Notice(
                    "You have changed your name already: one rename per player".into(),
                )],
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
    fn layout(&self, w: u16, h: u16) -> ListLayout {
        list_layout(w, h, footer_rows(&keymap::footer(GAMES, &self.filter), w))
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

    fn key(&mut self, k: Key, me: &Identity, w: u16, h: u16) -> Vec<Act> {
        let Some(a) = keymap::action(GAMES, k, &self.filter) else {
            return vec![];
        };
        match a {
            Do::Select => {
                let page = self.layout(w, h).rows.height as usize;
                self.list.key(k.code, self.items().len(), page);
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

    fn title(&self, me: &Identity) -> String {
        match &self.filter {
            GameFilter::Mine => format!("My games ({})", me.nick),
            GameFilter::Player(p) => format!("Games of {p}"),
            GameFilter::Recent => "Recent games".to_string(),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Words and dates.

/// A finished game's result in words: `Red won — flag captured`, `draw — agreed`.
pub(crate) fn result_words(o: Option<Outcome>, dash: &str) -> String {
    let Some(o) = o else {
        return "unfinished".to_string();
    };
    match o.winner {
        Some(c) => format!("{} won {dash} {}", c.name(), o.reason.describe()),
        None => {
            let why = match o.reason {
                EndReason::DrawAgreed => "agreed",
                EndReason::MoveCap => "move limit",
                EndReason::BothCannotMove => "neither side can move",
                r => r.describe(),
            };
            format!("draw {dash} {why}")
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
    }
}

fn header(buf: &mut Buffer, area: Rect, title: &str, t: &Theme) {
    let line = Line::from(vec![
        Span::styled("stratego-ssh", t.accent()),
        Span::raw(t.g.sep.to_string()),
        Span::styled(title.to_string(), t.title()),
    ]);
    put_line(buf, area.x, area.y, &line, area.width);
}

/// `Classic  Duel  Barrage` with the chosen one marked.
fn tabs(buf: &mut Buffer, area: Rect, names: &[(&str, bool)], hint: &str, t: &Theme) {
    let mut spans = vec![];
    for (name, on) in names {
        if *on {
            spans.push(Span::styled(format!("[{name}]"), t.accent()));
        } else {
            spans.push(Span::styled(format!(" {name} "), t.dim()));
        }
        spans.push(Span::raw(" "));
    }
    spans.push(Span::styled(format!("  {hint}"), t.dim()));
    put_line(buf, area.x + 1, area.y, &Line::from(spans), area.width);
}

fn loading(buf: &mut Buffer, rows: Rect, what: &str, t: &Theme) {
    put(
        buf,
        rows.x,
        rows.y,
        &format!("loading {what}..."),
        rows.width,
        t.dim(),
    );
}

fn render_leaders(buf: &mut Buffer, p: &LeadersUi, me: &Identity, cx: &Ctx) {
    let t = cx.t;
    let lay = p.layout(cx.w, cx.h);
    header(buf, lay.header, "Leaderboard", t);
    let names: Vec<(&str, bool)> = Variant::ALL
        .iter()
        .map(|v| (v.name(), *v == p.variant))
        .collect();
    tabs(buf, lay.tabs, &names, "Left/Right or 1 2 3: variant", t);
    let inn = panel(
        buf,
        lay.panel,
        &format!("{} leaderboard", p.variant.name()),
        true,
        t,
    );
    let nick_w = (inn.width as usize).saturating_sub(44).clamp(8, 24);
    let head = format!(
        "{:>5}  {}  {:>6} {:>6}  {:>5}  {}",
        "rank",
        pad("player", nick_w),
        "rating",
        t.g.pm,
        "games",
        "W/D/L"
    );
    put(buf, inn.x, inn.y, &head, inn.width, t.dim());
    let Some(d) = &p.data else {
        loading(buf, lay.rows, "the leaderboard", t);
        footer(buf, lay.footer, &keymap::footer(LEADERS, &Always), t);
        return;
    };
    let rows: Vec<Line<'static>> = d
        .rows
        .iter()
        .map(|r| {
            let mine = r.nick == me.nick;
            let nick_style = if mine { t.accent() } else { Style::new() };
            let mut spans = vec![
                Span::raw(format!("{:>5}  ", r.rank)),
                Span::styled(pad(&r.nick, nick_w), nick_style),
                Span::styled(format!("  {:>6}", r.rating), t.title()),
                Span::styled(
                    format!(" {:>6}", format!("{}{}", t.g.pm, r.deviation)),
                    t.dim(),
                ),
                Span::raw(format!(
                    "  {:>5}  {}/{}/{}",
                    r.games, r.wins, r.draws, r.losses
                )),
            ];
            if mine {
                spans.push(Span::styled("  (you)", t.accent()));
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
        "no rated players yet",
        t,
    );
    footer(buf, lay.footer, &keymap::footer(LEADERS, &Always), t);
}

/// Column widths of a game list row.
struct GameCols {
    /// `#123`: what `ssh host replay ID` takes.
    id: usize,
    names: usize,
    result: usize,
    date: usize,
}

/// The columns for `games` in `width` cells.
fn game_cols(width: u16, games: &[&GameListItem]) -> GameCols {
    let w = width as usize;
    let id = games
        .iter()
        .map(|g| g.id.to_string().len() + 1)
        .max()
        .unwrap_or(2)
        .max(2);
    // id and a gap, variant 7, rated 6, plies 5, gaps 2 x 5.
    let date = if w >= 90 { 16 } else { 10 };
    let rest = w.saturating_sub(id + 1 + 7 + 6 + 5 + date + 10);
    // The result in words gets room first (about 30 cells), the names the rest.
    let nick = (rest.saturating_sub(30) / 2).clamp(6, 16);
    let names = 2 * nick + 4;
    GameCols {
        id,
        names,
        result: rest.saturating_sub(names).max(8),
        date,
    }
}

fn games_head(c: &GameCols) -> String {
    format!(
        "{} {}  {}  {}  {}  {:>5}  {}",
        pad("#", c.id),
        pad("red vs blue", c.names),
        pad("variant", 7),
        pad("rated", 6),
        pad("result", c.result),
        "moves",
        pad(
            if c.date >= 16 {
                "ended (UTC)"
            } else {
                "date (UTC)"
            },
            c.date
        )
    )
}

/// A game's row; `who`: whose list it is (the result is said from their side).
fn game_line(g: &GameListItem, c: &GameCols, who: Option<&str>, t: &Theme) -> Line<'static> {
    let nick = (c.names - 4) / 2;
    let red = trunc(&g.red, nick);
    let blue = trunc(&g.blue, nick);
    let used = red.chars().count() + blue.chars().count() + 4;
    let mut date = utc_datetime(g.ended_at);
    date.truncate(c.date);
    let side = match who {
        Some(w) if w == g.red => Some(Color::Red),
        Some(w) if w == g.blue => Some(Color::Blue),
        _ => None,
    };
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
    let result = match (g.outcome, side) {
        (Some(o), Some(me)) if o.winner.is_some() => {
            let verdict = if o.winner == Some(me) { "won" } else { "lost" };
            format!("{verdict} {} {}", t.g.dash, o.reason.describe())
        }
        (o, _) => result_words(o, t.g.dash),
    };
    Line::from(vec![
        Span::styled(pad(&format!("#{}", g.id), c.id), t.dim()),
        Span::raw(" "),
        Span::styled(red, t.side(Color::Red)),
        Span::raw(" vs "),
        Span::styled(blue, t.side(Color::Blue)),
        Span::raw(" ".repeat(c.names.saturating_sub(used) + 2)),
        Span::raw(format!(
            "{}  {}  ",
            pad(g.variant.name(), 7),
            pad(if g.rated { "rated" } else { "casual" }, 6)
        )),
        Span::styled(pad(&result, c.result), result_style),
        // Moves as the move list numbers them: a move is Red's and Blue's.
        Span::raw(format!("  {:>5}  ", g.plies.div_ceil(2))),
        Span::styled(date, t.dim()),
    ])
}

fn render_games(buf: &mut Buffer, p: &GamesUi, me: &Identity, cx: &Ctx) {
    let t = cx.t;
    let lay = p.layout(cx.w, cx.h);
    header(buf, lay.header, "Games", t);
    let names: Vec<(String, bool)> = p
        .sources()
        .iter()
        .map(|f| {
            let n = match f {
                GameFilter::Mine => "mine".to_string(),
                GameFilter::Recent => "recent".to_string(),
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
    spans.push(Span::styled("Tab: list   ".to_string(), t.dim()));
    spans.push(Span::raw("variant: "));
    spans.push(Span::styled(
        variant_name(p.variant).to_string(),
        t.accent(),
    ));
    spans.push(Span::styled(" (Left/Right)".to_string(), t.dim()));
    put_line(
        buf,
        lay.tabs.x + 1,
        lay.tabs.y,
        &Line::from(spans),
        lay.tabs.width,
    );

    let count = p.data.as_ref().map(|d| d.items.len());
    let title = match count {
        Some(n) => format!("{} ({n})", p.title(me)),
        None => p.title(me),
    };
    let inn = panel(buf, lay.panel, &title, true, t);
    let items: Vec<&GameListItem> = p.items().iter().collect();
    let cols = game_cols(inn.width, &items);
    put(buf, inn.x, inn.y, &games_head(&cols), inn.width, t.dim());
    let who = match &p.filter {
        GameFilter::Player(n) => n.as_str(),
        GameFilter::Mine | GameFilter::Recent => me.nick.as_str(),
    };
    if p.data.is_none() {
        loading(buf, lay.rows, "games", t);
    } else {
        let rows = items
            .iter()
            .map(|g| game_line(g, &cols, Some(who), t))
            .collect();
        draw_list(
            buf,
            lay.rows,
            rows,
            Some(p.list.sel),
            true,
            "no finished games here",
            t,
        );
    }
    // The selected game's web page, on the list's bottom border (a private game has none).
    if let Some(g) = items.get(p.list.sel).filter(|g| !g.private) {
        border_note(buf, lay.panel, cx.me.game_link(g.id), t);
    }
    footer(buf, lay.footer, &keymap::footer(GAMES, &p.filter), t);
}

fn rating_line(r: &VariantRating, on: bool, t: &Theme) -> Line<'static> {
    let name_style = if on { t.accent() } else { t.title() };
    Line::from(vec![
        Span::styled(pad(r.variant.name(), 8), name_style),
        Span::styled(format!(" {:>5}", r.rating), t.title()),
        Span::styled(format!(" {}{:<4}", t.g.pm, r.deviation), t.dim()),
        Span::raw(format!(
            "  {} {}  W/D/L {}/{}/{}",
            r.games,
            if r.games == 1 { "game" } else { "games" },
            r.wins,
            r.draws,
            r.losses
        )),
    ])
}

fn render_profile(buf: &mut Buffer, p: &ProfileUi, me: &Identity, cx: &Ctx) {
    let t = cx.t;
    let lay = p.layout(me, cx.w, cx.h);
    let who = if p.nick == me.nick {
        format!("Profile of {} (you)", p.nick)
    } else {
        format!("Profile of {}", p.nick)
    };
    header(buf, lay.header, &who, t);
    if p.mine(me) {
        let rename = match p.data.as_ref().map(|d| d.renames_left) {
            None => "",
            Some(0) => "name changed already (one rename per player)",
            Some(_) => "r: change your name (once)",
        };
        let rw = rename.chars().count() as u16;
        let used = 2 + "stratego-ssh".len() as u16 + who.chars().count() as u16 + 3;
        if rw > 0 && used + rw <= lay.header.width {
            let x = lay.header.right() - rw;
            put(buf, x, lay.header.y, rename, rw, t.dim());
        }
    }
    let inn = panel(buf, lay.ratings, &format!("{}: ratings", p.nick), true, t);
    if p.guest {
        let text = format!(
            "{} is a guest: a guest has no stored profile (no rating, no game history, \
             casual games only). A player with an SSH key keeps a name, a rating and games.",
            p.nick
        );
        for (k, l) in wrap(&text, usize::from(inn.width))
            .iter()
            .take(usize::from(inn.height))
            .enumerate()
        {
            put(buf, inn.x, inn.y + k as u16, l, inn.width, Style::new());
        }
        panel(buf, lay.games, "Recent games", false, t);
        footer(buf, lay.footer, &keymap::footer(PROFILE, &p.cx(me)), t);
        return;
    }
    let Some(d) = &p.data else {
        loading(buf, inn, "the profile", t);
        panel(buf, lay.games, "Recent games", false, t);
        footer(buf, lay.footer, &keymap::footer(PROFILE, &p.cx(me)), t);
        return;
    };
    if d.ratings.is_empty() {
        put(buf, inn.x, inn.y, "no rated games yet", inn.width, t.dim());
    }
    let mut y = inn.y;
    for r in &d.ratings {
        if y >= inn.bottom() {
            break;
        }
        let on = p.variant == Some(r.variant);
        put_line(buf, inn.x, y, &rating_line(r, on, t), inn.width);
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
                "no history yet",
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
            let note = format!("last {n} rated games");
            let nx = chart.x + n as u16 + 2;
            if nx + note.len() as u16 <= inn.right() {
                put(buf, nx, y + ch - 1, &note, inn.right() - nx, t.dim());
            }
        }
        y += ch;
    }

    let recent = p.recent();
    let title = format!("Recent games ({})", variant_name(p.variant));
    let ginn = panel(buf, lay.games, &title, true, t);
    let cols = game_cols(ginn.width, &recent);
    put(buf, ginn.x, ginn.y, &games_head(&cols), ginn.width, t.dim());
    let rows = recent
        .iter()
        .map(|g| game_line(g, &cols, Some(&p.nick), t))
        .collect();
    draw_list(
        buf,
        lay.rows,
        rows,
        Some(p.list.sel),
        true,
        "no games yet",
        t,
    );
    // The player's web page, on the ratings' bottom border.
    border_note(buf, lay.ratings, me.player_link(&p.nick), t);
    footer(buf, lay.footer, &keymap::footer(PROFILE, &p.cx(me)), t);
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
const PAGE_HELP: (&str, &str) = ("PgUp/PgDn, Home/End", "a page up / down, first / last");
const SHIFT_HELP: (&str, &str) = ("h / l, Tab / Shift-Tab", "the previous / next variant");
const VARIANT_HELP: (&str, &str) = ("Left / Right, v", "variant: all / Classic / Duel / Barrage");
const BACK: Binding<Do, Never> = on(&[Esc, ch('q')], Do::Back)
    .hints(&[hint(4, "Esc", "back")])
    .help("Esc / q", "back");
const SETTINGS: Binding<Do, Never> = on(&[F(2)], Do::Settings).help("F2", "settings");
const HELP: Binding<Do, Never> = on(&[ch('?')], Do::Help).hints(&[hint(5, "?", "help")]);

/// The leaderboard's keys.
const LEADERS: &[Binding<Do, Never>] = &[
    on(LIST_KEYS, Do::Select)
        .hints(&[hint(2, "Up/Down", "select")])
        .help("Up / Down, j / k", "select a player"),
    on(PAGE_KEYS, Do::Select).help(PAGE_HELP.0, PAGE_HELP.1),
    on(&[Left], Do::Prev)
        .hints(&[hint(1, "Left/Right", "variant")])
        .help("Left / Right, 1 2 3", "Classic / Duel / Barrage"),
    on(&[Right], Do::Next).help("Left / Right, 1 2 3", "Classic / Duel / Barrage"),
    on(&[ch('1'), ch('2'), ch('3')], Do::Variant)
        .help("Left / Right, 1 2 3", "Classic / Duel / Barrage"),
    on(&[ch('h'), BackTab], Do::Prev).help(SHIFT_HELP.0, SHIFT_HELP.1),
    on(&[ch('l'), Tab], Do::Next).help(SHIFT_HELP.0, SHIFT_HELP.1),
    on(&[Enter], Do::Open)
        .hints(&[hint(0, "Enter", "profile")])
        .help("Enter", "the selected player's profile"),
    on(&[ch('p')], Do::Profile)
        .hints(&[hint(3, "p", "my profile")])
        .help("p", "my profile"),
    note("mouse", "click selects, click again opens the profile"),
    SETTINGS,
    BACK,
    HELP,
];

/// A profile's keys.
const PROFILE: &[Binding<Do, Mine>] = &[
    on(LIST_KEYS, Do::Select)
        .hints(&[hint(3, "Up/Down", "select")])
        .help("Up / Down, j / k", "select a recent game"),
    on(PAGE_KEYS, Do::Select).help(PAGE_HELP.0, PAGE_HELP.1),
    on(&[Enter], Do::Open)
        .hints(&[hint(0, "Enter", "replay")])
        .help("Enter", "replay the selected game"),
    on(&[Left], Do::Prev)
        .hints(&[hint(2, "Left/Right", "variant")])
        .help(VARIANT_HELP.0, VARIANT_HELP.1),
    on(&[Right, ch('v')], Do::Next).help(VARIANT_HELP.0, VARIANT_HELP.1),
    on(&[ch('h'), BackTab], Do::Prev).help(SHIFT_HELP.0, SHIFT_HELP.1),
    on(&[ch('l'), Tab], Do::Next).help(SHIFT_HELP.0, SHIFT_HELP.1),
    on(&[ch('g')], Do::Games)
        .hints(&[hint(1, "g", "all games")])
        .help("g", "all games of this player"),
    on(&[ch('r')], Do::Rename)
        .when(&[Mine])
        .hints(&[hint(6, "r", "rename")])
        .help("r", "change my name (once)"),
    note("mouse", "click selects, click again replays"),
    on(&[F(2)], Do::Settings).help("F2", "settings"),
    on(&[Esc, ch('q')], Do::Back)
        .hints(&[hint(4, "Esc", "back")])
        .help("Esc / q", "back"),
    on(&[ch('?')], Do::Help).hints(&[hint(5, "?", "help")]),
];

/// The game list's keys.
const GAMES: &[Binding<Do, If>] = &[
    on(LIST_KEYS, Do::Select).help("Up / Down, j / k", "select a game"),
    on(PAGE_KEYS, Do::Select).help(PAGE_HELP.0, PAGE_HELP.1),
    on(&[Enter], Do::Open)
        .hints(&[hint(0, "Enter", "replay")])
        .help("Enter", "replay the selected game"),
    on(&[Left], Do::Prev)
        .hints(&[hint(1, "Left/Right", "variant")])
        .help(VARIANT_HELP.0, VARIANT_HELP.1),
    on(&[Right, ch('v')], Do::Next).help(VARIANT_HELP.0, VARIANT_HELP.1),
    on(&[ch('h')], Do::Prev).help("h / l", "the previous / next variant"),
    on(&[ch('l')], Do::Next).help("h / l", "the previous / next variant"),
    on(&[Tab, BackTab], Do::Source)
        .hints(&[hint(2, "Tab", "mine/recent")])
        .help(
            "Tab / Shift-Tab",
            "my games / recent games / the player's games",
        ),
    on(&[ch('m')], Do::Mine)
        .when(&[If::NotMine])
        .help("m / r", "my games / recent games"),
    on(&[ch('r')], Do::Recent)
        .when(&[If::NotRecent])
        .help("m / r", "my games / recent games"),
    on(&[ch('p')], Do::Profile)
        .hints(&[hint(3, "p", "profile")])
        .help("p", "profile of the opponent (Red in recent games)"),
    note("mouse", "click selects, click again replays"),
    on(&[F(2)], Do::Settings).help("F2", "settings"),
    on(&[Esc, ch('q')], Do::Back)
        .hints(&[hint(4, "Esc", "back")])
        .help("Esc / q", "back"),
    on(&[ch('?')], Do::Help).hints(&[hint(5, "?", "help")]),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key of a binding with a help line is named in the line.
    #[test]
    fn help_labels_name_their_keys() {
        use crate::ui::keymap::tests::labels_name_their_keys;
        labels_name_their_keys("leaderboard", LEADERS);
        labels_name_their_keys("profile", PROFILE);
        labels_name_their_keys("games", GAMES);
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
