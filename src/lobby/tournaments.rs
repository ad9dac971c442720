//! The tournament director, part of the lobby actor: it starts tournaments at their time,
//! pairs Swiss rounds and arena players, seats the pairs straight into set-up (through
//! [`Lobby::start_game`], like any game), takes each game's result, and ends the event.
//!
//! **One owner per fact**: a tournament's terms, entrants, pairings and results are its
//! [`TournamentRecord`], written to the store at every change (queued in order, awaited
//! off the actor). Standings are never kept: [`info`] computes them from the record, for
//! the lobby snapshot and for `ssh host tournament ID` alike. What is only in memory
//! (chat, who is absent since when) may be lost with a restart without changing a result.
//!
//! - A Swiss pairs its next round once every game of the round has ended (after
//!   [`ROUND_PAUSE`]); an entrant gone past the reconnect grace at pairing time loses that
//!   game without it being played (a no-show), one still within the grace is paired and
//!   the game's own set-up deadline decides if they do not come.
//! - An arena pairs, every tick, the entrants who are online, not absent, not paused, not
//!   in a game, and whose last game ended at least [`ARENA_REST`] ago. At its end time no
//!   new game is paired; games in play still count, and it is finished when they end.
//! - After a restart, a running arena's end moves by the time the server was down
//!   (`alive_at` is written every [`HEARTBEAT`]); a game whose result the record missed
//!   is read back from the stored games (finished: its result; neither finished nor in
//!   progress: void).

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use tracing::{info, warn};

use super::{Lobby, SessionId};
use crate::game::Player;
use crate::proto::{
    color_msg, variant_msg, BotLevel, ChatLine, EntryRule, GameId, Notice, PlayerId,
    TournamentGame, TournamentId, TournamentInfo, TournamentOrder, TournamentStatus,
    TournamentTerms,
};
use crate::rules::{ByColor, Color, EndReason, Outcome, Variant};
use crate::store::{now, Store, TournamentRecord};
use crate::text::clean_line;
use crate::tournament::{
    arena_pairs, standings, swiss_round, ArenaPlayer, Entrant, Format, GameResult, Pairing, Pid,
};

/// Between the end of a Swiss round's last game and the next round's pairing.
pub const ROUND_PAUSE: Duration = Duration::from_secs(3);
/// Least time between the end of an arena player's game and their next pairing.
pub const ARENA_REST: Duration = Duration::from_secs(2);
/// How often a running tournament's `alive_at` is written.
pub const HEARTBEAT: Duration = Duration::from_secs(5);
/// Finished or cancelled tournaments kept in the lobby snapshot.
const FINISHED_SHOWN: usize = 5;
const CHAT_KEEP: usize = 50;
/// Longest tournament name, in characters.
const NAME_MAX_CHARS: usize = 40;

/// A tournament the lobby runs (or shows).
pub(super) struct Tourney {
    rec: TournamentRecord,
    chat: Vec<ChatLine>,
    /// Entrants with no session online, since when.
    gone: HashMap<Pid, Instant>,
    /// Swiss: when the round's last game ended.
    round_done_at: Option<Instant>,
    /// Arena: when each entrant's last game ended.
    last_end: HashMap<Pid, Instant>,
    alive_written: Instant,
    /// The snapshot's view, recomputed after a change.
    info: Option<TournamentInfo>,
    /// `tournament` (its id): the director's work on it, and the games it starts, run in it.
    span: tracing::Span,
}

impl Tourney {
    fn new(rec: TournamentRecord) -> Tourney {
        Tourney {
            span: tracing::info_span!(parent: None, "tournament", tournament = rec.id),
            rec,
            chat: Vec::new(),
            gone: HashMap::new(),
            round_done_at: None,
            last_end: HashMap::new(),
            alive_written: Instant::now(),
            info: None,
        }
    }

    fn active(&self) -> bool {
        matches!(
            self.rec.status,
            TournamentStatus::Upcoming | TournamentStatus::Running
        )
    }

    fn in_play(&self) -> impl Iterator<Item = &Pairing> {
        self.rec
            .pairings
            .iter()
            .filter(|p| p.result.is_none() && p.game.is_some())
    }

    fn absent(&self, pid: &str, grace: Duration, now: Instant) -> bool {
        self.gone
            .get(pid)
            .is_some_and(|since| now.duration_since(*since) >= grace)
    }
}

/// Why a tournament order or entry was refused; its text is what the asker reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentError {
    NoSuch(TournamentId),
    /// Only a key holder runs tournaments.
    NeedsKey,
    /// `AsPlayer` wrapping another `AsPlayer`.
    Nested,
    OrganiserCap(usize),
    /// Terms an organiser wrote that do not hold (the first thing wrong).
    BadTerms(Notice),
    /// The store could not number a new tournament.
    Numbering(String),
    NotTheirs {
        id: TournamentId,
        created_by: String,
    },
    NoLongerEditable(TournamentId),
    /// Not in a state for this order.
    Is(TournamentId, TournamentStatus),
    BotsAdminOnly,
    BotsNotAllowed,
    NoMoreEntries(TournamentId),
    BotAlreadyIn(TournamentId, BotLevel),
    Full {
        name: String,
        max: usize,
    },
    SwissStarted(String),
    NameIs(String, TournamentStatus),
    ComputersDoNotEnter,
    KeysOnly(String),
    NotInvited {
        name: String,
        nick: String,
    },
    TooFewRatedGames {
        name: String,
        need: u32,
        variant: Variant,
        have: u32,
    },
    AlreadyIn(String),
    /// The lobby is gone (the server is stopping).
    Stopping,
}

