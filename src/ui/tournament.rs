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
    self, ch, hint, note, on, typing, Binding, Conditions, Described, InLang, Never, ToLine, With,
};
use super::layout::{inner, scroll_offset};
use super::lobby::{draw_chat, draw_rows, CHAT_MAX};
use super::theme::Theme;
use super::widgets::{footer, footer_rows, pad, panel, put, put_line, trunc, wrap, LineInput};
use super::{vocab, Act, Effect, Identity, Overlay};
use crate::i18n::{tr, Lang};
use crate::proto::{
    EntryRule, Format, GameId, LobbyCmd, LobbySnapshot, Mark, Standing, TournamentGame,
    TournamentId, TournamentInfo, TournamentStatus,
};
use crate::t;
use crate::text::{clean_line, display_width};
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

/// [`countdown`] in `lang`: a day or more reads `2d 5h`, `2 T. 5 Std.`, `2d 5u`.
pub(crate) fn countdown_in(lang: Lang, secs: u64) -> String {
    let (d, h) = (secs / 86_400, (secs / 3600) % 24);
    if d > 0 {
        t!(lang, "tournament-days-hours", days = d, hours = h)
    } else {
        countdown(secs)
    }
}

/// Where a tournament is, in English (the lobby's rows, the session's check for a changed
/// countdown): see [`when_words`].
pub(crate) fn when_text(t: &TournamentInfo, now: u64, long: bool) -> String {
    when_words(Lang::En, t, now, long)
}

/// Where a tournament is, in `lang`: `starts in 4:59`, `ends in 12:03`, a Swiss's round
/// (`round 2/3`, or `round 2 of 3` when `long`), `finished`, `cancelled`. `now` is the wall
/// clock in Unix seconds; 0 when not known (the start is then given as a UTC date).
pub(crate) fn when_words(lang: Lang, t: &TournamentInfo, now: u64, long: bool) -> String {
    let date = |s: u64| browse::utc_datetime(s);
    match t.status {
        TournamentStatus::Upcoming if now == 0 => {
            t!(lang, "tournament-starts-at", date = date(t.terms.starts_at))
        }
        TournamentStatus::Upcoming if t.terms.starts_at <= now => tr(lang, "tournament-starting"),
        TournamentStatus::Upcoming => t!(
            lang,
            "tournament-starts-in",
            time = countdown_in(lang, t.terms.starts_at - now)
        ),
        TournamentStatus::Running => match (t.terms.format, t.ends_at) {
            (Format::Swiss { rounds }, _) if long => {
                t!(
                    lang,
                    "tournament-round-of",
                    round = t.round,
                    rounds = rounds
                )
            }
            (Format::Swiss { rounds }, _) => {
                t!(
                    lang,
                    "tournament-round-short",
                    round = t.round,
                    rounds = rounds
                )
            }
            (Format::Arena { .. }, Some(end)) if now == 0 => {
                t!(lang, "tournament-ends-at", date = date(end))
            }
            (Format::Arena { .. }, Some(end)) if end <= now => tr(lang, "tournament-ending"),
            (Format::Arena { .. }, Some(end)) => {
                t!(
                    lang,
                    "tournament-ends-in",
                    time = countdown_in(lang, end - now)
                )
            }
            (Format::Arena { .. }, None) => tr(lang, "tournament-status-running"),
        },
        TournamentStatus::Finished | TournamentStatus::Cancelled => status_word(lang, t.status),
    }
}

/// A tournament's status in `lang`: `upcoming`, `läuft`, `afgelast`.
pub(crate) fn status_word(lang: Lang, s: TournamentStatus) -> String {
    tr(
        lang,
        match s {
            TournamentStatus::Upcoming => "tournament-status-upcoming",
            TournamentStatus::Running => "tournament-status-running",
            TournamentStatus::Finished => "tournament-status-finished",
            TournamentStatus::Cancelled => "tournament-status-cancelled",
        },
    )
}

/// The event's kind in a few cells, in `lang`: `Arena 45m`, `Schweizer 5 R.`.
pub(crate) fn kind_words(lang: Lang, f: Format) -> String {
    match f {
        Format::Arena { minutes } => t!(lang, "tournament-kind-arena", minutes = minutes),
        Format::Swiss { rounds } => t!(lang, "tournament-kind-swiss", rounds = rounds),
    }
}

