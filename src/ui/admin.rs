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
use super::dialog::{key_hints, render_confirm, rules_words};
use super::input::{Key, KeyCode, Mouse, MouseButton, MouseKind};
use super::keymap::{
    self, ch, hint, note, on, typing, Always, Binding, Conditions, Described, Hint, InLang, Never,
    ToLine, With,
};
use super::layout::{inner, scroll_offset};
use super::lobby::draw_list;
use super::theme::Theme;
use super::tournament::{countdown_in, entry_words, kind_words, status_word, when_style};
use super::widgets::{
    dialog, footer, footer_rows, pad, panel, put, put_line, trunc, InputResult, LineInput,
};
use super::widgets::{fill, wrap};
use super::{vocab, Act, Effect, Identity, Overlay};
use crate::i18n::{tr, Lang};
use crate::proto::{
    AdminBan, AdminCmd, AdminResult, AdminSession, AdminSnapshot, BanKind, ClockSpec, EntryRule,
    Format, GameTerms, LobbySnapshot, PlayerStatus, TournamentId, TournamentInfo, TournamentOrder,
    TournamentStatus, TournamentTerms,
};
use crate::rules::{Rules, Variant};
use crate::t;
use crate::text::{clean_line, display_width};
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
    /// The language of the keys' hints and help and of the refusals (the app's).
    pub lang: Lang,
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
            lang: Lang::default(),
        }
    }
}

