//! What a session asks of the lobby: seeks and challenges, accepting one, games against the
//! computer, watching, and lobby chat.
//!
//! A player's games in set-up or play are budgeted ([`super::LobbyConfig`]'s
//! `max_games_per_player`): past it, posting a seek or challenge, accepting one (or
//! accepting from a player who is past it) and starting a computer game are refused with a
//! notice that changes nothing. So is posting itself: a session posts five seeks or
//! challenges at once, then one every six seconds (every post and cancel redraws every
//! lobby screen; a churn of them also buries the seeks people want to take).
//!
//! A seek posted with the same terms as another player's open seek takes that one at once
//! (the oldest), as lichess pairs compatible seeks; a challenge never does. Nor does an open
//! seek younger than the host's `seek_match_delay`, or one of a player whose last
//! [`CHURN_WITHDRAWALS`] seeks were all withdrawn (cancelled, or gone with their session)
//! without a game: a seek posted and withdrawn in a loop would otherwise capture whoever
//! posts the same terms into a game its owner never sets up. Such seeks are still listed and
//! may be accepted by hand; the new poster's seek is simply listed beside them.

use std::collections::HashMap;
use tokio::time::Instant;

use tracing::info;

use super::{bot_player, Ident, Lobby, LobbyMsg, SessionId, CHAT_KEEP, CHAT_MAX_CHARS};
use crate::game::Player;
use crate::game::SessionEvent;
use crate::limit::address_block;
use crate::proto::{challenge_notice, you_declined_notice, Notice, PlayerId};
use crate::proto::{
    BotLevel, ChatLine, ClockSpec, GameTerms, LobbyCmd, PlayerStatus, Seek, SeekId,
};
use crate::random;
use crate::rules::{ByColor, Rules};
use crate::text::clean_line;

/// Open seeks a player may have at once.
const MAX_SEEKS: usize = 3;

/// An open seek or challenge as the lobby keeps it: its players by identity, so a rename
/// changes nothing here; the nicks shown are looked up when the lobby publishes.
#[derive(Clone, Debug)]
pub(super) struct OpenSeek {
    pub(super) id: SeekId,
    pub(super) owner: PlayerId,
    pub(super) terms: GameTerms,
    /// A challenge: only this player may accept it.
    pub(super) private_to: Option<PlayerId>,
    /// A private challenge: its game is known to its two players only.
    pub(super) private: bool,
    /// The nicks when it was posted: shown only for a player no longer online.
    pub(super) posted_as: (String, Option<String>),
}

/// Why a challenge was not made.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ChallengeError {
    Yourself,
    NotOnline(String),
}

impl ChallengeError {
    fn notice(&self) -> Notice {
        match self {
            ChallengeError::Yourself => Notice::new("refusal-challenge-yourself"),
            ChallengeError::NotOnline(n) => Notice::new("refusal-not-online").arg("nick", n),
        }
    }
}

impl std::fmt::Display for ChallengeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.notice().fmt(f)
    }
}

/// Seeks withdrawn in a row (with no game from one of their seeks since) after which a
/// player's open seeks are no longer taken by a matching seek.
pub const CHURN_WITHDRAWALS: u32 = 3;
/// Players whose withdrawals are remembered (in memory only); past it the oldest record is
/// not kept apart: the whole table starts again.
const WATCHED_PLAYERS: usize = 10_000;

/// When each open seek was posted, and how many seeks each player withdrew in a row.
#[derive(Default)]
pub(super) struct SeekWatch {
    posted: HashMap<SeekId, Instant>,
    /// By [`churn_key`]: seeks withdrawn since the last one that led to a game.
    withdrawn: HashMap<String, u32>,
}

/// Whom withdrawals are counted against: a key's identity; a guest (a new identity on
/// each connection) by its address block.
fn churn_key(ident: &Ident) -> String {
    match (ident.guest, ident.addr) {
        (true, Some(addr)) => format!("guests@{}", address_block(addr)),
        _ => ident.id.to_string(),
    }
}

impl SeekWatch {
    /// `n` seeks of `who` were withdrawn without a game.
    pub(super) fn withdrew(&mut self, who: &Ident, n: usize) {
        if n == 0 {
            return;
        }
        if self.withdrawn.len() >= WATCHED_PLAYERS {
            self.withdrawn.clear();
        }
        let count = self.withdrawn.entry(churn_key(who)).or_default();
        *count = count.saturating_add(n as u32);
        if *count == CHURN_WITHDRAWALS {
            info!(
                identity = %who.id,
                withdrawn = *count,
                "seeks withdrawn in a row: no longer matched automatically"
            );
        }
    }

