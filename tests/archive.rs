//! Gravon archive files: every game is read, written back byte for byte, and replayed by the
//! engine to the recorded result. Always on the games kept in `tests/data/games` (written
//! by this engine); on the public archive `../shared/games` too where it is beside the clone.

use std::path::{Path, PathBuf};

use stratego_ssh::archive::{self, CheckReport};
use stratego_ssh::rules::gravon;
use stratego_ssh::rules::Variant;

/// A folder of games and what is in it.
struct Games {
    dir: PathBuf,
    /// Classic, Duel, Barrage.
    variants: [usize; 3],
}

impl Games {
    fn count(&self) -> usize {
        self.variants.iter().sum()
    }
}

/// Games kept in the repository: written by this engine's Gravon writer, six bot-vs-bot
/// games (easy against easy, two per variant) and one hand-made Duel.
fn kept() -> Games {
    Games {
        dir: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/games")),
        variants: [2, 3, 2],
    }
}

fn games_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/games"))
}

/// The games kept in the repository, and the public archive where it is beside this clone
/// (CI has it; a clone with nothing beside it checks only the kept games, saying so).
fn all_games() -> Vec<Games> {
    let mut sets = vec![kept()];
    if games_dir().is_dir() {
        sets.push(Games {
            dir: games_dir(),
            variants: [302, 10, 100],
        });
    } else {
        eprintln!(
            "no archive at {}: only the kept games",
            games_dir().display()
        );
    }
    sets
}

fn archive_files(games: &Games) -> Vec<PathBuf> {
    let (files, failures) = archive::xml_files(std::slice::from_ref(&games.dir));
    assert!(failures.is_empty(), "{failures:?}");
    assert_eq!(
        files.len(),
        games.count(),
        "games in {}",
        games.dir.display()
    );
    files
}

fn describe(report: &CheckReport) -> String {
    let mut s = report.summary();
    for f in report.failures.iter().take(30) {
        s.push_str(&format!("\n  {f}"));
    }
    s
}

#[test]
fn every_archive_game_is_read_and_written_back_unchanged() {
    for games in all_games() {
        let mut variants = [0; 3];
        for file in archive_files(&games) {
            let xml = std::fs::read_to_string(&file).unwrap();
            let game = gravon::parse(&xml).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            variants[Variant::ALL
                .iter()
                .position(|&v| v == game.variant)
                .unwrap()] += 1;
            assert!(game.result.is_some(), "{}", file.display());
            let written = game.to_xml();
            assert_eq!(written.trim_end(), xml.trim_end(), "{}", file.display());
            assert_eq!(gravon::parse(&written).unwrap(), game);
        }
        // Classic, Duel, Barrage.
        assert_eq!(variants, games.variants, "{}", games.dir.display());
    }
}

#[test]
fn every_archive_game_replays_to_its_recorded_result() {
    for games in all_games() {
        let n = games.count();
        let mut out = Vec::new();
        let report = archive::run_check(std::slice::from_ref(&games.dir), &mut out).unwrap();
        assert_eq!(
            (
                report.games,
                report.replayed,
                report.illegal_moves,
                report.results_matching
            ),
            (n, n, 0, n),
            "{}",
            describe(&report)
        );
        assert!(report.failures.is_empty(), "{}", describe(&report));
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out,
            format!("games {n}, replayed {n}, illegal moves 0, results matching {n}\n")
        );
    }
}

#[test]
fn unreadable_files_are_reported_and_counted() {
    let dir = std::env::temp_dir().join(format!("archive-check-{}", std::process::id()));
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(dir.join("broken.xml"), "<stratego><game type=\"classic\">").unwrap();
    std::fs::write(sub.join("empty.XML"), "").unwrap();
    std::fs::write(sub.join("notes.txt"), "not a game").unwrap();
    let missing = dir.join("missing.xml");

    let mut out = Vec::new();
    let report = archive::run_check(&[dir.clone(), missing.clone()], &mut out).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();

    assert_eq!(report.games, 3);
    assert_eq!(report.replayed, 0);
    assert_eq!(report.illegal_moves, 0);
    assert_eq!(report.results_matching, 0);
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].contains("broken.xml: not a Gravon game: line 1: <game> is never closed"));
    assert!(lines[1].contains("empty.XML: not a Gravon game: no <game> element"));
    assert!(lines[2].contains("missing.xml: cannot read the file"));
    assert_eq!(
        lines[3],
        "games 3, replayed 0, illegal moves 0, results matching 0"
    );
}

/// A game file: its folder and name.
type GameFile<'a> = (&'a Path, &'a str);

fn archive_game((dir, name): GameFile) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn every_archive_game_survives_record_and_export() {
    for file in all_games().iter().flat_map(archive_files) {
        let game = gravon::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let record =
            gravon::record_from_gravon(&game).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert_eq!(record.rules, game.rules);
        assert_eq!(record.moves, game.moves);
        // The record replays by itself, outcome included.
        let replayed = record.replay().unwrap();
        assert_eq!(replayed.outcome(), record.outcome);

        let players = [game.players[0].as_str(), game.players[1].as_str()];
        let back = gravon::parse(&gravon::export(&record, players)).unwrap();
        let mut expected = game.clone();
        // The absence and clock codes 10-14 all become a loss on time, written as 10.
        if let Some(r) = &mut expected.result {
            if r.kind >= 10 {
                r.kind = 10;
            }
        }
        assert_eq!(back, expected, "{}", file.display());
    }
}

