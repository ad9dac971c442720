//! Cleaning untrusted text (chat lines, nicknames) before it reaches any screen.
//!
//! [`clean_line`] strips everything that could move the cursor, change colours, set a window
//! title or reorder text on a player's terminal; [`clean_nick`] checks a nickname;
//! [`display_width`] says how many screen cells a string takes.

use std::fmt;

use unicode_width::UnicodeWidthStr;

/// Removes escape sequences (CSI, OSC, DCS/SOS/PM/APC strings, `ESC x`), C0 and C1 control
/// characters, DEL, bidi overrides and isolates, zero-width and other format characters.
/// Each tab, line feed, carriage return, CR LF or Unicode line/paragraph separator becomes one
/// space; nothing else is collapsed. The result is trimmed and cut to at most `max_chars`
/// characters (never inside a character), then trimmed again at its end.
pub fn clean_line(s: &str, max_chars: usize) -> String {
    let out = strip(s, max_chars.saturating_mul(4));
    let trimmed = out.trim();
    match trimmed.char_indices().nth(max_chars) {
        Some((cut, _)) => trimmed[..cut].trim_end().to_string(),
        None => trimmed.to_string(),
    }
}

/// Cleans multi-line text for a client (every exec command's output goes through this):
/// each line (lines end at `\n`; a CR before it goes) is cleaned as by [`clean_line`], but
/// kept whole: not trimmed, not cut, tabs kept. An unterminated escape string therefore
/// swallows at most the rest of its own line.
pub fn clean_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for (i, line) in s.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let line = line.strip_suffix('\r').unwrap_or(line);
        for part in line.split('\t').enumerate() {
            if part.0 > 0 {
                out.push('\t');
            }
            out.push_str(&strip(part.1, part.1.len()));
        }
    }
    out
}

/// Removes what [`clean_line`] removes; line breaks and tabs become spaces. Not trimmed.
fn strip(s: &str, capacity: usize) -> String {
    let mut out = String::with_capacity(s.len().min(capacity));
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => match chars.next_if(|c| matches!(c, '\u{20}'..='\u{7e}')) {
                Some('[') => skip_csi(&mut chars),
                Some(']' | 'P' | 'X' | '^' | '_') => skip_string(&mut chars),
                // nF escapes (`ESC ( B`): intermediates, then one final byte.
                Some('\u{20}'..='\u{2f}') => {
                    while chars
                        .next_if(|c| matches!(c, '\u{20}'..='\u{2f}'))
                        .is_some()
                    {}
                    chars.next_if(|c| matches!(c, '\u{30}'..='\u{7e}'));
                }
                // `ESC x` for any other printable x: both go. Anything else after the ESC
                // (another ESC, a newline) is read normally.
                _ => {}
            },
            '\u{9b}' => skip_csi(&mut chars),
            '\u{90}' | '\u{98}' | '\u{9d}' | '\u{9e}' | '\u{9f}' => skip_string(&mut chars),
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push(' ');
            }
            '\t' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}' => out.push(' '),
            _ if is_removed(c) => {}
            _ => out.push(c),
        }
    }
    out
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

/// After `ESC [` (or C1 CSI): parameter and intermediate bytes, then a final byte. A
/// character that cannot be part of the sequence ends it and is read normally.
fn skip_csi(chars: &mut Chars) {
    while chars
        .next_if(|c| matches!(c, '\u{20}'..='\u{3f}'))
        .is_some()
    {}
    chars.next_if(|c| matches!(c, '\u{40}'..='\u{7e}'));
}

/// After the opener of an OSC, DCS, SOS, PM or APC string: everything up to and including
/// BEL, ST (`ESC \` or C1 ST), or up to another ESC (which is then read normally).
fn skip_string(chars: &mut Chars) {
    while let Some(&c) = chars.peek() {
        match c {
            '\u{07}' | '\u{9c}' => {
                chars.next();
                return;
            }
            '\u{1b}' => {
                let mut ahead = chars.clone();
                ahead.next();
                if ahead.peek() == Some(&'\\') {
                    chars.next();
                    chars.next();
                }
                return;
            }
            _ => {
                chars.next();
            }
        }
    }
}

