//! Playing through the screens: two players meet through a seek, set up at random, and
//! make random moves by typing them, reading their boards as a person does (the load
//! generator's screen readers).

use std::time::Duration;

use super::read::{candidate_moves, read_board, read_status, Sq, ERRORS};
use super::Term;

/// `owner` posts a seek (the default terms: Classic, rated for keys), `taker` accepts it,
/// both set up at random and ready. Returns (red, blue). Only one seek may be open.
pub async fn start_game<'a>(
    owner: &'a Term,
    owner_nick: &str,
    taker: &'a Term,
) -> (&'a Term, &'a Term) {
    owner.wait_text("Open seeks", 15).await;
    owner.send(b"n").await;
    owner.wait_text("Variant", 10).await;
    owner.send(b"\r").await;
    accept_seek(taker, owner_nick).await;
    for t in [owner, taker] {
        t.wait_text("Set up your army", 15).await;
        t.send(b"r").await;
        t.wait_text("40 of 40 placed", 10).await;
        t.send(b"d").await;
    }
    let a = owner.wait_text("move 1", 15).await;
    taker.wait_text("move 1", 15).await;
    if a.contains("you play Red") {
        (owner, taker)
    } else {
        (taker, owner)
    }
}

/// `taker`, in the lobby, accepts `owner_nick`'s Classic seek (the only one open) with the
/// keys a person presses; returns once its set-up screen shows.
pub async fn accept_seek(taker: &Term, owner_nick: &str) {
    taker
        .wait_for(&format!("{owner_nick}'s seek"), 15, |t| {
            // A line of the seek list (not one of the games in play, "red vs blue").
            t.contains("Open seeks (1)")
                && t.lines().any(|l| {
                    l.contains(&format!("│{owner_nick} "))
                        && l.contains("Classic")
                        && !l.contains(" vs ")
                })
        })
        .await;
    // Enter accepts the selected seek when the seek list has the focus (the footer says
    // "Enter accept"; back from a game the games list has it): Tab moves the focus on,
    // and `j` selects the first seek (under the seeks' first row, the computer's).
    let mut accepted = false;
    for _ in 0..20 {
        let text = taker.text();
        if text.contains("Set up your army") {
            accepted = true;
            break;
        }
        if text.contains("Enter accept") {
            taker.send(b"\r").await;
            tokio::time::sleep(Duration::from_millis(500)).await;
            if !taker.text().contains("Set up your army") {
                taker.send(b"j").await;
            }
        } else if text.contains("Enter play the computer") {
            // The seeks' first row (the computer) is selected: `j` selects the seek.
            taker.send(b"j").await;
        } else {
            taker.send(b"\t").await;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(accepted, "the seek was not accepted:\n{}", taker.text());
}

/// `t`, in the lobby, watches the first game of "Games in play" with the keys a person
/// presses (Tab until the footer offers "Enter watch", then Enter); returns the watched
/// screen.
pub async fn watch_first_game(t: &Term) -> String {
    t.wait_text("Games in play (1)", 15).await;
    for _ in 0..20 {
        let text = t.text();
        if text.contains("watching") && read_board(&text).is_some() {
            return text;
        }
        if text.contains("Enter watch") {
            t.send(b"\r").await;
            tokio::time::sleep(Duration::from_millis(500)).await;
        } else {
            t.send(b"\t").await;
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    t.wait_for("the watched board", 15, |s| {
        s.contains("watching") && read_board(s).is_some()
    })
    .await
}

/// A small deterministic generator (tests must not depend on the OS's randomness to be
/// reproducible from their seed).
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n.max(1) as u64) as usize
    }
}

/// What a player's screen shows of the game: (whether it is their turn, the move number),
/// `None` when no game status is shown (the game is over, or the connection is gone).
pub fn status(t: &Term) -> Option<(bool, u32)> {
    read_status(&t.text()).map(|s| (s.mine, s.number))
}

/// Whether the screen shows a finished game.
pub fn game_over(t: &Term) -> bool {
    t.text().contains("r rematch")
}

/// How one attempt at a move ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Moved {
    /// The turn passed: the move (`a4 a5`) was played (and stored before it was shown).
    Played(String),
    /// The game ended; with the move typed when it was what ended it.
    Over(Option<String>),
    /// The connection dropped, or nothing could be played in time.
    Stuck,
}

