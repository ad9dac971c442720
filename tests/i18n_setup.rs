//! The set-up screen, the seek form and the lobby's seeks list in German and Dutch: their
//! words come from the catalogs, whole, and the lobby's footer at 80x24 keeps every key
//! hint English keeps.

mod ui_support;

use stratego_ssh::i18n::Lang;
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{App, Msg, Settings};
use ui_support::*;

/// The state `name` of `states::all()` in `lang`, drawn at `w`x`h`.
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

/// The screen's words one space apart, the boxes' borders left out: a sentence wrapped
/// over rows reads whole.
fn flat(a: &App, w: u16, h: u16) -> String {
    text(&draw(a, w, h))
        .split_whitespace()
        .filter(|w| !w.chars().all(|c| "│─╭╮╰╯".contains(c)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn has_all(lang: Lang, what: &str, screen: &str, words: &[&str]) {
    for s in words {
        assert!(
            screen.contains(s),
            "{lang:?} {what}: missing {s:?}\n{screen}"
        );
    }
}

#[test]
fn the_set_up_screen_in_german_and_dutch() {
    for (lang, words, english) in [
        (
            Lang::De,
            [
                "Stelle deine Armee auf (Rot)",
                "Taste Figur",
                "übrig",
                "Feldmarschall",
                "Aufklärer",
                "Bombe",
                "0 von 40 gesetzt",
                // The tip under the board, wrapped beside the pieces' list at 80 columns.
                "Pfeile bewegen, Rangtasten setzen,",
                "Leertaste nimmt auf/tauscht, Entf entfernt",
                "d fertig",
                "r füllen",
                "c leeren",
            ],
            ["Set up your army", "placed", "arrows move", "d ready"],
        ),
        (
            Lang::Nl,
            [
                "Stel je leger op (Rood)",
                "toets stuk",
                "over",
                "Maarschalk",
                "Verkenner",
                "Bom",
                "0 van 40 gezet",
                "pijltjes bewegen, rangtoetsen zetten,",
                "Spatie pakt op/wisselt, Del haalt weg",
                "d klaar",
                "r vullen",
                "c leegmaken",
            ],
            ["Set up your army", "placed", "arrows move", "d ready"],
        ),
    ] {
        for (w, h) in [(80, 24), (120, 40)] {
            let a = state("set-up", lang, w, h);
            let screen = flat(&a, w, h);
            has_all(lang, &format!("set-up {w}x{h}"), &screen, &words);
            for e in english {
                assert!(!screen.contains(e), "{lang:?}: {e:?} left\n{screen}");
            }
        }
    }
}

#[test]
fn the_set_ups_messages_help_and_saved_list_in_german_and_dutch() {
    for (lang, no_piece, filled, help, load) in [
        (
            Lang::De,
            "'z' setzt keine Figur: siehe die Liste rechts",
            "Wie der Computer aufgestellt: Leertaste tauscht Figuren, oder noch einmal r",
            [
                "Pfeiltasten / hjkl",
                "den Cursor auf deinen Aufstellungsreihen bewegen",
                "0 oder x, X",
                "den Feldmarschall (10) setzen",
                "Entf / Rücktaste",
            ],
            [
                "Gespeicherte Aufstellungen: Klassisch",
                "Enter laden",
                "x löschen",
            ],
        ),
        (
            Lang::Nl,
            "'z' zet geen stuk: zie de lijst rechts",
            "Opgesteld zoals de computer: Spatie wisselt stukken, of nog eens r",
            [
                "pijltjes / hjkl",
                "de cursor over je opstellingsrijen bewegen",
                "0 of x, X",
                "de Maarschalk (10) zetten",
                "Del / Backspace",
            ],
            ["Bewaarde opstellingen: Klassiek", "Enter laden", "x wissen"],
        ),
    ] {
        let (w, h) = (120, 40);
        // A key that places nothing says so.
        let mut a = state("set-up", lang, w, h);
        a.update(key('z'));
        has_all(
            lang,
            "a key that places nothing",
            &flat(&a, w, h),
            &[no_piece],
        );
        // `r` fills like the computer and says how.
        a.update(key('r'));
        has_all(lang, "filled", &flat(&a, w, h), &[filled]);
        // The help names the keys in the language.
        a.update(key('?'));
        has_all(lang, "help", &flat(&a, w, h), &help);
        // The saved set-ups' list.
        let mut a = state("set-up", lang, w, h);
        a.update(key('L'));
        has_all(lang, "saved list", &flat(&a, w, h), &load);
    }
}

#[test]
fn the_seek_form_in_german_and_dutch() {
    for (lang, seek, refusal, bot) in [
        (
            Lang::De,
            vec![
                "Neues Angebot",
                "Variante < Klassisch >",
                "Zwei-Felder-Regel < 3 Züge >",
                "Verfolgungsregel < an: keine endlose Verfolgung >",
                "Angreifervorteil < aus: Gleichstand schlägt beide >",
                "Stille Verteidigung",
                "Rettung < aus >",
                "Wer nicht ziehen kann < verliert, wenn er am Zug ist >",
                "Uhr < 10 Min. + 5 s pro Zug >",
                "Nur für (Herausforderung) (alle)",
                "Klassisch: die ganze Armee, je 40 Figuren, in vier Reihen.",
                "Hoch/Runter Feld",
                "Links/Rechts ändern",
                "Enter anbieten",
                "Esc abbrechen",
            ],
            "eigene Uhr: Minuten+Zuschlag eingeben, etwa 15+10",
            [
                "Gegen den Computer",
                "Stufe des Computers < leicht >",
                "Enter spielen",
            ],
        ),
        (
            Lang::Nl,
            vec![
                "Nieuwe uitnodiging",
                "Variant < Klassiek >",
                "Tweevakkenregel < 3 zetten >",
                "Achtervolgingsregel < aan: geen eindeloze achtervolging >",
                "Aanvallersvoordeel < uit: bij gelijke rang vallen beide >",
                "Stille verdediging",
                "Redding < uit >",
                "Wie niet kan zetten < verliest als die aan zet is >",
                "Klok < 10 min + 5 s per zet >",
                "Alleen voor (een uitdaging) (iedereen)",
                "Klassiek: het hele leger, 40 stukken elk, in vier rijen.",
                "Omhoog/Omlaag veld",
                "Links/Rechts wijzigen",
                "Enter plaatsen",
                "Esc annuleren",
            ],
            "eigen klok: typ minuten+toeslag, zoals 15+10",
            [
                "Tegen de computer",
                "Niveau van de computer < makkelijk >",
                "Enter spelen",
            ],
        ),
    ] {
        for (w, h) in [(80, 24), (120, 40)] {
            let a = state("seek form", lang, w, h);
            has_all(lang, &format!("seek form {w}x{h}"), &flat(&a, w, h), &seek);
            let a = state("computer form", lang, w, h);
            has_all(
                lang,
                &format!("computer form {w}x{h}"),
                &flat(&a, w, h),
                &bot,
            );
        }
        // A custom clock left empty is refused in words of the language.
        let (w, h) = (120, 40);
        let mut a = state("seek form", lang, w, h);
        // Up twice: from the first field round to the clock (after the private-to field).
        a.update(code(KeyCode::Up));
        a.update(code(KeyCode::Up));
        a.update(code(KeyCode::Right));
        a.update(code(KeyCode::Enter));
        has_all(lang, "custom clock refused", &flat(&a, w, h), &[refusal]);
    }
}

/// The hints of the footer (the last two rows): each `key words`, two spaces apart.
fn footer_keys(a: &App, w: u16, h: u16) -> Vec<String> {
    let rows = lines(&draw(a, w, h));
    rows[rows.len() - 2..]
        .iter()
        .flat_map(|r| r.split("  ").map(str::trim).collect::<Vec<_>>())
        .filter(|hint| !hint.is_empty())
        .filter_map(|hint| hint.split(' ').next().map(str::to_string))
        .collect()
}

#[test]
fn the_lobbys_seeks_in_german_at_80x24_keep_every_key_hint() {
    let (w, h) = (80, 24);
    for name in ["lobby, seeks", "lobby, a challenge to me", "lobby, games"] {
        let english = footer_keys(&state(name, Lang::En, w, h), w, h);
        assert!(english.len() >= 8, "{name}: {english:?}");
        let a = state(name, Lang::De, w, h);
        let german = footer_keys(&a, w, h);
        for k in &english {
            assert!(
                german.contains(k),
                "{name}: the hint of {k:?} is gone in German\n{}",
                text(&draw(&a, w, h))
            );
        }
    }
    // The seeks' rows in German, each word whole.
    let a = state("lobby, seeks", Lang::De, w, h);
    let screen = text(&draw(&a, w, h));
    for s in [
        "Spieler      Variante  Uhr   Wertung",
        "alice        Klassisch ohne  gewertet",
        "Enter gegen den Computer (leicht, ohne Uhr)",
        "Rot gegen Blau",
        "dave gegen eve",
    ] {
        assert!(screen.contains(s), "missing {s:?}\n{screen}");
    }
}
