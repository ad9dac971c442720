//! Admins (by key fingerprint) kick, ban and broadcast with `ssh host admin ...`; bans
//! take effect before the lobby is shown; script commands print plain text.

mod common;

use std::time::Duration;

use common::{exec, fingerprint, new_key, start_server_with, Login, Term};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admins_ban_and_unban_and_bans_apply_before_the_lobby() {
    let admin = new_key();
    let fp = fingerprint(&admin);
    let server = start_server_with("admin", |o| o.ssh.admins = vec![fp.clone()]).await;
    let addr = server.running.addr;
    let mk = new_key();
    let mallory = Term::connect(addr, Login::Key("mallory", &mk), 100, 30).await;
    mallory.wait_text("you are mallory", 10).await;

    // Not an admin: refused.
    let (out, status) = exec(addr, "mallory", &mk, "admin bans").await;
    assert!(out.contains("need an admin key"), "{out}");
    assert_eq!(status, Some(1));

    let (out, status) = exec(addr, "root", &admin, "admin broadcast maintenance at noon").await;
    assert_eq!(status, Some(0), "{out}");
    mallory.wait_text("maintenance at noon", 10).await;

    let (out, status) = exec(
        addr,
        "root",
        &admin,
        "admin ban nick mallory spamming the chat",
    )
    .await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("1 session(s) disconnected"), "{out}");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !mallory.is_closed() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(mallory.is_closed(), "the banned player is disconnected");
    let raw = String::from_utf8_lossy(&mallory.raw()).to_string();
    assert!(raw.contains("spamming the chat"), "told why");

    // Coming back: the ban applies before any lobby is drawn.
    let again = Term::connect(addr, Login::Key("mallory", &mk), 100, 30).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !again.is_closed() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let raw = String::from_utf8_lossy(&again.raw()).to_string();
    assert!(raw.contains("banned"), "{raw}");
    assert!(!raw.contains("Open seeks"), "no lobby for a banned player");

    let (out, _) = exec(addr, "root", &admin, "admin bans").await;
    assert!(out.contains("nick:mallory"), "{out}");
    let (out, status) = exec(addr, "root", &admin, "admin unban nick mallory").await;
    assert_eq!(status, Some(0), "{out}");
    let back = Term::connect(addr, Login::Key("mallory", &mk), 100, 30).await;
    back.wait_text("you are mallory", 10).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn script_commands_print_plain_text_without_a_pty() {
    let server = start_server_with("scripts", |_| {}).await;
    let addr = server.running.addr;
    let k = new_key();
    let (out, status) = exec(addr, "sam", &k, "leaderboard classic").await;
    assert_eq!(status, Some(0));
    let header = out.lines().next().unwrap_or_default();
    assert!(
        header.contains("rating") && header.contains("nick"),
        "{out}"
    );
    assert!(!out.contains('\x1b'), "plain text");
    let (out, status) = exec(addr, "sam", &k, "games --live").await;
    assert_eq!(status, Some(0), "{out}");
    let (out, status) = exec(addr, "sam", &k, "replay 999").await;
    assert_eq!(status, Some(1));
    assert!(out.contains("no finished game"), "{out}");
    let (out, status) = exec(addr, "sam", &k, "frobnicate").await;
    assert_eq!(status, Some(2));
    assert!(out.contains("leaderboard"), "usage is shown: {out}");
}
