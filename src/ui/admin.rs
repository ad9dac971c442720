//! The admin screen (admins only, opened from the lobby with `A`): every session online
//! (nick, guest or key, address, where it is), every ban (what, reason, by whom, when) and
//! the tournaments of the lobby's snapshot (upcoming and running first). Kick, ban, unban,
//! broadcast, and starting, cancelling, creating and editing a tournament each go through
//! a dialog, a reason line, a form or a yes/no; the server's answer is shown on the line
//! under the header. Esc goes back to the lobby.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::browse::utc_datetime;
use super::dialog::{clock_words, key_hints, render_confirm, rules_words};
use super::input::{Key, KeyCode, Mouse, MouseButton, MouseKind};
use super::keymap::{
    self, ch, hint, note, on, typing, Always, Binding, Conditions, Described, Hint, Never, ToLine,
    With,
};
use super::layout::{inner, scroll_offset};
use super::lobby::draw_list;
use super::theme::Theme;
use super::tournament::{countdown, kind_text, when_style};
use super::widgets::{
    dialog, footer, footer_rows, pad, panel, put, put_line, trunc, InputResult, LineInput,
};
use super::widgets::{fill, wrap};
use super::{Act, Effect, Identity, Overlay};
use crate::proto::{
    AdminBan, AdminCmd, AdminResult, AdminSession, AdminSnapshot, BanKind, ClockSpec, EntryRule,
    Format, GameTerms, LobbySnapshot, PlayerStatus, TournamentId, TournamentInfo, TournamentOrder,
    TournamentStatus, TournamentTerms,
};
use crate::rules::{Rules, Variant};
use crate::text::clean_line;
use KeyCode::{
    BackTab, Delete, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up, F,
};

/// Longest reason typed in a kick or ban dialog (the server keeps 200 characters).
const REASON_MAX: usize = 200;
/// Longest broadcast.
const BROADCAST_MAX: usize = 300;
/// Longest tournament name (the server keeps 40 characters).
const NAME_MAX: usize = 40;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Focus {
    Sessions,
    Bans,
    Tournaments,
}

/// Tab's order, the lists' order on the screen.
const FOCI: [Focus; 3] = [Focus::Sessions, Focus::Bans, Focus::Tournaments];

/// A dialog over the admin screen; each names what it acts on, so a list changing under
/// it never changes whom it hits.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Dialog {
    Kick {
        nick: String,
        reason: LineInput,
    },
    Ban {
        nick: String,
        /// What may be banned of this session: its nick, its key, its address.
        targets: Vec<(BanKind, String)>,
        choice: usize,
        reason: LineInput,
    },
    Unban {
        kind: BanKind,
        value: String,
    },
    Broadcast {
        text: LineInput,
        empty: bool,
    },
    /// Start an upcoming tournament now (yes/no).
    Start {
        id: TournamentId,
        name: String,
    },
    /// Cancel an upcoming or running tournament (yes/no).
    Cancel {
        id: TournamentId,
        name: String,
        status: TournamentStatus,
    },
    /// A new tournament, or an upcoming one edited.
    Tournament(Box<TourForm>),
}

/// What the admin screen remembers. Selections are kept by session number, ban target
/// and tournament id, not by row.
#[derive(Clone, Debug)]
pub(crate) struct AdminUi {
    pub data: Option<AdminSnapshot>,
    pub focus: Focus,
    pub session: Option<u64>,
    pub ban: Option<(BanKind, String)>,
    /// `None`: nothing chosen yet, the first row counts as selected. A tournament that
    /// left the lobby's list leaves nothing selected (never another one).
    pub tournament: Option<TournamentId>,
    pub dialog: Option<Dialog>,
    /// The last action's answer from the server.
    pub result: Option<AdminResult>,
}

impl Default for AdminUi {
    fn default() -> Self {
        AdminUi {
            data: None,
            focus: Focus::Sessions,
            session: None,
            ban: None,
            tournament: None,
            dialog: None,
            result: None,
        }
    }
}

fn sessions(d: &Option<AdminSnapshot>) -> &[AdminSession] {
    d.as_ref().map_or(&[], |d| &d.sessions)
}

fn bans(d: &Option<AdminSnapshot>) -> &[AdminBan] {
    d.as_ref().map_or(&[], |d| &d.bans)
}

/// Upcoming or running.
fn open(t: &TournamentInfo) -> bool {
    matches!(
        t.status,
        TournamentStatus::Upcoming | TournamentStatus::Running
    )
}

/// The tournaments as the screen lists them: upcoming and running first (in the lobby's
/// order: running, upcoming by start), then finished and cancelled ones.
fn tournaments(l: &LobbySnapshot) -> Vec<&TournamentInfo> {
    let mut v: Vec<&TournamentInfo> = l.tournaments.iter().collect();
    v.sort_by_key(|t| !open(t));
    v
}

/// `#4 "Spring cup"`, for dialogs and messages.
fn tour_name(t: &TournamentInfo) -> String {
    format!("#{} \"{}\"", t.id, clean_line(&t.terms.name, 60))
}

/// Where a session is, in words.
pub(crate) fn where_text(s: PlayerStatus) -> String {
    match s {
        PlayerStatus::Idle => "lobby".into(),
        PlayerStatus::Seeking => "lobby, seeking".into(),
        PlayerStatus::Playing(id) => format!("playing #{id}"),
        PlayerStatus::Watching(id) => format!("watching #{id}"),
        PlayerStatus::LeftGame(id) => format!("lobby, left #{id}"),
    }
}

impl AdminUi {
    pub fn session_index(&self) -> Option<usize> {
        let id = self.session?;
        sessions(&self.data).iter().position(|s| s.session == id)
    }

    pub fn ban_index(&self) -> Option<usize> {
        let (k, v) = self.ban.as_ref()?;
        bans(&self.data)
            .iter()
            .position(|b| b.kind == *k && &b.value == v)
    }

    fn selected_session(&self) -> Option<&AdminSession> {
        self.session_index().map(|i| &sessions(&self.data)[i])
    }

    fn selected_ban(&self) -> Option<&AdminBan> {
        self.ban_index().map(|i| &bans(&self.data)[i])
    }

    /// The selected tournament's row in [`tournaments`].
    pub fn tournament_index(&self, l: &LobbySnapshot) -> Option<usize> {
        let list = tournaments(l);
        match self.tournament {
            None => (!list.is_empty()).then_some(0),
            Some(id) => list.iter().position(|t| t.id == id),
        }
    }

