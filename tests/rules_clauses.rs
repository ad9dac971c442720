//! One test per clause of RULES.md, on small hand-made positions.
//!
//! Positions are built with `Game::from_position` (no army or set-up row checks). Most
//! positions carry a "looper" for each side, a Sergeant that walks round a 2x2 block in its
//! corner (Red: A1 A2 B2 B1, Blue: J10 J9 I9 I10) so a side can pass its turn without
//! touching the two-square or the more-squares rule.

use stratego_ssh::rules::{
    BattleResult, Color, EndReason, Game, GameRecord, IllegalReason, Immobility, Move, MoveCap,
    MoveEvent, Options, Outcome, Piece, Rank, ReplayError, Rescue, Rules, Setup, SetupError,
    Square, Variant, Viewer,
};

use Color::{Blue, Red};
use Rank::*;

const RED_VIEW: Viewer = Viewer::Player(Red);
const BLUE_VIEW: Viewer = Viewer::Player(Blue);
const VIEWERS: [Viewer; 3] = [RED_VIEW, BLUE_VIEW, Viewer::Spectator];

const RED_LOOP: [&str; 4] = ["A1", "A2", "B2", "B1"];
const BLUE_LOOP: [&str; 4] = ["J10", "J9", "I9", "I10"];

fn s(name: &str) -> Square {
    name.parse().unwrap()
}

fn mv(a: &str, b: &str) -> Move {
    Move::new(s(a), s(b))
}

fn setup(color: Color, pieces: &[(&str, Rank)]) -> Setup {
    Setup::from_pieces(color, pieces.iter().map(|&(q, r)| (s(q), r))).unwrap()
}

fn opts() -> Options {
    Options::default()
}

fn rules_with(options: Options) -> Rules {
    Rules::new(Variant::Classic, options)
}

/// A hand-made position, Red to move.
fn position(options: Options, red: &[(&str, Rank)], blue: &[(&str, Rank)]) -> Game {
    Game::from_position(rules_with(options), &setup(Red, red), &setup(Blue, blue)).unwrap()
}

/// A hand-made position with both loopers added.
fn with_loopers(options: Options, red: &[(&str, Rank)], blue: &[(&str, Rank)]) -> Game {
    let mut r = red.to_vec();
    r.push(("A1", Sergeant));
    let mut b = blue.to_vec();
    b.push(("J10", Sergeant));
    position(options, &r, &b)
}

fn play(g: &mut Game, a: &str, b: &str) -> MoveEvent {
    g.play(mv(a, b))
        .unwrap_or_else(|e| panic!("{a} {b} should be legal: {e}"))
}

/// The side to move walks its looper one step.
fn pass(g: &mut Game) {
    let lp = if g.to_move() == Red {
        RED_LOOP
    } else {
        BLUE_LOOP
    };
    let me = g.to_move();
    let i = (0..4)
        .find(|&i| {
            g.piece_at(s(lp[i]))
                .is_some_and(|p| p.color == me && p.rank == Sergeant)
        })
        .expect("looper present");
    play(g, lp[i], lp[(i + 1) % 4]);
}

fn refused_why(g: &Game, a: &str, b: &str) -> IllegalReason {
    match g.check(&mv(a, b)) {
        Ok(()) => panic!("{a} {b} should be refused"),
        Err(e) => e,
    }
}

fn refused(g: &Game, a: &str, b: &str) -> String {
    refused_why(g, a, b).to_string()
}

fn at(g: &Game, q: &str) -> Option<Piece> {
    g.piece_at(s(q))
}

fn view_rank(g: &Game, viewer: Viewer, q: &str) -> Option<Rank> {
    g.view(viewer).piece_at(s(q)).expect("a piece there").rank
}

/// The full observable state, to show that something left the game unchanged.
fn snapshot(g: &Game) -> String {
    let mut out = format!("{:?} {} {:?}\n", g.to_move(), g.ply(), g.outcome());
    for q in Square::all() {
        out.push_str(&format!("{:?}", g.piece_at(q)));
    }
    for v in VIEWERS {
        out.push_str(&format!("{:?}{:?}", g.view(v), g.history(v)));
    }
    out.push_str(&format!("{:?}", g.legal_moves()));
    out
}

// ---------------------------------------------------------------------------------------
// Board and movement

#[test]
fn red_moves_first() {
    let mut g = with_loopers(opts(), &[], &[]);
    assert_eq!(g.to_move(), Red);
    assert_eq!(
        refused_why(&g, "J10", "J9"),
        IllegalReason::NotYourPiece(s("J10"))
    );
    assert_eq!(refused(&g, "J10", "J9"), "the piece on J10 is not yours");
    pass(&mut g);
    assert_eq!(g.to_move(), Blue);
    assert_eq!(
        refused_why(&g, "A2", "B2"),
        IllegalReason::NotYourPiece(s("A2"))
    );
    pass(&mut g);
    assert_eq!(g.to_move(), Red);
    assert_eq!(g.ply(), 2);
}

#[test]
fn move_one_square_orthogonally_onto_empty_square() {
    let g = with_loopers(opts(), &[("E2", Captain)], &[]);
    let mut targets: Vec<Square> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == s("E2"))
        .map(|m| m.to)
        .collect();
    targets.sort();
    let mut expected = vec![s("E1"), s("E3"), s("D2"), s("F2")];
    expected.sort();
    assert_eq!(targets, expected);
    assert!(refused(&g, "E2", "F3").contains("diagonal"));
    assert!(refused(&g, "E2", "E4").contains("only Scouts"));
    assert!(refused(&g, "E2", "E2").contains("another square"));
}

#[test]
fn no_piece_on_source_square_is_refused() {
    let g = with_loopers(opts(), &[], &[]);
    assert!(refused(&g, "E4", "E5").contains("no piece on E4"));
}

#[test]
fn cannot_move_onto_own_piece() {
    let g = with_loopers(opts(), &[("E2", Captain), ("E3", Major)], &[]);
    assert!(refused(&g, "E2", "E3").contains("your own piece"));
}

#[test]
fn lakes_cannot_be_entered() {
    let g = with_loopers(opts(), &[("C4", Captain)], &[]);
    assert_eq!(refused_why(&g, "C4", "C5"), IllegalReason::Lake(s("C5")));
    assert_eq!(
        refused(&g, "C4", "C5"),
        "C5 is a lake: nothing may enter it"
    );
    assert!(!g.legal_moves().contains(&mv("C4", "C5")));
}

#[test]
fn bombs_never_move() {
    let g = with_loopers(opts(), &[("E2", Bomb)], &[]);
    assert_eq!(refused(&g, "E2", "E3"), "Bombs never move");
    assert!(g.legal_moves().iter().all(|m| m.from != s("E2")));
}

#[test]
fn flag_never_moves() {
    let g = with_loopers(opts(), &[("E2", Flag)], &[]);
    assert_eq!(refused(&g, "E2", "E3"), "the Flag never moves");
    assert!(g.legal_moves().iter().all(|m| m.from != s("E2")));
}

#[test]
fn scout_moves_any_distance_in_a_straight_line() {
    let mut g = with_loopers(opts(), &[("E1", Scout)], &[]);
    let legal = g.legal_moves();
    for to in [
        "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9", "E10", "F1", "J1", "C1",
    ] {
        assert!(legal.contains(&mv("E1", to)), "E1 {to}");
    }
    // The looper stands on A1: the line west ends at B1.
    assert!(legal.contains(&mv("E1", "B1")));
    assert!(!legal.contains(&mv("E1", "A1")));
    play(&mut g, "E1", "E10");
    assert_eq!(at(&g, "E10"), Some(Piece::new(Red, Scout)));
}

#[test]
fn scout_cannot_pass_over_pieces() {
    let g = with_loopers(opts(), &[("E1", Scout), ("E3", Bomb)], &[]);
    assert_eq!(refused(&g, "E1", "E5"), "Scouts cannot pass over pieces");
    assert!(g.legal_moves().contains(&mv("E1", "E2")));
}

#[test]
fn scout_line_blocked_by_lake() {
    let g = with_loopers(opts(), &[("C2", Scout), ("A5", Scout)], &[]);
    assert_eq!(refused(&g, "C2", "C7"), "Scouts cannot cross a lake");
    assert_eq!(refused(&g, "A5", "E5"), "Scouts cannot cross a lake");
    let legal = g.legal_moves();
    assert!(legal.contains(&mv("C2", "C4")));
    assert!(!legal.contains(&mv("C2", "C7")));
    assert!(legal.contains(&mv("A5", "B5")));
    assert!(!legal
        .iter()
        .any(|m| m.from == s("A5") && m.to.row() == 4 && m.to.file() > 1));
}

