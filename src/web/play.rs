//! The browser board (issue 44, its first slice): a guest plays the computer in a browser,
//! on the same lobby and game tasks as SSH, over one WebSocket a tab.
//!
//! - `GET /play`: without a guest cookie, a form "Play as guest" (`POST /play/guest`);
//!   with one, the board page: `/play.js` (an ES module of ours) draws it from the socket's
//!   messages, `/play.css` styles it. The page carries the words the script needs, in the
//!   page's language, from the catalogs (`web-play-…`).
//! - `POST /play/guest` (same Origin only): a new guest session kept in the store (the
//!   `web` tree, under the SHA-256 of its token only), its cookie (`stratego_guest`,
//!   HttpOnly, SameSite=Strict, Secure when `public_url` is https, `Path=/play`), then 303
//!   to `/play`. The cookie holds a random token; the guest's secret [`GuestPass`] is
//!   derived from it ([`GuestPass::derived`]), so a reload, a new tab, a dropped socket or
//!   a restart of the server comes back as the same guest (into its seat, within the
//!   lobby's reconnect time), and the store holds nothing that lets anyone else in. Guest
//!   sessions end after [`GUEST_IDLE`] unseen.
//! - `GET /play/ws`: the socket. Refused unless its `Origin` is this site's (a browser
//!   sends cookies with an upgrade from any page, and no CORS check happens) and the
//!   cookie names a guest session; it counts among the live streams (per address block
//!   and in total).
//!
//! The socket's messages are JSON objects `{"v": 1, "t": KIND, ...}` (docs/web.md lists
//! them). A socket opened with `?delta=1` (the page's) is sent a game's first message whole
//! and every later update as a delta against the last one sent (`super::delta`); the
//! others get whole game messages. What the server sends is built from the lobby's shared snapshot and the seat's
//! own `GameSnapshot` (its `PlayerView`, its own set-up and the draft kept here) and
//! nothing else, as the SSH screens. What the browser sends is checked before anything
//! happens: a message longer than [`MAX_IN`] bytes, not JSON, of another version, an
//! unknown command, a square that is none, a move out of turn or not legal: a `refused`
//! message in the page's language, and nothing changes. Each message costs the socket's
//! budget (`WebConfig::socket_budget_per_second`) by the work it asks for (see
//! `Seat::on_text`); past it the socket is not read until the budget is paid back (as
//! SSH's input budget holds back keys).

use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use maud::{html, Markup, DOCTYPE};
use serde_json::{json, Value};

use super::board::{move_text, move_words};
use super::delta;
use super::lang::{PageLang, Say};
use super::pages::outcome_words;
use super::{client_ip, Web};
use crate::bot::BotLevel;
use crate::guest::GuestPass;
use crate::i18n::{tr, Lang};
use crate::limit::{address_block, AddressRate, Admit, TokenBucket};
use crate::proto::{
    ChatLine, GameCmd, GameId, GamePhase, GameSnapshot, LobbyCmd, LobbySnapshot, Notice, PlayerId,
    SavedSetup, Seek,
};
use crate::rules::{
    setup_squares, Color, Guess, Move, NoteError, Notes, Numbering, Rank, Rules, Setup, SplitMix64,
    Square, Variant,
};
use crate::service::{GuestRefused, PlaySession, PlayUpdate, Service};

mod social;

const PLAY_JS: &str = include_str!("play.js");
const PLAY_CSS: &str = include_str!("play.css");

/// The guest cookie's name.
const COOKIE: &str = "stratego_guest";
/// A guest's browser unseen this long is forgotten (its cookie's `Max-Age` too).
pub(super) const GUEST_IDLE: Duration = Duration::from_secs(crate::service::WEB_GUEST_SECS);
/// New guest sessions one address block may open a minute (a burst of twice that).
const GUESTS_PER_MINUTE: f64 = 6.0;
/// The longest message the browser may send, in bytes; a longer one is refused (and one
/// past [`MAX_FRAME`] ends the socket).
pub(super) const MAX_IN: usize = 1024;
/// The longest frame the socket reads at all.
const MAX_FRAME: usize = 64 * 1024;
/// With nothing else to say, the server pings this often (the connection's idle timeout
/// does not apply to an upgraded connection; a socket silent for [`SOCKET_IDLE`] is closed).
const PING_EVERY: Duration = Duration::from_secs(15);
const SOCKET_IDLE: Duration = Duration::from_secs(60);
/// How long a message may wait for the browser to take it before the socket is closed.
const SEND_WAIT: Duration = Duration::from_secs(10);
/// The clocks a browser's seek may have (minutes+increment), besides none.
const CLOCKS: &[&str] = &["5+3", "10+5", "15+10"];
/// The version of the socket's messages.
const VERSION: u64 = 1;

/// The rate of new guest sessions (the sessions themselves are the store's, by the
/// digest of their cookie's token: `Service::web_open_guest`).
pub(super) struct Play {
    made: Mutex<AddressRate>,
}

impl Default for Play {
    fn default() -> Play {
        Play {
            made: Mutex::new(AddressRate::with_bucket(
                2.0 * GUESTS_PER_MINUTE,
                GUESTS_PER_MINUTE / 60.0,
                crate::limit::RATE_TRACKED,
            )),
        }
    }
}

/// The guest a request's cookie names while the server keeps it (seen again, it is kept
/// longer), if any: its pass is derived from the cookie's token, which only the browser
/// holds, so a restart of the server keeps the same guest in the same seats.
async fn guest(web: &Web, headers: &HeaderMap) -> Option<GuestPass> {
    let token = cookie(headers)?;
    match web.service.web_guest(&token).await {
        Ok(true) => Some(GuestPass::derived(&token)),
        Ok(false) => None,
        Err(e) => {
            tracing::warn!(error = %e, "web: cannot read a guest session");
            None
        }
    }
}

