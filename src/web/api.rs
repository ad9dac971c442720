//! The JSON API: each page's data (docs/web.md), and a player's games as ndjson.

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use super::board::{move_text, move_words};
use super::lang::Say;
use super::pages::{parse_variant, PageQuery};
use super::{game_id, view_word, Fault, GameQuery, Web};
use crate::i18n::Lang;
use crate::proto::{GameFilter, GameListItem};
use crate::rules::ViewMove;

fn json_response(status: StatusCode, v: &Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        v.to_string(),
    )
        .into_response()
}

pub(super) fn fault_json(f: Fault) -> Response {
    let (status, msg) = match f {
        Fault::NotFound(m) => (StatusCode::NOT_FOUND, m.english()),
        Fault::BadRequest(m) => (StatusCode::BAD_REQUEST, m.english()),
        Fault::Broken(e) => {
            tracing::warn!(error = %e, "web: API data could not be read");
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                "the server could not read its data".to_string(),
            )
        }
    };
    json_response(status, &json!({ "error": msg }))
}

fn reply(r: Result<Value, Fault>) -> Response {
    match r {
        Ok(v) => json_response(StatusCode::OK, &v),
        Err(f) => fault_json(f),
    }
}

pub(super) async fn leaderboard(
    State(web): State<Web>,
    Path(variant): Path<String>,
    q: PageQuery,
) -> Response {
    reply(
        async {
            let variant = parse_variant(&variant)?;
            let page = q.page()?;
            let board = web
                .service
                .leaderboard(variant)
                .await
                .map_err(super::broken)?;
            let rows = super::settled(&web, board.rows);
            let (rows, pages) = super::leaderboard_page(&rows, page)?;
            Ok(json!({
                "variant": variant.name().to_lowercase(),
                "page": page,
                "pages": pages,
                "rows": rows,
            }))
        }
        .await,
    )
}

/// A finished game in a list.
fn item(g: &GameListItem) -> Value {
    json!({
        "id": g.id,
        "red": g.red,
        "blue": g.blue,
        "variant": g.variant.name().to_lowercase(),
        "rated": g.rated,
        "winner": g.outcome.and_then(|o| o.winner).map(|c| c.name().to_lowercase()),
        "reason": g.outcome.map(|o| o.reason.describe()),
        "plies": g.plies,
        "ended_at": g.ended_at,
    })
}

pub(super) async fn player(
    State(web): State<Web>,
    Path(nick): Path<String>,
    q: PageQuery,
) -> Response {
    reply(
        async {
            let page = q.page()?;
            let nick: String = nick.chars().take(64).collect();
            let p = web
                .service
                .profile(&nick)
                .await
                .map_err(super::broken)?
                .ok_or_else(|| Fault::NotFound(Say::plain("no such player")))?;
            // The rating histories a page at a time: page 1 the latest, oldest first.
            let per = super::HISTORY_PAGE;
            let pages = p
                .ratings
                .iter()
                .map(|r| r.history.len().div_ceil(per))
                .max()
                .unwrap_or(0)
                .max(1);
            if page > pages {
                return Err(super::past_the_end(pages));
            }
            let ratings: Vec<Value> = p
                .ratings
                .iter()
                .map(|r| {
                    let end = r.history.len().saturating_sub((page - 1) * per);
                    let shown = &r.history[end.saturating_sub(per)..end];
                    json!({
                        "variant": r.variant.name().to_lowercase(),
                        "rating": r.rating,
                        "deviation": r.deviation,
                        "games": r.games,
                        "wins": r.wins,
                        "draws": r.draws,
                        "losses": r.losses,
                        "history": shown.iter().map(|&(t, r)| json!({"at": t, "rating": r})).collect::<Vec<_>>(),
                        "history_pages": r.history.len().div_ceil(per).max(1),
                    })
                })
                .collect();
            Ok(json!({
                "nick": p.nick,
                "ratings": ratings,
                "recent": p.recent.iter().map(item).collect::<Vec<_>>(),
            }))
        }
        .await,
    )
}

/// A player's finished public games, newest first, one JSON object a line.
pub(super) async fn games(State(web): State<Web>, Path(nick): Path<String>) -> Response {
    let nick: String = nick.chars().take(64).collect();
    let exists = match web.service.profile(&nick).await {
        Ok(p) => p.is_some(),
        Err(e) => return fault_json(super::broken(e)),
    };
    if !exists {
        return fault_json(Fault::NotFound(Say::plain("no such player")));
    }
    match web
        .service
        .games(None, GameFilter::Player(nick), None)
        .await
    {
        Ok(list) => {
            let mut out = String::new();
            for g in &list.items {
                out.push_str(&item(g).to_string());
                out.push('\n');
            }
            ([(header::CONTENT_TYPE, "application/x-ndjson")], out).into_response()
        }
        Err(e) => fault_json(super::broken(e)),
    }
}

