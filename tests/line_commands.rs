//! The line mode's commands (issue 38, item 2), on the line app alone (no network): in
//! the lobby `challenge`, `watch`, `leaderboard`, `cancel`, `decline` and `who`; in set-up
//! `row`, `swap`, `place`, `setups`, `load`, `save`; in play `row`, `col`, `square`,
//! `pieces`, `moves`, `draw`, `decline`, and `rematch` after the game. Each answers in a
//! few lines, wrong input gets one line and changes nothing, `help` lists what works in
//! each mode, no line names an enemy rank the view hides, and the lines follow the
//! session's language.

mod ui_support;

use std::sync::Arc;
use std::time::Instant;

use stratego_ssh::i18n::Lang;
use stratego_ssh::proto::{challenge_notice, setup_saved_notice, you_declined_notice};
use stratego_ssh::proto::{
    BrowseCmd, GameCmd, GamePhase, GameSnapshot, GameSummary, LeaderRow, Leaderboard, LobbyCmd,
    LobbySnapshot, Notice, PlayerInfo, PlayerStatus, SavedSetup, Seek,
};
use stratego_ssh::rules::{
    setup_squares, Color, Numbering, PlayerView, Rank, Rules, Setup, Variant, ViewMove, Viewer,
};
use stratego_ssh::ui::line::{LineApp, Mode};
use stratego_ssh::ui::{rank_name, Effect, Msg};
use ui_support::*;

fn app_in(lang: Lang, numbering: Numbering) -> LineApp {
    let mut app = LineApp::new(me("alice"), lang, numbering, 1);
    app.update(Msg::Lobby(Arc::new(LobbySnapshot::default())));
    app.take_lines();
    app
}

fn app() -> LineApp {
    app_in(Lang::En, Numbering::Modern)
}

/// Types `line`: its effects and the lines it made.
fn type_line(app: &mut LineApp, line: &str) -> (Vec<Effect>, Vec<String>) {
    let fx = app.input(line);
    (fx, app.take_lines())
}

/// Bad input: no effect and exactly one line holding `says`.
fn refused(app: &mut LineApp, line: &str, says: &str) {
    let (fx, lines) = type_line(app, line);
    assert!(fx.is_empty(), "{line}: {fx:?}");
    assert_eq!(lines.len(), 1, "{line}: {lines:?}");
    assert!(lines[0].contains(says), "{line}: {lines:?}");
}

fn player(nick: &str, status: PlayerStatus) -> PlayerInfo {
    PlayerInfo {
        nick: nick.into(),
        guest: false,
        bot: false,
        rating: Some(1500),
        status,
    }
}

fn seek(id: u64, owner: &str, to: Option<&str>) -> Seek {
    Seek {
        id,
        owner: owner.into(),
        terms: terms(Variant::Classic),
        private_to: to.map(String::from),
        private: false,
    }
}

fn lobby(app: &mut LineApp, snap: LobbySnapshot) {
    app.update(Msg::Lobby(Arc::new(snap)));
    app.take_lines();
}

fn game_summary(id: u64, private: bool) -> GameSummary {
    GameSummary {
        id,
        red: "carol".into(),
        blue: "dave".into(),
        terms: terms(Variant::Classic),
        ply: 12,
        spectators: 0,
        private,
        turn: None,
    }
}

// The lobby.

/// `private` after the nick: the game is known to the two players only, and casual
/// (ratings are public); asked rated as well, it is refused and nothing is sent. Without
/// it a challenge is public.
#[test]
fn a_private_challenge_is_casual() {
    let mut app = app();
    let seek = |fx: &[Effect]| match fx {
        [Effect::Lobby(LobbyCmd::Seek {
            terms,
            private_to,
            private,
        })] => (*terms, private_to.clone(), *private),
        _ => panic!("{fx:?}"),
    };
    let (fx, _) = type_line(&mut app, "challenge bob private");
    let (terms, to, private) = seek(&fx);
    assert_eq!((to.as_deref(), private), (Some("bob"), true));
    assert!(!terms.rated, "a private game is casual");
    let (fx, _) = type_line(&mut app, "challenge bob duel PRIVATE 5+3");
    let (terms, _, private) = seek(&fx);
    assert!(private && !terms.rated);
    assert_eq!(terms.rules.variant, Variant::Duel);
    assert_eq!(terms.clock.map(|c| c.to_string()).as_deref(), Some("5+3"));
    refused(
        &mut app,
        "challenge bob private rated",
        "A private game is casual",
    );
    let (fx, _) = type_line(&mut app, "challenge bob");
    let (terms, _, private) = seek(&fx);
    assert!(!private && terms.rated, "public and rated by default");
}

/// A player's private game is listed to them (`games`, `who`) though the lobby shared by
/// everyone has none.
#[test]
fn the_players_own_private_game_is_listed_to_them() {
    let mut app = app();
    lobby(
        &mut app,
        LobbySnapshot {
            players: vec![
                player("alice", PlayerStatus::Idle),
                player("bob", PlayerStatus::Idle),
                player("carol", PlayerStatus::Idle),
            ],
            ..Default::default()
        },
    );
    let (_, lines) = type_line(&mut app, "games");
    assert!(lines.iter().all(|l| !l.contains("Game 4")), "{lines:?}");
    let mine = GameSummary {
        red: "alice".into(),
        blue: "bob".into(),
        ..game_summary(4, true)
    };
    app.update(Msg::PrivateGames(vec![mine]));
    let (_, lines) = type_line(&mut app, "games");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Game 4: alice (Red) against bob")),
        "{lines:?}"
    );
    let (_, lines) = type_line(&mut app, "who");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("alice") && l.contains("playing game 4")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("carol") && !l.contains("game 4")),
        "{lines:?}"
    );
}

#[test]
fn challenge_sends_a_private_seek_with_the_seeks_terms() {
    let mut app = app();
    lobby(
        &mut app,
        LobbySnapshot {
            players: vec![player("Bob", PlayerStatus::Idle)],
            ..Default::default()
        },
    );
    let (fx, lines) = type_line(&mut app, "challenge bob duel 5+3 casual");
    let Some(Effect::Lobby(LobbyCmd::Seek {
        terms, private_to, ..
    })) = fx.first()
    else {
        panic!("{fx:?}");
    };
    assert_eq!(fx.len(), 1);
    assert_eq!(
        private_to.as_deref(),
        Some("Bob"),
        "the nick as the lobby spells it"
    );
    assert_eq!(terms.rules, Rules::standard(Variant::Duel));
    assert!(!terms.rated);
    assert_eq!(terms.clock.map(|c| c.to_string()).as_deref(), Some("5+3"));
    assert_eq!(
        lines,
        vec!["Challenge sent to Bob. Type cancel to take it back."]
    );
    // Defaults: Classic, 10+5, rated.
    let (fx, _) = type_line(&mut app, "challenge carol");
    let Some(Effect::Lobby(LobbyCmd::Seek {
        terms, private_to, ..
    })) = fx.first()
    else {
        panic!("{fx:?}");
    };
    assert_eq!(private_to.as_deref(), Some("carol"));
    assert_eq!(terms.rules.variant, Variant::Classic);
    assert!(terms.rated);
    assert_eq!(terms.clock.map(|c| c.to_string()).as_deref(), Some("10+5"));
    let (fx, _) = type_line(&mut app, "challenge carol none");
    assert!(
        matches!(&fx[..], [Effect::Lobby(LobbyCmd::Seek { terms, .. })] if terms.clock.is_none())
    );
    // Bad input.
    refused(&mut app, "challenge", "Type challenge and a nick");
    refused(&mut app, "challenge bob chess", "Type challenge and a nick");
    refused(&mut app, "challenge ALICE", "You cannot challenge yourself");
    assert_eq!(app.mode(), Mode::Lobby);
}