/// The guest cookie's value in a request, if it has one of the right form.
fn cookie(headers: &HeaderMap) -> Option<String> {
    super::signin::cookie_named(headers, COOKIE)
        .filter(|v| v.len() == 32 && v.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// Whether a request comes from a page of this site: its `Origin` names `public_url`'s
/// origin, or (no `public_url`) the host the request was sent to. No `Origin`: no.
pub(super) fn same_origin(web: &Web, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let origin = origin.trim_end_matches('/');
    match web.site.public_url.as_deref() {
        Some(url) => {
            let (scheme, rest) = url.split_once("://").unwrap_or(("http", url));
            let authority = rest.split('/').next().unwrap_or_default();
            origin.eq_ignore_ascii_case(&format!("{scheme}://{authority}"))
        }
        None => {
            let Some(host) = headers.get(header::HOST).and_then(|v| v.to_str().ok()) else {
                return false;
            };
            origin.eq_ignore_ascii_case(&format!("http://{host}"))
                || origin.eq_ignore_ascii_case(&format!("https://{host}"))
        }
    }
}

pub(super) async fn script() -> Response {
    super::pages::asset("text/javascript; charset=utf-8", "no-cache", PLAY_JS)
}

pub(super) async fn style() -> Response {
    super::pages::asset("text/css; charset=utf-8", "no-cache", PLAY_CSS)
}

/// The page around the board: its own head (the board's stylesheet and module beside the
/// site's), the site's language switch at its foot.
fn layout(l: &PageLang, body: Markup, module: bool) -> Markup {
    let title = l.tr("web-play-title");
    html! {
        (DOCTYPE)
        html lang=(l.lang.code()) {
            head {
                (super::pages::head_common(&title))
                link rel="stylesheet" href="/play.css";
                @if module { script type="module" src="/play.js" {} }
            }
            body.play {
                header { nav { a href=(l.href("/")) { (l.tr("web-nav-home")) } } }
                main { (body) }
                footer { (l.switch()) }
            }
        }
    }
}

/// `GET /play`.
pub(super) async fn page(State(web): State<Web>, l: PageLang, headers: HeaderMap) -> Response {
    let l = l.without_query();
    // A key holder signed in from SSH plays as themself; else a guest session, if any.
    let player = super::signin::signed_in(&web, &headers).await.is_some()
        || guest(&web, &headers).await.is_some();
    let body = match player {
        true => board_page(&l),
        false => html! {
            h1 { (l.tr("web-play-title")) }
            p { (l.tr("web-play-intro")) }
            @if web.site.allow_guests {
                form method="post" action=(l.href("/play/guest")) {
                    button type="submit" id="play-guest" { (l.tr("web-play-guest")) }
                }
            } @else {
                p { (l.tr("web-play-guests-off")) }
            }
            p { a #play-account href=(l.href("/account")) { (l.tr("web-play-account")) } }
        },
    };
    let mut resp = Html(layout(&l, body, player).into_string()).into_response();
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    resp
}

/// The board's page: empty places the script fills, and the words it needs.
fn board_page(l: &PageLang) -> Markup {
    html! {
        div #play data-lang=(l.lang.code()) data-words=(words(l.lang).to_string()) {
            p #play-status role="status" aria-live="polite" { (l.tr("web-play-connecting")) }
            noscript { p { (l.tr("web-play-no-script")) } }
        }
    }
}

/// The catalog's message `id` in `lang` with each of `args` left as `{arg}`, a pattern for
/// the page's script to fill.
fn pattern(lang: Lang, id: &'static str, args: &[&'static str]) -> String {
    args.iter()
        .fold(Say::new(id), |s, a| s.text(a, format!("{{{a}}}")))
        .in_lang(lang)
}

/// The words the script shows, in `lang`: patterns keep `{square}`, `{rank}`, `{nick}`,
/// `{label}`, `{count}` for the script to fill.
fn words(lang: Lang) -> Value {
    let say = |id: &'static str| tr(lang, id);
    let with = |id: &'static str, args: &[&'static str]| pattern(lang, id, args);
    let ranks: serde_json::Map<String, Value> = Rank::ALL
        .iter()
        .map(|r| (r.name().to_string(), json!(crate::ui::rank_name(lang, *r))))
        .collect();
    let short: serde_json::Map<String, Value> = Rank::ALL
        .iter()
        .map(|r| {
            (
                r.name().to_string(),
                json!(crate::ui::rank_label(
                    lang,
                    *r,
                    crate::rules::Numbering::Modern
                )),
            )
        })
        .collect();
    let lakes: Vec<String> = crate::rules::LAKES.iter().map(|s| s.to_string()).collect();
    let mut words = json!({
        "lakes": lakes,
        "ranks": ranks,
        "short": short,
        "board": say("web-play-board"),
        "you": with("web-play-you-are", &["nick"]),
        "online": with("web-play-online", &["count"]),
        "seeks": say("web-play-seeks"),
        "noSeeks": say("web-play-no-seeks"),
        "computer": say("web-play-computer"),
        "accept": say("web-play-accept"),
        "levels": {
            "random": say("web-play-level-random"),
            "easy": say("web-play-level-easy"),
            "hard": say("web-play-level-hard"),
        },
        "setupHint": say("web-play-setup-hint"),
        "random": say("web-play-random"),
        "ready": say("web-play-ready"),
        "waiting": say("web-play-waiting"),
        "yourTurn": say("web-play-your-turn"),
        "theirTurn": with("web-play-their-turn", &["nick"]),
        "resign": say("web-play-resign"),
        "resignSure": say("web-play-resign-sure"),
        "last": with("web-play-last-move", &["move"]),
        "moves": say("web-play-moves"),
        "replay": say("web-play-replay"),
        "lobby": say("web-play-lobby"),
        "mine": with("web-play-sq-mine", &["square", "rank"]),
        "enemy": with("web-play-sq-enemy", &["square", "rank"]),
        "unknown": with("web-play-sq-unknown", &["square"]),
        "unknownMoved": with("web-play-sq-unknown-moved", &["square"]),
        "empty": with("web-play-sq-empty", &["square"]),
        "lake": with("web-play-sq-lake", &["square"]),
        "target": with("web-play-sq-target", &["label"]),
        "selected": with("web-play-sq-selected", &["label"]),
        "closed": say("web-play-closed"),
        "vs": with("web-play-versus", &["red", "blue"]),
        "noted": with("web-play-sq-noted", &["label", "guess"]),
        "noteMenu": with("web-play-note-menu", &["square"]),
        "noteNotBomb": say("web-play-note-not-bomb"),
        "noteMoved": say("web-play-note-moved"),
        "noteClear": say("web-play-note-clear"),
        "noteCancel": say("web-play-note-cancel"),
        "noteHint": say("web-play-note-hint"),
    });
    // A second object (one `json!` this long passes the macro's recursion limit).
    let more = json!({
        "newSeek": say("web-play-new-seek"),
        "variant": say("web-play-variant"),
        "variants": {
            "classic": say("variant-classic"),
            "duel": say("variant-duel"),
            "barrage": say("variant-barrage"),
        },
        "clock": say("web-play-clock"),
        "clockNone": say("web-play-clock-none"),
        "clocks": CLOCKS,
        // The correspondence choices, in words (offered to key holders and accounts only).
        "days": crate::proto::CORRESPONDENCE_DAYS.iter().map(|d| {
            json!([format!("{d}d"), crate::t!(lang, "form-days", days = *d)])
        }).collect::<Vec<_>>(),
        "budget": say("form-budget"),
        "budgets": std::iter::once(json!(["none", say("form-budget-none")]))
            .chain(crate::proto::CORRESPONDENCE_BUDGETS.iter().map(|b| json!([b.to_string(), crate::t!(lang, "form-budget-days", budget = *b)])))
            .collect::<Vec<_>>(),
        "rated": say("web-play-rated"),
        "post": say("web-play-post"),
        "withdraw": say("web-play-withdraw"),
        "yourSeek": say("web-play-your-seek"),
        "offerDraw": say("web-play-offer-draw"),
        "drawOffered": say("web-play-draw-offered"),
        "drawToMe": with("web-play-draw-to-me", &["nick"]),
        "acceptDraw": say("web-play-accept-draw"),
        "declineDraw": say("web-play-decline-draw"),
        "gone": with("web-play-opponent-gone", &["nick", "time"]),
        "canClaim": with("web-play-can-claim", &["nick"]),
        "claim": say("web-play-claim"),
        "rematch": say("web-play-rematch"),
        "rematchAsked": with("web-play-rematch-asked", &["nick"]),
        "rematchOffered": with("web-play-rematch-offered", &["nick"]),
        "oppLeft": with("web-play-opponent-left", &["nick"]),
        // A plain move's words, made by the page for a delta's last move (`web-moved`).
        "moved": with("web-moved", &["mover"]),
        "colors": {
            "red": crate::ui::vocab::color_name(lang, Color::Red),
            "blue": crate::ui::vocab::color_name(lang, Color::Blue),
        },
        "reconnecting": say("web-play-reconnecting"),
    });
    if let (Value::Object(words), Value::Object(more)) = (&mut words, more) {
        words.extend(more);
    }
    if let (Value::Object(words), Value::Object(more)) = (&mut words, social::words(lang)) {
        words.extend(more);
    }
    words
}

