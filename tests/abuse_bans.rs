//! Bans that hold: an address has one form (an IPv4 client seen by a `[::]` listener as
//! `::ffff:1.2.3.4` is 1.2.3.4; a plain IPv6 address stands for its /64), a player banned
//! by key or nick cannot come straight back as a guest from the address it last used, and
//! the lobby chat counts every session of one address together. Over real SSH connections.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::{exec, fingerprint, new_key, start_server_with, Login, Term};
use tokio::io::AsyncBufReadExt;

/// The first line the server sends a new TCP connection (its SSH identification, or the
/// one line of a refusal before the handshake).
async fn first_line(addr: SocketAddr) -> String {
    let stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("tcp connects");
    let mut reader = tokio::io::BufReader::new(stream);
    let mut line = String::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), reader.read_line(&mut line)).await;
    line
}

/// Waits until the terminal's connection is closed (at most `secs`); what it was sent.
async fn closed_with(t: &Term, secs: u64) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    while !t.is_closed() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let raw = String::from_utf8_lossy(&t.raw()).to_string();
    assert!(
        t.is_closed(),
        "still connected; the screen shows:\n{}",
        t.text()
    );
    raw
}

/// A server on a dual-stack `[::]` listener with `admin` as its admin; the port reached
/// over IPv4 (the server sees `::ffff:127.0.0.1`) and over IPv6 (`::1`).
async fn dual_stack(
    tag: &str,
    admin: &russh::keys::PrivateKey,
) -> (common::TestServer, SocketAddr, SocketAddr) {
    let fp = fingerprint(admin);
    let server = start_server_with(tag, |o| {
        o.listen = "[::]:0".into();
        o.ssh.admins = vec![fp];
    })
    .await;
    let port = server.running.addr.port();
    let v4 = SocketAddr::from(([127, 0, 0, 1], port));
    let v6 = SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, port));
    (server, v4, v6)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ipv4_ban_holds_on_a_dual_stack_listener_for_keys_and_guests_alike() {
    let admin = new_key();
    let (_server, v4, v6) = dual_stack("ban-v4-mapped", &admin).await;
    let mk = new_key();
    let (out, status) = exec(v4, "mallory", &mk, "leaderboard").await;
    assert_eq!(status, Some(0), "{out}");
    let mallory = Term::connect(v4, Login::Key("mallory", &mk), 100, 30).await;
    mallory.wait_text("you are mallory", 10).await;
    let guest = Term::connect(v4, Login::Guest, 100, 30).await;
    guest.wait_text("you are guest", 10).await;

    // The admin comes from ::1; the ban names the IPv4 address as people write it.
    let (out, status) = exec(v6, "warden", &admin, "admin ban addr 127.0.0.1 go away").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(
        out.contains("banned addr 127.0.0.1; 2 sessions disconnected"),
        "the key's and the guest's sessions from ::ffff:127.0.0.1 are kicked: {out}"
    );
    assert!(closed_with(&mallory, 10).await.contains("go away"));
    assert!(closed_with(&guest, 10).await.contains("go away"));

    // Coming back over IPv4, key or guest: one line before the handshake, and closed.
    let line = first_line(v4).await;
    assert!(line.contains("this address is banned"), "{line:?}");
    // Another address is not held up.
    let line = first_line(v6).await;
    assert!(!line.contains("banned"), "{line:?}");
    let (out, _) = exec(v6, "warden", &admin, "admin bans").await;
    assert!(out.contains("addr:127.0.0.1\tgo away"), "{out}");

    // Unban takes any form of the address.
    let (out, status) = exec(v6, "warden", &admin, "admin unban addr ::ffff:127.0.0.1").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("unbanned addr 127.0.0.1"), "{out}");
    let (out, status) = exec(v4, "mallory", &mk, "leaderboard").await;
    assert_eq!(status, Some(0), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_ipv6_ban_covers_its_64_and_prefixes_ban_what_they_say() {
    let admin = new_key();
    let (_server, v4, v6) = dual_stack("ban-v6-64", &admin).await;
    let k = new_key();
    let (_, status) = exec(v6, "ivy", &k, "leaderboard").await;
    assert_eq!(status, Some(0));

    // ::2 is not the address the client uses (::1), but the same /64.
    let (out, status) = exec(v4, "warden", &admin, "admin ban addr ::2 rotating").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("banned addr ::/64"), "{out}");
    let line = first_line(v6).await;
    assert!(line.contains("this address is banned"), "{line:?}");
    let (out, status) = exec(v4, "warden", &admin, "admin unban addr ::2").await;
    assert_eq!(status, Some(0), "{out}");
    let (_, status) = exec(v6, "ivy", &k, "leaderboard").await;
    assert_eq!(status, Some(0), "unbanned");

    // Bad input: a clear message, exit 2, nothing banned.
    let (out, status) = exec(v4, "warden", &admin, "admin ban addr 127.0.0.1/33").await;
    assert_eq!(status, Some(2), "{out}");
    assert!(
        out.contains("the prefix is longer than the address"),
        "{out}"
    );
    let (out, status) = exec(v4, "warden", &admin, "admin ban addr ::ffff:127.0.0.1/64").await;
    assert_eq!(status, Some(2), "{out}");
    let (out, _) = exec(v4, "warden", &admin, "admin bans").await;
    assert_eq!(out, "no bans\n");

    // One address on purpose: ::2/128 leaves ::1 alone; ::1/128 does not.
    let (out, status) = exec(v4, "warden", &admin, "admin ban addr ::2/128").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(!first_line(v6).await.contains("banned"));
    let (out, status) = exec(v4, "warden", &admin, "admin ban addr ::1/128").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(first_line(v6).await.contains("this address is banned"));

    // An IPv4 prefix covers the IPv4 client however it arrives (the admin's own too).
    let (out, status) = exec(
        v4,
        "warden",
        &admin,
        "admin ban addr 127.0.0.0/8 all loopback",
    )
    .await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("banned addr 127.0.0.0/8"), "{out}");
    assert!(first_line(v4).await.contains("this address is banned"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_banned_by_key_or_nick_cannot_come_back_as_a_guest() {
    let admin = new_key();
    let server = start_server_with("ban-guest-block", |o| {
        o.ssh.admins = vec![fingerprint(&admin)];
    })
    .await;
    let addr = server.running.addr;
    let mk = new_key();
    let mallory = Term::connect(addr, Login::Key("mallory", &mk), 100, 30).await;
    mallory.wait_text("you are mallory", 10).await;
    let cmd = format!("admin ban key {} cheating", fingerprint(&mk));
    let (out, status) = exec(addr, "warden", &admin, &cmd).await;
    assert_eq!(status, Some(0), "{out}");
    closed_with(&mallory, 10).await;

    // Back as a guest from the same address: told until when, and closed.
    let guest = Term::connect(addr, Login::Guest, 200, 30).await;
    let raw = closed_with(&guest, 10).await;
    assert!(
        raw.contains("Guest logins from your address are closed until 20")
            && raw.contains("UTC: a player banned here last used it"),
        "{raw}"
    );
    assert!(!raw.contains("Open seeks"), "no lobby: {raw}");
    // Someone else's key from that address comes in.
    let other = Term::connect(addr, Login::Key("olive", &new_key()), 100, 30).await;
    other.wait_text("you are olive", 10).await;

    // Lifting the ban reopens guest logins.
    let cmd = format!("admin unban key {}", fingerprint(&mk));
    let (out, status) = exec(addr, "warden", &admin, &cmd).await;
    assert_eq!(status, Some(0), "{out}");
    let guest = Term::connect(addr, Login::Guest, 100, 30).await;
    guest.wait_text("you are guest", 10).await;

    // A nick ban of a player who is not online: where its key last logged in counts.
    let ck = new_key();
    let carol = Term::connect(addr, Login::Key("carol", &ck), 100, 30).await;
    carol.wait_text("you are carol", 10).await;
    carol.disconnect().await;
    let (out, status) = exec(addr, "warden", &admin, "admin ban nick carol").await;
    assert_eq!(status, Some(0), "{out}");
    let guest = Term::connect(addr, Login::Guest, 200, 30).await;
    let raw = closed_with(&guest, 10).await;
    assert!(
        raw.contains("Guest logins from your address are closed"),
        "{raw}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_ban_guest_block_off_a_players_ban_leaves_guests_alone() {
    let admin = new_key();
    let server = start_server_with("ban-guest-block-off", |o| {
        o.ssh.admins = vec![fingerprint(&admin)];
        o.ssh.ban_guest_block = Duration::ZERO;
    })
    .await;
    let addr = server.running.addr;
    let mk = new_key();
    let (_, status) = exec(addr, "mallory", &mk, "leaderboard").await;
    assert_eq!(status, Some(0));
    let cmd = format!("admin ban key {}", fingerprint(&mk));
    let (out, status) = exec(addr, "warden", &admin, &cmd).await;
    assert_eq!(status, Some(0), "{out}");
    let guest = Term::connect(addr, Login::Guest, 100, 30).await;
    guest.wait_text("you are guest", 10).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_chat_counts_every_guest_of_one_address_together() {
    let admin = new_key();
    let (server, v4, v6) = dual_stack("chat-per-block", &admin).await;
    let mut guests = Vec::new();
    for _ in 0..4 {
        let g = Term::connect(v4, Login::Guest, 200, 40).await;
        g.wait_text("you are guest", 10).await;
        guests.push(g);
    }
    // Sixteen lines, four from each guest: each within its own budget (five at once).
    let started = std::time::Instant::now();
    for round in 0..4 {
        for (i, g) in guests.iter().enumerate() {
            g.send(format!("tflood {i} {round}\r").as_bytes()).await;
        }
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let told = loop {
        let told = guests
            .iter()
            .any(|g| g.text().contains("too many messages from your address"));
        if told || tokio::time::Instant::now() > deadline {
            break told;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(told, "a sender is told; screens:\n{}", guests[3].text());
    let flood = |server: &common::TestServer| {
        server
            .running
            .lobby
            .snapshot()
            .chat
            .iter()
            .filter(|l| l.text.starts_with("flood"))
            .count()
    };
    // Ten at once and one a second (while the lines were sent, and until they were all
    // read: `told` above).
    let secs = started.elapsed().as_secs() as usize;
    // (The lobby publishes its changes a few times a second.)
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let shown = flood(&server);
    assert!(
        shown >= 10 && shown <= 11 + secs && shown < 16,
        "{shown} of 16 lines shown in {secs} s"
    );

    // Another address is not held up.
    let ok = Term::connect(v6, Login::Key("vic", &new_key()), 200, 40).await;
    ok.wait_text("you are vic", 10).await;
    ok.send(b"t").await;
    tokio::time::sleep(Duration::from_millis(30)).await;
    ok.send(b"from elsewhere").await;
    ok.send(b"\r").await;
    guests[0].wait_text("from elsewhere", 10).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guests_comeback_login_names_an_ipv4_address_plainly_on_a_dual_stack_listener() {
    let admin = new_key();
    let (_server, v4, _v6) = dual_stack("comeback-v4", &admin).await;
    let g = Term::connect(v4, Login::Guest, 160, 50).await;
    let text = g.wait_text("come back to your game with", 10).await;
    assert!(
        text.contains("@127.0.0.1") && !text.contains("::ffff"),
        "the comeback login names 127.0.0.1:\n{text}"
    );
}
