//! Lobby screen, dialogs, small and huge terminals.

mod ui_support;

use std::sync::Arc;

use stratego_ssh::proto::{
    BotLevel, ChatLine, ClockSpec, GameSummary, GameTerms, LobbyCmd, LobbySnapshot, PlayerInfo,
    PlayerStatus, Seek,
};
use stratego_ssh::rules::{Numbering, Options, Rules, Variant};
use stratego_ssh::ui::input::KeyCode;
use stratego_ssh::ui::{Address, App, Effect, Identity, Msg};
use ui_support::*;

fn lobby() -> LobbySnapshot {
    let p = |nick: &str, guest, bot, rating, status| PlayerInfo {
        nick: nick.into(),
        guest,
        bot,
        rating,
        status,
    };
    LobbySnapshot {
        players: vec![
            p("alice", false, false, Some(1620), PlayerStatus::Seeking),
            p("bob", false, false, Some(1480), PlayerStatus::Idle),
            p("gus", true, false, None, PlayerStatus::Watching(3)),
            p("botty", false, true, None, PlayerStatus::Playing(3)),
        ],
        seeks: vec![
            Seek {
                id: 11,
                owner: "alice".into(),
                terms: GameTerms {
                    rules: Rules::standard(Variant::Barrage),
                    rated: true,
                    clock: Some(ClockSpec {
                        initial_secs: 600,
                        increment_secs: 5,
                    }),
                    days: None,
                    budget: None,
                },
                private_to: None,
                private: false,
            },
            Seek {
                id: 12,
                owner: "bob".into(),
                terms: terms(Variant::Duel),
                private_to: None,
                private: false,
            },
        ],
        games: vec![
            GameSummary {
                id: 3,
                red: "dave".into(),
                blue: "botty".into(),
                terms: terms(Variant::Classic),
                ply: 12,
                spectators: 2,
                private: false,
                turn: None,
            },
            GameSummary {
                id: 4,
                red: "eve".into(),
                blue: "fay".into(),
                terms: terms(Variant::Classic),
                ply: 0,
                spectators: 0,
                private: true,
                turn: None,
            },
        ],
        chat: vec![ChatLine {
            from: "alice".into(),
            text: "anyone for barrage?".into(),
        }],
        agents: vec![],
        tournaments: vec![],
    }
}

fn lobby_app(nick: &str) -> App {
    let mut a = app(nick, 100, 30);
    a.update(Msg::Lobby(Arc::new(lobby())));
    a
}

#[test]
fn too_small_screen_asks_for_a_larger_window() {
    let a = app("bob", 60, 20);
    let t = text(&draw(&a, 60, 20));
    assert!(t.contains("make the window larger"), "{t}");
    assert!(t.contains("now 60x20, need 80x24"), "{t}");
    // Resizing to enough shows the lobby.
    let mut a = a;
    a.update(Msg::Resize {
        width: 80,
        height: 24,
    });
    let t = text(&draw(&a, 80, 24));
    assert!(t.contains("Players"), "{t}");
}

#[test]
fn huge_terminal_is_fine() {
    let mut a = app("bob", 500, 200);
    a.update(Msg::Lobby(Arc::new(lobby())));
    let t = text(&draw(&a, 500, 200));
    assert!(t.contains("alice") && t.contains("Open seeks"));
}

#[test]
fn lobby_shows_players_seeks_games_and_chat() {
    let a = lobby_app("bob");
    let t = text(&draw(&a, 100, 30));
    for s in [
        "alice",
        "1620",
        "guest",
        "bot",
        "seeking", // players
        "Barrage",
        "10+5",
        "rated",
        "2sq:3 chase",
        "(you)", // seeks
        "dave",
        "botty",
        "(private)",                  // games
        "alice: anyone for barrage?", // chat
    ] {
        assert!(t.contains(s), "missing {s:?}\n{t}");
    }
    // The footer names the main keys.
    let ls = lines(&draw(&a, 100, 30));
    let last = ls[ls.len() - 2..].join("\n");
    assert!(
        last.contains("n new seek") && last.contains("q quit"),
        "{last}"
    );
}

#[test]
fn lobby_fits_80x24() {
    let mut a = app("bob", 80, 24);
    a.update(Msg::Lobby(Arc::new(lobby())));
    let t = text(&draw(&a, 80, 24));
    assert!(t.contains("alice") && t.contains("dave") && t.contains("anyone for"));
}

#[test]
fn enter_on_seek_accepts_and_on_game_watches() {
    let mut a = lobby_app("bob");
    // The seeks list has focus, its first row (the computer) selected: Down chooses the
    // first seek, Enter accepts it.
    a.update(code(KeyCode::Down));
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(fx, vec![Effect::Lobby(LobbyCmd::Accept(11))]);
    // Own seek: Enter explains, x cancels it.
    a.update(code(KeyCode::Down));
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    assert!(text(&draw(&a, 100, 30)).contains("your own seek"));
    assert_eq!(
        a.update(key('x')),
        vec![Effect::Lobby(LobbyCmd::CancelSeek(12))]
    );
    // Tab to the games.
    a.update(code(KeyCode::Tab));
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(fx, vec![Effect::Lobby(LobbyCmd::Spectate(3))]);
    // The private game cannot be watched.
    a.update(code(KeyCode::Down));
    assert!(a.update(code(KeyCode::Enter)).is_empty());
}

#[test]
fn selection_follows_the_seek_not_the_row() {
    let mut a = lobby_app("carol");
    a.update(code(KeyCode::Down));
    a.update(code(KeyCode::Down)); // bob's seek, id 12 (under the computer's row and alice's)
    let mut l = lobby();
    l.seeks.remove(0); // the list shifts under the cursor
    a.update(Msg::Lobby(Arc::new(l.clone())));
    assert_eq!(
        a.update(code(KeyCode::Enter)),
        vec![Effect::Lobby(LobbyCmd::Accept(12))]
    );
    // A seek that vanished is not replaced by its neighbour.
    l.seeks.clear();
    a.update(Msg::Lobby(Arc::new(l)));
    assert!(a.update(code(KeyCode::Enter)).is_empty());
}

