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
//!
//! The listener is this module's own accept loop, so that nobody can hold the process's
//! file descriptors (and with them SSH's) by opening connections and sending nothing: open
//! connections are capped in total and per address block (past a cap a new one is closed
//! at once), each block may open only so many a second, the last quarter of the total is
//! kept for blocks holding few, a request's head must arrive within a timeout from when the
//! connection is ready for it (on a new connection or between requests), and a connection
//! on which no byte moves either way for the idle timeout is closed. `X-Forwarded-For` is
//! believed only from the configured trusted proxies.

mod api;
mod board;
pub mod delta;
mod lang;
mod live;
mod pages;
mod passkey;
mod play;
mod setups;
mod signin;
mod tournaments;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

use crate::limit::{address_block, canonical, AddrNet, AddressRate, Admit, RATE_TRACKED};
use crate::service::Service;
use lang::{PageLang, Say};

/// The web front end's budgets (not in the configuration file: tests change them).
#[derive(Clone, Debug)]
pub struct WebConfig {
    /// Requests one address block (an IPv4 address, an IPv6 /64) may make a second, twice
    /// that at once. Past it: 429 with `Retry-After`.
    pub requests_per_second: u32,
    /// Open web connections at most; past it a new one is closed at once.
    pub max_connections: usize,
    /// Open web connections one address block may hold; past it its new one is closed at
    /// once.
    pub max_connections_per_address: usize,
    /// New web connections one address block may open a second, twice that at once; past
    /// it a new one is closed at once (a trusted proxy's are not counted).
    pub connections_per_second: u32,
    /// The reverse proxies in front of the pages (`trusted_proxies`): a connection from one
    /// counts only in `max_connections`, and its requests count against the address its
    /// proxies saw: the right-most in `X-Forwarded-For` (all such headers, in order) that is
    /// not one of them. Empty (the default): `X-Forwarded-For` is ignored, every request
    /// counts against its peer's address.
    pub trusted_proxies: Vec<AddrNet>,
    /// A request's head must arrive within this from when the connection is ready for it
    /// (opened, or its last response sent); otherwise the connection is closed.
    pub header_timeout: Duration,
    /// A connection on which no byte moves either way for this long is closed (a client
    /// that stops reading its response). A live game's stream sends a comment at least
    /// every half of it (and every 15 s), so this never cuts a stream.
    pub idle_timeout: Duration,
    /// Live streams (`/game/{id}/live`, `/api/game/{id}/live`) open at once in total; past
    /// it: 503 with `Retry-After`.
    pub max_live_streams: usize,
    /// Live streams one address block may hold open (a proxy on this machine: only the
    /// total counts its own, the address it forwards counts as that address); past it: 429
    /// with `Retry-After`.
    pub max_live_streams_per_address: usize,
    /// A rating whose deviation is above this is provisional: shown with a `?` after it and
    /// kept off the leaderboards until it settles (lichess's 110, as `Rating::provisional`).
    pub settled_deviation: i32,
    /// The browser board's socket budget (`play.rs`): work units a second, twice that at
    /// once (a move costs 1, a random set-up 4, a new game 8, a long message more); past
    /// it the socket is not read until it is paid back.
    pub socket_budget_per_second: u32,
    /// Each connection starts with a PROXY protocol header naming the client (set from
    /// the server's `proxy_protocol`).
    pub proxy_protocol: bool,
}

