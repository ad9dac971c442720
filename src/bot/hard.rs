//! The hard bot: belief, determinization and search.
//!
//! **A move.** From its view the bot builds a [`Belief`] over every unknown enemy piece (the
//! pool of ranks left, moved pieces never Bombs or Flags, positional priors for the Flag and
//! Bombs, and evidence from how each piece moved: approaches and flights, raiders deep in our
//! half). It then samples full positions consistent with the view and searches each with
//! alpha-beta (negamax) to 3 plies (a ply fewer, down to 2, when one sample would take more
//! than a sixth of the budget), its moves ordered to cut off sooner ([`order_moves`]: winning
//! attacks, a killer move and a history of cut-offs). Every root move gets its exact value in
//! each sample; the move with the best average over the samples is played. It stops early
//! once, after 8 samples, one move is ahead of the next by 4 standard errors (and by 25), or
//! after 400 samples.
//!
//! **Unknown pieces.** Below the root the bot never attacks an enemy piece it does not know
//! (the samples would show it its rank), except a moved one that one of its hunters beats
//! whatever it is, and intruders within two steps of its Flag; root attacks are valued as the
//! average over the samples plus a risk cost for strong pieces ([`BLIND_ATTACK`]); Captains
//! and above never attack an unmoved unknown piece while they have another move. The opponent
//! is searched as if it knew everything: it probes with its low ranks, takes our moved unknown
//! pieces with any rank and our Flag with any piece next to it. A won game is worth [`WIN`].
//!
//! **The evaluation** ([`Terms`], printed term by term by `hard_probe` in `src/ucc/probe.rs`):
//! - material, by [`dyn_value`] (Miners worth more while the other side has Bombs, the last
//!   two most), less a share for pieces the opponent knows; raiders (Scouts to Lieutenants)
//!   drawn toward a known enemy Flag; Bombs beside their Flag; unmoved Sergeants and above
//!   within two steps of our Flag ([`DECOY`]);
//! - the defence of our Flag: enemy pieces within eight steps ([`flag_threat`]) and a race for
//!   each intruder and each side of the Flag ([`flag_race`]: its path, a Miner digging through
//!   our Bombs, against our nearest defender's path to that side, on path lengths computed once
//!   a move, [`FlagMaps`]; a Bomb side with no free square beside it is guarded at the Bombs
//!   a Miner digs before it, [`HardConfig::wall_doors`]), with a cost for each step the
//!   defender is away;
//! - hunters ([`hunting`]): pieces that beat every rank the other side's unseen moved pieces
//!   may be, worth [`HUNTER`] in proportion to their prey (full from [`HUNTER_PREY`]), for
//!   either side (with [`HardConfig::lost_prey`], off, the prey also counts those taken in
//!   the search); [`hunt`]: closing in on known pieces each side beats;
//! - the Spy and the Marshal ([`spy_terms`]): our Spy kept beside our General while the enemy
//!   Marshal lives, our known Marshal charged beside unmoved unknown pieces while the enemy
//!   Spy lives;
//! - [`one_move`]: at the leaf the side to move makes a capture or saves its most valuable
//!   threatened piece, then loses the most valuable piece still hanging (a one-ply quiescence);
//! - [`trade`]: a lead in movable material worth [`TRADE`] times its share of the movable
//!   material left, so the side ahead trades even pieces;
//! - at the root, our Marshal kept off the known enemy Marshal while our Spy lives
//!   ([`HardConfig::spy_wait`], on by default): attacking it costs [`MARSHAL_KEPT`], so the
//!   Spy may take it for nothing.
//! - three switches, off by default ([`HardConfig::dominance`], [`HardConfig::spy_kept`],
//!   [`HardConfig::relative`]; the arena turns them on by name, [`HardConfig::switch`]):
//!   [`dominant`] pieces (nothing the other side has left takes or trades them) worth
//!   [`DOMINANT`] each, the cost of a lost Spy kept after the enemy Marshal is gone, and
//!   officers valued by the rank they hold against the other side's top pieces left
//!   ([`relative_value`]); and [`HardConfig::marshal_kept`], a root cost
//!   ([`MARSHAL_KEPT`]) on our Marshal attacking the enemy Marshal once our Spy is gone;
//!   and [`HardConfig::spy_guard`], a root cost ([`SPY_GUARD`]) for each enemy piece that
//!   may take our Spy left next to it, a move in which the Spy attacks anything but a known
//!   Marshal counting as leaving it there ([`spy_exposed`]); [`HardConfig::trapped`], a
//!   cost for known pieces (and the Spy) walled in within reach of a piece that takes them
//!   ([`trapped`]); [`HardConfig::hunter`], the hunters' weight; and seven for the Flag's
//!   defence: [`HardConfig::intercept`] (the race along the intruder's way,
//!   [`flag_race_paths`]), [`HardConfig::home_guard`] (the home guard's weight),
//!   [`HardConfig::home_path`] (the home guard's steps counted around Bombs and lakes),
//!   [`HardConfig::wary`] (an unknown intruder counted as the opponent's strongest rank),
//!   [`HardConfig::one_each`] (each intruder, or each within a reach, needs a defender of
//!   its own), [`HardConfig::miner_guess`] (an unknown intruder raced as a Miner too, at a
//!   weight) and [`HardConfig::crowd`] (our own pieces in a defender's way cost it a move
//!   more); [`HardConfig::trade_hunt`], the [`hunt`] for a known enemy piece that
//!   nothing of ours beats, with a piece that trades it, while we are ahead (or always,
//!   [`HardConfig::trade_behind`]).
//!
//! **An endless chase.** Under rules with no two-square rule (the UCC 2012 programs') a piece
//! of ours can flee back and forth from one that follows it for the whole game. With
//! [`HardConfig::unloop`] (on by default) the bot counts the positions its moves made (a hash
//! of the board as it sees it, [`position_after`]); a root move making one again costs
//! [`UNLOOP`] for each time past the first, so a chase is given up for the best other move
//! (often a stronger piece coming up) within a few dozen plies. [`HardConfig::flee`] (off)
//! spares a flight from a known chaser that nothing of ours takes ([`unbeatable_chaser`]).
//!
//! **A stalled game.** The bot counts the plies since the view last showed progress (a piece
//! captured, an enemy rank newly known). With [`HardConfig::press`] (off by default: it
//! did not move the measured figures) from [`STALL`] calm plies it presses, fully
//! [`STALL_RAMP`] plies later ([`press`]): a [`Plan`] aims at the likeliest enemy Flag
//! squares (by the belief's Flag probabilities: unmoved back-row pieces walled in by
//! unmoved pieces), drawing our nearest Miner and an escort toward them at the leaves, and
//! a low piece's attack on an unmoved unknown piece gets a bonus ([`PROBE`]) instead of its
//! blind cost. [`HardConfig::siege`] (off) presses so with the calm counted from the last
//! enemy loss or enemy attack instead, so its own probes do not reset it, and aims at one
//! square kept until it is found out. Against a person in the lobby it takes a draw when not ahead by
//! [`DRAW_LEAD`] in movable material or after [`DRAW_CALM`] calm plies, offers one after as
//! many calm plies when not ahead, and resigns when the opponent may have five times its
//! movable material.
//!
//! **Time control**: a wall-clock budget per move ([`HardConfig::time`], default 1 s) and a
//! node budget ([`HardConfig::nodes`], default [`NODE_BUDGET`], 60,000 nodes: about 65 ms on
//! an idle core of the development machine); the first reached ends the search (the sample
//! being searched is dropped). With the node budget the bot plays the same game whatever
//! else runs. Set-ups come from [`setups`]. Why each term is there and what was tried and
//! dropped: `docs/bots.md`.

use std::time::{Duration, Instant};

use crate::rules::{BattleResult, Color, Move, PlayerView, Rank, Rules, Setup, SplitMix64, Square};

use super::belief::{depth_of, Belief};
use super::sim::{
    self, is_moved, is_piece, is_revealed, neighbours, rank_of, SMove, Sim, EMPTY, LAKE,
};
use super::{setups, unit, value, Bot};

/// The hard bot's budget and depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HardConfig {
    /// Wall-clock budget per move.
    pub time: Duration,
    /// Node budget per move (deterministic); `None`: time only.
    pub nodes: Option<u64>,
    /// Search depth in plies (at least 1; the arena's `depth=N`, at most [`MAX_DEPTH`]).
    /// 3 by default; what deeper searches scored is in `docs/bots.md` (stop 62).
    pub depth: u8,
    /// Whether to press once the game has stalled ([`Plan`], [`PROBE`]). Off by default:
    /// measured, it did not move the score or the game length (`docs/bots.md`, stop 32).
    pub press: bool,
    /// Whether the evaluation counts dominant pieces ([`dominant`], [`DOMINANT`]). Off by
    /// default: measured, it did not move the score (`docs/bots.md`, stop 33).
    pub dominance: bool,
    /// Whether losing our Spy is charged for good ([`spy_terms`]) rather than only while
    /// the enemy Marshal lives (which made trading Marshals a gain of 30 once our Spy was
    /// gone). Off by default (`docs/bots.md`, stop 33).
    pub spy_kept: bool,
    /// The weight of a dominant piece when [`HardConfig::dominance`] is on.
    pub dominant: f64,
    /// Whether Sergeants to Generals are valued by the rank they hold against what the
    /// other side has left ([`relative_value`]): with its Marshal gone our General counts as
    /// a Marshal, our Colonel as a General. Off by default (`docs/bots.md`, stop 34).
    pub relative: bool,
    /// Whether our Marshal keeps off the enemy Marshal once our Spy is gone: attacking it
    /// then costs [`MARSHAL_KEPT`] at the root. Off by default (`docs/bots.md`, stop 34).
    pub marshal_kept: bool,
    /// Whether a root move that makes a position the bot has made before costs
    /// [`UNLOOP`] for each time past the first ([`HardBot::repeats`]): an endless chase
    /// (a piece of ours fleeing back and forth from a piece that follows it) is then given
    /// up for the best other move before the move cap. On by default; `no_unloop` turns
    /// it off (`docs/bots.md`, stop 35: the draws at the move cap against asmodeus were
    /// such chases).
    pub unloop: bool,
    /// Whether the bot presses in a stalled game as [`HardConfig::press`] does, the calm
    /// counted from the last enemy piece taken or enemy attack (not reset by our own
    /// probes), aimed at one target square kept until it is found out ([`Plan`]). Off by
    /// default: it lost games our Flag fell in, to celsius and under Classic to the easy
    /// bot (`docs/bots.md`, stop 36).
    pub siege: bool,
    /// How much more likely an unknown enemy piece that steps next to one of our pieces
    /// it knows is to be a rank that beats it ([`HardBot::observe`]), as a likelihood
    /// ratio on those ranks: [`APPROACH`] by default; `approach=W` in the arena.
    pub approach: f64,
    /// Whether a root move that leaves our Spy next to an enemy piece that may take it
    /// costs [`SPY_GUARD`] for each such piece ([`spy_exposed`]; the Spy attacking anything
    /// but a known Marshal counts as staying). Off by default (`docs/bots.md`, stop 37:
    /// against peternlewis almost every Spy lost was taken the move after the taker stepped
    /// next to it, with a free square beside the Spy; stop 56: measured, it did not keep
    /// the Spy clearly more often).
    pub spy_guard: bool,
    /// What each hunter is worth ([`hunting`]): [`HUNTER`] by default; `hunter=W` in the
    /// arena.
    pub hunter: f64,
    /// Whether a known piece (or the Spy) with no empty square beside it, with an enemy
    /// piece that beats it within [`TRAP_REACH`] steps, costs [`TRAPPED`] of its value
    /// ([`trapped`]), for either side. Off by default.
    pub trapped: bool,
    /// Whether [`HardConfig::unloop`] spares a flight from a known enemy piece next to the
    /// fleeing one that beats it and that nothing of ours beats ([`unbeatable_chaser`]):
    /// giving up such a chase loses the piece for nothing. Off by default.
    pub flee: bool,
    /// Whether the race to our Flag follows each intruder along its shortest paths and
    /// counts it stopped where one of our pieces can stand next to it as it passes
    /// ([`flag_race_paths`]), not only at the Flag's sides. Off by default.
    pub intercept: bool,
    /// The cost a step of our nearest home guard beyond two steps from our Flag while
    /// the opponent has Miners ([`flag_threat`]): [`HOME_GUARD`] by default;
    /// `home_guard=W` in the arena.
    pub home_guard: f64,
    /// Whether the home guard's steps are its moves to stand next to a side of our Flag
    /// (the path lengths of the race, around our Bombs and the lakes) rather than steps to
    /// the Flag as the crow flies: a Flag walled in by Bombs with one free square beside
    /// them is guarded from that square only. Off by default.
    pub home_path: bool,
    /// Whether the race to our Flag counts an enemy piece we do not know as the strongest
    /// movable rank the opponent has left, when it asks which of our pieces stop it
    /// ([`flag_race`]), not as the rank the sample gives it: a sample that makes it weak
    /// makes a weak guard at the door look enough. At a Bomb door too, though whatever
    /// digs one is a Miner: sparing those measured worse under Classic (docs/bots.md,
    /// stop 61). Off by default.
    pub wary: bool,
    /// Whether each intruder in the race to our Flag needs a defender of its own
    /// ([`flag_race`]): the nearest intruder first takes its defender, and the next
    /// counts only the others (one guard at the door held off two intruders, one of them
    /// traded it off and the other walked in): the intruders up to this many moves from a
    /// door (0, the default, none; `one_each` in the arena every intruder the race counts,
    /// `one_each=N` those within N moves). The farther ones count as without it.
    pub one_each: u8,
    /// Whether our Marshal keeps off the known enemy Marshal while our Spy lives: attacking
    /// it then costs [`MARSHAL_KEPT`] at the root, so that the Spy may take it for nothing.
    /// On by default (`no_spy_wait` in the arena turns it off); why, and what it scored:
    /// `docs/bots.md` (stops 64-65).
    pub spy_wait: bool,
    /// The weight of the trade hunt ([`hunt`]): the side ahead in movable material closes
    /// in on a known enemy piece that nothing of its own beats with a piece that trades it
    /// (our General on their known General once the Marshals are gone, before it takes
    /// what is left within its reach). 0, the default, off; `trade_hunt` in the arena is 1,
    /// the weight of the hunt for pieces we beat, `trade_hunt=W` any other.
    pub trade_hunt: f64,
    /// Whether the trade hunt ([`HardConfig::trade_hunt`]) goes on while behind too: a
    /// known enemy Marshal our Spy no longer threatens takes piece after piece, which
    /// costs more than the trade. Off by default (`trade_behind` in the arena).
    pub trade_behind: bool,
    /// Whether a Bomb side of our Flag with no free square beside it (Bombs, lakes and the
    /// board's edge all round) is guarded at the Bombs a Miner must dig before it, as far
    /// out as it takes to find a square a guard can stand on ([`FlagMaps`]): without it
    /// the race to our Flag counts such a side lost whatever we do once a Miner is within
    /// reach, and nothing in the evaluation draws a defender. On by default
    /// (`no_wall_doors` in the arena turns it off); what it scored: `docs/bots.md`, stop 68.
    pub wall_doors: bool,
    /// The weight of the race to our Flag ([`flag_race`]) run once more for each enemy
    /// piece we do not know as a Miner, when the sample gives it another rank and the
    /// opponent has Miners left: a piece that walks up to our Bomb wall is raced as the
    /// digger it may be, not only in the samples that make it one, so that a guard beside
    /// it takes it or stands in its way. 0, the default, off; `miner_guess` in the arena
    /// is [`MINER_GUESS`], `miner_guess=W` any other.
    pub miner_guess: f64,
    /// Whether our defenders' moves to the sides of our Flag ([`FlagMaps`], for the race
    /// to our Flag) count a square one of our own pieces stands on as two moves, not one:
    /// the piece must step aside first, and a defender behind a crowd of our own pieces
    /// is farther than the board's empty squares say. Off by default (`crowd` in the arena).
    pub crowd: bool,
    /// Whether the hunters' prey ([`hunting`]) still counts the moved pieces the other
    /// side had not seen that were taken in the search: counted only on the board, losing
    /// one makes the opponent's hunters worth less, so the search pays for giving such a
    /// piece away (and for taking one of the opponent's). A piece shown in battle and
    /// living still leaves the prey. Off by default (`lost_prey` in the arena).
    pub lost_prey: bool,
}

/// The weight of [`HardConfig::miner_guess`] when the arena names it without one.
const MINER_GUESS: f64 = 0.5;

/// The switches [`HardConfig::switch`] knows, for the arena's `--a hard+NAME+NAME`.
pub const SWITCHES: &str =
    "press, dominance, dominance=W, spy_kept, relative, marshal_kept, unloop, \
     no_unloop, siege, no_siege, approach=W, spy_guard, hunter=W, trapped, flee, intercept, \
     home_guard=W, home_path, wary, one_each, one_each=N, depth=N, spy_wait, no_spy_wait, \
     trade_hunt, trade_hunt=W, trade_behind, wall_doors, no_wall_doors, miner_guess, \
     miner_guess=W, crowd, lost_prey";

/// The deepest search the arena's `depth=N` asks for.
pub const MAX_DEPTH: u8 = 6;

/// The likelihood ratio of an approach ([`HardConfig::approach`]): the ranks that beat the
/// piece an unknown enemy piece walked up to weigh this many times more.
const APPROACH: f64 = 5.0;

/// Evaluation switches of [`HardConfig`] as the search uses them.
#[derive(Clone, Copy, Debug)]
struct Extra {
    /// The weight of [`dominant`] (0: off).
    dom: f64,
    /// [`HardConfig::spy_kept`].
    spy_kept: bool,
    /// [`HardConfig::relative`].
    relative: bool,
    /// [`HardConfig::hunter`].
    hunter: f64,
    /// [`HardConfig::trapped`].
    trapped: bool,
    /// [`HardConfig::intercept`].
    intercept: bool,
    /// [`HardConfig::home_guard`].
    home_guard: f64,
    /// [`HardConfig::home_path`].
    home_path: bool,
    /// [`HardConfig::wary`].
    wary: bool,
    /// [`HardConfig::one_each`].
    one_each: u8,
    /// [`HardConfig::trade_hunt`].
    trade_hunt: f64,
    /// [`HardConfig::trade_behind`].
    trade_behind: bool,
    /// [`HardConfig::wall_doors`].
    wall_doors: bool,
    /// [`HardConfig::miner_guess`].
    miner_guess: f64,
    /// [`HardConfig::crowd`].
    crowd: bool,
    /// [`HardConfig::lost_prey`].
    lost_prey: bool,
}

impl Default for Extra {
    /// The default play's.
    fn default() -> Extra {
        Extra::of(&HardConfig::default())
    }
}

impl Extra {
    fn of(cfg: &HardConfig) -> Extra {
        Extra {
            dom: if cfg.dominance { cfg.dominant } else { 0.0 },
            spy_kept: cfg.spy_kept,
            relative: cfg.relative,
            hunter: cfg.hunter,
            trapped: cfg.trapped,
            intercept: cfg.intercept,
            home_guard: cfg.home_guard,
            home_path: cfg.home_path,
            wary: cfg.wary,
            one_each: cfg.one_each,
            trade_hunt: cfg.trade_hunt,
            trade_behind: cfg.trade_behind,
            wall_doors: cfg.wall_doors,
            miner_guess: cfg.miner_guess,
            crowd: cfg.crowd,
            lost_prey: cfg.lost_prey,
        }
    }
}

/// The hard bot's node budget per move within its time: it stops at whichever comes
/// first, so with 1 s a move it plays in about 65 ms on an idle core. Against peternlewis
/// 60,000 nodes scored 84.0% on 240 games where 20,000 scored 77.3% on the same games;
/// 100,000 gained nothing more, and the whole second scored less each time it was measured
/// (`docs/bots.md`).
pub const NODE_BUDGET: u64 = 60_000;

impl Default for HardConfig {
    fn default() -> Self {
        HardConfig {
            time: Duration::from_secs(1),
            nodes: Some(NODE_BUDGET),
            depth: 3,
            press: false,
            dominance: false,
            spy_kept: false,
            dominant: DOMINANT,
            relative: false,
            marshal_kept: false,
            unloop: true,
            siege: false,
            approach: APPROACH,
            spy_guard: false,
            hunter: HUNTER,
            trapped: false,
            flee: false,
            intercept: false,
            home_guard: HOME_GUARD,
            home_path: false,
            wary: false,
            one_each: 0,
            spy_wait: true,
            trade_hunt: 0.0,
            trade_behind: false,
            wall_doors: true,
            miner_guess: 0.0,
            crowd: false,
            lost_prey: false,
        }
    }
}

impl HardConfig {
    /// The budget of a command line's `--time` and `--nodes`: no `nodes`, the clock and
    /// [`NODE_BUDGET`]; `Some(0)`, the clock only; `Some(n)`, `n` nodes and no clock.
    pub fn budget(time: Duration, nodes: Option<u64>) -> HardConfig {
        match nodes {
            None => HardConfig {
                time,
                ..HardConfig::default()
            },
            Some(0) => HardConfig {
                time,
                nodes: None,
                ..HardConfig::default()
            },
            Some(n) => HardConfig::with_nodes(n),
        }
    }

    /// Turns on one evaluation switch by name (one of [`SWITCHES`]; `dominance=W` with a
    /// dominant piece's weight), for measuring a switch in the arena.
    pub fn switch(&mut self, name: &str) -> Result<(), String> {
        match name {
            "press" => self.press = true,
            "dominance" => self.dominance = true,
            "spy_kept" => self.spy_kept = true,
            "relative" => self.relative = true,
            "marshal_kept" => self.marshal_kept = true,
            "unloop" => self.unloop = true,
            "no_unloop" => self.unloop = false,
            "siege" => self.siege = true,
            "no_siege" => self.siege = false,
            "spy_guard" => self.spy_guard = true,
            "trapped" => self.trapped = true,
            "flee" => self.flee = true,
            "intercept" => self.intercept = true,
            "home_path" => self.home_path = true,
            "wary" => self.wary = true,
            "one_each" => self.one_each = RACE_REACH,
            "spy_wait" => self.spy_wait = true,
            "no_spy_wait" => self.spy_wait = false,
            "trade_hunt" => self.trade_hunt = 1.0,
            "trade_behind" => self.trade_behind = true,
            "wall_doors" => self.wall_doors = true,
            "no_wall_doors" => self.wall_doors = false,
            "miner_guess" => self.miner_guess = MINER_GUESS,
            "crowd" => self.crowd = true,
            "lost_prey" => self.lost_prey = true,
            _ => {
                let weight = |prefix: &str| {
                    name.strip_prefix(prefix)
                        .map(str::parse::<f64>)
                        .and_then(Result::ok)
                        .filter(|w| w.is_finite() && *w >= 0.0)
                };
                if let Some(w) = weight("dominance=") {
                    self.dominance = true;
                    self.dominant = w;
                } else if let Some(w) = weight("approach=").filter(|w| *w >= 1.0) {
                    self.approach = w;
                } else if let Some(w) = weight("hunter=") {
                    self.hunter = w;
                } else if let Some(w) = weight("home_guard=") {
                    self.home_guard = w;
                } else if let Some(d) = weight("depth=").filter(|d| d.fract() == 0.0) {
                    self.depth = d.clamp(1.0, MAX_DEPTH as f64) as u8;
                } else if let Some(n) = weight("one_each=").filter(|n| n.fract() == 0.0) {
                    self.one_each = n.min(RACE_REACH as f64) as u8;
                } else if let Some(w) = weight("trade_hunt=") {
                    self.trade_hunt = w;
                } else if let Some(w) = weight("miner_guess=") {
                    self.miner_guess = w;
                } else {
                    return Err(format!("unknown switch '{name}': {SWITCHES}"));
                }
            }
        }
        Ok(())
    }

    /// A deterministic budget: `nodes` per move, no clock (an hour of wall time).
    pub fn with_nodes(nodes: u64) -> HardConfig {
        HardConfig {
            time: Duration::from_secs(3600),
            nodes: Some(nodes),
            ..HardConfig::default()
        }
    }
}

