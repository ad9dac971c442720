//! The layers of `src/`, checked by reading the source: which module may use which. A
//! violation names the file, the line and the rule.
//!
//! | module | must not use |
//! |---|---|
//! | `rules` | anything of ours but `rules` (and no tokio, sled, russh, ratatui, tracing) |
//! | `i18n` | anything of ours but `i18n` (and no tokio, sled, russh, ratatui, tracing): `ui` and `store` read it |
//! | `webauthn` | anything of ours (and no tokio, sled, russh, ratatui, tracing): the passkey checks are pure |
//! | `bot` | anything of ours but `rules` and `bot` (and no tokio, sled, russh, ratatui) |
//! | `ui` | tokio, russh, sled, and our `store`, `game`, `lobby`, `service` |
//! | `proto` | tokio, and our `ui`, `store`, `game`, `lobby`, `service`, `tournament` (it is data) |
//! | `store` | our `ui`, `game`, `lobby`, `service` |
//! | `game` | our `ui`, `lobby`, `service` |
//! | `lobby` | our `ui`, `service` |
//! | `service` | our `ui` |
//! | `bus` | sled, russh, ratatui, and our `ui`, `store`, `web` (it carries the lobby's, the games' and the service's calls; the store only through `service`) |
//! | `web` | sled, russh, and our `store`, `game`, `lobby` (it reads through `service`) |
//! | `ucc` | anything of ours but `rules`, `bot` and `ucc` (and no tokio, sled, russh, ratatui) |
//! | `tournament` | anything of ours but `rules` and `proto`'s data (and no tokio, sled, russh, ratatui, tracing) |
//! | everything but `server.rs` (the composition root) and `lib.rs` | our `ssh` |

use std::path::{Path, PathBuf};

/// A layer rule: files under `dir` (or the file `dir.rs`) must not use `forbidden` paths.
struct Rule {
    dir: &'static str,
    /// Paths like `crate::store`, `tokio`; `crate::*` forbids every module of ours
    /// except those in `allowed`.
    forbidden: &'static [&'static str],
    allowed: &'static [&'static str],
}

const OURS_ONLY_ALLOWED: &str = "crate::*";

const RULES: &[Rule] = &[
    Rule {
        dir: "rules",
        forbidden: &[
            OURS_ONLY_ALLOWED,
            "tokio",
            "sled",
            "russh",
            "ratatui",
            "tracing",
        ],
        allowed: &["rules"],
    },
    Rule {
        dir: "i18n",
        forbidden: &[
            OURS_ONLY_ALLOWED,
            "tokio",
            "sled",
            "russh",
            "ratatui",
            "tracing",
        ],
        allowed: &["i18n"],
    },
    Rule {
        dir: "webauthn",
        forbidden: &[
            OURS_ONLY_ALLOWED,
            "tokio",
            "sled",
            "russh",
            "ratatui",
            "tracing",
        ],
        allowed: &["webauthn"],
    },
    Rule {
        dir: "bot",
        forbidden: &[OURS_ONLY_ALLOWED, "tokio", "sled", "russh", "ratatui"],
        allowed: &["rules", "bot"],
    },
    Rule {
        dir: "ui",
        forbidden: &[
            "tokio",
            "russh",
            "sled",
            "crate::store",
            "crate::game",
            "crate::lobby",
            "crate::service",
        ],
        allowed: &[],
    },
    Rule {
        dir: "proto",
        forbidden: &[
            "tokio",
            "crate::tournament",
            "crate::ui",
            "crate::store",
            "crate::game",
            "crate::lobby",
            "crate::service",
        ],
        allowed: &[],
    },
    Rule {
        dir: "store",
        forbidden: &["crate::ui", "crate::game", "crate::lobby", "crate::service"],
        allowed: &[],
    },
    Rule {
        dir: "game",
        forbidden: &["crate::ui", "crate::lobby", "crate::service", "crate::bus"],
        allowed: &[],
    },
    Rule {
        dir: "lobby",
        forbidden: &["crate::ui", "crate::service", "crate::bus"],
        allowed: &[],
    },
    Rule {
        dir: "bus",
        forbidden: &[
            "sled",
            "russh",
            "ratatui",
            "crate::ui",
            "crate::store",
            "crate::web",
        ],
        allowed: &[],
    },
    Rule {
        dir: "service",
        forbidden: &["crate::ui"],
        allowed: &[],
    },
    Rule {
        dir: "web",
        forbidden: &[
            "sled",
            "russh",
            "crate::store",
            "crate::game",
            "crate::lobby",
        ],
        allowed: &[],
    },
    Rule {
        dir: "ucc",
        forbidden: &[OURS_ONLY_ALLOWED, "tokio", "sled", "russh", "ratatui"],
        allowed: &["rules", "bot", "ucc"],
    },
    Rule {
        dir: "tournament",
        forbidden: &[
            OURS_ONLY_ALLOWED,
            "tokio",
            "sled",
            "russh",
            "ratatui",
            "tracing",
        ],
        allowed: &["rules", "tournament", "proto"],
    },
];

