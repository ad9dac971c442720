//! Property tests of the rules engine: random legal play in every variant and option mix,
//! and the mover's view explaining an illegal move exactly as the game does.

use proptest::prelude::*;
use stratego_ssh::rules::{
    BattleResult, Color, Game, GameRecord, Immobility, Move, MoveCap, MoveEvent, Options, Piece,
    Rank, Rescue, Rules, Setup, SplitMix64, Square, Variant, Viewer,
};

const VIEWERS: [Viewer; 3] = [
    Viewer::Player(Color::Red),
    Viewer::Player(Color::Blue),
    Viewer::Spectator,
];

fn rules_from(variant: u8, bits: u16, limit: u8) -> Rules {
    let variant = Variant::ALL[variant as usize % 3];
    let options = Options {
        two_square_limit: [2, 3, 5][limit as usize % 3],
        more_squares: bits & 1 != 0,
        aggressor_advantage: bits & 2 != 0,
        silent_defense: bits & 4 != 0,
        rescue: bits & 8 != 0,
        duel_setup_rows: if bits & 16 != 0 { 4 } else { 3 },
        immobility: if bits & 32 != 0 {
            Immobility::Immediate
        } else {
            Immobility::OnTurn
        },
        move_cap: MoveCap {
            total_plies: (bits & 64 != 0).then_some(150),
            plies_without_battle: (bits & 128 != 0).then_some(40),
        },
    };
    Rules::new(variant, options)
}

/// What the test itself knows of every square, built only from the move events: the piece,
/// whether its rank was revealed to the opponent, whether it has moved.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Known {
    piece: Piece,
    revealed: bool,
    moved: bool,
}

struct Tracker {
    board: [Option<Known>; 100],
    silent: bool,
}

impl Tracker {
    fn new(g: &Game) -> Tracker {
        let mut board = [None; 100];
        for c in Color::ALL {
            for (sq, &rank) in &g.setup(c).pieces {
                board[sq.index()] = Some(Known {
                    piece: Piece::new(c, rank),
                    revealed: false,
                    moved: false,
                });
            }
        }
        Tracker {
            board,
            silent: g.rules().options.silent_defense,
        }
    }

    fn apply(&mut self, ev: &MoveEvent) {
        let (f, t) = (ev.mv.from.index(), ev.mv.to.index());
        let mut a = self.board[f].take().expect("a piece on the source square");
        assert_eq!(a.piece, Piece::new(ev.mover, ev.rank));
        a.moved = true;
        let dist = (ev.mv.from.file() as i32 - ev.mv.to.file() as i32).abs()
            + (ev.mv.from.row() as i32 - ev.mv.to.row() as i32).abs();
        if ev.rank == Rank::Scout && dist > 1 {
            a.revealed = true;
        }
        match ev.battle {
            None => {
                assert!(self.board[t].is_none());
                self.board[t] = Some(a);
            }
            Some(b) => {
                let mut d = self.board[t].expect("a defender");
                assert_eq!(d.piece.rank, b.defender);
                assert_ne!(d.piece.color, ev.mover);
                a.revealed = true;
                if !self.silent || ev.rank == Rank::Scout {
                    d.revealed = true;
                }
                self.board[t] = match b.result {
                    BattleResult::AttackerWins => Some(a),
                    BattleResult::DefenderWins => Some(d),
                    BattleResult::BothRemoved => None,
                };
            }
        }
        if let Some(r) = ev.mv.rescue {
            assert!(self.board[r.to.index()].is_none());
            self.board[r.to.index()] = Some(Known {
                piece: Piece::new(ev.mover, r.rank),
                revealed: true,
                moved: false,
            });
        }
    }

