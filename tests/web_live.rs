//! Games in play on the web (issue 36) over real HTTP, the games driven at lobby level
//! through the commands the screens send: the hidden-information audit (every byte a
//! spectator gets from `/game/{id}`, `/api/game/{id}` and both live streams, at every ply, is
//! the same for two set-ups that differ only in pieces never revealed, while the players
//! themselves do see the difference; every board shown is the engine's spectator view), a
//! private game answered exactly as an unknown id, a move shown on a stream, the stream
//! budgets, and the streams' ends.

mod common;

use common::web::{dechunk, http_get, request_text, web_server, Resp, WAIT};

use std::net::SocketAddr;
use std::time::Duration;

use common::lobby_client::{join, until, until_lobby, Client};
use serde_json::Value;
use stratego_ssh::game::GameSeat;
use stratego_ssh::lobby::LobbyHandle;
use stratego_ssh::proto::{ClockSpec, GameCmd, GameTerms, LobbyCmd};
use stratego_ssh::rules::{Color, Game, Move, Rules, Setup, SplitMix64, Square, Variant, Viewer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// An answer's body as JSON.
fn json(r: &Resp) -> Value {
    serde_json::from_str(&r.body).unwrap_or_else(|e| panic!("{e}: {}", r.body))
}

/// One GET on its own connection, read to its end.
async fn get(addr: SocketAddr, path: &str) -> Resp {
    http_get(addr, path, None).await
}

/// An open Server-Sent Events stream.
struct Sse {
    s: TcpStream,
    status: u16,
    head: String,
    /// Bytes read, not yet de-chunked.
    raw: Vec<u8>,
    /// The stream's text not yet split into events.
    text: String,
    ended: bool,
    comments: usize,
}

#[derive(Debug, Clone, PartialEq)]
struct Event {
    name: String,
    id: Option<String>,
    data: String,
    /// The event as sent.
    raw: String,
}

impl Sse {
    async fn open(addr: SocketAddr, path: &str, forwarded: Option<&str>) -> Sse {
        let mut s = TcpStream::connect(addr).await.expect("connects");
        s.write_all(request_text(path, forwarded.map(|a| ("X-Forwarded-For", a))).as_bytes())
            .await
            .unwrap();
        let mut raw = Vec::new();
        let mut buf = [0u8; 4096];
        let at = loop {
            if let Some(at) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
                break at;
            }
            let n = tokio::time::timeout(WAIT, s.read(&mut buf))
                .await
                .expect("a head in time")
                .unwrap();
            assert!(n > 0, "closed before its head");
            raw.extend_from_slice(&buf[..n]);
        };
        let head = String::from_utf8(raw[..at].to_vec()).unwrap();
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        Sse {
            s,
            status,
            head,
            raw: raw[at + 4..].to_vec(),
            text: String::new(),
            ended: false,
            comments: 0,
        }
    }

    fn header(&self, name: &str) -> Option<String> {
        Resp {
            status: self.status,
            head: self.head.clone(),
            body: String::new(),
        }
        .header(name)
    }

    /// The next event (comments counted and skipped); `None` when the stream ends or
    /// nothing comes within `within`.
    async fn next(&mut self, within: Duration) -> Option<Event> {
        let deadline = tokio::time::Instant::now() + within;
        let mut buf = [0u8; 8192];
        loop {
            let (data, done, used) = dechunk(&self.raw);
            self.raw.drain(..used);
            self.text
                .push_str(std::str::from_utf8(&data).expect("UTF-8"));
            self.ended |= done;
            while let Some(at) = self.text.find("\n\n") {
                let block: String = self.text.drain(..at + 2).collect();
                let mut ev = Event {
                    name: String::new(),
                    id: None,
                    data: String::new(),
                    raw: block.clone(),
                };
                let mut lines = Vec::new();
                for line in block.lines() {
                    if line.starts_with(':') {
                        self.comments += 1;
                    } else if let Some(v) = line.strip_prefix("event: ") {
                        ev.name = v.to_string();
                    } else if let Some(v) = line.strip_prefix("id: ") {
                        ev.id = Some(v.to_string());
                    } else if let Some(v) = line.strip_prefix("data: ") {
                        lines.push(v);
                    } else if !line.is_empty() {
                        panic!("not an event line: {line:?}");
                    }
                }
                ev.data = lines.join("\n");
                if !ev.name.is_empty() {
                    return Some(ev);
                }
            }
            if self.ended {
                return None;
            }
            let n = match tokio::time::timeout_at(deadline, self.s.read(&mut buf)).await {
                Err(_) => return None,
                Ok(r) => r.unwrap_or(0),
            };
            if n == 0 {
                self.ended = true;
                return None;
            }
            self.raw.extend_from_slice(&buf[..n]);
        }
    }

    /// The next event, which must come.
    async fn event(&mut self) -> Event {
        self.next(WAIT).await.expect("an event in time")
    }

    /// Whether the server closes the stream (its end) within `within`.
    async fn closes_within(&mut self, within: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + within;
        while tokio::time::Instant::now() < deadline {
            if self
                .next(deadline - tokio::time::Instant::now())
                .await
                .is_none()
                && self.ended
            {
                return true;
            }
        }
        false
    }
}

