//! One task per interactive connection: a [`Session`] owns its view, while a game is
//! shown the session's [`GameSeat`], and its place in the lobby. The view is the screens
//! (`ui::App` and the picture of the client's terminal, `screen::Screen`) or the line mode
//! (`ui::line::LineApp`, `ssh host play`, a terminal whose TERM is `dumb`); a player
//! switches between them in the session (the settings' last row, the line mode's
//! `screens`). Both take the same messages and give the same effects: the session turns
//! bytes in into input events or typed lines, lobby and game snapshots into messages, the
//! effects into lobby, game and service calls, and sends frames or lines out.

use std::sync::Arc;
use std::time::Duration;

use russh::server::Handle;
use russh::ChannelId;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;
use tracing::{debug, info};

use super::writer::OutQueue;
use super::SessionInput;
use crate::game::{GameSeat, SessionEvent};
use crate::i18n::Lang;
use crate::limit::InputLimits;
use crate::lobby::{Ident, SessionId};
use crate::proto::{
    AdminCmd, AdminResult, BrowseCmd, GameCmd, LobbySnapshot, Notice, PlayerId, SavedSetup,
};
use crate::screen::Screen;
use crate::service::{self, Service};
use crate::store;
use crate::ui::input::InputParser;
use crate::ui::line::LineApp;
use crate::ui::{App, ColorDepth, Effect, Identity, Msg, Parts, Settings};

use super::line::{LineReader, Read};

/// What a connection without a terminal is told; `connect` is `ssh -t -p PORT HOST`.
pub fn no_pty_message(connect: &str, lang: crate::i18n::Lang) -> String {
    let (head, host) = connect.rsplit_once(' ').unwrap_or((connect, ""));
    let text = crate::t!(
        lang,
        "notice-no-pty",
        connect = connect,
        head = head,
        host = host,
        plain = connect.replacen("-t ", "", 1)
    );
    format!("{}\r\n", text.replace('\n', "\r\n"))
}

/// Enter the alternate screen, hide the cursor, turn on SGR mouse and bracketed paste.
const SETUP_SEQ: &[u8] = b"\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1002h\x1b[?1006h\x1b[?2004h\x1b[2J";
/// Undo all of it.
const RESTORE_SEQ: &[u8] =
    b"\x1b[?2004l\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[0m\x1b[?25h\x1b[?1049l";

/// How often the admin screen's sessions and bans are fetched again while it is shown.
const ADMIN_REFRESH: Duration = Duration::from_secs(1);

/// How long a lone Esc waits for the rest of a sequence.
const ESC_TIMEOUT: Duration = Duration::from_millis(25);

/// Longest wait for the game's answer to a move before drawing the frame anyway.
const MOVE_HOLD: Duration = Duration::from_millis(20);

/// A lobby change is drawn this long after it is published at most, each session at its
/// own offset in it: a publish would otherwise have every lobby screen drawn in the same
/// few milliseconds, and a move arriving then would wait behind hundreds of frames.
const LOBBY_SPREAD_MS: u64 = 250;

/// Drawing costs in proportion to a window's cells: what a session's keys make it draw is
/// at most this many cells a second (six frames of 120x40), twelve frames' worth at once;
/// past it the changes wait and are drawn together (nothing is lost). A held key draws six
/// frames a second after the first two seconds; a typing or resizing flood draws no more.
/// What the game sends (a move, a clock tick) is drawn at once whatever the budget (the
/// game bounds it), and counts against it: a player with a huge window is never shown a
/// move late, but their keys draw less often.
const FRAME_CELLS_PER_SECOND: f64 = 6.0 * 120.0 * 40.0;
const FRAME_CELLS_BURST: f64 = 2.0 * FRAME_CELLS_PER_SECOND;

pub(crate) struct Params {
    pub handle: Handle,
    pub channel: ChannelId,
    pub service: Service,
    pub ident: Ident,
    pub term: String,
    pub colorterm: Option<String>,
    pub no_color: bool,
    /// The language the client's environment asks for (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    pub lang: Option<Lang>,
    /// The language `play --lang` asked for: it wins over the stored and the client's.
    pub lang_asked: Option<Lang>,
    /// The client's window (`None`: no PTY, the line mode only).
    pub size: Option<(u16, u16)>,
    /// Start in the line mode (`ssh host play`, TERM=dumb) rather than on the screens.
    pub lines: bool,
    pub idle_timeout: Duration,
    pub motd: Option<String>,
    /// The admin's key fingerprint when this session's key is an admin's.
    pub admin: Option<String>,
    /// How players reach this server (for the welcome card's `ssh NAME@host` line).
    pub server: Option<crate::ui::Address>,
    /// The web pages' address for the links the screens print (`None`: the web is off).
    pub links: Option<String>,
    /// Tests only: [`TEST_PANIC`] makes the session panic.
    #[cfg(feature = "test-hooks")]
    pub test_hooks: bool,
    /// A guest's secret pass (its identity comes from it); `None` for a key.
    pub guest_pass: Option<crate::guest::GuestPass>,
    /// The guest's login name carried a pass (to come back to a game).
    pub pass_asked: bool,
    /// Input budget: bytes read a second (see `SshConfig`).
    pub input_bytes_per_second: usize,
    /// Window changes drawn a second.
    pub resizes_per_second: usize,
    /// Set when the client has gone (the connection or the session's channel closed),
    /// before the input queued behind it is read.
    pub hangup: Arc<std::sync::atomic::AtomicBool>,
}

/// Time between ticks while no game clock or countdown runs on the screen (idle timeout,
/// notices, the lobby's countdowns, replays' autoplay).
const TICK: Duration = Duration::from_millis(250);
/// A game's running clock is ticked once its shown digits changed, this long after (once
/// a second, ten times a second under ten seconds), not every [`TICK`]: thousands of
/// sessions in games woke four times a second to find, three times in four, nothing to draw.
const TICK_PAST_CHANGE: Duration = Duration::from_millis(1);

/// Serves one interactive connection until it closes, is kicked or quits.
pub(crate) async fn run(p: Params, mut input: mpsc::Receiver<SessionInput>) {
    let Some((mut session, mut events, mut answers)) = Session::start(p).await else {
        return;
    };
    let mut last_tick = Instant::now();
    'session: while !session.quit {
        session.draw();
        let tick_at = session.tick_due(last_tick);
        let effects = tokio::select! {
            msg = input.recv(), if session.limits.reading() => match session.on_input(msg) {
                Ready::Closed => break,
                Ready::Effects(effects) => effects,
                Ready::Nothing => vec![],
            },
            // Not while reading is paused: the rest of a sequence may be waiting in the queue.
            _ = tokio::time::sleep(ESC_TIMEOUT), if session.esc_pending() && session.limits.reading() => session.on_esc_timeout(),
            _ = sleep_until(session.limits.next().map(Instant::from_std)), if session.limits.next().is_some() => session.on_limits(),
            // A game screen does not show the lobby: its snapshots wait (the latest is taken
            // on the way back), so a publish does not wake a thousand players in their games.
            changed = session.lobby.changed(), if session.seat.is_none() => match changed {
                Ok(()) => session.on_lobby(),
                Err(_) => break,
            },
            _ = sleep_until(session.lobby_due), if session.lobby_due.is_some() => {
                session.lobby_due = None;
                session.touch(Parts::WHOLE);
                vec![]
            }
            // The work budget paid back: the typed lines that waited are handled.
            _ = sleep_until(session.work_due), if session.work_due.is_some() => {
                session.work_due = None;
                session.handle_typed()
            }
            _ = sleep_until(session.hold), if session.hold.is_some() => {
                session.hold = None;
                vec![]
            }
            _ = sleep_until(session.paced), if session.paced.is_some() => {
                session.paced = None;
                vec![]
            }
            Some(ev) = events.recv() => session.on_event(ev),
            changed = seat_changed(&mut session.seat) => session.on_game(changed.is_ok()),
            Some(msg) = answers.recv() => session.show(msg),
            _ = tokio::time::sleep_until(tick_at) => {
                last_tick = Instant::now();
                session.on_tick()
            }
            // A frame waits for the client to take the ones queued before it.
            _ = session.out.room(), if session.dirty && !session.out.has_room() => vec![],
        };
        for effect in effects {
            session.on_effect(effect).await;
        }
        // What else is already queued for the session (the rest of what was typed, the
        // game's answer to a move, another event) is taken before the next frame, so a
        // burst is drawn once, as it ends, instead of once per event.
        for _ in 0..COALESCE_MAX {
            if session.quit {
                break;
            }
            match session.ready(&mut input, &mut events, &mut answers) {
                Ready::Nothing => break,
                Ready::Closed => break 'session,
                Ready::Effects(effects) => {
                    for effect in effects {
                        session.on_effect(effect).await;
                    }
                }
            }
        }
    }
    // Input is no longer read: closing the queue lets the connection's handler (which may
    // wait on a full queue) go on, so the farewell frames below can be sent.
    drop(input);
    session.finish().await;
}

