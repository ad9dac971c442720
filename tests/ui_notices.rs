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

/// Issue 43: a guest's way back (two rows and its `(Esc)`), shown as its set-up opens,
/// leaves the player's own seat (name and state) readable under it, at 80x24 as at
/// 120x40, in set-up and in play.
#[test]
fn a_notice_of_several_rows_leaves_the_own_seat_readable_in_a_game() {
    use stratego_ssh::proto::GamePhase;
    use stratego_ssh::proto::Notice;
    use stratego_ssh::rules::{Color, Viewer};
    let way_back = "ssh -o PubkeyAuthentication=no -p 2222 alice-1ppp29yjyy58b4je@example.org";
    for (w, h) in [(80, 24), (120, 40)] {
        for phase in [GamePhase::Setup, GamePhase::Playing] {
            let mut a = app("alice", w, h);
            a.set_unix_time(NOW);
            let view =
                (phase == GamePhase::Playing).then(|| empty_view(Viewer::Player(Color::Red)));
            send_game(
                &mut a,
                snapshot(phase, Some(Color::Red), view),
                std::time::Instant::now(),
            );
            let before = lines(&draw(&a, w, h));
            let seat_row = before
                .iter()
                .rposition(|l| l.contains("alice"))
                .unwrap_or_else(|| panic!("{}", before.join("\n")));
            a.update(Msg::Notice(
                Notice::new("notice-comeback").arg("command", way_back),
            ));
            let after = lines(&draw(&a, w, h));
            let screen = after.join("\n");
            assert!(screen.contains(way_back), "{w}x{h} {phase:?}\n{screen}");
            assert_eq!(
                after[seat_row], before[seat_row],
                "{w}x{h} {phase:?}: the own seat covered\n{screen}"
            );
            assert_eq!(
                after[seat_row + 1],
                before[seat_row + 1],
                "{w}x{h} {phase:?}: the own seat's state covered\n{screen}"
            );
        }
    }
}
