//! The board socket's compact game updates (issue 44): after a socket's first `game`
//! message (the whole game as that seat may know it), each update is a `d` message holding
//! only what changed against the game message this socket was last sent. Everything here
//! works on those game messages (JSON, built from the seat's own `PlayerView` by
//! `play.rs`), never on a position: a delta can tell nothing the seat's full message would
//! not.
//!
//! A delta, `{"t": "d", ...}` (docs/web.md):
//! - `p`: the new ply (when it changed); the page checks `p` = its ply + the moves added.
//! - `b`: the squares that changed, each `E4` (now empty) or the square followed by the
//!   piece: colour `r`/`b`, rank code ([`RANK_CODES`], `?` unknown), `m` when it moved
//!   (`E5b?m`: a moved Blue piece of unknown rank). Changed against the page's board with
//!   the plain moves added played on it (the piece moves, marked moved): a plain move
//!   needs no square, a Scout's run only the rank it showed, a battle its outcome.
//! - `m`: the last move's text (`E4-E5`, `E4xE5`); it is also the one move added to the
//!   list, unless `ms` lists the moves added. `w`: the last move's words, only when they
//!   are not the plain move's words the page makes itself (a battle, a rescue).
//! - `x`, `a`: the legal moves' exceptions, as `E4E5`. On its turn in play the page
//!   computes the seat's pseudo-legal moves from the board it holds ([`pseudo_legal`]:
//!   own movable pieces, one step, Scouts' runs, lakes and edges); `x` are those the game
//!   forbids (the two-square and more-squares rules), `a` any legal ones the rule misses.
//!   Off its turn the page's list is `a` alone.
//! - The turn flips with each move added unless `turn` says otherwise.
//! - Any other field of the game message that changed, as is (`clocks`, `draw_offer`,
//!   `gone`, `result`, `phase`, ...); `rm` lists the fields the message no longer has
//!   (`tray` after the set-up, `rescue` when no rescue is open).
//!
//! [`diff`] makes a delta, [`apply`] is the page's rule (mirrored in `play.js`'s
//! `applyDelta`), used by the tests and the load generator.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Map, Value};

use crate::rules::{Rank, Square};

/// A rank's one-letter code in a delta, in [`Rank::ALL`]'s order.
pub const RANK_CODES: [(Rank, char); 12] = [
    (Rank::Marshal, 'X'),
    (Rank::General, '9'),
    (Rank::Colonel, '8'),
    (Rank::Major, '7'),
    (Rank::Captain, '6'),
    (Rank::Lieutenant, '5'),
    (Rank::Sergeant, '4'),
    (Rank::Miner, '3'),
    (Rank::Scout, '2'),
    (Rank::Spy, 'S'),
    (Rank::Bomb, 'B'),
    (Rank::Flag, 'F'),
];

/// The fields a delta handles itself (the rest are sent as they are when they change).
const OWN: [&str; 9] = [
    "t",
    "v",
    "ply",
    "board",
    "legal",
    "last",
    "moves",
    "moves_from",
    "turn",
];

/// A game message's board entry (`{sq, c, r, m}`) as a delta's piece: `E5b?m`.
fn piece_code(p: &Value) -> Option<String> {
    let sq = p["sq"].as_str()?;
    let c = match p["c"].as_str()? {
        "red" => 'r',
        "blue" => 'b',
        _ => return None,
    };
    let r = match p["r"].as_str() {
        None => '?',
        Some(name) => RANK_CODES.iter().find(|(r, _)| r.name() == name)?.1,
    };
    let m = if p["m"] == true { "m" } else { "" };
    Some(format!("{sq}{c}{r}{m}"))
}

