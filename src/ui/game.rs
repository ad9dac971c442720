//! The game screen (play and game over), for players and spectators, and the state of the
//! game a session plays or watches.
//!
//! [`GameUi`] is what the screen remembers of that game: [`Shared`] by both phases (the
//! snapshot and when it came, the cursor, the chat line, a question waiting for y/n, the
//! message line, the board turned by hand), and the [`Phase`]'s own state: the set-up
//! ([`SetupUi`], in `setup.rs`: the army being arranged, a piece picked up, saving and
//! loading) or play ([`PlayUi`]: the selected piece, a move being typed, a rescue being
//! chosen). A snapshot of another phase replaces the phase's state.

use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::board::{self, Content};
use super::input::{Key, KeyCode, Mouse, MouseButton, MouseKind};
use super::keymap::{
    self, any, ch, chars, hint, note, on, tip, typing, Always, Binding, Conditions, Described,
    Hint, Never, ToLine, With,
};
use super::layout::{board_layout, play_side, BoardLayout};
use super::setup::SetupUi;
use super::theme::Theme;
use super::vocab::{color_name, end_reason, variant_name};
use super::widgets::{dialog, fmt_clock, footer, put, put_line, InputResult, LineInput};
use super::words::{
    self, abbrev, ellipsis, move_sentence, move_text, wrap, wrap_at_most, wrap_line,
};
use super::{rank_label, rank_name, Act, Effect, Overlay, SavedSetup, Settings};
use crate::i18n::{tr, Lang};
use crate::proto::{note_refusal, GameCmd, GamePhase, GameSnapshot, LobbyCmd, SeatInfo};
use crate::rules::notation::{parse_move_text, ParseMoveError};
use crate::rules::{
    Color, EndReason, Guess, IllegalReason, Move, NoteError, Notes, Numbering, PlayerView, Rank,
    Rescue, SplitMix64, Square, ViewPiece,
};
use crate::t;
use KeyCode::{Backspace, Delete, Down, Enter, Esc, Left, Right, Tab, Up, F};

pub(crate) const CHAT_MAX: usize = 300;

/// Something waiting for y/n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Confirm {
    Resign,
    Leave,
    Ready,
    /// Take every piece of the set-up off the board.
    Clear,
    /// Fill the whole army afresh, moving the pieces placed by hand too.
    Refill,
    /// End the game in its set-up without a result (`A`; what leaving does in a game
    /// played at one sitting, and the only way in a correspondence game).
    Abort,
}

/// Choosing a rescue for a move that reaches the enemy back row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RescuePick {
    pub from: Square,
    pub to: Square,
    pub options: Vec<Move>,
    /// The plain move (no rescue) is legal too.
    pub plain_ok: bool,
    pub ranks: Vec<Rank>,
    pub row: usize,
    pub rank: Option<Rank>,
}

/// The game this session plays or watches, with what the screen remembers about it.
#[derive(Clone, Debug)]
pub(crate) struct GameUi {
    pub shared: Shared,
    pub phase: Phase,
}

/// The phase's own state; which one follows the snapshot's [`GamePhase`].
#[derive(Clone, Debug)]
pub(crate) enum Phase {
    Setup(SetupUi),
    /// Play and after the game.
    Play(PlayUi),
}

/// What the set-up and the play screens share.
#[derive(Clone, Debug)]
pub(crate) struct Shared {
    pub snap: Arc<GameSnapshot>,
    /// When the snapshot came (clocks count down from it).
    pub at: Instant,
    pub cursor: Square,
    /// The chat line being typed.
    pub chat: Option<LineInput>,
    /// A question waiting for y/n.
    pub confirm: Option<Confirm>,
    /// A line for the player: (text, is an error).
    pub message: Option<(String, bool)>,
    pub manual_flip: bool,
    /// The language of the messages: the player's, as the last key or drawing said (a
    /// click comes on a screen drawn in it).
    pub lang: std::cell::Cell<Lang>,
    /// The play screen's board as last drawn, while the client shows it (see
    /// [`render_changed`]); `None` once anything else was drawn over or instead of it.
    pub drawn: std::cell::RefCell<Option<DrawnBoard>>,
}

/// The board's squares as drawn on the last frame of the play screen, and what they were
/// drawn at: the next frame draws only the squares whose drawing differs.
#[derive(Clone, Debug)]
pub(crate) struct DrawnBoard {
    geom: super::layout::BoardGeom,
    settings: Settings,
    /// Each square's drawing as a digest, by [`Square::index`] (a hundred cells with their
    /// labels would cost every session kilobytes).
    cells: Vec<u64>,
    /// What the header was drawn from.
    header: HeaderKey,
    /// The pieces left and taken under the board: their digest and the row after them.
    counts: Option<(u64, u16)>,
    /// The move list in the side: its digest and its area.
    moves: Option<(u64, Rect)>,
    /// The chat in the side (while nothing is being typed into it): its digest and area.
    chat: Option<(u64, Rect)>,
}

/// Everything [`render_header`] reads besides the settings.
#[derive(Clone, Copy, Debug, PartialEq)]
struct HeaderKey {
    area: Rect,
    terms: crate::proto::GameTerms,
    id: crate::proto::GameId,
    me: Option<Color>,
    spectators: u32,
}

impl HeaderKey {
    fn of(g: &Shared, area: Rect) -> HeaderKey {
        HeaderKey {
            area,
            terms: g.snap.terms,
            id: g.snap.id,
            me: g.my_color(),
            spectators: g.snap.spectators,
        }
    }
}

/// A digest of what a part of the screen is drawn from (see [`digest`]).
fn fx<T: std::hash::Hash + ?Sized>(what: &T) -> u64 {
    use std::hash::Hasher;
    let mut h = Fx(0);
    what.hash(&mut h);
    h.finish()
}

/// FxHash's step (rustc's): a few instructions a byte, where SipHash costs a hundred a
/// digest; nothing here is chosen by an adversary to collide, nor gains by it.
struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A square's drawing as a 64-bit digest (were two drawings that differ to give the same
/// digest, the square would show its last drawing until the next whole frame: the player's
/// own view, a moment late, never anyone else's).
fn digest(c: &board::Cell) -> u64 {
    fx(c)
}

/// What the play screen remembers besides [`Shared`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PlayUi {
    pub selected: Option<Square>,
    pub mode: PlayMode,
    /// The moves there were when the player last pressed a key or clicked: a battle after
    /// that stays told under the board beside the moves that follow it (the computer
    /// answers within a second), until the player acts.
    pub seen: usize,
    /// The last key only edited the move being typed (started, changed or cancelled it):
    /// nothing but the line under the board and the keys changed ([`line_areas`]).
    pub line_edit: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum PlayMode {
    #[default]
    Normal,
    /// A move being typed.
    Command(LineInput),
    Rescue(RescuePick),
    /// `N` on an unknown enemy piece: the next key is the note's guess.
    Note(Square),
}

fn sq(file: u8, row: u8) -> Square {
    Square::new(file, row).expect("on board")
}

impl Phase {
    /// The keys of the chat line: the set-up's says "ok", play's "send".
    fn chat_keys(&self) -> &'static [Binding<ToLine, Never>] {
        match self {
            Phase::Setup(_) => LINE_OK,
            Phase::Play(_) => CHAT,
        }
    }

    fn for_snapshot(snap: &GameSnapshot) -> Phase {
        match snap.phase {
            GamePhase::Setup => Phase::Setup(SetupUi::new(snap)),
            GamePhase::Playing | GamePhase::Over => Phase::Play(PlayUi {
                seen: snap.history.len(),
                ..PlayUi::default()
            }),
        }
    }
}

impl GameUi {
    pub fn new(snap: Arc<GameSnapshot>, at: Instant) -> GameUi {
        let phase = Phase::for_snapshot(&snap);
        let mut shared = Shared {
            cursor: sq(4, 3),
            snap,
            at,
            chat: None,
            confirm: None,
            message: None,
            manual_flip: false,
            lang: std::cell::Cell::new(Lang::default()),
            drawn: Default::default(),
        };
        shared.cursor = shared.home_square();
        GameUi { shared, phase }
    }

    pub fn layout(&self, w: u16, h: u16) -> BoardLayout {
        self.shared.layout(w, h)
    }

    /// A new snapshot of the same game; returns a bell when it became our turn.
    pub fn update(&mut self, snap: Arc<GameSnapshot>, at: Instant) -> Vec<Effect> {
        let g = &mut self.shared;
        let prev = std::mem::replace(&mut g.snap, snap);
        g.at = at;
        let mut fx = g.bell(&prev);
        // A spectator follows the players into their rematch.
        if let (None, None, Some(next)) = (g.snap.my_color, prev.next_game, g.snap.next_game) {
            fx.push(Effect::Lobby(LobbyCmd::Spectate(next)));
        }
        if prev.phase != g.snap.phase {
            // The chat line is kept; anything else asked or half done is dropped.
            g.confirm = None;
            self.phase = Phase::for_snapshot(&g.snap);
            if g.snap.phase == GamePhase::Playing {
                g.cursor = g.home_square();
                g.message = None;
            }
        }
        match &mut self.phase {
            Phase::Setup(s) => {
                if let Some(setup) = &g.snap.my_setup {
                    s.draft = setup.clone();
                }
            }
            Phase::Play(p) => p.update(g, &prev),
        }
        fx
    }

    pub fn paste(&mut self, s: &str) {
        if let Some(i) = &mut self.shared.chat {
            return i.insert(s);
        }
        match &mut self.phase {
            Phase::Setup(setup) => setup.paste(s),
            Phase::Play(PlayUi {
                mode: PlayMode::Command(i),
                ..
            }) => i.insert(s),
            Phase::Play(_) => {}
        }
    }

    /// The chat line or a question takes the key first; `None` when the key is for the
    /// phase itself.
    fn key_shared(&mut self, key: Key, rng: &mut SplitMix64) -> Option<Vec<Act>> {
        let g = &mut self.shared;
        if let Some(input) = &mut g.chat {
            if keymap::find(self.phase.chat_keys(), key, &Always).is_none() {
                return Some(vec![]);
            }
            return Some(match input.key(key) {
                InputResult::Editing => vec![],
                InputResult::Cancel => {
                    g.chat = None;
                    vec![]
                }
                InputResult::Submit(text) => {
                    g.chat = None;
                    let text = text.trim().to_string();
                    if text.is_empty() {
                        vec![]
                    } else {
                        vec![Act::Fx(Effect::Game(GameCmd::Chat(text)))]
                    }
                }
            });
        }
        let c = g.confirm?;
        Some(match keymap::action(CONFIRM, key, &Always) {
            Some(Answer::Help) => vec![Act::Open(Overlay::Help)],
            Some(Answer::Settings) => vec![Act::Open(Overlay::Settings { row: 0 })],
            Some(Answer::Yes) => {
                g.confirm = None;
                match (c, &mut self.phase) {
                    (Confirm::Resign, _) => vec![Act::Fx(Effect::Game(GameCmd::Resign))],
                    (Confirm::Abort, _) => vec![Act::Fx(Effect::Game(GameCmd::Abort))],
                    // Before the first move the game ends without a result.
                    (Confirm::Leave, _) if g.leave_aborts() => {
                        vec![Act::Fx(Effect::Game(GameCmd::Abort)), Act::LeaveGame]
                    }
                    (Confirm::Leave, _) => vec![Act::LeaveGame],
                    (Confirm::Ready, Phase::Setup(s)) => s.submit(g),
                    (Confirm::Clear, Phase::Setup(s)) => {
                        s.clear(g);
                        vec![]
                    }
                    (Confirm::Refill, Phase::Setup(s)) => {
                        s.refill(g, rng);
                        vec![]
                    }
                    (Confirm::Ready | Confirm::Clear | Confirm::Refill, Phase::Play(_)) => {
                        vec![]
                    }
                }
            }
            Some(Answer::No) | None => {
                g.confirm = None;
                vec![]
            }
        })
    }

    /// The keys of the screen as it is now: the chat line's, the question's, or the
    /// phase's.
    pub fn keys(&self, numbering: Numbering, now: Instant) -> Box<dyn Described + '_> {
        let g = &self.shared;
        if g.chat.is_some() {
            return keymap::plain(self.phase.chat_keys());
        }
        if g.confirm.is_some() {
            return keymap::plain(CONFIRM);
        }
        match &self.phase {
            Phase::Setup(s) => s.keys(g, numbering),
            Phase::Play(p) => p.keys(g, now),
        }
    }

    /// The title of the help.
    pub fn help_title(&self) -> &'static str {
        match self.phase {
            Phase::Setup(_) => "game-help-title-setup",
            Phase::Play(_) => "game-help-title",
        }
    }

    /// A key on the game screen; `rng` is the session's unpredictable generator (the
    /// random fill of a set-up draws from it).
    #[allow(clippy::too_many_arguments)]
    pub fn key(
        &mut self,
        key: Key,
        settings: &Settings,
        saved: &[SavedSetup],
        w: u16,
        h: u16,
        now: Instant,
        rng: &mut SplitMix64,
    ) -> Vec<Act> {
        self.shared.lang.set(settings.lang);
        if let Phase::Play(p) = &mut self.phase {
            p.line_edit = false;
        }
        if let Some(acts) = self.key_shared(key, rng) {
            return acts;
        }
        let g = &mut self.shared;
        match &mut self.phase {
            Phase::Setup(s) => s.key(g, key, settings, saved, w, h, rng),
            Phase::Play(p) => p.key(g, key, w, h, now, settings.numbering),
        }
    }

    /// The last key only edited the move being typed (see [`PlayUi::line_edit`]).
    pub fn line_edited(&self) -> bool {
        matches!(&self.phase, Phase::Play(p) if p.line_edit)
    }

    pub fn mouse(&mut self, m: Mouse, w: u16, h: u16) -> Vec<Act> {
        if m.kind != MouseKind::Down(MouseButton::Left) {
            return vec![];
        }
        let g = &mut self.shared;
        match &mut self.phase {
            Phase::Setup(s) => s.mouse(g, m, w, h),
            Phase::Play(p) => p.mouse(g, m, w, h),
        }
    }
}

