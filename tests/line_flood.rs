//! The line mode under a flood (issue 43, item 3): a command costs input budget by the
//! lines it writes, not by the bytes typed, so a pipe of `who` is answered a few hundred
//! times a second instead of thousands; lists are written a page at a time whatever their
//! length; and what a client typed before it went is dropped with it, not worked off for
//! half a minute after it has gone.

mod common;

use std::process::{Command, Stdio};
use std::time::Duration;

use common::line::LineClient;
use common::Login;

/// Answers to `who` among the lines.
fn answers(lines: &[String]) -> usize {
    lines.iter().filter(|l| l.contains("online:")).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pipe_of_who_is_answered_by_the_budget_not_all_at_once() {
    let srv = common::start_server("line-flood-budget").await;
    let addr = srv.running.addr;
    let mut flood = LineClient::open(addr, Login::Guest, "play --lang en").await;
    flood.until_has("lobby>", 10).await;
    // 2,000 commands in one write: 8 KB, a quarter of one second's byte budget.
    let many = "who\n".repeat(2000);
    flood.send_raw(many.as_bytes()).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let early = answers(&flood.lines());
    // Each answer writes three lines and a prompt (256 bytes of budget at 64 a line): the
    // 64 KiB burst and 32 KiB a second answer about 500 in two seconds, whatever the
    // machine's speed. Before, all 2,000 were answered at once.
    assert!(early >= 50, "the flood is still answered: {early}");
    assert!(
        early < 1000,
        "{early} answers in 2 s: the budget did not count the lines"
    );
    // Nothing typed is lost while the client reads: answers keep coming.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let later = answers(&flood.lines());
    assert!(later > early, "answers stopped at {early}");
    // Another player is answered meanwhile.
    let mut other = LineClient::open(addr, Login::Guest, "play --lang en").await;
    other.until_has("lobby>", 10).await;
    other.send("who").await;
    other.until_has("online:", 5).await;
    flood.disconnect().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_list_is_written_a_page_at_a_time() {
    let srv = common::start_server("line-flood-pages").await;
    let addr = srv.running.addr;
    let mut crowd = vec![];
    for _ in 0..24 {
        let mut c = LineClient::open(addr, Login::Guest, "play --lang en").await;
        c.until_has("lobby>", 10).await;
        crowd.push(c);
    }
    let mut me = LineClient::open(addr, Login::Guest, "play --lang en").await;
    me.until_has("lobby>", 10).await;
    // The lobby publishes the new players within a second or so.
    let mut seen;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        me.send("who").await;
        seen = me.until_has("lobby>", 5).await;
        if seen.iter().any(|l| l.starts_with("25 players online")) {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "{seen:?}");
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let players = |lines: &[String]| lines.iter().filter(|l| l.starts_with("guest-")).count();
    assert_eq!(players(&seen), 20, "one page of twenty: {seen:?}");
    assert!(
        seen.iter()
            .any(|l| l == "…and 5 more: type who 2 for the next page."),
        "{seen:?}"
    );
    me.send("who 2").await;
    let page2 = me.until_has("lobby>", 5).await;
    assert_eq!(players(&page2), 5, "{page2:?}");
    assert!(!page2.iter().any(|l| l.contains("more:")), "{page2:?}");
    me.disconnect().await;
    for c in crowd {
        c.disconnect().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_a_gone_client_typed_is_not_worked_off_after_it_left() {
    if !common::have_openssh() {
        eprintln!("skipped: no OpenSSH client (ssh, ssh-keygen) on this machine");
        return;
    }
    let srv = common::start_server("line-flood-gone").await;
    let addr = srv.running.addr;
    let mut watcher = LineClient::open(addr, Login::Guest, "play --lang en").await;
    watcher.until_has("lobby>", 10).await;
    // `yes who | ssh host play`, as the flooder did, through OpenSSH.
    let key = srv.dir.0.join("id_flood");
    let made = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(&key)
        .status()
        .unwrap();
    assert!(made.success());
    let mut yes = Command::new("yes")
        .arg("who")
        .stdout(Stdio::piped())
        .spawn()
        .expect("yes runs");
    let mut ssh = common::openssh(addr.port(), &key)
        .args(["-T", "flooder@127.0.0.1", "play", "--lang", "en"])
        .stdin(yes.stdout.take().unwrap())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("ssh runs");
    wait_online(&mut watcher, "2 players", 15).await;
    // The flood fills what the server reads ahead (before: its queue of input, tens of
    // seconds of work).
    tokio::time::sleep(Duration::from_secs(3)).await;
    let _ = ssh.kill();
    let _ = ssh.wait();
    let _ = yes.kill();
    let _ = yes.wait();
    // The flooder leaves the lobby as soon as its connection ends, not once the session
    // has worked off what it had queued.
    wait_online(&mut watcher, "1 player ", 8).await;
}

/// Asks `who` until its count line starts with `count` (the lobby publishes its changes
/// within about a second); panics after `secs`.
async fn wait_online(c: &mut LineClient, count: &str, secs: u64) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    loop {
        c.send("who").await;
        let lines = c.until_has("lobby>", 5).await;
        let now = lines
            .iter()
            .rev()
            .find(|l| l.contains("online:"))
            .cloned()
            .unwrap_or_default();
        if now.starts_with(count) {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "not {count} online in {secs} s: {now}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}
