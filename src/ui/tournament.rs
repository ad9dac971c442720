//! Tournaments: the words the lobby's list shows for each (countdown, round) and a
//! tournament's own screen: its terms, status and countdown, the standings, the games in
//! play (Enter watches), joining and withdrawing (pausing, in an arena), and its chat.
//!
//! The screen shows the tournament as the lobby's snapshot has it, found by id each time:
//! it follows every snapshot and never holds a copy. Countdowns are drawn from the wall
//! clock the session sets on the app (`App::set_unix_time`), passed in as `now`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::browse;
use super::input::{Key, KeyCode, Mouse, MouseButton, MouseKind};
use super::keymap::{
    self, ch, hint, note, on, typing, Binding, Conditions, Described, Never, ToLine, With,
};
use super::layout::{inner, scroll_offset};
use super::lobby::{draw_chat, draw_rows, CHAT_MAX};
use super::theme::Theme;
use super::widgets::{footer, footer_rows, pad, panel, put, put_line, trunc, LineInput};
use super::{Act, Effect, Identity, Overlay};
use crate::proto::{
    Format, GameId, LobbyCmd, LobbySnapshot, Mark, Standing, TournamentGame, TournamentId,
    TournamentInfo, TournamentStatus,
};
use crate::text::clean_line;
use KeyCode::{BackTab, Down, End, Enter, Esc, Home, PageDown, PageUp, Tab, Up, F};

/// A time left: `m:ss` under an hour, `h:mm:ss` under a day, then `Nd Nh`.
pub(crate) fn countdown(secs: u64) -> String {
    let (d, h, m, s) = (
        secs / 86_400,
        (secs / 3600) % 24,
        (secs / 60) % 60,
        secs % 60,
    );
    if d > 0 {
        format!("{d}d {h}h")
    } else if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// Where a tournament is: `starts in 4:59`, `ends in 12:03`, a Swiss's round (`round 2/3`,
/// or `round 2 of 3` when `long`), `finished`, `cancelled`. `now` is the wall clock in Unix
/// seconds; 0 when not known (the start is then given as a UTC date).
pub(crate) fn when_text(t: &TournamentInfo, now: u64, long: bool) -> String {
    match t.status {
        TournamentStatus::Upcoming if now == 0 => {
            format!("starts {} UTC", browse::utc_datetime(t.terms.starts_at))
        }
        TournamentStatus::Upcoming if t.terms.starts_at <= now => "starting".into(),
        TournamentStatus::Upcoming => {
            format!("starts in {}", countdown(t.terms.starts_at - now))
        }
        TournamentStatus::Running => match (t.terms.format, t.ends_at) {
            (Format::Swiss { rounds }, _) if long => format!("round {} of {rounds}", t.round),
            (Format::Swiss { rounds }, _) => format!("round {}/{rounds}", t.round),
            (Format::Arena { .. }, Some(end)) if now == 0 => {
                format!("ends {} UTC", browse::utc_datetime(end))
            }
            (Format::Arena { .. }, Some(end)) if end <= now => "ending".into(),
            (Format::Arena { .. }, Some(end)) => format!("ends in {}", countdown(end - now)),
            (Format::Arena { .. }, None) => "running".into(),
        },
        TournamentStatus::Finished => "finished".into(),
        TournamentStatus::Cancelled => "cancelled".into(),
    }
}

/// The event's kind in a few cells: `Arena 45m`, `Swiss 5r`.
pub(crate) fn kind_text(f: Format) -> String {
    match f {
        Format::Arena { minutes } => format!("Arena {minutes}m"),
        Format::Swiss { rounds } => format!("Swiss {rounds}r"),
    }
}

/// The style of a tournament's status words.
pub(crate) fn when_style(t: &TournamentInfo, th: &Theme) -> Style {
    match t.status {
        TournamentStatus::Running => th.good(),
        TournamentStatus::Upcoming => th.accent(),
        TournamentStatus::Finished | TournamentStatus::Cancelled => th.dim(),
    }
}

/// Whether I am an entrant, or one who withdrew (paused).
fn my_standing<'a>(t: &'a TournamentInfo, me: &Identity) -> Option<&'a Standing> {
    t.standings
        .iter()
        .find(|s| s.nick.eq_ignore_ascii_case(&me.nick))
}

