//! The exec commands' answers in German and Dutch (`--lang de|nl`) hold none of the English
//! they used to: a tournament's terms line, its rules in short and its results' letters;
//! the tournament and admin usages; the tournament options' refusals; the admin's replies
//! (bans, backups) and the refusals of a key that may not organise. English stays as it was.

mod common;

use std::collections::HashMap;
use std::time::Duration;

use common::lobby_client::{join, until};
use common::tournament::{create, terms};
use common::{exec, fingerprint, new_key, start_server_with};
use stratego_ssh::lobby::TournamentOrder;
use stratego_ssh::proto::{GameCmd, GamePhase, LobbyCmd, Mark};
use stratego_ssh::rules::{Color, Rules, Setup, Variant};
use stratego_ssh::tournament::Format;

/// `command` run as `user` with `key` in English, German and Dutch: each answer.
async fn in_each(
    addr: std::net::SocketAddr,
    user: &str,
    key: &russh::keys::PrivateKey,
    command: &str,
) -> [String; 3] {
    let mut out = [String::new(), String::new(), String::new()];
    for (i, lang) in ["", " --lang de", " --lang nl"].iter().enumerate() {
        out[i] = exec(addr, user, key, &format!("{command}{lang}")).await.0;
    }
    out
}

/// The English answer says each of `english`; the German and Dutch ones none of them.
fn no_english(what: &str, [en, de, nl]: &[String; 3], english: &[&str]) {
    for e in english {
        assert!(en.contains(e), "{what}: English {e:?} is not in\n{en}");
        for (lang, t) in [("de", de), ("nl", nl)] {
            assert!(!t.contains(e), "{what} ({lang}): English {e:?} in\n{t}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exec_answers_in_german_and_dutch_hold_no_english() {
    let admin = new_key();
    let fp = fingerprint(&admin);
    let root_dir = common::tempdir::Dir::new("i18n-exec-backups");
    let root = root_dir.0.join("backups");
    let r = root.clone();
    let server = start_server_with("i18n-exec", |o| {
        o.ssh.admins = vec![fp.clone()];
        o.ssh.backup_root = r;
    })
    .await;
    let addr = server.running.addr;
    let lobby = server.running.lobby.clone();

    // A casual Swiss of two rounds: ann and ben play round 1, Red resigns.
    let id = create(&lobby, terms("Cup", Format::Swiss { rounds: 2 })).await;
    let mut clients = HashMap::new();
    for n in ["ann", "ben"] {
        let mut c = join(&lobby, n).await;
        lobby.command(c.session, LobbyCmd::JoinTournament(id));
        c.notice_containing("you joined Cup").await;
        clients.insert(n, c);
    }
    lobby
        .tournament(TournamentOrder::Start { id, by: None })
        .await
        .unwrap();
    let rules = Rules::standard(Variant::Classic);
    let mut seats = Vec::new();
    for n in ["ann", "ben"] {
        let (seat, _) = clients.get_mut(n).unwrap().next_seat().await;
        seats.push(seat);
    }
    seats.sort_by_key(|s| s.color != Some(Color::Red));
    for (i, seat) in seats.iter().enumerate() {
        let c = seat.color.unwrap();
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, i as u64)))
            .await;
    }
    until(&mut seats[0], "play", |s| s.phase == GamePhase::Playing).await;
    seats[0].send(GameCmd::Resign).await;
    until(&mut seats[1], "the end", |s| s.phase == GamePhase::Over).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !lobby
        .snapshot()
        .tournaments
        .iter()
        .any(|t| t.standings.iter().any(|s| s.marks.contains(&Mark::Loss)))
    {
        assert!(tokio::time::Instant::now() < deadline, "no result");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // The tournament's text: terms, rules in short, the results' letters.
    let shown = in_each(addr, "eve", &admin, &format!("tournament {id}")).await;
    no_english(
        "tournament ID",
        &shown,
        &[
            "Swiss 2 rounds",
            "Classic",
            "no clock",
            "casual",
            "anyone",
            "2sq:3",
            "chase",
        ],
    );
    // The loser's letter: L in English, N in German, V in Dutch (a column of its own).
    let letters = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.contains("ann") || l.contains("ben"))
            .filter_map(|l| l.split_whitespace().last().map(str::to_string))
            .collect()
    };
    assert!(
        letters(&shown[0]).contains(&"L".to_string()),
        "{}",
        shown[0]
    );
    assert!(
        letters(&shown[1]).contains(&"N".to_string()),
        "{}",
        shown[1]
    );
    assert!(
        letters(&shown[2]).contains(&"V".to_string()),
        "{}",
        shown[2]
    );

    // The usages.
    let usage = in_each(addr, "eve", &admin, "tournament help").await;
    no_english(
        "tournament help",
        &usage,
        &["tournament commands:", "a new tournament", "who may join"],
    );
    let usage = in_each(addr, "eve", &admin, "admin").await;
    no_english(
        "admin",
        &usage,
        &[
            "admin commands:",
            "a new directory under the server's backup root",
        ],
    );

    // The tournament options' refusals.
    for (command, english) in [
        ("admin tournament create X --swiss x", "is not a number"),
        ("admin tournament create X --chase maybe", "on or off, not"),
        (
            "admin tournament create --swiss 3",
            "give the tournament a name",
        ),
        ("admin tournament create X --start soon", "is not a time"),
        (
            "admin tournament create X --two-square 4",
            "0 (off), 2, 3 or 5",
        ),
        (
            "admin tournament create X --clock 999+0",
            "1 to 180 minutes",
        ),
        ("admin tournament create X --bogus 1", "unknown option"),
        ("admin tournament create X --swiss", "needs a value"),
        ("admin tournament edit x", "is not a tournament number"),
    ] {
        let answers = in_each(addr, "eve", &admin, command).await;
        no_english(command, &answers, &[english]);
    }

    // The admin's replies.
    let bans = in_each(addr, "eve", &admin, "admin bans").await;
    no_english("admin bans", &bans, &["no bans"]);
    let kind = in_each(addr, "eve", &admin, "admin ban who mallory").await;
    no_english("admin ban who", &kind, &[", or ban addr ADDRESS"]);
    let key = in_each(addr, "eve", &admin, "admin ban key foo").await;
    no_english("admin ban key", &key, &["is written as its fingerprint"]);
    let at = in_each(addr, "eve", &admin, "admin ban addr 999.1.2.3").await;
    no_english("admin ban addr", &at, &["is not an IP address or a prefix"]);
    let mut done = Vec::new();
    for (i, lang) in ["", " --lang de", " --lang nl"].iter().enumerate() {
        let (out, status) = exec(addr, "eve", &admin, &format!("admin backup b{i}{lang}")).await;
        assert_eq!(status, Some(0), "{out}");
        done.push(out);
    }
    let done: [String; 3] = done.try_into().unwrap();
    no_english("admin backup", &done, &["backed up", "entries in"]);
    let refused = in_each(addr, "eve", &admin, "admin backup ../out").await;
    no_english(
        "admin backup ../out",
        &refused,
        &["is not under the backup root", "nothing was written"],
    );

    // A key that may not organise or run admin commands.
    let player = new_key();
    let none = in_each(addr, "pat", &player, "tournament create Mine").await;
    no_english(
        "tournament create",
        &none,
        &["needs an admin key on this server"],
    );
    let none = in_each(addr, "pat", &player, "admin bans").await;
    no_english(
        "admin bans (no admin)",
        &none,
        &["admin commands need an admin key"],
    );
}

