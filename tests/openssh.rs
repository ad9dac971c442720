//! The system's OpenSSH client, in a pseudo-terminal, through to the lobby and out again.

mod common;

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{is_movable_label, start_server, start_server_with, ScreenBoard};

/// A pseudo-terminal of the given size: (master, slave).
fn openpty(cols: u16, rows: u16) -> (OwnedFd, OwnedFd) {
    let mut master = 0;
    let mut slave = 0;
    let ws = libc::winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two descriptors on success; the pointers are valid.
    let r = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &ws,
        )
    };
    assert_eq!(r, 0, "openpty");
    // SAFETY: both descriptors were just created and are owned here.
    unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}

fn wait_screen(screen: &Mutex<vt100::Parser>, what: &str, pred: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let text = screen.lock().unwrap().screen().contents();
        if pred(&text) {
            return text;
        }
        if Instant::now() > deadline {
            panic!("timed out waiting for {what}; the terminal shows:\n{text}");
        }
        std::thread::sleep(Duration::from_millis(30));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openssh_client_in_a_pty_reaches_the_lobby() {
    let server = start_server("openssh").await;
    let port = server.running.addr.port();
    let dir = server.dir.0.clone();
    let key = new_key(&dir, "id_ed25519");

    let result = tokio::task::spawn_blocking(move || {
        // No LANG for SendEnv to pass on: the screens are in English.
        let (mut child, screen, mut writer) = ssh_in_pty(port, &key, "frank", None);
        // A first login: the welcome card offers the name; Enter keeps it.
        wait_screen(&screen, "the welcome card", |t| {
            t.contains("Welcome to stratego-ssh")
        });
        writer.write_all(b"\r").unwrap();
        let lobby = wait_screen(&screen, "the lobby", |t| {
            t.contains("you are frank")
                && t.contains("Open seeks")
                && !t.contains("Welcome to stratego-ssh")
        });
        assert!(
            screen.lock().unwrap().screen().alternate_screen(),
            "the lobby is drawn on the alternate screen"
        );
        // Quit: q, then confirm.
        writer.write_all(b"q").unwrap();
        wait_screen(&screen, "the quit question", |t| t.contains("Quit"));
        writer.write_all(b"y").unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let code = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("ssh did not exit after quitting");
            }
            std::thread::sleep(Duration::from_millis(30));
        };
        std::thread::sleep(Duration::from_millis(100));
        let restored = !screen.lock().unwrap().screen().alternate_screen();
        let cursor_shown = !screen.lock().unwrap().screen().hide_cursor();
        (lobby, code.success(), restored, cursor_shown)
    })
    .await
    .unwrap();
    let (lobby, exited_ok, restored, cursor_shown) = result;
    assert!(lobby.contains("no open seeks"), "{lobby}");
    assert!(exited_ok, "ssh exits with status 0 after quitting");
    assert!(restored, "the normal screen is back after quitting");
    assert!(cursor_shown, "the cursor is shown again after quitting");
}

/// `ssh` (OpenSSH) as `user` with `key` in a 100x30 pseudo-terminal, with
/// `-o SetEnv=LANG=…` when `lang` is given (and no LANG or LC_* of the test's own): the
/// client, the screen it draws, and the terminal's input.
fn ssh_in_pty(
    port: u16,
    key: &std::path::Path,
    user: &str,
    lang: Option<&str>,
) -> (
    std::process::Child,
    Arc<Mutex<vt100::Parser>>,
    std::fs::File,
) {
    let (master, slave) = openpty(100, 30);
    let mut args = vec![
        "-tt".to_string(),
        "-p".into(),
        port.to_string(),
        "-i".into(),
        key.display().to_string(),
    ];
    for o in [
        "IdentitiesOnly=yes",
        "StrictHostKeyChecking=no",
        "UserKnownHostsFile=/dev/null",
        "BatchMode=yes",
        "LogLevel=ERROR",
    ] {
        args.extend(["-o".to_string(), o.to_string()]);
    }
    if let Some(l) = lang {
        args.extend(["-o".to_string(), format!("SetEnv=LANG={l}")]);
    }
    args.push(format!("{user}@127.0.0.1"));
    // SAFETY: pre_exec runs async-signal-safe calls only (setsid, ioctl).
    let child = unsafe {
        Command::new("ssh")
            .args(&args)
            .env("TERM", "xterm-256color")
            .env_remove("LANG")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave))
            .pre_exec(|| {
                libc::setsid();
                libc::ioctl(0, libc::TIOCSCTTY as _, 0);
                Ok(())
            })
            .spawn()
            .expect("ssh is installed (.ci/run installs openssh-client)")
    };
    let screen = Arc::new(Mutex::new(vt100::Parser::new(
        NonZeroU16::new(30).unwrap(),
        NonZeroU16::new(100).unwrap(),
        0,
    )));
    let mut reader = std::fs::File::from(master.try_clone().unwrap());
    {
        let screen = screen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                screen.lock().unwrap().process(&buf[..n]);
            }
        });
    }
    (child, screen, std::fs::File::from(master))
}

