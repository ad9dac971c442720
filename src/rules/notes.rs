//! A player's notes on the opponent's unknown pieces: a guess at what a piece is ("a
//! Bomb?", "a Colonel or a General?", "not a Bomb", "it moved"), kept for that player alone.
//!
//! The reading of each rule:
//! - **What may carry a note.** A piece of the opponent's, on the board, whose rank the
//!   noting player's view does not hold, while the game is in play. Never one's own piece,
//!   an empty square, a revealed piece, nor anything a spectator sees. [`Notes::set`]
//!   checks this against the player's own [`PlayerView`] and changes nothing when it fails.
//! - **A note follows its piece.** When the opponent moves a noted piece (a step, a
//!   Scout's run, an attack it survives with its rank still unknown: Silent Defense), the
//!   note moves with it to the square it reached ([`Notes::follow`]).
//! - **A note goes** when its piece is revealed (a battle showed its rank), is captured,
//!   or is otherwise no longer an unknown enemy piece in the player's view: after every
//!   move the notes are held against the view ([`Notes::prune`]). At the end of the game
//!   every rank is revealed, so every note goes.
//! - **A guess** is one rank, or a short list of ranks (at most [`MAX_RANKS`]; "a Bomb?"
//!   is the list holding the Bomb), or "not a Bomb", or "moved". On a board it is drawn as
//!   its label with a `?` after it ([`Guess::label`]), never as a bare rank, so that a note
//!   is never mistaken for a rank the game revealed.
//! - **The log.** Every note made or cleared is kept as a [`NoteEvent`] (the ply it was
//!   made at, the square, the guess or `None` for cleared). The notes at any ply of a game
//!   are the log replayed over the game as that player saw it ([`notes_at`]): what a
//!   restart restores and what the player's own replay shows.
//!
//! Pure: no I/O, deterministic.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::piece::{Color, Numbering, Rank};
use super::record::{GameRecord, ReplayError};
use super::square::Square;
use super::types::{PlayerView, ViewMove, Viewer};
use super::Game;

/// The most ranks one guess may list.
pub const MAX_RANKS: usize = 3;
/// The most notes a log of one seat may hold (made and cleared); past it a note is
/// refused. Far more than a game needs: it bounds what the store keeps.
pub const MAX_LOG: usize = 2000;

/// What a player guesses an unknown piece is.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Guess {
    /// One rank or a short list, strongest first (`[Bomb]`: "a Bomb?").
    Ranks(Vec<Rank>),
    /// Not a Bomb.
    NotBomb,
    /// The piece has moved (so it is no Bomb and no Flag).
    Moved,
}

/// Why a guess cannot be read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GuessError {
    /// Nothing given.
    Empty,
    /// A word that is no rank and no guess.
    Unknown,
    /// More than [`MAX_RANKS`] ranks.
    TooMany,
}

impl fmt::Display for GuessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GuessError::Empty => "no guess given",
            GuessError::Unknown => "not a rank, bomb, not-bomb or moved",
            GuessError::TooMany => "at most three ranks",
        })
    }
}

impl std::error::Error for GuessError {}

/// One rank as typed: a number in the numbering, a letter (`S`, `B`, `F`, `X` for the
/// Marshal) or an English name; a `?` after it is allowed.
fn parse_rank(word: &str, n: Numbering) -> Option<Rank> {
    let w = word.trim_end_matches('?').to_ascii_lowercase();
    if let Some(r) = Rank::ALL
        .into_iter()
        .find(|r| r.name().eq_ignore_ascii_case(&w))
    {
        return Some(r);
    }
    match w.as_str() {
        "s" => return Some(Rank::Spy),
        "b" => return Some(Rank::Bomb),
        "f" => return Some(Rank::Flag),
        "x" => return Some(Rank::Marshal),
        _ => {}
    }
    Rank::ALL
        .into_iter()
        .find(|r| r.label(n) == w)
        .or(match (n, w.as_str()) {
            // Modern numbering: 1 is the Spy, as the set-up's key.
            (Numbering::Modern, "1") => Some(Rank::Spy),
            _ => None,
        })
}

