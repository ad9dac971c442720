//! The leaderboard, a profile, the game list, a replay and the rules page in German and
//! Dutch: their words are the language's, whole at 80x24 and at 120x40; dates stay ISO;
//! the German rules page scrolls to its last line with nothing lost in wrapping.

mod ui_support;

use stratego_ssh::i18n::{tr, Lang};
use stratego_ssh::t;
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{App, Msg, Settings};
use ui_support::*;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// State `name` of `states::all()` with the screens in `lang`, at `w` x `h`.
fn state(name: &str, lang: Lang, w: u16, h: u16) -> App {
    let all = states::all();
    let (_, make) = all
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no state {name:?}"));
    let mut a = states::with(Settings { lang, ..settings() }, make.as_ref());
    a.update(Msg::Resize {
        width: w,
        height: h,
    });
    a
}

/// Every one of `want` is on the screen of `a`, and none of `not` (English left).
fn shows(a: &App, w: u16, h: u16, want: &[&str], not: &[&str]) {
    let t = text(&draw(a, w, h));
    for s in want {
        assert!(t.contains(s), "{w}x{h}: {s:?} is not on the screen\n{t}");
    }
    for s in not {
        assert!(
            !t.contains(s),
            "{w}x{h}: {s:?} (English) is on the screen\n{t}"
        );
    }
}

#[test]
fn the_leaderboard_in_german_and_dutch() {
    for (w, h) in SIZES {
        let de = state("leaderboard", Lang::De, w, h);
        shows(
            &de,
            w,
            h,
            &[
                "stratego-ssh · Rangliste",
                "[Klassisch]",
                "Rangliste Klassisch",
                "Platz",
                "Spieler",
                "Wertung",
                "Partien",
                "S/R/N",
                "Enter Profil",
                "Esc zurück",
                "? Hilfe",
            ],
            &["Leaderboard", "leaderboard", "rating", "player", "back"],
        );
        let nl = state("leaderboard", Lang::Nl, w, h);
        shows(
            &nl,
            w,
            h,
            &[
                "stratego-ssh · Ranglijst",
                "[Klassiek]",
                "Ranglijst Klassiek",
                "plaats",
                "speler",
                "partijen",
                "W/R/V",
                "Enter profiel",
                "Esc terug",
                "? hulp",
            ],
            &["Leaderboard", "leaderboard", "player", "back"],
        );
    }
}

#[test]
fn a_profile_in_german_and_dutch_with_iso_dates() {
    for (w, h) in SIZES {
        let de = state("profile", Lang::De, w, h);
        shows(
            &de,
            w,
            h,
            &[
                "Profil von carol (du)",
                "carol: Wertungen",
                "Klassisch",
                "2 Partien",
                "S/R/N 1/0/1",
                "Letzte Partien (alle Varianten)",
                "carol gegen alice",
                "gewonnen — Fahne erobert",
                "verloren — Fahne erobert",
                "gewertet",
                "2024-02-29",
                "Enter nachspielen",
            ],
            &["Profile of", "Recent games", "won —", "lost —", "games"],
        );
        let nl = state("profile", Lang::Nl, w, h);
        shows(
            &nl,
            w,
            h,
            &[
                "Profiel van carol (jij)",
                "carol: ratings",
                "Klassiek",
                "2 partijen",
                "W/R/V 1/0/1",
                "Recente partijen (alle varianten)",
                "carol tegen alice",
                "gewonnen — vlag veroverd",
                "verloren — vlag veroverd",
                "2024-02-29",
                "Enter naspelen",
            ],
            &["Profile of", "Recent games", "won —", "lost —", "games"],
        );
    }
    // The time of day too where the list is wide.
    let de = state("game list", Lang::De, 120, 40);
    shows(
        &de,
        120,
        40,
        &[
            "Meine Partien (carol) (2)",
            "Ende (UTC)",
            "2024-02-29 12:34",
        ],
        &["My games"],
    );
}

