//! The replay viewer: a finished game's positions, one ply at a time, from a perspective
//! (everything revealed, or as Red or Blue knew it). Every position comes from the server
//! as a [`ReplaySnapshot`] holding a `PlayerView`; the screen keeps showing the previous one
//! until the answer arrives.

use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::board::{self, Content};
use super::browse::result_words;
use super::game::piece_label;
use super::input::{Key, KeyCode, Mouse, MouseButton, MouseKind};
use super::keymap::{self, ch, hint, note, on, Binding, Conditions, Described, With};
use super::layout::{board_layout, BoardLayout};
use super::theme::Theme;
use super::vocab::{color_name, variant_name};
use super::widgets::{footer, pad, paragraph, put, put_line, trunc};
use super::words::{width, wrap, wrap_line};
use super::{rank_label, Act, Ctx, Effect, Overlay};
use crate::i18n::{tr, Lang};
use crate::proto::{AnalysisStatus, BrowseCmd, GameId, GameListItem, Perspective, ReplaySnapshot};
use crate::rules::{
    BattleResult, Color, GameAnalysis, Immobility, Judgement, Numbering, Options, Outcome, Rank,
    Severity, ViewMove,
};
use crate::t;
use crate::ui::words::battle_sentence;
use KeyCode::{Down, End, Esc, Home, Left, PageDown, PageUp, Right, Up, F};

/// Autoplay speeds: milliseconds per ply.
pub(crate) const SPEEDS_MS: [u64; 4] = [250, 500, 1000, 2000];
const DEFAULT_SPEED: usize = 2;

#[derive(Clone, Debug)]
pub(crate) struct ReplayUi {
    pub id: GameId,
    pub red: String,
    pub blue: String,
    /// Plies in the whole game.
    pub plies: u32,
    /// How the game ended, as the game list said (a position before the end has none
    /// of its own).
    pub outcome: Option<Outcome>,
    /// The position asked for last (shown once its snapshot arrives).
    pub ply: u32,
    pub perspective: Perspective,
    pub shown: Option<ReplaySnapshot>,
    pub autoplay: bool,
    /// Index into [`SPEEDS_MS`].
    pub speed: usize,
    /// When autoplay takes the next step (set by the first tick after it starts).
    pub next_at: Option<Instant>,
    /// The viewer's side when it is their own game: at the bottom unless flipped.
    pub mine: Option<Color>,
    /// `f`: the board turned the other way round.
    pub flip: bool,
    /// A private game: it has no web page to link to.
    pub private: bool,
}

fn perspective_words(lang: Lang, p: Perspective) -> String {
    tr(
        lang,
        match p {
            Perspective::All => "replay-everything",
            Perspective::Red => "replay-as-red",
            Perspective::Blue => "replay-as-blue",
        },
    )
}

/// `0.25 s`, `1 s` (`0,25 s` in German and Dutch).
fn speed_words(lang: Lang, ms: u64) -> String {
    let s = format!("{}.{:03}", ms / 1000, ms % 1000);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    let s = s.replace('.', &tr(lang, "replay-decimal-mark"));
    t!(lang, "replay-seconds", seconds = s)
}

/// A ply as the move list writes it: `E3-E4`, `E3xE4 7x5 win`, with `+S@D2` for a rescue.
fn ply_text(lang: Lang, m: &ViewMove, n: Numbering) -> String {
    let (from, to) = (m.from.to_string(), m.to.to_string());
    let rank = |r: Option<Rank>| {
        r.map_or_else(
            || tr(lang, "replay-ply-unknown"),
            |r| rank_label(lang, r, n).to_string(),
        )
    };
    let s = match m.battle {
        None => t!(lang, "replay-ply-move", from = from, to = to),
        Some(b) => {
            let result = tr(
                lang,
                match b.result {
                    BattleResult::AttackerWins => "replay-ply-win",
                    BattleResult::DefenderWins => "replay-ply-loss",
                    BattleResult::BothRemoved => "replay-ply-tie",
                },
            );
            t!(
                lang,
                "replay-ply-battle",
                from = from,
                to = to,
                attacker = rank(b.attacker),
                defender = rank(b.defender),
                result = result
            )
        }
    };
    match m.rescue {
        Some(r) => t!(
            lang,
            "replay-ply-rescue",
            ply = s,
            rank = rank_label(lang, r.rank, n),
            to = r.to.to_string()
        ),
        None => s,
    }
}