/// A delta's square entry as the square and the piece now on it (`None`: empty).
fn parse_entry(e: &str) -> Option<(String, Option<Value>)> {
    if e.len() < 2 || !e.is_ascii() {
        return None;
    }
    let digits = 1 + e[1..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(e.len() - 1);
    let sq: Square = e.get(..digits)?.parse().ok()?;
    let rest = &e[digits..];
    if rest.is_empty() {
        return Some((sq.to_string(), None));
    }
    let mut chars = rest.chars();
    let c = match chars.next()? {
        'r' => "red",
        'b' => "blue",
        _ => return None,
    };
    let r = match chars.next()? {
        '?' => Value::Null,
        code => json!(RANK_CODES.iter().find(|(_, k)| *k == code)?.0.name()),
    };
    let m = match chars.next() {
        None => false,
        Some('m') => true,
        Some(_) => return None,
    };
    let piece = json!({"sq": sq.to_string(), "c": c, "r": r, "m": m});
    Some((sq.to_string(), Some(piece)))
}

/// Plays the moves added that are plain (`E4-E5`, no battle) on a board as the page does:
/// the piece on the first square, if any, goes to the second, marked moved.
fn play_plain(board: &mut BTreeMap<String, Value>, added: &[Value]) {
    for text in added.iter().filter_map(Value::as_str) {
        let Some((from, to)) = text.split_once('-') else {
            continue;
        };
        if let Some(mut p) = board.remove(from) {
            p["sq"] = json!(to);
            p["m"] = json!(true);
            board.insert(to.to_string(), p);
        }
    }
}

/// A game message's board by square.
fn board_map(board: &Value) -> BTreeMap<String, Value> {
    board
        .as_array()
        .map(|b| {
            b.iter()
                .filter_map(|p| Some((p["sq"].as_str()?.to_string(), p.clone())))
                .collect()
        })
        .unwrap_or_default()
}

/// A board in a game message's order (by square index, as `play.rs` lists it).
fn board_list(map: &BTreeMap<String, Value>) -> Value {
    let mut v: Vec<(usize, Value)> = map
        .iter()
        .filter_map(|(sq, p)| Some((sq.parse::<Square>().ok()?.index(), p.clone())))
        .collect();
    v.sort_by_key(|(i, _)| *i);
    Value::Array(v.into_iter().map(|(_, p)| p).collect())
}

/// A move written `E4E5`, as a pair of squares.
fn parse_pair(s: &str) -> Option<(String, String)> {
    if s.len() < 4 || !s.is_ascii() {
        return None;
    }
    let cut = 1 + s[1..].find(|c: char| c.is_ascii_alphabetic())?;
    let (a, b) = s.split_at(cut);
    let a: Square = a.parse().ok()?;
    let b: Square = b.parse().ok()?;
    Some((a.to_string(), b.to_string()))
}

/// The pseudo-legal moves of `me` (`red`/`blue`) on a game message's board, as `play.js`
/// computes them: each own piece of a movable rank steps one square along a file or a row
/// onto an empty square or an enemy piece, never a lake or off the board; a Scout runs on
/// over empty squares and may stop on any of them or on the first enemy piece. The
/// repetition rules are not applied (those are a delta's `x`).
pub fn pseudo_legal(board: &Value, me: &str) -> Vec<(String, String)> {
    let map = board_map(board);
    let at = |s: Square| map.get(&s.to_string());
    let mut out = vec![];
    for from in Square::all() {
        let Some(p) = at(from) else { continue };
        if p["c"] != me {
            continue;
        }
        let rank = p["r"].as_str().unwrap_or_default();
        if rank.is_empty() || rank == "Bomb" || rank == "Flag" {
            continue;
        }
        let scout = rank == "Scout";
        for (df, dr) in [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)] {
            let (mut f, mut r) = (from.file() as i8, from.row() as i8);
            loop {
                f += df;
                r += dr;
                if !(0..10).contains(&f) || !(0..10).contains(&r) {
                    break;
                }
                let Some(to) = Square::new(f as u8, r as u8) else {
                    break;
                };
                if to.is_lake() {
                    break;
                }
                match at(to) {
                    None => {
                        out.push((from.to_string(), to.to_string()));
                        if !scout {
                            break;
                        }
                    }
                    Some(q) => {
                        if q["c"] != me {
                            out.push((from.to_string(), to.to_string()));
                        }
                        break;
                    }
                }
            }
        }
    }
    out
}

/// The legal moves a game message lists, as pairs.
fn legal_set(legal: &Value) -> BTreeSet<(String, String)> {
    legal
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|m| Some((m[0].as_str()?.to_string(), m[1].as_str()?.to_string())))
                .collect()
        })
        .unwrap_or_default()
}