#[test]
fn new_seek_dialog_posts_the_chosen_terms() {
    let mut a = lobby_app("bob");
    a.update(key('n'));
    let t = text(&draw(&a, 100, 30));
    assert!(
        t.contains("New seek") && t.contains("Two-square limit"),
        "{t}"
    );
    a.update(code(KeyCode::Right)); // variant: Duel
    a.update(code(KeyCode::Down));
    a.update(code(KeyCode::Right)); // two-square 3 -> 5
    a.update(code(KeyCode::Down));
    a.update(key(' ')); // more-squares off
    a.update(code(KeyCode::Down));
    a.update(key(' ')); // aggressor advantage on
    a.update(code(KeyCode::Down));
    a.update(key(' ')); // silent defense on
    a.update(code(KeyCode::Down));
    a.update(key(' ')); // rescue on
    a.update(code(KeyCode::Down));
    a.update(key(' ')); // duel rows 4
    a.update(code(KeyCode::Down));
    a.update(key(' ')); // immobility immediate
    a.update(code(KeyCode::Down));
    a.update(key(' ')); // casual
    a.update(code(KeyCode::Down));
    a.update(code(KeyCode::Left)); // clock 10+5 -> 3+2
    let fx = a.update(code(KeyCode::Enter));
    let expected = Options {
        two_square_limit: 5,
        more_squares: false,
        aggressor_advantage: true,
        silent_defense: true,
        rescue: true,
        duel_setup_rows: 4,
        immobility: stratego_ssh::rules::Immobility::Immediate,
        ..Options::default()
    };
    assert_eq!(
        fx,
        vec![Effect::Lobby(LobbyCmd::Seek {
            terms: GameTerms {
                rules: Rules::new(Variant::Duel, expected),
                rated: false,
                clock: Some(ClockSpec {
                    initial_secs: 180,
                    increment_secs: 2
                }),
                days: None,
                budget: None,
            },
            private_to: None,
            private: false,
        })]
    );
    // The dialog is closed.
    assert!(!text(&draw(&a, 100, 30)).contains("Two-square limit"));
}

#[test]
fn default_seek_is_rated_classic_10_5() {
    let mut a = lobby_app("bob");
    a.update(key('n'));
    let fx = a.update(code(KeyCode::Enter));
    let Effect::Lobby(LobbyCmd::Seek {
        terms, private_to, ..
    }) = &fx[0]
    else {
        panic!("{fx:?}")
    };
    assert_eq!(terms.rules, Rules::standard(Variant::Classic));
    assert!(terms.rated);
    assert_eq!(terms.clock.unwrap().to_string(), "10+5");
    assert_eq!(*private_to, None);
}

#[test]
fn guests_post_casual_seeks_only() {
    let mut a = App::new(
        Identity {
            nick: "guest42".into(),
            guest: true,
            admin: false,
            ..Default::default()
        },
        settings(),
        100,
        30,
        1,
    );
    a.update(code(KeyCode::Esc)); // the guest's welcome card
    a.update(key('n'));
    for _ in 0..8 {
        a.update(code(KeyCode::Down));
    }
    a.update(key(' ')); // try to make it rated
    assert!(text(&draw(&a, 100, 30)).contains("Guests play casual"));
    let fx = a.update(code(KeyCode::Enter));
    let Effect::Lobby(LobbyCmd::Seek { terms, .. }) = &fx[0] else {
        panic!("{fx:?}")
    };
    assert!(!terms.rated);
}

#[test]
fn custom_clock_and_private_seek() {
    let mut a = lobby_app("bob");
    a.update(key('n'));
    for _ in 0..9 {
        a.update(code(KeyCode::Down));
    }
    a.update(code(KeyCode::Right)); // clock: custom
    a.update(code(KeyCode::Down));
    type_text(&mut a, "15+10");
    a.update(code(KeyCode::Down));
    type_text(&mut a, "alice");
    let fx = a.update(code(KeyCode::Enter));
    let Effect::Lobby(LobbyCmd::Seek {
        terms, private_to, ..
    }) = &fx[0]
    else {
        panic!("{fx:?}")
    };
    assert_eq!(terms.clock.unwrap().to_string(), "15+10");
    assert_eq!(private_to.as_deref(), Some("alice"));
}

/// A challenge is public unless made private (its last row); private, it is casual: the
/// Rated row says so and refuses to be rated (ratings are public). An open seek has no such
/// row.
#[test]
fn a_challenge_made_private_is_casual() {
    let mut a = lobby_app("bob");
    a.update(key('n'));
    assert!(!text(&draw(&a, 100, 30)).contains("Private"));
    a.update(code(KeyCode::Esc));
    a.update(code(KeyCode::Left)); // players
    a.update(code(KeyCode::Home)); // alice
    a.update(key('c'));
    let form = text(&draw(&a, 100, 30));
    assert!(form.contains("< no: listed like any game >"), "{form}");
    a.update(code(KeyCode::Up)); // the last row: Private
    a.update(code(KeyCode::Right));
    let form = text(&draw(&a, 100, 30));
    assert!(
        form.contains("< yes: only the two of you know of the game >")
            && form.contains("< casual (private games are) >"),
        "{form}"
    );
    for _ in 0..3 {
        a.update(code(KeyCode::Up)); // Only for, Clock, Rated
    }
    a.update(key(' '));
    assert!(text(&draw(&a, 100, 30)).contains("A private game is casual"));
    let fx = a.update(code(KeyCode::Enter));
    let [Effect::Lobby(LobbyCmd::Seek {
        terms,
        private_to,
        private,
    })] = &fx[..]
    else {
        panic!("{fx:?}")
    };
    assert_eq!((private_to.as_deref(), *private), (Some("alice"), true));
    assert!(!terms.rated);
}

/// A player's private game (sent to them alone, not in the shared lobby) is in their
/// games list, and they are shown playing it.
#[test]
fn ones_own_private_game_is_listed() {
    let mut a = lobby_app("bob");
    let before = text(&draw(&a, 100, 30));
    assert!(!before.contains("carla"), "{before}");
    a.update(Msg::PrivateGames(vec![game(9, "carla", "bob", true)]));
    let t = text(&draw(&a, 100, 30));
    assert!(
        t.lines()
            .any(|l| l.contains("carla") && l.contains("bob") && l.contains("(private)")),
        "{t}"
    );
    assert!(
        t.lines()
            .any(|l| l.contains("bob") && l.contains("playing")),
        "{t}"
    );
}

#[test]
fn bad_custom_clock_is_explained() {
    let mut a = lobby_app("bob");
    a.update(key('n'));
    for _ in 0..9 {
        a.update(code(KeyCode::Down));
    }
    a.update(code(KeyCode::Right));
    a.update(code(KeyCode::Down));
    type_text(&mut a, "soon");
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    assert!(text(&draw(&a, 100, 30)).contains("not a clock"));
}

#[test]
fn challenge_selected_player() {
    let mut a = lobby_app("bob");
    a.update(code(KeyCode::Left)); // players list
    a.update(code(KeyCode::Up)); // alice
    a.update(key('c'));
    let t = text(&draw(&a, 100, 30));
    assert!(t.contains("Challenge") && t.contains("alice"), "{t}");
    let fx = a.update(code(KeyCode::Enter));
    let Effect::Lobby(LobbyCmd::Seek { private_to, .. }) = &fx[0] else {
        panic!("{fx:?}")
    };
    assert_eq!(private_to.as_deref(), Some("alice"));
}