impl Shared {
    /// Where the cursor starts: the front-left of the viewer's set-up area during set-up,
    /// the middle of the own front row in play.
    fn home_square(&self) -> Square {
        let c = self.my_color().unwrap_or(Color::Red);
        let depth = self.snap.terms.rules.setup_depth();
        let front = match c {
            Color::Red => depth - 1,
            Color::Blue => 10 - depth,
        };
        if self.snap.phase == GamePhase::Setup {
            let file = match c {
                Color::Red => 0,
                Color::Blue => 9,
            };
            sq(file, front)
        } else {
            let file = match c {
                Color::Red => 4,
                Color::Blue => 5,
            };
            sq(file, front)
        }
    }

    pub fn my_color(&self) -> Option<Color> {
        self.snap.my_color
    }

    /// No move has been played yet (the set-up, or play before the first move): leaving
    /// ends the game without a result ([`GameCmd::Abort`]).
    /// Leaving now ends the game without a result: before the first move, except in a
    /// correspondence game (it waits for its players, set-up and first move included).
    pub fn leave_aborts(&self) -> bool {
        self.before_first_move() && !self.snap.terms.correspondence()
    }

    pub fn before_first_move(&self) -> bool {
        match self.snap.phase {
            GamePhase::Setup => true,
            GamePhase::Playing => {
                self.snap.history.is_empty() && self.view().is_none_or(|v| v.ply == 0)
            }
            GamePhase::Over => false,
        }
    }

    /// The opponent's seat is held (after the game: a rematch can still be agreed).
    fn opponent_here(&self) -> bool {
        self.my_color()
            .is_some_and(|c| self.snap.seats.get(c.opposite()).connected)
    }

    /// A clock runs in this game now.
    fn clock_runs(&self) -> bool {
        self.snap.phase == GamePhase::Playing
            && self
                .snap
                .clocks
                .as_ref()
                .is_some_and(|c| c.red.running || c.blue.running)
    }

    pub fn flipped(&self) -> bool {
        (self.my_color() == Some(Color::Blue)) ^ self.manual_flip
    }

    pub fn layout(&self, w: u16, h: u16) -> BoardLayout {
        board_layout(w, h, self.flipped())
    }

    /// A bell when the new snapshot made it our turn.
    fn bell(&self, prev: &GameSnapshot) -> Vec<Effect> {
        let s = &self.snap;
        if let (Some(me), Some(v)) = (s.my_color, &s.view) {
            if s.phase == GamePhase::Playing && v.to_move == me {
                let was_mine = prev.phase == GamePhase::Playing
                    && prev
                        .view
                        .as_ref()
                        .is_some_and(|pv| pv.to_move == me && pv.ply == v.ply);
                if !was_mine {
                    return vec![Effect::Bell];
                }
            }
        }
        vec![]
    }

    /// A running clock or a reconnect countdown changes what is drawn as time passes.
    pub fn animating(&self, now: Instant) -> bool {
        let clock = self.snap.phase == GamePhase::Playing
            && self
                .snap
                .clocks
                .as_ref()
                .is_some_and(|c| c.red.running || c.blue.running);
        let countdown = [Color::Red, Color::Blue].into_iter().any(|c| {
            self.reconnect_left(self.snap.seats.get(c), now)
                .is_some_and(|d| !d.is_zero())
        });
        let setup = self.setup_left(now).is_some_and(|d| !d.is_zero());
        clock || countdown || setup
    }

    /// What the passing of time shows at `now`: both clocks as drawn (see [`clock_shown`])
    /// and the reconnect countdowns to the second, `u64::MAX` where nothing is shown. A
    /// tick that leaves it unchanged needs no new frame. Numbers, not the texts: every
    /// session asks four times a second.
    pub fn time_shown(&self, now: Instant) -> [u64; 5] {
        let mut shown = [u64::MAX; 5];
        for (i, c) in [Color::Red, Color::Blue].into_iter().enumerate() {
            if let Some(d) = self.clock(c, now) {
                shown[2 * i] = clock_shown(d);
            }
            if let Some(left) = self.reconnect_left(self.snap.seats.get(c), now) {
                shown[2 * i + 1] = left.as_millis().div_ceil(1000) as u64;
            }
        }
        if let Some(left) = self.setup_left(now) {
            shown[4] = clock_shown(left);
        }
        shown
    }

    /// How long after `now` what time shows changes next ([`Shared::time_shown`]): a
    /// running clock's digits, a reconnect or set-up countdown. `None`: nothing shown runs.
    pub fn next_time_change(&self, now: Instant) -> Option<Duration> {
        let mut next: Option<Duration> = None;
        let mut take = |d: Duration| next = Some(next.map_or(d, |n: Duration| n.min(d)));
        for c in [Color::Red, Color::Blue] {
            let running = self.snap.phase == GamePhase::Playing
                && self.snap.clocks.as_ref().is_some_and(|k| k.get(c).running);
            if let Some(d) = self.clock(c, now).filter(|d| running && !d.is_zero()) {
                take(until_clock_changes(d));
            }
            if let Some(left) = self
                .reconnect_left(self.snap.seats.get(c), now)
                .filter(|d| !d.is_zero())
            {
                // Shown in whole seconds rounded up: it changes as it passes a whole second.
                let into = Duration::from_nanos(u64::from(left.subsec_nanos()));
                take(if into.is_zero() {
                    Duration::from_secs(1)
                } else {
                    into
                });
            }
        }
        if let Some(left) = self.setup_left(now).filter(|d| !d.is_zero()) {
            take(until_clock_changes(left));
        }
        next
    }

    pub fn elapsed(&self, now: Instant) -> Duration {
        now.saturating_duration_since(self.at)
    }

    pub fn view(&self) -> Option<&PlayerView> {
        self.snap.view.as_ref()
    }

    /// The language of the player's messages (see [`Shared::lang`]).
    pub(crate) fn lang(&self) -> Lang {
        self.lang.get()
    }

    pub(crate) fn say(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), false));
    }

    pub(crate) fn err(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), true));
    }

    /// Seconds left for a disconnected seat to come back, counted down from the snapshot.
    pub fn reconnect_left(&self, seat: &SeatInfo, now: Instant) -> Option<Duration> {
        if seat.connected || self.snap.phase == GamePhase::Over {
            return None;
        }
        seat.reconnect_left
            .map(|d| d.saturating_sub(self.elapsed(now)))
    }

    /// Set-up time left under the server's set-up deadline, counted down from the
    /// snapshot; `None` outside set-up or without a deadline.
    pub fn setup_left(&self, now: Instant) -> Option<Duration> {
        if self.snap.phase != GamePhase::Setup {
            return None;
        }
        self.snap
            .setup_left
            .map(|d| d.saturating_sub(self.elapsed(now)))
    }

    /// The opponent's reconnect time ran out: the win may be claimed.
    pub fn can_claim(&self, now: Instant) -> bool {
        let Some(me) = self.my_color() else {
            return false;
        };
        if self.snap.phase == GamePhase::Over {
            return false;
        }
        let opp = self.snap.seats.get(me.opposite());
        self.reconnect_left(opp, now) == Some(Duration::ZERO)
    }

    /// A correspondence game's total budget left to `c` now (the side to move's counted
    /// down as its clock is); `None` without a budget.
    pub fn budget_left(&self, c: Color, now: Instant) -> Option<Duration> {
        let left = *self.snap.budget_left.as_ref()?.get(c);
        let running = self.snap.phase == GamePhase::Playing
            && self.snap.clocks.as_ref().is_some_and(|k| k.get(c).running);
        Some(match running {
            true => left.saturating_sub(self.elapsed(now)),
            false => left,
        })
    }

    /// A clock's time now.
    pub fn clock(&self, c: Color, now: Instant) -> Option<Duration> {
        let cs = self.snap.clocks.as_ref()?.get(c);
        if cs.running && self.snap.phase == GamePhase::Playing {
            Some(cs.remaining.saturating_sub(self.elapsed(now)))
        } else {
            Some(cs.remaining)
        }
    }

    fn move_cursor(&mut self, key: Key, w: u16, h: u16) -> bool {
        let (dx, dy) = match key.code {
            KeyCode::Left | KeyCode::Char('h') => (-1, 0),
            KeyCode::Right | KeyCode::Char('l') => (1, 0),
            KeyCode::Up | KeyCode::Char('k') => (0, -1),
            KeyCode::Down | KeyCode::Char('j') => (0, 1),
            _ => return false,
        };
        let g = self.layout(w, h).board;
        self.cursor = g.step(self.cursor, dx, dy);
        true
    }
}

impl PlayUi {
    /// After a new snapshot: a rescue being chosen and an error are dropped once the
    /// position changed; a selection that is no longer the viewer's piece is dropped.
    fn update(&mut self, g: &mut Shared, prev: &GameSnapshot) {
        let ply = g.snap.view.as_ref().map(|v| v.ply);
        let prev_ply = prev.view.as_ref().map(|v| v.ply);
        if ply != prev_ply {
            if matches!(self.mode, PlayMode::Rescue(_) | PlayMode::Note(_)) {
                self.mode = PlayMode::Normal;
            }
            if g.message.as_ref().is_some_and(|m| m.1) {
                g.message = None;
            }
        }
        if let Some(sel) = self.selected {
            let mine = g.view().and_then(|v| v.piece_at(sel)).map(|p| p.color) == g.my_color();
            if !mine || g.my_color().is_none() {
                self.selected = None;
            }
        }
    }

    /// The keys of play as it is now (a move being typed, a rescue, or the board).
    pub(crate) fn keys(&self, g: &Shared, now: Instant) -> Box<dyn Described> {
        match &self.mode {
            PlayMode::Command(_) => keymap::plain(COMMAND),
            PlayMode::Rescue(r) if r.rank.is_none() => keymap::plain(RESCUE_PIECE),
            PlayMode::Rescue(_) => keymap::plain(RESCUE_SQUARE),
            PlayMode::Note(_) => keymap::plain(NOTE),
            PlayMode::Normal => Box::new(With(PLAY, PlayCx::new(g, self, now))),
        }
    }

    fn key(
        &mut self,
        g: &mut Shared,
        key: Key,
        w: u16,
        h: u16,
        now: Instant,
        n: Numbering,
    ) -> Vec<Act> {
        self.seen = g.snap.history.len();
        match &mut self.mode {
            PlayMode::Command(input) => {
                if keymap::find(COMMAND, key, &Always).is_none() {
                    return vec![];
                }
                match input.key(key) {
                    InputResult::Editing => {
                        self.line_edit = true;
                        vec![]
                    }
                    InputResult::Cancel => {
                        self.mode = PlayMode::Normal;
                        self.line_edit = true;
                        vec![]
                    }
                    InputResult::Submit(text) => {
                        self.mode = PlayMode::Normal;
                        self.typed(g, &text, n)
                    }
                }
            }
            PlayMode::Rescue(_) => self.rescue_key(g, key, w, h),
            PlayMode::Note(at) => {
                let at = *at;
                self.note_key(g, at, key, n)
            }
            PlayMode::Normal => match keymap::action(PLAY, key, &PlayCx::new(g, self, now)) {
                Some(a) => self.act(g, a, key, (w, h), now),
                None => vec![],
            },
        }
    }