    /// The game agrees with the tracker, and no view shows more than its owner has seen.
    fn check(&self, g: &Game) {
        for sq in Square::all() {
            assert_eq!(
                g.piece_at(sq),
                self.board[sq.index()].map(|k| k.piece),
                "square {sq}"
            );
        }
        let over = g.outcome().is_some();
        for viewer in VIEWERS {
            let v = g.view(viewer);
            for sq in Square::all() {
                let vp = v.piece_at(sq);
                let k = self.board[sq.index()];
                assert_eq!(vp.is_some(), k.is_some());
                assert_eq!(
                    g.knows_rank_at(viewer, sq),
                    vp.is_some_and(|p| p.rank.is_some()),
                    "knows_rank_at agrees with the view on {sq}"
                );
                let (Some(vp), Some(k)) = (vp, k) else {
                    continue;
                };
                assert_eq!(vp.color, k.piece.color);
                assert_eq!(vp.moved, k.moved, "moved mark on {sq}");
                let may_know = over || k.revealed || viewer == Viewer::Player(k.piece.color);
                if may_know {
                    assert_eq!(vp.rank, Some(k.piece.rank), "{viewer:?} should know {sq}");
                } else {
                    assert_eq!(vp.rank, None, "{viewer:?} must not know {sq}");
                }
            }
        }
    }
}

fn count(g: &Game, c: Color) -> usize {
    Square::all()
        .filter(|&s| g.piece_at(s).is_some_and(|p| p.color == c))
        .count()
}

fn assert_same_game(a: &Game, b: &Game) {
    for sq in Square::all() {
        assert_eq!(a.piece_at(sq), b.piece_at(sq));
    }
    assert_eq!(a.outcome(), b.outcome());
    assert_eq!(a.ply(), b.ply());
    assert_eq!(a.to_move(), b.to_move());
    for viewer in VIEWERS {
        assert_eq!(a.view(viewer), b.view(viewer));
        assert_eq!(a.history(viewer), b.history(viewer));
    }
    assert_eq!(a.legal_moves(), b.legal_moves());
}

/// Every `(from, to)` on a line from one of the mover's pieces: `check` accepts it exactly
/// when `legal_moves` lists it.
fn check_agrees_with_legal_moves(g: &Game, legal: &[Move]) {
    let me = g.to_move();
    for from in Square::all() {
        if g.piece_at(from).is_none_or(|p| p.color != me) {
            continue;
        }
        for to in Square::all() {
            if to.file() != from.file() && to.row() != from.row() {
                continue;
            }
            let mv = Move::new(from, to);
            assert_eq!(
                g.check(&mv).is_ok(),
                legal.contains(&mv),
                "{mv}: check says {:?}",
                g.check(&mv)
            );
        }
    }
}

/// What random games went through, to show the properties were exercised.
#[derive(Default, Debug)]
struct Stats {
    games: usize,
    plies: usize,
    battles: usize,
    rescues: usize,
    ended: usize,
    hidden_defenders: usize,
}

/// Picks a move: uniformly, or (`forward`) preferring rescues and moves towards the enemy
/// back row, so that rescues and deep raids happen.
fn pick(rng: &mut SplitMix64, legal: &[Move], mover: Color, forward: bool) -> Move {
    if forward {
        let rescues: Vec<&Move> = legal.iter().filter(|m| m.rescue.is_some()).collect();
        if !rescues.is_empty() && rng.below(4) != 0 {
            return *rescues[rng.below(rescues.len())];
        }
        let ahead: Vec<&Move> = legal
            .iter()
            .filter(|m| match mover {
                Color::Red => m.to.row() > m.from.row(),
                Color::Blue => m.to.row() < m.from.row(),
            })
            .collect();
        if !ahead.is_empty() && rng.below(3) != 0 {
            return *ahead[rng.below(ahead.len())];
        }
    }
    legal[rng.below(legal.len())]
}

