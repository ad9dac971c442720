//! The set-up library and explorer on the web (issue 47 item 3), over HTTP: `/setups`
//! shows the signed-in player's own saved set-ups with their statistics and nobody else's
//! (a browser not signed in is asked to sign in; never cached); `/explorer/classic`
//! counts on each square the Flags of the public finished armies (a private game's left
//! out), and `?whose=mine` needs a sign-in.

#[path = "common/browser.rs"]
mod browser;
mod common;

use common::web::{finish, http_get, key, played, web_server};

use stratego_ssh::proto::SavedSetup;
use stratego_ssh::rules::setup_stats::as_red;
use stratego_ssh::rules::{Color, Rank, Setup, Square, Variant};

fn flag_of(s: &Setup) -> Square {
    *as_red(s)
        .pieces
        .iter()
        .find(|(_, r)| **r == Rank::Flag)
        .unwrap()
        .0
}

/// The number in the `heat` table's cell of `sq`.
fn cell(body: &str, heat: &str, sq: Square) -> Option<u32> {
    let table = &body[body.find(&format!("data-heat=\"{heat}\""))?..];
    let table = &table[..table.find("</table>")?];
    let at =
        table.find(&format!("data-square=\"{sq}\">"))? + format!("data-square=\"{sq}\">").len();
    table[at..].split('<').next()?.trim().parse().ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_library_page_is_the_players_own_and_the_explorer_counts_flags() {
    let (server, web) = web_server("web-setups", |_| {}).await;
    let store = &server.running.store;
    let (ann, bob) = (key("ann"), key("bob"));
    store.users().claim_nick("ann", &ann).await.unwrap();
    store.users().claim_nick("bob", &bob).await.unwrap();
    let won = played(4, 10, Color::Blue);
    let other = played(9, 10, Color::Red);
    finish(store, 1, (&ann, "ann"), (&bob, "bob"), &won, false, false).await;
    finish(store, 2, (&bob, "bob"), (&ann, "ann"), &other, false, false).await;
    // Private: its armies stay out of the server's explorer.
    finish(store, 3, (&ann, "ann"), (&bob, "bob"), &won, false, true).await;
    let save = |name: &str, setup: &Setup| SavedSetup {
        name: name.into(),
        variant: Variant::Classic,
        setup: setup.clone(),
    };
    store
        .setups()
        .save(&ann, &save("wall", &won.red))
        .await
        .unwrap();
    store
        .setups()
        .save(&bob, &save("bobs-secret", &won.blue))
        .await
        .unwrap();

    // Not signed in: asked to sign in, nobody's set-ups, never cached.
    let r = http_get(web, "/setups", None).await;
    assert_eq!(r.status, 200);
    assert!(r.body.contains("sign in first"), "{}", r.body);
    assert!(!r.body.contains("wall") && !r.body.contains("bobs-secret"));
    assert_eq!(
        r.header("cache-control").as_deref(),
        Some("private, no-store")
    );

    // Ann signed in: her set-up with its games (1 and the private 3, both won), not bob's.
    let code = store.web().issue_link(&ann).await.unwrap();
    let (token, _) = store.web().redeem(&code, "test").await.unwrap().unwrap();
    let cookie = format!("stratego_session={token}");
    let r = http_get(web, "/setups", Some(("Cookie", &cookie))).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("wall"), "{}", r.body);
    assert!(
        r.body.contains("2 games: 2 won, 0 drawn, 0 lost"),
        "{}",
        r.body
    );
    assert!(!r.body.contains("bobs-secret"), "{}", r.body);
    assert_eq!(
        r.header("cache-control").as_deref(),
        Some("private, no-store")
    );

    // The server's explorer: public games 1 and 2, four armies.
    let r = http_get(web, "/explorer/classic", None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("4 armies counted"), "{}", r.body);
    let f = flag_of(&won.red);
    let expected = [&won.red, &won.blue, &other.red, &other.blue]
        .iter()
        .filter(|s| flag_of(s) == f)
        .count() as u32;
    assert_eq!(cell(&r.body, "flags", f), Some(expected), "{}", r.body);
    let flags: u32 = Square::all()
        .filter_map(|q| cell(&r.body, "flags", q))
        .sum();
    assert_eq!(flags, 4, "one Flag an army");
    // No name in it.
    assert!(
        !r.body.contains("ann") && !r.body.contains("bob"),
        "{}",
        r.body
    );

    // Her own explorer needs a sign-in; signed in it counts her armies (games 1 to 3).
    let r = http_get(web, "/explorer/classic?whose=mine", None).await;
    assert!(r.body.contains("sign in first"), "{}", r.body);
    let r = http_get(
        web,
        "/explorer/classic?whose=mine",
        Some(("Cookie", &cookie)),
    )
    .await;
    assert!(r.body.contains("3 armies counted"), "{}", r.body);
    let r = http_get(web, "/explorer/nonsense", None).await;
    assert_eq!(r.status, 404);
}

