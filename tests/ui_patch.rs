//! Issue 48: the play screen drawn as patches. A session sends a patch (the parts that
//! changed) instead of a whole frame when it can: these tests play whole games through the
//! screens of both players and a spectator, with the keys, ticks, notices and dialogs a
//! player causes between moves, and check after every event that the patch laid over the
//! screen before it is the whole screen after it, cell for cell and style for style, and
//! that a terminal fed the session's bytes (`Screen::patch`, else `Screen::frame`) shows it.

mod ui_support;

use std::time::{Duration, Instant};

use stratego_ssh::proto::{ChatLine, GamePhase, GameSnapshot, GameTerms};
use stratego_ssh::rules::{ByColor, Color, Game, Rules, Setup, SplitMix64, Variant, Viewer};
use stratego_ssh::screen::Screen;
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{App, Msg, Parts, Settings};
use ui_support::*;

/// A screen's text with each row's trailing blanks and the blank rows at the end left out
/// (as the terminal emulator gives it).
fn trimmed(text: &str) -> String {
    let rows: Vec<&str> = text.lines().map(str::trim_end).collect();
    let keep = rows
        .iter()
        .rposition(|r| !r.is_empty())
        .map_or(0, |i| i + 1);
    rows[..keep].join("\n")
}

/// The snapshot `who` gets of `g` (a spectator when `None`).
fn snap_of(
    g: &Game,
    who: Option<Color>,
    clock_secs: ByColor<u64>,
    watchers: u32,
    chat: &[ChatLine],
) -> GameSnapshot {
    let viewer = who.map_or(Viewer::Spectator, Viewer::Player);
    let view = g.view(viewer);
    let mut s = snapshot(
        if g.outcome().is_some() {
            GamePhase::Over
        } else {
            GamePhase::Playing
        },
        who,
        Some(view.clone()),
    );
    s.terms = GameTerms {
        clock: Some(stratego_ssh::proto::ClockSpec {
            initial_secs: 600,
            increment_secs: 0,
        }),
        days: None,
        budget: None,
        ..s.terms
    };
    s.history = g.history(viewer);
    s.outcome = g.outcome();
    s.spectators = watchers;
    s.chat = chat.to_vec();
    s.clocks = Some(clocks(
        clock_secs.red,
        clock_secs.blue,
        g.outcome().is_none() && view.to_move == Color::Red,
    ));
    s
}

/// What one step between frames is.
#[derive(Clone, Copy, Debug)]
enum Step {
    Key(char),
    Code(KeyCode),
    Tick(u64),
    Notice,
    /// Someone starts watching (the header says how many).
    Watch,
    /// A line in the game's chat.
    Chat,
    Move,
}

struct Checked {
    frames: usize,
    patches: usize,
    /// Patches of the whole play screen but the unchanged squares.
    board_patches: usize,
}