fn random_game(rules: Rules, seed: u64, max_plies: usize, forward: bool, stats: &mut Stats) {
    stats.games += 1;
    let mut rng = SplitMix64(seed);
    let red = Setup::random(&rules, Color::Red, rng.next());
    let blue = Setup::random(&rules, Color::Blue, rng.next());
    let mut g = Game::new(rules, &red, &blue).expect("random set-ups are valid");
    let mut tracker = Tracker::new(&g);
    let mut counts = [count(&g, Color::Red), count(&g, Color::Blue)];
    let mut legal = Vec::new();
    let mut plies = 0;
    while g.outcome().is_none() && plies < max_plies {
        g.legal_moves_into(&mut legal);
        assert!(!legal.is_empty(), "a game not over has a legal move");
        assert_eq!(g.legal_moves(), legal);
        // The viewer to move sees exactly these moves; nobody else sees any.
        for viewer in VIEWERS {
            let v = g.view(viewer);
            if viewer == Viewer::Player(g.to_move()) {
                assert_eq!(v.legal_moves, legal);
            } else {
                assert!(v.legal_moves.is_empty());
            }
        }
        for mv in &legal {
            g.check(mv)
                .unwrap_or_else(|e| panic!("listed move refused: {e}"));
        }
        if plies % 7 == 0 {
            check_agrees_with_legal_moves(&g, &legal);
        }
        let mv = pick(&mut rng, &legal, g.to_move(), forward);
        let before = g.clone();
        let ev = g.play(mv).expect("a listed move plays");
        assert_eq!(before.ply() + 1, g.ply());
        // Bombs and Flags never move.
        assert!(ev.rank.is_movable());
        tracker.apply(&ev);
        stats.plies += 1;
        stats.battles += usize::from(ev.battle.is_some());
        stats.rescues += usize::from(ev.mv.rescue.is_some());
        if ev.battle.is_some() && rules.options.silent_defense && ev.rank != Rank::Scout {
            stats.hidden_defenders += 1;
        }
        // Piece counts only fall, except by a rescue.
        for c in Color::ALL {
            let now = count(&g, c);
            let rescued = usize::from(ev.mover == c && ev.mv.rescue.is_some());
            assert!(now <= counts[c.index()] + rescued, "{c} gained pieces");
            counts[c.index()] = now;
        }
        if plies % 5 == 0 || g.outcome().is_some() {
            tracker.check(&g);
        }
        // Nothing stands on a lake; every Bomb and Flag stands where it was set up.
        for sq in Square::all() {
            if sq.is_lake() {
                assert_eq!(g.piece_at(sq), None);
            }
            if let Some(p) = g.piece_at(sq) {
                if !p.rank.is_movable() {
                    assert_eq!(g.setup(p.color).pieces.get(&sq), Some(&p.rank));
                }
            }
        }
        plies += 1;
    }
    if g.outcome().is_some() {
        stats.ended += 1;
        assert!(g.legal_moves().is_empty());
        assert!(g.check(&legal[0]).is_err() || legal.is_empty());
    }
    tracker.check(&g);

    // The record replays to the identical game, also through text and JSON.
    let rec = g.record();
    let again = rec.replay().expect("the record replays");
    assert_same_game(&g, &again);
    let text = rec.to_text();
    let parsed = GameRecord::from_text(&text).expect("the text reads back");
    assert_eq!(parsed, rec, "{text}");
    let json = serde_json::to_string(&rec).unwrap();
    let from_json: GameRecord = serde_json::from_str(&json).unwrap();
    assert_eq!(from_json, rec);
    // A midway position replays the same way twice.
    let mid = rec.moves.len() / 2;
    let a = rec.replay_to(mid).unwrap();
    let b = rec.replay_to(mid).unwrap();
    assert_same_game(&a, &b);
    assert_eq!(a.ply() as usize, mid);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn random_play_keeps_every_invariant(
        variant in 0u8..3,
        bits in any::<u16>(),
        limit in 0u8..3,
        seed in any::<u64>(),
        forward in any::<bool>(),
    ) {
        let rules = rules_from(variant, bits, limit);
        let max = if rules.variant == Variant::Classic { 160 } else { 400 };
        random_game(rules, seed, max, forward, &mut Stats::default());
    }
}

/// Every variant with every option on and off, one fixed seed each: the options mix is
/// covered deterministically too.
#[test]
fn every_option_mix_plays_out() {
    let mut stats = Stats::default();
    for variant in 0..3u8 {
        for bits in (0..256u16).step_by(17) {
            let rules = rules_from(variant, bits, bits as u8);
            let plies = if rules.variant == Variant::Classic {
                120
            } else {
                300
            };
            random_game(
                rules,
                bits as u64 * 31 + 7,
                plies,
                bits % 2 == 0,
                &mut stats,
            );
        }
    }
    eprintln!("{stats:?}");
    assert!(stats.battles > 100 && stats.ended > 5, "{stats:?}");
    assert!(stats.rescues > 0 && stats.hidden_defenders > 0, "{stats:?}");
}

