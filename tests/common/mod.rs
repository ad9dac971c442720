//! End-to-end helpers: start the server in-process on a free port, connect real SSH clients
//! (russh) with PTYs, and read what each client's terminal shows through `vt100`.

#![allow(dead_code)]

use std::num::NonZeroU16;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use russh::client;
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg};
use russh::ChannelMsg;
use stratego_ssh::server::{self, Running, ServerOptions};

pub mod bin_server;
pub mod board;
pub mod line;
pub mod lobby_client;

pub mod play;
/// The load generator's screen readers (standard library only), shared with it: the tests
/// play through the screens the way it does.
#[path = "../../tools/src/loadgen/read.rs"]
pub mod read;
pub mod tournament;
pub mod web;

pub struct TestServer {
    pub running: Running,
    pub dir: tempdir::Dir,
}

pub mod tempdir {
    /// A directory removed when dropped.
    pub struct Dir(pub std::path::PathBuf);
    impl Dir {
        pub fn new(tag: &str) -> Dir {
            let p = std::env::temp_dir().join(format!(
                "stratego-test-{tag}-{}-{}",
                std::process::id(),
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_nanos()
            ));
            std::fs::create_dir_all(&p).unwrap();
            Dir(p)
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

pub async fn start_server(tag: &str) -> TestServer {
    start_server_with(tag, |_| {}).await
}

pub async fn start_server_with(tag: &str, f: impl FnOnce(&mut ServerOptions)) -> TestServer {
    let dir = tempdir::Dir::new(tag);
    let mut opts = test_options(&dir);
    f(&mut opts);
    let running = server::start(opts).await.expect("server starts");
    TestServer { running, dir }
}

/// The test server stopped and started again on the same data directory and keys, with
/// the options [`start_server`] gives.
pub async fn restart_server(srv: TestServer) -> TestServer {
    let TestServer { running, dir } = srv;
    running.stop().await;
    let running = server::start(test_options(&dir)).await.expect("restarts");
    TestServer { running, dir }
}

/// A test server's options on `dir`: loopback port 0, no web pages, the budgets wide.
fn test_options(dir: &tempdir::Dir) -> ServerOptions {
    let mut opts = ServerOptions {
        listen: "127.0.0.1:0".into(),
        // No web pages unless a test asks for them (then on port 0, never 8080).
        http_listen: "off".into(),
        data_dir: dir.0.join("data"),
        keys_dir: dir.0.join("keys"),
        ..ServerOptions::default()
    };
    opts.lobby.bot_delay = Duration::from_millis(10);
    // Tests connect from one address many times a minute; the test of this limit sets it.
    opts.ssh.connects_per_minute = 100_000;
    opts.ssh.commands_per_minute = 100_000;
    opts
}

struct Client {
    server_key: Arc<Mutex<Option<String>>>,
}

impl client::Handler for Client {
    type Error = russh::Error;
    async fn check_server_key(
        &mut self,
        key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        if let russh::keys::PublicKeyOrCertificate::PublicKey { key, .. } = key {
            *self.server_key.lock().unwrap() =
                Some(key.fingerprint(russh::keys::HashAlg::Sha256).to_string());
        }
        Ok(true)
    }
}

pub fn new_key() -> PrivateKey {
    PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap()
}

/// Connects and authenticates; returns the handle and the host key's fingerprint seen.
async fn connect_as(
    addr: std::net::SocketAddr,
    login: Login<'_>,
) -> (client::Handle<Client>, Arc<Mutex<Option<String>>>) {
    let config = Arc::new(client::Config::default());
    let server_key = Arc::new(Mutex::new(None));
    let mut handle = client::connect(
        config,
        addr,
        Client {
            server_key: server_key.clone(),
        },
    )
    .await
    .expect("connects");
    match login {
        Login::Key(user, key) => {
            let hash = handle
                .best_supported_rsa_hash()
                .await
                .ok()
                .flatten()
                .flatten();
            let res = handle
                .authenticate_publickey(
                    user,
                    PrivateKeyWithHashAlg::new(Arc::new(key.clone()), hash),
                )
                .await
                .expect("auth runs");
            assert!(res.success(), "key authentication accepted");
        }
        Login::KeyRefusedThenGuest(user, key) => {
            // A client with a key offers it first; the server must refuse it for this name.
            let res = handle
                .authenticate_publickey(
                    user,
                    PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None),
                )
                .await
                .expect("auth runs");
            assert!(!res.success(), "the key is refused for {user}");
            let res = handle
                .authenticate_keyboard_interactive_start(user, None)
                .await
                .expect("auth runs");
            assert!(
                matches!(res, client::KeyboardInteractiveAuthResponse::Success),
                "guest accepted after the key"
            );
        }
        Login::Guest | Login::GuestAs(_) => {
            let user = match login {
                Login::GuestAs(user) => user,
                _ => "anyone",
            };
            let res = handle
                .authenticate_keyboard_interactive_start(user, None)
                .await
                .expect("auth runs");
            assert!(
                matches!(res, client::KeyboardInteractiveAuthResponse::Success),
                "guest accepted"
            );
        }
    }
    (handle, server_key)
}

/// A connected terminal.
pub struct Term {
    /// SHA-256 fingerprint of the host key the server presented.
    pub server_key: String,
    handle: client::Handle<Client>,
    writer: russh::ChannelWriteHalf<client::Msg>,
    screen: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Vec<u8>>>,
    /// Data messages received (the server sends a frame as one).
    packets: Arc<std::sync::atomic::AtomicUsize>,
    closed: Arc<std::sync::atomic::AtomicBool>,
}

fn nz(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).unwrap()
}

pub enum Login<'a> {
    Key(&'a str, &'a PrivateKey),
    Guest,
    /// A guest logging in with this user name (e.g. `guest-1234-TOKEN` to come back).
    GuestAs(&'a str),
    /// A client holding a key: offers it for this user name first (it must be refused),
    /// then logs in as a guest with the name (keyboard-interactive).
    KeyRefusedThenGuest(&'a str, &'a PrivateKey),
}

impl Term {
    pub async fn connect(
        addr: std::net::SocketAddr,
        login: Login<'_>,
        cols: u16,
        rows: u16,
    ) -> Term {
        Self::connect_pty(addr, login, Some((cols, rows))).await
    }

