//! The lobby actor: presence, nicknames, seeks and challenges, games in play, spectators,
//! lobby chat; it creates games and seats bots.

mod bots;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot, watch};
use tracing::{info, warn};

use crate::game::{
    self, GameConfig, GameHandle, GameReport, GameSeat, NewGame, Player, SessionEvent,
};
use crate::limit::TokenBucket;
use crate::proto::{
    AdminSession, ChatLine, GameId, GameSnapshot, GameSummary, GameTerms, LobbyCmd, LobbySnapshot,
    PlayerInfo, PlayerStatus, Seek, SeekId,
};
use crate::random;
use crate::rules::{ByColor, Color, Setup, Variant};
use crate::store::{ClaimResult, Store};
use crate::text::{clean_line, clean_nick};

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

/// Who is connecting, as proven by authentication.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// `key:<fingerprint>` for a key, `guest:<n>` for a guest.
    pub id: String,
    /// The nickname asked for (the SSH user name), or the guest name.
    pub nick: String,
    pub guest: bool,
    /// The address it connected from (for address bans).
    pub addr: Option<std::net::IpAddr>,
}

/// Which sessions an admin's kick applies to.
#[derive(Clone, Debug, Default)]
pub struct KickWhom {
    pub nick: Option<String>,
    /// `key:SHA256:...`
    pub identity: Option<String>,
    pub addr: Option<std::net::IpAddr>,
}

/// What a session gets when it joins the lobby.
pub struct Joined {
    pub session: SessionId,
    /// The nickname granted (may differ from the one asked for).
    pub nick: String,
    pub snapshot: watch::Receiver<Arc<LobbySnapshot>>,
}

#[derive(Clone, Debug)]
pub struct LobbyConfig {
    pub game: GameConfig,
    /// Delay before a bot moves, so a human can follow.
    pub bot_delay: Duration,
    /// When set, an open seek nobody took within this time is accepted by the `easy`
    /// computer (as a casual game).
    pub bots_accept_seeks: Option<Duration>,
}

