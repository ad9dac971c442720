//! What teaches the game on the set-up and game screens: their key help (`?`), and behind
//! it (`?` again) the rules page: the ranks and who beats whom, the Spy, Miner, Scout,
//! Bombs and Flag, what the symbols on the board mean (in the glyphs shown and their ASCII
//! forms), and the rules this game's options set (two-square limit, chasing, and the
//! tournament options when on).
//!
//! The page is text made from the game's [`Rules`] and the player's numbering, wrapped to
//! the box and scrolled by keys; both dialogs size to the screen, from 80x24 up.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::input::KeyCode;
use super::keymap::{self, any, ch, hint, on, Always, Binding, Never};
use super::theme::Theme;
use super::widgets::{dialog, put, put_line};
use super::words::{self, wrap, wrap_line};
use super::{rank_label, rank_name};
use crate::i18n::{tr, FluentArgs, Lang};
use crate::rules::{Immobility, Numbering, Rank, Rules};
use crate::t;
use KeyCode::{Down, PageDown, PageUp, Up};

/// What a key does in the key help of the set-up and game screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HelpKey {
    Rules,
    Close,
}

/// The key help of the set-up and game screens: `?` turns to the rules page, any other key
/// closes it.
pub(crate) const HELP_KEYS: &[Binding<HelpKey, Never>] = &[
    on(&[ch('?')], HelpKey::Rules).hints(&[hint(0, "?", "rules-keys-rules")]),
    any(HelpKey::Close).hints(&[hint(1, "keys-any-key", "keys-closes-help")]),
];

/// What a key does on the rules page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RulesKey {
    Up,
    Down,
    PageUp,
    PageDown,
    Close,
}

/// The rules page: arrows scroll, pages turn, any other key closes it (`?` a third time
/// too).
pub(crate) const RULES_KEYS: &[Binding<RulesKey, Never>] = &[
    on(&[Up, ch('k')], RulesKey::Up).hints(&[hint(0, "keys-up-down", "rules-keys-scroll")]),
    on(&[Down, ch('j')], RulesKey::Down).hints(&[hint(0, "keys-up-down", "rules-keys-scroll")]),
    on(&[PageUp, ch('b')], RulesKey::PageUp).hints(&[hint(1, "keys-pgup-pgdn", "rules-keys-page")]),
    on(&[PageDown, ch(' ')], RulesKey::PageDown).hints(&[hint(
        1,
        "keys-pgup-pgdn",
        "rules-keys-page",
    )]),
    any(RulesKey::Close).hints(&[hint(4, "keys-esc", "rules-keys-close")]),
];

/// The box of the rules page on a screen of `area`, and its text's width and rows.
fn page_box(area: Rect) -> (u16, u16) {
    let w = area.width.saturating_sub(2).min(78);
    let h = area.height.saturating_sub(2);
    (w, h)
}