fn is_arena(t: &TournamentInfo) -> bool {
    matches!(t.terms.format, Format::Arena { .. })
}

/// Joining is open: before the start, or while an arena runs.
fn joinable(t: &TournamentInfo) -> bool {
    match t.status {
        TournamentStatus::Upcoming => true,
        TournamentStatus::Running => is_arena(t),
        TournamentStatus::Finished | TournamentStatus::Cancelled => false,
    }
}

fn open(t: &TournamentInfo) -> bool {
    matches!(
        t.status,
        TournamentStatus::Upcoming | TournamentStatus::Running
    )
}

/// The parts of the screen that take the keys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Part {
    Standings,
    Games,
    Chat,
}

const PARTS: [Part; 3] = [Part::Standings, Part::Games, Part::Chat];

/// What a tournament's screen remembers. Selections are kept by identity (an entrant)
/// and by id (a game): a list changing under the cursor never makes Enter act on another
/// entry. `None`: nothing chosen yet, the first row counts as selected.
#[derive(Clone, Debug)]
pub(crate) struct TournamentUi {
    pub id: TournamentId,
    pub focus: Part,
    pub player: Option<String>,
    pub game: Option<GameId>,
    pub chat: Option<LineInput>,
    /// The last click selected the entry under it (a second click opens it).
    pub clicked: bool,
}

impl TournamentUi {
    pub fn new(id: TournamentId) -> TournamentUi {
        TournamentUi {
            id,
            focus: Part::Standings,
            player: None,
            game: None,
            chat: None,
            clicked: false,
        }
    }

