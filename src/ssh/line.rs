//! `ssh host play`: a session whose view is the line mode (`ui::line::LineApp`) instead of
//! the screens. It logs in, joins the lobby, enters games and carries out effects as the
//! screens' session does (`session.rs`), so the lobby, the games, the budgets and what each
//! side may know are the same; only the view differs. Bytes in are split into lines (CR,
//! LF or CRLF; escape sequences and control bytes dropped; a line over [`MAX_IN`] bytes
//! refused); every line out ends with CRLF and holds no escape sequence.

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
use crate::i18n::{tr, Lang};
use crate::limit::InputLimits;
use crate::lobby::{Ident, SessionId};
use crate::proto::{GameCmd, LobbySnapshot, Notice};
use crate::service::Service;
use crate::ui::line::LineApp;
use crate::ui::{Effect, Identity, Msg};

/// The longest line read, in bytes.
pub const MAX_IN: usize = 200;

/// What is queued for a client that does not read, at most (then lines are dropped).
const MAX_PENDING: usize = 1 << 20;

pub(crate) struct Params {
    pub handle: Handle,
    pub channel: ChannelId,
    pub service: Service,
    pub ident: Ident,
    pub lang: Lang,
    /// The client asked for a PTY: typed characters are echoed (its terminal does not).
    pub pty: bool,
    pub idle_timeout: Duration,
    pub motd: Option<String>,
    pub server: Option<crate::ui::Address>,
    pub links: Option<String>,
    pub guest_pass: Option<crate::guest::GuestPass>,
    pub input_bytes_per_second: usize,
    pub resizes_per_second: usize,
}

/// Splits the bytes typed into lines.
#[derive(Default)]
pub struct LineReader {
    buf: Vec<u8>,
    /// The line being read is over [`MAX_IN`] bytes: the rest of it is dropped.
    too_long: bool,
    /// After a CR: a LF right after it ends nothing.
    after_cr: bool,
    esc: Esc,
}

#[derive(Default, Clone, Copy, PartialEq, Eq)]
enum Esc {
    #[default]
    None,
    /// After ESC.
    Start,
    /// In a CSI (`ESC [` ... final byte) or an `ESC O x`.
    Csi,
    Ss3,
}

/// One thing read.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    Line(String),
    /// A line over [`MAX_IN`] bytes (dropped).
    TooLong,
    /// Ctrl-C or Ctrl-D (with a PTY: the client's terminal sends them as bytes).
    Interrupt,
    /// A backspace: the last character typed is gone (with a PTY the echo takes it back).
    Erased,
}

impl LineReader {
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Read> {
        let mut out = vec![];
        for &b in bytes {
            match self.esc {
                Esc::Start => {
                    self.esc = match b {
                        b'[' => Esc::Csi,
                        b'O' => Esc::Ss3,
                        _ => Esc::None,
                    };
                    continue;
                }
                Esc::Csi => {
                    if (0x40..=0x7e).contains(&b) {
                        self.esc = Esc::None;
                    }
                    continue;
                }
                Esc::Ss3 => {
                    self.esc = Esc::None;
                    continue;
                }
                Esc::None => {}
            }
            let after_cr = std::mem::take(&mut self.after_cr);
            match b {
                0x1b => self.esc = Esc::Start,
                b'\n' if after_cr => {}
                b'\r' | b'\n' => {
                    self.after_cr = b == b'\r';
                    let line = std::mem::take(&mut self.buf);
                    if std::mem::take(&mut self.too_long) {
                        out.push(Read::TooLong);
                    } else {
                        out.push(Read::Line(String::from_utf8_lossy(&line).into_owned()));
                    }
                }
                0x03 | 0x04 => out.push(Read::Interrupt),
                0x08 | 0x7f => {
                    // A whole character (its UTF-8 continuation bytes too).
                    while let Some(c) = self.buf.pop() {
                        if c & 0xc0 != 0x80 {
                            break;
                        }
                    }
                    out.push(Read::Erased);
                }
                b if b < 0x20 => {}
                b => {
                    if self.buf.len() >= MAX_IN {
                        self.too_long = true;
                        self.buf.clear();
                    }
                    if !self.too_long {
                        self.buf.push(b);
                    }
                }
            }
        }
        out
    }
}

