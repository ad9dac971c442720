//! Seats a computer player: it reads its seat's snapshots (its own view only) and answers
//! with commands, like a human's session.

use std::time::Duration;

use super::Lobby;
use crate::bot::Bot;
use crate::proto::{GameCmd, GameId, GamePhase, GameSeat};
use crate::random;
use crate::rules::Color;

impl Lobby {
    /// Seats the computer players of a game (identities `bot:<level>`), each with an
    /// unpredictable seed.
    pub(super) fn seat_bots(&mut self, id: GameId) {
        let Some(g) = self.games.get(&id) else { return };
        for c in Color::ALL {
            let Some(level) = g.players.get(c).id.bot_level() else {
                continue;
            };
            let seat = GameSeat::new(
                id,
                Some(c),
                g.players.get(c).nick.clone(),
                g.seats.get(c).clone(),
                g.handle.commands.clone(),
                None,
                || {},
            );
            seat_bot(
                seat,
                crate::bot::make(level, random::seed()),
                self.config.bot_delay,
            );
        }
    }
}

/// Runs a computer player in its seat until its game ends or is followed by a rematch.
pub fn seat_bot(seat: GameSeat, mut bot: Box<dyn Bot>, delay: Duration) {
    tokio::spawn(async move {
        let Some(color) = seat.color else { return };
        let mut rx = seat.snapshots.clone();
        let mut submitted = false;
        let mut last_ply: Option<u32> = None;
        loop {
            let snap = rx.borrow_and_update().clone();
            match snap.phase {
                GamePhase::Setup if !submitted => {
                    submitted = true;
                    let setup = bot.setup(&snap.terms.rules, color);
                    seat.send(GameCmd::SubmitSetup(setup)).await;
                }
                GamePhase::Playing => {
                    let opponent = snap.seats.get(color.opposite());
                    if opponent.reconnect_left == Some(Duration::ZERO) {
                        seat.send(GameCmd::ClaimWin).await;
                    }
                    if let Some(view) = &snap.view {
                        if view.to_move == color && last_ply != Some(view.ply) {
                            last_ply = Some(view.ply);
                            if snap.draw_offer == Some(color.opposite()) {
                                seat.send(GameCmd::DeclineDraw).await;
                            }
                            let started = tokio::time::Instant::now();
                            // Thinking is CPU work (up to a second for `hard`): off the
                            // async workers, so sessions and games stay responsive.
                            let view = view.clone();
                            let Ok((b, mv)) = tokio::task::spawn_blocking(move || {
                                let mv = bot.choose(&view);
                                (bot, mv)
                            })
                            .await
                            else {
                                break;
                            };
                            bot = b;
                            tokio::time::sleep_until(started + delay).await;
                            if let Some(mv) = mv {
                                seat.send(GameCmd::Move(mv)).await;
                            }
                        }
                    }
                }
                GamePhase::Over => {
                    if snap.rematch.get(color.opposite()) == &true && !snap.rematch.get(color) {
                        seat.send(GameCmd::Rematch).await;
                    }
                    if snap.next_game.is_some() {
                        break;
                    }
                }
                GamePhase::Setup => {}
            }
            if rx.changed().await.is_err() {
                break;
            }
        }
    });
}