/// A form's POST to `path` from this site's page (its `Origin`), with `cookie` if given.
async fn post_form(
    web: std::net::SocketAddr,
    path: &str,
    origin: Option<&str>,
    cookie: Option<&str>,
    fields: &[(&str, &str)],
) -> common::web::Resp {
    let body: String = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(fields)
        .finish();
    let origin = origin
        .map(|o| format!("Origin: {o}\r\n"))
        .unwrap_or_default();
    let cookie = cookie
        .map(|c| format!("Cookie: {c}\r\n"))
        .unwrap_or_default();
    let text = format!(
        "POST {path} HTTP/1.1\r\nHost: play.example.org\r\n{origin}{cookie}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    common::web::http_request(web, &text, path).await
}

const SITE: Option<&str> = Some("http://play.example.org");

/// A browser signed in as `who`: its cookie.
async fn session(
    store: &stratego_ssh::store::Store,
    who: &stratego_ssh::proto::PlayerId,
) -> String {
    let code = store.web().issue_link(who).await.unwrap();
    let (token, _) = store.web().redeem(&code, "test").await.unwrap().unwrap();
    format!("stratego_session={token}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saved_setups_are_renamed_copied_deleted_and_edited_by_their_owner_alone() {
    let (server, web) = web_server("web-setups-manage", |_| {}).await;
    let store = &server.running.store;
    let (ann, bob) = (key("ann"), key("bob"));
    store.users().claim_nick("ann", &ann).await.unwrap();
    store.users().claim_nick("bob", &bob).await.unwrap();
    let rules = stratego_ssh::rules::Rules::standard(Variant::Classic);
    let army = |seed| Setup::random(&rules, Color::Red, seed);
    let save = |name: &str, setup: Setup| SavedSetup {
        name: name.into(),
        variant: Variant::Classic,
        setup,
    };
    store
        .setups()
        .save(&ann, &save("wall", army(1)))
        .await
        .unwrap();
    store
        .setups()
        .save(&ann, &save("line", army(2)))
        .await
        .unwrap();
    store
        .setups()
        .save(&bob, &save("bobs-secret", army(3)))
        .await
        .unwrap();
    let (a, b) = (session(store, &ann).await, session(store, &bob).await);
    let list = |who| store.setups().list(who, Some(Variant::Classic)).unwrap();
    let names = |who| list(who).into_iter().map(|s| s.name).collect::<Vec<_>>();
    let before = list(&ann);

    // The list has the forms.
    let r = http_get(web, "/setups", Some(("Cookie", &a))).await;
    assert!(r.body.contains("action=\"/setups/rename\""), "{}", r.body);
    assert!(
        r.body
            .contains("/setups/edit?variant=classic&amp;name=wall"),
        "{}",
        r.body
    );

    // Refused, nothing changed: from another site, with no Origin, not signed in.
    let rename = |to: &'static str| [("variant", "classic"), ("name", "wall"), ("to", to)];
    let r = post_form(
        web,
        "/setups/rename",
        Some("http://evil.example"),
        Some(&a),
        &rename("x"),
    )
    .await;
    assert_eq!(r.status, 403, "{}", r.body);
    let r = post_form(web, "/setups/rename", None, Some(&a), &rename("x")).await;
    assert_eq!(r.status, 403, "{}", r.body);
    let r = post_form(web, "/setups/rename", SITE, None, &rename("x")).await;
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.body.contains("sign in first"), "{}", r.body);
    // Bad names: empty, too long, escapes, one already used (in another case).
    for (to, says) in [
        ("  ", "a saved set-up needs a name"),
        ("abcdefghijabcdefghijabcdefghijX", "at most 30 characters"),
        (
            "red\u{1b}[31mwall",
            "cannot hold control characters or escape sequences",
        ),
        ("LINE", "you already have a set-up of that name"),
    ] {
        let r = post_form(
            web,
            "/setups/rename",
            SITE,
            Some(&a),
            &[("variant", "classic"), ("name", "wall"), ("to", to)],
        )
        .await;
        assert_eq!(r.status, 400, "{to:?}: {}", r.body);
        assert!(r.body.contains(says), "{to:?}: {}", r.body);
        assert_eq!(list(&ann), before, "{to:?} changed nothing");
    }

    // Renamed: the same army under the new name, the old name gone; the list says so.
    let r = post_form(web, "/setups/rename", SITE, Some(&a), &rename("fortress")).await;
    assert_eq!(r.status, 303, "{}", r.body);
    let to = r.header("location").unwrap();
    assert_eq!(to, "/setups?variant=classic&done=renamed&name=fortress");
    assert_eq!(names(&ann), ["fortress", "line"]);
    assert_eq!(list(&ann)[0].setup, army(1));
    let r = http_get(web, &to, Some(("Cookie", &a))).await;
    assert!(
        r.body.contains("Renamed: &#39;fortress&#39;") || r.body.contains("Renamed: 'fortress'"),
        "{}",
        r.body
    );

    // Bob cannot see or change ann's set-ups by naming them.
    let theirs = [("variant", "classic"), ("name", "fortress")];
    for path in ["/setups/copy", "/setups/delete"] {
        let r = post_form(web, path, SITE, Some(&b), &theirs).await;
        assert_eq!(r.status, 404, "{path}: {}", r.body);
        assert!(r.body.contains("that saved set-up is gone"), "{}", r.body);
    }
    let r = post_form(
        web,
        "/setups/rename",
        SITE,
        Some(&b),
        &[("variant", "classic"), ("name", "fortress"), ("to", "mine")],
    )
    .await;
    assert_eq!(r.status, 404, "{}", r.body);
    let red = as_red(&army(1)).to_setup_string(&rules, Color::Red);
    let r = post_form(
        web,
        "/setups/edit",
        SITE,
        Some(&b),
        &[
            ("variant", "classic"),
            ("name", "fortress"),
            ("setup", &red),
        ],
    )
    .await;
    assert_eq!(r.status, 404, "{}", r.body);
    for path in [
        "/setups/edit?variant=classic&name=fortress",
        "/setups/delete?variant=classic&name=fortress",
    ] {
        let r = http_get(web, path, Some(("Cookie", &b))).await;
        assert_eq!(r.status, 404, "{path}: {}", r.body);
        assert!(
            !r.body.contains("fortress&#39;") && !r.body.contains(&red),
            "{}",
            r.body
        );
    }
    assert_eq!(names(&ann), ["fortress", "line"]);
    assert_eq!(list(&ann)[0].setup, army(1));
    assert_eq!(names(&bob), ["bobs-secret"]);

    // Copied under a free name.
    let r = post_form(web, "/setups/copy", SITE, Some(&a), &theirs).await;
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(names(&ann), ["fortress", "fortress 2", "line"]);
    assert_eq!(list(&ann)[1].setup, army(1));

    // Deleted only after the question: the page asks, the POST deletes.
    let r = http_get(
        web,
        "/setups/delete?variant=classic&name=fortress%202",
        Some(("Cookie", &a)),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("cannot be undone"), "{}", r.body);
    assert_eq!(names(&ann).len(), 3, "asking deletes nothing");
    let r = post_form(
        web,
        "/setups/delete",
        SITE,
        Some(&a),
        &[("variant", "classic"), ("name", "fortress 2")],
    )
    .await;
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(names(&ann), ["fortress", "line"]);

    // Edited: a wrong army is refused with the rules' reason; two pieces swapped are saved.
    let r = http_get(
        web,
        "/setups/edit?variant=classic&name=fortress",
        Some(("Cookie", &a)),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("data-square=\"A1\""), "{}", r.body);
    // One piece made another rank: two Flags (or two Marshals).
    let first = if red.starts_with('F') { 'X' } else { 'F' };
    let wrong = format!("{first}{}", &red[1..]);
    let r = post_form(
        web,
        "/setups/edit",
        SITE,
        Some(&a),
        &[
            ("variant", "classic"),
            ("name", "fortress"),
            ("setup", &wrong),
        ],
    )
    .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("cannot be saved"), "{}", r.body);
    assert_eq!(list(&ann)[0].setup, army(1));
    let mut chars: Vec<char> = red.chars().collect();
    let j = chars.iter().position(|c| *c != chars[0]).unwrap();
    chars.swap(0, j);
    let edited: String = chars.into_iter().collect();
    let r = post_form(
        web,
        "/setups/edit",
        SITE,
        Some(&a),
        &[
            ("variant", "classic"),
            ("name", "fortress"),
            ("setup", &edited),
        ],
    )
    .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let now = list(&ann)[0].clone();
    assert_eq!(now.name, "fortress");
    assert_eq!(
        now.setup,
        Setup::parse(&edited, &rules, Color::Red).unwrap()
    );
    assert_eq!(list(&bob)[0].setup, army(3), "bob's untouched");

    // A set-up saved as Blue is edited the owner's way round (its rows as Red's, as the
    // screens show them) and saved back as Blue, turned.
    let blue = army(4).turned_for(Color::Blue);
    store
        .setups()
        .save(&ann, &save("blue", blue.clone()))
        .await
        .unwrap();
    let shown = as_red(&blue).to_setup_string(&rules, Color::Red);
    let r = http_get(
        web,
        "/setups/edit?variant=classic&name=blue",
        Some(("Cookie", &a)),
    )
    .await;
    assert!(r.body.contains(&format!("value=\"{shown}\"")), "{}", r.body);
    let mut chars: Vec<char> = shown.chars().collect();
    let j = chars.iter().position(|c| *c != chars[0]).unwrap();
    chars.swap(0, j);
    let edited: String = chars.into_iter().collect();
    let r = post_form(
        web,
        "/setups/edit",
        SITE,
        Some(&a),
        &[("variant", "classic"), ("name", "blue"), ("setup", &edited)],
    )
    .await;
    assert_eq!(r.status, 303, "{}", r.body);
    let now = list(&ann).into_iter().find(|s| s.name == "blue").unwrap();
    assert_eq!(now.setup.color, Some(Color::Blue));
    assert_eq!(
        as_red(&now.setup),
        Setup::parse(&edited, &rules, Color::Red).unwrap()
    );

    // In German, the forms keep the language and the switch keeps the set-up's name.
    let r = http_get(
        web,
        "/setups/edit?variant=classic&name=blue&lang=de",
        Some(("Cookie", &a)),
    )
    .await;
    assert!(
        r.body.contains("Bearbeite &#39;blue&#39;") || r.body.contains("Bearbeite 'blue'"),
        "{}",
        r.body
    );
    assert!(
        r.body.contains("action=\"/setups/edit?lang=de\""),
        "{}",
        r.body
    );
    assert!(
        r.body
            .contains("?variant=classic&amp;name=blue&amp;lang=en"),
        "{}",
        r.body
    );
    let r = post_form(
        web,
        "/setups/rename?lang=de",
        SITE,
        Some(&a),
        &[("variant", "classic"), ("name", "blue"), ("to", "")],
    )
    .await;
    assert_eq!(r.status, 400);
    assert!(r.body.contains("Namen"), "{}", r.body);
}

