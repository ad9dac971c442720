//! Bots: legal moves in many random positions for every level, set-ups for every variant,
//! and easy against random in a small arena.

use stratego_ssh::bot::arena::{run_arena, ArenaConfig};
use stratego_ssh::bot::{self, setups, Bot, EasyBot, HardBot, HardConfig, RandomBot};
use stratego_ssh::proto::BotLevel;
use stratego_ssh::rules::{
    Color, Game, Immobility, Move, MoveCap, Options, Rank, Rules, Setup, SplitMix64, Variant,
    Viewer,
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
                assert!(bot::make(level, 1).choose(&view).is_none());
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
                        .setup(&rules, color)
                        .validate(&rules, color)
                        .unwrap();
                }
            }
        }
    }
}

#[test]
fn easy_beats_random() {
    let cfg = ArenaConfig {
        a: BotLevel::Easy.into(),
        b: BotLevel::Random.into(),
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
        a: level(w[0]).into(),
        b: level(w[1]).into(),
        games: w[2].parse().unwrap(),
        rules: Rules::standard(Variant::parse(w[3]).unwrap()),
        time: stratego_ssh::config::parse_duration(w[4]).unwrap(),
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

fn sq(s: &str) -> stratego_ssh::rules::Square {
    s.parse().unwrap()
}

/// A hand-made Classic position: Red to move after one move each (Red's Scout J2-J3,
/// Blue's Sergeant A7-A6, so that Blue's Sergeant is known to have moved).
fn position(red: &[(&str, Rank)], blue: &[(&str, Rank)]) -> Game {
    position_after(red, blue, ("A7", "A6"))
}

/// The same with Blue's first move given (Red's is always its Scout J2-J3).
fn position_after(red: &[(&str, Rank)], blue: &[(&str, Rank)], moved: (&str, &str)) -> Game {
    let mut r = Setup::new(Color::Red);
    let mut b = Setup::new(Color::Blue);
    for &(s, k) in red {
        r.pieces.insert(sq(s), k);
    }
    for &(s, k) in blue {
        b.pieces.insert(sq(s), k);
    }
    let mut game = Game::from_position(Rules::standard(Variant::Classic), &r, &b).unwrap();
    game.play(Move::new(sq("J2"), sq("J3"))).unwrap();
    game.play(Move::new(sq(moved.0), sq(moved.1))).unwrap();
    game
}

#[test]
fn hard_does_not_throw_its_marshal_at_an_unmoved_piece() {
    // Blue's unmoved pieces are four Bombs and the Flag (most likely the walled-in J10).
    // Red's Marshal stands next to the unmoved C10: attacking it would most likely lose
    // the Marshal to a Bomb.
    let game = position(
        &[
            ("A1", Rank::Flag),
            ("B1", Rank::Bomb),
            ("C9", Rank::Marshal),
            ("J2", Rank::Scout),
            ("E2", Rank::Sergeant),
        ],
        &[
            ("J10", Rank::Flag),
            ("I10", Rank::Bomb),
            ("J9", Rank::Bomb),
            ("C10", Rank::Bomb),
            ("H10", Rank::Bomb),
            ("A7", Rank::Sergeant),
        ],
    );
    let view = game.view(Viewer::Player(Color::Red));
    for seed in 0..3 {
        let mut bot = HardBot::new(seed, HardConfig::with_nodes(30_000));
        let m = bot.choose(&view).unwrap();
        assert_ne!(m, Move::new(sq("C9"), sq("C10")), "seed {seed}");
    }
}

#[test]
fn hard_answers_early_when_one_move_is_clearly_best() {
    // Blue's only movable piece is its Sergeant, next to Red's General: taking it wins
    // the game (Blue is left with no movable piece). The bot sees it and stops searching
    // long before its budget (a million nodes and an hour) is used.
    let game = position(
        &[
            ("A1", Rank::Flag),
            ("B1", Rank::Bomb),
            ("B6", Rank::General),
            ("J2", Rank::Scout),
        ],
        &[
            ("J10", Rank::Flag),
            ("I10", Rank::Bomb),
            ("A7", Rank::Sergeant),
        ],
    );
    let view = game.view(Viewer::Player(Color::Red));
    let mut bot = HardBot::new(1, HardConfig::with_nodes(1_000_000));
    let m = bot.choose(&view).unwrap();
    assert_eq!(m, Move::new(sq("B6"), sq("A6")));
    let (samples, nodes) = bot.stats;
    assert!(
        samples < 50 && nodes < 1_000_000,
        "{samples} samples, {nodes} nodes"
    );
}

#[test]
fn hard_heads_off_a_miner_digging_towards_its_flag() {
    // Red's Flag A1 is walled in by the Bombs A2 and B1. Blue's only movable piece has
    // just walked to A4 (so it is a Miner: Blue's other pieces are its Flag and Bombs),
    // three moves from the Flag: A3, then A2 (taking the Bomb), then A1. Red's Lieutenant
    // on D2 is in time only by D2-C2 and C2-B2, from where it takes the Miner on A2;
    // every other first move loses the race.
    let game = position_after(
        &[
            ("A1", Rank::Flag),
            ("A2", Rank::Bomb),
            ("B1", Rank::Bomb),
            ("D2", Rank::Lieutenant),
            ("F6", Rank::General),
            ("J2", Rank::Scout),
        ],
        &[
            ("J10", Rank::Flag),
            ("I10", Rank::Bomb),
            ("J9", Rank::Bomb),
            ("H10", Rank::Bomb),
            ("A5", Rank::Miner),
        ],
        ("A5", "A4"),
    );
    let view = game.view(Viewer::Player(Color::Red));
    for seed in 0..3 {
        let mut bot = HardBot::new(seed, HardConfig::with_nodes(40_000));
        let m = bot.choose(&view).unwrap();
        assert_eq!(m, Move::new(sq("D2"), sq("C2")), "seed {seed}");
    }
}

#[test]
fn hard_keeps_its_guard_between_a_miner_and_its_flag() {
    // Red's Flag B1 has Bombs on A1 and C1 and its Major on B2. Blue's Miner (its only
    // movable piece) stands on A3, two moves from A1. Stepping up to it (B2-B3) or away
    // (B2-C2) lets it dig A1 and take the Flag before the Major can come back next to A1.
    let game = position_after(
        &[
            ("B1", Rank::Flag),
            ("A1", Rank::Bomb),
            ("C1", Rank::Bomb),
            ("B2", Rank::Major),
            ("F6", Rank::General),
            ("J2", Rank::Scout),
        ],
        &[
            ("J10", Rank::Flag),
            ("I10", Rank::Bomb),
            ("J9", Rank::Bomb),
            ("H10", Rank::Bomb),
            ("A4", Rank::Miner),
        ],
        ("A4", "A3"),
    );
    let view = game.view(Viewer::Player(Color::Red));
    for seed in 0..3 {
        let mut bot = HardBot::new(seed, HardConfig::with_nodes(40_000));
        let m = bot.choose(&view).unwrap();
        assert!(
            m.from != sq("B2") || m.to == sq("A2"),
            "seed {seed}: {m:?} leaves the Flag open"
        );
    }
}
