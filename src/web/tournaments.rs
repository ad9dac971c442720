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

use super::lang::{PageLang, Say};
use super::live::{self, event, StreamSlot};
use super::pages::{fault_page, linked, player_href, rated_word};
use super::{Fault, Web};
use crate::i18n::{tr, Lang};
use crate::proto::{EntryRule, Format, LobbySnapshot, Mark, TournamentInfo, TournamentStatus};
use crate::rules::Color;
use crate::service::{PairingLine, TournamentPage};
use crate::ui::utc_datetime;
use crate::ui::vocab::{color_name, variant_name};

/// How many tournaments the front page lists.
const FRONT_PAGE: usize = 5;

/// `/tournament/{id}` (and its `/live`, its API): the number, or the page that is not there.
fn tournament_id(text: &str) -> Result<u64, Fault> {
    text.parse()
        .map_err(|_| Fault::NotFound(Say::new("web-no-such-tournament")))
}

fn no_such(id: u64) -> Fault {
    Fault::NotFound(Say::new("web-no-such-tournament-id").text("id", id))
}

fn href(id: u64) -> String {
    format!("/tournament/{id}")
}

/// `Swiss 5 rounds`, `Arena 45 min`, in `lang`.
fn format_words(lang: Lang, f: Format) -> String {
    match f {
        Format::Arena { minutes } => Say::new("web-format-arena").number("minutes", minutes.into()),
        Format::Swiss { rounds } => Say::new("web-format-swiss").number("rounds", rounds.into()),
    }
    .in_lang(lang)
}

/// A tournament's status in a word, in `lang`.
fn status_word(lang: Lang, s: TournamentStatus) -> String {
    tr(
        lang,
        match s {
            TournamentStatus::Upcoming => "web-status-upcoming",
            TournamentStatus::Running => "web-status-running",
            TournamentStatus::Finished => "web-status-finished",
            TournamentStatus::Cancelled => "web-status-cancelled",
        },
    )
}

/// Where a tournament is, in absolute times (a page does not count down): `starts
/// 2026-11-27 18:00 UTC`, `round 2 of 5`, `ends 2026-11-27 19:00 UTC`, `finished`.
fn when_words(lang: Lang, t: &TournamentInfo) -> String {
    match t.status {
        TournamentStatus::Upcoming => Say::new("web-starts")
            .text("time", utc_datetime(t.terms.starts_at))
            .in_lang(lang),
        TournamentStatus::Running => match (t.terms.format, t.ends_at) {
            (Format::Swiss { rounds }, _) => Say::new("web-round-of")
                .text("round", t.round)
                .text("rounds", rounds)
                .in_lang(lang),
            (Format::Arena { .. }, Some(end)) => Say::new("web-ends")
                .text("time", utc_datetime(end))
                .in_lang(lang),
            (Format::Arena { .. }, None) => status_word(lang, t.status),
        },
        _ => status_word(lang, t.status),
    }
}

/// One line of the terms: `Swiss 5 rounds · Classic · 5+3 · rated · anyone`.
fn terms_line(lang: Lang, t: &TournamentInfo) -> String {
    let terms = &t.terms;
    let clock = match (terms.game.days, terms.game.clock) {
        (Some(days), _) => crate::ui::vocab::days_words(lang, days, terms.game.budget),
        (None, Some(c)) => c.to_string(),
        (None, None) => tr(lang, "web-no-clock"),
    };
    let entry = match &terms.entry {
        EntryRule::Anyone => tr(lang, "web-entry-anyone"),
        EntryRule::KeyHolders => tr(lang, "web-entry-key-holders"),
        EntryRule::Nicks(n) => Say::new("web-entry-invited")
            .text("nicks", n.join(", "))
            .in_lang(lang),
    };
    let mut line = format!(
        "{} · {} · {clock} · {} · {entry}",
        format_words(lang, terms.format),
        variant_name(lang, terms.game.rules.variant),
        rated_word(lang, terms.game.rated),
    );
    if terms.min_rated_games > 0 {
        line.push_str(" · ");
        line.push_str(
            &Say::new("web-min-rated-games")
                .number("count", terms.min_rated_games.into())
                .in_lang(lang),
        );
    }
    line
}

