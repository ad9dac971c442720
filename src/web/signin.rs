//! Signing a browser in as a key holder: `ssh host web-login` prints `/login/CODE`; its page
//! names whom it signs in and asks (a GET never uses the code: a link preview must not sign
//! anyone in); the form's POST uses it once and sets the session cookie (HttpOnly,
//! SameSite=Strict, Secure behind an https `public_url`). `POST /logout` signs this browser
//! out; `ssh host web-sessions` lists and ends them all. Every POST must come from the
//! site's own pages (its `Origin`).

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use maud::html;

use super::lang::{PageLang, Say};
use super::pages::{fault_page, page};
use super::Web;
use crate::service::{LinkFor, SignedIn};

/// The session cookie's name.
pub(super) const COOKIE: &str = "stratego_session";

/// The value of the cookie `name` a request carries, if any.
pub(super) fn cookie_named(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim().to_string())
}

/// The session token the browser sent, if any.
pub(super) fn token(headers: &HeaderMap) -> Option<String> {
    cookie_named(headers, COOKIE)
}

/// Who this browser is signed in as (nobody when the session ended, expired or its player
/// is banned, or the store cannot say).
pub(super) async fn signed_in(web: &Web, headers: &HeaderMap) -> Option<SignedIn> {
    let token = token(headers)?;
    match web.service.web_signed_in(&token).await {
        Ok(who) => who,
        Err(e) => {
            tracing::warn!(error = %e, "web: cannot read a session");
            None
        }
    }
}

/// The cookie for `token` (`None`: one that ends the session in the browser).
pub(super) fn cookie(web: &Web, token: Option<&str>) -> HeaderValue {
    let secure = web
        .site
        .public_url
        .as_deref()
        .is_some_and(|u| u.starts_with("https://"));
    let (value, age) = match token {
        Some(t) => (t, crate::service::WEB_SESSION_SECS),
        None => ("", 0),
    };
    let text = format!(
        "{COOKIE}={value}; Path=/; Max-Age={age}; HttpOnly; SameSite=Strict{}",
        if secure { "; Secure" } else { "" }
    );
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// Marks a response as one allowed to set the cookie (the guard strips `Set-Cookie` from
/// every other).
pub(super) const SETS_COOKIE: &str = "x-stratego-sets-cookie";

/// `resp` setting the cookie `value` (marked, so that the guard lets it through).
pub(super) fn with_cookie(mut resp: Response, value: HeaderValue) -> Response {
    resp.headers_mut().insert(header::SET_COOKIE, value);
    resp.headers_mut()
        .insert(SETS_COOKIE, HeaderValue::from_static("1"));
    resp
}

fn link_gone(l: &PageLang, web: &Web) -> Response {
    let how = match web.site.ssh_port {
        22 => "ssh HOST web-login".to_string(),
        p => format!("ssh -p {p} HOST web-login"),
    };
    let title = l.tr("web-login-gone-title");
    page(
        l,
        StatusCode::GONE,
        &title,
        html! { h1 { (title) } p { (Say::new("web-login-gone").text("command", how).in_lang(l.lang)) } },
    )
}

/// `GET /login/{code}`: whom the link signs in, and the button that does it; for a key
/// that holds no account, the button that links it to the account this browser is signed
/// in as (or how to sign in first).
pub(super) async fn login_page(
    State(web): State<Web>,
    l: PageLang,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Response {
    let action = format!("/login/{code}");
    match web.service.web_link_does(&code).await {
        Ok(Some(LinkFor::SignIn(who))) => {
            let title = Say::new("web-login-title")
                .text("nick", &who.nick)
                .in_lang(l.lang);
            page(
                &l,
                StatusCode::OK,
                &title,
                html! {
                    h1 { (title) }
                    p { (Say::new("web-login-explain").text("nick", &who.nick).in_lang(l.lang)) }
                    form method="post" action=(action) {
                        button type="submit" { (l.tr("web-login-button")) }
                    }
                },
            )
        }
        Ok(Some(LinkFor::LinkKey(key))) => {
            let title = l.tr("web-link-key-title");
            let me = signed_in(&web, &headers).await;
            let key = key.fingerprint().unwrap_or_default().to_string();
            page(
                &l,
                StatusCode::OK,
                &title,
                html! {
                    h1 { (title) }
                    @if let Some(me) = me {
                        p { (Say::new("web-link-key-explain").text("nick", &me.nick).text("key", &key).in_lang(l.lang)) }
                        form method="post" action=(action) {
                            button type="submit" #link-key { (l.tr("web-link-key-button")) }
                        }
                    } @else {
                        p { (l.tr("web-link-key-sign-in-first")) }
                        p { a href=(l.href("/account")) { (l.tr("web-account-title")) } }
                    }
                },
            )
        }
        Ok(None) => link_gone(&l, &web),
        Err(e) => fault_page(&l, super::broken(e)),
    }
}

/// `POST /login/{code}`: uses the link once: sets the cookie and goes to the front page,
/// or (a key's link, in a signed-in browser) links the key to this browser's account.
pub(super) async fn login(
    State(web): State<Web>,
    l: PageLang,
    Path(code): Path<String>,
    headers: HeaderMap,
) -> Response {
    if !super::play::same_origin(&web, &headers) {
        return foreign(&l);
    }
    match web.service.web_link_does(&code).await {
        Ok(Some(LinkFor::LinkKey(_))) => {
            let Some(me) = signed_in(&web, &headers).await else {
                return link_gone(&l, &web);
            };
            return match web.service.web_link_key(&code, &me).await {
                Ok(true) => {
                    let title = l.tr("web-link-key-title");
                    let done = Say::new("web-link-key-done")
                        .text("nick", &me.nick)
                        .in_lang(l.lang);
                    page(
                        &l,
                        StatusCode::OK,
                        &title,
                        html! { h1 { (title) } p #link-key-done { (done) } },
                    )
                }
                Ok(false) => link_gone(&l, &web),
                Err(e) => fault_page(&l, super::broken(e)),
            };
        }
        Ok(_) => {}
        Err(e) => return fault_page(&l, super::broken(e)),
    }
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    match web.service.web_redeem(&code, agent).await {
        Ok(Some((token, who))) => {
            tracing::info!(nick = %who.nick, "web: a browser signed in");
            let resp = (StatusCode::SEE_OTHER, [(header::LOCATION, "/")]).into_response();
            with_cookie(resp, cookie(&web, Some(&token)))
        }
        Ok(None) => link_gone(&l, &web),
        Err(e) => fault_page(&l, super::broken(e)),
    }
}

/// `POST /logout`: this browser's session ends.
pub(super) async fn logout(State(web): State<Web>, l: PageLang, headers: HeaderMap) -> Response {
    if !super::play::same_origin(&web, &headers) {
        return foreign(&l);
    }
    if let Some(t) = token(&headers) {
        if let Err(e) = web.service.web_sign_out(&t).await {
            return fault_page(&l, super::broken(e));
        }
    }
    let resp = (StatusCode::SEE_OTHER, [(header::LOCATION, "/")]).into_response();
    with_cookie(resp, cookie(&web, None))
}

/// A POST from another site (or none named): refused, nothing done.
pub(super) fn foreign(l: &PageLang) -> Response {
    let title = l.tr("web-foreign-title");
    page(
        l,
        StatusCode::FORBIDDEN,
        &title,
        html! { h1 { (title) } p { (l.tr("web-foreign")) } },
    )
}