    /// A seek of `who` led to a game.
    fn played(&mut self, who: &Ident) {
        self.withdrawn.remove(&churn_key(who));
    }

    fn churner(&self, who: &Ident) -> bool {
        self.withdrawn
            .get(&churn_key(who))
            .is_some_and(|&n| n >= CHURN_WITHDRAWALS)
    }
}

impl Lobby {
    pub(super) fn command(&mut self, session: SessionId, cmd: LobbyCmd) {
        if !self.sessions.contains_key(&session) {
            return;
        }
        match cmd {
            LobbyCmd::Seek {
                terms,
                private_to,
                private,
            } => self.seek(session, terms, private_to, private),
            LobbyCmd::CancelSeek(id) => {
                let ident = self.sessions[&session].ident.clone();
                let before = self.seeks.len();
                self.seeks.retain(|s| !(s.id == id && s.owner == ident.id));
                self.seek_watch.withdrew(&ident, before - self.seeks.len());
                self.forget_gone_seeks();
                self.reset_seeking(&ident.id);
            }
            LobbyCmd::Accept(id) => self.accept(session, id),
            LobbyCmd::Decline(id) => self.decline(session, id),
            LobbyCmd::Spectate(id) => self.spectate(session, id),
            LobbyCmd::PlayBot {
                level,
                rules,
                clock,
            } => self.play_bot(session, level, rules, clock),
            LobbyCmd::PlayAgent { name, clock } => self.play_agent(session, &name, clock),
            LobbyCmd::Chat(text) => self.chat(session, &text),
            LobbyCmd::JoinTournament(id) => self.join_tournament(session, id),
            LobbyCmd::LeaveTournament(id) => self.leave_tournament(session, id),
            LobbyCmd::TournamentChat(id, text) => self.tournament_chat(session, id, &text),
        }
    }

    fn seek(
        &mut self,
        session: SessionId,
        terms: GameTerms,
        private_to: Option<String>,
        private: bool,
    ) {
        let me = &self.sessions[&session];
        let (my_id, my_nick) = (me.ident.id.clone(), me.nick.clone());
        if terms.rated && me.ident.guest {
            return self.notice(session, Notice::new("refusal-guests-casual-key"));
        }
        if let Some(why) = correspondence_refusal(&terms, me.ident.guest) {
            return self.notice(session, why);
        }
        // Private means that nobody but the two players learns of the game; ratings are
        // public (the leaderboard, each profile's history and counts), so a private game
        // is casual, and only a challenge (to one player) can be private.
        if private && private_to.is_none() {
            return self.notice(session, Notice::new("refusal-private-needs-player"));
        }
        if private && terms.rated {
            return self.notice(session, Notice::new("refusal-private-rated"));
        }
        if self.seeks.iter().filter(|s| s.owner == my_id).count() >= MAX_SEEKS {
            return self.notice(session, Notice::new("refusal-three-seeks"));
        }
        if let Some(why) = self.over_budget_for(&me.ident, None, &terms) {
            return self.notice(session, why);
        }
        let Some(me) = self.sessions.get_mut(&session) else {
            return;
        };
        if !me.seeks.try_take(std::time::Instant::now()) {
            return self.notice(session, Notice::new("refusal-seeks-too-fast"));
        }
        let (private_to, to_nick) = match private_to {
            Some(n) => match self.challenge_target(session, &n, &terms, private) {
                Ok((id, nick)) => (Some(id), Some(nick)),
                Err(why) => return self.notice(session, why.notice()),
            },
            None => (None, None),
        };
        // An open seek of the same terms is taken instead of posting another beside it (as
        // lichess pairs compatible seeks): pairing does not wait for anyone to find it in a
        // long list.
        if private_to.is_none() {
            if let Some(id) = self.matching_seek(session, &terms) {
                info!(seek = id, "seek matched on posting");
                return self.accept(session, id);
            }
        }
        let id = self.next_seek;
        self.next_seek += 1;
        if let (Some(after), None) = (self.config.bots_accept_seeks, &private_to) {
            let tx = self.self_tx.clone();
            tokio::spawn(async move {
                tokio::time::sleep(after).await;
                let _ = tx.send(LobbyMsg::BotTakesSeek(id));
            });
        }
        self.seeks.push(OpenSeek {
            id,
            owner: my_id,
            terms,
            private,
            private_to,
            posted_as: (my_nick, to_nick),
        });
        self.seek_sessions.insert(id, session);
        self.seek_watch.posted.insert(id, Instant::now());
        // A compatible seek too young to take now (or one posted later, while this one
        // is young) is taken once this one is old enough: two seeks of the same terms
        // never wait side by side for someone to pick one by hand.
        let delay = self.config.seek_match_delay;
        if !delay.is_zero() && self.seeks.last().is_some_and(|s| s.private_to.is_none()) {
            let tx = self.self_tx.clone();
            tokio::spawn(async move {
                tokio::time::sleep(delay).await;
                let _ = tx.send(LobbyMsg::SeekRipe(id));
            });
        }
        // A private challenge is for its two players alone: its maker is not shown seeking.
        if let Some(s) = self.sessions.get_mut(&session).filter(|_| !private) {
            s.status = PlayerStatus::Seeking;
        }
    }

