//! The HTML pages (maud: checked when compiled, text escaped unless marked otherwise, and
//! nothing here marks user text otherwise).

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};

use super::board::{board, move_text, move_words, piece_in, rating_plot};
use super::lang::{PageLang, Say};
use super::{game_id, view_word, Fault, GameQuery, Web, MOVES_PER_PAGE};
use crate::i18n::Lang;
use crate::proto::{GameListItem, Perspective};
use crate::rules::{Color, Outcome, Variant};
use crate::ui::vocab::{color_name, end_reason, variant_name};

const STYLE: &str = include_str!("style.css");
const STEP_JS: &str = include_str!("step.js");

pub(super) fn layout(l: &PageLang, title: &str, body: Markup) -> Markup {
    layout_at(l, title, None, body)
}

/// What every page's head holds: the character set, the phone's viewport, the referrer
/// policy, the title, the site's stylesheet and icon.
pub(super) fn head_common(title: &str) -> Markup {
    html! {
        meta charset="utf-8";
        meta name="viewport" content="width=device-width, initial-scale=1";
        // The site's `no-referrer` header makes a browser send `Origin: null` with a form's
        // POST (signing in and out, a guest's session): within this site a page says where
        // it comes from; to other sites still nothing.
        meta name="referrer" content="same-origin";
        title { (title) }
        link rel="stylesheet" href="/style.css";
        link rel="icon" href="/favicon.svg" type="image/svg+xml";
    }
}

/// A page whose one address for crawlers and shared links is `canonical` (absolute when
/// `public_url` is set, else this site's path): every ply, view and language of a game
/// names its plain address.
pub(super) fn layout_at(
    l: &PageLang,
    title: &str,
    canonical: Option<&str>,
    body: Markup,
) -> Markup {
    html! {
        (DOCTYPE)
        html lang=(l.lang.code()) {
            head {
                (head_common(title))
                @if let Some(c) = canonical { link rel="canonical" href=(c); }
                meta property="og:title" content=(title);
                meta property="og:type" content="website";
                meta property="og:site_name" content=(l.tr("web-nav-home"));
                @if let Some(c) = canonical { meta property="og:url" content=(c); }
                meta name="twitter:card" content="summary";
            }
            body {
                header {
                    nav {
                        a href=(l.href("/")) { (l.tr("web-nav-home")) }
                        " · "
                        @for (i, v) in Variant::ALL.iter().enumerate() {
                            @if i > 0 { " · " }
                            a href=(l.href(&format!("/leaderboard/{}", v.name().to_lowercase()))) { (variant_name(l.lang, *v)) }
                        }
                    }
                }
                main { (body) }
                footer { (l.switch()) }
            }
        }
    }
}

pub(super) fn page(l: &PageLang, status: StatusCode, title: &str, body: Markup) -> Response {
    (status, Html(layout(l, title, body).into_string())).into_response()
}

/// A game's one address: `public_url` + `/game/{id}`, or the path alone.
pub(super) fn game_url(web: &Web, id: u64) -> String {
    format!(
        "{}/game/{id}",
        web.site.public_url.as_deref().unwrap_or_default()
    )
}

/// `/robots.txt`: crawlers may read the pages, not every ply, view and language of each
/// game (each names its plain address as canonical), nor the streams and the API.
pub(super) async fn robots() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=86400"),
        ],
        "User-agent: *\nDisallow: /game/*?\nDisallow: /game/*/live\nDisallow: /tournament/*/live\nDisallow: /api/\nAllow: /\n",
    )
        .into_response()
}

/// A file served from the binary: its type, how long a cache may keep it, its text.
pub(super) fn asset(kind: &'static str, cache: &'static str, text: &'static str) -> Response {
    (
        [(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, cache)],
        text,
    )
        .into_response()
}

/// The site's icon (a board square in the two sides' colours), for `/favicon.svg` and the
/// `/favicon.ico` browsers ask for by themselves.
pub(super) async fn favicon() -> Response {
    asset("image/svg+xml", "max-age=86400", FAVICON)
}

const FAVICON: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 16\">\
<rect width=\"16\" height=\"8\" fill=\"#36c\"/><rect y=\"8\" width=\"16\" height=\"8\" fill=\"#d33\"/>\
<rect x=\"5\" y=\"5\" width=\"6\" height=\"6\" fill=\"#9cf\"/></svg>";

/// A rating as shown: `1500`, or `1500?` while it is provisional (its deviation above
/// `settled_deviation`).
pub(super) fn rating_text(web: &Web, rating: i32, deviation: i32) -> String {
    if deviation > web.config.settled_deviation {
        format!("{rating}?")
    } else {
        rating.to_string()
    }
}

