//! A session at lobby level, with no SSH: it joins the lobby as a key's player and reads
//! the events the lobby sends it (seats, notices, challenges).

use std::time::Duration;

use tokio::sync::mpsc;

use stratego_ssh::game::{GameSeat, SessionEvent};
use stratego_ssh::lobby::{Ident, LobbyHandle, SessionId};
use stratego_ssh::proto::{GameSnapshot, PlayerId};

pub struct Client {
    pub session: SessionId,
    pub events: mpsc::Receiver<SessionEvent>,
}

/// A key's player called `nick`.
pub fn ident(nick: &str) -> Ident {
    Ident {
        id: PlayerId::Key(format!("SHA256:{nick}")),
        nick: nick.to_string(),
        guest: false,
        addr: None,
    }
}

pub async fn join(lobby: &LobbyHandle, nick: &str) -> Client {
    join_as(lobby, ident(nick)).await
}

pub async fn join_as(lobby: &LobbyHandle, ident: Ident) -> Client {
    let (tx, events) = mpsc::channel(256);
    let joined = lobby.connect(ident, tx).await.expect("joins");
    Client {
        session: joined.session,
        events,
    }
}

impl Client {
    pub async fn next_event(&mut self) -> SessionEvent {
        tokio::time::timeout(Duration::from_secs(5), self.events.recv())
            .await
            .expect("an event in time")
            .expect("the lobby is there")
    }

    /// The next seat handed to this session; the notices seen meanwhile.
    pub async fn next_seat(&mut self) -> (GameSeat, Vec<String>) {
        let mut notices = Vec::new();
        loop {
            match self.next_event().await {
                SessionEvent::EnterGame(seat) => return (seat, notices),
                SessionEvent::Notice(n) => notices.push(n.to_string()),
                _ => {}
            }
        }
    }

    /// The next notice; being seated in a game instead fails the test.
    pub async fn next_notice(&mut self) -> String {
        loop {
            match self.next_event().await {
                SessionEvent::Notice(n) => return n.to_string(),
                SessionEvent::EnterGame(seat) => panic!("entered game {}", seat.game),
                _ => {}
            }
        }
    }

    /// The next notice containing `needle`, skipping other events.
    pub async fn notice_containing(&mut self, needle: &str) -> String {
        loop {
            let ev = tokio::time::timeout(Duration::from_secs(5), self.events.recv())
                .await
                .unwrap_or_else(|_| panic!("no notice with {needle:?} in time"))
                .expect("the lobby is there");
            if let SessionEvent::Notice(n) = ev {
                let n = n.to_string();
                if n.contains(needle) {
                    return n;
                }
            }
        }
    }
}

/// Waits (10 s at most) until the seat's snapshot satisfies `pred`.
pub async fn until(seat: &mut GameSeat, what: &str, pred: impl Fn(&GameSnapshot) -> bool) {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            if pred(&seat.snapshots.borrow_and_update()) {
                return;
            }
            seat.snapshots.changed().await.expect("the game is there");
        }
    })
    .await
    .unwrap_or_else(|_| panic!("waiting for: {what}"));
}

/// Waits (at most 10 s) until the lobby's shared snapshot satisfies `pred`.
pub async fn until_lobby(
    lobby: &LobbyHandle,
    what: &str,
    pred: impl Fn(&stratego_ssh::proto::LobbySnapshot) -> bool,
) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !pred(&lobby.snapshot()) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "waiting for: {what}: {:?}",
            lobby.snapshot()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}
