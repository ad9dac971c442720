//! Every screen and mode of the app, each built from scratch by a named function: the key
//! test (`ui_keys.rs`) presses every key in each of them.

use std::sync::Arc;
use std::time::{Duration, Instant};

use stratego_ssh::proto::{
    AdminBan, AdminSession, AdminSnapshot, BanKind, ChatLine, GameFilter, GameList, GameListItem,
    GamePhase, GameSnapshot, GameSummary, LeaderRow, Leaderboard, LobbySnapshot, Perspective,
    PlayerInfo, PlayerStatus, Profile, ReplaySnapshot, SavedSetup, Seek, VariantRating,
};
use stratego_ssh::proto::{
    EntryRule, Format, Mark, Standing, TournamentGame, TournamentInfo, TournamentStatus,
    TournamentTerms,
};
use stratego_ssh::rules::{
    Color, EndReason, Move, Numbering, Outcome, PlayerView, Rank, Rescue, Rules, Setup, Variant,
    ViewMove, Viewer,
};
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{App, Identity, Msg, Settings};

use super::*;

pub const W: u16 = 160;
pub const H: u16 = 40;

fn who(nick: &str, admin: bool) -> Identity {
    Identity {
        nick: nick.into(),
        guest: false,
        admin,
        ..Default::default()
    }
}

thread_local! {
    /// Display settings the states are built with instead of the usual (see [`with`]).
    static SETTINGS: std::cell::RefCell<Option<Settings>> = const { std::cell::RefCell::new(None) };
}

/// The states built while `f` runs use `s` for their display settings (numbering aside).
pub fn with<R>(s: Settings, f: impl FnOnce() -> R) -> R {
    SETTINGS.with(|c| *c.borrow_mut() = Some(s));
    let r = f();
    SETTINGS.with(|c| *c.borrow_mut() = None);
    r
}

/// The settings states are built with now.
fn base() -> Settings {
    SETTINGS
        .with(|c| c.borrow().clone())
        .unwrap_or_else(settings)
}

fn new_app(nick: &str, admin: bool, numbering: Numbering) -> App {
    let s = Settings {
        numbering,
        ..base()
    };
    App::new(who(nick, admin), s, W, H, 1)
}

fn lobby_snapshot() -> LobbySnapshot {
    let p = |nick: &str, status| PlayerInfo {
        nick: nick.into(),
        guest: false,
        bot: false,
        rating: Some(1500),
        status,
    };
    let seek = |id, owner: &str| Seek {
        id,
        owner: owner.into(),
        terms: terms(Variant::Classic),
        private_to: None,
        private: false,
    };
    LobbySnapshot {
        players: vec![
            p("carol", PlayerStatus::Idle),
            p("alice", PlayerStatus::Idle),
        ],
        seeks: vec![seek(11, "alice"), seek(12, "carol")],
        games: vec![GameSummary {
            id: 3,
            red: "dave".into(),
            blue: "eve".into(),
            terms: terms(Variant::Classic),
            ply: 12,
            spectators: 1,
            private: false,
            turn: None,
        }],
        chat: vec![ChatLine {
            from: "alice".into(),
            text: "hi".into(),
        }],
        agents: vec![],
        tournaments: vec![],
    }
}

/// The wall clock of the tournament states.
const NOW: u64 = 1_800_000_000;

