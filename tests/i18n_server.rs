//! What the server says, in the player's language (issue 37): the lobby's and the games'
//! notices are data (`proto::Notice`), the same for every session, and each screen draws
//! them in its player's language through the ui's `Msg::Notice` path. English stays what
//! it was; the exec commands' `--lang` is in tests/openssh.rs.

mod common;
mod ui_support;

use std::sync::Arc;
use std::time::Duration;

use common::lobby_client::{join, Client};
use stratego_ssh::game::SessionEvent;
use stratego_ssh::i18n::Lang;
use stratego_ssh::lobby::{self, LobbyConfig, LobbyHandle};
use stratego_ssh::proto::{ClockSpec, GameTerms, LobbyCmd, LobbySnapshot, Notice};
use stratego_ssh::rules::{Rules, Variant};
use stratego_ssh::store::Store;
use stratego_ssh::ui::{App, Msg, Settings};
use ui_support::*;

/// The next notice the lobby sends this session, as the session receives it.
async fn next_notice(c: &mut Client) -> Notice {
    loop {
        let ev = tokio::time::timeout(Duration::from_secs(5), c.events.recv())
            .await
            .expect("a notice in time")
            .expect("the lobby is there");
        if let SessionEvent::Notice(n) = ev {
            return n;
        }
    }
}

/// A lobby screen of `nick` in `lang`, 100x30.
fn screen(nick: &str, lang: Lang) -> App {
    let mut a = App::new(me(nick), Settings { lang, ..settings() }, 100, 30, 1);
    a.update(Msg::Lobby(Arc::new(LobbySnapshot::default())));
    a
}

/// `notice` drawn on `nick`'s lobby screen in each language: the screens' text.
fn drawn(nick: &str, notice: &Notice) -> [String; 3] {
    [Lang::En, Lang::De, Lang::Nl].map(|lang| {
        let mut a = screen(nick, lang);
        a.update(Msg::Notice(notice.clone()));
        text(&draw(&a, 100, 30))
    })
}

/// alice challenges bob to a rated Classic game at 5+3; bob's notice.
async fn challenge(lobby: &LobbyHandle) -> Notice {
    let (alice, mut bob) = (join(lobby, "alice").await, join(lobby, "bob").await);
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: GameTerms {
                rules: Rules::standard(Variant::Classic),
                rated: true,
                clock: Some(ClockSpec {
                    initial_secs: 300,
                    increment_secs: 3,
                }),
                days: None,
                budget: None,
            },
            private_to: Some("bob".into()),
            private: false,
        },
    );
    next_notice(&mut bob).await
}

#[tokio::test]
async fn a_challenge_received_is_drawn_in_the_players_language() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let notice = challenge(&lobby).await;
    // The same value for every session; English as it always was.
    assert_eq!(
        notice.to_string(),
        "alice challenges you: Classic rated 5+3 — see Open seeks"
    );
    let [en, de, nl] = drawn("bob", &notice);
    assert!(
        en.contains("alice challenges you: Classic rated 5+3 — see Open seeks"),
        "{en}"
    );
    assert!(
        de.contains("alice fordert dich heraus: Klassisch, gewertet, 5+3 — siehe Offene Angebote"),
        "{de}"
    );
    assert!(!de.contains("challenges you"), "{de}");
    assert!(
        nl.contains("alice daagt je uit: Klassiek, om rating, 5+3 — zie Open uitnodigingen"),
        "{nl}"
    );
    assert!(!nl.contains("challenges you"), "{nl}");
}

#[tokio::test]
async fn refusals_are_drawn_in_the_players_language() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let mut carol = join(&lobby, "carol").await;

    // Watching a game that is not there.
    lobby.command(carol.session, LobbyCmd::Spectate(42));
    let gone = next_notice(&mut carol).await;
    let [en, de, nl] = drawn("carol", &gone);
    assert!(en.contains("that game has ended"), "{en}");
    assert!(de.contains("diese Partie ist zu Ende"), "{de}");
    assert!(nl.contains("die partij is afgelopen"), "{nl}");

    // Challenging oneself (the lobby refuses it too, whatever the screen let through).
    lobby.command(
        carol.session,
        LobbyCmd::Seek {
            terms: GameTerms {
                rules: Rules::standard(Variant::Classic),
                rated: false,
                clock: None,
                days: None,
                budget: None,
            },
            private_to: Some("Carol".into()),
            private: false,
        },
    );
    let yourself = next_notice(&mut carol).await;
    let [en, de, nl] = drawn("carol", &yourself);
    assert!(en.contains("you cannot challenge yourself"), "{en}");
    assert!(
        de.contains("du kannst dich nicht selbst herausfordern"),
        "{de}"
    );
    assert!(nl.contains("je kunt jezelf niet uitdagen"), "{nl}");

    // Joining a tournament that is not there: the tournament's refusal.
    lobby.command(carol.session, LobbyCmd::JoinTournament(7));
    let none = next_notice(&mut carol).await;
    let [en, de, nl] = drawn("carol", &none);
    assert!(en.contains("no tournament #7"), "{en}");
    assert!(de.contains("kein Turnier #7"), "{de}");
    assert!(nl.contains("geen toernooi #7"), "{nl}");
}

