//! The bus between one core and its edges (issue 46, [scaling.md](../../docs/scaling.md)):
//! with `nats_url` set, one binary runs as a **core** (`--role core`: the lobby, the games,
//! the bots, the store; no listener of its own) or as an **edge** (`--role edge`: SSH
//! sessions and their screens, reaching the core's lobby and games through NATS).
//!
//! What crosses is what already crosses between a session and the actors in one process:
//! [`LobbyCmd`], [`GameCmd`], [`SessionEvent`] and the per-viewer [`GameSnapshot`] (an edge
//! never holds a full position: a seat's snapshot is that seat's view, built by the game).
//! Neither the lobby nor the games know which side of a bus a session is on: the core answers
//! for a remote session with the same [`LobbyHandle`] and [`crate::game::GameSeat`] an SSH
//! session holds in one process, and an edge's sessions hold a [`LobbyHandle::remote`] whose
//! seats are fed from the bus ([`edge`]).
//!
//! Subjects (`<edge>` is an edge's name and a number it takes at each start, `NAME.START`;
//! `<n>` numbers its sessions' joins):
//!
//! | subject | who → who | what |
//! |---|---|---|
//! | `lobby.connect` | edge → core, request | a session joins ([`ConnectReq`] → [`Connected`]) |
//! | `lobby.snapshot` | core → edges | the lobby as everyone sees it ([`LobbyState`]), at each change |
//! | `lobby.snapshot.get` | edge → core, request | the same, once, when an edge starts |
//! | `core.session.<edge>.<n>` | edge → core | one session's commands and leavings ([`Up`]) |
//! | `edge.<edge>.session.<n>` | core → edge | one session's events and its seat's snapshots ([`Down`]) |
//! | `edge.alive` | edge → core | an edge's heartbeat ([`Alive`]): the core ends the sessions of an edge gone silent |
//! | `core.alive` | core → edges | the core's heartbeat ([`CoreAlive`]): an edge tells its players when the core is away, and joins them again to a restarted core |
//! | `service.call` | edge → core, request | a service call ([`crate::service::Call`] → its result, as JSON) |
//! | `service.watch` | edge → core, request | a web page watches a game in play ([`WatchReq`] → its first spectators' snapshot) |
//! | `edge.<edge>.watch.<n>` | core → edge | that watch's snapshots ([`WatchMsg`]) |
//! | `core.session.<edge>.watch.<n>` | edge → core | that watch ended (nobody reads it any more) |
//!
//! Every payload is an [`Envelope`]: a version and the message, as JSON. JSON and not a
//! binary format (postcard, bincode) because the records crossing (`rules::Move`'s optional
//! fields, `#[serde(default)]` on snapshot fields kept for stored records) rely on a
//! self-describing format; a bump of [`VERSION`] can move to another one.

pub mod core;
pub mod edge;

use std::sync::Arc;
use std::time::Duration;

use serde::{de::DeserializeOwned, Deserialize, Serialize};

use crate::game::SessionEvent;
use crate::lobby::{Ident, LobbyHandle, SessionId};
use crate::proto::{
    GameCmd, GameId, GameSnapshot, GameSummary, LobbyCmd, LobbySnapshot, Notice, SavedSetup, Seek,
};
use crate::rules::Color;

/// The version of every message on the bus; a message of another version is refused (and
/// logged), never half-read.
pub const VERSION: u16 = 1;

/// How often an edge says it is alive.
pub const ALIVE_EVERY: Duration = Duration::from_secs(1);
/// An edge not heard from for this long is gone: the core ends its sessions (their players
/// are then away from their games, as after a dropped connection, and may come back through
/// another edge within `reconnect_grace`).
pub const EDGE_SILENT: Duration = Duration::from_secs(5);
/// Longest wait for the core to answer a request (a session joining).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// Which part of the split this process plays (`--role`), with `nats_url` set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Role {
    /// The lobby, the games, the bots and the store; no SSH or web listener.
    #[default]
    Core,
    /// SSH sessions in front of a core.
    Edge,
}

impl Role {
    pub fn parse(s: &str) -> Option<Role> {
        match s.trim().to_ascii_lowercase().as_str() {
            "core" => Some(Role::Core),
            "edge" => Some(Role::Edge),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::Core => "core",
            Role::Edge => "edge",
        }
    }
}

