//! The browser board's socket (`/play/ws`) as a test client: a guest session
//! (`POST /play/guest`), the socket with this site's Origin, and its JSON messages.

#![allow(dead_code)]

use std::net::SocketAddr;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

use super::web::WAIT;

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// `POST /play/guest` from this site: the guest cookie (`name=value`).
pub async fn guest_cookie(addr: SocketAddr) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "POST /play/guest HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://{addr}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(WAIT, s.read_to_end(&mut raw))
        .await
        .expect("an answer in time")
        .unwrap();
    let text = String::from_utf8_lossy(&raw).to_string();
    text.lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("set-cookie")
                .then(|| v.trim().split(';').next().unwrap().to_string())
        })
        .unwrap_or_else(|| panic!("a guest cookie: {text}"))
}

/// One socket of the board, every message it received kept (as text).
pub struct Board {
    pub socket: Socket,
    pub log: Vec<String>,
    /// The nick the server said in its `hello`.
    pub nick: String,
}

impl Board {
    /// A new guest's socket, past its `hello`.
    pub async fn guest(addr: SocketAddr) -> Board {
        let cookie = guest_cookie(addr).await;
        Board::open(addr, &cookie).await
    }

    /// The socket of the session `cookie` names, past its `hello`.
    pub async fn open(addr: SocketAddr, cookie: &str) -> Board {
        let mut req = format!("ws://{addr}/play/ws")
            .into_client_request()
            .unwrap();
        req.headers_mut()
            .insert("Origin", format!("http://{addr}").parse().unwrap());
        req.headers_mut().insert("Cookie", cookie.parse().unwrap());
        let (socket, _) = tokio_tungstenite::connect_async(req)
            .await
            .expect("the socket opens");
        let mut b = Board {
            socket,
            log: vec![],
            nick: String::new(),
        };
        let hello = b.until("hello", |_| true).await;
        b.nick = hello["nick"].as_str().unwrap().to_string();
        b
    }

    pub async fn send(&mut self, v: Value) {
        let mut v = v;
        v["v"] = 1.into();
        self.socket
            .send(Message::text(v.to_string()))
            .await
            .unwrap();
    }

    /// The next message (JSON), within the test's wait.
    pub async fn next(&mut self) -> Value {
        loop {
            let msg = tokio::time::timeout(WAIT, self.socket.next())
                .await
                .expect("a message in time")
                .expect("the socket is open")
                .expect("a message");
            if let Message::Text(t) = msg {
                self.log.push(t.to_string());
                return serde_json::from_str(&t).expect("JSON");
            }
        }
    }

    /// Reads messages until one of kind `t` for which `pred` holds.
    pub async fn until(&mut self, t: &str, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next().await;
            if v["t"] == t && pred(&v) {
                return v;
            }
        }
    }

    /// Whether a message of kind `t` for which `pred` holds comes within `secs`.
    pub async fn comes(&mut self, secs: f64, t: &str, pred: impl Fn(&Value) -> bool) -> bool {
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs_f64(secs);
        loop {
            let Ok(msg) = tokio::time::timeout_at(deadline, self.socket.next()).await else {
                return false;
            };
            let Some(Ok(Message::Text(t2))) = msg else {
                continue;
            };
            self.log.push(t2.to_string());
            let v: Value = serde_json::from_str(&t2).expect("JSON");
            if v["t"] == t && pred(&v) {
                return true;
            }
        }
    }
}