/// `POST /play/guest`: a new guest session, then the board.
pub(super) async fn new_guest(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    l: PageLang,
    headers: HeaderMap,
) -> Response {
    let l = l.without_query();
    if !same_origin(&web, &headers) {
        tracing::info!(peer = %address_block(peer.ip()), "web: a guest session asked from another site: refused");
        return refusal_page(&l, StatusCode::FORBIDDEN, &l.tr("web-play-foreign"));
    }
    if !web.site.allow_guests {
        return refusal_page(&l, StatusCode::FORBIDDEN, &l.tr("web-play-guests-off"));
    }
    let ip = client_ip(peer.ip(), &headers, &web.config.trusted_proxies);
    if let Some(why) = web
        .service
        .guest_refusal(ip, web.site.ban_guest_block)
        .await
    {
        tracing::info!(peer = %address_block(ip), "web: guest refused: banned or guests closed");
        return refusal_page(&l, StatusCode::FORBIDDEN, &refused_words(&why, l.lang));
    }
    let admitted = web
        .play
        .made
        .lock()
        .map(|mut m| m.take(ip, Instant::now()))
        .unwrap_or(Admit::Yes);
    if let Admit::No { .. } = admitted {
        return refusal_page(
            &l,
            StatusCode::TOO_MANY_REQUESTS,
            &l.tr("web-play-too-many-guests"),
        );
    }
    let token = match web.service.web_open_guest().await {
        Ok(Some(token)) => token,
        Ok(None) => {
            return refusal_page(
                &l,
                StatusCode::SERVICE_UNAVAILABLE,
                &l.tr("web-play-too-many-guests"),
            )
        }
        Err(e) => {
            tracing::warn!(error = %e, "web: cannot keep a guest session");
            return refusal_page(
                &l,
                StatusCode::SERVICE_UNAVAILABLE,
                &l.tr("web-play-too-many-guests"),
            );
        }
    };
    tracing::info!(peer = %address_block(ip), "web: guest session opened");
    let secure = web
        .site
        .public_url
        .as_deref()
        .is_some_and(|u| u.to_ascii_lowercase().starts_with("https://"));
    let cookie = format!(
        "{COOKIE}={token}; Path=/play; Max-Age={}; HttpOnly; SameSite=Strict{}",
        GUEST_IDLE.as_secs(),
        if secure { "; Secure" } else { "" }
    );
    let resp = Redirect::to(&l.href("/play")).into_response();
    match HeaderValue::from_str(&cookie) {
        Ok(v) => super::signin::with_cookie(resp, v),
        Err(_) => resp,
    }
}

/// Why a guest may not come in, in `lang` (the SSH door's words).
fn refused_words(why: &GuestRefused, lang: Lang) -> String {
    match why {
        GuestRefused::NoGuests => tr(lang, "web-play-guests-off"),
        GuestRefused::Banned(n) => n.text(lang),
        GuestRefused::GuestsClosed { until } => Notice::new("notice-guests-closed")
            .arg("until", crate::ui::utc_datetime(*until))
            .text(lang),
        GuestRefused::Stopping => tr(lang, "web-play-closed"),
    }
}

fn refusal_page(l: &PageLang, status: StatusCode, text: &str) -> Response {
    let body = html! {
        h1 { (l.tr("web-play-title")) }
        p.refused { (text) }
    };
    (status, Html(layout(l, body, false).into_string())).into_response()
}

/// Who a socket plays as.
enum Player {
    /// A key holder signed in from SSH (`web-login`).
    Key(crate::service::SignedIn),
    Guest(GuestPass),
}

/// `GET /play/ws`: the socket, for a page of this site signed in or holding a guest session.
pub(super) async fn socket(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    l: PageLang,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    ws: WebSocketUpgrade,
) -> Response {
    if !same_origin(&web, &headers) {
        tracing::info!(peer = %address_block(peer.ip()), "web: a socket from another site refused");
        return (StatusCode::FORBIDDEN, "Not from this site.\n").into_response();
    }
    let player = match super::signin::signed_in(&web, &headers).await {
        Some(who) => Player::Key(who),
        None => match guest(&web, &headers).await {
            Some(pass) => Player::Guest(pass),
            None => {
                return (
                    StatusCode::UNAUTHORIZED,
                    "No guest session: open /play and choose to play as guest.\n",
                )
                    .into_response()
            }
        },
    };
    // A guest takes one of the guests' seats (SSH's too) for as long as the socket lives.
    let seat = match &player {
        Player::Guest(_) => match web.site.guests.take() {
            Some(seat) => Some(seat),
            None => {
                tracing::info!(peer = %address_block(peer.ip()), "web guest refused: no guest seat free");
                return (
                    StatusCode::SERVICE_UNAVAILABLE,
                    "Server full for guests: sign in with web-login over SSH, or try later.\n",
                )
                    .into_response();
            }
        },
        Player::Key(_) => None,
    };
    let slot = match super::live::admit(&web, peer, &headers) {
        Ok(slot) => slot,
        Err(refused) => return refused.into_response(),
    };
    let ip = client_ip(peer.ip(), &headers, &web.config.trusted_proxies);
    let lang = l.lang;
    // A page that applies deltas asks for them (`?delta=1`); without it every update is a
    // whole game message, as before.
    let deltas = query
        .as_deref()
        .is_some_and(|q| q.split('&').any(|kv| kv == "delta=1"));
    ws.max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| async move {
            let (_slot, _seat) = (slot, seat);
            run(web, socket, player, ip, lang, deltas).await;
        })
}

