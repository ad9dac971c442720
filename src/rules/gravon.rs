//! The public game archive of the Gravon server (StraDoS2 XML): reading a game, and writing
//! one back in the same format.
//!
//! ```text
//! <stratego><game type="classic|barrage|duell">
//!   <field content="...100 characters..."/>
//!   <move id="1" source="F4" target="F5"/> ... one per ply, Red first
//!   <player id="1">Red's name</player><player id="2">Blue's name</player>
//!   <result type="T" winner="W"/>
//! </game></stratego>
//! ```
//!
//! Squares are written with the columns `A B C D E F G H I K` (Gravon skips `J`; a few
//! files write `J` for `K`) and the rows `1`..`9`, `:` for row 10. The field has one
//! character per square, row by row from Red's back row.
//!
//! No I/O: [`parse`] takes the text of a file, [`export`] returns one, and
//! [`record_from_gravon`] replays a game with the engine into a [`GameRecord`].

use std::fmt;

use serde::{Deserialize, Serialize};

use super::game::Game;
use super::piece::{Color, Rank};
use super::record::{GameRecord, ReplayError};
use super::setup::Setup;
use super::square::Square;
use super::types::{EndReason, Move, Outcome};
use super::variant::{Options, Rules, Variant};

/// One game of the archive.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GravonGame {
    pub variant: Variant,
    /// The variant under the Gravon server's options ([`Options::gravon`]).
    pub rules: Rules,
    pub red: Setup,
    pub blue: Setup,
    /// One per ply, Red first.
    pub moves: Vec<Move>,
    /// Red's name, then Blue's.
    pub players: [String; 2],
    /// How the record says the game ended; `None` when the file has no `<result>`.
    pub result: Option<GravonResult>,
}

/// The `<result type="T" winner="W"/>` element.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct GravonResult {
    /// 0 opponent unable to move, 1 flag captured, 2 both unable to move, 3 resignation,
    /// 4 draw agreed, 10..=14 absence or clock.
    pub kind: u8,
    /// 1 Red, 2 Blue, 3 draw.
    pub winner: u8,
}

impl GravonResult {
    pub const UNABLE_TO_MOVE: u8 = 0;
    pub const FLAG_CAPTURED: u8 = 1;
    pub const BOTH_UNABLE_TO_MOVE: u8 = 2;
    pub const RESIGNATION: u8 = 3;
    pub const DRAW_AGREED: u8 = 4;
    /// The first of the absence and clock codes 10..=14 (the archive does not tell them
    /// apart; this one is written for a loss on time or an abandonment).
    pub const ABSENCE_OR_CLOCK: u8 = 10;

    /// Whether `kind` is one of the codes the archive uses.
    pub const fn is_known_kind(kind: u8) -> bool {
        matches!(kind, 0..=4 | 10..=14)
    }

    /// The winning colour, `None` for a draw.
    pub const fn winner_color(self) -> Option<Color> {
        match self.winner {
            1 => Some(Color::Red),
            2 => Some(Color::Blue),
            _ => None,
        }
    }

    /// Whether the rules alone end the game this way (flag captured, a side or both unable
    /// to move), so that an engine replaying the moves must end it at the last one.
    pub const fn ended_on_board(self) -> bool {
        matches!(
            self.kind,
            Self::UNABLE_TO_MOVE | Self::FLAG_CAPTURED | Self::BOTH_UNABLE_TO_MOVE
        )
    }

    /// Whether the engine's outcome after the last move agrees with this result: for a
    /// flag captured (type 1), a side unable to move (type 0) or both (type 2), the engine
    /// ended the game with the same winner for the same kind of reason (type 0: no movable
    /// piece or no legal move; type 2 also a draw by no movable pieces on both sides); for
    /// the endings the rules cannot see (resignation, agreed draw, absence or clock), the
    /// engine still has the game running.
    pub fn matches(self, outcome: Option<Outcome>) -> bool {
        let Some(o) = outcome else {
            return !self.ended_on_board();
        };
        o.winner == self.winner_color()
            && match self.kind {
                Self::FLAG_CAPTURED => o.reason == EndReason::FlagCaptured,
                Self::UNABLE_TO_MOVE => {
                    matches!(
                        o.reason,
                        EndReason::NoMovablePieces | EndReason::NoLegalMove
                    )
                }
                Self::BOTH_UNABLE_TO_MOVE => matches!(
                    o.reason,
                    EndReason::BothCannotMove | EndReason::NoMovablePieces | EndReason::NoLegalMove
                ),
                _ => false,
            }
    }

