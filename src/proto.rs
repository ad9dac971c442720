//! Messages between the screens (`ui`) and the server's actors (`lobby`, `game`): what a
//! session may ask for, and the snapshots it is shown. Only [`PlayerView`]s cross this
//! boundary, never a full position. Plain data: no channels, no tasks (the handles that
//! carry these messages, such as a session's seat in a game, live in `game`).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::rules::{
    ByColor, Color, Guess, Move, NoteError, Notes, Outcome, PlayerView, Rules, Setup, Square,
    Variant, ViewMove,
};

pub type GameId = u64;
pub type SeekId = u64;

/// A Fischer clock: `initial` time each, plus `increment` per move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct ClockSpec {
    pub initial_secs: u32,
    pub increment_secs: u32,
}

impl ClockSpec {
    /// Reads `10+5`, `3+2`; `none` or empty gives `None`.
    // Kept a String error: parses what a user typed, and the text is the answer they get.
    pub fn parse(s: &str) -> Result<Option<ClockSpec>, String> {
        let t = s.trim();
        if t.is_empty() || t.eq_ignore_ascii_case("none") || t == "-" {
            return Ok(None);
        }
        let (a, b) = t.split_once('+').unwrap_or((t, "0"));
        let minutes: u32 = a
            .trim()
            .parse()
            .map_err(|_| format!("'{t}' is not a clock: write minutes+increment, like 10+5"))?;
        let inc: u32 = b
            .trim()
            .parse()
            .map_err(|_| format!("'{t}' is not a clock: write minutes+increment, like 10+5"))?;
        if minutes == 0 || minutes > 180 || inc > 180 {
            return Err("clock: 1 to 180 minutes, increment up to 180 seconds".into());
        }
        Ok(Some(ClockSpec {
            initial_secs: minutes * 60,
            increment_secs: inc,
        }))
    }
}

impl std::fmt::Display for ClockSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}+{}", self.initial_secs / 60, self.increment_secs)
    }
}

pub use crate::bot::BotLevel;

/// Who a player is, as proven when they connected: the owner of ratings, saved set-ups
/// and seats. Written (in the store, in logs) as `key:SHA256:...`, `guest:ID`, `bot:LEVEL`
/// or `archive:NAME`; [`PlayerId::from_str`](std::str::FromStr) reads that form back.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum PlayerId {
    /// An SSH key, by its SHA-256 fingerprint (`SHA256:...`).
    Key(String),
    /// A guest, for one visit.
    Guest(String),
    /// A computer player.
    Bot(BotLevel),
    /// Another program the host runs as an opponent, by its configured name.
    Agent(String),
    /// A player of a game imported from a public archive.
    Archive(String),
    /// An account made on the web with a passkey (no SSH key founded it), by its id: 32
    /// hex digits drawn at random when it was made (`src/store/web.rs`). Holds a nick,
    /// ratings and set-ups as a key does; keys linked to it later play as it.
    Account(String),
}

impl PlayerId {
    /// An SSH key's identity.
    pub fn is_key(&self) -> bool {
        matches!(self, PlayerId::Key(_))
    }

    /// Only accounts hold ratings, nicknames and saved set-ups: a key's, or one made with a
    /// passkey.
    pub fn is_account(&self) -> bool {
        matches!(self, PlayerId::Key(_) | PlayerId::Account(_))
    }

    /// The key's fingerprint (`SHA256:...`).
    pub fn fingerprint(&self) -> Option<&str> {
        match self {
            PlayerId::Key(k) => Some(k),
            _ => None,
        }
    }

    pub fn bot_level(&self) -> Option<BotLevel> {
        match self {
            PlayerId::Bot(l) => Some(*l),
            _ => None,
        }
    }
}

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerId::Key(k) => write!(f, "key:{k}"),
            PlayerId::Guest(g) => write!(f, "guest:{g}"),
            PlayerId::Bot(l) => write!(f, "bot:{}", l.name()),
            PlayerId::Agent(a) => write!(f, "agent:{a}"),
            PlayerId::Archive(a) => write!(f, "archive:{a}"),
            PlayerId::Account(a) => write!(f, "account:{a}"),
        }
    }
}

/// A written [`PlayerId`] that is none of its forms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePlayerIdError(pub String);

impl std::fmt::Display for ParsePlayerIdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "'{}' is not a player identity (key:..., account:..., guest:..., bot:..., archive:...)",
            self.0
        )
    }
}

impl std::error::Error for ParsePlayerIdError {}

impl std::str::FromStr for PlayerId {
    type Err = ParsePlayerIdError;
    fn from_str(s: &str) -> Result<PlayerId, ParsePlayerIdError> {
        let bad = || ParsePlayerIdError(s.chars().take(80).collect());
        let (kind, rest) = s.split_once(':').ok_or_else(bad)?;
        if rest.is_empty() {
            return Err(bad());
        }
        match kind {
            "key" => Ok(PlayerId::Key(rest.to_string())),
            "guest" => Ok(PlayerId::Guest(rest.to_string())),
            "bot" => BotLevel::ALL
                .into_iter()
                .find(|l| l.name() == rest)
                .map(PlayerId::Bot)
                .ok_or_else(bad),
            "archive" => Ok(PlayerId::Archive(rest.to_string())),
            "agent" => Ok(PlayerId::Agent(rest.to_string())),
            "account" => Ok(PlayerId::Account(rest.to_string())),
            _ => Err(bad()),
        }
    }
}

impl Serialize for PlayerId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for PlayerId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PlayerId, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum PlayerStatus {
    Idle,
    Seeking,
    Playing(GameId),
    Watching(GameId),
    /// In the lobby (or another screen) after leaving this game, which goes on without
    /// them until they come back or the opponent claims it.
    LeftGame(GameId),
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PlayerInfo {
    pub nick: String,
    pub guest: bool,
    pub bot: bool,
    pub rating: Option<i32>,
    pub status: PlayerStatus,
}

/// What a seek or challenge proposes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameTerms {
    pub rules: Rules,
    pub rated: bool,
    pub clock: Option<ClockSpec>,
    /// A correspondence game: this many days for each move (1, 3 or 7, [`CORRESPONDENCE_DAYS`]),
    /// with no clock (`clock` is `None`); the players need not stay connected (see
    /// `crate::game::corr`). `None`: an ordinary game.
    #[serde(default)]
    pub days: Option<u8>,
    /// A correspondence game's total budget: this many days for all of a player's moves
    /// (15, 30 or 60, [`CORRESPONDENCE_BUDGETS`]), beside the days a move; `None`: no
    /// budget (each move has its days, whatever went before). Left out when `None`, so
    /// older records and bus messages read as "no budget".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget: Option<u8>,
}

