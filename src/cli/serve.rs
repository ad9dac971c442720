//! `stratego-ssh` and `stratego-ssh serve`: the server until SIGTERM or SIGINT, with a
//! status line every minute; at the signal, a notice to the players, the games stopped
//! and the store flushed.

use std::process::ExitCode;

use stratego_ssh::config::{LogFormat, ServerConfig};
use stratego_ssh::server::{self, ServerOptions};

/// Serves with `settings` (resolved from the flags, environment and file); the exit status.
pub fn main(settings: &ServerConfig) -> ExitCode {
    init_tracing(settings.log_format);
    let opts = settings.clone();
    let rt = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("stratego-ssh: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    let result = rt.block_on(serve(opts));
    // Connections still open are dropped here; don't wait on them for long.
    rt.shutdown_timeout(std::time::Duration::from_secs(2));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stratego-ssh: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn init_tracing(format: LogFormat) {
    use tracing_subscriber::EnvFilter;
    // russh warns of every channel request it does not know, such as PuTTY's
    // `simple@putty.projects.tartarus.org` at each login: not the host's concern. async-nats
    // logs each failed reconnection attempt at info (the bus logs what matters itself).
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,russh::server::encrypted=error,async_nats=warn"));
    match format {
        LogFormat::Json => tracing_subscriber::fmt()
            .with_env_filter(filter)
            .json()
            .init(),
        LogFormat::Text => tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
            .init(),
    }
}

/// How often the status line (connections, sessions, games, memory, store writes and
/// flushes) is logged.
const STATUS_EVERY: std::time::Duration = std::time::Duration::from_secs(60);
/// How long players get to read the shutdown notice before their connections close.
const SHUTDOWN_NOTICE: std::time::Duration = std::time::Duration::from_millis(500);
/// Longest wait for the games to stop at shutdown.
const SHUTDOWN_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

async fn serve(opts: ServerOptions) -> anyhow::Result<()> {
    let mut signals = Signals::listen()?;
    if opts.bus.nats_url.is_some() && opts.bus.role == stratego_ssh::bus::Role::Core {
        return serve_core(opts, signals).await;
    }
    let mut running = server::start(opts).await?;
    tracing::info!(
        addr = %running.addr,
        "stratego-ssh is serving: ssh -p {} localhost",
        running.addr.port()
    );
    let status = tokio::spawn(status_lines(
        running.lobby.clone(),
        running.connection_count(),
        running.store.clone(),
    ));
    let signal = tokio::select! {
        r = running.serving() => {
            status.abort();
            return r;
        }
        s = signals.recv() => s,
    };
    status.abort();
    let stats = running.stats();
    let frames = stratego_ssh::screen::frame_totals();
    tracing::info!(
        signal,
        connections = stats.connections,
        sessions = stats.sessions,
        games = stats.games,
        frames = frames.frames,
        full_frames = frames.full,
        frame_us = frames.nanos / frames.frames.max(1) / 1000,
        "shutting down: games in progress are saved and resume at the next start"
    );
    running.lobby.broadcast(
        "The server is shutting down for a moment; games in progress are saved and resume when it is back."
            .into(),
    );
    tokio::time::sleep(SHUTDOWN_NOTICE).await;
    let store = running.store.clone();
    stop_and_flush(running.stop(), store).await
}

/// Stops the games (saved, to resume at the next start), waiting at most [`SHUTDOWN_LIMIT`],
/// then flushes the store.
async fn stop_and_flush(
    stop: impl std::future::Future<Output = ()>,
    store: stratego_ssh::store::Store,
) -> anyhow::Result<()> {
    if tokio::time::timeout(SHUTDOWN_LIMIT, stop).await.is_err() {
        tracing::warn!("games did not stop within {SHUTDOWN_LIMIT:?}; flushing the store anyway");
    }
    store
        .flush()
        .await
        .map_err(|e| anyhow::anyhow!("cannot flush the store at shutdown: {e}"))?;
    tracing::info!("stopped; the store is flushed");
    Ok(())
}

/// A core of a split server (`role = "core"`, docs/scaling.md): the lobby and the games for
/// the edges, until a signal; then the games stop and the store is flushed, as a one-process
/// server does.
async fn serve_core(opts: ServerOptions, mut signals: Signals) -> anyhow::Result<()> {
    let url = opts.bus.nats_url.clone().unwrap_or_default();
    let mut core = server::start_core(opts).await?;
    tracing::info!(nats = %url, "stratego-ssh core is serving its edges");
    let status = tokio::spawn(core_status_lines(core.lobby.clone(), core.store.clone()));
    let signal = tokio::select! {
        r = core.serving() => {
            status.abort();
            return r;
        }
        s = signals.recv() => s,
    };
    status.abort();
    tracing::info!(
        signal,
        "shutting down: games in progress are saved and resume at the next start"
    );
    let store = core.store.clone();
    stop_and_flush(core.stop(), store).await
}

/// A core's status line, every [`STATUS_EVERY`]: the people on every edge, the games, its
/// memory and its store's writes (the edges log their connections and frames).
async fn core_status_lines(
    lobby: stratego_ssh::lobby::LobbyHandle,
    store: stratego_ssh::store::Store,
) {
    let mut every = tokio::time::interval(STATUS_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    every.tick().await;
    let mut last_writes = store.write_stats();
    loop {
        every.tick().await;
        let snap = lobby.snapshot();
        let writes_now = store.write_stats();
        let writes = writes_now.since(&last_writes);
        last_writes = writes_now;
        tracing::info!(
            sessions = snap.players.iter().filter(|p| !p.bot).count(),
            games = snap.games.len(),
            rss_kib = stratego_ssh::procinfo::rss_kib(None),
            store_writes = writes.writes,
            store_flushes = writes.batches,
            failed_flushes = writes.flush_failures,
            "core status"
        );
    }
}

/// Logs, every [`STATUS_EVERY`], what the server is carrying and what it costs.
async fn status_lines(
    lobby: stratego_ssh::lobby::LobbyHandle,
    connections: server::ConnectionCount,
    store: stratego_ssh::store::Store,
) {
    let mut every = tokio::time::interval(STATUS_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    every.tick().await;
    let mut last = stratego_ssh::screen::frame_totals();
    let mut last_writes = store.write_stats();
    loop {
        every.tick().await;
        let s = server::stats(&lobby, &connections);
        let rss = stratego_ssh::procinfo::rss_kib(None);
        let now = stratego_ssh::screen::frame_totals();
        let frames = now.frames - last.frames;
        // The store's writer: durable writes and the flushes (one per batch) that covered them.
        let writes_now = store.write_stats();
        let writes = writes_now.since(&last_writes);
        last_writes = writes_now;
        tracing::info!(
            connections = s.connections,
            sessions = s.sessions,
            games = s.games,
            rss_kib = rss,
            frames,
            frame_us = (now.nanos - last.nanos) / frames.max(1) / 1000,
            frame_bytes = (now.bytes - last.bytes) / frames.max(1),
            full_frames = now.full - last.full,
            patches = now.patches - last.patches,
            store_writes = writes.writes,
            store_flushes = writes.batches,
            writes_per_flush = format!("{:.1}", writes.mean_batch()),
            largest_batch = writes.largest_batch,
            failed_flushes = writes.flush_failures,
            "status"
        );
        last = now;
    }
}

/// SIGTERM and SIGINT (Ctrl-C), listened to from the start (a signal that arrives while the
/// server is still starting is not lost).
struct Signals {
    #[cfg(unix)]
    term: tokio::signal::unix::Signal,
    #[cfg(unix)]
    int: tokio::signal::unix::Signal,
}

impl Signals {
    fn listen() -> anyhow::Result<Signals> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            Ok(Signals {
                term: signal(SignalKind::terminate())?,
                int: signal(SignalKind::interrupt())?,
            })
        }
        #[cfg(not(unix))]
        Ok(Signals {})
    }

    /// Waits for one and names it.
    async fn recv(&mut self) -> &'static str {
        #[cfg(unix)]
        {
            tokio::select! {
                _ = self.term.recv() => "SIGTERM",
                _ = self.int.recv() => "SIGINT",
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
            "Ctrl-C"
        }
    }
}
