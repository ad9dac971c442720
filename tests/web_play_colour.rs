//! The browser board's colours (src/web/play.css) pass the checks the screens' palette
//! passes (tests/ui_colour.rs), for normal vision and simulated protanopia and
//! deuteranopia: the rank on a piece and on an empty square is readable (WCAG 2 contrast
//! at least 4.5), the grounds the board tells apart (Red's pieces, Blue's, an empty square,
//! a lake) stay apart (CIEDE2000 at least `MIN_DELTA_E`), and each ring drawn on a square
//! (the last move, the selected piece, a target's dot, the keyboard's focus) stands out
//! from every ground it may be drawn on (contrast at least 3, WCAG's least for the parts
//! of a user interface) by one of its colours. The colours are read from the stylesheet
//! the server sends, so a change of play.css is checked here.

#[path = "common/colour.rs"]
mod colour;

use colour::*;

const CSS: &str = include_str!("../src/web/play.css");

/// The rule of `selector` exactly (one rule per selector in play.css).
fn rule(selector: &str) -> &'static str {
    let at = CSS
        .find(&format!("{selector} {{"))
        .unwrap_or_else(|| panic!("no rule for {selector} in play.css"));
    let body = &CSS[at + selector.len() + 2..];
    &body[..body.find('}').unwrap()]
}

/// Every `#rrggbb` or `#rgb` of `text`, in order.
fn hexes(text: &str) -> Vec<[u8; 3]> {
    let mut out = vec![];
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'#' {
            let digits: String = text[i + 1..]
                .chars()
                .take_while(|c| c.is_ascii_hexdigit())
                .collect();
            let h = |s: &str| u8::from_str_radix(s, 16).unwrap();
            match digits.len() {
                6 => out.push([h(&digits[0..2]), h(&digits[2..4]), h(&digits[4..6])]),
                3 => {
                    let d: Vec<String> = digits.chars().map(|c| format!("{c}{c}")).collect();
                    out.push([h(&d[0]), h(&d[1]), h(&d[2])]);
                }
                _ => {}
            }
            i += digits.len();
        }
        i += 1;
    }
    out
}

/// The value of `property` in a rule, its colours.
fn colours(rule: &str, property: &str) -> Vec<[u8; 3]> {
    let at = rule
        .find(&format!("{property}:"))
        .unwrap_or_else(|| panic!("no {property} in {rule}"));
    let value = &rule[at..];
    hexes(&value[..value.find(';').unwrap_or(value.len())])
}

fn one(rule: &str, property: &str) -> [u8; 3] {
    colours(rule, property)[0]
}

const VISIONS: [(&str, &[[f64; 3]; 3]); 3] = [
    ("normal", &NORMAL),
    ("protanopia", &PROTANOPIA),
    ("deuteranopia", &DEUTERANOPIA),
];

/// A ground a square may have: what it is, its colour, and the colour written on it.
type Ground = (&'static str, [u8; 3], Option<[u8; 3]>);

/// The grounds a square may have.
fn grounds() -> Vec<Ground> {
    let sq = rule("#play-board button.sq");
    let lake = rule("#play-board button.sq.lake");
    let red = rule("#play-board button.sq.red");
    let blue = rule("#play-board button.sq.blue");
    vec![
        (
            "an empty square",
            one(sq, "background"),
            Some(one(sq, "color")),
        ),
        ("a lake", one(lake, "background"), None),
        (
            "a Red piece",
            one(red, "background"),
            Some(one(red, "color")),
        ),
        (
            "a Blue piece",
            one(blue, "background"),
            Some(one(blue, "color")),
        ),
    ]
}

#[test]
fn ranks_are_readable_on_every_square_for_every_vision() {
    let mut fails = vec![];
    for (what, ground, text) in grounds() {
        let Some(text) = text else { continue };
        for (vision, m) in VISIONS {
            let c = contrast(text, ground, m);
            if c < 4.5 {
                fails.push(format!(
                    "{what}: text {text:?} on {ground:?}, {c:.2} ({vision})"
                ));
            }
        }
    }
    assert!(
        fails.is_empty(),
        "contrast under 4.5:\n{}",
        fails.join("\n")
    );
}

#[test]
fn the_grounds_stay_apart_for_every_vision() {
    let g = grounds();
    let mut fails = vec![];
    for (i, (a, ca, _)) in g.iter().enumerate() {
        for (b, cb, _) in &g[i + 1..] {
            for (vision, m) in VISIONS {
                let d = delta_e(lab(*ca, m), lab(*cb, m));
                if d < MIN_DELTA_E {
                    fails.push(format!("{a} and {b}: {d:.1} ({vision})"));
                }
            }
        }
    }
    assert!(
        fails.is_empty(),
        "CIEDE2000 under {MIN_DELTA_E}:\n{}",
        fails.join("\n")
    );
}

#[test]
fn every_ring_stands_out_from_every_ground_it_is_drawn_on() {
    let rings = [
        (
            "the last move",
            colours(rule("#play-board button.sq.last"), "box-shadow"),
        ),
        (
            "the selected piece",
            colours(rule("#play-board button.sq.selected"), "box-shadow"),
        ),
        ("a target's dot", {
            let r = rule("#play-board button.sq.target::after");
            vec![one(r, "background"), one(r, "border")]
        }),
        ("the keyboard's focus", {
            let mut c = colours(rule("#play-board button.sq:focus-visible"), "outline");
            c.extend(colours(
                rule("#play-board button.sq:focus-visible::before"),
                "border",
            ));
            c
        }),
    ];
    let mut fails = vec![];
    for (ring, cs) in &rings {
        assert!(!cs.is_empty(), "{ring}: no colour read");
        for (what, ground, _) in grounds() {
            for (vision, m) in VISIONS {
                let best = cs
                    .iter()
                    .map(|c| contrast(*c, ground, m))
                    .fold(0.0, f64::max);
                if best < 3.0 {
                    fails.push(format!(
                        "{ring} on {what}: {best:.2} at best ({vision}; {cs:?} on {ground:?})"
                    ));
                }
            }
        }
    }
    assert!(
        fails.is_empty(),
        "rings under contrast 3:\n{}",
        fails.join("\n")
    );
}

#[test]
fn the_stylesheet_reader_reads_what_is_there() {
    assert_eq!(
        hexes("a #fff b #1e50a0;"),
        vec![[255, 255, 255], [0x1e, 0x50, 0xa0]]
    );
    assert_eq!(
        one(rule("#play-board button.sq.red"), "background"),
        [0xc6, 0x28, 0x28]
    );
}
