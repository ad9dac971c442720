//! Tournaments on the web, over real HTTP (the server in-process, its web listener on port
//! 0): the list and the tournament's page, their JSON, the live standings after a result,
//! an unknown tournament, and a tournament name with markup shown as text.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::lobby_client::{join, join_as, until};
use common::tournament::create;
use serde_json::Value;
use stratego_ssh::lobby::{LobbyHandle, TournamentOrder};
use stratego_ssh::proto::{GameCmd, GamePhase, LobbyCmd, TournamentInfo, TournamentStatus};
use stratego_ssh::rules::{Color, Rules, Setup, Variant};
use stratego_ssh::tournament::Format;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

struct Resp {
    status: u16,
    head: String,
    body: String,
}

/// One HTTP/1.1 GET on its own connection, read to its end (bodies here are not chunked
/// or are read whole: the chunk sizes stay in `body`, which the tests search).
async fn get(addr: SocketAddr, path: &str) -> Resp {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: play.example.org\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    )
    .await
    .unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut raw))
        .await
        .expect("answers in time")
        .unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    Resp {
        status: head.split(' ').nth(1).unwrap().parse().unwrap(),
        head: head.to_string(),
        body: body.to_string(),
    }
}

fn json(r: &Resp) -> Value {
    assert_eq!(r.status, 200, "{}", r.body);
    serde_json::from_str(&r.body).unwrap_or_else(|e| panic!("{e}: {}", r.body))
}

/// A live stream: the bytes read so far.
struct Stream {
    s: tokio::net::TcpStream,
    seen: String,
}

impl Stream {
    async fn open(addr: SocketAddr, path: &str) -> Stream {
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        s.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
            .await
            .unwrap();
        Stream {
            s,
            seen: String::new(),
        }
    }

    /// Reads until `pred` holds for what was read (10 s at most).
    async fn until(&mut self, what: &str, pred: impl Fn(&str) -> bool) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        let mut buf = [0u8; 8192];
        while !pred(&self.seen) {
            let n = tokio::time::timeout_at(deadline, self.s.read(&mut buf))
                .await
                .unwrap_or_else(|_| panic!("waiting for {what}; read: {}", self.seen))
                .unwrap();
            assert!(n > 0, "the stream closed before {what}: {}", self.seen);
            self.seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    }
}

const NAME: &str = "<script>alert(1)</script> Cup";

/// A one-round Swiss.
fn swiss(name: &str) -> stratego_ssh::proto::TournamentTerms {
    common::tournament::terms(name, Format::Swiss { rounds: 1 })
}