#[test]
fn scout_attacks_at_distance() {
    let mut g = with_loopers(opts(), &[("E1", Scout)], &[("E8", Spy)]);
    let legal = g.legal_moves();
    assert!(legal.contains(&mv("E1", "E8")));
    assert!(
        !legal.contains(&mv("E1", "E9")),
        "cannot pass the attacked piece"
    );
    let ev = play(&mut g, "E1", "E8");
    let b = ev.battle.expect("a battle");
    assert_eq!(
        (b.attacker, b.defender, b.result),
        (Scout, Spy, BattleResult::AttackerWins)
    );
    assert_eq!(at(&g, "E8"), Some(Piece::new(Red, Scout)));
}

#[test]
fn scout_long_move_reveals_scout() {
    let mut g = with_loopers(opts(), &[("E1", Scout), ("F1", Scout)], &[]);
    play(&mut g, "E1", "E2"); // one square: tells nothing
    assert_eq!(view_rank(&g, BLUE_VIEW, "E2"), None);
    assert!(g.view(BLUE_VIEW).piece_at(s("E2")).unwrap().moved);
    pass(&mut g);
    play(&mut g, "F1", "F4"); // three squares: a Scout
    assert_eq!(view_rank(&g, BLUE_VIEW, "F4"), Some(Scout));
    assert_eq!(view_rank(&g, Viewer::Spectator, "F4"), Some(Scout));
    assert_eq!(view_rank(&g, BLUE_VIEW, "E2"), None);
}

#[test]
fn attacking_is_never_compulsory() {
    let g = with_loopers(opts(), &[("E4", Marshal)], &[("E5", Sergeant)]);
    let legal = g.legal_moves();
    assert!(legal.contains(&mv("E4", "E5")));
    assert!(legal.contains(&mv("E4", "E3")));
}

// ---------------------------------------------------------------------------------------
// Battles

/// The battle table of RULES.md, written independently of the engine.
fn expected_result(att: Rank, def: Rank, aggressor_advantage: bool) -> BattleResult {
    let strength = |r: Rank| Rank::ALL.len() - Rank::ALL.iter().position(|&x| x == r).unwrap();
    if def == Flag {
        BattleResult::AttackerWins
    } else if def == Bomb {
        if att == Miner {
            BattleResult::AttackerWins
        } else {
            BattleResult::DefenderWins
        }
    } else if att == Spy && def == Marshal {
        BattleResult::AttackerWins
    } else if att == def {
        if aggressor_advantage {
            BattleResult::AttackerWins
        } else {
            BattleResult::BothRemoved
        }
    } else if strength(att) > strength(def) {
        BattleResult::AttackerWins
    } else {
        BattleResult::DefenderWins
    }
}

fn fight(options: Options, att: Rank, def: Rank) -> (Game, MoveEvent) {
    let mut g = with_loopers(options, &[("E4", att)], &[("E5", def)]);
    let ev = play(&mut g, "E4", "E5");
    (g, ev)
}

#[test]
fn battle_table_lower_rank_removed() {
    for aa in [false, true] {
        let o = Options {
            aggressor_advantage: aa,
            ..opts()
        };
        for att in Rank::ALL.into_iter().filter(|r| r.is_movable()) {
            for def in Rank::ALL {
                let (g, ev) = fight(o, att, def);
                let expected = expected_result(att, def, aa);
                let b = ev.battle.expect("a battle");
                assert_eq!(b.result, expected, "{att} attacks {def}, AA {aa}");
                assert_eq!((b.attacker, b.defender), (att, def));
                let (on_e4, on_e5) = match expected {
                    BattleResult::AttackerWins => (None, Some(Piece::new(Red, att))),
                    BattleResult::DefenderWins => (None, Some(Piece::new(Blue, def))),
                    BattleResult::BothRemoved => (None, None),
                };
                assert_eq!(
                    (at(&g, "E4"), at(&g, "E5")),
                    (on_e4, on_e5),
                    "{att} x {def}"
                );
            }
        }
    }
}

#[test]
fn winning_attacker_moves_onto_defenders_square() {
    let (g, ev) = fight(opts(), General, Colonel);
    assert_eq!(ev.battle.unwrap().result, BattleResult::AttackerWins);
    assert_eq!(at(&g, "E5"), Some(Piece::new(Red, General)));
    assert_eq!(at(&g, "E4"), None);
    assert_eq!(g.captured(Blue), vec![Colonel]);
}

#[test]
fn winning_defender_stays_put() {
    let (g, ev) = fight(opts(), Captain, Major);
    assert_eq!(ev.battle.unwrap().result, BattleResult::DefenderWins);
    assert_eq!(at(&g, "E5"), Some(Piece::new(Blue, Major)));
    assert_eq!(at(&g, "E4"), None);
    assert_eq!(g.captured(Red), vec![Captain]);
}

#[test]
fn equal_ranks_both_removed() {
    for r in [Spy, Scout, Miner, Captain, Marshal] {
        let (g, ev) = fight(opts(), r, r);
        assert_eq!(ev.battle.unwrap().result, BattleResult::BothRemoved);
        assert_eq!((at(&g, "E4"), at(&g, "E5")), (None, None));
        assert_eq!((g.captured(Red), g.captured(Blue)), (vec![r], vec![r]));
    }
}

#[test]
fn both_ranks_revealed_in_a_battle() {
    let mut g = with_loopers(
        opts(),
        &[("E4", Major)],
        &[("E5", Captain), ("F5", Colonel)],
    );
    play(&mut g, "E4", "E5");
    for v in VIEWERS {
        assert_eq!(view_rank(&g, v, "E5"), Some(Major), "{v:?}");
        let b = g.view(v).last_move.unwrap().battle.unwrap();
        assert_eq!((b.attacker, b.defender), (Some(Major), Some(Captain)));
    }
    play(&mut g, "F5", "E5"); // Blue's Colonel takes the revealed Major
    for v in VIEWERS {
        assert_eq!(view_rank(&g, v, "E5"), Some(Colonel));
    }
}

#[test]
fn bomb_survives_and_kills_other_attackers() {
    for att in [Spy, Scout, Sergeant, General, Marshal] {
        let (g, ev) = fight(opts(), att, Bomb);
        assert_eq!(ev.battle.unwrap().result, BattleResult::DefenderWins);
        assert!(!ev.bomb_defused);
        assert_eq!(at(&g, "E5"), Some(Piece::new(Blue, Bomb)));
        assert_eq!(at(&g, "E4"), None);
    }
}

#[test]
fn bomb_takes_any_number_of_attackers() {
    let mut g = with_loopers(
        opts(),
        &[("E4", Marshal), ("F5", General), ("E6", Captain)],
        &[("E5", Bomb)],
    );
    for from in ["E4", "F5", "E6"] {
        let ev = play(&mut g, from, "E5");
        assert_eq!(ev.battle.unwrap().result, BattleResult::DefenderWins);
        pass(&mut g);
    }
    assert_eq!(at(&g, "E5"), Some(Piece::new(Blue, Bomb)));
    assert_eq!(g.captured(Red), vec![Marshal, General, Captain]);
}

#[test]
fn miner_defuses_bomb() {
    let (g, ev) = fight(opts(), Miner, Bomb);
    assert!(ev.bomb_defused);
    assert_eq!(ev.battle.unwrap().result, BattleResult::AttackerWins);
    assert_eq!(at(&g, "E5"), Some(Piece::new(Red, Miner)));
    assert_eq!(g.captured(Blue), vec![Bomb]);
}

#[test]
fn spy_beats_marshal_only_when_attacking() {
    let (g, ev) = fight(opts(), Spy, Marshal);
    assert_eq!(ev.battle.unwrap().result, BattleResult::AttackerWins);
    assert_eq!(at(&g, "E5"), Some(Piece::new(Red, Spy)));
    // The Marshal attacked by... no: the Spy defending against the Marshal loses.
    let (g, ev) = fight(opts(), Marshal, Spy);
    assert_eq!(ev.battle.unwrap().result, BattleResult::AttackerWins);
    assert_eq!(at(&g, "E5"), Some(Piece::new(Red, Marshal)));
}

#[test]
fn marshal_attacking_spy_wins() {
    let (_, ev) = fight(opts(), Marshal, Spy);
    assert_eq!(ev.battle.unwrap().result, BattleResult::AttackerWins);
}