/// Serves `ssh host play` until the client leaves, quits, idles out or is kicked.
pub(crate) async fn run(p: Params, mut input: mpsc::Receiver<SessionInput>) {
    let Some((mut s, mut events)) = Line::start(p).await else {
        return;
    };
    let mut tick = tokio::time::interval(Duration::from_millis(500));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    while !s.quit {
        s.flush();
        let effects = tokio::select! {
            msg = input.recv(), if s.limits.reading() => match msg {
                Some(SessionInput::Data(bytes)) => s.on_bytes(&bytes),
                Some(SessionInput::Resize(..)) => vec![],
                Some(SessionInput::Closed) | None => break,
            },
            _ = sleep_until(s.limits.next().map(Instant::from_std)), if s.limits.next().is_some() => {
                s.limits.due(std::time::Instant::now());
                vec![]
            }
            changed = s.lobby.changed(), if s.seat.is_none() => match changed {
                Ok(()) => {
                    let snap = s.lobby.borrow_and_update().clone();
                    s.show(Msg::Lobby(snap))
                }
                Err(_) => break,
            },
            Some(ev) = events.recv() => s.on_event(ev),
            changed = seat_changed(&mut s.seat) => s.on_game(changed.is_ok()),
            _ = tick.tick() => s.on_tick(),
            _ = s.out.room(), if !s.pending.is_empty() && !s.out.has_room() => vec![],
        };
        for effect in effects {
            s.on_effect(effect).await;
        }
    }
    drop(input);
    s.finish().await;
}

async fn sleep_until(t: Option<Instant>) {
    if let Some(t) = t {
        tokio::time::sleep_until(t).await;
    }
}

async fn seat_changed(seat: &mut Option<GameSeat>) -> Result<(), watch::error::RecvError> {
    match seat {
        Some(seat) => seat.snapshots.changed().await,
        None => std::future::pending().await,
    }
}

/// The session's place in the lobby, left however the session ends.
struct Presence {
    lobby: crate::lobby::LobbyHandle,
    id: SessionId,
}

impl Drop for Presence {
    fn drop(&mut self) {
        self.lobby.disconnect(self.id);
    }
}

struct Line {
    p: Params,
    id: SessionId,
    out: OutQueue,
    /// Bytes written and not yet handed to the output queue.
    pending: Vec<u8>,
    lobby: watch::Receiver<Arc<LobbySnapshot>>,
    app: LineApp,
    reader: LineReader,
    seat: Option<GameSeat>,
    presence: Option<Presence>,
    last_input: Instant,
    limits: InputLimits,
    quit: bool,
    farewell: Option<String>,
    comeback: Option<Notice>,
    /// The prompt last written.
    prompted: String,
    /// Input was read since the last prompt: write it again.
    reprompt: bool,
}

