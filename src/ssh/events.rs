//! Tournaments from the command line: `ssh host tournaments`, `ssh host tournament ID
//! [--format json]`, and the organisers' `ssh host admin tournament create|edit|start|cancel`
//! (also without `admin` for every key holder where the host allows it). Reads the words,
//! asks the lobby, prints plain text.

use crate::lobby::TournamentOrder;
use crate::proto::{
    BotLevel, ClockSpec, EntryRule, GameTerms, Notice, PlayerId, TournamentInfo, TournamentStatus,
    TournamentTerms,
};
use crate::rules::{Color, Immobility, Options, Rules, Variant};
use crate::service::Service;
use crate::tournament::{Format, GameResult};
use crate::ui::{civil_from_days, utc_datetime};

use super::commands::{columns, row, Output};
use crate::i18n::{tr, Lang};
use crate::t;

/// `tournament help`: the tournament commands and their options, in `lang`.
pub fn usage(lang: Lang) -> String {
    format!("{}\n", tr(lang, "exec-tournament-usage"))
}

/// `tournaments`: one line each.
pub async fn list(service: &Service, lang: Lang) -> Output {
    let all = match service.tournaments().await {
        Ok(all) => all,
        Err(why) => return (format!("{}\n", why.text(lang)), 1),
    };
    if all.is_empty() {
        return (format!("{}\n", tr(lang, "exec-no-tournaments")), 0);
    }
    let statuses: Vec<String> = all.iter().map(|t| status_word(lang, t.status)).collect();
    let formats: Vec<String> = all
        .iter()
        .map(|t| format_words(lang, t.terms.format))
        .collect();
    let widest = |v: &[String], min: usize| {
        v.iter()
            .map(|s| crate::text::display_width(s))
            .fold(min, usize::max)
    };
    let cols = columns(
        lang,
        &[
            ("exec-col-id", 5, false),
            ("exec-col-status", widest(&statuses, 10), false),
            ("exec-col-format", widest(&formats, 16), false),
            ("exec-col-starts", 17, false),
            ("exec-col-players", 7, true),
        ],
    );
    let line = |cells: &[String], name: &str| {
        let mut r = row(&cols, cells);
        r.pop();
        format!("{r}  {name}\n")
    };
    let heads: Vec<String> = cols.iter().map(|c| c.0.clone()).collect();
    let mut out = line(&heads, &tr(lang, "exec-col-name"));
    for (i, t) in all.iter().enumerate() {
        let players = t.standings.iter().filter(|s| !s.withdrawn).count();
        out.push_str(&line(
            &[
                t.id.to_string(),
                statuses[i].clone(),
                formats[i].clone(),
                utc_datetime(t.terms.starts_at),
                players.to_string(),
            ],
            &t.terms.name,
        ));
    }
    (out, 0)
}

/// A tournament's status in a word of `lang` (`upcoming`, `angekündigt`).
fn status_word(lang: Lang, s: TournamentStatus) -> String {
    tr(
        lang,
        match s {
            TournamentStatus::Upcoming => "notice-status-upcoming",
            TournamentStatus::Running => "notice-status-running",
            TournamentStatus::Finished => "notice-status-finished",
            TournamentStatus::Cancelled => "notice-status-cancelled",
        },
    )
}

fn format_words(lang: Lang, f: Format) -> String {
    match f {
        Format::Arena { minutes } => t!(lang, "exec-format-arena", minutes = minutes),
        Format::Swiss { rounds } => t!(lang, "exec-format-swiss", rounds = rounds),
    }
}

