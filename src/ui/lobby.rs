//! The lobby: players online, open seeks, games in play, tournaments (while any are
//! listed), chat.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::dialog::{rule_items, BotTerms, FormKind, SeekForm};
use super::input::{Key, KeyCode, Mouse, MouseButton, MouseKind};
use super::keymap::{
    self, ch, hint, note, on, typing, Always, Binding, Conditions, Described, InLang, Never,
    ToLine, With,
};
use super::layout::{inner, lobby_layout_for, scroll_offset, LobbyLayout};
use super::theme::Theme;
use super::tournament::when_style;
use super::vocab::variant_name;
use super::widgets::{
    fill, footer, footer_rows, pad, panel, put, put_line, trunc, wrap, InputResult, LineInput,
};
use super::{browse, Act, Effect, Identity, Overlay};
use crate::i18n::{tr, Lang};
use crate::proto::{
    ChatLine, GameFilter, GameId, GameSummary, LobbyCmd, LobbySnapshot, PlayerInfo, PlayerStatus,
    Seek, SeekId, TournamentId, TournamentInfo,
};
use crate::rules::Variant;
use crate::t;
use KeyCode::{BackTab, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up, F};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Panel {
    Players,
    Seeks,
    Games,
    Tournaments,
    Chat,
}

/// Tab's order (the tournaments only while any are listed).
const PANELS: [Panel; 5] = [
    Panel::Seeks,
    Panel::Games,
    Panel::Tournaments,
    Panel::Chat,
    Panel::Players,
];

/// What the lobby screen remembers between snapshots. Selections are kept by id so a list
/// changing under the cursor never makes Enter act on another entry.
#[derive(Clone, Debug)]
pub(crate) struct LobbyUi {
    pub focus: Panel,
    pub player: Option<String>,
    pub seek: Option<SeekId>,
    pub game: Option<GameId>,
    pub tournament: Option<TournamentId>,
    pub chat: Option<LineInput>,
    /// The focused list's selection vanished: don't pick another entry by itself.
    pub hold: bool,
    /// The last click selected the focused entry (a second click activates it).
    pub clicked: bool,
    /// A snapshot came already: a seek of mine in a later one is one just posted.
    pub primed: bool,
    /// The focused list's selection vanished and nothing was chosen since: Enter says so
    /// (rather than acting on anything else).
    pub gone: bool,
    /// The app came back from a game screen: if the game selected in the games list has
    /// ended meanwhile, the next snapshot puts the focus back on the seeks.
    pub back: bool,
    /// What Enter on the seeks list's first row plays: the computer, on these terms (the
    /// last played this session, else easy with no clock). That row is selected until the
    /// player moves to a seek: Enter never accepts a seek the player did not choose.
    pub quick: BotTerms,
    /// The last seek or challenge posted and the last game against the computer started
    /// this session: new forms start from their choices.
    pub last_seek: Option<SeekForm>,
    pub last_bot: Option<SeekForm>,
    /// My live game in the last snapshot, and whether a challenge to me is listed, as
    /// found for this nick (every key asks; a scan of every game per key was a twentieth of
    /// a busy server's time under a typing flood).
    seen: Option<Seen>,
    /// My game in progress, shown on another terminal of mine: `r` takes it here.
    pub elsewhere: Option<GameId>,
    /// The language of the keys' hints and help (the app's, see `App::set_lang`).
    pub lang: crate::i18n::Lang,
}

#[derive(Clone, Debug)]
struct Seen {
    nick: String,
    mine: Option<GameId>,
    challenged: bool,
}

impl Seen {
    fn of(l: &LobbySnapshot, me: &Identity) -> Seen {
        Seen {
            nick: me.nick.clone(),
            mine: my_game(l, me).map(|g| g.id),
            challenged: l
                .seeks
                .iter()
                .any(|s| s.private_to.as_ref() == Some(&me.nick)),
        }
    }
}

impl Default for LobbyUi {
    fn default() -> Self {
        LobbyUi {
            focus: Panel::Seeks,
            player: None,
            seek: None,
            game: None,
            tournament: None,
            chat: None,
            hold: false,
            clicked: false,
            primed: false,
            gone: false,
            back: false,
            quick: BotTerms::default(),
            last_seek: None,
            last_bot: None,
            seen: None,
            elsewhere: None,
            lang: Default::default(),
        }
    }
}

pub(crate) const CHAT_MAX: usize = 300;

impl LobbyUi {
    /// A new lobby's state, its keys in `lang`.
    pub fn in_lang(lang: crate::i18n::Lang) -> LobbyUi {
        LobbyUi {
            lang,
            ..LobbyUi::default()
        }
    }

    pub fn player_index(&self, l: &LobbySnapshot) -> Option<usize> {
        let n = self.player.as_ref()?;
        l.players.iter().position(|p| &p.nick == n)
    }

    pub fn seek_index(&self, l: &LobbySnapshot) -> Option<usize> {
        let id = self.seek?;
        l.seeks.iter().position(|s| s.id == id)
    }

    pub fn game_index(&self, l: &LobbySnapshot) -> Option<usize> {
        let id = self.game?;
        l.games.iter().position(|g| g.id == id)
    }

    pub fn tournament_index(&self, l: &LobbySnapshot) -> Option<usize> {
        let id = self.tournament?;
        l.tournaments.iter().position(|t| t.id == id)
    }

    /// Follows a new snapshot (`old` was the one before): drops selections whose entry is
    /// gone; selects the first entry of the focused list when nothing was selected yet (or
    /// the list was empty: in the seeks, that is the row that plays the computer, never a
    /// seek); selects a seek of mine that just appeared, and a live game of mine that just
    /// appeared (so Enter goes back to it). When my game (or the game I came back from)
    /// ends, the focus goes back to the seeks.
    pub fn fix(&mut self, old: &LobbySnapshot, l: &LobbySnapshot, me: &Identity) {
        let old_mine = self.seen.as_ref().and_then(|s| s.mine);
        let back = std::mem::take(&mut self.back);
        let was_game = self.game;
        self.seen = Some(Seen::of(l, me));
        let typing = self.chat.is_some();
        let primed = std::mem::replace(&mut self.primed, true);
        if let Some(s) = l
            .seeks
            .iter()
            .find(|s| primed && s.owner == me.nick && !old.seeks.iter().any(|o| o.id == s.id))
        {
            self.seek = Some(s.id);
            if !typing {
                self.focus_panel(l, Panel::Seeks);
            }
        }
        if let Some(g) = my_game(l, me).filter(|g| !old.games.iter().any(|o| o.id == g.id)) {
            self.game = Some(g.id);
            if !typing {
                self.focus_panel(l, Panel::Games);
            }
        }
        let mut had = self.index_id_set(self.focus);
        if self.player_index(l).is_none() {
            self.player = None;
        }
        if self.seek_index(l).is_none() {
            self.seek = None;
        }
        if self.game_index(l).is_none() {
            self.game = None;
        }
        if self.tournament_index(l).is_none() {
            self.tournament = None;
        }
        if self.focus == Panel::Games
            && self.game.is_none()
            && was_game.is_some()
            && (was_game == old_mine || back)
        {
            // The game just played (or watched) has ended: nothing to do in that list.
            self.focus_panel(l, Panel::Seeks);
            had = false;
        }
        if self.focus == Panel::Tournaments && l.tournaments.is_empty() {
            // The panel is gone with the last tournament.
            self.focus_panel(l, Panel::Seeks);
            had = false;
        }
        if had && !self.index_id_set(self.focus) {
            self.hold = true;
            self.clicked = false;
            self.gone = true;
        }
        if Self::len(l, self.focus) == 0 {
            // Nothing to hold on to: the next entry to come is selected.
            self.hold = false;
        }
        if !self.hold && self.index(l, self.focus).is_none() && Self::len(l, self.focus) > 0 {
            self.select(l, self.focus, 0);
        }
    }

    fn index_id_set(&self, panel: Panel) -> bool {
        match panel {
            Panel::Players => self.player.is_some(),
            Panel::Seeks => self.seek.is_some(),
            Panel::Games => self.game.is_some(),
            Panel::Tournaments => self.tournament.is_some(),
            Panel::Chat => false,
        }
    }

    /// Selects row `i` of a list (in the seeks, row 0 plays the computer).
    fn select(&mut self, l: &LobbySnapshot, panel: Panel, i: usize) {
        self.gone = false;
        match panel {
            Panel::Players => self.player = l.players.get(i).map(|p| p.nick.clone()),
            Panel::Seeks => self.seek = i.checked_sub(1).and_then(|i| l.seeks.get(i)).map(|s| s.id),
            Panel::Games => self.game = l.games.get(i).map(|g| g.id),
            Panel::Tournaments => self.tournament = l.tournaments.get(i).map(|t| t.id),
            Panel::Chat => {}
        }
    }