    /// The selected tournament, or why there is none (`then`: the key's words).
    // Kept a String error: the reason is the notice the admin reads.
    fn selected_tournament<'a>(
        &self,
        l: &'a LobbySnapshot,
        then: &str,
    ) -> Result<&'a TournamentInfo, String> {
        match self.tournament_index(l) {
            Some(i) => Ok(tournaments(l)[i]),
            None if self.tournament.is_some() => {
                Err("The tournament you chose is no longer listed: pick another".into())
            }
            None => Err(format!(
                "No tournament is listed: N creates one (then {then})"
            )),
        }
    }

    /// A fresh snapshot: selections that vanished move to the first row.
    pub fn receive(&mut self, snap: AdminSnapshot) {
        self.data = Some(snap);
        if self.session_index().is_none() {
            self.session = sessions(&self.data).first().map(|s| s.session);
        }
        if self.ban_index().is_none() {
            self.ban = bans(&self.data).first().map(|b| (b.kind, b.value.clone()));
        }
    }

    fn select(&mut self, l: &LobbySnapshot, focus: Focus, i: usize) {
        match focus {
            Focus::Sessions => {
                if let Some(s) = sessions(&self.data).get(i) {
                    self.session = Some(s.session);
                }
            }
            Focus::Bans => {
                if let Some(b) = bans(&self.data).get(i) {
                    self.ban = Some((b.kind, b.value.clone()));
                }
            }
            Focus::Tournaments => {
                if let Some(t) = tournaments(l).get(i) {
                    self.tournament = Some(t.id);
                }
            }
        }
    }

    fn len(&self, l: &LobbySnapshot, focus: Focus) -> usize {
        match focus {
            Focus::Sessions => sessions(&self.data).len(),
            Focus::Bans => bans(&self.data).len(),
            Focus::Tournaments => l.tournaments.len(),
        }
    }

    fn index(&self, l: &LobbySnapshot, focus: Focus) -> Option<usize> {
        match focus {
            Focus::Sessions => self.session_index(),
            Focus::Bans => self.ban_index(),
            Focus::Tournaments => self.tournament_index(l),
        }
    }

    fn move_sel(&mut self, l: &LobbySnapshot, d: i64) {
        let n = self.len(l, self.focus);
        if n == 0 {
            return;
        }
        let i = match self.index(l, self.focus) {
            None => 0,
            Some(i) => (i as i64 + d).clamp(0, n as i64 - 1) as usize,
        };
        self.select(l, self.focus, i);
    }

    /// The list `d` places on from the one focused, round the three.
    fn cycle_focus(&mut self, d: usize) {
        let at = FOCI.iter().position(|f| *f == self.focus).unwrap_or(0);
        self.focus = FOCI[(at + d) % FOCI.len()];
    }

    pub fn paste(&mut self, s: &str) {
        match &mut self.dialog {
            Some(Dialog::Kick { reason, .. }) | Some(Dialog::Ban { reason, .. }) => {
                reason.insert(s)
            }
            Some(Dialog::Broadcast { text, .. }) => text.insert(s),
            Some(Dialog::Tournament(f)) => f.paste(s),
            _ => {}
        }
    }

    /// The times shown now that follow the wall clock (countdowns, a form's start): see
    /// `App::set_unix_time`.
    pub fn times_shown(&self, l: &LobbySnapshot, now: u64) -> String {
        let mut s: String = l.tournaments.iter().map(|t| when_col(t, now)).collect();
        if let Some(Dialog::Tournament(f)) = &self.dialog {
            s.push_str(&f.start_words(now));
        }
        s
    }

    fn failed(&mut self, text: &str) -> Vec<Act> {
        self.result = Some(AdminResult {
            text: text.into(),
            ok: false,
        });
        vec![]
    }

    /// A key; `l`: the lobby's snapshot (the tournaments), `now`: the wall clock (Unix
    /// seconds, for a new start time), `page`: the rows a page key moves.
    pub fn key(
        &mut self,
        k: Key,
        me: &Identity,
        l: &LobbySnapshot,
        now: u64,
        page: usize,
    ) -> Vec<Act> {
        if let Some(d) = self.dialog.take() {
            return self.dialog_key(d, k, now);
        }
        let Some(a) = keymap::action(KEYS, k, &self.focus) else {
            return vec![];
        };
        match a {
            Do::Close => return vec![Act::CloseAdmin],
            Do::Next => self.cycle_focus(1),
            Do::Prev => self.cycle_focus(FOCI.len() - 1),
            Do::Move => self.move_sel(
                l,
                match k.code {
                    KeyCode::Up | KeyCode::Char('k') => -1,
                    KeyCode::Down | KeyCode::Char('j') => 1,
                    KeyCode::PageUp => -(page.max(1) as i64),
                    KeyCode::PageDown => page.max(1) as i64,
                    KeyCode::Home => -1_000_000,
                    _ => 1_000_000,
                },
            ),
            Do::Refresh => return vec![Act::Fx(Effect::Admin(AdminCmd::Refresh))],
            Do::Kick => return self.open_kick(me),
            Do::Ban => return self.open_ban(me),
            Do::Unban => return self.open_unban(),
            Do::Broadcast => {
                self.dialog = Some(Dialog::Broadcast {
                    text: LineInput::new(BROADCAST_MAX),
                    empty: false,
                });
            }
            Do::Start => return self.open_start(l),
            Do::Cancel => return self.open_cancel(l),
            Do::Edit => return self.open_edit(l),
            Do::New => {
                self.dialog = Some(Dialog::Tournament(Box::new(TourForm::create(&me.nick))));
            }
            Do::Settings => return vec![Act::Open(Overlay::Settings { row: 0 })],
            Do::Help => return vec![Act::Open(Overlay::Help)],
        }
        vec![]
    }

    /// The keys of the admin screen, or of its dialog.
    pub fn keys(&self) -> Box<dyn Described> {
        match &self.dialog {
            None => Box::new(With(KEYS, self.focus)),
            Some(Dialog::Kick { .. }) => keymap::plain(KICK),
            Some(Dialog::Ban { .. }) => keymap::plain(BAN),
            Some(Dialog::Unban { .. }) => keymap::plain(UNBAN),
            Some(Dialog::Broadcast { .. }) => keymap::plain(BROADCAST),
            Some(Dialog::Start { .. } | Dialog::Cancel { .. }) => keymap::plain(YES_NO),
            Some(Dialog::Tournament(f)) => Box::new(With(FORM, f.cx())),
        }
    }

    fn target_session(&mut self, me: &Identity, what: &str) -> Result<AdminSession, Vec<Act>> {
        let Some(s) = self.selected_session().cloned() else {
            return Err(self.failed(&format!("Select a session in the list first, then {what}")));
        };
        if s.nick.eq_ignore_ascii_case(&me.nick) {
            return Err(self.failed("That is you: an admin cannot kick or ban themselves here"));
        }
        Ok(s)
    }

    fn open_kick(&mut self, me: &Identity) -> Vec<Act> {
        match self.target_session(me, "K kicks it") {
            Ok(s) => {
                self.focus = Focus::Sessions;
                self.dialog = Some(Dialog::Kick {
                    nick: s.nick,
                    reason: LineInput::new(REASON_MAX),
                });
                vec![]
            }
            Err(acts) => acts,
        }
    }

    fn open_ban(&mut self, me: &Identity) -> Vec<Act> {
        match self.target_session(me, "B bans it") {
            Ok(s) => {
                let mut targets = vec![(BanKind::Nick, s.nick.clone())];
                if let Some(k) = &s.key {
                    targets.push((BanKind::Key, k.clone()));
                }
                if let Some(a) = s.addr {
                    // A guest gets a new name each visit: its address is what holds.
                    let at = if s.guest { 0 } else { targets.len() };
                    targets.insert(at, (BanKind::Addr, a.to_string()));
                }
                self.focus = Focus::Sessions;
                self.dialog = Some(Dialog::Ban {
                    nick: s.nick,
                    targets,
                    choice: 0,
                    reason: LineInput::new(REASON_MAX),
                });
                vec![]
            }
            Err(acts) => acts,
        }
    }

    fn open_unban(&mut self) -> Vec<Act> {
        match self.selected_ban().cloned() {
            Some(b) => {
                self.focus = Focus::Bans;
                self.dialog = Some(Dialog::Unban {
                    kind: b.kind,
                    value: b.value,
                });
                vec![]
            }
            None => self.failed("No ban selected: Tab to the bans list, pick one, then U"),
        }
    }

    /// The selected tournament for S, X or E (the list focused), or the reason on the
    /// result line.
    fn target_tournament<'a>(
        &mut self,
        l: &'a LobbySnapshot,
        then: &str,
    ) -> Result<&'a TournamentInfo, Vec<Act>> {
        match self.selected_tournament(l, then) {
            Ok(t) => {
                self.focus = Focus::Tournaments;
                Ok(t)
            }
            Err(why) => Err(self.failed(&why)),
        }
    }

    fn open_start(&mut self, l: &LobbySnapshot) -> Vec<Act> {
        let t = match self.target_tournament(l, "S starts it") {
            Ok(t) => t,
            Err(acts) => return acts,
        };
        if t.status != TournamentStatus::Upcoming {
            let why = format!(
                "Tournament {} is {}: only an upcoming one can be started",
                tour_name(t),
                t.status.word()
            );
            return self.failed(&why);
        }
        self.dialog = Some(Dialog::Start {
            id: t.id,
            name: clean_line(&t.terms.name, 60),
        });
        vec![]
    }

    fn open_cancel(&mut self, l: &LobbySnapshot) -> Vec<Act> {
        let t = match self.target_tournament(l, "X cancels it") {
            Ok(t) => t,
            Err(acts) => return acts,
        };
        if !open(t) {
            let why = format!("Tournament {} is {} already", tour_name(t), t.status.word());
            return self.failed(&why);
        }
        self.dialog = Some(Dialog::Cancel {
            id: t.id,
            name: clean_line(&t.terms.name, 60),
            status: t.status,
        });
        vec![]
    }

    fn open_edit(&mut self, l: &LobbySnapshot) -> Vec<Act> {
        let t = match self.target_tournament(l, "E edits it") {
            Ok(t) => t,
            Err(acts) => return acts,
        };
        let why = match t.status {
            TournamentStatus::Upcoming => {
                self.dialog = Some(Dialog::Tournament(Box::new(TourForm::edit(t))));
                return vec![];
            }
            TournamentStatus::Running => "has started",
            TournamentStatus::Finished => "is finished",
            TournamentStatus::Cancelled => "was cancelled",
        };
        let why = format!(
            "Tournament {} {why}: it can no longer be edited",
            tour_name(t)
        );
        self.failed(&why)
    }

    /// A key in a dialog: the dialog stays open unless it is done or cancelled.
    fn dialog_key(&mut self, d: Dialog, k: Key, now: u64) -> Vec<Act> {
        let (open, cmd) = match d {
            Dialog::Kick { nick, reason } => kick_key(nick, reason, k),
            Dialog::Ban {
                nick,
                targets,
                choice,
                reason,
            } => ban_key(nick, targets, choice, reason, k),
            Dialog::Unban { kind, value } => match keymap::action(UNBAN, k, &Always) {
                Some(true) => (None, Some(AdminCmd::Unban { kind, value })),
                Some(false) => (None, None),
                None => (Some(Dialog::Unban { kind, value }), None),
            },
            Dialog::Broadcast { text, .. } => broadcast_key(text, k),
            Dialog::Start { id, name } => match keymap::action(YES_NO, k, &Always) {
                Some(true) => (None, Some(order(TournamentOrder::Start { id, by: None }))),
                Some(false) => (None, None),
                None => (Some(Dialog::Start { id, name }), None),
            },
            Dialog::Cancel { id, name, status } => match keymap::action(YES_NO, k, &Always) {
                Some(true) => (None, Some(order(TournamentOrder::Cancel { id, by: None }))),
                Some(false) => (None, None),
                None => (Some(Dialog::Cancel { id, name, status }), None),
            },
            Dialog::Tournament(f) => form_key(f, k, now),
        };
        self.dialog = open;
        cmd.map(|c| Act::Fx(Effect::Admin(c))).into_iter().collect()
    }

    pub fn mouse(&mut self, m: Mouse, l: &LobbySnapshot, w: u16, h: u16) -> Vec<Act> {
        if self.dialog.is_some() {
            return vec![];
        }
        let lay = self.layout(w, h);
        let pos = (m.column, m.row).into();
        let lists = [
            (Focus::Sessions, lay.sessions),
            (Focus::Bans, lay.bans),
            (Focus::Tournaments, lay.tournaments),
        ];
        for (focus, r) in lists {
            if !r.contains(pos) {
                continue;
            }
            self.focus = focus;
            match m.kind {
                MouseKind::ScrollUp => self.move_sel(l, -1),
                MouseKind::ScrollDown => self.move_sel(l, 1),
                MouseKind::Down(MouseButton::Left) => {
                    let rows = list_rows(r);
                    if rows.contains(pos) {
                        let n = self.len(l, focus);
                        let off = scroll_offset(self.index(l, focus), n, rows.height as usize);
                        let i = off + (m.row - rows.y) as usize;
                        if i < n {
                            self.select(l, focus, i);
                        }
                    }
                }
                _ => {}
            }
        }
        vec![]
    }
}