/// Clicks the element `css` names, as a user's click (WebDriver's), once it is there.
async fn click(b: &browser::Browser, css: &str) {
    use fantoccini::Locator;
    let sel = serde_json::to_string(css).unwrap();
    assert!(
        b.until(
            10.0,
            &format!("return document.querySelector({sel}) !== null;")
        )
        .await,
        "{css} is on the page: {}",
        b.text().await
    );
    b.client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"));
}

/// In a real browser (headless Chromium, a phone's screen): signed in, the library's
/// "Edit on a board", a piece clicked then another square, Save: the saved set-up is the
/// swapped army, and the list says it was saved.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_chromium_a_saved_setup_is_edited_on_a_board() {
    let (server, web) = web_server("web-setups-browser", |_| {}).await;
    let store = &server.running.store;
    let ann = key("ann");
    store.users().claim_nick("ann", &ann).await.unwrap();
    let rules = stratego_ssh::rules::Rules::standard(Variant::Classic);
    let army = Setup::random(&rules, Color::Red, 11);
    store
        .setups()
        .save(
            &ann,
            &SavedSetup {
                name: "wall".into(),
                variant: Variant::Classic,
                setup: army.clone(),
            },
        )
        .await
        .unwrap();
    // Two squares of the back row holding different ranks.
    let a1: Square = "A1".parse().unwrap();
    let other = (1..10u8)
        .map(|f| Square::new(f, 0).unwrap())
        .find(|q| army.pieces[q] != army.pieces[&a1])
        .unwrap();

    let b = browser::Browser::phone(375, 667).await;
    let code = store.web().issue_link(&ann).await.unwrap();
    b.goto(&format!("http://{web}/login/{code}")).await;
    click(&b, "form[method=post] button").await;
    assert!(
        b.until(
            10.0,
            "return document.body.innerText.includes('Signed in as ann.');"
        )
        .await,
        "{}",
        b.text().await
    );
    b.goto(&format!("http://{web}/setups")).await;
    click(&b, "a.edit").await;
    assert!(
        b.until(
            10.0,
            "return document.body.innerText.includes(\"Editing 'wall'\");"
        )
        .await,
        "{}",
        b.text().await
    );
    click(&b, "td[data-square='A1'] a").await;
    assert!(
        b.until(
            10.0,
            "return document.querySelector(\"td.pick[data-square='A1']\") !== null;"
        )
        .await,
        "A1 picked: {}",
        b.text().await
    );
    click(&b, &format!("td[data-square='{other}'] a")).await;
    assert!(
        b.until(10.0, "return document.querySelector('td.pick') === null && document.body.innerText.includes('Click a piece');")
            .await,
        "swapped: {}",
        b.text().await
    );
    // Nothing is stored before Save.
    assert_eq!(
        store.setups().list(&ann, None).unwrap()[0].setup,
        army,
        "a click stores nothing"
    );
    click(&b, "#setup-save").await;
    assert!(
        b.until(
            10.0,
            "return document.body.innerText.includes(\"Saved 'wall'.\");"
        )
        .await,
        "{}",
        b.text().await
    );
    let saved = store.setups().list(&ann, None).unwrap();
    assert_eq!(saved.len(), 1);
    let mut expected = army.clone();
    let (ra, ro) = (army.pieces[&a1], army.pieces[&other]);
    expected.pieces.insert(a1, ro);
    expected.pieces.insert(other, ra);
    assert_eq!(saved[0].setup, expected);
    b.close().await;
}

