//! Correspondence games (issue 47, item 4): days a move, no need to stay connected.
//!
//! - The core keeps each move's deadline as a time of day: a game stored with its turn
//!   begun eight days ago under 7 days a move is lost on time as soon as it is restored,
//!   with nobody connected; one begun a day ago under 3 days keeps its deadline (not three
//!   fresh days), is not ended by the reconnect time or by both players being away, and
//!   cannot be claimed.
//! - End to end over real SSH clients (the line mode and exec commands): a game played over
//!   three logins across a server restart reaches a result, and `games --my-turn` exits 0
//!   exactly when a move is due.

#[path = "common/browser.rs"]
mod browser;
mod common;

use std::time::Duration;

use common::line::{candidates, LineClient};
use common::lobby_client::{join, Client};
use common::{exec, new_key, start_server, tempdir, Login};

use stratego_ssh::game::SessionEvent;
use stratego_ssh::lobby::{self, LobbyConfig};
use stratego_ssh::proto::{GameCmd, GameTerms, LobbyCmd, PlayerId};
use stratego_ssh::rules::{ByColor, Color, EndReason, Rules, Setup, Variant};
use stratego_ssh::store::{LiveGame, LiveSetup, SeatRecord, Store};

/// How long anything may take on a slow shared machine, in seconds.
const SLOW: u64 = 60;
const DAY: u64 = 86_400;

fn now() -> u64 {
    stratego_ssh::store::now()
}

fn corr_terms(days: u8) -> GameTerms {
    GameTerms {
        rules: Rules::standard(Variant::Classic),
        rated: false,
        clock: None,
        days: Some(days),
        budget: None,
    }
}

fn seat(n: &str) -> SeatRecord {
    SeatRecord {
        identity: PlayerId::Key(format!("SHA256:{n}")),
        nick: n.into(),
    }
}

/// A correspondence game in progress as the store keeps it, Red to move since `since`.
fn stored(id: u64, days: u8, since: u64) -> LiveGame {
    let rules = Rules::standard(Variant::Classic);
    LiveGame {
        id,
        terms: corr_terms(days),
        seats: ByColor::new(seat("alice"), seat("bob")),
        red: Setup::random(&rules, Color::Red, id),
        blue: Setup::random(&rules, Color::Blue, id + 100),
        moves: vec![],
        clocks: None,
        started: since,
        private: false,
        turn_since: Some(since),
        turn_starts: vec![],
    }
}