/// The game's rule options in words (the replay screen's).
pub(super) fn rules_words(lang: Lang, o: &crate::rules::Options) -> String {
    use crate::i18n::{tr, tr_args, FluentArgs};
    let mut w = vec![match o.two_square_limit {
        0 => tr(lang, "replay-rules-no-two-square"),
        n => {
            let mut a = FluentArgs::new();
            a.set("count", n);
            tr_args(lang, "replay-rules-two-square", &a)
        }
    }];
    if o.more_squares {
        w.push(tr(lang, "replay-rules-chasing"));
    }
    if o.aggressor_advantage {
        w.push(tr(lang, "replay-rules-attacker-wins"));
    }
    if o.silent_defense {
        w.push(tr(lang, "replay-rules-silent"));
    }
    if o.rescue {
        w.push(tr(lang, "replay-rules-rescue"));
    }
    if o.immobility == crate::rules::Immobility::Immediate {
        w.push(tr(lang, "replay-rules-blocked"));
    }
    w.join(", ")
}

/// The tournament game `id` was played in, if the lobby still lists it (running, or among
/// the last finished): its number, name and the game's round (0 in an arena). A game in
/// play is found in the lobby's view; a finished one in the pairings of the tournaments
/// with its variant and clock.
pub(super) async fn tournament_of(
    web: &Web,
    id: u64,
    variant: Variant,
    clock: Option<crate::proto::ClockSpec>,
) -> Option<(u64, String, u32)> {
    use crate::proto::TournamentStatus;
    let all = web.service.tournaments_now();
    for t in &all {
        if let Some(g) = t.games.iter().find(|g| g.id == id) {
            return Some((t.id, t.terms.name.clone(), g.round));
        }
    }
    for t in all.iter().filter(|t| {
        t.status != TournamentStatus::Upcoming
            && t.terms.game.rules.variant == variant
            && t.terms.game.clock == clock
    }) {
        if let Ok(Some(page)) = web.service.tournament_page(t.id).await {
            if let Some(p) = page.pairings.iter().find(|p| p.game == Some(id)) {
                return Some((t.id, t.terms.name.clone(), p.round));
            }
        }
    }
    None
}

/// "Played in NAME, round N", NAME linked to the tournament's page.
pub(super) fn tournament_line(l: &PageLang, t: &(u64, String, u32)) -> Markup {
    let (tid, name, round) = t;
    let say = if *round > 0 {
        Say::new("web-game-in-round").number("round", i64::from(*round))
    } else {
        Say::new("web-game-in-tournament")
    };
    html! {
        p.tournament { (linked(l.lang, say, &[("tournament", l.href(&format!("/tournament/{tid}")), name.clone())])) }
    }
}

/// A clock's terms in words: `clock 10+5`, or `no clock`.
/// A game's clock in words, or its days a move (a correspondence game).
pub(super) fn terms_clock_words(lang: Lang, terms: &crate::proto::GameTerms) -> String {
    match terms.days {
        Some(days) => crate::ui::vocab::days_words(lang, days, terms.budget),
        None => clock_words(lang, terms.clock),
    }
}

pub(super) fn clock_words(lang: Lang, clock: Option<crate::proto::ClockSpec>) -> String {
    match clock {
        Some(c) => Say::new("web-clock")
            .text(
                "clock",
                format!("{}+{}", c.initial_secs / 60, c.increment_secs),
            )
            .in_lang(lang),
        None => crate::i18n::tr(lang, "web-no-clock"),
    }
}

/// A fault as a page.
pub(super) fn fault_page(l: &PageLang, f: Fault) -> Response {
    let (status, title, what) = match f {
        Fault::NotFound(what) => (StatusCode::NOT_FOUND, "web-not-found", l.say(&what)),
        Fault::BadRequest(what) => (StatusCode::BAD_REQUEST, "web-bad-request", l.say(&what)),
        Fault::Broken(e) => {
            tracing::warn!(error = %e, "web: a page could not be read");
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                "web-server-error",
                l.tr("web-server-error-text"),
            )
        }
    };
    let title = l.tr(title);
    page(l, status, &title, html! { h1 { (title) } p { (what) } })
}

/// No such path: a page, or under `/api/` the API's JSON error.
pub(super) async fn not_found(l: PageLang, uri: axum::http::Uri) -> Response {
    if uri.path().starts_with("/api/") {
        return super::api::fault_json(Fault::NotFound(Say::plain("no such path in the API")));
    }
    fault_page(&l, Fault::NotFound(Say::new("web-no-such-page")))
}