#[test]
fn a_replay_in_german_and_dutch() {
    for (w, h) in SIZES {
        let de = state("replay", Lang::De, w, h);
        shows(
            &de,
            w,
            h,
            &[
                "Nachspielen",
                "Partie #41",
                "Rot gewinnt — Fahne erobert",
                "Zug 1 von 2, Rot hat gezogen",
                "angehalten, 1 s pro Zug (+/-)",
                "Züge",
                "E3-E4",
                "alles aufgedeckt",
                "übrig",
            ],
            &["Replay", "paused", "Moves", "revealed"],
        );
        let nl = state("replay, playing", Lang::Nl, w, h);
        shows(
            &nl,
            w,
            h,
            &[
                "Naspelen",
                "partij #41",
                "Rood wint — vlag veroverd",
                "zet 1 van 2, Rood zette",
                "speelt, 1 s per zet (+/-)",
                "Zetten",
                "alles open",
                "Spatie pauze",
            ],
            &["Replay", "playing", "Moves", "revealed"],
        );
    }
}

#[test]
fn the_rules_page_in_german_and_dutch() {
    for (w, h) in SIZES {
        let de = state("game, rules page", Lang::De, w, h);
        let t = text(&draw(&de, w, h));
        let boxed = boxed_text(&draw(&de, w, h));
        assert!(t.contains("Regeln von Stratego Klassisch"), "{t}");
        for s in [
            "Ziel des Spiels",
            "Erobere die gegnerische Fahne oder lass dem Gegner keine Figur",
            "Jede Seite hat 40 Figuren",
            "Die Figuren, die stärkste zuerst",
            "10 Feldmarschall 1× schlägt alle rangniedrigeren Figuren",
            "Hoch/Runter blättern",
            "Esc schließen",
        ] {
            assert!(boxed.contains(s), "{w}x{h}: {s:?}\n{t}");
        }
        let nl = state("game, rules page", Lang::Nl, w, h);
        let t = text(&draw(&nl, w, h));
        let boxed = boxed_text(&draw(&nl, w, h));
        assert!(t.contains("Regels van Stratego Klassiek"), "{t}");
        for s in [
            "Het doel",
            "Verover de Vlag van de tegenstander",
            "Elke kant heeft 40 stukken",
            "De stukken, de sterkste eerst",
            "10 Maarschalk 1× slaat elk lager stuk",
            "Esc sluiten",
        ] {
            assert!(boxed.contains(s), "{w}x{h}: {s:?}\n{t}");
        }
    }
}

/// The rules page, every page of it (PgDn to the end), as boxed text.
fn rules_pages(lang: Lang, w: u16, h: u16) -> String {
    let mut a = state("game, rules page", lang, w, h);
    let mut pages: Vec<String> = vec![];
    loop {
        let page = boxed_text(&draw(&a, w, h));
        if pages.last() == Some(&page) {
            break;
        }
        pages.push(page);
        assert!(pages.len() < 30, "PgDn never reaches the end");
        a.update(code(KeyCode::PageDown));
    }
    pages.join(" ")
}

/// The Marshal's line says what the English says: it falls to a Spy that attacks it. Not
/// "only": an attacking Marshal also dies on a Bomb, and two Marshals both go.
#[test]
fn the_marshal_does_not_fall_only_to_a_spy_in_german_and_dutch() {
    let cases = [
        (
            Lang::De,
            "Feldmarschall",
            "fällt durch einen Spion, der ihn angreift",
            "nur",
        ),
        (
            Lang::Nl,
            "Maarschalk",
            "valt door een Spion die hem aanvalt",
            "alleen",
        ),
    ];
    for (w, h) in SIZES {
        for (lang, marshal, falls, only) in cases {
            let all = rules_pages(lang, w, h);
            let at = all
                .find(&format!("10 {marshal} 1×"))
                .expect("the Marshal's line");
            let line = &all[at..];
            let line = &line[..line.find("9 ").unwrap_or(line.len())];
            assert!(line.contains(falls), "{lang:?} {w}x{h}: {line:?}");
            assert!(
                !line.split_whitespace().any(|w| w == only),
                "{lang:?} {w}x{h}: the Marshal falls {only:?} to a Spy: {line:?}"
            );
        }
    }
}

