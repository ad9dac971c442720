//! The SSH front end: host key, no-PTY connections, limits.

mod common;

use std::time::Duration;

use common::{new_key, start_server, start_server_with, Login, Term};

#[tokio::test]
async fn host_key_is_created_private_and_reused_across_restarts() {
    let server = start_server("hostkey").await;
    let keys_dir = server.dir.0.join("keys");
    let path = keys_dir.join("ssh_host_ed25519_key");
    assert!(path.exists(), "host key written on first start");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "host key readable by the owner only");
        let dir_mode = std::fs::metadata(&keys_dir).unwrap().permissions().mode() & 0o777;
        assert_eq!(dir_mode, 0o700, "the key directory is the owner's only");
    }
    let key = new_key();
    let first = Term::connect(server.running.addr, Login::Key("alice", &key), 80, 24).await;
    let fp1 = first.server_key.clone();
    first.disconnect().await;
    server.running.stop().await;

    // Same directory again: the same key must be presented.
    let dir = server.dir.0.clone();
    let again = start_server_with("hostkey2", |o| {
        o.keys_dir = dir.join("keys");
    })
    .await;
    let second = Term::connect(again.running.addr, Login::Key("alice", &key), 80, 24).await;
    assert!(!fp1.is_empty());
    assert_eq!(
        second.server_key, fp1,
        "returning players see the same host key"
    );
}

#[tokio::test]
async fn a_connection_without_a_pty_gets_a_plain_message() {
    let server = start_server("nopty").await;
    let key = new_key();
    let term = Term::connect_pty(server.running.addr, Login::Key("bob", &key), None).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !term.is_closed() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let raw = String::from_utf8_lossy(&term.raw()).to_string();
    assert!(raw.contains("needs a terminal"), "got: {raw:?}");
    assert!(raw.contains("ssh -t"), "says how to connect: {raw:?}");
    // With this server's real port and address, not a placeholder.
    let port = server.running.addr.port();
    assert!(
        raw.contains(&format!("ssh -t -p {port} 127.0.0.1")),
        "the real port and host: {raw:?}"
    );
    let (help, status) = common::exec(server.running.addr, "bob", &key, "help").await;
    assert_eq!(status, Some(0));
    assert!(
        help.contains(&format!("ssh -t -p {port} 127.0.0.1")) && !help.contains("PORT HOST"),
        "{help}"
    );
    assert!(
        !raw.contains("\x1b["),
        "plain text, no escape sequences: {raw:?}"
    );
    assert!(term.is_closed(), "the channel is closed afterwards");
}

#[tokio::test]
async fn connections_over_the_per_address_limit_are_refused_before_the_handshake() {
    let server = start_server_with("limit", |o| o.ssh.max_per_address = 2).await;
    let key = new_key();
    let _a = Term::connect(server.running.addr, Login::Key("p1", &key), 80, 24).await;
    let _b = Term::connect(server.running.addr, Login::Key("p2", &key), 80, 24).await;
    // The third one gets a one-line refusal instead of an SSH handshake.
    let mut s = tokio::net::TcpStream::connect(server.running.addr)
        .await
        .unwrap();
    let mut buf = vec![0u8; 256];
    use tokio::io::AsyncReadExt;
    let n = tokio::time::timeout(Duration::from_secs(5), s.read(&mut buf))
        .await
        .unwrap()
        .unwrap();
    let line = String::from_utf8_lossy(&buf[..n]);
    assert!(line.contains("too many connections"), "got {line:?}");
}

#[cfg(unix)]
#[tokio::test]
async fn a_host_key_others_can_read_stops_the_start_with_the_fix() {
    use std::os::unix::fs::PermissionsExt;
    let server = start_server("hostkey-open").await;
    let dir = server.dir.0.clone();
    server.running.stop().await;
    let path = dir.join("keys").join("ssh_host_ed25519_key");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let opts = stratego_ssh::server::ServerOptions {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.join("data"),
        keys_dir: dir.join("keys"),
        ..Default::default()
    };
    let err = match stratego_ssh::server::start(opts).await {
        Ok(_) => panic!("a key readable by others must stop the start"),
        Err(e) => format!("{e:#}"),
    };
    assert!(
        err.contains("can be read by others") && err.contains("chmod 600"),
        "{err}"
    );
}