    /// A key of play on the board; `(w, h)` is the screen's size.
    fn act(
        &mut self,
        g: &mut Shared,
        a: Do,
        key: Key,
        (w, h): (u16, u16),
        now: Instant,
    ) -> Vec<Act> {
        let fx = |cmd| vec![Act::Fx(Effect::Game(cmd))];
        match a {
            Do::Cursor => {
                g.move_cursor(key, w, h);
            }
            Do::Activate => {
                let at = g.cursor;
                return self.activate(g, at);
            }
            Do::TypeMove => {
                self.mode = PlayMode::Command(LineInput::new(40));
                self.line_edit = true;
            }
            Do::Note => {
                let at = g.cursor;
                let lang = g.lang();
                match g.view().map(|v| Notes::check(v, at)) {
                    Some(Ok(())) => {
                        g.message = None;
                        self.selected = None;
                        self.mode = PlayMode::Note(at);
                    }
                    Some(Err(e)) => g.err(note_refusal(e, at).text(lang)),
                    None => {}
                }
            }
            Do::Deselect => self.selected = None,
            Do::ClearMessage => g.message = None,
            Do::Leave => return vec![Act::LeaveGame],
            Do::AskLeave => g.confirm = Some(Confirm::Leave),
            Do::Chat => g.chat = Some(LineInput::new(CHAT_MAX)),
            Do::Flip => g.manual_flip = !g.manual_flip,
            Do::Settings => return vec![Act::Open(Overlay::Settings { row: 0 })],
            Do::Help => return vec![Act::Open(Overlay::Help)],
            Do::Resign => g.confirm = Some(Confirm::Resign),
            // The side panel tells of the offer while it stands (from the snapshot, so no
            // line stays after it was declined or the turn passed).
            Do::Draw => match g.snap.draw_offer {
                Some(c) if Some(c) != g.my_color() => return fx(GameCmd::AcceptDraw),
                Some(_) => g.say(tr(g.lang(), "game-msg-already-offered")),
                None => return fx(GameCmd::OfferDraw),
            },
            Do::AcceptDraw => return fx(GameCmd::AcceptDraw),
            Do::DeclineDraw => return fx(GameCmd::DeclineDraw),
            Do::Claim => {
                if g.can_claim(now) {
                    return fx(GameCmd::ClaimWin);
                }
                g.err(tr(g.lang(), "game-msg-claim-not-yet"));
            }
            // As the draw: the side panel tells of it from the snapshot.
            Do::Rematch => return fx(GameCmd::Rematch),
            Do::NoRematch => {
                let opp = g
                    .my_color()
                    .map(|c| g.snap.seats.get(c.opposite()).nick.clone());
                let nick = opp.unwrap_or_default();
                g.err(t!(g.lang(), "game-msg-no-rematch", nick = nick));
            }
            Do::NoRematchInTournament => g.err(tr(g.lang(), "refusal-tournament-rematch")),
            // The rescue's own keys (see `rescue_key`).
            Do::PrevPiece
            | Do::NextPiece
            | Do::PieceNumber
            | Do::Choose
            | Do::NoRescue
            | Do::Place
            | Do::Unchoose => {}
            // The note's own keys (see `note_key`).
            Do::NoteRank | Do::NoteNotBomb | Do::NoteMoved | Do::NoteClear | Do::NoteCancel => {}
        }
        vec![]
    }

    /// The key after `N` on `at`: a rank key notes that rank (`b` a Bomb), `n` not a
    /// Bomb, `m` moved, Delete clears the note, Esc gives up. The game checks the note
    /// again and shows it on this player's board alone.
    fn note_key(&mut self, g: &mut Shared, at: Square, key: Key, n: Numbering) -> Vec<Act> {
        let lang = g.lang();
        let guess = match keymap::action(NOTE, key, &Always) {
            None => return vec![],
            Some(Do::Help) => return vec![Act::Open(Overlay::Help)],
            Some(Do::NoteCancel) => {
                self.mode = PlayMode::Normal;
                return vec![];
            }
            Some(Do::NoteClear) if g.snap.notes.get(at).is_none() => {
                self.mode = PlayMode::Normal;
                g.err(note_refusal(NoteError::NoNote, at).text(lang));
                return vec![];
            }
            Some(Do::NoteClear) => None,
            Some(Do::NoteNotBomb) => Some(Guess::NotBomb),
            Some(Do::NoteMoved) => Some(Guess::Moved),
            Some(_) => match key.code {
                KeyCode::Char(c) => match super::setup::rank_for_key(c, n) {
                    Some(r) => Some(Guess::Ranks(vec![r])),
                    None => {
                        g.err(tr(lang, "game-note-not-a-key"));
                        return vec![];
                    }
                },
                _ => return vec![],
            },
        };
        self.mode = PlayMode::Normal;
        vec![Act::Fx(Effect::Game(GameCmd::Note(at, guess)))]
    }

    /// `note E7 9 8` typed (after `m` or `:`): the note's guess in words (`8`, `8 9`,
    /// `bomb`, `not-bomb`, `moved`, `clear`).
    fn typed_note(&mut self, g: &mut Shared, rest: &str, n: Numbering) -> Vec<Act> {
        let lang = g.lang();
        let mut words = rest.split_whitespace();
        let Some(at) = words.next().and_then(|w| w.parse::<Square>().ok()) else {
            g.err(tr(lang, "note-usage"));
            return vec![];
        };
        let guess_text = words.collect::<Vec<_>>().join(" ");
        let guess = if guess_text.eq_ignore_ascii_case("clear") {
            None
        } else {
            match Guess::parse(&guess_text, n) {
                Ok(guess) => Some(guess),
                Err(_) => {
                    g.err(tr(lang, "note-usage"));
                    return vec![];
                }
            }
        };
        let checked = g.view().map(|v| Notes::check(v, at));
        let checked = match (checked, &guess) {
            (Some(Ok(())), None) if g.snap.notes.get(at).is_none() => Err(NoteError::NoNote),
            (Some(r), _) => r,
            (None, _) => Err(NoteError::NotInPlay),
        };
        if let Err(e) = checked {
            g.err(note_refusal(e, at).text(lang));
            return vec![];
        }
        g.cursor = at;
        vec![Act::Fx(Effect::Game(GameCmd::Note(at, guess)))]
    }

    /// Enter (or a click) on a square during play.
    fn activate(&mut self, g: &mut Shared, at: Square) -> Vec<Act> {
        let Some(me) = g.my_color() else {
            return vec![];
        };
        let Some(v) = g.snap.view.clone() else {
            return vec![];
        };
        if v.outcome.is_some() || g.snap.phase != GamePhase::Playing {
            return vec![];
        }
        if let Some(from) = self.selected {
            if from == at {
                self.selected = None;
                return vec![];
            }
            if v.legal_moves.iter().any(|m| m.from == from && m.to == at) {
                return self.try_move(g, &v, from, at);
            }
            if matches!(v.piece_at(at), Some(p) if p.color == me) {
                return self.select(g, &v, at);
            }
            let reason = v.check(&Move::new(from, at), &g.snap.history).err();
            self.selected = None;
            if let Some(r) = reason {
                g.err(sentence(g.lang(), r));
            }
            return vec![];
        }
        self.select(g, &v, at)
    }

    fn select(&mut self, g: &mut Shared, v: &PlayerView, at: Square) -> Vec<Act> {
        let me = v.color();
        match v.piece_at(at) {
            Some(p) if Some(p.color) == me => match p.rank {
                Some(r) if !r.is_movable() => {
                    g.err(sentence(g.lang(), IllegalReason::NeverMoves(r)))
                }
                _ => {
                    self.selected = Some(at);
                    let lang = g.lang();
                    if v.to_move != p.color {
                        g.say(tr(lang, "game-msg-not-your-turn-yet"));
                    } else if v.targets_from(at).next().is_none()
                        && !v.legal_moves.iter().any(|m| m.from == at)
                    {
                        let square = at.to_string();
                        g.err(t!(lang, "game-msg-no-legal-move", square = square));
                    } else {
                        // What the marks mean and how to go on (a newcomer's first move).
                        g.say(t!(
                            lang,
                            "game-msg-selected",
                            rank = if p.rank.is_some() { "known" } else { "unknown" },
                            name = p.rank.map_or(String::new(), |r| rank_name(lang, r)),
                            square = at.to_string()
                        ));
                    }
                }
            },
            Some(_) => g.err(sentence(g.lang(), IllegalReason::NotYourPiece(at))),
            None => {}
        }
        vec![]
    }

    /// Plays `from`-`to` (known legal in some form), asking for a rescue if there is one.
    fn try_move(&mut self, g: &mut Shared, v: &PlayerView, from: Square, to: Square) -> Vec<Act> {
        let options: Vec<Move> = v
            .legal_moves
            .iter()
            .filter(|m| m.from == from && m.to == to)
            .copied()
            .collect();
        let plain_ok = options.iter().any(|m| m.rescue.is_none());
        let rescues: Vec<Move> = options
            .iter()
            .filter(|m| m.rescue.is_some())
            .copied()
            .collect();
        self.selected = None;
        if rescues.is_empty() {
            g.message = None;
            return vec![Act::Fx(Effect::Game(GameCmd::Move(Move::new(from, to))))];
        }
        let mut ranks: Vec<Rank> = rescues
            .iter()
            .filter_map(|m| m.rescue.map(|r| r.rank))
            .collect();
        ranks.sort_by_key(|r| std::cmp::Reverse(*r));
        ranks.dedup();
        self.mode = PlayMode::Rescue(RescuePick {
            from,
            to,
            options: rescues,
            plain_ok,
            ranks,
            row: 0,
            rank: None,
        });
        g.say(tr(g.lang(), "game-msg-rescue-choose"));
        vec![]
    }

    /// A key while a rescue is chosen: first the piece, then its square.
    fn rescue_key(&mut self, g: &mut Shared, key: Key, w: u16, h: u16) -> Vec<Act> {
        let PlayMode::Rescue(mut r) = std::mem::take(&mut self.mode) else {
            return vec![];
        };
        let table = match r.rank {
            None => RESCUE_PIECE,
            Some(_) => RESCUE_SQUARE,
        };
        let a = keymap::action(table, key, &Always);
        let acts = match a {
            // Not a key of the rescue: nothing happens.
            None => vec![],
            Some(Do::Help) => vec![Act::Open(Overlay::Help)],
            Some(Do::Settings) => vec![Act::Open(Overlay::Settings { row: 0 })],
            Some(Do::Cursor) => {
                g.move_cursor(key, w, h);
                vec![]
            }
            Some(a) => match r.rank {
                None => match rescue_piece_key(g, &mut r, a, key) {
                    Ok(acts) => acts,
                    // The move was played or given up.
                    Err(acts) => return acts,
                },
                Some(rank) => {
                    if let Some(mv) = rescue_square_key(g, &mut r, rank, a) {
                        return vec![Act::Fx(Effect::Game(GameCmd::Move(mv)))];
                    }
                    vec![]
                }
            },
        };
        if !matches!(a, None | Some(Do::Help | Do::Settings | Do::Cursor)) {
            keep_cursor_on_a_rescue_square(g, &r);
        }
        self.mode = PlayMode::Rescue(r);
        acts
    }

    /// A typed command: a move like `c4 c5`, `c4-c5`, or one square to select.
    fn typed(&mut self, g: &mut Shared, text: &str, n: Numbering) -> Vec<Act> {
        if g.my_color().is_none() {
            return vec![];
        }
        let Some(v) = g.snap.view.clone() else {
            return vec![];
        };
        let t = text.trim();
        if t.is_empty() {
            return vec![];
        }
        if let Some(rest) = t
            .split_once(char::is_whitespace)
            .filter(|(w, _)| w.eq_ignore_ascii_case("note"))
            .map(|(_, rest)| rest)
        {
            return self.typed_note(g, rest, n);
        }
        match parse_move_text(t) {
            Err(e) => {
                g.err(parse_error(g.lang(), &e));
                vec![]
            }
            Ok((from, None)) => {
                g.cursor = from;
                self.selected = None;
                self.select(g, &v, from)
            }
            Ok((from, Some(to))) => {
                let playing = g.snap.phase == GamePhase::Playing;
                if playing && v.legal_moves.iter().any(|m| m.from == from && m.to == to) {
                    g.cursor = to;
                    return self.try_move(g, &v, from, to);
                }
                let reason = match playing {
                    true => v.check(&Move::new(from, to), &g.snap.history).err(),
                    false => Some(IllegalReason::GameOver),
                };
                if let Some(r) = reason {
                    g.err(sentence(g.lang(), r));
                }
                vec![]
            }
        }
    }

    fn mouse(&mut self, g: &mut Shared, m: Mouse, w: u16, h: u16) -> Vec<Act> {
        self.seen = g.snap.history.len();
        let lay = g.layout(w, h);
        let Some(at) = lay.board.hit(m.column, m.row) else {
            return vec![];
        };
        if !lay.board.rect(at).contains((m.column, m.row).into()) {
            return vec![];
        }
        g.cursor = at;
        if let PlayMode::Rescue(r) = &self.mode {
            if let Some(rank) = r.rank {
                if let Some(mv) = rescue_move(r, rank, at) {
                    self.mode = PlayMode::Normal;
                    g.message = None;
                    return vec![Act::Fx(Effect::Game(GameCmd::Move(mv)))];
                }
            }
            return vec![];
        }
        // A click drops a line being typed or a question.
        self.mode = PlayMode::Normal;
        g.chat = None;
        g.confirm = None;
        self.activate(g, at)
    }
}

/// A key while the piece to rescue is chosen: `Err` when the rescue is over (the plain
/// move is played, or the move given up).
fn rescue_piece_key(
    g: &mut Shared,
    r: &mut RescuePick,
    a: Do,
    key: Key,
) -> Result<Vec<Act>, Vec<Act>> {
    match a {
        Do::PrevPiece => r.row = r.row.saturating_sub(1),
        Do::NextPiece => r.row = (r.row + 1).min(r.ranks.len() - 1),
        Do::PieceNumber => {
            if let KeyCode::Char(c @ '1'..='9') = key.code {
                let i = c as usize - '1' as usize;
                if i < r.ranks.len() {
                    r.row = i;
                    r.rank = Some(r.ranks[i]);
                }
            }
        }
        Do::Choose => r.rank = Some(r.ranks[r.row]),
        Do::NoRescue if r.plain_ok => {
            g.message = None;
            let mv = Move::new(r.from, r.to);
            return Err(vec![Act::Fx(Effect::Game(GameCmd::Move(mv)))]);
        }
        Do::NoRescue => {
            g.say(tr(g.lang(), "game-msg-move-cancelled"));
            return Err(vec![]);
        }
        _ => {}
    }
    Ok(vec![])
}

