//! `stratego-ssh backup DIR`: a copy of the data directory, written with the server stopped.

/// `backup DIR`: a consistent copy of the data directory, the server stopped.
pub fn backup(data_dir: &std::path::Path, dir: &std::path::Path) -> anyhow::Result<()> {
    let store = match stratego_ssh::store::Store::open(data_dir) {
        Ok(s) => s,
        Err(e) if super::locked(&e) => anyhow::bail!(super::while_running(
            data_dir,
            &format!(
                "Ask it for the copy instead: `ssh -p PORT HOST admin backup {}` with an \
                 admin key (the server writes the copy on its own machine; give an absolute \
                 path it may write to), or stop the server and run this again.",
                std::path::absolute(dir)
                    .unwrap_or_else(|_| dir.to_path_buf())
                    .display()
            )
        )),
        Err(e) => return Err(e.into()),
    };
    let summary = store.backup(dir)?;
    println!(
        "backed up {} entries in {} trees to {}",
        summary.entries,
        summary.trees,
        summary.dir.display()
    );
    Ok(())
}
