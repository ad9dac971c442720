//! One tokio task per live game (like lichess' round actor): it owns the position, the
//! clocks and the seats, handles commands one at a time, then sends each seat (and the
//! spectators) a snapshot drawn from their own view.
//!
//! **Snapshots are sent on change only**: a handler that changes what an audience sees
//! marks it dirty (the two seats, or the spectators, or both), and only those snapshots are
//! rebuilt. A command that changes nothing (ignored, refused with a notice, over the chat
//! limit) costs its parse; a spectator's chat line rebuilds the spectators' snapshot only,
//! a player's the seats' only. Clocks and countdowns (reconnect, set-up deadline) are sent
//! as the time left when the snapshot was made, and screens count them down themselves:
//! time passing alone never republishes.
//!
//! **Set-up has a deadline** (see [`GameConfig`]): a side not ready when it
//! runs out loses to a side that is; with neither ready the game is aborted. Not in a
//! game against the computer with no clock, where nobody waits. A correspondence game's
//! set-up has the days of a move from the game's start instead, and is stored as it goes
//! (see [`corr`]).
//!
//! Two queues feed it: [`SeatCommand`]s from the players' and spectators' [`GameSeat`]s,
//! and control messages from the lobby through [`GameHandle`] (a seat's player came or
//! went, a spectator asks in, the next game of a rematch, shutdown). Whether a player is
//! present is the lobby's to say; the number of spectators is the number of receivers of
//! the spectators' watch channel, never a count kept by hand.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::Instant;
use tracing::{debug, info, warn, Instrument};

use crate::limit::TokenBucket;
use crate::proto::{
    ChatLine, ClockState, GameCmd, GameId, GamePhase, GameSnapshot, GameTerms, Notice, PlayerId,
    SeatInfo,
};
use crate::rules::{
    notes::notes_at, ByColor, Color, EndReason, Game, Guess, NoteEvent, Notes, Outcome, Setup,
    Square, Viewer, MAX_NOTE_LOG,
};
use crate::store::{self, GameResult, LiveGame, LiveSetup, Store, Timestamp};
use crate::supervise::Fatal;
use crate::text::clean_line;

pub mod corr;
mod seat;
pub use seat::{GameSeat, SeatCommand, SessionEvent};

/// Longest chat line kept, in characters.
pub const CHAT_MAX_CHARS: usize = 200;
/// Chat lines kept per game.
const CHAT_KEEP: usize = 50;

/// Who sits on a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: PlayerId,
    pub nick: String,
    pub rating: Option<i32>,
    pub bot: bool,
}

/// What the game reports to the lobby.
#[derive(Debug, Clone)]
pub enum GameReport {
    Started {
        id: GameId,
    },
    Progress {
        id: GameId,
        ply: u32,
        spectators: u32,
        /// A correspondence game in play: the side to move and its deadline (Unix
        /// seconds), for the lists of games waiting for a move.
        turn: Option<(Color, Timestamp)>,
        /// With a total budget: when the side to move's budget runs out (Unix seconds).
        budget_ends: Option<Timestamp>,
    },
    Ended {
        id: GameId,
        outcome: Outcome,
        /// The two identities, to refresh their ratings.
        identities: ByColor<PlayerId>,
    },
    /// A correspondence game in its set-up (issue 47): which sides still owe their set-up,
    /// and the deadline (Unix seconds) for both, for the lists of games waiting for a
    /// move. Sent when the game starts and when a side is ready; play starting is a
    /// `Progress`.
    SetupDue {
        id: GameId,
        due: ByColor<bool>,
        deadline: Timestamp,
    },
    /// Both players asked for a rematch: the lobby starts the next game, colours swapped.
    Rematch {
        id: GameId,
    },
    /// The task has finished; the lobby forgets the game.
    Closed {
        id: GameId,
    },
}

/// What the lobby tells a game.
#[derive(Debug)]
enum GameMsg {
    /// Whether any session of this seat's player shows the game now, and whether the
    /// player is online at all (in the lobby or another screen).
    Presence {
        color: Color,
        present: bool,
        online: bool,
    },
    Spectate {
        reply: oneshot::Sender<Option<watch::Receiver<Arc<GameSnapshot>>>>,
    },
    /// A spectator left: publish the new count (and end a finished game nobody watches).
    Recount,
    SetNextGame(GameId),
    /// The game is a tournament's: no rematch (the tournament pairs the next game).
    InTournament,
    Shutdown,
}

/// The lobby's handle on a game task (sessions and bots talk to it through their
/// [`GameSeat`]). Its methods never wait: a message that does not fit in the
/// queue is sent from a task of its own.
#[derive(Clone, Debug)]
pub struct GameHandle {
    pub id: GameId,
    tx: mpsc::Sender<GameMsg>,
    /// Where seats send their commands.
    pub commands: mpsc::Sender<SeatCommand>,
}

impl GameHandle {
    fn post(&self, msg: GameMsg) {
        if let Err(mpsc::error::TrySendError::Full(msg)) = self.tx.try_send(msg) {
            let tx = self.tx.clone();
            tokio::spawn(async move {
                let _ = tx.send(msg).await;
            });
        }
    }

    /// A session of this seat's player shows the game (`true`), or none does any more;
    /// `online`: some session of the player is still connected (it left the game for the
    /// lobby or another screen rather than losing its connection).
    pub fn presence(&self, color: Color, present: bool, online: bool) {
        self.post(GameMsg::Presence {
            color,
            present,
            online,
        });
    }

    /// Joins as a spectator; `None` for a private game or a finished task.
    pub async fn spectate(&self) -> Option<watch::Receiver<Arc<GameSnapshot>>> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(GameMsg::Spectate { reply }).await.ok()?;
        rx.await.ok().flatten()
    }

    /// A spectator's seat was dropped.
    pub fn recount(&self) {
        self.post(GameMsg::Recount);
    }

    pub fn set_next_game(&self, id: GameId) {
        self.post(GameMsg::SetNextGame(id));
    }

    /// The game is a tournament's: its players are offered no rematch, and asking for one
    /// is refused (the tournament pairs their next game).
    pub fn in_tournament(&self) {
        self.post(GameMsg::InTournament);
    }

    pub async fn shutdown(&self) {
        let _ = self.tx.send(GameMsg::Shutdown).await;
    }

    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}

/// Settings of the game task.
#[derive(Clone, Debug)]
pub struct GameConfig {
    /// How long a disconnected player has to come back before the opponent may claim.
    pub reconnect_grace: Duration,
    /// How long a finished game waits for a rematch before its task ends.
    pub linger: Duration,
    /// Longest set-up: when it runs out, a side that is ready wins against one that is
    /// not (shown, not recorded or rated: no move was played), and with neither ready the
    /// game is aborted. `None`: set-up may last forever.
    pub setup_deadline: Option<Duration>,
    /// A game in play whose two players (neither a computer) have both been away this long
    /// ends without a result: nobody is left to claim it, and without a clock it would
    /// stay in play for ever.
    pub abandoned_after: Duration,
    /// **A planted leak, for the audit tests only** (no setting, flag or variable reaches
    /// it): every snapshot, the opponent's and the spectators', also carries the notes of
    /// the seats it does not belong to. The audit tests set it to show that their check
    /// fails when notes leak. Always `false` in the server.
    #[doc(hidden)]
    pub plant_note_leak: bool,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            reconnect_grace: Duration::from_secs(120),
            linger: Duration::from_secs(600),
            setup_deadline: Some(Duration::from_secs(300)),
            abandoned_after: Duration::from_secs(3600),
            plant_note_leak: false,
        }
    }
}

/// What a new game needs.
pub struct NewGame {
    pub id: GameId,
    pub terms: GameTerms,
    pub players: ByColor<Player>,
    pub private: bool,
    pub config: GameConfig,
    pub reports: mpsc::UnboundedSender<GameReport>,
    /// Where every move is written (and flushed) before anyone sees it.
    pub store: Option<Store>,
    /// A game in progress read back from the store after a restart.
    pub restore: Option<LiveGame>,
    /// A correspondence game still in its set-up, read back after a restart.
    pub restore_setup: Option<LiveSetup>,
    /// A tournament's game (no rematch offered): known from the first snapshot on.
    pub tournament: bool,
    /// Where a panic of the game's task is reported (the server then stops).
    pub fatal: Fatal,
}

