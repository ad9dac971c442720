//! The system's OpenSSH client, in a pseudo-terminal, through to the lobby and out again.

mod common;

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::start_server;

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

fn wait_screen(screen: &Mutex<vt100::Parser>, what: &str, pred: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let text = screen.lock().unwrap().screen().contents();
        if pred(&text) {
            return text;
        }
        if Instant::now() > deadline {
            panic!("timed out waiting for {what}; the terminal shows:\n{text}");
        }
        std::thread::sleep(Duration::from_millis(30));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openssh_client_in_a_pty_reaches_the_lobby() {
    let server = start_server("openssh").await;
    let port = server.running.addr.port();
    let dir = server.dir.0.clone();
    let key = dir.join("id_ed25519");
    let status = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(&key)
        .status()
        .expect("ssh-keygen is installed (.ci/run installs openssh-client)");
    assert!(status.success());

    let result = tokio::task::spawn_blocking(move || {
        let (master, slave) = openpty(100, 30);
        let mut child = unsafe {
            Command::new("ssh")
                .args(["-tt", "-p", &port.to_string(), "-i"])
                .arg(&key)
                .args([
                    "-o",
                    "IdentitiesOnly=yes",
                    "-o",
                    "StrictHostKeyChecking=no",
                    "-o",
                    "UserKnownHostsFile=/dev/null",
                    "-o",
                    "BatchMode=yes",
                    "-o",
                    "LogLevel=ERROR",
                    "frank@127.0.0.1",
                ])
                .env("TERM", "xterm-256color")
                .stdin(Stdio::from(slave.try_clone().unwrap()))
                .stdout(Stdio::from(slave.try_clone().unwrap()))
                .stderr(Stdio::from(slave))
                .pre_exec(|| {
                    // A session of its own, with the pty as its controlling terminal.
                    libc::setsid();
                    libc::ioctl(0, libc::TIOCSCTTY as _, 0);
                    Ok(())
                })
                .spawn()
                .expect("ssh is installed (.ci/run installs openssh-client)")
        };
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            NonZeroU16::new(30).unwrap(),
            NonZeroU16::new(100).unwrap(),
            0,
        )));
        let mut reader = std::fs::File::from(master.try_clone().unwrap());
        let mut writer = std::fs::File::from(master);
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
        // A first login: the welcome card offers the name; Enter keeps it.
        wait_screen(&screen, "the welcome card", |t| {
            t.contains("Welcome to stratego-ssh")
        });
        writer.write_all(b"\r").unwrap();
        let lobby = wait_screen(&screen, "the lobby", |t| {
            t.contains("you are frank")
                && t.contains("Open seeks")
                && !t.contains("Welcome to stratego-ssh")
        });
        assert!(
            screen.lock().unwrap().screen().alternate_screen(),
            "the lobby is drawn on the alternate screen"
        );
        // Quit: q, then confirm.
        writer.write_all(b"q").unwrap();
        wait_screen(&screen, "the quit question", |t| t.contains("Quit"));
        writer.write_all(b"y").unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let code = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("ssh did not exit after quitting");
            }
            std::thread::sleep(Duration::from_millis(30));
        };
        std::thread::sleep(Duration::from_millis(100));
        let restored = !screen.lock().unwrap().screen().alternate_screen();
        let cursor_shown = !screen.lock().unwrap().screen().hide_cursor();
        (lobby, code.success(), restored, cursor_shown)
    })
    .await
    .unwrap();
    let (lobby, exited_ok, restored, cursor_shown) = result;
    assert!(lobby.contains("no open seeks"), "{lobby}");
    assert!(exited_ok, "ssh exits with status 0 after quitting");
    assert!(restored, "the normal screen is back after quitting");
    assert!(cursor_shown, "the cursor is shown again after quitting");
}
