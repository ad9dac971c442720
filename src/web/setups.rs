//! The set-up library and explorer on the web (issue 47 item 3).
//!
//! - `GET /setups[?variant=duel]`: the signed-in player's saved set-ups of a variant, each
//!   drawn on its rows with how it fared in their finished games (read only: renaming,
//!   deleting, copying and editing are on the SSH screens). Nobody else's: a browser not
//!   signed in is told how to sign in, and the page is never cached (`private, no-store`).
//! - `GET /explorer/{variant}[?whose=mine]`: where Flags and Bombs stood and how each Flag
//!   square scored, and the set-ups played most: the server's public games both players
//!   finished (aggregates, no names), or with `whose=mine` the signed-in player's own.

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::Response;
use maud::{html, Markup};

use super::lang::{first_values, PageLang, Say};
use super::pages::{fault_page, page, parse_variant};
use super::signin::signed_in;
use super::{broken, Web};
use crate::rules::{Explorer, Square, Variant};
use crate::ui::library_text::{heat_word, setup_rows, stats_lines, Heat};
use crate::ui::vocab::variant_name;

/// A query parameter (the first of a repeated one).
fn query_value(uri: &Uri, name: &str) -> Option<String> {
    first_values(uri.query())
        .into_iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v)
}

/// Never kept by a cache: the page is one player's own.
fn private(mut r: Response) -> Response {
    r.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    r
}

/// Links to the same page for each variant, the one shown in bold.
fn variant_links(l: &PageLang, on: Variant, href: impl Fn(Variant) -> String) -> Markup {
    html! {
        p.variants {
            @for (i, v) in Variant::ALL.iter().enumerate() {
                @if i > 0 { " · " }
                @if *v == on { strong { (variant_name(l.lang, *v)) } }
                @else { a href=(l.href(&href(*v))) { (variant_name(l.lang, *v)) } }
            }
        }
    }
}

/// `GET /setups`.
pub(super) async fn library(
    State(web): State<Web>,
    l: PageLang,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    let variant = match query_value(&uri, "variant").map(|v| parse_variant(&v)) {
        None => Variant::Classic,
        Some(Ok(v)) => v,
        Some(Err(f)) => return fault_page(&l, f),
    };
    let lang = l.lang;
    let title = l.tr("web-setups-title");
    let Some(me) = signed_in(&web, &headers).await else {
        let body = html! {
            h1 { (title) }
            p #setups-sign-in { (l.tr("web-setups-sign-in")) }
        };
        return private(page(&l, StatusCode::OK, &title, body));
    };
    let saved = match web.service.saved_setups(&me.identity).await {
        Ok(s) => s,
        Err(e) => return fault_page(&l, broken(e)),
    };
    let mine: Vec<_> = saved.into_iter().filter(|s| s.variant == variant).collect();
    let stats = match web
        .service
        .setup_stats(&me.identity, variant, mine.clone())
        .await
    {
        Ok(s) => s,
        Err(e) => return fault_page(&l, broken(e)),
    };
    tracing::debug!(%variant, setups = mine.len(), "web: set-up library");
    let body = html! {
        h1 { (title) }
        p { (Say::new("web-setups-who").text("nick", &me.nick).in_lang(lang)) }
        (variant_links(&l, variant, |v| format!("/setups?variant={}", v.name().to_lowercase())))
        @if mine.is_empty() {
            p { (Say::new("web-setups-none").text("variant", variant_name(lang, variant)).in_lang(lang)) }
        }
        @for s in &mine {
            section.setup {
                h2 { (s.name) }
                pre.setup-rows { (setup_rows(&s.setup, lang).join("\n")) }
                @if let Some((_, st)) = stats.rows.iter().find(|(n, _)| *n == s.name) {
                    ul.setup-stats {
                        @for line in stats_lines(st, lang) { li { (line) } }
                    }
                }
            }
        }
        p.note { (Say::new("web-setups-read").number("games", stats.games_read.into()).in_lang(lang)) }
        p { a href=(l.href(&format!("/explorer/{}?whose=mine", variant.name().to_lowercase()))) { (l.tr("web-setups-my-explorer")) }
            " · " a href=(l.href(&format!("/explorer/{}", variant.name().to_lowercase()))) { (l.tr("web-setups-server-explorer")) } }
        p { (l.tr("web-setups-manage")) }
    };
    private(page(&l, StatusCode::OK, &title, body))
}

