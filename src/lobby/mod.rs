//! The lobby actor: who is online and where each session is, seeks and challenges, games in
//! play, lobby chat; it creates games and seats computer players.
//!
//! **Where a session is** (lobby, seeking, playing game N, watching game N) has one owner:
//! this actor's [`SessionEntry::status`]. A session enters a game only through a
//! [`GameSeat`] the lobby hands it (`SessionEvent::EnterGame`), a spectator only once the
//! game accepted it; dropping the seat tells the lobby (`LobbyMsg::LeftGame`), which then
//! tells the game whether the seat's player is still present ([`GameHandle::presence`],
//! sent only when it changes) or that a spectator left ([`GameHandle::recount`]).
//!
//! The lobby never waits on the disk: it only reads from the store (ratings, the next game
//! number, games and tournaments to restore at start), and queues the writes of its
//! tournament director without awaiting them. Nicknames, settings and saved set-ups are written by
//! the service layer (`crate::service`), off the runtime.
//!
//! Files: `sessions.rs` (arrival, departure, seats and presence), `seeks.rs` (seeks,
//! challenges, games against the computer, chat), `bots.rs` (a computer player's seat),
//! `agents.rs` (an external program's seat), `tournaments.rs` (the tournament director).

mod agents;
pub mod analysis;
mod bots;
mod seeks;
mod sessions;
pub mod think;
mod tournaments;

pub use crate::proto::TournamentOrder;
pub use tournaments::{stored_info, TournamentError};

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot, watch};
use tracing::{info, warn};

use crate::game::SessionEvent;
use crate::game::{self, GameConfig, GameHandle, GameReport, NewGame, Player};
use crate::limit::{address_block, AddrNet, AddressRate, TokenBucket};
use crate::proto::{
    AdminSession, ChatLine, GameId, GameSnapshot, GameSummary, GameTerms, LobbyCmd, LobbySnapshot,
    Notice, PlayerId, PlayerInfo, PlayerStatus, Seek, SeekId,
};
use crate::rules::{ByColor, Color, Variant};
use crate::store::Store;
use crate::supervise::Fatal;

pub type SessionId = u64;

/// Longest lobby chat line, in characters.
pub const CHAT_MAX_CHARS: usize = 200;
const CHAT_KEEP: usize = 100;
/// Least time between two lobby snapshots (changes in between are published together):
/// 200 ms, and a millisecond per session connected past 200, up to a second (every
/// snapshot redraws every lobby screen).
fn publish_every(sessions: usize) -> Duration {
    Duration::from_millis((sessions as u64).clamp(200, 1000))
}

/// Who is connecting, as proven by authentication (an edge's sessions send it to the core:
/// `crate::bus`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Ident {
    /// The key, or a guest's id (given by the lobby on arrival).
    pub id: PlayerId,
    /// The nickname: for a key, the one the service granted; for a guest, given by the
    /// lobby on arrival.
    pub nick: String,
    pub guest: bool,
    /// The address it connected from (for address bans).
    pub addr: Option<std::net::IpAddr>,
}

/// Which sessions an admin's kick applies to.
#[derive(Clone, Debug, Default)]
pub struct KickWhom {
    pub nick: Option<String>,
    pub identity: Option<PlayerId>,
    /// The addresses (a block or a prefix: see [`AddrNet`]); an address in any form
    /// (IPv4-mapped too) is in it.
    pub addr: Option<AddrNet>,
}

/// What a session gets when it joins the lobby.
pub struct Joined {
    pub session: SessionId,
    /// The nickname the session has in the lobby.
    pub nick: String,
    pub snapshot: watch::Receiver<Arc<LobbySnapshot>>,
    /// The player has a game in progress (seated, or asked: see `SeatElsewhere`).
    pub resumed: bool,
}

/// Correspondence games in set-up or play one identity may have at once (they do not
/// count against `max_games_per_player`, which is for games played at one sitting).
pub const MAX_CORRESPONDENCE_GAMES: usize = 30;

/// Guests from one address (an IPv6 /64) may have this many times the per-player budget
/// of games in progress together: a guest who reconnects is a new guest, so without it one
/// address could pile up games by reconnecting.
pub const GUEST_GAMES_PER_ADDRESS: usize = 3;

#[derive(Clone, Debug)]
pub struct LobbyConfig {
    pub game: GameConfig,
    /// Delay before a bot moves, so a human can follow.
    pub bot_delay: Duration,
    /// When set, an open seek nobody took within this time is accepted by the `easy`
    /// computer (as a casual game).
    pub bots_accept_seeks: Option<Duration>,
    /// Games in set-up or play one identity (key or guest) may have at once; a seek,
    /// an acceptance, a challenge or a game against the computer past it is refused with
    /// a notice. Computer players are exempt.
    pub max_games_per_player: usize,
    /// Other people's programs offered as opponents (`[[agents]]`).
    pub agents: Vec<crate::ucc::external::AgentSpec>,
    /// Where each agent game's standard error is kept (`None`: nowhere).
    pub agent_logs: Option<std::path::PathBuf>,
    /// How agents' programs are boxed (`agents_user`, `agents_sandbox`).
    pub agent_box: crate::ucc::external::AgentBox,
    /// Admins may enter computer players in tournaments (for testing).
    pub tournament_bots: bool,
    /// Upcoming and running tournaments one player (a key) may have created at once;
    /// admins are exempt.
    pub max_tournaments_per_organiser: usize,
    /// Entrants one tournament takes (computer players included).
    pub max_entrants: usize,
    /// A seek younger than this is not taken by another player's seek of the same terms
    /// (only by an explicit acceptance): a seek posted and withdrawn in a loop cannot
    /// capture the people posting meanwhile.
    pub seek_match_delay: Duration,
    /// Computer players thinking at once (the hard bot's search is CPU work on the
    /// blocking pool); the others wait their turn for a thread. At least 1.
    pub max_bot_threads: usize,
    /// The analysis after a game: its threads, queue bound and search budget
    /// (`analysis_threads`, `analysis_queue`).
    pub analysis: analysis::AnalysisConfig,
}

impl Default for LobbyConfig {
    fn default() -> Self {
        LobbyConfig {
            game: GameConfig::default(),
            bot_delay: Duration::from_millis(400),
            bots_accept_seeks: None,
            max_games_per_player: 3,
            agents: Vec::new(),
            agent_logs: None,
            agent_box: Default::default(),
            tournament_bots: false,
            max_tournaments_per_organiser: 3,
            max_entrants: 256,
            seek_match_delay: Duration::from_secs(2),
            max_bot_threads: 2,
            analysis: analysis::AnalysisConfig::default(),
        }
    }
}

