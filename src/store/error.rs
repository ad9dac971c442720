//! The store's error type.

use std::fmt;
use std::path::PathBuf;

use crate::proto::GameId;

/// Why opening a database failed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OpenFailure {
    /// Another process (another stratego-ssh?) has the database open.
    Locked,
    /// The files could not be read or written (permissions).
    Permission,
    /// The files are damaged.
    Corrupt,
    /// The data was written by a newer version of this program.
    NewerSchema { found: u32, supported: u32 },
    /// Anything else (disk full, not a directory, ...).
    Other,
}

/// What went wrong in the store. Display gives a message for an operator (or a player, for
/// [`StoreError::Invalid`] and [`StoreError::TooManySetups`]); none of them carries secrets.
#[derive(Clone, PartialEq, Debug)]
pub enum StoreError {
    /// The database could not be opened. Nothing was changed or removed.
    Open {
        dir: PathBuf,
        failure: OpenFailure,
        cause: String,
    },
    /// Reading or writing failed after opening (I/O, corruption found while running).
    Storage(String),
    /// A stored value could not be decoded.
    Decode { what: &'static str, message: String },
    /// A stored value was written by a newer version of this program.
    NewerVersion {
        what: &'static str,
        found: u32,
        supported: u32,
    },
    /// A game that should be in progress is not.
    NoSuchGame(GameId),
    /// `finish_game` was called twice for one game.
    AlreadyFinished(GameId),
    /// A user with that identity does not exist.
    NoSuchUser,
    /// A saved set-up cap was reached.
    TooManySetups { limit: usize },
    /// The request makes no sense (an empty name, a guest asking for a permanent thing, ...).
    Invalid(String),
    /// Backup or restore refused or failed.
    Backup(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Open {
                dir,
                failure,
                cause,
            } => {
                let dir = dir.display();
                match failure {
                    OpenFailure::Locked => write!(
                        f,
                        "cannot open the database in {dir}: another process has it open \
                         (is another stratego-ssh running?) ({cause})"
                    ),
                    OpenFailure::Permission => write!(
                        f,
                        "cannot open the database in {dir}: permission denied ({cause}); \
                         check the owner and mode of the directory and its files"
                    ),
                    OpenFailure::NewerSchema { found, supported } => write!(
                        f,
                        "cannot open the database in {dir}: it was written by a newer \
                         stratego-ssh (schema {found}, this program reads up to {supported}); \
                         run the newer version, or restore a backup made by this one with \
                         `stratego-ssh restore BACKUP_DIR`"
                    ),
                    OpenFailure::Corrupt | OpenFailure::Other => write!(
                        f,
                        "cannot open the database in {dir}: {cause}. Nothing was changed or \
                         deleted. To go back to a backup: stop the server, move {dir} aside, \
                         then run `stratego-ssh restore BACKUP_DIR` (or copy the backup \
                         directory to {dir})"
                    ),
                }
            }
            StoreError::Storage(m) => write!(f, "database error: {m}"),
            StoreError::Decode { what, message } => {
                write!(f, "a stored {what} could not be read: {message}")
            }
            StoreError::NewerVersion {
                what,
                found,
                supported,
            } => write!(
                f,
                "a stored {what} has version {found}; this program reads up to version {supported}"
            ),
            StoreError::NoSuchGame(id) => write!(f, "game {id} is not in progress"),
            StoreError::AlreadyFinished(id) => {
                write!(f, "game {id} was already recorded as finished")
            }
            StoreError::NoSuchUser => write!(f, "no registered user has that key"),
            StoreError::TooManySetups { limit } => write!(
                f,
                "you already have {limit} saved set-ups: delete one first"
            ),
            StoreError::Invalid(m) => f.write_str(m),
            StoreError::Backup(m) => write!(f, "backup/restore: {m}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sled::Error> for StoreError {
    fn from(e: sled::Error) -> Self {
        StoreError::Storage(e.to_string())
    }
}

impl From<sled::transaction::TransactionError<StoreError>> for StoreError {
    fn from(e: sled::transaction::TransactionError<StoreError>) -> Self {
        match e {
            sled::transaction::TransactionError::Abort(e) => e,
            sled::transaction::TransactionError::Storage(e) => e.into(),
        }
    }
}
