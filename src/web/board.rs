//! The board as HTML (a table styled by /style.css, readable at 375 px wide) and the
//! rating-history plot as SVG, both drawn on the server from views only.

use maud::{html, Markup};

use super::lang::Say;
use crate::i18n::Lang;
use crate::rules::{BattleResult, Color, Numbering, PlayerView, Rank, Square, ViewMove};
use crate::ui::{rank_label, rank_name, vocab::color_name};

/// A piece in words in `lang`: `Red Marshal`, `Feldmarschall (Rot)`, `Blue unknown`.
pub fn piece_in(lang: Lang, color: Color, rank: Option<Rank>) -> String {
    match rank {
        Some(r) => Say::new("web-piece")
            .text("color", color_name(lang, color))
            .text("rank", rank_name(lang, r)),
        None => Say::new("web-piece-unknown").text("color", color_name(lang, color)),
    }
    .in_lang(lang)
}

/// What a square shows, as written in its `data-piece` attribute (English whatever the
/// page's language, as the API's words): `Red Marshal`, `Blue unknown`, or nothing for an
/// empty square.
pub fn piece_words(view: &PlayerView, sq: Square) -> Option<String> {
    view.piece_at(sq).map(|p| {
        format!(
            "{} {}",
            p.color.name(),
            p.rank.map_or("unknown", |r| r.name())
        )
    })
}

/// The board as `view` shows it, `bottom` side nearest the reader; the last move marked.
/// Each piece's title in `lang`.
pub fn board(lang: Lang, view: &PlayerView, bottom: Color) -> Markup {
    let rows: Vec<u8> = match bottom {
        Color::Red => (0..10).rev().collect(),
        Color::Blue => (0..10).collect(),
    };
    let files: Vec<u8> = match bottom {
        Color::Red => (0..10).collect(),
        Color::Blue => (0..10).rev().collect(),
    };
    let last = view.last_move.map(|m| (m.from, m.to));
    html! {
        table.board aria-label=(crate::i18n::tr(lang, "web-board")) {
            @for &r in &rows {
                tr {
                    th.coord scope="row" { (r + 1) }
                    @for &f in &files {
                        @let sq = Square::new(f, r).expect("on the board");
                        @let marked = last.is_some_and(|(a, b)| a == sq || b == sq);
                        @match view.piece_at(sq) {
                            Some(p) => {
                                @let label = p.rank.map_or("?", |r| rank_label(lang, r, Numbering::Modern));
                                @let cls = format!("sq {}{}", if p.color == Color::Red { "red" } else { "blue" }, if marked { " last" } else { "" });
                                td class=(cls) data-sq=(sq) data-piece=(piece_words(view, sq).unwrap_or_default()) title=(format!("{sq}: {}", piece_in(lang, p.color, p.rank))) { (label) }
                            }
                            None => {
                                @let cls = format!("sq{}{}", if sq.is_lake() { " lake" } else { "" }, if marked { " last" } else { "" });
                                td class=(cls) data-sq=(sq) {}
                            }
                        }
                    }
                }
            }
            tr {
                th {}
                @for &f in &files {
                    th.coord scope="col" { ((b'A' + f) as char) }
                }
            }
        }
    }
}

/// A move in short: `E4-E5`, `E4xE5` for a battle.
pub fn move_text(m: &ViewMove) -> String {
    let sep = if m.battle.is_some() { "x" } else { "-" };
    format!("{}{sep}{}", m.from, m.to)
}

/// What happened in a move, in words, as a spectator knew it (in English, as `ssh host
/// replay ID` tells it): `Red's Major (7) attacked Blue's Lieutenant (5) and won`.
pub fn move_words(lang: Lang, m: &ViewMove) -> String {
    let mut words = match m.battle {
        Some(b) => {
            let piece = |r: Option<Rank>| match r {
                Some(r) => format!(
                    "{} ({})",
                    rank_name(lang, r),
                    rank_label(lang, r, Numbering::default())
                ),
                None => crate::i18n::tr(lang, "web-unknown-piece"),
            };
            let id = match b.result {
                BattleResult::AttackerWins if b.defender == Some(Rank::Flag) => "web-battle-flag",
                BattleResult::AttackerWins if b.defender == Some(Rank::Bomb) => "web-battle-bomb",
                BattleResult::AttackerWins => "web-battle-won",
                BattleResult::DefenderWins => "web-battle-lost",
                BattleResult::BothRemoved => "web-battle-both",
            };
            Say::new(id)
                .text("mover", color_name(lang, m.mover))
                .text("attacker", piece(b.attacker))
                .text("other", color_name(lang, m.mover.opposite()))
                .text("defender", piece(b.defender))
                .in_lang(lang)
        }
        None => Say::new("web-moved")
            .text("mover", color_name(lang, m.mover))
            .in_lang(lang),
    };
    if let Some(r) = m.rescue {
        words.push_str(
            &Say::new("web-rescue")
                .text("rank", rank_name(lang, r.rank))
                .text("square", r.to)
                .in_lang(lang),
        );
    }
    words
}