/// A tournament's status as a notice's argument (`server.ftl`'s `notice-status-…`).
fn status_msg(status: TournamentStatus) -> crate::proto::NoticeArg {
    crate::proto::NoticeArg::Msg(match status {
        TournamentStatus::Upcoming => "notice-status-upcoming",
        TournamentStatus::Running => "notice-status-running",
        TournamentStatus::Finished => "notice-status-finished",
        TournamentStatus::Cancelled => "notice-status-cancelled",
    })
}

impl TournamentError {
    /// What the asker reads, in their language.
    pub fn notice(&self) -> Notice {
        use TournamentError as E;
        match self {
            E::NoSuch(id) => Notice::new("refusal-no-tournament").arg("id", *id),
            E::NeedsKey => Notice::new("refusal-tournament-needs-key"),
            E::Nested => Notice::new("refusal-order-nested"),
            E::OrganiserCap(n) => Notice::new("refusal-organiser-cap").arg("count", *n),
            E::BadTerms(why) => why.clone(),
            E::Numbering(e) => Notice::new("refusal-tournament-numbering").arg("error", e),
            E::NotTheirs { id, created_by } => Notice::new("refusal-not-theirs")
                .arg("id", *id)
                .arg("nick", created_by),
            E::NoLongerEditable(id) => Notice::new("refusal-no-longer-editable").arg("id", *id),
            E::Is(id, status) => Notice::new("refusal-tournament-is")
                .arg("id", *id)
                .arg("status", status_msg(*status)),
            E::BotsAdminOnly => Notice::new("refusal-bots-admin-only"),
            E::BotsNotAllowed => Notice::new("refusal-bots-not-allowed"),
            E::NoMoreEntries(id) => Notice::new("refusal-no-more-entries").arg("id", *id),
            E::BotAlreadyIn(id, level) => Notice::new("refusal-bot-already-in")
                .arg("id", *id)
                .arg("level", level.name()),
            E::Full { name, max } => Notice::new("refusal-tournament-full")
                .arg("name", name)
                .arg("max", *max),
            E::SwissStarted(name) => Notice::new("refusal-swiss-started").arg("name", name),
            E::NameIs(name, status) => Notice::new("refusal-name-is")
                .arg("name", name)
                .arg("status", status_msg(*status)),
            E::ComputersDoNotEnter => Notice::new("refusal-computers-do-not-enter"),
            E::KeysOnly(name) => Notice::new("refusal-keys-only").arg("name", name),
            E::NotInvited { name, nick } => Notice::new("refusal-not-invited")
                .arg("name", name)
                .arg("nick", nick),
            E::TooFewRatedGames {
                name,
                need,
                variant,
                have,
            } => Notice::new("refusal-too-few-rated-games")
                .arg("name", name)
                .arg("need", *need)
                .arg("variant", variant_msg(*variant))
                .arg("have", *have),
            E::AlreadyIn(name) => Notice::new("refusal-already-in").arg("name", name),
            E::Stopping => Notice::new("refusal-stopping"),
        }
    }
}

/// English (what the exec commands print without --lang, and the logs).
impl std::fmt::Display for TournamentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.notice().fmt(f)
    }
}

impl std::error::Error for TournamentError {}

/// Whether the asker may run tournament `t`: an admin (`by` and `identity` both `None`)
/// any; a player (`identity`, their key) only one their key created. A nick alone proves
/// nothing (it may have passed to another key), and a tournament no key owns (an admin's,
/// or a stored one nobody adopted) is an admin's to run.
fn may_run(
    t: &Tourney,
    by: &Option<String>,
    identity: Option<&PlayerId>,
) -> Result<(), TournamentError> {
    if by.is_none() && identity.is_none() {
        return Ok(());
    }
    let theirs = match (&t.rec.created_by_id, identity) {
        (Some(owner), Some(me)) => *owner == me.to_string(),
        _ => false,
    };
    if theirs {
        return Ok(());
    }
    Err(TournamentError::NotTheirs {
        id: t.rec.id,
        created_by: t.rec.created_by.clone(),
    })
}

/// Checks terms an organiser wrote; the first thing wrong.
fn check_terms(t: &TournamentTerms, now_secs: u64) -> Result<(), TournamentError> {
    let bad = |why: Notice| Err(TournamentError::BadTerms(why));
    if t.name.trim().is_empty() || t.name.chars().count() > NAME_MAX_CHARS {
        return bad(Notice::new("refusal-terms-name").arg("max", NAME_MAX_CHARS));
    }
    match t.format {
        Format::Arena { minutes } if !(1..=720).contains(&minutes) => {
            return bad(Notice::new("refusal-terms-arena-minutes"))
        }
        Format::Swiss { rounds } if !(1..=30).contains(&rounds) => {
            return bad(Notice::new("refusal-terms-swiss-rounds"))
        }
        _ => {}
    }
    // A tournament of correspondence games: a Swiss only (an arena is played at one
    // sitting), with the days a move a correspondence seek may have.
    if let Some(why) = super::seeks::correspondence_refusal(&t.game, false) {
        return bad(why);
    }
    if t.game.days.is_some() && !matches!(t.format, Format::Swiss { .. }) {
        return bad(Notice::new("refusal-terms-days-arena"));
    }
    if t.starts_at + 60 < now_secs {
        return bad(Notice::new("refusal-terms-start-passed"));
    }
    if t.starts_at > now_secs + 366 * 24 * 3600 {
        return bad(Notice::new("refusal-terms-start-far"));
    }
    if let EntryRule::Nicks(n) = &t.entry {
        if n.is_empty() {
            return bad(Notice::new("refusal-terms-no-invitees"));
        }
    }
    Ok(())
}

