//! An edge's side of the bus: a [`RemoteLobby`] for its sessions. Each session that joins
//! gets a subject of its own from the core (`edge.<edge>.session.<n>`), read by one router
//! task that turns what arrives into the [`SessionEvent`]s a session in one process gets:
//! a seat becomes a local [`GameSeat`] whose snapshots come from the bus and whose commands
//! go back over it. What the session sends (lobby commands, game commands, leaving a seat,
//! leaving) goes out in order through one publisher task per session.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use futures_util::StreamExt;
use tokio::sync::{mpsc, watch};
use tracing::{debug, info, warn};

use super::{
    decode, down_subject, encode, up_subject, Alive, Bus, ConnectReq, Connected, Down, EdgeParts,
    LobbyState, Numbered, Up, WireEvent, ACK_WAIT, ALIVE_EVERY, CORE_GONE, EDGE_ALIVE,
    LOBBY_CONNECT, LOBBY_SNAPSHOT, LOBBY_SNAPSHOT_GET,
};
use crate::game::{GameSeat, SeatCommand, SessionEvent};
use crate::lobby::{Ident, Joined, LobbyHandle, RemoteLobby, SessionId};
use crate::proto::{LobbyCmd, LobbySnapshot};

/// The lobby of the core, as this edge's sessions reach it.
pub struct EdgeLobby {
    client: async_nats::Client,
    /// Bumped at each reconnection to NATS (see [`Bus::connected`]).
    connected: watch::Receiver<u64>,
    name: Arc<str>,
    next: std::sync::atomic::AtomicU64,
    /// Each joined session's way out (its publisher task).
    sessions: Mutex<HashMap<SessionId, mpsc::UnboundedSender<Up>>>,
    lobby: Arc<LobbyWatch>,
}

/// The newest lobby snapshot the edge has seen, by the core's numbering.
struct LobbyWatch {
    seq: Mutex<u64>,
    tx: watch::Sender<Arc<LobbySnapshot>>,
}

impl LobbyWatch {
    fn offer(&self, state: LobbyState) {
        let mut seq = self.seq.lock().unwrap_or_else(|e| e.into_inner());
        if state.seq > *seq {
            *seq = state.seq;
            self.tx.send_replace(Arc::new(state.snapshot));
        }
    }
}

/// Starts an edge's side of the bus: a name of its own, the lobby's snapshots followed, a
/// heartbeat; the lobby handle its sessions use.
pub async fn start(bus: Bus) -> anyhow::Result<EdgeParts> {
    let client = bus.client.clone();
    let name: Arc<str> = format!("{:016x}", crate::random::seed()).into();
    let (tx, rx) = watch::channel(Arc::new(LobbySnapshot::default()));
    let lobby = Arc::new(LobbyWatch {
        seq: Mutex::new(0),
        tx,
    });
    let mut snaps = client.subscribe(LOBBY_SNAPSHOT).await?;
    {
        let lobby = lobby.clone();
        tokio::spawn(async move {
            while let Some(msg) = snaps.next().await {
                match decode::<LobbyState>(&msg.payload) {
                    Ok(state) => lobby.offer(state),
                    Err(e) => warn!(error = %e, "lobby snapshot refused"),
                }
            }
        });
    }
    {
        // The lobby as it is now, at the start and after each reconnection (the core may not
        // be up yet: then its next change brings it).
        let (client, lobby, mut connected) = (client.clone(), lobby.clone(), bus.connected.clone());
        tokio::spawn(async move {
            loop {
                match client.request(LOBBY_SNAPSHOT_GET, Vec::new().into()).await {
                    Ok(msg) => match decode::<LobbyState>(&msg.payload) {
                        Ok(state) => lobby.offer(state),
                        Err(e) => warn!(error = %e, "lobby snapshot refused"),
                    },
                    Err(e) => info!(error = %e, "no lobby from the core yet"),
                }
                if connected.changed().await.is_err() {
                    return;
                }
            }
        });
    }
    {
        let (client, body) = (
            client.clone(),
            encode(&Alive {
                edge: name.to_string(),
            }),
        );
        tokio::spawn(async move {
            let mut every = tokio::time::interval(ALIVE_EVERY);
            loop {
                every.tick().await;
                let _ = client.publish(EDGE_ALIVE, body.clone().into()).await;
            }
        });
    }
    info!(edge = %name, "edge on the bus");
    let link = Arc::new(EdgeLobby {
        client,
        connected: bus.connected.clone(),
        name: name.clone(),
        next: std::sync::atomic::AtomicU64::new(1),
        sessions: Mutex::default(),
        lobby,
    });
    Ok(EdgeParts {
        lobby: LobbyHandle::remote(link, rx),
        name,
    })
}