/// The bus settings: none of it matters without `nats_url`.
#[derive(Clone, Debug, Default)]
pub struct BusConfig {
    /// The NATS server (`nats://host:4222`); `None`: one process, no bus.
    pub nats_url: Option<String>,
    pub role: Role,
    /// A file holding `user:password` for NATS (`nats_auth_file`).
    pub auth_file: Option<std::path::PathBuf>,
    /// A PEM file of the authorities the NATS server's certificate must be signed by
    /// (`nats_tls_ca`); set: TLS is required.
    pub tls_ca: Option<std::path::PathBuf>,
    /// A certificate and its key this process shows the NATS server (`nats_tls_cert`,
    /// `nats_tls_key`); set: TLS is required.
    pub tls_cert: Option<std::path::PathBuf>,
    pub tls_key: Option<std::path::PathBuf>,
    /// An edge's name (`edge_name`; `None`: "edge"). On the bus an edge is `NAME.START`,
    /// START a number it takes at each start, so a restarted edge is never taken for the
    /// one before it, and the NATS server can allow each edge's user `edge.NAME.>` and
    /// `core.session.NAME.>` only.
    pub edge_name: Option<String>,
}

/// The user and password in `path`'s first line (`user:password`).
pub fn read_auth_file(path: &std::path::Path) -> anyhow::Result<(String, String)> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("cannot read nats_auth_file {}: {e}", path.display()))?;
    let line = text.lines().next().unwrap_or_default().trim();
    match line.split_once(':') {
        Some((u, p)) if !u.is_empty() && !p.is_empty() => Ok((u.to_string(), p.to_string())),
        _ => anyhow::bail!(
            "nats_auth_file {}: its first line must be user:password",
            path.display()
        ),
    }
}

/// What every payload is: the version, then the message.
#[derive(Serialize, Deserialize)]
pub struct Envelope<T> {
    pub v: u16,
    pub m: T,
}

/// A payload that could not be read.
#[derive(Debug)]
pub enum BadMessage {
    Version(u16),
    Decode(String),
}

impl std::fmt::Display for BadMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadMessage::Version(v) => write!(
                f,
                "a bus message of version {v}, this process speaks {VERSION}: run the same release on the core and the edges"
            ),
            BadMessage::Decode(e) => write!(f, "an unreadable bus message: {e}"),
        }
    }
}

pub fn encode<T: Serialize>(m: &T) -> Vec<u8> {
    #[derive(Serialize)]
    struct Out<'a, T> {
        v: u16,
        m: &'a T,
    }
    serde_json::to_vec(&Out { v: VERSION, m }).expect("bus messages always serialize")
}

pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, BadMessage> {
    #[derive(Deserialize)]
    struct Version {
        v: u16,
    }
    let v: Version =
        serde_json::from_slice(bytes).map_err(|e| BadMessage::Decode(e.to_string()))?;
    if v.v != VERSION {
        return Err(BadMessage::Version(v.v));
    }
    serde_json::from_slice::<Envelope<T>>(bytes)
        .map(|e| e.m)
        .map_err(|e| BadMessage::Decode(e.to_string()))
}

pub const LOBBY_CONNECT: &str = "lobby.connect";
pub const LOBBY_SNAPSHOT: &str = "lobby.snapshot";
pub const LOBBY_SNAPSHOT_GET: &str = "lobby.snapshot.get";
pub const EDGE_ALIVE: &str = "edge.alive";
pub const CORE_ALIVE: &str = "core.alive";
pub const SERVICE_CALL: &str = "service.call";
pub const SERVICE_WATCH: &str = "service.watch";

/// Where a watch's snapshots go (core → edge).
pub fn watch_down(edge: &str, n: u64) -> String {
    format!("edge.{edge}.watch.{n}")
}

/// Where an edge says a watch ended (edge → core).
pub fn watch_stop(edge: &str, n: u64) -> String {
    format!("core.session.{edge}.watch.{n}")
}

/// A web page of an edge watching game `game` in play, as watch `n` of the edge.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WatchReq {
    pub edge: String,
    pub n: u64,
    pub game: GameId,
}

/// A watch's messages: the spectators' snapshot (what the stands may know, never a
/// position), or the game's task gone.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum WatchMsg {
    Snapshot(Box<GameSnapshot>),
    Closed,
}

/// Where one session's commands go (edge → core).
pub fn up_subject(edge: &str, n: u64) -> String {
    format!("core.session.{edge}.{n}")
}

