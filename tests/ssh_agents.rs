//! A host's agents (other people's programs, `[[agents]]`) as opponents over SSH: the
//! player finds one under `b`, plays it through the screens, and wins when it crashes.
//! The agents are tiny shell scripts speaking the UCC 2012 protocol.

mod common;

use std::path::Path;
use std::time::Duration;

use common::play::{game_over, random_move, Moved, Rng};
use common::{exec, new_key, script, start_server_with, Login, Term};
use stratego_ssh::ucc::external::{AgentCommand, AgentSpec};

/// The set-up of the protocol manual's example (all 40 pieces), for either colour.
const SETUP: &str = "echo FB8sB479B8; echo BB31555583; echo 6724898974; echo 967B669999";

/// Answers each turn (after the ten board lines) by moving one piece forward and back
/// (legal under the UCC rules, which have no two-square rule), and resigns at its fourth
/// turn.
fn shuffler(dir: &Path) -> String {
    script(
        dir,
        "shuffler.sh",
        &format!(
            r#"read colour rest
{SETUP}
if [ "$colour" = RED ]; then A="0 3 DOWN"; B="0 4 UP"; else A="5 6 UP"; B="5 5 DOWN"; fi
echo "playing $colour" >&2
n=0; k=0
while read line; do
  case "$line" in
    QUIT*) exit 0;;
    *" "*|START) n=0;;
    *) n=$((n+1));;
  esac
  if [ $n -eq 10 ]; then
    n=0; k=$((k+1))
    if [ $k -gt 3 ]; then echo SURRENDER
    elif [ $((k%2)) -eq 1 ]; then echo "$A"; else echo "$B"; fi
  fi
done
"#
        ),
    )
}

fn agent(name: &str, program: String) -> AgentSpec {
    AgentSpec {
        name: name.into(),
        command: AgentCommand {
            program,
            args: vec![],
        },
        move_timeout: Duration::from_secs(5),
        max_games: 1,
    }
}

/// Opens `b`, picks `bot-NAME` among the levels, starts, sets up at random.
async fn play_agent(t: &Term, name: &str) {
    let want = common::pick_agent_level(t, name).await;
    let form = t.text();
    assert!(form.contains(&want), "{form}");
    assert!(form.contains("another program"), "{form}");
    // Its rules are fixed: no variant or rule options to choose.
    assert!(!form.contains("Two-square limit"), "{form}");
    t.send(b"\r").await;
    t.wait_text("Set up your army", 10).await;
    t.send(b"r").await;
    t.wait_text("40 of 40 placed", 5).await;
    t.send(b"d").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hosts_agent_plays_a_whole_game_and_a_crashing_one_loses_with_a_reason() {
    let scripts = common::tempdir::Dir::new("agent-scripts");
    let shuffle = shuffler(&scripts.0);
    let crash = script(
        &scripts.0,
        "crash.sh",
        &format!("read colour rest\n{SETUP}\nread line\necho 'segmentation fault (pretend)' >&2\nexit 3\n"),
    );
    let server = start_server_with("agents", |o| {
        o.lobby.bot_delay = Duration::ZERO;
        o.lobby.agents = vec![agent("tiny", shuffle), agent("crashy", crash)];
        o.lobby.agent_logs = Some(o.data_dir.join("agent-logs"));
    })
    .await;
    let key = new_key();
    let t = Term::connect(server.running.addr, Login::Key("gina", &key), 120, 40).await;

    // A whole game: the agent moves a piece forward and back three times, then resigns.
    play_agent(&t, "tiny").await;
    let mut rng = Rng(5);
    let mut played = 0;
    for _ in 0..10 {
        match random_move(&t, &mut rng, 20).await {
            Moved::Played(_) => played += 1,
            // The agent resigned at once after this move.
            Moved::Over(Some(_)) => {
                played += 1;
                break;
            }
            Moved::Over(None) => break,
            Moved::Stuck => panic!("stuck:\n{}", t.text()),
        }
    }
    let end = t.wait_for("the end", 20, |s| s.contains("r rematch")).await;
    assert!(game_over(&t));
    // It answered three turns (a missing answer would have forfeited), then resigned.
    assert!(played >= 3, "{played} moves:\n{end}");
    assert!(!end.contains("forfeits"), "{end}");
    assert!(end.contains("You won"), "{end}");
    assert!(end.contains("resign"), "{end}");
    // Under the rules the program was written for: no two-square rule.
    assert!(end.contains("Classic · no 2-square rule · casual"), "{end}");
    // Stored like any game, casual, with the agent's identity.
    let (out, _) = exec(server.running.addr, "gina", &key, "games gina").await;
    assert!(out.contains("bot-tiny"), "{out}");
    let logs: Vec<_> = std::fs::read_dir(server.dir.0.join("data/agent-logs"))
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    let kept = logs
        .iter()
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("tiny-")
        })
        .map(|p| std::fs::read_to_string(p).unwrap())
        .unwrap_or_default();
    assert!(kept.starts_with("playing "), "{logs:?}: {kept:?}");

    // Back to the lobby; the crashing agent ends its game at its first turn.
    t.send(b"q").await;
    play_agent(&t, "crashy").await;
    let mut tries = 0;
    let end = loop {
        let text = t.text();
        if text.contains("r rematch") {
            break text;
        }
        if tries < 3 {
            if let Moved::Played(_) = random_move(&t, &mut rng, 10).await {
                tries += 1;
            }
        } else {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        if tries >= 3 {
            break t.wait_for("the end", 20, |s| s.contains("r rematch")).await;
        }
    };
    assert!(end.contains("You won"), "{end}");
    assert!(
        end.contains("bot-crashy forfeits (the program ended"),
        "the reason is shown:\n{end}"
    );
}

