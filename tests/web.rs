//! The web pages and JSON API over real HTTP (the server in-process, its web listener on
//! port 0): what each page shows from a store of games played by the engine, that a game's
//! page at any ply and view shows the engine's position and no rank that view had not seen,
//! private games answered as missing ones, untrusted text escaped, the headers, the methods
//! and the request budget.

mod common;

use common::web::{finish, key, played, store_untrusted, web_server};

use std::net::SocketAddr;

use serde_json::Value;
use stratego_ssh::rules::{gravon, Color, GameRecord, Square, Variant, Viewer};
use stratego_ssh::server::ServerOptions;
use stratego_ssh::store::Store;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

struct Resp {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Resp {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// One HTTP/1.1 request on its own connection.
async fn request(addr: SocketAddr, method: &str, path: &str) -> Resp {
    let mut s = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    s.write_all(
        format!("{method} {path} HTTP/1.1\r\nHost: play.example.org:8080\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
            .as_bytes(),
    )
    .await
    .unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(std::time::Duration::from_secs(20), s.read_to_end(&mut raw))
        .await
        .expect("answers in time")
        .unwrap();
    let text = String::from_utf8(raw).expect("UTF-8");
    let (head, body) = text.split_once("\r\n\r\n").expect("a header");
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    let body = if chunked {
        let mut out = String::new();
        let mut rest = body;
        while let Some((size, after)) = rest.split_once("\r\n") {
            let n = usize::from_str_radix(size.trim(), 16).unwrap();
            if n == 0 {
                break;
            }
            out.push_str(&after[..n]);
            rest = &after[n + 2..];
        }
        out
    } else {
        body.to_string()
    };
    Resp {
        status,
        headers,
        body,
    }
}

async fn get(addr: SocketAddr, path: &str) -> Resp {
    request(addr, "GET", path).await
}

/// The board of a game page: (square, what it shows) for every square, in page order.
fn board_cells(html: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for chunk in html.split("<td class=\"sq").skip(1) {
        let tag = &chunk[..chunk.find('>').unwrap()];
        let attr = |name: &str| {
            tag.split(&format!("{name}=\""))
                .nth(1)
                .map(|v| v[..v.find('"').unwrap()].to_string())
        };
        out.push((attr("data-sq").expect("data-sq"), attr("data-piece")));
    }
    out
}

/// Whether `html` holds a script other than an empty element loading one of our own files
/// (`<script src="/step.js" defer></script>`).
fn inline_script(html: &str) -> bool {
    html.match_indices("<script").any(|(i, _)| {
        let tag = &html[i..];
        let end = tag.find('>').map_or(tag.len(), |e| e + 1);
        !(tag.starts_with("<script src=\"/")
            && !tag.starts_with("<script src=\"//")
            && tag[end..].starts_with("</script>"))
    })
}

fn words(color: Color, rank: Option<stratego_ssh::rules::Rank>) -> String {
    format!("{} {}", color.name(), rank.map_or("unknown", |r| r.name()))
}

/// Four registered players and their games: alice beats bob twice (rated), carol and bob
/// play casually, and alice and carol play one private game.
async fn store_with_games(store: &Store) -> Vec<GameRecord> {
    for n in ["alice", "bob", "carol"] {
        store.users().claim_nick(n, &key(n)).await.unwrap();
    }
    let (a, b, c) = (key("alice"), key("bob"), key("carol"));
    // Red wins games 1 and 4, Blue games 2 and 3: alice wins her two games against bob.
    let records: Vec<GameRecord> = (1..=4)
        .map(|i| {
            played(
                i,
                30 + 10 * i as usize,
                if i == 1 || i == 4 {
                    Color::Blue
                } else {
                    Color::Red
                },
            )
        })
        .collect();
    finish(
        store,
        1,
        (&a, "alice"),
        (&b, "bob"),
        &records[0],
        true,
        false,
    )
    .await;
    finish(
        store,
        2,
        (&b, "bob"),
        (&a, "alice"),
        &records[1],
        true,
        false,
    )
    .await;
    finish(
        store,
        3,
        (&c, "carol"),
        (&b, "bob"),
        &records[2],
        false,
        false,
    )
    .await;
    finish(
        store,
        4,
        (&a, "alice"),
        (&c, "carol"),
        &records[3],
        true,
        true,
    )
    .await;
    records
}

fn host_fingerprint(dir: &std::path::Path) -> String {
    let key =
        russh::keys::load_secret_key(dir.join("keys").join("ssh_host_ed25519_key"), None).unwrap();
    key.public_key()
        .fingerprint(russh::keys::HashAlg::Sha256)
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_page_shows_what_the_store_holds() {
    let (server, addr) = web_server("web-pages", |o| {
        o.ssh.motd = Some("Welcome to the club".into());
        // Two games settle nobody's rating: every one counts as settled here.
        o.web.settled_deviation = i32::MAX;
    })
    .await;
    let store = server.running.store.clone();
    let records = store_with_games(&store).await;
    let ssh_port = server.running.addr.port();

    // The front page: how to connect (the host asked for, SSH's port, the host key), the
    // message, the counts, the top of each leaderboard.
    let home = get(addr, "/").await;
    assert_eq!(home.status, 200, "{}", home.body);
    assert!(home
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    assert!(
        home.body
            .contains(&format!("ssh -p {ssh_port} play.example.org")),
        "{}",
        home.body
    );
    assert!(
        home.body.contains(&host_fingerprint(&server.dir.0)),
        "{}",
        home.body
    );
    assert!(home.body.contains("Welcome to the club"));
    assert!(
        home.body.contains("0 players online, 0 games in play"),
        "{}",
        home.body
    );
    assert!(home.body.contains("href=\"/@/alice\""), "{}", home.body);

    // The leaderboard, as `ssh host leaderboard`: alice (two wins) above bob; carol has no
    // rated public game but a rated private one, so she is listed too.
    let board = store.ratings().leaderboard(Variant::Classic, 100).unwrap();
    let lb = get(addr, "/leaderboard/classic").await;
    assert_eq!(lb.status, 200);
    let pos = |n: &str| lb.body.find(&format!(">{n}</a>")).unwrap_or(usize::MAX);
    assert!(
        pos("alice") < pos("bob") && pos("bob") < usize::MAX,
        "{}",
        lb.body
    );
    for r in &board {
        assert!(
            lb.body.contains(&format!("<td>{}</td>", r.rating.shown())),
            "{}",
            lb.body
        );
    }
    assert_eq!(get(addr, "/leaderboard/chess").await.status, 404);
    assert_eq!(get(addr, "/leaderboard/classic?page=x").await.status, 400);
    let api = get(addr, "/api/leaderboard/classic").await.json();
    assert_eq!(api["rows"][0]["nick"], "alice");
    assert_eq!(api["rows"].as_array().unwrap().len(), board.len());

    // alice's page: her rating, W/D/L, one plot point per rated game (the private one
    // counts for her rating but is not listed), her public games.
    let rating = store
        .ratings()
        .get(&key("alice"), Variant::Classic)
        .unwrap()
        .unwrap();
    let alice = get(addr, "/@/alice").await;
    assert_eq!(alice.status, 200);
    assert!(
        alice.body.contains(&format!("Classic: {}", rating.shown())),
        "{}",
        alice.body
    );
    assert_eq!(
        alice.body.matches("<circle class=\"pt\"").count(),
        rating.games as usize,
        "{}",
        alice.body
    );
    assert!(alice.body.contains("href=\"/game/1\"") && alice.body.contains("href=\"/game/2\""));
    // Moves counted as the SSH screens count them (a move of each side is one), not plies.
    for (i, r) in records.iter().enumerate().take(2) {
        let row = alice
            .body
            .split(&format!("href=\"/game/{}\"", i + 1))
            .nth(1)
            .and_then(|rest| rest.split("</tr>").next())
            .unwrap();
        let moves = r.moves.len().div_ceil(2);
        assert!(r.moves.len() > moves, "a game of more than one ply");
        assert!(
            row.ends_with(&format!("<td>{moves}</td>")),
            "{moves} moves: {row}"
        );
    }
    assert!(
        !alice.body.contains("href=\"/game/4\""),
        "a private game is never listed"
    );
    assert_eq!(get(addr, "/@/nobody").await.status, 404);
    let api = get(addr, "/api/player/alice").await.json();
    assert_eq!(
        api["ratings"][0]["history"].as_array().unwrap().len(),
        rating.games as usize
    );
    let ids: Vec<u64> = api["recent"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [2, 1]);

    // Her games as ndjson: one public finished game a line, newest first.
    let nd = get(addr, "/api/games/alice").await;
    assert_eq!(nd.header("content-type"), Some("application/x-ndjson"));
    let lines: Vec<Value> = nd
        .body
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines
            .iter()
            .map(|g| g["id"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [2, 1]
    );
    assert_eq!(lines[1]["plies"], records[0].moves.len());
    assert_eq!(get(addr, "/api/games/nobody").await.status, 404);
    // The same under /api/games/user/ (where a player named "live" finds theirs).
    assert_eq!(get(addr, "/api/games/user/alice").await.body, nd.body);
    assert_eq!(get(addr, "/api/games/user/nobody").await.status, 404);

    // A finished game: players, result, rating changes, the three views, steps, the moves
    // with battles in words.
    let g = get(addr, "/game/1").await;
    assert_eq!(g.status, 200);
    let plies = records[0].moves.len();
    for want in [
        "alice",
        "bob",
        "Result: ",
        "resignation",
        &format!("ply 0 of {plies}"),
        "everything revealed",
        "as Red saw it",
        "as Blue saw it",
        "href=\"/game/1?ply=1&amp;view=all\"",
        &format!("href=\"/game/1?ply={plies}&amp;view=all\""),
        " → ",
    ] {
        assert!(g.body.contains(want), "{want:?} missing:\n{}", g.body);
    }
    // Everything revealed: the whole game's moves from the start, battles in words; as one
    // side saw it, the moves up to the ply shown.
    assert!(
        g.body.contains(" attacked "),
        "battles in words:\n{}",
        g.body
    );
    assert_eq!(g.body.matches("<li><a href=\"/game/1?ply=").count(), plies);
    let red = get(addr, "/game/1?ply=3&view=red").await;
    assert_eq!(red.body.matches("<li><a href=\"/game/1?ply=").count(), 2);
    assert_eq!(
        red.body
            .matches("<li class=\"current\"><a href=\"/game/1?ply=3")
            .count(),
        1
    );
    assert_eq!(get(addr, "/game/1?ply=two").await.status, 400);
    assert_eq!(get(addr, "/game/1?view=green").await.status, 400);

    // As StraDoS2, exactly as `ssh host replay 1 --format gravon`.
    let xml = get(addr, "/game/1.xml").await;
    assert_eq!(xml.status, 200);
    assert!(xml
        .header("content-type")
        .unwrap()
        .starts_with("application/xml"));
    assert_eq!(xml.body, gravon::export(&records[0], ["alice", "bob"]));

    // The game's data.
    let api = get(addr, &format!("/api/game/1?ply={plies}&view=red"))
        .await
        .json();
    assert_eq!(api["plies"], plies);
    assert_eq!(api["moves"].as_array().unwrap().len(), plies);
    assert_eq!(api["game"]["red"], "alice");
    assert!(api["game"]["rating_changes"].is_array());

    // HEAD: the headers without the body.
    let head = request(addr, "HEAD", "/").await;
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_ply_and_view_shows_the_engines_position_and_nothing_more() {
    let (server, addr) = web_server("web-plies", |_| {}).await;
    let store = server.running.store.clone();
    let records = store_with_games(&store).await;
    let record = &records[0];
    let plies = record.moves.len();
    assert!(plies >= 40);
    for ply in 0..=plies {
        let game = record.replay_to(ply).unwrap();
        for (view, viewer) in [
            ("all", None),
            ("red", Some(Color::Red)),
            ("blue", Some(Color::Blue)),
        ] {
            let page = get(addr, &format!("/game/1?ply={ply}&view={view}")).await;
            assert_eq!(page.status, 200, "{}", page.body);
            assert!(page.body.contains(&format!("ply {ply} of {plies}")));
            let cells = board_cells(&page.body);
            assert_eq!(cells.len(), 100, "every square, once");
            for (name, shown) in cells {
                let sq: Square = name.parse().unwrap();
                let expected = match viewer {
                    // Everything revealed: the engine's position itself.
                    None => game.piece_at(sq).map(|p| words(p.color, Some(p.rank))),
                    Some(c) => game
                        .view(Viewer::Player(c))
                        .piece_at(sq)
                        .map(|p| words(p.color, p.rank)),
                };
                assert_eq!(shown, expected, "{sq} at ply {ply}, view {view}");
                // And no rank of the other side that this side had not seen.
                if let (Some(c), Some(p)) = (viewer, game.piece_at(sq)) {
                    if p.color != c && !game.knows_rank_at(Viewer::Player(c), sq) {
                        assert_eq!(
                            shown.as_deref(),
                            Some(format!("{} unknown", p.color.name()).as_str()),
                            "{sq} at ply {ply}: {view} never saw this {}",
                            p.rank.name()
                        );
                        assert!(!page.body.contains(&format!(
                            "{sq}: {} {}",
                            p.color.name(),
                            p.rank.name()
                        )));
                    }
                }
            }
        }
    }
    // The JSON gives the same board.
    let api = get(addr, "/api/game/1?ply=10&view=blue").await.json();
    let view = record
        .replay_to(10)
        .unwrap()
        .view(Viewer::Player(Color::Blue));
    let occupied = Square::all()
        .filter(|&s| view.piece_at(s).is_some())
        .count();
    assert_eq!(api["board"].as_array().unwrap().len(), occupied);
    for cell in api["board"].as_array().unwrap() {
        let sq: Square = cell["square"].as_str().unwrap().parse().unwrap();
        let p = view.piece_at(sq).unwrap();
        assert_eq!(cell["rank"].as_str(), p.rank.map(|r| r.name()), "{sq}");
    }
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_game_is_not_found_exactly_as_a_missing_one() {
    let (server, addr) = web_server("web-private", |_| {}).await;
    store_with_games(&server.running.store).await;
    for (private, missing) in [
        ("/game/4", "/game/99"),
        ("/game/4?ply=3&view=red", "/game/99?ply=3&view=red"),
        ("/game/4.xml", "/game/99.xml"),
        ("/api/game/4", "/api/game/99"),
    ] {
        let (p, m) = (get(addr, private).await, get(addr, missing).await);
        assert_eq!((p.status, m.status), (404, 404), "{private}");
        assert_eq!(
            p.body.replace("#4", "#N"),
            m.body.replace("#99", "#N"),
            "{private}"
        );
    }
    for path in ["/@/carol", "/api/games/carol", "/api/player/carol", "/"] {
        let page = get(addr, path).await;
        assert_eq!(page.status, 200, "{path}");
        assert!(
            !page.body.contains("/game/4") && !page.body.contains("\"id\":4"),
            "{path}:\n{}",
            page.body
        );
    }
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn untrusted_text_is_shown_as_text() {
    let motd = "<script>alert('motd')</script>";
    let (server, addr) = web_server("web-escape", |o| {
        o.ssh.motd = Some(motd.into());
        // The untrusted nick's one game: listed on the leaderboard all the same.
        o.web.settled_deviation = i32::MAX;
    })
    .await;
    let store = server.running.store.clone();
    let nick = "<script>x</script>";
    let archived = "\"><img src=x onerror=alert(1)>";
    store_untrusted(&store, nick, archived).await;
    let profile = "/@/%3Cscript%3Ex%3C%2Fscript%3E";
    for path in [
        "/",
        "/leaderboard/classic",
        profile,
        "/game/1",
        "/game/2",
        "/@/bob",
    ] {
        let page = get(addr, path).await;
        assert_eq!(page.status, 200, "{path}: {}", page.body);
        assert!(!inline_script(&page.body), "{path}:\n{}", page.body);
        assert!(!page.body.contains("<img"), "{path}:\n{}", page.body);
        assert!(
            page.body.contains("&lt;script&gt;") || page.body.contains("&lt;img"),
            "{path}:\n{}",
            page.body
        );
    }
    assert!(get(addr, "/")
        .await
        .body
        .contains("&lt;script&gt;alert('motd')&lt;/script&gt;"));
    assert!(get(addr, "/game/2")
        .await
        .body
        .contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"));
    // In JSON it is a string like any other.
    assert_eq!(get(addr, "/api/games/bob").await.body.lines().count(), 2);
    assert_eq!(
        get(addr, "/api/game/2").await.json()["game"]["red"],
        archived
    );
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_response_has_the_strict_headers_and_only_get_is_answered() {
    let (server, addr) = web_server("web-headers", |_| {}).await;
    store_with_games(&server.running.store).await;
    for path in [
        "/",
        "/style.css",
        "/leaderboard/classic",
        "/@/alice",
        "/game/1",
        "/game/1.xml",
        "/api/game/1",
        "/api/games/alice",
        "/nothing/here",
        "/game/99",
    ] {
        let r = get(addr, path).await;
        assert_eq!(
            r.header("content-security-policy"),
            Some("default-src 'self'"),
            "{path}"
        );
        assert_eq!(
            r.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert!(r.header("set-cookie").is_none(), "{path}");
        // No inline script anywhere (the policy would refuse it anyway).
        assert!(!inline_script(&r.body), "{path}");
    }
    for (method, path) in [
        ("POST", "/"),
        ("PUT", "/api/game/1"),
        ("DELETE", "/@/alice"),
        ("POST", "/nothing"),
    ] {
        let r = request(addr, method, path).await;
        assert_eq!(r.status, 405, "{method} {path}");
        assert_eq!(r.header("allow"), Some("GET, HEAD"));
        assert_eq!(
            r.header("content-security-policy"),
            Some("default-src 'self'")
        );
    }
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_its_budget_an_address_gets_429_then_is_served_again() {
    let (server, addr) = web_server("web-budget", |o| o.web.requests_per_second = 2).await;
    let mut statuses = Vec::new();
    for _ in 0..8 {
        let r = get(addr, "/api/leaderboard/classic").await;
        if r.status == 429 {
            assert_eq!(r.header("retry-after"), Some("1"));
            assert_eq!(
                r.header("content-security-policy"),
                Some("default-src 'self'")
            );
        }
        statuses.push(r.status);
    }
    // Two a second, four at once.
    assert_eq!(&statuses[..4], [200, 200, 200, 200], "{statuses:?}");
    assert!(
        statuses[4..].iter().filter(|&&s| s == 429).count() >= 3,
        "{statuses:?}"
    );
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    assert_eq!(get(addr, "/").await.status, 200);
    server.running.stop().await;
}

#[test]
fn the_web_is_on_by_default_on_8080_and_tests_never_bind_it() {
    let d = ServerOptions::default();
    assert_eq!(d.listen, "0.0.0.0:2222");
    assert_eq!(d.http_listen, "0.0.0.0:8080");
    assert!(stratego_ssh::config::KEYS.contains(&"http_listen"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn off_serves_no_web_pages() {
    let server = common::start_server("web-off").await;
    assert!(server.running.http_addr.is_none());
    server.running.stop().await;
}

/// The binary, given `--http-listen`, serves the pages beside SSH.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_serves_the_pages_beside_ssh() {
    let dir = common::tempdir::Dir::new("web-bin");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let web = format!("127.0.0.1:{port}");
    let server = common::bin_server::Server::start(&dir.0, &["--http-listen", &web]).await;
    let addr: SocketAddr = web.parse().unwrap();
    let mut home = None;
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            home = Some(get(addr, "/").await);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let home = home.expect("the web pages are served");
    assert_eq!(home.status, 200);
    assert!(
        home.body
            .contains(&format!("ssh -p {} play.example.org", server.addr.port())),
        "{}",
        home.body
    );
    assert!(home.body.contains(&host_fingerprint(&dir.0)));
}

/// `--http-listen` takes an address or "off"; anything else is refused with what it takes.
#[test]
fn http_listen_takes_an_address_or_off() {
    let check = |v: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_stratego-ssh"))
            .args(["--http-listen", v, "--check"])
            .output()
            .unwrap()
    };
    let off = check("off");
    assert!(off.status.success());
    assert!(String::from_utf8_lossy(&off.stdout)
        .lines()
        .any(|l| l == "http_listen = \"off\""));
    let at = check("127.0.0.1:8081");
    assert!(String::from_utf8_lossy(&at.stdout)
        .lines()
        .any(|l| l == "http_listen = \"127.0.0.1:8081\""));
    let bad = check("everywhere");
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("--http-listen") && err.contains("or \"off\""),
        "{err}"
    );
}

/// A leaderboard longer than a page comes in pages of 25, each linking to the next.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_leaderboard_comes_in_pages() {
    let (server, addr) = web_server("web-paging", |o| o.web.settled_deviation = i32::MAX).await;
    let store = server.running.store.clone();
    let rec = played(11, 10, Color::Blue);
    for i in 0..15u64 {
        let (a, b) = (format!("p{:02}", 2 * i), format!("p{:02}", 2 * i + 1));
        store.users().claim_nick(&a, &key(&a)).await.unwrap();
        store.users().claim_nick(&b, &key(&b)).await.unwrap();
        finish(
            &store,
            i + 1,
            (&key(&a), &a),
            (&key(&b), &b),
            &rec,
            true,
            false,
        )
        .await;
    }
    let rows = |body: &str| body.matches("<tr><td>").count();
    let one = get(addr, "/leaderboard/classic").await;
    assert_eq!(rows(&one.body), 25, "{}", one.body);
    assert!(
        one.body.contains("page 1 of 2")
            && one.body.contains("href=\"/leaderboard/classic?page=2\"")
    );
    let two = get(addr, "/leaderboard/classic?page=2").await;
    assert_eq!(rows(&two.body), 5);
    assert!(two.body.contains("<td>26</td>"), "{}", two.body);
    assert_eq!(get(addr, "/leaderboard/classic?page=3").await.status, 404);
    let api = get(addr, "/api/leaderboard/classic?page=2").await.json();
    assert_eq!(
        (api["pages"].as_u64(), api["rows"].as_array().unwrap().len()),
        (Some(2), 5)
    );
    assert_eq!(api["rows"][0]["rank"], 26);
    assert_eq!(
        get(addr, "/api/leaderboard/classic?page=0").await.status,
        400
    );
    server.running.stop().await;
}

/// Whether the server closes `s` within `secs` (a read returns end of file or an error);
/// any byte it sends first is kept in `got`.
async fn closed_within(s: &mut tokio::net::TcpStream, secs: f64, got: &mut Vec<u8>) -> bool {
    let until = tokio::time::Instant::now() + std::time::Duration::from_secs_f64(secs);
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at(until, s.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

/// A connection from `from` (any address on this machine's loopback network).
async fn connect_from(from: &str, to: SocketAddr) -> tokio::net::TcpStream {
    let sock = tokio::net::TcpSocket::new_v4().unwrap();
    sock.bind(format!("{from}:0").parse().unwrap()).unwrap();
    sock.connect(to).await.expect("connects")
}

/// One keep-alive request on an open connection; its status line's code.
async fn status_on(s: &mut tokio::net::TcpStream, path: &str) -> u16 {
    status_on_with(s, path, "").await
}

/// A request with more header lines (`extra`, each ending in CRLF) on an open connection;
/// its status line's code.
async fn status_on_with(s: &mut tokio::net::TcpStream, path: &str, extra: &str) -> u16 {
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: x\r\n{extra}Connection: close\r\n\r\n").as_bytes(),
    )
    .await
    .unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(std::time::Duration::from_secs(10), s.read_to_end(&mut raw))
        .await
        .expect("answers in time")
        .expect("reads the answer");
    let text = String::from_utf8_lossy(&raw);
    text.split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status: {text:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_sends_nothing_or_half_a_request_is_closed() {
    let (server, addr) = web_server("web-slow", |o| {
        o.web.header_timeout = std::time::Duration::from_secs(1);
        o.web.idle_timeout = std::time::Duration::from_secs(30);
    })
    .await;
    let started = std::time::Instant::now();
    let mut silent = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut half = tokio::net::TcpStream::connect(addr).await.unwrap();
    half.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    // A keep-alive connection after its answer: the next request's head is due as well.
    let mut kept = tokio::net::TcpStream::connect(addr).await.unwrap();
    kept.write_all(b"GET /style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut got = Vec::new();
    assert!(
        closed_within(&mut silent, 4.0, &mut got).await,
        "a silent connection stays open"
    );
    assert!(got.is_empty());
    assert!(
        closed_within(&mut half, 4.0, &mut Vec::new()).await,
        "half a request head stays open"
    );
    let mut answer = Vec::new();
    assert!(
        closed_within(&mut kept, 4.0, &mut answer).await,
        "an idle keep-alive connection stays open"
    );
    assert!(
        answer.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    // Not before the timeout, and a prompt request is answered.
    assert!(started.elapsed() >= std::time::Duration::from_millis(900));
    assert_eq!(get(addr, "/").await.status, 200);
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_its_connection_cap_an_address_is_closed_at_once_and_others_are_served() {
    let (server, addr) = web_server("web-per-address", |o| {
        o.web.max_connections_per_address = 2;
    })
    .await;
    let mut a = connect_from("127.0.0.1", addr).await;
    let mut b = connect_from("127.0.0.1", addr).await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let mut third = connect_from("127.0.0.1", addr).await;
    assert!(
        closed_within(&mut third, 2.0, &mut Vec::new()).await,
        "a third connection from the address stays open"
    );
    // Its open connections are still answered, another address is served.
    assert_eq!(status_on(&mut a, "/").await, 200);
    let mut other = connect_from("127.0.0.2", addr).await;
    assert_eq!(status_on(&mut other, "/style.css").await, 200);
    // A closed one frees its place, once the server has read its end (a refused attempt
    // is closed in microseconds, so the attempts are spread over seconds: on a busy
    // machine twenty back to back came before the server saw the close).
    drop(a);
    let mut served = false;
    let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while std::time::Instant::now() < until {
        let mut again = connect_from("127.0.0.1", addr).await;
        let mut got = Vec::new();
        if !closed_within(&mut again, 0.3, &mut got).await {
            assert_eq!(status_on(&mut again, "/").await, 200);
            served = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(served, "the address is never served again");
    assert_eq!(status_on(&mut b, "/").await, 200);
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_web_cap_full_ssh_still_lets_players_in() {
    let (server, addr) = web_server("web-full", |o| {
        o.web.max_connections = 3;
        o.web.max_connections_per_address = 100;
    })
    .await;
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(tokio::net::TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    // A proxy's (loopback) connections count in the total.
    let mut over = tokio::net::TcpStream::connect(addr).await.unwrap();
    assert!(
        closed_within(&mut over, 2.0, &mut Vec::new()).await,
        "a connection past the total cap stays open"
    );
    let key = common::new_key();
    let (help, status) = common::exec(server.running.addr, "bob", &key, "help").await;
    assert_eq!(status, Some(0), "{help}");
    assert!(!help.is_empty());
    // The held ones are still answered.
    assert_eq!(status_on(&mut open[0], "/").await, 200);
    // Stopping the server closes the web connections it holds.
    server.running.stop().await;
    assert!(
        closed_within(&mut open[1], 2.0, &mut Vec::new()).await,
        "a web connection outlives the server"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_on_which_nothing_moves_is_closed_after_the_idle_timeout() {
    // The request head's timeout far away: only the idle timeout can close it.
    let (server, addr) = web_server("web-idle", |o| {
        o.web.header_timeout = std::time::Duration::from_secs(60);
        o.web.idle_timeout = std::time::Duration::from_secs(1);
    })
    .await;
    let mut silent = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut half = tokio::net::TcpStream::connect(addr).await.unwrap();
    // Bytes keep it open: a slow but moving client is not cut off.
    for line in ["GET / HTTP/1.1\r\n", "Host: x\r\n", "Connection: close\r\n"] {
        half.write_all(line.as_bytes()).await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    }
    assert!(
        closed_within(&mut silent, 3.0, &mut Vec::new()).await,
        "a connection idle past the idle timeout stays open"
    );
    half.write_all(b"\r\n").await.unwrap();
    let mut answer = Vec::new();
    assert!(closed_within(&mut half, 5.0, &mut answer).await);
    assert!(
        answer.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    server.running.stop().await;
}

/// A request with more header lines on its own connection from `addr`'s side: its status.
async fn status_with(addr: SocketAddr, path: &str, extra: &str) -> u16 {
    let mut s = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    status_on_with(&mut s, path, extra).await
}

fn net(s: &str) -> stratego_ssh::limit::AddrNet {
    stratego_ssh::limit::AddrNet::parse(s).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn x_forwarded_for_counts_only_from_a_trusted_proxy_and_names_the_address_it_saw() {
    let over = |statuses: &[u16]| statuses.iter().filter(|&&s| s == 429).count();
    // No proxy trusted (the default): a client naming another address each time still
    // spends its own budget.
    let (server, addr) = web_server("web-xff-none", |o| o.web.requests_per_second = 2).await;
    let mut statuses = Vec::new();
    for i in 0..8 {
        let extra = format!("X-Forwarded-For: 198.51.100.{i}\r\n");
        statuses.push(status_with(addr, "/style.css", &extra).await);
    }
    assert!(
        over(&statuses) >= 3,
        "a forged header escapes the budget: {statuses:?}"
    );
    server.running.stop().await;

    // A proxy on this machine behind one in 10.0.0.0/8 (both trusted). The client writes a
    // header of its own, the outer proxy appends the address it saw in a header of its own
    // (as HAProxy does), the inner one appends the outer's.
    let (server, addr) = web_server("web-xff-chain", |o| {
        o.web.requests_per_second = 2;
        o.web.trusted_proxies = vec![net("127.0.0.1/32"), net("10.0.0.0/8")];
    })
    .await;
    let mut statuses = Vec::new();
    for i in 0..8 {
        let extra = format!(
            "X-Forwarded-For: 198.51.100.{i}\r\nX-Forwarded-For: 203.0.113.9, 10.1.2.3\r\n"
        );
        statuses.push(status_with(addr, "/style.css", &extra).await);
    }
    assert_eq!(&statuses[..4], [200, 200, 200, 200], "{statuses:?}");
    assert!(
        over(&statuses[4..]) >= 3,
        "the client chose its budget with its own header: {statuses:?}"
    );
    // Another client through the same proxies has its own budget.
    let other = "X-Forwarded-For: 192.0.2.1, 10.1.2.3\r\n";
    assert_eq!(status_with(addr, "/style.css", other).await, 200);
    server.running.stop().await;

    // A "[::]" listener sees the proxy on this machine as ::ffff:127.0.0.1: it is still
    // the trusted 127.0.0.1, and each client it forwards has its own budget.
    let (server, addr) = web_server("web-xff-mapped", |o| {
        o.http_listen = "[::]:0".into();
        o.web.requests_per_second = 2;
        o.web.trusted_proxies = vec![net("127.0.0.1")];
    })
    .await;
    let v4: SocketAddr = format!("127.0.0.1:{}", addr.port()).parse().unwrap();
    for i in 0..8 {
        let extra = format!("X-Forwarded-For: 198.51.100.{i}\r\n");
        assert_eq!(
            status_with(v4, "/style.css", &extra).await,
            200,
            "client {i} through the proxy"
        );
    }
    server.running.stop().await;
}

/// `--trusted-proxies` takes addresses and prefixes, each in one form.
#[test]
fn trusted_proxies_take_addresses_and_prefixes() {
    let check = |v: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_stratego-ssh"))
            .args([
                "--trusted-proxies",
                v,
                "--max-live-streams-per-address",
                "40",
                "--check",
            ])
            .output()
            .unwrap()
    };
    let ok = check("127.0.0.1,::ffff:10.0.0.1,fd00::/8");
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let out = String::from_utf8_lossy(&ok.stdout);
    assert!(
        out.lines()
            .any(|l| l == "trusted_proxies = [\"127.0.0.1\", \"10.0.0.1\", \"fd00::/8\"]"),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l == "max_live_streams_per_address = 40"),
        "{out}"
    );
    let bad = check("the-proxy");
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("--trusted-proxies"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_connections_past_an_address_rate_are_closed_at_once_and_others_are_served() {
    let (server, addr) = web_server("web-conn-rate", |o| o.web.connections_per_second = 2).await;
    let started = std::time::Instant::now();
    let mut answered = 0;
    for _ in 0..16 {
        let mut s = connect_from("127.0.0.5", addr).await;
        let _ = s
            .write_all(b"GET /style.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await;
        let mut got = Vec::new();
        assert!(closed_within(&mut s, 5.0, &mut got).await);
        if got.starts_with(b"HTTP/1.1 200") {
            answered += 1;
        } else {
            assert!(got.is_empty(), "{}", String::from_utf8_lossy(&got));
        }
    }
    // Four at once, then two a second.
    let allowed = 4 + 2 * (started.elapsed().as_secs() as usize + 1);
    assert!(
        (4..=allowed).contains(&answered),
        "{answered} of 16 new connections answered in {:?}",
        started.elapsed()
    );
    // Another address is served; after a second this one is again.
    let mut other = connect_from("127.0.0.6", addr).await;
    assert_eq!(status_on(&mut other, "/style.css").await, 200);
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let mut again = connect_from("127.0.0.5", addr).await;
    assert_eq!(status_on(&mut again, "/style.css").await, 200);
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_quarter_of_the_connections_is_kept_from_blocks_that_hold_some() {
    let (server, addr) = web_server("web-kept", |o| {
        o.web.max_connections = 8;
        o.web.max_connections_per_address = 4;
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(connect_from("127.0.0.21", addr).await);
    }
    for _ in 0..2 {
        held.push(connect_from("127.0.0.22", addr).await);
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    // Six of eight open: the last two are for blocks holding none.
    for from in ["127.0.0.21", "127.0.0.22"] {
        let mut more = connect_from(from, addr).await;
        assert!(
            closed_within(&mut more, 2.0, &mut Vec::new()).await,
            "{from} takes the kept share"
        );
    }
    let mut c = connect_from("127.0.0.23", addr).await;
    let mut d = connect_from("127.0.0.24", addr).await;
    assert_eq!(status_on(&mut c, "/style.css").await, 200);
    assert_eq!(status_on(&mut d, "/style.css").await, 200);
    assert_eq!(status_on(&mut held[0], "/style.css").await, 200);
    server.running.stop().await;
}

/// The soft and hard open-file limits of process `pid` (Linux).
fn open_file_limits(pid: u32) -> Option<(String, String)> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/limits")).ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    let mut w = line["Max open files".len()..].split_whitespace();
    Some((w.next()?.to_string(), w.next()?.to_string()))
}

/// Started with a soft open-file limit of 256 under a higher hard one (a web flood at the
/// common 1,024 made SSH's accept loop fail), the server raises it to the hard limit.
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_raises_its_open_file_limit_to_the_hard_one() {
    let (_, hard) = open_file_limits(std::process::id()).unwrap();
    if hard != "unlimited" && hard.parse::<u64>().unwrap() <= 256 {
        eprintln!("the hard limit is {hard}: nothing to raise");
        return;
    }
    let dir = common::tempdir::Dir::new("web-nofile");
    let mut child = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -S -n 256 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_stratego-ssh"))
        .args(["--listen", "127.0.0.1:0", "--http-listen", "127.0.0.1:0"])
        .arg("--data-dir")
        .arg(dir.0.join("data"))
        .arg("--keys-dir")
        .arg(dir.0.join("keys"))
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    let mut seen = None;
    while std::time::Instant::now() < deadline {
        // Once the shell has become the server (before, it has the test's own limits).
        let comm = std::fs::read_to_string(format!("/proc/{}/comm", child.id()));
        if comm.is_ok_and(|c| c.trim() == "sh") {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            continue;
        }
        seen = open_file_limits(child.id());
        if seen.as_ref().is_some_and(|(soft, h)| soft == h) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    let (soft, h) = seen.expect("the server's limits");
    assert_eq!(soft, h, "the soft limit stays {soft} under a hard {h}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_page_tells_when_it_was_played_its_clock_and_its_rules() {
    let (server, addr) = web_server("web-game-facts", |_| {}).await;
    store_with_games(&server.running.store).await;
    // Game 1 ran from 1,100 to 1,150 seconds after 1970 with a 10+5 clock.
    for path in ["/game/1", "/game/1?ply=2&view=red"] {
        let page = get(addr, path).await;
        assert_eq!(page.status, 200);
        for want in [
            "1970-01-01 00:18",
            "1970-01-01 00:19",
            "10+5",
            "2-square rule",
        ] {
            assert!(page.body.contains(want), "{path}: no {want}");
        }
    }
    let de = get(addr, "/game/1?lang=de").await;
    assert!(
        de.body.contains("Gespielt von 1970-01-01 00:18") && de.body.contains("Zwei-Felder-Regel"),
        "the German page says it in German"
    );
    server.running.stop().await;
}

/// Whether a crawler obeying `robots` (Google's reading: the longest matching rule wins,
/// `*` any characters, `$` the end) may fetch `path`.
fn robots_allow(robots: &str, path: &str) -> bool {
    fn matches(pattern: &str, path: &str) -> bool {
        let (pattern, anchored) = match pattern.strip_suffix('$') {
            Some(p) => (p, true),
            None => (pattern, false),
        };
        let parts: Vec<&str> = pattern.split('*').collect();
        let mut at = 0;
        for (i, part) in parts.iter().enumerate() {
            if i == 0 {
                if !path.starts_with(part) {
                    return false;
                }
                at = part.len();
            } else {
                match path[at..].find(part) {
                    Some(j) => at += j + part.len(),
                    None => return false,
                }
            }
        }
        !anchored || at == path.len() || pattern.ends_with('*')
    }
    let mut best: Option<(usize, bool)> = None;
    for line in robots.lines() {
        let Some((k, v)) = line.split_once(':') else {
            continue;
        };
        let allow = match k.trim().to_ascii_lowercase().as_str() {
            "allow" => true,
            "disallow" => false,
            _ => continue,
        };
        let v = v.trim();
        if v.is_empty() || !matches(v, path) {
            continue;
        }
        if best.is_none_or(|(len, a)| v.len() > len || (v.len() == len && allow && !a)) {
            best = Some((v.len(), allow));
        }
    }
    best.is_none_or(|(_, a)| a)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_pages_name_one_address_for_crawlers_and_a_preview_for_links() {
    let (server, addr) = web_server("web-crawlers", |o| {
        o.ssh.public_url = Some("https://stratego.example.org".into());
    })
    .await;
    store_with_games(&server.running.store).await;
    // Every ply, view and language of a game names the plain game address as its own.
    for path in [
        "/game/1",
        "/game/1?ply=3&view=red&lang=de",
        "/game/2?view=blue",
    ] {
        let page = get(addr, path).await;
        let id = &path[6..7];
        assert!(
            page.body.contains(&format!(
                "<link rel=\"canonical\" href=\"https://stratego.example.org/game/{id}\">"
            )),
            "{path}: no canonical link"
        );
        // A link shared in a chat shows the game.
        assert!(
            page.body
                .contains("<meta property=\"og:title\" content=\"Game #")
                || page
                    .body
                    .contains("<meta property=\"og:title\" content=\"Partie #"),
            "{path}: no preview title"
        );
        assert!(page.body.contains(&format!(
            "<meta property=\"og:url\" content=\"https://stratego.example.org/game/{id}\">"
        )));
        assert!(page
            .body
            .contains("<meta name=\"twitter:card\" content=\"summary\">"));
        assert!(page.body.contains("<link rel=\"icon\""), "{path}");
    }
    let robots = get(addr, "/robots.txt").await;
    assert_eq!(robots.status, 200);
    assert!(robots
        .header("content-type")
        .unwrap()
        .starts_with("text/plain"));
    for (path, allowed) in [
        ("/", true),
        ("/game/1", true),
        ("/@/alice", true),
        ("/leaderboard/classic", true),
        ("/tournaments", true),
        ("/game/1?ply=3", false),
        ("/game/1?view=red&ply=0", false),
        ("/game/1?lang=de", false),
        ("/game/1/live", false),
        ("/api/game/1", false),
    ] {
        assert_eq!(
            robots_allow(&robots.body, path),
            allowed,
            "{path}:\n{}",
            robots.body
        );
    }
    let icon = get(addr, "/favicon.ico").await;
    assert_eq!(icon.status, 200);
    assert!(icon.header("content-type").unwrap().starts_with("image/"));
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_provisional_rating_is_marked_and_kept_off_the_leaderboard_until_it_settles() {
    let (server, addr) = web_server("web-provisional", |_| {}).await;
    let store = server.running.store.clone();
    for n in ["dora", "emil"] {
        store.users().claim_nick(n, &key(n)).await.unwrap();
    }
    let rec = played(3, 10, Color::Blue);
    let mut game = 0u64;
    let mut play = |n: u64| {
        let store = store.clone();
        let rec = rec.clone();
        let from = game;
        game += n;
        async move {
            for id in from + 1..=from + n {
                let (red, blue) = if id % 2 == 0 {
                    ("dora", "emil")
                } else {
                    ("emil", "dora")
                };
                finish(
                    &store,
                    id,
                    (&key(red), red),
                    (&key(blue), blue),
                    &rec,
                    true,
                    false,
                )
                .await;
            }
        }
    };
    play(2).await;
    let dev = |n: &str| {
        store
            .ratings()
            .get(&key(n), Variant::Classic)
            .unwrap()
            .unwrap()
    };
    assert!(
        dev("dora").deviation.round() as i32 > 110,
        "{:?}",
        dev("dora")
    );
    let lb = get(addr, "/leaderboard/classic").await;
    assert!(!lb.body.contains(">dora</a>"), "{}", lb.body);
    assert!(
        lb.body.contains("?"),
        "the page says why nobody is listed: {}",
        lb.body
    );
    let api = get(addr, "/api/leaderboard/classic").await.json();
    assert_eq!(api["rows"].as_array().unwrap().len(), 0, "{api}");
    assert!(!get(addr, "/").await.body.contains("href=\"/@/dora\""));
    let profile = get(addr, "/@/dora").await;
    assert!(
        profile
            .body
            .contains(&format!("Classic: {}? ±", dev("dora").shown())),
        "{}",
        profile.body
    );
    // Enough games settle both: listed, without the mark.
    play(60).await;
    let settled = dev("dora");
    assert!((settled.deviation.round() as i32) <= 110, "{settled:?}");
    let lb = get(addr, "/leaderboard/classic").await;
    assert!(
        lb.body.contains(">dora</a>") && lb.body.contains(">emil</a>"),
        "{}",
        lb.body
    );
    let api = get(addr, "/api/leaderboard/classic").await.json();
    assert_eq!(api["rows"].as_array().unwrap().len(), 2, "{api}");
    let profile = get(addr, "/@/dora").await;
    assert!(
        profile
            .body
            .contains(&format!("Classic: {} ±", settled.shown())),
        "{}",
        profile.body
    );
    server.running.stop().await;
}

/// A GET with more header lines (each ending in CRLF) on its own connection, read whole.
async fn get_with(addr: SocketAddr, path: &str, extra: &str) -> Resp {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(format!("GET {path} HTTP/1.1\r\n{extra}Connection: close\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(std::time::Duration::from_secs(20), s.read_to_end(&mut raw))
        .await
        .expect("answers in time")
        .unwrap();
    let text = String::from_utf8(raw).expect("UTF-8");
    let (head, body) = text.split_once("\r\n\r\n").expect("a header");
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    Resp {
        status,
        headers,
        body: body.to_string(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_language_links_carry_only_the_pages_own_parameters() {
    let (server, addr) = web_server("web-query-echo", |_| {}).await;
    store_with_games(&server.running.store).await;
    let junk = "x".repeat(10_000);
    let plain = get(addr, "/game/1?ply=3&view=red").await;
    let page = get(addr, &format!("/game/1?ply=3&view=red&junk={junk}")).await;
    assert_eq!(page.status, 200);
    assert!(!page.body.contains("xxxxxxxxxx"), "the query is echoed");
    assert!(
        page.body.len() < plain.body.len() + 200,
        "{} bytes for {} without the junk",
        page.body.len(),
        plain.body.len()
    );
    assert!(page
        .body
        .contains("href=\"?ply=3&amp;view=red&amp;lang=de\""));
    let lb = get(
        addr,
        &format!("/leaderboard/classic?page=1&utm_source={junk}"),
    )
    .await;
    assert!(!lb.body.contains("xxxxxxxxxx"));
    assert!(lb.body.contains("href=\"?page=1&amp;lang=nl\""));
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeated_parameter_and_a_missing_api_path_answer_in_their_own_kind() {
    let (server, addr) = web_server("web-odd-queries", |_| {}).await;
    store_with_games(&server.running.store).await;
    // The first of a repeated parameter counts; the page is the page, in its language.
    let page = get(addr, "/game/1?ply=2&ply=5&lang=de").await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("data-ply=\"2\""));
    assert!(page.body.contains("<html lang=\"de\">"));
    let api = get(addr, "/api/game/1?view=red&view=blue").await;
    assert_eq!(api.status, 200);
    assert_eq!(api.json()["view"], "red");
    let lb = get(addr, "/leaderboard/classic?page=1&page=2").await;
    assert_eq!(lb.status, 200);
    // A bad value under /api is a JSON error; a path there that is not one, JSON too.
    let bad = get(addr, "/api/game/1?ply=x&ply=1").await;
    assert_eq!(bad.status, 400);
    assert!(bad.json()["error"].is_string());
    for path in ["/api/nope", "/api/game/1/nothing", "/api/"] {
        let r = get(addr, path).await;
        assert_eq!(r.status, 404, "{path}");
        assert!(
            r.header("content-type")
                .unwrap()
                .starts_with("application/json"),
            "{path}"
        );
        assert!(r.json()["error"].is_string(), "{path}");
    }
    // Elsewhere a missing page is a page.
    let r = get(addr, "/nope").await;
    assert!(r.header("content-type").unwrap().starts_with("text/html"));
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_is_readable_from_any_origin() {
    let (server, addr) = web_server("web-cors", |_| {}).await;
    store_with_games(&server.running.store).await;
    for path in [
        "/api/game/1",
        "/api/leaderboard/classic",
        "/api/games/alice",
        "/api/nope",
    ] {
        let r = get_with(
            addr,
            path,
            "Host: x\r\nOrigin: https://elsewhere.example\r\n",
        )
        .await;
        assert_eq!(r.header("access-control-allow-origin"), Some("*"), "{path}");
    }
    // The pages are not the API.
    let r = get_with(
        addr,
        "/",
        "Host: x\r\nOrigin: https://elsewhere.example\r\n",
    )
    .await;
    assert!(r.header("access-control-allow-origin").is_none());
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_connect_line_names_the_configured_host_or_a_valid_asked_one() {
    let (server, addr) = web_server("web-host", |_| {}).await;
    let port = server.running.addr.port();
    let home = get_with(addr, "/", "Host: play.example.org:8080\r\n").await;
    assert!(home
        .body
        .contains(&format!("ssh -p {port} play.example.org")));
    // Not a host name: not repeated to the reader.
    let odd = get_with(addr, "/", "Host: evil.example.org\"onmouseover=x\r\n").await;
    assert!(!odd.body.contains("evil"), "the Host header is echoed");
    server.running.stop().await;
    // With public_url set, its host, whatever was asked.
    let (server, addr) = web_server("web-host-public", |o| {
        o.ssh.public_url = Some("https://stratego.example.org".into());
    })
    .await;
    let port = server.running.addr.port();
    let home = get_with(addr, "/", "Host: phish.example.net\r\n").await;
    assert!(
        home.body
            .contains(&format!("ssh -p {port} stratego.example.org")),
        "the asked host is used"
    );
    assert!(!home.body.contains("phish"));
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_can_be_cached_and_revalidated() {
    // A game's page also shows its analysis after the game, or where it stands while it
    // is made (a page that changes, kept 30 s only): without analyses here, the page is
    // the game's alone.
    let (server, addr) = web_server("web-etag", |o| o.lobby.analysis.threads = 0).await;
    store_with_games(&server.running.store).await;
    for path in ["/game/1?ply=3", "/api/game/1?ply=3", "/game/1.xml"] {
        let r = get(addr, path).await;
        assert_eq!(r.status, 200);
        let cache = r.header("cache-control").unwrap_or_default();
        assert!(cache.contains("max-age="), "{path}: {cache}");
        let tag = r
            .header("etag")
            .unwrap_or_else(|| panic!("{path}: no ETag"))
            .to_string();
        let again = get_with(addr, path, &format!("Host: x\r\nIf-None-Match: {tag}\r\n")).await;
        assert_eq!(again.status, 304, "{path}");
        assert!(again.body.is_empty());
        let other = get_with(addr, path, "Host: x\r\nIf-None-Match: \"other\"\r\n").await;
        assert_eq!(other.status, 200, "{path}");
    }
    // Another ply is another tag.
    let a = get(addr, "/game/1?ply=3").await;
    let b = get(addr, "/game/1?ply=4").await;
    assert_ne!(a.header("etag"), b.header("etag"));
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_rating_history_comes_in_pages() {
    let (server, addr) = web_server("web-history-pages", |_| {}).await;
    let store = server.running.store.clone();
    for n in ["fay", "gus"] {
        store.users().claim_nick(n, &key(n)).await.unwrap();
    }
    let rec = played(4, 10, Color::Blue);
    for id in 1..=230u64 {
        let (red, blue) = if id % 2 == 0 {
            ("fay", "gus")
        } else {
            ("gus", "fay")
        };
        finish(
            &store,
            id,
            (&key(red), red),
            (&key(blue), blue),
            &rec,
            true,
            false,
        )
        .await;
    }
    let at = |v: &Value| -> Vec<u64> {
        v["ratings"][0]["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["at"].as_u64().unwrap())
            .collect()
    };
    let one = get(addr, "/api/player/fay").await.json();
    assert_eq!(one["ratings"][0]["games"], 230);
    assert_eq!(
        one["ratings"][0]["history_pages"], 2,
        "{}",
        one["ratings"][0]
    );
    let newest = at(&one);
    assert_eq!(newest.len(), 200);
    assert!(newest.windows(2).all(|w| w[0] <= w[1]), "oldest first");
    let two = get(addr, "/api/player/fay?page=2").await.json();
    let oldest = at(&two);
    assert_eq!(oldest.len(), 30);
    assert!(oldest.last() <= newest.first());
    assert_eq!(get(addr, "/api/player/fay?page=3").await.status, 404);
    // The page's plot: the latest 200.
    let page = get(addr, "/@/fay").await;
    assert_eq!(page.body.matches("<circle class=\"pt\"").count(), 200);
    server.running.stop().await;
}

/// A game's page while its analysis after the game is made says where it stands and is
/// kept 30 s only; once made, it holds the chart and is kept as any finished game's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_page_waiting_for_its_analysis_is_kept_briefly() {
    let (server, addr) = web_server("web-analysis-cache", |o| {
        o.lobby.analysis.nodes = 1_000;
        // At nice 0: at the server's nice 15 a review waits for every other process of a
        // busy machine (tested in lobby::analysis).
        o.lobby.analysis.nice = 0;
    })
    .await;
    let store = server.running.store.clone();
    let record = GameRecord::from_text(include_str!("data/analysis/spy_takes_marshal.txt"))
        .expect("the planted game reads");
    finish(
        &store,
        5,
        (&key("alice"), "alice"),
        (&key("bob"), "bob"),
        &record,
        false,
        false,
    )
    .await;
    let r = get(addr, "/game/5").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.header("cache-control"), Some("public, max-age=30"));
    assert!(r.body.contains("Analysis after the game"), "{}", r.body);
    assert!(!r.body.contains("<svg class=\"chart\""), "{}", r.body);
    for _ in 0..600 {
        if store.analyses().has(5).unwrap() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let r = get(addr, "/game/5").await;
    assert_eq!(r.header("cache-control"), Some("public, max-age=600"));
    assert!(r.body.contains("<svg class=\"chart\""), "{}", r.body);
    // The JSON has it too: a judgement both ways a ply, the blunder at ply 6.
    let r = get(addr, "/api/game/5").await;
    assert_eq!(r.header("cache-control"), Some("public, max-age=600"));
    let v: serde_json::Value = serde_json::from_str(&r.body).unwrap();
    let a = &v["analysis"];
    assert_eq!(a["status"], "ready", "{v}");
    assert_eq!(a["plies"].as_array().unwrap().len(), record.moves.len());
    assert_eq!(a["plies"][5]["played"], "B8-B7");
    assert_eq!(a["plies"][5]["seen"]["mark"], "??", "{a}");
    assert_eq!(a["plies"][5]["hindsight"]["mark"], "??", "{a}");
    server.running.stop().await;
}
