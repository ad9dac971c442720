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
use super::widgets::{dialog, footer, pad, panel, put, put_line, trunc, InputResult, LineInput};
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

    fn dialog_key(&mut self, d: Dialog, k: Key) -> Vec<Act> {
        let send = |cmd: AdminCmd| vec![Act::Fx(Effect::Admin(cmd))];
        match d {
            Dialog::Kick { nick, mut reason } => {
                if keymap::find(KICK, k, &Always).is_none() {
                    self.dialog = Some(Dialog::Kick { nick, reason });
                    return vec![];
                }
                match reason.key(k) {
                    InputResult::Editing => {
                        self.dialog = Some(Dialog::Kick { nick, reason });
                        vec![]
                    }
                    InputResult::Cancel => vec![],
                    InputResult::Submit(r) => send(AdminCmd::Kick {
                        nick,
                        reason: r.trim().to_string(),
                    }),
                }
            }
            Dialog::Ban {
                nick,
                targets,
                mut choice,
                mut reason,
            } => {
                let n = targets.len().max(1);
                match keymap::action(BAN, k, &Always) {
                    Some(BanKey::Prev) => choice = (choice + n - 1) % n,
                    Some(BanKey::Next) => choice = (choice + 1) % n,
                    Some(BanKey::Line) => match reason.key(k) {
                        InputResult::Editing => {}
                        InputResult::Cancel => return vec![],
                        InputResult::Submit(r) => {
                            let (kind, value) = targets[choice.min(n - 1)].clone();
                            return send(AdminCmd::Ban {
                                kind,
                                value,
                                reason: r.trim().to_string(),
                            });
                        }
                    },
                    None => {}
                }
                self.dialog = Some(Dialog::Ban {
                    nick,
                    targets,
                    choice,
                    reason,
                });
                vec![]
            }
            Dialog::Unban { kind, value } => match keymap::action(UNBAN, k, &Always) {
                Some(true) => send(AdminCmd::Unban { kind, value }),
                Some(false) => vec![],
                None => {
                    self.dialog = Some(Dialog::Unban { kind, value });
                    vec![]
                }
            },
            Dialog::Broadcast { mut text, .. } => {
                if keymap::find(BROADCAST, k, &Always).is_none() {
                    self.dialog = Some(Dialog::Broadcast { text, empty: false });
                    return vec![];
                }
                match text.key(k) {
                    InputResult::Editing => {
                        self.dialog = Some(Dialog::Broadcast { text, empty: false });
                        vec![]
                    }
                    InputResult::Cancel => vec![],
                    InputResult::Submit(s) if s.trim().is_empty() => {
                        self.dialog = Some(Dialog::Broadcast { text, empty: true });
                        vec![]
                    }
                    InputResult::Submit(s) => send(AdminCmd::Broadcast(s.trim().to_string())),
                }
            }
        }
    }

    pub fn mouse(&mut self, m: Mouse, w: u16, h: u16) -> Vec<Act> {
        if self.dialog.is_some() {
            return vec![];
        }
        let lay = admin_layout(w, h);
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

/// Header, result line, sessions panel, bans panel, footer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AdminLayout {
    pub header: Rect,
    pub result: Rect,
    pub sessions: Rect,
    pub bans: Rect,
    pub footer: Rect,
}

pub(crate) fn admin_layout(w: u16, h: u16) -> AdminLayout {
    let cw = w.min(140);
    let left = (w - cw) / 2;
    let body = h.saturating_sub(3);
    let sessions_h = (body * 11 / 20).max(5).min(body);
    AdminLayout {
        header: Rect::new(left, 0, cw, 1),
        result: Rect::new(left, 1, cw, 1),
        sessions: Rect::new(left, 2, cw, sessions_h),
        bans: Rect::new(left, 2 + sessions_h, cw, body - sessions_h),
        footer: Rect::new(0, h.saturating_sub(1), w, 1),
    }
}

/// The rows of a list panel: inside the border, under the column titles.
fn list_rows(r: Rect) -> Rect {
    let i = inner(r);
    Rect::new(i.x, i.y + 1, i.width, i.height.saturating_sub(1))
}

