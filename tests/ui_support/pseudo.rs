//! The pseudo-language check (see `stratego_ssh::i18n::pseudo`): a screen drawn in
//! `Lang::Pseudo` must hold no letters outside `⟦…⟧` (English left in the code) and no
//! marker cut off (a layout too narrow for a longer language).

use ratatui::buffer::Buffer;

/// Words that are not the catalogs' to translate: the commands the welcome card prints, the
/// server's name, key names; and a single letter is a key.
pub const NOT_TEXT: &[&str] = &[
    "ssh", "keygen", "ed25519", "NAME", "HOST", "example", "org", "stratego",
    // The name shown in the welcome card's field.
    "root",
    // Keys named the same in English, German and Dutch (the others, Space, Del, the
    // arrows, come from the catalogs: Leertaste, Entf, Pfeiltasten).
    "Enter", "Esc", "Tab", "F2",
];

/// What is wrong with `area` of a screen in the pseudo-language: letters outside `⟦…⟧`
/// (English left in the code) and markers not closed (a message cut).
/// Rows are read left to right, top to bottom, so a message wrapped over rows reads whole.
pub fn pseudo_faults(buf: &Buffer, area: (u16, u16, u16, u16)) -> Vec<String> {
    pseudo_faults_except(buf, area, &[])
}

/// [`pseudo_faults`], where the words of `data` (the players' own text on the screen:
/// nicks, chat lines, names they gave) are not faults either.
pub fn pseudo_faults_except(
    buf: &Buffer,
    area: (u16, u16, u16, u16),
    data: &[&str],
) -> Vec<String> {
    let (x0, y0, x1, y1) = area;
    let mut faults = vec![];
    let mut depth: i32 = 0;
    let mut word = String::new();
    let flush = |word: &mut String, faults: &mut Vec<String>, y: u16| {
        if !word.is_empty()
            && word.chars().any(char::is_alphabetic)
            && word.chars().count() > 1
            && !NOT_TEXT.contains(&word.as_str())
            && !data.contains(&word.as_str())
        {
            faults.push(format!("row {y}: {word:?} outside the markers"));
        }
        word.clear();
    };
    for y in y0..y1 {
        for x in x0..x1 {
            let s = buf[(x, y)].symbol();
            match s {
                // Messages nest (a colour's name in a sentence).
                "⟦" => {
                    flush(&mut word, &mut faults, y);
                    depth += 1;
                }
                "⟧" => {
                    if depth == 0 {
                        faults.push(format!("row {y}: a message closed that was not opened"));
                    }
                    depth = (depth - 1).max(0);
                }
                s if depth == 0 && s.chars().all(char::is_alphanumeric) && !s.is_empty() => {
                    word.push_str(s)
                }
                _ => flush(&mut word, &mut faults, y),
            }
        }
        flush(&mut word, &mut faults, y);
    }
    if depth > 0 {
        faults.push("a message is cut: its ⟧ is not on the screen".into());
    }
    faults
}

/// The rectangle (x0, y0, x1, y1) where two drawings differ: a dialog over a screen.
pub fn differing(a: &Buffer, b: &Buffer) -> (u16, u16, u16, u16) {
    let (mut x0, mut y0, mut x1, mut y1) = (u16::MAX, u16::MAX, 0, 0);
    for y in 0..a.area.height {
        for x in 0..a.area.width {
            if a[(x, y)].symbol() != b[(x, y)].symbol() {
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
            }
        }
    }
    assert!(x0 < x1, "the dialog draws nothing");
    (x0, y0, x1, y1)
}

pub fn whole(buf: &Buffer) -> (u16, u16, u16, u16) {
    (0, 0, buf.area.width, buf.area.height)
}
