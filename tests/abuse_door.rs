//! Abuse at the door (issue 33): every connection has a job or goes (`channel_timeout`),
//! guests never take the slots of key holders (`max_guest_connections`), a command's
//! channel leaves the books when its output is sent however the close arrives, and a guest
//! comes back to its game whatever its client offers first. Over real SSH connections.

mod common;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use common::{new_key, start_server_with, Login, Term};
use russh::client;
use russh::keys::PrivateKeyWithHashAlg;
use russh::ChannelMsg;

/// A client that trusts any host key (the tests' own server).
struct Plain;

impl client::Handler for Plain {
    type Error = russh::Error;
    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// Connects from the loopback address `local` (any of 127.0.0.0/8 on Linux) to `addr`.
async fn connect_from(local: Ipv4Addr, addr: SocketAddr) -> client::Handle<Plain> {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(IpAddr::V4(local), 0))
        .expect("binds a loopback address");
    let stream = socket.connect(addr).await.expect("tcp connects");
    client::connect_stream(Arc::new(client::Config::default()), stream, Plain)
        .await
        .expect("ssh handshake")
}

async fn key_login(
    addr: SocketAddr,
    user: &str,
    key: &russh::keys::PrivateKey,
) -> client::Handle<Plain> {
    let mut h = connect_from(Ipv4Addr::LOCALHOST, addr).await;
    let res = h
        .authenticate_publickey(
            user,
            PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None),
        )
        .await
        .expect("auth runs");
    assert!(res.success(), "key accepted");
    h
}

/// What a guest login came to.
#[derive(Debug, PartialEq, Eq)]
enum GuestLogin {
    In,
    /// Refused, with the instructions the server sent.
    Refused(String),
}

async fn guest_login(h: &mut client::Handle<Plain>) -> GuestLogin {
    let res = h
        .authenticate_keyboard_interactive_start("anyone", None)
        .await
        .expect("auth runs");
    match res {
        client::KeyboardInteractiveAuthResponse::Success => GuestLogin::In,
        client::KeyboardInteractiveAuthResponse::InfoRequest { instructions, .. } => {
            // The answer (there is nothing to answer) is refused, or the server is gone.
            let answer = h.authenticate_keyboard_interactive_respond(vec![]).await;
            assert!(
                !matches!(answer, Ok(client::KeyboardInteractiveAuthResponse::Success)),
                "a guest over the cap is not let in"
            );
            GuestLogin::Refused(instructions)
        }
        client::KeyboardInteractiveAuthResponse::Failure { .. } => {
            GuestLogin::Refused(String::new())
        }
    }
}