enum LobbyMsg {
    Connect {
        ident: Ident,
        events: mpsc::Sender<SessionEvent>,
        reply: oneshot::Sender<Joined>,
    },
    Disconnect {
        session: SessionId,
    },
    Cmd {
        session: SessionId,
        cmd: LobbyCmd,
    },
    /// A session's seat in a game was dropped (it left the game, or it ended).
    LeftGame {
        session: SessionId,
        game: GameId,
    },
    /// A game accepted a session as a spectator.
    Watch {
        session: SessionId,
        game: GameId,
        snapshots: watch::Receiver<Arc<GameSnapshot>>,
    },
    Broadcast(String),
    /// A session's player changed their nickname.
    Renamed {
        session: SessionId,
        nick: String,
    },
    /// The bot-accept timer of a seek ran out.
    BotTakesSeek(SeekId),
    /// A seek is `seek_match_delay` old: it now takes a compatible open seek posted
    /// beside it while both were too young to pair.
    SeekRipe(SeekId),
    Kick {
        whom: KickWhom,
        reason: String,
        reply: oneshot::Sender<usize>,
    },
    /// Every session online, for the admin screen.
    Sessions(oneshot::Sender<Vec<AdminSession>>),
    /// An organiser's order about tournaments.
    Tournament {
        order: TournamentOrder,
        reply: oneshot::Sender<Result<Notice, TournamentError>>,
    },
    /// The correspondence games waiting for a player's move (`games --my-turn`, the web).
    Waiting {
        identity: PlayerId,
        reply: oneshot::Sender<Vec<crate::proto::WaitingGame>>,
    },
    /// Every tournament, for `ssh host tournaments`.
    Tournaments(oneshot::Sender<Vec<crate::proto::TournamentInfo>>),
    /// A public game's handle, for a spectator outside any session (the web).
    PublicGame {
        id: GameId,
        reply: oneshot::Sender<Option<GameHandle>>,
    },
    Shutdown(oneshot::Sender<()>),
}

/// The lobby of another process (a core, over the bus: `crate::bus`), as an edge's
/// [`LobbyHandle`] reaches it: a session joins, sends commands and leaves through it, and its
/// events (the seats of its games among them) arrive on the `events` queue it gave, as from
/// the lobby of this process. The sessions never know which lobby they talk to.
pub trait RemoteLobby: Send + Sync + 'static {
    /// Joins the lobby of the other process; `None` when it cannot be reached.
    fn connect(
        &self,
        ident: Ident,
        events: mpsc::Sender<SessionEvent>,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Option<Joined>> + Send + '_>>;
    fn disconnect(&self, session: SessionId);
    fn command(&self, session: SessionId, cmd: LobbyCmd);
    /// The session's player now goes by `nick` (the other process's store has it already).
    fn renamed(&self, session: SessionId, nick: String);
}

/// Talks to the lobby actor (of this process), or to the lobby of a core through a
/// [`RemoteLobby`] ([`LobbyHandle::remote`]).
#[derive(Clone)]
pub struct LobbyHandle {
    /// The analysis after the game (asked for by replays; fed by games that end).
    analysis: analysis::AnalysisQueue,
    tx: mpsc::UnboundedSender<LobbyMsg>,
    /// Set on an edge: joining, commands and leaving go there. The admin's and the web's
    /// calls (kicks, sessions, tournaments, a public game) do not come here on an edge: the
    /// edge's `service::Service` sends them to the core (`service::Call`). Asked here, they
    /// find no receiver on `tx` and answer as a lobby that is stopping would (nothing, none,
    /// `TournamentError::Stopping`).
    remote: Option<Arc<dyn RemoteLobby>>,
    snapshot: watch::Receiver<Arc<LobbySnapshot>>,
    fatal: watch::Receiver<Option<String>>,
}

impl LobbyHandle {
    /// The analysis queue: finished games waiting for the hard computer's review.
    pub fn analysis(&self) -> &analysis::AnalysisQueue {
        &self.analysis
    }

    /// Waits until the lobby or a game task panics; what panicked. Never returns while
    /// everything runs.
    pub async fn failed(&self) -> String {
        let mut rx = self.fatal.clone();
        let what = match rx.wait_for(|v| v.is_some()).await {
            Ok(v) => v.clone(),
            Err(_) => None,
        };
        match what {
            Some(what) => what,
            None => std::future::pending().await,
        }
    }

    /// A handle on the lobby of another process (an edge's: see [`RemoteLobby`]); its
    /// snapshots arrive on `snapshot`.
    pub fn remote(
        link: Arc<dyn RemoteLobby>,
        snapshot: watch::Receiver<Arc<LobbySnapshot>>,
    ) -> LobbyHandle {
        // No lobby task here: what is sent on `tx` finds no receiver (see `remote` above),
        // and no task of this process can fail the way `failed` waits for.
        let (tx, _) = mpsc::unbounded_channel();
        let (_, fatal) = watch::channel(None);
        LobbyHandle {
            analysis: analysis::AnalysisQueue::off(),
            tx,
            remote: Some(link),
            snapshot,
            fatal,
        }
    }

    /// This handle reaches the lobby of another process (see [`LobbyHandle::remote`]).
    pub fn is_remote(&self) -> bool {
        self.remote.is_some()
    }

    /// Joins the lobby. Snapshot changes arrive on the returned receiver, personal events on
    /// `events`.
    pub async fn connect(
        &self,
        ident: Ident,
        events: mpsc::Sender<SessionEvent>,
    ) -> Option<Joined> {
        if let Some(remote) = &self.remote {
            return remote.connect(ident, events).await;
        }
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(LobbyMsg::Connect {
                ident,
                events,
                reply,
            })
            .ok()?;
        rx.await.ok()
    }

    pub fn disconnect(&self, session: SessionId) {
        if let Some(remote) = &self.remote {
            return remote.disconnect(session);
        }
        let _ = self.tx.send(LobbyMsg::Disconnect { session });
    }

    pub fn command(&self, session: SessionId, cmd: LobbyCmd) {
        if let Some(remote) = &self.remote {
            return remote.command(session, cmd);
        }
        let _ = self.tx.send(LobbyMsg::Cmd { session, cmd });
    }