pub(super) fn move_json(ply: usize, m: &ViewMove) -> Value {
    json!({
        "ply": ply,
        "mover": m.mover.name().to_lowercase(),
        "from": m.from.to_string(),
        "to": m.to.to_string(),
        "text": move_text(m),
        "words": move_words(Lang::En, m),
        "battle": m.battle.map(|b| json!({
            "attacker": b.attacker.map(|r| r.name()),
            "defender": b.defender.map(|r| r.name()),
        })),
    })
}

/// The analysis after the game as JSON: `{status: "ready", nodes, mistake, blunder,
/// plies: [{ply, mover, played, seen, hindsight}]}` (each judgement `{best, before, after,
/// mark}` or null for a ply with one legal move), or `{status: "waiting", ahead}`,
/// `{status: "running"}`, `{status: "full"}`, `{status: "off"}`.
fn analysis_json(a: Option<&crate::proto::AnalysisStatus>) -> Value {
    use crate::proto::AnalysisStatus as A;
    let judged = |j: Option<crate::rules::Judgement>| {
        j.map(|j| {
            json!({
                "best": format!("{}-{}", j.best.from, j.best.to),
                "before": j.before,
                "after": j.after,
                "mark": j.mark(),
            })
        })
    };
    match a {
        Some(A::Ready(a)) => json!({
            "status": "ready",
            "nodes": a.nodes,
            "mistake": crate::rules::analysis::MISTAKE,
            "blunder": crate::rules::analysis::BLUNDER,
            "plies": a.plies.iter().enumerate().map(|(i, p)| json!({
                "ply": i + 1,
                "mover": p.mover.name().to_lowercase(),
                "played": format!("{}-{}", p.played.from, p.played.to),
                "seen": judged(p.seen),
                "hindsight": judged(p.hindsight),
            })).collect::<Vec<_>>(),
        }),
        Some(A::Waiting { ahead }) => json!({"status": "waiting", "ahead": ahead}),
        Some(A::Running) => json!({"status": "running"}),
        Some(A::Full) => json!({"status": "full"}),
        Some(A::Off) | None => json!({"status": "off"}),
    }
}

pub(super) async fn game(
    State(web): State<Web>,
    Path(id): Path<String>,
    q: GameQuery,
    headers: axum::http::HeaderMap,
) -> Response {
    /// A finished game's object, or a game in play's answer.
    enum Answer {
        Done(Value),
        Live(Response),
    }
    use Answer::{Done, Live};
    let answer: Result<Answer, Fault> = async {
            let (id, xml) = game_id(&id)?;
            if xml {
                return Err(Fault::NotFound(Say::new("web-no-such-page")));
            }
            let (ply, view) = (q.ply()?, q.view()?);
            let facts = match web.service.game_facts(id).await {
                Ok(f) => f,
                // Not finished (or private, or unknown): a public game in play.
                Err(crate::service::ReplayFault::NoSuchGame(_)) => {
                    return match web.hub.follow(&web.service, id).await {
                        Some(rx) => Ok(Live(match q.from()? {
                            Some(from) => super::live::api_from(&rx.borrow(), from),
                            None => super::live::api(&rx.borrow()),
                        })),
                        None => Err(crate::service::ReplayFault::NoSuchGame(id).into()),
                    };
                }
                Err(e) => return Err(e.into()),
            };
            let snap = web.service.replay(id, ply, view, None).await?;
            let board = super::live::board_json(&snap.view);
            Ok(Done(json!({
                "live": false,
                "game": facts,
                "view": view_word(view),
                "ply": snap.ply,
                "plies": snap.plies,
                "to_move": snap.view.to_move.name().to_lowercase(),
                "board": board,
                "captured": snap.view.captured.iter().map(|c| json!({
                    "color": c.color.name().to_lowercase(),
                    "rank": c.rank.map(|r| r.name()),
                })).collect::<Vec<_>>(),
                "moves": snap.history.iter().enumerate().map(|(i, m)| move_json(i + 1, m)).collect::<Vec<_>>(),
                "analysis": analysis_json(snap.analysis.as_deref()),
            })))
        }
        .await;
    match answer {
        Ok(Live(r)) => r,
        Ok(Done(v)) => {
            // Until the analysis is made the answer changes: kept for a short while only.
            let pending = !matches!(v["analysis"]["status"].as_str(), Some("ready" | "off"));
            let mut r = super::finished(&headers, "application/json", v.to_string());
            if pending {
                r.headers_mut().insert(
                    header::CACHE_CONTROL,
                    axum::http::HeaderValue::from_static("public, max-age=30"),
                );
            }
            r
        }
        Err(f) => reply(Err(f)),
    }
}
