//! The tournament screen and the admin screen in German and Dutch: their texts come from
//! `tournament.ftl` (terms, status, standings, games, keys, dialogs, the tournament form),
//! with the languages' plural forms.

mod ui_support;

use std::sync::Arc;

use stratego_ssh::i18n::Lang;
use stratego_ssh::proto::{
    EntryRule, Format, LobbySnapshot, TournamentInfo, TournamentStatus, TournamentTerms,
};
use stratego_ssh::rules::Variant;
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{App, Msg, Settings};
use ui_support::*;

/// The state `name` of `states::all()`, built with its screens in `lang`.
fn state(name: &str, lang: Lang) -> App {
    let all = states::all();
    let (_, make) = all
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no state {name:?}"));
    states::with(Settings { lang, ..settings() }, make)
}

/// The screen of `a` at `w` x `h`, as text.
fn screen(a: &mut App, w: u16, h: u16) -> String {
    a.update(Msg::Resize {
        width: w,
        height: h,
    });
    text(&draw(a, w, h))
}

fn has_all(t: &str, want: &[&str]) {
    for s in want {
        assert!(t.contains(s), "missing {s:?}\n{t}");
    }
}

const NOW: u64 = 1_800_000_000;

/// The screen of a Swiss of `rounds` rounds in `lang`, opened from the lobby: upcoming, or
/// running in round `round`.
fn swiss(lang: Lang, rounds: u32, round: u32) -> App {
    let status = match round {
        0 => TournamentStatus::Upcoming,
        _ => TournamentStatus::Running,
    };
    let t = TournamentInfo {
        id: 4,
        terms: TournamentTerms {
            name: "Cup".into(),
            format: Format::Swiss { rounds },
            game: terms(Variant::Classic),
            starts_at: NOW + 600,
            entry: EntryRule::KeyHolders,
            min_rated_games: 3,
        },
        status,
        created_by: "root".into(),
        ends_at: None,
        round,
        standings: vec![],
        absent: vec![],
        games: vec![],
        chat: vec![],
        note: String::new(),
    };
    let s = Settings { lang, ..settings() };
    let mut a = App::new(me("carol"), s, 120, 40, 1);
    a.set_unix_time(NOW);
    a.update(Msg::Lobby(Arc::new(LobbySnapshot {
        tournaments: vec![t],
        ..Default::default()
    })));
    a.update(key('T'));
    a.update(code(KeyCode::Enter));
    a
}

#[test]
fn a_running_arena_in_german_and_dutch() {
    let name = "tournament, running arena, joined";
    let mut a = state(name, Lang::De);
    for (w, h) in [(120, 40), (80, 24)] {
        let t = screen(&mut a, w, h);
        has_all(
            &t,
            &[
                "Arena 30 Min. · Klassisch · ohne Uhr · gewertet · offen für alle",
                "läuft · endet in 29:00 · 2 Spieler · du spielst mit",
                "Tabelle (2)",
                "Spieler",
                "Wertung",
                "Pkt.",
                "Laufende Partien (1)",
                "alice – carol",
                "t zum Chatten",
                // The marks: alice won twice, carol lost.
                "SS",
                "Enter Profil",
                "w Pause",
                "Esc Lobby",
                "t Chat",
                "Tab nächste Liste",
                "? Hilfe",
            ],
        );
        assert!(!t.contains("Standings") && !t.contains("players"), "{t}");
    }
    assert!(screen(&mut a, 120, 40).contains("in Serie: Punkte doppelt"));
    let mut a = state(name, Lang::Nl);
    for (w, h) in [(120, 40), (80, 24)] {
        let t = screen(&mut a, w, h);
        has_all(
            &t,
            &[
                "Arena 30 min · Klassiek · zonder klok · om rating · open voor iedereen",
                "bezig · eindigt over 29:00 · 2 spelers · je doet mee",
                "Stand (2)",
                "speler",
                "punten",
                "Lopende partijen (1)",
                "alice – carol",
                "WW",
                "Enter profiel",
                "w pauze",
                "Esc lobby",
                "? hulp",
            ],
        );
    }
}

#[test]
fn an_upcoming_swiss_in_german_and_dutch_with_its_tie_breaks() {
    let name = "tournament, upcoming swiss";
    let mut a = state(name, Lang::De);
    let t = screen(&mut a, 120, 40);
    has_all(
        &t,
        &[
            "Schweizer System, 3 Runden",
            "angekündigt · beginnt in 5:00 · 1 Spieler · von root",
            " BH ",
            " SB",
            "BH: Buchholz, SB: Sonneborn-Berger",
            "keine vor dem Beginn",
            "j mitspielen",
        ],
    );
    a.update(key('w'));
    let t = screen(&mut a, 120, 40);
    assert!(
        t.contains("Du spielst in diesem Turnier nicht mit (j: mitspielen)"),
        "{t}"
    );
    let mut a = state(name, Lang::Nl);
    let t = screen(&mut a, 120, 40);
    has_all(
        &t,
        &[
            "Zwitsers, 3 rondes",
            "aangekondigd · begint over 5:00 · 1 speler · door root",
            " WP ",
            "WP: weerstandspunten (Buchholz), SB: Sonneborn-Berger",
            "geen vóór het begin",
            "j meedoen",
        ],
    );
}