/// Who may join, in `lang`: `anyone`, `nur mit Schlüssel`, `uitgenodigd: alice, bob`.
pub(crate) fn entry_words(lang: Lang, e: &EntryRule) -> String {
    match e {
        EntryRule::Anyone => tr(lang, "tournament-entry-anyone"),
        EntryRule::KeyHolders => tr(lang, "tournament-entry-keys"),
        EntryRule::Nicks(n) => t!(lang, "tournament-entry-invited", nicks = n.join(", ")),
    }
}

/// A tournament's terms on one line, in `lang` (also `ssh host tournament ID`'s, through
/// [`super::vocab::tournament_terms`]; `TournamentInfo::terms_line` is its English):
/// `Swiss 5 rounds · Classic · 5+3 · rated · anyone`, then ` · 10+ rated games` when some
/// are needed.
pub(crate) fn terms_line(lang: Lang, info: &TournamentInfo) -> String {
    let t = &info.terms;
    let format = match t.format {
        Format::Arena { minutes } => t!(lang, "tournament-terms-arena", minutes = minutes),
        Format::Swiss { rounds } => t!(lang, "tournament-terms-swiss", rounds = rounds),
    };
    // A Swiss of correspondence games shows its days a move where a clock would be.
    let clock = match (t.game.days, t.game.clock) {
        (Some(days), _) => super::vocab::days_words(lang, days, t.game.budget),
        (None, Some(c)) => c.to_string(),
        (None, None) => tr(lang, "tournament-no-clock"),
    };
    let rated = tr(
        lang,
        if t.game.rated {
            "tournament-rated"
        } else {
            "tournament-casual"
        },
    );
    let mut parts = vec![
        format,
        vocab::variant_name(lang, t.game.rules.variant),
        clock,
        rated,
        entry_words(lang, &t.entry),
    ];
    if t.min_rated_games > 0 {
        parts.push(t!(lang, "tournament-min-rated", games = t.min_rated_games));
    }
    parts.join(" · ")
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
    /// The language of the keys' hints and help and of the notices (the app's).
    pub lang: Lang,
}

impl TournamentUi {
    /// The screen of tournament `id`, its keys and notices in `lang`.
    pub fn in_lang(id: TournamentId, lang: Lang) -> TournamentUi {
        TournamentUi {
            id,
            focus: Part::Standings,
            player: None,
            game: None,
            chat: None,
            clicked: false,
            lang,
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
        let keys = if self.chat.is_some() {
            keymap::plain(CHAT_KEYS)
        } else {
            Box::new(With(KEYS, self.cx(l, me)))
        };
        Box::new(InLang(keys, self.lang))
    }

    pub fn layout(&self, l: &LobbySnapshot, me: &Identity, w: u16, h: u16) -> TournamentLayout {
        let foot = footer_rows(&self.keys(l, me).footer(), w);
        let rows = match self.info(l) {
            // The empty list's words, wrapped to the panel (as wide as at `w`).
            Some(t) if t.games.is_empty() => {
                let inner_w = tournament_layout(w, h, 1, foot)
                    .games
                    .width
                    .saturating_sub(2);
                wrap(&no_games_text(self.lang, t), usize::from(inner_w)).len()
            }
            Some(t) => t.games.len(),
            None => 0,
        };
        tournament_layout(w, h, rows, foot)
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
            Do::CannotJoin => vec![Act::Notice(why_not_join(self.lang, t, me))],
            Do::CannotLeave => vec![Act::Notice(why_not_leave(self.lang, t))],
            Do::Chat => {
                self.focus = Part::Chat;
                self.chat = Some(LineInput::new(CHAT_MAX));
                vec![]
            }
            Do::Profile => match t.and_then(|t| self.player_index(t).map(|i| &t.standings[i])) {
                Some(s) => browse::open_profile(&s.nick),
                None => vec![Act::Notice(tr(self.lang, "tournament-notice-no-player"))],
            },
            Do::Settings => vec![Act::Open(Overlay::Settings { row: 0 })],
            Do::Help => vec![Act::Open(Overlay::Help)],
            Do::Back => vec![Act::CloseTournament],
        }
    }

