//! The set-up library and explorer on the web (issue 47 item 3).
//!
//! - `GET /setups[?variant=duel]`: the signed-in player's saved set-ups of a variant, each
//!   drawn on its rows with how it fared in their finished games, with forms to rename,
//!   copy and delete it (asking first: `GET /setups/delete`) and a link to edit it on a
//!   board (`GET /setups/edit`). Nobody else's: a browser not signed in is told how to sign
//!   in, and the pages are never cached (`private, no-store`).
//! - `POST /setups/rename`, `/setups/copy`, `/setups/delete`, `/setups/edit`: forms of the
//!   site's own pages (`Origin`, as every POST here; the session cookie is `SameSite=Strict`)
//!   acting on the signed-in player's own set-up named in the form (variant and name, looked
//!   up in their own list: another player's cannot be named). Bad input is refused with a
//!   clear message and nothing changes; done, the browser is sent back to the list (303).
//! - The board of `GET /setups/edit` needs no script: each square is a link, the draft (the
//!   set-up string, as Red's) and the square picked ride in the address, and a click on a
//!   second square swaps the two; nothing is stored until Save posts the draft, which is
//!   validated by the rules (`Setup::parse`) as the SSH screens' are.
//! - `GET /explorer/{variant}[?whose=mine]`: where Flags and Bombs stood and how each Flag
//!   square scored, and the set-ups played most: the server's public games both players
//!   finished (aggregates, no names), or with `whose=mine` the signed-in player's own.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup};

use super::lang::{first_values, PageLang, Say};
use super::pages::{fault_page, page, parse_variant};
use super::signin::signed_in;
use super::{broken, Web};
use crate::proto::SavedSetup;
use crate::rules::setup_squares;
use crate::rules::setup_stats::as_red;
use crate::rules::{Color, Explorer, Numbering, Rules, Setup, Square, Variant};
use crate::service::SignedIn;
use crate::ui::library_text::{
    copy_name, heat_word, setup_error, setup_rows, stats_lines, Heat, NAME_MAX,
};
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

/// The page asking a browser that is not signed in to sign in.
fn sign_in_first(l: &PageLang, status: StatusCode) -> Response {
    let title = l.tr("web-setups-title");
    let body = html! {
        h1 { (title) }
        p #setups-sign-in { (l.tr("web-setups-sign-in")) }
    };
    private(page(l, status, &title, body))
}

