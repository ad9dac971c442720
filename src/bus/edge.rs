//! An edge's side of the bus: a [`RemoteLobby`] for its sessions. Each session is one task
//! here ([`Link`]): it joins the core under a subject of its own (`edge.<edge>.session.<n>`),
//! turns what arrives into the [`SessionEvent`]s a session in one process gets (a seat
//! becomes a local [`GameSeat`] whose snapshots come from the bus and whose commands go back
//! over it), and sends what the session sends (lobby and game commands, leaving a seat,
//! leaving) in order, each until the core took it. When the core goes away the player is
//! told; when a restarted core answers, the session joins it again (its games were restored
//! from the store) and goes on.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use futures_util::StreamExt;
use tokio::sync::{mpsc, watch};
use tracing::{debug, info, warn};

use super::{
    decode, down_subject, encode, up_subject, watch_down, watch_stop, Alive, Bus, ConnectReq,
    Connected, CoreAlive, Down, EdgeParts, LobbyState, Numbered, Up, WatchMsg, WatchReq, WireEvent,
    ACK_WAIT, ALIVE_EVERY, CORE_ALIVE, CORE_GONE, EDGE_ALIVE, EDGE_SILENT, LOBBY_CONNECT,
    LOBBY_SNAPSHOT, LOBBY_SNAPSHOT_GET, REQUEST_TIMEOUT, SERVICE_CALL, SERVICE_WATCH,
};
use crate::game::{GameSeat, SeatCommand, SessionEvent};
use crate::lobby::{Ident, Joined, LobbyHandle, RemoteLobby, SessionId};
use crate::proto::{LobbyCmd, LobbySnapshot, Notice};
use crate::service::remote::{Answer, Call, RemoteService, RemoteWatch};

