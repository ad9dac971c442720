//! The pure game: board, pieces, variants and options, set-ups, legal moves, battles,
//! repetition rules, why a move is illegal, end of game, per-player views, moves as text for
//! players (`notation`), game records and the Gravon archive format. No I/O, no async, no
//! UI; deterministic.

mod piece;
mod square;
mod types;
mod variant;

pub use piece::{ByColor, Color, Numbering, Piece, Rank};
pub use square::{ParseSquareError, Square, LAKES};
pub use types::{
    Battle, BattleResult, EndReason, Move, MoveEvent, Outcome, PlayerView, Rescue, ViewBattle,
    ViewCaptured, ViewMove, ViewPiece, Viewer,
};
pub use variant::{Immobility, MoveCap, Options, Rules, Variant};
mod setup;
pub use setup::{setup_squares, Setup, SetupError, SplitMix64};
mod game;
pub mod gravon;
mod illegal;
pub use illegal::{IllegalMove, IllegalReason};
pub mod notation;
mod record;
pub use game::Game;
pub use record::{GameRecord, PlyViews, ReplayError};
pub mod analysis;
pub mod notes;
pub use analysis::{GameAnalysis, Judgement, PlyReview, Severity};
pub use notes::{Guess, Note, NoteError, NoteEvent, Notes, MAX_LOG as MAX_NOTE_LOG};
pub mod setup_stats;
pub use setup_stats::{Explorer, SetupStats};