#[test]
fn watch_spectates_a_listed_game_and_refuses_others() {
    let mut app = app();
    lobby(
        &mut app,
        LobbySnapshot {
            games: vec![game_summary(12, false), game_summary(13, true)],
            ..Default::default()
        },
    );
    let (_, lines) = type_line(&mut app, "games");
    assert!(
        lines[0].starts_with("Game 12: carol (Red) against dave"),
        "{lines:?}"
    );
    // Twelve plies: move 7, as the screens' games list counts (issue 43).
    assert!(lines[0].ends_with(", move 7"), "{lines:?}");
    let (fx, _) = type_line(&mut app, "watch 12");
    assert_eq!(fx, vec![Effect::Lobby(LobbyCmd::Spectate(12))]);
    refused(&mut app, "watch 99", "There is no game 99 in play");
    refused(&mut app, "watch 13", "Game 13 is private");
    refused(&mut app, "watch", "Type watch and a game's number");
    refused(&mut app, "watch twelve", "Type watch and a game's number");
}

/// A game watched: the moves told with nicks, the board from Red's side with colours, no
/// hidden rank, `quit` back to the lobby.
#[test]
fn a_watched_game_is_told_with_nicks_and_colours() {
    let mut app = app();
    let mut v = empty_view(Viewer::Spectator);
    put(&mut v, "A4", Color::Red, None, true);
    put(&mut v, "B1", Color::Red, None, false);
    put(&mut v, "A7", Color::Blue, None, false);
    put(&mut v, "C7", Color::Blue, Some(Rank::Major), true);
    v.to_move = Color::Blue;
    v.ply = 1;
    let mut snap = snapshot(GamePhase::Playing, None, Some(v));
    snap.history = vec![ViewMove {
        mover: Color::Red,
        from: sqr("A3"),
        to: sqr("A4"),
        battle: None,
        rescue: None,
    }];
    app.update(Msg::Game {
        snap: Arc::new(snap),
        at: Instant::now(),
    });
    let start = app.take_lines();
    assert!(
        start[0].starts_with("Watching game 7: alice (Red) against bob (Blue)."),
        "{start:?}"
    );
    let (_, lines) = type_line(&mut app, "moves");
    assert_eq!(lines, vec!["alice: Red moved A3-A4."]);
    let (_, lines) = type_line(&mut app, "board");
    assert!(lines[0].contains("from Red's side"), "{lines:?}");
    assert!(lines[1].starts_with("Row 10:") && lines[10].starts_with("Row 1:"));
    assert!(
        lines.contains(&"Row 7: A7 Blue piece; C7 Blue Major".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Row 4: A4 Red piece, has moved".to_string()),
        "{lines:?}"
    );
    let (_, lines) = type_line(&mut app, "square b1");
    assert_eq!(lines, vec!["B1: a Red piece, rank unknown, has not moved."]);
    let (_, lines) = type_line(&mut app, "help");
    assert!(lines[0].starts_with("You are watching."), "{lines:?}");
    // A spectator moves nothing and offers nothing.
    refused(&mut app, "A4 A5", "is not a command here");
    refused(&mut app, "draw", "is not a command here");
    let (fx, lines) = type_line(&mut app, "quit");
    assert_eq!(fx, vec![Effect::LeaveGame]);
    assert_eq!(lines, vec!["Back in the lobby."]);
    assert_eq!(app.mode(), Mode::Lobby);
}

fn leader(rank: u32, nick: &str) -> LeaderRow {
    LeaderRow {
        rank,
        nick: nick.into(),
        rating: 1700 - rank as i32,
        deviation: 50,
        games: rank + 1,
        wins: 0,
        draws: 0,
        losses: 0,
    }
}

#[test]
fn leaderboard_asks_and_tells_at_most_twenty_rows() {
    let mut app = app();
    let (fx, lines) = type_line(&mut app, "leaderboard");
    assert_eq!(
        fx,
        vec![Effect::Browse(BrowseCmd::Leaderboard(Variant::Classic))]
    );
    assert!(lines.is_empty());
    app.update(Msg::Leaderboard(Leaderboard {
        variant: Variant::Classic,
        rows: (1..=25).map(|i| leader(i, &format!("p{i}"))).collect(),
    }));
    let lines = app.take_lines();
    assert_eq!(lines.len(), 21, "{lines:?}");
    assert_eq!(lines[0], "Leaderboard, Classic:");
    assert_eq!(lines[1], "1. p1, rating 1699, 2 games");
    assert_eq!(lines[20], "20. p20, rating 1680, 21 games");
    // An answer nobody asked for is not told.
    app.update(Msg::Leaderboard(Leaderboard {
        variant: Variant::Classic,
        rows: vec![leader(1, "p1")],
    }));
    assert!(app.take_lines().is_empty());
    let (fx, _) = type_line(&mut app, "leaderboard barrage");
    assert_eq!(
        fx,
        vec![Effect::Browse(BrowseCmd::Leaderboard(Variant::Barrage))]
    );
    app.update(Msg::Leaderboard(Leaderboard {
        variant: Variant::Barrage,
        rows: vec![],
    }));
    assert_eq!(app.take_lines(), vec!["Nobody is rated in Barrage yet."]);
    refused(&mut app, "leaderboard chess", "Type leaderboard");
}

#[test]
fn cancel_withdraws_own_seeks_and_decline_turns_down_a_challenge() {
    let mut app = app();
    refused(&mut app, "cancel", "You have no open seek");
    refused(&mut app, "decline 1", "No challenge to you is listed");
    lobby(
        &mut app,
        LobbySnapshot {
            seeks: vec![seek(3, "alice", None), seek(4, "carol", None)],
            ..Default::default()
        },
    );
    // A challenge to this player arrives: one line telling who, the terms, what to type.
    app.update(Msg::Challenges(vec![
        seek(9, "bob", Some("alice")),
        seek(10, "alice", Some("dave")),
    ]));
    let lines = app.take_lines();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("bob challenges you: Classic, ")
            && lines[0].ends_with(", rated. Type seeks, then accept N or decline N."),
        "{lines:?}"
    );
    // The same list again: nothing new.
    app.update(Msg::Challenges(vec![
        seek(9, "bob", Some("alice")),
        seek(10, "alice", Some("dave")),
    ]));
    assert!(app.take_lines().is_empty());
    let (fx, lines) = type_line(&mut app, "cancel");
    assert_eq!(
        fx,
        vec![
            Effect::Lobby(LobbyCmd::CancelSeek(3)),
            Effect::Lobby(LobbyCmd::CancelSeek(10)),
        ]
    );
    assert_eq!(lines, vec!["Your 2 seeks are withdrawn."]);
    let (_, lines) = type_line(&mut app, "seeks");
    assert!(
        lines[0].starts_with("1. bob challenges you: Classic"),
        "{lines:?}"
    );
    refused(&mut app, "decline", "Decline which challenge?");
    refused(&mut app, "decline 9", "a number from 1 to 4");
    refused(&mut app, "decline 4", "That is carol's open seek");
    let (fx, lines) = type_line(&mut app, "decline 1");
    assert_eq!(fx, vec![Effect::Lobby(LobbyCmd::Decline(9))]);
    assert_eq!(lines, vec!["You declined bob's challenge."]);
    // The lobby's notices that say the same for the screens are not told again (built as
    // the lobby builds them).
    for n in [
        you_declined_notice("bob"),
        challenge_notice("bob", &terms(Variant::Classic), false),
    ] {
        app.update(Msg::Notice(n));
    }
    assert_eq!(app.take_lines(), Vec::<String>::new());
    app.update(Msg::Notice(Notice::new("notice-idle").arg("time", "5m")));
    assert_eq!(app.take_lines().len(), 1);
}

#[test]
fn who_counts_the_player_when_the_first_snapshot_lacks_it() {
    let mut app = app();
    let (_, lines) = type_line(&mut app, "who");
    assert_eq!(lines, vec!["1 player online:", "alice, in the lobby"]);
    lobby(
        &mut app,
        LobbySnapshot {
            players: vec![player("bob", PlayerStatus::Playing(4))],
            ..Default::default()
        },
    );
    let (_, lines) = type_line(&mut app, "who");
    assert_eq!(lines[0], "2 players online:");
    assert!(
        lines.contains(&"alice, in the lobby".to_string()),
        "{lines:?}"
    );
    // Listed once when the snapshot has it.
    lobby(
        &mut app,
        LobbySnapshot {
            players: vec![player("alice", PlayerStatus::Idle)],
            ..Default::default()
        },
    );
    let (_, lines) = type_line(&mut app, "who");
    assert_eq!(
        lines,
        vec!["1 player online:", "alice (1500), in the lobby"]
    );
}

