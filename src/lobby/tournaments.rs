//! The tournament director: part of the lobby actor.

use super::{Lobby, SessionId};
use crate::proto::TournamentId;

impl Lobby {
    pub(super) fn join_tournament(&mut self, session: SessionId, id: TournamentId) {
        let _ = (session, id);
    }

    pub(super) fn leave_tournament(&mut self, session: SessionId, id: TournamentId) {
        let _ = (session, id);
    }

    pub(super) fn tournament_chat(&mut self, session: SessionId, id: TournamentId, text: &str) {
        let _ = (session, id, text);
    }
}
