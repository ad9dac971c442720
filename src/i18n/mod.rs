//! The players' languages: one Fluent catalog per language (the folders `en/`, `de/`, `nl/`
//! beside this file, one `.ftl` file per part of the server: see [`catalog!`]), compiled
//! in, and the calls the screens make to read them.
//!
//! Pure: no I/O, no tokio, nothing else of ours (`tests/layers.rs`); `ui` reads it, `rules`
//! never does.
//!
//! - [`tr`]`(lang, "lobby-title")` is a message without arguments; [`t!`]`(lang,
//!   "lobby-counts", players = n)` one with named arguments (plurals are the catalog's:
//!   Fluent's selectors on the CLDR plural rules of the language).
//! - A message a language lacks falls back to English at run time (`tests/i18n.rs` refuses
//!   a catalog that lacks one, or has one the others lack, or one nothing uses).
//! - Message ids are `screen-what` (`welcome-…`, `lobby-…`, `keys-…`, `rank-…`), grouped per
//!   screen under a `## Screen` comment heading in each file.
//!
//! Adding a language: its folder of `.ftl` files here (a copy of `en/`, translated) and one
//! line in [`languages!`] below.
//!
//! [`Lang`] is an enum generated from that table rather than an index into it: it is `Copy`
//! and one byte either way, but an enum cannot be out of range, prints as `De` in tests and
//! logs, and `match`es on it are checked by the compiler.

use std::collections::HashMap;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::FluentResource;
pub use fluent_bundle::{FluentArgs, FluentValue};

/// A language's catalog: the files of its folder, one per part of the server, each part's
/// messages under ids of its own (a message id twice in one language is refused when the
/// catalog loads). `tests/i18n.rs` checks that every folder holds these files and no other.
macro_rules! catalog {
    ($dir:literal) => {
        &[
            include_str!(concat!($dir, "/core.ftl")),
            include_str!(concat!($dir, "/lobby.ftl")),
            include_str!(concat!($dir, "/setup.ftl")),
            include_str!(concat!($dir, "/game.ftl")),
            include_str!(concat!($dir, "/browse.ftl")),
            include_str!(concat!($dir, "/tournament.ftl")),
            include_str!(concat!($dir, "/server.ftl")),
            include_str!(concat!($dir, "/web.ftl")),
            include_str!(concat!($dir, "/line.ftl")),
        ]
    };
}

/// Declares the languages: `Variant "code" "its own name";` (its catalog is the folder
/// named by the code), English first (the default and the fallback).
macro_rules! languages {
    ($($variant:ident $code:literal $name:literal;)+) => {
        /// A language the screens speak (see the module documentation).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Lang {
            $($variant,)+
            /// Tests only: English wrapped in `⟦…⟧` and lengthened by 40 % (see
            /// [`pseudo`]), to find text that does not come from the catalogs and
            /// layouts that cut longer languages.
            #[cfg(any(test, feature = "test-hooks"))]
            Pseudo,
        }

        impl Lang {
            /// Every language a player can choose, English first.
            pub const ALL: &'static [Lang] = &[$(Lang::$variant),+];

            /// Its code: `en`, `de`, `nl` (what `LANG` starts with, and what is stored).
            pub const fn code(self) -> &'static str {
                match self {
                    $(Lang::$variant => $code,)+
                    #[cfg(any(test, feature = "test-hooks"))]
                    Lang::Pseudo => "qps",
                }
            }

            /// Its name in itself: `English`, `Deutsch`, `Nederlands`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Lang::$variant => $name,)+
                    #[cfg(any(test, feature = "test-hooks"))]
                    Lang::Pseudo => "⟦Pseudo⟧",
                }
            }

            /// Its catalog's text, file by file (see [`catalog!`]).
            pub const fn catalog(self) -> &'static [&'static str] {
                match self {
                    $(Lang::$variant => catalog!($code),)+
                    #[cfg(any(test, feature = "test-hooks"))]
                    Lang::Pseudo => catalog!("en"),
                }
            }
        }
    };
}

languages! {
    En "en" "English";
    De "de" "Deutsch";
    Nl "nl" "Nederlands";
}

impl Default for Lang {
    fn default() -> Lang {
        Lang::ALL[0]
    }
}