/// `tournament ID [--format json]`.
pub async fn show(service: &Service, id: &str, json: bool, lang: Lang) -> Output {
    let Ok(id) = id.trim_start_matches('#').parse::<u64>() else {
        return (
            format!("{}\n", t!(lang, "exec-not-a-tournament-number", id = id)),
            2,
        );
    };
    let all = match service.tournaments().await {
        Ok(all) => all,
        Err(why) => return (format!("{}\n", why.text(lang)), 1),
    };
    let Some(t) = all.into_iter().find(|t| t.id == id) else {
        let no = crate::lobby::TournamentError::NoSuch(id).notice();
        return (format!("{}\n", no.text(lang)), 1);
    };
    if json {
        let mut t = t;
        t.chat.clear();
        // Players are named by nick here: their identities (key fingerprints, a guest's
        // hash) are for admins only.
        for s in &mut t.standings {
            s.pid.clear();
        }
        // Every pairing with its result, from the stored record.
        let pairings = match service.tournament_record(id).await {
            Ok(Some(rec)) => {
                let nick = |pid: &str| {
                    rec.entrants
                        .iter()
                        .find(|e| e.pid == pid)
                        .map_or_else(|| pid.to_string(), |e| e.nick.clone())
                };
                rec.pairings
                    .iter()
                    .map(|p| JsonPairing {
                        round: p.round,
                        game: p.game,
                        red: nick(&p.red),
                        blue: p.blue.as_deref().map(nick),
                        result: p.result.map(|r| match r {
                            GameResult::Win(Color::Red) => "red",
                            GameResult::Win(Color::Blue) => "blue",
                            GameResult::Draw => "draw",
                            GameResult::Void => "void",
                        }),
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        let out = JsonTournament { info: t, pairings };
        return match serde_json::to_string_pretty(&out) {
            Ok(s) => (s + "\n", 0),
            Err(e) => (format!("cannot write JSON: {e}\n"), 1),
        };
    }
    (text(&t, lang), 0)
}

/// `tournament ID --format json`: the view, and every pairing in the order made.
#[derive(serde::Serialize)]
struct JsonTournament {
    #[serde(flatten)]
    info: TournamentInfo,
    pairings: Vec<JsonPairing>,
}

#[derive(serde::Serialize)]
struct JsonPairing {
    round: u32,
    game: Option<u64>,
    red: String,
    /// `None`: a bye.
    blue: Option<String>,
    /// `red`, `blue`, `draw`, `void`; `None` while in play.
    result: Option<&'static str>,
}

/// A tournament's terms and standings as plain text.
pub fn text(t: &TournamentInfo, lang: Lang) -> String {
    let mut out = format!(
        "#{} {} ({})\n",
        t.id,
        t.terms.name,
        status_word(lang, t.status)
    );
    out.push_str(&crate::ui::vocab::tournament_terms(lang, t));
    out.push('\n');
    out.push_str(&t!(
        lang,
        "exec-tournament-about",
        rules = crate::ui::vocab::rules_short(lang, &t.terms.game.rules.options),
        nick = t.created_by.as_str(),
        starts = utc_datetime(t.terms.starts_at)
    ));
    if let Some(end) = t.ends_at {
        out.push_str(&t!(lang, "exec-tournament-ends", ends = utc_datetime(end)));
    }
    if let Format::Swiss { rounds } = t.terms.format {
        if t.status != TournamentStatus::Upcoming {
            out.push_str(&t!(
                lang,
                "exec-tournament-round",
                round = t.round,
                rounds = rounds
            ));
        }
    }
    out.push('\n');
    if !t.note.is_empty() {
        out.push_str(&crate::ui::vocab::tournament_note(lang, &t.note));
        out.push('\n');
    }
    let swiss = matches!(t.terms.format, Format::Swiss { .. });
    let mut spec = vec![
        ("exec-col-rank", 5, false),
        ("exec-col-nick", 20, false),
        ("exec-col-rating", 6, true),
        ("exec-col-points", 6, true),
        ("exec-col-games", 5, true),
        ("exec-col-perf", 5, true),
    ];
    if swiss {
        spec.push(("exec-col-buchholz", 8, true));
        spec.push(("exec-col-sb", 6, true));
    }
    let cols = columns(lang, &spec);
    let line = |cells: &[String], last: &str| {
        let mut r = row(&cols, cells);
        r.pop();
        format!("{r}  {last}\n")
    };
    let heads: Vec<String> = cols.iter().map(|c| c.0.clone()).collect();
    out.push('\n');
    out.push_str(&line(&heads, &tr(lang, "exec-col-results")));
    for s in &t.standings {
        let mut flags = String::new();
        if s.fire {
            flags.push(' ');
            flags.push_str(&tr(lang, "exec-flag-on-fire"));
        }
        if s.withdrawn {
            flags.push(' ');
            flags.push_str(&tr(
                lang,
                if swiss {
                    "exec-flag-withdrawn"
                } else {
                    "exec-flag-paused"
                },
            ));
        }
        if t.absent.iter().any(|a| a == &s.nick) {
            flags.push(' ');
            flags.push_str(&tr(lang, "exec-flag-absent"));
        }
        let mut cells = vec![
            s.rank.to_string(),
            s.nick.clone(),
            s.rating.to_string(),
            s.points_text(t.terms.format),
            s.games.to_string(),
            s.performance.map_or("-".to_string(), |p| p.to_string()),
        ];
        if swiss {
            cells.push(s.buchholz_text());
            cells.push(s.sonneborn_text());
        }
        let marks: String = s
            .marks
            .iter()
            .map(|&m| crate::ui::vocab::mark_letter(lang, m))
            .collect();
        out.push_str(&line(&cells, &format!("{marks}{flags}")));
    }
    if !t.games.is_empty() {
        out.push_str(&format!("\n{}\n", tr(lang, "exec-games-in-play")));
        for g in &t.games {
            if g.round > 0 {
                let round = t!(lang, "exec-game-round", round = g.round);
                out.push_str(&format!("#{} {} - {} {round}\n", g.id, g.red, g.blue));
            } else {
                out.push_str(&format!("#{} {} - {}\n", g.id, g.red, g.blue));
            }
        }
    }
    out
}

/// Who gives a tournament order from the command line.
#[derive(Clone, Debug, Default)]
pub struct Organiser {
    /// The nick the key holds (shown as the creator); `(admin)` for an admin key that
    /// holds none.
    pub nick: String,
    /// The key, when one authenticated: a player's tournaments are theirs by it.
    pub identity: Option<PlayerId>,
}

/// `tournament create|edit|start|cancel ...` (the words after `admin`, if any); `by` is
/// the organiser; `admin`: whether they may run every tournament (else only the ones they
/// created, by their key, within the host's cap on tournaments per organiser).
pub async fn order(
    service: &Service,
    words: &[&str],
    by: &Organiser,
    admin: bool,
    lang: Lang,
) -> Output {
    let now = crate::store::now();
    let asker = (!admin).then(|| by.nick.clone());
    let order = match words {
        ["tournament", "start", id] => parse_id(id).map(|id| TournamentOrder::Start {
            id,
            by: asker.clone(),
        }),
        ["tournament", "cancel", id] => parse_id(id).map(|id| TournamentOrder::Cancel {
            id,
            by: asker.clone(),
        }),
        ["tournament", "join", id] => parse_id(id).map(|id| TournamentOrder::Join {
            id,
            nick: by.nick.clone(),
        }),
        ["tournament", "withdraw", id] => parse_id(id).map(|id| TournamentOrder::Withdraw { id }),
        ["tournament", "addbot", id, level] if admin => parse_id(id).and_then(|id| {
            BotLevel::ALL
                .into_iter()
                .find(|l| l.name() == *level)
                .map(|level| TournamentOrder::AddBot { id, level })
                .ok_or_else(|| Notice::new("exec-tournament-bad-level").arg("level", *level))
        }),
        ["tournament", "create", rest @ ..] => {
            parse_terms(rest, None, now).map(|terms| TournamentOrder::Create {
                terms,
                by: by.nick.clone(),
            })
        }
        ["tournament", "edit", id, rest @ ..] => match parse_id(id) {
            Ok(id) => {
                match service
                    .tournaments()
                    .await
                    .map(|all| all.into_iter().find(|t| t.id == id))
                {
                    Err(why) => Err(why),
                    Ok(Some(t)) => {
                        parse_terms(rest, Some(t.terms), now).map(|terms| TournamentOrder::Edit {
                            id,
                            terms,
                            by: asker.clone(),
                        })
                    }
                    Ok(None) => Err(Notice::new("refusal-no-tournament").arg("id", id)),
                }
            }
            Err(e) => Err(e),
        },
        _ => return (usage(lang), 2),
    };
    let order = match order {
        Ok(o) => o,
        Err(e) => return (format!("{}\n", e.text(lang)), 2),
    };
    // A player's order carries their key: the lobby checks ownership and the cap by it.
    // Entering is always one's own, an admin's too.
    let own = matches!(
        order,
        TournamentOrder::Join { .. } | TournamentOrder::Withdraw { .. }
    );
    let order = match (admin && !own, &by.identity) {
        (true, _) => order,
        (false, Some(identity)) => TournamentOrder::AsPlayer {
            identity: identity.clone(),
            order: Box::new(order),
        },
        (false, None) => {
            let refused = Notice::new("refusal-tournament-needs-key").text(lang);
            return (format!("{refused}\n"), 1);
        }
    };
    match service.tournament_order(order).await {
        Ok(line) => (format!("{}\n", line.text(lang)), 0),
        Err(e) => (format!("{}\n", e.text(lang)), 1),
    }
}

// The error is the answer the user gets, worded in their language by the caller.
fn parse_id(w: &str) -> Result<u64, Notice> {
    w.trim_start_matches('#')
        .parse()
        .map_err(|_| Notice::new("exec-not-a-tournament-number").arg("id", w))
}

// The error is the answer the user gets, worded in their language by the caller.
fn on_off(flag: &str, v: &str) -> Result<bool, Notice> {
    match v {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => Err(Notice::new("exec-tournament-on-off")
            .arg("flag", flag)
            .arg("value", v)),
    }
}

/// Reads the words of `create NAME [options]` (`base: None`) or `edit ID [options]`
/// (`base`: the terms now); `now` in Unix seconds.
// The error (here and in its `number`) is the answer the user gets, worded in their
// language by the caller.
pub fn parse_terms(
    words: &[&str],
    base: Option<TournamentTerms>,
    now: u64,
) -> Result<TournamentTerms, Notice> {
    let creating = base.is_none();
    let mut t = base.unwrap_or(TournamentTerms {
        name: String::new(),
        format: Format::Arena { minutes: 60 },
        game: GameTerms {
            rules: Rules::standard(Variant::Classic),
            rated: true,
            clock: Some(ClockSpec {
                initial_secs: 300,
                increment_secs: 3,
            }),
            days: None,
            budget: None,
        },
        starts_at: now + 600,
        entry: EntryRule::Anyone,
        min_rated_games: 0,
    });
    let name_end = words
        .iter()
        .position(|w| w.starts_with("--"))
        .unwrap_or(words.len());
    if name_end > 0 {
        t.name = words[..name_end].join(" ");
    } else if creating {
        return Err(Notice::new("exec-tournament-no-name"));
    }
    let mut variant: Option<Variant> = None;
    let mut options: Options = t.game.rules.options;
    let mut i = name_end;
    while i < words.len() {
        let flag = words[i];
        let takes_value = !matches!(flag, "--rated" | "--casual");
        let value = if takes_value {
            i += 1;
            *words
                .get(i)
                .ok_or_else(|| Notice::new("exec-tournament-needs-value").arg("flag", flag))?
        } else {
            ""
        };
        let number = |v: &str| -> Result<u32, Notice> {
            v.parse().map_err(|_| {
                Notice::new("exec-tournament-not-a-number")
                    .arg("flag", flag)
                    .arg("value", v)
            })
        };
        match flag {
            "--arena" => {
                t.format = Format::Arena {
                    minutes: number(value)?,
                }
            }
            "--swiss" => {
                t.format = Format::Swiss {
                    rounds: number(value)?,
                }
            }
            "--variant" => {
                variant = Some(
                    Variant::parse(value)
                        .ok_or_else(|| Notice::new("exec-unknown-variant").arg("variant", value))?,
                )
            }
            "--clock" => {
                // The parser's two refusals: not minutes+increment, or out of range.
                t.game.clock =
                    ClockSpec::parse(value).map_err(|e| match e.starts_with("clock:") {
                        true => Notice::new("form-error-clock-range"),
                        false => Notice::new("form-error-not-a-clock").arg("text", value),
                    })?;
                t.game.days = None;
                t.game.budget = None;
            }
            // Correspondence games: days a move instead of a clock (the lobby refuses days
            // other than 1, 3 or 7, and an arena).
            "--days" => {
                let days = number(value)?;
                t.game.days = Some(u8::try_from(days).unwrap_or(u8::MAX));
                t.game.clock = None;
            }
            // And a total budget for each player's moves (the lobby refuses one other than
            // 15, 30 or 60 days, or without days a move).
            "--budget" => {
                let days = number(value)?;
                t.game.budget = Some(u8::try_from(days).unwrap_or(u8::MAX));
            }
            "--rated" => t.game.rated = true,
            "--casual" => t.game.rated = false,
            "--start" => t.starts_at = parse_start(value, now)?,
            "--entry" => {
                t.entry = match value {
                    "anyone" => EntryRule::Anyone,
                    "keys" => EntryRule::KeyHolders,
                    list => EntryRule::Nicks(
                        list.split(',')
                            .map(|n| crate::text::clean_line(n.trim(), 20))
                            .filter(|n| !n.is_empty())
                            .collect(),
                    ),
                }
            }
            "--min-rated" => t.min_rated_games = number(value)?,
            "--two-square" => {
                let n = number(value)?;
                if ![0, 2, 3, 5].contains(&n) {
                    return Err(Notice::new("exec-tournament-two-square"));
                }
                options.two_square_limit = n as u8;
            }
            "--chase" => options.more_squares = on_off(flag, value)?,
            "--aggressor" => options.aggressor_advantage = on_off(flag, value)?,
            "--silent" => options.silent_defense = on_off(flag, value)?,
            "--rescue" => options.rescue = on_off(flag, value)?,
            "--duel-rows" => {
                let n = number(value)?;
                if n != 3 && n != 4 {
                    return Err(Notice::new("exec-tournament-duel-rows"));
                }
                options.duel_setup_rows = n as u8;
            }
            "--immobility" => {
                options.immobility = match value {
                    "turn" => Immobility::OnTurn,
                    "now" => Immobility::Immediate,
                    _ => return Err(Notice::new("exec-tournament-immobility")),
                }
            }
            "--cap" => {
                let n = number(value)?;
                options.move_cap.total_plies = (n > 0).then_some(n);
            }
            _ => return Err(Notice::new("exec-tournament-unknown-option").arg("flag", flag)),
        }
        i += 1;
    }
    t.game.rules = Rules::new(variant.unwrap_or(t.game.rules.variant), options);
    Ok(t)
}

/// `+10m`, `+2h`, `+1h 30m` (any duration [`crate::config::parse_duration`] reads), `now`, `HH:MM` (the next such time, UTC), `YYYY-MM-DDTHH:MM`
/// or `YYYY-MM-DD HH:MM` (UTC), or Unix seconds.
// The error is the answer the user gets, worded in their language by the caller.
pub fn parse_start(v: &str, now: u64) -> Result<u64, Notice> {
    let bad = || Notice::new("exec-tournament-bad-start").arg("value", v);
    let v = v.trim().trim_end_matches('Z');
    if v == "now" {
        return Ok(now);
    }
    if let Some(rel) = v.strip_prefix('+') {
        let d = crate::config::parse_duration(rel).map_err(|_| bad())?;
        return Ok(now + d.as_secs());
    }
    if v.len() > 8 && v.bytes().all(|b| b.is_ascii_digit()) {
        return v.parse().map_err(|_| bad());
    }
    let hm = |s: &str| -> Option<u64> {
        let (h, m) = s.split_once(':')?;
        let (h, m): (u64, u64) = (h.parse().ok()?, m.get(..2).unwrap_or(m).parse().ok()?);
        (h < 24 && m < 60).then_some(h * 3600 + m * 60)
    };
    if let Some((date, time)) = v.split_once(['T', ' ']) {
        let mut parts = date.split('-');
        let (y, m, d): (i64, u32, u32) = (
            parts.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?,
            parts.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?,
            parts.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?,
        );
        let day = days_from_civil(y, m, d).ok_or_else(bad)?;
        let secs = hm(time).ok_or_else(bad)?;
        return u64::try_from(day * 86_400)
            .map(|d| d + secs)
            .map_err(|_| bad());
    }
    let secs = hm(v).ok_or_else(bad)?;
    let today = now - now % 86_400;
    let at = today + secs;
    Ok(if at + 60 < now { at + 86_400 } else { at })
}

/// Days since 1970-01-01 of a date, checked by converting back.
fn days_from_civil(y: i64, m: u32, d: u32) -> Option<i64> {
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    let (y2, m2) = if m <= 2 { (y - 1, m + 9) } else { (y, m - 3) };
    let era = y2.div_euclid(400);
    let yoe = y2 - era * 400;
    let doy = (153 * i64::from(m2) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    (civil_from_days(days) == (y, m, d)).then_some(days)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: u64 = 1_795_000_000; // 2026-11-18 11:06:40 UTC

    #[test]
    fn start_times() {
        assert_eq!(parse_start("+10m", NOW), Ok(NOW + 600));
        assert_eq!(parse_start("+1h 30m", NOW), Ok(NOW + 5400));
        assert_eq!(parse_start("now", NOW), Ok(NOW));
        assert_eq!(parse_start("2026-11-24T15:00Z", NOW), Ok(1_795_532_400));
        assert_eq!(parse_start("2026-11-24 15:00", NOW), Ok(1_795_532_400));
        assert!(parse_start("2026-02-30T15:00", NOW).is_err());
        assert!(parse_start("tomorrow", NOW).is_err());
        // HH:MM is the next such time: later today, or tomorrow if it has passed.
        let today = NOW - NOW % 86_400;
        let t = parse_start("00:00", NOW).unwrap();
        assert_eq!(t, today + 86_400);
    }

    #[test]
    fn terms_from_words() {
        let words = [
            "Friday",
            "Swiss",
            "--swiss",
            "3",
            "--clock",
            "10+5",
            "--casual",
            "--variant",
            "barrage",
            "--entry",
            "alice,bob",
            "--two-square",
            "5",
            "--start",
            "+1h",
        ];
        let t = parse_terms(&words, None, NOW).unwrap();
        assert_eq!(t.name, "Friday Swiss");
        assert_eq!(t.format, Format::Swiss { rounds: 3 });
        assert_eq!(t.game.rules.variant, Variant::Barrage);
        assert_eq!(t.game.rules.options.two_square_limit, 5);
        assert!(!t.game.rated);
        assert_eq!(t.starts_at, NOW + 3600);
        assert_eq!(
            t.entry,
            EntryRule::Nicks(vec!["alice".into(), "bob".into()])
        );
        // Editing keeps what is not given.
        let e = parse_terms(&["--arena", "30"], Some(t.clone()), NOW).unwrap();
        assert_eq!(e.name, "Friday Swiss");
        assert_eq!(e.format, Format::Arena { minutes: 30 });
        assert_eq!(e.game.rules.variant, Variant::Barrage);
        assert!(
            parse_terms(&["--swiss", "3"], None, NOW).is_err(),
            "no name"
        );
        assert!(parse_terms(&["X", "--two-square", "4"], None, NOW).is_err());
        assert!(parse_terms(&["X", "--bogus", "1"], None, NOW).is_err());
        assert!(parse_terms(&["X", "--swiss"], None, NOW).is_err());
        // Days a move instead of a clock, and a clock instead of days.
        let c = parse_terms(&["Post", "--swiss", "4", "--days", "3"], None, NOW).unwrap();
        assert_eq!((c.game.days, c.game.clock), (Some(3), None));
        let b = parse_terms(&["--budget", "30"], Some(c.clone()), NOW).unwrap();
        assert_eq!((b.game.days, b.game.budget), (Some(3), Some(30)));
        let back = parse_terms(&["--clock", "10+5"], Some(b), NOW).unwrap();
        assert_eq!((back.game.days, back.game.budget), (None, None));
        assert!(back.game.clock.is_some());
        assert!(parse_terms(&["X", "--days", "soon"], None, NOW).is_err());
    }
}
