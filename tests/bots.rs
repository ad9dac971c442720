//! Bots: legal moves in many random positions for every level, set-ups for every variant,
//! and easy against random in a small arena.

use stratego_ssh::bot::arena::{run_arena, ArenaConfig};
use stratego_ssh::bot::{self, setups, Bot, EasyBot, HardBot, HardConfig, RandomBot};
use stratego_ssh::proto::BotLevel;
use stratego_ssh::rules::{
    Color, Game, Immobility, MoveCap, Options, Rules, Setup, SplitMix64, Variant, Viewer,
};

fn rules_mix(i: u64) -> Rules {
    let variant = Variant::ALL[i as usize % 3];
    let bits = i / 3;
    Rules::new(
        variant,
        Options {
            two_square_limit: [2, 3, 5][bits as usize % 3],
            more_squares: bits & 1 == 0,
            aggressor_advantage: bits & 2 != 0,
            silent_defense: bits & 4 != 0,
            rescue: bits & 8 != 0,
            duel_setup_rows: if bits & 16 != 0 { 4 } else { 3 },
            immobility: if bits & 32 != 0 {
                Immobility::Immediate
            } else {
                Immobility::OnTurn
            },
            move_cap: MoveCap::default(),
        },
    )
}

#[test]
fn every_level_makes_legal_moves_in_random_positions() {
    let mut asked = 0;
    for g in 0..36u64 {
        let rules = rules_mix(g);
        let mut rng = SplitMix64(g * 7 + 3);
        let red = Setup::random(&rules, Color::Red, rng.next());
        let blue = Setup::random(&rules, Color::Blue, rng.next());
        let mut game = Game::new(rules, &red, &blue).unwrap();
        // Bots that follow the whole game (they track what the opponent knows).
        let mut followers: Vec<Box<dyn Bot>> = vec![
            Box::new(EasyBot::new(g)),
            Box::new(HardBot::new(g, HardConfig::with_nodes(600))),
        ];
        for f in followers.iter_mut() {
            f.setup(&rules, Color::Red);
        }
        let mut mover = RandomBot::new(g);
        let mut i = 0u32;
        while !game.is_over() && game.ply() < 400 {
            let c = game.to_move();
            let view = game.view(Viewer::Player(c));
            if rng.below(10) == 0 {
                let mut fresh: Vec<Box<dyn Bot>> = vec![
                    Box::new(RandomBot::new(g + i as u64)),
                    Box::new(EasyBot::new(g + i as u64)),
                    Box::new(HardBot::new(g + i as u64, HardConfig::with_nodes(600))),
                ];
                for b in fresh.iter_mut() {
                    let m = b.choose(&view).expect("a move when moves exist");
                    assert!(view.legal_moves.contains(&m), "{m} not legal");
                    game.check(&m).unwrap();
                    asked += 1;
                }
            }
            let m = if c == Color::Red && i.is_multiple_of(2) {
                let k = (i as usize / 2) % followers.len();
                let m = followers[k].choose(&view).unwrap();
                game.check(&m).unwrap();
                asked += 1;
                m
            } else {
                mover.choose(&view).unwrap()
            };
            if c == Color::Red {
                i += 1;
            }
            game.play(m).unwrap();
        }
        // At the end, no legal moves: every bot answers None.
        if game.is_over() {
            let view = game.view(Viewer::Player(game.to_move()));
            for level in BotLevel::ALL {
                assert!(bot::make(level, 1).unwrap().choose(&view).is_none());
            }
        }
    }
    assert!(asked > 1000, "{asked}");
}

#[test]
fn setups_are_valid_for_every_variant_colour_and_many_seeds() {
    for i in 0..6u64 {
        let rules = rules_mix(i * 16); // duel rows 3 and 4 both covered
        for color in Color::ALL {
            for seed in 0..200 {
                setups::generate(&rules, color, seed)
                    .validate(&rules, color)
                    .unwrap();
                for level in BotLevel::ALL {
                    bot::make(level, seed)
                        .unwrap()
                        .setup(&rules, color)
                        .validate(&rules, color)
                        .unwrap();
                }
            }
        }
    }
}

#[test]
fn all_levels_are_available() {
    for level in BotLevel::ALL {
        assert!(bot::available(level));
        assert!(bot::make(level, 0).is_some());
    }
}

#[test]
fn easy_beats_random() {
    let cfg = ArenaConfig {
        a: BotLevel::Easy,
        b: BotLevel::Random,
        games: 20,
        rules: Rules::standard(Variant::Classic),
        threads: 2,
        max_plies: 3000,
        seed: 42,
        ..ArenaConfig::default()
    };
    let r = run_arena(cfg, |_, _| {});
    eprintln!("{r}");
    assert_eq!(r.faults, 0);
    assert!(r.a_wins >= 18, "{r}");
}

#[test]
fn hard_is_deterministic_with_a_node_budget() {
    let rules = Rules::standard(Variant::Barrage);
    let play = || {
        let mut a = HardBot::new(5, HardConfig::with_nodes(3000));
        let mut b = EasyBot::new(6);
        let r = stratego_ssh::bot::arena::play_game(rules, &mut a, &mut b, 300);
        (r.winner, r.plies)
    };
    assert_eq!(play(), play());
}

/// A measurement, not a check: `ARENA="hard easy 40 classic 200ms 2" cargo test --release
/// --test bots arena_from_env -- --ignored --nocapture` (a, b, games, variant, time per
/// move, threads, seed, and optionally a node budget per move for the hard bot).
#[test]
#[ignore]
fn arena_from_env() {
    let spec = std::env::var("ARENA").unwrap_or_else(|_| "easy random 20 classic 1s 1".into());
    let w: Vec<&str> = spec.split_whitespace().collect();
    let level = |s: &str| {
        BotLevel::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .expect("random, easy or hard")
    };
    let cfg = ArenaConfig {
        a: level(w[0]),
        b: level(w[1]),
        games: w[2].parse().unwrap(),
        rules: Rules::standard(Variant::parse(w[3]).unwrap()),
        time: stratego_ssh::bot::arena::parse_duration(w[4]).unwrap(),
        threads: w[5].parse().unwrap(),
        seed: w.get(6).map_or(1, |s| s.parse().unwrap()),
        nodes: w.get(7).map(|s| s.parse().unwrap()),
        ..ArenaConfig::default()
    };
    let r = run_arena(cfg, |done, total| {
        if done.is_multiple_of(10) || done == total {
            eprintln!("{done}/{total}");
        }
    });
    println!("{r}");
}
