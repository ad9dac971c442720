//! Passkey accounts (issue 44): a player with no SSH key makes an account on the web with a
//! passkey and signs in with it later; a signed-in player adds a passkey to their account.
//! The checks are `crate::webauthn`'s, the ceremonies and passkeys the store's
//! (`src/store/web.rs`), the accounts' rules the service's (`src/service/web.rs`).
//!
//! - `GET /account`: signed out, a form "Create an account with a passkey" (a nick) and a
//!   button "Sign in with a passkey"; signed in, who, how many passkeys, "Add a passkey",
//!   and sign-out. `/passkey.js` (an ES module of ours) runs the ceremonies; every word it
//!   shows comes in the page (`data-words`), from the catalogs.
//! - `POST /passkey/register/begin` `{"nick"}` → `{"challenge", "rpId", "rpName", "user":
//!   {"id", "name"}, "exclude": [ids]}`: signed in, for a passkey more on that account
//!   (the nick is not read); else for a new account, the nick checked as SSH's claim
//!   checks it (refused at once: `{"error"}` with the catalog's words).
//! - `POST /passkey/register/finish` `{"clientData", "attestation"}` (base64url) →
//!   `{"nick"}`, with the session cookie for a new account.
//! - `POST /passkey/sign-in/begin` → `{"challenge", "rpId"}`; `POST /passkey/sign-in/finish`
//!   `{"id", "clientData", "authData", "signature"}` → `{"nick"}` and the session cookie.
//!
//! Every POST must come from this site's pages (`same_origin`, as signing in by link), and
//! the cookie is SameSite=Strict; each begin and finish counts against the address's budget
//! of passkey requests ([`PER_MINUTE`]); a challenge works once, for five minutes. The
//! site's origin is `public_url`'s, or (without one) the request's own `Origin`, which
//! `same_origin` has found to name the host asked; the relying party id is its host.
//! Logs name the nick and what failed, never a challenge or credential bytes.

use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use maud::{html, DOCTYPE};
use serde_json::{json, Value};

use super::lang::{PageLang, Say};
use super::play::same_origin;
use super::signin::{cookie, signed_in, with_cookie};
use super::{client_ip, Web};
use crate::limit::{address_block, AddressRate, Admit};
use crate::service::{PasskeyError, Site};
use crate::webauthn::{b64url, from_b64url};

const PASSKEY_JS: &str = include_str!("passkey.js");

/// Passkey requests (begins and finishes) one address block may make a minute (a burst of
/// twice that).
pub(super) const PER_MINUTE: f64 = 10.0;
/// The longest body a passkey request may have.
const MAX_BODY: usize = 16 * 1024;

/// Each address's budget of passkey requests.
pub(super) struct Budget(Mutex<AddressRate>);

impl Default for Budget {
    fn default() -> Budget {
        Budget(Mutex::new(AddressRate::with_bucket(
            2.0 * PER_MINUTE,
            PER_MINUTE / 60.0,
            crate::limit::RATE_TRACKED,
        )))
    }
}

pub(super) async fn script() -> Response {
    super::pages::asset("text/javascript; charset=utf-8", "no-cache", PASSKEY_JS)
}

/// The site a ceremony is for (see the module documentation); `None` when it cannot be
/// told (no `Origin`, or one that is not the site's).
fn site(web: &Web, headers: &HeaderMap) -> Option<Site> {
    if !same_origin(web, headers) {
        return None;
    }
    let origin = match web.site.public_url.as_deref() {
        Some(url) => {
            let (scheme, rest) = url.split_once("://").unwrap_or(("http", url));
            let authority = rest.split('/').next().unwrap_or_default();
            format!("{scheme}://{authority}").to_ascii_lowercase()
        }
        None => headers
            .get(header::ORIGIN)?
            .to_str()
            .ok()?
            .trim_end_matches('/')
            .to_ascii_lowercase(),
    };
    let authority = origin.split_once("://")?.1;
    // The host without its port (an IPv6 literal keeps its brackets: browsers refuse it as
    // a relying party id anyway).
    let rp_id = match authority.strip_prefix('[') {
        Some(rest) => format!("[{}]", rest.split(']').next().unwrap_or_default()),
        None => authority.split(':').next().unwrap_or_default().to_string(),
    };
    Some(Site { origin, rp_id })
}