impl Default for LobbyConfig {
    fn default() -> Self {
        LobbyConfig {
            game: GameConfig::default(),
            bot_delay: Duration::from_millis(400),
            bots_accept_seeks: None,
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
    /// The session stopped showing a game (left it, or it closed).
    LeftGame {
        session: SessionId,
        game: GameId,
    },
    Broadcast(String),
    /// The bot-accept timer of a seek ran out.
    BotTakesSeek(SeekId),
    Kick {
        whom: KickWhom,
        reason: String,
        reply: oneshot::Sender<usize>,
    },
    /// Every session online, for the admin screen.
    Sessions(oneshot::Sender<Vec<AdminSession>>),
    Shutdown(oneshot::Sender<()>),
}

/// Talks to the lobby actor.
#[derive(Clone)]
pub struct LobbyHandle {
    tx: mpsc::UnboundedSender<LobbyMsg>,
    snapshot: watch::Receiver<Arc<LobbySnapshot>>,
}

impl LobbyHandle {
    /// Joins the lobby. Snapshot changes arrive on the returned receiver, personal events on
    /// `events`.
    pub async fn connect(
        &self,
        ident: Ident,
        events: mpsc::Sender<SessionEvent>,
    ) -> Option<Joined> {
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
        let _ = self.tx.send(LobbyMsg::Disconnect { session });
    }

    pub fn command(&self, session: SessionId, cmd: LobbyCmd) {
        let _ = self.tx.send(LobbyMsg::Cmd { session, cmd });
    }

    pub fn left_game(&self, session: SessionId, game: GameId) {
        let _ = self.tx.send(LobbyMsg::LeftGame { session, game });
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

    /// The lobby as it is now.
    pub fn snapshot(&self) -> Arc<LobbySnapshot> {
        self.snapshot.borrow().clone()
    }

    pub fn broadcast(&self, text: String) {
        let _ = self.tx.send(LobbyMsg::Broadcast(text));
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
    let mut lobby = Lobby {
        config,
        store,
        self_tx: tx.clone(),
        sessions: HashMap::new(),
        next_session: 1,
        next_game: 1,
        next_seek: 1,
        nicks: HashMap::new(),
        seeks: Vec::new(),
        games: HashMap::new(),
        chat: Vec::new(),
        saved: HashMap::new(),
        reports: reports_tx,
        snapshot: snap_tx,
    };
    lobby.restore_games();
    tokio::spawn(lobby.run(rx, reports_rx));
    LobbyHandle {
        tx,
        snapshot: snap_rx,
    }
}

struct SessionEntry {
    ident: Ident,
    /// Classic rating, when rated.
    rating: Option<i32>,
    nick: String,
    events: mpsc::Sender<SessionEvent>,
    status: PlayerStatus,
    chat: TokenBucket,
}

struct GameEntry {
    handle: GameHandle,
    seats: ByColor<watch::Receiver<Arc<GameSnapshot>>>,
    players: ByColor<Player>,
    terms: GameTerms,
    private: bool,
    ply: u32,
    spectators: u32,
    over: bool,
}

struct Lobby {
    config: LobbyConfig,
    store: Store,
    self_tx: mpsc::UnboundedSender<LobbyMsg>,
    sessions: HashMap<SessionId, SessionEntry>,
    next_session: SessionId,
    next_game: GameId,
    next_seek: SeekId,
    /// Nickname (lower case) → identity that owns it.
    nicks: HashMap<String, String>,
    seeks: Vec<Seek>,
    games: HashMap<GameId, GameEntry>,
    chat: Vec<ChatLine>,
    /// Saved set-ups per identity.
    saved: HashMap<String, Vec<(String, Variant, Setup)>>,
    reports: mpsc::UnboundedSender<GameReport>,
    snapshot: watch::Sender<Arc<LobbySnapshot>>,
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
                        self.handle(msg).await;
                        urgent = true;
                    }
                    None => break,
                },
                Some(report) = reports.recv() => urgent |= self.report(report),
                _ = progress_tick.tick(), if stale => urgent = true,
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

    fn publish(&self) {
        let snap = LobbySnapshot {
            players: {
                let mut nicks = std::collections::HashSet::new();
                let mut seen: Vec<PlayerInfo> = Vec::new();
                for s in self.sessions.values() {
                    if nicks.insert(s.nick.as_str()) {
                        seen.push(PlayerInfo {
                            nick: s.nick.clone(),
                            guest: s.ident.guest,
                            bot: false,
                            rating: s.rating,
                            status: s.status,
                        });
                    }
                }
                seen.sort_by_cached_key(|p| p.nick.to_lowercase());
                seen
            },
            seeks: self.seeks.clone(),
            games: {
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
                    })
                    .collect();
                games.sort_by_key(|g| g.id);
                games
            },
            chat: self.chat.clone(),
        };
        self.snapshot.send_if_modified(|old| {
            if **old == snap {
                false
            } else {
                *old = Arc::new(snap);
                true
            }
        });
    }