/// The view of a tournament every session sees (and `ssh host tournament ID` prints),
/// computed from its record: standings from the entrants and the pairings' results.
fn info(
    rec: &TournamentRecord,
    chat: &[ChatLine],
    absent: Vec<String>,
    nick_of: &dyn Fn(&str) -> String,
) -> TournamentInfo {
    TournamentInfo {
        id: rec.id,
        terms: rec.terms.clone(),
        status: rec.status,
        created_by: rec.created_by.clone(),
        ends_at: rec.ends_at,
        round: rec.round,
        standings: standings(rec.terms.format, &rec.entrants, &rec.pairings),
        absent,
        games: rec
            .pairings
            .iter()
            .filter(|p| p.result.is_none())
            .filter_map(|p| {
                Some(TournamentGame {
                    id: p.game?,
                    red: nick_of(&p.red),
                    blue: nick_of(p.blue.as_deref()?),
                    round: p.round,
                })
            })
            .collect(),
        chat: chat.to_vec(),
        note: rec.note.clone(),
    }
}

/// A stored tournament's view (no chat, nobody absent), for one the lobby no longer shows.
pub fn stored_info(rec: &TournamentRecord) -> TournamentInfo {
    let nicks: HashMap<&str, &str> = rec
        .entrants
        .iter()
        .map(|e| (e.pid.as_str(), e.nick.as_str()))
        .collect();
    info(rec, &[], Vec::new(), &|pid| {
        nicks
            .get(pid)
            .map_or_else(|| pid.to_string(), |n| n.to_string())
    })
}

/// Whether an entrant is one of our computer players (entered by an admin where the host
/// allows it): always present, and able to play other games at the same time.
fn is_computer(pid: &str) -> bool {
    pid.parse::<PlayerId>()
        .is_ok_and(|id| id.bot_level().is_some())
}

/// How a game's outcome counts in a tournament.
fn result_of(outcome: &Outcome) -> GameResult {
    match outcome.winner {
        Some(c) => GameResult::Win(c),
        None if outcome.reason == EndReason::Aborted => GameResult::Void,
        None => GameResult::Draw,
    }
}

/// Writes a tournament; a failed write is logged (the next change writes it all again).
fn persist(store: &Store, rec: &TournamentRecord) {
    let write = store.tournaments().put(rec);
    let id = rec.id;
    tokio::spawn(async move {
        if let Err(e) = write.await {
            warn!(tournament = id, error = %e, "cannot store a tournament");
        }
    });
}

impl Lobby {
    /// Tournaments the store kept: running ones go on (an arena's end moved by the time
    /// the server was down), results the record missed are read from the stored games.
    pub(super) fn restore_tournaments(&mut self) {
        let all = match self.store.tournaments().all() {
            Ok(a) => a,
            Err(e) => {
                warn!(error = %e, "cannot read tournaments");
                return;
            }
        };
        let now_secs = now();
        let mut restart = Vec::new();
        for mut rec in all {
            self.adopt(&mut rec);
            if rec.status == TournamentStatus::Running {
                if let (Format::Arena { .. }, Some(end)) = (rec.terms.format, rec.ends_at) {
                    let down = now_secs.saturating_sub(rec.alive_at);
                    rec.ends_at = Some(end + down);
                    info!(tournament = rec.id, down_secs = down, "arena resumes");
                }
                rec.alive_at = now_secs;
                for (index, p) in rec.pairings.iter_mut().enumerate() {
                    if p.result.is_some() {
                        continue;
                    }
                    if let Some(g) = p.game {
                        if let Some(game) = self.games.get(&g) {
                            game.handle.in_tournament();
                            self.tournament_games.insert(g, rec.id);
                            continue;
                        }
                        if let Ok(Some(f)) = self.store.games().get(g) {
                            p.result = Some(
                                f.record
                                    .outcome
                                    .as_ref()
                                    .map_or(GameResult::Void, result_of),
                            );
                            continue;
                        }
                    }
                    // Paired, but its game was not started, or was still in set-up (a game
                    // is stored from its first move): it starts again.
                    if let Some(blue) = &p.blue {
                        p.game = None;
                        restart.push((rec.id, index, ByColor::new(p.red.clone(), blue.clone())));
                    }
                }
                persist(&self.store, &rec);
            }
            if rec.status == TournamentStatus::Upcoming || rec.status == TournamentStatus::Running {
                info!(
                    tournament = rec.id,
                    status = rec.status.word(),
                    "tournament restored"
                );
            }
            self.tournaments.insert(rec.id, Tourney::new(rec));
        }
        for (id, index, pids) in restart {
            info!(
                tournament = id,
                "a tournament game lost in set-up starts again"
            );
            self.start_tournament_game(id, index, pids);
        }
    }

    /// A tournament stored before records named the creator's key: the key holding the
    /// creator's nick now owns it (written back at once). One whose nick no key holds (an
    /// admin's `(admin)`, a nick given up) keeps no owner: only an admin may change it.
    fn adopt(&self, rec: &mut TournamentRecord) {
        let active = matches!(
            rec.status,
            TournamentStatus::Upcoming | TournamentStatus::Running
        );
        if rec.created_by_id.is_some() || !active {
            return;
        }
        let owner = match self.store.users().by_nick(&rec.created_by) {
            Ok(Some(u)) if u.owner.is_account() => u.owner,
            Ok(_) => return,
            Err(e) => {
                warn!(tournament = rec.id, error = %e, "cannot look up a tournament's creator");
                return;
            }
        };
        info!(tournament = rec.id, organiser = %owner, "a stored tournament adopted by its creator's key");
        rec.created_by_id = Some(owner.to_string());
        persist(&self.store, rec);
    }

    /// Carries out an organiser's order; the line to tell them, or why not.
    pub(super) fn tournament_order(
        &mut self,
        order: TournamentOrder,
    ) -> Result<Notice, TournamentError> {
        match order {
            TournamentOrder::AsPlayer { identity, order } => {
                if !identity.is_account() {
                    return Err(TournamentError::NeedsKey);
                }
                self.run_order(*order, Some(&identity))
            }
            order => self.run_order(order, None),
        }
    }

