//! Builders and helpers shared by the `ui_*` tests: snapshots and views made by hand,
//! keys and clicks, and the screen drawn on a `TestBackend`.
#![allow(dead_code)]

pub mod pseudo;
pub mod states;

use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::Terminal;

use stratego_ssh::proto::{ChatLine, ClockState, GamePhase, GameSnapshot, GameTerms, SeatInfo};
use stratego_ssh::rules::{
    ByColor, Color, Move, PlayerView, Rank, Rules, Square, Variant, ViewPiece, Viewer,
};
use stratego_ssh::ui::input::{Event, Key, KeyCode, Modifiers, Mouse, MouseButton, MouseKind};
use stratego_ssh::ui::{App, ColorDepth, Effect, Identity, Msg, Settings};

pub fn settings() -> Settings {
    Settings {
        numbering: Default::default(),
        ascii: false,
        color: ColorDepth::Ansi16,
        lang: Default::default(),
    }
}

pub fn me(nick: &str) -> Identity {
    Identity {
        nick: nick.to_string(),
        guest: false,
        admin: false,
        ..Default::default()
    }
}

pub fn app(nick: &str, w: u16, h: u16) -> App {
    App::new(me(nick), settings(), w, h, 1)
}

pub fn draw(app: &App, w: u16, h: u16) -> Buffer {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| app.render(f)).unwrap();
    term.backend().buffer().clone()
}

