//! The web pages in a real browser (headless Chromium through chromedriver, see
//! tests/common/browser.rs), each test against its own server with the web on: stepping a
//! finished game with the keys (/step.js) shows the engine's position at every ply asked
//! for; text from players, the host and its admins is shown as typed and never run; a game
//! page fits a phone's screen; a profile's rating plot has a point per rated game; a move
//! made over SSH shows on the open page of the game within 2 s.
//!
//! Without Chromium and chromedriver these tests fail with how to install them.

#[path = "common/browser.rs"]
mod browser;
mod common;

use common::web::{finish, key, played, store_untrusted, web_server};

use std::time::Duration;

use browser::{board, Browser};
use fantoccini::key::Key;
use fantoccini::Locator;
use stratego_ssh::proto::PlayerId;
use stratego_ssh::rules::{Color, GameRecord};
use tokio::sync::Mutex;

/// One browser at a time (each is several processes; the machine has two cores). Tokio's
/// lock: it waits across the tests' runtimes, and a test that fails does not poison it.
static ONE_BROWSER: Mutex<()> = Mutex::const_new(());

async fn one_browser() -> tokio::sync::MutexGuard<'static, ()> {
    ONE_BROWSER.lock().await
}

/// The engine's position at `ply` of `record`, everything revealed, as a game page's
/// squares show it: (square, "Red Marshal") for every square, in the page's order.
fn engine_board(
    record: &GameRecord,
    ply: usize,
    order: &[(String, Option<String>)],
) -> Vec<(String, Option<String>)> {
    let game = record.replay_to(ply).unwrap();
    order
        .iter()
        .map(|(sq, _)| {
            let p = game.piece_at(sq.parse().unwrap());
            (
                sq.clone(),
                p.map(|p| format!("{} {}", p.color.name(), p.rank.name())),
            )
        })
        .collect()
}

/// The ply the page shows (`data-ply` of its step line).
const PLY: &str = "return Number(document.getElementById('step-ply').dataset.ply);";

async fn shown_ply(b: &Browser) -> u64 {
    b.js(PLY).await.as_u64().expect("a ply")
}

/// Waits until the page shows `ply`, then checks its board square by square against the
/// engine's.
async fn shows_ply(b: &Browser, record: &GameRecord, ply: usize, what: &str) {
    assert!(
        b.until(
            5.0,
            &format!("const s = document.getElementById('step-ply'); return !!s && s.dataset.ply === '{ply}';")
        )
        .await,
        "{what}: the page shows ply {} instead of {ply}",
        shown_ply(b).await
    );
    let cells = board(b).await;
    assert_eq!(cells.len(), 100, "{what}: every square once");
    let want = engine_board(record, ply, &cells);
    for (got, want) in cells.iter().zip(&want) {
        assert_eq!(got, want, "{what}: ply {ply}, square {}", got.0);
    }
    assert!(
        b.text()
            .await
            .contains(&format!("ply {ply} of {}", record.moves.len())),
        "{what}: the step line"
    );
}

