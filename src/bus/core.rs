//! The core's side of the bus: it answers for the sessions of every edge with the lobby and
//! the games of this process. Each remote session is one task here holding what an SSH
//! session holds in one process: its lobby session, its events queue and its seat
//! ([`GameSeat`]); it forwards the events and the seat's snapshots (that seat's view only)
//! to the session's edge, and the edge's commands to the lobby and the seat.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use futures_util::StreamExt;
use tokio::sync::mpsc;
use tracing::{debug, info, info_span, warn, Instrument};

use super::{
    decode, down_subject, encode, up_subject, Alive, Bus, ConnectReq, Connected, CoreAlive, Down,
    LobbyState, Numbered, Up, WireEvent, EDGE_ALIVE, EDGE_SILENT, LOBBY_CONNECT, LOBBY_SNAPSHOT,
    LOBBY_SNAPSHOT_GET, SERVICE_CALL, SERVICE_WATCH,
};
use crate::game::{GameSeat, SessionEvent};
use crate::lobby::LobbyHandle;
use crate::service::{Call, Service};

/// When each edge was last heard from.
type Seen = Arc<Mutex<HashMap<String, Instant>>>;

/// An edge that asks something of this core counts as heard from now, even before its
/// first heartbeat arrives here (a restarted core asked at once by its edges): otherwise
/// the first check of the session or watch it asked for would find it silent.
fn heard_from(seen: &Seen, edge: &str) {
    seen.lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(edge.to_string())
        .or_insert_with(Instant::now);
}

/// Serves the lobby and its games to the edges until the NATS client is closed; each part
/// runs in a task of its own.
pub async fn serve(bus: Bus, lobby: LobbyHandle, service: Service) -> anyhow::Result<()> {
    let client = bus.client.clone();
    let state = Arc::new(Mutex::new(LobbyState::default()));
    let seen: Seen = Arc::default();
    {
        // Back on the bus after a loss: no edge could be heard meanwhile, so none is taken
        // as gone for it; each gets a fresh `EDGE_SILENT` to be heard again.
        let (seen, mut connected) = (seen.clone(), bus.connected.clone());
        tokio::spawn(async move {
            while connected.changed().await.is_ok() {
                let now = Instant::now();
                for t in seen.lock().unwrap_or_else(|e| e.into_inner()).values_mut() {
                    *t = now;
                }
            }
        });
    }
    let mut connects = client.queue_subscribe(LOBBY_CONNECT, "core".into()).await?;
    let mut gets = client.subscribe(LOBBY_SNAPSHOT_GET).await?;
    let mut alive = client.subscribe(EDGE_ALIVE).await?;
    tokio::spawn(answer_calls(
        client.queue_subscribe(SERVICE_CALL, "core".into()).await?,
        client.clone(),
        service.clone(),
    ));
    tokio::spawn(answer_watches(
        client.queue_subscribe(SERVICE_WATCH, "core".into()).await?,
        client.clone(),
        service,
        seen.clone(),
    ));
    tokio::spawn(publish_lobby(client.clone(), lobby.clone(), state.clone()));
    {
        let (client, state) = (client.clone(), state.clone());
        tokio::spawn(async move {
            while let Some(msg) = gets.next().await {
                if let Some(reply) = msg.reply {
                    let body = encode(&*state.lock().unwrap_or_else(|e| e.into_inner()));
                    let _ = client.publish(reply, body.into()).await;
                }
            }
        });
    }
    {
        let seen = seen.clone();
        tokio::spawn(async move {
            while let Some(msg) = alive.next().await {
                match decode::<Alive>(&msg.payload) {
                    Ok(a) => {
                        let mut s = seen.lock().unwrap_or_else(|e| e.into_inner());
                        if s.insert(a.edge.clone(), Instant::now()).is_none() {
                            info!(edge = %a.edge, "edge up");
                        }
                    }
                    Err(e) => warn!(error = %e, "edge heartbeat refused"),
                }
            }
        });
    }
    {
        let (client, body) = (
            client.clone(),
            encode(&CoreAlive {
                boot: crate::random::seed(),
            }),
        );
        tokio::spawn(async move {
            let mut every = tokio::time::interval(super::ALIVE_EVERY);
            loop {
                every.tick().await;
                let _ = client.publish(super::CORE_ALIVE, body.clone().into()).await;
            }
        });
    }
    info!("core serving the edges over NATS");
    while let Some(msg) = connects.next().await {
        let Some(reply) = msg.reply.clone() else {
            continue;
        };
        let req = match decode::<ConnectReq>(&msg.payload) {
            Ok(r) => r,
            Err(e) => {
                warn!(error = %e, "session join refused");
                let _ = client
                    .publish(reply, encode(&Option::<Connected>::None).into())
                    .await;
                continue;
            }
        };
        let (client, lobby, state, seen) =
            (client.clone(), lobby.clone(), state.clone(), seen.clone());
        let span = info_span!("remote", edge = %req.edge, n = req.n);
        tokio::spawn(
            async move {
                if let Err(e) = join(client, lobby, state, seen, req, reply).await {
                    warn!(error = %e, "remote session ended");
                }
            }
            .instrument(span),
        );
    }
    Ok(())
}

