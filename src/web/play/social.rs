//! The board's lobby beyond seeks and the computer, and what a game shows beside the board:
//! chat (the lobby's, a game's players', a game's spectators'), challenges made and
//! received, games to watch, tournaments to join or leave, a seek's rule options, saved
//! set-ups and the set-up tray, the rescue question, pieces left per rank. Each is the
//! command an SSH screen sends (`LobbyCmd`, `GameCmd`, the service's saved set-ups), and
//! each is checked here before anything is sent, as the rest of `Seat` does.

use serde_json::{json, Map, Value};

use super::{square, Seat, CLOCKS};
use crate::i18n::{tr, Lang};
use crate::proto::{
    ChatLine, GameCmd, GamePhase, GameSnapshot, GameTerms, LobbyCmd, LobbySnapshot, PlayerStatus,
    SavedSetup, Seek, TournamentStatus,
};
use crate::rules::{setup_squares, Move, Options, Rank, Rules, Setup, Variant};
use crate::web::lang::Say;

/// Chat lines the browser is sent at most (the newest).
const CHAT_SHOWN: usize = 30;
/// Players, games in play and tournaments a lobby message lists at most: the message goes
/// to every page in the lobby at each change, and a server of 1,500 players would send
/// each of them 200 KB a change (the first load run with the whole lists: the browser
/// players' move-to-screen p99 went from 5 to 150 ms). The rest is counted.
const PLAYERS_SHOWN: usize = 50;
const GAMES_SHOWN: usize = 20;
const TOURNAMENTS_SHOWN: usize = 10;
/// The most of a set-up's name read (the service keeps fewer).
const SETUP_NAME_MAX: usize = 64;

/// A rank by its name as the page sends it (`Marshal`, `Scout`, ...).
fn rank_named(name: &str) -> Option<Rank> {
    Rank::ALL.into_iter().find(|r| r.name() == name)
}

/// A variant by the page's name for it.
pub(super) fn variant_named(name: &str) -> Result<Variant, Say> {
    match name {
        "classic" => Ok(Variant::Classic),
        "duel" => Ok(Variant::Duel),
        "barrage" => Ok(Variant::Barrage),
        _ => Err(Say::new("web-play-refused-variant")),
    }
}

/// The terms of a seek or challenge as the page sends them: `variant`, `clock` (one of
/// [`CLOCKS`], a correspondence game's days a move as `3d`, or `none`), `budget` (a
/// correspondence game's total days, or none), `rated`, and `options` (each rule option; those left out keep
/// the variant's standard value): `two_square` (0 for none, 2, 3 or 5), `more_squares`,
/// `aggressor`, `silent`, `rescue`, `duel_rows` (3 or 4).
pub(super) fn terms_of(msg: &Map<String, Value>, guest: bool) -> Result<GameTerms, Say> {
    let text = |k: &str| msg.get(k).and_then(Value::as_str).unwrap_or_default();
    let variant = variant_named(text("variant"))?;
    // A clock, or a correspondence game's days a move (`3d`, key holders and accounts only).
    let (clock, days) = match text("clock") {
        "" | "none" => (None, None),
        c if CLOCKS.contains(&c) => (crate::proto::ClockSpec::parse(c).ok().flatten(), None),
        c => match crate::proto::CORRESPONDENCE_DAYS
            .into_iter()
            .find(|d| format!("{d}d") == c)
        {
            Some(_) if guest => return Err(Say::new("refusal-correspondence-guest")),
            Some(d) => (None, Some(d)),
            None => return Err(Say::new("web-play-refused-clock")),
        },
    };
    // A total budget in days (the lobby refuses one other than 15, 30 or 60, or without days).
    let budget = match msg.get("budget") {
        None | Some(Value::Null) => None,
        Some(v) => match v.as_u64().and_then(|b| u8::try_from(b).ok()) {
            Some(b) => Some(b),
            None => return Err(Say::new("web-play-refused-clock")),
        },
    };
    let rated = msg.get("rated").and_then(Value::as_bool).unwrap_or(false);
    if rated && guest {
        return Err(Say::new("refusal-guests-casual-key"));
    }
    let mut options: Options = Rules::standard(variant).options;
    if let Some(o) = msg.get("options") {
        let Value::Object(o) = o else {
            return Err(Say::new("web-play-refused-options"));
        };
        for (k, v) in o {
            let flag = || {
                v.as_bool()
                    .ok_or_else(|| Say::new("web-play-refused-options"))
            };
            match k.as_str() {
                "two_square" => match v.as_u64() {
                    Some(n @ (0 | 2 | 3 | 5)) => options.two_square_limit = n as u8,
                    _ => return Err(Say::new("web-play-refused-options")),
                },
                "duel_rows" => match v.as_u64() {
                    Some(n @ (3 | 4)) => options.duel_setup_rows = n as u8,
                    _ => return Err(Say::new("web-play-refused-options")),
                },
                "more_squares" => options.more_squares = flag()?,
                "aggressor" => options.aggressor_advantage = flag()?,
                "silent" => options.silent_defense = flag()?,
                "rescue" => options.rescue = flag()?,
                _ => return Err(Say::new("web-play-refused-options")),
            }
        }
    }
    Ok(GameTerms {
        rules: Rules::new(variant, options),
        rated,
        clock,
        days,
        budget,
    })
}