/// Control and format characters that never reach a screen.
fn is_removed(c: char) -> bool {
    c.is_control() // C0, DEL, C1
        || matches!(c,
            '\u{ad}'                       // soft hyphen
            | '\u{34f}'                    // combining grapheme joiner
            | '\u{61c}'                    // Arabic letter mark
            | '\u{600}'..='\u{605}'        // Arabic number signs
            | '\u{6dd}' | '\u{70f}' | '\u{890}' | '\u{891}' | '\u{8e2}'
            | '\u{115f}' | '\u{1160}'      // Hangul fillers
            | '\u{17b4}' | '\u{17b5}'      // Khmer inherent vowels
            | '\u{180b}'..='\u{180f}'      // Mongolian variation selectors and vowel separator
            | '\u{200b}'..='\u{200f}'      // zero width space/non-joiner/joiner, LRM, RLM
            | '\u{202a}'..='\u{202e}'      // bidi embeddings and overrides
            | '\u{2060}'..='\u{206f}'      // word joiner, invisible operators, bidi isolates
            | '\u{3164}' | '\u{ffa0}'      // Hangul fillers
            | '\u{feff}'                   // zero width no-break space / BOM
            | '\u{fff9}'..='\u{fffb}'      // interlinear annotation
            | '\u{110bd}' | '\u{110cd}'
            | '\u{13430}'..='\u{1343f}'    // Egyptian hieroglyph format controls
            | '\u{1bca0}'..='\u{1bca3}'    // shorthand format controls
            | '\u{1d173}'..='\u{1d17a}'    // musical symbol format controls
            | '\u{e0000}'..='\u{e0fff}'    // tags, variation selectors supplement
        )
}

/// Screen cells of `s` as ratatui draws it: control and format characters (those
/// [`clean_line`] removes) take none, the rest are measured by `unicode-width` (East Asian
/// wide characters and emoji 2, combining marks and zero-width characters 0, the rest 1).
pub fn display_width(s: &str) -> usize {
    if s.is_ascii() {
        return s.bytes().filter(|b| !b.is_ascii_control()).count();
    }
    s.split(|c: char| c.is_control() || is_removed(c))
        .map(UnicodeWidthStr::width)
        .sum()
}

/// The rule every nickname follows, as told to players.
pub const NICK_RULE: &str =
    "a nickname has 2 to 16 characters: letters, digits, _ and -, starting with a letter";

/// Why a nickname was refused. [`Display`](fmt::Display) gives a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NickError {
    Empty,
    TooShort,
    TooLong,
    /// A character other than ASCII letters, digits, `_` and `-`.
    BadChar(char),
    MustStartWithLetter,
    /// Starts with `guest`: those names are given to guests.
    Reserved,
    /// A name that would pass for the server's, an admin's or a computer player's.
    ReservedWord(String),
}

/// Names nobody may take: they would pass for the server, its staff or its computer
/// players. Also refused with a `-` or digits after them (`admin-1`, `bot-easy`).
const RESERVED: [&str; 13] = [
    "admin",
    "administrator",
    "bot",
    "computer",
    "mod",
    "moderator",
    "operator",
    "root",
    "server",
    "staff",
    "stratego",
    "support",
    "system",
];

/// What a nick looks like, with the letters that pass for one another made the same
/// (`I`, `l`, `1`, `|` → `l`; `O`, `0` → `o`; `rn` → `m`; `vv` → `w`; `5` → `s`; `-`
/// and `_` dropped): two nicks with one skeleton are too easy to mistake for each other.
pub fn nick_skeleton(nick: &str) -> String {
    let lower = nick.to_lowercase().replace("rn", "m").replace("vv", "w");
    lower
        .chars()
        .filter(|c| *c != '-' && *c != '_')
        .map(|c| match c {
            'i' | '1' | '|' => 'l',
            '0' => 'o',
            '5' => 's',
            c => c,
        })
        .collect()
}

