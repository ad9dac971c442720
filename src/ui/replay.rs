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
use super::widgets::{footer, pad, paragraph, put, put_line, trunc};
use super::{Act, Ctx, Effect, Overlay};
use crate::proto::{BrowseCmd, GameId, GameListItem, Perspective, ReplaySnapshot};
use crate::rules::notation::{battle_sentence, move_text};
use crate::rules::{Color, Numbering, Outcome, Rank};
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

fn perspective_words(p: Perspective) -> &'static str {
    match p {
        Perspective::All => "everything revealed",
        Perspective::Red => "as Red saw it",
        Perspective::Blue => "as Blue saw it",
    }
}

fn speed_words(ms: u64) -> String {
    let s = format!("{}.{:03}", ms / 1000, ms % 1000);
    format!("{} s", s.trim_end_matches('0').trim_end_matches('.'))
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
    fn perspective_label(&self) -> &'static str {
        let persp = self
            .shown
            .as_ref()
            .map_or(self.perspective, |s| s.perspective);
        if self.at_the_end() && persp != Perspective::All {
            "game over: all revealed"
        } else {
            perspective_words(persp)
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
    pub fn mouse(&mut self, m: Mouse, w: u16, h: u16) -> Vec<Act> {
        match m.kind {
            MouseKind::ScrollUp => return self.go(self.ply.saturating_sub(1)),
            MouseKind::ScrollDown => return self.go(self.ply.saturating_add(1)),
            MouseKind::Down(MouseButton::Left) => {}
            _ => return vec![],
        }
        let side = self.layout(w, h).side;
        let rows = moves_rect(side);
        let Some(s) = &self.shown else {
            return vec![];
        };
        if !rows.contains((m.column, m.row).into()) {
            return vec![];
        }
        let pairs = s.history.len().div_ceil(2);
        let start = pairs.saturating_sub(rows.height as usize);
        let pair = start + (m.row - rows.y) as usize;
        let dx = (m.column - rows.x) as usize;
        if dx < 5 {
            return vec![];
        }
        // `  1. ` then the first move and a space.
        let half = usize::from(dx > 5 + move_col(side.width));
        let index = 2 * pair + half;
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

/// The rows of the move list in the side panel (one row per move pair, `  1. ` first).
fn moves_rect(side: Rect) -> Rect {
    let y = side.y + 7;
    let bottom = side.bottom().saturating_sub(2);
    Rect::new(side.x, y, side.width, bottom.saturating_sub(y))
}

/// Width of one move in the move list.
fn move_col(side_w: u16) -> usize {
    ((side_w as usize).saturating_sub(6) / 2).max(8)
}

/// The replay screen.
pub(crate) fn render(buf: &mut Buffer, r: &ReplayUi, cx: &Ctx) {
    let (t, w, h) = (cx.t, cx.w, cx.h);
    let n = cx.settings.numbering;
    let lay = r.layout(w, h);
    let sep = t.g.sep;
    // Header.
    let left = match &r.shown {
        Some(s) => {
            let with = |rules: String| {
                format!(
                    "Replay{sep}{}{sep}{rules}{sep}game #{}",
                    s.rules.variant.name(),
                    r.id
                )
            };
            let plain = with(super::game::rules_plain(&s.rules.options));
            if plain.chars().count() <= usize::from(lay.header.width) {
                plain
            } else {
                with(s.rules.options.summary())
            }
        }
        None => format!("Replay{sep}game #{}", r.id),
    };
    put(
        buf,
        lay.header.x,
        lay.header.y,
        &left,
        lay.header.width,
        t.title(),
    );
    let right = r.perspective_label();
    let rw = right.chars().count() as u16;
    if rw + left.chars().count() as u16 + 2 <= lay.header.width {
        put(
            buf,
            lay.header.right() - rw,
            lay.header.y,
            right,
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
                "loading the replay...",
                a.width.saturating_sub(2),
                t.dim(),
            );
        }
        Some(s) => {
            let v = &s.view;
            let last = v.last_move;
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
                        Some(p) => Content::Piece {
                            color: p.color,
                            label: piece_label(&p, n, t),
                            revealed: p.rank.is_some() && knower.is_some_and(|k| k != p.color),
                        },
                    }
                };
                let mut c = board::Cell::new(content);
                c.last_move = last.is_some_and(|m| m.from == sq || m.to == sq);
                c
            };
            board::draw(buf, &lay.board, t, &cell);
        }
    }
    render_side(buf, r, &lay, t, n);
    // A private game has no page to link to.
    let link = cx.me.game_link(r.id).filter(|_| !r.private);
    render_below(buf, r, &lay, t, n, link);

    footer(buf, lay.footer, &r.keys().footer(), t);
}