/// A JSON answer.
fn reply(status: StatusCode, body: Value) -> Response {
    let mut resp = (status, body.to_string()).into_response();
    resp.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    resp
}

fn refused(status: StatusCode, text: String) -> Response {
    reply(status, json!({ "error": text }))
}

fn failed(l: &PageLang, e: &PasskeyError) -> Response {
    let status = match e {
        PasskeyError::Store(_) => StatusCode::SERVICE_UNAVAILABLE,
        PasskeyError::TooMany => StatusCode::TOO_MANY_REQUESTS,
        PasskeyError::Nick(_) => StatusCode::CONFLICT,
        _ => StatusCode::FORBIDDEN,
    };
    refused(status, e.notice().text(l.lang))
}

/// Checks a passkey request before anything is done: from this site, within the address's
/// budget, a body of JSON not too long. The site and the body, or the answer to send.
fn admit(
    web: &Web,
    peer: SocketAddr,
    headers: &HeaderMap,
    l: &PageLang,
    body: &[u8],
) -> Result<(Site, Value, std::net::IpAddr), Box<Response>> {
    let ip = client_ip(peer.ip(), headers, &web.config.trusted_proxies);
    let Some(site) = site(web, headers) else {
        tracing::info!(peer = %address_block(ip), "web: a passkey request from another site refused");
        return Err(Box::new(refused(
            StatusCode::FORBIDDEN,
            l.tr("web-foreign"),
        )));
    };
    let admitted = web
        .passkeys
        .0
        .lock()
        .map(|mut r| r.take(ip, Instant::now()))
        .unwrap_or(Admit::Yes);
    if let Admit::No { first } = admitted {
        if first {
            tracing::info!(peer = %address_block(ip), "web: passkey requests over the address's budget");
        }
        return Err(Box::new(refused(
            StatusCode::TOO_MANY_REQUESTS,
            l.tr("web-passkey-too-many"),
        )));
    }
    if body.len() > MAX_BODY {
        return Err(Box::new(refused(
            StatusCode::PAYLOAD_TOO_LARGE,
            l.tr("web-passkey-refused"),
        )));
    }
    let value = if body.is_empty() {
        json!({})
    } else {
        match serde_json::from_slice(body) {
            Ok(v @ Value::Object(_)) => v,
            _ => {
                return Err(Box::new(refused(
                    StatusCode::BAD_REQUEST,
                    l.tr("web-passkey-refused"),
                )))
            }
        }
    };
    Ok((site, value, ip))
}

/// The bytes of a base64url field of a request's JSON (empty when missing or not).
fn bytes(v: &Value, field: &str) -> Vec<u8> {
    v.get(field)
        .and_then(Value::as_str)
        .and_then(from_b64url)
        .unwrap_or_default()
}