// Set-up.

/// Red's army in `Variant::army` order on A1..J4: A1 Marshal, B1 General, C1-D1 Colonels,
/// E1-G1 Majors, H1-A2 Captains, B2-E2 Lieutenants, F2-I2 Sergeants, J2-D3 Miners, E3-B4
/// Scouts, C4 Spy, D4-I4 Bombs, J4 Flag.
fn wall() -> Setup {
    let rules = Rules::standard(Variant::Classic);
    Setup {
        color: Some(Color::Red),
        pieces: setup_squares(&rules, Color::Red)
            .into_iter()
            .zip(Variant::Classic.army())
            .collect(),
    }
}

fn saved() -> Vec<SavedSetup> {
    let mut short = wall();
    short.pieces.remove(&sqr("J4"));
    vec![
        SavedSetup {
            name: "Wall".into(),
            variant: Variant::Classic,
            setup: wall(),
        },
        SavedSetup {
            name: "tiny".into(),
            variant: Variant::Duel,
            setup: Setup {
                color: Some(Color::Red),
                pieces: Default::default(),
            },
        },
        SavedSetup {
            name: "flagless".into(),
            variant: Variant::Classic,
            setup: short,
        },
    ]
}

/// In set-up as `color`, the saved set-ups known, `Wall` loaded.
fn in_setup(lang: Lang, color: Color) -> LineApp {
    let mut app = app_in(lang, Numbering::Modern);
    app.update(Msg::SavedSetups(saved()));
    let snap = snapshot(GamePhase::Setup, Some(color), None);
    app.update(Msg::Game {
        snap: Arc::new(snap),
        at: Instant::now(),
    });
    app.take_lines();
    assert!(app.input("load wall").is_empty());
    app.take_lines();
    app
}

fn row(app: &mut LineApp, n: u8) -> String {
    let (_, lines) = type_line(app, &format!("row {n}"));
    assert_eq!(lines.len(), 1, "{lines:?}");
    lines[0].clone()
}

#[test]
fn setups_load_and_save_the_players_set_ups_of_this_variant() {
    let mut app = app();
    app.update(Msg::SavedSetups(saved()));
    let snap = snapshot(GamePhase::Setup, Some(Color::Red), None);
    app.update(Msg::Game {
        snap: Arc::new(snap),
        at: Instant::now(),
    });
    app.take_lines();
    let (_, lines) = type_line(&mut app, "setups");
    assert_eq!(
        lines,
        vec!["Your saved set-ups for Classic: Wall, flagless. Type load and a name."]
    );
    refused(
        &mut app,
        "load tiny",
        "You have no set-up called tiny for Classic",
    );
    refused(&mut app, "load", "Type load and the name");
    // One that breaks the rules is not loaded: the draft stays.
    let before = row(&mut app, 4);
    refused(&mut app, "load flagless", "does not fit this game's rules");
    assert_eq!(row(&mut app, 4), before);
    let (fx, lines) = type_line(&mut app, "load WALL");
    assert!(fx.is_empty());
    assert_eq!(
        lines,
        vec!["Set-up Wall loaded. Type show to read it, ready to play it."]
    );
    assert_eq!(
        row(&mut app, 4),
        "Row 4: A4 Scout; B4 Scout; C4 Spy; D4 Bomb; E4 Bomb; F4 Bomb; G4 Bomb; H4 Bomb; I4 Bomb; J4 Flag"
    );
    let (fx, lines) = type_line(&mut app, "save my wall");
    assert_eq!(
        fx,
        vec![Effect::SaveSetup(SavedSetup {
            name: "my wall".into(),
            variant: Variant::Classic,
            setup: wall(),
        })]
    );
    // Told once the store has it (the session's answer), not before.
    assert!(lines.is_empty(), "{lines:?}");
    app.update(Msg::Notice(setup_saved_notice("my wall")));
    assert_eq!(app.take_lines(), vec!["Set-up saved as my wall."]);
    refused(&mut app, "save", "Type save and a name");
    refused(&mut app, &format!("save {}", "n".repeat(31)), "at most 30");
    // No saved set-up of the variant.
    let mut app = app_in(Lang::En, Numbering::Modern);
    app.update(Msg::Game {
        snap: Arc::new(snapshot(GamePhase::Setup, Some(Color::Red), None)),
        at: Instant::now(),
    });
    app.take_lines();
    refused(&mut app, "setups", "You have no saved set-ups for Classic");
}

/// A set-up saved as Red and loaded as Blue is turned half a turn, as the screens load it:
/// the back row to the back row, the owner's left on its left.
#[test]
fn a_set_up_saved_as_red_loads_turned_for_blue() {
    let mut app = in_setup(Lang::En, Color::Blue);
    assert_eq!(
        row(&mut app, 10),
        "Row 10: A10 Captain; B10 Captain; C10 Captain; D10 Major; E10 Major; F10 Major; G10 Colonel; H10 Colonel; I10 General; J10 Marshal"
    );
    assert!(
        row(&mut app, 7).ends_with("I7 Scout; J7 Scout"),
        "{}",
        row(&mut app, 7)
    );
    refused(
        &mut app,
        "swap A1 B1",
        "A1 is not one of your set-up squares",
    );
    let (_, lines) = type_line(&mut app, "swap j10 a7");
    assert_eq!(
        lines,
        vec!["Swapped: J10 now holds Flag, A7 holds Marshal."]
    );
}

#[test]
fn row_swap_and_place_rearrange_the_draft() {
    let mut app = in_setup(Lang::En, Color::Red);
    assert_eq!(
        row(&mut app, 1),
        "Row 1: A1 Marshal; B1 General; C1 Colonel; D1 Colonel; E1 Major; F1 Major; G1 Major; H1 Captain; I1 Captain; J1 Captain"
    );
    assert_eq!(row(&mut app, 6), "Row 6: empty");
    let (fx, lines) = type_line(&mut app, "swap a1 J4");
    assert!(fx.is_empty());
    assert_eq!(lines, vec!["Swapped: A1 now holds Flag, J4 holds Marshal."]);
    assert!(row(&mut app, 1).starts_with("Row 1: A1 Flag; B1 General"));
    assert!(row(&mut app, 4).ends_with("J4 Marshal"));
    // The nearest Scout to A1 is A4's (E3's is farther).
    let (_, lines) = type_line(&mut app, "place A1 scout");
    assert_eq!(
        lines,
        vec!["Your Scout is now on A1; it came from A4, which now holds the Flag."]
    );
    assert!(row(&mut app, 4).starts_with("Row 4: A4 Flag; B4 Scout"));
    // A number in the player's numbering: 10 is the Marshal (Modern).
    let (_, lines) = type_line(&mut app, "place a1 10");
    assert_eq!(
        lines,
        vec!["Your Marshal is now on A1; it came from J4, which now holds the Scout."]
    );
    refused(
        &mut app,
        "place A1 Marshal",
        "A1 holds your Marshal already",
    );
    // Bad input: nothing changes.
    let before: Vec<String> = (1..=4).map(|n| row(&mut app, n)).collect();
    refused(&mut app, "place A1 king", "king is not a rank");
    refused(
        &mut app,
        "place K1 Marshal",
        "Type place, a square and a rank",
    );
    refused(&mut app, "place A1", "Type place, a square and a rank");
    refused(
        &mut app,
        "place A5 Marshal",
        "A5 is not one of your set-up squares",
    );
    refused(&mut app, "swap A1", "Type swap and two of your squares");
    refused(&mut app, "swap A1 A1", "Type swap and two of your squares");
    refused(&mut app, "swap A1 Z3", "Type swap and two of your squares");
    refused(
        &mut app,
        "swap A1 A7",
        "A7 is not one of your set-up squares",
    );
    refused(&mut app, "row 11", "Type row and a number from 1 to 10");
    refused(&mut app, "row", "Type row and a number from 1 to 10");
    let after: Vec<String> = (1..=4).map(|n| row(&mut app, n)).collect();
    assert_eq!(before, after);
    // After ready: the set-up is in, and only what reads it still works.
    let (fx, _) = type_line(&mut app, "ready");
    assert!(matches!(&fx[..], [Effect::Game(GameCmd::SubmitSetup(_))]));
    refused(&mut app, "swap A1 B1", "Your set-up is in");
    refused(&mut app, "place A1 Flag", "Your set-up is in");
    refused(&mut app, "load Wall", "Your set-up is in");
}

