//! The abusers: sessions that run attacks in a loop beside the honest ones (issues 12 and
//! 33), each round bounded in count and time.

use std::net::SocketAddr;
use std::num::NonZeroU16;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use russh::client;
use russh::keys::PrivateKey;
use russh::ChannelMsg;
use stratego_ssh::rules::SplitMix64;

use super::*;

/// What one abuser does, round after round (abuser `i` runs attack `i` mod 9, or of the
/// attacks chosen).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Attack {
    /// Connect without a key (a guest), wait for the first screen bytes, disconnect.
    GuestCycle,
    /// Post a seek (`n`, Enter) and cancel it (`x`).
    SeekChurn,
    /// Start a game against the computer (`b`) and leave it (`q`, `y`).
    BotChurn,
    /// Open chat and send lines as fast as they go.
    ChatFlood,
    /// A thousand window changes, sizes all over the place.
    ResizeFlood,
    /// A hundred exec requests on one channel, then a channel per command.
    ExecFlood,
    /// Log in as a guest and open no channel: hold the connection until the server closes
    /// it (or [`IDLE_HOLD`]), then again.
    IdleGuest,
    /// Over one connection (a key) kept from round to round, a hundred commands one after
    /// another, each on a new channel read until its exit status, none closed by us.
    ExecMux,
    /// A brand-new key each round logs in with a terminal (a new account), now and then
    /// asking for a name no one may have; waits for the first screen and leaves.
    KeyFlood,
    /// The line mode (`ssh host play`, no terminal) piped commands that print much (`who`,
    /// `games`, `seeks`, `help`), thousands at once, reading what comes back; every
    /// [`LINE_FLOOD_LEAVE_EVERY`] rounds it drops the connection with its input unread
    /// (the server must drop what was typed, not work it off).
    LineFlood,
    /// The line mode with a terminal (`ssh -tt host play`): types backspaces, whose echo the
    /// server writes, and never reads (its output must stay bounded on the server).
    LineEcho,
}

pub(crate) const ATTACKS: [Attack; 11] = [
    Attack::GuestCycle,
    Attack::SeekChurn,
    Attack::BotChurn,
    Attack::ChatFlood,
    Attack::ResizeFlood,
    Attack::ExecFlood,
    Attack::IdleGuest,
    Attack::ExecMux,
    Attack::KeyFlood,
    Attack::LineFlood,
    Attack::LineEcho,
];

impl Attack {
    /// Its name as `--attack` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Attack::GuestCycle => "guest-cycle",
            Attack::SeekChurn => "seek-churn",
            Attack::BotChurn => "bot-churn",
            Attack::ChatFlood => "chat-flood",
            Attack::ResizeFlood => "resize-flood",
            Attack::ExecFlood => "exec-flood",
            Attack::IdleGuest => "idle-guest",
            Attack::ExecMux => "exec-mux",
            Attack::KeyFlood => "key-flood",
            Attack::LineFlood => "line-flood",
            Attack::LineEcho => "line-echo",
        }
    }

    /// Its place in [`ATTACKS`].
    pub(crate) fn slot(self) -> usize {
        ATTACKS.iter().position(|a| *a == self).unwrap_or(0)
    }

    /// How long one round may take before it is cut.
    pub(crate) fn round_bound(self) -> Duration {
        match self {
            // The hold, and the login before it.
            Attack::IdleGuest => IDLE_HOLD + Duration::from_secs(10),
            // A hundred commands, each given EXEC_MUX_WAIT at most, is longer: a round
            // whose commands go unanswered is cut here.
            Attack::ExecMux => Duration::from_secs(30),
            _ => Duration::from_secs(10),
        }
    }
}

/// [`Attack::LineFlood`]: every this many rounds the connection is dropped with its input
/// unread, and a new one made.
pub(crate) const LINE_FLOOD_LEAVE_EVERY: u64 = 5;
/// [`Attack::LineFlood`]: the commands one round sends at once (about 40 KB).
pub(crate) const LINE_FLOOD_BATCH: usize = 2000;
/// [`Attack::LineEcho`]: the backspaces one round types.
pub(crate) const LINE_ECHO_BATCH: usize = 32 * 1024;