    /// Seek `id` is `seek_match_delay` old: its owner takes the oldest compatible seek
    /// that may be taken now (see [`Lobby::matching_seek`]), as if posting it now.
    pub(super) fn seek_ripe(&mut self, id: SeekId) {
        let Some(seek) = self.seeks.iter().find(|s| s.id == id) else {
            return;
        };
        let terms = seek.terms;
        let Some(&session) = self.seek_sessions.get(&id) else {
            return;
        };
        if !self.sessions.contains_key(&session) {
            return;
        }
        if let Some(other) = self.matching_seek(session, &terms) {
            info!(seek = id, other, "seek matched when old enough");
            self.accept(session, other);
        }
    }

    /// The oldest open public seek of the same terms that `session` may take now: another
    /// player's, online, under the game budget, posted at least `seek_match_delay` ago, by
    /// a player who did not withdraw their last [`CHURN_WITHDRAWALS`] seeks.
    fn matching_seek(&self, session: SessionId, terms: &GameTerms) -> Option<SeekId> {
        let me = &self.sessions[&session];
        let now = Instant::now();
        let delay = self.config.seek_match_delay;
        self.seeks
            .iter()
            .filter(|s| s.private_to.is_none() && s.terms == *terms && s.owner != me.ident.id)
            .filter(|s| {
                self.seek_watch
                    .posted
                    .get(&s.id)
                    .is_some_and(|at| now.duration_since(*at) >= delay)
            })
            .find(|s| {
                self.seek_sessions
                    .get(&s.id)
                    .and_then(|owner| self.sessions.get(owner))
                    .is_some_and(|o| {
                        !self.seek_watch.churner(&o.ident)
                            && self
                                .over_budget_for(&o.ident, Some(&o.nick), terms)
                                .is_none()
                    })
            })
            .map(|s| s.id)
    }

    /// The player a challenge goes to (told of it now), by identity and nick, or why
    /// there is none.
    fn challenge_target(
        &self,
        session: SessionId,
        asked: &str,
        terms: &GameTerms,
        private: bool,
    ) -> Result<(PlayerId, String), ChallengeError> {
        let my_nick = &self.sessions[&session].nick;
        let n = clean_line(asked, 20);
        if n.eq_ignore_ascii_case(my_nick) {
            return Err(ChallengeError::Yourself);
        }
        let Some(target) = self
            .sessions
            .values()
            .find(|s| s.nick.eq_ignore_ascii_case(&n))
        else {
            return Err(ChallengeError::NotOnline(n));
        };
        let _ = target
            .events
            .try_send(SessionEvent::Notice(challenge_notice(
                my_nick, terms, private,
            )));
        Ok((target.ident.id.clone(), target.nick.clone()))
    }

    fn play_bot(
        &mut self,
        session: SessionId,
        level: BotLevel,
        rules: Rules,
        clock: Option<ClockSpec>,
    ) {
        self.play_computer(session, rules, clock, bot_player(level));
    }

    /// A casual game of the session's player against a computer seat (our bot or an agent).
    fn play_computer(
        &mut self,
        session: SessionId,
        rules: Rules,
        clock: Option<ClockSpec>,
        computer: Player,
    ) {
        let me = &self.sessions[&session];
        if let Some(why) = self.over_game_budget(&me.ident, None) {
            return self.notice(session, why);
        }
        let human = Player {
            id: me.ident.id.clone(),
            nick: me.nick.clone(),
            rating: None,
            bot: false,
        };
        let terms = GameTerms {
            rules,
            rated: false,
            clock,
            days: None,
            budget: None,
        };
        let players = with_random_colors(human, computer);
        self.start_game(terms, players, false, &[session]);
    }