#[test]
fn ranks_are_typed_in_the_sessions_language_and_numbering() {
    let mut app = in_setup(Lang::De, Color::Red);
    let (_, lines) = type_line(&mut app, "place A1 aufklärer");
    assert_eq!(
        lines,
        vec!["Aufklärer steht jetzt auf A1 und kam von A4; dort steht jetzt: Feldmarschall."]
    );
    let (_, lines) = type_line(&mut app, "place A1 Marshal");
    assert!(
        lines[0].starts_with("Feldmarschall steht jetzt auf A1"),
        "{lines:?}"
    );
    let mut app = app_in(Lang::En, Numbering::Classic);
    app.update(Msg::SavedSetups(saved()));
    app.update(Msg::Game {
        snap: Arc::new(snapshot(GamePhase::Setup, Some(Color::Red), None)),
        at: Instant::now(),
    });
    app.input("load Wall");
    app.take_lines();
    // Classic numbering: 9 is a Scout, 1 the Marshal.
    let (_, lines) = type_line(&mut app, "place A1 9");
    assert!(lines[0].starts_with("Your Scout is now on A1"), "{lines:?}");
    let (_, lines) = type_line(&mut app, "place A1 1");
    assert!(
        lines[0].starts_with("Your Marshal is now on A1"),
        "{lines:?}"
    );
    let (_, lines) = type_line(&mut app, "place B1 b");
    assert!(lines[0].starts_with("Your Bomb is now on B1"), "{lines:?}");
    refused(&mut app, "place B1 10", "10 is not a rank");
}

// Play.

/// Red (alice) to move: Scout A4, Bomb B1, Marshal D4 (moved); Blue's A7 unknown, B7
/// unknown and moved, C7 a revealed Major, E7 hidden; a Blue Scout and an unknown Blue
/// piece captured, a Red Miner captured.
fn view() -> PlayerView {
    let mut v = empty_view(Viewer::Player(Color::Red));
    put(&mut v, "A4", Color::Red, Some(Rank::Scout), false);
    put(&mut v, "B1", Color::Red, Some(Rank::Bomb), false);
    put(&mut v, "D4", Color::Red, Some(Rank::Marshal), true);
    put(&mut v, "A7", Color::Blue, None, false);
    put(&mut v, "B7", Color::Blue, None, true);
    put(&mut v, "C7", Color::Blue, Some(Rank::Major), true);
    put(&mut v, "E7", Color::Blue, None, false);
    v.legal_moves = vec![mv("A4", "A5"), mv("A4", "A6")];
    v.captured = vec![
        stratego_ssh::rules::ViewCaptured {
            color: Color::Blue,
            rank: Some(Rank::Scout),
        },
        stratego_ssh::rules::ViewCaptured {
            color: Color::Blue,
            rank: None,
        },
        stratego_ssh::rules::ViewCaptured {
            color: Color::Red,
            rank: Some(Rank::Miner),
        },
    ];
    let mut own = [0u8; 12];
    own[Rank::Scout.index()] = 1;
    own[Rank::Bomb.index()] = 1;
    own[Rank::Marshal.index()] = 1;
    let mut theirs = [1u8, 7, 5, 4, 4, 4, 3, 2, 1, 1, 6, 1];
    theirs[Rank::Scout.index()] = 7;
    v.remaining = stratego_ssh::rules::ByColor::new(own, theirs);
    v
}

fn step(n: usize) -> ViewMove {
    let file = (b'A' + (n % 10) as u8) as char;
    ViewMove {
        mover: if n.is_multiple_of(2) {
            Color::Red
        } else {
            Color::Blue
        },
        from: sqr(&format!("{file}4")),
        to: sqr(&format!("{file}5")),
        battle: None,
        rescue: None,
    }
}

fn play_snap(v: PlayerView, history: Vec<ViewMove>) -> GameSnapshot {
    let mut snap = snapshot(GamePhase::Playing, Some(Color::Red), Some(v));
    snap.history = history;
    snap
}

fn send(app: &mut LineApp, snap: &GameSnapshot) -> Vec<String> {
    app.update(Msg::Game {
        snap: Arc::new(snap.clone()),
        at: Instant::now(),
    });
    app.take_lines()
}

fn playing(lang: Lang) -> LineApp {
    let mut app = app_in(lang, Numbering::Modern);
    send(&mut app, &play_snap(view(), vec![]));
    app
}

#[test]
fn row_col_and_square_read_the_board() {
    let mut app = playing(Lang::En);
    assert_eq!(row(&mut app, 4), "Row 4: A4 Scout; D4 Marshal");
    assert_eq!(
        row(&mut app, 7),
        "Row 7: A7 enemy; B7 enemy, has moved; C7 enemy Major; E7 enemy"
    );
    assert_eq!(row(&mut app, 6), "Row 6: empty");
    let (_, lines) = type_line(&mut app, "col a");
    assert_eq!(lines, vec!["Column A: A7 enemy; A4 Scout"]);
    let (_, lines) = type_line(&mut app, "col F");
    assert_eq!(lines, vec!["Column F: empty"]);
    for (sq, says) in [
        ("d6", "D6 is a lake."),
        ("A5", "A5 is empty."),
        ("A4", "A4: your Scout."),
        ("D4", "D4: your Marshal, has moved."),
        ("A7", "A7: an enemy piece, rank unknown, has not moved."),
        ("B7", "B7: an enemy piece, rank unknown, has moved."),
        ("C7", "C7: an enemy Major."),
    ] {
        let (fx, lines) = type_line(&mut app, &format!("square {sq}"));
        assert!(fx.is_empty());
        assert_eq!(lines, vec![says.to_string()], "{sq}");
    }
    refused(&mut app, "square", "Type square and a square");
    refused(&mut app, "square K4", "Type square and a square");
    refused(&mut app, "col K", "Type col and a letter from A to J");
    refused(&mut app, "col", "Type col and a letter from A to J");
    refused(&mut app, "row 0", "Type row and a number from 1 to 10");
    refused(&mut app, "row six", "Type row and a number from 1 to 10");
    assert_eq!(app.mode(), Mode::Move);
}

#[test]
fn pieces_tells_own_left_and_the_opponents_revealed_left_and_lost() {
    let mut app = playing(Lang::En);
    let (fx, lines) = type_line(&mut app, "pieces");
    assert!(fx.is_empty());
    assert_eq!(
        lines,
        vec![
            "Your pieces left (3): Marshal 1, Scout 1, Bomb 1.",
            "Blue: 4 on the board; revealed: C7 Major.",
            "Blue ranks left, as far as known: Marshal 1, General 1, Colonel 2, Major 3, \
             Captain 4, Lieutenant 4, Sergeant 4, Miner 5, Scout 7, Spy 1, Bomb 6, Flag 1.",
            "Captured Blue pieces: Scout 1, and 1 unknown.",
        ]
    );
}

