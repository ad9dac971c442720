//! Issue 44's "Done when": a browser player against an SSH player, the SSH player being
//! the system's OpenSSH client in a real pseudo-terminal, to a result; the moves the page
//! lists, the moves the SSH screen lists and the stored record are equal move for move.
//! Once in a desktop window by clicks, once on a phone's 375x812 screen by touch.
//!
//! Each side plays only from what it shows, as its player would: the page's squares that
//! can move (`.movable`), tapped, then one of the targets that light up (`.target`); the
//! SSH screen's board read as a person reads it (`ScreenBoard`: the file letters and rank
//! numbers), a move typed with `m` (`m E4 E5`). Nothing reads the socket's messages or the
//! page's script state, so the tests stand while the protocol underneath changes.

#[path = "common/browser.rs"]
mod browser;
mod common;
#[path = "common/openssh_pty.rs"]
mod openssh_pty;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use browser::Browser;
use common::web::web_server;
use common::{is_movable_label, ScreenBoard};
use fantoccini::Locator;
use openssh_pty::{new_key, OpenSsh};
use serde_json::json;
use stratego_ssh::rules::{Color, EndReason, Rank, Viewer};

/// The SSH player's terminal: wide enough for the board and the side panel with its move
/// list (the screens' own layout; 100x30 fits too, with fewer moves shown at once).
const TERMINAL: (u16, u16) = (120, 40);

/// Plies played before one side resigns: 24 moves a side, random games reach no natural
/// end that soon (a few hundred plies), and a resignation is a result like any other.
const PLIES: usize = 48;

/// How the browser's player touches the page.
#[derive(Clone, Copy, PartialEq)]
enum Hand {
    /// A desktop's mouse: WebDriver's element click.
    Mouse,
    /// A finger: WebDriver actions with a touch pointer ([`Browser::touch`]).
    Finger,
}