/// Waits (up to `secs`) until the store has game `id` finished.
async fn finished(store: &Store, id: u64, secs: u64) -> stratego_ssh::store::FinishedGame {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    loop {
        if let Some(g) = store.games().get(id).unwrap() {
            return g;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "game {id} not finished in {secs} s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deadlines_are_kept_across_a_restart_and_a_late_move_loses_on_time() {
    let dir = tempdir::Dir::new("corr-deadline");
    let store = Store::open(&dir.0).unwrap();
    let t = now();
    // Game 7: Red's turn began eight days ago, 7 days a move: over while the server was down.
    store.live().save(&stored(7, 7, t - 8 * DAY)).await.unwrap();
    // Game 8: Red's turn began a day ago, 3 days a move: two days left, not three.
    store.live().save(&stored(8, 3, t - DAY)).await.unwrap();
    let mut config = LobbyConfig::default();
    // Short enough to pass during the test: neither may end a correspondence game.
    config.game.reconnect_grace = Duration::from_millis(300);
    config.game.abandoned_after = Duration::from_millis(600);
    let lobby = lobby::spawn(config, store.clone());

    // Nobody connected: the core itself ends game 7, on time, won by Blue.
    let g = finished(&store, 7, 10).await;
    assert_eq!(g.outcome.winner, Some(Color::Blue), "{:?}", g.outcome);
    assert_eq!(g.outcome.reason, EndReason::Time);

    // Game 8 waits for alice (Red) with the deadline it had: a day after its turn began
    // plus three, whatever the restart.
    let alice_id = PlayerId::Key("SHA256:alice".into());
    let bob_id = PlayerId::Key("SHA256:bob".into());
    let waiting = waiting_after(&lobby, &alice_id, 7).await;
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!(waiting[0].id, 8);
    assert_eq!(waiting[0].deadline, t - DAY + 3 * DAY);
    assert_eq!(waiting[0].opponent, "bob");
    assert!(lobby.waiting(bob_id).await.is_empty());

    // Bob comes and goes twice, past the reconnect time and the both-away time: the game
    // goes on (leaving is not abandoning), and bob cannot claim it.
    let mut bob: Client = join(&lobby, "bob").await;
    lobby.command(bob.session, LobbyCmd::Spectate(8));
    let seat = loop {
        if let SessionEvent::EnterGame(seat) = bob.next_event().await {
            break seat;
        }
    };
    seat.send(GameCmd::ClaimWin).await;
    assert!(bob
        .notice_containing("not abandoned")
        .await
        .contains("until the deadline"),);
    drop(seat);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(store.games().get(8).unwrap().is_none(), "game 8 ended");
    assert_eq!(lobby.waiting(alice_id.clone()).await.len(), 1);

    // Alice, arriving, is told her move waits and stays in the lobby (not seated).
    let mut alice = join(&lobby, "alice").await;
    let notice = alice.notice_containing("Your move").await;
    assert!(notice.contains("#8"), "{notice}");
    let got = tokio::time::timeout(Duration::from_millis(500), async {
        loop {
            if let SessionEvent::EnterGame(s) = alice.next_event().await {
                return s.game;
            }
        }
    })
    .await;
    assert!(got.is_err(), "seated in game {got:?} on arrival");
    lobby.shutdown().await;
}

/// A correspondence seek is refused to a guest, with days other than 1, 3, 7, and with a
/// total budget other than 15, 30, 60 days or without days; the computer never takes one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn correspondence_seeks_refused_clearly() {
    let config = LobbyConfig {
        bots_accept_seeks: Some(Duration::from_millis(100)),
        ..LobbyConfig::default()
    };
    let lobby = lobby::spawn(config, Store::temporary().unwrap());
    let mut alice = join(&lobby, "alice").await;
    let seek = |terms: GameTerms| LobbyCmd::Seek {
        terms,
        private_to: None,
        private: false,
    };
    lobby.command(alice.session, seek(corr_terms(2)));
    assert_eq!(
        alice.next_notice().await,
        "a correspondence game gives 1, 3 or 7 days a move, not 2"
    );
    // A total budget other than 15, 30 or 60 days, or one without days a move.
    let mut t = corr_terms(3);
    t.budget = Some(20);
    lobby.command(alice.session, seek(t));
    assert_eq!(
        alice.next_notice().await,
        "a correspondence game's total budget is 15, 30 or 60 days, not 20"
    );
    let mut t = corr_terms(3);
    (t.days, t.budget) = (None, Some(30));
    lobby.command(alice.session, seek(t));
    assert!(alice
        .next_notice()
        .await
        .starts_with("a total budget is for a correspondence game"));
    assert!(lobby.snapshot().seeks.is_empty(), "nothing posted");
    let mut guest = common::lobby_client::join_as(
        &lobby,
        stratego_ssh::lobby::Ident {
            id: PlayerId::Guest("g1".into()),
            nick: "guest-1".into(),
            guest: true,
            addr: None,
        },
    )
    .await;
    lobby.command(guest.session, seek(corr_terms(3)));
    assert!(guest
        .notice_containing("connect with an SSH key")
        .await
        .contains("correspondence"));
    // A good one is posted, and stays open past the computer's time to take seeks.
    lobby.command(alice.session, seek(corr_terms(3)));
    common::lobby_client::until_lobby(&lobby, "the seek", |l| !l.seeks.is_empty()).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    let l = lobby.snapshot();
    assert_eq!(l.seeks.len(), 1, "{l:?}");
    assert!(l.games.is_empty(), "the computer took it: {l:?}");
    lobby.shutdown().await;
}

/// `games --my-turn` for a key: its output and exit status.
async fn my_turn(
    addr: std::net::SocketAddr,
    nick: &str,
    key: &russh::keys::PrivateKey,
) -> (String, u32) {
    let (out, status) = exec(addr, nick, key, "games --my-turn").await;
    (out, status.expect("an exit status"))
}

/// The side to move plays one legal move in lines (its line client is at `your move>`).
async fn play_a_move(c: &mut LineClient, red: bool, ply: usize) -> String {
    c.send("board").await;
    let back_row = if red { "Row 1:" } else { "Row 10:" };
    let board = c
        .until("the board", SLOW, |x| x.starts_with(back_row))
        .await;
    for (from, to) in candidates(&board, if red { 1 } else { -1 }, ply) {
        c.send(&format!("{} {}", from.to_lowercase(), to)).await;
        let (quiet, battle) = (format!("You moved {from}-{to}"), format!("{from}x{to}:"));
        let said = c
            .until("the move's answer", SLOW, |x| !x.ends_with("> "))
            .await;
        let answer = said.last().unwrap();
        if answer.starts_with(&quiet) || answer.starts_with(&battle) {
            return answer.clone();
        }
    }
    panic!("no legal move in {board:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_over_three_logins_and_a_restart() {
    let srv = start_server("corr-e2e").await;
    let addr = srv.running.addr;
    let (ka, kb) = (new_key(), new_key());

    // Login 1: nothing due yet; alice challenges bob to 3 days a move; both set up; Red
    // moves; both leave.
    let mut alice = LineClient::open(addr, Login::Key("alice", &ka), "play").await;
    let mut bob = LineClient::open(addr, Login::Key("bob", &kb), "play").await;
    alice.until_has("lobby>", SLOW).await;
    bob.until_has("lobby>", SLOW).await;
    let (out, status) = my_turn(addr, "alice", &ka).await;
    assert_eq!(status, 1, "nothing due: {out}");
    alice.send("challenge bob classic 3d").await;
    alice.until_has("Challenge sent to bob.", SLOW).await;
    bob.until_has("alice challenges you: Classic, 3 days a move", SLOW)
        .await;
    bob.send("seeks").await;
    bob.until_has("1. alice challenges you", SLOW).await;
    bob.send("accept 1").await;
    let start = bob
        .until("the game's start line", SLOW, |x| {
            x.starts_with("Game ") && x.contains("You play")
        })
        .await;
    let line = start.last().unwrap().clone();
    let id: u64 = line["Game ".len()..]
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let bob_red = line.contains("You play Red");
    for c in [&mut alice, &mut bob] {
        c.until_has("Set up your army", SLOW).await;
        c.send("random").await;
        c.until_has("A new random set-up", SLOW).await;
        c.send("ready").await;
    }
    for c in [&mut alice, &mut bob] {
        c.until_has("The game begins", SLOW).await;
    }
    let ((red, red_key, red_nick), (blue, blue_key, blue_nick)) = if bob_red {
        ((bob, &kb, "bob"), (alice, &ka, "alice"))
    } else {
        ((alice, &ka, "alice"), (bob, &kb, "bob"))
    };
    let (mut red, mut blue) = (red, blue);
    // Red to move: due for Red, not for Blue.
    let (out, status) = my_turn(addr, red_nick, red_key).await;
    assert_eq!(status, 0, "{out}");
    assert!(out.contains(&format!("#{id} against {blue_nick}")), "{out}");
    assert!(out.contains("left"), "{out}");
    assert_eq!(my_turn(addr, blue_nick, blue_key).await.1, 1);
    red.until_has("Your turn.", SLOW).await;
    // Red leaves before the first move: a correspondence game waits (no abort), and Red
    // comes back into it.
    red.send("quit").await;
    red.until_has(&format!("You left correspondence game {id}"), SLOW)
        .await;
    red.until_has("lobby>", SLOW).await;
    red.send(&format!("watch {id}")).await;
    red.until_has("Your turn.", SLOW).await;
    play_a_move(&mut red, true, 0).await;
    blue.until_has("Your turn.", SLOW).await;
    for c in [red, blue] {
        c.disconnect().await;
    }
    // Both gone: the game waits; Blue's move is due.
    let (out, status) = my_turn(addr, blue_nick, blue_key).await;
    assert_eq!(status, 0, "{out}");
    assert_eq!(my_turn(addr, red_nick, red_key).await.1, 1);

    // The server restarts on the same data.
    let common::TestServer { running, dir } = common::restart_server(srv).await;
    let addr = running.addr;

    // Login 2: still Blue's move, told on arrival; Blue lists it, plays it, leaves.
    let (out, status) = my_turn(addr, blue_nick, blue_key).await;
    assert_eq!(status, 0, "after the restart: {out}");
    assert!(out.contains(&format!("#{id}")), "{out}");
    assert_eq!(my_turn(addr, red_nick, red_key).await.1, 1);
    // On the screens: the notice on arrival, and the games list names the game.
    let screen = common::Term::connect(addr, Login::Key(blue_nick, blue_key), 120, 40).await;
    screen
        .wait_text(&format!("Your move in correspondence game #{id}"), SLOW)
        .await;
    let lobby = screen.wait_text(&format!("Your move: #{id}"), SLOW).await;
    // Three days from Red's move, a few seconds ago (the restart gave none back).
    assert!(
        lobby.contains("your move: 3 d 0 h") || lobby.contains("your move: 2 d 23 h"),
        "{lobby}"
    );
    screen.disconnect().await;
    let mut blue = LineClient::open(addr, Login::Key(blue_nick, blue_key), "play").await;
    blue.until_has(
        &format!("Your move in correspondence game #{id}. Type turn"),
        SLOW,
    )
    .await;
    blue.until_has("lobby>", SLOW).await;
    blue.send("turn").await;
    blue.until_has(&format!("Game {id} against {red_nick}"), SLOW)
        .await;
    blue.send(&format!("watch {id}")).await;
    let turn = blue.until_has("Your turn.", SLOW).await;
    // The clocks in lines: Blue's time to its deadline as hours (three days from Red's
    // move, seconds ago), Red's whole allowance.
    let turn = turn.last().unwrap();
    assert!(
        (turn.contains("71:59:") || turn.contains("72:00:00")) && turn.contains("72:00:00"),
        "{turn}"
    );
    play_a_move(&mut blue, false, 1).await;
    blue.send("quit").await;
    blue.until_has(&format!("You left correspondence game {id}"), SLOW)
        .await;
    blue.disconnect().await;
    let (out, status) = my_turn(addr, red_nick, red_key).await;
    assert_eq!(status, 0, "{out}");
    assert_eq!(my_turn(addr, blue_nick, blue_key).await.1, 1);

    // Login 3: Red comes back into the game and resigns: a result, stored.
    let mut red = LineClient::open(addr, Login::Key(red_nick, red_key), "play").await;
    red.until_has("lobby>", SLOW).await;
    red.send(&format!("watch {id}")).await;
    red.until_has("Your turn.", SLOW).await;
    red.send("resign").await;
    red.until_has("Game over:", SLOW).await;
    red.disconnect().await;
    let g = finished(&running.store, id, 10).await;
    assert_eq!(g.outcome.reason, EndReason::Resignation);
    assert_eq!(
        g.record.moves.len(),
        2,
        "both moves kept across the restart"
    );
    assert_eq!(g.terms.days, Some(3));
    for (nick, key) in [(red_nick, red_key), (blue_nick, blue_key)] {
        let (out, status) = my_turn(addr, nick, key).await;
        assert_eq!(status, 1, "{nick}, after the end: {out}");
    }
    running.stop().await;
    drop(dir);
}

/// One HTTP request to the web pages (Host play.example.org), read whole.
async fn web_request(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
) -> common::web::Resp {
    let mut text =
        format!("{method} {path} HTTP/1.1\r\nHost: play.example.org\r\nConnection: close\r\n");
    for (k, v) in headers {
        text.push_str(&format!("{k}: {v}\r\n"));
    }
    if method == "POST" {
        text.push_str("Content-Length: 0\r\n");
    }
    text.push_str("\r\n");
    common::web::http_request(addr, &text, path).await
}

/// The web profile: its signed-in owner sees the correspondence games waiting for their
/// move (never cached by a shared cache); anyone else, or the owner signed out, does not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owners_web_profile_lists_the_games_waiting() {
    let (server, web) = common::web::web_server("corr-web", |_| {}).await;
    let addr = server.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let mut ann = LineClient::open(addr, Login::Key("ann", &ka), "play").await;
    let mut ben = LineClient::open(addr, Login::Key("ben", &kb), "play").await;
    ann.until_has("lobby>", SLOW).await;
    ben.until_has("lobby>", SLOW).await;
    ann.send("challenge ben classic 1d casual").await;
    ann.until_has("Challenge sent to ben.", SLOW).await;
    ben.until_has("ann challenges you: Classic, 1 day a move", SLOW)
        .await;
    ben.send("seeks").await;
    ben.until_has("1. ann challenges you", SLOW).await;
    ben.send("accept 1").await;
    for c in [&mut ann, &mut ben] {
        c.until_has("Set up your army", SLOW).await;
        c.send("random").await;
        c.until_has("A new random set-up", SLOW).await;
        c.send("ready").await;
    }
    ann.until_has("The game begins", SLOW).await;
    ben.until_has("The game begins", SLOW).await;
    let ann_red = ann.lines().iter().any(|l| l.contains("You play Red"));
    let (red, red_key, blue) = if ann_red {
        ("ann", &ka, "ben")
    } else {
        ("ben", &kb, "ann")
    };
    // Red's browser, signed in with a link from SSH (asked again until the nick is kept).
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let out = loop {
        let (out, status) = exec(addr, red, red_key, "web-login").await;
        if status == Some(0) && out.contains("/login/") {
            break out;
        }
        assert!(std::time::Instant::now() < deadline, "{out}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let at = out.find("/login/").unwrap();
    let path = out[at..].split_whitespace().next().unwrap().to_string();
    let r = web_request(web, "POST", &path, &[("Origin", "http://play.example.org")]).await;
    let cookie = r
        .header("set-cookie")
        .expect("signed in")
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let own = web_request(web, "GET", &format!("/@/{red}"), &[("Cookie", &cookie)]).await;
    assert_eq!(own.status, 200, "{}", own.body);
    assert!(own.body.contains("Your move"), "{}", own.body);
    assert!(
        own.body.contains(&format!("against {blue}")),
        "{}",
        own.body
    );
    assert_eq!(
        own.header("cache-control").as_deref(),
        Some("private, no-store")
    );
    // Signed out, or someone else's profile: no such section.
    let anon = web_request(web, "GET", &format!("/@/{red}"), &[]).await;
    assert_eq!(anon.status, 200);
    assert!(!anon.body.contains("Your move"), "{}", anon.body);
    let other = web_request(web, "GET", &format!("/@/{blue}"), &[("Cookie", &cookie)]).await;
    assert!(!other.body.contains("Your move"), "{}", other.body);
    // The game's live page names its days a move.
    let start = ann
        .lines()
        .into_iter()
        .find(|l| l.starts_with("Game ") && l.contains("You play"))
        .unwrap();
    let id: u64 = start["Game ".len()..]
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let page = web_request(web, "GET", &format!("/game/{id}"), &[]).await;
    assert!(
        page.body.contains("1 day a move (correspondence)"),
        "{}",
        page.body
    );
    // Finished (Red resigns), its page and JSON still say so.
    let red_lines = if ann_red { &mut ann } else { &mut ben };
    red_lines.send("resign").await;
    red_lines.until_has("Game over:", SLOW).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let api = web_request(web, "GET", &format!("/api/game/{id}"), &[]).await;
        if api.status == 200 && api.body.contains("\"outcome\"") {
            assert!(api.body.contains("\"days\":1"), "{}", api.body);
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{}", api.body);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let page = web_request(web, "GET", &format!("/game/{id}"), &[]).await;
    assert!(
        page.body.contains("1 day a move (correspondence)"),
        "{}",
        page.body
    );
    for c in [ann, ben] {
        c.disconnect().await;
    }
}

/// The opponent moves while the player is in the lobby: the player is told at once (on
/// the screens' bottom line), and the game is listed as theirs to move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_made_tells_the_opponent_in_the_lobby() {
    use common::lobby_client::until;
    use stratego_ssh::proto::GamePhase;
    use stratego_ssh::rules::Game;
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: corr_terms(1),
            private_to: Some("bob".into()),
            private: false,
        },
    );
    bob.notice_containing("alice challenges you").await;
    lobby.command(bob.session, LobbyCmd::Accept(1));
    let (a, _) = alice.next_seat().await;
    let (mut b, _) = bob.next_seat().await;
    let rules = Rules::standard(Variant::Classic);
    let mut setups = std::collections::HashMap::new();
    for (seat, seed) in [(&a, 7), (&b, 8)] {
        let c = seat.color.unwrap();
        let s = Setup::random(&rules, c, seed);
        setups.insert(c, s.clone());
        seat.send(GameCmd::SubmitSetup(s)).await;
    }
    until(&mut b, "play", |s| s.phase == GamePhase::Playing).await;
    let (red, blue, mut blue_client) = if a.color == Some(Color::Red) {
        (a, b, bob)
    } else {
        (b, a, alice)
    };
    // Blue leaves for the lobby; Red moves.
    drop(blue);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let game = Game::new(rules, &setups[&Color::Red], &setups[&Color::Blue]).unwrap();
    red.send(GameCmd::Move(game.legal_moves()[0])).await;
    let told = blue_client
        .notice_containing("your move in correspondence game #1")
        .await;
    assert!(told.contains("moved"), "{told}");
    // The lobby's list says whose move it is (published within a moment).
    common::lobby_client::until_lobby(&lobby, "Blue's move listed", |l| {
        l.games.len() == 1 && l.games[0].turn.map(|t| t.0) == Some(Color::Blue)
    })
    .await;
    lobby.shutdown().await;
}

/// A correspondence game in its set-up as the store keeps it: made `ago` seconds ago,
/// alice (Red) ready when `red_ready`, bob (Blue) not.
fn stored_setup(id: u64, days: u8, started: u64, red_ready: bool) -> LiveSetup {
    let rules = Rules::standard(Variant::Classic);
    LiveSetup {
        id,
        terms: corr_terms(days),
        seats: ByColor::new(seat("alice"), seat("bob")),
        setups: ByColor::new(
            red_ready.then(|| Setup::random(&rules, Color::Red, id)),
            None,
        ),
        started,
        private: false,
    }
}

/// Waits (up to `secs`) until game `id` is no longer stored in its set-up.
async fn setup_gone(store: &Store, id: u64, secs: u64) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    while store.live().setups().unwrap().iter().any(|g| g.id == id) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "game {id} still in set-up after {secs} s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A correspondence set-up is kept on disk (a restart finds the set-up made and the
/// deadline, counted from the game's start), listed as due to the side not ready, and
/// decided by its deadline as an ordinary set-up is by its own: the side not ready loses,
/// with neither ready the game is aborted; neither is recorded (no move was played).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_set_up_is_kept_across_a_restart_and_its_deadline_decides() {
    use common::lobby_client::until;
    use stratego_ssh::proto::GamePhase;
    let dir = tempdir::Dir::new("corr-setup-deadline");
    let store = Store::open(&dir.0).unwrap();
    let t = now();
    // Game 5: alice ready, bob not; 3 days a move, made 3 days less 4 s ago.
    store
        .live()
        .save_setup(&stored_setup(5, 3, t - 3 * DAY + 4, true))
        .await
        .unwrap();
    // Game 6: neither ready, same deadline.
    store
        .live()
        .save_setup(&stored_setup(6, 3, t - 3 * DAY + 4, false))
        .await
        .unwrap();
    // Game 7: alice ready; its deadline passed while the server was down.
    store
        .live()
        .save_setup(&stored_setup(7, 1, t - 2 * DAY, true))
        .await
        .unwrap();
    // Game 8: a day of 7 gone; nobody ready: waits six more days.
    store
        .live()
        .save_setup(&stored_setup(8, 7, t - DAY, false))
        .await
        .unwrap();
    let mut config = LobbyConfig::default();
    // Neither may end a correspondence set-up.
    config.game.reconnect_grace = Duration::from_millis(300);
    config.game.abandoned_after = Duration::from_millis(600);
    config.game.setup_deadline = Some(Duration::from_millis(500));
    let lobby = lobby::spawn(config, store.clone());

    // Game 7 ends at once with nobody there, unrecorded and forgotten.
    setup_gone(&store, 7, 10).await;
    assert!(store.games().get(7).unwrap().is_none());

    // The waiting lists: bob owes both set-ups, alice only game 6's and game 8's; the
    // deadlines are the stored start plus the days, whatever the restart.
    let (alice_id, bob_id) = (
        PlayerId::Key("SHA256:alice".into()),
        PlayerId::Key("SHA256:bob".into()),
    );
    let bob_due = lobby.waiting(bob_id).await;
    let ids: Vec<u64> = bob_due.iter().map(|w| w.id).collect();
    assert_eq!(ids, vec![5, 6, 8], "{bob_due:?}");
    assert!(bob_due.iter().all(|w| w.setup), "{bob_due:?}");
    assert_eq!(bob_due[0].deadline, t + 4);
    assert_eq!(bob_due[2].deadline, t + 6 * DAY);
    let alice_due: Vec<u64> = lobby.waiting(alice_id).await.iter().map(|w| w.id).collect();
    assert_eq!(alice_due, vec![6, 8]);

    // Past the ordinary set-up deadline and the reconnect time, nothing has ended.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(store.live().setups().unwrap().len(), 3);

    // alice comes back into game 5: her set-up is there; bob comes into game 6.
    let mut alice = join(&lobby, "alice").await;
    lobby.command(alice.session, LobbyCmd::Spectate(5));
    let (mut a5, _) = alice.next_seat().await;
    assert_eq!(a5.color, Some(Color::Red));
    {
        let s = a5.snapshots.borrow_and_update();
        assert_eq!(s.phase, GamePhase::Setup);
        assert!(s.my_setup.is_some(), "alice's stored set-up is back");
        assert!(s.seats.red.ready && !s.seats.blue.ready);
        let left = s.setup_left.expect("a set-up deadline shown");
        assert!(left <= Duration::from_secs(4), "{left:?}");
    }
    // A word to bob: the game answers alice's terminal from now on (notices go there).
    a5.send(GameCmd::Chat("ready when you are".into())).await;
    let mut bob = join(&lobby, "bob").await;
    lobby.command(bob.session, LobbyCmd::Spectate(6));
    let (mut b6, _) = bob.next_seat().await;

    // The deadline passes: bob, not ready, loses game 5; game 6 is aborted.
    until(&mut a5, "game 5 over", |s| s.phase == GamePhase::Over).await;
    let o = a5.snapshots.borrow().outcome.unwrap();
    assert_eq!(o.winner, Some(Color::Red), "{o:?}");
    assert_eq!(o.reason, EndReason::Time);
    until(&mut b6, "game 6 over", |s| s.phase == GamePhase::Over).await;
    assert_eq!(
        b6.snapshots.borrow().outcome.unwrap().reason,
        EndReason::Aborted
    );
    assert!(alice
        .notice_containing("ran out")
        .await
        .contains("bob was not ready"));
    setup_gone(&store, 5, 10).await;
    setup_gone(&store, 6, 10).await;
    assert!(store.games().get(5).unwrap().is_none());
    // Game 8 waits on.
    let left: Vec<u64> = store
        .live()
        .setups()
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(left, vec![8]);
    lobby.shutdown().await;
}