    /// The rows of a list (the seeks': the computer's row, then the seeks).
    fn len(l: &LobbySnapshot, panel: Panel) -> usize {
        match panel {
            Panel::Players => l.players.len(),
            Panel::Seeks => l.seeks.len() + 1,
            Panel::Games => l.games.len(),
            Panel::Tournaments => l.tournaments.len(),
            Panel::Chat => 0,
        }
    }

    /// The selected row of a list (the seeks': 0 is the computer's row; `None` while the
    /// seek chosen has just gone).
    fn index(&self, l: &LobbySnapshot, panel: Panel) -> Option<usize> {
        match panel {
            Panel::Players => self.player_index(l),
            Panel::Seeks => match self.seek {
                Some(_) => self.seek_index(l).map(|i| i + 1),
                None if self.gone && self.focus == Panel::Seeks => None,
                None => Some(0),
            },
            Panel::Games => self.game_index(l),
            Panel::Tournaments => self.tournament_index(l),
            Panel::Chat => None,
        }
    }

    fn focus_panel(&mut self, l: &LobbySnapshot, panel: Panel) {
        self.focus = panel;
        self.hold = false;
        self.clicked = false;
        self.gone = false;
        if self.index(l, panel).is_none() && Self::len(l, panel) > 0 {
            self.select(l, panel, 0);
        }
    }

    fn move_sel(&mut self, l: &LobbySnapshot, d: i32) {
        self.hold = false;
        self.clicked = false;
        self.gone = false;
        let n = Self::len(l, self.focus);
        if n == 0 {
            return;
        }
        let i = match self.index(l, self.focus) {
            None => 0,
            Some(i) => (i as i32 + d).clamp(0, n as i32 - 1) as usize,
        };
        self.select(l, self.focus, i);
    }

    /// The lobby's layout, with a footer of two rows when its hints need them.
    fn layout(&self, l: &LobbySnapshot, me: &Identity, w: u16, h: u16) -> LobbyLayout {
        let need = PlayerCols::need(self.lang, &l.players);
        let mut lay = lobby_layout_for(w, h, l.tournaments.len(), need);
        if footer_rows(&self.keys(l, me).footer(), w) > 1 {
            lay.players.height = lay.players.height.saturating_sub(1);
            lay.chat.height = lay.chat.height.saturating_sub(1);
            lay.footer = Rect::new(0, h.saturating_sub(2), w, 2.min(h));
        }
        lay
    }

    /// A form was submitted: the next one of its kind starts from its choices.
    pub fn remember(&mut self, f: &SeekForm) {
        if f.kind == FormKind::Bot {
            if let Some(terms) = f.bot_terms() {
                self.quick = terms;
            }
            self.last_bot = Some(f.clone());
        } else {
            self.last_seek = Some(f.clone());
        }
    }

    /// A new form of this kind, with the last choices.
    fn form(
        &self,
        kind: FormKind,
        me: &Identity,
        to: Option<String>,
        agents: &[String],
    ) -> SeekForm {
        let mut f = SeekForm::new(kind, me.guest, to);
        if kind == FormKind::Bot {
            f.agents = agents.to_vec();
        }
        let last = match kind {
            FormKind::Bot => &self.last_bot,
            _ => &self.last_seek,
        };
        match last {
            Some(l) => f.like(l),
            None => f,
        }
    }

    pub fn paste(&mut self, s: &str) {
        if let Some(c) = &mut self.chat {
            c.insert(s);
        }
    }

    /// The lobby's conditions now.
    fn cx(&self, l: &LobbySnapshot, me: &Identity) -> LobbyCx {
        // What the last snapshot showed, unless it was seen under another nick (a rename).
        let fresh;
        let seen = match &self.seen {
            Some(s) if s.nick == me.nick => s,
            _ => {
                fresh = Seen::of(l, me);
                &fresh
            }
        };
        let mine = seen.mine;
        LobbyCx {
            focus: self.focus,
            admin: me.admin,
            my_game: mine.is_some() || self.elsewhere.is_some(),
            my_game_selected: mine.is_some() && self.game == mine,
            seek_selected: self.seek_index(l).is_some(),
            quick: self.seek_index(l).is_none() && !self.gone,
            challenged: seen.challenged,
            tournaments: !l.tournaments.is_empty(),
        }
    }

    /// The keys of the lobby as it is now.
    pub fn keys(&self, l: &LobbySnapshot, me: &Identity) -> Box<dyn Described> {
        let keys = if self.chat.is_some() {
            keymap::plain(CHAT_KEYS)
        } else {
            Box::new(With(KEYS, self.cx(l, me)))
        };
        Box::new(InLang(keys, self.lang))
    }

    pub fn key(&mut self, key: Key, l: &LobbySnapshot, me: &Identity) -> Vec<Act> {
        if let Some(line) = chat_key(&mut self.chat, key) {
            return line
                .map(|text| vec![Act::Fx(Effect::Lobby(LobbyCmd::Chat(text)))])
                .unwrap_or_default();
        }
        match keymap::action(KEYS, key, &self.cx(l, me)) {
            Some(a) => self.act(a, key.code, l, me),
            None => vec![],
        }
    }

    fn act(&mut self, a: Do, code: KeyCode, l: &LobbySnapshot, me: &Identity) -> Vec<Act> {
        let form = |kind, to| vec![Act::Open(Overlay::Form(self.form(kind, me, to, &l.agents)))];
        match a {
            Do::Cycle => {
                let shown: Vec<Panel> = PANELS
                    .into_iter()
                    .filter(|p| *p != Panel::Tournaments || !l.tournaments.is_empty())
                    .collect();
                let pos = shown.iter().position(|p| *p == self.focus).unwrap_or(0);
                let d = if code == KeyCode::Tab {
                    1
                } else {
                    shown.len() - 1
                };
                self.focus_panel(l, shown[(pos + d) % shown.len()]);
            }
            Do::FocusTournaments => self.focus_panel(l, Panel::Tournaments),
            Do::NoTournaments => {
                return vec![Act::Notice(tr(self.lang, "lobby-notice-no-tournaments"))]
            }
            Do::FocusPlayers => self.focus_panel(l, Panel::Players),
            Do::FocusSeeks => {
                if self.focus != Panel::Seeks {
                    self.focus_panel(l, Panel::Seeks)
                }
            }
            Do::Move => self.move_sel(
                l,
                match code {
                    KeyCode::Up | KeyCode::Char('k') => -1,
                    KeyCode::Down | KeyCode::Char('j') => 1,
                    KeyCode::PageUp => -10,
                    KeyCode::PageDown => 10,
                    KeyCode::Home => -10_000,
                    _ => 10_000,
                },
            ),
            Do::Activate => return self.activate(l, me),
            Do::NewSeek => return form(FormKind::Seek, None),
            Do::Bot => return form(FormKind::Bot, None),
            Do::Challenge => return self.challenge(l, me),
            Do::CancelSeek => return self.cancel_seek(l, me),
            Do::Decline => return self.decline(l, me),
            Do::Chat => {
                self.focus = Panel::Chat;
                self.chat = Some(LineInput::new(CHAT_MAX));
            }
            Do::Leaders => return browse::open_leaderboard(Variant::Classic),
            Do::Games => return browse::open_games(GameFilter::Mine, None),
            // The set-up library (issue 47 item 3).
            Do::Setups => return vec![Act::OpenLibrary],
            Do::Profile => {
                // The selected player's profile, or mine (a guest has none stored).
                let (nick, guest) = match self.player_index(l) {
                    Some(i) => (l.players[i].nick.clone(), l.players[i].guest),
                    _ => (me.nick.clone(), me.guest),
                };
                if guest {
                    return browse::open_guest_profile(&nick);
                }
                return browse::open_profile(&nick);
            }
            Do::Settings => return vec![Act::Open(Overlay::Settings { row: 0 })],
            Do::Quit => return vec![Act::Open(Overlay::Quit)],
            // The app checks again that this session is an admin's.
            Do::Admin => return vec![Act::OpenAdmin],
            Do::Help => return vec![Act::Open(Overlay::Help)],
            Do::Return => {
                let elsewhere = self.elsewhere.take();
                if let Some(g) = my_game(l, me) {
                    self.focus_panel(l, Panel::Games);
                    self.game = Some(g.id);
                    return vec![Act::Fx(Effect::Lobby(LobbyCmd::Spectate(g.id)))];
                }
                // Not listed (a private game): the lobby knows it is mine.
                if let Some(id) = elsewhere {
                    return vec![Act::Fx(Effect::Lobby(LobbyCmd::Spectate(id)))];
                }
            }
        }
        vec![]
    }

    fn challenge(&mut self, l: &LobbySnapshot, me: &Identity) -> Vec<Act> {
        match self.player_index(l).map(|i| &l.players[i]) {
            None => {
                self.focus_panel(l, Panel::Players);
                vec![Act::Notice(tr(self.lang, "lobby-notice-select-player"))]
            }
            Some(p) if p.nick == me.nick => {
                vec![Act::Notice(tr(self.lang, "lobby-notice-not-yourself"))]
            }
            Some(p) if p.bot => vec![Act::Open(Overlay::Form(self.form(
                FormKind::Bot,
                me,
                None,
                &l.agents,
            )))],
            Some(p) => vec![Act::Open(Overlay::Form(self.form(
                FormKind::Challenge,
                me,
                Some(p.nick.clone()),
                &l.agents,
            )))],
        }
    }

