//! Issue 44: a key holder signs a browser in from SSH. `ssh host web-login` prints a link
//! that works once, for five minutes; its page asks (a GET signs nobody in), its form's POST
//! from the site's own pages sets an HttpOnly, SameSite=Strict session cookie; `ssh host
//! web-sessions` lists the browsers and ends them; `POST /logout` signs one out. A POST
//! from another site does nothing.

#[path = "common/browser.rs"]
mod browser;
mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::web::{web_server, Resp, WAIT};
use common::{exec, new_key, Login, Term};

/// One request with the given headers (Host is play.example.org), read to its end.
async fn request(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)]) -> Resp {
    request_to(addr, method, path, "play.example.org", headers).await
}

const SITE: (&str, &str) = ("Origin", "http://play.example.org");

/// Ann's key claims "ann" on a first login with a terminal, then asks `web-login` (again
/// until the nick is stored: a durable write as her first screen shows): her key and the
/// command's output.
async fn ann_with_a_link(ssh: SocketAddr) -> (russh::keys::PrivateKey, String) {
    let ka = new_key();
    let t = Term::connect(ssh, Login::Key("ann", &ka), 100, 30).await;
    t.wait_text("Open seeks", 10).await;
    drop(t);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let (out, status) = exec(ssh, "ann", &ka, "web-login").await;
        if status == Some(0) {
            return (ka, out);
        }
        assert!(std::time::Instant::now() < deadline, "{out}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The `/login/CODE` path printed by `web-login`.
fn login_path(out: &str) -> String {
    let at = out
        .find("/login/")
        .unwrap_or_else(|| panic!("a link in {out}"));
    out[at..].split_whitespace().next().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_from_ssh_signs_a_browser_in_once_and_ssh_signs_it_out() {
    let (server, web) = web_server("web-signin", |_| {}).await;
    let ssh = server.running.addr;
    let kc = new_key();

    // A key with no nick yet is told how to get one, or given a link that adds it to an
    // account made on the web (tests/web_passkey.rs); it signs no browser in.
    let (out, status) = exec(ssh, "carol", &kc, "web-login").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("Your key has no nick yet"), "{out}");
    assert!(out.contains("connect once with a terminal"), "{out}");
    let r = request(web, "POST", &login_path(&out), &[SITE]).await;
    assert!(r.header("set-cookie").is_none(), "{}", r.body);

    let (ka, out) = ann_with_a_link(ssh).await;
    assert!(out.contains("sign it in as ann"), "{out}");
    assert!(out.contains("within 5 minutes"), "{out}");
    let path = login_path(&out);

    // The page asks; asking twice uses nothing.
    for _ in 0..2 {
        let page = request(web, "GET", &path, &[]).await;
        assert_eq!(page.status, 200, "{}", page.body);
        assert!(page.body.contains("Sign in as ann"), "{}", page.body);
        assert!(
            page.body
                .contains(&format!("method=\"post\" action=\"{path}\"")),
            "{}",
            page.body
        );
        assert!(page.header("set-cookie").is_none());
    }
    // Another site's POST, or one naming no site: refused, the link still works.
    for origin in [
        vec![("Origin", "http://evil.example")],
        vec![("Origin", "https://play.example.org.evil.example")],
        vec![],
    ] {
        let r = request(web, "POST", &path, &origin).await;
        assert_eq!(r.status, 403, "{origin:?}: {}", r.body);
        assert!(r.header("set-cookie").is_none());
    }
    assert_eq!(request(web, "GET", &path, &[]).await.status, 200);

    // The site's own POST signs in: a session cookie, HttpOnly and SameSite=Strict.
    let r = request(
        web,
        "POST",
        &path,
        &[SITE, ("User-Agent", "TestBrowser/1.0")],
    )
    .await;
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(r.header("location").as_deref(), Some("/"));
    let set = r.header("set-cookie").expect("a cookie");
    assert!(set.starts_with("stratego_session="), "{set}");
    for attr in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(set.contains(attr), "{attr} in {set}");
    }
    assert!(!set.contains("Secure"), "plain http: {set}");
    let cookie = set.split(';').next().unwrap().to_string();
    // Once only.
    let again = request(web, "POST", &path, &[SITE]).await;
    assert_eq!(again.status, 410, "{}", again.body);
    assert!(again.body.contains("web-login"), "{}", again.body);
    assert_eq!(request(web, "GET", &path, &[]).await.status, 410);

    // The front page knows the browser; without the cookie, nobody.
    let home = request(web, "GET", "/", &[("Cookie", &cookie)]).await;
    assert!(home.body.contains("Signed in as ann."), "{}", home.body);
    let home = request(web, "GET", "/", &[]).await;
    assert!(!home.body.contains("Signed in as"), "{}", home.body);
    let forged = request(
        web,
        "GET",
        "/",
        &[(
            "Cookie",
            "stratego_session=0123456789abcdefghjkmnpqrstvwxyz",
        )],
    )
    .await;
    assert!(!forged.body.contains("Signed in as"));

    // SSH lists the browser and ends it.
    let (out, status) = exec(ssh, "ann", &ka, "web-sessions").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(
        out.contains("1. since") && out.contains("TestBrowser/1.0"),
        "{out}"
    );
    let (out, status) = exec(ssh, "ann", &ka, "web-sessions end 2").await;
    assert_eq!(status, Some(1), "{out}");
    let (out, status) = exec(ssh, "ann", &ka, "web-sessions end all --lang de").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("1 Browser abgemeldet"), "{out}");
    let home = request(web, "GET", "/", &[("Cookie", &cookie)]).await;
    assert!(!home.body.contains("Signed in as"), "{}", home.body);

    // Signing out from the page: another link, then the page's own POST.
    let (out, _) = exec(ssh, "ann", &ka, "web-login").await;
    let r = request(web, "POST", &login_path(&out), &[SITE]).await;
    let cookie = r
        .header("set-cookie")
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let foreign = request(
        web,
        "POST",
        "/logout",
        &[("Cookie", &cookie), ("Origin", "http://evil.example")],
    )
    .await;
    assert_eq!(foreign.status, 403);
    let home = request(web, "GET", "/", &[("Cookie", &cookie)]).await;
    assert!(home.body.contains("Signed in as ann."), "{}", home.body);
    let out = request(web, "POST", "/logout", &[("Cookie", &cookie), SITE]).await;
    assert_eq!(out.status, 303);
    assert!(out.header("set-cookie").unwrap().contains("Max-Age=0"));
    let home = request(web, "GET", "/", &[("Cookie", &cookie)]).await;
    assert!(!home.body.contains("Signed in as"), "{}", home.body);
    let (out, _) = exec(ssh, "ann", &ka, "web-sessions").await;
    assert!(out.contains("No browser is signed in as you"), "{out}");

    // Nothing else takes a POST.
    assert_eq!(request(web, "POST", "/", &[SITE]).await.status, 405);
    assert_eq!(
        request(web, "POST", "/login/x/y", &[SITE]).await.status,
        405
    );
    tokio::time::sleep(Duration::from_millis(10)).await;
}

