//! A player's place in the lobby and its games for a front end other than SSH (the
//! browser board, `web/play.rs`): the very calls an SSH session makes
//! (`LobbyHandle::connect`, `LobbyHandle::command`, the seat a `SessionEvent::EnterGame`
//! hands over, `GameSeat::send`), behind one value, so that the web never names the lobby
//! or a game task. What comes back is what an SSH session gets: the shared lobby snapshot,
//! the seat's own `GameSnapshot` (the seat's `PlayerView` only), notices.
//!
//! Guests come in under the same rules as over SSH: the secret [`GuestPass`] gives the
//! identity (a comeback with the same pass takes the seat back within the reconnect time),
//! and a ban of the address, or guest logins closed from its block after a player's ban,
//! keep it out.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, watch};

use super::Service;
use crate::game::{GameSeat, SessionEvent};
use crate::guest::GuestPass;
use crate::lobby::{Ident, LobbyHandle, SessionId};
use crate::proto::{
    GameCmd, GameId, GameSnapshot, LobbyCmd, LobbySnapshot, Notice, SavedSetup, Seek,
};

/// What a [`PlaySession`] has to tell its front end, in the order it happened.
#[derive(Debug)]
pub enum PlayUpdate {
    /// The lobby changed (the shared snapshot, as every lobby screen gets it).
    Lobby(Arc<LobbySnapshot>),
    /// A game was entered (a seat, or a spectator's place): its first snapshot.
    Entered(Arc<GameSnapshot>),
    /// The game shown has a new snapshot.
    Game(Arc<GameSnapshot>),
    /// The game's task ended (the seat is gone).
    GameClosed,
    /// Another terminal (or tab) of the same player took this game's seat.
    SeatTaken(GameId),
    /// The player's game in progress is shown on another terminal of theirs; this one
    /// takes it with `LobbyCmd::Spectate(game)` (as SSH's lobby `r` does).
    SeatElsewhere(GameId),
    /// Something to tell the player.
    Notice(Notice),
    /// The challenges this player made or received (not in the shared lobby snapshot).
    Challenges(Vec<Seek>),
    /// The player's saved set-ups, when the lobby sends them.
    SavedSetups(Vec<SavedSetup>),
    /// The player's correspondence games waiting for their move or set-up (matched by
    /// identity), when the lobby sends them.
    Waiting(Vec<crate::proto::WaitingGame>),
    /// An admin ended the session (the reason, perhaps empty).
    Kicked(String),
    /// The lobby is gone (the server stops).
    Gone,
}

/// One front end's session in the lobby, with its game seat when it has one. Dropping it
/// leaves the lobby, as a closed SSH session does (a seat's reconnect time starts).
pub struct PlaySession {
    lobby: LobbyHandle,
    id: SessionId,
    nick: String,
    resumed: bool,
    snapshot: watch::Receiver<Arc<LobbySnapshot>>,
    events: mpsc::Receiver<SessionEvent>,
    seat: Option<GameSeat>,
}

impl std::fmt::Debug for PlaySession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlaySession")
            .field("id", &self.id)
            .field("nick", &self.nick)
            .finish()
    }
}

/// Why a guest may not come in (in the player's words when shown).
#[derive(Debug)]
pub enum GuestRefused {
    /// The host lets no guests in.
    NoGuests,
    /// A ban of the address: what to tell.
    Banned(Notice),
    /// Guest logins from the address block are closed after a player's ban, until then
    /// (Unix seconds).
    GuestsClosed { until: u64 },
    /// The lobby is gone (the server stops).
    Stopping,
}

