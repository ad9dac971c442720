//! The commands of the `stratego-ssh` binary besides its flags, one module each: `serve`
//! (the default), and what a host or a bot author runs beside the server (`check-store`,
//! `backup`, `restore`, `archive`, `arena`, `agent`). `main.rs` parses and dispatches.

pub mod agent;
pub mod archive;
pub mod arena;
pub mod backup;
pub mod check_store;
pub mod restore;
pub mod serve;

use std::process::ExitCode;

/// The exit status of a command: 0, or 1 with its error on stderr.
pub fn cli_result(r: anyhow::Result<()>) -> ExitCode {
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stratego-ssh: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// What to do instead when a command needs the data directory a running server holds.
pub fn while_running(data_dir: &std::path::Path, what: &str) -> String {
    format!(
        "the data directory {} is in use by a running server, which holds it while it runs. \
         {what}",
        data_dir.display()
    )
}

/// Whether opening failed because another process (a running server) holds the files.
pub fn locked(e: &stratego_ssh::store::StoreError) -> bool {
    matches!(
        e,
        stratego_ssh::store::StoreError::Open {
            failure: stratego_ssh::store::OpenFailure::Locked,
            ..
        }
    )
}

/// A bot level by its name.
pub fn level(s: &str) -> anyhow::Result<stratego_ssh::proto::BotLevel> {
    stratego_ssh::proto::BotLevel::ALL
        .into_iter()
        .find(|l| l.name() == s)
        .ok_or_else(|| anyhow::anyhow!("unknown level '{s}': random, easy or hard"))
}