/// The receivers each seat reads its snapshots from.
pub struct Spawned {
    pub handle: GameHandle,
    pub seats: ByColor<watch::Receiver<Arc<GameSnapshot>>>,
}

/// Starts the task of a new game.
pub fn spawn(new: NewGame) -> Spawned {
    let (tx, rx) = mpsc::channel(64);
    let (commands, commands_rx) = mpsc::channel(64);
    let handle = GameHandle {
        id: new.id,
        tx,
        commands,
    };
    // Every event of the game's task (and of its setting up here) carries this span: the
    // log follows one game by it (`"spans":[{"name":"game","game":ID}]` in the JSON log).
    let span = tracing::info_span!("game", game = new.id);
    let mut task = span.in_scope(|| GameTask::new(new));
    let first = task.snapshots();
    let (red_tx, red_rx) = watch::channel(first.red);
    let (blue_tx, blue_rx) = watch::channel(first.blue);
    let (spec_tx, _) = watch::channel(first.spectator);
    task.out = Some(Outputs {
        seats: ByColor::new(red_tx, blue_tx),
        spectators: spec_tx,
    });
    let fatal = task.fatal.clone();
    fatal.spawn(
        format!("game {}", task.id),
        task.run(rx, commands_rx).instrument(span),
    );
    Spawned {
        handle,
        seats: ByColor::new(red_rx, blue_rx),
    }
}

struct Outputs {
    seats: ByColor<watch::Sender<Arc<GameSnapshot>>>,
    spectators: watch::Sender<Arc<GameSnapshot>>,
}

struct Snapshots {
    red: Arc<GameSnapshot>,
    blue: Arc<GameSnapshot>,
    spectator: Arc<GameSnapshot>,
}

/// Which audiences' snapshots no longer show the game as it is: only those are rebuilt and
/// sent. The players' chat is the seats' alone and the spectators' chat the stands' alone;
/// everything else (board, seats, clocks, offers, result, spectator count) is seen by all.
/// A command that changes nothing (ignored, refused with a notice, over the chat limit)
/// leaves both clean, so it costs its parse and nothing else.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Dirty {
    seats: bool,
    stands: bool,
}

impl Dirty {
    const ALL: Dirty = Dirty {
        seats: true,
        stands: true,
    };

    fn any(self) -> bool {
        self.seats || self.stands
    }
}

struct Seat {
    player: Player,
    connected: bool,
    /// Not `connected`, but the player is online elsewhere (left the game for the lobby).
    online: bool,
    /// The lobby has said whether this player is here (a bot: always). Until it has, the
    /// player counts as here: the lobby seats the sessions before it reports their
    /// presence, and a game over in those first moments must not end the task under them.
    told: bool,
    /// The session that sent this seat's last command: notices go there.
    reply: Option<mpsc::Sender<SessionEvent>>,
    /// When the reconnect grace of a disconnected player ends.
    gone_deadline: Option<Instant>,
    /// Since when the player is away (`None` while connected; a restart counts from its
    /// start).
    gone_since: Option<Instant>,
    setup: Option<Setup>,
    rematch: bool,
    chat: TokenBucket,
    /// After a rated game: how the rating moved.
    rating_change: Option<i32>,
    /// This seat's notes on the opponent's unknown pieces, as they stand now, and every
    /// note made or cleared (stored; see [`crate::rules::notes`]). Only ever put into this
    /// seat's own snapshot.
    notes: Notes,
    note_log: Vec<NoteEvent>,
}

/// The spectators' own chat room (players do not see it).
#[derive(Default)]
struct Stands {
    chat: Vec<ChatLine>,
    /// Each spectator's rate limit, by nick (forgotten past a bound).
    limits: std::collections::HashMap<String, TokenBucket>,
}

struct GameTask {
    id: GameId,
    fatal: Fatal,
    terms: GameTerms,
    private: bool,
    config: GameConfig,
    reports: mpsc::UnboundedSender<GameReport>,
    seats: ByColor<Seat>,
    game: Option<Game>,
    outcome: Option<Outcome>,
    /// Remaining time of each side while a clock is used; the side to move's clock runs
    /// since `turn_started`.
    clocks: Option<ByColor<Duration>>,
    turn_started: Instant,
    /// When the side to move's turn began, as a time of day (Unix seconds): a
    /// correspondence game's deadline counts from it ([`corr`]), and it is stored with
    /// each move, so it survives a restart.
    turn_since: Timestamp,
    /// A correspondence game's total budget spent by each side so far (seconds): the time
    /// each of its moves took ([`corr::spent`]); counted again from the stored times after a
    /// restart.
    budget_spent: ByColor<u64>,
    draw_offer: Option<Color>,
    /// When set-up must be over (see [`GameConfig`]).
    setup_ends: Option<Instant>,
    /// How long set-up may last (for the notice when it runs out).
    setup_limit: Option<Duration>,
    /// The game ended because set-up ran out of time.
    setup_expired: bool,
    chat: Vec<ChatLine>,
    stands: Stands,
    next_game: Option<GameId>,
    /// A tournament's game: no rematch.
    tournament: bool,
    /// Both asked for a rematch and the lobby was told: the players leave this game for
    /// the next one (not a "left: no rematch").
    rematched: bool,
    ended_at: Option<Instant>,
    out: Option<Outputs>,
    /// What changed since the last snapshots were sent.
    dirty: Dirty,
    /// The spectator count the last snapshots showed.
    shown_spectators: u32,
    store: Option<Store>,
    started: Timestamp,
    /// A result being stored: shown (and reported) only once it is on disk.
    saving: Option<Saving>,
    /// The game in progress was (or may have been) written: an abort removes it.
    live_written: bool,
}

/// A finished game whose result is not stored yet (the store refused it): retried until
/// it is. Meanwhile the game shows its last stored position with the clocks stopped, and
/// takes no moves.
struct Saving {
    /// The game as it ended (with its final move, when a move ended it).
    game: Game,
    ended: Timestamp,
    attempts: u32,
    retry_at: Instant,
}

/// Told to both players while a result waits for the disk.
const SAVING_RESULT: &str = "notice-saving-result";

impl GameTask {
    fn new(new: NewGame) -> GameTask {
        let now = Instant::now();
        let seat = |player: Player| Seat {
            connected: player.bot,
            online: false,
            told: player.bot,
            player,
            reply: None,
            gone_deadline: None,
            gone_since: None,
            setup: None,
            rematch: false,
            chat: TokenBucket::new(5.0, 0.5, now.into_std()),
            rating_change: None,
            notes: Notes::default(),
            note_log: Vec::new(),
        };
        let ByColor { red, blue } = new.players;
        // The deadline keeps a person from waiting for ever on one who does not set up.
        // Against the computer with no clock nobody waits (and a player who goes ends
        // the game by their reconnect grace, as before the first move in any game).
        let nobody_waits = new.terms.clock.is_none() && (red.bot || blue.bot);
        // A correspondence game's set-up has days, counted on the time of day from the
        // game's start (`corr_setup_deadline`), not this deadline.
        let setup_limit = new
            .config
            .setup_deadline
            .filter(|_| !nobody_waits && !new.terms.correspondence());
        let mut task = GameTask {
            id: new.id,
            fatal: new.fatal,
            terms: new.terms,
            private: new.private,
            config: new.config,
            reports: new.reports,
            seats: ByColor::new(seat(red), seat(blue)),
            game: None,
            outcome: None,
            clocks: new
                .terms
                .clock
                .map(|c| ByColor::new(secs(c.initial_secs), secs(c.initial_secs))),
            turn_started: now,
            turn_since: store::now(),
            budget_spent: ByColor::new(0, 0),
            draw_offer: None,
            setup_ends: setup_limit.map(|d| now + d),
            setup_limit,
            setup_expired: false,
            chat: Vec::new(),
            stands: Stands::default(),
            next_game: None,
            tournament: new.tournament,
            rematched: false,
            ended_at: None,
            out: None,
            dirty: Dirty::default(),
            shown_spectators: 0,
            store: new.store,
            started: store::now(),
            saving: None,
            live_written: false,
        };
        if let Some(live) = new.restore {
            task.restore(live);
        } else if let Some(setup) = new.restore_setup {
            task.restore_setup(setup);
        }
        task
    }