/// A message of the catalog as the page shows it: one paragraph, its lines joined.
fn para(s: String) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_german_rules_page_scrolls_to_its_last_line_and_loses_nothing() {
    let (w, h) = (80, 24);
    let mut a = state("game, rules page", Lang::De, w, h);
    let mut pages = vec![];
    loop {
        let b = draw(&a, w, h);
        let page = boxed_text(&b);
        if pages.last() == Some(&page) {
            break;
        }
        pages.push(page);
        assert!(pages.len() < 30, "PgDn never reaches the end");
        a.update(code(KeyCode::PageDown));
    }
    assert!(pages.len() > 2, "the page fits the screen: {pages:?}");
    // The last page ends with the German text's last line, whole.
    let b = draw(&a, w, h);
    let rows: Vec<String> = lines(&b)
        .iter()
        .filter_map(|l| {
            let a = l.find('│')?;
            let b = l.rfind('│')?;
            (a < b).then(|| l[a + '│'.len_utf8()..b].trim().to_string())
        })
        .filter(|l| !l.is_empty())
        .collect();
    // The rows of the text, then the hints (and where the page is).
    let last = &rows[rows.len() - 2];
    let end = para(tr(Lang::De, "rules-board-text"));
    assert!(end.ends_with("(m tippt einen ein)."), "{end}");
    assert!(
        end.ends_with(last.as_str()) && last.len() > 20,
        "the last row {last:?} is not the end of {end:?}: {rows:?}"
    );
    assert!(rows[rows.len() - 1].contains("Esc schließen"), "{rows:?}");
    // Every paragraph is on a page whole (a page never ends inside one).
    let all = pages.join(" ");
    let mut want: Vec<String> = [
        "rules-moving-text",
        "rules-not-silent",
        "rules-chasing",
        "rules-blocked-on-turn",
        "rules-board-text",
        "rules-sym-moved",
        "rules-sym-setup",
        "rules-does-spy",
        "rules-does-marshal",
    ]
    .iter()
    .map(|id| para(tr(Lang::De, id)))
    .collect();
    want.push(para(t!(Lang::De, "rules-goal-text", count = 40)));
    want.push(para(t!(Lang::De, "rules-two-square", count = 3)));
    want.push(para(t!(Lang::De, "rules-setup", count = 4)));
    want.push(para(t!(
        Lang::De,
        "rules-battles-text",
        equal = tr(Lang::De, "rules-equal-both")
    )));
    for p in &want {
        assert!(
            pages.iter().any(|page| page.contains(p.as_str())),
            "{p:?} not whole on a page\n{all}"
        );
    }
    // And nothing of English.
    for s in ["The goal", "Moving", "Who beats whom", "Rules of"] {
        assert!(!all.contains(s), "{s:?}\n{all}");
    }
}

#[test]
fn battles_in_the_move_list_are_whole_in_german_and_dutch() {
    use stratego_ssh::proto::{Perspective, ReplaySnapshot};
    use stratego_ssh::rules::{
        BattleResult, Color, Rank, Rules, Variant, ViewBattle, ViewMove, Viewer,
    };
    let battle = |from: &str, to: &str, mover: Color, result| ViewMove {
        mover,
        from: sqr(from),
        to: sqr(to),
        battle: Some(ViewBattle {
            attacker: Some(Rank::Major),
            defender: Some(Rank::Captain),
            result,
        }),
        rescue: None,
    };
    let history = vec![
        battle("E4", "E5", Color::Red, BattleResult::AttackerWins),
        battle("E7", "E6", Color::Blue, BattleResult::DefenderWins),
    ];
    let mut view = empty_view(Viewer::Spectator);
    view.ply = 2;
    view.last_move = history.last().copied();
    for (lang, want) in [
        (Lang::De, ["E4xE5 7x6 gewinnt", "E7xE6 7x6 verliert"]),
        (Lang::Nl, ["E4xE5 7x6 wint", "E7xE6 7x6 verliest"]),
    ] {
        for (w, h) in SIZES {
            let mut a = state("replay", lang, w, h);
            a.update(Msg::Replay(ReplaySnapshot {
                id: 41,
                red: "carol".into(),
                blue: "alice".into(),
                rules: Rules::standard(Variant::Classic),
                outcome: None,
                ply: 2,
                plies: 3,
                perspective: Perspective::All,
                view: view.clone(),
                history: history.clone(),
                private: false,
                notes: Default::default(),
                analysis: None,
            }));
            let t = text(&draw(&a, w, h));
            for s in want {
                assert!(t.contains(s), "{lang:?} {w}x{h}: {s:?} is not whole\n{t}");
            }
        }
    }
}
