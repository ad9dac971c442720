//! The languages: the catalogs agree with each other and with the code, the converted
//! screens hold no text outside the catalogs and cut none of it (a pseudo-language), the
//! language is chosen from the stored setting, then the client's locale, then English, and
//! German and Dutch players read their own on the welcome card and the lobby.

mod ui_support;

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use ratatui::buffer::Buffer;
use stratego_ssh::i18n::{has, tr, Lang};
use stratego_ssh::proto::{GamePhase, LobbySnapshot, PlayerInfo, PlayerStatus};
use stratego_ssh::rules::{Color, Numbering, Rank};
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{rank_label, rank_name, Address, App, Effect, Identity, Msg, Settings};
use ui_support::pseudo::*;
use ui_support::*;

/// The message ids of a catalog, in file order.
fn ids(ftl: &str) -> Vec<String> {
    ftl.lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter_map(|l| l.split_once('=').map(|(id, _)| id.trim().to_string()))
        .collect()
}

/// The `.ftl` files of a language's folder, by name.
fn files(lang: Lang) -> BTreeSet<String> {
    let dir = format!("{}/src/i18n/{}", env!("CARGO_MANIFEST_DIR"), lang.code());
    std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ftl"))
        .collect()
}

/// A language's whole catalog: its folder's files, one after the other.
fn catalog(lang: Lang) -> String {
    let dir = format!("{}/src/i18n/{}", env!("CARGO_MANIFEST_DIR"), lang.code());
    files(lang)
        .iter()
        .map(|f| std::fs::read_to_string(format!("{dir}/{f}")).unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every language's folder holds the same files, and the binary compiles in all of them.
#[test]
fn every_language_has_the_same_files_and_all_are_compiled_in() {
    let en = files(Lang::En);
    assert!(en.contains("core.ftl"), "{en:?}");
    for &lang in Lang::ALL {
        assert_eq!(files(lang), en, "{}/ against en/", lang.code());
        assert_eq!(
            lang.catalog().len(),
            en.len(),
            "src/i18n/mod.rs's catalog! lists another number of files than {}/ holds",
            lang.code()
        );
    }
}

#[test]
fn every_language_has_every_message_and_no_other() {
    let en: BTreeSet<String> = ids(&catalog(Lang::En)).into_iter().collect();
    assert!(en.len() > 50, "{en:?}");
    for &lang in Lang::ALL {
        let own = ids(&catalog(lang));
        let set: BTreeSet<String> = own.iter().cloned().collect();
        assert_eq!(set.len(), own.len(), "{}/ has an id twice", lang.code());
        let missing: Vec<_> = en.difference(&set).collect();
        let extra: Vec<_> = set.difference(&en).collect();
        assert!(missing.is_empty(), "{}/ lacks {missing:?}", lang.code());
        assert!(
            extra.is_empty(),
            "{}/ has ids en/ lacks: {extra:?}",
            lang.code()
        );
        // And the catalog parses: each of its messages is found in its own bundle.
        for id in &own {
            assert!(has(lang, id), "{}/: {id} does not parse", lang.code());
        }
    }
}

/// The string literals of a Rust source (comments and character literals skipped).
fn literals(src: &str) -> Vec<String> {
    let mut out = vec![];
    let c: Vec<char> = src.chars().collect();
    let mut i = 0;
    while i < c.len() {
        match c[i] {
            '/' if c.get(i + 1) == Some(&'/') => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '\'' if c.get(i + 2) == Some(&'\'') || (c.get(i + 1) == Some(&'\\')) => {
                // A character literal ('"', '\'', '\n'): skip to its end.
                i += 1;
                if c[i] == '\\' {
                    i += 1;
                }
                i += 2;
                continue;
            }
            'r' if c.get(i + 1) == Some(&'#')
                || (c.get(i + 1) == Some(&'"') && i > 0 && !c[i - 1].is_alphanumeric()) =>
            {
                // A raw string: r"…" or r#"…"#.
                let mut j = i + 1;
                let mut hashes = 0;
                while c.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if c.get(j) != Some(&'"') {
                    i += 1;
                    continue;
                }
                let close: String = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let rest: String = c[j + 1..].iter().collect();
                let end = rest.find(&close).unwrap_or(rest.len());
                out.push(rest[..end].to_string());
                i = j + 1 + rest[..end].chars().count() + close.chars().count();
                continue;
            }
            '"' => {
                let mut s = String::new();
                i += 1;
                while i < c.len() && c[i] != '"' {
                    if c[i] == '\\' {
                        i += 1;
                    }
                    if i < c.len() {
                        s.push(c[i]);
                    }
                    i += 1;
                }
                out.push(s);
            }
            _ => {}
        }
        i += 1;
    }
    out
}

fn rust_sources(dir: &Path, out: &mut Vec<String>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(std::fs::read_to_string(&p).unwrap());
        }
    }
}