#[test]
fn any_piece_attacking_spy_wins() {
    for att in [Scout, Miner, Sergeant, General] {
        let (g, ev) = fight(opts(), att, Spy);
        assert_eq!(
            ev.battle.unwrap().result,
            BattleResult::AttackerWins,
            "{att}"
        );
        assert_eq!(at(&g, "E5"), Some(Piece::new(Red, att)));
    }
}

#[test]
fn spy_attacking_anything_else_loses_or_ties_a_spy() {
    for def in [Scout, Miner, General, Bomb] {
        let (_, ev) = fight(opts(), Spy, def);
        assert_eq!(
            ev.battle.unwrap().result,
            BattleResult::DefenderWins,
            "{def}"
        );
    }
    let (_, ev) = fight(opts(), Spy, Spy);
    assert_eq!(ev.battle.unwrap().result, BattleResult::BothRemoved);
}

#[test]
fn attacking_flag_captures_it_and_ends_game() {
    for att in [Spy, Scout, Miner, Marshal] {
        let (g, ev) = fight(opts(), att, Flag);
        assert!(ev.flag_captured);
        let o = Outcome {
            winner: Some(Red),
            reason: EndReason::FlagCaptured,
        };
        assert_eq!(ev.outcome, Some(o));
        assert_eq!(g.outcome(), Some(o));
        assert_eq!(at(&g, "E5"), Some(Piece::new(Red, att)));
        assert!(g.legal_moves().is_empty());
    }
}

#[test]
fn moved_piece_is_marked_moved() {
    let mut g = with_loopers(opts(), &[("E2", Captain)], &[("E9", Major)]);
    assert!(!g.view(BLUE_VIEW).piece_at(s("E2")).unwrap().moved);
    play(&mut g, "E2", "E3");
    for v in VIEWERS {
        let p = g.view(v).piece_at(s("E3")).unwrap();
        assert!(p.moved);
        assert_eq!(p.color, Red);
    }
    assert!(!g.view(RED_VIEW).piece_at(s("E9")).unwrap().moved);
}

// ---------------------------------------------------------------------------------------
// Aggressor Advantage

#[test]
fn aggressor_advantage_attacker_wins_ties() {
    let o = Options {
        aggressor_advantage: true,
        ..opts()
    };
    for r in [Spy, Scout, Miner, Major, Marshal] {
        let (g, ev) = fight(o, r, r);
        assert_eq!(ev.battle.unwrap().result, BattleResult::AttackerWins, "{r}");
        assert_eq!(at(&g, "E5"), Some(Piece::new(Red, r)));
    }
}

#[test]
fn aggressor_advantage_leaves_other_battles_alone() {
    let o = Options {
        aggressor_advantage: true,
        ..opts()
    };
    assert_eq!(
        fight(o, Captain, Major).1.battle.unwrap().result,
        BattleResult::DefenderWins
    );
    assert_eq!(
        fight(o, General, Bomb).1.battle.unwrap().result,
        BattleResult::DefenderWins
    );
    assert_eq!(
        fight(o, Miner, Bomb).1.battle.unwrap().result,
        BattleResult::AttackerWins
    );
    assert_eq!(
        fight(o, Spy, Marshal).1.battle.unwrap().result,
        BattleResult::AttackerWins
    );
    assert_eq!(
        fight(o, Spy, General).1.battle.unwrap().result,
        BattleResult::DefenderWins
    );
}

// ---------------------------------------------------------------------------------------
// Silent Defense

fn silent() -> Options {
    Options {
        silent_defense: true,
        ..opts()
    }
}

#[test]
fn silent_defense_attacker_does_not_learn_what_it_captured() {
    let (g, ev) = fight(silent(), Colonel, Captain);
    assert_eq!(ev.battle.unwrap().result, BattleResult::AttackerWins);
    // Red (attacker): knows its own Colonel, not what it took.
    let red = g.view(RED_VIEW);
    let b = red.last_move.unwrap().battle.unwrap();
    assert_eq!((b.attacker, b.defender), (Some(Colonel), None));
    assert_eq!(b.result, BattleResult::AttackerWins);
    let blue_lost: Vec<_> = red.captured.iter().filter(|c| c.color == Blue).collect();
    assert_eq!(blue_lost.len(), 1);
    assert_eq!(blue_lost[0].rank, None);
    // Blue (defender): learns the attacker's rank and keeps its own captured piece.
    let blue = g.view(BLUE_VIEW);
    let b = blue.last_move.unwrap().battle.unwrap();
    assert_eq!((b.attacker, b.defender), (Some(Colonel), Some(Captain)));
    assert_eq!(view_rank(&g, BLUE_VIEW, "E5"), Some(Colonel));
    assert!(blue
        .captured
        .iter()
        .any(|c| c.color == Blue && c.rank == Some(Captain)));
}

#[test]
fn silent_defense_attacker_does_not_learn_what_beat_it() {
    let (g, ev) = fight(silent(), Captain, General);
    assert_eq!(ev.battle.unwrap().result, BattleResult::DefenderWins);
    assert_eq!(
        view_rank(&g, RED_VIEW, "E5"),
        None,
        "the winning defender stays hidden"
    );
    assert_eq!(view_rank(&g, BLUE_VIEW, "E5"), Some(General));
    let b = g.view(RED_VIEW).last_move.unwrap().battle.unwrap();
    assert_eq!((b.attacker, b.defender), (Some(Captain), None));
    // The attacker's own loss is public: it declared its rank.
    for v in VIEWERS {
        assert!(g
            .view(v)
            .captured
            .iter()
            .any(|c| c.color == Red && c.rank == Some(Captain)));
    }
}

#[test]
fn silent_defense_bomb_stays_hidden_from_attacker() {
    let (g, _) = fight(silent(), Major, Bomb);
    assert_eq!(view_rank(&g, RED_VIEW, "E5"), None);
    let (g, ev) = fight(silent(), Miner, Bomb);
    assert!(ev.bomb_defused);
    let red = g.view(RED_VIEW);
    assert_eq!(red.last_move.unwrap().battle.unwrap().defender, None);
    assert!(red
        .captured
        .iter()
        .all(|c| c.color != Blue || c.rank.is_none()));
}

#[test]
fn silent_defense_scout_attack_reveals_defender() {
    let (g, ev) = fight(silent(), Scout, Sergeant);
    assert_eq!(ev.battle.unwrap().result, BattleResult::DefenderWins);
    for v in VIEWERS {
        assert_eq!(view_rank(&g, v, "E5"), Some(Sergeant), "{v:?}");
        let b = g.view(v).last_move.unwrap().battle.unwrap();
        assert_eq!((b.attacker, b.defender), (Some(Scout), Some(Sergeant)));
    }
}

#[test]
fn silent_defense_spectator_learns_only_what_both_players_learn() {
    let (g, _) = fight(silent(), Lieutenant, Major);
    let spec = g.view(Viewer::Spectator);
    let b = spec.last_move.unwrap().battle.unwrap();
    assert_eq!((b.attacker, b.defender), (Some(Lieutenant), None));
    assert_eq!(spec.piece_at(s("E5")).unwrap().rank, None);
    assert!(spec
        .captured
        .iter()
        .any(|c| c.color == Red && c.rank == Some(Lieutenant)));
}

#[test]
fn silent_defense_tie_hides_defender_but_not_result() {
    let (g, ev) = fight(silent(), Major, Major);
    assert_eq!(ev.battle.unwrap().result, BattleResult::BothRemoved);
    let b = g.view(RED_VIEW).last_move.unwrap().battle.unwrap();
    assert_eq!((b.defender, b.result), (None, BattleResult::BothRemoved));
}

#[test]
fn silent_defense_remaining_counts_only_known_ranks() {
    let (g, _) = fight(silent(), Colonel, Captain);
    let red = g.view(RED_VIEW);
    let blue = g.view(BLUE_VIEW);
    let start = |c: Color, r: Rank| g.setup(c).pieces.values().filter(|&&x| x == r).count() as u8;
    // Red does not know Blue lost a Captain; Blue does.
    assert_eq!(red.remaining.blue[Captain.index()], start(Blue, Captain));
    assert_eq!(
        blue.remaining.blue[Captain.index()],
        start(Blue, Captain) - 1
    );
}

