//! The set-up library and explorer (issue 47 item 3) over real SSH sessions: a saved
//! set-up's statistics on the library screen (lobby `S`) count the player's finished games
//! played with exactly that army (either colour, private games too), rename and edit work
//! there, and the server's explorer (`X`) shows on the Flag's square the number of public
//! finished armies whose Flag stood there (a private game's army left out).

mod common;

use common::web::{finish, played};
use common::{fingerprint, new_key, start_server, Login, Term};

use stratego_ssh::proto::{PlayerId, SavedSetup};
use stratego_ssh::rules::setup_stats::as_red;
use stratego_ssh::rules::{
    Color, EndReason, Game, GameRecord, Outcome, Rank, Rules, Setup, Square, Variant,
};

/// The set-up turned half a turn (Red's army as Blue would set it up, and back).
fn turned(s: &Setup, color: Color) -> Setup {
    let pieces = s
        .pieces
        .iter()
        .map(|(q, r)| (Square::new(9 - q.file(), 9 - q.row()).unwrap(), *r))
        .collect();
    Setup {
        color: Some(color),
        pieces,
    }
}

/// Where a Red-side army's Flag stands.
fn flag_of(s: &Setup) -> Square {
    *as_red(s)
        .pieces
        .iter()
        .find(|(_, r)| **r == Rank::Flag)
        .unwrap()
        .0
}