impl Default for WebConfig {
    fn default() -> Self {
        WebConfig {
            proxy_protocol: false,
            requests_per_second: 20,
            // 1,024 open connections: 768 live streams leave 256 for page requests (200 a
            // second each served in milliseconds hold a few dozen open at once). With SSH's
            // 2,000 sessions the process needs some 3,100 file descriptors beside its
            // store's: the shipped unit's LimitNOFILE=65536 holds them; a soft limit of
            // 1,024 holds neither SSH's cap nor this one.
            max_connections: 1024,
            max_connections_per_address: 32,
            connections_per_second: 10,
            trusted_proxies: Vec::new(),
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(30),
            max_live_streams: 768,
            max_live_streams_per_address: 8,
            settled_deviation: 110,
            socket_budget_per_second: 20,
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
    /// `public_url`: the pages' address as browsers reach them (canonical links); `None`:
    /// links are paths on whatever host was asked.
    pub public_url: Option<String>,
    /// Guests may play (`allow_guests`, as over SSH): the browser board's "Play as guest".
    pub allow_guests: bool,
    /// After a player's ban, guests from the address block they last used are kept out
    /// this long (`ban_guest_block`, as over SSH).
    pub ban_guest_block: Duration,
    /// A browser board's session ends after this long without the player doing anything
    /// (`idle_timeout`, as over SSH; zero: never).
    pub idle_timeout: Duration,
    /// The guests' seats, shared with SSH: a browser guest's socket holds one.
    pub guests: crate::limit::GuestSeats,
}

/// What every handler reads.
#[derive(Clone)]
struct Web {
    service: Service,
    site: Arc<Site>,
    rate: Arc<Mutex<AddressRate>>,
    config: Arc<WebConfig>,
    /// The games in play followed from the web.
    hub: Arc<live::Hub>,
    /// The live streams open (the browser board's sockets among them).
    streams: Arc<Mutex<live::Streams>>,
    /// The browser board's guest sessions.
    play: Arc<play::Play>,
    /// Each address's budget of passkey requests.
    passkeys: Arc<passkey::Budget>,
}

/// Serves the pages on `listener` until the task is aborted (which closes every open web
/// connection too).
pub async fn serve(
    listener: TcpListener,
    service: Service,
    site: Site,
    config: WebConfig,
) -> anyhow::Result<()> {
    let app = router(service, site, config.clone());
    let open = Arc::new(Mutex::new(Open::default()));
    let per_second = f64::from(config.connections_per_second.max(1));
    let mut connects = AddressRate::with_bucket(per_second * 2.0, per_second, RATE_TRACKED);
    let mut connections = tokio::task::JoinSet::new();
    // With `proxy_protocol`, connections whose PROXY header has been read (the client's
    // address it names); reading it is each connection's own task.
    let (headed_tx, mut headed) = tokio::sync::mpsc::channel::<(TcpStream, SocketAddr)>(64);
    loop {
        let (mut stream, peer, header_read) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => (stream, peer, false),
                Err(error) => {
                    // Out of file descriptors, most likely: wait instead of spinning.
                    tracing::warn!(%error, "web: cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                }
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
            Some((stream, client)) = headed.recv() => (stream, client, true),
        };
        if config.proxy_protocol && !header_read {
            let headed_tx = headed_tx.clone();
            let within = config.header_timeout;
            connections.spawn(async move {
                match crate::proxy::read_header(&mut stream, within).await {
                    Ok(client) => {
                        let _ = headed_tx.send((stream, client.unwrap_or(peer))).await;
                    }
                    Err(error) => {
                        tracing::debug!(balancer = %peer, %error, "web: connection refused: no PROXY protocol header");
                    }
                }
            });
            continue;
        }
        if !is_trusted(&config.trusted_proxies, peer.ip()) {
            if let Admit::No { first } = connects.take(peer.ip(), Instant::now()) {
                if first {
                    tracing::info!(peer = %address_block(peer.ip()), "web: new connections over the address's rate: closed");
                }
                drop(stream);
                continue;
            }
        }
        let Some(slot) = Slot::admit(&open, &config, peer.ip()) else {
            drop(stream);
            continue;
        };
        connections.spawn(connection(stream, peer, app.clone(), config.clone(), slot));
    }
}

/// Serves one connection: HTTP/1.1 with a header-read timeout and an idle timeout.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    app: Router,
    config: WebConfig,
    slot: Slot,
) {
    let _ = stream.set_nodelay(true);
    let started = tokio::time::Instant::now();
    let moved = Arc::new(AtomicU64::new(0));
    let io = Watched {
        io: stream,
        started,
        moved: moved.clone(),
    };
    let service =
        hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            tower_service::Service::call(&mut app.clone(), req)
        });
    let conn = hyper::server::conn::http1::Builder::new()
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(config.header_timeout)
        .serve_connection(hyper_util::rt::TokioIo::new(io), service)
        // The browser board's socket (`/play/ws`) takes the connection over; from then on
        // it counts among the live streams and keeps its own idle time.
        .with_upgrades();
    tokio::pin!(conn);
    let idle = config.idle_timeout.max(Duration::from_millis(1));
    let mut deadline = started + idle;
    loop {
        tokio::select! {
            done = conn.as_mut() => {
                if let Err(error) = done {
                    tracing::debug!(peer = %slot.key, %error, "web: connection ended");
                }
                return;
            }
            _ = tokio::time::sleep_until(deadline) => {
                let last = started + Duration::from_millis(moved.load(Ordering::Relaxed));
                if last + idle <= tokio::time::Instant::now() {
                    tracing::debug!(peer = %slot.key, "web: connection idle, closed");
                    return;
                }
                deadline = last + idle;
            }
        }
    }
}

