//! The store's invariants, checked by reading every tree: `stratego-ssh check-store`, run on
//! a stopped server's data or on a backup. Reads only; never writes or flushes.
//!
//! What is checked ([`Problem`] has one variant per way it can fail):
//! - every value of the trees below decodes, and keys have the stored layout;
//! - `games`: the key is the game's id; the record's outcome is the stored outcome; the
//!   record replays (every move legal) to that outcome;
//! - `live`: every game in progress replays, its moves are plies 1, 2, 3... without gaps,
//!   and its moves do not already end it (a result never recorded); it is not also in
//!   `games`;
//! - `live_moves`: no move belongs to a game that is not in progress (orphans);
//! - ratings: the rated games, replayed in the order they ended (end time, then, within one
//!   second, the order their stored changes chain in, then id) through the same Glicko-2
//!   update as [`Games::finish`](super::Games::finish), give each game's stored rating
//!   changes and, last, exactly the `ratings` tree; `rating_history` has one entry per
//!   player and rated game;
//! - listings: each finished game is listed in `player_games` for both seats and in
//!   `recent_games` under both tags, as `finish` writes them; every listing points at a game
//!   that exists;
//! - `meta`: the id counter is past every id in use (else a new game would reuse one);
//! - `analysis`: every analysis is of a finished game in `games`, with one entry per ply of
//!   its record;
//! - `nick_skeletons`: every `users` key has its entry, and every entry is a `users` key's,
//!   under that key's skeleton (else a look-alike of that nick would go unnoticed).
//!
//! Keys are read through the small `*_parts` functions below, next to nothing else: a change
//! of key layout (in `records.rs`) is fixed here in one place, and the unit tests build keys
//! with `records.rs`'s own builders so a change there that is not made here fails them.

use std::collections::{BTreeSet, HashMap};
use std::fmt;

use super::glicko::{rate_game, Rating, Score};
use super::records::*;
use super::{RatingChange, Store, StoreError, Timestamp};
use crate::proto::GameId;
use crate::rules::{ByColor, Color, Outcome, ReplayError, Variant};

/// Names of the trees, as problems name them.
const GAMES: &str = "games";
const LIVE: &str = "live";
const LIVE_MOVES: &str = "live_moves";
const PLAYER_GAMES: &str = "player_games";
const RECENT: &str = "recent_games";
const RATINGS: &str = "ratings";
const HISTORY: &str = "rating_history";
const META: &str = "meta";
const ANALYSIS: &str = "analysis";

/// One broken invariant.
#[derive(Clone, PartialEq, Debug)]
pub enum Problem {
    /// A value (or a key) that cannot be read.
    Unreadable {
        tree: &'static str,
        key: String,
        error: String,
    },
    /// A finished game stored under another id than its own.
    GameUnderWrongKey { key: GameId, id: GameId },
    /// A finished game whose record does not replay to its stored result.
    GameDoesNotReplay { id: GameId, error: String },
    /// A finished game in progress too.
    FinishedButInProgress { id: GameId },
    /// A game in progress whose moves do not replay.
    LiveDoesNotReplay { id: GameId, error: String },
    /// A game in progress whose moves already end it: its result was never recorded.
    LiveAlreadyOver { id: GameId, outcome: Outcome },
    /// A game in progress whose stored plies are not 1, 2, 3...
    LivePlyGap {
        id: GameId,
        expected: u32,
        found: u32,
    },
    /// Moves stored for a game that is not in progress.
    OrphanMoves { id: GameId, moves: usize },
    /// A rated game whose stored rating changes are not those of the replay.
    RatingChangeMismatch { id: GameId, detail: String },
    /// A stored rating that is not the replay of the rated results.
    RatingMismatch {
        identity: String,
        variant: Variant,
        stored: Option<Rating>,
        replayed: Option<Rating>,
    },
    /// Rating history entries that do not match the rated games.
    HistoryMismatch {
        identity: String,
        variant: Variant,
        detail: String,
    },
    /// A listing (in `player_games` or `recent_games`) of a game that does not exist, or
    /// that says something else than the game.
    BadListing {
        tree: &'static str,
        id: GameId,
        detail: String,
    },
    /// A finished game missing from a listing it belongs in.
    MissingListing {
        tree: &'static str,
        id: GameId,
        detail: String,
    },
    /// An analysis of a game that is not finished, or whose plies are not the game's.
    BadAnalysis { id: GameId, detail: String },
    /// The game id counter would hand out an id already in use.
    IdCounterBehind { next: GameId, highest: GameId },
    /// A nick missing from the look-alike index (`nick_skeletons`), or an entry there that
    /// is no registered nick's (or is under another skeleton than its nick's).
    NickIndex { nick: String, detail: String },
}