/// The lobby's snapshot to every edge, numbered, at each change.
async fn publish_lobby(
    client: async_nats::Client,
    lobby: LobbyHandle,
    state: Arc<Mutex<LobbyState>>,
) {
    let mut rx = lobby.subscribe();
    loop {
        let snap = rx.borrow_and_update().clone();
        let body = {
            let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
            s.seq += 1;
            s.snapshot = (*snap).clone();
            encode(&*s)
        };
        if let Err(e) = client.publish(LOBBY_SNAPSHOT, body.into()).await {
            warn!(error = %e, "cannot publish the lobby");
        }
        if rx.changed().await.is_err() {
            return;
        }
    }
}

/// One session of an edge joins: its commands' subject is listened to before the answer goes
/// back, so none of them is missed; then it lives until the edge says it left, or the edge
/// falls silent.
async fn join(
    client: async_nats::Client,
    lobby: LobbyHandle,
    state: Arc<Mutex<LobbyState>>,
    seen: Seen,
    req: ConnectReq,
    reply: async_nats::Subject,
) -> anyhow::Result<()> {
    let mut up = client.subscribe(up_subject(&req.edge, req.n)).await?;
    let (ev_tx, mut events) = mpsc::channel::<SessionEvent>(64);
    let Some(joined) = lobby.connect(req.ident.clone(), ev_tx).await else {
        client
            .publish(reply, encode(&Option::<Connected>::None).into())
            .await?;
        return Ok(());
    };
    let session = joined.session;
    let answer = Connected {
        session,
        nick: joined.nick.clone(),
        resumed: joined.resumed,
        lobby: state.lock().unwrap_or_else(|e| e.into_inner()).clone(),
    };
    client.publish(reply, encode(&Some(answer)).into()).await?;
    info!(session, nick = %joined.nick, "remote session joined");
    heard_from(&seen, &req.edge);
    let down = down_subject(&req.edge, req.n);
    let send = |m: Down| {
        let (client, down) = (client.clone(), down.clone());
        async move {
            if let Err(e) = client.publish(down, encode(&m).into()).await {
                warn!(error = %e, "cannot reach the session's edge");
            }
        }
    };
    let mut seat: Option<(u64, GameSeat)> = None;
    let mut seats = 0u64;
    // The last of the edge's numbered messages taken.
    let mut last_seq = 0u64;
    let mut check = tokio::time::interval(EDGE_SILENT / 5);
    let why = loop {
        tokio::select! {
            ev = events.recv() => {
                let Some(ev) = ev else { break "the lobby ended the session" };
                match WireEvent::plain(ev) {
                    Ok(ev) => send(Down::Event(ev)).await,
                    Err(mut s) => {
                        seats += 1;
                        let snapshot = Box::new((**s.snapshots.borrow_and_update()).clone());
                        send(Down::Event(WireEvent::EnterGame {
                            seat: seats,
                            game: s.game,
                            color: s.color,
                            nick: s.nick.clone(),
                            snapshot,
                        }))
                        .await;
                        // As a session in one process does: a new seat replaces the old.
                        seat = Some((seats, s));
                    }
                }
            }
            changed = seat_changed(&mut seat) => {
                let Some(n) = changed else {
                    // The game task ended: the seat is left (as a session in one process
                    // leaves it), and the edge closes its copy.
                    if let Some((n, s)) = seat.take() {
                        debug!(game = s.game, "game task gone: seat closed");
                        send(Down::SeatClosed { seat: n }).await;
                    }
                    continue;
                };
                if let Some((_, s)) = &mut seat {
                    let snapshot = Box::new((**s.snapshots.borrow_and_update()).clone());
                    send(Down::Snapshot { seat: n, snapshot }).await;
                }
            }
            msg = up.next() => {
                let Some(msg) = msg else { break "the bus closed" };
                let m = match decode::<Numbered>(&msg.payload) {
                    Ok(m) => m,
                    Err(e) => {
                        warn!(error = %e, "session message refused");
                        continue;
                    }
                };
                // Sent again (its answer was lost): answered again, not taken twice.
                let fresh = m.seq > last_seq;
                let mut end = false;
                if fresh {
                    last_seq = m.seq;
                    match m.up {
                        Up::Lobby(cmd) => lobby.command(session, cmd),
                        Up::Game { seat: n, cmd } => match &seat {
                            Some((held, s)) if *held == n => s.send(cmd).await,
                            _ => debug!(seat = n, "command for a seat no longer held: dropped"),
                        },
                        Up::LeaveGame { seat: n } => {
                            if seat.as_ref().is_some_and(|(held, _)| *held == n) {
                                seat = None;
                            }
                        }
                        Up::Disconnect => end = true,
                        Up::Renamed(nick) => lobby.renamed(session, nick),
                        Up::Resync { seat: shown } => {
                            if let (None, Some(gone)) = (&seat, shown) {
                                send(Down::SeatClosed { seat: gone }).await;
                            }
                            if let Some((n, s)) = &mut seat {
                                let snapshot = Box::new((**s.snapshots.borrow_and_update()).clone());
                                if shown == Some(*n) {
                                    send(Down::Snapshot { seat: *n, snapshot }).await;
                                } else {
                                    send(Down::Event(WireEvent::EnterGame {
                                        seat: *n,
                                        game: s.game,
                                        color: s.color,
                                        nick: s.nick.clone(),
                                        snapshot,
                                    }))
                                    .await;
                                }
                            }
                        }
                    }
                }
                if let Some(reply) = msg.reply {
                    let _ = client.publish(reply, Vec::new().into()).await;
                }
                if end {
                    break "the player left";
                }
            }
            _ = check.tick() => {
                let last = seen.lock().unwrap_or_else(|e| e.into_inner()).get(&req.edge).copied();
                if last.is_none_or(|t| t.elapsed() > EDGE_SILENT) {
                    break "its edge fell silent";
                }
            }
        }
    };
    drop(seat);
    lobby.disconnect(session);
    info!(session, why, "remote session ended");
    Ok(())
}