    /// The tournament in the snapshot, if it is still listed.
    pub fn info<'a>(&self, l: &'a LobbySnapshot) -> Option<&'a TournamentInfo> {
        l.tournaments.iter().find(|t| t.id == self.id)
    }

    fn player_index(&self, t: &TournamentInfo) -> Option<usize> {
        match &self.player {
            None => (!t.standings.is_empty()).then_some(0),
            Some(pid) => t.standings.iter().position(|s| &s.pid == pid),
        }
    }

    fn game_index(&self, t: &TournamentInfo) -> Option<usize> {
        match self.game {
            None => (!t.games.is_empty()).then_some(0),
            Some(id) => t.games.iter().position(|g| g.id == id),
        }
    }

    fn index(&self, t: &TournamentInfo, part: Part) -> Option<usize> {
        match part {
            Part::Standings => self.player_index(t),
            Part::Games => self.game_index(t),
            Part::Chat => None,
        }
    }

    fn len(t: &TournamentInfo, part: Part) -> usize {
        match part {
            Part::Standings => t.standings.len(),
            Part::Games => t.games.len(),
            Part::Chat => 0,
        }
    }

    fn select(&mut self, t: &TournamentInfo, part: Part, i: usize) {
        match part {
            Part::Standings => self.player = t.standings.get(i).map(|s| s.pid.clone()),
            Part::Games => self.game = t.games.get(i).map(|g| g.id),
            Part::Chat => {}
        }
    }

    fn move_sel(&mut self, t: &TournamentInfo, code: KeyCode, page: usize) {
        self.clicked = false;
        let n = Self::len(t, self.focus);
        if n == 0 {
            return;
        }
        let page = page.max(1) as i64;
        let d: i64 = match code {
            KeyCode::Up => -1,
            KeyCode::Down => 1,
            KeyCode::PageUp => -page,
            KeyCode::PageDown => page,
            KeyCode::Home => -1_000_000,
            _ => 1_000_000,
        };
        let i = match self.index(t, self.focus) {
            None => 0,
            Some(i) => (i as i64 + d).clamp(0, n as i64 - 1) as usize,
        };
        self.select(t, self.focus, i);
    }

    pub fn paste(&mut self, s: &str) {
        if let Some(c) = &mut self.chat {
            c.insert(s);
        }
    }

    /// The screen's conditions now.
    fn cx(&self, l: &LobbySnapshot, me: &Identity) -> TourCx {
        let mut cx = TourCx {
            focus: self.focus,
            can_join: false,
            resume: false,
            can_leave: false,
            pause: false,
        };
        if let Some(t) = self.info(l) {
            let entrant = t.has_entrant(&me.nick);
            cx.can_join = joinable(t) && !entrant;
            cx.resume = cx.can_join
                && t.status == TournamentStatus::Running
                && my_standing(t, me).is_some_and(|s| s.withdrawn);
            cx.can_leave = open(t) && entrant;
            cx.pause = cx.can_leave && is_arena(t) && t.status == TournamentStatus::Running;
        }
        cx
    }

    /// The keys of the screen as it is now.
    pub fn keys(&self, l: &LobbySnapshot, me: &Identity) -> Box<dyn Described> {
        if self.chat.is_some() {
            keymap::plain(CHAT_KEYS)
        } else {
            Box::new(With(KEYS, self.cx(l, me)))
        }
    }

    pub fn layout(&self, l: &LobbySnapshot, me: &Identity, w: u16, h: u16) -> TournamentLayout {
        let foot = footer_rows(&self.keys(l, me).footer(), w);
        let games = self.info(l).map_or(0, |t| t.games.len());
        tournament_layout(w, h, games, foot)
    }

    pub fn key(&mut self, k: Key, l: &LobbySnapshot, me: &Identity, w: u16, h: u16) -> Vec<Act> {
        if let Some(line) = super::lobby::chat_key(&mut self.chat, k) {
            return line
                .map(|text| {
                    vec![Act::Fx(Effect::Lobby(LobbyCmd::TournamentChat(
                        self.id, text,
                    )))]
                })
                .unwrap_or_default();
        }
        let Some(a) = keymap::action(KEYS, k, &self.cx(l, me)) else {
            return vec![];
        };
        let t = self.info(l);
        match a {
            Do::Cycle => {
                let pos = PARTS.iter().position(|p| *p == self.focus).unwrap_or(0);
                let d = if k.code == Tab { 1 } else { PARTS.len() - 1 };
                self.focus = PARTS[(pos + d) % PARTS.len()];
                self.clicked = false;
                vec![]
            }
            Do::Move => {
                if let Some(t) = t {
                    let lay = self.layout(l, me, w, h);
                    let rows = match self.focus {
                        Part::Games => inner(lay.games).height,
                        _ => standings_rows(lay.standings).height,
                    };
                    self.move_sel(t, k.code, rows as usize);
                }
                vec![]
            }
            Do::Activate => self.activate(l),
            Do::Join => vec![Act::Fx(Effect::Lobby(LobbyCmd::JoinTournament(self.id)))],
            Do::Leave => vec![Act::Fx(Effect::Lobby(LobbyCmd::LeaveTournament(self.id)))],
            Do::CannotJoin => vec![Act::Notice(why_not_join(t, me))],
            Do::CannotLeave => vec![Act::Notice(why_not_leave(t))],
            Do::Chat => {
                self.focus = Part::Chat;
                self.chat = Some(LineInput::new(CHAT_MAX));
                vec![]
            }
            Do::Profile => match t.and_then(|t| self.player_index(t).map(|i| &t.standings[i])) {
                Some(s) => browse::open_profile(&s.nick),
                None => vec![Act::Notice("No player is selected".into())],
            },
            Do::Settings => vec![Act::Open(Overlay::Settings { row: 0 })],
            Do::Help => vec![Act::Open(Overlay::Help)],
            Do::Back => vec![Act::CloseTournament],
        }
    }

    /// Enter: watch the selected game, the selected player's profile, or chat.
    fn activate(&mut self, l: &LobbySnapshot) -> Vec<Act> {
        let Some(t) = self.info(l) else {
            return vec![Act::Notice(GONE.into())];
        };
        match self.focus {
            Part::Games => match self.game_index(t).map(|i| &t.games[i]) {
                Some(g) => vec![Act::Fx(Effect::Lobby(LobbyCmd::Spectate(g.id)))],
                None if self.game.is_some() => {
                    vec![Act::Notice("The game you chose has ended".into())]
                }
                None => vec![Act::Notice("No games in play to watch".into())],
            },
            Part::Standings => match self.player_index(t).map(|i| &t.standings[i]) {
                Some(s) => browse::open_profile(&s.nick),
                None if self.player.is_some() => {
                    vec![Act::Notice("The player you chose has left the list".into())]
                }
                None => vec![Act::Notice("Nobody has joined yet".into())],
            },
            Part::Chat => {
                self.chat = Some(LineInput::new(CHAT_MAX));
                vec![]
            }
        }
    }

    pub fn mouse(
        &mut self,
        m: Mouse,
        l: &LobbySnapshot,
        me: &Identity,
        w: u16,
        h: u16,
    ) -> Vec<Act> {
        let lay = self.layout(l, me, w, h);
        let pos = (m.column, m.row).into();
        let Some(t) = self.info(l) else {
            return vec![];
        };
        let lists = [
            (
                Part::Standings,
                lay.standings,
                standings_rows(lay.standings),
            ),
            (Part::Games, lay.games, inner(lay.games)),
        ];
        match m.kind {
            MouseKind::ScrollUp | MouseKind::ScrollDown => {
                let code = if m.kind == MouseKind::ScrollUp {
                    Up
                } else {
                    Down
                };
                for (part, r, _) in lists {
                    if r.contains(pos) {
                        self.focus = part;
                        self.move_sel(t, code, 1);
                    }
                }
                return vec![];
            }
            MouseKind::Down(MouseButton::Left) => {}
            _ => return vec![],
        }
        if lay.chat.contains(pos) {
            self.focus = Part::Chat;
            if self.chat.is_none() {
                self.chat = Some(LineInput::new(CHAT_MAX));
            }
            return vec![];
        }
        for (part, r, rows) in lists {
            if !r.contains(pos) {
                continue;
            }
            if !rows.contains(pos) {
                self.focus = part;
                self.clicked = false;
                return vec![];
            }
            let n = Self::len(t, part);
            let off = scroll_offset(self.index(t, part), n, rows.height as usize);
            let i = off + (m.row - rows.y) as usize;
            if i >= n {
                self.focus = part;
                return vec![];
            }
            let again = self.clicked && self.focus == part && self.index(t, part) == Some(i);
            self.focus = part;
            self.select(t, part, i);
            self.clicked = !again;
            if again {
                return self.activate(l);
            }
            return vec![];
        }
        vec![]
    }
}