#[test]
fn rounds_and_rated_games_take_each_language_s_plural() {
    let cases = [
        (
            Lang::En,
            "Swiss 1 round ·",
            "Swiss 5 rounds ·",
            "round 2 of 5",
        ),
        (
            Lang::De,
            "Schweizer System, 1 Runde ·",
            "Schweizer System, 5 Runden ·",
            "Runde 2 von 5",
        ),
        (
            Lang::Nl,
            "Zwitsers, 1 ronde ·",
            "Zwitsers, 5 rondes ·",
            "ronde 2 van 5",
        ),
    ];
    for (lang, one, five, round) in cases {
        let t = screen(&mut swiss(lang, 1, 0), 120, 40);
        assert!(t.contains(one), "{lang:?}: no {one:?}\n{t}");
        let t = screen(&mut swiss(lang, 5, 0), 120, 40);
        assert!(t.contains(five), "{lang:?}: no {five:?}\n{t}");
        let t = screen(&mut swiss(lang, 5, 2), 120, 40);
        assert!(t.contains(round), "{lang:?}: no {round:?}\n{t}");
    }
    let t = screen(&mut swiss(Lang::De, 5, 0), 120, 40);
    assert!(
        t.contains("nur mit Schlüssel · ab 3 gewerteten Partien"),
        "{t}"
    );
    let t = screen(&mut swiss(Lang::Nl, 5, 0), 120, 40);
    assert!(
        t.contains("alleen met sleutel · vanaf 3 partijen om rating"),
        "{t}"
    );
}

#[test]
fn the_tournament_help_and_a_change_of_language_on_its_screen() {
    let mut a = state("tournament, running arena, joined", Lang::De);
    a.update(key('?'));
    let t = screen(&mut a, 120, 40);
    has_all(
        &t,
        &[
            "Tasten im Turnier",
            "Tab / Umschalt-Tab",
            "Tabelle / laufende Partien / Chat",
            "zurück in die Lobby",
        ],
    );
    // English, then German from the settings (s) on the tournament screen.
    let mut a = state("tournament, running arena, joined", Lang::En);
    assert!(screen(&mut a, 120, 40).contains("Esc lobby"));
    a.update(key('s'));
    for _ in 0..3 {
        a.update(code(KeyCode::Down));
    }
    a.update(code(KeyCode::Enter));
    a.update(code(KeyCode::Esc));
    let t = screen(&mut a, 120, 40);
    has_all(&t, &["Esc Lobby", "Tabelle (2)", "du spielst mit"]);
}

#[test]
fn the_admin_screen_in_german_and_dutch() {
    let mut a = state("admin, sessions", Lang::De);
    for (w, h) in [(120, 40), (80, 24)] {
        let t = screen(&mut a, w, h);
        has_all(
            &t,
            &[
                "Admin · 2 Sitzungen online, 1 Sperre, 0 Turniere",
                "Sitzungen online (2)",
                "Anmeldung",
                "Adresse",
                "root (du)",
                "Schlüssel",
                "Sperren (1)",
                "Grund",
                "wann (UTC)",
                "Turniere (0)",
                "keine Turniere: N legt eins an",
                "K hinauswerfen",
                "B sperren",
                "M Rundnachricht",
                "Esc Lobby",
                "Tab Sperren",
            ],
        );
        // The sessions' headings whole, the last one too.
        let head = t.lines().find(|l| l.contains("Anmeldung")).unwrap_or("");
        assert!(head.contains("Schlüssel"), "{w}x{h}: {head:?}");
    }
    let mut a = state("admin, sessions", Lang::Nl);
    let t = screen(&mut a, 120, 40);
    has_all(
        &t,
        &[
            "Beheer · 2 sessies online, 1 ban, 0 toernooien",
            "Sessies online (2)",
            "toegang",
            "root (jij)",
            "Bans (1)",
            "reden",
            "Toernooien (0)",
            "K eruit zetten",
            "Tab bans",
        ],
    );
    let mut a = state("admin, tournaments, running", Lang::De);
    let t = screen(&mut a, 120, 40);
    has_all(
        &t,
        &[
            "Turniere (2)",
            "Status",
            "Modus",
            "Teilnehmer",
            "läuft",
            "angekündigt",
            "Arena 30 Min.",
            "Schweizer 3 R.",
            "endet in 29:00",
            "S starten",
            "X absagen",
            "E bearbeiten",
            "N neu",
            "Tab Sitzungen",
        ],
    );
    // A running one cannot be started: the refusal in German.
    a.update(key('S'));
    let t = screen(&mut a, 120, 40);
    assert!(
        t.contains("Turnier #1 „Cup 1“ läuft schon: nur ein angekündigtes kann gestartet werden"),
        "{t}"
    );
    let mut a = state("admin, tournaments, running", Lang::Nl);
    // The Dutch refusal, whole at 80x24 (a longer one wraps to a second row).
    a.update(key('S'));
    let t = screen(&mut a, 80, 24);
    let result: Vec<&str> = t
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with('╭'))
        .map(str::trim)
        .collect();
    assert_eq!(
        result.join(" "),
        "! Toernooi #1 “Cup 1” is al bezig: alleen een aangekondigd toernooi kan starten",
        "{t}"
    );
    let t = screen(&mut a, 120, 40);
    has_all(
        &t,
        &[
            "Toernooien (2)",
            "deelnemers",
            "bezig",
            "Zwitsers 3 r.",
            "X afgelasten",
        ],
    );
    a.update(key('?'));
    let t = screen(&mut a, 120, 40);
    has_all(
        &t,
        &[
            "Toetsen van het beheerscherm",
            "het gekozen toernooi afgelasten",
        ],
    );
}