fn keys(k: Key, n: usize) -> String {
    (*k).repeat(n)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_keys_step_through_a_finished_game_showing_the_engines_position() {
    let _one = one_browser().await;
    let (server, addr) = web_server("browser-steps", |_| {}).await;
    let store = server.running.store.clone();
    for n in ["alice", "bob"] {
        store.users().claim_nick(n, &key(n)).await.unwrap();
    }
    let record = played(3, 40, Color::Blue);
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
    let b = Browser::start(1024, 768).await;
    let page = format!("http://{addr}/game/1?ply=0&view=all");
    b.goto(&page).await;
    shows_ply(&b, &record, 0, "the page as loaded").await;

    // → pressed N times (at once: presses made while a ply is on its way add up), from the
    // start each time.
    for n in [1, 2, 5, 13] {
        b.keys(&Key::Home).await;
        shows_ply(&b, &record, 0, "Home").await;
        b.keys(&keys(Key::Right, n)).await;
        shows_ply(&b, &record, n, &format!("→ × {n}")).await;
        let url = b.client.current_url().await.unwrap();
        assert!(
            url.as_str().contains(&format!("ply={n}&")),
            "the address follows: {url}"
        );
    }
    // End, then ← back from the end; past either end the page stays there.
    b.keys(&Key::End).await;
    shows_ply(&b, &record, plies, "End").await;
    b.keys(&Key::Right).await;
    b.keys(&keys(Key::Left, 3)).await;
    shows_ply(&b, &record, plies - 3, "End, →, ← × 3").await;
    b.keys(&Key::Home).await;
    b.keys(&Key::Left).await;
    b.keys(&Key::Right).await;
    shows_ply(&b, &record, 1, "Home, ←, →").await;
    // A reload shows the same ply (the address followed).
    b.client.refresh().await.unwrap();
    shows_ply(&b, &record, 1, "reloaded").await;

    // Space plays on by itself, a ply a second; Space again stops it.
    assert!(
        b.until(2.0, "const p = document.getElementById('step-play'); return !!p && p.textContent === 'play';")
            .await,
        "the play button"
    );
    b.keys(&Key::Space).await;
    assert!(
        b.until(
            4.0,
            "return Number(document.getElementById('step-ply').dataset.ply) >= 3;"
        )
        .await,
        "playing: ply {} after 4 s",
        shown_ply(&b).await
    );
    assert_eq!(
        b.js("return document.getElementById('step-play').getAttribute('aria-pressed');")
            .await,
        "true"
    );
    b.keys(&Key::Space).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let stopped = shown_ply(&b).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(shown_ply(&b).await, stopped, "Space stops it");
    shows_ply(&b, &record, stopped as usize, "stopped").await;
    // The button does the same.
    b.client
        .find(Locator::Id("step-play"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    assert!(
        b.until(
            3.0,
            &format!("return Number(document.getElementById('step-ply').dataset.ply) > {stopped};")
        )
        .await,
        "the play button plays"
    );
    b.client
        .find(Locator::Id("step-play"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();

    // The plain links still go where they say.
    b.goto(&page).await;
    b.client
        .find(Locator::Id("step-next"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    shows_ply(&b, &record, 1, "the next link").await;
    b.client
        .find(Locator::Id("step-last"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    shows_ply(&b, &record, plies, "the last link").await;
    b.close().await;
    server.running.stop().await;
}

/// With the address's request budget spent (two a second here), a step waits for it
/// instead of showing the "too many requests" page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stepping_past_the_request_budget_waits_and_goes_on() {
    let _one = one_browser().await;
    let (server, addr) = web_server("browser-budget", |o| o.web.requests_per_second = 2).await;
    let store = server.running.store.clone();
    for n in ["alice", "bob"] {
        store.users().claim_nick(n, &key(n)).await.unwrap();
    }
    let record = played(4, 20, Color::Red);
    finish(
        &store,
        1,
        (&key("alice"), "alice"),
        (&key("bob"), "bob"),
        &record,
        false,
        false,
    )
    .await;
    let b = Browser::start(1024, 768).await;
    b.goto(&format!("http://{addr}/game/1?ply=0&view=all"))
        .await;
    shows_ply(&b, &record, 0, "loaded").await;
    // Five presses, one by one as a reader makes them: more than the budget holds.
    for n in 1..=5 {
        b.keys(&Key::Right).await;
        tokio::time::sleep(Duration::from_millis(60)).await;
        assert!(
            !b.text().await.contains("Too many requests"),
            "→ × {n}: the too-many-requests page"
        );
    }
    shows_ply(&b, &record, 5, "→ × 5 past the budget").await;
    let url = b.client.current_url().await.unwrap();
    assert!(url.as_str().contains("ply=5&"), "{url}");
    b.close().await;
    server.running.stop().await;
}

/// What a page must show of a payload: no script of it ran (it would set `window.pwned`
/// or the title), no element of it is in the page (no image, no script but our own
/// files), and its text reads as typed.
async fn shown_as_text(b: &Browser, url: &str, payloads: &[&str]) {
    b.goto(url).await;
    let ran = b
        .js("return [typeof window.pwned, document.title, document.querySelectorAll('img').length, \
             Array.from(document.scripts).map(s => s.getAttribute('src')).filter(s => !(s && s.startsWith('/') && !s.startsWith('//'))).length];")
        .await;
    assert_eq!(ran[0], "undefined", "{url}: a payload ran");
    assert!(
        !ran[1].as_str().unwrap().starts_with("pwned"),
        "{url}: a payload set the title: {}",
        ran[1]
    );
    assert_eq!(ran[2], 0, "{url}: a payload made an image");
    assert_eq!(ran[3], 0, "{url}: a script that is not one of our files");
    let text = b.text().await;
    for p in payloads {
        assert!(
            text.contains(p),
            "{url}: {p:?} is not shown as typed:\n{text}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_from_players_and_the_host_is_shown_as_typed_and_never_run() {
    let _one = one_browser().await;
    // The host's message of the day.
    let motd = "<script>window.pwned = 1; document.title = 'pwned motd'</script>";
    // A player's name from an imported archive game (any text the archive holds).
    let archived = "\"><img src=x onerror=\"window.pwned = 2; document.title = 'pwned img'\">";
    // A nick as the store would hold it (the nick rules refuse <, > and quotes; a store
    // written otherwise must still be shown safely).
    let nick = "<script>window.pwned=3</script>";
    let (server, addr) = web_server("browser-escape", |o| {
        o.ssh.motd = Some(motd.into());
        // The untrusted nick's one game: listed on the leaderboard all the same.
        o.web.settled_deviation = i32::MAX;
    })
    .await;
    let store = server.running.store.clone();
    store_untrusted(&store, nick, archived).await;
    // Tournaments an admin named so (the lobby keeps a name to one line of 40 characters).
    let cups = [
        "<script>window.pwned = 4</script>",
        "\"><img src=x onerror=\"window.pwned=5\">",
    ];
    let mut cup_ids = Vec::new();
    for name in cups {
        cup_ids.push(tournament(&server, name).await);
    }
    let b = Browser::start(1024, 768).await;
    let url = |p: &str| format!("http://{addr}{p}");
    shown_as_text(&b, &url("/"), &[motd, nick, cups[0], cups[1]]).await;
    shown_as_text(&b, &url("/tournaments"), &cups).await;
    for (id, name) in cup_ids.iter().zip(cups) {
        let page = url(&format!("/tournament/{id}"));
        shown_as_text(&b, &page, &[name]).await;
        // Its standings come again from the live stream (/live.js puts them in place).
        assert!(
            b.until(
                5.0,
                "return !!document.querySelector('#live[data-live]') && !!window.EventSource;"
            )
            .await
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
        let after = b
            .js("return [typeof window.pwned, document.querySelectorAll('img').length];")
            .await;
        assert_eq!(after, serde_json::json!(["undefined", 0]), "{page}, live");
    }
    shown_as_text(&b, &url("/leaderboard/classic"), &[nick]).await;
    shown_as_text(
        &b,
        &url("/@/%3Cscript%3Ewindow.pwned%3D3%3C%2Fscript%3E"),
        &[nick],
    )
    .await;
    shown_as_text(&b, &url("/@/bob"), &[nick, archived]).await;
    shown_as_text(&b, &url("/game/1"), &[nick]).await;
    shown_as_text(&b, &url("/game/2?ply=0&view=all"), &[archived]).await;
    // Stepping with the keys puts the next ply's page in place: still text.
    b.keys(&keys(Key::Right, 2)).await;
    assert!(
        b.until(
            5.0,
            "return document.getElementById('step-ply').dataset.ply === '2';"
        )
        .await
    );
    let after = b
        .js("return [typeof window.pwned, document.title, document.querySelectorAll('img').length];")
        .await;
    assert_eq!(after[0], "undefined", "stepped: a payload ran");
    assert_eq!(after[2], 0, "stepped: a payload made an image");
    assert!(after[1].as_str().unwrap().contains(archived), "{after}");
    assert!(b.text().await.contains(archived));
    b.close().await;
    server.running.stop().await;
}

/// Creates an upcoming tournament named `name` as an admin does; its number.
async fn tournament(server: &common::TestServer, name: &str) -> u64 {
    use stratego_ssh::tournament::Format;
    let t = common::tournament::terms(name, Format::Swiss { rounds: 1 });
    common::tournament::create(&server.running.lobby, t).await
}

/// The page's width against the viewport's, and the board's box.
async fn layout(b: &Browser) -> serde_json::Value {
    b.js("const t = document.querySelector('table.board'); const r = t ? t.getBoundingClientRect() : null; \
          return {view: document.documentElement.clientWidth, inner: window.innerWidth, scroll: document.documentElement.scrollWidth, \
                  body: document.body.scrollWidth, \
                  board: r ? [r.left, r.right, r.top, r.bottom] : null};")
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_page_fits_a_phone_screen_with_the_whole_board_on_its_first_screen() {
    let _one = one_browser().await;
    let (server, addr) = web_server("browser-phone", |_| {}).await;
    let store = server.running.store.clone();
    // Long nicks, as the rules allow (16 characters).
    let (red, blue) = ("Abcdefghijklmnop", "Qrstuvwxyzabcdef");
    for n in [red, blue] {
        store.users().claim_nick(n, &key(n)).await.unwrap();
    }
    let record = played(5, 130, Color::Red);
    finish(
        &store,
        1,
        (&key(red), red),
        (&key(blue), blue),
        &record,
        true,
        false,
    )
    .await;
    let b = Browser::phone(375, 667).await;
    b.goto(&format!("http://{addr}/")).await;
    assert_eq!(
        b.js("return [window.innerWidth, document.documentElement.clientWidth];")
            .await,
        serde_json::json!([375, 375]),
        "the browser's viewport is a phone's"
    );
    let plies = record.moves.len();
    for path in [
        "/game/1".to_string(),
        format!("/game/1?ply={}&view=blue", plies / 2),
        format!("/game/1?ply={plies}&view=red"),
        "/game/1?ply=101&view=all".to_string(),
    ] {
        b.goto(&format!("http://{addr}{path}")).await;
        let l = layout(&b).await;
        let view = l["view"].as_f64().unwrap();
        assert!(
            l["scroll"].as_f64().unwrap() <= view
                && l["body"].as_f64().unwrap() <= view
                && l["inner"].as_f64().unwrap() <= view,
            "{path}: the page scrolls sideways at 375 px: {l}"
        );
        let board = l["board"].as_array().expect("a board");
        let (left, right) = (board[0].as_f64().unwrap(), board[1].as_f64().unwrap());
        assert!(
            left >= 0.0 && right <= view,
            "{path}: the board is not all in view: {l}"
        );
        // And all of it on the first screen, without scrolling down.
        let bottom = board[3].as_f64().unwrap();
        assert!(
            bottom <= 667.0,
            "{path}: the board ends below the phone's screen: {l}"
        );
        // Every square is there and has room: ten across.
        let widths = b
            .js("return Array.from(document.querySelectorAll('table.board td.sq')).map(td => td.getBoundingClientRect().width);")
            .await;
        let widths = widths.as_array().unwrap();
        assert_eq!(widths.len(), 100);
        assert!(
            widths.iter().all(|w| w.as_f64().unwrap() >= 20.0),
            "{path}: squares too narrow: {widths:?}"
        );
    }
    // The other pages too.
    let cup = tournament(&server, "The Long Named Spring Classic Open 2026").await;
    for path in [
        "/".to_string(),
        "/leaderboard/classic".to_string(),
        format!("/@/{red}"),
        "/tournaments".to_string(),
        format!("/tournament/{cup}"),
    ] {
        b.goto(&format!("http://{addr}{path}")).await;
        let l = layout(&b).await;
        assert!(
            l["scroll"].as_f64().unwrap() <= l["view"].as_f64().unwrap(),
            "{path}: the page scrolls sideways at 375 px: {l}"
        );
    }
    b.close().await;
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_profiles_rating_plot_has_a_point_per_rated_game() {
    let _one = one_browser().await;
    let (server, addr) = web_server("browser-plot", |_| {}).await;
    let store = server.running.store.clone();
    for n in ["alice", "bob", "carol"] {
        store.users().claim_nick(n, &key(n)).await.unwrap();
    }
    let (a, bo, c) = (key("alice"), key("bob"), key("carol"));
    // alice: 4 rated games (won, lost, won, won) and 1 casual one; bob: 3 rated; carol: 1
    // rated.
    let games: [(&PlayerId, &str, &PlayerId, &str, bool, Color); 5] = [
        (&a, "alice", &bo, "bob", true, Color::Blue),
        (&bo, "bob", &a, "alice", true, Color::Blue),
        (&a, "alice", &c, "carol", true, Color::Blue),
        (&bo, "bob", &a, "alice", false, Color::Red),
        (&bo, "bob", &a, "alice", true, Color::Red),
    ];
    for (i, (r, rn, bl, bn, rated, loser)) in games.iter().enumerate() {
        let rec = played(20 + i as u64, 10, *loser);
        finish(&store, i as u64 + 1, (r, rn), (bl, bn), &rec, *rated, false).await;
    }
    let b = Browser::start(1024, 768).await;
    for (nick, rated) in [("alice", 4), ("bob", 3), ("carol", 1)] {
        b.goto(&format!("http://{addr}/@/{nick}")).await;
        let plot = b
            .js("const s = document.querySelectorAll('svg.plot'); if (s.length !== 1) return null; \
                 const box = s[0].viewBox.baseVal; \
                 const pts = Array.from(s[0].querySelectorAll('circle.pt')); \
                 return {circles: pts.length, line: s[0].querySelector('polyline').points.numberOfItems, \
                         inside: pts.every(p => p.cx.baseVal.value >= 0 && p.cx.baseVal.value <= box.width \
                                             && p.cy.baseVal.value >= 0 && p.cy.baseVal.value <= box.height), \
                         shown: s[0].getBoundingClientRect().width > 0};")
            .await;
        assert!(plot.is_object(), "{nick}: one rating plot: {plot}");
        assert_eq!(plot["circles"], rated, "{nick}: a point per rated game");
        assert_eq!(plot["line"], rated, "{nick}: the line through them");
        assert_eq!(plot["inside"], true, "{nick}: {plot}");
        assert_eq!(plot["shown"], true, "{nick}: {plot}");
        // "1 rated game", "3 rated games" (issue 43: plurals).
        let count = match rated {
            1 => "1 rated game".to_string(),
            n => format!("{n} rated games"),
        };
        assert!(b.text().await.contains(&count), "{nick}: {count}");
    }
    b.close().await;
    server.running.stop().await;
}

/// The ply a live game's page shows (its `#live` part's `data-ply`), or -1 if none.
const LIVE_PLY: &str =
    "const p = document.querySelector('#live p.ply'); return p ? Number(p.dataset.ply) : -1;";

/// A move made over SSH, then its answer: each on the open page within 2 s, the board as
/// a spectator sees it (the piece moved, its square left empty), the page never reloaded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_made_over_ssh_shows_on_the_open_game_page_within_two_seconds() {
    use common::play::{random_move, start_game, Moved, Rng};
    use common::{new_key, Login, Term};
    let _one = one_browser().await;
    let (server, addr) = web_server("browser-live", |_| {}).await;
    let (ka, kb) = (new_key(), new_key());
    let alice = Term::connect(server.running.addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(server.running.addr, Login::Key("bob", &kb), 120, 40).await;
    let (red, blue) = start_game(&alice, "alice", &bob).await;

    // The front page links the game in play.
    let b = Browser::start(1024, 768).await;
    b.goto(&format!("http://{addr}/")).await;
    let href = b
        .js("const a = document.querySelector('ul.live a'); return a ? a.getAttribute('href') : null;")
        .await;
    let href = href
        .as_str()
        .expect("the front page links the game in play");
    b.goto(&format!("http://{addr}{href}")).await;
    assert_eq!(b.js(LIVE_PLY).await, 0, "{}", b.text().await);
    b.js("window.stillThisPage = true; return null;").await;

    let mut rng = Rng(7);
    for (ply, mover, color) in [(1, red, "Red"), (2, blue, "Blue")] {
        let Moved::Played(typed) = random_move(mover, &mut rng, 10).await else {
            panic!("{color} could not move:\n{}", mover.text());
        };
        let played = std::time::Instant::now();
        let shown = b
            .until(
                2.0,
                &format!("const p = document.querySelector('#live p.ply'); return !!p && p.dataset.ply === '{ply}';"),
            )
            .await;
        let took = played.elapsed();
        assert!(
            shown && took <= Duration::from_secs(2),
            "{color}'s move {typed} is not on the page after {took:?} (it shows ply {})",
            b.js(LIVE_PLY).await
        );
        eprintln!("{color}'s move {typed} on the page after {took:?}");
        // The move as the page tells it, and on its board.
        let (from, to) = typed.split_once(' ').unwrap();
        let last = b
            .js("const l = document.querySelector('#live p.last'); return l ? l.textContent : '';")
            .await;
        let last = last.as_str().unwrap().to_uppercase();
        let (from, to) = (from.to_uppercase(), to.to_uppercase());
        let battle = last.contains(&format!("{from}X{to}"));
        assert!(
            battle || last.contains(&format!("{from}-{to}")),
            "{color} typed {typed}; the page says {last:?}"
        );
        let cells = board(&b).await;
        assert_eq!(cells.len(), 100);
        let at = |sq: &str| {
            cells
                .iter()
                .find(|(s, _)| s.eq_ignore_ascii_case(sq))
                .unwrap_or_else(|| panic!("no square {sq}"))
                .1
                .clone()
        };
        assert_eq!(at(&from), None, "{typed}: the square it left");
        if !battle {
            assert!(
                at(&to).is_some_and(|p| p.starts_with(color)),
                "{typed}: {:?} on the square it went to",
                at(&to)
            );
        }
    }
    assert_eq!(
        b.js("return window.stillThisPage === true;").await,
        true,
        "the page followed the game by itself (no reload)"
    );
    b.close().await;
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_asked_for_in_german_is_german_and_its_switch_leads_to_dutch() {
    let _one = one_browser().await;
    let (server, addr) = web_server("browser-languages", |_| {}).await;
    let store = server.running.store.clone();
    for n in ["alice", "bob"] {
        store.users().claim_nick(n, &key(n)).await.unwrap();
    }
    let record = played(4, 30, Color::Blue);
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
    let b = Browser::start(1024, 768).await;
    b.goto(&format!("http://{addr}/game/1?lang=de")).await;
    assert_eq!(b.js("return document.documentElement.lang;").await, "de");
    let text = b.text().await;
    for want in [
        "Partie #1",
        "Ergebnis: alice (Rot) gewann: Aufgabe",
        "alles aufgedeckt",
        &format!("Halbzug 0 von {plies}"),
        "Züge",
    ] {
        assert!(text.contains(want), "{want:?} missing:\n{text}");
    }
    assert!(!text.contains("Result"), "{text}");
    // The step script's button speaks the page's language, and a step stays in it.
    assert!(
        b.until(2.0, "const p = document.getElementById('step-play'); return !!p && p.textContent === 'abspielen';")
            .await,
        "the play button in German"
    );
    b.keys(&Key::Right).await;
    shows_ply_in(&b, 1, &format!("Halbzug 1 von {plies}")).await;

    // The language switch: Nederlands, a plain link, to the same ply in Dutch.
    b.client
        .find(Locator::LinkText("Nederlands"))
        .await
        .expect("the switch names Dutch in Dutch")
        .click()
        .await
        .unwrap();
    assert!(
        b.until(5.0, "return document.documentElement.lang === 'nl';")
            .await,
        "the switch leads to the Dutch page"
    );
    shows_ply_in(&b, 1, &format!("halve zet 1 van {plies}")).await;
    let text = b.text().await;
    for want in [
        "Partij #1",
        "Uitslag: alice (Rood) won: opgave",
        "alles onthuld",
        "Zetten",
    ] {
        assert!(text.contains(want), "{want:?} missing:\n{text}");
    }
    assert!(!text.contains("Ergebnis"), "{text}");
    let url = b.client.current_url().await.unwrap();
    assert!(url.as_str().contains("lang=nl"), "{url}");
    assert!(
        b.until(2.0, "const p = document.getElementById('step-play'); return !!p && p.textContent === 'afspelen';")
            .await,
        "the play button in Dutch"
    );
    // Its links keep Dutch.
    b.client
        .find(Locator::Id("step-next"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    shows_ply_in(&b, 2, &format!("halve zet 2 van {plies}")).await;
    assert_eq!(b.js("return document.documentElement.lang;").await, "nl");
    b.close().await;
    server.running.stop().await;
}

/// Waits until the page shows `ply` and its step line reads `line`.
async fn shows_ply_in(b: &Browser, ply: usize, line: &str) {
    assert!(
        b.until(
            5.0,
            &format!("const s = document.getElementById('step-ply'); return !!s && s.dataset.ply === '{ply}';")
        )
        .await,
        "the page shows ply {} instead of {ply}",
        shown_ply(b).await
    );
    let text = b.text().await;
    assert!(text.contains(line), "{line:?} missing:\n{text}");
}

/// A club behind one address: past its live streams the game page says it no longer
/// follows by itself and checks every few seconds instead, and a move still shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_refused_its_live_stream_says_so_and_follows_by_polling() {
    use common::play::{random_move, start_game, Moved, Rng};
    use common::{new_key, Login, Term};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let _one = one_browser().await;
    let (server, addr) = web_server("browser-refused", |o| {
        o.web.max_live_streams_per_address = 1;
    })
    .await;
    let (ka, kb) = (new_key(), new_key());
    let alice = Term::connect(server.running.addr, Login::Key("alice", &ka), 120, 40).await;
    let bob = Term::connect(server.running.addr, Login::Key("bob", &kb), 120, 40).await;
    let (red, _blue) = start_game(&alice, "alice", &bob).await;
    let id = server
        .running
        .lobby
        .snapshot()
        .games
        .first()
        .map(|g| g.id)
        .expect("a game in play");
    // Another member of the club holds the address's one stream.
    let mut held = tokio::net::TcpStream::connect(addr).await.unwrap();
    held.write_all(
        format!("GET /game/{id}/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await
    .unwrap();
    let mut head = [0u8; 12];
    held.read_exact(&mut head).await.unwrap();
    assert_eq!(&head, b"HTTP/1.1 200");

    let b = Browser::start(1024, 768).await;
    b.goto(&format!("http://{addr}/game/{id}?lang=de")).await;
    assert_eq!(b.js(LIVE_PLY).await, 0, "{}", b.text().await);
    b.js("window.stillThisPage = true; return null;").await;
    let note = "const n = document.querySelector('p.live-note'); return n ? n.textContent : '';";
    assert!(
        b.until(
            5.0,
            "const n = document.querySelector('p.live-note'); return !!n && n.textContent.length > 0;"
        )
        .await,
        "the page does not say it stopped following: {}",
        b.text().await
    );
    let said = b.js(note).await;
    assert!(
        said.as_str().unwrap().contains("alle 5 Sekunden"),
        "in the page's language: {said}"
    );
    let mut rng = Rng(11);
    let Moved::Played(typed) = random_move(red, &mut rng, 10).await else {
        panic!("Red could not move:\n{}", red.text());
    };
    let shown = b
        .until(
            12.0,
            "const p = document.querySelector('#live p.ply'); return !!p && p.dataset.ply === '1';",
        )
        .await;
    assert!(
        shown,
        "Red's move {typed} is not on the page after 12 s (it shows ply {})",
        b.js(LIVE_PLY).await
    );
    assert_eq!(
        b.js("return window.stillThisPage === true;").await,
        true,
        "the page followed the game by itself (no reload)"
    );
    drop(held);
    b.close().await;
    server.running.stop().await;
}

/// A tournament name as long as the server takes (40 characters) without a space: the
/// pages that show it fit a phone's width, and the desktop list's table its column.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_tournament_name_fits_a_phone_and_the_desktop_table() {
    let _one = one_browser().await;
    let (server, addr) = web_server("browser-long-name", |_| {}).await;
    let name = "W".repeat(40);
    let cup = tournament(&server, &name).await;
    let pages = [
        "/".to_string(),
        "/tournaments".to_string(),
        format!("/tournament/{cup}"),
    ];
    let b = Browser::phone(375, 667).await;
    for path in &pages {
        b.goto(&format!("http://{addr}{path}")).await;
        assert!(b.text().await.contains("WWWW"), "{path}: the name is shown");
        let l = layout(&b).await;
        assert!(
            l["scroll"].as_f64().unwrap() <= l["view"].as_f64().unwrap(),
            "{path}: the page scrolls sideways at 375 px: {l}"
        );
    }
    b.close().await;
    let b = Browser::start(1024, 768).await;
    b.goto(&format!("http://{addr}/tournaments")).await;
    let fit = b
        .js("const t = document.querySelector('table.list'); \
             return [t.getBoundingClientRect().width, t.parentElement.clientWidth];")
        .await;
    let (table, room) = (fit[0].as_f64().unwrap(), fit[1].as_f64().unwrap());
    assert!(table <= room, "the table is {table} px in {room} px");
    // The whole name is still there to read (its link's title).
    let title = b
        .js("const a = document.querySelector('table.list td a'); return a.title || a.textContent;")
        .await;
    assert_eq!(title.as_str(), Some(name.as_str()));
    b.close().await;
    server.running.stop().await;
}

/// A game that ends while its page is open: the page's title no longer says it is in
/// play, and a reload shows the finished game at its last ply, not at the set-ups.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_page_whose_game_ends_reloads_at_the_end() {
    use common::lobby_client::{join, until, until_lobby};
    use stratego_ssh::proto::{ClockSpec, GameCmd, GameTerms, LobbyCmd};
    use stratego_ssh::rules::{Game, Rules, Setup, Variant};
    let _one = one_browser().await;
    let (server, addr) = web_server("browser-ended", |_| {}).await;
    let lobby = server.running.lobby.clone();
    let mut alice = join(&lobby, "alice").await;
    let mut bob = join(&lobby, "bob").await;
    let rules = Rules::standard(Variant::Classic);
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: GameTerms {
                rules,
                rated: false,
                clock: Some(ClockSpec {
                    initial_secs: 600,
                    increment_secs: 0,
                }),
                days: None,
                budget: None,
            },
            private_to: None,
            private: false,
        },
    );
    until_lobby(&lobby, "the seek is listed", |s| !s.seeks.is_empty()).await;
    lobby.command(bob.session, LobbyCmd::Accept(1));
    let a = alice.next_seat().await.0;
    let b = bob.next_seat().await.0;
    let (mut red, mut blue) = if a.color == Some(Color::Red) {
        (a, b)
    } else {
        (b, a)
    };
    let (rs, bs) = (
        Setup::random(&rules, Color::Red, 5),
        Setup::random(&rules, Color::Blue, 6),
    );
    red.send(GameCmd::SubmitSetup(rs.clone())).await;
    blue.send(GameCmd::SubmitSetup(bs.clone())).await;
    until(&mut red, "play starts", |s| s.view.is_some()).await;
    let mut game = Game::new(rules, &rs, &bs).unwrap();
    for ply in 1..=2 {
        let m = game.legal_moves()[0];
        game.play(m).unwrap();
        let seat = if ply % 2 == 1 { &mut red } else { &mut blue };
        seat.send(GameCmd::Move(m)).await;
        until(seat, "the move is played", |s| s.history.len() == ply).await;
    }
    let id = red.game;

    let b = Browser::start(1024, 768).await;
    b.goto(&format!("http://{addr}/game/{id}?lang=nl")).await;
    assert!(
        b.until(
            5.0,
            "const p = document.querySelector('#live p.ply'); return !!p && p.dataset.ply === '2';"
        )
        .await
    );
    let in_play = b.js("return document.title;").await;
    red.send(GameCmd::Resign).await;
    assert!(
        b.until(
            5.0,
            "return document.querySelector('#live[data-ended=\"true\"]') !== null;"
        )
        .await,
        "the page never hears the end"
    );
    let title = b.js("return document.title;").await;
    assert_ne!(title, in_play, "the title still says the game is in play");
    assert!(
        title.as_str().unwrap().contains(&format!("#{id}")),
        "{title}"
    );
    // A reload shows the finished game at its end, in the page's language.
    let url = b.js("return window.location.href;").await;
    b.goto(url.as_str().unwrap()).await;
    assert!(
        b.until(
            5.0,
            "const s = document.getElementById('step-ply'); return !!s && s.dataset.ply === '2';"
        )
        .await,
        "the reloaded page shows ply {} of the finished game",
        b.js("const s = document.getElementById('step-ply'); return s ? s.dataset.ply : 'none';")
            .await
    );
    assert_eq!(b.js("return document.documentElement.lang;").await, "nl");
    b.close().await;
    server.running.stop().await;
}

/// The analysis after a game on its page (issue 47 item 2): while it is made, the page says
/// so; then a chart of the evaluation (a line a judgement, a point a ply, a dot on the
/// planted blunder), and a click on the blunder's dot goes to the position after it, where
/// both judgements of the move are written out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_page_charts_its_analysis_and_a_mistakes_dot_goes_there() {
    let _one = one_browser().await;
    let (server, addr) = web_server("browser-analysis", |o| {
        o.lobby.analysis.nodes = 3_000;
        // At nice 0: at the server's nice 15 a review waits for every other process of a busy
        // machine (tested in lobby::analysis).
        o.lobby.analysis.nice = 0;
    })
    .await;
    let store = server.running.store.clone();
    let record = GameRecord::from_text(include_str!("data/analysis/spy_takes_marshal.txt"))
        .expect("the planted game reads");
    let (a, bo) = (key("alice"), key("bob"));
    finish(
        &store,
        5,
        (&a, "alice"),
        (&bo, "bob"),
        &record,
        false,
        false,
    )
    .await;
    let b = Browser::start(1024, 768).await;
    // The first look asks for it.
    b.goto(&format!("http://{addr}/game/5")).await;
    let text = b.text().await;
    assert!(
        text.contains("Analysis after the game")
            && (text.contains("queued") || text.contains("Being made")),
        "{text}"
    );
    let mut made = false;
    for _ in 0..200 {
        if store.analyses().has(5).unwrap() {
            made = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(made, "the analysis is made within 20 s");
    b.goto(&format!("http://{addr}/game/5?ply=0")).await;
    let chart = b
        .js("const s = document.querySelectorAll('svg.chart'); if (s.length !== 1) return null; \
             const box = s[0].viewBox.baseVal; \
             const dots = Array.from(s[0].querySelectorAll('circle.mistake')); \
             return {seen: s[0].querySelector('polyline.seen').points.numberOfItems, \
                     hindsight: s[0].querySelector('polyline.hindsight').points.numberOfItems, \
                     dots: dots.length, \
                     links: dots.map(d => d.parentNode.getAttribute('href')), \
                     inside: dots.every(p => p.cx.baseVal.value >= 0 && p.cx.baseVal.value <= box.width \
                                         && p.cy.baseVal.value >= 0 && p.cy.baseVal.value <= box.height), \
                     shown: s[0].getBoundingClientRect().width > 0};")
        .await;
    assert!(chart.is_object(), "one chart: {chart}");
    let n = record.moves.len() as u64 + 1;
    assert_eq!(chart["seen"], n, "the start and a point a ply: {chart}");
    assert_eq!(chart["hindsight"], n, "{chart}");
    assert_eq!(chart["inside"], true, "{chart}");
    assert_eq!(chart["shown"], true, "{chart}");
    let links = chart["links"].as_array().unwrap();
    assert!(
        links.iter().any(|l| l.as_str().unwrap().contains("ply=6")),
        "a dot on ply 6: {chart}"
    );
    // A click on that dot: the position after the blunder, judged both ways.
    b.js("document.querySelector('svg.chart a[href*=\"ply=6\"]').dispatchEvent(new MouseEvent('click', {bubbles: true})); return true;")
        .await;
    shows_ply(&b, &record, 6, "after the dot's click").await;
    let judged = b
        .js("const p = document.querySelector('section.analysis p.judged'); return p ? p.innerText : '';")
        .await;
    let judged = judged.as_str().unwrap();
    assert!(judged.starts_with("Move 6 (Blue):"), "{judged}");
    assert!(
        judged.contains("as known: best") && judged.contains("with hindsight: best"),
        "{judged}"
    );
    assert_eq!(judged.matches("??").count(), 2, "{judged}");
    b.close().await;
    server.running.stop().await;
}
