//! Sessions arriving and leaving, and their places in games: the seats the lobby hands
//! out, what it hears when a seat is dropped, and whether each game seat's player is there.

use tokio::sync::{mpsc, oneshot, watch};
use tracing::{info, warn};

use super::{Ident, Joined, Lobby, LobbyMsg, SessionEntry, SessionId};
use crate::game::{GameSeat, SessionEvent};
use crate::limit::TokenBucket;
use crate::proto::{end_msg, GameId, GameSnapshot, Notice, PlayerId, PlayerStatus};
use crate::random;
use crate::rules::{Color, Outcome};

impl Lobby {
    pub(super) fn connect(
        &mut self,
        mut ident: Ident,
        events: mpsc::Sender<SessionEvent>,
        reply: oneshot::Sender<Joined>,
    ) {
        let session = self.next_session;
        self.next_session += 1;
        if ident.guest {
            // A guest's identity comes from its secret pass; its name is the one its seat
            // in a game in progress has (it came back with its pass), else a new one.
            ident.nick = self
                .live_seat_of_player(&ident.id)
                .map(|(game, color)| self.games[&game].players.get(color).nick.clone())
                .unwrap_or_else(|| self.guest_name());
        }
        let nick = ident.nick.clone();
        info!(session, nick = %nick, guest = ident.guest, "joined the lobby");
        let rating = self.rating_of(&ident.id);
        self.sessions.insert(
            session,
            SessionEntry {
                rating,
                ident,
                nick: nick.clone(),
                events,
                status: PlayerStatus::Idle,
                chat: TokenBucket::new(5.0, 0.5, std::time::Instant::now()),
                seeks: TokenBucket::new(
                    super::SEEK_BURST,
                    1.0 / super::SEEK_EVERY.as_secs_f64(),
                    std::time::Instant::now(),
                ),
                displaced: None,
            },
        );
        // Back into a game in progress? Not when another terminal of the player shows it
        // now: that one may be in the middle of a move. This one is told how to take the
        // seat (the lobby's `r`, the line mode's `watch N`: `spectate` of one's own game).
        let seat = self.live_seat_of(session);
        let resumed = seat.is_some();
        if let Some((game, color)) = seat {
            if self.seat_held_elsewhere(session, game) {
                info!(
                    session,
                    game, "seat held by another terminal: asked, not taken"
                );
                if let Some(s) = self.sessions.get(&session) {
                    let _ = s.events.try_send(SessionEvent::SeatElsewhere(game));
                }
            } else {
                self.enter(session, game, Some(color));
                self.sync_presence(game);
            }
        }
        // The correspondence games waiting for this player's move: said on arrival (a
        // correspondence game is not entered on login; the lobby lists it).
        let waiting = self.waiting_for(&self.sessions[&session].ident.id);
        // The list itself comes at once, before the notice (not with the next publish):
        // a `turn` typed as soon as the prompt shows finds it.
        self.waiting_told.insert(session, waiting.clone());
        if let Some(s) = self.sessions.get(&session) {
            let _ = s.events.try_send(SessionEvent::Waiting(waiting.clone()));
        }
        if !waiting.is_empty() {
            let games: Vec<String> = waiting.iter().map(|w| format!("#{}", w.id)).collect();
            self.notice(
                session,
                Notice::new("notice-your-move-waiting")
                    .arg("count", waiting.len())
                    .arg("games", games.join(", "))
                    .in_lines(crate::proto::InLines::Own("line-turn-waiting")),
            );
        }
        let _ = reply.send(Joined {
            session,
            nick,
            resumed,
            snapshot: self.snapshot.subscribe(),
        });
    }

    /// Whether another session of this session's player shows `game` as its player now.
    fn seat_held_elsewhere(&self, session: SessionId, game: GameId) -> bool {
        let Some(me) = self.sessions.get(&session) else {
            return false;
        };
        self.sessions.iter().any(|(&other, s)| {
            other != session && s.ident.id == me.ident.id && s.status == PlayerStatus::Playing(game)
        })
    }

    /// The game in progress (and colour) where this session's player has a seat.
    fn live_seat_of(&self, session: SessionId) -> Option<(GameId, Color)> {
        self.live_seat_of_player(&self.sessions.get(&session)?.ident.id)
    }