fn agent(headers: &HeaderMap) -> &str {
    headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

/// `POST /passkey/register/begin`.
pub(super) async fn register_begin(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    l: PageLang,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (site, v, _) = match admit(&web, peer, &headers, &l, &body) {
        Ok(a) => a,
        Err(r) => return *r,
    };
    let me = signed_in(&web, &headers).await;
    let nick = v.get("nick").and_then(Value::as_str).unwrap_or("");
    match web.service.passkey_register_begin(nick, me.as_ref()).await {
        Ok(c) => {
            let (id, name) = c.user.unwrap_or_default();
            reply(
                StatusCode::OK,
                json!({
                    "challenge": b64url(&c.challenge),
                    "rpId": site.rp_id,
                    "rpName": l.tr("web-nav-home"),
                    "user": { "id": b64url(&id), "name": name },
                    "exclude": c.exclude.iter().map(|x| b64url(x)).collect::<Vec<_>>(),
                }),
            )
        }
        Err(e) => failed(&l, &e),
    }
}

/// `POST /passkey/register/finish`.
pub(super) async fn register_finish(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    l: PageLang,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (site, v, ip) = match admit(&web, peer, &headers, &l, &body) {
        Ok(a) => a,
        Err(r) => return *r,
    };
    let me = signed_in(&web, &headers).await;
    let done = web
        .service
        .passkey_register_finish(
            &site,
            &bytes(&v, "clientData"),
            &bytes(&v, "attestation"),
            me.as_ref(),
            ip,
            agent(&headers),
        )
        .await;
    match done {
        Ok((token, who)) => {
            let resp = reply(StatusCode::OK, json!({ "nick": who.nick }));
            match token {
                Some(t) => with_cookie(resp, cookie(&web, Some(&t))),
                None => resp,
            }
        }
        Err(e) => {
            tracing::info!(peer = %address_block(ip), why = ?e, "web: a passkey registration refused");
            failed(&l, &e)
        }
    }
}

/// `POST /passkey/sign-in/begin`.
pub(super) async fn sign_in_begin(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    l: PageLang,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (site, _, _) = match admit(&web, peer, &headers, &l, &body) {
        Ok(a) => a,
        Err(r) => return *r,
    };
    match web.service.passkey_sign_in_begin().await {
        Ok(c) => reply(
            StatusCode::OK,
            json!({ "challenge": b64url(&c.challenge), "rpId": site.rp_id }),
        ),
        Err(e) => failed(&l, &e),
    }
}

/// `POST /passkey/sign-in/finish`.
pub(super) async fn sign_in_finish(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    l: PageLang,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (site, v, ip) = match admit(&web, peer, &headers, &l, &body) {
        Ok(a) => a,
        Err(r) => return *r,
    };
    let done = web
        .service
        .passkey_sign_in_finish(
            &site,
            &bytes(&v, "id"),
            &bytes(&v, "clientData"),
            &bytes(&v, "authData"),
            &bytes(&v, "signature"),
            agent(&headers),
        )
        .await;
    match done {
        Ok((token, who)) => with_cookie(
            reply(StatusCode::OK, json!({ "nick": who.nick })),
            cookie(&web, Some(&token)),
        ),
        Err(e) => {
            tracing::info!(peer = %address_block(ip), why = ?e, "web: a passkey sign-in refused");
            failed(&l, &e)
        }
    }
}

/// The words `/passkey.js` shows, in the page's language.
fn words(l: &PageLang) -> Value {
    json!({
        "working": l.tr("web-account-working"),
        "unsupported": l.tr("web-account-unsupported"),
        "cancelled": l.tr("web-account-cancelled"),
        "refused": l.tr("web-passkey-refused"),
        "added": l.tr("web-account-added"),
    })
}

/// `GET /account`.
pub(super) async fn page(State(web): State<Web>, l: PageLang, headers: HeaderMap) -> Response {
    let l = l.without_query();
    let me = signed_in(&web, &headers).await;
    let count = match &me {
        Some(me) => web
            .service
            .passkey_count(&me.identity)
            .await
            .unwrap_or_default(),
        None => 0,
    };
    let title = l.tr("web-account-title");
    let body = html! {
        h1 { (title) }
        div #account data-words=(words(&l).to_string()) data-play=(l.href("/play")) {
            @if let Some(me) = &me {
                p #account-who { (Say::new("web-account-signed-in").text("nick", &me.nick).in_lang(l.lang)) }
                p #account-passkeys { (Say::new("web-account-passkeys").number("count", count as i64).in_lang(l.lang)) }
                p { button type="button" #passkey-add { (l.tr("web-account-add")) } }
                p { a href=(l.href("/play")) { (l.tr("web-account-play")) } }
                p { (l.tr("web-account-key-how")) }
                form method="post" action="/logout" {
                    button type="submit" { (l.tr("web-sign-out")) }
                }
            } @else {
                p { (l.tr("web-account-intro")) }
                form #passkey-register {
                    label for="passkey-nick" { (l.tr("web-account-nick")) }
                    " "
                    input #passkey-nick name="nick" type="text" required autocomplete="username webauthn" maxlength="64";
                    " "
                    button type="submit" #passkey-create { (l.tr("web-account-create")) }
                }
                h2 { (l.tr("web-account-have-one")) }
                p { button type="button" #passkey-sign-in { (l.tr("web-account-sign-in")) } }
            }
            p #passkey-status role="status" aria-live="polite" {}
        }
    };
    let page = html! {
        (DOCTYPE)
        html lang=(l.lang.code()) {
            head {
                (super::pages::head_common(&title))
                script type="module" src="/passkey.js" {}
            }
            body {
                header { nav { a href=(l.href("/")) { (l.tr("web-nav-home")) } } }
                main { (body) }
                footer { (l.switch()) }
            }
        }
    };
    let mut resp = Html(page.into_string()).into_response();
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    resp
}