    /// Connects; a key's first login keeps the offered name on the welcome card (tests of
    /// the card itself use [`Term::connect_env`], which does not).
    pub async fn connect_pty(
        addr: std::net::SocketAddr,
        login: Login<'_>,
        pty: Option<(u16, u16)>,
    ) -> Term {
        // A guest is welcomed by a card of its own too (Enter closes it).
        let key = matches!(login, Login::Key(..) | Login::Guest);
        let term = Self::connect_env(addr, login, pty, "xterm-256color", &[]).await;
        if key && pty.is_some() {
            term.keep_offered_name().await;
        }
        term
    }

    /// On a key's first login the server offers a welcome card to choose the name: keep
    /// the one offered (Enter). Returns once the lobby (or a game) is shown.
    pub async fn keep_offered_name(&self) {
        let shown = self
            .wait_for("the first screen", 10, |t| {
                t.contains("Welcome to stratego-ssh")
                    || t.contains("you are ")
                    || t.contains("you play")
                    || t.contains("watching")
                    || t.contains("banned")
                    || self.is_closed()
            })
            .await;
        if shown.contains("Welcome to stratego-ssh") {
            self.send(b"\r").await;
            self.wait_for("the welcome card to close", 10, |t| {
                !t.contains("Welcome to stratego-ssh")
            })
            .await;
        }
    }