#[derive(Clone)]
pub struct HardBot {
    rng: SplitMix64,
    cfg: HardConfig,
    /// Own pieces the opponent knows, by square.
    revealed: [bool; 100],
    /// Our last move, applied to `revealed` at the next turn.
    pending: Option<(Move, bool)>,
    last: Option<Move>,
    /// Behavioural evidence on enemy pieces, by square: rank weights.
    hints: Vec<Option<[f64; 12]>>,
    /// Progress as the view shows it (pieces captured, enemy pieces known) and the ply it
    /// last changed at: the game has stalled when it stays the same ([`press`]).
    progress: (usize, usize),
    calm_since: u32,
    /// The ply of our last draw offer.
    offered: Option<u32>,
    /// With [`HardConfig::siege`]: the ply of the last enemy loss or enemy attack, the
    /// enemy's pieces left then, and the square the press aims at.
    siege_since: u32,
    enemy_left: u32,
    target: Option<usize>,
    /// With [`HardConfig::unloop`]: how many times each position (a hash of the board as
    /// the bot sees it) came about by one of our moves.
    made: std::collections::HashMap<u64, u32>,
    /// Statistics of the last move: samples searched, nodes.
    pub stats: (u32, u64),
    /// The root moves of the last search with their final scores (for diagnosis).
    pub scores: Vec<(Move, f64)>,
}

/// The value of a won game, on the scale of the material values: about what a strong
/// lead is worth. Far larger, and a small chance that an unknown piece is the Flag would
/// outweigh any risk, so the bot would throw its Marshal at every unmoved piece.
const WIN: f64 = 1_000.0;

/// Extra cost at the root of attacking an unknown piece with a strong piece, as a share of
/// its value (the average over a few samples is noisy; a blind loss of a strong piece is
/// rarely made up for).
const BLIND_ATTACK: f64 = 0.3;
/// The same for an unmoved target (which may be a Bomb), Sergeants and Lieutenants;
/// Captains and above and the Spy never attack an unmoved unknown piece while they have
/// another move. Measured: strong pieces kept dying on the Bombs around the enemy Flag,
/// because the positional prior cannot tell the Flag from the Bombs walling it in, so
/// the samples put the Flag on each of them often (30-45% in the lost games).
const BLIND_UNMOVED: f64 = 1.0;

/// Early stop: at least this many samples, and the best move ahead of the second by this
/// many standard errors (and by at least `CLEAR_MARGIN`).
const CLEAR_SAMPLES: u32 = 8;
const CLEAR_SE: f64 = 4.0;
const CLEAR_MARGIN: f64 = 25.0;

/// Weight of the threat to our own Flag in the evaluation.
const FLAG_DEFENCE: f64 = 1.0;

impl HardBot {
    /// Takes in a move of ours made without asking the bot (a replayed game): what the
    /// opponent knows is tracked as if the bot had chosen it. Public for the analysis
    /// after a game (`bot::analysis`), which follows each player's moves, not its own.
    pub fn replay_own_move(&mut self, view: &PlayerView, m: Move) {
        let Some(me) = view.color() else { return };
        self.track(view, me);
        self.pending = Some((m, view.piece_at(m.to).is_some()));
        self.last = Some(m);
    }

    /// Which of our pieces the opponent knows, by square, once `view` is taken in.
    #[cfg(test)]
    pub(crate) fn known_to_opponent(&self, view: &PlayerView) -> [bool; 100] {
        let mut b = self.clone();
        if let Some(me) = view.color() {
            b.track(view, me);
        }
        b.revealed
    }

    /// The bot once `view` is taken in (our last move and the opponent's applied to what
    /// the opponent knows and to the evidence), as `choose` would see it.
    #[cfg(test)]
    pub(crate) fn tracked(&self, view: &PlayerView) -> HardBot {
        let mut b = self.clone();
        if let Some(me) = view.color() {
            b.track(view, me);
            b.note_progress(view, me);
        }
        b
    }

    /// Starts the random stream again from `seed`.
    #[cfg(test)]
    pub(crate) fn reseed(&mut self, seed: u64) {
        self.rng = SplitMix64(seed ^ 0x4A2D);
    }

    pub fn new(seed: u64, cfg: HardConfig) -> HardBot {
        HardBot {
            rng: SplitMix64(seed ^ 0x4A2D),
            cfg,
            revealed: [false; 100],
            pending: None,
            last: None,
            hints: vec![None; 100],
            progress: (0, 0),
            calm_since: 0,
            offered: None,
            siege_since: 0,
            enemy_left: 0,
            target: None,
            made: std::collections::HashMap::new(),
            stats: (0, 0),
            scores: Vec::new(),
        }
    }

    /// Updates which own pieces the opponent knows: our previous move, then the
    /// opponent's last move as the view shows it.
    fn track(&mut self, view: &PlayerView, me: Color) {
        if let Some((m, attack)) = self.pending.take() {
            let (f, t) = (m.from.index(), m.to.index());
            let long = m.from.file().abs_diff(m.to.file()) + m.from.row().abs_diff(m.to.row()) > 1;
            self.revealed[t] = self.revealed[f] || attack || long;
            self.revealed[f] = false;
            if let Some(r) = m.rescue {
                self.revealed[r.to.index()] = true;
            }
        }
        if let Some(lm) = view.last_move {
            if lm.mover != me {
                if let Some(b) = lm.battle {
                    let silent = view.rules.options.silent_defense;
                    if !silent || b.attacker == Some(Rank::Scout) {
                        self.revealed[lm.to.index()] = true;
                    }
                    self.hints[lm.from.index()] = None;
                    self.hints[lm.to.index()] = None;
                } else {
                    self.observe(view, me, lm.from, lm.to);
                }
            }
        }
        for sq in Square::all() {
            if view.piece_at(sq).is_none_or(|p| p.color != me) {
                self.revealed[sq.index()] = false;
            }
            if view
                .piece_at(sq)
                .is_none_or(|p| p.color == me || p.rank.is_some())
            {
                self.hints[sq.index()] = None;
            }
        }
    }

    /// Restarts the count of calm plies when the view shows progress: a piece captured (a
    /// battle) or an enemy piece's rank newly known.
    fn note_progress(&mut self, view: &PlayerView, me: Color) {
        let known = view
            .board
            .iter()
            .flatten()
            .filter(|p| p.color != me && p.rank.is_some())
            .count();
        let now = (view.captured.len(), known);
        if now != self.progress {
            self.progress = now;
            self.calm_since = view.ply;
        }
        let left: u32 = view
            .remaining
            .get(me.opposite())
            .iter()
            .map(|&n| n as u32)
            .sum();
        let attacked = view
            .last_move
            .is_some_and(|lm| lm.mover != me && lm.battle.is_some());
        if left != self.enemy_left || attacked {
            self.enemy_left = left;
            self.siege_since = view.ply;
        }
    }

    /// Evidence from an enemy move `from -> to` (no battle): walking up to one of our known
    /// pieces suggests a piece that beats it; walking away from one, a piece it beats.
    fn observe(&mut self, view: &PlayerView, me: Color, from: Square, to: Square) {
        let aa = view.rules.options.aggressor_advantage;
        let mut h = self.hints[from.index()].take();
        let known_near = |at: Square, skip: Square| -> Vec<(Square, Rank)> {
            [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)]
                .into_iter()
                .filter_map(|(df, dr)| at.offset(df, dr))
                .filter(|&n| n != skip && self.revealed[n.index()])
                .filter_map(|n| {
                    let p = view.piece_at(n)?;
                    (p.color == me).then_some((n, p.rank?))
                })
                .collect()
        };
        let before = known_near(from, to);
        let after = known_near(to, from);
        let mut likes = h.unwrap_or([1.0; 12]);
        let mut changed = false;
        // Approached: ranks that beat the strongest newly threatened piece.
        if let Some(&(_, r)) = after
            .iter()
            .filter(|a| !before.contains(a))
            .max_by_key(|a| a.1)
        {
            for e in Rank::ALL.into_iter().filter(|e| e.is_movable()) {
                if sim::battle(e, r, aa) == crate::rules::BattleResult::AttackerWins {
                    likes[e.index()] *= self.cfg.approach;
                }
            }
            changed = true;
        }
        // Fled: ranks our piece beats.
        if let Some(&(_, r)) = before
            .iter()
            .filter(|b| !after.contains(b))
            .max_by_key(|b| b.1)
        {
            for e in Rank::ALL.into_iter().filter(|e| e.is_movable()) {
                if sim::battle(r, e, aa) == crate::rules::BattleResult::AttackerWins {
                    likes[e.index()] *= 4.0;
                }
            }
            changed = true;
        }
        if changed {
            // Keep the weights bounded.
            let m = likes.iter().cloned().fold(1.0, f64::max);
            if m > 100.0 {
                likes.iter_mut().for_each(|x| *x /= m / 100.0);
            }
            h = Some(likes);
        }
        self.hints[to.index()] = h;
    }
}

struct Search {
    me: Color,
    nodes: u64,
    node_limit: u64,
    deadline: Instant,
    aborted: bool,
    bufs: Vec<Vec<SMove>>,
    /// Whether moves are ordered for alpha-beta ([`order_moves`]; only tests turn it off).
    ordered: bool,
    /// Per ply, the last quiet move that cut the search off there.
    killers: Vec<SMove>,
    /// Cut-offs made by each quiet move (`from * 100 + to`), depth squared each, over the
    /// whole move's search (every sample).
    history: Vec<u32>,
    /// Path lengths around our Flag for this move (none once it is taken).
    maps: Option<FlagMaps>,
    /// The attacking plan once the game has stalled (none before).
    plan: Option<Plan>,
    /// The weight of [`dominance`] (0 when [`HardConfig::dominance`] is off).
    x: Extra,
}

impl Search {
    /// A search with no node or time limit, no plan (the probe's).
    #[cfg(test)]
    fn unbounded(me: Color, maps: Option<FlagMaps>, x: Extra) -> Search {
        Search {
            me,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: Instant::now() + Duration::from_secs(3600),
            aborted: false,
            bufs: Vec::new(),
            ordered: true,
            killers: Vec::new(),
            history: vec![0; 100 * 100],
            maps,
            plan: None,
            x,
        }
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes & 1023 == 0 && Instant::now() >= self.deadline)
        {
            self.aborted = true;
        }
    }

    /// Negamax with alpha-beta, from the side to move's point of view.
    fn ab(&mut self, s: &Sim, depth: u8, ply: usize, mut alpha: f64, beta: f64) -> f64 {
        self.tick();
        if let Some(w) = s.over {
            return match w {
                Some(c) if c == s.to_move => WIN + depth as f64,
                Some(_) => -WIN - depth as f64,
                None => 0.0,
            };
        }
        if depth == 0 || self.aborted {
            let e = evaluate(s, self.me, self.maps.as_ref(), self.plan.as_ref(), self.x);
            return if s.to_move == self.me { e } else { -e };
        }
        while self.bufs.len() <= ply {
            self.bufs.push(Vec::with_capacity(64));
            self.killers.push((0, 0));
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        s.moves(&mut moves);
        if self.ordered {
            order_moves(s, &mut moves, self.killers[ply], &self.history);
        }
        let mine = s.to_move == self.me;
        let mut best = -WIN * 2.0;
        let mut any = false;
        for &m in &moves {
            // Below the root, the bot does not attack pieces it does not know, and the
            // opponent only probes unknown pieces with its low ranks (a strong piece is
            // not thrown at an unknown one).
            // Exceptions: intruders next to our own Flag are taken on sight (a raider there
            // wins the game if left alone), and so are moved pieces our attacker beats
            // whatever they are; and any enemy piece next to our Flag takes it (the
            // opponent does probe: a search that counted on a Major not attacking our
            // Flag lost a game to one).
            let target = s.board[m.1 as usize];
            if s.is_attack(m) {
                let skip = if mine {
                    let sure = is_moved(target)
                        && sure_win(
                            rank_of(s.board[m.0 as usize]),
                            &s.unseen[self.me.opposite().index()],
                            s.aggressor_advantage,
                        );
                    !is_revealed(target) && !near_own_flag(s, self.me, m.1, INTERCEPT) && !sure
                } else {
                    opponent_skips(s, m)
                };
                if skip {
                    continue;
                }
            }
            any = true;
            let mut c = s.clone();
            c.play(m);
            let v = -self.ab(&c, depth - 1, ply + 1, -beta, -alpha);
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta || self.aborted {
                if alpha >= beta && target == EMPTY {
                    self.killers[ply] = m;
                    self.history[m.0 as usize * 100 + m.1 as usize] += depth as u32 * depth as u32;
                }
                break;
            }
        }
        self.bufs[ply] = moves;
        if !any {
            if s.movable[s.to_move.index()] > 0 {
                // Only attacks the side to move does not make: judge the position as it
                // stands.
                let e = evaluate(s, self.me, self.maps.as_ref(), self.plan.as_ref(), self.x);
                return if mine { e } else { -e };
            }
            return -WIN - depth as f64;
        }
        best
    }
}

/// Orders the side to move's moves ([`Sim::moves`] gives the attacks first) so that
/// alpha-beta cuts off sooner: attacks that win, the most valuable target first (the ranks
/// are the sample's), then even trades, then the quiet moves, the killer first and the
/// others by their history of cut-offs, then attacks that lose the attacker. Only the order
/// changes: a search that is not cut short by its budget returns the same values, and the
/// nodes it saves (half at 4 plies, measured at stop 63) go to more samples.
fn order_moves(s: &Sim, moves: &mut [SMove], killer: SMove, history: &[u32]) {
    let aa = s.aggressor_advantage;
    let n = moves.iter().take_while(|m| s.is_attack(**m)).count();
    let mut keys = [0i32; 200];
    let len = moves.len().min(keys.len());
    for (i, &m) in moves[..len].iter().enumerate() {
        keys[i] = if i < n {
            let (a, d) = (
                rank_of(s.board[m.0 as usize]),
                rank_of(s.board[m.1 as usize]),
            );
            match sim::battle(a, d, aa) {
                BattleResult::AttackerWins => i32::MAX - 1000 + value(d) as i32,
                BattleResult::BothRemoved => i32::MAX - 2000,
                BattleResult::DefenderWins => -1,
            }
        } else if m == killer {
            i32::MAX - 3000
        } else {
            history[m.0 as usize * 100 + m.1 as usize].min(i32::MAX as u32 - 4000) as i32
        };
    }
    // Insertion sort, stable, best key first (a few dozen moves, mostly in order).
    for i in 1..len {
        let (k, m) = (keys[i], moves[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] < k {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
            j -= 1;
        }
        keys[j] = k;
        moves[j] = m;
    }
}

/// Material value of a rank in a position (some values depend on what is left).
fn dyn_value(s: &Sim, c: Color, r: Rank) -> f64 {
    let other = c.opposite().index();
    match r {
        Rank::Spy if s.counts[other][Rank::Marshal.index()] == 0 => 3.0,
        Rank::Marshal if s.counts[other][Rank::Spy.index()] == 0 => 140.0,
        Rank::Miner => {
            // While the other side has Bombs, the last two Miners are worth 45 each and
            // the others 25; each Miner counts a share of the whole, so that the sum
            // grows with every Miner. (Before, each of three Miners was worth 25 and
            // each of two 45: losing the third Miner gained 15, so the bot threw Miners
            // at known Generals and would not take the opponent's third Miner.)
            let bombs = s.counts[other][Rank::Bomb.index()];
            let n = s.counts[c.index()][Rank::Miner.index()] as f64;
            if bombs > 0 && n > 0.0 {
                (45.0 * n.min(2.0) + 25.0 * (n - 2.0).max(0.0)) / n
            } else {
                25.0
            }
        }
        Rank::Flag => 0.0,
        r => value(r),
    }
}

/// The officers' ladder, weakest first, with their values ([`value`]).
const LADDER: [Rank; 7] = [
    Rank::Sergeant,
    Rank::Lieutenant,
    Rank::Captain,
    Rank::Major,
    Rank::Colonel,
    Rank::General,
    Rank::Marshal,
];

/// [`dyn_value`] with Sergeants to Generals valued by the rank they hold against what the
/// other side has left: for each of the other side's top ranks gone (the Marshal, then the
/// General, and so on while each is gone), one step up the [`LADDER`], at most to the
/// Marshal's value. A trade of the top pieces is then judged by the ranks below: after the
/// Marshals go, a General facing no General counts as a Marshal facing none, one facing a
/// General as before against a Marshal.
fn relative_value(s: &Sim, c: Color, r: Rank) -> f64 {
    let Some(at) = LADDER[..6].iter().position(|&l| l == r) else {
        return dyn_value(s, c, r);
    };
    let theirs = &s.counts[c.opposite().index()];
    let gone = LADDER
        .iter()
        .rev()
        .take_while(|l| theirs[l.index()] == 0)
        .count();
    value(LADDER[(at + gone).min(LADDER.len() - 1)])
}

/// Distance (in steps) around our own Flag within which the search attacks unknown
/// intruders below the root.
const INTERCEPT: u8 = 2;

/// Manhattan distance between two square indices.
fn dist(a: u8, b: u8) -> u8 {
    (a % 10).abs_diff(b % 10) + (a / 10).abs_diff(b / 10)
}

/// Whether `sq` is within `d` steps of `me`'s Flag.
fn near_own_flag(s: &Sim, me: Color, sq: u8, d: u8) -> bool {
    let fl = s.flags[me.index()];
    fl != LAKE && dist(fl, sq) <= d
}

/// Threat to `me`'s Flag from enemy movable pieces close to it (≥ 0), the part that needs
/// no path lengths: by distance (up to [`THREAT_RADIUS`] steps), less when one of our
/// pieces that beats or ties the intruder stands next to it, more when the Flag has open
/// sides; and the home guard. Intruders that are not Miners do not count when Bombs,
/// lakes and the board's edge close every side of the Flag. The race to the Flag is
/// [`flag_race`]. With `home` ([`HardConfig::home_path`]) the home guard's steps are its
/// moves to stand next to a door of our Flag.
fn flag_threat(
    s: &Sim,
    me: Color,
    armies: &Armies,
    home_guard: f64,
    home: Option<&FlagMaps>,
) -> f64 {
    let fl = s.flags[me.index()];
    if fl == LAKE {
        return 0.0;
    }
    let (ff, fr) = ((fl % 10) as i8, (fl / 10) as i8);
    // Sides of the Flag not covered by a Bomb of ours (board edges and lakes cover).
    // The Flag's sides (its doors), whether each is one of our Bombs.
    let mut open = 0;
    let mut doors = [(0u8, false); 4];
    let mut n_doors = 0;
    for (df, dr) in [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)] {
        let (f, r) = (ff + df, fr + dr);
        if !(0..10).contains(&f) || !(0..10).contains(&r) {
            continue;
        }
        let c = s.board[(r * 10 + f) as usize];
        if c == LAKE {
            continue;
        }
        let bomb = is_piece(c) && sim::color_of(c) == me && rank_of(c) == Rank::Bomb;
        doors[n_doors] = ((r * 10 + f) as u8, bomb);
        n_doors += 1;
        open += !bomb as usize;
    }
    let doors = &doors[..n_doors];
    // Our movable pieces within reach of the Flag's area.
    let near = |&&(at, _): &&(u8, Rank)| {
        (at % 10).abs_diff(fl % 10) <= 7 && (at / 10).abs_diff(fl / 10) <= 7
    };
    let guards = || armies.of(me).iter().filter(near);
    // A home guard: while the opponent has Miners, one of our pieces that beats a Miner
    // stays within two steps of the Flag (a dig through the Bombs takes two or three
    // moves, too few to come back from across the board).
    let mut threat = 0.0;
    if s.counts[me.opposite().index()][Rank::Miner.index()] > 0 {
        let guard = |&&(_, g): &&(u8, Rank)| g > Rank::Miner && g != Rank::Spy;
        let crow = || {
            guards()
                .filter(guard)
                .map(|&(at, _)| dist(at, fl).saturating_sub(2))
                .min()
        };
        // Moves to stand next to a door (0 there, as two steps from the Flag are).
        let path = home.and_then(|m| {
            guards()
                .filter(guard)
                .flat_map(|&(at, _)| m.doors.iter().map(move |d| d.guard[at as usize]))
                .min()
                .filter(|&d| d != u8::MAX)
        });
        let home = path.or_else(crow).unwrap_or(7).min(7);
        threat += home_guard * home as f64;
    }
    // The intruder moves first when it is the opponent's turn.
    let tempo = (s.to_move != me) as u8;
    for r in (fr - THREAT_RADIUS).max(0)..=(fr + THREAT_RADIUS).min(9) {
        for f in (ff - THREAT_RADIUS).max(0)..=(ff + THREAT_RADIUS).min(9) {
            let i = (r * 10 + f) as usize;
            let c = s.board[i];
            if !is_piece(c) || sim::color_of(c) == me {
                continue;
            }
            let er = rank_of(c);
            if !er.is_movable() || er != Rank::Miner && open == 0 {
                continue;
            }
            // The side it comes in by: the nearest one it can pass (a Miner digs through
            // a Bomb in one move).
            let Some(door) = doors
                .iter()
                .filter(|&&(_, bomb)| !bomb || er == Rank::Miner)
                .map(|&(at, _)| at)
                .min_by_key(|&at| dist(at, i as u8))
            else {
                continue;
            };
            let d = dist(door, i as u8) + 1;
            if d > THREAT_RADIUS as u8 {
                continue;
            }
            // Moves our nearest piece that beats (or ties) the intruder needs to take it:
            // at hand when it is next to the intruder or to its door.
            let reply = guards()
                .filter(|&&(_, g)| stops(g, er, s.aggressor_advantage))
                .map(|&(at, _)| {
                    // Take it where it stands when it is our move and we stand next to
                    // it; else be next to its door by the time it gets there (following
                    // it is a step too late).
                    if tempo == 0 && dist(at, i as u8) == 1 {
                        0
                    } else {
                        dist(at, door)
                    }
                })
                .min()
                .unwrap_or(99);
            let base = match d {
                1 => 60.0,
                2 => 30.0,
                3 => 14.0,
                4 => 5.0,
                _ => 2.0,
            };
            let open_w = 0.6 + 0.2 * open as f64;
            let guarded = reply <= 1;
            threat += base * open_w * if guarded { 0.4 } else { 1.0 };
        }
    }
    threat
}

/// Path lengths around our Flag, computed once per move from what does not move: the
/// lakes, our Flag and our Bombs. For each side of the Flag a piece may come in by (a
/// door: a square next to it that is not a lake), the moves one of our pieces needs to
/// stand next to that door (or on it), and the moves an enemy piece needs to stand on it:
/// a Miner digs through our Bombs (a move each), the others go around them and come in
/// only by a door that is not a Bomb. Other pieces are not walls: they move or are taken.
/// With [`HardConfig::wall_doors`] a Bomb door with no free square beside it gives way to
/// the Bombs beside it (not the Flag), which a Miner must dig first, as far out as it
/// takes to find one a guard can stand beside: a guard beside such an outer Bomb takes
/// the Miner as it stands there, and once past it the Miner cannot be stopped.
#[derive(Clone, Debug)]
struct FlagMaps {
    flag: u8,
    doors: Vec<Door>,
}

#[derive(Clone, Debug)]
struct Door {
    /// Whether the door is one of our Bombs (only a Miner comes in by it).
    bomb: bool,
    /// The Bombs a Miner still digs between the door and the Flag (0 for a side of the
    /// Flag; more for an outer Bomb of [`HardConfig::wall_doors`]).
    beyond: u8,
    /// Our moves to stand next to the door or on it, from each square.
    guard: [u8; 100],
    /// A Miner's moves to stand on the door, from each square.
    miner: [u8; 100],
    /// Any other piece's moves to stand on the door (`u8::MAX` for a Bomb door).
    other: [u8; 100],
}

impl Door {
    /// An enemy piece of rank `er`'s moves to stand on the door, from each square.
    fn way(&self, er: Rank) -> &[u8; 100] {
        if er == Rank::Miner {
            &self.miner
        } else {
            &self.other
        }
    }
}