    pub const fn describe(self) -> &'static str {
        match self.kind {
            Self::UNABLE_TO_MOVE => "opponent unable to move",
            Self::FLAG_CAPTURED => "flag captured",
            Self::BOTH_UNABLE_TO_MOVE => "both unable to move",
            Self::RESIGNATION => "resignation",
            Self::DRAW_AGREED => "draw agreed",
            10..=14 => "absence or clock",
            _ => "unknown ending",
        }
    }

    /// The outcome in the engine's terms. Type 0 becomes [`EndReason::NoLegalMove`] (the
    /// record does not say whether the loser had movable pieces left), 10..=14
    /// [`EndReason::Time`].
    pub fn to_outcome(self) -> Outcome {
        let reason = match self.kind {
            Self::FLAG_CAPTURED => EndReason::FlagCaptured,
            Self::UNABLE_TO_MOVE => EndReason::NoLegalMove,
            Self::BOTH_UNABLE_TO_MOVE => EndReason::BothCannotMove,
            Self::RESIGNATION => EndReason::Resignation,
            Self::DRAW_AGREED => EndReason::DrawAgreed,
            _ => EndReason::Time,
        };
        Outcome {
            winner: self.winner_color(),
            reason,
        }
    }

    /// The archive's code for an outcome. A side that cannot move is type 0 (type 2 when
    /// neither can); a move-cap draw has no code of its own and is written as an agreed
    /// draw; time and abandonment are written as 10.
    pub fn from_outcome(outcome: &Outcome) -> GravonResult {
        let winner = match outcome.winner {
            Some(Color::Red) => 1,
            Some(Color::Blue) => 2,
            None => 3,
        };
        let kind = match outcome.reason {
            EndReason::FlagCaptured => Self::FLAG_CAPTURED,
            EndReason::NoMovablePieces | EndReason::NoLegalMove if outcome.winner.is_some() => {
                Self::UNABLE_TO_MOVE
            }
            EndReason::NoMovablePieces | EndReason::NoLegalMove | EndReason::BothCannotMove => {
                Self::BOTH_UNABLE_TO_MOVE
            }
            EndReason::Resignation => Self::RESIGNATION,
            // Aborted games are never stored; exported anyway, they read as a draw.
            EndReason::DrawAgreed | EndReason::MoveCap | EndReason::Aborted => Self::DRAW_AGREED,
            EndReason::Time | EndReason::Abandonment => Self::ABSENCE_OR_CLOCK,
        };
        GravonResult { kind, winner }
    }
}

impl fmt::Display for GravonResult {
    /// `Blue wins (flag captured) [type 1]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner_color() {
            Some(c) => write!(f, "{c} wins")?,
            None => f.write_str("draw")?,
        }
        write!(f, " ({}) [type {}]", self.describe(), self.kind)
    }
}

/// Why a file could not be read as a Gravon game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GravonError {
    /// Not well-formed XML (at 1-based `line`).
    Xml { line: usize, message: String },
    /// A required element is absent.
    MissingElement(&'static str),
    /// An element that may appear once appears twice.
    DuplicateElement(&'static str),
    MissingAttribute {
        element: &'static str,
        attribute: &'static str,
    },
    /// `<game type=...>` names no variant.
    UnknownVariant(String),
    /// The field does not have 100 characters.
    FieldLength(usize),
    /// A field character that is no piece, `A` (empty) or `_` (lake), or a `_` off the lakes.
    FieldCharacter { index: usize, found: char },
    /// A move's `source` or `target` is not a square.
    BadSquare { move_id: u32, found: String },
    /// Move ids are not 1, 2, 3, ... (each once).
    MoveNumbering { expected: u32, found: u32 },
    /// A number attribute that is not a number.
    BadNumber {
        element: &'static str,
        attribute: &'static str,
        found: String,
    },
    /// A `<player>` whose id is not 1 or 2.
    BadPlayerId(String),
    /// A result type or winner the archive does not use.
    BadResult { kind: u8, winner: u8 },
}

impl fmt::Display for GravonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GravonError::Xml { line, message } => write!(f, "line {line}: {message}"),
            GravonError::MissingElement(e) => write!(f, "no <{e}> element"),
            GravonError::DuplicateElement(e) => write!(f, "more than one <{e}> element"),
            GravonError::MissingAttribute { element, attribute } => {
                write!(f, "<{element}> has no {attribute}=\"...\" attribute")
            }
            GravonError::UnknownVariant(v) => write!(
                f,
                "game type \"{}\" is not classic, barrage or duell",
                v.escape_default()
            ),
            GravonError::FieldLength(n) => {
                write!(f, "the field has {n} characters, it must have 100")
            }
            GravonError::FieldCharacter { index, found } => {
                let square =
                    Square::from_index(*index).map_or_else(|| "?".into(), |s| s.to_string());
                write!(
                    f,
                    "field character {} ('{}', square {square})",
                    index + 1,
                    found.escape_default()
                )?;
                if *found == '_' {
                    f.write_str(" marks a lake where there is none")
                } else {
                    f.write_str(" is not A (empty), _ (lake) or a piece letter B-Y")
                }
            }
            GravonError::BadSquare { move_id, found } => write!(
                f,
                "move {move_id}: \"{}\" is not a square (columns A-I and K, rows 1-9 and :)",
                found.escape_default()
            ),
            GravonError::MoveNumbering { expected, found } => {
                write!(f, "move id {found} where move {expected} was expected")
            }
            GravonError::BadNumber {
                element,
                attribute,
                found,
            } => write!(
                f,
                "<{element}> {attribute}=\"{}\" is not a number",
                found.escape_default()
            ),
            GravonError::BadPlayerId(id) => {
                write!(
                    f,
                    "<player id=\"{}\">: the id must be 1 or 2",
                    id.escape_default()
                )
            }
            GravonError::BadResult { kind, winner } => write!(
                f,
                "result type {kind} winner {winner}: types are 0-4 and 10-14, winners 1-3"
            ),
        }
    }
}

impl std::error::Error for GravonError {}