const GONE: &str = "This tournament is no longer listed: Esc goes back to the lobby";

fn why_not_join(t: Option<&TournamentInfo>, me: &Identity) -> String {
    let Some(t) = t else {
        return GONE.into();
    };
    if t.has_entrant(&me.nick) {
        return "You are in this tournament already".into();
    }
    match t.status {
        TournamentStatus::Running => "A Swiss cannot be joined once it has started".into(),
        TournamentStatus::Finished => "This tournament is over".into(),
        TournamentStatus::Cancelled => "This tournament was cancelled".into(),
        TournamentStatus::Upcoming => "You cannot join this tournament".into(),
    }
}

fn why_not_leave(t: Option<&TournamentInfo>) -> String {
    match t {
        None => GONE.into(),
        Some(t) if !open(t) => "This tournament is over".into(),
        Some(_) => "You have not joined this tournament (j joins)".into(),
    }
}

// ---------------------------------------------------------------------------------------
// Layout (shared by drawing and mouse hit-testing).

/// A tournament's screen: three lines on top (name, terms, status), the standings on the
/// left, the games in play over the chat on the right, the footer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TournamentLayout {
    pub header: Rect,
    pub terms: Rect,
    pub status: Rect,
    pub standings: Rect,
    pub games: Rect,
    pub chat: Rect,
    pub footer: Rect,
}

