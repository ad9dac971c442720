//! The service calls of a split server's edge (issue 46, docs/scaling.md): an edge has no
//! store of the game's, so the calls its sessions and pages make that read or write one go
//! to the core, which answers them with its own [`Service`]. One enum ([`Call`]) names
//! every call that crosses; the methods of [`Service`] send it when the service is an
//! edge's ([`Service::with_remote`]), so the SSH sessions, the commands and the pages do not
//! know which side answers.
//!
//! What carries a call (NATS, `bus::edge`) implements [`RemoteService`]; the core answers
//! with [`Service::answer`]. An answer is JSON: the method's result, its error as a
//! [`WireError`] (the core's words, kept).

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::Arc;

use serde::{de::DeserializeOwned, Deserialize, Serialize};

use super::{AdminError, GateAsk, RenameError, ReplayFault, Service, SetupError};
use crate::lobby::Ident;
use crate::proto::{AdminCmd, GameFilter, GameSnapshot, Notice, Perspective, PlayerId, SavedSetup};
use crate::rules::Variant;
use crate::store::{Preferences, StoreError};

/// A call an edge's service sends the core.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Call {
    /// [`Service::login`]: the nick a key holds or gets.
    Login(Ident),
    /// [`Service::key_account`].
    KeyAccount(PlayerId),
    /// [`Service::held_nick`].
    HeldNick(PlayerId),
    /// [`Service::gate`]: a ban or a closure that refuses a connection.
    Gate(GateAsk),
    /// [`Service::address_banned`].
    AddressBanned(IpAddr),
    Preferences(PlayerId),
    SavePreferences(PlayerId, Preferences),
    SavedSetups(PlayerId),
    SaveSetup(PlayerId, SavedSetup),
    DeleteSetup(PlayerId, String, Variant),
    Leaderboard(Variant),
    Profile {
        nick: String,
        viewer: Option<PlayerId>,
    },
    Games {
        me: Option<PlayerId>,
        filter: GameFilter,
        variant: Option<Variant>,
    },
    Record {
        id: u64,
        viewer: Option<PlayerId>,
    },
    Replay {
        id: u64,
        ply: u32,
        perspective: Perspective,
        viewer: Option<PlayerId>,
    },
    Analysis {
        id: u64,
        viewer: Option<PlayerId>,
    },
    OwnNotes {
        id: u64,
        viewer: PlayerId,
    },
    GameFacts(u64),
    Admin {
        by: String,
        cmd: AdminCmd,
    },
    Bans,
    AdminSnapshot,
    /// [`Service::waiting_for`]: the correspondence games waiting for a player's move.
    Waiting(PlayerId),
    /// [`Service::setup_stats`]: how a player's saved set-ups fared.
    SetupStats {
        me: PlayerId,
        variant: Variant,
        setups: Vec<SavedSetup>,
    },
    /// [`Service::explorer`]: a player's own or the server's set-up explorer.
    Explorer {
        me: Option<PlayerId>,
        variant: Variant,
        mine: bool,
    },
    /// [`Service::rename`]'s store part (the edge tells its lobby, which tells the core's).
    Rename {
        identity: PlayerId,
        asked: String,
        counts: bool,
    },
    // The tournament director is the core's (its lobby's): what the commands and pages of an
    // edge ask of it.
    /// [`Service::tournaments`]: every tournament the core's lobby has.
    Tournaments,
    /// [`Service::tournament_order`]: an organiser's or an entrant's order.
    TournamentOrder(crate::proto::TournamentOrder),
    /// [`Service::tournament_record`]: a tournament as stored.
    TournamentRecord(crate::proto::TournamentId),
    /// The web's sign-in: accounts, browser sessions, passkeys, browser guests (`web.rs`).
    Web(super::web::WebCall),
    /// [`Service::backup`]: `admin backup`, written by the core under its own backup root.
    Backup {
        by: String,
        asked: String,
    },
}

/// An error as it crosses: what the edge's caller needs of it (the core's text kept).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum WireError {
    /// The store's error, or the bus's (the core did not answer), as text.
    Store(String),
    NoSuchGame(u64),
    Broken(String),
    SetupNoName,
    SetupTooMany,
    /// An admin action refused: what the admin reads, and whether the request was wrong.
    Admin {
        notice: Notice,
        usage: bool,
    },
    /// A nick refused: what the player reads.
    Rename(Notice),
}

impl From<StoreError> for WireError {
    fn from(e: StoreError) -> Self {
        WireError::Store(e.to_string())
    }
}

