//! The system's OpenSSH client, in a pseudo-terminal, through to the lobby and out again.

mod common;
#[path = "common/openssh_pty.rs"]
mod openssh_pty;

use std::process::Stdio;
use std::time::{Duration, Instant};

use common::{is_movable_label, start_server, start_server_with, ScreenBoard};
use openssh_pty::{new_key, OpenSsh};

/// The terminal's size (columns, rows).
const SIZE: (u16, u16) = (100, 30);

/// `ssh` (OpenSSH) as `user` with `key` in a 100x30 pseudo-terminal, with
/// `-o SetEnv=LANG=…` when `lang` is given (and no LANG or LC_* of the test's own).
fn ssh_in_pty(port: u16, key: &std::path::Path, user: &str, lang: Option<&str>) -> OpenSsh {
    match lang {
        Some(l) => OpenSsh::start(port, key, user, SIZE, &[("LANG", l)]),
        None => OpenSsh::start(port, key, user, SIZE, &[]),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openssh_client_in_a_pty_reaches_the_lobby() {
    let server = start_server("openssh").await;
    let port = server.running.addr.port();
    let dir = server.dir.0.clone();
    let key = new_key(&dir, "id_ed25519");

    // No LANG for SendEnv to pass on: the screens are in English.
    let mut ssh = ssh_in_pty(port, &key, "frank", None);
    // A first login: the welcome card offers the name; Enter keeps it.
    ssh.wait_text("Welcome to stratego-ssh", 20).await;
    ssh.send(b"\r");
    let lobby = ssh
        .wait("the lobby", 20, |t| {
            t.contains("you are frank")
                && t.contains("Open seeks")
                && !t.contains("Welcome to stratego-ssh")
        })
        .await;
    assert!(
        ssh.with_screen(|s| s.alternate_screen()),
        "the lobby is drawn on the alternate screen"
    );
    // Quit: q, then confirm.
    ssh.send(b"q");
    ssh.wait_text("Quit", 20).await;
    ssh.send(b"y");
    let code = ssh.wait_exit(10).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(lobby.contains("no open seeks"), "{lobby}");
    assert!(code.success(), "ssh exits with status 0 after quitting");
    assert!(
        !ssh.with_screen(|s| s.alternate_screen()),
        "the normal screen is back after quitting"
    );
    assert!(
        !ssh.with_screen(|s| s.hide_cursor()),
        "the cursor is shown again after quitting"
    );
}

/// q, y (the keys are the same in every language), and the client exits.
async fn quit(mut ssh: OpenSsh) {
    ssh.send(b"q");
    tokio::time::sleep(Duration::from_millis(200)).await;
    ssh.send(b"y");
    ssh.wait_exit(10).await;
}

/// `ssh -o SetEnv=LANG=de_DE.UTF-8` greets in German, `nl_NL.UTF-8` in Dutch, `C` in
/// English (a first login each: the welcome card, then the lobby's first line).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_lang_chooses_the_language() {
    let server = start_server("openssh-lang").await;
    let port = server.running.addr.port();
    let dir = server.dir.0.clone();
    for (i, (lang, card, lobby, not)) in [
        (
            "de_DE.UTF-8",
            "Willkommen bei stratego-ssh",
            "du bist",
            "Welcome",
        ),
        (
            "nl_NL.UTF-8",
            "Welkom bij stratego-ssh",
            "je bent",
            "Welcome",
        ),
        ("C", "Welcome to stratego-ssh", "you are", "Willkommen"),
    ]
    .into_iter()
    .enumerate()
    {
        let key = new_key(&dir, &format!("id_{i}"));
        let mut ssh = ssh_in_pty(port, &key, &format!("player{i}"), Some(lang));
        let t = ssh.wait(card, 20, |t| t.contains(card)).await;
        assert!(!t.contains(not), "{lang}: {t}");
        ssh.send(b"\r");
        ssh.wait(lobby, 20, |t| t.contains(lobby) && !t.contains(card))
            .await;
        quit(ssh).await;
    }
}

/// The language chosen in the settings is stored with the key: it wins over the client's
/// LANG on the next connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chosen_language_survives_a_reconnect() {
    let server = start_server("openssh-lang-stored").await;
    let port = server.running.addr.port();
    let dir = server.dir.0.clone();
    let key = new_key(&dir, "id_ed25519");
    let de = Some("de_DE.UTF-8");
    let mut ssh = ssh_in_pty(port, &key, "greta", de);
    ssh.wait("the German welcome card", 20, |t| {
        t.contains("Willkommen bei stratego-ssh")
    })
    .await;
    ssh.send(b"\r");
    ssh.wait("the German lobby", 20, |t| t.contains("du bist greta"))
        .await;
    // s, down to the language, Enter: Deutsch → Nederlands.
    ssh.send(b"s");
    ssh.wait("the settings", 20, |t| t.contains("< Deutsch >"))
        .await;
    for _ in 0..3 {
        ssh.send(b"\x1b[B");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    ssh.send(b"\r");
    ssh.wait("the Dutch settings", 20, |t| {
        t.contains("Instellingen") && t.contains("< Nederlands >")
    })
    .await;
    ssh.send(b"x");
    ssh.wait("the Dutch lobby", 20, |t| t.contains("je bent greta"))
        .await;
    quit(ssh).await;
    // Back with LANG=de_DE: the stored choice wins.
    let ssh = ssh_in_pty(port, &key, "greta", de);
    let t = ssh
        .wait("the Dutch lobby again", 20, |t| t.contains("je bent greta"))
        .await;
    assert!(!t.contains("du bist"), "{t}");
    quit(ssh).await;
}

/// `ssh HOST COMMAND` (OpenSSH, no PTY, no LANG of the test's own) with `key`: its output
/// (CR LF as LF) and exit status.
fn ssh_exec(port: u16, key: &std::path::Path, user: &str, command: &str) -> (String, i32) {
    let out = common::openssh(port, key)
        .arg("--")
        .arg(format!("{user}@127.0.0.1"))
        .arg(command)
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(Stdio::null())
        .output()
        .expect("ssh is installed (.ci/run installs openssh-client)");
    let code = out.status.code().unwrap_or(-1);
    assert!(
        code != 255,
        "ssh failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n"),
        code,
    )
}

