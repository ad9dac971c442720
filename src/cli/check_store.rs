//! `stratego-ssh check-store`: every stored game replays to its result, ratings are the
//! replay of the rated results, listings point at games that exist.

use std::process::ExitCode;

/// Checks the store in `data_dir`: problems and the summary on stdout; exit 1 with
/// problems, 2 when it cannot be read.
pub fn check_store(data_dir: &std::path::Path) -> ExitCode {
    if !stratego_ssh::store::has_database(data_dir) {
        eprintln!(
            "stratego-ssh: there is no database in {}: give the data directory (or a backup) \
             with --data-dir",
            data_dir.display()
        );
        return ExitCode::from(2);
    }
    let store = match stratego_ssh::store::Store::open(data_dir) {
        Ok(s) => s,
        Err(e) if super::locked(&e) => {
            eprintln!(
                "stratego-ssh: {}",
                super::while_running(
                    data_dir,
                    "Check a backup instead: `ssh -p PORT HOST admin backup DIR` (an admin \
                     key; DIR on the server's machine), then `stratego-ssh check-store \
                     --data-dir DIR`; or stop the server first."
                )
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("stratego-ssh: {e}");
            return ExitCode::from(2);
        }
    };
    match store.check() {
        Ok(report) => {
            for p in &report.problems {
                println!("{p}");
            }
            println!("{}", report.summary());
            if report.problems.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("stratego-ssh: cannot read the store: {e}");
            ExitCode::from(2)
        }
    }
}
