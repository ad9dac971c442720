//! Where an arena's material went: every battle of the recorded games, by which side
//! attacked and whether each side knew the other's piece before it, with the material it
//! won or lost for side A (the bots' [`value`]s; a captured Flag is left out, it ends the
//! game). For diagnosis of a bot against another program: e.g. "b's known pieces take a's
//! unknown ones and win 11 points each" says what to mend.

use std::fmt;

use crate::rules::{BattleResult, Game, Move, Rank, Viewer};

use super::arena::ArenaGame;
use super::value;

/// One kind of battle: count and A's net material.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    pub battles: u32,
    pub net_for_a: f64,
}

/// Battles of a set of games, indexed `[attacker (0 = A, 1 = B)][attacker's piece known to
/// the defender][defender's piece known to the attacker]`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BattleStats {
    pub kinds: [[[Tally; 2]; 2]; 2],
}

/// What each side knew before `m`, an attack, is played: (the attacker's rank known to
/// the defender's side, the defender's rank known to the attacker's side).
pub fn knowledge(game: &Game, m: Move) -> (bool, bool) {
    let mover = game.to_move();
    (
        game.knows_rank_at(Viewer::Player(mover.opposite()), m.from),
        game.knows_rank_at(Viewer::Player(mover), m.to),
    )
}

impl BattleStats {
    /// Counts the battles of every game that has a record.
    pub fn of<'a>(games: impl IntoIterator<Item = &'a ArenaGame>) -> BattleStats {
        let mut stats = BattleStats::default();
        for g in games {
            let Some(record) = &g.record else { continue };
            let Ok(mut game) = record.replay_to(0) else {
                continue;
            };
            for &m in &record.moves {
                let known = game.piece_at(m.to).map(|_| knowledge(&game, m));
                let Ok(ev) = game.play(m) else { break };
                let (Some(b), Some((att_known, def_known))) = (ev.battle, known) else {
                    continue;
                };
                if b.defender == Rank::Flag {
                    continue;
                }
                let gain = match b.result {
                    BattleResult::AttackerWins => value(b.defender),
                    BattleResult::DefenderWins => -value(b.attacker),
                    BattleResult::BothRemoved => value(b.defender) - value(b.attacker),
                };
                let a_attacks = ev.mover == g.a_color;
                let t = &mut stats.kinds[usize::from(!a_attacks)][usize::from(att_known)]
                    [usize::from(def_known)];
                t.battles += 1;
                t.net_for_a += if a_attacks { gain } else { -gain };
            }
        }
        stats
    }
}

impl fmt::Display for BattleStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "battles (who attacked, whether the other side knew each piece before it; a's net material):"
        )?;
        let known = |k: usize| if k == 1 { "known" } else { "unknown" };
        let mut first = true;
        for (att, name) in [(0, ("a", "b")), (1, ("b", "a"))] {
            for ak in [1, 0] {
                for dk in [1, 0] {
                    let t = self.kinds[att][ak][dk];
                    if !first {
                        writeln!(f)?;
                    }
                    first = false;
                    let each = if t.battles == 0 {
                        0.0
                    } else {
                        t.net_for_a / t.battles as f64
                    };
                    write!(
                        f,
                        "  {} {} x {} {}: {} battles, a net {:+.0} ({:+.1} each)",
                        name.0,
                        known(ak),
                        name.1,
                        known(dk),
                        t.battles,
                        t.net_for_a,
                        each
                    )?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::arena::{run_arena, ArenaConfig, Side};
    use crate::bot::BotLevel;
    use crate::rules::{Color, Square};

    /// Over real games (random bots, Classic): every battle is counted once, and a's net
    /// material over all kinds is what b lost minus what a lost, read from the final
    /// position against the set-ups (Flags left out). The first battle of a game where no
    /// Scout has moved more than one square is between two unknown pieces.
    #[test]
    fn every_battle_counted_once_and_material_adds_up() {
        let result = run_arena(
            ArenaConfig {
                a: Side::Level(BotLevel::Random),
                b: Side::Level(BotLevel::Random),
                games: 4,
                threads: 1,
                max_plies: 400,
                seed: 5,
                ..ArenaConfig::default()
            },
            |_, _| {},
        );
        for (_, g) in &result.played {
            let stats = BattleStats::of([g]);
            let record = g.record.as_ref().expect("a record");
            let mut game = record.replay_to(0).expect("replays");
            let mut battles = 0;
            let mut first: Option<(bool, bool)> = None;
            let mut long_scout = false;
            for &m in &record.moves {
                let attack = game.piece_at(m.to).is_some();
                if attack && first.is_none() {
                    first = Some((long_scout, game.piece_at(m.to).unwrap().rank == Rank::Flag));
                }
                let dist = m.from.file().abs_diff(m.to.file()) + m.from.row().abs_diff(m.to.row());
                long_scout |= dist > 1;
                battles += u32::from(attack && game.piece_at(m.to).unwrap().rank != Rank::Flag);
                game.play(m).unwrap();
            }
            let kinds = stats.kinds.iter().flatten().flatten();
            assert_eq!(kinds.clone().map(|t| t.battles).sum::<u32>(), battles);
            let lost = |c: Color| -> f64 {
                let setup = if c == Color::Red {
                    &record.red
                } else {
                    &record.blue
                };
                let mut v: f64 = setup
                    .pieces
                    .values()
                    .filter(|r| **r != Rank::Flag)
                    .map(|&r| value(r))
                    .sum();
                for sq in Square::all() {
                    if let Some(p) = game.piece_at(sq) {
                        if p.color == c && p.rank != Rank::Flag {
                            v -= value(p.rank);
                        }
                    }
                }
                v
            };
            let a = g.a_color;
            let net: f64 = kinds.map(|t| t.net_for_a).sum();
            assert!((net - (lost(a.opposite()) - lost(a))).abs() < 1e-6, "{net}");
            if let Some((false, false)) = first {
                let unknown_both: u32 = (0..2).map(|s| stats.kinds[s][0][0].battles).sum();
                assert!(unknown_both >= 1, "{stats}");
            }
        }
    }
}