/// Issue 44: a browser signed in from SSH plays on the board as the key holder (their nick,
/// their identity in the stored game), not as a guest; once SSH signs it out, its socket
/// is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_signed_in_from_ssh_plays_as_the_key_holder() {
    use futures_util::{SinkExt, StreamExt};
    use serde_json::{json, Value};
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::Message;

    let (server, web) = web_server("web-signin-play", |_| {}).await;
    let ssh = server.running.addr;
    let (ka, out) = ann_with_a_link(ssh).await;
    let origin = format!("http://{web}");
    let host = web.to_string();
    let signed = request_to(
        web,
        "POST",
        &login_path(&out),
        &host,
        &[("Origin", &origin)],
    )
    .await;
    assert_eq!(signed.status, 303, "{}", signed.body);
    let cookie = signed
        .header("set-cookie")
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    // The board's page loads the board (no guest form) for a signed-in browser.
    let page = request_to(web, "GET", "/play", &host, &[("Cookie", &cookie)]).await;
    assert!(page.body.contains("/play.js"), "{}", page.body);
    assert!(!page.body.contains("play-guest"), "{}", page.body);

    let open = |cookie: String| {
        let origin = origin.clone();
        async move {
            let mut req = format!("ws://{web}/play/ws").into_client_request().unwrap();
            req.headers_mut().insert("Origin", origin.parse().unwrap());
            req.headers_mut().insert("Cookie", cookie.parse().unwrap());
            tokio_tungstenite::connect_async(req).await
        }
    };
    let (mut socket, _) = open(cookie.clone()).await.expect("the socket opens");
    async fn until(
        socket: &mut tokio_tungstenite::WebSocketStream<
            tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
        >,
        pred: impl Fn(&Value) -> bool,
    ) -> Value {
        loop {
            let msg = tokio::time::timeout(WAIT, socket.next())
                .await
                .expect("a message in time")
                .expect("open")
                .expect("a message");
            if let Message::Text(t) = msg {
                let v: Value = serde_json::from_str(&t).unwrap();
                if pred(&v) {
                    return v;
                }
            }
        }
    }
    async fn send(
        socket: &mut tokio_tungstenite::WebSocketStream<
            tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
        >,
        v: Value,
    ) {
        socket.send(Message::text(v.to_string())).await.unwrap();
    }
    let hello = until(&mut socket, |v| v["t"] == "hello").await;
    assert_eq!(hello["nick"], "ann", "{hello}");
    send(
        &mut socket,
        json!({"v": 1, "t": "computer", "level": "random"}),
    )
    .await;
    let setup = until(&mut socket, |v| v["t"] == "game" && v["phase"] == "setup").await;
    let id = setup["id"].as_u64().unwrap();
    send(&mut socket, json!({"v": 1, "t": "ready"})).await;
    until(&mut socket, |v| v["t"] == "game" && v["phase"] == "play").await;
    send(&mut socket, json!({"v": 1, "t": "resign"})).await;
    until(&mut socket, |v| v["t"] == "game" && v["phase"] == "over").await;
    let mut stored = None;
    for _ in 0..100 {
        stored = server.running.store.games().get(id).unwrap();
        if stored.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let stored = stored.expect("the game is stored");
    let me = [stored.seats.red.clone(), stored.seats.blue.clone()]
        .into_iter()
        .find(|s| s.nick == "ann")
        .expect("ann played it");
    assert_eq!(
        Some(&me.identity),
        server
            .running
            .store
            .users()
            .by_nick("ann")
            .unwrap()
            .map(|u| u.owner)
            .as_ref()
    );

    // A key holder may post a rated seek; a player takes it; at the end the page is told
    // the rating's change.
    assert_eq!(hello["guest"], false, "{hello}");
    let mut bob = common::lobby_client::join(&server.running.lobby, "bob").await;
    send(&mut socket, json!({"v": 1, "t": "lobby"})).await;
    send(
        &mut socket,
        json!({"v": 1, "t": "seek", "variant": "classic", "clock": "10+5", "rated": true}),
    )
    .await;
    let listed = until(&mut socket, |v| {
        v["t"] == "lobby" && v["seeks"].as_array().is_some_and(|s| !s.is_empty())
    })
    .await;
    let seek = &listed["seeks"][0];
    assert_eq!(seek["rated"], true, "{listed}");
    assert_eq!(seek["mine"], true, "{listed}");
    assert_eq!(seek["nick"], "ann", "{listed}");
    server.running.lobby.command(
        bob.session,
        stratego_ssh::proto::LobbyCmd::Accept(seek["id"].as_u64().unwrap()),
    );
    let (seat, _) = bob.next_seat().await;
    let rules = stratego_ssh::rules::Rules::standard(stratego_ssh::rules::Variant::Classic);
    let bob_color = seat.color.unwrap();
    seat.send(stratego_ssh::proto::GameCmd::SubmitSetup(
        stratego_ssh::rules::Setup::random(&rules, bob_color, 2),
    ))
    .await;
    let setup = until(&mut socket, |v| v["t"] == "game" && v["phase"] == "setup").await;
    assert_eq!(setup["rated"], true, "{setup}");
    send(&mut socket, json!({"v": 1, "t": "ready"})).await;
    until(&mut socket, |v| v["t"] == "game" && v["phase"] == "play").await;
    send(&mut socket, json!({"v": 1, "t": "resign"})).await;
    let over = until(&mut socket, |v| {
        v["t"] == "game" && v["phase"] == "over" && v["rating"].is_string()
    })
    .await;
    let rating = over["rating"].as_str().unwrap();
    assert!(
        rating.starts_with("Your rating: -"),
        "a loss costs rating: {over}"
    );
    drop(seat);
    drop(socket);

    // Signed out from SSH: the socket is refused, the page offers the guest's way again.
    let (out, status) = exec(ssh, "ann", &ka, "web-sessions end all").await;
    assert_eq!(status, Some(0), "{out}");
    match open(cookie.clone()).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => {
            assert_eq!(resp.status().as_u16(), 401)
        }
        other => panic!("refused, not {:?}", other.map(|_| ())),
    }
}

