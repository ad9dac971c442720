//! The server's host key: created on first start (mode 0600), reused afterwards so that
//! returning players never see a host-key warning.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use russh::keys::ssh_key::LineEnding;
use russh::keys::{Algorithm, PrivateKey};

pub const HOST_KEY_FILE: &str = "ssh_host_ed25519_key";

/// Loads `dir/ssh_host_ed25519_key`, creating it (and `dir`) if missing.
pub fn load_or_create_host_key(dir: &Path) -> Result<PrivateKey> {
    let path: PathBuf = dir.join(HOST_KEY_FILE);
    if path.exists() {
        return russh::keys::load_secret_key(&path, None)
            .with_context(|| format!("cannot read the host key {}", path.display()));
    }
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create the key directory {}", dir.display()))?;
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