    /// With a TERM and environment variables sent before the shell (as `ssh -o SetEnv`).
    pub async fn connect_env(
        addr: std::net::SocketAddr,
        login: Login<'_>,
        pty: Option<(u16, u16)>,
        term: &str,
        env: &[(&str, &str)],
    ) -> Term {
        let (handle, server_key) = connect_as(addr, login).await;
        let channel = handle.channel_open_session().await.expect("session");
        let (cols, rows) = pty.unwrap_or((80, 24));
        for (k, v) in env {
            channel.set_env(true, *k, *v).await.expect("env");
        }
        if pty.is_some() {
            channel
                .request_pty(true, term, cols as u32, rows as u32, 0, 0, &[])
                .await
                .expect("pty");
        }
        channel.request_shell(true).await.expect("shell");
        let (mut read, writer) = channel.split();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(nz(rows), nz(cols), 0)));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let closed = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let packets = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        {
            let screen = screen.clone();
            let raw = raw.clone();
            let closed = closed.clone();
            let packets = packets.clone();
            tokio::spawn(async move {
                while let Some(msg) = read.wait().await {
                    match msg {
                        ChannelMsg::Data { data } => {
                            packets.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                            screen.lock().unwrap().process(&data);
                            raw.lock().unwrap().extend_from_slice(&data);
                        }
                        ChannelMsg::Close | ChannelMsg::Eof => break,
                        _ => {}
                    }
                }
                closed.store(true, std::sync::atomic::Ordering::SeqCst);
            });
        }
        let server_key = server_key.lock().unwrap().clone().unwrap_or_default();
        Term {
            server_key,
            handle,
            writer,
            screen,
            raw,
            packets,
            closed,
        }
    }

    pub async fn send(&self, bytes: &[u8]) {
        self.writer.data_bytes(bytes.to_vec()).await.expect("send");
    }

    /// Sends unless the connection is gone; whether it was sent.
    pub async fn try_send(&self, bytes: &[u8]) -> bool {
        self.writer.data_bytes(bytes.to_vec()).await.is_ok()
    }

    /// Types text one key at a time, as a person would.
    pub async fn type_str(&self, s: &str) {
        for c in s.chars() {
            let mut b = [0u8; 4];
            self.send(c.encode_utf8(&mut b).as_bytes()).await;
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    pub async fn resize(&self, cols: u16, rows: u16) {
        self.screen.lock().unwrap().set_size(nz(rows), nz(cols));
        self.writer
            .window_change(cols as u32, rows as u32, 0, 0)
            .await
            .expect("resize");
    }

    pub fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    pub fn raw(&self) -> Vec<u8> {
        self.raw.lock().unwrap().clone()
    }

    /// Data messages received so far (each frame the server sends is one, unless larger
    /// than the channel's packet size).
    pub fn packets(&self) -> usize {
        self.packets.load(std::sync::atomic::Ordering::SeqCst)
    }

    pub fn is_closed(&self) -> bool {
        self.closed.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// The vt100 screen, for cell-level checks.
    pub fn with_screen<R>(&self, f: impl FnOnce(&vt100::Screen) -> R) -> R {
        f(self.screen.lock().unwrap().screen())
    }

    /// Waits until the screen satisfies `pred`; panics with the screen after `secs`.
    pub async fn wait_for(&self, what: &str, secs: u64, pred: impl Fn(&str) -> bool) -> String {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let text = self.text();
            if pred(&text) {
                return text;
            }
            if tokio::time::Instant::now() > deadline {
                panic!("timed out waiting for {what}; the screen shows:\n{text}");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    pub async fn wait_text(&self, needle: &str, secs: u64) -> String {
        self.wait_for(&format!("'{needle}'"), secs, |t| t.contains(needle))
            .await
    }

    pub async fn disconnect(self) {
        let _ = self
            .handle
            .disconnect(russh::Disconnect::ByApplication, "bye", "en")
            .await;
    }
}

/// The board as a terminal shows it: the label drawn on each square, read through the
/// file letters under the board and the rank numbers beside it (as a person reads it).
pub struct ScreenBoard {
    /// `cells[file][rank-1]`: the text in that square (`""` when nothing readable).
    pub cells: Vec<Vec<String>>,
    /// `pos[file][rank-1]`: the screen (row, column) of that label.
    pub pos: Vec<Vec<(u16, u16)>>,
}

impl ScreenBoard {
    pub fn read(text: &str) -> Option<ScreenBoard> {
        let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        // The line of file letters: it starts with ten single letters A-J (a side panel
        // may follow on the same line).
        let (files_line, xs) = lines.iter().enumerate().rev().find_map(|(i, l)| {
            let mut letters: Vec<(usize, char)> = Vec::new();
            let mut x = 0;
            while x < l.len() && letters.len() < 10 {
                if l[x].is_whitespace() {
                    x += 1;
                    continue;
                }
                let single = x + 1 >= l.len() || l[x + 1].is_whitespace();
                if !single || !('A'..='J').contains(&l[x]) {
                    return None;
                }
                letters.push((x, l[x]));
                x += 1;
            }
            let mut distinct: Vec<char> = letters.iter().map(|(_, c)| *c).collect();
            distinct.sort();
            distinct.dedup();
            (letters.len() == 10 && distinct.len() == 10).then_some((i, letters))
        })?;
        let mut cells = vec![vec![String::new(); 10]; 10];
        let mut pos = vec![vec![(0u16, 0u16); 10]; 10];
        for (y, l) in lines.iter().enumerate().take(files_line) {
            let head: String = l.iter().take(3).collect();
            let Ok(rank) = head.trim().parse::<usize>() else {
                continue;
            };
            if !(1..=10).contains(&rank) {
                continue;
            }
            for &(x, file) in &xs {
                let s: String = l.iter().skip(x).take(2).collect();
                let f = (file as u8 - b'A') as usize;
                cells[f][rank - 1] = s.trim().to_string();
                pos[f][rank - 1] = (y as u16, x as u16);
            }
        }
        Some(ScreenBoard { cells, pos })
    }

    /// Screen (row, column) of a square's label.
    pub fn pos_of(&self, sq: &str) -> (u16, u16) {
        let b = sq.as_bytes();
        let file = (b[0].to_ascii_uppercase() - b'A') as usize;
        let rank: usize = sq[1..].parse().unwrap();
        self.pos[file][rank - 1]
    }

    /// The label on a square such as "C4".
    pub fn at(&self, sq: &str) -> &str {
        let b = sq.as_bytes();
        let file = (b[0].to_ascii_uppercase() - b'A') as usize;
        let rank: usize = sq[1..].parse().unwrap();
        &self.cells[file][rank - 1]
    }
}

/// Labels a player's own movable pieces show (modern numbering).
pub fn is_movable_label(s: &str) -> bool {
    matches!(
        s,
        "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "S"
    )
}

/// Runs a command over an exec channel (no PTY); returns its output and exit status.
pub async fn exec(
    addr: std::net::SocketAddr,
    user: &str,
    key: &PrivateKey,
    command: &str,
) -> (String, Option<u32>) {
    let (handle, _) = connect_as(addr, Login::Key(user, key)).await;
    let mut channel = handle.channel_open_session().await.expect("session");
    channel.exec(true, command).await.expect("exec");
    let mut out = Vec::new();
    let mut status = None;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let msg = tokio::time::timeout_at(deadline, channel.wait())
            .await
            .expect("command finishes");
        match msg {
            Some(ChannelMsg::Data { data }) => out.extend_from_slice(&data),
            Some(ChannelMsg::ExitStatus { exit_status }) => status = Some(exit_status),
            Some(ChannelMsg::Eof) | Some(ChannelMsg::Close) | None => break,
            _ => {}
        }
    }
    (String::from_utf8_lossy(&out).replace("\r\n", "\n"), status)
}

pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key()
        .fingerprint(russh::keys::HashAlg::Sha256)
        .to_string()
}

/// Waits until both players are in the set-up, fills randomly and readies.
/// (`alice` posts an open Classic seek, `bob` accepts it.)
pub async fn start_game(alice: &Term, bob: &Term) {
    alice.wait_text("no open seeks", 10).await;
    alice.send(b"n").await;
    alice.wait_text("Variant", 5).await;
    alice.send(b"\r").await;
    bob.wait_text("alice", 10).await;
    bob.wait_for("alice's seek", 10, |t| {
        t.contains("Classic") && t.contains("alice")
    })
    .await;
    // The seeks' first row plays the computer: Down chooses alice's seek, Enter accepts.
    bob.send(b"j").await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    bob.send(b"\r").await;
    for t in [alice, bob] {
        t.wait_text("Set up your army", 10).await;
        t.send(b"r").await;
        t.wait_text("40 of 40 placed", 5).await;
        t.send(b"d").await;
    }
}

/// An executable shell script `name` in `dir` with `body` after its `#!/bin/sh` line; its
/// path.
pub fn script(dir: &std::path::Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    let mut perm = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perm, 0o755);
    std::fs::set_permissions(&path, perm).unwrap();
    path.display().to_string()
}

/// From an empty lobby: a game against the computer, in play, with a move of the player's
/// own played (so that leaving is no free abort).
pub async fn plays_the_computer(g: &Term) {
    g.wait_text("no open seeks", 10).await;
    // An empty seek list: Enter plays the computer (easy, no clock).
    g.send(b"\r").await;
    g.wait_text("Set up your army", 10).await;
    g.send(b"r").await;
    g.wait_text("40 of 40 placed", 5).await;
    g.send(b"d").await;
    // One move of the guest's own (so that leaving is no free abort): Red moves up from
    // row 4, Blue down from row 7.
    let text = g.wait_text("Your turn", 10).await;
    let (from, to) = if text.contains("you play Red") {
        (4, 5)
    } else {
        (7, 6)
    };
    let b = ScreenBoard::read(&text).expect("a board");
    let file = "ABEFIJ"
        .chars()
        .find(|f| is_movable_label(b.at(&format!("{f}{from}"))))
        .expect("a movable front piece");
    g.send(b"m").await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    g.type_str(&format!("{file}{from} {file}{to}")).await;
    g.send(b"\r").await;
    g.wait_for("the move played", 10, |t| {
        t.contains(&format!("{file}{from}-{file}{to}"))
    })
    .await;
}

/// From the lobby: opens the game-against-the-computer form (`b`) and steps its level to
/// `bot-NAME` (a host's agent); what the level reads when chosen, `< bot-NAME >`.
pub async fn pick_agent_level(t: &Term, name: &str) -> String {
    t.wait_text("no open seeks", 10).await;
    t.send(b"b").await;
    t.wait_text("Computer level", 5).await;
    let want = format!("< bot-{name} >");
    let level = |s: &str| {
        s.lines()
            .find(|l| l.contains("Computer level"))
            .unwrap_or_default()
            .to_string()
    };
    for _ in 0..6 {
        let before = level(&t.text());
        if before.contains(&want) {
            break;
        }
        t.send(b"\x1b[C").await;
        t.wait_for("the next level", 5, |s| level(s) != before)
            .await;
    }
    want
}

/// Whether the system's OpenSSH client is here (tests that drive it skip without it; CI
/// installs it).
pub fn have_openssh() -> bool {
    std::process::Command::new("ssh")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
        && std::process::Command::new("ssh-keygen")
            .arg("-?")
            .output()
            .is_ok()
}

/// The OpenSSH client for a test server on 127.0.0.1: `port`, the key file `key` alone, no
/// host key check, no questions, errors only. The caller adds the login and the command.
pub fn openssh(port: u16, key: &std::path::Path) -> std::process::Command {
    let mut c = std::process::Command::new("ssh");
    c.args(["-p", &port.to_string(), "-i"]).arg(key).args([
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
    ]);
    c
}