    async fn handle(&mut self, msg: LobbyMsg) {
        match msg {
            LobbyMsg::Connect {
                ident,
                events,
                reply,
            } => self.connect(ident, events, reply).await,
            LobbyMsg::Disconnect { session } => self.disconnect(session),
            LobbyMsg::Cmd { session, cmd } => self.command(session, cmd).await,
            LobbyMsg::LeftGame { session, game } => {
                if let Some(s) = self.sessions.get_mut(&session) {
                    if matches!(s.status, PlayerStatus::Playing(g) | PlayerStatus::Watching(g) if g == game)
                    {
                        s.status = PlayerStatus::Idle;
                    }
                }
            }
            LobbyMsg::Broadcast(text) => {
                let text = clean_line(&text, 500);
                for s in self.sessions.values() {
                    let _ = s
                        .events
                        .try_send(SessionEvent::Notice(format!("Server: {text}")));
                }
            }
            LobbyMsg::BotTakesSeek(id) => self.bot_takes_seek(id),
            LobbyMsg::Kick {
                whom,
                reason,
                reply,
            } => {
                let mut n = 0;
                for s in self.sessions.values() {
                    let hit = whom
                        .nick
                        .as_ref()
                        .is_some_and(|x| x.eq_ignore_ascii_case(&s.nick))
                        || whom.identity.as_ref().is_some_and(|x| *x == s.ident.id)
                        || whom.addr.is_some_and(|a| s.ident.addr == Some(a));
                    if hit {
                        n += 1;
                        let _ = s.events.try_send(SessionEvent::Kicked(reason.clone()));
                    }
                }
                info!(kicked = n, "admin kick");
                let _ = reply.send(n);
            }
            LobbyMsg::Sessions(reply) => {
                let mut list: Vec<AdminSession> = self
                    .sessions
                    .iter()
                    .map(|(&id, s)| AdminSession {
                        session: id,
                        nick: s.nick.clone(),
                        guest: s.ident.guest,
                        key: s.ident.id.strip_prefix("key:").map(str::to_string),
                        addr: s.ident.addr,
                        status: s.status,
                    })
                    .collect();
                list.sort_by(|a, b| {
                    (a.nick.to_lowercase(), a.session).cmp(&(b.nick.to_lowercase(), b.session))
                });
                let _ = reply.send(list);
            }
            LobbyMsg::Shutdown(_) => {}
        }
    }

    async fn connect(
        &mut self,
        mut ident: Ident,
        events: mpsc::Sender<SessionEvent>,
        reply: oneshot::Sender<Joined>,
    ) {
        let session = self.next_session;
        self.next_session += 1;
        let nick = if ident.guest {
            self.guest_name()
        } else {
            self.grant_nick(&ident, &events).await
        };
        ident.nick = nick.clone();
        if ident.guest {
            ident.id = format!("guest:{nick}");
        }
        info!(session, nick = %nick, guest = ident.guest, "joined the lobby");
        let mut status = PlayerStatus::Idle;
        // Back into a game in progress?
        let rejoin = self.games.iter().find_map(|(&id, g)| {
            if g.over {
                return None;
            }
            Color::ALL
                .into_iter()
                .find(|&c| g.players.get(c).id == ident.id)
                .map(|c| (id, c))
        });
        if let Some((id, color)) = rejoin {
            let g = &self.games[&id];
            status = PlayerStatus::Playing(id);
            let seat = GameSeat {
                handle: g.handle.clone(),
                color: Some(color),
                snapshots: g.seats.get(color).clone(),
            };
            let handle = g.handle.clone();
            let ev = events.clone();
            tokio::spawn(async move { handle.connected(color, ev).await });
            let _ = events.try_send(SessionEvent::EnterGame(seat));
        }
        let saved = self.saved_setups(&ident.id);
        if !saved.is_empty() {
            let _ = events.try_send(SessionEvent::SavedSetups(saved));
        }
        let rating = self.rating_of(&ident.id);
        self.sessions.insert(
            session,
            SessionEntry {
                rating,
                ident,
                nick: nick.clone(),
                events,
                status,
                chat: TokenBucket::new(5.0, 0.5, std::time::Instant::now()),
            },
        );
        let _ = reply.send(Joined {
            session,
            nick,
            snapshot: self.snapshot.subscribe(),
        });
    }

    fn guest_name(&mut self) -> String {
        loop {
            let name = format!("guest-{:04}", random::below(10_000));
            if !self.sessions.values().any(|s| s.nick == name) {
                return name;
            }
        }
    }