    /// Picks a correspondence game in its set-up up where it stopped: the set-ups made
    /// so far, the deadline from the stored start (a restart gives no extra time), both
    /// seats empty until their players come.
    fn restore_setup(&mut self, live: LiveSetup) {
        let now = Instant::now();
        for c in Color::ALL {
            let seat = self.seats.get_mut(c);
            seat.told = true;
            seat.setup = live.setups.get(c).clone();
            if !seat.player.bot {
                seat.connected = false;
                seat.gone_since = Some(now);
            }
        }
        self.started = live.started;
        self.turn_since = live.started;
        self.live_written = true;
        info!(
            red_ready = self.seats.red.setup.is_some(),
            blue_ready = self.seats.blue.setup.is_some(),
            "game in set-up restored"
        );
    }

    /// A correspondence game in its set-up: when both sides must be ready (Unix seconds),
    /// the days of a move from the game's start.
    fn corr_setup_deadline(&self) -> Option<Timestamp> {
        let days = self.terms.days?;
        (self.game.is_none() && self.outcome.is_none())
            .then(|| corr::deadline(self.started, corr::day_secs(days)))
    }

    /// Stores a correspondence game in its set-up with the set-ups made so far (nothing
    /// for another game). Flushed before it returns.
    async fn save_setup(&mut self) -> Result<(), store::StoreError> {
        let (Some(store), true) = (&self.store, self.terms.correspondence()) else {
            return Ok(());
        };
        let live = LiveSetup {
            id: self.id,
            terms: self.terms,
            seats: self.store_seats(),
            setups: ByColor::new(self.seats.red.setup.clone(), self.seats.blue.setup.clone()),
            started: self.started,
            private: self.private,
        };
        self.live_written = true;
        store.live().save_setup(&live).await
    }

    /// Tells the lobby which sides of a correspondence game in its set-up still owe it.
    fn report_setup_due(&self) {
        if let Some(deadline) = self.corr_setup_deadline() {
            let due = |c: Color| {
                let s = self.seats.get(c);
                s.setup.is_none() && !s.player.bot
            };
            let _ = self.reports.send(GameReport::SetupDue {
                id: self.id,
                due: ByColor::new(due(Color::Red), due(Color::Blue)),
                deadline,
            });
        }
    }

    /// Picks a stored game up where it stopped: the position from its moves, the clocks as
    /// they were (they paused while the server was down), both players given the reconnect
    /// time to come back.
    fn restore(&mut self, live: LiveGame) {
        // Nobody is here after a restart; the lobby says when a player comes back.
        for c in Color::ALL {
            self.seats.get_mut(c).told = true;
        }
        let mut record = live.record();
        // A game in progress is stored without an outcome; one whose last stored move
        // ended it replays to that outcome: take it (the result is stored below).
        let replayed = match record.replay() {
            Err(crate::rules::ReplayError::OutcomeMismatch {
                recorded: None,
                replayed: Some(o),
            }) => {
                record.outcome = Some(o);
                record.replay()
            }
            r => r,
        };
        match replayed {
            Ok(game) => {
                let now = Instant::now();
                for c in Color::ALL {
                    let seat = self.seats.get_mut(c);
                    seat.setup = Some(if c == Color::Red {
                        live.red.clone()
                    } else {
                        live.blue.clone()
                    });
                    if !seat.player.bot {
                        seat.connected = false;
                        seat.gone_since = Some(now);
                        // A correspondence game waits for its players: no reconnect time.
                        if !self.terms.correspondence() {
                            seat.gone_deadline = Some(now + self.config.reconnect_grace);
                        }
                    }
                }
                if let Some(clocks) = live.clocks {
                    self.clocks = Some(clocks);
                }
                self.started = live.started;
                self.turn_started = now;
                // The deadline as stored (a time of day): a restart gives no extra time.
                // A record from before it was kept counts from the restart.
                self.turn_since = live.turn_since.unwrap_or_else(store::now);
                // The budget spent, from the stored time of every turn (a restart gives
                // none back either).
                self.budget_spent = corr::spent(&live.turn_starts);
                self.restore_notes(&record, game.ply());
                info!(ply = game.ply(), "game restored");
                if game.outcome().is_some() {
                    // Its last stored move ended it, but the result was not stored (a stop
                    // between the two, by an older version): the result is stored now, once.
                    info!("restored game is over: storing its result");
                    self.saving = Some(Saving {
                        game: game.clone(),
                        ended: store::now(),
                        attempts: 0,
                        retry_at: now,
                    });
                }
                self.game = Some(game);
            }
            Err(e) => {
                warn!(error = %e, "stored game does not replay; not restored")
            }
        }
    }

    /// Each seat's notes after a restart: its stored log replayed over the game so far.
    fn restore_notes(&mut self, record: &crate::rules::GameRecord, ply: u32) {
        let Some(store) = &self.store else {
            return;
        };
        for c in Color::ALL {
            let log = match store.notes().get(self.id, c) {
                Ok(log) => log,
                Err(e) => {
                    warn!(seat = ?c, error = %e, "cannot read a seat's notes; starting without");
                    continue;
                }
            };
            match notes_at(record, c, &log, ply) {
                Ok(notes) => {
                    let seat = self.seats.get_mut(c);
                    seat.notes = notes;
                    seat.note_log = log;
                }
                Err(e) => warn!(seat = ?c, error = %e, "a seat's notes do not replay"),
            }
        }
    }

    async fn run(
        mut self,
        mut rx: mpsc::Receiver<GameMsg>,
        mut commands: mpsc::Receiver<SeatCommand>,
    ) {
        info!(variant = %self.terms.rules.variant, rated = self.terms.rated, "game started");
        let _ = self.reports.send(GameReport::Started { id: self.id });
        if self.game.is_some() {
            // A restored game: the lobby learns its move count and whose turn it is.
            self.report_progress();
        } else if self.terms.correspondence() && self.outcome.is_none() {
            // A correspondence game is on disk from its start: its players need not be
            // online together, so neither its set-up nor its deadline may live in memory
            // only.
            if !self.live_written {
                if let Err(e) = self.save_setup().await {
                    warn!(error = %e, "cannot store the game in set-up");
                }
            }
            self.report_setup_due();
        }
        loop {
            let deadline = self.next_deadline();
            let wake = async {
                match deadline {
                    Some(d) => tokio::time::sleep_until(d).await,
                    None => std::future::pending().await,
                }
            };
            let before = self.outcome;
            tokio::select! {
                msg = rx.recv() => match msg {
                    None | Some(GameMsg::Shutdown) => break,
                    Some(msg) => self.handle(msg),
                },
                Some(c) = commands.recv() => self.command(c).await,
                _ = wake => {
                    if self.on_timer().await {
                        break;
                    }
                }
            }
            // The lobby hears of the end before any player sees it: once a screen shows
            // the game over, the lobby no longer counts it (a new game is not refused).
            if before.is_none() {
                if let Some(outcome) = self.outcome {
                    info!(result = %outcome, "game over");
                    let _ = self.reports.send(GameReport::Ended {
                        id: self.id,
                        outcome,
                        identities: ByColor::new(
                            self.seats.red.player.id.clone(),
                            self.seats.blue.player.id.clone(),
                        ),
                    });
                }
            }
            // A spectator came or went: every screen shows the count.
            if self.spectators() != self.shown_spectators {
                self.dirty = Dirty::ALL;
            }
            let changed = self.publish();
            if self.outcome.is_some()
                && self.seats.red.rematch
                && self.seats.blue.rematch
                && self.next_game.is_none()
            {
                self.seats.red.rematch = false;
                self.seats.blue.rematch = false;
                self.rematched = true;
                let _ = self.reports.send(GameReport::Rematch { id: self.id });
            }
            if changed && self.game.is_some() {
                self.report_progress();
            }
            if self.finished_and_empty() {
                break;
            }
        }
        debug!("game task ends");
        let _ = self.reports.send(GameReport::Closed { id: self.id });
    }

