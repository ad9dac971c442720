//! The admin screen (admins only, opened from the lobby with `A`): every session online
//! (nick, guest or key, address, where it is) and every ban (what, reason, by whom,
//! when). Kick, ban, unban and broadcast each go through a dialog, a reason line or a
//! yes/no; the server's answer is shown on the line under the header. Esc goes back to
//! the lobby.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::dialog::{key_hints, render_confirm};
use super::input::{Key, KeyCode, Mouse, MouseButton, MouseKind};
use super::keymap::{
    self, ch, hint, note, on, typing, Always, Binding, Conditions, Described, Never, ToLine, With,
};
use super::layout::{inner, scroll_offset};
use super::lobby::draw_list;
use super::theme::Theme;
use super::widgets::{
    dialog, footer, footer_rows, pad, panel, put, put_line, trunc, InputResult, LineInput,
};
use super::{Act, Effect, Identity, Overlay};
use crate::proto::{
    AdminBan, AdminCmd, AdminResult, AdminSession, AdminSnapshot, BanKind, PlayerStatus,
};
use crate::text::clean_line;
use KeyCode::{
    BackTab, Delete, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up, F,
};

/// Longest reason typed in a kick or ban dialog (the server keeps 200 characters).
const REASON_MAX: usize = 200;
/// Longest broadcast.
const BROADCAST_MAX: usize = 300;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Focus {
    Sessions,
    Bans,
}

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
}

