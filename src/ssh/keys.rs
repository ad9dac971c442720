//! The server's host key: created on first start (mode 0600), reused afterwards so that
//! returning players never see a host-key warning.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use russh::keys::ssh_key::LineEnding;
use russh::keys::{Algorithm, PrivateKey};

pub const HOST_KEY_FILE: &str = "ssh_host_ed25519_key";

/// Loads `dir/ssh_host_ed25519_key`, creating it (mode 0600, in a directory of mode 0700)
/// if missing. A key file that others may read is refused: anyone who can read it can
/// pretend to be this server.
pub fn load_or_create_host_key(dir: &Path) -> Result<PrivateKey> {
    let path: PathBuf = dir.join(HOST_KEY_FILE);
    if path.exists() {
        return load_host_key(&path);
    }
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create the key directory {}", dir.display()))?;
    // The directory holds the key (and a README in the repository's own `keys/`): the
    // owner's only.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
            .with_context(|| format!("cannot make {} private (mode 700)", dir.display()))?;
    }
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
        .map_err(|e| anyhow::anyhow!("cannot generate a host key: {e}"))?;
    // Servers sharing the directory (the edges of a split, issue 46) may start at once: each
    // writes a file of its own, and the first to link it as the key wins; the others read
    // that one, so all of them show the same key.
    static TRY: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let tmp = dir.join(format!(
        "{HOST_KEY_FILE}.{}.{}.tmp",
        std::process::id(),
        TRY.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    key.write_openssh_file(&tmp, LineEnding::LF)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", tmp.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o600))?;
    }
    // Unlike a rename, a link never replaces a key another server made meanwhile.
    let linked = std::fs::hard_link(&tmp, &path);
    let _ = std::fs::remove_file(&tmp);
    match linked {
        Ok(()) => {
            tracing::info!(path = %path.display(), "created a new host key");
            Ok(key)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => load_host_key(&path),
        Err(e) => Err(e).with_context(|| format!("cannot write the host key {}", path.display())),
    }
}

/// The host key at `path`, refused unless only its owner may read it.
fn load_host_key(path: &Path) -> Result<PrivateKey> {
    check_private(path)?;
    russh::keys::load_secret_key(path, None)
        .with_context(|| format!("cannot read the host key {}", path.display()))
}

/// Refuses a key file that its group or others may read or write.
fn check_private(path: &Path) -> Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)
            .with_context(|| format!("cannot read the host key {}", path.display()))?
            .permissions()
            .mode();
        if mode & 0o077 != 0 {
            anyhow::bail!(
                "the host key {} can be read by others (mode {:o}): run `chmod 600 {}` \
                 (and check who could have copied it)",
                path.display(),
                mode & 0o777,
                path.display()
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two edges of a split sharing an empty key directory, started at once: both start,
    /// with one key (before, one of them failed on the other's renamed file, or each kept
    /// a key of its own).
    #[test]
    fn servers_starting_at_once_on_an_empty_directory_share_one_key() {
        for round in 0..10 {
            let dir = std::env::temp_dir().join(format!(
                "stratego-hostkey-race-{}-{round}",
                std::process::id()
            ));
            let _ = std::fs::remove_dir_all(&dir);
            let start = std::sync::Arc::new(std::sync::Barrier::new(6));
            let keys: Vec<_> = (0..6)
                .map(|_| {
                    let (dir, start) = (dir.clone(), start.clone());
                    std::thread::spawn(move || {
                        start.wait();
                        load_or_create_host_key(&dir)
                    })
                })
                .collect::<Vec<_>>()
                .into_iter()
                .map(|t| t.join().unwrap().expect("every server starts"))
                .collect();
            let first = keys[0].public_key().to_openssh().unwrap();
            for k in &keys {
                assert_eq!(k.public_key().to_openssh().unwrap(), first, "one key");
            }
            let on_disk = load_or_create_host_key(&dir).unwrap();
            assert_eq!(on_disk.public_key().to_openssh().unwrap(), first);
            let left: Vec<_> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().file_name())
                .collect();
            assert_eq!(
                left,
                vec![std::ffi::OsString::from(HOST_KEY_FILE)],
                "no file left behind"
            );
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }
}