    /// A casual game against one of the host's agents, under the rules it was written for.
    fn play_agent(&mut self, session: SessionId, name: &str, clock: Option<ClockSpec>) {
        let Some(spec) = self.config.agents.iter().find(|a| a.name == name) else {
            return self.notice(session, Notice::new("refusal-no-program").arg("name", name));
        };
        if self.agent_games(name) >= spec.max_games {
            return self.notice(
                session,
                Notice::new("refusal-agent-busy")
                    .arg("name", name)
                    .arg("games", spec.max_games),
            );
        }
        self.play_computer(session, Rules::ucc2012(), clock, super::agent_player(name));
    }

    fn chat(&mut self, session: SessionId, text: &str) {
        let line = clean_line(text, CHAT_MAX_CHARS);
        if line.is_empty() {
            return;
        }
        if !self.chat_allowed(session) {
            return;
        }
        let from = self.sessions[&session].nick.clone();
        self.chat.push(ChatLine { from, text: line });
        if self.chat.len() > CHAT_KEEP {
            self.chat.remove(0);
        }
    }

    /// Nobody took the seek in time: the `easy` computer accepts it.
    pub(super) fn bot_takes_seek(&mut self, id: SeekId) {
        let Some(pos) = self.seeks.iter().position(|s| s.id == id) else {
            return;
        };
        // An owner with games enough already keeps the seek open (for a human to take).
        let owner = self
            .sessions
            .values()
            .find(|s| s.ident.id == self.seeks[pos].owner);
        if owner.is_some_and(|o| self.over_game_budget(&o.ident, None).is_some()) {
            return;
        }
        // A correspondence seek waits for a person: the computer takes only games played at
        // one sitting (it would answer each move at once, which is no correspondence).
        if self.seeks[pos].terms.correspondence() {
            return;
        }
        let seek = self.seeks.remove(pos);
        let at = self.seek_sessions.remove(&id);
        self.forget_gone_seeks();
        let Some(owner) = self.sessions.values().find(|s| s.ident.id == seek.owner) else {
            return;
        };
        self.seek_watch.played(&owner.ident);
        let human = Player {
            id: owner.ident.id.clone(),
            nick: owner.nick.clone(),
            rating: owner.rating,
            bot: false,
        };
        let _ = owner
            .events
            .try_send(SessionEvent::Notice(Notice::new("notice-seek-to-computer")));
        let terms = GameTerms {
            rated: false,
            ..seek.terms
        };
        let players = with_random_colors(human, bot_player(BotLevel::Easy));
        self.start_game(terms, players, false, &at.into_iter().collect::<Vec<_>>());
        self.reset_seeking(&seek.owner);
    }

    /// Drops the posting sessions (and posting times) of seeks that are gone.
    pub(super) fn forget_gone_seeks(&mut self) {
        let seeks = &self.seeks;
        self.seek_sessions
            .retain(|k, _| seeks.iter().any(|s| s.id == *k));
        self.seek_watch
            .posted
            .retain(|k, _| seeks.iter().any(|s| s.id == *k));
    }

    fn reset_seeking(&mut self, player: &PlayerId) {
        let has = self.seeks.iter().any(|s| s.owner == *player && !s.private);
        for s in self.sessions.values_mut() {
            if s.ident.id == *player && s.status == PlayerStatus::Seeking && !has {
                s.status = PlayerStatus::Idle;
            }
        }
    }

    /// The challenged player turns a challenge down; the challenger is told.
    fn decline(&mut self, session: SessionId, id: SeekId) {
        let (me, my_id) = {
            let s = &self.sessions[&session];
            (s.nick.clone(), s.ident.id.clone())
        };
        let Some(pos) = self
            .seeks
            .iter()
            .position(|s| s.id == id && s.private_to.as_ref() == Some(&my_id))
        else {
            return self.notice(session, Notice::new("refusal-no-such-challenge"));
        };
        let seek = self.seeks.remove(pos);
        self.forget_gone_seeks();
        self.reset_seeking(&seek.owner);
        let owner: Vec<SessionId> = self
            .sessions
            .iter()
            .filter(|(_, s)| s.ident.id == seek.owner)
            .map(|(&k, _)| k)
            .collect();
        for s in owner {
            self.notice(s, Notice::new("notice-challenge-declined").arg("nick", &me));
        }
        let owner_nick = self.nick_now(&seek.owner, &seek.posted_as.0);
        self.notice(session, you_declined_notice(&owner_nick));
    }

