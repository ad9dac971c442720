//! Games in play on the web: `/game/{id}` and `/api/game/{id}` while a game is played, the
//! two Server-Sent Events streams that follow it (`/game/{id}/live`: HTML fragments for the
//! page's `<div id="live">`; `/api/game/{id}/live`: the API's JSON), `/live.js` (the one
//! script that applies them), and the list of games in play (`/games/live`,
//! `/api/games/live`).
//!
//! Everything shown comes from the spectators' watch channel
//! ([`crate::service::Service::watch_game`], what an SSH spectator gets): never a seat's
//! snapshot, never a position. One [`Hub`] entry per game watched from the web holds one
//! spectator's place and renders each change of the spectators' view once: the API's JSON
//! at once, the page's fragment once per language a reader asks for (when the first asks);
//! every stream and page view of that game reads the rendered result. An entry lives while a stream reads it, or for [`LINGER`] after the last page
//! view, and ends with the game.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use hyper::body::Frame;
use maud::{html, PreEscaped};
use serde_json::{json, Value};
use tokio::sync::{mpsc, watch};

use super::board::{board, move_text, move_words};
use super::lang::{PageLang, Say};
use super::pages::{
    captured_line, fault_page, layout, layout_at, outcome_words, players_line, rules_words,
    terms_clock_words,
};
use super::{client_ip, is_trusted, kept_from, Fault, Web, WebConfig, MOVES_PER_PAGE};
use crate::i18n::{tr, Lang};
use crate::limit::address_block;
use crate::proto::{ClockState, GamePhase, GameSnapshot};
use crate::rules::{Color, PlayerView, Square, ViewMove};
use crate::service::{GameWatch, Service};
use crate::ui::vocab::color_name;

const SCRIPT: &str = include_str!("live.js");

/// How long a game's entry outlives its last page view when no stream reads it (page views
/// within it share one spectator's place instead of joining and leaving the stands each).
const LINGER: Duration = Duration::from_secs(10);

/// The longest a stream stays silent: a `: keep-alive` comment at least this often (and
/// within half the connection idle timeout, so the idle timeout never cuts a stream).
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// A game in play as the spectators see it, rendered once for every reader: the API's
/// JSON when it changes, the page in a language when the first reader in that language
/// asks for it.
pub(super) struct Rendered {
    pub id: u64,
    /// The spectators' snapshot, without what the page does not show (the chat): the page
    /// is drawn from it and nothing else.
    snap: GameSnapshot,
    /// `/api/game/{id}`'s object, on one line.
    pub json: String,
    /// Whether the game is over.
    pub over: bool,
    /// The API stream's event for it, made once for every stream.
    json_event: Bytes,
    /// The page in each language of [`Lang::ALL`], drawn when first asked for.
    pages: Vec<OnceLock<Drawn>>,
}

/// A game in play's page in one language.
pub(super) struct Drawn {
    /// The page's title.
    pub title: String,
    /// What does not change during the game (players, variant, clock terms), above the
    /// live part.
    pub head: String,
    /// The contents of `<div id="live">`.
    pub fragment: String,
    /// The result in words, once the game is over.
    pub over: Option<String>,
    /// The page stream's event for it, made once for every stream in this language.
    html_event: Bytes,
}

impl Rendered {
    /// The game's variant.
    pub(super) fn variant(&self) -> crate::rules::Variant {
        self.snap.terms.rules.variant
    }

    /// The game's clock terms.
    pub(super) fn clock(&self) -> Option<crate::proto::ClockSpec> {
        self.snap.terms.clock
    }

    /// The page in `lang`, drawn now if nobody asked for it in `lang` yet.
    pub(super) fn page(&self, lang: Lang) -> &Drawn {
        let i = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
        self.pages[i].get_or_init(|| draw(&self.snap, lang))
    }
}

/// The games watched from the web, each rendered once per change of its spectators' view.
#[derive(Default)]
pub(super) struct Hub {
    games: Mutex<HashMap<u64, Arc<Entry>>>,
}

struct Entry {
    rx: watch::Receiver<Arc<Rendered>>,
    /// The last page view.
    used: Mutex<Instant>,
    /// The game's streams open (its web viewers): the web holds one spectator's place for
    /// all of them, and shows how many they are.
    viewers: AtomicUsize,
}

/// One web viewer of a game (a stream open), counted while it lives.
pub(super) struct Viewer(Arc<Entry>);

impl Drop for Viewer {
    fn drop(&mut self) {
        self.0.viewers.fetch_sub(1, Ordering::Relaxed);
    }
}

/// How often a game's shown count of viewers follows streams opening and closing (at most
/// one drawing a period, however many come and go).
const VIEWERS_EVERY: Duration = Duration::from_secs(1);