/// A value as a part of an address's query.
fn q(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// A variant as the addresses write it.
fn vname(v: Variant) -> String {
    v.name().to_lowercase()
}

/// The library's list of `variant`.
fn list_href(l: &PageLang, variant: Variant) -> String {
    l.href(&format!("/setups?variant={}", vname(variant)))
}

/// A page about one saved set-up (`path`: `/setups/edit`, `/setups/delete`).
fn setup_href(path: &str, variant: Variant, name: &str) -> String {
    format!("{path}?variant={}&name={}", vname(variant), q(name))
}

/// What the library page says above the list: an action done, or refused.
enum Said {
    Done(String),
    Refused(String),
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
    let Some(me) = signed_in(&web, &headers).await else {
        return sign_in_first(&l, StatusCode::OK);
    };
    // After a form: what was done (the name shown as text, never read as markup).
    let done = query_value(&uri, "done").and_then(|d| {
        let id = match d.as_str() {
            "renamed" => "web-setups-done-renamed",
            "copied" => "web-setups-done-copied",
            "deleted" => "web-setups-done-deleted",
            "saved" => "web-setups-done-saved",
            _ => return None,
        };
        let name = query_value(&uri, "name").unwrap_or_default();
        let name: String = name.chars().take(NAME_MAX).collect();
        Some(Said::Done(Say::new(id).text("name", name).in_lang(l.lang)))
    });
    library_page(&web, &l, &me, variant, done, StatusCode::OK).await
}

/// The library of `variant` for `me`, with what `said` says above it.
async fn library_page(
    web: &Web,
    l: &PageLang,
    me: &SignedIn,
    variant: Variant,
    said: Option<Said>,
    status: StatusCode,
) -> Response {
    let lang = l.lang;
    let title = l.tr("web-setups-title");
    let saved = match web.service.saved_setups(&me.identity).await {
        Ok(s) => s,
        Err(e) => return fault_page(l, broken(e)),
    };
    let mine: Vec<_> = saved.into_iter().filter(|s| s.variant == variant).collect();
    let stats = match web
        .service
        .setup_stats(&me.identity, variant, mine.clone())
        .await
    {
        Ok(s) => s,
        Err(e) => return fault_page(l, broken(e)),
    };
    tracing::debug!(%variant, setups = mine.len(), "web: set-up library");
    let v = vname(variant);
    let body = html! {
        h1 { (title) }
        p { (Say::new("web-setups-who").text("nick", &me.nick).in_lang(lang)) }
        @match &said {
            Some(Said::Done(t)) => { p #setups-done .done role="status" { (t) } }
            Some(Said::Refused(t)) => { p #setups-error .error role="alert" { (t) } }
            None => {}
        }
        (variant_links(l, variant, |v| format!("/setups?variant={}", vname(v))))
        @if mine.is_empty() {
            p { (Say::new("web-setups-none").text("variant", variant_name(lang, variant)).in_lang(lang)) }
        }
        @for s in &mine {
            section.setup data-name=(s.name) {
                h2 { (s.name) }
                pre.setup-rows { (setup_rows(&s.setup, lang).join("\n")) }
                @if let Some((_, st)) = stats.rows.iter().find(|(n, _)| *n == s.name) {
                    ul.setup-stats {
                        @for line in stats_lines(st, lang) { li { (line) } }
                    }
                }
                div.setup-actions {
                    form.rename method="post" action=(l.href("/setups/rename")) {
                        input type="hidden" name="variant" value=(v);
                        input type="hidden" name="name" value=(s.name);
                        label { (l.tr("web-setups-rename-label")) " "
                            input type="text" name="to" value=(s.name) maxlength=(NAME_MAX) size="20"; }
                        " " button type="submit" { (l.tr("web-setups-rename")) }
                    }
                    form.copy method="post" action=(l.href("/setups/copy")) {
                        input type="hidden" name="variant" value=(v);
                        input type="hidden" name="name" value=(s.name);
                        button type="submit" { (l.tr("web-setups-copy")) }
                    }
                    p {
                        a.edit href=(l.href(&setup_href("/setups/edit", variant, &s.name))) { (l.tr("web-setups-edit")) }
                        " · "
                        a.delete href=(l.href(&setup_href("/setups/delete", variant, &s.name))) { (l.tr("web-setups-delete")) }
                    }
                }
            }
        }
        p.note { (Say::new("web-setups-read").number("games", stats.games_read.into()).in_lang(lang)) }
        p { a href=(l.href(&format!("/explorer/{v}?whose=mine"))) { (l.tr("web-setups-my-explorer")) }
            " · " a href=(l.href(&format!("/explorer/{v}"))) { (l.tr("web-setups-server-explorer")) } }
        p { (l.tr("web-setups-manage")) }
    };
    private(page(l, status, &title, body))
}

/// The longest form body read (a rename's is well under 300 bytes).
const MAX_FORM: usize = 4096;

/// A form's fields (`application/x-www-form-urlencoded`); none when it is too long.
fn form_fields(body: &[u8]) -> Vec<(String, String)> {
    if body.len() > MAX_FORM {
        return vec![];
    }
    form_urlencoded::parse(body).into_owned().collect()
}

/// The first value of a form's field.
fn field<'a>(f: &'a [(String, String)], name: &str) -> &'a str {
    f.iter()
        .find(|(k, _)| k == name)
        .map_or("", |(_, v)| v.as_str())
}

/// A POST of the library: from this site's own pages, signed in, naming a variant. Who,
/// the form's fields and the variant; or the answer already.
async fn posted(
    web: &Web,
    l: &PageLang,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<(SignedIn, Vec<(String, String)>, Variant), Response> {
    if !super::play::same_origin(web, headers) {
        return Err(super::signin::foreign(l));
    }
    let Some(me) = signed_in(web, headers).await else {
        return Err(sign_in_first(l, StatusCode::FORBIDDEN));
    };
    let fields = form_fields(body);
    let variant = match parse_variant(field(&fields, "variant")) {
        Ok(v) => v,
        Err(f) => return Err(fault_page(l, f)),
    };
    Ok((me, fields, variant))
}

/// `me`'s saved set-up `name` of `variant`, with all of theirs; or the library saying it
/// is gone (404). Only `me`'s own list is looked in: another player's set-up cannot be
/// named.
async fn own_setup(
    web: &Web,
    l: &PageLang,
    me: &SignedIn,
    variant: Variant,
    name: &str,
) -> Result<(SavedSetup, Vec<SavedSetup>), Response> {
    let list = match web.service.saved_setups(&me.identity).await {
        Ok(list) => list,
        Err(e) => return Err(fault_page(l, broken(e))),
    };
    match list
        .iter()
        .find(|s| s.variant == variant && s.name == name)
        .cloned()
    {
        Some(s) => Ok((s, list)),
        None => {
            let why = crate::proto::Notice::new("refusal-setup-missing").text(l.lang);
            Err(library_page(
                web,
                l,
                me,
                variant,
                Some(Said::Refused(why)),
                StatusCode::NOT_FOUND,
            )
            .await)
        }
    }
}

/// The library again with what was refused (400); nothing changed.
async fn refused(
    web: &Web,
    l: &PageLang,
    me: &SignedIn,
    variant: Variant,
    why: String,
) -> Response {
    library_page(
        web,
        l,
        me,
        variant,
        Some(Said::Refused(why)),
        StatusCode::BAD_REQUEST,
    )
    .await
}

/// Done: back to the list of `variant`, saying what was done to `name` (303).
fn done(l: &PageLang, variant: Variant, what: &str, name: &str) -> Response {
    let to = l.href(&format!(
        "/setups?variant={}&done={what}&name={}",
        vname(variant),
        q(name)
    ));
    private((StatusCode::SEE_OTHER, [(header::LOCATION, to)]).into_response())
}

/// Why a new name cannot be a set-up's, in the page's language: empty, holding control
/// characters or escapes (which the screens would strip: refused here rather than changed
/// behind the player's back), or too long.
fn name_fault(l: &PageLang, to: &str) -> Option<String> {
    if to.chars().any(char::is_control) || crate::text::clean_line(to, usize::MAX) != to.trim() {
        return Some(l.tr("web-setups-name-escapes"));
    }
    if to.trim().is_empty() {
        return Some(crate::proto::Notice::new("refusal-setup-no-name").text(l.lang));
    }
    if to.trim().chars().count() > NAME_MAX {
        return Some(
            Say::new("web-setups-name-long")
                .number("max", NAME_MAX as i64)
                .in_lang(l.lang),
        );
    }
    None
}

/// `POST /setups/rename`: `variant`, `name`, `to`.
pub(super) async fn rename(
    State(web): State<Web>,
    l: PageLang,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (me, f, variant) = match posted(&web, &l, &headers, &body).await {
        Ok(p) => p,
        Err(r) => return r,
    };
    let (from, to) = (field(&f, "name"), field(&f, "to"));
    if let Err(r) = own_setup(&web, &l, &me, variant, from).await {
        return r;
    }
    if let Some(why) = name_fault(&l, to) {
        return refused(&web, &l, &me, variant, why).await;
    }
    match web
        .service
        .rename_setup(&me.identity, variant, from, to)
        .await
    {
        Ok(_) => {
            tracing::info!(nick = %me.nick, %variant, "web: saved set-up renamed");
            done(&l, variant, "renamed", to.trim())
        }
        Err(e) => refused(&web, &l, &me, variant, e.notice().text(l.lang)).await,
    }
}

/// `POST /setups/copy`: `variant`, `name`; the copy is named as the screens' (`name 2`).
pub(super) async fn copy(
    State(web): State<Web>,
    l: PageLang,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (me, f, variant) = match posted(&web, &l, &headers, &body).await {
        Ok(p) => p,
        Err(r) => return r,
    };
    let (s, list) = match own_setup(&web, &l, &me, variant, field(&f, "name")).await {
        Ok(found) => found,
        Err(r) => return r,
    };
    let name = copy_name(&s.name, variant, &list);
    let copy = SavedSetup {
        name: name.clone(),
        ..s
    };
    match web.service.save_setup(&me.identity, copy).await {
        Ok(_) => {
            tracing::info!(nick = %me.nick, %variant, "web: saved set-up copied");
            done(&l, variant, "copied", &name)
        }
        Err(e) => refused(&web, &l, &me, variant, e.notice().text(l.lang)).await,
    }
}

/// The variant and name a page about one set-up names in its query.
fn named(uri: &Uri) -> Result<(Variant, String), super::Fault> {
    let variant = parse_variant(&query_value(uri, "variant").unwrap_or_default())?;
    Ok((variant, query_value(uri, "name").unwrap_or_default()))
}

/// The signed-in player's saved set-up the address names (`variant`, `name`), or the page
/// to answer instead (a bad address, not signed in, no such set-up of theirs).
async fn named_own(
    web: &Web,
    l: &PageLang,
    headers: &HeaderMap,
    uri: &Uri,
) -> Result<(Variant, SavedSetup), Response> {
    let (variant, name) = named(uri).map_err(|f| fault_page(l, f))?;
    let Some(me) = signed_in(web, headers).await else {
        return Err(sign_in_first(l, StatusCode::OK));
    };
    let (s, _) = own_setup(web, l, &me, variant, &name).await?;
    Ok((variant, s))
}

/// `GET /setups/delete?variant=&name=`: asks before deleting.
pub(super) async fn delete_page(
    State(web): State<Web>,
    l: PageLang,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    let (variant, s) = match named_own(&web, &l, &headers, &uri).await {
        Ok(found) => found,
        Err(r) => return r,
    };
    let lang = l.lang;
    let title = Say::new("web-setups-delete-title")
        .text("name", &s.name)
        .in_lang(lang);
    let body = html! {
        h1 { (title) }
        p { (Say::new("web-setups-delete-ask").text("name", &s.name).text("variant", variant_name(lang, variant)).in_lang(lang)) }
        pre.setup-rows { (setup_rows(&s.setup, lang).join("\n")) }
        form method="post" action=(l.href("/setups/delete")) {
            input type="hidden" name="variant" value=(vname(variant));
            input type="hidden" name="name" value=(s.name);
            button type="submit" #setup-delete { (l.tr("web-setups-delete-yes")) }
            " " a href=(list_href(&l, variant)) { (l.tr("web-setups-keep")) }
        }
    };
    private(page(&l, StatusCode::OK, &title, body))
}

/// `POST /setups/delete`: `variant`, `name`.
pub(super) async fn delete(
    State(web): State<Web>,
    l: PageLang,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (me, f, variant) = match posted(&web, &l, &headers, &body).await {
        Ok(p) => p,
        Err(r) => return r,
    };
    let (s, _) = match own_setup(&web, &l, &me, variant, field(&f, "name")).await {
        Ok(found) => found,
        Err(r) => return r,
    };
    match web
        .service
        .delete_setup(&me.identity, &s.name, variant)
        .await
    {
        Ok(_) => {
            tracing::info!(nick = %me.nick, %variant, "web: saved set-up deleted");
            done(&l, variant, "deleted", &s.name)
        }
        Err(e) => fault_page(&l, broken(e)),
    }
}

/// `a` and `b` swapped in `s` (a piece onto an empty square moves it).
fn swapped(s: &Setup, a: Square, b: Square) -> Setup {
    let mut out = s.clone();
    let pa = out.pieces.remove(&a);
    let pb = out.pieces.remove(&b);
    if let Some(r) = pa {
        out.pieces.insert(b, r);
    }
    if let Some(r) = pb {
        out.pieces.insert(a, r);
    }
    out
}

/// The board of the editor: `draft` (as Red's: row 1 is the back row) drawn front row
/// first, each square a link that picks it, or with `pick` chosen, swaps the two.
fn edit_board(l: &PageLang, s: &SavedSetup, draft: &Setup, pick: Option<Square>) -> Markup {
    let rules = Rules::standard(s.variant);
    let squares = setup_squares(&rules, Color::Red);
    let rows: Vec<u8> = {
        let mut r: Vec<u8> = squares.iter().map(|q| q.row()).collect();
        r.dedup();
        r.reverse();
        r
    };
    let href = |d: &Setup, pick: Option<Square>| {
        let mut h = setup_href("/setups/edit", s.variant, &s.name);
        h.push_str(&format!("&draft={}", d.to_setup_string(&rules, Color::Red)));
        if let Some(p) = pick {
            h.push_str(&format!("&pick={p}"));
        }
        l.href(&h)
    };
    html! {
        table.edit-board {
            thead { tr { th {} @for f in 'A'..='J' { th { (f) } } } }
            tbody {
                @for row in &rows {
                    tr {
                        th { (row + 1) }
                        @for file in 0..10u8 {
                            @if let Some(sq) = Square::new(file, *row) {
                                @let label = draft.pieces.get(&sq).map(|r| r.label(Numbering::Modern));
                                @if sq.is_lake() {
                                    td.lake data-square=(sq.to_string()) {}
                                } @else if pick == Some(sq) {
                                    td.pick data-square=(sq.to_string()) { a href=(href(draft, None)) { (label.unwrap_or("·")) } }
                                } @else if let Some(p) = pick {
                                    td data-square=(sq.to_string()) { a href=(href(&swapped(draft, p, sq), None)) { (label.unwrap_or("·")) } }
                                } @else if label.is_some() {
                                    td data-square=(sq.to_string()) { a href=(href(draft, Some(sq))) { (label.unwrap_or("·")) } }
                                } @else {
                                    td data-square=(sq.to_string()) { "·" }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The editor's page: the board of `draft`, the form that saves it, and `error` if any.
fn edit_body(
    l: &PageLang,
    s: &SavedSetup,
    draft: &Setup,
    pick: Option<Square>,
    error: Option<String>,
    status: StatusCode,
) -> Response {
    let lang = l.lang;
    let rules = Rules::standard(s.variant);
    let title = Say::new("web-setups-edit-title")
        .text("name", &s.name)
        .in_lang(lang);
    let body = html! {
        h1 { (title) }
        @if let Some(e) = &error { p #setups-error .error role="alert" { (e) } }
        p #edit-how {
            @match pick {
                Some(p) => (Say::new("web-setups-edit-picked").text("square", p).in_lang(lang)),
                None => (l.tr("web-setups-edit-how")),
            }
        }
        div.scroll { (edit_board(l, s, draft, pick)) }
        form method="post" action=(l.href("/setups/edit")) {
            input type="hidden" name="variant" value=(vname(s.variant));
            input type="hidden" name="name" value=(s.name);
            input type="hidden" name="setup" value=(draft.to_setup_string(&rules, Color::Red));
            button type="submit" #setup-save { (l.tr("web-setups-save")) }
        }
        p {
            a href=(l.href(&setup_href("/setups/edit", s.variant, &s.name))) { (l.tr("web-setups-start-again")) }
            " · " a href=(list_href(l, s.variant)) { (l.tr("web-setups-back")) }
        }
    };
    private(page(l, status, &title, body))
}

/// `GET /setups/edit?variant=&name=[&draft=][&pick=]`: the saved set-up on a board (or the
/// draft in the address, if it is a valid army), nothing stored.
pub(super) async fn edit_page(
    State(web): State<Web>,
    l: PageLang,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    let (variant, s) = match named_own(&web, &l, &headers, &uri).await {
        Ok(found) => found,
        Err(r) => return r,
    };
    let rules = Rules::standard(variant);
    let (draft, error) = match query_value(&uri, "draft") {
        None => (as_red(&s.setup), None),
        Some(d) => match Setup::parse(&d, &rules, Color::Red) {
            Ok(d) => (d, None),
            Err(e) => (
                as_red(&s.setup),
                Some(
                    Say::new("web-setups-bad-draft")
                        .text("why", setup_error(l.lang, &e))
                        .in_lang(l.lang),
                ),
            ),
        },
    };
    let on_board = setup_squares(&rules, Color::Red);
    let pick = query_value(&uri, "pick")
        .and_then(|p| p.parse::<Square>().ok())
        .filter(|p| on_board.contains(p) && !p.is_lake());
    let status = if error.is_some() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    edit_body(&l, &s, &draft, pick, error, status)
}

/// `POST /setups/edit`: `variant`, `name`, `setup` (the set-up string as Red's), saved
/// back under its name (turned to the side it was saved for) when the rules accept it.
pub(super) async fn edit(
    State(web): State<Web>,
    l: PageLang,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (me, f, variant) = match posted(&web, &l, &headers, &body).await {
        Ok(p) => p,
        Err(r) => return r,
    };
    let (s, _) = match own_setup(&web, &l, &me, variant, field(&f, "name")).await {
        Ok(found) => found,
        Err(r) => return r,
    };
    let rules = Rules::standard(variant);
    let red = match Setup::parse(field(&f, "setup"), &rules, Color::Red) {
        Ok(red) => red,
        Err(e) => {
            let why = Say::new("web-setups-bad-draft")
                .text("why", setup_error(l.lang, &e))
                .in_lang(l.lang);
            return edit_body(
                &l,
                &s,
                &as_red(&s.setup),
                None,
                Some(why),
                StatusCode::BAD_REQUEST,
            );
        }
    };
    let setup = red.turned_for(s.setup.color.unwrap_or(Color::Red));
    let name = s.name.clone();
    match web
        .service
        .save_setup(&me.identity, SavedSetup { setup, ..s })
        .await
    {
        Ok(_) => {
            tracing::info!(nick = %me.nick, %variant, "web: saved set-up edited");
            done(&l, variant, "saved", &name)
        }
        Err(e) => refused(&web, &l, &me, variant, e.notice().text(l.lang)).await,
    }
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
