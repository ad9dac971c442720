//! Script access without a PTY: `ssh host leaderboard [VARIANT]`, `ssh host games NICK`,
//! `ssh host games --live`, `ssh host replay ID [--format record|gravon]`, and the admins'
//! `ssh host admin ...`. This file only reads the command line and formats the typed
//! results of [`Service`] as plain text with an exit status.

use russh::server::Handle;
use russh::ChannelId;

use crate::proto::{AdminCmd, BanKind, GameFilter, GameListItem, Leaderboard};
use crate::rules::{gravon, GameRecord, Numbering, Variant, Viewer};
use crate::service::Service;
use crate::ui::words::battle_sentence;
use crate::ui::Lang;

/// The commands, and how to play; `connect` is `ssh -t -p PORT HOST` for this server.
pub fn usage(connect: &str) -> String {
    format!("commands:\n  leaderboard [classic|duel|barrage]\n  games NICK\n  games --live\n  replay ID [--format record|gravon]\n  tournaments\n  tournament ID [--format json]\n\nto play, connect with a terminal: {connect}\n")
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
/// the web pages' address for links (`None`: the web is off).
pub async fn run(service: &Service, line: &str, connect: &str, links: Option<&str>) -> Output {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["leaderboard"] => leaderboard(service, Variant::Classic).await,
        ["leaderboard", v] => match Variant::parse(v) {
            Some(v) => leaderboard(service, v).await,
            None => (
                format!("unknown variant '{v}': classic, duel or barrage\n"),
                2,
            ),
        },
        ["games", "--live"] => (live_games(service), 0),
        ["tournaments"] => super::events::list(service).await,
        ["tournament"] | ["tournament", "help"] => (super::events::USAGE.to_string(), 0),
        ["tournament", id] => super::events::show(service, id, false).await,
        ["tournament", id, "--format", "json"] | ["tournament", "--format", "json", id] => {
            super::events::show(service, id, true).await
        }
        ["games", nick] => player_games(service, nick).await,
        ["replay", id] => {
            let (mut text, status) = replay(service, id, Format::Words).await;
            if let (0, Some(base), Ok(n)) =
                (status, links, id.trim_start_matches('#').parse::<u64>())
            {
                text.push_str(&format!("Link: {base}/game/{n}\n"));
            }
            (text, status)
        }
        ["replay", id, "--format", "gravon"] | ["replay", "--format", "gravon", id] => {
            replay(service, id, Format::Gravon).await
        }
        ["replay", id, "--format", "record"] | ["replay", "--format", "record", id] => {
            replay(service, id, Format::Record).await
        }
        ["replay", _, "--format", f] => {
            (format!("unknown format '{f}': use record or gravon\n"), 2)
        }
        ["help"] | ["--help"] => (usage(connect), 0),
        _ => (format!("unknown command '{line}'\n{}", usage(connect)), 2),
    }
}

async fn leaderboard(service: &Service, variant: Variant) -> Output {
    match service.leaderboard(variant).await {
        Ok(board) if board.rows.is_empty() => (
            format!(
                "{}no rated {} games yet: players are listed after their first\n",
                leaderboard_text(&board),
                variant.name()
            ),
            0,
        ),
        Ok(board) => (leaderboard_text(&board), 0),
        Err(e) => (format!("cannot read the leaderboard: {e}\n"), 1),
    }
}