/// The number a heat-map row shows under file `file` (0 = A) of row `row` (0 = row 1):
/// the header row names the files, the four rows under it are rows 4 to 1, and each
/// number ends in its file letter's column.
fn heat_number(screen: &str, row: u8, file: u8) -> Option<u32> {
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let pat: Vec<char> = "    A    B    C    D    E".chars().collect();
    let at = lines
        .iter()
        .position(|l| l.windows(pat.len()).any(|w| w == pat.as_slice()))?;
    let head = &lines[at];
    let a = head.windows(pat.len()).position(|w| w == pat.as_slice())? + 4;
    let col = a + 5 * usize::from(file);
    let line = lines.get(at + 1 + usize::from(3 - row))?;
    let label: String = line.get(a - 7..a - 4)?.iter().collect();
    assert_eq!(label.trim(), (row + 1).to_string(), "row label");
    let mut start = col;
    while start > 0 && line.get(start - 1).is_some_and(|c| c.is_ascii_digit()) {
        start -= 1;
    }
    line.get(start..=col)?
        .iter()
        .collect::<String>()
        .trim()
        .parse()
        .ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_setup_counts_its_games_and_the_explorer_its_flags() {
    let srv = start_server("setups").await;
    let addr = srv.running.addr;
    let (ka, kb) = (new_key(), new_key());
    for (n, k) in [("alice", &ka), ("bob", &kb)] {
        let t = Term::connect(addr, Login::Key(n, k), 120, 40).await;
        t.wait_text(&format!("you are {n}"), 10).await;
        t.disconnect().await;
    }
    let (a, b) = (
        PlayerId::Key(fingerprint(&ka)),
        PlayerId::Key(fingerprint(&kb)),
    );
    let store = &srv.running.store;

    // Alice's army A (Red in these records): a win (4), a loss (5), and the same army
    // played as Blue (turned) drawn (6), and a private win (7). Game 8 is bob's other
    // army against another of alice's: not hers to count.
    let won = played(4, 10, Color::Blue);
    let lost = played(4, 10, Color::Red);
    assert_eq!(won.red, lost.red, "the same armies, another result");
    let army = won.red.clone();
    let rules = Rules::standard(Variant::Classic);
    let other = played(9, 10, Color::Blue);
    let drawn: GameRecord = {
        let mut g = Game::new(
            rules,
            &turned(&other.blue, Color::Red),
            &turned(&army, Color::Blue),
        )
        .unwrap();
        g.end(Outcome {
            winner: None,
            reason: EndReason::DrawAgreed,
        });
        g.record()
    };
    finish(store, 4, (&a, "alice"), (&b, "bob"), &won, false, false).await;
    finish(store, 5, (&a, "alice"), (&b, "bob"), &lost, false, false).await;
    finish(store, 6, (&b, "bob"), (&a, "alice"), &drawn, false, false).await;
    finish(store, 7, (&a, "alice"), (&b, "bob"), &won, false, true).await;
    finish(store, 8, (&b, "bob"), (&a, "alice"), &other, false, false).await;
    store
        .setups()
        .save(
            &a,
            &SavedSetup {
                name: "wall".into(),
                variant: Variant::Classic,
                setup: army.clone(),
            },
        )
        .await
        .unwrap();

    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    alice.wait_text("you are alice", 10).await;
    alice.send(b"S").await;
    let lib = alice
        .wait_for("the library's statistics", 10, |t| {
            t.contains("Set-up library") && t.contains("4 games: 2 won, 1 drawn, 1 lost")
        })
        .await;
    assert!(lib.contains("wall"), "{lib}");
    assert!(lib.contains("Lost by resignation: 1"), "{lib}");
    // The list's row: 4 games, 2/1/1.
    assert!(
        lib.lines()
            .any(|l| l.contains("wall") && l.contains("2/1/1")),
        "{lib}"
    );

    // Rename: r, a new name, Enter; the statistics follow the set-up.
    alice.send(b"r").await;
    alice.send(&[0x15]).await; // Ctrl-U empties the line
    alice.type_str("fortress").await;
    alice.send(b"\r").await;
    alice
        .wait_for("the renamed set-up", 10, |t| {
            t.contains("fortress")
                && !t.contains("wall")
                && t.contains("4 games: 2 won, 1 drawn, 1 lost")
        })
        .await;
    let kept = store.setups().list(&a, Some(Variant::Classic)).unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].name, "fortress");
    assert_eq!(kept[0].setup, army);

    // The same in lines (`ssh host play`): the list, one set-up, the explorer.
    let mut lines = common::line::LineClient::open(addr, Login::Key("alice", &ka), "play").await;
    lines.until_has("You are in the lobby", 10).await;
    lines.send("setups").await;
    lines
        .until_has("fortress: 4 games, 2 won, 1 drawn, 1 lost", 10)
        .await;
    lines.send("setup fortress").await;
    lines
        .until_has("fortress (Classic), from the front row", 10)
        .await;
    lines.until_has("4 games: 2 won, 1 drawn, 1 lost", 10).await;
    lines.send("explorer").await;
    lines
        .until_has("the server's finished games: 8 armies", 10)
        .await;
    lines.disconnect().await;

    // The server's explorer: on the Flag's square of army A, the public armies with
    // their Flag there (private game 7 left out), counted here from the records.
    let public_armies = [
        won.red.clone(),
        won.blue.clone(),
        lost.red.clone(),
        lost.blue.clone(),
        drawn.red.clone(),
        drawn.blue.clone(),
        other.red.clone(),
        other.blue.clone(),
    ];
    let f = flag_of(&army);
    let expected = public_armies.iter().filter(|s| flag_of(s) == f).count() as u32;
    assert!(expected >= 3, "army A alone is there three times");
    alice.send(b"X").await;
    let ex = alice
        .wait_for("the server's explorer", 10, |t| {
            t.contains("the server's games") && t.contains("8 armies")
        })
        .await;
    assert_eq!(
        heat_number(&ex, f.row(), f.file()),
        Some(expected),
        "Flag {f} in\n{ex}"
    );
    // Back to the library, then edit: clear, fill at random, d saves it back; the new army
    // was never played.
    alice.send(b"\x1b").await;
    alice.wait_text("Set-up library", 10).await;
    alice.send(b"e").await;
    alice.wait_text("Editing 'fortress'", 10).await;
    alice.send(b"c").await; // clear (asks)
    alice.send(b"y").await;
    alice.send(b"r").await; // fill at random
    alice.send(b"d").await; // done: saved back
    alice
        .wait_for("the edited set-up", 10, |t| {
            t.contains("Set-up library") && t.contains("Not in any of your finished games yet")
        })
        .await;
    let edited = store.setups().list(&a, Some(Variant::Classic)).unwrap();
    assert_eq!(edited.len(), 1);
    assert_ne!(edited[0].setup, army);
    assert!(edited[0]
        .setup
        .validate(&rules, edited[0].setup.color.unwrap())
        .is_ok());
    alice.disconnect().await;
}

