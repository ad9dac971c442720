//! A private game over real SSH, in the line mode (issue 43): `challenge NICK private`
//! makes a casual game its two players alone know of; a third player online finds it in
//! no `games` list, sees neither player `playing game N` in `who`, and cannot `watch` it.

mod common;

use common::line::LineClient;
use common::{new_key, start_server, Login};

/// How long anything may take on a slow shared machine, in seconds.
const SLOW: u64 = 60;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_game_is_in_no_one_elses_lines() {
    let srv = start_server("line-private").await;
    let addr = srv.running.addr;
    let (kl, ks, kc) = (new_key(), new_key(), new_key());
    let mut lena = LineClient::open(addr, Login::Key("lena", &kl), "play").await;
    let mut sam = LineClient::open(addr, Login::Key("sam", &ks), "play").await;
    let mut carl = LineClient::open(addr, Login::Key("carl", &kc), "play").await;
    for p in [&mut lena, &mut sam, &mut carl] {
        p.until_has("lobby>", SLOW).await;
    }
    // Asked rated as well: refused, nothing sent.
    lena.send("challenge sam private rated").await;
    lena.until_has("A private game is casual", SLOW).await;
    lena.send("challenge sam private").await;
    lena.until_has("Challenge sent to sam.", SLOW).await;
    sam.until_has(
        "lena challenges you: Classic, 10 min + 5 s a move, private, casual.",
        SLOW,
    )
    .await;
    sam.send("seeks").await;
    sam.until_has("1. lena challenges you", SLOW).await;
    sam.send("accept 1").await;
    let start = sam
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
    lena.until_has(&format!("Game {id}:"), SLOW).await;
    // Carl's chat line comes back once the lobby published what happened before it.
    carl.send("say hello").await;
    carl.until_has("carl says: hello", SLOW).await;
    carl.send("games").await;
    carl.until_has("No games in play.", SLOW).await;
    carl.send("who").await;
    let who = carl.until_has("3 players online:", SLOW).await;
    let mut rows = vec![];
    for _ in 0..3 {
        rows.extend(carl.until("a player", SLOW, |_| true).await);
    }
    assert!(rows.iter().all(|l| !l.contains("game")), "{who:?} {rows:?}");
    carl.send(&format!("watch {id}")).await;
    carl.until_has(&format!("There is no game {id} in play."), SLOW)
        .await;
    for p in [lena, sam, carl] {
        p.disconnect().await;
    }
}
