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
use crate::rules::{Immobility, Numbering, Rank, Rules};
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
    on(&[ch('?')], HelpKey::Rules).hints(&[hint(0, "?", "rules of the game")]),
    any(HelpKey::Close).hints(&[hint(1, "any key", "closes this help")]),
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
    on(&[Up, ch('k')], RulesKey::Up).hints(&[hint(0, "Up/Down", "scroll")]),
    on(&[Down, ch('j')], RulesKey::Down).hints(&[hint(0, "Up/Down", "scroll")]),
    on(&[PageUp, ch('b')], RulesKey::PageUp).hints(&[hint(1, "PgUp/PgDn", "page")]),
    on(&[PageDown, ch(' ')], RulesKey::PageDown).hints(&[hint(1, "PgUp/PgDn", "page")]),
    any(RulesKey::Close).hints(&[hint(4, "Esc", "close")]),
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

/// The rules page's rows as drawn in a box for `area`.
fn page_rows(rules: &Rules, n: Numbering, area: Rect, t: &Theme) -> Vec<Line<'static>> {
    let (w, _) = page_box(area);
    let width = w.saturating_sub(4) as usize;
    let mut rows = vec![];
    for e in page(rules, n, t) {
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
    rows
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
    let rows = page_rows(rules, n, area, t).len();
    let seen = visible(area);
    let last = rows.saturating_sub(seen) as u16;
    let page = seen.saturating_sub(1).max(1) as u16;
    Some(match key {
        RulesKey::Up => scroll.saturating_sub(1),
        RulesKey::Down => (scroll + 1).min(last),
        RulesKey::PageUp => scroll.saturating_sub(page),
        RulesKey::PageDown => (scroll + page).min(last),
        RulesKey::Close => return None,
    })
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
    let rows = page_rows(rules, n, area, t);
    let (w, h) = page_box(area);
    let title = format!("Rules of {} Stratego", rules.variant.name());
    let inn = dialog(buf, area, w, h, &title, t);
    let seen = visible(area);
    let start = (scroll as usize).min(rows.len().saturating_sub(seen));
    for (i, l) in rows.iter().skip(start).take(seen).enumerate() {
        put_line(
            buf,
            inn.x + 1,
            inn.y + i as u16,
            l,
            inn.width.saturating_sub(2),
        );
    }
    let hints = keymap::footer(RULES_KEYS, &Always);
    let mut spans = vec![];
    for (k, what) in &hints {
        spans.push(Span::styled(k.to_string(), t.key()));
        spans.push(Span::styled(format!(" {what}  "), t.dim()));
    }
    let more = if rows.len() > seen {
        format!(
            "{}-{} of {}",
            start + 1,
            (start + seen).min(rows.len()),
            rows.len()
        )
    } else {
        String::new()
    };
    let y = inn.bottom().saturating_sub(1);
    put_line(
        buf,
        inn.x + 1,
        y,
        &Line::from(spans),
        inn.width.saturating_sub(2),
    );
    let mw = words::width(&more) as u16;
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
    let hints: Vec<String> = keymap::footer(HELP_KEYS, &Always)
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
    let mut rows: Vec<Line<'static>> = vec![];
    for (k, w) in keys {
        for (i, part) in wrap(w, words_col).into_iter().enumerate() {
            let key = if i == 0 { k.to_string() } else { String::new() };
            rows.push(Line::from(vec![
                Span::styled(format!("{key:<key_w$}  "), t.key()),
                Span::styled(part, Style::new()),
            ]));
        }
    }
    let bh = (rows.len() as u16 + 4).min(area.height);
    let inn = dialog(buf, area, bw, bh, title, t);
    let room = inn.height.saturating_sub(2) as usize;
    for (i, l) in rows.iter().take(room).enumerate() {
        put_line(
            buf,
            inn.x + 1,
            inn.y + i as u16,
            l,
            inn.width.saturating_sub(2),
        );
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

/// The page's text, one entry a paragraph or table row (wrapped when drawn).
fn page(rules: &Rules, n: Numbering, t: &Theme) -> Vec<Entry> {
    let head = |s: &str| Entry::Para(Line::styled(s.to_string(), t.accent()));
    let text = |s: String| Entry::Para(Line::raw(s));
    let blank = || Entry::Para(Line::raw(""));
    let v = rules.variant;
    let o = rules.options;
    let mut out = vec![
        head("The goal"),
        text(format!(
            "Capture the enemy Flag, or leave the enemy no piece that can move. Each side \
             has {} pieces and sees only its own ranks: an enemy piece shows its rank once \
             it has fought.",
            v.army_size()
        )),
        blank(),
        head("The pieces, strongest first"),
    ];
    for r in Rank::ALL.into_iter().filter(|r| v.count(*r) > 0) {
        out.push(Entry::Row {
            head: vec![
                Span::styled(format!("{:>3}  ", r.label(n)), t.key()),
                Span::styled(format!("{:<11}", r.name()), t.title()),
                Span::raw(format!("x{:<2} ", v.count(r))),
            ],
            text: what_it_does(r).to_string(),
        });
    }
    out.extend([
        blank(),
        head("Moving"),
        text(
            "One piece a turn, one square forward, back or sideways: never diagonally, \
             never into a lake. Bombs and the Flag never move. A Scout runs any number of \
             empty squares in a line and may attack at the end of its run."
                .into(),
        ),
        blank(),
        head("Who beats whom"),
        text(format!(
            "A piece that moves onto an enemy piece attacks it. The higher rank wins and \
             stays; {}. The Spy beats the Marshal only when the Spy attacks. A Bomb \
             destroys any attacker except a Miner, which defuses it. Whoever takes the \
             Flag wins.",
            if o.aggressor_advantage {
                "with equal ranks the attacker wins (aggressor advantage)"
            } else {
                "equal ranks both leave the board"
            }
        )),
        text(if o.silent_defense {
            "Silent defence: a battle shows only the attacker's rank (the defender's too \
             when a Scout attacks)."
                .to_string()
        } else {
            "Both ranks of a battle are shown to both players.".to_string()
        }),
        blank(),
        head("The rules of this game"),
        text(match o.two_square_limit {
            0 => "No two-square rule: a piece may move back and forth as often as it likes."
                .to_string(),
            n => format!(
                "Two-square rule: a piece may not move between the same two squares more \
                 than {n} times in a row."
            ),
        }),
        text(if o.more_squares {
            "Chasing (more-squares rule): a piece that keeps chasing one enemy piece may \
             not bring back a position of that chase; the chaser has to break off."
                .to_string()
        } else {
            "Chasing is not limited (no more-squares rule).".to_string()
        }),
    ]);
    if o.rescue {
        out.push(text(
            "Rescue: a piece that reaches the enemy back row by a plain move may bring \
             back one of its captured pieces (at most two a game)."
                .into(),
        ));
    }
    if o.immobility == Immobility::Immediate {
        out.push(text(
            "A side whose movable pieces are all blocked loses at once.".into(),
        ));
    } else {
        out.push(text(
            "A side that cannot move when its turn comes loses.".into(),
        ));
    }
    if let Some(p) = o.move_cap.total_plies {
        out.push(text(format!("The game is a draw after {p} moves in all.")));
    }
    if let Some(p) = o.move_cap.plies_without_battle {
        out.push(text(format!(
            "The game is a draw after {p} moves without a battle."
        )));
    }
    out.push(text(format!(
        "Each side sets up its army on its own {} rows; r fills them the way the \
         computer does (the Flag at the back, Bombs around it).",
        rules.setup_depth()
    )));
    out.extend([blank(), head("What the board shows")]);
    let ascii = t.g.hidden.is_ascii();
    let sym = |uni: &str, asc: &str, what: &str| {
        let shown = if ascii || uni == asc {
            asc.to_string()
        } else {
            format!("{uni}  {asc}")
        };
        Entry::Row {
            head: vec![Span::styled(format!("{shown:<8}"), t.key())],
            text: what.to_string(),
        }
    };
    out.extend([
        sym("■", "?", "an enemy piece you have not seen"),
        sym(
            "◆",
            "?*",
            "an enemy piece that has moved: not a Bomb or the Flag",
        ),
        sym("≈", "~", "a lake: no piece may enter"),
        sym(
            "░",
            ":",
            "the opponent's set-up rows while armies are placed",
        ),
        sym("·", ".", "an empty square"),
        sym("•", "o", "where the selected piece may go"),
        sym(
            "[ ]",
            "[ ]",
            "the cursor; ( ) a piece picked up or selected",
        ),
        text(
            "An enemy rank drawn underlined is one you have seen; the squares of the last \
             move are marked in yellow. Columns are A to J, rows 1 to 10: a move is \
             written like c4 c5 (m types one)."
                .into(),
        ),
    ]);
    out
}

/// What a rank does, in a few words.
fn what_it_does(r: Rank) -> &'static str {
    match r {
        Rank::Marshal => "beats every piece below it; falls to a Spy that attacks it",
        Rank::General => "beats every piece below it",
        Rank::Colonel | Rank::Major | Rank::Captain | Rank::Lieutenant | Rank::Sergeant => {
            "beats the ranks below it"
        }
        Rank::Miner => "defuses Bombs; beats Scouts and the Spy",
        Rank::Scout => "runs any distance in a line; beats only the Spy",
        Rank::Spy => "beats the Marshal if it strikes first; loses to every other rank",
        Rank::Bomb => "never moves; destroys any attacker but a Miner",
        Rank::Flag => "never moves; whoever takes it wins",
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
        let rows = page_rows(&rules, n, area, &t).len();
        assert_eq!(s as usize, rows - visible(area));
        assert_eq!(
            scroll_after(RulesKey::PageUp, 1, &rules, n, area, &t),
            Some(0)
        );
        assert_eq!(scroll_after(RulesKey::Up, 0, &rules, n, area, &t), Some(0));
        assert_eq!(scroll_after(RulesKey::Close, 0, &rules, n, area, &t), None);
    }
}