/// The library over SSH: a renamed set-up stays selected wherever its new name sorts it
/// (the selection stayed on the row, showing another set-up); and a game starting while a
/// saved set-up is being edited takes the screen, says the edits were not saved, and the
/// saved set-up is as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_library_follows_a_rename_and_a_game_starting_drops_an_edit() {
    let srv = start_server("setups-follow").await;
    let addr = srv.running.addr;
    let (ka, kb) = (new_key(), new_key());
    for (n, k) in [("alice", &ka), ("bob", &kb)] {
        let t = Term::connect(addr, Login::Key(n, k), 120, 40).await;
        t.wait_text(&format!("you are {n}"), 10).await;
        t.disconnect().await;
    }
    let a = PlayerId::Key(fingerprint(&ka));
    let store = &srv.running.store;
    let rules = Rules::standard(Variant::Classic);
    for (i, name) in ["alpha", "beta"].into_iter().enumerate() {
        store
            .setups()
            .save(
                &a,
                &SavedSetup {
                    name: name.into(),
                    variant: Variant::Classic,
                    setup: Setup::random(&rules, Color::Red, 20 + i as u64),
                },
            )
            .await
            .unwrap();
    }
    let alpha = Setup::random(&rules, Color::Red, 20);

    let alice = Term::connect(addr, Login::Key("alice", &ka), 120, 40).await;
    alice.wait_text("you are alice", 10).await;
    // A seek of hers is open while she is in the library.
    alice.wait_text("Open seeks", 15).await;
    alice.send(b"n").await;
    alice.wait_text("Variant", 10).await;
    alice.send(b"\r").await;
    alice.wait_text("Open seeks (1)", 10).await;
    alice.send(b"S").await;
    alice.wait_text("\u{256d} alpha", 10).await;
    alice.send(b"r").await;
    alice.send(&[0x15]).await; // Ctrl-U empties the line
    alice.type_str("omega").await;
    alice.send(b"\r").await;
    let lib = alice
        .wait_for("the renamed set-up listed", 10, |t| {
            t.contains("omega") && !t.contains("alpha")
        })
        .await;
    // The panel beside the list names the selected set-up: the renamed one.
    assert!(
        alice
            .wait_for("the renamed set-up selected", 5, |t| t
                .contains("\u{256d} omega"))
            .await
            .contains("\u{256d} omega"),
        "{lib}"
    );

    // Editing it (cleared: an edit not saved) when bob takes her seek.
    alice.send(b"e").await;
    alice.wait_text("Editing 'omega'", 10).await;
    alice.send(b"c").await;
    alice.send(b"y").await;
    alice.wait_text("0 of 40 placed", 10).await;
    let bob = Term::connect(addr, Login::Key("bob", &kb), 120, 40).await;
    bob.wait_text("you are bob", 10).await;
    common::play::accept_seek(&bob, "alice").await;
    let screen = alice
        .wait_for("the game's set-up, the edits dropped", 10, |t| {
            t.contains("your edits to 'omega' were not saved")
        })
        .await;
    assert!(screen.contains("Set up your army"), "{screen}");
    assert!(!screen.contains("Editing 'omega'"), "{screen}");
    let kept = store.setups().list(&a, Some(Variant::Classic)).unwrap();
    let omega = kept.iter().find(|s| s.name == "omega").unwrap();
    assert_eq!(omega.setup, alpha, "the saved set-up is as it was");
    alice.disconnect().await;
    bob.disconnect().await;
}