fn terms() -> GameTerms {
    GameTerms {
        rules: Rules::standard(Variant::Classic),
        rated: false,
        clock: Some(ClockSpec {
            initial_secs: 600,
            increment_secs: 0,
        }),
        days: None,
        budget: None,
    }
}

/// Alice seeks (`private_to`: a challenge), Bob takes it: the seats, by colour, and the
/// clients (kept: dropping one leaves the lobby).
async fn start(lobby: &LobbyHandle, private: bool) -> (GameSeat, GameSeat, Client, Client) {
    let mut alice = join(lobby, "alice").await;
    let mut bob = join(lobby, "bob").await;
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: terms(),
            private_to: private.then(|| "bob".to_string()),
            private,
        },
    );
    if private {
        // A challenge is not in the shared snapshot: give it time to arrive.
        tokio::time::sleep(Duration::from_millis(300)).await;
    } else {
        until_lobby(lobby, "the seek is listed", |s| !s.seeks.is_empty()).await;
    }
    lobby.command(bob.session, LobbyCmd::Accept(1));
    let a = alice.next_seat().await.0;
    let b = bob.next_seat().await.0;
    let (red, blue) = if a.color == Some(Color::Red) {
        (a, b)
    } else {
        (b, a)
    };
    (red, blue, alice, bob)
}

/// Masks what moves with time alone: clock readings, and the count of watchers.
fn mask_clocks(s: &str) -> String {
    let mut out = s.to_string();
    for (marker, until) in [
        ("data-ms=\"", '"'),
        ("\"remaining_ms\":", ','),
        ("data-running=\"true\">", '<'),
        ("data-running=\"false\">", '<'),
        // How many watch follows the streams this test opens and closes (within a second):
        // not hidden information, and not the same from one moment to the next.
        ("\"spectators\":", ','),
        ("<p class=\"spectators\">", '<'),
    ] {
        let mut res = String::new();
        let mut rest = out.as_str();
        while let Some(at) = rest.find(marker) {
            res.push_str(&rest[..at + marker.len()]);
            rest = &rest[at + marker.len()..];
            let end = rest.find([until, '}']).unwrap_or(rest.len());
            res.push('#');
            rest = &rest[end..];
        }
        res.push_str(rest);
        out = res;
    }
    out
}

/// `data-sq="E4" data-piece="Red unknown"` pairs of a page's board.
fn board_cells(html: &str) -> Vec<(String, String)> {
    html.split("data-sq=\"")
        .skip(1)
        .filter_map(|rest| {
            let sq = rest.split('"').next()?.to_string();
            let piece = rest
                .split_once("data-piece=\"")
                .filter(|(before, _)| !before.contains('>'))
                .map(|(_, p)| p.split('"').next().unwrap_or_default().to_string())?;
            Some((sq, piece))
        })
        .collect()
}

/// The spectator's view of the engine's position, as the page's cells and the API's board.
fn engine_cells(g: &Game) -> Vec<(String, String)> {
    let v = g.view(Viewer::Spectator);
    let mut cells: Vec<(String, String)> = Square::all()
        .filter_map(|sq| {
            v.piece_at(sq).map(|p| {
                (
                    sq.to_string(),
                    format!(
                        "{} {}",
                        p.color.name(),
                        p.rank.map_or("unknown", |r| r.name())
                    ),
                )
            })
        })
        .collect();
    cells.sort();
    cells
}