/// `games`: how many are in play; `foot`: the footer's rows.
pub(crate) fn tournament_layout(w: u16, h: u16, games: usize, foot: u16) -> TournamentLayout {
    let cw = w.min(160);
    let left = (w - cw) / 2;
    let top = 3;
    let body = h.saturating_sub(top + foot);
    let right_w = (cw * 3 / 8).clamp(30, 56).min(cw);
    let st_w = cw - right_w;
    let games_h = (2 + (games as u16).max(1))
        .clamp(3, (body / 2).max(3))
        .min(body);
    let rx = left + st_w;
    TournamentLayout {
        header: Rect::new(left, 0, cw, 1),
        terms: Rect::new(left, 1, cw, 1),
        status: Rect::new(left, 2, cw, 1),
        standings: Rect::new(left, top, st_w, body),
        games: Rect::new(rx, top, right_w, games_h),
        chat: Rect::new(rx, top + games_h, right_w, body - games_h),
        footer: Rect::new(0, h.saturating_sub(foot), w, foot.min(h)),
    }
}

/// The standings' rows: inside the panel, under the column titles.
fn standings_rows(r: Rect) -> Rect {
    let i = inner(r);
    Rect::new(i.x, i.y + 1, i.width, i.height.saturating_sub(1))
}

/// The standings' columns for a panel `width` cells inside: the nick's and the games'.
struct Cols {
    nick: usize,
    marks: usize,
}

/// Rank 3, rating 4, points 5, performance 4, state 6, and the spaces between.
const FIXED_COLS: usize = 3 + 1 + 1 + 4 + 1 + 5 + 1 + 1 + 4 + 1 + 6;

fn cols(width: u16) -> Cols {
    let room = usize::from(width).saturating_sub(FIXED_COLS);
    let nick = (room * 3 / 5).clamp(6, 20).min(room);
    Cols {
        nick,
        marks: room - nick,
    }
}

// ---------------------------------------------------------------------------------------
// Drawing.

#[allow(clippy::too_many_arguments)]
pub(crate) fn render(
    buf: &mut Buffer,
    ui: &TournamentUi,
    l: &LobbySnapshot,
    me: &Identity,
    t: &Theme,
    now: u64,
    w: u16,
    h: u16,
) {
    let lay = ui.layout(l, me, w, h);
    let keys = ui.keys(l, me).footer();
    let Some(info) = ui.info(l) else {
        header(buf, lay.header, "Tournament", t);
        put(
            buf,
            lay.terms.x,
            lay.terms.y + 1,
            GONE,
            lay.terms.width,
            t.dim(),
        );
        footer(buf, lay.footer, &keys, t);
        return;
    };
    let v = View { ui, info, me, t };
    header(buf, lay.header, &clean_line(&info.terms.name, 80), t);
    put(
        buf,
        lay.terms.x,
        lay.terms.y,
        &trunc(&info.terms_line(), usize::from(lay.terms.width)),
        lay.terms.width,
        t.dim(),
    );
    v.status(buf, lay.status, now);
    v.standings(buf, lay.standings);
    v.games(buf, lay.games);
    let inn = panel(buf, lay.chat, "Chat", ui.focus == Part::Chat, t);
    draw_chat(buf, inn, &info.chat, ui.chat.as_ref(), "t to chat", true, t);
    footer(buf, lay.footer, &keys, t);
}

fn header(buf: &mut Buffer, area: Rect, title: &str, t: &Theme) {
    let line = Line::from(vec![
        Span::styled("stratego-ssh", t.accent()),
        Span::raw(t.g.sep.to_string()),
        Span::styled(title.to_string(), t.title()),
    ]);
    put_line(buf, area.x, area.y, &line, area.width);
}

/// What drawing the screen reads.
struct View<'a> {
    ui: &'a TournamentUi,
    info: &'a TournamentInfo,
    me: &'a Identity,
    t: &'a Theme,
}