/// The mark of ply `k` (1-based) in the move list: the worse of the analysis's two
/// judgements (`?` a mistake, `??` a blunder), nothing without an analysis.
fn mark_of(a: Option<&GameAnalysis>, k: usize) -> &'static str {
    let Some(p) = a.and_then(|a| a.plies.get(k.wrapping_sub(1))) else {
        return "";
    };
    [p.seen, p.hindsight]
        .iter()
        .flatten()
        .max_by_key(|j| j.severity())
        .map_or("", |j| j.mark())
}

/// Room a mark takes after a move in the list (` ??`), when the game has an analysis.
fn mark_room(a: Option<&GameAnalysis>) -> usize {
    if a.is_some() {
        3
    } else {
        0
    }
}

/// A ply of the list with its mark.
fn marked(text: String, mark: &str) -> String {
    if mark.is_empty() {
        text
    } else {
        format!("{text} {mark}")
    }
}

/// The options of the game in words, for the header: in full, or `short`.
fn rules_words(lang: Lang, o: &Options, short: bool) -> String {
    let id = |full: &'static str, brief: &'static str| tr(lang, if short { brief } else { full });
    let mut w = vec![match o.two_square_limit {
        0 => id(
            "replay-rules-no-two-square",
            "replay-rules-short-no-two-square",
        ),
        n if short => t!(lang, "replay-rules-short-two-square", count = n),
        n => t!(lang, "replay-rules-two-square", count = n),
    }];
    if o.more_squares {
        w.push(id("replay-rules-chasing", "replay-rules-short-chasing"));
    }
    if o.aggressor_advantage {
        w.push(id(
            "replay-rules-attacker-wins",
            "replay-rules-short-attacker",
        ));
    }
    if o.silent_defense {
        w.push(id("replay-rules-silent", "replay-rules-short-silent"));
    }
    if o.rescue {
        w.push(id("replay-rules-rescue", "replay-rules-short-rescue"));
    }
    if o.immobility == Immobility::Immediate {
        w.push(id("replay-rules-blocked", "replay-rules-short-blocked"));
    }
    w.join(if short { " " } else { ", " })
}

impl ReplayUi {
    /// The replay of `item` for the player `me` (their own game from their side).
    pub fn new(item: &GameListItem, me: &str) -> ReplayUi {
        let mine = if item.red == me {
            Some(Color::Red)
        } else if item.blue == me {
            Some(Color::Blue)
        } else {
            None
        };
        ReplayUi {
            mine,
            flip: false,
            id: item.id,
            red: item.red.clone(),
            blue: item.blue.clone(),
            plies: item.plies,
            outcome: item.outcome,
            ply: 0,
            perspective: Perspective::All,
            shown: None,
            autoplay: false,
            speed: DEFAULT_SPEED,
            next_at: None,
            private: item.private,
        }
    }

    /// The request for the position wanted now.
    pub fn cmd(&self) -> BrowseCmd {
        BrowseCmd::Replay {
            id: self.id,
            ply: self.ply,
            perspective: self.perspective,
        }
    }

    fn ask(&self) -> Vec<Act> {
        vec![Act::Fx(Effect::Browse(self.cmd()))]
    }

    /// An answer for this game: shown at once.
    pub fn receive(&mut self, s: ReplaySnapshot) -> bool {
        if s.id != self.id {
            return false;
        }
        // An older answer after the one asked last (two reads can be in flight): the newer
        // stays.
        if !self.pending() && (s.ply, s.perspective) != (self.ply, self.perspective) {
            return true;
        }
        self.plies = s.plies;
        self.red = s.red.clone();
        self.blue = s.blue.clone();
        self.private = s.private;
        self.shown = Some(s);
        true
    }

    /// The answer for the position asked last has not arrived yet.
    pub fn pending(&self) -> bool {
        self.shown.as_ref().map(|s| (s.ply, s.perspective)) != Some((self.ply, self.perspective))
    }

    /// Blue at the bottom: Blue's perspective, or everything revealed in Blue's own game;
    /// `f` turns it round.
    pub fn flipped(&self) -> bool {
        let bottom = match self
            .shown
            .as_ref()
            .map_or(self.perspective, |s| s.perspective)
        {
            Perspective::Blue => Color::Blue,
            Perspective::Red => Color::Red,
            Perspective::All => self.mine.unwrap_or(Color::Red),
        };
        (bottom == Color::Blue) != self.flip
    }

    /// What the board shows: the perspective's words, except at the end, where every
    /// piece is shown whatever the perspective.
    fn perspective_label(&self, lang: Lang) -> String {
        let persp = self
            .shown
            .as_ref()
            .map_or(self.perspective, |s| s.perspective);
        if self.at_the_end() && persp != Perspective::All {
            tr(lang, "replay-all-revealed")
        } else {
            perspective_words(lang, persp)
        }
    }

