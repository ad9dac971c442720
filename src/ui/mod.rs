//! Screens: pure functions from view models to a ratatui buffer, and input decoding.
//!
//! The session owns an [`App`], feeds it [`Msg`]s (keys, mouse, resizes, lobby and game
//! snapshots, ticks) and carries out the [`Effect`]s it returns. [`App::render`] draws the
//! whole screen from the model alone. Layout is computed from the terminal size by pure
//! functions (`layout.rs`) used both for drawing and for mouse hit-testing.
//!
//! Each screen, mode and dialog has one key table (`keymap.rs`): its key handler finds the
//! action there, and its footer and help are made from it; [`App::key_doc`] tells what the
//! table says of a key (the key test presses every key on every screen against it). Ctrl-C
//! and Ctrl-D (quit) are the app's own.

pub mod input;

mod admin;
mod board;
mod browse;
mod dialog;
mod game;
mod keymap;
mod layout;
mod library;
pub mod line;
mod lobby;
mod replay;
mod rules_page;
mod setup;
mod theme;
mod too_small;
mod tournament;
pub mod vocab;
mod welcome;
mod widgets;
pub mod words;

use std::sync::Arc;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use serde::{Deserialize, Serialize};

use crate::i18n::tr;
pub use crate::i18n::Lang;
use crate::proto::{
    AdminCmd, AdminResult, AdminSnapshot, BrowseCmd, GameCmd, GameList, GameSnapshot, GameSummary,
    Leaderboard, LobbyCmd, LobbySnapshot, Notice, PlayerStatus, Profile, ReplaySnapshot, Seek,
};
use crate::rules::{Numbering, Rank, SplitMix64, Variant};
use dialog::SettingsKey;
use input::{Event, Key, KeyCode, Mouse, MouseButton, MouseKind};
use keymap::{Always, Described};

pub use crate::proto::SavedSetup;
pub use browse::{civil_from_days, utc_datetime};
pub(crate) use game::rules_plain_in;
pub use keymap::KeyDoc;
pub use layout::{MIN_HEIGHT, MIN_WIDTH};
/// The screens' `r` fill, for the browser board's Random (src/web/play.rs).
pub(crate) use setup::{sensible_fill, turned_for};
pub use welcome::Address;

/// The set-up library's and explorer's text, for the web pages (src/web/setups.rs).
pub(crate) mod library_text {
    pub(crate) use super::library::{copy_name, heat_word, setup_rows, stats_lines, Heat};
    pub(crate) use super::setup::setup_error;
    /// The longest name a saved set-up may have (the screens' and the service's).
    pub(crate) const NAME_MAX: usize = super::library::NAME_MAX;
}

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ColorDepth {
    TrueColor,
    #[default]
    Ansi256,
    Ansi16,
    Mono,
}

impl ColorDepth {
    /// From `$TERM`, `$COLORTERM` and whether `$NO_COLOR` is set (to anything but the
    /// empty string, as no-color.org says): `NO_COLOR` → none, `xterm-256color` → 256,
    /// `COLORTERM=truecolor` or `24bit` → 24-bit, `dumb` or empty → none, anything else
    /// (`xterm`, `linux`, `screen`) → 16.
    pub fn from_term(term: &str, colorterm: Option<&str>, no_color: bool) -> ColorDepth {
        let t = term.trim().to_ascii_lowercase();
        if no_color || t.is_empty() || t == "dumb" {
            return ColorDepth::Mono;
        }
        let ct = colorterm.unwrap_or("").trim().to_ascii_lowercase();
        if ct == "truecolor" || ct == "24bit" || t.ends_with("-direct") || t.contains("truecolor") {
            ColorDepth::TrueColor
        } else if t.contains("256") {
            ColorDepth::Ansi256
        } else {
            ColorDepth::Ansi16
        }
    }
}

/// A player's display settings (numbering, ASCII and the language are remembered; colours
/// come from the terminal).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Settings {
    pub numbering: Numbering,
    pub ascii: bool,
    #[serde(skip)]
    pub color: ColorDepth,
    /// The language the screens speak (see [`Lang::choose`]).
    #[serde(default)]
    pub lang: Lang,
}

impl Settings {
    /// Whether a terminal of this `$TERM` gets plain ASCII by default (no box drawing, no
    /// ■ ◆ ≈ ░): `dumb` or none, the DEC terminals (`vt100`, `vt220`, ...) and the Linux
    /// console (`linux`), whose fonts lack them. The settings screen can still switch;
    /// a player's own choice, once made, wins over this.
    pub fn ascii_default(term: &str) -> bool {
        let t = term.trim().to_ascii_lowercase();
        let base = t.split('-').next().unwrap_or("");
        t.is_empty()
            || base == "dumb"
            || base == "linux"
            || base
                .strip_prefix("vt")
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    }
}

/// Who this session is.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Identity {
    pub nick: String,
    pub guest: bool,
    /// Logged in with a key the server's configuration lists as an admin's: the lobby
    /// offers the admin screen.
    pub admin: bool,
    /// The key's first login: the app opens with the welcome card (the name about to be
    /// kept, another one to type, keys and guests explained).
    pub first_login: bool,
    /// Where players reach this server (the welcome card's `ssh NAME@host` line); `None`:
    /// the card names a placeholder.
    pub server: Option<Address>,
    /// The web pages' address (`https://host`, no trailing slash) for the links the screens
    /// print: a finished game's `URL/game/ID`, a player's `URL/@/NICK`. `None`: no links
    /// (the web is off).
    pub links: Option<String>,
    /// A guest's way back into its game after a drop (the `ssh` command with its pass),
    /// kept in the help (`?`, the line mode's `help`) as well as said once.
    pub comeback: Option<String>,
}

impl Identity {
    /// The web page of finished game `id`, if the web is on.
    pub fn game_link(&self, id: u64) -> Option<String> {
        self.links.as_ref().map(|b| format!("{b}/game/{id}"))
    }

    /// A player's web page, if the web is on (the nick escaped for a path).
    pub fn player_link(&self, nick: &str) -> Option<String> {
        let base = self.links.as_ref()?;
        let mut out = format!("{base}/@/");
        for b in nick.bytes() {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                out.push(b as char);
            } else {
                out.push_str(&format!("%{b:02X}"));
            }
        }
        Some(out)
    }
}