/// A running arena carol is in (a game in play) and an upcoming Swiss she is not in.
fn tournaments() -> Vec<TournamentInfo> {
    let standing = |rank, nick: &str, marks: &[Mark]| Standing {
        rank,
        pid: format!("key:{nick}"),
        nick: nick.into(),
        rating: 1500,
        points: 2,
        marks: marks.to_vec(),
        games: marks.len() as u32,
        performance: Some(1550),
        buchholz: 0,
        sonneborn: 0,
        fire: rank == 1,
        withdrawn: false,
    };
    let info = |id, format, status, starts_at| TournamentInfo {
        id,
        terms: TournamentTerms {
            name: format!("Cup {id}"),
            format,
            game: terms(Variant::Classic),
            starts_at,
            entry: EntryRule::Anyone,
            min_rated_games: 0,
        },
        status,
        created_by: "root".into(),
        ends_at: None,
        round: 0,
        standings: vec![],
        absent: vec![],
        games: vec![],
        chat: vec![],
        note: String::new(),
    };
    let mut arena = info(
        1,
        Format::Arena { minutes: 30 },
        TournamentStatus::Running,
        NOW - 60,
    );
    arena.ends_at = Some(NOW + 1740);
    arena.standings = vec![
        standing(1, "alice", &[Mark::Win, Mark::Win]),
        standing(2, "carol", &[Mark::Loss]),
    ];
    arena.games = vec![TournamentGame {
        id: 9,
        red: "alice".into(),
        blue: "carol".into(),
        round: 0,
    }];
    arena.chat = vec![ChatLine {
        from: "alice".into(),
        text: "gl".into(),
    }];
    let mut swiss = info(
        2,
        Format::Swiss { rounds: 3 },
        TournamentStatus::Upcoming,
        NOW + 300,
    );
    swiss.standings = vec![standing(1, "alice", &[])];
    vec![arena, swiss]
}

fn lobby_with_tournaments() -> App {
    let mut a = lobby(false);
    a.set_unix_time(NOW);
    let mut l = lobby_snapshot();
    l.tournaments = tournaments();
    a.update(Msg::Lobby(Arc::new(l)));
    a.update(key('T'));
    a
}

/// The tournament `i` of [`tournaments`] opened.
fn tournament(i: usize) -> App {
    let mut a = lobby_with_tournaments();
    for _ in 0..i {
        a.update(code(KeyCode::Down));
    }
    a.update(code(KeyCode::Enter));
    a
}

fn lobby(admin: bool) -> App {
    let mut a = new_app("carol", admin, Numbering::Modern);
    a.update(Msg::Lobby(Arc::new(lobby_snapshot())));
    a
}

fn keys(a: &mut App, codes: &[KeyCode]) {
    for &c in codes {
        a.update(code(c));
    }
}

fn chars(a: &mut App, s: &str) {
    type_text(a, s);
}

/// Red's view: own pieces known; Blue's hidden except a Major on G7.
fn red_view() -> PlayerView {
    let mut v = empty_view(Viewer::Player(Color::Red));
    put(&mut v, "E4", Color::Red, Some(Rank::Sergeant), false);
    put(&mut v, "A4", Color::Red, Some(Rank::Scout), false);
    put(&mut v, "D1", Color::Red, Some(Rank::Marshal), false);
    put(&mut v, "A1", Color::Red, Some(Rank::Flag), false);
    put(&mut v, "B1", Color::Red, Some(Rank::Bomb), false);
    put(&mut v, "E9", Color::Red, Some(Rank::Captain), true);
    put(&mut v, "E7", Color::Blue, None, false);
    put(&mut v, "G7", Color::Blue, Some(Rank::Major), true);
    v.ply = 4;
    let rescue = |rank, to: &str| Move {
        from: sqr("E9"),
        to: sqr("E10"),
        rescue: Some(Rescue { rank, to: sqr(to) }),
    };
    v.legal_moves = vec![
        mv("E4", "E5"),
        mv("E4", "D4"),
        mv("A4", "A5"),
        mv("A4", "A6"),
        mv("D1", "C1"),
        mv("E9", "E10"),
        rescue(Rank::Major, "C2"),
        rescue(Rank::Scout, "C2"),
    ];
    v
}