    /// The position shown is the game's end: every piece is shown, whatever the
    /// perspective.
    fn at_the_end(&self) -> bool {
        self.shown
            .as_ref()
            .is_some_and(|s| s.ply >= self.plies && s.outcome.or(self.outcome).is_some())
    }

    pub fn layout(&self, w: u16, h: u16) -> BoardLayout {
        board_layout(w, h, self.flipped())
    }

    pub fn step(&self) -> Duration {
        Duration::from_millis(SPEEDS_MS[self.speed])
    }

    /// The analysis after the game, when the server has it.
    pub fn analysis(&self) -> Option<&GameAnalysis> {
        match self.shown.as_ref()?.analysis.as_deref()? {
            AnalysisStatus::Ready(a) => Some(a),
            _ => None,
        }
    }

    /// Goes to `ply` (clamped to the game); nothing when already there.
    fn go(&mut self, ply: u32) -> Vec<Act> {
        let ply = ply.min(self.plies);
        if ply == self.ply {
            return vec![];
        }
        self.ply = ply;
        self.ask()
    }

    pub fn key(&mut self, k: Key) -> Vec<Act> {
        let Some(a) = keymap::action(KEYS, k, &*self) else {
            return vec![];
        };
        match a {
            Do::Step(d) => self.go(self.ply.saturating_add_signed(d)),
            Do::Start => self.go(0),
            Do::End => self.go(self.plies),
            Do::Play => {
                self.next_at = None;
                if self.autoplay {
                    self.autoplay = false;
                    return vec![];
                }
                self.autoplay = true;
                if self.ply >= self.plies {
                    // At the end: play again from the start.
                    return self.go(0);
                }
                vec![]
            }
            Do::Faster => {
                self.speed = self.speed.saturating_sub(1);
                vec![]
            }
            Do::Slower => {
                self.speed = (self.speed + 1).min(SPEEDS_MS.len() - 1);
                vec![]
            }
            Do::Perspective => {
                self.perspective = match self.perspective {
                    Perspective::All => Perspective::Red,
                    Perspective::Red => Perspective::Blue,
                    Perspective::Blue => Perspective::All,
                };
                self.ask()
            }
            Do::Flip => {
                self.flip = !self.flip;
                vec![]
            }
            Do::NextMistake => {
                // The position after the next mistake's move (its move shown as the last).
                match self.analysis().and_then(|a| a.next_mistake(self.ply)) {
                    Some(k) => {
                        self.autoplay = false;
                        self.go(k)
                    }
                    None => vec![],
                }
            }
            Do::Back => vec![Act::Back],
            Do::Settings => vec![Act::Open(Overlay::Settings { row: 0 })],
            Do::Help => vec![Act::Open(Overlay::Help)],
        }
    }

    pub fn keys(&self) -> Box<dyn Described + '_> {
        Box::new(With(KEYS, self))
    }

    /// The wheel steps through the game; a click on a move in the list goes to the
    /// position after it.
    pub fn mouse(&mut self, m: Mouse, w: u16, h: u16, lang: Lang) -> Vec<Act> {
        match m.kind {
            MouseKind::ScrollUp => return self.go(self.ply.saturating_sub(1)),
            MouseKind::ScrollDown => return self.go(self.ply.saturating_add(1)),
            MouseKind::Down(MouseButton::Left) => {}
            _ => return vec![],
        }
        let side = self.layout(w, h).side;
        let rows = moves_rect(side, info_rows(self, lang, side.width));
        let Some(s) = &self.shown else {
            return vec![];
        };
        if !rows.contains((m.column, m.row).into()) {
            return vec![];
        }
        let dx = (m.column - rows.x) as usize;
        if dx < 5 {
            return vec![];
        }
        let room = mark_room(self.analysis());
        let index = if one_per_row(&s.history, lang, side.width, room) {
            let start = s.history.len().saturating_sub(rows.height as usize);
            start + (m.row - rows.y) as usize
        } else {
            let pairs = s.history.len().div_ceil(2);
            let start = pairs.saturating_sub(rows.height as usize);
            let pair = start + (m.row - rows.y) as usize;
            // `  1. ` then the first move and a space.
            let half = usize::from(dx > 5 + move_col(side.width));
            2 * pair + half
        };
        if index >= s.history.len() {
            return vec![];
        }
        self.go(index as u32 + 1)
    }

    /// Autoplay: one ply per step of the chosen speed, never ahead of the server's answers;
    /// stops at the end.
    pub fn tick(&mut self, now: Instant) -> Vec<Act> {
        if !self.autoplay {
            return vec![];
        }
        if self.ply >= self.plies {
            self.autoplay = false;
            self.next_at = None;
            return vec![];
        }
        let step = self.step();
        match self.next_at {
            None => {
                self.next_at = Some(now + step);
                vec![]
            }
            Some(at) if now >= at && !self.pending() => {
                let next = at + step;
                self.next_at = Some(if now >= next { now + step } else { next });
                let acts = self.go(self.ply + 1);
                if self.ply >= self.plies {
                    self.autoplay = false;
                    self.next_at = None;
                }
                acts
            }
            Some(_) => vec![],
        }
    }
}