#[test]
fn play_the_computer() {
    let mut a = lobby_app("bob");
    a.update(key('b'));
    assert!(text(&draw(&a, 100, 30)).contains("Computer level"));
    a.update(code(KeyCode::Right)); // easy -> hard
    a.update(code(KeyCode::Down));
    a.update(code(KeyCode::Right)); // Duel
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(
        fx,
        vec![Effect::Lobby(LobbyCmd::PlayBot {
            level: BotLevel::Hard,
            rules: Rules::standard(Variant::Duel),
            // No clock unless chosen, as Enter plays the computer (issue 34).
            clock: None,
        })]
    );
}

#[test]
fn chat_in_the_lobby() {
    let mut a = lobby_app("bob");
    a.update(key('t'));
    // While typing, q and ? are text.
    let fx = type_text(&mut a, "hi? q");
    assert!(fx.is_empty());
    assert!(text(&draw(&a, 100, 30)).contains("say: hi? q"));
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(fx, vec![Effect::Lobby(LobbyCmd::Chat("hi? q".into()))]);
}

#[test]
fn notice_banner_shows_and_is_dismissed() {
    let mut a = lobby_app("bob");
    a.update(Msg::Notice("challenge from alice".into()));
    assert!(text(&draw(&a, 100, 30)).contains("challenge from alice"));
    assert!(a.update(code(KeyCode::Esc)).is_empty());
    assert!(!text(&draw(&a, 100, 30)).contains("challenge from alice"));
}

#[test]
fn settings_and_quit() {
    let mut a = lobby_app("bob");
    a.update(key('s'));
    assert!(text(&draw(&a, 100, 30)).contains("Piece numbering"));
    let fx = a.update(code(KeyCode::Enter));
    assert_eq!(a.settings().numbering, Numbering::Classic);
    assert_eq!(fx, vec![Effect::SettingsChanged(a.settings().clone())]);
    a.update(code(KeyCode::Down));
    let fx = a.update(code(KeyCode::Enter));
    assert!(a.settings().ascii);
    assert_eq!(fx.len(), 1);
    a.update(code(KeyCode::Esc));
    a.update(key('q'));
    assert!(text(&draw(&a, 100, 30)).contains("Quit stratego-ssh?"));
    assert!(a.update(key('n')).is_empty());
    a.update(key('q'));
    assert_eq!(a.update(key('y')), vec![Effect::Quit]);
}

#[test]
fn help_lists_the_lobby_keys() {
    let mut a = lobby_app("bob");
    a.update(key('?'));
    let t = text(&draw(&a, 100, 30));
    assert!(
        t.contains("Lobby keys") && t.contains("play the computer"),
        "{t}"
    );
    a.update(key('x')); // any key closes help without acting
    assert!(!text(&draw(&a, 100, 30)).contains("Lobby keys"));
}

/// Issue 43: the help lists `T` (the tournaments) whether or not any is listed now.
#[test]
fn help_lists_t_with_no_tournament_listed() {
    let mut a = lobby_app("bob");
    a.update(key('?'));
    let t = text(&draw(&a, 120, 40));
    let said = stratego_ssh::i18n::tr(stratego_ssh::i18n::Lang::En, "lobby-help-tournaments");
    assert!(
        t.lines()
            .any(|l| l.contains(" T ") && l.contains(&said[..said.len().min(20)])),
        "{t}"
    );
}

#[test]
fn mouse_selects_then_accepts_a_seek() {
    let mut a = lobby_app("bob");
    let buf = draw(&a, 100, 30);
    let ls = lines(&buf);
    let (row, line) = ls
        .iter()
        .enumerate()
        .find(|(_, l)| l.contains("alice") && l.contains("Barrage"))
        .expect("seek row");
    let col = line.find("Barrage").unwrap() as u16; // byte index ok: ASCII before it? use chars
    let col = line[..col as usize].chars().count() as u16;
    assert!(a.update(click(col, row as u16)).is_empty());
    assert_eq!(
        a.update(click(col, row as u16)),
        vec![Effect::Lobby(LobbyCmd::Accept(11))]
    );
}

#[test]
fn a_vanished_selection_is_not_replaced() {
    let mut a = lobby_app("carol");
    // The first seek, chosen: Enter accepts it.
    a.update(code(KeyCode::Down));
    assert_eq!(
        a.update(code(KeyCode::Enter)),
        vec![Effect::Lobby(LobbyCmd::Accept(11))]
    );
    let mut l = lobby();
    l.seeks.remove(0);
    a.update(Msg::Lobby(Arc::new(l.clone())));
    // Seek 11 is gone: Enter accepts no other seek, it says so.
    a.update(Msg::Lobby(Arc::new(l)));
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    assert!(text(&draw(&a, 100, 30)).contains("The seek you chose is gone"));
    a.update(code(KeyCode::Esc));
    // Then the first row is selected again, and the screen says what Enter does.
    assert!(text(&draw(&a, 100, 30)).contains("Enter play the computer"));
    a.update(code(KeyCode::Down));
    assert_eq!(
        a.update(code(KeyCode::Enter)),
        vec![Effect::Lobby(LobbyCmd::Accept(12))]
    );
}

/// The sizes every layout is checked at.
const SIZES: [(u16, u16); 4] = [(80, 24), (100, 30), (120, 40), (160, 50)];

fn first_login(nick: &str, server: Option<Address>, w: u16, h: u16) -> App {
    let me = Identity {
        nick: nick.into(),
        first_login: true,
        server,
        ..Default::default()
    };
    let mut a = App::new(me, settings(), w, h, 1);
    a.update(Msg::Lobby(Arc::new(lobby())));
    a
}

fn example_org() -> Option<Address> {
    Some(Address {
        host: "example.org".into(),
        port: 2222,
    })
}

/// Issue 43: while the welcome card takes the keys (typed into the name), the footer does
/// not show the lobby's (`q quit`, `n new seek` would be typed); the card shows its own.
#[test]
fn the_welcome_cards_footer_shows_its_keys_not_the_lobbys() {
    for (w, h) in SIZES {
        let mut a = first_login("root", example_org(), w, h);
        a.update(key('q'));
        let buf = draw(&a, w, h);
        let rows = lines(&buf);
        let bottom = rows[rows.len() - 2..].join("\n");
        assert!(
            !bottom.contains("quit") && !bottom.contains("new seek"),
            "{w}x{h}: the lobby's keys under the card: {bottom:?}"
        );
        let all = text(&buf);
        assert!(
            all.contains("keep my name") || all.contains("keep this name"),
            "{w}x{h}: the card's keys:\n{all}"
        );
    }
}

