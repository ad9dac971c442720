//! Script access without a PTY: `ssh host leaderboard [VARIANT]`, `ssh host games NICK`,
//! `ssh host games --live`, `ssh host replay ID [--format gravon]`. Plain text out.

use crate::browse;
use crate::lobby::{KickWhom, LobbyHandle};
use crate::proto::{
    AdminBan, AdminCmd, AdminSnapshot, BanKind, GameFilter, GameListItem, LobbySnapshot,
};
use crate::rules::{gravon, Variant};
use crate::store::{BanTarget, Store};

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

pub const ADMIN_USAGE: &str = "admin commands:\n  admin kick NICK [REASON]\n  admin ban nick|key|addr VALUE [REASON]\n  admin unban nick|key|addr VALUE\n  admin bans\n  admin broadcast TEXT\n";

/// Runs an admin command line (the caller checked the key); `by` is the admin's
/// fingerprint.
pub async fn admin(store: &Store, lobby: &LobbyHandle, by: &str, line: &str) -> (String, u32) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let rest = |n: usize| words.get(n..).map(|w| w.join(" ")).unwrap_or_default();
    let cmd = match words.as_slice() {
        ["admin", "kick", nick, ..] => AdminCmd::Kick {
            nick: nick.to_string(),
            reason: rest(3),
        },
        ["admin", "ban", kind, value, ..] => match ban_kind(kind) {
            Ok(kind) => AdminCmd::Ban {
                kind,
                value: value.to_string(),
                reason: rest(4),
            },
            Err(e) => return (format!("{e}\n"), 2),
        },
        ["admin", "unban", kind, value] => match ban_kind(kind) {
            Ok(kind) => AdminCmd::Unban {
                kind,
                value: value.to_string(),
            },
            Err(e) => return (format!("{e}\n"), 2),
        },
        ["admin", "bans"] => {
            return match store.bans().all() {
                Ok(bans) if bans.is_empty() => ("no bans\n".into(), 0),
                Ok(bans) => {
                    let mut out = String::new();
                    for b in bans {
                        out.push_str(&format!("{}\t{}\n", b.target, b.reason));
                    }
                    (out, 0)
                }
                Err(e) => (format!("{e}\n"), 1),
            }
        }
        ["admin", "broadcast", ..] if words.len() > 2 => AdminCmd::Broadcast(rest(2)),
        _ => return (ADMIN_USAGE.to_string(), 2),
    };
    perform(store, lobby, by, cmd).await
}

fn ban_kind(word: &str) -> Result<BanKind, String> {
    BanKind::from_word(word)
        .ok_or_else(|| "ban nick NAME, ban key SHA256:..., or ban addr ADDRESS".into())
}

/// Carries out an admin action, for the exec commands and the admin screen alike: kicks
/// go through the lobby, bans are stored (and flushed) before the sessions they match
/// are disconnected with the reason. Returns the text to show and an exit status (0 when
/// it worked).
pub(crate) async fn perform(
    store: &Store,
    lobby: &LobbyHandle,
    by: &str,
    cmd: AdminCmd,
) -> (String, u32) {
    match cmd {
        AdminCmd::Refresh => (String::new(), 0),
        AdminCmd::Kick { nick, reason } => {
            let nick = crate::text::clean_line(&nick, 40);
            let reason = non_empty(reason, "kicked by an admin");
            let n = lobby
                .kick(
                    KickWhom {
                        nick: Some(nick.clone()),
                        ..Default::default()
                    },
                    reason,
                )
                .await;
            (format!("kicked {n} session(s) of {nick}\n"), 0)
        }
        AdminCmd::Ban {
            kind,
            value,
            reason,
        } => {
            let target = match BanTarget::parse(kind.word(), &value) {
                Ok(t) => t,
                Err(e) => return (format!("{e}\n"), 2),
            };
            let reason = non_empty(reason, "banned by an admin");
            if let Err(e) = store.bans().add(&target, &reason, by).await {
                return (format!("ban not stored: {e}\n"), 1);
            }
            let whom = match &target {
                BanTarget::Nick(n) => KickWhom {
                    nick: Some(n.clone()),
                    ..Default::default()
                },
                BanTarget::Key(k) => KickWhom {
                    identity: Some(format!("key:{k}")),
                    ..Default::default()
                },
                BanTarget::Addr(a) => KickWhom {
                    addr: Some(*a),
                    ..Default::default()
                },
            };
            let n = lobby.kick(whom, reason).await;
            (format!("banned {target}; {n} session(s) disconnected\n"), 0)
        }
        AdminCmd::Unban { kind, value } => match BanTarget::parse(kind.word(), &value) {
            Ok(t) => match store.bans().remove(&t).await {
                Ok(true) => (format!("unbanned {t}\n"), 0),
                Ok(false) => (format!("{t} was not banned\n"), 1),
                Err(e) => (format!("{e}\n"), 1),
            },
            Err(e) => (format!("{e}\n"), 2),
        },
        AdminCmd::Broadcast(text) => {
            if crate::text::clean_line(&text, 500).is_empty() {
                return ("nothing to broadcast\n".into(), 2);
            }
            lobby.broadcast(text);
            ("sent\n".into(), 0)
        }
    }
}

/// What the admin screen shows: every session online and every stored ban, user text
/// cleaned; an error line when the bans cannot be read.
pub(crate) async fn snapshot(store: &Store, lobby: &LobbyHandle) -> Result<AdminSnapshot, String> {
    let clean = |s: &str| crate::text::clean_line(s, 200);
    let mut sessions = lobby.sessions().await;
    for s in &mut sessions {
        s.nick = clean(&s.nick);
        s.key = s.key.as_deref().map(clean);
    }
    let bans = store
        .bans()
        .all()
        .map_err(|e| format!("cannot read the bans: {e}"))?
        .into_iter()
        .filter_map(|b| {
            let (kind, value) = b.target.split_once(':')?;
            Some(AdminBan {
                kind: BanKind::from_word(kind)?,
                value: clean(value),
                reason: clean(&b.reason),
                by: clean(&b.by),
                at: b.at,
            })
        })
        .collect();
    Ok(AdminSnapshot { sessions, bans })
}

fn non_empty(s: String, default: &str) -> String {
    let s = crate::text::clean_line(&s, 200);
    if s.is_empty() {
        default.to_string()
    } else {
        s
    }
}