/// [`Attack::IdleGuest`]: the longest a connection is held before the guest reconnects.
pub const IDLE_HOLD: Duration = Duration::from_secs(60);
/// [`Attack::ExecMux`]: commands a round, and the longest each is waited for.
pub(crate) const EXEC_MUX_COMMANDS: usize = 100;
pub(crate) const EXEC_MUX_WAIT: Duration = Duration::from_secs(5);
/// [`Attack::ExecMux`]: the pause after a round in which no command was answered.
pub(crate) const EXEC_MUX_IDLE_PAUSE: Duration = Duration::from_secs(1);
/// The exit status of a command the server refused as busy (`EX_TEMPFAIL`).
pub(crate) const EXIT_BUSY: u32 = 75;
/// [`Attack::KeyFlood`]: every this many rounds the name asked for is not a valid nick
/// (the server gives a default one), and the longest the first screen is waited for.
pub(crate) const KEY_FLOOD_BAD_NAME_EVERY: u64 = 4;
pub(crate) const KEY_FLOOD_BAD_NAME: &str = "!!";
pub(crate) const KEY_FLOOD_WAIT: Duration = Duration::from_secs(5);

pub(crate) struct AbuserCfg {
    pub(crate) index: usize,
    pub(crate) attacks: Vec<Attack>,
    pub(crate) addr: SocketAddr,
    pub(crate) cols: u16,
    pub(crate) rows: u16,
    pub(crate) seed: u64,
}

impl AbuserCfg {
    /// Abusers' source addresses come after every honest session's.
    pub(crate) fn source(&self) -> Option<SocketAddr> {
        source_block(
            MAX_SESSIONS.div_ceil(PER_SOURCE_ADDRESS) + self.index / ABUSERS_PER_ADDRESS,
            self.addr,
        )
    }

    pub(crate) fn nick(&self) -> String {
        format!("abuse-{}", self.index)
    }

    pub(crate) fn key(&self) -> PrivateKey {
        session_key(MAX_SESSIONS * 10 + self.index)
    }
}

/// Lowers the calling thread's scheduling priority (Linux: nice is per thread).
pub(crate) fn lower_priority() {
    // SAFETY: setpriority reads no memory of ours; `0` is the calling thread.
    let r = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 10) };
    if r != 0 {
        tracing::debug!("cannot lower the abusers' priority");
    }
}