/// Every message of the catalogs is used by the code (named by a string literal in
/// `src/`), and every literal in `src/` that looks like a message id of a catalog's group
/// (`welcome-…`, `lobby-…`: the ids' first words) is one.
#[test]
fn every_message_is_used_and_every_message_used_exists() {
    let en: BTreeSet<String> = ids(&catalog(Lang::En)).into_iter().collect();
    let groups: BTreeSet<&str> = en.iter().map(|id| id.split('-').next().unwrap()).collect();
    let mut sources = vec![];
    rust_sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut sources,
    );
    let used: BTreeSet<String> = sources.iter().flat_map(|s| literals(s)).collect();
    let unused: Vec<_> = en.iter().filter(|id| !used.contains(*id)).collect();
    assert!(unused.is_empty(), "messages nothing uses: {unused:?}");
    let looks_like_id = |s: &str| {
        s.contains('-')
            && s.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && groups.contains(s.split('-').next().unwrap())
            // `admin-1` is a nick in a test, not a message.
            && s.split('-').nth(1).is_some_and(|w| w.chars().any(|c| c.is_ascii_lowercase()))
            // Commands over SSH, not messages.
            && !["web-login", "web-sessions"].contains(&s)
    };
    let unknown: Vec<_> = used
        .iter()
        .filter(|s| looks_like_id(s) && !en.contains(*s))
        .collect();
    assert!(
        unknown.is_empty(),
        "ids used that no catalog has: {unknown:?}"
    );
}

#[test]
fn the_language_of_a_locale() {
    for (locale, lang) in [
        ("de_DE.UTF-8", Some(Lang::De)),
        ("de_AT.UTF-8", Some(Lang::De)),
        ("de_CH", Some(Lang::De)),
        ("de", Some(Lang::De)),
        ("nl_NL.UTF-8", Some(Lang::Nl)),
        ("nl_BE", Some(Lang::Nl)),
        ("nl_NL@euro", Some(Lang::Nl)),
        ("en_US.UTF-8", Some(Lang::En)),
        ("en_GB", Some(Lang::En)),
        ("DE_de.utf8", Some(Lang::De)),
        ("C", None),
        ("C.UTF-8", None),
        ("POSIX", None),
        ("fr_FR.UTF-8", None),
        ("", None),
        ("   ", None),
        ("deutsch", None),
    ] {
        assert_eq!(Lang::from_locale(locale), lang, "{locale:?}");
    }
}

#[test]
fn stored_then_the_client_locale_then_english() {
    let de = Some("de_DE.UTF-8");
    // LC_ALL, then LC_MESSAGES, then LANG: the first set decides, C included.
    assert_eq!(Lang::from_env(None, None, de), Some(Lang::De));
    assert_eq!(Lang::from_env(None, Some("nl_NL"), de), Some(Lang::Nl));
    assert_eq!(
        Lang::from_env(Some("nl_BE.UTF-8"), Some("de_AT"), de),
        Some(Lang::Nl)
    );
    assert_eq!(Lang::from_env(Some("C"), None, de), None);
    assert_eq!(Lang::from_env(Some(""), None, de), Some(Lang::De));
    assert_eq!(Lang::from_env(None, None, None), None);
    // Stored wins over the locale, the locale over English.
    assert_eq!(Lang::choose(Some(Lang::Nl), Some(Lang::De)), Lang::Nl);
    assert_eq!(Lang::choose(None, Some(Lang::De)), Lang::De);
    assert_eq!(Lang::choose(None, None), Lang::En);
    assert_eq!(Lang::default(), Lang::En);
}