fn rating_text(r: &Option<Rating>) -> String {
    match r {
        Some(r) => format!(
            "{:.3}/{:.3}/{:.6} ({} games: {}-{}-{})",
            r.rating, r.deviation, r.volatility, r.games, r.wins, r.draws, r.losses
        ),
        None => "none".into(),
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Unreadable { tree, key, error } => {
                write!(f, "{tree} {key}: cannot be read: {error}")
            }
            Problem::GameUnderWrongKey { key, id } => {
                write!(f, "games {key}: holds game {id}")
            }
            Problem::GameDoesNotReplay { id, error } => {
                write!(f, "game {id}: does not replay to its result: {error}")
            }
            Problem::FinishedButInProgress { id } => {
                write!(f, "game {id}: finished and still in progress")
            }
            Problem::LiveDoesNotReplay { id, error } => {
                write!(f, "game {id} in progress: does not replay: {error}")
            }
            Problem::LiveAlreadyOver { id, outcome } => write!(
                f,
                "game {id} in progress: its moves end it ({outcome}) but no result is recorded"
            ),
            Problem::LivePlyGap {
                id,
                expected,
                found,
            } => write!(
                f,
                "game {id} in progress: ply {found} stored where ply {expected} was expected"
            ),
            Problem::OrphanMoves { id, moves } => write!(
                f,
                "game {id}: {moves} move(s) stored but the game is not in progress"
            ),
            Problem::RatingChangeMismatch { id, detail } => {
                write!(
                    f,
                    "game {id}: stored rating changes differ from the replay: {detail}"
                )
            }
            Problem::RatingMismatch {
                identity,
                variant,
                stored,
                replayed,
            } => write!(
                f,
                "rating of {identity} in {variant}: stored {}, the rated results give {}",
                rating_text(stored),
                rating_text(replayed)
            ),
            Problem::HistoryMismatch {
                identity,
                variant,
                detail,
            } => write!(f, "rating history of {identity} in {variant}: {detail}"),
            Problem::BadListing { tree, id, detail } => {
                write!(f, "{tree}: listing of game {id}: {detail}")
            }
            Problem::MissingListing { tree, id, detail } => {
                write!(f, "{tree}: game {id} is not listed {detail}")
            }
            Problem::NickIndex { nick, detail } => {
                write!(f, "nick_skeletons: nick {nick}: {detail}")
            }
            Problem::BadAnalysis { id, detail } => {
                write!(f, "{ANALYSIS}: game {id}: {detail}")
            }
            Problem::IdCounterBehind { next, highest } => write!(
                f,
                "meta next_game_id: {next} would be handed out again, game {highest} exists"
            ),
        }
    }
}

/// Whether `dir` holds a database (so that checking a mistyped directory does not create
/// an empty one and find it sound).
pub fn has_database(dir: &std::path::Path) -> bool {
    dir.join("db").is_file()
}

/// What [`Store::check`] found.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct CheckReport {
    /// Finished games.
    pub games: u64,
    /// Games in progress.
    pub in_progress: u64,
    pub problems: Vec<Problem>,
}

impl CheckReport {
    /// The last line `check-store` prints.
    pub fn summary(&self) -> String {
        format!(
            "games {}, in progress {}, problems {}",
            self.games,
            self.in_progress,
            self.problems.len()
        )
    }
}

// ---- how keys are read (the one place to change with a key layout) ----

/// `games`, `live`: the game id.
fn game_key_parts(k: &[u8]) -> Option<GameId> {
    (k.len() == 8).then(|| be_u64(k)).flatten()
}

/// `live_moves`: (game id, ply).
fn live_move_key_parts(k: &[u8]) -> Option<(GameId, u32)> {
    (k.len() == 12).then(|| Some((be_u64(k)?, be_u32(&k[8..])?)))?
}

/// The end of `player_games`, `recent_games` and `rating_history` keys: (what comes before,
/// end time, game id).
fn time_id_parts(k: &[u8]) -> Option<(&[u8], Timestamp, GameId)> {
    let at = k.len().checked_sub(16)?;
    Some((&k[..at], be_u64(&k[at..])?, be_u64(&k[at + 8..])?))
}

/// A length-prefixed identity ([`ident_prefix`]) that makes up the whole of `k`.
fn ident_parts(k: &[u8]) -> Option<String> {
    let len = u16::from_be_bytes(k.get(..2)?.try_into().ok()?) as usize;
    (k.len() == 2 + len).then(|| String::from_utf8(k[2..].to_vec()).ok())?
}

/// `player_games`: (identity, end time, game id).
fn player_games_parts(k: &[u8]) -> Option<(String, Timestamp, GameId)> {
    let (head, t, id) = time_id_parts(k)?;
    Some((ident_parts(head)?, t, id))
}

/// `recent_games`: (variant, `None` for the "all" tag; end time; game id).
fn recent_parts(k: &[u8]) -> Option<(Option<Variant>, Timestamp, GameId)> {
    let (head, t, id) = time_id_parts(k)?;
    let tag = match head {
        [0] => None,
        [b] => Some(variant_of(*b)?),
        _ => return None,
    };
    Some((tag, t, id))
}

/// `ratings`: (identity, variant).
fn rating_parts(k: &[u8]) -> Option<(String, Variant)> {
    let (b, rest) = k.split_first()?;
    Some((String::from_utf8(rest.to_vec()).ok()?, variant_of(*b)?))
}

/// `rating_history`: (identity, variant, end time, game id).
fn history_parts(k: &[u8]) -> Option<(String, Variant, Timestamp, GameId)> {
    let (head, t, id) = time_id_parts(k)?;
    let (b, rest) = head.split_first()?;
    Some((ident_parts(rest)?, variant_of(*b)?, t, id))
}

fn variant_of(b: u8) -> Option<Variant> {
    [Variant::Classic, Variant::Duel, Variant::Barrage]
        .into_iter()
        .find(|v| variant_byte(*v) == b)
}

fn hex(k: &[u8]) -> String {
    k.iter().map(|b| format!("{b:02x}")).collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-6 * a.abs().max(1.0)
}

fn same_rating(a: &Rating, b: &Rating) -> bool {
    close(a.rating, b.rating)
        && close(a.deviation, b.deviation)
        && close(a.volatility, b.volatility)
        && (a.games, a.wins, a.draws, a.losses) == (b.games, b.wins, b.draws, b.losses)
}

/// The (identity, variant) pairs of both, sorted, once each.
fn union<'a>(
    a: impl Iterator<Item = &'a (String, Variant)>,
    b: impl Iterator<Item = &'a (String, Variant)>,
) -> Vec<&'a (String, Variant)> {
    let mut keys: Vec<_> = a.chain(b).collect();
    keys.sort_by_key(|(who, v)| (who.as_str(), variant_byte(*v)));
    keys.dedup();
    keys
}

/// A rated game as the rating replay needs it.
struct Rated {
    id: GameId,
    ended: Timestamp,
    variant: Variant,
    players: ByColor<String>,
    winner: Option<Color>,
    changes: Option<ByColor<RatingChange>>,
}