impl View<'_> {
    /// `running · ends in 12:03 · 14 players · by alice · you are in`.
    fn status(&self, buf: &mut Buffer, area: Rect, now: u64) {
        let (i, t) = (self.info, self.t);
        let sep = || Span::styled(t.g.sep.to_string(), t.dim());
        let mut spans = vec![Span::styled(i.status.word().to_string(), when_style(i, t))];
        if open(i) {
            spans.push(sep());
            spans.push(Span::styled(when_text(i, now, true), t.accent()));
        }
        spans.push(sep());
        let n = i.standings.len();
        spans.push(Span::raw(format!(
            "{n} player{}",
            if n == 1 { "" } else { "s" }
        )));
        if !i.note.is_empty() {
            spans.push(sep());
            spans.push(Span::raw(clean_line(&i.note, 200)));
        }
        let mine = match my_standing(i, self.me) {
            Some(s) if !s.withdrawn => Some(Span::styled("you are in", t.good())),
            Some(_) if is_arena(i) && open(i) => Some(Span::styled("you paused", t.accent())),
            Some(_) => Some(Span::styled("you withdrew", t.dim())),
            None => None,
        };
        if let Some(m) = mine {
            spans.push(sep());
            spans.push(m);
        }
        spans.push(Span::styled(
            format!("{}by {}", t.g.sep, clean_line(&i.created_by, 40)),
            t.dim(),
        ));
        put_line(buf, area.x, area.y, &Line::from(spans), area.width);
    }

    fn standings(&self, buf: &mut Buffer, area: Rect) {
        let (i, t) = (self.info, self.t);
        let focused = self.ui.focus == Part::Standings;
        let inn = panel(
            buf,
            area,
            &format!("Standings ({})", i.standings.len()),
            focused,
            t,
        );
        let c = cols(inn.width);
        let head = format!(
            "{:>3} {} {:>4} {:>5} {} {:>4}",
            "#",
            pad("player", c.nick),
            "rtg",
            "pts",
            pad("games", c.marks),
            "perf"
        );
        put(buf, inn.x, inn.y, &head, inn.width, t.dim());
        let rows = standings_rows(area);
        let row = |k: usize| self.standing_row(&i.standings[k], &c);
        let selected = self.ui.player_index(i);
        let empty = match i.status {
            TournamentStatus::Upcoming => "nobody has joined yet",
            _ => "no players",
        };
        draw_rows(
            buf,
            rows,
            i.standings.len(),
            row,
            selected,
            focused,
            empty,
            t,
        );
        // An arena's legend, on the bottom border.
        if is_arena(i) && area.height > 2 {
            let legend = format!(" {} on a streak: points doubled ", t.g.fire);
            let room = area.width.saturating_sub(4);
            if (legend.chars().count() as u16) < room {
                put(buf, area.x + 2, area.bottom() - 1, &legend, room, t.dim());
            }
        }
    }

    /// `  1 alice          1620   2.5 WDWB      1712 🔥`.
    fn standing_row(&self, s: &Standing, c: &Cols) -> Line<'static> {
        let (i, t) = (self.info, self.t);
        let nick = clean_line(&s.nick, 40);
        let mine = s.nick.eq_ignore_ascii_case(&self.me.nick);
        let absent = i.absent.iter().any(|a| a.eq_ignore_ascii_case(&s.nick));
        let out = s.withdrawn || absent;
        let base = if out { t.dim() } else { Style::new() };
        let name_style = if mine { t.accent() } else { base };
        let mut spans = vec![
            Span::styled(format!("{:>3} ", s.rank), base),
            Span::styled(pad(&nick, c.nick), name_style),
            Span::styled(
                format!(" {:>4} {:>5} ", s.rating, s.points_text(i.terms.format)),
                base,
            ),
        ];
        spans.extend(marks(&s.marks, c.marks, t));
        let perf = s.performance.map_or("-".to_string(), |p| p.to_string());
        spans.push(Span::styled(format!(" {perf:>4} "), base));
        let state = if s.withdrawn && is_arena(i) {
            Some(("paused", t.dim()))
        } else if s.withdrawn {
            Some(("left", t.dim()))
        } else if absent {
            Some(("absent", t.error()))
        } else if s.fire {
            Some((t.g.fire, t.accent()))
        } else {
            None
        };
        if let Some((w, st)) = state {
            spans.push(Span::styled(w.to_string(), st));
        }
        Line::from(spans)
    }

    fn games(&self, buf: &mut Buffer, area: Rect) {
        let (i, t) = (self.info, self.t);
        let focused = self.ui.focus == Part::Games;
        let title = format!("Games in play ({})", i.games.len());
        let inn = panel(buf, area, &title, focused, t);
        let each = (usize::from(inn.width).saturating_sub(10) / 2).clamp(4, 16);
        let row = |k: usize| game_row(&i.games[k], each, i.terms.format, t);
        let selected = self.ui.game_index(i);
        let empty = match i.status {
            TournamentStatus::Upcoming => "none before the start",
            _ => "no games in play",
        };
        draw_rows(buf, inn, i.games.len(), row, selected, focused, empty, t);
    }
}