#[test]
fn silent_defense_game_end_reveals_everything() {
    let mut g = with_loopers(
        silent(),
        &[("E4", Colonel)],
        &[("E5", Captain), ("F8", General)],
    );
    play(&mut g, "E4", "E5");
    g.end(Outcome {
        winner: Some(Red),
        reason: EndReason::Resignation,
    });
    for v in VIEWERS {
        let view = g.view(v);
        assert!(view.captured.iter().all(|c| c.rank.is_some()));
        assert_eq!(
            view.last_move.unwrap().battle.unwrap().defender,
            Some(Captain)
        );
        assert_eq!(view_rank(&g, v, "F8"), Some(General));
    }
}

// ---------------------------------------------------------------------------------------
// Two-square rule

fn two_square(limit: u8) -> Options {
    Options {
        two_square_limit: limit,
        more_squares: false,
        ..opts()
    }
}

/// How many consecutive moves back and forth between E2 and E3 are allowed.
fn back_and_forth_allowed(limit: u8) -> (usize, String) {
    let mut g = with_loopers(two_square(limit), &[("E2", Captain)], &[]);
    let mut squares = ["E2", "E3"];
    let mut n = 0;
    loop {
        let m = mv(squares[0], squares[1]);
        if let Err(e) = g.check(&m) {
            assert!(!g.legal_moves().contains(&m));
            let before = snapshot(&g);
            assert!(g.play(m).is_err());
            assert_eq!(snapshot(&g), before);
            return (n, e.to_string());
        }
        assert!(g.legal_moves().contains(&m));
        g.play(m).unwrap();
        n += 1;
        pass(&mut g); // the opponent walks around meanwhile
        squares.swap(0, 1);
        assert!(n < 20, "no limit reached");
    }
}

#[test]
fn two_square_limit_2() {
    let (n, reason) = back_and_forth_allowed(2);
    assert_eq!(n, 2);
    assert_eq!(
        reason,
        "two-square rule: this piece has moved between E2 and E3 twice in a row"
    );
}

#[test]
fn two_square_limit_3() {
    let (n, reason) = back_and_forth_allowed(3);
    assert_eq!(n, 3);
    assert_eq!(
        reason,
        "two-square rule: this piece has moved between E2 and E3 three times in a row"
    );
}

#[test]
fn two_square_limit_5() {
    let (n, reason) = back_and_forth_allowed(5);
    assert_eq!(n, 5);
    assert!(reason.contains("five times"));
}

#[test]
fn two_square_other_move_ends_the_run() {
    let mut g = with_loopers(two_square(2), &[("E2", Captain)], &[]);
    play(&mut g, "E2", "E3");
    pass(&mut g);
    play(&mut g, "E3", "E2");
    pass(&mut g);
    assert!(g.check(&mv("E2", "E3")).is_err());
    pass(&mut g); // another move by Red ends the run
    pass(&mut g);
    play(&mut g, "E2", "E3");
    pass(&mut g);
    play(&mut g, "E3", "E2");
}

#[test]
fn two_square_third_square_ends_the_run() {
    let mut g = with_loopers(two_square(2), &[("E2", Captain)], &[]);
    play(&mut g, "E2", "E3");
    pass(&mut g);
    play(&mut g, "E3", "F3"); // a third square
    pass(&mut g);
    play(&mut g, "F3", "E3");
    pass(&mut g);
    assert!(g.check(&mv("E3", "F3")).is_err(), "F3-E3 twice now");
    play(&mut g, "E3", "E2");
}

#[test]
fn two_square_counts_whatever_the_opponent_does() {
    // The opponent's moves (including a battle) do not interrupt Red's run.
    let mut g = with_loopers(
        two_square(2),
        &[("E2", Captain), ("H2", Bomb)],
        &[("H3", Marshal)],
    );
    play(&mut g, "E2", "E3");
    play(&mut g, "H3", "H2"); // Blue's Marshal dies on a Bomb
    play(&mut g, "E3", "E2");
    pass(&mut g);
    assert!(g
        .check(&mv("E2", "E3"))
        .unwrap_err()
        .to_string()
        .contains("two-square"));
}

#[test]
fn two_square_scout_move_counts_between_same_two_squares() {
    let mut g = with_loopers(two_square(3), &[("E1", Scout)], &[]);
    play(&mut g, "E1", "E4");
    pass(&mut g);
    play(&mut g, "E4", "E1");
    pass(&mut g);
    play(&mut g, "E1", "E4");
    pass(&mut g);
    assert!(g
        .check(&mv("E4", "E1"))
        .unwrap_err()
        .to_string()
        .contains("E1 and E4"));
    // Between other squares of the same line the Scout may go on.
    play(&mut g, "E4", "E2");
}

#[test]
fn two_square_scout_other_squares_start_a_new_run() {
    let mut g = with_loopers(two_square(2), &[("E1", Scout)], &[]);
    play(&mut g, "E1", "E4");
    pass(&mut g);
    play(&mut g, "E4", "E2");
    pass(&mut g);
    play(&mut g, "E2", "E4"); // E4-E2 run: 2
    pass(&mut g);
    assert!(g.check(&mv("E4", "E2")).is_err());
    play(&mut g, "E4", "E1");
}

#[test]
fn two_square_rule_bars_attacks_too() {
    // Moving back and forth and then attacking on the same two squares counts.
    let mut g2 = with_loopers(two_square(2), &[("E2", Captain)], &[("F3", Scout)]);
    play(&mut g2, "E2", "E3");
    pass(&mut g2);
    play(&mut g2, "E3", "E2");
    play(&mut g2, "F3", "E3"); // Blue steps onto E3
    assert!(g2
        .check(&mv("E2", "E3"))
        .unwrap_err()
        .to_string()
        .contains("two-square"));
    assert!(!g2.legal_moves().contains(&mv("E2", "E3")));
}

// ---------------------------------------------------------------------------------------
// More-squares rule (chasing)

fn chase(on: bool) -> Options {
    Options {
        more_squares: on,
        two_square_limit: 3,
        ..opts()
    }
}

/// Red's General chases Blue's Captain round the 2x2 block E2 F2 F3 E3 (the Captain one
/// step ahead). Returns the game just before Red's move that recreates the first position
/// of the chase (General E2, Captain F2).
fn circle_chase(on: bool) -> Game {
    let mut g = with_loopers(chase(on), &[("E4", General)], &[("F3", Captain)]);
    play(&mut g, "E4", "E3"); // threat: next to the Captain on F3
    play(&mut g, "F3", "F2"); // the Captain runs: the chase starts
    play(&mut g, "E3", "F3"); // chasing
    play(&mut g, "F2", "E2");
    play(&mut g, "F3", "F2");
    play(&mut g, "E2", "E3");
    play(&mut g, "F2", "E2");
    play(&mut g, "E3", "F3"); // the Captain is back where the chase began...
    g
}

#[test]
fn more_squares_rule_bars_repeating_a_chase_position() {
    let g = circle_chase(true);
    // ...and General E3 next to Captain F3 was the first position of the chase.
    let reason = refused(&g, "E2", "E3");
    assert!(reason.starts_with("more-squares rule"), "{reason}");
    assert!(!g.legal_moves().contains(&mv("E2", "E3")));
    // Not a chasing move: still fine.
    assert!(g.legal_moves().contains(&mv("E2", "D2")));
    // Attacking the chased piece is always allowed.
    assert!(g.legal_moves().contains(&mv("E2", "F2")) || at(&g, "F2").is_none());
}

#[test]
fn more_squares_rule_off_allows_the_loop() {
    let g = circle_chase(false);
    assert!(g.check(&mv("E2", "E3")).is_ok());
}

#[test]
fn more_squares_rule_allows_return_to_previous_square() {
    // Back and forth chase: the exception lets the chaser return, the two-square rule
    // then stops the evader first.
    let mut g = with_loopers(chase(true), &[("D3", General)], &[("D1", Captain)]);
    play(&mut g, "D3", "D2"); // threat
    play(&mut g, "D1", "E1"); // run: chase starts, position (D2, D1) seen
    play(&mut g, "D2", "E2");
    play(&mut g, "E1", "D1");
    // (D2, D1) again, but D2 is where the General came from: allowed.
    assert!(g.check(&mv("E2", "D2")).is_ok());
    play(&mut g, "E2", "D2");
    play(&mut g, "D1", "E1");
    play(&mut g, "D2", "E2");
    // The Captain has gone D1-E1 three times in a row: the two-square rule (limit 3)
    // now stops it; the chaser has done E2-D2 only twice.
    assert!(refused(&g, "E1", "D1").contains("two-square"));
}