    fn cancel_seek(&mut self, l: &LobbySnapshot, me: &Identity) -> Vec<Act> {
        let selected = self
            .seek_index(l)
            .map(|i| &l.seeks[i])
            .filter(|s| s.owner == me.nick);
        let mine = selected.or_else(|| l.seeks.iter().find(|s| s.owner == me.nick));
        match mine {
            Some(s) => vec![Act::Fx(Effect::Lobby(LobbyCmd::CancelSeek(s.id)))],
            None => vec![Act::Notice(tr(self.lang, "lobby-notice-no-seek-to-cancel"))],
        }
    }

    /// Turns down the challenge to me selected (or the first one to me in the list).
    fn decline(&mut self, l: &LobbySnapshot, me: &Identity) -> Vec<Act> {
        let to_me = |s: &&Seek| s.private_to.as_ref() == Some(&me.nick);
        let selected = self.seek_index(l).map(|i| &l.seeks[i]).filter(to_me);
        match selected.or_else(|| l.seeks.iter().find(to_me)) {
            Some(s) => vec![Act::Fx(Effect::Lobby(LobbyCmd::Decline(s.id)))],
            None => vec![Act::Notice(tr(self.lang, "lobby-notice-no-challenge"))],
        }
    }

    fn activate(&mut self, l: &LobbySnapshot, me: &Identity) -> Vec<Act> {
        match self.focus {
            Panel::Players => self.challenge(l, me),
            Panel::Seeks => match self.seek_index(l).map(|i| &l.seeks[i]) {
                Some(s) if s.owner == me.nick => {
                    vec![Act::Notice(tr(self.lang, "lobby-notice-own-seek"))]
                }
                Some(s) => vec![Act::Fx(Effect::Lobby(LobbyCmd::Accept(s.id)))],
                None if std::mem::take(&mut self.gone) => {
                    vec![Act::Notice(tr(self.lang, "lobby-notice-seek-gone"))]
                }
                // The first row, selected until the player moves to a seek (the newcomer's
                // first step): a game against the computer.
                None => vec![Act::Fx(Effect::Lobby(self.quick.cmd()))],
            },
            Panel::Games => match self.game_index(l).map(|i| &l.games[i]) {
                // One's own game, private or not: back into the seat.
                Some(g) if is_mine(g, me) => {
                    vec![Act::Fx(Effect::Lobby(LobbyCmd::Spectate(g.id)))]
                }
                Some(g) if g.private => {
                    vec![Act::Notice(tr(self.lang, "lobby-notice-private-game"))]
                }
                Some(g) => vec![Act::Fx(Effect::Lobby(LobbyCmd::Spectate(g.id)))],
                None if std::mem::take(&mut self.gone) => {
                    vec![Act::Notice(tr(self.lang, "lobby-notice-game-ended"))]
                }
                None if l.games.is_empty() => {
                    vec![Act::Notice(tr(self.lang, "lobby-notice-no-games"))]
                }
                None => vec![Act::Notice(tr(self.lang, "lobby-notice-no-game-selected"))],
            },
            Panel::Tournaments => match self.tournament_index(l).map(|i| &l.tournaments[i]) {
                Some(t) => vec![Act::OpenTournament(t.id)],
                None if std::mem::take(&mut self.gone) => {
                    vec![Act::Notice(tr(self.lang, "lobby-notice-tournament-gone"))]
                }
                None => vec![Act::Notice(tr(
                    self.lang,
                    "lobby-notice-no-tournament-selected",
                ))],
            },
            Panel::Chat => {
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
        match m.kind {
            MouseKind::ScrollUp | MouseKind::ScrollDown => {
                let d = if m.kind == MouseKind::ScrollUp { -1 } else { 1 };
                for (panel, r) in panels(&lay) {
                    if r.contains(pos) && panel != Panel::Chat {
                        self.focus_panel(l, panel);
                        self.move_sel(l, d);
                    }
                }
                return vec![];
            }
            MouseKind::Down(MouseButton::Left) => {}
            _ => return vec![],
        }
        for (panel, r) in panels(&lay) {
            if !r.contains(pos) {
                continue;
            }
            if panel == Panel::Chat {
                self.focus = Panel::Chat;
                if self.chat.is_none() {
                    self.chat = Some(LineInput::new(CHAT_MAX));
                }
                return vec![];
            }
            let inn = list_area(panel, r);
            if !inn.contains(pos) {
                self.focus_panel(l, panel);
                return vec![];
            }
            let n = Self::len(l, panel);
            let off = scroll_offset(self.index(l, panel), n, inn.height as usize);
            let i = off + (m.row - inn.y) as usize;
            if i >= n {
                self.focus = panel;
                return vec![];
            }
            let again = self.clicked && self.focus == panel && self.index(l, panel) == Some(i);
            self.focus = panel;
            self.hold = false;
            self.select(l, panel, i);
            self.clicked = !again;
            if again {
                return self.activate(l, me);
            }
            return vec![];
        }
        vec![]
    }
}

/// Whether I play in this game (not watch it).
fn is_mine(g: &GameSummary, me: &Identity) -> bool {
    g.red == me.nick || g.blue == me.nick
}

/// My game to return to, if I play one: a game played at one sitting first, else the
/// correspondence game whose move is due soonest, else any of mine.
fn my_game<'a>(l: &'a LobbySnapshot, me: &Identity) -> Option<&'a GameSummary> {
    let mine = || l.games.iter().filter(|g| is_mine(g, me));
    let my_move = |g: &&GameSummary| match g.turn {
        Some((crate::rules::Color::Red, _)) => g.red == me.nick,
        Some((crate::rules::Color::Blue, _)) => g.blue == me.nick,
        None => false,
    };
    mine()
        .find(|g| !g.terms.correspondence())
        .or_else(|| mine().filter(my_move).min_by_key(|g| g.turn.map(|t| t.1)))
        .or_else(|| mine().next())
}

/// The games list's columns in the language: the names get what the others leave (at
/// least 12 cells, at most 32); the spectators' column goes where it would leave the
/// names less than their head.
struct GameCols {
    names: usize,
    variant: usize,
    moves: usize,
    /// 0: not shown.
    watching: usize,
}

impl GameCols {
    fn new(lang: Lang, width: u16) -> GameCols {
        let width = usize::from(width);
        let w = |id: &str| super::words::width(&tr(lang, id));
        let variant = Variant::ALL
            .iter()
            .map(|v| super::words::width(&variant_name(lang, *v)))
            .chain([w("lobby-head-variant")])
            .fold(8, usize::max);
        let moves = w("lobby-head-move").max(5);
        let watching = w("lobby-head-watching").max(w("lobby-private")).max(3);
        let head = w("lobby-head-red-blue").max(12);
        let names = |watching: usize| {
            let others = 2 + variant + 1 + moves + if watching > 0 { 2 + watching } else { 0 };
            width.saturating_sub(others).clamp(12, 32)
        };
        let watching = if width >= names(watching) + 5 + variant + moves + watching
            && names(watching) >= head
        {
            watching
        } else {
            0
        };
        GameCols {
            names: names(watching),
            variant,
            moves,
            watching,
        }
    }
}

/// `s` right-aligned in `w` cells.
fn pad_left(s: &str, w: usize) -> String {
    let n = super::words::width(s);
    format!("{}{s}", " ".repeat(w.saturating_sub(n)))
}

/// One line of a tournament's terms in `lang`: `Swiss 5 rounds · Classic · 5+3 · rated ·
/// anyone` (in English as [`TournamentInfo::terms_line`] says it).
pub(crate) fn terms_line(lang: Lang, info: &TournamentInfo) -> String {
    use crate::proto::{EntryRule, Format};
    let t = &info.terms;
    let format = match t.format {
        Format::Arena { minutes } => t!(lang, "lobby-terms-arena", minutes = minutes.to_string()),
        Format::Swiss { rounds } => t!(lang, "lobby-terms-swiss", rounds = rounds),
    };
    let clock = t
        .game
        .clock
        .map(|c| c.to_string())
        .unwrap_or_else(|| tr(lang, "lobby-seek-no-clock"));
    let rated = tr(
        lang,
        if t.game.rated {
            "lobby-seek-rated"
        } else {
            "lobby-seek-casual"
        },
    );
    let entry = match &t.entry {
        EntryRule::Anyone => tr(lang, "lobby-terms-anyone"),
        EntryRule::KeyHolders => tr(lang, "lobby-terms-key-holders"),
        EntryRule::Nicks(n) => t!(lang, "lobby-terms-invited", nicks = n.join(", ")),
    };
    let mut line = format!(
        "{format} · {} · {clock} · {rated} · {entry}",
        variant_name(lang, t.game.rules.variant),
    );
    if t.min_rated_games > 0 {
        line.push_str(" · ");
        line.push_str(&t!(
            lang,
            "lobby-terms-min-rated",
            count = t.min_rated_games
        ));
    }
    line
}