/// Events taken from the session's queues after one and before the next frame at most (a
/// flood cannot hold a frame back for long: the loop draws, then goes on reading).
const COALESCE_MAX: usize = 64;

/// What [`Session::ready`] found queued.
enum Ready {
    /// Nothing: the next frame can be drawn.
    Nothing,
    /// An event was handled, with these effects.
    Effects(Vec<Effect>),
    /// The client has gone (its input closed, or it hung up with input still queued).
    Closed,
}

/// What a guest is told: the login that brings it back into its game after a drop.
/// With `-o PubkeyAuthentication=no`: the server refuses keys for a login carrying a
/// pass (the client then goes on to keyboard-interactive), and the option spares the
/// round of key offers (a client with many keys may give up before the end of it).
/// `command` is [`comeback_command`]'s.
pub(super) fn comeback_line(command: &str) -> Notice {
    Notice::new("notice-comeback").arg("command", command)
}

/// The login of [`comeback_line`]; `lines`: the line mode's (`ssh … play`).
fn comeback_command(server: Option<&crate::ui::Address>, login: &str, lines: bool) -> String {
    let ssh = "ssh -o PubkeyAuthentication=no";
    let at = match server {
        Some(a) if a.port == 22 => format!("{ssh} {login}@{}", a.host),
        Some(a) => format!("{ssh} -p {} {login}@{}", a.port, a.host),
        None => format!("{ssh} {login}@HOST"),
    };
    // The command on a row of its own, unbroken at 80 columns, to copy whole; the line
    // mode's comes back to the line mode.
    if lines {
        format!("{at} play")
    } else {
        at
    }
}

/// The wall clock, Unix seconds (what the tournaments' countdowns are drawn from).
fn unix_now() -> u64 {
    crate::store::now()
}

async fn sleep_until(t: Option<Instant>) {
    if let Some(t) = t {
        tokio::time::sleep_until(t).await;
    }
}

/// Waits for the shown game's next snapshot (never, when no game is shown).
async fn seat_changed(seat: &mut Option<GameSeat>) -> Result<(), watch::error::RecvError> {
    match seat {
        Some(seat) => seat.snapshots.changed().await,
        None => std::future::pending().await,
    }
}

#[cfg(feature = "test-hooks")]
/// What a test sends to make its session panic (with [`Params::test_hooks`] only).
pub(crate) const TEST_PANIC: &[u8] = b"\x1b[?9999;panic~";

/// A session's place in the lobby: dropping it leaves the lobby, on every way out of the
/// session, a panic included (its seeks go, its game seat starts the reconnect countdown).
struct Presence {
    lobby: crate::lobby::LobbyHandle,
    id: SessionId,
}

impl Drop for Presence {
    fn drop(&mut self) {
        self.lobby.disconnect(self.id);
    }
}

/// Browse requests (leaderboards, profiles, game lists, replay steps) one session may have
/// waiting on the store at once.
const MAX_BROWSE_IN_FLIGHT: usize = 2;

/// A session's browse reads being made, and the request waiting for one of them to end.
type Browsing = Arc<std::sync::Mutex<(usize, Option<BrowseCmd>)>>;

/// One browse read being made: counted in the session's `browsing` until it ends, on a
/// panic too.
struct BrowseInFlight(Option<Browsing>);

impl BrowseInFlight {
    /// A read of `cmd` counted, or `None` when [`MAX_BROWSE_IN_FLIGHT`] are being made:
    /// then `cmd` waits in the slot, replacing the one there.
    fn start(browsing: &Browsing, cmd: BrowseCmd) -> Option<(BrowseInFlight, BrowseCmd)> {
        let mut busy = browsing.lock().unwrap_or_else(|e| e.into_inner());
        if busy.0 >= MAX_BROWSE_IN_FLIGHT {
            busy.1 = Some(cmd);
            return None;
        }
        busy.0 += 1;
        Some((BrowseInFlight(Some(browsing.clone())), cmd))
    }

    /// The request that waited while this one was read (the read goes on with it), or
    /// `None`: this read is over and no longer counted.
    fn next(&mut self) -> Option<BrowseCmd> {
        let slot = self.0.as_ref()?;
        let mut busy = slot.lock().unwrap_or_else(|e| e.into_inner());
        let next = busy.1.take();
        if next.is_none() {
            busy.0 -= 1;
            drop(busy);
            self.0 = None;
        }
        next
    }
}

impl Drop for BrowseInFlight {
    fn drop(&mut self) {
        if let Some(slot) = self.0.take() {
            let mut busy = slot.lock().unwrap_or_else(|e| e.into_inner());
            busy.0 -= 1;
        }
    }
}

/// What the line mode holds at most, unsent, for a client that does not read (then lines
/// and echo are dropped, and the client is told how many lines it missed). With the output
/// queue's [`OUT_QUEUE_FRAMES`] pieces of [`LINES_PIECE`] bytes, a line-mode session pins at
/// most about 128 KiB of output, as the screens' frames are bounded.
///
/// [`OUT_QUEUE_FRAMES`]: super::writer::OUT_QUEUE_FRAMES
const MAX_LINES_PENDING: usize = 64 * 1024;

/// Lines go out in pieces of at most this many bytes (one piece a queue slot).
const LINES_PIECE: usize = 16 * 1024;

/// The line mode's work budget: a typed command costs by the work it does (the lines it
/// writes, its prompt one of them), not by the bytes typed. A line written costs this many
/// bytes of the input budget's rate: at the default 32 KiB a second, 512 lines a second
/// and a burst of twice that; past it the typed lines wait (they are read on, at the input
/// budget's rate, into [`MAX_TYPED_AHEAD`]).
const LINE_OUT_COST: usize = 64;

/// What a line-mode client may type ahead of the commands handled, in bytes (thousands of
/// commands): past it, what it types is dropped and it is told. Input is read on at the
/// input budget's rate whatever the backlog, so a client that goes is seen gone (and what
/// it typed dropped) within a few seconds, however much it had sent.
const MAX_TYPED_AHEAD: usize = 16 * 1024;

/// How the session shows itself.
enum View {
    Screens(Box<Screens>),
    Lines(Box<Lines>),
}

/// The screens: the app, the picture of the client's terminal, the key parser.
struct Screens {
    app: App,
    screen: Screen,
    parser: InputParser,
}

/// The line mode: the app, the typed lines, the lines not sent yet.
struct Lines {
    app: LineApp,
    reader: LineReader,
    /// Bytes typed and not yet handled: their lines are handled one by one while the work
    /// budget allows (a command costs by the lines it writes), the rest wait here.
    typed: std::collections::VecDeque<u8>,
    /// Typed bytes dropped (over [`MAX_TYPED_AHEAD`]) and not yet told.
    typed_dropped: usize,
    /// Bytes written and not yet handed to the output queue.
    pending: Vec<u8>,
    /// Lines dropped since the client last took some (it does not read).
    dropped: usize,
    /// The prompt last written.
    prompted: String,
    /// Input was read since the last prompt: write it again.
    reprompt: bool,
}

impl Lines {
    fn new(app: LineApp) -> Lines {
        Lines {
            app,
            reader: LineReader::default(),
            typed: std::collections::VecDeque::new(),
            typed_dropped: 0,
            pending: vec![],
            dropped: 0,
            prompted: String::new(),
            reprompt: true,
        }
    }