/// Everything the session tells the screens.
#[derive(Clone, Debug)]
pub enum Msg {
    Input(input::Event),
    Resize {
        width: u16,
        height: u16,
    },
    Lobby(Arc<LobbySnapshot>),
    /// The game this session plays or watches; `at` = when received (clocks count down
    /// from it).
    Game {
        snap: Arc<GameSnapshot>,
        at: Instant,
    },
    /// The game task is gone (or the session was taken out of the game): back to the
    /// lobby. Leaving by the player's own key needs no such message: see
    /// [`Effect::LeaveGame`].
    GameClosed,
    SavedSetups(Vec<SavedSetup>),
    /// The challenges this player made or received: shown among the open seeks (the
    /// lobby's shared snapshot has none).
    Challenges(Vec<Seek>),
    /// This player's private games in play: listed to them among the games (the lobby's
    /// shared snapshot has none, and shows neither player in them).
    PrivateGames(Vec<GameSummary>),
    /// This player's correspondence games waiting for their move or set-up, as the lobby
    /// matched them (by identity: a renamed player's games are still theirs).
    Waiting(Vec<crate::proto::WaitingGame>),
    /// A server message to show (errors, "challenge from X", "nickname taken"): on the
    /// bottom line until a key is pressed, another notice comes, or a few seconds pass
    /// (see [`notice_secs`]). A `\n` starts a row of its own. Drawn in the player's
    /// language (`server.ftl`; plain text as it is: `"text".into()`).
    Notice(Notice),
    /// A notice that stays until a key is pressed (a guest's way back into its game, to
    /// copy at leisure).
    LastingNotice(Notice),
    /// The player's game in progress is shown on another terminal of theirs: asked, not
    /// taken (the lobby's `r`, the line mode's `watch N`, take it).
    SeatElsewhere(crate::proto::GameId),
    /// About four times a second while [`App::wants_ticks`].
    Tick(Instant),
    /// Answers to [`Effect::Browse`]: shown when the page that asked is still open.
    Leaderboard(Leaderboard),
    Profile(Profile),
    Games(GameList),
    Replay(ReplaySnapshot),
    /// Sessions and bans for the admin screen (answers [`Effect::Admin`]).
    Admin(AdminSnapshot),
    /// What an admin action did; shown on the admin screen (or as a notice if it was
    /// left meanwhile).
    AdminResult(AdminResult),
    /// The answer to [`Effect::Rename`]: the new name (now the app's), or why not (shown
    /// on the name card, so the player can try another).
    // Kept a String error: the reason is the text the player reads on the name card.
    Renamed(Result<String, String>),
    /// Answers to the set-up library's and explorer's [`BrowseCmd`]s.
    SetupStats(crate::proto::SetupStatsList),
    /// The library's answer when the stored set-ups differ from those it asked about
    /// (another terminal or the web changed them): the stored list, and the statistics of
    /// the variant's set-ups in it. Taken as both, without asking again.
    LibraryFresh(Vec<SavedSetup>, crate::proto::SetupStatsList),
    Explorer(crate::proto::ExplorerPage),
}

/// What the session should do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    Lobby(LobbyCmd),
    Game(GameCmd),
    /// The player left the game shown (a confirmed q, a spectator's q or Esc, q after the
    /// game): the app is back in the lobby already; the session leaves the game.
    LeaveGame,
    Bell,
    Quit,
    SettingsChanged(Settings),
    /// Ask for stored things (leaderboard, profile, game list, replay position); the answer
    /// comes back as `Msg::Leaderboard`, `Msg::Profile`, `Msg::Games` or `Msg::Replay`.
    Browse(BrowseCmd),
    /// An admin action (only admin sessions send it; the session checks again); a fresh
    /// `Msg::Admin` snapshot follows, after a `Msg::AdminResult` for an action.
    Admin(AdminCmd),
    /// Keep this set-up under its name (replacing one of the same name and variant); the
    /// list comes back as `Msg::SavedSetups`.
    SaveSetup(SavedSetup),
    /// Forget a saved set-up.
    DeleteSetup {
        name: String,
        variant: Variant,
    },
    /// Rename a saved set-up (the set-up library); the list comes back as
    /// `Msg::SavedSetups`, or a notice says why not.
    RenameSetup {
        variant: Variant,
        from: String,
        to: String,
    },
    /// The player chose this name: on the welcome card (a key's first login) or, once,
    /// from the profile. Checked by `text::clean_nick` already; the answer comes back as
    /// [`Msg::Renamed`].
    Rename(String),
    /// Leave the screens for the line mode in this session (the settings' last row): the
    /// session, its lobby place and its game stay; only the view changes.
    LineMode,
    /// Leave the line mode for the screens (the line mode's `screens`; a session with a
    /// terminal only).
    ScreenMode,
}

/// Dialogs over any screen.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Overlay {
    Help,
    /// The rules page of the game shown (from its help), scrolled to this row.
    Rules {
        scroll: u16,
    },
    Settings {
        row: usize,
    },
    Quit,
    Form(dialog::SeekForm),
    /// The welcome card, or the rename from the profile.
    Name(welcome::NameCard),
}

/// What a screen's key handler asks the app to do.
#[derive(Debug)]
pub(crate) enum Act {
    Fx(Effect),
    Open(Overlay),
    Notice(String),
    /// Open a browse page over the current one.
    Push(Box<browse::Page>),
    /// Close the top browse page.
    Back,
    /// Open the admin screen (admins only).
    OpenAdmin,
    /// Back from the admin screen to the lobby.
    CloseAdmin,
    /// Leave the game shown: back to the lobby at once (see [`Effect::LeaveGame`]).
    LeaveGame,
    /// Show a tournament's screen.
    OpenTournament(crate::proto::TournamentId),
    /// Back from a tournament's screen to the lobby.
    CloseTournament,
    /// Edit a saved set-up on the set-up screen (the library's `e`): Enter saves it back.
    EditSetup(SavedSetup),
    /// Open the set-up library (the lobby's `S`).
    OpenLibrary,
}

/// What drawing a board screen needs besides its own state.
pub(crate) struct Ctx<'a> {
    pub settings: &'a Settings,
    pub saved: &'a [SavedSetup],
    pub t: &'a theme::Theme,
    pub w: u16,
    pub h: u16,
    pub now: Instant,
    /// Who this session is (the links the screens print).
    pub me: &'a Identity,
}

/// Which screen is shown (what [`App::screen`] decides from the app's state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    TooSmall,
    Lobby,
    Setup,
    Game,
    /// Leaderboard, profile, game list or replay (the top of the page stack).
    Browse,
    /// Sessions and bans, for admins.
    Admin,
    /// One tournament: standings, games, chat.
    Tournament,
}

/// The screens of one session.
#[derive(Clone)]
pub struct App {
    me: Identity,
    settings: Settings,
    width: u16,
    height: u16,
    now: Option<Instant>,
    /// What the lobby screen shows: the shared snapshot with this player's challenges.
    lobby: Arc<LobbySnapshot>,
    /// The lobby as the server published it to everyone.
    shared_lobby: Arc<LobbySnapshot>,
    /// The challenges this player made or received.
    challenges: Vec<Seek>,
    /// This player's private games in play.
    private_games: Vec<GameSummary>,
    /// This player's correspondence games waiting for them.
    waiting: Vec<crate::proto::WaitingGame>,
    lobby_ui: lobby::LobbyUi,
    game: Option<game::GameUi>,
    saved: Vec<SavedSetup>,
    notice: Option<String>,
    /// The notice shown and the wall-clock second it was first seen (it goes after
    /// [`notice_secs`]).
    notice_seen: Option<(String, u64)>,
    /// A notice that does not time out (see [`Msg::LastingNotice`]).
    notice_kept: Option<String>,
    overlay: Option<Overlay>,
    /// Browse pages over the lobby, the last one shown.
    pages: Vec<browse::Page>,
    /// See [`App::tick_changed`].
    tick_changed: bool,
    /// See [`App::input_parts`].
    input_parts: Parts,
    /// The admin screen, while open.
    admin: Option<admin::AdminUi>,
    /// A tournament's screen, while open (under a game and browse pages opened from it:
    /// back on it after them).
    tournament: Option<tournament::TournamentUi>,
    /// The wall clock, Unix seconds, as the session last set it (0: not yet): what the
    /// tournaments' countdowns are drawn from. See [`App::set_unix_time`].
    unix: u64,
    /// Where the screens' randomness (a set-up's random fill) comes from: seeded by the
    /// session from the operating system, never from anything another player can know.
    rng: SplitMix64,
    /// The saved set-up the set-up screen is editing (from the library), while it is: the
    /// screen is no game's, its Enter saves the set-up back (see [`App::edited`]).
    editing: Option<SavedSetup>,
}

/// Parts of the play screen that can be drawn alone over the frame the client shows
/// ([`App::render_parts`]): a session that knows only these changed since its last frame
/// sends a patch of them instead of a whole frame.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Parts(u8);

