//! The line mode (`ssh host play`): the same session as the screens, told in lines.
//!
//! [`LineApp`] takes the [`Msg`]s the screens' [`App`](super::App) takes (lobby and game
//! snapshots holding this player's view only, notices) and typed lines, and gives back
//! lines of text and the same [`Effect`]s: the session sends the same lobby and game
//! commands, so the game, its budgets and what each side may know are the screens'.
//! Each event is one self-contained line as it happens (a move, a battle in words, whose
//! turn it is, a chat line, the end of the game); [`LineApp::prompt`] says where one is.
//! No line holds a control character or is longer than [`MAX_LINE`] characters.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::dialog::{clock_words_in, level_name};
use super::setup::{sensible_fill, turned_for};
use super::vocab::{color_name, end_reason, variant_name};
use super::words::{move_sentence, parse_rank, wrap};
use super::{rank_name, Effect, Identity, Msg, Settings};
use crate::i18n::{tr, Lang};
use crate::proto::{
    BotLevel, BrowseCmd, ChatLine, ClockSpec, GameCmd, GamePhase, GameSnapshot, GameTerms, InLines,
    Leaderboard, LobbyCmd, LobbySnapshot, PlayerStatus, SavedSetup, Seek,
};
use crate::rules::{
    setup_squares, Color, Guess, NoteError, Notes, Numbering, PlayerView, Rank, Rules, Setup,
    SplitMix64, Square, Variant, ViewMove,
};
use crate::t;

/// The longest line the line mode writes, in characters (a longer one is wrapped).
pub const MAX_LINE: usize = 200;

/// Items a list command (`who`, `seeks`, `games`) writes at once; `who 2` the next ones.
/// Only the page is formatted, whatever the length of the list.
pub const LIST_PAGE: usize = 20;

/// A long line cut into lines of at most `width` characters between its items (`; `, as
/// a row of the board lists its squares), never inside one; a single item too long for a
/// line (a long chat line) is wrapped at spaces.
fn split_items(text: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = vec![];
    let mut cur = String::new();
    for item in text.split_inclusive("; ") {
        let n = cur.chars().count() + item.trim_end().chars().count();
        if !cur.is_empty() && n > width {
            out.push(cur.trim_end().to_string());
            cur.clear();
        }
        cur.push_str(item);
    }
    let mut done = vec![];
    for l in out.into_iter().chain([cur.trim_end().to_string()]) {
        if l.chars().count() <= width {
            done.push(l);
        } else {
            done.extend(wrap(&l, width));
        }
    }
    done
}

/// Where the player is: what the commands and the prompt are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Lobby,
    /// Placing pieces (before `ready`).
    Setup,
    /// Set-up sent, or the opponent's turn.
    Waiting,
    /// This player's turn.
    Move,
    Over,
}

/// What was typed: the command word (in lower case), the words after it, and all that
/// follows the word as typed (a set-up's name may hold spaces).
struct Typed<'a> {
    word: &'a str,
    args: &'a [&'a str],
    rest: &'a str,
}

/// A command of the line mode, in the one table of its mode ([`LOBBY`], [`SETUP`]) that
/// the typed word is looked up in, that `help` names, and that the grammar page
/// (docs/line-mode.md) lists: this module's tests hold the help messages and the page to
/// the table, so a command cannot be added to one without the others (as the screens'
/// keys are one table in `keymap`).
struct Command<F: 'static> {
    /// The command word, then its short forms (`who`, `w`); English in every language.
    words: &'static [&'static str],
    /// What follows the word, as the grammar page writes it (`N`, `[easy|hard]`), or "".
    args: &'static str,
    /// The help messages (Fluent ids) that list it; none for one `help` does not name
    /// (`claim` in the set-up: the game's help does).
    help: &'static [&'static str],
    /// It changes the set-up being made: once that is sent, refused.
    drafts: bool,
    run: F,
}

/// The time of day, Unix seconds (the line mode's `turn` counts a deadline down from it).
fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `2 d 5 h`, `5 h`: the time left to a correspondence deadline, in the player's language.
pub(crate) fn days_hours(lang: Lang, secs: u64) -> String {
    let (d, h) = (secs / 86_400, (secs % 86_400) / 3600);
    t!(lang, "line-days-hours", days = d, hours = h)
}

/// A lobby command's handler.
type LobbyFn = fn(&mut LineApp, &Typed<'_>) -> Vec<Effect>;
/// A set-up command's handler: the game, and the side this player sets up.
type SetupFn = fn(&mut LineApp, &GameSnapshot, Color, &Typed<'_>) -> Vec<Effect>;

/// The command of `word` (its command word or a short form) in `table`.
fn command<F>(table: &'static [Command<F>], word: &str) -> Option<&'static Command<F>> {
    table.iter().find(|c| c.words.contains(&word))
}

/// The help messages of `table`, each once, in the table's order.
fn help_ids<F>(table: &[Command<F>]) -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = vec![];
    for id in table.iter().flat_map(|c| c.help) {
        if !ids.contains(id) {
            ids.push(id);
        }
    }
    ids
}

/// The lobby's help: its first line, and the second (`And: …`).
const LOBBY_HELP: &str = "line-help-lobby";
const LOBBY_HELP_MORE: &str = "line-help-lobby-more";
/// The set-up's help while the set-up is made, and once it is sent.
const SETUP_HELP: &str = "line-help-setup";
const SETUP_SENT_HELP: &str = "line-help-setup-sent";

/// The lobby's commands, in the order `help` names them.
static LOBBY: &[Command<LobbyFn>] = &[
    Command {
        words: &["who", "w"],
        args: "",
        help: &[LOBBY_HELP],
        drafts: false,
        run: LineApp::lobby_who,
    },
    Command {
        words: &["seeks", "s"],
        args: "",
        help: &[LOBBY_HELP],
        drafts: false,
        run: LineApp::lobby_seeks,
    },
    Command {
        words: &["accept", "a"],
        args: "N",
        help: &[LOBBY_HELP],
        drafts: false,
        run: LineApp::lobby_accept,
    },
    Command {
        words: &["decline"],
        args: "N",
        help: &[LOBBY_HELP],
        drafts: false,
        run: LineApp::lobby_decline,
    },
    Command {
        words: &["seek"],
        args: "VARIANT [CLOCK] [casual|rated]",
        help: &[LOBBY_HELP],
        drafts: false,
        run: LineApp::lobby_seek,
    },
    Command {
        words: &["challenge"],
        args: "NICK [VARIANT] [CLOCK] [casual|rated] [private]",
        help: &[LOBBY_HELP],
        drafts: false,
        run: LineApp::lobby_challenge,
    },
    Command {
        words: &["cancel"],
        args: "",
        help: &[LOBBY_HELP],
        drafts: false,
        run: LineApp::lobby_cancel,
    },
    Command {
        words: &["computer", "c", "bot"],
        args: "[easy|hard]",
        help: &[LOBBY_HELP],
        drafts: false,
        run: LineApp::lobby_computer,
    },
    Command {
        words: &["games", "g"],
        args: "",
        help: &[LOBBY_HELP_MORE],
        drafts: false,
        run: LineApp::lobby_games,
    },
    Command {
        words: &["turn", "mine"],
        args: "",
        help: &[LOBBY_HELP_MORE],
        drafts: false,
        run: LineApp::lobby_turn,
    },
    Command {
        words: &["watch"],
        args: "N",
        help: &[LOBBY_HELP_MORE],
        drafts: false,
        run: LineApp::lobby_watch,
    },
    Command {
        words: &["tournaments", "events"],
        args: "",
        help: &[LOBBY_HELP_MORE],
        drafts: false,
        run: LineApp::lobby_tournaments,
    },
    Command {
        words: &["join"],
        args: "N",
        help: &[LOBBY_HELP_MORE],
        drafts: false,
        run: LineApp::lobby_tournament_entry,
    },
    Command {
        words: &["withdraw"],
        args: "N",
        help: &[LOBBY_HELP_MORE],
        drafts: false,
        run: LineApp::lobby_tournament_entry,
    },
    Command {
        words: &["analysis"],
        args: "N [all]",
        help: &[LOBBY_HELP_MORE],
        drafts: false,
        run: LineApp::lobby_analysis,
    },
    Command {
        words: &["leaderboard", "top"],
        args: "[VARIANT]",
        help: &[LOBBY_HELP_MORE],
        drafts: false,
        run: LineApp::lobby_leaderboard,
    },
    // The set-up library and explorer (issue 47 item 3).
    Command {
        words: &["setups"],
        args: "[VARIANT]",
        help: &[LOBBY_HELP_MORE],
        drafts: false,
        run: LineApp::lobby_setups,
    },
    Command {
        words: &["setup"],
        args: "NAME",
        help: &[LOBBY_HELP_MORE],
        drafts: false,
        run: LineApp::lobby_setup,
    },
    Command {
        words: &["explorer"],
        args: "[VARIANT] [mine]",
        help: &[LOBBY_HELP_MORE],
        drafts: false,
        run: LineApp::lobby_explorer,
    },
    Command {
        words: &["quit", "q", "exit"],
        args: "",
        help: &[LOBBY_HELP_MORE],
        drafts: false,
        run: LineApp::lobby_quit,
    },
];

/// The set-up's commands (`board`, `quit` and the game's other words are the game's,
/// read before these), in the order `help` names them.
static SETUP: &[Command<SetupFn>] = &[
    Command {
        words: &["show", "s"],
        args: "",
        help: &[SETUP_HELP, SETUP_SENT_HELP],
        drafts: false,
        run: LineApp::setup_show,
    },
    Command {
        words: &["row"],
        args: "N",
        help: &[SETUP_HELP, SETUP_SENT_HELP],
        drafts: false,
        run: LineApp::setup_one_row,
    },
    Command {
        words: &["swap"],
        args: "A1 B2",
        help: &[SETUP_HELP],
        drafts: true,
        run: LineApp::setup_swap,
    },
    Command {
        words: &["place"],
        args: "A1 RANK",
        help: &[SETUP_HELP],
        drafts: true,
        run: LineApp::setup_place,
    },
    Command {
        words: &["random", "r"],
        args: "",
        help: &[SETUP_HELP],
        drafts: true,
        run: LineApp::setup_random,
    },
    Command {
        words: &["setups"],
        args: "",
        help: &[SETUP_HELP, SETUP_SENT_HELP],
        drafts: false,
        run: LineApp::setup_setups,
    },
    Command {
        words: &["load"],
        args: "NAME",
        help: &[SETUP_HELP],
        drafts: true,
        run: LineApp::setup_load,
    },
    Command {
        words: &["save"],
        args: "NAME",
        help: &[SETUP_HELP, SETUP_SENT_HELP],
        drafts: false,
        run: LineApp::setup_save,
    },
    Command {
        words: &["ready", "go"],
        args: "",
        help: &[SETUP_HELP],
        drafts: true,
        run: LineApp::setup_ready,
    },
    Command {
        words: &["resign"],
        args: "",
        help: &[SETUP_HELP, SETUP_SENT_HELP],
        drafts: false,
        run: |_, _, _, _| vec![Effect::Game(GameCmd::Resign)],
    },
    // Ends the game without a result, before the first move: what leaving does in a game
    // played at one sitting, and the way to do it in a correspondence game (leaving one
    // only leaves the seat empty).
    Command {
        words: &["abort"],
        args: "",
        help: &[SETUP_HELP, SETUP_SENT_HELP],
        drafts: false,
        run: |_, _, _, _| vec![Effect::Game(GameCmd::Abort)],
    },
    Command {
        words: &["claim"],
        args: "",
        help: &[],
        drafts: false,
        run: |app, _, _, _| app.claim(),
    },
];

/// A command of the line mode as `help` and the grammar page tell it (see [`commands`]).
#[derive(Clone, Copy, Debug)]
pub struct CommandInfo {
    /// The grammar page's section of it (`Lobby`, `Set-up`).
    pub section: &'static str,
    /// The command word, then its short forms.
    pub words: &'static [&'static str],
    /// What follows the word, as the grammar page writes it, or "".
    pub args: &'static str,
    /// The help messages (Fluent ids) that name it.
    pub help: &'static [&'static str],
    /// Refused once the set-up is sent (it changes the set-up).
    pub drafts: bool,
}

