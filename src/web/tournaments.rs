//! Tournaments on the web: `/tournaments` (running, upcoming with their start times, the
//! last few finished), `/tournament/{id}` (terms, status, standings, games) with its
//! standings live (`/tournament/{id}/live`, Server-Sent Events), and their JSON
//! (`/api/tournaments`, `/api/tournament/{id}`, the same object `ssh host tournament ID
//! --format json` prints).
//!
//! What is shown is what the SSH tournament screen shows, read through the service: the
//! lobby's view of each tournament (no chat, players by nick only) and, for the games, the
//! stored pairings.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use hyper::body::Bytes;
use maud::{html, Markup};
use serde_json::{json, Value};
use tokio::sync::mpsc;

use super::live::{self, event, StreamSlot};
use super::pages::{fault_page, player_href};
use super::{Fault, Web};
use crate::proto::{Format, LobbySnapshot, TournamentInfo, TournamentStatus};
use crate::service::{PairingLine, TournamentPage};
use crate::ui::utc_datetime;

/// How many tournaments the front page lists.
const FRONT_PAGE: usize = 5;

/// `/tournament/{id}` (and its `/live`, its API): the number, or the page that is not there.
fn tournament_id(text: &str) -> Result<u64, Fault> {
    text.parse()
        .map_err(|_| Fault::NotFound("No such tournament.".to_string()))
}

fn no_such(id: u64) -> Fault {
    Fault::NotFound(format!("There is no tournament #{id}."))
}

fn href(id: u64) -> String {
    format!("/tournament/{id}")
}

/// `Swiss 5 rounds`, `Arena 45 min`.
fn format_words(f: Format) -> String {
    match f {
        Format::Arena { minutes } => format!("Arena {minutes} min"),
        Format::Swiss { rounds } => format!("Swiss {rounds} rounds"),
    }
}

/// Where a tournament is, in absolute times (a page does not count down): `starts
/// 2026-11-27 18:00 UTC`, `round 2 of 5`, `ends 2026-11-27 19:00 UTC`, `finished`.
fn when_words(t: &TournamentInfo) -> String {
    match t.status {
        TournamentStatus::Upcoming => {
            format!("starts {} UTC", utc_datetime(t.terms.starts_at))
        }
        TournamentStatus::Running => match (t.terms.format, t.ends_at) {
            (Format::Swiss { rounds }, _) => format!("round {} of {rounds}", t.round),
            (Format::Arena { .. }, Some(end)) => format!("ends {} UTC", utc_datetime(end)),
            (Format::Arena { .. }, None) => "running".into(),
        },
        TournamentStatus::Finished => "finished".into(),
        TournamentStatus::Cancelled => "cancelled".into(),
    }
}

fn players(t: &TournamentInfo) -> usize {
    t.standings.iter().filter(|s| !s.withdrawn).count()
}

fn is_open(t: &TournamentInfo) -> bool {
    matches!(
        t.status,
        TournamentStatus::Upcoming | TournamentStatus::Running
    )
}

// ---------------------------------------------------------------------------------------
// Pages.

/// The front page's tournaments: the running and upcoming ones (a few), linked.
pub(super) fn front_section(web: &Web) -> Markup {
    let all = web.service.tournaments_now();
    let next: Vec<&TournamentInfo> = all.iter().filter(|t| is_open(t)).collect();
    html! {
        section.tournaments {
            h2 { a href="/tournaments" { "Tournaments" } }
            @if next.is_empty() {
                p { "None running or announced. " a href="/tournaments" { "Recent ones" } }
            } @else {
                ul.tournaments {
                    @for t in next.iter().take(FRONT_PAGE) {
                        li { a href=(href(t.id)) { (t.terms.name) } " · " (format_words(t.terms.format)) " · " (t.terms.game.rules.variant.name()) " · " (when_words(t)) }
                    }
                }
                @if next.len() > FRONT_PAGE { p { a href="/tournaments" { "All tournaments" } } }
            }
        }
    }
}

fn list_table(list: &[&TournamentInfo], empty: &str) -> Markup {
    html! {
        @if list.is_empty() {
            p { (empty) }
        } @else {
            div.scroll {
                table.list {
                    thead { tr { th { "tournament" } th { "format" } th { "variant" } th { "when" } th { "players" } th { "by" } } }
                    tbody {
                        @for t in list {
                            tr {
                                td { a href=(href(t.id)) { (t.terms.name) } }
                                td { (format_words(t.terms.format)) }
                                td { (t.terms.game.rules.variant.name()) @if t.terms.game.rated { " rated" } @else { " casual" } }
                                td { (when_words(t)) }
                                td { (players(t)) }
                                td { (t.created_by) }
                            }
                        }
                    }
                }
            }
        }
    }
}

