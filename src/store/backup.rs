//! Backups: a consistent copy of a running store into a fresh database, and restoring one.
//! Nothing here deletes data: a replaced data directory is moved aside.
//!
//! Both are synchronous and flush: they are for tools that run outside a runtime (the
//! `backup` and `restore` commands of `main.rs`) and tests, never for an actor or a runtime
//! worker (see the blocking rule in the store's module documentation).

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use super::{now, Store, StoreError};

/// What [`Store::backup`] wrote (it crosses a split server's bus, to an edge's admin).
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub struct BackupSummary {
    pub dir: PathBuf,
    pub trees: usize,
    pub entries: u64,
    /// Changes made while the trees were copied, applied to the copy at the end.
    pub changes: u64,
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

/// What [`copy_live`] did.
struct LiveCopy {
    trees: usize,
    entries: u64,
    /// Changes made during the copy, applied to it at the end.
    changes: u64,
    /// How long writes waited.
    held: Duration,
}

/// Most changes a subscriber's queue is read for at once before the next tree's turn.
const DRAIN_AT_ONCE: usize = 256;

/// Reads what the subscribers have (non-blocking past `wait` for each), into `seen`.
fn drain(subs: &mut [sled::Subscriber], seen: &mut [Vec<sled::Event>], wait: Duration) {
    for (sub, seen) in subs.iter_mut().zip(seen.iter_mut()) {
        for _ in 0..DRAIN_AT_ONCE {
            match sub.next_timeout(wait) {
                Ok(ev) => seen.push(ev),
                Err(_) => break,
            }
        }
    }
}

/// Copies every tree of the running `store` into `dst` while writes go on, then holds
/// writes while the changes made meanwhile are applied (see [`Store::backup`]).
fn copy_live(store: &Store, dst: &sled::Db) -> Result<LiveCopy, StoreError> {
    let src = store.db();
    let names = src.tree_names();
    let trees = names
        .iter()
        .map(|n| src.open_tree(n))
        .collect::<Result<Vec<_>, _>>()?;
    // Every change from now on is reported; a thread keeps reading the reports, since a
    // subscriber's queue holds 1,024 and a full one would hold up the server's writes.
    let mut subs: Vec<sled::Subscriber> = trees.iter().map(|t| t.watch_prefix(vec![])).collect();
    let stop = Arc::new(AtomicBool::new(false));
    let reader = {
        let stop = stop.clone();
        std::thread::Builder::new()
            .name("backup-changes".into())
            .spawn(move || {
                let mut seen: Vec<Vec<sled::Event>> = subs.iter().map(|_| Vec::new()).collect();
                while !stop.load(Ordering::Relaxed) {
                    drain(&mut subs, &mut seen, Duration::from_millis(1));
                }
                (subs, seen)
            })
            .map_err(|e| StoreError::Backup(format!("cannot start a thread: {e}")))?
    };
    let copied = copy_all(src, dst);
    // Writes wait from here: every write that completed has been reported (sled reports a
    // change before the write returns), and none is under way.
    let gate = store.exclusive();
    let held = std::time::Instant::now();
    stop.store(true, Ordering::Relaxed);
    let (mut subs, mut seen) = reader
        .join()
        .map_err(|_| StoreError::Backup("the change reader stopped".into()))?;
    let (tree_count, entries) = copied?;
    // What is left in the queues, down to the last change.
    loop {
        let before: usize = seen.iter().map(Vec::len).sum();
        drain(&mut subs, &mut seen, Duration::ZERO);
        if seen.iter().map(Vec::len).sum::<usize>() == before {
            break;
        }
    }
    drop(subs);
    let mut changes = 0u64;
    for (name, events) in names.iter().zip(seen) {
        let to = dst.open_tree(name)?;
        let mut batch = sled::Batch::default();
        for ev in events {
            changes += 1;
            match ev {
                sled::Event::Insert { key, value } => batch.insert(key, value),
                sled::Event::Remove { key } => batch.remove(key),
            }
        }
        to.apply_batch(batch)?;
    }
    drop(gate);
    Ok(LiveCopy {
        trees: tree_count,
        entries,
        changes,
        held: held.elapsed(),
    })
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
    /// not exist or be empty), while the server runs. The trees are copied while writes go
    /// on; then writes wait while the changes made during the copy are applied to it (sled
    /// reports every change to a subscriber, in order for each key), so the copy is the store
    /// as it was at one moment: every write that completed by then and no half of any
    /// transaction. Writes wait for that last step, not for the whole copy. Flushed. Open it
    /// with [`Store::open`], or put it back with [`restore`].
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
        let out = create_db(dest)?;
        let copy = copy_live(self, &out)?;
        out.flush()?;
        drop(out);
        let (trees, entries) = (copy.trees, copy.entries);
        tracing::info!(
            dest = %dest.display(),
            trees,
            entries,
            changes = copy.changes,
            writes_held_ms = copy.held.as_millis() as u64,
            ms = started.elapsed().as_millis() as u64,
            "store: backup written"
        );
        Ok(BackupSummary {
            dir: dest.to_path_buf(),
            trees,
            entries,
            changes: copy.changes,
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    const ACCOUNTS: u64 = 500;
    const EACH: u64 = 100;

    fn account(i: u64) -> String {
        format!("acct:{i:04}")
    }

    fn balance(v: &[u8]) -> u64 {
        u64::from_be_bytes(v.try_into().unwrap())
    }

    /// Transfers between accounts go on, each a transaction, while a backup is taken: the
    /// copy holds the total (it is the store at one moment, with no half of a transfer),
    /// and transfers made during the copy are in it (writes were not held for the copy).
    #[test]
    fn a_backup_taken_while_transactions_go_on_is_the_store_at_one_moment() {
        let store = Store::temporary().unwrap();
        let meta = store.t().meta.clone();
        for i in 0..ACCOUNTS {
            meta.insert(account(i), &EACH.to_be_bytes()).unwrap();
        }
        // Enough history that the copy takes a while.
        let filler = store.db().open_tree("filler").unwrap();
        for i in 0..60_000u32 {
            filler.insert(i.to_be_bytes(), &[7u8; 40][..]).unwrap();
        }
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicU64::new(0));
        let writer = {
            let (store, stop, done) = (store.clone(), stop.clone(), done.clone());
            std::thread::spawn(move || {
                let mut x = 12345u64;
                while !stop.load(Ordering::Relaxed) {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let (from, to) = ((x >> 33) % ACCOUNTS, (x >> 13) % ACCOUNTS);
                    let _g = store.writing();
                    let meta = &store.t().meta;
                    meta.transaction(|m| {
                        let a = balance(&m.get(account(from))?.unwrap());
                        if a == 0 || from == to {
                            return Ok(());
                        }
                        let b = balance(&m.get(account(to))?.unwrap());
                        m.insert(account(from).as_bytes(), &(a - 1).to_be_bytes())?;
                        m.insert(account(to).as_bytes(), &(b + 1).to_be_bytes())?;
                        Ok::<_, sled::transaction::ConflictableTransactionError<()>>(())
                    })
                    .unwrap();
                    done.fetch_add(1, Ordering::Relaxed);
                }
            })
        };
        while done.load(Ordering::Relaxed) < 1_000 {
            std::thread::yield_now();
        }
        let dir =
            std::env::temp_dir().join(format!("stratego-backup-test-{}", crate::random::seed()));
        let summary = store.backup(&dir).unwrap();
        stop.store(true, Ordering::Relaxed);
        writer.join().unwrap();
        let copy = sled::open(&dir).unwrap();
        let meta = copy.open_tree("meta").unwrap();
        let total: u64 = (0..ACCOUNTS)
            .map(|i| balance(&meta.get(account(i)).unwrap().unwrap()))
            .sum();
        assert_eq!(
            total,
            ACCOUNTS * EACH,
            "no half of a transfer is in the copy"
        );
        assert_eq!(copy.open_tree("filler").unwrap().len(), 60_000);
        assert!(summary.changes > 0, "transfers went on during the copy");
        drop(copy);
        let _ = fs::remove_dir_all(&dir);
    }
}
