//! Issue 44: a key holder signs a browser in from SSH. `ssh host web-login` prints a link
//! that works once, for five minutes; its page asks (a GET signs nobody in), its form's POST
//! from the site's own pages sets an HttpOnly, SameSite=Strict session cookie; `ssh host
//! web-sessions` lists the browsers and ends them; `POST /logout` signs one out. A POST
//! from another site does nothing.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::web::{web_server, Resp, WAIT};
use common::{exec, new_key, Login, Term};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One request with the given headers (Host is play.example.org), read to its end.
async fn request(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)]) -> Resp {
    let mut s = TcpStream::connect(addr).await.expect("connects");
    let mut text =
        format!("{method} {path} HTTP/1.1\r\nHost: play.example.org\r\nConnection: close\r\n");
    for (k, v) in headers {
        text.push_str(&format!("{k}: {v}\r\n"));
    }
    if method == "POST" {
        text.push_str("Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\n");
    }
    text.push_str("\r\n");
    s.write_all(text.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(WAIT, s.read_to_end(&mut raw))
        .await
        .unwrap_or_else(|_| panic!("{path} answers in time"))
        .unwrap();
    let at = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8(raw[..at].to_vec()).unwrap();
    let body = String::from_utf8_lossy(&raw[at + 4..]).to_string();
    Resp {
        status: head.split(' ').nth(1).unwrap().parse().unwrap(),
        head,
        body,
    }
}

const SITE: (&str, &str) = ("Origin", "http://play.example.org");

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
    let (ka, kc) = (new_key(), new_key());
    let t = Term::connect(ssh, Login::Key("ann", &ka), 100, 30).await;
    t.wait_text("Open seeks", 10).await;
    drop(t);

    // A key with no nick yet is told how to get one; nothing is issued.
    let (out, status) = exec(ssh, "carol", &kc, "web-login").await;
    assert_eq!(status, Some(1), "{out}");
    assert!(out.contains("your key has no nick yet"), "{out}");

    // Ann's nick is stored as her first screen shows (a durable write): asked until it is.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let (out, status) = loop {
        let (out, status) = exec(ssh, "ann", &ka, "web-login").await;
        if status == Some(0) || std::time::Instant::now() > deadline {
            break (out, status);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(status, Some(0), "{out}");
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