#[test]
fn ranks_after_each_rule_book() {
    let names = |l: Lang| -> Vec<String> { Rank::ALL.map(|r| rank_name(l, r)).to_vec() };
    assert_eq!(
        names(Lang::De).join(" "),
        "Feldmarschall General Oberst Major Hauptmann Leutnant Unteroffizier Mineur Aufklärer Spion Bombe Fahne"
    );
    assert_eq!(
        names(Lang::Nl).join(" "),
        "Maarschalk Generaal Kolonel Majoor Kapitein Luitenant Sergeant Mineur Verkenner Spion Bom Vlag"
    );
    assert_eq!(names(Lang::En)[0], "Marshal");
    for &l in Lang::ALL {
        // Numbers stay numbers; S, B and F in all three (see the catalogs).
        assert_eq!(rank_label(l, Rank::Marshal, Numbering::Modern), "10");
        assert_eq!(rank_label(l, Rank::Scout, Numbering::Classic), "9");
        assert_eq!(rank_label(l, Rank::Spy, Numbering::Modern), "S");
        assert_eq!(rank_label(l, Rank::Bomb, Numbering::Modern), "B");
        assert_eq!(rank_label(l, Rank::Flag, Numbering::Modern), "F");
    }
    assert_eq!(tr(Lang::De, "color-red"), "Rot");
}

// ---- the pseudo-language ----------------------------------------------------------------

fn with_lang(lang: Lang) -> Settings {
    Settings { lang, ..settings() }
}

fn lobby_app(me: Identity, lang: Lang, w: u16, h: u16) -> App {
    let mut a = App::new(me, with_lang(lang), w, h, 1);
    a.update(Msg::Lobby(Arc::new(LobbySnapshot::default())));
    a
}

fn first_login(nick: &str, lang: Lang, w: u16, h: u16) -> App {
    let me = Identity {
        nick: nick.into(),
        first_login: true,
        server: Some(Address {
            host: "example.org".into(),
            port: 2222,
        }),
        ..Default::default()
    };
    lobby_app(me, lang, w, h)
}

fn guest(nick: &str, lang: Lang, w: u16, h: u16) -> App {
    let me = Identity {
        nick: nick.into(),
        guest: true,
        ..Default::default()
    };
    lobby_app(me, lang, w, h)
}