/// The seeks list's columns, each as wide as its head and its words in the language (at
/// least as wide as in English): the player, variant, clock, rated or casual; the rules
/// get the rest.
pub(crate) struct SeekCols {
    player: usize,
    variant: usize,
    clock: usize,
    rated: usize,
}

impl SeekCols {
    fn new(lang: Lang, width: usize) -> SeekCols {
        let w = |ids: &[&str]| {
            ids.iter()
                .map(|id| super::words::width(&tr(lang, id)))
                .max()
                .unwrap_or(0)
        };
        let variant = Variant::ALL
            .iter()
            .map(|v| super::words::width(&variant_name(lang, *v)))
            .chain([w(&["lobby-head-variant"])])
            .fold(8, usize::max);
        let clock = w(&["lobby-head-clock", "lobby-seek-no-clock"]).max(5);
        let rated = w(&["lobby-head-rated", "lobby-seek-rated", "lobby-seek-casual"]).max(6);
        // The players' names get 12 cells, fewer where the other columns need them
        // (a name is cut, never a word of ours).
        let rest = variant + clock + rated + 4;
        let player = width
            .saturating_sub(rest)
            .min(12)
            .max(w(&["lobby-head-player", "lobby-you"]).min(12));
        SeekCols {
            player,
            variant,
            clock,
            rated,
        }
    }

    /// The heads over the columns (the rules' where it fits).
    fn head(&self, lang: Lang, width: usize) -> String {
        let head = format!(
            "{} {} {} {}",
            pad(&tr(lang, "lobby-head-player"), self.player),
            pad(&tr(lang, "lobby-head-variant"), self.variant),
            pad(&tr(lang, "lobby-head-clock"), self.clock),
            pad(&tr(lang, "lobby-head-rated"), self.rated),
        );
        let rules = tr(lang, "lobby-head-rules");
        if super::words::width(&head) + 1 + super::words::width(&rules) <= width {
            format!("{head} {rules}")
        } else {
            head.trim_end().to_string()
        }
    }
}

/// A seek's rule options in short (`2sq:3 chase AA`), for its row.
fn rules_short(lang: Lang, o: &crate::rules::Options) -> Vec<String> {
    let mut w = vec![match o.two_square_limit {
        0 => tr(lang, "lobby-rules-two-square-off"),
        n => t!(lang, "lobby-rules-two-square", n = n.to_string()),
    }];
    for (on, id) in [
        (o.more_squares, "lobby-rules-chase"),
        (o.aggressor_advantage, "lobby-rules-aggressor"),
        (o.silent_defense, "lobby-rules-silent"),
        (o.rescue, "lobby-rules-rescue"),
        (
            o.immobility == crate::rules::Immobility::Immediate,
            "lobby-rules-immobility",
        ),
    ] {
        if on {
            w.push(tr(lang, id));
        }
    }
    w
}

/// The rules in words (`two-square 3 moves, chasing rule`), for the border.
fn rules_items(lang: Lang, o: &crate::rules::Options, v: Variant) -> Vec<String> {
    rule_items(lang, o, v)
}

/// As many of `items` as fit `room` cells whole, one space apart (`, ` between longer
/// ones), with `…` where some are left out (`AA…`, `chasing rule, …`); nothing when not
/// even the first fits. A word is never cut, nor a message of the catalog.
pub(crate) fn fit_words(items: &[String], room: usize) -> String {
    let sep = if items.iter().any(|i| i.contains(' ')) {
        ", "
    } else {
        " "
    };
    let mark = if sep == " " { "…" } else { ", …" };
    let whole = items.join(sep);
    if super::words::width(&whole) <= room {
        return whole;
    }
    let mut out = String::new();
    for i in items {
        let next = if out.is_empty() {
            i.clone()
        } else {
            format!("{out}{sep}{i}")
        };
        if super::words::width(&next) + mark.chars().count() > room {
            break;
        }
        out = next;
    }
    if out.is_empty() {
        return out;
    }
    out + mark
}

fn panels(l: &LobbyLayout) -> [(Panel, Rect); 5] {
    [
        (Panel::Players, l.players),
        (Panel::Seeks, l.seeks),
        (Panel::Games, l.games),
        (Panel::Tournaments, l.tournaments),
        (Panel::Chat, l.chat),
    ]
}

/// The rows of a list panel (inside the border, below the column header for seeks/games).
fn list_area(panel: Panel, r: Rect) -> Rect {
    let i = inner(r);
    match panel {
        Panel::Seeks | Panel::Games | Panel::Players => {
            Rect::new(i.x, i.y + 1, i.width, i.height.saturating_sub(1))
        }
        Panel::Tournaments | Panel::Chat => i,
    }
}

/// The players list's columns: the names, the ratings (as wide as their head and words
/// in the language, 6 in English), the statuses (what is left: the long words where
/// they fit).
struct PlayerCols {
    nick: usize,
    rating: usize,
    status: usize,
}

impl PlayerCols {
    fn rating_w(lang: Lang) -> usize {
        ["lobby-rating-bot", "lobby-rating-guest"]
            .map(|id| super::words::width(&tr(lang, id)))
            .into_iter()
            .fold(6, usize::max)
    }

    /// The status column's least width: its head and the short words of the players
    /// listed (8 in English).
    ///
    /// The short words depend only on a status's kind (and a left game's number, as wide
    /// as its digits): each kind listed is put into words once, not each player's (with
    /// thousands listed, a player's words each frame were a tenth of the server's work).
    fn status_min(lang: Lang, players: &[PlayerInfo]) -> usize {
        status_kinds(players)
            .into_iter()
            .flatten()
            .map(|s| super::words::width(&status_text(s, 0, lang)))
            .chain([super::words::width(&tr(lang, "lobby-head-status"))])
            .fold(8, usize::max)
    }

    /// The panel's width its words need whole: a bullet, 6 cells of a name (or its
    /// head), the rating, the status, and the borders.
    fn need(lang: Lang, players: &[PlayerInfo]) -> u16 {
        let head = super::words::width(&tr(lang, "lobby-head-nick")).max(8);
        (head + 1 + Self::rating_w(lang) + 1 + Self::status_min(lang, players) + 2) as u16
    }

    fn new(lang: Lang, players: &[PlayerInfo], me: &str, width: usize) -> PlayerCols {
        let w = super::words::width;
        let rating = Self::rating_w(lang);
        let you = w(&tr(lang, "lobby-you")) + 1;
        // The names as wide as the longest (with "(you)"), the rest to say where each is.
        let longest = players
            .iter()
            .map(|p| w(&p.nick) + if p.nick == me { you } else { 0 })
            .max()
            .unwrap_or(0);
        let head = w(&tr(lang, "lobby-head-nick")).saturating_sub(2);
        let nick = longest
            .min(width.saturating_sub(4 + Self::status_min(lang, players) + rating))
            .clamp(6.max(head), 24);
        PlayerCols {
            nick,
            rating,
            status: width.saturating_sub(nick + 4 + rating),
        }
    }
}

/// One status of each kind among `players` (a left game's: the one with the largest
/// number, whose short words are the widest of its kind).
fn status_kinds(players: &[PlayerInfo]) -> [Option<PlayerStatus>; 5] {
    let mut kinds: [Option<PlayerStatus>; 5] = [None; 5];
    for p in players {
        let slot = match p.status {
            PlayerStatus::Idle => 0,
            PlayerStatus::Seeking => 1,
            PlayerStatus::Playing(_) => 2,
            PlayerStatus::Watching(_) => 3,
            PlayerStatus::LeftGame(g) => {
                if !matches!(kinds[4], Some(PlayerStatus::LeftGame(h)) if h >= g) {
                    kinds[4] = Some(p.status);
                }
                continue;
            }
        };
        kinds[slot].get_or_insert(p.status);
    }
    kinds
}

/// Where a player is, in words that fit `room` columns where they can (`room` 0: the
/// short words).
fn status_text(s: PlayerStatus, room: usize, lang: crate::i18n::Lang) -> String {
    let fits = |id: &str, arg: Option<String>| {
        let long = match arg {
            Some(id_arg) => t!(lang, id, id = id_arg),
            None => tr(lang, id),
        };
        super::words::width(&long) <= room
    };
    let long = match s {
        PlayerStatus::Idle => fits("lobby-status-idle-long", None),
        PlayerStatus::LeftGame(g) => fits("lobby-status-left-long", Some(g.to_string())),
        _ => false,
    };
    match s {
        PlayerStatus::Idle if long => tr(lang, "lobby-status-idle-long"),
        PlayerStatus::Idle => tr(lang, "lobby-status-idle"),
        PlayerStatus::LeftGame(g) if long => t!(lang, "lobby-status-left-long", id = g.to_string()),
        PlayerStatus::LeftGame(g) => t!(lang, "lobby-status-left", id = g.to_string()),
        PlayerStatus::Seeking => tr(lang, "lobby-status-seeking"),
        PlayerStatus::Playing(_) => tr(lang, "lobby-status-playing"),
        PlayerStatus::Watching(_) => tr(lang, "lobby-status-watching"),
    }
}