impl Parts {
    /// The two seats (names and clocks): a clock tick.
    pub const CLOCKS: Parts = Parts(1);
    /// Under the board and the keys' footer: a move being typed.
    pub const LINE: Parts = Parts(2);
    /// Anything: the whole screen is drawn.
    pub const WHOLE: Parts = Parts(0x80);

    /// Both changed.
    pub fn with(self, other: Parts) -> Parts {
        if self == Parts::WHOLE || other == Parts::WHOLE {
            Parts::WHOLE
        } else {
            Parts(self.0 | other.0)
        }
    }

    fn has(self, part: Parts) -> bool {
        self.0 & part.0 != 0
    }
}

impl App {
    /// `seed` must be unpredictable (the session draws it from the operating system);
    /// tests pass a constant.
    pub fn new(me: Identity, settings: Settings, width: u16, height: u16, seed: u64) -> App {
        let lang = settings.lang;
        // A key's first login chooses its name; a guest is told what a guest is.
        let welcome = if me.guest {
            Some(Overlay::Name(welcome::NameCard::guest(
                &me.nick,
                me.server.clone(),
            )))
        } else {
            me.first_login
                .then(|| Overlay::Name(welcome::NameCard::welcome(&me.nick, me.server.clone())))
        };
        App {
            me,
            settings,
            width,
            height,
            now: None,
            lobby: Arc::new(LobbySnapshot::default()),
            shared_lobby: Arc::new(LobbySnapshot::default()),
            challenges: Vec::new(),
            private_games: Vec::new(),
            waiting: Vec::new(),
            lobby_ui: lobby::LobbyUi::in_lang(lang),
            game: None,
            saved: vec![],
            notice: None,
            notice_seen: None,
            notice_kept: None,
            overlay: welcome,
            pages: vec![],
            tick_changed: false,
            input_parts: Parts::WHOLE,
            admin: None,
            tournament: None,
            unix: 0,
            rng: SplitMix64(seed),
            editing: None,
        }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The player's saved set-ups, as the session last sent them.
    pub fn saved_setups(&self) -> &[SavedSetup] {
        &self.saved
    }

    /// Where a square of the board is drawn now, `None` when no board is shown (tests and
    /// tools use it to click on squares).
    pub fn square_rect(&self, sq: crate::rules::Square) -> Option<Rect> {
        match self.screen() {
            Shown::Setup | Shown::Game => {
                let g = self.game.as_ref()?;
                Some(g.layout(self.width, self.height).board.rect(sq))
            }
            Shown::Browse => match self.pages.last()? {
                browse::Page::Replay(r) if r.shown.is_some() => {
                    Some(r.layout(self.width, self.height).board.rect(sq))
                }
                _ => None,
            },
            _ => None,
        }
    }

    fn screen(&self) -> Shown {
        if self.width < MIN_WIDTH || self.height < MIN_HEIGHT {
            return Shown::TooSmall;
        }
        match &self.game {
            None if self.admin.is_some() => Shown::Admin,
            None if !self.pages.is_empty() => Shown::Browse,
            None if self.tournament.is_some() => Shown::Tournament,
            None => Shown::Lobby,
            Some(g) if matches!(g.phase, game::Phase::Setup(_)) => Shown::Setup,
            Some(_) => Shown::Game,
        }
    }

    fn now(&self) -> Instant {
        match (&self.game, self.now) {
            (_, Some(n)) => n,
            (Some(g), None) => g.shared.at,
            (None, None) => Instant::now(),
        }
    }

    pub fn update(&mut self, msg: Msg) -> Vec<Effect> {
        match msg {
            Msg::Input(ev) => {
                // The set-up's messages in the language now (a click says things too).
                if let Some(game::Phase::Setup(s)) = self.game.as_mut().map(|g| &mut g.phase) {
                    s.lang = self.settings.lang;
                }
                let fx = self.on_event(ev);
                return self.edited(fx);
            }
            Msg::Resize { width, height } => {
                self.width = width;
                self.height = height;
            }
            Msg::Lobby(snap) => {
                self.shared_lobby = snap;
                self.merge_lobby();
            }
            Msg::Challenges(list) => {
                self.challenges = list;
                self.merge_lobby();
            }
            Msg::PrivateGames(list) => {
                self.private_games = list;
                self.merge_lobby();
            }
            Msg::Waiting(list) => self.waiting = list,
            Msg::Game { snap, at } => {
                if self.now.is_none_or(|n| at > n) {
                    self.now = Some(at);
                }
                if matches!(self.overlay, Some(Overlay::Form(_))) {
                    self.overlay = None;
                }
                // A guest coming back into its game (by its login) is not held up by the
                // card of a guest's arrival.
                if matches!(&self.overlay, Some(Overlay::Name(c)) if c.purpose == welcome::Purpose::Guest)
                {
                    self.overlay = None;
                }
                match &mut self.game {
                    Some(g) if g.shared.snap.id == snap.id => return g.update(snap, at),
                    _ => {
                        // A game takes over the screen; browsing starts afresh after it. A
                        // saved set-up being edited is left as it was saved (the edits are
                        // dropped, never saved half-done), and the player is told so.
                        let dropped = self.editing.take();
                        self.pages.clear();
                        self.admin = None;
                        let mut g = game::GameUi::new(snap, at);
                        if let Some(s) = dropped {
                            tracing::debug!("a game started: the set-up editor's edits dropped");
                            g.shared.say(crate::t!(
                                self.settings.lang,
                                "library-edit-dropped",
                                name = s.name
                            ));
                        }
                        self.game = Some(g);
                    }
                }
            }
            Msg::GameClosed if self.editing.is_some() => {}
            Msg::GameClosed => {
                if self.game.take().is_some() {
                    self.lobby_ui.back = true;
                }
                if matches!(self.overlay, Some(Overlay::Rules { .. })) {
                    self.overlay = None;
                }
            }
            Msg::SavedSetups(v) => {
                let mut fx = vec![];
                for p in &mut self.pages {
                    if let browse::Page::Library(l) = p {
                        fx.extend(l.saved_changed(&v));
                    }
                }
                self.saved = v;
                return fx;
            }
            Msg::LibraryFresh(saved, st) => {
                for p in &mut self.pages {
                    if let browse::Page::Library(l) = p {
                        l.take_saved(&saved);
                    }
                }
                self.saved = saved;
                return self.update(Msg::SetupStats(st));
            }
            Msg::SetupStats(st) => {
                for p in self.pages.iter_mut().rev() {
                    if let browse::Page::Library(p) = p {
                        if p.receive(st.clone()) {
                            break;
                        }
                    }
                }
            }
            Msg::Explorer(e) => {
                for p in self.pages.iter_mut().rev() {
                    if let browse::Page::Explorer(p) = p {
                        if p.receive(e.clone()) {
                            break;
                        }
                    }
                }
            }
            Msg::Notice(n) => self.notice = Some(n.text(self.settings.lang)),
            Msg::LastingNotice(n) => {
                let s = n.text(self.settings.lang);
                self.notice_kept = Some(s.clone());
                self.notice = Some(s);
            }
            Msg::SeatElsewhere(game) => {
                self.lobby_ui.elsewhere = Some(game);
                let s = crate::proto::seat_elsewhere_notice(game).text(self.settings.lang);
                self.notice_kept = Some(s.clone());
                self.notice = Some(s);
            }
            Msg::Tick(t) => {
                let before = self.game.as_ref().map(|g| g.shared.time_shown(self.now()));
                if self.now.is_none_or(|n| t > n) {
                    self.now = Some(t);
                }
                let after = self.game.as_ref().map(|g| g.shared.time_shown(self.now()));
                self.tick_changed = before != after;
                if self.game.is_none() {
                    if let Some(browse::Page::Replay(r)) = self.pages.last_mut() {
                        self.tick_changed = true;
                        let acts = r.tick(t);
                        return self.apply(acts);
                    }
                }
            }
            Msg::Leaderboard(lb) => {
                for p in self.pages.iter_mut().rev() {
                    if let browse::Page::Leaders(p) = p {
                        if p.receive(lb.clone(), &self.me) {
                            break;
                        }
                    }
                }
            }
            Msg::Profile(pr) => {
                for p in self.pages.iter_mut().rev() {
                    if let browse::Page::Profile(p) = p {
                        if p.receive(pr.clone()) {
                            break;
                        }
                    }
                }
            }
            Msg::Games(gl) => {
                for p in self.pages.iter_mut().rev() {
                    if let browse::Page::Games(p) = p {
                        if p.receive(gl.clone()) {
                            break;
                        }
                    }
                }
            }
            Msg::Replay(snap) => {
                for p in self.pages.iter_mut().rev() {
                    if let browse::Page::Replay(p) = p {
                        if p.receive(snap.clone()) {
                            break;
                        }
                    }
                }
            }
            Msg::Admin(snap) => {
                if let Some(a) = &mut self.admin {
                    a.receive(snap);
                }
            }
            Msg::AdminResult(r) => match &mut self.admin {
                Some(a) => a.result = Some(r),
                None => self.notice = Some(crate::text::clean_line(&r.text, 300)),
            },
            Msg::Renamed(r) => return self.renamed(r),
        }
        vec![]
    }

    /// The lobby shown: the shared snapshot, this player's challenges first among the
    /// seeks, and their private games among the games.
    fn merge_lobby(&mut self) {
        let snap = if self.challenges.is_empty() && self.private_games.is_empty() {
            self.shared_lobby.clone()
        } else {
            let mut l = (*self.shared_lobby).clone();
            let public = std::mem::take(&mut l.seeks);
            l.seeks = self.challenges.iter().cloned().chain(public).collect();
            with_private_games(&mut l, &self.private_games);
            Arc::new(l)
        };
        self.lobby_ui.fix(&self.lobby, &snap, &self.me);
        self.lobby = snap;
    }

    /// A game screen does not show the lobby: its snapshot is let go (a thousand players in
    /// their games would otherwise each keep a different old one alive). The lobby comes
    /// back with the next [`Msg::Lobby`], which the session sends on the way out of the game.
    pub fn set_aside_lobby(&mut self) {
        let empty = Arc::new(LobbySnapshot::default());
        self.shared_lobby = empty.clone();
        self.lobby = empty;
    }

    /// The answer to [`Effect::Rename`].
    // Kept a String error: the reason is the text the player reads on the name card.
    fn renamed(&mut self, r: Result<String, String>) -> Vec<Effect> {
        let card = match &mut self.overlay {
            Some(Overlay::Name(c)) => Some(c),
            _ => None,
        };
        match r {
            Err(why) => {
                match card {
                    Some(c) => c.refused(&why),
                    None => self.notice = Some(crate::text::clean_line(&why, 300)),
                }
                vec![]
            }
            Ok(nick) => {
                if card.is_some() {
                    self.overlay = None;
                }
                let old = std::mem::replace(&mut self.me.nick, nick.clone());
                self.me.first_login = false;
                self.notice = Some(format!("Your name is {nick}"));
                browse::renamed(&mut self.pages, &old, &nick)
            }
        }
    }

    /// The admin screen is shown: the session should refresh its data (send
    /// [`Effect::Admin`]`(AdminCmd::Refresh)`) about once a second.
    pub fn admin_open(&self) -> bool {
        self.screen() == Shown::Admin
    }

    /// Sets the wall clock, Unix seconds: the session sets it before each frame and on
    /// each tick (the screens stay pure: the tournaments' countdowns are drawn from this).
    /// True when that changed a countdown shown now, or took away a notice whose time was
    /// up (the session should draw a frame).
    pub fn set_unix_time(&mut self, secs: u64) -> bool {
        let expired = self.age_notice(secs);
        if secs == self.unix {
            return expired;
        }
        let before = self.countdowns();
        self.unix = secs;
        expired || before != self.countdowns()
    }

    /// Times the notice shown: the second it is first seen, and once [`notice_secs`] have
    /// passed, takes it away (true then). A lasting notice stays.
    fn age_notice(&mut self, now: u64) -> bool {
        let Some(n) = &self.notice else {
            self.notice_seen = None;
            return false;
        };
        if self.notice_kept.as_ref() == Some(n) {
            return false;
        }
        match &self.notice_seen {
            Some((seen, at)) if seen == n => {
                if now >= at + notice_secs(n) {
                    self.notice = None;
                    self.notice_seen = None;
                    return true;
                }
                false
            }
            _ => {
                self.notice_seen = Some((n.clone(), now));
                false
            }
        }
    }

    /// The tournaments' countdowns on the screen shown (empty when none is shown).
    fn countdowns(&self) -> String {
        let words =
            |t: &crate::proto::TournamentInfo, long| tournament::when_text(t, self.unix, long);
        match self.screen() {
            Shown::Lobby => self
                .lobby
                .tournaments
                .iter()
                .map(|t| words(t, false))
                .collect(),
            Shown::Tournament => self
                .tournament
                .as_ref()
                .and_then(|tu| tu.info(&self.lobby))
                .map_or(String::new(), |t| words(t, true)),
            Shown::Admin => self
                .admin
                .as_ref()
                .map_or(String::new(), |a| a.times_shown(&self.lobby, self.unix)),
            _ => String::new(),
        }
    }

    /// Whether the last [`Msg::Tick`] changed what is drawn (a clock's shown digits, a
    /// countdown, a replay step): the session draws a new frame only then.
    pub fn tick_changed(&self) -> bool {
        self.tick_changed
    }

    /// What the last [`Msg::Input`] changed on screen: [`Parts::LINE`] when it only edited
    /// a move being typed (the session may then patch just that), else [`Parts::WHOLE`].
    pub fn input_parts(&self) -> Parts {
        self.input_parts
    }

    /// How long after `now` a game's running clock or countdown shows something else (the
    /// session's next [`Msg::Tick`] is due then, not before): `None` when no game is shown
    /// or nothing on it runs (the session then ticks every 250 ms).
    pub fn next_time_change(&self, now: Instant) -> Option<std::time::Duration> {
        let g = self.game.as_ref()?;
        // The game's time as the screen computes it (`self.now` may run behind `now`).
        let seen = self.now().max(now);
        g.shared.next_time_change(seen)
    }

    /// Something on screen animates (a running clock or reconnect countdown, replay
    /// autoplay): the session should send [`Msg::Tick`] about every 250 ms.
    pub fn wants_ticks(&self) -> bool {
        match &self.game {
            Some(g) => g.shared.animating(self.now()),
            None => matches!(self.pages.last(), Some(browse::Page::Replay(r)) if r.autoplay),
        }
    }

    fn apply(&mut self, acts: Vec<Act>) -> Vec<Effect> {
        let mut fx = vec![];
        for a in acts {
            match a {
                Act::Fx(e) => fx.push(e),
                Act::Open(o) => self.overlay = Some(o),
                Act::Notice(s) => self.notice = Some(s),
                Act::Push(p) => self.pages.push(*p),
                Act::Back => {
                    self.pages.pop();
                }
                Act::OpenAdmin => {
                    if self.me.admin {
                        self.admin = Some(admin::AdminUi::in_lang(self.settings.lang));
                        fx.push(Effect::Admin(AdminCmd::Refresh));
                    } else {
                        self.notice = Some(tr(self.settings.lang, "lobby-notice-not-admin"));
                    }
                }
                Act::CloseAdmin => self.admin = None,
                Act::OpenTournament(id) => {
                    self.tournament =
                        Some(tournament::TournamentUi::in_lang(id, self.settings.lang));
                }
                Act::CloseTournament => self.tournament = None,
                Act::EditSetup(s) => self.edit_setup(s),
                Act::OpenLibrary => {
                    let acts = library::open_library(Variant::Classic, &self.saved);
                    fx.extend(self.apply(acts));
                }
                Act::LeaveGame => {
                    if self.game.take().is_some() {
                        self.lobby_ui.back = true;
                        fx.push(Effect::LeaveGame);
                    }
                }
            }
        }
        fx
    }

    /// Opens the set-up screen on a saved set-up, outside any game (the library's `e`).
    fn edit_setup(&mut self, saved: SavedSetup) {
        let color = saved.setup.color.unwrap_or(crate::rules::Color::Red);
        let seat = |nick: &str| crate::proto::SeatInfo {
            nick: nick.to_string(),
            rating: None,
            bot: false,
            connected: true,
            online: true,
            reconnect_left: None,
            ready: false,
            rating_change: None,
        };
        let (mine, other) = (seat(&self.me.nick), seat("-"));
        let seats = match color {
            crate::rules::Color::Red => crate::rules::ByColor::new(mine, other),
            crate::rules::Color::Blue => crate::rules::ByColor::new(other, mine),
        };
        let snap = crate::proto::GameSnapshot {
            id: 0,
            terms: crate::proto::GameTerms {
                rules: crate::rules::Rules::standard(saved.variant),
                rated: false,
                clock: None,
                days: None,
                budget: None,
            },
            seats,
            my_color: Some(color),
            phase: crate::proto::GamePhase::Setup,
            my_setup: None,
            view: None,
            history: vec![],
            clocks: None,
            chat: vec![],
            draw_offer: None,
            rematch: crate::rules::ByColor::new(false, false),
            outcome: None,
            next_game: None,
            spectators: 0,
            setup_left: None,
            private: true,
            tournament: false,
            notes: Default::default(),
            budget_left: None,
        };
        let mut g = game::GameUi::new(Arc::new(snap), self.now());
        if let game::Phase::Setup(s) = &mut g.phase {
            s.draft = setup::turned_for(&saved.setup, color);
            s.lang = self.settings.lang;
        }
        g.shared.say(crate::t!(
            self.settings.lang,
            "library-editing",
            name = saved.name.clone()
        ));
        self.game = Some(g);
        self.editing = Some(saved);
    }

    /// While a saved set-up is edited: the set-up screen's send saves it back under its
    /// name and closes the editor, leaving it closes it; nothing reaches a game.
    fn edited(&mut self, fx: Vec<Effect>) -> Vec<Effect> {
        let Some(saved) = self.editing.clone() else {
            return fx;
        };
        let mut out = vec![];
        for e in fx {
            match e {
                Effect::Game(GameCmd::SubmitSetup(setup)) => {
                    out.push(Effect::SaveSetup(SavedSetup {
                        setup,
                        ..saved.clone()
                    }));
                    self.game = None;
                    self.editing = None;
                }
                Effect::Game(_) => {}
                Effect::LeaveGame => self.editing = None,
                other => out.push(other),
            }
        }
        if self.game.is_none() {
            self.editing = None;
        }
        out
    }

    fn on_event(&mut self, ev: Event) -> Vec<Effect> {
        self.input_parts = Parts::WHOLE;
        match ev {
            Event::Key(k) => self.on_key(k),
            Event::Mouse(m) => self.on_mouse(m),
            Event::Paste(s) => {
                // Pasted text may carry whole escape sequences: drop them, not just the Esc.
                let s = crate::text::clean_line(&s, 4096);
                if let Some(Overlay::Form(f)) = &mut self.overlay {
                    f.paste(&s);
                } else if let Some(Overlay::Name(c)) = &mut self.overlay {
                    c.paste(&s);
                } else if self.screen() == Shown::Lobby {
                    self.lobby_ui.paste(&s);
                } else if self.screen() == Shown::Admin {
                    if let Some(a) = &mut self.admin {
                        a.paste(&s);
                    }
                } else if self.screen() == Shown::Tournament {
                    if let Some(t) = &mut self.tournament {
                        t.paste(&s);
                    }
                } else if let Some(g) = &mut self.game {
                    g.paste(&s);
                }
                vec![]
            }
        }
    }

    fn on_key(&mut self, k: Key) -> Vec<Effect> {
        let ctrl_c = k.mods.ctrl && matches!(k.code, KeyCode::Char('c') | KeyCode::Char('d'));
        let screen = self.screen();
        if screen == Shown::TooSmall {
            // q asks first, as everywhere else (a game's clock runs on: quitting by a slip
            // would lose it); the question is drawn in place of the screen's keys.
            if self.overlay == Some(Overlay::Quit) {
                self.overlay = None;
                return match keymap::action(dialog::QUIT_KEYS, k, &Always) {
                    Some(true) => vec![Effect::Quit],
                    _ if ctrl_c => vec![Effect::Quit],
                    _ => vec![],
                };
            }
            if ctrl_c || keymap::action(too_small::KEYS, k, &Always).is_some() {
                self.overlay = Some(Overlay::Quit);
            }
            return vec![];
        }
        // A guest's card is closed without dismissing the notice under it (the guest's
        // way back into its game, shown from the start).
        let guest_card = matches!(&self.overlay,
            Some(Overlay::Name(c)) if c.purpose == welcome::Purpose::Guest);
        let quiet = self.notice.is_none() && self.overlay.is_none();
        if self.notice.is_some() && !guest_card {
            self.notice = None;
            if k.code == KeyCode::Esc {
                return vec![];
            }
        }
        if let Some(ov) = self.overlay.take() {
            return self.overlay_key(ov, k, ctrl_c);
        }
        if ctrl_c {
            self.overlay = Some(Overlay::Quit);
            return vec![];
        }
        let (w, h) = (self.width, self.height);
        let now = self.now();
        let acts = match screen {
            Shown::Lobby => self.lobby_ui.key(k, &self.lobby, &self.me),
            Shown::Setup | Shown::Game => match &mut self.game {
                Some(g) => {
                    let acts = g.key(k, &self.settings, &self.saved, w, h, now, &mut self.rng);
                    if quiet && screen == Shown::Game && acts.is_empty() && g.line_edited() {
                        self.input_parts = Parts::LINE;
                    }
                    acts
                }
                None => vec![],
            },
            Shown::Browse => match self.pages.last_mut() {
                Some(p) => p.key(k, &self.me, w, h, self.settings.lang),
                None => vec![],
            },
            Shown::Admin => match &mut self.admin {
                Some(a) => {
                    let rows = a.page_rows(w, h);
                    a.key(k, &self.me, &self.lobby, self.unix, rows)
                }
                None => vec![],
            },
            Shown::Tournament => match &mut self.tournament {
                Some(t) => t.key(k, &self.lobby, &self.me, w, h),
                None => vec![],
            },
            Shown::TooSmall => vec![],
        };
        self.apply(acts)
    }

    fn overlay_key(&mut self, ov: Overlay, k: Key, ctrl_c: bool) -> Vec<Effect> {
        match ov {
            Overlay::Help if self.board_shown() => {
                if keymap::action(rules_page::HELP_KEYS, k, &Always)
                    == Some(rules_page::HelpKey::Rules)
                {
                    self.overlay = Some(Overlay::Rules { scroll: 0 });
                }
                vec![]
            }
            Overlay::Help => vec![],
            Overlay::Rules { scroll } => {
                let Some(a) = keymap::action(rules_page::RULES_KEYS, k, &Always) else {
                    return vec![];
                };
                let t = theme::Theme::new(&self.settings);
                let area = Rect::new(0, 0, self.width, self.height);
                let n = self.settings.numbering;
                self.overlay = rules_page::scroll_after(a, scroll, &self.rules(), n, area, &t)
                    .map(|scroll| Overlay::Rules { scroll });
                vec![]
            }
            Overlay::Quit => match keymap::action(dialog::QUIT_KEYS, k, &Always) {
                Some(true) => vec![Effect::Quit],
                _ if ctrl_c => vec![Effect::Quit],
                _ => vec![],
            },
            Overlay::Settings { mut row } => {
                match keymap::action(dialog::SETTINGS_KEYS, k, &Always) {
                    Some(SettingsKey::Up) => row = row.saturating_sub(1),
                    Some(SettingsKey::Down) => row = (row + 1).min(dialog::SETTINGS_ROWS - 1),
                    Some(SettingsKey::Change) if row == dialog::LINE_MODE_ROW => {
                        return vec![Effect::LineMode];
                    }
                    Some(SettingsKey::Change) => {
                        self.settings = dialog::change_setting(&self.settings, row);
                        self.lobby_ui.lang = self.settings.lang;
                        self.set_screens_lang();
                        self.overlay = Some(Overlay::Settings { row });
                        return vec![Effect::SettingsChanged(self.settings.clone())];
                    }
                    Some(SettingsKey::Close) | None => return vec![],
                }
                self.overlay = Some(Overlay::Settings { row });
                vec![]
            }
            Overlay::Form(mut f) => match f.key(k) {
                Err(()) => vec![],
                Ok(Some(e)) => {
                    self.lobby_ui.remember(&f);
                    vec![e]
                }
                Ok(None) => {
                    self.overlay = Some(Overlay::Form(f));
                    vec![]
                }
            },
            Overlay::Name(mut c) => {
                let (open, fx) = c.key(k);
                if open {
                    self.overlay = Some(Overlay::Name(c));
                }
                fx.into_iter().collect()
            }
        }
    }

    fn on_mouse(&mut self, m: Mouse) -> Vec<Effect> {
        let screen = self.screen();
        if screen == Shown::TooSmall {
            return vec![];
        }
        let click = m.kind == MouseKind::Down(MouseButton::Left);
        if click && self.notice.is_some() {
            self.notice = None;
        }
        if self.overlay.is_some() {
            // Any click outside a form closes help and settings; forms are keyboard-driven.
            if click && matches!(self.overlay, Some(Overlay::Help | Overlay::Rules { .. })) {
                self.overlay = None;
            }
            return vec![];
        }
        let (w, h) = (self.width, self.height);
        let acts = match screen {
            Shown::Lobby => self.lobby_ui.mouse(m, &self.lobby, &self.me, w, h),
            Shown::Setup | Shown::Game => match &mut self.game {
                Some(g) => g.mouse(m, w, h),
                None => vec![],
            },
            Shown::Browse => match self.pages.last_mut() {
                Some(p) => p.mouse(m, &self.me, w, h, self.settings.lang),
                None => vec![],
            },
            Shown::Admin => match &mut self.admin {
                Some(a) => a.mouse(m, &self.lobby, w, h),
                None => vec![],
            },
            Shown::Tournament => match &mut self.tournament {
                Some(t) => t.mouse(m, &self.lobby, &self.me, w, h),
                None => vec![],
            },
            Shown::TooSmall => vec![],
        };
        self.apply(acts)
    }

    /// Draws the whole screen from the model.
    pub fn render(&self, frame: &mut ratatui::Frame) {
        let area = Rect::new(0, 0, self.width, self.height).intersection(frame.area());
        let buf = frame.buffer_mut();
        self.draw(buf, area);
    }

    /// Draws only `parts` of the play screen into the frame's blank buffer and returns
    /// their areas, so the session patches its client's screen instead of drawing it whole:
    /// the seats after a clock tick (running clocks are most of a busy server's frames), the
    /// line under the board and the keys while a move is typed, and for anything else (a
    /// move, the cursor) everything but the board's squares that did not change since the
    /// last frame (which must be the last one this app drew). `None` when the parts cannot
    /// be drawn alone (another screen, a dialog, a notice over them, a countdown that
    /// changes more than the clocks): draw with [`App::render`]. What it draws is what
    /// `render` draws in those areas.
    pub fn render_parts(&self, frame: &mut ratatui::Frame, parts: Parts) -> Option<Vec<Rect>> {
        let area = Rect::new(0, 0, self.width, self.height).intersection(frame.area());
        let small = area.width < MIN_WIDTH || area.height < MIN_HEIGHT;
        if small || self.overlay.is_some() || self.screen() != Shown::Game {
            return None;
        }
        let game = self.game.as_ref()?;
        let game::Phase::Play(play) = &game.phase else {
            return None;
        };
        let t = theme::Theme::new(&self.settings);
        let cx = Ctx {
            settings: &self.settings,
            saved: &self.saved,
            t: &t,
            w: area.width,
            h: area.height,
            now: self.now(),
            me: &self.me,
        };
        if parts == Parts::WHOLE {
            // Anything may have changed: all but the board's unchanged squares, with no
            // notice on the screen (it may have covered them last time, or cover them now).
            if self.notice_text().is_some() {
                return None;
            }
            let areas = game::render_changed(frame.buffer_mut(), &game.shared, play, &cx)?;
            if self.settings.ascii {
                for &a in &areas {
                    asciify(frame.buffer_mut(), a);
                }
            }
            return Some(areas);
        }
        let mut areas = Vec::with_capacity(4);
        let clocks = if parts.has(Parts::CLOCKS) {
            let a = game::clock_areas(&game.shared, &cx)?;
            areas.extend(a);
            Some(a)
        } else {
            None
        };
        if parts.has(Parts::LINE) {
            areas.extend(game::line_areas(&game.shared, &cx)?);
        }
        if let Some(n) = self.notice_text() {
            let (_, at) = notice_layout(self.notice_room(area, Shown::Game), &n);
            if areas.iter().any(|a| a.intersects(at)) {
                return None;
            }
        }
        let buf = frame.buffer_mut();
        if let Some(a) = clocks {
            game::render_clocks(buf, &game.shared, a, &t, cx.now);
        }
        if parts.has(Parts::LINE) {
            game::render_line(buf, &game.shared, play, &cx);
        }
        if self.settings.ascii {
            for &a in &areas {
                asciify(buf, a);
            }
        }
        Some(areas)
    }

    fn draw(&self, buf: &mut Buffer, area: Rect) {
        let t = theme::Theme::new(&self.settings);
        let (w, h) = (area.width, area.height);
        let screen = if w < MIN_WIDTH || h < MIN_HEIGHT {
            Shown::TooSmall
        } else {
            self.screen()
        };
        // The buffer comes blank: ratatui's terminal resets it after every frame, and so
        // does the server's shared scratch terminal (screen.rs).
        let now = self.now();
        let cx = Ctx {
            settings: &self.settings,
            saved: &self.saved,
            t: &t,
            w,
            h,
            now,
            me: &self.me,
        };
        match screen {
            Shown::TooSmall => {
                let asking = self.overlay == Some(Overlay::Quit);
                too_small::render(buf, area, self.game.as_ref(), asking, now, &t)
            }
            Shown::Lobby => {
                let (ui, l) = (&self.lobby_ui, &self.lobby);
                // Under the welcome card the lobby's key hints would lie (its keys are
                // typed into the name): the card shows its own.
                let hints = !matches!(self.overlay, Some(Overlay::Name(_)));
                let cx = lobby::Cx {
                    me: &self.me,
                    waiting: &self.waiting,
                };
                lobby::render(buf, ui, l, cx, &t, self.unix, w, h, hints)
            }
            Shown::Tournament => {
                if let Some(tu) = &self.tournament {
                    let (l, me) = (&self.lobby, &self.me);
                    tournament::render(buf, tu, l, me, &t, self.unix, w, h);
                }
            }
            Shown::Setup | Shown::Game => match self.game.as_ref().map(|g| (&g.shared, &g.phase)) {
                Some((g, game::Phase::Setup(s))) => setup::render(buf, g, s, &cx),
                Some((g, game::Phase::Play(p))) => game::render(buf, g, p, &cx),
                None => {}
            },
            Shown::Browse => {
                if let Some(p) = self.pages.last() {
                    browse::render(buf, p, &self.me, &cx);
                }
            }
            Shown::Admin => {
                if let Some(a) = &self.admin {
                    admin::render(buf, a, &self.me, &self.lobby, &t, self.unix, w, h);
                }
            }
        }
        if screen != Shown::TooSmall {
            match &self.overlay {
                None => {}
                Some(Overlay::Help) if matches!(screen, Shown::Setup | Shown::Game) => {
                    let (title, keys) = self.help(screen);
                    rules_page::render_help(buf, area, title, &keys, &t);
                }
                Some(Overlay::Help) => {
                    let (title, keys) = self.help(screen);
                    let back = self.me.comeback.as_ref().map(|c| {
                        (
                            crate::i18n::text_static(t.lang, "help-comeback"),
                            c.as_str(),
                        )
                    });
                    let keys: Vec<(&str, &str)> = keys.into_iter().chain(back).collect();
                    dialog::render_help(buf, area, title, &keys, &t);
                }
                Some(Overlay::Rules { scroll }) => {
                    let n = self.settings.numbering;
                    rules_page::render(buf, area, &self.rules(), n, *scroll, &t);
                }
                Some(Overlay::Settings { row }) => {
                    dialog::render_settings(buf, area, &self.settings, *row, &t)
                }
                Some(Overlay::Quit) => dialog::render_confirm(
                    buf,
                    area,
                    &tr(t.lang, "quit-title"),
                    &tr(t.lang, "quit-question"),
                    &keymap::footer(dialog::QUIT_KEYS, &Always),
                    &t,
                ),
                Some(Overlay::Form(f)) => f.render(buf, area, &t),
                Some(Overlay::Name(c)) => {
                    c.render(buf, area, &t);
                }
            }
            if let Some(n) = self.notice_text() {
                draw_notice(buf, self.notice_room(area, screen), &n, &t);
            }
        }
        // The next frame draws only the changed squares of the board when this one showed
        // the play screen and nothing over it (see `App::render_parts`).
        if screen != Shown::Game || self.overlay.is_some() || self.notice_text().is_some() {
            if let Some(g) = &self.game {
                game::forget_board(&g.shared);
            }
        }
        if self.settings.ascii {
            asciify(buf, area);
        }
    }
}

impl App {
    /// The keys of the screen shown, in its mode now (not of a dialog over it).
    fn screen_keys(&self, screen: Shown) -> Box<dyn Described + '_> {
        match screen {
            Shown::TooSmall => keymap::plain(too_small::KEYS),
            Shown::Lobby => self.lobby_ui.keys(&self.lobby, &self.me),
            Shown::Setup | Shown::Game => match &self.game {
                Some(g) => g.keys(self.settings.numbering, self.now()),
                None => self.lobby_ui.keys(&self.lobby, &self.me),
            },
            Shown::Browse => match self.pages.last() {
                Some(p) => p.keys(&self.me),
                None => self.lobby_ui.keys(&self.lobby, &self.me),
            },
            Shown::Admin => match &self.admin {
                Some(a) => a.keys(),
                None => self.lobby_ui.keys(&self.lobby, &self.me),
            },
            Shown::Tournament => match &self.tournament {
                Some(t) => t.keys(&self.lobby, &self.me),
                None => self.lobby_ui.keys(&self.lobby, &self.me),
            },
        }
    }