impl Store {
    /// Checks every invariant of the stored data (see the module documentation of
    /// `check.rs`). Reads only; meant for a stopped server's data or a backup (on a
    /// running server a write may land between two reads). Synchronous: reads every tree
    /// and replays every game, so not for an actor. `Err` only when a tree cannot be read
    /// at all.
    pub fn check(&self) -> Result<CheckReport, StoreError> {
        let mut report = CheckReport::default();
        let p = &mut report.problems;
        let (finished, rated) = check_finished(self, &mut report.games, p)?;
        let live = check_live(self, &finished, &mut report.in_progress, p)?;
        check_orphan_moves(self, &live, p)?;
        check_ratings(self, rated, p)?;
        check_listing_targets(self, &finished, p)?;
        check_nick_index(self, p)?;
        check_analyses(self, &finished, p)?;
        let highest = finished.iter().chain(&live).copied().max().unwrap_or(0);
        check_id_counter(self, highest, p)?;
        tracing::info!(
            games = report.games,
            in_progress = report.in_progress,
            problems = report.problems.len(),
            "store: checked"
        );
        Ok(report)
    }
}

fn unreadable(tree: &'static str, k: &[u8], error: String) -> Problem {
    Problem::Unreadable {
        tree,
        key: hex(k),
        error,
    }
}

/// Reads every finished game: each under its own id, replaying to its outcome, listed where
/// it belongs. Returns the ids and the rated games for [`check_ratings`].
fn check_finished(
    store: &Store,
    count: &mut u64,
    p: &mut Vec<Problem>,
) -> Result<(BTreeSet<GameId>, Vec<Rated>), StoreError> {
    let t = store.t();
    // Finished games.
    let mut finished = BTreeSet::new();
    let mut rated = Vec::new();
    for kv in t.games.iter() {
        let (k, v) = kv?;
        *count += 1;
        let Some(key) = game_key_parts(&k) else {
            p.push(unreadable(GAMES, &k, "not a game id".into()));
            continue;
        };
        finished.insert(key);
        let g: GameV1 = match decode(&v) {
            Ok(g) => g,
            Err(e) => {
                p.push(unreadable(GAMES, &k, e.to_string()));
                continue;
            }
        };
        if g.id != key {
            p.push(Problem::GameUnderWrongKey { key, id: g.id });
        }
        if g.record.outcome != Some(g.outcome) {
            p.push(Problem::GameDoesNotReplay {
                id: key,
                error: format!(
                    "the game says {} but its record says {}",
                    g.outcome,
                    g.record
                        .outcome
                        .map_or_else(|| "none".into(), |o| o.to_string())
                ),
            });
        } else if let Err(e) = g.record.replay() {
            p.push(Problem::GameDoesNotReplay {
                id: key,
                error: e.to_string(),
            });
        }
        check_listings(store, &g, p)?;
        if g.rated {
            rated.push(Rated {
                id: key,
                ended: g.ended,
                variant: g.record.rules.variant,
                players: ByColor::new(
                    g.seats.red.identity.to_string(),
                    g.seats.blue.identity.to_string(),
                ),
                winner: g.outcome.winner,
                changes: g.rating_changes,
            });
        } else if g.rating_changes.is_some() {
            p.push(Problem::RatingChangeMismatch {
                id: key,
                detail: "a casual game with rating changes".into(),
            });
        }
    }
    Ok((finished, rated))
}

/// Reads every game in progress: not also finished, its moves numbered 1, 2, 3, ...,
/// replaying without an end. Returns their ids.
fn check_live(
    store: &Store,
    finished: &BTreeSet<GameId>,
    count: &mut u64,
    p: &mut Vec<Problem>,
) -> Result<BTreeSet<GameId>, StoreError> {
    let t = store.t();
    // Games in progress and their moves.
    let mut live = BTreeSet::new();
    for kv in t.live.iter() {
        let (k, v) = kv?;
        *count += 1;
        let Some(id) = game_key_parts(&k) else {
            p.push(unreadable(LIVE, &k, "not a game id".into()));
            continue;
        };
        live.insert(id);
        if finished.contains(&id) {
            p.push(Problem::FinishedButInProgress { id });
        }
        let header: LiveV1 = match decode(&v) {
            Ok(h) => h,
            Err(e) => {
                p.push(unreadable(LIVE, &k, e.to_string()));
                continue;
            }
        };
        // A correspondence game in its set-up has no moves yet: nothing to replay.
        if header.in_setup {
            continue;
        }
        let (Some(red), Some(blue)) = (header.red, header.blue) else {
            p.push(unreadable(LIVE, &k, "in play without both set-ups".into()));
            continue;
        };
        let mut record = crate::rules::GameRecord {
            version: crate::rules::GameRecord::VERSION,
            rules: header.terms.rules,
            red,
            blue,
            moves: Vec::new(),
            outcome: None,
        };
        let mut readable = true;
        for kv in t.live_moves.scan_prefix(id.to_be_bytes()) {
            let (mk, mv) = kv?;
            let expected = record.moves.len() as u32 + 1;
            match (live_move_key_parts(&mk), decode::<LiveMoveV1>(&mv)) {
                (Some((_, ply)), Ok(m)) => {
                    if ply != expected {
                        p.push(Problem::LivePlyGap {
                            id,
                            expected,
                            found: ply,
                        });
                        readable = false;
                        break;
                    }
                    record.moves.push(m.mv);
                }
                (None, _) => {
                    p.push(unreadable(LIVE_MOVES, &mk, "not a game id and ply".into()));
                    readable = false;
                }
                (_, Err(e)) => {
                    p.push(unreadable(LIVE_MOVES, &mk, e.to_string()));
                    readable = false;
                }
            }
        }
        if !readable {
            continue;
        }
        match record.replay() {
            Ok(g) => {
                if let Some(outcome) = g.outcome() {
                    p.push(Problem::LiveAlreadyOver { id, outcome });
                }
            }
            Err(ReplayError::OutcomeMismatch {
                recorded: None,
                replayed: Some(outcome),
            }) => p.push(Problem::LiveAlreadyOver { id, outcome }),
            Err(e) => p.push(Problem::LiveDoesNotReplay {
                id,
                error: e.to_string(),
            }),
        }
    }
    Ok(live)
}