/// A key while the square of the rescued `rank` is chosen: the move when it is placed.
fn rescue_square_key(g: &mut Shared, r: &mut RescuePick, rank: Rank, a: Do) -> Option<Move> {
    match a {
        Do::Place => {
            if let Some(m) = rescue_move(r, rank, g.cursor) {
                g.message = None;
                return Some(m);
            }
            let lang = g.lang();
            g.err(t!(
                lang,
                "game-msg-rescue-cannot",
                rank = words::rank_key(Some(rank)),
                name = rank_name(lang, rank),
                square = g.cursor.to_string()
            ));
        }
        Do::Unchoose => r.rank = None,
        _ => {}
    }
    None
}

/// Once a piece to rescue is chosen, the cursor goes to the first square it may go to
/// (unless it is on one already).
fn keep_cursor_on_a_rescue_square(g: &mut Shared, r: &RescuePick) {
    let Some(rank) = r.rank else {
        return;
    };
    let first = r
        .options
        .iter()
        .filter_map(|m| m.rescue)
        .find(|x| x.rank == rank)
        .map(|x| x.to);
    if let Some(f) = first {
        if rescue_move(r, rank, g.cursor).is_none() {
            g.cursor = f;
        }
    }
}

fn rescue_move(r: &RescuePick, rank: Rank, at: Square) -> Option<Move> {
    r.options
        .iter()
        .find(|m| m.rescue == Some(Rescue { rank, to: at }))
        .copied()
}

/// Why typed text is not a move, in `lang`.
fn parse_error(lang: Lang, e: &ParseMoveError) -> String {
    match e {
        ParseMoveError::Square(s) => t!(lang, "game-msg-not-a-square", text = s.0.clone()),
        ParseMoveError::NotAMove(text) => t!(lang, "game-msg-not-a-move", text = text.clone()),
    }
}

/// An illegal move's reason as a line on the screen, in `lang`: its sentence.
pub(crate) fn sentence(lang: Lang, r: IllegalReason) -> String {
    crate::proto::illegal_notice(r).text(lang)
}

/// The label drawn on a piece.
pub(crate) fn piece_label(p: &ViewPiece, n: Numbering, t: &Theme) -> &'static str {
    match p.rank {
        Some(r) => super::rank_label(t.lang, r, n),
        None if p.moved => t.g.hidden_moved,
        None => t.g.hidden,
    }
}

/// A seat in two lines: the player (the nick abbreviated with a visible mark so that the
/// first line fits `room` columns), and the seat's state.
pub(crate) fn seat_line(
    g: &Shared,
    c: Color,
    t: &Theme,
    now: Instant,
    room: u16,
) -> (Line<'static>, Line<'static>) {
    seat_lines(g, c, t, now, room, room)
}

/// [`seat_line`], the second line in `width` columns: where the seat's state in full
/// (`disconnected — 45s to reconnect`) does not fit, its short form (`disconnected 45s`).
fn seat_lines(
    g: &Shared,
    c: Color,
    t: &Theme,
    now: Instant,
    room: u16,
    width: u16,
) -> (Line<'static>, Line<'static>) {
    let seat = g.snap.seats.get(c);
    let lang = t.lang;
    let mut after: Vec<Span<'static>> = vec![];
    if let Some(r) = seat.rating {
        match seat.rating_change {
            Some(d) => after.push(Span::raw(format!(" ({r} {d:+})"))),
            None => after.push(Span::raw(format!(" ({r})"))),
        }
    } else if seat.bot {
        after.push(Span::styled(
            format!(" {}", tr(lang, "game-seat-computer")),
            t.dim(),
        ));
    }
    if g.my_color() == Some(c) {
        after.push(Span::styled(
            format!(" {}", tr(lang, "game-seat-you")),
            t.dim(),
        ));
    }
    let bullet = format!("{} ", t.g.bullet);
    let after_w: usize = after.iter().map(|s| words::width(&s.content)).sum();
    let nick_room = (room as usize)
        .saturating_sub(words::width(&bullet) + after_w)
        .clamp(4, 20);
    let mut spans = vec![
        Span::styled(bullet, t.side(c)),
        Span::styled(abbrev(&seat.nick, nick_room, ellipsis(t)), t.side(c)),
    ];
    spans.extend(after);
    let mut second = vec![Span::raw("  ")];
    // Who left the game for the lobby is still online: not "disconnected".
    let [gone, time_up, countdown] = if seat.online {
        [
            "game-seat-left",
            "game-seat-left-time-up",
            "game-seat-left-countdown",
        ]
    } else {
        [
            "game-seat-disconnected",
            "game-seat-disconnected-time-up",
            "game-seat-disconnected-countdown",
        ]
    };
    let fits = |s: &str| words::width(s) + 2 <= width as usize;
    if let Some(left) = g.reconnect_left(seat, now) {
        let text = if left.is_zero() {
            Some(tr(lang, time_up)).filter(|s| fits(s))
        } else {
            let secs = left.as_millis().div_ceil(1000) as u64;
            let full = t!(lang, countdown, dash = t.g.dash, seconds = secs);
            Some(full).filter(|s| fits(s)).or_else(|| {
                let short = t!(
                    lang,
                    "game-seat-gone-short",
                    gone = tr(lang, gone),
                    dash = t.g.dash,
                    seconds = secs
                );
                Some(short).filter(|s| fits(s))
            })
        };
        // The shortest: the word alone (the status lines say what time is left).
        let text = text.unwrap_or_else(|| tr(lang, gone));
        second.push(Span::styled(text, t.error()));
    } else if !seat.connected {
        second.push(Span::styled(tr(lang, gone), t.error()));
    } else {
        second.push(Span::styled(color_name(lang, c), t.dim()));
        if g.snap.phase == GamePhase::Setup {
            if seat.ready {
                second.push(Span::styled(
                    format!(
                        " {} {} {}",
                        t.g.dash,
                        tr(lang, "game-seat-ready"),
                        t.g.check
                    ),
                    t.good(),
                ));
            } else {
                second.push(Span::styled(
                    format!(" {} {}", t.g.dash, tr(lang, "game-seat-placing")),
                    t.dim(),
                ));
            }
        }
    }
    // A correspondence game's total budget left (`28 d 4 h left of 30 d`), present or
    // away (its players come and go), where it fits.
    if let (Some(left), Some(budget)) = (g.budget_left(c, now), g.snap.terms.budget) {
        let text = format!(
            " {} {}",
            t.g.dash,
            super::vocab::budget_left_words(lang, left.as_secs(), budget)
        );
        let used: usize = second.iter().map(|s| words::width(&s.content)).sum();
        if g.snap.phase != GamePhase::Setup && used + words::width(&text) <= width as usize {
            second.push(Span::styled(text, t.dim()));
        }
    }
    (Line::from(spans), Line::from(second))
}

/// A running clock with less than this left is drawn as low on time.
pub(crate) const LOW_TIME: Duration = Duration::from_secs(20);

fn draw_seat(buf: &mut Buffer, g: &Shared, c: Color, area: Rect, t: &Theme, now: Instant) {
    // The clock at the right end of the first line: the name gives way.
    let clock_w = g
        .clock(c, now)
        .map_or(0, |d| fmt_clock(d).chars().count() as u16 + 3);
    let (l1, l2) = seat_lines(g, c, t, now, area.width.saturating_sub(clock_w), area.width);
    put_line(buf, area.x, area.y, &l1, area.width);
    put_line(buf, area.x, area.y + 1, &l2, area.width);
    if let Some(d) = g.clock(c, now) {
        let running = g.snap.clocks.as_ref().is_some_and(|cl| cl.get(c).running)
            && g.snap.phase == GamePhase::Playing;
        let low = d < LOW_TIME && running;
        // Little time left is marked in the text too (without colour it shows so).
        let text = match low {
            true => format!("{m}{}{m}", fmt_clock(d), m = t.g.low_time),
            false => format!(" {} ", fmt_clock(d)),
        };
        let style = if low {
            t.low_time()
        } else if running {
            t.side(c).add_modifier(ratatui::style::Modifier::REVERSED)
        } else {
            t.dim()
        };
        let w = text.chars().count() as u16;
        put(buf, area.right().saturating_sub(w), area.y, &text, w, style);
    }
}

/// A rated game's rating change for a seat: `1512 (+12)`.
fn rating_change_text(seat: &SeatInfo) -> Option<String> {
    let d = seat.rating_change?;
    Some(match seat.rating {
        Some(r) => format!("{r} ({d:+})"),
        None => format!("{d:+}"),
    })
}

/// The result in words: `Blue wins — flag captured`, `Game aborted: no result`.
pub(crate) fn result_text(g: &Shared, t: &Theme) -> Option<String> {
    let o = g.snap.outcome.or(g.view().and_then(|v| v.outcome))?;
    let lang = t.lang;
    // Set-up ran out of time (see `GameSnapshot::setup_left`).
    let setup_ran_out = g.snap.setup_left == Some(Duration::ZERO);
    if o.reason == EndReason::Aborted {
        return Some(if setup_ran_out {
            t!(lang, "game-aborted-setup-time", dash = t.g.dash)
        } else {
            tr(lang, "game-aborted")
        });
    }
    let head = match o.winner {
        Some(c) => t!(lang, "game-wins", color = color_name(lang, c)),
        None => tr(lang, "game-draw"),
    };
    let reason = match o.winner {
        Some(c) if setup_ran_out => {
            t!(
                lang,
                "game-not-ready",
                color = color_name(lang, c.opposite())
            )
        }
        _ => end_reason(lang, o.reason),
    };
    Some(t!(
        lang,
        "game-result",
        head = head,
        dash = t.g.dash,
        reason = reason
    ))
}

/// The terms of the game on the left (without the game's number, then abbreviated, when
/// they do not fit), who the viewer is on the right when there is room.
pub(crate) fn render_header(buf: &mut Buffer, g: &Shared, area: Rect, t: &Theme) {
    let terms = &g.snap.terms;
    let lang = t.lang;
    let sep = t.g.sep;
    let clock = match terms.days {
        Some(days) => super::vocab::days_short(lang, days, terms.budget),
        None => terms
            .clock
            .map_or(tr(lang, "game-no-clock"), |c| c.to_string()),
    };
    let rated = tr(
        lang,
        if terms.rated {
            "game-rated"
        } else {
            "game-casual"
        },
    );
    let variant = variant_name(lang, terms.rules.variant);
    let terms_text = |rules: String| format!("{variant}{sep}{rules}{sep}{rated}{sep}{clock}");
    // The game's number first (a player quotes it), then the rules in plain words where
    // they fit, else in short, else without them (the rules page tells them); without
    // the number only where even that does not fit.
    let plain = terms_text(rules_plain_in(lang, &terms.rules.options));
    let short = terms_text(rules_short(lang, &terms.rules.options));
    let none = format!("{variant}{sep}{rated}{sep}{clock}");
    let number = t!(lang, "game-number", id = g.snap.id);
    let width = area.width as usize;
    let left = [&plain, &short, &none]
        .into_iter()
        .map(|s| format!("{s}{sep}{number}"))
        .chain([&plain, &short, &none].into_iter().cloned())
        .find(|s| words::width(s) <= width)
        .unwrap_or_else(|| abbrev(&short, width, ellipsis(t)));
    put(buf, area.x, area.y, &left, area.width, t.title());
    let right = match g.my_color() {
        Some(c) => t!(lang, "game-you-play", color = color_name(lang, c)),
        None => tr(lang, "game-watching"),
    };
    let right = if g.snap.spectators > 0 {
        let n = t!(lang, "game-spectators", count = g.snap.spectators);
        format!("{right}{sep}{n}")
    } else {
        right
    };
    let w = words::width(&right) as u16;
    if w + words::width(&left) as u16 + 2 <= area.width {
        put(buf, area.right() - w, area.y, &right, w, t.dim());
    }
}

/// A game's rules in plain words in `lang`, for its header: `2-square rule: 3, chasing
/// rule`.
pub(crate) fn rules_plain_in(lang: Lang, o: &crate::rules::Options) -> String {
    let mut w = vec![match o.two_square_limit {
        0 => tr(lang, "game-rules-no-two-square"),
        n => t!(lang, "game-rules-two-square", count = n),
    }];
    let more = [
        (o.more_squares, "game-rules-chasing"),
        (o.aggressor_advantage, "game-rules-attacker-wins-ties"),
        (o.silent_defense, "game-rules-silent-defense"),
        (o.rescue, "game-rules-rescue"),
        (
            o.immobility == crate::rules::Immobility::Immediate,
            "game-rules-blocked-side-loses",
        ),
    ];
    w.extend(
        more.iter()
            .filter(|(on, _)| *on)
            .map(|(_, id)| tr(lang, id)),
    );
    w.join(", ")
}