/// What a dialog does with a key: the dialog if it stays open, the command if one is sent.
type DialogStep = (Option<Dialog>, Option<AdminCmd>);

fn order(o: TournamentOrder) -> AdminCmd {
    AdminCmd::Tournament(o)
}

fn kick_key(nick: String, mut reason: LineInput, k: Key) -> DialogStep {
    if keymap::find(KICK, k, &Always).is_none() {
        return (Some(Dialog::Kick { nick, reason }), None);
    }
    match reason.key(k) {
        InputResult::Editing => (Some(Dialog::Kick { nick, reason }), None),
        InputResult::Cancel => (None, None),
        InputResult::Submit(r) => {
            let reason = r.trim().to_string();
            (None, Some(AdminCmd::Kick { nick, reason }))
        }
    }
}

fn ban_key(
    nick: String,
    targets: Vec<(BanKind, String)>,
    mut choice: usize,
    mut reason: LineInput,
    k: Key,
) -> DialogStep {
    let n = targets.len().max(1);
    match keymap::action(BAN, k, &Always) {
        Some(BanKey::Prev) => choice = (choice + n - 1) % n,
        Some(BanKey::Next) => choice = (choice + 1) % n,
        Some(BanKey::Line) => match reason.key(k) {
            InputResult::Editing => {}
            InputResult::Cancel => return (None, None),
            InputResult::Submit(r) => {
                let (kind, value) = targets[choice.min(n - 1)].clone();
                let reason = r.trim().to_string();
                return (
                    None,
                    Some(AdminCmd::Ban {
                        kind,
                        value,
                        reason,
                    }),
                );
            }
        },
        None => {}
    }
    let open = Dialog::Ban {
        nick,
        targets,
        choice,
        reason,
    };
    (Some(open), None)
}

fn broadcast_key(mut text: LineInput, k: Key) -> DialogStep {
    if keymap::find(BROADCAST, k, &Always).is_none() {
        return (Some(Dialog::Broadcast { text, empty: false }), None);
    }
    match text.key(k) {
        InputResult::Editing => (Some(Dialog::Broadcast { text, empty: false }), None),
        InputResult::Cancel => (None, None),
        InputResult::Submit(s) if s.trim().is_empty() => {
            (Some(Dialog::Broadcast { text, empty: true }), None)
        }
        InputResult::Submit(s) => (None, Some(AdminCmd::Broadcast(s.trim().to_string()))),
    }
}

/// Header, result line, sessions panel, bans panel, tournaments panel, footer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AdminLayout {
    pub header: Rect,
    pub result: Rect,
    pub sessions: Rect,
    pub bans: Rect,
    pub tournaments: Rect,
    pub footer: Rect,
}

/// `foot`: the footer's rows (see `widgets::footer_rows`). The sessions get two fifths of
/// the body, the bans and the tournaments half the rest each.
pub(crate) fn admin_layout(w: u16, h: u16, foot: u16) -> AdminLayout {
    let cw = w.min(140);
    let left = (w - cw) / 2;
    let body = h.saturating_sub(2 + foot);
    let sessions_h = (body * 2 / 5).max(5).min(body);
    let bans_h = (body - sessions_h) / 2;
    let tours_h = body - sessions_h - bans_h;
    AdminLayout {
        header: Rect::new(left, 0, cw, 1),
        result: Rect::new(left, 1, cw, 1),
        sessions: Rect::new(left, 2, cw, sessions_h),
        bans: Rect::new(left, 2 + sessions_h, cw, bans_h),
        tournaments: Rect::new(left, 2 + sessions_h + bans_h, cw, tours_h),
        footer: Rect::new(0, h.saturating_sub(foot), w, foot.min(h)),
    }
}

/// The rows of a list panel: inside the border, under the column titles.
fn list_rows(r: Rect) -> Rect {
    let i = inner(r);
    Rect::new(i.x, i.y + 1, i.width, i.height.saturating_sub(1))
}

impl AdminUi {
    /// The screen's layout, with a footer of two rows when its hints need them.
    fn layout(&self, w: u16, h: u16) -> AdminLayout {
        admin_layout(w, h, footer_rows(&self.keys().footer(), w))
    }