/// The games waiting for a player are theirs by identity: renamed, they are still listed
/// (to every session of theirs); someone else under their old nick sees none of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_waiting_list_follows_the_identity_through_a_rename() {
    let dir = tempdir::Dir::new("corr-rename");
    let store = Store::open(&dir.0).unwrap();
    // Game 3: Red (alice) to move, a day into three.
    store.live().save(&stored(3, 3, now() - DAY)).await.unwrap();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());
    let waiting_of = |c: &mut Client| {
        let mut last = None;
        while let Ok(ev) = c.events.try_recv() {
            if let SessionEvent::Waiting(list) = ev {
                last = Some(list);
            }
        }
        last
    };
    let mut alice = join(&lobby, "alice").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let list = waiting_of(&mut alice).expect("a waiting list on arrival");
    assert_eq!(list.iter().map(|w| w.id).collect::<Vec<_>>(), vec![3]);
    // alice becomes alicia; a newcomer takes the nick alice.
    lobby.renamed(alice.session, "alicia".into());
    let mut other = common::lobby_client::join_as(
        &lobby,
        stratego_ssh::lobby::Ident {
            id: PlayerId::Key("SHA256:newcomer".into()),
            nick: "alice".into(),
            guest: false,
            addr: None,
        },
    )
    .await;
    // A second terminal of alicia's, after the rename.
    let mut again = join_as_key(&lobby, "alice", "alicia").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let theirs = waiting_of(&mut other).expect("a list for the newcomer");
    assert!(theirs.is_empty(), "{theirs:?}");
    let mine = waiting_of(&mut again).expect("a list for alicia");
    assert_eq!(mine.iter().map(|w| w.id).collect::<Vec<_>>(), vec![3]);
    assert_eq!(
        lobby
            .waiting(PlayerId::Key("SHA256:newcomer".into()))
            .await
            .len(),
        0
    );
    lobby.shutdown().await;
}

