//! Words on the screens: fitting text into a width (word wrapping, a word longer than a row
//! broken inside it; abbreviation with a visible mark; widths are terminal columns, as
//! ratatui counts them, a wide character taking two), and the moves and battles in words in
//! the player's language ([`battle_sentence`], [`move_sentence`], [`move_text`]; the
//! catalogs' `battle-` messages, whose selectors on `$rank` and `$side` give German and
//! Dutch their articles and cases). The English is `rules::notation`'s, word for word.

use std::ops::Range;

use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::theme::Theme;
use super::{rank_label, rank_name};
use crate::i18n::{tr, Lang};
use crate::rules::{BattleResult, Color, Numbering, Rank, ViewMove};
use crate::t;

/// Columns `s` takes.
pub(crate) fn width(s: &str) -> usize {
    // Printable ASCII (names, most words) is a column a byte, without decoding.
    if s.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return s.len();
    }
    s.width()
}

/// The rows of `text` at most `width` columns wide, as byte ranges of `text`: broken at
/// the last space that fits (the spaces at a break belong to no row), inside a word only
/// when it is longer than a row. Always at least one row.
pub(crate) fn wrap_ranges(text: &str, width: usize) -> Vec<Range<usize>> {
    let width = width.max(1);
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut rows = Vec::new();
    let mut start = 0;
    let mut used = 0;
    // The last break in the row: where the row would end, where the next would start (and
    // the index of that character).
    let mut brk: Option<(usize, usize, usize)> = None;
    let mut i = 0;
    while i < chars.len() {
        let (b, c) = chars[i];
        let cw = c.width().unwrap_or(0);
        if c == ' ' {
            let mut j = i;
            while j < chars.len() && chars[j].1 == ' ' {
                j += 1;
            }
            let next = chars.get(j).map_or(text.len(), |x| x.0);
            brk = Some((b, next, j));
        }
        if used + cw > width && b > start {
            match brk {
                Some((end, next, j)) if end > start => {
                    rows.push(start..end);
                    start = next;
                    i = j;
                }
                _ => {
                    rows.push(start..b);
                    start = b;
                }
            }
            used = 0;
            brk = None;
            continue;
        }
        used += cw;
        i += 1;
    }
    if start < text.len() || rows.is_empty() {
        rows.push(start..text.len());
    }
    rows
}

/// `text` in rows of at most `width` columns (see [`wrap_ranges`]).
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    wrap_ranges(text, width)
        .into_iter()
        .map(|r| text[r].to_string())
        .collect()
}

/// A line of styled spans wrapped into rows of at most `width` columns, each span keeping
/// its style (the line's own style is patched into each span).
pub(crate) fn wrap_line(line: &Line<'_>, width: usize) -> Vec<Line<'static>> {
    let mut text = String::new();
    let mut spans: Vec<(Range<usize>, ratatui::style::Style)> = vec![];
    for s in &line.spans {
        let at = text.len();
        text.push_str(&s.content);
        spans.push((at..text.len(), line.style.patch(s.style)));
    }
    wrap_ranges(&text, width)
        .into_iter()
        .map(|row| {
            let parts: Vec<Span<'static>> = spans
                .iter()
                .filter_map(|(r, st)| {
                    let (a, b) = (r.start.max(row.start), r.end.min(row.end));
                    (a < b).then(|| Span::styled(text[a..b].to_string(), *st))
                })
                .collect();
            Line::from(parts)
        })
        .collect()
}

/// What marks an abbreviation: `…`, or `~` in ASCII mode.
pub(crate) fn ellipsis(t: &Theme) -> &'static str {
    if t.g.hidden.is_ascii() {
        "~"
    } else {
        "…"
    }
}

/// `text` in at most `width` columns: whole when it fits, else cut and ended with `mark`.
pub(crate) fn abbrev(text: &str, width: usize, mark: &str) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let room = width.saturating_sub(mark.width());
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let cw = c.width().unwrap_or(0);
        if used + cw > room {
            break;
        }
        used += cw;
        out.push(c);
    }
    if width >= mark.width() {
        out.push_str(mark);
    }
    out
}

/// At most `rows` rows of `text` wrapped to `w` columns; when more were needed, the last row
/// shown ends with `mark`.
pub(crate) fn wrap_at_most(text: &str, w: usize, rows: usize, mark: &str) -> Vec<String> {
    let mut out = wrap(text, w);
    if out.len() > rows {
        out.truncate(rows);
        if let Some(last) = out.last_mut() {
            *last = if width(last) + width(mark) <= w {
                format!("{last}{mark}")
            } else {
                // Longer than the row: cut, marked.
                abbrev(&format!("{last}{mark}"), w, mark)
            };
        }
    }
    out
}