/// The moves the page computes for a game (before a delta's exceptions): the pseudo-legal
/// moves in play on the seat's turn, else none.
fn base_moves(game: &Value) -> BTreeSet<(String, String)> {
    let me = game["me"].as_str().unwrap_or_default();
    match game["phase"] == "play" && !me.is_empty() && game["turn"] == me {
        true => pseudo_legal(&game["board"], me).into_iter().collect(),
        false => BTreeSet::new(),
    }
}

fn flip(turn: &Value) -> Value {
    match turn.as_str() {
        Some("red") => json!("blue"),
        Some("blue") => json!("red"),
        _ => turn.clone(),
    }
}

/// The move text's squares: `E4-E5` or `E4xE5` → (`E4`, `E5`).
fn move_squares(text: &str) -> Option<(String, String)> {
    let (a, b) = text.split_once(['-', 'x'])?;
    Some((a.to_string(), b.to_string()))
}

/// The delta from `prev` (the last game message this socket was sent) to `next` (the game
/// message it would be sent now), or `None` when only a whole message will do (another
/// game, moves not following on). `plain(mover)`: the words of a plain move
/// by `mover` (`red`/`blue`), as the page makes them. A delta with nothing but `t` means
/// nothing changed.
pub fn diff(prev: &Value, next: &Value, plain: &dyn Fn(&str) -> String) -> Option<Value> {
    let (Value::Object(p), Value::Object(n)) = (prev, next) else {
        return None;
    };
    if p.get("id") != n.get("id") || OWN.iter().any(|k| p.contains_key(*k) != n.contains_key(*k)) {
        return None;
    }
    let mut d = Map::new();
    d.insert("t".into(), json!("d"));
    let gone: Vec<Value> = p
        .keys()
        .filter(|k| !n.contains_key(*k))
        .map(|k| json!(k))
        .collect();
    if !gone.is_empty() {
        d.insert("rm".into(), Value::Array(gone));
    }
    for (k, v) in n {
        if !OWN.contains(&k.as_str()) && p.get(k) != Some(v) {
            d.insert(k.clone(), v.clone());
        }
    }
    // The moves added must follow those sent.
    let sent = p["moves_from"].as_u64()? + p["moves"].as_array()?.len() as u64;
    let added = n["moves"].as_array()?;
    if n["moves_from"].as_u64()? != sent {
        return None;
    }
    let (pp, np) = (p["ply"].as_u64()?, n["ply"].as_u64()?);
    if pp + added.len() as u64 != np {
        return None;
    }
    if np != pp {
        d.insert("p".into(), json!(np));
    }
    // The squares that changed (the plain moves played).
    let (mut pb, nb) = (board_map(&p["board"]), board_map(&n["board"]));
    play_plain(&mut pb, added);
    let mut b = vec![];
    for sq in pb.keys().chain(nb.keys()).collect::<BTreeSet<_>>() {
        match (pb.get(sq), nb.get(sq)) {
            (a, c) if a == c => {}
            (_, None) => b.push(json!(sq)),
            (_, Some(c)) => b.push(json!(piece_code(c)?)),
        }
    }
    if !b.is_empty() {
        d.insert("b".into(), Value::Array(b));
    }
    // The turn flips with each move added.
    let turn = match added.len() % 2 {
        1 => flip(&p["turn"]),
        _ => p["turn"].clone(),
    };
    if n["turn"] != turn {
        d.insert("turn".into(), n["turn"].clone());
    }
    // The last move, as its text (and its words when not the plain ones).
    let mut implied: Vec<Value> = vec![];
    if n["last"] != p["last"] {
        let last = &n["last"];
        let text = last["text"].as_str().unwrap_or_default();
        let fits = move_squares(text).is_some_and(|(f, t)| last["from"] == f && last["to"] == t)
            && last["words"].is_string();
        match fits {
            true => {
                d.insert("m".into(), json!(text));
                implied.push(json!(text));
                let mover = flip(&n["turn"]);
                let plain = plain(mover.as_str().unwrap_or_default());
                if last["words"] != plain.as_str() {
                    d.insert("w".into(), last["words"].clone());
                }
            }
            false => {
                d.insert("last".into(), last.clone());
            }
        }
    }
    if *added != implied {
        d.insert("ms".into(), Value::Array(added.clone()));
    }
    // The legal moves: what the page computes, and the exceptions.
    let mut after = n.clone();
    after.insert("legal".into(), json!([]));
    let base = base_moves(&Value::Object(after));
    let legal = legal_set(&n["legal"]);
    let pair = |(a, b): &(String, String)| json!(format!("{a}{b}"));
    let x: Vec<Value> = base.difference(&legal).map(pair).collect();
    let a: Vec<Value> = legal.difference(&base).map(pair).collect();
    if !x.is_empty() {
        d.insert("x".into(), Value::Array(x));
    }
    if !a.is_empty() {
        d.insert("a".into(), Value::Array(a));
    }
    Some(Value::Object(d))
}

