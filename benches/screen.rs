//! Drawing one session's screen: the game screen at 120x40 drawn whole, after a move (the
//! diff a player receives), and after a clock tick; each of the last two both as a whole
//! frame diffed and as the patch the session sends (`App::render_parts`: only what the
//! change can touch). Every session of the server pays these on its worker thread, so they
//! bound how many sessions a core can serve.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use stratego_ssh::proto::{
    ChatLine, ClockSpec, ClockState, GamePhase, GameSnapshot, GameTerms, SeatInfo,
};
use stratego_ssh::rules::{ByColor, Color, Game, Rules, Setup, SplitMix64, Variant, Viewer};
use stratego_ssh::screen::Screen;
use stratego_ssh::ui::{App, ColorDepth, Identity, Msg, Parts, Settings};

const W: u16 = 120;
const H: u16 = 40;

fn seat(nick: &str) -> SeatInfo {
    SeatInfo {
        nick: nick.into(),
        rating: Some(1500),
        bot: false,
        connected: true,
        online: false,
        reconnect_left: None,
        ready: true,
        rating_change: None,
    }
}

/// Red's snapshots of one random Classic game after 60 and 61 plies.
fn snapshots() -> (GameSnapshot, GameSnapshot) {
    let rules = Rules::standard(Variant::Classic);
    let mut rng = SplitMix64(7);
    let red = Setup::random(&rules, Color::Red, rng.next());
    let blue = Setup::random(&rules, Color::Blue, rng.next());
    let mut g = Game::new(rules, &red, &blue).expect("valid set-ups");
    let mut snaps = Vec::new();
    let mut buf = Vec::new();
    while g.ply() < 62 && g.outcome().is_none() {
        if g.ply() >= 60 {
            let me = Viewer::Player(Color::Red);
            snaps.push(GameSnapshot {
                id: 1,
                terms: GameTerms {
                    rules,
                    rated: true,
                    clock: Some(ClockSpec {
                        initial_secs: 600,
                        increment_secs: 5,
                    }),
                    days: None,
                    budget: None,
                },
                seats: ByColor::new(seat("alice"), seat("bob")),
                my_color: Some(Color::Red),
                phase: GamePhase::Playing,
                my_setup: None,
                view: Some(g.view(me)),
                history: g.history(me),
                clocks: Some(ByColor::new(
                    ClockState {
                        remaining: Duration::from_secs(431),
                        running: g.ply().is_multiple_of(2),
                    },
                    ClockState {
                        remaining: Duration::from_secs(389),
                        running: !g.ply().is_multiple_of(2),
                    },
                )),
                chat: vec![ChatLine {
                    from: "bob".into(),
                    text: "good luck".into(),
                }],
                draw_offer: None,
                rematch: ByColor::default(),
                outcome: None,
                next_game: None,
                spectators: 2,
                setup_left: None,
                private: false,
                tournament: false,
                notes: Default::default(),
                budget_left: None,
            });
        }
        g.legal_moves_into(&mut buf);
        let mv = buf[rng.below(buf.len())];
        g.play(mv).expect("legal");
    }
    let b = snaps.pop().expect("two snapshots");
    let a = snaps.pop().expect("two snapshots");
    (a, b)
}

fn app(snap: &GameSnapshot, at: Instant) -> App {
    let mut app = App::new(
        Identity {
            nick: "alice".into(),
            guest: false,
            admin: false,
            ..Default::default()
        },
        Settings {
            numbering: Default::default(),
            ascii: false,
            color: ColorDepth::Ansi256,
            lang: Default::default(),
        },
        W,
        H,
        1,
    );
    app.update(Msg::Game {
        snap: Arc::new(snap.clone()),
        at,
    });
    app
}

fn bench(c: &mut Criterion) {
    let (before, after) = snapshots();
    let at = Instant::now();
    let mut g = c.benchmark_group("game screen 120x40");

    let a = app(&before, at);
    let mut screen = Screen::new(W, H);
    let full = screen.frame(|f| a.render(f)).len();
    g.bench_function("whole screen", |b| {
        b.iter(|| {
            screen.invalidate();
            black_box(screen.frame(|f| a.render(f)))
        })
    });

    // After a move: the screen before it is what the client shows.
    let apps = [app(&before, at), app(&after, at)];
    let mut screen = Screen::new(W, H);
    let _ = screen.frame(|f| apps[0].render(f));
    let diff = screen.frame(|f| apps[1].render(f)).len();
    let mut turn = 0;
    g.bench_function("after a move", |b| {
        b.iter(|| {
            turn ^= 1;
            black_box(screen.frame(|f| apps[turn].render(f)))
        })
    });

    // A clock tick: one second later.
    let mut a = app(&after, at);
    let mut screen = Screen::new(W, H);
    let _ = screen.frame(|f| a.render(f));
    let mut t = at;
    g.bench_function("clock tick", |b| {
        b.iter(|| {
            t += Duration::from_secs(1);
            a.update(Msg::Tick(t));
            black_box(screen.frame(|f| a.render(f)))
        })
    });

    // The same as the session draws them: patches over the screen shown. A move: one app
    // is sent the snapshots before and after the move in turn, each a patch over the
    // screen the other left (as a session's screen after each move of a game).
    let snaps = [Arc::new(before.clone()), Arc::new(after.clone())];
    let mut a = app(&before, at);
    let mut screen = Screen::new(W, H);
    let _ = screen.frame(|f| a.render(f));
    let mut turn = 0;
    let mut move_patch = 0;
    g.bench_function("after a move, patched", |b| {
        b.iter(|| {
            turn ^= 1;
            a.update(Msg::Game {
                snap: snaps[turn].clone(),
                at,
            });
            let p = screen
                .patch(|f| a.render_parts(f, Parts::WHOLE))
                .expect("a move is a patch");
            move_patch = move_patch.max(p.0.len());
            black_box(p)
        })
    });
    // The clock's time never runs out here: each tick shows a second less.
    let mut long = after.clone();
    if let Some(c) = long.clocks.as_mut() {
        c.red.remaining = Duration::from_secs(10_000_000);
        c.blue.remaining = Duration::from_secs(10_000_000);
    }
    let mut a = app(&long, at);
    let mut screen = Screen::new(W, H);
    let _ = screen.frame(|f| a.render(f));
    let mut t = at;
    let mut tick_patch = 0;
    g.bench_function("clock tick, patched", |b| {
        b.iter(|| {
            t += Duration::from_secs(1);
            a.update(Msg::Tick(t));
            let p = screen
                .patch(|f| a.render_parts(f, Parts::CLOCKS))
                .expect("a tick is a patch");
            tick_patch = p.0.len();
            black_box(p)
        })
    });
    g.finish();
    eprintln!(
        "bytes: whole screen {full}, after a move {diff} ({move_patch} patched), \
         a clock tick patched {tick_patch}"
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