impl Service {
    /// Why a guest from `addr` may not come in, if it may not: a ban of the address (its
    /// block or a prefix holding it), or guest logins from its block closed for
    /// `guest_block` after the ban of a player who last came from it (as over SSH).
    pub async fn guest_refusal(&self, addr: IpAddr, guest_block: Duration) -> Option<GuestRefused> {
        // On an edge: the core's bans, as for an SSH guest at that edge's door.
        let ask = super::GateAsk {
            key: None,
            fingerprint: None,
            addr,
            guest_block_secs: guest_block.as_secs(),
        };
        if let Some(a) = self
            .remote::<Option<super::Refusal>>(super::Call::Gate(ask))
            .await
        {
            return match a {
                Ok(refusal) => refusal.map(|r| match r {
                    super::Refusal::Banned { reason, .. } => {
                        GuestRefused::Banned(Notice::banned(&reason))
                    }
                    super::Refusal::GuestsClosed { until } => GuestRefused::GuestsClosed { until },
                }),
                Err(error) => {
                    tracing::warn!(?error, "cannot ask the core for the bans of a web guest");
                    Some(GuestRefused::Banned(Notice::new(
                        "refusal-cannot-read-bans",
                    )))
                }
            };
        }
        let answer = self
            .blocking(move |s| {
                let bans = s.bans();
                if let Some(ban) = bans.matching(None, None, Some(addr))? {
                    return Ok(Some(GuestRefused::Banned(Notice::banned(&ban.reason))));
                }
                let hold = guest_block.as_secs();
                if hold == 0 {
                    return Ok(None);
                }
                let Some(closed) = bans.guests_closed(addr)? else {
                    return Ok(None);
                };
                let until = closed.saturating_add(hold);
                Ok((until > crate::store::now()).then_some(GuestRefused::GuestsClosed { until }))
            })
            .await;
        match answer {
            Ok(refusal) => refusal,
            Err(error) => {
                // A store that cannot be read lets nobody in rather than a banned guest.
                tracing::warn!(%error, "cannot read the bans for a web guest");
                Some(GuestRefused::Banned(Notice::new(
                    "refusal-cannot-read-bans",
                )))
            }
        }
    }

    /// A guest holding `pass` joins the lobby from `addr`, as an SSH guest does (the same
    /// pass again comes back into its game). `guests` is whether the host lets guests in.
    pub async fn join_guest(
        &self,
        pass: &GuestPass,
        addr: IpAddr,
        guests: bool,
        guest_block: Duration,
    ) -> Result<PlaySession, GuestRefused> {
        if !guests {
            return Err(GuestRefused::NoGuests);
        }
        if let Some(why) = self.guest_refusal(addr, guest_block).await {
            tracing::info!(block = %crate::limit::address_block(addr), "web guest refused: banned or guests closed");
            return Err(why);
        }
        let ident = Ident {
            id: pass.id(),
            nick: String::new(),
            guest: true,
            addr: Some(addr),
        };
        self.join(ident).await
    }
}

impl Service {
    /// A key holder signed in from SSH (`web-login`) joins the lobby from `addr`, as their
    /// SSH session would: under their nick, their games and seats theirs (a seat held by
    /// another terminal of theirs is asked for, as from a second terminal). A ban of the
    /// key, the nick or the address keeps them out.
    pub async fn join_player(
        &self,
        who: &super::SignedIn,
        addr: IpAddr,
    ) -> Result<PlaySession, GuestRefused> {
        let (nick, id) = (who.nick.clone(), who.identity.clone());
        let key = match &id {
            crate::proto::PlayerId::Key(fp) => Some(fp.clone()),
            _ => None,
        };
        let ban = self
            .blocking(move |s| s.bans().matching(Some(&nick), key.as_deref(), Some(addr)))
            .await;
        match ban {
            Ok(None) => {}
            Ok(Some(ban)) => return Err(GuestRefused::Banned(Notice::banned(&ban.reason))),
            Err(error) => {
                tracing::warn!(%error, "cannot read the bans for a web player");
                return Err(GuestRefused::Banned(Notice::new(
                    "refusal-cannot-read-bans",
                )));
            }
        }
        let ident = Ident {
            id: who.identity.clone(),
            nick: who.nick.clone(),
            guest: false,
            addr: Some(addr),
        };
        self.join(ident).await
    }

    /// Joins the lobby as `ident`.
    async fn join(&self, ident: Ident) -> Result<PlaySession, GuestRefused> {
        let (tx, events) = mpsc::channel(64);
        let joined = self
            .lobby
            .connect(ident, tx)
            .await
            .ok_or(GuestRefused::Stopping)?;
        Ok(PlaySession {
            lobby: self.lobby.clone(),
            id: joined.session,
            nick: joined.nick,
            resumed: joined.resumed,
            snapshot: joined.snapshot,
            events,
            seat: None,
        })
    }
}

impl PlaySession {
    /// The lobby's number for this session (for logs).
    pub fn id(&self) -> SessionId {
        self.id
    }

    /// The nickname the lobby gave.
    pub fn nick(&self) -> &str {
        &self.nick
    }

    /// The player had a game in progress when it came in (its seat comes as
    /// [`PlayUpdate::Entered`]).
    pub fn resumed(&self) -> bool {
        self.resumed
    }