    /// The help of the screen shown: its title and lines.
    fn help(&self, screen: Shown) -> (&'static str, Vec<(&'static str, &'static str)>) {
        let title = match screen {
            Shown::Lobby | Shown::TooSmall => "lobby-help-title",
            Shown::Admin => "admin-help-title",
            Shown::Tournament => "tournament-help-title",
            Shown::Setup | Shown::Game => self.game.as_ref().map_or("Keys", |g| g.help_title()),
            Shown::Browse => self.pages.last().map_or("Keys", |p| p.help_title()),
        };
        let lang = self.settings.lang;
        let help = keymap::in_lang(self.screen_keys(screen).help(), lang);
        (crate::i18n::text_static(lang, title), help)
    }

    /// What the app does with `key` now, as its help and hints document it: `None` when
    /// the key does nothing. For tests: every key that does something should be
    /// documented (a help line, a hint on the screen), be typed into a line of text, or
    /// only say why nothing happens. Keys with Ctrl are the app's own (Ctrl-C, Ctrl-D
    /// quit) and not described.
    pub fn key_doc(&self, key: Key) -> Option<KeyDoc> {
        let screen = self.screen();
        let doc = match &self.overlay {
            Some(Overlay::Help) if self.board_shown() => {
                keymap::plain(rules_page::HELP_KEYS).doc(key)
            }
            Some(Overlay::Help) => keymap::plain(dialog::HELP_KEYS).doc(key),
            Some(Overlay::Rules { .. }) => keymap::plain(rules_page::RULES_KEYS).doc(key),
            Some(Overlay::Quit) => keymap::plain(dialog::QUIT_KEYS).doc(key),
            Some(Overlay::Settings { .. }) => keymap::plain(dialog::SETTINGS_KEYS).doc(key),
            Some(Overlay::Form(f)) => f.keys().doc(key),
            Some(Overlay::Name(c)) => c.keys().doc(key),
            None => self.screen_keys(screen).doc(key),
        };
        doc.map(|d| d.in_lang(self.settings.lang))
    }
}