pub(super) async fn list(State(web): State<Web>) -> Response {
    let all = web.service.tournaments_now();
    let of = |s: &[TournamentStatus]| -> Vec<&TournamentInfo> {
        all.iter().filter(|t| s.contains(&t.status)).collect()
    };
    let body = html! {
        h1 { "Tournaments" }
        h2 { "Running" }
        (list_table(&of(&[TournamentStatus::Running]), "None running now."))
        h2 { "Upcoming" }
        (list_table(&of(&[TournamentStatus::Upcoming]), "None announced."))
        h2 { "Recently finished" }
        (list_table(&of(&[TournamentStatus::Finished, TournamentStatus::Cancelled]), "None yet."))
        p { "To join, connect over SSH and open the tournament from the lobby. As JSON: " a href="/api/tournaments" { "/api/tournaments" } }
    };
    super::pages::page(StatusCode::OK, "Tournaments", body)
}

/// What changes while a tournament runs: its status line, the standings, the games in
/// play. The contents of the page's `<div id="live">`, and each live event's.
/// `pages`: the nicks linked to their player's page.
fn live_fragment(t: &TournamentInfo, pages: &[String]) -> Markup {
    let swiss = matches!(t.terms.format, Format::Swiss { .. });
    let arena = !swiss;
    let n = t.standings.len();
    html! {
        p.status {
            strong { (t.status.word()) }
            @if is_open(t) { " · " (when_words(t)) }
            " · " (n) @if n == 1 { " player" } @else { " players" }
            @if !t.note.is_empty() { " · " (t.note) }
        }
        h2 { "Standings" }
        @if t.standings.is_empty() {
            p { @if t.status == TournamentStatus::Upcoming { "Nobody has joined yet." } @else { "No players." } }
        } @else {
            div.scroll {
                table.list.standings {
                    thead { tr {
                        th { "#" } th { "player" } th { "rating" } th { "points" } th { "games" } th { "perf" }
                        @if swiss { th { "buchholz" } th { "SB" } }
                        th { "" }
                    } }
                    tbody {
                        @for s in &t.standings {
                            @let absent = t.absent.iter().any(|a| a.eq_ignore_ascii_case(&s.nick));
                            tr {
                                td { (s.rank) }
                                td { @if pages.contains(&s.nick) { a href=(player_href(&s.nick)) { (s.nick) } } @else { (s.nick) } }
                                td { (s.rating) }
                                td.points { (s.points_text(t.terms.format)) }
                                td.marks { @for m in &s.marks { (m.letter()) } }
                                td { (s.performance.map_or("-".to_string(), |p| p.to_string())) }
                                @if swiss { td { (s.buchholz_text()) } td { (s.sonneborn_text()) } }
                                td {
                                    @if s.withdrawn && arena { "paused" }
                                    @else if s.withdrawn { "left" }
                                    @else if absent { "absent" }
                                    @else if s.fire { "on a streak (points doubled)" }
                                }
                            }
                        }
                    }
                }
            }
        }
        h2 { "Games in play (" (t.games.len()) ")" }
        @if t.games.is_empty() {
            p { @if t.status == TournamentStatus::Upcoming { "None before the start." } @else { "No games in play." } }
        } @else {
            ul.live {
                @for g in &t.games {
                    li { a href=(format!("/game/{}", g.id)) { "#" (g.id) } " " (g.red) " vs " (g.blue) @if swiss && g.round > 0 { " (round " (g.round) ")" } }
                }
            }
        }
    }
}

fn result_words(p: &PairingLine) -> String {
    match (p.result, &p.blue) {
        (_, None) => "bye".into(),
        (None, _) => "in play".into(),
        (Some("red"), _) => format!("{} won", p.red),
        (Some("blue"), Some(b)) => format!("{b} won"),
        (Some("draw"), _) => "draw".into(),
        _ => "void (no result)".into(),
    }
}