#[test]
fn moves_tells_the_last_n_newest_last() {
    let mut app = app();
    let history: Vec<ViewMove> = (0..14).map(step).collect();
    let mut v = view();
    v.ply = 14;
    send(&mut app, &play_snap(v, history));
    let (_, lines) = type_line(&mut app, "moves");
    assert_eq!(lines.len(), 10, "{lines:?}");
    assert_eq!(lines[0], "You moved E4-E5.");
    assert_eq!(lines[9], "Blue moved D4-D5.");
    let (_, lines) = type_line(&mut app, "moves 3");
    assert_eq!(
        lines,
        vec!["Blue moved B4-B5.", "You moved C4-C5.", "Blue moved D4-D5."]
    );
    let (_, lines) = type_line(&mut app, "moves 100");
    assert_eq!(lines.len(), 14);
    refused(&mut app, "moves 0", "Type moves and a number");
    refused(&mut app, "moves ten", "Type moves and a number");
    let mut app = playing(Lang::En);
    refused(&mut app, "moves", "No move yet.");
}

#[test]
fn draw_offers_accepts_and_declines() {
    let mut app = playing(Lang::En);
    refused(&mut app, "decline", "There is no draw offer to decline");
    let (fx, lines) = type_line(&mut app, "draw");
    assert_eq!(fx, vec![Effect::Game(GameCmd::OfferDraw)]);
    assert_eq!(lines.len(), 1);
    // The offer stands: a second one is refused.
    let mut snap = play_snap(view(), vec![]);
    snap.draw_offer = Some(Color::Red);
    send(&mut app, &snap);
    refused(&mut app, "draw", "You offered a draw already");
    // Bob plays on: the offer lapses, told in one line.
    let mut v = view();
    v.ply = 1;
    v.to_move = Color::Blue;
    let lines = send(&mut app, &play_snap(v, vec![step(1)]));
    assert!(
        lines.contains(&"bob played on: your draw offer is off.".to_string()),
        "{lines:?}"
    );
    // Bob offers one: told, then `draw` accepts it, `decline` declines it.
    let mut v = view();
    v.ply = 2;
    let mut snap = play_snap(v, vec![step(1), step(2)]);
    snap.draw_offer = Some(Color::Blue);
    let lines = send(&mut app, &snap);
    assert!(
        lines.contains(&"bob offers a draw: type draw to accept, decline to refuse.".to_string()),
        "{lines:?}"
    );
    // The same snapshot again tells nothing more.
    assert!(!send(&mut app, &snap).iter().any(|l| l.contains("offers")));
    let (fx, _) = type_line(&mut app, "draw");
    assert_eq!(fx, vec![Effect::Game(GameCmd::AcceptDraw)]);
    let (fx, lines) = type_line(&mut app, "decline");
    assert_eq!(fx, vec![Effect::Game(GameCmd::DeclineDraw)]);
    assert_eq!(lines, vec!["You declined the draw."]);
}

#[test]
fn an_opponent_who_leaves_is_told_and_claim_wins_once_their_time_is_up() {
    let mut app = playing(Lang::En);
    refused(
        &mut app,
        "claim",
        "only when your opponent's time to come back has run out",
    );
    // Bob's connection drops: 2 s to come back.
    let mut snap = play_snap(view(), vec![]);
    snap.seats.blue.connected = false;
    snap.seats.blue.reconnect_left = Some(std::time::Duration::from_secs(2));
    let at = Instant::now();
    app.update(Msg::Game {
        snap: Arc::new(snap.clone()),
        at,
    });
    assert_eq!(
        app.take_lines(),
        vec!["bob has left the game: 2 seconds to come back. If not, type claim to win."]
    );
    // Still within his time: nothing more, and claim is refused.
    app.update(Msg::Tick(at + std::time::Duration::from_secs(1)));
    assert_eq!(app.take_lines(), Vec::<String>::new());
    // His time is up (the session's tick tells it, once).
    app.update(Msg::Tick(at + std::time::Duration::from_secs(3)));
    assert_eq!(
        app.take_lines(),
        vec!["bob did not come back in time: type claim to win, or wait."]
    );
    app.update(Msg::Tick(at + std::time::Duration::from_secs(4)));
    assert_eq!(app.take_lines(), Vec::<String>::new());
    // The snapshot's time is older than now in the test: `claim` counts from it.
    let mut snap_old = snap.clone();
    snap_old.seats.blue.reconnect_left = Some(std::time::Duration::ZERO);
    send(&mut app, &snap_old);
    let (fx, _) = type_line(&mut app, "claim");
    assert_eq!(fx, vec![Effect::Game(GameCmd::ClaimWin)]);
    // He comes back: told, and claim is refused again.
    let lines = send(&mut app, &play_snap(view(), vec![]));
    assert_eq!(lines, vec!["bob is back."]);
    refused(&mut app, "claim", "only when your opponent's time");
    // A computer never leaves: nothing told.
    let mut snap = play_snap(view(), vec![]);
    snap.seats.blue.bot = true;
    snap.seats.blue.connected = false;
    assert!(send(&mut app, &snap).iter().all(|l| !l.contains("left")));
}

#[test]
fn rematch_after_the_game() {
    let mut app = playing(Lang::En);
    refused(&mut app, "rematch", "rematch is not a command here");
    let mut snap = play_snap(view(), vec![]);
    snap.phase = GamePhase::Over;
    snap.outcome = Some(stratego_ssh::rules::Outcome {
        winner: Some(Color::Blue),
        reason: stratego_ssh::rules::EndReason::Resignation,
    });
    send(&mut app, &snap);
    let mut asked = snap.clone();
    asked.rematch.blue = true;
    let lines = send(&mut app, &asked);
    assert_eq!(
        lines,
        vec!["bob asks for a rematch: type rematch to play again."]
    );
    let (fx, lines) = type_line(&mut app, "rematch");
    assert_eq!(fx, vec![Effect::Game(GameCmd::Rematch)]);
    assert_eq!(
        lines,
        vec!["Rematch asked: the game starts when bob agrees."]
    );
    asked.rematch.red = true;
    send(&mut app, &asked);
    refused(&mut app, "rematch", "You asked for a rematch already");
    // The opponent gone: no rematch.
    let mut gone = snap.clone();
    gone.seats.blue.connected = false;
    send(&mut app, &gone);
    refused(&mut app, "rematch", "bob has left: no rematch");
    // After the game the board is still read.
    assert_eq!(row(&mut app, 4), "Row 4: A4 Scout; D4 Marshal");
}

/// A tournament's game ends with no rematch: the director pairs the next game.
#[test]
fn no_rematch_after_a_tournament_game() {
    let mut app = playing(Lang::En);
    let mut snap = play_snap(view(), vec![]);
    snap.tournament = true;
    snap.phase = GamePhase::Over;
    snap.outcome = Some(stratego_ssh::rules::Outcome {
        winner: Some(Color::Blue),
        reason: stratego_ssh::rules::EndReason::Resignation,
    });
    let lines = send(&mut app, &snap);
    assert!(lines.iter().all(|l| !l.contains("rematch")), "{lines:?}");
    refused(&mut app, "rematch", "No rematch in a tournament");
}