/// A heat map as a table: rows 4 to 1 (Red's squares, the back row last), a number in each
/// cell and its shade as a class (`h0`..`h4`).
fn heat_table(e: &Explorer, heat: Heat, lang: crate::i18n::Lang) -> Markup {
    let value = |q: Square| match heat {
        Heat::Flags => Some(e.flags_at(q)),
        Heat::Bombs => Some(e.bombs_at(q)),
        Heat::Score => e.flag_score(q),
    };
    let max = Square::all().filter_map(value).max().unwrap_or(0);
    html! {
        table.heat data-heat=(match heat { Heat::Flags => "flags", Heat::Bombs => "bombs", Heat::Score => "score" }) {
            caption { (heat_word(heat, lang)) }
            thead { tr { th {} @for f in 'A'..='J' { th { (f) } } } }
            tbody {
                @for row in (0..4u8).rev() {
                    tr {
                        th { (row + 1) }
                        @for file in 0..10u8 {
                            @if let Some(q) = Square::new(file, row) {
                                @match value(q) {
                                    Some(n) => {
                                        @let k = if heat == Heat::Score { 1 + n.min(99) / 25 } else { u32::from(Explorer::shade(n, max)) };
                                        td class=(format!("h{k}")) data-square=(q.to_string()) { (n) }
                                    }
                                    None => { td.h0 data-square=(q.to_string()) { "-" } }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `GET /explorer/{variant}`.
pub(super) async fn explorer(
    State(web): State<Web>,
    l: PageLang,
    headers: HeaderMap,
    uri: Uri,
    Path(variant): Path<String>,
) -> Response {
    let variant = match parse_variant(&variant) {
        Ok(v) => v,
        Err(f) => return fault_page(&l, f),
    };
    let lang = l.lang;
    let mine = query_value(&uri, "whose").is_some_and(|w| w == "mine");
    let me = if mine {
        signed_in(&web, &headers).await
    } else {
        None
    };
    let title = Say::new(if mine {
        "web-explorer-title-mine"
    } else {
        "web-explorer-title"
    })
    .text("variant", variant_name(lang, variant))
    .in_lang(lang);
    if mine && me.is_none() {
        let body = html! {
            h1 { (title) }
            p #setups-sign-in { (l.tr("web-setups-sign-in")) }
        };
        return private(page(&l, StatusCode::OK, &title, body));
    }
    let found = web
        .service
        .explorer(me.as_ref().map(|m| &m.identity), variant, mine)
        .await;
    let e = match found {
        Ok(p) => p.explorer,
        Err(e) => return fault_page(&l, broken(e)),
    };
    let base = format!("/explorer/{}", variant.name().to_lowercase());
    let body = html! {
        h1 { (title) }
        (variant_links(&l, variant, |v| format!("/explorer/{}{}", v.name().to_lowercase(), if mine { "?whose=mine" } else { "" })))
        p #explorer-armies { (Say::new("web-explorer-armies").number("armies", e.armies.into()).in_lang(lang)) }
        @if !mine { p.note { (l.tr("web-explorer-server-note")) } }
        @for heat in [Heat::Flags, Heat::Bombs, Heat::Score] {
            div.scroll { (heat_table(&e, heat, lang)) }
        }
        h2 { (l.tr("web-explorer-common")) }
        @if e.common.is_empty() {
            p { (l.tr("web-explorer-common-none")) }
        } @else {
            table.list {
                thead { tr { th { (l.tr("web-col-games")) } th { (l.tr("web-explorer-col-score")) } th { (l.tr("web-explorer-col-setup")) } } }
                tbody {
                    @for c in &e.common {
                        tr { td { (c.games) } td { ((c.points2 * 50 + c.games / 2) / c.games.max(1)) "%" } td { code { (c.setup) } } }
                    }
                }
            }
        }
        p {
            @if mine { a href=(l.href(&base)) { (l.tr("web-setups-server-explorer")) } }
            @else { a href=(l.href(&format!("{base}?whose=mine"))) { (l.tr("web-setups-my-explorer")) } }
            " · " (l.tr("web-as-text")) " " code { "explorer " (variant.name().to_lowercase()) @if mine { " mine" } } " " (l.tr("web-explorer-in-lines"))
        }
    };
    let r = page(&l, StatusCode::OK, &title, body);
    if mine {
        private(r)
    } else {
        r
    }
}