// ---------------------------------------------------------------------------------------
// Squares and the field.

/// Gravon's column letters, `A`..`I` then `K`.
const COLUMNS: [u8; 10] = *b"ABCDEFGHIK";

/// Reads a Gravon square: a column `A`..`I` or `K` (`J` is read as `K`), then a row `1`..`9`
/// or `:` for row 10 (`10` is accepted too). Case-insensitive.
pub fn parse_square(s: &str) -> Option<Square> {
    let s = s.trim().as_bytes();
    let (&col, row) = s.split_first()?;
    let file = match col.to_ascii_uppercase() {
        b'J' => 9,
        c => COLUMNS.iter().position(|&x| x == c)? as u8,
    };
    let row = match row {
        [b':'] | b"10" => 9,
        [r @ b'1'..=b'9'] => r - b'1',
        _ => return None,
    };
    Square::new(file, row)
}

/// A square in Gravon's notation: `A1`, `K4`, `E:`.
pub fn square_name(sq: Square) -> String {
    let row = match sq.row() {
        9 => ':',
        r => (b'1' + r) as char,
    };
    format!("{}{}", COLUMNS[sq.file() as usize] as char, row)
}

/// The field letter of a Red piece; Blue's are 12 letters further (`N`..`Y`).
const fn red_letter(rank: Rank) -> u8 {
    match rank {
        Rank::Bomb => b'B',
        Rank::Spy => b'C',
        Rank::Scout => b'D',
        Rank::Miner => b'E',
        Rank::Sergeant => b'F',
        Rank::Lieutenant => b'G',
        Rank::Captain => b'H',
        Rank::Major => b'I',
        Rank::Colonel => b'J',
        Rank::General => b'K',
        Rank::Marshal => b'L',
        Rank::Flag => b'M',
    }
}

fn piece_letter(color: Color, rank: Rank) -> char {
    match color {
        Color::Red => red_letter(rank) as char,
        Color::Blue => (red_letter(rank) + 12) as char,
    }
}

fn letter_piece(c: char) -> Option<(Color, Rank)> {
    let (color, red) = match u8::try_from(c).ok()? {
        b @ b'B'..=b'M' => (Color::Red, b),
        b @ b'N'..=b'Y' => (Color::Blue, b - 12),
        _ => return None,
    };
    let rank = Rank::ALL.into_iter().find(|&r| red_letter(r) == red)?;
    Some((color, rank))
}

/// Reads the 100-character field into Red's and Blue's set-ups (which may be sparse; the
/// engine judges whether they are valid).
pub fn parse_field(content: &str) -> Result<(Setup, Setup), GravonError> {
    let chars: Vec<char> = content.trim().chars().collect();
    if chars.len() != 100 {
        return Err(GravonError::FieldLength(chars.len()));
    }
    let mut red = Setup::new(Color::Red);
    let mut blue = Setup::new(Color::Blue);
    for (sq, &c) in Square::all().zip(&chars) {
        match c {
            'A' => {}
            '_' if sq.is_lake() => {}
            _ => {
                let (color, rank) = letter_piece(c).ok_or(GravonError::FieldCharacter {
                    index: sq.index(),
                    found: c,
                })?;
                let setup = match color {
                    Color::Red => &mut red,
                    Color::Blue => &mut blue,
                };
                setup.pieces.insert(sq, rank);
            }
        }
    }
    Ok((red, blue))
}

/// The 100-character field of two set-ups (Red's piece wins a square both claim).
pub fn field_string(red: &Setup, blue: &Setup) -> String {
    Square::all()
        .map(|sq| {
            if let Some(&r) = red.pieces.get(&sq) {
                piece_letter(Color::Red, r)
            } else if let Some(&r) = blue.pieces.get(&sq) {
                piece_letter(Color::Blue, r)
            } else if sq.is_lake() {
                '_'
            } else {
                'A'
            }
        })
        .collect()
}

/// Gravon's name of a variant.
pub const fn variant_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Classic => "classic",
        Variant::Barrage => "barrage",
        Variant::Duel => "duell",
    }
}

/// The rules the Gravon server played a variant under.
pub fn gravon_rules(variant: Variant) -> Rules {
    Rules::new(variant, Options::gravon())
}

// ---------------------------------------------------------------------------------------
// Reading.

/// Reads one game. Element and attribute order, whitespace, comments and unknown elements
/// do not matter; moves are put in the order of their ids, which must be 1, 2, 3, ...
pub fn parse(xml: &str) -> Result<GravonGame, GravonError> {
    let mut reading = Reading::default();
    let mut lexer = Lexer::new(xml);
    let mut open: Vec<String> = Vec::new();
    while let Some(token) = lexer.next_token()? {
        match token {
            Token::Start { name, attrs, empty } => {
                reading.start(&name, &attrs, empty)?;
                if !empty {
                    open.push(name);
                }
            }
            Token::End { name } => {
                match open.pop() {
                    Some(o) if o == name => {}
                    Some(o) => {
                        return Err(lexer.error(format!("</{name}> closes <{o}>")));
                    }
                    None => return Err(lexer.error(format!("</{name}> closes nothing"))),
                }
                reading.end(&name);
            }
            Token::Text(t) => {
                if !reading.text(&t) && !t.trim().is_empty() && open.is_empty() {
                    return Err(lexer.error("text outside the root element".to_string()));
                }
            }
        }
    }
    if let Some(o) = open.last() {
        return Err(lexer.error(format!("<{o}> is never closed")));
    }
    reading.finish()
}