/// The lines above the move list in the side panel: the result, the position, the play
/// and speed (each wrapped to the panel).
struct Info {
    result: String,
    at: String,
    /// Where the position goes next, while its answer is awaited.
    to: Option<String>,
    play: String,
    speed: String,
}

impl Info {
    fn of(r: &ReplayUi, lang: Lang, dash: &str, arrow: &str, playing: bool, speed: usize) -> Info {
        let outcome = r.shown.as_ref().and_then(|s| s.outcome).or(r.outcome);
        // Moves counted as the move list numbers them (Red's and Blue's make one).
        let mut at = t!(lang, "replay-at-start", count = r.plies.div_ceil(2));
        if let Some(s) = r.shown.as_ref().filter(|s| s.ply > 0) {
            at = t!(
                lang,
                "replay-move-of",
                number = s.ply.div_ceil(2),
                count = r.plies.div_ceil(2)
            );
            if let Some(m) = s.history.last() {
                at.push_str(&t!(lang, "replay-moved", color = color_name(lang, m.mover)));
            }
        }
        let to = r.pending().then(|| {
            let to = t!(lang, "replay-going-to", number = r.ply.div_ceil(2));
            format!("  {arrow} {to}")
        });
        let play = tr(
            lang,
            if playing {
                "replay-playing"
            } else {
                "replay-paused"
            },
        );
        let speed = speed_words(lang, SPEEDS_MS[speed]);
        Info {
            result: result_words(lang, outcome, dash),
            at,
            to,
            play,
            speed: t!(lang, "replay-per-move", speed = speed),
        }
    }

    /// The position's rows in `width` columns: where the position goes next beside it, or
    /// on rows of its own when it does not fit there whole.
    fn position(&self, width: usize, title: Style, dim: Style) -> Vec<Line<'static>> {
        let mut rows = wrap_line(&Line::styled(self.at.clone(), title), width);
        if let Some(to) = &self.to {
            let last = rows.last_mut().expect("a row");
            if last.width() + super::words::width(to) <= width {
                last.spans.push(Span::styled(to.clone(), dim));
            } else {
                rows.extend(wrap_line(
                    &Line::styled(to.trim_start().to_string(), dim),
                    width,
                ));
            }
        }
        rows
    }

    /// Rows these lines take in `width` columns.
    fn rows(&self, width: usize, shown: bool) -> usize {
        let result = if shown {
            wrap(&self.result, width.saturating_sub(2)).len()
        } else {
            1
        };
        let at = self.position(width, Style::new(), Style::new()).len();
        result + at + wrap(&format!("{}{}", self.play, self.speed), width).len()
    }
}

/// Rows the lines above the move list take, the most any glyphs, play state or speed
/// need (so the list, and where a click lands, stays put while they change).
fn info_rows(r: &ReplayUi, lang: Lang, side_w: u16) -> u16 {
    info_rows_without_analysis(r, lang, side_w) + analysis_height(r)
}

/// Rows the analysis after the game takes in the side panel, above the move list: three
/// (the move shown and its two judgements) once it is there, one while it is made.
fn analysis_height(r: &ReplayUi) -> u16 {
    match r.shown.as_ref().and_then(|s| s.analysis.as_deref()) {
        Some(AnalysisStatus::Ready(_)) => 3,
        Some(AnalysisStatus::Off) | None => 0,
        Some(_) => 1,
    }
}

fn info_rows_without_analysis(r: &ReplayUi, lang: Lang, side_w: u16) -> u16 {
    let mut most = 3;
    for (dash, arrow) in [("—", "→"), ("--", "->")] {
        for playing in [false, true] {
            for speed in 0..SPEEDS_MS.len() {
                let info = Info::of(r, lang, dash, arrow, playing, speed);
                most = most.max(info.rows(usize::from(side_w), r.shown.is_some()));
            }
        }
    }
    most as u16
}

/// The rows of the move list in the side panel (one row per move pair, `  1. ` first),
/// under `info` rows of the result, position and speed.
fn moves_rect(side: Rect, info: u16) -> Rect {
    let y = side.y + 4 + info;
    let bottom = side.bottom().saturating_sub(2);
    Rect::new(side.x, y, side.width, bottom.saturating_sub(y))
}