/// The spectators to show: the game's count, in which the web is one, with the web's
/// viewers (at least the reader of the page) in place of that one.
fn shown_spectators(spectators: u32, viewers: usize) -> u32 {
    spectators
        .saturating_sub(1)
        .saturating_add(viewers.max(1) as u32)
}

impl Hub {
    /// The rendered view of public game `id` in play, following it; `None` for a private
    /// game, an unknown id, or a game no longer in play.
    pub(super) async fn follow(
        self: &Arc<Self>,
        service: &Service,
        id: u64,
    ) -> Option<watch::Receiver<Arc<Rendered>>> {
        if let Some(rx) = self.existing(id) {
            return Some(rx);
        }
        let mut watch = service.watch_game(id).await?;
        let first = Arc::new(render(&watch.now(), 0));
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = games.get(&id) {
            // Another request started following it meanwhile: ours leaves the stands.
            *e.used.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
            return Some(e.rx.clone());
        }
        let over = first.over;
        let (tx, rx) = watch::channel(first);
        let entry = Arc::new(Entry {
            rx: rx.clone(),
            used: Mutex::new(Instant::now()),
            viewers: AtomicUsize::new(0),
        });
        if !over {
            games.insert(id, entry.clone());
            tokio::spawn(self.clone().run(id, watch, tx, entry));
        }
        Some(rx)
    }

    /// One more viewer of game `id` (followed from the web), counted while it lives.
    pub(super) fn viewer(&self, id: u64) -> Option<Viewer> {
        let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        let e = games.get(&id)?;
        e.viewers.fetch_add(1, Ordering::Relaxed);
        Some(Viewer(e.clone()))
    }

    /// The spectators of game `id` to show, its count `spectators` from the lobby: the web's
    /// one place replaced by its viewers when the web follows it.
    pub(super) fn shown(&self, id: u64, spectators: u32) -> u32 {
        let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        match games.get(&id) {
            Some(e) => shown_spectators(spectators, e.viewers.load(Ordering::Relaxed)),
            None => spectators,
        }
    }

    fn existing(&self, id: u64) -> Option<watch::Receiver<Arc<Rendered>>> {
        let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        let e = games.get(&id)?;
        *e.used.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        Some(e.rx.clone())
    }

    /// Renders each change of the spectators' view until the game ends, its task goes, or
    /// nobody has read it for [`LINGER`].
    async fn run(
        self: Arc<Self>,
        id: u64,
        mut watch: GameWatch,
        tx: watch::Sender<Arc<Rendered>>,
        entry: Arc<Entry>,
    ) {
        let mut check = tokio::time::interval(LINGER / 2);
        check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        check.tick().await;
        let mut count = tokio::time::interval(VIEWERS_EVERY);
        count.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        count.tick().await;
        let mut last = watch.now();
        // The count the first drawing showed (drawn before any stream was counted).
        let mut viewers = 0;
        let publish = |r: Rendered| {
            tx.send_if_modified(|old| {
                // The pages are drawn from `snap` alone: the same snapshot, the same page in
                // every language.
                if old.snap == r.snap && old.json == r.json {
                    false
                } else {
                    *old = Arc::new(r);
                    true
                }
            });
        };
        loop {
            tokio::select! {
                snap = watch.changed() => {
                    let Some(snap) = snap else { break };
                    viewers = entry.viewers.load(Ordering::Relaxed);
                    let r = render(&snap, viewers);
                    last = snap;
                    let over = r.over;
                    publish(r);
                    if over {
                        break;
                    }
                }
                _ = count.tick() => {
                    let now = entry.viewers.load(Ordering::Relaxed);
                    if now != viewers {
                        viewers = now;
                        publish(render(&last, viewers));
                    }
                }
                _ = check.tick() => {
                    let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
                    // The entry's own receiver is always there: nobody else reads it.
                    let idle = entry.used.lock().unwrap_or_else(|e| e.into_inner()).elapsed() >= LINGER;
                    if tx.receiver_count() <= 1 && idle {
                        drop(games);
                        break;
                    }
                }
            }
        }
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        if games.get(&id).is_some_and(|e| Arc::ptr_eq(e, &entry)) {
            games.remove(&id);
        }
        drop(games);
        tracing::debug!(game = id, "web: stopped following a game");
        // `watch` is dropped here: the game counts one spectator fewer.
    }
}

/// A clock as `m:ss` (`h:mm:ss` past an hour).
fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

fn seat_state(snap: &GameSnapshot, c: Color) -> &'static str {
    let s = snap.seats.get(c);
    if s.bot || s.connected {
        "web-seat-present"
    } else if s.online {
        "web-seat-away"
    } else {
        "web-seat-disconnected"
    }
}