/// One socket: joins the lobby as the player (a key holder or a guest), then passes
/// messages both ways until either side closes.
async fn run(
    web: Web,
    mut socket: WebSocket,
    player: Player,
    ip: IpAddr,
    lang: Lang,
    deltas: bool,
) {
    let session = match &player {
        Player::Key(who) => web.service.join_player(who, ip).await,
        Player::Guest(pass) => {
            web.service
                .join_guest(pass, ip, web.site.allow_guests, web.site.ban_guest_block)
                .await
        }
    };
    let session = match session {
        Ok(s) => s,
        Err(why) => {
            let text = refused_words(&why, lang);
            let _ = put(&mut socket, out(json!({"t": "refused", "text": text}))).await;
            let _ = put(&mut socket, Message::Close(None)).await;
            return;
        }
    };
    let span = tracing::info_span!("web_play", peer = %address_block(ip), session = session.id());
    let _enter = span.enter();
    let guest = matches!(player, Player::Guest(_));
    tracing::info!(nick = %session.nick(), resumed = session.resumed(), guest, "web player joined");
    drop(_enter);
    // A key holder's saved set-ups, as their SSH session loads them; a guest's start empty.
    let identity = match &player {
        Player::Key(who) => Some(who.identity.clone()),
        Player::Guest(_) => None,
    };
    let setups = match &identity {
        Some(id) => web.service.saved_setups(id).await.unwrap_or_default(),
        None => vec![],
    };
    let mut seat = Seat {
        session,
        lang,
        service: web.service.clone(),
        identity,
        setups,
        challenges: vec![],
        waiting: vec![],
        chat_sent: None,
        draft: None,
        rng: SplitMix64(crate::random::seed()),
        budget: {
            let rate = f64::from(web.config.socket_budget_per_second.max(1));
            TokenBucket::new(2.0 * rate, rate, Instant::now())
        },
        shown: None,
        farewell: None,
        idle: web.site.idle_timeout,
        moves_sent: 0,
        guest,
        shown_at: Instant::now(),
        last_sent: None,
        deltas,
    };
    use tracing::Instrument;
    seat.serve(socket).instrument(span).await;
}

/// A socket's player: the lobby session and what the board holds beside it.
struct Seat {
    session: PlaySession,
    lang: Lang,
    service: Service,
    /// A key holder's identity (their saved set-ups are kept under it); `None`: a guest.
    identity: Option<PlayerId>,
    /// The player's saved set-ups (a guest's for this socket only, as an SSH guest's).
    setups: Vec<SavedSetup>,
    /// The challenges this player made or received, as the lobby last told.
    challenges: Vec<Seek>,
    /// The player's correspondence games waiting for them, as the lobby last told.
    waiting: Vec<crate::proto::WaitingGame>,
    /// The game chat last sent: the game, its line count and its last line.
    chat_sent: Option<(GameId, usize, Option<ChatLine>)>,
    /// The set-up being arranged (before it is submitted).
    draft: Option<Setup>,
    rng: SplitMix64,
    budget: TokenBucket,
    /// The game shown, as last sent.
    shown: Option<std::sync::Arc<GameSnapshot>>,
    /// Why the session ends, when the lobby said (a kick) or it was idle.
    farewell: Option<String>,
    /// The session ends after this long without a message from the player (SSH's
    /// `idle_timeout`; zero: never).
    idle: Duration,
    /// Moves of the shown game the browser has been sent: a game message carries only the
    /// moves after them (a long game's list is not sent again with every move).
    moves_sent: usize,
    /// A guest (casual games only, as over SSH).
    guest: bool,
    /// When the shown game's snapshot came (its reconnect countdown runs from then).
    shown_at: Instant,
    /// The last game message sent (whole, or as a delta against the one before): what the
    /// page holds. A new game message is sent as a delta against it, or not at all when
    /// it changes nothing.
    last_sent: Option<Value>,
    /// The page applies deltas (`d` messages, see [`super::delta`]).
    deltas: bool,
}

/// Sends one message; `false` when the socket is gone or the browser has not taken it
/// within [`SEND_WAIT`] (a browser that stops reading does not hold the socket's task).
async fn put(socket: &mut WebSocket, msg: Message) -> bool {
    matches!(
        tokio::time::timeout(SEND_WAIT, socket.send(msg)).await,
        Ok(Ok(()))
    )
}

/// A message to the browser: the object with the version added.
fn out(mut v: Value) -> Message {
    if let Value::Object(m) = &mut v {
        m.insert("v".into(), json!(VERSION));
    }
    Message::Text(v.to_string().into())
}

impl Seat {
    async fn serve(&mut self, mut socket: WebSocket) {
        let hello = json!({"t": "hello", "nick": self.session.nick(), "guest": self.guest});
        if !put(&mut socket, out(hello)).await {
            return;
        }
        if !put(&mut socket, out(self.lobby_now())).await {
            return;
        }
        // Often enough to see an idle time run out, too.
        let every = match self.idle.is_zero() {
            true => PING_EVERY,
            false => PING_EVERY
                .min(self.idle / 2)
                .max(Duration::from_millis(100)),
        };
        let mut ping = tokio::time::interval(every);
        ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        ping.tick().await;
        let mut heard = tokio::time::Instant::now();
        // The player's last message (pongs are the browser's, not the player's).
        let mut acted = tokio::time::Instant::now();
        let mut paused: Option<tokio::time::Instant> = None;
        loop {
            let sends: Vec<Value> = tokio::select! {
                msg = socket.recv(), if paused.is_none() => {
                    let Some(Ok(msg)) = msg else { break };
                    heard = tokio::time::Instant::now();
                    if matches!(msg, Message::Text(_) | Message::Binary(_)) {
                        acted = heard;
                    }
                    let (sends, cost) = match msg {
                        Message::Text(t) => self.on_text(t.as_str()).await,
                        Message::Binary(b) => (vec![self.refusal(Say::new("web-play-refused-json"))], 1.0 + b.len() as f64 / 256.0),
                        Message::Close(_) => break,
                        Message::Ping(_) | Message::Pong(_) => (vec![], 0.5),
                    };
                    let wait = self.budget.take_or_wait(cost, Instant::now());
                    if !wait.is_zero() {
                        paused = Some(tokio::time::Instant::now() + wait);
                    }
                    sends
                }
                _ = tokio::time::sleep_until(paused.unwrap_or_else(tokio::time::Instant::now)), if paused.is_some() => {
                    paused = None;
                    vec![]
                }
                update = self.session.next() => match self.on_update(update) {
                    Some(sends) => sends,
                    None => {
                        for v in self.closing() {
                            let _ = put(&mut socket, out(v)).await;
                        }
                        break;
                    }
                },
                _ = ping.tick() => {
                    if heard.elapsed() > SOCKET_IDLE {
                        tracing::info!("web socket silent: closed");
                        break;
                    }
                    // As an SSH session: nothing done for `idle_timeout`, the session ends.
                    let idle = self.idle;
                    if !idle.is_zero() && acted.elapsed() >= idle {
                        tracing::info!("idle timeout");
                        self.farewell = Some(
                            Say::new("web-play-idle")
                                .text("time", crate::config::fmt_duration(idle))
                                .in_lang(self.lang),
                        );
                        for v in self.closing() {
                            let _ = put(&mut socket, out(v)).await;
                        }
                        break;
                    }
                    if !put(&mut socket, Message::Ping(Default::default())).await {
                        break;
                    }
                    vec![]
                }
            };
            for v in self.frame(sends) {
                if !put(&mut socket, out(v)).await {
                    tracing::debug!("web socket gone");
                    return;
                }
            }
        }
        let _ = put(&mut socket, Message::Close(None)).await;
        tracing::info!("web socket closed");
    }

    /// The last words of a closing socket: why, and whether the page may come back by
    /// itself (`retry`: the server is stopping, not a kick or an idle time).
    fn closing(&self) -> Vec<Value> {
        let retry = self.farewell.is_none();
        let text = self
            .farewell
            .clone()
            .unwrap_or_else(|| tr(self.lang, "web-play-closed"));
        vec![json!({"t": "closed", "text": text, "retry": retry})]
    }