/// An abuser's loop until the deadline; each round is bounded in count and time.
pub(crate) async fn abuse(
    a: AbuserCfg,
    config: Arc<client::Config>,
    counters: Arc<Counters>,
    deadline: tokio::time::Instant,
) {
    let attack = a.attacks[a.index % a.attacks.len()];
    let mut rng = SplitMix64(a.seed);
    // The interactive attacks keep one session (and make a new one when it is gone).
    let mut shell: Option<(
        client::Handle<AcceptAny>,
        russh::ChannelWriteHalf<client::Msg>,
    )> = None;
    // ExecMux keeps one connection the same way.
    let mut mux: Option<client::Handle<AcceptAny>> = None;
    // The line attacks keep one line-mode channel (the echo one never read).
    let mut line: Option<LineShell> = None;
    let mut round_no: u64 = 0;
    while tokio::time::Instant::now() < deadline {
        round_no += 1;
        let round = async {
            match attack {
                Attack::GuestCycle => guest_cycle(&a, config.clone()).await,
                Attack::ExecFlood => exec_flood(&a, config.clone()).await,
                Attack::IdleGuest => idle_guest(&a, config.clone(), &counters, deadline).await,
                Attack::ExecMux => {
                    if mux.as_ref().is_none_or(|h| h.is_closed()) {
                        mux = None;
                        let nick = a.nick();
                        mux = Some(
                            login(a.addr, a.source(), config.clone(), Some((&nick, a.key())))
                                .await?,
                        );
                    }
                    let Some(handle) = &mux else {
                        return Ok(());
                    };
                    let done = exec_mux(handle, &counters).await;
                    if done.is_err() {
                        mux = None;
                    }
                    done
                }
                Attack::KeyFlood => key_flood(&a, config.clone(), &counters, round_no).await,
                Attack::LineFlood | Attack::LineEcho => {
                    let echo = attack == Attack::LineEcho;
                    if line.as_ref().is_none_or(|l| l.handle.is_closed()) {
                        line = None;
                        line = Some(line_shell(&a, config.clone(), counters.clone(), echo).await?);
                    }
                    let Some(l) = &line else {
                        return Ok(());
                    };
                    let done = line_round(l, echo).await;
                    // Now and then the flooder goes with its input unread.
                    if done.is_err() || (!echo && round_no.is_multiple_of(LINE_FLOOD_LEAVE_EVERY)) {
                        if let Some(l) = line.take() {
                            let _ = l
                                .handle
                                .disconnect(russh::Disconnect::ByApplication, "gone", "en")
                                .await;
                        }
                    }
                    done
                }
                _ => {
                    if shell.is_none() {
                        shell = Some(abuser_shell(&a, config.clone(), counters.clone()).await?);
                    }
                    let Some((_, w)) = &shell else {
                        return Ok(());
                    };
                    let done = interactive_round(attack, w, a.cols, a.rows, &mut rng).await;
                    if done.is_err() {
                        shell = None;
                    }
                    done
                }
            }
        };
        // A round that cannot finish in its bound (10 s for most: the server refused, or
        // is slow) is cut.
        let ok = matches!(
            tokio::time::timeout_at(
                deadline.min(tokio::time::Instant::now() + attack.round_bound()),
                round
            )
            .await,
            Ok(Ok(()))
        );
        if ok {
            counters.abuse_rounds.fetch_add(1, Ordering::Relaxed);
            counters.rounds_by_attack[attack.slot()].fetch_add(1, Ordering::Relaxed);
        } else {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    if let Some((handle, _)) = shell {
        let _ = handle
            .disconnect(russh::Disconnect::ByApplication, "done", "en")
            .await;
    }
    if let Some(handle) = mux {
        let _ = handle
            .disconnect(russh::Disconnect::ByApplication, "done", "en")
            .await;
    }
    if let Some(l) = line {
        let _ = l
            .handle
            .disconnect(russh::Disconnect::ByApplication, "done", "en")
            .await;
    }
}

/// A line-mode session of an abuser (`play`), with a terminal for the echo attack.
pub(crate) struct LineShell {
    handle: client::Handle<AcceptAny>,
    write: russh::ChannelWriteHalf<client::Msg>,
    /// The echo attack's read half, never read (so the server's output backs up).
    _unread: Option<russh::ChannelReadHalf>,
}

/// Logs in with the abuser's key and runs `play --lang en`; the flood reads (and counts)
/// what comes back, the echo attack asks for a terminal and never reads.
pub(crate) async fn line_shell(
    a: &AbuserCfg,
    config: Arc<client::Config>,
    counters: Arc<Counters>,
    echo: bool,
) -> Result<LineShell> {
    let handle = login(a.addr, a.source(), config, Some((&a.nick(), a.key()))).await?;
    let channel = handle.channel_open_session().await?;
    if echo {
        channel
            .request_pty(true, "xterm-256color", 80, 24, 0, 0, &[])
            .await?;
    }
    channel.exec(true, "play --lang en").await?;
    let (read, write) = channel.split();
    let unread = if echo {
        Some(read)
    } else {
        tokio::spawn(count_output(read, counters));
        None
    };
    Ok(LineShell {
        handle,
        write,
        _unread: unread,
    })
}

/// One round of a line attack: a batch of commands (or of backspaces), then a second.
pub(crate) async fn line_round(l: &LineShell, echo: bool) -> Result<()> {
    let batch: Vec<u8> = if echo {
        vec![0x7f; LINE_ECHO_BATCH]
    } else {
        ["who\n", "games\n", "seeks\n", "help\n"]
            .iter()
            .cycle()
            .take(LINE_FLOOD_BATCH)
            .flat_map(|c| c.bytes())
            .collect()
    };
    // The server reads at its input budget: a write it is not ready for waits (the round
    // is cut at its bound, which counts as a refused round).
    l.write.data(&batch[..]).await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    Ok(())
}

/// Reads an abuser's channel to its end, counting the bytes.
async fn count_output(mut read: russh::ChannelReadHalf, counters: Arc<Counters>) {
    while let Some(msg) = read.wait().await {
        match msg {
            ChannelMsg::Data { data } => {
                counters
                    .bytes_total
                    .fetch_add(data.len() as u64, Ordering::Relaxed);
            }
            ChannelMsg::Eof | ChannelMsg::Close => break,
            _ => {}
        }
    }
}

/// An abuser's interactive session: its output is read (and counted) by a task of its own.
pub(crate) async fn abuser_shell(
    a: &AbuserCfg,
    config: Arc<client::Config>,
    counters: Arc<Counters>,
) -> Result<(
    client::Handle<AcceptAny>,
    russh::ChannelWriteHalf<client::Msg>,
)> {
    let handle = login(a.addr, a.source(), config, Some((&a.nick(), a.key()))).await?;
    let channel = open_shell(&handle, a.cols, a.rows).await?;
    let (read, write) = channel.split();
    tokio::spawn(count_output(read, counters));
    // A key's first login shows the welcome card: keep the name (Enter).
    tokio::time::sleep(Duration::from_millis(500)).await;
    write.data(&b"\r"[..]).await?;
    Ok((handle, write))
}

/// One round of an attack on an interactive session (about a second of it).
pub(crate) async fn interactive_round(
    attack: Attack,
    w: &russh::ChannelWriteHalf<client::Msg>,
    cols: u16,
    rows: u16,
    rng: &mut SplitMix64,
) -> Result<()> {
    let pause = |ms: u64| tokio::time::sleep(Duration::from_millis(ms));
    match attack {
        Attack::SeekChurn => {
            w.data(&b"n"[..]).await?;
            pause(100).await;
            w.data(&b"\r"[..]).await?;
            pause(200).await;
            w.data(&b"x"[..]).await?;
            pause(100).await;
        }
        Attack::BotChurn => {
            w.data(&b"b"[..]).await?;
            pause(300).await;
            w.data(&b"q"[..]).await?;
            pause(50).await;
            w.data(&b"y"[..]).await?;
            pause(300).await;
        }
        Attack::ChatFlood => {
            w.data(&b"t"[..]).await?;
            for n in 0..50 {
                let line = format!("spam {n} {}\r", rng.next());
                w.data(line.as_bytes()).await?;
                pause(10).await;
            }
            w.data(&b"\x1b"[..]).await?;
            pause(100).await;
        }
        Attack::ResizeFlood => {
            for _ in 0..1000 {
                let c = 20 + rng.below(600) as u32;
                let r = 5 + rng.below(250) as u32;
                w.window_change(c, r, 0, 0).await?;
            }
            w.window_change(u32::from(cols), u32::from(rows), 0, 0)
                .await?;
            pause(200).await;
        }
        Attack::GuestCycle
        | Attack::ExecFlood
        | Attack::IdleGuest
        | Attack::ExecMux
        | Attack::KeyFlood
        | Attack::LineFlood
        | Attack::LineEcho => {}
    }
    Ok(())
}

/// Connects as a guest, waits for the first bytes of the screen (at most 3 s), disconnects.
pub(crate) async fn guest_cycle(a: &AbuserCfg, config: Arc<client::Config>) -> Result<()> {
    let handle = login(a.addr, a.source(), config, None).await?;
    let mut channel = open_shell(&handle, a.cols, a.rows).await?;
    let _ = tokio::time::timeout(Duration::from_secs(3), async {
        while let Some(msg) = channel.wait().await {
            if matches!(msg, ChannelMsg::Data { .. } | ChannelMsg::Close) {
                break;
            }
        }
    })
    .await;
    let _ = handle
        .disconnect(russh::Disconnect::ByApplication, "bye", "en")
        .await;
    Ok(())
}

/// A hundred exec requests on one channel, then eight channels of one command each, all
/// read until closed (at most 5 s); then disconnects.
pub(crate) async fn exec_flood(a: &AbuserCfg, config: Arc<client::Config>) -> Result<()> {
    let handle = login(a.addr, a.source(), config, Some((&a.nick(), a.key()))).await?;
    let drain = |channel: russh::Channel<client::Msg>| {
        let (mut read, write) = channel.split();
        let reader = tokio::spawn(async move {
            let _ = tokio::time::timeout(Duration::from_secs(5), async {
                while let Some(msg) = read.wait().await {
                    if matches!(msg, ChannelMsg::Close) {
                        break;
                    }
                }
            })
            .await;
        });
        (reader, write)
    };
    let (reader, write) = drain(handle.channel_open_session().await?);
    for _ in 0..100 {
        if write.exec(true, "leaderboard").await.is_err() {
            break;
        }
    }
    let mut readers = vec![reader];
    for _ in 0..8 {
        let Ok(channel) = handle.channel_open_session().await else {
            break;
        };
        let (reader, write) = drain(channel);
        let _ = write.exec(true, "leaderboard").await;
        readers.push(reader);
    }
    for r in readers {
        let _ = r.await;
    }
    let _ = handle
        .disconnect(russh::Disconnect::ByApplication, "bye", "en")
        .await;
    Ok(())
}

/// Logs in as a guest and opens no channel; holds the connection until the server closes
/// it, [`IDLE_HOLD`] passes or the run ends, and records how long it was held.
pub(crate) async fn idle_guest(
    a: &AbuserCfg,
    config: Arc<client::Config>,
    counters: &Counters,
    deadline: tokio::time::Instant,
) -> Result<()> {
    // Let go a second before the run ends, so that the hold is in the report; no new
    // hold in that last second.
    let last = deadline
        .checked_sub(Duration::from_secs(1))
        .unwrap_or(deadline);
    if tokio::time::Instant::now() >= last {
        tokio::time::sleep_until(deadline).await;
        bail!("the run is over");
    }
    let handle = login(a.addr, a.source(), config, None).await?;
    let from = tokio::time::Instant::now();
    let until = last.min(from + IDLE_HOLD);
    let mut closed = false;
    while tokio::time::Instant::now() < until {
        if handle.is_closed() {
            closed = true;
            break;
        }
        tokio::time::sleep_until(
            until.min(tokio::time::Instant::now() + Duration::from_millis(250)),
        )
        .await;
    }
    let held = from.elapsed();
    counters
        .idle_held_ms
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(u32::try_from(held.as_millis()).unwrap_or(u32::MAX));
    if closed {
        counters.idle_closed.fetch_add(1, Ordering::Relaxed);
    } else {
        let _ = handle
            .disconnect(russh::Disconnect::ByApplication, "bye", "en")
            .await;
    }
    Ok(())
}

/// What became of one command of [`exec_mux`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ExecOutcome {
    Answered,
    Busy,
    Refused,
    Unanswered,
}

/// A hundred commands over the one connection, one after another, each on a new channel:
/// open, exec, read until its exit status (or EOF), and leave it without sending a close
/// of our own. Every command is counted by its outcome. A round with none answered ends
/// with a second's pause (refusals take no time: the loop would only spin). An error: the
/// connection is gone.
pub(crate) async fn exec_mux(
    handle: &client::Handle<AcceptAny>,
    counters: &Counters,
) -> Result<()> {
    let mut answered = 0;
    for n in 0..EXEC_MUX_COMMANDS {
        let command = if n % 2 == 0 { "help" } else { "leaderboard" };
        let outcome = match handle.channel_open_session().await {
            Ok(mut channel) => {
                if channel.exec(true, command).await.is_err() {
                    ExecOutcome::Refused
                } else {
                    tokio::time::timeout(EXEC_MUX_WAIT, async {
                        while let Some(msg) = channel.wait().await {
                            match msg {
                                ChannelMsg::ExitStatus { exit_status } => {
                                    return if exit_status == EXIT_BUSY {
                                        ExecOutcome::Busy
                                    } else {
                                        ExecOutcome::Answered
                                    };
                                }
                                ChannelMsg::Failure => return ExecOutcome::Refused,
                                ChannelMsg::Eof | ChannelMsg::Close => {
                                    return ExecOutcome::Answered
                                }
                                _ => {}
                            }
                        }
                        ExecOutcome::Unanswered
                    })
                    .await
                    .unwrap_or(ExecOutcome::Unanswered)
                }
                // Dropped here: no close is sent by us.
            }
            Err(russh::Error::ChannelOpenFailure(_)) => ExecOutcome::Refused,
            Err(e) => return Err(e.into()),
        };
        if outcome == ExecOutcome::Answered {
            answered += 1;
        }
        let counter = match outcome {
            ExecOutcome::Answered => &counters.exec_answered,
            ExecOutcome::Busy => &counters.exec_busy,
            ExecOutcome::Refused => &counters.exec_refused,
            ExecOutcome::Unanswered => &counters.exec_unanswered,
        };
        counter.fetch_add(1, Ordering::Relaxed);
        if handle.is_closed() {
            bail!("the server closed the connection");
        }
    }
    if answered == 0 {
        tokio::time::sleep(EXEC_MUX_IDLE_PAUSE).await;
    }
    Ok(())
}

/// A brand-new key logs in with a terminal (the server makes it an account), asking for
/// `kf-I-R` or, every [`KEY_FLOOD_BAD_NAME_EVERY`]th round, a name that is no nick;
/// waits for the first screen (the welcome card, if the account is new) and disconnects.
pub(crate) async fn key_flood(
    a: &AbuserCfg,
    config: Arc<client::Config>,
    counters: &Counters,
    round: u64,
) -> Result<()> {
    let key = PrivateKey::random(&mut rand::rng(), russh::keys::Algorithm::Ed25519)
        .context("cannot make a key")?;
    let name = if round.is_multiple_of(KEY_FLOOD_BAD_NAME_EVERY) {
        KEY_FLOOD_BAD_NAME.to_string()
    } else {
        format!("kf-{}-{round}", a.index)
    };
    let handle = login(a.addr, a.source(), config, Some((&name, key))).await?;
    let mut channel = open_shell(&handle, a.cols, a.rows).await?;
    let mut parser = vt100::Parser::new(
        NonZeroU16::new(a.rows).unwrap_or(NonZeroU16::MIN),
        NonZeroU16::new(a.cols).unwrap_or(NonZeroU16::MIN),
        0,
    );
    let welcomed = tokio::time::timeout(KEY_FLOOD_WAIT, async {
        while let Some(msg) = channel.wait().await {
            match msg {
                ChannelMsg::Data { data } => {
                    parser.process(&data);
                    if parser
                        .screen()
                        .contents()
                        .contains("Welcome to stratego-ssh")
                    {
                        return true;
                    }
                }
                ChannelMsg::Eof | ChannelMsg::Close => break,
                _ => {}
            }
        }
        false
    })
    .await
    .unwrap_or(false);
    if welcomed {
        counters.keys_welcomed.fetch_add(1, Ordering::Relaxed);
    } else {
        counters.keys_unwelcomed.fetch_add(1, Ordering::Relaxed);
    }
    let _ = handle
        .disconnect(russh::Disconnect::ByApplication, "bye", "en")
        .await;
    Ok(())
}