/// What [`parse`] has read so far.
#[derive(Default)]
struct Reading {
    variant: Option<Variant>,
    field: Option<(Setup, Setup)>,
    moves: Vec<(u32, Move)>,
    players: [Option<String>; 2],
    result: Option<GravonResult>,
    /// The player element being read: its index and text so far.
    player_text: Option<(usize, String)>,
}

impl Reading {
    /// A start tag (`empty`: `<x/>`).
    fn start(&mut self, name: &str, attrs: &Attrs, empty: bool) -> Result<(), GravonError> {
        match name.to_ascii_lowercase().as_str() {
            "game" => {
                if self.variant.is_some() {
                    return Err(GravonError::DuplicateElement("game"));
                }
                let t = attrs.get("game", "type")?;
                self.variant =
                    Some(Variant::parse(t).ok_or_else(|| GravonError::UnknownVariant(t.into()))?);
            }
            "field" => {
                if self.field.is_some() {
                    return Err(GravonError::DuplicateElement("field"));
                }
                self.field = Some(parse_field(attrs.get("field", "content")?)?);
            }
            "move" => {
                let id = attrs.number("move", "id")?;
                let square = |attr| {
                    let s = attrs.get("move", attr)?;
                    parse_square(s).ok_or_else(|| GravonError::BadSquare {
                        move_id: id,
                        found: s.to_string(),
                    })
                };
                self.moves
                    .push((id, Move::new(square("source")?, square("target")?)));
            }
            "player" => {
                let id = attrs.get("player", "id")?;
                let index = match id.trim() {
                    "1" => 0,
                    "2" => 1,
                    _ => return Err(GravonError::BadPlayerId(id.to_string())),
                };
                if self.players[index].is_some() {
                    return Err(GravonError::DuplicateElement("player"));
                }
                if empty {
                    self.players[index] = Some(String::new());
                } else {
                    self.player_text = Some((index, String::new()));
                }
            }
            "result" => {
                if self.result.is_some() {
                    return Err(GravonError::DuplicateElement("result"));
                }
                self.result = Some(read_result(attrs)?);
            }
            _ => {}
        }
        Ok(())
    }

    /// An end tag.
    fn end(&mut self, name: &str) {
        if name.eq_ignore_ascii_case("player") {
            if let Some((i, text)) = self.player_text.take() {
                self.players[i] = Some(text.trim().to_string());
            }
        }
    }

    /// Character data: whether it belongs to a player's name.
    fn text(&mut self, t: &str) -> bool {
        match &mut self.player_text {
            Some((_, text)) => {
                text.push_str(t);
                true
            }
            None => false,
        }
    }

    /// The game, once every element is read.
    fn finish(self) -> Result<GravonGame, GravonError> {
        let variant = self.variant.ok_or(GravonError::MissingElement("game"))?;
        let (red, blue) = self.field.ok_or(GravonError::MissingElement("field"))?;
        let mut moves = self.moves;
        moves.sort_by_key(|&(id, _)| id);
        for (i, &(id, _)) in moves.iter().enumerate() {
            let expected = i as u32 + 1;
            if id != expected {
                return Err(GravonError::MoveNumbering {
                    expected,
                    found: id,
                });
            }
        }
        let [red_name, blue_name] = self.players;
        Ok(GravonGame {
            variant,
            rules: gravon_rules(variant),
            red,
            blue,
            moves: moves.into_iter().map(|(_, m)| m).collect(),
            players: [red_name.unwrap_or_default(), blue_name.unwrap_or_default()],
            result: self.result,
        })
    }
}

/// The `<result type="T" winner="W"/>` element's attributes.
fn read_result(attrs: &Attrs) -> Result<GravonResult, GravonError> {
    let kind = attrs.number("result", "type")?;
    let winner = attrs.number("result", "winner")?;
    let r = GravonResult {
        kind: u8::try_from(kind).unwrap_or(u8::MAX),
        winner: u8::try_from(winner).unwrap_or(u8::MAX),
    };
    if !GravonResult::is_known_kind(r.kind) || !(1..=3).contains(&r.winner) {
        return Err(GravonError::BadResult {
            kind: r.kind,
            winner: r.winner,
        });
    }
    Ok(r)
}

enum Token {
    Start {
        name: String,
        attrs: Attrs,
        /// `<x/>`.
        empty: bool,
    },
    End {
        name: String,
    },
    /// Character data with entities decoded.
    Text(String),
}

/// The attributes of one start tag, values decoded.
struct Attrs(Vec<(String, String)>);

impl Attrs {
    fn find(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn get(&self, element: &'static str, attribute: &'static str) -> Result<&str, GravonError> {
        self.find(attribute)
            .ok_or(GravonError::MissingAttribute { element, attribute })
    }

    fn number(&self, element: &'static str, attribute: &'static str) -> Result<u32, GravonError> {
        let v = self.get(element, attribute)?;
        v.trim().parse().map_err(|_| GravonError::BadNumber {
            element,
            attribute,
            found: v.to_string(),
        })
    }
}

/// The XML tokens of a file, read by `quick-xml`: start, end and empty tags with quoted
/// attributes, character data with entity and character references decoded (an unknown
/// one kept as written), CDATA sections as text; declarations, processing instructions and
/// comments skipped. Tag names and attributes are checked a little more strictly than
/// `quick-xml` does, so that a broken tag is named as such.
struct Lexer<'a> {
    src: &'a str,
    reader: quick_xml::Reader<&'a [u8]>,
}

