//! Protection of the data files around `sled` opening them. sled 0.34 recovers a damaged
//! or torn log by rewriting it in place (a wholly unreadable log becomes an empty
//! database), so before opening a database that sled may have to recover, the store copies
//! its files to `<dir>/last-start.new/`. If the open is then refused, the files are put
//! back byte for byte and anything sled created is removed; if it succeeds, the copy
//! becomes `<dir>/last-start/` (the files as they were before the last start that had to
//! recover, replacing the previous copy).
//!
//! **Only when sled may have to recover**, so that start-up work does not grow with the
//! history after a clean stop: when the last handle of a store is dropped and sled has let
//! go of the files, the store writes `<dir>/clean-stop`, a fingerprint of the data files
//! (name, length, modification time, and a hash of the first and last 4 KiB of each). At
//! the next open:
//! - the marker is there and every file matches it: the last stop was clean and nothing
//!   touched the files since, so sled has nothing to recover. No copy; the marker is
//!   removed (durably) before sled opens, so a crash of this run leaves none.
//! - no marker (a crash, a kill, a power cut) or any difference (a file changed, added,
//!   removed, damaged with its time changed): the full copy, as above. The marker is left
//!   as it was if the open is refused (the files are put back as they were, marker
//!   included), and removed once the open succeeds.
//!
//! What this gives up: damage to the middle of a file that changes neither its length nor
//! its time (bit rot) after a clean stop is opened without a copy. Backups
//! (`stratego-ssh backup`) are the protection against that.

use std::fs;
use std::io::{self, ErrorKind};
use std::path::{Path, PathBuf};

pub(crate) const LAST_START: &str = "last-start";
const NEW: &str = "last-start.new";
/// The fingerprint of the files at the last clean stop.
pub(crate) const CLEAN_STOP: &str = "clean-stop";

/// Whether a sled database in `dir` is open in some process (sled holds an exclusive
/// `flock` on `dir/db` while open).
pub(crate) fn locked(dir: &Path) -> io::Result<bool> {
    let file = match fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(dir.join("db"))
    {
        Ok(f) => f,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e),
    };
    match file.try_lock() {
        Ok(()) => Ok(false),
        Err(fs::TryLockError::WouldBlock) => Ok(true),
        Err(fs::TryLockError::Error(e)) => Err(e),
    }
}

/// The regular files directly in `dir`.
fn files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir)? {
        let e = e?;
        if e.file_type()?.is_file() {
            out.push(e.path());
        }
    }
    Ok(out)
}

/// A copy of the data files taken before opening.
pub(crate) struct Preserved {
    dir: PathBuf,
    copy: PathBuf,
    names: Vec<std::ffi::OsString>,
}

/// Copies the files of an existing database in `dir` before sled opens them, unless the
/// last stop was clean (see the module documentation): `Ok(None)` when there is nothing
/// to copy.
pub(crate) fn preserve(dir: &Path) -> io::Result<Option<Preserved>> {
    if !dir.join("db").exists() {
        return Ok(None);
    }
    if stopped_cleanly(dir) {
        fs::remove_file(dir.join(CLEAN_STOP))?;
        fs::File::open(dir)?.sync_all()?;
        tracing::debug!(dir = %dir.display(), "store: clean stop, no copy before opening");
        return Ok(None);
    }
    tracing::info!(dir = %dir.display(), "store: not stopped cleanly: copying the files aside before opening");
    let copy = dir.join(NEW);
    if copy.exists() {
        fs::remove_dir_all(&copy)?; // a copy left by an interrupted start
    }
    fs::create_dir(&copy)?;
    let mut names = Vec::new();
    for f in files(dir)? {
        let name = f.file_name().expect("a file has a name").to_owned();
        fs::copy(&f, copy.join(&name))?;
        names.push(name);
    }
    // The copy must be on disk before sled may change the originals.
    for n in &names {
        fs::File::open(copy.join(n))?.sync_all()?;
    }
    Ok(Some(Preserved {
        dir: dir.to_path_buf(),
        copy,
        names,
    }))
}

