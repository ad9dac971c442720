//! The web pages in the reader's language (issue 37, item 4) over real HTTP: `?lang=` first
//! (and the page's links keep it), then `Accept-Language` with its q-values, then English;
//! `<html lang>` says which; `Vary: Accept-Language` where the header chose it; the JSON API
//! the same bytes whatever is asked; a game in play's page and its live fragments in the
//! reader's language, each language beside the others; and a page in German shows the very
//! board the English page shows (the pages read the same views whatever the language).

mod common;

use common::lobby_client::{join, until, until_lobby};
use common::web::{finish, http_get, key, played, request_text, web_server, Resp, WAIT};

use std::net::SocketAddr;

use stratego_ssh::proto::{ClockSpec, GameCmd, GameTerms, LobbyCmd};
use stratego_ssh::rules::{Color, Game, Rules, Setup, Variant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// What the pages' tests read of an answer besides its headers.
trait Page {
    /// `<html lang="…">`'s language.
    fn lang(&self) -> &str;
    fn varies_by_language(&self) -> bool;
}

impl Page for Resp {
    fn lang(&self) -> &str {
        let at = self.body.find("<html lang=\"").expect("an html element") + 12;
        let rest = &self.body[at..];
        &rest[..rest.find('"').unwrap()]
    }

    fn varies_by_language(&self) -> bool {
        self.header("vary")
            .is_some_and(|v| v.to_ascii_lowercase().contains("accept-language"))
    }
}

/// One GET with `Accept-Language: accept` if any.
async fn get(addr: SocketAddr, path: &str, accept: Option<&str>) -> Resp {
    http_get(addr, path, accept.map(|a| ("Accept-Language", a))).await
}

/// An open live stream, read as text (its events whole: each is one chunk).
struct Stream {
    s: TcpStream,
    raw: Vec<u8>,
}

impl Stream {
    async fn open(addr: SocketAddr, path: &str, accept: Option<&str>) -> Stream {
        let mut s = TcpStream::connect(addr).await.expect("connects");
        s.write_all(request_text(path, accept.map(|a| ("Accept-Language", a))).as_bytes())
            .await
            .unwrap();
        Stream { s, raw: Vec::new() }
    }

    /// The stream's text so far, once it holds `want` and the whole event holding it (or
    /// panics after a while).
    async fn until(&mut self, want: &str) -> String {
        let deadline = tokio::time::Instant::now() + WAIT;
        let mut buf = [0u8; 8192];
        loop {
            let text = String::from_utf8_lossy(&self.raw).to_string();
            if text
                .find(want)
                .is_some_and(|at| text[at..].contains("\n\n"))
            {
                return text;
            }
            let n = tokio::time::timeout_at(deadline, self.s.read(&mut buf))
                .await
                .unwrap_or_else(|_| panic!("{want:?} never came; the stream so far:\n{text}"))
                .unwrap();
            assert!(n > 0, "the stream ended without {want:?}:\n{text}");
            self.raw.extend_from_slice(&buf[..n]);
        }
    }
}

/// The board of a game page: (square, `data-piece`) for every square, in page order.
fn board_cells(html: &str) -> Vec<(String, Option<String>)> {
    html.split("<td class=\"sq")
        .skip(1)
        .map(|chunk| {
            let tag = &chunk[..chunk.find('>').unwrap()];
            let attr = |name: &str| {
                tag.split(&format!("{name}=\""))
                    .nth(1)
                    .map(|v| v[..v.find('"').unwrap()].to_string())
            };
            (attr("data-sq").expect("data-sq"), attr("data-piece"))
        })
        .collect()
}

fn has_all(page: &Resp, what: &str, words: &[&str]) {
    for w in words {
        assert!(
            page.body.contains(w),
            "{what}: {w:?} missing:\n{}",
            page.body
        );
    }
}

fn has_none(page: &Resp, what: &str, words: &[&str]) {
    for w in words {
        assert!(
            !page.body.contains(w),
            "{what}: {w:?} shown:\n{}",
            page.body
        );
    }
}

/// The English words of the front page that a German or Dutch one must not show.
const FRONT_ENGLISH: &[&str] = &[
    "How to connect",
    "From a terminal",
    "Leaderboards",
    "Watch the games in play",
    "players online",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_front_page_and_a_game_page_speak_the_language_asked_for() {
    // Two games settle nobody's rating: every one counts as settled here.
    let (server, addr) = web_server("web-i18n-pages", |o| o.web.settled_deviation = i32::MAX).await;
    let store = server.running.store.clone();
    for n in ["alice", "bob"] {
        store.users().claim_nick(n, &key(n)).await.unwrap();
    }
    // Blue resigns: alice (Red) won by resignation.
    let record = played(2, 40, Color::Blue);
    let plies = record.moves.len();
    finish(
        &store,
        1,
        (&key("alice"), "alice"),
        (&key("bob"), "bob"),
        &record,
        true,
        false,
    )
    .await;

    // The front page: German from the header, Dutch from ?lang= even over a German header.
    let de = get(addr, "/", Some("de")).await;
    assert_eq!(de.status, 200);
    assert_eq!(de.lang(), "de");
    has_all(
        &de,
        "front, de",
        &[
            "So verbindest du dich",
            "In einem Terminal:",
            "Ranglisten",
            "0 Spieler online, 0 Partien laufen.",
            "Laufenden Partien zuschauen",
            "Turniere",
        ],
    );
    has_none(&de, "front, de", FRONT_ENGLISH);
    assert!(de.varies_by_language(), "{}", de.head);
    // Its language switch: the others by their own names, linked by the query alone.
    has_all(
        &de,
        "front, de: the switch",
        &[
            "<strong lang=\"de\">Deutsch</strong>",
            "href=\"?lang=nl\">Nederlands</a>",
            "href=\"?lang=en\">English</a>",
        ],
    );

    let nl = get(addr, "/?lang=nl", Some("de")).await;
    assert_eq!(nl.lang(), "nl");
    has_all(
        &nl,
        "front, ?lang=nl",
        &[
            "Zo maak je verbinding",
            "Vanuit een terminal:",
            "Ranglijsten",
            "0 spelers online, 0 partijen bezig.",
            "Toernooien",
        ],
    );
    has_none(&nl, "front, ?lang=nl", FRONT_ENGLISH);
    has_none(&nl, "front, ?lang=nl", &["So verbindest du dich"]);
    // Chosen by the address: the page does not depend on the header, and its links keep
    // the language.
    assert!(!nl.varies_by_language(), "{}", nl.head);
    has_all(
        &nl,
        "front, ?lang=nl: the links",
        &[
            "href=\"/games/live?lang=nl\"",
            "href=\"/leaderboard/classic?lang=nl\"",
            "href=\"/@/alice?lang=nl\"",
            "href=\"/tournaments?lang=nl\"",
        ],
    );

    // q-values: the best the server speaks wins, whatever the order; a region is its
    // language; a refused one (q=0) is not taken; unknown or `*` is English.
    for (header, want) in [
        ("fr-CH, fr;q=0.9, nl;q=0.8, de;q=0.7", "nl"),
        ("de;q=0.5, nl;q=0.4", "de"),
        ("nl;q=0.4, de;q=0.5", "de"),
        ("de-AT", "de"),
        ("nl-BE,en;q=0.5", "nl"),
        ("nl;q=0, de;q=0.1", "de"),
        ("fr, ja;q=0.9", "en"),
        ("*", "en"),
        ("fr, *;q=0.5, de;q=0.3", "en"),
    ] {
        let page = get(addr, "/", Some(header)).await;
        assert_eq!(page.lang(), want, "Accept-Language: {header}");
        if want == "en" {
            has_all(&page, header, &["How to connect", "0 players online"]);
        }
    }
    // An unknown ?lang= is passed over: the header decides.
    assert_eq!(get(addr, "/?lang=fr", Some("nl")).await.lang(), "nl");
    let en = get(addr, "/", None).await;
    assert_eq!(en.lang(), "en");
    has_all(&en, "front, en", &["How to connect", "Leaderboards"]);
    assert!(en.varies_by_language());

    // A finished game, in German: the players' line, the result, the views, the steps, the
    // moves and battles in words, the ranks and sides as the SSH screens name them.
    let g = get(addr, "/game/1", Some("de-DE,de;q=0.9,en;q=0.5")).await;
    assert_eq!(g.status, 200);
    assert_eq!(g.lang(), "de");
    has_all(
        &g,
        "game, de",
        &[
            "<h1>Partie #1</h1>",
            "(Rot) gegen",
            "(Blau) · Klassisch, gewertet",
            "Ergebnis: alice (Rot) gewann: Aufgabe",
            "alles aufgedeckt",
            "wie Rot es sah",
            "wie Blau es sah",
            &format!("Halbzug 0 von {plies}"),
            ">Anfang</a>",
            ">weiter</a>",
            "Gehe zu Halbzug",
            " griff ",
            "</a> Rot zog",
            "Feldmarschall (Rot)",
            "Aufklärer (Blau)",
            "<h2>Züge</h2>",
        ],
    );
    has_none(
        &g,
        "game, de",
        &[
            "Result:",
            "everything revealed",
            "as Red saw it",
            " attacked ",
            "(Red)",
            " moved",
            "Marshal (Red)",
        ],
    );
    assert!(g.varies_by_language());
    // The step script's button in German.
    has_all(
        &g,
        "game, de: the play button's words",
        &["data-play=\"abspielen\"", "data-pause=\"anhalten\""],
    );

    // In Dutch by the address, the links keep it (and the step script steps by them).
    let g = get(addr, &format!("/game/1?ply={plies}&view=red&lang=nl"), None).await;
    assert_eq!(g.lang(), "nl");
    has_all(
        &g,
        "game, nl",
        &[
            "<h1>Partij #1</h1>",
            "(Rood) tegen",
            "Klassiek, om rating",
            "Uitslag: alice (Rood) won: opgave",
            "Partij afgelopen: ",
            "alles onthuld",
            "zoals Blauw het zag",
            &format!("halve zet {plies} van {plies}"),
            " viel ",
            "href=\"/game/1?ply=0&amp;view=red&amp;lang=nl\"",
            &format!("href=\"/game/1?ply={plies}&amp;view=all&amp;lang=nl\""),
            "href=\"/game/1?ply=1&amp;view=red&amp;lang=nl\"",
            "<input type=\"hidden\" name=\"lang\" value=\"nl\">",
            "href=\"?ply=",
        ],
    );
    has_none(
        &g,
        "game, nl",
        &["Result:", " attacked ", "(Red)", "Game over"],
    );
    // The switch keeps the ply and the view.
    assert!(
        g.body.contains(&format!(
            "href=\"?ply={plies}&amp;view=red&amp;lang=de\">Deutsch</a>"
        )),
        "{}",
        g.body
    );

    // Every ply and view shows the same board in every language: the pages read the same
    // views (a square's `data-piece` stays English, as the API's words).
    for ply in [0, 1, plies / 2, plies] {
        for view in ["all", "red", "blue"] {
            let path = format!("/game/1?ply={ply}&view={view}");
            let en = board_cells(&get(addr, &path, None).await.body);
            assert_eq!(en.len(), 100);
            for lang in ["de", "nl"] {
                let other =
                    board_cells(&get(addr, &format!("{path}&lang={lang}"), None).await.body);
                assert_eq!(other, en, "{path} in {lang}");
            }
        }
    }

    // The other pages too.
    let lb = get(addr, "/leaderboard/classic", Some("de")).await;
    has_all(
        &lb,
        "leaderboard, de",
        &[
            "<h1>Rangliste Klassisch</h1>",
            ">Platz</th>",
            "Seite 1 von 1",
            "Als Text:",
        ],
    );
    has_none(
        &lb,
        "leaderboard, de",
        &[" leaderboard<", ">rank<", "As text"],
    );
    let alice = get(addr, "/@/alice?lang=nl", None).await;
    has_all(
        &alice,
        "player, nl",
        &[
            "Klassiek: ",
            "1 partij om rating: 1 gewonnen, 0 remise, 0 verloren",
            "Recente partijen",
            "Klassiek om rating",
            "alice (Rood) won: opgave",
            "href=\"/game/1?lang=nl\"",
        ],
    );
    has_none(&alice, "player, nl", &["rated games", "Recent games"]);
    let cups = get(addr, "/tournaments", Some("nl-NL,nl;q=0.9")).await;
    has_all(
        &cups,
        "tournaments, nl",
        &[
            "<h1>Toernooien</h1>",
            "<h2>Bezig</h2>",
            "Nu geen bezig.",
            "Meedoen?",
        ],
    );
    has_none(
        &cups,
        "tournaments, nl",
        &["Running", "Upcoming", "To join"],
    );

    // Pages that are not there say so in the reader's language.
    let missing = get(addr, "/game/99", Some("de")).await;
    assert_eq!(missing.status, 404);
    has_all(
        &missing,
        "404, de",
        &["Nicht gefunden", "Es gibt keine Partie #99."],
    );
    let bad = get(addr, "/game/1?ply=x&lang=nl", None).await;
    assert_eq!(bad.status, 400);
    has_all(&bad, "400, nl", &["Ongeldig verzoek", "is geen halve zet"]);

    // The JSON API: the same bytes whatever language is asked, and never Vary.
    for path in [
        "/api/game/1",
        "/api/game/1?ply=5&view=blue",
        "/api/leaderboard/classic",
        "/api/player/alice",
        "/api/game/99",
        "/api/game/1?ply=x",
    ] {
        let en = get(addr, path, None).await;
        for (p, header) in [
            (path.to_string(), Some("de")),
            (path.to_string(), Some("nl;q=0.9, de;q=0.8")),
            (
                format!(
                    "{path}{}lang=nl",
                    if path.contains('?') { '&' } else { '?' }
                ),
                None,
            ),
        ] {
            let other = get(addr, &p, header).await;
            assert_eq!(
                (other.status, &other.body),
                (en.status, &en.body),
                "{p} ({header:?})"
            );
            assert!(!other.varies_by_language(), "{p}: {}", other.head);
        }
    }
    assert!(get(addr, "/api/game/99", Some("de"))
        .await
        .body
        .contains("There is no game #99."));
    server.running.stop().await;
}

fn terms() -> GameTerms {
    GameTerms {
        rules: Rules::standard(Variant::Classic),
        rated: false,
        clock: Some(ClockSpec {
            initial_secs: 600,
            increment_secs: 0,
        }),
        days: None,
        budget: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_play_and_its_live_fragments_speak_each_readers_language() {
    let (server, addr) = web_server("web-i18n-live", |_| {}).await;
    let lobby = server.running.lobby.clone();
    let alice = join(&lobby, "alice").await;
    let bob = join(&lobby, "bob").await;
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: terms(),
            private_to: None,
            private: false,
        },
    );
    until_lobby(&lobby, "the seek is listed", |s| !s.seeks.is_empty()).await;
    lobby.command(bob.session, LobbyCmd::Accept(1));
    let (mut alice, mut bob) = (alice, bob);
    let a = alice.next_seat().await.0;
    let b = bob.next_seat().await.0;
    let (mut red, blue) = if a.color == Some(Color::Red) {
        (a, b)
    } else {
        (b, a)
    };
    let id = red.game;
    let rules = Rules::standard(Variant::Classic);
    let (rs, bs) = (
        Setup::random(&rules, Color::Red, 1),
        Setup::random(&rules, Color::Blue, 2),
    );
    red.send(GameCmd::SubmitSetup(rs.clone())).await;
    blue.send(GameCmd::SubmitSetup(bs.clone())).await;
    until(&mut red, "play starts", |s| s.view.is_some()).await;
    until_lobby(&lobby, "the game is listed", |s| {
        s.games.iter().any(|g| g.id == id)
    })
    .await;

    // The page in each language at once: German by the header, Dutch by the address,
    // English for who asks nothing.
    let de = get(addr, &format!("/game/{id}"), Some("de")).await;
    assert_eq!(de.lang(), "de");
    has_all(
        &de,
        "in play, de",
        &[
            &format!("<h1>Partie #{id}</h1>"),
            "Klassisch, ungewertet, Bedenkzeit 10+0",
            "Rot am Zug · Halbzug 0",
            "Noch kein Zug.",
            "Die Partie läuft: ",
            &format!("data-live=\"/game/{id}/live\""),
        ],
    );
    has_none(
        &de,
        "in play, de",
        &["Red to move", "No move yet", "casual"],
    );
    assert!(de.varies_by_language());
    let nl = get(addr, &format!("/game/{id}?lang=nl"), Some("de")).await;
    assert_eq!(nl.lang(), "nl");
    has_all(
        &nl,
        "in play, nl",
        &[
            "Rood aan zet · halve zet 0",
            "Nog geen zet.",
            &format!("data-live=\"/game/{id}/live?lang=nl\""),
        ],
    );
    let en = get(addr, &format!("/game/{id}"), None).await;
    has_all(&en, "in play, en", &["Red to move · ply 0", "No move yet."]);
    // The games in play, listed in German.
    let list = get(addr, "/games/live", Some("de")).await;
    has_all(
        &list,
        "games in play, de",
        &["<h1>Laufende Partien</h1>", "Klassisch ungewertet"],
    );

    // The live fragments: German on a German reader's stream, Dutch on a Dutch one's,
    // English on the API's whatever is asked.
    let mut sde = Stream::open(addr, &format!("/game/{id}/live"), Some("de")).await;
    let mut snl = Stream::open(addr, &format!("/game/{id}/live?lang=nl"), None).await;
    let mut sapi = Stream::open(addr, &format!("/api/game/{id}/live"), Some("de")).await;
    let first = sde.until("Rot am Zug").await;
    assert!(first.contains("event: html"), "{first}");
    assert!(!first.contains("Red to move"), "{first}");
    snl.until("Rood aan zet").await;
    sapi.until("\"to_move\":\"red\"").await;

    let g = Game::new(rules, &rs, &bs).unwrap();
    let m = g.legal_moves()[0];
    red.send(GameCmd::Move(m)).await;
    let moved = sde.until("Blau am Zug").await;
    let after = &moved[moved.find("Blau am Zug").unwrap()..];
    for want in [
        "Halbzug 1",
        "Letzter Zug: ",
        &format!("{}-{}: Rot zog", m.from, m.to),
    ] {
        assert!(after.contains(want), "{want:?} missing:\n{after}");
    }
    assert!(!after.contains("Last move"), "{after}");
    let moved = snl.until("Blauw aan zet").await;
    assert!(moved.contains("Rood deed een zet"), "{moved}");
    let moved = sapi.until("\"to_move\":\"blue\"").await;
    assert!(!moved.contains("Blau"), "the API stays English:\n{moved}");

    server.running.stop().await;
}
