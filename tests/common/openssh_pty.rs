//! The system's OpenSSH client (`ssh`) in a real pseudo-terminal, as a person's terminal
//! runs it: openpty, its own session (setsid) with the PTY as controlling terminal
//! (TIOCSCTTY), the screen read through `vt100`. The waits are async (tokio's sleep), so a
//! test that runs the server in its own runtime does not hold a worker thread.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A pseudo-terminal of the given size: (master, slave).
fn openpty(cols: u16, rows: u16) -> (OwnedFd, OwnedFd) {
    let mut master = 0;
    let mut slave = 0;
    let ws = libc::winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two descriptors on success; the pointers are valid.
    let r = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &ws,
        )
    };
    assert_eq!(r, 0, "openpty");
    // SAFETY: both descriptors were just created and are owned here.
    unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}

/// A new ed25519 key pair (`ssh-keygen`) at `dir/name`; the private key's path.
pub fn new_key(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    let key = dir.join(name);
    let status = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(&key)
        .status()
        .expect("ssh-keygen is installed (./test installs openssh-client)");
    assert!(status.success());
    key
}

/// `ssh -tt` (OpenSSH) in a `cols` x `rows` pseudo-terminal; killed on drop.
pub struct OpenSsh {
    child: Child,
    screen: Arc<Mutex<vt100::Parser>>,
    input: std::fs::File,
}

impl OpenSsh {
    /// `ssh` as `user` with `key` to the server on `port`, TERM xterm-256color, no LANG of
    /// the test's own (English screens), and `env` sent with `-o SetEnv=NAME=VALUE`.
    pub fn start(
        port: u16,
        key: &std::path::Path,
        user: &str,
        (cols, rows): (u16, u16),
        env: &[(&str, &str)],
    ) -> OpenSsh {
        let (master, slave) = openpty(cols, rows);
        let mut args = vec![
            "-tt".to_string(),
            "-p".into(),
            port.to_string(),
            "-i".into(),
            key.display().to_string(),
        ];
        for o in [
            "IdentitiesOnly=yes",
            "StrictHostKeyChecking=no",
            "UserKnownHostsFile=/dev/null",
            "BatchMode=yes",
            "LogLevel=ERROR",
        ] {
            args.extend(["-o".to_string(), o.to_string()]);
        }
        for (k, v) in env {
            args.extend(["-o".to_string(), format!("SetEnv={k}={v}")]);
        }
        args.push(format!("{user}@127.0.0.1"));
        // SAFETY: pre_exec runs async-signal-safe calls only (setsid, ioctl).
        let child = unsafe {
            Command::new("ssh")
                .args(&args)
                .env("TERM", "xterm-256color")
                .env_remove("LANG")
                .env_remove("LC_ALL")
                .env_remove("LC_MESSAGES")
                .stdin(Stdio::from(slave.try_clone().unwrap()))
                .stdout(Stdio::from(slave.try_clone().unwrap()))
                .stderr(Stdio::from(slave))
                .pre_exec(|| {
                    libc::setsid();
                    libc::ioctl(0, libc::TIOCSCTTY as _, 0);
                    Ok(())
                })
                .spawn()
                .expect("ssh is installed (./test installs openssh-client)")
        };
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            NonZeroU16::new(rows).unwrap(),
            NonZeroU16::new(cols).unwrap(),
            0,
        )));
        let mut reader = std::fs::File::from(master.try_clone().unwrap());
        {
            let screen = screen.clone();
            std::thread::spawn(move || {
                let mut buf = [0u8; 8192];
                while let Ok(n) = reader.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    screen.lock().unwrap().process(&buf[..n]);
                }
            });
        }
        OpenSsh {
            child,
            screen,
            input: std::fs::File::from(master),
        }
    }

    /// Types `bytes` into the terminal.
    pub fn send(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).unwrap();
    }

    /// Types `s` one key at a time, as a person would.
    pub async fn type_str(&mut self, s: &str) {
        for b in s.bytes() {
            self.send(&[b]);
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// The screen's text now.
    pub fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// The screen's rows from column `col` on, `width` wide.
    pub fn rows(&self, col: u16, width: u16) -> Vec<String> {
        self.screen
            .lock()
            .unwrap()
            .screen()
            .rows(col, width)
            .collect()
    }

    /// The vt100 screen, for what its text does not tell (the alternate screen, the
    /// cursor).
    pub fn with_screen<R>(&self, f: impl FnOnce(&vt100::Screen) -> R) -> R {
        f(self.screen.lock().unwrap().screen())
    }

    /// Waits up to `secs` for `ssh` to exit; its status. Panics (and kills it) after.
    pub async fn wait_exit(&mut self, secs: u64) -> std::process::ExitStatus {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                return s;
            }
            if tokio::time::Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("ssh did not exit; the terminal shows:\n{}", self.text());
            }
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    }

    /// Waits up to `secs` until the screen satisfies `pred`; panics with the screen.
    pub async fn wait(&self, what: &str, secs: u64, pred: impl Fn(&str) -> bool) -> String {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let text = self.text();
            if pred(&text) {
                return text;
            }
            if tokio::time::Instant::now() > deadline {
                panic!("timed out waiting for {what}; the terminal shows:\n{text}");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits up to `secs` for `needle` on the screen.
    pub async fn wait_text(&self, needle: &str, secs: u64) -> String {
        self.wait(&format!("'{needle}'"), secs, |t| t.contains(needle))
            .await
    }
}

impl Drop for OpenSsh {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