    /// The game in progress (and colour) where this player has a seat, a correspondence
    /// game aside (those are not entered on arrival: the lobby lists them).
    fn live_seat_of_player(&self, id: &PlayerId) -> Option<(GameId, Color)> {
        self.games.iter().find_map(|(&gid, g)| {
            if g.over || g.terms.correspondence() {
                return None;
            }
            Color::ALL
                .into_iter()
                .find(|&c| g.players.get(c).id == *id)
                .map(|c| (gid, c))
        })
    }

    /// Every session of the player goes by the new nick (their seeks and challenges, kept
    /// by identity, show it from the next publish on).
    pub(super) fn renamed(&mut self, session: SessionId, nick: String) {
        let Some(me) = self.sessions.get(&session) else {
            return;
        };
        let (id, old) = (me.ident.id.clone(), me.nick.clone());
        for s in self.sessions.values_mut().filter(|s| s.ident.id == id) {
            s.nick = nick.clone();
            s.ident.nick = nick.clone();
        }
        info!(session, old = %old, new = %nick, "nickname changed");
    }

    /// A guest name nobody online or seated in a game has: `guest-NNNN`, then (once those
    /// are hard to find) more digits; always found in a bounded number of draws.
    fn guest_name(&mut self) -> String {
        let taken = |lobby: &Lobby, name: &str| {
            lobby.sessions.values().any(|s| s.nick == name)
                || lobby
                    .games
                    .values()
                    .any(|g| Color::ALL.iter().any(|&c| g.players.get(c).nick == name))
        };
        for digits in [4u32, 6, 9] {
            for _ in 0..64 {
                let n = random::below(10u64.pow(digits));
                let name = format!("guest-{n:0width$}", width = digits as usize);
                if !taken(self, &name) {
                    return name;
                }
            }
        }
        // Unreachable in practice (a billion names): the session number is unique.
        format!("guest-s{}", self.next_session)
    }

    pub(super) fn disconnect(&mut self, session: SessionId) {
        let Some(s) = self.sessions.remove(&session) else {
            return;
        };
        info!(session, nick = %s.nick, "left the lobby");
        // The seeks this session posted go with it.
        let posted: Vec<_> = self
            .seek_sessions
            .iter()
            .filter(|(_, &by)| by == session)
            .map(|(&k, _)| k)
            .collect();
        let before = self.seeks.len();
        self.seeks.retain(|k| !posted.contains(&k.id));
        // Withdrawn without a game, as if cancelled (a churner may leave instead).
        self.seek_watch
            .withdrew(&s.ident, before - self.seeks.len());
        self.forget_gone_seeks();
        // A seat belongs to the player: the terminal that held it going, the seat goes
        // back to one of theirs still connected (the one it was taken from first, else one
        // in the lobby), and the game never sees them gone.
        if let PlayerStatus::Playing(g) = s.status {
            if let Some(back) = self.seat_heir(&s.ident.id, g) {
                let color = self.games.get(&g).and_then(|e| {
                    Color::ALL
                        .into_iter()
                        .find(|&c| !e.over && e.players.get(c).id == s.ident.id)
                });
                if let Some(color) = color {
                    info!(
                        session = back,
                        game = g,
                        "seat back to the player's other terminal"
                    );
                    self.enter(back, g, Some(color));
                }
            }
        }
        if let PlayerStatus::Playing(g) | PlayerStatus::Watching(g) = s.status {
            self.seat_dropped(g);
        }
        // A player who had left their game for the lobby is now offline: its opponent
        // reads that they lost the connection.
        let mine: Vec<GameId> = self
            .games
            .iter()
            .filter(|(_, e)| {
                !e.over
                    && Color::ALL
                        .iter()
                        .any(|&c| e.players.get(c).id == s.ident.id)
            })
            .map(|(&id, _)| id)
            .collect();
        for g in mine {
            self.sync_presence(g);
        }
    }

    /// The session of `player` to give the seat of `game` to when the one holding it goes:
    /// one it was taken from (the last), else one idle in the lobby.
    fn seat_heir(&self, player: &PlayerId, game: GameId) -> Option<SessionId> {
        let mine = || {
            self.sessions
                .iter()
                .filter(move |(_, s)| s.ident.id == *player)
        };
        mine()
            .filter(|(_, s)| s.displaced == Some(game) && s.status == PlayerStatus::Idle)
            .map(|(&id, _)| id)
            .max()
            .or_else(|| {
                mine()
                    .filter(|(_, s)| s.status == PlayerStatus::Idle)
                    .map(|(&id, _)| id)
                    .max()
            })
    }