fn game(my: Option<Color>, phase: GamePhase, edit: impl FnOnce(&mut GameSnapshot)) -> App {
    let mut a = new_app("alice", false, Numbering::Modern);
    let view = match my {
        Some(_) => red_view(),
        None => {
            let mut v = red_view();
            v.viewer = Viewer::Spectator;
            v.legal_moves.clear();
            v
        }
    };
    let mut s = snapshot(phase, my, (phase != GamePhase::Setup).then_some(view));
    s.history = vec![ViewMove {
        mover: Color::Blue,
        from: sqr("G8"),
        to: sqr("G7"),
        battle: None,
        rescue: None,
    }];
    if phase == GamePhase::Over {
        let o = Outcome {
            winner: Some(Color::Blue),
            reason: EndReason::FlagCaptured,
        };
        s.outcome = Some(o);
        if let Some(v) = &mut s.view {
            v.outcome = Some(o);
            v.legal_moves.clear();
        }
    }
    edit(&mut s);
    a.update(Msg::SavedSetups(vec![SavedSetup {
        name: "mine".into(),
        variant: Variant::Classic,
        setup: Setup::random(&Rules::standard(Variant::Classic), Color::Red, 5),
    }]));
    send_game(&mut a, s, Instant::now());
    a
}

fn playing() -> App {
    game(Some(Color::Red), GamePhase::Playing, |_| {})
}

fn setup(numbering: Numbering) -> App {
    let mut a = new_app("alice", false, numbering);
    a.update(Msg::SavedSetups(vec![SavedSetup {
        name: "mine".into(),
        variant: Variant::Classic,
        setup: Setup::random(&Rules::standard(Variant::Classic), Color::Red, 5),
    }]));
    send_game(
        &mut a,
        snapshot(GamePhase::Setup, Some(Color::Red), None),
        Instant::now(),
    );
    a
}

fn admin_snapshot() -> AdminSnapshot {
    let session = |id, nick: &str, key: Option<&str>| AdminSession {
        session: id,
        nick: nick.into(),
        guest: key.is_none(),
        key: key.map(str::to_string),
        addr: Some("192.0.2.7".parse().unwrap()),
        status: PlayerStatus::Idle,
    };
    AdminSnapshot {
        sessions: vec![
            session(1, "root", Some("SHA256:root")),
            session(2, "mallory", Some("SHA256:mallory")),
        ],
        bans: vec![AdminBan {
            kind: BanKind::Nick,
            value: "eve".into(),
            reason: "cheating".into(),
            by: "SHA256:root".into(),
            at: 1_714_566_600,
        }],
    }
}

fn admin() -> App {
    let mut a = new_app("root", true, Numbering::Modern);
    a.update(Msg::Lobby(Arc::new(lobby_snapshot())));
    a.update(key('A'));
    a.update(Msg::Admin(admin_snapshot()));
    a
}

/// The admin screen with the tournaments of [`tournaments`] listed, the tournaments list
/// focused (`down`: rows down from the running arena to the upcoming Swiss).
fn admin_tournaments(down: usize) -> App {
    let mut a = new_app("root", true, Numbering::Modern);
    a.set_unix_time(NOW);
    let mut l = lobby_snapshot();
    l.tournaments = tournaments();
    a.update(Msg::Lobby(Arc::new(l)));
    a.update(key('A'));
    a.update(Msg::Admin(admin_snapshot()));
    keys(&mut a, &[KeyCode::Tab, KeyCode::Tab]);
    for _ in 0..down {
        keys(&mut a, &[KeyCode::Down]);
    }
    a
}

fn item(id: u64, red: &str, blue: &str) -> GameListItem {
    GameListItem {
        id,
        red: red.into(),
        blue: blue.into(),
        variant: Variant::Classic,
        rated: true,
        outcome: Some(Outcome {
            winner: Some(Color::Red),
            reason: EndReason::FlagCaptured,
        }),
        plies: 3,
        ended_at: 1_709_210_096,
        private: false,
    }
}

fn leaders() -> App {
    let mut a = lobby(false);
    a.update(key('L'));
    let row = |rank, nick: &str| LeaderRow {
        rank,
        nick: nick.into(),
        rating: 1600,
        deviation: 50,
        games: 3,
        wins: 2,
        draws: 0,
        losses: 1,
    };
    a.update(Msg::Leaderboard(Leaderboard {
        variant: Variant::Classic,
        rows: vec![row(1, "alice"), row(2, "carol")],
    }));
    a
}