/// Every command of the lobby's and the set-up's tables, as the line mode reads them:
/// what `tests/line_grammar.rs` holds the help messages and docs/line-mode.md to.
pub fn commands() -> Vec<CommandInfo> {
    fn info<F>(section: &'static str, c: &'static Command<F>) -> CommandInfo {
        CommandInfo {
            section,
            words: c.words,
            args: c.args,
            help: c.help,
            drafts: c.drafts,
        }
    }
    let lobby = LOBBY.iter().map(|c| info("Lobby", c));
    lobby
        .chain(SETUP.iter().map(|c| info("Set-up", c)))
        .collect()
}

/// The line mode of one session.
pub struct LineApp {
    me: Identity,
    /// The player's settings: the language and numbering the lines use, and the screens'
    /// others, kept for a switch back to the screens.
    settings: Settings,
    lobby: Arc<LobbySnapshot>,
    /// Whether a lobby snapshot came already (the first one's chat and seeks are history).
    lobby_seen: bool,
    /// The correspondence games waiting for this player's move or set-up (by identity,
    /// as the lobby sent them), those last told (id, ply, set-up), and whether a list came
    /// yet (`tell_turns`).
    waiting: Vec<crate::proto::WaitingGame>,
    turns_told: Vec<(u64, u32, bool)>,
    turns_seen: bool,
    /// The correspondence game this session last left: `watch N` takes it back even before
    /// the lobby's list shows it again.
    left_corr: Option<u64>,
    challenges: Vec<Seek>,
    /// The lobby as published to everyone, and this player's private games (added to it
    /// in `lobby`).
    shared: Arc<LobbySnapshot>,
    private_games: Vec<crate::proto::GameSummary>,
    /// The seeks as `seeks` last listed them (what `accept N` counts in).
    listed: Vec<Seek>,
    game: Option<Arc<GameSnapshot>>,
    game_at: Option<Instant>,
    /// The set-up being prepared (set-up phase, before `ready`).
    draft: Option<Setup>,
    /// My game in progress, shown on another terminal of mine: `watch N` takes it here.
    elsewhere: Option<u64>,
    /// Moves of the game's history told already.
    told_moves: usize,
    /// Chat lines of the game told already.
    told_chat: usize,
    /// The ply whose "your turn" was told.
    told_turn: Option<u32>,
    told_over: bool,
    told_play: bool,
    told_ready: bool,
    /// The draw offer last told, and the ply it stood at.
    told_draw: Option<(Color, u32)>,
    /// The opponent's rematch request was told.
    told_rematch: bool,
    /// The opponent was told gone (their connection lost, or they left the game).
    told_gone: bool,
    /// Their time to come back ran out, and `claim` was offered.
    told_claimable: bool,
    /// This player's saved set-ups (all variants), as the session last sent them.
    saved: Vec<SavedSetup>,
    /// A `leaderboard` was asked for and its answer not told yet.
    asked_leaders: bool,
    /// The finished game whose analysis `analysis N` asked for, and whether every ply
    /// (`all`) or the mistakes only.
    asked_analysis: Option<(crate::proto::GameId, bool)>,
    /// The set-up library's statistics were asked for (`setups`: `None`; `setup NAME`:
    /// the name) and not told yet.
    asked_setups: Option<Option<String>>,
    /// The set-up explorer was asked for (`explorer`) and not told yet.
    asked_explorer: bool,
    rng: SplitMix64,
    out: Vec<String>,
}

/// The longest name a set-up is saved under (as the set-up screen's name field).
const SETUP_NAME_MAX: usize = 30;

/// At most this many rows of a leaderboard are told.
const LEADERS_MAX: usize = 20;

impl LineApp {
    /// `seed` must be unpredictable (the session draws it from the operating system).
    pub fn new(me: Identity, lang: Lang, numbering: Numbering, seed: u64) -> LineApp {
        let settings = Settings {
            lang,
            numbering,
            ..Settings::default()
        };
        LineApp::with_settings(me, settings, seed)
    }

    /// In `settings`' language and numbering, keeping the rest for the screens (see
    /// [`settings`](Self::settings)).
    pub fn with_settings(me: Identity, settings: Settings, seed: u64) -> LineApp {
        LineApp {
            me,
            settings,
            lobby: Arc::new(LobbySnapshot::default()),
            lobby_seen: false,
            waiting: Vec::new(),
            turns_told: Vec::new(),
            turns_seen: false,
            left_corr: None,
            challenges: vec![],
            shared: Arc::new(LobbySnapshot::default()),
            private_games: vec![],
            listed: vec![],
            game: None,
            game_at: None,
            draft: None,
            elsewhere: None,
            told_moves: 0,
            told_chat: 0,
            told_turn: None,
            told_over: false,
            told_play: false,
            told_ready: false,
            told_draw: None,
            told_rematch: false,
            told_gone: false,
            told_claimable: false,
            saved: vec![],
            asked_leaders: false,
            asked_analysis: None,
            asked_setups: None,
            asked_explorer: false,
            rng: SplitMix64(seed),
            out: vec![],
        }
    }

    pub fn lang(&self) -> Lang {
        self.settings.lang
    }

    /// The player's settings, as the line mode was started with them (it does not change
    /// them): the screens start with them after a switch.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The player's saved set-ups, as the session last sent them.
    pub fn saved_setups(&self) -> &[SavedSetup] {
        &self.saved
    }