impl App {
    /// The admin and tournament screens follow the language chosen.
    fn set_screens_lang(&mut self) {
        let lang = self.settings.lang;
        if let Some(a) = &mut self.admin {
            a.lang = lang;
        }
        if let Some(t) = &mut self.tournament {
            t.lang = lang;
        }
    }

    /// The set-up or game screen is shown (their help leads to the rules page).
    fn board_shown(&self) -> bool {
        matches!(self.screen(), Shown::Setup | Shown::Game)
    }

    /// The rules of the game shown (the standard ones when there is none).
    fn rules(&self) -> crate::rules::Rules {
        self.game
            .as_ref()
            .map_or(crate::rules::Rules::standard(Variant::Classic), |g| {
                g.shared.snap.terms.rules
            })
    }
}

impl App {
    /// Where a notice may go: the whole screen, but on a game's screens (set-up and play)
    /// only above the player's own seat (their name, colour and clock at the bottom of
    /// the side panel), which stays readable under a notice of several rows; the footer's
    /// keys show there then.
    fn notice_room(&self, area: Rect, screen: Shown) -> Rect {
        let Some(g) = self
            .game
            .as_ref()
            .filter(|_| matches!(screen, Shown::Setup | Shown::Game))
        else {
            return area;
        };
        let side = g.shared.layout(area.width, area.height).side;
        // The seat is the side's last two rows; a side under the board (a narrow
        // terminal) or a short one leaves the notice its usual place.
        let seat_top = side.bottom().saturating_sub(2);
        if side.width == 0 || side.x == area.x || seat_top < area.y + area.height / 2 {
            return area;
        }
        Rect::new(area.x, area.y, area.width, seat_top - area.y)
    }