/// The terms in a few words, as the lobby lists them: `Classic 5+3 · rated · AA R`.
fn terms_json(t: &GameTerms) -> Value {
    let o = &t.rules.options;
    json!({
        "variant": t.rules.variant.name(),
        "rated": t.rated,
        // A correspondence game's days a move where a clock would be (`3d`).
        "clock": t.days.map(|d| format!("{d}d")).or_else(|| t.clock.map(|c| format!("{}+{}", c.initial_secs / 60, c.increment_secs))),
        // Its total budget in days (null: none).
        "budget": t.budget,
        "rules": o.summary(),
    })
}

fn chat_json(lines: &[ChatLine]) -> Vec<Value> {
    let from = lines.len().saturating_sub(CHAT_SHOWN);
    lines[from..]
        .iter()
        .map(|l| json!({"from": l.from, "text": l.text}))
        .collect()
}

/// What the lobby message carries beside the counts and the open seeks: players online
/// (people), games in play to watch (public ones), tournaments not over, the lobby's chat,
/// and this player's challenges (made and received).
pub(super) fn lobby_more(
    snap: &LobbySnapshot,
    me: &str,
    challenges: &[Seek],
) -> Map<String, Value> {
    // Those free to play first (a challenge is for them), then the others.
    let people = || snap.players.iter().filter(|p| !p.bot && p.nick != me);
    let free = |p: &&crate::proto::PlayerInfo| {
        matches!(p.status, PlayerStatus::Idle | PlayerStatus::Seeking)
    };
    let players: Vec<Value> = people()
        .filter(free)
        .chain(people().filter(|p| !free(p)))
        .take(PLAYERS_SHOWN)
        .map(|p| json!({"nick": p.nick, "rating": p.rating, "guest": p.guest}))
        .collect();
    let players_more = people().count().saturating_sub(players.len());
    // The most watched first.
    let mut public: Vec<&crate::proto::GameSummary> =
        snap.games.iter().filter(|g| !g.private).collect();
    public.sort_by_key(|g| std::cmp::Reverse(g.spectators));
    let games_more = public.len().saturating_sub(GAMES_SHOWN);
    let games: Vec<Value> = public
        .into_iter()
        .take(GAMES_SHOWN)
        .map(|g| {
            json!({
                "id": g.id, "red": g.red, "blue": g.blue,
                "terms": terms_json(&g.terms), "moves": g.ply.div_ceil(2),
            })
        })
        .collect();
    let tournaments: Vec<Value> = snap
        .tournaments
        .iter()
        .filter(|t| {
            matches!(
                t.status,
                TournamentStatus::Upcoming | TournamentStatus::Running
            )
        })
        .take(TOURNAMENTS_SHOWN)
        .map(|t| {
            json!({
                "id": t.id,
                "name": t.terms.name,
                "status": t.status.word(),
                "terms": terms_json(&t.terms.game),
                "entrants": t.standings.iter().filter(|s| !s.withdrawn).count(),
                "joined": t.has_entrant(me),
            })
        })
        .collect();
    let challenges: Vec<Value> = challenges
        .iter()
        .map(|s| {
            json!({
                "id": s.id,
                "from": s.owner,
                "to": s.private_to,
                "mine": s.owner == me,
                "private": s.private,
                "terms": terms_json(&s.terms),
            })
        })
        .collect();
    let mut m = Map::new();
    m.insert("players".into(), json!(players));
    m.insert("players_more".into(), json!(players_more));
    m.insert("games".into(), json!(games));
    m.insert("games_more".into(), json!(games_more));
    m.insert("tournaments".into(), json!(tournaments));
    m.insert("chat".into(), json!(chat_json(&snap.chat)));
    m.insert("challenges".into(), json!(challenges));
    m
}