/// The board as JSON: the pieces as the viewer knows them (`rank` null when unknown).
pub(super) fn board_json(view: &PlayerView) -> Vec<Value> {
    Square::all()
        .filter_map(|sq| {
            view.piece_at(sq).map(|p| {
                json!({
                    "square": sq.to_string(),
                    "color": p.color.name().to_lowercase(),
                    "rank": p.rank.map(|r| r.name()),
                })
            })
        })
        .collect()
}

/// The spectators' snapshot as the API shows it, `viewers` the web's (streams open) in
/// place of the web's one spectator; its page is drawn per language on demand.
fn render(snap: &GameSnapshot, viewers: usize) -> Rendered {
    let snap = &GameSnapshot {
        spectators: shown_spectators(snap.spectators, viewers),
        ..snap.clone()
    };
    let id = snap.id;
    let red = &snap.seats.red.nick;
    let blue = &snap.seats.blue.nick;
    let variant = snap.terms.rules.variant;
    let ply = snap.history.len() as u32;
    let over = match snap.phase {
        GamePhase::Over => Some(over_words(snap, Lang::En)),
        _ => None,
    };
    let json = json!({
        "live": true,
        "id": id,
        "red": red,
        "blue": blue,
        "variant": variant.name().to_lowercase(),
        "rated": snap.terms.rated,
        "clock": snap.terms.clock,
        // A correspondence game: its days a move and total budget (null: none), and what
        // is left of each side's budget (ms, the side to move's at the snapshot).
        "days": snap.terms.days,
        "budget": snap.terms.budget,
        "budget_left_ms": snap.budget_left.as_ref().map(|b| json!({
            "red": b.red.as_millis() as u64,
            "blue": b.blue.as_millis() as u64,
        })),
        "phase": match snap.phase {
            GamePhase::Setup => "setup",
            GamePhase::Playing => "playing",
            GamePhase::Over => "over",
        },
        "ready": { "red": snap.seats.red.ready, "blue": snap.seats.blue.ready },
        "ply": ply,
        "to_move": match (&snap.view, snap.phase) {
            (Some(v), GamePhase::Playing) => Some(v.to_move.name().to_lowercase()),
            _ => None,
        },
        "clocks": snap.clocks.as_ref().map(|cl| json!({
            "red": { "remaining_ms": cl.red.remaining.as_millis() as u64, "running": cl.red.running },
            "blue": { "remaining_ms": cl.blue.remaining.as_millis() as u64, "running": cl.blue.running },
        })),
        "board": snap.view.as_ref().map(board_json).unwrap_or_default(),
        "captured": snap.view.as_ref().map(|v| v.captured.iter().map(|c| json!({
            "color": c.color.name().to_lowercase(),
            "rank": c.rank.map(|r| r.name()),
        })).collect::<Vec<_>>()).unwrap_or_default(),
        "last_move": snap.view.as_ref().and_then(|v| v.last_move.as_ref()).map(|m| super::api::move_json(ply as usize, m)),
        // The last page of moves; the earlier ones with `?from=N` (`api_from`).
        "moves": snap.history.iter().enumerate().skip(first_shown(snap.history.len())).map(|(i, m)| super::api::move_json(i + 1, m)).collect::<Vec<_>>(),
        "moves_from": first_shown(snap.history.len()) + 1,
        "spectators": snap.spectators,
        "result": over,
        "winner": snap.outcome.and_then(|o| o.winner).map(|c| c.name().to_lowercase()),
    });
    let json = json.to_string();
    // What the page shows: the snapshot without the spectators' chat.
    let snap = GameSnapshot {
        chat: Vec::new(),
        ..snap.clone()
    };
    Rendered {
        id,
        json_event: event("position", Some(ply.into()), &json),
        json,
        over: over.is_some(),
        pages: Lang::ALL.iter().map(|_| OnceLock::new()).collect(),
        snap,
    }
}

/// How a game that is over ended, in words in `lang`.
fn over_words(snap: &GameSnapshot, lang: Lang) -> String {
    match snap.outcome {
        Some(o) => outcome_words(lang, Some(o), &snap.seats.red.nick, &snap.seats.blue.nick),
        None => tr(lang, "web-ended-without-result"),
    }
}