/// A sentence of the catalog with links in it: each `(name, href, text)` of `links` is
/// the link standing for `{ $name }` in the sentence (where each language puts it).
pub(super) fn linked(lang: Lang, say: Say, links: &[(&'static str, String, String)]) -> Markup {
    let mut say = say;
    for (i, (name, _, _)) in links.iter().enumerate() {
        say = say.text(name, format!("\u{E000}{i}\u{E001}"));
    }
    let text = say.in_lang(lang);
    let mut parts: Vec<(&str, Option<usize>)> = vec![];
    let mut rest = text.as_str();
    while let Some(at) = rest.find('\u{E000}') {
        parts.push((&rest[..at], None));
        let after = &rest[at + '\u{E000}'.len_utf8()..];
        let end = after.find('\u{E001}').unwrap_or(after.len());
        parts.push(("", after[..end].parse().ok()));
        rest = after.get(end + '\u{E001}'.len_utf8()..).unwrap_or("");
    }
    parts.push((rest, None));
    html! {
        @for (text, link) in &parts {
            @match link.and_then(|i| links.get(i)) {
                Some((_, href, words)) => { a href=(href) { (words) } }
                None => { (text) }
            }
        }
    }
}

pub(super) async fn style() -> Response {
    asset("text/css; charset=utf-8", "max-age=3600", STYLE)
}

/// A finished game's page's keys (it works without it: plain links).
pub(super) async fn step_js() -> Response {
    asset("text/javascript; charset=utf-8", "max-age=3600", STEP_JS)
}

/// The host a browser asked for, without its port (for the `ssh` line when no host name is
/// configured).
fn asked_host(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("localhost");
    let host = if let Some(rest) = host.strip_prefix('[') {
        format!("[{}]", rest.split(']').next().unwrap_or_default())
    } else {
        host.split(':').next().unwrap_or_default().to_string()
    };
    host.chars().take(100).collect()
}

/// The host players connect to: `host_name`; else `public_url`'s host; else the host the
/// browser asked for when it is a host name or an address (never other text a request
/// put in its `Host` header); else `localhost`.
fn site_host(web: &Web, headers: &HeaderMap) -> String {
    if let Some(n) = &web.site.name {
        return n.clone();
    }
    if let Some(u) = &web.site.public_url {
        let rest = u.split_once("://").map_or(u.as_str(), |(_, r)| r);
        let authority = rest.split('/').next().unwrap_or_default();
        let authority = authority.rsplit_once('@').map_or(authority, |(_, a)| a);
        let host = match authority.strip_prefix('[') {
            Some(v6) => format!("[{}]", v6.split(']').next().unwrap_or_default()),
            None => authority.split(':').next().unwrap_or_default().to_string(),
        };
        if !host.is_empty() {
            return host;
        }
    }
    let asked = asked_host(headers);
    let name_like = !asked.is_empty()
        && asked
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
    let v6 = asked
        .strip_prefix('[')
        .and_then(|a| a.strip_suffix(']'))
        .is_some_and(|a| a.parse::<std::net::Ipv6Addr>().is_ok());
    if name_like || v6 {
        asked
    } else {
        "localhost".into()
    }
}

/// `ssh -p PORT HOST` (`ssh HOST` on port 22).
fn connect_line(web: &Web, headers: &HeaderMap) -> String {
    let host = site_host(web, headers);
    match web.site.ssh_port {
        22 => format!("ssh {host}"),
        p => format!("ssh -p {p} {host}"),
    }
}

pub(super) async fn index(State(web): State<Web>, l: PageLang, headers: HeaderMap) -> Response {
    let mut tops = Vec::new();
    for v in Variant::ALL {
        match web.service.leaderboard(v).await {
            Ok(b) => tops.push((
                v,
                super::settled(&web, b.rows)
                    .into_iter()
                    .take(5)
                    .collect::<Vec<_>>(),
            )),
            Err(e) => return fault_page(&l, super::broken(e)),
        }
    }
    let live = web.service.live_games();
    let online = web.service.online_count();
    let name = site_host(&web, &headers);
    let lang = l.lang;
    let title = Say::new("web-home-title").text("host", &name).in_lang(lang);
    let me = super::signin::signed_in(&web, &headers).await;
    let body = html! {
        @if let Some(me) = &me {
            form.signed-in method="post" action="/logout" {
                (Say::new("web-signed-in").text("nick", &me.nick).in_lang(lang)) " "
                a href=(l.href("/account")) { (l.tr("web-account-title")) } " "
                button type="submit" { (l.tr("web-sign-out")) }
            }
        }
        h1 { (title) }
        @if let Some(m) = &web.site.motd { p.motd { (m) } }
        section {
            h2 { (l.tr("web-connect-heading")) }
            p { (l.tr("web-connect-terminal")) }
            pre.connect { (connect_line(&web, &headers)) }
            p { (l.tr("web-connect-host-key")) }
            ul.keys { @for f in &web.site.fingerprints { li { code { (f) } } } }
            p { (l.tr("web-connect-guest")) }
            @if web.site.allow_guests {
                p.play { a href=(l.href("/play")) { (l.tr("web-play-title")) } " " (l.tr("web-play-front")) }
            }
        }
        section {
            h2 { (l.tr("web-now")) }
            p.online { (Say::new("web-now-counts").number("players", online as i64).number("games", live.len() as i64).in_lang(lang)) }
            p { a href=(l.href("/games/live")) { (l.tr("web-watch-live")) } " " (l.tr("web-watch-live-note")) }
            @if !live.is_empty() {
                ul.live {
                    @for g in live.iter().take(50) {
                        li { a href=(l.href(&format!("/game/{}", g.id))) { "#" (g.id) } " " (Say::new("web-live-item").text("red", &g.red).text("blue", &g.blue).text("variant", variant_name(lang, g.terms.rules.variant)).text("ply", g.ply).in_lang(lang)) }
                    }
                }
            }
        }
        (super::tournaments::front_section(&web, &l))
        section {
            h2 { (l.tr("web-leaderboards")) }
            @for (v, rows) in &tops {
                h3 { a href=(l.href(&format!("/leaderboard/{}", v.name().to_lowercase()))) { (variant_name(lang, *v)) } }
                @if rows.is_empty() {
                    p { (Say::new("web-no-rated-games").text("variant", variant_name(lang, *v)).in_lang(lang)) }
                } @else {
                    ol.top {
                        @for r in rows {
                            li { a href=(l.href(&player_href(&r.nick))) { (r.nick) } " " (r.rating) }
                        }
                    }
                }
            }
        }
    };
    page(&l, StatusCode::OK, &title, body)
}

/// A player's page: `/@/NICK` with the nick escaped for a path.
pub(super) fn player_href(nick: &str) -> String {
    let mut out = String::from("/@/");
    for b in nick.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `?page=N` (the first of a repeated one counts).
#[derive(Default)]
pub(super) struct PageQuery {
    page: Option<String>,
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for PageQuery {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<PageQuery, Self::Rejection> {
        let q = super::lang::first_values(parts.uri.query());
        Ok(PageQuery {
            page: q.into_iter().find(|(k, _)| k == "page").map(|(_, v)| v),
        })
    }
}

impl PageQuery {
    /// 1-based page number.
    pub(super) fn page(&self) -> Result<usize, Fault> {
        match self.page.as_deref().map(str::trim) {
            None | Some("") => Ok(1),
            Some(p) => match p.parse::<usize>() {
                Ok(n) if n >= 1 => Ok(n),
                _ => Err(Fault::BadRequest(
                    Say::new("web-bad-page").text("text", p.chars().take(20).collect::<String>()),
                )),
            },
        }
    }
}

pub(super) fn parse_variant(v: &str) -> Result<Variant, Fault> {
    Variant::parse(v).ok_or_else(|| Fault::NotFound(Say::new("web-no-such-leaderboard")))
}

pub(super) async fn leaderboard(
    State(web): State<Web>,
    l: PageLang,
    Path(variant): Path<String>,
    q: PageQuery,
) -> Response {
    let (variant, page_no) = match (parse_variant(&variant), q.page()) {
        (Ok(v), Ok(p)) => (v, p),
        (Err(f), _) | (_, Err(f)) => return fault_page(&l, f),
    };
    let board = match web.service.leaderboard(variant).await {
        Ok(b) => crate::proto::Leaderboard {
            rows: super::settled(&web, b.rows),
            ..b
        },
        Err(e) => return fault_page(&l, super::broken(e)),
    };
    let (rows, pages) = match super::leaderboard_page(&board.rows, page_no) {
        Ok(p) => p,
        Err(f) => return fault_page(&l, f),
    };
    let lang = l.lang;
    let base = format!("/leaderboard/{}", variant.name().to_lowercase());
    let title = Say::new("web-leaderboard-title")
        .text("variant", variant_name(lang, variant))
        .in_lang(lang);
    let body = html! {
        h1 { (title) }
        @if board.rows.is_empty() {
            p { (Say::new("web-leaderboard-empty").text("variant", variant_name(lang, variant)).in_lang(lang)) }
        } @else {
            div.scroll {
                table.list {
                    thead { tr { th { (l.tr("web-col-rank")) } th { (l.tr("web-col-nick")) } th { (l.tr("web-col-rating")) } th { "±" } th { (l.tr("web-col-games")) } th { (l.tr("web-col-won")) } th { (l.tr("web-col-drawn")) } th { (l.tr("web-col-lost")) } } }
                    tbody {
                        @for r in rows {
                            tr { td { (r.rank) } td { a href=(l.href(&player_href(&r.nick))) { (r.nick) } } td { (r.rating) } td { (r.deviation) } td { (r.games) } td { (r.wins) } td { (r.draws) } td { (r.losses) } }
                        }
                    }
                }
            }
            p.pager {
                (Say::new("web-page-of").text("page", page_no).text("pages", pages).in_lang(lang))
                @if page_no > 1 { " · " a href=(l.href(&format!("{base}?page={}", page_no - 1))) { (l.tr("web-previous")) } }
                @if page_no < pages { " · " a href=(l.href(&format!("{base}?page={}", page_no + 1))) { (l.tr("web-next")) } }
            }
        }
        p.note { (Say::new("web-leaderboard-provisional").number("max", web.config.settled_deviation.into()).in_lang(lang)) }
        p { (l.tr("web-as-text")) " " code { "ssh host leaderboard " (variant.name().to_lowercase()) } "; " (l.tr("web-as-json-lower")) " " a href=(format!("/api/leaderboard/{}", variant.name().to_lowercase())) { "/api/leaderboard/" (variant.name().to_lowercase()) } }
    };
    page(&l, StatusCode::OK, &title, body)
}

/// A result in words in `lang`, from a list's point of view: `alice (Red) won:
/// resignation`.
pub(super) fn outcome_words(lang: Lang, o: Option<Outcome>, red: &str, blue: &str) -> String {
    match o {
        Some(o) => match o.winner {
            Some(c) => Say::new("web-won")
                .text("nick", if c == Color::Red { red } else { blue })
                .text("color", color_name(lang, c))
                .text("reason", end_reason(lang, o.reason)),
            None => Say::new("web-no-winner").text("reason", end_reason(lang, o.reason)),
        }
        .in_lang(lang),
        None => crate::i18n::tr(lang, "web-unfinished"),
    }
}

/// `rated` or `casual`, in `lang`.
pub(super) fn rated_word(lang: Lang, rated: bool) -> String {
    crate::i18n::tr(lang, if rated { "web-rated" } else { "web-casual" })
}

fn games_list(l: &PageLang, items: &[GameListItem]) -> Markup {
    let lang = l.lang;
    html! {
        div.scroll {
            table.list {
                thead { tr { th { (l.tr("web-col-game")) } th { (color_name(lang, Color::Red)) } th { (color_name(lang, Color::Blue)) } th { (l.tr("web-col-variant")) } th { (l.tr("web-col-result")) } th { (l.tr("web-col-moves")) } } }
                tbody {
                    @for g in items {
                        tr {
                            td { a href=(l.href(&format!("/game/{}", g.id))) { "#" (g.id) } }
                            td { (g.red) } td { (g.blue) }
                            td { (variant_name(lang, g.variant)) " " (rated_word(lang, g.rated)) }
                            td { (outcome_words(lang, g.outcome, &g.red, &g.blue)) }
                            td { (g.plies.div_ceil(2)) }
                        }
                    }
                }
            }
        }
    }
}

pub(super) async fn player(
    State(web): State<Web>,
    l: PageLang,
    headers: HeaderMap,
    Path(nick): Path<String>,
) -> Response {
    let nick: String = nick.chars().take(64).collect();
    let profile = match web.service.profile(&nick).await {
        Ok(Some(p)) => p,
        Ok(None) => return fault_page(&l, Fault::NotFound(Say::new("web-no-such-player"))),
        Err(e) => return fault_page(&l, super::broken(e)),
    };
    let lang = l.lang;
    // The owner, signed in, sees the correspondence games waiting for their move (nobody
    // else: a private game among them is theirs to know of).
    let owner = super::signin::signed_in(&web, &headers)
        .await
        .filter(|me| me.nick == profile.nick);
    let waiting = match &owner {
        Some(me) => Some(web.service.waiting_for(&me.identity).await),
        None => None,
    };
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let body = html! {
        h1 { (profile.nick) }
        @if let Some(waiting) = &waiting {
            section.your-move {
                h2 { (l.tr("web-your-move")) }
                @if waiting.is_empty() { p { (l.tr("web-your-move-none")) } }
                @else {
                    ul {
                        @for w in waiting {
                            li { (Say::new(if w.setup { "web-your-setup-row" } else { "web-your-move-row" })
                                .number("game", w.id as i64)
                                .text("opponent", &w.opponent)
                                .text("due", crate::ui::utc_datetime(w.deadline))
                                .text("left", crate::ui::line::days_hours(lang, w.deadline.saturating_sub(now)))
                                .in_lang(lang)) }
                        }
                    }
                    p { (l.tr("web-your-move-how")) }
                }
            }
        }
        @if profile.ratings.is_empty() {
            p { (l.tr("web-no-rated-yet")) }
        }
        @for r in &profile.ratings {
            section.rating {
                h2 { (variant_name(lang, r.variant)) ": " (rating_text(&web, r.rating, r.deviation)) " ±" (r.deviation) }
                p.wdl { (Say::new("web-wdl").number("games", r.games as i64).text("wins", r.wins).text("draws", r.draws).text("losses", r.losses).in_lang(lang)) }
                (rating_plot(lang, &r.history[r.history.len().saturating_sub(super::HISTORY_PAGE)..]))
            }
        }
        h2 { (l.tr("web-recent-games")) }
        @if profile.recent.is_empty() { p { (l.tr("web-none-yet")) } } @else { (games_list(&l, &profile.recent)) }
        p { (l.tr("web-as-json")) " " a href=(format!("/api/player/{}", &player_href(&profile.nick)[3..])) { (l.tr("web-json-player")) } ", " a href=(format!("/api/games/{}", &player_href(&profile.nick)[3..])) { (l.tr("web-json-games")) } }
    };
    let mut response = page(&l, StatusCode::OK, &profile.nick, body);
    if waiting.is_some() {
        // The owner's own list: never kept by a shared cache.
        response.headers_mut().insert(
            header::CACHE_CONTROL,
            axum::http::HeaderValue::from_static("private, no-store"),
        );
    }
    response
}

fn view_label(lang: Lang, p: Perspective) -> String {
    match p {
        Perspective::All => crate::i18n::tr(lang, "web-view-all"),
        Perspective::Red => Say::new("web-view-as")
            .text("color", color_name(lang, Color::Red))
            .in_lang(lang),
        Perspective::Blue => Say::new("web-view-as")
            .text("color", color_name(lang, Color::Blue))
            .in_lang(lang),
    }
}

/// The players' line of a game's page: `alice (Red) vs bob (Blue) · Classic, rated`.
pub(super) fn players_line(
    lang: Lang,
    red: &str,
    blue: &str,
    variant: Variant,
    rated: bool,
) -> Markup {
    html! {
        span.red { (red) } " (" (color_name(lang, Color::Red)) ") " (crate::i18n::tr(lang, "web-vs")) " "
        span.blue { (blue) } " (" (color_name(lang, Color::Blue)) ") · "
        (variant_name(lang, variant)) ", " (rated_word(lang, rated))
    }
}

/// The captured pieces in words.
pub(super) fn captured_line(lang: Lang, captured: &[crate::rules::ViewCaptured]) -> Markup {
    html! {
        (crate::i18n::tr(lang, "web-captured")) " "
        @for (i, c) in captured.iter().enumerate() {
            @if i > 0 { ", " }
            (piece_in(lang, c.color, c.rank))
        }
    }
}

/// The analysis after the game on its page: where it stands, or the chart of the
/// evaluation, how the move shown was judged both ways, and the mistakes as links.
fn analysis_section(
    l: &PageLang,
    status: Option<&crate::proto::AnalysisStatus>,
    ply: u32,
    at: &dyn Fn(u32) -> String,
) -> Markup {
    use crate::proto::AnalysisStatus as A;
    let lang = l.lang;
    let a = match status {
        Some(A::Ready(a)) => a,
        Some(A::Waiting { ahead }) => {
            return html! { h2 { (l.tr("web-analysis")) } p.analysis-status { (Say::new("web-analysis-waiting").text("ahead", *ahead).in_lang(lang)) } }
        }
        Some(A::Running) => {
            return html! { h2 { (l.tr("web-analysis")) } p.analysis-status { (l.tr("web-analysis-running")) } }
        }
        Some(A::Full) => {
            return html! { h2 { (l.tr("web-analysis")) } p.analysis-status { (l.tr("web-analysis-full")) } }
        }
        Some(A::Off) | None => return html! {},
    };
    let judged = |key: &'static str, j: Option<crate::rules::Judgement>| {
        let what = match j {
            Some(j) => Say::new("web-analysis-judged")
                .text("best", format!("{}-{}", j.best.from, j.best.to))
                .text("before", format!("{:+}", j.before))
                .text("after", format!("{:+}", j.after))
                .text(
                    "mark",
                    if j.mark().is_empty() {
                        String::new()
                    } else {
                        format!(" {}", j.mark())
                    },
                )
                .in_lang(lang),
            None => l.tr("web-analysis-only"),
        };
        format!("{}: {what}", l.tr(key))
    };
    let mistakes: Vec<(u32, &crate::rules::PlyReview)> = a
        .plies
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_mistake())
        .map(|(i, p)| (i as u32 + 1, p))
        .collect();
    let this = (ply as usize).checked_sub(1).and_then(|i| a.plies.get(i));
    html! {
        section.analysis {
            h2 { (l.tr("web-analysis")) }
            p { (Say::new("web-analysis-about").text("mistake", crate::rules::analysis::MISTAKE).text("blunder", crate::rules::analysis::BLUNDER).in_lang(lang)) }
            (super::board::analysis_chart(lang, a, ply, at))
            p.legend { (l.tr("web-analysis-legend")) }
            @if let Some(p) = this {
                p.judged {
                    (Say::new("web-analysis-this").text("ply", ply).text("color", color_name(lang, p.mover)).in_lang(lang)) " "
                    (judged("web-analysis-seen", p.seen)) "; "
                    (judged("web-analysis-hindsight", p.hindsight))
                }
            }
            @if mistakes.is_empty() {
                p { (l.tr("web-analysis-none")) }
            } @else {
                ul.mistakes {
                    @for (k, p) in &mistakes {
                        li {
                            a href=(at(*k)) { (Say::new("web-analysis-ply").text("ply", *k).text("color", color_name(lang, p.mover)).text("played", format!("{}-{}", p.played.from, p.played.to)).in_lang(lang)) } " "
                            (judged("web-analysis-seen", p.seen)) "; "
                            (judged("web-analysis-hindsight", p.hindsight))
                        }
                    }
                }
            }
        }
    }
}

pub(super) async fn game(
    State(web): State<Web>,
    l: PageLang,
    Path(id): Path<String>,
    q: GameQuery,
    headers: HeaderMap,
) -> Response {
    match game_page(&web, &l, &id, &q, &headers).await {
        Ok(r) => r,
        Err(f) => fault_page(&l, f),
    }
}

async fn game_page(
    web: &Web,
    l: &PageLang,
    id: &str,
    q: &GameQuery,
    req: &HeaderMap,
) -> Result<Response, Fault> {
    let (id, xml) = game_id(id)?;
    if xml {
        let (record, names) = web.service.record(id).await?;
        let text = crate::rules::gravon::export(&record, [&names[0], &names[1]]);
        let mut r = super::finished(req, "application/xml; charset=utf-8", text);
        r.headers_mut().insert(
            header::CONTENT_DISPOSITION,
            axum::http::HeaderValue::from_static("inline"),
        );
        return Ok(r);
    }
    let (ply, view) = (q.ply()?, q.view()?);
    let facts = match web.service.game_facts(id).await {
        Ok(f) => f,
        // Not finished (or private, or unknown): a public game in play, as its spectators
        // see it (whatever `ply` and `view` ask).
        Err(crate::service::ReplayFault::NoSuchGame(_)) => {
            return match web.hub.follow(&web.service, id).await {
                Some(rx) => {
                    let l = l.without_query();
                    let (variant, clock) = {
                        let r = rx.borrow();
                        (r.variant(), r.clock())
                    };
                    let played_in = tournament_of(web, id, variant, clock)
                        .await
                        .map(|t| tournament_line(&l, &t));
                    Ok(super::live::page(
                        &l,
                        &rx.borrow(),
                        &game_url(web, id),
                        played_in,
                    ))
                }
                None => Err(crate::service::ReplayFault::NoSuchGame(id).into()),
            };
        }
        Err(e) => return Err(e.into()),
    };
    let snap = web.service.replay(id, ply, view, None).await?;
    let played_in = tournament_of(web, id, facts.variant, facts.clock).await;
    let ply = snap.ply;
    let plies = snap.plies;
    let vw = view_word(view);
    let at = |p: u32| l.href(&format!("/game/{id}?ply={p}&view={vw}"));
    let lang = l.lang;
    let bottom = if view == Perspective::Blue {
        Color::Blue
    } else {
        Color::Red
    };
    // The moves: with everything revealed, the whole game (it is over, and its record is
    // public); as one side saw it, the moves up to this ply as that side knew them.
    let history = if view == Perspective::All && ply < plies {
        web.service.replay(id, plies, view, None).await?.history
    } else {
        snap.history.clone()
    };
    let later = |start: usize| history.len() > start + MOVES_PER_PAGE;
    let start = (ply.saturating_sub(1) as usize / MOVES_PER_PAGE) * MOVES_PER_PAGE;
    let shown: Vec<_> = history
        .iter()
        .enumerate()
        .skip(start)
        .take(MOVES_PER_PAGE)
        .collect();
    let title = Say::new("web-game-page-title")
        .text("id", id)
        .text("red", &facts.red)
        .text("blue", &facts.blue)
        .in_lang(lang);
    let body = html! {
        h1 { (Say::new("web-game-heading").text("id", id).in_lang(lang)) }
        p.players { (players_line(lang, &facts.red, &facts.blue, facts.variant, facts.rated)) }
        p.result { (l.tr("web-result")) " " (outcome_words(lang, Some(facts.outcome), &facts.red, &facts.blue)) }
        @if let Some(ch) = &facts.rating_changes {
            ul.changes {
                @for (i, c) in ch.iter().enumerate() {
                    @let nick = if i == 0 { &facts.red } else { &facts.blue };
                    li { a href=(l.href(&player_href(nick))) { (nick) } ": " (c.before) " → " (c.after) " (" (format!("{:+}", c.after - c.before)) ")" }
                }
            }
        }
        nav.views {
            @for p in [Perspective::All, Perspective::Red, Perspective::Blue] {
                @if p == view { strong { (view_label(lang, p)) } } @else { a href=(l.href(&format!("/game/{id}?ply={ply}&view={}", view_word(p)))) { (view_label(lang, p)) } }
                " "
            }
        }
        // /step.js steps by these (keys ←/→, Home/End, Space to play), and names its
        // button with the words given here.
        nav.steps data-play=(l.tr("web-step-play")) data-pause=(l.tr("web-step-pause")) data-play-title=(l.tr("web-step-play-title")) {
            a #step-first rel="first" href=(at(0)) { (l.tr("web-step-first")) } " "
            a #step-prev rel="prev" href=(at(ply.saturating_sub(1))) { (l.tr("web-step-prev")) } " "
            span.ply #step-ply data-ply=(ply) data-plies=(plies) { (Say::new("web-ply-of").text("ply", ply).text("plies", plies).in_lang(lang)) } " "
            a #step-next rel="next" href=(at((ply + 1).min(plies))) { (l.tr("web-step-next")) } " "
            a #step-last rel="last" href=(at(plies)) { (l.tr("web-step-last")) }
        }
        (board(lang, &snap.view, bottom))
        @if let Some(m) = &snap.view.last_move {
            p.last { (l.tr("web-last-move")) " " (move_text(m)) ": " (move_words(lang, m)) }
        }
        @if ply == plies {
            p.result { (l.tr("web-game-over")) " " (outcome_words(lang, Some(facts.outcome), &facts.red, &facts.blue)) }
        } @else {
            p { (Say::new("web-to-move").text("color", color_name(lang, snap.view.to_move)).in_lang(lang)) "." }
        }
        @if !snap.view.captured.is_empty() {
            p.captured { (captured_line(lang, &snap.view.captured)) }
        }
        // Below the board: on a phone the whole board stays on the first screen.
        @if let Some(t) = &played_in { (tournament_line(l, t)) }
        p.when { (Say::new("web-game-played").text("start", crate::ui::utc_datetime(facts.started_at)).text("end", crate::ui::utc_datetime(facts.ended_at)).in_lang(lang)) }
        p.terms { (match facts.days { Some(days) => crate::ui::vocab::days_words(lang, days, facts.budget), None => clock_words(lang, facts.clock) }) "; " (Say::new("web-game-rules").text("rules", rules_words(lang, &snap.rules.options)).in_lang(lang)) }
        form.jump method="get" action=(format!("/game/{id}")) {
            input type="hidden" name="view" value=(vw);
            @if l.asked { input type="hidden" name="lang" value=(lang.code()); }
            label { (l.tr("web-go-to-ply")) " " input type="number" name="ply" min="0" max=(plies) value=(ply); }
            " " button type="submit" { (l.tr("web-go")) }
        }
        (analysis_section(l, snap.analysis.as_deref(), ply, &at))
        h2 { (l.tr("web-moves")) }
        @if start > 0 { p { a href=(at(start as u32)) { (l.tr("web-earlier-moves")) } } }
        ol.moves start=(start + 1) {
            @for (i, m) in &shown {
                @if *i as u32 + 1 == ply {
                    li.current { a href=(at(*i as u32 + 1)) { (move_text(m)) } " " (move_words(lang, m)) }
                } @else {
                    li { a href=(at(*i as u32 + 1)) { (move_text(m)) } " " (move_words(lang, m)) }
                }
            }
        }
        @if later(start) { p { a href=(at((start + MOVES_PER_PAGE + 1) as u32)) { (l.tr("web-later-moves")) } } }
        p { (l.tr("web-download")) " " a href=(format!("/game/{id}.xml")) { "StraDoS2 XML" } " · " a href=(format!("/api/game/{id}?ply={ply}&view={vw}")) { "JSON" } }
        script src="/step.js" defer {}
    };
    let canonical = game_url(web, id);
    // Until the analysis is made the page changes: kept for a short while only.
    if !matches!(
        snap.analysis.as_deref(),
        Some(crate::proto::AnalysisStatus::Ready(_)) | Some(crate::proto::AnalysisStatus::Off)
    ) {
        let mut r = super::finished(
            req,
            "text/html; charset=utf-8",
            layout_at(l, &title, Some(&canonical), body).into_string(),
        );
        r.headers_mut().insert(
            header::CACHE_CONTROL,
            axum::http::HeaderValue::from_static("public, max-age=30"),
        );
        return Ok(r);
    }
    Ok(super::finished(
        req,
        "text/html; charset=utf-8",
        layout_at(l, &title, Some(&canonical), body).into_string(),
    ))
}