/// One entry of the page: a paragraph, or a table row whose text wraps under itself.
enum Entry {
    Para(Line<'static>),
    Row {
        head: Vec<Span<'static>>,
        text: String,
    },
}

/// The rules page's rows as drawn in a box for `area`, and the row each entry (a
/// paragraph, a table row) starts at.
fn page_rows(
    rules: &Rules,
    n: Numbering,
    area: Rect,
    t: &Theme,
) -> (Vec<Line<'static>>, Vec<usize>) {
    let (w, _) = page_box(area);
    let width = w.saturating_sub(4) as usize;
    let mut rows = vec![];
    let mut starts = vec![];
    for e in page(rules, n, t) {
        // A blank row ends the entry before it (a page never starts with one).
        let blank = matches!(&e, Entry::Para(l) if l.spans.is_empty() || l.width() == 0);
        if !blank {
            starts.push(rows.len());
        }
        match e {
            Entry::Para(l) => rows.extend(wrap_line(&l, width)),
            Entry::Row { head, text } => {
                let hw: usize = head.iter().map(|s| words::width(&s.content)).sum();
                let parts = wrap(&text, width.saturating_sub(hw).max(10));
                for (i, part) in parts.into_iter().enumerate() {
                    let mut spans = if i == 0 {
                        head.clone()
                    } else {
                        vec![Span::raw(" ".repeat(hw))]
                    };
                    spans.push(Span::raw(part));
                    rows.push(Line::from(spans));
                }
            }
        }
    }
    (rows, starts)
}

/// The page is scrolled by whole entries, so that none is shown cut off (in any
/// language): where the rows shown from entry row `start` end, as many whole entries as
/// fit in `seen` rows (an entry taller than that alone is shown in part).
fn window_end(starts: &[usize], total: usize, start: usize, seen: usize) -> usize {
    let mut end = start;
    for (i, &s) in starts.iter().enumerate().filter(|(_, &s)| s >= start) {
        let e = starts.get(i + 1).copied().unwrap_or(total);
        if e - start > seen {
            break;
        }
        end = e.max(s);
    }
    if end == start {
        (start + seen).min(total)
    } else {
        end
    }
}

/// The first row shown when scrolled to `scroll`: the entry's start at or before it, no
/// further than the start from which the rest of the page fits.
fn snap(starts: &[usize], total: usize, scroll: usize, seen: usize) -> usize {
    let last = starts
        .iter()
        .copied()
        .find(|&s| total - s <= seen)
        .or(starts.last().copied())
        .unwrap_or(0);
    starts
        .iter()
        .copied()
        .take_while(|&s| s <= scroll)
        .last()
        .unwrap_or(0)
        .min(last)
}

/// Rows of text the rules page shows at once on a screen of `area`.
fn visible(area: Rect) -> usize {
    // Borders, a blank row and the hints.
    page_box(area).1.saturating_sub(4) as usize
}

/// The scroll position after `key` on the rules page of a screen `area`: `None` closes the
/// page.
pub(crate) fn scroll_after(
    key: RulesKey,
    scroll: u16,
    rules: &Rules,
    n: Numbering,
    area: Rect,
    t: &Theme,
) -> Option<u16> {
    let (rows, starts) = page_rows(rules, n, area, t);
    let (total, seen) = (rows.len(), visible(area));
    let cur = snap(&starts, total, usize::from(scroll), seen);
    let before = starts.iter().copied().filter(|&s| s < cur);
    let next = starts.iter().copied().find(|&s| s > cur).unwrap_or(cur);
    let to = match key {
        RulesKey::Up => before.clone().next_back().unwrap_or(0),
        RulesKey::Down => next,
        // Back a page: the first entry from which the page reaches the one shown first.
        RulesKey::PageUp => before
            .clone()
            .find(|&s| cur - s <= seen)
            .or(before.clone().next_back())
            .unwrap_or(0),
        // On a page: the first entry not shown whole.
        RulesKey::PageDown => window_end(&starts, total, cur, seen).max(next),
        RulesKey::Close => return None,
    };
    Some(snap(&starts, total, to, seen) as u16)
}

/// Draws the rules page over `area`, from row `scroll` of its text.
pub(crate) fn render(
    buf: &mut Buffer,
    area: Rect,
    rules: &Rules,
    n: Numbering,
    scroll: u16,
    t: &Theme,
) {
    let (rows, starts) = page_rows(rules, n, area, t);
    let (w, h) = page_box(area);
    let variant = super::vocab::variant_name(t.lang, rules.variant);
    let title = t!(t.lang, "rules-title", variant = variant);
    let inn = dialog(buf, area, w, h, &title, t);
    let seen = visible(area);
    let start = snap(&starts, rows.len(), usize::from(scroll), seen);
    let end = window_end(&starts, rows.len(), start, seen);
    for (i, l) in rows[start..end].iter().enumerate() {
        put_line(
            buf,
            inn.x + 1,
            inn.y + i as u16,
            l,
            inn.width.saturating_sub(2),
        );
    }
    let hints = keymap::in_lang(keymap::footer(RULES_KEYS, &Always), t.lang);
    let mut spans = vec![];
    for (k, what) in &hints {
        spans.push(Span::styled(k.to_string(), t.key()));
        spans.push(Span::styled(format!(" {what}  "), t.dim()));
    }
    let more = if rows.len() > seen {
        t!(
            t.lang,
            "rules-position",
            first = start + 1,
            last = end,
            count = rows.len()
        )
    } else {
        String::new()
    };
    let y = inn.bottom().saturating_sub(1);
    let hw = spans
        .iter()
        .map(|s| words::width(&s.content))
        .sum::<usize>() as u16;
    put_line(
        buf,
        inn.x + 1,
        y,
        &Line::from(spans),
        inn.width.saturating_sub(2),
    );
    // Beside the hints when there is room, else on the blank row above them.
    let mw = words::width(&more) as u16;
    let y = if hw + 1 + mw + 1 < inn.width {
        y
    } else {
        y.saturating_sub(1)
    };
    if mw + 1 < inn.width {
        put(buf, inn.right() - mw - 1, y, &more, mw, t.dim());
    }
}

/// Draws the key help of the set-up or game screen over `area`: a box sized to its lines
/// (the words wrap when the screen is narrow), `?` to the rules page at the bottom.
pub(crate) fn render_help(
    buf: &mut Buffer,
    area: Rect,
    title: &str,
    keys: &[(&str, &str)],
    t: &Theme,
) {
    let hints: Vec<String> = keymap::in_lang(keymap::footer(HELP_KEYS, &Always), t.lang)
        .iter()
        .map(|(k, w)| format!("{k} {w}"))
        .collect();
    let bottom = hints.join("  ");
    let key_w = keys.iter().map(|(k, _)| words::width(k)).max().unwrap_or(0);
    let words_w = keys.iter().map(|(_, w)| words::width(w)).max().unwrap_or(0);
    let want = (key_w + 2 + words_w).max(words::width(&bottom)) as u16 + 4;
    let bw = want.min(area.width.saturating_sub(2));
    let inner = bw.saturating_sub(4) as usize;
    let words_col = inner.saturating_sub(key_w + 2).max(10);
    // Each key's lines together: an item that does not fit whole is left out with those
    // after it, and the last row says how many.
    let items: Vec<Vec<Line<'static>>> = keys
        .iter()
        .map(|(k, w)| {
            wrap(w, words_col)
                .into_iter()
                .enumerate()
                .map(|(i, part)| {
                    let key = if i == 0 { k.to_string() } else { String::new() };
                    Line::from(vec![
                        Span::styled(format!("{key:<key_w$}  "), t.key()),
                        Span::styled(part, Style::new()),
                    ])
                })
                .collect()
        })
        .collect();
    let total: usize = items.iter().map(Vec::len).sum();
    let bh = (total as u16 + 4).min(area.height);
    let inn = dialog(buf, area, bw, bh, title, t);
    let room = inn.height.saturating_sub(2) as usize;
    let room = if total <= room {
        room
    } else {
        room.saturating_sub(1)
    };
    let mut y = 0usize;
    for (i, item) in items.iter().enumerate() {
        if y + item.len() > room {
            let more = crate::t!(t.lang, "keys-help-more", count = items.len() - i);
            put(
                buf,
                inn.x + 1,
                inn.y + y as u16,
                &more,
                inn.width.saturating_sub(2),
                t.dim(),
            );
            break;
        }
        for l in item {
            put_line(
                buf,
                inn.x + 1,
                inn.y + y as u16,
                l,
                inn.width.saturating_sub(2),
            );
            y += 1;
        }
    }
    put(
        buf,
        inn.x + 1,
        inn.bottom().saturating_sub(1),
        &bottom,
        inn.width.saturating_sub(2),
        t.dim(),
    );
}

/// A paragraph of the catalog as one line of text: a message written over several lines
/// (Fluent keeps their breaks) reads as one paragraph, wrapped where the box needs it.
fn para(lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
    let s = match args {
        Some(a) => crate::i18n::tr_args(lang, id, a),
        None => tr(lang, id),
    };
    s.split('\n').map(str::trim).collect::<Vec<_>>().join(" ")
}

/// The page's text in the theme's language, one entry a paragraph or table row (wrapped
/// when drawn).
fn page(rules: &Rules, n: Numbering, t: &Theme) -> Vec<Entry> {
    let lang = t.lang;
    let head = |id: &str| Entry::Para(Line::styled(tr(lang, id), t.accent()));
    let text = |s: String| Entry::Para(Line::raw(s));
    let plain = |id: &str| Entry::Para(Line::raw(para(lang, id, None)));
    let with = |id: &str, name: &'static str, value: u64| {
        let mut a = FluentArgs::new();
        a.set(name, value);
        Entry::Para(Line::raw(para(lang, id, Some(&a))))
    };
    let blank = || Entry::Para(Line::raw(""));
    let v = rules.variant;
    let o = rules.options;
    let mut out = vec![
        head("rules-goal"),
        with("rules-goal-text", "count", v.army_size() as u64),
        blank(),
        head("rules-pieces"),
    ];
    let ranks: Vec<Rank> = Rank::ALL.into_iter().filter(|r| v.count(*r) > 0).collect();
    // The names' column as wide as the longest name in the language, and a space.
    let name_w = ranks
        .iter()
        .map(|r| words::width(&rank_name(lang, *r)) + 1)
        .max()
        .unwrap_or(11)
        .max(11);
    let counts: Vec<String> = ranks
        .iter()
        .map(|r| t!(lang, "rules-count", count = v.count(*r)))
        .collect();
    let count_w = counts
        .iter()
        .map(|c| words::width(c))
        .max()
        .unwrap_or(3)
        .max(3);
    for (r, count) in ranks.iter().zip(counts) {
        out.push(Entry::Row {
            head: vec![
                Span::styled(format!("{:>3}  ", rank_label(lang, *r, n)), t.key()),
                Span::styled(super::widgets::pad(&rank_name(lang, *r), name_w), t.title()),
                Span::raw(format!("{} ", super::widgets::pad(&count, count_w))),
            ],
            text: tr(lang, what_it_does(*r)),
        });
    }
    let equal = tr(
        lang,
        if o.aggressor_advantage {
            "rules-equal-attacker"
        } else {
            "rules-equal-both"
        },
    );
    out.extend([
        blank(),
        head("rules-moving"),
        plain("rules-moving-text"),
        blank(),
        head("rules-battles"),
        text(para(
            lang,
            "rules-battles-text",
            Some(&FluentArgs::from_iter([("equal", equal)])),
        )),
        plain(if o.silent_defense {
            "rules-silent"
        } else {
            "rules-not-silent"
        }),
        blank(),
        head("rules-this-game"),
        match o.two_square_limit {
            0 => plain("rules-no-two-square"),
            k => with("rules-two-square", "count", u64::from(k)),
        },
        plain(if o.more_squares {
            "rules-chasing"
        } else {
            "rules-no-chasing"
        }),
    ]);
    if o.rescue {
        out.push(plain("rules-rescue"));
    }
    out.push(plain(if o.immobility == Immobility::Immediate {
        "rules-blocked-at-once"
    } else {
        "rules-blocked-on-turn"
    }));
    if let Some(p) = o.move_cap.total_plies {
        out.push(with("rules-cap-total", "count", u64::from(p)));
    }
    if let Some(p) = o.move_cap.plies_without_battle {
        out.push(with("rules-cap-quiet", "count", u64::from(p)));
    }
    out.push(with("rules-setup", "count", rules.setup_depth() as u64));
    out.extend([blank(), head("rules-board")]);
    let ascii = t.g.hidden.is_ascii();
    let sym = |uni: &str, asc: &str, id: &str| {
        let shown = if ascii || uni == asc {
            asc.to_string()
        } else {
            format!("{uni}  {asc}")
        };
        Entry::Row {
            head: vec![Span::styled(format!("{shown:<8}"), t.key())],
            text: tr(lang, id),
        }
    };
    out.extend([
        sym("■", "?", "rules-sym-hidden"),
        sym("◆", "?*", "rules-sym-moved"),
        sym("≈", "~", "rules-sym-lake"),
        sym("░", ":", "rules-sym-setup"),
        sym("·", ".", "rules-sym-empty"),
        sym("•", "o", "rules-sym-target"),
        sym("[ ]", "[ ]", "rules-sym-cursor"),
        // The marks that tell without colour what the colours tell (NO_COLOR).
        sym("+", "+", "game-mark-last"),
        sym("'", "'", "game-mark-opponent"),
        sym("!0:15!", "!0:15!", "game-mark-low-time"),
        plain("rules-board-text"),
    ]);
    out
}

