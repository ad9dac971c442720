//! The web tests' shared part: a server with its web pages on a free port, and finished
//! games played by the engine and stored as a finished game would be.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use stratego_ssh::proto::{ClockSpec, GameTerms, PlayerId};
use stratego_ssh::rules::{
    ByColor, Color, EndReason, Game, GameRecord, Outcome, Rules, Setup, SplitMix64, Variant, Viewer,
};
use stratego_ssh::server::ServerOptions;
use stratego_ssh::store::{GameResult, SeatRecord, Store};

/// A server with its web pages on a free port (and request and connection rates no test
/// but the budgets' reaches).
pub async fn web_server(
    tag: &str,
    f: impl FnOnce(&mut ServerOptions),
) -> (super::TestServer, SocketAddr) {
    let server = super::start_server_with(tag, |o| {
        o.http_listen = "127.0.0.1:0".into();
        o.web.requests_per_second = 1_000_000;
        o.web.connections_per_second = 1_000_000;
        f(o)
    })
    .await;
    let addr = server.running.http_addr.expect("the web pages are served");
    (server, addr)
}

pub fn key(n: &str) -> PlayerId {
    PlayerId::Key(format!("SHA256:{n}"))
}

/// A game the engine plays with random set-ups and random legal moves until it has at least
/// `min_plies` plies and 3 battles; then `loser` resigns. (A seed whose game ends by
/// itself before that is passed over for the next.)
pub fn played(seed: u64, min_plies: usize, loser: Color) -> GameRecord {
    let rules = Rules::standard(Variant::Classic);
    for seed in seed * 1000.. {
        let mut rng = SplitMix64(seed);
        let red = Setup::random(&rules, Color::Red, rng.next());
        let blue = Setup::random(&rules, Color::Blue, rng.next());
        let mut g = Game::new(rules, &red, &blue).unwrap();
        let battles = |g: &Game| {
            g.history(Viewer::Spectator)
                .iter()
                .filter(|m| m.battle.is_some())
                .count()
        };
        while g.outcome().is_none() && ((g.ply() as usize) < min_plies || battles(&g) < 3) {
            let legal = g.legal_moves();
            g.play(legal[rng.below(legal.len())]).unwrap();
        }
        if g.outcome().is_some() {
            continue;
        }
        g.end(Outcome {
            winner: Some(loser.opposite()),
            reason: EndReason::Resignation,
        });
        let mut record = g.record();
        record.red = red;
        record.blue = blue;
        return record;
    }
    unreachable!()
}

/// Stores `record` as finished game `id` between `red` and `blue`.
pub async fn finish(
    store: &Store,
    id: u64,
    red: (&PlayerId, &str),
    blue: (&PlayerId, &str),
    record: &GameRecord,
    rated: bool,
    private: bool,
) {
    let seat = |(p, n): (&PlayerId, &str)| SeatRecord {
        identity: p.clone(),
        nick: n.into(),
    };
    let r = GameResult {
        id,
        record: record.clone(),
        seats: ByColor::new(seat(red), seat(blue)),
        terms: GameTerms {
            rules: record.rules,
            rated,
            clock: Some(ClockSpec {
                initial_secs: 600,
                increment_secs: 5,
            }),
            days: None,
            budget: None,
        },
        started: 1_000 + id * 100,
        ended: 1_050 + id * 100,
    };
    store.games().finish_with(&r, private).await.unwrap();
}

/// Untrusted text in the store: `nick` (as a store written past the nick rules would hold
/// it) plays game 1 (rated) against bob, and an archive player named `archived` plays
/// game 2 (casual) against bob, the same game.
pub async fn store_untrusted(store: &Store, nick: &str, archived: &str) {
    store.users().claim_nick(nick, &key("x")).await.unwrap();
    store.users().claim_nick("bob", &key("bob")).await.unwrap();
    let rec = played(7, 20, Color::Blue);
    finish(
        store,
        1,
        (&key("x"), nick),
        (&key("bob"), "bob"),
        &rec,
        true,
        false,
    )
    .await;
    let arch = PlayerId::Archive("a".into());
    finish(
        store,
        2,
        (&arch, archived),
        (&key("bob"), "bob"),
        &rec,
        false,
        false,
    )
    .await;
}

/// How long a test waits for an answer.
pub const WAIT: Duration = Duration::from_secs(10);

/// An HTTP answer read whole.
pub struct Resp {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Resp {
    /// A header's value (the name in any case).
    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case(name)
                .then(|| v.trim().to_string())
        })
    }
}

/// A GET of `path` that closes its connection, with one more header (`("Accept-Language",
/// "de")`, `("X-Forwarded-For", "…")`) if given.
pub fn request_text(path: &str, header: Option<(&str, &str)>) -> String {
    let extra = header
        .map(|(k, v)| format!("{k}: {v}\r\n"))
        .unwrap_or_default();
    format!("GET {path} HTTP/1.1\r\nHost: play.example.org\r\n{extra}Connection: close\r\n\r\n")
}

/// Decodes a chunked body as far as it is complete: the data, whether the last chunk came,
/// and the bytes used.
pub fn dechunk(mut rest: &[u8]) -> (Vec<u8>, bool, usize) {
    let mut out = Vec::new();
    let mut used = 0;
    loop {
        let Some(nl) = rest.windows(2).position(|w| w == b"\r\n") else {
            return (out, false, used);
        };
        let size = std::str::from_utf8(&rest[..nl]).unwrap().trim();
        let n = usize::from_str_radix(size, 16).unwrap();
        if n == 0 {
            return (out, true, used);
        }
        if rest.len() < nl + 2 + n + 2 {
            return (out, false, used);
        }
        out.extend_from_slice(&rest[nl + 2..nl + 2 + n]);
        used += nl + 2 + n + 2;
        rest = &rest[nl + 2 + n + 2..];
    }
}

/// One GET (with one more header if given) on its own connection, read to its end.
pub async fn http_get(addr: SocketAddr, path: &str, header: Option<(&str, &str)>) -> Resp {
    http_request(addr, &request_text(path, header), path).await
}

/// One request written whole (`text`, closing its connection) and its answer read to its
/// end (`what` names it when it does not come).
pub async fn http_request(addr: SocketAddr, text: &str, what: &str) -> Resp {
    let mut s = TcpStream::connect(addr).await.expect("connects");
    s.write_all(text.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(WAIT, s.read_to_end(&mut raw))
        .await
        .unwrap_or_else(|_| panic!("{what} answers in time"))
        .unwrap();
    let at = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8(raw[..at].to_vec()).unwrap();
    let body = &raw[at + 4..];
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        dechunk(body).0
    } else {
        body.to_vec()
    };
    Resp {
        status: head.split(' ').nth(1).unwrap().parse().unwrap(),
        head,
        body: String::from_utf8(body).expect("UTF-8"),
    }
}