async fn until_t(lobby: &LobbyHandle, id: u64, what: &str, pred: impl Fn(&TournamentInfo) -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(t) = lobby.snapshot().tournaments.iter().find(|t| t.id == id) {
            if pred(t) {
                return;
            }
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "waiting for: {what}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_on_the_web_its_pages_json_and_live_standings() {
    let server = common::start_server_with("web-tournaments", |o| {
        o.http_listen = "127.0.0.1:0".into();
        o.web.requests_per_second = 1_000_000;
    })
    .await;
    let addr = server.running.http_addr.expect("the web is on");
    let lobby = server.running.lobby.clone();

    // Nothing yet: the list says so; an unknown tournament is not found, page and API.
    let r = get(addr, "/tournaments").await;
    assert_eq!(r.status, 200);
    assert!(r.body.contains("None running now."), "{}", r.body);
    for path in [
        "/tournament/99",
        "/api/tournament/99",
        "/tournament/99/live",
        "/tournament/x",
    ] {
        assert_eq!(get(addr, path).await.status, 404, "{path}");
    }

    let id = create(&lobby, swiss(NAME)).await;
    let later = create(&lobby, swiss("Sunday Arena")).await;
    let mut ann = join(&lobby, "ann").await;
    let mut ben = join(&lobby, "ben").await;
    for c in [&mut ann, &mut ben] {
        lobby.command(c.session, LobbyCmd::JoinTournament(id));
        c.notice_containing("you joined").await;
    }
    until_t(&lobby, id, "two entrants", |t| t.standings.len() == 2).await;
    // A guest in the other one: a guest has no player's page, so no link to one.
    let mut gus = join_as(
        &lobby,
        stratego_ssh::lobby::Ident {
            id: stratego_ssh::proto::PlayerId::Guest("g1".into()),
            nick: "guest-1".into(),
            guest: true,
            addr: None,
        },
    )
    .await;
    lobby.command(gus.session, LobbyCmd::JoinTournament(later));
    gus.notice_containing("you joined").await;
    let mut annie = join(&lobby, "annie").await;
    lobby.command(annie.session, LobbyCmd::JoinTournament(later));
    annie.notice_containing("you joined").await;
    until_t(&lobby, later, "two entrants", |t| t.standings.len() == 2).await;
    let other = get(addr, &format!("/tournament/{later}")).await;
    assert!(other.body.contains("<td>guest-"), "{}", other.body);
    assert!(!other.body.contains("href=\"/@/guest-"), "{}", other.body);
    assert!(other.body.contains("href=\"/@/annie\""), "{}", other.body);

    // The list, the front page: the upcoming ones with their start times, linked; the
    // name as text, never as markup.
    let list = get(addr, "/tournaments").await;
    assert!(
        list.body.contains(&format!("href=\"/tournament/{id}\"")),
        "{}",
        list.body
    );
    assert!(list.body.contains(&format!("href=\"/tournament/{later}\"")));
    assert!(
        list.body
            .contains("&lt;script&gt;alert(1)&lt;/script&gt; Cup"),
        "{}",
        list.body
    );
    assert!(list.body.contains(" UTC"), "start times: {}", list.body);
    let front = get(addr, "/").await;
    assert!(
        front.body.contains(&format!("href=\"/tournament/{id}\"")),
        "{}",
        front.body
    );
    for page in [&list, &front] {
        assert!(!page.body.contains("<script>alert"), "{}", page.body);
    }
    let api = json(&get(addr, "/api/tournaments").await);
    let mine = api["tournaments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id)
        .expect("listed");
    assert_eq!(mine["name"], NAME);
    assert_eq!(mine["status"], "upcoming");
    assert_eq!(mine["players"], 2);

    // Its page: terms, status, standings; the name escaped.
    let page = get(addr, &format!("/tournament/{id}")).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("Swiss 1 round · Classic"),
        "{}",
        page.body
    );
    assert!(page.body.contains("upcoming"));
    assert!(page
        .body
        .contains(&format!("data-live=\"/tournament/{id}/live\"")));
    assert!(page.body.contains("<script src=\"/live.js\" defer"));
    assert!(
        page.body.contains(">ann<") && page.body.contains(">ben<"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("<script>alert"), "{}", page.body);
    assert!(page.head.contains("default-src 'self'"));
    // No identities (key fingerprints) in the page or the API.
    let one = get(addr, &format!("/api/tournament/{id}")).await;
    assert!(!one.body.contains("SHA256:"), "{}", one.body);
    assert!(!page.body.contains("SHA256:"));
    assert_eq!(json(&one)["terms"]["name"], NAME);

    // The live stream: the standings now, then after the start and a result.
    let mut live = Stream::open(addr, &format!("/tournament/{id}/live")).await;
    live.until("the first event", |s| {
        s.contains("event: html\n") && s.contains("\n\n")
    })
    .await;
    assert!(live.seen.contains("200 OK"), "{}", live.seen);
    assert!(live.seen.contains("text/event-stream"), "{}", live.seen);
    assert!(live.seen.contains("upcoming"));

    lobby
        .tournament(TournamentOrder::Start { id, by: None })
        .await
        .unwrap();
    until_t(&lobby, id, "the game", |t| t.games.len() == 1).await;
    let game = lobby
        .snapshot()
        .tournaments
        .iter()
        .find(|t| t.id == id)
        .unwrap()
        .games[0]
        .clone();
    live.until("the game in the live standings", |s| {
        s.contains(&format!("/game/{}", game.id)) && s.contains("round 1 of 1")
    })
    .await;
    let rules = Rules::standard(Variant::Classic);
    let (mut red, mut blue) = if game.red == "ann" {
        (ann.next_seat().await.0, ben.next_seat().await.0)
    } else {
        (ben.next_seat().await.0, ann.next_seat().await.0)
    };
    red.send(GameCmd::SubmitSetup(Setup::random(&rules, Color::Red, 1)))
        .await;
    blue.send(GameCmd::SubmitSetup(Setup::random(&rules, Color::Blue, 2)))
        .await;
    until(&mut red, "play", |s| s.phase == GamePhase::Playing).await;
    // The game's page names its tournament and round, linked, in play and when finished.
    let played_in = format!("Played in <a href=\"/tournament/{id}\">");
    let page = get(addr, &format!("/game/{}", game.id)).await;
    assert!(
        page.body.contains(&played_in) && page.body.contains("round 1."),
        "the game in play does not name its tournament"
    );
    red.send(GameCmd::Resign).await;
    until(&mut blue, "the end", |s| s.phase == GamePhase::Over).await;

    // Blue's win shows in the live standings (a W, one point), then the end.
    let winner = game.blue.clone();
    live.until("the result and the end", |s| s.contains("event: end\n"))
        .await;
    let events: Vec<&str> = live.seen.split("\n\n").collect();
    let last_html = events
        .iter()
        .rev()
        .find(|e| e.contains("event: html"))
        .unwrap();
    assert!(
        last_html.contains("<td class=\"marks\">W</td>"),
        "{last_html}"
    );
    assert!(last_html.contains("finished"), "{last_html}");
    let end = events.iter().find(|e| e.contains("event: end")).unwrap();
    assert!(
        end.contains(&format!("data: finished: {winner} first")),
        "{end}"
    );
    until_t(&lobby, id, "finished", |t| {
        t.status == TournamentStatus::Finished
    })
    .await;

    let page = get(addr, &format!("/game/{}", game.id)).await;
    assert!(
        page.body.contains(&played_in) && page.body.contains("round 1."),
        "the finished game does not name its tournament"
    );
    // The page of the finished tournament: the game linked with its result, no live part.
    let page = get(addr, &format!("/tournament/{id}")).await;
    assert!(
        page.body.contains(&format!("href=\"/game/{}\"", game.id)),
        "{}",
        page.body
    );
    assert!(
        page.body.contains(&format!("{winner} won")),
        "{}",
        page.body
    );
    assert!(!page.body.contains("data-live"), "{}", page.body);
    let v = json(&get(addr, &format!("/api/tournament/{id}")).await);
    assert_eq!(v["status"], "Finished");
    assert_eq!(v["pairings"][0]["game"], game.id);
    assert_eq!(v["pairings"][0]["result"], "blue");
    assert_eq!(v["standings"][0]["nick"], winner.as_str());
    assert_eq!(v["chat"], serde_json::json!([]));
    // A finished tournament's stream: its standings once, then the end.
    let r = get(addr, &format!("/tournament/{id}/live")).await;
    assert!(
        r.body.contains("event: html") && r.body.contains("event: end"),
        "{}",
        r.body
    );
    server.running.stop().await;
}