/// A game's rules in short in `lang`, where the plain words do not fit: `2sq:3 chase AA`
/// (in English as [`crate::rules::Options::summary`] says it).
pub(crate) fn rules_short(lang: Lang, o: &crate::rules::Options) -> String {
    let mut w = vec![match o.two_square_limit {
        0 => tr(lang, "game-rules-short-two-square-off"),
        n => t!(lang, "game-rules-short-two-square", count = n),
    }];
    let more = [
        (o.more_squares, "game-rules-short-chasing"),
        (o.aggressor_advantage, "game-rules-short-attacker-wins-ties"),
        (o.silent_defense, "game-rules-short-silent-defense"),
        (o.rescue, "game-rules-short-rescue"),
        (
            o.immobility == crate::rules::Immobility::Immediate,
            "game-rules-short-blocked-side-loses",
        ),
    ];
    w.extend(
        more.iter()
            .filter(|(on, _)| *on)
            .map(|(_, id)| tr(lang, id)),
    );
    w.join(" ")
}

/// The play screen.
/// How long a clock counting down from `d` keeps showing what it shows ([`clock_shown`]):
/// until it passes below the tenth (under ten seconds) or the second it shows.
pub(crate) fn until_clock_changes(d: Duration) -> Duration {
    let unit: u128 = if d.as_secs() < 10 {
        100_000_000
    } else {
        1_000_000_000
    };
    let into = (d.as_nanos() % unit) as u64;
    // It shows that value down to the boundary itself, and the next just below it.
    Duration::from_nanos(into + 1)
}

/// What [`fmt_clock`] shows of `d`, as a number: two durations draw the same text exactly
/// when they give the same number (tenths of a second under ten seconds, seconds above).
pub(crate) fn clock_shown(d: Duration) -> u64 {
    let total = d.as_secs();
    if total < 10 {
        (1 << 62) | (total * 10 + u64::from(d.subsec_millis() / 100))
    } else {
        total
    }
}

pub(crate) fn render(buf: &mut Buffer, g: &Shared, p: &PlayUi, cx: &super::Ctx) {
    let (settings, t, w, h, now) = (cx.settings, cx.t, cx.w, cx.h, cx.now);
    let lay = g.layout(w, h);
    let n = settings.numbering;
    g.lang.set(t.lang);
    render_header(buf, g, lay.header, t);
    let cells = board_cells(g, p, &lay.board, n, t);
    board::draw_labels(buf, &lay.board, t);
    for (sq, c) in Square::all().zip(&cells) {
        board::draw_square(buf, &lay.board, t, sq, c);
    }
    let side = render_side(buf, g, &lay, t, n, now, cx.me.game_link(g.snap.id), None);
    let (counts, _) = render_below(buf, g, p, &lay, t, n, None);
    render_footer(buf, g, p, &lay, t, now);
    *g.drawn.borrow_mut() = Some(DrawnBoard {
        geom: lay.board,
        settings: settings.clone(),
        cells: cells.iter().map(digest).collect(),
        header: HeaderKey::of(g, lay.header),
        counts,
        moves: side.moves,
        chat: side.chat,
    });
    if let Some(c) = g.confirm {
        render_confirm_for(buf, g, c, w, h, t);
        // The question covers the board: the next frame cannot leave squares out.
        forget_board(g);
    }
}

/// The footer of play under a question (the question shows its own keys).
fn render_footer(
    buf: &mut Buffer,
    g: &Shared,
    p: &PlayUi,
    lay: &BoardLayout,
    t: &Theme,
    now: Instant,
) {
    let keys = if g.chat.is_some() {
        keymap::footer(CHAT, &Always)
    } else {
        p.keys(g, now).footer()
    };
    footer(buf, lay.footer, &keymap::in_lang(keys, t.lang), t);
}

/// What a key that only edited the move being typed changes ([`PlayUi::line_edit`]):
/// the area under the board and the keys' footer. `None` under a question over the board
/// or when there is no room under it: a whole frame is drawn.
pub(crate) fn line_areas(g: &Shared, cx: &super::Ctx) -> Option<[Rect; 2]> {
    let lay = g.layout(cx.w, cx.h);
    if g.confirm.is_some() || lay.below.height == 0 {
        return None;
    }
    Some([lay.below, lay.footer])
}

/// Draws [`line_areas`] as [`render`] does.
pub(crate) fn render_line(buf: &mut Buffer, g: &Shared, p: &PlayUi, cx: &super::Ctx) {
    let lay = g.layout(cx.w, cx.h);
    g.lang.set(cx.t.lang);
    render_below(buf, g, p, &lay, cx.t, cx.settings.numbering, None);
    render_footer(buf, g, p, &lay, cx.t, cx.now);
}

/// The two seat rows (names and clocks) when they are all that time changes on the play
/// screen: the game is in play with no question over the board and no reconnect or
/// set-up countdown (those change the status lines and keys too). `None`: a tick must
/// draw the whole screen.
pub(crate) fn clock_areas(g: &Shared, cx: &super::Ctx) -> Option<[Rect; 2]> {
    let seats = [Color::Red, Color::Blue].map(|c| g.snap.seats.get(c));
    if g.confirm.is_some()
        || g.snap.phase != GamePhase::Playing
        || seats.iter().any(|s| g.reconnect_left(s, cx.now).is_some())
        || g.setup_left(cx.now).is_some()
    {
        return None;
    }
    let side = g.layout(cx.w, cx.h).side;
    if side.width == 0 || side.height < 8 {
        return None;
    }
    let sp = play_side(side);
    Some([sp.top_seat, sp.bottom_seat])
}

/// Draws the two seats (names and clocks) into `areas`, the upper seat's first: what a
/// clock tick redraws alone (see [`clock_areas`]), and part of [`render`].
pub(crate) fn render_clocks(
    buf: &mut Buffer,
    g: &Shared,
    areas: [Rect; 2],
    t: &Theme,
    now: Instant,
) {
    let bottom = if g.flipped() { Color::Blue } else { Color::Red };
    draw_seat(buf, g, bottom.opposite(), areas[0], t, now);
    draw_seat(buf, g, bottom, areas[1], t, now);
}

/// The squares to highlight: where the selected piece may go, or during a rescue the
/// target square and then where the rescued piece may go.
fn targets(g: &Shared, p: &PlayUi) -> Vec<Square> {
    match (&p.mode, g.view()) {
        (PlayMode::Rescue(r), _) => match r.rank {
            Some(rank) => r
                .options
                .iter()
                .filter_map(|m| m.rescue)
                .filter(|x| x.rank == rank)
                .map(|x| x.to)
                .collect(),
            None => vec![r.to],
        },
        (_, Some(v)) => match p.selected {
            Some(s) => v.targets_from(s).collect(),
            None => vec![],
        },
        _ => vec![],
    }
}

/// The play screen drawn over its last frame with the board's unchanged squares left out:
/// the header, the side, what is under the board and the keys drawn whole, and only the
/// squares whose drawing changed (a move changes two to four of a hundred). Their areas;
/// `None` when the board on the client's screen is not known to be the last one drawn
/// (see [`Shared::drawn`]: another screen, a dialog or notice, another size or setting
/// since) or a question is over the board: draw with [`render`].
pub(crate) fn render_changed(
    buf: &mut Buffer,
    g: &Shared,
    p: &PlayUi,
    cx: &super::Ctx,
) -> Option<Vec<Rect>> {
    let (settings, t, now) = (cx.settings, cx.t, cx.now);
    if g.confirm.is_some() {
        return None;
    }
    let lay = g.layout(cx.w, cx.h);
    let n = settings.numbering;
    let mut drawn = g.drawn.borrow_mut();
    let last = drawn
        .take()
        .filter(|d| d.geom == lay.board && d.settings == *settings)?;
    let cells = board_cells(g, p, &lay.board, n, t);
    let mut areas = vec![lay.footer];
    let mut now_drawn = Vec::with_capacity(cells.len());
    for ((sq, c), &was) in Square::all().zip(&cells).zip(&last.cells) {
        let d = digest(c);
        if d != was {
            board::draw_square(buf, &lay.board, t, sq, c);
            areas.push(lay.board.rect(sq));
        }
        now_drawn.push(d);
    }
    g.lang.set(t.lang);
    let header = HeaderKey::of(g, lay.header);
    if header != last.header {
        render_header(buf, g, lay.header, t);
        areas.push(lay.header);
    }
    // The side and what is under the board, but for the move list, the chat and the
    // pieces left when what they are drawn from is as it was (most moves take nothing and
    // say nothing; a cursor move changes none of them).
    let link = cx.me.game_link(g.snap.id);
    let side = render_side(buf, g, &lay, t, n, now, link, Some((last.moves, last.chat)));
    let kept: Vec<Rect> = [
        side.moves_kept.then_some(side.moves),
        side.chat_kept.then_some(side.chat),
    ]
    .into_iter()
    .flatten()
    .flatten()
    .map(|(_, r)| r)
    .collect();
    areas.extend(rows_outside(lay.side, &kept));
    let (counts, kept) = render_below(buf, g, p, &lay, t, n, last.counts);
    match counts.filter(|_| kept) {
        Some((_, end)) => areas.push(Rect::new(
            lay.below.x,
            end,
            lay.below.width,
            lay.below.bottom().saturating_sub(end),
        )),
        None => areas.push(lay.below),
    }
    render_footer(buf, g, p, &lay, t, now);
    *drawn = Some(DrawnBoard {
        cells: now_drawn,
        header,
        counts,
        moves: side.moves,
        chat: side.chat,
        ..last
    });
    Some(areas)
}

/// The rows of `area` outside the `bands` (each across it, none overlapping another), as
/// rectangles top to bottom.
fn rows_outside(area: Rect, bands: &[Rect]) -> Vec<Rect> {
    let mut bands: Vec<Rect> = bands.to_vec();
    bands.sort_by_key(|b| b.y);
    let mut out = Vec::with_capacity(bands.len() + 1);
    let mut y = area.y;
    for b in bands {
        let top = b.y.clamp(y, area.bottom());
        if top > y {
            out.push(Rect::new(area.x, y, area.width, top - y));
        }
        y = b.bottom().clamp(top, area.bottom());
    }
    if y < area.bottom() {
        out.push(Rect::new(area.x, y, area.width, area.bottom() - y));
    }
    out
}

/// Forgets the board last drawn: the client's screen showed something else since.
pub(crate) fn forget_board(g: &Shared) {
    g.drawn.borrow_mut().take();
}

/// The board as the viewer knows it, with the last move, selection, targets and cursor:
/// each square's drawing, by [`Square::index`].
fn board_cells(
    g: &Shared,
    p: &PlayUi,
    geom: &super::layout::BoardGeom,
    n: Numbering,
    t: &Theme,
) -> Vec<board::Cell> {
    let me = g.my_color();
    let view = g.view();
    let last = view.and_then(|v| v.last_move);
    let rescue_from = match &p.mode {
        PlayMode::Rescue(r) => Some(r.from),
        _ => None,
    };
    let targets = targets(g, p);
    let over = g.snap.phase == GamePhase::Over;
    let cell = |sq: Square| {
        let content = if sq.is_lake() {
            Content::Lake
        } else {
            match view.and_then(|v| v.piece_at(sq)) {
                None => Content::Empty,
                Some(p) => {
                    // The player's own note on the piece: its guess, ending in `?`.
                    let note = g.snap.notes.get(sq).map(|guess| {
                        guess.label_in(n, t.ascii(), geom.sq_w.saturating_sub(2) as usize)
                    });
                    Content::Piece {
                        color: p.color,
                        noted: note.is_some(),
                        label: note.map_or_else(|| piece_label(&p, n, t).into(), Into::into),
                        revealed: p.rank.is_some() && Some(p.color) != me && !over,
                    }
                }
            }
        };
        // Whose piece, without colour: a player's opponent's pieces whose rank shows (the
        // hidden ones are told by their glyph), all of Blue's for a spectator.
        let marked = view.and_then(|v| v.piece_at(sq)).is_some_and(|p| match me {
            Some(m) => p.color != m && p.rank.is_some(),
            None => p.color == Color::Blue,
        });
        let mut c = board::Cell::new(content);
        c.marked = marked;
        c.last_move = last.is_some_and(|m| m.from == sq || m.to == sq);
        c.selected = p.selected == Some(sq) || rescue_from == Some(sq);
        c.target = targets.contains(&sq);
        c.cursor = g.cursor == sq;
        c
    };
    Square::all().map(cell).collect()
}

/// A question over the game or the set-up, with its keys: the text wraps in a box sized to
/// it (at most 64 columns, within the screen).
pub(crate) fn render_confirm_for(
    buf: &mut Buffer,
    g: &Shared,
    c: Confirm,
    w: u16,
    h: u16,
    t: &Theme,
) {
    let (title, text) = question(g, c);
    let (title, text) = (tr(t.lang, title), tr(t.lang, text));
    let hints = keymap::in_lang(keymap::footer(CONFIRM, &Always), t.lang);
    let screen = Rect::new(0, 0, w, h);
    let inner_w = (words::width(&text) as u16 + 2)
        .clamp(28, 62)
        .min(w.saturating_sub(4));
    let rows = wrap(&text, inner_w.saturating_sub(2) as usize);
    let inn = dialog(buf, screen, inner_w + 2, rows.len() as u16 + 4, &title, t);
    for (i, r) in rows.iter().enumerate() {
        put(
            buf,
            inn.x + 1,
            inn.y + i as u16,
            r,
            inn.width.saturating_sub(2),
            Style::new(),
        );
    }
    let mut spans = vec![];
    for (i, (key, what)) in hints.iter().enumerate() {
        let sep = if i + 1 < hints.len() { "   " } else { "" };
        spans.push(Span::styled(key.to_string(), t.key()));
        spans.push(Span::styled(format!(" {what}{sep}"), t.dim()));
    }
    let y = inn.y + rows.len() as u16 + 1;
    put_line(
        buf,
        inn.x + 1,
        y,
        &Line::from(spans),
        inn.width.saturating_sub(2),
    );
}