    /// Whether `len` more bytes fit in what is held for the client.
    fn room_for(&self, len: usize) -> bool {
        self.pending.len() + len <= MAX_LINES_PENDING
    }

    fn write_line(&mut self, text: &str) {
        if !self.room_for(text.len() + 2) {
            if self.dropped == 0 {
                debug!("line output dropped: the client does not read");
            }
            self.dropped += 1;
            return;
        }
        self.pending.extend_from_slice(text.as_bytes());
        self.pending.extend_from_slice(b"\r\n");
    }

    /// The echo of typed bytes (with a PTY), within the same bound as the lines.
    fn echo(&mut self, bytes: &[u8]) {
        if self.room_for(bytes.len()) {
            self.pending.extend_from_slice(bytes);
        }
    }

    /// Keeps typed bytes to handle, up to [`MAX_TYPED_AHEAD`] (the rest is dropped).
    fn type_ahead(&mut self, bytes: &[u8]) {
        let room = MAX_TYPED_AHEAD.saturating_sub(self.typed.len());
        let (kept, lost) = bytes.split_at(bytes.len().min(room));
        self.typed.extend(kept);
        if !lost.is_empty() && self.typed_dropped == 0 {
            debug!("typed input dropped: far ahead of the commands handled");
        }
        self.typed_dropped += lost.len();
    }

    /// The next thing typed (a line, an interrupt), if a whole one is waiting.
    fn next_read(&mut self) -> Option<Read> {
        while let Some(b) = self.typed.pop_front() {
            if let Some(r) = self.reader.push(b) {
                return Some(r);
            }
        }
        None
    }
}

struct Session {
    p: Params,
    id: SessionId,
    nick: String,
    out: OutQueue,
    lobby: watch::Receiver<Arc<LobbySnapshot>>,
    view: View,
    /// Who the player is. Their settings and saved set-ups are the view's app's (see
    /// [`Session::kept`]).
    identity: Identity,
    /// The client's window (the screens' size; 80x24 without a PTY).
    size: (u16, u16),
    /// The last challenges heard, for a view that starts later.
    challenges: Vec<crate::proto::Seek>,
    private_games: Vec<crate::proto::GameSummary>,
    /// The player's correspondence games waiting for them (by identity), once the lobby
    /// has said.
    waiting: Option<Vec<crate::proto::WaitingGame>>,
    /// The session's place in the lobby; dropping it leaves the lobby. Declared (so
    /// dropped, on a panic too) before the seat: see [`Session::finish`].
    presence: Option<Presence>,
    /// The game shown, as a player or spectator; dropping it leaves the game.
    seat: Option<GameSeat>,
    /// A guest's saved set-ups (kept only for this visit); `None` for a key.
    guest_setups: Option<Vec<SavedSetup>>,
    /// Answers of the service (browse pages, admin data, saved set-ups) come back here.
    answers: mpsc::Sender<Msg>,
    /// Browse requests being read, and the latest one asked while [`MAX_BROWSE_IN_FLIGHT`]
    /// were: it is read when one of them is answered.
    browsing: Browsing,
    last_input: Instant,
    /// Input, paste and resize budgets and their timers.
    limits: InputLimits,
    /// The line mode's work budget, in lines written (see [`LINE_OUT_COST`]).
    work: crate::limit::TokenBucket,
    /// Over the work budget: the typed lines wait until then.
    work_due: Option<Instant>,
    /// The screen changed since the last frame.
    dirty: bool,
    /// After a move is sent, the frame waits (at most [`MOVE_HOLD`]) for the game's answer,
    /// so the player gets one frame with the move made instead of two.
    hold: Option<Instant>,
    /// Cells this session may draw (see [`FRAME_CELLS_PER_SECOND`]).
    frame_budget: crate::limit::TokenBucket,
    /// Over the frame budget: the next frame waits until then.
    paced: Option<Instant>,
    /// The game changed what is shown (a snapshot, a clock tick): the next frame is drawn
    /// without waiting for the frame budget.
    prompt: bool,
    /// While `dirty`: the only parts of the screen that changed since the last frame (see
    /// `App::render_parts`); [`Parts::WHOLE`] when anything else may have.
    parts: Parts,
    /// A lobby change not drawn yet: drawn then, or with the next frame if one comes first.
    lobby_due: Option<Instant>,
    quit: bool,
    farewell: Option<String>,
    /// When the admin screen last asked for fresh data.
    admin_asked: Instant,
    /// The key was registered at this login and its name not chosen yet (the welcome
    /// card's choice is not the one later rename).
    naming: bool,
    /// The language the player stored (`None`: never chosen, the client's LANG decides).
    lang_stored: Option<Lang>,
    /// The language shown now.
    lang_now: Lang,
}

impl Session {
    /// Logs in (a key's nickname, preferences and saved set-ups), joins the lobby and
    /// draws the first screen; the receivers of lobby/game events and service answers.
    async fn start(
        mut p: Params,
    ) -> Option<(Session, mpsc::Receiver<SessionEvent>, mpsc::Receiver<Msg>)> {
        let out = OutQueue::start(p.handle.clone(), p.channel);
        let service = p.service.clone();
        let mut notices = Vec::new();
        let mut first_login = false;
        if !p.ident.guest {
            let login = service.login(&p.ident).await;
            p.ident.nick = login.nick;
            notices = login.notices;
            first_login = login.first_time;
        }
        let (ev_tx, events) = mpsc::channel::<SessionEvent>(64);
        let joined = service.lobby().connect(p.ident.clone(), ev_tx).await?;
        // Remembered preferences and set-ups (players with a key); guests start empty.
        let (prefs, setups) = if p.ident.guest {
            (store::Preferences::default(), Vec::new())
        } else {
            let setups = service.saved_setups(&p.ident.id).await.unwrap_or_default();
            (service.preferences(&p.ident.id).await, setups)
        };
        let settings = Settings {
            numbering: prefs.numbering,
            // Until the player chooses, the terminal decides (ASCII on, stored before
            // the choice was recorded, was chosen: it is not the default).
            ascii: if prefs.chosen || prefs.ascii {
                prefs.ascii
            } else {
                Settings::ascii_default(&p.term)
            },
            color: ColorDepth::from_term(&p.term, p.colorterm.as_deref(), p.no_color),
            // `play --lang`, else the player's stored choice, else the client's LANG, else
            // English.
            lang: p
                .lang_asked
                .unwrap_or_else(|| Lang::choose(prefs.lang, p.lang)),
        };
        // What the player stored, and what is shown (see `Effect::SettingsChanged`).
        let (lang_stored, lang_now) = (prefs.lang, settings.lang);
        let size = p.size.unwrap_or((80, 24));
        let lines = p.lines || p.size.is_none();
        let login = p
            .guest_pass
            .as_ref()
            .map(|pass| pass.login_name(&joined.nick));
        let identity = Identity {
            nick: joined.nick.clone(),
            guest: p.ident.guest,
            admin: p.admin.is_some(),
            first_login,
            server: p.server.clone(),
            links: p.links.clone(),
            comeback: login
                .as_ref()
                .map(|l| comeback_command(p.server.as_ref(), l, lines)),
        };
        let lobby = joined.snapshot;
        // A pass given that brought back no game: said, rather than a new guest silently.
        if p.pass_asked && !joined.resumed {
            notices.push(Notice::new("notice-comeback-unknown").arg("nick", &joined.nick));
        }
        // The connection's span (this task runs in it) now names the lobby's session too.
        tracing::Span::current().record("session", joined.session);
        info!(
            nick = %joined.nick,
            term = %p.term,
            cols = size.0,
            rows = size.1,
            lines = p.lines,
            "session started"
        );
        let (answers, answers_rx) = mpsc::channel(8);
        let limits = InputLimits::new(
            p.input_bytes_per_second,
            p.resizes_per_second,
            crate::ui::input::PASTE_TIMEOUT,
            std::time::Instant::now(),
        );
        let p_input_rate = p.input_bytes_per_second;
        // Replaced below, once the session can feed it; until then it keeps the settings
        // and saved set-ups the first view starts with (see `Session::kept`).
        let mut first_app = LineApp::with_settings(identity.clone(), settings, 0);
        first_app.update(Msg::SavedSetups(setups));
        let mut session = Session {
            id: joined.session,
            nick: joined.nick,
            guest_setups: p.ident.guest.then(Vec::new),
            p,
            out,
            lobby,
            view: View::Lines(Box::new(Lines::new(first_app))),
            identity,
            size,
            challenges: vec![],
            private_games: vec![],
            waiting: None,
            seat: None,
            presence: Some(Presence {
                lobby: service.lobby().clone(),
                id: joined.session,
            }),
            answers,
            browsing: Arc::new(std::sync::Mutex::new((0, None))),
            last_input: Instant::now(),
            limits,
            work: {
                let rate = (p_input_rate / LINE_OUT_COST).max(1) as f64;
                crate::limit::TokenBucket::new(2.0 * rate, rate, std::time::Instant::now())
            },
            work_due: None,
            dirty: true,
            hold: None,
            frame_budget: crate::limit::TokenBucket::new(
                FRAME_CELLS_BURST,
                FRAME_CELLS_PER_SECOND,
                std::time::Instant::now(),
            ),
            paced: None,
            prompt: false,
            lobby_due: None,
            parts: Parts::WHOLE,
            quit: false,
            farewell: None,
            admin_asked: Instant::now(),
            naming: first_login,
            lang_stored,
            lang_now,
        };
        let mut first = Vec::new();
        if let Some(motd) = &session.p.motd {
            first.push(Msg::Notice(Notice::plain(motd.clone())));
        }
        first.extend(notices.into_iter().map(Msg::Notice));
        if let Some(line) = session.comeback() {
            first.push(Msg::LastingNotice(line));
        }
        if lines {
            session.show_lines(false, first);
        } else {
            session.out.send_raw(SETUP_SEQ);
            session.show_screens(first);
        }
        Some((session, events, answers_rx))
    }