#[test]
fn the_admin_dialogs_and_the_tournament_form_in_german_and_dutch() {
    let mut a = state("admin, kick", Lang::De);
    let t = screen(&mut a, 80, 24);
    has_all(
        &t,
        &[
            "mallory hinauswerfen",
            "Trennt jede Sitzung von mallory.",
            "Grund:",
            "Enter hinauswerfen",
            "Esc abbrechen",
        ],
    );
    let mut a = state("admin, ban", Lang::Nl);
    let t = screen(&mut a, 120, 40);
    has_all(
        &t,
        &["mallory bannen", "bannen op:", "Links/Rechts wat bannen"],
    );
    let mut a = state("admin, cancel a tournament", Lang::De);
    let t = screen(&mut a, 120, 40);
    has_all(
        &t,
        &[
            "Turnier absagen",
            "#1 „Cup 1“ (läuft) absagen?",
            "y ja",
            "n/Esc nein",
        ],
    );
    let mut a = state("admin, new tournament, format", Lang::De);
    for (w, h) in [(120, 40), (80, 24)] {
        let t = screen(&mut a, w, h);
        has_all(
            &t,
            &[
                "Neues Turnier",
                "Modus",
                "< Arena >",
                "Minuten",
                "< Klassisch >",
                "< 5 Min. + 3 s pro Zug >",
                "< gewertet >",
                "in 10 Minuten",
                "Wer darf mitspielen",
                "< offen für alle >",
                "Min. gewertete Partien",
                "Arena: feste Dauer",
                "Enter anlegen",
            ],
        );
    }
    let mut a = state("admin, edit a tournament", Lang::Nl);
    let t = screen(&mut a, 120, 40);
    has_all(
        &t,
        &[
            "Toernooi #2 bewerken",
            "< Zwitsers >",
            "Rondes",
            "< zonder klok >",
            "zoals vastgelegd: 2027-01-15 08:05 UTC",
            "Enter opslaan",
        ],
    );
}

/// How a tournament ended (its note, kept in English with the record) is told in the
/// screen's language.
#[test]
fn how_a_tournament_ended_is_told_in_german_and_dutch() {
    for (note, english) in [
        ("finished after 3 rounds", "finished after"),
        ("finished at its end time", "finished at its end time"),
        ("cancelled by an organiser", "cancelled by an organiser"),
        (
            "cancelled: fewer than two players at the start",
            "fewer than two players",
        ),
    ] {
        for lang in [Lang::De, Lang::Nl] {
            let t = TournamentInfo {
                id: 4,
                terms: TournamentTerms {
                    name: "Cup".into(),
                    format: Format::Swiss { rounds: 3 },
                    game: terms(Variant::Classic),
                    starts_at: NOW - 3600,
                    entry: EntryRule::Anyone,
                    min_rated_games: 0,
                },
                status: TournamentStatus::Finished,
                created_by: "root".into(),
                ends_at: None,
                round: 3,
                standings: vec![],
                absent: vec![],
                games: vec![],
                chat: vec![],
                note: note.into(),
            };
            let s = Settings { lang, ..settings() };
            let mut a = App::new(me("carol"), s, 120, 40, 1);
            a.set_unix_time(NOW);
            a.update(Msg::Lobby(Arc::new(LobbySnapshot {
                tournaments: vec![t],
                ..Default::default()
            })));
            a.update(key('T'));
            a.update(code(KeyCode::Enter));
            let shown = screen(&mut a, 120, 40);
            assert!(shown.contains("Cup"), "{lang:?}: {shown}");
            assert!(
                !shown.contains(english),
                "{lang:?}: the English {english:?} on\n{shown}"
            );
        }
    }
}
