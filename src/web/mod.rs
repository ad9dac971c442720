//! The read-only web pages and their JSON API, served by the same process beside SSH
//! (docs/web.md): the server's front page, leaderboards, players' pages and finished games.
//!
//! Like `ssh/`, this is a front end: it reads only through [`Service`] (leaderboards,
//! profiles, game lists, replays) and shows only the views the SSH screens show
//! ([`crate::proto::ReplaySnapshot`]: a position as everyone, Red or Blue knew it), never
//! a stored position directly. Every response carries strict headers (a Content-Security-
//! Policy allowing nothing but this site, no inline script; `nosniff`; no cookies), only GET
//! and HEAD are answered (anything else: 405), and each address block has a request budget
//! (past it: 429 with `Retry-After`).

mod api;
mod board;
mod pages;

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tokio::net::TcpListener;

use crate::limit::{AddressRate, Admit, RATE_TRACKED};
use crate::service::Service;

/// The web front end's budgets (not in the configuration file: tests change them).
#[derive(Clone, Debug)]
pub struct WebConfig {
    /// Requests one address block (an IPv4 address, an IPv6 /64) may make a second, twice
    /// that at once. Past it: 429 with `Retry-After`.
    pub requests_per_second: u32,
}

impl Default for WebConfig {
    fn default() -> Self {
        WebConfig {
            requests_per_second: 20,
        }
    }
}

/// What the front page tells about the server (from the SSH settings).
#[derive(Clone, Debug, Default)]
pub struct Site {
    /// `host_name`: the host players connect to; `None`: the host the browser asked for.
    pub name: Option<String>,
    pub motd: Option<String>,
    /// The port SSH listens on.
    pub ssh_port: u16,
    /// The host keys' SHA-256 fingerprints, as a first-time player's client shows them.
    pub fingerprints: Vec<String>,
}

/// What every handler reads.
#[derive(Clone)]
struct Web {
    service: Service,
    site: Arc<Site>,
    rate: Arc<Mutex<AddressRate>>,
}

/// Serves the pages on `listener` until an error.
pub async fn serve(
    listener: TcpListener,
    service: Service,
    site: Site,
    config: WebConfig,
) -> anyhow::Result<()> {
    let app = router(service, site, config);
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await?;
    Ok(())
}

fn router(service: Service, site: Site, config: WebConfig) -> Router {
    let per_second = config.requests_per_second.max(1) as f64;
    let web = Web {
        service,
        site: Arc::new(site),
        rate: Arc::new(Mutex::new(AddressRate::with_bucket(
            per_second * 2.0,
            per_second,
            RATE_TRACKED,
        ))),
    };
    Router::new()
        .route("/", get(pages::index))
        .route("/style.css", get(pages::style))
        .route("/leaderboard/{variant}", get(pages::leaderboard))
        .route("/@/{nick}", get(pages::player))
        .route("/game/{id}", get(pages::game))
        .route("/api/leaderboard/{variant}", get(api::leaderboard))
        .route("/api/player/{nick}", get(api::player))
        .route("/api/game/{id}", get(api::game))
        .route("/api/games/{nick}", get(api::games))
        .fallback(pages::not_found)
        .layer(middleware::from_fn_with_state(web.clone(), guard))
        .with_state(web)
}

/// Before every request: its address's budget, then the method; after it: the headers.
async fn guard(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    req: Request,
    next: Next,
) -> Response {
    let ip = client_ip(peer.ip(), req.headers());
    let admit = web
        .rate
        .lock()
        .map(|mut r| r.take(ip, Instant::now()))
        .unwrap_or(Admit::Yes);
    let mut resp = match admit {
        Admit::No { first } => {
            if first {
                tracing::info!(%ip, "web: over the request budget (429)");
            }
            (
                StatusCode::TOO_MANY_REQUESTS,
                [(header::RETRY_AFTER, "1")],
                "Too many requests from your address: try again in a second.\n",
            )
                .into_response()
        }
        Admit::Yes if req.method() != Method::GET && req.method() != Method::HEAD => (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
            "These pages are read-only: only GET and HEAD are answered.\n",
        )
            .into_response(),
        Admit::Yes => next.run(req).await,
    };
    strict_headers(resp.headers_mut());
    resp
}