/// The move list shows a ply a row when one of `hist`'s, in `lang` (in either numbering),
/// is wider than its column in a list of two a row: none is cut.
fn one_per_row(hist: &[ViewMove], lang: Lang, side_w: u16, room: usize) -> bool {
    let col = move_col(side_w);
    hist.iter().any(|m| {
        [Numbering::Modern, Numbering::Classic]
            .into_iter()
            .any(|n| width(&ply_text(lang, m, n)) + room > col)
    })
}

/// Width of one move in the move list.
fn move_col(side_w: u16) -> usize {
    ((side_w as usize).saturating_sub(6) / 2).max(8)
}

/// The replay screen.
pub(crate) fn render(buf: &mut Buffer, r: &ReplayUi, cx: &Ctx) {
    let (t, w, h) = (cx.t, cx.w, cx.h);
    let lang = t.lang;
    let n = cx.settings.numbering;
    let lay = r.layout(w, h);
    let sep = t.g.sep;
    // Header.
    let title = tr(lang, "replay-title");
    let game = t!(lang, "replay-game", id = r.id.to_string());
    let left = match &r.shown {
        Some(s) => {
            let variant = variant_name(lang, s.rules.variant);
            let with = |rules: String| format!("{title}{sep}{variant}{sep}{rules}{sep}{game}");
            let plain = with(rules_words(lang, &s.rules.options, false));
            if width(&plain) <= usize::from(lay.header.width) {
                plain
            } else {
                with(rules_words(lang, &s.rules.options, true))
            }
        }
        None => format!("{title}{sep}{game}"),
    };
    put(
        buf,
        lay.header.x,
        lay.header.y,
        &left,
        lay.header.width,
        t.title(),
    );
    let right = r.perspective_label(lang);
    let rw = width(&right) as u16;
    if rw + width(&left) as u16 + 2 <= lay.header.width {
        put(
            buf,
            lay.header.right() - rw,
            lay.header.y,
            &right,
            rw,
            t.accent(),
        );
    }

    match &r.shown {
        None => {
            let a = lay.board.area;
            put(
                buf,
                a.x + 2,
                a.y + a.height / 2,
                &tr(lang, "replay-loading"),
                a.width.saturating_sub(2),
                t.dim(),
            );
        }
        Some(s) => {
            let v = &s.view;
            let last = v.last_move;
            let top = if r.flipped() { Color::Red } else { Color::Blue };
            let knower = match s.perspective {
                Perspective::All => None,
                Perspective::Red => Some(Color::Red),
                Perspective::Blue => Some(Color::Blue),
            };
            let cell = |sq: crate::rules::Square| {
                let content = if sq.is_lake() {
                    Content::Lake
                } else {
                    match v.piece_at(sq) {
                        None => Content::Empty,
                        Some(p) => {
                            // The player's own notes (only their own replay, from their
                            // side, carries any).
                            let note = s.notes.get(sq).map(|guess| {
                                let room = lay.board.sq_w.saturating_sub(2) as usize;
                                guess.label_in(n, t.ascii(), room)
                            });
                            Content::Piece {
                                color: p.color,
                                noted: note.is_some(),
                                label: note
                                    .map_or_else(|| piece_label(&p, n, t).into(), Into::into),
                                revealed: p.rank.is_some() && knower.is_some_and(|k| k != p.color),
                            }
                        }
                    }
                };
                let mut c = board::Cell::new(content);
                c.last_move = last.is_some_and(|m| m.from == sq || m.to == sq);
                // Whose piece without colour, as on the game screen (board.rs): the
                // knower's opponent's known pieces; with everything revealed, the side at
                // the top (a player's opponent in their own game, Blue for anyone else).
                c.marked = v.piece_at(sq).is_some_and(|p| match knower {
                    Some(k) => p.color != k && p.rank.is_some(),
                    None => p.color == top,
                });
                c
            };
            board::draw(buf, &lay.board, t, &cell);
        }
    }
    render_side(buf, r, &lay, t, n);
    // A private game has no page to link to.
    let link = cx.me.game_link(r.id).filter(|_| !r.private);
    render_below(buf, r, &lay, t, n, link);

    let hints = keymap::in_lang(r.keys().footer(), lang);
    footer(buf, lay.footer, &hints, t);
}