    /// The lines written since the last call, each at most [`MAX_LINE`] characters, with
    /// no control character.
    pub fn take_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.out)
    }

    /// How many lines are written and not taken yet (the session charges a typed command
    /// by the lines it wrote).
    pub fn pending_lines(&self) -> usize {
        self.out.len()
    }

    /// The page of a list a command asks for (`who 2`): its first item's index, and the
    /// page's number; a word that is no page number is page 1.
    fn page(args: &[&str]) -> (usize, usize) {
        let page = args
            .first()
            .and_then(|a| a.parse::<usize>().ok())
            .filter(|&p| p >= 1)
            .unwrap_or(1)
            .min(1 << 20);
        ((page - 1) * LIST_PAGE, page)
    }

    /// One page of a list command (`who`, `seeks`, `games`, `tournaments`; `who 2` the
    /// next): the items of the page `args` asks for, at most [`LIST_PAGE`] and only they
    /// formatted (by `line`, with the item's index in the list), then, when more follow,
    /// how to read the next page.
    fn list_page<T>(
        &mut self,
        command: &str,
        args: &[&str],
        total: usize,
        items: impl Iterator<Item = T>,
        line: impl Fn(&Self, usize, T) -> String,
    ) {
        let (from, page) = Self::page(args);
        let shown: Vec<String> = items
            .enumerate()
            .skip(from)
            .take(LIST_PAGE)
            .map(|(i, x)| line(self, i, x))
            .collect();
        for l in shown {
            self.say(l);
        }
        let shown_to = (from + LIST_PAGE).min(total);
        if shown_to < total {
            let line = t!(
                self.settings.lang,
                "line-list-more",
                count = total - shown_to,
                command = command,
                page = page + 1
            );
            self.say(line);
        }
    }

    /// Where the player is now.
    pub fn mode(&self) -> Mode {
        let Some(g) = &self.game else {
            return Mode::Lobby;
        };
        match g.phase {
            GamePhase::Setup if self.draft.is_some() && g.my_setup.is_none() => Mode::Setup,
            GamePhase::Setup => Mode::Waiting,
            GamePhase::Playing => {
                let mine = g
                    .view
                    .as_ref()
                    .is_some_and(|v| Some(v.to_move) == g.my_color);
                if mine {
                    Mode::Move
                } else {
                    Mode::Waiting
                }
            }
            GamePhase::Over => Mode::Over,
        }
    }

    /// The prompt for the mode (`lobby> `, `your move> `).
    pub fn prompt(&self) -> String {
        let id = match self.mode() {
            Mode::Lobby => "line-prompt-lobby",
            Mode::Setup => "line-prompt-setup",
            Mode::Waiting => "line-prompt-wait",
            Mode::Move => "line-prompt-move",
            Mode::Over => "line-prompt-over",
        };
        format!("{} ", tr(self.settings.lang, id))
    }

    /// Writes a line (control characters dropped, a long one wrapped).
    fn say(&mut self, text: impl AsRef<str>) {
        for part in text.as_ref().split('\n') {
            let clean: String = part.chars().filter(|c| !c.is_control()).collect();
            if clean.chars().count() <= MAX_LINE {
                self.out.push(clean);
            } else {
                self.out.extend(split_items(&clean, MAX_LINE));
            }
        }
    }

    /// Written when the session starts.
    pub fn welcome(&mut self) {
        let line = t!(
            self.settings.lang,
            "line-welcome",
            nick = self.me.nick.clone()
        );
        self.say(line);
    }

    /// A message from the session; the lines it makes are in [`take_lines`](Self::take_lines).
    pub fn update(&mut self, msg: Msg) -> Vec<Effect> {
        match msg {
            Msg::Lobby(snap) => {
                self.shared = snap;
                self.on_lobby(self.with_private_games());
            }
            Msg::PrivateGames(list) => {
                self.private_games = list;
                self.lobby = self.with_private_games();
            }
            Msg::Waiting(list) => {
                self.waiting = list;
                self.tell_turns();
            }
            Msg::Game { snap, at } => return self.on_game(snap, at),
            Msg::GameClosed => {
                if self.game.take().is_some() {
                    self.say(tr(self.settings.lang, "line-back-in-lobby"));
                }
                self.draft = None;
            }
            Msg::Challenges(list) => self.on_challenges(list),
            Msg::SavedSetups(list) => self.saved = list,
            Msg::Leaderboard(board) => self.on_leaderboard(board),
            Msg::Replay(snap) => self.on_analysis(&snap),
            Msg::Notice(n) | Msg::LastingNotice(n) => match n.lines_kind() {
                InLines::AsIs => self.say(n.text(self.settings.lang)),
                InLines::Silent => {}
                InLines::Own(id) => self.say(n.text_as(id, self.settings.lang)),
            },
            Msg::SeatElsewhere(game) => {
                self.elsewhere = Some(game);
                let text = crate::proto::seat_elsewhere_notice(game).text(self.settings.lang);
                self.say(text);
            }
            Msg::Tick(now) => self.tell_presence(now),
            Msg::AdminResult(r) => self.say(r.text),
            Msg::Renamed(Ok(nick)) => self.me.nick = nick,
            Msg::Renamed(Err(why)) => self.say(why),
            Msg::SetupStats(st) => self.on_setup_stats(st),
            Msg::Explorer(e) => self.on_explorer(e),
            // Keys, sizes, ticks and the browse pages are the screens'.
            _ => {}
        }
        vec![]
    }

    /// A correspondence game that became this player's move since the list was last sent
    /// gets a line (while in the lobby; the first list is the login notice's to tell).
    fn tell_turns(&mut self) {
        let now: Vec<(u64, u32, bool)> = self
            .waiting
            .iter()
            .map(|w| (w.id, w.ply, w.setup))
            .collect();
        let fresh: Vec<u64> = now
            .iter()
            .filter(|t| !self.turns_told.contains(t))
            .map(|t| t.0)
            .collect();
        let first = !self.turns_seen;
        self.turns_seen = true;
        self.turns_told = now;
        if first || self.game.is_some() {
            return;
        }
        for id in fresh {
            let line = t!(self.settings.lang, "line-turn-new", game = id);
            self.say(line);
        }
    }

    fn on_lobby(&mut self, snap: Arc<LobbySnapshot>) {
        if self.lobby_seen {
            // New chat lines: those after the longest end of the old list that starts the new.
            let old = &self.lobby.chat;
            let overlap = (0..=old.len().min(snap.chat.len()))
                .rev()
                .find(|&k| old[old.len() - k..] == snap.chat[..k])
                .unwrap_or(0);
            let fresh: Vec<ChatLine> = snap.chat[overlap..].to_vec();
            let posted: Vec<Seek> = snap
                .seeks
                .iter()
                .filter(|s| {
                    s.owner != self.me.nick && !self.lobby.seeks.iter().any(|o| o.id == s.id)
                })
                .cloned()
                .collect();
            if self.game.is_none() {
                for c in fresh {
                    self.chat_line(&c);
                }
                for s in posted {
                    let line = t!(
                        self.settings.lang,
                        "line-seek-new",
                        nick = s.owner.clone(),
                        variant = variant_name(self.settings.lang, s.terms.rules.variant),
                        clock = self.terms_clock_words(&s.terms),
                    );
                    self.say(line);
                }
            }
        }
        self.lobby_seen = true;
        self.lobby = snap;
    }

    /// The shared lobby with this player's private games.
    fn with_private_games(&self) -> Arc<LobbySnapshot> {
        if self.private_games.is_empty() {
            return self.shared.clone();
        }
        let mut l = (*self.shared).clone();
        super::with_private_games(&mut l, &self.private_games);
        Arc::new(l)
    }

    fn chat_line(&mut self, c: &ChatLine) {
        let line = t!(
            self.settings.lang,
            "line-chat",
            nick = c.from.clone(),
            text = c.text.clone()
        );
        self.say(line);
    }

    /// Whether `s` is a challenge made to this player.
    fn to_me(&self, s: &Seek) -> bool {
        s.owner != self.me.nick
            && s.private_to
                .as_deref()
                .is_some_and(|n| n.to_lowercase() == self.me.nick.to_lowercase())
    }

    fn on_challenges(&mut self, list: Vec<Seek>) {
        let fresh: Vec<Seek> = list
            .iter()
            .filter(|s| self.to_me(s) && !self.challenges.iter().any(|o| o.id == s.id))
            .cloned()
            .collect();
        for s in fresh {
            let line = t!(
                self.settings.lang,
                "line-challenge-new",
                nick = s.owner.clone(),
                variant = variant_name(self.settings.lang, s.terms.rules.variant),
                clock = self.terms_clock_words(&s.terms),
                rated = rated_word(&s),
            );
            self.say(line);
        }
        self.challenges = list;
    }

    /// The answer to `analysis N`: where the analysis stands, or the mistakes (every ply
    /// with `all`) as the mover knew it and with hindsight, then the mistakes counted.
    fn on_analysis(&mut self, snap: &crate::proto::ReplaySnapshot) {
        use crate::proto::AnalysisStatus as A;
        use crate::rules::analysis::{BLUNDER, MISTAKE};
        let Some((id, all)) = self.asked_analysis.take_if(|(id, _)| *id == snap.id) else {
            return;
        };
        let lang = self.settings.lang;
        let a = match snap.analysis.as_deref() {
            Some(A::Ready(a)) => a,
            Some(A::Waiting { ahead }) => {
                return self.say(t!(lang, "exec-analysis-waiting", id = id, ahead = *ahead))
            }
            Some(A::Running) => return self.say(t!(lang, "exec-analysis-running", id = id)),
            Some(A::Full) => return self.say(tr(lang, "exec-analysis-full")),
            Some(A::Off) | None => return self.say(tr(lang, "exec-analysis-off")),
        };
        self.say(t!(
            lang,
            "line-analysis-head",
            id = id,
            red = snap.red.clone(),
            blue = snap.blue.clone(),
            mistake = MISTAKE,
            blunder = BLUNDER
        ));
        let judged = |j: Option<crate::rules::Judgement>| match j {
            Some(j) => t!(
                lang,
                "line-analysis-judged",
                best = format!("{}-{}", j.best.from, j.best.to),
                before = format!("{:+}", j.before),
                after = format!("{:+}", j.after),
                mark = if j.mark().is_empty() {
                    String::new()
                } else {
                    format!(" {}", j.mark())
                }
            ),
            None => tr(lang, "replay-analysis-only"),
        };
        for (i, p) in a.plies.iter().enumerate() {
            if !all && !p.is_mistake() {
                continue;
            }
            let line = t!(
                lang,
                "line-analysis-ply",
                ply = i + 1,
                color = color_name(lang, p.mover),
                played = format!("{}-{}", p.played.from, p.played.to),
                seen = judged(p.seen),
                hindsight = judged(p.hindsight)
            );
            self.say(line);
        }
        let (seen, hind) = a.mistakes();
        self.say(t!(
            lang,
            "exec-analysis-mistakes",
            red_seen = seen[0],
            blue_seen = seen[1],
            red_hindsight = hind[0],
            blue_hindsight = hind[1]
        ));
    }

    fn on_leaderboard(&mut self, board: Leaderboard) {
        if !std::mem::take(&mut self.asked_leaders) {
            return;
        }
        let lang = self.settings.lang;
        let variant = variant_name(lang, board.variant);
        if board.rows.is_empty() {
            self.say(t!(lang, "line-leaders-none", variant = variant));
            return;
        }
        self.say(t!(lang, "line-leaders-head", variant = variant));
        for r in board.rows.iter().take(LEADERS_MAX) {
            self.say(t!(
                lang,
                "line-leaders-row",
                rank = r.rank,
                nick = r.nick.clone(),
                rating = r.rating,
                games = r.games
            ));
        }
    }

    /// The clock of a game's terms in words: its clock, or days a move.
    fn terms_clock_words(&self, terms: &GameTerms) -> String {
        match terms.days {
            Some(days) => super::vocab::days_words(self.settings.lang, days, terms.budget),
            None => self.clock_words(terms.clock),
        }
    }

    fn clock_words(&self, c: Option<ClockSpec>) -> String {
        match c {
            Some(c) => clock_words_in(self.settings.lang, &c.to_string()),
            None => clock_words_in(self.settings.lang, "none"),
        }
    }

    fn nick_of(&self, g: &GameSnapshot, c: Color) -> String {
        g.seats.get(c).nick.clone()
    }

    fn on_game(&mut self, snap: Arc<GameSnapshot>, at: Instant) -> Vec<Effect> {
        let lang = self.settings.lang;
        let new_game = self.game.as_ref().is_none_or(|g| g.id != snap.id);
        if new_game {
            self.told_moves = 0;
            self.told_chat = 0;
            self.told_turn = None;
            self.told_over = false;
            self.told_play = false;
            self.told_ready = false;
            self.told_draw = None;
            self.told_rematch = false;
            self.told_gone = false;
            self.told_claimable = false;
            self.draft = None;
            let (red, blue) = (
                self.nick_of(&snap, Color::Red),
                self.nick_of(&snap, Color::Blue),
            );
            let line = match snap.my_color {
                Some(c) => t!(
                    lang,
                    "line-game-start",
                    game = snap.id,
                    red = red,
                    blue = blue,
                    color = color_name(lang, c),
                ),
                None => t!(
                    lang,
                    "line-watch-start",
                    game = snap.id,
                    red = red,
                    blue = blue
                ),
            };
            self.say(line);
            if let (GamePhase::Setup, Some(c), None) = (snap.phase, snap.my_color, &snap.my_setup) {
                // The screens' `r`: the computer's kind of set-up (the Flag at the back,
                // Bombs around it), not a uniform shuffle.
                self.draft = Some(sensible_fill(
                    &snap.terms.rules,
                    c,
                    &Setup::new(c),
                    &mut self.rng,
                ));
                self.say(tr(lang, "line-setup-start"));
            }
            if snap.phase != GamePhase::Setup {
                // A game joined again: what happened before is history.
                self.told_moves = snap.history.len();
                self.told_play = true;
            }
        }
        // Chat: the lines after those told.
        if snap.chat.len() < self.told_chat {
            self.told_chat = 0;
        }
        for c in &snap.chat[self.told_chat..] {
            self.chat_line(c);
        }
        self.told_chat = snap.chat.len();
        if let Some(me) = snap.my_color {
            let theirs = snap.seats.get(me.opposite());
            if snap.phase == GamePhase::Setup && theirs.ready && !self.told_ready {
                self.told_ready = true;
                self.say(tr(lang, "line-opponent-ready"));
            }
        }
        // Once play starts (a game that ends in its set-up, by a resignation or a player
        // gone, never began).
        let began = snap.phase == GamePhase::Playing
            || (snap.phase == GamePhase::Over && !snap.history.is_empty());
        if began && !self.told_play {
            self.told_play = true;
            self.say(tr(lang, "line-play-start"));
        }
        // The moves not told yet, each in words (a battle as the battle sentence).
        if snap.history.len() < self.told_moves {
            self.told_moves = 0;
        }
        for m in &snap.history[self.told_moves..] {
            let s = self.sentence(&snap, m);
            self.say(s);
        }
        self.told_moves = snap.history.len();
        self.tell_offers(&snap);
        self.game = Some(snap.clone());
        self.game_at = Some(at);
        self.tell_presence(at);
        if snap.phase == GamePhase::Over {
            if !self.told_over {
                self.told_over = true;
                self.tell_outcome(&snap);
            }
        } else if snap.phase == GamePhase::Playing {
            if let Some(v) = &snap.view {
                if Some(v.to_move) == snap.my_color && self.told_turn != Some(v.ply) {
                    self.told_turn = Some(v.ply);
                    let line = self.clocks_line("line-your-turn-clocks", "line-your-turn");
                    self.say(line);
                } else if Some(v.to_move) != snap.my_color && self.told_turn != Some(v.ply) {
                    self.told_turn = Some(v.ply);
                    let nick = self.nick_of(&snap, v.to_move);
                    self.say(t!(lang, "line-their-turn", nick = nick));
                }
            }
        }
        vec![]
    }

    /// The opponent gone (connection lost, or left for the lobby) and back; when their time
    /// to come back runs out (the session ticks), that `claim` wins.
    fn tell_presence(&mut self, now: Instant) {
        let lang = self.settings.lang;
        let Some(g) = self.game.clone() else {
            return;
        };
        let Some(me) = g.my_color else {
            return;
        };
        let theirs = g.seats.get(me.opposite());
        if g.phase == GamePhase::Over || theirs.bot {
            return;
        }
        let nick = theirs.nick.clone();
        if !theirs.connected && !self.told_gone {
            self.told_gone = true;
            self.told_claimable = false;
            let line = match theirs.reconnect_left {
                Some(d) => t!(
                    lang,
                    "line-opponent-gone",
                    nick = nick.clone(),
                    seconds = d.as_secs()
                ),
                None => t!(lang, "line-opponent-gone-plain", nick = nick.clone()),
            };
            self.say(line);
        } else if theirs.connected && self.told_gone {
            self.told_gone = false;
            self.say(t!(lang, "line-opponent-back", nick = nick.clone()));
        }
        if self.told_gone && !self.told_claimable && self.can_claim(now) {
            self.told_claimable = true;
            self.say(t!(lang, "line-claim-now", nick = nick));
        }
    }

    /// The opponent's time to come back has run out: `claim` ends the game.
    fn can_claim(&self, now: Instant) -> bool {
        let (Some(g), Some(at)) = (&self.game, self.game_at) else {
            return false;
        };
        let Some(me) = g.my_color else {
            return false;
        };
        let theirs = g.seats.get(me.opposite());
        g.phase != GamePhase::Over
            && !theirs.connected
            && theirs.reconnect_left.is_some_and(|d| {
                d.saturating_sub(now.saturating_duration_since(at))
                    .is_zero()
            })
    }

    /// `claim`: the win (before the first move: the end without a result) once the
    /// opponent's time to come back has run out.
    fn claim(&mut self) -> Vec<Effect> {
        if self.can_claim(Instant::now()) {
            return vec![Effect::Game(GameCmd::ClaimWin)];
        }
        self.say(tr(self.settings.lang, "line-claim-not-yet"));
        vec![]
    }

    /// A move in words ending with a full stop; a spectator is told who moved.
    fn sentence(&self, g: &GameSnapshot, m: &ViewMove) -> String {
        let mut s = move_sentence(self.settings.lang, m, g.my_color, self.settings.numbering);
        if !s.ends_with('.') {
            s.push('.');
        }
        if g.my_color.is_none() {
            s = t!(
                self.settings.lang,
                "line-watch-move",
                nick = self.nick_of(g, m.mover),
                sentence = s
            );
        }
        s
    }

    /// A draw offered, an own offer that lapsed (the opponent played on), a rematch asked.
    fn tell_offers(&mut self, g: &GameSnapshot) {
        let lang = self.settings.lang;
        let ply = g.view.as_ref().map_or(0, |v| v.ply);
        if g.phase == GamePhase::Playing {
            let now = g.draw_offer;
            let before = self.told_draw.map(|(c, _)| c);
            if now != before {
                match (self.told_draw, now) {
                    (_, Some(c)) if Some(c) != g.my_color => {
                        let nick = self.nick_of(g, c);
                        let id = if g.my_color.is_some() {
                            "line-draw-offer-to-you"
                        } else {
                            "line-draw-offer-by"
                        };
                        self.say(t!(lang, id, nick = nick));
                    }
                    (Some((c, at)), None) if Some(c) == g.my_color && at != ply => {
                        let nick = self.nick_of(g, c.opposite());
                        self.say(t!(lang, "line-draw-lapsed", nick = nick));
                    }
                    _ => {}
                }
                self.told_draw = now.map(|c| (c, ply));
            }
        }
        if let (GamePhase::Over, Some(me)) = (g.phase, g.my_color) {
            let theirs = *g.rematch.get(me.opposite());
            if theirs && !*g.rematch.get(me) && !self.told_rematch {
                self.told_rematch = true;
                let nick = self.nick_of(g, me.opposite());
                self.say(t!(lang, "line-rematch-offered", nick = nick));
            }
        }
    }

    fn tell_outcome(&mut self, g: &GameSnapshot) {
        let lang = self.settings.lang;
        let Some(o) = g.outcome else {
            return;
        };
        let reason = end_reason(lang, o.reason);
        let line = match (o.winner, g.my_color) {
            (None, _) => t!(lang, "line-over-draw", reason = reason),
            (Some(w), Some(me)) if w == me => t!(lang, "line-over-won", reason = reason),
            (Some(_), Some(_)) => t!(lang, "line-over-lost", reason = reason),
            (Some(w), None) => t!(
                lang,
                "line-over-winner",
                nick = self.nick_of(g, w),
                reason = reason
            ),
        };
        self.say(line);
        // The game's web page, as the screens print it (none for a game ended before its
        // first move, nor for a private one).
        let aborted = o.reason == crate::rules::EndReason::Aborted;
        if let Some(url) = self
            .me
            .game_link(g.id)
            .filter(|_| !aborted && !g.private && !g.history.is_empty())
        {
            self.say(t!(lang, "line-game-link", url = url));
        }
        self.say(tr(lang, "line-over-next"));
    }

    /// Both clocks as `m:ss` now (`h:mm:ss` in a correspondence game: its days; a running
    /// one counted down since its snapshot came).
    fn clock_texts(&self) -> Option<(String, String)> {
        let g = self.game.as_ref()?;
        let clocks = g.clocks?;
        let corr = g.terms.correspondence();
        let since = self.game_at.map_or(Duration::ZERO, |t| t.elapsed());
        let text = |c: Color| {
            let st = clocks.get(c);
            let left = if st.running {
                st.remaining.saturating_sub(since)
            } else {
                st.remaining
            };
            let s = left.as_secs();
            // A correspondence game's days: hours:minutes:seconds.
            if corr {
                format!("{}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
            } else {
                format!("{}:{:02}", s / 60, s % 60)
            }
        };
        Some((text(Color::Red), text(Color::Blue)))
    }

    /// A typed line: what it says is answered in lines; the effects are the session's to
    /// carry out. Unknown or wrong input gets one line saying what to type, and changes
    /// nothing.
    pub fn input(&mut self, line: &str) -> Vec<Effect> {
        let line: String = line.chars().filter(|c| !c.is_control()).collect();
        let line = line.trim();
        if line.is_empty() {
            return vec![];
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let word = word.to_lowercase();
        let args: Vec<&str> = rest.split_whitespace().collect();
        // Shared by every mode.
        match word.as_str() {
            "help" | "h" | "?" => {
                let watching = self.game.as_ref().is_some_and(|g| g.my_color.is_none());
                let ids = match self.mode() {
                    Mode::Lobby => help_ids(LOBBY),
                    _ if watching => vec!["line-help-watch"],
                    Mode::Setup => vec![SETUP_HELP],
                    Mode::Over => vec!["line-help-over"],
                    Mode::Waiting if self.in_setup() => vec![SETUP_SENT_HELP],
                    Mode::Waiting | Mode::Move => vec!["line-help-play"],
                };
                for id in ids {
                    self.say(tr(self.settings.lang, id));
                }
                if let Some(command) = self.me.comeback.clone() {
                    self.say(t!(
                        self.settings.lang,
                        "line-help-comeback",
                        command = command
                    ));
                }
                return vec![];
            }
            // Back to the screens (the session checks there is a terminal to draw them).
            "screens" | "screen" => return vec![Effect::ScreenMode],
            "say" | "chat" => {
                if rest.is_empty() {
                    self.say(tr(self.settings.lang, "line-say-what"));
                    return vec![];
                }
                let text = rest.to_string();
                return vec![if self.game.is_some() {
                    Effect::Game(GameCmd::Chat(text))
                } else {
                    Effect::Lobby(LobbyCmd::Chat(text))
                }];
            }
            _ => {}
        }
        if self.game.is_none() {
            return self.lobby_input(&word, &args);
        }
        self.game_input(&word, &args, line)
    }

    fn in_setup(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| g.phase == GamePhase::Setup)
    }

    /// The terms of `[classic|duel|barrage] [10+5|none|3d [30d]] [casual|rated]` (Classic,
    /// 10+5 and rated unless said, a guest's always casual), or `None` for anything else.
    /// A second number of days after the days a move is a correspondence game's total
    /// budget (`3d 30d`).
    fn terms(&self, args: &[&str]) -> Option<GameTerms> {
        let mut variant = Variant::Classic;
        let mut rest = args;
        if let Some(v) = args.first().and_then(|v| Variant::parse(v)) {
            variant = v;
            rest = &args[1..];
        }
        let mut clock = ClockSpec::parse("10+5").ok().flatten();
        let mut days = None;
        let mut budget = None;
        let mut rated = !self.me.guest;
        for a in rest {
            if a.eq_ignore_ascii_case("casual") {
                rated = false;
            } else if a.eq_ignore_ascii_case("rated") {
                rated = !self.me.guest;
            } else if let Some(n) = a
                .strip_suffix(['d', 'D'])
                .and_then(|n| n.parse::<u8>().ok())
            {
                // `3d`: a correspondence game, days a move (the lobby checks 1, 3 or 7);
                // `3d 30d`: and a total budget (the lobby checks 15, 30 or 60).
                if days.is_some() && budget.is_none() {
                    budget = Some(n);
                } else {
                    days = Some(n);
                    budget = None;
                }
                clock = None;
            } else {
                clock = ClockSpec::parse(a).ok()?;
                days = None;
                budget = None;
            }
        }
        Some(GameTerms {
            rules: Rules::standard(variant),
            rated,
            clock,
            days,
            budget,
        })
    }

    fn unknown(&mut self, word: &str) -> Vec<Effect> {
        let line = t!(self.settings.lang, "line-unknown", word = word.to_string());
        self.say(line);
        vec![]
    }

    /// A lobby command: the one [`LOBBY`] names `word`.
    fn lobby_input(&mut self, word: &str, args: &[&str]) -> Vec<Effect> {
        match command(LOBBY, word) {
            Some(c) => (c.run)(
                self,
                &Typed {
                    word,
                    args,
                    rest: "",
                },
            ),
            None => self.unknown(word),
        }
    }

    /// `who [PAGE]`: the players online.
    fn lobby_who(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        let lobby = self.lobby.clone();
        let players = &lobby.players;
        // The first snapshot may predate this session: the player is online all the same.
        let me_missing = !players.iter().any(|p| p.nick == self.me.nick);
        let me = me_missing.then(|| {
            let seeking = lobby.seeks.iter().any(|s| s.owner == self.me.nick);
            crate::proto::PlayerInfo {
                nick: self.me.nick.clone(),
                guest: self.me.guest,
                bot: false,
                rating: None,
                status: if seeking {
                    PlayerStatus::Seeking
                } else {
                    PlayerStatus::Idle
                },
            }
        });
        let total = players.len() + usize::from(me.is_some());
        self.say(t!(lang, "line-who-count", count = total));
        self.list_page("who", args, total, me.iter().chain(players), |_, _, p| {
            let status = match p.status {
                PlayerStatus::Idle => tr(lang, "line-status-idle"),
                PlayerStatus::Seeking => tr(lang, "line-status-seeking"),
                PlayerStatus::Playing(g) => t!(lang, "line-status-playing", game = g),
                PlayerStatus::Watching(g) => t!(lang, "line-status-watching", game = g),
                PlayerStatus::LeftGame(g) => t!(lang, "line-status-left", game = g),
            };
            let rating = p.rating.map_or_else(String::new, |r| format!(" ({r})"));
            t!(
                lang,
                "line-who-player",
                nick = p.nick.clone(),
                rating = rating,
                status = status
            )
        });
        vec![]
    }

    /// `seeks [PAGE]`: the challenges to this player, then the open seeks, numbered (what
    /// `accept N` and `decline N` count in).
    fn lobby_seeks(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        let mut all = self.challenges.clone();
        all.extend(self.lobby.seeks.iter().cloned());
        if all.is_empty() {
            self.say(tr(lang, "line-seeks-none"));
        }
        self.list_page("seeks", args, all.len(), all.iter(), |app, i, s| {
            let id = if app.to_me(s) {
                "line-seek-item-challenge"
            } else {
                "line-seek-item"
            };
            t!(
                lang,
                id,
                n = i + 1,
                nick = s.owner.clone(),
                variant = variant_name(lang, s.terms.rules.variant),
                clock = app.terms_clock_words(&s.terms),
                rated = rated_word(s),
            )
        });
        self.listed = all;
        vec![]
    }

    /// `accept N`: plays seek N of the last `seeks` list.
    fn lobby_accept(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        if self.listed.is_empty() {
            self.say(tr(lang, "line-accept-none"));
            return vec![];
        }
        let n = args.first().and_then(|a| a.parse::<usize>().ok());
        match n.filter(|&n| n >= 1 && n <= self.listed.len()) {
            Some(n) => vec![Effect::Lobby(LobbyCmd::Accept(self.listed[n - 1].id))],
            None => {
                let line = t!(lang, "line-accept-which", count = self.listed.len());
                self.say(line);
                vec![]
            }
        }
    }

    /// `computer [easy|hard]`: a game against the computer.
    fn lobby_computer(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        let level = match args.first().map(|a| a.to_lowercase()).as_deref() {
            None | Some("easy") => BotLevel::Easy,
            Some("hard") => BotLevel::Hard,
            Some(other) => {
                let line = t!(lang, "line-computer-level", level = other.to_string());
                self.say(line);
                return vec![];
            }
        };
        self.say(t!(
            lang,
            "line-computer-starting",
            level = level_name(lang, level)
        ));
        // As the screens' Enter plays it: Classic, no clock.
        vec![Effect::Lobby(LobbyCmd::PlayBot {
            level,
            rules: Rules::standard(Variant::Classic),
            clock: None,
        })]
    }

    /// `seek VARIANT [CLOCK] [casual|rated]`: posts a seek.
    fn lobby_seek(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        let terms = args
            .first()
            .and_then(|v| Variant::parse(v))
            .and_then(|_| self.terms(args));
        let Some(terms) = terms else {
            self.say(tr(lang, "line-seek-usage"));
            return vec![];
        };
        self.say(tr(lang, "line-seek-posted"));
        vec![Effect::Lobby(LobbyCmd::Seek {
            terms,
            private_to: None,
            private: false,
        })]
    }

    /// `challenge NICK …`: a seek offered to one player.
    fn lobby_challenge(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        // `private` among the words after the nick: the game is the two players'
        // alone, and casual (ratings are public).
        let words = &args[1.min(args.len())..];
        let private = words.iter().any(|w| w.eq_ignore_ascii_case("private"));
        let words: Vec<&str> = words
            .iter()
            .copied()
            .filter(|w| !w.eq_ignore_ascii_case("private"))
            .collect();
        let (Some(who), Some(mut terms)) = (args.first(), self.terms(&words)) else {
            self.say(tr(lang, "line-challenge-usage"));
            return vec![];
        };
        if private && words.iter().any(|w| w.eq_ignore_ascii_case("rated")) {
            self.say(tr(lang, "line-challenge-private-rated"));
            return vec![];
        }
        terms.rated &= !private;
        if who.to_lowercase() == self.me.nick.to_lowercase() {
            self.say(tr(lang, "line-challenge-self"));
            return vec![];
        }
        // The nick as the lobby spells it, when the player is there.
        let nick = self
            .lobby
            .players
            .iter()
            .find(|p| p.nick.to_lowercase() == who.to_lowercase())
            .map_or_else(|| who.to_string(), |p| p.nick.clone());
        self.say(t!(lang, "line-challenge-sent", nick = nick.clone()));
        vec![Effect::Lobby(LobbyCmd::Seek {
            terms,
            private_to: Some(nick),
            private,
        })]
    }

    /// `cancel`: withdraws this player's seeks and challenges.
    fn lobby_cancel(&mut self, _t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let mut mine: Vec<u64> = vec![];
        for s in self.lobby.seeks.iter().chain(self.challenges.iter()) {
            if s.owner == self.me.nick && !mine.contains(&s.id) {
                mine.push(s.id);
            }
        }
        if mine.is_empty() {
            self.say(tr(lang, "line-cancel-none"));
            return vec![];
        }
        self.say(t!(lang, "line-cancel-done", count = mine.len()));
        mine.into_iter()
            .map(|id| Effect::Lobby(LobbyCmd::CancelSeek(id)))
            .collect()
    }

    /// `decline N`: declines challenge N of the last `seeks` list.
    fn lobby_decline(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        if !self.listed.iter().any(|s| self.to_me(s)) {
            self.say(tr(lang, "line-decline-none"));
            return vec![];
        }
        let n = args.first().and_then(|a| a.parse::<usize>().ok());
        let Some(s) = n
            .filter(|&n| n >= 1 && n <= self.listed.len())
            .map(|n| self.listed[n - 1].clone())
        else {
            let line = t!(lang, "line-decline-which", count = self.listed.len());
            self.say(line);
            return vec![];
        };
        if !self.to_me(&s) {
            self.say(t!(lang, "line-decline-not-challenge", nick = s.owner));
            return vec![];
        }
        self.say(t!(lang, "line-decline-done", nick = s.owner));
        vec![Effect::Lobby(LobbyCmd::Decline(s.id))]
    }

    /// `watch N`: watches game N (one's own game shown elsewhere: takes its seat here).
    fn lobby_watch(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        let Some(id) = args.first().and_then(|a| a.parse::<u64>().ok()) else {
            self.say(tr(lang, "line-watch-usage"));
            return vec![];
        };
        let mine = |g: &&crate::proto::GameSummary| g.red == self.me.nick || g.blue == self.me.nick;
        // One's own game (private or not, listed or not): back into the seat.
        if self.elsewhere.take_if(|g| *g == id).is_some() {
            return vec![Effect::Lobby(LobbyCmd::Spectate(id))];
        }
        if self.left_corr == Some(id) {
            return vec![Effect::Lobby(LobbyCmd::Spectate(id))];
        }
        match self.lobby.games.iter().find(|g| g.id == id) {
            None => {
                self.say(t!(lang, "line-watch-none", game = id));
                vec![]
            }
            Some(g) if mine(&g) => vec![Effect::Lobby(LobbyCmd::Spectate(id))],
            Some(g) if g.private => {
                self.say(t!(lang, "line-watch-private", game = id));
                vec![]
            }
            Some(_) => vec![Effect::Lobby(LobbyCmd::Spectate(id))],
        }
    }

    /// `leaderboard [VARIANT]`: asks for the table (told when it comes).
    fn lobby_leaderboard(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        let variant = match args.first() {
            None => Some(Variant::Classic),
            Some(v) if args.len() == 1 => Variant::parse(v),
            Some(_) => None,
        };
        let Some(variant) = variant else {
            self.say(tr(lang, "line-leaders-usage"));
            return vec![];
        };
        self.asked_leaders = true;
        vec![Effect::Browse(BrowseCmd::Leaderboard(variant))]
    }

    /// `setups [VARIANT]`: the saved set-ups of a variant (Classic unless said), each with
    /// how it fared in the player's finished games.
    fn lobby_setups(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let variant = match t.args {
            [] => Some(Variant::Classic),
            [v] => Variant::parse(v),
            _ => None,
        };
        let Some(variant) = variant else {
            self.say(tr(lang, "line-library-usage"));
            return vec![];
        };
        let setups: Vec<SavedSetup> = self
            .saved
            .iter()
            .filter(|s| s.variant == variant)
            .cloned()
            .collect();
        if setups.is_empty() {
            self.say(t!(
                lang,
                "line-library-none",
                variant = variant_name(lang, variant)
            ));
            return vec![];
        }
        self.asked_setups = Some(None);
        vec![Effect::Browse(BrowseCmd::SetupStats { variant, setups })]
    }

    /// `setup NAME`: one saved set-up drawn on its rows, with how it fared.
    fn lobby_setup(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        // The lobby's commands get their words only (a name's spaces come back as one).
        let name = if t.rest.trim().is_empty() {
            t.args.join(" ")
        } else {
            t.rest.trim().to_string()
        };
        let name = name.as_str();
        if name.is_empty() {
            self.say(tr(lang, "line-library-usage"));
            return vec![];
        }
        let Some(s) = self
            .saved
            .iter()
            .find(|s| s.name == name)
            .or_else(|| {
                self.saved
                    .iter()
                    .find(|s| s.name.eq_ignore_ascii_case(name))
            })
            .cloned()
        else {
            self.say(t!(lang, "line-library-no-such", name = name.to_string()));
            return vec![];
        };
        self.asked_setups = Some(Some(s.name.clone()));
        vec![Effect::Browse(BrowseCmd::SetupStats {
            variant: s.variant,
            setups: vec![s],
        })]
    }

    fn on_setup_stats(&mut self, st: crate::proto::SetupStatsList) {
        let Some(asked) = self.asked_setups.take() else {
            return;
        };
        let lang = self.settings.lang;
        let variant = variant_name(lang, st.variant);
        match asked {
            None => {
                self.say(t!(
                    lang,
                    "line-library-head",
                    variant = variant,
                    count = st.rows.len()
                ));
                for (name, s) in &st.rows {
                    self.say(t!(
                        lang,
                        "line-library-row",
                        name = name.clone(),
                        games = s.games,
                        wins = s.wins,
                        draws = s.draws,
                        losses = s.losses
                    ));
                }
            }
            Some(name) => {
                let Some(saved) = self
                    .saved
                    .iter()
                    .find(|s| s.name == name && s.variant == st.variant)
                    .cloned()
                else {
                    return;
                };
                self.say(t!(
                    lang,
                    "line-library-setup",
                    name = name.clone(),
                    variant = variant
                ));
                for row in super::library::setup_rows(&saved.setup, lang) {
                    self.say(row);
                }
                if let Some((_, s)) = st.rows.iter().find(|(n, _)| *n == name) {
                    for l in super::library::stats_lines(s, lang) {
                        self.say(l);
                    }
                }
            }
        }
    }

    /// `explorer [VARIANT] [mine]`: where Flags and Bombs stood in the server's finished
    /// games of a variant (or only the player's own, `mine`), how each Flag square scored,
    /// and the set-ups played most.
    fn lobby_explorer(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let mut variant = Variant::Classic;
        let mut mine = false;
        for a in t.args {
            if a.eq_ignore_ascii_case("mine") {
                mine = true;
            } else if let Some(v) = Variant::parse(a) {
                variant = v;
            } else {
                self.say(tr(lang, "line-explorer-usage"));
                return vec![];
            }
        }
        self.asked_explorer = true;
        vec![Effect::Browse(BrowseCmd::Explorer { variant, mine })]
    }

    fn on_explorer(&mut self, page: crate::proto::ExplorerPage) {
        if !std::mem::take(&mut self.asked_explorer) {
            return;
        }
        use super::library::{heat_rows, heat_word, Heat};
        let lang = self.settings.lang;
        let e = &page.explorer;
        let variant = variant_name(lang, page.variant);
        self.say(if page.mine {
            t!(
                lang,
                "line-explorer-head-mine",
                variant = variant,
                armies = e.armies
            )
        } else {
            t!(
                lang,
                "line-explorer-head",
                variant = variant,
                armies = e.armies
            )
        });
        for heat in [Heat::Flags, Heat::Bombs, Heat::Score] {
            self.say(format!("{}:", heat_word(heat, lang)));
            for (row, _) in heat_rows(e, heat) {
                self.say(row);
            }
        }
        if e.common.is_empty() {
            self.say(tr(lang, "line-explorer-common-none"));
        }
        for c in &e.common {
            self.say(t!(
                lang,
                "line-explorer-common",
                games = c.games,
                score = (c.points2 * 50 + c.games / 2) / c.games.max(1),
                setup = c.setup.clone()
            ));
        }
    }

    /// `analysis N [all]`: the analysis after finished game N (asked of the server as its
    /// replay is, so as anyone may see that replay).
    fn lobby_analysis(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let (id, all) = match t.args {
            [n] => (n.trim_start_matches('#').parse::<u64>().ok(), false),
            [n, all] if all.eq_ignore_ascii_case("all") => {
                (n.trim_start_matches('#').parse::<u64>().ok(), true)
            }
            _ => (None, false),
        };
        let Some(id) = id else {
            self.say(tr(lang, "line-analysis-usage"));
            return vec![];
        };
        self.asked_analysis = Some((id, all));
        vec![Effect::Browse(BrowseCmd::Replay {
            id,
            ply: 0,
            perspective: crate::proto::Perspective::All,
        })]
    }

    /// `turn`: this player's correspondence games waiting for their move (`watch N` plays
    /// one).
    fn lobby_turn(&mut self, _t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        if self.waiting.is_empty() {
            self.say(tr(lang, "line-turn-none"));
        }
        let now = now_secs();
        let lines: Vec<String> = self
            .waiting
            .iter()
            .map(|w| {
                let item = if w.setup {
                    "line-turn-setup-item"
                } else {
                    "line-turn-item"
                };
                let item = t!(
                    lang,
                    item,
                    game = w.id,
                    opponent = w.opponent.clone(),
                    variant = variant_name(lang, w.variant),
                    number = w.ply / 2 + 1,
                    due = super::browse::utc_datetime(w.deadline),
                    left = days_hours(lang, w.deadline.saturating_sub(now)),
                );
                // With a total budget: what is left of it.
                match (w.budget_ends, w.budget) {
                    (Some(ends), Some(budget)) => t!(
                        lang,
                        "line-turn-budget",
                        item = item,
                        budget_left =
                            super::vocab::budget_left_words(lang, ends.saturating_sub(now), budget),
                    ),
                    _ => item,
                }
            })
            .collect();
        for l in lines {
            self.say(l);
        }
        vec![]
    }

    /// `games [PAGE]`: the games in play.
    fn lobby_games(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        let lobby = self.lobby.clone();
        let total = lobby.games.len();
        if total == 0 {
            self.say(tr(lang, "line-games-none"));
        }
        self.list_page("games", args, total, lobby.games.iter(), |_, _, g| {
            t!(
                lang,
                "line-game-item",
                game = g.id,
                red = g.red.clone(),
                blue = g.blue.clone(),
                variant = variant_name(lang, g.terms.rules.variant),
                // Moves as the screens count them (a move a side).
                number = g.ply / 2 + 1,
            )
        });
        vec![]
    }

    /// `tournaments [PAGE]`: the tournaments.
    fn lobby_tournaments(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        let lobby = self.lobby.clone();
        let total = lobby.tournaments.len();
        if total == 0 {
            self.say(tr(lang, "line-tournaments-none"));
        }
        let list = lobby.tournaments.iter();
        self.list_page("tournaments", args, total, list, |app, _, t| {
            t!(
                lang,
                "line-tournament-item",
                id = t.id,
                name = t.terms.name.clone(),
                kind = super::tournament::kind_words(lang, t.terms.format),
                variant = variant_name(lang, t.terms.game.rules.variant),
                clock = app.terms_clock_words(&t.terms.game),
                status = super::tournament::status_word(lang, t.status),
                players = t.standings.iter().filter(|s| !s.withdrawn).count(),
                joined = if t.has_entrant(&app.me.nick) {
                    "yes"
                } else {
                    "no"
                },
            )
        });
        vec![]
    }

    /// `join N`, `withdraw N`: enters or leaves tournament N.
    fn lobby_tournament_entry(&mut self, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        let word = t.word;
        let Some(id) = args.first().and_then(|a| a.parse::<u64>().ok()) else {
            self.say(t!(lang, "line-tournament-usage", command = word));
            return vec![];
        };
        if !self.lobby.tournaments.iter().any(|t| t.id == id) {
            self.say(t!(lang, "line-tournament-none", id = id));
            return vec![];
        }
        // The lobby answers (joined, or why not), as on the screens.
        vec![Effect::Lobby(if word == "join" {
            LobbyCmd::JoinTournament(id)
        } else {
            LobbyCmd::LeaveTournament(id)
        })]
    }

    /// `quit`: ends the session.
    fn lobby_quit(&mut self, _t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        self.say(tr(lang, "line-bye"));
        vec![Effect::Quit]
    }

    fn game_input(&mut self, word: &str, args: &[&str], line: &str) -> Vec<Effect> {
        let lang = self.settings.lang;
        let Some(g) = self.game.clone() else {
            return vec![];
        };
        match word {
            "board" | "b" => {
                self.board();
                return vec![];
            }
            "quit" | "exit" | "q" | "leave" | "lobby" => {
                if g.phase == GamePhase::Over || g.my_color.is_none() {
                    self.game = None;
                    self.draft = None;
                    self.say(tr(lang, "line-back-in-lobby"));
                    return vec![Effect::LeaveGame];
                }
                // A correspondence game waits for its players, in its set-up as in play:
                // leaving is no abandoning (`turn` lists it, `watch N` comes back).
                if g.terms.correspondence() {
                    self.game = None;
                    self.draft = None;
                    self.say(t!(lang, "line-left-correspondence", game = g.id));
                    self.left_corr = Some(g.id);
                    return vec![Effect::LeaveGame];
                }
                self.say(tr(lang, "line-quit-in-game"));
                return vec![];
            }
            _ => {}
        }
        if g.phase == GamePhase::Setup && g.my_color.is_some() {
            // What follows the command word, as typed (a set-up's name may hold spaces).
            let rest = line
                .split_once(char::is_whitespace)
                .map_or("", |(_, r)| r.trim());
            return self.setup_input(&g, word, args, rest);
        }
        if matches!(
            word,
            "row" | "col" | "column" | "square" | "sq" | "pieces" | "moves"
        ) {
            match g.view.as_ref() {
                Some(v) if g.phase != GamePhase::Setup => self.view_input(&g, v, word, args),
                _ => self.say(tr(lang, "line-board-none")),
            }
            return vec![];
        }
        match g.phase {
            GamePhase::Setup => self.unknown(word),
            GamePhase::Playing => self.play_input(&g, word, args, line),
            GamePhase::Over => match word {
                "last" | "l" => {
                    self.last();
                    vec![]
                }
                "clock" | "c" if g.my_color.is_none() => {
                    self.tell_clocks();
                    vec![]
                }
                "resign" if g.my_color.is_some() => {
                    self.say(tr(lang, "line-resign-not-now"));
                    vec![]
                }
                "rematch" => match g.my_color {
                    None => self.unknown(word),
                    Some(me) => {
                        let nick = self.nick_of(&g, me.opposite());
                        if g.tournament {
                            // The tournament pairs the next game.
                            self.say(tr(lang, "refusal-tournament-rematch"));
                            vec![]
                        } else if *g.rematch.get(me) {
                            self.say(tr(lang, "line-rematch-already"));
                            vec![]
                        } else if !g.seats.get(me.opposite()).connected {
                            self.say(t!(lang, "line-rematch-gone", nick = nick));
                            vec![]
                        } else {
                            self.say(t!(lang, "line-rematch-asked", nick = nick));
                            vec![Effect::Game(GameCmd::Rematch)]
                        }
                    }
                },
                other => self.unknown(other),
            },
        }
    }

    /// A set-up command: the one [`SETUP`] names `word` (one that changes the set-up is
    /// refused once it is sent).
    fn setup_input(
        &mut self,
        g: &GameSnapshot,
        word: &str,
        args: &[&str],
        rest: &str,
    ) -> Vec<Effect> {
        let (Some(color), Some(c)) = (g.my_color, command(SETUP, word)) else {
            return self.unknown(word);
        };
        let sent = g.my_setup.is_some() || self.draft.is_none();
        if c.drafts && sent {
            self.say(tr(self.settings.lang, "line-setup-done"));
            return vec![];
        }
        (c.run)(self, g, color, &Typed { word, args, rest })
    }

    /// `show`: the set-up (sent, or being made) row by row.
    fn setup_show(&mut self, g: &GameSnapshot, color: Color, _t: &Typed) -> Vec<Effect> {
        let setup = g.my_setup.clone().or_else(|| self.draft.clone());
        if let Some(setup) = setup {
            self.show_setup(&setup, color);
        }
        vec![]
    }

    /// `row N`: one row of the set-up.
    fn setup_one_row(&mut self, g: &GameSnapshot, _color: Color, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        let Some(row) = parse_row(args) else {
            self.say(tr(lang, "line-row-usage"));
            return vec![];
        };
        let setup = g.my_setup.clone().or_else(|| self.draft.clone());
        if let Some(setup) = setup {
            let line = self.setup_row(&setup, row);
            self.say(line);
        }
        vec![]
    }

    /// `setups`: this player's saved set-ups for the game's variant.
    fn setup_setups(&mut self, g: &GameSnapshot, _color: Color, _t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let variant = g.terms.rules.variant;
        let names: Vec<String> = self
            .saved
            .iter()
            .filter(|s| s.variant == variant)
            .map(|s| s.name.clone())
            .collect();
        let variant = variant_name(lang, variant);
        if names.is_empty() {
            self.say(t!(lang, "line-setups-none", variant = variant));
        } else {
            self.say(t!(
                lang,
                "line-setups-list",
                variant = variant,
                names = names.join(", ")
            ));
        }
        vec![]
    }

    /// `save NAME`: keeps the set-up (told saved when the store answers).
    fn setup_save(&mut self, g: &GameSnapshot, color: Color, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let rest = t.rest;
        let variant = g.terms.rules.variant;
        if rest.is_empty() {
            self.say(tr(lang, "line-save-usage"));
            return vec![];
        }
        if rest.chars().count() > SETUP_NAME_MAX {
            self.say(t!(lang, "line-save-long", max = SETUP_NAME_MAX));
            return vec![];
        }
        let Some(mut setup) = g.my_setup.clone().or_else(|| self.draft.clone()) else {
            return vec![];
        };
        setup.color = Some(color);
        // "Saved" is told when the store answers (`notice-setup-saved`).
        vec![Effect::SaveSetup(SavedSetup {
            name: rest.to_string(),
            variant,
            setup,
        })]
    }

    /// `random`: another set-up, made as the computer makes one.
    fn setup_random(&mut self, g: &GameSnapshot, color: Color, _t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        self.draft = Some(sensible_fill(
            &g.terms.rules,
            color,
            &Setup::new(color),
            &mut self.rng,
        ));
        self.say(tr(lang, "line-setup-random"));
        vec![]
    }

    /// `ready`: sends the set-up.
    fn setup_ready(&mut self, _g: &GameSnapshot, _color: Color, _t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let Some(setup) = self.draft.take() else {
            return vec![];
        };
        self.say(tr(lang, "line-setup-sent"));
        vec![Effect::Game(GameCmd::SubmitSetup(setup))]
    }

    /// `swap A1 B2`: swaps two squares of the set-up.
    fn setup_swap(&mut self, g: &GameSnapshot, color: Color, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        let rules = g.terms.rules;
        let squares: Vec<Square> = args.iter().filter_map(|a| a.parse().ok()).collect();
        if args.len() != 2 || squares.len() != 2 || squares[0] == squares[1] {
            self.say(tr(lang, "line-swap-usage"));
            return vec![];
        }
        let own = setup_squares(&rules, color);
        if let Some(sq) = squares.iter().find(|sq| !own.contains(sq)) {
            self.say(t!(lang, "line-setup-not-yours", square = sq.to_string()));
            return vec![];
        }
        let Some(draft) = self.draft.as_mut() else {
            return vec![];
        };
        let (a, b) = (squares[0], squares[1]);
        let (ra, rb) = (draft.pieces.remove(&a), draft.pieces.remove(&b));
        if let Some(r) = ra {
            draft.pieces.insert(b, r);
        }
        if let Some(r) = rb {
            draft.pieces.insert(a, r);
        }
        let what = |r: Option<Rank>| match r {
            Some(r) => rank_name(lang, r),
            None => tr(lang, "line-setup-empty"),
        };
        self.say(t!(
            lang,
            "line-swapped",
            a = a.to_string(),
            arank = what(rb),
            b = b.to_string(),
            brank = what(ra)
        ));
        vec![]
    }

    /// `place A1 RANK`: moves the nearest piece of the rank to the square.
    fn setup_place(&mut self, g: &GameSnapshot, color: Color, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let args = t.args;
        let rules = g.terms.rules;
        let sq = args.first().and_then(|a| a.parse::<Square>().ok());
        let (Some(sq), true) = (sq, args.len() >= 2) else {
            self.say(tr(lang, "line-place-usage"));
            return vec![];
        };
        let typed = args[1..].join(" ");
        let Some(rank) = parse_rank(lang, self.settings.numbering, &typed) else {
            self.say(t!(lang, "line-rank-unknown", rank = typed));
            return vec![];
        };
        if !setup_squares(&rules, color).contains(&sq) {
            self.say(t!(lang, "line-setup-not-yours", square = sq.to_string()));
            return vec![];
        }
        let Some(draft) = self.draft.as_mut() else {
            return vec![];
        };
        let name = rank_name(lang, rank);
        if draft.pieces.get(&sq) == Some(&rank) {
            self.say(t!(
                lang,
                "line-place-already",
                square = sq.to_string(),
                rank = name
            ));
            return vec![];
        }
        // Of several pieces of the rank, the nearest to the square (then the first
        // in board order) moves there.
        let dist = |o: &Square| {
            (o.file() as i32 - sq.file() as i32).abs() + (o.row() as i32 - sq.row() as i32).abs()
        };
        let Some(from) = draft
            .pieces
            .iter()
            .filter(|(o, r)| **r == rank && **o != sq)
            .map(|(o, _)| *o)
            .min_by_key(|o| (dist(o), o.index()))
        else {
            self.say(t!(lang, "line-place-none", rank = name));
            return vec![];
        };
        let old = draft.pieces.remove(&sq);
        draft.pieces.remove(&from);
        draft.pieces.insert(sq, rank);
        let line = match old {
            Some(o) => {
                draft.pieces.insert(from, o);
                t!(
                    lang,
                    "line-placed",
                    square = sq.to_string(),
                    rank = name,
                    from = from.to_string(),
                    other = rank_name(lang, o)
                )
            }
            None => t!(
                lang,
                "line-placed-empty",
                square = sq.to_string(),
                rank = name,
                from = from.to_string()
            ),
        };
        self.say(line);
        vec![]
    }

    /// `load NAME`: a saved set-up of the variant, by its name.
    fn setup_load(&mut self, g: &GameSnapshot, color: Color, t: &Typed) -> Vec<Effect> {
        let lang = self.settings.lang;
        let rest = t.rest;
        let rules = g.terms.rules;
        let variant = g.terms.rules.variant;
        if rest.is_empty() {
            self.say(tr(lang, "line-load-usage"));
            return vec![];
        }
        let mine: Vec<&SavedSetup> = self.saved.iter().filter(|s| s.variant == variant).collect();
        let found = mine
            .iter()
            .find(|s| s.name == rest)
            .or_else(|| {
                mine.iter()
                    .find(|s| s.name.to_lowercase() == rest.to_lowercase())
            })
            .map(|s| (s.name.clone(), turned_for(&s.setup, color)));
        let Some((name, setup)) = found else {
            let line = t!(
                lang,
                "line-load-none",
                name = rest.to_string(),
                variant = variant_name(lang, variant)
            );
            self.say(line);
            return vec![];
        };
        if setup.validate(&rules, color).is_err() {
            self.say(t!(lang, "line-load-bad", name = name));
            return vec![];
        }
        self.draft = Some(setup);
        self.say(t!(lang, "line-loaded", name = name));
        vec![]
    }

    /// One row of a set-up: its pieces by square, or empty.
    fn setup_row(&self, setup: &Setup, row: u8) -> String {
        let pieces: Vec<String> = (0..10)
            .filter_map(|f| Square::new(f, row))
            .filter_map(|sq| {
                setup.pieces.get(&sq).map(|r| {
                    t!(
                        self.settings.lang,
                        "line-board-own",
                        square = sq.to_string(),
                        rank = rank_name(self.settings.lang, *r)
                    )
                })
            })
            .collect();
        if pieces.is_empty() {
            t!(self.settings.lang, "line-board-row-empty", row = row + 1)
        } else {
            t!(
                self.settings.lang,
                "line-setup-row",
                row = row + 1,
                pieces = pieces.join("; ")
            )
        }
    }

    /// The own set-up, row by row from the front row back.
    fn show_setup(&mut self, setup: &Setup, color: Color) {
        let rows: Vec<u8> = match color {
            Color::Red => (0..10).rev().collect(),
            Color::Blue => (0..10).collect(),
        };
        for row in rows {
            let occupied = (0..10)
                .filter_map(|f| Square::new(f, row))
                .any(|sq| setup.pieces.contains_key(&sq));
            if occupied {
                let line = self.setup_row(setup, row);
                self.say(line);
            }
        }
    }

    fn play_input(
        &mut self,
        g: &GameSnapshot,
        word: &str,
        args: &[&str],
        line: &str,
    ) -> Vec<Effect> {
        let lang = self.settings.lang;
        match word {
            "last" | "l" => {
                self.last();
                return vec![];
            }
            "clock" | "c" => {
                self.tell_clocks();
                return vec![];
            }
            "resign" if g.my_color.is_some() => return vec![Effect::Game(GameCmd::Resign)],
            "claim" if g.my_color.is_some() => return self.claim(),
            "draw" if g.my_color.is_some() => {
                let me = g.my_color.unwrap_or(Color::Red);
                return match g.draw_offer {
                    Some(c) if c != me => vec![Effect::Game(GameCmd::AcceptDraw)],
                    Some(_) => {
                        self.say(tr(lang, "line-draw-already"));
                        vec![]
                    }
                    None => {
                        self.say(tr(lang, "line-draw-sent"));
                        vec![Effect::Game(GameCmd::OfferDraw)]
                    }
                };
            }
            "decline" if g.my_color.is_some() => {
                let me = g.my_color.unwrap_or(Color::Red);
                return match g.draw_offer {
                    Some(c) if c != me => {
                        self.say(tr(lang, "line-draw-declined"));
                        vec![Effect::Game(GameCmd::DeclineDraw)]
                    }
                    _ => {
                        self.say(tr(lang, "line-draw-none"));
                        vec![]
                    }
                };
            }
            _ => {}
        }
        match word {
            "note" => return self.note(g, args),
            "notes" => {
                self.notes(g);
                return vec![];
            }
            _ => {}
        }
        // A move: `A4 A5`, `a4-a5`, `move A4 A5`.
        let squares: Vec<&str> = if word == "move" || word == "m" {
            args.to_vec()
        } else {
            line.split(|c: char| c.is_whitespace() || c == '-')
                .filter(|s| !s.is_empty())
                .collect()
        };
        let parsed: Vec<Square> = squares.iter().filter_map(|s| s.parse().ok()).collect();
        if parsed.len() != 2 || squares.len() != 2 {
            if squares.first().is_some_and(|s| s.parse::<Square>().is_ok()) || word == "move" {
                self.say(tr(lang, "line-move-usage"));
                return vec![];
            }
            return self.unknown(word);
        }
        let (from, to) = (parsed[0], parsed[1]);
        let (Some(me), Some(v)) = (g.my_color, g.view.as_ref()) else {
            return self.unknown(word);
        };
        if v.to_move != me {
            self.say(tr(lang, "line-not-your-turn"));
            return vec![];
        }
        if v.piece_at(from).is_none_or(|p| p.color != me) {
            let line = t!(lang, "line-no-piece", square = from.to_string());
            self.say(line);
            return vec![];
        }
        match v
            .legal_moves
            .iter()
            .find(|m| m.from == from && m.to == to && m.rescue.is_none())
        {
            Some(m) => vec![Effect::Game(GameCmd::Move(*m))],
            None => {
                // Why, as the screens say it (a Bomb, a lake, a blocked Scout, the
                // repetition rules), from what the player's view knows.
                let line = match v.check(&crate::rules::Move::new(from, to), &g.history) {
                    Err(r) => super::game::sentence(lang, r),
                    Ok(()) => t!(
                        lang,
                        "line-cannot-move",
                        from = from.to_string(),
                        to = to.to_string()
                    ),
                };
                self.say(line);
                vec![]
            }
        }
    }

    /// `note C7 bomb`, `note C7 8 9`, `note C7 not-bomb`, `note C7 moved`, `note C7 clear`:
    /// this player's own note on an unknown enemy piece. Checked against the view first
    /// (the game checks it again); a refusal says why and sends nothing.
    fn note(&mut self, g: &GameSnapshot, args: &[&str]) -> Vec<Effect> {
        let lang = self.settings.lang;
        let n = self.settings.numbering;
        let Some(at) = args.first().and_then(|w| w.parse::<Square>().ok()) else {
            self.say(tr(lang, "note-usage"));
            return vec![];
        };
        let text = args[1..].join(" ");
        let guess = if text.eq_ignore_ascii_case("clear") {
            None
        } else {
            match Guess::parse(&text, n) {
                Ok(guess) => Some(guess),
                Err(_) => {
                    self.say(tr(lang, "note-usage"));
                    return vec![];
                }
            }
        };
        let checked = match (g.view.as_ref(), g.my_color) {
            (_, None) => Err(NoteError::NotAPlayer),
            (None, _) => Err(NoteError::NotInPlay),
            (Some(v), _) => Notes::check(v, at).and_then(|()| match &guess {
                None if g.notes.get(at).is_none() => Err(NoteError::NoNote),
                _ => Ok(()),
            }),
        };
        if let Err(e) = checked {
            self.say(crate::proto::note_refusal(e, at).text(lang));
            return vec![];
        }
        let line = match &guess {
            Some(guess) => t!(
                lang,
                "line-note-made",
                square = at.to_string(),
                guess = crate::proto::guess_words(lang, guess)
            ),
            None => t!(lang, "line-note-cleared", square = at.to_string()),
        };
        self.say(line);
        vec![Effect::Game(GameCmd::Note(at, guess))]
    }

    /// `notes`: this player's notes, by square.
    fn notes(&mut self, g: &GameSnapshot) {
        let lang = self.settings.lang;
        if g.notes.is_empty() {
            self.say(tr(lang, "line-notes-none"));
            return;
        }
        let items: Vec<String> = g
            .notes
            .iter()
            .map(|note| {
                t!(
                    lang,
                    "line-notes-item",
                    square = note.square.to_string(),
                    guess = crate::proto::guess_words(lang, &note.guess)
                )
            })
            .collect();
        let line = t!(lang, "line-notes", notes = items.join("; "));
        self.say(line);
    }

    /// Both clocks now, or that the game has none.
    fn tell_clocks(&mut self) {
        let line = self.clocks_line("line-clocks", "line-no-clock-game");
        self.say(line);
    }

    /// Message `clocks` with both clocks now, or `none` when the game has no clock.
    fn clocks_line(&self, clocks: &'static str, none: &'static str) -> String {
        let lang = self.settings.lang;
        let line = match self.clock_texts() {
            Some((red, blue)) => t!(
                lang,
                clocks,
                red_name = color_name(lang, Color::Red),
                red = red,
                blue_name = color_name(lang, Color::Blue),
                blue = blue,
            ),
            None => tr(lang, none),
        };
        // A correspondence game's total budget left to each side, after the clocks.
        match self.budget_texts() {
            Some((red, blue)) => t!(
                lang,
                "line-clocks-budget",
                clocks = line,
                red_name = color_name(lang, Color::Red),
                red = red,
                blue_name = color_name(lang, Color::Blue),
                blue = blue,
            ),
            None => line,
        }
    }

    /// Each side's total budget left (`28 d 4 h left of 30 d`), the side to move's counted
    /// down since its snapshot came; `None` without a budget.
    fn budget_texts(&self) -> Option<(String, String)> {
        let g = self.game.as_ref()?;
        let (left, budget) = (g.budget_left?, g.terms.budget?);
        let since = self.game_at.map_or(Duration::ZERO, |t| t.elapsed());
        let running =
            |c: Color| g.phase == GamePhase::Playing && g.clocks.is_some_and(|k| k.get(c).running);
        let text = |c: Color| {
            let mut l = *left.get(c);
            if running(c) {
                l = l.saturating_sub(since);
            }
            super::vocab::budget_left_words(self.settings.lang, l.as_secs(), budget)
        };
        Some((text(Color::Red), text(Color::Blue)))
    }

    fn last(&mut self) {
        let g = self.game.clone();
        let m = g.as_ref().and_then(|g| g.history.last().cloned());
        match (g, m) {
            (Some(g), Some(m)) => {
                // As it was told when it was played.
                let s = self.sentence(&g, &m);
                self.say(s);
            }
            _ => self.say(tr(self.settings.lang, "line-last-none")),
        }
    }

    /// One occupied square as the board tells it: own pieces by rank, the opponent's as
    /// unknown (and whether it has moved) or as what the view reveals; a spectator's with
    /// their colour. Never a rank the view does not hold.
    fn item(&self, v: &PlayerView, sq: Square, me: Option<Color>) -> Option<String> {
        let lang = self.settings.lang;
        let p = v.piece_at(sq)?;
        let square = sq.to_string();
        Some(match (me, p.rank) {
            (Some(me), Some(r)) if p.color == me => t!(
                lang,
                "line-board-own",
                square = square,
                rank = rank_name(lang, r)
            ),
            (Some(_), Some(r)) => t!(
                lang,
                "line-board-enemy-known",
                square = square,
                rank = rank_name(lang, r)
            ),
            (Some(_), None) => {
                let item = if p.moved {
                    t!(lang, "line-board-enemy-moved", square = square)
                } else {
                    t!(lang, "line-board-enemy", square = square)
                };
                // This player's own note on it, said as a guess.
                match self.game.as_ref().and_then(|g| g.notes.get(sq)) {
                    Some(guess) => t!(
                        lang,
                        "line-board-noted",
                        item = item,
                        guess = crate::proto::guess_words(lang, guess)
                    ),
                    None => item,
                }
            }
            (None, Some(r)) => t!(
                lang,
                "line-board-side-known",
                square = square,
                color = color_name(lang, p.color),
                rank = rank_name(lang, r)
            ),
            (None, None) if p.moved => t!(
                lang,
                "line-board-side-moved",
                square = square,
                color = color_name(lang, p.color)
            ),
            (None, None) => t!(
                lang,
                "line-board-side",
                square = square,
                color = color_name(lang, p.color)
            ),
        })
    }

    /// A row of the board (0-based) as `board` tells it.
    fn row_line(&self, v: &PlayerView, row: u8, me: Option<Color>) -> String {
        let squares: Vec<String> = (0..10)
            .filter_map(|f| Square::new(f, row))
            .filter_map(|sq| self.item(v, sq, me))
            .collect();
        if squares.is_empty() {
            t!(self.settings.lang, "line-board-row-empty", row = row + 1)
        } else {
            t!(
                self.settings.lang,
                "line-board-row",
                row = row + 1,
                squares = squares.join("; ")
            )
        }
    }

    /// The rows from the far side down to the viewer's (a spectator sits at Red's side).
    fn rows_from_far(me: Option<Color>) -> Vec<u8> {
        match me {
            Some(Color::Blue) => (0..10).collect(),
            _ => (0..10).rev().collect(),
        }
    }

    /// The board row by row from the opponent's side down to this player's: own pieces by
    /// rank, the opponent's as unknown (and whether it has moved) or as what is known. A
    /// spectator reads it from Red's side, each piece with its colour.
    fn board(&mut self) {
        let lang = self.settings.lang;
        let Some(g) = self.game.clone() else {
            return;
        };
        let me = g.my_color.unwrap_or(Color::Red);
        let (Some(v), true) = (g.view.as_ref(), g.phase != GamePhase::Setup) else {
            match (&g.my_setup, &self.draft) {
                (Some(s), _) | (None, Some(s)) => {
                    let s = s.clone();
                    self.show_setup(&s, me);
                }
                _ => self.say(tr(lang, "line-board-none")),
            }
            return;
        };
        let head = match g.my_color {
            Some(me) => t!(
                lang,
                "line-board-head",
                color = color_name(lang, me),
                home = if me == Color::Red { 1 } else { 10 }
            ),
            None => t!(
                lang,
                "line-board-head-watch",
                color = color_name(lang, Color::Red)
            ),
        };
        self.say(head);
        for row in Self::rows_from_far(g.my_color) {
            let line = self.row_line(v, row, g.my_color);
            self.say(line);
        }
    }

    /// `row`, `col`, `square`, `pieces`, `moves` on the board in play (or after it).
    fn view_input(&mut self, g: &GameSnapshot, v: &PlayerView, word: &str, args: &[&str]) {
        let lang = self.settings.lang;
        let me = g.my_color;
        match word {
            "row" => match parse_row(args) {
                Some(row) => {
                    let line = self.row_line(v, row, me);
                    self.say(line);
                }
                None => self.say(tr(lang, "line-row-usage")),
            },
            "col" | "column" => {
                let file = match args {
                    [a] if a.chars().count() == 1 => {
                        let c = a.chars().next().unwrap_or(' ').to_ascii_uppercase();
                        ('A'..='J').contains(&c).then(|| c as u8 - b'A')
                    }
                    _ => None,
                };
                let Some(file) = file else {
                    self.say(tr(lang, "line-col-usage"));
                    return;
                };
                let squares: Vec<String> = Self::rows_from_far(me)
                    .into_iter()
                    .filter_map(|row| Square::new(file, row))
                    .filter_map(|sq| self.item(v, sq, me))
                    .collect();
                let name = ((b'A' + file) as char).to_string();
                let line = if squares.is_empty() {
                    t!(lang, "line-col-empty", file = name)
                } else {
                    t!(lang, "line-col", file = name, squares = squares.join("; "))
                };
                self.say(line);
            }
            "square" | "sq" => {
                let sq = match args {
                    [a] => a.parse::<Square>().ok(),
                    _ => None,
                };
                let Some(sq) = sq else {
                    self.say(tr(lang, "line-square-usage"));
                    return;
                };
                let line = self.square_line(v, sq, me);
                self.say(line);
            }
            "pieces" => self.pieces(v, me),
            "moves" => {
                let n = match args {
                    [] => Some(10),
                    [a] => a.parse::<usize>().ok().filter(|&n| n >= 1),
                    _ => None,
                };
                let Some(n) = n else {
                    self.say(tr(lang, "line-moves-usage"));
                    return;
                };
                if g.history.is_empty() {
                    self.say(tr(lang, "line-last-none"));
                }
                let from = g.history.len().saturating_sub(n);
                for m in &g.history[from..] {
                    let s = self.sentence(g, m);
                    self.say(s);
                }
            }
            _ => {}
        }
    }

    /// What is on one square, as far as this viewer knows.
    fn square_line(&self, v: &PlayerView, sq: Square, me: Option<Color>) -> String {
        let lang = self.settings.lang;
        let square = sq.to_string();
        if sq.is_lake() {
            return t!(lang, "line-square-lake", square = square);
        }
        let Some(p) = v.piece_at(sq) else {
            return t!(lang, "line-square-empty", square = square);
        };
        let color = color_name(lang, p.color);
        match (me, p.rank) {
            (Some(me), Some(r)) if p.color == me => t!(
                lang,
                "line-square-own",
                square = square,
                rank = rank_name(lang, r),
                moved = if p.moved { "yes" } else { "no" }
            ),
            (Some(_), Some(r)) => t!(
                lang,
                "line-square-enemy-known",
                square = square,
                rank = rank_name(lang, r)
            ),
            (Some(_), None) if p.moved => t!(lang, "line-square-enemy-moved", square = square),
            (Some(_), None) => t!(lang, "line-square-enemy", square = square),
            (None, Some(r)) => t!(
                lang,
                "line-square-side-known",
                square = square,
                color = color,
                rank = rank_name(lang, r)
            ),
            (None, None) if p.moved => t!(
                lang,
                "line-square-side-moved",
                square = square,
                color = color
            ),
            (None, None) => t!(lang, "line-square-side", square = square, color = color),
        }
    }

    /// `Marshal 1, Scout 8` of per-rank counts (ranks with none left out), or `none`.
    fn rank_counts(&self, counts: &[u8; 12]) -> String {
        let items: Vec<String> = Rank::ALL
            .into_iter()
            .filter(|r| counts[r.index()] > 0)
            .map(|r| {
                t!(
                    self.settings.lang,
                    "line-rank-count",
                    rank = rank_name(self.settings.lang, r),
                    count = counts[r.index()]
                )
            })
            .collect();
        if items.is_empty() {
            tr(self.settings.lang, "line-pieces-no-ranks")
        } else {
            items.join(", ")
        }
    }

    /// Own pieces left by rank; of the other side (each side, for a spectator): how many
    /// are on the board, those revealed, the ranks left as far as the view tells, and
    /// what was captured of it.
    fn pieces(&mut self, v: &PlayerView, me: Option<Color>) {
        let lang = self.settings.lang;
        if let Some(me) = me {
            let counts = *v.remaining.get(me);
            let total: u32 = counts.iter().map(|&c| c as u32).sum();
            let line = t!(
                lang,
                "line-pieces-own",
                count = total,
                ranks = self.rank_counts(&counts)
            );
            self.say(line);
        }
        let sides: Vec<Color> = match me {
            Some(me) => vec![me.opposite()],
            None => vec![Color::Red, Color::Blue],
        };
        for c in sides {
            let color = color_name(lang, c);
            let on_board: Vec<(Square, Option<Rank>)> = (0..100)
                .filter_map(Square::from_index)
                .filter_map(|sq| {
                    v.piece_at(sq)
                        .filter(|p| p.color == c)
                        .map(|p| (sq, p.rank))
                })
                .collect();
            let revealed: Vec<String> = on_board
                .iter()
                .filter_map(|(sq, r)| {
                    r.map(|r| {
                        t!(
                            lang,
                            "line-board-own",
                            square = sq.to_string(),
                            rank = rank_name(lang, r)
                        )
                    })
                })
                .collect();
            let line = if revealed.is_empty() {
                t!(
                    lang,
                    "line-pieces-side-hidden",
                    color = color.clone(),
                    count = on_board.len()
                )
            } else {
                t!(
                    lang,
                    "line-pieces-side",
                    color = color.clone(),
                    count = on_board.len(),
                    revealed = revealed.join(", ")
                )
            };
            self.say(line);
            let left = *v.remaining.get(c);
            let line = t!(
                lang,
                "line-pieces-side-left",
                color = color.clone(),
                ranks = self.rank_counts(&left)
            );
            self.say(line);
            let mut lost = [0u8; 12];
            let mut unknown = 0usize;
            for x in v.captured.iter().filter(|x| x.color == c) {
                match x.rank {
                    Some(r) => lost[r.index()] += 1,
                    None => unknown += 1,
                }
            }
            if lost.iter().any(|&n| n > 0) || unknown > 0 {
                let line = t!(
                    lang,
                    "line-pieces-side-lost",
                    color = color,
                    ranks = self.rank_counts(&lost),
                    unknown = unknown
                );
                self.say(line);
            }
        }
    }
}