/// Moves of games in progress whose game is not in progress.
fn check_orphan_moves(
    store: &Store,
    live: &BTreeSet<GameId>,
    p: &mut Vec<Problem>,
) -> Result<(), StoreError> {
    let t = store.t();
    let mut orphans: Vec<(GameId, usize)> = Vec::new();
    for k in t.live_moves.iter().keys() {
        let k = k?;
        match live_move_key_parts(&k) {
            Some((id, _)) if !live.contains(&id) => match orphans.last_mut() {
                Some((last, n)) if *last == id => *n += 1,
                _ => orphans.push((id, 1)),
            },
            Some(_) => {}
            None if live.iter().any(|id| k.starts_with(&id.to_be_bytes())) => {} // reported above
            None => p.push(unreadable(LIVE_MOVES, &k, "not a game id and ply".into())),
        }
    }
    for (id, moves) in orphans {
        p.push(Problem::OrphanMoves { id, moves });
    }
    Ok(())
}

/// Every analysis is of a finished game and has one entry per ply of its record.
fn check_analyses(
    store: &Store,
    finished: &BTreeSet<GameId>,
    p: &mut Vec<Problem>,
) -> Result<(), StoreError> {
    let t = store.t();
    for kv in t.analysis.iter() {
        let (k, v) = kv?;
        let Some(id) = game_key_parts(&k) else {
            p.push(unreadable(ANALYSIS, &k, "not a game id".into()));
            continue;
        };
        let a = match decode::<AnalysisV1>(&v) {
            Ok(a) => a,
            Err(e) => {
                p.push(unreadable(ANALYSIS, &k, e.to_string()));
                continue;
            }
        };
        if !finished.contains(&id) {
            p.push(Problem::BadAnalysis {
                id,
                detail: "no such finished game".into(),
            });
            continue;
        }
        // The game decoded once already (check_finished): a failure here was reported.
        if let Some(g) = t.games.get(k)? {
            if let Ok(g) = decode::<GameV1>(&g) {
                if g.record.moves.len() != a.analysis.plies.len() {
                    p.push(Problem::BadAnalysis {
                        id,
                        detail: format!(
                            "{} plies analysed, the game has {}",
                            a.analysis.plies.len(),
                            g.record.moves.len()
                        ),
                    });
                }
            }
        }
    }
    Ok(())
}

/// The id counter is past every stored game's id.
fn check_id_counter(
    store: &Store,
    highest: GameId,
    p: &mut Vec<Problem>,
) -> Result<(), StoreError> {
    let t = store.t();
    if highest > 0 {
        let next = match t.meta.get("next_game_id")? {
            Some(b) => match decode::<CounterV1>(&b) {
                Ok(c) => Some(c.next),
                Err(e) => {
                    p.push(unreadable(META, b"next_game_id", e.to_string()));
                    None
                }
            },
            None => Some(1),
        };
        if let Some(next) = next.filter(|n| *n <= highest) {
            p.push(Problem::IdCounterBehind { next, highest });
        }
    }
    Ok(())
}

/// Every `users` key is in `nick_skeletons` under its skeleton, and every entry there is
/// a `users` key's.
fn check_nick_index(store: &Store, p: &mut Vec<Problem>) -> Result<(), StoreError> {
    let t = store.t();
    for k in t.users.iter().keys() {
        let k = k?;
        let nick = String::from_utf8_lossy(&k).into_owned();
        if !t.skeletons.contains_key(skeleton_key(&nick))? {
            p.push(Problem::NickIndex {
                nick,
                detail: "missing from the look-alike index".into(),
            });
        }
    }
    for k in t.skeletons.iter().keys() {
        let k = k?;
        let len = k
            .get(..2)
            .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])));
        let Some(nick) = len.and_then(|n| k.get(2 + n..)) else {
            p.push(Problem::NickIndex {
                nick: hex(&k),
                detail: "an entry that cannot be read".into(),
            });
            continue;
        };
        let nick = String::from_utf8_lossy(nick).into_owned();
        let detail = if !t.users.contains_key(nick.as_bytes())? {
            "an entry of a nick that is not registered"
        } else if skeleton_key(&nick) != k.as_ref() {
            "an entry under another skeleton than the nick's"
        } else {
            continue;
        };
        p.push(Problem::NickIndex {
            nick,
            detail: detail.into(),
        });
    }
    Ok(())
}

/// The listings `finish` writes for `g` are there and say what it says.
fn check_listings(store: &Store, g: &GameV1, p: &mut Vec<Problem>) -> Result<(), StoreError> {
    let t = store.t();
    let (red, blue) = (
        g.seats.red.identity.to_string(),
        g.seats.blue.identity.to_string(),
    );
    let expected = ListingV1 {
        v: ListingV1::VERSION,
        id: g.id,
        variant: g.record.rules.variant,
        nicks: ByColor::new(g.seats.red.nick.clone(), g.seats.blue.nick.clone()),
        identities: ByColor::new(red.clone(), blue.clone()),
        rated: g.rated,
        outcome: g.outcome,
        plies: u32::try_from(g.record.moves.len()).unwrap_or(u32::MAX),
        ended: g.ended,
        private: g.private,
    };
    let mut places = vec![(PLAYER_GAMES, ident_prefix(&red), format!("for {red}"))];
    if blue != red {
        places.push((PLAYER_GAMES, ident_prefix(&blue), format!("for {blue}")));
    }
    for tag in [None, Some(g.record.rules.variant)] {
        let what = tag.map_or_else(|| "under all games".into(), |v| format!("under {v}"));
        places.push((RECENT, recent_prefix(tag), what));
    }
    for (tree_name, prefix, what) in places {
        let tree = if tree_name == RECENT {
            &t.recent
        } else {
            &t.player_games
        };
        match tree.get(time_id(prefix, g.ended, g.id))? {
            None => p.push(Problem::MissingListing {
                tree: tree_name,
                id: g.id,
                detail: what,
            }),
            Some(v) => match decode::<ListingV1>(&v) {
                Ok(l) if same_listing(&l, &expected) => {}
                Ok(_) => p.push(Problem::BadListing {
                    tree: tree_name,
                    id: g.id,
                    detail: format!("{what}: it says something else than the game"),
                }),
                Err(e) => p.push(Problem::BadListing {
                    tree: tree_name,
                    id: g.id,
                    detail: format!("{what}: {e}"),
                }),
            },
        }
    }
    Ok(())
}