/// What a game message carries beside the board: pieces left per rank on both sides (as
/// far as the viewer knows: the view's `remaining`), during the seat's own set-up the tray
/// (pieces not placed yet), and the rescue moves the seat may make now.
pub(super) fn game_more(snap: &GameSnapshot, draft: Option<&Setup>) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("private".into(), json!(snap.private));
    // Counts in the order of `Rank::ALL` (the page's `order`), strongest first.
    let counts = |a: &[u8; 12]| -> Value { json!(Rank::ALL.map(|r| a[r.index()])) };
    if let Some(v) = &snap.view {
        m.insert(
            "left".into(),
            json!({"red": counts(&v.remaining.red), "blue": counts(&v.remaining.blue)}),
        );
        if Some(v.to_move) == snap.my_color && snap.phase == GamePhase::Playing {
            let rescue: Vec<Value> = v
                .legal_moves
                .iter()
                .filter_map(|mv| {
                    let r = mv.rescue?;
                    Some(json!([
                        mv.from.to_string(),
                        mv.to.to_string(),
                        r.rank.name(),
                        r.to.to_string()
                    ]))
                })
                .collect();
            if !rescue.is_empty() {
                m.insert("rescue".into(), json!(rescue));
            }
        }
    }
    if let (GamePhase::Setup, Some(_), None) = (snap.phase, snap.my_color, &snap.my_setup) {
        let variant = snap.terms.rules.variant;
        let placed = draft.map(|d| d.counts()).unwrap_or([0; 12]);
        let tray = Rank::ALL.map(|r| variant.count(r).saturating_sub(placed[r.index()]));
        m.insert("tray".into(), json!(tray));
    }
    m
}

impl Seat {
    /// A chat line: to the game shown (its players, or its spectators among themselves),
    /// else to the lobby. Lines are cleaned and limited where they are kept, as SSH's.
    pub(super) async fn chat(&mut self, text: &str) -> Result<Vec<Value>, Say> {
        let text = text.trim();
        if text.is_empty() {
            return Err(Say::new("web-play-refused-chat"));
        }
        match self.session.game() {
            Some(_) => {
                self.session.play(GameCmd::Chat(text.to_string())).await;
            }
            None => self.session.command(LobbyCmd::Chat(text.to_string())),
        }
        Ok(vec![])
    }

    /// The chat of the game shown, when it has lines the browser was not sent yet.
    pub(super) fn game_chat(&mut self, snap: &GameSnapshot) -> Option<Value> {
        let key = (snap.id, snap.chat.len(), snap.chat.last().cloned());
        if self.chat_sent.as_ref() == Some(&key) {
            return None;
        }
        self.chat_sent = Some(key);
        Some(json!({"t": "chat", "game": snap.id, "lines": chat_json(&snap.chat)}))
    }

    /// A challenge to one player online, with the terms of a seek (`private`: known to the
    /// two players only, casual).
    pub(super) fn challenge(&mut self, msg: &Map<String, Value>) -> Result<Vec<Value>, Say> {
        let nick = msg
            .get("nick")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .trim();
        let online = self
            .session
            .lobby_peek()
            .players
            .iter()
            .any(|p| !p.bot && p.nick.eq_ignore_ascii_case(nick));
        if nick.is_empty() || !online {
            let shown: String = nick.chars().take(24).collect();
            return Err(Say::new("web-play-refused-player").text("nick", shown));
        }
        if nick.eq_ignore_ascii_case(self.session.nick()) {
            return Err(Say::new("web-play-refused-self"));
        }
        let terms = terms_of(msg, self.guest)?;
        let private = msg.get("private").and_then(Value::as_bool).unwrap_or(false);
        self.not_playing()?;
        tracing::info!(
            variant = terms.rules.variant.name(),
            rated = terms.rated,
            private,
            "web player challenges a player"
        );
        self.session.command(LobbyCmd::Seek {
            terms,
            private_to: Some(nick.to_string()),
            private,
        });
        Ok(vec![])
    }

