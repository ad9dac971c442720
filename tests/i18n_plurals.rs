//! A count before a noun takes the language's plural rules: with a count of 1 no message
//! says "1 rated games", "1 Runden" or "1 partijen", in any of the three languages; with 2
//! each says its plural.

use stratego_ssh::i18n::{tr_args, FluentArgs, FluentValue, Lang};

/// A message with a count before a noun: the id, the count's name, the other arguments
/// (text).
type Counted = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// The messages with a count before a noun.
const COUNTED: &[Counted] = &[
    ("browse-last-rated", "count", &[]),
    ("replay-at-start", "count", &[]),
    ("replay-analysis-summary", "count", &[]),
    ("replay-analysis-waiting", "ahead", &[]),
    ("web-analysis-waiting", "ahead", &[]),
    ("exec-analysis-waiting", "ahead", &[("id", "5")]),
    ("rules-cap-total", "count", &[]),
    ("rules-cap-quiet", "count", &[]),
    ("lobby-terms-min-rated", "count", &[]),
    ("tournament-min-rated", "games", &[]),
    ("web-min-rated-games", "count", &[]),
    ("refusal-guest-games", "games", &[]),
    ("refusal-organiser-cap", "count", &[]),
    (
        "refusal-too-few-rated-games",
        "need",
        &[("name", "Cup"), ("variant", "Duel"), ("have", "0")],
    ),
    ("notice-admin-kicked", "sessions", &[("nick", "mallory")]),
    (
        "notice-admin-banned",
        "sessions",
        &[("target", "nick mallory")],
    ),
    ("exec-format-swiss", "rounds", &[]),
    ("web-format-swiss", "rounds", &[]),
    (
        "web-wdl",
        "games",
        &[("wins", "1"), ("draws", "0"), ("losses", "0")],
    ),
    ("line-pieces-own", "count", &[("ranks", "x")]),
    (
        "exec-admin-backed-up",
        "entries",
        &[("trees", "1"), ("dir", "/b")],
    ),
];

/// Plural nouns (and the words that go with them) that must not follow a 1.
fn plural_after_one(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::De => &[
            "1 gewertete Partien",
            "1 gewerteten Partien",
            "1 Runden",
            "1 Turniere",
            "1 angekündigte oder laufende Turniere",
            "1 Figuren",
            "1 Sitzungen",
            "1 Einträge",
            "1 Züge",
            "1 Zügen",
            "1 Partien",
        ],
        Lang::Nl => &[
            "1 partijen",
            "1 ronden",
            "1 rondes",
            "1 aangekondigde",
            "1 toernooien",
            "1 stukken",
            "1 sessies",
            "1 items",
            "1 zetten",
        ],
        _ => &[
            "1 rated games",
            "1+ rated games",
            "1 games",
            "1 rounds",
            "1 tournaments",
            "1 sessions",
            "session(s)",
            "1 entries",
            "1 moves",
            "last 1 rated",
        ],
    }
}

fn say(lang: Lang, id: &str, count_name: &str, n: i64, rest: &[(&str, &str)]) -> String {
    let mut args = FluentArgs::new();
    args.set(count_name.to_string(), FluentValue::from(n));
    for (k, v) in rest {
        args.set(k.to_string(), FluentValue::from(v.to_string()));
    }
    tr_args(lang, id, &args)
}

#[test]
fn one_of_a_thing_is_singular_in_every_language() {
    let mut wrong = vec![];
    for &lang in Lang::ALL {
        for (id, count, rest) in COUNTED {
            let one = say(lang, id, count, 1, rest);
            for bad in plural_after_one(lang) {
                if one.contains(bad) {
                    wrong.push(format!("{lang:?} {id}: {one:?} says {bad:?}"));
                }
            }
            // Two of them: the message still names the count.
            let two = say(lang, id, count, 2, rest);
            assert!(two.contains('2'), "{lang:?} {id}: {two:?}");
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