/// Breadth-first path lengths from `sources` (0) to every square not a `wall`
/// (`u8::MAX` where none leads).
fn path_lengths(
    sources: impl IntoIterator<Item = usize>,
    wall: impl Fn(usize) -> bool,
) -> [u8; 100] {
    let mut d = [u8::MAX; 100];
    let mut queue = [0u8; 100];
    let (mut head, mut tail) = (0, 0);
    for s in sources {
        if d[s] == u8::MAX {
            d[s] = 0;
            queue[tail] = s as u8;
            tail += 1;
        }
    }
    while head < tail {
        let c = queue[head] as usize;
        head += 1;
        for n in neighbours(c) {
            if d[n] == u8::MAX && !wall(n) {
                d[n] = d[c] + 1;
                queue[tail] = n as u8;
                tail += 1;
            }
        }
    }
    d
}

/// Path costs to `sources` (0) from every square, where stepping onto a square `n` costs
/// `cost(n)` moves (`None`: a wall), by relaxing until nothing changes (`u8::MAX` where
/// none leads). Once a move, on 100 squares.
fn path_costs(
    sources: impl IntoIterator<Item = usize>,
    cost: impl Fn(usize) -> Option<u8>,
) -> [u8; 100] {
    let mut d = [u8::MAX; 100];
    for s in sources {
        d[s] = 0;
    }
    let step: [Option<u8>; 100] = std::array::from_fn(&cost);
    let mut changed = true;
    while changed {
        changed = false;
        for c in 0..100 {
            let Some(enter) = step[c] else { continue };
            if d[c] == u8::MAX {
                continue;
            }
            let via = d[c].saturating_add(enter);
            for n in neighbours(c) {
                if step[n].is_some() && via < d[n] {
                    d[n] = via;
                    changed = true;
                }
            }
        }
    }
    d
}

impl FlagMaps {
    /// The maps for `me`'s Flag in `s` (none when it has no Flag); `walls`, those of
    /// [`HardConfig::wall_doors`]; with `crowd` ([`HardConfig::crowd`]) a square one of
    /// our pieces stands on costs our defenders two moves to pass, not one.
    fn of(s: &Sim, me: Color, walls: bool, crowd: bool) -> Option<FlagMaps> {
        let flag = s.flags[me.index()];
        if flag == LAKE {
            return None;
        }
        let fl = flag as usize;
        let lake = |i: usize| s.board[i] == LAKE;
        let bomb = |i: usize| {
            let c = s.board[i];
            is_piece(c) && sim::color_of(c) == me && rank_of(c) == Rank::Bomb
        };
        // What a defender, or an intruder not a Miner, cannot pass: lakes, our Bombs, the Flag.
        let wall = |n: usize| lake(n) || bomb(n) || n == fl;
        // A guard stands next to a door (not on the Flag), or on it when it is not a Bomb.
        let stands = |q: usize| {
            std::iter::once(q)
                .filter(move |_| !bomb(q))
                .chain(neighbours(q).filter(move |&n| n != fl && !lake(n) && !bomb(n)))
        };
        // The doors, each with the Bombs between it and the Flag; a walled-in Bomb door
        // gives way to the Bombs beside it (breadth first, so each at its fewest).
        let mut sides: Vec<(usize, u8)> = neighbours(fl)
            .filter(|&q| !lake(q))
            .map(|q| (q, 0))
            .collect();
        let mut seen = [false; 100];
        seen[fl] = true;
        for &(q, _) in &sides {
            seen[q] = true;
        }
        let mut doors = Vec::new();
        let mut k = 0;
        while k < sides.len() {
            let (q, beyond) = sides[k];
            k += 1;
            if walls && bomb(q) && stands(q).next().is_none() {
                let outer: Vec<usize> = neighbours(q).filter(|&n| bomb(n) && !seen[n]).collect();
                for &n in &outer {
                    seen[n] = true;
                    sides.push((n, beyond + 1));
                }
                if !outer.is_empty() {
                    continue;
                }
            }
            let is_bomb = bomb(q);
            doors.push(Door {
                bomb: is_bomb,
                beyond,
                guard: if crowd {
                    path_costs(stands(q), |n| {
                        let c = s.board[n];
                        if wall(n) {
                            None
                        } else if is_piece(c) && sim::color_of(c) == me {
                            Some(2)
                        } else {
                            Some(1)
                        }
                    })
                } else {
                    path_lengths(stands(q), wall)
                },
                miner: path_lengths([q], |n| lake(n) || n == fl),
                other: if is_bomb {
                    [u8::MAX; 100]
                } else {
                    path_lengths([q], wall)
                },
            });
        }
        Some(FlagMaps { flag, doors })
    }
}

/// The race to our Flag, with path lengths ([`FlagMaps`]): for every enemy movable piece
/// and every door it can reach within [`RACE_REACH`] moves, the race is lost when our
/// nearest piece that beats or ties it cannot stand next to that door (or take it where
/// it stands) before it steps on the door and then takes the Flag. A lost race costs
/// [`RACE`] divided by the intruder's moves to the Flag, less when we are only a move
/// behind (a search a few plies deep may yet find the way); the worst door counts. A
/// gradient of [`RACE_GRADIENT`] a move for our nearest defender's distance to the
/// intruder's doors draws defenders home before the race is lost. Two switches of `x`:
/// with [`HardConfig::wary`] a piece we do not know must be stopped as the opponent's
/// strongest movable rank too; with [`HardConfig::one_each`] the intruders within its
/// reach, nearest first, each take the defender of their nearest door, which the ones
/// after cannot count. With [`HardConfig::miner_guess`] a piece we do not know that the
/// sample makes another rank runs once more as a Miner, its lost race counting at that
/// weight (and no gradient: the sample's rank draws the defenders).
fn flag_race(s: &Sim, me: Color, maps: &FlagMaps, armies: &Armies, x: Extra) -> f64 {
    if s.flags[me.index()] != maps.flag {
        return 0.0;
    }
    // The intruder moves first when it is the opponent's turn.
    let tempo = (s.to_move != me) as u8;
    let top = x.wary.then(|| strongest(s, me.opposite()));
    let guess = x.miner_guess > 0.0 && s.counts[me.opposite().index()][Rank::Miner.index()] > 0;
    // The intruders within reach of a door, with their fewest moves to one and whether
    // it is `miner_guess`'s Miner; with `one_each` the nearest first, each within its
    // reach taking a defender the ones before did not.
    let mut intruders = [(0u8, 0u8, Rank::Flag, false); 80];
    let mut n = 0;
    for &(i, er) in armies.of(me.opposite()) {
        let as_miner = guess && er != Rank::Miner && !is_revealed(s.board[i as usize]);
        for (er, guessed) in [(er, false), (Rank::Miner, true)] {
            if guessed && !as_miner {
                continue;
            }
            let near = maps
                .doors
                .iter()
                .filter(|d| !d.bomb || er == Rank::Miner)
                .map(|d| d.way(er)[i as usize])
                .min()
                .unwrap_or(u8::MAX);
            if near < RACE_REACH {
                intruders[n] = (near, i, er, guessed);
                n += 1;
            }
        }
    }
    let intruders = &mut intruders[..n];
    if x.one_each > 0 {
        intruders.sort_by_key(|&(near, i, _, guessed)| (near, i, guessed));
    }
    let mut taken = [false; 100];
    let mut threat = 0.0;
    for &(near, i, er, guessed) in intruders.iter() {
        // Within `one_each`'s reach it needs a defender the nearer ones did not take.
        let own = x.one_each > 0 && near <= x.one_each && !guessed;
        let unseen = top.filter(|_| !is_revealed(s.board[i as usize]));
        let mut worst = 0.0f64;
        let mut far = 0u8;
        let mut guard = None;
        for door in &maps.doors {
            if door.bomb && er != Rank::Miner {
                continue;
            }
            let to_door = door.way(er)[i as usize];
            if to_door >= RACE_REACH {
                continue;
            }
            let to_flag = to_door + 1;
            let (reply, at) = armies
                .of(me)
                .iter()
                .filter(|&&(at, g)| !(own && taken[at as usize]) && holds(s, g, er, unseen))
                .map(|&(at, _)| {
                    if tempo == 0 && dist(at, i) == 1 {
                        (0, at)
                    } else {
                        (door.guard[at as usize], at)
                    }
                })
                .min()
                .unwrap_or((u8::MAX, 0));
            if to_door == near && guard.is_none() && reply != u8::MAX {
                guard = Some(at);
            }
            far = far.max(reply.min(12));
            let need = reply.saturating_add(1 + tempo);
            if need > to_flag {
                let behind = (need - to_flag) as f64;
                let part = (0.4 + 0.2 * behind).min(1.0);
                worst = worst.max(part * RACE / (to_flag + door.beyond) as f64);
            }
        }
        if let (true, Some(at)) = (own, guard) {
            taken[at as usize] = true;
        }
        threat += if guessed {
            x.miner_guess * worst
        } else {
            worst + RACE_GRADIENT * far as f64
        };
    }
    threat
}

/// The race to our Flag as [`flag_race`] runs it, but along the intruder's way: it walks
/// one of its shortest paths to a door (the paths of [`FlagMaps`]), and it is stopped on
/// any square of it where one of our pieces that beats or ties it can stand next to it
/// (or stands on it) by the time it gets there. The race is lost when some shortest path
/// reaches the door without passing such a square; how far behind we are is the fewest
/// moves our defenders would have to save to stop every path. The gradient counts our
/// nearest defender's moves to stand next to any square of the intruder's paths, so a
/// guard is drawn to where it can cut the way off, not only to the Flag's sides (a Miner
/// digging to a Flag walled in by our own Bombs is met on its way, not at the Bombs).
fn flag_race_paths(s: &Sim, me: Color, maps: &FlagMaps, armies: &Armies, wary: bool) -> f64 {
    if s.flags[me.index()] != maps.flag {
        return 0.0;
    }
    let fl = maps.flag as usize;
    // The intruder moves first when it is the opponent's turn.
    let tempo = (s.to_move != me) as i16;
    let wall = |n: usize| {
        let c = s.board[n];
        c == LAKE || n == fl || is_piece(c) && sim::color_of(c) == me && rank_of(c) == Rank::Bomb
    };
    // Per intruder rank (the last few asked), our moves to each square with a piece that
    // stops that rank.
    let mut reach = [(Rank::Flag, false, [u8::MAX; 100]); 3];
    let mut asked = 0;
    let top = wary.then(|| strongest(s, me.opposite()));
    let mut threat = 0.0;
    for &(i, er) in armies.of(me.opposite()) {
        let i = i as usize;
        let unseen = top.filter(|_| !is_revealed(s.board[i]));
        let near = maps
            .doors
            .iter()
            .any(|d| (!d.bomb || er == Rank::Miner) && d.way(er)[i] < RACE_REACH);
        if !near {
            continue;
        }
        let key = (er, unseen.is_some());
        let k = match reach[..asked.min(3)]
            .iter()
            .position(|&(r, u, _)| (r, u) == key)
        {
            Some(k) => k,
            None => {
                let from = armies
                    .of(me)
                    .iter()
                    .filter(|&&(_, g)| holds(s, g, er, unseen))
                    .map(|&(at, _)| at as usize);
                let k = asked % 3;
                reach[k] = (er, key.1, path_lengths(from, wall));
                asked += 1;
                k
            }
        };
        let d = &reach[k].2;
        // Our moves to stand next to `x` (or on it).
        let next = |x: usize| neighbours(x).map(|n| d[n]).fold(d[x], u8::min);
        let mut worst = 0.0f64;
        let mut far = 0u8;
        for door in &maps.doors {
            if door.bomb && er != Rank::Miner {
                continue;
            }
            let way = door.way(er);
            let to_door = way[i];
            if to_door >= RACE_REACH {
                continue;
            }
            // Layer by layer along the shortest paths, for each square the best the
            // intruder can do on its way there: the least, over the squares it passed, of
            // the moves our defenders are late (`margin`: > 0, it passed unstopped).
            let margin = |x: usize, t: u8| next(x) as i16 + tempo - t as i16;
            let mut best = [i16::MIN; 100];
            let mut layer = [0u8; 16];
            let mut len = 1;
            layer[0] = i as u8;
            best[i] = margin(i, 0);
            let mut closest = next(i);
            for t in 1..=to_door {
                let mut step = [0u8; 16];
                let mut n_step = 0;
                for &x in &layer[..len] {
                    for n in neighbours(x as usize) {
                        if way[n] != to_door - t {
                            continue;
                        }
                        if best[n] == i16::MIN && n_step < step.len() {
                            step[n_step] = n as u8;
                            n_step += 1;
                            closest = closest.min(next(n));
                        }
                        best[n] = best[n].max(best[x as usize].min(margin(n, t)));
                    }
                }
                layer = step;
                len = n_step;
            }
            far = far.max(closest.min(12));
            let late = layer[..len].iter().map(|&q| best[q as usize]).max();
            if let Some(late) = late.filter(|&l| l > 0) {
                let part = (0.4 + 0.2 * late.min(3) as f64).min(1.0);
                worst = worst.max(part * RACE / (to_door + 1 + door.beyond) as f64);
            }
        }
        threat += worst + RACE_GRADIENT * far as f64;
    }
    threat
}

/// The strongest movable rank `c` has on the board in `s` (a Scout when none is left).
fn strongest(s: &Sim, c: Color) -> Rank {
    LADDER
        .iter()
        .rev()
        .chain(&[Rank::Miner, Rank::Scout])
        .copied()
        .find(|r| s.counts[c.index()][r.index()] > 0)
        .unwrap_or(Rank::Scout)
}

/// Whether our `g` holds off an intruder of the sample's rank `er` in the race to our
/// Flag: it stops `er`, and also `unseen` (the rank [`HardConfig::wary`] fears of a
/// piece we do not know).
fn holds(s: &Sim, g: Rank, er: Rank, unseen: Option<Rank>) -> bool {
    let aa = s.aggressor_advantage;
    stops(g, er, aa) && unseen.is_none_or(|top| stops(g, top, aa))
}

/// Whether our `g` attacking the intruder `er` stops it: it wins or both are removed.
fn stops(g: Rank, er: Rank, aggressor_advantage: bool) -> bool {
    matches!(
        sim::battle(g, er, aggressor_advantage),
        BattleResult::AttackerWins | BattleResult::BothRemoved
    )
}

/// Each side's movable pieces (square, rank) in board order, gathered once per
/// evaluation for the terms that compare the two armies.
struct Armies {
    pieces: [[(u8, Rank); 40]; 2],
    len: [usize; 2],
}

impl Armies {
    fn of_sim(s: &Sim) -> Armies {
        let mut a = Armies {
            pieces: [[(0, Rank::Flag); 40]; 2],
            len: [0; 2],
        };
        for (i, &c) in s.board.iter().enumerate() {
            if is_piece(c) && rank_of(c).is_movable() {
                let k = sim::color_of(c).index();
                a.pieces[k][a.len[k]] = (i as u8, rank_of(c));
                a.len[k] += 1;
            }
        }
        a
    }

    /// `c`'s movable pieces.
    fn of(&self, c: Color) -> &[(u8, Rank)] {
        &self.pieces[c.index()][..self.len[c.index()]]
    }
}

/// How far from our Flag intruders are counted in [`flag_threat`], in steps.
const THREAT_RADIUS: i8 = 8;
/// The moves to a door of our Flag within which an intruder runs a race ([`flag_race`]).
const RACE_REACH: u8 = 7;
/// The cost a move of our nearest defender's distance to an intruder's doors.
const RACE_GRADIENT: f64 = 5.0;
/// The cost of an intruder that wins the race to our Flag, divided by its distance.
const RACE: f64 = 500.0;
/// The cost per step of the nearest home guard beyond two steps from our Flag.
const HOME_GUARD: f64 = 3.0;

/// Static evaluation for `me`; `maps` are the path lengths around `me`'s Flag.
/// Plies without progress (no battle, no enemy rank newly known) after which the bot
/// starts to press ([`press`]), and the plies over which it comes to press fully.
const STALL: f64 = 40.0;
const STALL_RAMP: f64 = 60.0;
/// At full press, what a step of our nearest Miner toward the likeliest enemy Flag squares
/// is worth (half that for its escort, see [`Plan`]).
const PRESS: f64 = 4.0;
/// At full press, the root bonus for a low piece's attack on an unmoved unknown piece (what
/// it learns; the blind cost is dropped too).
const PROBE: f64 = 20.0;

/// How hard to press, 0 to 1: 0 until [`STALL`] plies have passed since the last progress,
/// then rising to 1 over [`STALL_RAMP`] plies.
fn press(ply: u32, calm_since: u32) -> f64 {
    ((ply.saturating_sub(calm_since) as f64 - STALL) / STALL_RAMP).clamp(0.0, 1.0)
}

/// The attacking plan once the game has stalled: the likeliest squares of the enemy Flag
/// (its square when known, else the unmoved unknown pieces whose Flag probability is at
/// least half the highest, at most [`TARGETS`]), the steps from every square to the nearest
/// of them around the lakes, and how hard to press. At the leaves our nearest Miner (the
/// nearest low piece when none is left) is drawn toward them by [`PRESS`] a step, and our
/// nearest piece from Sergeant to Colonel, its escort, by half that.
struct Plan {
    press: f64,
    goal: [u8; 100],
}

/// The most squares [`Plan`] aims at.
const TARGETS: usize = 4;

impl Plan {
    fn of(view: &PlayerView, me: Color, belief: &Belief, press: f64) -> Option<Plan> {
        if press <= 0.0 {
            return None;
        }
        let targets = Plan::targets(view, me, belief);
        (!targets.is_empty()).then(|| Plan::at(targets, press))
    }

    /// A plan aiming at `targets` (square indices).
    fn at(targets: Vec<usize>, press: f64) -> Plan {
        let goal = path_lengths(targets, |i| {
            Square::from_index(i).is_some_and(|sq| sq.is_lake())
        });
        Plan { press, goal }
    }

    /// The likeliest squares of the enemy Flag, likeliest first: its square when known,
    /// else the unmoved unknown pieces whose Flag probability is at least half the
    /// highest, at most [`TARGETS`].
    fn targets(view: &PlayerView, me: Color, belief: &Belief) -> Vec<usize> {
        let enemy = me.opposite();
        let known = Square::all().find(|&sq| {
            view.piece_at(sq)
                .is_some_and(|p| p.color == enemy && p.rank == Some(Rank::Flag))
        });
        let targets: Vec<usize> = match known {
            Some(f) => vec![f.index()],
            None => {
                let mut odds: Vec<(f64, usize)> = belief
                    .unknown
                    .iter()
                    .filter(|u| !u.moved)
                    .filter_map(|u| {
                        let p = belief.marginal(u.square)?[Rank::Flag.index()];
                        Some((p, u.square.index()))
                    })
                    .collect();
                odds.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
                let top = odds.first().map_or(0.0, |o| o.0);
                if top <= 0.0 {
                    return Vec::new();
                }
                odds.iter()
                    .take(TARGETS)
                    .filter(|o| o.0 >= top / 2.0)
                    .map(|o| o.1)
                    .collect()
            }
        };
        targets
    }

    /// The plan's term for `me`: minus [`PRESS`] times press for each step of our nearest
    /// Miner (or low piece) to the goal and half that for our nearest escort.
    fn term(&self, armies: &Armies, me: Color) -> f64 {
        let mut miner = u8::MAX;
        let mut low = u8::MAX;
        let mut escort = u8::MAX;
        for &(i, r) in armies.of(me) {
            let d = self.goal[i as usize];
            match r {
                Rank::Miner => miner = miner.min(d),
                Rank::Scout | Rank::Spy => {}
                _ if r <= Rank::Captain => low = low.min(d),
                _ => {}
            }
            if (Rank::Sergeant..=Rank::Colonel).contains(&r) {
                escort = escort.min(d);
            }
        }
        let lead = if miner == u8::MAX { low } else { miner };
        let steps = |d: u8| if d == u8::MAX { 20.0 } else { d as f64 };
        -self.press * PRESS * (steps(lead) + 0.5 * steps(escort))
    }
}

fn evaluate(s: &Sim, me: Color, maps: Option<&FlagMaps>, plan: Option<&Plan>, x: Extra) -> f64 {
    Terms::of(s, me, maps, plan, x).total()
}

/// The static evaluation's terms for `me`, each with its sign and weight applied, so
/// that `total` is their sum (in this order: the search's figures depend on it to the
/// last bit). `hard_probe` prints them one by one.
struct Terms {
    /// Material, with what each piece's square and being known add or take away.
    pieces: f64,
    /// The other side's pieces on their way to our Flag (`flag_threat`).
    threat: f64,
    /// The race to our Flag (`flag_race`), when its path lengths are known.
    race: f64,
    /// Pieces that beat all the other side could still be (`hunting`).
    hunters: f64,
    /// Closing in on known pieces each side beats (`hunt`).
    hunt: f64,
    /// The Spy's and the Marshal's dangers (`spy_terms`).
    spy: f64,
    /// The side to move's next move and the reply (`one_move`), signed for `me`.
    one_move: f64,
    /// The lead in movable material as a share of all that is left (`trade`).
    trade: f64,
    /// Once the game has stalled, our Miner and an escort on their way to the likeliest
    /// enemy Flag squares ([`Plan`]); zero before.
    press: f64,
    /// Pieces nothing of the other side can take or trade (`dominance`).
    dominance: f64,
    /// Walled-in pieces within reach of a taker (`trapped`).
    trapped: f64,
}

impl Terms {
    fn total(&self) -> f64 {
        self.pieces
            + self.threat
            + self.race
            + self.hunters
            + self.hunt
            + self.spy
            + self.one_move
            + self.trade
            + self.press
            + self.dominance
            + self.trapped
    }

    fn of(s: &Sim, me: Color, maps: Option<&FlagMaps>, plan: Option<&Plan>, x: Extra) -> Terms {
        let mut score = 0.0;
        // Each side's nearest raider's steps to the other side's Flag; with no raider
        // left, the farthest there is (losing the last raider must not look like a gain).
        let mut nearest_to_flag = [18u8; 2];
        let mut ours = Key::default();
        let mut army = [0.0f64; 2];
        for (i, &c) in s.board.iter().enumerate() {
            if !is_piece(c) {
                continue;
            }
            let col = sim::color_of(c);
            let r = rank_of(c);
            if col == me {
                match r {
                    Rank::Spy => ours.spy = Some(i),
                    Rank::General => ours.general = Some(i),
                    Rank::Marshal => ours.marshal = Some(i),
                    _ => {}
                }
            }
            let v = if x.relative {
                relative_value(s, col, r)
            } else {
                dyn_value(s, col, r)
            };
            if r.is_movable() {
                army[col.index()] += v;
            }
            let mut x = v;
            if is_revealed(c) {
                x -= match r {
                    Rank::Spy => 0.5 * v,
                    r if r >= Rank::Captain && r.is_movable() => 0.15 * v,
                    Rank::Bomb => 0.3 * v,
                    _ => 0.05 * v,
                };
            }
            if r.is_movable() {
                let (f, row) = ((i % 10) as u8, (i / 10) as u8);
                if r <= Rank::Captain && r != Rank::Spy {
                    let depth = if col == Color::Red { row } else { 9 - row };
                    x += 0.25 * depth.saturating_sub(3) as f64;
                }
                // The pieces that go for a known enemy Flag: the strong ones have better
                // work than standing near it.
                let fl = s.flags[col.opposite().index()];
                let raider = matches!(
                    r,
                    Rank::Scout | Rank::Miner | Rank::Sergeant | Rank::Lieutenant
                );
                if fl != LAKE && raider {
                    let d = f.abs_diff(fl % 10) + row.abs_diff(fl / 10);
                    let n = &mut nearest_to_flag[col.index()];
                    *n = (*n).min(d);
                    if d <= 3 {
                        x += 5.0 * (4 - d) as f64;
                    }
                }
            }
            // Our unmoved Sergeants and above near our Flag: guards at hand, and unmoved
            // pieces the opponent cannot tell from the Flag.
            if col == me && r >= Rank::Sergeant && r.is_movable() && !is_moved(c) {
                let fl = s.flags[col.index()];
                if fl != LAKE && dist(fl, i as u8) <= 2 {
                    x += DECOY;
                }
            }
            // Bombs next to their own Flag guard it.
            if r == Rank::Bomb {
                let fl = s.flags[col.index()];
                if fl != LAKE {
                    let (f, row) = ((i % 10) as u8, (i / 10) as u8);
                    if f.abs_diff(fl % 10) + row.abs_diff(fl / 10) == 1 {
                        x += 15.0;
                    }
                }
            }
            if col == me {
                score += x;
            } else {
                score -= x;
            }
        }
        for c in Color::ALL {
            if s.flags[c.opposite().index()] != LAKE {
                let sign = if c == me { 1.0 } else { -1.0 };
                score -= sign * 1.0 * nearest_to_flag[c.index()] as f64;
            }
        }
        let armies = Armies::of_sim(s);
        let race = maps.map_or(0.0, |m| {
            if x.intercept {
                flag_race_paths(s, me, m, &armies, x.wary)
            } else {
                flag_race(s, me, m, &armies, x)
            }
        });
        // The side to move's next move and the reply, statically (a one-ply quiescence).
        let g = 0.7 * one_move(s, me);
        Terms {
            pieces: score,
            threat: -FLAG_DEFENCE
                * flag_threat(s, me, &armies, x.home_guard, maps.filter(|_| x.home_path)),
            race: -FLAG_DEFENCE * race,
            hunters: hunting(s, me, &armies, x),
            hunt: {
                let ahead = |c: Color| army[c.index()] > army[c.opposite().index()];
                let trades = |c: Color| {
                    if x.trade_behind || ahead(c) {
                        x.trade_hunt
                    } else {
                        0.0
                    }
                };
                HUNT * (hunt(s, me, &armies, trades(me))
                    - hunt(s, me.opposite(), &armies, trades(me.opposite())))
            },
            spy: -spy_terms(s, me, ours, x),
            one_move: if s.to_move == me { g } else { -g },
            trade: trade(army[me.index()], army[me.opposite().index()]),
            press: plan.map_or(0.0, |p| p.term(&armies, me)),
            dominance: x.dom * (dominant(s, me) - dominant(s, me.opposite())),
            trapped: if x.trapped {
                trapped(s, me.opposite(), &armies) - trapped(s, me, &armies)
            } else {
                0.0
            },
        }
    }
}