#[tokio::test]
async fn a_broadcast_keeps_the_admins_words_under_a_translated_prefix() {
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let mut dave = join(&lobby, "dave").await;
    lobby.broadcast("restart at 18:00".into());
    let n = next_notice(&mut dave).await;
    assert_eq!(n.to_string(), "Server: restart at 18:00");
    for (lang, want) in [
        (Lang::De, "Server: restart at 18:00"),
        (Lang::Nl, "Server: restart at 18:00"),
    ] {
        assert_eq!(n.text(lang), want);
    }
}

/// Plurals follow each language where English wrote one form for all.
#[test]
fn counted_refusals_take_each_languages_plural() {
    let one = Notice::new("refusal-own-games").arg("games", 1u32);
    let two = Notice::new("refusal-own-games").arg("games", 2u32);
    assert!(one
        .to_string()
        .starts_with("You already have a game in progress"));
    assert!(two
        .to_string()
        .starts_with("You already have 2 games in progress"));
    assert!(one
        .text(Lang::De)
        .starts_with("Du hast schon eine laufende Partie"));
    assert!(two
        .text(Lang::De)
        .starts_with("Du hast schon 2 laufende Partien"));
    assert!(one
        .text(Lang::Nl)
        .starts_with("Je hebt al een lopende partij"));
    assert!(two
        .text(Lang::Nl)
        .starts_with("Je hebt al 2 lopende partijen"));
}

/// A move the game refuses (sent past the screens, which check moves first): the refusal
/// and its reason in the player's language, none of the rules' English in German or Dutch.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_illegal_moves_reason_is_in_the_players_language() {
    use stratego_ssh::proto::{GameCmd, GamePhase};
    use stratego_ssh::rules::{Color, IllegalReason, Move, Setup, Square};
    let lobby = lobby::spawn(LobbyConfig::default(), Store::temporary().unwrap());
    let (mut alice, mut bob) = (join(&lobby, "alice").await, join(&lobby, "bob").await);
    let rules = Rules::standard(Variant::Classic);
    lobby.command(
        alice.session,
        LobbyCmd::Seek {
            terms: GameTerms {
                rules,
                rated: false,
                clock: None,
                days: None,
                budget: None,
            },
            private_to: None,
            private: false,
        },
    );
    while lobby.snapshot().seeks.is_empty() {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let id = lobby.snapshot().seeks[0].id;
    lobby.command(bob.session, LobbyCmd::Accept(id));
    let (a, _) = alice.next_seat().await;
    let (b, _) = bob.next_seat().await;
    for (seat, seed) in [(&a, 1), (&b, 2)] {
        let c = seat.color.unwrap();
        seat.send(GameCmd::SubmitSetup(Setup::random(&rules, c, seed)))
            .await;
    }
    let (red, mut red_client) = if a.color == Some(Color::Red) {
        (a, alice)
    } else {
        (b, bob)
    };
    let mut snaps = red.snapshots.clone();
    while snaps.borrow().phase != GamePhase::Playing {
        tokio::time::timeout(Duration::from_secs(10), snaps.changed())
            .await
            .expect("the game starts")
            .unwrap();
    }
    // A diagonal step of the Red piece on A4 (a Bomb or the Flag never moves).
    let (from, to) = (Square::new(0, 3).unwrap(), Square::new(1, 4).unwrap());
    let rank = snaps
        .borrow()
        .view
        .as_ref()
        .unwrap()
        .piece_at(from)
        .unwrap()
        .rank;
    let reason = match rank {
        Some(r) if !r.is_movable() => IllegalReason::NeverMoves(r),
        _ => IllegalReason::Diagonal,
    };
    // The rules' own sentence: English.
    let why = reason.to_string().to_lowercase();
    red.send(GameCmd::Move(Move::new(from, to))).await;
    let refused = loop {
        let n = next_notice(&mut red_client).await;
        if n.id() == "refusal-illegal-move" {
            break n;
        }
    };
    let en = refused.text(Lang::En);
    assert!(en.to_lowercase().contains(&why), "{en}");
    for (lang, head) in [(Lang::De, "unzulässiger Zug"), (Lang::Nl, "ongeldige zet")] {
        let t = refused.text(lang);
        assert!(t.starts_with(head) && t.contains("A4 B5"), "{lang:?}: {t}");
        assert!(
            !t.to_lowercase().contains(&why),
            "{lang:?}: the rules' English {why:?} in {t:?}"
        );
    }
}