impl RemoteLobby for EdgeLobby {
    fn connect(
        &self,
        ident: Ident,
        events: mpsc::Sender<SessionEvent>,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Option<Joined>> + Send + '_>> {
        Box::pin(async move {
            let n = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            // Listened to before asking, so nothing the core sends at once is missed.
            let down = match self.client.subscribe(down_subject(&self.name, n)).await {
                Ok(s) => s,
                Err(e) => {
                    warn!(error = %e, "cannot listen for a session's events");
                    return None;
                }
            };
            let req = ConnectReq {
                edge: self.name.to_string(),
                n,
                ident,
            };
            let answer = match self
                .client
                .request(LOBBY_CONNECT, encode(&req).into())
                .await
            {
                Ok(msg) => msg,
                Err(e) => {
                    warn!(error = %e, "the core did not answer a session joining");
                    return None;
                }
            };
            let joined = match decode::<Option<Connected>>(&answer.payload) {
                Ok(Some(j)) => j,
                Ok(None) => return None,
                Err(e) => {
                    warn!(error = %e, "the core's answer to a session joining refused");
                    return None;
                }
            };
            self.lobby.offer(joined.lobby.clone());
            let (up_tx, up_rx) = mpsc::unbounded_channel();
            tokio::spawn(publish_up(
                self.client.clone(),
                up_subject(&self.name, n),
                up_rx,
                events.clone(),
            ));
            tokio::spawn(route(down, events, up_tx.clone(), self.connected.clone()));
            self.sessions
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(joined.session, up_tx);
            Some(Joined {
                session: joined.session,
                nick: joined.nick,
                snapshot: self.lobby.tx.subscribe(),
                resumed: joined.resumed,
            })
        })
    }

    fn disconnect(&self, session: SessionId) {
        let up = self
            .sessions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&session);
        if let Some(up) = up {
            let _ = up.send(Up::Disconnect);
        }
    }

    fn command(&self, session: SessionId, cmd: LobbyCmd) {
        let sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(up) = sessions.get(&session) {
            let _ = up.send(Up::Lobby(cmd));
        }
    }
}

/// One session's messages to the core, in the order they were made, each sent again until
/// the core says it took it (see [`Numbered`]); ends when every sender (the session's entry,
/// its router, its seats) is gone. A core that answers nothing for [`CORE_GONE`] is taken as
/// gone: the session is ended, its player told (its games are kept by the core).
async fn publish_up(
    client: async_nats::Client,
    subject: String,
    mut rx: mpsc::UnboundedReceiver<Up>,
    events: mpsc::Sender<SessionEvent>,
) {
    let mut seq = 0u64;
    while let Some(up) = rx.recv().await {
        seq += 1;
        let last = matches!(up, Up::Disconnect);
        let body = encode(&Numbered { seq, up });
        let since = tokio::time::Instant::now();
        loop {
            let asked = tokio::time::timeout(
                ACK_WAIT,
                client.request(subject.clone(), body.clone().into()),
            );
            match asked.await {
                Ok(Ok(_)) => break,
                Ok(Err(e)) => {
                    debug!(error = %e, seq, "not taken by the core yet");
                    // Refused at once (no core listening): not sent again at once.
                    tokio::time::sleep(ACK_WAIT / 4).await;
                }
                Err(_) => debug!(seq, "no answer from the core yet"),
            }
            // Leaving is not waited on for long: the core ends a silent edge's sessions.
            let patience = if last { ACK_WAIT * 3 } else { CORE_GONE };
            if since.elapsed() > patience {
                if !last {
                    warn!("the core does not answer: the session ends");
                    let _ = events.try_send(SessionEvent::Kicked(
                        "the game server cannot be reached; your games are kept: connect again in a moment".into(),
                    ));
                }
                return;
            }
        }
    }
}