/// The days a move a correspondence game may be given ([`GameTerms::days`]).
pub const CORRESPONDENCE_DAYS: [u8; 3] = [1, 3, 7];

/// The total budgets a correspondence game may be given ([`GameTerms::budget`]), in days
/// for all of a player's moves: about two weeks, a month, two months (docs/playing.md says
/// why).
pub const CORRESPONDENCE_BUDGETS: [u8; 3] = [15, 30, 60];

impl GameTerms {
    /// A correspondence game (days a move, no need to stay connected).
    pub fn correspondence(&self) -> bool {
        self.days.is_some()
    }
}

/// A correspondence game waiting for its player's move (`ssh host games --my-turn`, the
/// web profile, the notice on login).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct WaitingGame {
    pub id: GameId,
    pub opponent: String,
    /// The colour the player has in it.
    pub color: Color,
    pub variant: Variant,
    pub days: u8,
    /// Plies played so far.
    pub ply: u32,
    /// When the move must be made (Unix seconds): past it, the game is lost on time.
    pub deadline: u64,
    /// What is due is the player's set-up (the game has not begun), not a move.
    #[serde(default)]
    pub setup: bool,
    /// The game's total budget in days ([`GameTerms::budget`]); `None`: none.
    #[serde(default)]
    pub budget: Option<u8>,
    /// When the player's budget runs out if the move is not made (Unix seconds): what is
    /// left of it is counted down to this time. `None` without a budget (or for a set-up,
    /// which does not spend it).
    #[serde(default)]
    pub budget_ends: Option<u64>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Seek {
    pub id: SeekId,
    pub owner: String,
    pub terms: GameTerms,
    /// A challenge: only this player may accept it (it is shown to its two players only).
    pub private_to: Option<String>,
    /// A private challenge: its game is known to its two players only (no list, no
    /// spectators, no web page) and casual (ratings are public).
    #[serde(default)]
    pub private: bool,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameSummary {
    pub id: GameId,
    pub red: String,
    pub blue: String,
    pub terms: GameTerms,
    pub ply: u32,
    pub spectators: u32,
    pub private: bool,
    /// A correspondence game in play: the side to move and its deadline (Unix seconds);
    /// the lobby screen lists the viewer's own such games where it is their move.
    #[serde(default)]
    pub turn: Option<(Color, u64)>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ChatLine {
    pub from: String,
    /// Already cleaned: no control or escape characters, length-limited.
    pub text: String,
}

/// The lobby as every session sees it: private challenges are not in it (each player is
/// sent their own, `SessionEvent::Challenges`).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct LobbySnapshot {
    pub players: Vec<PlayerInfo>,
    pub seeks: Vec<Seek>,
    pub games: Vec<GameSummary>,
    pub chat: Vec<ChatLine>,
    /// Other people's programs the host runs as opponents (`[[agents]]`), by name.
    #[serde(default)]
    pub agents: Vec<String>,
    /// Tournaments upcoming, running, and the last few finished (newest first among
    /// those), in order: running, upcoming by start time, finished.
    #[serde(default)]
    pub tournaments: Vec<TournamentInfo>,
}

pub type TournamentId = u64;

/// A player, by identity (`PlayerId`'s text form).
pub type Pid = String;

/// The two kinds of event.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Format {
    /// A fixed duration: whoever finishes a game is paired again at once.
    Arena { minutes: u32 },
    /// A fixed number of rounds, paired by score groups.
    Swiss { rounds: u32 },
}

/// What one finished pairing was for one player.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Mark {
    Win,
    Draw,
    Loss,
    Bye,
    Void,
}

impl Mark {
    /// 'W', 'D', 'L', 'B' for a bye, '-' for a void game.
    pub fn letter(self) -> char {
        match self {
            Mark::Win => 'W',
            Mark::Draw => 'D',
            Mark::Loss => 'L',
            Mark::Bye => 'B',
            Mark::Void => '-',
        }
    }
}

/// One line of the table.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Standing {
    /// 1-based; no two players share one.
    pub rank: u32,
    pub pid: Pid,
    pub nick: String,
    pub rating: i32,
    /// Swiss: half-points (a win 2, a draw 1). Arena: points (a win 2, a draw 1, doubled
    /// on fire).
    pub points: u32,
    /// One per finished pairing, in the order played.
    pub marks: Vec<Mark>,
    /// Finished games (void ones included, byes not).
    pub games: u32,
    /// `None` with no finished, non-void game against an entrant.
    pub performance: Option<i32>,
    /// Swiss only, in half-points; 0 in an arena.
    pub buchholz: u32,
    /// Swiss only, in QUARTER-points; 0 in an arena.
    pub sonneborn: u32,
    /// Arena: on a streak now (two wins in a row and no non-win since).
    pub fire: bool,
    pub withdrawn: bool,
}

impl Standing {
    /// The points as shown: a Swiss's from half-points ("2.5", "3"), an arena's as they are.
    pub fn points_text(&self, format: Format) -> String {
        match format {
            Format::Swiss { .. } => half_points_text(self.points),
            Format::Arena { .. } => self.points.to_string(),
        }
    }

    /// Buchholz as shown (a Swiss's tie-break, kept in half-points): "2.5", "3".
    pub fn buchholz_text(&self) -> String {
        half_points_text(self.buchholz)
    }

    /// Sonneborn-Berger as shown (kept in quarter-points): "1.25", "2.5", "3".
    pub fn sonneborn_text(&self) -> String {
        let n = self.sonneborn;
        match n % 4 {
            0 => (n / 4).to_string(),
            2 => format!("{}.5", n / 4),
            r => format!("{}.{}", n / 4, r * 25),
        }
    }
}

fn half_points_text(half: u32) -> String {
    if half.is_multiple_of(2) {
        (half / 2).to_string()
    } else {
        format!("{}.5", half / 2)
    }
}