/// The lead in movable material as a share of the movable material left on the board,
/// worth [`TRADE`] at a whole share: the same lead counts more as the armies thin out, so
/// the side ahead trades pieces (a Colonel for a Colonel) and the side behind avoids it.
fn trade(ours: f64, theirs: f64) -> f64 {
    let all = ours + theirs;
    if all <= 0.0 {
        return 0.0;
    }
    TRADE * (ours - theirs) / all
}

/// `c`'s pieces that cannot flee: known to the other side (or the Spy, which anything
/// takes), with no empty square beside them, and an enemy piece that beats them as the
/// attacker within [`TRAP_REACH`] steps; [`TRAPPED`] of the value of each. Walled in at
/// home, such a piece is taken the move after the taker steps up (stop 36 counted 50 of
/// 105 such captures by peternlewis's known pieces), too late for the search to see.
fn trapped(s: &Sim, c: Color, armies: &Armies) -> f64 {
    let mut cost = 0.0;
    for &(i, r) in armies.of(c) {
        let cell = s.board[i as usize];
        if !(is_revealed(cell) || r == Rank::Spy) {
            continue;
        }
        if neighbours(i as usize).any(|n| s.board[n] == EMPTY) {
            continue;
        }
        let threatened = armies.of(c.opposite()).iter().any(|&(e, er)| {
            dist(e, i) <= TRAP_REACH
                && sim::battle(er, r, s.aggressor_advantage) == BattleResult::AttackerWins
        });
        if threatened {
            cost += TRAPPED * dyn_value(s, c, r);
        }
    }
    cost
}

/// The steps within which an enemy piece makes a walled-in piece [`trapped`].
const TRAP_REACH: u8 = 3;
/// The share of its value a [`trapped`] piece costs.
const TRAPPED: f64 = 0.5;

/// The weight of [`trade`].
const TRADE: f64 = 250.0;

/// `c`'s dominant pieces: movable pieces that no movable piece the other side has left can
/// take or trade, whatever it knows (only a Bomb stops them; a Spy counts against a
/// Marshal). Such a piece takes the other side's pieces one by one, known or not; the
/// games lost to peternlewis at stop 33 went that way (our Marshal traded for its Marshal
/// when our General was gone, then its General took all that was left).
fn dominant(s: &Sim, c: Color) -> f64 {
    let (ours, theirs) = (&s.counts[c.index()], &s.counts[c.opposite().index()]);
    Rank::ALL
        .into_iter()
        .filter(|r| r.is_movable() && ours[r.index()] > 0)
        .filter(|&r| {
            Rank::ALL
                .into_iter()
                .filter(|e| e.is_movable() && theirs[e.index()] > 0)
                .all(|e| sim::battle(e, r, s.aggressor_advantage) == BattleResult::DefenderWins)
        })
        .map(|r| ours[r.index()] as f64)
        .sum()
}

/// What each dominant piece ([`dominant`]) is worth in the evaluation, on top of its
/// material: enough that the bot does not trade its way into facing one.
const DOMINANT: f64 = 100.0;

/// `c`'s pieces closing in on the other side's revealed movable pieces they beat: for
/// each such target, its value times (8 - steps to the nearest) / 8; a target none of
/// `c`'s pieces beats but one trades counts `trades` times as much
/// ([`HardConfig::trade_hunt`], 0 unless `c` is ahead in movable material or
/// [`HardConfig::trade_behind`]).
fn hunt(s: &Sim, c: Color, armies: &Armies, trades: f64) -> f64 {
    let mut total = 0.0;
    for &(i, e) in armies.of(c.opposite()) {
        if !is_revealed(s.board[i as usize]) {
            continue;
        }
        // The nearest of `c`'s pieces that beat `e`, or else (weighed by `trades`) that
        // trade it.
        let (mut beats, mut ties) = (None::<u8>, None::<u8>);
        for &(at, r) in armies.of(c) {
            let d = dist(at, i);
            match sim::battle(r, e, s.aggressor_advantage) {
                BattleResult::AttackerWins => beats = Some(beats.map_or(d, |b| b.min(d))),
                BattleResult::BothRemoved if trades > 0.0 => {
                    ties = Some(ties.map_or(d, |t| t.min(d)))
                }
                _ => {}
            }
        }
        let (d, w) = match (beats, ties) {
            (Some(d), _) => (d, 1.0),
            (None, Some(d)) => (d, trades),
            (None, None) => continue,
        };
        total += w * dyn_value(s, c.opposite(), e) * (8u8.saturating_sub(d)) as f64 / 8.0;
    }
    total
}

/// The weight of [`hunt`] in the evaluation.
const HUNT: f64 = 0.1;
/// What an unmoved Sergeant or higher of ours within two steps of our Flag is worth.
const DECOY: f64 = 8.0;

/// What each hunter (see [`hunters`]) is worth in the evaluation.
const HUNTER: f64 = 30.0;

/// `c`'s hunters: its pieces that beat every rank the other side's moved unknown pieces
/// may be (as far as `c` can tell), so they can take any of them without risk.
fn hunters(s: &Sim, c: Color) -> f64 {
    // The movable ranks, weakest first: `Rank::index` runs from the Spy to the Marshal.
    let movable = Rank::Spy.index()..=Rank::Marshal.index();
    let unseen = &s.unseen[c.opposite().index()];
    let Some(top) = movable.clone().rev().find(|&i| unseen[i] > 0) else {
        return 0.0;
    };
    let from = if s.aggressor_advantage { top } else { top + 1 };
    (from..=*movable.end())
        .map(|r| s.counts[c.index()][r] as f64)
        .sum::<f64>()
}

/// The hunters term for `me`: each side's [`hunters`] worth [`HUNTER`] each, in proportion
/// to their prey, the other side's moved pieces they have not seen, full from
/// [`HUNTER_PREY`] of them (a hunter with nothing to hunt is worth nothing, and trading
/// one away late costs little). With [`HardConfig::lost_prey`] the prey also counts
/// those taken in the search.
fn hunting(s: &Sim, me: Color, armies: &Armies, x: Extra) -> f64 {
    let prey = |c: Color| {
        let on_board = armies
            .of(c)
            .iter()
            .filter(|&&(i, _)| {
                let x = s.board[i as usize];
                is_moved(x) && !is_revealed(x)
            })
            .count();
        let lost = if x.lost_prey {
            s.lost_unseen[c.index()]
        } else {
            0
        };
        let n = on_board + lost as usize;
        (n as f64 / HUNTER_PREY).min(1.0)
    };
    x.hunter * (hunters(s, me) * prey(me.opposite()) - hunters(s, me.opposite()) * prey(me))
}

/// The prey (unseen moved enemy pieces) from which a hunter is worth all of [`HUNTER`].
const HUNTER_PREY: f64 = 3.0;

/// Calls `f(from, to, gain)` for each attack of the side to move worth more than nothing:
/// attacks on adjacent (or, for Scouts, in-line) pieces valued with the real ranks; the
/// bot (`bot`) only counts attacks on pieces it knows.
fn for_captures(s: &Sim, bot: Color, mut f: impl FnMut(usize, usize, f64)) {
    let me = s.to_move;
    for from in 0..100usize {
        let c = s.board[from];
        if !is_piece(c) || sim::color_of(c) != me {
            continue;
        }
        let r = rank_of(c);
        if !r.is_movable() {
            continue;
        }
        let (f0, r0) = ((from % 10) as i8, (from / 10) as i8);
        for (df, dr) in [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)] {
            let (mut fl, mut rr) = (f0, r0);
            loop {
                fl += df;
                rr += dr;
                if !(0..10).contains(&fl) || !(0..10).contains(&rr) {
                    break;
                }
                let to = (rr * 10 + fl) as usize;
                let v = s.board[to];
                if v == LAKE {
                    break;
                }
                if v == EMPTY {
                    if r == Rank::Scout {
                        continue;
                    }
                    break;
                }
                if sim::color_of(v) != me && (me != bot || is_revealed(v)) {
                    let g = attack_gain(s, me, r, rank_of(v));
                    if g > 0.0 {
                        f(from, to, g);
                    }
                }
                break;
            }
        }
    }
}

/// The gain of `a` (colour `ac`) attacking `d`, from the attacker's side (≥ 0 when it
/// pays: a won battle, or a tie with a stronger piece).
fn attack_gain(s: &Sim, ac: Color, a: Rank, d: Rank) -> f64 {
    if d == Rank::Flag {
        return 500.0;
    }
    match sim::battle(a, d, s.aggressor_advantage) {
        crate::rules::BattleResult::AttackerWins => dyn_value(s, ac.opposite(), d),
        crate::rules::BattleResult::BothRemoved => {
            dyn_value(s, ac.opposite(), d) - dyn_value(s, ac, a)
        }
        crate::rules::BattleResult::DefenderWins => -dyn_value(s, ac, a),
    }
}

/// The side to move's outcome of its next move and the reply, statically: it makes one of
/// its captures or moves its most valuable threatened piece out of reach, and the other
/// side then takes the most valuable piece still hanging. A piece hangs when an adjacent
/// enemy piece takes it at a profit (less a recapture by one of ours next to it); it can
/// be saved when it has an empty neighbour no enemy piece next to it takes at a profit. A
/// capture saves the pieces only the captured piece threatened, and the capturing piece.
/// The bot (`bot`) only attacks pieces it knows.
fn one_move(s: &Sim, bot: Color) -> f64 {
    let me = s.to_move;
    let them = me.opposite();
    // Whether `them` may attack a piece of ours (the bot attacks only known pieces).
    let can_target = |cell: u8| them != bot || is_revealed(cell);
    // The best gain of `them` taking a piece of rank `x` standing on `at`, from its
    // neighbours other than `skip`.
    let threat_to = |x: Rank, xc: u8, at: usize, skip: usize| -> f64 {
        let mut best: f64 = 0.0;
        if !can_target(xc) {
            return best;
        }
        for n in neighbours(at) {
            let a = s.board[n];
            if n == skip || !is_piece(a) || sim::color_of(a) != them || !rank_of(a).is_movable() {
                continue;
            }
            best = best.max(attack_gain(s, them, rank_of(a), x));
        }
        best
    };
    // Hanging pieces: (value lost, can step away, square, the threatening squares); a
    // side has at most 40 pieces (no allocation: this runs at every leaf).
    let mut hanging = [(0.0f64, false, 0usize, [usize::MAX; 4]); 40];
    let mut nh = 0usize;
    for i in 0..100usize {
        let c = s.board[i];
        if !is_piece(c) || sim::color_of(c) != me {
            continue;
        }
        let x = rank_of(c);
        if !can_target(c) {
            continue;
        }
        let mut h: f64 = 0.0;
        let mut by = [usize::MAX; 4];
        let mut recapture: f64 = f64::INFINITY;
        for (k, n) in neighbours(i).enumerate() {
            let a = s.board[n];
            if !is_piece(a) || sim::color_of(a) != them || !rank_of(a).is_movable() {
                continue;
            }
            let ar = rank_of(a);
            let gain = attack_gain(s, them, ar, x);
            if gain <= 0.0 {
                continue;
            }
            h = h.max(gain);
            by[k] = n;
            // Taken back by one of ours next to the square (the attacker is known then).
            let mut re: f64 = 0.0;
            for m in neighbours(i) {
                let b = s.board[m];
                if m != n && is_piece(b) && sim::color_of(b) == me && rank_of(b).is_movable() {
                    re = re.max(attack_gain(s, me, rank_of(b), ar));
                }
            }
            recapture = recapture.min(re);
        }
        if x != Rank::Flag && recapture.is_finite() {
            h -= recapture.max(0.0);
        }
        if h <= 0.0 {
            continue;
        }
        let saveable = x.is_movable()
            && neighbours(i).any(|n| s.board[n] == EMPTY && threat_to(x, c, n, i) <= 0.0);
        if nh < hanging.len() {
            hanging[nh] = (h, saveable, i, by);
            nh += 1;
        }
    }
    let hanging = &hanging[..nh];
    // The largest loss once the side to move has moved the piece on `moved` (to a safe
    // square) and the piece on `taken` is gone.
    let loss_after = |moved: usize, taken: usize| -> f64 {
        hanging
            .iter()
            .filter(|h| h.2 != moved && h.3.iter().any(|&b| b != usize::MAX && b != taken))
            .map(|h| h.0)
            .fold(0.0, f64::max)
    };
    let mut best = -loss_after(usize::MAX, usize::MAX);
    if let Some(k) = (0..hanging.len())
        .filter(|&k| hanging[k].1)
        .max_by(|&a, &b| hanging[a].0.total_cmp(&hanging[b].0))
    {
        best = best.max(-loss_after(hanging[k].2, usize::MAX));
    }
    for_captures(s, bot, |from, to, g| {
        best = best.max(g - loss_after(from, to));
    });
    best
}

/// Where our Spy, General and Marshal stand (found by the evaluation's pass over the
/// board).
#[derive(Clone, Copy, Default)]
struct Key {
    spy: Option<usize>,
    general: Option<usize>,
    marshal: Option<usize>,
}

/// The cost of our Spy away from our General while the enemy Marshal lives, and of our
/// known Marshal next to unmoved unknown enemy pieces while the enemy Spy lives.
fn spy_terms(s: &Sim, me: Color, ours: Key, x: Extra) -> f64 {
    let them = me.opposite();
    let mut cost = 0.0;
    if s.counts[them.index()][Rank::Marshal.index()] > 0 || x.spy_kept && ours.spy.is_none() {
        // With our Spy or General gone, the most it costs: losing either must not look
        // like a gain.
        cost += match (ours.spy, ours.general) {
            (Some(a), Some(b)) => {
                (3.0 * (dist(a as u8, b as u8).saturating_sub(1)) as f64).min(30.0)
            }
            _ => 30.0,
        };
    }
    if s.counts[them.index()][Rank::Spy.index()] > 0 {
        if let Some(m) = ours.marshal.filter(|&m| is_revealed(s.board[m])) {
            for n in neighbours(m) {
                let v = s.board[n];
                if is_piece(v) && sim::color_of(v) == them && !is_revealed(v) && !is_moved(v) {
                    cost += 12.0;
                }
            }
        }
    }
    cost
}

/// Whether the best root move's average is clearly ahead of the second best's.
fn clearly_best(totals: &[f64], squares: &[f64], samples: u32) -> bool {
    let n = samples as f64;
    let stat = |k: usize| {
        let mean = totals[k] / n;
        let var = (squares[k] / n - mean * mean).max(0.0);
        (mean, var / n)
    };
    let mut order: Vec<usize> = (0..totals.len()).collect();
    order.sort_by(|&a, &b| totals[b].total_cmp(&totals[a]));
    if order.len() < 2 {
        return true;
    }
    let (m1, v1) = stat(order[0]);
    let (m2, v2) = stat(order[1]);
    let gap = m1 - m2;
    gap > CLEAR_MARGIN && gap > CLEAR_SE * (v1 + v2).sqrt()
}

/// Whether a piece of rank `r` beats, as the attacker, every movable rank with a piece in
/// `unseen` (the ranks an unknown moved piece may be): then it attacks a moved unknown
/// piece at no risk.
fn sure_win(r: Rank, unseen: &[u8; 12], aggressor_advantage: bool) -> bool {
    r.is_movable()
        && Rank::ALL
            .into_iter()
            .filter(|e| e.is_movable() && unseen[e.index()] > 0)
            .all(|e| sim::battle(r, e, aggressor_advantage) == BattleResult::AttackerWins)
}

/// The ranks of the enemy pieces `view` does not show, by `Rank::index`.
fn unseen_enemy(view: &PlayerView, me: Color) -> [u8; 12] {
    let enemy = me.opposite();
    let mut pool = *view.remaining.get(enemy);
    for sq in Square::all() {
        if let Some(p) = view.piece_at(sq).filter(|p| p.color == enemy) {
            if let Some(r) = p.rank {
                pool[r.index()] = pool[r.index()].saturating_sub(1);
            }
        }
    }
    pool
}

/// The root penalty for attacking an enemy piece of unknown rank with a strong piece
/// (none when the piece beats whatever a moved target may be).
fn blind_attack_cost(view: &PlayerView, (from, to): SMove, pressing: f64) -> f64 {
    let sq = |i: u8| Square::from_index(i as usize).expect("a square");
    let (Some(a), Some(d)) = (view.piece_at(sq(from)), view.piece_at(sq(to))) else {
        return 0.0;
    };
    let Some(r) = a.rank else { return 0.0 };
    if d.rank.is_some() || !r.is_movable() {
        return 0.0;
    }
    if !d.moved && r != Rank::Miner && r != Rank::Scout {
        // An unmoved piece may be a Bomb: probe it with a Miner or a Scout. The strong
        // pieces and the Spy do not attack it at all unless nothing else is left to do.
        if r >= Rank::Captain || r == Rank::Spy {
            return WIN * 10.0;
        }
        // Once the game has stalled, low pieces probe: what they find is worth more than
        // the piece.
        return (1.0 - pressing) * (BLIND_UNMOVED * value(r) + 30.0) - pressing * PROBE;
    }
    if !d.moved && pressing > 0.0 {
        return -pressing * PROBE;
    }
    if let Some(me) = view.color() {
        if d.moved
            && sure_win(
                r,
                &unseen_enemy(view, me),
                view.rules.options.aggressor_advantage,
            )
        {
            return 0.0;
        }
    }
    if r >= Rank::Major {
        BLIND_ATTACK * value(r) + if r >= Rank::General { 20.0 } else { 0.0 }
    } else {
        0.0
    }
}

/// Whether root move `(from, to)` is our Marshal attacking the known enemy Marshal that
/// `cfg` keeps it off: after our Spy is gone ([`HardConfig::marshal_kept`]) or while it
/// lives ([`HardConfig::spy_wait`]).
fn marshal_trade_kept_off(cfg: &HardConfig, view: &PlayerView, (from, to): SMove) -> bool {
    let Some(me) = view.color() else { return false };
    let rank = |i: u8| {
        Square::from_index(i as usize)
            .and_then(|s| view.piece_at(s))
            .and_then(|p| p.rank)
    };
    let spy = view.remaining.get(me)[Rank::Spy.index()] > 0;
    (if spy { cfg.spy_wait } else { cfg.marshal_kept })
        && rank(from) == Some(Rank::Marshal)
        && rank(to) == Some(Rank::Marshal)
}

/// An attack of the opponent's the search leaves out: an officer above Captain on a piece
/// of ours it has not seen, never moved, that is not the Flag (it probes with low ranks).
#[inline]
fn opponent_skips(s: &Sim, (from, to): SMove) -> bool {
    let target = s.board[to as usize];
    !is_revealed(target)
        && rank_of(s.board[from as usize]) > Rank::Captain
        && !is_moved(target)
        && rank_of(target) != Rank::Flag
}

/// How many enemy pieces that may take it stand next to our Spy once root move `(from,
/// to)` is made ([`HardConfig::spy_guard`]): moved or known movable pieces, not a known
/// Marshal (the Spy takes it first), not the piece the move attacks. A move in which the
/// Spy itself attacks anything but a known Marshal counts as leaving it where it stands
/// (at least once): it dies in the attack unless the piece is the Marshal, so it is no way
/// out of the cost (a likely Marshal is left to the search's average, which must then beat
/// a flight by the cost). None once the enemy Marshal is gone (the Spy is then worth
/// little).
fn spy_exposed(view: &PlayerView, (from, to): SMove) -> u32 {
    let Some(me) = view.color() else { return 0 };
    let sq = |i: u8| Square::from_index(i as usize).expect("a square");
    let (from, to) = (sq(from), sq(to));
    let enemy = me.opposite();
    let marshal_on_board = Square::all().any(|s| {
        view.piece_at(s)
            .is_some_and(|p| p.color == enemy && p.rank == Some(Rank::Marshal))
    });
    if !marshal_on_board && unseen_enemy(view, me)[Rank::Marshal.index()] == 0 {
        return 0;
    }
    let threats = |spy: Square, skip: Option<Square>| {
        super::neighbours(spy)
            .filter(|&n| Some(n) != skip)
            .filter_map(|n| view.piece_at(n))
            .filter(|p| p.color == enemy)
            .filter(|p| match p.rank {
                Some(r) => r.is_movable() && r != Rank::Marshal,
                None => p.moved,
            })
            .count() as u32
    };
    let attack = view.piece_at(to);
    if view.piece_at(from).and_then(|p| p.rank) == Some(Rank::Spy) {
        return match attack {
            Some(p) if p.rank == Some(Rank::Marshal) => 0,
            Some(_) => threats(from, None).max(1),
            None => threats(to, None),
        };
    }
    let Some(spy) = Square::all().find(|&s| {
        view.piece_at(s)
            .is_some_and(|p| p.color == me && p.rank == Some(Rank::Spy))
    }) else {
        return 0;
    };
    threats(spy, attack.is_some().then_some(to))
}

/// The root cost of each enemy piece [`spy_exposed`] counts: a little less than the Spy
/// is worth while the enemy Marshal lives (its value and [`spy_terms`]' 30).
const SPY_GUARD: f64 = 40.0;

/// A hash of the board as `view` shows it once our piece on `from` has moved to the empty
/// `to`: every piece's square, colour and rank as far as the view shows it.
fn position_after(view: &PlayerView, from: Square, to: Square) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |x: u64| {
        h ^= x;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    };
    for sq in Square::all() {
        let at = if sq == to {
            view.piece_at(from)
        } else if sq == from {
            None
        } else {
            view.piece_at(sq)
        };
        if let Some(p) = at {
            let rank = p.rank.map_or(15, |r| r.index() as u64);
            mix(sq.index() as u64 * 64 + p.color.index() as u64 * 16 + rank);
        }
    }
    h
}

/// Whether our piece on `from` stands next to a known enemy piece that takes it and that
/// none of our pieces takes ([`HardConfig::flee`]).
fn unbeatable_chaser(view: &PlayerView, from: Square) -> bool {
    let Some(me) = view.color() else { return false };
    let Some(ours) = view.piece_at(from).and_then(|p| p.rank) else {
        return false;
    };
    let aa = view.rules.options.aggressor_advantage;
    let remaining = view.remaining.get(me);
    super::neighbours(from).any(|n| {
        let Some(e) = view
            .piece_at(n)
            .filter(|p| p.color != me)
            .and_then(|p| p.rank)
        else {
            return false;
        };
        sim::battle(e, ours, aa) == BattleResult::AttackerWins
            && !Rank::ALL.into_iter().any(|r| {
                r.is_movable()
                    && remaining[r.index()] > 0
                    && sim::battle(r, e, aa) == BattleResult::AttackerWins
            })
    })
}