/// Waits until `pred` holds (true) or `secs` pass (false).
async fn within(secs: f64, pred: impl Fn() -> bool) -> bool {
    let deadline = tokio::time::Instant::now() + Duration::from_secs_f64(secs);
    loop {
        if pred() {
            return true;
        }
        if tokio::time::Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Runs `command` on a new channel of `h` and reads until its exit status and end of
/// output; the channel is never closed by us (the server closes it; russh answers).
async fn exec_unclosed(h: &client::Handle<Plain>, command: &str) -> (String, Option<u32>) {
    let mut channel = h
        .channel_open_session()
        .await
        .expect("session channel opens");
    channel.exec(true, command).await.expect("exec");
    let mut out = Vec::new();
    let mut status = None;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let msg = tokio::time::timeout_at(deadline, channel.wait())
            .await
            .expect("the command finishes");
        match msg {
            Some(ChannelMsg::Data { data }) => out.extend_from_slice(&data),
            Some(ChannelMsg::ExitStatus { exit_status }) => status = Some(exit_status),
            Some(ChannelMsg::Eof) if status.is_some() => break,
            Some(ChannelMsg::Close) | None => break,
            _ => {}
        }
    }
    // Dropped without a close of ours (russh's `Channel` sends none when dropped).
    drop(channel);
    (String::from_utf8_lossy(&out).into_owned(), status)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_commands_over_one_connection_that_never_closes_then_a_shell() {
    let server = start_server_with("door-commands", |_| {}).await;
    let addr = server.running.addr;
    let key = new_key();
    let h = key_login(addr, "dora", &key).await;
    for i in 0..100 {
        let (out, status) = exec_unclosed(&h, "help").await;
        assert_eq!(status, Some(0), "command {i}: {out}");
        assert!(out.contains("leaderboard"), "command {i}: {out}");
    }
    // The same connection still opens a shell, which shows the lobby.
    let mut shell = h
        .channel_open_session()
        .await
        .expect("a shell channel opens after 100 commands");
    shell
        .request_pty(true, "xterm-256color", 100, 30, 0, 0, &[])
        .await
        .unwrap();
    shell.request_shell(true).await.unwrap();
    let nz = |n: u16| std::num::NonZeroU16::new(n).unwrap();
    let mut screen = vt100::Parser::new(nz(30), nz(100), 0);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let text = screen.screen().contents();
        if text.contains("Welcome to stratego-ssh") || text.contains("you are dora") {
            break;
        }
        match tokio::time::timeout_at(deadline, shell.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => screen.process(&data),
            Ok(Some(_)) => {}
            Ok(None) => panic!("the shell ended; it showed:\n{text}"),
            Err(_) => panic!("no lobby on the shell; it shows:\n{text}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_commands_over_one_multiplexed_openssh_connection() {
    if !common::have_openssh() {
        eprintln!("skipped: no OpenSSH client (ssh, ssh-keygen) on this machine");
        return;
    }
    let server = start_server_with("door-mux", |_| {}).await;
    let port = server.running.addr.port();
    let dir = server.dir.0.clone();
    let key = dir.join("id_ed25519");
    let made = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(&key)
        .status()
        .unwrap();
    assert!(made.success());
    let control = dir.join("cm");
    let ssh = move |extra: &[&str]| {
        let mut c = common::openssh(port, &key);
        c.args(["-o", "ControlMaster=auto", "-o", "ControlPersist=30", "-o"])
            .arg(format!("ControlPath={}", control.display()))
            .args(extra)
            .stdin(std::process::Stdio::null());
        c.output().expect("ssh runs")
    };
    let result = tokio::task::spawn_blocking(move || {
        let mut failures = Vec::new();
        for i in 0..100 {
            let out = ssh(&["muxer@127.0.0.1", "help"]);
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            if !out.status.success() || !text.contains("leaderboard") {
                failures.push(format!(
                    "command {i}: {:?} {text} {}",
                    out.status,
                    String::from_utf8_lossy(&out.stderr)
                ));
                break;
            }
        }
        // Ends the master connection.
        let _ = ssh(&["-O", "exit", "muxer@127.0.0.1"]);
        failures
    })
    .await
    .unwrap();
    assert!(result.is_empty(), "{result:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_comes_back_to_its_game_from_a_client_that_offers_a_key_first() {
    let server = start_server_with("door-comeback", |o| {
        o.lobby.game.reconnect_grace = Duration::from_secs(120);
    })
    .await;
    let addr = server.running.addr;
    let g = Term::connect(addr, Login::Guest, 160, 50).await;
    let lobby = g.wait_text("come back to your game with", 10).await;
    let flat = lobby.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("ssh -o PubkeyAuthentication=no -p "),
        "the comeback line turns keys off:\n{lobby}"
    );
    let login = flat
        .split_whitespace()
        .filter_map(|w| w.split('@').next())
        .find(|w| {
            w.starts_with("guest-") && stratego_ssh::guest::GuestPass::from_login(w).is_some()
        })
        .expect("the guest's login on its screen")
        .to_string();
    common::plays_the_computer(&g).await;
    g.disconnect().await;

    // Its client holds a key and offers it first: refused for this name, the guest gets in
    // with its pass and is back in its game.
    let key = new_key();
    let back = Term::connect(addr, Login::KeyRefusedThenGuest(&login, &key), 160, 50).await;
    back.wait_for("the game again", 10, |t| t.contains("you play"))
        .await;
    back.disconnect().await;
    // No account was made for the key.
    let made = server
        .running
        .store
        .users()
        .by_identity(&stratego_ssh::proto::PlayerId::Key(common::fingerprint(
            &key,
        )))
        .unwrap();
    assert!(made.is_none(), "no account for the key: {made:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_idle_guests_leaves_room_for_keys_and_is_gone_within_the_channel_timeout() {
    // Long enough for twenty handshakes on a busy machine, short enough for a test.
    const CHANNEL_TIMEOUT: f64 = 6.0;
    let server = start_server_with("door-flood", |o| {
        o.ssh.max_connections = 20;
        o.ssh.max_guest_connections = Some(10);
        o.ssh.channel_timeout = Duration::from_secs_f64(CHANNEL_TIMEOUT);
    })
    .await;
    let addr = server.running.addr;
    // Twenty guests from five addresses, all at once; none opens a channel.
    let mut tasks = Vec::new();
    for i in 0..20u8 {
        tasks.push(tokio::spawn(async move {
            let mut h = connect_from(Ipv4Addr::new(127, 0, 0, 2 + i % 5), addr).await;
            let got = guest_login(&mut h).await;
            (h, got)
        }));
    }
    let mut guests = Vec::new();
    let mut refused = Vec::new();
    for t in tasks {
        let (h, got) = t.await.unwrap();
        match got {
            GuestLogin::In => guests.push(h),
            GuestLogin::Refused(why) => refused.push((h, why)),
        }
    }
    assert_eq!(guests.len(), 10, "as many guests as the guest cap");
    assert_eq!(refused.len(), 10);
    for (_, why) in &refused {
        assert!(
            why.contains("server full for guests: connect with an SSH key"),
            "a refused guest is told why: {why:?}"
        );
    }
    // The refused ones are disconnected at once, and the server no longer counts them (a
    // client sees its socket closed a moment before the server's task for it ends).
    assert!(
        within(3.0, || refused.iter().all(|(h, _)| h.is_closed())).await,
        "refused guests are disconnected"
    );
    assert!(
        within(3.0, || server.running.stats().connections == guests.len()).await,
        "the server counts only the guests it let in: {:?}",
        server.running.stats()
    );

    // A key holder gets in and reaches the lobby while the guests still hold theirs.
    let key = new_key();
    let player = Term::connect(addr, Login::Key("keeper", &key), 100, 30).await;
    player.wait_text("you are keeper", 10).await;
    assert!(
        guests.iter().any(|h| !h.is_closed()),
        "the guests were still connected when the key holder came in"
    );

    // The idle guests are gone within the channel timeout; the player with a shell stays.
    assert!(
        within(CHANNEL_TIMEOUT + 2.0, || guests
            .iter()
            .all(|h| h.is_closed()))
        .await,
        "idle guests are disconnected within the channel timeout"
    );
    assert!(!player.is_closed(), "a connection running a shell stays");
    // And the guest slots are free again.
    let mut h = connect_from(Ipv4Addr::new(127, 0, 0, 2), addr).await;
    assert_eq!(guest_login(&mut h).await, GuestLogin::In);
}

/// A host who lowers `max_connections` and leaves the guests' share alone still keeps
/// room for key holders (issue 43): the share follows the maximum, three quarters of it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lowered_max_connections_still_keeps_room_for_key_holders() {
    let server = start_server_with("door-lowered", |o| o.ssh.max_connections = 8).await;
    let addr = server.running.addr;
    let mut guests = Vec::new();
    let mut refused = Vec::new();
    for i in 0..8u8 {
        let mut h = connect_from(Ipv4Addr::new(127, 0, 0, 2 + i % 4), addr).await;
        match guest_login(&mut h).await {
            GuestLogin::In => guests.push(h),
            GuestLogin::Refused(why) => {
                assert!(why.contains("server full for guests"), "{why:?}");
                refused.push(h);
            }
        }
    }
    assert_eq!(
        guests.len(),
        6,
        "three quarters of the 8 connections for guests"
    );
    assert!(
        within(3.0, || refused.iter().all(|h| h.is_closed())).await,
        "refused guests are disconnected"
    );
    let key = new_key();
    let player = Term::connect(addr, Login::Key("keeper", &key), 100, 30).await;
    player.wait_text("you are keeper", 10).await;
    assert!(
        guests.iter().all(|h| !h.is_closed()),
        "the guests are still in"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_whose_program_ended_goes_after_the_channel_timeout() {
    let server = start_server_with("door-after", |o| {
        o.ssh.channel_timeout = Duration::from_secs(2);
    })
    .await;
    let addr = server.running.addr;
    let key = new_key();
    let h = key_login(addr, "nomad", &key).await;
    // Commands keep it busy for longer than the timeout...
    let start = tokio::time::Instant::now();
    while start.elapsed() < Duration::from_secs(3) {
        let (_, status) = exec_unclosed(&h, "help").await;
        assert_eq!(status, Some(0));
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert!(!h.is_closed(), "a connection with commands coming stays");
    }
    // ... and once nothing runs, it goes.
    assert!(
        within(2.0 + 2.0, || h.is_closed()).await,
        "closed after the last command plus the channel timeout"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_terminal_left_without_a_key_pressed_is_told_why_it_is_closed() {
    let server = start_server_with("door-idle", |o| {
        o.ssh.idle_timeout = Duration::from_secs(2);
    })
    .await;
    let key = new_key();
    let t = Term::connect(server.running.addr, Login::Key("sleepy", &key), 80, 24).await;
    t.wait_text("sleepy", 10).await;
    assert!(
        within(8.0, || t.is_closed()).await,
        "closed after the idle timeout"
    );
    let raw = String::from_utf8_lossy(&t.raw()).into_owned();
    assert!(
        raw.contains("Disconnected: no key pressed for 2s"),
        "the last words say why: {:?}",
        raw.chars().rev().take(300).collect::<String>()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_opens_a_bounded_number_of_channels_over_its_life_then_goes() {
    // Every channel whose close the server sends first costs russh a few KiB until the
    // connection ends: a client looping commands over one connection is cut off after
    // 256, and, nothing running any more, the connection goes after the channel timeout.
    let server = start_server_with("door-lifetime", |o| {
        o.ssh.channel_timeout = Duration::from_secs(2);
    })
    .await;
    let key = new_key();
    let h = key_login(server.running.addr, "loopy", &key).await;
    for i in 0..256 {
        let (out, status) = exec_unclosed(&h, "help").await;
        assert_eq!(status, Some(0), "command {i}: {out}");
    }
    assert!(
        h.channel_open_session().await.is_err(),
        "the 257th channel is refused"
    );
    assert!(
        within(2.0 + 3.0, || h.is_closed()).await,
        "the connection goes after the channel timeout"
    );
}

/// Issue 44: the browser board's guests and SSH's share one `max_guest_connections`: with
/// one seat, an SSH guest keeps a browser guest's socket out (503, saying so) and the other
/// way round; a seat given back is taken by the next guest. A key holder is never counted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_and_ssh_guests_share_the_guests_seats() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;

    let (server, web) = common::web::web_server("door-web-guests", |o| {
        o.ssh.max_guest_connections = Some(1);
    })
    .await;
    let ssh = server.running.addr;
    let origin = format!("http://{web}");
    // A browser guest's session (no seat yet: the socket takes one).
    let mut s = tokio::net::TcpStream::connect(web).await.unwrap();
    let req = format!(
        "POST /play/guest HTTP/1.1\r\nHost: {web}\r\nOrigin: {origin}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).await.unwrap();
    let cookie = raw
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("set-cookie")
                .then(|| v.trim().split(';').next().unwrap().to_string())
        })
        .expect("a guest cookie");
    let socket = || {
        let (origin, cookie) = (origin.clone(), cookie.clone());
        async move {
            let mut req = format!("ws://{web}/play/ws").into_client_request().unwrap();
            req.headers_mut().insert("Origin", origin.parse().unwrap());
            req.headers_mut().insert("Cookie", cookie.parse().unwrap());
            match tokio_tungstenite::connect_async(req).await {
                Ok((s, _)) => Ok(s),
                Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => {
                    let body =
                        String::from_utf8_lossy(resp.body().as_deref().unwrap_or(&[])).to_string();
                    Err((resp.status().as_u16(), body))
                }
                Err(e) => panic!("{e}"),
            }
        }
    };

    // An SSH guest holds the one seat: the browser guest's socket is refused, saying why.
    let mut first = connect_from(Ipv4Addr::LOCALHOST, ssh).await;
    assert_eq!(guest_login(&mut first).await, GuestLogin::In);
    let refused = socket().await.map(|_| ()).unwrap_err();
    assert_eq!(refused.0, 503, "{refused:?}");
    assert!(refused.1.contains("Server full for guests"), "{refused:?}");
    // A key holder is not a guest: in, whatever the guests hold.
    let key = new_key();
    let _kept = key_login(ssh, "kim", &key).await;

    // The SSH guest goes: the browser guest gets the seat, and then an SSH guest is refused.
    drop(first);
    let mut ws = None;
    for _ in 0..50 {
        if let Ok(s) = socket().await {
            ws = Some(s);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let ws = ws.expect("the seat given back goes to the browser guest");
    let mut second = connect_from(Ipv4Addr::LOCALHOST, ssh).await;
    match guest_login(&mut second).await {
        GuestLogin::Refused(why) => assert!(why.contains("server full for guests"), "{why:?}"),
        GuestLogin::In => panic!("a second guest while the browser guest holds the seat"),
    }
    // The socket closes: an SSH guest comes in again.
    drop(ws);
    let mut again = false;
    for _ in 0..50 {
        let mut h = connect_from(Ipv4Addr::LOCALHOST, ssh).await;
        if guest_login(&mut h).await == GuestLogin::In {
            again = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(again, "the socket's seat is given back when it closes");
}