/// What the admin screen remembers. Selections are kept by session number and ban
/// target, not by row.
#[derive(Clone, Debug)]
pub(crate) struct AdminUi {
    pub data: Option<AdminSnapshot>,
    pub focus: Focus,
    pub session: Option<u64>,
    pub ban: Option<(BanKind, String)>,
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

/// Where a session is, in words.
pub(crate) fn where_text(s: PlayerStatus) -> String {
    match s {
        PlayerStatus::Idle => "lobby".into(),
        PlayerStatus::Seeking => "lobby, seeking".into(),
        PlayerStatus::Playing(id) => format!("playing #{id}"),
        PlayerStatus::Watching(id) => format!("watching #{id}"),
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

    fn select(&mut self, focus: Focus, i: usize) {
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
        }
    }

    fn len(&self, focus: Focus) -> usize {
        match focus {
            Focus::Sessions => sessions(&self.data).len(),
            Focus::Bans => bans(&self.data).len(),
        }
    }

    fn index(&self, focus: Focus) -> Option<usize> {
        match focus {
            Focus::Sessions => self.session_index(),
            Focus::Bans => self.ban_index(),
        }
    }

    fn move_sel(&mut self, d: i64) {
        let n = self.len(self.focus);
        if n == 0 {
            return;
        }
        let i = match self.index(self.focus) {
            None => 0,
            Some(i) => (i as i64 + d).clamp(0, n as i64 - 1) as usize,
        };
        self.select(self.focus, i);
    }

    pub fn paste(&mut self, s: &str) {
        match &mut self.dialog {
            Some(Dialog::Kick { reason, .. }) | Some(Dialog::Ban { reason, .. }) => {
                reason.insert(s)
            }
            Some(Dialog::Broadcast { text, .. }) => text.insert(s),
            _ => {}
        }
    }

    fn failed(&mut self, text: &str) -> Vec<Act> {
        self.result = Some(AdminResult {
            text: text.into(),
            ok: false,
        });
        vec![]
    }

    pub fn key(&mut self, k: Key, me: &Identity, page: usize) -> Vec<Act> {
        if let Some(d) = self.dialog.take() {
            return self.dialog_key(d, k);
        }
        let Some(a) = keymap::action(KEYS, k, &self.focus) else {
            return vec![];
        };
        match a {
            Do::Close => return vec![Act::CloseAdmin],
            Do::Toggle => {
                self.focus = match self.focus {
                    Focus::Sessions => Focus::Bans,
                    Focus::Bans => Focus::Sessions,
                };
            }
            Do::Focus(f) => self.focus = f,
            Do::Move => self.move_sel(match k.code {
                KeyCode::Up | KeyCode::Char('k') => -1,
                KeyCode::Down | KeyCode::Char('j') => 1,
                KeyCode::PageUp => -(page.max(1) as i64),
                KeyCode::PageDown => page.max(1) as i64,
                KeyCode::Home => -1_000_000,
                _ => 1_000_000,
            }),
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

    /// A key in a dialog: the dialog stays open unless it is done or cancelled.
    fn dialog_key(&mut self, d: Dialog, k: Key) -> Vec<Act> {
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
        };
        self.dialog = open;
        cmd.map(|c| Act::Fx(Effect::Admin(c))).into_iter().collect()
    }

    pub fn mouse(&mut self, m: Mouse, w: u16, h: u16) -> Vec<Act> {
        if self.dialog.is_some() {
            return vec![];
        }
        let lay = self.layout(w, h);
        let pos = (m.column, m.row).into();
        for (focus, r) in [(Focus::Sessions, lay.sessions), (Focus::Bans, lay.bans)] {
            if !r.contains(pos) {
                continue;
            }
            self.focus = focus;
            match m.kind {
                MouseKind::ScrollUp => self.move_sel(-1),
                MouseKind::ScrollDown => self.move_sel(1),
                MouseKind::Down(MouseButton::Left) => {
                    let rows = list_rows(r);
                    if rows.contains(pos) {
                        let n = self.len(focus);
                        let off = scroll_offset(self.index(focus), n, rows.height as usize);
                        let i = off + (m.row - rows.y) as usize;
                        if i < n {
                            self.select(focus, i);
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

/// Header, result line, sessions panel, bans panel, footer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AdminLayout {
    pub header: Rect,
    pub result: Rect,
    pub sessions: Rect,
    pub bans: Rect,
    pub footer: Rect,
}

/// `foot`: the footer's rows (see `widgets::footer_rows`).
pub(crate) fn admin_layout(w: u16, h: u16, foot: u16) -> AdminLayout {
    let cw = w.min(140);
    let left = (w - cw) / 2;
    let body = h.saturating_sub(2 + foot);
    let sessions_h = (body * 11 / 20).max(5).min(body);
    AdminLayout {
        header: Rect::new(left, 0, cw, 1),
        result: Rect::new(left, 1, cw, 1),
        sessions: Rect::new(left, 2, cw, sessions_h),
        bans: Rect::new(left, 2 + sessions_h, cw, body - sessions_h),
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

    /// Rows a page key moves in the sessions list.
    pub(crate) fn page_rows(&self, w: u16, h: u16) -> usize {
        list_rows(self.layout(w, h).sessions).height as usize
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

pub(crate) fn render(buf: &mut Buffer, ui: &AdminUi, me: &Identity, t: &Theme, w: u16, h: u16) {
    let lay = ui.layout(w, h);
    render_header(buf, ui, &lay, t);
    render_sessions(buf, ui, me, lay.sessions, t);
    render_bans(buf, ui, lay.bans, t);
    footer(buf, lay.footer, &ui.keys().footer(), t);
    if let Some(d) = &ui.dialog {
        render_dialog(buf, Rect::new(0, 0, w, h), d, t);
    }
}

/// The header and the last action's answer under it.
fn render_header(buf: &mut Buffer, ui: &AdminUi, lay: &AdminLayout, t: &Theme) {
    let counts = match &ui.data {
        Some(d) => format!(
            "{} online, {}",
            count(d.sessions.len(), "session"),
            count(d.bans.len(), "ban")
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

fn render_dialog(buf: &mut Buffer, screen: Rect, d: &Dialog, t: &Theme) {
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
    /// Tab, Left, Right: the other list.
    Toggle,
    Focus(Focus),
    /// Up, Down, a page, to the ends (by the key).
    Move,
    Refresh,
    Kick,
    Ban,
    Unban,
    Broadcast,
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

const SIDES: (&str, &str) = ("Left / Right, h / l", "sessions list / bans list");
const UNBAN_HELP: (&str, &str) = (
    "U, Enter/Del on a ban",
    "lift the selected ban (asks yes/no)",
);
const S: &[Focus] = &[Focus::Sessions];
const B: &[Focus] = &[Focus::Bans];

/// The admin screen's keys. Footer ranks, sessions: K, B, M, Esc, Tab, r, ?; bans: U, M,
/// Esc, Tab, K, B, r, ?.
const KEYS: &[Binding<Do, Focus>] = &[
    on(&[Tab, BackTab], Do::Toggle)
        .hints(&[
            hint(4, "Tab", "bans").when(S),
            hint(3, "Tab", "sessions").when(B),
        ])
        .help("Tab / Shift-Tab", "the other list"),
    on(&[Left, Right], Do::Toggle).help(SIDES.0, SIDES.1),
    on(&[ch('h')], Do::Focus(Focus::Sessions)).help(SIDES.0, SIDES.1),
    on(&[ch('l')], Do::Focus(Focus::Bans)).help(SIDES.0, SIDES.1),
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
    on(&[ch('r')], Do::Refresh)
        .hints(&[
            hint(5, "r", "refresh").when(S),
            hint(6, "r", "refresh").when(B),
        ])
        .help("r", "refresh now (it refreshes every second)"),
    note("mouse", "click selects"),
    on(&[F(2)], Do::Settings).help("F2", "settings"),
    on(&[Esc, ch('q')], Do::Close)
        .hints(&[
            hint(3, "Esc", "lobby").when(S),
            hint(2, "Esc", "lobby").when(B),
        ])
        .help("Esc / q", "back to the lobby"),
    on(&[ch('?')], Do::Help).hints(&[hint(6, "?", "help").when(S), hint(7, "?", "help").when(B)]),
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
    }
}