/// Who may join a tournament.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum EntryRule {
    Anyone,
    /// Players who connect with an SSH key (no guests).
    KeyHolders,
    /// Only these nicknames (compared without case).
    Nicks(Vec<String>),
}

impl EntryRule {
    pub fn describe(&self) -> String {
        match self {
            EntryRule::Anyone => "anyone".into(),
            EntryRule::KeyHolders => "key holders".into(),
            EntryRule::Nicks(n) => format!("invited: {}", n.join(", ")),
        }
    }
}

/// What a tournament's organiser decided.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentTerms {
    pub name: String,
    pub format: Format,
    /// Variant and rule options, rated or casual, clock: every game of the event.
    pub game: GameTerms,
    /// Unix seconds.
    pub starts_at: u64,
    pub entry: EntryRule,
    /// Rated games (in the event's variant) a player needs to join.
    pub min_rated_games: u32,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum TournamentStatus {
    Upcoming,
    Running,
    Finished,
    Cancelled,
}

impl TournamentStatus {
    pub fn word(self) -> &'static str {
        match self {
            TournamentStatus::Upcoming => "upcoming",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        }
    }
}

/// A game of a tournament in play.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentGame {
    pub id: GameId,
    pub red: String,
    pub blue: String,
    /// Swiss: its round; arena: 0.
    pub round: u32,
}

/// What an admin (or, where the host allows it, a key holder) asks of tournaments.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum TournamentOrder {
    Create {
        terms: TournamentTerms,
        by: String,
    },
    /// `by`: `None` for an admin (any tournament), else the nick of the key holder asking
    /// (only a tournament they created).
    Edit {
        id: TournamentId,
        terms: TournamentTerms,
        by: Option<String>,
    },
    Start {
        id: TournamentId,
        by: Option<String>,
    },
    Cancel {
        id: TournamentId,
        by: Option<String>,
    },
    /// An admin enters a computer player (only where the host allows it, for testing).
    AddBot {
        id: TournamentId,
        level: BotLevel,
    },
    /// The key holder of the `AsPlayer` around it enters under `nick` (`ssh host tournament
    /// join N`): the same checks as a join from the lobby.
    Join {
        id: TournamentId,
        nick: String,
    },
    /// The key holder of the `AsPlayer` around it withdraws (`ssh host tournament withdraw
    /// N`).
    Withdraw {
        id: TournamentId,
    },
    /// `order` from a key holder who is not an admin (where the host lets players run
    /// tournaments), proven by `identity`, their key: a tournament they create is theirs by
    /// this identity (not by the nick, which may change hands), they may change only those,
    /// and they may have the host's `max_tournaments_per_organiser` upcoming or running at
    /// once. The inner `by` is their nick, shown as the creator.
    AsPlayer {
        identity: PlayerId,
        order: Box<TournamentOrder>,
    },
}

/// A tournament as every session sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TournamentInfo {
    pub id: TournamentId,
    pub terms: TournamentTerms,
    pub status: TournamentStatus,
    /// The nick of who created it.
    pub created_by: String,
    /// An arena's end (Unix seconds) once it started; a Swiss's end is its last round.
    pub ends_at: Option<u64>,
    /// Swiss: the round in play or last played (0 before the first).
    pub round: u32,
    /// Ranked; the entrants (with withdrawn or paused ones, marked).
    pub standings: Vec<Standing>,
    /// Nicks of entrants marked absent (gone past the reconnect grace): not paired.
    pub absent: Vec<String>,
    pub games: Vec<TournamentGame>,
    /// The tournament's own chat, oldest first.
    pub chat: Vec<ChatLine>,
    /// Why it was cancelled, or a line on how it ended.
    pub note: String,
}

impl TournamentInfo {
    /// Whether `nick` is an entrant who has not withdrawn.
    pub fn has_entrant(&self, nick: &str) -> bool {
        self.standings
            .iter()
            .any(|s| !s.withdrawn && s.nick.eq_ignore_ascii_case(nick))
    }

    /// One line of the terms in English: `Swiss 5 rounds · Classic · 5+3 · rated · anyone`
    /// (players, over SSH and exec, read `ui::vocab::tournament_terms` in their language).
    pub fn terms_line(&self) -> String {
        let t = &self.terms;
        let format = match t.format {
            Format::Arena { minutes } => format!("Arena {minutes} min"),
            Format::Swiss { rounds } => format!("Swiss {rounds} rounds"),
        };
        let clock = match (t.game.days, t.game.clock) {
            // As the screens word it in English (`form-days`).
            (Some(1), _) => "1 day a move (correspondence)".into(),
            (Some(days), _) => format!("{days} days a move (correspondence)"),
            (None, Some(c)) => c.to_string(),
            (None, None) => "no clock".into(),
        };
        // A total budget after the days (`3 days a move, 30 days in all (correspondence)`).
        let clock = match (t.game.days, t.game.budget) {
            (Some(_), Some(b)) => clock.replace(
                " (correspondence)",
                &format!(", {b} days in all (correspondence)"),
            ),
            _ => clock,
        };
        let mut line = format!(
            "{format} · {} · {clock} · {} · {}",
            t.game.rules.variant.name(),
            if t.game.rated { "rated" } else { "casual" },
            t.entry.describe()
        );
        if t.min_rated_games > 0 {
            line.push_str(&format!(" · {}+ rated games", t.min_rated_games));
        }
        line
    }
}

/// A set-up a player saved under a name (one list per identity, all variants together).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedSetup {
    pub name: String,
    pub variant: Variant,
    pub setup: Setup,
}

/// Requests from a session to the lobby.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum LobbyCmd {
    /// Post a seek (`private_to: Some(nick)` is a challenge to that player; `private`:
    /// its game is known to the two players only, and casual, see [`Seek::private`]).
    Seek {
        terms: GameTerms,
        private_to: Option<String>,
        private: bool,
    },
    CancelSeek(SeekId),
    /// Turn down a challenge made to this player.
    Decline(SeekId),
    Accept(SeekId),
    Spectate(GameId),
    PlayBot {
        level: BotLevel,
        rules: Rules,
        clock: Option<ClockSpec>,
    },
    /// Play one of the host's agents (another program); always under the rules it was
    /// written for ([`Rules::ucc2012`]) and casual.
    PlayAgent {
        name: String,
        clock: Option<ClockSpec>,
    },
    Chat(String),
    /// Join a tournament (an arena: also come back after a pause).
    JoinTournament(TournamentId),
    /// Withdraw from a Swiss, or pause in an arena (points kept; join again to go on).
    LeaveTournament(TournamentId),
    /// A line in a tournament's chat.
    TournamentChat(TournamentId, String),
}

