//! `stratego-ssh restore BACKUP_DIR`: puts a backup in place of the data directory (the
//! server stopped; a non-empty one moved aside with --force).

/// `restore BACKUP_DIR`: the backup in place of the data directory.
pub fn restore(
    backup_dir: &std::path::Path,
    data_dir: &std::path::Path,
    force: bool,
) -> anyhow::Result<()> {
    let summary = stratego_ssh::store::restore(backup_dir, data_dir, force)?;
    println!(
        "restored {} entries into {}",
        summary.entries,
        data_dir.display()
    );
    if let Some(old) = summary.moved_aside {
        println!("the previous data directory was moved to {}", old.display());
    }
    Ok(())
}