/// The `href` of the link in the editor's square `sq` (its `&amp;`s read back).
fn square_link(body: &str, sq: &str) -> Option<String> {
    let at = body.find(&format!("data-square=\"{sq}\""))?;
    let cell = &body[at..at + body[at..].find("</td>")?];
    let href = cell.split("href=\"").nth(1)?.split('"').next()?;
    Some(href.replace("&amp;", "&"))
}

/// The draft the editor's Save would post.
fn posted_draft(body: &str) -> String {
    let at = body.find("name=\"setup\" value=\"").expect("the Save form") + 20;
    body[at..].split('"').next().unwrap().to_string()
}

/// Barrage's few pieces on many squares: on the editor's board a piece picked and then an
/// empty square moves it there (the links alone, no script), and the draft in the address
/// is what Save posts; nothing is stored until then.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_editors_links_move_a_piece_to_an_empty_square() {
    let (server, web) = web_server("web-setups-links", |_| {}).await;
    let store = &server.running.store;
    let ann = key("ann");
    store.users().claim_nick("ann", &ann).await.unwrap();
    let rules = stratego_ssh::rules::Rules::standard(Variant::Barrage);
    let army = Setup::random(&rules, Color::Red, 5);
    let saved = SavedSetup {
        name: "few".into(),
        variant: Variant::Barrage,
        setup: army.clone(),
    };
    store.setups().save(&ann, &saved).await.unwrap();
    let cookie = session(store, &ann).await;
    let (from, _) = army.pieces.iter().next().map(|(q, r)| (*q, *r)).unwrap();
    let empty = stratego_ssh::rules::setup_squares(&rules, Color::Red)
        .into_iter()
        .find(|q| !army.pieces.contains_key(q))
        .unwrap();

    let r = http_get(
        web,
        "/setups/edit?variant=barrage&name=few",
        Some(("Cookie", &cookie)),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    // Nothing picked: an empty square is no link, a piece is.
    assert!(
        square_link(&r.body, &empty.to_string()).is_none(),
        "{}",
        r.body
    );
    let pick = square_link(&r.body, &from.to_string()).expect("a piece's link");
    assert!(pick.ends_with(&format!("&pick={from}")), "{pick}");
    let r = http_get(web, &pick, Some(("Cookie", &cookie))).await;
    assert!(r.body.contains(&format!("{from} chosen")), "{}", r.body);
    let drop = square_link(&r.body, &empty.to_string())
        .expect("an empty square's link once a piece is picked");
    let r = http_get(web, &drop, Some(("Cookie", &cookie))).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let mut moved = army.clone();
    let rank = moved.pieces.remove(&from).unwrap();
    moved.pieces.insert(empty, rank);
    assert_eq!(
        posted_draft(&r.body),
        moved.to_setup_string(&rules, Color::Red)
    );
    assert_eq!(
        store.setups().list(&ann, None).unwrap()[0].setup,
        army,
        "links store nothing"
    );
    // A draft that is no army (two Flags) in the address: the saved one shown, and why.
    let bad = format!(
        "/setups/edit?variant=barrage&name=few&draft={}",
        "F".repeat(40)
    );
    let r = http_get(web, &bad, Some(("Cookie", &cookie))).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("cannot be saved"), "{}", r.body);
    assert_eq!(
        posted_draft(&r.body),
        army.to_setup_string(&rules, Color::Red)
    );
}