/// What a rank does, in a few words: its message id.
fn what_it_does(r: Rank) -> &'static str {
    match r {
        Rank::Marshal => "rules-does-marshal",
        Rank::General => "rules-does-general",
        Rank::Colonel | Rank::Major | Rank::Captain | Rank::Lieutenant | Rank::Sergeant => {
            "rules-does-officer"
        }
        Rank::Miner => "rules-does-miner",
        Rank::Scout => "rules-does-scout",
        Rank::Spy => "rules-does-spy",
        Rank::Bomb => "rules-does-bomb",
        Rank::Flag => "rules-does-flag",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Options, Variant};
    use crate::ui::{theme::Theme, Settings};

    fn all_text(rules: &Rules, ascii: bool) -> String {
        let t = Theme::new(&Settings {
            ascii,
            ..Settings::default()
        });
        page(rules, Numbering::Modern, &t)
            .iter()
            .map(|e| match e {
                Entry::Para(l) => l.to_string(),
                Entry::Row { head, text } => {
                    let h: String = head.iter().map(|s| s.content.as_ref()).collect();
                    format!("{h}{text}")
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_page_follows_the_options() {
        let std = all_text(&Rules::standard(Variant::Classic), false);
        assert!(std.contains("more than 3 times in a row"), "{std}");
        assert!(std.contains("Chasing (more-squares rule)"));
        assert!(std.contains("equal ranks both leave the board"));
        assert!(!std.contains("Rescue"));
        let mut o = Options::gravon();
        o.aggressor_advantage = true;
        o.silent_defense = true;
        o.rescue = true;
        let other = all_text(&Rules::new(Variant::Classic, o), false);
        assert!(other.contains("more than 5 times in a row"), "{other}");
        assert!(other.contains("Chasing is not limited"));
        assert!(other.contains("the attacker wins (aggressor advantage)"));
        assert!(other.contains("Silent defence"));
        assert!(other.contains("Rescue"));
        assert!(other.contains("blocked loses at once"));
    }

    #[test]
    fn symbols_in_both_forms_and_the_army_of_the_variant() {
        let t = all_text(&Rules::standard(Variant::Classic), false);
        for s in ["■  ?", "◆  ?*", "≈  ~", "░  :"] {
            assert!(t.contains(s), "{s}\n{t}");
        }
        assert!(t.contains("Scout") && t.contains("x8"));
        let ascii = all_text(&Rules::standard(Variant::Barrage), true);
        assert!(ascii.contains("?*") && !ascii.contains('◆'), "{ascii}");
        assert!(!ascii.contains("Colonel"), "Barrage has no Colonel");
    }

    #[test]
    fn scrolling_stops_at_the_ends() {
        let rules = Rules::standard(Variant::Classic);
        let t = Theme::new(&Settings::default());
        let area = Rect::new(0, 0, 80, 24);
        let n = Numbering::Modern;
        let mut s = 0;
        for _ in 0..200 {
            s = scroll_after(RulesKey::PageDown, s, &rules, n, area, &t).unwrap();
        }
        // The last page: it shows the last row, and its first entry whole.
        let (rows, starts) = page_rows(&rules, n, area, &t);
        assert!(starts.contains(&(s as usize)), "{s}");
        assert!(rows.len() - s as usize <= visible(area));
        let before = starts.iter().rfind(|&&x| x < s as usize).unwrap();
        assert!(
            rows.len() - before > visible(area),
            "the page could start earlier"
        );
        assert_eq!(
            scroll_after(RulesKey::PageUp, 1, &rules, n, area, &t),
            Some(0)
        );
        assert_eq!(scroll_after(RulesKey::Up, 0, &rules, n, area, &t), Some(0));
        assert_eq!(scroll_after(RulesKey::Close, 0, &rules, n, area, &t), None);
    }
}