/// The exec commands speak English unless `--lang` (anywhere among the words) asks for
/// German or Dutch; a language the server does not speak is refused with the list; `help`
/// says so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exec_commands_take_lang() {
    let server = start_server("openssh-exec-lang").await;
    let port = server.running.addr.port();
    let dir = server.dir.0.clone();
    let id = common::tournament::create(
        &server.running.lobby,
        common::tournament::terms(
            "Friday Swiss",
            stratego_ssh::tournament::Format::Swiss { rounds: 3 },
        ),
    )
    .await;
    tokio::task::spawn_blocking(move || {
        let key = new_key(&dir, "id_exec");
        // A tournament's text in the language; its JSON the same whatever --lang says.
        let (text, status) = ssh_exec(port, &key, "eve", &format!("tournament {id} --lang de"));
        assert_eq!(status, 0, "{text}");
        assert!(
            text.contains("(angekündigt)") && text.contains("Platz"),
            "{text}"
        );
        let json = |lang: &str| {
            ssh_exec(
                port,
                &key,
                "eve",
                &format!("tournament {id} --format json{lang}"),
            )
            .0
        };
        let plain = json("");
        assert!(plain.starts_with('{'), "{plain}");
        assert_eq!(json(" --lang de"), plain);
        assert_eq!(json(" --lang nl"), plain);
        let (en, status) = ssh_exec(port, &key, "eve", "leaderboard");
        assert_eq!(status, 0, "{en}");
        assert!(en.starts_with("rank  nick"), "{en}");
        assert!(en.contains("no rated Classic games yet"), "{en}");

        let (de, status) = ssh_exec(port, &key, "eve", "leaderboard --lang de");
        assert_eq!(status, 0, "{de}");
        assert!(de.starts_with("Platz Name"), "{de}");
        assert!(de.contains("Wertung") && de.contains("Niederlagen"), "{de}");
        assert!(
            de.contains("noch keine gewerteten Partien Klassisch"),
            "{de}"
        );
        assert!(!de.contains("rating") && !de.contains("no rated"), "{de}");

        // Anywhere among the words, like --format json.
        let (nl, status) = ssh_exec(port, &key, "eve", "--lang nl leaderboard duel");
        assert_eq!(status, 0, "{nl}");
        assert!(nl.starts_with("plaats naam"), "{nl}");
        assert!(nl.contains("nog geen partijen Duel om rating"), "{nl}");

        let (bad, status) = ssh_exec(port, &key, "eve", "leaderboard --lang xx");
        assert_eq!(status, 2, "{bad}");
        assert!(bad.contains("unknown language 'xx'"), "{bad}");
        assert!(bad.contains("en, de, nl"), "{bad}");
        assert!(!bad.contains("rank"), "nothing else is printed: {bad}");

        let (help, status) = ssh_exec(port, &key, "eve", "help");
        assert_eq!(status, 0, "{help}");
        assert!(help.starts_with("commands:"), "{help}");
        assert!(help.contains("--lang de"), "{help}");
        let (hilfe, _) = ssh_exec(port, &key, "eve", "help --lang de");
        assert!(hilfe.starts_with("Befehle:"), "{hilfe}");
        assert!(hilfe.contains("Zum Spielen verbinde dich"), "{hilfe}");

        // A refusal in the language asked for.
        let (none, status) = ssh_exec(port, &key, "eve", "tournament 99 --lang de");
        assert_eq!(status, 1, "{none}");
        assert!(none.contains("kein Turnier #99"), "{none}");
    })
    .await
    .unwrap();
}