/// Where one session's events and snapshots go (core → edge).
pub fn down_subject(edge: &str, n: u64) -> String {
    format!("edge.{edge}.session.{n}")
}

/// A session joining, from an edge.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ConnectReq {
    pub edge: String,
    pub n: u64,
    pub ident: Ident,
}

/// The core's answer to [`ConnectReq`]: `None` when the lobby did not take the session.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Connected {
    pub session: SessionId,
    pub nick: String,
    pub resumed: bool,
    pub lobby: LobbyState,
}

/// The lobby's snapshot, numbered (a newer one is never replaced by an older one).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct LobbyState {
    pub seq: u64,
    pub snapshot: LobbySnapshot,
}

/// An edge's heartbeat.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Alive {
    pub edge: String,
}

/// The core's heartbeat: `boot` is a random number the core takes at each start, so an edge
/// knows a restarted core (which has none of its sessions) from the one its sessions joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoreAlive {
    pub boot: u64,
}

/// From a session on an edge to the core. A seat is named by its number in the session
/// ([`WireEvent::EnterGame`]'s `seat`), so a command never reaches a later seat.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Up {
    Lobby(LobbyCmd),
    Game {
        seat: u64,
        cmd: GameCmd,
    },
    /// The session dropped the seat (left the game).
    LeaveGame {
        seat: u64,
    },
    Disconnect,
    /// The session's player took a new nick (the core's store has it already).
    Renamed(String),
    /// The edge reconnected to NATS: what the core sent meanwhile may be lost. `seat`: the
    /// seat the edge shows (`None`: none); the core sends its seat again (as `EnterGame` if
    /// the edge does not have it, else its snapshot).
    Resync {
        seat: Option<u64>,
    },
}

/// What an edge sends the core for a session: [`Up`] numbered. Each is a request the core
/// answers once it took it; unanswered, the edge sends it again, and the core takes a number
/// at most once: a command is neither lost nor played twice when the connection drops.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Numbered {
    pub seq: u64,
    pub up: Up,
}

/// How long an edge waits for the core to take a session's message before sending it again.
pub const ACK_WAIT: Duration = Duration::from_secs(1);
/// How long an edge keeps trying before it takes the core as gone (the session is then
/// ended and its player told).
pub const CORE_GONE: Duration = Duration::from_secs(30);

/// From the core to one session on an edge.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Down {
    Event(WireEvent),
    /// The seat's snapshot changed.
    Snapshot {
        seat: u64,
        snapshot: Box<GameSnapshot>,
    },
    /// The seat's game task is gone (the session shows the game closed).
    SeatClosed {
        seat: u64,
    },
}

/// A [`SessionEvent`] as it crosses: a seat is its number, its game and its first
/// snapshot (the edge makes a [`crate::game::GameSeat`] of it).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum WireEvent {
    Notice(Notice),
    EnterGame {
        seat: u64,
        game: GameId,
        color: Option<Color>,
        nick: String,
        snapshot: Box<GameSnapshot>,
    },
    SeatTaken(GameId),
    SeatElsewhere(GameId),
    Challenges(Vec<Seek>),
    PrivateGames(Vec<GameSummary>),
    Waiting(Vec<crate::proto::WaitingGame>),
    SavedSetups(Vec<SavedSetup>),
    Nick(String),
    Kicked(String),
}

impl WireEvent {
    /// Every event but `EnterGame` (which the core turns into a numbered seat).
    fn plain(ev: SessionEvent) -> Result<WireEvent, crate::game::GameSeat> {
        Ok(match ev {
            SessionEvent::Notice(n) => WireEvent::Notice(n),
            SessionEvent::EnterGame(seat) => return Err(seat),
            SessionEvent::SeatTaken(g) => WireEvent::SeatTaken(g),
            SessionEvent::SeatElsewhere(g) => WireEvent::SeatElsewhere(g),
            SessionEvent::Challenges(c) => WireEvent::Challenges(c),
            SessionEvent::PrivateGames(g) => WireEvent::PrivateGames(g),
            SessionEvent::Waiting(w) => WireEvent::Waiting(w),
            SessionEvent::SavedSetups(s) => WireEvent::SavedSetups(s),
            SessionEvent::Nick(n) => WireEvent::Nick(n),
            SessionEvent::Kicked(r) => WireEvent::Kicked(r),
        })
    }
}

