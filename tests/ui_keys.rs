//! Every key of every screen and mode (`ui_support::states`): a key that does something (an
//! effect, or a change in what is drawn) is in the key table of what is shown, and is listed
//! in the help `?` shows there (where `?` opens none, in a dialog or while a line is typed:
//! hinted on the screen); or it is typed into a line of text, or it only says why nothing
//! happens. A key that is in no table does nothing. Keys with Ctrl are the app's own and not
//! pressed here.

mod ui_support;

use stratego_ssh::ui::input::{Event, Key, KeyCode};
use stratego_ssh::ui::{App, KeyDoc, Msg};
use ui_support::states::{all, every_key, H, W};
use ui_support::*;

/// The help as `?` shows it now, if `?` opens it.
fn help_shown(a: &App) -> Option<String> {
    let doc = a.key_doc(Key::plain(KeyCode::Char('?')))?;
    if doc.typing {
        return None;
    }
    let mut b = a.clone();
    b.update(key('?'));
    let t = text(&draw(&b, W, H));
    t.contains("any key closes this help").then_some(t)
}

/// Cut as the help dialog cuts its columns.
fn cut(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// Why a key that did something is not documented, if it is not: where `?` opens a help,
/// the help must list it; elsewhere (dialogs, lines of text) a hint on the screen.
fn undocumented(d: &KeyDoc, code: KeyCode, help: &Option<String>, screen: &str) -> Option<String> {
    if d.typing || d.explains || code == KeyCode::Char('?') && help.is_some() {
        return None;
    }
    match (help, d.help) {
        (Some(h), Some((k, w))) if h.contains(&cut(k, 22)) && h.contains(&cut(w, 40)) => None,
        (Some(_), line) => Some(format!("not listed in the help (its line: {line:?})")),
        (None, _) => {
            let shown = d
                .hints
                .iter()
                .any(|(k, w)| screen.contains(format!("{k} {w}").trim()));
            (!shown).then(|| format!("not hinted on the screen (hints: {:?})", d.hints))
        }
    }
}

/// All that is wrong with the keys of one state.
fn check(name: &str, base: &App) -> Vec<String> {
    let mut wrong = vec![];
    let before = draw(base, W, H);
    let screen = text(&before);
    let help = help_shown(base);
    for code in every_key() {
        let k = Key::plain(code);
        let mut a = base.clone();
        let fx = a.update(Msg::Input(Event::Key(k)));
        let acted = !fx.is_empty() || draw(&a, W, H) != before;
        match base.key_doc(k) {
            None if acted => wrong.push(format!("{name}: {code:?} acts but is in no table")),
            Some(d) if acted => {
                if let Some(why) = undocumented(&d, code, &help, &screen) {
                    wrong.push(format!("{name}: {code:?} acts but is {why}"));
                }
            }
            _ => {}
        }
    }
    wrong
}

#[test]
fn every_key_that_acts_is_in_the_table_and_documented() {
    let mut wrong = vec![];
    let states = all();
    assert!(states.len() > 40);
    for (name, make) in &states {
        wrong.extend(check(name, &make()));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// On the set-up and game screens at 80x24, in every mode: each hint a key has now is on
/// the screen whole (the footer drops none), and the help `?` opens lists every key's line
/// whole (the words may wrap inside the box, never cut).
#[test]
fn game_and_setup_keys_fit_80x24() {
    let (w, h) = (80, 24);
    let mut wrong = vec![];
    for (name, make) in all() {
        if !(name.starts_with("game") || name.starts_with("set-up")) {
            continue;
        }
        let mut a = make();
        a.update(Msg::Resize {
            width: w,
            height: h,
        });
        let screen = text(&draw(&a, w, h));
        let docs: Vec<KeyDoc> = every_key()
            .into_iter()
            .filter_map(|c| a.key_doc(Key::plain(c)))
            .collect();
        for d in &docs {
            for (k, what) in &d.hints {
                let hint = format!("{k} {what}");
                if !screen.contains(hint.trim()) {
                    wrong.push(format!("{name}: hint {hint:?} not on the screen"));
                }
            }
        }
        let doc = a.key_doc(Key::plain(KeyCode::Char('?')));
        if doc.is_none_or(|d| d.typing) {
            continue;
        }
        let mut b = a.clone();
        b.update(key('?'));
        let buf = draw(&b, w, h);
        if !text(&buf).contains("any key closes this help") {
            continue;
        }
        let inside = boxed_text(&buf);
        for d in &docs {
            if let Some((k, what)) = d.help {
                let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
                if !inside.contains(&flat(k)) || !inside.contains(&flat(what)) {
                    wrong.push(format!("{name}: help line {k:?} {what:?} not whole"));
                }
            }
        }
    }
    wrong.dedup();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