/// One session's events from the core, made into what a session in one process receives;
/// ends when the session is gone (its events queue closed).
async fn route(
    mut down: async_nats::Subscriber,
    events: mpsc::Sender<SessionEvent>,
    up: mpsc::UnboundedSender<Up>,
    mut connected: watch::Receiver<u64>,
) {
    let mut seats: HashMap<u64, watch::Sender<Arc<crate::proto::GameSnapshot>>> = HashMap::new();
    connected.borrow_and_update();
    loop {
        let msg = tokio::select! {
            m = down.next() => m,
            _ = events.closed() => break,
            c = connected.changed() => {
                if c.is_err() {
                    break;
                }
                // Back on NATS: what the core sent meanwhile may be lost; it sends the
                // session's seat again.
                seats.retain(|_, tx| !tx.is_closed());
                let seat = seats.keys().max().copied();
                let _ = up.send(Up::Resync { seat });
                continue;
            }
        };
        let Some(msg) = msg else { break };
        let ev = match decode::<Down>(&msg.payload) {
            Ok(Down::Event(ev)) => ev,
            Ok(Down::Snapshot { seat, snapshot }) => {
                if let Some(tx) = seats.get(&seat) {
                    if tx.send(Arc::new(*snapshot)).is_err() {
                        seats.remove(&seat);
                    }
                }
                continue;
            }
            Ok(Down::SeatClosed { seat }) => {
                seats.remove(&seat);
                continue;
            }
            Err(e) => {
                warn!(error = %e, "session event refused");
                continue;
            }
        };
        let ev = match ev {
            WireEvent::EnterGame {
                seat,
                game,
                color,
                nick,
                snapshot,
            } => {
                seats.retain(|_, tx| !tx.is_closed());
                let (tx, rx) = watch::channel(Arc::new(*snapshot));
                seats.insert(seat, tx);
                let (cmd_tx, cmd_rx) = mpsc::channel(16);
                tokio::spawn(forward_seat(seat, cmd_rx, up.clone()));
                // The seat's commands go out through `forward_seat`, which says the seat was
                // left once the seat's sender is gone (after its last command): nothing for
                // the drop to do here.
                SessionEvent::EnterGame(GameSeat::new(game, color, nick, rx, cmd_tx, None, || {}))
            }
            WireEvent::Notice(n) => SessionEvent::Notice(n),
            WireEvent::SeatTaken(g) => SessionEvent::SeatTaken(g),
            WireEvent::SeatElsewhere(g) => SessionEvent::SeatElsewhere(g),
            WireEvent::Challenges(c) => SessionEvent::Challenges(c),
            WireEvent::PrivateGames(g) => SessionEvent::PrivateGames(g),
            WireEvent::SavedSetups(s) => SessionEvent::SavedSetups(s),
            WireEvent::Nick(n) => SessionEvent::Nick(n),
            WireEvent::Kicked(r) => SessionEvent::Kicked(r),
        };
        if events.send(ev).await.is_err() {
            break;
        }
    }
    debug!("session router ended");
}

/// A seat's commands to the core, then its leaving (once the seat is dropped).
async fn forward_seat(
    seat: u64,
    mut rx: mpsc::Receiver<SeatCommand>,
    up: mpsc::UnboundedSender<Up>,
) {
    while let Some(c) = rx.recv().await {
        let _ = up.send(Up::Game { seat, cmd: c.cmd });
    }
    let _ = up.send(Up::LeaveGame { seat });
}
