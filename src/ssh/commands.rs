//! Script access without a PTY: `ssh host leaderboard [VARIANT]`, `ssh host games NICK`,
//! `ssh host games --live`, `ssh host replay ID [--format gravon]`. Plain text out.

use crate::browse;
use crate::proto::{GameFilter, GameListItem, LobbySnapshot};
use crate::rules::{gravon, Variant};
use crate::store::Store;

pub const USAGE: &str = "commands:\n  leaderboard [classic|duel|barrage]\n  games NICK\n  games --live\n  replay ID [--format gravon]\n\nto play, connect with a terminal: ssh -t -p PORT HOST\n";

/// Runs one command line; returns the text to print and the exit status.
pub fn run(store: &Store, live: &LobbySnapshot, line: &str) -> (String, u32) {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["leaderboard"] => leaderboard(store, Variant::Classic),
        ["leaderboard", v] => match Variant::parse(v) {
            Some(v) => leaderboard(store, v),
            None => (
                format!("unknown variant '{v}': classic, duel or barrage\n"),
                2,
            ),
        },
        ["games", "--live"] => (live_games(live), 0),
        ["games", nick] => player_games(store, nick),
        ["replay", id] => replay(store, id, false),
        ["replay", id, "--format", "gravon"] | ["replay", "--format", "gravon", id] => {
            replay(store, id, true)
        }
        ["replay", _, "--format", f] => (format!("unknown format '{f}': use gravon\n"), 2),
        ["help"] | ["--help"] => (USAGE.to_string(), 0),
        _ => (format!("unknown command '{line}'\n{USAGE}"), 2),
    }
}

fn leaderboard(store: &Store, variant: Variant) -> (String, u32) {
    match browse::leaderboard(store, variant) {
        Ok(board) => {
            let mut out = format!(
                "{:<5} {:<16} {:>6} {:>9} {:>5} {:>4} {:>5} {:>6}\n",
                "rank", "nick", "rating", "deviation", "games", "wins", "draws", "losses"
            );
            for r in board.rows {
                out.push_str(&format!(
                    "{:<5} {:<16} {:>6} {:>9} {:>5} {:>4} {:>5} {:>6}\n",
                    r.rank, r.nick, r.rating, r.deviation, r.games, r.wins, r.draws, r.losses
                ));
            }
            (out, 0)
        }
        Err(e) => (format!("cannot read the leaderboard: {e}\n"), 1),
    }
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

fn player_games(store: &Store, nick: &str) -> (String, u32) {
    let nick = crate::text::clean_line(nick, 20);
    match browse::games(store, "", &GameFilter::Player(nick.clone()), None) {
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

fn live_games(live: &LobbySnapshot) -> String {
    let mut out = String::new();
    for g in live.games.iter().filter(|g| !g.private) {
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

fn replay(store: &Store, id: &str, gravon_format: bool) -> (String, u32) {
    let Ok(id) = id.trim_start_matches('#').parse::<u64>() else {
        return (format!("'{id}' is not a game number\n"), 2);
    };
    match browse::record(store, id) {
        Ok((record, names)) => {
            if gravon_format {
                (gravon::export(&record, [&names[0], &names[1]]), 0)
            } else {
                (record.to_text(), 0)
            }
        }
        Err(e) => (format!("{e}\n"), 1),
    }
}
