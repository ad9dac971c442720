//! What the kernel says about a process (Linux `/proc`); `None` elsewhere.

/// Resident memory (VmRSS) in KiB of `pid`, or of this process for `None`.
pub fn rss_kib(pid: Option<u32>) -> Option<u64> {
    status_kib(pid, "VmRSS:")
}

/// A `kB` line of `/proc/PID/status` (e.g. `VmRSS:`, `VmHWM:`).
pub fn status_kib(pid: Option<u32>, field: &str) -> Option<u64> {
    let path = match pid {
        Some(p) => format!("/proc/{p}/status"),
        None => "/proc/self/status".to_string(),
    };
    let text = std::fs::read_to_string(path).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
}

/// Proportional set size (PSS) in KiB of `pid`, from `/proc/PID/smaps_rollup`.
pub fn pss_kib(pid: u32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("Pss:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
}

#[cfg(test)]
mod tests {
    #[test]
    #[cfg(target_os = "linux")]
    fn reads_its_own_memory() {
        let rss = super::rss_kib(None).expect("VmRSS");
        assert!(rss > 100, "{rss}");
        assert_eq!(super::rss_kib(Some(u32::MAX)), None);
    }
}