/// The key of `key_of` under the nick `nick`.
async fn join_as_key(lobby: &lobby::LobbyHandle, key_of: &str, nick: &str) -> Client {
    let mut ident = common::lobby_client::ident(key_of);
    ident.nick = nick.into();
    common::lobby_client::join_as(lobby, ident).await
}

/// The set-up by correspondence, end to end over real SSH clients: a challenge accepted,
/// one player sets up and leaves, the other leaves without setting up (the game waits:
/// no abort), the server restarts, the second logs in later, is told and sets up, and
/// play starts; `games --my-turn` counts the set-up due as a move due throughout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_set_up_made_at_two_sittings_across_a_restart() {
    let srv = start_server("corr-setup-e2e").await;
    let addr = srv.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let mut alice = LineClient::open(addr, Login::Key("alice", &ka), "play").await;
    let mut bob = LineClient::open(addr, Login::Key("bob", &kb), "play").await;
    alice.until_has("lobby>", SLOW).await;
    bob.until_has("lobby>", SLOW).await;
    alice.send("challenge bob classic 3d").await;
    alice.until_has("Challenge sent to bob.", SLOW).await;
    bob.until_has("alice challenges you: Classic, 3 days a move", SLOW)
        .await;
    bob.send("seeks").await;
    bob.until_has("1. alice challenges you", SLOW).await;
    bob.send("accept 1").await;
    let start = bob
        .until("the game's start line", SLOW, |x| {
            x.starts_with("Game ") && x.contains("You play")
        })
        .await;
    let line = start.last().unwrap().clone();
    let id: u64 = line["Game ".len()..]
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let bob_red = line.contains("You play Red");
    alice.until_has("Set up your army", SLOW).await;
    bob.until_has("Set up your army", SLOW).await;
    // Both owe a set-up.
    for (nick, key) in [("alice", &ka), ("bob", &kb)] {
        let (out, status) = my_turn(addr, nick, key).await;
        assert_eq!(status, 0, "{nick}: {out}");
        assert!(out.contains(&format!("#{id} against")), "{out}");
        assert!(out.contains("your set-up"), "{out}");
    }
    // alice sets up and leaves; bob is told she is ready.
    alice.send("ready").await;
    alice.until_has("Set-up sent.", SLOW).await;
    bob.until_has("Your opponent is ready.", SLOW).await;
    alice.send("quit").await;
    alice
        .until_has(&format!("You left correspondence game {id}"), SLOW)
        .await;
    alice.disconnect().await;
    // bob leaves without setting up: in a correspondence game that is no abort.
    bob.send("quit").await;
    bob.until_has(&format!("You left correspondence game {id}"), SLOW)
        .await;
    bob.disconnect().await;
    let (out, status) = my_turn(addr, "bob", &kb).await;
    assert_eq!(status, 0, "bob's set-up still due: {out}");
    assert!(out.contains("your set-up"), "{out}");
    assert_eq!(my_turn(addr, "alice", &ka).await.1, 1, "alice is ready");

    // The server restarts on the same data.
    let common::TestServer { running, dir } = common::restart_server(srv).await;
    let addr = running.addr;
    let (out, status) = my_turn(addr, "bob", &kb).await;
    assert_eq!(status, 0, "after the restart: {out}");
    assert!(
        out.contains(&format!("#{id} against alice")) && out.contains("your set-up"),
        "{out}"
    );
    // Three days from the game's start, seconds ago: the restart gave none back.
    assert!(
        out.contains("3 d 0 h left") || out.contains("2 d 23 h left"),
        "{out}"
    );
    assert_eq!(my_turn(addr, "alice", &ka).await.1, 1);

    // bob, later: told on arrival, lists it, goes in, sets up; play starts.
    let mut bob = LineClient::open(addr, Login::Key("bob", &kb), "play").await;
    bob.until_has(
        &format!("Your move in correspondence game #{id}. Type turn"),
        SLOW,
    )
    .await;
    bob.until_has("lobby>", SLOW).await;
    bob.send("turn").await;
    bob.until_has(
        &format!("Game {id} against alice, Classic: your set-up, due"),
        SLOW,
    )
    .await;
    bob.send(&format!("watch {id}")).await;
    bob.until_has("Set up your army", SLOW).await;
    bob.send("ready").await;
    bob.until_has("The game begins", SLOW).await;
    // Now Red's move is due, and nobody's set-up.
    let (red_nick, red_key, blue_nick, blue_key) = if bob_red {
        ("bob", &kb, "alice", &ka)
    } else {
        ("alice", &ka, "bob", &kb)
    };
    let (out, status) = my_turn(addr, red_nick, red_key).await;
    assert_eq!(status, 0, "{out}");
    assert!(!out.contains("set-up"), "{out}");
    assert_eq!(my_turn(addr, blue_nick, blue_key).await.1, 1);
    // alice comes back into the game in play, with her own set-up of the first sitting.
    let mut alice = LineClient::open(addr, Login::Key("alice", &ka), "play").await;
    alice.until_has("lobby>", SLOW).await;
    alice.send(&format!("watch {id}")).await;
    if bob_red {
        alice.until_has("You play Blue", SLOW).await;
        play_a_move(&mut bob, true, 0).await;
        alice.until_has("Your turn.", SLOW).await;
    } else {
        alice.until_has("Your turn.", SLOW).await;
        play_a_move(&mut alice, true, 0).await;
        bob.until_has("Your turn.", SLOW).await;
    }
    for c in [alice, bob] {
        c.disconnect().await;
    }
    running.stop().await;
    drop(dir);
}