    /// An order of an admin (`identity` `None`) or of the key holder `identity`; an order
    /// about one tournament runs in its span.
    fn run_order(
        &mut self,
        order: TournamentOrder,
        identity: Option<&PlayerId>,
    ) -> Result<Notice, TournamentError> {
        let now_secs = now();
        let about = match &order {
            TournamentOrder::Edit { id, .. }
            | TournamentOrder::Start { id, .. }
            | TournamentOrder::Cancel { id, .. }
            | TournamentOrder::AddBot { id, .. }
            | TournamentOrder::Join { id, .. }
            | TournamentOrder::Withdraw { id } => Some(*id),
            TournamentOrder::Create { .. } | TournamentOrder::AsPlayer { .. } => None,
        };
        let _in = about.map(|id| self.tournament_span(id).entered());
        match order {
            TournamentOrder::AsPlayer { .. } => Err(TournamentError::Nested),
            TournamentOrder::Create { terms, by } => {
                self.order_create(terms, by, identity, now_secs)
            }
            TournamentOrder::Edit { id, terms, by } => {
                self.order_edit(id, terms, &by, identity, now_secs)
            }
            TournamentOrder::Start { id, by } => self.order_start(id, &by, identity, now_secs),
            TournamentOrder::AddBot { id, level } => self.order_add_bot(id, level, identity),
            TournamentOrder::Cancel { id, by } => self.order_cancel(id, &by, identity),
            // Entering is a player's own: an admin order has no one to enter.
            TournamentOrder::Join { id, nick } => match identity {
                Some(me) => self.try_join(me.clone(), false, nick, id),
                None => Err(TournamentError::NeedsKey),
            },
            TournamentOrder::Withdraw { id } => match identity {
                Some(me) => Ok(self.try_leave(&me.to_string(), id)),
                None => Err(TournamentError::NeedsKey),
            },
        }
    }

    /// The span of tournament `id` (none for an unknown one).
    fn tournament_span(&self, id: TournamentId) -> tracing::Span {
        self.tournaments
            .get(&id)
            .map_or_else(tracing::Span::none, |t| t.span.clone())
    }

    fn order_create(
        &mut self,
        mut terms: TournamentTerms,
        by: String,
        identity: Option<&PlayerId>,
        now_secs: u64,
    ) -> Result<Notice, TournamentError> {
        if let Some(me) = identity {
            let mine = me.to_string();
            let max = self.config.max_tournaments_per_organiser;
            let n = self
                .tournaments
                .values()
                .filter(|t| t.active() && t.rec.created_by_id.as_deref() == Some(&mine))
                .count();
            if n >= max {
                info!(organiser = %me, tournaments = n, max, "tournament cap reached");
                return Err(TournamentError::OrganiserCap(n));
            }
        }
        terms.name = clean_line(&terms.name, NAME_MAX_CHARS);
        check_terms(&terms, now_secs)?;
        let id = self
            .store
            .tournaments()
            .next_id()
            .map_err(|e| TournamentError::Numbering(e.to_string()))?
            .max(self.tournaments.keys().next_back().map_or(1, |k| k + 1));
        let rec = TournamentRecord {
            v: TournamentRecord::VERSION,
            id,
            terms,
            created_by: by,
            created_by_id: identity.map(PlayerId::to_string),
            status: TournamentStatus::Upcoming,
            started_at: None,
            ends_at: None,
            round: 0,
            entrants: Vec::new(),
            pairings: Vec::new(),
            alive_at: now_secs,
            note: String::new(),
        };
        info!(tournament = id, name = %rec.terms.name, "tournament created");
        persist(&self.store, &rec);
        let line = Notice::new("notice-tournament-created")
            .arg("id", id)
            .arg("name", &rec.terms.name);
        self.tournaments.insert(id, Tourney::new(rec));
        Ok(line)
    }

    fn order_edit(
        &mut self,
        id: TournamentId,
        mut terms: TournamentTerms,
        by: &Option<String>,
        identity: Option<&PlayerId>,
        now_secs: u64,
    ) -> Result<Notice, TournamentError> {
        let t = tourney(&mut self.tournaments, id)?;
        may_run(t, by, identity)?;
        if t.rec.status != TournamentStatus::Upcoming {
            return Err(TournamentError::NoLongerEditable(id));
        }
        terms.name = clean_line(&terms.name, NAME_MAX_CHARS);
        check_terms(&terms, now_secs)?;
        t.rec.terms = terms;
        t.info = None;
        persist(&self.store, &t.rec);
        Ok(Notice::new("notice-tournament-edited").arg("id", id))
    }

    fn order_start(
        &mut self,
        id: TournamentId,
        by: &Option<String>,
        identity: Option<&PlayerId>,
        now_secs: u64,
    ) -> Result<Notice, TournamentError> {
        let t = self.tournament_mut(id)?;
        may_run(t, by, identity)?;
        if t.rec.status != TournamentStatus::Upcoming {
            return Err(TournamentError::Is(id, t.rec.status));
        }
        t.rec.terms.starts_at = now_secs;
        self.tournament_tick();
        let t = self.tournament_mut(id)?;
        Ok(Notice::new("notice-tournament-is")
            .arg("id", id)
            .arg("status", status_msg(t.rec.status)))
    }