/// q, y (the keys are the same in every language), and the client exits.
fn quit(mut child: std::process::Child, writer: &mut std::fs::File) {
    writer.write_all(b"q").unwrap();
    std::thread::sleep(Duration::from_millis(200));
    writer.write_all(b"y").unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("ssh did not exit after quitting");
        }
        std::thread::sleep(Duration::from_millis(30));
    }
}

fn new_key(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    let key = dir.join(name);
    let status = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(&key)
        .status()
        .expect("ssh-keygen is installed (.ci/run installs openssh-client)");
    assert!(status.success());
    key
}

/// `ssh -o SetEnv=LANG=de_DE.UTF-8` greets in German, `nl_NL.UTF-8` in Dutch, `C` in
/// English (a first login each: the welcome card, then the lobby's first line).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_lang_chooses_the_language() {
    let server = start_server("openssh-lang").await;
    let port = server.running.addr.port();
    let dir = server.dir.0.clone();
    tokio::task::spawn_blocking(move || {
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
            let (child, screen, mut w) = ssh_in_pty(port, &key, &format!("player{i}"), Some(lang));
            let t = wait_screen(&screen, card, |t| t.contains(card));
            assert!(!t.contains(not), "{lang}: {t}");
            w.write_all(b"\r").unwrap();
            wait_screen(&screen, lobby, |t| t.contains(lobby) && !t.contains(card));
            quit(child, &mut w);
        }
    })
    .await
    .unwrap();
}

