//! What a host sees of the server binary: its start log, `--check`, and what a PuTTY login
//! leaves in the log.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{Login, Term};

/// The server binary with its log (text, RUST_LOG=info) collected line by line.
struct Logged {
    child: Child,
    addr: std::net::SocketAddr,
    lines: Arc<Mutex<Vec<String>>>,
    _dir: common::tempdir::Dir,
}

impl Logged {
    fn start(tag: &str) -> Logged {
        let dir = common::tempdir::Dir::new(tag);
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_stratego-ssh"))
            .arg("--listen")
            .arg(addr.to_string())
            .arg("--data-dir")
            .arg(dir.0.join("data"))
            .arg("--keys-dir")
            .arg(dir.0.join("keys"))
            // Tests never bind the web pages' default port 8080.
            .args(["--http-listen", "off"])
            .env_remove("RUST_LOG")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server binary starts");
        let lines = Arc::new(Mutex::new(Vec::new()));
        let out = child.stdout.take().unwrap();
        let err = child.stderr.take().unwrap();
        for pipe in [
            Box::new(out) as Box<dyn std::io::Read + Send>,
            Box::new(err),
        ] {
            let lines = lines.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                    lines.lock().unwrap().push(line);
                }
            });
        }
        Logged {
            child,
            addr,
            lines,
            _dir: dir,
        }
    }

    fn wait_line(&self, needle: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(l) = self
                .lines
                .lock()
                .unwrap()
                .iter()
                .find(|l| l.contains(needle))
            {
                return l.clone();
            }
            assert!(Instant::now() < deadline, "no log line with {needle:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn log(&self) -> Vec<String> {
        self.lines.lock().unwrap().clone()
    }
}

impl Drop for Logged {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_start_log_names_the_host_key_players_will_see() {
    let server = Logged::start("hostkey-log");
    let line = server.wait_line("host key (");
    server.wait_line("serving");
    let term = Term::connect(server.addr, Login::Guest, 80, 24).await;
    assert!(
        !term.server_key.is_empty() && line.contains(&term.server_key),
        "the log says {line:?}; the client saw {}",
        term.server_key
    );
}

#[test]
fn check_prints_the_settings_a_file_gives() {
    let dir = common::tempdir::Dir::new("check");
    let file = dir.0.join("s.toml");
    std::fs::write(
        &file,
        "listen = \"127.0.0.1:2400\"\nidle_timeout = \"5m\"\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_stratego-ssh"))
        .arg("--config")
        .arg(&file)
        .arg("--max-connections")
        .arg("7")
        .arg("--check")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    for line in [
        "listen = \"127.0.0.1:2400\"",
        "idle_timeout = \"5m\"",
        "max_connections = 7",
        "reconnect_grace = \"2m\"",
        "max_games_per_player = 3",
        "setup_deadline = \"5m\"",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in:\n{text}");
    }
    // A wrong file is named, with the key and what it expects; exit status 2.
    std::fs::write(&file, "idle_timeout = 5\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_stratego-ssh"))
        .arg("--config")
        .arg(&file)
        .arg("--check")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("s.toml") && err.contains("idle_timeout"),
        "{err}"
    );
}