/// Files that may use `crate::ssh`: the composition root and the crate root.
const MAY_USE_SSH: &[&str] = &["server.rs", "lib.rs"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// A line without its `//` comment and string literals (roughly: enough for paths).
fn code_of(line: &str) -> String {
    let mut out = String::new();
    let mut in_str = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if in_str {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '/' if chars.peek() == Some(&'/') => break,
            _ => out.push(c),
        }
    }
    out
}

/// Every path used on a line, as `crate::module` or an external crate's name, with
/// `super::` resolved against the file's module and `crate::{a, b}` groups expanded.
fn paths_used(code: &str, module_of_file: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let word_at = |i: usize| -> String {
        bytes[i..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '_')
            .collect()
    };
    let mut i = 0;
    while i < bytes.len() {
        let boundary = i == 0
            || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == ':');
        if !boundary {
            i += 1;
            continue;
        }
        let w = word_at(i);
        if w.is_empty() {
            i += 1;
            continue;
        }
        let after = i + w.chars().count();
        let followed_by_path = bytes.get(after) == Some(&':') && bytes.get(after + 1) == Some(&':');
        if followed_by_path {
            match w.as_str() {
                "crate" => {
                    let rest = after + 2;
                    if bytes.get(rest) == Some(&'{') {
                        let group: String = bytes[rest + 1..]
                            .iter()
                            .take_while(|c| **c != '}')
                            .collect();
                        for item in group.split(',') {
                            let m: String = item
                                .trim()
                                .chars()
                                .take_while(|c| c.is_alphanumeric() || *c == '_')
                                .collect();
                            if !m.is_empty() {
                                out.push(format!("crate::{m}"));
                            }
                        }
                    } else {
                        out.push(format!("crate::{}", word_at(rest)));
                    }
                }
                "super" => {
                    // `super::x` from a file of module `a::b` (a file `b.rs` in `a/`)
                    // names `a::x`; from `a/mod.rs` it names a sibling of `a`.
                    let mut depth = 1;
                    let mut j = after + 2;
                    while word_at(j) == "super" {
                        depth += 1;
                        j += "super::".len();
                    }
                    let base = module_of_file.len().saturating_sub(depth);
                    let first = module_of_file
                        .get(..base)
                        .and_then(|m| m.first().cloned())
                        .unwrap_or_else(|| word_at(j));
                    out.push(format!("crate::{first}"));
                }
                "tokio" | "sled" | "russh" | "ratatui" | "tracing" => out.push(w.clone()),
                _ => {}
            }
        }
        i = after;
    }
    out
}

/// The name of an inline module opened on this line (`mod tests {`).
fn inline_mod(code: &str) -> Option<String> {
    let t = code.trim_start();
    let t = t
        .strip_prefix("pub(crate) ")
        .or(t.strip_prefix("pub "))
        .unwrap_or(t);
    let rest = t.strip_prefix("mod ")?;
    let name: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    rest[name.len()..]
        .trim_start()
        .starts_with('{')
        .then_some(name)
}