    /// The messages of one turn of the loop as they go out: a game message becomes a
    /// delta against the last one sent (for a page that asked for deltas), or nothing
    /// when it changes nothing; a lobby message means the page holds no game.
    fn frame(&mut self, sends: Vec<Value>) -> Vec<Value> {
        let lang = self.lang;
        let plain = |mover: &str| {
            let c = match mover {
                "red" => Color::Red,
                _ => Color::Blue,
            };
            Say::new("web-moved")
                .text("mover", crate::ui::vocab::color_name(lang, c))
                .in_lang(lang)
        };
        let mut out = Vec::with_capacity(sends.len());
        for v in sends {
            match v["t"].as_str() {
                Some("game") => {
                    let d = self
                        .last_sent
                        .as_ref()
                        .and_then(|last| delta::diff(last, &v, &plain));
                    if let (Some(d), Some(last)) = (&d, &self.last_sent) {
                        debug_assert!(
                            delta::apply(last, d, &plain).is_some_and(|a| delta::same_game(&a, &v)),
                            "a delta that does not give the game: {d}"
                        );
                    }
                    let send = match d {
                        Some(d) if delta::is_empty(&d) => None,
                        Some(d) if self.deltas => Some(d),
                        // A page that takes deltas takes the whole game compact too.
                        _ if self.deltas => Some(delta::compact(&v)),
                        _ => Some(v.clone()),
                    };
                    self.last_sent = Some(v);
                    out.extend(send);
                }
                Some("lobby") => {
                    self.last_sent = None;
                    out.push(v);
                }
                _ => out.push(v),
            }
        }
        out
    }

    fn refusal(&self, say: Say) -> Value {
        json!({"t": "refused", "text": say.in_lang(self.lang)})
    }

    /// What an update from the lobby or the game becomes; `None`: the socket ends.
    fn on_update(&mut self, update: PlayUpdate) -> Option<Vec<Value>> {
        Some(match update {
            PlayUpdate::Lobby(snap) => {
                if self.shown.is_some() {
                    return Some(vec![]);
                }
                vec![self.lobby_of(&snap)]
            }
            PlayUpdate::Waiting(list) => {
                self.waiting = list;
                match self.shown.is_some() {
                    true => vec![],
                    false => vec![self.lobby_now()],
                }
            }
            PlayUpdate::Challenges(list) => {
                self.challenges = list;
                match self.shown.is_some() {
                    true => vec![],
                    false => vec![self.lobby_now()],
                }
            }
            PlayUpdate::SavedSetups(list) => {
                self.setups = list;
                vec![]
            }
            PlayUpdate::Entered(snap) => {
                self.draft = None;
                if let (GamePhase::Setup, Some(c), None) =
                    (snap.phase, snap.my_color, &snap.my_setup)
                {
                    // As the line mode starts a set-up: the computer's kind, ready to
                    // change or take.
                    self.draft = Some(crate::ui::sensible_fill(
                        &snap.terms.rules,
                        c,
                        &Setup::new(c),
                        &mut self.rng,
                    ));
                }
                tracing::info!(game = snap.id, seat = ?snap.my_color, "web guest entered a game");
                self.shown = Some(snap.clone());
                self.shown_at = Instant::now();
                self.moves_sent = 0;
                // A game's first message is whole.
                self.last_sent = None;
                self.chat_sent = None;
                let mut sends = vec![self.game_json(&snap)];
                if snap.phase == GamePhase::Setup && snap.my_color.is_some() {
                    sends.push(self.setups_json(snap.terms.rules.variant));
                }
                sends.extend(self.game_chat(&snap));
                sends
            }
            PlayUpdate::Game(snap) => {
                if snap.my_setup.is_some() {
                    self.draft = None;
                }
                self.shown = Some(snap.clone());
                self.shown_at = Instant::now();
                // A snapshot that changed nothing the board shows (a spectator came, the
                // spectators' chat) sends nothing (`frame`); chat lines go on their own.
                let mut sends = vec![self.game_json(&snap)];
                sends.extend(self.game_chat(&snap));
                sends
            }
            PlayUpdate::GameClosed => {
                // The game's task ended; what was shown last stays (its result).
                vec![]
            }
            PlayUpdate::SeatTaken(game) => {
                self.shown = None;
                self.draft = None;
                vec![
                    json!({"t": "notice", "text": Notice::new("notice-seat-taken").arg("game", game).text(self.lang)}),
                    self.lobby_now(),
                ]
            }
            PlayUpdate::SeatElsewhere(game) => {
                // This tab takes the seat, as a second terminal does when asked.
                self.session.command(LobbyCmd::Spectate(game));
                vec![]
            }
            PlayUpdate::Notice(n) => vec![json!({"t": "notice", "text": n.text(self.lang)})],
            PlayUpdate::Kicked(reason) => {
                let text = match reason.is_empty() {
                    true => Notice::new("notice-kicked-no-reason"),
                    false => Notice::new("notice-kicked").arg("reason", reason),
                };
                self.farewell = Some(text.text(self.lang));
                return None;
            }
            PlayUpdate::Gone => return None,
        })
    }

    /// A text message from the browser: what to send back, and what it cost.
    async fn on_text(&mut self, text: &str) -> (Vec<Value>, f64) {
        let size_cost = 1.0 + text.len() as f64 / 256.0;
        if text.len() > MAX_IN {
            tracing::debug!(bytes = text.len(), "web socket: message too long, refused");
            let say = Say::new("web-play-refused-size").number("max", MAX_IN as i64);
            return (vec![self.refusal(say)], size_cost);
        }
        let Ok(Value::Object(msg)) = serde_json::from_str::<Value>(text) else {
            return (
                vec![self.refusal(Say::new("web-play-refused-json"))],
                size_cost,
            );
        };
        if msg.get("v").and_then(Value::as_u64) != Some(VERSION) {
            return (
                vec![self.refusal(
                    Say::new("web-play-refused-version").number("version", VERSION as i64),
                )],
                size_cost,
            );
        }
        let kind = msg.get("t").and_then(Value::as_str).unwrap_or_default();
        let field = |k: &str| msg.get(k).and_then(Value::as_str).unwrap_or_default();
        let (result, cost): (_, f64) = match kind {
            "computer" => (self.computer(field("level")), 8.0),
            "accept" => (self.accept(msg.get("id").and_then(Value::as_u64)), 8.0),
            "seek" => (self.seek(&msg), 8.0),
            "challenge" => (self.challenge(&msg), 8.0),
            "decline" => (self.decline(msg.get("id").and_then(Value::as_u64)), 2.0),
            "watch" => (self.watch(msg.get("id").and_then(Value::as_u64)), 8.0),
            "join" => (
                self.tournament(msg.get("id").and_then(Value::as_u64), true),
                4.0,
            ),
            "leave" => (
                self.tournament(msg.get("id").and_then(Value::as_u64), false),
                4.0,
            ),
            "chat" => (self.chat(field("text")).await, 2.0),
            "clear" => (self.clear(), 2.0),
            "place" => (self.place(field("sq"), field("rank")), 1.0),
            "load" => (self.load_setup(field("name")), 4.0),
            "save" => (self.save_setup(field("name")).await, 8.0),
            "withdraw" => (self.withdraw(msg.get("id").and_then(Value::as_u64)), 2.0),
            "draw" => (self.draw(field("answer")).await, 1.0),
            "claim" => (self.claim().await, 1.0),
            "rematch" => (self.rematch().await, 2.0),
            "random" => (self.random(), 4.0),
            "swap" => (self.swap(field("a"), field("b")), 1.0),
            "ready" => (self.ready().await, 2.0),
            "move" if msg.contains_key("rescue") => {
                let rescue = msg.get("rescue").and_then(Value::as_object);
                let part = |k: &str| {
                    rescue
                        .and_then(|r| r.get(k))
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                };
                (
                    self.rescue_move(field("from"), field("to"), part("rank"), part("at"))
                        .await,
                    1.0,
                )
            }
            "move" => (self.mv(field("from"), field("to")).await, 1.0),
            "note" => (self.note(field("sq"), field("guess")).await, 1.0),
            "resign" => (self.resign().await, 1.0),
            "lobby" => (self.back_to_lobby(), 1.0),
            "full" => (self.full(), 4.0),
            other => {
                let shown: String = other.chars().take(20).collect();
                (
                    Err(Say::new("web-play-refused-unknown").text("command", shown)),
                    1.0,
                )
            }
        };
        let sends = match result {
            Ok(sends) => sends,
            Err(say) => {
                tracing::debug!(command = kind, "web socket: refused");
                vec![self.refusal(say)]
            }
        };
        (sends, cost.max(size_cost))
    }