#[test]
fn welcome_card_shows_the_name_and_how_keys_work_at_every_size() {
    for (w, h) in SIZES {
        let a = first_login("root", example_org(), w, h);
        let t = text(&draw(&a, w, h));
        for s in [
            "Welcome to stratego-ssh",
            "name: root_",
            "ssh-keygen -t ed25519",
            "ssh -p 2222 NAME@example.org",
            "as a guest",
            "Enter/Esc keep this name",
        ] {
            assert!(t.contains(s), "{w}x{h}: missing {s:?}\n{t}");
        }
        // Wrapped, not cut: every word of the explanation is on the screen.
        let words = "Without a key one plays as a guest: casual games, a new name each time.";
        let shown: String = t.split_whitespace().collect::<Vec<_>>().join(" ");
        let flat = shown.replace(" │ │ ", " ");
        for word in words.split(' ') {
            assert!(flat.contains(word), "{w}x{h}: {word:?} cut\n{t}");
        }
    }
    // Without the server's address: a placeholder that says what to put there.
    let a = first_login("root", None, 80, 24);
    let t = text(&draw(&a, 80, 24));
    assert!(t.contains("ssh NAME@HOST"), "{t}");
    assert!(t.contains("as in the ssh command you used now"), "{t}");
}

#[test]
fn welcome_card_keeps_the_name_or_asks_for_another() {
    let mut a = first_login("root", example_org(), 80, 24);
    // Enter with nothing typed keeps the name: no rename, the card closes.
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    assert!(!text(&draw(&a, 80, 24)).contains("Welcome to stratego-ssh"));

    let mut a = first_login("root", example_org(), 80, 24);
    // A name of the wrong form is refused on the card, with the rule.
    assert!(type_text(&mut a, "john.smith").is_empty());
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    let t = text(&draw(&a, 80, 24));
    assert!(t.contains("cannot contain '.'"), "{t}");
    for _ in 0..6 {
        a.update(code(KeyCode::Backspace));
    }
    type_text(&mut a, "_smith");
    assert_eq!(
        a.update(code(KeyCode::Enter)),
        vec![Effect::Rename("john_smith".into())]
    );
    assert!(text(&draw(&a, 80, 24)).contains("asking for john_smith"));
    // The server says no: the card says why and stays.
    a.update(Msg::Renamed(Err("john_smith is taken".into())));
    let t = text(&draw(&a, 80, 24));
    assert!(
        t.contains("john_smith is taken") && t.contains("Welcome"),
        "{t}"
    );
    a.update(code(KeyCode::Backspace));
    assert_eq!(
        a.update(code(KeyCode::Enter)),
        vec![Effect::Rename("john_smit".into())]
    );
    // Granted: the card closes and the lobby knows me by the new name.
    assert!(a.update(Msg::Renamed(Ok("john_smit".into()))).is_empty());
    let t = text(&draw(&a, 80, 24));
    assert!(!t.contains("Welcome to stratego-ssh"), "{t}");
    assert!(t.contains("you are john_smit"), "{t}");
}

#[test]
fn no_welcome_card_for_known_keys() {
    let a = lobby_app("bob");
    assert!(!text(&draw(&a, 100, 30)).contains("Welcome to stratego-ssh"));
}

/// Issue 34 (item 5): a guest is told why it is a guest, what a guest can and cannot do,
/// and how to keep a name (a key); no name to type. Enter closes the card.
#[test]
fn a_guest_gets_a_welcome_card_of_its_own() {
    for (w, h) in SIZES {
        let me = Identity {
            nick: "guest-0520".into(),
            guest: true,
            server: Some(Address {
                host: "stratego.example.org".into(),
                port: 2222,
            }),
            ..Default::default()
        };
        let mut a = App::new(me, settings(), w, h, 1);
        a.update(Msg::Lobby(Arc::new(lobby())));
        let t = text(&draw(&a, w, h));
        let said = words(&t);
        for s in [
            "Welcome to stratego-ssh",
            "without a key",
            "named guest-0520",
            "cannot play rated games",
            "ssh-keygen -t ed25519",
            "ssh -p 2222 NAME@stratego.example.org",
            "Enter/Esc start playing",
        ] {
            assert!(said.contains(s), "{w}x{h}: no {s:?}\n{t}");
        }
        assert!(!t.contains("name: "), "{w}x{h}: no name to type\n{t}");
        // Typing does nothing; Enter closes the card, and the lobby is there.
        assert!(a.update(key('x')).is_empty());
        assert!(text(&draw(&a, w, h)).contains("Welcome to stratego-ssh"));
        assert!(a.update(code(KeyCode::Enter)).is_empty());
        let t = text(&draw(&a, w, h));
        assert!(
            !t.contains("Welcome to stratego-ssh") && t.contains("Open seeks"),
            "{t}"
        );
        // The own name whole in the players list (not `guest-0…`).
        let mut l = lobby();
        l.players.push(PlayerInfo {
            nick: "guest-0520".into(),
            guest: true,
            bot: false,
            rating: None,
            status: PlayerStatus::Idle,
        });
        a.update(Msg::Lobby(Arc::new(l)));
        let t = text(&draw(&a, w, h));
        assert!(t.contains("● guest-0520"), "{w}x{h}\n{t}");
        // p: a page that says a guest has no stored profile; nothing is asked of the store.
        let fx = a.update(key('p'));
        assert!(fx.is_empty(), "{fx:?}");
        let t = text(&draw(&a, w, h));
        assert!(
            words(&t).contains("guest-0520 is a guest: a guest has no stored profile"),
            "{w}x{h}\n{t}"
        );
        assert!(!t.contains("loading"), "{w}x{h}\n{t}");
    }
}

fn game(id: u64, red: &str, blue: &str, private: bool) -> GameSummary {
    GameSummary {
        id,
        red: red.into(),
        blue: blue.into(),
        terms: terms(Variant::Classic),
        ply: 4,
        spectators: 0,
        private,
        turn: None,
    }
}

fn seek(id: u64, owner: &str) -> Seek {
    Seek {
        id,
        owner: owner.into(),
        terms: terms(Variant::Classic),
        private_to: None,
        private: false,
    }
}

#[test]
fn a_seek_posted_after_the_list_emptied_is_selected() {
    let mut a = app("bob", 80, 24);
    let mut l = LobbySnapshot {
        seeks: vec![seek(11, "alice")],
        ..Default::default()
    };
    a.update(Msg::Lobby(Arc::new(l.clone())));
    // alice's seek goes (someone took it), then carol posts one into the empty list.
    l.seeks.clear();
    a.update(Msg::Lobby(Arc::new(l.clone())));
    l.seeks.push(seek(12, "carol"));
    a.update(Msg::Lobby(Arc::new(l.clone())));
    // Not chosen by itself: Down chooses it.
    a.update(code(KeyCode::Down));
    assert_eq!(
        a.update(code(KeyCode::Enter)),
        vec![Effect::Lobby(LobbyCmd::Accept(12))]
    );
    // My own seek, just posted, is selected (not carol's above it): Enter says what it
    // is and x cancels that one.
    l.seeks.push(seek(13, "bob"));
    a.update(Msg::Lobby(Arc::new(l)));
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    assert!(text(&draw(&a, 80, 24)).contains("your own seek"));
    assert_eq!(
        a.update(key('x')),
        vec![Effect::Lobby(LobbyCmd::CancelSeek(13))]
    );
}

