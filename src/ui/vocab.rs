//! The words every screen shares, in the player's language: the sides, the variants, how a
//! game ended (`core.ftl`'s `color-`, `variant-` and `end-` messages). The web reads them
//! too, so a page says what the SSH screens say.

use crate::i18n::{tr, Lang};
use crate::rules::{EndReason, Variant};

pub use super::too_small::color_name;

/// A variant's name in `lang` (`Klassisch`, `Klassiek`).
pub fn variant_name(lang: Lang, v: Variant) -> String {
    tr(lang, crate::proto::variant_id(v))
}

/// Why a game ended, in `lang`, as a phrase (`Fahne erobert`, `vlag veroverd`).
pub fn end_reason(lang: Lang, r: EndReason) -> String {
    tr(lang, crate::proto::end_id(r))
}

/// A tournament's terms on one line in `lang`, as the tournament screen shows them:
/// `Swiss 5 rounds · Classic · 5+3 · rated · anyone` (the exec commands' line too).
pub fn tournament_terms(lang: Lang, info: &crate::proto::TournamentInfo) -> String {
    super::tournament::terms_line(lang, info)
}

/// A game's rule options in short in `lang`: `2sq:3 chase AA` in English.
pub fn rules_short(lang: Lang, o: &crate::rules::Options) -> String {
    super::game::rules_short(lang, o)
}

/// How a tournament ended (its note, kept in English with its record) in `lang`: the
/// lobby's four notes are worded from the catalogs; any other note is shown as it is.
pub fn tournament_note(lang: Lang, note: &str) -> String {
    let id = match note {
        "cancelled by an organiser" => "tournament-note-cancelled",
        "cancelled: fewer than two players at the start" => "tournament-note-too-few",
        "finished at its end time" => "tournament-note-end-time",
        _ => {
            let rounds = note
                .strip_prefix("finished after ")
                .and_then(|r| r.strip_suffix(" rounds"))
                .and_then(|r| r.parse::<u32>().ok());
            return match rounds {
                Some(n) => crate::t!(lang, "tournament-note-rounds", rounds = n),
                None => note.to_string(),
            };
        }
    };
    tr(lang, id)
}

/// A standing's mark of one game in `lang` (English `W`, `D`, `L`, `B`; `-` a void game).
pub fn mark_letter(lang: Lang, m: crate::proto::Mark) -> String {
    use crate::proto::Mark;
    let id = match m {
        Mark::Win => "tournament-mark-win",
        Mark::Draw => "tournament-mark-draw",
        Mark::Loss => "tournament-mark-loss",
        Mark::Bye => "tournament-mark-bye",
        Mark::Void => return m.letter().to_string(),
    };
    tr(lang, id)
}

/// A correspondence game's days a move in words (`3 days a move (correspondence)`), with
/// its total budget when it has one (`3 days a move, 30 days in all (correspondence)`).
/// Shared by the screens, the lines and the web pages, so each says the same.
pub fn days_words(lang: Lang, days: u8, budget: Option<u8>) -> String {
    match budget {
        None => crate::t!(lang, "form-days", days = days),
        Some(b) => crate::t!(lang, "form-days-budget", days = days, budget = b),
    }
}

/// The same in short, where a clock's `10+5` would stand: `3d`, or `3d/30d` with a
/// budget.
pub fn days_short(lang: Lang, days: u8, budget: Option<u8>) -> String {
    match budget {
        None => crate::t!(lang, "lobby-seek-days", days = days),
        Some(b) => crate::t!(lang, "lobby-seek-days-budget", days = days, budget = b),
    }
}

/// What is left of a total budget of `budget` days: `2 d 4 h left of 30 d`.
pub fn budget_left_words(lang: Lang, left_secs: u64, budget: u8) -> String {
    crate::t!(
        lang,
        "game-budget-left",
        left = super::line::days_hours(lang, left_secs),
        budget = budget
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    #[test]
    fn the_shared_words_in_each_language() {
        assert_eq!(variant_name(Lang::En, Variant::Classic), "Classic");
        assert_eq!(variant_name(Lang::De, Variant::Classic), "Klassisch");
        assert_eq!(
            end_reason(Lang::Nl, EndReason::FlagCaptured),
            "vlag veroverd"
        );
        assert_eq!(color_name(Lang::De, Color::Blue), "Blau");
        // English says what the rules' own descriptions say.
        for r in [EndReason::FlagCaptured, EndReason::Time, EndReason::Aborted] {
            assert_eq!(end_reason(Lang::En, r), r.describe());
        }
    }
}