    /// The lobby as it is now.
    pub fn lobby(&mut self) -> Arc<LobbySnapshot> {
        self.snapshot.borrow_and_update().clone()
    }

    /// The lobby as last published, without taking its change as seen.
    pub fn lobby_peek(&self) -> Arc<LobbySnapshot> {
        self.snapshot.borrow().clone()
    }

    /// The game shown as its seat knows it now, if any.
    pub fn game(&self) -> Option<Arc<GameSnapshot>> {
        self.seat.as_ref().map(|s| s.snapshots.borrow().clone())
    }

    /// A command to the lobby (as an SSH lobby screen's `Effect::Lobby`).
    pub fn command(&self, cmd: LobbyCmd) {
        self.lobby.command(self.id, cmd);
    }

    /// A command to the game shown; `false` when no game is shown.
    pub async fn play(&self, cmd: GameCmd) -> bool {
        match &self.seat {
            Some(seat) => {
                seat.send(cmd).await;
                true
            }
            None => false,
        }
    }

    /// Leaves the game shown (dropping the seat leaves it, as an SSH screen going back to
    /// the lobby does).
    pub fn leave_game(&mut self) {
        self.seat = None;
    }

    /// The next thing to tell the front end. Cancel-safe: a `select!` may drop it.
    pub async fn next(&mut self) -> PlayUpdate {
        loop {
            // While a game is shown the lobby's snapshots wait, as on SSH.
            let in_game = self.seat.is_some();
            let update = tokio::select! {
                ev = self.events.recv() => match ev {
                    Some(ev) => self.on_event(ev),
                    None => Some(PlayUpdate::Gone),
                },
                changed = seat_changed(&mut self.seat) => Some(match changed {
                    Ok(()) => match &mut self.seat {
                        Some(seat) => PlayUpdate::Game(seat.snapshots.borrow_and_update().clone()),
                        None => PlayUpdate::GameClosed,
                    },
                    Err(_) => {
                        self.seat = None;
                        PlayUpdate::GameClosed
                    }
                }),
                changed = self.snapshot.changed(), if !in_game => Some(match changed {
                    Ok(()) => PlayUpdate::Lobby(self.snapshot.borrow_and_update().clone()),
                    Err(_) => PlayUpdate::Gone,
                }),
            };
            if let Some(update) = update {
                return update;
            }
        }
    }

    fn on_event(&mut self, ev: SessionEvent) -> Option<PlayUpdate> {
        Some(match ev {
            SessionEvent::Notice(n) => PlayUpdate::Notice(n),
            SessionEvent::EnterGame(mut seat) => {
                let snap = seat.snapshots.borrow_and_update().clone();
                // The seat of a game shown before is dropped: that game is left.
                self.seat = Some(seat);
                PlayUpdate::Entered(snap)
            }
            SessionEvent::SeatTaken(game) => {
                if self.seat.as_ref().is_none_or(|s| s.game != game) {
                    return None;
                }
                self.seat = None;
                PlayUpdate::SeatTaken(game)
            }
            SessionEvent::SeatElsewhere(game) => PlayUpdate::SeatElsewhere(game),
            SessionEvent::Nick(nick) => {
                self.nick = nick.clone();
                PlayUpdate::Notice(Notice::new("notice-nick").arg("nick", nick))
            }
            SessionEvent::Kicked(reason) => PlayUpdate::Kicked(reason),
            SessionEvent::Challenges(list) => PlayUpdate::Challenges(list),
            SessionEvent::SavedSetups(list) => PlayUpdate::SavedSetups(list),
            // Not shown by the browser board: the player's private games in play (a
            // challenge's game comes as `EnterGame` like any other).
            SessionEvent::PrivateGames(_) => return None,
            SessionEvent::Waiting(list) => PlayUpdate::Waiting(list),
        })
    }
}

impl Drop for PlaySession {
    fn drop(&mut self) {
        // The seat first (the game hears this terminal left), then the lobby.
        self.seat = None;
        self.lobby.disconnect(self.id);
    }
}

/// Waits for the shown game's next snapshot (never, when no game is shown).
async fn seat_changed(seat: &mut Option<GameSeat>) -> Result<(), watch::error::RecvError> {
    match seat {
        Some(seat) => seat.snapshots.changed().await,
        None => std::future::pending().await,
    }
}