#[test]
fn more_squares_rule_chase_ends_when_evader_moves_another_piece() {
    let mut g = with_loopers(chase(true), &[("E4", General)], &[("F3", Captain)]);
    play(&mut g, "E4", "E3"); // threat
    play(&mut g, "F3", "F2"); // chase starts at (E3, F3)
    play(&mut g, "E3", "F3");
    pass(&mut g); // Blue moves another piece: chase over
    pass(&mut g);
    play(&mut g, "F2", "E2"); // not after a threat: no chase
    play(&mut g, "F3", "F2"); // threat
    play(&mut g, "E2", "E3"); // a new chase starts at (F2, E2)
    play(&mut g, "F2", "E2");
    play(&mut g, "E3", "F3");
    // (E3, F3) began the old chase, not this one: allowed.
    assert!(g.check(&mv("E2", "E3")).is_ok());
    play(&mut g, "E2", "E3");
}

#[test]
fn more_squares_rule_chase_ends_when_chaser_moves_another_piece() {
    let mut g = circle_chase(true);
    assert!(g.check(&mv("E2", "E3")).is_err());
    pass(&mut g); // Red plays elsewhere: the chase is over
    pass(&mut g);
    assert!(g.check(&mv("E2", "E3")).is_ok());
}

#[test]
fn more_squares_rule_chase_starts_only_when_the_threat_is_answered_at_once() {
    let mut g = with_loopers(chase(true), &[("E4", General)], &[("F3", Captain)]);
    play(&mut g, "E4", "E3"); // threat on F3 (position General E3, Captain F3)...
    pass(&mut g); // ...not answered: no chase
    pass(&mut g);
    play(&mut g, "F3", "F2"); // moves, but Red's last move threatened nothing
    play(&mut g, "E3", "F3"); // threat on F2
    play(&mut g, "F2", "E2"); // answered: the chase starts at (F3, F2)
    play(&mut g, "F3", "F2");
    play(&mut g, "E2", "E3");
    play(&mut g, "F2", "E2");
    play(&mut g, "E3", "F3");
    // (E3, F3) occurred before the chase began: allowed (circle_chase shows the refusal
    // when it belongs to the chase).
    assert!(g.check(&mv("E2", "E3")).is_ok());
    // One more round, and the chase's own first position (F3, F2) is barred.
    play(&mut g, "E2", "E3");
    play(&mut g, "F3", "F2");
    assert!(refused(&g, "E3", "F3").starts_with("more-squares rule"));
}

// ---------------------------------------------------------------------------------------
// Rescue

fn rescue_on() -> Options {
    Options {
        rescue: true,
        ..opts()
    }
}

/// Red has lost a Colonel (to Blue's Marshal) and a Miner (to Blue's General); Blue's
/// Marshal died on Red's Bomb. Red's Captain on E9 and Major on B9 stand next to Blue's
/// empty back row, Red's Scout on C8 can reach it too. Red to move.
fn rescue_position() -> Game {
    let mut g = with_loopers(
        rescue_on(),
        &[
            ("E9", Captain),
            ("B9", Major),
            ("C8", Scout),
            ("F4", Colonel),
            ("F6", Bomb),
            ("H4", Miner),
        ],
        &[("F5", Marshal), ("H3", General)],
    );
    play(&mut g, "F4", "F5"); // Red's Colonel dies on the Marshal
    play(&mut g, "F5", "F6"); // the Marshal dies on the Bomb
    play(&mut g, "H4", "H3"); // Red's Miner dies on the General
    pass(&mut g);
    g
}

#[test]
fn rescue_returns_captured_piece_to_own_half() {
    let mut g = rescue_position();
    assert_eq!(g.captured(Red), vec![Colonel, Miner]);
    let m = Move {
        from: s("E9"),
        to: s("E10"),
        rescue: Some(Rescue {
            rank: Colonel,
            to: s("D3"),
        }),
    };
    assert!(g.legal_moves().contains(&m));
    let ev = g.play(m).unwrap();
    assert_eq!(ev.mv.rescue.unwrap().rank, Colonel);
    assert_eq!(at(&g, "D3"), Some(Piece::new(Red, Colonel)));
    assert_eq!(g.captured(Red), vec![Miner]);
    assert_eq!(g.to_move(), Blue, "the rescue ends the turn");
    // Everyone sees what came back, and where.
    for v in VIEWERS {
        let view = g.view(v);
        assert_eq!(view.piece_at(s("D3")).unwrap().rank, Some(Colonel));
        assert_eq!(view.last_move.unwrap().rescue, ev.mv.rescue);
    }
}

#[test]
fn rescue_is_optional() {
    let mut g = rescue_position();
    assert!(g.legal_moves().contains(&mv("E9", "E10")));
    play(&mut g, "E9", "E10");
    assert_eq!(g.captured(Red), vec![Colonel, Miner]);
}

#[test]
fn rescue_only_to_empty_square_of_own_half() {
    let g = rescue_position();
    let with = |to: &str| Move {
        from: s("E9"),
        to: s("E10"),
        rescue: Some(Rescue {
            rank: Colonel,
            to: s(to),
        }),
    };
    for bad in ["E6", "J9", "A1", "C5", "E10"] {
        let e = g.check(&with(bad)).unwrap_err().to_string();
        assert!(e.contains("own half"), "{bad}: {e}");
    }
    assert!(g.check(&with("E5")).is_ok());
    assert!(g.check(&with("J5")).is_ok());
    let listed: Vec<Square> = g
        .legal_moves()
        .into_iter()
        .filter_map(|m| m.rescue.map(|r| r.to))
        .collect();
    assert!(listed
        .iter()
        .all(|q| q.row() < 5 && !q.is_lake() && g.piece_at(*q).is_none()));
}

#[test]
fn rescue_only_own_captured_ranks() {
    let g = rescue_position();
    let m = |rank| Move {
        from: s("E9"),
        to: s("E10"),
        rescue: Some(Rescue { rank, to: s("D3") }),
    };
    assert!(g
        .check(&m(General))
        .unwrap_err()
        .to_string()
        .contains("no captured General"));
    assert!(g.check(&m(Miner)).is_ok());
}

#[test]
fn rescue_bomb_cannot_be_rescued() {
    let mut g = with_loopers(
        rescue_on(),
        &[("E9", Captain), ("F4", Bomb), ("E4", Sergeant)],
        &[("F5", Miner), ("E5", Scout)],
    );
    play(&mut g, "E4", "E5"); // Red's Sergeant takes a Scout
    play(&mut g, "F5", "F4"); // Blue's Miner removes Red's Bomb
    assert_eq!(g.captured(Red), vec![Bomb]);
    let m = Move {
        from: s("E9"),
        to: s("E10"),
        rescue: Some(Rescue {
            rank: Bomb,
            to: s("D3"),
        }),
    };
    assert_eq!(
        g.check(&m).unwrap_err().to_string(),
        "a Bomb cannot be rescued"
    );
    assert!(g.legal_moves().iter().all(|m| m.rescue.is_none()));
}

#[test]
fn rescue_scouts_cannot_rescue() {
    let g = rescue_position();
    let m = Move {
        from: s("C8"),
        to: s("C10"),
        rescue: Some(Rescue {
            rank: Colonel,
            to: s("D3"),
        }),
    };
    assert_eq!(g.check(&m).unwrap_err().to_string(), "Scouts cannot rescue");
    assert!(g
        .legal_moves()
        .iter()
        .all(|m| m.from != s("C8") || m.rescue.is_none()));
}

#[test]
fn rescue_needs_a_move_onto_the_enemy_back_row() {
    let g = rescue_position();
    let m = Move {
        from: s("B9"),
        to: s("C9"),
        rescue: Some(Rescue {
            rank: Colonel,
            to: s("D3"),
        }),
    };
    assert!(g.check(&m).unwrap_err().to_string().contains("back row"));
}

#[test]
fn rescue_not_by_an_attack() {
    let mut g = with_loopers(
        rescue_on(),
        &[("E9", Captain), ("F4", Colonel)],
        &[("F5", Marshal), ("E10", Scout)],
    );
    play(&mut g, "F4", "F5");
    pass(&mut g);
    let m = Move {
        from: s("E9"),
        to: s("E10"),
        rescue: Some(Rescue {
            rank: Colonel,
            to: s("D3"),
        }),
    };
    assert!(g
        .check(&m)
        .unwrap_err()
        .to_string()
        .contains("not an attack"));
    assert!(g.legal_moves().contains(&mv("E9", "E10")));
}