    /// Spectators watching now: the receivers of their watch channel.
    fn spectators(&self) -> u32 {
        self.out
            .as_ref()
            .map_or(0, |o| o.spectators.receiver_count() as u32)
    }

    fn finished_and_empty(&self) -> bool {
        if self.outcome.is_none() {
            return false;
        }
        let humans_here = [Color::Red, Color::Blue].iter().any(|&c| {
            let s = self.seats.get(c);
            !s.player.bot && (s.connected || !s.told)
        });
        !humans_here && self.spectators() == 0
    }

    fn next_deadline(&self) -> Option<Instant> {
        let mut d: Option<Instant> = None;
        let mut consider = |t: Instant| d = Some(d.map_or(t, |x| x.min(t)));
        if let Some(saving) = &self.saving {
            // Clocks and reconnect times wait for the result.
            consider(saving.retry_at);
        } else if self.outcome.is_none() {
            if let (Some(clocks), Some(game)) = (&self.clocks, &self.game) {
                consider(self.turn_started + *clocks.get(game.to_move()));
            }
            if let (Some(t), None) = (self.setup_ends, &self.game) {
                consider(t);
            }
            if let (Some(days), None) = (self.terms.days, &self.game) {
                // The set-up's days, slept like a move's (decided in `on_timer`).
                let allow = corr::day_secs(days);
                consider(Instant::now() + corr::wait(self.started, allow, store::now()));
            }
            if let (Some(allow), Some(_)) = (self.turn_allowance(), &self.game) {
                // Slept on the runtime's clock, decided on the time of day (`on_timer`).
                consider(Instant::now() + corr::wait(self.turn_since, allow, store::now()));
            }
            for c in Color::ALL {
                if let Some(t) = self.seats.get(c).gone_deadline {
                    consider(t);
                }
            }
            if let Some(t) = self.both_gone_end() {
                consider(t);
            }
        } else if let Some(t) = self.ended_at {
            consider(t + self.config.linger);
        }
        d
    }

    /// When a game both players have left ends: `abandoned_after` from the later one's
    /// leaving (`None` while either is here, or against the computer).
    fn both_gone_end(&self) -> Option<Instant> {
        // A correspondence game in play is not abandoned: its players come and go.
        if self.in_correspondence() {
            return None;
        }
        let away = |c: Color| {
            let s = self.seats.get(c);
            (!s.player.bot && !s.connected && s.told)
                .then_some(s.gone_since)
                .flatten()
        };
        let since = away(Color::Red)?.max(away(Color::Blue)?);
        Some(since + self.config.abandoned_after)
    }

    /// A correspondence game, in its set-up or in play: leaving it is not abandoning it
    /// (no reconnect time, no claim, no end when both are away); the deadline of the
    /// set-up and of each move decides.
    fn in_correspondence(&self) -> bool {
        self.terms.correspondence()
    }

    /// The deadline of the side to move, in a correspondence game in play (Unix seconds).
    fn corr_deadline(&self) -> Option<(Color, Timestamp)> {
        let allow = self.turn_allowance()?;
        let game = self.game.as_ref().filter(|_| self.outcome.is_none())?;
        Some((game.to_move(), corr::deadline(self.turn_since, allow)))
    }

    /// The side whose time runs: the side to move, while the game is in play and no move
    /// is being stored.
    fn running(&self) -> Option<Color> {
        self.game
            .as_ref()
            .filter(|_| self.outcome.is_none() && self.saving.is_none())
            .map(|g| g.to_move())
    }

    /// The budget `side` has left (seconds, not counting the turn running now), in a
    /// correspondence game with a total budget.
    fn budget_left(&self, side: Color) -> Option<u64> {
        corr::budget_left(self.terms.budget, *self.budget_spent.get(side))
    }

    /// What `side` is allowed for a turn (seconds): the days a move, or its budget left
    /// when sooner. `None` outside a correspondence game.
    fn allowance_of(&self, side: Color) -> Option<u64> {
        let days = self.terms.days?;
        Some(corr::allowance(days, self.budget_left(side)))
    }

    /// The allowance of the turn running now (the side to move's), in a correspondence
    /// game in play.
    fn turn_allowance(&self) -> Option<u64> {
        self.allowance_of(self.game.as_ref()?.to_move())
    }

    /// Tells the lobby the move count and, in a correspondence game, whose turn it is.
    fn report_progress(&self) {
        if let Some(game) = &self.game {
            let _ = self.reports.send(GameReport::Progress {
                id: self.id,
                ply: game.ply(),
                spectators: self.spectators(),
                turn: self.corr_deadline().filter(|_| self.saving.is_none()),
                budget_ends: self
                    .running()
                    .and_then(|side| self.budget_left(side))
                    .map(|left| self.turn_since.saturating_add(left)),
            });
        }
    }

    /// A deadline passed; whether the task should end (a finished game's linger is over).
    async fn on_timer(&mut self) -> bool {
        let now = Instant::now();
        if self.saving.as_ref().is_some_and(|s| now >= s.retry_at) {
            self.store_result().await;
            return false;
        }
        if self.outcome.is_some() {
            // Nobody wants a rematch any more: the task ends (its seats see it closed).
            return self.ended_at.is_some_and(|t| now >= t + self.config.linger);
        }
        if self.game.is_none() && self.setup_ends.is_some_and(|t| now >= t) {
            self.setup_ran_out().await;
            return false;
        }
        if let (Some(days), None) = (self.terms.days, &self.game) {
            if corr::overdue(self.started, corr::day_secs(days), store::now()) {
                self.setup_ran_out().await;
                return false;
            }
        }
        if let (Some(allow), Some(game), None) = (self.turn_allowance(), &self.game, &self.saving) {
            if corr::overdue(self.turn_since, allow, store::now()) {
                let side = game.to_move();
                info!(
                    seat = %side,
                    days = self.terms.days,
                    budget = self.terms.budget,
                    budget_left_secs = self.budget_left(side),
                    "correspondence move not made in time"
                );
                self.finish(Outcome {
                    winner: Some(side.opposite()),
                    reason: EndReason::Time,
                })
                .await;
                return false;
            }
        }
        if self.both_gone_end().is_some_and(|t| now >= t) {
            info!("both players away too long: the game ends without a result");
            self.end(None, EndReason::Aborted).await;
            return false;
        }
        if let (Some(clocks), Some(game)) = (&self.clocks, &self.game) {
            let side = game.to_move();
            if now >= self.turn_started + *clocks.get(side) {
                if let Some(c) = self.clocks.as_mut() {
                    *c.get_mut(side) = Duration::ZERO;
                }
                self.finish(Outcome {
                    winner: Some(side.opposite()),
                    reason: EndReason::Time,
                })
                .await;
                return false;
            }
        }
        // A reconnect deadline passed: the snapshot shows 0 s left and the opponent may
        // claim; clear the deadline so the timer does not fire again. Before the first
        // move, the game ends without a result instead.
        let mut gone = Vec::new();
        for c in Color::ALL {
            let seat = self.seats.get_mut(c);
            if seat.gone_deadline.is_some_and(|t| now >= t) {
                seat.gone_deadline = None;
                gone.push(c);
            }
        }
        if !gone.is_empty() {
            // Every screen now shows 0 s left (and the opponent may claim).
            self.dirty = Dirty::ALL;
        }
        if !gone.is_empty() && self.before_first_move() {
            self.end(None, EndReason::Aborted).await;
        } else if let Some(&c) = gone.iter().find(|&&c| self.is_guest(c)) {
            self.guest_gone(c).await;
        }
        false
    }