impl Guess {
    /// Reads a guess from words: `bomb` (or `b`, `bomb?`), `not-bomb` (`notbomb`, `not
    /// bomb`, `!b`), `moved`, or one to three ranks (`8`, `8 9`, `8/9`, `colonel,general`,
    /// in the numbering `n`).
    pub fn parse(text: &str, n: Numbering) -> Result<Guess, GuessError> {
        let t = text.trim().to_ascii_lowercase();
        let compact: String = t
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect();
        match compact.trim_end_matches('?') {
            "" => return Err(GuessError::Empty),
            "notbomb" | "notabomb" | "nobomb" | "!b" | "!bomb" => return Ok(Guess::NotBomb),
            "moved" | "mover" | "m" => return Ok(Guess::Moved),
            _ => {}
        }
        let mut ranks: Vec<Rank> = vec![];
        for w in t.split(|c: char| c.is_whitespace() || c == '/' || c == ',') {
            if w.is_empty() || w == "or" {
                continue;
            }
            let r = parse_rank(w, n).ok_or(GuessError::Unknown)?;
            if !ranks.contains(&r) {
                ranks.push(r);
            }
        }
        if ranks.is_empty() {
            return Err(GuessError::Empty);
        }
        if ranks.len() > MAX_RANKS {
            return Err(GuessError::TooMany);
        }
        ranks.sort_by_key(|r| Rank::ALL.iter().position(|a| a == r));
        Ok(Guess::Ranks(ranks))
    }

    /// The guess on a board: its ranks' labels joined by `/`, then `?` (`8?`, `8/9?`,
    /// `B?`); `¬B?` not a Bomb (`!B?` in ASCII); `m?` moved. Always ends in `?`.
    pub fn label(&self, n: Numbering, ascii: bool) -> String {
        match self {
            Guess::Ranks(rs) => {
                let labels: Vec<&str> = rs.iter().map(|r| r.label(n)).collect();
                format!("{}?", labels.join("/"))
            }
            Guess::NotBomb if ascii => "!B?".into(),
            Guess::NotBomb => "¬B?".into(),
            Guess::Moved => "m?".into(),
        }
    }

    /// [`Guess::label`] in at most `width` characters: the whole label, else the first
    /// rank of a list with `+?`, else `?` alone. Always ends in `?`.
    pub fn label_in(&self, n: Numbering, ascii: bool, width: usize) -> String {
        let full = self.label(n, ascii);
        if full.chars().count() <= width {
            return full;
        }
        if let Guess::Ranks(rs) = self {
            let short = format!("{}+?", rs[0].label(n));
            if short.chars().count() <= width {
                return short;
            }
        }
        "?".into()
    }

    /// The guess as typed back (`8 9`, `bomb`, `not-bomb`, `moved`), in the numbering.
    pub fn typed(&self, n: Numbering) -> String {
        match self {
            Guess::Ranks(rs) if rs.as_slice() == [Rank::Bomb] => "bomb".into(),
            Guess::Ranks(rs) => rs
                .iter()
                .map(|r| r.label(n).to_string())
                .collect::<Vec<_>>()
                .join(" "),
            Guess::NotBomb => "not-bomb".into(),
            Guess::Moved => "moved".into(),
        }
    }
}

/// One note: a guess on the piece standing on `square`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Note {
    pub square: Square,
    pub guess: Guess,
}

/// Why a note cannot be made or cleared: nothing changes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoteError {
    /// A spectator's view: notes are a player's.
    NotAPlayer,
    /// The game is not in play (set-up, or over).
    NotInPlay,
    /// Nothing stands there.
    Empty,
    /// One's own piece.
    OwnPiece,
    /// The piece's rank is known already.
    Revealed,
    /// Clearing a note where there is none.
    NoNote,
    /// The log is full ([`MAX_LOG`]).
    TooMany,
}

impl fmt::Display for NoteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NoteError::NotAPlayer => "only a player makes notes",
            NoteError::NotInPlay => "notes are made during play",
            NoteError::Empty => "no piece there",
            NoteError::OwnPiece => "that is your own piece",
            NoteError::Revealed => "that piece's rank is known",
            NoteError::NoNote => "no note there",
            NoteError::TooMany => "too many notes in this game",
        })
    }
}

