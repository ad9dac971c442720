//! One word per concept: docs/glossary.md names, for German and for Dutch, the term each
//! concept goes by and the variants it does not; no message of that language's catalogs
//! uses a rejected variant, and each chosen term is used.

use std::path::Path;

const LANGS: [(&str, &str); 2] = [("Deutsch", "de"), ("Nederlands", "nl")];

/// A row of a glossary table.
struct Row {
    concept: String,
    terms: Vec<String>,
    not: Vec<String>,
}

fn split_list(cell: &str) -> Vec<String> {
    cell.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// The rows of the table under the heading `## {section}` of docs/glossary.md.
fn table(glossary: &str, section: &str) -> Vec<Row> {
    let head = format!("## {section}");
    let start = glossary
        .lines()
        .position(|l| l.trim() == head)
        .unwrap_or_else(|| panic!("docs/glossary.md has no {head:?}"));
    let mut rows = vec![];
    for l in glossary.lines().skip(start + 1) {
        if l.starts_with("## ") {
            break;
        }
        let Some(inner) = l.trim().strip_prefix('|').and_then(|l| l.strip_suffix('|')) else {
            continue;
        };
        let cells: Vec<&str> = inner.split('|').map(str::trim).collect();
        assert_eq!(cells.len(), 4, "a row of four cells: {l:?}");
        if cells[0] == "concept" || cells[0].starts_with("---") {
            continue;
        }
        rows.push(Row {
            concept: cells[0].to_string(),
            terms: split_list(cells[2]),
            not: split_list(cells[3]),
        });
    }
    assert!(rows.len() >= 5, "{section}: {} rows", rows.len());
    rows
}

/// Every message of a language's catalogs: (file:id, its text), comments left out, the
/// variables (`$count`) and the variant keys (`[one]`, `*[rated]`) taken out.
fn messages(code: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/i18n")
        .join(code);
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
        .collect();
    names.sort();
    let mut out: Vec<(String, String)> = vec![];
    for path in names {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            if line.starts_with(|c: char| c.is_ascii_lowercase()) {
                if let Some((id, value)) = line.split_once('=') {
                    out.push((format!("{file}:{}", id.trim()), value.to_string()));
                    continue;
                }
            }
            if let Some(last) = out.last_mut() {
                last.1.push(' ');
                last.1.push_str(line.trim());
            }
        }
    }
    for (_, text) in &mut out {
        *text = strip_syntax(text);
    }
    out
}

/// `text` without Fluent's variables and variant keys: only the words a reader sees.
fn strip_syntax(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '$' => {
                while chars
                    .peek()
                    .is_some_and(|c| c.is_alphanumeric() || *c == '-')
                {
                    chars.next();
                }
            }
            '[' => {
                let rest: String = chars.clone().take_while(|c| *c != ']').collect();
                if !rest.contains(char::is_whitespace) {
                    for _ in 0..=rest.chars().count() {
                        chars.next();
                    }
                } else {
                    out.push(c);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Whether `text` uses `word` (a word or several, whole; `word*`: also longer words
/// starting so), case aside.
fn uses(text: &str, word: &str) -> bool {
    let (word, prefix) = match word.strip_suffix('*') {
        Some(w) => (w, true),
        None => (word, false),
    };
    let text = text.to_lowercase();
    let word = word.to_lowercase();
    let mut from = 0;
    while let Some(i) = text[from..].find(&word) {
        let at = from + i;
        let end = at + word.len();
        let before = text[..at].chars().next_back();
        let after = text[end..].chars().next();
        let whole_start = !before.is_some_and(char::is_alphanumeric);
        let whole_end = prefix || !after.is_some_and(char::is_alphanumeric);
        if whole_start && whole_end {
            return true;
        }
        from = at + text[at..].chars().next().map_or(1, char::len_utf8);
    }
    false
}

#[test]
fn the_matcher_takes_whole_words() {
    assert!(uses("Keine Jagd mehr", "jagd"));
    assert!(!uses("Jagdschein", "Jagd"));
    assert!(uses("Tasten der Wiederholungen", "Wiederholung*"));
    assert!(!uses("wiederholen", "Wiederholung*"));
    assert!(uses("partijen bezig (3)", "partijen bezig"));
    assert!(!uses("vrijblijvend", "vrij"));
    assert_eq!(
        strip_syntax("{ $rated -> [rated] gewertet *[casual] ungewertet }"),
        "{  ->  gewertet * ungewertet }"
    );
}

#[test]
fn the_catalogs_use_the_glossarys_one_term_per_concept() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/glossary.md");
    let glossary = std::fs::read_to_string(&path).expect("docs/glossary.md");
    let mut found = vec![];
    for (section, code) in LANGS {
        let msgs = messages(code);
        assert!(msgs.len() > 500, "{code}: {} messages", msgs.len());
        for row in table(&glossary, section) {
            for bad in &row.not {
                for (id, text) in &msgs {
                    if uses(text, bad) {
                        found.push(format!(
                            "{code} {id}: {bad:?} for {:?}, say {:?}: {text}",
                            row.concept, row.terms
                        ));
                    }
                }
            }
            for term in &row.terms {
                if !msgs.iter().any(|(_, text)| uses(text, term)) {
                    found.push(format!(
                        "{code}: no message uses {term:?} ({})",
                        row.concept
                    ));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} rejected variants (or unused terms) in the catalogs:\n{}",
        found.len(),
        found.join("\n")
    );
}
