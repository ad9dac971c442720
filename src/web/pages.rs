//! The HTML pages (maud: checked when compiled, text escaped unless marked otherwise, and
//! nothing here marks user text otherwise).

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};

use super::board::{board, move_text, move_words, rating_plot};
use super::{game_id, view_word, Fault, GameQuery, Web, MOVES_PER_PAGE};
use crate::proto::{GameListItem, Perspective};
use crate::rules::{Color, Outcome, Variant};

const STYLE: &str = include_str!("style.css");

pub(super) fn layout(title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                link rel="stylesheet" href="/style.css";
            }
            body {
                header {
                    nav {
                        a href="/" { "Stratego over SSH" }
                        " · "
                        @for (i, v) in Variant::ALL.iter().enumerate() {
                            @if i > 0 { " · " }
                            a href=(format!("/leaderboard/{}", v.name().to_lowercase())) { (v.name()) }
                        }
                    }
                }
                main { (body) }
            }
        }
    }
}

fn page(status: StatusCode, title: &str, body: Markup) -> Response {
    (status, Html(layout(title, body).into_string())).into_response()
}

/// A fault as a page.
pub(super) fn fault_page(f: Fault) -> Response {
    match f {
        Fault::NotFound(what) => page(
            StatusCode::NOT_FOUND,
            "Not found",
            html! { h1 { "Not found" } p { (what) } },
        ),
        Fault::BadRequest(what) => page(
            StatusCode::BAD_REQUEST,
            "Bad request",
            html! { h1 { "Bad request" } p { (what) } },
        ),
        Fault::Broken(e) => {
            tracing::warn!(error = %e, "web: a page could not be read");
            page(
                StatusCode::INTERNAL_SERVER_ERROR,
                "Server error",
                html! { h1 { "Server error" } p { "The server could not read its data; try again later." } },
            )
        }
    }
}

pub(super) async fn not_found() -> Response {
    fault_page(Fault::NotFound("No such page.".into()))
}

pub(super) async fn style() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=3600"),
        ],
        STYLE,
    )
        .into_response()
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

/// `ssh -p PORT HOST` (`ssh HOST` on port 22).
fn connect_line(web: &Web, headers: &HeaderMap) -> String {
    let host = web.site.name.clone().unwrap_or_else(|| asked_host(headers));
    match web.site.ssh_port {
        22 => format!("ssh {host}"),
        p => format!("ssh -p {p} {host}"),
    }
}