/// `mover` (whose turn it is) plays a random move that its board suggests, trying others
/// while the server refuses them. Returns once the turn has passed on its screen, with the
/// move that passed it. Patient as [`chosen_move`] (up to `secs`, at most 10 s): a move is
/// taken as refused only when the screen says why. (Taking a slow answer for a refusal
/// typed a second move and reported it as the one played: the crash loop of
/// tests/faults.rs then saw a move the store rightly did not hold.)
pub async fn random_move(mover: &Term, rng: &mut Rng, secs: u64) -> Moved {
    let patience = Duration::from_secs(secs.clamp(1, 10));
    play_move(mover, secs, Some(patience), |moves| {
        moves[rng.below(moves.len())]
    })
    .await
}

/// `mover` (whose turn it is) plays the move `choose` picks among those its board suggests,
/// asking again while the server refuses them. Returns once the turn has passed on its
/// screen. Patient (for a slow machine): a move is taken as refused when the screen says
/// why, or when nothing changed in 10 s.
pub async fn chosen_move(
    mover: &Term,
    secs: u64,
    choose: impl FnMut(&[(Sq, Sq)]) -> (Sq, Sq),
) -> Moved {
    play_move(mover, secs, Some(Duration::from_secs(10)), choose).await
}

/// How many of the sentences of an illegal move the screen shows (the header may hold one
/// of their phrases: `2-square rule: 3`).
fn errors_shown(text: &str) -> usize {
    ERRORS.iter().map(|e| text.matches(e).count()).sum()
}

/// Plays a move as [`chosen_move`] says; with no `patience`, a move is taken as refused when
/// the turn has not passed within a second.
async fn play_move(
    mover: &Term,
    secs: u64,
    patience: Option<Duration>,
    mut choose: impl FnMut(&[(Sq, Sq)]) -> (Sq, Sq),
) -> Moved {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    let mut typed: Option<String> = None;
    loop {
        if mover.is_closed() {
            return Moved::Stuck;
        }
        if game_over(mover) {
            return Moved::Over(None);
        }
        if tokio::time::Instant::now() > deadline {
            return Moved::Stuck;
        }
        let Some((true, number)) = status(mover) else {
            if let (Some(_), Some(text), Some((false, _))) = (patience, &typed, status(mover)) {
                // The last move typed was played after all (a slow screen).
                return Moved::Played(text.clone());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let Some(board) = read_board(&mover.text()) else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let moves = candidate_moves(&board);
        if moves.is_empty() {
            return Moved::Stuck;
        }
        let ((ff, fr), (tf, tr)) = choose(&moves);
        let text = format!(
            "{}{} {}{}",
            (b'a' + ff) as char,
            fr,
            (b'a' + tf) as char,
            tr
        );
        let errors_before = errors_shown(&mover.text());
        // The connection may drop at any moment (a crash test): nothing here panics.
        let mut sent = mover.try_send(b"m").await;
        tokio::time::sleep(Duration::from_millis(20)).await;
        for c in text.chars() {
            sent &= mover.try_send(c.to_string().as_bytes()).await;
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        sent &= mover.try_send(b"\r").await;
        if !sent {
            return Moved::Stuck;
        }
        typed = Some(text.clone());
        // Played when the turn passes; refused when it has not within a second (or, when
        // patient, when the screen says why).
        let tried = tokio::time::Instant::now();
        while tried.elapsed() < patience.unwrap_or(Duration::from_secs(1)) {
            if mover.is_closed() {
                return Moved::Stuck;
            }
            if game_over(mover) {
                return Moved::Over(Some(text));
            }
            match status(mover) {
                Some((false, _)) => return Moved::Played(text),
                Some((true, n)) if n != number => return Moved::Played(text),
                _ => {}
            }
            if patience.is_some() && errors_shown(&mover.text()) > errors_before {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        if status(mover).is_some_and(|(mine, _)| mine) {
            mover.try_send(b"\x1b").await; // clear the refusal shown
        }
    }
}
