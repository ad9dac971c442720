//! Stored forms (private to the store) and key layouts. Every value is a JSON object with a
//! `v` field; see the migration notes in the module documentation of `store`.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::error::StoreError;
use super::glicko::Rating;
use super::{Preferences, RatingChange, SeatRecord, Timestamp};
use crate::proto::{GameId, GameTerms};
use crate::rules::{ByColor, GameRecord, Move, NoteEvent, Outcome, Setup, Variant};

/// A stored value type: its current version, and how older versions are read.
pub(crate) trait Versioned: Serialize + DeserializeOwned {
    /// What it is, for messages.
    const WHAT: &'static str;
    /// The version this program writes.
    const VERSION: u32;
    /// Reads a value of an older version `v` (< `VERSION`). No type has an older version
    /// yet; a v2 type overrides this to parse its v1 struct and convert it.
    fn upgrade(v: u32, _bytes: &[u8]) -> Result<Self, StoreError> {
        Err(StoreError::Decode {
            what: Self::WHAT,
            message: format!("version {v} has no upgrade path"),
        })
    }
}

pub(crate) fn encode<T: Versioned>(value: &T) -> Vec<u8> {
    // Plain structs of strings, numbers and enums: serialisation cannot fail.
    serde_json::to_vec(value).expect("stored records serialise to JSON")
}

pub(crate) fn decode<T: Versioned>(bytes: &[u8]) -> Result<T, StoreError> {
    #[derive(Deserialize)]
    struct Peek {
        v: u32,
    }
    let err = |e: serde_json::Error| StoreError::Decode {
        what: T::WHAT,
        message: e.to_string(),
    };
    let v = serde_json::from_slice::<Peek>(bytes).map_err(err)?.v;
    if v > T::VERSION {
        return Err(StoreError::NewerVersion {
            what: T::WHAT,
            found: v,
            supported: T::VERSION,
        });
    }
    if v < T::VERSION {
        return T::upgrade(v, bytes);
    }
    serde_json::from_slice(bytes).map_err(err)
}

macro_rules! versioned {
    ($t:ty, $what:literal, $v:literal) => {
        impl Versioned for $t {
            const WHAT: &'static str = $what;
            const VERSION: u32 = $v;
        }
    };
}

/// `users`: lower-cased nick → user.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct UserV1 {
    pub v: u32,
    pub nick: String,
    pub owner: String,
    pub keys: Vec<String>,
    /// The user's [`Preferences`]; the field keeps its stored name.
    #[serde(default)]
    pub settings: Preferences,
    pub created: Timestamp,
    /// How many times the owner changed the nick. (The new fields are left out when unset,
    /// so a record that never used them is written as before.)
    #[serde(default, skip_serializing_if = "is_zero")]
    pub renames: u32,
    /// On a nick the owner left: the `users` key of the new one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved_to: Option<String>,
    /// On a nick the owner left: nobody else may claim it before this time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserved_until: Option<Timestamp>,
}
versioned!(UserV1, "user", 1);

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// `identities`: identity → lower-cased nick (the key in `users`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct IdentityV1 {
    pub v: u32,
    pub nick_key: String,
}
versioned!(IdentityV1, "identity index entry", 1);

/// `ratings`: variant byte + identity → rating.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct RatingV1 {
    pub v: u32,
    pub rating: Rating,
    pub updated: Timestamp,
}
versioned!(RatingV1, "rating", 1);

/// `rating_history`: variant byte + identity (length-prefixed) + end time + game id →
/// the rating after that game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct HistoryV1 {
    pub v: u32,
    pub rating: f64,
    pub deviation: f64,
    pub game: GameId,
}
versioned!(HistoryV1, "rating history entry", 1);

