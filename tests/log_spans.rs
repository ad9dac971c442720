//! The JSON log follows a game as one story: every event of a game's task carries the
//! game's span (`"spans":[{"name":"game","game":ID}]`), so `jq 'select(.spans[]?.game==7)'`
//! (or a grep) gives the whole game. A tournament's orders run in its span too.

mod common;

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::lobby_client::{join, until};

use stratego_ssh::lobby::{self, LobbyConfig};
use stratego_ssh::proto::{
    EntryRule, Format, GameCmd, GamePhase, GameTerms, LobbyCmd, TournamentOrder, TournamentTerms,
};
use stratego_ssh::rules::{Rules, Setup, Variant};
use stratego_ssh::store::Store;

/// Where the log goes: lines kept in memory.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_event_of_a_games_task_carries_the_game_span() {
    let log = Captured::default();
    let writer = log.clone();
    // The server's JSON format (`log_format = "json"`: span list and current span on).
    tracing_subscriber::fmt()
        .json()
        .with_max_level(tracing::Level::DEBUG)
        .with_writer(move || writer.clone())
        .init();

    let dir = common::tempdir::Dir::new("log-spans");
    let lobby = lobby::spawn(LobbyConfig::default(), Store::open(&dir.0).unwrap());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: GameTerms {
                rules: Rules::standard(Variant::Classic),
                rated: false,
                clock: None,
                days: None,
                budget: None,
            },
            private_to: None,
            private: false,
        },
    );
    while !lobby.snapshot().seeks.iter().any(|s| s.id == 1) {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    lobby.command(bob.session, LobbyCmd::Accept(1));
    let (a, _) = alice.next_seat().await;
    let (mut b, _) = bob.next_seat().await;
    let id = a.game;
    let rules = Rules::standard(Variant::Classic);
    for (seat, seed) in [(&a, 7), (&b, 8)] {
        let c = seat.color.unwrap();
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
            .await;
    }
    until(&mut b, "play", |s| s.phase == GamePhase::Playing).await;
    a.send(GameCmd::Chat("good luck".into())).await;
    a.send(GameCmd::Resign).await;
    until(&mut b, "the end", |s| s.phase == GamePhase::Over).await;
    drop((a, b));
    // A tournament created and cancelled: the cancelling runs in its span.
    let created = lobby
        .tournament(TournamentOrder::Create {
            terms: TournamentTerms {
                name: "Spans".into(),
                format: Format::Arena { minutes: 10 },
                game: GameTerms {
                    rules: Rules::standard(Variant::Classic),
                    rated: false,
                    clock: None,
                    days: None,
                    budget: None,
                },
                starts_at: stratego_ssh::store::now() + 3600,
                entry: EntryRule::Anyone,
                min_rated_games: 0,
            },
            by: "admin".into(),
        })
        .await
        .unwrap();
    // "tournament #ID "Spans" created"
    let tid: u64 = created
        .trim_start_matches("tournament #")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    lobby
        .tournament(TournamentOrder::Cancel { id: tid, by: None })
        .await
        .unwrap();
    lobby.shutdown().await;

    let text = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
    let events: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let of_game_task: Vec<&serde_json::Value> = events
        .iter()
        .filter(|e| e["target"] == "stratego_ssh::game")
        .collect();
    let messages: Vec<&str> = of_game_task
        .iter()
        .filter_map(|e| e["fields"]["message"].as_str())
        .collect();
    for needed in ["game started", "both set-ups in: play starts", "game over"] {
        assert!(
            messages.contains(&needed),
            "{needed:?} not in {messages:?}\n{text}"
        );
    }
    for e in &of_game_task {
        let spans = e["spans"].as_array().map(Vec::as_slice).unwrap_or_default();
        assert!(
            spans
                .iter()
                .any(|s| s["name"] == "game" && s["game"] == serde_json::json!(id)),
            "an event of game {id}'s task without its span: {e}"
        );
    }
    let cancelled = events
        .iter()
        .find(|e| e["fields"]["message"] == "tournament cancelled")
        .unwrap_or_else(|| panic!("no 'tournament cancelled' in\n{text}"));
    assert!(
        cancelled["spans"].as_array().is_some_and(|l| l
            .iter()
            .any(|s| s["name"] == "tournament" && s["tournament"] == serde_json::json!(tid))),
        "{cancelled}"
    );
    if let Ok(path) = std::env::var("STRATEGO_LOG_EXCERPT") {
        std::fs::write(path, &text).unwrap();
    }
}