/// The pieces a delta puts on squares, as a game message's board entries (`{sq, c, r,
/// m}`); an entry that does not parse is left out (an audit finds it by its text).
pub fn pieces(d: &Value) -> Vec<Value> {
    d["b"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| parse_entry(e.as_str()?)?.1)
        .collect()
}

/// A whole game message as a page that takes deltas is sent it: its `board` one string of
/// the deltas' piece codes (`"A1rF B1rB A7b? ..."`), its `zone` one string of squares, its
/// `legal` one string of moves (`"E4E5 F4F6"`): a quarter of the bytes of the lists of
/// objects. [`expand`] reads it back.
pub fn compact(v: &Value) -> Value {
    let mut out = v.clone();
    let join = |items: Vec<String>| Value::String(items.join(" "));
    if let Some(board) = v["board"].as_array() {
        out["board"] = join(board.iter().filter_map(piece_code).collect());
    }
    if let Some(zone) = v["zone"].as_array() {
        out["zone"] = join(
            zone.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect(),
        );
    }
    if let Some(legal) = v["legal"].as_array() {
        out["legal"] = join(
            legal
                .iter()
                .filter_map(|l| Some(format!("{}{}", l[0].as_str()?, l[1].as_str()?)))
                .collect(),
        );
    }
    out
}

/// A whole game message as [`compact`] made it, back in `play.rs`'s form; `None` when a
/// piece, a square or a move in it does not read. A message already whole is returned as
/// it is.
pub fn expand(v: &Value) -> Option<Value> {
    let mut out = v.clone();
    let words = |s: &str| -> Vec<String> { s.split_whitespace().map(String::from).collect() };
    if let Some(board) = v["board"].as_str() {
        let pieces: Option<Vec<Value>> = words(board)
            .iter()
            .map(|e| parse_entry(e).and_then(|(_, p)| p))
            .collect();
        out["board"] = Value::Array(pieces?);
    }
    if let Some(zone) = v["zone"].as_str() {
        let squares: Option<Vec<Value>> = words(zone)
            .iter()
            .map(|s| s.parse::<Square>().ok().map(|q| json!(q.to_string())))
            .collect();
        out["zone"] = Value::Array(squares?);
    }
    if let Some(legal) = v["legal"].as_str() {
        let moves: Option<Vec<Value>> = words(legal)
            .iter()
            .map(|m| parse_pair(m).map(|(a, b)| json!([a, b])))
            .collect();
        out["legal"] = Value::Array(moves?);
    }
    Some(out)
}

/// Whether a delta changes nothing (no message need be sent).
pub fn is_empty(d: &Value) -> bool {
    d.as_object()
        .is_some_and(|d| d.keys().all(|k| k == "t" || k == "v"))
}

