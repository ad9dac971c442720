//! Seats one of the host's agents (another program speaking the UCC 2012 protocol, see
//! [`crate::ucc::external`]) in a game against a player. The program is started for the
//! game, reads the same view a bot reads (its seat's snapshots), and is killed when the game
//! ends. If it crashes, hangs past its time for an answer, or answers with a set-up or move
//! that is not legal, the seat forfeits: the player wins and is told why.

use std::path::{Path, PathBuf};
use std::time::Duration;

use tracing::{info, warn};

use super::Lobby;
use crate::bot::arena::{AgentFault, Contestant, Fault};
use crate::game::GameSeat;
use crate::proto::{GameCmd, GameId, GamePhase, Notice, PlayerId};
use crate::rules::Color;
use crate::ucc::external::{AgentBox, AgentSpec, External, MAX_STDERR};

impl Lobby {
    /// Games in set-up or play with the agent `name` in a seat.
    pub(super) fn agent_games(&self, name: &str) -> usize {
        self.games
            .values()
            .filter(|g| !g.over)
            .filter(|g| {
                Color::ALL
                    .iter()
                    .any(|&c| matches!(&g.players.get(c).id, PlayerId::Agent(a) if a == name))
            })
            .count()
    }

    /// Seats the agents of a new game.
    pub(super) fn seat_agents(&mut self, id: GameId) {
        let Some(g) = self.games.get(&id) else { return };
        for c in Color::ALL {
            let PlayerId::Agent(name) = &g.players.get(c).id else {
                continue;
            };
            let Some(spec) = self.config.agents.iter().find(|a| &a.name == name) else {
                continue;
            };
            let seat = super::bots::computer_seat(g, id, c);
            let log = self
                .config
                .agent_logs
                .as_ref()
                .map(|dir| dir.join(format!("{}-{}.stderr", spec.name, id)));
            let opponent = g.players.get(c.opposite()).nick.clone();
            let bx = AgentBox {
                stderr_log: log,
                ..self.config.agent_box.clone()
            };
            seat_agent(seat, spec.clone(), bx, opponent, self.config.bot_delay);
        }
    }
}

/// Most agents' standard error logs kept (all agents, all games), in bytes and in files:
/// the oldest are removed before a game's program starts.
pub const LOGS_KEPT_BYTES: u64 = 64 << 20;
pub const LOGS_KEPT_FILES: usize = 1000;

/// Makes room for a new log in `dir`: removes the oldest `*.stderr` files until fewer than
/// `files` remain and they hold at most `bytes` less one game's cap.
fn prune_logs(dir: &Path, bytes: u64, files: usize) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut logs: Vec<(std::time::SystemTime, u64, PathBuf)> = entries
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "stderr"))
        .filter_map(|e| {
            let m = e.metadata().ok()?;
            if !m.is_file() {
                return None;
            }
            Some((m.modified().ok()?, m.len(), e.path()))
        })
        .collect();
    logs.sort();
    let mut total: u64 = logs.iter().map(|l| l.1).sum();
    let mut count = logs.len();
    let room = bytes.saturating_sub(MAX_STDERR + 200);
    for (_, len, path) in logs {
        if count < files && total <= room {
            break;
        }
        match std::fs::remove_file(&path) {
            Ok(()) => {
                total = total.saturating_sub(len);
                count -= 1;
            }
            Err(e) => warn!(path = %path.display(), error = %e, "cannot remove an old agent log"),
        }
    }
}

/// Readies the directory of `log` (creating it, removing old logs past the caps).
fn ready_log_dir(log: &Option<PathBuf>) {
    let Some(dir) = log.as_ref().and_then(|p| p.parent()) else {
        return;
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        warn!(dir = %dir.display(), error = %e, "cannot keep agents' standard error");
        return;
    }
    prune_logs(dir, LOGS_KEPT_BYTES, LOGS_KEPT_FILES);
}

/// What a seat says when its program faulted (the game adds the agent's nick before it).
fn forfeit_words(f: &Fault) -> Notice {
    match f {
        Fault::Timeout(t) => {
            Notice::new("notice-forfeits-timeout").arg("seconds", format!("{:.0}", t.as_secs_f64()))
        }
        // Another source's words (English).
        Fault::Illegal(why) => {
            Notice::new("notice-forfeits").arg("why", crate::text::clean_line(why, 120))
        }
        // The program's fault as data, worded in each player's language; the English
        // keeps the details of a system's or a parser's reason.
        Fault::Agent(a) => {
            let detail = |d: &str| crate::text::clean_line(d, 120);
            match a {
                AgentFault::NotStarted(e) => {
                    Notice::new("notice-forfeits-not-started").arg("detail", detail(e))
                }
                AgentFault::Ended(Some(code)) => {
                    Notice::new("notice-forfeits-ended").arg("code", i64::from(*code))
                }
                AgentFault::Ended(None) => Notice::new("notice-forfeits-killed"),
                AgentFault::ClosedOutput => Notice::new("notice-forfeits-closed-output"),
                AgentFault::StoppedReading => Notice::new("notice-forfeits-stopped-reading"),
                AgentFault::NotReading(t) => Notice::new("notice-forfeits-not-reading")
                    .arg("seconds", format!("{:.0}", t.as_secs_f64())),
                AgentFault::LineTooLong(n) => {
                    Notice::new("notice-forfeits-line-too-long").arg("bytes", *n)
                }
                AgentFault::BadSetup(e) => {
                    Notice::new("notice-forfeits-bad-setup").arg("detail", detail(e))
                }
                AgentFault::BadReply(e) => {
                    Notice::new("notice-forfeits-bad-reply").arg("detail", detail(e))
                }
                AgentFault::IllegalMove(m) => {
                    Notice::new("notice-forfeits-illegal-move").arg("move", m.as_str())
                }
            }
        }
    }
}

