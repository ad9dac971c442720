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
        check_private(&path)?;
        return russh::keys::load_secret_key(&path, None)
            .with_context(|| format!("cannot read the host key {}", path.display()));
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
    let tmp = dir.join(format!("{HOST_KEY_FILE}.tmp"));
    key.write_openssh_file(&tmp, LineEnding::LF)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", tmp.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o600))?;
    }
    std::fs::rename(&tmp, &path)?;
    tracing::info!(path = %path.display(), "created a new host key");
    Ok(key)
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