/// Where each side sits.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeatInfo {
    pub nick: String,
    pub rating: Option<i32>,
    pub bot: bool,
    pub connected: bool,
    /// Not `connected` but still online: the player left the game for the lobby (or
    /// another screen), rather than losing the connection.
    #[serde(default)]
    pub online: bool,
    /// While disconnected: how long before the opponent may claim the win.
    pub reconnect_left: Option<Duration>,
    /// Set-up submitted.
    pub ready: bool,
    /// After a rated game: how the rating moved (`+12`, `-8`).
    pub rating_change: Option<i32>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum GamePhase {
    /// Both sides place their pieces.
    Setup,
    Playing,
    Over,
}

/// One side's clock as the game task reported it: `remaining` when the snapshot was made
/// (the screen counts a running clock down from the moment the snapshot arrived).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ClockState {
    pub remaining: Duration,
    pub running: bool,
}

/// One game as one seat (or a spectator) may know it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameSnapshot {
    pub id: GameId,
    pub terms: GameTerms,
    pub seats: ByColor<SeatInfo>,
    /// `None` for a spectator.
    pub my_color: Option<Color>,
    pub phase: GamePhase,
    /// During set-up only the viewer's own set-up, if submitted; the opponent's stays hidden.
    pub my_setup: Option<Setup>,
    /// The board as this viewer may know it (from the start of play on).
    pub view: Option<PlayerView>,
    /// Every move so far as this viewer knows it.
    pub history: Vec<ViewMove>,
    pub clocks: Option<ByColor<ClockState>>,
    pub chat: Vec<ChatLine>,
    /// A standing draw offer from this colour.
    pub draw_offer: Option<Color>,
    /// Which sides asked for a rematch after the game.
    pub rematch: ByColor<bool>,
    pub outcome: Option<Outcome>,
    /// A game that follows this one (rematch), to switch to.
    pub next_game: Option<GameId>,
    pub spectators: u32,
    /// During set-up under a deadline: the set-up time left when the snapshot was made
    /// (the screen counts it down from the moment the snapshot arrived). `Some(ZERO)`
    /// once over: the game ended because set-up ran out of time.
    #[serde(default)]
    pub setup_left: Option<Duration>,
    /// A private game (a challenge): no spectators, no web page, no link to one.
    #[serde(default)]
    pub private: bool,
    /// A tournament's game: the tournament pairs the next one, so no rematch is offered.
    #[serde(default)]
    pub tournament: bool,
    /// This seat's own notes on the opponent's unknown pieces ([`crate::rules::notes`]):
    /// the game task fills it for the seat's own snapshot only; a spectator's and the
    /// opponent's are always empty.
    #[serde(default)]
    pub notes: Notes,
    /// A correspondence game's total budget left to each side ([`GameTerms::budget`]), the
    /// side to move's counted down to when the snapshot was made; `None` without a budget.
    /// Both players' budgets are public, as clocks are.
    #[serde(default)]
    pub budget_left: Option<ByColor<Duration>>,
}

/// Requests from a seat (or spectator) to its game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum GameCmd {
    SubmitSetup(Setup),
    Move(Move),
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// Claim the win after the opponent's reconnect time ran out (before the first move:
    /// end the game without a result).
    ClaimWin,
    /// End the game without a result; only before the first move.
    Abort,
    /// A computer seat gives up for the reason given (its program crashed, hung or played
    /// an illegal move): the opponent wins and is told why; during set-up the game ends
    /// without a result.
    Forfeit(Notice),
    Chat(String),
    Rematch,
    /// Make (`Some`) or clear (`None`) this seat's note on the unknown enemy piece on the
    /// square; refused (a notice, nothing changes) on anything else.
    Note(Square, Option<Guess>),
}

/// One row of a leaderboard.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct LeaderRow {
    pub rank: u32,
    pub nick: String,
    pub rating: i32,
    pub deviation: i32,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Leaderboard {
    pub variant: Variant,
    pub rows: Vec<LeaderRow>,
}

/// A finished game in a list (my games, a player's games, recent games).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameListItem {
    pub id: GameId,
    pub red: String,
    pub blue: String,
    pub variant: Variant,
    pub rated: bool,
    pub outcome: Option<Outcome>,
    pub plies: u32,
    /// Unix seconds.
    pub ended_at: u64,
    /// A private game (listed to its two players only): no web page, no link to one.
    #[serde(default)]
    pub private: bool,
}

/// Which games a list shows.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum GameFilter {
    Mine,
    Player(String),
    Recent,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameList {
    pub filter: GameFilter,
    pub variant: Option<Variant>,
    pub items: Vec<GameListItem>,
}

/// A player's rating in one variant.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct VariantRating {
    pub variant: Variant,
    pub rating: i32,
    pub deviation: i32,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// (unix seconds, rating) oldest first.
    pub history: Vec<(u64, i32)>,
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Profile {
    pub nick: String,
    pub ratings: Vec<VariantRating>,
    pub recent: Vec<GameListItem>,
    /// How many times the player may still change their name (one rename per player; the
    /// profile page offers it to its owner while this is not 0).
    #[serde(default = "one_rename")]
    pub renames_left: u8,
}

fn one_rename() -> u8 {
    1
}

/// Whose knowledge a replay shows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Perspective {
    /// Everything revealed.
    All,
    /// The board as Red knew it at that move.
    Red,
    Blue,
}

/// One position of a replay as seen from a perspective (computed by the server from the
/// record: the screen still only gets a view).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ReplaySnapshot {
    pub id: GameId,
    pub red: String,
    pub blue: String,
    pub rules: Rules,
    pub outcome: Option<Outcome>,
    /// Plies played at this position (0 = start).
    pub ply: u32,
    /// Plies in the whole game.
    pub plies: u32,
    pub perspective: Perspective,
    pub view: PlayerView,
    /// Moves up to `ply` as the perspective knows them.
    pub history: Vec<ViewMove>,
    /// A private game (replayed for its two players only): no web page, no link to one.
    #[serde(default)]
    pub private: bool,
    /// The asking player's own notes at this ply, when they played the game and look from
    /// their own side; empty otherwise. (Boxed: a replay travels in `ui::Msg`, whose
    /// variants stay small.)
    #[serde(default)]
    pub notes: Box<Notes>,
    /// The analysis after the game (the hard computer's review), or where it stands; `None`
    /// where none was asked for. Shown to whoever may see the replay.
    #[serde(default)]
    pub analysis: Option<Box<AnalysisStatus>>,
}