/// A player an admin disconnects without a reason is told so in their language, with none
/// of the English default reason.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_disconnected_without_a_reason_is_told_in_their_language() {
    use common::{Login, Term};
    let admin = new_key();
    let fp = fingerprint(&admin);
    let server = start_server_with("i18n-kick", |o| o.ssh.admins = vec![fp.clone()]).await;
    let addr = server.running.addr;
    let langs = [
        ("de_DE.UTF-8", "Von einem Admin getrennt"),
        ("nl_NL.UTF-8", "Verbinding verbroken door een beheerder"),
    ];
    let mut guests = Vec::new();
    for (lang, _) in langs {
        let env = [("LANG", lang)];
        let pty = Some((100, 30));
        guests.push(Term::connect_env(addr, Login::Guest, pty, "xterm-256color", &env).await);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Banned by address, no reason given: both are disconnected.
    let (out, status) = exec(addr, "warden", &admin, "admin ban addr 127.0.0.1").await;
    assert_eq!(status, Some(0), "{out}");
    for (guest, (lang, said)) in guests.iter().zip(langs) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while !guest.is_closed() && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let raw = String::from_utf8_lossy(&guest.raw()).to_string();
        assert!(raw.contains(said), "{lang}: {raw}");
        for english in ["banned by an admin", "kicked by an admin"] {
            assert!(!raw.contains(english), "{lang}: {english:?} in {raw}");
        }
    }
}