impl std::error::Error for NoteError {}

/// One note made (`guess`) or cleared (`None`) at ply `ply` (the plies played when it was
/// made) on `square`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct NoteEvent {
    pub ply: u32,
    pub square: Square,
    pub guess: Option<Guess>,
}

/// One player's notes in one game, by square (at most one a square).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Notes {
    notes: Vec<Note>,
}

impl Notes {
    pub fn is_empty(&self) -> bool {
        self.notes.is_empty()
    }

    pub fn len(&self) -> usize {
        self.notes.len()
    }

    /// The notes, by square (A1, B1, ... J10).
    pub fn iter(&self) -> impl Iterator<Item = &Note> {
        self.notes.iter()
    }

    /// The guess on `sq`, if any.
    pub fn get(&self, sq: Square) -> Option<&Guess> {
        self.notes.iter().find(|n| n.square == sq).map(|n| &n.guess)
    }

    /// Whether `view`'s player may put a note on `sq`: an unknown enemy piece, in play.
    pub fn check(view: &PlayerView, sq: Square) -> Result<(), NoteError> {
        let Viewer::Player(me) = view.viewer else {
            return Err(NoteError::NotAPlayer);
        };
        if view.outcome.is_some() {
            return Err(NoteError::NotInPlay);
        }
        match view.piece_at(sq) {
            None => Err(NoteError::Empty),
            Some(p) if p.color == me => Err(NoteError::OwnPiece),
            Some(p) if p.rank.is_some() => Err(NoteError::Revealed),
            Some(_) => Ok(()),
        }
    }

    /// Makes (`Some`) or clears (`None`) the note on `sq`, checked against the player's
    /// `view` ([`Notes::check`]; clearing needs a note there). On an error nothing changes.
    pub fn set(
        &mut self,
        view: &PlayerView,
        sq: Square,
        guess: Option<Guess>,
    ) -> Result<(), NoteError> {
        Notes::check(view, sq)?;
        match guess {
            Some(guess) => {
                self.put(sq, guess);
                Ok(())
            }
            None if self.get(sq).is_none() => Err(NoteError::NoNote),
            None => {
                self.notes.retain(|n| n.square != sq);
                Ok(())
            }
        }
    }

    fn put(&mut self, sq: Square, guess: Guess) {
        match self.notes.iter_mut().find(|n| n.square == sq) {
            Some(n) => n.guess = guess,
            None => {
                self.notes.push(Note { square: sq, guess });
                self.notes.sort_by_key(|n| n.square.index());
            }
        }
    }

    /// After a move (`mv`, as the player knows it; `after`, the player's view once it is
    /// played): an opponent's noted piece that moved takes its note along, then every note
    /// no longer on an unknown enemy piece goes ([`Notes::prune`]).
    pub fn follow(&mut self, mv: &ViewMove, after: &PlayerView) {
        if let Viewer::Player(me) = after.viewer {
            if mv.mover != me {
                if let Some(i) = self.notes.iter().position(|n| n.square == mv.from) {
                    let note = self.notes.remove(i);
                    self.notes.retain(|n| n.square != mv.to);
                    self.put(mv.to, note.guess);
                }
            }
        }
        self.prune(after);
    }

    /// Adds `other`'s notes without any check: only for the audit tests' planted leak
    /// (`GameConfig::plant_note_leak`), never for a seat's own notes.
    #[doc(hidden)]
    pub fn extend_unchecked(&mut self, other: &Notes) {
        for n in other.iter() {
            self.put(n.square, n.guess.clone());
        }
    }

    /// Drops every note whose square holds no unknown enemy piece in `view` (revealed,
    /// captured, the game over).
    pub fn prune(&mut self, view: &PlayerView) {
        self.notes.retain(|n| Notes::check(view, n.square).is_ok());
    }
}