impl fmt::Display for NickError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NickError::Empty => write!(f, "please choose a nickname: {NICK_RULE}"),
            NickError::TooShort => write!(f, "that nickname is too short: {NICK_RULE}"),
            NickError::TooLong => write!(f, "that nickname is too long: {NICK_RULE}"),
            NickError::BadChar(c) => {
                let shown = if c.is_control() || c.is_whitespace() {
                    format!("U+{:04X}", *c as u32)
                } else {
                    format!("'{c}'")
                };
                write!(f, "a nickname cannot contain {shown}: {NICK_RULE}")
            }
            NickError::MustStartWithLetter => {
                write!(f, "a nickname must start with a letter: {NICK_RULE}")
            }
            NickError::Reserved => write!(
                f,
                "nicknames starting with \"guest\" are kept for guests: please choose another"
            ),
            NickError::ReservedWord(w) => write!(
                f,
                "\"{w}\" would pass for the server or its staff: please choose another"
            ),
        }
    }
}

impl std::error::Error for NickError {}

/// Checks a nickname (surrounding spaces are ignored) and returns it.
pub fn clean_nick(s: &str) -> Result<String, NickError> {
    let s = s.trim();
    let count = s.chars().count();
    if count == 0 {
        return Err(NickError::Empty);
    }
    if count > 16 {
        return Err(NickError::TooLong);
    }
    if let Some(c) = s
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(NickError::BadChar(c));
    }
    if count < 2 {
        return Err(NickError::TooShort);
    }
    if !s.as_bytes()[0].is_ascii_alphabetic() {
        return Err(NickError::MustStartWithLetter);
    }
    if s.len() >= 5 && s[..5].eq_ignore_ascii_case("guest") {
        return Err(NickError::Reserved);
    }
    // The word itself, maybe followed by digits (`admin2`, `admin-1`), or a computer
    // player's name (`bot-easy`), however its letters are disguised (`adm1n`).
    let base =
        nick_skeleton(s.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-' || c == '_'));
    let whole = nick_skeleton(s);
    let bot = ["random", "easy", "hard"]
        .iter()
        .any(|level| whole == format!("bot{}", nick_skeleton(level)));
    // `bot-NAME` names the host's agents (other people's programs).
    let agent =
        s.len() > 4 && (s[..4].eq_ignore_ascii_case("bot-") || s[..4].eq_ignore_ascii_case("bot_"));
    if bot || agent || RESERVED.iter().any(|w| nick_skeleton(w) == base) {
        return Err(NickError::ReservedWord(s.to_string()));
    }
    Ok(s.to_string())
}