/// The open connections' counts.
#[derive(Default)]
struct Open {
    total: usize,
    per_address: HashMap<IpAddr, usize>,
}

/// One open connection counted while it lives.
struct Slot {
    open: Arc<Mutex<Open>>,
    /// Its address block; `None` if only the total counts it (a proxy on this machine).
    block: Option<IpAddr>,
    key: IpAddr,
}

impl Slot {
    fn admit(open: &Arc<Mutex<Open>>, config: &WebConfig, ip: IpAddr) -> Option<Slot> {
        let key = address_block(ip);
        let block = (!is_trusted(&config.trusted_proxies, ip)).then_some(key);
        let mut o = open.lock().unwrap_or_else(|e| e.into_inner());
        if o.total >= config.max_connections {
            tracing::debug!(peer = %key, open = o.total, "web: connection closed: too many open");
            return None;
        }
        if let Some(b) = block {
            let n = o.per_address.get(&b).copied().unwrap_or(0);
            if n >= config.max_connections_per_address {
                tracing::debug!(peer = %key, open = n, "web: connection closed: too many open from its address");
                return None;
            }
            if kept_from(
                o.total,
                config.max_connections,
                n,
                config.max_connections_per_address,
            ) {
                tracing::debug!(peer = %key, open = n, "web: connection closed: the last quarter is kept for other addresses");
                return None;
            }
            o.per_address.insert(b, n + 1);
        }
        o.total += 1;
        Some(Slot {
            open: open.clone(),
            block,
            key,
        })
    }
}

/// Whether the kept share refuses one more (connection or live stream) to an address block
/// holding `held` of `total` open: the last quarter of `max` is kept for blocks holding
/// fewer than an eighth of their own cap `per_address` (at least one), so that a few
/// blocks filling their caps never take every place.
pub(super) fn kept_from(total: usize, max: usize, held: usize, per_address: usize) -> bool {
    total + max / 4 >= max && held >= (per_address / 8).max(1)
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut o = self.open.lock().unwrap_or_else(|e| e.into_inner());
        o.total = o.total.saturating_sub(1);
        if let Some(b) = self.block {
            if let Some(n) = o.per_address.get_mut(&b) {
                *n -= 1;
                if *n == 0 {
                    o.per_address.remove(&b);
                }
            }
        }
    }
}

/// A connection's stream, noting when a byte last moved either way (milliseconds since
/// `started`).
struct Watched {
    io: TcpStream,
    started: tokio::time::Instant,
    moved: Arc<AtomicU64>,
}