impl<'a> Lexer<'a> {
    fn new(src: &'a str) -> Self {
        // A byte-order mark is not text.
        let src = src.strip_prefix('\u{feff}').unwrap_or(src);
        let mut reader = quick_xml::Reader::from_str(src);
        let config = reader.config_mut();
        // Unmatched and mismatched end tags are told by `parse`, in its words.
        config.check_end_names = false;
        config.allow_unmatched_ends = true;
        // An `&` that starts no reference is text.
        config.allow_dangling_amp = true;
        Lexer { src, reader }
    }

    /// An error at byte `pos` of the text.
    fn error_at(&self, pos: usize, message: String) -> GravonError {
        let end = pos.min(self.src.len());
        let line = self.src.as_bytes()[..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        GravonError::Xml { line, message }
    }

    /// An error where reading has come to.
    fn error(&self, message: String) -> GravonError {
        self.error_at(self.reader.buffer_position() as usize, message)
    }

    fn next_token(&mut self) -> Result<Option<Token>, GravonError> {
        use quick_xml::events::Event;
        loop {
            let event = match self.reader.read_event() {
                Ok(e) => e,
                Err(e) => return Err(self.syntax_error(e)),
            };
            return Ok(Some(match event {
                Event::Start(e) => self.start_tag(&e, false)?,
                Event::Empty(e) => self.start_tag(&e, true)?,
                Event::End(e) => Token::End {
                    name: e.name().as_ref().to_string(),
                },
                Event::Text(t) => Token::Text(t.into_inner().into_owned()),
                Event::CData(t) => Token::Text(t.into_inner().into_owned()),
                Event::GeneralRef(r) => Token::Text(match reference(&r) {
                    Some(c) => c.to_string(),
                    None => format!("&{};", &*r),
                }),
                Event::Eof => return Ok(None),
                Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => continue,
            }));
        }
    }

    /// A `quick-xml` error in our words, at the markup where it was found.
    fn syntax_error(&self, e: quick_xml::Error) -> GravonError {
        use quick_xml::errors::SyntaxError as S;
        let at = self.reader.error_position() as usize;
        let message = match e {
            quick_xml::Error::Syntax(s) => match s {
                S::UnclosedComment => "a comment is never closed".to_string(),
                S::UnclosedPI | S::UnclosedXmlDecl => "a <? declaration is never closed".into(),
                S::UnclosedDoctype | S::InvalidBangMarkup => {
                    "a <! declaration is never closed".into()
                }
                S::UnclosedCData => "a CDATA section is never closed".into(),
                S::UnclosedTag
                | S::UnclosedSingleQuotedAttributeValue
                | S::UnclosedDoubleQuotedAttributeValue => {
                    let rest = self.src.get(at + 1..).unwrap_or("");
                    let rest = rest.strip_prefix('/').unwrap_or(rest);
                    format!("<{} is never closed", &rest[..name_len(rest)])
                }
            },
            other => other.to_string(),
        };
        self.error_at(at, message)
    }

    /// A start tag `<content>` (`empty`: `<content/>`) just read.
    fn start_tag(
        &self,
        e: &quick_xml::events::BytesStart,
        empty: bool,
    ) -> Result<Token, GravonError> {
        let content: &str = e;
        // Where `content` starts in the text.
        let start =
            self.reader.buffer_position() as usize - content.len() - if empty { 2 } else { 1 };
        let name = &content[..name_len(content)];
        let after = content[name.len()..].chars().next();
        if name.is_empty() || after.is_some_and(|c| !c.is_whitespace()) {
            let found = after.map_or("the end".to_string(), |c| {
                format!("'{}'", c.escape_default())
            });
            return Err(self.error_at(start, format!("a name was expected, found {found}")));
        }
        check_tag(content, name).map_err(|(at, message)| self.error_at(start + at, message))?;
        let mut attrs = Vec::new();
        for a in e.attributes() {
            let a = a.map_err(|err| self.error_at(start, attr_error(content, name, err)))?;
            let key = a.key.as_ref();
            if a.value.contains('<') {
                return Err(self.error_at(start, format!("<{name}>: '<' in the value of {key}")));
            }
            attrs.push((key.to_string(), decode(&a.value)));
        }
        Ok(Token::Start {
            name: name.to_string(),
            attrs: Attrs(attrs),
            empty,
        })
    }
}

/// The length of the name at the start of `s`.
fn name_len(s: &str) -> usize {
    s.find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ':')))
        .unwrap_or(s.len())
}

/// What `quick-xml` lets pass in a tag and we do not: a `<` outside the quotes (the tag was
/// never closed before the next one) and attributes with no space between them. The error's
/// offset in `content`.
fn check_tag(content: &str, name: &str) -> Result<(), (usize, String)> {
    let mut quote = None;
    let mut after_value = false;
    for (i, c) in content.char_indices() {
        match quote {
            Some(q) if c == q => {
                quote = None;
                after_value = true;
                continue;
            }
            Some(_) => continue,
            None => {}
        }
        if after_value && !c.is_whitespace() {
            return Err((i, format!("<{name}>: a space must separate attributes")));
        }
        after_value = false;
        match c {
            '"' | '\'' => quote = Some(c),
            '<' => return Err((i, format!("<{name} is never closed"))),
            _ => {}
        }
    }
    Ok(())
}