    /// Sends a frame if the screen changed (unless a move's answer is awaited or the
    /// client is behind).
    fn draw(&mut self) {
        if self.hold.is_some_and(|t| Instant::now() >= t) {
            self.hold = None;
        }
        let View::Screens(v) = &mut self.view else {
            self.flush_lines();
            return;
        };
        if !self.dirty || self.hold.is_some() || (self.paced.is_some() && !self.prompt) {
            return;
        }
        if self.out.take_overflow() {
            // A frame was dropped: the client's screen is stale; redraw it whole.
            v.screen.invalidate();
        }
        if self.out.has_room() {
            let (w, h) = self.size;
            let mut cells = f64::from(w) * f64::from(h);
            let now = std::time::Instant::now();
            let prompt = std::mem::take(&mut self.prompt);
            if !prompt && !self.frame_budget.try_take_dear(cells, now) {
                let wait = self
                    .frame_budget
                    .wait_for(cells.min(FRAME_CELLS_BURST), now)
                    .unwrap_or(Duration::from_millis(100));
                self.paced = Some(Instant::now() + wait);
                return;
            }
            // Countdowns are drawn as of now (a tick may be up to 250 ms old); a notice
            // that times out now needs the whole frame, not a patch of the clocks.
            if v.app.set_unix_time(unix_now()) {
                self.parts = Parts::WHOLE;
            }
            let app = &v.app;
            // A tick that moved only the clocks redraws just the seats, a key that only
            // edited a move being typed just the line under the board, anything else on
            // the play screen all but the board's unchanged squares, when they can.
            let parts = std::mem::replace(&mut self.parts, Parts::WHOLE);
            let patch = v
                .screen
                .patch(|f| app.render_parts(f, parts))
                .map(|(bytes, drawn)| {
                    cells = drawn as f64;
                    bytes
                });
            let full = patch.is_none();
            let bytes = patch.unwrap_or_else(|| v.screen.frame(|f| app.render(f)));
            if prompt {
                // Counted (down to a bucket's worth of debt), never waited for.
                self.frame_budget.take_or_wait(cells, now);
                self.paced = None;
            }
            if !bytes.is_empty() && !self.out.send_frame(bytes) {
                self.quit = true;
            }
            self.dirty = false;
            if full {
                // The frame showed the lobby as it is.
                self.lobby_due = None;
            }
        }
    }

    /// The line mode's lines, then its prompt when it changed or input was read (unless a
    /// move's answer is awaited: the prompt comes with it).
    fn flush_lines(&mut self) {
        let View::Lines(v) = &mut self.view else {
            return;
        };
        let lines = v.app.take_lines();
        // With a terminal, what the player is typing was echoed on the current row: lines
        // told meanwhile start on a row of their own, and the typing is shown again after
        // the prompt (it is still there to finish).
        let typing = self.p.size.is_some() && !lines.is_empty() && !v.reader.partial().is_empty();
        if typing {
            v.echo(b"\r\n");
        }
        for l in &lines {
            v.write_line(l);
        }
        // After what was told, the prompt again: a script reads up to a prompt line.
        v.reprompt |= !lines.is_empty();
        if self.hold.is_none() {
            let prompt = v.app.prompt();
            if !self.quit && (std::mem::take(&mut v.reprompt) || prompt != v.prompted) {
                v.write_line(&prompt);
                v.prompted = prompt;
            }
        }
        if typing {
            let again: Vec<u8> = v.reader.partial().to_vec();
            v.echo(&again);
        }
        // What was dropped while the client did not read is said once it takes lines again.
        if v.dropped > 0 && self.out.has_room() && v.pending.len() < MAX_LINES_PENDING / 2 {
            let n = std::mem::take(&mut v.dropped);
            let text = crate::t!(v.app.lang(), "line-dropped", count = n);
            v.write_line(&text);
            v.reprompt = true;
        }
        // In pieces, each a slot of the output queue: a client that does not read holds
        // at most the queue's pieces and `MAX_LINES_PENDING` here.
        while !v.pending.is_empty() && self.out.has_room() {
            let cut = v.pending.len().min(LINES_PIECE);
            let rest = v.pending.split_off(cut);
            let bytes = std::mem::replace(&mut v.pending, rest);
            if !self.out.send_frame(bytes) {
                self.quit = true;
                break;
            }
        }
        // Lines wait for the client to take those queued before them.
        self.dirty = !v.pending.is_empty() || v.dropped > 0;
    }

    /// Marks the screen to be redrawn, `parts` of it having changed (see [`Session::parts`]).
    fn touch(&mut self, parts: Parts) {
        self.parts = if self.dirty {
            self.parts.with(parts)
        } else {
            parts
        };
        self.dirty = true;
    }

    /// Feeds a message to the view; the screen is redrawn (after a key that only edited a
    /// move being typed, just that line when it can be).
    fn show(&mut self, msg: Msg) -> Vec<Effect> {
        match &msg {
            Msg::Challenges(list) => self.challenges = list.clone(),
            Msg::PrivateGames(list) => self.private_games = list.clone(),
            Msg::Waiting(list) => self.waiting = Some(list.clone()),
            Msg::Renamed(Ok(nick)) => self.identity.nick = nick.clone(),
            _ => {}
        }
        let input = matches!(msg, Msg::Input(_));
        let fx = match &mut self.view {
            View::Screens(v) => v.app.update(msg),
            View::Lines(v) => v.app.update(msg),
        };
        let parts = match &self.view {
            View::Screens(v) if input => v.app.input_parts(),
            _ => Parts::WHOLE,
        };
        self.touch(parts);
        fx
    }

    /// The player's settings and saved set-ups, as the view shown keeps them (the screens'
    /// settings change them): the next view starts with them.
    fn kept(&self) -> (Settings, Vec<SavedSetup>) {
        match &self.view {
            View::Screens(v) => (v.app.settings().clone(), v.app.saved_setups().to_vec()),
            View::Lines(v) => (v.app.settings().clone(), v.app.saved_setups().to_vec()),
        }
    }