impl AdminUi {
    /// A new admin screen, its keys and refusals in `lang`.
    pub fn in_lang(lang: Lang) -> AdminUi {
        AdminUi {
            lang,
            ..AdminUi::default()
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
fn tour_name(lang: Lang, t: &TournamentInfo) -> String {
    let name = clean_line(&t.terms.name, 60);
    t!(lang, "admin-tour-name", id = t.id.to_string(), name = name)
}

/// A tournament's status as the refusals' selectors read it.
fn status_key(s: TournamentStatus) -> &'static str {
    match s {
        TournamentStatus::Upcoming => "upcoming",
        TournamentStatus::Running => "running",
        TournamentStatus::Finished => "finished",
        TournamentStatus::Cancelled => "cancelled",
    }
}

/// Where a session is, in words.
pub(crate) fn where_text(lang: Lang, s: PlayerStatus) -> String {
    match s {
        PlayerStatus::Idle => tr(lang, "admin-where-lobby"),
        PlayerStatus::Seeking => tr(lang, "admin-where-seeking"),
        PlayerStatus::Playing(id) => t!(lang, "admin-where-playing", id = id.to_string()),
        PlayerStatus::Watching(id) => t!(lang, "admin-where-watching", id = id.to_string()),
        PlayerStatus::LeftGame(id) => t!(lang, "admin-where-left", id = id.to_string()),
    }
}

/// A kind of ban in words: `nick`, `Schlüssel`, `adres`.
fn ban_word(lang: Lang, k: BanKind) -> String {
    tr(
        lang,
        match k {
            BanKind::Nick => "admin-ban-nick",
            BanKind::Key => "admin-ban-key",
            BanKind::Addr => "admin-ban-addr",
        },
    )
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
            None if self.tournament.is_some() => Err(tr(self.lang, "admin-tournament-gone")),
            None => Err(t!(
                self.lang,
                "admin-no-tournament",
                then = tr(self.lang, then)
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
        let lang = self.lang;
        let mut s: String = l
            .tournaments
            .iter()
            .map(|t| when_col(lang, t, now))
            .collect();
        if let Some(Dialog::Tournament(f)) = &self.dialog {
            s.push_str(&f.start_words(lang, now, false));
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
        let keys = match &self.dialog {
            None => Box::new(With(KEYS, self.focus)),
            Some(Dialog::Kick { .. }) => keymap::plain(KICK),
            Some(Dialog::Ban { .. }) => keymap::plain(BAN),
            Some(Dialog::Unban { .. }) => keymap::plain(UNBAN),
            Some(Dialog::Broadcast { .. }) => keymap::plain(BROADCAST),
            Some(Dialog::Start { .. } | Dialog::Cancel { .. }) => keymap::plain(YES_NO),
            Some(Dialog::Tournament(f)) => Box::new(With(FORM, f.cx())),
        };
        Box::new(InLang(keys, self.lang))
    }

    /// `then`: the message id of what the key does once a session is selected.
    fn target_session(&mut self, me: &Identity, then: &str) -> Result<AdminSession, Vec<Act>> {
        let lang = self.lang;
        let Some(s) = self.selected_session().cloned() else {
            let why = t!(lang, "admin-select-session", then = tr(lang, then));
            return Err(self.failed(&why));
        };
        if s.nick.eq_ignore_ascii_case(&me.nick) {
            return Err(self.failed(&tr(lang, "admin-not-yourself")));
        }
        Ok(s)
    }

    fn open_kick(&mut self, me: &Identity) -> Vec<Act> {
        match self.target_session(me, "admin-then-kick") {
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
        match self.target_session(me, "admin-then-ban") {
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
            None => self.failed(&tr(self.lang, "admin-no-ban")),
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
        let t = match self.target_tournament(l, "admin-then-start") {
            Ok(t) => t,
            Err(acts) => return acts,
        };
        if t.status != TournamentStatus::Upcoming {
            let why = t!(
                self.lang,
                "admin-cannot-start",
                name = tour_name(self.lang, t),
                status = status_key(t.status)
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
        let t = match self.target_tournament(l, "admin-then-cancel") {
            Ok(t) => t,
            Err(acts) => return acts,
        };
        if !open(t) {
            let why = t!(
                self.lang,
                "admin-over-already",
                name = tour_name(self.lang, t),
                status = status_key(t.status)
            );
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
        let t = match self.target_tournament(l, "admin-then-edit") {
            Ok(t) => t,
            Err(acts) => return acts,
        };
        let why = match t.status {
            TournamentStatus::Upcoming => {
                self.dialog = Some(Dialog::Tournament(Box::new(TourForm::edit(t))));
                return vec![];
            }
            TournamentStatus::Running => "admin-edit-started",
            TournamentStatus::Finished => "admin-edit-finished",
            TournamentStatus::Cancelled => "admin-edit-cancelled",
        };
        let why = t!(self.lang, why, name = tour_name(self.lang, t));
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

/// `foot`: the footer's rows (see `widgets::footer_rows`); `result`: the result line's (1,
/// or 2 for a long answer). The sessions get two fifths of the body, the bans and the
/// tournaments half the rest each.
pub(crate) fn admin_layout(w: u16, h: u16, foot: u16, result: u16) -> AdminLayout {
    let cw = w.min(140);
    let left = (w - cw) / 2;
    let top = 1 + result;
    let body = h.saturating_sub(top + foot);
    let sessions_h = (body * 2 / 5).max(5).min(body);
    let bans_h = (body - sessions_h) / 2;
    let tours_h = body - sessions_h - bans_h;
    AdminLayout {
        header: Rect::new(left, 0, cw, 1),
        result: Rect::new(left, 1, cw, result),
        sessions: Rect::new(left, top, cw, sessions_h),
        bans: Rect::new(left, top + sessions_h, cw, bans_h),
        tournaments: Rect::new(left, top + sessions_h + bans_h, cw, tours_h),
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
        let result = match &self.result {
            // A long answer (a refusal in a longer language) wraps to a second row.
            Some(r) => result_lines(r, w.min(140)).len().clamp(1, 2) as u16,
            None => 1,
        };
        admin_layout(w, h, footer_rows(&self.keys().footer(), w), result)
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

fn who(lang: Lang, s: &AdminSession) -> String {
    tr(
        lang,
        if s.guest {
            "admin-who-guest"
        } else {
            "admin-who-key"
        },
    )
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
        Some(d) => t!(
            t.lang,
            "admin-counts",
            sessions = d.sessions.len(),
            bans = d.bans.len(),
            tournaments = l.tournaments.len()
        ),
        None => tr(t.lang, "admin-loading"),
    };
    let mut header = Line::from(vec![
        Span::styled("stratego-ssh", t.accent()),
        Span::raw(t.g.sep.to_string()),
        Span::styled(tr(t.lang, "admin-title"), t.title()),
        Span::raw(t.g.sep.to_string()),
        Span::styled(counts, t.dim()),
    ]);
    if header.width() > usize::from(lay.header.width) {
        // The server's name gives way to the counts.
        header.spans.drain(..2);
    }
    put_line(buf, lay.header.x, lay.header.y, &header, lay.header.width);
    if let Some(r) = &ui.result {
        let (mark, st) = if r.ok {
            (t.g.check, t.good())
        } else {
            ("!", t.error())
        };
        let lines = result_lines(r, lay.result.width);
        for (k, line) in lines
            .iter()
            .take(usize::from(lay.result.height))
            .enumerate()
        {
            let text = match k {
                0 => format!("{mark} {line}"),
                _ => format!("  {line}"),
            };
            put(
                buf,
                lay.result.x + 1,
                lay.result.y + k as u16,
                &text,
                lay.result.width.saturating_sub(1),
                st,
            );
        }
    }
}

/// The last action's answer wrapped for a result line `width` cells wide (its mark and
/// indent aside).
fn result_lines(r: &AdminResult, width: u16) -> Vec<String> {
    wrap(
        &clean_line(&r.text, 300),
        usize::from(width.saturating_sub(3)),
    )
}

/// What an empty list says: nothing there (message `none`), or nothing came yet.
fn empty_text(ui: &AdminUi, none: &str, lang: Lang) -> String {
    if ui.data.is_some() {
        tr(lang, none)
    } else {
        tr(lang, "admin-loading")
    }
}

/// The widest of `texts`, and at least `min` cells.
fn widest<S: AsRef<str>>(min: usize, texts: impl IntoIterator<Item = S>) -> usize {
    texts
        .into_iter()
        .map(|s| display_width(s.as_ref()))
        .fold(min, usize::max)
}

const NICK_W: usize = 18;
const ADDR_W: usize = 22;
const WHERE_W: usize = 15;

/// The sessions' columns: who (guest or key), address, where; each as wide as its heading
/// and its words in the language.
struct SessionCols {
    nick: usize,
    who: usize,
    addr: usize,
    place: usize,
}

fn render_sessions(buf: &mut Buffer, ui: &AdminUi, me: &Identity, area: Rect, t: &Theme) {
    let lang = t.lang;
    let list = sessions(&ui.data);
    let focused = ui.focus == Focus::Sessions;
    let title = t!(lang, "admin-sessions-title", count = list.len());
    let inn = panel(buf, area, &title, focused, t);
    let heads = [
        tr(lang, "admin-head-nick"),
        tr(lang, "admin-head-id"),
        tr(lang, "admin-head-address"),
        tr(lang, "admin-head-where"),
        tr(lang, "admin-head-key"),
    ];
    let (nick, addr) = (widest(NICK_W, [&heads[0]]), widest(ADDR_W, [&heads[2]]));
    let who_w = widest(
        5,
        [
            &heads[1],
            &tr(lang, "admin-who-guest"),
            &tr(lang, "admin-who-key"),
        ],
    );
    // Where: as wide as its words, up to WHERE_W while the key's heading keeps its room.
    let place = widest(
        0,
        list.iter()
            .map(|s| where_text(lang, s.status))
            .chain([heads[3].clone()]),
    );
    let room = usize::from(inn.width)
        .saturating_sub(2 + nick + 1 + who_w + 1 + addr + 1 + 1 + display_width(&heads[4]));
    let c = SessionCols {
        nick,
        who: who_w,
        addr,
        place: place.max(WHERE_W.min(room)),
    };
    let head = format!(
        "  {} {} {} {} {}",
        pad(&heads[0], c.nick),
        pad(&heads[1], c.who),
        pad(&heads[2], c.addr),
        pad(&heads[3], c.place),
        heads[4]
    );
    put(buf, inn.x, inn.y, &head, inn.width, t.dim());
    let rows_area = list_rows(area);
    let width = usize::from(rows_area.width);
    let rows = list
        .iter()
        .map(|s| session_row(s, me, width, &c, t))
        .collect();
    let empty = empty_text(ui, "admin-nobody-online", lang);
    draw_list(buf, rows_area, rows, ui.session_index(), focused, &empty, t);
}

/// One session in a row of `width` cells (the key cut with a mark where it does not fit).
fn session_row(
    s: &AdminSession,
    me: &Identity,
    width: usize,
    c: &SessionCols,
    t: &Theme,
) -> Line<'static> {
    let lang = t.lang;
    let nick = clean_line(&s.nick, 40);
    let mine = nick.eq_ignore_ascii_case(&me.nick);
    let marked = t!(lang, "admin-nick-you", nick = nick.as_str());
    let (shown, style) = if mine && display_width(&marked) <= c.nick {
        (marked, t.accent())
    } else if mine {
        (trunc(&nick, c.nick), t.accent())
    } else {
        (trunc(&nick, c.nick), Style::new())
    };
    let addr = s.addr.map_or("-".to_string(), |a| a.to_string());
    let room = width.saturating_sub(2 + c.nick + 1 + c.who + 1 + c.addr + 1 + c.place + 1);
    let key = s
        .key
        .as_deref()
        .map_or(String::new(), |k| trunc(&clean_line(k, 80), room));
    Line::from(vec![
        Span::raw(format!("{} ", t.g.bullet)),
        Span::styled(pad(&shown, c.nick), style),
        Span::raw(format!(
            " {} {} {} ",
            pad(&who(lang, s), c.who),
            pad(&addr, c.addr),
            pad(&where_text(lang, s.status), c.place)
        )),
        Span::styled(key, t.dim()),
    ])
}

const VALUE_W: usize = 24;
const BY_W: usize = 14;
const WHEN_W: usize = 16;

fn render_bans(buf: &mut Buffer, ui: &AdminUi, area: Rect, t: &Theme) {
    let lang = t.lang;
    let list = bans(&ui.data);
    let focused = ui.focus == Focus::Bans;
    let title = t!(lang, "admin-bans-title", count = list.len());
    let inn = panel(buf, area, &title, focused, t);
    let heads = [
        tr(lang, "admin-head-what"),
        tr(lang, "admin-head-value"),
        tr(lang, "admin-head-reason"),
        tr(lang, "admin-head-by"),
        tr(lang, "admin-head-when"),
    ];
    let what_w = widest(
        5,
        BanKind::ALL
            .into_iter()
            .map(|k| ban_word(lang, k))
            .chain([heads[0].clone()]),
    );
    let value_w = widest(VALUE_W, [&heads[1]]);
    let by_w = widest(BY_W, [&heads[3]]);
    let reason_w = (inn.width as usize)
        .saturating_sub(what_w + 1 + value_w + 1 + 1 + by_w + 1 + WHEN_W)
        .max(8)
        .max(display_width(&heads[2]));
    let head = format!(
        "{} {} {} {} {}",
        pad(&heads[0], what_w),
        pad(&heads[1], value_w),
        pad(&heads[2], reason_w),
        pad(&heads[3], by_w),
        heads[4]
    );
    put(buf, inn.x, inn.y, &head, inn.width, t.dim());
    let rows = list
        .iter()
        .map(|b| ban_row(b, [what_w, value_w, reason_w, by_w], t))
        .collect();
    let empty = empty_text(ui, "admin-no-bans", lang);
    draw_list(
        buf,
        list_rows(area),
        rows,
        ui.ban_index(),
        focused,
        &empty,
        t,
    );
}

/// `[what, value, reason, by]`: the columns' widths.
fn ban_row(
    b: &AdminBan,
    [what_w, value_w, reason_w, by_w]: [usize; 4],
    t: &Theme,
) -> Line<'static> {
    Line::from(vec![
        Span::styled(pad(&ban_word(t.lang, b.kind), what_w), t.accent()),
        Span::raw(format!(
            " {} {} ",
            pad(&clean_line(&b.value, 80), value_w),
            pad(&clean_line(&b.reason, 200), reason_w)
        )),
        Span::styled(
            format!(
                "{} {}",
                pad(&clean_line(&b.by, 80), by_w),
                super::utc_datetime(b.at)
            ),
            t.dim(),
        ),
    ])
}

const STATUS_W: usize = 9;
const FORMAT_W: usize = 10;
const ENTRANTS_W: usize = 8;

/// The when column: an upcoming (or ended) one's start, UTC; a running Swiss's round; a
/// running arena's time left (its end, UTC, while the wall clock is not known).
fn when_col(lang: Lang, t: &TournamentInfo, now: u64) -> String {
    match (t.status, t.terms.format, t.ends_at) {
        (TournamentStatus::Running, Format::Swiss { rounds }, _) => {
            t!(
                lang,
                "tournament-round-short",
                round = t.round,
                rounds = rounds
            )
        }
        (TournamentStatus::Running, Format::Arena { .. }, Some(end)) if now == 0 => {
            t!(lang, "admin-ends-at", date = utc_datetime(end))
        }
        (TournamentStatus::Running, Format::Arena { .. }, Some(end)) if end <= now => {
            tr(lang, "tournament-ending")
        }
        (TournamentStatus::Running, Format::Arena { .. }, Some(end)) => {
            t!(
                lang,
                "tournament-ends-in",
                time = countdown_in(lang, end - now)
            )
        }
        (TournamentStatus::Running, Format::Arena { .. }, None) => {
            tr(lang, "tournament-status-running")
        }
        _ => utc_datetime(t.terms.starts_at),
    }
}

/// The tournaments' columns: id, status, format, when, entrants (the name takes the rest).
struct TourCols {
    id: usize,
    status: usize,
    format: usize,
    when: usize,
    entrants: usize,
}

fn render_tournaments(
    buf: &mut Buffer,
    ui: &AdminUi,
    l: &LobbySnapshot,
    now: u64,
    area: Rect,
    t: &Theme,
) {
    let lang = t.lang;
    let list = tournaments(l);
    let focused = ui.focus == Focus::Tournaments;
    let title = t!(lang, "admin-tournaments-title", count = list.len());
    let inn = panel(buf, area, &title, focused, t);
    let heads = [
        tr(lang, "admin-head-name"),
        tr(lang, "admin-head-status"),
        tr(lang, "admin-head-format"),
        tr(lang, "admin-head-when"),
        tr(lang, "admin-head-entrants"),
    ];
    let c = TourCols {
        id: widest(2, list.iter().map(|tour| format!("#{}", tour.id))),
        status: widest(
            STATUS_W,
            list.iter()
                .map(|tour| status_word(lang, tour.status))
                .chain([heads[1].clone()]),
        ),
        format: widest(
            FORMAT_W,
            list.iter()
                .map(|tour| kind_words(lang, tour.terms.format))
                .chain([heads[2].clone()]),
        ),
        when: widest(
            utc_datetime(0).len(),
            list.iter()
                .map(|tour| when_col(lang, tour, now))
                .chain([heads[3].clone()]),
        ),
        entrants: widest(ENTRANTS_W, [&heads[4]]),
    };
    let fixed = c.id + 1 + 1 + c.status + 1 + c.format + 1 + c.when + 1 + c.entrants;
    let name_w = (inn.width as usize)
        .saturating_sub(fixed)
        .max(8)
        .max(display_width(&heads[0]));
    let head = format!(
        "{} {} {} {} {} {}",
        pad("#", c.id),
        pad(&heads[0], name_w),
        pad(&heads[1], c.status),
        pad(&heads[2], c.format),
        pad(&heads[3], c.when),
        rpad(&heads[4], c.entrants)
    );
    put(buf, inn.x, inn.y, &head, inn.width, t.dim());
    let rows = list
        .iter()
        .map(|tour| tournament_row(tour, name_w, &c, now, t))
        .collect();
    let empty = tr(lang, "admin-no-tournaments");
    let selected = ui.tournament_index(l);
    draw_list(buf, list_rows(area), rows, selected, focused, &empty, t);
}

/// `s` right-aligned in `w` cells.
fn rpad(s: &str, w: usize) -> String {
    format!("{}{s}", " ".repeat(w.saturating_sub(display_width(s))))
}

/// `#2 Spring cup   upcoming  Swiss 5r   2024-05-01 12:30         12`.
fn tournament_row(
    tour: &TournamentInfo,
    name_w: usize,
    c: &TourCols,
    now: u64,
    t: &Theme,
) -> Line<'static> {
    let lang = t.lang;
    let ended = !open(tour);
    let base = if ended { t.dim() } else { Style::new() };
    let entrants = tour.standings.iter().filter(|s| !s.withdrawn).count();
    Line::from(vec![
        Span::styled(pad(&format!("#{}", tour.id), c.id), t.accent()),
        Span::styled(
            format!(" {} ", pad(&clean_line(&tour.terms.name, 80), name_w)),
            base,
        ),
        Span::styled(
            pad(&status_word(lang, tour.status), c.status),
            when_style(tour, t),
        ),
        Span::styled(
            format!(
                " {} {} {}",
                pad(&kind_words(lang, tour.terms.format), c.format),
                pad(&when_col(lang, tour, now), c.when),
                rpad(&entrants.to_string(), c.entrants)
            ),
            base,
        ),
    ])
}

fn render_dialog(buf: &mut Buffer, screen: Rect, d: &Dialog, now: u64, t: &Theme) {
    let lang = t.lang;
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
            &tr(lang, "admin-unban-title"),
            &t!(
                lang,
                "admin-unban-question",
                kind = ban_word(lang, *kind),
                value = value.as_str()
            ),
            &keymap::footer(UNBAN, &Always),
            t,
        ),
        Dialog::Broadcast { text, empty } => render_broadcast(buf, screen, text, *empty, t),
        Dialog::Start { id, name } => render_confirm(
            buf,
            screen,
            &tr(lang, "admin-start-title"),
            &t!(
                lang,
                "admin-start-question",
                id = id.to_string(),
                name = name.as_str()
            ),
            &keymap::footer(YES_NO, &Always),
            t,
        ),
        Dialog::Cancel { id, name, status } => render_confirm(
            buf,
            screen,
            &tr(lang, "admin-cancel-title"),
            &t!(
                lang,
                "admin-cancel-question",
                id = id.to_string(),
                name = name.as_str(),
                status = status_key(*status)
            ),
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

/// The cells a dialog's hint line takes.
fn hints_width(pairs: &[(&str, &str)], t: &Theme) -> usize {
    key_hints(pairs, t).width()
}

/// A dialog's width for lines of `widths` cells: at least `min`, at most the screen's
/// (borders and a cell each side).
fn dialog_width(screen: Rect, min: u16, widths: &[usize]) -> u16 {
    let want = widths.iter().copied().max().unwrap_or(0) + 4;
    (u16::try_from(want).unwrap_or(u16::MAX))
        .max(min)
        .min(screen.width)
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

/// Lines of text in a dialog from row `dy`, wrapped to its width; the rows they took.
fn dialog_lines(buf: &mut Buffer, inn: Rect, dy: u16, lines: &[String], style: Style) -> u16 {
    for (k, l) in lines.iter().enumerate() {
        dialog_line(buf, inn, dy + k as u16, l, style);
    }
    lines.len() as u16
}

/// `text` wrapped for a dialog `w` cells wide.
fn dialog_wrap(text: &str, w: u16) -> Vec<String> {
    wrap(text, usize::from(w.saturating_sub(3)))
}

fn render_kick(buf: &mut Buffer, screen: Rect, nick: &str, reason: &LineInput, t: &Theme) {
    let lang = t.lang;
    let what = t!(lang, "admin-kick-what", nick = nick);
    let note = tr(lang, "admin-kick-note");
    let hints = keymap::footer(KICK, &Always);
    let w = dialog_width(
        screen,
        64,
        &[
            display_width(&what),
            display_width(&note),
            hints_width(&hints, t),
        ],
    );
    let (what, note) = (dialog_wrap(&what, w), dialog_wrap(&note, w));
    let h = 2 + what.len() as u16 + 1 + 1 + note.len() as u16 + 1 + 1;
    let title = t!(lang, "admin-kick-title", nick = nick);
    let inn = dialog(buf, screen, w, h, &title, t);
    let mut y = dialog_lines(buf, inn, 0, &what, Style::new()) + 1;
    let prompt = format!("{} ", tr(lang, "admin-reason"));
    let iw = inn.width.saturating_sub(2);
    reason.render(buf, inn.x + 1, inn.y + y, iw, &prompt, t);
    y += 1;
    dialog_lines(buf, inn, y, &note, t.dim());
    dialog_hints(buf, inn, &hints, t);
}

fn render_ban(
    buf: &mut Buffer,
    screen: Rect,
    nick: &str,
    (targets, choice): (&[(BanKind, String)], usize),
    reason: &LineInput,
    t: &Theme,
) {
    let lang = t.lang;
    let (kind, value) = &targets[choice.min(targets.len().saturating_sub(1))];
    let by = format!("{} ", tr(lang, "admin-ban-by"));
    let by_w = display_width(&by) as u16;
    let chosen = format!("< {} {} >", ban_word(lang, *kind), value);
    let others: Vec<String> = targets
        .iter()
        .filter(|(k, _)| k != kind)
        .map(|(k, _)| ban_word(lang, *k))
        .collect();
    let others =
        (!others.is_empty()).then(|| t!(lang, "admin-ban-others", others = others.join(", ")));
    let note = tr(lang, "admin-ban-note");
    let hints = keymap::footer(BAN, &Always);
    let w = dialog_width(
        screen,
        72,
        &[
            display_width(&by) + display_width(&chosen),
            display_width(&by) + others.as_deref().map_or(0, display_width),
            display_width(&note),
            hints_width(&hints, t),
        ],
    );
    let note = dialog_wrap(&note, w);
    let h = 2 + 1 + 1 + 1 + 1 + note.len() as u16 + 1 + 1;
    let title = t!(lang, "admin-ban-title", nick = nick);
    let inn = dialog(buf, screen, w, h, &title, t);
    let line = Line::from(vec![Span::raw(by), Span::styled(chosen, t.row_focus())]);
    put_line(buf, inn.x + 1, inn.y, &line, inn.width.saturating_sub(1));
    if let Some(text) = others {
        let x = inn.x + 1 + by_w;
        put(
            buf,
            x,
            inn.y + 1,
            &text,
            inn.width.saturating_sub(1 + by_w),
            t.dim(),
        );
    }
    let prompt = format!("{} ", tr(lang, "admin-reason"));
    let iw = inn.width.saturating_sub(2);
    reason.render(buf, inn.x + 1, inn.y + 3, iw, &prompt, t);
    dialog_lines(buf, inn, 4, &note, t.dim());
    dialog_hints(buf, inn, &hints, t);
}

fn render_broadcast(buf: &mut Buffer, screen: Rect, text: &LineInput, empty: bool, t: &Theme) {
    let lang = t.lang;
    let what = tr(lang, "admin-broadcast-what");
    let error = tr(lang, "admin-broadcast-empty");
    let hints = keymap::footer(BROADCAST, &Always);
    let w = dialog_width(
        screen,
        72,
        &[
            display_width(&what),
            display_width(&error),
            hints_width(&hints, t),
        ],
    );
    let what = dialog_wrap(&what, w);
    let h = 2 + what.len() as u16 + 1 + 1 + 1 + 1;
    let inn = dialog(buf, screen, w, h, &tr(lang, "admin-broadcast-title"), t);
    let y = dialog_lines(buf, inn, 0, &what, Style::new());
    let prompt = format!("{} ", tr(lang, "admin-say"));
    let iw = inn.width.saturating_sub(2);
    text.render(buf, inn.x + 1, inn.y + y, iw, &prompt, t);
    if empty {
        dialog_line(buf, inn, y + 1, &error, t.error());
    }
    dialog_hints(buf, inn, &hints, t);
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

const TABS: (&str, &str) = ("keys-tab-shift-tab", "admin-help-tabs");
const SIDES: (&str, &str) = ("admin-keys-sides", "admin-help-sides");
const UNBAN_HELP: (&str, &str) = ("admin-keys-unban-label", "admin-help-unban");
const S: &[Focus] = &[Focus::Sessions];
const B: &[Focus] = &[Focus::Bans];
const T: &[Focus] = &[Focus::Tournaments];

/// The admin screen's keys. Footer ranks, sessions: K, B, M, Esc, Tab, r, N, ?; bans: U,
/// M, Esc, Tab, K, B, r, N, ?; tournaments: S, X, E, N, Esc, Tab, r, ?.
const KEYS: &[Binding<Do, Focus>] = &[
    on(&[Tab], Do::Next)
        .hints(&[
            hint(4, "Tab", "admin-keys-bans").when(S),
            hint(3, "Tab", "admin-keys-tournaments").when(B),
            hint(5, "Tab", "admin-keys-sessions").when(T),
        ])
        .help(TABS.0, TABS.1),
    on(&[BackTab], Do::Prev).help(TABS.0, TABS.1),
    on(&[Left, ch('h')], Do::Prev).help(SIDES.0, SIDES.1),
    on(&[Right, ch('l')], Do::Next).help(SIDES.0, SIDES.1),
    on(&[Up, ch('k'), Down, ch('j')], Do::Move).help("keys-up-down-jk", "tournament-help-move"),
    on(&[PageUp, PageDown, Home, End], Do::Move)
        .help("tournament-keys-page", "tournament-help-page"),
    on(&[ch('K')], Do::Kick)
        .hints(&[
            hint(0, "K", "admin-keys-kick").when(S),
            hint(4, "K", "admin-keys-kick").when(B),
        ])
        .help("K", "admin-help-kick"),
    on(&[ch('B')], Do::Ban)
        .hints(&[
            hint(1, "B", "admin-keys-ban").when(S),
            hint(5, "B", "admin-keys-ban").when(B),
        ])
        .help("B", "admin-help-ban"),
    on(&[ch('U')], Do::Unban)
        .hints(&[hint(0, "U/Enter", "admin-keys-unban").when(B)])
        .help(UNBAN_HELP.0, UNBAN_HELP.1),
    on(&[Enter, Delete], Do::Unban)
        .when(B)
        .help(UNBAN_HELP.0, UNBAN_HELP.1),
    on(&[ch('M'), ch('m')], Do::Broadcast)
        .hints(&[
            hint(2, "M", "admin-keys-broadcast").when(S),
            hint(1, "M", "admin-keys-broadcast").when(B),
        ])
        .help("M / m", "admin-help-broadcast"),
    on(&[ch('S')], Do::Start)
        .hints(&[hint(0, "S", "admin-keys-start").when(T)])
        .help("S", "admin-help-start"),
    on(&[ch('X')], Do::Cancel)
        .hints(&[hint(1, "X", "admin-keys-cancel").when(T)])
        .help("X", "admin-help-cancel"),
    on(&[ch('E')], Do::Edit)
        .hints(&[hint(2, "E", "admin-keys-edit").when(T)])
        .help("E", "admin-help-edit"),
    on(&[ch('N')], Do::New)
        .hints(&[
            hint(6, "N", "admin-keys-new-tournament").when(S),
            hint(7, "N", "admin-keys-new-tournament").when(B),
            hint(3, "N", "admin-keys-new").when(T),
        ])
        .help("N", "admin-help-new"),
    on(&[ch('r')], Do::Refresh)
        .hints(&[
            hint(5, "r", "admin-keys-refresh").when(S),
            hint(6, "r", "admin-keys-refresh").when(B),
            hint(6, "r", "admin-keys-refresh").when(T),
        ])
        .help("r", "admin-help-refresh"),
    note("keys-mouse", "admin-help-mouse"),
    on(&[F(2)], Do::Settings).help("F2", "admin-help-settings"),
    on(&[Esc, ch('q')], Do::Close)
        .hints(&[
            hint(3, "Esc", "tournament-keys-lobby").when(S),
            hint(2, "Esc", "tournament-keys-lobby").when(B),
            hint(4, "Esc", "tournament-keys-lobby").when(T),
        ])
        .help("keys-esc-q", "tournament-help-back"),
    on(&[ch('?')], Do::Help).hints(&[
        hint(7, "?", "tournament-keys-help").when(S),
        hint(8, "?", "tournament-keys-help").when(B),
        hint(7, "?", "tournament-keys-help").when(T),
    ]),
];

/// The kick dialog's keys.
const KICK: &[Binding<ToLine, Never>] = &[
    on(&[Enter], ToLine).hints(&[hint(0, "Enter", "admin-keys-kick")]),
    on(&[Esc], ToLine).hints(&[hint(1, "Esc", "admin-keys-dismiss")]),
    typing(ToLine),
];

/// The ban dialog's keys.
const BAN: &[Binding<BanKey, Never>] = &[
    on(&[Left, BackTab, Up], BanKey::Prev).hints(&[hint(
        0,
        "keys-left-right",
        "admin-keys-what-to-ban",
    )]),
    on(&[Right, Tab, Down], BanKey::Next).hints(&[hint(
        0,
        "keys-left-right",
        "admin-keys-what-to-ban",
    )]),
    on(&[Enter], BanKey::Line).hints(&[hint(1, "Enter", "admin-keys-ban")]),
    on(&[Esc], BanKey::Line).hints(&[hint(2, "Esc", "admin-keys-dismiss")]),
    typing(BanKey::Line),
];

/// The unban question's keys; other keys leave it open.
const UNBAN: &[Binding<bool, Never>] = &[
    on(&[ch('y'), ch('Y'), Enter], true).hints(&[hint(0, "y", "admin-keys-yes")]),
    on(&[ch('n'), ch('N'), Esc], false).hints(&[hint(1, "n/Esc", "admin-keys-no")]),
];

/// The broadcast dialog's keys.
const BROADCAST: &[Binding<ToLine, Never>] = &[
    on(&[Enter], ToLine).hints(&[hint(0, "Enter", "tournament-keys-send")]),
    on(&[Esc], ToLine).hints(&[hint(1, "Esc", "admin-keys-dismiss")]),
    typing(ToLine),
];

/// The start and cancel questions' keys; other keys leave them open.
const YES_NO: &[Binding<bool, Never>] = &[
    on(&[ch('y'), ch('Y'), Enter], true).hints(&[hint(0, "y", "admin-keys-yes")]),
    on(&[ch('n'), ch('N'), Esc], false).hints(&[hint(1, "n/Esc", "admin-keys-no")]),
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
            days: None,
            budget: None,
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
    /// `short`: without the time of day of a start from now (where the longer words do
    /// not fit).
    fn start_words(&self, lang: Lang, now: u64, short: bool) -> String {
        let at = |s: u64| utc_datetime(s);
        match self.starts[self.start.min(self.starts.len() - 1)] {
            None => t!(lang, "admin-start-as-set", date = at(self.base.starts_at)),
            Some(0) if now == 0 || short => tr(lang, "admin-start-now"),
            Some(0) => t!(lang, "admin-start-now-at", date = at(now)),
            Some(m) if now == 0 || short => t!(lang, "admin-start-in", minutes = m),
            Some(m) => t!(
                lang,
                "admin-start-in-at",
                minutes = m,
                date = at(now + m * 60)
            ),
        }
    }

    /// The terms the form holds, or the first thing wrong with them (its field, and the
    /// message id of what is wrong).
    fn terms(&self, now: u64) -> Result<TournamentTerms, (TField, &'static str)> {
        let name = self.name.text.trim().to_string();
        if name.is_empty() {
            return Err((TField::Name, "admin-error-name"));
        }
        let num = |l: &LineInput| l.text.trim().parse::<u32>().ok();
        let format = if self.swiss {
            match num(&self.rounds) {
                Some(rounds @ 1..=30) => Format::Swiss { rounds },
                _ => return Err((TField::Length, "admin-error-rounds")),
            }
        } else {
            match num(&self.minutes) {
                Some(minutes @ 1..=720) => Format::Arena { minutes },
                _ => return Err((TField::Length, "admin-error-minutes")),
            }
        };
        let min_rated_games = if self.min_rated.text.trim().is_empty() {
            0
        } else {
            num(&self.min_rated).ok_or((TField::MinRated, "admin-error-min-rated"))?
        };
        let starts_at = self
            .starts_at(now)
            .ok_or((TField::Start, "admin-error-time"))?;
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
                // The form offers clocks; a tournament of correspondence games (made with
                // `--days`) keeps its days when edited here.
                clock: match self.base.game.days {
                    Some(_) => None,
                    None => self.clocks[self.clock.min(self.clocks.len() - 1)],
                },
                days: self.base.game.days,
                budget: self.base.game.budget,
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
                self.error = Some(why.to_string());
                None
            }
        }
    }

    /// A field's label (a message id) and its value, in words.
    fn value(&self, lang: Lang, f: TField, now: u64) -> (&'static str, String) {
        match f {
            TField::Name => ("admin-form-name", self.name.text.clone()),
            TField::Format => (
                "admin-form-format",
                tr(
                    lang,
                    if self.swiss {
                        "admin-form-swiss"
                    } else {
                        "admin-form-arena"
                    },
                ),
            ),
            TField::Length if self.swiss => ("admin-form-rounds", self.rounds.text.clone()),
            TField::Length => ("admin-form-minutes", self.minutes.text.clone()),
            TField::Variant => (
                "admin-form-variant",
                vocab::variant_name(lang, self.variant),
            ),
            TField::Clock => (
                "admin-form-clock",
                match self.clocks[self.clock.min(self.clocks.len() - 1)] {
                    Some(c) => t!(
                        lang,
                        "admin-form-clock-value",
                        minutes = c.initial_secs / 60,
                        increment = c.increment_secs
                    ),
                    None => tr(lang, "tournament-no-clock"),
                },
            ),
            TField::Rated => (
                "admin-form-rated",
                tr(
                    lang,
                    if self.rated {
                        "tournament-rated"
                    } else {
                        "admin-form-casual"
                    },
                ),
            ),
            TField::Start => ("admin-form-start", self.start_words(lang, now, false)),
            TField::Entry => (
                "admin-form-entry",
                entry_words(lang, &self.entries[self.entry.min(self.entries.len() - 1)]),
            ),
            TField::MinRated => ("admin-form-min-rated", self.min_rated.text.clone()),
        }
    }

    /// What the field chosen means.
    fn explain(&self, lang: Lang, f: TField) -> String {
        match f {
            TField::Name => t!(lang, "admin-explain-name", max = NAME_MAX),
            TField::Format => tr(lang, "admin-explain-format"),
            TField::Length if self.swiss => tr(lang, "admin-explain-rounds"),
            TField::Length => tr(lang, "admin-explain-minutes"),
            TField::Variant if self.edit.is_some() => t!(
                lang,
                "admin-explain-variant-edit",
                rules = rules_words(&self.base.game.rules.options, self.variant)
            ),
            TField::Variant => t!(
                lang,
                "admin-explain-variant",
                classic = vocab::variant_name(lang, Variant::Classic),
                duel = vocab::variant_name(lang, Variant::Duel),
                barrage = vocab::variant_name(lang, Variant::Barrage)
            ),
            TField::Clock => tr(lang, "admin-explain-clock"),
            TField::Rated => tr(lang, "admin-explain-rated"),
            TField::Start => tr(lang, "admin-explain-start"),
            TField::Entry => tr(lang, "admin-explain-entry"),
            TField::MinRated => tr(lang, "admin-explain-min-rated"),
        }
    }

    fn render(&self, buf: &mut Buffer, screen: Rect, now: u64, t: &Theme) {
        let lang = t.lang;
        let title = match self.edit {
            None => tr(lang, "admin-form-new"),
            Some(id) => t!(lang, "admin-form-edit", id = id.to_string()),
        };
        let row = self.row.min(TFIELDS.len() - 1);
        let fields: Vec<(String, String)> = TFIELDS
            .iter()
            .map(|f| {
                let (label, value) = self.value(lang, *f, now);
                (tr(lang, label), value)
            })
            .collect();
        // The labels' column: the widest label in the language (the Swiss's rounds and the
        // arena's minutes share a row).
        let rounds = tr(lang, "admin-form-rounds");
        let minutes = tr(lang, "admin-form-minutes");
        let lw = widest(18, fields.iter().map(|(l, _)| l).chain([&rounds, &minutes])) + 1;
        let other = tr(lang, "admin-form-other-options");
        let hints = keymap::in_lang(keymap::footer(FORM, &self.cx()), lang);
        let widest_value = fields.iter().map(|(_, v)| display_width(v) + 4).max();
        let w = dialog_width(
            screen,
            76,
            &[
                lw + widest_value.unwrap_or(0),
                display_width(&other),
                hints_width(&hints, t),
            ],
        );
        let width = w.saturating_sub(4);
        let hint_rows = footer_rows(&hints, w.saturating_sub(3));
        // A start from now without its time of day where that does not fit.
        let room = usize::from(w.saturating_sub(3)).saturating_sub(lw + 4);
        let mut fields = fields;
        if let Some(k) = TFIELDS.iter().position(|f| *f == TField::Start) {
            if display_width(&fields[k].1) > room {
                fields[k].1 = self.start_words(lang, now, true);
            }
        }
        // The explanations' rows: as many as the longest takes, so the form does not
        // change its height from field to field.
        let explain_rows = TFIELDS
            .iter()
            .map(|f| wrap(&self.explain(lang, *f), usize::from(width)).len())
            .max()
            .unwrap_or(0)
            .max(usize::from(FORM_EXPLAIN)) as u16;
        let error = self.error.as_deref().map(|e| tr(lang, e));
        let error_rows = error
            .as_deref()
            .map_or(1, |e| wrap(e, usize::from(width)).len() as u16);
        let other_rows = wrap(&other, usize::from(width));
        // Fields, a blank, the field explained, the error, the note, the keys.
        let n = TFIELDS.len() as u16;
        let h = n + 1 + explain_rows + error_rows + other_rows.len() as u16 + hint_rows + 2;
        let inn = dialog(buf, screen, w, h, &title, t);
        let lw = lw as u16;
        for (i, (f, (label, value))) in TFIELDS.iter().zip(fields).enumerate() {
            let y = inn.y + i as u16;
            if y >= inn.bottom() {
                break;
            }
            let sel = i == row;
            if sel {
                fill(buf, Rect::new(inn.x, y, inn.width, 1), t.row_focus());
            }
            let st = if sel { t.row_focus() } else { Style::new() };
            put(buf, inn.x + 1, y, &pad(&label, lw as usize), lw, st);
            let text_field = matches!(f, TField::Name | TField::Length | TField::MinRated);
            let v = match (text_field, sel) {
                (true, true) => format!("{value}_"),
                (true, false) => value,
                (false, _) => format!("< {value} >"),
            };
            let room = inn.width.saturating_sub(lw + 1);
            put(buf, inn.x + 1 + lw, y, &v, room, st);
        }
        let y = inn.y + n + 1;
        let about = wrap(&self.explain(lang, TFIELDS[row]), usize::from(width));
        for (k, l) in about.iter().take(usize::from(explain_rows)).enumerate() {
            put(buf, inn.x + 1, y + k as u16, l, width, t.dim());
        }
        let mut y = y + explain_rows;
        if let Some(e) = &error {
            for (k, l) in wrap(e, usize::from(width)).iter().enumerate() {
                put(buf, inn.x + 1, y + k as u16, l, width, t.error());
            }
        }
        y += error_rows;
        for (k, l) in other_rows.iter().enumerate() {
            put(buf, inn.x + 1, y + k as u16, l, width, t.dim());
        }
        let rows = hint_rows.min(inn.height);
        let keys = Rect::new(
            inn.x + 1,
            inn.bottom() - rows,
            inn.width.saturating_sub(1),
            rows,
        );
        footer(buf, keys, &hints, t);
    }
}

/// Rows under the fields that explain the field chosen (at least).
const FORM_EXPLAIN: u16 = 2;

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

const FIELD: &[Hint<FormIf>] = &[hint(0, "keys-up-down", "admin-keys-field")];
const CHANGE: &[Hint<FormIf>] = &[hint(1, "keys-left-right", "admin-keys-change")];

/// The tournament form's keys (its hints are its help).
const FORM: &[Binding<FormKey, FormIf>] = &[
    on(&[Esc], FormKey::Cancel).hints(&[hint(3, "Esc", "admin-keys-dismiss")]),
    on(&[Up, BackTab], FormKey::Prev).hints(FIELD),
    on(&[Down, Tab], FormKey::Next).hints(FIELD),
    on(&[Enter], FormKey::Submit).hints(&[
        hint(2, "Enter", "admin-keys-create").when(&[FormIf::New]),
        hint(2, "Enter", "admin-keys-save").when(&[FormIf::Edit]),
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
        use crate::ui::tournament::tests::in_english;
        labels_name_their_keys("admin", &in_english(KEYS));
        labels_name_their_keys("kick", &in_english(KICK));
        labels_name_their_keys("ban", &in_english(BAN));
        labels_name_their_keys("unban", &in_english(UNBAN));
        labels_name_their_keys("broadcast", &in_english(BROADCAST));
        labels_name_their_keys("yes/no", &in_english(YES_NO));
        labels_name_their_keys("tournament form", &in_english(FORM));
    }

    /// A long answer from the server (or a long refusal) wraps to a second row, whole.
    #[test]
    fn a_long_result_takes_two_rows() {
        let mut ui = AdminUi::default();
        assert_eq!(ui.layout(80, 24).sessions.y, 2);
        let text = "word ".repeat(20).trim_end().to_string();
        ui.result = Some(AdminResult { text, ok: false });
        let lay = ui.layout(80, 24);
        assert_eq!((lay.result.height, lay.sessions.y), (2, 3));
        let lines = result_lines(ui.result.as_ref().unwrap(), lay.result.width);
        assert_eq!(lines.join(" "), "word ".repeat(20).trim_end());
    }
}
