//! Accounts at a constant cost, and not without limit: a new key whose asked-for name
//! cannot be a nickname gets a random free `playerNNNN` (one write, not a count up from
//! `player2`), and one address block creates at most `registrations_per_hour` accounts an
//! hour; past it a new key plays for the visit only, told so, with nothing registered,
//! while keys already registered come in as always.

mod common;

use std::time::Duration;

use common::{fingerprint, new_key, start_server_with, Login, Term};
use stratego_ssh::proto::PlayerId;

fn key_id(key: &russh::keys::PrivateKey) -> PlayerId {
    PlayerId::Key(fingerprint(key))
}

/// The nick shown after "you are " on the screen.
fn shown_nick(text: &str) -> String {
    let at = text.find("you are ").expect("a nick is shown") + "you are ".len();
    text[at..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_name_gets_a_random_player_name_in_one_write() {
    let server = start_server_with("default-name", |_| {}).await;
    let addr = server.running.addr;
    let store = server.running.store.clone();
    let key = new_key();
    let writes = store.write_stats().writes;
    let t = Term::connect_env(
        addr,
        Login::Key("9lives", &key),
        Some((120, 30)),
        "xterm",
        &[],
    )
    .await;
    let text = t.wait_text("cannot be a nickname", 10).await;
    let nick = shown_nick(&text);
    let digits = nick.strip_prefix("player").expect("a player name");
    assert!(
        (4..=6).contains(&digits.len()) && digits.chars().all(|c| c.is_ascii_digit()),
        "{nick}"
    );
    assert_ne!(nick, "player2", "not a count up from player2");
    let user = store
        .users()
        .by_identity(&key_id(&key))
        .unwrap()
        .expect("registered");
    assert_eq!(user.nick, nick);
    assert_eq!(
        store.write_stats().writes - writes,
        1,
        "one durable write for the name"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_accounts_from_one_address_are_limited_per_hour() {
    let server = start_server_with("registrations", |o| o.ssh.registrations_per_hour = 2).await;
    let addr = server.running.addr;
    let store = server.running.store.clone();
    let keys = [new_key(), new_key(), new_key()];
    for (key, name) in keys.iter().zip(["anna", "bert"]) {
        let t = Term::connect(addr, Login::Key(name, key), 120, 30).await;
        t.wait_text(&format!("you are {name} "), 10).await;
        t.disconnect().await;
    }
    // The third new key from the same address this hour: in for the visit, told why,
    // nothing registered.
    let t = Term::connect_env(
        addr,
        Login::Key("carl", &keys[2]),
        Some((140, 30)),
        "xterm",
        &[],
    )
    .await;
    let text = t.wait_text("Too many new players", 10).await;
    assert!(text.contains("for this visit only"), "{text}");
    assert!(!shown_nick(&text).eq_ignore_ascii_case("carl"), "{text}");
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(store
        .users()
        .by_identity(&key_id(&keys[2]))
        .unwrap()
        .is_none());
    assert!(store.users().by_nick("carl").unwrap().is_none());
    t.disconnect().await;

    // A key already registered comes in as always.
    let again = Term::connect(addr, Login::Key("anna", &keys[0]), 120, 30).await;
    again.wait_text("you are anna ", 10).await;
}