/// What the catalogs' selectors read of a rank (`{ $rank -> [bomb] … }`): its name in
/// English lower case, `unknown` when the viewer does not know it.
pub(crate) fn rank_key(r: Option<Rank>) -> &'static str {
    match r {
        None => "unknown",
        Some(Rank::Marshal) => "marshal",
        Some(Rank::General) => "general",
        Some(Rank::Colonel) => "colonel",
        Some(Rank::Major) => "major",
        Some(Rank::Captain) => "captain",
        Some(Rank::Lieutenant) => "lieutenant",
        Some(Rank::Sergeant) => "sergeant",
        Some(Rank::Miner) => "miner",
        Some(Rank::Scout) => "scout",
        Some(Rank::Spy) => "spy",
        Some(Rank::Bomb) => "bomb",
        Some(Rank::Flag) => "flag",
    }
}

/// A rank as a player types it, or `None`: its English name or its name in `lang`, in any
/// case (`marshal`, `Feldmarschall`, `verkenner`); its number in `numbering` (Modern:
/// Marshal 10 .. Scout 2, Spy 1; Classic: Marshal 1 .. Scout 9); or its letter (`S` Spy,
/// `B` Bomb, `F` Flag, and the letters of `lang`).
pub fn parse_rank(lang: Lang, numbering: Numbering, text: &str) -> Option<Rank> {
    let t = text.trim().to_lowercase();
    if t.is_empty() {
        return None;
    }
    let same = |word: &str| word.to_lowercase() == t;
    if let Some(r) = Rank::ALL
        .into_iter()
        .find(|r| same(r.name()) || same(&rank_name(lang, *r)))
    {
        return Some(r);
    }
    let letters = [
        ("s", Rank::Spy),
        ("b", Rank::Bomb),
        ("f", Rank::Flag),
        ("rank-letter-spy", Rank::Spy),
        ("rank-letter-bomb", Rank::Bomb),
        ("rank-letter-flag", Rank::Flag),
    ];
    for (word, r) in letters {
        let word = if word.len() > 1 {
            tr(lang, word)
        } else {
            word.to_string()
        };
        if same(&word) {
            return Some(r);
        }
    }
    let n: usize = t.parse().ok()?;
    match numbering {
        Numbering::Modern if (1..=10).contains(&n) => Rank::from_index(n - 1),
        Numbering::Classic if (1..=9).contains(&n) => Rank::from_index(10 - n),
        _ => None,
    }
}

/// What the catalogs' selectors read of a side (`{ $side -> [red] … }`).
fn color_key(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Blue => "blue",
    }
}

/// `Major (7)` in `lang` (empty for a rank not known: the catalog words it).
fn piece_words(lang: Lang, r: Option<Rank>, n: Numbering) -> String {
    r.map_or(String::new(), |r| {
        format!("{} ({})", rank_name(lang, r), rank_label(lang, r, n))
    })
}

/// A battle in plain words in `lang`, from the side of `me` (`None`: a spectator), or
/// `None` when the move was no battle: `I6xI7: Your Major (7) attacked a Lieutenant (5)
/// and won`, `I6xI7: Dein Major (7) griff einen Leutnant (5) an und gewann`.
pub fn battle_sentence(
    lang: Lang,
    m: &ViewMove,
    me: Option<Color>,
    n: Numbering,
) -> Option<String> {
    let b = m.battle?;
    let phrase = |id: &str, r: Option<Rank>, c: Color| {
        t!(
            lang,
            id,
            rank = rank_key(r),
            piece = piece_words(lang, r, n),
            color = super::vocab::color_name(lang, c),
            side = color_key(c),
        )
    };
    let (att, def) = (b.attacker, b.defender);
    let (a, d) = match me {
        Some(c) if c == m.mover => (
            phrase("battle-your-attacker", att, m.mover),
            phrase("battle-a-defender", def, m.mover.opposite()),
        ),
        Some(_) => (
            phrase("battle-an-attacker", att, m.mover),
            phrase("battle-your-defender", def, m.mover.opposite()),
        ),
        None => (
            phrase("battle-side-attacker", att, m.mover),
            phrase("battle-side-defender", def, m.mover.opposite()),
        ),
    };
    let id = match b.result {
        BattleResult::AttackerWins if def == Some(Rank::Flag) => "battle-flag",
        BattleResult::AttackerWins if def == Some(Rank::Bomb) => "battle-bomb",
        BattleResult::AttackerWins => "battle-won",
        BattleResult::DefenderWins => "battle-lost",
        BattleResult::BothRemoved => "battle-tie",
    };
    Some(t!(
        lang,
        id,
        from = m.from.to_string(),
        to = m.to.to_string(),
        attacker = a,
        defender = d,
    ))
}