/// `games`: id → finished game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct GameV1 {
    pub v: u32,
    pub id: GameId,
    pub record: GameRecord,
    pub seats: ByColor<SeatRecord>,
    pub terms: GameTerms,
    pub rated: bool,
    pub outcome: Outcome,
    pub started: Timestamp,
    pub ended: Timestamp,
    pub rating_changes: Option<ByColor<RatingChange>>,
    /// A private game (a challenge): shown to its two players only. Left out when false
    /// (older records read as public).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
}
versioned!(GameV1, "finished game", 1);

/// `player_games` (identity, length-prefixed, + end time + id) and `recent_games` (tag +
/// end time + id): a listing, so lists need not read whole records.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct ListingV1 {
    pub v: u32,
    pub id: GameId,
    pub variant: Variant,
    pub nicks: ByColor<String>,
    pub identities: ByColor<String>,
    pub rated: bool,
    pub outcome: Outcome,
    pub plies: u32,
    pub ended: Timestamp,
    /// As in the game's record ([`GameV1::private`]); older listings read as public.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
}
versioned!(ListingV1, "game listing", 1);

/// `live`: id → a game in progress (without its moves).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct LiveV1 {
    pub v: u32,
    pub id: GameId,
    pub terms: GameTerms,
    pub seats: ByColor<SeatRecord>,
    /// Each side's set-up; in a correspondence game's set-up (`in_setup`), `None` for a
    /// side not ready yet (written as `null`, which a version before it cannot read: it
    /// skips the record rather than play a game without a set-up).
    pub red: Option<Setup>,
    pub blue: Option<Setup>,
    /// A correspondence game still in its set-up (issue 47): each side has the days of
    /// a move from `started` to be ready; no moves yet. Older records are games in play.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub in_setup: bool,
    /// Milliseconds left on each clock when play started (or at the last save).
    pub clocks_ms: Option<ByColor<u64>>,
    pub started: Timestamp,
    /// A private game; left out when false (older records read as public).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
    /// When play started (Unix seconds): the first turn's start, from which a
    /// correspondence game's first deadline counts. Left out by older records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_since: Option<Timestamp>,
}
versioned!(LiveV1, "game in progress", 1);

/// `notes`: id + colour byte → a seat's note log (see `notes.rs`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct NotesV1 {
    pub v: u32,
    pub events: Vec<NoteEvent>,
}
versioned!(NotesV1, "notes of a seat", 1);

/// `analysis`: id → the review of a finished game (see `analysis.rs`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct AnalysisV1 {
    pub v: u32,
    /// When it was made.
    pub made: Timestamp,
    pub analysis: crate::rules::GameAnalysis,
}
versioned!(AnalysisV1, "analysis of a game", 1);

/// `live_moves`: id + ply (1-based, u32) → the move and the clocks after it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct LiveMoveV1 {
    pub v: u32,
    pub mv: Move,
    pub clocks_ms: Option<ByColor<u64>>,
    /// When the move was made (Unix seconds): the next turn's start, from which a
    /// correspondence game's deadline counts. Left out by older records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Timestamp>,
}
versioned!(LiveMoveV1, "move of a game in progress", 1);

/// `setups`: identity (length-prefixed) + variant byte + name → saved set-up.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SetupV1 {
    pub v: u32,
    pub name: String,
    pub variant: Variant,
    pub setup: Setup,
    pub saved: Timestamp,
}
versioned!(SetupV1, "saved set-up", 1);

/// `web` `l` + code digest: a one-time sign-in link (`web.rs`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct LinkV1 {
    pub v: u32,
    pub identity: String,
    pub until: Timestamp,
}
versioned!(LinkV1, "sign-in link", 1);

/// `web` `s` + token digest: a browser signed in (`web.rs`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct WebSessionV1 {
    pub v: u32,
    pub identity: String,
    pub since: Timestamp,
    pub until: Timestamp,
    pub agent: String,
    /// Orders sessions begun in the same second (nanoseconds since the epoch).
    #[serde(default)]
    pub order: u64,
}
versioned!(WebSessionV1, "browser session", 1);