    /// Rows a page key moves in the list focused.
    pub(crate) fn page_rows(&self, w: u16, h: u16) -> usize {
        let lay = self.layout(w, h);
        let r = match self.focus {
            Focus::Sessions => lay.sessions,
            Focus::Bans => lay.bans,
            Focus::Tournaments => lay.tournaments,
        };
        list_rows(r).height as usize
    }
}

/// `1 ban`, `2 bans`.
fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn who(s: &AdminSession) -> &'static str {
    if s.guest {
        "guest"
    } else {
        "key"
    }
}

/// `l`: the lobby's snapshot (the tournaments); `now`: the wall clock, Unix seconds.
#[allow(clippy::too_many_arguments)]
pub(crate) fn render(
    buf: &mut Buffer,
    ui: &AdminUi,
    me: &Identity,
    l: &LobbySnapshot,
    t: &Theme,
    now: u64,
    w: u16,
    h: u16,
) {
    let lay = ui.layout(w, h);
    render_header(buf, ui, l, &lay, t);
    render_sessions(buf, ui, me, lay.sessions, t);
    render_bans(buf, ui, lay.bans, t);
    render_tournaments(buf, ui, l, now, lay.tournaments, t);
    footer(buf, lay.footer, &ui.keys().footer(), t);
    if let Some(d) = &ui.dialog {
        render_dialog(buf, Rect::new(0, 0, w, h), d, now, t);
    }
}

/// The header and the last action's answer under it.
fn render_header(buf: &mut Buffer, ui: &AdminUi, l: &LobbySnapshot, lay: &AdminLayout, t: &Theme) {
    let counts = match &ui.data {
        Some(d) => format!(
            "{} online, {}, {}",
            count(d.sessions.len(), "session"),
            count(d.bans.len(), "ban"),
            count(l.tournaments.len(), "tournament")
        ),
        None => "loading...".into(),
    };
    let header = Line::from(vec![
        Span::styled("stratego-ssh", t.accent()),
        Span::raw(t.g.sep.to_string()),
        Span::styled("Admin", t.title()),
        Span::raw(t.g.sep.to_string()),
        Span::styled(counts, t.dim()),
    ]);
    put_line(buf, lay.header.x, lay.header.y, &header, lay.header.width);
    if let Some(r) = &ui.result {
        let (mark, st) = if r.ok {
            (t.g.check, t.good())
        } else {
            ("!", t.error())
        };
        put(
            buf,
            lay.result.x + 1,
            lay.result.y,
            &format!("{mark} {}", clean_line(&r.text, 300)),
            lay.result.width.saturating_sub(1),
            st,
        );
    }
}

/// What an empty list says: nothing there, or nothing came yet.
fn empty_text(ui: &AdminUi, none: &'static str) -> &'static str {
    if ui.data.is_some() {
        none
    } else {
        "loading..."
    }
}

const NICK_W: usize = 18;
const ADDR_W: usize = 22;
const WHERE_W: usize = 15;

fn render_sessions(buf: &mut Buffer, ui: &AdminUi, me: &Identity, area: Rect, t: &Theme) {
    let list = sessions(&ui.data);
    let focused = ui.focus == Focus::Sessions;
    let title = format!("Sessions online ({})", list.len());
    let inn = panel(buf, area, &title, focused, t);
    let head = format!(
        "  {} {} {} {} key",
        pad("nick", NICK_W),
        pad("id", 5),
        pad("address", ADDR_W),
        pad("where", WHERE_W)
    );
    put(buf, inn.x, inn.y, &head, inn.width, t.dim());
    let rows_area = list_rows(area);
    let width = usize::from(rows_area.width);
    let rows = list.iter().map(|s| session_row(s, me, width, t)).collect();
    let empty = empty_text(ui, "nobody online");
    draw_list(buf, rows_area, rows, ui.session_index(), focused, empty, t);
}

/// One session in a row of `width` cells (the key cut with a mark where it does not fit).
fn session_row(s: &AdminSession, me: &Identity, width: usize, t: &Theme) -> Line<'static> {
    let nick = clean_line(&s.nick, 40);
    let mine = nick.eq_ignore_ascii_case(&me.nick);
    let marked = format!("{nick} (you)");
    let (shown, style) = if mine && marked.chars().count() <= NICK_W {
        (marked, t.accent())
    } else if mine {
        (trunc(&nick, NICK_W), t.accent())
    } else {
        (trunc(&nick, NICK_W), Style::new())
    };
    let addr = s.addr.map_or("-".to_string(), |a| a.to_string());
    let room = width.saturating_sub(2 + NICK_W + 1 + 5 + 1 + ADDR_W + 1 + WHERE_W + 1);
    let key = s
        .key
        .as_deref()
        .map_or(String::new(), |k| trunc(&clean_line(k, 80), room));
    Line::from(vec![
        Span::raw(format!("{} ", t.g.bullet)),
        Span::styled(pad(&shown, NICK_W), style),
        Span::raw(format!(
            " {} {} {} ",
            pad(who(s), 5),
            pad(&addr, ADDR_W),
            pad(&where_text(s.status), WHERE_W)
        )),
        Span::styled(key, t.dim()),
    ])
}

const VALUE_W: usize = 24;
const BY_W: usize = 14;
const WHEN_W: usize = 16;

fn render_bans(buf: &mut Buffer, ui: &AdminUi, area: Rect, t: &Theme) {
    let list = bans(&ui.data);
    let focused = ui.focus == Focus::Bans;
    let inn = panel(buf, area, &format!("Bans ({})", list.len()), focused, t);
    let reason_w = (inn.width as usize)
        .saturating_sub(5 + 1 + VALUE_W + 1 + 1 + BY_W + 1 + WHEN_W)
        .max(8);
    let head = format!(
        "{} {} {} {} {}",
        pad("what", 5),
        pad("value", VALUE_W),
        pad("reason", reason_w),
        pad("by", BY_W),
        "when (UTC)"
    );
    put(buf, inn.x, inn.y, &head, inn.width, t.dim());
    let rows = list.iter().map(|b| ban_row(b, reason_w, t)).collect();
    let empty = empty_text(ui, "no bans");
    draw_list(
        buf,
        list_rows(area),
        rows,
        ui.ban_index(),
        focused,
        empty,
        t,
    );
}

fn ban_row(b: &AdminBan, reason_w: usize, t: &Theme) -> Line<'static> {
    Line::from(vec![
        Span::styled(pad(b.kind.word(), 5), t.accent()),
        Span::raw(format!(
            " {} {} ",
            pad(&clean_line(&b.value, 80), VALUE_W),
            pad(&clean_line(&b.reason, 200), reason_w)
        )),
        Span::styled(
            format!(
                "{} {}",
                pad(&clean_line(&b.by, 80), BY_W),
                super::utc_datetime(b.at)
            ),
            t.dim(),
        ),
    ])
}

const ID_W: usize = 5;
const STATUS_W: usize = 9;
const FORMAT_W: usize = 10;
const WHEN_COL_W: usize = 21;
const ENTRANTS_W: usize = 8;

/// The when column: an upcoming (or ended) one's start, UTC; a running Swiss's round; a
/// running arena's time left (its end, UTC, while the wall clock is not known).
fn when_col(t: &TournamentInfo, now: u64) -> String {
    match (t.status, t.terms.format, t.ends_at) {
        (TournamentStatus::Running, Format::Swiss { rounds }, _) => {
            format!("round {}/{rounds}", t.round)
        }
        (TournamentStatus::Running, Format::Arena { .. }, Some(end)) if now == 0 => {
            format!("ends {}", utc_datetime(end))
        }
        (TournamentStatus::Running, Format::Arena { .. }, Some(end)) if end <= now => {
            "ending".into()
        }
        (TournamentStatus::Running, Format::Arena { .. }, Some(end)) => {
            format!("ends in {}", countdown(end - now))
        }
        (TournamentStatus::Running, Format::Arena { .. }, None) => "running".into(),
        _ => utc_datetime(t.terms.starts_at),
    }
}