    /// Puts a session in a player's seat and hands it the seat. A seat has one terminal:
    /// another session of the same player that shows this game goes back to the lobby.
    pub(super) fn enter(&mut self, session: SessionId, game: GameId, color: Option<Color>) {
        let Some(g) = self.games.get(&game) else {
            return;
        };
        let Some(c) = color else {
            return;
        };
        let snapshots = g.seats.get(c).clone();
        let player = g.players.get(c).id.clone();
        for (&other, s) in self.sessions.iter_mut() {
            if other != session && s.ident.id == player && s.status == PlayerStatus::Playing(game) {
                s.status = PlayerStatus::Idle;
                s.displaced = Some(game);
                let _ = s.events.try_send(SessionEvent::SeatTaken(game));
            }
        }
        if let Some(s) = self.sessions.get_mut(&session) {
            s.displaced = None;
        }
        self.hand_seat(session, game, color, snapshots);
    }

    fn hand_seat(
        &mut self,
        session: SessionId,
        game: GameId,
        color: Option<Color>,
        snapshots: watch::Receiver<std::sync::Arc<GameSnapshot>>,
    ) {
        let (Some(g), Some(s)) = (self.games.get(&game), self.sessions.get_mut(&session)) else {
            return;
        };
        s.status = match color {
            Some(_) => PlayerStatus::Playing(game),
            None => PlayerStatus::Watching(game),
        };
        let lobby = self.self_tx.clone();
        let seat = GameSeat::new(
            game,
            color,
            s.nick.clone(),
            snapshots,
            g.handle.commands.clone(),
            Some(s.events.clone()),
            move || {
                let _ = lobby.send(LobbyMsg::LeftGame { session, game });
            },
        );
        deliver_seat(&s.events, session, seat);
    }

    /// A game accepted a spectator.
    pub(super) fn watch(
        &mut self,
        session: SessionId,
        game: GameId,
        snapshots: watch::Receiver<std::sync::Arc<GameSnapshot>>,
    ) {
        if self.sessions.contains_key(&session) && self.games.contains_key(&game) {
            self.hand_seat(session, game, None, snapshots);
        } else {
            drop(snapshots);
            self.seat_dropped(game);
        }
    }

    /// Asks a game to take a spectator; the session is Watching only once it agreed.
    pub(super) fn spectate(&mut self, session: SessionId, id: GameId) {
        let Some(g) = self.games.get(&id) else {
            return self.notice(session, Notice::new("refusal-game-ended"));
        };
        let Some(me) = self.sessions.get(&session) else {
            return;
        };
        // One's own game: back into the seat, not into the stands.
        if let Some(c) = Color::ALL
            .into_iter()
            .find(|&c| g.players.get(c).id == me.ident.id)
        {
            if !g.over {
                self.enter(session, id, Some(c));
                self.sync_presence(id);
                return;
            }
        }
        // A private game is known to its two players only: to anyone else, as one that
        // does not exist.
        if g.private {
            return self.notice(session, Notice::new("refusal-game-ended"));
        }
        let handle = g.handle.clone();
        let (lobby, events) = (self.self_tx.clone(), me.events.clone());
        tokio::spawn(async move {
            match handle.spectate().await {
                Some(snapshots) => {
                    let _ = lobby.send(LobbyMsg::Watch {
                        session,
                        game: id,
                        snapshots,
                    });
                }
                None => {
                    let _ = events
                        .send(SessionEvent::Notice(Notice::new("refusal-cannot-watch")))
                        .await;
                }
            }
        });
    }

    /// A session's seat was dropped: it is back in the lobby (unless it has moved on to
    /// another game meanwhile).
    pub(super) fn left_game(&mut self, session: SessionId, game: GameId) {
        if let Some(s) = self.sessions.get_mut(&session) {
            if matches!(s.status, PlayerStatus::Playing(g) | PlayerStatus::Watching(g) if g == game)
            {
                s.status = PlayerStatus::Idle;
            }
        }
        self.seat_dropped(game);
    }