/// A move in words in `lang`, from the side of `me` (`None`: a spectator): a battle's
/// sentence, else `Blue moved B7-B6` / `You moved E4-E5`; a rescue is told after it.
pub fn move_sentence(lang: Lang, m: &ViewMove, me: Option<Color>, n: Numbering) -> String {
    let mut s = match battle_sentence(lang, m, me, n) {
        Some(s) => s,
        None => {
            let (from, to) = (m.from.to_string(), m.to.to_string());
            match me {
                Some(c) if c == m.mover => t!(lang, "battle-you-moved", from = from, to = to),
                _ => t!(
                    lang,
                    "battle-side-moved",
                    color = super::vocab::color_name(lang, m.mover),
                    side = color_key(m.mover),
                    from = from,
                    to = to
                ),
            }
        }
    };
    if let Some(r) = m.rescue {
        s.push_str(&t!(
            lang,
            "battle-rescued",
            rank = rank_key(Some(r.rank)),
            name = rank_name(lang, r.rank),
            square = r.to.to_string()
        ));
    }
    s
}

/// A move for the move list in `lang`: `C4-C5`, or `C4xC5 7x5 win` for a battle, with
/// `+S@D2` for a rescue (the labels as drawn on the pieces in `lang`).
pub fn move_text(lang: Lang, m: &ViewMove, n: Numbering) -> String {
    let label = |r: Option<Rank>| r.map_or("?", |r| rank_label(lang, r, n));
    let mut s = match m.battle {
        None => format!("{}-{}", m.from, m.to),
        Some(b) => {
            let res = tr(
                lang,
                match b.result {
                    BattleResult::AttackerWins => "battle-short-win",
                    BattleResult::DefenderWins => "battle-short-loss",
                    BattleResult::BothRemoved => "battle-short-tie",
                },
            );
            format!(
                "{}x{} {}x{} {res}",
                m.from,
                m.to,
                label(b.attacker),
                label(b.defender)
            )
        }
    };
    if let Some(r) = m.rescue {
        s.push_str(&format!(" +{}@{}", rank_label(lang, r.rank, n), r.to));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ASCII shortcut counts what unicode-width counts, and the rest still goes to it.
    #[test]
    fn widths_of_ascii_and_other_text_are_unicode_widths() {
        let all_ascii: String = (0u8..0x80).map(char::from).collect();
        for s in [
            "",
            "load-1234",
            "Ihr Zug  Zug 12",
            "(you)",
            all_ascii.as_str(),
            "tab\there",
            "Spieler Müller",
            "将棋",
            "e\u{301}",
            "⟦Pseudo⟧",
        ] {
            assert_eq!(width(s), s.width(), "{s:?}");
        }
        assert_eq!(width("将棋"), 4);
    }

    #[test]
    fn ranks_are_read_as_names_numbers_and_letters() {
        use Rank::*;
        let m = Numbering::Modern;
        let c = Numbering::Classic;
        for (lang, text, n, want) in [
            (Lang::En, "Marshal", m, Some(Marshal)),
            (Lang::En, "mArShAl", m, Some(Marshal)),
            (Lang::En, " scout ", m, Some(Scout)),
            (Lang::De, "feldmarschall", m, Some(Marshal)),
            (Lang::De, "AUFKLÄRER", m, Some(Scout)),
            (Lang::De, "Marshal", m, Some(Marshal)),
            (Lang::Nl, "verkenner", m, Some(Scout)),
            (Lang::Nl, "bom", m, Some(Bomb)),
            (Lang::En, "10", m, Some(Marshal)),
            (Lang::En, "2", m, Some(Scout)),
            (Lang::En, "9", m, Some(General)),
            (Lang::En, "1", m, Some(Spy)),
            (Lang::En, "s", m, Some(Spy)),
            (Lang::En, "B", m, Some(Bomb)),
            (Lang::En, "f", c, Some(Flag)),
            (Lang::En, "1", c, Some(Marshal)),
            (Lang::En, "9", c, Some(Scout)),
            (Lang::En, "2", c, Some(General)),
            (Lang::En, "S", c, Some(Spy)),
            (Lang::En, "10", c, None),
            (Lang::En, "0", m, None),
            (Lang::En, "11", m, None),
            (Lang::En, "Feldmarschall", m, None),
            (Lang::En, "king", m, None),
            (Lang::En, "", m, None),
            (Lang::De, "x", m, None),
        ] {
            assert_eq!(parse_rank(lang, n, text), want, "{lang:?} {text:?} {n:?}");
        }
        // Every rank's own name reads back in every language.
        for &lang in Lang::ALL {
            for r in Rank::ALL {
                assert_eq!(parse_rank(lang, m, &rank_name(lang, r)), Some(r));
                assert_eq!(parse_rank(lang, c, r.label(c)), Some(r));
                assert_eq!(parse_rank(lang, m, r.label(m)), Some(r));
            }
        }
    }

    #[test]
    fn wraps_between_words() {
        assert_eq!(
            wrap("the quick brown fox", 10),
            vec!["the quick", "brown fox"]
        );
        assert_eq!(
            wrap("the quick brown fox", 9),
            vec!["the quick", "brown fox"]
        );
        assert_eq!(
            wrap("the quick brown fox", 5),
            vec!["the", "quick", "brown", "fox"]
        );
        assert_eq!(wrap("short", 40), vec!["short"]);
        assert_eq!(wrap("", 10), vec![""]);
    }

    #[test]
    fn long_words_are_broken() {
        assert_eq!(wrap("abcdefghij xy", 4), vec!["abcd", "efgh", "ij", "xy"]);
        // Wide characters count two columns.
        assert_eq!(wrap("象棋象棋", 4), vec!["象棋", "象棋"]);
    }

    #[test]
    fn every_row_fits_and_no_word_is_lost() {
        let text = "Two-square rule: this piece has moved between E4 and E5 three times";
        for w in 1..70 {
            let rows = wrap(text, w);
            for r in &rows {
                assert!(width(r) <= w, "{w}: {r:?}");
            }
            let joined: String = rows.concat();
            let want: String = text.split(' ').collect();
            assert_eq!(joined.replace(' ', ""), want, "{w}");
        }
    }

    #[test]
    fn styled_lines_keep_their_styles() {
        use ratatui::style::{Color, Style};
        let red = Style::new().fg(Color::Red);
        let line = Line::from(vec![
            Span::styled("bob: ", red),
            Span::raw("good luck and have fun"),
        ]);
        let rows = wrap_line(&line, 12);
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0].spans[0].content, "bob: ");
        assert_eq!(rows[0].spans[0].style, red);
        assert_eq!(rows[0].spans[1].content, "good");
        let texts: Vec<String> = rows.iter().map(|l| l.to_string()).collect();
        assert_eq!(texts, vec!["bob: good", "luck and", "have fun"]);
    }

    fn battle(
        mover: Color,
        attacker: Option<Rank>,
        defender: Option<Rank>,
        result: BattleResult,
    ) -> ViewMove {
        ViewMove {
            mover,
            from: "I6".parse().unwrap(),
            to: "I7".parse().unwrap(),
            battle: Some(crate::rules::ViewBattle {
                attacker,
                defender,
                result,
            }),
            rescue: None,
        }
    }

    /// The English of the catalog says what `rules::notation` says, for every battle from
    /// every side, in both numberings, and the move list's text too.
    #[test]
    fn english_battles_are_the_rules_own_words() {
        use crate::rules::notation;
        let ranks: Vec<Option<Rank>> = std::iter::once(None)
            .chain(Rank::ALL.into_iter().map(Some))
            .collect();
        let results = [
            BattleResult::AttackerWins,
            BattleResult::DefenderWins,
            BattleResult::BothRemoved,
        ];
        for n in [Numbering::Modern, Numbering::Classic] {
            for &a in &ranks {
                for &d in &ranks {
                    for r in results {
                        for mover in [Color::Red, Color::Blue] {
                            let m = battle(mover, a, d, r);
                            for me in [Some(Color::Red), Some(Color::Blue), None] {
                                assert_eq!(
                                    battle_sentence(Lang::En, &m, me, n),
                                    notation::battle_sentence(&m, me, n),
                                    "{m:?} seen by {me:?}"
                                );
                            }
                            assert_eq!(move_text(Lang::En, &m, n), notation::move_text(&m, n));
                        }
                    }
                }
            }
        }
        let mut quiet = battle(Color::Blue, None, None, BattleResult::AttackerWins);
        quiet.battle = None;
        let n = Numbering::Modern;
        assert_eq!(battle_sentence(Lang::De, &quiet, None, n), None);
        assert_eq!(move_sentence(Lang::En, &quiet, None, n), "Blue moved I6-I7");
        assert_eq!(
            move_sentence(Lang::En, &quiet, Some(Color::Blue), n),
            "You moved I6-I7"
        );
        quiet.rescue = Some(crate::rules::Rescue {
            rank: Rank::Major,
            to: "C2".parse().unwrap(),
        });
        assert_eq!(
            move_sentence(Lang::En, &quiet, Some(Color::Red), n),
            "Blue moved I6-I7; a Major rescued to C2"
        );
        assert_eq!(
            notation::move_text(&quiet, n),
            move_text(Lang::En, &quiet, n)
        );
    }

    /// German and Dutch moves, rescues and the move list's words.
    #[test]
    fn moves_in_german_and_dutch() {
        let n = Numbering::Modern;
        let mut m = battle(Color::Red, None, None, BattleResult::AttackerWins);
        m.battle = None;
        assert_eq!(
            move_sentence(Lang::De, &m, Some(Color::Red), n),
            "Du hast I6-I7 gezogen"
        );
        assert_eq!(
            move_sentence(Lang::Nl, &m, Some(Color::Blue), n),
            "Rood speelde I6-I7"
        );
        m.rescue = Some(crate::rules::Rescue {
            rank: Rank::Major,
            to: "C2".parse().unwrap(),
        });
        assert_eq!(
            move_sentence(Lang::De, &m, None, n),
            "Rot hat I6-I7 gezogen; ein Major wurde auf C2 zurückgeholt"
        );
        assert_eq!(
            move_sentence(Lang::Nl, &m, None, n),
            "Rood speelde I6-I7; een Majoor werd teruggehaald naar C2"
        );
        let tie = battle(
            Color::Red,
            Some(Rank::Miner),
            Some(Rank::Miner),
            BattleResult::BothRemoved,
        );
        assert_eq!(move_text(Lang::De, &tie, n), "I6xI7 3x3 Gleichstand");
        assert_eq!(move_text(Lang::Nl, &tie, n), "I6xI7 3x3 gelijk");
        // A Bomb defused and the Flag taken, seen by a spectator.
        let bomb = battle(
            Color::Red,
            Some(Rank::Miner),
            Some(Rank::Bomb),
            BattleResult::AttackerWins,
        );
        assert_eq!(
            battle_sentence(Lang::De, &bomb, None, n).unwrap(),
            "I6xI7: Der rote Mineur (3) griff die blaue Bombe (B) an und entschärfte sie"
        );
        assert_eq!(
            battle_sentence(Lang::Nl, &bomb, None, n).unwrap(),
            "I6xI7: De rode Mineur (3) viel de blauwe Bom (B) aan en maakte de Bom onschadelijk"
        );
        let flag = battle(
            Color::Blue,
            Some(Rank::Scout),
            Some(Rank::Flag),
            BattleResult::AttackerWins,
        );
        assert_eq!(
            battle_sentence(Lang::De, &flag, Some(Color::Red), n).unwrap(),
            "I6xI7: Ein Aufklärer (2) griff deine Fahne (F) an und eroberte sie"
        );
        assert_eq!(
            battle_sentence(Lang::Nl, &flag, Some(Color::Blue), n).unwrap(),
            "I6xI7: Je Verkenner (2) viel een Vlag (F) aan en veroverde de Vlag"
        );
        // An attack on a piece not known, and one lost to it.
        let hidden = battle(
            Color::Red,
            Some(Rank::Captain),
            None,
            BattleResult::DefenderWins,
        );
        assert_eq!(
            battle_sentence(Lang::De, &hidden, Some(Color::Red), n).unwrap(),
            "I6xI7: Dein Hauptmann (6) griff eine unbekannte Figur an und verlor"
        );
        assert_eq!(
            battle_sentence(Lang::Nl, &hidden, Some(Color::Red), n).unwrap(),
            "I6xI7: Je Kapitein (6) viel een onbekend stuk aan en verloor"
        );
    }

    #[test]
    fn abbreviations_show_the_cut() {
        assert_eq!(abbrev("alice", 10, "…"), "alice");
        assert_eq!(abbrev("bartholomew", 6, "…"), "barth…");
        assert_eq!(abbrev("bartholomew", 6, "~"), "barth~");
        assert_eq!(
            wrap_at_most("one two three four five", 9, 2, "…"),
            vec!["one two", "three…"]
        );
        assert_eq!(wrap_at_most("one two", 9, 2, "…"), vec!["one two"]);
    }
}