/// The headers every response carries.
fn strict_headers(h: &mut HeaderMap) {
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'self'"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.remove(header::SET_COOKIE);
    if !h.contains_key(header::CONTENT_TYPE) {
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        );
    }
}

/// Whose budget a request counts against: the peer's address, or, when the peer is a
/// reverse proxy on this machine (a loopback address), the address it appended last to
/// `X-Forwarded-For` (the one it saw).
fn client_ip(peer: IpAddr, headers: &HeaderMap) -> IpAddr {
    if peer.is_loopback() {
        if let Some(ip) = headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|v| v.trim().parse().ok())
        {
            return ip;
        }
    }
    peer
}

/// Why a page cannot be shown.
enum Fault {
    /// 404, the same body for a private game as for a missing one.
    NotFound(String),
    /// 400 with what was wrong.
    BadRequest(String),
    /// 500: the store could not be read (logged).
    Broken(String),
}

impl From<crate::service::ReplayFault> for Fault {
    fn from(f: crate::service::ReplayFault) -> Fault {
        use crate::service::ReplayFault;
        match f {
            ReplayFault::NoSuchGame(id) => {
                Fault::NotFound(format!("There is no finished game #{id}."))
            }
            other => Fault::Broken(other.to_string()),
        }
    }
}

/// A store error (its type stays behind the service).
fn broken(e: impl std::fmt::Display) -> Fault {
    Fault::Broken(e.to_string())
}

/// Which position of a finished game a request asks for: `?ply=N&view=all|red|blue`.
#[derive(serde::Deserialize, Default)]
struct GameQuery {
    ply: Option<String>,
    view: Option<String>,
}

impl GameQuery {
    fn ply(&self) -> Result<u32, Fault> {
        match self.ply.as_deref().map(str::trim) {
            None | Some("") => Ok(0),
            Some(p) => p.parse().map_err(|_| {
                Fault::BadRequest(format!(
                    "'{}' is not a ply: write a number from 0 (the start)",
                    p.chars().take(20).collect::<String>()
                ))
            }),
        }
    }

    fn view(&self) -> Result<crate::proto::Perspective, Fault> {
        use crate::proto::Perspective;
        match self.view.as_deref().map(|v| v.trim().to_ascii_lowercase()) {
            None => Ok(Perspective::All),
            Some(v) => match v.as_str() {
                "" | "all" => Ok(Perspective::All),
                "red" => Ok(Perspective::Red),
                "blue" => Ok(Perspective::Blue),
                _ => Err(Fault::BadRequest(
                    "view must be all, red or blue".to_string(),
                )),
            },
        }
    }
}

/// `/game/{id}` or `/game/{id}.xml`: the number and whether the XML was asked for.
fn game_id(text: &str) -> Result<(u64, bool), Fault> {
    let (num, xml) = match text.strip_suffix(".xml") {
        Some(n) => (n, true),
        None => (text, false),
    };
    num.parse()
        .map(|id| (id, xml))
        .map_err(|_| Fault::NotFound("No such page.".to_string()))
}

/// The perspective's word in paths (`?view=`).
fn view_word(p: crate::proto::Perspective) -> &'static str {
    use crate::proto::Perspective;
    match p {
        Perspective::All => "all",
        Perspective::Red => "red",
        Perspective::Blue => "blue",
    }
}

/// A page number past a list's last page.
fn past_the_end(pages: usize) -> Fault {
    Fault::NotFound(format!(
        "No such page: there {}.",
        if pages == 1 {
            "is 1 page".to_string()
        } else {
            format!("are {pages} pages")
        }
    ))
}

/// A leaderboard page: rows per page.
const LEADERBOARD_PAGE: usize = 25;
/// A game page's move list shows this many moves at most (the block holding the ply).
const MOVES_PER_PAGE: usize = 100;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proxy_on_this_machine_names_the_client() {
        let mut h = HeaderMap::new();
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_static("203.0.113.9, 198.51.100.7"),
        );
        let lo: IpAddr = "127.0.0.1".parse().unwrap();
        let far: IpAddr = "192.0.2.1".parse().unwrap();
        assert_eq!(client_ip(lo, &h), "198.51.100.7".parse::<IpAddr>().unwrap());
        // Anyone else cannot choose whose budget they spend.
        assert_eq!(client_ip(far, &h), far);
        assert_eq!(client_ip(lo, &HeaderMap::new()), lo);
    }
}
