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
    /// Pieces lost in battle, `[side (0 = A, 1 = B)][rank lost][rank that took it]` (both
    /// pieces of a tie count, each taken by the other).
    pub lost: [[[u32; 12]; 12]; 2],
    /// A's material less B's at ply [`MATERIAL_PLY`] (a game over before it counts its
    /// final position), summed over the games, and the number of games.
    pub material: (f64, u32),
    /// Stalling: the longest run of plies without a battle, summed over the games, and
    /// its largest; the plies spent in runs of [`QUIET_RUN`] or more without a battle;
    /// all plies.
    pub quiet: (u64, u32, u64, u64),
    /// Battles of Marshal against Marshal (both removed), `[side that attacked (0 = A, 1 =
    /// B)][A's Spy still on the board (0 = no, 1 = yes)]`: at most one a game.
    pub marshals_traded: [[u32; 2]; 2],
}

/// A run of plies without a battle at least this long counts as stalling in
/// [`BattleStats::quiet`].
pub const QUIET_RUN: u32 = 50;

/// The ply at which [`BattleStats::material`] is taken: the middle game, where the
/// material of a lost game goes.
pub const MATERIAL_PLY: usize = 300;

/// A side's material on the board (Flags left out).
fn material(game: &Game, c: crate::rules::Color) -> f64 {
    crate::rules::Square::all()
        .filter_map(|sq| game.piece_at(sq))
        .filter(|p| p.color == c && p.rank != Rank::Flag)
        .map(|p| value(p.rank))
        .sum()
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
            let lead =
                |game: &Game| material(game, g.a_color) - material(game, g.a_color.opposite());
            let mut at_ply = None;
            let (mut run, mut longest) = (0u32, 0u32);
            let mut stalled = 0u64;
            let end_run = |run: u32, longest: &mut u32, stalled: &mut u64| {
                *longest = (*longest).max(run);
                if run >= QUIET_RUN {
                    *stalled += run as u64;
                }
            };
            for (ply, &m) in record.moves.iter().enumerate() {
                if ply == MATERIAL_PLY {
                    at_ply = Some(lead(&game));
                }
                let known = game.piece_at(m.to).map(|_| knowledge(&game, m));
                let Ok(ev) = game.play(m) else { break };
                if ev.battle.is_some() {
                    end_run(run, &mut longest, &mut stalled);
                    run = 0;
                } else {
                    run += 1;
                }
                if let Some(b) = ev.battle {
                    let att = usize::from(ev.mover != g.a_color);
                    let def = 1 - att;
                    if matches!(
                        b.result,
                        BattleResult::AttackerWins | BattleResult::BothRemoved
                    ) {
                        stats.lost[def][b.defender.index()][b.attacker.index()] += 1;
                    }
                    if matches!(
                        b.result,
                        BattleResult::DefenderWins | BattleResult::BothRemoved
                    ) {
                        stats.lost[att][b.attacker.index()][b.defender.index()] += 1;
                    }
                    if b.result == BattleResult::BothRemoved && b.attacker == Rank::Marshal {
                        let a_spy = !game.captured(g.a_color).contains(&Rank::Spy);
                        stats.marshals_traded[att][usize::from(a_spy)] += 1;
                    }
                }
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
            stats.material.0 += at_ply.unwrap_or_else(|| lead(&game));
            stats.material.1 += 1;
            end_run(run, &mut longest, &mut stalled);
            stats.quiet.0 += longest as u64;
            stats.quiet.1 = stats.quiet.1.max(longest);
            stats.quiet.2 += stalled;
            stats.quiet.3 += record.moves.len() as u64;
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
        let lost = |side: usize, r: Rank, by: Rank| self.lost[side][r.index()][by.index()];
        write!(
            f,
            "\n  a's Marshal taken by b's Spy {}, b's Marshal by a's Spy {}; a's General taken by b's Marshal {}, b's General by a's Marshal {}\n  Marshals traded: a attacking {} ({} of them with a's Spy alive), b attacking {} ({})",
            lost(0, Rank::Marshal, Rank::Spy),
            lost(1, Rank::Marshal, Rank::Spy),
            lost(0, Rank::General, Rank::Marshal),
            lost(1, Rank::General, Rank::Marshal),
            self.marshals_traded[0].iter().sum::<u32>(),
            self.marshals_traded[0][1],
            self.marshals_traded[1].iter().sum::<u32>(),
            self.marshals_traded[1][1],
        )?;
        if self.material.1 > 0 {
            write!(
                f,
                "\n  a's material less b's at ply {MATERIAL_PLY}: {:+.1} (mean of {} games; a game over before it counts its end)",
                self.material.0 / self.material.1 as f64,
                self.material.1
            )?;
            write!(
                f,
                "\n  stalling: longest run without a battle {:.0} plies (mean; most {}), {:.1}% of all plies in runs of {QUIET_RUN}+ without a battle",
                self.quiet.0 as f64 / self.material.1 as f64,
                self.quiet.1,
                100.0 * self.quiet.2 as f64 / self.quiet.3.max(1) as f64,
            )?;
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
                games: 12,
                threads: 1,
                max_plies: 1500,
                seed: 5,
                ..ArenaConfig::default()
            },
            |_, _| {},
        );
        let mut trades_seen = 0;
        for (_, g) in &result.played {
            let stats = BattleStats::of([g]);
            let record = g.record.as_ref().expect("a record");
            let mut game = record.replay_to(0).expect("replays");
            let mut battles = 0;
            let mut deaths = 0u32;
            let (mut marshals_traded, mut with_spy) = (0, 0);
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
                let a_spy = Square::all().any(|sq| {
                    game.piece_at(sq)
                        .is_some_and(|p| p.color == g.a_color && p.rank == Rank::Spy)
                });
                if let Some(b) = game.play(m).unwrap().battle {
                    let trade =
                        b.result == BattleResult::BothRemoved && b.defender == Rank::Marshal;
                    marshals_traded += u32::from(trade);
                    with_spy += u32::from(trade && a_spy);
                    deaths += if b.result == BattleResult::BothRemoved {
                        2
                    } else {
                        1
                    };
                }
            }
            // Every piece lost in battle is counted once, by what took it.
            let lost_count: u32 = stats.lost.iter().flatten().flatten().sum();
            assert_eq!(lost_count, deaths);
            assert_eq!(stats.material.1, 1);
            let traded = stats.marshals_traded.iter().flatten();
            assert_eq!(traded.sum::<u32>(), marshals_traded);
            let spy_alive = stats.marshals_traded[0][1] + stats.marshals_traded[1][1];
            assert_eq!(spy_alive, with_spy);
            trades_seen += marshals_traded;
            assert_eq!(
                stats.lost[0][Rank::Marshal.index()][Rank::Marshal.index()],
                marshals_traded
            );
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
            if record.moves.len() <= MATERIAL_PLY {
                // Both sides start with the same material: at the end it is what each lost.
                let at_end = lost(a.opposite()) - lost(a);
                assert!((stats.material.0 - at_end).abs() < 1e-6, "{stats}");
            }
            if let Some((false, false)) = first {
                let unknown_both: u32 = (0..2).map(|s| stats.kinds[s][0][0].battles).sum();
                assert!(unknown_both >= 1, "{stats}");
            }
        }
        // The games are long enough for the Marshals to meet (twice on this seed).
        assert!(trades_seen > 0);
    }
}