/// A browser signed in as `nick` (a link from SSH, asked again until the nick is kept):
/// its cookie.
async fn signed_in_cookie(
    addr: std::net::SocketAddr,
    web: std::net::SocketAddr,
    nick: &str,
    key: &russh::keys::PrivateKey,
) -> String {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let out = loop {
        let (out, status) = exec(addr, nick, key, "web-login").await;
        if status == Some(0) && out.contains("/login/") {
            break out;
        }
        assert!(std::time::Instant::now() < deadline, "{out}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let at = out.find("/login/").unwrap();
    let path = out[at..].split_whitespace().next().unwrap().to_string();
    let r = web_request(web, "POST", &path, &[("Origin", "http://play.example.org")]).await;
    r.header("set-cookie")
        .expect("signed in")
        .split(';')
        .next()
        .unwrap()
        .to_string()
}

/// The browser board's lobby lists a signed-in player's correspondence games waiting for
/// them (a set-up due here), each with a button that plays it: from the board the set-up
/// is made, and play starts when the opponent, over SSH, is ready too. A guest's board
/// lists none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_board_lists_the_games_waiting_and_plays_one() {
    use common::board::Board;
    let (server, web) = common::web::web_server("corr-board", |_| {}).await;
    let addr = server.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let mut ann = LineClient::open(addr, Login::Key("ann", &ka), "play").await;
    let mut ben = LineClient::open(addr, Login::Key("ben", &kb), "play").await;
    ann.until_has("lobby>", SLOW).await;
    ben.until_has("lobby>", SLOW).await;
    ann.send("challenge ben classic 7d casual").await;
    ann.until_has("Challenge sent to ben.", SLOW).await;
    ben.until_has("ann challenges you", SLOW).await;
    ben.send("seeks").await;
    ben.until_has("1. ann challenges you", SLOW).await;
    ben.send("accept 1").await;
    let start = ben
        .until("the game's start line", SLOW, |x| {
            x.starts_with("Game ") && x.contains("You play")
        })
        .await;
    let line = start.last().unwrap().clone();
    let id: u64 = line["Game ".len()..]
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    ann.until_has("Set up your army", SLOW).await;
    ben.until_has("Set up your army", SLOW).await;
    // ann leaves her set-up for later, and comes back from a browser.
    ann.send("quit").await;
    ann.until_has(&format!("You left correspondence game {id}"), SLOW)
        .await;
    let cookie = signed_in_cookie(addr, web, "ann", &ka).await;
    let mut board = Board::open(web, &cookie).await;
    let lobby = board
        .until("lobby", |v| {
            v["waiting"]
                .as_array()
                .is_some_and(|w| w.iter().any(|g| g["id"] == id))
        })
        .await;
    let w = lobby["waiting"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .unwrap()
        .clone();
    assert_eq!(w["opponent"], "ben", "{w}");
    assert_eq!(w["setup"], true, "{w}");
    let left = w["left"].as_str().unwrap();
    assert!(left == "7 d 0 h" || left == "6 d 23 h", "{w}");
    assert!(w["due"].as_str().unwrap().len() >= 16, "{w}");
    // A guest's board: nothing waits for it.
    let mut guest = Board::guest(web).await;
    let theirs = guest.until("lobby", |_| true).await;
    assert_eq!(theirs["waiting"], serde_json::json!([]), "{theirs}");
    // Played from the board: its set-up screen, then ready.
    board
        .send(serde_json::json!({"t": "watch", "id": id}))
        .await;
    let game = board
        .until("game", |v| v["id"] == id && v["phase"] == "setup")
        .await;
    assert!(game["me"].is_string(), "seated, not watching: {game}");
    board.send(serde_json::json!({"t": "ready"})).await;
    ben.send("ready").await;
    ben.until_has("The game begins", SLOW).await;
    board
        .until("game", |v| v["id"] == id && v["phase"] == "play")
        .await;
    // ann's set-up is no longer due: only Red's first move is (ann's when she is Red).
    let ann_red = !line.contains("You play Red");
    assert_eq!(
        my_turn(addr, "ann", &ka).await.1,
        if ann_red { 0 } else { 1 }
    );
    for c in [ann, ben] {
        c.disconnect().await;
    }
}

/// In Chromium: the board of a signed-in player shows their correspondence set-up due under
/// "Your move", with the time left; its Play button opens the set-up, and Ready starts play
/// once the opponent (over SSH) is ready too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_chromium_the_board_shows_a_set_up_due_and_plays_it() {
    let (server, web) = common::web::web_server("corr-board-chromium", |_| {}).await;
    let addr = server.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let mut ann = LineClient::open(addr, Login::Key("ann", &ka), "play").await;
    let mut ben = LineClient::open(addr, Login::Key("ben", &kb), "play").await;
    ann.until_has("lobby>", SLOW).await;
    ben.until_has("lobby>", SLOW).await;
    ben.send("challenge ann classic 1d casual").await;
    ben.until_has("Challenge sent to ann.", SLOW).await;
    ann.until_has("ben challenges you", SLOW).await;
    ann.send("seeks").await;
    ann.until_has("1. ben challenges you", SLOW).await;
    ann.send("accept 1").await;
    let start = ann
        .until("the game's start line", SLOW, |x| {
            x.starts_with("Game ") && x.contains("You play")
        })
        .await;
    let id: u64 = start.last().unwrap()["Game ".len()..]
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    ann.until_has("Set up your army", SLOW).await;
    ann.send("quit").await;
    ann.until_has(&format!("You left correspondence game {id}"), SLOW)
        .await;
    // ann signs her browser in with a link from SSH.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let out = loop {
        let (out, status) = exec(addr, "ann", &ka, "web-login").await;
        if status == Some(0) && out.contains("/login/") {
            break out;
        }
        assert!(std::time::Instant::now() < deadline, "{out}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let at = out.find("/login/").unwrap();
    let path = out[at..].split_whitespace().next().unwrap().to_string();
    let b = browser::Browser::start(900, 900).await;
    b.goto(&format!("http://{web}{path}")).await;
    browser::tap(&b, "form[method=post] button").await;
    assert!(
        b.until(
            10.0,
            "return document.body.innerText.includes('Signed in as ann.');"
        )
        .await,
        "{}",
        b.text().await
    );
    b.goto(&format!("http://{web}/play")).await;
    let row = format!("#play-waiting li[data-waiting=\"{id}\"]");
    assert!(
        b.until(
            10.0,
            &format!("const e = document.querySelector('{row}'); return !!e && e.textContent.includes('#{id} against ben: your set-up, due') && (e.textContent.includes('(1 d 0 h left)') || e.textContent.includes('(23 h left)'));")
        )
        .await,
        "{}",
        b.text().await
    );
    assert!(
        b.until(2.0, "return document.querySelector('#play-waiting').previousElementSibling.textContent === 'Your move';")
            .await,
        "{}",
        b.text().await
    );
    browser::tap(&b, &format!("button[data-play-waiting=\"{id}\"]")).await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-ready');")
            .await,
        "the set-up: {}",
        b.text().await
    );
    browser::tap(&b, "#play-ready").await;
    ben.until_has("Your opponent is ready.", SLOW).await;
    ben.send("ready").await;
    ben.until_has("The game begins", SLOW).await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-clocks');")
            .await,
        "play started: {}",
        b.text().await
    );
    for c in [ann, ben] {
        c.disconnect().await;
    }
}

