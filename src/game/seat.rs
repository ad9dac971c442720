//! A session's place in a game is one value, [`GameSeat`]: the lobby hands it out (only
//! once the game accepted the player or spectator), the session holds it while it shows the
//! game, and dropping it leaves the game exactly once. The lobby alone keeps where each
//! session is; the game counts its spectators from its watch channel.

use std::sync::Arc;

use tokio::sync::{mpsc, watch};

use crate::proto::{GameCmd, GameId, GameSnapshot, GameSummary, Notice, SavedSetup, Seek};
use crate::rules::Color;

/// Something the lobby or a game tells one connected session.
#[derive(Debug)]
pub enum SessionEvent {
    /// Something to tell the player: the session renders it in its language.
    Notice(Notice),
    /// Show this game (as a player or a spectator): the session keeps the seat while it
    /// shows the game and drops it to leave.
    EnterGame(GameSeat),
    /// Another terminal of the same player took this game's seat: leave the game.
    SeatTaken(GameId),
    /// The player's game in progress is shown on another terminal of theirs: this one is
    /// asked whether to take it (it stays in the lobby until the player says so).
    SeatElsewhere(GameId),
    /// The challenges this player made or received (the lobby's snapshot, shared by
    /// everyone, has none).
    Challenges(Vec<Seek>),
    /// This player's private games in play (the lobby's shared snapshot has none).
    PrivateGames(Vec<GameSummary>),
    /// This player's correspondence games waiting for their move or set-up, soonest
    /// deadline first, matched by identity (the shared snapshot names players by nick
    /// only, and a nick can change hands).
    Waiting(Vec<crate::proto::WaitingGame>),
    /// The session's saved set-ups.
    SavedSetups(Vec<SavedSetup>),
    /// Nickname granted (may differ from the one asked for).
    Nick(String),
    Kicked(String),
}

/// A command from a seat as its game receives it: who sent it and where answers go.
#[derive(Debug)]
pub struct SeatCommand {
    /// `None` for a spectator.
    pub color: Option<Color>,
    /// Who sent it (a spectator's chat lines are signed with it).
    pub nick: String,
    pub cmd: GameCmd,
    /// The session that sent it (notices such as "illegal move" go back there); `None`
    /// for a computer player.
    pub reply: Option<mpsc::Sender<SessionEvent>>,
}

/// A session's (or computer player's) place in one game: the only handle it has on the
/// game. Commands go through it, snapshots come from it, and dropping it leaves the game,
/// exactly once: the lobby is told and tells the game (a player's seat is then empty, a
/// spectator is no longer counted).
#[derive(Debug)]
pub struct GameSeat {
    pub game: GameId,
    /// `None` for a spectator.
    pub color: Option<Color>,
    /// Who sits (or watches) here.
    pub nick: String,
    pub snapshots: watch::Receiver<Arc<GameSnapshot>>,
    commands: mpsc::Sender<SeatCommand>,
    reply: Option<mpsc::Sender<SessionEvent>>,
    // Declared last: fields drop in order, so the snapshot receiver is gone (and no longer
    // counted by the game) before the lobby hears of the leaving.
    _leave: OnDrop,
}

impl GameSeat {
    /// A seat; `on_leave` runs once when it is dropped.
    pub fn new(
        game: GameId,
        color: Option<Color>,
        nick: String,
        snapshots: watch::Receiver<Arc<GameSnapshot>>,
        commands: mpsc::Sender<SeatCommand>,
        reply: Option<mpsc::Sender<SessionEvent>>,
        on_leave: impl FnOnce() + Send + Sync + 'static,
    ) -> GameSeat {
        GameSeat {
            game,
            color,
            nick,
            snapshots,
            commands,
            reply,
            _leave: OnDrop(Some(Box::new(on_leave))),
        }
    }

    /// Sends a command to the game (waits only while the game's queue is full).
    pub async fn send(&self, cmd: GameCmd) {
        let _ = self
            .commands
            .send(SeatCommand {
                color: self.color,
                nick: self.nick.clone(),
                cmd,
                reply: self.reply.clone(),
            })
            .await;
    }
}

/// Runs a closure once, when dropped.
struct OnDrop(Option<Box<dyn FnOnce() + Send + Sync>>);

impl std::fmt::Debug for OnDrop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OnDrop")
    }
}

impl Drop for OnDrop {
    fn drop(&mut self) {
        if let Some(f) = self.0.take() {
            f();
        }
    }
}