pub(crate) fn draw_list(
    buf: &mut Buffer,
    area: Rect,
    rows: Vec<Line<'static>>,
    selected: Option<usize>,
    focused: bool,
    empty: &str,
    t: &Theme,
) {
    draw_rows(
        buf,
        area,
        rows.len(),
        |k| rows[k].clone(),
        selected,
        focused,
        empty,
        t,
    );
}

/// A list of `count` rows of which only the visible ones are made (by `row`): lobbies of a
/// thousand players are drawn many times a second.
#[allow(clippy::too_many_arguments)]
pub(crate) fn draw_rows(
    buf: &mut Buffer,
    area: Rect,
    count: usize,
    row: impl Fn(usize) -> Line<'static>,
    selected: Option<usize>,
    focused: bool,
    empty: &str,
    t: &Theme,
) {
    if count == 0 {
        put(buf, area.x, area.y, empty, area.width, t.dim());
        return;
    }
    let off = scroll_offset(selected, count, area.height as usize);
    for k in (off..count).take(area.height as usize) {
        let row = row(k);
        let row = &row;
        let y = area.y + (k - off) as u16;
        if Some(k) == selected {
            let st = if focused {
                t.row_focus()
            } else {
                t.row_select()
            };
            fill(buf, Rect::new(area.x, y, area.width, 1), st);
            let row = row.clone().patch_style(st);
            put_line(buf, area.x, y, &row, area.width);
        } else {
            put_line(buf, area.x, y, row, area.width);
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

/// `now`: the wall clock, Unix seconds (the tournaments' countdowns); `hints`: the key
/// hints in the footer (not under a card that takes the keys).
#[allow(clippy::too_many_arguments)]
pub(crate) fn render(
    buf: &mut Buffer,
    ui: &LobbyUi,
    l: &LobbySnapshot,
    cx: Cx<'_>,
    t: &Theme,
    now: u64,
    w: u16,
    h: u16,
    hints: bool,
) {
    let Cx { me, waiting } = cx;
    let lay = ui.layout(l, me, w, h);
    let v = View {
        ui,
        l,
        me,
        waiting,
        t,
        now,
    };
    v.header(buf, lay.header);
    v.players(buf, lay.players);
    v.seeks(buf, lay.seeks);
    v.games(buf, lay.games);
    if lay.tournaments.height > 0 {
        v.tournaments(buf, lay.tournaments);
    }
    v.chat(buf, lay.chat);
    if hints {
        footer(buf, lay.footer, &ui.keys(l, me).footer(), t);
    }
}

/// Who looks at the lobby: the player, and their correspondence games waiting for them
/// (sent to them alone, matched by identity: never found by nick in the shared lists).
#[derive(Clone, Copy)]
pub(crate) struct Cx<'a> {
    pub me: &'a Identity,
    pub waiting: &'a [crate::proto::WaitingGame],
}

/// What drawing the lobby reads.
struct View<'a> {
    ui: &'a LobbyUi,
    l: &'a LobbySnapshot,
    me: &'a Identity,
    waiting: &'a [crate::proto::WaitingGame],
    t: &'a Theme,
    now: u64,
}

impl View<'_> {
    fn header(&self, buf: &mut Buffer, area: Rect) {
        let (l, me, t) = (self.l, self.me, self.t);
        let sep = t.g.sep;
        let lang = t.lang;
        let who = if me.guest {
            t!(lang, "lobby-guest", nick = me.nick.as_str())
        } else {
            me.nick.clone()
        };
        let counts = t!(
            lang,
            "lobby-counts",
            players = l.players.len(),
            seeks = l.seeks.len(),
            games = l.games.len()
        );
        let mut spans = vec![
            Span::styled("stratego-ssh", t.accent()),
            Span::raw(sep.to_string()),
            Span::raw(t!(lang, "lobby-you-are", nick = who)),
            Span::raw(sep.to_string()),
        ];
        let mine = my_game(l, me);
        let game_line = mine.is_some();
        match mine {
            // While I play a game, the way back to it instead of the counts.
            Some(g) => {
                let key = if self.ui.focus == Panel::Games && self.ui.game == Some(g.id) {
                    "Enter"
                } else {
                    "r"
                };
                spans.push(Span::styled(
                    format!(
                        " {} ",
                        t!(lang, "lobby-return", key = key, id = g.id.to_string())
                    ),
                    t.banner(),
                ));
            }
            None => spans.push(Span::styled(counts, t.dim())),
        }
        // Too long for the line: the server's name goes first, then the counts.
        if Line::from(spans.clone()).width() > usize::from(area.width) {
            spans.drain(..2);
            if !game_line && Line::from(spans.clone()).width() > usize::from(area.width) {
                spans.truncate(1);
            }
        }
        put_line(buf, area.x, area.y, &Line::from(spans), area.width);
    }

    /// A list panel: its border and title, the column titles, the rows made by `row`.
    fn list(
        &self,
        buf: &mut Buffer,
        (area, which, title): (Rect, Panel, String),
        head: &str,
        count: usize,
        row: impl Fn(usize) -> Line<'static>,
        empty: &str,
    ) {
        let focused = self.ui.focus == which;
        let inn = panel(buf, area, &title, focused, self.t);
        put(buf, inn.x, inn.y, head, inn.width, self.t.dim());
        let selected = self.ui.index(self.l, which);
        let rows = list_area(which, area);
        draw_rows(buf, rows, count, row, selected, focused, empty, self.t);
    }

    fn players(&self, buf: &mut Buffer, area: Rect) {
        let players = &self.l.players;
        let width = inner(area).width as usize;
        let lang = self.t.lang;
        let c = PlayerCols::new(lang, players, &self.me.nick, width);
        let (nick_w, rating_w, status_w) = (c.nick, c.rating, c.status);
        // The rating's head ends over the ratings, reaching into the names' column when
        // it is wider than the ratings; where the two heads do not both fit, the names'
        // alone.
        let (nick_h, rating_h) = (tr(lang, "lobby-head-nick"), tr(lang, "lobby-head-rating"));
        let to_rating = nick_w + 2 + 1 + rating_w;
        let wn = super::words::width(&nick_h);
        let rating_h = if wn + 1 + super::words::width(&rating_h) <= to_rating {
            rating_h
        } else {
            String::new()
        };
        let head = format!(
            "{}{} {}",
            pad(&nick_h, wn),
            pad_left(&rating_h, to_rating - wn),
            tr(lang, "lobby-head-status")
        );
        let title = t!(self.t.lang, "lobby-players-title", count = players.len());
        let row = |i: usize| self.player_row(&players[i], nick_w, rating_w, status_w);
        let empty = tr(self.t.lang, "lobby-nobody");
        let empty = empty.as_str();
        self.list(
            buf,
            (area, Panel::Players, title),
            &head,
            players.len(),
            row,
            empty,
        );
    }

    fn player_row(
        &self,
        p: &PlayerInfo,
        nick_w: usize,
        rating_w: usize,
        status_w: usize,
    ) -> Line<'static> {
        let t = self.t;
        let lang = t.lang;
        let rating = if p.bot {
            tr(lang, "lobby-rating-bot")
        } else if let Some(r) = p.rating {
            r.to_string()
        } else if p.guest {
            tr(lang, "lobby-rating-guest")
        } else {
            "-".to_string()
        };
        let mine = p.nick == self.me.nick;
        if mine && p.nick.chars().count() > nick_w {
            // My own name whole (a guest's `guest-0520` too): my status gives way.
            return Line::from(vec![
                Span::raw(format!("{} ", t.g.bullet)),
                Span::styled(p.nick.clone(), t.accent()),
                Span::raw(format!(" {rating:>rating_w$}")),
            ]);
        }
        let (nick, name_style) = if mine {
            // `(you)` only where it fits whole: the name comes first.
            let marked = format!("{} {}", p.nick, tr(lang, "lobby-you"));
            let shown = if marked.chars().count() <= nick_w {
                marked
            } else {
                trunc(&p.nick, nick_w)
            };
            (shown, t.accent())
        } else {
            (trunc(&p.nick, nick_w), Style::new())
        };
        Line::from(vec![
            Span::raw(format!("{} ", t.g.bullet)),
            Span::styled(pad(&nick, nick_w), name_style),
            Span::raw(format!(" {rating:>rating_w$} ")),
            Span::styled(status_text(p.status, status_w, lang), t.dim()),
        ])
    }

    fn seeks(&self, buf: &mut Buffer, area: Rect) {
        let seeks = &self.l.seeks;
        let title = t!(self.t.lang, "lobby-seeks-title", count = seeks.len());
        let width = usize::from(list_area(Panel::Seeks, area).width);
        let mut cols = SeekCols::new(self.t.lang, width);
        // Wider where a correspondence seek with a total budget is listed (`7d/60d`).
        let lang = self.t.lang;
        for s in seeks {
            if let (Some(days), Some(_)) = (s.terms.days, s.terms.budget) {
                let w = super::words::width(&super::vocab::days_short(lang, days, s.terms.budget));
                cols.clock = cols.clock.max(w);
            }
        }
        let head = cols.head(self.t.lang, width);
        // The first row plays the computer; the seeks follow.
        let row = |i: usize| match i.checked_sub(1) {
            None => self.computer_row(width),
            Some(k) => self.seek_row(&seeks[k], width, &cols),
        };
        let rows = seeks.len() + 1;
        self.list(buf, (area, Panel::Seeks, title), &head, rows, row, "");
        if seeks.is_empty() {
            let inn = list_area(Panel::Seeks, area);
            let below = Rect::new(inn.x, inn.y + 1, inn.width, inn.height.saturating_sub(1));
            self.first_steps(buf, below);
        }
        // The selected seek's rules in words, on the panel's bottom border.
        if let Some(s) = self.ui.seek_index(self.l).map(|i| &seeks[i]) {
            let rules = &s.terms.rules;
            let lang = self.t.lang;
            let room = area.width.saturating_sub(4) as usize;
            let text = format!(
                " {} ",
                fit_words(&rules_items(lang, &rules.options, rules.variant), room - 2)
            );
            let y = area.bottom().saturating_sub(1);
            put(buf, area.x + 2, y, &text, room as u16, self.t.dim());
        }
    }

    /// The seeks' first row: a game against the computer on the quick terms, with the
    /// key when Enter plays it (the row selected in the focused list).
    fn computer_row(&self, width: usize) -> Line<'static> {
        let t = self.t;
        let enter = self.ui.focus == Panel::Seeks && self.ui.seek.is_none() && !self.ui.gone;
        let key = if enter { "Enter" } else { "" };
        let room = width.saturating_sub(6);
        // The terms in words where they fit, else the row's words alone.
        let words = t!(
            t.lang,
            "lobby-computer-row",
            terms = self.ui.quick.words(t.lang)
        );
        let words = if super::words::width(&words) <= room {
            words
        } else {
            tr(t.lang, "lobby-computer-row-short")
        };
        Line::from(vec![
            Span::styled(pad(key, 6), t.key()),
            Span::raw(trunc(&words, room)),
        ])
    }

    /// An empty seek list: under the computer's row, what else there is to do.
    fn first_steps(&self, buf: &mut Buffer, area: Rect) {
        let t = self.t;
        let width = usize::from(area.width);
        let mut rows: Vec<Line<'static>> = vec![Line::from(Span::styled(
            tr(t.lang, "lobby-no-seeks"),
            t.dim(),
        ))];
        let (terms, post) = (
            tr(t.lang, "lobby-keys-computer-terms"),
            tr(t.lang, "lobby-post-seek"),
        );
        let others = [("b", terms.as_str()), ("n", post.as_str())];
        let one_row: usize = others
            .iter()
            .map(|(k, w)| k.chars().count() + 1 + w.chars().count() + 3)
            .sum();
        let item = |(k, w): (&str, &str)| {
            vec![
                Span::styled(format!("{k} "), t.key()),
                Span::raw(w.to_string()),
            ]
        };
        if one_row <= width {
            let mut spans = item(others[0]);
            spans.push(Span::raw("   "));
            spans.extend(item(others[1]));
            rows.push(Line::from(spans));
        } else {
            rows.extend(others.into_iter().map(|o| Line::from(item(o))));
        }
        for (k, l) in rows.iter().take(area.height as usize).enumerate() {
            put_line(buf, area.x, area.y + k as u16, l, area.width);
        }
    }

    fn seek_row(&self, s: &Seek, width: usize, c: &SeekCols) -> Line<'static> {
        let (t, me) = (self.t, &self.me.nick);
        let lang = t.lang;
        let clock = match s.terms.days {
            Some(days) => super::vocab::days_short(lang, days, s.terms.budget),
            None => s
                .terms
                .clock
                .map_or(tr(lang, "lobby-seek-no-clock"), |c| c.to_string()),
        };
        let rated = tr(
            lang,
            if s.terms.rated {
                "lobby-seek-rated"
            } else {
                "lobby-seek-casual"
            },
        );
        let mut spans = vec![];
        if s.private_to.as_ref() == Some(me) {
            spans.push(Span::styled(
                pad(&trunc(&format!("! {}", s.owner), c.player), c.player),
                t.accent(),
            ));
        } else if &s.owner == me {
            spans.push(Span::styled(
                pad(&tr(lang, "lobby-you"), c.player),
                t.accent(),
            ));
        } else {
            spans.push(Span::raw(pad(&trunc(&s.owner, c.player), c.player)));
        }
        spans.push(Span::raw(format!(
            " {} {} {} ",
            pad(&variant_name(lang, s.terms.rules.variant), c.variant),
            pad(&clock, c.clock),
            pad(&rated, c.rated)
        )));
        let cols = Line::from(spans.clone()).width();
        let to = match &s.private_to {
            // Whole, in the shorter words where the longer do not fit (80 columns).
            Some(to) if to == me => {
                let long = format!(" {}", tr(lang, "lobby-seek-to-you-long"));
                let short = format!(" {}", tr(lang, "lobby-seek-to-you"));
                let words = if cols + super::words::width(&long) <= width {
                    long
                } else {
                    short
                };
                Some(Span::styled(words, t.accent()))
            }
            Some(to) => Some(Span::styled(format!(" {} {to}", t.g.arrow), t.dim())),
            None => None,
        };
        // A private challenge says so after whom it is for.
        let to: Vec<Span<'static>> =
            to.into_iter()
                .chain(s.private.then(|| {
                    Span::styled(format!(" ({})", tr(lang, "lobby-seek-private")), t.dim())
                }))
                .collect();
        // The rules get what the columns and the challenge leave: as many of them as fit
        // whole (the selected seek's are in words on the panel's border).
        let used = cols + to.iter().map(|s| s.width()).sum::<usize>();
        let room = width.saturating_sub(used);
        let rules = rules_short(lang, &s.terms.rules.options);
        let shown = fit_words(&rules, room);
        if !shown.is_empty() {
            spans.push(Span::styled(shown, t.dim()));
        }
        spans.extend(to);
        Line::from(spans)
    }

    fn games(&self, buf: &mut Buffer, area: Rect) {
        let games = &self.l.games;
        let lang = self.t.lang;
        let mut title = t!(lang, "lobby-games-title", count = games.len());
        // The correspondence games waiting for my move: named in the title, soonest
        // deadline first, and marked in their rows (Enter on one plays it).
        let waiting = self.waiting;
        if !waiting.is_empty() {
            let ids: Vec<String> = waiting.iter().map(|g| format!("#{}", g.id)).collect();
            title = format!(
                "{title} · {}: {}",
                tr(lang, "lobby-your-move"),
                ids.join(" ")
            );
        }
        let c = GameCols::new(lang, list_area(Panel::Games, area).width);
        let mut head = format!(
            "{}  {} {}",
            pad(&tr(lang, "lobby-head-red-blue"), c.names),
            pad(&tr(lang, "lobby-head-variant"), c.variant),
            pad_left(&tr(lang, "lobby-head-move"), c.moves),
        );
        if c.watching > 0 {
            head = format!("{head}  {}", tr(lang, "lobby-head-watching"));
        }
        let row = |i: usize| self.game_row(&games[i], &c);
        self.list(
            buf,
            (area, Panel::Games, title),
            &head,
            games.len(),
            row,
            &tr(lang, "lobby-no-games"),
        );
    }

    /// A game: the names, variant, move, spectators (or `(private)`).
    fn game_row(&self, g: &GameSummary, c: &GameCols) -> Line<'static> {
        let t = self.t;
        let lang = t.lang;
        let vs = format!(" {} ", tr(lang, "lobby-vs"));
        let vs_w = super::words::width(&vs);
        let each = (c.names.saturating_sub(vs_w) / 2).min(16);
        let red = trunc(&g.red, each);
        let blue = trunc(&g.blue, each);
        let used = red.chars().count() + blue.chars().count() + vs_w;
        let mut spans = vec![
            Span::styled(red, t.side(crate::rules::Color::Red)),
            Span::raw(vs),
            Span::styled(blue, t.side(crate::rules::Color::Blue)),
            Span::raw(" ".repeat(c.names.saturating_sub(used) + 2)),
            Span::raw(format!(
                "{} {}",
                pad(&variant_name(lang, g.terms.rules.variant), c.variant),
                pad_left(&(g.ply / 2 + 1).to_string(), c.moves),
            )),
        ];
        if c.watching > 0 {
            let watching = if g.private {
                tr(lang, "lobby-private")
            } else {
                format!("{:>3}", g.spectators)
            };
            spans.push(Span::raw("  "));
            spans.push(Span::styled(
                watching,
                if g.private { t.dim() } else { Style::new() },
            ));
        }
        if let Some(w) = self.waiting.iter().find(|w| w.id == g.id) {
            let left = super::line::days_hours(lang, w.deadline.saturating_sub(self.now));
            let mark = if w.setup {
                "lobby-your-setup-mark"
            } else {
                "lobby-your-move-mark"
            };
            spans.push(Span::raw("  "));
            spans.push(Span::styled(t!(lang, mark, left = left), t.accent()));
        }
        Line::from(spans)
    }

    fn tournaments(&self, buf: &mut Buffer, area: Rect) {
        let list = &self.l.tournaments;
        let title = t!(self.t.lang, "lobby-tournaments-title", count = list.len());
        let width = usize::from(list_area(Panel::Tournaments, area).width);
        // The countdowns' column as wide as the widest (at least 17: `starts in 1:02:03`).
        let when_w = list
            .iter()
            .map(|tour| {
                super::words::width(&super::tournament::when_words(
                    self.t.lang,
                    tour,
                    self.now,
                    false,
                ))
            })
            .fold(17, usize::max);
        let row = |i: usize| self.tournament_row(&list[i], width, when_w);
        self.list(
            buf,
            (area, Panel::Tournaments, title),
            "",
            list.len(),
            row,
            "",
        );
        // The selected tournament's terms on the panel's bottom border, where they fit.
        if let Some(tour) = self.ui.tournament_index(self.l).map(|i| &list[i]) {
            let room = usize::from(area.width.saturating_sub(6));
            let terms = terms_line(self.t.lang, tour);
            if area.height > 2 && super::words::width(&terms) <= room {
                let y = area.bottom().saturating_sub(1);
                let text = format!(" {terms} ");
                put(buf, area.x + 2, y, &text, room as u16 + 2, self.t.dim());
            }
        }
    }

    /// `✓ Spring arena     Arena 45m   starts in 4:59   12 players`: my mark when I am
    /// in it; the kind where the row has room.
    fn tournament_row(&self, tour: &TournamentInfo, width: usize, when_w: usize) -> Line<'static> {
        let t = self.t;
        let lang = t.lang;
        let mark = if tour.has_entrant(&self.me.nick) {
            t.g.check
        } else {
            ""
        };
        let when = super::tournament::when_words(lang, tour, self.now, false);
        let n = tour.standings.len();
        // The word as wide as its longest form, so the rows' numbers line up.
        let word_w = [1, 2]
            .map(|k| super::words::width(&t!(lang, "lobby-tour-players", count = k)))
            .into_iter()
            .max()
            .unwrap_or(0);
        let mut players = format!(
            " {n:>3} {}",
            pad(&t!(lang, "lobby-tour-players", count = n), word_w)
        );
        let kind = super::tournament::kind_words(lang, tour.terms.format);
        let kind_w = super::words::width(&kind).max(10);
        let kind = if width >= 64 {
            format!(" {}", pad(&kind, kind_w))
        } else {
            String::new()
        };
        // The mark 3, the countdown; the players' count where it leaves the name 8 cells.
        let fixed = 3 + super::words::width(&kind) + 1 + when_w;
        if width < fixed + super::words::width(&players) + 8 {
            players.clear();
        }
        let name_w = width.saturating_sub(fixed + super::words::width(&players));
        let name = crate::text::clean_line(&tour.terms.name, 80);
        let dim = matches!(
            tour.status,
            crate::proto::TournamentStatus::Finished | crate::proto::TournamentStatus::Cancelled
        );
        let name_style = if dim { t.dim() } else { Style::new() };
        Line::from(vec![
            Span::styled(pad(mark, 3), t.good()),
            Span::styled(pad(&name, name_w), name_style),
            Span::styled(kind, t.dim()),
            Span::styled(format!(" {}", pad_left(&when, when_w)), when_style(tour, t)),
            Span::styled(players, t.dim()),
        ])
    }

    fn chat(&self, buf: &mut Buffer, area: Rect) {
        let (l, t) = (self.l, self.t);
        let inn = panel(
            buf,
            area,
            &tr(t.lang, "lobby-chat-title"),
            self.ui.focus == Panel::Chat,
            t,
        );
        draw_chat(
            buf,
            inn,
            &l.chat,
            self.ui.chat.as_ref(),
            &tr(t.lang, "lobby-chat-empty"),
            false,
            t,
        );
    }
}