/// The cost of making a position once more ([`HardBot::repeats`]) for each time past the
/// first: by the seventh time it outweighs a Major, so an endless chase is given up for
/// the best other move within about 25 of our moves.
const UNLOOP: f64 = 10.0;

/// The root cost of [`marshal_trade_kept_off`]: of 22 games against peternlewis in which
/// the Marshals were traded after our Spy was lost, 13 were lost, against 9 of the other 98
/// (`docs/bots.md`, stop 34).
const MARSHAL_KEPT: f64 = 150.0;

impl Bot for HardBot {
    fn setup(&mut self, rules: &Rules, color: Color) -> Setup {
        self.revealed = [false; 100];
        self.hints = vec![None; 100];
        self.pending = None;
        self.last = None;
        self.progress = (0, 0);
        self.calm_since = 0;
        self.offered = None;
        self.siege_since = 0;
        self.enemy_left = 0;
        self.target = None;
        self.made.clear();
        setups::generate(rules, color, self.rng.next())
    }

    fn choose(&mut self, view: &PlayerView) -> Option<Move> {
        let me = view.color()?;
        self.track(view, me);
        self.note_progress(view, me);
        if view.legal_moves.is_empty() {
            return None;
        }
        let start = Instant::now();
        let mut roots: Vec<SMove> = Vec::new();
        for m in &view.legal_moves {
            let sm = (m.from.index() as u8, m.to.index() as u8);
            if !roots.contains(&sm) {
                roots.push(sm);
            }
        }
        let chosen = if roots.len() == 1 {
            self.stats = (0, 0);
            roots[0]
        } else {
            self.search(view, me, &roots, start)
        };
        // Prefer a rescue of the strongest piece when the move allows one.
        let mut pick: Option<Move> = None;
        for m in &view.legal_moves {
            if (m.from.index() as u8, m.to.index() as u8) != chosen {
                continue;
            }
            let better = match (pick.and_then(|p| p.rescue), m.rescue) {
                (_, None) => pick.is_none(),
                (None, Some(_)) => true,
                (Some(a), Some(b)) => b.rank > a.rank,
            };
            if better {
                pick = Some(*m);
            }
        }
        let m = pick?;
        let attack = view.piece_at(m.to).is_some();
        if self.cfg.unloop && !attack {
            *self
                .made
                .entry(position_after(view, m.from, m.to))
                .or_insert(0) += 1;
        }
        self.pending = Some((m, attack));
        self.last = Some(m);
        Some(m)
    }

    /// A draw is taken when the bot is not ahead by [`DRAW_LEAD`] in movable material, or
    /// after [`DRAW_CALM`] plies without progress whatever the lead.
    fn accepts_draw(&mut self, view: &PlayerView) -> bool {
        let Some(me) = view.color() else { return false };
        let (ours, theirs) = movable_material(view, me);
        ours - theirs < DRAW_LEAD || self.calm(view, me) >= DRAW_CALM
    }

    /// After [`DRAW_CALM`] plies without progress, when not ahead by [`DRAW_LEAD`]: once,
    /// and again only after as many plies.
    fn offers_draw(&mut self, view: &PlayerView) -> bool {
        let Some(me) = view.color() else { return false };
        let (ours, theirs) = movable_material(view, me);
        let calm = self.calm(view, me);
        let again = self
            .offered
            .is_none_or(|at| view.ply >= at.saturating_add(DRAW_CALM));
        if calm >= DRAW_CALM && ours - theirs < DRAW_LEAD && again {
            self.offered = Some(view.ply);
            return true;
        }
        false
    }

    /// Lost beyond doubt: the opponent may have five times our movable material, and at
    /// least a Marshal's and a General's worth of it.
    fn resigns(&mut self, view: &PlayerView) -> bool {
        let Some(me) = view.color() else { return false };
        let (ours, theirs) = movable_material(view, me);
        theirs >= value(Rank::Marshal) + value(Rank::General) && ours * 5.0 < theirs
    }
}

/// Our movable material and the most the opponent may have left, by the view's counts.
fn movable_material(view: &PlayerView, me: Color) -> (f64, f64) {
    let sum = |c: Color| {
        Rank::ALL
            .into_iter()
            .filter(|r| r.is_movable())
            .map(|r| view.remaining.get(c)[r.index()] as f64 * value(r))
            .sum::<f64>()
    };
    (sum(me), sum(me.opposite()))
}

/// A lead in movable material below which the bot takes a draw it is offered.
const DRAW_LEAD: f64 = 30.0;
/// Plies without progress after which the bot takes a draw whatever its lead, and offers
/// one when it is not ahead by [`DRAW_LEAD`] (again after as many plies).
const DRAW_CALM: u32 = 300;

impl HardBot {
    /// How hard to press now ([`press`]; 0 unless [`HardConfig::press`] or
    /// [`HardConfig::siege`]).
    fn pressing(&self, view: &PlayerView) -> f64 {
        if self.cfg.siege {
            press(view.ply, self.siege_since)
        } else if self.cfg.press {
            press(view.ply, self.calm_since)
        } else {
            0.0
        }
    }

    /// With [`HardConfig::unloop`], the root cost of making the position after `(from,
    /// to)` (a move that is no attack) once more: [`UNLOOP`] for each time past the first
    /// it came about by one of our moves.
    fn repeats(&self, view: &PlayerView, (from, to): SMove) -> f64 {
        if !self.cfg.unloop {
            return 0.0;
        }
        let sq = |i: u8| Square::from_index(i as usize).expect("a square");
        if view.piece_at(sq(to)).is_some() {
            return 0.0;
        }
        if self.cfg.flee && unbeatable_chaser(view, sq(from)) {
            return 0.0;
        }
        let n = self
            .made
            .get(&position_after(view, sq(from), sq(to)))
            .copied()
            .unwrap_or(0);
        UNLOOP * n.saturating_sub(1) as f64
    }

    /// With [`HardConfig::siege`], the square the press aims at: the one chosen before
    /// while it still holds an unmoved enemy piece of unknown rank (or the known Flag),
    /// else the likeliest Flag square now.
    fn siege_target(&mut self, view: &PlayerView, me: Color, belief: &Belief) -> Option<usize> {
        let holds = |i: usize| {
            Square::from_index(i)
                .and_then(|sq| view.piece_at(sq))
                .is_some_and(|p| {
                    p.color != me && (p.rank == Some(Rank::Flag) || p.rank.is_none() && !p.moved)
                })
        };
        if self.target.is_some_and(|t| !holds(t)) {
            self.target = None;
        }
        if self.target.is_none() {
            self.target = Plan::targets(view, me, belief).first().copied();
        }
        self.target
    }

    /// Plies since the last progress the view showed.
    fn calm(&mut self, view: &PlayerView, me: Color) -> u32 {
        self.note_progress(view, me);
        view.ply.saturating_sub(self.calm_since)
    }

    fn root_board(
        &self,
        view: &PlayerView,
        sample: &[Option<crate::rules::Piece>; 100],
    ) -> [u8; 100] {
        let me = view.color().expect("player");
        let mut b = [EMPTY; 100];
        for sq in Square::all() {
            let i = sq.index();
            if sq.is_lake() {
                b[i] = LAKE;
            } else if let (Some(p), Some(vp)) = (sample[i], view.piece_at(sq)) {
                let revealed = if p.color == me {
                    self.revealed[i]
                } else {
                    vp.rank.is_some()
                };
                b[i] = sim::cell(p, vp.moved, revealed);
            }
        }
        b
    }

    fn search(&mut self, view: &PlayerView, me: Color, roots: &[SMove], start: Instant) -> SMove {
        let belief = self.belief_with_hints(view, me);
        let aa = view.rules.options.aggressor_advantage;
        let pressing = self.pressing(view);
        let plan = if self.cfg.siege && pressing > 0.0 {
            self.siege_target(view, me, &belief)
                .map(|t| Plan::at(vec![t], pressing))
        } else {
            Plan::of(view, me, &belief, pressing)
        };
        let mut search = Search {
            me,
            nodes: 0,
            node_limit: self.cfg.nodes.unwrap_or(u64::MAX),
            deadline: start + self.cfg.time,
            aborted: false,
            bufs: Vec::new(),
            ordered: true,
            killers: Vec::new(),
            history: vec![0; 100 * 100],
            maps: None,
            plan,
            x: Extra::of(&self.cfg),
        };
        let mut depth = self.cfg.depth.max(1);
        let mut totals = vec![0.0f64; roots.len()];
        let mut squares = vec![0.0f64; roots.len()];
        let mut samples = 0u32;
        let mut vals = vec![0.0f64; roots.len()];
        loop {
            let sample = belief.sample(view, &mut self.rng);
            let sim = Sim::new(self.root_board(view, &sample), me, aa);
            if search.maps.is_none() {
                // Our Flag and Bombs are the same in every sample.
                search.maps = FlagMaps::of(&sim, me, search.x.wall_doors, search.x.crowd);
            }
            let before = search.nodes;
            for (k, &m) in roots.iter().enumerate() {
                let mut c = sim.clone();
                c.play(m);
                vals[k] = -search.ab(&c, depth - 1, 1, -WIN * 4.0, WIN * 4.0);
                if search.aborted {
                    break;
                }
            }
            if search.aborted {
                break;
            }
            for k in 0..roots.len() {
                totals[k] += vals[k];
                squares[k] += vals[k] * vals[k];
            }
            samples += 1;
            if samples == 1 && depth > 2 {
                // Too slow for enough samples at this depth: start again a ply shallower
                // (and again, down to 2 plies, if that is still too slow).
                let used = search.nodes - before;
                let elapsed = start.elapsed().as_secs_f64().max(1e-6);
                let by_time = self.cfg.time.as_secs_f64() / elapsed;
                let by_nodes = self
                    .cfg
                    .nodes
                    .map_or(f64::INFINITY, |n| n as f64 / used as f64);
                if by_time.min(by_nodes) < 6.0 {
                    depth -= 1;
                    totals.iter_mut().for_each(|t| *t = 0.0);
                    squares.iter_mut().for_each(|t| *t = 0.0);
                    samples = 0;
                }
            }
            if samples >= CLEAR_SAMPLES && clearly_best(&totals, &squares, samples) {
                break;
            }
            if samples >= 400 {
                break;
            }
        }
        if samples == 0 {
            // Not even one sample in the budget: a one-ply look at one sample.
            let sample = belief.sample(view, &mut self.rng);
            let sim = Sim::new(self.root_board(view, &sample), me, aa);
            search.aborted = false;
            search.node_limit = u64::MAX;
            search.deadline = Instant::now() + Duration::from_secs(3600);
            for (k, &m) in roots.iter().enumerate() {
                let mut c = sim.clone();
                c.play(m);
                totals[k] = -search.ab(&c, 0, 1, -WIN * 4.0, WIN * 4.0);
            }
            samples = 1;
        }
        self.stats = (samples, search.nodes);
        self.pick(view, roots, &totals, samples)
    }

    /// What we believe of the enemy pieces, with what we learned of them (`hints`) and a
    /// moved piece deep in our half taken for a raider.
    fn belief_with_hints(&self, view: &PlayerView, me: Color) -> Belief {
        let mut belief = Belief::from_view(view);
        for sq in Square::all() {
            let mut likes = self.hints[sq.index()];
            // A moved piece deep in our half is most likely a raider: a Miner going for
            // our Bombs, a Scout, a low piece.
            if view
                .piece_at(sq)
                .is_some_and(|p| p.color != me && p.moved && p.rank.is_none())
                && depth_of(me, sq) <= 2
            {
                let l = likes.get_or_insert([1.0; 12]);
                l[Rank::Miner.index()] *= 3.0;
                l[Rank::Scout.index()] *= 2.0;
                for r in [Rank::Sergeant, Rank::Lieutenant, Rank::Captain] {
                    l[r.index()] *= 1.5;
                }
            }
            if let Some(likes) = likes {
                belief.set_likes(sq, likes);
            }
        }
        belief
    }

    /// The root move with the best mean value over the `samples` (`totals` their sums),
    /// with a little noise, a blind attack's cost and going back on our last move counted.
    fn pick(&mut self, view: &PlayerView, roots: &[SMove], totals: &[f64], samples: u32) -> SMove {
        self.scores.clear();
        let pressing = self.pressing(view);
        let mut best = (f64::NEG_INFINITY, roots[0]);
        for (k, &m) in roots.iter().enumerate() {
            let mut v = totals[k] / samples as f64 + unit(&mut self.rng) * 0.5;
            v -= blind_attack_cost(view, m, pressing);
            v -= self.repeats(view, m);
            if marshal_trade_kept_off(&self.cfg, view, m) {
                v -= MARSHAL_KEPT;
            }
            if self.cfg.spy_guard {
                v -= SPY_GUARD * spy_exposed(view, m) as f64;
            }
            self.scores.push((
                Move::new(
                    Square::from_index(m.0 as usize).expect("a square"),
                    Square::from_index(m.1 as usize).expect("a square"),
                ),
                v,
            ));
            if self
                .last
                .is_some_and(|l| l.from.index() as u8 == m.1 && l.to.index() as u8 == m.0)
            {
                v -= 1.5;
            }
            if v > best.0 {
                best = (v, m);
            }
        }
        best.1
    }
}

/// The evaluation's terms one by one, for diagnosis (`hard_probe`): on the true position
/// `truth` (what the bot would see if every sample were right), for each root move in
/// `roots` the position after it, then the opponent's three replies that leave `me` worst
/// off by the static evaluation (a two-ply look without the search's pruning rules).
#[cfg(test)]
pub(crate) fn probe_terms(
    bot: &HardBot,
    view: &PlayerView,
    truth: &[Option<crate::rules::Piece>; 100],
    roots: &[Move],
) {
    let me = view.color().expect("player");
    let aa = view.rules.options.aggressor_advantage;
    let root = Sim::new(bot.root_board(view, truth), me, aa);
    let dom = Extra::of(&bot.cfg);
    let maps = FlagMaps::of(&root, me, dom.wall_doors, dom.crowd);
    let terms = |s: &Sim| {
        let t = Terms::of(s, me, maps.as_ref(), None, dom);
        format!(
            "total {:.1}: pieces {:+.1}, race {:+.1}, threat {:+.1}, hunters {:+.1}, hunt {:+.1}, spy {:+.1}, one move {:+.1}, trade {:+.1}, dominance {:+.1}, trapped {:+.1}",
            t.total(),
            t.pieces,
            t.race,
            t.threat,
            t.hunters,
            t.hunt,
            t.spy,
            t.one_move,
            t.trade,
            t.dominance,
            t.trapped,
        )
    };
    let mut replies = Vec::new();
    for m in roots {
        let mut s = root.clone();
        s.play((m.from.index() as u8, m.to.index() as u8));
        // The search itself on the true position, at the depths it uses.
        let searched: Vec<String> = [2u8, 3]
            .iter()
            .map(|&d| {
                let mut search = Search::unbounded(me, maps.clone(), dom);
                let v = -search.ab(&s, d - 1, 1, -WIN * 4.0, WIN * 4.0);
                format!("depth {d} {v:.1}")
            })
            .collect();
        println!(
            "  {}-{}: searched on the truth {}; {}",
            m.from,
            m.to,
            searched.join(", "),
            terms(&s)
        );
        s.moves(&mut replies);
        let mut worst: Vec<(f64, SMove)> = replies
            .iter()
            .map(|&r| {
                let mut c = s.clone();
                c.play(r);
                (evaluate(&c, me, maps.as_ref(), None, dom), r)
            })
            .collect();
        worst.sort_by(|a, b| a.0.total_cmp(&b.0));
        for &(_, (f, t)) in worst.iter().take(3) {
            let mut c = s.clone();
            c.play((f, t));
            let sq = |i: u8| Square::from_index(i as usize).expect("a square");
            println!("      {}-{}: {}", sq(f), sq(t), terms(&c));
        }
    }
}

