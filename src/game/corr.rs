//! Correspondence games: days a move, no need to stay connected (issue 47, item 4).
//!
//! **The clock.** A correspondence game ([`GameTerms::days`](crate::proto::GameTerms::days))
//! gives the side to move `days` days (1, 3 or 7) from the moment its turn began: the
//! opponent's last move, or the start of play for the first move. There is no total
//! budget: each move has the whole allowance again, as on lichess, so a player who was away
//! a week on one move is not punished on every later one, and the rule fits on one line.
//!
//! **A deadline, not a time left.** The turn's start is a time of day (Unix seconds),
//! stored with every move (`LiveMoveV1::at`) and with the game when play starts
//! (`LiveV1::turn_since`); the deadline is computed from it, never from time left in
//! memory. A restart, however long, changes nothing: a deadline passed while the server was
//! down loses at once when the game is restored.
//!
//! **The set-up** is by correspondence too: each side has `days` from the game's start
//! (`deadline(started, days)`) to be ready; the game is stored from its start with the
//! set-ups made so far ([`crate::store::LiveSetup`]), so a restart keeps both and the
//! deadline. At the deadline it ends as the ordinary set-up deadline ends a game.
//!
//! **Who checks.** The game task, with nobody connected: it sleeps until the deadline of the
//! side to move ([`wait`]), and a move past it loses on time ([`overdue`]). These functions
//! take the time as an argument, so their tests inject it (no sleeping).

use std::time::Duration;

use crate::store::Timestamp;

/// Seconds in a day of the correspondence clock.
pub const DAY_SECS: u64 = 86_400;

/// When the side whose turn began at `turn_since` must have moved: `days` days later.
pub fn deadline(turn_since: Timestamp, days: u8) -> Timestamp {
    turn_since.saturating_add(u64::from(days) * DAY_SECS)
}

/// Whether the turn that began at `turn_since` is over at `now`: the side to move has lost
/// on time. At the deadline itself the time is up.
pub fn overdue(turn_since: Timestamp, days: u8, now: Timestamp) -> bool {
    now >= deadline(turn_since, days)
}

/// Time left at `now` (zero once overdue): what the screens count down.
pub fn left(turn_since: Timestamp, days: u8, now: Timestamp) -> Duration {
    Duration::from_secs(deadline(turn_since, days).saturating_sub(now))
}

/// How long the game task sleeps before looking again: until the deadline, and at least a
/// second while it is ahead (the clock is read in whole seconds, so a timer that woke a
/// moment early must not spin), zero once it has passed.
pub fn wait(turn_since: Timestamp, days: u8, now: Timestamp) -> Duration {
    if overdue(turn_since, days, now) {
        Duration::ZERO
    } else {
        left(turn_since, days, now).max(Duration::from_secs(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Timestamp = 1_800_000_000;

    #[test]
    fn the_deadline_is_days_after_the_turn_began() {
        assert_eq!(deadline(T0, 1), T0 + 86_400);
        assert_eq!(deadline(T0, 3), T0 + 3 * 86_400);
        assert_eq!(deadline(T0, 7), T0 + 7 * 86_400);
    }

    #[test]
    fn a_move_one_second_before_the_deadline_is_in_time_and_at_it_is_late() {
        let d = deadline(T0, 3);
        assert!(!overdue(T0, 3, T0));
        assert!(!overdue(T0, 3, d - 1));
        assert!(overdue(T0, 3, d));
        assert!(overdue(T0, 3, d + 10 * DAY_SECS));
    }

    #[test]
    fn a_restart_long_after_the_deadline_finds_it_passed() {
        // The server was down for eight days during a 7-day move: the deadline is a time of
        // day, so it has passed whatever the task had in memory.
        assert!(overdue(T0, 7, T0 + 8 * DAY_SECS));
        assert_eq!(left(T0, 7, T0 + 8 * DAY_SECS), Duration::ZERO);
        assert_eq!(wait(T0, 7, T0 + 8 * DAY_SECS), Duration::ZERO);
    }

    #[test]
    fn time_left_counts_down_to_zero() {
        assert_eq!(left(T0, 1, T0), Duration::from_secs(86_400));
        assert_eq!(left(T0, 1, T0 + 86_000), Duration::from_secs(400));
        assert_eq!(left(T0, 1, T0 + 86_400), Duration::ZERO);
    }

    #[test]
    fn the_timer_sleeps_until_the_deadline_never_less_than_a_second_while_ahead() {
        assert_eq!(wait(T0, 1, T0), Duration::from_secs(86_400));
        assert_eq!(wait(T0, 1, T0 + 86_399), Duration::from_secs(1));
        assert_eq!(wait(T0, 1, T0 + 86_400), Duration::ZERO);
    }

    #[test]
    fn a_turn_that_began_in_the_future_is_not_overdue() {
        // A clock set back (or a record from a machine ahead): the full allowance, no panic.
        assert!(!overdue(T0 + 100, 1, T0));
        assert_eq!(left(T0 + 100, 1, T0), Duration::from_secs(86_500));
    }
}