/// The host's cap on an agent's games at once, at lobby level.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agent_plays_at_most_max_games_at_once() {
    use common::lobby_client::join;
    use stratego_ssh::game::SessionEvent;
    use stratego_ssh::lobby::{self, LobbyConfig};
    use stratego_ssh::proto::{GameCmd, LobbyCmd};
    let scripts = common::tempdir::Dir::new("agent-cap");
    let quiet = script(
        &scripts.0,
        "quiet.sh",
        &format!("read colour rest\n{SETUP}\nexec cat >/dev/null\n"),
    );
    let config = LobbyConfig {
        agents: vec![agent("quiet", quiet)],
        ..LobbyConfig::default()
    };
    let lobby = lobby::spawn(config, stratego_ssh::store::Store::temporary().unwrap());
    let mut alice = join(&lobby, "alice").await;
    let mut bob = join(&lobby, "bob").await;
    let play = || LobbyCmd::PlayAgent {
        name: "quiet".into(),
        clock: None,
    };
    lobby.command(alice.session, play());
    let (seat, _) = alice.next_seat().await;
    lobby.command(bob.session, play());
    let n = bob.next_notice().await;
    assert!(
        n.contains("bot-quiet is already playing as many games as this server runs at once (1)"),
        "{n}"
    );
    // Once alice's game is over, bob gets his.
    seat.send(GameCmd::Abort).await;
    let mut seated = false;
    for _ in 0..50 {
        lobby.command(bob.session, play());
        match bob.next_event().await {
            SessionEvent::EnterGame(s) => {
                assert_eq!(
                    s.snapshots.borrow().terms.rules,
                    stratego_ssh::rules::Rules::ucc2012()
                );
                seated = true;
                break;
            }
            _ => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    assert!(seated);
    // A name the host did not configure.
    lobby.command(
        alice.session,
        LobbyCmd::PlayAgent {
            name: "nobody".into(),
            clock: None,
        },
    );
    let n = alice.notice_containing("no program").await;
    assert!(n.contains("no program called nobody"), "{n}");
}