fn render_side(buf: &mut Buffer, r: &ReplayUi, lay: &BoardLayout, t: &Theme, n: Numbering) {
    let side = lay.side;
    let lang = t.lang;
    if side.width == 0 || side.height < 8 {
        return;
    }
    let bottom = if r.flipped() { Color::Blue } else { Color::Red };
    let name = |c: Color| match c {
        Color::Red => &r.red,
        Color::Blue => &r.blue,
    };
    for (c, y) in [(bottom.opposite(), side.y), (bottom, side.bottom() - 1)] {
        let line = Line::from(vec![
            Span::styled(format!("{} ", t.g.bullet), t.side(c)),
            Span::styled(trunc(name(c), 24), t.side(c)),
            Span::styled(format!("  {}", color_name(lang, c)), t.dim()),
        ]);
        put_line(buf, side.x, y, &line, side.width);
    }
    let mut y = side.y + 2;
    let info = Info::of(r, lang, t.g.dash, t.g.arrow, r.autoplay, r.speed);
    let width = usize::from(side.width);
    // The game's result at every position, not only at the last.
    if r.shown.is_some() {
        for row in wrap(&info.result, width.saturating_sub(2)) {
            put(buf, side.x, y, &format!(" {row} "), side.width, t.banner());
            y += 1;
        }
    } else {
        y += 1;
    }
    for row in info.position(width, t.title(), t.dim()) {
        put_line(buf, side.x, y, &row, side.width);
        y += 1;
    }
    let play_style = if r.autoplay { t.accent() } else { t.dim() };
    let speed = Line::from(vec![
        Span::styled(info.play, play_style),
        Span::styled(info.speed, t.dim()),
    ]);
    for row in wrap_line(&speed, width) {
        put_line(buf, side.x, y, &row, side.width);
        y += 1;
    }
    // The analysis after the game, on rows of their own just above the move list.
    let list = moves_rect(side, info_rows(r, lang, side.width));
    if let Some(s) = &r.shown {
        let rows = analysis_rows(s, t);
        let top = list.y.saturating_sub(1 + analysis_height(r));
        for (k, row) in rows.iter().take(analysis_height(r) as usize).enumerate() {
            put_line(buf, side.x, top.max(y) + k as u16, row, side.width);
        }
    }
    if list.height == 0 {
        return;
    }
    let moves = tr(lang, "replay-moves");
    put(buf, side.x, list.y - 1, &moves, side.width, t.title());
    let Some(s) = &r.shown else {
        return;
    };
    let hist = &s.history;
    if hist.is_empty() {
        let start = tr(lang, "replay-start-position");
        put(buf, side.x, list.y, &start, side.width, t.dim());
        return;
    }
    let col = move_col(side.width);
    let current = hist.len() - 1;
    let focus = |i: usize| {
        if i == current {
            t.row_focus()
        } else {
            Style::new()
        }
    };
    let analysis = r.analysis();
    let room = mark_room(analysis);
    let rows: Vec<Line<'static>> = if one_per_row(hist, lang, side.width, room) {
        // A ply a row: Red's numbered, Blue's under it.
        hist.iter()
            .enumerate()
            .map(|(i, m)| {
                let num = if i % 2 == 0 {
                    format!("{:>3}. ", i / 2 + 1)
                } else {
                    " ".repeat(5)
                };
                Line::from(vec![
                    Span::styled(num, t.dim()),
                    Span::styled(
                        marked(ply_text(lang, m, n), mark_of(analysis, i + 1)),
                        focus(i),
                    ),
                ])
            })
            .collect()
    } else {
        hist.chunks(2)
            .enumerate()
            .map(|(i, pair)| {
                let mut spans = vec![Span::styled(format!("{:>3}. ", i + 1), t.dim())];
                for (k, m) in pair.iter().enumerate() {
                    let text = marked(ply_text(lang, m, n), mark_of(analysis, 2 * i + k + 1));
                    spans.push(Span::styled(pad(&text, col), focus(2 * i + k)));
                    spans.push(Span::raw(" "));
                }
                Line::from(spans)
            })
            .collect()
    };
    let start = rows.len().saturating_sub(list.height as usize);
    for (k, l) in rows[start..].iter().enumerate() {
        put_line(buf, list.x, list.y + k as u16, l, list.width);
    }
}