/// The screens converted so far, each in the pseudo-language at 80x24 and 120x40 (the
/// too-small screen at the sizes it shows at): later work extends this list.
///
/// - the welcome card (a key's first login), the guest's card, the rename card;
/// - the settings dialog, the quit question;
/// - the lobby's first line, its lists' titles, its footer (the keys' hints), its help
///   (`?`), the notices its keys give, the chat line's footer;
/// - the too-small screen: alone, asking to quit, over a game in set-up (playing, watching).
#[test]
fn converted_screens_hold_only_catalog_text_and_cut_none() {
    let p = Lang::Pseudo;
    let mut faults = vec![];
    let mut check = |what: &str, buf: &Buffer, area| {
        for f in pseudo_faults(buf, area) {
            faults.push(format!("{what}: {f}\n{}", text(buf)));
        }
    };
    for (w, h) in [(80, 24), (120, 40)] {
        let under = draw(&lobby_app(me("root"), p, w, h), w, h);
        // The lobby's first line, its footer, its help.
        check(&format!("lobby header {w}x{h}"), &under, (0, 0, w, 1));
        check(&format!("lobby footer {w}x{h}"), &under, (0, h - 2, w, h));
        let mut a = lobby_app(me("root"), p, w, h);
        a.update(key('?'));
        let help = draw(&a, w, h);
        check(
            &format!("lobby help {w}x{h}"),
            &help,
            differing(&help, &under),
        );
        // The lists' titles (the row under the header).
        check(&format!("lobby titles {w}x{h}"), &under, (0, 1, w, 2));
        // The lobby's notices (over the footer).
        for (k, why) in [
            ('x', "no seek"),
            ('d', "no challenge"),
            ('T', "no tournaments"),
            ('A', "not an admin"),
            ('c', "no player"),
        ] {
            let mut a = lobby_app(me("root"), p, w, h);
            a.update(key(k));
            let b = draw(&a, w, h);
            assert_ne!(b, under, "{k}: a notice");
            check(
                &format!("lobby notice {k} ({why}) {w}x{h}"),
                &b,
                (0, h - 2, w, h),
            );
        }
        // Typing a chat line: its footer.
        let mut a = lobby_app(me("root"), p, w, h);
        a.update(key('t'));
        let chat = draw(&a, w, h);
        check(
            &format!("lobby chat footer {w}x{h}"),
            &chat,
            (0, h - 1, w, h),
        );
        let g = draw(&guest("guest-0042", p, w, h), w, h);
        let mut g_lobby = guest("guest-0042", p, w, h);
        g_lobby.update(code(KeyCode::Esc));
        let g_under = draw(&g_lobby, w, h);
        check(
            &format!("guest lobby header {w}x{h}"),
            &g_under,
            (0, 0, w, 1),
        );
        // The cards, against the lobby under them.
        let a = first_login("root", p, w, h);
        let card = draw(&a, w, h);
        check(
            &format!("welcome card {w}x{h}"),
            &card,
            differing(&card, &without_hints(&under, &card)),
        );
        check(
            &format!("guest card {w}x{h}"),
            &g,
            differing(&g, &without_hints(&g_under, &g)),
        );
        // Settings, on each row; the quit question.
        let mut a = lobby_app(me("root"), p, w, h);
        a.update(key('s'));
        for row in 0..4 {
            let s = draw(&a, w, h);
            check(
                &format!("settings row {row} {w}x{h}"),
                &s,
                differing(&s, &under),
            );
            a.update(code(KeyCode::Down));
        }
        let mut a = lobby_app(me("root"), p, w, h);
        a.update(key('q'));
        let q = draw(&a, w, h);
        check(&format!("quit {w}x{h}"), &q, differing(&q, &under));
    }
    for (w, h) in [(60, 20), (79, 23), (40, 12)] {
        let mut a = lobby_app(me("root"), p, w, h);
        check(
            &format!("too small {w}x{h}"),
            &draw(&a, w, h),
            whole(&draw(&a, w, h)),
        );
        a.update(key('q'));
        check(
            &format!("too small, quit? {w}x{h}"),
            &draw(&a, w, h),
            whole(&draw(&a, w, h)),
        );
        for mine in [Some(Color::Red), None] {
            let mut a = lobby_app(me("alice"), p, w, h);
            send_game(
                &mut a,
                snapshot(GamePhase::Setup, mine, None),
                std::time::Instant::now(),
            );
            let b = draw(&a, w, h);
            check(
                &format!("too small over a game ({mine:?}) {w}x{h}"),
                &b,
                whole(&b),
            );
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n\n"));
}

/// The checker finds English and cut messages (so the test above can fail).
#[test]
fn the_pseudo_check_finds_english_and_cut_text() {
    let mut a = lobby_app(me("root"), Lang::En, 80, 24);
    a.update(key('q'));
    let under = draw(&lobby_app(me("root"), Lang::En, 80, 24), 80, 24);
    let q = draw(&a, 80, 24);
    let f = pseudo_faults(&q, differing(&q, &under));
    assert!(f.iter().any(|f| f.contains("\"Quit\"")), "{f:?}");
    let a = lobby_app(me("root"), Lang::Pseudo, 80, 24);
    let b = draw(&a, 80, 24);
    // Half the header: its last message is cut.
    let f = pseudo_faults(&b, (0, 0, 30, 1));
    assert!(f.iter().any(|f| f.contains("cut")), "{f:?}");
}

/// A lobby with players in every state (names without letters outside what a test knows).
fn with_players() -> LobbySnapshot {
    let p = |nick: &str, guest, bot, rating, status| PlayerInfo {
        nick: nick.into(),
        guest,
        bot,
        rating,
        status,
    };
    LobbySnapshot {
        players: vec![
            p("root", false, false, Some(1500), PlayerStatus::Idle),
            p("alice", false, false, Some(1620), PlayerStatus::Seeking),
            p("gus", true, false, None, PlayerStatus::Watching(3)),
            p("botty", false, true, None, PlayerStatus::Playing(3)),
            p("carol", false, false, None, PlayerStatus::LeftGame(4)),
        ],
        ..Default::default()
    }
}

/// The players' list: from the top left corner to its border's corners.
/// The lobby `under` a card without its key hints (the card leaves the footer blank): its
/// bottom rows that are blank in `card` blanked too.
fn without_hints(under: &Buffer, card: &Buffer) -> Buffer {
    let mut out = under.clone();
    let area = card.area;
    for y in (area.top()..area.bottom()).rev() {
        let blank = (area.left()..area.right()).all(|x| card[(x, y)].symbol() == " ");
        if !blank {
            break;
        }
        for x in area.left()..area.right() {
            out[(x, y)].reset();
        }
    }
    out
}

fn players_panel(buf: &Buffer) -> (u16, u16, u16, u16) {
    let right = (0..buf.area.width)
        .find(|x| buf[(*x, 1)].symbol() == "╮")
        .expect("the players' list's corner");
    let bottom = (2..buf.area.height)
        .find(|y| buf[(0, *y)].symbol() == "╰")
        .expect("the players' list's bottom");
    (0, 1, right + 1, bottom + 1)
}

/// The players' list in German and Dutch: its heads, ratings and statuses, each whole at
/// 80x24 (its status column is 8 cells there; the panel widens where a language's words
/// need more, as the pseudo-language's do: tests/i18n_states.rs).
#[test]
fn the_players_list_in_german_and_dutch() {
    let mut a = App::new(me("root"), with_lang(Lang::De), 120, 40, 1);
    a.update(Msg::Lobby(Arc::new(with_players())));
    let t = text(&draw(&a, 120, 40));
    for s in [
        "Name",
        "Wertung Status",
        "root (du)",
        "in der Lobby",
        "sucht",
        "Gast",
        "Bot",
        "sieht zu",
        "verließ Partie #4",
    ] {
        assert!(t.contains(s), "missing {s:?}\n{t}");
    }
    // At 80x24 each status whole, in the short forms.
    for (lang, words) in [
        (
            Lang::De,
            [
                "Name", "Wertung", "Status", "Lobby", "sucht", "sieht zu", "spielt", "weg #4",
            ],
        ),
        (
            Lang::Nl,
            [
                "naam", "rating", "status", "lobby", "zoekt", "kijkt", "speelt", "weg #4",
            ],
        ),
    ] {
        let mut a = App::new(me("root"), with_lang(lang), 80, 24, 1);
        a.update(Msg::Lobby(Arc::new(with_players())));
        let b = draw(&a, 80, 24);
        let (x0, y0, x1, y1) = players_panel(&b);
        let panel: String = (y0..y1)
            .map(|y| (x0..x1).map(|x| b[(x, y)].symbol()).collect::<String>() + "\n")
            .collect();
        for s in words {
            assert!(
                panel.contains(&format!("{s} ")) || panel.contains(&format!("{s}│")),
                "{lang:?}: {s:?} cut\n{panel}"
            );
        }
    }
}

// ---- German and Dutch --------------------------------------------------------------------

/// The screen's words without the boxes' borders, one space apart: a sentence wrapped over
/// the rows of a dialog reads whole.
fn flat(buf: &Buffer) -> String {
    text(buf)
        .split_whitespace()
        .filter(|w| !w.chars().all(|c| "│─╭╮╰╯".contains(c)))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_welcome_card_and_the_lobby_in_german_and_dutch() {
    let (w, h) = (80, 24);
    for (lang, card, keep, lobby, counts, footer, help) in [
        (
            Lang::De,
            [
                "Willkommen bei stratego-ssh",
                "Dein SSH-Schlüssel ist hier neu.",
                "Name: root_",
                "(oder tippe einen anderen)",
            ],
            "Enter/Esc diesen Namen behalten",
            "du bist root",
            "0 online, 0 Angebote, 0 Partien",
            ["Enter gegen Computer", "? Hilfe", "Offene Angebote (0)"],
            [
                "Tasten der Lobby",
                "n neues Angebot (Variante, Regeln, Uhr, privat)",
                "jede Taste schließt die Hilfe",
            ],
        ),
        (
            Lang::Nl,
            [
                "Welkom bij stratego-ssh",
                "Je SSH-sleutel is hier nieuw.",
                "naam: root_",
                "(of typ een andere)",
            ],
            "Enter/Esc deze naam houden",
            "je bent root",
            "0 online, 0 uitnodigingen, 0 partijen",
            ["Enter tegen computer", "? hulp", "Open uitnodigingen (0)"],
            [
                "Toetsen van de lobby",
                "n nieuwe uitnodiging (variant, regels, klok, privé)",
                "elke toets sluit deze hulp",
            ],
        ),
    ] {
        let mut a = first_login("root", lang, w, h);
        let b = draw(&a, w, h);
        let t = text(&b);
        for s in card.iter().chain([
            &keep,
            &"ssh-keygen -t ed25519",
            &"ssh -p 2222 NAME@example.org",
        ]) {
            assert!(
                flat(&b).contains(s) || t.contains(s),
                "{lang:?}: missing {s:?}\n{t}"
            );
        }
        for english in [
            "Welcome",
            "Your SSH key",
            "keep this name",
            "Enter/Esc keep",
        ] {
            assert!(!t.contains(english), "{lang:?}: {english:?} left\n{t}");
        }
        a.update(code(KeyCode::Esc));
        let t = text(&draw(&a, w, h));
        assert!(t.lines().next().unwrap().contains(lobby), "{lang:?}\n{t}");
        assert!(t.lines().next().unwrap().contains(counts), "{lang:?}\n{t}");
        assert!(!t.contains("you are"), "{t}");
        for s in [footer[0], footer[1], footer[2]] {
            assert!(t.contains(s), "{lang:?}: footer lacks {s:?}\n{t}");
        }
        a.update(key('?'));
        let t = flat(&draw(&a, w, h));
        for s in help {
            assert!(t.contains(s), "{lang:?}: help lacks {s:?}\n{t}");
        }
    }
    // A guest's card and mark.
    let a = guest("guest-0042", Lang::De, w, h);
    let b = draw(&a, w, h);
    assert!(
        flat(&b).contains("Du bist hier Gast und heißt guest-0042."),
        "{}",
        text(&b)
    );
    assert!(text(&b).contains("Enter/Esc losspielen"), "{}", text(&b));
}

#[test]
fn the_settings_change_the_language_at_once() {
    let (w, h) = (80, 24);
    let mut a = lobby_app(me("root"), Lang::En, w, h);
    a.update(key('s'));
    let t = text(&draw(&a, w, h));
    assert!(t.contains("Language") && t.contains("< English >"), "{t}");
    for _ in 0..3 {
        a.update(code(KeyCode::Down));
    }
    let fx = a.update(code(KeyCode::Enter));
    let Some(Effect::SettingsChanged(s)) = fx.first() else {
        panic!("{fx:?}");
    };
    assert_eq!(s.lang, Lang::De);
    assert_eq!(a.settings().lang, Lang::De);
    let t = text(&draw(&a, w, h));
    for s in [
        "Einstellungen",
        "Sprache",
        "< Deutsch >",
        "Figurennummern",
        "Esc schließen",
    ] {
        assert!(t.contains(s), "missing {s:?}\n{t}");
    }
    a.update(code(KeyCode::Enter));
    let t = text(&draw(&a, w, h));
    assert!(
        t.contains("Instellingen") && t.contains("< Nederlands >"),
        "{t}"
    );
    a.update(code(KeyCode::Enter));
    assert_eq!(a.settings().lang, Lang::En);
    a.update(code(KeyCode::Enter));
    a.update(code(KeyCode::Esc));
    let t = text(&draw(&a, w, h));
    assert!(t.lines().next().unwrap().contains("du bist root"), "{t}");
}

#[test]
fn the_too_small_screen_in_german_and_dutch() {
    let mut a = lobby_app(me("alice"), Lang::De, 60, 20);
    send_game(
        &mut a,
        snapshot(GamePhase::Setup, Some(Color::Red), None),
        std::time::Instant::now(),
    );
    let t = text(&draw(&a, 60, 20));
    for s in [
        "Partie #7",
        "du spielst Rot",
        "Aufstellung: stell deine Figuren auf",
        "Bitte mach das Fenster größer",
        "(jetzt 60x20, nötig 80x24)",
        "q beendet",
    ] {
        assert!(t.contains(s), "missing {s:?}\n{t}");
    }
    let mut a = lobby_app(me("alice"), Lang::Nl, 60, 20);
    a.update(key('q'));
    let t = text(&draw(&a, 60, 20));
    for s in [
        "Maak het venster groter",
        "stratego-ssh afsluiten?",
        "y ja",
        "n/Esc nee",
    ] {
        assert!(t.contains(s), "missing {s:?}\n{t}");
    }
}

/// A name the rule refuses, typed on the welcome card, is refused in the card's language
/// (before the server is asked).
#[test]
fn the_welcome_card_refuses_a_name_in_german_and_dutch() {
    for (lang, said) in [
        (Lang::De, "Ein Name muss mit einem Buchstaben beginnen"),
        (Lang::Nl, "Een naam moet met een letter beginnen"),
        (Lang::En, "A nickname must start with a letter"),
    ] {
        let mut a = first_login("root", lang, 80, 24);
        for _ in 0..4 {
            a.update(code(KeyCode::Backspace));
        }
        type_text(&mut a, "1abc");
        a.update(code(KeyCode::Enter));
        let t = flat(&draw(&a, 80, 24));
        assert!(t.contains(said), "{lang:?}: {said:?} in\n{t}");
    }
}