/// A German player (`SetEnv=LANG=de_DE.UTF-8`) who is challenged reads the challenge in
/// German on the lobby's bottom line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_player_is_challenged_in_german() {
    let server = start_server("openssh-challenge-de").await;
    let port = server.running.addr.port();
    let dir = server.dir.0.clone();
    let lobby = server.running.lobby.clone();
    let key = new_key(&dir, "id_greta");
    let mut ssh = ssh_in_pty(port, &key, "greta", Some("de_DE.UTF-8"));
    ssh.wait("the German welcome card", 20, |t| {
        t.contains("Willkommen bei stratego-ssh")
    })
    .await;
    ssh.send(b"\r");
    ssh.wait("the German lobby", 20, |t| t.contains("du bist greta"))
        .await;
    let alice = common::lobby_client::join(&lobby, "alice").await;
    let challenge = stratego_ssh::proto::LobbyCmd::Seek {
        terms: stratego_ssh::proto::GameTerms {
            rules: stratego_ssh::rules::Rules::standard(stratego_ssh::rules::Variant::Classic),
            rated: false,
            clock: None,
            days: None,
            budget: None,
        },
        private_to: Some("greta".into()),
        private: false,
    };
    // A notice shows for a few seconds: on a loaded machine the screen may be read
    // after it went, so alice asks again (up to three open challenges).
    let want = "alice fordert dich heraus: Klassisch, ungewertet";
    let mut seen = None;
    for _ in 0..3 {
        lobby.command(alice.session, challenge.clone());
        let deadline = Instant::now() + Duration::from_secs(8);
        while seen.is_none() && Instant::now() < deadline {
            let t = ssh.text();
            if t.contains(want) {
                seen = Some(t);
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if seen.is_some() {
            break;
        }
    }
    let t = seen.unwrap_or_else(|| {
        panic!(
            "no challenge in German; the terminal shows:\n{}",
            ssh.text()
        )
    });
    assert!(!t.contains("challenges you"), "{t}");
    ssh.send(b"\x1b");
    quit(ssh).await;
}

/// A German player (`SetEnv=LANG=de_DE.UTF-8`) plays the computer to a battle: the set-up,
/// the game and the battle are told in German (the sentence under the board and the move
/// list's entry), with no English word of them on the screen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_is_told_in_german_to_its_first_battle() {
    // The computer takes two seconds a move, so a battle's sentence stays on the screen
    // long enough to be read whoever fought it.
    let server = start_server_with("openssh-de-battle", |o| {
        o.lobby.bot_delay = Duration::from_secs(2);
    })
    .await;
    let port = server.running.addr.port();
    let dir = server.dir.0.clone();
    let key = new_key(&dir, "id_ed25519");
    let mut ssh = ssh_in_pty(port, &key, "greta", Some("de_DE.UTF-8"));
    ssh.wait("the German welcome card", 20, |t| {
        t.contains("Willkommen bei stratego-ssh")
    })
    .await;
    ssh.send(b"\r");
    ssh.wait("the German lobby", 20, |t| t.contains("du bist greta"))
        .await;
    // Enter on the seeks' first row: a game against the computer, set up at random.
    ssh.send(b"\r");
    ssh.wait("the German set-up", 20, |t| {
        t.contains("Stelle deine Armee auf")
    })
    .await;
    ssh.send(b"r");
    tokio::time::sleep(Duration::from_millis(300)).await;
    ssh.send(b"d");
    let playing = |t: &str| t.contains("du spielst Rot") || t.contains("du spielst Blau");
    let t = ssh
        .wait("the German question, or the game", 20, |t| {
            t.contains("Diese Aufstellung abschicken?") || playing(t)
        })
        .await;
    if !playing(&t) {
        ssh.send(b"y");
    }
    let t = ssh.wait("the game, in German", 20, playing).await;
    let red = t.contains("du spielst Rot");
    // The sentence under the board, with its second row when it wraps (the side
    // panel beside that row cut off at its wide gap).
    let battle = |t: &str| {
        let lines: Vec<&str> = t.lines().collect();
        let i = lines.iter().position(|l| l.contains(" griff "))?;
        let next = lines
            .get(i + 1)
            .map_or("", |l| l.split("   ").next().unwrap_or(""));
        let whole = format!("{} {next}", lines[i]);
        Some(whole.split_whitespace().collect::<Vec<_>>().join(" "))
    };
    // One piece marches straight at the enemy down a column without lakes.
    let mut marching: Option<(char, u32)> = None;
    let mut told = None;
    for _ in 0..16 {
        let t = ssh
            .wait("my turn, or a battle", 20, |t| {
                t.contains("Du bist am Zug") || battle(t).is_some()
            })
            .await;
        if let Some(line) = battle(&t) {
            told = Some((line, t));
            break;
        }
        let board = ScreenBoard::read(&t).expect("the board is readable");
        let (file, rank) = match marching {
            Some(at) => at,
            None => {
                let front = if red { 4 } else { 7 };
                let file = "ABEFIJ"
                    .chars()
                    .find(|f| is_movable_label(board.at(&format!("{f}{front}"))))
                    .expect("a movable piece in the front row");
                (file, front)
            }
        };
        let next = if red { rank + 1 } else { rank - 1 };
        ssh.send(b"m");
        tokio::time::sleep(Duration::from_millis(100)).await;
        ssh.send(format!("{file}{rank} {file}{next}\r").as_bytes());
        marching = Some((file, next));
        ssh.wait("the computer's turn, or a battle", 20, |t| {
            !t.contains("Du bist am Zug") || battle(t).is_some()
        })
        .await;
    }
    let (line, t) = told.expect("a battle within sixteen moves");
    // `A4xA7: Dein Aufklärer (2) griff eine Bombe (B) an und verlor`, or the
    // computer's attack on one of ours: German from end to end.
    assert!(
        line.contains(" an und gewann")
            || line.contains(" an und verlor")
            || line.contains(" an: Beide wurden geschlagen")
            || line.contains(" an und entschärfte sie")
            || line.contains(" an und eroberte sie"),
        "a German battle sentence: {line:?}\n{t}"
    );
    for english in ["attacked", " won", " lost", "Your turn", "moved"] {
        assert!(!t.contains(english), "{english:?} on a German screen:\n{t}");
    }
    // The move list keeps it, in German.
    ssh.wait("the battle in the move list", 20, |t| {
        t.contains(" Sieg") || t.contains(" Niederlage") || t.contains(" Gleichstand")
    })
    .await;
    ssh.send(b"R");
    ssh.wait("the German resign question", 20, |t| t.contains("aufgeben"))
        .await;
    ssh.send(b"y");
}