impl Watched {
    fn touch(&self) {
        let ms = self.started.elapsed().as_millis().min(u64::MAX as u128) as u64;
        self.moved.store(ms, Ordering::Relaxed);
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let me = self.get_mut();
        let before = buf.filled().len();
        let r = Pin::new(&mut me.io).poll_read(cx, buf);
        if buf.filled().len() > before {
            me.touch();
        }
        r
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let me = self.get_mut();
        let r = Pin::new(&mut me.io).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            me.touch();
        }
        r
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let me = self.get_mut();
        let r = Pin::new(&mut me.io).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            me.touch();
        }
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
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
        config: Arc::new(config),
        hub: Arc::default(),
        streams: Arc::default(),
        play: Arc::default(),
        passkeys: Arc::default(),
    };
    Router::new()
        .route("/", get(pages::index))
        .route("/style.css", get(pages::style))
        .route("/step.js", get(pages::step_js))
        .route("/robots.txt", get(pages::robots))
        .route("/favicon.ico", get(pages::favicon))
        .route("/favicon.svg", get(pages::favicon))
        .route("/leaderboard/{variant}", get(pages::leaderboard))
        .route("/@/{nick}", get(pages::player))
        .route("/live.js", get(live::script))
        .route("/game/{id}", get(pages::game))
        .route("/game/{id}/live", get(live::page_stream))
        .route("/games/live", get(live::games_page))
        .route("/api/leaderboard/{variant}", get(api::leaderboard))
        .route("/api/player/{nick}", get(api::player))
        .route("/api/game/{id}", get(api::game))
        .route("/api/game/{id}/live", get(live::api_stream))
        .route("/api/games/live", get(live::games_api))
        .route("/api/games/{nick}", get(api::games))
        // Any nick, "live" too (`/api/games/live` lists the games in play), as lichess's.
        .route("/api/games/user/{nick}", get(api::games))
        .route("/play", get(play::page))
        .route("/play/guest", axum::routing::post(play::new_guest))
        .route("/play/ws", get(play::socket))
        .route("/play.js", get(play::script))
        .route("/play.css", get(play::style))
        // The set-up library (signed in) and explorer (issue 47 item 3).
        .route("/setups", get(setups::library))
        .route("/setups/rename", post(setups::rename))
        .route("/setups/copy", post(setups::copy))
        .route(
            "/setups/delete",
            get(setups::delete_page).post(setups::delete),
        )
        .route("/setups/edit", get(setups::edit_page).post(setups::edit))
        .route("/explorer/{variant}", get(setups::explorer))
        .route("/tournaments", get(tournaments::list))
        .route("/tournament/{id}", get(tournaments::one))
        .route("/tournament/{id}/live", get(tournaments::live))
        .route("/api/tournaments", get(tournaments::api_list))
        .route("/api/tournament/{id}", get(tournaments::api_one))
        .route("/login/{code}", get(signin::login_page).post(signin::login))
        .route("/logout", post(signin::logout))
        .route("/account", get(passkey::page))
        .route("/passkey.js", get(passkey::script))
        .route("/passkey/register/begin", post(passkey::register_begin))
        .route("/passkey/register/finish", post(passkey::register_finish))
        .route("/passkey/sign-in/begin", post(passkey::sign_in_begin))
        .route("/passkey/sign-in/finish", post(passkey::sign_in_finish))
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
    let ip = client_ip(peer.ip(), req.headers(), &web.config.trusted_proxies);
    // The pages (not the API, whose words never change) speak the language asked for: when
    // `Accept-Language` chose it, a cache must keep one copy per language.
    let api = req.uri().path().starts_with("/api/");
    let varies = !api && !PageLang::of(req.uri().query(), req.headers()).asked;
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
        Admit::Yes
            if req.method() != Method::GET
                && req.method() != Method::HEAD
                && !(req.method() == Method::POST && may_post(req.uri().path())) =>
        {
            (
                StatusCode::METHOD_NOT_ALLOWED,
                [(header::ALLOW, "GET, HEAD")],
                "These pages are read-only: only GET and HEAD are answered.\n",
            )
                .into_response()
        }
        Admit::Yes => next.run(req).await,
    };
    strict_headers(resp.headers_mut());
    // The API is public read-only data: any site's script may read it.
    if api {
        resp.headers_mut().insert(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        );
    }
    let drawn = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("text/html") || t.starts_with("text/event-stream"));
    if varies && drawn {
        resp.headers_mut()
            .append(header::VARY, HeaderValue::from_static("Accept-Language"));
    }
    resp
}

