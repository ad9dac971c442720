//! Correspondence games: days a move, no need to stay connected (issue 47, item 4).
//!
//! **The clock.** A correspondence game ([`GameTerms::days`](crate::proto::GameTerms::days))
//! gives the side to move `days` days (1, 3 or 7) from the moment its turn began: the
//! opponent's last move, or the start of play for the first move.
//!
//! **The total budget** ([`GameTerms::budget`](crate::proto::GameTerms::budget)), when the
//! game has one: 15, 30 or 60 days for all of a player's moves. Each move spends what it
//! took (from its turn's start to the move); a move is due by the sooner of its days and
//! the budget left ([`allowance`]), so a player whose budget runs out loses on time as a
//! late move does. Without one, each move has the whole allowance again, as on lichess.
//!
//! **A deadline, not a time left.** The turn's start is a time of day (Unix seconds),
//! stored with every move (`LiveMoveV1::at`) and with the game when play starts
//! (`LiveV1::turn_since`); the deadline is computed from it, never from time left in
//! memory, and so is the budget spent ([`spent`], from the stored times of every turn).
//! A restart, however long, changes nothing: a deadline passed while the server was down
//! loses at once when the game is restored.
//!
//! **The set-up** is by correspondence too: each side has `days` from the game's start
//! (`deadline(started, day_secs(days))`) to be ready; the game is stored from its start
//! with the set-ups made so far ([`crate::store::LiveSetup`]), so a restart keeps both and
//! the deadline. At the deadline it ends as the ordinary set-up deadline ends a game. The
//! set-up does not spend the budget (the budget is for the moves).
//!
//! **Who checks.** The game task, with nobody connected: it sleeps until the deadline of the
//! side to move ([`wait`]), and a move past it loses on time ([`overdue`]). These functions
//! take the time as an argument, so their tests inject it (no sleeping).

use std::time::Duration;

use crate::rules::{ByColor, Color};
use crate::store::Timestamp;

/// Seconds in a day of the correspondence clock.
pub const DAY_SECS: u64 = 86_400;

/// `days` days in seconds.
pub fn day_secs(days: u8) -> u64 {
    u64::from(days) * DAY_SECS
}

/// A turn's allowance in seconds: its `days`, or the budget left (`budget_left`, seconds)
/// when that is sooner.
pub fn allowance(days: u8, budget_left: Option<u64>) -> u64 {
    let d = day_secs(days);
    budget_left.map_or(d, |b| d.min(b))
}

/// The budget (`budget` days for the game) a side has left after spending `spent`
/// seconds; `None` without a budget.
pub fn budget_left(budget: Option<u8>, spent: u64) -> Option<u64> {
    budget.map(|b| day_secs(b).saturating_sub(spent))
}

/// The seconds each side has spent of its budget, from when each turn began
/// (`turn_starts`: play's start, then each move's time, Red's first): each move spends the
/// time from its turn's start to the move. A time not known (an older record) spends
/// nothing; a time before the one it follows (a clock set back) spends nothing either.
pub fn spent(turn_starts: &[Option<Timestamp>]) -> ByColor<u64> {
    let mut out = ByColor::new(0u64, 0u64);
    for (i, pair) in turn_starts.windows(2).enumerate() {
        // The move of ply i + 1: Red's when odd.
        let mover = if i % 2 == 0 { Color::Red } else { Color::Blue };
        if let [Some(from), Some(to)] = pair {
            let s = out.get_mut(mover);
            *s = s.saturating_add(to.saturating_sub(*from));
        }
    }
    out
}

/// When the side whose turn began at `turn_since` must have moved: `allow` seconds later
/// ([`allowance`]).
pub fn deadline(turn_since: Timestamp, allow: u64) -> Timestamp {
    turn_since.saturating_add(allow)
}

/// Whether the turn that began at `turn_since` is over at `now`: the side to move has lost
/// on time. At the deadline itself the time is up.
pub fn overdue(turn_since: Timestamp, allow: u64, now: Timestamp) -> bool {
    now >= deadline(turn_since, allow)
}

/// Time left at `now` (zero once overdue): what the screens count down.
pub fn left(turn_since: Timestamp, allow: u64, now: Timestamp) -> Duration {
    Duration::from_secs(deadline(turn_since, allow).saturating_sub(now))
}