#[test]
fn rescue_off_means_no_rescue() {
    let mut g = with_loopers(
        opts(),
        &[("E9", Captain), ("F4", Colonel)],
        &[("F5", Marshal)],
    );
    play(&mut g, "F4", "F5");
    pass(&mut g);
    let m = Move {
        from: s("E9"),
        to: s("E10"),
        rescue: Some(Rescue {
            rank: Colonel,
            to: s("D3"),
        }),
    };
    assert!(g.check(&m).unwrap_err().to_string().contains("not played"));
    assert!(g.legal_moves().iter().all(|m| m.rescue.is_none()));
}

#[test]
fn rescue_same_piece_cannot_make_both_rescues() {
    let mut g = rescue_position();
    let r = |rank, to: &str| Some(Rescue { rank, to: s(to) });
    g.play(Move {
        from: s("E9"),
        to: s("E10"),
        rescue: r(Colonel, "D3"),
    })
    .unwrap();
    pass(&mut g);
    play(&mut g, "E10", "E9");
    pass(&mut g);
    let again = Move {
        from: s("E9"),
        to: s("E10"),
        rescue: r(Miner, "D2"),
    };
    assert_eq!(
        g.check(&again).unwrap_err().to_string(),
        "this piece has already made a rescue"
    );
    // Another piece may make the second rescue.
    play(&mut g, "B9", "B10"); // plain move first, to reach the row with the Major
    pass(&mut g);
    play(&mut g, "B10", "B9");
    pass(&mut g);
    let other = Move {
        from: s("B9"),
        to: s("B10"),
        rescue: r(Miner, "D2"),
    };
    g.play(other).unwrap();
    assert_eq!(g.rescues_made(Red), 2);
}

#[test]
fn rescue_at_most_two_per_player() {
    let mut g = with_loopers(
        rescue_on(),
        &[
            ("E9", Captain),
            ("B9", Major),
            ("H9", Lieutenant),
            ("F4", Colonel),
            ("G4", Sergeant),
            ("H4", Miner),
        ],
        &[("F5", Marshal), ("H3", General)],
    );
    play(&mut g, "F4", "F5");
    pass(&mut g);
    play(&mut g, "H4", "H3");
    pass(&mut g);
    play(&mut g, "G4", "F4");
    play(&mut g, "F5", "F4"); // the Marshal takes the Sergeant
    assert_eq!(g.captured(Red), vec![Colonel, Miner, Sergeant]);
    let r = |from: &str, to: &str, rank, at: &str| Move {
        from: s(from),
        to: s(to),
        rescue: Some(Rescue { rank, to: s(at) }),
    };
    g.play(r("E9", "E10", Colonel, "D3")).unwrap();
    pass(&mut g);
    g.play(r("B9", "B10", Miner, "D2")).unwrap();
    pass(&mut g);
    assert_eq!(
        g.check(&r("H9", "H10", Sergeant, "E2"))
            .unwrap_err()
            .to_string(),
        "you have already made two rescues"
    );
    assert!(g.legal_moves().iter().all(|m| m.rescue.is_none()));
}

#[test]
fn rescue_under_silent_defense_reveals_only_the_rescued_rank() {
    let o = Options {
        rescue: true,
        silent_defense: true,
        ..opts()
    };
    let mut g = with_loopers(o, &[("E4", Colonel)], &[("E5", Captain), ("F2", Major)]);
    play(&mut g, "E4", "E5"); // Red does not learn it took a Captain
    let m = Move {
        from: s("F2"),
        to: s("F1"),
        rescue: Some(Rescue {
            rank: Captain,
            to: s("E7"),
        }),
    };
    g.play(m).unwrap();
    let red = g.view(RED_VIEW);
    assert_eq!(red.piece_at(s("E7")).unwrap().rank, Some(Captain));
    assert!(red.captured.iter().all(|c| c.color != Blue));
    // The earlier battle stays as Red knew it.
    assert_eq!(g.history(RED_VIEW)[0].battle.unwrap().defender, None);
    assert_eq!(
        g.history(BLUE_VIEW)[0].battle.unwrap().defender,
        Some(Captain)
    );
}

// ---------------------------------------------------------------------------------------
// End of the game

#[test]
fn flag_capture_wins() {
    let mut g = with_loopers(opts(), &[("E4", Sergeant)], &[("E6", Flag), ("F6", Bomb)]);
    play(&mut g, "E4", "E5");
    pass(&mut g);
    let ev = play(&mut g, "E5", "E6");
    assert!(ev.flag_captured);
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Red),
            reason: EndReason::FlagCaptured
        })
    );
}

#[test]
fn no_movable_pieces_loses_at_once_whoever_is_to_move() {
    // Red's last movable piece dies on a Bomb: Red loses right after its own move.
    let mut g = position(
        opts(),
        &[("E4", Captain), ("A1", Flag)],
        &[("E5", Bomb), ("J10", Sergeant)],
    );
    play(&mut g, "E4", "E5");
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Blue),
            reason: EndReason::NoMovablePieces
        })
    );
    // Red takes Blue's last movable piece: Blue, to move, loses.
    let mut g = position(
        opts(),
        &[("E4", Captain), ("A1", Sergeant)],
        &[("E5", Scout), ("J10", Flag)],
    );
    play(&mut g, "E4", "E5");
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Red),
            reason: EndReason::NoMovablePieces
        })
    );
}

#[test]
fn both_sides_without_movable_pieces_draw() {
    let mut g = position(
        opts(),
        &[("E4", Captain), ("A1", Flag)],
        &[("E5", Captain), ("J10", Bomb)],
    );
    play(&mut g, "E4", "E5");
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::BothCannotMove
        })
    );
}

/// Red's Sergeant on A1 is walled in by its own Bombs on A2 and B1; Red's Captain on E4
/// faces a Blue Bomb on E5. Blue's Sergeant on J10 is walled in by Bombs on J9 and I10, and
/// Blue's Captain stands on F8.
fn walled_in(immobility: Immobility, blue_captain: &str) -> Game {
    let o = Options {
        immobility,
        ..opts()
    };
    position(
        o,
        &[
            ("A1", Sergeant),
            ("A2", Bomb),
            ("B1", Bomb),
            ("E4", Captain),
        ],
        &[
            ("J10", Sergeant),
            ("J9", Bomb),
            ("I10", Bomb),
            ("E5", Bomb),
            (blue_captain, Captain),
        ],
    )
}

#[test]
fn no_legal_move_loses_on_turn() {
    let mut g = walled_in(Immobility::OnTurn, "F8");
    play(&mut g, "E4", "E5"); // the Captain dies: Red's only movable piece is walled in
    assert_eq!(
        g.outcome(),
        None,
        "Blue is to move; Red's turn has not come"
    );
    play(&mut g, "F8", "F7");
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Blue),
            reason: EndReason::NoLegalMove
        })
    );
}

#[test]
fn no_legal_move_by_repetition_loses() {
    // Red's only piece shuttles in a corridor A1-A2; the two-square rule bars the 4th trip.
    let o = Options {
        two_square_limit: 3,
        ..opts()
    };
    let mut g = position(
        o,
        &[("A1", Sergeant), ("B1", Bomb), ("B2", Bomb), ("A3", Bomb)],
        &[("J10", Sergeant)],
    );
    for (a, b) in [("A1", "A2"), ("A2", "A1"), ("A1", "A2")] {
        play(&mut g, a, b);
        pass(&mut g);
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Blue),
            reason: EndReason::NoLegalMove
        })
    );
}

#[test]
fn game_starting_with_red_blocked_is_lost_at_once() {
    let g = position(
        opts(),
        &[("A1", Sergeant), ("A2", Bomb), ("B1", Bomb)],
        &[("J10", Sergeant)],
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Blue),
            reason: EndReason::NoLegalMove
        })
    );
}

#[test]
fn immobility_immediate_blocked_side_loses_whoever_is_to_move() {
    let mut g = walled_in(Immobility::Immediate, "F8");
    play(&mut g, "E4", "E5");
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Blue),
            reason: EndReason::NoLegalMove
        }),
        "Red is blocked: it loses at once although Blue is to move"
    );
}