pub(super) async fn index(State(web): State<Web>, headers: HeaderMap) -> Response {
    let mut tops = Vec::new();
    for v in Variant::ALL {
        match web.service.leaderboard(v).await {
            Ok(b) => tops.push((v, b.rows.into_iter().take(5).collect::<Vec<_>>())),
            Err(e) => return fault_page(super::broken(e)),
        }
    }
    let live = web.service.live_games();
    let online = web.service.online_count();
    let name = web
        .site
        .name
        .clone()
        .unwrap_or_else(|| asked_host(&headers));
    let body = html! {
        h1 { "Stratego on " (name) }
        @if let Some(m) = &web.site.motd { p.motd { (m) } }
        section {
            h2 { "How to connect" }
            p { "From a terminal:" }
            pre.connect { (connect_line(&web, &headers)) }
            p { "The first time, your SSH client shows the server's host key. Check that it is this one:" }
            ul.keys { @for f in &web.site.fingerprints { li { code { (f) } } } }
            p { "No key? You can still play as a guest (casual games)." }
        }
        section {
            h2 { "Now" }
            p.online { (online) " " (if online == 1 { "player" } else { "players" }) " online, " (live.len()) " " (if live.len() == 1 { "game" } else { "games" }) " in play." }
            p { a href="/games/live" { "Watch the games in play" } " (on the web, or over SSH from the lobby)." }
            @if !live.is_empty() {
                ul.live {
                    @for g in live.iter().take(50) {
                        li { a href=(format!("/game/{}", g.id)) { "#" (g.id) } " " (g.red) " vs " (g.blue) ", " (g.terms.rules.variant.name()) ", move " (g.ply) }
                    }
                }
            }
        }
        section {
            h2 { "Leaderboards" }
            @for (v, rows) in &tops {
                h3 { a href=(format!("/leaderboard/{}", v.name().to_lowercase())) { (v.name()) } }
                @if rows.is_empty() {
                    p { "No rated " (v.name()) " games yet." }
                } @else {
                    ol.top {
                        @for r in rows {
                            li { a href=(player_href(&r.nick)) { (r.nick) } " " (r.rating) }
                        }
                    }
                }
            }
        }
    };
    page(StatusCode::OK, &format!("Stratego on {name}"), body)
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

#[derive(serde::Deserialize, Default)]
pub(super) struct PageQuery {
    page: Option<String>,
}

impl PageQuery {
    /// 1-based page number.
    pub(super) fn page(&self) -> Result<usize, Fault> {
        match self.page.as_deref().map(str::trim) {
            None | Some("") => Ok(1),
            Some(p) => match p.parse::<usize>() {
                Ok(n) if n >= 1 => Ok(n),
                _ => Err(Fault::BadRequest(format!(
                    "'{}' is not a page: write a number from 1",
                    p.chars().take(20).collect::<String>()
                ))),
            },
        }
    }
}

pub(super) fn parse_variant(v: &str) -> Result<Variant, Fault> {
    Variant::parse(v).ok_or_else(|| {
        Fault::NotFound("No such leaderboard: classic, duel or barrage.".to_string())
    })
}

pub(super) async fn leaderboard(
    State(web): State<Web>,
    Path(variant): Path<String>,
    Query(q): Query<PageQuery>,
) -> Response {
    let (variant, page_no) = match (parse_variant(&variant), q.page()) {
        (Ok(v), Ok(p)) => (v, p),
        (Err(f), _) | (_, Err(f)) => return fault_page(f),
    };
    let board = match web.service.leaderboard(variant).await {
        Ok(b) => b,
        Err(e) => return fault_page(super::broken(e)),
    };
    let (rows, pages) = match super::leaderboard_page(&board.rows, page_no) {
        Ok(p) => p,
        Err(f) => return fault_page(f),
    };
    let base = format!("/leaderboard/{}", variant.name().to_lowercase());
    let body = html! {
        h1 { (variant.name()) " leaderboard" }
        @if board.rows.is_empty() {
            p { "No rated " (variant.name()) " games yet: players are listed after their first." }
        } @else {
            div.scroll {
                table.list {
                    thead { tr { th { "rank" } th { "nick" } th { "rating" } th { "±" } th { "games" } th { "W" } th { "D" } th { "L" } } }
                    tbody {
                        @for r in rows {
                            tr { td { (r.rank) } td { a href=(player_href(&r.nick)) { (r.nick) } } td { (r.rating) } td { (r.deviation) } td { (r.games) } td { (r.wins) } td { (r.draws) } td { (r.losses) } }
                        }
                    }
                }
            }
            p.pager {
                "page " (page_no) " of " (pages)
                @if page_no > 1 { " · " a href=(format!("{base}?page={}", page_no - 1)) { "previous" } }
                @if page_no < pages { " · " a href=(format!("{base}?page={}", page_no + 1)) { "next" } }
            }
        }
        p { "As text: " code { "ssh host leaderboard " (variant.name().to_lowercase()) } "; as JSON: " a href=(format!("/api/leaderboard/{}", variant.name().to_lowercase())) { "/api/leaderboard/" (variant.name().to_lowercase()) } }
    };
    page(
        StatusCode::OK,
        &format!("{} leaderboard", variant.name()),
        body,
    )
}

/// A result in words, from a list's point of view.
pub(super) fn outcome_words(o: Option<Outcome>, red: &str, blue: &str) -> String {
    match o {
        Some(o) => match o.winner {
            Some(c) => format!(
                "{} ({}) won: {}",
                if c == Color::Red { red } else { blue },
                c.name(),
                o.reason.describe()
            ),
            None => format!("no winner: {}", o.reason.describe()),
        },
        None => "unfinished".into(),
    }
}

fn games_list(items: &[GameListItem]) -> Markup {
    html! {
        div.scroll {
            table.list {
                thead { tr { th { "game" } th { "Red" } th { "Blue" } th { "variant" } th { "result" } th { "moves" } } }
                tbody {
                    @for g in items {
                        tr {
                            td { a href=(format!("/game/{}", g.id)) { "#" (g.id) } }
                            td { (g.red) } td { (g.blue) }
                            td { (g.variant.name()) @if g.rated { " rated" } @else { " casual" } }
                            td { (outcome_words(g.outcome, &g.red, &g.blue)) }
                            td { (g.plies) }
                        }
                    }
                }
            }
        }
    }
}

pub(super) async fn player(State(web): State<Web>, Path(nick): Path<String>) -> Response {
    let nick: String = nick.chars().take(64).collect();
    let profile = match web.service.profile(&nick).await {
        Ok(Some(p)) => p,
        Ok(None) => return fault_page(Fault::NotFound("No such player.".into())),
        Err(e) => return fault_page(super::broken(e)),
    };
    let body = html! {
        h1 { (profile.nick) }
        @if profile.ratings.is_empty() {
            p { "No rated games yet." }
        }
        @for r in &profile.ratings {
            section.rating {
                h2 { (r.variant.name()) ": " (r.rating) " ±" (r.deviation) }
                p.wdl { (r.games) " rated games: " (r.wins) " won, " (r.draws) " drawn, " (r.losses) " lost" }
                (rating_plot(&r.history))
            }
        }
        h2 { "Recent games" }
        @if profile.recent.is_empty() { p { "None yet." } } @else { (games_list(&profile.recent)) }
        p { "As JSON: " a href=(format!("/api/player/{}", &player_href(&profile.nick)[3..])) { "player" } ", " a href=(format!("/api/games/{}", &player_href(&profile.nick)[3..])) { "all finished games (ndjson)" } }
    };
    page(StatusCode::OK, &profile.nick, body)
}

fn view_label(p: Perspective) -> &'static str {
    match p {
        Perspective::All => "everything revealed",
        Perspective::Red => "as Red saw it",
        Perspective::Blue => "as Blue saw it",
    }
}