/// The analysis after a game as a replay or a page shows it: kept, or where the request
/// stands in the server's analysis queue.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum AnalysisStatus {
    Ready(crate::rules::GameAnalysis),
    /// Queued, with this many games before it.
    Waiting {
        ahead: usize,
    },
    /// Being made now.
    Running,
    /// Not queued: the queue is full (ask again later).
    Full,
    /// The host turned the analysis off.
    Off,
}

/// Requests for stored things: leaderboards, profiles, game lists, replays.
#[derive(Clone, PartialEq, Debug)]
pub enum BrowseCmd {
    Leaderboard(Variant),
    Profile(String),
    Games {
        filter: GameFilter,
        variant: Option<Variant>,
    },
    /// Open a replay at `ply` (0 = start) from a perspective.
    Replay {
        id: GameId,
        ply: u32,
        perspective: Perspective,
    },
    /// How these saved set-ups (the asker's own, as the screens hold them) fared in the
    /// asker's finished games of `variant`: answered with a [`SetupStatsList`].
    SetupStats {
        variant: Variant,
        setups: Vec<SavedSetup>,
    },
    /// The set-up explorer of `variant`: the asker's own games (`mine`) or the server's
    /// (aggregates only); answered with an [`ExplorerPage`].
    Explorer {
        variant: Variant,
        mine: bool,
    },
}

// ---- The set-up library and explorer (issue 47 item 3) ----

/// The answer to [`BrowseCmd::SetupStats`]: each saved set-up's name with its statistics.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SetupStatsList {
    pub variant: Variant,
    pub rows: Vec<(String, crate::rules::SetupStats)>,
    /// The player's finished games of the variant that were read.
    #[serde(default)]
    pub games_read: u32,
}

/// The answer to [`BrowseCmd::Explorer`]: aggregates only, never who placed what.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ExplorerPage {
    pub variant: Variant,
    pub mine: bool,
    pub explorer: crate::rules::Explorer,
}

/// What an admin bans: a nickname, a key fingerprint or an address.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum BanKind {
    Nick,
    Key,
    Addr,
}

impl BanKind {
    pub const ALL: [BanKind; 3] = [BanKind::Nick, BanKind::Key, BanKind::Addr];

    /// The word of the admin command: `nick`, `key`, `addr`.
    pub fn word(self) -> &'static str {
        match self {
            BanKind::Nick => "nick",
            BanKind::Key => "key",
            BanKind::Addr => "addr",
        }
    }

    pub fn from_word(w: &str) -> Option<BanKind> {
        BanKind::ALL.into_iter().find(|k| k.word() == w)
    }
}

/// One connected session as an admin sees it: who, from where, and where in the server
/// (never what is on a board).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct AdminSession {
    /// The lobby's number for the session (keeps a selection on the same row).
    pub session: u64,
    pub nick: String,
    pub guest: bool,
    /// `SHA256:...` of the key it logged in with; `None` for a guest.
    pub key: Option<String>,
    pub addr: Option<std::net::IpAddr>,
    /// Lobby (idle or seeking), playing game N, watching game N.
    pub status: PlayerStatus,
}

/// One stored ban.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct AdminBan {
    pub kind: BanKind,
    pub value: String,
    pub reason: String,
    /// The banning admin's key fingerprint.
    pub by: String,
    /// Unix seconds.
    pub at: u64,
}

/// What the admin screen shows: every session online and every ban. Text in it comes
/// from users (nicks, reasons) and is cleaned by the server before it is sent.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct AdminSnapshot {
    pub sessions: Vec<AdminSession>,
    pub bans: Vec<AdminBan>,
}

/// An admin's action, from the admin screen or from `ssh host admin ...`. An empty
/// reason means the default one.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum AdminCmd {
    /// Only fetch a fresh [`AdminSnapshot`].
    Refresh,
    /// Disconnect every session of a nickname.
    Kick {
        nick: String,
        reason: String,
    },
    /// Store a ban and disconnect the sessions it matches.
    Ban {
        kind: BanKind,
        value: String,
        reason: String,
    },
    Unban {
        kind: BanKind,
        value: String,
    },
    /// A notice to every session.
    Broadcast(String),
    /// Create, edit, start or cancel a tournament.
    Tournament(TournamentOrder),
}

/// What the server tells a player (a refusal, a challenge received, a result told in the
/// lobby): data, not words. The session that shows it renders it in its player's language
/// ([`Notice::text`]) from the catalogs' `server.ftl` (`notice-…`, `refusal-…`); the lobby
/// and the games send the same cheap value to every session whatever its language.
/// `Display` is the English text (logs, tests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// A message id; `""` for text shown as it is ([`Notice::plain`]).
    id: &'static str,
    args: Vec<(&'static str, NoticeArg)>,
    /// How the line mode tells it.
    in_lines: InLines,
}

/// How the line mode ([`LineApp`](crate::ui::line::LineApp)) tells a [`Notice`]: set where
/// the notice is made, so the line mode asks the notice rather than knowing its ids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InLines {
    /// Its text, as the screens show it.
    #[default]
    AsIs,
    /// Not at all: the line mode says it in its own words already (a challenge's line
    /// comes with the challenges list; `decline` answers itself).
    Silent,
    /// As the line mode's own message of this id, with the notice's arguments.
    Own(&'static str),
}

/// An argument of a [`Notice`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoticeArg {
    /// Inserted as it is (a nick, a tournament's name, a player's own words).
    Text(String),
    /// A number (selects the plural form).
    Num(i64),
    /// A message id, shown in the notice's language (`variant-classic`, `color-red`).
    Msg(&'static str),
    /// Another notice, in the same language (a reason inside a sentence).
    Notice(Box<Notice>),
}