    /// Refused while the player has a game in set-up or play (a finished one may be left).
    fn not_playing(&self) -> Result<(), Say> {
        match self
            .session
            .game()
            .is_some_and(|g| g.phase != GamePhase::Over && g.my_color.is_some())
        {
            true => Err(Say::new("web-play-refused-in-game")),
            false => Ok(()),
        }
    }

    fn computer(&mut self, level: &str) -> Result<Vec<Value>, Say> {
        let level = match level {
            "random" => BotLevel::Random,
            "easy" => BotLevel::Easy,
            "hard" => BotLevel::Hard,
            _ => return Err(Say::new("web-play-refused-level")),
        };
        self.not_playing()?;
        // A finished game shown is left for the new one.
        self.session.leave_game();
        self.shown = None;
        tracing::info!(level = level.name(), "web guest plays the computer");
        self.session.command(LobbyCmd::PlayBot {
            level,
            rules: Rules::standard(Variant::Classic),
            clock: None,
        });
        Ok(vec![])
    }

    /// Accept an open seek of the lobby (the lobby decides, as for an SSH player: a rated
    /// seek is refused to a guest, in a notice).
    fn accept(&mut self, id: Option<u64>) -> Result<Vec<Value>, Say> {
        if let Some(done) = self.accept_challenge(id) {
            return done;
        }
        let open = id.filter(|id| {
            self.session
                .lobby_peek()
                .seeks
                .iter()
                .any(|s| s.id == *id && s.private_to.is_none())
        });
        let Some(id) = open else {
            return Err(Say::new("web-play-refused-seek"));
        };
        self.not_playing()?;
        self.session.leave_game();
        self.shown = None;
        tracing::info!(seek = id, "web guest accepts a seek");
        self.session.command(LobbyCmd::Accept(id));
        Ok(vec![])
    }

    /// The lobby as the browser is told it now.
    fn lobby_now(&mut self) -> Value {
        let snap = self.session.lobby();
        self.lobby_of(&snap)
    }

    /// The lobby message: the shared snapshot as this player sees it, with their
    /// correspondence games waiting for them (each with its deadline and the time left,
    /// in the page's language; the page offers to play each).
    fn lobby_of(&self, snap: &LobbySnapshot) -> Value {
        let mut v = lobby_json(snap, self.session.nick(), &self.challenges);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let waiting: Vec<Value> = self
            .waiting
            .iter()
            .map(|w| {
                json!({
                    "id": w.id,
                    "opponent": w.opponent,
                    "setup": w.setup,
                    "due": crate::ui::utc_datetime(w.deadline),
                    "left": crate::ui::line::days_hours(self.lang, w.deadline.saturating_sub(now)),
                })
            })
            .collect();
        if let Value::Object(m) = &mut v {
            m.insert("waiting".into(), Value::Array(waiting));
        }
        v
    }

    /// Post a seek, as the SSH lobby's new-seek form does: a variant, its rule options
    /// (`social::terms_of`), a clock from [`CLOCKS`] (or none), rated or casual (rated: key
    /// holders only, as the lobby itself checks too).
    fn seek(&mut self, msg: &serde_json::Map<String, Value>) -> Result<Vec<Value>, Say> {
        let terms = social::terms_of(msg, self.guest)?;
        self.not_playing()?;
        // A finished game shown is left for the lobby, where the seek shows.
        let left_game = self.shown.take().is_some();
        self.session.leave_game();
        tracing::info!(variant = terms.rules.variant.name(), rated = terms.rated, clock = ?terms.clock, "web player posts a seek");
        self.session.command(LobbyCmd::Seek {
            terms,
            private_to: None,
            private: false,
        });
        Ok(match left_game {
            true => vec![self.lobby_now()],
            false => vec![],
        })
    }

    /// Withdraw the player's own open seek.
    fn withdraw(&mut self, id: Option<u64>) -> Result<Vec<Value>, Say> {
        let nick = self.session.nick().to_string();
        let mine = id.filter(|id| {
            self.session
                .lobby_peek()
                .seeks
                .iter()
                .any(|s| s.id == *id && s.owner == nick && s.private_to.is_none())
                || self.my_challenge(*id)
        });
        let Some(id) = mine else {
            return Err(Say::new("web-play-refused-withdraw"));
        };
        tracing::info!(seek = id, "web player withdraws a seek");
        self.session.command(LobbyCmd::CancelSeek(id));
        Ok(vec![])
    }

    /// The game the player sits in (not one watched): the snapshot and the seat's colour.
    fn seated(&self) -> Result<(std::sync::Arc<GameSnapshot>, Color), Say> {
        let snap = self
            .session
            .game()
            .ok_or_else(|| Say::new("web-play-refused-no-game"))?;
        match snap.my_color {
            Some(c) => Ok((snap, c)),
            None => Err(Say::new("web-play-refused-no-game")),
        }
    }

    /// The seat's game in play against someone: the snapshot and the seat's colour.
    fn in_play(&self) -> Result<(std::sync::Arc<GameSnapshot>, Color), Say> {
        let (snap, c) = self.seated()?;
        match snap.phase {
            GamePhase::Playing => Ok((snap, c)),
            _ => Err(Say::new("web-play-refused-not-playing")),
        }
    }

