//! The game screen and the battles in words in German and Dutch: the header, the footer, the
//! status and the last battle as a German or Dutch player reads them, and the exact
//! sentences of three battles (a Scout lost on a Bomb, a Marshal taken by the Spy, two
//! Miners removed) from each side.

mod ui_support;

use std::sync::Arc;
use std::time::Instant;

use stratego_ssh::i18n::Lang;
use stratego_ssh::proto::{GamePhase, LobbySnapshot};
use stratego_ssh::rules::{BattleResult, Color, Numbering, Rank, ViewBattle, ViewMove, Viewer};
use stratego_ssh::ui::words::battle_sentence;
use stratego_ssh::ui::{App, Msg, Settings};
use ui_support::*;

/// Alice (Red) in a game whose last move was Blue's Spy taking her Marshal, drawn in `lang`.
fn game_in(lang: Lang, w: u16, h: u16) -> App {
    let mut a = App::new(me("alice"), Settings { lang, ..settings() }, w, h, 1);
    a.update(Msg::Lobby(Arc::new(LobbySnapshot::default())));
    let mut v = empty_view(Viewer::Player(Color::Red));
    put(&mut v, "E4", Color::Red, Some(Rank::Sergeant), false);
    put(&mut v, "A4", Color::Red, Some(Rank::Scout), false);
    put(&mut v, "D4", Color::Blue, Some(Rank::Spy), true);
    put(&mut v, "E7", Color::Blue, None, false);
    v.ply = 6;
    v.legal_moves = vec![mv("E4", "E5"), mv("A4", "A5")];
    let spy = spy_takes_marshal();
    v.last_move = Some(spy);
    let mut s = snapshot(GamePhase::Playing, Some(Color::Red), Some(v));
    s.history = vec![spy];
    send_game(&mut a, s, Instant::now());
    a
}

fn battle(
    mover: Color,
    (from, to): (&str, &str),
    attacker: Rank,
    defender: Rank,
    result: BattleResult,
) -> ViewMove {
    ViewMove {
        mover,
        from: sqr(from),
        to: sqr(to),
        battle: Some(ViewBattle {
            attacker: Some(attacker),
            defender: Some(defender),
            result,
        }),
        rescue: None,
    }
}

fn spy_takes_marshal() -> ViewMove {
    battle(
        Color::Blue,
        ("D5", "D4"),
        Rank::Spy,
        Rank::Marshal,
        BattleResult::AttackerWins,
    )
}

/// The text that starts with `start` on the screen, followed onto the rows below it (from
/// the same column, up to a gap of two spaces): a sentence wrapped under the board.
fn wrapped_from(buf_lines: &[String], start: &str) -> String {
    let (row, col) = buf_lines
        .iter()
        .enumerate()
        .find_map(|(i, l)| l.find(start).map(|c| (i, c)))
        .unwrap_or_else(|| panic!("{start:?} not on the screen:\n{}", buf_lines.join("\n")));
    let mut out = vec![];
    for l in &buf_lines[row..] {
        let part: String = l.get(col..).unwrap_or("").to_string();
        let part = part.split("  ").next().unwrap_or("").trim().to_string();
        if part.is_empty() {
            break;
        }
        out.push(part);
    }
    out.join(" ")
}

#[test]
fn the_game_screen_in_german_and_dutch() {
    if std::env::var("H1_SHOW").is_ok() {
        for l in [Lang::De, Lang::Nl] {
            for (w, h) in [(80, 24), (120, 40)] {
                println!("{}", text(&draw(&game_in(l, w, h), w, h)));
            }
        }
    }
    for (w, h) in [(80, 24), (120, 40)] {
        let a = game_in(Lang::De, w, h);
        let buf = draw(&a, w, h);
        let t = text(&buf);
        // The rules in plain words where there is room, else in short (the game's
        // number stays).
        let rules = match w {
            120.. => "Klassisch · 2-Felder-Regel: 3, Verfolgungsregel · gewertet · ohne Uhr",
            _ => "Klassisch · 2F:3 Verfolgung · gewertet · ohne Uhr · Partie #7",
        };
        for s in [
            rules,
            "Du bist am Zug  Zug 4",
            "Züge",
            "übrig",
            "geschlagen",
            "Pfeile/Enter ziehen  m Zug tippen  t Chat  D Remis  R aufgeben  ? Hilfe",
        ] {
            assert!(t.contains(s), "{w}x{h}: missing {s:?}\n{t}");
        }
        // Who one plays where the header has room.
        assert!(w < 120 || t.contains("du spielst Rot"), "{t}");
        assert_eq!(
            wrapped_from(&lines(&buf), "D5xD4:"),
            "D5xD4: Ein Spion (S) griff deinen Feldmarschall (10) an und gewann",
            "{w}x{h}\n{t}"
        );
        let a = game_in(Lang::Nl, w, h);
        let buf = draw(&a, w, h);
        let t = text(&buf);
        // The rules in plain words where there is room, else in short (the game's
        // number stays).
        let rules = match w {
            120.. => "Klassiek · 2-vakkenregel: 3, achtervolgingsregel · om rating · zonder klok",
            _ => "Klassiek · 2v:3 achtervolging · om rating · zonder klok · partij #7",
        };
        for s in [
            rules,
            "Jij bent aan zet  zet 4",
            "Zetten",
            "over",
            "geslagen",
            "pijltjes/Enter zetten  m zet typen  t chat  D remise  R opgeven  ? hulp",
        ] {
            assert!(t.contains(s), "{w}x{h}: missing {s:?}\n{t}");
        }
        assert!(w < 120 || t.contains("je speelt Rood"), "{t}");
        assert_eq!(
            wrapped_from(&lines(&buf), "D5xD4:"),
            "D5xD4: Een Spion (S) viel je Maarschalk (10) aan en won",
            "{w}x{h}\n{t}"
        );
    }
}