/// `--check` with a file, the environment and flags: what it prints, or the key it refuses.
fn check(
    file: &std::path::Path,
    env: &[(&str, &str)],
    flags: &[&str],
) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stratego-ssh"))
        .arg("--config")
        .arg(file)
        .args(flags)
        .arg("--check")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn check_reads_humantime_durations_names_unknown_keys_and_keeps_the_precedence() {
    let dir = common::tempdir::Dir::new("check-durations");
    let file = dir.0.join("s.toml");
    std::fs::write(
        &file,
        "setup_deadline = \"1h 30m\"\nreconnect_grace = \"90s\"\nmax_connections = 5\n",
    )
    .unwrap();
    // "1h 30m" is read and printed back as written; 90s prints as 1m 30s (the same grammar).
    let (code, text, err) = check(&file, &[], &[]);
    assert_eq!(code, Some(0), "{err}");
    for line in [
        "setup_deadline = \"1h 30m\"",
        "reconnect_grace = \"1m 30s\"",
        "max_connections = 5",
    ] {
        assert!(text.lines().any(|l| l == line), "{line} in:\n{text}");
    }
    // Flag > environment > file > default.
    let env = [
        ("STRATEGO_MAX_CONNECTIONS", "6"),
        ("STRATEGO_SETUP_DEADLINE", "2h 15m"),
    ];
    let (_, text, _) = check(&file, &env, &[]);
    assert!(text.contains("max_connections = 6\n"), "{text}");
    assert!(text.contains("setup_deadline = \"2h 15m\"\n"), "{text}");
    let (_, text, _) = check(
        &file,
        &env,
        &["--max-connections", "7", "--setup-deadline", "45m"],
    );
    assert!(text.contains("max_connections = 7\n"), "{text}");
    assert!(text.contains("setup_deadline = \"45m\"\n"), "{text}");
    // A bad duration in a flag or a variable names it; exit status 2.
    let (code, _, err) = check(&file, &[("STRATEGO_IDLE_TIMEOUT", "soon")], &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("idle-timeout") && err.contains("soon"),
        "{err}"
    );
    // An unknown key, and a bad duration in the file, are named; exit status 2.
    for (text, key) in [
        ("setup_dedline = \"5m\"\n", "`setup_dedline`"),
        ("setup_deadline = \"5 minutes later\"\n", "`setup_deadline`"),
        ("setup_deadline = \"300\"\n", "`setup_deadline`"),
    ] {
        std::fs::write(&file, text).unwrap();
        let (code, out, err) = check(&file, &[], &[]);
        assert_eq!(code, Some(2), "{text}: {out}{err}");
        assert!(err.contains("s.toml") && err.contains(key), "{text}: {err}");
        assert!(out.is_empty(), "{out}");
    }
}

#[test]
fn subcommands_list_only_their_own_options_each_described() {
    let help = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_stratego-ssh"))
            .args(args)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    let arena = help(&["arena", "--help"]);
    assert!(!arena.contains("--max-connections"), "{arena}");
    for flag in ["--a <A>", "--b <B>", "--variant", "--seed"] {
        let line = arena
            .lines()
            .find(|l| l.contains(flag))
            .unwrap_or_else(|| panic!("{flag} in {arena}"));
        let described = line.split(flag).nth(1).unwrap_or("").trim();
        assert!(described.len() > 12, "{flag} is described: {line:?}");
    }
    let backup = help(&["backup", "--help"]);
    assert!(
        backup.contains("--data-dir") && !backup.contains("--listen"),
        "{backup}"
    );
}

/// PuTTY's command-line client, when the machine has it (CI installs putty-tools).
fn plink() -> Option<&'static str> {
    Command::new("plink")
        .arg("-V")
        .output()
        .ok()
        .map(|_| "plink")
}

#[test]
fn a_putty_login_logs_nothing_above_info() {
    let Some(plink) = plink() else {
        eprintln!("plink is not installed: skipped (CI installs putty-tools)");
        return;
    };
    let server = Logged::start("putty");
    let key_line = server.wait_line("host key (");
    let fingerprint = key_line
        .split("fingerprint=")
        .nth(1)
        .expect("the fingerprint is logged")
        .trim()
        .to_string();
    server.wait_line("serving");
    // A guest login with a terminal, a look at the lobby, then the connection closes.
    let mut child = Command::new(plink)
        .args(["-ssh", "-batch", "-t", "-P"])
        .arg(server.addr.port().to_string())
        .arg("-hostkey")
        .arg(&fingerprint)
        .arg("guest@127.0.0.1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    server.wait_line("joined the lobby");
    std::thread::sleep(Duration::from_millis(300));
    let _ = child.kill();
    let _ = child.wait();
    std::thread::sleep(Duration::from_millis(300));
    let log = server.log();
    let loud: Vec<&String> = log
        .iter()
        .filter(|l| l.contains(" WARN ") || l.contains(" ERROR "))
        .collect();
    assert!(loud.is_empty(), "{loud:#?}");
}