#[test]
fn enter_with_nothing_selected_says_why() {
    let mut a = lobby_app("carol");
    a.update(code(KeyCode::Down));
    let mut l = lobby();
    l.seeks.remove(0);
    a.update(Msg::Lobby(Arc::new(l.clone())));
    // The selected seek vanished: Enter accepts nothing and says so.
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    let t = text(&draw(&a, 100, 30));
    assert!(t.contains("The seek you chose is gone"), "{t}");
    // Said once; then the computer's row is selected again, and says so.
    a.update(code(KeyCode::Esc));
    let t = text(&draw(&a, 100, 30));
    assert!(t.contains("Enter play the computer"), "{t}");
    // No games to watch: said too.
    l.games.clear();
    a.update(Msg::Lobby(Arc::new(l)));
    a.update(code(KeyCode::Esc));
    a.update(code(KeyCode::Tab));
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    let t = text(&draw(&a, 100, 30));
    assert!(t.contains("No games in play"), "{t}");
}

#[test]
fn the_lobby_leads_back_to_my_live_game() {
    for (w, h) in SIZES {
        let mut a = app("eve", w, h);
        a.update(Msg::Lobby(Arc::new(lobby())));
        // My game (eve vs fay, private) is selected; the header and footer say Enter
        // goes back to it.
        let t = text(&draw(&a, w, h));
        assert!(t.contains("Enter: return to your game #4"), "{w}x{h}\n{t}");
        assert!(t.contains("Enter back to your game"), "{w}x{h}\n{t}");
        assert_eq!(
            a.update(code(KeyCode::Enter)),
            vec![Effect::Lobby(LobbyCmd::Spectate(4))]
        );
        // Elsewhere in the lobby, r does.
        a.update(code(KeyCode::Tab));
        let t = text(&draw(&a, w, h));
        assert!(t.contains("r: return to your game #4"), "{w}x{h}\n{t}");
        assert_eq!(
            a.update(key('r')),
            vec![Effect::Lobby(LobbyCmd::Spectate(4))]
        );
    }
    // A game of mine that starts while I am in the lobby is selected too.
    let mut a = lobby_app("carol");
    let mut l = lobby();
    l.games.push(game(9, "alice", "carol", false));
    a.update(Msg::Lobby(Arc::new(l)));
    assert_eq!(
        a.update(code(KeyCode::Enter)),
        vec![Effect::Lobby(LobbyCmd::Spectate(9))]
    );
    // Without a game of mine, r does nothing.
    let mut a = lobby_app("carol");
    assert!(a.update(key('r')).is_empty());
    assert!(!text(&draw(&a, 100, 30)).contains("return to your game"));
}

#[test]
fn seek_dialog_options_in_plain_words() {
    for (w, h) in SIZES {
        let mut a = app("bob", w, h);
        a.update(Msg::Lobby(Arc::new(lobby())));
        a.update(key('n'));
        let t = text(&draw(&a, w, h));
        for s in [
            "< Classic >",
            "< 3 moves >",
            "< on: no endless chases >",
            "< off: ties remove both >",
            "< off: both ranks shown >",
            "< loses on its turn >",
            "< 10 min + 5 s a move >",
            // The field chosen, explained.
            "Classic: the whole army, 40 pieces each",
        ] {
            assert!(t.contains(s), "{w}x{h}: missing {s:?}\n{t}");
        }
        assert!(!t.contains("Options: 2sq"), "{w}x{h}\n{t}");
        for _ in 0..3 {
            a.update(code(KeyCode::Down));
        }
        a.update(key(' '));
        let t = text(&draw(&a, w, h));
        assert!(t.contains("< on: the attacker wins ties >"), "{w}x{h}\n{t}");
        assert!(
            t.contains("When two pieces of the same rank meet: on, the attacker"),
            "{w}x{h}\n{t}"
        );
    }
}

#[test]
fn a_newcomer_plays_the_computer_with_one_key() {
    for (w, h) in SIZES {
        let mut a = app("newbie", w, h);
        a.update(Msg::Lobby(Arc::new(LobbySnapshot::default())));
        let t = text(&draw(&a, w, h));
        assert!(
            t.contains("Enter play the computer (easy, no clock)"),
            "{w}x{h}\n{t}"
        );
        assert_eq!(
            a.update(code(KeyCode::Enter)),
            vec![Effect::Lobby(LobbyCmd::PlayBot {
                level: BotLevel::Easy,
                rules: Rules::standard(Variant::Classic),
                clock: None,
            })]
        );
    }
    // Enter meant for a seek that just went does not start a game: it says so first.
    let mut a = lobby_app("carol");
    a.update(code(KeyCode::Down));
    let mut l = lobby();
    l.seeks.clear();
    a.update(Msg::Lobby(Arc::new(l)));
    assert!(a.update(code(KeyCode::Enter)).is_empty());
    assert!(text(&draw(&a, 100, 30)).contains("The seek you chose is gone"));
    a.update(code(KeyCode::Esc));
    assert!(matches!(
        a.update(code(KeyCode::Enter)).as_slice(),
        [Effect::Lobby(LobbyCmd::PlayBot { .. })]
    ));
}

#[test]
fn the_selected_seeks_rules_in_words() {
    let mut l = lobby();
    l.seeks[0].terms.rules.options.aggressor_advantage = true;
    for (w, h) in SIZES {
        let mut a = app("bob", w, h);
        a.update(Msg::Lobby(Arc::new(l.clone())));
        a.update(code(KeyCode::Down)); // the first seek
        let t = text(&draw(&a, w, h));
        let words = if w > 80 {
            "two-square 3 moves, chasing rule, the attacker wins ties"
        } else {
            // Whole rules where they fit, the rest marked (no rule cut in its words).
            "two-square 3 moves, chasing rule, …"
        };
        assert!(t.contains(words), "{w}x{h}\n{t}");
    }
}