async fn tap(b: &Browser, hand: Hand, css: &str) {
    match hand {
        Hand::Finger => b.touch(css).await,
        Hand::Mouse => {
            let mut last = None;
            for _ in 0..5 {
                match b.client.find(Locator::Css(css)).await {
                    Ok(e) => match e.click().await {
                        Ok(()) => return,
                        Err(err) => last = Some(err.to_string()),
                    },
                    Err(err) => last = Some(err.to_string()),
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            panic!("cannot click {css}: {last:?}");
        }
    }
}

/// A small deterministic generator for the players' choices.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn is_square(s: &str) -> bool {
    let mut c = s.chars();
    matches!(c.next(), Some('A'..='J'))
        && c.as_str()
            .parse::<u8>()
            .is_ok_and(|r| (1..=10).contains(&r))
}

/// `E4-E5` or `E4xE5` (a battle): a move as the page's list and the screens' list both
/// write it.
fn is_move(t: &str) -> bool {
    t.split_once(['-', 'x'])
        .is_some_and(|(a, b)| is_square(a) && is_square(b))
}

/// The move list on the SSH screen's side panel, as far as it shows: (ply, entry) for
/// every move listed. The panel's rows are `  N. RED BLUE` (move N's two plies side by
/// side) or, when the two do not fit a row, `  N. RED` with BLUE on the row under it,
/// unnumbered. An entry is the move (`E4-E5`, `E4xE5` for a battle), and for a battle the
/// ranks that met and how it went for the attacker (`E4xE5 7x5 win`).
fn screen_moves(ssh: &OpenSsh) -> Vec<(usize, String)> {
    panel_moves(&ssh.rows(0, TERMINAL.0))
}

/// [`screen_moves`] of a screen's rows.
fn panel_moves(rows: &[String]) -> Vec<(usize, String)> {
    // The panel's title, "Moves", alone at the end of its row; the panel is its column on
    // (the board and the sentences under it are left of it).
    let Some((y, col)) = rows.iter().enumerate().find_map(|(y, l)| {
        let at = l.rfind("Moves")?;
        let before = &l[..at];
        (l[at + 5..].trim().is_empty() && (before.is_empty() || before.ends_with(' ')))
            .then(|| (y, before.chars().count()))
    }) else {
        return vec![];
    };
    let mut out = vec![];
    let mut turn: Option<usize> = None;
    for row in &rows[y + 1..] {
        let panel: String = row.chars().skip(col).collect();
        let mut words = panel.split_whitespace().peekable();
        let numbered = words
            .peek()
            .and_then(|w| w.strip_suffix('.'))
            .and_then(|n| n.parse::<usize>().ok());
        // The row's entries: each starts with a move, a battle's words follow it.
        let entries = |words: &mut dyn Iterator<Item = &str>| {
            let mut entries: Vec<String> = vec![];
            for w in words {
                match entries.last_mut() {
                    Some(e) if !is_move(w) => *e = format!("{e} {w}"),
                    _ => entries.push(w.to_string()),
                }
            }
            entries
        };
        if let Some(n) = numbered {
            words.next();
            turn = Some(n);
            for (i, e) in entries(&mut words).into_iter().enumerate() {
                out.push((2 * (n - 1) + i, e));
            }
        } else {
            // Blue's move under Red's; one whose number scrolled off the panel is not
            // counted; anything else ends the list.
            let first = words.peek().copied();
            match (turn, first) {
                (Some(n), Some(m)) if is_move(m) => {
                    out.push((2 * (n - 1) + 1, entries(&mut words).join(" ")))
                }
                (None, Some(m)) if is_move(m) => {}
                _ => break,
            }
        }
    }
    out
}

/// The move list's two layouts as the screens draw them (`render_moves` in src/ui/game.rs):
/// side by side, and one under the other with a battle's words after its move; its first
/// row's number scrolled off; the board left of it and the chat under it.
#[test]
fn the_screens_move_list_is_read_in_both_layouts() {
    let rows = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    let side_by_side = rows(&[
        " 9    ■       ■          Your turn  move 3",
        "                         Moves",
        " 8    ■       ■            1. E4-E5           E7-E6",
        "                           2. E5xE6 7x5 win   F7-F6",
        " 7    ■       ■            3. A4-A5",
        "                         Chat",
        " 6    ·       ·          t to chat",
    ]);
    assert_eq!(
        panel_moves(&side_by_side),
        vec![
            (0, "E4-E5".to_string()),
            (1, "E7-E6".to_string()),
            (2, "E5xE6 7x5 win".to_string()),
            (3, "F7-F6".to_string()),
            (4, "A4-A5".to_string()),
        ]
    );
    let stacked = rows(&[
        "10    ■       ■       Moves",
        " 9    ■       ■            J6-J7",
        " 8    ■       ■        12. E4xE5 10x? win",
        "                           E7-E6",
        " 7    ■       ■        13. A4-A5",
        "",
        " 6    ·       ·       Chat",
    ]);
    assert_eq!(
        panel_moves(&stacked),
        vec![
            (22, "E4xE5 10x? win".to_string()),
            (23, "E7-E6".to_string()),
            (24, "A4-A5".to_string()),
        ]
    );
    assert_eq!(panel_moves(&rows(&["no list here"])), vec![]);
}

/// Adds what the SSH screen lists now to what it listed before (`seen`, by ply); a ply
/// listed twice must read the same both times.
fn gather(seen: &mut BTreeMap<usize, String>, now: Vec<(usize, String)>) {
    for (ply, m) in now {
        let had = seen.entry(ply).or_insert_with(|| m.clone());
        assert_eq!(
            *had, m,
            "the SSH screen listed ply {ply} as {had}, now as {m}"
        );
    }
}

/// A square's neighbours on the board (no lake test: the screen says where the lakes are).
fn neighbours(sq: &str) -> Vec<String> {
    let f = sq.as_bytes()[0] - b'A';
    let r: i32 = sq[1..].parse().unwrap();
    let mut out = vec![];
    for (df, dr) in [(0i32, 1i32), (0, -1), (1, 0), (-1, 0)] {
        let (nf, nr) = (f as i32 + df, r + dr);
        if (0..10).contains(&nf) && (1..=10).contains(&nr) {
            out.push(format!("{}{nr}", (b'A' + nf as u8) as char));
        }
    }
    out
}

/// What a square of the SSH screen holds, read as its player reads it. The test's terminal
/// sends NO_COLOR, so every state the colours tell has its mark too: a piece of the
/// opponent's has `'` on its right (a hidden one shows `■`, or `◆` once it moved), an
/// empty square `·`, a lake `≈`.
#[derive(Debug, PartialEq)]
enum Seen {
    Mine(String),
    Theirs,
    Empty,
    Lake,
    /// A piece under the cursor (`[ ]`): the brackets win over the `'` mark, so it may be
    /// either side's.
    Either,
}

fn read_square(text: &str, board: &ScreenBoard, sq: &str) -> Seen {
    let label = board.at(sq);
    let (row, col) = board.pos_of(sq);
    let line: Vec<char> = text
        .lines()
        .nth(row as usize)
        .unwrap_or("")
        .chars()
        .collect();
    // The square's width on the screen: the label's column, three to each side.
    let around: String = line
        .iter()
        .skip((col as usize).saturating_sub(3))
        .take(8)
        .collect();
    if label.contains('≈') {
        Seen::Lake
    } else if label.is_empty() || label.contains('·') {
        Seen::Empty
    } else if around.contains(['[', '{']) {
        Seen::Either
    } else if label.contains('■') || label.contains('◆') || around.contains('\'') {
        Seen::Theirs
    } else {
        Seen::Mine(label.to_string())
    }
}

/// The SSH player's candidate moves from its screen: one of its pieces that moves, to a
/// neighbouring square that is empty or the opponent's. Attacks first half the time (so
/// battles come), each group in a random order; last, an attack on the piece under the
/// cursor, which may be one's own. The rules may still refuse one (the two-square rule):
/// then the next is typed.
fn ssh_candidates(text: &str, rng: &mut Rng) -> Vec<(String, String)> {
    let board = ScreenBoard::read(text).expect("the SSH screen shows the board");
    let mut attacks = vec![];
    let mut quiet = vec![];
    let mut either = vec![];
    for f in 'A'..='J' {
        for r in 1..=10 {
            let from = format!("{f}{r}");
            match read_square(text, &board, &from) {
                Seen::Mine(l) if is_movable_label(&l) => {}
                _ => continue,
            }
            for to in neighbours(&from) {
                match read_square(text, &board, &to) {
                    Seen::Theirs => attacks.push((from.clone(), to)),
                    Seen::Empty => quiet.push((from.clone(), to)),
                    Seen::Either => either.push((from.clone(), to)),
                    Seen::Mine(_) | Seen::Lake => {}
                }
            }
        }
    }
    let mut shuffle = |v: &mut Vec<(String, String)>| {
        for i in (1..v.len()).rev() {
            v.swap(i, rng.below(i + 1));
        }
    };
    shuffle(&mut attacks);
    shuffle(&mut quiet);
    let mut all = if rng.below(2) == 0 {
        attacks.extend(quiet);
        attacks
    } else {
        quiet.extend(attacks);
        quiet
    };
    all.extend(either);
    all
}

async fn page_moves(b: &Browser) -> Vec<String> {
    b.js(
        "return Array.from(document.querySelectorAll('#play-moves li')).map(li => li.textContent);",
    )
    .await
    .as_array()
    .unwrap()
    .iter()
    .map(|v| v.as_str().unwrap().to_string())
    .collect()
}

async fn page_count(b: &Browser) -> usize {
    b.js("return document.querySelectorAll('#play-moves li').length;")
        .await
        .as_u64()
        .unwrap() as usize
}

/// Waits until the page lists more than `before` moves; false after `secs`.
async fn page_moved(b: &Browser, before: usize, secs: f64) -> bool {
    b.until(
        secs,
        &format!("return document.querySelectorAll('#play-moves li').length > {before};"),
    )
    .await
}

/// Nothing on the page is wider than the screen: no sideways scrolling (a phone's
/// layout), told with `when`.
async fn fits_the_width(b: &Browser, when: &str) {
    let w = b
        .js("return [document.scrollingElement.scrollWidth, window.innerWidth];")
        .await;
    let (scroll, inner) = (w[0].as_f64().unwrap(), w[1].as_f64().unwrap());
    assert!(
        scroll <= inner,
        "{when}: the page is {scroll} px wide on a {inner} px screen (it scrolls sideways)"
    );
}

/// The smallest square of the board, in CSS pixels (width, height).
async fn smallest_square(b: &Browser) -> (f64, f64) {
    let v = b
        .js("const r = [...document.querySelectorAll('#play-board button[data-sq]')].map(b => b.getBoundingClientRect()); \
             return [Math.min(...r.map(x => x.width)), Math.min(...r.map(x => x.height)), r.length];")
        .await;
    assert_eq!(v[2], 100, "a board of a hundred squares");
    (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
}

/// What a game between the browser and the OpenSSH player left to compare.
struct Played {
    server: common::TestServer,
    port: u16,
    key: std::path::PathBuf,
    ssh: OpenSsh,
    browser: Browser,
    nick: String,
    id: u64,
    /// The SSH player's colour.
    ssh_color: Color,
    /// Every move the SSH screen listed, by ply.
    ssh_moves: BTreeMap<usize, String>,
    /// Who resigned (none when the game came to its end by itself first).
    resigned: Option<Side>,
}

/// A browser guest posts a seek (Classic, no clock, casual: the form's defaults), `bob`
/// with OpenSSH in a PTY takes it from his lobby, both set up at random and ready, and
/// they play [`PLIES`] plies, each from its own screen; then `resigner` resigns
/// (the browser by two taps, the SSH player with `R`, `y`). `hand` is how the browser is
/// touched; `phone` checks the page's width at every stage.
async fn play(
    tag: &str,
    browser: Browser,
    hand: Hand,
    resigner: Side,
    seed: u64,
    phone: bool,
) -> Played {
    let started = Instant::now();
    let (server, addr) = web_server(tag, |_| {}).await;
    let port = server.running.addr.port();
    let key = new_key(&server.dir.0, "id_bob");
    let mut ssh = OpenSsh::start(port, &key, "bob", TERMINAL, &[("NO_COLOR", "1")]);
    ssh.wait_text("Welcome to stratego-ssh", 20).await;
    ssh.send(b"\r");
    ssh.wait_text("you are bob", 10).await;

    let b = browser;
    b.goto(&format!("http://{addr}/play")).await;
    if phone {
        // The page's viewport meta makes the screen's width the page's.
        let vw = b
            .js("return [window.innerWidth, window.innerHeight];")
            .await;
        assert_eq!(vw, json!([375, 812]), "a phone's screen");
    }
    tap(&b, hand, "#play-guest").await;
    assert!(
        b.until(10.0, "return !!document.getElementById('play-seek-post');")
            .await,
        "the lobby shows the seek form: {}",
        b.text().await
    );
    // Every pointer that presses on the page from here on, by its type (the page is one
    // document from now: it draws the lobby and the game itself).
    b.js("window.pressed = []; window.touched = 0; \
          document.addEventListener('pointerdown', e => window.pressed.push(e.pointerType), true); \
          document.addEventListener('touchstart', () => window.touched++, true); return true;")
        .await;
    let you = b
        .js("return document.getElementById('play-you').textContent;")
        .await;
    let nick = you
        .as_str()
        .unwrap()
        .strip_prefix("You play as ")
        .and_then(|s| s.strip_suffix('.'))
        .unwrap_or_else(|| panic!("the page says who plays: {you}"))
        .to_string();
    if phone {
        fits_the_width(&b, "the lobby").await;
    }
    tap(&b, hand, "#play-seek-post").await;
    assert!(
        b.until(
            10.0,
            "return !!document.querySelector('button[data-withdraw]');"
        )
        .await,
        "the browser's seek shows: {}",
        b.text().await
    );

    // Bob sees it in his lobby, under the seeks' first row (the computer): Down, Enter.
    ssh.wait(&format!("{nick}'s seek"), 10, |t| {
        t.lines()
            .any(|l| l.contains(&nick) && l.contains("Classic") && l.contains("none"))
    })
    .await;
    ssh.send(b"j");
    tokio::time::sleep(Duration::from_millis(100)).await;
    ssh.send(b"\r");
    ssh.wait_text("Set up your army", 10).await;
    ssh.send(b"r");
    ssh.wait_text("40 of 40 placed", 10).await;
    ssh.send(b"d");
    let t = ssh
        .wait("the set-up sent, or the question", 10, |t| {
            t.contains("Set-up sent") || t.contains("Submit this set-up?")
        })
        .await;
    if t.contains("Submit this set-up?") {
        ssh.send(b"y");
        ssh.wait_text("Set-up sent", 10).await;
    }

    assert!(
        b.until(10.0, "return !!document.getElementById('play-ready');")
            .await,
        "the browser's set-up shows: {}",
        b.text().await
    );
    if phone {
        fits_the_width(&b, "the set-up").await;
        let (w, h) = smallest_square(&b).await;
        assert!(
            w >= 32.0 && h >= 32.0,
            "every square a thumb's size, at least 32 CSS px: the smallest is {w} x {h}"
        );
    }
    tap(&b, hand, "#play-random").await;
    tap(&b, hand, "#play-ready").await;
    assert!(
        b.until(
            15.0,
            "return !!document.getElementById('play-resign') && !document.getElementById('play-ready');"
        )
        .await,
        "the game is in play: {}",
        b.text().await
    );
    let shown = ssh
        .wait("the game in play", 10, |t| {
            t.contains("you play Red") || t.contains("you play Blue")
        })
        .await;
    let ssh_color = if shown.contains("you play Red") {
        Color::Red
    } else {
        Color::Blue
    };
    let players = b
        .js("return document.getElementById('play-players').textContent;")
        .await;
    let want = match ssh_color {
        Color::Red => format!("bob (Red) against {nick} (Blue)"),
        Color::Blue => format!("{nick} (Red) against bob (Blue)"),
    };
    assert_eq!(players, json!(want), "both see the same seats");
    if phone {
        fits_the_width(&b, "the game").await;
    }

    let mut rng = Rng(seed);
    let mut ssh_moves = BTreeMap::new();
    let mut battles = 0;
    for ply in 0..PLIES {
        assert_eq!(
            page_count(&b).await,
            ply,
            "the page lists every move so far"
        );
        if b.js("return !!document.getElementById('play-result');")
            .await
            == json!(true)
        {
            break;
        }
        let browser_to_move = (ply % 2 == 0) == (ssh_color == Color::Blue);
        if browser_to_move {
            assert!(
                b.until(
                    10.0,
                    "const t = document.getElementById('play-turn'); \
                     return !!t && t.dataset.mine === 'true' && t.textContent === 'Your turn' && \
                     document.querySelectorAll('#play-board button.movable').length > 0;"
                )
                .await,
                "the page says it is its turn (ply {ply}): {}",
                b.text().await
            );
            let movable: Vec<String> = b
                .js("return [...document.querySelectorAll('#play-board button.movable')].map(b => b.dataset.sq);")
                .await
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
            let from = &movable[rng.below(movable.len())];
            tap(&b, hand, &format!("#play-board button[data-sq=\"{from}\"]")).await;
            let targets = b
                .js("return [...document.querySelectorAll('#play-board button.target')].map(b => [b.dataset.sq, b.classList.contains('enemy')]);")
                .await;
            let targets: Vec<(String, bool)> = targets
                .as_array()
                .unwrap()
                .iter()
                .map(|t| (t[0].as_str().unwrap().to_string(), t[1] == json!(true)))
                .collect();
            assert!(
                !targets.is_empty(),
                "the tapped piece on {from} shows its targets: {}",
                b.text().await
            );
            // An attack when one lights up, half the time (battles to list).
            let attacks: Vec<&(String, bool)> = targets.iter().filter(|t| t.1).collect();
            let to = match (attacks.is_empty(), rng.below(2)) {
                (false, 0) => &attacks[rng.below(attacks.len())].0,
                _ => &targets[rng.below(targets.len())].0,
            };
            tap(&b, hand, &format!("#play-board button[data-sq=\"{to}\"]")).await;
            assert!(
                page_moved(&b, ply, 10.0).await,
                "the browser's move {from}-{to} shows on the page: {}",
                b.text().await
            );
        } else {
            let text = ssh
                .wait(&format!("bob's turn (ply {ply})"), 10, |t| {
                    t.contains("Your turn")
                })
                .await;
            let mut played = false;
            for (from, to) in ssh_candidates(&text, &mut rng) {
                if !ssh.text().contains("Your turn") {
                    // The last one was played after all, slowly: the page shows it below.
                    break;
                }
                ssh.send(b"m");
                ssh.wait_text("move: ", 5).await;
                ssh.type_str(&format!("{from} {to}\r")).await;
                // The server's answer is the page's next move; a move the screen refused
                // (the two-square rule) says why on its bottom line, and the next is typed.
                if page_moved(&b, ply, 3.0).await {
                    played = true;
                    break;
                }
                eprintln!("{tag}: bob's {from}-{to} not played within 3 s; the next is typed");
            }
            assert!(
                played || page_moved(&b, ply, 10.0).await,
                "bob found a move (ply {ply}):\n{}",
                ssh.text()
            );
        }
        // The SSH screen lists the move just played (and keeps what it listed before).
        let want = page_moves(&b).await[ply].clone();
        if want.contains('x') {
            battles += 1;
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let now = screen_moves(&ssh);
            let has = now.iter().any(|(p, _)| *p == ply);
            gather(&mut ssh_moves, now);
            if has {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "the SSH screen lists ply {ply} ({want}):\n{}",
                ssh.text()
            );
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    }
    let plies = page_count(&b).await;
    assert!(
        plies >= 20,
        "a game of some length before the result: {plies} plies"
    );
    eprintln!("{tag}: {plies} plies, {battles} battles");

    // The result: one side resigns (unless the game ended by itself).
    let resigned = b
        .js("return !!document.getElementById('play-result');")
        .await
        != json!(true);
    if resigned {
        match resigner {
            Side::Browser => {
                // One tap arms the button, a second resigns.
                tap(&b, hand, "#play-resign").await;
                assert!(
                    b.until(5.0, "return document.getElementById('play-resign').textContent === 'Tap again to resign';")
                        .await,
                    "the resign button asks for a second tap"
                );
                tap(&b, hand, "#play-resign").await;
            }
            Side::Ssh => {
                ssh.send(b"R");
                ssh.wait_text("Resign this game?", 10).await;
                ssh.send(b"y");
            }
        }
    }
    assert!(
        b.until(10.0, "return !!document.getElementById('play-result');")
            .await,
        "the page shows the result: {}",
        b.text().await
    );
    if phone {
        fits_the_width(&b, "the result").await;
    }
    let href = b
        .js("return document.getElementById('play-replay').getAttribute('href');")
        .await;
    let id: u64 = href
        .as_str()
        .and_then(|h| h.strip_prefix("/game/"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a link to the game's page: {href}"));
    // The SSH screen's list once more, as the game ended.
    gather(&mut ssh_moves, screen_moves(&ssh));
    eprintln!("{tag}: played in {:?}", started.elapsed());
    Played {
        server,
        port,
        key,
        ssh,
        browser: b,
        nick,
        id,
        ssh_color,
        ssh_moves,
        resigned: resigned.then_some(resigner),
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Side {
    Browser,
    Ssh,
}

/// The stored game (as `stored_game` of tests/web_play.rs reads it: the store's finished
/// game) and its moves in the lists' notation, twice: as the page lists them, and as the
/// SSH player's screen does. The record keeps squares only (`E4 E5`), so it is replayed by
/// the rules: a battle (`E4xE5`) is told from a move to an empty square (`E4-E5`), and the
/// screen's entry of a battle goes on with the ranks that met as the SSH player saw them
/// and how it went for the attacker (`E4xE5 7x5 win`, as `render_moves` writes it).
struct Stored {
    game: stratego_ssh::store::FinishedGame,
    moves: Vec<String>,
    ssh_entries: Vec<String>,
}

async fn stored(p: &Played) -> Stored {
    use stratego_ssh::rules::{BattleResult, Numbering};
    use stratego_ssh::ui::{rank_label, Lang};
    let mut stored = None;
    for _ in 0..100 {
        if let Some(g) = p.server.running.store.games().get(p.id).unwrap() {
            stored = Some(g);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let game = stored.unwrap_or_else(|| panic!("game {} is stored", p.id));
    let history = game
        .record
        .replay()
        .expect("the stored record replays")
        .history(Viewer::Player(p.ssh_color));
    assert_eq!(history.len(), game.record.moves.len());
    let mut moves = vec![];
    let mut ssh_entries = vec![];
    for (m, seen) in game.record.moves.iter().zip(&history) {
        assert_eq!((m.from, m.to), (seen.from, seen.to));
        let sep = if seen.battle.is_some() { 'x' } else { '-' };
        let mv = format!("{}{sep}{}", m.from, m.to);
        let entry = match seen.battle {
            None => mv.clone(),
            Some(b) => {
                let label =
                    |r: Option<Rank>| r.map_or("?", |r| rank_label(Lang::En, r, Numbering::Modern));
                let how = match b.result {
                    BattleResult::AttackerWins => "win",
                    BattleResult::DefenderWins => "loss",
                    BattleResult::BothRemoved => "tie",
                };
                format!("{mv} {}x{} {how}", label(b.attacker), label(b.defender))
            }
        };
        moves.push(mv);
        ssh_entries.push(entry);
    }
    Stored {
        game,
        moves,
        ssh_entries,
    }
}

/// `ssh bob@host replay ID` through OpenSSH (no PTY): the numbered moves of its text
/// (`12. E4 E5   Red's Scout (2) attacked ...` or `... Red moved`) in the lists' notation:
/// a move whose words are not "moved" is a battle.
fn replay_command_moves(p: &Played) -> Vec<String> {
    let out = common::openssh(p.port, &p.key)
        .arg("--")
        .arg("bob@127.0.0.1")
        .arg(format!("replay {}", p.id))
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("ssh is installed (./test installs openssh-client)");
    assert!(out.status.success(), "ssh replay: {out:?}");
    let text = String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n");
    let mut moves = vec![];
    for line in text.lines() {
        let mut w = line.split_whitespace();
        let (Some(n), Some(from), Some(to)) = (w.next(), w.next(), w.next()) else {
            continue;
        };
        let Some(n) = n.strip_suffix('.').and_then(|n| n.parse::<usize>().ok()) else {
            continue;
        };
        if !(is_square(from) && is_square(to)) {
            continue;
        }
        assert_eq!(n, moves.len() + 1, "numbered in order: {line}\n{text}");
        let rest: Vec<&str> = w.collect();
        let quiet = rest.len() == 2 && rest[1] == "moved";
        moves.push(format!("{from}{}{to}", if quiet { '-' } else { 'x' }));
    }
    moves
}

/// The three lists equal move for move (and the replay command's), both sides showing
/// the stored result: the resigning side's loss (or the game's own end, if it came first).
async fn compare(p: &Played) {
    let page = page_moves(&p.browser).await;
    let Stored {
        game,
        moves: stored,
        ssh_entries,
    } = stored(p).await;
    let entries: Vec<String> = p.ssh_moves.values().cloned().collect();
    assert_eq!(
        p.ssh_moves.keys().copied().collect::<Vec<_>>(),
        (0..entries.len()).collect::<Vec<_>>(),
        "the SSH screen listed every ply, none skipped"
    );
    // Move for move, each list in the same notation: `E4-E5`, `E4xE5` for a battle, as
    // the page and the SSH screen both write it; the SSH screen's entry of a battle goes
    // on with the ranks and the outcome (`E4xE5 7x5 win`): compared whole below.
    let ssh: Vec<String> = entries
        .iter()
        .map(|e| e.split(' ').next().unwrap().to_string())
        .collect();
    assert_eq!(page, stored, "the page's moves are the stored record's");
    assert_eq!(
        ssh, stored,
        "the SSH screen's moves are the stored record's"
    );
    assert_eq!(
        entries, ssh_entries,
        "the SSH screen's battles are the stored record's, as its player saw them"
    );
    assert_eq!(
        replay_command_moves(p),
        stored,
        "`ssh host replay ID` tells the stored record's moves"
    );
    assert!(stored.len() >= 20, "{} moves", stored.len());

    // The result, on both sides and stored.
    let outcome = game.outcome;
    if let Some(side) = p.resigned {
        let loser = match side {
            Side::Ssh => p.ssh_color,
            Side::Browser => p.ssh_color.opposite(),
        };
        assert_eq!(outcome.reason, EndReason::Resignation, "{outcome:?}");
        assert_eq!(outcome.winner, Some(loser.opposite()), "{outcome:?}");
    }
    let result = p
        .browser
        .js("return document.getElementById('play-result').textContent;")
        .await;
    let result = result.as_str().unwrap();
    let (nick, ssh_says) = match outcome.winner {
        Some(c) if c == p.ssh_color => ("bob", "You won!"),
        Some(_) => (p.nick.as_str(), "You lost"),
        None => ("", "Draw"),
    };
    assert!(
        !result.is_empty() && result.contains(nick),
        "the page tells the result, naming the winner {nick:?}: {result}"
    );
    p.ssh.wait_text(ssh_says, 10).await;
    let seats = (&game.seats.red.nick, &game.seats.blue.nick);
    let want = match p.ssh_color {
        Color::Red => ("bob", p.nick.as_str()),
        Color::Blue => (p.nick.as_str(), "bob"),
    };
    assert_eq!(
        (seats.0.as_str(), seats.1.as_str()),
        want,
        "the stored seats"
    );
}

/// A guest in a desktop browser (1280x800, by clicks) posts a seek; bob takes it with
/// OpenSSH in a pseudo-terminal; they play 48 plies, each from its own screen, and bob
/// resigns. The page's move list, the SSH screen's (read after every ply, all of it) and
/// the stored record are equal move for move, `ssh host replay ID` tells the same moves,
/// and both sides show the result.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_player_and_an_openssh_player_play_to_a_result() {
    let b = Browser::start(1280, 800).await;
    let p = play("web-openssh", b, Hand::Mouse, Side::Ssh, 11, false).await;
    compare(&p).await;
    let pressed = p.browser.js("return window.pressed;").await;
    assert!(
        pressed.as_array().unwrap().iter().all(|t| t == "mouse"),
        "a desktop's clicks: {pressed}"
    );
}

/// The same on a phone's 375x812 screen, every tap a finger's (WebDriver touch actions:
/// the page gets touch events and pointer events of type `touch`, nothing else; the
/// desktop test's presses, counted the same way, are all `mouse`), and the browser
/// resigns by two taps. At every stage nothing is wider than the screen, and every
/// square is at least 32 CSS px each way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_at_375x812_with_touch_the_browser_plays_an_openssh_player() {
    let b = Browser::phone(375, 812).await;
    let p = play(
        "web-openssh-phone",
        b,
        Hand::Finger,
        Side::Browser,
        23,
        true,
    )
    .await;
    compare(&p).await;
    let pressed = p
        .browser
        .js("return [window.pressed, window.touched];")
        .await;
    let kinds = pressed[0].as_array().unwrap();
    assert!(
        kinds.len() >= 2 * (PLIES / 2) && kinds.iter().all(|t| t == "touch"),
        "every tap a touch: {pressed}"
    );
    assert_eq!(
        pressed[1].as_u64(),
        Some(kinds.len() as u64),
        "each a touchstart too: {pressed}"
    );
}