impl Line {
    async fn start(mut p: Params) -> Option<(Line, mpsc::Receiver<SessionEvent>)> {
        let out = OutQueue::start(p.handle.clone(), p.channel);
        let service = p.service.clone();
        let mut notices = Vec::new();
        if !p.ident.guest {
            let login = service.login(&p.ident).await;
            p.ident.nick = login.nick;
            notices = login.notices;
        }
        let (ev_tx, events) = mpsc::channel::<SessionEvent>(64);
        let joined = service.lobby().connect(p.ident.clone(), ev_tx).await?;
        let numbering = if p.ident.guest {
            Default::default()
        } else {
            service.preferences(&p.ident.id).await.numbering
        };
        let identity = Identity {
            nick: joined.nick.clone(),
            guest: p.ident.guest,
            admin: false,
            first_login: false,
            server: p.server.clone(),
            links: p.links.clone(),
        };
        let mut app = LineApp::new(identity, p.lang, numbering, crate::random::seed());
        app.welcome();
        let mut lobby = joined.snapshot;
        app.update(Msg::Lobby(lobby.borrow_and_update().clone()));
        if let Some(motd) = &p.motd {
            app.update(Msg::Notice(Notice::plain(motd.clone())));
        }
        for n in notices {
            app.update(Msg::Notice(n));
        }
        let comeback = p.guest_pass.as_ref().map(|pass| {
            let login = pass.login_name(&joined.nick);
            super::session::comeback_line(p.server.as_ref(), &login)
        });
        if let Some(line) = &comeback {
            app.update(Msg::LastingNotice(line.clone()));
        }
        tracing::Span::current().record("session", joined.session);
        info!(nick = %joined.nick, pty = p.pty, "line session started");
        let limits = InputLimits::new(
            p.input_bytes_per_second,
            p.resizes_per_second,
            crate::ui::input::PASTE_TIMEOUT,
            std::time::Instant::now(),
        );
        let line = Line {
            id: joined.session,
            presence: Some(Presence {
                lobby: service.lobby().clone(),
                id: joined.session,
            }),
            p,
            out,
            pending: vec![],
            lobby,
            app,
            reader: LineReader::default(),
            seat: None,
            last_input: Instant::now(),
            limits,
            quit: false,
            farewell: None,
            comeback,
            prompted: String::new(),
            reprompt: true,
        };
        Some((line, events))
    }

    fn write_line(&mut self, text: &str) {
        if self.pending.len() > MAX_PENDING {
            debug!("line output dropped: the client does not read");
            return;
        }
        self.pending.extend_from_slice(text.as_bytes());
        self.pending.extend_from_slice(b"\r\n");
    }

    /// Writes the app's lines, then the prompt when it changed or input was read.
    fn flush(&mut self) {
        let lines = self.app.take_lines();
        for l in &lines {
            self.write_line(l);
        }
        let prompt = self.app.prompt();
        if !self.quit && (std::mem::take(&mut self.reprompt) || prompt != self.prompted) {
            self.write_line(&prompt);
            self.prompted = prompt;
        }
        if !self.pending.is_empty() && self.out.has_room() {
            let bytes = std::mem::take(&mut self.pending);
            if !self.out.send_frame(bytes) {
                self.quit = true;
            }
        }
    }

    fn show(&mut self, msg: Msg) -> Vec<Effect> {
        self.app.update(msg)
    }

    fn on_bytes(&mut self, bytes: &[u8]) -> Vec<Effect> {
        self.last_input = Instant::now();
        self.limits.read(bytes.len(), std::time::Instant::now());
        if self.p.pty && !bytes.contains(&0x1b) {
            // The client's terminal echoes nothing: what was typed is shown back (printable
            // characters; a backspace takes the last one back).
            for &b in bytes {
                match b {
                    0x08 | 0x7f => self.pending.extend_from_slice(b"\x08 \x08"),
                    b if b >= 0x20 => self.pending.push(b),
                    _ => {}
                }
            }
        }
        let mut fx = vec![];
        for r in self.reader.feed(bytes) {
            match r {
                Read::Line(text) => {
                    if self.p.pty {
                        self.pending.extend_from_slice(b"\r\n");
                    }
                    let done = self.app.input(&text);
                    // A move sent: the prompt comes with the game's answer (its mode changes).
                    let moved = done
                        .iter()
                        .any(|e| matches!(e, Effect::Game(GameCmd::Move(_))));
                    self.reprompt |= !moved;
                    fx.extend(done);
                }
                Read::TooLong => {
                    let text = tr(self.app.lang(), "line-too-long");
                    self.write_line(&text);
                    self.reprompt = true;
                }
                Read::Interrupt if self.p.pty => fx.push(Effect::Quit),
                Read::Interrupt | Read::Erased => {}
            }
        }
        fx
    }

    fn leave_seat(&mut self) {
        if self.seat.take().is_some() {
            let snap = self.lobby.borrow_and_update().clone();
            self.show(Msg::Lobby(snap));
        }
    }