fn profile() -> App {
    let mut a = lobby(false);
    a.update(key('p'));
    a.update(Msg::Profile(Profile {
        nick: "carol".into(),
        ratings: vec![VariantRating {
            variant: Variant::Classic,
            rating: 1612,
            deviation: 45,
            games: 2,
            wins: 1,
            draws: 0,
            losses: 1,
            history: vec![(1_700_000_000, 1500), (1_700_003_600, 1512)],
        }],
        recent: vec![item(41, "carol", "alice"), item(42, "bob", "carol")],
        renames_left: 1,
    }));
    a
}

fn games() -> App {
    let mut a = lobby(false);
    a.update(key('G'));
    a.update(Msg::Games(GameList {
        filter: GameFilter::Mine,
        variant: None,
        items: vec![item(41, "carol", "alice"), item(42, "bob", "carol")],
    }));
    a
}

fn replay() -> App {
    let mut a = games();
    a.update(code(KeyCode::Enter));
    let mut view = red_view();
    view.viewer = Viewer::Spectator;
    view.ply = 1;
    a.update(Msg::Replay(ReplaySnapshot {
        id: 41,
        red: "carol".into(),
        blue: "alice".into(),
        rules: Rules::standard(Variant::Classic),
        outcome: None,
        ply: 1,
        plies: 3,
        perspective: Perspective::All,
        view,
        history: vec![ViewMove {
            mover: Color::Red,
            from: sqr("E3"),
            to: sqr("E4"),
            battle: None,
            rescue: None,
        }],
        private: false,
        notes: Default::default(),
        analysis: None,
    }));
    a
}