fn games_table(t: &TournamentInfo, pairings: &[PairingLine]) -> Markup {
    let swiss = matches!(t.terms.format, Format::Swiss { .. });
    html! {
        h2 { "Games" }
        @if pairings.is_empty() {
            p { "None yet." }
        } @else {
            div.scroll {
                table.list {
                    thead { tr { @if swiss { th { "round" } } th { "game" } th { "Red" } th { "Blue" } th { "result" } } }
                    tbody {
                        @for p in pairings.iter().rev() {
                            tr {
                                @if swiss { td { (p.round) } }
                                td { @if let Some(g) = p.game { a href=(format!("/game/{g}")) { "#" (g) } } @else { "-" } }
                                td { (p.red) }
                                td { (p.blue.as_deref().unwrap_or("-")) }
                                td { (result_words(p)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

pub(super) async fn one(State(web): State<Web>, Path(id): Path<String>) -> Response {
    match one_page(&web, &id).await {
        Ok(r) => r,
        Err(f) => fault_page(f),
    }
}

async fn read(web: &Web, id: u64) -> Result<TournamentPage, Fault> {
    web.service
        .tournament_page(id)
        .await
        .map_err(super::broken)?
        .ok_or_else(|| no_such(id))
}

async fn one_page(web: &Web, id: &str) -> Result<Response, Fault> {
    let id = tournament_id(id)?;
    let TournamentPage {
        info: t,
        pairings,
        pages,
    } = read(web, id).await?;
    let mut rules = format!(
        "Rules: {}; created by {}; starts {} UTC",
        t.terms.game.rules.options.summary(),
        t.created_by,
        utc_datetime(t.terms.starts_at)
    );
    if let Some(end) = t.ends_at {
        rules.push_str(&format!("; ends {} UTC", utc_datetime(end)));
    }
    let live_url = format!("/tournament/{id}/live");
    let body = html! {
        h1 { (t.terms.name) }
        p.terms { (t.terms_line()) }
        p.rules { (rules) }
        @if is_open(&t) {
            div #live data-live=(live_url) { (live_fragment(&t, &pages)) }
            p.reload { "Updates as it happens with JavaScript; without, " a href=(href(id)) { "reload" } "." }
            script src="/live.js" defer {}
        } @else {
            div #live { (live_fragment(&t, &pages)) }
        }
        (games_table(&t, &pairings))
        p { "As JSON: " a href=(format!("/api/tournament/{id}")) { "/api/tournament/" (id) } " · " a href="/tournaments" { "all tournaments" } }
    };
    Ok(super::pages::page(StatusCode::OK, &t.terms.name, body))
}

// ---------------------------------------------------------------------------------------
// JSON.

fn json_response(status: StatusCode, v: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        v.to_string(),
    )
        .into_response()
}

fn fault_json(f: Fault) -> Response {
    let (status, msg) = match f {
        Fault::NotFound(m) => (StatusCode::NOT_FOUND, m),
        Fault::BadRequest(m) => (StatusCode::BAD_REQUEST, m),
        Fault::Broken(e) => {
            tracing::warn!(error = %e, "web: tournament data could not be read");
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                "the server could not read its data".to_string(),
            )
        }
    };
    json_response(status, &json!({ "error": msg }))
}

/// `/api/tournaments`: the list the page shows, one object each.
pub(super) async fn api_list(State(web): State<Web>) -> Response {
    let all = web.service.tournaments_now();
    let items: Vec<Value> = all
        .iter()
        .map(|t| {
            json!({
                "id": t.id,
                "name": t.terms.name,
                "status": t.status.word(),
                "format": t.terms.format,
                "variant": t.terms.game.rules.variant.name().to_lowercase(),
                "rated": t.terms.game.rated,
                "clock": t.terms.game.clock.map(|c| c.to_string()),
                "starts_at": t.terms.starts_at,
                "ends_at": t.ends_at,
                "round": t.round,
                "players": players(t),
                "created_by": t.created_by,
                "url": href(t.id),
            })
        })
        .collect();
    json_response(StatusCode::OK, &json!({ "tournaments": items }))
}

/// `/api/tournament/{id}`: the view and every pairing, as `ssh host tournament ID --format
/// json` prints it.
pub(super) async fn api_one(State(web): State<Web>, Path(id): Path<String>) -> Response {
    let r = async {
        let id = tournament_id(&id)?;
        let page = read(&web, id).await?;
        let mut v = serde_json::to_value(&page.info).map_err(super::broken)?;
        v["pairings"] = serde_json::to_value(&page.pairings).map_err(super::broken)?;
        Ok::<Value, Fault>(v)
    }
    .await;
    match r {
        Ok(v) => json_response(StatusCode::OK, &v),
        Err(f) => fault_json(f),
    }
}

// ---------------------------------------------------------------------------------------
// The live standings.

/// How a tournament ended, in words (the `end` event's data).
fn end_words(t: &TournamentInfo) -> String {
    let mut s = match t.status {
        TournamentStatus::Cancelled => "cancelled".to_string(),
        _ => match t.standings.first() {
            Some(w) => format!("finished: {} first", w.nick),
            None => "finished".to_string(),
        },
    };
    if !t.note.is_empty() {
        s.push_str(&format!(" ({})", t.note));
    }
    s.replace('\n', " ")
}

/// `/tournament/{id}/live`: the standings fragment on connect and after each change.
pub(super) async fn live(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let slot = match live::admit(&web, peer, &headers) {
        Ok(s) => s,
        Err(refused) => return refused.into_response(),
    };
    match live_stream(&web, &id, slot).await {
        Ok(r) => r,
        Err(f) => fault_page(f),
    }
}

/// The live stream of tournament `id`; `slot` (its place in the live-stream budget) is
/// held as long as the stream is open.
async fn live_stream(web: &Web, id: &str, slot: StreamSlot) -> Result<Response, Fault> {
    let id = tournament_id(id)?;
    // Subscribe before reading, so no change between the two is missed.
    let changes = web.service.lobby_changes();
    let first = read(web, id).await?;
    let (tx, rx) = mpsc::channel::<Bytes>(4);
    tokio::spawn(follow(
        web.service.clone(),
        changes,
        first,
        tx,
        live::keep_alive(&web.config),
        slot,
    ));
    Ok(live::sse_response(rx))
}

/// Sends the tournament's fragment now and on each change of it in the lobby's snapshots,
/// a keep-alive comment when nothing was sent for `keep_alive`, and `end` once it is
/// over (or gone from the lobby, or the lobby stops).
async fn follow(
    service: crate::service::Service,
    mut changes: tokio::sync::watch::Receiver<Arc<LobbySnapshot>>,
    first: TournamentPage,
    tx: mpsc::Sender<Bytes>,
    keep_alive: Duration,
    _slot: StreamSlot,
) {
    let (mut shown, mut pages) = (first.info, first.pages);
    let mut seq = 0u64;
    // Keep-alives count from the last bytes sent: snapshots that change other things do
    // not hold them back.
    let mut sent = tokio::time::Instant::now();
    if tx
        .send(event(
            "html",
            Some(seq),
            &live_fragment(&shown, &pages).into_string(),
        ))
        .await
        .is_err()
    {
        return;
    }
    loop {
        if !is_open(&shown) {
            let _ = tx.send(event("end", None, &end_words(&shown))).await;
            return;
        }
        tokio::select! {
            changed = changes.changed() => {
                if changed.is_err() {
                    // The lobby stopped: the server is going down.
                    let _ = tx.send(event("end", None, "the server is stopping")).await;
                    return;
                }
                let now = changes.borrow_and_update().tournaments.iter().find(|t| t.id == shown.id).map(crate::service::public_view);
                let Some(now) = now else {
                    // No longer listed: read it as stored for the last word.
                    if let Ok(Some(p)) = service.tournament_page(shown.id).await {
                        (shown, pages) = (p.info, p.pages);
                        seq += 1;
                        let _ = tx.send(event("html", Some(seq), &live_fragment(&shown, &pages).into_string())).await;
                    }
                    let _ = tx.send(event("end", None, &end_words(&shown))).await;
                    return;
                };
                if now.0 == shown {
                    continue;
                }
                (shown, pages) = now;
                seq += 1;
                if tx.send(event("html", Some(seq), &live_fragment(&shown, &pages).into_string())).await.is_err() {
                    return;
                }
                sent = tokio::time::Instant::now();
            }
            _ = tokio::time::sleep_until(sent + keep_alive) => {
                if tx.send(Bytes::from_static(b": keep-alive\n\n")).await.is_err() {
                    return;
                }
                sent = tokio::time::Instant::now();
            }
            _ = tx.closed() => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_in_an_event_cannot_start_a_field() {
        let e = event("html", Some(3), "a\revent: end\r\nb\nc");
        let text = std::str::from_utf8(&e).unwrap();
        assert!(text.starts_with("event: html\nid: 3\n"), "{text}");
        assert!(text.ends_with("\n\n"));
        // Lines as a browser splits them: at CR, LF or CRLF.
        let body: Vec<&str> = text.trim_end().split(['\r', '\n']).skip(2).collect();
        assert!(body.iter().all(|l| l.starts_with("data: ")), "{text:?}");
    }
}