/// A correspondence game with a total budget as the store keeps it: `days` a move,
/// `budget` days in all (`None`: no budget); four moves played, each at the time given (Red's two took
/// `red_each`, Blue's one hour each), so Red's turn began at `now - since`.
async fn stored_with_budget(
    store: &Store,
    id: u64,
    days: u8,
    budget: Option<u8>,
    red_each: u64,
    since: u64,
) {
    let rules = Rules::standard(Variant::Classic);
    let mut g = stored(id, days, 0);
    g.terms.budget = budget;
    // Four quiet moves (no battle) of the stored set-ups.
    let mut game = stratego_ssh::rules::Game::new(rules, &g.red, &g.blue).unwrap();
    let mut moves = vec![];
    for _ in 0..4 {
        let mv = game
            .legal_moves()
            .into_iter()
            .find(|m| game.piece_at(m.to).is_none())
            .expect("a quiet move");
        game.play(mv).unwrap();
        moves.push(mv);
    }
    let t4 = now() - since;
    let t3 = t4 - 3600;
    let t2 = t3 - red_each;
    let t1 = t2 - 3600;
    let t0 = t1 - red_each;
    g.started = t0;
    g.turn_since = Some(t0);
    store.live().save(&g).await.unwrap();
    for (ply, (mv, at)) in moves.into_iter().zip([t1, t2, t3, t4]).enumerate() {
        let ply = ply as u32 + 1;
        store
            .live()
            .append_move_at(id, ply, mv, None, Some(at))
            .await
            .unwrap();
    }
}

