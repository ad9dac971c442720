//! Protection of the data files around `sled` opening them. sled 0.34 recovers a damaged
//! log by rewriting it in place (a wholly unreadable log becomes an empty database), so
//! before opening an existing database the store copies its files to
//! `<dir>/last-start.new/`. If the open is then refused, the files are put back byte for
//! byte and anything sled created is removed; if it succeeds, the copy becomes
//! `<dir>/last-start/` (the files as they were at the last successful start, replacing the
//! previous one).

use std::fs;
use std::io::{self, ErrorKind};
use std::path::{Path, PathBuf};

pub(crate) const LAST_START: &str = "last-start";
const NEW: &str = "last-start.new";

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

/// Copies the files of an existing database in `dir` (none: `Ok(None)`).
pub(crate) fn preserve(dir: &Path) -> io::Result<Option<Preserved>> {
    if !dir.join("db").exists() {
        return Ok(None);
    }
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