/// The spectators' snapshot as the page and its fragment show it, in `lang`.
fn draw(snap: &GameSnapshot, lang: Lang) -> Drawn {
    let id = snap.id;
    let red = &snap.seats.red.nick;
    let blue = &snap.seats.blue.nick;
    let variant = snap.terms.rules.variant;
    let ply = snap.history.len() as u32;
    let over = match snap.phase {
        GamePhase::Over => Some(over_words(snap, lang)),
        _ => None,
    };
    let title = Say::new("web-live-page-title")
        .text("id", id)
        .text("red", red)
        .text("blue", blue)
        .in_lang(lang);
    let head = html! {
        h1 { (Say::new("web-game-heading").text("id", id).in_lang(lang)) }
        p.players {
            (players_line(lang, red, blue, variant, snap.terms.rated))
            ", " (terms_clock_words(lang, &snap.terms))
        }
        p.terms { (Say::new("web-game-rules").text("rules", rules_words(lang, &snap.terms.rules.options)).in_lang(lang)) }
    };
    let clock = |c: Color, s: &ClockState| {
        html! {
            li {
                (color_name(lang, c)) " " (snap.seats.get(c).nick) ": "
                span.clock data-ms=(s.remaining.as_millis()) data-running=(if s.running { "true" } else { "false" }) { (clock_text(s.remaining)) }
                @if s.running { " (" (tr(lang, "web-clock-running")) ")" }
                // A correspondence game's total budget left to this side.
                @if let (Some(left), Some(budget)) = (snap.budget_left.as_ref(), snap.terms.budget) {
                    " · " span.budget { (crate::ui::vocab::budget_left_words(lang, left.get(c).as_secs(), budget)) }
                }
            }
        }
    };
    let start = (ply as usize).saturating_sub(MOVES_PER_PAGE);
    let fragment = html! {
        p.ply data-ply=(ply) {
            @match (&over, snap.phase) {
                (Some(words), _) => { (tr(lang, "web-game-over")) " " (words) }
                (None, GamePhase::Setup) => { (tr(lang, "web-setting-up")) }
                (None, _) => {
                    @if let Some(v) = &snap.view { (Say::new("web-to-move").text("color", color_name(lang, v.to_move)).in_lang(lang)) } " · " (Say::new("web-ply").text("ply", ply).in_lang(lang))
                }
            }
        }
        ul.seats {
            @for c in Color::ALL {
                li {
                    (color_name(lang, c)) ": " (snap.seats.get(c).nick) " (" (tr(lang, seat_state(snap, c))) ")"
                    @if snap.phase == GamePhase::Setup { ", " (tr(lang, if snap.seats.get(c).ready { "web-seat-ready" } else { "web-seat-placing" })) }
                }
            }
        }
        @if let Some(cl) = &snap.clocks {
            ul.clocks { (clock(Color::Red, &cl.red)) (clock(Color::Blue, &cl.blue)) }
        }
        @if let Some(c) = snap.draw_offer { p.offer { (Say::new("web-draw-offer").text("color", color_name(lang, c)).in_lang(lang)) } }
        @if let Some(v) = &snap.view {
            (board(lang, v, Color::Red))
            // A battle answered at once (the computer replies within a second) stays
            // readable above the answer, as on the screens.
            @if let Some(b) = battle_before(&snap.history) {
                p.last-battle { (tr(lang, "web-battle-before")) " " (move_text(b)) ": " (move_words(lang, b)) }
            }
            @if let Some(m) = &v.last_move {
                p.last { (tr(lang, "web-last-move")) " " (move_text(m)) ": " (move_words(lang, m)) }
            }
            @if !v.captured.is_empty() {
                p.captured { (captured_line(lang, &v.captured)) }
            }
        }
        p.spectators { (Say::new("web-watching").number("count", snap.spectators.into()).in_lang(lang)) }
        h2 { (tr(lang, "web-moves")) }
        @if snap.history.is_empty() {
            p { (tr(lang, "web-no-move-yet")) }
        } @else {
            @if start > 0 { p { (super::pages::linked(lang, Say::new("web-earlier-not-shown").number("count", start as i64), &[("json", format!("/api/game/{id}?from=1"), tr(lang, "web-the-json"))])) } }
            ol.moves start=(start + 1) {
                @for m in snap.history.iter().skip(start) {
                    li { (move_text(m)) " " (move_words(lang, m)) }
                }
            }
        }
    };
    let fragment = fragment.into_string();
    Drawn {
        title,
        head: head.into_string(),
        html_event: event("html", Some(ply.into()), &fragment),
        fragment,
        over,
    }
}

/// `/game/{id}` for a game in play, in the page's language.
pub(super) fn page(
    l: &PageLang,
    r: &Rendered,
    canonical: &str,
    played_in: Option<maud::Markup>,
) -> Response {
    let id = r.id;
    let d = r.page(l.lang);
    // The finished game's title, for the script to put up when the game ends.
    let over_title = Say::new("web-game-page-title")
        .text("id", id)
        .text("red", &r.snap.seats.red.nick)
        .text("blue", &r.snap.seats.blue.nick)
        .in_lang(l.lang);
    let body = html! {
        (PreEscaped(&d.head))
        div #live data-live=(l.href(&format!("/game/{id}/live"))) data-poll=(format!("/api/game/{id}")) data-refused=(l.tr("web-live-refused")) data-over-title=(over_title) { (PreEscaped(&d.fragment)) }
        @if let Some(t) = played_in { (t) }
        p.reload { (super::pages::linked(l.lang, Say::new("web-live-reload"), &[("reload", l.href(&format!("/game/{id}")), l.tr("web-reload"))])) " " (l.tr("web-as-json")) " " a href=(format!("/api/game/{id}")) { "/api/game/" (id) } "." }
        script src="/live.js" defer {}
    };
    (
        [(header::CACHE_CONTROL, "no-store")],
        Html(layout_at(l, &d.title, Some(canonical), body).into_string()),
    )
        .into_response()
}