impl Lang {
    /// The language of a code as stored (`de`); `None` for one this server does not speak.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.iter().copied().find(|l| l.code() == code)
    }

    /// The language of a POSIX locale (`de_AT.UTF-8`, `nl_BE`, `de`, `en_US@euro`);
    /// `None` for `C`, `POSIX`, an empty string or a language this server does not speak.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let base = locale.trim().split(['.', '@']).next().unwrap_or("");
        let language = base.split(['_', '-']).next().unwrap_or("");
        if language.is_empty() || language.len() > 8 {
            return None;
        }
        Lang::from_code(&language.to_ascii_lowercase())
    }

    /// The language the client's environment asks for: the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set and not empty decides, as in POSIX (`LC_ALL=C`
    /// is English whatever `LANG` says); `None` when none is set or the one that decides
    /// names a language this server does not speak.
    pub fn from_env(
        lc_all: Option<&str>,
        lc_messages: Option<&str>,
        lang: Option<&str>,
    ) -> Option<Lang> {
        let decides = [lc_all, lc_messages, lang]
            .into_iter()
            .flatten()
            .find(|v| !v.trim().is_empty())?;
        Lang::from_locale(decides)
    }

    /// The language a session speaks: the player's stored choice, else the one the
    /// client's environment asks for, else English.
    pub fn choose(stored: Option<Lang>, env: Option<Lang>) -> Lang {
        stored.or(env).unwrap_or_default()
    }

    /// The next language a player can choose (the settings screen), after the last the
    /// first.
    pub fn next(self) -> Lang {
        let i = Lang::ALL.iter().position(|l| *l == self);
        i.map_or(Lang::ALL[0], |i| Lang::ALL[(i + 1) % Lang::ALL.len()])
    }
}

/// Stored and sent as its code (`"de"`).
impl serde::Serialize for Lang {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

/// From its code; a code this server does not speak is an error (see [`lenient`]).
impl<'de> serde::Deserialize<'de> for Lang {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
        let code = String::deserialize(d)?;
        Lang::from_code(&code)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown language {code:?}")))
    }
}

/// For a stored `Option<Lang>` (`#[serde(deserialize_with = "i18n::lenient")]`): a code
/// this server no longer speaks reads as no choice, so the record still reads.
pub fn lenient<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Lang>, D::Error> {
    let code: Option<String> = serde::Deserialize::deserialize(d)?;
    Ok(code.and_then(|c| Lang::from_code(&c)))
}

type Bundle = FluentBundle<FluentResource>;

/// The catalogs, parsed once, in the order of [`Lang::ALL`].
static BUNDLES: LazyLock<Vec<Bundle>> =
    LazyLock::new(|| Lang::ALL.iter().map(|l| bundle(*l)).collect());

fn bundle(lang: Lang) -> Bundle {
    let id: unic_langid::LanguageIdentifier = match lang.code() {
        "qps" => "en".parse(),
        code => code.parse(),
    }
    .expect("a language code is a language identifier");
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // A terminal shows Unicode isolation marks as what they are: stray characters.
    b.set_use_isolating(false);
    for (i, text) in lang.catalog().iter().enumerate() {
        let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(_, e)| {
            panic!("catalog {}/, file {i}, does not parse: {e:?}", lang.code())
        });
        b.add_resource(res)
            .unwrap_or_else(|e| panic!("catalog {}/, file {i}: {e:?}", lang.code()));
    }
    b
}

fn bundle_of(lang: Lang) -> &'static Bundle {
    let i = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    &BUNDLES[i]
}

/// Whether `lang`'s own catalog has message `id` (no fallback).
pub fn has(lang: Lang, id: &str) -> bool {
    match lang {
        #[cfg(any(test, feature = "test-hooks"))]
        Lang::Pseudo => has(Lang::En, id),
        _ => bundle_of(lang).has_message(id),
    }
}

/// Message `id` in `lang`, without arguments.
pub fn tr(lang: Lang, id: &str) -> String {
    format(lang, id, None)
}

/// Message `id` in `lang` with `args` (what [`t!`] calls).
pub fn tr_args(lang: Lang, id: &str, args: &FluentArgs) -> String {
    format(lang, id, Some(args))
}

/// `s` in `lang` when it is a message id (a key table's words, while some tables still
/// hold English text), else `s` as it is.
pub fn text(lang: Lang, s: &str) -> String {
    if has(Lang::En, s) {
        tr(lang, s)
    } else {
        s.to_string()
    }
}

