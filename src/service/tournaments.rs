//! Tournaments as everyone may see them (the web pages): the lobby's view of each, and
//! every pairing with its result from the stored record. Players are named by nick only:
//! their identities (key fingerprints, a guest's hash) never leave here, nor does the
//! tournament's chat (the SSH screen's, for the people in it).

use std::sync::Arc;

use super::Service;
use crate::proto::{LobbySnapshot, Notice, TournamentId, TournamentInfo, TournamentOrder};
use crate::rules::Color;
use crate::store::StoreError;
use crate::tournament::GameResult;

/// A tournament for the public: the view the SSH screen shows (without chat and
/// identities) and its pairings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentPage {
    pub info: TournamentInfo,
    /// Every pairing in the order made (empty when the record could not be found).
    pub pairings: Vec<PairingLine>,
    /// The entrants who have a player's page (key holders: not guests, not computers).
    pub pages: Vec<String>,
}

/// One pairing, by nick.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PairingLine {
    /// Swiss: the round (from 1); arena: 0.
    pub round: u32,
    pub game: Option<u64>,
    pub red: String,
    /// `None`: a bye for Red.
    pub blue: Option<String>,
    /// `red`, `blue`, `draw`, `void`; `None` while in play.
    pub result: Option<&'static str>,
}

/// A view with nothing private in it: no chat, no identities.
pub fn public_info(t: &TournamentInfo) -> TournamentInfo {
    let mut t = t.clone();
    t.chat.clear();
    for s in &mut t.standings {
        s.pid.clear();
    }
    t
}

/// Whether a player (by identity's text) has a page of their own: a key holder.
fn has_page(pid: &str) -> bool {
    pid.parse::<crate::proto::PlayerId>()
        .is_ok_and(|id| crate::store::is_rateable(&id))
}

/// The public view of `t` and the nicks of its entrants who have a player's page.
pub fn public_view(t: &TournamentInfo) -> (TournamentInfo, Vec<String>) {
    let pages = t
        .standings
        .iter()
        .filter(|s| has_page(&s.pid))
        .map(|s| s.nick.clone())
        .collect();
    (public_info(t), pages)
}

impl Service {
    /// Every tournament the lobby has (`ssh host tournaments`): running, upcoming, then
    /// ended ones, newest first. On an edge, the core's lobby's; when the core does not
    /// answer, what the asker reads about it (`refusal-core-away`).
    pub async fn tournaments(&self) -> Result<Vec<TournamentInfo>, Notice> {
        if let Some(a) = self.remote(super::Call::Tournaments).await {
            return a.map_err(|e| {
                tracing::warn!(error = ?e, "tournaments: the core did not answer");
                Notice::new("refusal-core-away")
            });
        }
        Ok(self.lobby.tournaments().await)
    }

    /// An organiser's or an entrant's order to the tournament director (the core's lobby on
    /// an edge): the line to show, or why not, as the asker reads them.
    pub async fn tournament_order(&self, order: TournamentOrder) -> Result<Notice, Notice> {
        if self.is_remote() {
            let call = super::Call::TournamentOrder(order);
            return match self.remote::<Result<Notice, Notice>>(call).await {
                Some(Ok(done)) => done,
                other => {
                    tracing::warn!(error = ?other.and_then(Result::err), "tournament order: the core did not answer");
                    Err(Notice::new("refusal-core-away"))
                }
            };
        }
        self.lobby
            .tournament_notice(order)
            .await
            .map_err(|e| e.notice())
    }

    /// The lobby's tournaments as everyone sees them: running, upcoming by start time, the
    /// last few finished (see [`LobbySnapshot::tournaments`]).
    pub fn tournaments_now(&self) -> Vec<TournamentInfo> {
        self.lobby
            .snapshot()
            .tournaments
            .iter()
            .map(public_info)
            .collect()
    }

    /// The lobby's snapshots as they change (a tournament page's live standings).
    pub fn lobby_changes(&self) -> tokio::sync::watch::Receiver<Arc<LobbySnapshot>> {
        self.lobby.subscribe()
    }

    /// One tournament: the lobby's view of it, else (one finished long ago) the view
    /// computed from its record; `None` for an unknown id.
    pub async fn tournament_page(
        &self,
        id: TournamentId,
    ) -> Result<Option<TournamentPage>, StoreError> {
        let live = self
            .lobby
            .snapshot()
            .tournaments
            .iter()
            .find(|t| t.id == id)
            .map(public_view);
        let Some(rec) = self.tournament_record(id).await? else {
            return Ok(live.map(|(info, pages)| TournamentPage {
                info,
                pairings: Vec::new(),
                pages,
            }));
        };
        let nick = |pid: &str| {
            rec.entrants
                .iter()
                .find(|e| e.pid == pid)
                .map_or_else(|| "?".to_string(), |e| e.nick.clone())
        };
        let pairings = rec
            .pairings
            .iter()
            .map(|p| PairingLine {
                round: p.round,
                game: p.game,
                red: nick(&p.red),
                blue: p.blue.as_deref().map(nick),
                result: p.result.map(result_word),
            })
            .collect();
        let (info, pages) = match live {
            Some(v) => v,
            None => (
                public_info(&crate::lobby::stored_info(&rec)),
                rec.entrants
                    .iter()
                    .filter(|e| has_page(&e.pid))
                    .map(|e| e.nick.clone())
                    .collect(),
            ),
        };
        Ok(Some(TournamentPage {
            info,
            pairings,
            pages,
        }))
    }
}

/// A pairing's result in one word.
pub fn result_word(r: GameResult) -> &'static str {
    match r {
        GameResult::Win(Color::Red) => "red",
        GameResult::Win(Color::Blue) => "blue",
        GameResult::Draw => "draw",
        GameResult::Void => "void",
    }
}