/// The title and text of a question, as message ids. (The reconnect time the leave
/// question names, 2 minutes, is the server's default: the snapshot does not say.)
fn question(g: &Shared, c: Confirm) -> (&'static str, &'static str) {
    match c {
        Confirm::Resign => ("game-ask-resign-title", "game-ask-resign"),
        Confirm::Leave if g.leave_aborts() => ("game-ask-leave-title", "game-ask-leave-unplayed"),
        Confirm::Leave if g.snap.terms.correspondence() => {
            ("game-ask-leave-title", "game-ask-leave-correspondence")
        }
        Confirm::Leave if g.clock_runs() => ("game-ask-leave-title", "game-ask-leave-clock"),
        Confirm::Leave => ("game-ask-leave-title", "game-ask-leave"),
        Confirm::Ready => ("game-ask-ready-title", "game-ask-ready"),
        Confirm::Clear => ("game-ask-clear-title", "game-ask-clear"),
        Confirm::Refill => ("game-ask-fill-title", "game-ask-fill"),
        Confirm::Abort => ("game-ask-abort-title", "game-ask-abort"),
    }
}

/// The side panel ([`play_side`]): both seats with their clocks, the state of the game and
/// the moves, the chat.
/// `link`: the finished game's web page, printed under the result.
/// The side panel: the seats, the status, the move list and the chat. Returns the move
/// list's digest and area when it has one, and whether it was left as `last` drew it (the
/// same digest and area: it is then not drawn; the caller leaves its rows out of a patch).
#[allow(clippy::too_many_arguments)]
fn render_side(
    buf: &mut Buffer,
    g: &Shared,
    lay: &BoardLayout,
    t: &Theme,
    n: Numbering,
    now: Instant,
    link: Option<String>,
    last: Option<(Drawn, Drawn)>,
) -> SideDrawn {
    let side = lay.side;
    let mut drawn = SideDrawn::default();
    if side.width == 0 || side.height < 8 {
        return drawn;
    }
    let sp = play_side(side);
    render_clocks(buf, g, [sp.top_seat, sp.bottom_seat], t, now);
    let status = match result_text(g, t) {
        Some(res) => over_lines(g, &res, link, t),
        None => play_lines(g, t, now),
    };
    let a = sp.status;
    let mut y = a.y;
    for l in status.iter().flat_map(|l| wrap_line(l, a.width as usize)) {
        if y >= a.bottom() {
            break;
        }
        put_line(buf, a.x, y, &l, a.width);
        y += 1;
    }
    // The moves under a blank row, when there is room for a few.
    if y + 3 <= a.bottom() {
        let area = Rect::new(a.x, y + 1, a.width, a.bottom() - y - 1);
        let hist = &g.snap.history;
        let d = fx(&(
            area,
            hist.len(),
            &hist[moves_shown_from(hist.len(), area)..],
        ));
        drawn.moves = Some((d, area));
        drawn.moves_kept = last.is_some_and(|(m, _)| m == drawn.moves);
        if !drawn.moves_kept {
            render_moves(buf, g, area, t, n);
        }
    }
    // The chat, unless a line is being typed into it: everything `render_chat` reads
    // besides the settings.
    if g.chat.is_none() {
        use std::hash::{Hash, Hasher};
        let s = &g.snap;
        let mut h = Fx(0);
        (sp.chat, g.my_color(), &s.seats.red.nick, &s.seats.blue.nick).hash(&mut h);
        for c in &s.chat {
            (&c.from, &c.text).hash(&mut h);
        }
        drawn.chat = Some((h.finish(), sp.chat));
        drawn.chat_kept = last.is_some_and(|(_, c)| c == drawn.chat);
    }
    if !drawn.chat_kept {
        render_chat(buf, g, sp.chat, t, true);
    }
    drawn
}

/// A part of the screen as last drawn: the digest of what it was drawn from, and its area.
type Drawn = Option<(u64, Rect)>;

/// What [`render_side`] drew from: the move list's and the chat's digests and areas, and
/// whether each was left as the last frame drew it (not drawn: the caller leaves its rows
/// out of a patch).
#[derive(Default)]
struct SideDrawn {
    moves: Drawn,
    moves_kept: bool,
    chat: Drawn,
    chat_kept: bool,
}

/// The first move [`render_moves`] shows of `len` in `area` (those before it are never
/// formatted: games run to hundreds of moves).
fn moves_shown_from(len: usize, area: Rect) -> usize {
    let rows_h = area.height.saturating_sub(1) as usize;
    let recent = len.saturating_sub(2 * rows_h);
    recent - recent % 2
}

/// After the game: the result, won or lost, the rematch, the next game, and the game's
/// web page (`link`; none for a game nobody moved in, which is not recorded, nor for a
/// private game, whose page answers as a game that does not exist).
fn over_lines(g: &Shared, result: &str, link: Option<String>, t: &Theme) -> Vec<Line<'static>> {
    let styled = |text: String, st| Line::from(Span::styled(text, st));
    let lang = t.lang;
    let mut status = vec![styled(format!(" {result} "), t.banner())];
    let me = g.my_color();
    let outcome = g.snap.outcome.or(g.view().and_then(|v| v.outcome));
    let aborted = outcome.is_some_and(|o| o.reason == EndReason::Aborted);
    if aborted {
        status.push(styled(tr(lang, "game-over-nobody-moved"), t.dim()));
    } else if let (Some(me), Some(o)) = (me, outcome) {
        let text = match o.winner {
            Some(c) if c == me => "game-over-won",
            Some(_) => "game-over-lost",
            None => "game-draw",
        };
        status.push(styled(tr(lang, text), t.accent()));
    }
    if let Some(change) = me.and_then(|c| rating_change_text(g.snap.seats.get(c))) {
        status.push(styled(
            t!(lang, "game-over-rating", change = change),
            t.accent(),
        ));
    }
    if let Some(me) = me {
        let opp = me.opposite();
        let theirs = *g.snap.rematch.get(opp);
        let nick = g.snap.seats.get(opp).nick.clone();
        let line = match (*g.snap.rematch.get(me), theirs) {
            // A tournament pairs the next game: no rematch is offered (nor agreed).
            _ if g.snap.tournament => tr(lang, "game-over-tournament"),
            // The opponent left: no rematch any more, whoever asked.
            _ if !g.opponent_here() => t!(lang, "game-rematch-gone", nick = nick),
            (true, true) => tr(lang, "game-rematch-agreed"),
            (true, false) => tr(lang, "game-rematch-asked"),
            (false, true) => t!(lang, "game-rematch-offered", nick = nick),
            (false, false) => tr(lang, "game-rematch-keys"),
        };
        let here = g.opponent_here();
        status.push(styled(
            line,
            if theirs && here { t.accent() } else { t.dim() },
        ));
    }
    if g.snap.next_game.is_some() {
        status.push(styled(tr(lang, "game-next-game"), t.accent()));
    }
    if let Some(link) = link.filter(|_| !aborted && !g.snap.private && !g.snap.history.is_empty()) {
        status.push(styled(link, t.dim()));
    }
    status
}

/// During play: whose turn, a draw offer, a win to claim.
fn play_lines(g: &Shared, t: &Theme, now: Instant) -> Vec<Line<'static>> {
    let Some(v) = g.view() else {
        return vec![];
    };
    let styled = |text: String, st| Line::from(Span::styled(text, st));
    let lang = t.lang;
    let me = g.my_color();
    let turn = match me {
        Some(c) if v.to_move == c => Span::styled(tr(lang, "game-your-turn"), t.accent()),
        _ => Span::styled(
            t!(lang, "game-to-move", color = color_name(lang, v.to_move)),
            t.side(v.to_move),
        ),
    };
    let number = t!(lang, "game-move-number", number = v.ply / 2 + 1);
    let mut status = vec![Line::from(vec![
        turn,
        Span::styled(format!("  {number}"), t.dim()),
    ])];
    match (g.snap.draw_offer, me) {
        (Some(c), Some(m)) if c != m => {
            status.push(styled(tr(lang, "game-draw-offer-to-me"), t.accent()))
        }
        (Some(_), Some(_)) => status.push(styled(tr(lang, "game-draw-offered"), t.dim())),
        (Some(c), None) => status.push(styled(
            t!(lang, "game-draw-offer-by", color = color_name(lang, c)),
            t.dim(),
        )),
        _ => {}
    }
    if g.can_claim(now) {
        status.push(styled(tr(lang, "game-opponent-gone"), t.accent()));
    }
    status
}

/// The move list, the last rows that fit under its title: Red's and Blue's move of each
/// turn side by side, or one under the other when the two do not fit a row (long battles
/// and rescues in a narrow panel), so no move is cut.
fn render_moves(buf: &mut Buffer, g: &Shared, area: Rect, t: &Theme, n: Numbering) {
    let lang = t.lang;
    put(
        buf,
        area.x,
        area.y,
        &tr(lang, "game-moves"),
        area.width,
        t.title(),
    );
    let y = area.y + 1;
    let rows_h = (area.bottom() - y) as usize;
    let hist = &g.snap.history;
    if hist.is_empty() {
        let none = tr(lang, "game-no-moves");
        put(buf, area.x, y, &none, area.width, t.dim());
        return;
    }
    // Only the moves that can be shown are formatted (games run to hundreds of moves).
    let first = moves_shown_from(hist.len(), area);
    let texts: Vec<String> = hist[first..]
        .iter()
        .map(|m| move_text(lang, m, n))
        .collect();
    let col = texts.iter().map(|m| words::width(m)).max().unwrap_or(0);
    let num = |turn: usize| format!("{:>3}. ", turn + 1);
    let mut rows: Vec<Line<'static>> = vec![];
    if 5 + col + 1 + col <= area.width as usize {
        for (k, pair) in texts.chunks(2).enumerate() {
            let mut spans = vec![
                Span::styled(num((first / 2) + k), t.dim()),
                Span::raw(format!("{:<col$}", pair[0])),
            ];
            if let Some(b) = pair.get(1) {
                spans.push(Span::raw(format!(" {b}")));
            }
            rows.push(Line::from(spans));
        }
    } else {
        for (k, m) in texts.iter().enumerate() {
            let ply = first + k;
            let label = if ply.is_multiple_of(2) {
                num(ply / 2)
            } else {
                "     ".to_string()
            };
            rows.push(Line::from(vec![
                Span::styled(label, t.dim()),
                Span::raw(m.clone()),
            ]));
        }
    }
    let skip = rows.len().saturating_sub(rows_h);
    for (k, l) in rows[skip..].iter().enumerate() {
        put_line(buf, area.x, y + k as u16, l, area.width);
    }
}

/// Under the board: pieces left, captured, the last battle, the line for a move typed, a
/// rescue or a message. (The chat is in the side panel: [`play_side`].)
/// Returns the pieces left's digest and the row after them when there is a view, and
/// whether they were left as `last` drew them (the same digest: they are then not drawn,
/// and the caller leaves their rows out of a patch).
fn render_below(
    buf: &mut Buffer,
    g: &Shared,
    p: &PlayUi,
    lay: &BoardLayout,
    t: &Theme,
    n: Numbering,
    last: Option<(u64, u16)>,
) -> (Option<(u64, u16)>, bool) {
    let a = lay.below;
    if a.height == 0 {
        return (None, false);
    }
    let mut y = a.y;
    let mut counts = None;
    let mut kept = false;
    if let Some(v) = g.view() {
        let variant = g.snap.terms.rules.variant;
        let d = fx(&(a, variant, &v.remaining, &v.captured));
        match last {
            Some((was, end)) if was == d => {
                y = end;
                kept = true;
            }
            _ => y = render_counts(buf, v, variant, a, t, n),
        }
        counts = Some((d, y));
    }
    render_told(buf, g, p, a, y, t, n);
    (counts, kept)
}