/// `web` `c` + SHA-256 of a challenge: a passkey ceremony begun (`web.rs`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct CeremonyV1 {
    pub v: u32,
    /// `register` (a new account for `nick`), `add` (a passkey for `identity`), `sign-in`.
    pub purpose: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nick: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub identity: Option<String>,
    pub until: Timestamp,
}
versioned!(CeremonyV1, "passkey ceremony", 1);

/// `web` `p` + SHA-256 of a credential id: a passkey and the account it signs in (`web.rs`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct PasskeyV1 {
    pub v: u32,
    pub identity: String,
    /// The credential id, base64url (for the browser's lists of credentials).
    pub id: String,
    /// COSE algorithm (-7, ES256).
    pub alg: i64,
    /// The public key, base64url of its uncompressed point.
    pub public_key: String,
    pub sign_count: u32,
    pub created: Timestamp,
}
versioned!(PasskeyV1, "passkey", 1);

/// `web` `k` + a key's identity: the account a key was linked to from the web (`web.rs`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct KeyLinkV1 {
    pub v: u32,
    pub account: String,
    pub since: Timestamp,
}
versioned!(KeyLinkV1, "linked key", 1);

/// `web` `g` + SHA-256 of a guest cookie's token: a browser guest (`web.rs`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct GuestSessionV1 {
    pub v: u32,
    pub until: Timestamp,
}
versioned!(GuestSessionV1, "browser guest", 1);

/// `meta` "schema": the layout of trees and keys.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SchemaV1 {
    pub v: u32,
    pub schema: u32,
}
versioned!(SchemaV1, "schema marker", 1);

/// `meta` "next_game_id": the next id to hand out.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct CounterV1 {
    pub v: u32,
    pub next: u64,
}
versioned!(CounterV1, "counter", 1);

// ---- keys ----

/// A stable byte per variant (not the enum's order, which may change).
pub(crate) fn variant_byte(v: Variant) -> u8 {
    match v {
        Variant::Classic => 1,
        Variant::Duel => 2,
        Variant::Barrage => 3,
    }
}

/// An identity as a key prefix: 2-byte big-endian length, then the bytes, so no identity's
/// prefix is another's.
pub(crate) fn ident_prefix(identity: &str) -> Vec<u8> {
    let b = identity.as_bytes();
    let len = u16::try_from(b.len()).expect("identities are checked to be short");
    let mut k = Vec::with_capacity(2 + b.len() + 17);
    k.extend_from_slice(&len.to_be_bytes());
    k.extend_from_slice(b);
    k
}

pub(crate) fn rating_key(identity: &str, variant: Variant) -> Vec<u8> {
    let mut k = vec![variant_byte(variant)];
    k.extend_from_slice(identity.as_bytes());
    k
}

pub(crate) fn history_prefix(identity: &str, variant: Variant) -> Vec<u8> {
    let mut k = vec![variant_byte(variant)];
    k.extend_from_slice(&ident_prefix(identity));
    k
}

pub(crate) fn time_id(mut prefix: Vec<u8>, t: Timestamp, id: GameId) -> Vec<u8> {
    prefix.extend_from_slice(&t.to_be_bytes());
    prefix.extend_from_slice(&id.to_be_bytes());
    prefix
}

/// Tag byte of `recent_games`: 0 for all variants, else the variant byte.
pub(crate) fn recent_prefix(variant: Option<Variant>) -> Vec<u8> {
    vec![variant.map_or(0, variant_byte)]
}

/// `nick_skeletons`: the prefix of every entry of one skeleton (see
/// [`crate::text::nick_skeleton`]): its length (u16 big-endian), then its bytes.
pub(crate) fn skeleton_prefix(skeleton: &str) -> Vec<u8> {
    let b = skeleton.as_bytes();
    let len = u16::try_from(b.len()).unwrap_or(u16::MAX);
    let mut k = Vec::with_capacity(2 + 2 * b.len());
    k.extend_from_slice(&len.to_be_bytes());
    k.extend_from_slice(&b[..usize::from(len).min(b.len())]);
    k
}