/// A `quick-xml` attribute error in our words.
fn attr_error(content: &str, name: &str, e: quick_xml::events::attributes::AttrError) -> String {
    use quick_xml::events::attributes::AttrError as A;
    // The attribute key starting at `at`, or the last one before `at` (and its `=`).
    let key_at = |at: usize| {
        let s = content.get(at..).unwrap_or("");
        s[..name_len(s)].to_string()
    };
    let key_before = |at: usize| {
        let s = content.get(..at).unwrap_or("").trim_end();
        let s = s.strip_suffix('=').unwrap_or(s).trim_end();
        s.rsplit(char::is_whitespace)
            .next()
            .unwrap_or("")
            .to_string()
    };
    match e {
        A::ExpectedEq(at) => format!("<{name}>: attribute {} has no value", key_before(at)),
        A::ExpectedValue(at) => format!("<{name}>: attribute {} has no value", key_before(at)),
        A::UnquotedValue(at) => {
            format!("<{name}>: the value of {} must be quoted", key_before(at))
        }
        A::ExpectedQuote(at, _) => {
            format!("<{name}>: the value of {} is never closed", key_before(at))
        }
        A::Duplicated(at, _) => format!("<{name}>: attribute {} is given twice", key_at(at)),
    }
}

/// Decodes entity and character references. An `&` that starts no known reference is
/// kept as it is (archives written by hand are not always strict).
fn decode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let decoded = rest[1..]
            .find(';')
            .filter(|&end| end <= 10)
            .and_then(|end| Some((reference(&rest[1..=end])?, end + 2)));
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The character of a reference body (`amp`, `#38`, `#x26`).
fn reference(body: &str) -> Option<char> {
    match body {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => {
            let num = body.strip_prefix('#')?;
            let code = match num.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => num.parse().ok()?,
            };
            char::from_u32(code)
        }
    }
}

// ---------------------------------------------------------------------------------------
// Writing.

/// Escapes text for an attribute value or element content.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// Writes a game in the archive's layout. Rescues, which Gravon does not know, are left
/// out of the moves.
pub fn write(
    variant: Variant,
    red: &Setup,
    blue: &Setup,
    moves: &[Move],
    players: [&str; 2],
    result: Option<GravonResult>,
) -> String {
    use fmt::Write as _;
    let mut s = String::with_capacity(200 + 48 * moves.len());
    s.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<stratego>\n");
    let _ = writeln!(s, " <game type=\"{}\">\n  ", variant_name(variant));
    let _ = writeln!(s, "  <field content=\"{}\"/>", field_string(red, blue));
    for (i, m) in moves.iter().enumerate() {
        let _ = writeln!(
            s,
            "  <move id=\"{}\" source=\"{}\" target=\"{}\"/>",
            i + 1,
            square_name(m.from),
            square_name(m.to)
        );
    }
    for (i, name) in players.iter().enumerate() {
        let _ = writeln!(s, "  <player id=\"{}\">{}</player>", i + 1, escape(name));
    }
    if let Some(r) = result {
        let _ = writeln!(s, "  <result type=\"{}\" winner=\"{}\"/>", r.kind, r.winner);
    }
    s.push_str(" </game>\n</stratego>\n");
    s
}

impl GravonGame {
    /// Writes the game back in the archive's layout; `parse` gives it back unchanged.
    pub fn to_xml(&self) -> String {
        write(
            self.variant,
            &self.red,
            &self.blue,
            &self.moves,
            [&self.players[0], &self.players[1]],
            self.result,
        )
    }
}

/// Writes a game record in the archive's format, with the players' names (Red's first).
/// The result is the record's outcome in Gravon's codes ([`GravonResult::from_outcome`]);
/// a game still running has no `<result>`. Only the variant of the rules is written: the
/// format has no place for the options.
pub fn export(record: &GameRecord, players: [&str; 2]) -> String {
    write(
        record.rules.variant,
        &record.red,
        &record.blue,
        &record.moves,
        players,
        record.outcome.as_ref().map(GravonResult::from_outcome),
    )
}