/// Under the board after the pieces left (from row `y`): the last move in words, a battle
/// not yet seen, and the line for a move typed, a rescue or a message.
fn render_told(
    buf: &mut Buffer,
    g: &Shared,
    p: &PlayUi,
    a: Rect,
    mut y: u16,
    t: &Theme,
    n: Numbering,
) {
    if y >= a.bottom() {
        return;
    }
    // The prompt or message first: it is about what the player is doing now; the last
    // battle gets what is left, at most two rows.
    let prompt = prompt_lines(g, p, a.width, t);
    let left = a.bottom() - y;
    // The last move in words (a battle told whole), replaced by each move; a battle since
    // the player last acted stays above it until they do (a row each then).
    let hist = &g.snap.history;
    let last = hist.last().or(g.view().and_then(|v| v.last_move.as_ref()));
    let battle = hist
        .iter()
        .enumerate()
        .skip(p.seen)
        .rev()
        .find(|(i, m)| m.battle.is_some() && i + 1 < hist.len())
        .map(|(_, m)| m);
    let rows = 2.min(left.saturating_sub(prompt.len().min(1) as u16)) as usize;
    let told: Vec<(&crate::rules::ViewMove, usize)> = match (battle, last) {
        (Some(b), Some(l)) if rows >= 2 => vec![(b, 1), (l, 1)],
        (Some(b), _) => vec![(b, rows)],
        (None, Some(l)) => vec![(l, rows)],
        (None, None) => vec![],
    };
    for (m, rows) in told {
        let s = move_sentence(t.lang, m, g.my_color(), n);
        for l in wrap_at_most(&s, a.width as usize, rows, ellipsis(t)) {
            put(buf, a.x, y, &l, a.width, Style::new());
            y += 1;
        }
    }
    if y >= a.bottom() {
        return;
    }
    if let PlayMode::Command(input) = &p.mode {
        let prompt = format!("{} ", tr(t.lang, "game-move-prompt"));
        input.render(buf, a.x, y, a.width, &prompt, t);
        return;
    }
    for l in prompt.iter().take((a.bottom() - y) as usize) {
        put_line(buf, a.x, y, l, a.width);
        y += 1;
    }
}

/// Pieces left of each rank, and the pieces taken, from `a.y`; returns the row after them.
/// The first column is as wide as its widest word in the language (`left`, the sides).
fn render_counts(
    buf: &mut Buffer,
    v: &PlayerView,
    variant: crate::rules::Variant,
    a: Rect,
    t: &Theme,
    n: Numbering,
) -> u16 {
    let lang = t.lang;
    let mut y = a.y;
    let ranks: Vec<Rank> = Rank::ALL
        .into_iter()
        .filter(|r| variant.count(*r) > 0)
        .collect();
    let left = tr(lang, "game-left");
    let names = [Color::Red, Color::Blue].map(|c| color_name(lang, c));
    let col = names
        .iter()
        .chain([&left])
        .map(|s| words::width(s))
        .max()
        .unwrap_or(0)
        + 1;
    let mut head = vec![Span::styled(super::widgets::pad(&left, col), t.dim())];
    for r in &ranks {
        head.push(Span::styled(
            format!("{:>3}", rank_label(lang, *r, n)),
            t.dim(),
        ));
    }
    put_line(buf, a.x, y, &Line::from(head), a.width);
    y += 1;
    for (c, name) in [Color::Red, Color::Blue].into_iter().zip(&names) {
        let counts = v.remaining.get(c);
        let mut spans = vec![Span::styled(super::widgets::pad(name, col), t.side(c))];
        for r in &ranks {
            let k = counts[r.index()];
            let st = if k == 0 { t.dim() } else { Style::new() };
            spans.push(Span::styled(format!("{k:>3}"), st));
        }
        put_line(buf, a.x, y, &Line::from(spans), a.width);
        y += 1;
    }
    // The pieces taken of each side: on one row when both fit, else a row each, cut with
    // a visible mark (the counts above tell all).
    let taken: Vec<(Color, String, String)> = [Color::Red, Color::Blue]
        .into_iter()
        .zip(names)
        .map(|(c, name)| {
            let mut caps: Vec<Option<Rank>> = v
                .captured
                .iter()
                .filter(|x| x.color == c)
                .map(|x| x.rank)
                .collect();
            caps.sort_by_key(|r| std::cmp::Reverse(r.map_or(0, |r| r as u8)));
            let text = if caps.is_empty() {
                tr(lang, "game-taken-none")
            } else {
                let labels: Vec<&str> = caps
                    .iter()
                    .map(|r| r.map_or("?", |r| rank_label(lang, r, n)))
                    .collect();
                labels.join(" ")
            };
            (c, name, text)
        })
        .collect();
    let side = |c: Color, name: &str, text: &str, room: usize| {
        vec![
            Span::styled(format!("{name} "), t.side(c)),
            Span::raw(abbrev(
                text,
                room.saturating_sub(words::width(name) + 1),
                ellipsis(t),
            )),
        ]
    };
    let head = format!("{} ", tr(lang, "game-taken"));
    let head_w = words::width(&head);
    let one_row = head_w
        + taken
            .iter()
            .map(|(_, name, x)| words::width(name) + 1 + words::width(x) + 2)
            .sum::<usize>();
    let mut rows: Vec<Line<'static>> = vec![];
    if one_row <= a.width as usize {
        let mut spans = vec![Span::styled(head.clone(), t.dim())];
        for (c, name, text) in &taken {
            spans.extend(side(*c, name, text, usize::MAX));
            spans.push(Span::raw("  "));
        }
        rows.push(Line::from(spans));
    } else {
        for (i, (c, name, text)) in taken.iter().enumerate() {
            let lead = if i == 0 {
                head.clone()
            } else {
                " ".repeat(head_w)
            };
            let mut spans = vec![Span::styled(lead, t.dim())];
            spans.extend(side(
                *c,
                name,
                text,
                (a.width as usize).saturating_sub(head_w),
            ));
            rows.push(Line::from(spans));
        }
    }
    for l in &rows {
        if y >= a.bottom() {
            break;
        }
        put_line(buf, a.x, y, l, a.width);
        y += 1;
    }
    y
}

/// The rescue being chosen, or the message (wrapped, at most three rows), each row as
/// drawn in `width` columns. (A move being typed has a row of its own.)
fn prompt_lines(g: &Shared, p: &PlayUi, width: u16, t: &Theme) -> Vec<Line<'static>> {
    match &p.mode {
        PlayMode::Command(_) => vec![Line::raw("")],
        PlayMode::Rescue(r) => wrap_line(&rescue_line(r, t), width as usize),
        // The note's keys; after a key that is none, why (it names them too).
        PlayMode::Note(at) => {
            let (text, st) = match &g.message {
                Some((text, true)) => (text.clone(), t.error()),
                _ => (
                    t!(t.lang, "game-note-prompt", square = at.to_string()),
                    t.accent(),
                ),
            };
            wrap_at_most(&text, width as usize, 3, ellipsis(t))
                .into_iter()
                .map(|l| Line::styled(l, st))
                .collect()
        }
        PlayMode::Normal => match &g.message {
            Some((text, is_err)) => {
                let st = if *is_err { t.error() } else { t.accent() };
                wrap_at_most(text, width as usize, 3, ellipsis(t))
                    .into_iter()
                    .map(|l| Line::styled(l, st))
                    .collect()
            }
            None => vec![],
        },
    }
}

/// The pieces to rescue, the one chosen highlighted; or where the chosen one goes.
fn rescue_line(r: &RescuePick, t: &Theme) -> Line<'static> {
    let lang = t.lang;
    let Some(rank) = r.rank else {
        let head = format!("{} ", tr(lang, "game-rescue"));
        let mut spans = vec![Span::styled(head, t.accent())];
        for (i, rank) in r.ranks.iter().enumerate() {
            let st = if i == r.row {
                t.row_focus()
            } else {
                Style::new()
            };
            spans.push(Span::styled(
                format!("{} {}", i + 1, rank_name(lang, *rank)),
                st,
            ));
            spans.push(Span::raw(" "));
        }
        if r.plain_ok {
            let none = format!("Esc {}", tr(lang, "game-rescue-none"));
            spans.push(Span::styled(none, t.dim()));
        }
        return Line::from(spans);
    };
    let head = t!(
        lang,
        "game-rescue-where",
        rank = words::rank_key(Some(rank)),
        name = rank_name(lang, rank)
    );
    Line::from(vec![
        Span::styled(format!("{head} "), t.accent()),
        Span::raw(tr(lang, "game-rescue-pick")),
    ])
}

/// The game's chat: a title when `titled` (always for a spectator, whose chat is the
/// spectators' own), the last lines that fit (wrapped), and at the bottom the line being
/// typed, or how to start one while there are no lines yet.
pub(crate) fn render_chat(buf: &mut Buffer, g: &Shared, a: Rect, t: &Theme, titled: bool) {
    if a.height == 0 || a.width == 0 {
        return;
    }
    let mut top = a.y;
    let spectator = g.my_color().is_none();
    let lang = t.lang;
    if titled || spectator {
        // What tells a spectator whose chat this is.
        let title = tr(
            lang,
            if spectator {
                "game-chat-spectators"
            } else {
                "game-chat"
            },
        );
        // Wrapped where the language needs more than the row.
        for row in wrap(&title, a.width as usize) {
            if top + 1 >= a.bottom() {
                break;
            }
            put(buf, a.x, top, &row, a.width, t.title());
            top += 1;
        }
    }
    if top >= a.bottom() {
        return;
    }
    let y = a.bottom() - 1;
    // The last lines, wrapped, that fit above the bottom row.
    let room = y.saturating_sub(top) as usize;
    let chat = &g.snap.chat;
    let mut rows: Vec<Line<'static>> = vec![];
    for c in chat.iter().rev() {
        if rows.len() >= room {
            break;
        }
        let who = if c.from == g.snap.seats.red.nick {
            t.side(Color::Red)
        } else if c.from == g.snap.seats.blue.nick {
            t.side(Color::Blue)
        } else {
            t.dim()
        };
        let line = Line::from(vec![
            Span::styled(format!("{}: ", c.from), who),
            Span::raw(c.text.clone()),
        ]);
        let mut wrapped = wrap_line(&line, a.width as usize);
        wrapped.append(&mut rows);
        rows = wrapped;
    }
    // The newest line just above the bottom row.
    let skip = rows.len().saturating_sub(room);
    let first = y - (rows.len() - skip) as u16;
    for (k, l) in rows[skip..].iter().enumerate() {
        put_line(buf, a.x, first + k as u16, l, a.width);
    }
    match &g.chat {
        Some(input) => {
            let say = format!("{} ", tr(lang, "game-chat-say"));
            input.render(buf, a.x, y, a.width, &say, t)
        }
        None => {
            if chat.is_empty() {
                let start = tr(lang, "game-chat-start");
                put(buf, a.x, y, &start, a.width, t.dim());
            }
        }
    }
}

/// What a key of the game screen (play, a move typed, a rescue) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Do {
    /// Arrows, hjkl (by the key).
    Cursor,
    /// Enter on a square: select, or move there.
    Activate,
    TypeMove,
    Deselect,
    ClearMessage,
    /// Leave at once (spectators, after the game).
    Leave,
    /// Ask before leaving (during play).
    AskLeave,
    Chat,
    Flip,
    Settings,
    Help,
    Resign,
    /// Offer a draw, or accept the opponent's.
    Draw,
    AcceptDraw,
    DeclineDraw,
    Claim,
    Rematch,
    /// `r` after the opponent left: says so.
    NoRematch,
    /// `r` after a tournament's game: says there is none (the tournament pairs the next).
    NoRematchInTournament,
    // Choosing a rescue: the piece...
    PrevPiece,
    NextPiece,
    /// 1 to 9 (by the key).
    PieceNumber,
    Choose,
    NoRescue,
    // ...then the square.
    Place,
    Unchoose,
    /// `N`: a note on the unknown enemy piece under the cursor...
    Note,
    // ...then its guess: a rank key, not a Bomb, moved; clear it; give up.
    NoteRank,
    NoteNotBomb,
    NoteMoved,
    NoteClear,
    NoteCancel,
}

/// When a key of play applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum If {
    Spectator,
    /// A player, during or after the game.
    Player,
    /// A player, during play.
    MyPlay,
    /// A player, after the game.
    PlayerOver,
    /// A spectator, or after the game.
    Looking,
    Selected,
    /// The opponent offers a draw.
    OfferToMe,
    NoOfferToMe,
    CanClaim,
    /// After the game, the opponent is still there (a rematch can be asked).
    OpponentHere,
    OpponentGone,
    /// A tournament's game: no rematch.
    Tournament,
    NotTournament,
    /// The cursor is on an enemy piece whose rank the player does not know (it may take
    /// a note: `N`'s hint shows then).
    OnUnknownEnemy,
}

/// The state the conditions of play are read from.
pub(crate) struct PlayCx {
    player: bool,
    over: bool,
    selected: bool,
    offer_to_me: bool,
    can_claim: bool,
    opponent_here: bool,
    tournament: bool,
    on_unknown_enemy: bool,
}

impl PlayCx {
    fn new(g: &Shared, p: &PlayUi, now: Instant) -> PlayCx {
        let me = g.my_color();
        PlayCx {
            player: me.is_some(),
            over: g.snap.phase == GamePhase::Over,
            selected: p.selected.is_some(),
            offer_to_me: me.is_some() && g.snap.draw_offer.is_some_and(|c| Some(c) != me),
            can_claim: g.can_claim(now),
            opponent_here: g.opponent_here(),
            tournament: g.snap.tournament,
            on_unknown_enemy: g.view().is_some_and(|v| Notes::check(v, g.cursor).is_ok()),
        }
    }
}