fn render_side(buf: &mut Buffer, r: &ReplayUi, lay: &BoardLayout, t: &Theme, n: Numbering) {
    let side = lay.side;
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
            Span::styled(format!("  {}", c.name()), t.dim()),
        ]);
        put_line(buf, side.x, y, &line, side.width);
    }
    let mut y = side.y + 2;
    // The game's result at every position, not only at the last.
    let outcome = r.shown.as_ref().and_then(|s| s.outcome).or(r.outcome);
    if r.shown.is_some() {
        let res = result_words(outcome, t.g.dash);
        put(buf, side.x, y, &format!(" {res} "), side.width, t.banner());
    }
    y += 1;
    // Moves counted as the move list numbers them (Red's and Blue's make one).
    let mut at = format!("start, {} moves", r.plies.div_ceil(2));
    if let Some(s) = r.shown.as_ref().filter(|s| s.ply > 0) {
        at = format!("move {} of {}", s.ply.div_ceil(2), r.plies.div_ceil(2));
        if let Some(m) = s.history.last() {
            at.push_str(&format!(", {} moved", m.mover.name()));
        }
    }
    let mut pos = vec![Span::styled(at, t.title())];
    if r.pending() {
        let to = format!("  {} move {}", t.g.arrow, r.ply.div_ceil(2));
        pos.push(Span::styled(to, t.dim()));
    }
    put_line(buf, side.x, y, &Line::from(pos), side.width);
    y += 1;
    let play = if r.autoplay {
        Span::styled("playing".to_string(), t.accent())
    } else {
        Span::styled("paused".to_string(), t.dim())
    };
    let speed = speed_words(SPEEDS_MS[r.speed]);
    put_line(
        buf,
        side.x,
        y,
        &Line::from(vec![
            play,
            Span::styled(format!(", {speed} per move (+/-)"), t.dim()),
        ]),
        side.width,
    );
    let list = moves_rect(side);
    if list.height == 0 {
        return;
    }
    put(buf, side.x, list.y - 1, "Moves", side.width, t.title());
    let Some(s) = &r.shown else {
        return;
    };
    let hist = &s.history;
    if hist.is_empty() {
        put(buf, side.x, list.y, "start position", side.width, t.dim());
        return;
    }
    let col = move_col(side.width);
    let current = hist.len() - 1;
    let rows: Vec<Line<'static>> = hist
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let mut spans = vec![Span::styled(format!("{:>3}. ", i + 1), t.dim())];
            for (k, m) in pair.iter().enumerate() {
                let st = if 2 * i + k == current {
                    t.row_focus()
                } else {
                    Style::new()
                };
                spans.push(Span::styled(pad(&move_text(m, n), col), st));
                spans.push(Span::raw(" "));
            }
            Line::from(spans)
        })
        .collect();
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
    let mut head = vec![Span::styled(r.perspective_label().to_string(), t.accent())];
    head.push(Span::styled(
        format!("{}v: all / Red / Blue", t.g.sep),
        t.dim(),
    ));
    put_line(buf, a.x, y, &Line::from(head), a.width);
    y += 1;
    let Some(s) = &r.shown else {
        return;
    };
    let v = &s.view;
    let ranks: Vec<Rank> = Rank::ALL
        .into_iter()
        .filter(|x| s.rules.variant.count(*x) > 0)
        .collect();
    if y + 3 <= a.bottom() {
        let mut spans = vec![Span::styled("left ".to_string(), t.dim())];
        for x in &ranks {
            spans.push(Span::styled(format!("{:>3}", x.label(n)), t.dim()));
        }
        put_line(buf, a.x, y, &Line::from(spans), a.width);
        y += 1;
        for c in [Color::Red, Color::Blue] {
            let counts = v.remaining.get(c);
            let mut spans = vec![Span::styled(pad(c.name(), 5), t.side(c))];
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
        .and_then(|m| battle_sentence(m, None, n))
    {
        let rows = 2.min(a.bottom() - y);
        paragraph(
            buf,
            Rect::new(a.x, y, a.width, rows),
            vec![Line::from(sentence)],
        );
    }
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
    Back,
    Settings,
    Help,
}

/// When a replay key applies (or its hint shows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum If {
    Playing,
    Paused,
}

