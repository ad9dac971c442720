//! A diagnostic run by hand: what the hard bot would play at a turn of a game recorded by
//! `arena --rules ucc2012 --record DIR`.

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::bot::{Bot, HardBot, HardConfig};
    use crate::rules::{Color, Game, Move, Rules, Square, Viewer};
    use crate::ucc::agent::Replay;

    fn text(m: Move) -> String {
        super::super::move_text(m.from, m.to).unwrap_or_default()
    }

    /// `PROBE=DIR:GAME:PLY [MS=1000 | NODES=N] [TOP=8] [SWITCHES=NAME+NAME] cargo test
    /// --release --lib hard_probe -- --ignored --nocapture`: replays game GAME written by `arena --rules ucc2012 --record
    /// DIR` up to PLY (a turn of the side the hard bot plays: Red on even plies), tracking
    /// what the opponent knows as the bot would, then prints the bot's view (`o` own, `e`
    /// enemy, `*` known to the opponent, `m` moved) and, three times, the move it would
    /// play with its best root moves and their scores, in the protocol's notation. Before
    /// that, on the true position, the evaluation's terms after each of those moves and
    /// after the opponent's three replies that hurt most (`probe_terms`). `SWITCHES` turns
    /// on the bot's switches as the arena's `hard+NAME+NAME` does.
    #[test]
    #[ignore]
    fn hard_probe() {
        let Ok(spec) = std::env::var("PROBE") else {
            return;
        };
        let env = |k: &str, d: u64| {
            std::env::var(k)
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(d)
        };
        let parts: Vec<&str> = spec.split(':').collect();
        let (dir, g, stop): (&str, u32, u32) = (
            parts[0],
            parts[1].parse().expect("GAME"),
            parts[2].parse().expect("PLY"),
        );
        let read = |c: &str| {
            std::fs::read_to_string(format!("{dir}/game-{g:04}-{c}.ucc")).expect("a record")
        };
        let rules = Rules::ucc2012();
        let (mut red, mut blue) = (Replay::new(&read("red")), Replay::new(&read("blue")));
        let rs = red.setup(&rules, Color::Red);
        let bs = blue.setup(&rules, Color::Blue);
        let mut game = Game::new(rules, &rs, &bs).expect("legal set-ups");
        let me = if stop % 2 == 0 {
            Color::Red
        } else {
            Color::Blue
        };
        let cfg = match env("NODES", 0) {
            0 => HardConfig {
                time: Duration::from_millis(env("MS", 1000)),
                nodes: None,
                ..HardConfig::default()
            },
            n => HardConfig::with_nodes(n),
        };
        let mut cfg = cfg;
        // SWITCHES=NAME+NAME: the arena's hard+NAME+NAME.
        for name in std::env::var("SWITCHES").unwrap_or_default().split('+') {
            if !name.is_empty() {
                cfg.switch(name).expect("a switch");
            }
        }
        let mut bot = HardBot::new(7, cfg);
        bot.setup(&rules, me);
        while game.ply() < stop {
            let c = game.to_move();
            let view = game.view(Viewer::Player(c));
            let side = if c == Color::Red { &mut red } else { &mut blue };
            let m = side.choose(&view).expect("a recorded move");
            if c == me {
                bot.replay_own_move(&view, m);
            }
            game.play(m).expect("a legal recorded move");
        }
        let view = game.view(Viewer::Player(me));
        let played = if me == Color::Red {
            red.choose(&view)
        } else {
            blue.choose(&view)
        };
        let known = bot.known_to_opponent(&view);
        for row in 0..10u8 {
            let mut line = String::new();
            for file in 0..10u8 {
                let sq = Square::new(file, row).expect("a square");
                line += &match view.piece_at(sq) {
                    _ if sq.is_lake() => " ~~ ".to_string(),
                    None => "  . ".to_string(),
                    Some(p) => {
                        let mark = if p.color == me && known[sq.index()] {
                            '*'
                        } else if p.moved {
                            'm'
                        } else {
                            ' '
                        };
                        let who = if p.color == me { 'o' } else { 'e' };
                        format!(
                            " {who}{}{mark}",
                            p.rank.map_or('?', super::super::rank_char)
                        )
                    }
                };
            }
            println!("{row} {line}");
        }
        let truth: [Option<crate::rules::Piece>; 100] =
            std::array::from_fn(|i| Square::from_index(i).and_then(|sq| game.piece_at(sq)));
        {
            // The evaluation's terms after the best root moves, on the true position.
            let mut b = bot.clone();
            b.choose(&view).expect("a move");
            let mut scores = b.scores.clone();
            scores.sort_by(|a, b| b.1.total_cmp(&a.1));
            let roots: Vec<Move> = scores
                .iter()
                .take(env("TOP", 8) as usize)
                .map(|x| x.0)
                .collect();
            // As the bot sees the position when it chooses (its last move and the
            // opponent's taken in).
            let seen = bot.tracked(&view);
            crate::bot::probe_terms(&seen, &view, &truth, &roots);
            crate::bot::probe_samples(&seen, &view, &roots, env("SAMPLES", 0) as u32);
        }
        for k in 0..3 {
            let mut b = bot.clone();
            b.reseed(k);
            let m = b.choose(&view).expect("a move");
            let mut scores = b.scores.clone();
            scores.sort_by(|a, b| b.1.total_cmp(&a.1));
            println!(
                "would play {} (the game: {:?}); {} samples, {} nodes",
                text(m),
                played.map(text),
                b.stats.0,
                b.stats.1
            );
            for (m, v) in scores.iter().take(env("TOP", 8) as usize) {
                println!("  {} {v:.1}", text(*m));
            }
        }
    }
}