/// The total budget (issue 47): each move spends what it took, counted from the stored
/// time of every turn (a restart gives none back); a move is due by its days or the budget
/// left, whichever is sooner; a budget run out loses on time, decided by the core with
/// nobody connected.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_total_budget_spent_across_a_restart_and_run_out_loses_on_time() {
    let dir = tempdir::Dir::new("corr-budget");
    let store = Store::open(&dir.0).unwrap();
    // Game 21: 7 days a move, 15 in all; Red's two moves took 6 d 23 h each (13 d 22 h
    // spent, 1 d 2 h left), and its turn began 1 d 3 h ago: the budget ran out an hour
    // ago, long before the 7 days.
    stored_with_budget(&store, 21, 7, Some(15), 6 * DAY + 23 * 3600, DAY + 3 * 3600).await;
    // Game 22: the same, its turn begun two hours ago: due when the budget runs out, in
    // a day (1 d 2 h after the turn began), not in 7 days.
    stored_with_budget(&store, 22, 7, Some(15), 6 * DAY + 23 * 3600, 2 * 3600).await;
    // Game 23: the same times, no budget: the 7 days.
    stored_with_budget(&store, 23, 7, None, 6 * DAY + 23 * 3600, 2 * 3600).await;
    // What the store reads back: each side's spending follows from the stored times.
    let g22 = store.live().get(22).unwrap().unwrap();
    let spent = stratego_ssh::game::corr::spent(&g22.turn_starts);
    assert_eq!(spent.red, 2 * (6 * DAY + 23 * 3600));
    assert_eq!(spent.blue, 2 * 3600);
    let t = now();
    let lobby = lobby::spawn(LobbyConfig::default(), store.clone());

    // Nobody connected: the core ends game 21 on time, won by Blue.
    let g = finished(&store, 21, 10).await;
    assert_eq!(g.outcome.winner, Some(Color::Blue), "{:?}", g.outcome);
    assert_eq!(g.outcome.reason, EndReason::Time);
    assert_eq!(g.terms.budget, Some(15), "the budget is kept with the game");

    // Game 22 waits for alice with the budget's deadline; game 23 with the days'.
    let alice_id = PlayerId::Key("SHA256:alice".into());
    let waiting = waiting_after(&lobby, &alice_id, 21).await;
    let ids: Vec<u64> = waiting.iter().map(|w| w.id).collect();
    assert_eq!(ids, vec![22, 23], "{waiting:?}");
    let turn_began = t - 2 * 3600;
    for got in [waiting[0].deadline, waiting[0].budget_ends.unwrap()] {
        assert!(
            got.abs_diff(turn_began + DAY + 2 * 3600) <= 2,
            "{waiting:?}"
        );
    }
    assert_eq!(waiting[0].budget, Some(15));
    assert!(
        waiting[1].deadline.abs_diff(turn_began + 7 * DAY) <= 2,
        "{waiting:?}"
    );
    assert_eq!((waiting[1].budget, waiting[1].budget_ends), (None, None));

    // Alice's seat in game 22 shows the budget left: hers running (a day less the two
    // hours gone), Blue's 15 days less its two hours; her clock is the budget's deadline.
    let mut alice = join(&lobby, "alice").await;
    lobby.command(alice.session, LobbyCmd::Spectate(22));
    let (a22, _) = alice.next_seat().await;
    let s = a22.snapshots.borrow().clone();
    let left = s.budget_left.expect("a budget shown");
    assert!(left.red.as_secs().abs_diff(DAY) <= 5, "{left:?}");
    assert_eq!(left.blue.as_secs(), 15 * DAY - 2 * 3600);
    let clocks = s.clocks.expect("days shown as clocks");
    assert!(clocks.red.running);
    assert!(
        clocks.red.remaining.as_secs().abs_diff(DAY) <= 5,
        "{clocks:?}"
    );
    // Blue's next turn: its days (7), less than its budget left.
    assert_eq!(clocks.blue.remaining.as_secs(), 7 * DAY);
    lobby.shutdown().await;
}