    /// The notice as drawn: in ASCII mode its typography in ASCII (`—` as `-`, `→` as
    /// `->`), not the `?` that stands for any other character.
    fn notice_text(&self) -> Option<std::borrow::Cow<'_, str>> {
        let n = self.notice.as_deref()?;
        Some(if self.settings.ascii {
            std::borrow::Cow::Owned(ascii_words(n))
        } else {
            std::borrow::Cow::Borrowed(n)
        })
    }
}

/// Text with its usual typography in ASCII: dashes, arrows, dots, quotes, marks.
pub(crate) fn ascii_words(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '—' | '–' | '·' => out.push('-'),
            '→' => out.push_str("->"),
            '←' => out.push_str("<-"),
            '…' => out.push_str("..."),
            '✓' => out.push_str("ok"),
            '●' => out.push('*'),
            '‘' | '’' => out.push('\''),
            '“' | '”' => out.push('"'),
            c => out.push(c),
        }
    }
    out
}

/// A rank's name in `lang` (`Feldmarschall`, `Verkenner`).
pub fn rank_name(lang: Lang, r: Rank) -> String {
    tr(lang, rank_id(r))
}

fn rank_id(r: Rank) -> &'static str {
    crate::proto::rank_id(r)
}

/// The letters of the pieces without a number (spy, bomb, flag) in each language, read from
/// the catalogs once: the board draws them per cell.
static RANK_LETTERS: std::sync::LazyLock<Vec<[String; 3]>> = std::sync::LazyLock::new(|| {
    Lang::ALL
        .iter()
        .map(|l| ["rank-letter-spy", "rank-letter-bomb", "rank-letter-flag"].map(|id| tr(*l, id)))
        .collect()
});