/// Replays a game with the engine under its rules and returns its record. The outcome is
/// the engine's when the moves end the game; otherwise the recorded result's (resignation,
/// agreed draw, absence or clock), or none when the file has no result. Fails on an
/// invalid set-up, on the first move the engine refuses (1-based ply), and when the
/// engine's ending does not agree with the recorded one ([`GravonResult::matches`]).
pub fn record_from_gravon(g: &GravonGame) -> Result<GameRecord, ReplayError> {
    let mut game = Game::new(g.rules, &g.red, &g.blue)
        .map_err(|(color, error)| ReplayError::Setup { color, error })?;
    for (i, &mv) in g.moves.iter().enumerate() {
        let ended = game.outcome();
        game.play(mv).map_err(|e| ReplayError::IllegalMove {
            ply: i + 1,
            mv,
            reason: match ended {
                Some(o) => format!("{} ({o} after move {i})", e.reason),
                None => e.reason.to_string(),
            },
        })?;
    }
    let replayed = game.outcome();
    if let Some(result) = g.result {
        if !result.matches(replayed) {
            return Err(ReplayError::OutcomeMismatch {
                recorded: Some(result.to_outcome()),
                replayed,
            });
        }
        if replayed.is_none() {
            game.end(result.to_outcome());
        }
    }
    Ok(game.record())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<stratego>
 <game type="barrage">
  
  <field content="AAABAKMAAAAAAAAAAAAADAAAAAAAAAADAACAAALEAA__AA__AAAA__AA__AAAYAAWOAAXQAAAAAAAAAAAAAAAAAAANAAAAAAAAPP"/>
  <move id="1" source="I4" target="I5"/>
  <move id="2" source="F7" target="F6"/>
  <move id="3" source="K4" target="K5"/>
  <move id="4" source="A:" target="A9"/>
  <player id="1">Player 1</player>
  <player id="2">Player 2</player>
  <result type="3" winner="2"/>
 </game>
</stratego>"#;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn squares_skip_j_and_write_row_ten_as_colon() {
        assert_eq!(parse_square("A1"), Some(sq("A1")));
        assert_eq!(parse_square("I4"), Some(sq("I4")));
        assert_eq!(parse_square("K4"), Some(sq("J4")));
        assert_eq!(parse_square("J4"), Some(sq("J4")), "J is read as K");
        assert_eq!(parse_square("E:"), Some(sq("E10")));
        assert_eq!(parse_square("k:"), Some(sq("J10")));
        assert_eq!(parse_square("B10"), Some(sq("B10")));
        for bad in ["", "A", "A0", "L1", "A11", "AA", "1A", "A:1", "A;"] {
            assert_eq!(parse_square(bad), None, "{bad:?}");
        }
        for s in Square::all() {
            assert_eq!(parse_square(&square_name(s)), Some(s));
        }
        assert_eq!(square_name(sq("J10")), "K:");
        assert_eq!(square_name(sq("C9")), "C9");
    }

    #[test]
    fn reads_a_game() {
        let g = parse(SAMPLE).unwrap();
        assert_eq!(g.variant, Variant::Barrage);
        assert_eq!(g.rules, Rules::new(Variant::Barrage, Options::gravon()));
        assert_eq!(g.red.color, Some(Color::Red));
        assert_eq!(g.red.pieces.len(), 8);
        assert_eq!(g.blue.pieces.len(), 8);
        assert_eq!(g.red.pieces[&sq("D1")], Rank::Bomb);
        assert_eq!(g.red.pieces[&sq("F1")], Rank::General);
        assert_eq!(g.red.pieces[&sq("G1")], Rank::Flag);
        assert_eq!(g.red.pieces[&sq("I4")], Rank::Marshal);
        assert_eq!(g.blue.pieces[&sq("B7")], Rank::Flag);
        assert_eq!(g.blue.pieces[&sq("I10")], Rank::Scout);
        assert_eq!(g.blue.pieces[&sq("J10")], Rank::Scout);
        assert_eq!(
            g.moves,
            vec![
                Move::new(sq("I4"), sq("I5")),
                Move::new(sq("F7"), sq("F6")),
                Move::new(sq("J4"), sq("J5")),
                Move::new(sq("A10"), sq("A9")),
            ]
        );
        assert_eq!(g.players, ["Player 1".to_string(), "Player 2".to_string()]);
        assert_eq!(g.result, Some(GravonResult { kind: 3, winner: 2 }));
    }

    #[test]
    fn duell_is_the_duel_in_four_rows() {
        let xml = SAMPLE.replace("barrage", "duell");
        let g = parse(&xml).unwrap();
        assert_eq!(g.variant, Variant::Duel);
        assert_eq!(g.rules.options.duel_setup_rows, 4);
        assert_eq!(g.rules.setup_depth(), 4);
    }

    #[test]
    fn layout_entities_and_order_do_not_matter() {
        let xml = "\u{feff}<!-- a comment --><stratego ><game   type = 'classic' >\
            <result winner=\"3\" type=\"4\" />\
            <player id=\"2\">  Tom &amp; Jerry &lt;3 &#x41;&#66; &bogus; </player>\
            <move target=\"A5\" source=\"A4\" id=\"2\"/>\n\
            <move\n id=\"1\"\tsource=\"J4\" target=\"J5\"></move>\
            <field content=\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"/>\
            <note>ignored <b>too</b></note>\
            </game></stratego>\n";
        let g = parse(xml).unwrap();
        assert_eq!(g.variant, Variant::Classic);
        assert_eq!(g.players[0], "");
        assert_eq!(g.players[1], "Tom & Jerry <3 AB &bogus;");
        assert_eq!(
            g.moves,
            vec![Move::new(sq("J4"), sq("J5")), Move::new(sq("A4"), sq("A5"))]
        );
        assert_eq!(g.result, Some(GravonResult { kind: 4, winner: 3 }));
        assert!(g.red.pieces.is_empty() && g.blue.pieces.is_empty());
    }

    fn error(xml: &str) -> String {
        match parse(xml) {
            Ok(g) => panic!("parsed {g:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn bad_input_gives_clear_errors() {
        let cases: &[(&str, &str, &str)] = &[
            ("barrage", "telephone", "game type \"telephone\""),
            (
                "source=\"I4\"",
                "source=\"L4\"",
                "move 1: \"L4\" is not a square",
            ),
            ("target=\"A9\"", "target=\"A0\"", "move 4: \"A0\""),
            (
                "id=\"3\" source",
                "id=\"5\" source",
                "move id 4 where move 3",
            ),
            (
                "id=\"3\" source",
                "id=\"x\" source",
                "<move> id=\"x\" is not a number",
            ),
            ("id=\"3\" source", "source", "<move> has no id"),
            ("type=\"3\"", "type=\"7\"", "result type 7 winner 2"),
            ("winner=\"2\"", "winner=\"0\"", "result type 3 winner 0"),
            ("AAAYAA", "AAAZAA", "field character 62 ('Z', square B7)"),
            (
                "AAAYAA",
                "AAA_AA",
                "field character 62 ('_', square B7) marks a lake where there is none",
            ),
            ("AAAYAA", "AAAYA", "the field has 99 characters"),
            (
                "<field content",
                "<field contents",
                "<field> has no content=",
            ),
            ("</game>", "", "line 14: </stratego> closes <game>"),
            ("</stratego>", "", "line 14: <stratego> is never closed"),
            (
                "</stratego>",
                "</game>",
                "line 14: </game> closes <stratego>",
            ),
            ("player id=\"2\"", "player id=\"3\"", "<player id=\"3\">"),
            (
                "player id=\"2\"",
                "player id=\"1\"",
                "more than one <player>",
            ),
            (
                "<result type=\"3\" winner=\"2\"/>",
                "<result type=\"3\" winner=\"2\">",
                "line 13: </game> closes <result>",
            ),
            (
                "content=",
                "content=AAA",
                "the value of content must be quoted",
            ),
            (
                "<move id=\"4\" source=\"A:\" target=\"A9\"/>",
                "<move id=\"4\" source=\"A:\" target=\"A9\"",
                "line 10: <move is never closed",
            ),
            (
                "source=\"A:\"",
                "source=\"A<\"",
                "<move>: '<' in the value of source",
            ),
        ];
        for (from, to, expected) in cases {
            assert!(SAMPLE.contains(from), "{from}");
            let got = error(&SAMPLE.replacen(from, to, 1));
            assert!(got.contains(expected), "{from} -> {to}: {got}");
        }
        assert_eq!(error(""), "no <game> element");
        assert_eq!(error("<stratego><x/></stratego>"), "no <game> element");
        assert!(error("<game type=\"classic\"/>").contains("no <field>"));
        assert!(error("<a><!-- x</a>").contains("comment is never closed"));
        assert!(error("<a b=\"1\"c=\"2\"/>").contains("space must separate"));
        assert!(error("<a b/>").contains("attribute b has no value"));
        assert!(error("< a/>").contains("a name was expected, found ' '"));
        assert!(error("<a></a></a>").contains("</a> closes nothing"));
        assert!(error("<a/>junk").contains("text outside"));
        assert!(error("<a").contains("<a is never closed"));
        // Truncated or changed anywhere: an error (or a game), never a panic.
        for i in (0..SAMPLE.len()).filter(|&i| SAMPLE.is_char_boundary(i)) {
            let _ = parse(&SAMPLE[..i]);
            for c in ["<", ">", "\"", "'", "&", "&#", "/", " ", "=", "\u{e9}", ""] {
                let next = SAMPLE[i..].chars().next().map_or(0, char::len_utf8);
                let _ = parse(&format!("{}{c}{}", &SAMPLE[..i], &SAMPLE[i + next..]));
            }
        }
    }

    #[test]
    fn writes_what_it_reads() {
        let g = parse(SAMPLE).unwrap();
        let xml = g.to_xml();
        assert_eq!(xml.trim_end(), SAMPLE.trim_end());
        assert_eq!(parse(&xml).unwrap(), g);

        let mut named = g.clone();
        named.players = ["A&B <\"x\">".into(), "  ".into()];
        named.players[1] = "é'".into();
        named.result = None;
        assert_eq!(parse(&named.to_xml()).unwrap(), named);
    }

    #[test]
    fn results_map_to_outcomes_and_back() {
        for kind in [0, 1, 3] {
            for winner in [1, 2] {
                let r = GravonResult { kind, winner };
                assert_eq!(GravonResult::from_outcome(&r.to_outcome()), r);
            }
        }
        for kind in [2, 4, 10] {
            let r = GravonResult { kind, winner: 3 };
            assert_eq!(GravonResult::from_outcome(&r.to_outcome()), r);
        }
        let r = GravonResult {
            kind: 13,
            winner: 1,
        };
        assert_eq!(
            r.to_outcome(),
            Outcome {
                winner: Some(Color::Red),
                reason: EndReason::Time
            }
        );
        assert_eq!(GravonResult::from_outcome(&r.to_outcome()).kind, 10);
        let both = Outcome {
            winner: None,
            reason: EndReason::NoMovablePieces,
        };
        assert_eq!(
            GravonResult::from_outcome(&both),
            GravonResult { kind: 2, winner: 3 }
        );
        assert_eq!(r.to_string(), "Red wins (absence or clock) [type 13]");
    }
}