fn same_listing(a: &ListingV1, b: &ListingV1) -> bool {
    (
        a.id,
        a.variant,
        &a.nicks,
        &a.identities,
        a.rated,
        a.outcome,
        a.plies,
        a.ended,
        a.private,
    ) == (
        b.id,
        b.variant,
        &b.nicks,
        &b.identities,
        b.rated,
        b.outcome,
        b.plies,
        b.ended,
        b.private,
    )
}

/// Every listing points at a game that exists, under a key that agrees with its value.
fn check_listing_targets(
    store: &Store,
    finished: &BTreeSet<GameId>,
    p: &mut Vec<Problem>,
) -> Result<(), StoreError> {
    let t = store.t();
    for (tree_name, tree) in [(PLAYER_GAMES, &t.player_games), (RECENT, &t.recent)] {
        for kv in tree.iter() {
            let (k, v) = kv?;
            let parts = if tree_name == RECENT {
                recent_parts(&k).map(|(tag, ended, id)| (tag.map(|v| v.to_string()), ended, id))
            } else {
                player_games_parts(&k).map(|(who, ended, id)| (Some(who), ended, id))
            };
            let Some((who, ended, id)) = parts else {
                p.push(Problem::Unreadable {
                    tree: tree_name,
                    key: hex(&k),
                    error: "not a listing key".into(),
                });
                continue;
            };
            if !finished.contains(&id) {
                p.push(Problem::BadListing {
                    tree: tree_name,
                    id,
                    detail: format!(
                        "no such game (listed {})",
                        who.unwrap_or_else(|| "under all games".into())
                    ),
                });
                continue;
            }
            match decode::<ListingV1>(&v) {
                Ok(l) if l.id == id && l.ended == ended => {}
                Ok(l) => p.push(Problem::BadListing {
                    tree: tree_name,
                    id,
                    detail: format!("its key names game {id}, its value game {}", l.id),
                }),
                Err(e) => p.push(Problem::BadListing {
                    tree: tree_name,
                    id,
                    detail: e.to_string(),
                }),
            }
        }
    }
    Ok(())
}

/// Replays the rated results in order and compares with the stored changes, the `ratings`
/// tree and `rating_history`.
fn check_ratings(store: &Store, games: Vec<Rated>, p: &mut Vec<Problem>) -> Result<(), StoreError> {
    let (now, history) = replay_ratings(games, p);
    check_stored_ratings(store, &now, p)?;
    check_stored_history(store, &history, p)
}

type ByPlayer<T> = HashMap<(String, Variant), T>;

/// Replays the rated games in the order they ended, comparing each game's stored rating
/// changes with the replayed ones. Returns every player's replayed rating and rated games.
fn replay_ratings(
    mut games: Vec<Rated>,
    p: &mut Vec<Problem>,
) -> (ByPlayer<Rating>, ByPlayer<BTreeSet<GameId>>) {
    games.sort_by_key(|g| (g.ended, g.id));
    let mut now: ByPlayer<Rating> = HashMap::new();
    let mut history: ByPlayer<BTreeSet<GameId>> = HashMap::new();
    for group in games.chunk_by(|a, b| a.ended == b.ended) {
        // The games that ended in the same second: in the order their stored changes chain
        // (the order `finish` applied them), else by id.
        let mut group: Vec<&Rated> = group.iter().collect();
        while !group.is_empty() {
            let at = group
                .iter()
                .position(|g| {
                    g.changes.is_some_and(|c| {
                        Color::ALL.into_iter().all(|col| {
                            let key = (g.players.get(col).clone(), g.variant);
                            let before = now.get(&key).copied().unwrap_or_default();
                            same_rating(&before, &c.get(col).before)
                        })
                    })
                })
                .unwrap_or(0);
            let g = group.remove(at);
            let key = |c: Color| (g.players.get(c).clone(), g.variant);
            let (red, blue) = (
                now.get(&key(Color::Red)).copied().unwrap_or_default(),
                now.get(&key(Color::Blue)).copied().unwrap_or_default(),
            );
            let score = match g.winner {
                Some(Color::Red) => Score::Win,
                Some(Color::Blue) => Score::Loss,
                None => Score::Draw,
            };
            let (red_after, blue_after) = rate_game(&red, &blue, score);
            let replayed = ByColor::new(
                RatingChange {
                    before: red,
                    after: red_after,
                },
                RatingChange {
                    before: blue,
                    after: blue_after,
                },
            );
            match &g.changes {
                None => p.push(Problem::RatingChangeMismatch {
                    id: g.id,
                    detail: "a rated game without rating changes".into(),
                }),
                Some(c) => {
                    for col in Color::ALL {
                        let (s, r) = (c.get(col), replayed.get(col));
                        if !same_rating(&s.before, &r.before) || !same_rating(&s.after, &r.after) {
                            p.push(Problem::RatingChangeMismatch {
                                id: g.id,
                                detail: format!(
                                    "{col}: stored {} to {}, replayed {} to {}",
                                    rating_text(&Some(s.before)),
                                    rating_text(&Some(s.after)),
                                    rating_text(&Some(r.before)),
                                    rating_text(&Some(r.after))
                                ),
                            });
                        }
                    }
                }
            }
            now.insert(key(Color::Red), red_after);
            now.insert(key(Color::Blue), blue_after);
            for c in Color::ALL {
                history.entry(key(c)).or_default().insert(g.id);
            }
        }
    }
    (now, history)
}

