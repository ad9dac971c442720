//! A line-mode client: `ssh host play` (or another command) over an exec channel, with no
//! PTY unless asked. Everything the server sends is kept (the raw bytes, and the lines cut
//! at CRLF) by a task that reads all the time, so the server never waits on this client
//! while the test drives the others; the test reads the lines in order with [`LineClient::until`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use russh::client;
use russh::ChannelMsg;

use super::{connect_as, Client, Login};

#[derive(Default)]
struct Received {
    raw: Vec<u8>,
    /// Bytes not yet ended by CRLF.
    partial: Vec<u8>,
    lines: Vec<String>,
    exit: Option<u32>,
    closed: bool,
}

pub struct LineClient {
    handle: client::Handle<Client>,
    writer: russh::ChannelWriteHalf<client::Msg>,
    got: Arc<Mutex<Received>>,
    /// How many of the lines [`until`](Self::until) has read.
    read: usize,
}

impl LineClient {
    /// Connects, runs `command` (no PTY), and starts reading.
    pub async fn open(addr: std::net::SocketAddr, login: Login<'_>, command: &str) -> LineClient {
        Self::open_with(addr, login, command, false).await
    }

    /// As [`open`](Self::open), with an 80x24 `xterm-256color` PTY asked for first when
    /// `pty` (as `ssh -t host play` does).
    pub async fn open_with(
        addr: std::net::SocketAddr,
        login: Login<'_>,
        command: &str,
        pty: bool,
    ) -> LineClient {
        let (handle, _) = connect_as(addr, login).await;
        let channel = handle.channel_open_session().await.expect("session");
        if pty {
            channel
                .request_pty(true, "xterm-256color", 80, 24, 0, 0, &[])
                .await
                .expect("pty");
        }
        channel.exec(true, command).await.expect("exec");
        let (mut read, writer) = channel.split();
        let got = Arc::new(Mutex::new(Received::default()));
        {
            let got = got.clone();
            tokio::spawn(async move {
                while let Some(msg) = read.wait().await {
                    let mut g = got.lock().unwrap();
                    match msg {
                        ChannelMsg::Data { data } => {
                            g.raw.extend_from_slice(&data);
                            g.partial.extend_from_slice(&data);
                            while let Some(i) = g.partial.windows(2).position(|w| w == b"\r\n") {
                                let line: Vec<u8> = g.partial.drain(..i + 2).take(i).collect();
                                let line = String::from_utf8(line).expect("UTF-8 lines");
                                g.lines.push(line);
                            }
                        }
                        ChannelMsg::ExitStatus { exit_status } => g.exit = Some(exit_status),
                        ChannelMsg::Eof | ChannelMsg::Close => {
                            g.closed = true;
                            break;
                        }
                        _ => {}
                    }
                }
                got.lock().unwrap().closed = true;
            });
        }
        LineClient {
            handle,
            writer,
            got,
            read: 0,
        }
    }

    /// Types a line (ended by a newline, as a script or `ssh host play` from a shell does).
    pub async fn send(&self, line: &str) {
        self.writer
            .data_bytes(format!("{line}\n").into_bytes())
            .await
            .expect("sent");
    }

    /// Sends bytes as they are (keys typed on a terminal: no newline added).
    pub async fn send_raw(&self, bytes: &[u8]) {
        self.writer.data_bytes(bytes.to_vec()).await.expect("sent");
    }