    fn order_add_bot(
        &mut self,
        id: TournamentId,
        level: BotLevel,
        identity: Option<&PlayerId>,
    ) -> Result<Notice, TournamentError> {
        if identity.is_some() {
            return Err(TournamentError::BotsAdminOnly);
        }
        if !self.config.tournament_bots {
            return Err(TournamentError::BotsNotAllowed);
        }
        let t = tourney(&mut self.tournaments, id)?;
        let open = matches!(
            (t.rec.status, t.rec.terms.format),
            (TournamentStatus::Upcoming, _) | (TournamentStatus::Running, Format::Arena { .. })
        );
        if !open {
            return Err(TournamentError::NoMoreEntries(id));
        }
        let pid = PlayerId::Bot(level).to_string();
        if t.rec.entrants.iter().any(|e| e.pid == pid) {
            return Err(TournamentError::BotAlreadyIn(id, level));
        }
        full(&t.rec, self.config.max_entrants)?;
        t.rec.entrants.push(Entrant {
            pid,
            nick: format!("bot-{}", level.name()),
            rating: 1500,
            withdrawn: false,
        });
        t.info = None;
        persist(&self.store, &t.rec);
        info!(level = level.name(), "a computer player entered");
        Ok(Notice::new("notice-bot-entered")
            .arg("level", level.name())
            .arg("id", id))
    }

    fn order_cancel(
        &mut self,
        id: TournamentId,
        by: &Option<String>,
        identity: Option<&PlayerId>,
    ) -> Result<Notice, TournamentError> {
        let t = tourney(&mut self.tournaments, id)?;
        may_run(t, by, identity)?;
        if !t.active() {
            return Err(TournamentError::Is(id, t.rec.status));
        }
        t.rec.status = TournamentStatus::Cancelled;
        t.rec.note = "cancelled by an organiser".into();
        t.info = None;
        persist(&self.store, &t.rec);
        info!("tournament cancelled");
        Ok(Notice::new("notice-tournament-cancelled").arg("id", id))
    }

    fn tournament_mut(&mut self, id: TournamentId) -> Result<&mut Tourney, TournamentError> {
        tourney(&mut self.tournaments, id)
    }

    pub(super) fn join_tournament(&mut self, session: SessionId, id: TournamentId) {
        let _in = self.tournament_span(id).entered();
        let Some(me) = self.sessions.get(&session) else {
            warn!(session, "a join from a session the lobby does not know");
            return self.notice(session, TournamentError::NoSuch(id).notice());
        };
        let (who, guest, nick) = (me.ident.id.clone(), me.ident.guest, me.nick.clone());
        match self.try_join(who, guest, nick, id) {
            Ok(text) => self.notice(session, text),
            Err(why) => self.notice(session, why.notice()),
        }
    }

    /// `who` (a guest or not) enters tournament `id` as `nick`, from the lobby or the
    /// command line.
    fn try_join(
        &mut self,
        who: PlayerId,
        guest: bool,
        nick: String,
        id: TournamentId,
    ) -> Result<Notice, TournamentError> {
        let rating = self.rating_of(&who);
        let t = self
            .tournaments
            .get(&id)
            .ok_or(TournamentError::NoSuch(id))?;
        let terms = &t.rec.terms;
        let name = terms.name.clone();
        match (t.rec.status, terms.format) {
            (TournamentStatus::Upcoming, _) | (TournamentStatus::Running, Format::Arena { .. }) => {
            }
            (TournamentStatus::Running, Format::Swiss { .. }) => {
                return Err(TournamentError::SwissStarted(name))
            }
            (s, _) => return Err(TournamentError::NameIs(name, s)),
        }
        if who.bot_level().is_some() || matches!(who, PlayerId::Agent(_)) {
            return Err(TournamentError::ComputersDoNotEnter);
        }
        // A guest's name lasts one visit: not for rated events, entry lists nor a Swiss of
        // correspondence games (weeks long).
        if guest
            && (terms.game.rated || terms.entry != EntryRule::Anyone || terms.game.days.is_some())
        {
            return Err(TournamentError::KeysOnly(name));
        }
        if let EntryRule::Nicks(list) = &terms.entry {
            if !list.iter().any(|n| n.eq_ignore_ascii_case(&nick)) {
                return Err(TournamentError::NotInvited { name, nick });
            }
        }
        if terms.min_rated_games > 0 {
            let games = self
                .store
                .ratings()
                .get(&who, terms.game.rules.variant)
                .ok()
                .flatten()
                .map_or(0, |r| r.games);
            if games < terms.min_rated_games {
                return Err(TournamentError::TooFewRatedGames {
                    name,
                    need: terms.min_rated_games,
                    variant: terms.game.rules.variant,
                    have: games,
                });
            }
        }
        let pid = who.to_string();
        let max_entrants = self.config.max_entrants;
        let t = tourney(&mut self.tournaments, id)?;
        let text = match t.rec.entrants.iter_mut().find(|e| e.pid == pid) {
            Some(e) if !e.withdrawn => return Err(TournamentError::AlreadyIn(name)),
            Some(e) => {
                e.withdrawn = false;
                e.nick = nick;
                Notice::new("notice-back-in").arg("name", &name)
            }
            None => {
                full(&t.rec, max_entrants)?;
                t.rec.entrants.push(Entrant {
                    pid: pid.clone(),
                    nick,
                    rating: rating.unwrap_or(1500),
                    withdrawn: false,
                });
                match t.rec.status {
                    TournamentStatus::Running => {
                        Notice::new("notice-joined-running").arg("name", &name)
                    }
                    _ => Notice::new("notice-joined-upcoming").arg("name", &name),
                }
            }
        };
        t.gone.remove(&pid);
        t.info = None;
        persist(&self.store, &t.rec);
        info!(entrants = t.rec.entrants.len(), "tournament join");
        Ok(text)
    }

    pub(super) fn leave_tournament(&mut self, session: SessionId, id: TournamentId) {
        let pid = self.sessions[&session].ident.id.to_string();
        let text = self.try_leave(&pid, id);
        self.notice(session, text);
    }