    fn is_guest(&self, color: Color) -> bool {
        matches!(self.seats.get(color).player.id, PlayerId::Guest(_))
    }

    /// A guest's time to come back ran out: a guest has no name to come back under later,
    /// so the game ends, won by the opponent when it is there (a computer always is); with
    /// nobody there it ends without a result, unless the opponent has a key and may still
    /// come back to claim the win.
    async fn guest_gone(&mut self, color: Color) {
        let other = self.seats.get(color.opposite());
        if other.connected || other.player.bot {
            info!(seat = %color, "guest did not come back: the opponent wins");
            self.end(Some(color.opposite()), EndReason::Abandonment)
                .await;
        } else if self.is_guest(color.opposite()) {
            info!("both guests gone: the game ends without a result");
            self.end(None, EndReason::Aborted).await;
        }
    }

    /// Set-up lasted longer than the deadline: the side that is not ready loses; with
    /// neither ready, the game is aborted (no result).
    async fn setup_ran_out(&mut self) {
        let ready = |c: Color| self.seats.get(c).setup.is_some();
        let (red, blue) = (ready(Color::Red), ready(Color::Blue));
        let limit = match (self.terms.days, self.setup_limit) {
            (Some(days), _) => format!(" ({days}d)"),
            (None, Some(d)) => format!(" ({})", human_duration(d)),
            (None, None) => String::new(),
        };
        info!(red_ready = red, blue_ready = blue, "set-up time ran out");
        self.setup_expired = true;
        let (winner, reason, text) = match (red, blue) {
            (true, false) | (false, true) => {
                let late = if red { Color::Blue } else { Color::Red };
                let nick = &self.seats.get(late).player.nick;
                (
                    Some(late.opposite()),
                    EndReason::Time,
                    Notice::new("notice-setup-ran-out")
                        .arg("limit", &limit)
                        .arg("nick", nick),
                )
            }
            _ => (
                None,
                EndReason::Aborted,
                Notice::new("notice-setup-ran-out-both").arg("limit", &limit),
            ),
        };
        self.end(winner, reason).await;
        for c in Color::ALL {
            self.notice(Some(c), text.clone());
        }
    }

    /// Tells the session that sent the seat's last command.
    fn notice(&self, color: Option<Color>, notice: impl Into<Notice>) {
        if let Some(c) = color {
            if let Some(reply) = &self.seats.get(c).reply {
                let _ = reply.try_send(SessionEvent::Notice(notice.into()));
            }
        }
    }

    fn handle(&mut self, msg: GameMsg) {
        match msg {
            GameMsg::Presence {
                color,
                present: true,
                ..
            } => {
                let seat = self.seats.get_mut(color);
                seat.connected = true;
                seat.online = true;
                seat.told = true;
                seat.gone_deadline = None;
                seat.gone_since = None;
                self.dirty = Dirty::ALL;
                info!(seat = %color, "player connected");
            }
            GameMsg::Presence {
                color,
                present: false,
                online,
            } => {
                let grace = self.config.reconnect_grace;
                let over = self.outcome.is_some();
                // Leaving a correspondence game in play is not abandoning it: the seat is
                // empty until the player comes back; no reconnect time runs.
                let correspondence = self.in_correspondence();
                let seat = self.seats.get_mut(color);
                if !seat.connected && seat.told {
                    // Still away: only whether they are online changed (the one who left
                    // for the lobby lost the connection, or came back to the lobby). The
                    // grace runs on.
                    if seat.online != online {
                        seat.online = online;
                        self.dirty = Dirty::ALL;
                    }
                    return;
                }
                seat.online = online;
                seat.connected = false;
                seat.gone_since = Some(Instant::now());
                seat.told = true;
                seat.reply = None;
                seat.rematch = false;
                let nick = seat.player.nick.clone();
                self.dirty = Dirty::ALL;
                if !over && !correspondence {
                    seat.gone_deadline = Some(Instant::now() + grace);
                } else if over
                    && self.seats.get(color.opposite()).connected
                    && !self.rematched
                    && self.next_game.is_none()
                {
                    // The one still here stops waiting for a rematch (unless both agreed
                    // to one: they are on their way to the next game).
                    self.notice(
                        Some(color.opposite()),
                        Notice::new("notice-left-no-rematch").arg("nick", &nick),
                    );
                }
                if online {
                    info!(seat = %color, "player left the game, still online");
                } else {
                    info!(seat = %color, "player disconnected");
                }
            }
            GameMsg::Spectate { reply } => {
                let rx = match &self.out {
                    Some(out) if !self.private => Some(out.spectators.subscribe()),
                    _ => None,
                };
                let _ = reply.send(rx);
            }
            // The count is read from the channel (see `run`): a change republishes.
            GameMsg::Recount => {}
            GameMsg::SetNextGame(id) => {
                self.next_game = Some(id);
                self.dirty = Dirty::ALL;
            }
            GameMsg::InTournament => {
                self.tournament = true;
                self.dirty = Dirty::ALL;
            }
            GameMsg::Shutdown => {}
        }
    }

    async fn command(&mut self, c: SeatCommand) {
        let SeatCommand {
            color,
            nick,
            cmd,
            reply,
        } = c;
        let Some(color) = color else {
            // Spectators watch and talk among themselves.
            if let GameCmd::Chat(text) = cmd {
                self.spectator_chat(nick, &text, reply);
            }
            return;
        };
        if reply.is_some() {
            self.seats.get_mut(color).reply = reply;
        }
        let over = self.outcome.is_some() || self.saving.is_some();
        match cmd {
            GameCmd::SubmitSetup(setup) => self.submit_setup(color, setup).await,
            GameCmd::Move(mv) => self.play(color, mv).await,
            GameCmd::Resign if !over => {
                self.end(Some(color.opposite()), EndReason::Resignation)
                    .await
            }
            GameCmd::OfferDraw if !over && self.game.is_some() => {
                if self.draw_offer == Some(color.opposite()) {
                    self.end(None, EndReason::DrawAgreed).await;
                } else if self.draw_offer != Some(color) {
                    self.draw_offer = Some(color);
                    self.dirty = Dirty::ALL;
                }
            }
            GameCmd::AcceptDraw if !over && self.draw_offer == Some(color.opposite()) => {
                self.end(None, EndReason::DrawAgreed).await
            }
            GameCmd::DeclineDraw if self.draw_offer == Some(color.opposite()) => {
                self.draw_offer = None;
                self.dirty = Dirty::ALL;
                let me = &self.seats.get(color).player.nick;
                self.notice(
                    Some(color.opposite()),
                    Notice::new("notice-draw-declined").arg("nick", me),
                );
            }
            GameCmd::ClaimWin if !over => self.claim_win(color).await,
            GameCmd::Abort if !over => {
                if self.before_first_move() {
                    self.end(None, EndReason::Aborted).await;
                } else {
                    self.notice(Some(color), Notice::new("refusal-resign-instead"));
                }
            }
            GameCmd::Forfeit(why) if !over => {
                let me = self.seats.get(color).player.nick.clone();
                if self.game.is_none() {
                    self.notice(
                        Some(color.opposite()),
                        Notice::new("notice-forfeit-no-result")
                            .arg("nick", &me)
                            .arg("why", why.clone()),
                    );
                    self.end(None, EndReason::Aborted).await;
                } else {
                    self.notice(
                        Some(color.opposite()),
                        Notice::new("notice-forfeit-win")
                            .arg("nick", &me)
                            .arg("why", why),
                    );
                    self.end(Some(color.opposite()), EndReason::Abandonment)
                        .await;
                }
            }
            GameCmd::Chat(text) => self.chat(color, &text),
            GameCmd::Note(square, guess) => self.note(color, square, guess).await,
            // A tournament pairs its own games: a rematch would be a game outside it.
            GameCmd::Rematch if over && self.tournament => {
                self.notice(Some(color), Notice::new("refusal-tournament-rematch"));
            }
            GameCmd::Rematch if over && !self.seats.get(color).rematch => {
                self.seats.get_mut(color).rematch = true;
                self.dirty = Dirty::ALL;
            }
            // Anything else changes nothing: no snapshot is rebuilt.
            _ => {}
        }
    }