fn leaderboard_text(board: &Leaderboard) -> String {
    let mut out = format!(
        "{:<5} {:<16} {:>6} {:>9} {:>5} {:>4} {:>5} {:>6}\n",
        "rank", "nick", "rating", "deviation", "games", "wins", "draws", "losses"
    );
    for r in &board.rows {
        out.push_str(&format!(
            "{:<5} {:<16} {:>6} {:>9} {:>5} {:>4} {:>5} {:>6}\n",
            r.rank, r.nick, r.rating, r.deviation, r.games, r.wins, r.draws, r.losses
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

async fn player_games(service: &Service, nick: &str) -> Output {
    let nick = crate::text::clean_line(nick, 20);
    match service
        .games(None, GameFilter::Player(nick.clone()), None)
        .await
    {
        Ok(list) if list.items.is_empty() => (format!("no finished games of {nick}\n"), 0),
        Ok(list) => {
            let mut out = format!(
                "{:<6} {:<16} {:<16} {:<8} {:<6} {:<32} {:>5}\n",
                "id", "red", "blue", "variant", "rated", "result", "plies"
            );
            for g in &list.items {
                out.push_str(&format!(
                    "{:<6} {:<16} {:<16} {:<8} {:<6} {:<32} {:>5}\n",
                    g.id,
                    g.red,
                    g.blue,
                    g.variant.name().to_lowercase(),
                    if g.rated { "rated" } else { "casual" },
                    result_words(g),
                    g.plies
                ));
            }
            (out, 0)
        }
        Err(e) => (format!("cannot read games: {e}\n"), 1),
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

async fn replay(service: &Service, id: &str, format: Format) -> Output {
    let Ok(id) = id.trim_start_matches('#').parse::<u64>() else {
        return (format!("'{id}' is not a game number\n"), 2);
    };
    match service.record(id).await {
        Ok((record, names)) => match format {
            Format::Gravon => (gravon::export(&record, [&names[0], &names[1]]), 0),
            Format::Record => (record.to_text(), 0),
            Format::Words => (replay_words(id, &record, &names), 0),
        },
        Err(e) => (format!("{e}\n"), 1),
    }
}

/// A finished game for people to read: who played, the rules, the result, then each
/// move numbered as in the record (`12. E4 E5`) with what happened in words.
fn replay_words(id: u64, record: &GameRecord, names: &[String; 2]) -> String {
    let rules = &record.rules;
    let mut out = format!(
        "Game #{id}: {} (Red) vs {} (Blue)\n{}, {}\n",
        names[0],
        names[1],
        rules.variant.name(),
        crate::ui::rules_plain(&rules.options),
    );
    let result = match record.outcome {
        Some(o) => match o.winner {
            Some(c) => format!(
                "{} ({}) won: {}",
                names[c.index()],
                c.name(),
                o.reason.describe()
            ),
            None => format!("no winner: {}", o.reason.describe()),
        },
        None => "unfinished".into(),
    };
    out.push_str(&format!("Result: {result}\n\n"));
    let history = record.replay().map(|g| g.history(Viewer::Spectator));
    let Ok(history) = history else {
        // A record the rules cannot replay: its moves as stored.
        for (i, mv) in record.moves.iter().enumerate() {
            out.push_str(&format!("{}. {mv}\n", i + 1));
        }
        return out;
    };
    for (i, (mv, seen)) in record.moves.iter().zip(&history).enumerate() {
        let words = battle_sentence(Lang::En, seen, None, Numbering::default())
            .map(|s| s.split_once(": ").map_or(s.clone(), |(_, w)| w.to_string()))
            .unwrap_or_else(|| format!("{} moved", seen.mover.name()));
        let rescue = seen.rescue.map_or(String::new(), |r| {
            format!("; a {} rescued to {}", r.rank.name(), r.to)
        });
        out.push_str(&format!(
            "{:<20} {words}{rescue}\n",
            format!("{}. {mv}", i + 1)
        ));
    }
    out.push_str(&format!(
        "\n(the stored record: replay {id} --format record; Gravon's XML: --format gravon)\n"
    ));
    out
}

pub const ADMIN_USAGE: &str = "admin commands:\n  admin kick NICK [REASON]\n  admin ban nick|key|addr VALUE [REASON]\n  admin unban nick|key|addr VALUE\n  admin bans\n  admin broadcast TEXT\n  admin backup NAME  (a new directory under the server's backup root, backup_root)\n  admin tournament create|edit|start|cancel ...   (admin tournament help)\n";

/// Runs an admin command line (the caller checked the key); `by` is the admin's
/// fingerprint.
pub async fn admin(service: &Service, by: &str, line: &str) -> Output {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.as_slice() == ["admin", "bans"] {
        return match service.bans().await {
            Ok(bans) if bans.is_empty() => ("no bans\n".into(), 0),
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
        return backup(service, by, dir).await;
    }
    match parse_admin(&words) {
        Ok(cmd) => perform(service, by, cmd).await,
        Err(out) => out,
    }
}

/// `admin backup NAME`: the running server writes a consistent copy of its data into NAME,
/// a new or empty directory under its backup root (`backup_root`), on its own machine.
/// Exit 0 when written, 2 for a path outside the root (nothing written), 1 when the copy
/// failed.
async fn backup(service: &Service, by: &str, dir: &str) -> Output {
    match service.backup(by, dir).await {
        Ok(s) => (
            format!(
                "backed up {} entries in {} trees to {}\n",
                s.entries,
                s.trees,
                s.dir.display()
            ),
            0,
        ),
        Err(e @ crate::service::BackupError::Refused(_)) => (format!("{e}\n"), 2),
        Err(e) => (format!("{e}\n"), 1),
    }
}

/// The admin action a command line asks for, or the usage text to print.
fn parse_admin(words: &[&str]) -> Result<AdminCmd, Output> {
    let rest = |n: usize| words.get(n..).map(|w| w.join(" ")).unwrap_or_default();
    let kind = |w: &str| {
        BanKind::from_word(w).ok_or_else(|| {
            (
                "ban nick NAME, ban key SHA256:..., or ban addr ADDRESS\n".to_string(),
                2,
            )
        })
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
        _ => return Err((ADMIN_USAGE.to_string(), 2)),
    })
}

/// An admin action as text and exit status (0 when it worked, 2 for a wrong request).
pub async fn perform(service: &Service, by: &str, cmd: AdminCmd) -> Output {
    match service.admin(by, cmd).await {
        Ok(done) => (format!("{done}\n"), 0),
        Err(e) => (format!("{e}\n"), if e.is_usage() { 2 } else { 1 }),
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
        let text = replay_words(7, &record, &names);
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