/// The words of the screen, row after row, without borders: a wrapped sentence reads on.
fn words(t: &str) -> String {
    t.replace(['│', '╭', '╮', '╰', '╯', '─'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn lobby_cuts_no_word_at_any_size() {
    let mut l = lobby();
    l.chat.push(ChatLine {
        from: "bob".into(),
        text: "a long line about the barrage tournament tonight, who plays the final \
               and which rules we use for the two-square limit, please answer soon"
            .into(),
    });
    l.seeks[1].terms.rules.options.aggressor_advantage = true;
    l.seeks[1].terms.rules.options.silent_defense = true;
    l.seeks[1].terms.rules.options.rescue = true;
    for (w, h) in SIZES {
        let mut a = app("alice", w, h);
        a.update(Msg::Lobby(Arc::new(l.clone())));
        a.update(code(KeyCode::End)); // bob's seek, chosen
        let buf = draw(&a, w, h);
        let t = text(&buf);
        // My own name is whole (marked where there is room), never `alice (~`.
        assert!(
            !t.contains("alice (~") && !t.contains("alice (…"),
            "{w}x{h}\n{t}"
        );
        assert!(t.contains("● alice"), "{w}x{h}\n{t}");
        // The chat line wraps: every word of it is shown, in order.
        let said = l.chat[1]
            .text
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(words(&t).contains(&said), "{w}x{h}\n{t}");
        // Rules that do not fit are cut with a mark, not mid-word without one.
        let row = lines(&buf)
            .into_iter()
            .find(|r| r.contains("bob") && r.contains("Duel"))
            .unwrap();
        assert!(
            row.contains("2sq:3 chase AA SD rescue") || row.contains("2sq:3 chase AA…"),
            "{w}x{h}: {row}"
        );
        // Every key of the footer is there, on one row or two.
        for hint in [
            "Enter accept",
            "n new seek",
            "b computer's terms",
            "? help",
            "q quit",
            "L leaders",
            "G games",
            "p profile",
            "x cancel mine",
            "Tab next list",
            "t chat",
            "s settings",
        ] {
            assert!(t.contains(hint), "{w}x{h}: no {hint:?}\n{t}");
        }
    }
}

#[test]
fn help_boxes_size_to_their_text() {
    let enter = "the seeks' first row: play the computer; a seek: accept it; \
                 watch game (or back to yours), challenge player, chat";
    for (w, h) in SIZES {
        let mut a = app("bob", w, h);
        a.update(Msg::Lobby(Arc::new(lobby())));
        a.update(key('?'));
        let t = text(&draw(&a, w, h));
        // Every line whole (wrapped on a narrow screen).
        for line in [
            enter,
            "new seek (variant, rules, clock, private)",
            "profile of the selected player (or mine)",
            "click selects, click again accepts / watches",
        ] {
            assert!(words(&t).contains(line), "{w}x{h}: {line:?} cut\n{t}");
        }
        // As wide as the text needs, not the screen: a box of about the longest line.
        let box_w = box_width(&lines(&draw(&a, w, h)), "Lobby keys");
        let longest = "PgUp/PgDn, Home/End".len() + 2 + enter.len() + 4;
        assert!(
            box_w <= longest.max(44) && box_w <= usize::from(w),
            "{w}x{h}\n{t}"
        );
    }
    // A short help makes a small box.
    let mut a = app("bob", 160, 50);
    a.update(key('s'));
    a.update(code(KeyCode::Esc));
    a.update(key('L'));
    a.update(key('?'));
    let box_w = box_width(&lines(&draw(&a, 160, 50)), "Leaderboard keys");
    assert!(box_w < 80, "{box_w}");
}

/// The width of the box titled `title`, borders included.
fn box_width(t: &[String], title: &str) -> usize {
    let top: Vec<char> = t
        .iter()
        .find(|l| l.contains(title))
        .expect("the box")
        .chars()
        .collect();
    let title: Vec<char> = format!("╭ {title}").chars().collect();
    let start = top.windows(title.len()).position(|w| w == title).unwrap();
    let end = start + top[start..].iter().position(|c| *c == '╮').unwrap();
    end - start + 1
}

#[test]
fn a_long_notice_wraps_whole() {
    let notice = "The name john.smith cannot be used: a nickname has 2 to 16 characters: \
                  letters, digits, _ and -, starting with a letter. You are player2 for now; \
                  p then r chooses another name";
    for (w, h) in SIZES {
        let mut a = lobby_app("player2");
        a.update(Msg::Resize {
            width: w,
            height: h,
        });
        a.update(Msg::Notice(notice.into()));
        let t = text(&draw(&a, w, h));
        assert!(words(&t).contains(notice), "{w}x{h}\n{t}");
        assert!(t.contains("(Esc)"), "{w}x{h}\n{t}");
    }
}

#[test]
fn a_challenge_to_me_can_be_declined() {
    let mut l = lobby();
    l.seeks.push(Seek {
        private_to: Some("bob".into()),
        private: true,
        ..seek(13, "carol")
    });
    for (w, h) in SIZES {
        let mut a = app("bob", w, h);
        a.update(Msg::Lobby(Arc::new(l.clone())));
        let t = text(&draw(&a, w, h));
        assert!(
            t.contains("! carol") && t.contains("d decline"),
            "{w}x{h}\n{t}"
        );
        // Nothing selected is a challenge to me: d declines the one in the list.
        assert_eq!(
            a.update(key('d')),
            vec![Effect::Lobby(LobbyCmd::Decline(13))]
        );
        // Selected: d declines it, Enter would accept it.
        a.update(code(KeyCode::End));
        assert_eq!(
            a.update(key('d')),
            vec![Effect::Lobby(LobbyCmd::Decline(13))]
        );
    }
    // No challenge to me: d says so.
    let mut a = lobby_app("bob");
    assert!(a.update(key('d')).is_empty());
    let t = text(&draw(&a, 100, 30));
    assert!(t.contains("No challenge to you to decline"), "{t}");
    assert!(!t.contains("d decline"), "{t}");
}

#[test]
fn the_dialogs_remember_the_last_choices() {
    let mut a = lobby_app("bob");
    a.update(key('n'));
    a.update(code(KeyCode::Right)); // Duel
    for _ in 0..3 {
        a.update(code(KeyCode::Down));
    }
    a.update(key(' ')); // the attacker wins ties
    for _ in 0..6 {
        a.update(code(KeyCode::Down));
    }
    a.update(code(KeyCode::Left)); // 3+2
    let posted = a.update(code(KeyCode::Enter));
    let Effect::Lobby(LobbyCmd::Seek { terms, .. }) = &posted[0] else {
        panic!("{posted:?}")
    };
    assert_eq!(terms.rules.variant, Variant::Duel);
    assert!(terms.rules.options.aggressor_advantage);
    // The next seek starts from those choices; so does a challenge.
    a.update(key('n'));
    let t = text(&draw(&a, 100, 30));
    assert!(
        t.contains("< Duel >")
            && t.contains("< on: the attacker wins ties >")
            && t.contains("< 3 min + 2 s a move >"),
        "{t}"
    );
    assert_eq!(a.update(code(KeyCode::Enter)), posted);
    a.update(code(KeyCode::Left)); // players
    a.update(code(KeyCode::Home)); // alice
    a.update(key('c'));
    let Effect::Lobby(LobbyCmd::Seek {
        terms: t2,
        private_to,
        ..
    }) = &a.update(code(KeyCode::Enter))[0]
    else {
        panic!()
    };
    assert_eq!((t2, private_to.as_deref()), (terms, Some("alice")));
    // The computer's dialog remembers its own: hard, no clock.
    a.update(key('b'));
    a.update(code(KeyCode::Right)); // hard
    for _ in 0..9 {
        a.update(code(KeyCode::Down));
    }
    // The clock is "none" already: the form starts as Enter plays (issue 34).
    let form = text(&draw(&a, 100, 30));
    assert!(
        form.lines()
            .any(|l| l.contains("Clock") && l.contains("no clock")),
        "{form}"
    );
    let played = a.update(code(KeyCode::Enter));
    let hard = Effect::Lobby(LobbyCmd::PlayBot {
        level: BotLevel::Hard,
        rules: Rules::standard(Variant::Classic),
        clock: None,
    });
    assert_eq!(played, vec![hard.clone()]);
    a.update(key('b'));
    assert!(text(&draw(&a, 100, 30)).contains("< hard >"));
    a.update(code(KeyCode::Esc));
    // And Enter on an empty seek list plays it again.
    let mut l = lobby();
    l.seeks.clear();
    a.update(Msg::Lobby(Arc::new(l)));
    a.update(code(KeyCode::Esc));
    a.update(code(KeyCode::Esc));
    let t = text(&draw(&a, 100, 30));
    assert!(t.contains("play the computer (hard, no clock)"), "{t}");
}

#[test]
fn each_dialog_names_what_enter_does() {
    let mut a = lobby_app("bob");
    a.update(key('b'));
    let t = text(&draw(&a, 100, 30));
    assert!(t.contains("Enter play") && !t.contains("Enter post"), "{t}");
    a.update(code(KeyCode::Esc));
    a.update(key('n'));
    assert!(text(&draw(&a, 100, 30)).contains("Enter post"));
    a.update(code(KeyCode::Esc));
    a.update(code(KeyCode::Left));
    a.update(code(KeyCode::Down)); // bob: no; move to gus
    a.update(code(KeyCode::Up));
    a.update(code(KeyCode::Up)); // alice
    a.update(key('c'));
    assert!(text(&draw(&a, 100, 30)).contains("Enter challenge"));
}

/// Issue 34 (HIGH 1): with a stranger's rated seek listed, a newcomer's Enter does what the
/// screen says: the first row (play the computer) is selected and highlighted, the seek is
/// not, and Enter plays the computer. Accepting takes choosing the seek first.
#[test]
fn a_newcomers_enter_never_accepts_a_seek_it_did_not_choose() {
    let l = LobbySnapshot {
        seeks: vec![Seek {
            terms: GameTerms {
                rated: true,
                ..terms(Variant::Classic)
            },
            ..seek(6, "carol")
        }],
        ..Default::default()
    };
    for (w, h) in SIZES {
        let mut a = app("newbie", w, h);
        a.update(Msg::Lobby(Arc::new(l.clone())));
        let t = text(&draw(&a, w, h));
        assert!(
            t.contains("Enter play the computer (easy, no clock)"),
            "{w}x{h}\n{t}"
        );
        assert!(!t.contains("Enter accept"), "{w}x{h}\n{t}");
        // The highlighted row is the computer's, not carol's.
        let buf = draw(&a, w, h);
        let ls = lines(&buf);
        let row_of = |s: &str| ls.iter().position(|r| r.contains(s)).unwrap() as u16;
        let (comp, carol) = (row_of("play the computer ("), row_of("carol"));
        let reversed = |y: u16, what: &str| {
            let r = &ls[usize::from(y)];
            let col = r[..r.find(what).unwrap()].chars().count() as u16;
            buf[(col, y)]
                .modifier
                .contains(ratatui::style::Modifier::REVERSED)
        };
        assert!(
            reversed(comp, "play the computer"),
            "{w}x{h}: the computer's row is highlighted\n{t}"
        );
        assert!(
            !reversed(carol, "carol"),
            "{w}x{h}: carol's seek is not\n{t}"
        );
        assert!(matches!(
            a.update(code(KeyCode::Enter)).as_slice(),
            [Effect::Lobby(LobbyCmd::PlayBot { .. })]
        ));
        // Down chooses the seek; the screen says Enter accepts, and it does.
        a.update(code(KeyCode::Down));
        let t = text(&draw(&a, w, h));
        assert!(t.contains("Enter accept"), "{w}x{h}\n{t}");
        assert_eq!(
            a.update(code(KeyCode::Enter)),
            vec![Effect::Lobby(LobbyCmd::Accept(6))]
        );
    }
}

/// Issue 34 (HIGH 1): after my game ends, the lobby does not keep the games list focused
/// on a game that is gone ("The game you chose has ended"): the seeks have the focus, and
/// Enter does what the screen says. Right leads back to the seeks from any list.
#[test]
fn after_a_game_the_focus_is_back_on_the_seeks() {
    let mut a = app("carol", 100, 30);
    let mut l = lobby();
    a.update(Msg::Lobby(Arc::new(l.clone())));
    // My game starts: it is selected in the games list.
    l.games.push(game(9, "alice", "carol", false));
    a.update(Msg::Lobby(Arc::new(l.clone())));
    let mut snap = snapshot(
        stratego_ssh::proto::GamePhase::Playing,
        Some(stratego_ssh::rules::Color::Red),
        None,
    );
    snap.id = 9;
    send_game(&mut a, snap, std::time::Instant::now());
    a.set_aside_lobby();
    // It ends; the session takes me out of it and sends the lobby again.
    a.update(Msg::GameClosed);
    l.games.pop();
    a.update(Msg::Lobby(Arc::new(l.clone())));
    let t = text(&draw(&a, 100, 30));
    assert!(t.contains("Enter play the computer"), "{t}");
    let fx = a.update(code(KeyCode::Enter));
    assert!(
        matches!(fx.as_slice(), [Effect::Lobby(LobbyCmd::PlayBot { .. })]),
        "{fx:?}\n{}",
        text(&draw(&a, 100, 30))
    );
    // Right goes back to the seeks from the games list too.
    a.update(code(KeyCode::Tab));
    assert!(text(&draw(&a, 100, 30)).contains("Enter watch"));
    a.update(code(KeyCode::Right));
    assert!(text(&draw(&a, 100, 30)).contains("Enter play the computer"));
}

#[test]
fn the_header_counts_one_seek_and_one_game_in_the_singular() {
    let mut a = app("bob", 100, 30);
    let mut l = lobby();
    l.seeks.truncate(1);
    l.games.truncate(1);
    a.update(Msg::Lobby(Arc::new(l)));
    let t = text(&draw(&a, 100, 30));
    assert!(t.contains("4 online, 1 seek, 1 game"), "{t}");
    a.update(Msg::Lobby(Arc::new(lobby())));
    let t = text(&draw(&a, 100, 30));
    assert!(t.contains("4 online, 2 seeks, 2 games"), "{t}");
}

#[test]
fn with_no_tournament_the_footer_still_names_t() {
    let mut a = lobby_app("bob");
    let t = text(&draw(&a, 120, 40));
    assert!(t.contains("T tournaments"), "{t}");
    // And T says why there is nothing to show.
    a.update(key('T'));
    let t = text(&draw(&a, 120, 40));
    assert!(t.contains("No tournaments are announced now"), "{t}");
}

/// Issue 34 (LOW): the computer's game is offered in the same words everywhere (Enter "play
/// the computer", b "computer's terms": footer, first steps, help), and b's
/// form starts from what Enter plays: easy, Classic, no clock.
#[test]
fn b_says_the_same_everywhere_and_starts_as_enter_plays() {
    let mut a = app("newbie", 80, 24);
    a.update(Msg::Lobby(Arc::new(LobbySnapshot::default())));
    let t = text(&draw(&a, 80, 24));
    for said in ["Enter play the computer", "b computer's terms"] {
        assert!(
            t.matches(said).count() >= 2,
            "{said:?} in the list and the footer:\n{t}"
        );
    }
    assert!(!t.contains("vs computer"), "{t}");
    a.update(key('?'));
    let help = text(&draw(&a, 80, 24));
    assert!(help.contains("computer's terms"), "{help}");
    a.update(code(KeyCode::Esc));
    let enter = a.update(code(KeyCode::Enter));
    a.update(key('b'));
    let b = a.update(code(KeyCode::Enter));
    assert_eq!(enter, b, "b then Enter plays what Enter plays");
    assert!(
        matches!(
            &b[..],
            [Effect::Lobby(LobbyCmd::PlayBot { clock: None, .. })]
        ),
        "{b:?}"
    );
}

/// Issue 34 (LOW): in ASCII mode a challenge's notice keeps its dash as `-` (it read
/// "10+5 ? see Open seeks"), and at 80 columns the challenge's row says whole that it is
/// to me (it was cut as "challenge to y").
#[test]
fn ascii_mode_keeps_a_challenges_words_at_80_columns() {
    let mut l = LobbySnapshot::default();
    l.seeks.push(Seek {
        private_to: Some("bob".into()),
        private: true,
        ..seek(13, "carol")
    });
    let ascii = stratego_ssh::ui::Settings {
        ascii: true,
        ..settings()
    };
    for s in [settings(), ascii] {
        let mut a = App::new(me("bob"), s, 80, 24, 1);
        a.update(Msg::Lobby(Arc::new(l.clone())));
        a.update(Msg::Notice(
            "carol challenges you: Classic 10+5 rated — see Open seeks".into(),
        ));
        let t = text(&draw(&a, 80, 24));
        let row = t
            .lines()
            .find(|r| r.contains("! carol"))
            .unwrap_or_else(|| panic!("the challenge's row:\n{t}"));
        assert!(row.contains(" to you!"), "{row:?}\n{t}");
        if a.settings().ascii {
            assert!(t.contains("rated - see Open seeks"), "{t}");
            assert!(!t.contains("rated ? see"), "{t}");
        }
    }
}

/// A correspondence game: the seek form offers days a move after the clocks, and posts
/// them with no clock.
#[test]
fn the_seek_form_offers_days_a_move() {
    let mut a = lobby_app("bob");
    a.update(key('n'));
    a.update(code(KeyCode::Up)); // the last row: Only for
    a.update(code(KeyCode::Up)); // Clock (10+5)
    a.update(code(KeyCode::Right)); // custom
    a.update(code(KeyCode::Right)); // 1 day
    a.update(code(KeyCode::Right)); // 3 days
    let form = text(&draw(&a, 100, 30));
    assert!(form.contains("3 days a move (correspondence)"), "{form}");
    let fx = a.update(code(KeyCode::Enter));
    let [Effect::Lobby(LobbyCmd::Seek { terms, .. })] = &fx[..] else {
        panic!("{fx:?}")
    };
    assert_eq!((terms.days, terms.clock), (Some(3), None));
    // The computer's form never offers them: from no clock, Left wraps to custom.
    let mut a = lobby_app("bob");
    a.update(key('b'));
    a.update(code(KeyCode::Up));
    a.update(code(KeyCode::Left));
    let form = text(&draw(&a, 100, 30));
    assert!(!form.contains("days a move"), "{form}");
}

/// The correspondence games waiting for my move: named in the games list's title (soonest
/// first) and marked in their rows with the time left; another's turn is not marked.
#[test]
fn the_games_waiting_for_my_move_are_named_and_marked() {
    use stratego_ssh::rules::Color;
    let now = 1_800_000_000;
    let corr = |id, red: &str, blue: &str, turn| GameSummary {
        id,
        red: red.into(),
        blue: blue.into(),
        terms: GameTerms {
            days: Some(3),
            budget: None,
            clock: None,
            ..terms(Variant::Classic)
        },
        ply: 4,
        spectators: 0,
        private: false,
        turn: Some(turn),
    };
    let mut l = lobby();
    l.games
        .push(corr(9, "bob", "carol", (Color::Red, now + 86_400 + 7_200)));
    l.games
        .push(corr(10, "dan", "bob", (Color::Red, now + 3_600)));
    l.games
        .push(corr(11, "erin", "bob", (Color::Blue, now + 7_200)));
    l.seeks[0].terms = GameTerms {
        days: Some(3),
        budget: None,
        clock: None,
        ..l.seeks[0].terms
    };
    let mut a = app("bob", 120, 30);
    a.set_unix_time(now);
    a.update(Msg::Lobby(Arc::new(l)));
    // The games waiting are the lobby's to say (matched by identity, soonest first), not
    // the screen's to find by nick in the shared list: none shown until it says.
    let t = text(&draw(&a, 120, 30));
    assert!(!t.contains("Your move"), "{t}");
    assert_eq!(t.matches("your move:").count(), 0, "{t}");
    let waiting = |id, opponent: &str, color, deadline| stratego_ssh::proto::WaitingGame {
        id,
        opponent: opponent.into(),
        color,
        variant: Variant::Classic,
        days: 3,
        ply: 4,
        deadline,
        setup: false,
        budget: None,
        budget_ends: None,
    };
    a.update(Msg::Waiting(vec![
        waiting(11, "erin", Color::Blue, now + 7_200),
        waiting(9, "carol", Color::Red, now + 86_400 + 7_200),
    ]));
    let t = text(&draw(&a, 120, 30));
    assert!(t.contains("Your move: #11 #9"), "{t}");
    assert!(t.contains("your move: 1 d 2 h"), "{t}");
    assert!(t.contains("your move: 2 h"), "{t}");
    assert_eq!(t.matches("your move:").count(), 2, "{t}");
    assert!(
        t.lines()
            .any(|r| r.contains("alice") && r.contains("Barrage") && r.contains(" 3d ")),
        "a seek's days shown as its clock: {t}"
    );
}