    /// Player `pid` leaves tournament `id` (before it starts) or withdraws (once it runs):
    /// what to tell them.
    fn try_leave(&mut self, pid: &str, id: TournamentId) -> Notice {
        let Some(t) = self.tournaments.get_mut(&id) else {
            return TournamentError::NoSuch(id).notice();
        };
        let name = t.rec.terms.name.clone();
        let text = match t.rec.status {
            TournamentStatus::Upcoming => {
                let before = t.rec.entrants.len();
                t.rec.entrants.retain(|e| e.pid != *pid);
                if t.rec.entrants.len() == before {
                    Notice::new("notice-not-in").arg("name", &name)
                } else {
                    Notice::new("notice-left").arg("name", &name)
                }
            }
            TournamentStatus::Running => match t.rec.entrants.iter_mut().find(|e| e.pid == *pid) {
                Some(e) if !e.withdrawn => {
                    e.withdrawn = true;
                    match t.rec.terms.format {
                        Format::Arena { .. } => Notice::new("notice-paused").arg("name", &name),
                        Format::Swiss { .. } => Notice::new("notice-withdrew").arg("name", &name),
                    }
                }
                _ => Notice::new("notice-not-playing-in").arg("name", &name),
            },
            s => TournamentError::NameIs(name.clone(), s).notice(),
        };
        t.info = None;
        persist(&self.store, &t.rec);
        info!(pid, "tournament leave");
        text
    }

    pub(super) fn tournament_chat(&mut self, session: SessionId, id: TournamentId, text: &str) {
        let line = clean_line(text, super::CHAT_MAX_CHARS);
        if line.is_empty() || !self.tournaments.contains_key(&id) {
            return;
        }
        if !self.chat_allowed(session) {
            return;
        }
        let from = self.sessions[&session].nick.clone();
        let Some(t) = self.tournaments.get_mut(&id) else {
            return;
        };
        t.chat.push(ChatLine { from, text: line });
        if t.chat.len() > CHAT_KEEP {
            t.chat.remove(0);
        }
        t.info = None;
    }

    /// A game of a tournament ended: its result is the pairing's.
    pub(super) fn tournament_game_ended(&mut self, game: GameId, outcome: &Outcome) {
        let Some(&id) = self.tournament_games.get(&game) else {
            return;
        };
        self.set_tournament_result(id, game, result_of(outcome));
    }

    /// A game's task ended: a tournament game that ended without a result is void.
    pub(super) fn tournament_game_closed(&mut self, game: GameId) {
        if let Some(id) = self.tournament_games.remove(&game) {
            self.set_tournament_result(id, game, GameResult::Void);
        }
    }

    fn set_tournament_result(&mut self, id: TournamentId, game: GameId, result: GameResult) {
        let _in = self.tournament_span(id).entered();
        let Some(t) = self.tournaments.get_mut(&id) else {
            return;
        };
        let Some(p) = t
            .rec
            .pairings
            .iter_mut()
            .find(|p| p.game == Some(game) && p.result.is_none())
        else {
            return;
        };
        p.result = Some(result);
        let now = Instant::now();
        t.last_end.insert(p.red.clone(), now);
        if let Some(b) = &p.blue {
            t.last_end.insert(b.clone(), now);
        }
        if t.in_play().next().is_none() {
            t.round_done_at = Some(now);
        }
        info!(game, result = ?result, "tournament game result");
        t.info = None;
        persist(&self.store, &t.rec);
    }

    /// Once a second: starts, pairs, ends; whether anything shown changed.
    pub(super) fn tournament_tick(&mut self) -> bool {
        if !self.tournaments.values().any(Tourney::active) {
            return false;
        }
        let now_secs = now();
        let now = Instant::now();
        let grace = self.config.game.reconnect_grace;
        let online: HashSet<String> = self
            .sessions
            .values()
            .map(|s| s.ident.id.to_string())
            .collect();
        let mut busy: HashSet<String> = HashSet::new();
        for g in self.games.values().filter(|g| !g.over) {
            busy.insert(g.players.red.id.to_string());
            busy.insert(g.players.blue.id.to_string());
        }
        let mut changed = false;
        let mut to_start: Vec<(TournamentId, usize, ByColor<Pid>)> = Vec::new();
        let ids: Vec<TournamentId> = self
            .tournaments
            .iter()
            .filter(|(_, t)| t.active())
            .map(|(&k, _)| k)
            .collect();
        for id in ids {
            let Some(t) = self.tournaments.get_mut(&id) else {
                continue;
            };
            let span = t.span.clone();
            let _in = span.enter();
            // Presence: who is gone, since when.
            for e in &t.rec.entrants {
                if online.contains(&e.pid) || is_computer(&e.pid) {
                    if t.gone.remove(&e.pid).is_some() {
                        t.info = None;
                    }
                } else if !t.gone.contains_key(&e.pid) {
                    t.gone.insert(e.pid.clone(), now);
                }
            }
            if t.gone.values().any(|s| {
                now.duration_since(*s) >= grace
                    && now.duration_since(*s) < grace + Duration::from_secs(2)
            }) {
                t.info = None;
            }
            let before = (t.rec.status, t.rec.round, t.rec.pairings.len());
            match t.rec.status {
                TournamentStatus::Upcoming if now_secs >= t.rec.terms.starts_at => {
                    let players = t.rec.entrants.iter().filter(|e| !e.withdrawn).count();
                    if matches!(t.rec.terms.format, Format::Swiss { .. }) && players < 2 {
                        t.rec.status = TournamentStatus::Cancelled;
                        t.rec.note = "cancelled: fewer than two players at the start".into();
                        info!("tournament cancelled: too few players");
                    } else {
                        t.rec.status = TournamentStatus::Running;
                        t.rec.started_at = Some(now_secs);
                        if let Format::Arena { minutes } = t.rec.terms.format {
                            t.rec.ends_at = Some(now_secs + u64::from(minutes) * 60);
                        }
                        t.round_done_at = None;
                        info!(players, "tournament started");
                    }
                }
                TournamentStatus::Running => match t.rec.terms.format {
                    Format::Swiss { rounds } => {
                        if t.in_play().next().is_none() {
                            let rested = t
                                .round_done_at
                                .is_none_or(|at| now.duration_since(at) >= ROUND_PAUSE);
                            if t.rec.round >= rounds {
                                t.rec.status = TournamentStatus::Finished;
                                t.rec.note = format!("finished after {rounds} rounds");
                                info!("tournament finished");
                            } else if rested {
                                // In a Swiss of correspondence games nobody is absent:
                                // the game's days decide, as in any correspondence game.
                                let grace = match t.rec.terms.game.days {
                                    Some(_) => Duration::MAX,
                                    None => grace,
                                };
                                pair_swiss_round(id, t, grace, now, &mut to_start);
                            }
                        }
                    }
                    Format::Arena { .. } => {
                        let ended = t.rec.ends_at.is_some_and(|end| now_secs >= end);
                        if ended {
                            if t.in_play().next().is_none() {
                                t.rec.status = TournamentStatus::Finished;
                                t.rec.note = "finished at its end time".into();
                                info!("tournament finished");
                            }
                        } else {
                            pair_arena(id, t, &online, &mut busy, grace, now, &mut to_start);
                        }
                    }
                },
                _ => {}
            }
            if before != (t.rec.status, t.rec.round, t.rec.pairings.len()) {
                t.info = None;
                t.alive_written = now;
                t.rec.alive_at = now_secs;
                persist(&self.store, &t.rec);
                changed = true;
            } else if t.rec.status == TournamentStatus::Running
                && now.duration_since(t.alive_written) >= HEARTBEAT
            {
                t.alive_written = now;
                t.rec.alive_at = now_secs;
                persist(&self.store, &t.rec);
            }
            changed |= t.info.is_none();
        }
        for (id, index, pids) in to_start {
            self.start_tournament_game(id, index, pids);
        }
        changed
    }

