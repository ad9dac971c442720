//! The set-up library and explorer on the web (issue 47 item 3), over HTTP: `/setups`
//! shows the signed-in player's own saved set-ups with their statistics and nobody else's
//! (a browser not signed in is asked to sign in; never cached); `/explorer/classic`
//! counts on each square the Flags of the public finished armies (a private game's left
//! out), and `?whose=mine` needs a sign-in.

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
