//! Script access without a PTY: `ssh host leaderboard [VARIANT]`, `ssh host games NICK`,
//! `ssh host games --live`, `ssh host games --my-turn`, `ssh host replay ID [--format record|gravon]`, and the admins'
//! `ssh host admin ...`. This file only reads the command line and formats the typed
//! results of [`Service`] as plain text with an exit status.

use russh::server::Handle;
use russh::ChannelId;

use crate::i18n::{tr, Lang};
use crate::proto::{end_msg, AdminCmd, BanKind, GameFilter, GameListItem, Leaderboard, Notice};
use crate::rules::{gravon, GameRecord, Numbering, Variant, Viewer};
use crate::service::Service;
use crate::t;
use crate::ui::vocab::{color_name, variant_name};
use crate::ui::words::battle_sentence;

/// The commands, and how to play; `connect` is `ssh -t -p PORT HOST` for this server.
pub fn usage(lang: Lang, connect: &str) -> String {
    format!("{}\n", t!(lang, "exec-usage", connect = connect))
}

/// `--lang CODE` (or `--lang=CODE`) anywhere among a command's words, as `--format json`
/// is: the other words and the language asked for (`None`: none was; English then). A code this server does
/// not speak is refused with the list of those it does (exit status 2).
pub fn take_lang<'a>(words: &[&'a str]) -> Result<(Vec<&'a str>, Option<Lang>), Output> {
    let mut rest = Vec::with_capacity(words.len());
    let mut lang = None;
    let mut i = 0;
    while i < words.len() {
        let code = match words[i] {
            "--lang" => {
                i += 1;
                Some(words.get(i).copied().unwrap_or(""))
            }
            w => w.strip_prefix("--lang="),
        };
        match code {
            Some(code) => match Lang::from_code(&code.to_ascii_lowercase()) {
                Some(l) => lang = Some(l),
                None => {
                    let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
                    let text = t!(
                        Lang::En,
                        "exec-bad-lang",
                        lang = crate::text::clean_line(code, 20),
                        codes = codes.join(", ")
                    );
                    return Err((format!("{text}\n"), 2));
                }
            },
            None => rest.push(words[i]),
        }
        i += 1;
    }
    Ok((rest, lang))
}

/// The longest command line run, in characters (after cleaning and trimming).
pub const MAX_LINE_CHARS: usize = 200;