/// The page's rule: the game message `prev` (its `moves` the whole list so far, from 0)
/// with the delta `d` applied, or `None` when the delta does not follow on from it (a gap:
/// the page asks for the whole game). The result's `moves` is again the whole list.
pub fn apply(prev: &Value, d: &Value, plain: &dyn Fn(&str) -> String) -> Option<Value> {
    let (Value::Object(p), Value::Object(dm)) = (prev, d) else {
        return None;
    };
    let mut n = p.clone();
    for (k, v) in dm {
        if !["t", "v", "p", "b", "m", "w", "x", "a", "ms", "rm"].contains(&k.as_str()) {
            n.insert(k.clone(), v.clone());
        }
    }
    for k in dm.get("rm").and_then(Value::as_array).into_iter().flatten() {
        n.remove(k.as_str()?);
    }
    let mut moves: Vec<Value> = p["moves"].as_array()?.clone();
    let added: Vec<Value> = match (dm.get("ms"), dm.get("m")) {
        (Some(ms), _) => ms.as_array()?.clone(),
        (None, Some(m)) => vec![m.clone()],
        (None, None) => vec![],
    };
    let ply = p["ply"].as_u64()?;
    let new_ply = dm.get("p").and_then(Value::as_u64).unwrap_or(ply);
    if ply + added.len() as u64 != new_ply {
        return None;
    }
    n.insert("ply".into(), json!(new_ply));
    moves.extend(added.iter().cloned());
    n.insert("moves".into(), Value::Array(moves));
    n.insert("moves_from".into(), json!(0));
    if !dm.contains_key("turn") && added.len() % 2 == 1 {
        n.insert("turn".into(), flip(&p["turn"]));
    }
    let mut board = board_map(&p["board"]);
    play_plain(&mut board, &added);
    for e in dm.get("b").and_then(Value::as_array).into_iter().flatten() {
        let (sq, piece) = parse_entry(e.as_str()?)?;
        match piece {
            Some(piece) => board.insert(sq, piece),
            None => board.remove(&sq),
        };
    }
    n.insert("board".into(), board_list(&board));
    if let Some(text) = dm.get("m").and_then(Value::as_str) {
        let (from, to) = move_squares(text)?;
        let mover = flip(&n["turn"]);
        let words = match dm.get("w") {
            Some(w) => w.clone(),
            None => json!(plain(mover.as_str().unwrap_or_default())),
        };
        n.insert(
            "last".into(),
            json!({"from": from, "to": to, "text": text, "words": words}),
        );
    }
    let mut legal = base_moves(&Value::Object(n.clone()));
    for e in dm.get("x").and_then(Value::as_array).into_iter().flatten() {
        legal.remove(&parse_pair(e.as_str()?)?);
    }
    for e in dm.get("a").and_then(Value::as_array).into_iter().flatten() {
        legal.insert(parse_pair(e.as_str()?)?);
    }
    let legal: Vec<Value> = legal.into_iter().map(|(a, b)| json!([a, b])).collect();
    n.insert("legal".into(), Value::Array(legal));
    Some(Value::Object(n))
}