/// For `hard_probe` (`SAMPLES=N`): N positions drawn from the bot's belief, and in each the
/// depth-2 value of each of `roots` with the opponent's reply that holds it there, and
/// where the sample put the unknown enemy pieces within three steps of that reply.
#[cfg(test)]
pub(crate) fn probe_samples(bot: &HardBot, view: &PlayerView, roots: &[Move], n: u32) {
    let me = view.color().expect("player");
    let aa = view.rules.options.aggressor_advantage;
    let belief = bot.belief_with_hints(view, me);
    let mut rng = SplitMix64(99);
    let sq = |i: u8| Square::from_index(i as usize).expect("a square");
    for m in roots.iter().filter(|_| n > 0) {
        let sm = (m.from.index() as u8, m.to.index() as u8);
        println!(
            "  {}-{}: root costs: blind attack {:.1}, repeats {:.1}",
            m.from,
            m.to,
            blind_attack_cost(view, sm, bot.pressing(view)),
            bot.repeats(view, sm)
        );
    }
    for k in 0..n {
        let sample = belief.sample(view, &mut rng);
        let root = Sim::new(bot.root_board(view, &sample), me, aa);
        let maps = FlagMaps::of(&root, me, bot.cfg.wall_doors, bot.cfg.crowd);
        let mut search = Search::unbounded(me, maps, Extra::of(&bot.cfg));
        println!("sample {k}:");
        for m in roots {
            let mut s = root.clone();
            s.play((m.from.index() as u8, m.to.index() as u8));
            let v = -search.ab(&s, 1, 1, -WIN * 4.0, WIN * 4.0);
            let v3 = -search.ab(&s, 2, 1, -WIN * 4.0, WIN * 4.0);
            // The reply that holds the move to its value (as `ab` filters them).
            let mut replies = Vec::new();
            s.moves(&mut replies);
            let mut worst: Option<(f64, SMove)> = None;
            for &r in &replies {
                if s.is_attack(r) && opponent_skips(&s, r) {
                    continue;
                }
                let mut c = s.clone();
                c.play(r);
                let w = search.ab(&c, 0, 2, -WIN * 4.0, WIN * 4.0);
                if worst.is_none_or(|(x, _)| w < x) {
                    worst = Some((w, r));
                }
            }
            let Some((w, r)) = worst else { continue };
            let after = {
                let mut c = s.clone();
                c.play(r);
                let t = Terms::of(&c, me, search.maps.as_ref(), None, search.x);
                format!(
                    "pieces {:+.1}, race {:+.1}, threat {:+.1}, hunters {:+.1}, hunt {:+.1}, spy {:+.1}, one move {:+.1}, trade {:+.1}",
                    t.pieces, t.race, t.threat, t.hunters, t.hunt, t.spy, t.one_move, t.trade
                )
            };
            let near: Vec<String> = (0..100u8)
                .filter(|&i| dist(i, r.1) <= 3)
                .filter_map(|i| {
                    let p = sample[i as usize]?;
                    let hidden = view.piece_at(sq(i)).is_some_and(|vp| vp.rank.is_none());
                    (p.color != me && hidden).then(|| format!("{}={:?}", sq(i), p.rank))
                })
                .collect();
            println!(
                "  {}-{}: depth 3 {v3:.1}, depth 2 {v:.1}; reply {}-{} ({:?}) {w:.1} ({after}); hidden near: {}",
                m.from,
                m.to,
                sq(r.0),
                sq(r.1),
                rank_of(s.board[r.0 as usize]),
                near.join(" ")
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Variant, Viewer};

    /// Move ordering ([`order_moves`]) changes how many nodes alpha-beta visits, never the
    /// values it returns: on positions of a game against easy, every root move of each
    /// sample gets the same value with and without it, in fewer nodes with it.
    #[test]
    fn ordering_the_moves_keeps_every_value_in_fewer_nodes() {
        let rules = Rules::standard(Variant::Classic);
        let mut hard = HardBot::new(5, HardConfig::with_nodes(3_000));
        let mut easy = crate::bot::EasyBot::new(6);
        let rs = hard.setup(&rules, Color::Red);
        let bs = easy.setup(&rules, Color::Blue);
        let mut game = Game::new(rules, &rs, &bs).unwrap();
        let (mut plain, mut ordered, mut rng) = (0u64, 0u64, SplitMix64(9));
        while !game.is_over() && game.ply() < 120 {
            let c = game.to_move();
            let view = game.view(Viewer::Player(c));
            let m = if c == Color::Red {
                if game.ply() % 40 == 30 {
                    let belief = hard.belief_with_hints(&view, c);
                    let sample = belief.sample(&view, &mut rng);
                    let aa = rules.options.aggressor_advantage;
                    let sim = Sim::new(hard.root_board(&view, &sample), c, aa);
                    let mut vals = [Vec::new(), Vec::new()];
                    for (o, v) in vals.iter_mut().enumerate() {
                        let x = Extra::of(&HardConfig::default());
                        let mut search =
                            Search::unbounded(c, FlagMaps::of(&sim, c, x.wall_doors, x.crowd), x);
                        search.ordered = o == 1;
                        for m in &view.legal_moves {
                            let mut s = sim.clone();
                            s.play((m.from.index() as u8, m.to.index() as u8));
                            v.push(-search.ab(&s, 2, 1, -WIN * 4.0, WIN * 4.0));
                        }
                        *[&mut plain, &mut ordered][o] += search.nodes;
                    }
                    assert_eq!(vals[0], vals[1], "values at ply {}", game.ply());
                }
                hard.choose(&view).unwrap()
            } else {
                easy.choose(&view).unwrap()
            };
            game.play(m).unwrap();
        }
        assert!(ordered < plain, "{ordered} nodes ordered, {plain} not");
    }

    #[test]
    fn takes_a_known_flag_and_a_known_weaker_piece() {
        // Red Captain next to a revealed Blue Lieutenant: the hard bot takes it.
        let rules = Rules::standard(Variant::Barrage);
        let mut red = Setup::new(Color::Red);
        let mut blue = Setup::new(Color::Blue);
        let sq = |s: &str| s.parse::<Square>().unwrap();
        red.pieces.insert(sq("A1"), Rank::Flag);
        red.pieces.insert(sq("E4"), Rank::General);
        red.pieces.insert(sq("J1"), Rank::Scout);
        blue.pieces.insert(sq("J10"), Rank::Flag);
        blue.pieces.insert(sq("E6"), Rank::Miner);
        blue.pieces.insert(sq("A10"), Rank::Bomb);
        let mut game = Game::from_position(rules, &red, &blue).unwrap();
        // Reveal the Miner: Red's Scout attacks... simpler: let Blue's miner attack nothing;
        // the General sees an unknown moved piece. Move Red's Scout, Blue's Miner E6-E5.
        game.play(Move::new(sq("J1"), sq("J2"))).unwrap();
        game.play(Move::new(sq("E6"), sq("E5"))).unwrap();
        let view = game.view(Viewer::Player(Color::Red));
        let mut bot = HardBot::new(1, HardConfig::with_nodes(20_000));
        let m = bot.choose(&view).unwrap();
        // The only moved unknown enemy piece must be the Miner (the rest are a Bomb and
        // the Flag): the General takes it.
        assert_eq!(m, Move::new(sq("E4"), sq("E5")));
    }

    /// A stalled game (no battle, no rank learned for a while) makes the bot press: from
    /// [`STALL`] calm plies its Miner is drawn to the likeliest enemy Flag squares (the
    /// walled-in unmoved pieces of the back row), and a low piece's probe of an unmoved
    /// piece gets a bonus instead of its blind cost.
    #[test]
    fn a_stalled_game_sends_the_miner_to_the_likeliest_flag() {
        assert_eq!(press(40, 0), 0.0);
        assert_eq!(press(1000, 990), 0.0);
        assert!((press(70, 0) - 0.5).abs() < 1e-9);
        assert_eq!(press(500, 0), 1.0);
        let rules = Rules::standard(Variant::Classic);
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mut red = Setup::new(Color::Red);
        let mut blue = Setup::new(Color::Blue);
        red.pieces.insert(sq("A1"), Rank::Flag);
        red.pieces.insert(sq("E4"), Rank::Miner);
        red.pieces.insert(sq("F4"), Rank::Sergeant);
        // Blue's Flag in the corner, walled in by Bombs; a lone piece elsewhere.
        blue.pieces.insert(sq("J10"), Rank::Flag);
        blue.pieces.insert(sq("I10"), Rank::Bomb);
        blue.pieces.insert(sq("J9"), Rank::Bomb);
        blue.pieces.insert(sq("A7"), Rank::Scout);
        let game = Game::from_position(rules, &red, &blue).unwrap();
        let view = game.view(Viewer::Player(Color::Red));
        let mut late = view.clone();
        late.ply = 500;
        assert_eq!(HardBot::new(1, HardConfig::default()).pressing(&late), 0.0);
        let pressing = HardConfig {
            press: true,
            ..HardConfig::default()
        };
        assert_eq!(HardBot::new(1, pressing).pressing(&late), 1.0);
        let belief = Belief::from_view(&view);
        assert!(Plan::of(&view, Color::Red, &belief, 0.0).is_none());
        let plan = Plan::of(&view, Color::Red, &belief, 1.0).expect("a plan");
        assert_eq!(plan.goal[sq("J10").index()], 0);
        let at = |miner: &str| {
            let mut b = lakes_only();
            let put = |b: &mut [u8; 100], s: &str, rank| {
                b[sq(s).index()] = sim::cell(
                    crate::rules::Piece {
                        color: Color::Red,
                        rank,
                    },
                    true,
                    false,
                );
            };
            put(&mut b, miner, Rank::Miner);
            put(&mut b, "F4", Rank::Sergeant);
            plan.term(&Armies::of_sim(&Sim::new(b, Color::Red, false)), Color::Red)
        };
        assert!(at("J5") > at("E4"));
        assert!((at("J5") - at("J4") - PRESS).abs() < 1e-9);
        // Probing an unmoved piece with a Sergeant: a cost when calm, a bonus at full press.
        let probe = (sq("E4").index() as u8, sq("E5").index() as u8);
        let mut blue2 = Setup::new(Color::Blue);
        blue2.pieces.insert(sq("J10"), Rank::Flag);
        blue2.pieces.insert(sq("E5"), Rank::Bomb);
        blue2.pieces.insert(sq("A7"), Rank::Scout);
        blue2.pieces.insert(sq("B7"), Rank::Sergeant);
        let mut red2 = Setup::new(Color::Red);
        red2.pieces.insert(sq("A1"), Rank::Flag);
        red2.pieces.insert(sq("E4"), Rank::Sergeant);
        let g2 = Game::from_position(rules, &red2, &blue2).unwrap();
        let v2 = g2.view(Viewer::Player(Color::Red));
        assert!(blind_attack_cost(&v2, probe, 0.0) > 0.0);
        assert_eq!(blind_attack_cost(&v2, probe, 1.0), -PROBE);
    }

    /// Against a person: the hard bot takes a draw when it is not ahead, or after
    /// [`DRAW_CALM`] plies without progress; it offers one once the game has been calm
    /// that long; it resigns only when lost beyond doubt.
    #[test]
    fn takes_a_draw_or_resigns_when_it_is_right() {
        let rules = Rules::standard(Variant::Classic);
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let position = |red_ranks: &[(&str, Rank)], blue_ranks: &[(&str, Rank)]| {
            let mut red = Setup::new(Color::Red);
            let mut blue = Setup::new(Color::Blue);
            red.pieces.insert(sq("A1"), Rank::Flag);
            blue.pieces.insert(sq("J10"), Rank::Flag);
            for &(s, r) in red_ranks {
                red.pieces.insert(sq(s), r);
            }
            for &(s, r) in blue_ranks {
                blue.pieces.insert(sq(s), r);
            }
            Game::from_position(rules, &red, &blue).unwrap()
        };
        let even = position(&[("E4", Rank::Major)], &[("E7", Rank::Major)]);
        let view = even.view(Viewer::Player(Color::Red));
        let mut bot = HardBot::new(1, HardConfig::with_nodes(2_000));
        assert!(bot.accepts_draw(&view));
        assert!(!bot.resigns(&view));
        assert!(!bot.offers_draw(&view), "not calm long enough");
        let ahead = position(
            &[("E4", Rank::Marshal), ("F4", Rank::General)],
            &[("E7", Rank::Major)],
        );
        let view = ahead.view(Viewer::Player(Color::Red));
        let mut bot = HardBot::new(1, HardConfig::with_nodes(2_000));
        assert!(!bot.accepts_draw(&view));
        let mut calm = view.clone();
        calm.ply = DRAW_CALM;
        assert!(bot.accepts_draw(&calm), "calm for {DRAW_CALM} plies");
        let lost = position(
            &[("E4", Rank::Scout)],
            &[("E7", Rank::Marshal), ("F7", Rank::General)],
        );
        let view = lost.view(Viewer::Player(Color::Red));
        let mut bot = HardBot::new(1, HardConfig::with_nodes(2_000));
        assert!(bot.resigns(&view));
        let mut calm = even.view(Viewer::Player(Color::Red));
        let mut bot = HardBot::new(1, HardConfig::with_nodes(2_000));
        calm.ply = DRAW_CALM;
        assert!(bot.offers_draw(&calm));
        calm.ply += 2;
        assert!(!bot.offers_draw(&calm), "once");
    }

    /// A piece that beats every rank the enemy's unseen movable pieces may be takes a moved
    /// unknown piece at no risk: no blind-attack cost at the root, and the bot takes it.
    /// Here Blue's Marshal and General are known, so Red's Colonel beats whatever
    /// Blue's moved unknown piece is (a Captain at most).
    #[test]
    fn a_sure_win_takes_a_moved_unknown_piece() {
        let rules = Rules::standard(Variant::Classic);
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mut red = Setup::new(Color::Red);
        let mut blue = Setup::new(Color::Blue);
        red.pieces.insert(sq("A1"), Rank::Flag);
        red.pieces.insert(sq("E3"), Rank::Colonel);
        red.pieces.insert(sq("J1"), Rank::Scout);
        red.pieces.insert(sq("I1"), Rank::Scout);
        blue.pieces.insert(sq("J10"), Rank::Flag);
        blue.pieces.insert(sq("A10"), Rank::Bomb);
        blue.pieces.insert(sq("E7"), Rank::Captain);
        blue.pieces.insert(sq("G9"), Rank::Lieutenant);
        blue.pieces.insert(sq("J8"), Rank::Marshal);
        blue.pieces.insert(sq("I8"), Rank::General);
        let mut game = Game::from_position(rules, &red, &blue).unwrap();
        let mut play = |from: &str, to: &str| game.play(Move::new(sq(from), sq(to))).unwrap();
        // Red's Scouts show Blue's Marshal and General (and die); Blue's Captain steps up
        // next to Red's Colonel. (Blue's Lieutenant moves far from Red's Flag: six moves
        // from it, it would run a race the Colonel, Red's only defender, must watch.)
        play("J1", "J7");
        play("J8", "J7");
        play("I1", "I7");
        play("I8", "I7");
        play("E3", "E4");
        play("E7", "E6");
        play("E4", "E5");
        play("G9", "G8");
        let view = game.view(Viewer::Player(Color::Red));
        assert!(view
            .piece_at(sq("J7"))
            .is_some_and(|p| p.rank == Some(Rank::Marshal)));
        assert!(view
            .piece_at(sq("I7"))
            .is_some_and(|p| p.rank == Some(Rank::General)));
        assert!(view
            .piece_at(sq("E6"))
            .is_some_and(|p| p.rank.is_none() && p.moved));
        let unseen = unseen_enemy(&view, Color::Red);
        assert!(sure_win(Rank::Colonel, &unseen, false));
        assert!(
            !sure_win(Rank::Captain, &unseen, false),
            "a Captain may meet a Captain"
        );
        let cost = blind_attack_cost(&view, (sq("E5").index() as u8, sq("E6").index() as u8), 0.0);
        assert_eq!(
            cost, 0.0,
            "a moved piece that is a Captain at most: no risk"
        );
        let mut bot = HardBot::new(3, HardConfig::with_nodes(20_000));
        assert_eq!(bot.choose(&view), Some(Move::new(sq("E5"), sq("E6"))));
    }

    /// The opponent in the search takes our Flag with whatever piece stands next to it,
    /// even one strong enough that it would not attack an unmoved unknown piece anywhere
    /// else. (Seed 7400, game 16 against peternlewis: its known Major stood next to our
    /// Flag, our Marshal next to the Major; the search, sure the Major would not attack,
    /// moved a Miner instead, and the Major took the Flag.)
    #[test]
    fn the_opponent_in_the_search_takes_our_flag_with_a_major() {
        let mut b = lakes_only();
        let piece = |color, rank| crate::rules::Piece { color, rank };
        let sq = |s: &str| s.parse::<Square>().unwrap().index();
        // Red: the Flag in a corner behind a Bomb, unmoved and unseen; a Marshal far away.
        b[sq("J1")] = sim::cell(piece(Color::Red, Rank::Flag), false, false);
        b[sq("I1")] = sim::cell(piece(Color::Red, Rank::Bomb), false, false);
        b[sq("A4")] = sim::cell(piece(Color::Red, Rank::Marshal), true, false);
        // Blue: a known Major on the Flag's open side; its Flag far away.
        b[sq("J2")] = sim::cell(piece(Color::Blue, Rank::Major), true, true);
        b[sq("A10")] = sim::cell(piece(Color::Blue, Rank::Flag), false, false);
        let s = Sim::new(b, Color::Blue, false);
        let mut search = Search {
            me: Color::Red,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: Instant::now() + Duration::from_secs(60),
            aborted: false,
            bufs: Vec::new(),
            ordered: true,
            killers: Vec::new(),
            history: vec![0; 100 * 100],
            maps: FlagMaps::of(
                &s,
                Color::Red,
                Extra::default().wall_doors,
                Extra::default().crowd,
            ),
            plan: None,
            x: Extra::default(),
        };
        // From Blue's side (to move): it wins at once.
        let v = search.ab(&s, 2, 0, -2.0 * WIN, 2.0 * WIN);
        assert!(v >= WIN, "Blue takes the Flag: {v}");
    }

    /// An empty board but for its lakes.
    fn lakes_only() -> [u8; 100] {
        let mut b = [EMPTY; 100];
        for sq in Square::all().filter(|sq| sq.is_lake()) {
            b[sq.index()] = LAKE;
        }
        b
    }

    /// A position for the static terms: `pieces` as (file, row, colour, rank, revealed),
    /// all moved, plus each side's Flag far away; Red to move.
    fn sim_of(pieces: &[(usize, usize, Color, Rank, bool)]) -> Sim {
        let mut b = lakes_only();
        let put = |b: &mut [u8; 100], f: usize, r: usize, color, rank, revealed| {
            b[r * 10 + f] = sim::cell(crate::rules::Piece { color, rank }, true, revealed);
        };
        put(&mut b, 9, 0, Color::Red, Rank::Flag, false);
        put(&mut b, 9, 9, Color::Blue, Rank::Flag, false);
        for &(f, r, c, rank, rev) in pieces {
            put(&mut b, f, r, c, rank, rev);
        }
        Sim::new(b, Color::Red, false)
    }

    /// [`trapped`]: a known General walled in at home (its own Bombs and a Sergeant on
    /// its three sides) costs half its value once the enemy Marshal is within three steps,
    /// not while it is farther, nor with an empty square beside it, nor near a piece that
    /// does not take it; an unknown piece is not counted, the Spy always is.
    #[test]
    fn a_walled_in_known_piece_near_its_taker_is_trapped() {
        use Color::{Blue, Red};
        let home = [
            (4, 0, Red, Rank::General, true),
            (3, 0, Red, Rank::Bomb, false),
            (5, 0, Red, Rank::Bomb, false),
            (4, 1, Red, Rank::Sergeant, false),
        ];
        let cost = |extra: &[(usize, usize, Color, Rank, bool)]| {
            let mut pieces = home.to_vec();
            pieces.extend_from_slice(extra);
            let s = sim_of(&pieces);
            trapped(&s, Red, &Armies::of_sim(&s))
        };
        assert_eq!(
            cost(&[(4, 4, Blue, Rank::Marshal, true)]),
            0.0,
            "four steps off"
        );
        assert_eq!(
            cost(&[(4, 3, Blue, Rank::Marshal, false)]),
            TRAPPED * value(Rank::General)
        );
        assert_eq!(cost(&[(4, 3, Blue, Rank::Colonel, true)]), 0.0, "no taker");
        let mut open = home.to_vec();
        open.retain(|p| p.3 != Rank::Sergeant);
        open.push((4, 3, Blue, Rank::Marshal, true));
        let s = sim_of(&open);
        assert_eq!(trapped(&s, Red, &Armies::of_sim(&s)), 0.0, "a way out");
        let mut hidden = home.to_vec();
        hidden[0].4 = false;
        hidden.push((4, 3, Blue, Rank::Marshal, true));
        let s = sim_of(&hidden);
        assert_eq!(
            trapped(&s, Red, &Armies::of_sim(&s)),
            0.0,
            "unknown to Blue"
        );
        hidden[0].3 = Rank::Spy;
        let s = sim_of(&hidden);
        assert_eq!(
            trapped(&s, Red, &Armies::of_sim(&s)),
            TRAPPED * value(Rank::Spy),
            "the Spy, known or not"
        );
        // In the evaluation, with the switch on: the trapped side's total falls by it.
        let mut pieces = home.to_vec();
        pieces.push((4, 3, Blue, Rank::Marshal, true));
        let s = sim_of(&pieces);
        let total = |on: bool| {
            let x = Extra {
                trapped: on,
                ..Extra::default()
            };
            Terms::of(&s, Red, None, None, x).total()
        };
        assert!((total(false) - total(true) - TRAPPED * value(Rank::General)).abs() < 1e-9);
    }

    /// Under the UCC 2012 rules from `red` and `blue`: Red's piece on J1 paces (J2, J1, J2)
    /// while Blue's piece on E7 walks down to E4.
    fn walk_up(red: &Setup, blue: &Setup) -> Game {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mut game = Game::from_position(Rules::ucc2012(), red, blue).unwrap();
        for (a, b) in [
            ("J1", "J2"),
            ("E7", "E6"),
            ("J2", "J1"),
            ("E6", "E5"),
            ("J1", "J2"),
            ("E5", "E4"),
        ] {
            game.play(Move::new(sq(a), sq(b))).unwrap();
        }
        game
    }

    /// [`unbeatable_chaser`]: our General beside the enemy's known Marshal, with no Spy of
    /// ours left, has nothing that takes its chaser; with our Spy on the board it has.
    #[test]
    fn a_chaser_nothing_of_ours_takes_is_unbeatable() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mut red = Setup::new(Color::Red);
        let mut blue = Setup::new(Color::Blue);
        red.pieces.insert(sq("A1"), Rank::Flag);
        red.pieces.insert(sq("E3"), Rank::General);
        red.pieces.insert(sq("E5"), Rank::Sergeant);
        red.pieces.insert(sq("J1"), Rank::Sergeant);
        blue.pieces.insert(sq("J10"), Rank::Flag);
        blue.pieces.insert(sq("E7"), Rank::Marshal);
        blue.pieces.insert(sq("A10"), Rank::Scout);
        // The Marshal takes the Sergeant (and shows itself), then steps up to the General.
        let played = |red: &Setup| walk_up(red, &blue).view(Viewer::Player(Color::Red));
        let view = played(&red);
        assert_eq!(
            view.piece_at(sq("E4")).and_then(|p| p.rank),
            Some(Rank::Marshal)
        );
        assert!(unbeatable_chaser(&view, sq("E3")));
        assert!(!unbeatable_chaser(&view, sq("J2")), "nothing beside it");
        let mut with_spy = red.clone();
        with_spy.pieces.insert(sq("A2"), Rank::Spy);
        assert!(
            !unbeatable_chaser(&played(&with_spy), sq("E3")),
            "the Spy takes it"
        );
    }

    /// A dominant piece is one nothing the other side has left can take or trade: a
    /// General once the other side has no Marshal and no General, a Marshal only while the
    /// other side has no Spy. Trading Marshals when only the opponent keeps a General hands
    /// it a dominant piece, so the evaluation counts that trade as a loss although the
    /// material alone gains (its Marshal is worth more once our Spy is gone).
    #[test]
    fn trading_into_a_dominant_enemy_general_is_a_loss() {
        use Color::{Blue, Red};
        let s = sim_of(&[
            (4, 3, Red, Rank::Marshal, true),
            (0, 1, Red, Rank::Colonel, true),
            (0, 2, Red, Rank::Miner, true),
            (4, 4, Blue, Rank::Marshal, true),
            (0, 8, Blue, Rank::General, true),
            (1, 8, Blue, Rank::Spy, false),
        ]);
        assert_eq!(dominant(&s, Red), 0.0);
        assert_eq!(dominant(&s, Blue), 0.0);
        let mut traded = s.clone();
        traded.play((34, 44));
        assert_eq!(traded.counts[Red.index()][Rank::Marshal.index()], 0);
        assert_eq!(dominant(&traded, Blue), 1.0);
        assert_eq!(dominant(&traded, Red), 0.0);
        let eval = |s: &Sim, dom: f64| {
            let x = Extra {
                dom,
                ..Extra::default()
            };
            Terms::of(s, Red, None, None, x).total()
        };
        // Without the term the trade looks good to Red; with it, bad.
        assert!(eval(&traded, 0.0) > eval(&s, 0.0));
        assert!(eval(&traded, DOMINANT) < eval(&s, DOMINANT));
        // Our Spy is gone: by default its 30 is charged only while the enemy Marshal
        // lives, so the trade wins it back; with `spy_kept` it stays charged.
        let kept_x = Extra {
            spy_kept: true,
            ..Extra::default()
        };
        assert_eq!(spy_terms(&s, Red, Key::default(), Extra::default()), 30.0);
        assert_eq!(
            spy_terms(&traded, Red, Key::default(), Extra::default()),
            0.0
        );
        assert_eq!(spy_terms(&traded, Red, Key::default(), kept_x), 30.0);
        let kept = |s: &Sim| {
            let x = Extra {
                spy_kept: true,
                ..Extra::default()
            };
            Terms::of(s, Red, None, None, x).total()
        };
        let gain = eval(&traded, 0.0) - eval(&s, 0.0);
        assert!((kept(&traded) - kept(&s) - (gain - 30.0)).abs() < 1e-9);
        // With the Spy gone the same Marshal is dominant.
        let no_spy = sim_of(&[
            (4, 3, Red, Rank::Marshal, true),
            (4, 5, Blue, Rank::General, true),
        ]);
        assert_eq!(dominant(&no_spy, Red), 1.0);
        assert_eq!(dominant(&no_spy, Blue), 0.0);
    }

    /// With `relative` (and `spy_kept`) the trade of the top pieces is judged by the ranks
    /// below: our Marshal
    /// taking theirs when our General is gone and theirs lives is a loss (their General
    /// then counts as a Marshal), and the same trade with both Generals on the board is
    /// not.
    #[test]
    fn relative_values_judge_a_marshal_trade_by_the_generals() {
        use Color::{Blue, Red};
        let position = |our_general: bool| {
            let mut pieces = vec![
                (4, 3, Red, Rank::Marshal, true),
                (0, 1, Red, Rank::Colonel, true),
                (0, 2, Red, Rank::Miner, true),
                (4, 4, Blue, Rank::Marshal, true),
                (0, 8, Blue, Rank::General, true),
                (1, 8, Blue, Rank::Spy, false),
                (2, 8, Blue, Rank::Colonel, false),
            ];
            if our_general {
                pieces.push((1, 1, Red, Rank::General, false));
            }
            sim_of(&pieces)
        };
        // (Measured with `spy_kept`: the lost Spy's 30 is not won back by the trade.)
        let eval = |s: &Sim, relative: bool| {
            let x = Extra {
                relative,
                spy_kept: relative,
                ..Extra::default()
            };
            Terms::of(s, Red, None, None, x).total()
        };
        let gain = |our_general: bool, relative: bool| {
            let s = position(our_general);
            let mut traded = s.clone();
            traded.play((34, 44));
            assert_eq!(traded.counts[Blue.index()][Rank::Marshal.index()], 0);
            eval(&traded, relative) - eval(&s, relative)
        };
        // By material alone the trade looks good either way.
        assert!(gain(false, false) > 0.0);
        assert!(gain(true, false) > 0.0);
        // By relative values: a loss with their General left unopposed, not with ours there.
        assert!(gain(false, true) < 0.0, "{}", gain(false, true));
        assert!(gain(true, true) > 0.0, "{}", gain(true, true));
        // The values themselves: their General a Marshal once both Marshals and our
        // General are gone, our Colonel a General once their Marshal is gone.
        let mut traded = position(false);
        traded.play((34, 44));
        assert_eq!(
            relative_value(&traded, Blue, Rank::General),
            value(Rank::Marshal)
        );
        assert_eq!(
            relative_value(&traded, Red, Rank::Colonel),
            value(Rank::General)
        );
        assert_eq!(
            relative_value(&traded, Red, Rank::Miner),
            dyn_value(&traded, Red, Rank::Miner)
        );
        let s = position(true);
        for r in [Rank::General, Rank::Colonel, Rank::Marshal, Rank::Spy] {
            assert_eq!(relative_value(&s, Red, r), dyn_value(&s, Red, r));
        }
    }

    /// Red's Marshal on E4 facing Blue's Marshal, known since it took Red's piece on E5 (of
    /// rank `taken`), with a Flag, a General and a Sergeant a side, a Blue Bomb and the
    /// pieces of `extra`, each on its side: Red's view, Red to move.
    fn marshals_facing(taken: Rank, extra: &[(Color, &str, Rank)]) -> PlayerView {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mut red = Setup::new(Color::Red);
        let mut blue = Setup::new(Color::Blue);
        red.pieces.insert(sq("A1"), Rank::Flag);
        red.pieces.insert(sq("E4"), Rank::Marshal);
        red.pieces.insert(sq("E5"), taken);
        red.pieces.insert(sq("B2"), Rank::General);
        red.pieces.insert(sq("J1"), Rank::Sergeant);
        blue.pieces.insert(sq("J10"), Rank::Flag);
        blue.pieces.insert(sq("E6"), Rank::Marshal);
        blue.pieces.insert(sq("G9"), Rank::General);
        blue.pieces.insert(sq("A10"), Rank::Bomb);
        for &(c, at, r) in extra {
            let side = if c == Color::Red { &mut red } else { &mut blue };
            side.pieces.insert(sq(at), r);
        }
        let mut game = Game::from_position(Rules::standard(Variant::Classic), &red, &blue).unwrap();
        game.play(Move::new(sq("J1"), sq("J2"))).unwrap();
        game.play(Move::new(sq("E6"), sq("E5"))).unwrap();
        game.view(Viewer::Player(Color::Red))
    }

    /// With `marshal_kept`, once our Spy is gone our Marshal does not take the enemy
    /// Marshal (a trade that preceded most losses to peternlewis); by default it does.
    #[test]
    fn marshal_kept_after_the_spy_is_lost() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        // Blue's Marshal took Red's Spy.
        let view = marshals_facing(Rank::Spy, &[]);
        assert_eq!(view.remaining.get(Color::Red)[Rank::Spy.index()], 0);
        let trade = Move::new(sq("E4"), sq("E5"));
        let choose = |kept: bool| {
            let mut cfg = HardConfig::with_nodes(20_000);
            cfg.marshal_kept = kept;
            HardBot::new(1, cfg).choose(&view).unwrap()
        };
        assert_eq!(choose(false), trade);
        let kept = choose(true);
        assert_ne!(kept, trade);
        assert_ne!(kept.from, sq("E4"), "{kept:?}: the Marshal stays off");
    }

    /// With `spy_wait`, while our Spy lives our Marshal attacking the known enemy Marshal
    /// costs [`MARSHAL_KEPT`] at the root (the Spy may take it for nothing), and the bot
    /// does not make that attack; once the Spy is gone only `marshal_kept` costs it.
    #[test]
    fn spy_wait_keeps_the_marshal_off_while_the_spy_lives() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        // Blue's Marshal took a Sergeant; both sides' Spies alive (the Marshals are worth
        // the same), or Blue's only.
        let position = |spy: bool| {
            let mut extra = vec![(Color::Blue, "C10", Rank::Spy)];
            if spy {
                extra.push((Color::Red, "A3", Rank::Spy));
            }
            marshals_facing(Rank::Sergeant, &extra)
        };
        let trade = Move::new(sq("E4"), sq("E5"));
        let root = (trade.from.index() as u8, trade.to.index() as u8);
        let cfg = |wait: bool, kept: bool| {
            let mut cfg = HardConfig::with_nodes(20_000);
            cfg.spy_wait = wait;
            cfg.marshal_kept = kept;
            cfg
        };
        let (with_spy, without) = (position(true), position(false));
        // The root cost: `spy_wait` while the Spy lives, `marshal_kept` after.
        assert!(marshal_trade_kept_off(&cfg(true, false), &with_spy, root));
        assert!(!marshal_trade_kept_off(&cfg(false, true), &with_spy, root));
        assert!(!marshal_trade_kept_off(&cfg(false, false), &with_spy, root));
        assert!(!marshal_trade_kept_off(&cfg(true, false), &without, root));
        assert!(marshal_trade_kept_off(&cfg(false, true), &without, root));
        // Only a Marshal on the known Marshal: the Sergeant's step is no trade.
        let step = (sq("J2").index() as u8, sq("J3").index() as u8);
        assert!(!marshal_trade_kept_off(&cfg(true, true), &with_spy, step));
        let kept = HardBot::new(1, cfg(true, false)).choose(&with_spy).unwrap();
        assert_ne!(kept, trade);
        assert_ne!(kept.to, sq("E5"), "{kept:?}: only the Spy may");
        // The default plays so too; `no_spy_wait` takes the cost off.
        let default = HardBot::new(1, HardConfig::with_nodes(20_000)).choose(&with_spy);
        assert_eq!(default, Some(kept));
        let mut off = HardConfig::with_nodes(20_000);
        off.switch("no_spy_wait").unwrap();
        assert!(!marshal_trade_kept_off(&off, &with_spy, root));
    }

    /// [`HardConfig::spy_guard`]: a moved enemy piece that stepped next to our Spy makes
    /// every move that leaves the Spy there exposed, and a flight to a square beside no
    /// enemy piece safe; once the enemy Marshal is gone nothing counts.
    #[test]
    fn a_spy_next_to_a_moved_enemy_piece_is_exposed() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mut red = Setup::new(Color::Red);
        let mut blue = Setup::new(Color::Blue);
        red.pieces.insert(sq("A1"), Rank::Flag);
        red.pieces.insert(sq("E3"), Rank::Spy);
        red.pieces.insert(sq("E2"), Rank::General);
        red.pieces.insert(sq("B2"), Rank::Marshal);
        red.pieces.insert(sq("J1"), Rank::Sergeant);
        blue.pieces.insert(sq("J10"), Rank::Flag);
        blue.pieces.insert(sq("G9"), Rank::Marshal);
        blue.pieces.insert(sq("E7"), Rank::Lieutenant);
        // The Lieutenant walks up to the Spy while our Sergeant paces.
        let view = walk_up(&red, &blue).view(Viewer::Player(Color::Red));
        let m = |a: &str, b: &str| (sq(a).index() as u8, sq(b).index() as u8);
        assert_eq!(spy_exposed(&view, m("J2", "J1")), 1, "the Spy stays");
        assert_eq!(spy_exposed(&view, m("E3", "D3")), 0, "the Spy flees");
        assert_eq!(spy_exposed(&view, m("E3", "F3")), 0, "the Spy flees");
        // Attacking the piece beside it is no way out: the Spy dies unless it is the
        // Marshal, so the attack counts as staying (stop 37's guard exempted it, and the
        // bot sent its Spy into the piece instead).
        assert_eq!(spy_exposed(&view, m("E3", "E4")), 1, "the Spy attacks");
        // A known Marshal beside the Spy: taking it is the Spy's job, and the Marshal
        // does not count as a threat.
        let game = {
            let mut red = red.clone();
            red.pieces.insert(sq("E5"), Rank::Sergeant);
            let mut blue = blue.clone();
            blue.pieces.remove(&sq("E7"));
            blue.pieces.insert(sq("E7"), Rank::Marshal);
            blue.pieces.remove(&sq("G9"));
            walk_up(&red, &blue)
        };
        let view = game.view(Viewer::Player(Color::Red));
        assert_eq!(
            view.piece_at(sq("E4")).and_then(|p| p.rank),
            Some(Rank::Marshal)
        );
        assert_eq!(
            spy_exposed(&view, m("E3", "E4")),
            0,
            "the Spy takes the Marshal"
        );
        assert_eq!(
            spy_exposed(&view, m("J2", "J1")),
            0,
            "a known Marshal is no threat"
        );
        // The enemy Marshal gone: the Spy is worth little, nothing counts.
        let mut blue = blue.clone();
        blue.pieces.remove(&sq("G9"));
        blue.pieces.insert(sq("G9"), Rank::General);
        let view = walk_up(&red, &blue).view(Viewer::Player(Color::Red));
        assert_eq!(spy_exposed(&view, m("J2", "J1")), 0);
    }

    /// An endless chase under rules with no two-square rule (ucc2012): Blue's General
    /// follows Red's Major, stepping next to it after every flight, and takes it when it
    /// stays. Without [`HardConfig::unloop`] the Major flees back and forth for as long as
    /// the game lasts; with it the bot gives the chase up for its best other move within
    /// a few dozen plies, and a battle comes.
    fn chase(unloop: bool, plies: u32) -> (u32, Option<u32>) {
        let rules = Rules::ucc2012();
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mut red = Setup::new(Color::Red);
        let mut blue = Setup::new(Color::Blue);
        for (s, r) in [
            ("A1", Rank::Flag),
            ("B1", Rank::Bomb),
            ("A2", Rank::Bomb),
            ("G1", Rank::Bomb),
            ("G2", Rank::Bomb),
            ("H3", Rank::Bomb),
            ("I3", Rank::Bomb),
            ("H1", Rank::Major),
            ("C1", Rank::Marshal),
        ] {
            red.pieces.insert(sq(s), r);
        }
        for (s, r) in [
            ("A10", Rank::Flag),
            ("B10", Rank::Bomb),
            ("A9", Rank::Bomb),
            ("J3", Rank::General),
        ] {
            blue.pieces.insert(sq(s), r);
        }
        let mut game = Game::from_position(rules, &red, &blue).unwrap();
        let mut bot = HardBot::new(
            5,
            HardConfig {
                unloop,
                ..HardConfig::with_nodes(4_000)
            },
        );
        let mut seen = std::collections::HashMap::new();
        let mut most = 0;
        while game.ply() < plies && !game.is_over() {
            let view = game.view(Viewer::Player(game.to_move()));
            let m = if game.to_move() == Color::Red {
                bot.choose(&view).unwrap()
            } else {
                // The General: takes a piece next to it, else steps next to the
                // nearest Red piece that moved, else toward it.
                let red_view = game.view(Viewer::Player(Color::Red));
                let major = Square::all().find(|&s| {
                    red_view
                        .piece_at(s)
                        .is_some_and(|p| p.color == Color::Red && p.rank == Some(Rank::Major))
                });
                let d =
                    |a: Square, b: Square| a.file().abs_diff(b.file()) + a.row().abs_diff(b.row());
                *view
                    .legal_moves
                    .iter()
                    .min_by_key(|m| {
                        let attack = Some(m.to) == major;
                        let bomb = view.piece_at(m.to).is_some() && !attack;
                        (bomb, !attack, major.map_or(0, |t| d(m.to, t)))
                    })
                    .unwrap()
            };
            let ev = game.play(m).unwrap();
            if ev.battle.is_some() {
                return (most, Some(game.ply()));
            }
            if game.to_move() == Color::Blue {
                let key: Vec<_> = Square::all()
                    .map(|s| {
                        game.view(Viewer::Player(Color::Red))
                            .piece_at(s)
                            .map(|p| (p.color, p.rank))
                    })
                    .collect();
                let n = seen.entry(key).or_insert(0);
                *n += 1;
                most = most.max(*n);
            }
        }
        (most, None)
    }

    #[test]
    fn an_endless_chase_is_given_up() {
        assert!(HardConfig::default().unloop && HardConfig::with_nodes(1).unloop);
        let (repeats, battle) = chase(false, 120);
        assert!(
            repeats >= 20 && battle.is_none(),
            "without unloop the Major flees for good: {repeats} repeats, battle {battle:?}"
        );
        let (repeats, battle) = chase(true, 120);
        assert!(
            repeats <= 10 && battle.is_some_and(|p| p <= 60),
            "with unloop the chase is given up: {repeats} repeats, battle {battle:?}"
        );
    }

    /// With [`HardConfig::siege`] the press aims at one square, the likeliest enemy Flag,
    /// and keeps it while it holds an unmoved piece of unknown rank, whatever else the view
    /// shows; once that piece is shown (here a Bomb) it aims at the next likeliest.
    #[test]
    fn a_siege_keeps_its_target_until_it_is_found_out() {
        let rules = Rules::ucc2012();
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mut red = Setup::new(Color::Red);
        let mut blue = Setup::new(Color::Blue);
        red.pieces.insert(sq("A1"), Rank::Flag);
        red.pieces.insert(sq("E4"), Rank::Miner);
        for (s, r) in [
            ("J10", Rank::Flag),
            ("I10", Rank::Bomb),
            ("J9", Rank::Bomb),
            ("A10", Rank::Bomb),
            ("B10", Rank::Bomb),
            ("A9", Rank::Bomb),
            ("E7", Rank::Scout),
        ] {
            blue.pieces.insert(sq(s), r);
        }
        let game = Game::from_position(rules, &red, &blue).unwrap();
        let view = game.view(Viewer::Player(Color::Red));
        let mut bot = HardBot::new(
            1,
            HardConfig {
                siege: true,
                ..HardConfig::default()
            },
        );
        let first = bot
            .siege_target(&view, Color::Red, &Belief::from_view(&view))
            .expect("a target");
        assert!([sq("J10"), sq("A10")].contains(&Square::from_index(first).unwrap()));
        // A piece beside the target moves away (no longer a wall), so the other corner is
        // now likelier: a fresh choice goes there, the siege keeps its target.
        let (beside, other) = if first == sq("J10").index() {
            ("I10", "A10")
        } else {
            ("B10", "J10")
        };
        let mut opened = view.clone();
        opened.ply = 200;
        let at = sq(beside).index();
        opened.board[at] = opened.board[at].map(|p| crate::rules::ViewPiece { moved: true, ..p });
        let belief = Belief::from_view(&opened);
        assert_eq!(
            Plan::targets(&opened, Color::Red, &belief).first(),
            Some(&sq(other).index())
        );
        assert_eq!(bot.siege_target(&opened, Color::Red, &belief), Some(first));
        // Found out: the piece there is shown to be a Bomb.
        let mut shown = opened.clone();
        shown.board[first] = shown.board[first].map(|p| crate::rules::ViewPiece {
            rank: Some(Rank::Bomb),
            ..p
        });
        let next = bot.siege_target(&shown, Color::Red, &Belief::from_view(&shown));
        assert!(next.is_some() && next != Some(first), "{next:?}");
        assert_eq!(
            bot.siege_target(&shown, Color::Red, &Belief::from_view(&shown)),
            next
        );
    }

    /// An unknown enemy piece that steps next to one of our pieces it knows weighs the
    /// ranks that beat that piece by [`HardConfig::approach`] against the others, so the
    /// samples make it a stronger piece more often the larger the ratio.
    #[test]
    fn an_approach_weighs_the_ranks_that_beat_the_piece() {
        let rules = Rules::standard(Variant::Classic);
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let mut red = Setup::new(Color::Red);
        let mut blue = Setup::new(Color::Blue);
        red.pieces.insert(sq("A1"), Rank::Flag);
        red.pieces.insert(sq("E4"), Rank::Major);
        red.pieces.insert(sq("J1"), Rank::Scout);
        blue.pieces.insert(sq("J10"), Rank::Flag);
        for (s, r) in [
            ("E7", Rank::General),
            ("F7", Rank::Sergeant),
            ("G7", Rank::Scout),
        ] {
            blue.pieces.insert(sq(s), r);
        }
        let mut game = Game::from_position(rules, &red, &blue).unwrap();
        game.play(Move::new(sq("J1"), sq("J2"))).unwrap();
        game.play(Move::new(sq("E7"), sq("E6"))).unwrap();
        game.play(Move::new(sq("J2"), sq("J1"))).unwrap();
        game.play(Move::new(sq("E6"), sq("E5"))).unwrap();
        let view = game.view(Viewer::Player(Color::Red));
        let general_share = |approach: f64| {
            let mut bot = HardBot::new(
                1,
                HardConfig {
                    approach,
                    ..HardConfig::with_nodes(2_000)
                },
            );
            // The opponent knows our Major (as after a battle it won).
            bot.revealed[sq("E4").index()] = true;
            bot.track(&view, Color::Red);
            let likes = bot.hints[sq("E5").index()].expect("evidence on the piece that came");
            assert_eq!(
                likes[Rank::General.index()] / likes[Rank::Sergeant.index()],
                approach
            );
            assert_eq!(likes[Rank::Major.index()], likes[Rank::Sergeant.index()]);
            let belief = bot.belief_with_hints(&view, Color::Red);
            belief.marginal(sq("E5")).unwrap()[Rank::General.index()]
        };
        // Three movable pieces unknown (a General, a Sergeant, a Scout): a third each
        // without evidence; the General's odds multiplied by the ratio with it.
        let (weak, strong) = (general_share(APPROACH), general_share(20.0));
        assert!((weak - 5.0 / 7.0).abs() < 1e-9, "{weak}");
        assert!((strong - 20.0 / 22.0).abs() < 1e-9, "{strong}");
    }

    /// The arena's switches by name; an unknown one is refused with the list.
    #[test]
    fn switches_by_name() {
        let mut cfg = HardConfig::default();
        for name in ["relative", "spy_kept", "dominance=60", "unloop", "siege"] {
            cfg.switch(name).unwrap();
        }
        assert!(cfg.relative && cfg.spy_kept && cfg.dominance && !cfg.press);
        assert!(cfg.unloop && cfg.siege);
        cfg.switch("no_unloop").unwrap();
        cfg.switch("no_siege").unwrap();
        assert!(!cfg.unloop && !cfg.siege);
        assert_eq!(cfg.dominant, 60.0);
        let err = cfg.switch("relativ").unwrap_err();
        assert!(err.contains("relativ") && err.contains(SWITCHES), "{err}");
        assert!(cfg.switch("dominance=-1").is_err());
        assert_eq!(cfg.approach, APPROACH);
        cfg.switch("approach=20").unwrap();
        assert_eq!(cfg.approach, 20.0);
        assert!(cfg.switch("approach=0.5").is_err());
        assert!(cfg.switch("approach=x").is_err());
        assert_eq!(cfg.hunter, HUNTER);
        for name in ["hunter=15", "trapped", "flee"] {
            cfg.switch(name).unwrap();
        }
        assert!(cfg.hunter == 15.0 && cfg.trapped && cfg.flee);
        assert!(cfg.switch("hunter=-1").is_err());
        assert_eq!(cfg.home_guard, HOME_GUARD);
        for name in [
            "intercept",
            "home_guard=10",
            "home_path",
            "wary",
            "one_each",
            "wall_doors",
        ] {
            cfg.switch(name).unwrap();
        }
        assert_eq!(HardConfig::default().miner_guess, 0.0);
        cfg.switch("miner_guess").unwrap();
        assert_eq!(cfg.miner_guess, MINER_GUESS);
        cfg.switch("miner_guess=0.25").unwrap();
        assert_eq!(cfg.miner_guess, 0.25);
        assert!(!HardConfig::default().crowd);
        cfg.switch("crowd").unwrap();
        assert!(cfg.crowd);
        assert!(!HardConfig::default().lost_prey);
        cfg.switch("lost_prey").unwrap();
        assert!(cfg.lost_prey);
        assert!(cfg.intercept && cfg.home_guard == 10.0 && cfg.home_path && cfg.wary);
        assert!(cfg.wall_doors && HardConfig::default().wall_doors);
        cfg.switch("no_wall_doors").unwrap();
        assert!(!cfg.wall_doors);
        assert_eq!(cfg.one_each, RACE_REACH);
        cfg.switch("one_each=2").expect("one_each=N");
        assert_eq!(cfg.one_each, 2);
        assert!(cfg.switch("one_each=1.5").is_err());
        assert_eq!(cfg.depth, 3);
        cfg.switch("depth=4").expect("depth=N");
        assert_eq!(cfg.depth, 4);
        cfg.switch("depth=99").expect("depth=N, at most MAX_DEPTH");
        assert_eq!(cfg.depth, MAX_DEPTH);
        assert!(cfg.switch("depth=2.5").is_err());
        assert!(cfg.switch("home_guard=").is_err());
    }

    /// Losing a Miner never raises its side's material: with the other side's Bombs on
    /// the board the last two Miners are worth more each, but the sum still grows with
    /// every Miner (three were worth 75 and two 90, so the bot threw its third Miner at
    /// a known General). Without enemy Bombs, Miners are plain 25s.
    #[test]
    fn every_miner_adds_to_its_sides_material() {
        use Color::{Blue, Red};
        let total = |n: usize, bomb: bool| {
            let mut pieces: Vec<_> = (0..n).map(|f| (f, 1, Red, Rank::Miner, false)).collect();
            if bomb {
                pieces.push((0, 8, Blue, Rank::Bomb, false));
            }
            let s = sim_of(&pieces);
            n as f64 * dyn_value(&s, Red, Rank::Miner)
        };
        for n in 1..=5 {
            assert!(
                total(n, true) > total(n - 1, true) + 20.0,
                "{n} Miners: {} against {}",
                total(n, true),
                total(n - 1, true)
            );
            assert_eq!(total(n, false), 25.0 * n as f64);
        }
        assert_eq!(total(2, true), 90.0, "the last two are worth 45 each");
        assert_eq!(total(3, true), 115.0);
    }

    /// Once the opponent has seen our Marshal and General, its General takes any of our
    /// moved pieces without risk: a hunter, which costs us in the evaluation. The battle
    /// that shows our last unseen General makes it one.
    #[test]
    fn an_enemy_general_hunts_once_our_marshal_and_general_are_known() {
        use Color::{Blue, Red};
        let pieces = [
            (0, 1, Red, Rank::Marshal, true),
            (4, 1, Red, Rank::General, false),
            (7, 1, Red, Rank::Colonel, false),
            (2, 1, Red, Rank::Captain, false),
            (5, 1, Red, Rank::Lieutenant, false),
            (4, 8, Blue, Rank::General, true),
            (4, 2, Blue, Rank::Sergeant, false),
            (0, 8, Blue, Rank::Scout, false),
        ];
        let s = sim_of(&pieces);
        assert_eq!(hunters(&s, Blue), 0.0, "our General is still unseen");
        let mut seen = pieces;
        seen[1].4 = true;
        let known = sim_of(&seen);
        assert_eq!(hunters(&known, Blue), 1.0);
        assert!(
            evaluate(&known, Red, None, None, Extra::default())
                < evaluate(&s, Red, None, None, Extra::default()) - HUNTER * 0.9
        );
        // Worth all of HUNTER with three of our moved pieces unseen (its prey), a third
        // of it with only our Colonel left unseen.
        let hunting_of = |s: &Sim| hunting(s, Red, &Armies::of_sim(s), Extra::default());
        assert_eq!(hunting_of(&known) - hunting_of(&s), -HUNTER);
        let mut few = seen;
        few[3].4 = true;
        few[4].4 = true;
        let (few_known, mut few_unseen) = (sim_of(&few), few);
        few_unseen[1].4 = false;
        let few_unseen = sim_of(&few_unseen);
        let third = hunting_of(&few_known) - hunting_of(&few_unseen);
        assert!((third + HUNTER / 3.0).abs() < 1e-9, "{third}");
        // Red is to move; Blue's Sergeant attacks our General after a quiet move.
        let mut played = s.clone();
        played.play((10, 20)); // Red's Marshal a step forward: no battle.
        assert_eq!(hunters(&played, Blue), 0.0);
        played.play((24, 14)); // Blue's Sergeant takes on our General (and loses).
        assert_eq!(hunters(&played, Blue), 1.0, "the battle showed our General");
        // Blue's only unseen movable piece is now its Scout: our Marshal, General,
        // Colonel, Captain and Lieutenant each take it without risk.
        assert_eq!(hunters(&played, Red), 5.0);
    }

    /// [`HardConfig::lost_prey`]: Blue's known General hunts our moved unseen Captain and
    /// Lieutenant. Counted on the board, our Lieutenant lost to Blue's Captain makes that
    /// hunter worth a third of [`HUNTER`] less, so the loss costs less than the
    /// Lieutenant; with the lost piece still counted it costs the Lieutenant's value. Our
    /// Captain shown in a battle it wins leaves the prey as before.
    #[test]
    fn losing_a_piece_does_not_make_the_enemy_hunters_worth_less() {
        use Color::{Blue, Red};
        let pieces = [
            (0, 1, Red, Rank::Marshal, true),
            (4, 1, Red, Rank::General, true),
            (2, 1, Red, Rank::Captain, false),
            (5, 1, Red, Rank::Lieutenant, false),
            (4, 8, Blue, Rank::General, true),
            (5, 2, Blue, Rank::Captain, true),
            (2, 2, Blue, Rank::Scout, true),
        ];
        let s = sim_of(&pieces);
        assert_eq!(hunters(&s, Blue), 1.0);
        let mut lost = s.clone();
        lost.to_move = Blue;
        lost.play((25, 15)); // Blue's Captain takes our Lieutenant.
        assert_eq!(lost.counts[Red.index()][Rank::Lieutenant.index()], 0);
        assert_eq!(lost.lost_unseen, [1, 0]);
        let hunting_with = |s: &Sim, x: Extra| hunting(s, Red, &Armies::of_sim(s), x);
        let x = Extra::default();
        let drop = hunting_with(&lost, x) - hunting_with(&s, x);
        assert!((drop - HUNTER / 3.0).abs() < 1e-9, "{drop}");
        let mut cfg = HardConfig::default();
        cfg.switch("lost_prey").unwrap();
        let kept = Extra::of(&cfg);
        assert_eq!(hunting_with(&lost, kept), hunting_with(&s, kept));
        let mut shown = s.clone();
        shown.play((12, 22)); // Our Captain takes Blue's Scout, and is seen.
        assert_eq!(shown.lost_unseen, [0, 0]);
        assert_eq!(hunting_with(&shown, kept), hunting_with(&shown, x));
    }

    /// [`HardConfig::trade_hunt`]: with the Marshals gone, Red's General closing in on
    /// Blue's known General (nothing of Red's beats it, the General trades it) counts in
    /// the hunt while Red is ahead in movable material, and not while it is behind or with
    /// the switch off; a piece Red beats is hunted as before.
    #[test]
    fn the_side_ahead_hunts_a_known_piece_it_can_only_trade() {
        use Color::{Blue, Red};
        let at = |general: (usize, usize), extra: Rank| {
            sim_of(&[
                (general.0, general.1, Red, Rank::General, false),
                (0, 1, Red, extra, false),
                (4, 8, Blue, Rank::General, true),
                (9, 8, Blue, Rank::Major, false),
            ])
        };
        let terms = |s: &Sim, w: f64| {
            let x = Extra {
                trade_hunt: w,
                ..Extra::default()
            };
            Terms::of(s, Red, None, None, x).hunt
        };
        // Ten steps away (out of the hunt's reach) and two: worth 90 × 6/8 × HUNT.
        let (far, near) = ((0, 2), (4, 6));
        let ahead = |g| at(g, Rank::Colonel);
        let gain = |w: f64| terms(&ahead(near), w) - terms(&ahead(far), w);
        assert_eq!(
            gain(0.0),
            0.0,
            "off by default: nothing of Red's beats the General"
        );
        assert!(
            (gain(1.0) - HUNT * 90.0 * 6.0 / 8.0).abs() < 1e-9,
            "{}",
            gain(1.0)
        );
        assert!((gain(2.0) - 2.0 * gain(1.0)).abs() < 1e-9);
        // Behind (a Scout against Blue's Major), Red does not seek the trade, unless
        // `trade_behind`.
        let behind = |g| at(g, Rank::Scout);
        assert_eq!(terms(&behind(near), 1.0) - terms(&behind(far), 1.0), 0.0);
        let anyway = |s: &Sim| {
            let x = Extra {
                trade_hunt: 1.0,
                trade_behind: true,
                ..Extra::default()
            };
            Terms::of(s, Red, None, None, x).hunt
        };
        let gain_behind = anyway(&behind(near)) - anyway(&behind(far));
        assert!((gain_behind - gain(1.0)).abs() < 1e-9, "{gain_behind}");
        // A Marshal of Red's beats the General: hunted with or without the switch.
        let marshal = |g| at(g, Rank::Marshal);
        let hunted = terms(&marshal(near), 0.0) - terms(&marshal(far), 0.0);
        assert_eq!(
            hunted,
            terms(&marshal(near), 1.0) - terms(&marshal(far), 1.0)
        );
        let mut cfg = HardConfig::default();
        assert_eq!(cfg.trade_hunt, 0.0);
        cfg.switch("trade_hunt").unwrap();
        assert_eq!(cfg.trade_hunt, 1.0);
        cfg.switch("trade_hunt=0.5").unwrap();
        assert_eq!(cfg.trade_hunt, 0.5);
        assert!(cfg.switch("trade_hunt=-1").is_err());
        assert!(!cfg.trade_behind);
        cfg.switch("trade_behind").unwrap();
        assert!(cfg.trade_behind);
    }

    /// The race to our Flag counts the moves a defender really needs: our own Bombs are
    /// walls to it, while an enemy Miner digs through them. Red's Flag in the corner J1
    /// behind three Bombs, a Blue Miner next to the Bomb on I1.
    #[test]
    fn a_flag_race_goes_around_our_own_bombs() {
        use Color::{Blue, Red};
        let walled = [
            (8, 0, Red, Rank::Bomb, false),
            (8, 1, Red, Rank::Bomb, false),
            (9, 1, Red, Rank::Bomb, false),
            (7, 0, Blue, Rank::Miner, false),
        ];
        let with = |guard: (usize, usize)| {
            let mut p = walled.to_vec();
            p.push((guard.0, guard.1, Red, Rank::Captain, false));
            let s = sim_of(&p);
            let maps = FlagMaps::of(&s, Red, false, false).expect("Red has a Flag");
            flag_race(&s, Red, &maps, &Armies::of_sim(&s), Extra::default())
        };
        // A Captain on I3 is two steps from the I1 Bomb as the crow flies, but the Bomb
        // on I2 walls it off: it needs three moves to stand on H1, next to the door, and
        // the Miner digs I1 and takes the Flag in two. The race is lost.
        assert!(with((8, 2)) >= 0.4 * RACE / 2.0, "{}", with((8, 2)));
        // On H2 it takes the Miner at once: no race, nothing to draw it home.
        assert_eq!(with((7, 1)), 0.0);
        // A Sergeant cannot come in by a Bomb: Bombs close every side, nothing to race.
        let mut sergeant = walled;
        sergeant[3].3 = Rank::Sergeant;
        let s = sim_of(&sergeant);
        let maps = FlagMaps::of(&s, Red, false, false).expect("Red has a Flag");
        assert_eq!(
            flag_race(&s, Red, &maps, &Armies::of_sim(&s), Extra::default()),
            0.0
        );
        // The maps: the Miner needs one move to stand on the I1 door, a defender on I3
        // three to stand next to it.
        let i1 = maps
            .doors
            .iter()
            .position(|d| d.bomb && d.miner[7] == 1)
            .expect("I1");
        assert_eq!(maps.doors[i1].guard[28], 3);
        assert_eq!(maps.doors[i1].other[7], u8::MAX);
    }

    /// Red's race to its Flag ([`flag_race`]) in `s`, with the switches of `x`.
    fn red_race(s: &Sim, x: Extra) -> f64 {
        let maps = FlagMaps::of(s, Color::Red, false, false).expect("Red has a Flag");
        flag_race(s, Color::Red, &maps, &Armies::of_sim(s), x)
    }

    /// [`HardConfig::one_each`]: Red's Flag on J1 behind a Bomb on I1, its known
    /// Lieutenant on the open door J2; a Blue Sergeant next to it on J3 and a Blue
    /// Lieutenant on I3. The Lieutenant stops either, not both: one trades it off (or
    /// draws it away) and the other walks in.
    #[test]
    fn each_intruder_needs_a_defender_of_its_own() {
        use Color::{Blue, Red};
        let door = [
            (8, 0, Red, Rank::Bomb, false),
            (9, 1, Red, Rank::Lieutenant, true),
            (9, 2, Blue, Rank::Sergeant, false),
            (8, 2, Blue, Rank::Lieutenant, false),
        ];
        let race = |second: Option<(usize, usize)>, one_each: u8| {
            let mut p = door.to_vec();
            if let Some((f, r)) = second {
                p.push((f, r, Red, Rank::Captain, false));
            }
            let x = Extra {
                one_each,
                ..Extra::default()
            };
            red_race(&sim_of(&p), x)
        };
        // Counted one intruder at a time, the Lieutenant on the door holds both.
        assert_eq!(race(None, 0), 0.0);
        // One each: the Sergeant takes it, and nothing stops the Lieutenant, two moves
        // from the door.
        let all = race(None, RACE_REACH);
        assert!(all >= RACE / 3.0, "{all}");
        assert_eq!(race(None, 2), all);
        // `one_each=1`: the Lieutenant, two moves away, is counted as without the switch.
        assert_eq!(race(None, 1), 0.0);
        // A Captain on H2 is a move from I2, next to the door: in time.
        assert!(race(Some((7, 1)), RACE_REACH) < 0.4 * RACE / 3.0);
        // On I6 it needs four moves to I2 (three are too many already): a move late.
        let late = race(Some((8, 5)), RACE_REACH);
        assert!((0.6 * RACE / 3.0..RACE / 3.0).contains(&late), "{late}");
    }

    /// [`HardConfig::wary`]: Red's known Lieutenant on the door J2 of its Flag, a Blue
    /// Sergeant next to it on J3, Blue's Marshal far away. Taken for what the sample
    /// says, the Sergeant is held; counted as the strongest rank Blue has while Red does
    /// not know it, only a piece that stops a Marshal would hold it.
    #[test]
    fn a_wary_race_counts_an_unknown_intruder_as_the_strongest() {
        use Color::{Blue, Red};
        let race = |known: bool, wary: bool| {
            let s = sim_of(&[
                (8, 0, Red, Rank::Bomb, false),
                (9, 1, Red, Rank::Lieutenant, true),
                (9, 2, Blue, Rank::Sergeant, known),
                (0, 9, Blue, Rank::Marshal, false),
            ]);
            let x = Extra {
                wary,
                ..Extra::default()
            };
            red_race(&s, x)
        };
        assert_eq!(race(false, false), 0.0);
        assert_eq!(race(true, true), 0.0);
        assert!(race(false, true) >= RACE / 2.0, "{}", race(false, true));
    }

    /// [`HardConfig::crowd`]: Red's Flag on J1 beside its Bomb on I1, its open side J2. A
    /// defender on J5 stands next to J2 in two moves over empty squares; with a Red
    /// Sergeant on J4 in the way it needs three (the Sergeant steps aside first, or the
    /// defender goes round), and the Sergeant itself, on a square of its own, is no
    /// farther than before.
    #[test]
    fn our_own_pieces_in_the_way_slow_a_defender() {
        use Color::Red;
        let mut p = vec![(8, 0, Red, Rank::Bomb, false)];
        let j2 = |p: &[(usize, usize, Color, Rank, bool)], crowd: bool| {
            let maps = FlagMaps::of(&sim_of(p), Red, true, crowd).expect("a Flag");
            let door = maps.doors.iter().find(|d| !d.bomb).expect("J2").clone();
            (door.guard[49], door.guard[39])
        };
        assert_eq!(j2(&p, false), (2, 1));
        assert_eq!(j2(&p, true), (2, 1));
        p.push((9, 3, Red, Rank::Sergeant, false));
        assert_eq!(j2(&p, false), (2, 1));
        assert_eq!(j2(&p, true), (3, 1));
    }

    /// [`HardConfig::miner_guess`]: Red's Flag on J1 behind its Bombs on I1 and J2, a
    /// Blue piece on J4 two moves from digging J2, a Blue Miner far away, Red's Captain
    /// far away too. A Sergeant cannot come in by a Bomb, so taken for what the sample
    /// says it is no threat; guessed a Miner while Red does not know it, it wins the race
    /// at the switch's weight. Known, it is what it is; with a Red Lieutenant beside it
    /// (Red to move) it is taken where it stands.
    #[test]
    fn an_unknown_piece_at_our_bomb_wall_is_raced_as_a_miner() {
        use Color::{Blue, Red};
        let race = |rank: Rank, known: bool, guard: bool, guess: f64| {
            let mut p = vec![
                (8, 0, Red, Rank::Bomb, false),
                (9, 1, Red, Rank::Bomb, false),
                (9, 3, Blue, rank, known),
                (0, 9, Blue, Rank::Miner, false),
                (0, 3, Red, Rank::Captain, false),
            ];
            if guard {
                p.push((8, 3, Red, Rank::Lieutenant, false));
            }
            let x = Extra {
                miner_guess: guess,
                ..Extra::default()
            };
            red_race(&sim_of(&p), x)
        };
        let miner = race(Rank::Miner, false, false, 0.0);
        assert!(miner >= RACE / 3.0, "{miner}");
        assert_eq!(race(Rank::Sergeant, false, false, 0.0), 0.0);
        let guessed = race(Rank::Sergeant, false, false, MINER_GUESS);
        // The Miner's lost race at half weight, without its gradient.
        assert!(
            (MINER_GUESS * RACE / 3.0..MINER_GUESS * miner).contains(&guessed),
            "{guessed}"
        );
        assert_eq!(race(Rank::Sergeant, false, false, 1.0), 2.0 * guessed);
        assert_eq!(race(Rank::Sergeant, true, false, MINER_GUESS), 0.0);
        assert_eq!(race(Rank::Sergeant, false, true, MINER_GUESS), 0.0);
        // A Miner the sample makes one is raced once.
        assert_eq!(race(Rank::Miner, false, false, MINER_GUESS), miner);
    }

    /// [`HardConfig::home_path`]: Red's Flag on J1 walled in by its Bombs on I1, J2, I2
    /// and H1, so that J3 is the one free square next to a side; a Blue Miner far away.
    /// As the crow flies a Captain on H2 and one on J4 are both three steps from the
    /// Flag; by path the one on J4 is a move from J3, the one on H2 three.
    #[test]
    fn a_home_guard_by_path_stands_where_it_can_guard() {
        use Color::{Blue, Red};
        let threat = |at: (usize, usize), path: bool| {
            let s = sim_of(&[
                (8, 0, Red, Rank::Bomb, false),
                (9, 1, Red, Rank::Bomb, false),
                (8, 1, Red, Rank::Bomb, false),
                (7, 0, Red, Rank::Bomb, false),
                (at.0, at.1, Red, Rank::Captain, false),
                (0, 9, Blue, Rank::Miner, false),
            ]);
            let maps = FlagMaps::of(&s, Red, false, false).expect("Red has a Flag");
            let home = Some(&maps).filter(|_| path);
            flag_threat(&s, Red, &Armies::of_sim(&s), HOME_GUARD, home)
        };
        let (h2, j4) = ((7, 1), (9, 3));
        assert_eq!(threat(h2, false), threat(j4, false));
        assert_eq!(threat(j4, false), HOME_GUARD);
        assert_eq!(threat(j4, true), HOME_GUARD);
        assert_eq!(threat(h2, true), 3.0 * HOME_GUARD);
        // On J3 it stands there: no cost either way.
        assert_eq!(threat((9, 2), true), 0.0);
        assert_eq!(threat((9, 2), false), 0.0);
    }

    /// The race along the intruder's way ([`flag_race_paths`]), and the doors of
    /// [`HardConfig::wall_doors`]: Red's Flag on J1 walled in by its Bombs on I1, J2, I2
    /// and J3, so that no square next to the J2 door is free for a guard; a Blue Miner on
    /// J6 digs down the J file. [`flag_race`] counts that door lost whatever Red does; a
    /// Captain on H4, a move from I4 beside the squares the Miner must pass, stops it on
    /// its way, or beside J3, the outer Bomb the Miner must dig before J2.
    #[test]
    fn a_guard_on_the_intruders_way_stops_it() {
        use Color::{Blue, Red};
        let walled = [
            (8, 0, Red, Rank::Bomb, false),
            (9, 1, Red, Rank::Bomb, false),
            (8, 1, Red, Rank::Bomb, false),
            (9, 2, Red, Rank::Bomb, false),
            (9, 5, Blue, Rank::Miner, false),
        ];
        // The race with a Red Captain on `guard`: along the way (`paths`) or by the doors,
        // those of `wall_doors` with `walls`.
        let race = |guard: (usize, usize), paths: bool, walls: bool| {
            let mut p = walled.to_vec();
            p.push((guard.0, guard.1, Red, Rank::Captain, false));
            let s = sim_of(&p);
            let maps = FlagMaps::of(&s, Red, walls, false).expect("Red has a Flag");
            let armies = Armies::of_sim(&s);
            if paths {
                flag_race_paths(&s, Red, &maps, &armies, false)
            } else {
                flag_race(&s, Red, &maps, &armies, Extra::default())
            }
        };
        // The Miner needs four moves to stand on J2 (J5, J4, J3 dug, J2 dug), five to
        // the Flag. By the doors alone the race is lost with the Captain on H4.
        let lost = RACE / 5.0;
        assert!(
            race((7, 3), false, false) >= lost,
            "{}",
            race((7, 3), false, false)
        );
        for (paths, walls) in [(true, false), (false, true)] {
            let race = |guard| race(guard, paths, walls);
            // Along the way: the Captain stands on I4, next to J4, as the Miner steps
            // there. By the outer Bombs: on I3 or J4, next to J3, as the Miner digs it.
            assert!(race((7, 3)) < 0.4 * lost, "{}", race((7, 3)));
            // Far away on A5 it cannot: lost either way.
            assert!(race((0, 4)) >= lost, "{}", race((0, 4)));
            // On G4 it is still in time (I4 in two moves, I3 in three); on F4 a move late.
            assert!(race((6, 3)) < 0.4 * lost, "{}", race((6, 3)));
            assert!(race((5, 3)) >= 0.6 * lost, "{}", race((5, 3)));
        }
        // Blue to move: the Miner steps first, and the guard on G4 is now a move late.
        let mut p = walled.to_vec();
        p.push((6, 3, Red, Rank::Captain, false));
        let mut s = sim_of(&p);
        s.to_move = Blue;
        for walls in [false, true] {
            let maps = FlagMaps::of(&s, Red, walls, false).expect("Red has a Flag");
            let armies = Armies::of_sim(&s);
            let blue_first = if walls {
                flag_race(&s, Red, &maps, &armies, Extra::default())
            } else {
                flag_race_paths(&s, Red, &maps, &armies, false)
            };
            assert!(blue_first >= 0.6 * lost, "{blue_first}");
        }
    }

    /// The side ahead in material gains by trading pieces and the side behind loses by
    /// it: a Colonel for a Colonel, Red ahead by a General.
    #[test]
    fn trading_even_pieces_pays_the_side_ahead() {
        use Color::{Blue, Red};
        let army = |colonels: bool| {
            let mut p = vec![
                (0, 1, Red, Rank::General, false),
                (1, 1, Red, Rank::Captain, false),
                (0, 8, Blue, Rank::Captain, false),
            ];
            if colonels {
                p.push((4, 1, Red, Rank::Colonel, false));
                p.push((4, 8, Blue, Rank::Colonel, false));
            }
            sim_of(&p)
        };
        let (before, after) = (army(true), army(false));
        let gain = |s: &Sim, c: Color| evaluate(s, c, None, None, Extra::default());
        assert!(gain(&after, Red) > gain(&before, Red) + 10.0);
        assert!(gain(&after, Blue) < gain(&before, Blue) - 10.0);
        // The same lead counts more with fewer pieces left, and nothing when even.
        assert!(trade(200.0, 100.0) > trade(400.0, 300.0));
        assert_eq!(trade(100.0, 100.0), 0.0);
    }

    #[test]
    fn a_trapped_piece_next_to_a_stronger_one_counts_as_lost() {
        use Color::{Blue, Red};
        // A known Red Colonel in the corner, a known Blue General next to it, the only
        // other way out blocked by a Red Bomb: the Colonel is lost whatever Red plays.
        let trapped = sim_of(&[
            (0, 0, Red, Rank::Colonel, true),
            (0, 1, Red, Rank::Bomb, false),
            (1, 0, Blue, Rank::General, true),
            (5, 5, Red, Rank::Scout, false),
        ]);
        let colonel = dyn_value(&trapped, Red, Rank::Colonel);
        assert_eq!(one_move(&trapped, Red), -colonel);
        // The same with the way out open: Red steps away, nothing is lost.
        let open = sim_of(&[
            (0, 0, Red, Rank::Colonel, true),
            (1, 0, Blue, Rank::General, true),
            (5, 5, Red, Rank::Scout, false),
        ]);
        assert_eq!(one_move(&open, Red), 0.0);
        // Trapped, but the Red Marshal next to it takes the General back: not hanging.
        let guarded = sim_of(&[
            (0, 0, Red, Rank::Colonel, true),
            (0, 1, Red, Rank::Marshal, false),
            (1, 0, Blue, Rank::General, true),
        ]);
        assert_eq!(one_move(&guarded, Red), 0.0);
        // Two pieces hanging with ways out: Red saves the more valuable, loses the other.
        let fork = sim_of(&[
            (4, 0, Red, Rank::Colonel, true),
            (6, 0, Red, Rank::Major, true),
            (5, 0, Blue, Rank::General, true),
        ]);
        assert_eq!(one_move(&fork, Red), -dyn_value(&fork, Red, Rank::Major));
        // The trapped Colonel, and elsewhere a Red Major next to a known Blue Captain: Red
        // takes the Captain and loses the Colonel.
        let both = sim_of(&[
            (0, 0, Red, Rank::Colonel, true),
            (0, 1, Red, Rank::Bomb, false),
            (1, 0, Blue, Rank::General, true),
            (5, 0, Red, Rank::Major, false),
            (6, 0, Blue, Rank::Captain, true),
        ]);
        let captain = dyn_value(&both, Blue, Rank::Captain);
        assert_eq!(one_move(&both, Red), captain - colonel);
        // A known Blue Miner next to the Red Flag: Red takes it and nothing hangs; with
        // nothing to take it, the Flag is as good as lost.
        let raid = sim_of(&[
            (8, 0, Blue, Rank::Miner, true),
            (8, 1, Red, Rank::Captain, false),
        ]);
        let miner = dyn_value(&raid, Blue, Rank::Miner);
        assert_eq!(one_move(&raid, Red), miner);
        let lost = sim_of(&[
            (8, 0, Blue, Rank::Miner, true),
            (5, 5, Red, Rank::Captain, false),
        ]);
        assert_eq!(one_move(&lost, Red), -500.0);
    }
}