    /// Seats a pairing's game: both players go straight into set-up.
    fn start_tournament_game(&mut self, id: TournamentId, index: usize, pids: ByColor<Pid>) {
        // The game's own span starts inside this one: its events name the tournament too.
        let _in = self.tournament_span(id).entered();
        let player = |lobby: &Lobby, c: Color| -> Option<Player> {
            let pid = pids.get(c);
            let ident: PlayerId = pid.parse().ok()?;
            let t = &lobby.tournaments[&id];
            let nick = t.rec.entrants.iter().find(|e| &e.pid == pid)?.nick.clone();
            Some(Player {
                rating: lobby.rating_of(&ident),
                bot: ident.bot_level().is_some(),
                id: ident,
                nick,
            })
        };
        let (Some(red), Some(blue)) = (player(self, Color::Red), player(self, Color::Blue)) else {
            warn!("a pairing names an unknown player");
            if let Some(p) = self
                .tournaments
                .get_mut(&id)
                .and_then(|t| t.rec.pairings.get_mut(index))
            {
                p.result = Some(GameResult::Void);
            }
            return;
        };
        let mut terms = self.tournaments[&id].rec.terms.game;
        // A computer player is never rated, nor is a game against one.
        terms.rated &= !(red.bot || blue.bot);
        let game = self.start_game_of(terms, ByColor::new(red, blue), false, &[], true);
        self.tournament_games.insert(game, id);
        let Some(t) = self.tournaments.get_mut(&id) else {
            warn!(game, "a tournament game started for a tournament gone");
            return;
        };
        if let Some(p) = t.rec.pairings.get_mut(index) {
            p.game = Some(game);
        }
        t.info = None;
        persist(&self.store, &t.rec);
        let name = t.rec.terms.name.clone();
        for c in Color::ALL {
            let pid = pids.get(c).clone();
            let sessions: Vec<SessionId> = self
                .sessions
                .iter()
                .filter(|(_, s)| s.ident.id.to_string() == pid)
                .map(|(&k, _)| k)
                .collect();
            for s in sessions {
                self.notice(
                    s,
                    Notice::new("notice-tournament-game")
                        .arg("name", &name)
                        .arg("game", game)
                        .arg("color", color_msg(c)),
                );
            }
        }
    }

    /// The lobby snapshot's tournaments: running, upcoming by start, the last few ended.
    pub(super) fn tournaments_info(&mut self) -> Vec<TournamentInfo> {
        let grace = self.config.game.reconnect_grace;
        let now = Instant::now();
        // Who is online by identity, built only when a view is out of date (the lobby
        // publishes often; most publishes change no tournament).
        let sessions = &self.sessions;
        let mut nicks: Option<HashMap<String, String>> = None;
        let mut running = Vec::new();
        let mut upcoming = Vec::new();
        let mut ended = Vec::new();
        for t in self.tournaments.values_mut().rev() {
            if !t.active() && ended.len() >= FINISHED_SHOWN {
                continue;
            }
            let i = match &t.info {
                Some(i) => i.clone(),
                None => {
                    let nicks = nicks.get_or_insert_with(|| {
                        sessions
                            .values()
                            .map(|s| (s.ident.id.to_string(), s.nick.clone()))
                            .collect()
                    });
                    let absent: Vec<String> = t
                        .rec
                        .entrants
                        .iter()
                        .filter(|e| t.absent(&e.pid, grace, now))
                        .map(|e| e.nick.clone())
                        .collect();
                    let entr: HashMap<&str, &str> = t
                        .rec
                        .entrants
                        .iter()
                        .map(|e| (e.pid.as_str(), e.nick.as_str()))
                        .collect();
                    let nick_of = |pid: &str| {
                        nicks
                            .get(pid)
                            .cloned()
                            .or_else(|| entr.get(pid).map(|n| n.to_string()))
                            .unwrap_or_else(|| pid.to_string())
                    };
                    let i = info(&t.rec, &t.chat, absent, &nick_of);
                    t.info = Some(i.clone());
                    i
                }
            };
            match t.rec.status {
                TournamentStatus::Running => running.push(i),
                TournamentStatus::Upcoming => upcoming.push(i),
                _ => ended.push(i),
            }
        }
        running.sort_by_key(|i| i.id);
        upcoming.sort_by_key(|i| (i.terms.starts_at, i.id));
        running.extend(upcoming);
        running.extend(ended);
        running
    }