/// Runs the agent in its seat until the game ends (or is followed by a rematch).
pub fn seat_agent(
    seat: GameSeat,
    spec: AgentSpec,
    bx: AgentBox,
    opponent: String,
    delay: Duration,
) {
    tokio::spawn(async move {
        let Some(color) = seat.color else { return };
        let game = seat.game;
        let mut rx = seat.snapshots.clone();
        let mut agent: Option<Box<External>> = None;
        let mut submitted = false;
        let mut last_ply: Option<u32> = None;
        let forfeit = |f: Fault| {
            info!(game = %game, agent = %spec.name, fault = %f, "agent forfeits");
            GameCmd::Forfeit(forfeit_words(&f))
        };
        loop {
            let snap = rx.borrow_and_update().clone();
            match snap.phase {
                GamePhase::Setup if !submitted => {
                    submitted = true;
                    let (spec2, rules, bx2, opp) =
                        (spec.clone(), snap.terms.rules, bx.clone(), opponent.clone());
                    let started = tokio::task::spawn_blocking(move || {
                        ready_log_dir(&bx2.stderr_log);
                        let mut ext =
                            External::spawn_boxed(&spec2.command, &bx2, spec2.move_timeout, &opp)
                                .map_err(|e| {
                                    warn!(agent = %spec2.name, error = %e, "cannot start an agent's program");
                                    Fault::Agent(AgentFault::NotStarted(e.to_string()))
                                })?;
                        let setup = ext.setup(&rules, color)?;
                        Ok::<_, Fault>((Box::new(ext), setup))
                    })
                    .await;
                    match started {
                        Ok(Ok((ext, setup))) => {
                            agent = Some(ext);
                            seat.send(GameCmd::SubmitSetup(setup)).await;
                        }
                        Ok(Err(f)) => {
                            seat.send(forfeit(f)).await;
                        }
                        Err(_) => break,
                    }
                }
                GamePhase::Playing => {
                    let opponent = snap.seats.get(color.opposite());
                    if opponent.reconnect_left == Some(Duration::ZERO) {
                        seat.send(GameCmd::ClaimWin).await;
                    }
                    if let (Some(view), Some(mut ext)) = (&snap.view, agent.take()) {
                        if view.to_move == color && last_ply != Some(view.ply) {
                            last_ply = Some(view.ply);
                            if snap.draw_offer == Some(color.opposite()) {
                                seat.send(GameCmd::DeclineDraw).await;
                            }
                            let started = tokio::time::Instant::now();
                            let (view, history) = (view.clone(), snap.history.clone());
                            let Ok((ext, answer)) = tokio::task::spawn_blocking(move || {
                                let a = ext.choose(&view, &history).and_then(|m| match m {
                                    Some(m) if !view.legal_moves.contains(&m) => {
                                        Err(Fault::Agent(AgentFault::IllegalMove(m.to_string())))
                                    }
                                    m => Ok(m),
                                });
                                (ext, a)
                            })
                            .await
                            else {
                                break;
                            };
                            agent = Some(ext);
                            tokio::time::sleep_until(started + delay).await;
                            match answer {
                                Ok(Some(m)) => seat.send(GameCmd::Move(m)).await,
                                Ok(None) => seat.send(GameCmd::Resign).await,
                                Err(f) => seat.send(forfeit(f)).await,
                            }
                        } else {
                            agent = Some(ext);
                        }
                    }
                }
                GamePhase::Over => {
                    if let Some(mut ext) = agent.take() {
                        let _ = tokio::task::spawn_blocking(move || ext.game_over()).await;
                    }
                    if super::bots::after_the_game(&seat, &snap, color).await {
                        break;
                    }
                }
                GamePhase::Setup => {}
            }
            if rx.changed().await.is_err() {
                break;
            }
        }
        if let Some(mut ext) = agent.take() {
            let _ = tokio::task::spawn_blocking(move || ext.game_over()).await;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_logs_go_first_past_the_caps() {
        let dir = std::env::temp_dir().join(format!("stratego-prune-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let t0 = std::time::SystemTime::now() - Duration::from_secs(1000);
        for i in 0..6u64 {
            let path = dir.join(format!("a-{i}.stderr"));
            std::fs::write(&path, vec![b'x'; 1 << 20]).unwrap();
            let f = std::fs::File::options().write(true).open(&path).unwrap();
            // The newest first, to show the order is by age and not by name.
            f.set_modified(t0 + Duration::from_secs(100 - i * 10))
                .unwrap();
        }
        std::fs::write(dir.join("keep.txt"), "not a log").unwrap();
        // Room for a new 1 MiB log within 4 MiB: the four oldest go, two are left.
        prune_logs(&dir, 4 << 20, 100);
        let mut left: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().to_string())
            .collect();
        left.sort();
        assert_eq!(left, ["a-0.stderr", "a-1.stderr", "keep.txt"]);
        // At most 2 files: one goes to make room for the next.
        prune_logs(&dir, 64 << 20, 2);
        assert!(dir.join("a-0.stderr").exists());
        assert!(!dir.join("a-1.stderr").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