pub(super) async fn game(
    State(web): State<Web>,
    Path(id): Path<String>,
    Query(q): Query<GameQuery>,
) -> Response {
    match game_page(&web, &id, &q).await {
        Ok(r) => r,
        Err(f) => fault_page(f),
    }
}

async fn game_page(web: &Web, id: &str, q: &GameQuery) -> Result<Response, Fault> {
    let (id, xml) = game_id(id)?;
    if xml {
        let (record, names) = web.service.record(id).await?;
        let text = crate::rules::gravon::export(&record, [&names[0], &names[1]]);
        return Ok((
            [
                (header::CONTENT_TYPE, "application/xml; charset=utf-8"),
                (header::CONTENT_DISPOSITION, "inline"),
            ],
            text,
        )
            .into_response());
    }
    let (ply, view) = (q.ply()?, q.view()?);
    let facts = match web.service.game_facts(id).await {
        Ok(f) => f,
        // Not finished (or private, or unknown): a public game in play, as its spectators
        // see it (whatever `ply` and `view` ask).
        Err(crate::service::ReplayFault::NoSuchGame(_)) => {
            return match web.hub.follow(&web.service, id).await {
                Some(rx) => Ok(super::live::page(&rx.borrow())),
                None => Err(crate::service::ReplayFault::NoSuchGame(id).into()),
            };
        }
        Err(e) => return Err(e.into()),
    };
    let snap = web.service.replay(id, ply, view, None).await?;
    let ply = snap.ply;
    let plies = snap.plies;
    let vw = view_word(view);
    let at = |p: u32| format!("/game/{id}?ply={p}&view={vw}");
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
    let title = format!("Game #{id}: {} vs {}", facts.red, facts.blue);
    let body = html! {
        h1 { "Game #" (id) }
        p.players { span.red { (facts.red) } " (Red) vs " span.blue { (facts.blue) } " (Blue) · " (facts.variant.name()) @if facts.rated { ", rated" } @else { ", casual" } }
        p.result { "Result: " (outcome_words(Some(facts.outcome), &facts.red, &facts.blue)) }
        @if let Some(ch) = &facts.rating_changes {
            ul.changes {
                @for (i, c) in ch.iter().enumerate() {
                    @let nick = if i == 0 { &facts.red } else { &facts.blue };
                    li { a href=(player_href(nick)) { (nick) } ": " (c.before) " → " (c.after) " (" (format!("{:+}", c.after - c.before)) ")" }
                }
            }
        }
        nav.views {
            @for p in [Perspective::All, Perspective::Red, Perspective::Blue] {
                @if p == view { strong { (view_label(p)) } } @else { a href=(format!("/game/{id}?ply={ply}&view={}", view_word(p))) { (view_label(p)) } }
                " "
            }
        }
        nav.steps {
            a href=(at(0)) { "first" } " "
            a href=(at(ply.saturating_sub(1))) { "prev" } " "
            span.ply { "ply " (ply) " of " (plies) } " "
            a href=(at((ply + 1).min(plies))) { "next" } " "
            a href=(at(plies)) { "last" }
        }
        (board(&snap.view, bottom))
        @if let Some(m) = &snap.view.last_move {
            p.last { "Last move: " (move_text(m)) ": " (move_words(m)) }
        }
        @if ply == plies {
            p.result { "Game over: " (outcome_words(Some(facts.outcome), &facts.red, &facts.blue)) }
        } @else {
            p { (snap.view.to_move.name()) " to move." }
        }
        @if !snap.view.captured.is_empty() {
            p.captured {
                "Captured: "
                @for (i, c) in snap.view.captured.iter().enumerate() {
                    @if i > 0 { ", " }
                    (c.color.name()) " " (c.rank.map_or("unknown", |r| r.name()))
                }
            }
        }
        form.jump method="get" action=(format!("/game/{id}")) {
            input type="hidden" name="view" value=(vw);
            label { "Go to ply " input type="number" name="ply" min="0" max=(plies) value=(ply); }
            " " button type="submit" { "go" }
        }
        h2 { "Moves" }
        @if start > 0 { p { a href=(at(start as u32)) { "earlier moves" } } }
        ol.moves start=(start + 1) {
            @for (i, m) in &shown {
                @if *i as u32 + 1 == ply {
                    li.current { a href=(at(*i as u32 + 1)) { (move_text(m)) } " " (move_words(m)) }
                } @else {
                    li { a href=(at(*i as u32 + 1)) { (move_text(m)) } " " (move_words(m)) }
                }
            }
        }
        @if later(start) { p { a href=(at((start + MOVES_PER_PAGE + 1) as u32)) { "later moves" } } }
        p { "Download: " a href=(format!("/game/{id}.xml")) { "StraDoS2 XML" } " · " a href=(format!("/api/game/{id}?ply={ply}&view={vw}")) { "JSON" } }
    };
    Ok(page(StatusCode::OK, &title, body))
}