/// How long the game task sleeps before looking again: until the deadline, and at least a
/// second while it is ahead (the clock is read in whole seconds, so a timer that woke a
/// moment early must not spin), zero once it has passed.
pub fn wait(turn_since: Timestamp, allow: u64, now: Timestamp) -> Duration {
    if overdue(turn_since, allow, now) {
        Duration::ZERO
    } else {
        left(turn_since, allow, now).max(Duration::from_secs(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Timestamp = 1_800_000_000;

    #[test]
    fn the_deadline_is_days_after_the_turn_began() {
        assert_eq!(deadline(T0, day_secs(1)), T0 + 86_400);
        assert_eq!(deadline(T0, day_secs(3)), T0 + 3 * 86_400);
        assert_eq!(deadline(T0, day_secs(7)), T0 + 7 * 86_400);
    }

    #[test]
    fn a_move_one_second_before_the_deadline_is_in_time_and_at_it_is_late() {
        let d = deadline(T0, day_secs(3));
        assert!(!overdue(T0, day_secs(3), T0));
        assert!(!overdue(T0, day_secs(3), d - 1));
        assert!(overdue(T0, day_secs(3), d));
        assert!(overdue(T0, day_secs(3), d + 10 * DAY_SECS));
    }

    #[test]
    fn a_restart_long_after_the_deadline_finds_it_passed() {
        // The server was down for eight days during a 7-day move: the deadline is a time of
        // day, so it has passed whatever the task had in memory.
        assert!(overdue(T0, day_secs(7), T0 + 8 * DAY_SECS));
        assert_eq!(left(T0, day_secs(7), T0 + 8 * DAY_SECS), Duration::ZERO);
        assert_eq!(wait(T0, day_secs(7), T0 + 8 * DAY_SECS), Duration::ZERO);
    }

    #[test]
    fn time_left_counts_down_to_zero() {
        assert_eq!(left(T0, day_secs(1), T0), Duration::from_secs(86_400));
        assert_eq!(left(T0, day_secs(1), T0 + 86_000), Duration::from_secs(400));
        assert_eq!(left(T0, day_secs(1), T0 + 86_400), Duration::ZERO);
    }

    #[test]
    fn the_timer_sleeps_until_the_deadline_never_less_than_a_second_while_ahead() {
        assert_eq!(wait(T0, day_secs(1), T0), Duration::from_secs(86_400));
        assert_eq!(wait(T0, day_secs(1), T0 + 86_399), Duration::from_secs(1));
        assert_eq!(wait(T0, day_secs(1), T0 + 86_400), Duration::ZERO);
    }

    #[test]
    fn a_turn_that_began_in_the_future_is_not_overdue() {
        // A clock set back (or a record from a machine ahead): the full allowance, no panic.
        assert!(!overdue(T0 + 100, day_secs(1), T0));
        assert_eq!(left(T0 + 100, day_secs(1), T0), Duration::from_secs(86_500));
    }

    const H: u64 = 3_600;

    #[test]
    fn a_move_is_due_by_its_days_or_the_budget_left_whichever_is_sooner() {
        // No budget: the days.
        assert_eq!(allowance(3, None), 3 * DAY_SECS);
        // Plenty of budget: the days still.
        assert_eq!(
            allowance(3, budget_left(Some(30), 10 * DAY_SECS)),
            3 * DAY_SECS
        );
        // 30 days, 28 spent: two days left, sooner than the 3 a move.
        assert_eq!(
            allowance(3, budget_left(Some(30), 28 * DAY_SECS)),
            2 * DAY_SECS
        );
        // All spent (or more, from a clock set back): nothing left, overdue at once.
        assert_eq!(budget_left(Some(15), 15 * DAY_SECS), Some(0));
        assert_eq!(budget_left(Some(15), 20 * DAY_SECS), Some(0));
        assert!(overdue(T0, allowance(7, Some(0)), T0));
        assert_eq!(budget_left(None, 99 * DAY_SECS), None);
    }

    #[test]
    fn each_side_spends_the_time_its_own_moves_took() {
        // Play starts at T0; Red moves 2 days later, Blue 5 h after that, Red 1 day after.
        let starts = [
            Some(T0),
            Some(T0 + 2 * DAY_SECS),
            Some(T0 + 2 * DAY_SECS + 5 * H),
            Some(T0 + 3 * DAY_SECS + 5 * H),
        ];
        let s = spent(&starts);
        assert_eq!(s.red, 3 * DAY_SECS);
        assert_eq!(s.blue, 5 * H);
        // Nothing played, or times not known: nothing spent.
        assert_eq!(spent(&[Some(T0)]), ByColor::new(0, 0));
        assert_eq!(spent(&[]), ByColor::new(0, 0));
        assert_eq!(
            spent(&[None, Some(T0), None, Some(T0 + 9)]),
            ByColor::new(0, 0)
        );
        // A clock set back spends nothing (no wrap-around).
        assert_eq!(spent(&[Some(T0), Some(T0 - 100)]), ByColor::new(0, 0));
    }

    #[test]
    fn the_budget_runs_out_before_the_days_of_the_last_move() {
        // 15 days, 7 a move: Red spent 14 days 20 h; its turn began at T0. The deadline is
        // 4 h after T0, not 7 days: a move at 3 h 59 m 59 s is in time, at 4 h it is late.
        let left_budget = budget_left(Some(15), 14 * DAY_SECS + 20 * H);
        let allow = allowance(7, left_budget);
        assert_eq!(allow, 4 * H);
        assert!(!overdue(T0, allow, T0 + 4 * H - 1));
        assert!(overdue(T0, allow, T0 + 4 * H));
        assert_eq!(left(T0, allow, T0 + H), Duration::from_secs(3 * H));
        assert_eq!(wait(T0, allow, T0 + 4 * H), Duration::ZERO);
    }
}