/// A Scout lost on a Bomb, a Marshal taken by the Spy, two Miners removed: from the
/// attacker's side, the defender's and a spectator's.
#[test]
fn three_battles_in_german_and_dutch() {
    let n = Numbering::Modern;
    let scout = battle(
        Color::Red,
        ("A4", "A7"),
        Rank::Scout,
        Rank::Bomb,
        BattleResult::DefenderWins,
    );
    let spy = spy_takes_marshal();
    let miners = battle(
        Color::Red,
        ("C4", "C5"),
        Rank::Miner,
        Rank::Miner,
        BattleResult::BothRemoved,
    );
    let say = |lang, m: &ViewMove, me| battle_sentence(lang, m, me, n).unwrap();
    let (red, blue) = (Some(Color::Red), Some(Color::Blue));
    let want = [
        (
            Lang::De,
            &scout,
            red,
            "A4xA7: Dein Aufklärer (2) griff eine Bombe (B) an und verlor",
        ),
        (
            Lang::De,
            &scout,
            blue,
            "A4xA7: Ein Aufklärer (2) griff deine Bombe (B) an und verlor",
        ),
        (
            Lang::De,
            &scout,
            None,
            "A4xA7: Der rote Aufklärer (2) griff die blaue Bombe (B) an und verlor",
        ),
        (
            Lang::De,
            &spy,
            red,
            "D5xD4: Ein Spion (S) griff deinen Feldmarschall (10) an und gewann",
        ),
        (
            Lang::De,
            &spy,
            blue,
            "D5xD4: Dein Spion (S) griff einen Feldmarschall (10) an und gewann",
        ),
        (
            Lang::De,
            &spy,
            None,
            "D5xD4: Der blaue Spion (S) griff den roten Feldmarschall (10) an und gewann",
        ),
        (
            Lang::De,
            &miners,
            red,
            "C4xC5: Dein Mineur (3) griff einen Mineur (3) an: Beide wurden geschlagen",
        ),
        (
            Lang::De,
            &miners,
            blue,
            "C4xC5: Ein Mineur (3) griff deinen Mineur (3) an: Beide wurden geschlagen",
        ),
        (
            Lang::De,
            &miners,
            None,
            "C4xC5: Der rote Mineur (3) griff den blauen Mineur (3) an: Beide wurden geschlagen",
        ),
        (
            Lang::Nl,
            &scout,
            red,
            "A4xA7: Je Verkenner (2) viel een Bom (B) aan en verloor",
        ),
        (
            Lang::Nl,
            &scout,
            blue,
            "A4xA7: Een Verkenner (2) viel je Bom (B) aan en verloor",
        ),
        (
            Lang::Nl,
            &scout,
            None,
            "A4xA7: De rode Verkenner (2) viel de blauwe Bom (B) aan en verloor",
        ),
        (
            Lang::Nl,
            &spy,
            red,
            "D5xD4: Een Spion (S) viel je Maarschalk (10) aan en won",
        ),
        (
            Lang::Nl,
            &spy,
            blue,
            "D5xD4: Je Spion (S) viel een Maarschalk (10) aan en won",
        ),
        (
            Lang::Nl,
            &spy,
            None,
            "D5xD4: De blauwe Spion (S) viel de rode Maarschalk (10) aan en won",
        ),
        (
            Lang::Nl,
            &miners,
            red,
            "C4xC5: Je Mineur (3) viel een Mineur (3) aan: beide werden geslagen",
        ),
        (
            Lang::Nl,
            &miners,
            blue,
            "C4xC5: Een Mineur (3) viel je Mineur (3) aan: beide werden geslagen",
        ),
        (
            Lang::Nl,
            &miners,
            None,
            "C4xC5: De rode Mineur (3) viel de blauwe Mineur (3) aan: beide werden geslagen",
        ),
        // English as it was.
        (
            Lang::En,
            &scout,
            red,
            "A4xA7: Your Scout (2) attacked a Bomb (B) and lost",
        ),
        (
            Lang::En,
            &spy,
            red,
            "D5xD4: A Spy (S) attacked your Marshal (10) and won",
        ),
        (
            Lang::En,
            &miners,
            None,
            "C4xC5: Red's Miner (3) attacked Blue's Miner (3): both were removed",
        ),
    ];
    for (lang, m, me, s) in want {
        assert_eq!(say(lang, m, me), s, "{lang:?}, seen by {me:?}");
    }
}