    /// `offer` (or accept a standing offer of the opponent's, as SSH's `D`), `accept`,
    /// `decline`.
    async fn draw(&mut self, answer: &str) -> Result<Vec<Value>, Say> {
        let (snap, me) = self.in_play()?;
        let offer = snap.draw_offer;
        let cmd = match (answer, offer) {
            ("offer", Some(c)) if c == me => return Err(Say::new("game-msg-already-offered")),
            ("offer", Some(_)) | ("accept", Some(_)) => GameCmd::AcceptDraw,
            ("offer", None) => GameCmd::OfferDraw,
            ("decline", Some(c)) if c != me => GameCmd::DeclineDraw,
            ("accept" | "decline", _) => return Err(Say::new("web-play-refused-no-offer")),
            _ => {
                let shown: String = answer.chars().take(20).collect();
                return Err(Say::new("web-play-refused-unknown").text("command", shown));
            }
        };
        if matches!(cmd, GameCmd::AcceptDraw) && offer == Some(me) {
            return Err(Say::new("web-play-refused-no-offer"));
        }
        tracing::info!(game = snap.id, ?cmd, "web player: draw");
        self.session.play(cmd).await;
        Ok(vec![])
    }

    /// Claim the win once the opponent's reconnect time has run out (as SSH's `W`).
    async fn claim(&mut self) -> Result<Vec<Value>, Say> {
        let (snap, me) = self.in_play()?;
        let opp = snap.seats.get(me.opposite());
        // The countdown runs from when the shown snapshot came (as on the screens).
        let left = match (&self.shown, opp.reconnect_left) {
            (Some(shown), Some(left)) if shown.id == snap.id => {
                left.saturating_sub(self.shown_at.elapsed())
            }
            (_, Some(left)) => left,
            (_, None) => return Err(Say::new("game-msg-claim-not-yet")),
        };
        if opp.connected || !left.is_zero() {
            return Err(Say::new("game-msg-claim-not-yet"));
        }
        tracing::info!(game = snap.id, "web player claims the win");
        self.session.play(GameCmd::ClaimWin).await;
        Ok(vec![])
    }

    /// Ask for a rematch after a game against a person (both must ask, as on SSH).
    async fn rematch(&mut self) -> Result<Vec<Value>, Say> {
        let (snap, me) = self.seated()?;
        let opp = snap.seats.get(me.opposite());
        if snap.phase != GamePhase::Over {
            return Err(Say::new("web-play-refused-rematch-over"));
        }
        if opp.bot {
            return Err(Say::new("web-play-refused-rematch-bot"));
        }
        if snap.tournament {
            return Err(Say::new("refusal-tournament-rematch"));
        }
        if !opp.connected {
            return Err(Say::new("game-msg-no-rematch").text("nick", &opp.nick));
        }
        if *snap.rematch.get(me) {
            return Ok(vec![]);
        }
        tracing::info!(game = snap.id, "web player asks for a rematch");
        self.session.play(GameCmd::Rematch).await;
        Ok(vec![])
    }

    /// The seat's game in set-up, its colour, and its draft (not yet submitted).
    fn in_setup(&mut self) -> Result<(std::sync::Arc<GameSnapshot>, Color), Say> {
        let (snap, color) = self.seated()?;
        if snap.phase != GamePhase::Setup || snap.my_setup.is_some() || self.draft.is_none() {
            return Err(Say::new("web-play-refused-not-setup"));
        }
        Ok((snap, color))
    }

    fn random(&mut self) -> Result<Vec<Value>, Say> {
        let (snap, color) = self.in_setup()?;
        // As the screens' `r`: the pieces placed by hand stay and the rest is filled; a
        // whole set-up is replaced by a new one.
        let kept = match &self.draft {
            Some(d) if d.validate(&snap.terms.rules, color).is_err() => d.clone(),
            _ => Setup::new(color),
        };
        self.draft = Some(crate::ui::sensible_fill(
            &snap.terms.rules,
            color,
            &kept,
            &mut self.rng,
        ));
        Ok(vec![self.game_json(&snap)])
    }

    fn swap(&mut self, a: &str, b: &str) -> Result<Vec<Value>, Say> {
        let (snap, color) = self.in_setup()?;
        let a = square(a)?;
        let b = square(b)?;
        let zone = setup_squares(&snap.terms.rules, color);
        if a == b || !zone.contains(&a) || !zone.contains(&b) {
            return Err(Say::new("web-play-refused-swap"));
        }
        let draft = self.draft.as_mut().expect("in set-up");
        let (pa, pb) = (draft.pieces.remove(&a), draft.pieces.remove(&b));
        if let Some(r) = pa {
            draft.pieces.insert(b, r);
        }
        if let Some(r) = pb {
            draft.pieces.insert(a, r);
        }
        Ok(vec![self.game_json(&snap)])
    }

    async fn ready(&mut self) -> Result<Vec<Value>, Say> {
        let (snap, color) = self.in_setup()?;
        let draft = self.draft.clone().expect("in set-up");
        if draft.validate(&snap.terms.rules, color).is_err() {
            return Err(Say::new("web-play-refused-incomplete"));
        }
        tracing::info!(game = snap.id, "web guest's set-up submitted");
        self.session.play(GameCmd::SubmitSetup(draft)).await;
        Ok(vec![])
    }

    async fn mv(&mut self, from: &str, to: &str) -> Result<Vec<Value>, Say> {
        let (snap, color) = self.seated()?;
        let (from, to) = (square(from)?, square(to)?);
        let view = match (&snap.view, snap.phase) {
            (Some(v), GamePhase::Playing) => v,
            _ => return Err(Say::new("web-play-refused-not-playing")),
        };
        if view.to_move != color {
            return Err(Say::new("web-play-refused-turn"));
        }
        let mv = Move::new(from, to);
        if !view.legal_moves.contains(&mv) {
            return Err(Say::new("web-play-refused-illegal").text("move", mv));
        }
        self.session.play(GameCmd::Move(mv)).await;
        Ok(vec![])
    }

    /// This seat's own note on an unknown enemy piece (`guess`: `9 8`, `bomb`, `not-bomb`,
    /// `moved`, or `clear`), checked against the seat's view as the game checks it again.
    /// The note comes back in this seat's own game messages only.
    async fn note(&mut self, sq: &str, guess: &str) -> Result<Vec<Value>, Say> {
        let (snap, _) = self.seated()?;
        let at = square(sq)?;
        let view = match (&snap.view, snap.phase) {
            (Some(v), GamePhase::Playing) => v,
            _ => return Err(Say::new("web-play-refused-not-playing")),
        };
        let guess = match guess.trim() {
            g if g.eq_ignore_ascii_case("clear") => None,
            g => Some(Guess::parse(g, Numbering::Modern).map_err(|_| Say::new("note-usage"))?),
        };
        let checked = Notes::check(view, at).and_then(|()| match &guess {
            None if snap.notes.get(at).is_none() => Err(NoteError::NoNote),
            _ => Ok(()),
        });
        if let Err(e) = checked {
            let id = crate::proto::note_refusal(e, at).id();
            return Err(Say::new(id).text("square", at.to_string()));
        }
        self.session.play(GameCmd::Note(at, guess)).await;
        Ok(vec![])
    }

    async fn resign(&mut self) -> Result<Vec<Value>, Say> {
        let snap = self
            .session
            .game()
            .ok_or_else(|| Say::new("web-play-refused-no-game"))?;
        let cmd = match (snap.my_color, snap.phase) {
            (Some(_), GamePhase::Playing) => GameCmd::Resign,
            (Some(_), GamePhase::Setup) => GameCmd::Abort,
            _ => return Err(Say::new("web-play-refused-not-playing")),
        };
        tracing::info!(game = snap.id, "web guest resigns");
        self.session.play(cmd).await;
        Ok(vec![])
    }

