//! Admin actions, for the exec commands (`ssh host admin ...`) and the admin screen alike:
//! kicks go through the lobby; bans are stored (and flushed) before the sessions they match
//! are disconnected with the reason; a backup is the running store's own consistent copy
//! (`admin backup DIR`). The caller has checked that the key is an admin's.

use std::fmt;
use std::path::{Component, Path, PathBuf};

use super::remote::Call;
use super::Service;
use crate::limit::AddrNet;
use crate::lobby::KickWhom;
use crate::proto::{AdminBan, AdminCmd, AdminSnapshot, BanKind, Notice, PlayerId};
use crate::store::{BackupSummary, Ban, BanTarget, StoreError};
use crate::text::clean_line;

/// What an admin action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdminDone {
    /// Nothing asked but fresh data.
    Refreshed,
    Kicked {
        nick: String,
        sessions: usize,
    },
    Banned {
        target: BanTarget,
        sessions: usize,
    },
    Unbanned(BanTarget),
    Broadcast,
    /// A tournament created, edited, started or cancelled: the lobby's line.
    Tournament(Notice),
    /// Done by the core of a split server, for an edge's admin: what it said.
    Elsewhere(Notice),
}

impl AdminDone {
    /// What the admin reads, in their language.
    pub fn notice(&self) -> Notice {
        match self {
            AdminDone::Refreshed => Notice::plain(""),
            AdminDone::Kicked { nick, sessions } => Notice::new("notice-admin-kicked")
                .arg("nick", nick)
                .arg("sessions", *sessions),
            AdminDone::Banned { target, sessions } => Notice::new("notice-admin-banned")
                .arg("target", target.to_string())
                .arg("sessions", *sessions),
            AdminDone::Unbanned(t) => {
                Notice::new("notice-admin-unbanned").arg("target", t.to_string())
            }
            AdminDone::Broadcast => Notice::new("notice-admin-sent"),
            AdminDone::Tournament(line) | AdminDone::Elsewhere(line) => line.clone(),
        }
    }
}

/// English.
impl fmt::Display for AdminDone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.notice().fmt(f)
    }
}

/// Why an admin action did nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum AdminError {
    /// The ban's target is not a nick, a key fingerprint or an address: why, for the
    /// admin's language.
    BadTarget(Notice),
    NotBanned(BanTarget),
    NothingToBroadcast,
    /// The lobby refused a tournament order (bad terms, no such tournament, started).
    Tournament(crate::lobby::TournamentError),
    Store(StoreError),
    /// Refused by the core of a split server, for an edge's admin: what it said, and
    /// whether the request was wrong.
    Elsewhere {
        notice: Notice,
        usage: bool,
    },
}

impl AdminError {
    /// The request itself was wrong (as opposed to the server failing to carry it out).
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            AdminError::BadTarget(_)
                | AdminError::NothingToBroadcast
                | AdminError::Tournament(_)
                | AdminError::Elsewhere { usage: true, .. }
        )
    }
}

impl AdminError {
    /// What the admin reads, in their language (a bad target's reason and the store's
    /// errors are the store's English).
    pub fn notice(&self) -> Notice {
        match self {
            AdminError::BadTarget(why) => why.clone(),
            AdminError::NotBanned(t) => {
                Notice::new("refusal-not-banned").arg("target", t.to_string())
            }
            AdminError::NothingToBroadcast => Notice::new("refusal-nothing-to-broadcast"),
            AdminError::Tournament(why) => why.notice(),
            AdminError::Store(e) => Notice::plain(e.to_string()),
            AdminError::Elsewhere { notice, .. } => notice.clone(),
        }
    }
}

/// English.
impl fmt::Display for AdminError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.notice().fmt(f)
    }
}

impl From<StoreError> for AdminError {
    fn from(e: StoreError) -> Self {
        AdminError::Store(e)
    }
}

/// Why `value` is no target of kind `kind`: the store's English reason as the English
/// text, a sentence of their own for the other languages.
fn bad_target(kind: BanKind, value: &str, why: String) -> AdminError {
    let id = match kind {
        BanKind::Key => "refusal-ban-key",
        BanKind::Addr => "refusal-ban-addr",
        BanKind::Nick => "refusal-ban-target",
    };
    AdminError::BadTarget(
        Notice::new(id)
            .arg("value", clean_line(value, 60))
            .arg("detail", why),
    )
}