    fn accept(&mut self, session: SessionId, id: SeekId) {
        let Some(pos) = self.seeks.iter().position(|s| s.id == id) else {
            return self.notice(session, Notice::new("refusal-seek-gone"));
        };
        let me = &self.sessions[&session];
        let seek = &self.seeks[pos];
        if seek.owner == me.ident.id {
            return self.notice(session, Notice::new("refusal-own-seek"));
        }
        if let Some(to) = &seek.private_to {
            if *to != me.ident.id {
                return self.notice(session, Notice::new("refusal-someone-elses"));
            }
        }
        if seek.terms.rated && me.ident.guest {
            return self.notice(session, Notice::new("refusal-guests-casual"));
        }
        if let Some(why) = correspondence_refusal(&seek.terms, me.ident.guest) {
            return self.notice(session, why);
        }
        let Some(owner) = self.sessions.values().find(|s| s.ident.id == seek.owner) else {
            self.seeks.remove(pos);
            self.forget_gone_seeks();
            return self.notice(session, Notice::new("refusal-player-left"));
        };
        let terms = seek.terms;
        if let Some(why) = self
            .over_budget_for(&me.ident, None, &terms)
            .or_else(|| self.over_budget_for(&owner.ident, Some(&owner.nick), &terms))
        {
            return self.notice(session, why);
        }
        let player = |s: &super::SessionEntry| Player {
            id: s.ident.id.clone(),
            nick: s.nick.clone(),
            rating: None,
            bot: false,
        };
        let players = with_random_colors(player(owner), player(me));
        let owner_ident = owner.ident.clone();
        self.seek_watch.played(&owner_ident);
        let seek = self.seeks.remove(pos);
        let mut at = vec![session];
        at.extend(self.seek_sessions.remove(&id));
        let (na, nb) = (players.red.id.clone(), players.blue.id.clone());
        self.seeks.retain(|s| s.owner != na && s.owner != nb);
        self.forget_gone_seeks();
        info!(seek = id, "seek accepted");
        self.start_game(seek.terms, players, seek.private, &at);
        self.reset_seeking(&na);
        self.reset_seeking(&nb);
    }
}

impl Lobby {
    /// The nick `player` goes by now (that of a session of theirs), or `posted` when none
    /// is online.
    pub(super) fn nick_now(&self, player: &PlayerId, posted: &str) -> String {
        self.sessions
            .values()
            .find(|s| s.ident.id == *player)
            .map_or_else(|| posted.to_string(), |s| s.nick.clone())
    }

    /// A seek as sessions see it: the players by their nicks now.
    pub(super) fn shown(&self, s: &OpenSeek) -> Seek {
        Seek {
            id: s.id,
            owner: self.nick_now(&s.owner, &s.posted_as.0),
            terms: s.terms,
            private_to: s
                .private_to
                .as_ref()
                .map(|to| self.nick_now(to, s.posted_as.1.as_deref().unwrap_or_default())),
            private: s.private,
        }
    }
}

/// Why a correspondence seek, acceptance or tournament is refused, or `None`: days a move
/// other than 1, 3 or 7, a total budget other than 15, 30 or 60 days or without days a
/// move, a clock beside the days, or a guest (a guest's name is for one visit, and a
/// correspondence game lasts days).
pub(super) fn correspondence_refusal(terms: &GameTerms, guest: bool) -> Option<Notice> {
    let Some(days) = terms.days else {
        return terms
            .budget
            .map(|_| Notice::new("refusal-budget-without-days"));
    };
    if !crate::proto::CORRESPONDENCE_DAYS.contains(&days) {
        return Some(Notice::new("refusal-correspondence-days").arg("days", i64::from(days)));
    }
    if let Some(b) = terms.budget {
        if !crate::proto::CORRESPONDENCE_BUDGETS.contains(&b) {
            return Some(Notice::new("refusal-correspondence-budget").arg("budget", i64::from(b)));
        }
    }
    if terms.clock.is_some() {
        return Some(Notice::new("refusal-correspondence-clock"));
    }
    if guest {
        return Some(Notice::new("refusal-correspondence-guest"));
    }
    None
}

/// The two players, Red chosen by a fair coin.
fn with_random_colors(a: Player, b: Player) -> ByColor<Player> {
    if random::coin() {
        ByColor::new(a, b)
    } else {
        ByColor::new(b, a)
    }
}