/// The label drawn on a piece in `lang`: its number in numbering `n`, or its letter (`S`,
/// `B`, `F`, as each language's catalog says).
pub fn rank_label(lang: Lang, r: Rank, n: Numbering) -> &'static str {
    let which = match r {
        Rank::Spy => 0,
        Rank::Bomb => 1,
        Rank::Flag => 2,
        _ => return r.label(n),
    };
    match Lang::ALL.iter().position(|l| *l == lang) {
        Some(i) => RANK_LETTERS[i][which].as_str(),
        None => r.label(n),
    }
}

/// The key that dismisses a notice, at its end.
const NOTICE_ESC: &str = " (Esc) ";

/// How long a notice stays (unless a key or another notice takes it away first), in
/// seconds: a few, as on lichess, and a little longer for a long one (a quarter of a second
/// a word).
pub fn notice_secs(text: &str) -> u64 {
    let words = text.split_whitespace().count() as u64;
    (4 + words / 4).clamp(5, 12)
}

/// A notice's rows (wrapped at words, never cut; a `\n` starts a row) and where it goes:
/// the bottom line of `area` (the footer's, whose keys it stands for until dismissed; on a
/// game's screens the row above the player's seat, see `App::notice_room`), and the rows
/// above it when it needs more: never over the top of a screen, where the board, the seats
/// and the lists start.
fn notice_layout(area: Rect, text: &str) -> (Vec<String>, Rect) {
    let room = usize::from(area.width.saturating_sub(2));
    let mut rows: Vec<String> = text
        .split('\n')
        .flat_map(|part| widgets::wrap(part, room))
        .collect();
    if let Some(last) = rows.last_mut() {
        if last.chars().count() + NOTICE_ESC.len() > room {
            rows.push(String::new());
        }
    }
    let rows: Vec<String> = rows
        .into_iter()
        .take(usize::from(area.height / 2))
        .collect();
    let n = rows.len() as u16;
    let at = Rect::new(area.x, area.bottom().saturating_sub(n), area.width, n);
    (rows, at)
}