/// The games' marks in `width` cells, the latest last: earlier ones give way to `…`.
fn marks(m: &[Mark], width: usize, t: &Theme) -> Vec<Span<'static>> {
    let mut spans = vec![];
    let (skip, cut) = if m.len() > width {
        (m.len() + 1 - width, true)
    } else {
        (0, false)
    };
    if cut && width > 0 {
        spans.push(Span::styled("…", t.dim()));
    }
    for mark in m.iter().skip(skip) {
        let st = match mark {
            Mark::Win => t.good(),
            Mark::Loss => t.error(),
            Mark::Bye => t.accent(),
            Mark::Draw | Mark::Void => Style::new(),
        };
        spans.push(Span::styled(mark.letter().to_string(), st));
    }
    let used = m.len().min(width);
    spans.push(Span::raw(" ".repeat(width - used)));
    spans
}

/// `alice vs bob  r2`: the names in at most `each` cells; a Swiss game's round.
fn game_row(g: &TournamentGame, each: usize, f: Format, t: &Theme) -> Line<'static> {
    let mut spans = vec![
        Span::styled(
            trunc(&clean_line(&g.red, 40), each),
            t.side(crate::rules::Color::Red),
        ),
        Span::raw(" vs "),
        Span::styled(
            trunc(&clean_line(&g.blue, 40), each),
            t.side(crate::rules::Color::Blue),
        ),
    ];
    if matches!(f, Format::Swiss { .. }) && g.round > 0 {
        spans.push(Span::styled(format!("  r{}", g.round), t.dim()));
    }
    Line::from(spans)
}

// ---------------------------------------------------------------------------------------
// Keys.

/// What a key does on a tournament's screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Do {
    /// Tab, Shift-Tab: standings, games, chat.
    Cycle,
    /// Up, Down, a page, to the ends (by the key).
    Move,
    /// Enter: watch the game, the player's profile, or chat (by the part focused).
    Activate,
    Join,
    /// Says why joining is not open.
    CannotJoin,
    /// Withdraw, or pause in a running arena.
    Leave,
    CannotLeave,
    Chat,
    Profile,
    Settings,
    Help,
    Back,
}

/// When a key of the screen applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum If {
    Standings,
    Games,
    Chat,
    NotChat,
    CanJoin,
    CannotJoin,
    /// Joining again goes on after a pause (a running arena).
    Resume,
    NotResume,
    CanLeave,
    CannotLeave,
    /// Leaving is a pause: a running arena.
    Pause,
    NotPause,
}

struct TourCx {
    focus: Part,
    can_join: bool,
    resume: bool,
    can_leave: bool,
    pause: bool,
}

impl Conditions<If> for TourCx {
    fn holds(&self, c: If) -> bool {
        match c {
            If::Standings => self.focus == Part::Standings,
            If::Games => self.focus == Part::Games,
            If::Chat => self.focus == Part::Chat,
            If::NotChat => self.focus != Part::Chat,
            If::CanJoin => self.can_join,
            If::CannotJoin => !self.can_join,
            If::Resume => self.resume,
            If::NotResume => !self.resume,
            If::CanLeave => self.can_leave,
            If::CannotLeave => !self.can_leave,
            If::Pause => self.pause,
            If::NotPause => !self.pause,
        }
    }
}