/// The total budget end to end, through real SSH clients: chosen in the seek form on the
/// screens, named in the seek list and in the line mode's seek, shown on both players'
/// game screens (the terms `3d/30d`, each seat's budget left), and kept across a server
/// restart (the screens and `games --my-turn` show it again).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_budget_chosen_in_a_seek_shows_on_both_screens_and_survives_a_restart() {
    const UP: &[u8] = b"\x1b[A";
    const DOWN: &[u8] = b"\x1b[B";
    const RIGHT: &[u8] = b"\x1b[C";
    let (srv, web) = common::web::web_server("corr-budget-e2e", |_| {}).await;
    let addr = srv.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let alice = common::Term::connect(addr, Login::Key("alice", &ka), 140, 40).await;
    let mut bob = LineClient::open(addr, Login::Key("bob", &kb), "play").await;
    bob.until_has("lobby>", SLOW).await;
    // alice's seek: 3 days a move (the Clock row past the clocks), then the Budget row
    // that appears under it: 30 days.
    alice.wait_text("no open seeks", SLOW).await;
    alice.send(b"n").await;
    alice.wait_text("Variant", SLOW).await;
    alice.send(UP).await; // the last row: Only for
    alice.send(UP).await; // Clock
    for _ in 0..3 {
        alice.send(RIGHT).await; // custom, 1 day, 3 days
    }
    alice
        .wait_text("3 days a move (correspondence)", SLOW)
        .await;
    alice.send(DOWN).await; // Total budget
    alice.send(RIGHT).await; // 15 days
    alice.send(RIGHT).await; // 30 days
    alice.wait_text("30 days for all your moves", SLOW).await;
    alice.send(b"\r").await;
    // Listed on alice's screen in short, and in bob's lines in words.
    alice.wait_text("3d/30d", SLOW).await;
    bob.send("seeks").await;
    bob.until_has("3 days a move, 30 days in all (correspondence)", SLOW)
        .await;
    bob.send("accept 1").await;
    bob.until_has("Set up your army", SLOW).await;
    bob.send("random").await;
    bob.until_has("A new random set-up", SLOW).await;
    bob.send("ready").await;
    alice.wait_text("Set up your army", SLOW).await;
    alice.send(b"r").await;
    alice.wait_text("40 of 40 placed", SLOW).await;
    alice.send(b"d").await;
    bob.until_has("The game begins", SLOW).await;
    // alice's screen: the terms and both seats' budgets (the side to move's running
    // down from 30 days, the other's whole).
    let screen = alice
        .wait_for("both budgets on alice's screen", SLOW, |t| {
            t.contains("left of 30 d") && t.contains("30 d 0 h left of 30 d")
        })
        .await;
    assert!(screen.contains("3d/30d"), "{screen}");
    assert!(
        screen.contains("29 d 23 h left of 30 d") || screen.matches("30 d 0 h left").count() == 2,
        "{screen}"
    );
    // bob's lines: the clocks and the budgets.
    bob.send("clock").await;
    let said = bob.until_has("Budget:", SLOW).await;
    let said = said.last().unwrap();
    assert!(said.contains("left of 30 d"), "{said}");
    // The game's web page and its JSON (a spectator's: the budgets are public).
    let page = web_request(web, "GET", "/game/1", &[]).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body
            .contains("3 days a move, 30 days in all (correspondence)"),
        "{}",
        page.body
    );
    assert_eq!(
        page.body.matches("left of 30 d").count(),
        2,
        "{}",
        page.body
    );
    let api = web_request(web, "GET", "/api/game/1", &[]).await;
    let json: serde_json::Value = serde_json::from_str(&api.body).expect(&api.body);
    assert_eq!(
        (json["days"].as_u64(), json["budget"].as_u64()),
        (Some(3), Some(30))
    );
    for side in ["red", "blue"] {
        let ms = json["budget_left_ms"][side].as_u64().expect(&api.body);
        assert!(
            ms > 29 * DAY * 1000 && ms <= 30 * DAY * 1000,
            "{}",
            api.body
        );
    }
    alice.disconnect().await;
    bob.disconnect().await;

    // The server restarts on the same data.
    let common::TestServer { running, dir } = common::restart_server(srv).await;
    let addr = running.addr;

    // Red's move is due: `games --my-turn` names the budget left.
    let (mut due, mut waiting) = (String::new(), 0);
    for (nick, key) in [("alice", &ka), ("bob", &kb)] {
        let (out, status) = my_turn(addr, nick, key).await;
        if status == 0 {
            due = out;
            waiting += 1;
        }
    }
    assert_eq!(waiting, 1, "one side to move");
    assert!(
        due.contains("budget: 29 d 23 h left of 30 d")
            || due.contains("budget: 30 d 0 h left of 30 d"),
        "{due}"
    );
    // Both players' screens, back in the game (`r`), show the budget again.
    for (nick, key) in [("alice", &ka), ("bob", &kb)] {
        let t = common::Term::connect(addr, Login::Key(nick, key), 140, 40).await;
        t.wait_text("Games in play", SLOW).await;
        t.send(b"r").await;
        let screen = t
            .wait_for("the budget after the restart", SLOW, |s| {
                s.contains("3d/30d") && s.matches("left of 30 d").count() == 2
            })
            .await;
        assert!(screen.contains("30 d 0 h left of 30 d"), "{nick}: {screen}");
        t.disconnect().await;
    }
    let live = running.store.live().all().unwrap();
    assert_eq!(live.len(), 1);
    assert_eq!(
        (live[0].terms.days, live[0].terms.budget),
        (Some(3), Some(30))
    );
    running.stop().await;
    drop(dir);
}

/// A correspondence game can be ended in its set-up without a result (`abort` in lines):
/// leaving one only leaves the seat empty, so without it a player who changed their mind
/// had to wait out the set-up's days. Both players are told; nothing is kept or recorded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_is_aborted_in_its_set_up() {
    let srv = start_server("corr-abort").await;
    let addr = srv.running.addr;
    let (ka, kb) = (new_key(), new_key());
    let mut alice = LineClient::open(addr, Login::Key("alice", &ka), "play").await;
    let mut bob = LineClient::open(addr, Login::Key("bob", &kb), "play").await;
    alice.until_has("lobby>", SLOW).await;
    bob.until_has("lobby>", SLOW).await;
    alice.send("challenge bob classic 3d").await;
    alice.until_has("Challenge sent to bob.", SLOW).await;
    bob.until_has("alice challenges you", SLOW).await;
    bob.send("seeks").await;
    bob.until_has("1. alice challenges you", SLOW).await;
    bob.send("accept 1").await;
    for c in [&mut alice, &mut bob] {
        c.until_has("Set up your army", SLOW).await;
    }
    // alice is ready (her set-up stored); bob's set-up is due.
    alice.send("random").await;
    alice.until_has("A new random set-up", SLOW).await;
    alice.send("ready").await;
    wait_for_setups(&srv.running.store, 1, "the game stored in its set-up").await;
    // The lobby hears of the set-up due from the game's report (it may come a moment
    // after the screens' first snapshot).
    let deadline = tokio::time::Instant::now() + Duration::from_secs(SLOW);
    loop {
        let (out, status) = my_turn(addr, "bob", &kb).await;
        if status == 0 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "bob's set-up is not listed as due: {out}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bob.send("abort").await;
    for c in [&mut alice, &mut bob] {
        c.until_has("Game over: a draw (aborted before the first move)", SLOW)
            .await;
    }
    // Gone: nothing due, nothing stored in play or in set-up, nothing recorded.
    for (nick, key) in [("alice", &ka), ("bob", &kb)] {
        assert_eq!(my_turn(addr, nick, key).await.1, 1, "{nick}");
    }
    wait_for_setups(&srv.running.store, 0, "the set-up forgotten").await;
    assert!(srv.running.store.live().all().unwrap().is_empty());
    assert!(srv.running.store.games().get(1).unwrap().is_none());
    alice.disconnect().await;
    bob.disconnect().await;
    srv.running.stop().await;
}

/// The games waiting for `who` once the lobby has heard that game `ended` is over: the
/// store has a game that ended on time a moment before the lobby drops it from the list.
async fn waiting_after(
    lobby: &lobby::LobbyHandle,
    who: &PlayerId,
    ended: u64,
) -> Vec<stratego_ssh::proto::WaitingGame> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(SLOW);
    loop {
        let waiting = lobby.waiting(who.clone()).await;
        if waiting.iter().all(|w| w.id != ended) {
            return waiting;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "game {ended} still waiting after {SLOW} s: {waiting:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits until `n` games are stored in their set-up.
async fn wait_for_setups(store: &Store, n: usize, what: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(SLOW);
    while store.live().setups().unwrap().len() != n {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{what}: not in {SLOW} s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
