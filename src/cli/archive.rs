//! `stratego-ssh archive check|import`: games of the public Gravon archive (StraDoS2 XML),
//! replayed under their rules, or loaded into the replay browser.

use std::path::PathBuf;
use std::process::ExitCode;

/// `archive check`: replays every game; the last line `games N, replayed N, illegal moves
/// N, results matching N`; exit 1 when one does not replay to its result, 2 when unreadable.
pub fn check(paths: &[PathBuf]) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match stratego_ssh::archive::run_check(paths, &mut out) {
        Ok(report) if report.all_good() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(1),
        Err(e) => {
            eprintln!("stratego-ssh: {e}");
            ExitCode::from(2)
        }
    }
}

/// `archive import`: the games, as casual games of the replay browser.
pub fn import(data_dir: &std::path::Path, paths: &[PathBuf]) -> anyhow::Result<()> {
    use stratego_ssh::rules::gravon;
    use stratego_ssh::store::{self, GameResult, SeatRecord, Store};
    let store = Store::open(data_dir)?;
    // The store's writes that flush are async (done on tokio's blocking pool): a small
    // runtime of our own waits for them.
    let rt = tokio::runtime::Builder::new_current_thread().build()?;
    let (files, unreadable) = stratego_ssh::archive::xml_files(paths);
    let (mut imported, mut refused) = (0usize, unreadable.len());
    for f in &unreadable {
        eprintln!("{}: {}", f.file.display(), f.reason);
    }
    for file in files {
        let text = match std::fs::read_to_string(&file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                refused += 1;
                continue;
            }
        };
        let record = gravon::parse(&text)
            .map_err(|e| e.to_string())
            .and_then(|g| {
                let names = g.players.clone();
                gravon::record_from_gravon(&g)
                    .map(|r| (r, names))
                    .map_err(|e| e.to_string())
            });
        let (record, names) = match record {
            Ok(x) => x,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                refused += 1;
                continue;
            }
        };
        if record.outcome.is_none() {
            eprintln!("{}: no result: not imported", file.display());
            refused += 1;
            continue;
        }
        let seat = |n: &str| SeatRecord {
            identity: stratego_ssh::proto::PlayerId::Archive(n.to_string()),
            nick: n.to_string(),
        };
        let result = GameResult {
            id: store.next_game_id()?,
            seats: stratego_ssh::rules::ByColor::new(seat(&names[0]), seat(&names[1])),
            terms: stratego_ssh::proto::GameTerms {
                rules: record.rules,
                rated: false,
                clock: None,
                days: None,
                budget: None,
            },
            record,
            started: store::now(),
            ended: store::now(),
        };
        rt.block_on(store.games().finish(&result))?;
        imported += 1;
    }
    rt.block_on(store.flush())?;
    println!("imported {imported}, refused {refused}");
    Ok(())
}