/// Under the board: pieces left, the last battle in words, the perspective.
/// `link`: the game's web page, on the last row when a row is left for it.
fn render_below(
    buf: &mut Buffer,
    r: &ReplayUi,
    lay: &BoardLayout,
    t: &Theme,
    n: Numbering,
    link: Option<String>,
) {
    let a = lay.below;
    let lang = t.lang;
    if a.height == 0 {
        return;
    }
    // The link whole or not at all (a link cut short leads nowhere), under the rest.
    let link = link.filter(|l| super::words::width(l) <= usize::from(a.width) && a.height >= 6);
    let a = match &link {
        Some(l) => {
            let row = a.bottom() - 1;
            put(buf, a.x, row, l, a.width, t.dim());
            Rect::new(a.x, a.y, a.width, a.height - 1)
        }
        None => a,
    };
    let mut y = a.y;
    // The perspective and its key on one row, or on rows of their own when narrow.
    let label = r.perspective_label(lang);
    let views = tr(lang, "replay-views");
    let one = format!("{label}{}{views}", t.g.sep);
    let head: Vec<Line<'static>> = if width(&one) <= usize::from(a.width) {
        vec![Line::from(vec![
            Span::styled(label, t.accent()),
            Span::styled(format!("{}{views}", t.g.sep), t.dim()),
        ])]
    } else {
        let w = usize::from(a.width);
        let mut rows = wrap_line(&Line::styled(label, t.accent()), w);
        rows.extend(wrap_line(&Line::styled(views, t.dim()), w));
        rows
    };
    for row in head {
        if y >= a.bottom() {
            return;
        }
        put_line(buf, a.x, y, &row, a.width);
        y += 1;
    }
    let Some(s) = &r.shown else {
        return;
    };
    let v = &s.view;
    let ranks: Vec<Rank> = Rank::ALL
        .into_iter()
        .filter(|x| s.rules.variant.count(*x) > 0)
        .collect();
    if y + 3 <= a.bottom() {
        // The first column as wide as its widest word (`left`, the sides' names).
        let left = tr(lang, "replay-left");
        let names = [Color::Red, Color::Blue].map(|c| color_name(lang, c));
        let first = names
            .iter()
            .map(|s| width(s))
            .chain([width(&left), 5])
            .max()
            .unwrap_or(5);
        let mut spans = vec![Span::styled(pad(&left, first), t.dim())];
        for x in &ranks {
            spans.push(Span::styled(
                format!("{:>3}", rank_label(lang, *x, n)),
                t.dim(),
            ));
        }
        put_line(buf, a.x, y, &Line::from(spans), a.width);
        y += 1;
        for (c, name) in [Color::Red, Color::Blue].into_iter().zip(names) {
            let counts = v.remaining.get(c);
            let mut spans = vec![Span::styled(pad(&name, first), t.side(c))];
            for x in &ranks {
                let k = counts[x.index()];
                let st = if k == 0 { t.dim() } else { Style::new() };
                spans.push(Span::styled(format!("{k:>3}"), st));
            }
            put_line(buf, a.x, y, &Line::from(spans), a.width);
            y += 1;
        }
    }
    if y >= a.bottom() {
        return;
    }
    if let Some(sentence) = v
        .last_move
        .as_ref()
        .and_then(|m| battle_sentence(lang, m, None, n))
    {
        let rows = 2.min(a.bottom() - y);
        paragraph(
            buf,
            Rect::new(a.x, y, a.width, rows),
            vec![Line::from(sentence)],
        );
    }
}

/// The analysis after the game in the side panel: how the move just shown was judged, as
/// its mover knew it and with hindsight (or where the analysis stands); at the start, the
/// mistakes counted.
fn analysis_rows(s: &ReplaySnapshot, t: &Theme) -> Vec<Line<'static>> {
    let lang = t.lang;
    let Some(status) = s.analysis.as_deref() else {
        return vec![];
    };
    let a = match status {
        AnalysisStatus::Ready(a) => a,
        AnalysisStatus::Waiting { ahead } => {
            let line = t!(lang, "replay-analysis-waiting", ahead = *ahead);
            return vec![Line::styled(line, t.dim())];
        }
        AnalysisStatus::Running => {
            return vec![Line::styled(tr(lang, "replay-analysis-running"), t.dim())]
        }
        AnalysisStatus::Full => {
            return vec![Line::styled(tr(lang, "replay-analysis-full"), t.dim())]
        }
        AnalysisStatus::Off => return vec![],
    };
    let Some(p) = (s.ply as usize).checked_sub(1).and_then(|i| a.plies.get(i)) else {
        let count = a.plies.iter().filter(|p| p.is_mistake()).count();
        let line = t!(lang, "replay-analysis-summary", count = count);
        return vec![Line::styled(line, t.dim())];
    };
    let judged = |key: &str, j: Option<Judgement>| -> Span<'static> {
        let text = match j {
            Some(j) => t!(
                lang,
                "replay-analysis-judged",
                best = format!("{}-{}", j.best.from, j.best.to),
                before = format!("{:+}", j.before),
                arrow = t.g.arrow,
                after = format!("{:+}", j.after),
                mark = if j.mark().is_empty() {
                    String::new()
                } else {
                    format!(" {}", j.mark())
                }
            ),
            None => tr(lang, "replay-analysis-only"),
        };
        let style = match j.map(|j| j.severity()) {
            Some(Severity::Blunder) | Some(Severity::Mistake) => t.accent(),
            _ => Style::new(),
        };
        Span::styled(format!("{}: {text}", tr(lang, key)), style)
    };
    let head = t!(
        lang,
        "replay-analysis-move",
        number = s.ply.div_ceil(2),
        color = color_name(lang, p.mover)
    );
    vec![
        Line::styled(head, t.title()),
        Line::from(vec![Span::raw(" "), judged("replay-analysis-seen", p.seen)]),
        Line::from(vec![
            Span::raw(" "),
            judged("replay-analysis-hindsight", p.hindsight),
        ]),
    ]
}