    /// Disconnects the matching sessions with a reason; how many there were.
    pub async fn kick(&self, whom: KickWhom, reason: String) -> usize {
        let (reply, rx) = oneshot::channel();
        if self
            .tx
            .send(LobbyMsg::Kick {
                whom,
                reason,
                reply,
            })
            .is_err()
        {
            return 0;
        }
        rx.await.unwrap_or(0)
    }

    /// Every session online (nick, identity, address, where it is), sorted by nick.
    pub async fn sessions(&self) -> Vec<AdminSession> {
        let (reply, rx) = oneshot::channel();
        if self.tx.send(LobbyMsg::Sessions(reply)).is_err() {
            return Vec::new();
        }
        rx.await.unwrap_or_default()
    }

    /// Creates, edits, starts or cancels a tournament; the line to show (in English), or
    /// why not.
    pub async fn tournament(&self, order: TournamentOrder) -> Result<String, TournamentError> {
        self.tournament_notice(order).await.map(|n| n.to_string())
    }

    /// [`LobbyHandle::tournament`], the line as a [`Notice`] (for the asker's language).
    pub async fn tournament_notice(
        &self,
        order: TournamentOrder,
    ) -> Result<Notice, TournamentError> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(LobbyMsg::Tournament { order, reply })
            .map_err(|_| TournamentError::Stopping)?;
        rx.await.unwrap_or(Err(TournamentError::Stopping))
    }

    /// Every tournament the lobby has: running, upcoming, then ended ones, newest first.
    pub async fn tournaments(&self) -> Vec<crate::proto::TournamentInfo> {
        let (reply, rx) = oneshot::channel();
        if self.tx.send(LobbyMsg::Tournaments(reply)).is_err() {
            return Vec::new();
        }
        rx.await.unwrap_or_default()
    }

    /// The correspondence games waiting for `identity`'s move, soonest deadline first
    /// (empty on an edge, whose lobby is another process's, and while stopping).
    pub async fn waiting(&self, identity: PlayerId) -> Vec<crate::proto::WaitingGame> {
        let (reply, rx) = oneshot::channel();
        if self.tx.send(LobbyMsg::Waiting { identity, reply }).is_err() {
            return Vec::new();
        }
        rx.await.unwrap_or_default()
    }

    /// The handle of a game in play that anyone may watch (to join its spectators,
    /// [`GameHandle::spectate`]); `None` for a private game or one not in play.
    pub async fn public_game(&self, id: GameId) -> Option<GameHandle> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(LobbyMsg::PublicGame { id, reply }).ok()?;
        rx.await.ok().flatten()
    }

    pub fn snapshot(&self) -> Arc<LobbySnapshot> {
        self.snapshot.borrow().clone()
    }

    /// The lobby's snapshots as they are published (for a reader that follows them).
    pub fn subscribe(&self) -> watch::Receiver<Arc<LobbySnapshot>> {
        self.snapshot.clone()
    }

    pub fn broadcast(&self, text: String) {
        let _ = self.tx.send(LobbyMsg::Broadcast(text));
    }

    /// The player of `session` now goes by `nick` (the store has it already).
    pub fn renamed(&self, session: SessionId, nick: String) {
        if let Some(remote) = &self.remote {
            return remote.renamed(session, nick);
        }
        let _ = self.tx.send(LobbyMsg::Renamed { session, nick });
    }

    /// Ends every game task and the lobby.
    pub async fn shutdown(&self) {
        let (tx, rx) = oneshot::channel();
        if self.tx.send(LobbyMsg::Shutdown(tx)).is_ok() {
            let _ = rx.await;
        }
    }
}

/// Starts the lobby actor, with the games in progress the store kept.
pub fn spawn(config: LobbyConfig, store: Store) -> LobbyHandle {
    let (tx, rx) = mpsc::unbounded_channel();
    let (reports_tx, reports_rx) = mpsc::unbounded_channel();
    let (snap_tx, snap_rx) = watch::channel(Arc::new(LobbySnapshot::default()));
    let bot_threads = think::ThinkPool::new(config.max_bot_threads);
    let analysis = analysis::AnalysisQueue::new(config.analysis, store.clone());
    let mut lobby = Lobby {
        analysis: analysis.clone(),
        config,
        store,
        bot_threads,
        self_tx: tx.clone(),
        sessions: HashMap::new(),
        next_session: 1,
        next_game: 1,
        next_seek: 1,
        seeks: Vec::new(),
        seek_sessions: HashMap::new(),
        challenges_told: HashMap::new(),
        private_told: HashMap::new(),
        waiting_told: HashMap::new(),
        seek_watch: seeks::SeekWatch::default(),
        games: HashMap::new(),
        chat: Vec::new(),
        chat_blocks: AddressRate::with_bucket(
            CHAT_BLOCK_BURST,
            CHAT_BLOCK_PER_SEC,
            crate::limit::RATE_TRACKED,
        ),
        tournaments: std::collections::BTreeMap::new(),
        tournament_games: HashMap::new(),
        reports: reports_tx,
        snapshot: snap_tx,
        fatal: Fatal::new(),
    };
    // Read once, here (before restoring, which may start games); from now on the lobby
    // numbers games in memory.
    match lobby.store.game_ids_from() {
        Ok(from) => lobby.next_game = lobby.next_game.max(from),
        Err(e) => {
            warn!(error = %e, "cannot read where game numbers go on: from past the games in progress")
        }
    }
    lobby.restore_games();
    lobby.restore_tournaments();
    let fatal = lobby.fatal.clone();
    fatal.spawn("lobby".into(), lobby.run(rx, reports_rx));
    LobbyHandle {
        analysis,
        tx,
        remote: None,
        snapshot: snap_rx,
        fatal: fatal.subscribe(),
    }
}

struct SessionEntry {
    ident: Ident,
    /// Classic rating, when rated.
    rating: Option<i32>,
    nick: String,
    events: mpsc::Sender<SessionEvent>,
    /// Where the session is: the only record of it.
    status: PlayerStatus,
    chat: TokenBucket,
    /// Seeks and challenges posted: [`SEEK_BURST`] at once, then one every
    /// [`SEEK_EVERY`] (each redraws every lobby screen).
    seeks: TokenBucket,
    /// The game whose seat another terminal of the player took from this one: the seat
    /// comes back here if that terminal goes while this one is still connected.
    displaced: Option<GameId>,
}

/// Chat lines the sessions of one address block (see [`address_block`]) may send at once,
/// and a second after that, all together (each session also has its own budget).
const CHAT_BLOCK_BURST: f64 = 10.0;
const CHAT_BLOCK_PER_SEC: f64 = 1.0;