/// The commands `help` lists in each mode all work there: none is answered "not a command".
#[test]
fn help_lists_the_commands_that_work_in_each_mode() {
    fn check(app: &mut LineApp, mode: &str, want: &[&str]) {
        let (_, lines) = type_line(app, "help");
        let help = lines.join(" ");
        for w in want {
            assert!(help.contains(w), "{mode}: {w} missing from {help}");
        }
        // Every command named (after each line's colon), typed with sample arguments.
        let items: Vec<String> = lines
            .iter()
            .flat_map(|l| l.split_once(": ").unwrap().1.split(", "))
            .map(|i| i.trim_end_matches('.').to_string())
            .collect();
        assert!(items.len() >= 10, "{items:?}");
        for item in &items {
            let cmd = item
                .split(" (")
                .next()
                .unwrap()
                .replace("TEXT", "hi")
                .replace("NAME", "Wall")
                .replace("NICK", "bob")
                .replace('N', "1")
                .replace(['[', ']'], "")
                .replace("|hard", "");
            if matches!(cmd.as_str(), "quit" | "ready" | "resign" | "help") || cmd.is_empty() {
                continue;
            }
            let (_, lines) = type_line(app, &cmd);
            assert!(
                !lines.iter().any(|l| l.contains("is not a command here")),
                "{mode}: {cmd} is listed but refused: {lines:?}"
            );
        }
    }
    let mut app = app();
    lobby(
        &mut app,
        LobbySnapshot {
            games: vec![game_summary(1, false)],
            ..Default::default()
        },
    );
    check(
        &mut app,
        "lobby",
        &[
            "challenge NICK",
            "watch N",
            "leaderboard",
            "cancel",
            "decline N",
        ],
    );
    let mut app = in_setup(Lang::En, Color::Red);
    check(
        &mut app,
        "set-up",
        &[
            "row 3",
            "swap A1 B2",
            "place A1 Marshal",
            "setups",
            "load NAME",
            "save NAME",
        ],
    );
    let mut app = playing(Lang::En);
    check(
        &mut app,
        "play",
        &[
            "row 6",
            "col D",
            "square D6",
            "pieces",
            "moves 10",
            "draw",
            "decline",
        ],
    );
    assert_eq!(app.mode(), Mode::Move);
    // And what is not listed in a mode is refused there.
    for typed in [
        "swap A1 B2",
        "place A1 Marshal",
        "load Wall",
        "challenge bob",
        "watch 3",
    ] {
        let word = typed.split(' ').next().unwrap();
        refused(&mut app, typed, &format!("{word} is not a command here"));
    }
    let mut app = self::app();
    for typed in [
        "row 3",
        "swap A1 B2",
        "place A1 Marshal",
        "square D6",
        "pieces",
        "draw",
    ] {
        let word = typed.split(' ').next().unwrap();
        refused(&mut app, typed, &format!("{word} is not a command here"));
    }
}

/// Every rank's name in every language.
fn rank_words() -> Vec<String> {
    let mut words = vec![];
    for &lang in Lang::ALL {
        for r in Rank::ALL {
            words.push(rank_name(lang, r));
        }
    }
    words
}