/// [`request`] with another Host (the address the socket's Origin names).
async fn request_to(
    addr: SocketAddr,
    method: &str,
    path: &str,
    host: &str,
    headers: &[(&str, &str)],
) -> Resp {
    let mut text = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    for (k, v) in headers {
        text.push_str(&format!("{k}: {v}\r\n"));
    }
    if method == "POST" {
        text.push_str("Content-Length: 0\r\n");
    }
    text.push_str("\r\n");
    common::web::http_request(addr, &text, path).await
}

/// Issue 44, in a real browser (headless Chromium): the link's page, its button, the front
/// page signed in, the board as the key holder; the same link again does not work.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_chromium_the_link_signs_in_once() {
    let (server, web) = web_server("web-signin-browser", |_| {}).await;
    let ssh = server.running.addr;
    let (_ka, out) = ann_with_a_link(ssh).await;
    let link = format!("http://{web}{}", login_path(&out));
    let b = browser::Browser::phone(375, 667).await;
    b.goto(&link).await;
    assert!(
        b.text().await.contains("Sign in as ann"),
        "{}",
        b.text().await
    );
    b.js("document.querySelector('form[method=post] button').click(); return true;")
        .await;
    assert!(
        b.until(
            10.0,
            "return document.body.innerText.includes('Signed in as ann.');"
        )
        .await,
        "signed in: {}",
        b.text().await
    );
    // The cookie is the server's alone: no script reads it.
    assert_eq!(b.js("return document.cookie;").await, serde_json::json!(""));
    b.goto(&format!("http://{web}/play")).await;
    assert!(
        b.until(
            10.0,
            "return document.body.innerText.includes('You play as ann');"
        )
        .await,
        "the board as ann: {}",
        b.text().await
    );
    // A key holder's seek may be rated: ticked and posted, the lobby lists it rated.
    assert!(
        b.until(10.0, "return !!document.getElementById('play-seek-rated');")
            .await,
        "the seek form offers Rated: {}",
        b.text().await
    );
    b.js("const r = document.getElementById('play-seek-rated'); r.click(); document.getElementById('play-seek-post').click(); return true;")
        .await;
    assert!(
        b.until(10.0, "return !!document.querySelector('button[data-withdraw]') && document.getElementById('play-seeks').innerText.includes('ann: Classic · Rated');")
            .await,
        "a rated seek posted: {}",
        b.text().await
    );
    let seeks = server.running.lobby.snapshot().seeks.clone();
    assert!(seeks.len() == 1 && seeks[0].terms.rated, "{seeks:?}");
    // The link again: used.
    b.goto(&link).await;
    assert!(
        b.text().await.contains("This link does not work any more"),
        "{}",
        b.text().await
    );
    b.close().await;
}