/// Every stored rating is the replayed one (or a new player's, without games).
fn check_stored_ratings(
    store: &Store,
    now: &ByPlayer<Rating>,
    p: &mut Vec<Problem>,
) -> Result<(), StoreError> {
    let t = store.t();
    let mut stored: ByPlayer<Rating> = HashMap::new();
    for kv in t.ratings.iter() {
        let (k, v) = kv?;
        let Some(key) = rating_parts(&k) else {
            p.push(Problem::Unreadable {
                tree: RATINGS,
                key: hex(&k),
                error: "not a variant and identity".into(),
            });
            continue;
        };
        match decode::<RatingV1>(&v) {
            Ok(r) => {
                stored.insert(key, r.rating);
            }
            Err(e) => p.push(Problem::Unreadable {
                tree: RATINGS,
                key: hex(&k),
                error: e.to_string(),
            }),
        }
    }
    let keys = union(stored.keys(), now.keys());
    for key in keys {
        let (s, r) = (stored.get(key), now.get(key));
        let same = match (s, r) {
            (Some(s), Some(r)) => same_rating(s, r),
            // A rating without games is what a new player starts with.
            (Some(s), None) => s.games == 0,
            _ => false,
        };
        if !same {
            p.push(Problem::RatingMismatch {
                identity: key.0.clone(),
                variant: key.1,
                stored: s.copied(),
                replayed: r.copied(),
            });
        }
    }
    Ok(())
}

