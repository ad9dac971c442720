//! Seats a computer player: it reads its seat's snapshots (its own view only) and answers
//! with commands, like a human's session.

use std::time::Duration;

use super::think::ThinkPool;

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
                self.bot_threads.clone(),
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

/// Runs a computer player in its seat until its game ends or is followed by a rematch. It
/// thinks on `threads` (`max_bot_threads`, at a lower priority): however many computer
/// games run, that many searches at most run at once, and a bot's clock for its move starts
/// when a thread takes it.
pub fn seat_bot(seat: GameSeat, mut bot: Box<dyn Bot>, delay: Duration, threads: ThinkPool) {
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
                            // async workers, on the computer players' own threads.
                            let view = view.clone();
                            let Some((b, mv)) = threads
                                .run(move || {
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    use super::*;
    use crate::game::{self, NewGame, Player};
    use crate::proto::{GameTerms, PlayerId};
    use crate::rules::{ByColor, Move, Rules, Setup, Variant};

    /// Plays random moves, counting how many of its kind think at once; each thinks for
    /// 30 ms, or until `company` of them think together (at most a second).
    struct Counting {
        inner: crate::bot::RandomBot,
        now: Arc<AtomicUsize>,
        most: Arc<AtomicUsize>,
        company: usize,
    }

    impl Bot for Counting {
        fn setup(&mut self, rules: &Rules, color: Color) -> Setup {
            self.inner.setup(rules, color)
        }
        fn choose(&mut self, view: &crate::rules::PlayerView) -> Option<Move> {
            let n = self.now.fetch_add(1, Ordering::SeqCst) + 1;
            self.most.fetch_max(n, Ordering::SeqCst);
            let until = std::time::Instant::now() + Duration::from_secs(1);
            std::thread::sleep(Duration::from_millis(30));
            while self.now.load(Ordering::SeqCst) < self.company
                && std::time::Instant::now() < until
            {
                self.most
                    .fetch_max(self.now.load(Ordering::SeqCst), Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(2));
            }
            self.now.fetch_sub(1, Ordering::SeqCst);
            self.inner.choose(view)
        }
    }

    /// Three games of computer against computer, `permits` threads to think on: the most
    /// bots thinking at once, once every game has reached ply 8.
    async fn most_thinking_at_once(permits: usize, company: usize) -> usize {
        let threads = ThinkPool::new(permits);
        let (now, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let (reports, _reports) = tokio::sync::mpsc::unbounded_channel();
        let mut watchers = Vec::new();
        for id in 1..=3 {
            let player = |nick: &str| Player {
                id: PlayerId::Bot(crate::bot::BotLevel::Random),
                nick: nick.into(),
                rating: None,
                bot: true,
            };
            let spawned = game::spawn(NewGame {
                id,
                terms: GameTerms {
                    rules: Rules::standard(Variant::Classic),
                    rated: false,
                    clock: None,
                    days: None,
                    budget: None,
                },
                players: ByColor::new(player("red-bot"), player("blue-bot")),
                private: false,
                config: Default::default(),
                reports: reports.clone(),
                store: None,
                restore: None,
                restore_setup: None,
                tournament: false,
                fatal: crate::supervise::Fatal::new(),
            });
            for c in Color::ALL {
                let seat = GameSeat::new(
                    id,
                    Some(c),
                    format!("{c:?}"),
                    spawned.seats.get(c).clone(),
                    spawned.handle.commands.clone(),
                    None,
                    || {},
                );
                let bot = Counting {
                    inner: crate::bot::RandomBot::new(id * 2 + c as u64),
                    now: now.clone(),
                    most: most.clone(),
                    company,
                };
                seat_bot(seat, Box::new(bot), Duration::ZERO, threads.clone());
            }
            watchers.push((spawned.seats.red.clone(), spawned.handle));
        }
        for (mut rx, _handle) in watchers {
            tokio::time::timeout(Duration::from_secs(30), async {
                loop {
                    let snap = rx.borrow_and_update().clone();
                    if snap.view.as_ref().is_some_and(|v| v.ply >= 8)
                        || snap.phase == GamePhase::Over
                    {
                        return;
                    }
                    rx.changed().await.unwrap();
                }
            })
            .await
            .expect("every game goes on");
        }
        most.load(Ordering::SeqCst)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_bots_think_at_once_than_the_pool_has_threads() {
        // One thread: one at a time, however many games, and every game still moves.
        assert_eq!(most_thinking_at_once(1, 1).await, 1);
        // Two threads: two at once (each waits a while for company), never three.
        assert_eq!(most_thinking_at_once(2, 2).await, 2);
    }
}