    /// Shows the screens (at the start, or leaving the line mode): a new app fed what the
    /// session knows (the lobby, the game shown, challenges, saved set-ups), then `first`.
    fn show_screens(&mut self, first: Vec<Msg>) {
        let (settings, saved) = self.kept();
        let identity = Identity {
            first_login: self.naming,
            ..self.identity.clone()
        };
        let (w, h) = self.size;
        let mut app = App::new(identity, settings, w, h, crate::random::seed());
        app.set_unix_time(unix_now());
        app.update(Msg::Lobby(self.lobby.borrow_and_update().clone()));
        if let Some(seat) = &mut self.seat {
            app.set_aside_lobby();
            let snap = seat.snapshots.borrow_and_update().clone();
            app.update(Msg::Game {
                snap,
                at: std::time::Instant::now(),
            });
        }
        if !self.challenges.is_empty() {
            app.update(Msg::Challenges(self.challenges.clone()));
        }
        if !self.private_games.is_empty() {
            app.update(Msg::PrivateGames(self.private_games.clone()));
        }
        if let Some(waiting) = &self.waiting {
            app.update(Msg::Waiting(waiting.clone()));
        }
        if !saved.is_empty() {
            app.update(Msg::SavedSetups(saved));
        }
        for msg in first {
            app.update(msg);
        }
        self.view = View::Screens(Box::new(Screens {
            app,
            screen: Screen::new(w, h),
            parser: InputParser::new(),
        }));
        self.touch(Parts::WHOLE);
        self.lobby_due = None;
    }

    /// Shows the line mode (at the start, or leaving the screens when `switched`): a new
    /// line app fed what the session knows, then `first`.
    fn show_lines(&mut self, switched: bool, first: Vec<Msg>) {
        let (settings, saved) = self.kept();
        let mut app =
            LineApp::with_settings(self.identity.clone(), settings, crate::random::seed());
        if switched {
            app.update(Msg::Notice(Notice::new("notice-line-mode")));
        } else {
            app.welcome();
        }
        if self.p.lines && self.p.size.is_some() && self.p.term.eq_ignore_ascii_case("dumb") {
            app.update(Msg::Notice(Notice::new("notice-dumb-terminal")));
        }
        app.update(Msg::Lobby(self.lobby.borrow_and_update().clone()));
        if !self.challenges.is_empty() {
            app.update(Msg::Challenges(self.challenges.clone()));
        }
        if !self.private_games.is_empty() {
            app.update(Msg::PrivateGames(self.private_games.clone()));
        }
        if let Some(waiting) = &self.waiting {
            app.update(Msg::Waiting(waiting.clone()));
        }
        if !saved.is_empty() {
            app.update(Msg::SavedSetups(saved));
        }
        if let Some(seat) = &mut self.seat {
            let snap = seat.snapshots.borrow_and_update().clone();
            app.update(Msg::Game {
                snap,
                at: std::time::Instant::now(),
            });
        }
        for msg in first {
            app.update(msg);
        }
        let mut lines = Lines::new(app);
        if switched {
            // The screens' picture is undone first: the client's terminal is as it was
            // (queued with the lines, so it is never dropped as a frame may be).
            lines.pending.extend_from_slice(RESTORE_SEQ);
        }
        self.view = View::Lines(Box::new(lines));
        self.dirty = true;
    }

    /// A lone Esc waits for the rest of its sequence (the screens only).
    fn esc_pending(&self) -> bool {
        matches!(&self.view, View::Screens(v) if v.parser.pending())
    }

    /// Tests only: panics on [`TEST_PANIC`] when the server was started with test hooks.
    /// Compiled only with the `test-hooks` feature (the tests enable it; a release build
    /// has no hook).
    #[cfg(feature = "test-hooks")]
    fn test_hook(&self, bytes: &[u8]) {
        if self.p.test_hooks && bytes == TEST_PANIC {
            panic!("test hook: a session panics");
        }
    }

    /// Handles one event already waiting in the session's queues, if any (without waiting):
    /// input first (unless over the input budget), then the lobby's session events, the
    /// shown game's snapshot, the service's answers. Lobby snapshots and timers are left to
    /// the main loop (a lobby change is drawn at the session's own offset anyway).
    fn ready(
        &mut self,
        input: &mut mpsc::Receiver<SessionInput>,
        events: &mut mpsc::Receiver<SessionEvent>,
        answers: &mut mpsc::Receiver<Msg>,
    ) -> Ready {
        use mpsc::error::TryRecvError;
        if self.limits.reading() {
            match input.try_recv() {
                Ok(msg) => return self.on_input(Some(msg)),
                Err(TryRecvError::Disconnected) => return self.on_input(None),
                Err(TryRecvError::Empty) => {}
            }
        }
        if let Ok(ev) = events.try_recv() {
            return Ready::Effects(self.on_event(ev));
        }
        if let Some(seat) = &self.seat {
            match seat.snapshots.has_changed() {
                Ok(true) => return Ready::Effects(self.on_game(true)),
                Ok(false) => {}
                Err(_) => return Ready::Effects(self.on_game(false)),
            }
        }
        if let Ok(msg) = answers.try_recv() {
            return Ready::Effects(self.show(msg));
        }
        Ready::Nothing
    }

    /// One message from the connection (`None`: its queue closed).
    fn on_input(&mut self, msg: Option<SessionInput>) -> Ready {
        match msg {
            // A client gone: what it typed and is still queued is not worked off.
            Some(SessionInput::Data(_)) if self.hung_up() => Ready::Closed,
            Some(SessionInput::Data(bytes)) => {
                #[cfg(feature = "test-hooks")]
                self.test_hook(&bytes);
                Ready::Effects(self.on_bytes(&bytes))
            }
            Some(SessionInput::Resize(cols, rows)) => Ready::Effects(self.on_resize(cols, rows)),
            Some(SessionInput::Closed) | None => Ready::Closed,
        }
    }

    /// Every byte is parsed, in order; over the input budget the session stops reading for
    /// a while (the client's window closes behind it) instead of dropping anything.
    fn on_bytes(&mut self, bytes: &[u8]) -> Vec<Effect> {
        self.last_input = Instant::now();
        let now = std::time::Instant::now();
        self.limits.read(bytes.len(), now);
        let events = match &mut self.view {
            View::Screens(v) => {
                let events = v.parser.feed(bytes);
                self.limits.paste(v.parser.in_paste(), now);
                events
            }
            View::Lines(_) => return self.on_typed(bytes),
        };
        events
            .into_iter()
            .flat_map(|ev| self.show(Msg::Input(ev)))
            .collect()
    }

    /// Bytes typed in the line mode: echoed when the client has a terminal (it echoes
    /// nothing itself), kept, and their lines handled while the work budget allows.
    fn on_typed(&mut self, bytes: &[u8]) -> Vec<Effect> {
        let pty = self.p.size.is_some();
        let View::Lines(v) = &mut self.view else {
            return vec![];
        };
        if pty && !bytes.contains(&0x1b) {
            // Printable characters; a backspace takes the last one back.
            let mut echo = Vec::with_capacity(bytes.len());
            for &b in bytes {
                match b {
                    0x08 | 0x7f => echo.extend_from_slice(b"\x08 \x08"),
                    b if b >= 0x20 => echo.push(b),
                    _ => {}
                }
            }
            v.echo(&echo);
        }
        v.type_ahead(bytes);
        self.dirty = true;
        self.handle_typed()
    }