impl Service {
    /// Carries out an admin action; `by` is the admin's key fingerprint.
    pub async fn admin(&self, by: &str, cmd: AdminCmd) -> Result<AdminDone, AdminError> {
        let call = Call::Admin {
            by: by.to_string(),
            cmd: cmd.clone(),
        };
        if let Some(a) = self.remote::<Notice>(call).await {
            return a.map(AdminDone::Elsewhere).map_err(Into::into);
        }
        match cmd {
            AdminCmd::Refresh => Ok(AdminDone::Refreshed),
            AdminCmd::Kick { nick, reason } => {
                let nick = clean_line(&nick, 40);
                // The admin's own words, or none (the player is told in their language).
                let reason = clean_line(&reason, 200);
                let whom = KickWhom {
                    nick: Some(nick.clone()),
                    ..Default::default()
                };
                let sessions = self.lobby.kick(whom, reason).await;
                Ok(AdminDone::Kicked { nick, sessions })
            }
            AdminCmd::Ban {
                kind,
                value,
                reason,
            } => {
                let target = BanTarget::parse(kind.word(), &value)
                    .map_err(|e| bad_target(kind, &value, e))?;
                // The admin's own words, or none: kept with the ban (the admin's list, a
                // banned player's refusal, worded in their language when empty) and told to
                // the players it disconnects.
                let reason = clean_line(&reason, 200);
                let told = reason.clone();
                // A player's ban also closes guest logins from the address blocks the
                // player last used (else they come straight back as a guest).
                let blocks = match &target {
                    BanTarget::Addr(_) => Vec::new(),
                    _ => self.banned_players_blocks(&target).await,
                };
                self.store
                    .bans()
                    .add_closing_guests(&target, &reason, by, blocks.clone())
                    .await?;
                let blocks: Vec<String> = blocks.iter().map(|b| b.to_string()).collect();
                tracing::info!(by, target = %target, guests_closed_from = ?blocks, "admin: ban");
                let whom = match &target {
                    BanTarget::Nick(n) => KickWhom {
                        nick: Some(n.clone()),
                        ..Default::default()
                    },
                    BanTarget::Key(k) => KickWhom {
                        identity: Some(PlayerId::Key(k.clone())),
                        ..Default::default()
                    },
                    BanTarget::Addr(a) => KickWhom {
                        addr: Some(*a),
                        ..Default::default()
                    },
                };
                let sessions = self.lobby.kick(whom, told).await;
                Ok(AdminDone::Banned { target, sessions })
            }
            AdminCmd::Unban { kind, value } => {
                let target = BanTarget::parse(kind.word(), &value)
                    .map_err(|e| bad_target(kind, &value, e))?;
                let mut lifted = self.store.bans().remove(&target).await?;
                // A plain IPv6 address stands for its /64; a ban of that one address (a
                // /128, as older versions wrote) is lifted with it.
                if let (BanTarget::Addr(_), Ok(std::net::IpAddr::V6(v6))) =
                    (&target, value.trim().parse::<std::net::IpAddr>())
                {
                    if v6.to_ipv4_mapped().is_none() {
                        let exact = BanTarget::Addr(AddrNet::new(v6.into(), 128));
                        lifted |= self.store.bans().remove(&exact).await?;
                    }
                }
                if lifted {
                    tracing::info!(by, target = %target, "admin: unban");
                    Ok(AdminDone::Unbanned(target))
                } else {
                    Err(AdminError::NotBanned(target))
                }
            }
            AdminCmd::Broadcast(text) => {
                if clean_line(&text, 500).is_empty() {
                    return Err(AdminError::NothingToBroadcast);
                }
                self.lobby.broadcast(text);
                Ok(AdminDone::Broadcast)
            }
            AdminCmd::Tournament(order) => self
                .lobby
                .tournament_notice(order)
                .await
                .map(AdminDone::Tournament)
                .map_err(AdminError::Tournament),
        }
    }

    /// The address blocks the player a nick or key ban names last used: where each of its
    /// keys last logged in from, and where its sessions online are connected from.
    async fn banned_players_blocks(&self, target: &BanTarget) -> Vec<AddrNet> {
        let keys: Vec<String> = match target {
            BanTarget::Key(k) => vec![k.clone()],
            BanTarget::Nick(n) => {
                let n = n.clone();
                match self.blocking(move |s| s.users().by_nick(&n)).await {
                    Ok(Some(user)) => user.keys,
                    _ => Vec::new(),
                }
            }
            BanTarget::Addr(_) => return Vec::new(),
        };
        let mut blocks = Vec::new();
        for k in &keys {
            let k = k.clone();
            if let Ok(Some(b)) = self.blocking(move |s| s.bans().last_seen(&k)).await {
                blocks.push(b);
            }
        }
        for s in self.lobby.sessions().await {
            let hit = match target {
                BanTarget::Nick(n) => s.nick.eq_ignore_ascii_case(n),
                _ => s.key.as_ref().is_some_and(|k| keys.contains(k)),
            };
            if let (true, Some(a)) = (hit, s.addr) {
                blocks.push(AddrNet::block(a));
            }
        }
        blocks.sort_by_key(|b| b.to_string());
        blocks.dedup();
        blocks
    }