/// Every screen and mode, by name.
#[allow(clippy::type_complexity)]
pub fn all() -> Vec<(&'static str, Box<dyn Fn() -> App>)> {
    use KeyCode::*;
    let mut v: Vec<(&'static str, Box<dyn Fn() -> App>)> = vec![];
    let mut add = |name, f: Box<dyn Fn() -> App>| v.push((name, f));
    add(
        "too small",
        Box::new(|| {
            let mut a = lobby(false);
            a.update(Msg::Resize {
                width: 60,
                height: 20,
            });
            a
        }),
    );
    add(
        "too small, mid-game",
        Box::new(|| {
            let mut a = playing();
            a.update(Msg::Resize {
                width: 70,
                height: 20,
            });
            a
        }),
    );
    add("lobby, seeks", Box::new(|| lobby(false)));
    add(
        "lobby, a challenge to me",
        Box::new(|| {
            let mut a = lobby(false);
            let mut l = lobby_snapshot();
            l.seeks[0].private_to = Some("carol".into());
            a.update(Msg::Lobby(Arc::new(l)));
            a
        }),
    );
    add(
        "lobby, no seeks",
        Box::new(|| {
            let mut a = new_app("carol", false, Numbering::Modern);
            let mut l = lobby_snapshot();
            l.seeks.clear();
            a.update(Msg::Lobby(Arc::new(l)));
            a
        }),
    );
    add(
        "lobby, my live game",
        Box::new(|| {
            let mut a = lobby(false);
            let mut l = lobby_snapshot();
            l.games[0].blue = "carol".into();
            a.update(Msg::Lobby(Arc::new(l)));
            a
        }),
    );
    add(
        "lobby, my live game, seeks",
        Box::new(|| {
            let mut a = lobby(false);
            let mut l = lobby_snapshot();
            l.games[0].blue = "carol".into();
            a.update(Msg::Lobby(Arc::new(l)));
            keys(&mut a, &[BackTab]);
            a
        }),
    );
    add("lobby, seeks, admin", Box::new(|| lobby(true)));
    add(
        "lobby, games",
        Box::new(|| {
            let mut a = lobby(false);
            keys(&mut a, &[Tab]);
            a
        }),
    );
    add(
        "lobby, chat",
        Box::new(|| {
            let mut a = lobby(false);
            keys(&mut a, &[Tab, Tab]);
            a
        }),
    );
    add(
        "lobby, players",
        Box::new(|| {
            let mut a = lobby(false);
            keys(&mut a, &[BackTab]);
            a
        }),
    );
    add("lobby, tournaments", Box::new(lobby_with_tournaments));
    add(
        "tournament, running arena, joined",
        Box::new(|| tournament(0)),
    );
    add("tournament, upcoming swiss", Box::new(|| tournament(1)));
    add(
        "tournament, games in play",
        Box::new(|| {
            let mut a = tournament(0);
            keys(&mut a, &[Tab]);
            a
        }),
    );
    add(
        "tournament, chat",
        Box::new(|| {
            let mut a = tournament(0);
            keys(&mut a, &[Tab, Tab]);
            a
        }),
    );
    add(
        "tournament, typing a chat line",
        Box::new(|| {
            let mut a = tournament(0);
            chars(&mut a, "thi");
            a
        }),
    );
    add(
        "lobby, typing a chat line",
        Box::new(|| {
            let mut a = lobby(false);
            chars(&mut a, "thi");
            a
        }),
    );
    add(
        "help",
        Box::new(|| {
            let mut a = lobby(false);
            chars(&mut a, "?");
            a
        }),
    );
    add(
        "settings",
        Box::new(|| {
            let mut a = lobby(false);
            chars(&mut a, "s");
            a
        }),
    );
    add(
        "quit",
        Box::new(|| {
            let mut a = lobby(false);
            chars(&mut a, "q");
            a
        }),
    );
    add(
        "seek form",
        Box::new(|| {
            let mut a = lobby(false);
            chars(&mut a, "n");
            a
        }),
    );
    add(
        "seek form, private-to field",
        Box::new(|| {
            let mut a = lobby(false);
            chars(&mut a, "n");
            keys(&mut a, &[Up]);
            a
        }),
    );
    add(
        "computer form",
        Box::new(|| {
            let mut a = lobby(false);
            chars(&mut a, "b");
            a
        }),
    );
    add("set-up", Box::new(|| setup(Numbering::Modern)));
    add(
        "set-up, classic numbering",
        Box::new(|| setup(Numbering::Classic)),
    );
    add(
        "set-up, complete",
        Box::new(|| {
            let mut a = setup(Numbering::Modern);
            chars(&mut a, "r");
            a
        }),
    );
    add(
        "set-up, a piece picked up",
        Box::new(|| {
            let mut a = setup(Numbering::Modern);
            chars(&mut a, "r ");
            a
        }),
    );
    add(
        "set-up, saving",
        Box::new(|| {
            let mut a = setup(Numbering::Modern);
            chars(&mut a, "rSmy");
            a
        }),
    );
    add(
        "set-up, loading",
        Box::new(|| {
            let mut a = setup(Numbering::Modern);
            chars(&mut a, "L");
            a
        }),
    );
    add(
        "set-up, ready?",
        Box::new(|| {
            let mut a = setup(Numbering::Modern);
            chars(&mut a, "r");
            keys(&mut a, &[Enter]);
            a
        }),
    );
    add(
        "set-up, leave?",
        Box::new(|| {
            let mut a = setup(Numbering::Modern);
            chars(&mut a, "q");
            a
        }),
    );
    add(
        "set-up, clear?",
        Box::new(|| {
            let mut a = setup(Numbering::Modern);
            chars(&mut a, "rc");
            a
        }),
    );
    add(
        "set-up, complete by hand (r fills nothing)",
        Box::new(|| {
            let mut a = setup(Numbering::Modern);
            chars(&mut a, "r ");
            keys(&mut a, &[Right]);
            chars(&mut a, " ");
            a
        }),
    );
    add(
        "set-up, chat",
        Box::new(|| {
            let mut a = setup(Numbering::Modern);
            chars(&mut a, "thi");
            a
        }),
    );
    add(
        "set-up, sent",
        Box::new(|| {
            let mut a = new_app("alice", false, Numbering::Modern);
            let mut s = snapshot(GamePhase::Setup, Some(Color::Red), None);
            s.my_setup = Some(Setup::random(
                &Rules::standard(Variant::Classic),
                Color::Red,
                5,
            ));
            send_game(&mut a, s, Instant::now());
            a
        }),
    );
    add(
        "set-up, spectator",
        Box::new(|| {
            let mut a = new_app("alice", false, Numbering::Modern);
            send_game(
                &mut a,
                snapshot(GamePhase::Setup, None, None),
                Instant::now(),
            );
            a
        }),
    );
    add("game, my turn", Box::new(playing));
    add(
        "game, their turn",
        Box::new(|| {
            game(Some(Color::Red), GamePhase::Playing, |s| {
                if let Some(v) = &mut s.view {
                    v.to_move = Color::Blue;
                    v.legal_moves.clear();
                }
            })
        }),
    );
    add(
        "game, a piece selected",
        Box::new(|| {
            let mut a = playing();
            keys(&mut a, &[Enter]);
            a
        }),
    );
    add(
        "game, draw offered to me",
        Box::new(|| {
            game(Some(Color::Red), GamePhase::Playing, |s| {
                s.draw_offer = Some(Color::Blue)
            })
        }),
    );
    add(
        "game, opponent gone",
        Box::new(|| {
            game(Some(Color::Red), GamePhase::Playing, |s| {
                s.seats.blue.connected = false;
                s.seats.blue.reconnect_left = Some(Duration::ZERO);
            })
        }),
    );
    add(
        "game, typing a move",
        Box::new(|| {
            let mut a = playing();
            chars(&mut a, "me4");
            a
        }),
    );
    add(
        "game, rescue: which piece",
        Box::new(|| {
            let mut a = playing();
            chars(&mut a, "me9 e10");
            keys(&mut a, &[Enter]);
            a
        }),
    );
    add(
        "game, rescue: where",
        Box::new(|| {
            let mut a = playing();
            chars(&mut a, "me9 e10");
            keys(&mut a, &[Enter, Enter]);
            a
        }),
    );
    add(
        "game, resign?",
        Box::new(|| {
            let mut a = playing();
            chars(&mut a, "R");
            a
        }),
    );
    add(
        "game, leave?",
        Box::new(|| {
            let mut a = playing();
            chars(&mut a, "q");
            a
        }),
    );
    add(
        "game, chat",
        Box::new(|| {
            let mut a = playing();
            chars(&mut a, "thi");
            a
        }),
    );
    add(
        "game, over",
        Box::new(|| game(Some(Color::Red), GamePhase::Over, |_| {})),
    );
    add(
        "game, over, the opponent left",
        Box::new(|| {
            game(Some(Color::Red), GamePhase::Over, |s| {
                s.rematch.red = true;
                s.seats.blue.connected = false;
            })
        }),
    );
    add(
        "game, spectator",
        Box::new(|| game(None, GamePhase::Playing, |_| {})),
    );
    add(
        "game, spectator, over",
        Box::new(|| game(None, GamePhase::Over, |_| {})),
    );
    add(
        "game, help",
        Box::new(|| {
            let mut a = playing();
            chars(&mut a, "?");
            a
        }),
    );
    add(
        "game, rules page",
        Box::new(|| {
            let mut a = playing();
            chars(&mut a, "??");
            a
        }),
    );
    add(
        "game, rules page, scrolled",
        Box::new(|| {
            let mut a = playing();
            chars(&mut a, "??");
            keys(&mut a, &[PageDown]);
            a
        }),
    );
    add(
        "set-up, help",
        Box::new(|| {
            let mut a = setup(Numbering::Modern);
            chars(&mut a, "?");
            a
        }),
    );
    add(
        "set-up, rules page",
        Box::new(|| {
            let mut a = setup(Numbering::Classic);
            chars(&mut a, "??");
            a
        }),
    );
    add(
        "welcome card",
        Box::new(|| {
            let me = Identity {
                first_login: true,
                ..who("carol", false)
            };
            let mut a = App::new(me, base(), W, H, 1);
            a.update(Msg::Lobby(Arc::new(lobby_snapshot())));
            a
        }),
    );
    add(
        "welcome card, a name typed",
        Box::new(|| {
            let me = Identity {
                first_login: true,
                ..who("carol", false)
            };
            let mut a = App::new(me, base(), W, H, 1);
            chars(&mut a, "caro");
            a
        }),
    );
    add(
        "rename card",
        Box::new(|| {
            let mut a = profile();
            chars(&mut a, "r");
            a
        }),
    );
    add("leaderboard", Box::new(leaders));
    add("profile", Box::new(profile));
    add("game list", Box::new(games));
    add("replay", Box::new(replay));
    add(
        "replay, playing",
        Box::new(|| {
            let mut a = replay();
            chars(&mut a, " ");
            a
        }),
    );
    add("admin, sessions", Box::new(admin));
    add(
        "admin, bans",
        Box::new(|| {
            let mut a = admin();
            keys(&mut a, &[Tab]);
            a
        }),
    );
    add(
        "admin, kick",
        Box::new(|| {
            let mut a = admin();
            keys(&mut a, &[Down]);
            chars(&mut a, "K");
            a
        }),
    );
    add(
        "admin, ban",
        Box::new(|| {
            let mut a = admin();
            keys(&mut a, &[Down]);
            chars(&mut a, "B");
            a
        }),
    );
    add(
        "admin, unban",
        Box::new(|| {
            let mut a = admin();
            chars(&mut a, "U");
            a
        }),
    );
    add(
        "admin, broadcast",
        Box::new(|| {
            let mut a = admin();
            chars(&mut a, "M");
            a
        }),
    );
    add(
        "admin, tournaments, running",
        Box::new(|| admin_tournaments(0)),
    );
    add(
        "admin, tournaments, upcoming",
        Box::new(|| admin_tournaments(1)),
    );
    add(
        "admin, start a tournament",
        Box::new(|| {
            let mut a = admin_tournaments(1);
            chars(&mut a, "S");
            a
        }),
    );
    add(
        "admin, cancel a tournament",
        Box::new(|| {
            let mut a = admin_tournaments(0);
            chars(&mut a, "X");
            a
        }),
    );
    add(
        "admin, new tournament, name",
        Box::new(|| {
            let mut a = admin_tournaments(0);
            chars(&mut a, "N");
            a
        }),
    );
    add(
        "admin, new tournament, format",
        Box::new(|| {
            let mut a = admin_tournaments(0);
            chars(&mut a, "N");
            keys(&mut a, &[Down]);
            a
        }),
    );
    add(
        "admin, new tournament, minutes",
        Box::new(|| {
            let mut a = admin_tournaments(0);
            chars(&mut a, "N");
            keys(&mut a, &[Down, Down]);
            a
        }),
    );
    add(
        "admin, edit a tournament",
        Box::new(|| {
            let mut a = admin_tournaments(1);
            chars(&mut a, "E");
            keys(&mut a, &[Down]);
            a
        }),
    );
    v
}

/// Every key without modifiers: characters, and the named keys.
pub fn every_key() -> Vec<KeyCode> {
    use KeyCode::*;
    let mut v: Vec<KeyCode> = (' '..='~').map(Char).collect();
    v.extend([
        Enter, Esc, Backspace, Tab, BackTab, Up, Down, Left, Right, Home, End, PageUp, PageDown,
        Insert, Delete,
    ]);
    v.extend((1..=12).map(F));
    v
}