/// The screen's keys. Footer ranks: Enter, j / w, Esc, t, Tab, ?.
const KEYS: &[Binding<Do, If>] = &[
    on(&[Tab, BackTab], Do::Cycle)
        .hints(&[hint(4, "Tab", "next list")])
        .help("Tab / Shift-Tab", "standings / games in play / chat"),
    on(&[Up, Down], Do::Move).help("Up / Down", "move in the list"),
    on(&[PageUp, PageDown, Home, End], Do::Move)
        .help("PgUp/PgDn, Home/End", "a page up / down, first / last"),
    on(&[Enter], Do::Activate)
        .hints(&[
            hint(0, "Enter", "watch").when(&[If::Games]),
            hint(0, "Enter", "profile").when(&[If::Standings]),
            hint(0, "Enter/t", "type").when(&[If::Chat]),
        ])
        .help(
            "Enter",
            "watch the selected game, the selected player's profile, chat",
        ),
    on(&[ch('j')], Do::Join)
        .when(&[If::CanJoin])
        .hints(&[
            hint(1, "j", "join").when(&[If::NotResume]),
            hint(1, "j", "come back").when(&[If::Resume]),
        ])
        .help("j", "join (an arena: come back after a pause)"),
    on(&[ch('j')], Do::CannotJoin)
        .when(&[If::CannotJoin])
        .explains(),
    on(&[ch('w')], Do::Leave)
        .when(&[If::CanLeave])
        .hints(&[
            hint(1, "w", "pause").when(&[If::Pause]),
            hint(1, "w", "withdraw").when(&[If::NotPause]),
        ])
        .help("w", "withdraw (a running arena: pause, points kept)"),
    on(&[ch('w')], Do::CannotLeave)
        .when(&[If::CannotLeave])
        .explains(),
    on(&[ch('t')], Do::Chat)
        .hints(&[hint(3, "t", "chat").when(&[If::NotChat])])
        .help("t", "type in the tournament's chat"),
    on(&[ch('p')], Do::Profile).help("p", "profile of the selected player"),
    note(
        "mouse",
        "click selects, click again watches / opens the profile",
    ),
    on(&[ch('s'), F(2)], Do::Settings).help("s / F2", "settings (numbering, ASCII, colours)"),
    on(&[Esc, ch('q')], Do::Back)
        .hints(&[hint(2, "Esc", "lobby")])
        .help("Esc / q", "back to the lobby"),
    on(&[ch('?')], Do::Help).hints(&[hint(5, "?", "help")]),
];

/// Typing a chat line.
const CHAT_KEYS: &[Binding<ToLine, Never>] = &[
    on(&[Enter], ToLine).hints(&[hint(0, "Enter", "send")]),
    on(&[Esc], ToLine).hints(&[hint(1, "Esc", "cancel")]),
    typing(ToLine),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::keymap::tests::labels_name_their_keys;

    #[test]
    fn help_labels_name_their_keys() {
        labels_name_their_keys("tournament", KEYS);
        labels_name_their_keys("tournament chat", CHAT_KEYS);
    }

    #[test]
    fn countdowns() {
        assert_eq!(countdown(0), "0:00");
        assert_eq!(countdown(299), "4:59");
        assert_eq!(countdown(723), "12:03");
        assert_eq!(countdown(3723), "1:02:03");
        assert_eq!(countdown(2 * 86_400 + 5 * 3600 + 7), "2d 5h");
    }

    #[test]
    fn columns_fit_the_panel() {
        for w in [20u16, 46, 48, 60, 100, 150] {
            let c = cols(w);
            assert!(FIXED_COLS + c.nick + c.marks <= usize::from(w).max(FIXED_COLS + 6));
        }
        let c = cols(48);
        assert!(c.nick >= 10 && c.marks >= 6, "{} {}", c.nick, c.marks);
    }
}
