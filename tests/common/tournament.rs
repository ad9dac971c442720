//! Tournaments made as an admin makes them, for the tests that need one.

use stratego_ssh::lobby::{LobbyHandle, TournamentOrder};
use stratego_ssh::proto::{EntryRule, GameTerms, TournamentTerms};
use stratego_ssh::rules::{Rules, Variant};
use stratego_ssh::tournament::Format;

/// Casual Classic with no clock, open to anyone, starting in an hour.
pub fn terms(name: &str, format: Format) -> TournamentTerms {
    TournamentTerms {
        name: name.into(),
        format,
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
    }
}

/// Creates the tournament as the admin "admin" does; its number.
pub async fn create(lobby: &LobbyHandle, t: TournamentTerms) -> u64 {
    let line = lobby
        .tournament(TournamentOrder::Create {
            terms: t,
            by: "admin".into(),
        })
        .await
        .expect("created");
    line.trim_start_matches("tournament #")
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number in {line:?}"))
}
