//! The rules engine against the real games of the Gravon archive
//! (`../shared/games` beside the checkout, or `$STRATEGO_GAMES`): every move must be legal under
//! [`Options::gravon`], and games that ended on the board (flag captured, a side unable to
//! move, both unable) must end the same way here. The games kept in the repository
//! (`tests/data/games`) always; the archive only where the directory exists.
//! A minimal reader of the XML format lives here so this test depends on the engine only.

use std::path::PathBuf;

use stratego_ssh::rules::{
    Color, EndReason, Game, Move, Options, Rank, Rules, Setup, Square, Variant,
};

fn games_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("STRATEGO_GAMES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/games")));
    dir.is_dir().then_some(dir)
}

fn attr<'a>(s: &'a str, name: &str) -> Option<&'a str> {
    let key = format!("{name}=\"");
    let i = s.find(&key)? + key.len();
    let j = s[i..].find('"')?;
    Some(&s[i..i + j])
}

fn square(s: &str) -> Square {
    let b = s.as_bytes();
    let file = match b[0].to_ascii_uppercase() {
        c @ b'A'..=b'I' => c - b'A',
        b'J' | b'K' => 9,
        c => panic!("file {c}"),
    };
    let row = match b[1] {
        b':' => 9,
        c @ b'1'..=b'9' => c - b'1',
        c => panic!("row {c}"),
    };
    Square::new(file, row).unwrap()
}

fn piece(c: char) -> Option<(Color, Rank)> {
    let ranks = [
        Rank::Bomb,
        Rank::Spy,
        Rank::Scout,
        Rank::Miner,
        Rank::Sergeant,
        Rank::Lieutenant,
        Rank::Captain,
        Rank::Major,
        Rank::Colonel,
        Rank::General,
        Rank::Marshal,
        Rank::Flag,
    ];
    match c {
        'B'..='M' => Some((Color::Red, ranks[c as usize - 'B' as usize])),
        'N'..='Y' => Some((Color::Blue, ranks[c as usize - 'N' as usize])),
        _ => None,
    }
}

#[test]
fn archive_games_replay_under_gravon_rules() {
    let kept = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games"));
    assert_eq!(replay_all(&kept), (7, 7), "{}", kept.display());
    match games_dir() {
        Some(dir) => {
            replay_all(&dir);
        }
        None => eprintln!("no Gravon games directory: the archive skipped"),
    }
}

/// Replays every game of `dir`; returns how many, and how many endings were checked.
fn replay_all(dir: &std::path::Path) -> (usize, usize) {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "xml"))
        .collect();
    files.sort();
    let mut checked_ends = 0;
    for path in &files {
        let xml = std::fs::read_to_string(path).unwrap();
        let name = path.display();
        let ty = attr(&xml, "game type")
            .or_else(|| attr(&xml, "type"))
            .unwrap();
        let variant = Variant::parse(ty).unwrap();
        let rules = Rules::new(variant, Options::gravon());
        let field = attr(&xml, "content").unwrap();
        let mut red = Setup::new(Color::Red);
        let mut blue = Setup::new(Color::Blue);
        for (i, c) in field.chars().enumerate() {
            if let Some((color, rank)) = piece(c) {
                let sq = Square::from_index(i).unwrap();
                match color {
                    Color::Red => red.pieces.insert(sq, rank),
                    Color::Blue => blue.pieces.insert(sq, rank),
                };
            }
        }
        let mut g = Game::new(rules, &red, &blue).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        for (plies, line) in xml.lines().filter(|l| l.contains("<move ")).enumerate() {
            let mv = Move::new(
                square(attr(line, "source").unwrap()),
                square(attr(line, "target").unwrap()),
            );
            assert_eq!(
                g.outcome(),
                None,
                "{name}: game over before ply {}",
                plies + 1
            );
            g.play(mv)
                .unwrap_or_else(|e| panic!("{name}: ply {}: {e}", plies + 1));
        }
        let result = xml.lines().find(|l| l.contains("<result")).unwrap();
        let ty: u32 = attr(result, "type").unwrap().parse().unwrap();
        let winner = match attr(result, "winner").unwrap() {
            "1" => Some(Color::Red),
            "2" => Some(Color::Blue),
            _ => None,
        };
        let expected = match ty {
            0 => Some(vec![EndReason::NoLegalMove, EndReason::NoMovablePieces]),
            1 => Some(vec![EndReason::FlagCaptured]),
            2 => Some(vec![EndReason::BothCannotMove]),
            _ => None,
        };
        if let Some(reasons) = expected {
            let o = g
                .outcome()
                .unwrap_or_else(|| panic!("{name}: type {ty} but the game is not over"));
            assert!(reasons.contains(&o.reason), "{name}: {o} for type {ty}");
            assert_eq!(o.winner, winner, "{name}");
            checked_ends += 1;
        } else {
            // Resignation, agreed draw, time or absence: the board had not decided it.
            assert_eq!(g.outcome(), None, "{name}: type {ty}");
        }
    }
    eprintln!(
        "{}: {} games replayed, {checked_ends} endings checked",
        dir.display(),
        files.len()
    );
    (files.len(), checked_ends)
}