    /// Every tournament the lobby has, newest first (for `ssh host tournaments`).
    pub(super) fn tournament_list(&mut self) -> Vec<TournamentInfo> {
        let mut all = self.tournaments_info();
        let shown: HashSet<TournamentId> = all.iter().map(|i| i.id).collect();
        for t in self.tournaments.values().rev() {
            if !shown.contains(&t.rec.id) {
                all.push(stored_info(&t.rec));
            }
        }
        all
    }
}

/// Refuses a new entrant to a tournament that has `max` (withdrawn ones count: their
/// results stay in its record).
fn full(rec: &TournamentRecord, max: usize) -> Result<(), TournamentError> {
    if rec.entrants.len() >= max {
        return Err(TournamentError::Full {
            name: rec.terms.name.clone(),
            max,
        });
    }
    Ok(())
}

fn tourney(
    all: &mut std::collections::BTreeMap<TournamentId, Tourney>,
    id: TournamentId,
) -> Result<&mut Tourney, TournamentError> {
    all.get_mut(&id).ok_or(TournamentError::NoSuch(id))
}

/// Pairs a Swiss's next round into `t` and queues the games to start.
fn pair_swiss_round(
    id: TournamentId,
    t: &mut Tourney,
    grace: Duration,
    now: Instant,
    to_start: &mut Vec<(TournamentId, usize, ByColor<Pid>)>,
) {
    let players: Vec<Entrant> = t
        .rec
        .entrants
        .iter()
        .filter(|e| !e.withdrawn)
        .cloned()
        .collect();
    t.rec.round += 1;
    let round = t.rec.round;
    let pairs = swiss_round(&players, &t.rec.pairings);
    info!(round, boards = pairs.len(), "Swiss round paired");
    for (red, blue) in pairs {
        let index = t.rec.pairings.len();
        let mut p = Pairing {
            round,
            game: None,
            red: red.clone(),
            blue: blue.clone(),
            result: None,
        };
        match blue {
            None => p.result = Some(GameResult::Win(Color::Red)),
            Some(blue) => {
                let (ra, ba) = (t.absent(&red, grace, now), t.absent(&blue, grace, now));
                match (ra, ba) {
                    (true, true) => p.result = Some(GameResult::Void),
                    (true, false) => p.result = Some(GameResult::Win(Color::Blue)),
                    (false, true) => p.result = Some(GameResult::Win(Color::Red)),
                    (false, false) => {
                        to_start.push((id, index, ByColor::new(red, blue)));
                    }
                }
            }
        }
        t.rec.pairings.push(p);
    }
    if t.in_play().next().is_none() && !to_start.iter().any(|(k, ..)| *k == id) {
        t.round_done_at = Some(now);
    }
}

/// Pairs the arena's waiting players into `t` and queues their games.
fn pair_arena(
    id: TournamentId,
    t: &mut Tourney,
    online: &HashSet<String>,
    busy: &mut HashSet<String>,
    grace: Duration,
    now: Instant,
    to_start: &mut Vec<(TournamentId, usize, ByColor<Pid>)>,
) {
    let playing: HashSet<&str> = t
        .rec
        .pairings
        .iter()
        .filter(|p| p.result.is_none())
        .flat_map(|p| [Some(p.red.as_str()), p.blue.as_deref()])
        .flatten()
        .collect();
    // The points as the snapshot's view has them when it is up to date (every change
    // clears it), else computed.
    let computed;
    let table = match &t.info {
        Some(i) => &i.standings,
        None => {
            computed = standings(t.rec.terms.format, &t.rec.entrants, &t.rec.pairings);
            &computed
        }
    };
    let points: HashMap<&str, u32> = table.iter().map(|s| (s.pid.as_str(), s.points)).collect();
    let waiting: Vec<ArenaPlayer> = t
        .rec
        .entrants
        .iter()
        .filter(|e| {
            !e.withdrawn
                && (online.contains(&e.pid) || is_computer(&e.pid))
                && (!busy.contains(&e.pid) || is_computer(&e.pid))
                && !playing.contains(e.pid.as_str())
                && !t.absent(&e.pid, grace, now)
                && t.last_end
                    .get(&e.pid)
                    .is_none_or(|at| now.duration_since(*at) >= ARENA_REST)
        })
        .map(|e| ArenaPlayer {
            pid: e.pid.clone(),
            points: points.get(e.pid.as_str()).copied().unwrap_or(0),
            rating: e.rating,
        })
        .collect();
    if waiting.len() < 2 {
        return;
    }
    for (red, blue) in arena_pairs(&waiting, &t.rec.pairings) {
        // Busy from now on, for the other tournaments paired in this tick too.
        busy.insert(red.clone());
        busy.insert(blue.clone());
        let index = t.rec.pairings.len();
        t.rec.pairings.push(Pairing {
            round: 0,
            game: None,
            red: red.clone(),
            blue: Some(blue.clone()),
            result: None,
        });
        to_start.push((id, index, ByColor::new(red, blue)));
    }
}