fn render_tournaments(
    buf: &mut Buffer,
    ui: &AdminUi,
    l: &LobbySnapshot,
    now: u64,
    area: Rect,
    t: &Theme,
) {
    let list = tournaments(l);
    let focused = ui.focus == Focus::Tournaments;
    let inn = panel(
        buf,
        area,
        &format!("Tournaments ({})", list.len()),
        focused,
        t,
    );
    let fixed = ID_W + 1 + 1 + STATUS_W + 1 + FORMAT_W + 1 + WHEN_COL_W + 1 + ENTRANTS_W;
    let name_w = (inn.width as usize).saturating_sub(fixed).max(8);
    let head = format!(
        "{} {} {} {} {} {:>ENTRANTS_W$}",
        pad("id", ID_W),
        pad("name", name_w),
        pad("status", STATUS_W),
        pad("format", FORMAT_W),
        pad("when (UTC)", WHEN_COL_W),
        "entrants"
    );
    put(buf, inn.x, inn.y, &head, inn.width, t.dim());
    let rows = list
        .iter()
        .map(|tour| tournament_row(tour, name_w, now, t))
        .collect();
    let empty = "no tournaments: N creates one";
    let selected = ui.tournament_index(l);
    draw_list(buf, list_rows(area), rows, selected, focused, empty, t);
}

/// `#2    Spring cup   upcoming  Swiss 5r   2024-05-01 12:30         12`.
fn tournament_row(tour: &TournamentInfo, name_w: usize, now: u64, t: &Theme) -> Line<'static> {
    let ended = !open(tour);
    let base = if ended { t.dim() } else { Style::new() };
    let entrants = tour.standings.iter().filter(|s| !s.withdrawn).count();
    Line::from(vec![
        Span::styled(pad(&format!("#{}", tour.id), ID_W), t.accent()),
        Span::styled(
            format!(" {} ", pad(&clean_line(&tour.terms.name, 80), name_w)),
            base,
        ),
        Span::styled(pad(tour.status.word(), STATUS_W), when_style(tour, t)),
        Span::styled(
            format!(
                " {} {} {entrants:>ENTRANTS_W$}",
                pad(&kind_text(tour.terms.format), FORMAT_W),
                pad(&when_col(tour, now), WHEN_COL_W)
            ),
            base,
        ),
    ])
}

fn render_dialog(buf: &mut Buffer, screen: Rect, d: &Dialog, now: u64, t: &Theme) {
    match d {
        Dialog::Kick { nick, reason } => render_kick(buf, screen, nick, reason, t),
        Dialog::Ban {
            nick,
            targets,
            choice,
            reason,
        } => render_ban(buf, screen, nick, (targets, *choice), reason, t),
        Dialog::Unban { kind, value } => render_confirm(
            buf,
            screen,
            "Unban",
            &format!("Lift the ban on {} {}?", kind.word(), value),
            &keymap::footer(UNBAN, &Always),
            t,
        ),
        Dialog::Broadcast { text, empty } => render_broadcast(buf, screen, text, *empty, t),
        Dialog::Start { id, name } => render_confirm(
            buf,
            screen,
            "Start tournament",
            &format!("Start #{id} \"{name}\" now?"),
            &keymap::footer(YES_NO, &Always),
            t,
        ),
        Dialog::Cancel { id, name, status } => render_confirm(
            buf,
            screen,
            "Cancel tournament",
            &format!("Cancel #{id} \"{name}\" ({})?", status.word()),
            &keymap::footer(YES_NO, &Always),
            t,
        ),
        Dialog::Tournament(f) => f.render(buf, screen, now, t),
    }
}

/// A dialog's keys on its last row.
fn dialog_hints(buf: &mut Buffer, inn: Rect, pairs: &[(&str, &str)], t: &Theme) {
    let y = inn.bottom().saturating_sub(1);
    put_line(
        buf,
        inn.x + 1,
        y,
        &key_hints(pairs, t),
        inn.width.saturating_sub(1),
    );
}

/// A line of text in a dialog, one cell in from its left edge.
fn dialog_line(buf: &mut Buffer, inn: Rect, dy: u16, text: &str, style: Style) {
    put(
        buf,
        inn.x + 1,
        inn.y + dy,
        text,
        inn.width.saturating_sub(1),
        style,
    );
}

fn render_kick(buf: &mut Buffer, screen: Rect, nick: &str, reason: &LineInput, t: &Theme) {
    let inn = dialog(buf, screen, 64, 8, &format!("Kick {nick}"), t);
    let what = format!("Disconnect every session of {nick}.");
    dialog_line(buf, inn, 0, &what, Style::new());
    reason.render(
        buf,
        inn.x + 1,
        inn.y + 2,
        inn.width.saturating_sub(2),
        "reason: ",
        t,
    );
    let note = "(empty: \"kicked by an admin\"; they are shown it)";
    dialog_line(buf, inn, 3, note, t.dim());
    dialog_hints(buf, inn, &keymap::footer(KICK, &Always), t);
}

fn render_ban(
    buf: &mut Buffer,
    screen: Rect,
    nick: &str,
    (targets, choice): (&[(BanKind, String)], usize),
    reason: &LineInput,
    t: &Theme,
) {
    let inn = dialog(buf, screen, 72, 9, &format!("Ban {nick}"), t);
    let (kind, value) = &targets[choice.min(targets.len().saturating_sub(1))];
    let line = Line::from(vec![
        Span::raw("ban by: "),
        Span::styled(format!("< {} {} >", kind.word(), value), t.row_focus()),
    ]);
    put_line(buf, inn.x + 1, inn.y, &line, inn.width.saturating_sub(1));
    let others: Vec<&str> = targets
        .iter()
        .map(|(k, _)| k.word())
        .filter(|w| *w != kind.word())
        .collect();
    if !others.is_empty() {
        let text = format!("(Left/Right: {})", others.join(", "));
        put(
            buf,
            inn.x + 9,
            inn.y + 1,
            &text,
            inn.width.saturating_sub(9),
            t.dim(),
        );
    }
    reason.render(
        buf,
        inn.x + 1,
        inn.y + 3,
        inn.width.saturating_sub(2),
        "reason: ",
        t,
    );
    let note = "Stored at once; matching sessions are disconnected with the reason.";
    dialog_line(buf, inn, 4, note, t.dim());
    dialog_hints(buf, inn, &keymap::footer(BAN, &Always), t);
}

fn render_broadcast(buf: &mut Buffer, screen: Rect, text: &LineInput, empty: bool, t: &Theme) {
    let inn = dialog(buf, screen, 72, 7, "Broadcast", t);
    dialog_line(
        buf,
        inn,
        0,
        "A notice to every session online:",
        Style::new(),
    );
    text.render(
        buf,
        inn.x + 1,
        inn.y + 1,
        inn.width.saturating_sub(2),
        "say: ",
        t,
    );
    if empty {
        dialog_line(buf, inn, 2, "Type a message first", t.error());
    }
    dialog_hints(buf, inn, &keymap::footer(BROADCAST, &Always), t);
}

/// What a key of the admin screen does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Do {
    Close,
    /// Tab, Right: the next list; Shift-Tab, Left: the one before (round the three).
    Next,
    Prev,
    /// Up, Down, a page, to the ends (by the key).
    Move,
    Refresh,
    Kick,
    Ban,
    Unban,
    Broadcast,
    /// The selected tournament: start it now, cancel it, edit it.
    Start,
    Cancel,
    Edit,
    /// A new tournament.
    New,
    Settings,
    Help,
}

impl Conditions<Focus> for Focus {
    fn holds(&self, c: Focus) -> bool {
        *self == c
    }
}

/// What a key of the ban dialog does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BanKey {
    Prev,
    Next,
    /// The reason line takes it.
    Line,
}

const TABS: (&str, &str) = ("Tab / Shift-Tab", "the next / previous list");
const SIDES: (&str, &str) = (
    "Left / Right, h / l",
    "the list before / after (sessions, bans, tournaments)",
);
const UNBAN_HELP: (&str, &str) = (
    "U, Enter/Del on a ban",
    "lift the selected ban (asks yes/no)",
);
const S: &[Focus] = &[Focus::Sessions];
const B: &[Focus] = &[Focus::Bans];
const T: &[Focus] = &[Focus::Tournaments];