/// The only paths a POST may reach (each handler checks the Origin): signing a browser in
/// and out (`signin.rs`), a new guest session for the board (`play.rs`), passkeys
/// (`passkey.rs`), managing one's saved set-ups (`setups.rs`).
fn may_post(path: &str) -> bool {
    path == "/logout"
        || path == "/play/guest"
        || matches!(
            path,
            "/setups/rename" | "/setups/copy" | "/setups/delete" | "/setups/edit"
        )
        || matches!(
            path,
            "/passkey/register/begin"
                | "/passkey/register/finish"
                | "/passkey/sign-in/begin"
                | "/passkey/sign-in/finish"
        )
        || path
            .strip_prefix("/login/")
            .is_some_and(|c| !c.contains('/'))
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
    // Only signing in and out (by link or passkey) and a board's guest session set a cookie (their handlers
    // mark the response so: `signin::with_cookie`).
    if h.remove(signin::SETS_COOKIE).is_none() {
        h.remove(header::SET_COOKIE);
    }
    if !h.contains_key(header::CONTENT_TYPE) {
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        );
    }
}

/// Whose budget a request counts against, in the one form of addresses (an IPv4-mapped
/// address is its IPv4 address): the peer's address; or, when the peer is a trusted proxy,
/// the right-most address of `X-Forwarded-For` (every such header, in the order received:
/// a proxy such as HAProxy appends a header of its own after the client's) that is not a
/// trusted proxy itself. What a client writes there itself is left of what its proxies
/// appended, so it never chooses whose budget it spends. An entry that is not an address
/// stops the walk at the last trusted hop.
pub(super) fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &[AddrNet]) -> IpAddr {
    let peer = canonical(peer);
    if !is_trusted(trusted, peer) {
        return peer;
    }
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .collect();
    let mut last = peer;
    for hop in hops.iter().rev().take(64) {
        match forwarded_address(hop) {
            Some(ip) if is_trusted(trusted, ip) => last = ip,
            Some(ip) => return ip,
            None => return last,
        }
    }
    last
}

/// Whether `ip` is one of the trusted proxies.
pub(super) fn is_trusted(trusted: &[AddrNet], ip: IpAddr) -> bool {
    trusted.iter().any(|n| n.contains(ip))
}

/// One entry of `X-Forwarded-For`: an address (`1.2.3.4`, `2001:db8::1`), perhaps with a
/// port (`1.2.3.4:5678`, `[2001:db8::1]:5678`), in its one form.
fn forwarded_address(text: &str) -> Option<IpAddr> {
    let t = text.trim();
    let ip = t.parse::<IpAddr>().ok().or_else(|| {
        if let Some(rest) = t.strip_prefix('[') {
            rest.split(']').next()?.parse().ok()
        } else {
            t.rsplit_once(':')?
                .0
                .parse::<std::net::Ipv4Addr>()
                .ok()
                .map(IpAddr::V4)
        }
    })?;
    Some(canonical(ip))
}

/// Why a page cannot be shown (said in the page's language; in the API, in English).
enum Fault {
    /// 404, the same body for a private game as for a missing one.
    NotFound(Say),
    /// 400 with what was wrong.
    BadRequest(Say),
    /// 500: the store could not be read (logged).
    Broken(String),
}