/// A notice as it crosses the bus between a core and its edges (`crate::bus`). Its message
/// ids and argument names are `&'static str` (the catalogs' ids, written in the code); read
/// back, each distinct text is kept once for the life of the process ([`intern`]). The bus
/// is trusted (only our own processes speak on it) and the ids are the catalogs' few
/// hundred; past [`INTERNED_MAX`] distinct texts a new one is refused, so a faulty peer
/// cannot grow this without bound.
#[derive(Serialize, Deserialize)]
struct NoticeWire {
    id: String,
    args: Vec<(String, ArgWire)>,
    lines: LinesWire,
}

#[derive(Serialize, Deserialize)]
enum ArgWire {
    Text(String),
    Num(i64),
    Msg(String),
    Notice(Box<NoticeWire>),
}

#[derive(Serialize, Deserialize)]
enum LinesWire {
    AsIs,
    Silent,
    Own(String),
}

/// Most distinct notice ids and argument names a process takes from the bus.
pub const INTERNED_MAX: usize = 4096;

/// `s` as a text that lives as long as the process, kept once; `None` past
/// [`INTERNED_MAX`] distinct texts.
fn intern(s: &str) -> Option<&'static str> {
    use std::collections::HashSet;
    use std::sync::Mutex;
    static TEXTS: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
    let mut g = TEXTS.lock().unwrap_or_else(|e| e.into_inner());
    let set = g.get_or_insert_with(HashSet::new);
    if let Some(k) = set.get(s) {
        return Some(k);
    }
    if set.len() >= INTERNED_MAX {
        return None;
    }
    let k: &'static str = Box::leak(s.to_string().into_boxed_str());
    set.insert(k);
    Some(k)
}

impl NoticeWire {
    fn of(n: &Notice) -> NoticeWire {
        NoticeWire {
            id: n.id.to_string(),
            args: n
                .args
                .iter()
                .map(|(k, a)| {
                    let a = match a {
                        NoticeArg::Text(t) => ArgWire::Text(t.clone()),
                        NoticeArg::Num(n) => ArgWire::Num(*n),
                        NoticeArg::Msg(m) => ArgWire::Msg(m.to_string()),
                        NoticeArg::Notice(n) => ArgWire::Notice(Box::new(NoticeWire::of(n))),
                    };
                    (k.to_string(), a)
                })
                .collect(),
            lines: match n.in_lines {
                InLines::AsIs => LinesWire::AsIs,
                InLines::Silent => LinesWire::Silent,
                InLines::Own(id) => LinesWire::Own(id.to_string()),
            },
        }
    }

    fn notice(self) -> Option<Notice> {
        let mut args = Vec::with_capacity(self.args.len());
        for (k, a) in self.args {
            let a = match a {
                ArgWire::Text(t) => NoticeArg::Text(t),
                ArgWire::Num(n) => NoticeArg::Num(n),
                ArgWire::Msg(m) => NoticeArg::Msg(intern(&m)?),
                ArgWire::Notice(n) => NoticeArg::Notice(Box::new(n.notice()?)),
            };
            args.push((intern(&k)?, a));
        }
        Some(Notice {
            id: intern(&self.id)?,
            args,
            in_lines: match self.lines {
                LinesWire::AsIs => InLines::AsIs,
                LinesWire::Silent => InLines::Silent,
                LinesWire::Own(id) => InLines::Own(intern(&id)?),
            },
        })
    }
}

