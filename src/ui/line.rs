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
use super::vocab::{color_name, end_reason, variant_name};
use super::words::{move_sentence, wrap};
use super::{rank_name, Effect, Identity, Msg};
use crate::i18n::{tr, Lang};
use crate::proto::{
    BotLevel, ChatLine, ClockSpec, GameCmd, GamePhase, GameSnapshot, GameTerms, LobbyCmd,
    LobbySnapshot, PlayerStatus, Seek,
};
use crate::rules::{Color, Numbering, Rules, Setup, SplitMix64, Square, Variant};
use crate::t;

/// The longest line the line mode writes, in characters (a longer one is wrapped).
pub const MAX_LINE: usize = 200;

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

/// The line mode of one session.
pub struct LineApp {
    me: Identity,
    lang: Lang,
    numbering: Numbering,
    lobby: Arc<LobbySnapshot>,
    /// Whether a lobby snapshot came already (the first one's chat and seeks are history).
    lobby_seen: bool,
    challenges: Vec<Seek>,
    /// The seeks as `seeks` last listed them (what `accept N` counts in).
    listed: Vec<Seek>,
    game: Option<Arc<GameSnapshot>>,
    game_at: Option<Instant>,
    /// The set-up being prepared (set-up phase, before `ready`).
    draft: Option<Setup>,
    /// Moves of the game's history told already.
    told_moves: usize,
    /// Chat lines of the game told already.
    told_chat: usize,
    /// The ply whose "your turn" was told.
    told_turn: Option<u32>,
    told_over: bool,
    told_play: bool,
    told_ready: bool,
    rng: SplitMix64,
    out: Vec<String>,
}

