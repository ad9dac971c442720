//! CPU time of a process (user and system, all its threads) from Linux's `/proc/PID/stat`.

use std::time::{Duration, Instant};

/// The CPU time `pid` (this process for `None`) has used so far.
pub(crate) fn cpu_time(pid: Option<u32>) -> Option<Duration> {
    let path = match pid {
        Some(p) => format!("/proc/{p}/stat"),
        None => "/proc/self/stat".to_string(),
    };
    let text = std::fs::read_to_string(path).ok()?;
    let ticks = parse_stat(&text)?;
    // SAFETY: sysconf reads a constant of the system; no pointer is passed.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let hz = u64::try_from(hz).ok().filter(|&h| h > 0)?;
    Some(Duration::from_micros(ticks * 1_000_000 / hz))
}

/// utime + stime (clock ticks) of a `/proc/PID/stat` line. The command's name, in
/// parentheses, may hold spaces and parentheses: the fields are counted after the last `)`.
fn parse_stat(text: &str) -> Option<u64> {
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // After the name: state (field 3) is fields[0]; utime (14) fields[11], stime (15) [12].
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(utime + stime)
}

/// CPU time used over a window of wall time, from a first reading to the last.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CpuWindow {
    pid: Option<u32>,
    at: Instant,
    cpu: Duration,
}

impl CpuWindow {
    pub(crate) fn start(pid: Option<u32>) -> Option<CpuWindow> {
        Some(CpuWindow {
            pid,
            at: Instant::now(),
            cpu: cpu_time(pid)?,
        })
    }

    /// CPU time used since the start, and the wall time.
    pub(crate) fn so_far(&self) -> Option<(Duration, Duration)> {
        let cpu = cpu_time(self.pid)?;
        Some((cpu.saturating_sub(self.cpu), self.at.elapsed()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_fields_after_a_name_with_spaces_and_parentheses() {
        let line = "4242 (tokio (x) y) S 1 4242 4242 0 -1 4194560 1 0 0 0 250 37 0 0 20 0 9 0";
        assert_eq!(parse_stat(line), Some(287));
        assert_eq!(parse_stat("4242 (short) S 1"), None);
    }

    #[test]
    fn reads_this_process_and_not_a_missing_one() {
        assert!(CpuWindow::start(None).and_then(|w| w.so_far()).is_some());
        assert!(cpu_time(Some(u32::MAX)).is_none());
    }
}