/// Seeks a session may post at once, and the time that earns it another.
const SEEK_BURST: f64 = 5.0;
const SEEK_EVERY: Duration = Duration::from_secs(6);

/// What a game spawned by the lobby starts from.
enum Restore {
    /// A new game.
    No,
    /// A game in play kept across a restart.
    Play(Box<crate::store::LiveGame>),
    /// A correspondence game in its set-up kept across a restart.
    Setup(Box<crate::store::LiveSetup>),
}

struct GameEntry {
    handle: GameHandle,
    seats: ByColor<watch::Receiver<Arc<GameSnapshot>>>,
    players: ByColor<Player>,
    terms: GameTerms,
    private: bool,
    ply: u32,
    spectators: u32,
    /// A correspondence game in play: the side to move and its deadline (Unix seconds).
    turn: Option<(Color, crate::store::Timestamp)>,
    /// With a total budget, in play: when the side to move's budget runs out (Unix
    /// seconds).
    budget_ends: Option<crate::store::Timestamp>,
    /// A correspondence game in its set-up: the sides whose set-up is due, and the
    /// deadline (Unix seconds).
    setup_due: Option<(ByColor<bool>, crate::store::Timestamp)>,
    over: bool,
    /// Whether each seat's player was last said to be present, and online (`None`: not
    /// said yet).
    present: ByColor<Option<(bool, bool)>>,
    /// The address blocks (see [`address_block`]) its guest players came from.
    guest_blocks: Vec<std::net::IpAddr>,
}

struct Lobby {
    config: LobbyConfig,
    store: Store,
    /// Where computer players think: [`LobbyConfig::max_bot_threads`] threads.
    bot_threads: think::ThinkPool,
    /// Finished games waiting for the analysis after the game.
    analysis: analysis::AnalysisQueue,
    self_tx: mpsc::UnboundedSender<LobbyMsg>,
    sessions: HashMap<SessionId, SessionEntry>,
    next_session: SessionId,
    next_game: GameId,
    next_seek: SeekId,
    seeks: Vec<seeks::OpenSeek>,
    /// The session that posted each seek (its game starts there).
    seek_sessions: HashMap<SeekId, SessionId>,
    /// The challenges each session was last sent.
    challenges_told: HashMap<SessionId, Vec<Seek>>,
    /// The private games in play each session was last sent (its player's).
    private_told: HashMap<SessionId, Vec<GameSummary>>,
    /// The waiting list each session was last sent (`send_waiting`).
    waiting_told: HashMap<SessionId, Vec<crate::proto::WaitingGame>>,
    /// When each open seek was posted, and how each player's last seeks ended.
    seek_watch: seeks::SeekWatch,
    games: HashMap<GameId, GameEntry>,
    chat: Vec<ChatLine>,
    /// Chat lines per address block (every session from it together), past the session's
    /// own budget: fifty guests from one address chat as fast as a few.
    chat_blocks: AddressRate,
    tournaments: std::collections::BTreeMap<crate::proto::TournamentId, tournaments::Tourney>,
    /// The tournament each tournament game in play belongs to.
    tournament_games: HashMap<GameId, crate::proto::TournamentId>,
    reports: mpsc::UnboundedSender<GameReport>,
    snapshot: watch::Sender<Arc<LobbySnapshot>>,
    /// Where a panic of the lobby's or a game's task is reported.
    fatal: Fatal,
}

impl Lobby {
    async fn run(
        mut self,
        mut rx: mpsc::UnboundedReceiver<LobbyMsg>,
        mut reports: mpsc::UnboundedReceiver<GameReport>,
    ) {
        // Move counts of games in play change all the time: they are published at most
        // once a second, so a busy server does not redraw every lobby on every move.
        let mut progress_tick = tokio::time::interval(Duration::from_secs(1));
        progress_tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut stale = false;
        // Tournaments start, pair and end on their own time.
        let mut tournament_tick = tokio::time::interval(Duration::from_secs(1));
        tournament_tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // Other changes are published together at most every `publish_every`: a thousand
        // people arriving in a minute must not redraw every lobby a thousand times.
        let mut pending = false;
        let mut published = tokio::time::Instant::now() - Duration::from_secs(1);
        loop {
            let mut urgent = false;
            tokio::select! {
                msg = rx.recv() => match msg {
                    Some(LobbyMsg::Shutdown(done)) => {
                        for g in self.games.values() {
                            g.handle.shutdown().await;
                        }
                        let _ = done.send(());
                        break;
                    }
                    Some(msg) => {
                        // What the games reported first: a command is judged on the games
                        // as they are (one that ended no longer counts against a budget).
                        while let Ok(report) = reports.try_recv() {
                            self.report(report);
                        }
                        self.handle(msg);
                        urgent = true;
                    }
                    None => break,
                },
                Some(report) = reports.recv() => urgent |= self.report(report),
                _ = progress_tick.tick(), if stale => urgent = true,
                _ = tournament_tick.tick() => {
                    while let Ok(report) = reports.try_recv() {
                        self.report(report);
                    }
                    urgent |= self.tournament_tick();
                }
                _ = tokio::time::sleep_until(published + publish_every(self.sessions.len())), if pending => {}
            }
            // Drain what is already queued before publishing one snapshot.
            while let Ok(report) = reports.try_recv() {
                urgent |= self.report(report);
            }
            if urgent {
                pending = true;
                stale = false;
            } else if !pending {
                stale = true;
            }
            let now = tokio::time::Instant::now();
            if pending && now >= published + publish_every(self.sessions.len()) {
                self.publish();
                pending = false;
                stale = false;
                published = now;
            }
        }
    }

    fn publish(&mut self) {
        let (private, games): (Vec<GameSummary>, Vec<GameSummary>) =
            self.games_in_play().into_iter().partition(|g| g.private);
        let snap = LobbySnapshot {
            players: self.players_online(),
            // A challenge is for its two players only (see `send_challenges`).
            seeks: self
                .seeks
                .iter()
                .filter(|s| s.private_to.is_none())
                .map(|s| self.shown(s))
                .collect(),
            // A private game is for its two players only (see `send_private_games`).
            games,
            chat: self.chat.clone(),
            agents: self.config.agents.iter().map(|a| a.name.clone()).collect(),
            tournaments: self.tournaments_info(),
        };
        self.send_challenges();
        self.send_private_games(&private);
        self.send_waiting();
        self.snapshot.send_if_modified(|old| {
            if **old == snap {
                false
            } else {
                *old = Arc::new(snap);
                true
            }
        });
    }