pub fn lines(buf: &Buffer) -> Vec<String> {
    let a = buf.area;
    (a.top()..a.bottom())
        .map(|y| {
            (a.left()..a.right())
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect()
}

pub fn text(buf: &Buffer) -> String {
    lines(buf).join("\n")
}

pub fn key(c: char) -> Msg {
    Msg::Input(Event::Key(Key::plain(KeyCode::Char(c))))
}

pub fn code(c: KeyCode) -> Msg {
    Msg::Input(Event::Key(Key::plain(c)))
}

/// Sends each character as a key.
pub fn type_text(app: &mut App, s: &str) -> Vec<Effect> {
    let mut fx = vec![];
    for c in s.chars() {
        fx.extend(app.update(key(c)));
    }
    fx
}

pub fn click(col: u16, row: u16) -> Msg {
    Msg::Input(Event::Mouse(Mouse {
        kind: MouseKind::Down(MouseButton::Left),
        column: col,
        row,
        mods: Modifiers::default(),
    }))
}

/// Clicks the middle of a board square.
pub fn click_square(app: &mut App, s: &str) -> Vec<Effect> {
    let r = app.square_rect(sqr(s)).expect("board shown");
    app.update(click(r.x + r.width / 2, r.y + r.height / 2))
}

pub fn sqr(s: &str) -> Square {
    s.parse().unwrap()
}

/// The text drawn on a square.
pub fn square_text(app: &App, buf: &Buffer, s: &str) -> String {
    let r = app.square_rect(sqr(s)).unwrap();
    let mut out = String::new();
    for y in r.top()..r.bottom() {
        for x in r.left()..r.right() {
            out.push_str(buf[(x, y)].symbol());
        }
    }
    out
}

/// The label on a square, without cursor and selection marks or spaces, nor the marks
/// of the last move (`+`) and of the opponent's (a spectator: Blue's) pieces (`'`).
pub fn label(app: &App, buf: &Buffer, s: &str) -> String {
    square_text(app, buf, s)
        .chars()
        .filter(|c| {
            !matches!(
                c,
                '[' | ']' | '(' | ')' | '{' | '}' | '>' | '<' | '+' | '\'' | ' '
            )
        })
        .collect()
}

pub fn seat(nick: &str) -> SeatInfo {
    SeatInfo {
        nick: nick.to_string(),
        rating: Some(1500),
        bot: false,
        connected: true,
        online: false,
        reconnect_left: None,
        ready: false,
        rating_change: None,
    }
}

pub fn terms(variant: Variant) -> GameTerms {
    GameTerms {
        rules: Rules::standard(variant),
        rated: true,
        clock: None,
        days: None,
        budget: None,
    }
}

pub fn snapshot(
    phase: GamePhase,
    my_color: Option<Color>,
    view: Option<PlayerView>,
) -> GameSnapshot {
    GameSnapshot {
        id: 7,
        terms: terms(Variant::Classic),
        seats: ByColor::new(seat("alice"), seat("bob")),
        my_color,
        phase,
        my_setup: None,
        view,
        history: vec![],
        clocks: None,
        chat: vec![ChatLine {
            from: "bob".into(),
            text: "good luck".into(),
        }],
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

pub fn empty_view(viewer: Viewer) -> PlayerView {
    let full = [1u8, 8, 5, 4, 4, 4, 3, 2, 1, 1, 6, 1];
    PlayerView {
        viewer,
        rules: Rules::standard(Variant::Classic),
        board: vec![None; 100],
        to_move: Color::Red,
        ply: 0,
        last_move: None,
        captured: vec![],
        remaining: ByColor::new(full, full),
        legal_moves: vec![],
        outcome: None,
    }
}

pub fn put(v: &mut PlayerView, s: &str, color: Color, rank: Option<Rank>, moved: bool) {
    v.board[sqr(s).index()] = Some(ViewPiece { color, rank, moved });
}

pub fn mv(a: &str, b: &str) -> Move {
    Move::new(sqr(a), sqr(b))
}

/// Sends a game snapshot.
pub fn send_game(app: &mut App, snap: GameSnapshot, at: Instant) -> Vec<Effect> {
    app.update(Msg::Game {
        snap: Arc::new(snap),
        at,
    })
}

pub fn clocks(red_secs: u64, blue_secs: u64, red_running: bool) -> ByColor<ClockState> {
    ByColor::new(
        ClockState {
            remaining: Duration::from_secs(red_secs),
            running: red_running,
        },
        ClockState {
            remaining: Duration::from_secs(blue_secs),
            running: !red_running,
        },
    )
}

/// The text inside the boxes drawn on the screen (between the first and the last `│` or
/// `|` of each row), rows joined with single spaces: a dialog's wrapped text reads whole.
pub fn boxed_text(buf: &Buffer) -> String {
    let mut out = vec![];
    for l in lines(buf) {
        let bars: Vec<usize> = l
            .char_indices()
            .filter(|(_, c)| matches!(c, '│' | '|'))
            .map(|(i, _)| i)
            .collect();
        if let (Some(&a), Some(&b)) = (bars.first(), bars.last()) {
            if a < b {
                let inside = &l[a + l[a..].chars().next().unwrap().len_utf8()..b];
                out.extend(inside.split_whitespace().map(str::to_string));
            }
        }
    }
    out.join(" ")
}

/// `parts` drawn alone (`App::render_parts`) laid over the last whole frame `before`, as a
/// session's screen patches it; `None`: the app wants the whole screen drawn. Nothing may be
/// drawn outside the areas returned.
pub fn patched_parts(
    a: &App,
    before: &Buffer,
    w: u16,
    h: u16,
    parts: stratego_ssh::ui::Parts,
) -> Option<Buffer> {
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    let mut areas = None;
    term.draw(|f| areas = a.render_parts(f, parts)).unwrap();
    let areas = areas?;
    let drawn = term.backend().buffer();
    let mut out = before.clone();
    for y in 0..h {
        for x in 0..w {
            let p = ratatui::layout::Position::new(x, y);
            if areas.iter().any(|r| r.contains(p)) {
                out[(x, y)] = drawn[(x, y)].clone();
            } else {
                assert_eq!(
                    drawn[(x, y)],
                    ratatui::buffer::Cell::EMPTY,
                    "drawn outside the areas at {x},{y}"
                );
            }
        }
    }
    Some(out)
}
