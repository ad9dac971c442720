//! The language of a page: `?lang=de|nl|en` first (and the page's links keep it), then the
//! browser's `Accept-Language` (q-values honoured; `de-AT` is German; `*` or a language
//! this server does not speak is English), then English. The JSON API ignores both.
//!
//! The words are the catalog's (`web.ftl`, the group `web-`), and those the SSH screens
//! share (`crate::ui::vocab`, `crate::ui::rank_name`), so a page says what SSH says.

use std::convert::Infallible;

use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use maud::{html, Markup};

use crate::i18n::{tr_args, FluentArgs, FluentValue, Lang};

/// The query parameters a page reads (beside `lang`): the only ones its language switch
/// carries on (the set-up library's: its variant, a set-up's name, the editor's draft and
/// picked square).
const KNOWN: [&str; 7] = ["ply", "view", "page", "variant", "name", "draft", "pick"];

/// The longest value the language switch carries on (a set-up string of the largest
/// army's rows: 40 squares).
const KNOWN_CHARS: usize = 64;

/// The first value of each parameter of a request's query (a repeated one counts once,
/// as the page reads it); empty when the query cannot be read.
pub(super) fn first_values(query: Option<&str>) -> Vec<(String, String)> {
    let pairs: Vec<(String, String)> = query
        .and_then(|q| {
            let uri: axum::http::Uri = format!("/?{q}").parse().ok()?;
            Query::<Vec<(String, String)>>::try_from_uri(&uri)
                .ok()
                .map(|Query(p)| p)
        })
        .unwrap_or_default();
    let mut out: Vec<(String, String)> = Vec::new();
    for (k, v) in pairs {
        if !out.iter().any(|(q, _)| *q == k) {
            out.push((k, v));
        }
    }
    out
}

/// The language a request's page speaks, and what the page needs to keep it in its links
/// and to offer the others.
#[derive(Clone, Debug)]
pub(super) struct PageLang {
    pub lang: Lang,
    /// `?lang=` chose it: the page's links carry it on, and the page does not depend on
    /// `Accept-Language`.
    pub asked: bool,
    /// The query asked with, without `lang` (for the language switch).
    query: Vec<(String, String)>,
}

impl Default for PageLang {
    fn default() -> PageLang {
        PageLang {
            lang: Lang::En,
            asked: false,
            query: vec![],
        }
    }
}

impl PageLang {
    /// The language of a request with `query` and `headers`.
    pub fn of(query: Option<&str>, headers: &HeaderMap) -> PageLang {
        let pairs: Vec<(String, String)> = query
            .and_then(|q| {
                let uri: axum::http::Uri = format!("/?{q}").parse().ok()?;
                Query::<Vec<(String, String)>>::try_from_uri(&uri)
                    .ok()
                    .map(|Query(p)| p)
            })
            .unwrap_or_default();
        let asked = pairs
            .iter()
            .filter(|(k, _)| k == "lang")
            .find_map(|(_, v)| Lang::from_locale(v));
        let lang = asked
            .or_else(|| {
                headers
                    .get(header::ACCEPT_LANGUAGE)
                    .and_then(|v| v.to_str().ok())
                    .and_then(accept_language)
            })
            .unwrap_or_default();
        // The switch carries on only the page's own parameters, the first of each, cut
        // short: never whatever else the query holds.
        let mut query: Vec<(String, String)> = Vec::new();
        for (k, v) in pairs {
            if KNOWN.contains(&k.as_str()) && !query.iter().any(|(q, _)| *q == k) {
                query.push((k, v.chars().take(KNOWN_CHARS).collect()));
            }
        }
        PageLang {
            lang,
            asked: asked.is_some(),
            query,
        }
    }

    /// The same language for a page that reads nothing of the query (its switch does not
    /// carry it on).
    pub fn without_query(&self) -> PageLang {
        PageLang {
            query: vec![],
            ..self.clone()
        }
    }

    /// The message `id` of the catalog in this page's language.
    pub fn tr(&self, id: &str) -> String {
        crate::i18n::tr(self.lang, id)
    }

    /// Message `id` with arguments (see [`Say`]).
    pub fn say(&self, s: &Say) -> String {
        s.in_lang(self.lang)
    }

    /// A link to `path` (which may hold a query) on this site: with `lang=` when the page
    /// was asked for in a language, so the reader stays in it.
    pub fn href(&self, path: &str) -> String {
        if !self.asked {
            return path.to_string();
        }
        let (base, frag) = match path.split_once('#') {
            Some((b, f)) => (b, format!("#{f}")),
            None => (path, String::new()),
        };
        let sep = if base.contains('?') { '&' } else { '?' };
        format!("{base}{sep}lang={}{frag}", self.lang.code())
    }

    /// This page in language `to`: its query with `lang=` set, as a link relative to the
    /// page (the same path: a page that is not there says so alike whatever its path).
    fn switched(&self, to: Lang) -> String {
        let mut q = String::new();
        for (k, v) in &self.query {
            q.push_str(&format!("{}={}&", escape(k), escape(v)));
        }
        format!("?{q}lang={}", to.code())
    }