    /// The shown game again, whole (the page saw a gap in the deltas).
    fn full(&mut self) -> Result<Vec<Value>, Say> {
        let snap = self
            .shown
            .clone()
            .ok_or_else(|| Say::new("web-play-refused-no-game"))?;
        self.last_sent = None;
        self.moves_sent = 0;
        Ok(vec![self.game_json(&snap)])
    }

    fn back_to_lobby(&mut self) -> Result<Vec<Value>, Say> {
        self.not_playing()?;
        self.session.leave_game();
        self.shown = None;
        Ok(vec![self.lobby_now()])
    }

    /// The seat's game as the browser is told it: from the snapshot (the seat's view, its
    /// own set-up) and the draft, nothing else.
    fn game_json(&mut self, snap: &GameSnapshot) -> Value {
        let lang = self.lang;
        let me = snap.my_color;
        let name = |c: Color| c.name().to_ascii_lowercase();
        let mut board = vec![];
        let mut zone = vec![];
        match (&snap.view, snap.phase) {
            (Some(view), GamePhase::Playing | GamePhase::Over) => {
                for sq in Square::all() {
                    if let Some(p) = view.piece_at(sq) {
                        board.push(json!({"sq": sq.to_string(), "c": name(p.color), "r": p.rank.map(|r| r.name()), "m": p.moved}));
                    }
                }
            }
            _ => {
                // Set-up: only the seat's own pieces (the submitted set-up, or the draft).
                if let Some(c) = me {
                    let own = snap.my_setup.as_ref().or(self.draft.as_ref());
                    if let Some(own) = own {
                        for (sq, r) in &own.pieces {
                            board.push(json!({"sq": sq.to_string(), "c": name(c), "r": r.name(), "m": false}));
                        }
                    }
                    if snap.my_setup.is_none() {
                        zone = setup_squares(&snap.terms.rules, c)
                            .into_iter()
                            .map(|s| s.to_string())
                            .collect();
                    }
                }
            }
        }
        let view = snap.view.as_ref();
        let legal: Vec<Value> = match (view, snap.phase) {
            (Some(v), GamePhase::Playing) if Some(v.to_move) == me => v
                .legal_moves
                .iter()
                .filter(|m| m.rescue.is_none())
                .map(|m| json!([m.from.to_string(), m.to.to_string()]))
                .collect(),
            _ => vec![],
        };
        let last = view.and_then(|v| v.last_move).map(|m| {
            json!({"from": m.from.to_string(), "to": m.to.to_string(), "text": move_text(&m), "words": move_words(lang, &m)})
        });
        let from = match self.moves_sent <= snap.history.len() {
            true => self.moves_sent,
            false => 0,
        };
        let moves: Vec<String> = snap.history[from..].iter().map(move_text).collect();
        self.moves_sent = snap.history.len();
        let (red, blue) = (&snap.seats.red.nick, &snap.seats.blue.nick);
        let result = snap.outcome.map(|o| {
            json!({"winner": o.winner.map(name), "words": outcome_words(lang, Some(o), red, blue)})
        });
        let clocks = snap.clocks.as_ref().map(|c| {
            json!({
                "red": c.red.remaining.as_millis() as u64,
                "blue": c.blue.remaining.as_millis() as u64,
                "running": if c.red.running { Some("red") } else if c.blue.running { Some("blue") } else { None },
            })
        });
        let phase = match snap.phase {
            GamePhase::Setup => "setup",
            GamePhase::Playing => "play",
            GamePhase::Over => "over",
        };
        let ready = me.map(|c| snap.seats.get(c).ready).unwrap_or(false);
        // The opponent, for the seat: gone (its reconnect time left, counted from now),
        // a computer, and what the seat may ask of them (a draw, a rematch).
        let opp = me.map(|c| snap.seats.get(c.opposite()));
        let gone = opp
            .filter(|o| !o.connected && snap.phase != GamePhase::Over)
            .and_then(|o| o.reconnect_left)
            .map(|d| d.as_millis() as u64);
        let rematch = json!({"red": snap.rematch.red, "blue": snap.rematch.blue});
        let rating = me.and_then(|c| snap.seats.get(c).rating_change).map(|d| {
            Say::new("game-over-rating")
                .text("change", format!("{d:+}"))
                .in_lang(lang)
        });
        let mut v = json!({
            "t": "game",
            "id": snap.id,
            "phase": phase,
            "me": me.map(name),
            "red": red,
            "blue": blue,
            "turn": view.map(|v| name(v.to_move)),
            "ply": view.map_or(0, |v| v.ply),
            "board": board,
            "zone": zone,
            "ready": ready,
            "legal": legal,
            "last": last,
            "moves_from": from,
            "moves": moves,
            "clocks": clocks,
            "result": result,
            "rated": snap.terms.rated,
            "draw_offer": snap.draw_offer.map(name),
            "gone": gone,
            "bot": opp.is_some_and(|o| o.bot),
            "opp_here": opp.is_some_and(|o| o.connected),
            "tournament": snap.tournament,
            "rematch": rematch,
            "rating": rating,
        });
        if let Value::Object(m) = &mut v {
            m.extend(social::game_more(snap, self.draft.as_ref()));
            // The seat's own notes (its snapshot holds no other): only when there are some.
            if !snap.notes.is_empty() {
                let notes: Vec<Value> = snap
                    .notes
                    .iter()
                    .map(|n| {
                        json!({
                            "sq": n.square.to_string(),
                            "label": n.guess.label(Numbering::Modern, false),
                            "words": crate::proto::guess_words(lang, &n.guess),
                        })
                    })
                    .collect();
                m.insert("notes".into(), Value::Array(notes));
            }
        }
        v
    }
}

/// A square the browser named, or why not.
fn square(text: &str) -> Result<Square, Say> {
    text.trim().parse::<Square>().map_err(|_| {
        Say::new("web-play-refused-square").text("square", text.chars().take(8).collect::<String>())
    })
}

/// The lobby as the browser is told it: players online and the open seeks.
fn lobby_json(snap: &LobbySnapshot, me: &str, challenges: &[Seek]) -> Value {
    let online = snap.players.iter().filter(|p| !p.bot).count();
    let seeks: Vec<Value> = snap
        .seeks
        .iter()
        .filter(|s| s.private_to.is_none())
        .map(|s| {
            json!({
                "id": s.id,
                "nick": s.owner,
                "variant": s.terms.rules.variant.name(),
                "rated": s.terms.rated,
                // A correspondence seek's days a move where a clock would be (`3d`).
                "clock": s.terms.days.map(|d| format!("{d}d")).or_else(|| s.terms.clock.map(|c| format!("{}+{}", c.initial_secs / 60, c.increment_secs))),
                // Its total budget in days (null: none).
                "budget": s.terms.budget,
                "mine": s.owner == me,
            })
        })
        .collect();
    let mut v = json!({"t": "lobby", "online": online, "seeks": seeks});
    if let Value::Object(m) = &mut v {
        m.extend(social::lobby_more(snap, me, challenges));
    }
    v
}