impl From<crate::service::ReplayFault> for Fault {
    fn from(f: crate::service::ReplayFault) -> Fault {
        use crate::service::ReplayFault;
        match f {
            ReplayFault::NoSuchGame(id) => {
                Fault::NotFound(Say::new("web-no-such-game").text("id", id))
            }
            other => Fault::Broken(other.to_string()),
        }
    }
}

/// A store error (its type stays behind the service).
fn broken(e: impl std::fmt::Display) -> Fault {
    Fault::Broken(e.to_string())
}

/// Which position of a finished game a request asks for: `?ply=N&view=all|red|blue` (the
/// first of a repeated parameter counts).
#[derive(Default)]
struct GameQuery {
    ply: Option<String>,
    view: Option<String>,
    /// A game in play's JSON: its moves from this ply (`?from=N`).
    from: Option<String>,
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for GameQuery {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<GameQuery, Self::Rejection> {
        let q = lang::first_values(parts.uri.query());
        let get = |k: &str| q.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
        Ok(GameQuery {
            ply: get("ply"),
            view: get("view"),
            from: get("from"),
        })
    }
}

/// A finished game's answer (`content_type`, `body`): it never changes, so it carries an
/// `ETag` (the body's SHA-256) and may be cached a while; a request naming that tag in
/// `If-None-Match` gets 304 and no body.
fn finished(req: &HeaderMap, content_type: &'static str, body: String) -> Response {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(body.as_bytes());
    let tag: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    let tag = format!("\"{tag}\"");
    let fresh = req
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == tag || t.trim() == "*"));
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=600"),
        ),
        (
            header::ETAG,
            HeaderValue::from_str(&tag).unwrap_or(HeaderValue::from_static("\"\"")),
        ),
    ];
    if fresh {
        (StatusCode::NOT_MODIFIED, headers).into_response()
    } else {
        (headers, body).into_response()
    }
}

impl GameQuery {
    fn ply(&self) -> Result<u32, Fault> {
        match self.ply.as_deref().map(str::trim) {
            None | Some("") => Ok(0),
            Some(p) => p.parse().map_err(|_| {
                Fault::BadRequest(
                    Say::new("web-bad-ply").text("text", p.chars().take(20).collect::<String>()),
                )
            }),
        }
    }