/// Everything a spectator gets of game `id` once the API shows `ready`: the page, the API, the first event of each stream.
async fn spectators_bytes(
    addr: SocketAddr,
    id: u64,
    ready: impl Fn(&Value) -> bool,
) -> Vec<String> {
    let deadline = tokio::time::Instant::now() + WAIT;
    let api = loop {
        let r = get(addr, &format!("/api/game/{id}")).await;
        assert_eq!(r.status, 200, "{}", r.body);
        if ready(&json(&r)) {
            break r;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "waiting: {}",
            r.body
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let page = get(addr, &format!("/game/{id}")).await;
    assert_eq!(page.status, 200);
    let mut html = Sse::open(addr, &format!("/game/{id}/live"), None).await;
    assert_eq!(html.status, 200);
    let h = html.event().await;
    let mut pos = Sse::open(addr, &format!("/api/game/{id}/live"), None).await;
    let p = pos.event().await;
    assert_eq!((h.name.as_str(), p.name.as_str()), ("html", "position"));
    let ply = json(&api)["ply"].as_u64().unwrap().to_string();
    assert_eq!(
        (h.id.as_deref(), p.id.as_deref()),
        (Some(&*ply), Some(&*ply))
    );
    // The page holds the fragment the stream sends; the position stream, the API's object.
    assert!(
        mask_clocks(&page.body).contains(&mask_clocks(&h.data)),
        "the page holds the stream's fragment"
    );
    assert_eq!(mask_clocks(&p.data), mask_clocks(&api.body));
    vec![page.body, api.body, h.raw, p.raw]
}

/// Red's set-up and the same with two back-row pieces of different ranks swapped, the two
/// squares, and a game's moves that never move nor attack either of them (so neither is
/// ever revealed), with at least `battles` battles.
fn twin_games(
    seed: u64,
    plies: usize,
    battles: usize,
) -> (Setup, Setup, Setup, [Square; 2], Vec<Move>) {
    let rules = Rules::standard(Variant::Classic);
    for seed in seed * 1000.. {
        let mut rng = SplitMix64(seed);
        let red = Setup::random(&rules, Color::Red, rng.next());
        let blue = Setup::random(&rules, Color::Blue, rng.next());
        let back: Vec<(Square, _)> = red
            .pieces
            .iter()
            .filter(|(sq, _)| sq.to_string().ends_with('1') && !sq.to_string().ends_with("10"))
            .map(|(s, r)| (*s, *r))
            .collect();
        let Some(&(a, ra)) = back.first() else {
            continue;
        };
        let Some(&(b, rb)) = back.iter().find(|(_, r)| *r != ra) else {
            continue;
        };
        let mut swapped = red.clone();
        swapped.pieces.insert(a, rb);
        swapped.pieces.insert(b, ra);
        let mut g = Game::new(rules, &red, &blue).unwrap();
        let mut moves = Vec::new();
        let mut fights = 0;
        while moves.len() < plies && g.outcome().is_none() {
            let legal: Vec<Move> = g
                .legal_moves()
                .into_iter()
                .filter(|m| ![a, b].contains(&m.from) && ![a, b].contains(&m.to))
                .collect();
            if legal.is_empty() {
                break;
            }
            // Battles first when there are some (ranks get revealed), else any move.
            let fighting: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| g.view(Viewer::Spectator).piece_at(m.to).is_some())
                .collect();
            let pick = if !fighting.is_empty() && rng.below(3) == 0 {
                fighting[rng.below(fighting.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            if g.view(Viewer::Spectator).piece_at(pick.to).is_some() {
                fights += 1;
            }
            g.play(pick).unwrap();
            moves.push(pick);
        }
        if moves.len() == plies && g.outcome().is_none() && fights >= battles {
            return (red, swapped, blue, [a, b], moves);
        }
    }
    unreachable!()
}

/// Plays `moves` from `red` and `blue` in a fresh server, with one live stream open all
/// along; at set-up, each side ready, and every ply, what spectators get (and the engine's
/// spectator view checked against every board shown). Then Red resigns: the open stream's
/// last fragment and `end`, and the page becomes the finished game's. Returns the bytes and
/// what Red's own seat showed of `squares` at the end.
async fn play_and_watch(
    tag: &str,
    red_setup: &Setup,
    blue_setup: &Setup,
    moves: &[Move],
    squares: [Square; 2],
) -> (Vec<Vec<String>>, Vec<Option<String>>, String) {
    // Colours are drawn at random: a fresh server until Alice has Red (the same bytes in
    // both runs).
    let (server, addr, mut red, blue, _alice, _bob) = loop {
        let (server, addr) = web_server(tag, |_| {}).await;
        let lobby = server.running.lobby.clone();
        let (red, blue, alice, bob) = start(&lobby, false).await;
        if red.nick == "alice" {
            break (server, addr, red, blue, alice, bob);
        }
        drop((red, blue, alice, bob));
        server.running.stop().await;
    };
    let id = red.game;
    // One stream all along: the web's one place in the stands stays (the count stays 1).
    let mut follow = Sse::open(addr, &format!("/game/{id}/live"), None).await;
    assert_eq!(follow.status, 200);
    assert!(follow
        .header("content-type")
        .is_some_and(|c| c.starts_with("text/event-stream")));
    assert!(follow.event().await.data.contains("Setting up"));
    let mut seen = Vec::new();
    let at = |phase: &'static str, ply: u64, ready: [bool; 2]| {
        move |v: &Value| {
            v["live"] == true
                && v["phase"] == phase
                && v["ply"] == ply
                && v["ready"]["red"] == ready[0]
                && v["ready"]["blue"] == ready[1]
                && v["spectators"].as_u64() >= Some(1)
        }
    };
    let masked = |v: Vec<String>| v.iter().map(|s| mask_clocks(s)).collect::<Vec<_>>();
    seen.push(masked(
        spectators_bytes(addr, id, at("setup", 0, [false, false])).await,
    ));
    red.send(GameCmd::SubmitSetup(red_setup.clone())).await;
    seen.push(masked(
        spectators_bytes(addr, id, at("setup", 0, [true, false])).await,
    ));
    blue.send(GameCmd::SubmitSetup(blue_setup.clone())).await;
    let rules = Rules::standard(Variant::Classic);
    let mut g = Game::new(rules, red_setup, blue_setup).unwrap();
    for ply in 0..=moves.len() {
        if ply > 0 {
            let m = moves[ply - 1];
            let seat = if g.to_move() == Color::Red {
                &red
            } else {
                &blue
            };
            seat.send(GameCmd::Move(m)).await;
            g.play(m).unwrap();
            until(&mut red, "the move is played", |s| s.history.len() == ply).await;
        }
        let bytes = spectators_bytes(addr, id, at("playing", ply as u64, [true, true])).await;
        // Every board shown is the engine's position as a spectator knows it.
        let mut cells = board_cells(&bytes[0]);
        cells.sort();
        assert_eq!(cells, engine_cells(&g), "the page at ply {ply}");
        let mut api: Vec<(String, String)> = serde_json::from_str::<Value>(&bytes[1]).unwrap()
            ["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let color = if p["color"] == "red" { "Red" } else { "Blue" };
                (
                    p["square"].as_str().unwrap().to_string(),
                    format!("{color} {}", p["rank"].as_str().unwrap_or("unknown")),
                )
            })
            .collect();
        api.sort();
        assert_eq!(api, engine_cells(&g), "the API at ply {ply}");
        seen.push(masked(bytes));
    }
    // What Red sees of the two swapped squares (the players know their own pieces).
    let red_view = red.snapshots.borrow().view.clone().expect("a board");
    let own: Vec<Option<String>> = squares
        .iter()
        .map(|&sq| {
            red_view
                .piece_at(sq)
                .and_then(|p| p.rank)
                .map(|r| r.name().to_string())
        })
        .collect();
    // The open stream followed the game; at its end, its last fragment and `end`.
    red.send(GameCmd::Resign).await;
    let mut last = None;
    let end: Event = loop {
        let ev = follow.event().await;
        if ev.name == "end" {
            break ev;
        }
        assert_eq!(ev.name, "html");
        last = Some(ev);
    };
    assert!(end.data.contains("won"), "{end:?}");
    let last = last.expect("a last fragment");
    assert!(last.data.contains("Game over"), "{last:?}");
    assert!(
        follow.closes_within(WAIT).await,
        "the stream ends with the game"
    );
    // The game over reveals every piece (as an SSH spectator sees it): kept apart.
    let revealed = mask_clocks(&last.raw);
    // The same address is the finished game's page now.
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let page = get(addr, &format!("/game/{id}")).await;
        if !page.body.contains("data-live") {
            assert_eq!(page.status, 200);
            assert!(page.body.contains("Result:"), "{}", page.body);
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "still live: {}",
            page.body
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let api = json(&get(addr, &format!("/api/game/{id}")).await);
    assert_eq!(api["live"], false);
    assert_eq!(api["plies"], moves.len() as u64);
    // Its stream now tells the result (after the last fragment while the game lingers for a
    // rematch) and ends.
    let mut after = Sse::open(addr, &format!("/game/{id}/live"), None).await;
    loop {
        let ev = after.event().await;
        if ev.name == "end" {
            assert_eq!(ev.data, end.data);
            break;
        }
        assert!(ev.name == "html" && ev.data.contains("Game over"), "{ev:?}");
    }
    assert!(after.closes_within(WAIT).await);
    server.running.stop().await;
    (seen, own, revealed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_get_the_same_bytes_whatever_the_unrevealed_pieces_are() {
    let (red, swapped, blue, squares, moves) = twin_games(7, 40, 4);
    let (a, own_a, end_a) = play_and_watch("web-live-a", &red, &blue, &moves, squares).await;
    let (b, own_b, end_b) = play_and_watch("web-live-b", &swapped, &blue, &moves, squares).await;
    // The players see the difference, and so does everyone once the game is over and every
    // piece is shown: the comparison below could fail.
    assert_ne!(own_a, own_b, "Red's own pieces on {squares:?}");
    assert_ne!(end_a, end_b, "the game over shows the two set-ups");
    assert!(own_a.iter().all(Option::is_some));
    assert_eq!(a.len(), b.len());
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        for (j, (p, q)) in x.iter().zip(y).enumerate() {
            assert_eq!(p, q, "capture {i}, output {j} differs");
        }
    }
    // Some ranks were revealed along the way (the audit saw battles), and none of the two.
    let last_api = &a[a.len() - 1][1];
    assert!(
        last_api.contains("\"rank\":\""),
        "some rank is known: {last_api}"
    );
    for &sq in &squares {
        assert!(
            last_api.contains(&format!(
                "{{\"color\":\"red\",\"rank\":null,\"square\":\"{sq}\"}}"
            )),
            "{sq} unknown: {last_api}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_game_in_play_is_answered_as_an_unknown_id() {
    let (server, addr) = web_server("web-live-private", |_| {}).await;
    let lobby = server.running.lobby.clone();
    let (red, _blue, _alice, _bob) = start(&lobby, true).await;
    let id = red.game;
    for (private, unknown) in [
        (format!("/game/{id}"), "/game/99".to_string()),
        (format!("/api/game/{id}"), "/api/game/99".to_string()),
        (format!("/game/{id}/live"), "/game/99/live".to_string()),
        (
            format!("/api/game/{id}/live"),
            "/api/game/99/live".to_string(),
        ),
        (
            format!("/game/{id}?view=red"),
            "/game/99?view=red".to_string(),
        ),
    ] {
        let (p, u) = (get(addr, &private).await, get(addr, &unknown).await);
        assert_eq!((p.status, u.status), (404, 404), "{private}: {}", p.body);
        assert_eq!(
            p.body.replace(&format!("#{id}"), "#N"),
            u.body.replace("#99", "#N"),
            "{private}"
        );
        assert_eq!(p.header("content-type"), u.header("content-type"));
    }
    for path in ["/games/live", "/api/games/live", "/"] {
        let r = get(addr, path).await;
        assert_eq!(r.status, 200);
        assert!(
            !r.body.contains(&format!("/game/{id}")) && !r.body.contains("\"id\""),
            "{path}: {}",
            r.body
        );
    }
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_shows_a_move_and_the_lists_link_the_game() {
    let (server, addr) = web_server("web-live-move", |_| {}).await;
    let lobby = server.running.lobby.clone();
    let (mut red, blue, _alice, _bob) = start(&lobby, false).await;
    let id = red.game;
    let rules = Rules::standard(Variant::Classic);
    let (rs, bs) = (
        Setup::random(&rules, Color::Red, 1),
        Setup::random(&rules, Color::Blue, 2),
    );
    red.send(GameCmd::SubmitSetup(rs.clone())).await;
    blue.send(GameCmd::SubmitSetup(bs.clone())).await;
    until(&mut red, "play starts", |s| s.view.is_some()).await;
    until_lobby(&lobby, "the game is listed", |s| {
        s.games.iter().any(|g| g.id == id)
    })
    .await;
    // The lists: the front page links the games in play, and they link the game.
    let front = get(addr, "/").await;
    assert!(
        front.body.contains("href=\"/games/live\""),
        "{}",
        front.body
    );
    assert!(front.body.contains(&format!("href=\"/game/{id}\"")));
    let list = get(addr, "/games/live").await;
    assert!(
        list.body.contains(&format!("href=\"/game/{id}\"")),
        "{}",
        list.body
    );
    let api = json(&get(addr, "/api/games/live").await);
    assert_eq!(api["games"][0]["id"], id);
    assert_eq!(api["games"][0]["red"], red.nick.as_str());
    // The page: in its live element, with the script, and a reload link.
    let page = get(addr, &format!("/game/{id}")).await;
    assert!(page.body.contains(&format!(
        "<div id=\"live\" data-live=\"/game/{id}/live\" data-poll=\"/api/game/{id}\""
    )));
    assert!(page
        .body
        .contains("<script src=\"/live.js\" defer></script>"));
    assert!(page.body.contains(&format!("href=\"/game/{id}\"")));
    assert!(
        page.body.contains("Red to move"),
        "{}",
        page.body
            .split("<div id=\"live\"")
            .nth(1)
            .unwrap_or_default()
            .chars()
            .take(700)
            .collect::<String>()
    );
    // Whatever a finished game's page may be asked (a ply, a player's view), a game in
    // play is shown as its spectators see it.
    let asked = get(addr, &format!("/game/{id}?ply=0&view=red")).await;
    assert_eq!(asked.body, page.body);
    let asked = get(addr, &format!("/api/game/{id}?view=blue")).await;
    assert_eq!(asked.body, get(addr, &format!("/api/game/{id}")).await.body);
    let script = get(addr, "/live.js").await;
    assert_eq!(script.status, 200);
    assert!(script
        .header("content-type")
        .unwrap()
        .starts_with("text/javascript"));
    assert!(script.body.contains("EventSource"));
    // A move shows on the stream.
    let mut s = Sse::open(addr, &format!("/api/game/{id}/live"), None).await;
    let first: Value = serde_json::from_str(&s.event().await.data).unwrap();
    assert_eq!(
        (first["live"].clone(), first["ply"].clone()),
        (Value::Bool(true), Value::from(0))
    );
    let g = Game::new(rules, &rs, &bs).unwrap();
    let m = g.legal_moves()[0];
    red.send(GameCmd::Move(m)).await;
    let moved = loop {
        let ev = s.next(WAIT).await.expect("the move arrives");
        let v: Value = serde_json::from_str(&ev.data).unwrap();
        if v["ply"] == 1 {
            assert_eq!(ev.id.as_deref(), Some("1"));
            break v;
        }
    };
    assert_eq!(moved["moves"][0]["from"], m.from.to_string());
    assert_eq!(moved["to_move"], "blue");
    assert_eq!(moved["clocks"]["blue"]["running"], true);
    // The server stops: the stream ends.
    server.running.stop().await;
    assert!(
        s.closes_within(WAIT).await,
        "the stream ends with the server"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn streams_are_budgeted_per_address_and_in_total_and_kept_alive() {
    let (server, addr) = web_server("web-live-budget", |o| {
        o.web.max_live_streams_per_address = 2;
        o.web.max_live_streams = 4;
        o.web.idle_timeout = Duration::from_secs(2);
        o.web.trusted_proxies = vec![stratego_ssh::limit::AddrNet::parse("127.0.0.1").unwrap()];
    })
    .await;
    let lobby = server.running.lobby.clone();
    let (red, _blue, _alice, _bob) = start(&lobby, false).await;
    let path = format!("/game/{}/live", red.game);
    // Through a trusted proxy on this machine: the address it forwards is counted.
    let mut a1 = Sse::open(addr, &path, Some("198.51.100.7")).await;
    let _a2 = Sse::open(addr, &path, Some("198.51.100.7")).await;
    let a3 = Sse::open(addr, &path, Some("198.51.100.7")).await;
    assert_eq!((a1.status, _a2.status, a3.status), (200, 200, 429));
    assert!(a3.header("retry-after").is_some());
    let _b1 = Sse::open(addr, &path, Some("203.0.113.5")).await;
    assert_eq!(_b1.status, 200, "another address is served");
    // The proxy's own requests (nothing forwarded): only the total counts them.
    let _c1 = Sse::open(addr, &path, None).await;
    let c2 = Sse::open(addr, &path, None).await;
    assert_eq!((_c1.status, c2.status), (200, 503));
    assert!(c2.header("retry-after").is_some());
    // A stream outlives the idle timeout: its keep-alive comments.
    assert_eq!(a1.event().await.name, "html");
    let quiet = tokio::time::Instant::now() + Duration::from_secs(5);
    while tokio::time::Instant::now() < quiet {
        if let Some(ev) = a1.next(quiet - tokio::time::Instant::now()).await {
            assert_eq!(ev.name, "html");
        }
        assert!(!a1.ended, "the stream outlives the idle timeout");
    }
    assert!(a1.comments >= 2, "keep-alive comments: {}", a1.comments);
    // A stream closed gives its place back (the last quarter of the total is kept for
    // addresses holding none: two close).
    drop(a1);
    drop(_b1);
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let again = Sse::open(addr, &path, Some("198.51.100.7")).await;
        if again.status == 200 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the place is given back"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_default_budgets_a_local_load_generator_holds_500_watchers_beside_page_requests() {
    // The default stream and connection budgets (only the request and connection rates are
    // raised: one address here makes every request, where a load generator behind a trusted
    // proxy on this machine forwards many).
    let (server, addr) = web_server("web-live-500", |o| {
        o.web.trusted_proxies = vec![stratego_ssh::limit::AddrNet::parse("127.0.0.1").unwrap()];
    })
    .await;
    let lobby = server.running.lobby.clone();
    let (mut red, blue, _alice, _bob) = start(&lobby, false).await;
    let id = red.game;
    let rules = Rules::standard(Variant::Classic);
    let (rs, bs) = (
        Setup::random(&rules, Color::Red, 3),
        Setup::random(&rules, Color::Blue, 4),
    );
    red.send(GameCmd::SubmitSetup(rs.clone())).await;
    blue.send(GameCmd::SubmitSetup(bs.clone())).await;
    until(&mut red, "play starts", |s| s.view.is_some()).await;
    let mut watchers = Vec::new();
    for i in 0..500 {
        let path = if i % 2 == 0 {
            format!("/game/{id}/live")
        } else {
            format!("/api/game/{id}/live")
        };
        let mut s = Sse::open(addr, &path, None).await;
        assert_eq!(s.status, 200, "watcher {i}");
        s.event().await;
        watchers.push(s);
    }
    // Pages are still served beside them.
    let pages: Vec<_> = (0..200)
        .map(|i| {
            tokio::spawn(async move {
                let path = if i % 2 == 0 {
                    "/".to_string()
                } else {
                    format!("/game/{id}")
                };
                get(addr, &path).await.status
            })
        })
        .collect();
    for p in pages {
        assert_eq!(p.await.unwrap(), 200);
    }
    // A move reaches every watcher.
    let m = Game::new(rules, &rs, &bs).unwrap().legal_moves()[0];
    red.send(GameCmd::Move(m)).await;
    for (i, s) in watchers.iter_mut().enumerate() {
        loop {
            let ev = s
                .next(WAIT)
                .await
                .unwrap_or_else(|| panic!("watcher {i} sees the move"));
            if ev.id.as_deref() == Some("1") {
                break;
            }
        }
    }
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_page_counts_its_web_viewers() {
    let (server, addr) = web_server("web-live-viewers", |_| {}).await;
    let lobby = server.running.lobby.clone();
    let (red, _blue, _alice, _bob) = start(&lobby, false).await;
    let id = red.game;
    let path = format!("/game/{id}/live");
    let mut first = Sse::open(addr, &path, None).await;
    let _second = Sse::open(addr, &path, None).await;
    let third = Sse::open(addr, &format!("/api/game/{id}/live"), None).await;
    assert_eq!((first.status, third.status), (200, 200));
    // Three readers on the web, nobody over SSH: the page says three.
    let deadline = tokio::time::Instant::now() + WAIT;
    let mut said = String::new();
    while tokio::time::Instant::now() < deadline && !said.contains("3 watching") {
        if let Some(ev) = first.next(Duration::from_millis(500)).await {
            if ev.name == "html" {
                said = ev.data;
            }
        }
    }
    assert!(said.contains("3 watching"), "{said}");
    let list = json(&get(addr, "/api/games/live").await);
    assert_eq!(list["games"][0]["spectators"], 3, "{list}");
    // Two leave: one again.
    drop(third);
    drop(_second);
    let deadline = tokio::time::Instant::now() + WAIT;
    while tokio::time::Instant::now() < deadline && !said.contains("1 watching") {
        if let Some(ev) = first.next(Duration::from_millis(500)).await {
            if ev.name == "html" {
                said = ev.data;
            }
        }
    }
    assert!(said.contains("1 watching"), "{said}");
    server.running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_game_in_play_gives_its_moves_a_page_at_a_time() {
    let (server, addr) = web_server("web-live-paged", |_| {}).await;
    let lobby = server.running.lobby.clone();
    let (mut red, mut blue, _alice, _bob) = start(&lobby, false).await;
    let id = red.game;
    let rules = Rules::standard(Variant::Classic);
    let (rs, bs) = (
        Setup::random(&rules, Color::Red, 21),
        Setup::random(&rules, Color::Blue, 22),
    );
    red.send(GameCmd::SubmitSetup(rs.clone())).await;
    blue.send(GameCmd::SubmitSetup(bs.clone())).await;
    until(&mut red, "play starts", |s| s.view.is_some()).await;
    // 130 plies of quiet moves (no attack: nobody's flag falls).
    let mut game = Game::new(rules, &rs, &bs).unwrap();
    let mut rng = SplitMix64(5);
    for ply in 1..=130usize {
        let quiet: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|m| game.piece_at(m.to).is_none())
            .collect();
        let m = quiet[rng.below(quiet.len())];
        game.play(m).unwrap();
        let seat = if ply % 2 == 1 { &mut red } else { &mut blue };
        seat.send(GameCmd::Move(m)).await;
        until(seat, "the move is played", |s| s.history.len() == ply).await;
    }
    let all: Vec<String> = game
        .history(Viewer::Spectator)
        .iter()
        .map(|m| format!("{}", m.from))
        .collect();
    // The object in play holds the last 100 moves and says where they start.
    let now = json(&get(addr, &format!("/api/game/{id}")).await);
    let moves = now["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 100);
    assert_eq!(now["moves_from"], 31);
    assert_eq!(moves[0]["ply"], 31);
    assert_eq!(moves[99]["ply"], 130);
    // The earlier ones a page at a time.
    let first = json(&get(addr, &format!("/api/game/{id}?from=1")).await);
    let page: Vec<String> = first["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["from"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(page, all[..100]);
    assert_eq!(first["moves_from"], 1);
    assert_eq!(first["ply"], 130);
    let rest = json(&get(addr, &format!("/api/game/{id}?from=101")).await);
    assert_eq!(rest["moves"].as_array().unwrap().len(), 30);
    assert_eq!(
        get(addr, &format!("/api/game/{id}?from=x")).await.status,
        400
    );
    // The stream's object is the same as the API's.
    let mut s = Sse::open(addr, &format!("/api/game/{id}/live"), None).await;
    let ev = s.event().await;
    assert_eq!(json_of(&ev.data)["moves"].as_array().unwrap().len(), 100);
    // The page links the first of them.
    let page = get(addr, &format!("/game/{id}")).await;
    assert!(page
        .body
        .contains(&format!("href=\"/api/game/{id}?from=1\"")));
    server.running.stop().await;
}

fn json_of(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("{e}: {s}"))
}
