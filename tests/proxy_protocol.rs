//! Behind a TCP balancer (issue 46): with `proxy_protocol` on, the SSH and web listeners
//! read the PROXY header the balancer puts before each connection and count the client's
//! address it names, so a ban holds against the person, not the balancer; a client that
//! reaches the port without a header is closed. The balancer here is a relay on this
//! machine that prepends a version 2 header (HAProxy's `send-proxy-v2`) or a version 1
//! line (nginx stream's `proxy_protocol on`), as the test says.

mod common;

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use common::{exec, fingerprint, new_key, start_server_with};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};

/// A balancer in front of `to` that says every connection through it comes from `client`
/// (port 40000), with a version 2 header or, `v1`, a version 1 line.
async fn balancer(to: SocketAddr, client: IpAddr, v1: bool) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut c, _)) = listener.accept().await {
            tokio::spawn(async move {
                let Ok(mut s) = tokio::net::TcpStream::connect(to).await else {
                    return;
                };
                let from = SocketAddr::new(client, 40000);
                let header = if v1 {
                    let family = if client.is_ipv4() { "TCP4" } else { "TCP6" };
                    format!(
                        "PROXY {family} {client} {} 40000 {}\r\n",
                        to.ip(),
                        to.port()
                    )
                    .into_bytes()
                } else {
                    stratego_ssh::proxy::v2_header(from, to)
                };
                if s.write_all(&header).await.is_err() {
                    return;
                }
                let _ = tokio::io::copy_bidirectional(&mut c, &mut s).await;
            });
        }
    });
    addr
}

/// The first line a new connection through `addr` gets (its SSH identification, or the one
/// line of a refusal before the handshake).
async fn first_line(addr: SocketAddr) -> String {
    let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut reader = tokio::io::BufReader::new(stream);
    let mut line = String::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), reader.read_line(&mut line)).await;
    line
}

/// Whether a client that speaks first (`hello`) straight to `addr` is closed without a word
/// within 5 s.
async fn closed_unanswered(addr: SocketAddr, hello: &[u8]) -> bool {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(hello).await.unwrap();
    let mut got = Vec::new();
    // Closed: the end of the stream, or a reset (the server did not read all that was sent).
    let read = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut got)).await;
    read.is_ok() && got.is_empty()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_ssh_a_ban_holds_against_the_address_the_balancer_names_not_the_balancer() {
    let admin = new_key();
    let fp = fingerprint(&admin);
    let server = start_server_with("proxy-ssh", |o| {
        o.proxy_protocol = true;
        o.ssh.admins = vec![fp];
    })
    .await;
    let addr = server.running.addr;
    let (mallory, alice, warden) = (
        "203.0.113.7".parse().unwrap(),
        "198.51.100.9".parse().unwrap(),
        "2001:db8::20".parse().unwrap(),
    );
    let via_mallory = balancer(addr, mallory, false).await;
    let via_alice = balancer(addr, alice, true).await;
    let via_warden = balancer(addr, warden, false).await;

    // A client straight to the port (no header) is closed before any SSH.
    assert!(closed_unanswered(addr, b"SSH-2.0-OpenSSH_9.6\r\n").await);
    // Through the balancer, both header versions, people play.
    let mk = new_key();
    let (out, status) = exec(via_mallory, "mallory", &mk, "leaderboard").await;
    assert_eq!(status, Some(0), "{out}");
    let ak = new_key();
    let (out, status) = exec(via_alice, "alice", &ak, "leaderboard").await;
    assert_eq!(status, Some(0), "{out}");

    // The admin bans the address mallory came from: every connection comes from the
    // balancer (127.0.0.1), but only mallory's are refused.
    let (out, status) = exec(
        via_warden,
        "warden",
        &admin,
        "admin ban addr 203.0.113.7 go",
    )
    .await;
    assert_eq!(status, Some(0), "{out}");
    let line = first_line(via_mallory).await;
    assert!(line.contains("this address is banned"), "{line:?}");
    let line = first_line(via_alice).await;
    assert!(line.starts_with("SSH-2.0-"), "{line:?}");
    assert!(!line.contains("banned"), "{line:?}");
    let (out, status) = exec(via_alice, "alice", &ak, "leaderboard").await;
    assert_eq!(status, Some(0), "{out}");
    // A ban of the balancer's own address would have shut everyone out: it is not hit.
    let (out, _) = exec(via_warden, "warden", &admin, "admin bans").await;
    assert!(out.contains("addr:203.0.113.7\tgo"), "{out}");
    assert!(!out.contains("127.0.0.1"), "{out}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_web_takes_both_header_versions_and_closes_a_client_without_one() {
    let server = start_server_with("proxy-web", |o| {
        o.proxy_protocol = true;
        o.http_listen = "127.0.0.1:0".into();
    })
    .await;
    let http = server.running.http_addr.expect("the web is served");
    let get = b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    assert!(closed_unanswered(http, get).await, "no header: closed");
    for v1 in [false, true] {
        let via = balancer(http, "192.0.2.44".parse().unwrap(), v1).await;
        let mut s = tokio::net::TcpStream::connect(via).await.unwrap();
        s.write_all(get).await.unwrap();
        let mut got = Vec::new();
        tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut got))
            .await
            .expect("answered")
            .unwrap();
        let text = String::from_utf8_lossy(&got);
        assert!(text.starts_with("HTTP/1.1 200"), "v1 {v1}: {text}");
    }
}