/// A chat's lines in `inn` (the newest at the bottom, wrapped), over the line typed (or
/// `idle`, the key that starts one). `clean`: the lines are cleaned again as drawn (text
/// that did not come through the lobby's own chat).
pub(crate) fn draw_chat(
    buf: &mut Buffer,
    inn: Rect,
    chat: &[ChatLine],
    input: Option<&LineInput>,
    idle: &str,
    clean: bool,
    t: &Theme,
) {
    if inn.height == 0 {
        return;
    }
    let lines_h = inn.height.saturating_sub(1) as usize;
    // The last lines, wrapped, as many rows as fit (the newest at the bottom).
    let mut rows: Vec<Line<'static>> = vec![];
    for c in chat.iter().rev() {
        if rows.len() >= lines_h {
            break;
        }
        let (from, text) = if clean {
            (
                format!("{}: ", crate::text::clean_line(&c.from, 40)),
                crate::text::clean_line(&c.text, 500),
            )
        } else {
            (format!("{}: ", c.from), c.text.clone())
        };
        let wrapped = wrap(&format!("{from}{text}"), usize::from(inn.width));
        for (k, piece) in wrapped.into_iter().enumerate().rev() {
            let line = match piece.strip_prefix(&from).filter(|_| k == 0) {
                Some(text) => Line::from(vec![
                    Span::styled(from.clone(), t.accent()),
                    Span::raw(text.to_string()),
                ]),
                None => Line::from(piece),
            };
            rows.push(line);
        }
    }
    let shown = rows.len().min(lines_h);
    for (k, line) in rows[..shown].iter().rev().enumerate() {
        put_line(buf, inn.x, inn.y + k as u16, line, inn.width);
    }
    let y = inn.bottom() - 1;
    match input {
        Some(input) => input.render(
            buf,
            inn.x,
            y,
            inn.width,
            &(tr(t.lang, "lobby-say") + " "),
            t,
        ),
        None => {
            put(buf, inn.x, y, idle, inn.width, t.dim());
        }
    }
}

