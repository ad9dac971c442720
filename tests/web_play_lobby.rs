//! The browser board's lobby beyond seeks and the computer, and a game's extras
//! (src/web/play/social.rs), over the board's real socket: lobby chat; challenges made,
//! declined and accepted, with rule options; a game's chat, its spectators' own; games to
//! watch; tournaments joined and left; the set-up tray, Random around what was placed,
//! saved set-ups; pieces left per rank. And once in Chromium: the tray, the typed move and
//! the chat, tapped and typed as a player does.

#[path = "common/browser.rs"]
mod browser;
mod common;

use browser::Browser;
use common::board::Board;
use common::web::web_server;
use serde_json::{json, Value};
use stratego_ssh::tournament::Format;

fn names(v: &Value, key: &str, field: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap_or(&vec![])
        .iter()
        .map(|x| x[field].as_str().unwrap_or_default().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browsers_chat_challenge_with_rule_options_and_a_spectator_chats_apart() {
    let (server, addr) = web_server("web-play-social", |_| {}).await;
    let mut ann = Board::guest(addr).await;
    let mut bob = Board::guest(addr).await;
    let mut cat = Board::guest(addr).await;
    let (an, bn) = (ann.nick.clone(), bob.nick.clone());

    // Lobby chat: said by one, seen by the others, in the lobby message.
    ann.send(json!({"t": "chat", "text": "hello lobby"})).await;
    let seen = bob
        .until("lobby", |v| {
            v["chat"]
                .as_array()
                .is_some_and(|c| c.iter().any(|l| l["text"] == "hello lobby"))
        })
        .await;
    let line = seen["chat"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["text"] == "hello lobby")
        .unwrap()
        .clone();
    assert_eq!(line["from"], json!(an), "signed by who said it");
    // Players online lists the others, each to challenge.
    let players = names(&seen, "players", "nick");
    assert!(
        players.contains(&an) && !players.contains(&bn),
        "the others, not oneself: {players:?}"
    );

    // Bad rule options: refused, and nothing is posted.
    ann.send(json!({"t": "challenge", "nick": bn, "variant": "classic", "clock": "none", "options": {"two_square": 4}}))
        .await;
    let r = ann.until("refused", |_| true).await;
    assert!(r["text"].as_str().unwrap().contains("two-square"), "{r}");
    ann.send(
        json!({"t": "challenge", "nick": "nobody-here", "variant": "classic", "clock": "none"}),
    )
    .await;
    let r = ann.until("refused", |_| true).await;
    assert!(r["text"].as_str().unwrap().contains("not online"), "{r}");

    // A challenge with options: bob sees it (and cat does not), declines it.
    let challenge = json!({"t": "challenge", "nick": bn, "variant": "classic", "clock": "none",
        "options": {"aggressor": true, "rescue": true, "two_square": 5}});
    ann.send(challenge.clone()).await;
    let to_bob = bob
        .until("lobby", |v| {
            v["challenges"].as_array().is_some_and(|c| !c.is_empty())
        })
        .await;
    let c = &to_bob["challenges"][0];
    assert_eq!(c["from"], json!(an));
    assert_eq!(c["mine"], json!(false));
    let rules = c["terms"]["rules"].as_str().unwrap();
    assert!(
        rules.contains("AA") && rules.contains("rescue") && rules.contains("2sq:5"),
        "the options travel: {rules}"
    );
    let id = c["id"].as_u64().unwrap();
    bob.send(json!({"t": "decline", "id": id})).await;
    ann.until("lobby", |v| {
        v["challenges"].as_array().is_some_and(|c| c.is_empty())
    })
    .await;
    // Declining someone else's, or a number that is none: refused.
    cat.send(json!({"t": "decline", "id": id})).await;
    let r = cat.until("refused", |_| true).await;
    assert!(
        r["text"].as_str().unwrap().contains("no such challenge"),
        "{r}"
    );

    // Again, and bob accepts: both sit in a game with those rules. (A lobby message made
    // before the decline may still list the first one: the new one is another number.)
    ann.send(challenge).await;
    let declined = id;
    let to_bob = bob
        .until("lobby", |v| {
            v["challenges"]
                .as_array()
                .is_some_and(|c| c.iter().any(|c| c["id"] != declined))
        })
        .await;
    let id = to_bob["challenges"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] != declined)
        .unwrap()["id"]
        .as_u64()
        .unwrap();
    bob.send(json!({"t": "accept", "id": id})).await;
    let g = bob.until("game", |_| true).await;
    ann.until("game", |_| true).await;
    let game_id = g["id"].as_u64().unwrap();
    assert_eq!(g["phase"], "setup");
    let tray: Vec<u64> = g["tray"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert_eq!(
        tray.iter().sum::<u64>(),
        0,
        "the draft starts full: the tray is empty"
    );

    // The game shows in the lobby's list to watch; cat watches it.
    let listed = cat
        .until("lobby", |v| {
            v["games"]
                .as_array()
                .is_some_and(|g| g.iter().any(|x| x["id"] == game_id))
        })
        .await;
    assert!(names(&listed, "games", "red")
        .iter()
        .any(|n| n == &an || n == &bn));
    cat.send(json!({"t": "watch", "id": game_id})).await;
    let watched = cat.until("game", |_| true).await;
    assert_eq!(watched["me"], Value::Null, "a spectator has no seat");
    assert_eq!(
        watched["board"].as_array().unwrap().len(),
        0,
        "and sees no set-up"
    );

    // The players' chat reaches both players; the spectator's stays in the stands.
    ann.send(json!({"t": "chat", "text": "good luck"})).await;
    bob.until("chat", |v| {
        v["lines"]
            .as_array()
            .is_some_and(|l| l.iter().any(|x| x["text"] == "good luck"))
    })
    .await;
    cat.send(json!({"t": "chat", "text": "go bob"})).await;
    cat.until("chat", |v| {
        v["lines"]
            .as_array()
            .is_some_and(|l| l.iter().any(|x| x["text"] == "go bob"))
    })
    .await;
    // Let the stands' line travel, then check no player was sent it.
    ann.send(json!({"t": "chat", "text": "second"})).await;
    bob.until("chat", |v| {
        v["lines"]
            .as_array()
            .is_some_and(|l| l.iter().any(|x| x["text"] == "second"))
    })
    .await;
    for p in [&ann, &bob] {
        assert!(
            !p.log.iter().any(|m| m.contains("go bob")),
            "a spectator's line never reaches a player"
        );
    }
    assert!(
        !cat.log.iter().any(|m| m.contains("good luck")),
        "nor the players' chat the stands"
    );
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tray_places_by_rank_random_keeps_what_was_placed_and_a_saved_set_up_loads() {
    let (server, addr) = web_server("web-play-tray", |_| {}).await;
    let mut p = Board::guest(addr).await;
    p.send(json!({"t": "computer", "level": "random"})).await;
    let g = p.until("game", |v| v["phase"] == "setup").await;
    let me = g["me"].as_str().unwrap().to_string();
    let order: Vec<String> = {
        // The ranks' order is the page's words'; the tray follows Rank::ALL.
        vec![
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
        ]
        .into_iter()
        .map(String::from)
        .collect()
    };
    let zone: Vec<String> = g["zone"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    let back = if me == "red" { "A1" } else { "A10" };
    assert!(zone.contains(&back.to_string()));
    let tray_of = |v: &Value, rank: &str| {
        let i = order.iter().position(|r| r == rank).unwrap();
        v["tray"][i].as_u64().unwrap()
    };
    p.send(json!({"t": "clear"})).await;
    let g = p.until("game", |_| true).await;
    assert_eq!(
        g["board"].as_array().unwrap().len(),
        0,
        "cleared: nothing placed"
    );
    assert_eq!(tray_of(&g, "Scout"), 8);
    assert_eq!(tray_of(&g, "Bomb"), 6);
    assert_eq!(tray_of(&g, "Flag"), 1);
    p.send(json!({"t": "place", "sq": back, "rank": "Flag"}))
        .await;
    let g = p.until("game", |_| true).await;
    assert_eq!(tray_of(&g, "Flag"), 0);
    assert_eq!(
        g["board"],
        json!([{"sq": back, "c": me, "r": "Flag", "m": false}]),
        "the Flag stands where it was put"
    );
    // No second Flag; no square outside one's rows; no rank that is none.
    let second = if me == "red" { "B1" } else { "B10" };
    p.send(json!({"t": "place", "sq": second, "rank": "Flag"}))
        .await;
    let r = p.until("refused", |_| true).await;
    assert!(r["text"].as_str().unwrap().contains("tray"), "{r}");
    p.send(json!({"t": "place", "sq": "E5", "rank": "Scout"}))
        .await;
    p.until("refused", |_| true).await;
    p.send(json!({"t": "place", "sq": second, "rank": "Admiral"}))
        .await;
    let r = p.until("refused", |_| true).await;
    assert!(r["text"].as_str().unwrap().contains("rank"), "{r}");
    // Ready with pieces left in the tray: refused.
    p.send(json!({"t": "ready"})).await;
    let r = p.until("refused", |_| true).await;
    assert!(r["text"].as_str().unwrap().contains("not complete"), "{r}");
    // Random fills the rest around the Flag placed by hand.
    p.send(json!({"t": "random"})).await;
    let g = p.until("game", |_| true).await;
    assert_eq!(g["board"].as_array().unwrap().len(), 40);
    assert!(
        g["board"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["sq"] == back && x["r"] == "Flag"),
        "the Flag placed by hand stays: {}",
        g["board"]
    );
    assert_eq!(
        g["tray"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .sum::<u64>(),
        0
    );
    let arranged = g["board"].clone();
    // Saved, cleared, loaded back: the same set-up.
    p.send(json!({"t": "save", "name": "flag left"})).await;
    let s = p.until("setups", |_| true).await;
    assert_eq!(s["names"], json!(["flag left"]));
    p.send(json!({"t": "clear"})).await;
    p.until("game", |v| {
        v["board"].as_array().is_some_and(|b| b.is_empty())
    })
    .await;
    p.send(json!({"t": "load", "name": "no such"})).await;
    p.until("refused", |_| true).await;
    p.send(json!({"t": "load", "name": "flag left"})).await;
    let g = p.until("game", |_| true).await;
    let sorted = |v: &Value| {
        let mut b: Vec<String> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.to_string())
            .collect();
        b.sort();
        b
    };
    assert_eq!(
        sorted(&g["board"]),
        sorted(&arranged),
        "the saved set-up comes back"
    );
    p.send(json!({"t": "ready"})).await;
    let g = p.until("game", |v| v["phase"] == "play").await;
    // Pieces left per rank, both sides: full armies at the start.
    let left = &g["left"];
    let i = order.iter().position(|r| r == "Scout").unwrap();
    assert_eq!(left["red"][i], 8, "{left}");
    assert_eq!(left["blue"][i], 8, "{left}");
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_joins_and_leaves_a_tournament_and_is_paired_straight_into_a_set_up() {
    let (server, addr) = web_server("web-play-tourney", |_| {}).await;
    let lobby = server.running.lobby.clone();
    let id = common::tournament::create(
        &lobby,
        common::tournament::terms("Board Cup", Format::Arena { minutes: 30 }),
    )
    .await;
    let mut p = Board::guest(addr).await;
    let listed = p
        .until("lobby", |v| {
            v["tournaments"]
                .as_array()
                .is_some_and(|t| t.iter().any(|x| x["id"] == id))
        })
        .await;
    let t = listed["tournaments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"] == id)
        .unwrap()
        .clone();
    assert_eq!(t["name"], "Board Cup");
    assert_eq!(t["joined"], false);
    p.send(json!({"t": "join", "id": id})).await;
    p.until("lobby", |v| {
        v["tournaments"].as_array().is_some_and(|t| {
            t.iter()
                .any(|x| x["id"] == id && x["joined"] == true && x["entrants"] == 1)
        })
    })
    .await;
    p.send(json!({"t": "leave", "id": id})).await;
    p.until("lobby", |v| {
        v["tournaments"]
            .as_array()
            .is_some_and(|t| t.iter().any(|x| x["id"] == id && x["joined"] == false))
    })
    .await;
    p.send(json!({"t": "join", "id": 9999})).await;
    let r = p.until("refused", |_| true).await;
    assert!(r["text"].as_str().unwrap().contains("tournament"), "{r}");
    // Two browsers in, the tournament starts: each is paired straight into a set-up.
    let mut q = Board::guest(addr).await;
    for b in [&mut p, &mut q] {
        b.send(json!({"t": "join", "id": id})).await;
        b.until("lobby", |v| {
            v["tournaments"]
                .as_array()
                .is_some_and(|t| t.iter().any(|x| x["id"] == id && x["joined"] == true))
        })
        .await;
    }
    lobby
        .tournament(stratego_ssh::proto::TournamentOrder::Start { id, by: None })
        .await
        .expect("started");
    let gp = p.until("game", |_| true).await;
    let gq = q.until("game", |_| true).await;
    assert_eq!(gp["id"], gq["id"], "paired with each other");
    assert_eq!(gp["phase"], "setup");
    // A tournament's game from its first message on (the board offers no rematch).
    assert_eq!(
        (&gp["tournament"], &gq["tournament"]),
        (&json!(true), &json!(true))
    );
    let nicks = [gp["red"].clone(), gp["blue"].clone()];
    assert!(
        nicks.contains(&json!(p.nick)) && nicks.contains(&json!(q.nick)),
        "{nicks:?}"
    );
    drop(server);
}

/// Clicks `css` (again if the page redrew it between finding and clicking).
async fn tap(b: &Browser, css: &str) {
    for _ in 0..5 {
        let found = b
            .js(&format!(
                "const e = document.querySelector('{}'); if (!e) return false; e.click(); return true;",
                css.replace('\'', "\\'")
            ))
            .await;
        if found == json!(true) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    panic!("nothing to tap at {css}: {}", b.text().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_chromium_the_tray_places_a_piece_a_typed_move_plays_and_the_chat_is_kept_while_typing()
{
    let (server, addr) = web_server("web-play-tray-browser", |_| {}).await;
    let b = Browser::phone(375, 667).await;
    b.goto(&format!("http://{addr}/play")).await;
    tap(&b, "#play-guest").await;
    assert!(
        b.until(
            10.0,
            "return !!document.querySelector('button[data-level=\"random\"]');"
        )
        .await
    );
    // The lobby's chat box, and the rule options in the seek form.
    assert!(b.until(5.0, "return !!document.getElementById('play-chat-input') && !!document.getElementById('play-seek-options');").await, "{}", b.text().await);
    tap(&b, "button[data-level=\"random\"]").await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-clear');")
            .await,
        "{}",
        b.text().await
    );
    tap(&b, "#play-clear").await;
    assert!(
        b.until(5.0, "return document.querySelectorAll('#play-board button[data-piece]').length === 0 && !!document.querySelector('#play-tray button[data-rank=\"Flag\"]');").await,
        "cleared, the tray holds every rank: {}",
        b.text().await
    );
    tap(&b, "#play-tray button[data-rank=\"Flag\"]").await;
    assert!(b.until(2.0, "return document.querySelector('#play-tray button[data-rank=\"Flag\"]').getAttribute('aria-pressed') === 'true';").await);
    let back = b
        .js("return document.getElementById('play-board').dataset.me === 'blue' ? 'A10' : 'A1';")
        .await;
    let back = back.as_str().unwrap().to_string();
    tap(&b, &format!("#play-board button[data-sq=\"{back}\"]")).await;
    assert!(
        b.until(5.0, &format!("const e = document.querySelector('#play-board button[data-sq=\"{back}\"]'); return !!e && (e.dataset.piece || '').endsWith('Flag');")).await,
        "the Flag stands on {back}: {}",
        b.text().await
    );
    assert!(
        b.until(
            2.0,
            "return !document.querySelector('#play-tray button[data-rank=\"Flag\"]');"
        )
        .await,
        "no Flag left in the tray"
    );
    tap(&b, "#play-random").await;
    assert!(
        b.until(
            5.0,
            "return document.querySelectorAll('#play-board button[data-piece]').length === 40;"
        )
        .await
    );
    tap(&b, "#play-ready").await;
    // Typed chat survives a redraw of the game; then it is sent and shown.
    assert!(b.until(15.0, "return (document.getElementById('play-turn') || {dataset: {}}).dataset.mine === 'true';").await, "{}", b.text().await);
    b.js("const i = document.getElementById('play-chat-input'); i.value = 'half typed';")
        .await;
    // A typed move: a quiet one the page lights (an attack could end the game).
    let (from, to) = browser::quiet_move(&b).await.expect("a quiet move");
    let before = b
        .js("return document.querySelectorAll('#play-moves li').length;")
        .await
        .as_u64()
        .unwrap() as usize;
    b.js(&format!(
        "document.getElementById('play-type-input').value = '{} {}';",
        from.to_lowercase(),
        to.to_lowercase()
    ))
    .await;
    tap(&b, "#play-type-go").await;
    assert!(
        b.until(
            10.0,
            &format!(
                "return document.querySelectorAll('#play-moves li').length >= {};",
                before + 2
            )
        )
        .await,
        "the typed move was played and the computer answered: {}",
        b.text().await
    );
    let moves = b.js("return Array.from(document.querySelectorAll('#play-moves li')).map(l => l.textContent);").await;
    assert!(
        moves[before].as_str().unwrap().starts_with(&from),
        "{moves}: move {before} starts with {from}"
    );
    assert_eq!(
        b.js("return document.getElementById('play-chat-input').value;")
            .await,
        json!("half typed"),
        "what was being typed survives the game's redraws"
    );
    tap(&b, "#play-chat-send").await;
    assert!(
        b.until(
            5.0,
            "return document.getElementById('play-chat-lines').innerText.includes('half typed');"
        )
        .await,
        "{}",
        b.text().await
    );
    // A typed move that is no move: told, nothing sent.
    b.js("document.getElementById('play-type-input').value = 'z9 q';")
        .await;
    tap(&b, "#play-type-go").await;
    assert!(
        b.until(
            3.0,
            "return document.getElementById('play-refused').innerText.includes('a4 a5');"
        )
        .await,
        "{}",
        b.text().await
    );
    // Pieces left per rank, both sides.
    assert!(
        b.until(
            2.0,
            "return !!document.querySelector('#play-left tr[data-rank=\"Scout\"]');"
        )
        .await
    );
    b.close().await;
    drop(server);
}