/// The seat's next snapshot change: `Some(seat number)`, or `None` once its game task is
/// gone; pending while no seat is held.
async fn seat_changed(seat: &mut Option<(u64, GameSeat)>) -> Option<u64> {
    match seat {
        Some((n, s)) => s.snapshots.changed().await.ok().map(|_| *n),
        None => std::future::pending().await,
    }
}

/// The edges' service calls, each answered in a task of its own by the core's service.
async fn answer_calls(
    mut calls: async_nats::Subscriber,
    client: async_nats::Client,
    service: Service,
) {
    while let Some(msg) = calls.next().await {
        let Some(reply) = msg.reply else { continue };
        let (client, service) = (client.clone(), service.clone());
        tokio::spawn(async move {
            let answer = match decode::<Call>(&msg.payload) {
                Ok(call) => {
                    debug!(call = call_name(&call), "service call");
                    service.answer(call).await
                }
                Err(e) => {
                    warn!(error = %e, "service call refused");
                    serde_json::to_value(Err::<(), _>(crate::service::remote::WireError::Store(
                        e.to_string(),
                    )))
                    .unwrap_or_default()
                }
            };
            if let Err(e) = client.publish(reply, encode(&answer).into()).await {
                warn!(error = %e, "cannot answer a service call");
            }
        });
    }
}