/// What a lobby key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Do {
    /// Tab, Shift-Tab: the next or previous list.
    Cycle,
    FocusPlayers,
    FocusSeeks,
    FocusTournaments,
    /// Says that no tournament is listed.
    NoTournaments,
    /// Up, Down, a page, to the ends: by the key.
    Move,
    /// Enter: accept, watch, challenge, open a tournament or chat, by the list.
    Activate,
    NewSeek,
    Challenge,
    Bot,
    CancelSeek,
    /// Turn down a challenge to me.
    Decline,
    Chat,
    Leaders,
    Games,
    /// The set-up library.
    Setups,
    Profile,
    Settings,
    Quit,
    Admin,
    Help,
    /// Back into my live game.
    Return,
}

/// When a lobby key applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum If {
    Seeks,
    NotSeeks,
    Games,
    Players,
    Tournaments,
    NotTournaments,
    Chat,
    NotChat,
    /// Tournaments are listed.
    AnyTournament,
    NoTournament,
    Admin,
    NotAdmin,
    /// I play a live game.
    MyGame,
    /// The game selected in the focused list is mine.
    MyGameSelected,
    NotMyGameSelected,
    SeekSelected,
    /// Enter plays the computer: the seeks list's first row is selected.
    Quick,
    /// Someone challenges me.
    Challenged,
}

struct LobbyCx {
    focus: Panel,
    admin: bool,
    my_game: bool,
    my_game_selected: bool,
    seek_selected: bool,
    quick: bool,
    challenged: bool,
    tournaments: bool,
}

impl Conditions<If> for LobbyCx {
    fn holds(&self, c: If) -> bool {
        match c {
            If::Seeks => self.focus == Panel::Seeks,
            If::NotSeeks => self.focus != Panel::Seeks,
            If::Games => self.focus == Panel::Games,
            If::Players => self.focus == Panel::Players,
            If::Tournaments => self.focus == Panel::Tournaments,
            If::NotTournaments => self.focus != Panel::Tournaments,
            If::AnyTournament => self.tournaments,
            If::NoTournament => !self.tournaments,
            If::Chat => self.focus == Panel::Chat,
            If::NotChat => self.focus != Panel::Chat,
            If::Admin => self.admin,
            If::NotAdmin => !self.admin,
            If::MyGame => self.my_game,
            If::MyGameSelected => self.my_game_selected,
            If::NotMyGameSelected => !self.my_game_selected,
            If::SeekSelected => self.seek_selected,
            If::Quick => self.quick,
            If::Challenged => self.challenged,
        }
    }
}