/// A standing's mark of one game (`W`, `D`, `L`, `B` for a bye, `-` void), in `lang`.
fn mark_letter(lang: Lang, m: Mark) -> String {
    tr(
        lang,
        match m {
            Mark::Win => "web-mark-win",
            Mark::Draw => "web-mark-draw",
            Mark::Loss => "web-mark-loss",
            Mark::Bye => "web-mark-bye",
            Mark::Void => return "-".into(),
        },
    )
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
pub(super) fn front_section(web: &Web, l: &PageLang) -> Markup {
    let all = web.service.tournaments_now();
    let next: Vec<&TournamentInfo> = all.iter().filter(|t| is_open(t)).collect();
    let lang = l.lang;
    html! {
        section.tournaments {
            h2 { a href=(l.href("/tournaments")) { (l.tr("web-tournaments")) } }
            @if next.is_empty() {
                p { (l.tr("web-none-running-or-announced")) " " a href=(l.href("/tournaments")) { (l.tr("web-recent-ones")) } }
            } @else {
                ul.tournaments {
                    @for t in next.iter().take(FRONT_PAGE) {
                        li { a href=(l.href(&href(t.id))) { (t.terms.name) } " · " (format_words(lang, t.terms.format)) " · " (variant_name(lang, t.terms.game.rules.variant)) " · " (when_words(lang, t)) }
                    }
                }
                @if next.len() > FRONT_PAGE { p { a href=(l.href("/tournaments")) { (l.tr("web-all-tournaments")) } } }
            }
        }
    }
}

fn list_table(l: &PageLang, list: &[&TournamentInfo], empty: &str) -> Markup {
    let lang = l.lang;
    html! {
        @if list.is_empty() {
            p { (l.tr(empty)) }
        } @else {
            div.scroll {
                table.list {
                    thead { tr { th { (l.tr("web-col-tournament")) } th { (l.tr("web-col-format")) } th { (l.tr("web-col-variant")) } th { (l.tr("web-col-when")) } th { (l.tr("web-col-players")) } th { (l.tr("web-col-by")) } } }
                    tbody {
                        @for t in list {
                            tr {
                                td.name { a href=(l.href(&href(t.id))) title=(t.terms.name) { (t.terms.name) } }
                                td { (format_words(lang, t.terms.format)) }
                                td { (variant_name(lang, t.terms.game.rules.variant)) " " (rated_word(lang, t.terms.game.rated)) }
                                td { (when_words(lang, t)) }
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

pub(super) async fn list(State(web): State<Web>, l: PageLang) -> Response {
    let all = web.service.tournaments_now();
    let of = |s: &[TournamentStatus]| -> Vec<&TournamentInfo> {
        all.iter().filter(|t| s.contains(&t.status)).collect()
    };
    let title = l.tr("web-tournaments");
    let body = html! {
        h1 { (title) }
        h2 { (l.tr("web-running")) }
        (list_table(&l, &of(&[TournamentStatus::Running]), "web-none-running"))
        h2 { (l.tr("web-upcoming")) }
        (list_table(&l, &of(&[TournamentStatus::Upcoming]), "web-none-announced"))
        h2 { (l.tr("web-recently-finished")) }
        (list_table(&l, &of(&[TournamentStatus::Finished, TournamentStatus::Cancelled]), "web-none-yet"))
        p { (l.tr("web-to-join")) " " (l.tr("web-as-json")) " " a href="/api/tournaments" { "/api/tournaments" } }
    };
    super::pages::page(&l, StatusCode::OK, &title, body)
}

/// What changes while a tournament runs: its status line, the standings, the games in
/// play. The contents of the page's `<div id="live">`, and each live event's.
/// `pages`: the nicks linked to their player's page.
fn live_fragment(l: &PageLang, t: &TournamentInfo, pages: &[String]) -> Markup {
    let lang = l.lang;
    let swiss = matches!(t.terms.format, Format::Swiss { .. });
    let arena = !swiss;
    let n = t.standings.len();
    html! {
        p.status {
            strong { (status_word(lang, t.status)) }
            @if is_open(t) { " · " (when_words(lang, t)) }
            " · " (Say::new("web-players-count").number("count", n as i64).in_lang(lang))
            @if !t.note.is_empty() { " · " (crate::ui::vocab::tournament_note(lang, &t.note)) }
        }
        h2 { (l.tr("web-standings")) }
        @if t.standings.is_empty() {
            p { @if t.status == TournamentStatus::Upcoming { (l.tr("web-nobody-joined")) } @else { (l.tr("web-no-players")) } }
        } @else {
            div.scroll {
                table.list.standings {
                    thead { tr {
                        th { "#" } th { (l.tr("web-col-player")) } th { (l.tr("web-col-rating")) } th { (l.tr("web-col-points")) } th { (l.tr("web-col-games")) } th { (l.tr("web-col-perf")) }
                        @if swiss { th { (l.tr("web-col-buchholz")) } th { (l.tr("web-col-sb")) } }
                        th { "" }
                    } }
                    tbody {
                        @for s in &t.standings {
                            @let absent = t.absent.iter().any(|a| a.eq_ignore_ascii_case(&s.nick));
                            tr {
                                td { (s.rank) }
                                td { @if pages.contains(&s.nick) { a href=(l.href(&player_href(&s.nick))) { (s.nick) } } @else { (s.nick) } }
                                td { (s.rating) }
                                td.points { (s.points_text(t.terms.format)) }
                                td.marks { @for m in &s.marks { (mark_letter(lang, *m)) } }
                                td { (s.performance.map_or("-".to_string(), |p| p.to_string())) }
                                @if swiss { td { (s.buchholz_text()) } td { (s.sonneborn_text()) } }
                                td {
                                    @if s.withdrawn && arena { (l.tr("web-standing-paused")) }
                                    @else if s.withdrawn { (l.tr("web-standing-left")) }
                                    @else if absent { (l.tr("web-standing-absent")) }
                                    @else if s.fire { (l.tr("web-standing-streak")) }
                                }
                            }
                        }
                    }
                }
            }
        }
        h2 { (Say::new("web-games-in-play-count").text("count", t.games.len()).in_lang(lang)) }
        @if t.games.is_empty() {
            p { @if t.status == TournamentStatus::Upcoming { (l.tr("web-none-before-start")) } @else { (l.tr("web-no-games-in-play")) } }
        } @else {
            ul.live {
                @for g in &t.games {
                    li { a href=(l.href(&format!("/game/{}", g.id))) { "#" (g.id) } " " (g.red) " " (l.tr("web-vs")) " " (g.blue) @if swiss && g.round > 0 { " (" (Say::new("web-round").text("round", g.round).in_lang(lang)) ")" } }
                }
            }
        }
    }
}

fn result_words(lang: Lang, p: &PairingLine) -> String {
    match (p.result, &p.blue) {
        (_, None) => tr(lang, "web-result-bye"),
        (None, _) => tr(lang, "web-result-in-play"),
        (Some("red"), _) => Say::new("web-result-won")
            .text("nick", &p.red)
            .in_lang(lang),
        (Some("blue"), Some(b)) => Say::new("web-result-won").text("nick", b).in_lang(lang),
        (Some("draw"), _) => tr(lang, "web-result-draw"),
        _ => tr(lang, "web-result-void"),
    }
}

fn games_table(l: &PageLang, t: &TournamentInfo, pairings: &[PairingLine]) -> Markup {
    let lang = l.lang;
    let swiss = matches!(t.terms.format, Format::Swiss { .. });
    html! {
        h2 { (l.tr("web-games")) }
        @if pairings.is_empty() {
            p { (l.tr("web-none-yet")) }
        } @else {
            div.scroll {
                table.list {
                    thead { tr { @if swiss { th { (l.tr("web-col-round")) } } th { (l.tr("web-col-game")) } th { (color_name(lang, Color::Red)) } th { (color_name(lang, Color::Blue)) } th { (l.tr("web-col-result")) } } }
                    tbody {
                        @for p in pairings.iter().rev() {
                            tr {
                                @if swiss { td { (p.round) } }
                                td { @if let Some(g) = p.game { a href=(l.href(&format!("/game/{g}"))) { "#" (g) } } @else { "-" } }
                                td { (p.red) }
                                td { (p.blue.as_deref().unwrap_or("-")) }
                                td { (result_words(lang, p)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

pub(super) async fn one(State(web): State<Web>, l: PageLang, Path(id): Path<String>) -> Response {
    match one_page(&web, &l, &id).await {
        Ok(r) => r,
        Err(f) => fault_page(&l, f),
    }
}

async fn read(web: &Web, id: u64) -> Result<TournamentPage, Fault> {
    web.service
        .tournament_page(id)
        .await
        .map_err(super::broken)?
        .ok_or_else(|| no_such(id))
}

async fn one_page(web: &Web, l: &PageLang, id: &str) -> Result<Response, Fault> {
    let id = tournament_id(id)?;
    let TournamentPage {
        info: t,
        pairings,
        pages,
    } = read(web, id).await?;
    let lang = l.lang;
    let mut rules = Say::new("web-tournament-rules")
        .text(
            "rules",
            crate::ui::vocab::rules_short(lang, &t.terms.game.rules.options),
        )
        .text("by", &t.created_by)
        .text("starts", utc_datetime(t.terms.starts_at))
        .in_lang(lang);
    if let Some(end) = t.ends_at {
        rules.push_str(
            &Say::new("web-tournament-ends")
                .text("ends", utc_datetime(end))
                .in_lang(lang),
        );
    }
    let live_url = l.href(&format!("/tournament/{id}/live"));
    let body = html! {
        h1 { (t.terms.name) }
        p.terms { (terms_line(lang, &t)) }
        p.rules { (rules) }
        @if is_open(&t) {
            div #live data-live=(live_url) data-poll=(format!("/api/tournament/{id}")) data-refused=(l.tr("web-live-refused")) { (live_fragment(l, &t, &pages)) }
            p.reload { (linked(lang, Say::new("web-tournament-updates"), &[("reload", l.href(&href(id)), l.tr("web-reload"))])) }
            script src="/live.js" defer {}
        } @else {
            div #live { (live_fragment(l, &t, &pages)) }
        }
        (games_table(l, &t, &pairings))
        p { (l.tr("web-as-json")) " " a href=(format!("/api/tournament/{id}")) { "/api/tournament/" (id) } " · " a href=(l.href("/tournaments")) { (l.tr("web-all-tournaments-lower")) } }
    };
    Ok(super::pages::page(l, StatusCode::OK, &t.terms.name, body))
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
        Fault::NotFound(m) => (StatusCode::NOT_FOUND, m.english()),
        Fault::BadRequest(m) => (StatusCode::BAD_REQUEST, m.english()),
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
                "days": t.terms.game.days,
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

/// How a tournament ended, in words in `lang` (the `end` event's data).
fn end_words(lang: Lang, t: &TournamentInfo) -> String {
    let mut s = match t.status {
        TournamentStatus::Cancelled => status_word(lang, t.status),
        _ => match t.standings.first() {
            Some(w) => Say::new("web-finished-first")
                .text("nick", &w.nick)
                .in_lang(lang),
            None => status_word(lang, TournamentStatus::Finished),
        },
    };
    if !t.note.is_empty() {
        s.push_str(&format!(
            " ({})",
            crate::ui::vocab::tournament_note(lang, &t.note)
        ));
    }
    s.replace('\n', " ")
}

/// `/tournament/{id}/live`: the standings fragment on connect and after each change.
pub(super) async fn live(
    State(web): State<Web>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    l: PageLang,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let slot = match live::admit(&web, peer, &headers) {
        Ok(s) => s,
        Err(refused) => return refused.into_response(),
    };
    match live_stream(&web, &l, &id, slot).await {
        Ok(r) => r,
        Err(f) => fault_page(&l, f),
    }
}

/// The live stream of tournament `id`; `slot` (its place in the live-stream budget) is
/// held as long as the stream is open.
async fn live_stream(
    web: &Web,
    l: &PageLang,
    id: &str,
    slot: StreamSlot,
) -> Result<Response, Fault> {
    let id = tournament_id(id)?;
    // Subscribe before reading, so no change between the two is missed.
    let changes = web.service.lobby_changes();
    let first = read(web, id).await?;
    let (tx, rx) = mpsc::channel::<Bytes>(4);
    tokio::spawn(follow(
        l.clone(),
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
    l: PageLang,
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
            &live_fragment(&l, &shown, &pages).into_string(),
        ))
        .await
        .is_err()
    {
        return;
    }
    loop {
        if !is_open(&shown) {
            let _ = tx
                .send(event("end", None, &end_words(l.lang, &shown)))
                .await;
            return;
        }
        tokio::select! {
            changed = changes.changed() => {
                if changed.is_err() {
                    // The lobby stopped: the server is going down.
                    let _ = tx.send(event("end", None, &l.tr("web-server-stopping"))).await;
                    return;
                }
                let now = changes.borrow_and_update().tournaments.iter().find(|t| t.id == shown.id).map(crate::service::public_view);
                let Some(now) = now else {
                    // No longer listed: read it as stored for the last word.
                    if let Ok(Some(p)) = service.tournament_page(shown.id).await {
                        (shown, pages) = (p.info, p.pages);
                        seq += 1;
                        let _ = tx.send(event("html", Some(seq), &live_fragment(&l, &shown, &pages).into_string())).await;
                    }
                    let _ = tx.send(event("end", None, &end_words(l.lang, &shown))).await;
                    return;
                };
                if now.0 == shown {
                    continue;
                }
                (shown, pages) = now;
                seq += 1;
                if tx.send(event("html", Some(seq), &live_fragment(&l, &shown, &pages).into_string())).await.is_err() {
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