/// The admin screen's keys. Footer ranks, sessions: K, B, M, Esc, Tab, r, N, ?; bans: U,
/// M, Esc, Tab, K, B, r, N, ?; tournaments: S, X, E, N, Esc, Tab, r, ?.
const KEYS: &[Binding<Do, Focus>] = &[
    on(&[Tab], Do::Next)
        .hints(&[
            hint(4, "Tab", "bans").when(S),
            hint(3, "Tab", "tournaments").when(B),
            hint(5, "Tab", "sessions").when(T),
        ])
        .help(TABS.0, TABS.1),
    on(&[BackTab], Do::Prev).help(TABS.0, TABS.1),
    on(&[Left, ch('h')], Do::Prev).help(SIDES.0, SIDES.1),
    on(&[Right, ch('l')], Do::Next).help(SIDES.0, SIDES.1),
    on(&[Up, ch('k'), Down, ch('j')], Do::Move).help("Up / Down, j / k", "move in the list"),
    on(&[PageUp, PageDown, Home, End], Do::Move)
        .help("PgUp/PgDn, Home/End", "a page up / down, first / last"),
    on(&[ch('K')], Do::Kick)
        .hints(&[hint(0, "K", "kick").when(S), hint(4, "K", "kick").when(B)])
        .help("K", "kick the selected session's nick (asks a reason)"),
    on(&[ch('B')], Do::Ban)
        .hints(&[hint(1, "B", "ban").when(S), hint(5, "B", "ban").when(B)])
        .help("B", "ban its nick, key or address (asks a reason)"),
    on(&[ch('U')], Do::Unban)
        .hints(&[hint(0, "U/Enter", "unban").when(B)])
        .help(UNBAN_HELP.0, UNBAN_HELP.1),
    on(&[Enter, Delete], Do::Unban)
        .when(B)
        .help(UNBAN_HELP.0, UNBAN_HELP.1),
    on(&[ch('M'), ch('m')], Do::Broadcast)
        .hints(&[
            hint(2, "M", "broadcast").when(S),
            hint(1, "M", "broadcast").when(B),
        ])
        .help("M / m", "broadcast a notice to everyone online"),
    on(&[ch('S')], Do::Start)
        .hints(&[hint(0, "S", "start").when(T)])
        .help("S", "start the selected tournament now (asks yes/no)"),
    on(&[ch('X')], Do::Cancel)
        .hints(&[hint(1, "X", "cancel").when(T)])
        .help("X", "cancel the selected tournament (asks yes/no)"),
    on(&[ch('E')], Do::Edit)
        .hints(&[hint(2, "E", "edit").when(T)])
        .help("E", "edit the selected tournament (only while upcoming)"),
    on(&[ch('N')], Do::New)
        .hints(&[
            hint(6, "N", "new tournament").when(S),
            hint(7, "N", "new tournament").when(B),
            hint(3, "N", "new").when(T),
        ])
        .help("N", "a new tournament (a form)"),
    on(&[ch('r')], Do::Refresh)
        .hints(&[
            hint(5, "r", "refresh").when(S),
            hint(6, "r", "refresh").when(B),
            hint(6, "r", "refresh").when(T),
        ])
        .help("r", "refresh now (it refreshes every second)"),
    note("mouse", "click selects"),
    on(&[F(2)], Do::Settings).help("F2", "settings"),
    on(&[Esc, ch('q')], Do::Close)
        .hints(&[
            hint(3, "Esc", "lobby").when(S),
            hint(2, "Esc", "lobby").when(B),
            hint(4, "Esc", "lobby").when(T),
        ])
        .help("Esc / q", "back to the lobby"),
    on(&[ch('?')], Do::Help).hints(&[
        hint(7, "?", "help").when(S),
        hint(8, "?", "help").when(B),
        hint(7, "?", "help").when(T),
    ]),
];

/// The kick dialog's keys.
const KICK: &[Binding<ToLine, Never>] = &[
    on(&[Enter], ToLine).hints(&[hint(0, "Enter", "kick")]),
    on(&[Esc], ToLine).hints(&[hint(1, "Esc", "cancel")]),
    typing(ToLine),
];

/// The ban dialog's keys.
const BAN: &[Binding<BanKey, Never>] = &[
    on(&[Left, BackTab, Up], BanKey::Prev).hints(&[hint(0, "Left/Right", "what to ban")]),
    on(&[Right, Tab, Down], BanKey::Next).hints(&[hint(0, "Left/Right", "what to ban")]),
    on(&[Enter], BanKey::Line).hints(&[hint(1, "Enter", "ban")]),
    on(&[Esc], BanKey::Line).hints(&[hint(2, "Esc", "cancel")]),
    typing(BanKey::Line),
];

/// The unban question's keys; other keys leave it open.
const UNBAN: &[Binding<bool, Never>] = &[
    on(&[ch('y'), ch('Y'), Enter], true).hints(&[hint(0, "y", "yes")]),
    on(&[ch('n'), ch('N'), Esc], false).hints(&[hint(1, "n/Esc", "no")]),
];

/// The broadcast dialog's keys.
const BROADCAST: &[Binding<ToLine, Never>] = &[
    on(&[Enter], ToLine).hints(&[hint(0, "Enter", "send")]),
    on(&[Esc], ToLine).hints(&[hint(1, "Esc", "cancel")]),
    typing(ToLine),
];

/// The start and cancel questions' keys; other keys leave them open.
const YES_NO: &[Binding<bool, Never>] = &[
    on(&[ch('y'), ch('Y'), Enter], true).hints(&[hint(0, "y", "yes")]),
    on(&[ch('n'), ch('N'), Esc], false).hints(&[hint(1, "n/Esc", "no")]),
];

// ---------------------------------------------------------------------------------------
// The tournament form.

/// The clocks offered (an edited tournament's own is added when it is another).
const CLOCKS: [Option<(u32, u32)>; 5] = [
    None,
    Some((3, 2)),
    Some((5, 3)),
    Some((10, 5)),
    Some((15, 10)),
];
/// The starts offered, minutes from now.
const STARTS: [u64; 5] = [0, 5, 10, 30, 60];

/// The fields of the tournament form, top to bottom.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TField {
    Name,
    Format,
    /// Minutes (an arena) or rounds (a Swiss).
    Length,
    Variant,
    Clock,
    Rated,
    Start,
    Entry,
    MinRated,
}

const TFIELDS: [TField; 9] = [
    TField::Name,
    TField::Format,
    TField::Length,
    TField::Variant,
    TField::Clock,
    TField::Rated,
    TField::Start,
    TField::Entry,
    TField::MinRated,
];

/// A new tournament's terms, or an upcoming one's changed. What the form does not show
/// (rule options beyond the variant, an invitation list) stays as in `base`: the
/// defaults for a new one (those of `ssh host admin tournament create`), the tournament's
/// own for an edit.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TourForm {
    /// The tournament edited; `None`: a new one.
    pub edit: Option<TournamentId>,
    /// Who creates it: the admin's nick.
    pub by: String,
    pub base: TournamentTerms,
    pub row: usize,
    pub name: LineInput,
    pub swiss: bool,
    pub minutes: LineInput,
    pub rounds: LineInput,
    pub variant: Variant,
    pub clocks: Vec<Option<ClockSpec>>,
    pub clock: usize,
    pub rated: bool,
    /// Minutes from now; `None`: the start as it is (an edit).
    pub starts: Vec<Option<u64>>,
    pub start: usize,
    pub entries: Vec<EntryRule>,
    pub entry: usize,
    pub min_rated: LineInput,
    pub error: Option<String>,
}