/// A rating history (oldest first) as an SVG line with one point per rated game.
pub fn rating_plot(lang: Lang, history: &[(u64, i32)]) -> Markup {
    const W: f64 = 320.0;
    const H: f64 = 120.0;
    const PAD: f64 = 8.0;
    let lo = history.iter().map(|h| h.1).min().unwrap_or(1500) - 10;
    let hi = history.iter().map(|h| h.1).max().unwrap_or(1500) + 10;
    let n = history.len();
    let x = |i: usize| {
        if n <= 1 {
            W / 2.0
        } else {
            PAD + (W - 2.0 * PAD) * i as f64 / (n - 1) as f64
        }
    };
    let y = |r: i32| PAD + (H - 2.0 * PAD) * (hi - r) as f64 / (hi - lo).max(1) as f64;
    let points: Vec<String> = history
        .iter()
        .enumerate()
        .map(|(i, &(_, r))| format!("{:.1},{:.1}", x(i), y(r)))
        .collect();
    html! {
        svg.plot xmlns="http://www.w3.org/2000/svg" viewBox=(format!("0 0 {W} {H}")) width="100%" role="img" aria-label=(Say::new("web-plot-label").text("count", n).text("low", lo).text("high", hi).in_lang(lang)) {
            rect x="0" y="0" width=(W) height=(H) fill="#fafafa" stroke="#ccc" {}
            text x="4" y="12" font-size="10" fill="#666" { (hi) }
            text x="4" y=(H - 3.0) font-size="10" fill="#666" { (lo) }
            polyline points=(points.join(" ")) fill="none" stroke="#b22" stroke-width="1.5" {}
            @for (i, &(_, r)) in history.iter().enumerate() {
                circle.pt cx=(format!("{:.1}", x(i))) cy=(format!("{:.1}", y(r))) r="2.5" fill="#b22" {
                    title { (Say::new("web-plot-point").text("game", i + 1).text("rating", r).in_lang(lang)) }
                }
            }
        }
    }
}

/// The analysis after a game as an SVG chart: the evaluation after each ply from Red's
/// side (above the middle line Red is better), as each mover knew it (solid) and with
/// hindsight (dashed), values beyond ±[`CHART_RANGE`] drawn at the edge; a dot on each
/// mistake (larger for a blunder), linking to the position after it (`href(ply)`); a
/// vertical line at the ply shown.
pub fn analysis_chart(
    lang: Lang,
    a: &crate::rules::GameAnalysis,
    shown: u32,
    href: &dyn Fn(u32) -> String,
) -> Markup {
    use crate::rules::Severity;
    const W: f64 = 480.0;
    const H: f64 = 140.0;
    const PAD: f64 = 6.0;
    let n = a.plies.len().max(1);
    let x = |k: usize| PAD + (W - 2.0 * PAD) * k as f64 / n as f64;
    let y = |v: i32| {
        let v = v.clamp(-CHART_RANGE, CHART_RANGE) as f64;
        H / 2.0 - (H / 2.0 - PAD) * v / CHART_RANGE as f64
    };
    let line = |hind: bool| -> String {
        let mut pts = vec![format!("{:.1},{:.1}", x(0), y(0))];
        for (i, p) in a.plies.iter().enumerate() {
            let j = if hind { p.hindsight } else { p.seen };
            if let Some(j) = j {
                pts.push(format!(
                    "{:.1},{:.1}",
                    x(i + 1),
                    y(j.after_for_red(p.mover))
                ));
            }
        }
        pts.join(" ")
    };
    let (seen, hind) = a.mistakes();
    let label = Say::new("web-analysis-chart-label")
        .text("plies", a.plies.len())
        .text("seen", seen[0] + seen[1])
        .text("hindsight", hind[0] + hind[1])
        .in_lang(lang);
    html! {
        svg.chart xmlns="http://www.w3.org/2000/svg" viewBox=(format!("0 0 {W} {H}")) width="100%" role="img" aria-label=(label) {
            rect x="0" y="0" width=(W) height=(H) fill="#fafafa" stroke="#ccc" {}
            line x1=(PAD) y1=(H / 2.0) x2=(W - PAD) y2=(H / 2.0) stroke="#bbb" {}
            text x="4" y="12" font-size="10" fill="#b22" { (Say::new("web-analysis-red-better").in_lang(lang)) }
            text x="4" y=(H - 4.0) font-size="10" fill="#25a" { (Say::new("web-analysis-blue-better").in_lang(lang)) }
            @if shown > 0 {
                line.at x1=(format!("{:.1}", x(shown as usize))) y1="0" x2=(format!("{:.1}", x(shown as usize))) y2=(H) stroke="#fc0" stroke-width="2" {}
            }
            polyline.hindsight points=(line(true)) fill="none" stroke="#888" stroke-width="1.2" stroke-dasharray="4 3" {}
            polyline.seen points=(line(false)) fill="none" stroke="#222" stroke-width="1.5" {}
            @for (i, p) in a.plies.iter().enumerate() {
                @let worst = [p.seen, p.hindsight].into_iter().flatten().max_by_key(|j| j.severity());
                @if let Some(j) = worst.filter(|j| j.severity() >= Severity::Mistake) {
                    a href=(href(i as u32 + 1)) {
                        circle.mistake cx=(format!("{:.1}", x(i + 1))) cy=(format!("{:.1}", y(j.after_for_red(p.mover)))) r=(if j.severity() == Severity::Blunder { "4" } else { "3" }) fill=(if p.mover == Color::Red { "#b22" } else { "#25a" }) {
                            title { (Say::new("web-analysis-point").text("ply", i + 1).text("color", color_name(lang, p.mover)).text("mark", j.mark()).in_lang(lang)) }
                        }
                    }
                }
            }
        }
    }
}

/// Evaluations beyond this (in either direction) are drawn at the chart's edge: about a
/// General and a Colonel ahead, past which the game is decided.
pub const CHART_RANGE: i32 = 200;