/// A call's name for the log (its arguments may name keys and addresses: not logged).
fn call_name(call: &Call) -> &'static str {
    match call {
        Call::Login(_) => "login",
        Call::KeyAccount(_) => "key_account",
        Call::HeldNick(_) => "held_nick",
        Call::Gate(_) => "gate",
        Call::AddressBanned(_) => "address_banned",
        Call::Preferences(_) => "preferences",
        Call::SavePreferences(..) => "save_preferences",
        Call::SavedSetups(_) => "saved_setups",
        Call::SaveSetup(..) => "save_setup",
        Call::DeleteSetup(..) => "delete_setup",
        Call::Leaderboard(_) => "leaderboard",
        Call::Profile { .. } => "profile",
        Call::Games { .. } => "games",
        Call::Record { .. } => "record",
        Call::Replay { .. } => "replay",
        Call::Analysis { .. } => "analysis",
        Call::OwnNotes { .. } => "own_notes",
        Call::GameFacts(_) => "game_facts",
        Call::Admin { .. } => "admin",
        Call::Bans => "bans",
        Call::AdminSnapshot => "admin_snapshot",
        Call::Rename { .. } => "rename",
        Call::Waiting(_) => "waiting",
        Call::SetupStats { .. } => "setup_stats",
        Call::Explorer { .. } => "explorer",
        Call::Tournaments => "tournaments",
        Call::TournamentOrder(_) => "tournament_order",
        Call::TournamentRecord(_) => "tournament_record",
        Call::Web(w) => w.name(),
        Call::Backup { .. } => "backup",
    }
}

/// The edges' web pages watching games in play: each watch is a spectator's place here
/// ([`Service::watch_game`], the stands' view only), whose snapshots go to its edge until
/// the edge says it ended, or falls silent, or the game's task is gone.
async fn answer_watches(
    mut asks: async_nats::Subscriber,
    client: async_nats::Client,
    service: Service,
    seen: Seen,
) {
    while let Some(msg) = asks.next().await {
        let Some(reply) = msg.reply else { continue };
        let req = match decode::<super::WatchReq>(&msg.payload) {
            Ok(r) => r,
            Err(e) => {
                warn!(error = %e, "watch refused");
                continue;
            }
        };
        let (client, service, seen) = (client.clone(), service.clone(), seen.clone());
        let span = info_span!("watch", edge = %req.edge, n = req.n, game = req.game);
        tokio::spawn(
            async move {
                let Some(mut watch) = service.watch_game(req.game).await else {
                    let _ = client
                        .publish(reply, encode(&Option::<crate::proto::GameSnapshot>::None).into())
                        .await;
                    return;
                };
                let Ok(mut stop) = client.subscribe(super::watch_stop(&req.edge, req.n)).await else {
                    return;
                };
                let first = (*watch.now()).clone();
                if client.publish(reply, encode(&Some(first)).into()).await.is_err() {
                    return;
                }
                heard_from(&seen, &req.edge);
                debug!("edge watching");
                let down = super::watch_down(&req.edge, req.n);
                let mut check = tokio::time::interval(EDGE_SILENT / 5);
                loop {
                    tokio::select! {
                        snap = watch.changed() => {
                            let m = match snap {
                                Some(s) => super::WatchMsg::Snapshot(Box::new((*s).clone())),
                                None => super::WatchMsg::Closed,
                            };
                            let closed = matches!(m, super::WatchMsg::Closed);
                            let _ = client.publish(down.clone(), encode(&m).into()).await;
                            if closed {
                                break;
                            }
                        }
                        _ = stop.next() => break,
                        _ = check.tick() => {
                            let last = seen.lock().unwrap_or_else(|e| e.into_inner()).get(&req.edge).copied();
                            if last.is_none_or(|t| t.elapsed() > EDGE_SILENT) {
                                break;
                            }
                        }
                    }
                }
                debug!("edge watch ended");
            }
            .instrument(span),
        );
    }
}