    /// Reads on until a line `pred` accepts; every line read up to it (it included). Panics
    /// with the lines read after `secs`, or when the channel closes first.
    pub async fn until(
        &mut self,
        what: &str,
        secs: u64,
        pred: impl Fn(&str) -> bool,
    ) -> Vec<String> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        let mut seen = vec![];
        loop {
            let (fresh, closed) = {
                let g = self.got.lock().unwrap();
                (g.lines[self.read..].to_vec(), g.closed)
            };
            for l in fresh {
                self.read += 1;
                let hit = pred(&l);
                seen.push(l);
                if hit {
                    return seen;
                }
            }
            assert!(!closed, "closed before {what}; the lines read: {seen:?}");
            assert!(
                tokio::time::Instant::now() < deadline,
                "no {what} in {secs} s; the lines read: {seen:?}"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Reads on until a line containing `needle`.
    pub async fn until_has(&mut self, needle: &str, secs: u64) -> Vec<String> {
        self.until(&format!("'{needle}'"), secs, |l| l.contains(needle))
            .await
    }

    /// Every byte received so far.
    pub fn raw(&self) -> Vec<u8> {
        self.got.lock().unwrap().raw.clone()
    }

    /// Every whole line received so far (read or not).
    pub fn lines(&self) -> Vec<String> {
        self.got.lock().unwrap().lines.clone()
    }

    pub fn exit_status(&self) -> Option<u32> {
        self.got.lock().unwrap().exit
    }

    pub fn is_closed(&self) -> bool {
        self.got.lock().unwrap().closed
    }

    /// Waits (up to `secs`) for the server to close the channel; whether it did.
    pub async fn wait_closed(&self, secs: u64) -> bool {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        while !self.is_closed() && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        self.is_closed()
    }

    pub async fn disconnect(self) {
        let _ = self
            .handle
            .disconnect(russh::Disconnect::ByApplication, "bye", "en")
            .await;
    }
}

/// The ranks' names in English.
pub const RANKS: [&str; 12] = [
    "Marshal",
    "General",
    "Colonel",
    "Major",
    "Captain",
    "Lieutenant",
    "Sergeant",
    "Miner",
    "Scout",
    "Spy",
    "Bomb",
    "Flag",
];

/// What `board` told: own pieces by square (rank name), every occupied square.
pub fn read_board(lines: &[String]) -> (HashMap<String, String>, Vec<String>) {
    let mut own = HashMap::new();
    let mut occupied = vec![];
    for l in lines.iter().filter(|l| l.starts_with("Row ")) {
        let (_, rest) = l.split_once(": ").unwrap();
        if rest == "empty" {
            continue;
        }
        for item in rest.split("; ") {
            let (sq, what) = item.split_once(' ').unwrap();
            occupied.push(sq.to_string());
            if !what.starts_with("enemy") {
                own.insert(sq.to_string(), what.to_string());
            }
        }
    }
    (own, occupied)
}

fn square(file: u8, row: i32) -> Option<String> {
    ((1..=10).contains(&row) && file < 10).then(|| format!("{}{}", (b'A' + file) as char, row))
}

fn is_lake(sq: &str) -> bool {
    matches!(sq, "C5" | "D5" | "G5" | "H5" | "C6" | "D6" | "G6" | "H6")
}

/// The moves worth trying from what `board` said: forward ones first (`forward` is +1 for
/// Red, -1 for Blue, to meet the other army), in an order that changes with the turn.
pub fn candidates(board: &[String], forward: i32, turn: usize) -> Vec<(String, String)> {
    let (own, _) = read_board(board);
    let mut froms: Vec<&String> = own
        .iter()
        .filter(|(_, r)| r.as_str() != "Bomb" && r.as_str() != "Flag")
        .map(|(s, _)| s)
        .collect();
    froms.sort();
    let n = froms.len().max(1);
    froms.rotate_left((turn * 7) % n);
    let mut out = vec![];
    for dir in [(0, forward), (1, 0), (-1, 0), (0, -forward)] {
        for from in &froms {
            let f = from.as_bytes()[0] - b'A';
            let r: i32 = from[1..].parse().unwrap();
            let Some(to) = square((f as i32 + dir.0) as u8, r + dir.1) else {
                continue;
            };
            if is_lake(&to) || own.contains_key(&to) {
                continue;
            }
            out.push((from.to_string(), to));
        }
    }
    out
}