/// Every player's stored rating history lists exactly their rated games.
fn check_stored_history(
    store: &Store,
    history: &ByPlayer<BTreeSet<GameId>>,
    p: &mut Vec<Problem>,
) -> Result<(), StoreError> {
    let t = store.t();
    let mut stored_history: ByPlayer<BTreeSet<GameId>> = HashMap::new();
    for k in t.history.iter().keys() {
        let k = k?;
        match history_parts(&k) {
            Some((who, variant, _, id)) => {
                stored_history.entry((who, variant)).or_default().insert(id);
            }
            None => p.push(Problem::Unreadable {
                tree: HISTORY,
                key: hex(&k),
                error: "not a rating history key".into(),
            }),
        }
    }
    let keys = union(stored_history.keys(), history.keys());
    let empty = BTreeSet::new();
    for key in keys {
        let s = stored_history.get(key).unwrap_or(&empty);
        let r = history.get(key).unwrap_or(&empty);
        if s != r {
            let extra: Vec<_> = s.difference(r).collect();
            let missing: Vec<_> = r.difference(s).collect();
            p.push(Problem::HistoryMismatch {
                identity: key.0.clone(),
                variant: key.1,
                detail: format!(
                    "entries for games that are not its rated games: {extra:?}; rated games without an entry: {missing:?}"
                ),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::proto::{GameTerms, PlayerId};
    use crate::rules::{EndReason, Game, GameRecord, Move, Rules, Setup, SplitMix64};
    use crate::store::{GameResult, LiveGame, SeatRecord};

    fn seat(who: &str) -> SeatRecord {
        SeatRecord {
            identity: format!("key:SHA256:{who}").parse().unwrap(),
            nick: who.into(),
        }
    }

    fn terms(rated: bool) -> GameTerms {
        GameTerms {
            rules: Rules::standard(Variant::Classic),
            rated,
            clock: None,
            days: None,
            budget: None,
        }
    }

    /// A random Classic game from `seed`, `plies` long at most.
    fn random(seed: u64, plies: u32) -> (Setup, Setup, Game) {
        let rules = Rules::standard(Variant::Classic);
        let mut rng = SplitMix64(seed);
        let red = Setup::random(&rules, Color::Red, rng.next());
        let blue = Setup::random(&rules, Color::Blue, rng.next());
        let mut g = Game::new(rules, &red, &blue).unwrap();
        while g.outcome().is_none() && g.ply() < plies {
            let legal = g.legal_moves();
            g.play(legal[rng.below(legal.len())]).unwrap();
        }
        (red, blue, g)
    }

    async fn finish(s: &Store, red: &str, blue: &str, rated: bool, ended: Timestamp) -> GameId {
        let id = s.next_game_id().unwrap();
        let (_, _, mut g) = random(id, 10);
        g.end(Outcome {
            winner: Some(Color::Red),
            reason: EndReason::Resignation,
        });
        let r = GameResult {
            id,
            record: g.record(),
            seats: ByColor::new(seat(red), seat(blue)),
            terms: terms(rated),
            started: ended - 60,
            ended,
        };
        s.games().finish(&r).await.unwrap();
        id
    }

    async fn live(s: &Store, plies: u32) -> LiveGame {
        let id = s.next_game_id().unwrap();
        let (red, blue, g) = random(id, plies);
        let game = LiveGame {
            id,
            terms: terms(true),
            seats: ByColor::new(seat("ann"), seat("bob")),
            red,
            blue,
            moves: g.moves().collect(),
            clocks: Some(ByColor::new(
                Duration::from_secs(60),
                Duration::from_secs(60),
            )),
            started: 1_000,
            private: false,
            turn_since: None,
            turn_starts: vec![],
        };
        s.live().save(&game).await.unwrap();
        game
    }

    /// Three rated games (two ending in the same second), a casual one, a game in
    /// progress of 4 plies.
    async fn fixture() -> (Store, Vec<GameId>, LiveGame) {
        let s = Store::temporary().unwrap();
        let ids = vec![
            finish(&s, "ann", "bob", true, 2_000).await,
            finish(&s, "bob", "cat", true, 2_000).await,
            finish(&s, "cat", "ann", true, 2_100).await,
            finish(&s, "ann", "dan", false, 2_200).await,
        ];
        let l = live(&s, 4).await;
        (s, ids, l)
    }

    fn only(report: CheckReport) -> Problem {
        assert_eq!(report.problems.len(), 1, "{:#?}", report.problems);
        report.problems.into_iter().next().unwrap()
    }

    fn game(s: &Store, id: GameId) -> GameV1 {
        decode(&s.t().games.get(id.to_be_bytes()).unwrap().unwrap()).unwrap()
    }

    fn put_game(s: &Store, g: &GameV1) {
        s.t().games.insert(g.id.to_be_bytes(), encode(g)).unwrap();
    }

    fn put_move(s: &Store, id: GameId, ply: u32, mv: Move) {
        let m = LiveMoveV1 {
            v: LiveMoveV1::VERSION,
            mv,
            clocks_ms: None,
            at: None,
        };
        s.t()
            .live_moves
            .insert(live_move_key(id, ply), encode(&m))
            .unwrap();
    }

    #[tokio::test]
    async fn a_sound_store_has_no_problems() {
        let (s, _, _) = fixture().await;
        let r = s.check().unwrap();
        assert_eq!(r.problems, vec![]);
        assert_eq!(r.summary(), "games 4, in progress 1, problems 0");
    }

    #[tokio::test]
    async fn a_finished_game_with_an_illegal_move() {
        let (s, ids, _) = fixture().await;
        let mut g = game(&s, ids[0]);
        g.record.moves[1] = g.record.moves[0]; // Blue moves Red's piece
        put_game(&s, &g);
        let p = only(s.check().unwrap());
        assert!(
            matches!(&p, Problem::GameDoesNotReplay { id, error } if *id == ids[0] && error.contains("move 2")),
            "{p}"
        );
    }

    #[tokio::test]
    async fn a_finished_game_whose_record_disagrees_with_its_result() {
        let (s, ids, _) = fixture().await;
        let mut g = game(&s, ids[3]);
        g.record.outcome = None;
        put_game(&s, &g);
        let p = only(s.check().unwrap());
        assert!(
            matches!(p, Problem::GameDoesNotReplay { id, .. } if id == ids[3]),
            "{p}"
        );
    }

    #[tokio::test]
    async fn a_game_in_progress_with_an_illegal_move() {
        let (s, _, l) = fixture().await;
        put_move(&s, l.id, 5, l.moves[3]); // the mover's own last move again, by the other side
        let p = only(s.check().unwrap());
        assert!(
            matches!(&p, Problem::LiveDoesNotReplay { id, error } if *id == l.id && error.contains("move 5")),
            "{p}"
        );
    }

    #[tokio::test]
    async fn a_game_in_progress_with_a_missing_ply() {
        let (s, _, l) = fixture().await;
        put_move(&s, l.id, 7, l.moves[0]);
        assert_eq!(
            only(s.check().unwrap()),
            Problem::LivePlyGap {
                id: l.id,
                expected: 5,
                found: 7
            }
        );
    }

    #[tokio::test]
    async fn a_game_in_progress_already_over() {
        let (s, _, _) = fixture().await;
        let l = live(&s, 100_000).await;
        let p = only(s.check().unwrap());
        assert!(
            matches!(p, Problem::LiveAlreadyOver { id, .. } if id == l.id),
            "{p}"
        );
    }

    #[tokio::test]
    async fn moves_of_a_game_not_in_progress() {
        let (s, ids, l) = fixture().await;
        put_move(&s, ids[1], 1, l.moves[0]);
        put_move(&s, ids[1], 2, l.moves[1]);
        assert_eq!(
            only(s.check().unwrap()),
            Problem::OrphanMoves {
                id: ids[1],
                moves: 2
            }
        );
    }

    #[tokio::test]
    async fn a_finished_game_still_in_progress() {
        let (s, ids, l) = fixture().await;
        let header = s.t().live.get(l.id.to_be_bytes()).unwrap().unwrap();
        let mut h: LiveV1 = decode(&header).unwrap();
        h.id = ids[2];
        s.t().live.insert(ids[2].to_be_bytes(), encode(&h)).unwrap();
        assert_eq!(
            only(s.check().unwrap()),
            Problem::FinishedButInProgress { id: ids[2] }
        );
    }

    #[tokio::test]
    async fn a_rating_that_is_not_the_replay() {
        let (s, _, _) = fixture().await;
        let key = rating_key("key:SHA256:cat", Variant::Classic);
        let mut r: RatingV1 = decode(&s.t().ratings.get(&key).unwrap().unwrap()).unwrap();
        r.rating.rating += 12.0;
        s.t().ratings.insert(key, encode(&r)).unwrap();
        let p = only(s.check().unwrap());
        assert!(
            matches!(&p, Problem::RatingMismatch { identity, .. } if identity == "key:SHA256:cat"),
            "{p}"
        );
    }

    /// A result rated twice: the second game's stored changes start from the first's
    /// `after` applied twice, and the ratings tree has one game too many.
    #[tokio::test]
    async fn a_rating_change_applied_twice() {
        let (s, ids, _) = fixture().await;
        let g = game(&s, ids[2]);
        let (red, blue) = (&g.seats.red.identity, &g.seats.blue.identity);
        let score = Score::Win;
        for (who, other, sc) in [(red, blue, score), (blue, red, score.flip())] {
            let key = rating_key(&who.to_string(), Variant::Classic);
            let mine: RatingV1 = decode(&s.t().ratings.get(&key).unwrap().unwrap()).unwrap();
            let theirs: RatingV1 = decode(
                &s.t()
                    .ratings
                    .get(rating_key(&other.to_string(), Variant::Classic))
                    .unwrap()
                    .unwrap(),
            )
            .unwrap();
            let (again, _) = rate_game(&mine.rating, &theirs.rating, sc);
            let r = RatingV1 {
                rating: again,
                ..mine
            };
            s.t().ratings.insert(key, encode(&r)).unwrap();
        }
        let r = s.check().unwrap();
        assert_eq!(r.problems.len(), 2, "{:#?}", r.problems);
        assert!(r
            .problems
            .iter()
            .all(|p| matches!(p, Problem::RatingMismatch { stored: Some(s), replayed: Some(r), .. } if s.games == r.games + 1)));
    }

    #[tokio::test]
    async fn a_listing_of_a_game_that_does_not_exist() {
        let (s, ids, _) = fixture().await;
        let (k, v) = s
            .t()
            .player_games
            .scan_prefix(ident_prefix("key:SHA256:ann"))
            .next()
            .unwrap()
            .unwrap();
        let (_, ended, _) = player_games_parts(&k).unwrap();
        let mut l: ListingV1 = decode(&v).unwrap();
        l.id = 777;
        s.t()
            .player_games
            .insert(
                time_id(ident_prefix("key:SHA256:ann"), ended, 777),
                encode(&l),
            )
            .unwrap();
        let p = only(s.check().unwrap());
        assert!(
            matches!(
                p,
                Problem::BadListing {
                    tree: PLAYER_GAMES,
                    id: 777,
                    ..
                }
            ),
            "{p}"
        );
        assert!(!ids.contains(&777));
    }

    #[tokio::test]
    async fn a_finished_game_missing_from_the_recent_list() {
        let (s, ids, _) = fixture().await;
        let g = game(&s, ids[1]);
        s.t()
            .recent
            .remove(time_id(
                recent_prefix(Some(Variant::Classic)),
                g.ended,
                g.id,
            ))
            .unwrap();
        let p = only(s.check().unwrap());
        assert!(
            matches!(p, Problem::MissingListing { tree: RECENT, id, .. } if id == ids[1]),
            "{p}"
        );
    }

    #[tokio::test]
    async fn a_nick_missing_from_the_look_alike_index_and_a_stray_entry() {
        let s = Store::temporary().unwrap();
        s.users()
            .claim_nick("Alice", &"key:SHA256:a".parse().unwrap())
            .await
            .unwrap();
        assert!(s.check().unwrap().problems.is_empty());
        s.t().skeletons.remove(skeleton_key("alice")).unwrap();
        let p = only(s.check().unwrap());
        assert!(
            matches!(&p, Problem::NickIndex { nick, .. } if nick == "alice"),
            "{p}"
        );
        s.t()
            .skeletons
            .insert(skeleton_key("alice"), &[][..])
            .unwrap();
        s.t()
            .skeletons
            .insert(skeleton_key("bob"), &[][..])
            .unwrap();
        let p = only(s.check().unwrap());
        assert!(p.to_string().contains("not registered"), "{p}");
    }

    #[tokio::test]
    async fn an_id_counter_behind_the_games() {
        let (s, _, l) = fixture().await;
        let c = CounterV1 {
            v: CounterV1::VERSION,
            next: 2,
        };
        s.t().meta.insert("next_game_id", encode(&c)).unwrap();
        assert_eq!(
            only(s.check().unwrap()),
            Problem::IdCounterBehind {
                next: 2,
                highest: l.id
            }
        );
    }

    #[tokio::test]
    async fn an_unreadable_value() {
        let (s, ids, _) = fixture().await;
        s.t()
            .games
            .insert(ids[3].to_be_bytes(), &b"{\"v\":1,"[..])
            .unwrap();
        let p = only(s.check().unwrap());
        assert!(matches!(p, Problem::Unreadable { tree: GAMES, .. }), "{p}");
    }

    /// The key readers agree with the key builders of `records.rs`.
    #[test]
    fn keys_read_back() {
        assert_eq!(live_move_key_parts(&live_move_key(7, 3)), Some((7, 3)));
        assert_eq!(game_key_parts(&9u64.to_be_bytes()), Some(9));
        assert_eq!(
            player_games_parts(&time_id(ident_prefix("key:a"), 5, 6)),
            Some(("key:a".into(), 5, 6))
        );
        assert_eq!(
            recent_parts(&time_id(recent_prefix(Some(Variant::Duel)), 5, 6)),
            Some((Some(Variant::Duel), 5, 6))
        );
        assert_eq!(
            recent_parts(&time_id(recent_prefix(None), 5, 6)),
            Some((None, 5, 6))
        );
        assert_eq!(
            rating_parts(&rating_key("key:a", Variant::Barrage)),
            Some(("key:a".into(), Variant::Barrage))
        );
        assert_eq!(
            history_parts(&time_id(history_prefix("key:a", Variant::Classic), 5, 6)),
            Some(("key:a".into(), Variant::Classic, 5, 6))
        );
        let _: Option<PlayerId> = None;
        let _: Option<GameRecord> = None;
    }

    #[tokio::test]
    async fn an_analysis_of_no_game_or_of_other_plies_is_reported() {
        let (s, ids, _) = fixture().await;
        let plies = game(&s, ids[0]).record.moves.len();
        let review = |n: usize| crate::rules::GameAnalysis {
            plies: game(&s, ids[0])
                .record
                .moves
                .iter()
                .cycle()
                .take(n)
                .map(|&mv| crate::rules::PlyReview {
                    mover: Color::Red,
                    played: mv,
                    seen: None,
                    hindsight: None,
                })
                .collect(),
            nodes: 1,
        };
        // Kept through the API: sound.
        s.analyses().save(ids[0], review(plies)).await.unwrap();
        assert_eq!(s.check().unwrap().problems, vec![]);
        assert!(s.analyses().get(ids[0]).unwrap().is_some());
        // The API refuses a wrong one; written behind its back, the check finds it.
        assert!(s.analyses().save(ids[1], review(plies + 1)).await.is_err());
        assert!(s.analyses().save(999, review(plies)).await.is_err());
        let put = |id: GameId, n: usize| {
            let v = AnalysisV1 {
                v: AnalysisV1::VERSION,
                made: 1,
                analysis: review(n),
            };
            s.t().analysis.insert(id.to_be_bytes(), encode(&v)).unwrap();
        };
        put(ids[0], plies + 1);
        assert!(matches!(
            only(s.check().unwrap()),
            Problem::BadAnalysis { id, .. } if id == ids[0]
        ));
        put(ids[0], plies);
        put(999, plies);
        assert_eq!(
            only(s.check().unwrap()).to_string(),
            "analysis: game 999: no such finished game"
        );
    }
}