#[test]
fn immobility_immediate_both_blocked_draw() {
    let o = Options {
        immobility: Immobility::Immediate,
        ..opts()
    };
    let mut g = position(
        o,
        &[
            ("A1", Sergeant),
            ("A2", Bomb),
            ("B1", Bomb),
            ("E4", Captain),
        ],
        &[
            ("J10", Sergeant),
            ("J9", Bomb),
            ("I10", Bomb),
            ("E5", Captain),
        ],
    );
    play(&mut g, "E4", "E5"); // the Captains remove each other
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::BothCannotMove
        })
    );
    // On turn instead, Blue (to move) simply loses.
    let mut g = position(
        opts(),
        &[
            ("A1", Sergeant),
            ("A2", Bomb),
            ("B1", Bomb),
            ("E4", Captain),
        ],
        &[
            ("J10", Sergeant),
            ("J9", Bomb),
            ("I10", Bomb),
            ("E5", Captain),
        ],
    );
    play(&mut g, "E4", "E5");
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Red),
            reason: EndReason::NoLegalMove
        })
    );
}

#[test]
fn move_cap_total_plies_draws() {
    let o = Options {
        move_cap: MoveCap {
            total_plies: Some(6),
            plies_without_battle: None,
        },
        ..opts()
    };
    let mut g = with_loopers(o, &[], &[]);
    for i in 0..6 {
        assert_eq!(g.outcome(), None, "after {i} plies");
        pass(&mut g);
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::MoveCap
        })
    );
}

#[test]
fn move_cap_plies_without_battle_draws_and_battles_reset_it() {
    let o = Options {
        move_cap: MoveCap {
            total_plies: None,
            plies_without_battle: Some(4),
        },
        ..opts()
    };
    let mut g = with_loopers(o, &[("E4", General)], &[("E5", Scout)]);
    pass(&mut g);
    pass(&mut g);
    play(&mut g, "E4", "E5");
    assert_eq!(g.plies_without_battle(), 0);
    for _ in 0..3 {
        pass(&mut g);
    }
    assert_eq!(g.outcome(), None);
    pass(&mut g);
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::MoveCap
        })
    );
}

#[test]
fn external_end_resignation_and_ignored_when_over() {
    let mut g = with_loopers(opts(), &[], &[]);
    let resign = Outcome {
        winner: Some(Blue),
        reason: EndReason::Resignation,
    };
    g.end(resign);
    assert_eq!(g.outcome(), Some(resign));
    g.end(Outcome {
        winner: None,
        reason: EndReason::DrawAgreed,
    });
    assert_eq!(g.outcome(), Some(resign), "ignored once over");
    assert_eq!(refused(&g, "A1", "A2"), "the game is over");
    assert!(g.legal_moves().is_empty());
    for v in VIEWERS {
        assert!(g.view(v).legal_moves.is_empty());
    }
}

// ---------------------------------------------------------------------------------------
// Armies and set-ups

#[test]
fn classic_army() {
    let expected = [
        (Marshal, 1),
        (General, 1),
        (Colonel, 2),
        (Major, 3),
        (Captain, 4),
        (Lieutenant, 4),
        (Sergeant, 4),
        (Miner, 5),
        (Scout, 8),
        (Spy, 1),
        (Bomb, 6),
        (Flag, 1),
    ];
    for (r, n) in expected {
        assert_eq!(Variant::Classic.count(r), n, "{r}");
    }
    assert_eq!(Variant::Classic.army_size(), 40);
}

#[test]
fn duel_army() {
    for r in Rank::ALL {
        let n = match r {
            Marshal | General | Spy | Flag => 1,
            Miner | Scout | Bomb => 2,
            _ => 0,
        };
        assert_eq!(Variant::Duel.count(r), n, "{r}");
    }
    assert_eq!(Variant::Duel.army_size(), 10);
}

#[test]
fn barrage_army() {
    for r in Rank::ALL {
        let n = match r {
            Marshal | General | Miner | Spy | Bomb | Flag => 1,
            Scout => 2,
            _ => 0,
        };
        assert_eq!(Variant::Barrage.count(r), n, "{r}");
    }
    assert_eq!(Variant::Barrage.army_size(), 8);
}

#[test]
fn every_variant_starts_from_random_setups() {
    for v in Variant::ALL {
        let rules = Rules::standard(v);
        let g = Game::new(
            rules,
            &Setup::random(&rules, Red, 1),
            &Setup::random(&rules, Blue, 2),
        )
        .unwrap();
        for c in Color::ALL {
            let n = Square::all()
                .filter(|&q| g.piece_at(q).is_some_and(|p| p.color == c))
                .count();
            assert_eq!(n, v.army_size());
        }
    }
}

#[test]
fn setup_rows_red_1_to_4_blue_7_to_10() {
    let rules = Rules::standard(Variant::Barrage);
    let mut red = Setup::random(&rules, Red, 3);
    assert!(red.pieces.keys().all(|q| q.row() < 4));
    let blue = Setup::random(&rules, Blue, 3);
    assert!(blue.pieces.keys().all(|q| q.row() >= 6));
    let (&q, &r) = red.pieces.iter().next().unwrap();
    red.pieces.remove(&q);
    red.pieces.insert(s("A5"), r);
    assert_eq!(
        Game::new(rules, &red, &blue).unwrap_err(),
        (Red, SetupError::OutsideSetupRows(s("A5")))
    );
}

#[test]
fn duel_setup_three_rows_or_four() {
    let three = Rules::standard(Variant::Duel);
    let four = Rules::new(
        Variant::Duel,
        Options {
            duel_setup_rows: 4,
            ..opts()
        },
    );
    let mut blue = Setup::random(&three, Blue, 5);
    let (&q, &r) = blue.pieces.iter().next().unwrap();
    blue.pieces.remove(&q);
    blue.pieces.insert(s("E7"), r);
    assert_eq!(
        blue.validate(&three, Blue),
        Err(SetupError::OutsideSetupRows(s("E7")))
    );
    assert_eq!(blue.validate(&four, Blue), Ok(()));
}

#[test]
fn setup_error_wrong_count() {
    let rules = Rules::standard(Variant::Barrage);
    let mut red = Setup::random(&rules, Red, 9);
    let q = *red.pieces.iter().find(|(_, &r)| r == Scout).unwrap().0;
    red.pieces.insert(q, General);
    let blue = Setup::random(&rules, Blue, 9);
    let err = Game::new(rules, &red, &blue).unwrap_err();
    assert_eq!(err.0, Red);
    assert!(matches!(
        err.1,
        SetupError::WrongCount {
            rank: General,
            expected: 1,
            found: 2
        } | SetupError::WrongCount {
            rank: Scout,
            expected: 2,
            found: 1
        }
    ));
}

#[test]
fn setup_error_on_lake() {
    let rules = Rules::new(
        Variant::Barrage,
        Options {
            duel_setup_rows: 3,
            ..opts()
        },
    );
    let mut blue = Setup::random(&rules, Blue, 4);
    let (&q, &r) = blue.pieces.iter().next().unwrap();
    blue.pieces.remove(&q);
    blue.pieces.insert(s("C6"), r);
    let red = Setup::random(&rules, Red, 4);
    assert_eq!(
        Game::new(rules, &red, &blue).unwrap_err(),
        (Blue, SetupError::OnLake(s("C6")))
    );
}

#[test]
fn setup_error_square_used_twice() {
    assert_eq!(
        Setup::from_pieces(Red, [(s("A1"), Flag), (s("A1"), Bomb)]),
        Err(SetupError::SquareUsedTwice(s("A1")))
    );
}

#[test]
fn setup_error_bad_character_and_wrong_length() {
    let rules = Rules::standard(Variant::Barrage);
    let good = Setup::random(&rules, Red, 1).to_setup_string(&rules, Red);
    assert_eq!(good.len(), 40);
    let mut bad = good.clone();
    bad.replace_range(3..4, "Z");
    assert_eq!(
        Setup::parse(&bad, &rules, Red),
        Err(SetupError::BadCharacter {
            position: 3,
            found: 'Z'
        })
    );
    assert_eq!(
        Setup::parse(&good[1..], &rules, Red),
        Err(SetupError::WrongLength {
            expected: 40,
            found: 39
        })
    );
}

// ---------------------------------------------------------------------------------------
// Illegal moves, views, hidden information

#[test]
fn illegal_move_leaves_game_unchanged() {
    let mut g = with_loopers(
        opts(),
        &[("E4", General), ("E2", Bomb), ("C4", Scout)],
        &[("E5", Scout)],
    );
    let before = snapshot(&g);
    for (a, b) in [
        ("E2", "E3"),
        ("C4", "C6"),
        ("E4", "F5"),
        ("E4", "E6"),
        ("J10", "J9"),
        ("E7", "E6"),
    ] {
        let e = g.play(mv(a, b)).unwrap_err();
        assert_eq!(e.mv, mv(a, b));
        assert!(!e.reason.to_string().is_empty());
        assert_eq!(snapshot(&g), before, "{a} {b}");
    }
}

