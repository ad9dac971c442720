//! Issue 44: passkey accounts, in headless Chromium with Chrome's virtual authenticator
//! (WebDriver's WebAuthn extension: a CTAP2 authenticator with resident keys and user
//! verification, inside the browser). A player makes an account with a passkey on
//! /account, signs out, signs in again with it and plays on /play under its nick (a rated
//! seek); a taken nick is refused in the catalog's words; a key holder signed in by
//! web-login adds a passkey and signs in with it as the same nick; a new key's web-login
//! link, opened in a browser signed in by passkey, links the key (and `ssh` with it is that
//! nick). The verifier's refusals (wrong challenge, origin, site, replays) are unit tests in
//! src/webauthn.rs; here the server's: a ceremony's challenge works once.

#[path = "common/browser.rs"]
mod browser;
mod common;

use std::net::SocketAddr;
use std::time::Duration;

use browser::Browser;
use common::web::web_server;
use common::{exec, new_key, Login, Term};
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::Locator;
use serde_json::{json, Value};
use stratego_ssh::proto::PlayerId;

/// A raw WebDriver command to the session: `POST /session/{id}/{path}` with `body`.
#[derive(Debug)]
struct Raw {
    path: &'static str,
    body: Value,
}

impl WebDriverCompatibleCommand for Raw {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/{}",
            session.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

/// A browser with a virtual platform authenticator (resident keys, the user verified).
async fn browser_with_authenticator() -> Browser {
    let b = Browser::start(1000, 800).await;
    b.client
        .issue_cmd(Raw {
            path: "webauthn/authenticator",
            body: json!({
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": true,
                "hasUserVerification": true,
                "isUserConsenting": true,
                "isUserVerified": true,
            }),
        })
        .await
        .expect("Chrome's virtual authenticator");
    b
}

/// The site as the browser reaches it: `localhost` (a secure context over plain http, and
/// a valid relying party id, which 127.0.0.1 is not).
fn site(web: SocketAddr) -> String {
    format!("http://localhost:{}", web.port())
}

async fn click(b: &Browser, css: &str) {
    b.client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"));
}

/// The account page's status line, once it says something other than "waiting".
async fn status(b: &Browser) -> String {
    assert!(
        b.until(
            15.0,
            "const s = document.getElementById('passkey-status'); \
             return !!s && s.textContent !== '' && !s.textContent.startsWith('Waiting');"
        )
        .await,
        "the status says something: {}",
        b.text().await
    );
    b.js("return document.getElementById('passkey-status').textContent;")
        .await
        .as_str()
        .unwrap()
        .to_string()
}

/// On /account, signed out: makes an account named `nick` with a passkey; the page it
/// lands on must be the board, in its lobby, as `nick`.
async fn register(b: &Browser, web: SocketAddr, nick: &str) {
    b.goto(&format!("{}/account", site(web))).await;
    b.client
        .find(Locator::Css("#passkey-nick"))
        .await
        .unwrap()
        .send_keys(nick)
        .await
        .unwrap();
    click(b, "#passkey-create").await;
    in_the_lobby_as(b, nick).await;
}

async fn in_the_lobby_as(b: &Browser, nick: &str) {
    let want = format!("You play as {nick}.");
    let script = format!(
        "const y = document.getElementById('play-you'); return location.pathname === '/play' && !!y && y.textContent.startsWith({});",
        json!(want)
    );
    assert!(
        b.until(15.0, &script).await,
        "the board's lobby as {nick}: {} at {:?}",
        b.text().await,
        b.client.current_url().await.map(|u| u.to_string())
    );
}

/// Signs this browser out from /account, then signs in with a passkey there.
async fn sign_out_and_in(b: &Browser, web: SocketAddr, nick: &str) {
    b.goto(&format!("{}/account", site(web))).await;
    click(b, "form[action='/logout'] button").await;
    assert!(b.until(10.0, "return location.pathname === '/';").await);
    b.goto(&format!("{}/account", site(web))).await;
    assert!(
        b.text().await.contains("Create an account with a passkey"),
        "signed out: {}",
        b.text().await
    );
    click(b, "#passkey-sign-in").await;
    in_the_lobby_as(b, nick).await;
}

/// The `/login/CODE` path in `web-login`'s output.
fn login_path(out: &str) -> String {
    let at = out
        .find("/login/")
        .unwrap_or_else(|| panic!("a link in {out}"));
    out[at..].split_whitespace().next().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_passkey_account_is_made_signs_in_again_and_posts_a_rated_seek() {
    let (server, web) = web_server("web-passkey-account", |_| {}).await;
    let b = browser_with_authenticator().await;
    // /play offers the account page.
    b.goto(&format!("{}/play", site(web))).await;
    click(&b, "#play-account").await;
    assert!(
        b.until(10.0, "return location.pathname === '/account';")
            .await
    );

    register(&b, web, "Pia").await;
    let store = &server.running.store;
    let pia = store
        .users()
        .by_nick("pia")
        .unwrap()
        .expect("Pia's account");
    assert_eq!(pia.nick, "Pia");
    assert!(
        matches!(pia.owner, PlayerId::Account(_)),
        "an account of its own, no key: {:?}",
        pia.owner
    );
    assert_eq!(store.web().passkeys(&pia.owner).unwrap().len(), 1);
    let account = b.client.get_named_cookie("stratego_session").await.unwrap();
    assert_eq!(account.http_only(), Some(true));
    assert_eq!(format!("{:?}", account.same_site()), "Some(Strict)");

    sign_out_and_in(&b, web, "Pia").await;

    // Pia plays rated games: the board offers the Rated box, and her seek is rated.
    assert!(
        b.until(10.0, "return !!document.getElementById('play-seek-rated');")
            .await,
        "an account is offered a rated seek: {}",
        b.text().await
    );
    // And correspondence games: days a move where the clock is, then a total budget,
    // offered only once days are chosen.
    assert_eq!(
        b.js("return document.getElementById('play-seek-budget').parentElement.hidden;")
            .await,
        json!(true),
        "no budget without days"
    );
    b.js("const s = document.getElementById('play-seek-clock'); s.value = '3d'; s.dispatchEvent(new Event('change')); return true;")
        .await;
    assert_eq!(
        b.js("return document.getElementById('play-seek-budget').parentElement.hidden;")
            .await,
        json!(false),
        "a budget is offered with days"
    );
    b.js("const s = document.getElementById('play-seek-budget'); s.value = '30'; s.dispatchEvent(new Event('change')); return true;")
        .await;
    click(&b, "#play-seek-rated").await;
    click(&b, "#play-seek-post").await;
    let lobby = server.running.lobby.clone();
    let mut seeks = vec![];
    for _ in 0..100 {
        seeks = lobby.snapshot().seeks.clone();
        if !seeks.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(seeks.len(), 1, "Pia's seek is posted");
    assert_eq!(seeks[0].owner, "Pia");
    assert!(seeks[0].terms.rated, "a rated seek");
    assert_eq!(
        (
            seeks[0].terms.days,
            seeks[0].terms.budget,
            seeks[0].terms.clock
        ),
        (Some(3), Some(30), None),
        "a correspondence seek, 3 days a move, 30 in all"
    );

    // A second account may not take the nick, in any case, nor one like it.
    let b2 = browser_with_authenticator().await;
    b2.goto(&format!("{}/account", site(web))).await;
    for (asked, words) in [
        ("pIA", "pIA is taken: try another"),
        ("P1a", "looks too much like Pia"),
        ("a b", "cannot be a nickname"),
    ] {
        b2.js("document.getElementById('passkey-nick').value = ''; document.getElementById('passkey-status').textContent = ''; return true;")
            .await;
        b2.client
            .find(Locator::Css("#passkey-nick"))
            .await
            .unwrap()
            .send_keys(asked)
            .await
            .unwrap();
        click(&b2, "#passkey-create").await;
        let said = status(&b2).await;
        assert!(said.contains(words), "{asked}: {said}");
    }
    assert!(b2
        .client
        .get_named_cookie("stratego_session")
        .await
        .is_err());
    b2.close().await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_holder_adds_a_passkey_and_signs_in_with_it_as_the_same_nick() {
    let (server, web) = web_server("web-passkey-add", |_| {}).await;
    let ssh = server.running.addr;
    let ka = new_key();
    let t = Term::connect(ssh, Login::Key("ann", &ka), 100, 30).await;
    t.wait_text("Open seeks", 10).await;
    drop(t);
    let out = loop {
        let (out, status) = exec(ssh, "ann", &ka, "web-login").await;
        if status == Some(0) && out.contains("as ann") {
            break out;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let b = browser_with_authenticator().await;
    b.goto(&format!("{}{}", site(web), login_path(&out))).await;
    click(&b, "form button[type=submit]").await;
    assert!(b.until(10.0, "return location.pathname === '/';").await);
    b.goto(&format!("{}/account", site(web))).await;
    assert!(
        b.text().await.contains("Signed in as ann."),
        "{}",
        b.text().await
    );
    click(&b, "#passkey-add").await;
    assert_eq!(status(&b).await, "The passkey was added.");
    let ann = store_owner(&server, "ann");
    assert!(matches!(ann, PlayerId::Key(_)), "{ann:?}");
    assert_eq!(server.running.store.web().passkeys(&ann).unwrap().len(), 1);

    sign_out_and_in(&b, web, "ann").await;
    b.goto(&format!("{}/account", site(web))).await;
    assert!(
        b.text()
            .await
            .contains("One passkey signs in to this account."),
        "{}",
        b.text().await
    );
    b.close().await;
}

fn store_owner(server: &common::TestServer, nick: &str) -> PlayerId {
    server
        .running
        .store
        .users()
        .by_nick(nick)
        .unwrap()
        .expect("the account")
        .owner
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_keys_link_opened_in_a_browser_signed_in_by_passkey_links_the_key() {
    let (server, web) = web_server("web-passkey-link-key", |_| {}).await;
    let ssh = server.running.addr;
    let b = browser_with_authenticator().await;
    register(&b, web, "Pia").await;

    // A key that holds no nick gets a link to link it.
    let kn = new_key();
    let (out, status) = exec(ssh, "whoever", &kn, "web-login").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("Your key has no nick yet"), "{out}");
    let path = login_path(&out);
    // Opened signed out (a plain request): how to sign in first; nothing used.
    let plain = common::web::http_get(web, &path, None).await;
    assert!(
        plain.body.contains("Sign in first to the account"),
        "{}",
        plain.body
    );
    b.goto(&format!("{}{}", site(web), path)).await;
    assert!(
        b.text()
            .await
            .contains("adds that key to the account of Pia"),
        "{}",
        b.text().await
    );
    click(&b, "#link-key").await;
    assert!(
        b.until(10.0, "return !!document.getElementById('link-key-done');")
            .await,
        "{}",
        b.text().await
    );
    assert!(b.text().await.contains("The key now plays as Pia."));

    // Over SSH the key is Pia now: its web-login signs a browser in as Pia, and its
    // terminal shows Pia in the lobby.
    let (out, status) = exec(ssh, "whoever", &kn, "web-login").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("sign it in as Pia"), "{out}");
    let t = Term::connect(ssh, Login::Key("whoever", &kn), 100, 30).await;
    let screen = t.wait_text("Open seeks", 10).await;
    assert!(screen.contains("Pia"), "{screen}");
    drop(t);
    // The link worked once.
    b.goto(&format!("{}{}", site(web), path)).await;
    assert!(
        b.text().await.contains("does not work any more"),
        "{}",
        b.text().await
    );
    b.close().await;
}

/// The server's half of a replay: a sign-in's answer sent twice (its challenge used) is
/// refused the second time; a begun ceremony's challenge is taken once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sign_in_answer_sent_again_is_refused() {
    let (_server, web) = web_server("web-passkey-replay", |_| {}).await;
    let b = browser_with_authenticator().await;
    register(&b, web, "Pia").await;
    b.goto(&format!("{}/account", site(web))).await;
    click(&b, "form[action='/logout'] button").await;
    assert!(b.until(10.0, "return location.pathname === '/';").await);
    b.goto(&format!("{}/account", site(web))).await;
    // The page's own sign-in, its finish request kept and sent again.
    let answers = b
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             const b64 = (buf) => { let s = ''; for (const x of new Uint8Array(buf)) s += String.fromCharCode(x);
               return btoa(s).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, ''); };
             const unb64 = (t) => { const s = t.replace(/-/g, '+').replace(/_/g, '/');
               return Uint8Array.from(atob(s + '='.repeat((4 - s.length % 4) % 4)), c => c.charCodeAt(0)); };
             const post = (p, body) => fetch(p, {method: 'POST', headers: {'Content-Type': 'application/json'},
               body: JSON.stringify(body)}).then(r => r.status);
             (async () => {
               const o = await fetch('/passkey/sign-in/begin', {method: 'POST', body: '{}'}).then(r => r.json());
               const a = await navigator.credentials.get({publicKey: {challenge: unb64(o.challenge), rpId: o.rpId}});
               const body = {id: b64(a.rawId), clientData: b64(a.response.clientDataJSON),
                 authData: b64(a.response.authenticatorData), signature: b64(a.response.signature)};
               done([await post('/passkey/sign-in/finish', body), await post('/passkey/sign-in/finish', body)]);
             })().catch(e => done(String(e)));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(answers, json!([200, 403]), "once, then refused");
    b.close().await;
}
