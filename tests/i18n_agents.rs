//! A host's agent (another program) that faults forfeits with a reason in the player's
//! language: a German or Dutch player reads none of the English the fault used to be told
//! in. The agents are tiny shell scripts (and one program that is not there).

mod common;

use std::time::Duration;

use common::lobby_client::join;
use common::script;
use stratego_ssh::game::SessionEvent;
use stratego_ssh::i18n::Lang;
use stratego_ssh::lobby::{self, LobbyConfig};
use stratego_ssh::proto::{GameCmd, LobbyCmd, Notice};
use stratego_ssh::rules::Setup;
use stratego_ssh::ucc::external::{AgentCommand, AgentSpec};

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

/// alice plays the agent `name`; the notice that tells her it forfeits.
async fn forfeit_of(lobby: &lobby::LobbyHandle, nick: &str, name: &str) -> Notice {
    let mut alice = join(lobby, nick).await;
    lobby.command(
        alice.session,
        LobbyCmd::PlayAgent {
            name: name.into(),
            clock: None,
        },
    );
    // A program that cannot start may forfeit before alice is seated: the notice can come
    // before the seat, so both are taken in whatever order they come. (The seat is kept
    // until the end: alice stays at the table.)
    let mut _seat = None;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let ev = tokio::time::timeout_at(deadline, alice.events.recv())
            .await
            .unwrap_or_else(|_| panic!("{name}: no forfeit in time"))
            .expect("the lobby is there");
        match ev {
            SessionEvent::Notice(n) if n.text(Lang::En).contains("forfeits") => return n,
            SessionEvent::EnterGame(s) => {
                let me = s.color.unwrap();
                let rules = s.snapshots.borrow().terms.rules;
                s.send(GameCmd::SubmitSetup(Setup::random(&rules, me, 3)))
                    .await;
                _seat = Some(s);
            }
            _ => {}
        }
    }
}

/// The text of `s` up to the parenthesis that closes the one before it.
fn in_parentheses(s: &str) -> String {
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return s[..i].to_string(),
            ')' => depth -= 1,
            _ => {}
        }
    }
    s.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agents_forfeit_is_told_in_the_players_language() {
    let dir = common::tempdir::Dir::new("i18n-agents");
    let ender = script(&dir.0, "ender.sh", "read colour rest\nexit 3\n");
    let garbage = script(
        &dir.0,
        "garbage.sh",
        "read colour rest\nfor i in 1 2 3 4; do echo nonsense; done\nsleep 5\n",
    );
    let missing = dir.0.join("not-there").display().to_string();
    let config = LobbyConfig {
        agents: vec![
            agent("ender", ender),
            agent("garbage", garbage),
            agent("missing", missing),
        ],
        bot_delay: Duration::ZERO,
        ..LobbyConfig::default()
    };
    let lobby = lobby::spawn(config, stratego_ssh::store::Store::temporary().unwrap());
    for (nick, name) in [("ann", "ender"), ("ben", "garbage"), ("cat", "missing")] {
        let n = forfeit_of(&lobby, nick, name).await;
        let en = n.text(Lang::En);
        // The reason: what the English says in its parentheses.
        let why = en
            .split_once("forfeits (")
            .map(|(_, w)| in_parentheses(w))
            .unwrap_or_else(|| panic!("{en}"));
        assert!(why.len() > 8, "{name}: {en}");
        for lang in [Lang::De, Lang::Nl] {
            let t = n.text(lang);
            assert!(t.contains(&format!("bot-{name}")), "{lang:?}: {t}");
            assert!(
                !t.contains(&why),
                "{name} ({lang:?}): the English {why:?} in {t:?}"
            );
        }
    }
}