#[cfg(test)]
mod stats {
    use super::*;
    use crate::bot::EasyBot;
    use crate::rules::{Game, Variant, Viewer};

    /// `cargo test --release --lib hard_stats -- --ignored --nocapture`: samples and nodes
    /// per move over a game against the easy bot.
    #[test]
    fn the_default_budget_stops_at_its_nodes_within_the_second() {
        let second = Duration::from_secs(1);
        assert_eq!(HardConfig::default().nodes, Some(NODE_BUDGET));
        assert_eq!(HardConfig::budget(second, None), HardConfig::default());
        assert_eq!(HardConfig::budget(second, Some(0)).nodes, None);
        assert_eq!(HardConfig::budget(second, Some(0)).time, second);
        assert_eq!(
            HardConfig::budget(second, Some(500)),
            HardConfig::with_nodes(500)
        );
        // The opening move of a Classic game: the default bot searches at most its budget.
        let rules = Rules::standard(Variant::Classic);
        // (No clock: the budget alone stops it, however slow the machine.)
        let cfg = HardConfig {
            time: Duration::from_secs(3600),
            ..HardConfig::default()
        };
        let mut hard = HardBot::new(3, cfg);
        let mut easy = EasyBot::new(4);
        let rs = hard.setup(&rules, Color::Red);
        let bs = easy.setup(&rules, Color::Blue);
        let game = Game::new(rules, &rs, &bs).unwrap();
        hard.choose(&game.view(Viewer::Player(Color::Red))).unwrap();
        let (samples, nodes) = hard.stats;
        assert!(
            samples >= 1 && nodes <= NODE_BUDGET,
            "{samples} samples, {nodes} nodes"
        );
    }