    /// A challenge made to this player, by its number.
    fn challenge_to_me(&self, id: Option<u64>) -> Option<u64> {
        let me = self.session.nick();
        id.filter(|id| {
            self.challenges
                .iter()
                .any(|s| s.id == *id && s.owner != me && s.private_to.is_some())
        })
    }

    /// Whether `id` is a challenge this player made.
    pub(super) fn my_challenge(&self, id: u64) -> bool {
        let me = self.session.nick();
        self.challenges.iter().any(|s| s.id == id && s.owner == me)
    }

    /// Accept a challenge made to this player; `None` when `id` is none of those.
    pub(super) fn accept_challenge(&mut self, id: Option<u64>) -> Option<Result<Vec<Value>, Say>> {
        let id = self.challenge_to_me(id)?;
        Some(self.take_challenge(id))
    }

    fn take_challenge(&mut self, id: u64) -> Result<Vec<Value>, Say> {
        self.not_playing()?;
        self.session.leave_game();
        self.shown = None;
        tracing::info!(seek = id, "web player accepts a challenge");
        self.session.command(LobbyCmd::Accept(id));
        Ok(vec![])
    }

    /// Turn down a challenge made to this player.
    pub(super) fn decline(&mut self, id: Option<u64>) -> Result<Vec<Value>, Say> {
        let id = self
            .challenge_to_me(id)
            .ok_or_else(|| Say::new("web-play-refused-challenge"))?;
        tracing::info!(seek = id, "web player declines a challenge");
        self.session.command(LobbyCmd::Decline(id));
        Ok(vec![])
    }

    /// Watch a game in play (a public one, from the lobby's list).
    pub(super) fn watch(&mut self, id: Option<u64>) -> Result<Vec<Value>, Say> {
        // A game of the lobby's list, or one of the player's own waiting for them (a
        // private one included: Spectate seats its player).
        let listed = id.filter(|id| {
            self.waiting.iter().any(|w| w.id == *id)
                || self
                    .session
                    .lobby_peek()
                    .games
                    .iter()
                    .any(|g| g.id == *id && !g.private)
        });
        let Some(id) = listed else {
            return Err(Say::new("web-play-refused-game"));
        };
        self.not_playing()?;
        self.session.leave_game();
        self.shown = None;
        tracing::info!(game = id, "web player watches a game");
        self.session.command(LobbyCmd::Spectate(id));
        Ok(vec![])
    }

    /// Join (`join: true`) or withdraw from (pause in an arena) a tournament of the lobby's
    /// list; the lobby checks who may.
    pub(super) fn tournament(&mut self, id: Option<u64>, join: bool) -> Result<Vec<Value>, Say> {
        let listed = id.filter(|id| {
            self.session.lobby_peek().tournaments.iter().any(|t| {
                t.id == *id
                    && matches!(
                        t.status,
                        TournamentStatus::Upcoming | TournamentStatus::Running
                    )
            })
        });
        let Some(id) = listed else {
            return Err(Say::new("web-play-refused-tournament"));
        };
        tracing::info!(tournament = id, join, "web player: tournament");
        self.session.command(match join {
            true => LobbyCmd::JoinTournament(id),
            false => LobbyCmd::LeaveTournament(id),
        });
        Ok(vec![])
    }

    /// Empty the draft: every piece back in the tray.
    pub(super) fn clear(&mut self) -> Result<Vec<Value>, Say> {
        let (snap, color) = self.in_setup()?;
        self.draft = Some(Setup::new(color));
        Ok(vec![self.game_json(&snap)])
    }