    /// The asked-for nickname if free or owned by this key; else a free variant, with a
    /// notice saying so.
    async fn grant_nick(&mut self, ident: &Ident, events: &mpsc::Sender<SessionEvent>) -> String {
        let asked = match clean_nick(&ident.nick) {
            Ok(n) => n,
            Err(e) => {
                let name = self.free_nick("player", &ident.id).await;
                let _ = events.try_send(SessionEvent::Notice(format!(
                    "'{}' cannot be a nickname ({e}); you are {name}. Connect as ssh NAME@host to choose.",
                    clean_line(&ident.nick, 20)
                )));
                return name;
            }
        };
        match self.store.users().claim_nick(&asked, &ident.id).await {
            Ok(ClaimResult::Granted) | Ok(ClaimResult::AlreadyYours) => asked,
            Ok(ClaimResult::HasOtherNick(mine)) => {
                let _ = events.try_send(SessionEvent::Notice(format!(
                    "Your key is registered as {mine}: one nickname per key keeps ratings honest."
                )));
                mine
            }
            Ok(ClaimResult::OwnedByOther) => {
                let name = self.free_nick(&asked, &ident.id).await;
                let _ = events.try_send(SessionEvent::Notice(format!(
                    "The nickname {asked} belongs to another key; you are {name}."
                )));
                name
            }
            Err(e) => {
                warn!(error = %e, "cannot read nicknames");
                let name = self.free_nick(&asked, &ident.id).await;
                let _ = events.try_send(SessionEvent::Notice(format!(
                    "Nicknames cannot be checked right now; you are {name} for this visit."
                )));
                name
            }
        }
    }

    fn rating_of(&self, identity: &str) -> Option<i32> {
        self.store
            .ratings()
            .get(identity, Variant::Classic)
            .ok()
            .flatten()
            .filter(|r| r.games > 0)
            .map(|r| r.rating.round() as i32)
    }

