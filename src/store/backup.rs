//! Backups: a consistent copy of a running store into a fresh database, and restoring one.
//! Nothing here deletes data: a replaced data directory is moved aside.
//!
//! Both are synchronous and flush: they are for tools that run outside a runtime (the
//! `backup` and `restore` commands of `main.rs`) and tests, never for an actor or a runtime
//! worker (see the blocking rule in the store's module documentation).

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use super::{now, Store, StoreError};

/// What [`Store::backup`] wrote.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BackupSummary {
    pub dir: PathBuf,
    pub trees: usize,
    pub entries: u64,
}

/// What [`restore`] did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RestoreSummary {
    pub entries: u64,
    /// Where the replaced data directory was moved (when it was not empty).
    pub moved_aside: Option<PathBuf>,
}

fn is_empty_dir(dir: &Path) -> Result<bool, StoreError> {
    match fs::read_dir(dir) {
        Ok(mut it) => Ok(it.next().is_none()),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(true),
        Err(e) => Err(StoreError::Backup(format!(
            "cannot read {}: {e}",
            dir.display()
        ))),
    }
}

/// Copies every tree of `src` into `dst`, in batches; returns (trees, entries).
fn copy_all(src: &sled::Db, dst: &sled::Db) -> Result<(usize, u64), StoreError> {
    let mut entries = 0u64;
    let names = src.tree_names();
    for name in &names {
        let from = src.open_tree(name)?;
        let to = dst.open_tree(name)?;
        let mut batch = sled::Batch::default();
        let mut n = 0usize;
        for kv in from.iter() {
            let (k, v) = kv?;
            batch.insert(k, v);
            n += 1;
            entries += 1;
            if n == 1000 {
                to.apply_batch(std::mem::take(&mut batch))?;
                n = 0;
            }
        }
        to.apply_batch(batch)?;
    }
    dst.flush()?;
    Ok((names.len(), entries))
}

fn create_db(dir: &Path) -> Result<sled::Db, StoreError> {
    sled::Config::new()
        .path(dir)
        .create_new(true)
        .open()
        .map_err(|e| {
            StoreError::Backup(format!(
                "cannot create a database in {}: {e}",
                dir.display()
            ))
        })
}

impl Store {
    /// Writes a consistent copy of the whole store into a new database in `dest` (which must
    /// not exist or be empty), while the server runs: writes wait until the copy is done,
    /// so the copy has every write that completed before it started and no half of any
    /// transaction. Flushed. Open it with [`Store::open`], or put it back with [`restore`].
    pub fn backup(&self, dest: impl AsRef<Path>) -> Result<BackupSummary, StoreError> {
        let dest = dest.as_ref();
        if !is_empty_dir(dest)? {
            return Err(StoreError::Backup(format!(
                "{} is not empty: back up into a new directory",
                dest.display()
            )));
        }
        if self.dir().is_some_and(|d| same_dir(d, dest)) {
            return Err(StoreError::Backup(
                "the backup directory is the data directory".into(),
            ));
        }
        let started = std::time::Instant::now();
        let _g = self.exclusive();
        let out = create_db(dest)?;
        let (trees, entries) = copy_all(self.db(), &out)?;
        drop(out);
        tracing::info!(
            dest = %dest.display(),
            trees,
            entries,
            ms = started.elapsed().as_millis() as u64,
            "store: backup written"
        );
        Ok(BackupSummary {
            dir: dest.to_path_buf(),
            trees,
            entries,
        })
    }
}

fn same_dir(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// Restores the backup in `backup_dir` (made by [`Store::backup`]) as the data directory
/// `data_dir`. The backup is opened first (so a damaged backup is refused before anything
/// changes). A non-empty `data_dir` is refused unless `overwrite`; with `overwrite` it is
/// moved aside to `<data_dir>.before-restore-<time>`, never deleted. Refused while a server
/// has `data_dir` open.
pub fn restore(
    backup_dir: impl AsRef<Path>,
    data_dir: impl AsRef<Path>,
    overwrite: bool,
) -> Result<RestoreSummary, StoreError> {
    let (backup_dir, data_dir) = (backup_dir.as_ref(), data_dir.as_ref());
    if is_empty_dir(backup_dir)? {
        return Err(StoreError::Backup(format!(
            "there is no backup in {}",
            backup_dir.display()
        )));
    }
    if same_dir(backup_dir, data_dir) {
        return Err(StoreError::Backup(
            "the backup directory is the data directory".into(),
        ));
    }
    let backup = Store::open(backup_dir)?;
    let mut moved_aside = None;
    if !is_empty_dir(data_dir)? {
        if !overwrite {
            return Err(StoreError::Backup(format!(
                "{} is not empty: restore into an empty directory, or ask to replace it \
                 (it will be moved aside, not deleted)",
                data_dir.display()
            )));
        }
        let in_use = super::guard::locked(data_dir).map_err(|e| {
            StoreError::Backup(format!(
                "cannot check whether {} is in use: {e}",
                data_dir.display()
            ))
        })?;
        if in_use {
            return Err(StoreError::Backup(format!(
                "{} is in use by a running server: stop it first",
                data_dir.display()
            )));
        }
        let mut aside = data_dir.as_os_str().to_owned();
        aside.push(format!(".before-restore-{}", now()));
        let aside = PathBuf::from(aside);
        fs::rename(data_dir, &aside).map_err(|e| {
            StoreError::Backup(format!(
                "cannot move {} aside to {}: {e}",
                data_dir.display(),
                aside.display()
            ))
        })?;
        tracing::warn!(from = %data_dir.display(), to = %aside.display(), "store: data directory moved aside for restore");
        moved_aside = Some(aside);
    }
    let out = create_db(data_dir)?;
    let (_, entries) = copy_all(backup.db(), &out)?;
    tracing::info!(
        backup = %backup_dir.display(),
        data = %data_dir.display(),
        entries,
        "store: backup restored"
    );
    Ok(RestoreSummary {
        entries,
        moved_aside,
    })
}