/// The fingerprint of the data files in `dir`: one line per file (sorted by name), the
/// marker and the copies left out.
fn fingerprint(dir: &Path) -> io::Result<String> {
    use std::hash::{Hash, Hasher};
    use std::io::{Read, Seek, SeekFrom};
    let mut out = String::new();
    let mut paths = files(dir)?;
    for sub in ["blobs"] {
        if let Ok(more) = files(&dir.join(sub)) {
            paths.extend(more);
        }
    }
    paths.retain(|p| p.file_name().is_some_and(|n| n != CLEAN_STOP));
    paths.sort();
    for p in paths {
        let meta = fs::metadata(&p)?;
        let mtime = meta
            .modified()?
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let mut f = fs::File::open(&p)?;
        let mut head = vec![0u8; 4096];
        let n = read_up_to(&mut f, &mut head)?;
        head.truncate(n);
        let mut tail = vec![0u8; 4096];
        let start = meta.len().saturating_sub(4096);
        f.seek(SeekFrom::Start(start))?;
        let n = read_up_to(&mut f, &mut tail)?;
        tail.truncate(n);
        // Stable across runs of one program (std's SipHash with fixed keys).
        #[allow(deprecated)]
        let mut h = std::hash::SipHasher::new();
        head.hash(&mut h);
        tail.hash(&mut h);
        let rel = p.strip_prefix(dir).unwrap_or(&p).display().to_string();
        out.push_str(&format!(
            "{rel}\t{}\t{mtime}\t{:016x}\n",
            meta.len(),
            h.finish()
        ));
        fn read_up_to(f: &mut fs::File, buf: &mut [u8]) -> io::Result<usize> {
            let mut n = 0;
            while n < buf.len() {
                match f.read(&mut buf[n..])? {
                    0 => break,
                    k => n += k,
                }
            }
            Ok(n)
        }
    }
    Ok(out)
}

/// Whether `dir` holds a clean-stop marker that matches its files.
fn stopped_cleanly(dir: &Path) -> bool {
    match (fs::read_to_string(dir.join(CLEAN_STOP)), fingerprint(dir)) {
        (Ok(marked), Ok(now)) => marked == now,
        _ => false,
    }
}

/// Removes a clean-stop marker left from an earlier run (after a successful open).
pub(crate) fn forget_clean_stop(dir: &Path) -> io::Result<()> {
    match fs::remove_file(dir.join(CLEAN_STOP)) {
        Ok(()) => fs::File::open(dir)?.sync_all(),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// Marks the stop as clean when dropped: the store's last field, dropped after every sled
/// handle. Waits for sled to let go of the files first: its background threads may still
/// hold them a moment after the last handle is gone, longer on a loaded machine (a CI run
/// once saw more than two seconds), so the wait is long enough (ten seconds) that whoever
/// opens the files next after this drop finds them free.
pub(crate) struct Closer {
    dir: Option<PathBuf>,
}

impl Closer {
    pub(crate) fn new(dir: Option<PathBuf>) -> Closer {
        Closer { dir }
    }
}

impl Drop for Closer {
    fn drop(&mut self) {
        let Some(dir) = &self.dir else { return };
        for _ in 0..500 {
            match locked(dir) {
                Ok(false) => {
                    let res = fingerprint(dir).and_then(|f| {
                        let tmp = dir.join(format!("{CLEAN_STOP}.new"));
                        fs::write(&tmp, f)?;
                        fs::File::open(&tmp)?.sync_all()?;
                        fs::rename(&tmp, dir.join(CLEAN_STOP))?;
                        fs::File::open(dir)?.sync_all()
                    });
                    match res {
                        Ok(()) => tracing::debug!(dir = %dir.display(), "store: closed cleanly"),
                        Err(e) => {
                            tracing::warn!(dir = %dir.display(), error = %e, "store: could not mark the stop as clean")
                        }
                    }
                    return;
                }
                Ok(true) => std::thread::sleep(std::time::Duration::from_millis(20)),
                Err(_) => return,
            }
        }
        tracing::warn!(dir = %dir.display(), "store: the files were still held at close; the next start copies them");
    }
}

impl Preserved {
    /// The open succeeded: keep the copy as `last-start`.
    pub(crate) fn keep(self) -> io::Result<()> {
        let last = self.dir.join(LAST_START);
        if last.exists() {
            fs::remove_dir_all(&last)?;
        }
        fs::rename(&self.copy, last)
    }

    /// The open failed without touching the files: drop the copy.
    pub(crate) fn discard(self) -> io::Result<()> {
        fs::remove_dir_all(&self.copy)
    }

    /// The open was refused: put every file back as it was, remove files sled created.
    pub(crate) fn put_back(self) -> io::Result<()> {
        for f in files(&self.dir)? {
            let name = f.file_name().expect("a file has a name");
            if !self.names.iter().any(|n| n == name) {
                fs::remove_file(&f)?;
            }
        }
        for n in &self.names {
            fs::copy(self.copy.join(n), self.dir.join(n))?;
            fs::File::open(self.dir.join(n))?.sync_all()?;
        }
        fs::remove_dir_all(&self.copy)
    }
}