impl Conditions<If> for ReplayUi {
    fn holds(&self, c: If) -> bool {
        match c {
            If::Playing => self.autoplay,
            If::Paused => !self.autoplay,
        }
    }
}

const TEN: &str = "ten moves forward / back";

/// The replay's keys.
const KEYS: &[Binding<Do, If>] = &[
    on(&[Right, ch('l')], Do::Step(1))
        .hints(&[hint(0, "Left/Right", "step")])
        .help("Right / l", "one move forward"),
    on(&[Left, ch('h')], Do::Step(-1)).help("Left / h", "one move back"),
    on(&[PageDown, Down], Do::Step(10)).help("Down / Up, PgDn / PgUp", TEN),
    on(&[PageUp, Up], Do::Step(-10)).help("Down / Up, PgDn / PgUp", TEN),
    on(&[ch('j')], Do::Step(10)).help("j / k", TEN),
    on(&[ch('k')], Do::Step(-10)).help("j / k", TEN),
    on(&[Home, ch('0')], Do::Start)
        .hints(&[hint(5, "Home/End", "ends")])
        .help("Home / 0, End / $", "start / end of the game"),
    on(&[End, ch('$')], Do::End).help("Home / 0, End / $", "start / end of the game"),
    on(&[ch(' ')], Do::Play)
        .hints(&[
            hint(1, "Space", "pause").when(&[If::Playing]),
            hint(1, "Space", "play").when(&[If::Paused]),
        ])
        .help("Space", "play / pause (from the start when at the end)"),
    on(&[ch('+'), ch('=')], Do::Faster)
        .hints(&[hint(4, "+/-", "speed")])
        .help(
            "+ / -, = / _",
            "faster / slower: 0.25, 0.5, 1 or 2 s per move",
        ),
    on(&[ch('-'), ch('_')], Do::Slower).help(
        "+ / -, = / _",
        "faster / slower: 0.25, 0.5, 1 or 2 s per move",
    ),
    on(&[ch('v')], Do::Perspective)
        .hints(&[hint(2, "v", "view")])
        .help("v", "perspective: everything / as Red saw it / as Blue"),
    on(&[ch('f')], Do::Flip)
        .hints(&[hint(7, "f", "flip")])
        .help("f", "flip the board"),
    note("mouse", "wheel steps, a click on a move goes there"),
    on(&[F(2)], Do::Settings).help("F2", "settings"),
    on(&[Esc, ch('q')], Do::Back)
        .hints(&[hint(3, "Esc", "back")])
        .help("Esc / q", "back"),
    on(&[ch('?')], Do::Help).hints(&[hint(6, "?", "help")]),
];

#[cfg(test)]
mod key_tests {
    use super::*;
    use crate::ui::keymap::tests::labels_name_their_keys;

    /// Every key of a binding with a help line is named in the line.
    #[test]
    fn help_labels_name_their_keys() {
        labels_name_their_keys("replay", KEYS);
    }
}