impl From<ReplayFault> for WireError {
    fn from(e: ReplayFault) -> Self {
        match e {
            ReplayFault::NoSuchGame(id) => WireError::NoSuchGame(id),
            ReplayFault::Broken(b) => WireError::Broken(b),
            ReplayFault::Store(e) => e.into(),
        }
    }
}

impl From<SetupError> for WireError {
    fn from(e: SetupError) -> Self {
        match e {
            SetupError::NoName => WireError::SetupNoName,
            SetupError::TooMany => WireError::SetupTooMany,
            SetupError::Store(e) => e.into(),
        }
    }
}

impl From<AdminError> for WireError {
    fn from(e: AdminError) -> Self {
        WireError::Admin {
            notice: e.notice(),
            usage: e.is_usage(),
        }
    }
}

impl From<RenameError> for WireError {
    fn from(e: RenameError) -> Self {
        match e {
            RenameError::Store(e) => e.into(),
            other => WireError::Rename(other.notice()),
        }
    }
}

impl From<WireError> for RenameError {
    fn from(e: WireError) -> Self {
        match e {
            WireError::Rename(n) => RenameError::Invalid(n),
            other => RenameError::Store(other.into()),
        }
    }
}

impl From<WireError> for StoreError {
    fn from(e: WireError) -> Self {
        match e {
            WireError::Store(s) | WireError::Broken(s) => StoreError::Invalid(s),
            WireError::NoSuchGame(id) => StoreError::Invalid(format!("no game #{id}")),
            WireError::SetupNoName | WireError::SetupTooMany => {
                StoreError::Invalid("set-up refused".into())
            }
            WireError::Admin { notice, .. } | WireError::Rename(notice) => {
                StoreError::Invalid(notice.to_string())
            }
        }
    }
}

impl From<WireError> for ReplayFault {
    fn from(e: WireError) -> Self {
        match e {
            WireError::NoSuchGame(id) => ReplayFault::NoSuchGame(id),
            WireError::Broken(b) => ReplayFault::Broken(b),
            other => ReplayFault::Store(other.into()),
        }
    }
}

impl From<WireError> for SetupError {
    fn from(e: WireError) -> Self {
        match e {
            WireError::SetupNoName => SetupError::NoName,
            WireError::SetupTooMany => SetupError::TooMany,
            other => SetupError::Store(other.into()),
        }
    }
}

impl From<WireError> for AdminError {
    fn from(e: WireError) -> Self {
        match e {
            WireError::Admin { notice, usage } => AdminError::Elsewhere { notice, usage },
            other => AdminError::Store(other.into()),
        }
    }
}

/// An answer on its way back: the result as JSON, or why the call did not get one.
pub type Answer<'a> = Pin<Box<dyn Future<Output = Result<serde_json::Value, String>> + Send + 'a>>;

/// A live game's spectators' snapshots from the core: dropping the receiver tells the core
/// the spectator left.
pub type RemoteWatch = tokio::sync::watch::Receiver<Arc<GameSnapshot>>;

/// What carries an edge's calls to the core.
pub trait RemoteService: Send + Sync + 'static {
    fn ask(&self, call: Call) -> Answer<'_>;
    /// Joins the spectators of a public game in play (`None`: no such game, or no answer).
    fn watch(&self, game: u64) -> Pin<Box<dyn Future<Output = Option<RemoteWatch>> + Send + '_>>;
}

impl Service {
    /// An edge's service: the calls of [`Call`] go to the core through `remote`.
    pub fn with_remote(mut self, remote: Arc<dyn RemoteService>) -> Service {
        self.remote = Some(remote);
        self
    }

    /// Whether this is an edge's service (its calls answered by the core).
    pub fn is_remote(&self) -> bool {
        self.remote.is_some()
    }

    /// `call` answered by the core, when this is an edge's service; `None` here otherwise.
    pub(super) async fn remote<T: DeserializeOwned>(
        &self,
        call: Call,
    ) -> Option<Result<T, WireError>> {
        let remote = self.remote.as_ref()?;
        let answer = match remote.ask(call).await {
            Ok(v) => v,
            Err(e) => return Some(Err(WireError::Store(e))),
        };
        Some(
            serde_json::from_value::<Result<T, WireError>>(answer)
                .unwrap_or_else(|e| Err(WireError::Store(format!("an unreadable answer: {e}")))),
        )
    }