/// A banned player coming back is refused in their client's language: a ban without a
/// reason says only that, none of the English.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_banned_player_is_refused_in_their_language() {
    use common::{Login, Term};
    let admin = new_key();
    let fp = fingerprint(&admin);
    let server = start_server_with("i18n-banned", |o| o.ssh.admins = vec![fp.clone()]).await;
    let addr = server.running.addr;
    let mk = new_key();
    let mallory = Term::connect(addr, Login::Key("mallory", &mk), 100, 30).await;
    mallory.wait_text("you are mallory", 10).await;
    let (out, status) = exec(addr, "warden", &admin, "admin ban nick mallory").await;
    assert_eq!(status, Some(0), "{out}");
    for (lang, said) in [
        ("de_DE.UTF-8", "Du bist auf diesem Server gesperrt"),
        ("nl_NL.UTF-8", "Je bent geband op deze server"),
    ] {
        let again = Term::connect_env(
            addr,
            Login::Key("mallory", &mk),
            Some((100, 30)),
            "xterm-256color",
            &[("LANG", lang)],
        )
        .await;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while !again.is_closed() && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let raw = String::from_utf8_lossy(&again.raw()).to_string();
        assert!(raw.contains(said), "{lang}: {raw}");
        for english in ["You are banned", "banned by an admin"] {
            assert!(!raw.contains(english), "{lang}: {english:?} in {raw}");
        }
    }
}

/// A command past the address's allowance a minute is refused in the language the command
/// asked for.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_servers_refusal_is_in_the_commands_language() {
    let server = start_server_with("i18n-busy", |o| o.ssh.commands_per_minute = 4).await;
    let addr = server.running.addr;
    let key = new_key();
    for i in 0..2 {
        let (out, status) = exec(addr, "reader", &key, "leaderboard").await;
        assert_eq!(status, Some(0), "command {i} runs: {out}");
    }
    for (lang, said) in [
        ("de", "Server ausgelastet: höchstens 4 Befehle pro Minute"),
        ("nl", "server bezet: hoogstens 4 opdrachten per minuut"),
    ] {
        let (out, status) = exec(addr, "reader", &key, &format!("leaderboard --lang {lang}")).await;
        assert_eq!(status, Some(75), "{out}");
        assert!(out.contains(said), "{lang}: {out}");
        assert!(!out.contains("server busy"), "{lang}: {out}");
    }
}

/// A client without a terminal is told how to connect in its locale's language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_without_a_terminal_is_told_in_its_language() {
    use common::{Login, Term};
    let server = start_server_with("i18n-no-pty", |_| {}).await;
    let addr = server.running.addr;
    let key = new_key();
    for (lang, said) in [
        ("de_DE.UTF-8", "braucht ein Terminal"),
        ("nl_NL.UTF-8", "heeft een terminal nodig"),
    ] {
        let t = Term::connect_env(addr, Login::Key("ann", &key), None, "", &[("LANG", lang)]).await;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while !t.is_closed() && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let raw = String::from_utf8_lossy(&t.raw()).to_string();
        assert!(raw.contains(said), "{lang}: {raw}");
        for english in ["needs a terminal", "Connect with", "To play in lines"] {
            assert!(!raw.contains(english), "{lang}: {english:?} in {raw}");
        }
    }
}
