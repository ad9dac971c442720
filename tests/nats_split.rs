//! The split server (issue 46, docs/scaling.md): a NATS server on loopback, one core and two
//! edges (the real binary, three processes), two players on different edges. Everything
//! between them crosses the bus: the seek, the game's snapshots (each player's own view),
//! the moves and the result; the core's store keeps the record both screens showed.

#[path = "common/browser.rs"]
mod browser;
mod common;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::bin_server::{server_exe, Server};
use common::line::LineClient;
use common::play::{self, random_move, Moved, Rng};
use common::read::{candidate_moves, read_board, sq_name};
use common::tempdir::Dir;
use common::{Login, Term};
use stratego_ssh::rules::{Color, EndReason};
use stratego_ssh::store::Store;

/// A free loopback port.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A child process, killed when dropped.
struct Proc(Option<Child>);

impl Proc {
    fn none() -> Proc {
        Proc(None)
    }

    fn child(&mut self) -> &mut Child {
        self.0.as_mut().expect("a process")
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        if let Some(c) = &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// `nats-server` on a loopback port with deploy/nats-server.conf (its users and their
/// permissions; the passwords in `dir`'s `*.auth` files); its URL. With a certificate in
/// `dir/tls` ([`make_certs`]), TLS only.
async fn nats_server(port: u16, dir: &Path) -> (Proc, String) {
    let conf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/deploy/nats-server.conf"
    ))
    .unwrap()
    .replace("CHANGE-ME-core", "core-test-pass")
    .replace("CHANGE-ME-edge1", "edge1-test-pass")
    .replace("CHANGE-ME-edge2", "edge2-test-pass");
    let tls = dir.join("tls");
    // With `tls/verify` too: client certificates signed by the test's authority required.
    let verify = match tls.join("verify").exists() {
        true => format!(
            "  ca_file: \"{}\"\n  verify: true\n",
            tls.join("ca.pem").display()
        ),
        false => String::new(),
    };
    let conf = match tls.join("server.pem").exists() {
        true => format!(
            "{conf}\ntls {{\n  cert_file: \"{}\"\n  key_file: \"{}\"\n  timeout: 5\n{verify}}}\n",
            tls.join("server.pem").display(),
            tls.join("server.key").display()
        ),
        false => conf,
    };
    std::fs::write(dir.join("nats-server.conf"), conf).unwrap();
    std::fs::write(dir.join("core.auth"), "core:core-test-pass\n").unwrap();
    std::fs::write(dir.join("edge1.auth"), "edge1:edge1-test-pass\n").unwrap();
    std::fs::write(dir.join("edge2.auth"), "edge2:edge2-test-pass\n").unwrap();
    let child = Command::new("nats-server")
        .arg("-c")
        .arg(dir.join("nats-server.conf"))
        .args(["-a", "127.0.0.1", "-p", &port.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nats-server runs (./test installs it: apt-get install nats-server)");
    let deadline = Instant::now() + Duration::from_secs(10);
    while tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .is_err()
    {
        assert!(Instant::now() < deadline, "nats-server never listened");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    (Proc(Some(child)), format!("nats://127.0.0.1:{port}"))
}

/// A NATS client of the test's own, as the first edge's user.
async fn as_edge(url: &str) -> async_nats::Client {
    as_edge_tls(url, None).await
}

/// [`as_edge`], trusting the authority `ca` and requiring TLS when given.
async fn as_edge_tls(url: &str, ca: Option<&Path>) -> async_nats::Client {
    let mut o = async_nats::ConnectOptions::with_user_and_password(
        "edge1".into(),
        "edge1-test-pass".into(),
    );
    if let Some(ca) = ca {
        o = o.require_tls(true).add_root_certificates(ca.to_path_buf());
        // Where the server asks for client certificates (`verify` beside the authority),
        // the test's client shows one.
        let dir = ca.parent().unwrap();
        if dir.join("verify").exists() {
            o = o.add_client_certificate(dir.join("client.pem"), dir.join("client.key"));
        }
    }
    o.connect(url).await.expect("the test reaches NATS")
}

/// A certificate authority made for the test, a certificate it signed for the NATS server
/// on 127.0.0.1 and one for its clients, in `dir` (`ca.pem`; `server.pem`, `server.key`;
/// `client.pem`, `client.key`), by the openssl command; the authority's file.
fn make_certs(dir: &Path) -> std::path::PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let run = |args: &str| {
        let args: Vec<&str> = args.split('|').collect();
        let out = Command::new("openssl")
            .args(&args)
            .current_dir(dir)
            .output()
            .expect("openssl runs");
        assert!(
            out.status.success(),
            "openssl {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let ec = "-newkey|ec|-pkeyopt|ec_paramgen_curve:prime256v1|-nodes";
    run(&format!(
        "req|-x509|{ec}|-keyout|ca.key|-out|ca.pem|-days|2|-subj|/CN=stratego test bus CA"
    ));
    // A certificate for `name`, signed by the authority, with the extensions `ext`.
    let signed = |name: &str, subject: &str, ext: &str| {
        run(&format!(
            "req|{ec}|-keyout|{name}.key|-out|{name}.csr|-subj|{subject}"
        ));
        std::fs::write(dir.join(format!("{name}.ext")), ext).unwrap();
        run(&format!(
            "x509|-req|-in|{name}.csr|-CA|ca.pem|-CAkey|ca.key|-CAcreateserial|-out|{name}.pem|-days|2|-extfile|{name}.ext"
        ));
    };
    signed(
        "server",
        "/CN=127.0.0.1",
        "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n",
    );
    signed(
        "client",
        "/CN=stratego process",
        "basicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=clientAuth\n",
    );
    dir.join("ca.pem")
}

/// The core: the server binary with `--role core` on `dir/data`; returns once it answers
/// on the bus (the lobby's snapshot, asked as an edge asks it at its start).
async fn core(dir: &Path, url: &str, extra: &[&str]) -> Proc {
    let child = Command::new(server_exe())
        .args(["--role", "core", "--nats-url", url])
        .arg("--nats-auth-file")
        .arg(dir.parent().unwrap().join("core.auth"))
        .args(extra)
        .arg("--data-dir")
        .arg(dir.join("data"))
        .arg("--keys-dir")
        .arg(dir.join("keys"))
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server binary starts");
    let ca = extra
        .iter()
        .position(|a| *a == "--nats-tls-ca")
        .map(|i| Path::new(extra[i + 1]));
    let client = as_edge_tls(url, ca).await;
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let asked = tokio::time::timeout(
            Duration::from_secs(1),
            client.request(stratego_ssh::bus::LOBBY_SNAPSHOT_GET, Vec::new().into()),
        )
        .await;
        if let Ok(Ok(msg)) = asked {
            let state: stratego_ssh::bus::LobbyState =
                stratego_ssh::bus::decode(&msg.payload).expect("the core's lobby reads");
            assert!(state.snapshot.players.is_empty());
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the core never answered on the bus"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Proc(Some(child))
}

/// The nick a lobby screen says its player has (`you are NICK`).
fn nick_of(text: &str) -> String {
    let at = text.find("you are ").expect("the lobby names its player") + "you are ".len();
    text[at..]
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != '│')
        .collect()
}

/// The label a screen's board shows on a square (`a4`).
fn label(t: &Term, sq: &str) -> String {
    let b = read_board(&t.text()).expect("a board on the screen");
    let bytes = sq.as_bytes();
    let file = (bytes[0] - b'a') as usize;
    let rank: usize = sq[1..].parse().unwrap();
    b.cells[file][rank - 1].clone()
}

/// Waits until `t`'s board shows `from` empty and something on `to` (a move of the
/// opponent's, seen through its own view).
async fn sees_move(t: &Term, mv: &str) {
    let (from, to) = mv.split_once(' ').unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if read_board(&t.text()).is_some() {
            let (f, o) = (label(t, from), label(t, to));
            let empty = |l: &str| l.is_empty() || l == "·" || l == ".";
            if empty(&f) && !empty(&o) {
                return;
            }
        }
        assert!(
            Instant::now() < deadline,
            "the move {mv} never showed:\n{}",
            t.text()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Edge `n` (`edgeN`: its name, its NATS user) in `root/edgeN`, with `extra` flags.
async fn start_edge(root: &Path, url: &str, n: u32, extra: &[String]) -> Server {
    let auth = root.join(format!("edge{n}.auth")).display().to_string();
    let name = format!("edge{n}");
    let mut args = vec![
        "--nats-url",
        url,
        "--role",
        "edge",
        "--nats-auth-file",
        auth.as_str(),
        "--edge-name",
        name.as_str(),
    ];
    args.extend(extra.iter().map(String::as_str));
    Server::start(&root.join(format!("edge{n}")), &args).await
}

/// NATS, a core and two edges sharing one host key, in `dir`.
struct Split {
    nats: Proc,
    url: String,
    core: Proc,
    core_dir: std::path::PathBuf,
    e1: Server,
    e2: Server,
    dir: std::path::PathBuf,
    _dir: Dir,
}

impl Split {
    async fn start(tag: &str, core_args: &[&str]) -> Split {
        Split::start_with(tag, core_args, |_| vec![]).await
    }

    /// With more flags for edge `n`: `edge_args(n)`.
    async fn start_with(
        tag: &str,
        core_args: &[&str],
        edge_args: impl Fn(u32) -> Vec<String>,
    ) -> Split {
        Split::start_in(Dir::new(tag), core_args, edge_args).await
    }

    /// [`Split::start_with`] in `dir` (made already).
    async fn start_in(
        dir: Dir,
        core_args: &[&str],
        edge_args: impl Fn(u32) -> Vec<String>,
    ) -> Split {
        let (nats, url) = nats_server(free_port(), &dir.0).await;
        let core_dir = dir.0.join("core");
        let core = core(&core_dir, &url, core_args).await;
        let e1 = start_edge(&dir.0, &url, 1, &edge_args(1)).await;
        // The edges share the host key (a balancer in front of them sends a player to
        // either).
        std::fs::create_dir_all(dir.0.join("edge2/keys")).unwrap();
        for f in std::fs::read_dir(dir.0.join("edge1/keys")).unwrap() {
            let f = f.unwrap();
            std::fs::copy(f.path(), dir.0.join("edge2/keys").join(f.file_name())).unwrap();
        }
        let e2 = start_edge(&dir.0, &url, 2, &edge_args(2)).await;
        Split {
            nats,
            url,
            core,
            core_dir,
            e1,
            e2,
            dir: dir.0.clone(),
            _dir: dir,
        }
    }

    /// Stops the core (SIGTERM: the store flushed) and opens its store.
    async fn core_store(&mut self) -> Store {
        let _ = Command::new("kill")
            .arg(self.core.child().id().to_string())
            .status();
        let deadline = Instant::now() + Duration::from_secs(15);
        while self.core.child().try_wait().unwrap().is_none() {
            assert!(
                Instant::now() < deadline,
                "the core did not stop at SIGTERM"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Store::open(self.core_dir.join("data")).unwrap()
    }
}

/// A guest's comeback login as its lobby screen shows it (`guest-1234-TOKEN`).
fn comeback_login(text: &str) -> Option<String> {
    let at = text.find("come back to your game with")?;
    text[at..].split_whitespace().find_map(|w| {
        let login = w.split('@').next()?;
        let (nick, token) = login.rsplit_once('-')?;
        (nick.starts_with("guest-")
            && token.len() == 16
            && token.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then(|| login.to_string())
    })
}

/// Two guests, the first on edge 1 and the second on edge 2, in one game in play: (red,
/// blue, the first's nick, the second's nick, the game's number).
async fn game_across<'a>(
    alice: &'a Term,
    bob: &'a Term,
) -> (&'a Term, &'a Term, String, String, u64) {
    let a_nick = nick_of(&alice.wait_text("you are ", 10).await);
    let b_nick = nick_of(&bob.wait_text("you are ", 10).await);
    assert_ne!(a_nick, b_nick);
    // One lobby: each edge's screen lists the player of the other edge.
    alice.wait_text(&b_nick, 10).await;
    bob.wait_text(&a_nick, 10).await;
    // A seek on one edge, taken on the other: one game, on the core.
    let (red, blue) = play::start_game(alice, &a_nick, bob).await;
    let game = common::read::game_number(&red.text()).expect("the game's number");
    assert_eq!(common::read::game_number(&blue.text()), Some(game));
    (red, blue, a_nick, b_nick, game)
}

/// `mover` plays a move that `other` then sees on its own screen; the move.
async fn move_seen(mover: &Term, other: &Term, rng: &mut Rng) -> String {
    let Moved::Played(mv) = random_move(mover, rng, 20).await else {
        panic!("no move played:\n{}", mover.text());
    };
    sees_move(other, &mv).await;
    mv
}

/// The moves of a stored game, as `a4 a5`.
fn stored_moves(store: &Store, game: u64) -> (Vec<String>, stratego_ssh::rules::Outcome) {
    let rec = store
        .games()
        .get(game)
        .unwrap()
        .expect("the finished game is stored by the core");
    let moves = rec
        .record
        .moves
        .iter()
        .map(|m| format!("{} {}", m.from, m.to).to_lowercase())
        .collect();
    (moves, rec.outcome)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_on_two_edges_play_a_game_through_the_core() {
    let mut split = Split::start("nats-split", &[]).await;
    let (e1, e2) = (split.e1.addr, split.e2.addr);
    let alice = Term::connect(e1, Login::Guest, 120, 40).await;
    let bob = Term::connect(e2, Login::Guest, 120, 40).await;
    assert_eq!(
        alice.server_key, bob.server_key,
        "the edges share one host key"
    );
    // The screens that read the store read the core's: the leaderboard (its page, empty).
    alice.wait_text("Open seeks", 10).await;
    alice.send(b"L").await;
    let board = alice.wait_text("Leaderboard", 10).await;
    assert!(!board.contains("not served"), "{board}");
    // Esc (the first may only close the notice) goes back to the lobby.
    for _ in 0..3 {
        if alice.text().contains("Open seeks") {
            break;
        }
        alice.send(b"\x1b").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    alice.wait_text("Open seeks", 10).await;
    let (red, blue, a_nick, b_nick, game) = game_across(&alice, &bob).await;

    // The edges' NATS user may send sessions' commands but not read them (the core's
    // subjects): a listener with it hears none of the moves below.
    let spy_client = as_edge(&split.url).await;
    let mut spy = spy_client.subscribe("core.session.>").await.unwrap();
    // Nor may the first edge's user read the second edge's sessions' events (Bob's).
    let mut spy2 = spy_client.subscribe("edge.edge2.>").await.unwrap();

    // Moves cross the bus: each is seen on the other player's screen, in their own view.
    // A spectator on the first edge watches the game (its snapshots: a spectator's view).
    let carol = Term::connect(e1, Login::Guest, 120, 40).await;
    play::watch_first_game(&carol).await;

    let mut rng = Rng(46);
    let mut played = Vec::new();
    for (mover, other) in [(red, blue), (blue, red)] {
        let mv = move_seen(mover, other, &mut rng).await;
        sees_move(&carol, &mv).await;
        played.push(mv);
    }
    // No battle yet: the spectator sees no rank on either side.
    let board = read_board(&carol.text()).expect("the spectator's board");
    let ranks: Vec<&String> = board
        .cells
        .iter()
        .flatten()
        .filter(|l| l.chars().any(|c| c.is_ascii_digit()) || *l == "B" || *l == "F")
        .collect();
    assert!(
        ranks.is_empty(),
        "the spectator sees ranks {ranks:?}:\n{}",
        carol.text()
    );
    let heard = tokio::time::timeout(
        Duration::from_millis(500),
        futures_util::StreamExt::next(&mut spy),
    )
    .await;
    assert!(
        heard.is_err(),
        "an edge's user read a session's commands: {heard:?}"
    );
    let heard = tokio::time::timeout(
        Duration::from_millis(200),
        futures_util::StreamExt::next(&mut spy2),
    )
    .await;
    assert!(
        heard.is_err(),
        "an edge's user read another edge's session events: {heard:?}"
    );

    // The opponent's pieces stay hidden on each screen: Blue's view of Red's moved piece is
    // no rank (an unknown piece), as in one process.
    let red_to = played[0].split_once(' ').unwrap().1;
    let seen_by_blue = label(blue, red_to);
    assert!(
        !seen_by_blue.chars().any(|c| c.is_ascii_digit()),
        "Blue sees a rank on Red's piece at {red_to}: {seen_by_blue:?}\n{}",
        blue.text()
    );

    // Red resigns: both screens show Blue winning.
    red.send(b"R").await;
    red.wait_text("Resign this game?", 5).await;
    red.send(b"y").await;
    let red_end = red.wait_text(" wins", 10).await;
    let blue_end = blue.wait_text(" wins", 10).await;
    for end in [&red_end, &blue_end] {
        assert!(end.contains("Blue wins"), "{end}");
    }
    // The finished game is in the core's store, and the commands of either edge read it.
    let erin = common::new_key();
    let deadline = Instant::now() + Duration::from_secs(10);
    let replay = loop {
        let (out, status) = common::exec(e2, "erin", &erin, &format!("replay {game}")).await;
        if status == Some(0) {
            break out;
        }
        assert!(Instant::now() < deadline, "no replay of game {game}: {out}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert!(
        replay.contains(&a_nick) && replay.contains(&b_nick),
        "{replay}"
    );

    // The tournament commands are the core's director's: none yet, said on either edge.
    let key = common::new_key();
    let mut keyed = LineClient::open(e1, Login::Key("carol", &key), "play --lang en").await;
    keyed.until_has("lobby>", 10).await;
    let mut cmd = LineClient::open(e2, Login::Guest, "tournaments").await;
    cmd.until_has("no tournaments", 10).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while cmd.exit_status().is_none() {
        assert!(Instant::now() < deadline, "no exit status");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(cmd.exit_status(), Some(0));

    // Leaving crosses too: once every client is gone, the core's lobby is empty.
    drop((keyed, cmd));
    let probe = as_edge(&split.url).await;
    let (red_nick, blue_nick) = if std::ptr::eq(red, &alice) {
        (a_nick.clone(), b_nick.clone())
    } else {
        (b_nick.clone(), a_nick.clone())
    };
    alice.disconnect().await;
    bob.disconnect().await;
    carol.disconnect().await;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let msg = probe
            .request(stratego_ssh::bus::LOBBY_SNAPSHOT_GET, Vec::new().into())
            .await
            .unwrap();
        let state: stratego_ssh::bus::LobbyState = stratego_ssh::bus::decode(&msg.payload).unwrap();
        if state.snapshot.players.is_empty() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "players still in the core's lobby after leaving: {:?}",
            state.snapshot.players
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The record is the core's, stopped (SIGTERM: flushed) before it is read.
    let store = split.core_store().await;
    let (moves, outcome) = stored_moves(&store, game);
    assert_eq!(
        moves, played,
        "the stored moves are the ones both screens showed"
    );
    let rec = store.games().get(game).unwrap().unwrap();
    assert_eq!(rec.seats.red.nick, red_nick);
    assert_eq!(rec.seats.blue.nick, blue_nick);
    assert_eq!(outcome.winner, Some(Color::Blue), "{outcome}");
    assert_eq!(outcome.reason, EndReason::Resignation);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_whose_edge_is_killed_finishes_the_game_through_the_other() {
    let mut split = Split::start("nats-edge-killed", &["--reconnect-grace", "2m"]).await;
    let (e1, e2) = (split.e1.addr, split.e2.addr);
    let alice = Term::connect(e1, Login::Guest, 120, 40).await;
    let login = comeback_login(&alice.wait_text("come back to your game with", 10).await)
        .expect("the guest's screen shows its login");
    let bob = Term::connect(e2, Login::Guest, 120, 40).await;
    let (red, blue, a_nick, _, game) = game_across(&alice, &bob).await;
    let mut rng = Rng(7);
    let mut played = vec![move_seen(red, blue, &mut rng).await];
    let alice_red = std::ptr::eq(red, &alice);

    // Edge 1 dies (SIGKILL: nothing said to the core). The core notices its silence
    // (`bus::EDGE_SILENT`) and takes Alice as gone: Bob sees her disconnected.
    split.e1.kill9();
    bob.wait_text("disconnected", 20).await;

    // Alice comes back through edge 2 with her guest login: the same seat, the same game.
    let back = Term::connect(e2, Login::GuestAs(&login), 120, 40).await;
    let text = back
        .wait_for("the game again", 20, |t| {
            t.contains("you play") || t.contains("press r")
        })
        .await;
    if !text.contains("you play") {
        back.send(b"r").await;
        back.wait_text("you play", 10).await;
    }
    assert!(back.text().contains(&a_nick), "{}", back.text());
    assert_eq!(common::read::game_number(&back.text()), Some(game));
    let (red, blue) = if alice_red {
        (&back, &bob)
    } else {
        (&bob, &back)
    };
    // The game goes on: Blue's move (whoever's turn it is) is seen by Red and back.
    played.push(move_seen(blue, red, &mut rng).await);
    played.push(move_seen(red, blue, &mut rng).await);
    red.send(b"R").await;
    red.wait_text("Resign this game?", 5).await;
    red.send(b"y").await;
    red.wait_text("Blue wins", 10).await;
    blue.wait_text("Blue wins", 10).await;

    let store = split.core_store().await;
    let (moves, outcome) = stored_moves(&store, game);
    assert_eq!(moves, played);
    assert_eq!(outcome.winner, Some(Color::Blue), "{outcome}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_goes_on_after_the_nats_server_restarts() {
    let mut split = Split::start("nats-restart", &[]).await;
    let (e1, e2) = (split.e1.addr, split.e2.addr);
    let alice = Term::connect(e1, Login::Guest, 120, 40).await;
    let bob = Term::connect(e2, Login::Guest, 120, 40).await;
    let (red, blue, _, _, game) = game_across(&alice, &bob).await;
    let mut rng = Rng(9);
    let mut played = vec![move_seen(red, blue, &mut rng).await];

    // NATS goes down; Blue moves meanwhile; NATS comes back on the same port. The core and
    // both edges reconnect, and the move typed during the outage is played, once.
    let port: u16 = split.url.rsplit(':').next().unwrap().parse().unwrap();
    drop(std::mem::replace(&mut split.nats, Proc::none()));
    let during = async {
        // A chat line first (one that nothing refuses when it arrives twice), then a move,
        // each typed once, never again: one lost on the way would never show.
        blue.send(b"t").await;
        tokio::time::sleep(Duration::from_millis(50)).await;
        blue.type_str("said during the outage").await;
        blue.send(b"\r").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let board = read_board(&blue.text()).expect("Blue's board");
        let (from, to) = candidate_moves(&board)
            .into_iter()
            .find(|&(f, t)| {
                let empty = board.cells[t.0 as usize][t.1 as usize - 1] == "·";
                empty && f.0 == t.0 && f.1.abs_diff(t.1) == 1
            })
            .expect("a piece of the front row with an empty square before it");
        let mv = format!("{} {}", sq_name(from), sq_name(to));
        blue.send(b"m").await;
        tokio::time::sleep(Duration::from_millis(50)).await;
        blue.type_str(&mv).await;
        blue.send(b"\r").await;
        mv
    };
    let restart = async {
        tokio::time::sleep(Duration::from_millis(1500)).await;
        nats_server(port, &split.dir).await.0
    };
    let (mv, nats) = tokio::join!(during, restart);
    split.nats = nats;
    sees_move(red, &mv).await;
    sees_move(blue, &mv).await;
    played.push(mv);
    // Each said once: what the edge sent again while NATS was away is taken once.
    red.wait_text("said during the outage", 10).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        red.text().matches("said during the outage").count(),
        1,
        "{}",
        red.text()
    );
    played.push(move_seen(red, blue, &mut rng).await);
    red.send(b"R").await;
    red.wait_text("Resign this game?", 5).await;
    red.send(b"y").await;
    red.wait_text("Blue wins", 10).await;
    blue.wait_text("Blue wins", 10).await;
    let store = split.core_store().await;
    let (moves, _) = stored_moves(&store, game);
    assert_eq!(moves, played, "no move lost, none played twice");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_edges_keep_their_players_while_the_core_restarts() {
    use tokio::io::AsyncWriteExt;
    let web_port = free_port();
    let mut split = Split::start_with("nats-core-restart", &[], |n| match n {
        2 => vec!["--http-listen".into(), format!("127.0.0.1:{web_port}")],
        _ => vec![],
    })
    .await;
    let (e1, e2) = (split.e1.addr, split.e2.addr);
    let alice = Term::connect(e1, Login::Guest, 120, 40).await;
    let bob = Term::connect(e2, Login::Guest, 120, 40).await;
    let (red, blue, _, _, game) = game_across(&alice, &bob).await;
    let mut rng = Rng(11);
    let mut played = vec![move_seen(red, blue, &mut rng).await];
    // A page of the second edge follows the game's live stream across the restart.
    let web: std::net::SocketAddr = format!("127.0.0.1:{web_port}").parse().unwrap();
    let mut stream = tokio::net::TcpStream::connect(web).await.unwrap();
    stream
        .write_all(common::web::request_text(&format!("/api/game/{game}/live"), None).as_bytes())
        .await
        .unwrap();
    let mut raw = Vec::new();
    stream_until(&mut stream, &mut raw, "\"ply\":1").await;

    // The core stops (SIGTERM: its games saved) and stays away long enough for the edges
    // to notice: the players stay connected and are told.
    let store = split.core_store().await;
    drop(store);
    for t in [red, blue] {
        t.wait_text("The game server is away for a moment", 15)
            .await;
    }
    assert!(!red.is_closed() && !blue.is_closed());
    // A command that asks the core says it is away, rather than that there is nothing.
    let (out, status) = common::exec(e1, "erin", &common::new_key(), "tournaments").await;
    assert_eq!(status, Some(1), "{out}");
    assert!(out.contains("the game server is away"), "{out}");

    // It comes back on the same store: the edges join their players to it again, into the
    // same game, and it goes on.
    split.core = core(&split.core_dir, &split.url, &[]).await;
    for t in [red, blue] {
        t.wait_for("the game again", 20, |s| {
            common::read::game_number(s) == Some(game) && read_board(s).is_some()
        })
        .await;
    }
    played.push(move_seen(blue, red, &mut rng).await);
    played.push(move_seen(red, blue, &mut rng).await);
    // The page's stream goes on: the edge asked the restarted core to watch again.
    let text = stream_until(&mut stream, &mut raw, "\"ply\":3").await;
    assert!(
        !text.contains("\"rank\":\""),
        "a rank on the stream: {text}"
    );
    red.send(b"R").await;
    red.wait_text("Resign this game?", 5).await;
    red.send(b"y").await;
    red.wait_text("Blue wins", 10).await;
    blue.wait_text("Blue wins", 10).await;
    let store = split.core_store().await;
    let (moves, _) = stored_moves(&store, game);
    assert_eq!(
        moves, played,
        "the moves before and after the restart, once each"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_message_sent_again_is_taken_once() {
    use stratego_ssh::bus::{
        decode, down_subject, encode, up_subject, ConnectReq, Connected, LobbyState, Numbered, Up,
        LOBBY_CONNECT, LOBBY_SNAPSHOT_GET,
    };
    use stratego_ssh::proto::{LobbyCmd, PlayerId};
    let dir = Dir::new("nats-once");
    let (_nats, url) = nats_server(free_port(), &dir.0).await;
    let _core = core(&dir.0.join("core"), &url, &[]).await;
    // An edge of the test's own (with the edges' user): one guest joins.
    let edge = as_edge(&url).await;
    let _down = edge.subscribe(down_subject("edge1.test", 1)).await.unwrap();
    let req = ConnectReq {
        edge: "edge1.test".into(),
        n: 1,
        ident: stratego_ssh::lobby::Ident {
            id: PlayerId::Guest("0123456789abcdef".into()),
            nick: String::new(),
            guest: true,
            addr: Some("127.0.0.1".parse().unwrap()),
        },
    };
    let answer = edge
        .request(LOBBY_CONNECT, encode(&req).into())
        .await
        .unwrap();
    let joined: Option<Connected> = decode(&answer.payload).unwrap();
    assert!(joined.is_some(), "the core took the guest");

    // A chat line sent twice under one number (its answer lost, say), then another.
    let say = |seq: u64, text: &str| {
        encode(&Numbered {
            seq,
            up: Up::Lobby(LobbyCmd::Chat(text.into())),
        })
    };
    for body in [say(1, "said once"), say(1, "said once"), say(2, "and then")] {
        edge.request(up_subject("edge1.test", 1), body.into())
            .await
            .expect("the core answers each");
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let msg = edge
            .request(LOBBY_SNAPSHOT_GET, Vec::new().into())
            .await
            .unwrap();
        let state: LobbyState = decode(&msg.payload).unwrap();
        let lines: Vec<&str> = state
            .snapshot
            .chat
            .iter()
            .map(|c| c.text.as_str())
            .collect();
        if lines.contains(&"and then") {
            assert_eq!(
                lines.iter().filter(|l| **l == "said once").count(),
                1,
                "{lines:?}"
            );
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the chat never showed: {lines:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Waits until the terminal's connection is closed (at most `secs`); what it was sent.
async fn closed_with(t: &Term, secs: u64) -> String {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while !t.is_closed() && Instant::now() < deadline {
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_keeps_its_nick_on_every_edge_and_a_ban_made_on_one_holds_on_the_other() {
    let admin = common::new_key();
    let admin_fp = common::fingerprint(&admin);
    let split = Split::start_with("nats-accounts", &[], |_| {
        vec!["--admin".into(), admin_fp.clone()]
    })
    .await;
    let (e1, e2) = (split.e1.addr, split.e2.addr);

    // A key takes the nick dora through the first edge: the core's store keeps it.
    let dk = common::new_key();
    let dora = Term::connect(e1, Login::Key("dora", &dk), 100, 30).await;
    dora.wait_text("you are dora", 10).await;
    dora.disconnect().await;
    // Through the second edge, asking for another name, the key is dora still.
    let dora = Term::connect(e2, Login::Key("someone", &dk), 100, 30).await;
    dora.wait_text("you are dora", 10).await;
    // Another key asking for dora on the first edge gets another name.
    let other = Term::connect(e1, Login::Key("dora", &common::new_key()), 100, 30).await;
    let nick = nick_of(&other.wait_text("you are ", 10).await);
    assert_ne!(nick.to_lowercase(), "dora");
    other.disconnect().await;
    // A new key chooses another name on the welcome card of the second edge: the core's
    // store and lobby take it (a player of the first edge sees it in the lobby).
    let ek = common::new_key();
    let ed = Term::connect_env(
        e2,
        Login::Key("ed", &ek),
        Some((100, 30)),
        "xterm-256color",
        &[],
    )
    .await;
    ed.wait_text("Welcome to stratego-ssh", 10).await;
    ed.send(&[0x7f; 8]).await;
    ed.send(b"edmund\r").await;
    ed.wait_text("you are edmund", 10).await;
    let watcher = Term::connect(e1, Login::Guest, 120, 40).await;
    watcher.wait_text("edmund", 10).await;
    ed.disconnect().await;
    let ed = Term::connect(e1, Login::Key("ed", &ek), 100, 30).await;
    ed.wait_text("you are edmund", 10).await;
    ed.disconnect().await;
    watcher.disconnect().await;
    // A command on either edge knows her (the core's store): no games yet.
    let (out, status) = common::exec(e1, "dora", &dk, "games dora").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("dora"), "{out}");

    // The admin, on the first edge, bans her key: her session on the second edge closes.
    let cmd = format!("admin ban key {} cheating", common::fingerprint(&dk));
    let (out, status) = common::exec(e1, "warden", &admin, &cmd).await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("disconnected"), "{out}");
    closed_with(&dora, 10).await;
    // Refused on both edges, told why.
    for e in [e1, e2] {
        let again = Term::connect(e, Login::Key("dora", &dk), 100, 30).await;
        let raw = closed_with(&again, 10).await;
        assert!(raw.contains("banned") && raw.contains("cheating"), "{raw}");
        assert!(!raw.contains("Open seeks"), "no lobby: {raw}");
    }
    // Nor back as a guest from her address block (ban_guest_block), on the other edge.
    let guest = Term::connect(e2, Login::Guest, 200, 30).await;
    let raw = closed_with(&guest, 10).await;
    assert!(
        raw.contains("Guest logins from your address are closed"),
        "{raw}"
    );
    // Lifted on the second edge: she is back through the first.
    let cmd = format!("admin unban key {}", common::fingerprint(&dk));
    let (out, status) = common::exec(e2, "warden", &admin, &cmd).await;
    assert_eq!(status, Some(0), "{out}");
    let dora = Term::connect(e1, Login::Key("dora", &dk), 100, 30).await;
    dora.wait_text("you are dora", 10).await;
}

/// An open Server-Sent Events stream's text so far, read until `want` is in it.
async fn stream_until(s: &mut tokio::net::TcpStream, raw: &mut Vec<u8>, want: &str) -> String {
    use tokio::io::AsyncReadExt;
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut buf = [0u8; 8192];
    loop {
        let body = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .map(|at| common::web::dechunk(&raw[at + 4..]).0)
            .unwrap_or_default();
        let text = String::from_utf8_lossy(&body).to_string();
        if text.contains(want) {
            return text;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(!left.is_zero(), "the stream never sent {want:?}: {text}");
        if let Ok(n) = tokio::time::timeout(left, s.read(&mut buf)).await {
            let n = n.unwrap();
            assert!(n > 0, "the stream ended before {want:?}: {text}");
            raw.extend_from_slice(&buf[..n]);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_web_page_on_an_edge_shows_a_game_in_play_on_the_core() {
    use tokio::io::AsyncWriteExt;
    let ports = [free_port(), free_port()];
    let split = Split::start_with("nats-web", &[], |n| {
        vec![
            "--http-listen".into(),
            format!("127.0.0.1:{}", ports[n as usize - 1]),
        ]
    })
    .await;
    let web: std::net::SocketAddr = format!("127.0.0.1:{}", ports[1]).parse().unwrap();
    // Both players on the first edge: the second edge's web has no seat of the game.
    let alice = Term::connect(split.e1.addr, Login::Guest, 120, 40).await;
    let bob = Term::connect(split.e1.addr, Login::Guest, 120, 40).await;
    let (red, blue, a_nick, b_nick, game) = game_across(&alice, &bob).await;
    let mut rng = Rng(47);
    move_seen(red, blue, &mut rng).await;

    // The second edge's page of games in play lists it, and the game's page shows it.
    let deadline = Instant::now() + Duration::from_secs(10);
    let list = loop {
        let r = common::web::http_get(web, "/games/live", None).await;
        if r.status == 200 && r.body.contains(&format!("/game/{game}")) {
            break r.body;
        }
        assert!(Instant::now() < deadline, "{} {}", r.status, r.body);
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(list.contains(&a_nick) && list.contains(&b_nick), "{list}");
    let page = common::web::http_get(web, &format!("/game/{game}"), None).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains(&a_nick) && page.body.contains(&b_nick),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains(&format!("data-live=\"/game/{game}/live\"")),
        "a game in play's page, live: {}",
        page.body
    );
    // Its JSON is the stands' view: one move played, no rank of either side shown.
    let api = common::web::http_get(web, &format!("/api/game/{game}"), None).await;
    assert_eq!(api.status, 200, "{}", api.body);
    let v: serde_json::Value = serde_json::from_str(&api.body).unwrap();
    assert_eq!(v["ply"], 1, "{}", api.body);
    let pieces = v["board"].as_array().expect("a board");
    assert_eq!(pieces.len(), 80, "{}", api.body);
    assert!(
        pieces.iter().all(|p| p["rank"].is_null()),
        "the stands see a rank: {}",
        api.body
    );

    // The live stream: the position now, then Blue's move as it is played on the other edge.
    let mut s = tokio::net::TcpStream::connect(web).await.unwrap();
    s.write_all(common::web::request_text(&format!("/api/game/{game}/live"), None).as_bytes())
        .await
        .unwrap();
    let mut raw = Vec::new();
    stream_until(&mut s, &mut raw, "id: 1\n").await;
    move_seen(blue, red, &mut rng).await;
    let text = stream_until(&mut s, &mut raw, "id: 2\n").await;
    assert!(
        !text.contains("\"rank\":\""),
        "a rank on the stream: {text}"
    );
}

/// A NATS client as `user` (its password in deploy/nats-server.conf as the tests run it).
async fn as_user(url: &str, user: &str) -> async_nats::Client {
    async_nats::ConnectOptions::with_user_and_password(user.into(), format!("{user}-test-pass"))
        .connect(url)
        .await
        .expect("the test reaches NATS")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edges_nats_user_cannot_speak_for_the_core_nor_for_another_edge() {
    use futures_util::StreamExt;
    let dir = Dir::new("nats-permissions");
    let (_nats, url) = nats_server(free_port(), &dir.0).await;
    let (core, edge1, edge2) = (
        as_user(&url, "core").await,
        as_user(&url, "edge1").await,
        as_user(&url, "edge2").await,
    );
    // The second edge listens where the core speaks to it: the lobby, the core's heartbeat,
    // its sessions' events and its pages' watches.
    let subjects = [
        "lobby.snapshot",
        "core.alive",
        "edge.edge2.x.session.1",
        "edge.edge2.x.watch.1",
    ];
    let mut heard = Vec::new();
    for s in subjects {
        heard.push(edge2.subscribe(s).await.unwrap());
    }
    // The core listens where only edges speak to it; the first edge tries the second's.
    let mut core_hears = core.subscribe("core.session.edge2.x.1").await.unwrap();
    edge2.flush().await.unwrap();
    core.flush().await.unwrap();
    // The first edge's user forges each: nothing arrives.
    for s in subjects {
        let _ = edge1.publish(s, "forged".into()).await;
    }
    let _ = edge1
        .publish("core.session.edge2.x.1", "forged".into())
        .await;
    let _ = edge1.flush().await;
    for (s, sub) in subjects.iter().zip(heard.iter_mut()) {
        let got = tokio::time::timeout(Duration::from_millis(300), sub.next()).await;
        assert!(got.is_err(), "edge1's user was heard on {s}: {got:?}");
    }
    let got = tokio::time::timeout(Duration::from_millis(300), core_hears.next()).await;
    assert!(
        got.is_err(),
        "edge1's user spoke for edge2's session: {got:?}"
    );
    // The same messages from the users allowed them do arrive (the listeners listen).
    for s in subjects {
        core.publish(s, "real".into()).await.unwrap();
    }
    edge2
        .publish("core.session.edge2.x.1", "real".into())
        .await
        .unwrap();
    for (s, sub) in subjects.iter().zip(heard.iter_mut()) {
        let got = tokio::time::timeout(Duration::from_secs(5), sub.next())
            .await
            .unwrap_or_else(|_| panic!("the core's message on {s} never came"))
            .unwrap();
        assert_eq!(&got.payload[..], b"real");
    }
    let got = tokio::time::timeout(Duration::from_secs(5), core_hears.next())
        .await
        .expect("edge2's own session's message came")
        .unwrap();
    assert_eq!(&got.payload[..], b"real");
}

/// Plays `t`'s side of the tournament game it was put into: a random army, ready; as Red,
/// resigns at its first turn (so Blue wins). Returns once the screen shows the result.
async fn play_to_resignation(t: &Term) {
    t.wait_text("Set up your army", 15).await;
    t.send(b"r").await;
    t.wait_text("40 of 40 placed", 10).await;
    t.send(b"d").await;
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut resigned = false;
    loop {
        let text = t.text();
        if text.contains(" wins") {
            return;
        }
        if text.contains("Resign this game?") {
            t.send(b"y").await;
        } else if text.contains("you play Red") && text.contains("Your turn") && !resigned {
            resigned = true;
            t.send(b"R").await;
        }
        assert!(Instant::now() < deadline, "no result:\n{text}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `tournament ID --format json` through `addr`, as `user`.
async fn tournament_json(
    addr: std::net::SocketAddr,
    user: &str,
    key: &russh::keys::PrivateKey,
    id: u64,
) -> serde_json::Value {
    let (out, status) =
        common::exec(addr, user, key, &format!("tournament {id} --format json")).await;
    assert_eq!(status, Some(0), "{out}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_made_on_one_edge_is_joined_on_the_other_and_played_through_the_core() {
    let web_port = free_port();
    let split = Split::start_with("nats-tournament", &[], |n| {
        let mut a = vec!["--players-create-tournaments".into(), "true".into()];
        if n == 2 {
            a.extend(["--http-listen".into(), format!("127.0.0.1:{web_port}")]);
        }
        a
    })
    .await;
    let (e1, e2) = (split.e1.addr, split.e2.addr);
    let web: std::net::SocketAddr = format!("127.0.0.1:{web_port}").parse().unwrap();
    let (ka, kb) = (common::new_key(), common::new_key());
    let ann = Term::connect(e1, Login::Key("ann", &ka), 120, 40).await;
    ann.wait_text("you are ann", 10).await;
    let bob = Term::connect(e2, Login::Key("bob", &kb), 120, 40).await;
    bob.wait_text("you are bob", 10).await;

    // Ann, on the first edge, makes a Swiss of one round and enters it by command.
    let (out, status) = common::exec(
        e1,
        "ann",
        &ka,
        "tournament create Split Cup --swiss 1 --casual --clock 5+0 --start +1h",
    )
    .await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("Split Cup"), "{out}");
    let (out, status) = common::exec(e1, "ann", &ka, "tournament join 1").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("you joined Split Cup"), "{out}");
    // Bob, on the second edge, lists it with its one entrant, and joins from his lobby.
    let (out, status) = common::exec(e2, "bob", &kb, "tournaments").await;
    assert_eq!(status, Some(0), "{out}");
    let row = out
        .lines()
        .find(|l| l.contains("Split Cup"))
        .unwrap_or_else(|| panic!("not listed on the second edge: {out}"));
    assert!(row.contains("upcoming"), "{row}");
    bob.wait_text("Split Cup", 10).await;
    bob.send(b"T").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    bob.send(b"\r").await;
    bob.wait_text("Standings", 10).await;
    bob.send(b"j").await;
    bob.wait_text("you joined", 10).await;
    // Both entrants, on either edge; only its organiser may start it.
    for (e, user, key) in [(e1, "ann", &ka), (e2, "bob", &kb)] {
        let v = tournament_json(e, user, key, 1).await;
        let mut nicks: Vec<&str> = v["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["nick"].as_str().unwrap())
            .collect();
        nicks.sort();
        assert_eq!(nicks, ["ann", "bob"], "{v:#}");
    }
    let (out, status) = common::exec(e2, "bob", &kb, "tournament start 1").await;
    assert_eq!(status, Some(1), "bob did not make it: {out}");
    let (out, status) = common::exec(e1, "ann", &ka, "tournament start 1").await;
    assert_eq!(status, Some(0), "{out}");

    // The core pairs them: each is put into the game's set-up on their own edge, and Red
    // resigns at once.
    tokio::join!(play_to_resignation(&ann), play_to_resignation(&bob));
    // The result reaches the core's record, read on either edge: one pairing, Blue's.
    let deadline = Instant::now() + Duration::from_secs(20);
    let v = loop {
        let v = tournament_json(e2, "bob", &kb, 1).await;
        if v["status"] == "Finished" {
            break v;
        }
        assert!(Instant::now() < deadline, "not finished: {v:#}");
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    let pairings = v["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 1, "{v:#}");
    assert_eq!(pairings[0]["round"], 1, "{v:#}");
    assert_eq!(pairings[0]["result"], "blue", "{v:#}");
    let mut pair = [
        pairings[0]["red"].as_str().unwrap(),
        pairings[0]["blue"].as_str().unwrap(),
    ];
    pair.sort();
    assert_eq!(pair, ["ann", "bob"], "{v:#}");
    let (out, _) = common::exec(e1, "ann", &ka, "tournaments").await;
    assert!(
        out.lines()
            .any(|l| l.contains("Split Cup") && l.contains("finished")),
        "{out}"
    );
    // The second edge's web page shows the pairing with its result, from the core's record.
    let page = common::web::http_get(web, "/tournament/1", None).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("Split Cup"), "{}", page.body);
    let api = common::web::http_get(web, "/api/tournament/1", None).await;
    assert_eq!(api.status, 200, "{}", api.body);
    let w: serde_json::Value = serde_json::from_str(&api.body).unwrap();
    assert_eq!(
        w["pairings"].as_array().map(Vec::len),
        Some(1),
        "{}",
        api.body
    );
}

/// One HTTP request to an edge's web as a page of `play.example.org` makes it (its Host,
/// and its Origin on a POST), with `cookie` if any.
async fn web_request(
    web: std::net::SocketAddr,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: &str,
) -> common::web::Resp {
    let mut text = format!("{method} {path} HTTP/1.1\r\nHost: play.example.org\r\nConnection: close\r\nUser-Agent: SplitBrowser/1.0\r\n");
    if method == "POST" {
        text.push_str("Origin: http://play.example.org\r\n");
        text.push_str("Content-Type: application/json\r\n");
        text.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    if let Some(c) = cookie {
        text.push_str(&format!("Cookie: {c}\r\n"));
    }
    text.push_str("\r\n");
    text.push_str(body);
    common::web::http_request(web, &text, path).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_signed_in_through_one_edge_is_signed_in_on_the_other() {
    let ports = [free_port(), free_port()];
    let split = Split::start_with("nats-web-signin", &[], |n| {
        vec![
            "--http-listen".into(),
            format!("127.0.0.1:{}", ports[n as usize - 1]),
        ]
    })
    .await;
    let (e1, e2) = (split.e1.addr, split.e2.addr);
    let webs: Vec<std::net::SocketAddr> = ports
        .iter()
        .map(|p| format!("127.0.0.1:{p}").parse().unwrap())
        .collect();
    let ka = common::new_key();
    let ann = Term::connect(e1, Login::Key("ann", &ka), 100, 30).await;
    ann.wait_text("you are ann", 10).await;
    ann.disconnect().await;

    // A link asked on the first edge, used on the first edge's web.
    let (out, status) = common::exec(e1, "ann", &ka, "web-login").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("sign it in as ann"), "{out}");
    let at = out
        .find("/login/")
        .unwrap_or_else(|| panic!("a link: {out}"));
    let path = out[at..].split_whitespace().next().unwrap().to_string();
    let page = web_request(webs[0], "GET", &path, None, "").await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("Sign in as ann"), "{}", page.body);
    let r = web_request(webs[0], "POST", &path, None, "").await;
    assert_eq!(r.status, 303, "{}", r.body);
    let cookie = r
        .header("set-cookie")
        .expect("a session cookie")
        .split(';')
        .next()
        .unwrap()
        .to_string();
    // Once only, on either edge: the code was the core's.
    assert_eq!(
        web_request(webs[1], "POST", &path, None, "").await.status,
        410
    );
    // The session is the core's: both edges' pages know the browser.
    for web in &webs {
        let home = web_request(*web, "GET", "/", Some(&cookie), "").await;
        assert!(home.body.contains("Signed in as ann."), "{}", home.body);
    }
    let home = web_request(webs[1], "GET", "/", None, "").await;
    assert!(!home.body.contains("Signed in as"), "{}", home.body);
    // The second edge's `web-sessions` lists it and ends it: neither edge knows it now.
    let (out, status) = common::exec(e2, "ann", &ka, "web-sessions").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(
        out.contains("1. since") && out.contains("SplitBrowser/1.0"),
        "{out}"
    );
    let (out, status) = common::exec(e2, "ann", &ka, "web-sessions end all").await;
    assert_eq!(status, Some(0), "{out}");
    for web in &webs {
        let home = web_request(*web, "GET", "/", Some(&cookie), "").await;
        assert!(!home.body.contains("Signed in as"), "{}", home.body);
    }
    // A passkey account's nick is checked against the core's players: ann is taken, on the
    // edge where she never went; another nick gets a challenge.
    let taken = web_request(
        webs[1],
        "POST",
        "/passkey/register/begin",
        None,
        r#"{"nick":"ann"}"#,
    )
    .await;
    assert_eq!(taken.status, 409, "{}", taken.body);
    assert!(taken.body.contains("ann"), "{}", taken.body);
    let free = web_request(
        webs[1],
        "POST",
        "/passkey/register/begin",
        None,
        r#"{"nick":"zed"}"#,
    )
    .await;
    assert_eq!(free.status, 200, "{}", free.body);
    let v: serde_json::Value = serde_json::from_str(&free.body).unwrap();
    assert!(v["challenge"].as_str().is_some_and(|c| c.len() > 20), "{v}");
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// `POST /play/guest` on an edge's web: the guest cookie (`name=value`).
async fn web_guest(web: std::net::SocketAddr) -> String {
    let text = format!(
        "POST /play/guest HTTP/1.1\r\nHost: {web}\r\nOrigin: http://{web}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    let r = common::web::http_request(web, &text, "/play/guest").await;
    assert_eq!(r.status, 303, "a guest session: {}", r.body);
    r.header("set-cookie")
        .expect("a guest cookie")
        .split(';')
        .next()
        .unwrap()
        .to_string()
}

/// The board's socket on an edge's web, with the guest's cookie.
async fn board_socket(web: std::net::SocketAddr, cookie: &str) -> Socket {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{web}/play/ws").into_client_request().unwrap();
    req.headers_mut()
        .insert("Origin", format!("http://{web}").parse().unwrap());
    req.headers_mut().insert("Cookie", cookie.parse().unwrap());
    tokio_tungstenite::connect_async(req)
        .await
        .expect("the board's socket opens")
        .0
}

/// The socket's next message of kind `t` for which `pred` holds.
async fn board_until(
    s: &mut Socket,
    t: &str,
    pred: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let msg = tokio::time::timeout(left, s.next())
            .await
            .unwrap_or_else(|_| panic!("no {t} message in time"))
            .expect("the socket is open")
            .expect("a message");
        if let Message::Text(text) = msg {
            let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            if v["t"] == t && pred(&v) {
                return v;
            }
        }
    }
}

async fn board_send(s: &mut Socket, v: serde_json::Value) {
    use futures_util::SinkExt;
    s.send(tokio_tungstenite::tungstenite::Message::text(v.to_string()))
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_guest_plays_the_computer_through_an_edge_and_comes_back_through_the_other() {
    use serde_json::json;
    let ports = [free_port(), free_port()];
    let mut split = Split::start_with("nats-web-play", &[], |n| {
        vec![
            "--http-listen".into(),
            format!("127.0.0.1:{}", ports[n as usize - 1]),
        ]
    })
    .await;
    let webs: Vec<std::net::SocketAddr> = ports
        .iter()
        .map(|p| format!("127.0.0.1:{p}").parse().unwrap())
        .collect();
    // A guest of the first edge's web plays the computer (the core's) on the board.
    let cookie = web_guest(webs[0]).await;
    let mut s = board_socket(webs[0], &cookie).await;
    let nick = board_until(&mut s, "hello", |_| true).await["nick"].clone();
    assert!(nick.as_str().is_some_and(|n| !n.is_empty()), "{nick}");
    board_send(&mut s, json!({"v": 1, "t": "computer", "level": "random"})).await;
    let setup = board_until(&mut s, "game", |g| g["phase"] == "setup").await;
    let id = setup["id"].as_u64().expect("the game's number");
    board_send(&mut s, json!({"v": 1, "t": "ready"})).await;
    // Three moves of its own, each answered by the computer.
    let mut g = board_until(&mut s, "game", |g| {
        g["phase"] == "play" && g["turn"] == g["me"]
    })
    .await;
    for _ in 0..3 {
        let ply = g["ply"].as_u64().unwrap();
        let m = g["legal"][0].clone();
        board_send(
            &mut s,
            json!({"v": 1, "t": "move", "from": m[0], "to": m[1]}),
        )
        .await;
        g = board_until(&mut s, "game", |n| {
            n["phase"] == "over" || n["ply"].as_u64() == Some(ply + 2)
        })
        .await;
        assert_eq!(g["phase"], "play", "{g}");
    }
    let ply = g["ply"].as_u64().unwrap();
    // The seat's own view: its own ranks, and of the computer's pieces none but those
    // its battles showed (three moves reveal at most a few).
    let (mine, theirs): (Vec<&serde_json::Value>, Vec<&serde_json::Value>) = g["board"]
        .as_array()
        .unwrap()
        .iter()
        .partition(|p| p["c"] == g["me"]);
    assert!(mine.iter().all(|p| p["r"].is_string()), "{g}");
    let hidden = theirs.iter().filter(|p| p["r"].is_null()).count();
    assert!(theirs.len() >= 36 && hidden + 3 >= theirs.len(), "{g}");
    // The socket drops; the same cookie on the second edge's web is the same guest (its
    // session is the core's), back in the same seat of the same game.
    drop(s);
    let mut s = board_socket(webs[1], &cookie).await;
    assert_eq!(board_until(&mut s, "hello", |_| true).await["nick"], nick);
    let back = board_until(&mut s, "game", |_| true).await;
    assert_eq!(back["id"].as_u64(), Some(id), "{back}");
    assert_eq!(back["me"], setup["me"], "{back}");
    assert_eq!(back["ply"].as_u64(), Some(ply), "{back}");
    board_send(&mut s, json!({"v": 1, "t": "resign"})).await;
    board_until(&mut s, "game", |g| g["phase"] == "over").await;
    drop(s);
    // The core stored the game: the guest's seat, the moves played, lost by resignation.
    let store = split.core_store().await;
    let mut rec = None;
    for _ in 0..50 {
        rec = store.games().get(id).unwrap();
        if rec.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let rec = rec.expect("the game is stored by the core");
    assert_eq!(rec.record.moves.len() as u64, ply, "{:?}", rec.record.moves);
    let nicks = [rec.seats.red.nick.as_str(), rec.seats.blue.nick.as_str()];
    assert!(nicks.contains(&nick.as_str().unwrap()), "{nicks:?}");
    assert_eq!(rec.outcome.reason, EndReason::Resignation);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_core_and_the_edges_speak_tls_to_a_nats_server_that_requires_it() {
    let dir = Dir::new("nats-tls");
    let ca = make_certs(&dir.0.join("tls"));
    let ca_arg = ca.display().to_string();
    let tls = ["--nats-tls-ca", ca_arg.as_str()];
    let split = Split::start_in(dir, &tls, |_| {
        vec!["--nats-tls-ca".into(), ca.display().to_string()]
    })
    .await;
    // The NATS server takes nothing but TLS: a client that does not trust its authority is
    // refused, one that does is heard.
    let plain = tokio::time::timeout(
        Duration::from_secs(5),
        async_nats::ConnectOptions::with_user_and_password(
            "edge1".into(),
            "edge1-test-pass".into(),
        )
        .connect(&split.url),
    )
    .await;
    assert!(
        !matches!(plain, Ok(Ok(_))),
        "a client without the authority connected"
    );
    as_edge_tls(&split.url, Some(&ca)).await;
    // Two players on the two edges play through the core, over TLS.
    let alice = Term::connect(split.e1.addr, Login::Guest, 120, 40).await;
    let bob = Term::connect(split.e2.addr, Login::Guest, 120, 40).await;
    let (red, blue, ..) = game_across(&alice, &bob).await;
    let mut rng = Rng(46);
    move_seen(red, blue, &mut rng).await;
    move_seen(blue, red, &mut rng).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_backup_asked_on_an_edge_is_the_cores_copy_under_its_root() {
    let admin = common::new_key();
    let admin_fp = common::fingerprint(&admin);
    let dir = Dir::new("nats-backup");
    let root = dir.0.join("core-backups");
    let root_arg = root.display().to_string();
    let mut split = Split::start_in(dir, &["--backup-root", root_arg.as_str()], |_| {
        vec!["--admin".into(), admin_fp.clone()]
    })
    .await;
    // Something in the core's store to copy: a key's nick.
    let kd = common::new_key();
    let dora = Term::connect(split.e1.addr, Login::Key("dora", &kd), 100, 30).await;
    dora.wait_text("you are dora", 10).await;
    dora.disconnect().await;
    // Asked on the second edge: written by the core, under the core's root.
    let (out, status) = common::exec(split.e2.addr, "warden", &admin, "admin backup b1").await;
    assert_eq!(status, Some(0), "{out}");
    assert!(out.contains("b1"), "{out}");
    // Outside the core's root: refused in words, nothing written.
    let (out, status) = common::exec(split.e1.addr, "warden", &admin, "admin backup ../out").await;
    assert_eq!(status, Some(2), "{out}");
    assert!(out.contains("backup root"), "{out}");
    assert!(!root.parent().unwrap().join("out").exists());
    // The copy is the core's store: it opens, and holds dora.
    let _ = split.core_store().await;
    let copy = Store::open(root.join("b1")).expect("the copy opens as a store");
    let user = copy.users().by_nick("dora").unwrap();
    assert!(user.is_some(), "dora is in the core's copy");
}

/// A raw WebDriver command to the session: `POST /session/{id}/{path}` with `body` (Chrome's
/// virtual authenticator, as tests/web_passkey.rs adds it).
#[derive(Debug)]
struct Raw {
    path: &'static str,
    body: serde_json::Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for Raw {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/{}",
            session.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

async fn click(b: &browser::Browser, css: &str) {
    b.client
        .find(fantoccini::Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"));
}

/// The browser is on the board's lobby, playing as `nick`.
async fn board_lobby_as(b: &browser::Browser, nick: &str) {
    let want = format!("You play as {nick}.");
    let script = format!(
        "const y = document.getElementById('play-you'); return location.pathname === '/play' && !!y && y.textContent.startsWith({});",
        serde_json::json!(want)
    );
    assert!(
        b.until(15.0, &script).await,
        "the board's lobby as {nick}: {} at {:?}",
        b.text().await,
        b.client.current_url().await.map(|u| u.to_string())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_passkey_made_through_one_edge_signs_in_through_the_other() {
    let ports = [free_port(), free_port()];
    let mut split = Split::start_with("nats-passkey", &[], |n| {
        vec![
            "--http-listen".into(),
            format!("127.0.0.1:{}", ports[n as usize - 1]),
        ]
    })
    .await;
    // `localhost`: a secure context over plain http, and a relying party id (127.0.0.1 is
    // not); the two edges are one site on two ports, as behind one balancer.
    let site = |n: usize| format!("http://localhost:{}", ports[n]);
    let b = browser::Browser::start(1000, 800).await;
    b.client
        .issue_cmd(Raw {
            path: "webauthn/authenticator",
            body: serde_json::json!({
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": true,
                "hasUserVerification": true,
                "isUserConsenting": true,
                "isUserVerified": true,
            }),
        })
        .await
        .expect("Chrome's virtual authenticator");
    // An account made with a passkey on the first edge's /account: the board's lobby (the
    // core's) knows the browser as Pia.
    b.goto(&format!("{}/account", site(0))).await;
    b.client
        .find(fantoccini::Locator::Css("#passkey-nick"))
        .await
        .unwrap()
        .send_keys("Pia")
        .await
        .unwrap();
    click(&b, "#passkey-create").await;
    board_lobby_as(&b, "Pia").await;
    // Signed out, then in again with the passkey, on the second edge.
    b.goto(&format!("{}/account", site(1))).await;
    click(&b, "form[action='/logout'] button").await;
    assert!(b.until(10.0, "return location.pathname === '/';").await);
    b.goto(&format!("{}/account", site(1))).await;
    assert!(
        b.text().await.contains("Create an account with a passkey"),
        "signed out: {}",
        b.text().await
    );
    click(&b, "#passkey-sign-in").await;
    board_lobby_as(&b, "Pia").await;
    b.close().await;
    // The account and its passkey are the core's.
    let store = split.core_store().await;
    let pia = store
        .users()
        .by_nick("pia")
        .unwrap()
        .expect("Pia's account in the core's store");
    assert_eq!(store.web().passkeys(&pia.owner).unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn where_the_nats_server_asks_for_client_certificates_the_processes_show_theirs() {
    let dir = Dir::new("nats-mtls");
    let tls = dir.0.join("tls");
    let ca = make_certs(&tls);
    std::fs::write(tls.join("verify"), "").unwrap();
    let flags: Vec<String> = [
        ("--nats-tls-ca", "ca.pem"),
        ("--nats-tls-cert", "client.pem"),
        ("--nats-tls-key", "client.key"),
    ]
    .iter()
    .flat_map(|(f, file)| [f.to_string(), tls.join(file).display().to_string()])
    .collect();
    let core_flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let split = Split::start_in(dir, &core_flags, |_| flags.clone()).await;
    // A client that trusts the authority but shows no certificate is refused.
    let bare = tokio::time::timeout(
        Duration::from_secs(5),
        async_nats::ConnectOptions::with_user_and_password(
            "edge1".into(),
            "edge1-test-pass".into(),
        )
        .require_tls(true)
        .add_root_certificates(ca.clone())
        .connect(&split.url),
    )
    .await;
    assert!(
        !matches!(bare, Ok(Ok(_))),
        "a client without a certificate connected"
    );
    // The core and the edges showed theirs: two players on two edges play.
    let alice = Term::connect(split.e1.addr, Login::Guest, 120, 40).await;
    let bob = Term::connect(split.e2.addr, Login::Guest, 120, 40).await;
    let (red, blue, ..) = game_across(&alice, &bob).await;
    let mut rng = Rng(52);
    move_seen(red, blue, &mut rng).await;
    move_seen(blue, red, &mut rng).await;
}
