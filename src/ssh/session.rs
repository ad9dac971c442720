//! One task per interactive connection: bytes in → input events → `ui::App`; lobby and
//! game snapshots → `ui::App`; the app's effects → lobby and game commands; frames out.

use std::time::Duration;

use russh::server::Handle;
use russh::ChannelId;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tracing::{debug, info};

use super::writer::OutQueue;
use super::SessionInput;
use crate::browse;
use crate::game::{GameSeat, SessionEvent};
use crate::limit::TokenBucket;
use crate::lobby::{Ident, LobbyHandle};
use crate::proto::{AdminCmd, AdminResult, BrowseCmd, GameCmd};
use crate::screen::Screen;
use crate::store::{self, Store};
use crate::ui::input::InputParser;
use crate::ui::{App, ColorDepth, Effect, Identity, Msg, SavedSetup, Settings};

pub const NO_PTY_MESSAGE: &str = "stratego-ssh draws a full-screen game and needs a terminal.\r\n\
Connect with: ssh -t -p 2222 HOST   (or NAME@HOST to choose your nickname)\r\n";

/// Enter the alternate screen, hide the cursor, turn on SGR mouse and bracketed paste.
const SETUP_SEQ: &[u8] = b"\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1002h\x1b[?1006h\x1b[?2004h\x1b[2J";
/// Undo all of it.
const RESTORE_SEQ: &[u8] =
    b"\x1b[?2004l\x1b[?1006l\x1b[?1002l\x1b[?1000l\x1b[0m\x1b[?25h\x1b[?1049l";

/// How often the admin screen's sessions and bans are fetched again while it is shown.
const ADMIN_REFRESH: Duration = Duration::from_secs(1);

/// How long a lone Esc waits for the rest of a sequence.
const ESC_TIMEOUT: Duration = Duration::from_millis(25);

pub(crate) struct Params {
    pub handle: Handle,
    pub channel: ChannelId,
    pub lobby: LobbyHandle,
    pub ident: Ident,
    pub term: String,
    pub colorterm: Option<String>,
    pub size: (u16, u16),
    pub idle_timeout: Duration,
    pub motd: Option<String>,
    pub store: Store,
    /// The admin's key fingerprint when this session's key is an admin's.
    pub admin: Option<String>,
}

/// Longest wait for the game's answer to a move before drawing the frame anyway.
const MOVE_HOLD: Duration = Duration::from_millis(20);