/// A second terminal takes a seat from the first, whichever is the browser: the key holder's
/// game on the board is taken by their SSH session (`r` in the lobby, as from a second
/// terminal), the page is told why and shows the lobby; then the page takes it back (the
/// board's socket reopened comes back into the seat) and the terminal is told.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_players_terminal_and_browser_take_the_seat_from_each_other_saying_why() {
    use common::board::Board;
    use serde_json::json;

    let (server, web) = web_server("web-signin-seat", |_| {}).await;
    let ssh = server.running.addr;
    let (ka, out) = ann_with_a_link(ssh).await;
    let origin = format!("http://{web}");
    let signed = request_to(
        web,
        "POST",
        &login_path(&out),
        &web.to_string(),
        &[("Origin", &origin)],
    )
    .await;
    assert_eq!(signed.status, 303, "{}", signed.body);
    let cookie = signed
        .header("set-cookie")
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let mut page = Board::open(web, &cookie).await;
    assert_eq!(page.nick, "ann");
    page.send(json!({"t": "computer", "level": "random"})).await;
    let g = page.until("game", |v| v["phase"] == "setup").await;
    let id = g["id"].as_u64().unwrap();
    page.send(json!({"t": "ready"})).await;
    page.until("game", |v| v["phase"] == "play").await;

    // The terminal: told the game is open elsewhere; `r` takes it.
    let t = Term::connect(ssh, Login::Key("ann", &ka), 100, 30).await;
    t.wait_text(&format!("Game #{id} is open in your other terminal"), 10)
        .await;
    t.send(b"r").await;
    t.wait_for("the game on the terminal", 10, |s| {
        s.contains(&format!("#{id}")) && !s.contains("Open seeks")
    })
    .await;
    let told = page.until("notice", |_| true).await;
    assert!(
        told["text"]
            .as_str()
            .unwrap()
            .contains(&format!("Game #{id} goes on in your other terminal")),
        "the page says why: {told}"
    );
    page.until("lobby", |_| true).await;
    // A move from the page now is refused: it holds no seat.
    page.send(json!({"t": "resign"})).await;
    page.until("refused", |_| true).await;

    // The page's socket anew: it comes back into the seat, and the terminal is told.
    drop(page);
    let mut page = Board::open(web, &cookie).await;
    let back = page.until("game", |_| true).await;
    assert_eq!(back["id"], id, "the seat comes back to the page");
    assert!(back["me"].is_string(), "as a player: {back}");
    t.wait_text(&format!("Game #{id} goes on in your other terminal"), 10)
        .await;
    page.send(json!({"t": "resign"})).await;
    page.until("game", |v| v["phase"] == "over").await;
    drop(server);
}