    /// Handles the lines typed, one by one, while the work budget allows: each costs the
    /// lines it writes ([`LINE_OUT_COST`]); over budget the rest wait until it is paid
    /// back ([`Session::work_due`]). A client gone meanwhile has its lines dropped.
    fn handle_typed(&mut self) -> Vec<Effect> {
        let pty = self.p.size.is_some();
        let mut fx = vec![];
        loop {
            if self.hung_up() {
                self.quit = true;
                break;
            }
            if self.work_due.is_some() || self.quit {
                break;
            }
            let View::Lines(v) = &mut self.view else {
                break;
            };
            if v.typed_dropped > 0 {
                let n = std::mem::take(&mut v.typed_dropped);
                let text = crate::t!(v.app.lang(), "line-typed-dropped", count = n);
                v.write_line(&text);
                v.reprompt = true;
            }
            let Some(r) = v.next_read() else {
                break;
            };
            let before = v.app.pending_lines();
            match r {
                Read::Line(text) => {
                    if pty {
                        v.echo(b"\r\n");
                    }
                    let done = v.app.input(&text);
                    // A move sent: the prompt comes with the game's answer (its mode changes).
                    let moved = done
                        .iter()
                        .any(|e| matches!(e, Effect::Game(GameCmd::Move(_))));
                    if moved {
                        self.hold = Some(Instant::now() + MOVE_HOLD);
                    }
                    v.reprompt |= !moved;
                    fx.extend(done);
                }
                Read::TooLong => {
                    let text = crate::i18n::tr(v.app.lang(), "line-too-long");
                    v.write_line(&text);
                    v.reprompt = true;
                }
                Read::Interrupt if pty => fx.push(Effect::Quit),
                Read::Interrupt | Read::Erased => {}
            }
            // The lines this command wrote, and the prompt after them.
            let written = v.app.pending_lines().saturating_sub(before) + 1;
            let wait = self
                .work
                .take_or_wait(written as f64, std::time::Instant::now());
            if !wait.is_zero() {
                self.work_due = Some(Instant::now() + wait);
            }
            self.dirty = true;
        }
        fx
    }

