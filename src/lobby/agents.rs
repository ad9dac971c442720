//! Seats one of the host's agents (another program speaking the UCC 2012 protocol, see
//! [`crate::ucc::external`]) in a game against a player. The program is started for the
//! game, reads the same view a bot reads (its seat's snapshots), and is killed when the game
//! ends. If it crashes, hangs past its time for an answer, or answers with a set-up or move
//! that is not legal, the seat forfeits: the player wins and is told why.

use std::path::PathBuf;
use std::time::Duration;

use tracing::{info, warn};

use super::Lobby;
use crate::bot::arena::{Contestant, Fault};
use crate::proto::{GameCmd, GameId, GamePhase, GameSeat, PlayerId};
use crate::rules::Color;
use crate::ucc::external::{AgentSpec, External};

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
            seat_agent(seat, spec.clone(), log, opponent, self.config.bot_delay);
        }
    }
}

/// Where the program's standard error goes: the file, or nowhere if it cannot be made.
fn stderr_to(log: &Option<PathBuf>) -> std::process::Stdio {
    let Some(path) = log else {
        return std::process::Stdio::null();
    };
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    match std::fs::File::create(path) {
        Ok(f) => f.into(),
        Err(e) => {
            warn!(path = %path.display(), error = %e, "cannot keep an agent's standard error");
            std::process::Stdio::null()
        }
    }
}

/// What a seat says when its program faulted (the game adds the agent's nick before it).
fn forfeit_words(f: &Fault) -> String {
    match f {
        Fault::Timeout(t) => format!(
            "forfeits (its program did not answer within {:.0} s)",
            t.as_secs_f64()
        ),
        Fault::Illegal(why) => format!("forfeits ({why})"),
    }
}

/// Runs the agent in its seat until the game ends (or is followed by a rematch).
pub fn seat_agent(
    seat: GameSeat,
    spec: AgentSpec,
    log: Option<PathBuf>,
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
                    let (spec2, rules, log2, opp) = (
                        spec.clone(),
                        snap.terms.rules,
                        log.clone(),
                        opponent.clone(),
                    );
                    let started = tokio::task::spawn_blocking(move || {
                        let mut ext = External::spawn(
                            &spec2.command,
                            stderr_to(&log2),
                            spec2.move_timeout,
                            &opp,
                        )
                        .map_err(|e| Fault::Illegal(format!("could not be started ({e})")))?;
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
                                        Err(Fault::Illegal(format!("illegal move {m}")))
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