/// A notice banner (see [`notice_layout`]).
fn draw_notice(buf: &mut Buffer, area: Rect, text: &str, t: &theme::Theme) {
    let (rows, at) = notice_layout(area, text);
    let n = rows.len();
    for (i, row) in rows.iter().enumerate() {
        let r = Rect::new(at.x, at.y + i as u16, at.width, 1);
        widgets::fill(buf, r, t.banner());
        let mut spans = vec![Span::styled(format!(" {row} "), t.banner())];
        if i + 1 == n {
            spans.push(Span::styled(NOTICE_ESC, t.banner().patch(t.dim())));
        }
        widgets::put_line(buf, r.x, r.y, &Line::from(spans), r.width);
    }
}

/// ASCII mode: no cell may hold anything but ASCII (user text included). The mark of a
/// cut word (`…`) becomes `~`; anything else `?`.
fn asciify(buf: &mut Buffer, area: Rect) {
    let area = buf.area.intersection(area);
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buf[(x, y)];
            if !cell.symbol().is_ascii() {
                let to = if cell.symbol() == "…" { "~" } else { "?" };
                cell.set_symbol(to);
            }
        }
    }
}

/// Adds a player's private games (sent to them alone) to the lobby they see: among the
/// games, by number, and their two players shown playing where the shared snapshot (which
/// leaves private games out) shows them idle.
pub(crate) fn with_private_games(l: &mut LobbySnapshot, games: &[GameSummary]) {
    for g in games {
        if !l.games.iter().any(|x| x.id == g.id) {
            l.games.push(g.clone());
        }
        for p in l.players.iter_mut() {
            if (p.nick == g.red || p.nick == g.blue) && p.status == PlayerStatus::Idle {
                p.status = PlayerStatus::Playing(g.id);
            }
        }
    }
    l.games.sort_by_key(|g| g.id);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn color_depth_from_term() {
        assert_eq!(
            ColorDepth::from_term("xterm-256color", None, false),
            ColorDepth::Ansi256
        );
        assert_eq!(
            ColorDepth::from_term("xterm-256color", Some("truecolor"), false),
            ColorDepth::TrueColor
        );
        assert_eq!(
            ColorDepth::from_term("xterm", Some("24bit"), false),
            ColorDepth::TrueColor
        );
        assert_eq!(ColorDepth::from_term("dumb", None, false), ColorDepth::Mono);
        assert_eq!(ColorDepth::from_term("", None, false), ColorDepth::Mono);
        for t in ["xterm", "linux", "screen"] {
            assert_eq!(ColorDepth::from_term(t, None, false), ColorDepth::Ansi16);
        }
        // NO_COLOR wins over everything the terminal says it can.
        assert_eq!(
            ColorDepth::from_term("xterm-256color", Some("truecolor"), true),
            ColorDepth::Mono
        );
    }

    #[test]
    fn ascii_by_default_for_terminals_without_the_glyphs() {
        for t in [
            "vt100",
            "VT220",
            "vt52",
            "linux",
            "linux-16color",
            "dumb",
            "",
        ] {
            assert!(Settings::ascii_default(t), "{t:?}");
        }
        for t in [
            "xterm",
            "xterm-256color",
            "screen",
            "tmux-256color",
            "vte",
            "rxvt",
        ] {
            assert!(!Settings::ascii_default(t), "{t:?}");
        }
    }

    #[test]
    fn settings_round_trip_without_colour() {
        let s = Settings {
            numbering: Numbering::Classic,
            ascii: true,
            color: ColorDepth::Mono,
            lang: Lang::Nl,
        };
        let j = serde_json::to_string(&s).unwrap();
        assert!(!j.contains("color"));
        let back: Settings = serde_json::from_str(&j).unwrap();
        assert_eq!(back.numbering, Numbering::Classic);
        assert!(back.ascii);
        assert_eq!(back.lang, Lang::Nl);
        // Settings stored before the language read as English.
        let old: Settings = serde_json::from_str(&j.replace(r#","lang":"nl""#, "")).unwrap();
        assert_eq!(old.lang, Lang::En);
    }
}