/// The index of the first move a game in play's object lists: the last
/// [`MOVES_PER_PAGE`] of `plies`.
fn first_shown(plies: usize) -> usize {
    plies.saturating_sub(MOVES_PER_PAGE)
}

/// `/api/game/{id}?from=N` for a game in play: its object with the moves from ply `from`
/// (from 1), [`MOVES_PER_PAGE`] of them.
pub(super) fn api_from(r: &Rendered, from: u32) -> Response {
    let mut v: Value = serde_json::from_str(&r.json).unwrap_or_default();
    let start = (from as usize).saturating_sub(1);
    v["moves"] = r
        .snap
        .history
        .iter()
        .enumerate()
        .skip(start)
        .take(MOVES_PER_PAGE)
        .map(|(i, m)| super::api::move_json(i + 1, m))
        .collect();
    v["moves_from"] = json!(start + 1);
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        v.to_string(),
    )
        .into_response()
}

/// `/api/game/{id}` for a game in play.
pub(super) fn api(r: &Rendered) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        r.json.clone(),
    )
        .into_response()
}

pub(super) async fn script() -> Response {
    super::pages::asset("text/javascript; charset=utf-8", "max-age=3600", SCRIPT)
}

/// Which of the two streams.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `event: html`, the page's fragment.
    Html,
    /// `event: position`, the API's JSON.
    Json,
}

/// The open streams' counts.
#[derive(Default)]
pub(super) struct Streams {
    total: usize,
    per_address: HashMap<IpAddr, usize>,
}

/// One open stream, counted while it lives.
pub(super) struct StreamSlot {
    streams: Arc<Mutex<Streams>>,
    block: Option<IpAddr>,
}

/// Why a stream was refused.
#[derive(Debug)]
pub(super) enum Refused {
    /// The address block holds its share (429).
    Address,
    /// The server holds all it takes (503).
    Total,
}

impl StreamSlot {
    /// A slot for a stream asked for by `ip` (the client's address: the peer's, or the one a
    /// trusted proxy forwarded); a trusted proxy's own requests (nothing forwarded) count
    /// only in the total, and the last quarter of the total is kept for address blocks
    /// holding fewer than an eighth of their cap (at least one).
    fn admit(
        streams: &Arc<Mutex<Streams>>,
        config: &WebConfig,
        ip: IpAddr,
    ) -> Result<StreamSlot, Refused> {
        let key = address_block(ip);
        let block = (!is_trusted(&config.trusted_proxies, ip)).then_some(key);
        let mut s = streams.lock().unwrap_or_else(|e| e.into_inner());
        if s.total >= config.max_live_streams {
            return Err(Refused::Total);
        }
        if let Some(b) = block {
            let n = s.per_address.get(&b).copied().unwrap_or(0);
            let per = config.max_live_streams_per_address;
            if n >= per || kept_from(s.total, config.max_live_streams, n, per) {
                return Err(Refused::Address);
            }
            s.per_address.insert(b, n + 1);
        }
        s.total += 1;
        Ok(StreamSlot {
            streams: streams.clone(),
            block,
        })
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut s = self.streams.lock().unwrap_or_else(|e| e.into_inner());
        s.total = s.total.saturating_sub(1);
        if let Some(b) = self.block {
            if let Some(n) = s.per_address.get_mut(&b) {
                *n -= 1;
                if *n == 0 {
                    s.per_address.remove(&b);
                }
            }
        }
    }
}

/// A place for one more live stream (a game's or a tournament's) asked for from `peer`,
/// held while the stream is open; or why not (answered 429 past the address block's share,
/// 503 past the server's).
pub(super) fn admit(
    web: &Web,
    peer: SocketAddr,
    headers: &HeaderMap,
) -> Result<StreamSlot, Refused> {
    let ip = client_ip(peer.ip(), headers, &web.config.trusted_proxies);
    StreamSlot::admit(&web.streams, &web.config, ip).inspect_err(|refused| {
        tracing::debug!(%ip, ?refused, "web: a live stream refused");
    })
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        let (status, text) = match self {
            Refused::Address => (
                StatusCode::TOO_MANY_REQUESTS,
                "Too many live pages open from your address: close one and try again.\n",
            ),
            Refused::Total => (
                StatusCode::SERVICE_UNAVAILABLE,
                "The server follows as many live pages as it can: try again later.\n",
            ),
        };
        (status, [(header::RETRY_AFTER, "10")], text).into_response()
    }
}