    /// Sends each session the challenges it is part of (made or received), when they
    /// changed since it was last told.
    fn send_challenges(&mut self) {
        let challenges: Vec<(&seeks::OpenSeek, Seek)> = self
            .seeks
            .iter()
            .filter(|k| k.private_to.is_some())
            .map(|k| (k, self.shown(k)))
            .collect();
        for (id, s) in self.sessions.iter() {
            let mine: Vec<Seek> = challenges
                .iter()
                .filter(|(k, _)| {
                    k.owner == s.ident.id || k.private_to.as_ref() == Some(&s.ident.id)
                })
                .map(|(_, shown)| shown.clone())
                .collect();
            let told = self.challenges_told.entry(*id).or_default();
            if *told != mine {
                *told = mine.clone();
                let _ = s.events.try_send(SessionEvent::Challenges(mine));
            }
        }
        let sessions = &self.sessions;
        self.challenges_told.retain(|k, _| sessions.contains_key(k));
    }

    /// Sends each session its player's private games in play, when they changed since it
    /// was last told.
    fn send_private_games(&mut self, private: &[GameSummary]) {
        for (id, s) in self.sessions.iter() {
            let mine: Vec<GameSummary> = private
                .iter()
                .filter(|g| {
                    self.games.get(&g.id).is_some_and(|e| {
                        e.players.red.id == s.ident.id || e.players.blue.id == s.ident.id
                    })
                })
                .cloned()
                .collect();
            let told = self.private_told.entry(*id).or_default();
            if *told != mine {
                *told = mine.clone();
                let _ = s.events.try_send(SessionEvent::PrivateGames(mine));
            }
        }
        let sessions = &self.sessions;
        self.private_told.retain(|k, _| sessions.contains_key(k));
    }

    /// Sends each session its player's correspondence games waiting for a move or a
    /// set-up (by identity), when that list changed since it was last told.
    fn send_waiting(&mut self) {
        // One list per player, however many terminals.
        let mut lists: HashMap<&PlayerId, Vec<crate::proto::WaitingGame>> = HashMap::new();
        let anyone = self.games.values().any(|g| g.terms.correspondence());
        for (id, s) in self.sessions.iter() {
            let mine = if anyone {
                lists
                    .entry(&s.ident.id)
                    .or_insert_with(|| self.waiting_for(&s.ident.id))
                    .clone()
            } else {
                Vec::new()
            };
            // Sent once to every session, empty or not: the line mode tells the games
            // that become due after the first list (the login notice names those).
            if self.waiting_told.get(id) != Some(&mine) {
                self.waiting_told.insert(*id, mine.clone());
                let _ = s.events.try_send(SessionEvent::Waiting(mine));
            }
        }
        let sessions = &self.sessions;
        self.waiting_told.retain(|k, _| sessions.contains_key(k));
    }

    /// One row per nickname (a player may be connected more than once). Nobody is shown
    /// in a private game (as playing it, or as having left it): to all but its two players
    /// (told apart, `send_private_games`) it does not exist.
    fn players_online(&self) -> Vec<PlayerInfo> {
        let private = |g: GameId| self.games.get(&g).is_some_and(|e| e.private);
        // The players who left a game in progress that no session of theirs shows.
        let mut left: HashMap<&PlayerId, GameId> = HashMap::new();
        // A correspondence game is not left: its players come and go.
        for (&id, g) in self
            .games
            .iter()
            .filter(|(_, g)| !g.over && !g.private && !g.terms.correspondence())
        {
            for c in Color::ALL {
                if matches!(g.present.get(c), Some((false, _))) && !g.players.get(c).bot {
                    left.insert(&g.players.get(c).id, id);
                }
            }
        }
        let mut nicks: HashMap<&str, usize> = HashMap::new();
        let mut seen: Vec<PlayerInfo> = Vec::new();
        for s in self.sessions.values() {
            let status = match (s.status, left.get(&s.ident.id)) {
                (PlayerStatus::Playing(g) | PlayerStatus::Watching(g), _) if private(g) => {
                    PlayerStatus::Idle
                }
                (PlayerStatus::Idle, Some(&g)) => PlayerStatus::LeftGame(g),
                (status, _) => status,
            };
            match nicks.get(s.nick.as_str()) {
                // A player connected twice: the session in a game tells the most.
                Some(&k) => {
                    if matches!(status, PlayerStatus::Playing(_)) {
                        seen[k].status = status;
                    }
                }
                None => {
                    nicks.insert(s.nick.as_str(), seen.len());
                    seen.push(PlayerInfo {
                        nick: s.nick.clone(),
                        guest: s.ident.guest,
                        bot: false,
                        rating: s.rating,
                        status,
                    });
                }
            }
        }
        seen.sort_by_cached_key(|p| p.nick.to_lowercase());
        seen
    }

    fn games_in_play(&self) -> Vec<GameSummary> {
        let mut games: Vec<GameSummary> = self
            .games
            .iter()
            .filter(|(_, g)| !g.over)
            .map(|(&id, g)| GameSummary {
                id,
                red: g.players.red.nick.clone(),
                blue: g.players.blue.nick.clone(),
                terms: g.terms,
                ply: g.ply,
                spectators: g.spectators,
                private: g.private,
                turn: g.turn,
            })
            .collect();
        games.sort_by_key(|g| g.id);
        games
    }

    fn handle(&mut self, msg: LobbyMsg) {
        match msg {
            LobbyMsg::Connect {
                ident,
                events,
                reply,
            } => self.connect(ident, events, reply),
            LobbyMsg::Disconnect { session } => self.disconnect(session),
            LobbyMsg::Cmd { session, cmd } => self.command(session, cmd),
            LobbyMsg::LeftGame { session, game } => self.left_game(session, game),
            LobbyMsg::Watch {
                session,
                game,
                snapshots,
            } => self.watch(session, game, snapshots),
            LobbyMsg::Broadcast(text) => {
                let text = crate::text::clean_line(&text, 500);
                for s in self.sessions.values() {
                    let _ = s.events.try_send(SessionEvent::Notice(
                        Notice::new("notice-server").arg("text", text.clone()),
                    ));
                }
            }
            LobbyMsg::Renamed { session, nick } => self.renamed(session, nick),
            LobbyMsg::BotTakesSeek(id) => self.bot_takes_seek(id),
            LobbyMsg::SeekRipe(id) => self.seek_ripe(id),
            LobbyMsg::Kick {
                whom,
                reason,
                reply,
            } => {
                let _ = reply.send(self.kick(&whom, &reason));
            }
            LobbyMsg::Sessions(reply) => {
                let _ = reply.send(self.admin_sessions());
            }
            LobbyMsg::Tournament { order, reply } => {
                let _ = reply.send(self.tournament_order(order));
            }
            LobbyMsg::PublicGame { id, reply } => {
                let g = self.games.get(&id).filter(|g| !g.private);
                let _ = reply.send(g.map(|g| g.handle.clone()));
            }
            LobbyMsg::Tournaments(reply) => {
                let _ = reply.send(self.tournament_list());
            }
            LobbyMsg::Waiting { identity, reply } => {
                let _ = reply.send(self.waiting_for(&identity));
            }
            LobbyMsg::Shutdown(_) => {}
        }
    }