    /// Someone left `game`: the game recounts its spectators and hears whether each
    /// player is still there.
    fn seat_dropped(&mut self, game: GameId) {
        if let Some(g) = self.games.get(&game) {
            g.handle.recount();
        }
        self.sync_presence(game);
    }

    /// `game` ended with `outcome`: the sessions of its player `identity` that do not show
    /// it (the player left it for the lobby, or another screen) are told the result, and
    /// the change of the rating the lobby lists (`rating`, after the game), on whatever
    /// screen they are. Call before the sessions' ratings are updated.
    pub(super) fn tell_result_away(
        &self,
        game: GameId,
        outcome: &Outcome,
        identity: &PlayerId,
        rating: Option<i32>,
    ) {
        // Who leaves before the first move ends the game without a result, and knows it.
        if outcome.reason == crate::rules::EndReason::Aborted {
            return;
        }
        let Some(g) = self.games.get(&game) else {
            return;
        };
        let Some(c) = Color::ALL
            .into_iter()
            .find(|&c| g.players.get(c).id == *identity)
        else {
            return;
        };
        let opponent = &g.players.get(c.opposite()).nick;
        let verdict = match outcome.winner {
            Some(w) if w == c => "won",
            Some(_) => "lost",
            None => "draw",
        };
        let away = self
            .sessions
            .values()
            .filter(|s| s.ident.id == *identity && s.status != PlayerStatus::Playing(game));
        for s in away {
            let change = match (s.rating, rating) {
                (Some(a), Some(b)) if a != b => Notice::new("notice-rating-change")
                    .arg("before", i64::from(a))
                    .arg("after", i64::from(b)),
                (None, Some(b)) => Notice::new("notice-rating-now").arg("rating", i64::from(b)),
                _ => Notice::plain(""),
            };
            info!(game, nick = %s.nick, result = %outcome, "result told away from the game");
            let _ = s.events.try_send(SessionEvent::Notice(
                Notice::new("notice-game-ended-away")
                    .arg("game", game)
                    .arg("opponent", opponent)
                    .arg("verdict", verdict)
                    .arg("reason", end_msg(outcome.reason))
                    .arg("change", change),
            ));
        }
    }

    /// Tells the game, for each human seat, whether a session of its player shows the game
    /// now, when that differs from what it was last told.
    pub(super) fn sync_presence(&mut self, game: GameId) {
        let Some(g) = self.games.get(&game) else {
            return;
        };
        let mut changes = Vec::new();
        for c in Color::ALL {
            let player = g.players.get(c);
            if player.bot {
                continue;
            }
            let mine = || self.sessions.values().filter(|s| s.ident.id == player.id);
            let here = mine().any(|s| s.status == PlayerStatus::Playing(game));
            let online = mine().next().is_some();
            if *g.present.get(c) != Some((here, online)) {
                changes.push((c, here, online));
            }
        }
        let Some(g) = self.games.get_mut(&game) else {
            return;
        };
        for (c, here, online) in changes {
            *g.present.get_mut(c) = Some((here, online));
            g.handle.presence(c, here, online);
        }
    }
}

/// Hands a seat to its session without making the lobby wait: at once when its queue has
/// room; when it is full, from a task that waits for room (the session reads its queue
/// between frames). A session that is gone drops the seat, which leaves the game (the
/// lobby hears `LeftGame`); either way the log says so.
fn deliver_seat(events: &mpsc::Sender<SessionEvent>, session: SessionId, seat: GameSeat) {
    use mpsc::error::TrySendError;
    let game = seat.game;
    match events.try_send(SessionEvent::EnterGame(seat)) {
        Ok(()) => {}
        Err(TrySendError::Full(ev)) => {
            warn!(
                session,
                game, "session's queue full: its seat waits for room"
            );
            let events = events.clone();
            tokio::spawn(async move {
                if events.send(ev).await.is_err() {
                    warn!(
                        session,
                        game,
                        "session gone before its seat arrived: seat dropped, it leaves the game"
                    );
                }
            });
        }
        Err(TrySendError::Closed(_)) => {
            warn!(
                session,
                game, "session gone: seat dropped, it leaves the game"
            );
        }
    }
}