/// A file changed by `edit` is checked alone; returns the report's figures and its
/// only failure.
fn check_edited(game: GameFile, edit: impl Fn(&str) -> String) -> ((usize, usize, usize), String) {
    let name = game.1;
    let xml = edit(&archive_game(game));
    assert_ne!(xml, archive_game(game), "the edit changed nothing");
    let dir = std::env::temp_dir().join(format!(
        "archive-edit-{}-{}",
        std::process::id(),
        name.replace('.', "-")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{}-{}.xml", name, xml.len()));
    std::fs::write(&file, &xml).unwrap();
    let report = archive::check_paths(std::slice::from_ref(&file));
    std::fs::remove_file(&file).unwrap();
    let _ = std::fs::remove_dir(&dir);
    assert_eq!(report.games, 1);
    assert_eq!(report.failures.len(), 1, "{}", describe(&report));
    (
        (
            report.replayed,
            report.illegal_moves,
            report.results_matching,
        ),
        report.failures[0].to_string(),
    )
}

/// The text of the last `<move .../>` line and everything before it.
fn split_last_move(xml: &str) -> (&str, &str) {
    let start = xml.rfind("  <move ").unwrap();
    let end = start + xml[start..].find('\n').unwrap() + 1;
    (&xml[..start], &xml[start..end])
}

#[test]
fn the_check_notices_what_does_not_agree() {
    // The kept hand-made Duel, and the archive's game of the same shape where it is.
    notices_what_does_not_agree(&kept().dir, "duell-scout-takes-flag.xml");
    if games_dir().is_dir() {
        notices_what_does_not_agree(&games_dir(), "duell-2014.8-2303.xml");
    } else {
        eprintln!(
            "no archive at {}: only the kept game",
            games_dir().display()
        );
    }
}

/// `flag` in `dir`: a Duel where Red's first move is E4-E5 (K4 holds a Bomb), then Blue's
/// Scout goes A7-A4 at move 2 and takes Red's Flag there (type 1); Red's back row is empty.
fn notices_what_does_not_agree(dir: &Path, flag: &str) {
    let flag = (dir, flag);
    assert!(archive_game(flag).contains("<result type=\"1\" winner=\"2\"/>"));

    // Without the capturing move the game is still running.
    let (figures, failure) = check_edited(flag, |x| {
        let (before, last) = split_last_move(x);
        x.replacen(&format!("{before}{last}"), before, 1)
    });
    assert_eq!(figures, (1, 0, 0));
    assert!(
        failure.ends_with(
            "move 1: after the last move the record says Blue wins (flag captured) [type 1], \
             the engine has the game still running"
        ),
        "{failure}"
    );

    // The wrong winner.
    let (figures, failure) = check_edited(flag, |x| x.replace("winner=\"2\"", "winner=\"1\""));
    assert_eq!(figures, (1, 0, 0));
    assert!(
        failure.contains("the engine has Blue wins (flag captured)"),
        "{failure}"
    );

    // A resignation the engine would not have let happen: the game was already over.
    let (figures, failure) = check_edited(flag, |x| x.replace("type=\"1\"", "type=\"3\""));
    assert_eq!(figures, (1, 0, 0));
    assert!(
        failure.contains("Blue wins (resignation) [type 3]"),
        "{failure}"
    );

    // A move after the end of the game is refused.
    let (figures, failure) = check_edited(flag, |x| {
        let (_, last) = split_last_move(x);
        let extra = "  <move id=\"3\" source=\"E5\" target=\"E6\"/>\n";
        x.replacen(last, &format!("{last}{extra}"), 1)
    });
    assert_eq!(figures, (0, 1, 0));
    assert!(
        failure.ends_with(
            "move 3: illegal move E5 E6 (E5-E6 in the file): the game is over \
             (Blue wins (flag captured) after move 2)"
        ),
        "{failure}"
    );

    // A move no piece can make (J is read as K: a Bomb on J4).
    let (figures, failure) = check_edited(flag, |x| {
        x.replacen(
            "source=\"E4\" target=\"E5\"",
            "source=\"J4\" target=\"J5\"",
            1,
        )
    });
    assert_eq!(figures, (0, 1, 0));
    assert!(
        failure.ends_with("move 1: illegal move J4 J5 (K4-K5 in the file): Bombs never move"),
        "{failure}"
    );

    // A set-up with a piece too many.
    let (figures, failure) = check_edited(flag, |x| x.replacen("AAAAAAAAAA", "DAAAAAAAAA", 1));
    assert_eq!(figures, (0, 0, 0));
    assert!(
        failure.contains("Red's set-up is invalid: 3 Scouts placed"),
        "{failure}"
    );
}