/// Whether two game messages show the same game: the same fields, boards and legal moves
/// as sets, the moves aside (each message carries only those not sent before).
pub fn same_game(a: &Value, b: &Value) -> bool {
    let norm = |v: &Value| {
        let mut v = v.clone();
        if let Value::Object(m) = &mut v {
            m.remove("moves");
            m.remove("moves_from");
            m.remove("t");
            m.remove("v");
            let board = board_list(&board_map(&m["board"]));
            m.insert("board".into(), board);
            let legal: Vec<Value> = legal_set(&m["legal"])
                .into_iter()
                .map(|(a, b)| json!([a, b]))
                .collect();
            m.insert("legal".into(), Value::Array(legal));
        }
        v
    };
    norm(a) == norm(b)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_compact_whole_message_reads_back_and_is_a_fraction_of_the_bytes() {
        let v = json!({"t": "game", "id": 1, "phase": "play", "me": "red",
            "board": [
                {"sq": "A1", "c": "red", "r": "Flag", "m": false},
                {"sq": "E4", "c": "red", "r": "Scout", "m": true},
                {"sq": "A10", "c": "blue", "r": null, "m": false},
                {"sq": "E7", "c": "blue", "r": "Marshal", "m": true},
            ],
            "zone": ["A1", "B1", "J4"],
            "legal": [["E4", "E5"], ["E4", "E6"], ["A1", "B1"]]});
        let c = compact(&v);
        assert_eq!(c["board"], "A1rF E4r2m A10b? E7bXm");
        assert_eq!(c["zone"], "A1 B1 J4");
        assert_eq!(c["legal"], "E4E5 E4E6 A1B1");
        assert_eq!(expand(&c), Some(v.clone()));
        assert!(c.to_string().len() * 2 < v.to_string().len(), "{c}");
        // A whole message is its own expansion; a piece that does not read is refused.
        assert_eq!(expand(&v), Some(v.clone()));
        let mut bad = c.clone();
        bad["board"] = json!("A1rF Z9rB");
        assert_eq!(expand(&bad), None);
        bad["board"] = json!("A1rQ");
        assert_eq!(expand(&bad), None);
    }

    use super::*;
    use crate::rules::{Color, Game, Options, Rules, Setup, SplitMix64, Variant, Viewer};

    /// A view's board as `play.rs` writes it in a game message.
    fn board_of(g: &Game, viewer: Viewer) -> Value {
        let view = g.view(viewer);
        let name = |c: Color| c.name().to_ascii_lowercase();
        Value::Array(
            Square::all()
                .filter_map(|sq| {
                    let p = view.piece_at(sq)?;
                    Some(json!({"sq": sq.to_string(), "c": name(p.color), "r": p.rank.map(|r| r.name()), "m": p.moved}))
                })
                .collect(),
        )
    }

    fn pairs(moves: &[crate::rules::Move]) -> BTreeSet<(String, String)> {
        moves
            .iter()
            .filter(|m| m.rescue.is_none())
            .map(|m| (m.from.to_string(), m.to.to_string()))
            .collect()
    }

    /// Over many positions of random games in every variant (with the repetition rules
    /// at their strictest, and Rescue): the pseudo-legal rule on the seat's own view is
    /// exactly the legal moves without the repetition rules, and the legal moves with them
    /// are among it; so a delta's exceptions are only the moves those rules forbid, and
    /// pseudo-legal minus `x` plus `a` is the legal list.
    #[test]
    fn the_pseudo_legal_rule_is_the_legal_moves_less_the_repetition_rules() {
        let mut barred = 0;
        let mut positions = 0;
        for seed in 0..60u64 {
            let variant = Variant::ALL[seed as usize % 3];
            let options = Options {
                two_square_limit: [2, 3, 5][seed as usize % 3],
                more_squares: true,
                rescue: seed % 2 == 0,
                ..Options::default()
            };
            let loose = Options {
                two_square_limit: 0,
                more_squares: false,
                ..options
            };
            let mut rng = SplitMix64(seed);
            let rules = Rules::new(variant, options);
            let red = Setup::random(&rules, Color::Red, rng.next());
            let blue = Setup::random(&rules, Color::Blue, rng.next());
            let mut g = Game::new(rules, &red, &blue).unwrap();
            let mut g0 = Game::new(Rules::new(variant, loose), &red, &blue).unwrap();
            for _ in 0..400 {
                if g.outcome().is_some() {
                    break;
                }
                let me = g.to_move();
                let board = board_of(&g, Viewer::Player(me));
                let pseudo: BTreeSet<_> = pseudo_legal(&board, &me.name().to_ascii_lowercase())
                    .into_iter()
                    .collect();
                let legal = g.legal_moves();
                assert_eq!(
                    pseudo,
                    pairs(&g0.legal_moves()),
                    "seed {seed} ply {}",
                    g.ply()
                );
                assert!(
                    pairs(&legal).is_subset(&pseudo),
                    "seed {seed} ply {}",
                    g.ply()
                );
                barred += pseudo.len() - pairs(&legal).len();
                positions += 1;
                // Mostly back and forth (the repetition rules' ground), else any move.
                let mv = match rng.next() % 3 {
                    0 | 1 if g.ply() >= 2 => {
                        let back = g.moves().nth(g.ply() as usize - 2).unwrap();
                        legal
                            .iter()
                            .find(|m| m.from == back.to && m.to == back.from && m.rescue.is_none())
                            .copied()
                            .unwrap_or(legal[rng.below(legal.len())])
                    }
                    _ => legal[rng.below(legal.len())],
                };
                g.play(mv).unwrap();
                g0.play(mv).unwrap();
            }
        }
        assert!(positions > 5_000, "{positions}");
        assert!(barred > 50, "the repetition rules barred moves: {barred}");
    }

    /// Deltas between the game messages of every position of random games, for a seat
    /// and a spectator: applied, they give the next message (board, legal moves, last
    /// move, turn, moves), and a plain move's delta is short.
    #[test]
    fn a_delta_applied_gives_the_next_message() {
        let plain = |c: &str| format!("{c} moved");
        let name = |c: Color| c.name().to_ascii_lowercase();
        for seed in 0..12u64 {
            let rules = Rules::standard(Variant::ALL[seed as usize % 3]);
            let mut rng = SplitMix64(seed + 100);
            let red = Setup::random(&rules, Color::Red, rng.next());
            let blue = Setup::random(&rules, Color::Blue, rng.next());
            let mut g = Game::new(rules, &red, &blue).unwrap();
            for viewer in [Viewer::Player(Color::Blue), Viewer::Spectator] {
                let me = match viewer {
                    Viewer::Player(c) => json!(name(c)),
                    Viewer::Spectator => Value::Null,
                };
                let msg = |g: &Game, from: usize| {
                    let view = g.view(viewer);
                    let history = g.history(viewer);
                    let legal: Vec<Value> = match view.color() == Some(view.to_move) {
                        true => pairs(&view.legal_moves)
                            .into_iter()
                            .map(|(a, b)| json!([a, b]))
                            .collect(),
                        false => vec![],
                    };
                    let last = view.last_move.map(|m| {
                        let text = super::super::board::move_text(&m);
                        let words = match m.battle {
                            Some(_) => format!("battle {text}"),
                            None => plain(&name(m.mover)),
                        };
                        json!({"from": m.from.to_string(), "to": m.to.to_string(), "text": text, "words": words})
                    });
                    let moves: Vec<String> = history[from..]
                        .iter()
                        .map(super::super::board::move_text)
                        .collect();
                    json!({"t": "game", "id": 1, "phase": "play", "me": me, "turn": name(view.to_move), "ply": view.ply,
                        "board": board_of(g, viewer), "legal": legal, "last": last, "moves_from": from, "moves": moves, "clocks": null})
                };
                let mut client = msg(&g, 0);
                let mut sent = msg(&g, 0);
                for _ in 0..150 {
                    if g.outcome().is_some() {
                        break;
                    }
                    let legal = g.legal_moves();
                    g.play(legal[rng.below(legal.len())]).unwrap();
                    // Now and then two plies between updates.
                    if rng.next().is_multiple_of(5) && g.outcome().is_none() {
                        let legal = g.legal_moves();
                        g.play(legal[rng.below(legal.len())]).unwrap();
                    }
                    let from = sent["moves_from"].as_u64().unwrap() as usize
                        + sent["moves"].as_array().unwrap().len();
                    let next = msg(&g, from);
                    let d = diff(&sent, &next, &plain).expect("a delta");
                    let battle = next["last"]["text"].as_str().unwrap().contains('x');
                    if !battle && d.get("ms").is_none() && d.get("x").is_none() {
                        assert!(d.to_string().len() < 50, "{d}");
                    }
                    client = apply(&client, &d, &plain).expect("it applies");
                    assert!(same_game(&client, &next), "{d}\n{client}\n{next}");
                    let all: Vec<String> = g
                        .history(viewer)
                        .iter()
                        .map(super::super::board::move_text)
                        .collect();
                    assert_eq!(client["moves"], json!(all));
                    sent = next;
                }
            }
        }
    }

    #[test]
    fn squares_and_pieces_round_trip() {
        for sq in ["A1", "J10", "E4"] {
            for (c, r, m) in [
                ("red", json!("Marshal"), true),
                ("blue", Value::Null, false),
            ] {
                let p = json!({"sq": sq, "c": c, "r": r, "m": m});
                let code = piece_code(&p).unwrap();
                assert_eq!(parse_entry(&code), Some((sq.to_string(), Some(p))));
            }
            assert_eq!(parse_entry(sq), Some((sq.to_string(), None)));
        }
        assert_eq!(parse_pair("A10B10"), Some(("A10".into(), "B10".into())));
        assert_eq!(parse_entry("E4q"), None);
        assert_eq!(parse_entry("Z4"), None);
    }
}