/// Whether `s` is a guest's name: `guest-` and 1 to 10 digits (`guest-0042`).
pub fn is_guest_name(s: &str) -> bool {
    s.strip_prefix("guest-")
        .is_some_and(|d| (1..=10).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cl(s: &str) -> String {
        clean_line(s, 1000)
    }

    #[test]
    fn clean_text_keeps_lines_and_tabs_and_cleans_each_line() {
        let table = "id     red\tblue\n  7    alice\tbob\n";
        assert_eq!(
            clean_text(table),
            table,
            "layout kept: leading spaces, tabs, newlines"
        );
        assert_eq!(clean_text("a\r\nb\r\n"), "a\nb\n");
        let evil = "1 \x1b]0;owned\x07mal\x1b[2Jlory\x1b[31m\tbob\u{202e}x\n2 \x1b]2;no end\n3 carol\u{9b}1m\x07\n";
        assert_eq!(clean_text(evil), "1 mallory\tbobx\n2 \n3 carol\n");
        assert!(!clean_text("x\ry\u{85}z\x1bcw\x00").contains(|c: char| c.is_control()));
    }

    #[test]
    fn plain_text_is_kept() {
        assert_eq!(cl("hello, world!"), "hello, world!");
        assert_eq!(cl("a  b"), "a  b", "spaces are not collapsed");
        assert_eq!(cl("héllo 中文 😀 ok"), "héllo 中文 😀 ok");
        assert_eq!(cl("  padded  "), "padded");
    }

    #[test]
    fn csi_sequences_removed() {
        assert_eq!(cl("\x1b[2Jcleared"), "cleared");
        assert_eq!(cl("\x1b[31mred\x1b[0m text"), "red text");
        assert_eq!(cl("a\x1b[1;1Hb"), "ab");
        assert_eq!(cl("a\x1b[?1049hb"), "ab");
        assert_eq!(cl("a\x1b[38;2;255;0;0mb"), "ab");
        assert_eq!(cl("a\x1b[1 qb"), "ab");
        assert_eq!(cl("a\x1b[12"), "a", "unterminated at the end");
        assert_eq!(
            cl("a\x1b[12\x07b"),
            "ab",
            "a control ends it and is removed"
        );
    }

    #[test]
    fn osc_and_string_sequences_removed() {
        assert_eq!(cl("\x1b]0;title\x07after"), "after");
        assert_eq!(cl("\x1b]0;title\x1b\\after"), "after");
        assert_eq!(
            cl("\x1b]8;;http://evil/\x1b\\link\x1b]8;;\x1b\\ text"),
            "link text"
        );
        assert_eq!(cl("\x1b]52;c;aGVsbG8=\x07x"), "x", "clipboard write");
        assert_eq!(cl("\x1bPq#0;2;0;0;0\x1b\\x"), "x", "DCS (sixel)");
        assert_eq!(cl("\x1b_apc\x1b\\x"), "x");
        assert_eq!(cl("\x1b^pm\x1b\\x"), "x");
        assert_eq!(cl("\x1bXsos\x1b\\x"), "x");
        assert_eq!(cl("\x1b]0;never ends"), "");
        assert_eq!(cl("\x1b]0;t\x1b[31mx"), "x", "an ESC ends the string");
        assert_eq!(cl("\u{9d}0;title\u{9c}x"), "x", "C1 OSC and ST");
        assert_eq!(cl("\u{90}dcs\u{9c}x"), "x");
    }

    #[test]
    fn other_escapes_removed() {
        assert_eq!(cl("a\x1bcb"), "ab", "RIS");
        assert_eq!(cl("a\x1b7b\x1b8c"), "abc", "save/restore cursor");
        assert_eq!(cl("a\x1b(0b"), "ab", "charset");
        assert_eq!(cl("a\x1b#8b"), "ab");
        assert_eq!(cl("a\x1b"), "a");
        assert_eq!(cl("a\x1b\x1b[2Jb"), "ab");
        assert_eq!(cl("a\x1b\nb"), "a b");
    }

    #[test]
    fn c1_and_controls_removed() {
        assert_eq!(cl("a\u{9b}2Jb"), "ab", "C1 CSI");
        assert_eq!(cl("a\u{9b}31mb"), "ab");
        assert_eq!(cl("a\u{80}\u{84}\u{8d}\u{9c}b"), "ab");
        assert_eq!(cl("a\x00\x07\x08\x0b\x0c\x7fb"), "ab");
        assert_eq!(cl("bell\x07"), "bell");
    }

    #[test]
    fn tabs_and_newlines_become_one_space() {
        assert_eq!(cl("a\tb"), "a b");
        assert_eq!(cl("a\nb"), "a b");
        assert_eq!(cl("a\r\nb"), "a b");
        assert_eq!(cl("a\rb"), "a b");
        assert_eq!(cl("a\n\nb"), "a  b");
        assert_eq!(cl("a\u{2028}b\u{85}c"), "a b c");
        assert_eq!(cl("\n\tx\r\n"), "x");
    }

    #[test]
    fn bidi_and_zero_width_removed() {
        assert_eq!(cl("abc\u{202e}fed"), "abcfed");
        for c in ('\u{202a}'..='\u{202e}').chain('\u{2066}'..='\u{2069}') {
            assert_eq!(cl(&format!("x{c}y")), "xy", "U+{:04X}", c as u32);
        }
        for c in [
            '\u{200b}', '\u{200c}', '\u{200d}', '\u{feff}', '\u{200e}', '\u{200f}',
        ] {
            assert_eq!(cl(&format!("x{c}y")), "xy", "U+{:04X}", c as u32);
        }
        assert_eq!(cl("soft\u{ad}hyphen\u{2060}"), "softhyphen");
        assert_eq!(cl("tag\u{e0041}\u{e007f}s"), "tags");
    }

    #[test]
    fn truncates_by_char() {
        assert_eq!(clean_line("abcdef", 3), "abc");
        assert_eq!(clean_line("ééééé", 2), "éé");
        assert_eq!(clean_line("中文中文", 3), "中文中");
        assert_eq!(clean_line("😀😀😀", 1), "😀");
        assert_eq!(
            clean_line("ab cd", 3),
            "ab",
            "trailing space trimmed after the cut"
        );
        assert_eq!(clean_line("abc", 0), "");
        assert_eq!(clean_line("abc", 3), "abc");
        assert_eq!(
            clean_line("\x1b[31mabcdef", 2),
            "ab",
            "escapes do not count"
        );
        assert_eq!(clean_line("   abc", 2), "ab", "trimmed before the cut");
    }

    #[test]
    fn clean_line_output_has_no_controls_for_any_input() {
        let mut seed = 0x1234_5678_u32;
        let pool: Vec<char> =
            "\x1b[]P\\\x07;0123abc\u{9b}\u{9d}\u{9c}\u{202e}\u{200b}é中\r\n\t\x7f\u{85}"
                .chars()
                .collect();
        for _ in 0..2000 {
            let mut s = String::new();
            for _ in 0..30 {
                seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                s.push(pool[(seed >> 16) as usize % pool.len()]);
            }
            let out = clean_line(&s, 20);
            assert!(out.chars().count() <= 20);
            assert!(
                !out.chars().any(|c| c.is_control() || is_removed(c)),
                "{s:?} -> {out:?}"
            );
            assert_eq!(out, out.trim());
        }
    }

    #[test]
    fn widths() {
        assert_eq!(display_width("abc"), 3);
        assert_eq!(display_width("中文"), 4);
        assert_eq!(display_width("한"), 2);
        assert_eq!(display_width("ｶ"), 1, "halfwidth katakana");
        assert_eq!(display_width("Ａ"), 2, "fullwidth A");
        assert_eq!(display_width("😀"), 2);
        assert_eq!(display_width("🚀x"), 3);
        assert_eq!(display_width("e\u{301}"), 1, "combining acute");
        assert_eq!(display_width("a\u{200b}b"), 2);
        assert_eq!(display_width("♠"), 1);
        assert_eq!(display_width(""), 0);
        assert_eq!(display_width("a\tb\u{1b}"), 2, "controls take no cell");
        assert_eq!(
            display_width("中\u{202e}x\u{85}"),
            3,
            "bidi override and C1 take none"
        );
        assert_eq!(
            display_width("\u{feff}ｶ\u{ad}"),
            1,
            "BOM and soft hyphen take none"
        );
    }

    #[test]
    fn nick_ok() {
        assert_eq!(clean_nick("alice"), Ok("alice".to_string()));
        assert_eq!(clean_nick("  Bob_2-x "), Ok("Bob_2-x".to_string()));
        assert_eq!(clean_nick("ab"), Ok("ab".to_string()));
        assert_eq!(
            clean_nick("a234567890123456"),
            Ok("a234567890123456".to_string())
        );
        assert_eq!(clean_nick("gues"), Ok("gues".to_string()));
        assert_eq!(clean_nick("Guelph"), Ok("Guelph".to_string()));
    }

    #[test]
    fn nick_errors() {
        assert_eq!(clean_nick(""), Err(NickError::Empty));
        assert_eq!(clean_nick("   "), Err(NickError::Empty));
        assert_eq!(clean_nick("a"), Err(NickError::TooShort));
        assert_eq!(clean_nick("a2345678901234567"), Err(NickError::TooLong));
        assert_eq!(clean_nick("al ice"), Err(NickError::BadChar(' ')));
        assert_eq!(clean_nick("alïce"), Err(NickError::BadChar('ï')));
        assert_eq!(clean_nick("al\x1b[2J"), Err(NickError::BadChar('\x1b')));
        assert_eq!(clean_nick("a.b"), Err(NickError::BadChar('.')));
        assert_eq!(clean_nick("1abc"), Err(NickError::MustStartWithLetter));
        assert_eq!(clean_nick("_abc"), Err(NickError::MustStartWithLetter));
        assert_eq!(clean_nick("-ab"), Err(NickError::MustStartWithLetter));
        assert_eq!(clean_nick("guest"), Err(NickError::Reserved));
        assert_eq!(clean_nick("guest-1234"), Err(NickError::Reserved));
        assert_eq!(clean_nick("GuestStar"), Err(NickError::Reserved));
        assert_eq!(clean_nick("GUEST_x"), Err(NickError::Reserved));
    }

    #[test]
    fn nick_error_messages() {
        let rule = NICK_RULE;
        assert_eq!(
            NickError::TooShort.to_string(),
            format!("that nickname is too short: {rule}")
        );
        assert!(NickError::TooLong.to_string().ends_with(rule));
        assert!(NickError::Empty.to_string().ends_with(rule));
        assert!(NickError::MustStartWithLetter.to_string().ends_with(rule));
        assert_eq!(
            NickError::BadChar('.').to_string(),
            format!("a nickname cannot contain '.': {rule}")
        );
        assert_eq!(
            NickError::BadChar(' ').to_string(),
            format!("a nickname cannot contain U+0020: {rule}")
        );
        assert!(!NickError::BadChar('\x1b').to_string().contains('\x1b'));
        assert!(NickError::Reserved.to_string().contains("guest"));
    }

    #[test]
    fn names_that_pass_for_staff_or_computers_are_refused() {
        for n in [
            "admin",
            "Admin",
            "ADMIN2",
            "admin-1",
            "adm1n",
            "root",
            "r00t",
            "bot-easy",
            "bot_hard",
            "BotRandom",
            "server",
            "Moderator",
            "system",
            "stratego",
        ] {
            assert!(
                matches!(clean_nick(n), Err(NickError::ReservedWord(_))),
                "{n} must be refused"
            );
        }
        for n in [
            "adminton", "rooty", "botanist", "bobby", "serverus", "alice",
        ] {
            assert_eq!(clean_nick(n), Ok(n.to_string()), "{n} is a fine name");
        }
        assert!(NickError::ReservedWord("admin".into())
            .to_string()
            .contains("staff"));
    }

    #[test]
    fn look_alike_nicks_share_a_skeleton() {
        let same = |a: &str, b: &str| nick_skeleton(a) == nick_skeleton(b);
        assert!(same("alice", "AIice"));
        assert!(same("alice", "a1ice"));
        assert!(same("bob0", "BobO"));
        assert!(same("modern", "modem"));
        assert!(same("john_doe", "johndoe"));
        assert!(same("vvolf", "wolf"));
        assert!(!same("alice", "alice2"));
        assert!(!same("bob", "rob"));
    }

    #[test]
    fn guest_names() {
        assert!(is_guest_name("guest-0042"));
        assert!(is_guest_name("guest-1"));
        assert!(is_guest_name("guest-1234567890"));
        assert!(!is_guest_name("guest-"));
        assert!(!is_guest_name("guest-12345678901"));
        assert!(!is_guest_name("guest-12a"));
        assert!(!is_guest_name("guest42"));
        assert!(!is_guest_name("Guest-42"));
        assert!(!is_guest_name("alice"));
        assert_eq!(clean_nick("guest-0042"), Err(NickError::Reserved));
    }
}