    /// The core's side: `call` carried out by this (the core's) service, the answer as JSON.
    pub async fn answer(&self, call: Call) -> serde_json::Value {
        fn ok<T: Serialize>(t: T) -> serde_json::Value {
            json(&Ok::<T, WireError>(t))
        }
        fn res<T: Serialize, E: Into<WireError>>(r: Result<T, E>) -> serde_json::Value {
            json(&r.map_err(Into::into))
        }
        match call {
            Call::Login(ident) => ok(self.login(&ident).await),
            Call::KeyAccount(id) => ok(self.key_account(id).await),
            Call::HeldNick(id) => ok(self.held_nick(&id).await),
            Call::Gate(ask) => ok(self.gate(ask).await),
            Call::AddressBanned(ip) => ok(self.address_banned(ip).await),
            Call::Preferences(id) => ok(self.preferences(&id).await),
            Call::SavePreferences(id, p) => {
                self.save_preferences(&id, p).await;
                ok(())
            }
            Call::SavedSetups(id) => res(self.saved_setups(&id).await),
            Call::SaveSetup(id, s) => res(self.save_setup(&id, s).await),
            Call::DeleteSetup(id, name, v) => res(self.delete_setup(&id, &name, v).await),
            Call::Leaderboard(v) => res(self.leaderboard(v).await),
            Call::Profile { nick, viewer } => res(self.profile_for(&nick, viewer.as_ref()).await),
            Call::Games {
                me,
                filter,
                variant,
            } => res(self.games(me.as_ref(), filter, variant).await),
            Call::Record { id, viewer } => res(self.record_for(id, viewer.as_ref()).await),
            Call::Replay {
                id,
                ply,
                perspective,
                viewer,
            } => res(self.replay(id, ply, perspective, viewer.as_ref()).await),
            Call::Analysis { id, viewer } => res(self.analysis_for(id, viewer.as_ref()).await),
            Call::OwnNotes { id, viewer } => res(self.own_notes(id, &viewer).await),
            Call::GameFacts(id) => res(self.game_facts(id).await),
            Call::Admin { by, cmd } => res(self.admin(&by, cmd).await.map(|d| d.notice())),
            Call::Bans => res(self.bans().await),
            Call::AdminSnapshot => res(self.admin_snapshot().await),
            Call::Rename {
                identity,
                asked,
                counts,
            } => res(self.rename_stored(&identity, &asked, counts).await),
            Call::Waiting(id) => ok(self.waiting_for(&id).await),
            Call::SetupStats {
                me,
                variant,
                setups,
            } => res(self.setup_stats(&me, variant, setups).await),
            Call::Explorer { me, variant, mine } => {
                res(self.explorer(me.as_ref(), variant, mine).await)
            }
            Call::Tournaments => ok(self.lobby.tournaments().await),
            Call::TournamentOrder(order) => ok(self.tournament_order(order).await),
            Call::TournamentRecord(id) => res(self.tournament_record(id).await),
            Call::Web(call) => self.answer_web(call).await,
            Call::Backup { by, asked } => match self.backup(&by, &asked).await {
                Ok(done) => ok(Ok::<_, Notice>(done)),
                Err(super::BackupError::Refused(why)) => {
                    ok(Err::<crate::store::BackupSummary, _>(why))
                }
                Err(super::BackupError::Store(e)) => res(Err::<(), _>(e)),
            },
        }
    }
}