/// Rows a page key moves in the sessions list.
pub(crate) fn page_rows(w: u16, h: u16) -> usize {
    list_rows(admin_layout(w, h).sessions).height as usize
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
    let lay = admin_layout(w, h);
    let clean = |s: &str, n: usize| clean_line(s, n);
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
            &format!("{mark} {}", clean(&r.text, 300)),
            lay.result.width.saturating_sub(1),
            st,
        );
    }

    // Sessions.
    let n = sessions(&ui.data).len();
    let inn = panel(
        buf,
        lay.sessions,
        &format!("Sessions online ({n})"),
        ui.focus == Focus::Sessions,
        t,
    );
    let nick_w = 18usize;
    let addr_w = 22usize;
    let where_w = 15usize;
    put(
        buf,
        inn.x,
        inn.y,
        &format!(
            "  {} {} {} {} key",
            pad("nick", nick_w),
            pad("id", 5),
            pad("address", addr_w),
            pad("where", where_w)
        ),
        inn.width,
        t.dim(),
    );
    let rows = sessions(&ui.data)
        .iter()
        .map(|s| {
            let nick = clean(&s.nick, 40);
            let mine = nick.eq_ignore_ascii_case(&me.nick);
            let shown = if mine {
                trunc(&format!("{nick} (you)"), nick_w)
            } else {
                trunc(&nick, nick_w)
            };
            let addr = s.addr.map_or("-".to_string(), |a| a.to_string());
            let key = s.key.as_deref().map_or(String::new(), |k| clean(k, 80));
            Line::from(vec![
                Span::raw(format!("{} ", t.g.bullet)),
                Span::styled(
                    pad(&shown, nick_w),
                    if mine { t.accent() } else { Style::new() },
                ),
                Span::raw(format!(
                    " {} {} {} ",
                    pad(who(s), 5),
                    pad(&addr, addr_w),
                    pad(&where_text(s.status), where_w)
                )),
                Span::styled(key, t.dim()),
            ])
        })
        .collect();
    let empty = if ui.data.is_some() {
        "nobody online"
    } else {
        "loading..."
    };
    draw_list(
        buf,
        list_rows(lay.sessions),
        rows,
        ui.session_index(),
        ui.focus == Focus::Sessions,
        empty,
        t,
    );

    // Bans.
    let n = bans(&ui.data).len();
    let inn = panel(
        buf,
        lay.bans,
        &format!("Bans ({n})"),
        ui.focus == Focus::Bans,
        t,
    );
    let value_w = 24usize;
    let by_w = 14usize;
    let when_w = 16usize;
    let reason_w = (inn.width as usize)
        .saturating_sub(5 + 1 + value_w + 1 + 1 + by_w + 1 + when_w)
        .max(8);
    put(
        buf,
        inn.x,
        inn.y,
        &format!(
            "{} {} {} {} {}",
            pad("what", 5),
            pad("value", value_w),
            pad("reason", reason_w),
            pad("by", by_w),
            "when (UTC)"
        ),
        inn.width,
        t.dim(),
    );
    let rows = bans(&ui.data)
        .iter()
        .map(|b| {
            Line::from(vec![
                Span::styled(pad(b.kind.word(), 5), t.accent()),
                Span::raw(format!(
                    " {} {} ",
                    pad(&clean(&b.value, 80), value_w),
                    pad(&clean(&b.reason, 200), reason_w)
                )),
                Span::styled(
                    format!(
                        "{} {}",
                        pad(&clean(&b.by, 80), by_w),
                        super::utc_datetime(b.at)
                    ),
                    t.dim(),
                ),
            ])
        })
        .collect();
    let empty = if ui.data.is_some() {
        "no bans"
    } else {
        "loading..."
    };
    draw_list(
        buf,
        list_rows(lay.bans),
        rows,
        ui.ban_index(),
        ui.focus == Focus::Bans,
        empty,
        t,
    );

    footer(buf, lay.footer, &ui.keys().footer(), t);

    if let Some(d) = &ui.dialog {
        render_dialog(buf, Rect::new(0, 0, w, h), d, t);
    }
}

fn render_dialog(buf: &mut Buffer, screen: Rect, d: &Dialog, t: &Theme) {
    let hint = |inn: Rect, buf: &mut Buffer, pairs: &[(&str, &str)]| {
        put_line(
            buf,
            inn.x + 1,
            inn.bottom().saturating_sub(1),
            &key_hints(pairs, t),
            inn.width.saturating_sub(1),
        );
    };
    match d {
        Dialog::Kick { nick, reason } => {
            let inn = dialog(buf, screen, 64, 8, &format!("Kick {nick}"), t);
            put(
                buf,
                inn.x + 1,
                inn.y,
                &format!("Disconnect every session of {nick}."),
                inn.width.saturating_sub(1),
                Style::new(),
            );
            reason.render(
                buf,
                inn.x + 1,
                inn.y + 2,
                inn.width.saturating_sub(2),
                "reason: ",
                t,
            );
            put(
                buf,
                inn.x + 1,
                inn.y + 3,
                "(empty: \"kicked by an admin\"; they are shown it)",
                inn.width.saturating_sub(1),
                t.dim(),
            );
            hint(inn, buf, &keymap::footer(KICK, &Always));
        }
        Dialog::Ban {
            nick,
            targets,
            choice,
            reason,
        } => {
            let inn = dialog(buf, screen, 72, 9, &format!("Ban {nick}"), t);
            let (kind, value) = &targets[(*choice).min(targets.len().saturating_sub(1))];
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
                put(
                    buf,
                    inn.x + 9,
                    inn.y + 1,
                    &format!("(Left/Right: {})", others.join(", ")),
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
            put(
                buf,
                inn.x + 1,
                inn.y + 4,
                "Stored at once; matching sessions are disconnected with the reason.",
                inn.width.saturating_sub(1),
                t.dim(),
            );
            hint(inn, buf, &keymap::footer(BAN, &Always));
        }
        Dialog::Unban { kind, value } => render_confirm(
            buf,
            screen,
            "Unban",
            &format!("Lift the ban on {} {}?", kind.word(), value),
            &keymap::footer(UNBAN, &Always),
            t,
        ),
        Dialog::Broadcast { text, empty } => {
            let inn = dialog(buf, screen, 72, 7, "Broadcast", t);
            put(
                buf,
                inn.x + 1,
                inn.y,
                "A notice to every session online:",
                inn.width.saturating_sub(1),
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
            if *empty {
                put(
                    buf,
                    inn.x + 1,
                    inn.y + 2,
                    "Type a message first",
                    inn.width.saturating_sub(1),
                    t.error(),
                );
            }
            hint(inn, buf, &keymap::footer(BROADCAST, &Always));
        }
    }
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