/// [`text`] for a key table's `&'static str`: every message of every language formatted
/// without arguments once, at first use, into a table read without a lock (key hints are
/// drawn on every frame of every session).
pub fn text_static(lang: Lang, s: &'static str) -> &'static str {
    type Table = HashMap<&'static str, String>;
    /// Per language, in the order of [`Lang::ALL`] (then the pseudo-language in tests).
    static TABLES: LazyLock<Vec<(Lang, Table)>> = LazyLock::new(|| {
        #[allow(unused_mut)]
        let mut langs: Vec<Lang> = Lang::ALL.to_vec();
        #[cfg(any(test, feature = "test-hooks"))]
        langs.push(Lang::Pseudo);
        langs
            .into_iter()
            .map(|lang| {
                let table = message_ids().iter().map(|id| (*id, tr(lang, id))).collect();
                (lang, table)
            })
            .collect()
    });
    TABLES
        .iter()
        .find(|(l, _)| *l == lang)
        .and_then(|(_, t)| t.get(s))
        .map_or(s, |text| text.as_str())
}

/// The ids of English's messages (every catalog has the same: tests/i18n.rs).
fn message_ids() -> &'static [&'static str] {
    static IDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
        let mut ids = Vec::new();
        for text in Lang::En.catalog() {
            // A message starts its line with its id and ` =` (a term starts with `-`, a
            // comment with `#`, a continuation with blanks).
            for line in text.lines() {
                let Some((id, _)) = line.split_once('=') else {
                    continue;
                };
                let id = id.trim_end();
                if line.starts_with(|c: char| c.is_ascii_alphabetic())
                    && id
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                    && has(Lang::En, id)
                {
                    ids.push(id);
                }
            }
        }
        ids
    });
    &IDS
}

fn format(lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
    #[cfg(any(test, feature = "test-hooks"))]
    if lang == Lang::Pseudo {
        return pseudo(&format(Lang::En, id, args));
    }
    let own = bundle_of(lang);
    let (b, msg) = match own.get_message(id) {
        Some(m) => (own, m),
        // Missing in this language: English (tests/i18n.rs refuses such a catalog).
        None => {
            let en = bundle_of(Lang::En);
            match en.get_message(id) {
                Some(m) => (en, m),
                None => return id.to_string(),
            }
        }
    };
    let Some(pattern) = msg.value() else {
        return id.to_string();
    };
    let mut errors = vec![];
    b.format_pattern(pattern, args, &mut errors).into_owned()
}

/// The pseudo-language of English text `s`: `⟦`, each word lengthened by 40 % (rounded
/// up, with `~`), `⟧`. Line breaks stay where they were.
#[cfg(any(test, feature = "test-hooks"))]
pub fn pseudo(s: &str) -> String {
    let mut out = String::from("⟦");
    let mut word = 0usize;
    let pad = |out: &mut String, word: &mut usize| {
        for _ in 0..(*word * 2).div_ceil(5) {
            out.push('~');
        }
        *word = 0;
    };
    for c in s.chars() {
        if c.is_whitespace() {
            pad(&mut out, &mut word);
        } else {
            word += 1;
        }
        out.push(c);
    }
    pad(&mut out, &mut word);
    out.push('⟧');
    out
}

/// Message `id` in `lang` with named arguments: `t!(lang, "lobby-counts", players = 3)`.
/// Numbers select plural forms; strings are inserted as they are.
#[macro_export]
macro_rules! t {
    ($lang:expr, $id:expr $(, $name:ident = $value:expr)* $(,)?) => {{
        #[allow(unused_mut)]
        let mut args = $crate::i18n::FluentArgs::new();
        $( args.set(stringify!($name), $crate::i18n::FluentValue::from($value)); )*
        $crate::i18n::tr_args($lang, $id, &args)
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_static_table_holds_every_message_as_tr_formats_it() {
        let ids = message_ids();
        // Every message of every catalog file, terms and comments left out.
        assert!(ids.len() > 1000, "{}", ids.len());
        assert!(ids.contains(&"settings-title") && ids.contains(&"line-help-lobby"));
        for lang in Lang::ALL.iter().copied().chain([Lang::Pseudo]) {
            for id in ids {
                assert_eq!(text_static(lang, id), tr(lang, id), "{lang:?} {id}");
            }
        }
        // Not an id: the text itself.
        assert_eq!(text_static(Lang::De, "Esc"), "Esc");
    }

    #[test]
    fn plurals_and_arguments_follow_each_language() {
        assert_eq!(
            t!(Lang::En, "lobby-counts", players = 1, seeks = 0, games = 1),
            "1 online, 0 seeks, 1 game"
        );
        assert_eq!(
            t!(Lang::De, "lobby-counts", players = 2, seeks = 1, games = 2),
            "2 online, 1 Angebot, 2 Partien"
        );
        assert_eq!(
            t!(Lang::Nl, "lobby-counts", players = 2, seeks = 2, games = 1),
            "2 online, 2 uitnodigingen, 1 partij"
        );
    }

    #[test]
    fn the_pseudo_language_wraps_and_lengthens() {
        assert_eq!(pseudo("ab cdefg"), "⟦ab~ cdefg~~⟧");
        assert_eq!(tr(Lang::Pseudo, "quit-title"), "⟦Quit~~⟧");
    }
}