impl LineApp {
    /// `seed` must be unpredictable (the session draws it from the operating system).
    pub fn new(me: Identity, lang: Lang, numbering: Numbering, seed: u64) -> LineApp {
        LineApp {
            me,
            lang,
            numbering,
            lobby: Arc::new(LobbySnapshot::default()),
            lobby_seen: false,
            challenges: vec![],
            listed: vec![],
            game: None,
            game_at: None,
            draft: None,
            told_moves: 0,
            told_chat: 0,
            told_turn: None,
            told_over: false,
            told_play: false,
            told_ready: false,
            rng: SplitMix64(seed),
            out: vec![],
        }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The lines written since the last call, each at most [`MAX_LINE`] characters, with
    /// no control character.
    pub fn take_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.out)
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
        format!("{} ", tr(self.lang, id))
    }

    /// Writes a line (control characters dropped, a long one wrapped).
    fn say(&mut self, text: impl AsRef<str>) {
        for part in text.as_ref().split('\n') {
            let clean: String = part.chars().filter(|c| !c.is_control()).collect();
            if clean.chars().count() <= MAX_LINE {
                self.out.push(clean);
            } else {
                self.out.extend(wrap(&clean, MAX_LINE));
            }
        }
    }

    /// Written when the session starts.
    pub fn welcome(&mut self) {
        let line = t!(self.lang, "line-welcome", nick = self.me.nick.clone());
        self.say(line);
    }

    /// A message from the session; the lines it makes are in [`take_lines`](Self::take_lines).
    pub fn update(&mut self, msg: Msg) -> Vec<Effect> {
        match msg {
            Msg::Lobby(snap) => self.on_lobby(snap),
            Msg::Game { snap, at } => return self.on_game(snap, at),
            Msg::GameClosed => {
                if self.game.take().is_some() {
                    self.say(tr(self.lang, "line-back-in-lobby"));
                }
                self.draft = None;
            }
            Msg::Challenges(list) => self.challenges = list,
            Msg::Notice(n) | Msg::LastingNotice(n) => self.say(n.text(self.lang)),
            Msg::AdminResult(r) => self.say(r.text),
            Msg::Renamed(Ok(nick)) => self.me.nick = nick,
            Msg::Renamed(Err(why)) => self.say(why),
            // Keys, sizes, ticks and the browse pages are the screens'.
            _ => {}
        }
        vec![]
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
                        self.lang,
                        "line-seek-new",
                        nick = s.owner.clone(),
                        variant = variant_name(self.lang, s.terms.rules.variant),
                        clock = self.clock_words(s.terms.clock),
                    );
                    self.say(line);
                }
            }
        }
        self.lobby_seen = true;
        self.lobby = snap;
    }

    fn chat_line(&mut self, c: &ChatLine) {
        let line = t!(
            self.lang,
            "line-chat",
            nick = c.from.clone(),
            text = c.text.clone()
        );
        self.say(line);
    }

    fn clock_words(&self, c: Option<ClockSpec>) -> String {
        match c {
            Some(c) => clock_words_in(self.lang, &c.to_string()),
            None => clock_words_in(self.lang, "none"),
        }
    }

    fn nick_of(&self, g: &GameSnapshot, c: Color) -> String {
        g.seats.get(c).nick.clone()
    }

    fn on_game(&mut self, snap: Arc<GameSnapshot>, at: Instant) -> Vec<Effect> {
        let lang = self.lang;
        let new_game = self.game.as_ref().is_none_or(|g| g.id != snap.id);
        if new_game {
            self.told_moves = 0;
            self.told_chat = 0;
            self.told_turn = None;
            self.told_over = false;
            self.told_play = false;
            self.told_ready = false;
            self.draft = None;
            let color = snap
                .my_color
                .map_or_else(String::new, |c| color_name(lang, c));
            let line = t!(
                lang,
                "line-game-start",
                game = snap.id,
                red = self.nick_of(&snap, Color::Red),
                blue = self.nick_of(&snap, Color::Blue),
                color = color,
            );
            self.say(line);
            if let (GamePhase::Setup, Some(c), None) = (snap.phase, snap.my_color, &snap.my_setup) {
                let seed = self.rng.next();
                self.draft = Some(Setup::random(&snap.terms.rules, c, seed));
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
        if snap.phase != GamePhase::Setup && !self.told_play {
            self.told_play = true;
            self.say(tr(lang, "line-play-start"));
        }
        // The moves not told yet, each in words (a battle as the battle sentence).
        if snap.history.len() < self.told_moves {
            self.told_moves = 0;
        }
        for m in &snap.history[self.told_moves..] {
            let mut s = move_sentence(lang, m, snap.my_color, self.numbering);
            if !s.ends_with('.') {
                s.push('.');
            }
            self.say(s);
        }
        self.told_moves = snap.history.len();
        self.game = Some(snap.clone());
        self.game_at = Some(at);
        if snap.phase == GamePhase::Over {
            if !self.told_over {
                self.told_over = true;
                self.tell_outcome(&snap);
            }
        } else if snap.phase == GamePhase::Playing {
            if let Some(v) = &snap.view {
                if Some(v.to_move) == snap.my_color && self.told_turn != Some(v.ply) {
                    self.told_turn = Some(v.ply);
                    let line = match self.clock_texts() {
                        Some((red, blue)) => t!(
                            lang,
                            "line-your-turn-clocks",
                            red_name = color_name(lang, Color::Red),
                            red = red,
                            blue_name = color_name(lang, Color::Blue),
                            blue = blue,
                        ),
                        None => tr(lang, "line-your-turn"),
                    };
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

    fn tell_outcome(&mut self, g: &GameSnapshot) {
        let lang = self.lang;
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
        self.say(tr(lang, "line-over-next"));
    }

    /// Both clocks as `m:ss` now (a running one counted down since its snapshot came).
    fn clock_texts(&self) -> Option<(String, String)> {
        let g = self.game.as_ref()?;
        let clocks = g.clocks?;
        let since = self.game_at.map_or(Duration::ZERO, |t| t.elapsed());
        let text = |c: Color| {
            let st = clocks.get(c);
            let left = if st.running {
                st.remaining.saturating_sub(since)
            } else {
                st.remaining
            };
            let s = left.as_secs();
            format!("{}:{:02}", s / 60, s % 60)
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
                let id = match self.mode() {
                    Mode::Lobby => "line-help-lobby",
                    Mode::Setup => "line-help-setup",
                    Mode::Over => "line-help-over",
                    Mode::Waiting if self.in_setup() => "line-help-setup",
                    Mode::Waiting | Mode::Move => "line-help-play",
                };
                self.say(tr(self.lang, id));
                return vec![];
            }
            // Back to the screens (the session checks there is a terminal to draw them).
            "screens" | "screen" => return vec![Effect::ScreenMode],
            "say" | "chat" => {
                if rest.is_empty() {
                    self.say(tr(self.lang, "line-say-what"));
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

    fn unknown(&mut self, word: &str) -> Vec<Effect> {
        let line = t!(self.lang, "line-unknown", word = word.to_string());
        self.say(line);
        vec![]
    }

    fn lobby_input(&mut self, word: &str, args: &[&str]) -> Vec<Effect> {
        let lang = self.lang;
        match word {
            "who" | "w" => {
                let players = self.lobby.players.clone();
                self.say(t!(lang, "line-who-count", count = players.len()));
                for p in players {
                    let status = match p.status {
                        PlayerStatus::Idle => tr(lang, "line-status-idle"),
                        PlayerStatus::Seeking => tr(lang, "line-status-seeking"),
                        PlayerStatus::Playing(g) => t!(lang, "line-status-playing", game = g),
                        PlayerStatus::Watching(g) => t!(lang, "line-status-watching", game = g),
                        PlayerStatus::LeftGame(g) => t!(lang, "line-status-left", game = g),
                    };
                    let rating = p.rating.map_or_else(String::new, |r| format!(" ({r})"));
                    self.say(t!(
                        lang,
                        "line-who-player",
                        nick = p.nick,
                        rating = rating,
                        status = status
                    ));
                }
                vec![]
            }
            "seeks" | "s" => {
                let mut all = self.challenges.clone();
                all.extend(self.lobby.seeks.iter().cloned());
                self.listed = all.clone();
                if all.is_empty() {
                    self.say(tr(lang, "line-seeks-none"));
                }
                for (i, s) in all.iter().enumerate() {
                    let line = t!(
                        lang,
                        "line-seek-item",
                        n = i + 1,
                        nick = s.owner.clone(),
                        variant = variant_name(lang, s.terms.rules.variant),
                        clock = self.clock_words(s.terms.clock),
                        rated = if s.terms.rated { "rated" } else { "casual" },
                    );
                    self.say(line);
                }
                vec![]
            }
            "accept" | "a" => {
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
            "computer" | "c" | "bot" => {
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
            "seek" => {
                let Some(variant) = args.first().and_then(|v| Variant::parse(v)) else {
                    self.say(tr(lang, "line-seek-usage"));
                    return vec![];
                };
                let mut clock = ClockSpec::parse("10+5").ok().flatten();
                let mut rated = !self.me.guest;
                for a in &args[1..] {
                    if a.eq_ignore_ascii_case("casual") {
                        rated = false;
                    } else if a.eq_ignore_ascii_case("rated") {
                        rated = !self.me.guest;
                    } else {
                        match ClockSpec::parse(a) {
                            Ok(c) => clock = c,
                            Err(_) => {
                                self.say(tr(lang, "line-seek-usage"));
                                return vec![];
                            }
                        }
                    }
                }
                self.say(tr(lang, "line-seek-posted"));
                vec![Effect::Lobby(LobbyCmd::Seek {
                    terms: GameTerms {
                        rules: Rules::standard(variant),
                        rated,
                        clock,
                    },
                    private_to: None,
                })]
            }
            "games" | "g" => {
                let games = self.lobby.games.clone();
                if games.is_empty() {
                    self.say(tr(lang, "line-games-none"));
                }
                for g in games {
                    self.say(t!(
                        lang,
                        "line-game-item",
                        game = g.id,
                        red = g.red,
                        blue = g.blue,
                        variant = variant_name(lang, g.terms.rules.variant),
                        ply = g.ply,
                    ));
                }
                vec![]
            }
            "quit" | "exit" | "q" => {
                self.say(tr(lang, "line-bye"));
                vec![Effect::Quit]
            }
            other => self.unknown(other),
        }
    }

    fn game_input(&mut self, word: &str, args: &[&str], line: &str) -> Vec<Effect> {
        let lang = self.lang;
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
                self.say(tr(lang, "line-quit-in-game"));
                return vec![];
            }
            _ => {}
        }
        match g.phase {
            GamePhase::Setup => self.setup_input(&g, word),
            GamePhase::Playing => self.play_input(&g, word, args, line),
            GamePhase::Over => match word {
                "last" | "l" => {
                    self.last();
                    vec![]
                }
                "resign" => {
                    self.say(tr(lang, "line-resign-not-now"));
                    vec![]
                }
                other => self.unknown(other),
            },
        }
    }

    fn setup_input(&mut self, g: &GameSnapshot, word: &str) -> Vec<Effect> {
        let lang = self.lang;
        let Some(color) = g.my_color else {
            return self.unknown(word);
        };
        let sent = g.my_setup.is_some() || self.draft.is_none();
        match word {
            "show" | "s" => {
                let setup = g.my_setup.clone().or_else(|| self.draft.clone());
                if let Some(setup) = setup {
                    self.show_setup(&setup, color);
                }
                vec![]
            }
            "random" | "r" if !sent => {
                let seed = self.rng.next();
                self.draft = Some(Setup::random(&g.terms.rules, color, seed));
                self.say(tr(lang, "line-setup-random"));
                vec![]
            }
            "ready" | "go" if !sent => {
                let Some(setup) = self.draft.take() else {
                    return vec![];
                };
                self.say(tr(lang, "line-setup-sent"));
                vec![Effect::Game(GameCmd::SubmitSetup(setup))]
            }
            "random" | "r" | "ready" | "go" => {
                self.say(tr(lang, "line-setup-done"));
                vec![]
            }
            "resign" => vec![Effect::Game(GameCmd::Resign)],
            other => self.unknown(other),
        }
    }

    /// The own set-up, row by row from the front row back.
    fn show_setup(&mut self, setup: &Setup, color: Color) {
        let rows: Vec<u8> = match color {
            Color::Red => (0..10).rev().collect(),
            Color::Blue => (0..10).collect(),
        };
        for row in rows {
            let pieces: Vec<String> = (0..10)
                .filter_map(|f| Square::new(f, row))
                .filter_map(|sq| {
                    setup.pieces.get(&sq).map(|r| {
                        t!(
                            self.lang,
                            "line-board-own",
                            square = sq.to_string(),
                            rank = rank_name(self.lang, *r)
                        )
                    })
                })
                .collect();
            if !pieces.is_empty() {
                let line = t!(
                    self.lang,
                    "line-setup-row",
                    row = row + 1,
                    pieces = pieces.join("; ")
                );
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
        let lang = self.lang;
        match word {
            "last" | "l" => {
                self.last();
                return vec![];
            }
            "clock" | "c" => {
                let line = match self.clock_texts() {
                    Some((red, blue)) => t!(
                        lang,
                        "line-clocks",
                        red_name = color_name(lang, Color::Red),
                        red = red,
                        blue_name = color_name(lang, Color::Blue),
                        blue = blue,
                    ),
                    None => tr(lang, "line-no-clock-game"),
                };
                self.say(line);
                return vec![];
            }
            "resign" if g.my_color.is_some() => return vec![Effect::Game(GameCmd::Resign)],
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
                let line = t!(
                    lang,
                    "line-cannot-move",
                    from = from.to_string(),
                    to = to.to_string()
                );
                self.say(line);
                vec![]
            }
        }
    }

    fn last(&mut self) {
        let g = self.game.clone();
        let m = g.as_ref().and_then(|g| g.history.last().cloned());
        match (g, m) {
            (Some(g), Some(m)) => {
                let s = move_sentence(self.lang, &m, g.my_color, self.numbering);
                self.say(s);
            }
            _ => self.say(tr(self.lang, "line-last-none")),
        }
    }

    /// The board row by row from the opponent's side down to this player's: own pieces by
    /// rank, the opponent's as unknown (and whether it has moved) or as what is known.
    fn board(&mut self) {
        let lang = self.lang;
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
        let home = if me == Color::Red { 1 } else { 10 };
        self.say(t!(
            lang,
            "line-board-head",
            color = color_name(lang, me),
            home = home
        ));
        let rows: Vec<u8> = match me {
            Color::Red => (0..10).rev().collect(),
            Color::Blue => (0..10).collect(),
        };
        for row in rows {
            let squares: Vec<String> = (0..10)
                .filter_map(|f| Square::new(f, row))
                .filter_map(|sq| {
                    let p = v.piece_at(sq)?;
                    let square = sq.to_string();
                    Some(match p.rank {
                        Some(r) if p.color == me => t!(
                            lang,
                            "line-board-own",
                            square = square,
                            rank = rank_name(lang, r)
                        ),
                        Some(r) => t!(
                            lang,
                            "line-board-enemy-known",
                            square = square,
                            rank = rank_name(lang, r)
                        ),
                        None if p.moved => t!(lang, "line-board-enemy-moved", square = square),
                        None => t!(lang, "line-board-enemy", square = square),
                    })
                })
                .collect();
            let line = if squares.is_empty() {
                t!(lang, "line-board-row-empty", row = row + 1)
            } else {
                t!(
                    lang,
                    "line-board-row",
                    row = row + 1,
                    squares = squares.join("; ")
                )
            };
            self.say(line);
        }
    }
}