/// The row of `row N` (0-based), if `args` is one number from 1 to 10.
fn parse_row(args: &[&str]) -> Option<u8> {
    match args {
        [a] => a
            .parse::<u8>()
            .ok()
            .filter(|r| (1..=10).contains(r))
            .map(|r| r - 1),
        _ => None,
    }
}

/// How a seek or challenge is played, as the `rated` argument of its line: `private`
/// (casual, known to the two players only), `rated` or `casual`.
fn rated_word(s: &Seek) -> &'static str {
    match (s.private, s.terms.rated) {
        (true, _) => "private",
        (false, true) => "rated",
        (false, false) => "casual",
    }
}

#[cfg(test)]
mod split_tests {
    use super::split_items;

    /// Issue 43: a long line is cut between its items, never inside one.
    #[test]
    fn a_long_row_is_cut_between_its_items() {
        let items: Vec<String> = (0..10)
            .map(|i| format!("{}7 enemy, has moved, rank unknown", (b'A' + i) as char))
            .collect();
        let row = format!("Row 7: {}", items.join("; "));
        assert!(row.chars().count() > 200);
        let lines = split_items(&row, 200);
        assert!(lines.len() >= 2, "{lines:?}");
        for l in &lines {
            assert!(l.chars().count() <= 200, "{l}");
            let last = l.trim_end_matches(';');
            assert!(last.ends_with("rank unknown"), "cut inside an item: {l}");
        }
        // Nothing lost.
        assert_eq!(lines.join(" "), row);
        // One long item (a chat line) is wrapped at spaces.
        let chat = "word ".repeat(60);
        assert!(split_items(chat.trim_end(), 200).len() == 2);
    }
}