    /// Where `admin backup` writes (`backup_root`): every backup is a directory under it.
    pub fn with_backup_root(mut self, root: impl Into<PathBuf>) -> Service {
        self.backup_root = std::sync::Arc::new(root.into());
        self
    }

    /// Writes a consistent copy of the running server's store into `asked`, a new or
    /// empty directory under the backup root (`backup_root`): a name (`2026-11-27`, made
    /// under the root) or an absolute path inside the root. A path that leaves the root
    /// (`..`, an absolute path elsewhere, a link out of it) is refused and nothing is
    /// written. `by` is the admin's key fingerprint. Writes wait while the copy is made (a
    /// move waits as long as the copy takes); nothing waits on a runtime worker.
    pub async fn backup(&self, by: &str, asked: &str) -> Result<BackupSummary, BackupError> {
        // An edge's own store holds nothing of the game's: the copy is the core's, made
        // under the core's backup root.
        if self.is_remote() {
            let call = Call::Backup {
                by: by.into(),
                asked: asked.into(),
            };
            return match self.remote::<Result<BackupSummary, Notice>>(call).await {
                Some(Ok(Ok(done))) => Ok(done),
                Some(Ok(Err(why))) => Err(BackupError::Refused(why)),
                Some(Err(e)) => Err(BackupError::Store(e.into())),
                None => Err(BackupError::Store(StoreError::Invalid("no core".into()))),
            };
        }
        let root = self.backup_root.as_ref().clone();
        let asked_text = asked.to_string();
        let dir = tokio::task::spawn_blocking(move || backup_dir(&root, &asked_text))
            .await
            .map_err(|e| BackupError::Store(StoreError::Backup(e.to_string())))?;
        let dir = match dir {
            Ok(d) => d,
            Err(why) => {
                tracing::warn!(by, asked = %clean_line(asked, 200), "admin: backup refused: outside the backup root");
                return Err(BackupError::Refused(why.notice()));
            }
        };
        tracing::info!(by, dir = %dir.display(), "admin: backup asked");
        let result = self.blocking(move |s| s.backup(&dir)).await;
        if let Err(e) = &result {
            tracing::warn!(by, error = %e, "admin: backup failed");
        }
        result.map_err(BackupError::Store)
    }

    /// Every stored ban, user text cleaned.
    pub async fn bans(&self) -> Result<Vec<AdminBan>, StoreError> {
        if let Some(a) = self.remote(Call::Bans).await {
            return a.map_err(Into::into);
        }
        let bans = self.blocking(|s| s.bans().all()).await?;
        Ok(bans.into_iter().filter_map(admin_ban).collect())
    }

    /// What the admin screen shows: every session online and every stored ban.
    pub async fn admin_snapshot(&self) -> Result<AdminSnapshot, StoreError> {
        if let Some(a) = self.remote(Call::AdminSnapshot).await {
            return a.map_err(Into::into);
        }
        let clean = |s: &str| clean_line(s, 200);
        let mut sessions = self.lobby.sessions().await;
        for s in &mut sessions {
            s.nick = clean(&s.nick);
            s.key = s.key.as_deref().map(clean);
        }
        let bans = self.bans().await?;
        Ok(AdminSnapshot { sessions, bans })
    }
}

fn admin_ban(b: Ban) -> Option<AdminBan> {
    let clean = |s: &str| clean_line(s, 200);
    let (kind, value) = b.target.split_once(':')?;
    Some(AdminBan {
        kind: BanKind::from_word(kind)?,
        value: clean(value),
        reason: clean(&b.reason),
        by: clean(&b.by),
        at: b.at,
    })
}

/// Where `admin backup` writes unless configured (`backup_root`): `backups`, beside `data`
/// and `keys` in the server's working directory.
pub const DEFAULT_BACKUP_ROOT: &str = "backups";

/// Why `admin backup` wrote nothing.
#[derive(Debug)]
pub enum BackupError {
    /// The path asked for is not under the backup root (or is the root itself): why, for
    /// the admin's language.
    Refused(Notice),
    /// The copy failed.
    Store(StoreError),
}