/// A set-up renamed on the web while its owner's SSH session is open: the session's
/// library (lobby S) shows it under its new name (it showed the list read at login, and a
/// rename there answered "gone").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rename_on_the_web_shows_in_an_open_ssh_sessions_library() {
    let (server, web) = web_server("web-setups-ssh", |_| {}).await;
    let ssh = server.running.addr;
    let store = &server.running.store;
    let k = common::new_key();
    let t = common::Term::connect(ssh, common::Login::Key("ann", &k), 120, 40).await;
    t.wait_text("you are ann", 10).await;
    t.disconnect().await;
    let ann = stratego_ssh::proto::PlayerId::Key(common::fingerprint(&k));
    let rules = stratego_ssh::rules::Rules::standard(Variant::Classic);
    let army = Setup::random(&rules, Color::Red, 8);
    store
        .setups()
        .save(
            &ann,
            &SavedSetup {
                name: "wall".into(),
                variant: Variant::Classic,
                setup: army.clone(),
            },
        )
        .await
        .unwrap();
    let t = common::Term::connect(ssh, common::Login::Key("ann", &k), 120, 40).await;
    t.wait_text("you are ann", 10).await;

    let cookie = session(store, &ann).await;
    let r = post_form(
        web,
        "/setups/rename",
        SITE,
        Some(&cookie),
        &[("variant", "classic"), ("name", "wall"), ("to", "fortress")],
    )
    .await;
    assert_eq!(r.status, 303, "{}", r.body);

    t.send(b"S").await;
    let lib = t
        .wait_for("the library with the web's rename", 10, |s| {
            s.contains("\u{256d} fortress") && !s.contains("wall")
        })
        .await;
    assert!(
        lib.contains("Not in any of your finished games yet"),
        "{lib}"
    );
    t.disconnect().await;
}