/// The language chosen in the settings is stored with the key: it wins over the client's
/// LANG on the next connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chosen_language_survives_a_reconnect() {
    let server = start_server("openssh-lang-stored").await;
    let port = server.running.addr.port();
    let dir = server.dir.0.clone();
    tokio::task::spawn_blocking(move || {
        let key = new_key(&dir, "id_ed25519");
        let de = Some("de_DE.UTF-8");
        let (child, screen, mut w) = ssh_in_pty(port, &key, "greta", de);
        wait_screen(&screen, "the German welcome card", |t| {
            t.contains("Willkommen bei stratego-ssh")
        });
        w.write_all(b"\r").unwrap();
        wait_screen(&screen, "the German lobby", |t| t.contains("du bist greta"));
        // s, down to the language, Enter: Deutsch → Nederlands.
        w.write_all(b"s").unwrap();
        wait_screen(&screen, "the settings", |t| t.contains("< Deutsch >"));
        for _ in 0..3 {
            w.write_all(b"\x1b[B").unwrap();
            std::thread::sleep(Duration::from_millis(50));
        }
        w.write_all(b"\r").unwrap();
        wait_screen(&screen, "the Dutch settings", |t| {
            t.contains("Instellingen") && t.contains("< Nederlands >")
        });
        w.write_all(b"x").unwrap();
        wait_screen(&screen, "the Dutch lobby", |t| t.contains("je bent greta"));
        quit(child, &mut w);
        // Back with LANG=de_DE: the stored choice wins.
        let (child, screen, mut w) = ssh_in_pty(port, &key, "greta", de);
        let t = wait_screen(&screen, "the Dutch lobby again", |t| {
            t.contains("je bent greta")
        });
        assert!(!t.contains("du bist"), "{t}");
        quit(child, &mut w);
    })
    .await
    .unwrap();
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
    let (child, screen, mut w) = tokio::task::spawn_blocking(move || {
        let (child, screen, mut w) = ssh_in_pty(port, &key, "greta", Some("de_DE.UTF-8"));
        wait_screen(&screen, "the German welcome card", |t| {
            t.contains("Willkommen bei stratego-ssh")
        });
        w.write_all(b"\r").unwrap();
        wait_screen(&screen, "the German lobby", |t| t.contains("du bist greta"));
        (child, screen, w)
    })
    .await
    .unwrap();
    let alice = common::lobby_client::join(&lobby, "alice").await;
    let challenge = stratego_ssh::proto::LobbyCmd::Seek {
        terms: stratego_ssh::proto::GameTerms {
            rules: stratego_ssh::rules::Rules::standard(stratego_ssh::rules::Variant::Classic),
            rated: false,
            clock: None,
        },
        private_to: Some("greta".into()),
        private: false,
    };
    tokio::task::spawn_blocking(move || {
        // A notice shows for a few seconds: on a loaded machine the screen may be read
        // after it went, so alice asks again (up to three open challenges).
        let want = "alice fordert dich heraus: Klassisch, ungewertet";
        let mut seen = None;
        for _ in 0..3 {
            lobby.command(alice.session, challenge.clone());
            let deadline = Instant::now() + Duration::from_secs(8);
            while seen.is_none() && Instant::now() < deadline {
                let t = screen.lock().unwrap().screen().contents();
                if t.contains(want) {
                    seen = Some(t);
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            if seen.is_some() {
                break;
            }
        }
        let t = seen.unwrap_or_else(|| {
            let t = screen.lock().unwrap().screen().contents();
            panic!("no challenge in German; the terminal shows:\n{t}")
        });
        assert!(!t.contains("challenges you"), "{t}");
        w.write_all(b"\x1b").unwrap();
        quit(child, &mut w);
    })
    .await
    .unwrap();
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
    tokio::task::spawn_blocking(move || {
        let key = new_key(&dir, "id_ed25519");
        let (child, screen, mut w) = ssh_in_pty(port, &key, "greta", Some("de_DE.UTF-8"));
        wait_screen(&screen, "the German welcome card", |t| {
            t.contains("Willkommen bei stratego-ssh")
        });
        w.write_all(b"\r").unwrap();
        wait_screen(&screen, "the German lobby", |t| t.contains("du bist greta"));
        // Enter on the seeks' first row: a game against the computer, set up at random.
        w.write_all(b"\r").unwrap();
        wait_screen(&screen, "the German set-up", |t| {
            t.contains("Stelle deine Armee auf")
        });
        w.write_all(b"r").unwrap();
        std::thread::sleep(Duration::from_millis(300));
        w.write_all(b"d").unwrap();
        let playing = |t: &str| t.contains("du spielst Rot") || t.contains("du spielst Blau");
        let t = wait_screen(&screen, "the German question, or the game", |t| {
            t.contains("Diese Aufstellung abschicken?") || playing(t)
        });
        if !playing(&t) {
            w.write_all(b"y").unwrap();
        }
        let t = wait_screen(&screen, "the game, in German", playing);
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
            let t = wait_screen(&screen, "my turn, or a battle", |t| {
                t.contains("Du bist am Zug") || battle(t).is_some()
            });
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
            w.write_all(b"m").unwrap();
            std::thread::sleep(Duration::from_millis(100));
            w.write_all(format!("{file}{rank} {file}{next}\r").as_bytes())
                .unwrap();
            marching = Some((file, next));
            wait_screen(&screen, "the computer's turn, or a battle", |t| {
                !t.contains("Du bist am Zug") || battle(t).is_some()
            });
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
        wait_screen(&screen, "the battle in the move list", |t| {
            t.contains(" Sieg") || t.contains(" Niederlage") || t.contains(" Gleichstand")
        });
        w.write_all(b"R").unwrap();
        wait_screen(&screen, "the German resign question", |t| {
            t.contains("aufgeben")
        });
        w.write_all(b"y").unwrap();
        drop(child);
    })
    .await
    .unwrap();
}