/// The terms `ssh host admin tournament create NAME` gives (its start aside): an arena of
/// 60 minutes, Classic, 5+3, rated, anyone, no rated games needed.
fn default_terms() -> TournamentTerms {
    TournamentTerms {
        name: String::new(),
        format: Format::Arena { minutes: 60 },
        game: GameTerms {
            rules: Rules::standard(Variant::Classic),
            rated: true,
            clock: Some(ClockSpec {
                initial_secs: 300,
                increment_secs: 3,
            }),
        },
        starts_at: 0,
        entry: EntryRule::Anyone,
        min_rated_games: 0,
    }
}

fn number_line(n: u32) -> LineInput {
    LineInput::with_text(&n.to_string(), 4)
}

impl TourForm {
    /// A new tournament by `by`, starting in 10 minutes.
    pub fn create(by: &str) -> TourForm {
        let mut f = TourForm::from_terms(None, by, default_terms());
        f.start = 2;
        f
    }

    /// The upcoming tournament `t` edited; its start stays unless another is chosen.
    pub fn edit(t: &TournamentInfo) -> TourForm {
        TourForm::from_terms(Some(t.id), "", t.terms.clone())
    }

    fn from_terms(edit: Option<TournamentId>, by: &str, base: TournamentTerms) -> TourForm {
        let (swiss, minutes, rounds) = match base.format {
            Format::Arena { minutes } => (false, minutes, 5),
            Format::Swiss { rounds } => (true, 60, rounds),
        };
        let mut clocks: Vec<Option<ClockSpec>> = CLOCKS
            .iter()
            .map(|c| {
                c.map(|(m, i)| ClockSpec {
                    initial_secs: m * 60,
                    increment_secs: i,
                })
            })
            .collect();
        if !clocks.contains(&base.game.clock) {
            clocks.push(base.game.clock);
        }
        let clock = clocks
            .iter()
            .position(|c| *c == base.game.clock)
            .unwrap_or(0);
        let keep = edit.map(|_| None);
        let starts = keep
            .into_iter()
            .chain(STARTS.iter().map(|m| Some(*m)))
            .collect();
        let mut entries = vec![EntryRule::Anyone, EntryRule::KeyHolders];
        if !entries.contains(&base.entry) {
            entries.push(base.entry.clone());
        }
        let entry = entries.iter().position(|e| *e == base.entry).unwrap_or(0);
        TourForm {
            edit,
            by: by.to_string(),
            row: 0,
            name: LineInput::with_text(&clean_line(&base.name, NAME_MAX), NAME_MAX),
            swiss,
            minutes: number_line(minutes),
            rounds: number_line(rounds),
            variant: base.game.rules.variant,
            clocks,
            clock,
            rated: base.game.rated,
            starts,
            start: 0,
            entries,
            entry,
            min_rated: number_line(base.min_rated_games),
            error: None,
            base,
        }
    }

    fn field(&self) -> TField {
        TFIELDS[self.row.min(TFIELDS.len() - 1)]
    }

    /// The field chosen is typed into (name, minutes or rounds, rated games).
    fn typing(&self) -> bool {
        matches!(
            self.field(),
            TField::Name | TField::Length | TField::MinRated
        )
    }

    fn cx(&self) -> FormCx {
        FormCx {
            text: self.typing(),
            edit: self.edit.is_some(),
        }
    }

    /// The line the field chosen types into, and whether it takes digits only.
    fn line(&mut self) -> Option<(&mut LineInput, bool)> {
        match self.field() {
            TField::Name => Some((&mut self.name, false)),
            TField::Length if self.swiss => Some((&mut self.rounds, true)),
            TField::Length => Some((&mut self.minutes, true)),
            TField::MinRated => Some((&mut self.min_rated, true)),
            _ => None,
        }
    }

    fn type_key(&mut self, k: Key) {
        if let Some((line, digits)) = self.line() {
            if digits && matches!(k.code, KeyCode::Char(c) if !c.is_ascii_digit()) {
                return;
            }
            line.key(k);
        }
    }

    pub fn paste(&mut self, s: &str) {
        if let Some((line, digits)) = self.line() {
            let s: String = s
                .chars()
                .filter(|c| !digits || c.is_ascii_digit())
                .collect();
            line.insert(&s);
        }
    }

    /// Left/Right on a choice.
    fn change(&mut self, d: i32) {
        let step = |i: usize, n: usize| ((i as i32 + d).rem_euclid(n as i32)) as usize;
        match self.field() {
            TField::Format => self.swiss = !self.swiss,
            TField::Variant => {
                let at = Variant::ALL.iter().position(|v| *v == self.variant);
                self.variant = Variant::ALL[step(at.unwrap_or(0), Variant::ALL.len())];
            }
            TField::Clock => self.clock = step(self.clock, self.clocks.len()),
            TField::Rated => self.rated = !self.rated,
            TField::Start => self.start = step(self.start, self.starts.len()),
            TField::Entry => self.entry = step(self.entry, self.entries.len()),
            TField::Name | TField::Length | TField::MinRated => {}
        }
    }

    /// The start chosen, Unix seconds (`now`: the wall clock, 0 when not known).
    fn starts_at(&self, now: u64) -> Option<u64> {
        match self.starts[self.start.min(self.starts.len() - 1)] {
            None => Some(self.base.starts_at),
            Some(_) if now == 0 => None,
            Some(m) => Some(now + m * 60),
        }
    }

    /// The start chosen in words: `in 10 minutes (12:40 UTC)`.
    fn start_words(&self, now: u64) -> String {
        let at = |s: u64| utc_datetime(s);
        match self.starts[self.start.min(self.starts.len() - 1)] {
            None => format!("as set: {} UTC", at(self.base.starts_at)),
            Some(0) if now == 0 => "now".into(),
            Some(0) => format!("now ({} UTC)", at(now)),
            Some(m) if now == 0 => format!("in {m} minutes"),
            Some(m) => format!("in {m} minutes ({} UTC)", at(now + m * 60)),
        }
    }

    /// The terms the form holds, or the first thing wrong with them (and its field).
    fn terms(&self, now: u64) -> Result<TournamentTerms, (TField, String)> {
        let name = self.name.text.trim().to_string();
        if name.is_empty() {
            let why = "Give the tournament a name first".to_string();
            return Err((TField::Name, why));
        }
        let num = |l: &LineInput| l.text.trim().parse::<u32>().ok();
        let format = if self.swiss {
            match num(&self.rounds) {
                Some(rounds @ 1..=30) => Format::Swiss { rounds },
                _ => return Err((TField::Length, "A Swiss has 1 to 30 rounds".into())),
            }
        } else {
            match num(&self.minutes) {
                Some(minutes @ 1..=720) => Format::Arena { minutes },
                _ => return Err((TField::Length, "An arena lasts 1 to 720 minutes".into())),
            }
        };
        let min_rated_games = if self.min_rated.text.trim().is_empty() {
            0
        } else {
            num(&self.min_rated).ok_or((
                TField::MinRated,
                "Min rated games: a number (0: anyone may join)".to_string(),
            ))?
        };
        let starts_at = self.starts_at(now).ok_or((
            TField::Start,
            "The time is not known yet: try again in a moment".to_string(),
        ))?;
        // A new one gets the variant's standard rules; an edit keeps its other options.
        let rules = match self.edit {
            None => Rules::standard(self.variant),
            Some(_) => Rules::new(self.variant, self.base.game.rules.options),
        };
        Ok(TournamentTerms {
            name,
            format,
            game: GameTerms {
                rules,
                rated: self.rated,
                clock: self.clocks[self.clock.min(self.clocks.len() - 1)],
            },
            starts_at,
            entry: self.entries[self.entry.min(self.entries.len() - 1)].clone(),
            min_rated_games,
        })
    }

    /// Enter: the order to send, or the form with what is wrong.
    fn submit(&mut self, now: u64) -> Option<TournamentOrder> {
        match self.terms(now) {
            Ok(terms) => Some(match self.edit {
                None => TournamentOrder::Create {
                    terms,
                    by: self.by.clone(),
                },
                Some(id) => TournamentOrder::Edit {
                    id,
                    terms,
                    by: None,
                },
            }),
            Err((field, why)) => {
                self.row = TFIELDS.iter().position(|f| *f == field).unwrap_or(0);
                self.error = Some(why);
                None
            }
        }
    }