    /// `?from=N` (N from 1), if given.
    fn from(&self) -> Result<Option<u32>, Fault> {
        match self.from.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(f) => match f.parse::<u32>() {
                Ok(n) if n >= 1 => Ok(Some(n)),
                _ => Err(Fault::BadRequest(Say::plain(
                    "from must be a ply number from 1",
                ))),
            },
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
                _ => Err(Fault::BadRequest(Say::new("web-bad-view"))),
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
        .map_err(|_| Fault::NotFound(Say::new("web-no-such-page")))
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

/// A leaderboard's settled rows (deviation at most `settled_deviation`), ranked again:
/// provisional ratings wait off the board until they settle.
fn settled(web: &Web, rows: Vec<crate::proto::LeaderRow>) -> Vec<crate::proto::LeaderRow> {
    rows.into_iter()
        .filter(|r| r.deviation <= web.config.settled_deviation)
        .enumerate()
        .map(|(i, r)| crate::proto::LeaderRow {
            rank: i as u32 + 1,
            ..r
        })
        .collect()
}

/// Page `page` (from 1) of a leaderboard's rows, and how many pages there are; past the
/// last page, the page that is not there. The pages and the API page alike.
fn leaderboard_page<T>(rows: &[T], page: usize) -> Result<(&[T], usize), Fault> {
    let pages = rows.len().div_ceil(LEADERBOARD_PAGE).max(1);
    if page > pages {
        return Err(past_the_end(pages));
    }
    let start = ((page - 1) * LEADERBOARD_PAGE).min(rows.len());
    let end = (start + LEADERBOARD_PAGE).min(rows.len());
    Ok((&rows[start..end], pages))
}

fn past_the_end(pages: usize) -> Fault {
    Fault::NotFound(Say::new("web-past-the-end").number("pages", pages as i64))
}

/// A rating history's page: points per page (the API's and the profile's plot).
const HISTORY_PAGE: usize = 200;
/// A leaderboard page: rows per page.
const LEADERBOARD_PAGE: usize = 25;
/// A game page's move list shows this many moves at most (the block holding the ply).
const MOVES_PER_PAGE: usize = 100;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trusted_proxy_names_the_client_right_most_across_headers() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let trusted = [
            AddrNet::new(ip("127.0.0.1"), 32),
            AddrNet::new(ip("10.0.0.0"), 8),
        ];
        let mut h = HeaderMap::new();
        h.append("x-forwarded-for", HeaderValue::from_static("203.0.113.66"));
        h.append(
            "x-forwarded-for",
            HeaderValue::from_static("[2001:db8::7]:4711, 10.0.0.2"),
        );
        let lo = ip("127.0.0.1");
        assert_eq!(client_ip(lo, &h, &trusted), ip("2001:db8::7"));
        // An IPv4-mapped proxy is its IPv4 address; a mapped client too.
        assert_eq!(
            client_ip(ip("::ffff:127.0.0.1"), &h, &trusted),
            ip("2001:db8::7")
        );
        let mut m = HeaderMap::new();
        m.insert(
            "x-forwarded-for",
            HeaderValue::from_static("::ffff:198.51.100.7"),
        );
        assert_eq!(client_ip(lo, &m, &trusted), ip("198.51.100.7"));
        // Anyone else cannot choose whose budget they spend; no proxy trusted: nobody.
        let far = ip("192.0.2.1");
        assert_eq!(client_ip(far, &h, &trusted), far);
        assert_eq!(client_ip(lo, &h, &[]), lo);
        assert_eq!(client_ip(ip("::ffff:192.0.2.1"), &h, &[]), far);
        // Nothing forwarded: the proxy; garbage: the last trusted hop.
        assert_eq!(client_ip(lo, &HeaderMap::new(), &trusted), lo);
        let mut g = HeaderMap::new();
        g.insert(
            "x-forwarded-for",
            HeaderValue::from_static("1.2.3.4, nonsense, 10.9.9.9"),
        );
        assert_eq!(client_ip(lo, &g, &trusted), ip("10.9.9.9"));
    }

    #[test]
    fn connections_count_per_address_block_and_a_trusted_proxy_only_in_the_total() {
        let open = Arc::new(Mutex::new(Open::default()));
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let config = WebConfig {
            max_connections: 5,
            max_connections_per_address: 2,
            trusted_proxies: vec![AddrNet::new(ip("127.0.0.1"), 32)],
            ..WebConfig::default()
        };
        let admit = |s: &str| Slot::admit(&open, &config, ip(s));
        // One IPv6 /64 is one block; an IPv4-mapped address is that IPv4 address.
        let a = admit("2001:db8::1").unwrap();
        let _b = admit("2001:db8::ffff:2").unwrap();
        assert!(admit("2001:db8::3").is_none());
        let _c = admit("::ffff:192.0.2.7").unwrap();
        let _d = admit("192.0.2.8").unwrap();
        // Four of five open: the last is kept for blocks holding none.
        assert!(admit("192.0.2.7").is_none());
        // A trusted proxy: only the total.
        let _e = admit("::ffff:127.0.0.1").unwrap();
        assert!(admit("127.0.0.1").is_none(), "the total is 5");
        drop(a);
        let _f = admit("127.0.0.1").unwrap();
        assert!(admit("198.51.100.1").is_none());
        assert_eq!(open.lock().unwrap().total, 5);
    }
}