/// The lobby of the core, as this edge's sessions reach it.
pub struct EdgeLobby {
    client: async_nats::Client,
    /// Bumped at each reconnection to NATS (see [`Bus::connected`]).
    connected: watch::Receiver<u64>,
    /// The core heard from: its `boot`, `None` while it is silent.
    core: watch::Receiver<Option<u64>>,
    name: Arc<str>,
    /// Each join to the core takes a number (a session joins again after a core restart);
    /// the sessions' own ids are numbers of this edge too ([`SessionId`]).
    next: Arc<std::sync::atomic::AtomicU64>,
    /// Each session's way to its task.
    sessions: Mutex<HashMap<SessionId, mpsc::UnboundedSender<(u64, Up)>>>,
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
pub async fn start(bus: Bus, edge_name: Option<&str>) -> anyhow::Result<EdgeParts> {
    let client = bus.client.clone();
    let name: Arc<str> = format!(
        "{}.{:08x}",
        edge_name.unwrap_or("edge"),
        crate::random::seed() as u32
    )
    .into();
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
    let core = follow_core(&client).await?;
    info!(edge = %name, "edge on the bus");
    let link = Arc::new(EdgeLobby {
        client,
        core: core.clone(),
        connected: bus.connected.clone(),
        name: name.clone(),
        next: Arc::new(std::sync::atomic::AtomicU64::new(1)),
        sessions: Mutex::default(),
        lobby,
    });
    let service = Arc::new(EdgeService {
        client: link.client.clone(),
        name: name.clone(),
        next: Arc::new(std::sync::atomic::AtomicU64::new(1)),
        core,
    });
    Ok(EdgeParts {
        lobby: LobbyHandle::remote(link, rx),
        service,
        name,
    })
}

/// The core's heartbeat followed: its `boot` while it is heard, `None` once silent for
/// [`EDGE_SILENT`].
async fn follow_core(client: &async_nats::Client) -> anyhow::Result<watch::Receiver<Option<u64>>> {
    let mut beats = client.subscribe(CORE_ALIVE).await?;
    let (tx, rx) = watch::channel(None);
    tokio::spawn(async move {
        loop {
            match tokio::time::timeout(EDGE_SILENT, beats.next()).await {
                Ok(Some(msg)) => match decode::<CoreAlive>(&msg.payload) {
                    Ok(a) => {
                        tx.send_if_modified(|b| {
                            let new = *b != Some(a.boot);
                            if new {
                                info!(boot = a.boot, "core heard");
                            }
                            *b = Some(a.boot);
                            new
                        });
                    }
                    Err(e) => warn!(error = %e, "core heartbeat refused"),
                },
                Ok(None) => return,
                Err(_) => {
                    tx.send_if_modified(|b| {
                        let was = b.take().is_some();
                        if was {
                            warn!("the core fell silent");
                        }
                        was
                    });
                }
            }
        }
    });
    Ok(rx)
}

impl RemoteLobby for EdgeLobby {
    fn connect(
        &self,
        ident: Ident,
        events: mpsc::Sender<SessionEvent>,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Option<Joined>> + Send + '_>> {
        Box::pin(async move {
            let id = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let (down, joined) = join(&self.client, &self.name, id, &ident).await?;
            self.lobby.offer(joined.lobby.clone());
            let (up_tx, up_rx) = mpsc::unbounded_channel();
            let link = Link {
                client: self.client.clone(),
                edge: self.name.clone(),
                next: self.next.clone(),
                ident,
                n: id,
                down,
                boot: *self.core.borrow(),
                epoch: 1,
                seq: 0,
                seats: HashMap::new(),
                events,
                up: up_tx.clone(),
                lobby: self.lobby.clone(),
            };
            tokio::spawn(link.run(up_rx, self.connected.clone(), self.core.clone()));
            self.sessions
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(id, up_tx);
            Some(Joined {
                session: id,
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
            let _ = up.send((CURRENT, Up::Disconnect));
        }
    }

    fn renamed(&self, session: SessionId, nick: String) {
        let sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(up) = sessions.get(&session) {
            let _ = up.send((CURRENT, Up::Renamed(nick)));
        }
    }

    fn command(&self, session: SessionId, cmd: LobbyCmd) {
        let sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(up) = sessions.get(&session) {
            let _ = up.send((CURRENT, Up::Lobby(cmd)));
        }
    }
}

/// A message for whatever join of the session is current (lobby commands, leaving); a
/// seat's messages carry the join they belong to, and are dropped once it is gone.
const CURRENT: u64 = 0;

/// Joins the core as `edge`'s join `n`: listens on the session's subject first (so nothing
/// the core sends at once is missed), then asks.
async fn join(
    client: &async_nats::Client,
    edge: &str,
    n: u64,
    ident: &Ident,
) -> Option<(async_nats::Subscriber, Connected)> {
    let down = match client.subscribe(down_subject(edge, n)).await {
        Ok(s) => s,
        Err(e) => {
            warn!(error = %e, "cannot listen for a session's events");
            return None;
        }
    };
    let req = ConnectReq {
        edge: edge.to_string(),
        n,
        ident: ident.clone(),
    };
    let answer = match client.request(LOBBY_CONNECT, encode(&req).into()).await {
        Ok(msg) => msg,
        Err(e) => {
            warn!(error = %e, "the core did not answer a session joining");
            return None;
        }
    };
    match decode::<Option<Connected>>(&answer.payload) {
        Ok(Some(j)) => Some((down, j)),
        Ok(None) => None,
        Err(e) => {
            warn!(error = %e, "the core's answer to a session joining refused");
            None
        }
    }
}

/// How sending a session's message to the core ended.
enum Sent {
    Taken,
    /// The core of this join is silent or was replaced: not sent.
    Away,
    /// The core does not answer: the session ends.
    Gone,
}

/// One session of this edge and its place on the core.
struct Link {
    client: async_nats::Client,
    edge: Arc<str>,
    next: Arc<std::sync::atomic::AtomicU64>,
    ident: Ident,
    /// The current join's number (its subjects).
    n: u64,
    down: async_nats::Subscriber,
    /// The core the current join is on (`None`: not known).
    boot: Option<u64>,
    /// Bumped at each join: a seat's messages name the join they belong to.
    epoch: u64,
    /// The current join's last numbered message.
    seq: u64,
    seats: HashMap<u64, watch::Sender<Arc<crate::proto::GameSnapshot>>>,
    events: mpsc::Sender<SessionEvent>,
    /// Given to the seats, for their commands.
    up: mpsc::UnboundedSender<(u64, Up)>,
    lobby: Arc<LobbyWatch>,
}

impl Link {
    /// Until the session is gone (its events queue closed) or it leaves.
    async fn run(
        mut self,
        mut up: mpsc::UnboundedReceiver<(u64, Up)>,
        mut connected: watch::Receiver<u64>,
        mut core: watch::Receiver<Option<u64>>,
    ) {
        connected.borrow_and_update();
        core.borrow_and_update();
        let mut away = false;
        loop {
            tokio::select! {
                m = up.recv() => {
                    let Some((epoch, m)) = m else { break };
                    if epoch != CURRENT && epoch != self.epoch {
                        continue;
                    }
                    let last = matches!(m, Up::Disconnect);
                    let lobby = matches!(m, Up::Lobby(_) | Up::Game { .. });
                    let sent = if away { Sent::Away } else { self.send(m, last, &mut core).await };
                    match sent {
                        Sent::Taken => {}
                        // Said to the player (a seat's leaving needs no word: the core that
                        // held it is gone).
                        Sent::Away => {
                            if lobby {
                                self.tell(Notice::new("refusal-core-away")).await;
                            }
                        }
                        Sent::Gone => {
                            if !last {
                                let _ = self.events.try_send(SessionEvent::Kicked(
                                    "the game server cannot be reached; your games are kept: connect again in a moment".into(),
                                ));
                            }
                            break;
                        }
                    }
                    if last {
                        break;
                    }
                }
                msg = self.down.next() => {
                    let Some(msg) = msg else { break };
                    if !self.route(&msg.payload).await {
                        break;
                    }
                }
                _ = self.events.closed() => {
                    // The session is gone: whether or not its leaving is queued behind, the
                    // core is told now (a second leaving finds nothing to do).
                    if !away {
                        let _ = self.send(Up::Disconnect, true, &mut core).await;
                    }
                    break;
                }
                c = connected.changed() => {
                    if c.is_err() {
                        break;
                    }
                    // Back on NATS: what the core sent meanwhile may be lost; it sends the
                    // session's seat again.
                    self.seats.retain(|_, tx| !tx.is_closed());
                    let seat = self.seats.keys().max().copied();
                    if !away
                        && matches!(self.send(Up::Resync { seat }, false, &mut core).await, Sent::Gone)
                    {
                        break;
                    }
                }
                c = core.changed() => {
                    if c.is_err() {
                        break;
                    }
                    let now = *core.borrow_and_update();
                    match now {
                        None => {
                            if !away {
                                away = true;
                                self.tell(Notice::new("notice-core-away")).await;
                            }
                        }
                        Some(boot) if self.boot.is_some_and(|b| b != boot) || away => {
                            // A core that does not know this session (restarted), or back
                            // after a silence: joined again (the same one only answers that
                            // the session is there already, and nothing is lost by asking).
                            if self.boot != Some(boot) {
                                if !self.rejoin(boot).await {
                                    break;
                                }
                                self.tell(Notice::new("notice-core-back")).await;
                            }
                            away = false;
                        }
                        Some(boot) => self.boot = Some(boot),
                    }
                }
            }
        }
        debug!(n = self.n, "session link ended");
    }

    async fn tell(&self, n: Notice) {
        let _ = self.events.send(SessionEvent::Notice(n)).await;
    }

    /// Sends `m` until the core took it ([`Sent::Taken`]). Given up when the core of this
    /// join falls silent or is replaced ([`Sent::Away`]: the core's heartbeat says so, and
    /// the loop handles it), or does not answer within [`CORE_GONE`] (or, when leaving, a
    /// few tries: the core ends a silent edge's sessions).
    async fn send(&mut self, m: Up, last: bool, core: &mut watch::Receiver<Option<u64>>) -> Sent {
        self.seq += 1;
        let body = encode(&Numbered {
            seq: self.seq,
            up: m,
        });
        let subject = up_subject(&self.edge, self.n);
        let since = tokio::time::Instant::now();
        loop {
            let asked = tokio::time::timeout(
                ACK_WAIT,
                self.client.request(subject.clone(), body.clone().into()),
            );
            match asked.await {
                Ok(Ok(_)) => return Sent::Taken,
                Ok(Err(e)) => {
                    debug!(error = %e, seq = self.seq, "not taken by the core yet");
                    // Refused at once (no core listening): not sent again at once.
                    tokio::time::sleep(ACK_WAIT / 4).await;
                }
                Err(_) => debug!(seq = self.seq, "no answer from the core yet"),
            }
            let now = *core.borrow();
            if self.boot.is_some() && now != self.boot {
                return Sent::Away;
            }
            let patience = if last { ACK_WAIT * 3 } else { CORE_GONE };
            if since.elapsed() > patience {
                warn!("the core does not answer");
                return Sent::Gone;
            }
        }
    }

    /// Joins the restarted core `boot` again: its games came back from the store, and the
    /// lobby seats the player again as after a reconnection. The seats of the old join are
    /// closed (their messages are dropped from now on).
    async fn rejoin(&mut self, boot: u64) -> bool {
        let since = tokio::time::Instant::now();
        loop {
            let n = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if let Some((down, joined)) = join(&self.client, &self.edge, n, &self.ident).await {
                info!(
                    old = self.n,
                    n,
                    session = joined.session,
                    "session joined the restarted core"
                );
                self.lobby.offer(joined.lobby);
                self.down = down;
                self.n = n;
                self.seq = 0;
                self.epoch += 1;
                self.seats.clear();
                self.boot = Some(boot);
                return true;
            }
            if since.elapsed() > CORE_GONE {
                let _ = self.events.try_send(SessionEvent::Kicked(
                    "the game server cannot be reached; your games are kept: connect again in a moment".into(),
                ));
                return false;
            }
            tokio::time::sleep(ACK_WAIT).await;
        }
    }

    /// One message from the core, made into what a session in one process receives; false
    /// once the session is gone.
    async fn route(&mut self, payload: &[u8]) -> bool {
        let ev = match decode::<Down>(payload) {
            Ok(Down::Event(ev)) => ev,
            Ok(Down::Snapshot { seat, snapshot }) => {
                if let Some(tx) = self.seats.get(&seat) {
                    if tx.send(Arc::new(*snapshot)).is_err() {
                        self.seats.remove(&seat);
                    }
                }
                return true;
            }
            Ok(Down::SeatClosed { seat }) => {
                self.seats.remove(&seat);
                return true;
            }
            Err(e) => {
                warn!(error = %e, "session event refused");
                return true;
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
                self.seats.retain(|_, tx| !tx.is_closed());
                let (tx, rx) = watch::channel(Arc::new(*snapshot));
                self.seats.insert(seat, tx);
                let (cmd_tx, cmd_rx) = mpsc::channel(16);
                tokio::spawn(forward_seat(seat, self.epoch, cmd_rx, self.up.clone()));
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
            WireEvent::Waiting(w) => SessionEvent::Waiting(w),
            WireEvent::SavedSetups(s) => SessionEvent::SavedSetups(s),
            WireEvent::Nick(n) => SessionEvent::Nick(n),
            WireEvent::Kicked(r) => SessionEvent::Kicked(r),
        };
        self.events.send(ev).await.is_ok()
    }
}

/// A seat's commands to the core, then its leaving (once the seat is dropped), tagged with
/// the join they belong to.
async fn forward_seat(
    seat: u64,
    epoch: u64,
    mut rx: mpsc::Receiver<SeatCommand>,
    up: mpsc::UnboundedSender<(u64, Up)>,
) {
    while let Some(c) = rx.recv().await {
        let _ = up.send((epoch, Up::Game { seat, cmd: c.cmd }));
    }
    let _ = up.send((epoch, Up::LeaveGame { seat }));
}

/// The service calls of this edge's sessions and pages, and its pages' watches of games in
/// play, answered by the core.
struct EdgeService {
    client: async_nats::Client,
    name: Arc<str>,
    /// Numbers this edge's watches.
    next: Arc<std::sync::atomic::AtomicU64>,
    /// The core heard from (its `boot`): a watch asks a restarted core again.
    core: watch::Receiver<Option<u64>>,
}

/// One watch of game `game` asked of the core as this edge's watch number from `next`: its
/// snapshots' subscription (made before asking: the first change may follow the answer at
/// once), its number, and the first snapshot; `None` for no such game or no answer.
async fn ask_watch(
    client: &async_nats::Client,
    name: &str,
    next: &std::sync::atomic::AtomicU64,
    game: u64,
) -> Option<(async_nats::Subscriber, u64, crate::proto::GameSnapshot)> {
    let n = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let down = client
        .subscribe(watch_down(name, n))
        .await
        .map_err(|e| warn!(error = %e, "cannot listen for a watch"))
        .ok()?;
    let req = WatchReq {
        edge: name.to_string(),
        n,
        game,
    };
    let answer = client
        .request(SERVICE_WATCH, encode(&req).into())
        .await
        .map_err(|e| info!(error = %e, game, "the core did not answer a watch"))
        .ok()?;
    let first = decode::<Option<crate::proto::GameSnapshot>>(&answer.payload)
        .map_err(|e| warn!(error = %e, "the core's answer to a watch refused"))
        .ok()??;
    Some((down, n, first))
}

impl RemoteService for EdgeService {
    fn ask(&self, call: Call) -> Answer<'_> {
        Box::pin(async move {
            let asked = self.client.request(SERVICE_CALL, encode(&call).into());
            match tokio::time::timeout(REQUEST_TIMEOUT, asked).await {
                Ok(Ok(msg)) => decode::<serde_json::Value>(&msg.payload).map_err(|e| e.to_string()),
                Ok(Err(e)) => Err(format!("the game server did not answer: {e}")),
                Err(_) => Err("the game server did not answer in time".into()),
            }
        })
    }

    fn watch(
        &self,
        game: u64,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Option<RemoteWatch>> + Send + '_>> {
        Box::pin(async move {
            let mut core = self.core.clone();
            let mut boot = *core.borrow_and_update();
            let (mut down, mut n, first) =
                ask_watch(&self.client, &self.name, &self.next, game).await?;
            let (tx, rx) = watch::channel(Arc::new(first));
            let (client, name, next) = (self.client.clone(), self.name.clone(), self.next.clone());
            tokio::spawn(async move {
                // When the game's task went away in play (its core stopping).
                let mut closed_at: Option<tokio::time::Instant> = None;
                loop {
                    tokio::select! {
                        msg = down.next() => {
                            let Some(msg) = msg else { break };
                            match decode::<WatchMsg>(&msg.payload) {
                                Ok(WatchMsg::Snapshot(s)) => {
                                    tx.send_replace(Arc::new(*s));
                                }
                                // The game's task is gone: the receiver sees the channel end
                                // once the game is over. Gone in play, its core is stopping:
                                // the restarted core is asked again below (the game comes
                                // back from the store), for as long as a session waits for it.
                                Ok(WatchMsg::Closed) => {
                                    if tx.borrow().phase == crate::proto::GamePhase::Over {
                                        return;
                                    }
                                    debug!(game, "a watched game's task gone in play: waiting for the core");
                                    down = match client.subscribe(format!("{}.none", watch_down(&name, n))).await {
                                        Ok(d) => d,
                                        Err(_) => return,
                                    };
                                    closed_at = Some(tokio::time::Instant::now());
                                }
                                Err(e) => warn!(error = %e, "watch message refused"),
                            }
                        }
                        _ = tx.closed() => break,
                        _ = tokio::time::sleep(CORE_GONE), if closed_at.is_some() => {
                            debug!(game, "a watched game's core did not come back");
                            return;
                        }
                        c = core.changed() => {
                            if c.is_err() {
                                break;
                            }
                            let now = *core.borrow_and_update();
                            // A restarted core (a new boot) has no spectator of this edge's:
                            // asked again, the page's stream goes on (the game came back from
                            // the store; none: it ended meanwhile, and the stream ends).
                            if now.is_some() && boot.is_some() && now != boot {
                                boot = now;
                                let _ = client.publish(watch_stop(&name, n), Vec::new().into()).await;
                                let Some((d, m, snap)) = ask_watch(&client, &name, &next, game).await else {
                                    debug!(game, "a watch not taken again by the restarted core");
                                    return;
                                };
                                info!(game, "a watch taken again by the restarted core");
                                (down, n, closed_at) = (d, m, None);
                                tx.send_replace(Arc::new(snap));
                            } else if now.is_some() {
                                boot = now;
                            }
                        }
                    }
                }
                // Nobody reads it any more: the core's spectator leaves.
                let _ = client
                    .publish(watch_stop(&name, n), Vec::new().into())
                    .await;
            });
            Some(rx)
        })
    }
}