    /// The language switch: each language by its own name, the page's own not a link.
    pub fn switch(&self) -> Markup {
        html! {
            nav.langs aria-label=(self.tr("web-languages")) {
                @for (i, l) in Lang::ALL.iter().enumerate() {
                    @if i > 0 { " · " }
                    @if *l == self.lang {
                        strong lang=(l.code()) { (l.name()) }
                    } @else {
                        a lang=(l.code()) hreflang=(l.code()) href=(self.switched(*l)) { (l.name()) }
                    }
                }
            }
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PageLang {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<PageLang, Infallible> {
        Ok(PageLang::of(parts.uri.query(), &parts.headers))
    }
}

/// `s` for a query string: every byte but the unreserved ones as `%XX`.
fn escape(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The language an `Accept-Language` header asks for: its ranges by quality (the first of
/// equals first), the first this server speaks (`de-AT` is `de`) or `*` (English) decides;
/// `None` when none does. A range with `q=0` is refused, not asked for.
pub(super) fn accept_language(header: &str) -> Option<Lang> {
    let mut ranges: Vec<(u16, &str)> = header
        .split(',')
        .take(32)
        .filter_map(|item| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            if tag.is_empty() {
                return None;
            }
            let mut q = 1000u16;
            for p in parts {
                let p = p.trim();
                if let Some(v) = p.strip_prefix("q=").or_else(|| p.strip_prefix("Q=")) {
                    q = quality(v.trim())?;
                }
            }
            (q > 0).then_some((q, tag))
        })
        .collect();
    // Stable: ranges of equal quality stay in the order given.
    ranges.sort_by_key(|r| std::cmp::Reverse(r.0));
    ranges.into_iter().find_map(|(_, tag)| {
        if tag == "*" {
            Some(Lang::En)
        } else {
            Lang::from_locale(tag)
        }
    })
}

/// A quality value (`1`, `0.8`, `0.125`) in thousandths; `None` when it is not one.
fn quality(v: &str) -> Option<u16> {
    let (int, frac) = v.split_once('.').unwrap_or((v, ""));
    if frac.len() > 3 || !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let frac: u16 = format!("{frac:0<3}").parse().ok()?;
    match int {
        "0" => Some(frac),
        "1" if frac == 0 => Some(1000),
        _ => None,
    }
}

/// A message of the web's catalog part and its arguments, to be said in a page's language
/// (and in English in the API, whose words never change).
#[derive(Clone, Debug)]
pub(super) struct Say {
    id: &'static str,
    args: Vec<(&'static str, Arg)>,
    /// Not the catalog's: the API's own English words, the same in every language.
    plain: Option<String>,
}

#[derive(Clone, Debug)]
enum Arg {
    Text(String),
    Number(i64),
}

impl Say {
    pub fn new(id: &'static str) -> Say {
        Say {
            id,
            args: vec![],
            plain: None,
        }
    }

    /// Words only the API says (in English, whatever the language).
    pub fn plain(text: &str) -> Say {
        Say {
            plain: Some(text.to_string()),
            ..Say::new("")
        }
    }

    /// With a text argument (a number written as text is never a plural's).
    pub fn text(mut self, name: &'static str, value: impl ToString) -> Say {
        self.args.push((name, Arg::Text(value.to_string())));
        self
    }

    /// With a number argument (it selects plural forms).
    pub fn number(mut self, name: &'static str, value: i64) -> Say {
        self.args.push((name, Arg::Number(value)));
        self
    }

    pub fn in_lang(&self, lang: Lang) -> String {
        if let Some(p) = &self.plain {
            return p.clone();
        }
        let mut args = FluentArgs::new();
        for (name, a) in &self.args {
            match a {
                Arg::Text(t) => args.set(*name, FluentValue::from(t.clone())),
                Arg::Number(n) => args.set(*name, FluentValue::from(*n)),
            }
        }
        tr_args(lang, self.id, &args)
    }

    /// In English (the API's words).
    pub fn english(&self) -> String {
        self.in_lang(Lang::En)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_by_quality_then_order() {
        assert_eq!(accept_language("nl;q=0.9, de;q=0.8"), Some(Lang::Nl));
        assert_eq!(accept_language("de;q=0.8, nl;q=0.9"), Some(Lang::Nl));
        assert_eq!(accept_language("de-AT"), Some(Lang::De));
        assert_eq!(accept_language("fr-FR, fr;q=0.9, nl;q=0.5"), Some(Lang::Nl));
        assert_eq!(accept_language("fr, *;q=0.5, de;q=0.3"), Some(Lang::En));
        assert_eq!(accept_language("fr, ja"), None);
        assert_eq!(accept_language("de;q=0, nl;q=0.1"), Some(Lang::Nl));
        assert_eq!(
            accept_language("de;q=2, nl;q=x, en-GB;q=0.3"),
            Some(Lang::En)
        );
        assert_eq!(accept_language(""), None);
    }

    #[test]
    fn links_keep_an_asked_language_and_the_switch_keeps_the_query() {
        let h = HeaderMap::new();
        let l = PageLang::of(Some("ply=3&lang=de&view=red"), &h);
        assert_eq!(l.lang, Lang::De);
        assert!(l.asked);
        assert_eq!(l.href("/game/1?ply=4"), "/game/1?ply=4&lang=de");
        assert_eq!(l.href("/"), "/?lang=de");
        assert_eq!(l.switched(Lang::Nl), "?ply=3&view=red&lang=nl");
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_LANGUAGE, "nl-BE".parse().unwrap());
        let l = PageLang::of(Some("lang=xx"), &h);
        assert_eq!((l.lang, l.asked), (Lang::Nl, false));
        assert_eq!(l.href("/games/live"), "/games/live");
    }
}
