//! A host's agents (other people's programs, `[[agents]]`) are boxed: whatever a program
//! prints, the server's memory stays bounded and it forfeits; a program that stops reading
//! cannot hold up the game; its standard error log is capped; it runs in an empty directory
//! of its own with a cleared environment and, as root with `agents_user`, cannot read the
//! host key nor list the data directory. The agents are tiny shell scripts.

mod common;

use std::path::Path;
use std::time::Duration;

use common::play::{random_move, Moved, Rng};
use common::{new_key, script, start_server_with, Login, Term};
use stratego_ssh::ucc::external::{AgentCommand, AgentSpec};

/// The set-up of the protocol manual's example (all 40 pieces), for either colour.
const SETUP: &str = "echo FB8sB479B8; echo BB31555583; echo 6724898974; echo 967B669999";

/// One test at a time in this file: the memory test reads the process's peak memory.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn agent(name: &str, program: String, args: &[String], timeout: Duration) -> AgentSpec {
    AgentSpec {
        name: name.into(),
        command: AgentCommand {
            program,
            args: args.to_vec(),
        },
        move_timeout: timeout,
        max_games: 1,
    }
}

/// Opens `b`, picks `bot-NAME` among the levels, starts, sets up at random, and plays
/// random moves until the game is over (the tests' agents forfeit at their first turn);
/// the screen at the end.
async fn play_agent(t: &Term, name: &str) -> String {
    let want = common::pick_agent_level(t, name).await;
    assert!(t.text().contains(&want), "{}", t.text());
    t.send(b"\r").await;
    t.wait_text("Set up your army", 10).await;
    t.send(b"r").await;
    t.wait_text("40 of 40 placed", 5).await;
    t.send(b"d").await;
    let mut rng = Rng(7);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let text = t.text();
        if text.contains("r rematch") {
            return text;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the game goes on:\n{text}"
        );
        if let Moved::Stuck = random_move(t, &mut rng, 1).await {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// The process's peak resident memory (VmHWM) in KiB, reset first when `reset` (Linux).
fn peak_kib(reset: bool) -> u64 {
    if reset {
        let _ = std::fs::write("/proc/self/clear_refs", "5");
    }
    stratego_ssh::procinfo::status_kib(None, "VmHWM:").unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_printing_one_huge_line_forfeits_and_the_servers_memory_stays_bounded() {
    let _one = SERIAL.lock().await;
    let scripts = common::tempdir::Dir::new("box-huge");
    // At its first turn, 64 MiB of `a` and no newline, then it waits.
    let huge = script(
        &scripts.0,
        "huge.sh",
        &format!("read colour rest\n{SETUP}\nread line\nhead -c 67108864 /dev/zero | tr '\\0' a\nsleep 30\n"),
    );
    let server = start_server_with("box-huge", |o| {
        o.lobby.bot_delay = Duration::ZERO;
        o.lobby.agents = vec![agent("huge", huge, &[], Duration::from_secs(5))];
    })
    .await;
    let key = new_key();
    let t = Term::connect(server.running.addr, Login::Key("hana", &key), 120, 40).await;
    t.wait_text("no open seeks", 10).await;
    let before = peak_kib(true);
    play_agent(&t, "huge").await;
    // The forfeit's notice comes beside the game's end, not always in the same frame.
    t.wait_text(
        "bot-huge forfeits (its program sent a line longer than 4096 bytes)",
        10,
    )
    .await;
    let after = peak_kib(false);
    // Reading the whole line would take 64 MiB at least; the reader stops after 4 KiB.
    assert!(
        after.saturating_sub(before) < 32 * 1024,
        "peak memory grew from {before} KiB to {after} KiB"
    );
}

/// Answers every turn without ever reading its input again: its answers (a scout forward
/// and back, legal under the UCC rules) wait in its output, and the game's lines to it
/// fill the pipe to its input after a few hundred turns.
fn deaf(dir: &Path) -> String {
    script(
        dir,
        "deaf.sh",
        &format!(
            r#"read colour rest
{SETUP}
if [ "$colour" = RED ]; then A="0 3 DOWN"; B="0 4 UP"; else A="5 6 UP"; B="5 5 DOWN"; fi
while :; do echo "$A"; echo "$B"; done
"#
        ),
    )
}

/// A move of `me` between the set-ups (rows 3 to 4 for Red, 6 to 5 for Blue) away from
/// the agent's scout's column and the lakes, and its way back.
fn shuttle(legal: &[stratego_ssh::rules::Move]) -> Option<stratego_ssh::rules::Move> {
    legal
        .iter()
        .find(|m| {
            let (f, t) = (m.from, m.to);
            [1, 4, 8, 9].contains(&t.file())
                && f.file() == t.file()
                && ((f.row() == 3 && t.row() == 4) || (f.row() == 6 && t.row() == 5))
        })
        .copied()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_that_stops_reading_its_input_forfeits_instead_of_holding_up_the_game() {
    use common::lobby_client::join;
    use stratego_ssh::lobby::{self, LobbyConfig};
    use stratego_ssh::proto::{GameCmd, GamePhase, LobbyCmd};
    use stratego_ssh::rules::{Move, Rules};
    let _one = SERIAL.lock().await;
    let scripts = common::tempdir::Dir::new("box-deaf");
    let config = LobbyConfig {
        agents: vec![agent("deaf", deaf(&scripts.0), &[], Duration::from_secs(1))],
        bot_delay: Duration::ZERO,
        ..LobbyConfig::default()
    };
    let lobby = lobby::spawn(config, stratego_ssh::store::Store::temporary().unwrap());
    let mut alice = join(&lobby, "alice").await;
    lobby.command(
        alice.session,
        LobbyCmd::PlayAgent {
            name: "deaf".into(),
            clock: None,
        },
    );
    let (mut seat, _) = alice.next_seat().await;
    let me = seat.color.unwrap();
    // The manual's set-up: its front row has movable pieces in files 1, 4, 8 and 9.
    let rows: Vec<String> = ["FB8sB479B8", "BB31555583", "6724898974", "967B669999"]
        .iter()
        .map(|r| r.to_string())
        .collect();
    let setup = stratego_ssh::ucc::parse_setup(&rows, &Rules::ucc2012(), me).unwrap();
    seat.send(GameCmd::SubmitSetup(setup)).await;
    let started = std::time::Instant::now();
    let mut out: Option<Move> = None;
    let mut plies = 0;
    let outcome = tokio::time::timeout(Duration::from_secs(90), async {
        loop {
            let snap = seat.snapshots.borrow_and_update().clone();
            if snap.phase == GamePhase::Over {
                return snap.outcome;
            }
            if let Some(view) = snap.view.as_ref().filter(|v| v.to_move == me) {
                let m = match out.take() {
                    Some(m) => Move::new(m.to, m.from),
                    None => {
                        let m = shuttle(&view.legal_moves).expect("a piece to shuttle");
                        out = Some(m);
                        m
                    }
                };
                assert!(view.legal_moves.contains(&m), "{m} at ply {}", view.ply);
                plies = view.ply;
                seat.send(GameCmd::Move(m)).await;
            }
            seat.snapshots.changed().await.expect("the game is there");
        }
    })
    .await
    .unwrap_or_else(|_| panic!("the game is stuck at ply {plies}"));
    let outcome = outcome.expect("an outcome");
    assert_eq!(outcome.winner, Some(me), "{outcome} at ply {plies}");
    // It filled the pipe first (hundreds of turns), then forfeited after its timeout.
    assert!(plies > 100, "ply {plies}");
    let n = alice.notice_containing("forfeits").await;
    assert!(
        n.contains("bot-deaf forfeits (its program did not read its input within 1 s)"),
        "{n}"
    );
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_programs_standard_error_log_is_capped_at_one_mib_a_game() {
    let _one = SERIAL.lock().await;
    let scripts = common::tempdir::Dir::new("box-stderr");
    // At its first turn, 5 MiB on standard error, then it ends (and forfeits).
    let loud = script(
        &scripts.0,
        "loud.sh",
        &format!("read colour rest\n{SETUP}\nread line\nhead -c 5242880 /dev/zero | tr '\\0' e >&2\nexit 3\n"),
    );
    let server = start_server_with("box-stderr", |o| {
        o.lobby.bot_delay = Duration::ZERO;
        o.lobby.agents = vec![agent("loud", loud, &[], Duration::from_secs(5))];
        o.lobby.agent_logs = Some(o.data_dir.join("agent-logs"));
    })
    .await;
    let key = new_key();
    let t = Term::connect(server.running.addr, Login::Key("lena", &key), 120, 40).await;
    play_agent(&t, "loud").await;
    // The forfeit's notice comes beside the game's end, not always in the same frame.
    t.wait_text("bot-loud forfeits (the program ended", 10)
        .await;
    let logs = server.dir.0.join("data/agent-logs");
    let mut kept = Vec::new();
    for _ in 0..100 {
        let found: Vec<_> = std::fs::read_dir(&logs)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        kept = found
            .first()
            .map(|p| std::fs::read(p).unwrap())
            .unwrap_or_default();
        if kept.ends_with(b"]\n") || kept.len() > 2 << 20 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let text = String::from_utf8_lossy(&kept);
    let last = text.lines().last().unwrap_or_default().to_string();
    assert!(
        kept.len() <= (1 << 20) + 200,
        "{} bytes kept; ends with {:?}",
        kept.len(),
        &last[..last.len().min(100)]
    );
    assert!(
        kept.starts_with(b"eeee"),
        "{:?}",
        &text[..text.len().min(100)]
    );
    assert!(last.contains("standard error cut here"), "{last:?}");
}

/// What the program sees: its directory, that directory's entries, its environment, and
/// whether it can read the file and list the directory it is given.
fn snoop(dir: &Path) -> String {
    script(
        dir,
        "snoop.sh",
        &format!(
            r#"read colour rest
{SETUP}
read line
echo "cwd=$(pwd)" >&2
echo "entries=$(ls -A | wc -l)" >&2
echo "env=$(env | cut -d= -f1 | sort | tr '\n' ' ')" >&2
echo "path=$PATH" >&2
if cat ../keys/ssh_host_ed25519_key >/dev/null 2>&1; then echo "relkey=READ" >&2; else echo "relkey=DENIED" >&2; fi
if cat "$1" >/dev/null 2>&1; then echo "key=READ" >&2; else echo "key=DENIED" >&2; fi
if ls "$2" >/dev/null 2>&1; then echo "data=LISTED" >&2; else echo "data=DENIED" >&2; fi
echo "id=$(id -u)" >&2
echo "wrapped=${{WRAPPED:-no}}" >&2
exit 3
"#
        ),
    )
}

/// Starts a server with the snooping agent (boxed by `f`), plays it, and returns what the
/// program wrote to its standard error, and the server's directory.
async fn snooped(
    tag: &str,
    f: impl FnOnce(&mut stratego_ssh::server::ServerOptions),
) -> (String, common::TestServer, common::tempdir::Dir) {
    let scripts = common::tempdir::Dir::new(tag);
    let program = snoop(&scripts.0);
    let server = start_server_with(tag, |o| {
        o.lobby.bot_delay = Duration::ZERO;
        o.lobby.agent_logs = Some(o.data_dir.join("agent-logs"));
        // It is given the real paths of the host key and the data directory.
        let args = [
            o.keys_dir
                .join("ssh_host_ed25519_key")
                .display()
                .to_string(),
            o.data_dir.display().to_string(),
        ];
        o.lobby.agents = vec![agent("snoop", program, &args, Duration::from_secs(5))];
        f(o);
    })
    .await;
    // The safe set-up: the data and keys directories private to the server's user.
    for d in [server.dir.0.join("keys"), server.dir.0.join("data")] {
        let perm = std::os::unix::fs::PermissionsExt::from_mode(0o700);
        std::fs::set_permissions(&d, perm).unwrap();
    }
    assert!(server.dir.0.join("keys/ssh_host_ed25519_key").exists());
    let key = new_key();
    let t = Term::connect(server.running.addr, Login::Key("sami", &key), 120, 40).await;
    play_agent(&t, "snoop").await;
    // The forfeit's notice comes beside the game's end, not always in the same frame.
    t.wait_text("bot-snoop forfeits (the program ended", 10)
        .await;
    let logs = server.dir.0.join("data/agent-logs");
    let mut text = String::new();
    for _ in 0..100 {
        text = std::fs::read_dir(&logs)
            .ok()
            .and_then(|mut d| d.next())
            .and_then(|e| std::fs::read_to_string(e.ok()?.path()).ok())
            .unwrap_or_default();
        if text.contains("wrapped=") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    (text, server, scripts)
}

fn field<'a>(text: &'a str, key: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}=")))
        .unwrap_or_else(|| panic!("no {key} in {text:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_program_runs_in_an_empty_directory_of_its_own_with_a_cleared_environment() {
    let _one = SERIAL.lock().await;
    let (text, server, _scripts) = snooped("box-snoop", |_| {}).await;
    let cwd = field(&text, "cwd");
    assert!(cwd.contains("stratego-agent-"), "{text}");
    assert_ne!(
        Path::new(cwd),
        std::env::current_dir().unwrap().as_path(),
        "{text}"
    );
    assert_eq!(field(&text, "entries"), "0", "{text}");
    assert_eq!(field(&text, "path"), "/usr/bin:/bin", "{text}");
    // Only what the server sets (and what the shell adds itself): none of the server's own
    // variables (this test process has many, HOME and cargo's among them).
    let env = field(&text, "env");
    for name in env.split_whitespace() {
        assert!(
            ["PATH", "LANG", "HOME", "PWD", "OLDPWD", "SHLVL", "_"].contains(&name),
            "{name} in {text}"
        );
    }
    assert!(env.contains("HOME"), "{text}");
    assert_eq!(field(&text, "relkey"), "DENIED", "{text}");
    // Its directory is gone after the game: the program's end is on the screen before the
    // bot's thread has quit it and removed the directory, so allow that a moment.
    for _ in 0..100 {
        if !Path::new(cwd).exists() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        !Path::new(cwd).exists(),
        "{cwd} is still there 5 s after the game"
    );
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn as_agents_user_a_program_cannot_read_the_host_key_nor_list_the_data() {
    if !stratego_ssh::ucc::external::can_switch_user() {
        eprintln!("skipped: switching users needs root");
        return;
    }
    if stratego_ssh::ucc::external::lookup_user("nobody").is_err() {
        eprintln!("skipped: no user nobody");
        return;
    }
    let _one = SERIAL.lock().await;
    // As the server's own user (root), the absolute paths are readable: the test's
    // program can tell.
    let (text, _server, _s) = snooped("box-root", |_| {}).await;
    assert_eq!(field(&text, "key"), "READ", "{text}");
    assert_eq!(field(&text, "data"), "LISTED", "{text}");
    // As nobody, neither; and under the sandbox command, wrapped by it.
    let scripts = common::tempdir::Dir::new("box-wrapper");
    let wrapper = script(
        &scripts.0,
        "wrap.sh",
        "export WRAPPED=\"$1\"\nshift\nexec \"$@\"\n",
    );
    let (text, _server, _s) = snooped("box-nobody", |o| {
        o.lobby.agent_box.user = Some("nobody".into());
        o.lobby.agent_box.sandbox = vec![wrapper, "{dir}".into()];
    })
    .await;
    let (uid, _) = stratego_ssh::ucc::external::lookup_user("nobody").unwrap();
    assert_eq!(field(&text, "id"), uid.to_string(), "{text}");
    assert_eq!(field(&text, "key"), "DENIED", "{text}");
    assert_eq!(field(&text, "data"), "DENIED", "{text}");
    assert_eq!(field(&text, "wrapped"), field(&text, "cwd"), "{text}");
}