    /// Put a piece of `rank` from the tray on `sq` (a piece standing there goes back to the
    /// tray).
    pub(super) fn place(&mut self, sq: &str, rank: &str) -> Result<Vec<Value>, Say> {
        let (snap, color) = self.in_setup()?;
        let sq = square(sq)?;
        let rank = rank_named(rank).ok_or_else(|| Say::new("web-play-refused-rank"))?;
        if !setup_squares(&snap.terms.rules, color).contains(&sq) {
            return Err(Say::new("web-play-refused-swap"));
        }
        let draft = self.draft.as_mut().expect("in set-up");
        let placed = draft.pieces.values().filter(|r| **r == rank).count() as u8
            - u8::from(draft.pieces.get(&sq) == Some(&rank));
        if placed >= snap.terms.rules.variant.count(rank) {
            return Err(Say::new("web-play-refused-tray"));
        }
        draft.pieces.insert(sq, rank);
        Ok(vec![self.game_json(&snap)])
    }

    /// The saved set-ups of the shown game's variant, by name.
    pub(super) fn setups_json(&self, variant: Variant) -> Value {
        let names: Vec<&str> = self
            .setups
            .iter()
            .filter(|s| s.variant == variant)
            .map(|s| s.name.as_str())
            .collect();
        json!({"t": "setups", "names": names})
    }

    /// The saved set-up `name` of the game's variant becomes the draft.
    pub(super) fn load_setup(&mut self, name: &str) -> Result<Vec<Value>, Say> {
        let (snap, color) = self.in_setup()?;
        let variant = snap.terms.rules.variant;
        let saved = self
            .setups
            .iter()
            .find(|s| s.variant == variant && s.name == name)
            .ok_or_else(|| Say::new("web-play-refused-setup-name"))?;
        // Saved as either side: turned to this seat's rows as the screens turn it.
        let setup = crate::ui::turned_for(&saved.setup, color);
        if setup.validate(&snap.terms.rules, color).is_err() {
            return Err(Say::new("web-play-refused-setup-name"));
        }
        self.draft = Some(setup);
        Ok(vec![self.game_json(&snap)])
    }

    /// The draft saved under `name` (a key holder's in the store, as the screens save them;
    /// a guest's for this socket only, as an SSH guest's for its session).
    pub(super) async fn save_setup(&mut self, name: &str) -> Result<Vec<Value>, Say> {
        let (snap, color) = self.in_setup()?;
        // Cleaned and limited where it is kept (the service's rule, as for the screens).
        let name: String = name.trim().chars().take(SETUP_NAME_MAX).collect();
        let draft = self.draft.clone().expect("in set-up");
        if draft.validate(&snap.terms.rules, color).is_err() {
            return Err(Say::new("web-play-refused-incomplete"));
        }
        let saved = SavedSetup {
            name: name.clone(),
            variant: snap.terms.rules.variant,
            setup: draft,
        };
        match &self.identity {
            Some(id) => match self.service.save_setup(id, saved.clone()).await {
                Ok(list) => self.setups = list,
                Err(e) => {
                    return Ok(vec![
                        json!({"t": "notice", "text": e.notice().text(self.lang)}),
                    ])
                }
            },
            None => {
                if let Err(e) = crate::service::save_in_memory(&mut self.setups, saved.clone()) {
                    return Ok(vec![
                        json!({"t": "notice", "text": e.notice().text(self.lang)}),
                    ]);
                }
            }
        }
        let said = crate::proto::setup_saved_notice(&saved.name).text(self.lang);
        Ok(vec![
            self.setups_json(snap.terms.rules.variant),
            json!({"t": "notice", "text": said}),
        ])
    }

    /// A move with a rescue: the moving piece reaches the enemy back row and a captured
    /// piece of `rank` comes back on `at`.
    pub(super) async fn rescue_move(
        &mut self,
        from: &str,
        to: &str,
        rank: &str,
        at: &str,
    ) -> Result<Vec<Value>, Say> {
        let (snap, color) = self.seated()?;
        let (from, to, at) = (square(from)?, square(to)?, square(at)?);
        let rank = rank_named(rank).ok_or_else(|| Say::new("web-play-refused-rank"))?;
        let view = match (&snap.view, snap.phase) {
            (Some(v), GamePhase::Playing) => v,
            _ => return Err(Say::new("web-play-refused-not-playing")),
        };
        if view.to_move != color {
            return Err(Say::new("web-play-refused-turn"));
        }
        let found = view.legal_moves.iter().find(|m| {
            m.from == from && m.to == to && m.rescue.is_some_and(|r| r.rank == rank && r.to == at)
        });
        let Some(mv) = found.copied() else {
            let shown = Move::new(from, to);
            return Err(Say::new("web-play-refused-illegal").text("move", shown));
        };
        self.session.play(GameCmd::Move(mv)).await;
        Ok(vec![])
    }
}