/// A command line longer than [`MAX_LINE_CHARS`] is refused whole (exit status 2), in the
/// language its `--lang` asks for: cut, its options past the cut would silently become
/// their defaults (a 20-minute arena made a 60-minute one). `None`: short enough.
pub fn too_long(line: &str) -> Option<Output> {
    let n = line.chars().count();
    if n <= MAX_LINE_CHARS {
        return None;
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let lang = take_lang(&words)
        .ok()
        .and_then(|(_, l)| l)
        .unwrap_or_default();
    let text = t!(lang, "exec-line-too-long", length = n, max = MAX_LINE_CHARS);
    Some((format!("{text}\n"), 2))
}

/// `s` left-aligned in `width` columns (at least its own width).
fn pad(s: &str, width: usize) -> String {
    let w = crate::text::display_width(s);
    format!("{s}{}", " ".repeat(width.saturating_sub(w)))
}

/// `s` right-aligned in `width` columns (at least its own width).
fn pad_left(s: &str, width: usize) -> String {
    let w = crate::text::display_width(s);
    format!("{}{s}", " ".repeat(width.saturating_sub(w)))
}

/// Text to print and the exit status.
pub type Output = (String, u32);

/// Sends a command's output and exit status, then closes the channel. Every text an exec
/// channel carries goes through here (commands, refusals, ban notices): it is cleaned of
/// control characters and escape sequences ([`crate::text::clean_text`]: names imported
/// from the archive, ban reasons, anything stored) and its newlines become CR LF for
/// terminals without PTY translation. The channel's `program` ends once the output is
/// sent: the channel leaves the connection's books before its exit status goes out, so
/// the books never wait on the client's answer to our close.
pub(super) async fn reply(
    handle: &Handle,
    channel: ChannelId,
    (text, status): Output,
    program: super::Program,
) {
    let text = crate::text::clean_text(&text).replace('\n', "\r\n");
    for chunk in text.as_bytes().chunks(16 * 1024) {
        if handle.data(channel, chunk.to_vec()).await.is_err() {
            break;
        }
    }
    drop(program);
    let _ = handle.exit_status_request(channel, status).await;
    let _ = handle.eof(channel).await;
    let _ = handle.close(channel).await;
}

/// Runs one command line; `connect` is how to reach this server with a terminal, `links`
/// the web pages' address for links (`None`: the web is off); `me` the key that asks, if
/// one authenticated (`replay ID` adds that player's own notes of their own game).
/// `--lang CODE` anywhere among the words gives the text in that language (English
/// without it); JSON and the stored formats are the same in every language.
pub async fn run(
    service: &Service,
    line: &str,
    connect: &str,
    links: Option<&str>,
    me: Option<&crate::proto::PlayerId>,
) -> Output {
    let all: Vec<&str> = line.split_whitespace().collect();
    let (words, lang) = match take_lang(&all) {
        Ok((w, lang)) => (w, lang.unwrap_or_default()),
        Err(refused) => return refused,
    };
    match words.as_slice() {
        ["leaderboard"] => leaderboard(service, Variant::Classic, lang).await,
        ["leaderboard", v] => match Variant::parse(v) {
            Some(v) => leaderboard(service, v, lang).await,
            None => (
                format!("{}\n", t!(lang, "exec-unknown-variant", variant = *v)),
                2,
            ),
        },
        ["games", "--live"] => (live_games(service), 0),
        ["games", "--my-turn"] => my_turn(service, me, lang).await,
        ["tournaments"] => super::events::list(service, lang).await,
        ["tournament"] | ["tournament", "help"] => (super::events::usage(lang), 0),
        ["tournament", id] => super::events::show(service, id, false, lang).await,
        ["tournament", id, "--format", "json"] | ["tournament", "--format", "json", id] => {
            super::events::show(service, id, true, lang).await
        }
        ["games", nick] => player_games(service, nick, lang).await,
        ["replay", id] => {
            let (mut text, status) = replay(service, id, Format::Words, lang).await;
            if let (0, Some(me), Ok(n)) = (status, me, id.trim_start_matches('#').parse::<u64>()) {
                text.push_str(&own_notes(service, n, me, lang).await);
            }
            if let (0, Some(base), Ok(n)) =
                (status, links, id.trim_start_matches('#').parse::<u64>())
            {
                let link = format!("{base}/game/{n}");
                text.push_str(&format!("{}\n", t!(lang, "exec-link", link = link)));
            }
            (text, status)
        }
        ["replay", id, "--analysis"] | ["replay", "--analysis", id] => {
            analysis(service, id, lang).await
        }
        ["replay", id, "--format", "gravon"] | ["replay", "--format", "gravon", id] => {
            replay(service, id, Format::Gravon, lang).await
        }
        ["replay", id, "--format", "record"] | ["replay", "--format", "record", id] => {
            replay(service, id, Format::Record, lang).await
        }
        ["replay", _, "--format", f] => (
            format!("{}\n", t!(lang, "exec-unknown-format", format = *f)),
            2,
        ),
        ["help"] | ["--help"] => (usage(lang, connect), 0),
        _ => (
            format!(
                "{}\n{}",
                t!(lang, "exec-unknown-command", command = line),
                usage(lang, connect)
            ),
            2,
        ),
    }
}

async fn leaderboard(service: &Service, variant: Variant, lang: Lang) -> Output {
    match service.leaderboard(variant).await {
        Ok(board) if board.rows.is_empty() => (
            format!(
                "{}{}\n",
                leaderboard_text(&board, lang),
                t!(
                    lang,
                    "exec-no-rated-games",
                    variant = variant_name(lang, variant)
                )
            ),
            0,
        ),
        Ok(board) => (leaderboard_text(&board, lang), 0),
        Err(e) => (
            format!(
                "{}\n",
                t!(lang, "exec-cannot-read-leaderboard", error = e.to_string())
            ),
            1,
        ),
    }
}

/// A table's columns: each heading (a message id) with the least width it takes in
/// English, and whether it is right-aligned; a column is as wide as its heading in the
/// language at least.
pub(super) fn columns(
    lang: Lang,
    cols: &[(&'static str, usize, bool)],
) -> Vec<(String, usize, bool)> {
    cols.iter()
        .map(|&(id, min, right)| {
            let head = tr(lang, id);
            let w = min.max(crate::text::display_width(&head));
            (head, w, right)
        })
        .collect()
}

/// One row of a table laid out by [`columns`], cells separated by a space.
pub(super) fn row(cols: &[(String, usize, bool)], cells: &[String]) -> String {
    let mut out: Vec<String> = Vec::with_capacity(cells.len());
    for ((_, w, right), cell) in cols.iter().zip(cells) {
        out.push(if *right {
            pad_left(cell, *w)
        } else {
            pad(cell, *w)
        });
    }
    format!("{}\n", out.join(" "))
}

fn leaderboard_text(board: &Leaderboard, lang: Lang) -> String {
    let cols = columns(
        lang,
        &[
            ("exec-col-rank", 5, false),
            ("exec-col-nick", 16, false),
            ("exec-col-rating", 6, true),
            ("exec-col-deviation", 9, true),
            ("exec-col-games", 5, true),
            ("exec-col-wins", 4, true),
            ("exec-col-draws", 5, true),
            ("exec-col-losses", 6, true),
        ],
    );
    let heads: Vec<String> = cols.iter().map(|c| c.0.clone()).collect();
    let mut out = row(&cols, &heads);
    for r in &board.rows {
        out.push_str(&row(
            &cols,
            &[
                r.rank.to_string(),
                r.nick.clone(),
                r.rating.to_string(),
                r.deviation.to_string(),
                r.games.to_string(),
                r.wins.to_string(),
                r.draws.to_string(),
                r.losses.to_string(),
            ],
        ));
    }
    out
}

fn result_words(g: &GameListItem) -> String {
    match g.outcome {
        Some(o) => match o.winner {
            Some(c) => format!(
                "{}-won-{}",
                c.name().to_lowercase(),
                o.reason.describe().replace(' ', "-")
            ),
            None => format!("draw-{}", o.reason.describe().replace(' ', "-")),
        },
        None => "unfinished".into(),
    }
}

async fn player_games(service: &Service, nick: &str, lang: Lang) -> Output {
    let nick = crate::text::clean_line(nick, 20);
    match service
        .games(None, GameFilter::Player(nick.clone()), None)
        .await
    {
        Ok(list) if list.items.is_empty() => (
            format!("{}\n", t!(lang, "exec-no-games-of", nick = nick)),
            0,
        ),
        Ok(list) => {
            // The variant and result columns stay the words scripts read (`classic`,
            // `red-won-flag-captured`) in every language; the headings and rated/casual
            // are the language's.
            let rated = tr(lang, "exec-rated");
            let casual = tr(lang, "exec-casual");
            let widest = crate::text::display_width(&rated)
                .max(crate::text::display_width(&casual))
                .max(6);
            let cols = columns(
                lang,
                &[
                    ("exec-col-id", 6, false),
                    ("exec-col-red", 16, false),
                    ("exec-col-blue", 16, false),
                    ("exec-col-variant", 8, false),
                    ("exec-col-rated", widest, false),
                    ("exec-col-result", 32, false),
                    ("exec-col-plies", 5, true),
                ],
            );
            let heads: Vec<String> = cols.iter().map(|c| c.0.clone()).collect();
            let mut out = row(&cols, &heads);
            for g in &list.items {
                out.push_str(&row(
                    &cols,
                    &[
                        g.id.to_string(),
                        g.red.clone(),
                        g.blue.clone(),
                        g.variant.name().to_lowercase(),
                        if g.rated {
                            rated.clone()
                        } else {
                            casual.clone()
                        },
                        result_words(g),
                        g.plies.to_string(),
                    ],
                ));
            }
            (out, 0)
        }
        Err(e) => (
            format!(
                "{}\n",
                t!(lang, "exec-cannot-read-games", error = e.to_string())
            ),
            1,
        ),
    }
}

fn live_games(service: &Service) -> String {
    let mut out = String::new();
    for g in service.live_games() {
        out.push_str(&format!(
            "{} {} {} {} ply={} spectators={}\n",
            g.id,
            g.red,
            g.blue,
            g.terms.rules.variant.name().to_lowercase(),
            g.ply,
            g.spectators
        ));
    }
    out
}

/// `games --my-turn`: the asking key's correspondence games waiting for its move, one a
/// line, soonest deadline first. Exit status 0 when a move is due, 1 when none is (for
/// scripts: `ssh host games --my-turn && notify-send ...`), 2 without a key.
async fn my_turn(service: &Service, me: Option<&crate::proto::PlayerId>, lang: Lang) -> Output {
    let Some(me) = me.filter(|m| matches!(m, crate::proto::PlayerId::Key(_))) else {
        return (format!("{}\n", tr(lang, "exec-my-turn-needs-key")), 2);
    };
    let waiting = service.waiting_for(me).await;
    if waiting.is_empty() {
        return (format!("{}\n", tr(lang, "exec-my-turn-none")), 1);
    }
    let now = crate::store::now();
    let mut out = String::new();
    for w in &waiting {
        let row = if w.setup {
            "exec-my-turn-setup-row"
        } else {
            "exec-my-turn-row"
        };
        let line = t!(
            lang,
            row,
            game = w.id,
            opponent = w.opponent.as_str(),
            color = color_name(lang, w.color),
            variant = variant_name(lang, w.variant),
            number = w.ply / 2 + 1,
            due = crate::ui::utc_datetime(w.deadline),
            left = crate::ui::line::days_hours(lang, w.deadline.saturating_sub(now)),
        );
        // With a total budget: what is left of it (`12 d 4 h left of 30 d`).
        let line = match (w.budget_ends, w.budget) {
            (Some(ends), Some(budget)) => t!(
                lang,
                "exec-my-turn-budget",
                row = line,
                budget_left =
                    crate::ui::vocab::budget_left_words(lang, ends.saturating_sub(now), budget),
            ),
            _ => line,
        };
        out.push_str(&line);
        out.push('\n');
    }
    (out, 0)
}

/// How `replay` prints a game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    /// For people: the players, the rules and the result in words, each move numbered
    /// with what happened.
    Words,
    /// The stored record (`stratego-ssh game record`), as read back by the server.
    Record,
    /// Gravon's XML.
    Gravon,
}

async fn replay(service: &Service, id: &str, format: Format, lang: Lang) -> Output {
    let Ok(id) = id.trim_start_matches('#').parse::<u64>() else {
        return (
            format!("{}\n", t!(lang, "exec-not-a-game-number", id = id)),
            2,
        );
    };
    match service.record(id).await {
        Ok((record, names)) => match format {
            Format::Gravon => (gravon::export(&record, [&names[0], &names[1]]), 0),
            Format::Record => (record.to_text(), 0),
            Format::Words => (replay_words(id, &record, &names, lang), 0),
        },
        Err(e) => (format!("{e}\n"), 1),
    }
}

/// A finished game for people to read: who played, the rules, the result, then each
/// move numbered as in the record (`12. E4 E5`) with what happened in words.
fn replay_words(id: u64, record: &GameRecord, names: &[String; 2], lang: Lang) -> String {
    let rules = &record.rules;
    let mut out = format!(
        "{}\n{}, {}\n",
        t!(
            lang,
            "exec-replay-title",
            id = id,
            red = names[0].as_str(),
            blue = names[1].as_str()
        ),
        variant_name(lang, rules.variant),
        crate::ui::rules_plain_in(lang, &rules.options),
    );
    let result = match record.outcome {
        Some(o) => match o.winner {
            Some(c) => Notice::new("exec-replay-won")
                .arg("nick", &names[c.index()])
                .arg("color", color_name(lang, c))
                .arg("reason", end_msg(o.reason))
                .text(lang),
            None => Notice::new("exec-replay-no-winner")
                .arg("reason", end_msg(o.reason))
                .text(lang),
        },
        None => tr(lang, "exec-replay-unfinished"),
    };
    out.push_str(&format!(
        "{}\n\n",
        t!(lang, "exec-replay-result", result = result)
    ));
    let history = record.replay().map(|g| g.history(Viewer::Spectator));
    let Ok(history) = history else {
        // A record the rules cannot replay: its moves as stored.
        for (i, mv) in record.moves.iter().enumerate() {
            out.push_str(&format!("{}. {mv}\n", i + 1));
        }
        return out;
    };
    for (i, (mv, seen)) in record.moves.iter().zip(&history).enumerate() {
        let words = battle_sentence(lang, seen, None, Numbering::default())
            .map(|s| s.split_once(": ").map_or(s.clone(), |(_, w)| w.to_string()))
            .unwrap_or_else(|| {
                t!(
                    lang,
                    "exec-replay-moved",
                    color = color_name(lang, seen.mover)
                )
            });
        let rescue = seen.rescue.map_or(String::new(), |r| {
            t!(
                lang,
                "exec-replay-rescue",
                rank = crate::ui::rank_name(lang, r.rank),
                square = r.to.to_string()
            )
        });
        out.push_str(&format!(
            "{:<20} {words}{rescue}\n",
            format!("{}. {mv}", i + 1)
        ));
    }
    out.push_str(&format!("\n{}\n", t!(lang, "exec-replay-formats", id = id)));
    out.push_str(&format!("{}\n", t!(lang, "exec-analysis-usage", id = id)));
    out
}

/// `replay ID --analysis`: the analysis after the game, as anyone may see the game's
/// replay (a private game answers as one that does not exist). Exit status 0 with the
/// analysis; 3 while it is not made yet (queued, being made, or the queue full: ask
/// again); 1 when there is no such game or the server makes no analyses.
async fn analysis(service: &Service, id: &str, lang: Lang) -> Output {
    use crate::proto::AnalysisStatus as A;
    let Ok(id) = id.trim_start_matches('#').parse::<u64>() else {
        return (
            format!("{}\n", t!(lang, "exec-not-a-game-number", id = id)),
            2,
        );
    };
    match service.analysis_for(id, None).await {
        Ok((record, names, A::Ready(a))) => (analysis_words(id, &record, &names, &a, lang), 0),
        Ok((_, _, A::Waiting { ahead })) => (
            format!(
                "{}\n",
                t!(lang, "exec-analysis-waiting", id = id, ahead = ahead)
            ),
            3,
        ),
        Ok((_, _, A::Running)) => (
            format!("{}\n", t!(lang, "exec-analysis-running", id = id)),
            3,
        ),
        Ok((_, _, A::Full)) => (format!("{}\n", tr(lang, "exec-analysis-full")), 3),
        Ok((_, _, A::Off)) => (format!("{}\n", tr(lang, "exec-analysis-off")), 1),
        Err(e) => (format!("{e}\n"), 1),
    }
}

/// One judgement as a column of `replay ID --analysis`: the best move, the value before
/// the move, the change the move made, the mark.
fn judgement_cells(j: Option<crate::rules::Judgement>, lang: Lang) -> String {
    match j {
        Some(j) => format!(
            "{:<7} {:>+5} {:>+5} {:<2}",
            format!("{} {}", j.best.from, j.best.to),
            j.before,
            j.after - j.before,
            j.mark()
        ),
        None => format!("{:<22}", tr(lang, "exec-analysis-only-move")),
    }
}

/// The analysis after the game for people to read: the head lines, the mistakes counted,
/// then one line per ply: the move as in the record, and each judgement's columns.
fn analysis_words(
    id: u64,
    record: &GameRecord,
    names: &[String; 2],
    a: &crate::rules::GameAnalysis,
    lang: Lang,
) -> String {
    use crate::rules::analysis::{BLUNDER, MISTAKE};
    let (seen, hind) = a.mistakes();
    let mut out = format!(
        "{}\n{}\n{}\n{}\n\n",
        t!(
            lang,
            "exec-replay-title",
            id = id,
            red = names[0].as_str(),
            blue = names[1].as_str()
        ),
        t!(lang, "exec-analysis-title", id = id, nodes = a.nodes),
        t!(
            lang,
            "exec-analysis-legend",
            mistake = MISTAKE,
            blunder = BLUNDER
        ),
        t!(
            lang,
            "exec-analysis-mistakes",
            red_seen = seen[0],
            blue_seen = seen[1],
            red_hindsight = hind[0],
            blue_hindsight = hind[1]
        ),
    );
    let cell = |w: String, n: usize| {
        let len = w.chars().count();
        format!("{w}{}", " ".repeat(n.saturating_sub(len)))
    };
    out.push_str(&format!(
        "{} | {} | {}\n",
        cell(String::new(), 20),
        cell(tr(lang, "exec-analysis-seen"), 22),
        tr(lang, "exec-analysis-hindsight")
    ));
    let heads = format!(
        "{} {} {} ",
        cell(tr(lang, "exec-analysis-best"), 7),
        cell(tr(lang, "exec-analysis-value"), 5),
        cell(tr(lang, "exec-analysis-change"), 5)
    );
    out.push_str(&format!(
        "{} | {} | {}\n",
        cell(tr(lang, "exec-analysis-move"), 20),
        cell(heads.clone(), 22),
        heads.trim_end()
    ));
    for (i, (mv, p)) in record.moves.iter().zip(&a.plies).enumerate() {
        out.push_str(&format!(
            "{} | {} | {}\n",
            cell(format!("{}. {} {mv}", i + 1, color_name(lang, p.mover)), 20),
            judgement_cells(p.seen, lang),
            judgement_cells(p.hindsight, lang).trim_end()
        ));
    }
    out
}

/// The asking player's own notes of their own game `id`, each as it was made (`before move
/// 3: D7 General or Colonel?`), after a head line; nothing when they made none (or did not
/// play it). Nobody else's notes are ever read here.
async fn own_notes(service: &Service, id: u64, me: &crate::proto::PlayerId, lang: Lang) -> String {
    let log = match service.own_notes(id, me).await {
        Ok(log) => log,
        Err(e) => {
            tracing::warn!(game = id, error = %e, "cannot read a player's notes");
            return String::new();
        }
    };
    if log.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "
{}
",
        tr(lang, "exec-replay-notes")
    );
    for e in log {
        let (moves, square) = (e.ply + 1, e.square.to_string());
        let line = match &e.guess {
            Some(g) => t!(
                lang,
                "exec-replay-note",
                move_number = moves,
                square = square,
                guess = crate::proto::guess_words(lang, g)
            ),
            None => t!(
                lang,
                "exec-replay-note-cleared",
                move_number = moves,
                square = square
            ),
        };
        out.push_str(&format!(
            "{line}
"
        ));
    }
    out
}

/// `admin` alone: the admin commands, in `lang`.
pub fn admin_usage(lang: Lang) -> String {
    format!("{}\n", tr(lang, "exec-admin-usage"))
}

/// Runs an admin command line (the caller checked the key); `by` is the admin's
/// fingerprint.
pub async fn admin(service: &Service, by: &str, line: &str, lang: Lang) -> Output {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.as_slice() == ["admin", "bans"] {
        return match service.bans().await {
            Ok(bans) if bans.is_empty() => (format!("{}\n", tr(lang, "exec-admin-no-bans")), 0),
            Ok(bans) => {
                let mut out = String::new();
                for b in bans {
                    out.push_str(&format!("{}:{}\t{}\n", b.kind.word(), b.value, b.reason));
                }
                (out, 0)
            }
            Err(e) => (format!("{e}\n"), 1),
        };
    }
    if let ["admin", "backup", dir] = words.as_slice() {
        return backup(service, by, dir, lang).await;
    }
    match parse_admin(&words, lang) {
        Ok(cmd) => perform(service, by, cmd, lang).await,
        Err(out) => out,
    }
}

/// `admin backup NAME`: the running server writes a consistent copy of its data into NAME,
/// a new or empty directory under its backup root (`backup_root`), on its own machine.
/// Exit 0 when written, 2 for a path outside the root (nothing written), 1 when the copy
/// failed.
async fn backup(service: &Service, by: &str, dir: &str, lang: Lang) -> Output {
    match service.backup(by, dir).await {
        Ok(s) => (
            format!(
                "{}\n",
                t!(
                    lang,
                    "exec-admin-backed-up",
                    entries = s.entries,
                    trees = s.trees,
                    dir = s.dir.display().to_string()
                )
            ),
            0,
        ),
        Err(crate::service::BackupError::Refused(why)) => (format!("{}\n", why.text(lang)), 2),
        Err(e) => (format!("{e}\n"), 1),
    }
}

/// The admin action a command line asks for, or the usage text to print.
fn parse_admin(words: &[&str], lang: Lang) -> Result<AdminCmd, Output> {
    let rest = |n: usize| words.get(n..).map(|w| w.join(" ")).unwrap_or_default();
    let kind = |w: &str| {
        BanKind::from_word(w).ok_or_else(|| (format!("{}\n", tr(lang, "exec-admin-ban-usage")), 2))
    };
    Ok(match words {
        ["admin", "kick", nick, ..] => AdminCmd::Kick {
            nick: nick.to_string(),
            reason: rest(3),
        },
        ["admin", "ban", k, value, ..] => AdminCmd::Ban {
            kind: kind(k)?,
            value: value.to_string(),
            reason: rest(4),
        },
        ["admin", "unban", k, value] => AdminCmd::Unban {
            kind: kind(k)?,
            value: value.to_string(),
        },
        ["admin", "broadcast", ..] if words.len() > 2 => AdminCmd::Broadcast(rest(2)),
        _ => return Err((admin_usage(lang), 2)),
    })
}

/// An admin action as text and exit status (0 when it worked, 2 for a wrong request).
pub async fn perform(service: &Service, by: &str, cmd: AdminCmd, lang: Lang) -> Output {
    match service.admin(by, cmd).await {
        Ok(done) => (format!("{}\n", done.notice().text(lang)), 0),
        Err(e) => (
            format!("{}\n", e.notice().text(lang)),
            if e.is_usage() { 2 } else { 1 },
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Color, Game, Rules, Setup};

    /// A short game that comes to a battle: after two quiet moves each, each side attacks
    /// when it can, else moves the piece that goes furthest forward.
    fn game_to_a_battle() -> GameRecord {
        let rules = Rules::standard(Variant::Classic);
        let (red, blue) = (
            Setup::random(&rules, Color::Red, 7),
            Setup::random(&rules, Color::Blue, 8),
        );
        let mut g = Game::new(rules, &red, &blue).unwrap();
        let mut moves = vec![];
        for _ in 0..200 {
            let me = g.to_move();
            let v = g.view(Viewer::Player(me));
            let hits =
                |m: &&crate::rules::Move| v.board[m.to.index()].is_some_and(|p| p.color != me);
            // Two quiet moves each first.
            let attack = v.legal_moves.iter().find(hits).filter(|_| moves.len() >= 4);
            let ahead = |m: &&crate::rules::Move| {
                let d = i32::from(m.to.row()) - i32::from(m.from.row());
                if me == Color::Red {
                    d
                } else {
                    -d
                }
            };
            let mv = *attack
                .or_else(|| v.legal_moves.iter().filter(|m| !hits(m)).max_by_key(ahead))
                .unwrap();
            g.play(mv).unwrap();
            moves.push(mv);
            if attack.is_some() {
                break;
            }
        }
        GameRecord {
            version: GameRecord::VERSION,
            rules,
            red,
            blue,
            moves,
            outcome: None,
        }
    }

    #[test]
    fn a_replay_reads_as_words_numbered_like_the_record() {
        let record = game_to_a_battle();
        let names = ["alice".to_string(), "bob".to_string()];
        let text = replay_words(7, &record, &names, Lang::En);
        assert!(
            text.starts_with("Game #7: alice (Red) vs bob (Blue)\n"),
            "{text}"
        );
        assert!(
            text.contains("Classic, 2-square rule: 3, chasing rule"),
            "{text}"
        );
        assert!(text.contains("Result: unfinished"), "{text}");
        let first = record.moves[0];
        assert!(text.contains(&format!("1. {first}")), "{text}");
        assert!(text.contains("Red moved"), "{text}");
        let last = text
            .lines()
            .find(|l| l.starts_with(&format!("{}. ", record.moves.len())))
            .unwrap();
        assert!(
            last.contains(" attacked "),
            "the battle in words: {last}\n{text}"
        );
        assert!(!text.contains("stratego-ssh game record"), "{text}");
        assert!(text.contains("--format record"), "{text}");
    }
}