/// The module path of a file under `src/`: `src/ui/game.rs` → [ui, game];
/// `src/ui/mod.rs` → [ui]; `src/proto.rs` → [proto].
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// Every rule broken under `src`, as `file:line: ...`.
fn violations(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let rel = file.strip_prefix(src).unwrap().to_path_buf();
        let module = module_of(&rel);
        let top = module.first().cloned().unwrap_or_default();
        let text = std::fs::read_to_string(&file).unwrap();
        // Inline modules (`mod tests { .. }`) add a level that `super::` climbs first:
        // (name, brace depth inside it).
        let mut inline: Vec<(String, i32)> = Vec::new();
        let mut depth = 0i32;
        for (n, line) in text.lines().enumerate() {
            let code = code_of(line);
            let mut here = module.clone();
            here.extend(inline.iter().map(|(m, _)| m.clone()));
            if let Some(name) = inline_mod(&code) {
                inline.push((name, depth + 1));
            }
            for c in code.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        while inline.last().is_some_and(|(_, d)| depth < *d) {
                            inline.pop();
                        }
                    }
                    _ => {}
                }
            }
            for used in paths_used(&code, &here) {
                let at = format!("{}:{}", Path::new("src").join(&rel).display(), n + 1);
                if used == "crate::ssh"
                    && top != "ssh"
                    && !MAY_USE_SSH.contains(&rel.to_string_lossy().as_ref())
                {
                    found.push(format!(
                        "{at}: only the composition root (server.rs) may use `ssh`: {}",
                        line.trim()
                    ));
                }
                for rule in RULES.iter().filter(|r| r.dir == top) {
                    let ours = used.strip_prefix("crate::");
                    let broken = rule.forbidden.iter().any(|f| {
                        if *f == OURS_ONLY_ALLOWED {
                            ours.is_some_and(|m| !rule.allowed.contains(&m))
                        } else {
                            used == *f
                        }
                    });
                    if broken {
                        found.push(format!(
                            "{at}: `{}` must not use `{used}`: {}",
                            rule.dir,
                            line.trim()
                        ));
                    }
                }
            }
        }
    }
    found
}

#[test]
fn every_module_uses_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = violations(&src);
    assert!(
        found.is_empty(),
        "layer rules broken:\n{}",
        found.join("\n")
    );
}

/// The checker itself: a tree with forbidden uses is reported, file and line.
#[test]
fn a_forbidden_use_is_reported_with_its_file_and_line() {
    let dir = std::env::temp_dir().join(format!("layers-{}", std::process::id()));
    let src = dir.join("src");
    for d in ["ui", "rules", "bot", "lobby", "web", "i18n"] {
        std::fs::create_dir_all(src.join(d)).unwrap();
    }
    let write = |p: &str, text: &str| std::fs::write(src.join(p), text).unwrap();
    write(
        "ui/game.rs",
        "//! `tokio::` in a comment is fine\nuse crate::proto::GameCmd;\nuse tokio::sync::mpsc;\nfn f() { let s = \"crate::store\"; }\n",
    );
    write(
        "ui/mod.rs",
        "use super::store::Store;\nuse crate::{rules::Color, game::GameHandle};\n",
    );
    write(
        "rules/game.rs",
        "use crate::rules::Board;\nuse crate::text::clean;\nmod tests {\n    use super::super::types::Move;\n}\nuse super::super::store::Store;\n",
    );
    write(
        "bot/mod.rs",
        "use crate::proto::BotLevel;\nuse crate::rules::Color;\n",
    );
    write("lobby/mod.rs", "fn f() { crate::ssh::serve(); }\n");
    // The catalogs are pure: nothing of ours, no tracing; the screens may read them.
    write(
        "i18n/mod.rs",
        "use crate::i18n::Lang;\nuse crate::rules::Rank;\nuse tracing::info;\n",
    );
    write("ui/welcome.rs", "use crate::i18n::{tr, Lang};\n");
    write("server.rs", "use crate::ssh::SshServer;\n");
    write(
        "web/mod.rs",
        "use crate::service::Service;\nuse crate::store::Store;\nfn f() { crate::ssh::serve(); }\n",
    );
    let found = violations(&src);
    std::fs::remove_dir_all(&dir).unwrap();
    let expected = [
        "src/ui/game.rs:3: `ui` must not use `tokio`",
        "src/ui/mod.rs:1: `ui` must not use `crate::store`",
        "src/ui/mod.rs:2: `ui` must not use `crate::game`",
        "src/rules/game.rs:2: `rules` must not use `crate::text`",
        "src/rules/game.rs:6: `rules` must not use `crate::store`",
        "src/bot/mod.rs:1: `bot` must not use `crate::proto`",
        "src/lobby/mod.rs:1: only the composition root (server.rs) may use `ssh`",
        "src/web/mod.rs:2: `web` must not use `crate::store`",
        "src/web/mod.rs:3: only the composition root (server.rs) may use `ssh`",
        "src/i18n/mod.rs:2: `i18n` must not use `crate::rules`",
        "src/i18n/mod.rs:3: `i18n` must not use `tracing`",
    ];
    for e in expected {
        assert!(
            found.iter().any(|f| f.starts_with(e)),
            "missing {e:?} in:\n{}",
            found.join("\n")
        );
    }
    assert_eq!(found.len(), expected.len(), "{}", found.join("\n"));
}