    fn kick(&self, whom: &KickWhom, reason: &str) -> usize {
        let mut n = 0;
        for s in self.sessions.values() {
            let hit = whom
                .nick
                .as_ref()
                .is_some_and(|x| x.eq_ignore_ascii_case(&s.nick))
                || whom.identity.as_ref().is_some_and(|x| *x == s.ident.id)
                || whom
                    .addr
                    .is_some_and(|net| s.ident.addr.is_some_and(|a| net.contains(a)));
            if hit {
                n += 1;
                let _ = s.events.try_send(SessionEvent::Kicked(reason.to_string()));
            }
        }
        let addr = whom.addr.map(|a| a.to_string()).unwrap_or_default();
        info!(kicked = n, addr = %addr, "admin kick");
        n
    }

    /// Whether `session` may send a chat line now (lobby or tournament chat): within its
    /// own budget and its address block's. Told why when not.
    fn chat_allowed(&mut self, session: SessionId) -> bool {
        let now = std::time::Instant::now();
        let Some(me) = self.sessions.get_mut(&session) else {
            return false;
        };
        if !me.chat.try_take(now) {
            self.notice(session, Notice::new("refusal-too-fast"));
            return false;
        }
        let Some(addr) = me.ident.addr else {
            return true;
        };
        if let crate::limit::Admit::No { first } = self.chat_blocks.take(addr, now) {
            if first {
                info!(key = %address_block(addr), "chat lines refused: too many from one address");
            }
            self.notice(session, Notice::new("refusal-too-fast-address"));
            return false;
        }
        true
    }

    fn admin_sessions(&self) -> Vec<AdminSession> {
        let mut list: Vec<AdminSession> = self
            .sessions
            .iter()
            .map(|(&id, s)| AdminSession {
                session: id,
                nick: s.nick.clone(),
                guest: s.ident.guest,
                key: s.ident.id.fingerprint().map(str::to_string),
                // In the one form bans take (an IPv4-mapped address as IPv4).
                addr: s.ident.addr.map(crate::limit::canonical),
                status: s.status,
            })
            .collect();
        list.sort_by(|a, b| {
            (a.nick.to_lowercase(), a.session).cmp(&(b.nick.to_lowercase(), b.session))
        });
        list
    }

    fn notice(&self, session: SessionId, notice: impl Into<Notice>) {
        if let Some(s) = self.sessions.get(&session) {
            let _ = s.events.try_send(SessionEvent::Notice(notice.into()));
        }
    }

    /// Games in set-up or play where `identity` has a seat: the live ones, or the
    /// correspondence ones (`correspondence`), each counted against its own budget.
    fn games_in_progress_of(&self, identity: &PlayerId, correspondence: bool) -> usize {
        self.games
            .values()
            .filter(|g| {
                !g.over
                    && g.terms.correspondence() == correspondence
                    && Color::ALL.iter().any(|&c| g.players.get(c).id == *identity)
            })
            .count()
    }

    /// Live games (not correspondence) in set-up or play where `identity` has a seat.
    fn games_in_progress(&self, identity: &PlayerId) -> usize {
        self.games_in_progress_of(identity, false)
    }

    /// Why `identity` may not start another correspondence game, or `None`.
    fn over_correspondence_budget(&self, who: &Ident, other: Option<&str>) -> Option<Notice> {
        let n = self.games_in_progress_of(&who.id, true);
        (n >= MAX_CORRESPONDENCE_GAMES).then(|| match other {
            None => Notice::new("refusal-own-correspondence-games").arg("games", n),
            Some(nick) => Notice::new("refusal-their-correspondence-games")
                .arg("nick", nick)
                .arg("games", n),
        })
    }

    /// A correspondence game became `side`'s move: that player's sessions online but not
    /// showing the game are told (the screens' bottom line; the line mode says it from the
    /// lobby's list, in its own words).
    fn tell_move_due(&self, game: GameId, side: Color) {
        let Some(g) = self.games.get(&game) else {
            return;
        };
        let (me, opponent) = (
            &g.players.get(side).id,
            &g.players.get(side.opposite()).nick,
        );
        for s in self.sessions.values() {
            if s.ident.id == *me && s.status != PlayerStatus::Playing(game) {
                let _ = s.events.try_send(SessionEvent::Notice(
                    Notice::new("notice-your-move-now")
                        .arg("game", game)
                        .arg("opponent", opponent)
                        .in_lines(crate::proto::InLines::Silent),
                ));
            }
        }
    }

    /// The correspondence games of `identity` waiting for its move (or its set-up),
    /// soonest deadline first. Matched by identity, never by nick: a renamed player's games
    /// are still theirs, and a nick given up and taken by another is not.
    fn waiting_for(&self, identity: &PlayerId) -> Vec<crate::proto::WaitingGame> {
        let mut out: Vec<crate::proto::WaitingGame> = self
            .games
            .iter()
            .filter(|(_, g)| !g.over)
            .filter_map(|(&id, g)| {
                let (side, deadline, setup) = match (g.turn, g.setup_due) {
                    (Some((side, deadline)), _) => (side, deadline, false),
                    (None, Some((due, deadline))) => {
                        let side = Color::ALL
                            .into_iter()
                            .find(|&c| g.players.get(c).id == *identity)?;
                        (*due.get(side)).then_some((side, deadline, true))?
                    }
                    (None, None) => return None,
                };
                let me = g.players.get(side);
                (me.id == *identity).then(|| crate::proto::WaitingGame {
                    id,
                    opponent: g.players.get(side.opposite()).nick.clone(),
                    color: side,
                    variant: g.terms.rules.variant,
                    days: g.terms.days.unwrap_or(0),
                    ply: g.ply,
                    deadline,
                    setup,
                    budget: g.terms.budget,
                    budget_ends: g.budget_ends.filter(|_| !setup),
                })
            })
            .collect();
        out.sort_by_key(|w| (w.deadline, w.id));
        out
    }

