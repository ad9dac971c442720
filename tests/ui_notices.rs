//! Notices (issue 34): they time out after a few seconds (a long one a little later), a
//! newer one replaces them, a key takes them away; a lasting one (a guest's way back into
//! its game) stays until a key.

mod ui_support;

use stratego_ssh::ui::{notice_secs, Msg};
use ui_support::*;

const NOW: u64 = 1_800_000_000;

fn shown(a: &stratego_ssh::ui::App, needle: &str) -> bool {
    text(&draw(a, 80, 24)).contains(needle)
}

#[test]
fn a_notice_goes_after_a_few_seconds_without_a_key() {
    let mut a = app("alice", 80, 24);
    a.set_unix_time(NOW);
    a.update(Msg::Notice("alice declined your draw offer".into()));
    assert!(!a.set_unix_time(NOW));
    assert!(shown(&a, "declined your draw offer"));
    let secs = notice_secs("alice declined your draw offer");
    assert!((4..=8).contains(&secs), "a few seconds: {secs}");
    assert!(!a.set_unix_time(NOW + secs - 1), "still shown");
    assert!(shown(&a, "declined your draw offer"));
    assert!(
        a.set_unix_time(NOW + secs),
        "a frame is due: the notice went"
    );
    assert!(!shown(&a, "declined your draw offer"));
    // The footer's keys are back at the bottom.
    let screen = text(&draw(&a, 80, 24));
    assert!(
        screen.lines().rev().take(2).any(|l| l.contains("q quit")),
        "{screen}"
    );
}

#[test]
fn a_newer_notice_replaces_the_old_and_has_its_own_time() {
    let mut a = app("alice", 80, 24);
    a.set_unix_time(NOW);
    a.update(Msg::Notice("first".into()));
    a.set_unix_time(NOW + 3);
    a.update(Msg::Notice("second".into()));
    a.set_unix_time(NOW + 4);
    assert!(shown(&a, "second") && !shown(&a, "first"));
    // The second counts from when it came, not from the first.
    a.set_unix_time(NOW + 3 + notice_secs("second") - 1);
    assert!(shown(&a, "second"));
    a.set_unix_time(NOW + 4 + notice_secs("second"));
    assert!(!shown(&a, "second"));
}

#[test]
fn a_long_notice_stays_longer_but_not_for_ever() {
    let long =
        "Your game #6 against gina has ended: you lost (abandonment); your rating 1338 -> 1280";
    assert!(notice_secs(long) > notice_secs("first"));
    assert!(notice_secs(long) <= 12);
    let mut a = app("alice", 80, 24);
    a.set_unix_time(NOW);
    a.update(Msg::Notice(long.into()));
    a.set_unix_time(NOW + 1);
    assert!(shown(&a, "has ended"));
    a.set_unix_time(NOW + 1 + notice_secs(long));
    assert!(!shown(&a, "has ended"));
}

#[test]
fn a_lasting_notice_stays_until_a_key_and_keeps_its_rows() {
    let mut a = app("alice", 80, 24);
    a.set_unix_time(NOW);
    let line = "Guest: if you drop, come back to your game with:\nssh -o PubkeyAuthentication=no -p 2301 guest-0520-abcdefghijklmnop@127.0.0.1";
    a.update(Msg::LastingNotice(line.into()));
    a.set_unix_time(NOW + 600);
    let screen = text(&draw(&a, 80, 24));
    assert!(
        screen
            .lines()
            .any(|l| l.trim() == "Guest: if you drop, come back to your game with:"),
        "the words on a row of their own:\n{screen}"
    );
    assert!(
        screen.lines().any(|l| l.trim()
            == "ssh -o PubkeyAuthentication=no -p 2301 guest-0520-abcdefghijklmnop@127.0.0.1"),
        "the command whole on a row of its own:\n{screen}"
    );
    a.update(code(stratego_ssh::ui::input::KeyCode::Esc));
    assert!(!shown(&a, "come back to your game"));
}