    async fn end(&mut self, winner: Option<Color>, reason: EndReason) {
        self.finish(Outcome { winner, reason }).await;
    }

    /// No move has been played: leaving ends the game without a result.
    fn before_first_move(&self) -> bool {
        self.game.as_ref().is_none_or(|g| g.ply() == 0)
    }

    /// A move of `color`: checked once, written and flushed, then played and shown.
    async fn play(&mut self, color: Color, mv: crate::rules::Move) {
        let seat = Some(color);
        if self.outcome.is_some() {
            return self.notice(seat, Notice::new("refusal-game-over"));
        }
        if self.saving.is_some() {
            return self.notice(seat, Notice::new(SAVING_RESULT));
        }
        let Some(game) = self.game.as_ref() else {
            return self.notice(seat, Notice::new("refusal-not-started"));
        };
        if game.to_move() != color {
            return self.notice(seat, Notice::new("refusal-not-your-turn"));
        }
        // A correspondence move past its deadline (before the timer woke) is not played:
        // the time ran out first, and the game is lost on time.
        if let Some(allow) = self.allowance_of(color) {
            if corr::overdue(self.turn_since, allow, store::now()) {
                info!(
                    seat = %color,
                    days = self.terms.days,
                    budget = self.terms.budget,
                    "correspondence move made after its deadline"
                );
                return self
                    .finish(Outcome {
                        winner: Some(color.opposite()),
                        reason: EndReason::Time,
                    })
                    .await;
            }
        }
        if let Err(reason) = game.check(&mv) {
            // The reason is data, worded in the player's language; the screens check moves
            // before sending them, so a player rarely meets this.
            return self.notice(
                seat,
                Notice::new("refusal-illegal-move")
                    .arg("move", mv.to_string())
                    .arg("why", crate::proto::illegal_notice(reason)),
            );
        }
        let now = Instant::now();
        let clocks = self.clocks_after_move(color, now);
        // Checked above, and this task alone changes the game: no second check. Played on
        // a copy: the game changes only once the move is on disk.
        let mut next = game.clone();
        let event = next.play_unchecked(mv);
        if let Some(outcome) = event.outcome {
            // The final move is stored with the result, in one transaction.
            debug!(ply = next.ply(), "final move played");
            self.clocks = self.clocks_after_move(color, Instant::now());
            self.draw_offer = None;
            next.end(outcome);
            self.begin_result(next).await;
            return;
        }
        // Written and flushed before anyone is shown the move, under its ply (a retry
        // overwrites). The flush waits on the disk: the store's writer does it, so other
        // games and sessions go on meanwhile.
        let at = store::now();
        if let Some(store) = &self.store {
            if let Err(e) = store
                .live()
                .append_move_at(self.id, next.ply(), mv, clocks, Some(at))
                .await
            {
                warn!(ply = next.ply(), error = %e, "cannot store a move");
                return self.notice(seat, Notice::new("refusal-cannot-save-move"));
            }
        }
        debug!(ply = next.ply(), "move played");
        // Each seat's notes follow the pieces that moved, as that seat saw the move.
        for c in Color::ALL {
            let seat = self.seats.get_mut(c);
            if !seat.notes.is_empty() {
                let view = next.view(Viewer::Player(c));
                if let Some(m) = view.last_move {
                    seat.notes.follow(&m, &view);
                }
            }
        }
        self.game = Some(next);
        let played = Instant::now();
        self.clocks = self.clocks_after_move(color, played);
        self.turn_started = played;
        // The move spent its time from the turn's start (a correspondence game's budget).
        let spent = self.budget_spent.get_mut(color);
        *spent = spent.saturating_add(at.saturating_sub(self.turn_since));
        self.turn_since = at;
        self.dirty = Dirty::ALL;
        if self.draw_offer == Some(color.opposite()) {
            self.draw_offer = None;
        }
    }

    /// A note of `color`'s on the unknown enemy piece on `square` (`None`: clear it):
    /// checked against that seat's own view, stored, then shown to that seat alone (its
    /// snapshot is sent at once; the opponent's and the spectators' do not change). A
    /// refusal is told to that seat and changes nothing. The note's content is never
    /// logged.
    async fn note(&mut self, color: Color, square: Square, guess: Option<Guess>) {
        let seat = Some(color);
        let game = match &self.game {
            Some(g) if self.outcome.is_none() && self.saving.is_none() => g,
            _ => {
                let e = crate::rules::NoteError::NotInPlay;
                return self.notice(seat, crate::proto::note_refusal(e, square));
            }
        };
        let ply = game.ply();
        let view = game.view(Viewer::Player(color));
        let s = self.seats.get(color);
        let mut notes = s.notes.clone();
        let result = if s.note_log.len() >= MAX_NOTE_LOG {
            Err(crate::rules::NoteError::TooMany)
        } else {
            notes.set(&view, square, guess.clone())
        };
        if let Err(e) = result {
            return self.notice(seat, crate::proto::note_refusal(e, square));
        }
        let mut log = s.note_log.clone();
        log.push(NoteEvent { ply, square, guess });
        if let Some(store) = &self.store {
            if let Err(e) = store.notes().save(self.id, color, log.clone()).await {
                warn!(seat = ?color, error = %e, "cannot store a note");
                return self.notice(seat, Notice::new("refusal-note-cannot-save"));
            }
        }
        debug!(seat = ?color, notes = notes.len(), "note changed");
        let s = self.seats.get_mut(color);
        s.notes = notes;
        s.note_log = log;
        // Only this seat's snapshot changes: sent now, to it alone.
        if let Some(out) = &self.out {
            let _ = out
                .seats
                .get(color)
                .send(Arc::new(self.snapshot(Viewer::Player(color))));
        }
    }

    /// [`GameConfig::plant_note_leak`]: `notes` with the other seats' notes added.
    fn planted_leak(&self, viewer: Viewer, mut notes: Notes) -> Notes {
        for c in Color::ALL {
            if viewer != Viewer::Player(c) {
                notes.extend_unchecked(&self.seats.get(c).notes);
            }
        }
        notes
    }

    /// The clocks once `color`'s move made at `now` is counted: its time used taken off,
    /// the increment added.
    fn clocks_after_move(&self, color: Color, now: Instant) -> Option<ByColor<Duration>> {
        self.clocks.map(|mut c| {
            let left = c.get(color).saturating_sub(now - self.turn_started);
            *c.get_mut(color) = left + secs(self.terms.clock.map_or(0, |c| c.increment_secs));
            c
        })
    }

    /// The win, when the opponent's time to reconnect has run out.
    async fn claim_win(&mut self, color: Color) {
        if self.in_correspondence() {
            return self.notice(Some(color), Notice::new("refusal-correspondence-claim"));
        }
        let other = self.seats.get(color.opposite());
        let expired = !other.connected && other.gone_deadline.is_none_or(|t| Instant::now() >= t);
        if expired && self.before_first_move() {
            self.end(None, EndReason::Aborted).await;
        } else if expired {
            self.end(Some(color), EndReason::Abandonment).await;
        } else {
            self.notice(Some(color), Notice::new("refusal-opponent-may-return"));
        }
    }