impl Serialize for Notice {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        NoticeWire::of(self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Notice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Notice, D::Error> {
        NoticeWire::deserialize(d)?
            .notice()
            .ok_or_else(|| serde::de::Error::custom("too many distinct notice ids"))
    }
}

impl From<String> for NoticeArg {
    fn from(s: String) -> Self {
        NoticeArg::Text(s)
    }
}

impl From<&str> for NoticeArg {
    fn from(s: &str) -> Self {
        NoticeArg::Text(s.to_string())
    }
}

impl From<&String> for NoticeArg {
    fn from(s: &String) -> Self {
        NoticeArg::Text(s.clone())
    }
}

macro_rules! notice_arg_num {
    ($($t:ty)*) => {$(
        impl From<$t> for NoticeArg {
            fn from(n: $t) -> Self {
                NoticeArg::Num(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
notice_arg_num!(u8 u16 u32 u64 usize i32 i64);

impl From<Notice> for NoticeArg {
    fn from(n: Notice) -> Self {
        NoticeArg::Notice(Box::new(n))
    }
}

impl Notice {
    /// What a banned player or address is told: the ban's reason (one line, cut), or that
    /// none was given.
    pub fn banned(reason: &str) -> Notice {
        let reason = crate::text::clean_line(reason, 200);
        match reason.is_empty() {
            true => Notice::new("notice-banned-no-reason"),
            false => Notice::new("notice-banned").arg("reason", reason),
        }
    }

    /// Message `id` of the catalogs (add its arguments with [`Notice::arg`]).
    pub fn new(id: &'static str) -> Notice {
        Notice {
            id,
            args: vec![],
            in_lines: InLines::AsIs,
        }
    }

    /// Text shown as it is, in every language (an admin's own words, a line a player
    /// typed, text that is already in the player's language).
    pub fn plain(text: impl Into<String>) -> Notice {
        Notice {
            id: "",
            args: vec![("text", NoticeArg::Text(text.into()))],
            in_lines: InLines::AsIs,
        }
    }

    /// With the named argument `name`.
    pub fn arg(mut self, name: &'static str, value: impl Into<NoticeArg>) -> Notice {
        self.args.push((name, value.into()));
        self
    }

    /// Told in the line mode as `how` says (see [`InLines`]).
    pub fn in_lines(mut self, how: InLines) -> Notice {
        self.in_lines = how;
        self
    }

    /// How the line mode tells it.
    pub fn lines_kind(&self) -> InLines {
        self.in_lines
    }

    /// Its message id (`""` for plain text).
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// Its text argument `name`, if it has one.
    pub fn text_arg(&self, name: &str) -> Option<&str> {
        self.args.iter().find_map(|(n, v)| match v {
            NoticeArg::Text(t) if *n == name => Some(t.as_str()),
            _ => None,
        })
    }

    /// The notice in `lang`.
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        self.text_as(self.id, lang)
    }

    /// Message `id` (of the same arguments) in `lang`: the line mode's own words for it.
    pub fn text_as(&self, id: &'static str, lang: crate::i18n::Lang) -> String {
        use crate::i18n::{FluentArgs, FluentValue};
        if id.is_empty() {
            return match self.args.first() {
                Some((_, NoticeArg::Text(t))) => t.clone(),
                _ => String::new(),
            };
        }
        let mut args = FluentArgs::new();
        for (name, value) in &self.args {
            let v: FluentValue = match value {
                NoticeArg::Text(t) => FluentValue::from(t.clone()),
                NoticeArg::Num(n) => FluentValue::from(*n),
                NoticeArg::Msg(id) => FluentValue::from(crate::i18n::tr(lang, id)),
                NoticeArg::Notice(n) => FluentValue::from(n.text(lang)),
            };
            args.set(*name, v);
        }
        crate::i18n::tr_args(lang, id, &args)
    }
}

/// English.
impl std::fmt::Display for Notice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(crate::i18n::Lang::En))
    }
}

impl From<String> for Notice {
    fn from(s: String) -> Notice {
        Notice::plain(s)
    }
}

impl From<&str> for Notice {
    fn from(s: &str) -> Notice {
        Notice::plain(s)
    }
}

/// The notice that a game of the player's is open in another terminal of theirs (press r
/// on the screens, `watch N` in lines, to take it here): one text for both.
pub fn seat_elsewhere_notice(game: GameId) -> Notice {
    Notice::new("notice-seat-elsewhere").arg("game", game)
}

/// A challenge made to the player, from `nick`: the screens show it; the line mode says
/// it with the challenges list (`Msg::Challenges`), so not again.
pub fn challenge_notice(nick: &str, terms: &GameTerms, private: bool) -> Notice {
    let n = match (terms.days, terms.clock) {
        // A correspondence game: its days a move where a clock would be.
        (Some(days), _) => Notice::new("notice-challenge-clock").arg(
            "clock",
            match terms.budget {
                None => Notice::new("lobby-seek-days").arg("days", i64::from(days)),
                Some(b) => Notice::new("lobby-seek-days-budget")
                    .arg("days", i64::from(days))
                    .arg("budget", i64::from(b)),
            },
        ),
        (None, Some(c)) => Notice::new("notice-challenge-clock").arg("clock", c.to_string()),
        (None, None) => Notice::new("notice-challenge"),
    };
    n.arg("nick", nick)
        .arg("variant", variant_msg(terms.rules.variant))
        .arg(
            "rated",
            match (private, terms.rated) {
                (true, _) => "private",
                (false, true) => "rated",
                (false, false) => "casual",
            },
        )
        .in_lines(InLines::Silent)
}

/// The player declined `nick`'s challenge (the line mode's `decline` said so already).
pub fn you_declined_notice(nick: &str) -> Notice {
    Notice::new("notice-you-declined")
        .arg("nick", nick)
        .in_lines(InLines::Silent)
}

/// A set-up is kept under `name` (the store's answer to saving it; the line mode's `save`
/// is told by it, in its own words).
pub fn setup_saved_notice(name: &str) -> Notice {
    Notice::new("notice-setup-saved")
        .arg("name", name)
        .in_lines(InLines::Own("line-saved"))
}

/// Why a move is illegal, as a notice (`game.ftl`'s `game-illegal-…`): the rules give the
/// reason as data ([`IllegalReason`](crate::rules::IllegalReason)), the catalogs word it;
/// the screens and the server's refusal say the same sentence.
pub fn illegal_notice(r: crate::rules::IllegalReason) -> Notice {
    use crate::rules::IllegalReason::*;
    let at =
        |id: &'static str, s: crate::rules::Square| Notice::new(id).arg("square", s.to_string());
    let ranked = |id: &'static str, r: crate::rules::Rank| {
        Notice::new(id)
            .arg("rank", rank_key(r))
            .arg("name", NoticeArg::Msg(rank_id(r)))
    };
    match r {
        GameOver => Notice::new("game-illegal-game-over"),
        NotYourTurn => Notice::new("game-illegal-not-your-turn"),
        NoPiece(s) => at("game-illegal-no-piece", s),
        NotYourPiece(s) => at("game-illegal-not-your-piece", s),
        NeverMoves(r) => ranked("game-illegal-never-moves", r),
        SameSquare => Notice::new("game-illegal-same-square"),
        Lake(s) => at("game-illegal-lake", s),
        Diagonal => Notice::new("game-illegal-diagonal"),
        OnlyScoutsRun => Notice::new("game-illegal-only-scouts-run"),
        ScoutCrossesLake => Notice::new("game-illegal-scout-crosses-lake"),
        ScoutBlocked => Notice::new("game-illegal-scout-blocked"),
        OwnPiece(s) => at("game-illegal-own-piece", s),
        TwoSquareRule { squares, times } => Notice::new("game-illegal-two-square")
            .arg("a", squares.0.min(squares.1).to_string())
            .arg("b", squares.0.max(squares.1).to_string())
            .arg("times", times),
        MoreSquaresRule => Notice::new("game-illegal-more-squares"),
        RescueNotPlayed => Notice::new("game-illegal-rescue-not-played"),
        RescueNotOnBackRow => Notice::new("game-illegal-rescue-not-on-back-row"),
        RescueByAttack => Notice::new("game-illegal-rescue-by-attack"),
        ScoutRescue => Notice::new("game-illegal-scout-rescue"),
        BombRescue => Notice::new("game-illegal-bomb-rescue"),
        TwoRescuesMade => Notice::new("game-illegal-two-rescues"),
        RescuerAgain => Notice::new("game-illegal-rescuer-again"),
        NoneCaptured(r) => ranked("game-illegal-none-captured", r),
        RescueSquare(s) => at("game-illegal-rescue-square", s),
    }
}

/// Why a note was refused, as a notice (`server.ftl`'s `refusal-note-…`).
pub fn note_refusal(e: NoteError, square: Square) -> Notice {
    let id = match e {
        NoteError::NotAPlayer => "refusal-note-spectator",
        NoteError::NotInPlay => "refusal-note-not-in-play",
        NoteError::Empty => "refusal-note-empty",
        NoteError::OwnPiece => "refusal-note-own",
        NoteError::Revealed => "refusal-note-revealed",
        NoteError::NoNote => "refusal-note-none",
        NoteError::TooMany => "refusal-note-too-many",
    };
    Notice::new(id).arg("square", square.to_string())
}

/// A note's guess in words, in `lang` (`Bomb?`, `General or Colonel?`, `not a Bomb`):
/// for the line mode, the help of the screens and the board in the browser.
pub fn guess_words(lang: crate::i18n::Lang, guess: &Guess) -> String {
    use crate::i18n::tr;
    let name = |r: &crate::rules::Rank| tr(lang, rank_id(*r));
    match guess {
        Guess::Ranks(rs) => match rs.as_slice() {
            [a] => crate::t!(lang, "note-guess-one", a = name(a)),
            [a, b] => crate::t!(lang, "note-guess-two", a = name(a), b = name(b)),
            [a, b, c, ..] => crate::t!(
                lang,
                "note-guess-three",
                a = name(a),
                b = name(b),
                c = name(c)
            ),
            [] => String::new(),
        },
        Guess::NotBomb => tr(lang, "note-guess-not-bomb"),
        Guess::Moved => tr(lang, "note-guess-moved"),
    }
}

/// A rank's key in the catalogs' selectors (`marshal`, `bomb`).
pub fn rank_key(r: crate::rules::Rank) -> &'static str {
    use crate::rules::Rank;
    match r {
        Rank::Marshal => "marshal",
        Rank::General => "general",
        Rank::Colonel => "colonel",
        Rank::Major => "major",
        Rank::Captain => "captain",
        Rank::Lieutenant => "lieutenant",
        Rank::Sergeant => "sergeant",
        Rank::Miner => "miner",
        Rank::Scout => "scout",
        Rank::Spy => "spy",
        Rank::Bomb => "bomb",
        Rank::Flag => "flag",
    }
}

/// A rank's name's message id (`core.ftl`'s `rank-…`).
pub fn rank_id(r: crate::rules::Rank) -> &'static str {
    use crate::rules::Rank;
    match r {
        Rank::Marshal => "rank-marshal",
        Rank::General => "rank-general",
        Rank::Colonel => "rank-colonel",
        Rank::Major => "rank-major",
        Rank::Captain => "rank-captain",
        Rank::Lieutenant => "rank-lieutenant",
        Rank::Sergeant => "rank-sergeant",
        Rank::Miner => "rank-miner",
        Rank::Scout => "rank-scout",
        Rank::Spy => "rank-spy",
        Rank::Bomb => "rank-bomb",
        Rank::Flag => "rank-flag",
    }
}