/// How often a live stream with nothing to say sends a keep-alive comment: the protocol's
/// 15 s, or half the connection's idle timeout if that is shorter.
pub(super) fn keep_alive(config: &WebConfig) -> Duration {
    KEEP_ALIVE
        .min(config.idle_timeout / 2)
        .max(Duration::from_millis(10))
}

/// A response body fed by a task, chunk by chunk.
struct Fed(mpsc::Receiver<Bytes>);

impl hyper::body::Body for Fed {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.get_mut()
            .0
            .poll_recv(cx)
            .map(|c| c.map(|b| Ok(Frame::data(b))))
    }
}

/// One event: `event:`, `id:` (if any), and the data, one `data:` line per line of it. A
/// CR ends a line in SSE as an LF does: each piece gets its own `data:`, so no text (a name
/// holding "\revent: end") can start a field of its own.
pub(super) fn event(name: &str, id: Option<u64>, data: &str) -> Bytes {
    let mut out = format!("event: {name}\n");
    if let Some(id) = id {
        out.push_str(&format!("id: {id}\n"));
    }
    for line in data.split("\r\n").flat_map(|l| l.split(['\n', '\r'])) {
        out.push_str("data: ");
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    Bytes::from(out)
}

fn rendered_event(kind: Kind, lang: Lang, r: &Rendered) -> Bytes {
    match kind {
        Kind::Html => r.page(lang).html_event.clone(),
        Kind::Json => r.json_event.clone(),
    }
}

/// Writes the stream's events until the game ends or the client goes: the page's in
/// `lang`, the API's in English.
async fn pump(
    kind: Kind,
    lang: Lang,
    mut rx: watch::Receiver<Arc<Rendered>>,
    tx: mpsc::Sender<Bytes>,
    keep_alive: Duration,
    _held: (StreamSlot, Option<Viewer>),
) {
    loop {
        let r = rx.borrow_and_update().clone();
        if tx.send(rendered_event(kind, lang, &r)).await.is_err() {
            return;
        }
        if r.over {
            let words = match kind {
                Kind::Html => r.page(lang).over.clone(),
                Kind::Json => Some(over_words(&r.snap, Lang::En)),
            };
            let _ = tx
                .send(event("end", None, &words.unwrap_or_default()))
                .await;
            return;
        }
        loop {
            tokio::select! {
                changed = rx.changed() => {
                    if changed.is_err() {
                        // Nobody renders it any more without its end (the server stops, or
                        // the game's task went away).
                        let _ = tx.send(event("end", None, &tr(lang, "web-no-longer-in-play"))).await;
                        return;
                    }
                    break;
                }
                _ = tokio::time::sleep(keep_alive) => {
                    if tx.send(Bytes::from_static(b": keep-alive\n\n")).await.is_err() {
                        return;
                    }
                }
                _ = tx.closed() => return,
            }
        }
    }
}

/// A stream of one event: a finished game's result (its page is the replay now).
fn ended_stream(words: String) -> Response {
    let (tx, rx) = mpsc::channel(1);
    let _ = tx.try_send(event("end", None, &words));
    sse_response(rx)
}

pub(super) fn sse_response(rx: mpsc::Receiver<Bytes>) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/event-stream"),
            (header::CACHE_CONTROL, "no-store"),
            (header::HeaderName::from_static("x-accel-buffering"), "no"),
        ],
        Body::new(Fed(rx)),
    )
        .into_response()
}

pub(super) async fn page_stream(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    l: PageLang,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    stream(web, peer, &headers, &id, Kind::Html, &l).await
}

pub(super) async fn api_stream(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    stream(web, peer, &headers, &id, Kind::Json, &PageLang::default()).await
}

/// A game's live stream: `l` the page's language (the API's stream: English).
async fn stream(
    web: Web,
    peer: SocketAddr,
    headers: &HeaderMap,
    id: &str,
    kind: Kind,
    l: &PageLang,
) -> Response {
    let fault = |f: Fault| match kind {
        Kind::Html => fault_page(l, f),
        Kind::Json => super::api::fault_json(f),
    };
    let Ok(id) = id.parse::<u64>() else {
        return fault(Fault::NotFound(Say::new("web-no-such-page")));
    };
    let slot = match admit(&web, peer, headers) {
        Ok(s) => s,
        Err(refused) => return refused.into_response(),
    };
    match web.hub.follow(&web.service, id).await {
        Some(rx) => {
            let (tx, body) = mpsc::channel(8);
            let viewer = web.hub.viewer(id);
            tokio::spawn(pump(
                kind,
                l.lang,
                rx,
                tx,
                keep_alive(&web.config),
                (slot, viewer),
            ));
            sse_response(body)
        }
        None => match web.service.game_facts(id).await {
            Ok(f) => ended_stream(outcome_words(l.lang, Some(f.outcome), &f.red, &f.blue)),
            Err(e) => fault(e.into()),
        },
    }
}