pub(super) fn json<T: Serialize>(t: &T) -> serde_json::Value {
    serde_json::to_value(t).unwrap_or_else(|e| {
        serde_json::to_value(Err::<(), _>(WireError::Store(format!(
            "an answer that does not serialize: {e}"
        ))))
        .unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lobby::{spawn, LobbyConfig};
    use crate::proto::BanKind;
    use crate::store::Store;

    /// The core's service reached as over a bus: each call and answer as bytes.
    struct Loopback(Service);

    impl RemoteService for Loopback {
        fn ask(&self, call: Call) -> Answer<'_> {
            Box::pin(async move {
                let call: Call = serde_json::from_slice(&serde_json::to_vec(&call).unwrap())
                    .map_err(|e| e.to_string())?;
                let answer = serde_json::to_vec(&self.0.answer(call).await).unwrap();
                serde_json::from_slice(&answer).map_err(|e| e.to_string())
            })
        }

        fn watch(&self, _: u64) -> Pin<Box<dyn Future<Output = Option<RemoteWatch>> + Send + '_>> {
            Box::pin(async { None })
        }
    }

    fn key(n: &str) -> PlayerId {
        PlayerId::Key(format!("SHA256:{n}"))
    }

    fn ident(n: &str, nick: &str) -> Ident {
        Ident {
            id: key(n),
            nick: nick.into(),
            guest: false,
            addr: Some("203.0.113.9".parse().unwrap()),
        }
    }

    /// An edge's service (its own empty store) and the core's, with its store.
    fn split() -> (Service, Service, Store) {
        let core_store = Store::temporary().unwrap();
        let core = Service::new(
            core_store.clone(),
            spawn(LobbyConfig::default(), core_store.clone()),
        );
        let edge_store = Store::temporary().unwrap();
        let edge = Service::new(
            edge_store.clone(),
            spawn(LobbyConfig::default(), edge_store),
        )
        .with_remote(Arc::new(Loopback(core.clone())));
        (edge, core, core_store)
    }

    #[tokio::test]
    async fn an_edges_calls_are_answered_from_the_cores_store() {
        let (edge, core, store) = split();
        // A key's nick is the core's: registered there, found again through the edge.
        let login = edge.login(&ident("dora", "dora")).await;
        assert_eq!(login.nick, "dora");
        assert!(login.first_time);
        assert_eq!(
            store
                .users()
                .by_identity(&key("dora"))
                .unwrap()
                .unwrap()
                .nick,
            "dora"
        );
        let again = edge.login(&ident("dora", "someone")).await;
        assert_eq!(again.nick, "dora");
        assert!(!again.first_time);
        assert_eq!(edge.held_nick(&key("dora")).await.as_deref(), Some("dora"));
        // A ban made through the edge is the core's, and refuses her at any door.
        let ask = GateAsk {
            key: Some((key("dora"), "someone".into())),
            fingerprint: Some("SHA256:dora".into()),
            addr: "198.51.100.1".parse().unwrap(),
            guest_block_secs: 0,
        };
        assert_eq!(edge.gate(ask.clone()).await, None);
        let done = edge
            .admin(
                "SHA256:admin",
                AdminCmd::Ban {
                    kind: BanKind::Nick,
                    value: "dora".into(),
                    reason: "cheating".into(),
                },
            )
            .await
            .unwrap();
        assert!(
            done.notice().to_string().contains("banned nick dora"),
            "{done}"
        );
        for service in [&edge, &core] {
            match service.gate(ask.clone()).await {
                Some(super::super::Refusal::Banned { reason, .. }) => {
                    assert_eq!(reason, "cheating")
                }
                other => panic!("{other:?}"),
            }
        }
        // The errors keep their kind across: a bad request is a usage error, an unknown game
        // is no such game.
        let bad = edge
            .admin(
                "SHA256:admin",
                AdminCmd::Unban {
                    kind: BanKind::Nick,
                    value: "nobody".into(),
                },
            )
            .await
            .unwrap_err();
        assert!(bad.to_string().contains("nobody"), "{bad}");
        assert!(matches!(
            edge.record(404).await,
            Err(ReplayFault::NoSuchGame(404))
        ));
        assert!(edge.leaderboard(Variant::Classic).await.is_ok());
    }

    #[tokio::test]
    async fn a_browser_signed_in_through_an_edge_is_the_cores_session() {
        let (edge, core, _) = split();
        edge.login(&ident("ann", "ann")).await;
        let code = edge.web_link(&key("ann")).await.unwrap();
        assert!(matches!(
            edge.web_link_does(&code).await.unwrap(),
            Some(super::super::LinkFor::SignIn(_))
        ));
        let (token, who) = edge.web_redeem(&code, "Browser/1").await.unwrap().unwrap();
        assert_eq!(who.nick, "ann");
        // Used once, whichever side asks again; the session is the core's.
        assert!(core.web_redeem(&code, "x").await.unwrap().is_none());
        assert_eq!(core.web_signed_in(&token).await.unwrap(), Some(who.clone()));
        assert_eq!(edge.web_signed_in(&token).await.unwrap(), Some(who));
        assert_eq!(edge.web_sessions(&key("ann")).await.unwrap().len(), 1);
        assert_eq!(edge.end_web_sessions(&key("ann"), None).await.unwrap(), 1);
        assert_eq!(core.web_signed_in(&token).await.unwrap(), None);
        // A passkey account's nick is the core's to give: ann is taken.
        let taken = edge.passkey_register_begin("ann", None).await.unwrap_err();
        assert!(
            matches!(taken, super::super::PasskeyError::Nick(_)),
            "{taken:?}"
        );
        // A browser guest made through the edge is kept by the core.
        let guest = edge.web_open_guest().await.unwrap().unwrap();
        assert!(core.web_guest(&guest).await.unwrap());
    }
}