pub(crate) async fn run(p: Params, mut input: mpsc::Receiver<SessionInput>) {
    let out = OutQueue::start(p.handle.clone(), p.channel);
    let (ev_tx, mut events) = mpsc::channel::<SessionEvent>(64);
    let Some(joined) = p.lobby.connect(p.ident.clone(), ev_tx).await else {
        return;
    };
    let session = joined.session;
    let mut lobby_rx = joined.snapshot;
    let (mut w, mut h) = p.size;
    // Remembered settings (players with a key); guests start with the defaults.
    let saved = if p.ident.guest {
        store::Settings::default()
    } else {
        let (st, id) = (p.store.clone(), p.ident.id.clone());
        tokio::task::spawn_blocking(move || st.get_settings(&id).unwrap_or_default())
            .await
            .unwrap_or_default()
    };
    let settings = Settings {
        numbering: saved.numbering,
        ascii: saved.ascii,
        color: ColorDepth::from_term(&p.term, p.colorterm.as_deref()),
    };
    let mut app = App::new(
        Identity {
            nick: joined.nick.clone(),
            guest: p.ident.guest,
            admin: p.admin.is_some(),
        },
        settings,
        w,
        h,
        crate::random::seed(),
    );
    app.update(Msg::Lobby(lobby_rx.borrow_and_update().clone()));
    if let Some(motd) = &p.motd {
        app.update(Msg::Notice(motd.clone()));
    }
    out.send_raw(SETUP_SEQ);
    let mut screen = Screen::new(w, h);
    let mut parser = InputParser::new();
    let mut game: Option<GameSeat> = None;
    let mut last_input = Instant::now();
    let mut input_limit = TokenBucket::new(400.0, 200.0, std::time::Instant::now());
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut dirty = true;
    let mut quit = false;
    let mut farewell: Option<String> = None;
    let (browse_tx, mut browsed) = mpsc::channel::<Option<Msg>>(8);
    // When the admin screen last asked for fresh data.
    let mut admin_asked = Instant::now();

    info!(session, nick = %joined.nick, term = %p.term, cols = w, rows = h, "session started");
    // After a move is sent, the frame waits (at most MOVE_HOLD) for the game's answer, so
    // the player gets one frame with the move made instead of two.
    let mut hold: Option<tokio::time::Instant> = None;
    while !quit {
        if hold.is_some_and(|t| tokio::time::Instant::now() >= t) {
            hold = None;
        }
        if dirty && hold.is_none() {
            if out.take_overflow() {
                // A frame was dropped: the client's screen is stale; redraw it whole.
                screen.invalidate();
            }
            if out.has_room() {
                let bytes = screen.frame(|f| app.render(f));
                if !bytes.is_empty() && !out.send_frame(bytes) {
                    break;
                }
                dirty = false;
            }
        }
        let mut effects = Vec::new();
        tokio::select! {
            msg = input.recv() => match msg {
                Some(SessionInput::Data(bytes)) => {
                    last_input = Instant::now();
                    if !input_limit.try_take_n(bytes.len().max(1) as f64 / 16.0, std::time::Instant::now()) {
                        // Flooding: drop the packet, keep the parser consistent.
                        continue;
                    }
                    for ev in parser.feed(&bytes) {
                        effects.extend(app.update(Msg::Input(ev)));
                    }
                    dirty = true;
                }
                Some(SessionInput::Resize(cols, rows)) => {
                    (w, h) = (cols, rows);
                    screen.resize(w, h);
                    effects.extend(app.update(Msg::Resize { width: w, height: h }));
                    dirty = true;
                }
                Some(SessionInput::Closed) | None => break,
            },
            _ = tokio::time::sleep(ESC_TIMEOUT), if parser.pending() => {
                for ev in parser.flush() {
                    effects.extend(app.update(Msg::Input(ev)));
                }
                dirty = true;
            }
            changed = lobby_rx.changed() => {
                if changed.is_err() {
                    break;
                }
                let snap = lobby_rx.borrow_and_update().clone();
                effects.extend(app.update(Msg::Lobby(snap)));
                // A game screen does not show the lobby: no frame for it.
                dirty |= game.is_none();
            }
            _ = tokio::time::sleep_until(hold.unwrap_or_else(tokio::time::Instant::now)), if hold.is_some() => {
                hold = None;
            }
            Some(ev) = events.recv() => {
                hold = None;
                match ev {
                    SessionEvent::Notice(text) => effects.extend(app.update(Msg::Notice(text))),
                    SessionEvent::EnterGame(mut seat) => {
                        if let Some(old) = game.take() {
                            leave(&p.lobby, session, &old).await;
                        }
                        let snap = seat.snapshots.borrow_and_update().clone();
                        effects.extend(app.update(Msg::Game { snap, at: std::time::Instant::now() }));
                        game = Some(seat);
                    }
                    SessionEvent::SavedSetups(list) => {
                        let list = list
                            .into_iter()
                            .map(|(name, variant, setup)| SavedSetup { name, variant, setup })
                            .collect();
                        effects.extend(app.update(Msg::SavedSetups(list)));
                    }
                    SessionEvent::Nick(nick) => {
                        effects.extend(app.update(Msg::Notice(format!("You are now {nick}."))));
                    }
                    SessionEvent::Kicked(reason) => {
                        info!(session, "kicked");
                        farewell = Some(format!("Disconnected by an admin: {reason}\r\n"));
                        quit = true;
                    }
                }
                dirty = true;
            }
            changed = async {
                match game.as_mut() {
                    Some(seat) => seat.snapshots.changed().await,
                    None => std::future::pending().await,
                }
            } => {
                hold = None;
                match changed {
                    Ok(()) => {
                        let snap = game.as_mut().map(|s| s.snapshots.borrow_and_update().clone());
                        if let Some(snap) = snap {
                            effects.extend(app.update(Msg::Game { snap, at: std::time::Instant::now() }));
                        }
                    }
                    Err(_) => {
                        if let Some(old) = game.take() {
                            p.lobby.left_game(session, old.handle.id);
                        }
                        effects.extend(app.update(Msg::GameClosed));
                    }
                }
                dirty = true;
            }
            Some(answer) = browsed.recv() => {
                match answer {
                    Some(msg) => effects.extend(app.update(msg)),
                    None => effects.extend(app.update(Msg::Notice("that is not stored here".into()))),
                }
                dirty = true;
            }
            _ = tick.tick() => {
                if last_input.elapsed() > p.idle_timeout {
                    info!(session, "idle timeout");
                    break;
                }
                if app.wants_ticks() {
                    effects.extend(app.update(Msg::Tick(std::time::Instant::now())));
                    // Clocks show whole seconds (tenths under ten): most ticks change nothing.
                    dirty |= app.tick_changed();
                }
                if app.admin_open() && admin_asked.elapsed() >= ADMIN_REFRESH {
                    effects.push(Effect::Admin(AdminCmd::Refresh));
                }
            }
        }
        for effect in effects {
            match effect {
                Effect::Lobby(cmd) => p.lobby.command(session, cmd),
                Effect::LeaveGame => {
                    if let Some(old) = game.take() {
                        leave(&p.lobby, session, &old).await;
                    }
                }
                Effect::Game(cmd) => {
                    if matches!(cmd, GameCmd::Move(_)) {
                        hold = Some(tokio::time::Instant::now() + MOVE_HOLD);
                    }
                    if let Some(seat) = &game {
                        seat.handle.command(seat.color, cmd).await;
                    }
                }
                Effect::Browse(cmd) => {
                    // Answers come back on `browsed` so the session never waits on the store.
                    let (st, me, tx) = (p.store.clone(), p.ident.id.clone(), browse_tx.clone());
                    tokio::task::spawn_blocking(move || {
                        let _ = tx.blocking_send(browse(&st, &me, cmd));
                    });
                }
                Effect::Admin(cmd) => {
                    let Some(by) = p.admin.clone() else {
                        tracing::warn!(
                            session,
                            "admin action from a session that is not an admin's"
                        );
                        continue;
                    };
                    admin_asked = Instant::now();
                    if cmd != AdminCmd::Refresh {
                        info!(session, nick = %joined.nick, action = ?cmd, "admin action");
                    }
                    // Answers come back on `browsed`: the result first, then fresh data.
                    let (st, lobby, tx) = (p.store.clone(), p.lobby.clone(), browse_tx.clone());
                    tokio::spawn(async move {
                        if cmd != AdminCmd::Refresh {
                            let (text, status) =
                                super::commands::perform(&st, &lobby, &by, cmd).await;
                            let result = AdminResult {
                                text: text.trim().to_string(),
                                ok: status == 0,
                            };
                            let _ = tx.send(Some(Msg::AdminResult(result))).await;
                        }
                        let msg = match super::commands::snapshot(&st, &lobby).await {
                            Ok(snap) => Msg::Admin(snap),
                            Err(text) => Msg::AdminResult(AdminResult { text, ok: false }),
                        };
                        let _ = tx.send(Some(msg)).await;
                    });
                }
                Effect::Bell => out.send_raw(b"\x07"),
                Effect::Quit => quit = true,
                Effect::SettingsChanged(s) => {
                    if !p.ident.guest {
                        let (st, id) = (p.store.clone(), p.ident.id.clone());
                        let saved = store::Settings {
                            numbering: s.numbering,
                            ascii: s.ascii,
                        };
                        tokio::task::spawn_blocking(move || {
                            if let Err(e) = st.set_settings(&id, saved) {
                                tracing::warn!(error = %e, "cannot save settings");
                            }
                        });
                    }
                }
            }
        }
    }

    debug!(session, "session ends");
    if let Some(old) = game.take() {
        // A player's seat stays: the reconnect countdown starts in the lobby's disconnect.
        if old.color.is_none() {
            old.handle.spectator_left().await;
        }
    }
    p.lobby.disconnect(session);
    drop(screen);
    out.send_wait(RESTORE_SEQ).await;
    if let Some(text) = farewell {
        out.send_wait(text.as_bytes()).await;
    }
    out.drained().await;
    let _ = p.handle.exit_status_request(p.channel, 0).await;
    let _ = p.handle.eof(p.channel).await;
    let _ = p.handle.close(p.channel).await;
}