    /// Whether the client has gone (its connection or channel closed): what it typed and
    /// the session has not handled yet is dropped.
    fn hung_up(&self) -> bool {
        self.p.hangup.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// A timer of [`InputLimits`] is due: reading resumes, a paste that has lasted too
    /// long ends, the latest window size is drawn.
    fn on_limits(&mut self) -> Vec<Effect> {
        let due = self.limits.due(std::time::Instant::now());
        let mut fx = Vec::new();
        if due.paste_over {
            debug!("paste ended by its time limit");
            let events = match &mut self.view {
                View::Screens(v) => v.parser.end_paste(),
                View::Lines(_) => vec![],
            };
            fx.extend(events.into_iter().flat_map(|ev| self.show(Msg::Input(ev))));
        }
        if let Some((w, h)) = due.size {
            fx.extend(self.apply_size(w, h));
        }
        fx
    }

    fn on_esc_timeout(&mut self) -> Vec<Effect> {
        let View::Screens(v) = &mut self.view else {
            return vec![];
        };
        let events = v.parser.flush();
        events
            .into_iter()
            .flat_map(|ev| self.show(Msg::Input(ev)))
            .collect()
    }

    /// A window change: drawn now if the resize budget allows, else kept as the size to
    /// draw when it does (a later change replaces it: the last size wins).
    fn on_resize(&mut self, width: u16, height: u16) -> Vec<Effect> {
        match self.limits.resize(width, height, std::time::Instant::now()) {
            Some((w, h)) => self.apply_size(w, h),
            None => vec![],
        }
    }

    fn apply_size(&mut self, width: u16, height: u16) -> Vec<Effect> {
        if self.size == (width, height) {
            return vec![];
        }
        self.size = (width, height);
        match &mut self.view {
            View::Screens(v) => v.screen.resize(width, height),
            // Kept for the screens, if the player goes back to them.
            View::Lines(_) => return vec![],
        }
        self.show(Msg::Resize { width, height })
    }

    fn on_lobby(&mut self) -> Vec<Effect> {
        let snap = self.lobby.borrow_and_update().clone();
        let fx = match &mut self.view {
            View::Screens(v) => v.app.update(Msg::Lobby(snap)),
            View::Lines(_) => return self.show(Msg::Lobby(snap)),
        };
        if !self.dirty && self.lobby_due.is_none() {
            let offset = self.id.wrapping_mul(0x9e37_79b9_7f4a_7c15) % LOBBY_SPREAD_MS;
            self.lobby_due = Some(Instant::now() + Duration::from_millis(offset));
        }
        fx
    }

    /// The game shown is left (dropping the seat leaves it); the lobby comes back as it is
    /// now (the app let go of it for the game).
    fn leave_seat(&mut self) {
        if self.seat.take().is_some() {
            let snap = self.lobby.borrow_and_update().clone();
            self.show(Msg::Lobby(snap));
        }
    }

    fn on_event(&mut self, ev: SessionEvent) -> Vec<Effect> {
        self.hold = None;
        match ev {
            SessionEvent::Notice(text) => self.show(Msg::Notice(text)),
            SessionEvent::EnterGame(mut seat) => {
                let snap = seat.snapshots.borrow_and_update().clone();
                // The seat of a game shown before is dropped: that game is left.
                let playing = snap.my_color.is_some();
                self.seat = Some(seat);
                if let View::Screens(v) = &mut self.view {
                    v.app.set_aside_lobby();
                }
                let mut fx = self.show(Msg::Game {
                    snap,
                    at: std::time::Instant::now(),
                });
                // A guest is told how to come back to its seat (only its own screen shows
                // the secret): for a few seconds, as it covers the chat above the player's
                // seat (it stayed in the lobby until a key).
                if let (true, Some(line)) = (playing, self.comeback()) {
                    fx.extend(self.show(Msg::Notice(line)));
                }
                fx
            }
            SessionEvent::SeatTaken(game) => {
                if self.seat.as_ref().is_none_or(|s| s.game != game) {
                    return vec![];
                }
                self.leave_seat();
                self.show(Msg::GameClosed);
                self.show(Msg::Notice(
                    Notice::new("notice-seat-taken").arg("game", game),
                ))
            }
            SessionEvent::SeatElsewhere(game) => self.show(Msg::SeatElsewhere(game)),
            SessionEvent::SavedSetups(list) => self.show(Msg::SavedSetups(list)),
            SessionEvent::Challenges(list) => self.show(Msg::Challenges(list)),
            SessionEvent::PrivateGames(list) => self.show(Msg::PrivateGames(list)),
            SessionEvent::Waiting(list) => self.show(Msg::Waiting(list)),
            SessionEvent::Nick(nick) => {
                self.show(Msg::Notice(Notice::new("notice-nick").arg("nick", nick)))
            }
            SessionEvent::Kicked(reason) => {
                info!("kicked");
                let text = match reason.is_empty() {
                    true => Notice::new("notice-kicked-no-reason"),
                    false => Notice::new("notice-kicked").arg("reason", reason),
                };
                self.farewell = Some(format!("{}\r\n", text.text(self.lang_now)));
                self.quit = true;
                vec![]
            }
        }
    }

    /// The shown game has a new snapshot, or (`alive` false) its task has ended.
    fn on_game(&mut self, alive: bool) -> Vec<Effect> {
        self.hold = None;
        if !alive {
            self.leave_seat();
            return self.show(Msg::GameClosed);
        }
        let Some(seat) = self.seat.as_mut() else {
            return vec![];
        };
        let snap = seat.snapshots.borrow_and_update().clone();
        self.prompt = true;
        self.show(Msg::Game {
            snap,
            at: std::time::Instant::now(),
        })
    }

    /// When the next tick is due, the last one having been at `last`: just after a shown
    /// game's running clock or countdown shows something new, and at least once a second;
    /// else a [`TICK`] after the last.
    fn tick_due(&self, last: Instant) -> Instant {
        let every = last + TICK;
        let View::Screens(v) = &self.view else {
            return every;
        };
        let now = Instant::now();
        match v.app.next_time_change(now.into_std()) {
            // Not past a second: the idle timeout and notices are looked at at least then.
            Some(wait) => (now + wait + TICK_PAST_CHANGE).min(last + Duration::from_secs(1)),
            None => every,
        }
    }

    fn on_tick(&mut self) -> Vec<Effect> {
        if self.last_input.elapsed() > self.p.idle_timeout {
            info!("idle timeout");
            let text = Notice::new("notice-idle")
                .arg("time", crate::config::fmt_duration(self.p.idle_timeout));
            self.farewell = Some(format!("{}\r\n", text.text(self.lang_now)));
            self.quit = true;
            return vec![];
        }
        let mut fx = vec![];
        let v = match &mut self.view {
            View::Screens(v) => v,
            // The line mode tells events as they come; a tick tells it when an opponent's
            // time to come back has run out.
            View::Lines(v) => return v.app.update(Msg::Tick(std::time::Instant::now())),
        };
        // A tournament's countdown shown (the lobby's list, a tournament's screen) is drawn
        // again when its seconds change.
        let whole = v.app.set_unix_time(unix_now());
        let mut changed = false;
        if v.app.wants_ticks() {
            fx = v.app.update(Msg::Tick(std::time::Instant::now()));
            // Clocks show whole seconds (tenths under ten): most ticks change nothing.
            changed = v.app.tick_changed();
        }
        if v.app.admin_open() && self.admin_asked.elapsed() >= ADMIN_REFRESH {
            fx.push(Effect::Admin(AdminCmd::Refresh));
        }
        if changed {
            self.touch(Parts::CLOCKS);
            self.prompt = true;
        }
        if whole {
            self.touch(Parts::WHOLE);
        }
        fx
    }

    async fn on_effect(&mut self, effect: Effect) {
        match effect {
            Effect::SaveSetup(setup) => self.save_setup(setup),
            Effect::DeleteSetup { name, variant } => self.delete_setup(name, variant),
            Effect::RenameSetup { variant, from, to } => self.rename_setup(variant, from, to),
            Effect::Lobby(cmd) => self.p.service.lobby().command(self.id, cmd),
            // The screen went back to the lobby; dropping the seat leaves the game.
            Effect::LeaveGame => self.leave_seat(),
            Effect::Game(cmd) => {
                if matches!(cmd, GameCmd::Move(_)) {
                    self.hold = Some(Instant::now() + MOVE_HOLD);
                }
                if let Some(seat) = &self.seat {
                    seat.send(cmd).await;
                }
            }
            Effect::Browse(cmd) => self.browse(cmd),
            Effect::Admin(cmd) => self.admin(cmd),
            Effect::Bell => {
                if matches!(self.view, View::Screens(_)) {
                    self.out.send_raw(b"\x07");
                }
            }
            Effect::Quit => self.quit = true,
            Effect::Rename(name) => self.rename(name),
            Effect::LineMode => {
                info!("to the line mode");
                self.show_lines(true, vec![]);
            }
            Effect::ScreenMode => {
                if self.p.size.is_some() {
                    info!("to the screens");
                    // Before the first frame, and never dropped.
                    if let View::Lines(v) = &mut self.view {
                        let lines = std::mem::take(&mut v.pending);
                        self.out.send_wait(&lines).await;
                    }
                    self.out.send_wait(SETUP_SEQ).await;
                    self.show_screens(vec![]);
                } else {
                    self.show(Msg::Notice(Notice::new("notice-screens-need-terminal")));
                }
            }
            Effect::SettingsChanged(s) => {
                // The language is stored once the player changes it: until then the
                // client's LANG keeps deciding.
                if s.lang != self.lang_now {
                    self.lang_stored = Some(s.lang);
                    self.lang_now = s.lang;
                }
                // The screens' app keeps the settings (`Session::kept`).
                if self.guest_setups.is_none() {
                    let (service, id, _) = self.service_call();
                    let prefs = store::Preferences {
                        numbering: s.numbering,
                        ascii: s.ascii,
                        chosen: true,
                        lang: self.lang_stored,
                    };
                    tokio::spawn(async move { service.save_preferences(&id, prefs).await });
                }
            }
        }
    }

    /// A guest's way back into its game after a drop (`ssh -p PORT NICK-TOKEN@HOST`).
    fn comeback(&self) -> Option<Notice> {
        self.identity.comeback.as_deref().map(comeback_line)
    }

    /// What a task answering through the service needs.
    fn service_call(&self) -> (Service, PlayerId, mpsc::Sender<Msg>) {
        (
            self.p.service.clone(),
            self.p.ident.id.clone(),
            self.answers.clone(),
        )
    }

    /// Asks for stored things; the answer comes back on `answers`, so the session never
    /// waits on the store.
    fn browse(&self, cmd: BrowseCmd) {
        // A client asking faster than the store answers (a held key, a paste of L's) does
        // not pile up reads: past MAX_BROWSE_IN_FLIGHT its latest ask waits in one slot
        // (replacing the one before) and is read when an answer is sent, so the last thing
        // asked is always answered.
        let Some((mut in_flight, cmd)) = BrowseInFlight::start(&self.browsing, cmd) else {
            return;
        };
        let (service, me, tx) = self.service_call();
        // The screens' set-up library asks with every set-up of its variant as it has them:
        // a key's are read again, so that what another terminal or the web changed shows.
        let reread = self.guest_setups.is_none() && matches!(self.view, View::Screens(_));
        tokio::spawn(async move {
            let logged = |e: &dyn std::fmt::Display| {
                tracing::warn!(error = %e, "cannot read the store");
            };
            let mut cmd = cmd;
            loop {
                let msg = match cmd {
                    BrowseCmd::Leaderboard(v) => service
                        .leaderboard(v)
                        .await
                        .map_err(|e| logged(&e))
                        .ok()
                        .map(Msg::Leaderboard),
                    BrowseCmd::Profile(nick) => service
                        .profile_for(&nick, Some(&me))
                        .await
                        .map_err(|e| logged(&e))
                        .ok()
                        .flatten()
                        .map(Msg::Profile),
                    BrowseCmd::Games { filter, variant } => service
                        .games(Some(&me), filter, variant)
                        .await
                        .map_err(|e| logged(&e))
                        .ok()
                        .map(Msg::Games),
                    BrowseCmd::Replay {
                        id,
                        ply,
                        perspective,
                    } => service
                        .replay(id, ply, perspective, Some(&me))
                        .await
                        .map_err(|e| logged(&e))
                        .ok()
                        .map(Msg::Replay),
                    // The set-up library and explorer: the asker's own games, or aggregates.
                    BrowseCmd::SetupStats { variant, setups } if reread => {
                        match service.saved_setups(&me).await {
                            Ok(stored) => {
                                let of: Vec<SavedSetup> = stored
                                    .iter()
                                    .filter(|s| s.variant == variant)
                                    .cloned()
                                    .collect();
                                let fresh = of != setups;
                                service
                                .setup_stats(&me, variant, of)
                                .await
                                .map_err(|e| logged(&e))
                                .ok()
                                .map(|st| {
                                    if fresh {
                                        tracing::debug!(%variant, "set-up library: the stored set-ups changed elsewhere");
                                        Msg::LibraryFresh(stored, st)
                                    } else {
                                        Msg::SetupStats(st)
                                    }
                                })
                            }
                            Err(e) => {
                                logged(&e);
                                None
                            }
                        }
                    }
                    BrowseCmd::SetupStats { variant, setups } => service
                        .setup_stats(&me, variant, setups)
                        .await
                        .map_err(|e| logged(&e))
                        .ok()
                        .map(Msg::SetupStats),
                    BrowseCmd::Explorer { variant, mine } => service
                        .explorer(Some(&me), variant, mine)
                        .await
                        .map_err(|e| logged(&e))
                        .ok()
                        .map(Msg::Explorer),
                };
                let msg = msg.unwrap_or_else(|| Msg::Notice(Notice::new("refusal-not-stored")));
                let _ = tx.send(msg).await;
                if let Some(next) = in_flight.next() {
                    cmd = next;
                } else {
                    break;
                }
            }
        });
    }

    /// An admin action (or a refresh): the result first, then fresh data.
    fn admin(&mut self, cmd: AdminCmd) {
        let Some(by) = self.p.admin.clone() else {
            tracing::warn!("admin action from a session that is not an admin's");
            return;
        };
        self.admin_asked = Instant::now();
        if cmd != AdminCmd::Refresh {
            info!(nick = %self.nick, action = ?cmd, "admin action");
        }
        let (service, _, tx) = self.service_call();
        let lang = self.lang_now;
        tokio::spawn(async move {
            if cmd != AdminCmd::Refresh {
                let result = match service.admin(&by, cmd).await {
                    Ok(done) => AdminResult {
                        text: done.notice().text(lang),
                        ok: true,
                    },
                    Err(e) => AdminResult {
                        text: e.notice().text(lang),
                        ok: false,
                    },
                };
                let _ = tx.send(Msg::AdminResult(result)).await;
            }
            let msg = match service.admin_snapshot().await {
                Ok(snap) => Msg::Admin(snap),
                Err(e) => Msg::AdminResult(AdminResult {
                    text: Notice::new("refusal-cannot-read-bans")
                        .arg("error", e.to_string())
                        .text(lang),
                    ok: false,
                }),
            };
            let _ = tx.send(msg).await;
        });
    }

    fn save_setup(&mut self, setup: SavedSetup) {
        if let Some(list) = &mut self.guest_setups {
            let msg = match service::save_in_memory(list, setup.clone()) {
                Ok(()) => {
                    // Through the answers, so what the screens ask after it (the set-up
                    // library's statistics) is done.
                    let _ = self.answers.try_send(Msg::SavedSetups(list.clone()));
                    crate::proto::setup_saved_notice(&setup.name)
                }
                Err(e) => e.notice(),
            };
            self.show(Msg::Notice(msg));
            return;
        }
        let (service, id, tx) = self.service_call();
        tokio::spawn(async move {
            let name = setup.name.clone();
            match service.save_setup(&id, setup).await {
                Ok(list) => {
                    let _ = tx.send(Msg::SavedSetups(list)).await;
                    let saved = crate::proto::setup_saved_notice(&name);
                    let _ = tx.send(Msg::Notice(saved)).await;
                }
                Err(e) => {
                    let _ = tx.send(Msg::Notice(e.notice())).await;
                }
            }
        });
    }

    /// Another nickname for this key: the welcome card's choice on the first login (which
    /// does not use up the one later rename), or that rename.
    fn rename(&mut self, name: String) {
        let (service, id, tx) = self.service_call();
        let (session, counts) = (self.id, !std::mem::take(&mut self.naming));
        let lang = self.lang_now;
        tokio::spawn(async move {
            let answer = service
                .rename(session, &id, &name, counts)
                .await
                .map_err(|e| e.notice().text(lang));
            let _ = tx.send(Msg::Renamed(answer)).await;
        });
    }

    fn delete_setup(&mut self, name: String, variant: crate::rules::Variant) {
        if let Some(list) = &mut self.guest_setups {
            list.retain(|s| !(s.name == name && s.variant == variant));
            let _ = self.answers.try_send(Msg::SavedSetups(list.clone()));
            return;
        }
        let (service, id, tx) = self.service_call();
        tokio::spawn(async move {
            if let Ok(list) = service.delete_setup(&id, &name, variant).await {
                let _ = tx.send(Msg::SavedSetups(list)).await;
            }
        });
    }

    /// Renames a saved set-up (the set-up library): a guest's in memory, a key's in the
    /// store; a name already used is refused with a notice and nothing changes.
    fn rename_setup(&mut self, variant: crate::rules::Variant, from: String, to: String) {
        if let Some(list) = &mut self.guest_setups {
            if list
                .iter()
                .any(|s| s.variant == variant && s.name.eq_ignore_ascii_case(&to) && s.name != from)
            {
                let _ = self
                    .answers
                    .try_send(Msg::Notice(Notice::new("refusal-setup-name-taken")));
                return;
            }
            let Some(old) = list
                .iter()
                .find(|s| s.variant == variant && s.name == from)
                .cloned()
            else {
                return;
            };
            let renamed = SavedSetup { name: to, ..old };
            let msg = match service::save_in_memory(list, renamed.clone()) {
                Ok(()) => {
                    if renamed.name != from {
                        list.retain(|s| !(s.name == from && s.variant == variant));
                    }
                    Msg::SavedSetups(list.clone())
                }
                Err(e) => Msg::Notice(e.notice()),
            };
            let _ = self.answers.try_send(msg);
            return;
        }
        let (service, id, tx) = self.service_call();
        tokio::spawn(async move {
            match service.rename_setup(&id, variant, &from, &to).await {
                Ok(list) => {
                    info!(%variant, "saved set-up renamed");
                    let _ = tx.send(Msg::SavedSetups(list)).await;
                }
                Err(e) => {
                    let _ = tx.send(Msg::Notice(e.notice())).await;
                }
            }
        });
    }

    /// Leaves the game shown and the lobby, restores the client's terminal and closes.
    async fn finish(mut self) {
        debug!("session ends");
        // A player's seat stays in the game: the reconnect countdown starts when the lobby
        // hears that no session of the player shows the game any more. The lobby hears of
        // the session's end first, the seat's after: a seat held to the end goes back to
        // another terminal of the player (`Lobby::disconnect`), never seen empty.
        self.presence = None;
        self.seat = None;
        match &mut self.view {
            View::Screens(_) => self.out.send_wait(RESTORE_SEQ).await,
            View::Lines(v) => {
                // The lines not sent yet (the last answer, a goodbye), no prompt.
                for l in v.app.take_lines() {
                    v.write_line(&l);
                }
                let bytes = std::mem::take(&mut v.pending);
                if !bytes.is_empty() {
                    self.out.send_wait(&bytes).await;
                }
            }
        }
        if let Some(text) = &self.farewell {
            self.out.send_wait(text.as_bytes()).await;
        }
        self.out.drained().await;
        let (handle, channel) = (&self.p.handle, self.p.channel);
        let _ = handle.exit_status_request(channel, 0).await;
        let _ = handle.eof(channel).await;
        let _ = handle.close(channel).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines() -> Lines {
        Lines::new(LineApp::new(
            Identity::default(),
            Lang::En,
            crate::rules::Numbering::Modern,
            1,
        ))
    }

    /// Issue 43, item 4: a PTY client that types and never reads (`tr '\0' '\177'
    /// </dev/zero | ssh -tt host play | sleep 3600`) grew the server by its echo, which went
    /// past the output's bound. Echo and lines now share it; what is dropped is counted.
    #[test]
    fn echo_and_lines_stay_within_the_bound_for_a_client_that_does_not_read() {
        let mut v = lines();
        let erase = [0x7fu8; 1024];
        for _ in 0..10_000 {
            // What `on_typed` echoes for a kilobyte of DEL: three bytes each.
            let echo: Vec<u8> = erase.iter().flat_map(|_| *b"\x08 \x08").collect();
            v.echo(&echo);
            v.write_line("a line the client never reads");
            assert!(v.pending.len() <= MAX_LINES_PENDING, "{}", v.pending.len());
        }
        assert!(
            v.dropped > 9_000,
            "lines dropped are counted: {}",
            v.dropped
        );
    }

    /// Typing far ahead of the commands handled keeps a bounded backlog; the rest is
    /// dropped and counted (the player is told), and the lines kept are read in order.
    #[test]
    fn typed_ahead_input_is_bounded_and_read_a_line_at_a_time() {
        let mut v = lines();
        let flood = "who\n".repeat(10_000);
        v.type_ahead(flood.as_bytes());
        assert_eq!(v.typed.len(), MAX_TYPED_AHEAD);
        assert_eq!(v.typed_dropped, flood.len() - MAX_TYPED_AHEAD);
        let mut n = 0;
        while let Some(r) = v.next_read() {
            assert_eq!(r, Read::Line("who".into()));
            n += 1;
        }
        assert_eq!(n, MAX_TYPED_AHEAD / 4);
    }

    #[test]
    fn the_comeback_line_turns_keys_off_and_carries_the_pass() {
        let pass = crate::guest::GuestPass::new();
        let login = pass.login_name("guest-1234");
        for (port, expected) in [
            (
                22,
                format!("ssh -o PubkeyAuthentication=no {login}@example.org"),
            ),
            (
                2222,
                format!("ssh -o PubkeyAuthentication=no -p 2222 {login}@example.org"),
            ),
        ] {
            let server = crate::ui::Address {
                host: "example.org".into(),
                port,
            };
            let line = comeback_line(&comeback_command(Some(&server), &login, false)).to_string();
            assert!(line.ends_with(&expected), "{line}");
            // The line mode's comes back to the line mode.
            let lines = comeback_line(&comeback_command(Some(&server), &login, true)).to_string();
            assert!(lines.ends_with(&format!("{expected} play")), "{lines}");
            let user = line.rsplit(' ').next().unwrap().split('@').next().unwrap();
            assert_eq!(
                crate::guest::GuestPass::from_login(user),
                Some(pass.clone())
            );
        }
    }
}