/// `/games/live`: the public games in play.
pub(super) async fn games_page(State(web): State<Web>, l: PageLang) -> Response {
    let games = web.service.live_games();
    let lang = l.lang;
    let title = l.tr("web-live-games");
    let body = html! {
        h1 { (title) }
        @if games.is_empty() {
            p { (l.tr("web-no-live-games")) }
        } @else {
            div.scroll {
                table.list {
                    thead { tr { th { (l.tr("web-col-game")) } th { (color_name(lang, Color::Red)) } th { (color_name(lang, Color::Blue)) } th { (l.tr("web-col-variant")) } th { (l.tr("web-col-moves")) } th { (l.tr("web-col-watching")) } } }
                    tbody {
                        @for g in &games {
                            tr {
                                td { a href=(l.href(&format!("/game/{}", g.id))) { "#" (g.id) } }
                                td { (g.red) } td { (g.blue) }
                                td { (crate::ui::vocab::variant_name(lang, g.terms.rules.variant)) " " (super::pages::rated_word(lang, g.terms.rated)) }
                                td { (g.ply) }
                                td { (web.hub.shown(g.id, g.spectators)) }
                            }
                        }
                    }
                }
            }
        }
        p { a href=(l.href("/games/live")) { (l.tr("web-reload")) } " · " (l.tr("web-as-json-lower")) " " a href="/api/games/live" { "/api/games/live" } }
    };
    (
        [(header::CACHE_CONTROL, "no-store")],
        Html(layout(&l, &title, body).into_string()),
    )
        .into_response()
}

/// `/api/games/live`.
pub(super) async fn games_api(State(web): State<Web>) -> Response {
    let games: Vec<Value> = web
        .service
        .live_games()
        .iter()
        .map(|g| {
            json!({
                "id": g.id,
                "red": g.red,
                "blue": g.blue,
                "variant": g.terms.rules.variant.name().to_lowercase(),
                "rated": g.terms.rated,
                "clock": g.terms.clock,
                "ply": g.ply,
                "spectators": web.hub.shown(g.id, g.spectators),
            })
        })
        .collect();
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        json!({ "games": games }).to_string(),
    )
        .into_response()
}

