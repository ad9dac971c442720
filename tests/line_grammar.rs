//! The line mode's documented grammar (docs/line-mode.md, issue 38): every line a script is
//! promised, listed there in ```grammar blocks as `ID[ name=value…]: PATTERN`, is the
//! English message ID formatted with each `{name}` as itself (and the values given), so a
//! line cannot change without its page changing; and every line of the line mode's own
//! catalogue (src/i18n/en/line.ftl) is listed there. Reads files only: no network.

use stratego_ssh::i18n::{has, tr_args, FluentArgs, FluentValue, Lang};

/// One documented line.
struct Entry {
    /// Where it is in the page (1-based line number).
    at: usize,
    id: String,
    /// The values given after the ID (`count=1`, `rated=casual`).
    given: Vec<(String, String)>,
    pattern: String,
}

fn read(rel: &str) -> String {
    let path = format!("{}/{rel}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The lines of every ```grammar block of the page.
fn entries(page: &str) -> Vec<Entry> {
    let mut out = vec![];
    let mut inside = false;
    for (i, line) in page.lines().enumerate() {
        let at = i + 1;
        if !inside {
            inside = line.trim_end() == "```grammar";
            continue;
        }
        if line.starts_with("```") {
            inside = false;
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        let (head, pattern) = line
            .split_once(": ")
            .or_else(|| line.strip_suffix(':').map(|h| (h, "")))
            .unwrap_or_else(|| panic!("docs/line-mode.md:{at}: not `ID: PATTERN`: {line}"));
        let mut words = head.split_whitespace();
        let id = words.next().unwrap_or_default().to_string();
        let given = words
            .map(|w| {
                let (k, v) = w
                    .split_once('=')
                    .unwrap_or_else(|| panic!("docs/line-mode.md:{at}: `{w}` is not name=value"));
                (k.to_string(), v.to_string())
            })
            .collect();
        out.push(Entry {
            at,
            id,
            given,
            pattern: pattern.to_string(),
        });
    }
    assert!(
        !inside,
        "docs/line-mode.md: a ```grammar block is not closed"
    );
    out
}

/// The `{name}`s of a pattern.
fn placeholders(pattern: &str) -> Vec<String> {
    let mut out = vec![];
    let mut rest = pattern;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else {
            break;
        };
        out.push(rest[i + 1..i + j].to_string());
        rest = &rest[i + j + 1..];
    }
    out
}

/// The message as the server writes it, each `{name}` of the pattern standing for itself
/// (a string: a plural takes its general form) and the given values as they are (a number
/// selects its plural form).
fn rendered(e: &Entry) -> String {
    let mut args = FluentArgs::new();
    for name in placeholders(&e.pattern) {
        args.set(name.clone(), FluentValue::from(format!("{{{name}}}")));
    }
    for (k, v) in &e.given {
        let value = match v.parse::<i64>() {
            Ok(n) => FluentValue::from(n),
            Err(_) => FluentValue::from(v.clone()),
        };
        args.set(k.clone(), value);
    }
    tr_args(Lang::En, &e.id, &args)
}

#[test]
fn every_documented_line_is_the_english_message_it_names() {
    let page = read("docs/line-mode.md");
    let list = entries(&page);
    let ids: Vec<&str> = list.iter().map(|e| e.id.as_str()).collect();
    // The lines a script needs most are there (an emptied page is no pass).
    for must in [
        "line-prompt-move",
        "line-your-turn-clocks",
        "battle-won",
        "line-board-enemy-moved",
        "line-over-won",
        "end-flag-captured",
        "line-unknown",
    ] {
        assert!(ids.contains(&must), "docs/line-mode.md lists no {must}");
    }
    let mut wrong = vec![];
    for e in &list {
        if !has(Lang::En, &e.id) {
            wrong.push(format!(
                "docs/line-mode.md:{}: no message {} in src/i18n/en/",
                e.at, e.id
            ));
            continue;
        }
        let got = rendered(e);
        if got != e.pattern {
            wrong.push(format!(
                "docs/line-mode.md:{}: {}\n  the page says: {}\n  the server says: {}",
                e.at, e.id, e.pattern, got
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "the documented lines and the English catalogue differ (change both together):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_line_of_the_line_mode_is_documented() {
    let page = read("docs/line-mode.md");
    let listed: Vec<String> = entries(&page).into_iter().map(|e| e.id).collect();
    let ftl = read("src/i18n/en/line.ftl");
    let missing: Vec<&str> = ftl
        .lines()
        .filter(|l| l.starts_with("line-"))
        .filter_map(|l| l.split_once('=').map(|(id, _)| id.trim()))
        .filter(|id| !listed.iter().any(|l| l == id))
        .collect();
    assert!(
        missing.is_empty(),
        "lines of src/i18n/en/line.ftl that docs/line-mode.md does not list: {missing:?}"
    );
}

#[test]
fn the_page_markup_is_read_as_meant() {
    let page = "text\n```grammar\nline-who-count count=1: 1 player online:\nline-x: a {b} c {d}\n```\nline-not: read\n";
    let list = entries(page);
    assert_eq!(list.len(), 2);
    assert_eq!(list[0].id, "line-who-count");
    assert_eq!(list[0].given, vec![("count".to_string(), "1".to_string())]);
    assert_eq!(list[0].pattern, "1 player online:");
    assert_eq!(rendered(&list[0]), "1 player online:");
    assert_eq!(placeholders(&list[1].pattern), vec!["b", "d"]);
}

/// Words the line mode reads outside the lobby's and the set-up's command tables: in every
/// mode (`help`, `say`, `screens`) or in every game (`board`).
const OUTSIDE_TABLES: &[&str] = &["help", "say", "screens", "board"];

/// The command words a help message names: the first word of each item of its list
/// (`Lobby commands: who, seeks, accept N, …`).
fn help_words(id: &str) -> Vec<String> {
    let text = stratego_ssh::i18n::tr(Lang::En, id);
    let (_, list) = text
        .split_once(": ")
        .unwrap_or_else(|| panic!("{id} is no list: {text}"));
    list.trim_end_matches('.')
        .split(", ")
        .map(|item| {
            item.split_whitespace()
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

/// The part of the page from `from` to `to`.
fn between<'a>(page: &'a str, from: &str, to: &str) -> &'a str {
    let start = page
        .find(from)
        .unwrap_or_else(|| panic!("docs/line-mode.md has no {from}"));
    let end = page[start..].find(to).map_or(page.len(), |i| start + i);
    &page[start..end]
}

/// Issue 43: the lobby's and the set-up's commands are one table each
/// (`stratego_ssh::ui::line::commands`) that the typed word is looked up in; the help
/// messages and this page list exactly its commands, so a command cannot be added to one
/// without the others.
#[test]
fn the_command_tables_help_and_page_agree() {
    use stratego_ssh::ui::line::commands;
    let page = read("docs/line-mode.md");
    let all = commands();
    assert!(all.iter().any(|c| c.words[0] == "who") && all.iter().any(|c| c.words[0] == "swap"));
    let mut wrong = vec![];
    for c in &all {
        let word = c.words[0];
        // Its section of the page (the set-up's `claim` is told with the game's, "also in
        // the set-up").
        let section = match c.section {
            "Lobby" => between(&page, "**Lobby**", "**Set-up**"),
            _ => between(&page, "**Set-up**", "\n## Lines"),
        };
        let usage = |w: &str| {
            if c.args.is_empty() {
                format!("`{w}`")
            } else {
                format!("`{w} {}`", c.args)
            }
        };
        if !section.contains(&usage(word)) {
            wrong.push(format!(
                "the page's {} section lacks {}",
                c.section,
                usage(word)
            ));
        }
        for alias in &c.words[1..] {
            if !section.contains(&format!("`{alias}`")) && !section.contains(&usage(alias)) {
                wrong.push(format!(
                    "the page lacks the short form `{alias}` of `{word}`"
                ));
            }
        }
        for id in c.help {
            if !help_words(id).iter().any(|w| w == word) {
                wrong.push(format!("{id} does not name `{word}`"));
            }
        }
    }
    // Everything the help messages and the sections' lists name is a command of the table.
    let known = |section: &str, w: &str| {
        OUTSIDE_TABLES.contains(&w)
            || all
                .iter()
                .any(|c| c.section == section && c.words.contains(&w))
    };
    for c in &all {
        for id in c.help {
            for w in help_words(id) {
                if !known(c.section, &w) {
                    wrong.push(format!("{id} names `{w}`, which the table lacks"));
                }
            }
        }
    }
    for (section, text) in [
        ("Lobby", between(&page, "**Lobby**", "**Set-up**")),
        ("Set-up", between(&page, "**Set-up**", "**Play**")),
    ] {
        for line in text.lines().filter_map(|l| l.strip_prefix("- `")) {
            let w = line.split(['`', ' ']).next().unwrap_or_default();
            if !known(section, w) {
                wrong.push(format!(
                    "the page's {section} section lists `{w}`, which the table lacks"
                ));
            }
        }
    }
    // Once the set-up is sent, the commands that change it are refused, and neither its
    // help nor the page offer them.
    let after = between(&page, "After it only", "apply.");
    for c in all
        .iter()
        .filter(|c| c.section == "Set-up" && !c.help.is_empty())
    {
        let named = c.help.contains(&"line-help-setup-sent");
        let on_page = after.contains(&format!("`{}`", c.words[0]));
        if named == c.drafts || on_page == c.drafts {
            wrong.push(format!(
                "`{}`: refused once sent is {}, yet named after it: help {named}, page {on_page}",
                c.words[0], c.drafts
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
