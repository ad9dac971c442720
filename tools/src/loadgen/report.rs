//! The figures of a run, and its last line.

use std::time::Duration;

use super::*;

#[derive(Clone, Debug, Default)]
pub struct Report {
    pub sessions: usize,
    pub connect_failures: usize,
    pub games: u64,
    pub moves: u64,
    pub failed_attempts: u64,
    pub p50: Option<Duration>,
    pub p99: Option<Duration>,
    pub max: Option<Duration>,
    /// Bytes the two game screens received while playing, per move.
    pub bytes_per_move: Option<u64>,
    /// Bytes all sessions received.
    pub bytes_total: u64,
    pub server_rss_before_kib: Option<u64>,
    pub server_rss_peak_kib: Option<u64>,
    pub elapsed: Duration,
    /// When latencies began to be recorded, and whether every game was in play then.
    pub measured_from: Option<(Duration, bool)>,
    /// Abusers run beside the honest sessions, and their attack rounds.
    pub abusers: usize,
    pub abuse_rounds: u64,
    /// Completed rounds of each attack the abusers ran, in [`Attack`] order.
    pub attack_rounds: Vec<(Attack, u64)>,
    /// [`Attack::IdleGuest`]: connections held (counted when let go), how many of them the
    /// server closed, and how long they were held (median, longest).
    pub idle_guest_holds: usize,
    pub idle_guest_closed: u64,
    pub idle_guest_held_p50: Option<Duration>,
    pub idle_guest_held_max: Option<Duration>,
    /// [`Attack::ExecMux`]: commands answered, refused as busy (exit status 75), refused a
    /// channel ("session open refused") or the exec request, and left unanswered.
    pub exec_mux_answered: u64,
    pub exec_mux_busy: u64,
    pub exec_mux_refused: u64,
    pub exec_mux_unanswered: u64,
    /// [`Attack::KeyFlood`]: new keys welcomed as new accounts, and those that were not.
    pub key_flood_welcomed: u64,
    pub key_flood_unwelcomed: u64,
    /// With `arena`: games seen to their end (by one of their players, each game once),
    /// and their length in moves (the last move number shown), median and longest.
    pub ended_games: usize,
    pub ended_moves_p50: Option<u32>,
    pub ended_moves_max: Option<u32>,
    /// With `arena`: the tournament's number, and the figures below.
    pub arena: Option<u64>,
    /// Playing sessions that joined the arena, and when it was started (since the start
    /// of the run).
    pub arena_joined: usize,
    pub arena_started_at: Option<Duration>,
    /// Pairing latency: from seeing a game's end to seeing the next game's set-up.
    pub pairing_p50: Option<Duration>,
    pub pairing_p99: Option<Duration>,
    pub pairing_max: Option<Duration>,
    pub pairing_samples: usize,
    /// Sessions with at least one sample.
    pub pairing_sessions: usize,
    /// Sessions waiting for a pairing at the end of the run, and the longest of those
    /// waits so far (a stall shows here, not in the samples).
    pub pairing_waiting: usize,
    pub pairing_longest_wait: Option<Duration>,
    /// With the web mix: its figures.
    pub web: Option<WebReport>,
}

impl Report {
    pub fn rss_per_session_kib(&self) -> Option<f64> {
        match (self.server_rss_before_kib, self.server_rss_peak_kib) {
            (Some(b), Some(d)) if self.sessions > 0 => {
                Some(d.saturating_sub(b) as f64 / self.sessions as f64)
            }
            _ => None,
        }
    }

    /// The last line: `sessions N, games N, moves N, move-to-screen p50 Xms p99 Yms,
    /// bytes/move B, server rss/session KiB, abusers N, honest p99 Xms` (only the honest
    /// sessions are measured: the honest p99 is the move-to-screen p99), and with `arena`
    /// `, pairing p50 Xms p99 Yms`, and with the web mix `, page p50 Xms p99 Yms, live p50
    /// Xms p99 Yms`.
    pub fn summary(&self) -> String {
        let ms = |d: Option<Duration>| {
            d.map_or("n/a".to_string(), |d| {
                format!("{:.1}ms", d.as_secs_f64() * 1000.0)
            })
        };
        let arena = match self.arena {
            Some(_) => format!(
                ", pairing p50 {} p99 {}",
                ms(self.pairing_p50),
                ms(self.pairing_p99)
            ),
            None => String::new(),
        };
        let us = |d: Option<Duration>| d.map(|d| d.as_micros().min(u32::MAX.into()) as u32);
        let web = match &self.web {
            Some(w) => format!(
                ", page p50 {} p99 {}, live p50 {} p99 {}",
                fmt_us(us(w.page_p50)),
                fmt_us(us(w.page_p99)),
                fmt_us(us(w.live_p50)),
                fmt_us(us(w.live_p99)),
            ),
            None => String::new(),
        };
        format!(
            "sessions {}, games {}, moves {}, move-to-screen p50 {} p99 {}, bytes/move {}, server rss/session {}, abusers {}, honest p99 {}{arena}{web}",
            self.sessions,
            self.games,
            self.moves,
            ms(self.p50),
            ms(self.p99),
            self.bytes_per_move.map_or("n/a".into(), |b| b.to_string()),
            self.rss_per_session_kib()
                .map_or("n/a".into(), |k| format!("{k:.0} KiB")),
            self.abusers,
            ms(self.p99),
        )
    }

    /// What the abusers did: `abuse rounds N (guest-cycle N, ...)`, then for the attacks
    /// that ran, `; idle-guest: N held, median Xs, longest Ys, C closed by the server`,
    /// `; exec-mux: N answered, N busy, N refused, N unanswered`, `; key-flood: N new keys
    /// welcomed, N not`.
    pub fn abuse_summary(&self) -> String {
        let secs = |d: Option<Duration>| {
            d.map_or("n/a".to_string(), |d| format!("{:.1}s", d.as_secs_f64()))
        };
        let rounds: Vec<String> = self
            .attack_rounds
            .iter()
            .map(|(a, n)| format!("{} {n}", a.name()))
            .collect();
        let mut line = format!("abuse rounds {}", self.abuse_rounds);
        if !rounds.is_empty() {
            line.push_str(&format!(" ({})", rounds.join(", ")));
        }
        let ran = |attack: Attack| self.attack_rounds.iter().any(|(a, _)| *a == attack);
        if ran(Attack::IdleGuest) {
            line.push_str(&format!(
                "; idle-guest: {} held, median {}, longest {}, {} closed by the server",
                self.idle_guest_holds,
                secs(self.idle_guest_held_p50),
                secs(self.idle_guest_held_max),
                self.idle_guest_closed
            ));
        }
        if ran(Attack::ExecMux) {
            line.push_str(&format!(
                "; exec-mux: {} answered, {} busy, {} refused, {} unanswered",
                self.exec_mux_answered,
                self.exec_mux_busy,
                self.exec_mux_refused,
                self.exec_mux_unanswered
            ));
        }
        if ran(Attack::KeyFlood) {
            line.push_str(&format!(
                "; key-flood: {} new keys welcomed, {} not",
                self.key_flood_welcomed, self.key_flood_unwelcomed
            ));
        }
        line
    }
}