/// The move before the last, when it was a battle and the last is not: the watcher may
/// have missed it, since the answer came within a second.
fn battle_before(history: &[ViewMove]) -> Option<&ViewMove> {
    match history {
        [.., b, last] if b.battle.is_some() && last.battle.is_none() => Some(b),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_holds_each_line_of_its_data_on_a_data_line() {
        assert_eq!(
            &event("html", Some(3), "<p>a</p>\r\n<p>b</p>")[..],
            b"event: html\nid: 3\ndata: <p>a</p>\ndata: <p>b</p>\n\n"
        );
        assert_eq!(&event("end", None, "")[..], b"event: end\ndata: \n\n");
    }

    /// A game in play as its spectators see it, in set-up.
    fn in_setup() -> GameSnapshot {
        use crate::proto::{GameTerms, SeatInfo};
        use crate::rules::{ByColor, Rules, Variant};
        let seat = |nick: &str| SeatInfo {
            nick: nick.into(),
            rating: None,
            bot: false,
            connected: true,
            online: true,
            reconnect_left: None,
            ready: false,
            rating_change: None,
        };
        GameSnapshot {
            id: 7,
            terms: GameTerms {
                rules: Rules::standard(Variant::Classic),
                rated: false,
                clock: None,
                days: None,
                budget: None,
            },
            seats: ByColor::new(seat("alice"), seat("bob")),
            my_color: None,
            phase: GamePhase::Setup,
            my_setup: None,
            view: None,
            history: vec![],
            clocks: None,
            chat: vec![],
            draw_offer: None,
            rematch: ByColor::new(false, false),
            outcome: None,
            next_game: None,
            spectators: 3,
            setup_left: None,
            private: false,
            tournament: false,
            notes: Default::default(),
            budget_left: None,
        }
    }

    #[test]
    fn a_change_is_drawn_once_per_language_asked_for_and_only_for_those() {
        let r = render(&in_setup(), 0);
        let de = r.page(Lang::De);
        assert!(
            de.fragment.contains("Die Spieler stellen ihre Figuren auf"),
            "{}",
            de.fragment
        );
        // A second reader in German reads the same drawing.
        assert!(std::ptr::eq(de, r.page(Lang::De)));
        // Nobody asked in Dutch or English: not drawn.
        let drawn: Vec<bool> = r.pages.iter().map(|p| p.get().is_some()).collect();
        assert_eq!(
            drawn,
            Lang::ALL.iter().map(|l| *l == Lang::De).collect::<Vec<_>>()
        );
        assert!(r.page(Lang::Nl).fragment.contains("kijken mee"));
        assert!(r.page(Lang::En).fragment.contains("3 watching"));
        // The API's JSON is English whatever was drawn.
        assert!(r.json.contains("\"phase\":\"setup\""), "{}", r.json);
    }

    #[test]
    fn the_last_quarter_of_the_streams_is_kept_for_blocks_holding_none() {
        let streams = Arc::new(Mutex::new(Streams::default()));
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let config = WebConfig {
            max_live_streams: 8,
            max_live_streams_per_address: 8,
            ..WebConfig::default()
        };
        let admit = |s: &str| StreamSlot::admit(&streams, &config, ip(s));
        // One block takes six of eight; the last two are for blocks holding none.
        let held: Vec<_> = (0..6)
            .map(|_| admit("198.51.100.1").ok().unwrap())
            .collect();
        assert!(matches!(admit("198.51.100.1"), Err(Refused::Address)));
        let _a = admit("203.0.113.1").ok().unwrap();
        assert!(matches!(admit("203.0.113.1"), Err(Refused::Address)));
        let _b = admit("2001:db8:1::1").ok().unwrap();
        assert!(matches!(admit("192.0.2.1"), Err(Refused::Total)));
        drop(held);
        assert!(admit("198.51.100.1").is_ok());
    }

    #[test]
    fn streams_count_per_address_block_and_a_trusted_proxy_only_in_the_total() {
        let streams = Arc::new(Mutex::new(Streams::default()));
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let config = WebConfig {
            max_live_streams: 3,
            max_live_streams_per_address: 1,
            trusted_proxies: vec![crate::limit::AddrNet::new(ip("127.0.0.1"), 32)],
            ..WebConfig::default()
        };
        let a = StreamSlot::admit(&streams, &config, ip("2001:db8::1")).ok();
        assert!(a.is_some());
        // The same /64.
        assert!(matches!(
            StreamSlot::admit(&streams, &config, ip("2001:db8::2")),
            Err(Refused::Address)
        ));
        let _b = StreamSlot::admit(&streams, &config, ip("127.0.0.1"))
            .ok()
            .unwrap();
        let _c = StreamSlot::admit(&streams, &config, ip("127.0.0.1"))
            .ok()
            .unwrap();
        assert!(matches!(
            StreamSlot::admit(&streams, &config, ip("127.0.0.1")),
            Err(Refused::Total)
        ));
        drop(a);
        assert!(StreamSlot::admit(&streams, &config, ip("2001:db8::3")).is_ok());
    }

    /// Issue 43: the computer answers a battle within a second; a watcher still reads the
    /// battle above the answer, and only while the answer is the last move.
    #[test]
    fn a_battle_answered_at_once_stays_readable_above_the_answer() {
        use crate::rules::{BattleResult, Game, Rank, Rules, Setup, Variant, ViewBattle, Viewer};
        let rules = Rules::standard(Variant::Classic);
        let red = Setup::random(&rules, Color::Red, 1);
        let blue = Setup::random(&rules, Color::Blue, 2);
        let game = Game::new(rules, &red, &blue).unwrap();
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let battle = ViewMove {
            mover: Color::Red,
            from: sq("e4"),
            to: sq("e5"),
            battle: Some(ViewBattle {
                attacker: Some(Rank::Major),
                defender: Some(Rank::Captain),
                result: BattleResult::AttackerWins,
            }),
            rescue: None,
        };
        let answer = ViewMove {
            mover: Color::Blue,
            from: sq("a7"),
            to: sq("a6"),
            battle: None,
            rescue: None,
        };
        let drawn = |history: Vec<ViewMove>| {
            let mut snap = in_setup();
            snap.phase = GamePhase::Playing;
            let mut view = game.view(Viewer::Spectator);
            view.last_move = history.last().copied();
            snap.view = Some(view);
            snap.history = history;
            draw(&snap, Lang::En).fragment
        };
        let page = drawn(vec![battle, answer]);
        assert!(
            page.contains("Battle before it: E4xE5: Red's Major"),
            "{page}"
        );
        assert!(page.contains("Last move: A7-A6"), "{page}");
        // The battle is the last move: told once, as the last move.
        let page = drawn(vec![answer, battle]);
        assert!(!page.contains("Battle before it"), "{page}");
        // Two plain moves after it: no longer news.
        let page = drawn(vec![battle, answer, answer]);
        assert!(!page.contains("Battle before it"), "{page}");
    }
}