    /// A field's label and its value, in words.
    fn value(&self, f: TField, now: u64) -> (&'static str, String) {
        match f {
            TField::Name => ("Name", self.name.text.clone()),
            TField::Format => ("Format", if self.swiss { "Swiss" } else { "Arena" }.into()),
            TField::Length if self.swiss => ("Rounds", self.rounds.text.clone()),
            TField::Length => ("Minutes", self.minutes.text.clone()),
            TField::Variant => ("Variant", self.variant.name().into()),
            TField::Clock => (
                "Clock",
                match self.clocks[self.clock.min(self.clocks.len() - 1)] {
                    Some(c) => clock_words(&c.to_string()),
                    None => "no clock".into(),
                },
            ),
            TField::Rated => (
                "Rated",
                if self.rated {
                    "rated".into()
                } else {
                    "casual: no rating change".into()
                },
            ),
            TField::Start => ("Start", self.start_words(now)),
            TField::Entry => (
                "Who may join",
                self.entries[self.entry.min(self.entries.len() - 1)].describe(),
            ),
            TField::MinRated => ("Min rated games", self.min_rated.text.clone()),
        }
    }

    /// What the field chosen means.
    fn explain(&self, f: TField) -> String {
        match f {
            TField::Name => format!("Shown in every lobby: 1 to {NAME_MAX} characters."),
            TField::Format => "Arena: a fixed time, whoever finishes a game is paired again \
                at once. Swiss: a fixed number of rounds, paired by score."
                .into(),
            TField::Length if self.swiss => "How many rounds: 1 to 30.".into(),
            TField::Length => "How long the arena lasts: 1 to 720 minutes.".into(),
            TField::Variant if self.edit.is_some() => format!(
                "Its other rule options stay as they are: {}.",
                rules_words(&self.base.game.rules.options, self.variant)
            ),
            TField::Variant => "Classic: 40 pieces each; Duel: 10; Barrage: 8. The other \
                rule options are the standard ones."
                .into(),
            TField::Clock => "Each player's time for a game, plus seconds added after each \
                of their moves."
                .into(),
            TField::Rated => "Rated games change the players' ratings; casual ones do not.".into(),
            TField::Start => "When it starts, from now (S on the list starts an upcoming one \
                at once)."
                .into(),
            TField::Entry => "Anyone, or only players who log in with a key. An invitation \
                list is set only from the command line (--entry NICK,NICK)."
                .into(),
            TField::MinRated => "Rated games in the event's variant a player needs to join \
                (0: none)."
                .into(),
        }
    }

    fn render(&self, buf: &mut Buffer, screen: Rect, now: u64, t: &Theme) {
        let title = match self.edit {
            None => "New tournament".to_string(),
            Some(id) => format!("Edit tournament #{id}"),
        };
        // Fields, a blank, the field explained, the error, the note, the keys.
        let n = TFIELDS.len() as u16;
        let h = n + 1 + FORM_EXPLAIN + 1 + 1 + 1 + 2;
        let inn = dialog(buf, screen, 76, h, &title, t);
        let lw = 18u16;
        let row = self.row.min(TFIELDS.len() - 1);
        for (i, f) in TFIELDS.iter().enumerate() {
            let y = inn.y + i as u16;
            if y >= inn.bottom() {
                break;
            }
            let (label, value) = self.value(*f, now);
            let sel = i == row;
            if sel {
                fill(buf, Rect::new(inn.x, y, inn.width, 1), t.row_focus());
            }
            let st = if sel { t.row_focus() } else { Style::new() };
            put(buf, inn.x + 1, y, &pad(label, lw as usize), lw, st);
            let text_field = matches!(f, TField::Name | TField::Length | TField::MinRated);
            let v = match (text_field, sel) {
                (true, true) => format!("{value}_"),
                (true, false) => value,
                (false, _) => format!("< {value} >"),
            };
            let room = inn.width.saturating_sub(lw + 1);
            put(buf, inn.x + 1 + lw, y, &v, room, st);
        }
        let width = inn.width.saturating_sub(2);
        let y = inn.y + n + 1;
        let about = wrap(&self.explain(TFIELDS[row]), width as usize);
        for (k, l) in about.iter().take(FORM_EXPLAIN as usize).enumerate() {
            put(buf, inn.x + 1, y + k as u16, l, width, t.dim());
        }
        let y = y + FORM_EXPLAIN;
        if let Some(e) = &self.error {
            put(buf, inn.x + 1, y, e, width, t.error());
        }
        put(buf, inn.x + 1, y + 1, OTHER_OPTIONS, width, t.dim());
        dialog_hints(buf, inn, &keymap::footer(FORM, &self.cx()), t);
    }
}

/// Rows under the fields that explain the field chosen.
const FORM_EXPLAIN: u16 = 2;
/// The form's last word on what it does not set.
const OTHER_OPTIONS: &str =
    "Other rule options: ssh host admin tournament ... (see tournament help)";

/// A key in the tournament form.
fn form_key(mut f: Box<TourForm>, k: Key, now: u64) -> DialogStep {
    let n = TFIELDS.len();
    let Some(a) = keymap::action(FORM, k, &f.cx()) else {
        return (Some(Dialog::Tournament(f)), None);
    };
    f.error = None;
    match a {
        FormKey::Cancel => return (None, None),
        FormKey::Prev => f.row = (f.row + n - 1) % n,
        FormKey::Next => f.row = (f.row + 1) % n,
        FormKey::Less => f.change(-1),
        FormKey::More => f.change(1),
        FormKey::Line => f.type_key(k),
        FormKey::Submit => {
            if let Some(o) = f.submit(now) {
                return (None, Some(order(o)));
            }
        }
    }
    (Some(Dialog::Tournament(f)), None)
}

/// What a key of the tournament form does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FormKey {
    Cancel,
    Prev,
    Next,
    Submit,
    /// The choice, back or on.
    Less,
    More,
    /// The text or number field takes it.
    Line,
}

/// When a key of the tournament form applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FormIf {
    /// A text or number field is chosen.
    Text,
    Choice,
    New,
    Edit,
}

/// The form's state its keys depend on.
#[derive(Clone, Copy, Debug)]
struct FormCx {
    text: bool,
    edit: bool,
}

impl Conditions<FormIf> for FormCx {
    fn holds(&self, c: FormIf) -> bool {
        match c {
            FormIf::Text => self.text,
            FormIf::Choice => !self.text,
            FormIf::New => !self.edit,
            FormIf::Edit => self.edit,
        }
    }
}

const FIELD: &[Hint<FormIf>] = &[hint(0, "Up/Down", "field")];
const CHANGE: &[Hint<FormIf>] = &[hint(1, "Left/Right", "change")];

/// The tournament form's keys (its hints are its help).
const FORM: &[Binding<FormKey, FormIf>] = &[
    on(&[Esc], FormKey::Cancel).hints(&[hint(3, "Esc", "cancel")]),
    on(&[Up, BackTab], FormKey::Prev).hints(FIELD),
    on(&[Down, Tab], FormKey::Next).hints(FIELD),
    on(&[Enter], FormKey::Submit).hints(&[
        hint(2, "Enter", "create").when(&[FormIf::New]),
        hint(2, "Enter", "save").when(&[FormIf::Edit]),
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

#[cfg(test)]
mod key_tests {
    use super::*;
    use crate::ui::keymap::tests::labels_name_their_keys;

    /// Every key of a binding with a help line is named in the line.
    #[test]
    fn help_labels_name_their_keys() {
        labels_name_their_keys("admin", KEYS);
        labels_name_their_keys("kick", KICK);
        labels_name_their_keys("ban", BAN);
        labels_name_their_keys("unban", UNBAN);
        labels_name_their_keys("broadcast", BROADCAST);
        labels_name_their_keys("yes/no", YES_NO);
        labels_name_their_keys("tournament form", FORM);
    }
}