    /// Enter: watch the selected game, the selected player's profile, or chat.
    fn activate(&mut self, l: &LobbySnapshot) -> Vec<Act> {
        let lang = self.lang;
        let Some(t) = self.info(l) else {
            return vec![Act::Notice(tr(lang, GONE))];
        };
        match self.focus {
            Part::Games => match self.game_index(t).map(|i| &t.games[i]) {
                Some(g) => vec![Act::Fx(Effect::Lobby(LobbyCmd::Spectate(g.id)))],
                None if self.game.is_some() => {
                    vec![Act::Notice(tr(lang, "tournament-notice-game-ended"))]
                }
                None => vec![Act::Notice(tr(lang, "tournament-notice-no-games"))],
            },
            Part::Standings => match self.player_index(t).map(|i| &t.standings[i]) {
                Some(s) => browse::open_profile(&s.nick),
                None if self.player.is_some() => {
                    vec![Act::Notice(tr(lang, "tournament-notice-player-gone"))]
                }
                None => vec![Act::Notice(tr(lang, "tournament-notice-nobody"))],
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

const GONE: &str = "tournament-gone";

fn why_not_join(lang: Lang, t: Option<&TournamentInfo>, me: &Identity) -> String {
    let Some(t) = t else {
        return tr(lang, GONE);
    };
    if t.has_entrant(&me.nick) {
        return tr(lang, "tournament-notice-in-already");
    }
    tr(
        lang,
        match t.status {
            TournamentStatus::Running => "tournament-notice-swiss-started",
            TournamentStatus::Finished => "tournament-notice-over",
            TournamentStatus::Cancelled => "tournament-notice-cancelled",
            TournamentStatus::Upcoming => "tournament-notice-cannot-join",
        },
    )
}

fn why_not_leave(lang: Lang, t: Option<&TournamentInfo>) -> String {
    match t {
        None => tr(lang, GONE),
        Some(t) if !open(t) => tr(lang, "tournament-notice-over"),
        Some(_) => tr(lang, "tournament-notice-not-joined"),
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

/// The standings' column headings in a language.
struct Heads {
    player: String,
    rating: String,
    points: String,
    games: String,
    perf: String,
    bh: String,
    sb: String,
}

impl Heads {
    fn of(lang: Lang) -> Heads {
        Heads {
            player: tr(lang, "tournament-head-player"),
            rating: tr(lang, "tournament-head-rating"),
            points: tr(lang, "tournament-head-points"),
            games: tr(lang, "tournament-head-games"),
            perf: tr(lang, "tournament-head-perf"),
            bh: tr(lang, "tournament-head-buchholz"),
            sb: tr(lang, "tournament-head-sonneborn"),
        }
    }
}

/// The standings' columns for a panel `width` cells inside, each as wide as its heading in
/// the language and its values: rank, nick, rating, points, the games' marks, then, while
/// they fit, performance and a Swiss's Buchholz and Sonneborn-Berger, and the state word.
struct Cols {
    nick: usize,
    rating: usize,
    points: usize,
    marks: usize,
    /// The cells of one mark (its letter in the language).
    mark: usize,
    perf: Option<usize>,
    bh: Option<usize>,
    sb: Option<usize>,
}

/// Rank 3, rating 4, points 5, performance 4, state 6, and the spaces between (English).
#[cfg(test)]
const FIXED_COLS: usize = 3 + 1 + 1 + 4 + 1 + 5 + 1 + 1 + 4 + 1 + 6;

/// `state`: the cells of the widest state word shown (`paused`, the streak's mark); `mark`:
/// the cells of one mark.
fn cols(width: u16, h: &Heads, swiss: bool, state: usize, mark: usize) -> Cols {
    let w = |s: &str| display_width(s);
    let width = usize::from(width);
    let rating = w(&h.rating).max(4);
    let points = w(&h.points).max(5);
    let mut perf = Some(w(&h.perf).max(4));
    let (mut bh, mut sb) = match swiss {
        true => (Some(w(&h.bh).max(4)), Some(w(&h.sb).max(5))),
        false => (None, None),
    };
    let nick_min = w(&h.player).max(6);
    let marks_min = w(&h.games).max(mark);
    let fixed = |cols: [Option<usize>; 3]| {
        3 + 1
            + 1
            + rating
            + 1
            + points
            + 1
            + 1
            + state
            + cols.iter().flatten().map(|c| 1 + c).sum::<usize>()
    };
    // What does not fit goes: Sonneborn-Berger, Buchholz, then performance.
    for _ in 0..3 {
        if fixed([perf, bh, sb]) + nick_min + marks_min <= width {
            break;
        }
        if sb.is_some() {
            sb = None;
        } else if bh.is_some() {
            bh = None;
        } else {
            perf = None;
        }
    }
    let room = width.saturating_sub(fixed([perf, bh, sb]));
    let nick = (room * 3 / 5)
        .clamp(nick_min.min(20), 20.max(nick_min))
        .min(room.saturating_sub(marks_min.min(room / 2)));
    Cols {
        nick,
        rating,
        points,
        marks: room - nick,
        mark,
        perf,
        bh,
        sb,
    }
}

/// `s` right-aligned in `w` cells.
fn rpad(s: &str, w: usize) -> String {
    format!("{}{s}", " ".repeat(w.saturating_sub(display_width(s))))
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
    let lang = t.lang;
    let lay = ui.layout(l, me, w, h);
    let keys = ui.keys(l, me).footer();
    let Some(info) = ui.info(l) else {
        header(buf, lay.header, &tr(lang, "tournament-title"), t);
        let gone = wrap(&tr(lang, GONE), usize::from(lay.terms.width));
        for (i, line) in gone.iter().enumerate() {
            let y = lay.terms.y + 1 + i as u16;
            if y < lay.footer.y {
                put(buf, lay.terms.x, y, line, lay.terms.width, t.dim());
            }
        }
        footer(buf, lay.footer, &keys, t);
        return;
    };
    let v = View { ui, info, me, t };
    header(buf, lay.header, &clean_line(&info.terms.name, 80), t);
    put(
        buf,
        lay.terms.x,
        lay.terms.y,
        &trunc(&terms_line(lang, info), usize::from(lay.terms.width)),
        lay.terms.width,
        t.dim(),
    );
    v.status(buf, lay.status, now);
    v.standings(buf, lay.standings);
    v.games(buf, lay.games);
    let title = tr(lang, "tournament-chat-title");
    let inn = panel(buf, lay.chat, &title, ui.focus == Part::Chat, t);
    let idle = tr(lang, "tournament-chat-idle");
    draw_chat(buf, inn, &info.chat, ui.chat.as_ref(), &idle, true, t);
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

/// What the games panel says when no game is in play.
fn no_games_text(lang: Lang, i: &TournamentInfo) -> String {
    match i.status {
        TournamentStatus::Upcoming => tr(lang, "tournament-none-before-start"),
        _ => tr(lang, "tournament-no-games"),
    }
}

/// What drawing the screen reads.
struct View<'a> {
    ui: &'a TournamentUi,
    info: &'a TournamentInfo,
    me: &'a Identity,
    t: &'a Theme,
}

impl View<'_> {
    /// `running · ends in 12:03 · 14 players · by alice · you are in`: where the line is
    /// too short, who created it goes first, then the server's note.
    fn status(&self, buf: &mut Buffer, area: Rect, now: u64) {
        let (i, t) = (self.info, self.t);
        let lang = t.lang;
        let mut parts: Vec<(String, Style, bool)> =
            vec![(status_word(lang, i.status), when_style(i, t), false)];
        if open(i) {
            parts.push((when_words(lang, i, now, true), t.accent(), false));
        }
        let n = i.standings.len();
        parts.push((
            t!(lang, "tournament-players", count = n),
            Style::new(),
            false,
        ));
        if !i.note.is_empty() {
            let note = vocab::tournament_note(lang, &i.note);
            parts.push((clean_line(&note, 200), Style::new(), true));
        }
        let mine = match my_standing(i, self.me) {
            Some(s) if !s.withdrawn => Some(("tournament-you-in", t.good())),
            Some(_) if is_arena(i) && open(i) => Some(("tournament-you-paused", t.accent())),
            Some(_) => Some(("tournament-you-withdrew", t.dim())),
            None => None,
        };
        if let Some((id, st)) = mine {
            parts.push((tr(lang, id), st, false));
        }
        let by = t!(lang, "tournament-by", nick = clean_line(&i.created_by, 40));
        parts.push((by, t.dim(), true));
        let sep_w = display_width(t.g.sep);
        let width = |p: &[(String, Style, bool)]| {
            p.iter().map(|(s, ..)| display_width(s)).sum::<usize>()
                + sep_w * p.len().saturating_sub(1)
        };
        while width(&parts) > usize::from(area.width) {
            match parts.iter().rposition(|(.., droppable)| *droppable) {
                Some(k) => {
                    parts.remove(k);
                }
                None => break,
            }
        }
        let mut spans = vec![];
        for (k, (s, st, _)) in parts.into_iter().enumerate() {
            if k > 0 {
                spans.push(Span::styled(t.g.sep.to_string(), t.dim()));
            }
            spans.push(Span::styled(s, st));
        }
        put_line(buf, area.x, area.y, &Line::from(spans), area.width);
    }

    /// The state word of a standing, and its style: paused, left, absent, on fire.
    fn state(&self, s: &Standing) -> Option<(String, Style)> {
        let (i, t) = (self.info, self.t);
        let absent = i.absent.iter().any(|a| a.eq_ignore_ascii_case(&s.nick));
        let word = |id| tr(t.lang, id);
        if s.withdrawn && is_arena(i) {
            Some((word("tournament-state-paused"), t.dim()))
        } else if s.withdrawn {
            Some((word("tournament-state-left"), t.dim()))
        } else if absent {
            Some((word("tournament-state-absent"), t.error()))
        } else if s.fire {
            Some((t.g.fire.to_string(), t.accent()))
        } else {
            None
        }
    }

    fn standings(&self, buf: &mut Buffer, area: Rect) {
        let (i, t) = (self.info, self.t);
        let lang = t.lang;
        let focused = self.ui.focus == Part::Standings;
        let title = t!(
            lang,
            "tournament-standings-title",
            count = i.standings.len()
        );
        let inn = panel(buf, area, &title, focused, t);
        let heads = Heads::of(lang);
        let letters = mark_letters(lang);
        let mark = letters.iter().map(|l| display_width(l)).max().unwrap_or(1);
        let state = i
            .standings
            .iter()
            .filter_map(|s| self.state(s))
            .map(|(w, _)| display_width(&w))
            .max()
            .unwrap_or(0);
        let swiss = !is_arena(i);
        let c = cols(inn.width, &heads, swiss, state, mark);
        let mut head = format!(
            "{:>3} {} {} {} {}",
            "#",
            pad(&heads.player, c.nick),
            rpad(&heads.rating, c.rating),
            rpad(&heads.points, c.points),
            pad(&heads.games, c.marks),
        );
        for (col, text) in [(c.perf, &heads.perf), (c.bh, &heads.bh), (c.sb, &heads.sb)] {
            if let Some(w) = col {
                head.push(' ');
                head.push_str(&rpad(text, w));
            }
        }
        put(buf, inn.x, inn.y, &head, inn.width, t.dim());
        let rows = standings_rows(area);
        let row = |k: usize| self.standing_row(&i.standings[k], &c, &letters);
        let selected = self.ui.player_index(i);
        let empty = match i.status {
            TournamentStatus::Upcoming => tr(lang, "tournament-nobody-yet"),
            _ => tr(lang, "tournament-no-players"),
        };
        draw_rows(
            buf,
            rows,
            i.standings.len(),
            row,
            selected,
            focused,
            &empty,
            t,
        );
        // A legend on the bottom border: an arena's streak, a Swiss's tie-breaks.
        let legend = if is_arena(i) {
            Some(t!(lang, "tournament-streak", fire = t.g.fire))
        } else if c.sb.is_some() {
            Some(tr(lang, "tournament-tiebreaks"))
        } else if c.bh.is_some() {
            Some(tr(lang, "tournament-tiebreak-bh"))
        } else {
            None
        };
        if let Some(legend) = legend.filter(|_| area.height > 2) {
            let legend = format!(" {legend} ");
            let room = area.width.saturating_sub(4);
            if display_width(&legend) < usize::from(room) {
                put(buf, area.x + 2, area.bottom() - 1, &legend, room, t.dim());
            }
        }
    }

    /// `  1 alice          1620   2.5 WDWB      1712 🔥`.
    fn standing_row(&self, s: &Standing, c: &Cols, letters: &[String; 4]) -> Line<'static> {
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
                format!(
                    " {} {} ",
                    rpad(&s.rating.to_string(), c.rating),
                    rpad(&s.points_text(i.terms.format), c.points)
                ),
                base,
            ),
        ];
        spans.extend(marks(&s.marks, c.marks, c.mark, letters, t));
        let mut tail = String::new();
        if let Some(w) = c.perf {
            let perf = s.performance.map_or("-".to_string(), |p| p.to_string());
            tail.push_str(&format!(" {}", rpad(&perf, w)));
        }
        if let Some(w) = c.bh {
            tail.push_str(&format!(" {}", rpad(&s.buchholz_text(), w)));
        }
        if let Some(w) = c.sb {
            tail.push_str(&format!(" {}", rpad(&s.sonneborn_text(), w)));
        }
        tail.push(' ');
        spans.push(Span::styled(tail, base));
        if let Some((w, st)) = self.state(s) {
            spans.push(Span::styled(w, st));
        }
        Line::from(spans)
    }

    fn games(&self, buf: &mut Buffer, area: Rect) {
        let (i, t) = (self.info, self.t);
        let lang = t.lang;
        let focused = self.ui.focus == Part::Games;
        let title = t!(lang, "tournament-games-title", count = i.games.len());
        let inn = panel(buf, area, &title, focused, t);
        if i.games.is_empty() {
            let lines = wrap(&no_games_text(lang, i), usize::from(inn.width));
            for (k, line) in lines.iter().take(usize::from(inn.height)).enumerate() {
                put(buf, inn.x, inn.y + k as u16, line, inn.width, t.dim());
            }
            return;
        }
        let vs = tr(lang, "tournament-vs");
        let round_w = display_width(&t!(lang, "tournament-game-round", round = 99));
        let extra = display_width(&vs) + round_w;
        let each = (usize::from(inn.width).saturating_sub(6 + extra) / 2).clamp(4, 16);
        let row = |k: usize| game_row(&i.games[k], each, i.terms.format, &vs, t);
        let selected = self.ui.game_index(i);
        draw_rows(buf, inn, i.games.len(), row, selected, focused, "", t);
    }
}

/// The marks' letters in `lang`: a win, a draw, a loss, a bye.
fn mark_letters(lang: Lang) -> [String; 4] {
    [
        tr(lang, "tournament-mark-win"),
        tr(lang, "tournament-mark-draw"),
        tr(lang, "tournament-mark-loss"),
        tr(lang, "tournament-mark-bye"),
    ]
}

/// The games' marks in `width` cells, `each` a mark, the latest last: earlier ones give
/// way to `…`.
fn marks(
    m: &[Mark],
    width: usize,
    each: usize,
    letters: &[String; 4],
    t: &Theme,
) -> Vec<Span<'static>> {
    let each = each.max(1);
    let fit = width / each;
    let mut spans = vec![];
    let (skip, cut) = if m.len() > fit {
        (m.len() + 1 - fit, true)
    } else {
        (0, false)
    };
    if cut && fit > 0 {
        spans.push(Span::styled(pad("…", each), t.dim()));
    }
    for mark in m.iter().skip(skip) {
        let (text, st) = match mark {
            Mark::Win => (pad(&letters[0], each), t.good()),
            Mark::Draw => (pad(&letters[1], each), Style::new()),
            Mark::Loss => (pad(&letters[2], each), t.error()),
            Mark::Bye => (pad(&letters[3], each), t.accent()),
            Mark::Void => (pad(&mark.letter().to_string(), each), Style::new()),
        };
        spans.push(Span::styled(text, st));
    }
    let used = (m.len().min(fit)) * each;
    spans.push(Span::raw(" ".repeat(width.saturating_sub(used))));
    spans
}

/// `alice vs bob  r2`: the names in at most `each` cells; a Swiss game's round.
fn game_row(g: &TournamentGame, each: usize, f: Format, vs: &str, t: &Theme) -> Line<'static> {
    let lang = t.lang;
    let mut spans = vec![
        Span::styled(
            trunc(&clean_line(&g.red, 40), each),
            t.side(crate::rules::Color::Red),
        ),
        Span::raw(format!(" {vs} ")),
        Span::styled(
            trunc(&clean_line(&g.blue, 40), each),
            t.side(crate::rules::Color::Blue),
        ),
    ];
    if matches!(f, Format::Swiss { .. }) && g.round > 0 {
        let round = t!(lang, "tournament-game-round", round = g.round);
        spans.push(Span::styled(format!("  {round}"), t.dim()));
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
        .hints(&[hint(4, "Tab", "tournament-keys-next-list")])
        .help("keys-tab-shift-tab", "tournament-help-cycle"),
    on(&[Up, Down], Do::Move).help("keys-up-down", "tournament-help-move"),
    on(&[PageUp, PageDown, Home, End], Do::Move)
        .help("tournament-keys-page", "tournament-help-page"),
    on(&[Enter], Do::Activate)
        .hints(&[
            hint(0, "Enter", "tournament-keys-watch").when(&[If::Games]),
            hint(0, "Enter", "tournament-keys-profile").when(&[If::Standings]),
            hint(0, "Enter/t", "tournament-keys-type").when(&[If::Chat]),
        ])
        .help("Enter", "tournament-help-enter"),
    on(&[ch('j')], Do::Join)
        .when(&[If::CanJoin])
        .hints(&[
            hint(1, "j", "tournament-keys-join").when(&[If::NotResume]),
            hint(1, "j", "tournament-keys-come-back").when(&[If::Resume]),
        ])
        .help("j", "tournament-help-join"),
    on(&[ch('j')], Do::CannotJoin)
        .when(&[If::CannotJoin])
        .explains(),
    on(&[ch('w')], Do::Leave)
        .when(&[If::CanLeave])
        .hints(&[
            hint(1, "w", "tournament-keys-pause").when(&[If::Pause]),
            hint(1, "w", "tournament-keys-withdraw").when(&[If::NotPause]),
        ])
        .help("w", "tournament-help-withdraw"),
    on(&[ch('w')], Do::CannotLeave)
        .when(&[If::CannotLeave])
        .explains(),
    on(&[ch('t')], Do::Chat)
        .hints(&[hint(3, "t", "tournament-keys-chat").when(&[If::NotChat])])
        .help("t", "tournament-help-chat"),
    on(&[ch('p')], Do::Profile).help("p", "tournament-help-profile"),
    note("keys-mouse", "tournament-help-mouse"),
    on(&[ch('s'), F(2)], Do::Settings).help("s / F2", "tournament-help-settings"),
    on(&[Esc, ch('q')], Do::Back)
        .hints(&[hint(2, "Esc", "tournament-keys-lobby")])
        .help("keys-esc-q", "tournament-help-back"),
    on(&[ch('?')], Do::Help).hints(&[hint(5, "?", "tournament-keys-help")]),
];

/// Typing a chat line.
const CHAT_KEYS: &[Binding<ToLine, Never>] = &[
    on(&[Enter], ToLine).hints(&[hint(0, "Enter", "tournament-keys-send")]),
    on(&[Esc], ToLine).hints(&[hint(1, "Esc", "tournament-keys-cancel")]),
    typing(ToLine),
];

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ui::keymap::tests::labels_name_their_keys;

    #[test]
    fn help_labels_name_their_keys() {
        labels_name_their_keys("tournament", &in_english(KEYS));
        labels_name_their_keys("tournament chat", &in_english(CHAT_KEYS));
    }

    /// The table with its help labels in English (the labels are message ids).
    pub(crate) fn in_english<A: Copy, C: Copy>(table: &[Binding<A, C>]) -> Vec<Binding<A, C>> {
        use crate::ui::keymap::Help;
        let en = |s: &'static str| crate::i18n::text_static(Lang::En, s);
        let mut v = table.to_vec();
        for b in &mut v {
            if let Help::Line(k, w) = b.help {
                b.help = Help::Line(en(k), en(w));
            }
        }
        v
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
        let heads = Heads::of(Lang::En);
        let cols = |w| cols(w, &heads, false, 6, 1);
        for w in [20u16, 46, 48, 60, 100, 150] {
            let c = cols(w);
            assert!(FIXED_COLS + c.nick + c.marks <= usize::from(w).max(FIXED_COLS + 6));
        }
        let c = cols(48);
        assert!(c.nick >= 10 && c.marks >= 6, "{} {}", c.nick, c.marks);
    }
}