const MOVE_HELP: (&str, &str) = ("keys-up-down-jk", "lobby-help-move");
const SIDE_HELP: (&str, &str) = ("help-keys-left-right-hl", "lobby-help-side");

/// The lobby's keys. Footer ranks: Enter, n, b, ?, q, T, A, L, G, p, x, Tab, t, s, S (the
/// set-up library: last, it is left out first where the footer is short of room).
const KEYS: &[Binding<Do, If>] = &[
    on(&[Tab, BackTab], Do::Cycle)
        .hints(&[hint(10, "keys-tab", "lobby-keys-next-list")])
        .help("keys-tab-shift-tab", "lobby-help-cycle"),
    on(&[Left, ch('h')], Do::FocusPlayers).help(SIDE_HELP.0, SIDE_HELP.1),
    on(&[Right, ch('l')], Do::FocusSeeks)
        .when(&[If::NotSeeks])
        .help(SIDE_HELP.0, SIDE_HELP.1),
    on(&[Up, ch('k'), Down, ch('j')], Do::Move).help(MOVE_HELP.0, MOVE_HELP.1),
    on(&[PageUp, PageDown, Home, End], Do::Move).help("help-keys-page-ends", "lobby-help-page"),
    on(&[Enter], Do::Activate)
        .hints(&[
            hint(0, "Enter", "lobby-keys-accept").when(&[If::Seeks, If::SeekSelected]),
            hint(0, "Enter", "lobby-keys-play-computer").when(&[If::Seeks, If::Quick]),
            hint(0, "Enter", "lobby-keys-watch").when(&[If::Games, If::NotMyGameSelected]),
            hint(0, "Enter", "lobby-keys-back-to-game").when(&[If::Games, If::MyGameSelected]),
            hint(0, "Enter/c", "lobby-keys-challenge").when(&[If::Players]),
            hint(0, "Enter", "lobby-keys-open-tournament").when(&[If::Tournaments]),
            hint(0, "Enter/t", "lobby-keys-type").when(&[If::Chat]),
        ])
        .help("keys-enter", "lobby-help-enter"),
    on(&[ch('r')], Do::Return)
        .when(&[If::MyGame])
        .hints(&[hint(0, "r", "lobby-keys-return").when(&[If::NotMyGameSelected])])
        .help("r", "lobby-keys-return"),
    on(&[ch('n')], Do::NewSeek)
        .hints(&[hint(1, "n", "lobby-keys-new-seek")])
        .help("n", "lobby-help-new-seek"),
    on(&[ch('c')], Do::Challenge).help("c", "lobby-help-challenge"),
    on(&[ch('b')], Do::Bot)
        .hints(&[hint(2, "b", "lobby-keys-computer-terms")])
        .help("b", "lobby-help-bot"),
    on(&[ch('d')], Do::Decline)
        .hints(&[hint(1, "d", "lobby-keys-decline").when(&[If::Challenged])])
        .help("d", "lobby-help-decline"),
    on(&[ch('x')], Do::CancelSeek)
        .hints(&[hint(9, "x", "lobby-keys-cancel-mine").when(&[If::Seeks])])
        .help("x", "lobby-help-cancel"),
    on(&[ch('t')], Do::Chat)
        .hints(&[hint(11, "t", "lobby-keys-chat").when(&[If::NotChat])])
        .help("t", "lobby-help-chat"),
    on(&[ch('T')], Do::FocusTournaments)
        .when(&[If::AnyTournament])
        .hints(&[hint(5, "T", "lobby-keys-tournaments").when(&[If::NotTournaments])])
        .help("T", "lobby-help-tournaments"),
    on(&[ch('T')], Do::NoTournaments)
        .when(&[If::NoTournament])
        .hints(&[hint(5, "T", "lobby-keys-tournaments")])
        .explains(),
    on(&[ch('L')], Do::Leaders)
        .hints(&[hint(6, "L", "lobby-keys-leaders")])
        .help("L", "lobby-help-leaders"),
    on(&[ch('G')], Do::Games)
        .hints(&[hint(7, "G", "lobby-keys-games")])
        .help("G", "lobby-help-games"),
    on(&[ch('p')], Do::Profile)
        .hints(&[hint(8, "p", "lobby-keys-profile")])
        .help("p", "lobby-help-profile"),
    on(&[ch('s'), F(2)], Do::Settings)
        .hints(&[hint(12, "s", "lobby-keys-settings")])
        .help("s / F2", "lobby-help-settings"),
    note("lobby-help-mouse-key", "lobby-help-mouse"),
    on(&[ch('q')], Do::Quit)
        .hints(&[hint(4, "q", "lobby-keys-quit")])
        .help("q", "lobby-keys-quit"),
    // Shown on every terminal wide enough for the lobby, right after "q quit".
    on(&[ch('A')], Do::Admin)
        .when(&[If::Admin])
        .hints(&[hint(5, "A", "lobby-keys-admin")])
        .help("A", "lobby-help-admin"),
    // Others are told the admin screen is only for admins.
    on(&[ch('A')], Do::Admin).when(&[If::NotAdmin]).explains(),
    // The set-up library (issue 47 item 3): after the admin's key, which the help of the
    // smallest terminal must still show.
    on(&[ch('S')], Do::Setups)
        .hints(&[hint(13, "S", "lobby-keys-setups")])
        .help("S", "lobby-help-setups"),
    on(&[ch('?')], Do::Help).hints(&[hint(3, "?", "lobby-keys-help")]),
    // With none listed, T says so; the help lists it all the same (last: on the smallest
    // terminal the help's own rows come first).
    note("T", "lobby-help-tournaments").when(&[If::NoTournament]),
];

/// Typing a chat line.
const CHAT_KEYS: &[Binding<ToLine, Never>] = &[
    on(&[Enter], ToLine).hints(&[hint(0, "Enter", "lobby-keys-send")]),
    on(&[Esc], ToLine).hints(&[hint(1, "keys-esc", "lobby-keys-cancel")]),
    typing(ToLine),
];

/// A key while a chat line is being typed (`chat` is `Some`): `None` when no line is being
/// typed; else `Some` of the line to send once Enter ended it (trimmed, never empty).
/// Esc drops the line; keys that are not for the line are ignored.
pub(crate) fn chat_key(chat: &mut Option<LineInput>, key: Key) -> Option<Option<String>> {
    let input = chat.as_mut()?;
    if keymap::find(CHAT_KEYS, key, &Always).is_none() {
        return Some(None);
    }
    Some(match input.key(key) {
        InputResult::Editing => None,
        InputResult::Cancel => {
            *chat = None;
            None
        }
        InputResult::Submit(text) => {
            *chat = None;
            let text = text.trim().to_string();
            (!text.is_empty()).then_some(text)
        }
    })
}

/// "1 seek", "3 seeks".
#[cfg(test)]
mod key_tests {
    use super::*;
    use crate::ui::keymap::tests::labels_name_their_keys;

    /// Every key of a binding with a help line is named in the line.
    #[test]
    fn help_labels_name_their_keys() {
        labels_name_their_keys("lobby", KEYS);
        labels_name_their_keys("lobby chat", CHAT_KEYS);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    /// The status column's least width from one status of each kind is the width from
    /// every player's (as it was computed before), in each language.
    #[test]
    fn the_status_column_is_as_wide_from_the_kinds_as_from_every_player() {
        let statuses = [
            PlayerStatus::Idle,
            PlayerStatus::Seeking,
            PlayerStatus::Playing(7),
            PlayerStatus::Watching(123_456),
            PlayerStatus::LeftGame(9),
            PlayerStatus::LeftGame(1_234_567),
            PlayerStatus::LeftGame(88),
        ];
        let player = |i: usize, status| PlayerInfo {
            nick: format!("p{i}"),
            guest: false,
            bot: false,
            rating: None,
            status,
        };
        for lang in Lang::ALL.iter().copied().chain([Lang::Pseudo]) {
            for n in 0..=statuses.len() {
                let players: Vec<PlayerInfo> = statuses[..n]
                    .iter()
                    .enumerate()
                    .map(|(i, s)| player(i, *s))
                    .collect();
                let every = players
                    .iter()
                    .map(|p| super::super::words::width(&status_text(p.status, 0, lang)))
                    .chain([super::super::words::width(&tr(lang, "lobby-head-status"))])
                    .fold(8, usize::max);
                assert_eq!(
                    PlayerCols::status_min(lang, &players),
                    every,
                    "{lang:?} {n}"
                );
            }
        }
        // A left game's number is what makes its words wide.
        let wide = [player(0, PlayerStatus::LeftGame(123_456_789_012))];
        let narrow = [player(0, PlayerStatus::LeftGame(1))];
        assert!(
            PlayerCols::status_min(Lang::ALL[0], &wide)
                > PlayerCols::status_min(Lang::ALL[0], &narrow)
        );
    }
}