// ---------------------------------------------------------------------------------------
// Why a move is illegal: the mover's view explains it as the game does.

/// Picks a move that tends to run into the repetition rules: back along the mover's last
/// move, the piece the opponent just came next to moving away, the mover's last piece
/// following an enemy piece, else any.
fn pick_repetitive(rng: &mut SplitMix64, g: &Game, legal: &[Move]) -> Move {
    let me = g.to_move();
    let moves: Vec<Move> = g.moves().collect();
    let mine = moves.len().checked_sub(2).map(|i| moves[i]);
    let theirs = moves.last().copied();
    let plain: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.rescue.is_none())
        .collect();
    let next_to = |a: Square, b: Square| {
        (a.file() as i8 - b.file() as i8).abs() + (a.row() as i8 - b.row() as i8).abs() == 1
    };
    let enemy_near = |s: Square| {
        Square::all().any(|q| next_to(q, s) && g.piece_at(q).is_some_and(|p| p.color != me))
    };
    let choose = |rng: &mut SplitMix64, f: &dyn Fn(&Move) -> bool| {
        let v: Vec<&Move> = plain.iter().filter(|m| f(m)).collect();
        (!v.is_empty()).then(|| *v[rng.below(v.len())])
    };
    let pick = match rng.below(4) {
        0 => mine.and_then(|l| choose(rng, &|m| m.from == l.to && m.to == l.from)),
        1 => theirs.and_then(|t| choose(rng, &|m| next_to(m.from, t.to))),
        2 => mine.and_then(|l| choose(rng, &|m| m.from == l.to && enemy_near(m.to))),
        _ => None,
    };
    pick.unwrap_or_else(|| legal[rng.below(legal.len())])
}

/// For the side to move: `PlayerView::check` with the mover's history gives what
/// `Game::check` gives, for every move on a line from the mover's pieces, random pairs of
/// squares, and random rescues added to the legal moves. Counts the reasons met.
fn view_explains_like_the_game(
    g: &Game,
    rng: &mut SplitMix64,
    seen: &mut std::collections::BTreeMap<String, usize>,
) {
    let me = g.to_move();
    let view = g.view(Viewer::Player(me));
    let history = g.history(Viewer::Player(me));
    let all: Vec<Square> = Square::all().collect();
    let mut moves = vec![];
    for from in Square::all() {
        if g.piece_at(from).is_some_and(|p| p.color == me) {
            for &to in &all {
                if to.file() == from.file() || to.row() == from.row() {
                    moves.push(Move::new(from, to));
                }
            }
        }
    }
    for _ in 0..20 {
        moves.push(Move::new(all[rng.below(100)], all[rng.below(100)]));
    }
    for m in g.legal_moves().into_iter().filter(|m| m.rescue.is_none()) {
        let rank = Rank::ALL[rng.below(Rank::ALL.len())];
        let to = all[rng.below(100)];
        moves.push(Move {
            rescue: Some(Rescue { rank, to }),
            ..m
        });
    }
    for mv in moves {
        let game = g.check(&mv);
        assert_eq!(view.check(&mv, &history), game, "{mv} for {me}");
        let kind = match game {
            Ok(()) => "legal".to_string(),
            Err(r) => format!("{r:?}")
                .split(['(', ' '])
                .next()
                .unwrap_or_default()
                .to_string(),
        };
        *seen.entry(kind).or_default() += 1;
    }
}