    /// A spectator's line, for the spectators only.
    fn spectator_chat(
        &mut self,
        nick: String,
        text: &str,
        reply: Option<mpsc::Sender<SessionEvent>>,
    ) {
        let line = clean_line(text, CHAT_MAX_CHARS);
        if line.is_empty() {
            return;
        }
        let now = std::time::Instant::now();
        let limits = &mut self.stands.limits;
        if limits.len() > 1000 && !limits.contains_key(&nick) {
            limits.clear();
        }
        let bucket = limits
            .entry(nick.clone())
            .or_insert_with(|| TokenBucket::new(5.0, 0.5, now));
        if !bucket.try_take(now) {
            if let Some(r) = reply {
                let _ = r.try_send(SessionEvent::Notice(Notice::new("refusal-too-fast")));
            }
            return;
        }
        self.stands.chat.push(ChatLine {
            from: nick,
            text: line,
        });
        // The players do not see the stands' chat: only the spectators' snapshot changes.
        self.dirty.stands = true;
        if self.stands.chat.len() > CHAT_KEEP {
            self.stands.chat.remove(0);
        }
    }

    fn chat(&mut self, color: Color, text: &str) {
        let line = clean_line(text, CHAT_MAX_CHARS);
        if line.is_empty() {
            return;
        }
        if !self
            .seats
            .get_mut(color)
            .chat
            .try_take(std::time::Instant::now())
        {
            return self.notice(Some(color), Notice::new("refusal-too-fast"));
        }
        self.chat.push(ChatLine {
            from: self.seats.get(color).player.nick.clone(),
            text: line,
        });
        // The spectators do not see the players' chat: only the seats' snapshots change.
        self.dirty.seats = true;
        if self.chat.len() > CHAT_KEEP {
            self.chat.remove(0);
        }
    }

    async fn submit_setup(&mut self, color: Color, setup: Setup) {
        if self.game.is_some() || self.outcome.is_some() {
            return self.notice(Some(color), Notice::new("refusal-setup-over"));
        }
        // A set-up made for the other side is turned half a turn, as every screen turns a
        // saved one (its owner's left stays on the left).
        let setup = setup.turned_for(color);
        if let Err(e) = setup.validate(&self.terms.rules, color) {
            return self.notice(
                Some(color),
                Notice::new("refusal-setup").arg("why", e.to_string()),
            );
        }
        // A correspondence set-up past its deadline (before the timer woke) is too late:
        // the time ran out first.
        if let Some(days) = self.terms.days {
            if corr::overdue(self.started, corr::day_secs(days), store::now()) {
                info!(seat = %color, days, "correspondence set-up made after its deadline");
                return self.setup_ran_out().await;
            }
        }
        let before = self.seats.get_mut(color).setup.replace(setup);
        self.dirty = Dirty::ALL;
        let both = self.seats.red.setup.is_some() && self.seats.blue.setup.is_some();
        if !both && self.terms.correspondence() {
            // The other side may set up days later, after a restart: this set-up waits on
            // disk. Not stored, it is not taken (the player readies again to retry).
            if let Err(e) = self.save_setup().await {
                warn!(seat = %color, error = %e, "cannot store a correspondence set-up");
                self.seats.get_mut(color).setup = before;
                let nick = self.seats.get(color).player.nick.clone();
                return self.notice(
                    Some(color),
                    Notice::new("refusal-cannot-save-game").arg("nick", &nick),
                );
            }
            info!(seat = %color, "correspondence set-up stored; waiting for the other side");
            self.report_setup_due();
        }
        if let (Some(red), Some(blue)) = (&self.seats.red.setup, &self.seats.blue.setup) {
            match Game::new(self.terms.rules, red, blue) {
                Ok(game) => {
                    info!("both set-ups in: play starts");
                    let since = store::now();
                    if let Some(store) = &self.store {
                        let live = LiveGame {
                            id: self.id,
                            terms: self.terms,
                            seats: self.store_seats(),
                            red: red.clone(),
                            blue: blue.clone(),
                            moves: Vec::new(),
                            clocks: self.clocks,
                            started: self.started,
                            private: self.private,
                            turn_since: Some(since),
                            turn_starts: vec![Some(since)],
                        };
                        // A save whose flush failed may still reach the disk later.
                        self.live_written = true;
                        if let Err(e) = store.live().save(&live).await {
                            // Play does not start on a game that is not on disk: every
                            // move would be refused. The side that readied last readies
                            // again to retry.
                            warn!(error = %e, "cannot store the game: play does not start");
                            self.seats.get_mut(color).setup = None;
                            let nick = self.seats.get(color).player.nick.clone();
                            for c in Color::ALL {
                                self.notice(
                                    Some(c),
                                    Notice::new("refusal-cannot-save-game").arg("nick", &nick),
                                );
                            }
                            return;
                        }
                    }
                    self.game = Some(game);
                    self.turn_started = Instant::now();
                    self.turn_since = since;
                }
                Err((c, e)) => {
                    warn!(seat = %c, "set-up refused at start");
                    self.seats.get_mut(c).setup = None;
                    self.notice(
                        Some(c),
                        Notice::new("refusal-setup").arg("why", e.to_string()),
                    );
                }
            }
        }
    }

    /// The game ends: an aborted game is forgotten, anything else is stored (with its
    /// rating changes) before anyone is shown the result.
    async fn finish(&mut self, outcome: Outcome) {
        // The side to move has used its clock since its turn began: the final clocks say so
        // (a claim, a resignation or a draw mid-turn showed the clock as the turn began).
        if let (Some(clocks), Some(game)) = (self.clocks.as_mut(), &self.game) {
            let now = Instant::now();
            let side = game.to_move();
            let left = clocks.get(side).saturating_sub(now - self.turn_started);
            *clocks.get_mut(side) = left;
            self.turn_started = now;
        }
        if outcome.reason != EndReason::Aborted && self.store.is_some() {
            if let Some(game) = &self.game {
                let mut ended = game.clone();
                ended.end(outcome);
                self.begin_result(ended).await;
                return;
            }
        }
        if let Some(game) = &mut self.game {
            game.end(outcome);
            self.outcome = game.outcome();
        } else {
            self.outcome = Some(outcome);
        }
        self.ended();
        // No result: the game in progress (stored once play started, or a correspondence
        // game from its start) is forgotten. A game ended in its set-up (a side not ready
        // in time, a resignation) has no record either: no move was played.
        if outcome.reason == EndReason::Aborted || self.game.is_none() {
            let written = self.game.is_some() || self.live_written;
            if let (Some(store), true) = (&self.store, written) {
                if let Err(e) = store.live().remove(self.id).await {
                    warn!(error = %e, "cannot forget the aborted game");
                }
            }
        }
    }

    /// What every ending does once it is shown.
    fn ended(&mut self) {
        self.draw_offer = None;
        self.ended_at = Some(Instant::now());
        self.dirty = Dirty::ALL;
        for c in Color::ALL {
            self.seats.get_mut(c).gone_deadline = None;
        }
    }

    /// Stores the result of `ended` (a game with its outcome), then shows it; while the
    /// store refuses, the result is retried (see [`Saving`]).
    async fn begin_result(&mut self, ended: Game) {
        self.saving = Some(Saving {
            game: ended,
            ended: store::now(),
            attempts: 0,
            retry_at: Instant::now(),
        });
        self.store_result().await;
    }