#[test]
fn enemy_ranks_hidden_until_revealed() {
    let g = with_loopers(opts(), &[("E4", General)], &[("E5", Scout), ("F9", Bomb)]);
    let red = g.view(RED_VIEW);
    assert_eq!(red.piece_at(s("E4")).unwrap().rank, Some(General));
    assert_eq!(red.piece_at(s("E5")).unwrap().rank, None);
    assert_eq!(red.piece_at(s("F9")).unwrap().rank, None);
    let blue = g.view(BLUE_VIEW);
    assert_eq!(blue.piece_at(s("E4")).unwrap().rank, None);
    assert_eq!(blue.piece_at(s("F9")).unwrap().rank, Some(Bomb));
}

#[test]
fn spectators_see_no_hidden_rank_during_play() {
    let mut g = with_loopers(opts(), &[("E4", General)], &[("E6", Scout), ("F9", Bomb)]);
    let spec = g.view(Viewer::Spectator);
    assert!(spec.board.iter().flatten().all(|p| p.rank.is_none()));
    assert!(spec.legal_moves.is_empty());
    play(&mut g, "E4", "E5");
    play(&mut g, "E6", "E5"); // the Scout attacks the General: public battle
    let spec = g.view(Viewer::Spectator);
    assert_eq!(spec.piece_at(s("E5")).unwrap().rank, Some(General));
    assert_eq!(spec.piece_at(s("F9")).unwrap().rank, None);
    assert_eq!(spec.captured.len(), 1);
    assert_eq!(spec.captured[0].rank, Some(Scout));
}

#[test]
fn view_lists_legal_moves_only_for_the_player_to_move() {
    let g = with_loopers(opts(), &[("E4", General)], &[]);
    assert_eq!(g.view(RED_VIEW).legal_moves, g.legal_moves());
    assert!(!g.legal_moves().is_empty());
    assert!(g.view(BLUE_VIEW).legal_moves.is_empty());
    assert!(g.view(Viewer::Spectator).legal_moves.is_empty());
}

#[test]
fn view_counts_remaining_pieces() {
    let rules = Rules::standard(Variant::Barrage);
    let red = setup(
        Red,
        &[
            ("E4", General),
            ("A1", Flag),
            ("B1", Bomb),
            ("C1", Marshal),
            ("D1", Miner),
            ("F1", Scout),
            ("G1", Scout),
            ("H1", Spy),
        ],
    );
    let blue = setup(
        Blue,
        &[
            ("E5", Scout),
            ("A10", Flag),
            ("B10", Bomb),
            ("C10", Marshal),
            ("D10", Miner),
            ("F10", General),
            ("G10", Scout),
            ("H10", Spy),
        ],
    );
    let mut g = Game::from_position(rules, &red, &blue).unwrap();
    play(&mut g, "E4", "E5");
    for v in VIEWERS {
        let view = g.view(v);
        assert_eq!(view.remaining.blue[Scout.index()], 1, "{v:?}");
        assert_eq!(view.remaining.red[General.index()], 1);
        assert_eq!(view.remaining.blue[Marshal.index()], 1);
    }
}

#[test]
fn last_move_and_history_as_the_viewer_knows_them() {
    let mut g = with_loopers(opts(), &[("E4", General)], &[("E6", Major)]);
    play(&mut g, "E4", "E5");
    let lm = g.view(BLUE_VIEW).last_move.unwrap();
    assert_eq!(
        (lm.mover, lm.from, lm.to, lm.battle),
        (Red, s("E4"), s("E5"), None)
    );
    play(&mut g, "E6", "E5");
    let h = g.history(RED_VIEW);
    assert_eq!(h.len(), 2);
    let b = h[1].battle.unwrap();
    assert_eq!(
        (b.attacker, b.defender, b.result),
        (Some(Major), Some(General), BattleResult::DefenderWins)
    );
    assert_eq!(g.view(RED_VIEW).last_move, Some(h[1]));
}

#[test]
fn view_after_game_end_reveals_all() {
    let mut g = with_loopers(
        opts(),
        &[("E4", General), ("C1", Bomb)],
        &[("E9", Major), ("F9", Flag)],
    );
    pass(&mut g);
    for v in [BLUE_VIEW, Viewer::Spectator] {
        assert_eq!(view_rank(&g, v, "C1"), None);
    }
    g.end(Outcome {
        winner: Some(Red),
        reason: EndReason::Time,
    });
    for v in VIEWERS {
        let view = g.view(v);
        for q in Square::all() {
            if let Some(p) = view.piece_at(q) {
                assert_eq!(p.rank, g.piece_at(q).map(|p| p.rank), "{v:?} {q}");
            }
        }
        assert_eq!(view.outcome, g.outcome());
    }
}

// ---------------------------------------------------------------------------------------
// Records

fn short_game() -> Game {
    let rules = Rules::standard(Variant::Barrage);
    let mut g = Game::new(
        rules,
        &Setup::random(&rules, Red, 11),
        &Setup::random(&rules, Blue, 12),
    )
    .unwrap();
    let mut rng = stratego_ssh::rules::SplitMix64(5);
    for _ in 0..30 {
        let legal = g.legal_moves();
        if legal.is_empty() {
            break;
        }
        g.play(legal[rng.below(legal.len())]).unwrap();
    }
    g
}

#[test]
fn record_text_round_trips() {
    let g = short_game();
    let rec = g.record();
    let text = rec.to_text();
    assert!(text.contains("variant: Barrage"));
    assert!(text.contains("\n1. "));
    assert_eq!(GameRecord::from_text(&text).unwrap(), rec);
}

#[test]
fn record_replays_external_outcome() {
    let mut g = short_game();
    if g.outcome().is_none() {
        g.end(Outcome {
            winner: Some(Blue),
            reason: EndReason::Abandonment,
        });
    }
    let back = GameRecord::from_text(&g.record().to_text())
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(back.outcome(), g.outcome());
    for v in VIEWERS {
        assert_eq!(back.view(v), g.view(v));
    }
}

#[test]
fn record_replay_to_gives_earlier_positions() {
    let g = short_game();
    let rec = g.record();
    let start = rec.replay_to(0).unwrap();
    assert_eq!(start.ply(), 0);
    for q in Square::all() {
        let expected = rec.red.pieces.get(&q).map(|&r| Piece::new(Red, r)).or(rec
            .blue
            .pieces
            .get(&q)
            .map(|&r| Piece::new(Blue, r)));
        assert_eq!(start.piece_at(q), expected);
    }
    assert_eq!(rec.replay_to(5).unwrap().ply(), 5);
    assert!(matches!(
        rec.replay_to(rec.moves.len() + 1),
        Err(ReplayError::NoSuchPly { .. })
    ));
}

#[test]
fn record_reports_illegal_move_and_bad_text() {
    let mut rec = short_game().record();
    rec.moves.insert(0, mv("E5", "E6"));
    match rec.replay() {
        Err(ReplayError::IllegalMove { ply: 1, .. }) => {}
        other => panic!("{other:?}"),
    }
    assert!(rec
        .replay()
        .unwrap_err()
        .to_string()
        .starts_with("move 1 (E5 E6) is illegal"));
    let text = short_game().record().to_text().replace("\n2. ", "\n7. ");
    assert!(matches!(
        GameRecord::from_text(&text),
        Err(ReplayError::Parse { .. })
    ));
    let text = short_game()
        .record()
        .to_text()
        .replace("variant: Barrage", "variant: Chess");
    assert!(GameRecord::from_text(&text)
        .unwrap_err()
        .to_string()
        .contains("Chess"));
}

#[test]
fn record_outcome_must_match_the_moves() {
    let mut g = with_loopers(opts(), &[], &[]);
    pass(&mut g);
    let rules = Rules::standard(Variant::Barrage);
    let mut rec = GameRecord {
        version: GameRecord::VERSION,
        rules,
        red: Setup::random(&rules, Red, 1),
        blue: Setup::random(&rules, Blue, 1),
        moves: vec![],
        outcome: None,
    };
    assert!(rec.replay().is_ok());
    rec.version = 99;
    assert_eq!(rec.replay().unwrap_err(), ReplayError::Version(99));
}