/// What a replay key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Do {
    /// Plies forward (or back).
    Step(i32),
    Start,
    End,
    /// Play or pause.
    Play,
    Faster,
    Slower,
    Perspective,
    Flip,
    /// To the position after the next mistake the analysis found.
    NextMistake,
    Back,
    Settings,
    Help,
}

/// When a replay key applies (or its hint shows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum If {
    Playing,
    Paused,
    /// The game's analysis is shown.
    Analysed,
}

impl Conditions<If> for ReplayUi {
    fn holds(&self, c: If) -> bool {
        match c {
            If::Playing => self.autoplay,
            If::Paused => !self.autoplay,
            If::Analysed => self.analysis().is_some(),
        }
    }
}

const TEN: &str = "replay-help-ten";
const ENDS: (&str, &str) = ("replay-key-ends", "replay-help-ends");
const SPEED: (&str, &str) = ("replay-key-speed", "replay-help-speed");

/// The replay's keys.
const KEYS: &[Binding<Do, If>] = &[
    on(&[Right, ch('l')], Do::Step(1))
        .hints(&[hint(0, "keys-left-right", "replay-keys-step")])
        .help("keys-right-l", "replay-help-forward"),
    on(&[Left, ch('h')], Do::Step(-1)).help("keys-left-h", "replay-help-back-one"),
    on(&[PageDown, Down], Do::Step(10)).help("replay-key-down-up", TEN),
    on(&[PageUp, Up], Do::Step(-10)).help("replay-key-down-up", TEN),
    on(&[ch('j')], Do::Step(10)).help("replay-key-j-k", TEN),
    on(&[ch('k')], Do::Step(-10)).help("replay-key-j-k", TEN),
    on(&[Home, ch('0')], Do::Start)
        .hints(&[hint(5, "keys-home-end", "replay-keys-ends")])
        .help(ENDS.0, ENDS.1),
    on(&[End, ch('$')], Do::End).help(ENDS.0, ENDS.1),
    on(&[ch(' ')], Do::Play)
        .hints(&[
            hint(1, "keys-space", "replay-keys-pause").when(&[If::Playing]),
            hint(1, "keys-space", "replay-keys-play").when(&[If::Paused]),
        ])
        .help("keys-space", "replay-help-play"),
    on(&[ch('+'), ch('=')], Do::Faster)
        .hints(&[hint(4, "replay-key-speed-short", "replay-keys-speed")])
        .help(SPEED.0, SPEED.1),
    on(&[ch('-'), ch('_')], Do::Slower).help(SPEED.0, SPEED.1),
    on(&[ch('v')], Do::Perspective)
        .hints(&[hint(2, "v", "replay-keys-view")])
        .help("v", "replay-help-view"),
    on(&[ch('f')], Do::Flip)
        .hints(&[hint(7, "f", "replay-keys-flip")])
        .help("f", "replay-help-flip"),
    on(&[ch('n')], Do::NextMistake)
        .hints(&[hint(8, "n", "replay-keys-mistake").when(&[If::Analysed])])
        .help("n", "replay-help-mistake"),
    note("keys-mouse", "replay-help-mouse"),
    on(&[F(2)], Do::Settings).help("F2", "browse-help-settings"),
    on(&[Esc, ch('q')], Do::Back)
        .hints(&[hint(3, "keys-esc", "browse-keys-back")])
        .help("keys-esc-q", "browse-help-back"),
    on(&[ch('?')], Do::Help).hints(&[hint(6, "?", "browse-keys-help")]),
];

#[cfg(test)]
mod key_tests {
    use super::*;
    use crate::ui::keymap::tests::labels_name_their_keys;

    /// Every key of a binding with a help line is named in the line.
    #[test]
    fn help_labels_name_their_keys() {
        let en = crate::ui::browse::labels_in_english(KEYS);
        labels_name_their_keys("replay", &en);
    }
}