impl fmt::Display for BackupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackupError::Refused(why) => why.fmt(f),
            BackupError::Store(e) => write!(f, "{e}"),
        }
    }
}

/// Why `admin backup ASKED` has no directory to write into.
#[derive(Debug)]
pub enum BackupDirError {
    /// Not a path under the backup root (`..`, outside, through a link that leads out).
    Outside { asked: String, root: PathBuf },
    /// The root itself cannot be resolved.
    Root {
        root: PathBuf,
        error: std::io::Error,
    },
    /// The root cannot be made.
    MakeRoot {
        root: PathBuf,
        error: std::io::Error,
    },
}

impl BackupDirError {
    /// What the admin reads, in their language.
    pub fn notice(&self) -> Notice {
        match self {
            BackupDirError::Outside { asked, root } => Notice::new("exec-admin-backup-outside")
                .arg("asked", asked)
                .arg("root", root.display().to_string()),
            BackupDirError::Root { root, error } => Notice::new("exec-admin-backup-root")
                .arg("root", root.display().to_string())
                .arg("error", error.to_string()),
            BackupDirError::MakeRoot { root, error } => Notice::new("exec-admin-backup-make-root")
                .arg("root", root.display().to_string())
                .arg("error", error.to_string()),
        }
    }
}

/// English.
impl fmt::Display for BackupDirError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.notice().fmt(f)
    }
}

/// The directory `admin backup ASKED` writes into: under `root` (made if missing), or why
/// not. A relative name is taken under the root; an absolute path must be inside it; `..`
/// is refused, and so is a path through a link that leads out of the root.
pub fn backup_dir(root: &Path, asked: &str) -> Result<PathBuf, BackupDirError> {
    let asked = asked.trim();
    let shown = clean_line(asked, 200);
    let root_abs = std::path::absolute(root).map_err(|error| BackupDirError::Root {
        root: root.to_path_buf(),
        error,
    })?;
    let outside = || BackupDirError::Outside {
        asked: shown.clone(),
        root: root_abs.clone(),
    };
    let path = Path::new(asked);
    if asked.is_empty() || path.components().any(|c| c == Component::ParentDir) {
        return Err(outside());
    }
    let relative: PathBuf = if path.is_absolute() {
        let canonical_root = std::fs::canonicalize(&root_abs).ok();
        path.strip_prefix(&root_abs)
            .ok()
            .or_else(|| {
                canonical_root
                    .as_ref()
                    .and_then(|r| path.strip_prefix(r).ok())
            })
            .ok_or_else(outside)?
            .to_path_buf()
    } else {
        path.to_path_buf()
    };
    let relative: PathBuf = relative
        .components()
        .filter(|c| matches!(c, Component::Normal(_)))
        .collect();
    if relative.as_os_str().is_empty() {
        return Err(outside());
    }
    let unusable = |error| BackupDirError::Root {
        root: root_abs.clone(),
        error,
    };
    std::fs::create_dir_all(&root_abs).map_err(|error| BackupDirError::MakeRoot {
        root: root_abs.clone(),
        error,
    })?;
    let root_real = std::fs::canonicalize(&root_abs).map_err(unusable)?;
    let dest = root_real.join(&relative);
    // The part that exists already must stay inside the root once links are followed.
    let mut probe = dest.clone();
    while std::fs::symlink_metadata(&probe).is_err() {
        if !probe.pop() {
            return Err(outside());
        }
    }
    match std::fs::canonicalize(&probe) {
        Ok(real) if real.starts_with(&root_real) => Ok(dest),
        _ => Err(outside()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backup_dirs_stay_under_the_root() {
        let tmp = std::env::temp_dir().join(format!("backup-root-{}", std::process::id()));
        let root = tmp.join("backups");
        let real = |p: &Path| std::fs::canonicalize(p).unwrap();
        assert_eq!(
            backup_dir(&root, "2026-11-27").unwrap(),
            real(&root).join("2026-11-27")
        );
        assert_eq!(
            backup_dir(&root, &root.join("daily/one").to_string_lossy()).unwrap(),
            real(&root).join("daily/one")
        );
        for bad in ["", "..", "../x", "a/../../x", "/tmp/x", "/etc"] {
            let why = backup_dir(&root, bad).unwrap_err().to_string();
            assert!(why.contains("not under the backup root"), "{bad}: {why}");
        }
        assert!(
            backup_dir(&root, &root.to_string_lossy()).is_err(),
            "the root itself"
        );
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&tmp, root.join("out")).unwrap();
            assert!(
                backup_dir(&root, "out/x").is_err(),
                "a link out of the root"
            );
        }
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
