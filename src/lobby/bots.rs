//! Seats a computer player: it reads its seat's snapshots (its own view only) and answers
//! with commands, like a human's session.

use std::time::Duration;

use super::Lobby;
use crate::bot::Bot;
use crate::game::GameSeat;
use crate::proto::{GameCmd, GameId, GamePhase};
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
            seat_bot(
                computer_seat(g, id, c),
                crate::bot::make(level, random::seed()),
                self.config.bot_delay,
            );
        }
    }
}

/// The seat of a computer player of game `id` (our bot or an agent), side `c`.
pub(super) fn computer_seat(g: &super::GameEntry, id: GameId, c: Color) -> GameSeat {
    GameSeat::new(
        id,
        Some(c),
        g.players.get(c).nick.clone(),
        g.seats.get(c).clone(),
        g.handle.commands.clone(),
        None,
        || {},
    )
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
                            // Cheap verdicts from the bot's view, before it thinks: it takes
                            // a draw or resigns when that is right (the hard bot: a game
                            // that has stalled, or lost beyond doubt), and may offer a draw.
                            let offered = snap.draw_offer == Some(color.opposite());
                            let ends = if offered && bot.accepts_draw(view) {
                                Some(GameCmd::AcceptDraw)
                            } else if bot.resigns(view) {
                                Some(GameCmd::Resign)
                            } else {
                                None
                            };
                            if let Some(cmd) = ends {
                                seat.send(cmd).await;
                                if rx.changed().await.is_err() {
                                    break;
                                }
                                continue;
                            }
                            if offered {
                                seat.send(GameCmd::DeclineDraw).await;
                            } else if snap.draw_offer.is_none() && bot.offers_draw(view) {
                                seat.send(GameCmd::OfferDraw).await;
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
                    if after_the_game(&seat, &snap, color).await {
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

/// A computer seat after its game: it agrees to a rematch the other side asked for. True
/// once the next game exists (the seat's work is done; the lobby seats the next one).
pub(super) async fn after_the_game(
    seat: &GameSeat,
    snap: &crate::proto::GameSnapshot,
    color: Color,
) -> bool {
    if snap.rematch.get(color.opposite()) == &true && !snap.rematch.get(color) {
        seat.send(GameCmd::Rematch).await;
    }
    snap.next_game.is_some()
}