    /// Why `identity` may not start another game now, or `None` when it may. `other`:
    /// the nick of the player asked about when it is not the one asking. Computer players
    /// are never counted.
    fn over_game_budget(&self, who: &Ident, other: Option<&str>) -> Option<Notice> {
        let identity = &who.id;
        if identity.bot_level().is_some() {
            return None;
        }
        if let (true, Some(addr)) = (who.guest, who.addr) {
            // A guest who leaves and comes back is a new guest: its address holds.
            let block = address_block(addr);
            let max = self.config.max_games_per_player * GUEST_GAMES_PER_ADDRESS;
            let n = self
                .games
                .values()
                .filter(|g| !g.over && g.guest_blocks.contains(&block))
                .count();
            if n >= max {
                tracing::debug!(games = n, max, "guest game budget of an address reached");
                return Some(match other {
                    None => Notice::new("refusal-guest-games").arg("games", n),
                    Some(nick) => Notice::new("refusal-cannot-start").arg("nick", nick),
                });
            }
        }
        let max = self.config.max_games_per_player;
        let n = self.games_in_progress(identity);
        if n < max {
            return None;
        }
        // Debug only: a client asking in a loop must not flood the log either.
        tracing::debug!(identity = %identity, games = n, max, "game budget reached");
        Some(match other {
            None => Notice::new("refusal-own-games").arg("games", n),
            Some(nick) => Notice::new("refusal-their-games")
                .arg("nick", nick)
                .arg("games", n),
        })
    }

    /// The budget a game on `terms` counts against: correspondence games their own
    /// ([`MAX_CORRESPONDENCE_GAMES`]), others `max_games_per_player`.
    fn over_budget_for(
        &self,
        who: &Ident,
        other: Option<&str>,
        terms: &GameTerms,
    ) -> Option<Notice> {
        if terms.correspondence() {
            self.over_correspondence_budget(who, other)
        } else {
            self.over_game_budget(who, other)
        }
    }

    fn rating_of(&self, identity: &PlayerId) -> Option<i32> {
        self.store
            .ratings()
            .get(identity, Variant::Classic)
            .ok()
            .flatten()
            .filter(|r| r.games > 0)
            .map(|r| r.rating.round() as i32)
    }

    /// The players of a stored game's seats, with their ratings now.
    fn players_of(&self, seats: &ByColor<crate::store::SeatRecord>) -> ByColor<Player> {
        let player = |c: Color| {
            let seat = seats.get(c);
            Player {
                id: seat.identity.clone(),
                nick: seat.nick.clone(),
                rating: self.rating_of(&seat.identity),
                bot: seat.identity.bot_level().is_some(),
            }
        };
        ByColor::new(player(Color::Red), player(Color::Blue))
    }

    /// Games the store kept across a restart: their players come back straight into them.
    fn restore_games(&mut self) {
        let live = match self.store.live().all() {
            Ok(l) => l,
            Err(e) => {
                warn!(error = %e, "cannot read games in progress");
                return;
            }
        };
        for g in live {
            let players = self.players_of(&g.seats);
            let (id, terms, private) = (g.id, g.terms, g.private);
            // A correspondence game's turn is known here, before its task runs: a player
            // arriving at once is told of it (the task's first report says the same).
            // Red moves first: the side to move follows from the number of moves.
            let side = if g.moves.len() % 2 == 0 {
                Color::Red
            } else {
                Color::Blue
            };
            let since = g.turn_since.unwrap_or_else(crate::store::now);
            // With a total budget, the side to move's budget left (from the stored times)
            // may make the deadline sooner than its days.
            let budget_left = crate::game::corr::budget_left(
                terms.budget,
                *crate::game::corr::spent(&g.turn_starts).get(side),
            );
            let turn = terms.days.map(|days| {
                let allow = crate::game::corr::allowance(days, budget_left);
                (side, crate::game::corr::deadline(since, allow))
            });
            let budget_ends = budget_left.map(|left| since.saturating_add(left));
            let ply = u32::try_from(g.moves.len()).unwrap_or(u32::MAX);
            self.spawn_game(
                id,
                terms,
                players,
                private,
                Restore::Play(Box::new(g)),
                false,
            );
            if let Some(e) = self.games.get_mut(&id) {
                e.turn = turn;
                e.budget_ends = budget_ends;
                e.ply = ply;
            }
            self.next_game = self.next_game.max(id + 1);
        }
        // Correspondence games still in their set-up: the sides not ready are due, from
        // the stored start (the task's first report says the same).
        let setups = match self.store.live().setups() {
            Ok(l) => l,
            Err(e) => {
                warn!(error = %e, "cannot read games in set-up");
                return;
            }
        };
        for g in setups {
            let players = self.players_of(&g.seats);
            let (id, terms, private) = (g.id, g.terms, g.private);
            let due = terms.days.map(|days| {
                let owes = |c: Color| g.setups.get(c).is_none();
                (
                    ByColor::new(owes(Color::Red), owes(Color::Blue)),
                    crate::game::corr::deadline(g.started, crate::game::corr::day_secs(days)),
                )
            });
            self.spawn_game(
                id,
                terms,
                players,
                private,
                Restore::Setup(Box::new(g)),
                false,
            );
            if let Some(e) = self.games.get_mut(&id) {
                e.setup_due = due;
            }
            self.next_game = self.next_game.max(id + 1);
        }
    }

    /// Numbers and spawns a new game and seats its players: the sessions in `at` (the ones
    /// that asked for the game); other sessions of the same players are told where it is.
    fn start_game(
        &mut self,
        terms: GameTerms,
        players: ByColor<Player>,
        private: bool,
        at: &[SessionId],
    ) -> GameId {
        self.start_game_of(terms, players, private, at, false)
    }

