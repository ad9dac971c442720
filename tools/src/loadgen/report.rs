//! The figures of a run, and its last line.

use std::time::Duration;

use super::*;

/// The load generator's share of its cores from which it is taken to be the bottleneck.
pub const BUSY_SHARE: f64 = 0.9;

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
    /// Moves seen through on the mover's screen while measuring.
    pub measured_moves: u64,
    /// From the mover's Enter to the opponent's screen showing its turn.
    pub opponent_p50: Option<Duration>,
    pub opponent_p99: Option<Duration>,
    pub opponent_samples: u64,
    /// Turns whose opponent's move was typed by another load generator's session: not
    /// timed (see `Counters::opponent_elsewhere`).
    pub opponent_elsewhere: u64,
    /// CPU time used over the measured window, and the window's wall time: the server's
    /// (with `server_pid`) and the load generator's own.
    pub server_cpu: Option<(Duration, Duration)>,
    pub own_cpu: Option<(Duration, Duration)>,
    /// Cores the load generator may run on (its affinity).
    pub own_cores: usize,
    /// Turns whose first move was typed while measuring, how many later than [`LATE`]
    /// after the thinking pause, and the lateness p99.
    pub typed_moves: u64,
    pub late_moves: u64,
    pub late_p99: Option<Duration>,
    /// Sessions in a game at the end, and the thinking pause (the most moves a second
    /// they can make is about their games over it).
    pub playing_at_end: usize,
    pub think: Duration,
    /// The machine's load average (1 minute) at the end.
    pub load_average: Option<f64>,
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

    /// Moves made while measuring: those seen through on the mover's screen, or on the
    /// opponent's if more (a move whose frame came after [`MOVE_GIVE_UP`] is given up by its
    /// mover, and still made).
    pub fn window_moves(&self) -> u64 {
        // The opponents' turns seen here, timed or not (a move from another load generator's
        // session still reached a screen of this one).
        self.measured_moves
            .max(self.opponent_samples + self.opponent_elsewhere)
    }

    /// The server's CPU over the measured window: (share of one core, CPU time a move).
    pub fn server_cpu_per_move(&self) -> Option<(f64, Duration)> {
        let (cpu, wall) = self.server_cpu?;
        let moves = self.window_moves();
        if moves == 0 || wall.is_zero() {
            return None;
        }
        let share = cpu.as_secs_f64() / wall.as_secs_f64();
        Some((share, cpu / moves as u32))
    }

    /// The load generator's own share of the cores it may use over the measured window.
    pub fn own_share(&self) -> Option<f64> {
        let (cpu, wall) = self.own_cpu?;
        (!wall.is_zero())
            .then(|| cpu.as_secs_f64() / wall.as_secs_f64() / self.own_cores.max(1) as f64)
    }

    /// The measured window's line: `measured Ns: moves N (X/s of at most Y/s the think
    /// time allows), opponent's screen p50 Xms p99 Yms, server cpu S% of a core, Z ms a
    /// move; loadgen cpu L% of N cores, moves typed late L of T (p99 Xms)`.
    pub fn window_line(&self) -> String {
        let ms = |d: Option<Duration>| {
            d.map_or("n/a".to_string(), |d| {
                format!("{:.1}ms", d.as_secs_f64() * 1000.0)
            })
        };
        let wall = self.own_cpu.or(self.server_cpu).map(|(_, w)| w);
        let secs = wall.map_or(0.0, |w| w.as_secs_f64());
        let rate = if secs > 0.0 {
            self.window_moves() as f64 / secs
        } else {
            0.0
        };
        let allowed = if self.think.is_zero() {
            "no think time".to_string()
        } else {
            format!(
                "at most {:.0}/s the think time allows",
                self.playing_at_end as f64 / 2.0 / self.think.as_secs_f64()
            )
        };
        let server = match self.server_cpu_per_move() {
            Some((share, per)) => format!(
                "server cpu {:.1}% of a core, {:.3} ms a move",
                share * 100.0,
                per.as_secs_f64() * 1000.0
            ),
            None => "server cpu n/a".to_string(),
        };
        let own = self
            .own_share()
            .map_or("n/a".to_string(), |s| format!("{:.1}%", s * 100.0));
        // Two load generators on one lobby: the games the lobby paired across them are not
        // timed on the opponent's screen (their mover's time is in the other process).
        let elsewhere = if self.opponent_elsewhere > 0 {
            format!(
                "; {} not timed: their mover in another load generator",
                self.opponent_elsewhere
            )
        } else {
            String::new()
        };
        format!(
            "measured {secs:.0}s: moves {} ({rate:.0}/s, {allowed}; {} seen on the mover's screen within {}s), opponent's screen p50 {} p99 {} ({} samples{elsewhere}), {server}; loadgen cpu {own} of {} core(s), moves typed late (>{}ms after the think time) {} of {} (p99 {})",
            self.window_moves(),
            self.measured_moves,
            MOVE_GIVE_UP.as_secs(),
            ms(self.opponent_p50),
            ms(self.opponent_p99),
            self.opponent_samples,
            self.own_cores,
            LATE.as_millis(),
            self.late_moves,
            self.typed_moves,
            ms(self.late_p99),
        )
    }

    /// Whether the load generator was itself the bottleneck: its CPU near all it may use,
    /// or more than one move in a hundred typed late while the server had CPU to spare (a
    /// server that used its whole core reads the keys late, and moves are typed late behind
    /// them: that is the server's limit, said by [`Report::server_verdict`]). `None`: it
    /// kept up.
    pub fn verdict(&self) -> Option<String> {
        let mut why = vec![];
        let server_busy = self.server_saturated();
        if let Some(share) = self.own_share().filter(|s| *s >= BUSY_SHARE) {
            why.push(format!(
                "it used {:.0}% of its {} core(s)",
                share * 100.0,
                self.own_cores
            ));
        }
        if !server_busy && self.typed_moves > 0 && self.late_moves * 100 > self.typed_moves {
            let mut late = format!(
                "{} of {} moves were typed more than {} ms after their think time",
                self.late_moves,
                self.typed_moves,
                LATE.as_millis()
            );
            if let (Some(share), true) = (self.own_share(), why.is_empty()) {
                // Late with CPU to spare: other programs took its core.
                late.push_str(&format!(
                    " while it used {:.0}% of its {} core(s): other programs share them{}",
                    share * 100.0,
                    self.own_cores,
                    self.load_average
                        .map_or(String::new(), |l| format!(" (load average {l:.2})"))
                ));
            }
            why.push(late);
        }
        (!why.is_empty()).then(|| {
            format!(
                "the load generator did not keep up ({}): its latencies measure it as much as the server; give it a core of its own, or fewer sessions",
                why.join("; ")
            )
        })
    }

    /// The server used its whole core over the measured window (at least [`BUSY_SHARE`]).
    pub fn server_saturated(&self) -> bool {
        self.server_cpu_per_move()
            .is_some_and(|(share, _)| share >= BUSY_SHARE)
    }

    /// With the server's core used up: `the server is the bottleneck: ...`.
    pub fn server_verdict(&self) -> Option<String> {
        let (share, _) = self.server_cpu_per_move()?;
        self.server_saturated().then(|| {
            format!(
                "the server is the bottleneck: it used {:.0}% of its core over the measured window; {} of {} moves were typed late behind it",
                share * 100.0,
                self.late_moves,
                self.typed_moves
            )
        })
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