/// Plays one random game of `variant` watched by `who` at `w`x`h`, with random steps
/// between the moves; every frame a session would patch is checked against the whole.
fn play(variant: Variant, who: Option<Color>, w: u16, h: u16, seed: u64, ascii: bool) -> Checked {
    let rules = Rules::standard(variant);
    let mut rng = SplitMix64(seed);
    let red = Setup::random(&rules, Color::Red, rng.next());
    let blue = Setup::random(&rules, Color::Blue, rng.next());
    let mut g = Game::new(rules, &red, &blue).expect("valid set-ups");
    let mut a = App::new(
        me("alice"),
        Settings {
            ascii,
            ..settings()
        },
        w,
        h,
        1,
    );
    // The same app again, drawn as the session draws it: patches when it can, whole frames
    // otherwise, through the server's `Screen` into a terminal emulator.
    let mut b = App::new(
        me("alice"),
        Settings {
            ascii,
            ..settings()
        },
        w,
        h,
        1,
    );
    let mut screen = Screen::new(w, h);
    let mut term = vt100::Parser::new(
        std::num::NonZeroU16::new(h).unwrap(),
        std::num::NonZeroU16::new(w).unwrap(),
        0,
    );
    let t0 = Instant::now();
    let mut now = t0;
    let mut secs = ByColor::new(600, 600);
    let mut watchers = 0;
    let mut chat: Vec<ChatLine> = Vec::new();
    send_game(&mut a, snap_of(&g, who, secs, watchers, &chat), now);
    send_game(&mut b, snap_of(&g, who, secs, watchers, &chat), now);
    term.process(&screen.frame(|f| b.render(f)));
    let mut before = draw(&a, w, h);
    let mut checked = Checked {
        frames: 0,
        patches: 0,
        board_patches: 0,
    };
    let steps = [
        Step::Code(KeyCode::Left),
        Step::Code(KeyCode::Up),
        Step::Code(KeyCode::Right),
        Step::Code(KeyCode::Down),
        Step::Code(KeyCode::Enter),
        Step::Key(' '),
        Step::Key('m'),
        Step::Key('e'),
        Step::Key('4'),
        Step::Code(KeyCode::Backspace),
        Step::Code(KeyCode::Esc),
        Step::Tick(300),
        Step::Tick(1000),
        Step::Notice,
        Step::Watch,
        Step::Chat,
        Step::Key('?'),
        Step::Key('f'),
        Step::Key('c'),
        Step::Key('x'),
        // The resign question over the board, answered no.
        Step::Key('R'),
        Step::Key('n'),
        Step::Move,
        Step::Move,
        Step::Move,
    ];
    let mut legal = Vec::new();
    let mut plies = 0;
    while plies < 40 {
        let step = steps[rng.below(steps.len())];
        let parts = match step {
            Step::Key(c) => {
                a.update(key(c));
                b.update(key(c));
                a.input_parts()
            }
            Step::Code(c) => {
                a.update(code(c));
                b.update(code(c));
                a.input_parts()
            }
            Step::Tick(ms) => {
                now += Duration::from_millis(ms);
                a.update(Msg::Tick(now));
                b.update(Msg::Tick(now));
                if !a.tick_changed() {
                    continue;
                }
                Parts::CLOCKS
            }
            Step::Notice => {
                a.update(Msg::Notice("a notice for a while".to_string().into()));
                b.update(Msg::Notice("a notice for a while".to_string().into()));
                Parts::WHOLE
            }
            Step::Chat => {
                let from = ["alice", "bob", "carol"][rng.below(3)];
                chat.push(ChatLine {
                    from: from.into(),
                    text: format!(
                        "line {} of the chat, long enough to wrap somewhere",
                        chat.len()
                    ),
                });
                send_game(&mut a, snap_of(&g, who, secs, watchers, &chat), now);
                send_game(&mut b, snap_of(&g, who, secs, watchers, &chat), now);
                Parts::WHOLE
            }
            Step::Watch => {
                watchers += 1;
                send_game(&mut a, snap_of(&g, who, secs, watchers, &chat), now);
                send_game(&mut b, snap_of(&g, who, secs, watchers, &chat), now);
                Parts::WHOLE
            }
            Step::Move => {
                if g.outcome().is_some() {
                    break;
                }
                g.legal_moves_into(&mut legal);
                let mv = legal[rng.below(legal.len())];
                let mover = g.view(Viewer::Spectator).to_move;
                *secs.get_mut(mover) -= 1;
                g.play(mv).expect("legal");
                plies += 1;
                now += Duration::from_millis(10);
                send_game(&mut a, snap_of(&g, who, secs, watchers, &chat), now);
                send_game(&mut b, snap_of(&g, who, secs, watchers, &chat), now);
                Parts::WHOLE
            }
        };
        let bytes = screen
            .patch(|f| b.render_parts(f, parts))
            .map(|(bytes, _)| bytes)
            .unwrap_or_else(|| screen.frame(|f| b.render(f)));
        term.process(&bytes);
        // The patch first: drawing the whole screen remembers the board as drawn.
        let patch = patched_parts(&a, &before, w, h, parts);
        let whole = draw(&a, w, h);
        let what =
            format!("{variant:?} {who:?} {w}x{h} seed {seed} ply {plies} {step:?} {parts:?}");
        assert_eq!(
            trimmed(&term.screen().contents()),
            trimmed(&text(&whole)),
            "{what}: the terminal"
        );
        if let Some(p) = patch {
            assert_eq!(lines(&p), lines(&whole), "{what}");
            assert_eq!(p, whole, "{what}: styles");
            checked.patches += 1;
            if parts == Parts::WHOLE {
                checked.board_patches += 1;
            }
        }
        checked.frames += 1;
        before = whole;
    }
    checked
}

#[test]
fn every_patch_of_the_play_screen_equals_the_whole_screen_over_whole_games() {
    let mut total = Checked {
        frames: 0,
        patches: 0,
        board_patches: 0,
    };
    let mut seed = 11;
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        for who in [Some(Color::Red), Some(Color::Blue), None] {
            for variant in [Variant::Classic, Variant::Barrage] {
                seed += 1;
                let c = play(variant, who, w, h, seed, seed % 5 == 0);
                total.frames += c.frames;
                total.patches += c.patches;
                total.board_patches += c.board_patches;
            }
        }
    }
    eprintln!(
        "{} frames, {} patches, {} of the play screen but unchanged squares",
        total.frames, total.patches, total.board_patches
    );
    // The patches are most frames (a move, the cursor, a tick, typing), not a corner case.
    assert!(
        total.patches * 2 > total.frames,
        "{} patches of {} frames",
        total.patches,
        total.frames
    );
    assert!(
        total.board_patches > 500,
        "{} board patches",
        total.board_patches
    );
}