    /// One attempt to store the pending result. Stored: the game ends for everyone, with
    /// the rating changes. Refused: both players are told, and it is tried again later
    /// (1 s, doubling up to 16 s). Idempotent in the store: a retry after a flush that
    /// failed records the game once.
    async fn store_result(&mut self) {
        let Some(saving) = &self.saving else {
            return;
        };
        let Some(store) = &self.store else {
            // Nothing to store it in (a game without a store): shown at once.
            if let Some(saving) = self.saving.take() {
                self.outcome = saving.game.outcome();
                self.game = Some(saving.game);
                self.ended();
            }
            return;
        };
        let result = GameResult {
            id: self.id,
            record: saving.game.record(),
            seats: self.store_seats(),
            terms: self.terms,
            started: self.started,
            ended: saving.ended,
        };
        // A private game (a challenge) stays private once finished: listed and replayed
        // for its two players only.
        match store.games().finish_with(&result, self.private).await {
            Ok(changes) => {
                let Some(saving) = self.saving.take() else {
                    return;
                };
                if saving.attempts > 0 {
                    info!(
                        attempts = saving.attempts + 1,
                        "result stored after retries"
                    );
                }
                self.outcome = saving.game.outcome();
                self.game = Some(saving.game);
                if let Some(ch) = changes {
                    for c in Color::ALL {
                        let change = ch.get(c);
                        let seat = self.seats.get_mut(c);
                        seat.player.rating = Some(change.after.shown());
                        seat.rating_change = Some(change.delta());
                    }
                }
                self.ended();
            }
            Err(e) => {
                let Some(saving) = self.saving.as_mut() else {
                    return;
                };
                saving.attempts += 1;
                let wait = Duration::from_secs(1u64 << (saving.attempts.min(5) - 1));
                saving.retry_at = Instant::now() + wait;
                warn!(
                    attempts = saving.attempts,
                    retry_in_s = wait.as_secs(),
                    error = %e,
                    "cannot store the result; retrying"
                );
                if saving.attempts == 1 {
                    // The clocks stop while the result waits.
                    self.dirty = Dirty::ALL;
                    for c in Color::ALL {
                        self.notice(Some(c), Notice::new(SAVING_RESULT));
                    }
                }
            }
        }
    }

    fn store_seats(&self) -> ByColor<store::SeatRecord> {
        let seat = |c: Color| {
            let p = &self.seats.get(c).player;
            store::SeatRecord {
                identity: p.id.clone(),
                nick: p.nick.clone(),
            }
        };
        ByColor::new(seat(Color::Red), seat(Color::Blue))
    }

    /// Sends new snapshots to the audiences whose view changed; whether any was sent.
    /// Clocks are read now: a screen counts a running clock down from the snapshot it
    /// has, so a snapshot is never sent only because time passed.
    fn publish(&mut self) -> bool {
        let dirty = std::mem::take(&mut self.dirty);
        if !dirty.any() {
            return false;
        }
        self.shown_spectators = self.spectators();
        let Some(out) = &self.out else {
            return true;
        };
        if dirty.seats {
            for c in Color::ALL {
                let snap = Arc::new(self.snapshot(Viewer::Player(c)));
                let _ = out.seats.get(c).send(snap);
            }
        }
        // With nobody watching there is nobody to send to; a spectator who comes in
        // changes the count, which republishes everything.
        if dirty.stands && self.shown_spectators > 0 {
            let _ = out
                .spectators
                .send(Arc::new(self.snapshot(Viewer::Spectator)));
        }
        true
    }

    fn snapshots(&self) -> Snapshots {
        Snapshots {
            red: Arc::new(self.snapshot(Viewer::Player(Color::Red))),
            blue: Arc::new(self.snapshot(Viewer::Player(Color::Blue))),
            spectator: Arc::new(self.snapshot(Viewer::Spectator)),
        }
    }

    fn snapshot(&self, viewer: Viewer) -> GameSnapshot {
        let now = Instant::now();
        let my_color = match viewer {
            Viewer::Player(c) => Some(c),
            Viewer::Spectator => None,
        };
        let seat_info = |c: Color| {
            let s = self.seats.get(c);
            // Until the lobby has said where the player is (the first moments of a game,
            // a player coming from another game), they are not shown as gone.
            let connected = s.connected || !s.told;
            SeatInfo {
                nick: s.player.nick.clone(),
                rating: s.player.rating,
                bot: s.player.bot,
                connected,
                online: !connected && s.online,
                // A correspondence game's empty seat has no reconnect time: it waits.
                reconnect_left: if connected || self.outcome.is_some() || self.in_correspondence() {
                    None
                } else {
                    Some(
                        s.gone_deadline
                            .map_or(Duration::ZERO, |t| t.saturating_duration_since(now)),
                    )
                },
                ready: s.setup.is_some(),
                rating_change: s.rating_change,
            }
        };
        let phase = match (&self.game, self.outcome) {
            (_, Some(_)) => GamePhase::Over,
            (Some(_), None) => GamePhase::Playing,
            (None, None) => GamePhase::Setup,
        };
        let clocks = self.clocks.as_ref().map(|clocks| {
            let running = self.running();
            let state = |c: Color| {
                let mut remaining = *clocks.get(c);
                if running == Some(c) {
                    remaining = remaining.saturating_sub(now - self.turn_started);
                }
                ClockState {
                    remaining,
                    running: running == Some(c),
                }
            };
            ByColor::new(state(Color::Red), state(Color::Blue))
        });
        // A correspondence game shows its days as clocks: the side to move's time to its
        // deadline (running), the other side's whole allowance.
        let clocks = clocks.or_else(|| {
            let game = self.game.as_ref()?;
            let running = (self.outcome.is_none() && self.saving.is_none()).then(|| game.to_move());
            let state = |c: Color| {
                let allow = self.allowance_of(c)?;
                Some(ClockState {
                    remaining: if running == Some(c) {
                        corr::left(self.turn_since, allow, store::now())
                    } else {
                        // The whole allowance of its next turn (its budget left, when
                        // sooner).
                        Duration::from_secs(allow)
                    },
                    running: running == Some(c),
                })
            };
            Some(ByColor::new(state(Color::Red)?, state(Color::Blue)?))
        });
        let view = self.game.as_ref().map(|g| g.view(viewer));
        // A seat's notes go into that seat's own snapshot and no other; held against the
        // view (a finished game reveals every rank: no note is left).
        let notes = match (viewer, &view) {
            (Viewer::Player(c), Some(v)) => {
                let mut notes = self.seats.get(c).notes.clone();
                notes.prune(v);
                notes
            }
            _ => Notes::default(),
        };
        let notes = if self.config.plant_note_leak {
            self.planted_leak(viewer, notes)
        } else {
            notes
        };
        GameSnapshot {
            id: self.id,
            terms: self.terms,
            seats: ByColor::new(seat_info(Color::Red), seat_info(Color::Blue)),
            my_color,
            phase,
            my_setup: my_color.and_then(|c| self.seats.get(c).setup.clone()),
            view,
            history: self
                .game
                .as_ref()
                .map(|g| g.history(viewer))
                .unwrap_or_default(),
            clocks,
            chat: match viewer {
                Viewer::Player(_) => self.chat.clone(),
                Viewer::Spectator => self.stands.chat.clone(),
            },
            draw_offer: self.draw_offer,
            rematch: ByColor::new(self.seats.red.rematch, self.seats.blue.rematch),
            outcome: self.outcome,
            next_game: self.next_game,
            spectators: self.spectators(),
            setup_left: match (&self.game, self.outcome) {
                (None, None) => self
                    .setup_ends
                    .map(|t| t.saturating_duration_since(now))
                    // A correspondence set-up: its days, to the deadline from the start.
                    .or_else(|| {
                        let days = self.terms.days?;
                        Some(corr::left(self.started, corr::day_secs(days), store::now()))
                    }),
                (None, Some(_)) if self.setup_expired => Some(Duration::ZERO),
                _ => None,
            },
            private: self.private,
            tournament: self.tournament,
            notes,
            budget_left: self.terms.budget.map(|_| {
                // The side to move's counts down with its turn (as its clock does).
                let running = self.running();
                let left = |c: Color| {
                    let mut left = self.budget_left(c).unwrap_or(0);
                    if running == Some(c) {
                        left = left.saturating_sub(store::now().saturating_sub(self.turn_since));
                    }
                    Duration::from_secs(left)
                };
                ByColor::new(left(Color::Red), left(Color::Blue))
            }),
        }
    }
}

/// `5m`, `90s`, `1m30s`: a deadline in a notice.
fn human_duration(d: Duration) -> String {
    let s = d.as_secs();
    match (s / 60, s % 60) {
        (0, s) => format!("{s}s"),
        (m, 0) => format!("{m}m"),
        (m, s) => format!("{m}m{s}s"),
    }
}

fn secs(s: u32) -> Duration {
    Duration::from_secs(u64::from(s))
}