    #[test]
    #[ignore]
    fn hard_stats() {
        for variant in Variant::ALL {
            let rules = Rules::standard(variant);
            let ms: u64 = std::env::var("MS")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(200);
            let mut hard = HardBot::new(3, HardConfig::budget(Duration::from_millis(ms), Some(0)));
            let mut easy = EasyBot::new(4);
            let rs = hard.setup(&rules, Color::Red);
            let bs = easy.setup(&rules, Color::Blue);
            let mut game = Game::new(rules, &rs, &bs).unwrap();
            let (mut n, mut samples, mut nodes) = (0u64, 0u64, 0u64);
            while !game.is_over() && game.ply() < 200 {
                let c = game.to_move();
                let view = game.view(Viewer::Player(c));
                let m = if c == Color::Red {
                    let m = hard.choose(&view).unwrap();
                    n += 1;
                    samples += hard.stats.0 as u64;
                    nodes += hard.stats.1;
                    m
                } else {
                    easy.choose(&view).unwrap()
                };
                game.play(m).unwrap();
            }
            println!(
                "{variant}: {n} moves, {:.1} samples/move, {:.0} nodes/move, {:.2} Mnodes/s",
                samples as f64 / n as f64,
                nodes as f64 / n as f64,
                nodes as f64 / n as f64 / (ms as f64 / 1000.0) / 1e6
            );
        }
    }
}

/// Diagnostics, run by hand: what the archive says about the ranks of moved pieces
/// (`hard_probe` in `src/ucc/probe.rs` replays a recorded game to a turn of the bot).
#[cfg(test)]
mod archive {
    use super::*;
    use crate::rules::{Game, Viewer};

    /// `cargo test --release --lib archive_moved_ranks -- --ignored --nocapture`: in the
    /// archive's Classic games (`../shared/games`), every tenth ply, how much likelier each
    /// rank is among the enemy's moved pieces of unknown rank than its share of the
    /// enemy's unknown movable pieces (the belief's assumption).
    #[test]
    #[ignore]
    fn archive_moved_ranks() {
        let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/games"));
        let mut seen = [0f64; 12];
        let mut expect = [0f64; 12];
        let mut games = 0;
        for e in std::fs::read_dir(dir).expect("../shared/games") {
            let path = e.expect("an entry").path();
            let Ok(xml) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Ok(g) = crate::rules::gravon::parse(&xml) else {
                continue;
            };
            if g.variant != crate::rules::Variant::Classic {
                continue;
            }
            let Ok(mut game) = Game::new(g.rules, &g.red, &g.blue) else {
                continue;
            };
            games += 1;
            for (ply, m) in g.moves.iter().enumerate() {
                if ply % 10 == 0 {
                    let me = game.to_move();
                    let view = game.view(Viewer::Player(me));
                    let mut pool = [0f64; 12];
                    let mut moved = Vec::new();
                    for sq in Square::all() {
                        let Some(p) = view.piece_at(sq) else { continue };
                        if p.color == me || p.rank.is_some() {
                            continue;
                        }
                        let r = game.piece_at(sq).expect("the same piece").rank;
                        if r.is_movable() {
                            pool[r.index()] += 1.0;
                        }
                        if p.moved {
                            moved.push(r);
                        }
                    }
                    let total: f64 = pool.iter().sum();
                    for &r in &moved {
                        seen[r.index()] += 1.0;
                    }
                    for (e, p) in expect.iter_mut().zip(pool) {
                        *e += moved.len() as f64 * p / total.max(1.0);
                    }
                }
                if game.play(*m).is_err() || game.is_over() {
                    break;
                }
            }
        }
        println!("{games} Classic games");
        for r in Rank::ALL.into_iter().filter(|r| r.is_movable()) {
            let i = r.index();
            println!(
                "{r:?}: seen {} expected {:.1} ratio {:.2}",
                seen[i],
                expect[i],
                seen[i] / expect[i].max(1e-9)
            );
        }
    }
}