    /// [`Lobby::start_game`], for a tournament's game when `tournament`: its players'
    /// first snapshot already offers no rematch.
    fn start_game_of(
        &mut self,
        terms: GameTerms,
        players: ByColor<Player>,
        private: bool,
        at: &[SessionId],
        tournament: bool,
    ) -> GameId {
        // Numbered in memory (from where the store said at start); the counter's write is
        // queued to the store's writer, never waited for here.
        let id = self.next_game;
        self.next_game += 1;
        let taken = self.store.game_id_taken(id);
        tokio::spawn(async move {
            if let Err(e) = taken.await {
                warn!(game = id, error = %e, "cannot store the game counter");
            }
        });
        info!(game = id, red = %players.red.nick, blue = %players.blue.nick, "new game");
        self.spawn_game(id, terms, players.clone(), private, Restore::No, tournament);
        let blocks: Vec<_> = self
            .sessions
            .values()
            .filter(|s| {
                s.ident.guest && Color::ALL.iter().any(|&c| players.get(c).id == s.ident.id)
            })
            .filter_map(|s| s.ident.addr.map(address_block))
            .collect();
        if let Some(g) = self.games.get_mut(&id) {
            g.guest_blocks = blocks;
        }
        for c in Color::ALL {
            let player = players.get(c);
            let mine: Vec<SessionId> = self
                .sessions
                .iter()
                .filter(|(_, s)| s.ident.id == player.id)
                .map(|(&k, _)| k)
                .collect();
            // The asking session plays; with none (it left meanwhile), the player's
            // first other session.
            let seated = mine
                .iter()
                .copied()
                .find(|s| at.contains(s))
                .or(mine.first().copied());
            for session in mine {
                if Some(session) == seated {
                    self.enter(session, id, Some(c));
                } else {
                    self.notice(
                        session,
                        Notice::new("notice-game-started-elsewhere").arg("game", id),
                    );
                }
            }
        }
        self.sync_presence(id);
        id
    }

    /// Spawns a game task and seats its computer players.
    fn spawn_game(
        &mut self,
        id: GameId,
        terms: GameTerms,
        players: ByColor<Player>,
        private: bool,
        restore: Restore,
        tournament: bool,
    ) -> GameId {
        let (restore, restore_setup) = match restore {
            Restore::No => (None, None),
            Restore::Play(g) => (Some(*g), None),
            Restore::Setup(g) => (None, Some(*g)),
        };
        let spawned = game::spawn(NewGame {
            id,
            terms,
            players: players.clone(),
            private,
            config: self.config.game.clone(),
            reports: self.reports.clone(),
            store: Some(self.store.clone()),
            restore,
            restore_setup,
            tournament,
            fatal: self.fatal.clone(),
        });
        self.games.insert(
            id,
            GameEntry {
                handle: spawned.handle,
                seats: spawned.seats,
                players: players.clone(),
                terms,
                private,
                ply: 0,
                spectators: 0,
                turn: None,
                budget_ends: None,
                setup_due: None,
                over: false,
                present: ByColor::new(None, None),
                guest_blocks: Vec::new(),
            },
        );
        self.seat_bots(id);
        self.seat_agents(id);
        id
    }

    /// Applies a game's report; whether the lobby should be shown at once (everything but
    /// move-count progress).
    fn report(&mut self, report: GameReport) -> bool {
        match report {
            GameReport::Started { .. } => {}
            GameReport::Progress {
                id,
                ply,
                spectators,
                turn,
                budget_ends,
            } => {
                if let Some(g) = self.games.get_mut(&id) {
                    g.ply = ply;
                    g.spectators = spectators;
                    // In play: no set-up is due any more.
                    g.setup_due = None;
                    // A correspondence game's turn passing is shown at once: the lists of
                    // games waiting for a move change.
                    let turned = g.turn != turn;
                    g.turn = turn;
                    g.budget_ends = budget_ends;
                    if let (true, Some((side, _))) = (turned, turn) {
                        self.tell_move_due(id, side);
                    }
                    return turned;
                }
                return false;
            }
            GameReport::Ended {
                id,
                outcome,
                identities,
            } => {
                if let Some(g) = self.games.get_mut(&id) {
                    g.over = true;
                    g.turn = None;
                    g.budget_ends = None;
                    g.setup_due = None;
                    info!(game = id, result = %outcome, "game ended");
                }
                // Its result is stored by now: queued for the analysis after the game
                // (a game that was not stored is dropped by the queue).
                let queued = self.analysis.request(id);
                tracing::debug!(game = id, ?queued, "analysis requested");
                self.tournament_game_ended(id, &outcome);
                for identity in [identities.red, identities.blue] {
                    let rating = self.rating_of(&identity);
                    self.tell_result_away(id, &outcome, &identity, rating);
                    for s in self.sessions.values_mut() {
                        if s.ident.id == identity {
                            s.rating = rating;
                        }
                    }
                }
            }
            GameReport::SetupDue { id, due, deadline } => {
                let Some(g) = self.games.get_mut(&id) else {
                    return false;
                };
                let now = Some((due, deadline));
                let changed = g.setup_due != now;
                g.setup_due = now;
                return changed;
            }
            GameReport::Rematch { id } => {
                let Some(g) = self.games.get(&id) else {
                    return true;
                };
                // A tournament pairs its own games: a rematch would be a game outside it
                // (and keep both out of an arena's pairing while it lasts).
                if self.tournament_games.contains_key(&id) {
                    let ids = [g.players.red.id.clone(), g.players.blue.id.clone()];
                    for s in self.sessions.values().filter(|s| ids.contains(&s.ident.id)) {
                        let _ = s.events.try_send(SessionEvent::Notice(Notice::new(
                            "refusal-tournament-rematch",
                        )));
                    }
                    return true;
                }
                let players = ByColor::new(g.players.blue.clone(), g.players.red.clone());
                let (terms, private, old) = (g.terms, g.private, g.handle.clone());
                let at: Vec<SessionId> = self
                    .sessions
                    .iter()
                    .filter(|(_, s)| s.status == PlayerStatus::Playing(id))
                    .map(|(&k, _)| k)
                    .collect();
                let new_id = self.start_game(terms, players, private, &at);
                old.set_next_game(new_id);
            }
            GameReport::Closed { id } => {
                if self.games.remove(&id).is_none() {
                    warn!(game = id, "closed an unknown game");
                }
                self.tournament_game_closed(id);
                for s in self.sessions.values_mut() {
                    if matches!(s.status, PlayerStatus::Playing(g) | PlayerStatus::Watching(g) if g == id)
                    {
                        s.status = PlayerStatus::Idle;
                    }
                }
            }
        }
        true
    }
}

/// The seat of one of the host's agents (identity `agent:<name>`, nick `bot-<name>`).
fn agent_player(name: &str) -> Player {
    Player {
        id: PlayerId::Agent(name.to_string()),
        nick: format!("bot-{name}"),
        rating: None,
        bot: true,
    }
}

/// The seat of a computer player (identity `bot:<level>`, never rated).
fn bot_player(level: crate::proto::BotLevel) -> Player {
    Player {
        id: PlayerId::Bot(level),
        nick: format!("bot-{}", level.name()),
        rating: None,
        bot: true,
    }
}