/// A variant's message id (`core.ftl`'s `variant-…`): the screens' and the notices' name
/// for it.
pub fn variant_id(v: Variant) -> &'static str {
    match v {
        Variant::Classic => "variant-classic",
        Variant::Duel => "variant-duel",
        Variant::Barrage => "variant-barrage",
    }
}

/// A side's message id (`core.ftl`'s `color-…`).
pub fn color_id(c: Color) -> &'static str {
    match c {
        Color::Red => "color-red",
        Color::Blue => "color-blue",
    }
}

/// How a game ended, its message id (`core.ftl`'s `end-…`).
pub fn end_id(r: crate::rules::EndReason) -> &'static str {
    use crate::rules::EndReason;
    match r {
        EndReason::FlagCaptured => "end-flag-captured",
        EndReason::NoMovablePieces => "end-no-movable-pieces",
        EndReason::NoLegalMove => "end-no-legal-move",
        EndReason::BothCannotMove => "end-both-cannot-move",
        EndReason::MoveCap => "end-move-cap",
        EndReason::Resignation => "end-resignation",
        EndReason::DrawAgreed => "end-draw-agreed",
        EndReason::Time => "end-time",
        EndReason::Abandonment => "end-abandonment",
        EndReason::Aborted => "end-aborted",
    }
}

/// A variant's name as a notice's argument.
pub fn variant_msg(v: Variant) -> NoticeArg {
    NoticeArg::Msg(variant_id(v))
}

/// A side's name as a notice's argument.
pub fn color_msg(c: Color) -> NoticeArg {
    NoticeArg::Msg(color_id(c))
}

/// How a game ended as a notice's argument.
pub fn end_msg(r: crate::rules::EndReason) -> NoticeArg {
    NoticeArg::Msg(end_id(r))
}

/// What an admin action did: a line to show, and whether it worked.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct AdminResult {
    pub text: String,
    pub ok: bool,
}

/// Why `text::clean_nick` refused a name, as a notice (`server.ftl`'s `refusal-nick-…`):
/// what the server answers a rename and what the name card says before asking.
pub fn nick_refusal(e: &crate::text::NickError) -> Notice {
    use crate::text::NickError;
    let rule = || Notice::new("refusal-nick-rule");
    match e {
        NickError::Empty => Notice::new("refusal-nick-empty").arg("rule", rule()),
        NickError::TooShort => Notice::new("refusal-nick-short").arg("rule", rule()),
        NickError::TooLong => Notice::new("refusal-nick-long").arg("rule", rule()),
        NickError::BadChar(c) => {
            let shown = if c.is_control() || c.is_whitespace() {
                format!("U+{:04X}", *c as u32)
            } else {
                format!("'{c}'")
            };
            Notice::new("refusal-nick-char")
                .arg("char", shown)
                .arg("rule", rule())
        }
        NickError::MustStartWithLetter => Notice::new("refusal-nick-letter").arg("rule", rule()),
        NickError::Reserved => Notice::new("refusal-nick-guest"),
        NickError::ReservedWord(w) => Notice::new("refusal-nick-reserved").arg("word", w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_ids_read_back_what_they_write() {
        for id in [
            PlayerId::Key("SHA256:abc/+=".into()),
            PlayerId::Guest("x7Kq".into()),
            PlayerId::Bot(BotLevel::Hard),
            PlayerId::Archive("Some Player".into()),
            PlayerId::Account("0123456789abcdef0123456789abcdef".into()),
        ] {
            let text = id.to_string();
            assert_eq!(text.parse::<PlayerId>().unwrap(), id);
            let json = serde_json::to_string(&id).unwrap();
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<PlayerId>(&json).unwrap(), id);
        }
        assert_eq!(
            "key:SHA256:a".parse::<PlayerId>().unwrap().fingerprint(),
            Some("SHA256:a")
        );
        for bad in ["", "key:", "SHA256:abc", "bot:grandmaster", "user:x"] {
            assert!(bad.parse::<PlayerId>().is_err(), "{bad}");
        }
    }
}