    fn saved_setups(&self, identity: &str) -> Vec<(String, Variant, Setup)> {
        if identity.starts_with("key:") {
            match self.store.setups().list(identity, None) {
                Ok(list) => list
                    .into_iter()
                    .map(|s| (s.name, s.variant, s.setup))
                    .collect(),
                Err(e) => {
                    warn!(error = %e, "cannot read saved set-ups");
                    Vec::new()
                }
            }
        } else {
            self.saved.get(identity).cloned().unwrap_or_default()
        }
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
            let players = ByColor::new(
                Player {
                    id: g.seats.red.identity.clone(),
                    nick: g.seats.red.nick.clone(),
                    rating: self.rating_of(&g.seats.red.identity),
                    bot: g.seats.red.identity.starts_with("bot:"),
                },
                Player {
                    id: g.seats.blue.identity.clone(),
                    nick: g.seats.blue.nick.clone(),
                    rating: self.rating_of(&g.seats.blue.identity),
                    bot: g.seats.blue.identity.starts_with("bot:"),
                },
            );
            let id = g.id;
            let terms = g.terms;
            self.spawn_game(id, terms, players, false, Some(g));
            self.next_game = self.next_game.max(id + 1);
        }
    }

    /// A free variant of `base` (`base2`, `base3`, ...), claimed for this identity.
    async fn free_nick(&mut self, base: &str, id: &str) -> String {
        let base: String = base.chars().take(12).collect();
        for n in 2..10_000 {
            let candidate = format!("{base}{n}");
            if self
                .sessions
                .values()
                .any(|s| s.nick.eq_ignore_ascii_case(&candidate))
            {
                continue;
            }
            match self.store.users().claim_nick(&candidate, id).await {
                Ok(ClaimResult::Granted) | Ok(ClaimResult::AlreadyYours) => return candidate,
                Ok(ClaimResult::HasOtherNick(mine)) => return mine,
                Ok(ClaimResult::OwnedByOther) => {}
                Err(_) => {
                    // The store cannot say: fall back to a name only this visit uses.
                    if let std::collections::hash_map::Entry::Vacant(e) =
                        self.nicks.entry(candidate.to_lowercase())
                    {
                        e.insert(id.to_string());
                        return candidate;
                    }
                }
            }
        }
        format!("player{}", random::below(1_000_000))
    }

    fn disconnect(&mut self, session: SessionId) {
        let Some(s) = self.sessions.remove(&session) else {
            return;
        };
        info!(session, nick = %s.nick, "left the lobby");
        self.seeks.retain(|k| k.owner != s.nick);
        let still_here = self.sessions.values().any(|o| o.ident.id == s.ident.id);
        if !still_here {
            for g in self.games.values() {
                for c in Color::ALL {
                    if g.players.get(c).id == s.ident.id && !g.over {
                        let h = g.handle.clone();
                        tokio::spawn(async move { h.disconnected(c).await });
                    }
                }
            }
        }
        if let PlayerStatus::Watching(id) = s.status {
            if let Some(g) = self.games.get(&id) {
                let h = g.handle.clone();
                tokio::spawn(async move { h.spectator_left().await });
            }
        }
    }

    fn notice(&self, session: SessionId, text: impl Into<String>) {
        if let Some(s) = self.sessions.get(&session) {
            let _ = s.events.try_send(SessionEvent::Notice(text.into()));
        }
    }

    async fn command(&mut self, session: SessionId, cmd: LobbyCmd) {
        let Some(me) = self.sessions.get(&session) else {
            return;
        };
        let (my_nick, my_guest, my_id) = (me.nick.clone(), me.ident.guest, me.ident.id.clone());
        match cmd {
            LobbyCmd::Seek { terms, private_to } => {
                if terms.rated && my_guest {
                    return self.notice(
                        session,
                        "guests play casual games only: connect with an SSH key to play rated",
                    );
                }
                if self.seeks.iter().filter(|s| s.owner == my_nick).count() >= 3 {
                    return self.notice(session, "you have three open seeks already");
                }
                let private_to = match private_to {
                    Some(n) => {
                        let n = clean_line(&n, 20);
                        if n.eq_ignore_ascii_case(&my_nick) {
                            return self.notice(session, "you cannot challenge yourself");
                        }
                        let Some(target) = self
                            .sessions
                            .values()
                            .find(|s| s.nick.eq_ignore_ascii_case(&n))
                        else {
                            return self.notice(session, format!("{n} is not online"));
                        };
                        let _ = target.events.try_send(SessionEvent::Notice(format!(
                            "{my_nick} challenges you: {} {}{} — see Open seeks",
                            terms.rules.variant,
                            if terms.rated { "rated" } else { "casual" },
                            terms.clock.map(|c| format!(" {c}")).unwrap_or_default()
                        )));
                        Some(target.nick.clone())
                    }
                    None => None,
                };
                let id = self.next_seek;
                self.next_seek += 1;
                if let (Some(after), None) = (self.config.bots_accept_seeks, &private_to) {
                    let tx = self.self_tx.clone();
                    tokio::spawn(async move {
                        tokio::time::sleep(after).await;
                        let _ = tx.send(LobbyMsg::BotTakesSeek(id));
                    });
                }
                self.seeks.push(Seek {
                    id,
                    owner: my_nick.clone(),
                    terms,
                    private_to,
                });
                if let Some(s) = self.sessions.get_mut(&session) {
                    s.status = PlayerStatus::Seeking;
                }
            }
            LobbyCmd::CancelSeek(id) => {
                self.seeks.retain(|s| !(s.id == id && s.owner == my_nick));
                self.reset_seeking(&my_nick);
            }
            LobbyCmd::Accept(id) => self.accept(session, id),
            LobbyCmd::Spectate(id) => {
                let Some(g) = self.games.get(&id) else {
                    return self.notice(session, "that game has ended");
                };
                if g.private {
                    return self.notice(session, "that game is private");
                }
                let handle = g.handle.clone();
                let events = self.sessions[&session].events.clone();
                if let Some(s) = self.sessions.get_mut(&session) {
                    s.status = PlayerStatus::Watching(id);
                }
                tokio::spawn(async move {
                    match handle.spectate().await {
                        Some(snapshots) => {
                            let _ = events
                                .send(SessionEvent::EnterGame(GameSeat {
                                    handle,
                                    color: None,
                                    snapshots,
                                }))
                                .await;
                        }
                        None => {
                            let _ = events
                                .send(SessionEvent::Notice("that game cannot be watched".into()))
                                .await;
                        }
                    }
                });
            }
            LobbyCmd::PlayBot {
                level,
                rules,
                clock,
            } => {
                let seed = random::seed();
                let Some(bot) = crate::bot::make(level, seed) else {
                    return self.notice(
                        session,
                        format!(
                            "the {} computer is not available yet: try random",
                            level.name()
                        ),
                    );
                };
                let human = Player {
                    id: my_id,
                    nick: my_nick,
                    rating: None,
                    bot: false,
                };
                let bot_player = bot_player(level);
                let human_red = random::coin();
                let players = if human_red {
                    ByColor::new(human, bot_player)
                } else {
                    ByColor::new(bot_player, human)
                };
                let terms = GameTerms {
                    rules,
                    rated: false,
                    clock,
                };
                let bot_color = if human_red { Color::Blue } else { Color::Red };
                let id = self.start_game(terms, players, false);
                let g = &self.games[&id];
                bots::seat(
                    GameSeat {
                        handle: g.handle.clone(),
                        color: Some(bot_color),
                        snapshots: g.seats.get(bot_color).clone(),
                    },
                    bot,
                    self.config.bot_delay,
                );
            }
            LobbyCmd::Chat(text) => {
                let line = clean_line(&text, CHAT_MAX_CHARS);
                if line.is_empty() {
                    return;
                }
                let ok = self
                    .sessions
                    .get_mut(&session)
                    .is_some_and(|s| s.chat.try_take(std::time::Instant::now()));
                if !ok {
                    return self.notice(session, "you are sending messages too fast");
                }
                self.chat.push(ChatLine {
                    from: my_nick,
                    text: line,
                });
                if self.chat.len() > CHAT_KEEP {
                    self.chat.remove(0);
                }
            }
            LobbyCmd::SaveSetup {
                name,
                variant,
                setup,
            } => {
                let name = clean_line(&name, 30);
                if name.is_empty() {
                    return self.notice(session, "a saved set-up needs a name");
                }
                if my_id.starts_with("key:") {
                    let saved = crate::proto::SavedSetup {
                        name: name.clone(),
                        variant,
                        setup,
                    };
                    if let Err(e) = self.store.setups().save(&my_id, &saved).await {
                        return self.notice(session, format!("set-up not saved: {e}"));
                    }
                } else {
                    let list = self.saved.entry(my_id.clone()).or_default();
                    list.retain(|(n, v, _)| !(n == &name && *v == variant));
                    if list.len() >= 50 {
                        return self.notice(session, "50 saved set-ups at most: delete one first");
                    }
                    list.push((name.clone(), variant, setup));
                }
                let list = self.saved_setups(&my_id);
                self.send_saved(&my_id, list);
                self.notice(session, format!("set-up '{name}' saved"));
            }
            LobbyCmd::DeleteSetup { name, variant } => {
                if my_id.starts_with("key:") {
                    let _ = self.store.setups().delete(&my_id, &name, variant).await;
                } else if let Some(list) = self.saved.get_mut(&my_id) {
                    list.retain(|(n, v, _)| !(n == &name && *v == variant));
                }
                let list = self.saved_setups(&my_id);
                self.send_saved(&my_id, list);
            }
            LobbyCmd::Rename(_) => {
                let _ = my_guest;
                self.notice(
                    session,
                    "a nickname belongs to the key that first used it: connect as ssh NAME@host with a new key for another",
                )
            }
        }
    }

    /// Nobody took the seek in time: the `easy` computer accepts it.
    fn bot_takes_seek(&mut self, id: SeekId) {
        let Some(pos) = self.seeks.iter().position(|s| s.id == id) else {
            return;
        };
        let seek = self.seeks.remove(pos);
        let Some(owner) = self.sessions.values().find(|s| s.nick == seek.owner) else {
            return;
        };
        let level = crate::proto::BotLevel::Easy;
        let human = Player {
            id: owner.ident.id.clone(),
            nick: owner.nick.clone(),
            rating: owner.rating,
            bot: false,
        };
        let bot = bot_player(level);
        let _ = owner.events.try_send(SessionEvent::Notice(
            "Nobody took your seek: the computer (easy) plays you. Computer games are casual."
                .into(),
        ));
        let players = if random::coin() {
            ByColor::new(human, bot)
        } else {
            ByColor::new(bot, human)
        };
        let terms = GameTerms {
            rated: false,
            ..seek.terms
        };
        let nick = seek.owner.clone();
        let game = self.start_game(terms, players.clone(), false);
        self.seat_bots(game, &players);
        self.reset_seeking(&nick);
    }

    /// Seats computer players of a game (identities `bot:<level>`).
    fn seat_bots(&mut self, id: GameId, players: &ByColor<Player>) {
        let Some(g) = self.games.get(&id) else { return };
        for c in Color::ALL {
            let p = players.get(c);
            let Some(level) = p.id.strip_prefix("bot:").and_then(bot_level) else {
                continue;
            };
            if let Some(bot) = crate::bot::make(level, random::seed()) {
                bots::seat(
                    GameSeat {
                        handle: g.handle.clone(),
                        color: Some(c),
                        snapshots: g.seats.get(c).clone(),
                    },
                    bot,
                    self.config.bot_delay,
                );
            }
        }
    }

    fn send_saved(&self, id: &str, list: Vec<(String, Variant, Setup)>) {
        for s in self.sessions.values().filter(|s| s.ident.id == id) {
            let _ = s.events.try_send(SessionEvent::SavedSetups(list.clone()));
        }
    }

    fn reset_seeking(&mut self, nick: &str) {
        let has = self.seeks.iter().any(|s| s.owner == nick);
        for s in self.sessions.values_mut() {
            if s.nick == nick && s.status == PlayerStatus::Seeking && !has {
                s.status = PlayerStatus::Idle;
            }
        }
    }

    fn accept(&mut self, session: SessionId, id: SeekId) {
        let Some(pos) = self.seeks.iter().position(|s| s.id == id) else {
            return self.notice(session, "that seek is gone");
        };
        let me = &self.sessions[&session];
        let seek = &self.seeks[pos];
        if seek.owner == me.nick {
            return self.notice(session, "that is your own seek: x cancels it");
        }
        if let Some(to) = &seek.private_to {
            if !to.eq_ignore_ascii_case(&me.nick) {
                return self.notice(session, "that challenge is for someone else");
            }
        }
        if seek.terms.rated && me.ident.guest {
            return self.notice(session, "guests play casual games only");
        }
        let Some(owner) = self.sessions.values().find(|s| s.nick == seek.owner) else {
            self.seeks.remove(pos);
            return self.notice(session, "that player has left");
        };
        let seek = self.seeks.remove(pos);
        let a = Player {
            id: owner.ident.id.clone(),
            nick: owner.nick.clone(),
            rating: None,
            bot: false,
        };
        let b = Player {
            id: me.ident.id.clone(),
            nick: me.nick.clone(),
            rating: None,
            bot: false,
        };
        let players = if random::coin() {
            ByColor::new(a, b)
        } else {
            ByColor::new(b, a)
        };
        let (na, nb) = (players.red.nick.clone(), players.blue.nick.clone());
        self.seeks.retain(|s| s.owner != na && s.owner != nb);
        self.start_game(seek.terms, players, seek.private_to.is_some());
        self.reset_seeking(&na);
        self.reset_seeking(&nb);
    }

    /// Spawns a game task and sends both players' sessions into it.
    fn start_game(&mut self, terms: GameTerms, players: ByColor<Player>, private: bool) -> GameId {
        let id = match self.store.next_game_id() {
            Ok(id) => id,
            Err(e) => {
                warn!(error = %e, "cannot number a game from the store");
                self.next_game
            }
        };
        self.next_game = self.next_game.max(id + 1);
        self.spawn_game(id, terms, players, private, None)
    }

    fn spawn_game(
        &mut self,
        id: GameId,
        terms: GameTerms,
        players: ByColor<Player>,
        private: bool,
        restore: Option<crate::store::LiveGame>,
    ) -> GameId {
        let restoring = restore.is_some();
        let spawned = game::spawn(NewGame {
            id,
            terms,
            players: players.clone(),
            private,
            config: self.config.game.clone(),
            reports: self.reports.clone(),
            store: Some(self.store.clone()),
            restore,
        });
        if restoring {
            // Humans come back by connecting; bots take their seats again.
            self.insert_game(id, spawned, players.clone(), terms, private);
            self.seat_bots(id, &players);
            return id;
        }
        info!(game = id, red = %players.red.nick, blue = %players.blue.nick, "new game");
        for c in Color::ALL {
            let player = players.get(c);
            if player.bot {
                continue;
            }
            let mut first = true;
            for s in self.sessions.values_mut() {
                if s.ident.id != player.id {
                    continue;
                }
                s.status = PlayerStatus::Playing(id);
                let _ = s.events.try_send(SessionEvent::EnterGame(GameSeat {
                    handle: spawned.handle.clone(),
                    color: Some(c),
                    snapshots: spawned.seats.get(c).clone(),
                }));
                if first {
                    first = false;
                    let h = spawned.handle.clone();
                    let ev = s.events.clone();
                    tokio::spawn(async move { h.connected(c, ev).await });
                }
            }
            if first {
                // The player left meanwhile: the reconnect countdown starts now.
                let h = spawned.handle.clone();
                tokio::spawn(async move { h.disconnected(c).await });
            }
        }
        self.insert_game(id, spawned, players, terms, private);
        id
    }

    fn insert_game(
        &mut self,
        id: GameId,
        spawned: game::Spawned,
        players: ByColor<Player>,
        terms: GameTerms,
        private: bool,
    ) {
        self.games.insert(
            id,
            GameEntry {
                handle: spawned.handle,
                seats: spawned.seats,
                players,
                terms,
                private,
                ply: 0,
                spectators: 0,
                over: false,
            },
        );
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
            } => {
                if let Some(g) = self.games.get_mut(&id) {
                    g.ply = ply;
                    g.spectators = spectators;
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
                    info!(game = id, result = %outcome, "game ended");
                }
                for identity in [identities.red, identities.blue] {
                    let rating = self.rating_of(&identity);
                    for s in self.sessions.values_mut() {
                        if s.ident.id == identity {
                            s.rating = rating;
                        }
                    }
                }
            }
            GameReport::Rematch { id } => {
                let Some(g) = self.games.get(&id) else {
                    return true;
                };
                let players = ByColor::new(g.players.blue.clone(), g.players.red.clone());
                let (terms, private, old) = (g.terms, g.private, g.handle.clone());
                let new_id = self.start_game(terms, players.clone(), private);
                self.seat_bots(new_id, &players);
                tokio::spawn(async move { old.set_next_game(new_id).await });
            }
            GameReport::Closed { id } => {
                if self.games.remove(&id).is_none() {
                    warn!(game = id, "closed an unknown game");
                }
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

/// The seat of a computer player (identity `bot:<level>`, never rated).
fn bot_player(level: crate::proto::BotLevel) -> Player {
    Player {
        id: format!("bot:{}", level.name()),
        nick: format!("bot-{}", level.name()),
        rating: None,
        bot: true,
    }
}

fn bot_level(name: &str) -> Option<crate::proto::BotLevel> {
    crate::proto::BotLevel::ALL
        .into_iter()
        .find(|l| l.name() == name)
}