    fn on_event(&mut self, ev: SessionEvent) -> Vec<Effect> {
        match ev {
            SessionEvent::Notice(n) => self.show(Msg::Notice(n)),
            SessionEvent::EnterGame(mut seat) => {
                let snap = seat.snapshots.borrow_and_update().clone();
                let playing = snap.my_color.is_some();
                self.seat = Some(seat);
                let mut fx = self.show(Msg::Game {
                    snap,
                    at: std::time::Instant::now(),
                });
                if let (true, Some(line)) = (playing, self.comeback.clone()) {
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
            SessionEvent::SavedSetups(list) => self.show(Msg::SavedSetups(list)),
            SessionEvent::Challenges(list) => self.show(Msg::Challenges(list)),
            SessionEvent::Nick(nick) => {
                self.show(Msg::Notice(Notice::new("notice-nick").arg("nick", nick)))
            }
            SessionEvent::Kicked(reason) => {
                info!("kicked");
                let text = Notice::new("notice-kicked").arg("reason", reason);
                self.farewell = Some(text.text(self.app.lang()));
                self.quit = true;
                vec![]
            }
        }
    }

    fn on_game(&mut self, alive: bool) -> Vec<Effect> {
        if !alive {
            self.leave_seat();
            return self.show(Msg::GameClosed);
        }
        let Some(seat) = self.seat.as_mut() else {
            return vec![];
        };
        let snap = seat.snapshots.borrow_and_update().clone();
        self.show(Msg::Game {
            snap,
            at: std::time::Instant::now(),
        })
    }

    fn on_tick(&mut self) -> Vec<Effect> {
        if self.last_input.elapsed() > self.p.idle_timeout {
            info!("idle timeout");
            let text = Notice::new("notice-idle")
                .arg("time", crate::config::fmt_duration(self.p.idle_timeout));
            self.farewell = Some(text.text(self.app.lang()));
            self.quit = true;
        }
        vec![]
    }

    async fn on_effect(&mut self, effect: Effect) {
        match effect {
            Effect::Lobby(cmd) => self.p.service.lobby().command(self.id, cmd),
            Effect::LeaveGame => self.leave_seat(),
            Effect::Game(cmd) => {
                if let Some(seat) = &self.seat {
                    seat.send(cmd).await;
                }
            }
            Effect::Quit => self.quit = true,
            // The line mode asks for nothing else (no settings, pages, admin or names).
            other => debug!(effect = ?other, "line mode: effect not carried out"),
        }
    }

    async fn finish(mut self) {
        debug!("line session ends");
        self.seat = None;
        self.presence = None;
        for l in self.app.take_lines() {
            self.write_line(&l);
        }
        if let Some(text) = self.farewell.take() {
            self.write_line(&text);
        }
        let bytes = std::mem::take(&mut self.pending);
        if !bytes.is_empty() {
            self.out.send_wait(&bytes).await;
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

    #[test]
    fn lines_end_at_cr_lf_or_crlf_and_escapes_are_dropped() {
        let mut r = LineReader::default();
        let got = r.feed(b"who\r\nseeks\rgames\nA4\x1b[A A5\x07\r");
        assert_eq!(
            got,
            vec![
                Read::Line("who".into()),
                Read::Line("seeks".into()),
                Read::Line("games".into()),
                Read::Line("A4 A5".into()),
            ]
        );
        // A CR at the end of one packet and the LF at the start of the next: one line end.
        assert_eq!(r.feed(b"\r"), vec![Read::Line(String::new())]);
        assert_eq!(r.feed(b"\nhelp\n"), vec![Read::Line("help".into())]);
    }

    #[test]
    fn a_line_over_200_bytes_is_refused_whole() {
        let mut r = LineReader::default();
        let mut long = vec![b'x'; 201];
        long.extend_from_slice(b"\nwho\n");
        assert_eq!(r.feed(&long), vec![Read::TooLong, Read::Line("who".into())]);
        let mut ok = vec![b'y'; 200];
        ok.push(b'\n');
        assert_eq!(r.feed(&ok), vec![Read::Line("y".repeat(200))]);
    }
}