async fn leave(lobby: &LobbyHandle, session: crate::lobby::SessionId, seat: &GameSeat) {
    seat.handle.command(seat.color, GameCmd::Leave).await;
    lobby.left_game(session, seat.handle.id);
}

/// Answers a request for stored things; `None` when there is nothing to show.
fn browse(store: &Store, me: &str, cmd: BrowseCmd) -> Option<Msg> {
    let logged = |e: &dyn std::fmt::Display| {
        tracing::warn!(error = %e, "cannot read the store");
    };
    match cmd {
        BrowseCmd::Leaderboard(v) => browse::leaderboard(store, v)
            .map_err(|e| logged(&e))
            .ok()
            .map(Msg::Leaderboard),
        BrowseCmd::Profile(nick) => browse::profile(store, &nick)
            .map_err(|e| logged(&e))
            .ok()
            .flatten()
            .map(Msg::Profile),
        BrowseCmd::Games { filter, variant } => browse::games(store, me, &filter, variant)
            .map_err(|e| logged(&e))
            .ok()
            .map(Msg::Games),
        BrowseCmd::Replay {
            id,
            ply,
            perspective,
        } => {
            let (record, names) = browse::record(store, id).ok()?;
            browse::replay(&record, id, &names, ply, perspective)
                .map_err(|e| logged(&e))
                .ok()
                .map(Msg::Replay)
        }
    }
}