/// No line of `board`, `row`, `col`, `square`, `pieces` names a rank with a square whose
/// enemy piece the view does not reveal, in any language, for a player and a spectator.
#[test]
fn no_line_names_a_hidden_enemy_rank() {
    let words = rank_words();
    for &lang in Lang::ALL {
        for spectator in [false, true] {
            let mut app = app_in(lang, Numbering::Modern);
            let mut v = view();
            // The whole enemy army hidden, moved or not, all over Blue's half.
            let mut n = 0;
            for row in 6..=9u8 {
                for file in 0..10u8 {
                    let sq = format!("{}{}", (b'A' + file) as char, row + 1);
                    if sq == "C7" {
                        continue;
                    }
                    put(&mut v, &sq, Color::Blue, None, n % 3 == 0);
                    n += 1;
                }
            }
            let snap = if spectator {
                v.viewer = Viewer::Spectator;
                for p in v.board.iter_mut().flatten() {
                    if p.color == Color::Red {
                        p.rank = None;
                    }
                }
                snapshot(GamePhase::Playing, None, Some(v.clone()))
            } else {
                play_snap(v.clone(), vec![])
            };
            send(&mut app, &snap);
            let hidden: Vec<String> = (0..100)
                .filter_map(stratego_ssh::rules::Square::from_index)
                .filter(|sq| v.piece_at(*sq).is_some_and(|p| p.rank.is_none()))
                .filter(|sq| spectator || v.piece_at(*sq).is_some_and(|p| p.color == Color::Blue))
                .map(|sq| sq.to_string())
                .collect();
            assert!(hidden.len() >= 39, "{hidden:?}");
            let mut typed = vec!["board".to_string(), "pieces".to_string()];
            typed.extend((1..=10).map(|r| format!("row {r}")));
            typed.extend(('a'..='j').map(|c| format!("col {c}")));
            typed.extend(hidden.iter().map(|s| format!("square {s}")));
            for t in &typed {
                let (_, lines) = type_line(&mut app, t);
                assert!(!lines.is_empty(), "{t}");
                let word = t.split(' ').next().unwrap().to_string();
                let refusal = stratego_ssh::t!(lang, "line-unknown", word = word);
                assert_ne!(lines, vec![refusal], "{t} is a command in play");
                for line in &lines {
                    // Items of a row or column, or of the revealed list.
                    for item in line.split([';', ',', ':']) {
                        let item = item.trim();
                        let first = item.split(' ').next().unwrap_or("");
                        let names_hidden = hidden.iter().any(|h| h == first)
                            || (t.starts_with("square")
                                && line.starts_with(&t[7..].to_uppercase()));
                        if !names_hidden {
                            continue;
                        }
                        let check = if t.starts_with("square") {
                            line.as_str()
                        } else {
                            item
                        };
                        for w in &words {
                            assert!(
                                !check.contains(w.as_str()),
                                "{lang:?} spectator={spectator} {t}: {w} in {line}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// The new lines are the session's language: German words in German, every line of the
/// pseudo-language from the catalog, none over 200 characters.
#[test]
fn the_new_lines_follow_the_language_and_fit() {
    let mut app = playing(Lang::De);
    let (_, lines) = type_line(&mut app, "square A7");
    assert_eq!(
        lines,
        vec!["A7: eine gegnerische Figur, Rang unbekannt, hat nicht gezogen."]
    );
    let (_, lines) = type_line(&mut app, "pieces");
    assert_eq!(
        lines[0],
        "Dir bleiben 3 Figuren: Feldmarschall 1, Aufklärer 1, Bombe 1."
    );
    let (_, lines) = type_line(&mut app, "col a");
    assert_eq!(lines, vec!["Linie A: A7 Gegner; A4 Aufklärer"]);
    refused(&mut app, "moves x", "Tippe moves und eine Zahl");
    let mut app = in_setup(Lang::Nl, Color::Red);
    let (_, lines) = type_line(&mut app, "swap A1 J4");
    assert_eq!(
        lines,
        vec!["Gewisseld: op A1 staat nu Vlag, op J4 Maarschalk."]
    );
    refused(&mut app, "place A1 koning", "koning is geen rang");

    // The pseudo-language: each line comes from the catalog (starts with its mark).
    let mut all = vec![];
    let mut app = app_in(Lang::Pseudo, Numbering::Modern);
    lobby(
        &mut app,
        LobbySnapshot {
            seeks: vec![seek(3, "alice", None)],
            games: vec![game_summary(12, true)],
            ..Default::default()
        },
    );
    app.update(Msg::Challenges(vec![seek(9, "bob", Some("alice"))]));
    all.extend(app.take_lines());
    for typed in [
        "help",
        "who",
        "seeks",
        "challenge",
        "challenge alice",
        "challenge bob",
        "cancel",
        "decline 2",
        "decline 1",
        "watch 12",
        "watch 5",
        "leaderboard x",
    ] {
        all.extend(type_line(&mut app, typed).1);
    }
    app.input("leaderboard");
    app.update(Msg::Leaderboard(Leaderboard {
        variant: Variant::Duel,
        rows: vec![leader(1, "p1")],
    }));
    all.extend(app.take_lines());
    app.update(Msg::SavedSetups(saved()));
    send(
        &mut app,
        &snapshot(GamePhase::Setup, Some(Color::Red), None),
    );
    for typed in [
        "help",
        "setups",
        "load Wall",
        "load flagless",
        "load x",
        "row 1",
        "swap A1 B1",
        "swap A1 A9",
        "place A1 Scout",
        "place A1 zz",
        "place A1 Scout",
        "save",
        "save x",
    ] {
        all.extend(type_line(&mut app, typed).1);
    }
    let mut snap = play_snap(view(), vec![step(0)]);
    snap.id = 8;
    snap.draw_offer = Some(Color::Blue);
    app.update(Msg::Game {
        snap: Arc::new(snap),
        at: Instant::now(),
    });
    app.take_lines();
    for typed in [
        "help",
        "row 7",
        "col a",
        "col c",
        "square A7",
        "square B7",
        "square C7",
        "square A4",
        "square D6",
        "square A5",
        "pieces",
        "moves",
        "moves x",
        "decline",
        "draw",
    ] {
        all.extend(type_line(&mut app, typed).1);
    }
    assert!(all.len() > 40, "{all:?}");
    for (i, line) in all.iter().enumerate() {
        assert!(line.chars().count() <= 200, "{line}");
        // A line too long for 200 characters goes on in the next (the pseudo-language
        // is 40 % longer than English).
        let goes_on = i > 0 && !all[i - 1].ends_with('⟧');
        assert!(
            line.starts_with('⟦') || goes_on,
            "not from the catalog: {line}"
        );
        assert!(!line.contains("line-"), "a message id shown: {line}");
    }
}

/// The army `ready` sends: the one the line mode set up by itself (`random` first when
/// `random` is true).
fn army_sent(seed: u64, color: Color, random: bool) -> Setup {
    let mut app = LineApp::new(me("alice"), Lang::En, Numbering::Modern, seed);
    app.update(Msg::Lobby(Arc::new(LobbySnapshot::default())));
    app.update(Msg::Game {
        snap: Arc::new(snapshot(GamePhase::Setup, Some(color), None)),
        at: Instant::now(),
    });
    if random {
        type_line(&mut app, "random");
    }
    let (fx, _) = type_line(&mut app, "ready");
    fx.into_iter()
        .find_map(|e| match e {
            Effect::Game(GameCmd::SubmitSetup(s)) => Some(s),
            _ => None,
        })
        .expect("ready sends the set-up")
}

/// Issue 43, item 1: the line mode's starting army and its `random` are the screens' `r`
/// (the computer's kind of set-up): the Flag on the back row beside a Bomb, never a
/// uniform shuffle that leaves the Flag in the front row.
#[test]
fn the_line_modes_armies_guard_their_flag_as_the_screens_fill_does() {
    let rules = Rules::standard(Variant::Classic);
    for seed in 1..=24u64 {
        for color in [Color::Red, Color::Blue] {
            for random in [false, true] {
                let s = army_sent(seed, color, random);
                assert!(
                    s.left_to_place(&rules).iter().all(|&n| n == 0),
                    "seed {seed}: a whole army"
                );
                let (&flag, _) = s
                    .pieces
                    .iter()
                    .find(|(_, r)| **r == Rank::Flag)
                    .expect("a Flag");
                let back = match color {
                    Color::Red => 0,
                    Color::Blue => 9,
                };
                assert_eq!(
                    flag.row(),
                    back,
                    "seed {seed}, {color:?}, random {random}: the Flag on {flag}, not the back row"
                );
                let guarded = [(-1i8, 0i8), (1, 0), (0, -1), (0, 1)]
                    .iter()
                    .any(|(df, dr)| {
                        let f = flag.file() as i8 + df;
                        let r = flag.row() as i8 + dr;
                        (0..10).contains(&f)
                            && (0..10).contains(&r)
                            && s.pieces
                                .get(&stratego_ssh::rules::Square::new(f as u8, r as u8).unwrap())
                                == Some(&Rank::Bomb)
                    });
                assert!(
                    guarded,
                    "seed {seed}, {color:?}: no Bomb beside the Flag on {flag}"
                );
            }
        }
    }
}

/// Issue 43: a refused move says why, as the screens do (a Bomb, a lake, a diagonal, a
/// piece that is no Scout running), not only that it cannot go there.
#[test]
fn a_refused_move_says_why() {
    let mut app = playing(Lang::En);
    for (mv, why) in [
        ("B1 B2", "never move"),
        ("D4 D5", "lake"),
        ("D4 E5", "diagonal"),
        ("D4 D2", "Only Scouts"),
    ] {
        let (fx, lines) = type_line(&mut app, mv);
        assert!(fx.is_empty(), "{mv}: nothing sent");
        assert_eq!(lines.len(), 1, "{mv}: {lines:?}");
        assert!(lines[0].contains(why), "{mv}: {lines:?}");
        assert!(!lines[0].contains("cannot move to"), "{mv}: {lines:?}");
    }
}

/// Issue 43: the end of a game names its web page, as the screens do (when the web is on,
/// the game had a move and is not private).
#[test]
fn the_end_of_a_game_names_its_web_page() {
    let over = |private: bool, moves: usize| {
        let mut snap = play_snap(view(), (0..moves).map(step).collect());
        snap.phase = GamePhase::Over;
        snap.private = private;
        snap.outcome = Some(stratego_ssh::rules::Outcome {
            winner: Some(Color::Red),
            reason: stratego_ssh::rules::EndReason::Resignation,
        });
        snap
    };
    let with_web = || {
        let me = stratego_ssh::ui::Identity {
            links: Some("https://stratego.example.org".into()),
            ..me("alice")
        };
        let mut app = LineApp::new(me, Lang::En, Numbering::Modern, 1);
        app.update(Msg::Lobby(Arc::new(LobbySnapshot::default())));
        send(&mut app, &play_snap(view(), vec![]));
        app
    };
    let lines = send(&mut with_web(), &over(false, 3));
    assert!(
        lines.contains(&"The game on the web: https://stratego.example.org/game/7".to_string()),
        "{lines:?}"
    );
    let lines = send(&mut with_web(), &over(true, 3));
    assert!(!lines.iter().any(|l| l.contains("on the web")), "{lines:?}");
    let mut no_web = playing(Lang::En);
    let lines = send(&mut no_web, &over(false, 3));
    assert!(!lines.iter().any(|l| l.contains("on the web")), "{lines:?}");
}

/// Issue 43: the line mode lists tournaments and joins and leaves them, as the screens'
/// tournament page does (the lobby answers whether it could).
#[test]
fn tournaments_join_and_withdraw() {
    use stratego_ssh::proto::{
        ClockSpec, EntryRule, Format, GameTerms, TournamentInfo, TournamentStatus, TournamentTerms,
    };
    let mut app = app();
    refused(&mut app, "tournaments", "No tournaments");
    let t = TournamentInfo {
        id: 3,
        terms: TournamentTerms {
            name: "Friday Arena".into(),
            format: Format::Arena { minutes: 30 },
            game: GameTerms {
                rules: Rules::standard(Variant::Classic),
                rated: true,
                clock: Some(ClockSpec {
                    initial_secs: 300,
                    increment_secs: 3,
                }),
                days: None,
                budget: None,
            },
            starts_at: 0,
            entry: EntryRule::Anyone,
            min_rated_games: 0,
        },
        status: TournamentStatus::Upcoming,
        created_by: "root".into(),
        ends_at: None,
        round: 0,
        standings: vec![],
        absent: vec![],
        games: vec![],
        chat: vec![],
        note: String::new(),
    };
    lobby(
        &mut app,
        LobbySnapshot {
            tournaments: vec![t],
            ..Default::default()
        },
    );
    let (_, lines) = type_line(&mut app, "tournaments");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("Tournament 3: Friday Arena, ") && lines[0].ends_with("0 players"),
        "{lines:?}"
    );
    let (fx, _) = type_line(&mut app, "join 3");
    assert_eq!(fx, vec![Effect::Lobby(LobbyCmd::JoinTournament(3))]);
    let (fx, _) = type_line(&mut app, "withdraw 3");
    assert_eq!(fx, vec![Effect::Lobby(LobbyCmd::LeaveTournament(3))]);
    refused(&mut app, "join 9", "There is no tournament 9");
    refused(&mut app, "join", "Type join and a tournament's number");
}

/// Issue 43: `resign` in the set-up ends the game without saying it began.
#[test]
fn resigning_in_the_set_up_never_says_the_game_began() {
    let mut app = in_setup(Lang::En, Color::Red);
    let (fx, _) = type_line(&mut app, "resign");
    assert_eq!(fx, vec![Effect::Game(GameCmd::Resign)]);
    let mut over = snapshot(GamePhase::Over, Some(Color::Red), None);
    over.outcome = Some(stratego_ssh::rules::Outcome {
        winner: Some(Color::Blue),
        reason: stratego_ssh::rules::EndReason::Resignation,
    });
    let lines = send(&mut app, &over);
    assert!(!lines.iter().any(|l| l.contains("begins")), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("lost")), "{lines:?}");
}

/// Every list pages alike (issue 43): twenty items, a line saying how many more and the
/// command for the next page; the next page numbered on (`accept 21` counts in it).
#[test]
fn seeks_and_games_are_listed_twenty_at_a_time() {
    let mut app = app();
    lobby(
        &mut app,
        LobbySnapshot {
            seeks: (1..=25).map(|i| seek(i, &format!("p{i}"), None)).collect(),
            games: (1..=23).map(|i| game_summary(i, false)).collect(),
            ..LobbySnapshot::default()
        },
    );
    let (_, lines) = type_line(&mut app, "seeks");
    assert_eq!(lines.len(), 21, "{lines:?}");
    assert!(lines[0].starts_with("1. p1:"), "{lines:?}");
    assert!(lines[19].starts_with("20. p20:"), "{lines:?}");
    assert_eq!(lines[20], "…and 5 more: type seeks 2 for the next page.");
    let (_, lines) = type_line(&mut app, "seeks 2");
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert!(lines[0].starts_with("21. p21:"), "{lines:?}");
    let (fx, _) = type_line(&mut app, "accept 25");
    assert_eq!(fx, vec![Effect::Lobby(LobbyCmd::Accept(25))]);
    let (_, lines) = type_line(&mut app, "games");
    assert_eq!(lines.len(), 21, "{lines:?}");
    assert_eq!(lines[20], "…and 3 more: type games 2 for the next page.");
    let (_, lines) = type_line(&mut app, "games 2");
    assert_eq!(lines.len(), 3, "{lines:?}");
    let (_, lines) = type_line(&mut app, "games 3");
    assert!(lines.is_empty(), "{lines:?}");
}

/// `note` and `notes` (issue 47): a guess on an unknown enemy piece, for this player
/// alone; every wrong note is refused with a reason and sends nothing.
#[test]
fn note_and_notes_keep_a_guess_on_an_unknown_enemy_piece() {
    use stratego_ssh::rules::{Guess, Notes};
    let mut app = playing(Lang::En);
    let (_, lines) = type_line(&mut app, "notes");
    assert_eq!(
        lines,
        vec!["You have no notes. Add one with note SQUARE GUESS, like note D7 bomb."]
    );
    let (fx, lines) = type_line(&mut app, "note a7 bomb");
    assert_eq!(
        fx,
        vec![Effect::Game(GameCmd::Note(
            sqr("A7"),
            Some(Guess::Ranks(vec![Rank::Bomb]))
        ))]
    );
    assert_eq!(lines, vec!["Note on A7 (only you see it): Bomb?"]);
    let (fx, lines) = type_line(&mut app, "note B7 8 9");
    assert_eq!(
        fx,
        vec![Effect::Game(GameCmd::Note(
            sqr("B7"),
            Some(Guess::Ranks(vec![Rank::General, Rank::Colonel]))
        ))]
    );
    assert_eq!(
        lines,
        vec!["Note on B7 (only you see it): General or Colonel?"]
    );
    // The game sends them back in this seat's snapshot.
    let v = view();
    let mut notes = Notes::default();
    notes
        .set(&v, sqr("A7"), Some(Guess::Ranks(vec![Rank::Bomb])))
        .unwrap();
    notes
        .set(
            &v,
            sqr("B7"),
            Some(Guess::Ranks(vec![Rank::General, Rank::Colonel])),
        )
        .unwrap();
    let mut snap = play_snap(v, vec![]);
    snap.notes = notes;
    send(&mut app, &snap);
    let (_, lines) = type_line(&mut app, "notes");
    assert_eq!(lines, vec!["Your notes: A7 Bomb?; B7 General or Colonel?."]);
    assert_eq!(
        row(&mut app, 7),
        "Row 7: A7 enemy (your note: Bomb?); B7 enemy, has moved (your note: General or Colonel?); C7 enemy Major; E7 enemy"
    );
    // Wrong notes: a reason, and nothing sent.
    refused(&mut app, "note a4 bomb", "A4 is your own piece");
    refused(&mut app, "note a5 8", "there is no piece on A5");
    refused(&mut app, "note c7 8", "the piece on C7 is known already");
    refused(&mut app, "note d6 8", "there is no piece on D6");
    refused(&mut app, "note e7 clear", "there is no note on E7");
    refused(&mut app, "note a7 banana", "a note: note SQUARE GUESS");
    refused(&mut app, "note a7 2 3 4 5", "a note: note SQUARE GUESS");
    refused(&mut app, "note k9 8", "a note: note SQUARE GUESS");
    refused(&mut app, "note", "a note: note SQUARE GUESS");
    refused(&mut app, "note a7", "a note: note SQUARE GUESS");
    let (fx, lines) = type_line(&mut app, "note a7 clear");
    assert_eq!(fx, vec![Effect::Game(GameCmd::Note(sqr("A7"), None))]);
    assert_eq!(lines, vec!["Note on A7 cleared."]);
    let (fx, lines) = type_line(&mut app, "note e7 not-bomb");
    assert_eq!(
        fx,
        vec![Effect::Game(GameCmd::Note(sqr("E7"), Some(Guess::NotBomb)))]
    );
    assert_eq!(lines, vec!["Note on E7 (only you see it): not a Bomb"]);
    let (_, help) = type_line(&mut app, "help");
    assert!(
        help.iter().any(|l| l.contains("note D7 bomb, notes")),
        "{help:?}"
    );

    // In German, the same note in German words.
    let mut de = playing(Lang::De);
    let (_, lines) = type_line(&mut de, "note a7 b");
    assert_eq!(lines, vec!["Notiz zu A7 (nur du siehst sie): Bombe?"]);

    // A spectator makes none.
    let mut watcher = app_in(Lang::En, Numbering::Modern);
    let mut v = view();
    v.viewer = Viewer::Spectator;
    send(&mut watcher, &snapshot(GamePhase::Playing, None, Some(v)));
    refused(&mut watcher, "note a7 bomb", "only the players make notes");
}

/// `turn` lists the games the lobby said wait for this player (matched by identity on the
/// server), never the shared list's games whose mover has this nick: a renamed player's
/// games are listed under the new nick, and someone who took the old nick sees none.
#[test]
fn turn_lists_the_games_sent_to_the_player_not_those_under_its_nick() {
    use stratego_ssh::proto::WaitingGame;
    let mut game = game_summary(9, false);
    game.red = "alice".into();
    game.turn = Some((Color::Red, 2_000_000_000));
    let lobby = LobbySnapshot {
        games: vec![game],
        ..LobbySnapshot::default()
    };
    // "alice" now is someone else: the shared list names her as Red to move, but the
    // lobby sent her no game.
    let mut app = app();
    app.update(Msg::Lobby(Arc::new(lobby.clone())));
    app.update(Msg::Waiting(vec![]));
    app.take_lines();
    let (_, lines) = type_line(&mut app, "turn");
    assert_eq!(
        lines,
        vec!["No correspondence game waits for your move.".to_string()]
    );
    // The renamed player, alicia: the lobby's list is hers; the set-up due says so.
    let mut app = LineApp::new(me("alicia"), Lang::En, Numbering::Modern, 1);
    app.update(Msg::Lobby(Arc::new(lobby)));
    let waiting = |id: u64, setup: bool| WaitingGame {
        id,
        opponent: "dave".into(),
        color: Color::Red,
        variant: Variant::Classic,
        days: 3,
        ply: 0,
        deadline: 2_000_000_000,
        setup,
        budget: None,
        budget_ends: None,
    };
    app.update(Msg::Waiting(vec![waiting(9, false), waiting(11, true)]));
    app.take_lines();
    let (_, lines) = type_line(&mut app, "turn");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("Game 9 against dave, Classic, move 1: your move, due 2033-05-18"),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("Game 11 against dave, Classic: your set-up, due 2033-05-18"),
        "{lines:?}"
    );
}
