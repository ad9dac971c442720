//! Each player's notes on the opponent's unknown pieces ([`crate::rules::notes`]): a seat's
//! own data, kept beside its game so that a reconnect, a restart and the player's own
//! replay find them. Nothing here is shown to anyone but that seat's player: the game task
//! adds a seat's notes to that seat's snapshot only, and a replay only to the seat's own
//! player looking from their own side.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `notes` | game id (u64 big-endian) + colour byte (0 Red, 1 Blue) | the seat's note log (`NotesV1`): every note made or cleared, with its ply and square |
//!
//! The log stays after the game ends (the replay reads it); an aborted game's goes with
//! it ([`Live::remove`](super::Live::remove)).
//!
//! Flushes: [`NoteLogs::save`] (`async`, through the writer). Reads never do.

use super::records::*;
use super::{Store, StoreError};
use crate::proto::GameId;
use crate::rules::{Color, NoteEvent, MAX_NOTE_LOG};

/// The key of a seat's note log.
pub(crate) fn notes_key(id: GameId, color: Color) -> [u8; 9] {
    let mut k = [0u8; 9];
    k[..8].copy_from_slice(&id.to_be_bytes());
    k[8] = match color {
        Color::Red => 0,
        Color::Blue => 1,
    };
    k
}

/// The seats' note logs: `store.notes()`. Cheap to clone.
#[derive(Clone)]
pub struct NoteLogs {
    store: Store,
}

impl NoteLogs {
    pub(super) fn new(store: Store) -> NoteLogs {
        NoteLogs { store }
    }

    /// Replaces the note log of `color`'s seat in game `id`; flushed before returning, off
    /// the runtime. A log longer than [`MAX_NOTE_LOG`] is refused.
    pub async fn save(
        &self,
        id: GameId,
        color: Color,
        log: Vec<NoteEvent>,
    ) -> Result<(), StoreError> {
        if log.len() > MAX_NOTE_LOG {
            return Err(StoreError::Invalid("too many notes".into()));
        }
        let this = self.clone();
        self.store
            .durable(move || {
                let _g = this.store.writing();
                let value = NotesV1 {
                    v: NotesV1::VERSION,
                    events: log,
                };
                this.store
                    .t()
                    .notes
                    .insert(notes_key(id, color), encode(&value))?;
                Ok(())
            })
            .await
    }

    /// The note log of `color`'s seat in game `id` (empty when none was made).
    pub fn get(&self, id: GameId, color: Color) -> Result<Vec<NoteEvent>, StoreError> {
        match self.store.t().notes.get(notes_key(id, color))? {
            Some(b) => Ok(decode::<NotesV1>(&b)?.events),
            None => Ok(vec![]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Guess;

    #[tokio::test]
    async fn a_log_is_kept_per_seat() {
        let s = Store::temporary().unwrap();
        let log = vec![NoteEvent {
            ply: 3,
            square: "C7".parse().unwrap(),
            guess: Some(Guess::NotBomb),
        }];
        s.notes().save(5, Color::Red, log.clone()).await.unwrap();
        assert_eq!(s.notes().get(5, Color::Red).unwrap(), log);
        assert_eq!(s.notes().get(5, Color::Blue).unwrap(), vec![]);
        assert_eq!(s.notes().get(6, Color::Red).unwrap(), vec![]);
    }
}