/// `nick_skeletons`: the entry of a `users` key (a lower-cased nick): its skeleton's
/// prefix, then the key itself. Computed from the key alone, so the index is a function
/// of the `users` keys (rebuilt from them by the migration to schema 2).
pub(crate) fn skeleton_key(nick_key: &str) -> Vec<u8> {
    let mut k = skeleton_prefix(&crate::text::nick_skeleton(nick_key));
    k.extend_from_slice(nick_key.as_bytes());
    k
}

pub(crate) fn live_move_key(id: GameId, ply: u32) -> [u8; 12] {
    let mut k = [0u8; 12];
    k[..8].copy_from_slice(&id.to_be_bytes());
    k[8..].copy_from_slice(&ply.to_be_bytes());
    k
}

pub(crate) fn setup_prefix(identity: &str) -> Vec<u8> {
    ident_prefix(identity)
}

pub(crate) fn setup_key(identity: &str, variant: Variant, name: &str) -> Vec<u8> {
    let mut k = setup_prefix(identity);
    k.push(variant_byte(variant));
    k.extend_from_slice(name.as_bytes());
    k
}

pub(crate) fn be_u64(bytes: &[u8]) -> Option<u64> {
    Some(u64::from_be_bytes(bytes.get(..8)?.try_into().ok()?))
}

pub(crate) fn be_u32(bytes: &[u8]) -> Option<u32> {
    Some(u32::from_be_bytes(bytes.get(..4)?.try_into().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newer_versions_are_refused_and_garbage_is_an_error() {
        let newer = br#"{"v":2,"schema":3}"#;
        assert!(matches!(
            decode::<SchemaV1>(newer),
            Err(StoreError::NewerVersion { found: 2, .. })
        ));
        assert!(matches!(
            decode::<SchemaV1>(b"\x00\x01"),
            Err(StoreError::Decode { .. })
        ));
        let ok: SchemaV1 = decode(br#"{"v":1,"schema":1,"future":true}"#).unwrap();
        assert_eq!(ok.schema, 1);
    }

    #[test]
    fn settings_default_missing_fields() {
        let u: UserV1 = decode(
            br#"{"v":1,"nick":"Ann","owner":"key:x","keys":["x"],"settings":{},"created":0}"#,
        )
        .unwrap();
        assert_eq!(u.settings, Preferences::default());
    }

    /// The renamed public types (`Preferences`, `SeatRecord`) keep the stored shape: a
    /// user written before the renames reads back, and writes the same bytes.
    #[test]
    fn renamed_types_keep_their_stored_form() {
        let stored = br#"{"v":1,"nick":"Ann","owner":"key:x","keys":["x"],"settings":{"numbering":"Classic","ascii":true},"created":7}"#;
        let u: UserV1 = decode(stored).unwrap();
        assert_eq!(
            u.settings,
            Preferences {
                numbering: crate::rules::Numbering::Classic,
                ascii: true,
                chosen: false,
                lang: None,
            }
        );
        assert_eq!(encode(&u), stored.to_vec());
        let seat = SeatRecord {
            identity: "key:x".parse().unwrap(),
            nick: "Ann".into(),
        };
        assert_eq!(
            serde_json::to_string(&seat).unwrap(),
            r#"{"identity":"key:x","nick":"Ann"}"#
        );
    }

    #[test]
    fn identity_prefixes_do_not_nest() {
        let a = ident_prefix("key:ab");
        let b = ident_prefix("key:abc");
        assert!(!b.starts_with(&a));
    }
}

/// `bans`: `nick:NAME` / `key:SHA256:...` / `addr:ADDRESS` → why, who, when.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct BanV1 {
    pub v: u32,
    pub reason: String,
    pub by: String,
    pub at: Timestamp,
}
versioned!(BanV1, "ban", 1);