impl Conditions<If> for PlayCx {
    fn holds(&self, c: If) -> bool {
        match c {
            If::Spectator => !self.player,
            If::Player => self.player,
            If::MyPlay => self.player && !self.over,
            If::PlayerOver => self.player && self.over,
            If::Looking => !self.player || self.over,
            If::Selected => self.selected,
            If::OfferToMe => self.offer_to_me,
            If::NoOfferToMe => !self.offer_to_me,
            If::CanClaim => self.can_claim,
            If::OpponentHere => self.opponent_here,
            If::OpponentGone => !self.opponent_here,
            If::Tournament => self.tournament,
            If::NotTournament => !self.tournament,
            If::OnUnknownEnemy => self.on_unknown_enemy,
        }
    }
}

const CURSOR_KEYS: &[KeyCode] = &[Left, Right, Up, Down, ch('h'), ch('j'), ch('k'), ch('l')];
const ESC_HELP: (&str, &str) = ("Esc", "game-help-deselect");
const DRAW_HELP: (&str, &str) = ("y / n", "game-help-draw-answer");
const LEAVE_HELP: (&str, &str) = ("keys-q-esc", "game-help-leave");
const MY_PLAY: &[If] = &[If::MyPlay];

/// The keys of play, for players and spectators, during and after the game. Footer ranks:
/// W (claim) or r (rematch); arrows and Enter, or q; m; t; D or y/n or f; R or s; ?. All
/// of them fit 80 columns.
pub(crate) const PLAY: &[Binding<Do, If>] = &[
    on(CURSOR_KEYS, Do::Cursor)
        .hints(&[hint(1, "game-key-arrows-enter", "game-keys-move").when(MY_PLAY)])
        .help("keys-arrows-hjkl", "game-help-cursor"),
    on(&[Enter, ch(' ')], Do::Activate)
        .when(MY_PLAY)
        .hints(&[hint(1, "game-key-arrows-enter", "game-keys-move")])
        .help("game-key-enter-space", "game-help-select"),
    note("keys-mouse", "game-help-mouse").when(MY_PLAY),
    on(&[ch(':'), ch('m')], Do::TypeMove)
        .when(MY_PLAY)
        .hints(&[hint(3, "m", "game-keys-type-move")])
        .help("game-key-colon-m", "game-help-type-move"),
    on(&[ch('N')], Do::Note)
        .when(MY_PLAY)
        .hints(&[hint(6, "N", "game-keys-note").when(&[If::OnUnknownEnemy])])
        .help("N", "game-help-note"),
    on(&[Esc], Do::Deselect)
        .when(&[If::Selected])
        .help(ESC_HELP.0, ESC_HELP.1),
    on(&[Esc], Do::Leave)
        .when(&[If::Looking])
        .hints(&[hint(1, "q/Esc", "game-keys-leave").when(&[If::Spectator])])
        .help(LEAVE_HELP.0, LEAVE_HELP.1),
    on(&[Esc], Do::ClearMessage)
        .when(MY_PLAY)
        .help(ESC_HELP.0, ESC_HELP.1),
    on(&[ch('t')], Do::Chat)
        .hints(&[hint(4, "t", "game-keys-chat")])
        .help("t", "game-help-chat"),
    on(&[ch('D')], Do::Draw)
        .when(MY_PLAY)
        .hints(&[hint(5, "D", "game-keys-draw").when(&[If::NoOfferToMe])])
        .help("D", "game-help-draw"),
    on(&[ch('y')], Do::AcceptDraw)
        .when(&[If::MyPlay, If::OfferToMe])
        .hints(&[hint(5, "y/n", "game-keys-draw-answer")])
        .help(DRAW_HELP.0, DRAW_HELP.1),
    on(&[ch('n')], Do::DeclineDraw)
        .when(&[If::MyPlay, If::OfferToMe])
        .help(DRAW_HELP.0, DRAW_HELP.1),
    on(&[ch('R')], Do::Resign)
        .when(MY_PLAY)
        .hints(&[hint(6, "R", "game-keys-resign")])
        .help("R", "game-help-resign"),
    on(&[ch('W')], Do::Claim)
        .when(MY_PLAY)
        .hints(&[hint(0, "W", "game-keys-claim").when(&[If::CanClaim])])
        .help("W", "game-help-claim"),
    on(&[ch('r')], Do::Rematch)
        .when(&[If::PlayerOver, If::OpponentHere, If::NotTournament])
        .hints(&[hint(0, "r", "game-keys-rematch")])
        .help("r", "game-help-rematch"),
    on(&[ch('r')], Do::NoRematch)
        .when(&[If::PlayerOver, If::OpponentGone, If::NotTournament])
        .explains(),
    on(&[ch('r')], Do::NoRematchInTournament)
        .when(&[If::PlayerOver, If::Tournament])
        .explains(),
    on(&[ch('f')], Do::Flip)
        .hints(&[hint(5, "f", "game-keys-flip").when(&[If::Looking])])
        .help("f", "game-help-flip"),
    on(&[ch('s'), F(2)], Do::Settings)
        .hints(&[hint(6, "s", "game-keys-settings").when(&[If::Spectator])])
        .help("s / F2", "game-help-settings"),
    on(&[ch('q')], Do::AskLeave)
        .when(MY_PLAY)
        .help("q", "game-help-ask-leave"),
    on(&[ch('q')], Do::Leave)
        .when(&[If::Looking])
        .hints(&[hint(1, "q", "game-keys-lobby").when(&[If::PlayerOver])])
        .help(LEAVE_HELP.0, LEAVE_HELP.1),
    on(&[ch('?')], Do::Help).hints(&[hint(7, "?", "game-keys-help")]),
    // What the marks on the board and the clocks mean (they tell without colour what the
    // colours tell): after the keys, so that where the help is short of rows it is these
    // that are left out.
    note("( )", "game-mark-selected").when(MY_PLAY),
    note("> <", "game-mark-target").when(MY_PLAY),
    note("+", "game-mark-last"),
    note("'", "game-mark-opponent").when(&[If::Player]),
    note("8?", "game-mark-note").when(&[If::Player]),
    note("'", "game-mark-blue").when(&[If::Spectator]),
    note("!0:15!", "game-mark-low-time"),
];

/// The key after `N`: the note's guess.
const NOTE: &[Binding<Do, Never>] = &[
    on(&[Esc], Do::NoteCancel)
        .hints(&[hint(4, "Esc", "game-keys-cancel")])
        .help("Esc", "game-help-note-cancel"),
    on(&[Delete, Backspace], Do::NoteClear)
        .hints(&[hint(3, "keys-del-backspace", "game-keys-note-clear")])
        .help("keys-del-backspace", "game-help-note-clear"),
    on(&[ch('n')], Do::NoteNotBomb)
        .hints(&[hint(1, "n", "game-keys-note-not-bomb")])
        .help("n", "game-help-note-not-bomb"),
    on(&[ch('m')], Do::NoteMoved)
        .hints(&[hint(2, "m", "game-keys-note-moved")])
        .help("m", "game-help-note-moved"),
    on(&[ch('?')], Do::Help),
    chars(Do::NoteRank).hints(&[hint(0, "game-key-rank", "game-keys-note-rank")]),
];

/// Typing a move.
const COMMAND: &[Binding<ToLine, Never>] = &[
    on(&[Enter], ToLine).hints(&[hint(0, "Enter", "game-keys-play")]),
    on(&[Esc], ToLine).hints(&[hint(1, "Esc", "game-keys-cancel")]),
    tip(&[hint(2, "", "game-keys-example")]),
    typing(ToLine),
];

/// Typing a chat line during play.
const CHAT: &[Binding<ToLine, Never>] = &[
    on(&[Enter], ToLine).hints(&[hint(0, "Enter", "game-keys-send")]),
    on(&[Esc], ToLine).hints(&[hint(1, "Esc", "game-keys-cancel")]),
    typing(ToLine),
];

/// A line typed during the set-up (chat, a name to save under).
pub(crate) const LINE_OK: &[Binding<ToLine, Never>] = &[
    on(&[Enter], ToLine).hints(&[hint(0, "Enter", "game-keys-ok")]),
    on(&[Esc], ToLine).hints(&[hint(1, "Esc", "game-keys-cancel")]),
    typing(ToLine),
];

const RESCUE_HINTS: &[Hint<Never>] = &[
    hint(0, "Enter", "game-keys-choose"),
    hint(1, "game-key-arrows", "game-keys-cursor"),
    hint(2, "Esc", "game-keys-skip-back"),
    hint(3, "?", "game-keys-help"),
];
const SETTINGS_F2: Binding<Do, Never> = on(&[F(2)], Do::Settings).help("F2", "game-help-settings");
const PIECES: (&str, &str) = ("game-key-arrows-hjkl-tab", "game-help-rescue-pieces");

/// Choosing the piece to rescue.
const RESCUE_PIECE: &[Binding<Do, Never>] = &[
    on(&[Up, Left, ch('k'), ch('h')], Do::PrevPiece)
        .hints(RESCUE_HINTS)
        .help(PIECES.0, PIECES.1),
    on(&[Down, Right, ch('j'), ch('l'), Tab], Do::NextPiece).help(PIECES.0, PIECES.1),
    on(
        &[
            ch('1'),
            ch('2'),
            ch('3'),
            ch('4'),
            ch('5'),
            ch('6'),
            ch('7'),
            ch('8'),
            ch('9'),
        ],
        Do::PieceNumber,
    )
    .help("1 .. 9", "game-help-rescue-number"),
    on(&[Enter, ch(' ')], Do::Choose).help("game-key-enter-space", "game-help-rescue-highlighted"),
    on(&[Esc, ch('n')], Do::NoRescue).help("keys-esc-n", "game-help-no-rescue"),
    SETTINGS_F2,
    on(&[ch('?')], Do::Help),
];

/// Choosing where the rescued piece goes.
const RESCUE_SQUARE: &[Binding<Do, Never>] = &[
    on(CURSOR_KEYS, Do::Cursor)
        .hints(RESCUE_HINTS)
        .help("keys-arrows-hjkl", "game-help-cursor"),
    on(&[Enter, ch(' ')], Do::Place).help("game-key-enter-space", "game-help-place"),
    on(&[Esc], Do::Unchoose).help("Esc", "game-help-unchoose"),
    SETTINGS_F2,
    on(&[ch('?')], Do::Help),
];

/// What a key does to a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    Yes,
    No,
    Help,
    Settings,
}

/// A y/n question over the game or the set-up: any other key is no.
pub(crate) const CONFIRM: &[Binding<Answer, Never>] = &[
    on(&[ch('y'), ch('Y'), Enter], Answer::Yes)
        .hints(&[hint(0, "y", "game-keys-yes")])
        .help("keys-y-enter", "game-help-yes"),
    on(&[ch('?')], Answer::Help),
    on(&[F(2)], Answer::Settings).help("F2", "game-help-settings"),
    any(Answer::No)
        .hints(&[hint(1, "n/Esc", "game-keys-no")])
        .help("game-key-n-esc-other", "game-help-no"),
];

#[cfg(test)]
mod key_tests {
    use super::*;
    use crate::ui::keymap::tests::labels_name_their_keys;
    use crate::ui::keymap::Help;

    /// The table with its help labels in English (they are message ids).
    fn english<A: Copy, C: Copy>(table: &[Binding<A, C>]) -> Vec<Binding<A, C>> {
        table
            .iter()
            .map(|b| match b.help {
                Help::Line(k, w) => Binding {
                    help: Help::Line(crate::i18n::text_static(Lang::En, k), w),
                    ..*b
                },
                _ => *b,
            })
            .collect()
    }

    /// Every key of a binding with a help line is named in the line.
    #[test]
    fn help_labels_name_their_keys() {
        labels_name_their_keys("play", &english(PLAY));
        labels_name_their_keys("typed move", &english(COMMAND));
        labels_name_their_keys("note", &english(NOTE));
        labels_name_their_keys("chat", &english(CHAT));
        labels_name_their_keys("line", &english(LINE_OK));
        labels_name_their_keys("rescue piece", &english(RESCUE_PIECE));
        labels_name_their_keys("rescue square", &english(RESCUE_SQUARE));
        labels_name_their_keys("question", &english(CONFIRM));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_shows_a_new_text_exactly_when_its_number_changes() {
        // Every 10 ms from 0 to 2 h 5 s (tenths under ten seconds, then m:ss and h:mm:ss).
        let at = |ms: u64| Duration::from_millis(ms);
        let mut changes = 0;
        for ms in (0..7_205_000u64).step_by(10) {
            let (a, b) = (at(ms), at(ms + 10));
            let text_changed = fmt_clock(a) != fmt_clock(b);
            assert_eq!(
                text_changed,
                clock_shown(a) != clock_shown(b),
                "{} -> {}",
                fmt_clock(a),
                fmt_clock(b)
            );
            changes += usize::from(text_changed);
        }
        // 100 tenths, then one a second.
        assert_eq!(changes, 100 + 7_205 - 10);
    }

    #[test]
    fn the_wait_for_a_clock_to_change_ends_where_its_text_changes() {
        for ms in [
            12_300u64, 10_050, 9_990, 9_950, 600, 3_600_000, 61_000, 10_000, 150,
        ] {
            let d = Duration::from_millis(ms);
            let wait = until_clock_changes(d);
            let just_before = d.saturating_sub(wait) + Duration::from_nanos(1);
            assert_eq!(fmt_clock(d), fmt_clock(just_before), "{ms} ms: still shown");
            assert_ne!(fmt_clock(d), fmt_clock(d - wait.min(d)), "{ms} ms: changed");
        }
    }
}