/// A move typed in German or Dutch and refused: the refusal in the player's language; a
/// piece picked with the mouse says what to do next in it.
#[test]
fn refusals_and_hints_in_german_and_dutch() {
    let cases = [
        (
            Lang::De,
            "Figuren ziehen gerade, nie diagonal",
            "„z“ ist kein Feld: Schreib eine Spalte A-J und eine Reihe 1-10, etwa C4",
            "Unteroffizier auf E4:",
        ),
        (
            Lang::Nl,
            "Stukken gaan recht, nooit diagonaal",
            "'z' is geen veld: schrijf een lijn A-J en een rij 1-10, zoals C4",
            "Sergeant op E4:",
        ),
    ];
    for (lang, diagonal, not_a_square, picked) in cases {
        let (w, h) = (120, 40);
        let mut a = game_in(lang, w, h);
        draw(&a, w, h);
        type_text(&mut a, "me4 f5");
        a.update(code(stratego_ssh::ui::input::KeyCode::Enter));
        let t = text(&draw(&a, w, h));
        assert!(t.contains(diagonal), "{lang:?}: {t}");
        type_text(&mut a, "mzz");
        a.update(code(stratego_ssh::ui::input::KeyCode::Enter));
        let t = text(&draw(&a, w, h));
        assert!(t.contains(not_a_square), "{lang:?}: {t}");
        // A click, the first thing the player does on a screen drawn in the language.
        let mut a = game_in(lang, w, h);
        draw(&a, w, h);
        click_square(&mut a, "E4");
        let t = text(&draw(&a, w, h));
        assert!(t.contains(picked), "{lang:?}: {t}");
    }
}

/// The opponent disconnected or gone to the lobby, counting down: the seat's line says so
/// in German and Dutch, whole in the side panel.
#[test]
fn the_opponent_reconnecting_in_german_and_dutch() {
    for (lang, (w, h), online, want) in [
        (Lang::De, (80, 24), false, "getrennt — noch 45 s"),
        (Lang::De, (120, 40), true, "ist gegangen — noch 45 s"),
        (Lang::Nl, (80, 24), false, "geen verbinding — nog 45 s"),
        (Lang::Nl, (120, 40), true, "is vertrokken — nog 45 s"),
    ] {
        let mut a = App::new(me("alice"), Settings { lang, ..settings() }, w, h, 1);
        a.update(Msg::Lobby(Arc::new(LobbySnapshot::default())));
        let mut v = empty_view(Viewer::Player(Color::Red));
        put(&mut v, "E4", Color::Red, Some(Rank::Sergeant), false);
        v.legal_moves = vec![mv("E4", "E5")];
        let mut s = snapshot(GamePhase::Playing, Some(Color::Red), Some(v));
        s.seats.blue.connected = false;
        // Online: gone back to the lobby, not disconnected.
        s.seats.blue.online = online;
        s.seats.blue.reconnect_left = Some(std::time::Duration::from_secs(45));
        send_game(&mut a, s, Instant::now());
        let t = text(&draw(&a, w, h));
        assert!(t.contains(want), "{lang:?} {w}x{h}: missing {want:?}\n{t}");
    }
}

/// At 80x24 the German and Dutch game headers keep the game's number (the rules go in
/// short to make room); where there is room, the rules in plain words too.
#[test]
fn the_game_header_keeps_its_number_in_german_and_dutch_at_80x24() {
    for (lang, number, short, plain) in [
        (
            Lang::De,
            "Partie #7",
            "Klassisch · 2F:3 Verfolgung · gewertet · ohne Uhr",
            "Klassisch · 2-Felder-Regel: 3, Verfolgungsregel · gewertet · ohne Uhr",
        ),
        (
            Lang::Nl,
            "partij #7",
            "Klassiek · 2v:3 achtervolging · om rating · zonder klok",
            "Klassiek · 2-vakkenregel: 3, achtervolgingsregel · om rating · zonder klok",
        ),
    ] {
        let (w, h) = (80, 24);
        let buf = draw(&game_in(lang, w, h), w, h);
        let head = lines(&buf)[0].clone();
        assert!(head.contains(number), "{lang:?} {w}x{h}: {head:?}");
        assert!(head.contains(short), "{lang:?} {w}x{h}: {head:?}");
        let (w, h) = (120, 40);
        let buf = draw(&game_in(lang, w, h), w, h);
        let head = lines(&buf)[0].clone();
        assert!(
            head.contains(number) && head.contains(plain),
            "{lang:?} {w}x{h}: {head:?}"
        );
    }
}