/// The notes `color` had after `ply` plies of `record`, from its note log: each event
/// applied at its ply, the notes following every move as `color` saw it. Events that no
/// longer apply (a log written by an older rule) are skipped.
pub fn notes_at(
    record: &GameRecord,
    color: Color,
    log: &[NoteEvent],
    ply: u32,
) -> Result<Notes, ReplayError> {
    let mut notes = Notes::default();
    if log.is_empty() {
        return Ok(notes);
    }
    let viewer = Viewer::Player(color);
    let mut game: Game = record.replay_to(0)?;
    let mut view = game.view(viewer);
    let plies = (record.moves.len() as u32).min(ply);
    let mut events = log.iter().peekable();
    for p in 0..=plies {
        while let Some(e) = events.next_if(|e| e.ply <= p) {
            if e.ply == p {
                let _ = notes.set(&view, e.square, e.guess.clone());
            }
        }
        if p == plies {
            break;
        }
        let mv = record.moves[p as usize];
        game.play(mv).map_err(|e| ReplayError::IllegalMove {
            ply: p as usize + 1,
            mv,
            reason: e.reason.to_string(),
        })?;
        if game.ply() as usize == record.moves.len() {
            if let Some(o) = record.outcome {
                if game.outcome().is_none() {
                    game.end(o);
                }
            }
        }
        view = game.view(viewer);
        if let Some(m) = view.last_move {
            notes.follow(&m, &view);
        }
    }
    Ok(notes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Rules, Setup, Variant};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn game() -> Game {
        let rules = Rules::standard(Variant::Classic);
        let red = Setup::random(&rules, Color::Red, 1);
        let blue = Setup::random(&rules, Color::Blue, 2);
        Game::new(rules, &red, &blue).unwrap()
    }

    #[test]
    fn guesses_read_and_label() {
        let n = Numbering::Modern;
        assert_eq!(Guess::parse("bomb", n), Ok(Guess::Ranks(vec![Rank::Bomb])));
        assert_eq!(Guess::parse("B?", n), Ok(Guess::Ranks(vec![Rank::Bomb])));
        assert_eq!(Guess::parse("not bomb", n), Ok(Guess::NotBomb));
        assert_eq!(Guess::parse("not-bomb", n), Ok(Guess::NotBomb));
        assert_eq!(Guess::parse("moved", n), Ok(Guess::Moved));
        assert_eq!(
            Guess::parse("9 8", n),
            Ok(Guess::Ranks(vec![Rank::General, Rank::Colonel]))
        );
        assert_eq!(
            Guess::parse("colonel/general", n),
            Ok(Guess::Ranks(vec![Rank::General, Rank::Colonel]))
        );
        assert_eq!(Guess::parse("10", n), Ok(Guess::Ranks(vec![Rank::Marshal])));
        assert_eq!(
            Guess::parse("1", Numbering::Classic),
            Ok(Guess::Ranks(vec![Rank::Marshal]))
        );
        assert_eq!(Guess::parse("1", n), Ok(Guess::Ranks(vec![Rank::Spy])));
        assert_eq!(Guess::parse("2 3 4 5", n), Err(GuessError::TooMany));
        assert_eq!(Guess::parse("banana", n), Err(GuessError::Unknown));
        assert_eq!(Guess::parse("  ", n), Err(GuessError::Empty));
        assert_eq!(
            Guess::parse("8 8", n),
            Ok(Guess::Ranks(vec![Rank::Colonel]))
        );
        let g = Guess::parse("8 9", n).unwrap();
        assert_eq!(g.label(n, false), "9/8?");
        assert_eq!(g.label_in(n, false, 3), "9+?");
        assert_eq!(g.label_in(n, false, 2), "?");
        assert_eq!(Guess::NotBomb.label(n, true), "!B?");
        // Every label ends in `?`: never a bare rank.
        for r in Rank::ALL {
            let g = Guess::Ranks(vec![r]);
            for w in 1..6 {
                assert!(g.label_in(n, false, w).ends_with('?'));
                assert!(g.label_in(n, false, w).chars().count() <= w.max(1));
            }
            assert_eq!(Guess::parse(&g.typed(n), n), Ok(g));
        }
    }

    #[test]
    fn only_unknown_enemy_pieces_take_notes() {
        let g = game();
        let red = g.view(Viewer::Player(Color::Red));
        let mut notes = Notes::default();
        let bomb = Some(Guess::Ranks(vec![Rank::Bomb]));
        assert_eq!(
            notes.set(&red, sq("A1"), bomb.clone()),
            Err(NoteError::OwnPiece)
        );
        assert_eq!(
            notes.set(&red, sq("A5"), bomb.clone()),
            Err(NoteError::Empty)
        );
        assert_eq!(notes.set(&red, sq("A7"), None), Err(NoteError::NoNote));
        let spect = g.view(Viewer::Spectator);
        assert_eq!(
            notes.set(&spect, sq("A7"), bomb.clone()),
            Err(NoteError::NotAPlayer)
        );
        assert!(notes.is_empty());
        assert_eq!(notes.set(&red, sq("A7"), bomb.clone()), Ok(()));
        assert_eq!(notes.get(sq("A7")), bomb.as_ref());
        assert_eq!(notes.set(&red, sq("A7"), Some(Guess::Moved)), Ok(()));
        assert_eq!(notes.len(), 1);
        assert_eq!(notes.set(&red, sq("A7"), None), Ok(()));
        assert!(notes.is_empty());
    }

    /// A note follows its piece, and goes when the piece is revealed or taken.
    /// Plays Red's first legal move; returns a Blue move onto a square Red sees empty.
    fn red_then_a_quiet_blue_move(g: &mut Game) -> Move {
        let me = Viewer::Player(Color::Red);
        let red_move = g.view(me).legal_moves[0];
        g.play(red_move).unwrap();
        let blue = g.view(Viewer::Player(Color::Blue));
        *blue
            .legal_moves
            .iter()
            .find(|m| g.view(me).piece_at(m.to).is_none())
            .unwrap()
    }

    #[test]
    fn a_note_follows_its_piece_and_goes_when_revealed() {
        let mut g = game();
        let me = Viewer::Player(Color::Red);
        // Find a blue piece that can step forward (towards Red) and a red one that can move.
        let mut notes = Notes::default();
        let bmv = red_then_a_quiet_blue_move(&mut g);
        notes
            .set(&g.view(me), bmv.from, Some(Guess::Ranks(vec![Rank::Scout])))
            .unwrap();
        g.play(bmv).unwrap();
        let after = g.view(me);
        notes.follow(&after.last_move.unwrap(), &after);
        assert_eq!(notes.get(bmv.from), None);
        assert_eq!(notes.get(bmv.to), Some(&Guess::Ranks(vec![Rank::Scout])));
        // The game over: every rank shows, every note goes.
        g.end(crate::rules::Outcome {
            winner: None,
            reason: crate::rules::EndReason::DrawAgreed,
        });
        notes.prune(&g.view(me));
        assert!(notes.is_empty());
    }

    #[test]
    fn notes_at_replays_the_log() {
        let mut g = game();
        let bmv = red_then_a_quiet_blue_move(&mut g);
        g.play(bmv).unwrap();
        let record = g.record();
        let log = vec![
            NoteEvent {
                ply: 1,
                square: bmv.from,
                guess: Some(Guess::NotBomb),
            },
            // Not an enemy piece: skipped.
            NoteEvent {
                ply: 1,
                square: sq("A1"),
                guess: Some(Guess::NotBomb),
            },
        ];
        assert!(notes_at(&record, Color::Red, &log, 0).unwrap().is_empty());
        let at1 = notes_at(&record, Color::Red, &log, 1).unwrap();
        assert_eq!(at1.get(bmv.from), Some(&Guess::NotBomb));
        assert_eq!(at1.len(), 1);
        let at2 = notes_at(&record, Color::Red, &log, 2).unwrap();
        assert_eq!(at2.get(bmv.to), Some(&Guess::NotBomb));
        assert_eq!(at2.get(bmv.from), None);
        // Blue's notes are Blue's: Red's log says nothing of them.
        assert!(notes_at(&record, Color::Blue, &[], 2).unwrap().is_empty());
    }
}