/// The words the board's lobby and game extras need, in `lang` (merged into the page's).
pub(super) fn words(lang: Lang) -> Value {
    let say = |id: &'static str| tr(lang, id);
    let with = |id: &'static str, args: &[&'static str]| super::pattern(lang, id, args);
    let mut m = Map::new();
    for (key, id) in [
        ("players", "web-play-players"),
        ("challenge", "web-play-challenge"),
        ("challengeHint", "web-play-challenge-hint"),
        ("challenges", "web-play-challenges"),
        ("decline", "web-play-decline"),
        ("private", "web-play-private"),
        ("gamesNow", "web-play-games-now"),
        ("noGames", "web-play-no-games"),
        ("watch", "web-play-watch"),
        ("watching", "web-play-watching"),
        ("leave", "web-play-leave"),
        ("tournaments", "web-play-tournaments"),
        ("join", "web-play-join"),
        ("withdrawT", "web-play-withdraw-tournament"),
        ("joined", "web-play-joined"),
        ("chat", "web-play-chat"),
        ("chatGame", "web-play-chat-game"),
        ("chatStands", "web-play-chat-stands"),
        ("chatSay", "web-play-chat-say"),
        ("chatSend", "web-play-chat-send"),
        ("chatEmpty", "web-play-chat-empty"),
        ("options", "web-play-options"),
        ("twoSquare", "web-play-two-square"),
        ("twoSquareOff", "web-play-two-square-off"),
        ("moreSquares", "web-play-more-squares"),
        ("aggressor", "web-play-aggressor"),
        ("silent", "web-play-silent"),
        ("rescueRule", "web-play-rescue-rule"),
        ("duelRows", "web-play-duel-rows"),
        ("tray", "web-play-tray"),
        ("trayHint", "web-play-tray-hint"),
        ("clear", "web-play-clear"),
        ("saved", "web-play-saved"),
        ("load", "web-play-load"),
        ("save", "web-play-save"),
        ("setupName", "web-play-setup-name"),
        ("rescueAsk", "web-play-rescue-ask"),
        ("rescueNone", "web-play-rescue-none"),
        ("left", "web-play-left"),
        ("typeMove", "web-play-type-move"),
        ("typeMoveGo", "web-play-type-move-go"),
        ("link", "web-play-link"),
        ("yourMove", "web-your-move"),
        ("play", "web-play-play-it"),
    ] {
        m.insert(key.into(), json!(say(id)));
    }
    let patterns: &[(&str, &'static str, &[&'static str])] = &[
        (
            "challengeFrom",
            "web-play-challenge-from",
            &["nick", "terms"],
        ),
        ("challengeTo", "web-play-challenge-to", &["nick", "terms"]),
        (
            "gameLine",
            "web-play-game-line",
            &["red", "blue", "terms", "moves"],
        ),
        (
            "tournamentLine",
            "web-play-tournament-line",
            &["name", "terms", "count"],
        ),
        ("rescueOne", "web-play-rescue-one", &["rank", "square"]),
        ("more", "web-play-more", &["count"]),
        (
            "yourMoveRow",
            "web-your-move-row",
            &["game", "opponent", "due", "left"],
        ),
        (
            "yourSetupRow",
            "web-your-setup-row",
            &["game", "opponent", "due", "left"],
        ),
        ("typeMoveBad", "web-play-type-move-bad", &["text"]),
    ];
    for &(key, id, args) in patterns {
        m.insert(key.into(), json!(with(id, args)));
    }
    m.insert("order".into(), json!(Rank::ALL.map(|r| r.name())));
    Value::Object(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::SeatInfo;
    use crate::rules::{ByColor, Color, PlayerView, Rescue, Square, Viewer};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn seat(nick: &str) -> SeatInfo {
        SeatInfo {
            nick: nick.into(),
            rating: None,
            bot: false,
            connected: true,
            online: false,
            reconnect_left: None,
            ready: false,
            rating_change: None,
        }
    }

    /// Red to move on a board where C8-C10 reaches Blue's back row with a Colonel and a
    /// Miner captured: two rescues beside the plain move.
    fn snapshot(viewer: Viewer, phase: GamePhase) -> GameSnapshot {
        let mut rules = Rules::standard(Variant::Classic);
        rules.options.rescue = true;
        // Indexed by Rank::index (Spy first); a Colonel of Red's captured.
        let mut full = [0u8; 12];
        for r in Rank::ALL {
            full[r.index()] = Variant::Classic.count(r);
        }
        let mut remaining = full;
        remaining[Rank::Colonel.index()] = 1;
        let rescue = |rank, at: &str| Move {
            from: sq("C8"),
            to: sq("C10"),
            rescue: Some(Rescue { rank, to: sq(at) }),
        };
        let view = PlayerView {
            viewer,
            rules,
            board: vec![None; 100],
            to_move: Color::Red,
            ply: 12,
            last_move: None,
            captured: vec![],
            remaining: ByColor {
                red: remaining,
                blue: full,
            },
            legal_moves: match viewer {
                Viewer::Player(Color::Red) => vec![
                    Move::new(sq("C8"), sq("C10")),
                    rescue(Rank::Colonel, "F4"),
                    rescue(Rank::Miner, "H4"),
                ],
                _ => vec![],
            },
            outcome: None,
        };
        GameSnapshot {
            id: 3,
            terms: GameTerms {
                rules,
                rated: false,
                clock: None,
                days: None,
                budget: None,
            },
            seats: ByColor {
                red: seat("ann"),
                blue: seat("bob"),
            },
            my_color: view.color(),
            phase,
            my_setup: None,
            view: Some(view),
            history: vec![],
            clocks: None,
            chat: vec![],
            draw_offer: None,
            rematch: ByColor::default(),
            outcome: None,
            next_game: None,
            spectators: 0,
            setup_left: None,
            private: false,
            tournament: false,
            notes: Default::default(),
            budget_left: None,
        }
    }

    #[test]
    fn the_seat_to_move_is_asked_each_rescue_and_no_one_else_is() {
        let red = game_more(
            &snapshot(Viewer::Player(Color::Red), GamePhase::Playing),
            None,
        );
        assert_eq!(
            red["rescue"],
            json!([["C8", "C10", "Colonel", "F4"], ["C8", "C10", "Miner", "H4"]])
        );
        let blue = game_more(
            &snapshot(Viewer::Player(Color::Blue), GamePhase::Playing),
            None,
        );
        assert!(blue.get("rescue").is_none(), "not Blue's turn: {blue:?}");
        let stands = game_more(&snapshot(Viewer::Spectator, GamePhase::Playing), None);
        assert!(stands.get("rescue").is_none());
        // Pieces left, strongest first (Rank::ALL), as the view knows them.
        assert_eq!(
            red["left"]["red"],
            json!([1, 1, 1, 3, 4, 4, 4, 5, 8, 1, 6, 1])
        );
        assert_eq!(
            red["left"]["blue"][8],
            json!(8),
            "Scouts, the ninth of Rank::ALL"
        );
    }

    #[test]
    fn the_tray_holds_what_the_draft_has_not_placed() {
        let mut s = snapshot(Viewer::Player(Color::Red), GamePhase::Setup);
        s.view = None;
        let mut draft = Setup::new(Color::Red);
        draft.pieces.insert(sq("A1"), Rank::Flag);
        draft.pieces.insert(sq("B1"), Rank::Bomb);
        let m = game_more(&s, Some(&draft));
        let tray: Vec<u64> = m["tray"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect();
        let at = |r: Rank| Rank::ALL.iter().position(|x| *x == r).unwrap();
        assert_eq!(tray[at(Rank::Flag)], 0);
        assert_eq!(tray[at(Rank::Bomb)], 5);
        assert_eq!(tray[at(Rank::Scout)], 8);
        assert_eq!(tray.iter().sum::<u64>(), 38);
        // Once the set-up is sent there is no tray.
        s.my_setup = Some(draft.clone());
        assert!(game_more(&s, Some(&draft)).get("tray").is_none());
    }

    #[test]
    fn a_crowded_lobby_lists_a_few_players_and_games_and_counts_the_rest() {
        use crate::proto::{GameSummary, PlayerInfo};
        let mut snap = LobbySnapshot::default();
        for i in 0..200 {
            snap.players.push(PlayerInfo {
                nick: format!("p{i}"),
                guest: false,
                bot: i % 10 == 0,
                rating: None,
                status: match i % 3 {
                    0 => PlayerStatus::Playing(1),
                    _ => PlayerStatus::Idle,
                },
            });
        }
        for i in 0..100u32 {
            snap.games.push(GameSummary {
                id: u64::from(i),
                red: "a".into(),
                blue: "b".into(),
                terms: GameTerms {
                    rules: Rules::standard(Variant::Classic),
                    rated: false,
                    clock: None,
                    days: None,
                    budget: None,
                },
                ply: 10,
                spectators: i % 7,
                private: i == 99,
                turn: None,
            });
        }
        let m = lobby_more(&snap, "p1", &[]);
        let players = m["players"].as_array().unwrap();
        assert_eq!(players.len(), PLAYERS_SHOWN);
        // 180 people (20 computers left out), less oneself, less those listed.
        assert_eq!(m["players_more"], json!(179 - PLAYERS_SHOWN));
        assert!(players.iter().all(|p| p["nick"] != "p1"), "not oneself");
        assert!(
            players.iter().all(|p| {
                let n: usize = p["nick"].as_str().unwrap()[1..].parse().unwrap();
                !n.is_multiple_of(3)
            }),
            "those free to play first: {players:?}"
        );
        let games = m["games"].as_array().unwrap();
        assert_eq!(games.len(), GAMES_SHOWN);
        assert_eq!(
            m["games_more"],
            json!(99 - GAMES_SHOWN),
            "the private one not at all"
        );
        let watched: Vec<u64> = games
            .iter()
            .map(|g| g["id"].as_u64().unwrap() % 7)
            .collect();
        assert!(
            watched.windows(2).all(|w| w[0] >= w[1]) && watched[0] == 6 && watched[19] == 5,
            "the most watched first: {watched:?}"
        );
    }

    #[test]
    fn a_seeks_terms_take_every_rule_option_and_refuse_unknown_ones() {
        let msg = |v: Value| v.as_object().unwrap().clone();
        let t = terms_of(
            &msg(json!({"variant": "duel", "clock": "5+3", "rated": true,
                "options": {"two_square": 0, "more_squares": false, "aggressor": true,
                    "silent": true, "rescue": true, "duel_rows": 4}})),
            false,
        )
        .unwrap();
        let o = t.rules.options;
        assert_eq!(t.rules.variant, Variant::Duel);
        assert!(t.rated && t.clock.is_some());
        assert_eq!((o.two_square_limit, o.more_squares), (0, false));
        assert!(o.aggressor_advantage && o.silent_defense && o.rescue);
        assert_eq!(o.duel_setup_rows, 4);
        // Left out: the variant's standard rules.
        let t = terms_of(&msg(json!({"variant": "classic"})), true).unwrap();
        assert_eq!(t.rules, Rules::standard(Variant::Classic));
        for bad in [
            json!({"variant": "classic", "options": {"two_square": 4}}),
            json!({"variant": "classic", "options": {"duel_rows": 2}}),
            json!({"variant": "classic", "options": {"rescue": "yes"}}),
            json!({"variant": "classic", "options": {"no_such": true}}),
            json!({"variant": "classic", "options": [1]}),
            json!({"variant": "chess"}),
            json!({"variant": "classic", "clock": "1+0"}),
        ] {
            assert!(terms_of(&msg(bad.clone()), false).is_err(), "{bad}");
        }
        // A guest's rated seek is refused before the lobby sees it.
        assert!(terms_of(&msg(json!({"variant": "classic", "rated": true})), true).is_err());
    }
}