/// Plays up to `max_plies` from `g` (random and repetitive moves), checking before each
/// move and at the end that the mover's view explains moves as the game does.
fn explain_game(
    mut g: Game,
    seed: u64,
    max_plies: usize,
    seen: &mut std::collections::BTreeMap<String, usize>,
) {
    let mut rng = SplitMix64(seed);
    for _ in 0..max_plies {
        view_explains_like_the_game(&g, &mut rng, seen);
        let legal = g.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = if rng.below(3) == 0 {
            pick(&mut rng, &legal, g.to_move(), true)
        } else {
            pick_repetitive(&mut rng, &g, &legal)
        };
        g.play(mv).expect("a listed move plays");
    }
    // Over, or stopped: the view still agrees.
    view_explains_like_the_game(&g, &mut rng, seen);
}

fn random_start(rules: Rules, seed: u64) -> Game {
    let mut rng = SplitMix64(seed);
    let red = Setup::random(&rules, Color::Red, rng.next());
    let blue = Setup::random(&rules, Color::Blue, rng.next());
    Game::new(rules, &red, &blue).expect("random set-ups are valid")
}

/// A General chasing a Captain round the 2x2 block E2 F2 F3 E3 (the Captain one step
/// ahead), played as far as the rules allow: with the more-squares rule on, the General's
/// next step back to E3 would repeat the chase's first position.
fn chase_start(rules: Rules) -> Game {
    let side = |c: Color, pieces: &[(&str, Rank)]| {
        Setup::from_pieces(c, pieces.iter().map(|&(q, r)| (q.parse().unwrap(), r))).unwrap()
    };
    let red = side(
        Color::Red,
        &[
            ("A1", Rank::Flag),
            ("B1", Rank::Sergeant),
            ("E4", Rank::General),
        ],
    );
    let blue = side(
        Color::Blue,
        &[
            ("J10", Rank::Flag),
            ("I10", Rank::Sergeant),
            ("F3", Rank::Captain),
        ],
    );
    let mut g = Game::from_position(rules, &red, &blue).expect("a valid position");
    let circle = [
        "E4 E3", "F3 F2", "E3 F3", "F2 E2", "F3 F2", "E2 E3", "F2 E2", "E3 F3",
    ];
    for m in circle {
        let (a, b) = m.split_once(' ').unwrap();
        if g.play(Move::new(a.parse().unwrap(), b.parse().unwrap()))
            .is_err()
        {
            break;
        }
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_movers_view_explains_an_illegal_move_as_the_game_does(
        variant in 0u8..3,
        bits in any::<u16>(),
        limit in 0u8..3,
        seed in any::<u64>(),
    ) {
        let rules = rules_from(variant, bits, limit);
        explain_game(random_start(rules, seed), seed, 120, &mut Default::default());
        explain_game(chase_start(rules), seed, 40, &mut Default::default());
    }
}

/// The same on fixed seeds, showing that every kind of reason was met.
#[test]
fn every_reason_is_explained_from_the_view() {
    let mut seen = Default::default();
    for variant in 0..3u8 {
        for bits in (0..256u16).step_by(17) {
            // Rescue and the more-squares rule on.
            let rules = rules_from(variant, bits | 9, bits as u8);
            let seed = bits as u64 * 7 + 1;
            explain_game(random_start(rules, seed), seed, 150, &mut seen);
            explain_game(chase_start(rules), seed, 40, &mut seen);
        }
        let off = rules_from(variant, 0, 0);
        explain_game(random_start(off, 99), 99, 150, &mut seen);
    }
    eprintln!("{seen:?}");
    for kind in [
        "legal",
        "GameOver",
        "NoPiece",
        "NotYourPiece",
        "NeverMoves",
        "SameSquare",
        "Lake",
        "Diagonal",
        "OnlyScoutsRun",
        "ScoutCrossesLake",
        "ScoutBlocked",
        "OwnPiece",
        "TwoSquareRule",
        "MoreSquaresRule",
        "RescueNotPlayed",
        "RescueNotOnBackRow",
        "RescueByAttack",
        "ScoutRescue",
        "BombRescue",
        "NoneCaptured",
        "RescueSquare",
        "RescuerAgain",
        "TwoRescuesMade",
    ] {
        assert!(
            seen.get(kind).is_some_and(|&n| n > 0),
            "{kind} never met: {seen:?}"
        );
    }
}