/// A connection to the NATS server, and how many times it (re)connected.
#[derive(Clone)]
pub struct Bus {
    pub client: async_nats::Client,
    /// Bumped at each (re)connection: what was in flight when the connection dropped may be
    /// lost (NATS core delivers at most once), so the edges ask for their sessions' state
    /// again, and the core gives silent edges a fresh grace.
    pub connected: tokio::sync::watch::Receiver<u64>,
}

/// Connects to the NATS server, retrying in the background until it answers (a core or
/// edge may start before it), and reconnecting for ever after a loss.
pub async fn connect(config: &BusConfig) -> anyhow::Result<Bus> {
    let url = config.nats_url.as_deref().unwrap_or_default();
    let role = config.role;
    let (tx, connected) = tokio::sync::watch::channel(0u64);
    let tx = Arc::new(tx);
    let mut options = async_nats::ConnectOptions::new();
    if let Some(path) = &config.auth_file {
        let (user, password) = read_auth_file(path)?;
        options = options.user_and_password(user, password);
    }
    if let Some(ca) = &config.tls_ca {
        // Read now, so a wrong path is said at the start rather than at each attempt.
        std::fs::read(ca)
            .map_err(|e| anyhow::anyhow!("cannot read nats_tls_ca {}: {e}", ca.display()))?;
        options = options.require_tls(true).add_root_certificates(ca.clone());
    }
    match (&config.tls_cert, &config.tls_key) {
        (Some(cert), Some(key)) => {
            for (what, path) in [("nats_tls_cert", cert), ("nats_tls_key", key)] {
                std::fs::read(path)
                    .map_err(|e| anyhow::anyhow!("cannot read {what} {}: {e}", path.display()))?;
            }
            options = options
                .require_tls(true)
                .add_client_certificate(cert.clone(), key.clone());
        }
        (None, None) => {}
        _ => anyhow::bail!("nats_tls_cert and nats_tls_key go together: set both, or neither"),
    }
    let client = options
        .name(format!("stratego-ssh {}", role.name()))
        .retry_on_initial_connect()
        .max_reconnects(None)
        .request_timeout(Some(REQUEST_TIMEOUT))
        .event_callback(move |event| {
            let tx = tx.clone();
            async move {
                match event {
                    async_nats::Event::Connected => {
                        tracing::info!("nats connected");
                        tx.send_modify(|n| *n += 1);
                    }
                    async_nats::Event::Disconnected => tracing::warn!("nats disconnected"),
                    // A failed attempt to reconnect: as often as every few milliseconds at
                    // first, so not at the default level.
                    other => tracing::debug!(event = %other, "nats"),
                }
            }
        })
        .connect(url)
        .await
        .map_err(|e| anyhow::anyhow!("cannot connect to NATS at {url}: {e}"))?;
    Ok(Bus { client, connected })
}

/// What an edge runs with: the lobby handle its sessions use.
pub struct EdgeParts {
    pub lobby: LobbyHandle,
    /// The service calls and the web's watches, answered by the core.
    pub service: Arc<dyn crate::service::RemoteService>,
    pub name: Arc<str>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_of_another_version_is_refused_by_name() {
        let bytes = encode(&Up::Disconnect);
        assert!(matches!(decode::<Up>(&bytes), Ok(Up::Disconnect)));
        let other = br#"{"v":2,"m":"Disconnect"}"#;
        let e = decode::<Up>(other).unwrap_err();
        assert!(e.to_string().contains("version 2"), "{e}");
        assert!(decode::<Up>(b"{}").is_err());
    }

    #[test]
    fn notices_cross_with_their_ids_and_arguments() {
        let n = Notice::new("refusal-nick-taken").arg("nick", "alice");
        let ev = WireEvent::Notice(n.clone());
        let back: WireEvent = decode(&encode(&ev)).unwrap();
        match back {
            WireEvent::Notice(b) => {
                assert_eq!(b, n);
                assert_eq!(b.to_string(), n.to_string());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn commands_cross_unchanged() {
        let cmd = Up::Game {
            seat: 3,
            cmd: GameCmd::Move(crate::rules::Move::new(
                "A4".parse().unwrap(),
                "A5".parse().unwrap(),
            )),
        };
        let back: Up = decode(&encode(&cmd)).unwrap();
        assert_eq!(format!("{back:?}"), format!("{cmd:?}"));
    }
}
