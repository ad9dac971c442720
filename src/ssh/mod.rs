//! russh glue: authentication, PTY, resize, bytes in, frames out; one task per connection.
//! Only the binary (and tests) use this module.

mod commands;
mod events;
mod keys;
mod line;
mod session;
mod weblogin;
mod writer;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Result;
use russh::keys::HashAlg;
use russh::server::{Auth, Msg, Session};
use russh::{Channel, ChannelId, MethodKind, MethodSet};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tracing::{debug, info, warn, Instrument};

use crate::guest::GuestPass;
use crate::limit::address_block;
use crate::lobby::{Ident, LobbyHandle};
use crate::proto::PlayerId;
use crate::service::Service;
use crate::store::Store;

pub use keys::load_or_create_host_key;

pub use crate::limit::{MAX_COLS, MAX_ROWS};

/// Settings of the SSH front end.
#[derive(Clone, Debug)]
pub struct SshConfig {
    pub allow_guests: bool,
    /// Each connection starts with a PROXY protocol header naming the client (set from
    /// the server's `proxy_protocol`).
    pub proxy_protocol: bool,
    /// Every key holder may create tournaments (not only admins).
    pub players_create_tournaments: bool,
    pub max_connections: usize,
    pub max_per_address: usize,
    /// Time allowed from TCP accept to a successful authentication.
    pub auth_timeout: Duration,
    /// Disconnect after this long without a keypress.
    pub idle_timeout: Duration,
    /// An authenticated connection on which nothing runs (no shell, no command) is closed
    /// after this long, counted from authentication or from the end of its last program;
    /// zero: never.
    pub channel_timeout: Duration,
    /// Guests connected at once (counted from authentication to the end of the
    /// connection); a guest past it is refused, so the other slots stay for key holders.
    /// `None`: a share of `max_connections` (see [`SshConfig::guest_cap`]).
    pub max_guest_connections: Option<usize>,
    pub motd: Option<String>,
    /// The host name players connect to, for help texts; `None`: the address the player
    /// connected to.
    pub host_name: Option<String>,
    /// `public_url`: the web pages' address for the links the screens print; `None`: from
    /// `host_name` (or the address the player connected to) and [`SshConfig::web_port`].
    pub public_url: Option<String>,
    /// The port the web pages are served on (set by the server from its listener, not a
    /// setting); `None`: the web is off, and no screen prints a link.
    pub web_port: Option<u16>,
    /// SHA-256 fingerprints (`SHA256:...`) of the admins' keys.
    pub admins: Vec<String>,
    /// Tests only (never set by the configuration): a session panics when sent
    /// `session::TEST_PANIC`, to test what a panic leaves behind. Only with the
    /// `test-hooks` feature, which the crate's own tests turn on (a release build has none).
    #[cfg(feature = "test-hooks")]
    pub test_hooks: bool,
    /// Input bytes a session reads a second (twice that in a burst); a client sending more
    /// is read more slowly (never dropped): its keys wait, its TCP window closes.
    pub input_bytes_per_second: usize,
    /// Window changes a session draws a second; in a storm of them the last size wins.
    pub resizes_per_second: usize,
    /// Exec commands one connection may have running at once (each on its own channel);
    /// more are refused with [`EXIT_BUSY`].
    pub max_exec_in_flight: usize,
    /// Exec commands running at once from one address (IPv6: one /64).
    pub max_exec_per_address: usize,
    /// Exec commands doing their work (store reads) at once, server-wide; more wait.
    pub exec_workers: usize,
    /// New connections one address (IPv6: one /64) may open a minute, half of them at
    /// once; more are refused before the handshake.
    pub connects_per_minute: usize,
    /// Exec commands one address (IPv6: one /64) may run a minute, half of them at once;
    /// more are refused with [`EXIT_BUSY`].
    pub commands_per_minute: usize,
    /// New accounts (a new key's nick registered) one address block may create an hour;
    /// past it a new key plays for the visit only, with nothing kept.
    pub registrations_per_hour: usize,
    /// Where `admin backup NAME` writes: every backup is a directory under it.
    pub backup_root: std::path::PathBuf,
    /// After a key or nick ban, guest logins from the address block the banned player
    /// last used are refused this long (zero: never).
    pub ban_guest_block: Duration,
}

impl SshConfig {
    /// Guests connected at once: `max_guest_connections` when set, else three quarters of
    /// `max_connections` (1500 of 2000), so a host who lowers the maximum still keeps a
    /// quarter of it for key holders.
    pub fn guest_cap(&self) -> usize {
        // 3n/4 rounded down, without overflow.
        let n = self.max_connections;
        self.max_guest_connections
            .unwrap_or(n / 4 * 3 + (n % 4) * 3 / 4)
    }
}

/// The exit status of an exec command refused for want of room (sysexits' EX_TEMPFAIL:
/// try again later).
pub const EXIT_BUSY: u32 = 75;

impl Default for SshConfig {
    fn default() -> Self {
        SshConfig {
            allow_guests: true,
            proxy_protocol: false,
            players_create_tournaments: false,
            max_connections: 2000,
            max_per_address: 50,
            auth_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(3600),
            channel_timeout: Duration::from_secs(20),
            max_guest_connections: None,
            motd: None,
            host_name: None,
            public_url: None,
            web_port: None,
            admins: Vec::new(),
            #[cfg(feature = "test-hooks")]
            test_hooks: false,
            input_bytes_per_second: 32 * 1024,
            resizes_per_second: 4,
            max_exec_in_flight: 4,
            max_exec_per_address: 16,
            exec_workers: 2,
            connects_per_minute: 30,
            commands_per_minute: 60,
            registrations_per_hour: crate::service::REGISTRATIONS_PER_HOUR,
            backup_root: crate::service::DEFAULT_BACKUP_ROOT.into(),
            ban_guest_block: Duration::from_secs(24 * 3600),
        }
    }
}

struct Shared {
    service: Service,
    store: Store,
    config: SshConfig,
    connections: AtomicUsize,
    /// Authenticated guest connections and the browser board's guests, against
    /// `max_guest_connections`.
    guests: crate::limit::GuestSeats,
    /// Connections per [`address_block`].
    per_address: std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, usize>>,
    /// Exec commands running per [`address_block`].
    exec_per_address: std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, usize>>,
    /// New connections per address, against their budget a minute.
    arrivals: std::sync::Mutex<crate::limit::AddressRate>,
    /// Exec commands per address, against `commands_per_minute`.
    command_rate: std::sync::Mutex<crate::limit::AddressRate>,
    /// Permits to do an exec command's work (`exec_workers`).
    exec_work: Arc<tokio::sync::Semaphore>,
}

/// A running SSH server.
pub struct SshServer {
    shared: Arc<Shared>,
    russh: Arc<russh::server::Config>,
}

impl SshServer {
    pub fn new(
        host_key: russh::keys::PrivateKey,
        lobby: LobbyHandle,
        store: Store,
        config: SshConfig,
    ) -> Self {
        let russh = russh::server::Config {
            keys: vec![host_key],
            methods: MethodSet::from(&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..]),
            auth_rejection_time: Duration::from_millis(300),
            auth_rejection_time_initial: Some(Duration::ZERO),
            inactivity_timeout: Some(Duration::from_secs(3 * 3600)),
            keepalive_interval: Some(Duration::from_secs(30)),
            keepalive_max: 4,
            nodelay: true,
            max_auth_attempts: 20,
            // What a client may send ahead of what the server has read: keys and typed
            // lines need little, and a client that pipes a flood and goes leaves at most
            // this much behind it to be read before its end is seen (russh's default is
            // 2 MiB: a minute of the input budget).
            window_size: CHANNEL_WINDOW,
            ..Default::default()
        };
        SshServer {
            shared: Arc::new(Shared {
                service: Service::new(store.clone(), lobby)
                    .with_registrations_per_hour(config.registrations_per_hour)
                    .with_backup_root(config.backup_root.clone()),
                store,
                connections: AtomicUsize::new(0),
                guests: crate::limit::GuestSeats::new(config.guest_cap()),
                per_address: std::sync::Mutex::new(Default::default()),
                exec_per_address: std::sync::Mutex::new(Default::default()),
                exec_work: Arc::new(tokio::sync::Semaphore::new(config.exec_workers.max(1))),
                arrivals: std::sync::Mutex::new(crate::limit::AddressRate::new(
                    config.connects_per_minute,
                )),
                command_rate: std::sync::Mutex::new(crate::limit::AddressRate::new(
                    config.commands_per_minute,
                )),
                config,
            }),
            russh: Arc::new(russh),
        }
    }

    /// A split server's edge: the service calls go to the core through `remote`.
    pub fn with_remote_service(
        mut self,
        remote: Arc<dyn crate::service::RemoteService>,
    ) -> SshServer {
        if let Some(shared) = Arc::get_mut(&mut self.shared) {
            shared.service = shared.service.clone().with_remote(remote);
        }
        self
    }

    /// Accepts connections until the listener fails. With `proxy_protocol` each
    /// connection's PROXY header is read first (in its own task, within the authentication
    /// timeout), and the client's address it names is the one budgets and bans count; a
    /// connection without one is closed.
    pub async fn serve(self, listener: TcpListener) -> Result<()> {
        info!(addr = %listener.local_addr()?, proxy_protocol = self.shared.config.proxy_protocol, "listening");
        let this = Arc::new(self);
        loop {
            let (mut stream, peer) = match listener.accept().await {
                Ok(x) => x,
                Err(e) => {
                    warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            if !this.shared.config.proxy_protocol {
                this.admit(stream, peer);
                continue;
            }
            let this = this.clone();
            let within = this.shared.config.auth_timeout;
            tokio::spawn(async move {
                match crate::proxy::read_header(&mut stream, within).await {
                    Ok(client) => this.admit(stream, client.unwrap_or(peer)),
                    Err(e) => {
                        debug!(balancer = %peer, error = %e, "connection refused: no PROXY protocol header");
                    }
                }
            });
        }
    }

    /// A new connection from `peer` (the client's address): refused over a budget or a
    /// ban, else served in a task of its own.
    fn admit(&self, stream: tokio::net::TcpStream, peer: std::net::SocketAddr) {
        {
            let arrival = self
                .shared
                .arrivals
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take(peer.ip(), std::time::Instant::now());
            if let crate::limit::Admit::No { first } = arrival {
                // Logged once per run of refusals: a flood must not flood the log too.
                if first {
                    warn!(peer = %peer.ip(), key = %address_block(peer.ip()), "connections refused: too many new ones from this address");
                }
                refuse(
                    stream,
                    b"SSH-2.0-stratego_ssh server busy: too many new connections from your address, try again in a minute\r\n",
                );
                return;
            }
            // On an edge the bans are the core's: checked at the door ([`Conn::refusal`]).
            let banned = match self.shared.service.is_remote() {
                true => Ok(None),
                false => self
                    .shared
                    .store
                    .bans()
                    .matching(None, None, Some(peer.ip())),
            };
            if let Ok(Some(ban)) = banned {
                // The address in its one form (an IPv4-mapped one as IPv4), and the ban's.
                info!(peer = %crate::limit::canonical(peer.ip()), ban = %ban.target, "connection refused: address banned");
                refuse(
                    stream,
                    b"SSH-2.0-stratego_ssh this address is banned from this server\r\n",
                );
                return;
            }
            let Some(guard) = ConnGuard::admit(&self.shared, peer) else {
                refuse(
                    stream,
                    b"SSH-2.0-stratego_ssh server busy: too many connections, try again later\r\n",
                );
                return;
            };
            let _ = stream.set_nodelay(true);
            let local = stream.local_addr().ok();
            // Every event of the connection (its handler, watchdog, session and commands)
            // carries this span; the session's lobby number is added once it has one.
            let span = tracing::info_span!(
                "conn",
                peer = %peer,
                session = tracing::field::Empty
            );
            let handler = Conn::new(self.shared.clone(), peer, local, span.clone());
            let config = self.russh.clone();
            let auth_timeout = self.shared.config.auth_timeout;
            let channel_timeout = self.shared.config.channel_timeout;
            let accepted = tokio::time::Instant::now();
            tokio::spawn(
                async move {
                    let _guard = guard;
                    let door = handler.door.subscribe();
                    let books = handler.books.clone();
                    // run_stream waits for the client's identification line (only bounded by
                    // the 3 h inactivity timeout): a socket that sends nothing must not hold
                    // its slot longer than the authentication timeout.
                    let started = tokio::time::timeout(
                        auth_timeout,
                        russh::server::run_stream(config, stream, handler),
                    );
                    let running = match started.await {
                        Ok(Ok(r)) => r,
                        Ok(Err(e)) => {
                            debug!(error = %e, "handshake failed");
                            return;
                        }
                        Err(_) => {
                            debug!("no SSH identification within the authentication timeout");
                            return;
                        }
                    };
                    let handle = running.handle();
                    let watchdog = tokio::spawn(
                        watch_door(
                            handle,
                            door,
                            books,
                            accepted + auth_timeout,
                            channel_timeout,
                        )
                        .in_current_span(),
                    );
                    if let Err(e) = running.await {
                        debug!(error = %e, "connection ended with an error");
                    }
                    watchdog.abort();
                }
                .instrument(span),
            );
        }
    }
}

/// Where a connection stands at the door.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Door {
    /// Not authenticated yet.
    Outside,
    /// Authenticated.
    In,
    /// A guest refused for want of a guest slot: it is told so and disconnected.
    TurnedAway,
}

/// What a guest refused for want of a guest slot is told (keyboard-interactive
/// instructions, then the disconnect reason).
const GUESTS_FULL: &str = "server full for guests: connect with an SSH key";

/// A connection's watchdog: disconnects it when it is not authenticated by `auth_deadline`,
/// when it is a guest turned away, and (unless `channel_timeout` is zero) when nothing has
/// run on its channels for `channel_timeout`.
async fn watch_door(
    handle: russh::server::Handle,
    mut door: tokio::sync::watch::Receiver<Door>,
    books: Arc<std::sync::Mutex<Books>>,
    auth_deadline: tokio::time::Instant,
    channel_timeout: Duration,
) {
    let bye = |reason: String| async {
        let _ = handle
            .disconnect(russh::Disconnect::ByApplication, reason, "en".into())
            .await;
    };
    let entered = tokio::time::timeout_at(auth_deadline, door.wait_for(|d| *d != Door::Outside))
        .await
        .map(|r| r.map(|d| *d));
    match entered {
        Err(_) => return bye("authentication timeout".into()).await,
        // The connection is gone (its handler dropped).
        Ok(Err(_)) => return,
        Ok(Ok(Door::TurnedAway)) => return bye(GUESTS_FULL.into()).await,
        Ok(Ok(_)) => {}
    }
    if channel_timeout.is_zero() {
        return;
    }
    loop {
        let due = {
            let b = books.lock().unwrap_or_else(|e| e.into_inner());
            (b.running == 0).then_some(b.idle_since + channel_timeout)
        };
        match due {
            // Something runs: look again a timeout later (a program that ends meanwhile
            // sets the idle time it is measured from).
            None => tokio::time::sleep(channel_timeout).await,
            Some(due) if tokio::time::Instant::now() < due => tokio::time::sleep_until(due).await,
            Some(_) => {
                info!(
                    timeout_secs = channel_timeout.as_secs_f64(),
                    "connection closed: nothing ran on its channels"
                );
                return bye(format!(
                    "closed: no shell or command ran on this connection for {}",
                    crate::config::fmt_duration(channel_timeout)
                ))
                .await;
            }
        }
    }
}

/// Refuses a connection before the handshake costs anything: one plain line, then close.
fn refuse(stream: tokio::net::TcpStream, line: &'static [u8]) {
    tokio::spawn(async move {
        use tokio::io::AsyncWriteExt;
        let mut stream = stream;
        let _ = stream.write_all(line).await;
    });
}

/// The number of open connections (accepted, not yet closed), readable from anywhere.
#[derive(Clone)]
pub struct ConnectionCount(Arc<Shared>);

impl ConnectionCount {
    pub fn get(&self) -> usize {
        self.0.connections.load(Ordering::Relaxed)
    }
}

impl SshServer {
    /// A reader of the open-connection count (for the periodic status line).
    pub fn connection_count(&self) -> ConnectionCount {
        ConnectionCount(self.shared.clone())
    }

    /// The guests' seats, shared with the browser board (one `max_guest_connections`).
    pub fn guest_seats(&self) -> crate::limit::GuestSeats {
        self.shared.guests.clone()
    }
}

/// Counts a connection against the limits while it lives.
struct ConnGuard {
    shared: Arc<Shared>,
    ip: std::net::IpAddr,
}

impl ConnGuard {
    fn admit(shared: &Arc<Shared>, peer: SocketAddr) -> Option<ConnGuard> {
        let ip = address_block(peer.ip());
        let mut per = shared.per_address.lock().unwrap_or_else(|e| e.into_inner());
        let n = per.get(&ip).copied().unwrap_or(0);
        if n >= shared.config.max_per_address
            || shared.connections.load(Ordering::Relaxed) >= shared.config.max_connections
        {
            warn!(peer = %peer.ip(), key = %ip, "connection refused: limit reached");
            return None;
        }
        per.insert(ip, n + 1);
        shared.connections.fetch_add(1, Ordering::Relaxed);
        Some(ConnGuard {
            shared: shared.clone(),
            ip,
        })
    }
}

impl Drop for ConnGuard {
    fn drop(&mut self) {
        self.shared.connections.fetch_sub(1, Ordering::Relaxed);
        let mut per = self
            .shared
            .per_address
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = per.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                per.remove(&self.ip);
            }
        }
    }
}

/// One running exec command, counted against its connection's and its address's limits
/// until dropped.
struct ExecTicket {
    shared: Arc<Shared>,
    conn: Arc<AtomicUsize>,
    key: std::net::IpAddr,
}

/// Why a command was not run: one of the exec budgets is spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ExecRefused {
    /// `max_exec_in_flight` run on this connection.
    Connection(usize),
    /// `max_exec_per_address` run from this address.
    Address(usize),
    /// `commands_per_minute` spent for this address.
    Minute(usize),
}

impl ExecRefused {
    /// The text a refused client gets, in `lang` (the command's `--lang`), one line.
    fn text(&self, lang: crate::i18n::Lang) -> String {
        let (id, n) = match *self {
            ExecRefused::Connection(n) => ("exec-busy-connection", n),
            ExecRefused::Address(n) => ("exec-busy-address", n),
            ExecRefused::Minute(n) => ("exec-busy-minute", n),
        };
        format!("{}\n", crate::t!(lang, id, count = n))
    }
}

/// English.
impl std::fmt::Display for ExecRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(crate::i18n::Lang::En))
    }
}

impl ExecTicket {
    /// A ticket, or which budget is spent.
    fn admit(
        shared: &Arc<Shared>,
        conn: &Arc<AtomicUsize>,
        peer: std::net::IpAddr,
    ) -> Result<ExecTicket, ExecRefused> {
        let key = address_block(peer);
        let cfg = &shared.config;
        let mut per = shared
            .exec_per_address
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if conn.load(Ordering::Relaxed) >= cfg.max_exec_in_flight {
            return Err(ExecRefused::Connection(cfg.max_exec_in_flight));
        }
        let n = per.get(&key).copied().unwrap_or(0);
        let cap = cfg.max_exec_per_address;
        if n >= cap {
            return Err(ExecRefused::Address(cap));
        }
        let rate = shared
            .command_rate
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take(peer, std::time::Instant::now());
        if let crate::limit::Admit::No { first } = rate {
            if first {
                warn!(key = %key, "commands refused: too many a minute from this address");
            }
            return Err(ExecRefused::Minute(cfg.commands_per_minute));
        }
        per.insert(key, n + 1);
        conn.fetch_add(1, Ordering::Relaxed);
        Ok(ExecTicket {
            shared: shared.clone(),
            conn: conn.clone(),
            key,
        })
    }
}

impl Drop for ExecTicket {
    fn drop(&mut self) {
        self.conn.fetch_sub(1, Ordering::Relaxed);
        let mut per = self
            .shared
            .exec_per_address
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = per.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                per.remove(&self.key);
            }
        }
    }
}

/// What the connection handler passes to its session task.
#[derive(Debug)]
pub(crate) enum SessionInput {
    Data(Vec<u8>),
    Resize(u16, u16),
    Closed,
}

/// A connection's session channels and what runs on them, shared by its handler, the
/// tasks of its programs and its watchdog. A channel leaves the books when its program ends
/// or when the client closes it, whichever comes first (the client's answer to our close
/// may never reach the handler).
struct Books {
    /// Session channels open (at most `max_exec_in_flight` + 1).
    open: std::collections::HashSet<ChannelId>,
    /// Channels that were given their one program (the shell or a command): a channel
    /// runs one, further shell or exec requests on it fail.
    started: std::collections::HashSet<ChannelId>,
    /// Programs running now.
    running: usize,
    /// Since when nothing runs: authentication, or the end of the last program.
    idle_since: tokio::time::Instant,
    /// Session channels accepted over the connection's life (see
    /// [`MAX_CHANNELS_PER_CONNECTION`]).
    accepted: usize,
}

impl Books {
    fn new() -> Books {
        Books {
            open: Default::default(),
            started: Default::default(),
            running: 0,
            idle_since: tokio::time::Instant::now(),
            accepted: 0,
        }
    }
}

/// The program (shell or command) a channel runs: dropping it (when the program ends,
/// however it ends) takes the channel off its connection's books.
struct Program {
    books: Arc<std::sync::Mutex<Books>>,
    channel: ChannelId,
}

impl Drop for Program {
    fn drop(&mut self) {
        let mut b = self.books.lock().unwrap_or_else(|e| e.into_inner());
        b.open.remove(&self.channel);
        b.started.remove(&self.channel);
        b.running = b.running.saturating_sub(1);
        if b.running == 0 {
            b.idle_since = tokio::time::Instant::now();
        }
    }
}

/// A command admitted to run, with what it runs as.
struct ExecJob {
    service: crate::service::Service,
    command: String,
    organiser: events::Organiser,
    /// `tournament create|edit|start|cancel`, `tournament join|withdraw`.
    organising: bool,
    /// `web-login`, `web-sessions`: the organiser's key and nick sign a browser in.
    web: bool,
    is_admin: bool,
    /// The key's fingerprint (empty for a guest).
    by: String,
    /// How players reach this server (for help texts).
    connect: String,
    /// The web pages' address for links (`None`: the web is off).
    links: Option<String>,
}

impl ExecJob {
    /// Runs it; the text and exit status to send.
    async fn run(self) -> commands::Output {
        let all: Vec<&str> = self.command.split_whitespace().collect();
        // `--lang de|nl` anywhere: the answer's language (the player commands read it in
        // `commands::run`).
        let (words, lang) = match commands::take_lang(&all) {
            Ok((w, lang)) => (w, lang.unwrap_or_default()),
            Err(refused) => return refused,
        };
        if let (true, Some(who)) = (self.web, &self.organiser.identity) {
            return weblogin::run(
                &self.service,
                &words,
                who,
                &self.organiser.nick,
                self.links.as_deref(),
                lang,
            )
            .await;
        }
        if let ["admin", rest @ ..] = words.as_slice() {
            if rest.first() == Some(&"tournament") {
                events::order(&self.service, rest, &self.organiser, true, lang).await
            } else {
                commands::admin(&self.service, &self.by, &words.join(" "), lang).await
            }
        } else if self.organising {
            events::order(&self.service, &words, &self.organiser, self.is_admin, lang).await
        } else {
            commands::run(
                &self.service,
                &self.command,
                &self.connect,
                self.links.as_deref(),
                self.organiser.identity.as_ref(),
            )
            .await
        }
    }
}

/// One SSH connection.
struct Conn {
    shared: Arc<Shared>,
    peer: SocketAddr,
    /// The connection's span (`conn`, with `peer` and, once in the lobby, `session`):
    /// russh runs the handler in a task of its own, so its events name it as their parent
    /// and the tasks it starts run in it.
    span: tracing::Span,
    /// The address the player connected to (for help texts).
    local: Option<SocketAddr>,
    /// Authenticated, or turned away (the watchdog acts on it).
    door: tokio::sync::watch::Sender<Door>,
    ident: Option<Ident>,
    /// `SHA256:...` of the proven key.
    fingerprint: Option<String>,
    /// A guest's secret (its identity is derived from it).
    guest_pass: Option<GuestPass>,
    /// The guest's login name carried a pass (or what looks like one, mistyped).
    pass_asked: bool,
    /// A guest's slot, held until the connection ends.
    /// A guest's place, counted against `max_guest_connections` (with the browser
    /// board's guests) while its connection lives.
    guest_slot: Option<crate::limit::GuestSeat>,
    term: String,
    colorterm: Option<String>,
    /// The client sent NO_COLOR (non-empty): no colour at all.
    no_color: bool,
    /// The client's `LC_ALL`, `LC_MESSAGES` and `LANG`, as sent (the language, see
    /// [`crate::i18n::Lang::from_env`]).
    locale: [Option<String>; 3],
    size: Option<(u16, u16)>,
    /// Session channels open and what runs on them.
    books: Arc<std::sync::Mutex<Books>>,
    /// The interactive session's channel: data and window changes count only on it.
    shell: Option<ChannelId>,
    input: Option<mpsc::Sender<SessionInput>>,
    /// Exec commands of this connection running now.
    exec_running: Arc<AtomicUsize>,
    /// Window-change messages read, [`RESIZE_MESSAGES_PER_RESIZE`] times the drawn budget
    /// a second: past it the connection is read more slowly (a storm of them cost the
    /// server more in decryption and handling than in the frames it drew).
    resize_messages: crate::limit::TokenBucket,
    /// Raised when the connection ends (this handler is dropped) or the session's channel
    /// closes: the session drops what the client typed and it has not handled yet.
    hangup: Hangup,
}

/// A flag raised when dropped (the connection's end), or by hand (the channel's close).
struct Hangup(Arc<std::sync::atomic::AtomicBool>);

impl Hangup {
    fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Drop for Hangup {
    fn drop(&mut self) {
        self.raise();
    }
}

/// A channel's receive window (see `SshServer::new`).
pub const CHANNEL_WINDOW: u32 = 64 * 1024;

/// Window-change messages read per window change drawn (see `resizes_per_second`).
const RESIZE_MESSAGES_PER_RESIZE: f64 = 5.0;

/// Session channels one connection may open over its life; past it more are refused (the
/// connection, with nothing left running, then goes after `channel_timeout`). russh 0.65
/// keeps a few KiB for every channel whose close we sent first until the connection ends
/// (the client's answering close is dropped before it reaches the map it would clear), so
/// a client running commands in a loop over one connection, never closing its channels,
/// grew the server by about 3 KiB a command (1.3 GB in a minute from 100 such clients).
pub const MAX_CHANNELS_PER_CONNECTION: usize = 256;

impl Conn {
    /// A command admitted, with what it runs as.
    fn exec_job(
        &self,
        command: String,
        organiser: events::Organiser,
        organising: bool,
        web: bool,
    ) -> ExecJob {
        ExecJob {
            service: self.shared.service.clone(),
            command,
            organiser,
            organising,
            web,
            is_admin: self.is_admin(),
            by: self.fingerprint.clone().unwrap_or_default(),
            connect: self.connect_line(),
            links: self.link_base(),
        }
    }

    /// The nick the connection's key holds (a store read, the core's on an edge), if any;
    /// none for a guest.
    async fn held_nick(&self) -> Option<String> {
        let i = self.ident.as_ref().filter(|i| !i.guest)?;
        self.shared.service.held_nick(&i.id).await
    }

    fn new(
        shared: Arc<Shared>,
        peer: SocketAddr,
        local: Option<SocketAddr>,
        span: tracing::Span,
    ) -> Conn {
        Conn {
            peer,
            span,
            local,
            door: tokio::sync::watch::channel(Door::Outside).0,
            ident: None,
            fingerprint: None,
            guest_pass: None,
            pass_asked: false,
            guest_slot: None,
            term: String::new(),
            colorterm: None,
            no_color: false,
            locale: Default::default(),
            size: None,
            books: Arc::new(std::sync::Mutex::new(Books::new())),
            shell: None,
            input: None,
            exec_running: Default::default(),
            hangup: Hangup(Default::default()),
            resize_messages: {
                let rate =
                    shared.config.resizes_per_second.max(1) as f64 * RESIZE_MESSAGES_PER_RESIZE;
                crate::limit::TokenBucket::new(2.0 * rate, rate, std::time::Instant::now())
            },
            shared,
        }
    }

    /// A guest comes in with a new secret pass, or with the one its login name carries
    /// (`guest-1234-TOKEN`, shown on the guest's screen to come back into its game), while
    /// a guest slot is free. Without one it is told so (the instructions of a
    /// keyboard-interactive round, `answered` false), then refused and disconnected.
    fn guest(&mut self, user: &str, answered: bool) -> Auth {
        if !self.shared.config.allow_guests {
            return Auth::reject();
        }
        let Some(slot) = self.shared.guests.take() else {
            if !answered {
                self.span.in_scope(|| {
                    info!(
                        max_guest_connections = self.shared.config.guest_cap(),
                        "guest refused: no guest slot free"
                    )
                });
                return Auth::Partial {
                    name: "".into(),
                    instructions: GUESTS_FULL.into(),
                    prompts: Vec::new().into(),
                };
            }
            self.door.send_replace(Door::TurnedAway);
            return Auth::reject();
        };
        self.pass_asked = GuestPass::looks_like_pass(user);
        let pass = GuestPass::from_login(user).unwrap_or_default();
        self.ident = Some(Ident {
            id: pass.id(),
            nick: String::new(),
            guest: true,
            addr: Some(self.peer.ip()),
        });
        self.guest_pass = Some(pass);
        self.guest_slot = Some(slot);
        self.enter();
        self.span.in_scope(|| info!("guest authenticated"));
        Auth::Accept
    }

    /// Authenticated: the channel timeout counts from now.
    fn enter(&mut self) {
        self.books
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .idle_since = tokio::time::Instant::now();
        self.door.send_replace(Door::In);
    }
}

impl Conn {
    /// Why this connection may not come in, if it may not ([`Service::gate`]: a ban of its
    /// nick, key or address; a guest from an address block closed after a player's ban),
    /// as the text to tell it. On an edge the core answers (its store holds the bans).
    async fn refusal(&self) -> Option<String> {
        // In the client's locale's language (the stored choice is the player's, not read
        // for a refused connection).
        let lang = {
            let [all, messages, lang] = &self.locale;
            crate::i18n::Lang::from_env(all.as_deref(), messages.as_deref(), lang.as_deref())
                .unwrap_or_default()
        };
        let ident = self.ident.as_ref().filter(|i| !i.guest);
        let ask = crate::service::GateAsk {
            key: ident.map(|i| (i.id.clone(), i.nick.clone())),
            fingerprint: self.fingerprint.clone(),
            addr: self.peer.ip(),
            guest_block_secs: self.shared.config.ban_guest_block.as_secs(),
        };
        let text = match self.shared.service.gate(ask).await? {
            crate::service::Refusal::Banned { target, reason } => {
                self.span.in_scope(|| info!(peer = %crate::limit::canonical(self.peer.ip()), ban = %target, "banned connection refused"));
                crate::proto::Notice::banned(&reason)
            }
            crate::service::Refusal::GuestsClosed { until } => {
                self.span.in_scope(|| info!(block = %address_block(self.peer.ip()), "guest refused: guest logins closed from this address after a player's ban"));
                crate::proto::Notice::new("notice-guests-closed")
                    .arg("until", crate::ui::utc_datetime(until))
            }
        };
        Some(format!("{}\r\n", text.text(lang)))
    }

    /// Tells a refused connection (see [`Conn::refusal`]) why and closes its channel
    /// (ending its program); the program back when not refused.
    async fn refuse_if_banned(
        &self,
        handle: &russh::server::Handle,
        channel: ChannelId,
        program: Program,
    ) -> Option<Program> {
        let Some(text) = self.refusal().await else {
            return Some(program);
        };
        say_and_close(handle.clone(), channel, text, 1, program);
        None
    }

    /// The host and port players reach this server at: the configured host name, else the
    /// address this connection came in on.
    fn address(&self) -> Option<crate::ui::Address> {
        let local = self.local?;
        let host = match &self.shared.config.host_name {
            Some(name) => crate::text::clean_line(name, 100),
            // The address in its one form: an IPv4 client of a `[::]` listener reads 1.2.3.4,
            // not ::ffff:1.2.3.4.
            None => crate::limit::canonical(local.ip()).to_string(),
        };
        Some(crate::ui::Address {
            host,
            port: local.port(),
        })
    }

    /// Where this player's links to the web pages point (`None`: the web is off).
    fn link_base(&self) -> Option<String> {
        let c = &self.shared.config;
        crate::config::link_base(
            c.public_url.as_deref(),
            c.host_name.as_deref(),
            self.local.map(|a| a.ip()),
            c.web_port,
        )
    }

    /// How to connect to this server with a terminal, for help texts: `ssh -t -p PORT HOST`.
    fn connect_line(&self) -> String {
        let (host, port) = match self.address() {
            Some(a) => (a.host, a.port),
            None => ("HOST".into(), 22),
        };
        if port == 22 {
            format!("ssh -t {host}")
        } else {
            format!("ssh -t -p {port} {host}")
        }
    }

    /// Starts a channel's one program; `None` when it is not an open session channel of
    /// ours or already ran one.
    fn start_program(&mut self, channel: ChannelId) -> Option<Program> {
        let mut b = self.books.lock().unwrap_or_else(|e| e.into_inner());
        if !b.open.contains(&channel) || !b.started.insert(channel) {
            return None;
        }
        b.running += 1;
        Some(Program {
            books: self.books.clone(),
            channel,
        })
    }

    /// `ssh host play`: the line mode on this channel, the connection's one interactive
    /// session (as a shell would be), with or without a PTY. `lang`: what `--lang` asked.
    fn play(
        &mut self,
        handle: russh::server::Handle,
        channel: ChannelId,
        lang: Option<crate::i18n::Lang>,
        program: Program,
    ) {
        if self.shell.is_some() {
            let text = "this connection runs a session already\n".to_string();
            say_and_close(handle, channel, text, 1, program);
            return;
        }
        self.start_session(handle, channel, program, true, lang);
    }

    /// Starts the connection's one interactive session on `channel`: the screens, or
    /// (`lines`) the line mode.
    fn start_session(
        &mut self,
        handle: russh::server::Handle,
        channel: ChannelId,
        program: Program,
        lines: bool,
        lang_asked: Option<crate::i18n::Lang>,
    ) {
        let Some(ident) = self.ident.clone() else {
            return;
        };
        let (tx, rx) = mpsc::channel(64);
        self.input = Some(tx);
        self.shell = Some(channel);
        let params = session::Params {
            handle,
            channel,
            service: self.shared.service.clone(),
            ident,
            term: self.term.clone(),
            colorterm: self.colorterm.clone(),
            no_color: self.no_color,
            lang: {
                let [all, messages, lang] = &self.locale;
                crate::i18n::Lang::from_env(all.as_deref(), messages.as_deref(), lang.as_deref())
            },
            lang_asked,
            size: self.size,
            lines,
            idle_timeout: self.shared.config.idle_timeout,
            motd: self.shared.config.motd.clone(),
            admin: self.is_admin().then(|| self.fingerprint.clone()).flatten(),
            server: self.address(),
            links: self.link_base(),
            guest_pass: self.guest_pass.clone(),
            pass_asked: self.pass_asked,
            #[cfg(feature = "test-hooks")]
            test_hooks: self.shared.config.test_hooks,
            input_bytes_per_second: self.shared.config.input_bytes_per_second,
            resizes_per_second: self.shared.config.resizes_per_second,
            hangup: self.hangup.0.clone(),
        };
        tokio::spawn(
            async move {
                // The session's channel leaves the books when the session ends, however it
                // ends.
                let _program = program;
                session::run(params, rx).await;
            }
            .instrument(self.span.clone()),
        );
    }

    fn is_admin(&self) -> bool {
        self.fingerprint
            .as_ref()
            .is_some_and(|f| self.shared.config.admins.iter().any(|a| a == f))
    }
}

/// Sends a plain message (through [`commands::reply`], as all exec output) and closes the
/// channel, ending its program.
fn say_and_close(
    handle: russh::server::Handle,
    channel: ChannelId,
    text: String,
    status: u32,
    program: Program,
) {
    tokio::spawn(async move {
        commands::reply(&handle, channel, (text, status), program).await;
    });
}

/// A login name carrying a guest pass is a guest coming back: a key offered for it is
/// refused (the client goes on to keyboard-interactive, where the pass is read), so no
/// account is made for the name and the guest gets back to its game.
fn guest_login_by_key(user: &str) -> Option<Auth> {
    GuestPass::from_login(user).map(|_| Auth::Reject {
        proceed_with_methods: Some(MethodSet::from(&[MethodKind::KeyboardInteractive][..])),
        partial_success: false,
    })
}

/// The drawing size for a reported window: 0 (unknown) means 80x24, and anything above
/// 500x200 is clamped.
fn clamp_size(cols: u32, rows: u32) -> (u16, u16) {
    let cols = if cols == 0 { 80 } else { cols };
    let rows = if rows == 0 { 24 } else { rows };
    (
        cols.min(u32::from(MAX_COLS)) as u16,
        rows.min(u32::from(MAX_ROWS)) as u16,
    )
}

impl russh::server::Handler for Conn {
    type Error = anyhow::Error;

    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        Ok(Auth::Reject {
            proceed_with_methods: Some(MethodSet::from(
                &[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..],
            )),
            partial_success: false,
        })
    }

    async fn auth_publickey_offered(
        &mut self,
        user: &str,
        _offer: russh::server::PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        let refused = guest_login_by_key(user);
        if refused.is_some() {
            self.span.in_scope(|| {
                debug!("key refused for a guest's comeback login: keyboard-interactive next")
            });
        }
        Ok(refused.unwrap_or(Auth::Accept))
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if let Some(refused) = guest_login_by_key(user) {
            return Ok(refused);
        }
        // Called only after the signature was verified: the identity is proven here.
        let fingerprint = key.public_key.fingerprint(HashAlg::Sha256).to_string();
        self.span
            .in_scope(|| info!(fingerprint = %fingerprint, "key authenticated"));
        // A key linked from the web to an account (one made with a passkey) plays as it.
        let own = PlayerId::Key(fingerprint.clone());
        let id = self
            .shared
            .service
            .key_account(own)
            .instrument(self.span.clone())
            .await;
        self.ident = Some(Ident {
            id,
            nick: user.to_string(),
            guest: false,
            addr: Some(self.peer.ip()),
        });
        self.fingerprint = Some(fingerprint);
        self.enter();
        Ok(Auth::Accept)
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        // No key offered (or none accepted): come in as a guest, no questions asked.
        Ok(self.guest(user, response.is_some()))
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // The shell's channel and one per command in flight: a client opening more is told
        // the resource is short (it costs us nothing more).
        let (open, spent) = {
            let mut b = self.books.lock().unwrap_or_else(|e| e.into_inner());
            let open = b.open.len();
            let spent = b.accepted >= MAX_CHANNELS_PER_CONNECTION;
            if open <= self.shared.config.max_exec_in_flight && !spent {
                b.open.insert(channel.id());
                b.accepted += 1;
            }
            (open, spent)
        };
        if spent {
            self.span
                .in_scope(|| debug!("session channel refused: the connection opened its most"));
            reply
                .reject(russh::ChannelOpenFailure::ResourceShortage)
                .await;
            return Ok(());
        }
        if open > self.shared.config.max_exec_in_flight {
            self.span
                .in_scope(|| debug!(open, "session channel refused: too many open"));
            reply
                .reject(russh::ChannelOpenFailure::ResourceShortage)
                .await;
            return Ok(());
        }
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.term = crate::text::clean_line(term, 40);
        self.size = Some(clamp_size(col_width, row_height));
        session.channel_success(channel)?;
        Ok(())
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        variable_name: &str,
        variable_value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if variable_name == "COLORTERM" {
            self.colorterm = Some(crate::text::clean_line(variable_value, 20));
        }
        // https://no-color.org: present and not empty.
        if variable_name == "NO_COLOR" && !variable_value.is_empty() {
            self.no_color = true;
        }
        let locale = match variable_name {
            "LC_ALL" => Some(0),
            "LC_MESSAGES" => Some(1),
            "LANG" => Some(2),
            _ => None,
        };
        if let Some(i) = locale {
            self.locale[i] = Some(crate::text::clean_line(variable_value, 40));
        }
        session.channel_success(channel)?;
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // One program per channel, one interactive session per connection.
        let program = match self.shell {
            Some(_) => None,
            None => self.start_program(channel),
        };
        let Some(program) = program else {
            session.channel_failure(channel)?;
            return Ok(());
        };
        session.channel_success(channel)?;
        let handle = session.handle();
        if self.ident.is_none() {
            return Ok(());
        }
        let Some(program) = self.refuse_if_banned(&handle, channel, program).await else {
            return Ok(());
        };
        if self.size.is_none() {
            // No PTY: say how to connect, then close.
            let lang = {
                let [all, messages, lang] = &self.locale;
                crate::i18n::Lang::from_env(all.as_deref(), messages.as_deref(), lang.as_deref())
                    .unwrap_or_default()
            };
            let text = session::no_pty_message(&self.connect_line(), lang);
            say_and_close(handle, channel, text, 1, program);
            return Ok(());
        }
        // A terminal that cannot draw the screens (TERM=dumb: Emacs' shell, some screen
        // reader set-ups) gets the line mode.
        let dumb = self.term.eq_ignore_ascii_case("dumb");
        self.start_session(handle, channel, program, dumb, None);
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // A channel runs one program: a second exec (or a thousand) on it fails at once,
        // costing nothing.
        let Some(program) = self.start_program(channel) else {
            session.channel_failure(channel)?;
            return Ok(());
        };
        session.channel_success(channel)?;
        let handle = session.handle();
        // Cleaned whole (a line of thousands of characters is cut there, and refused as any
        // line over the limit).
        let command = crate::text::clean_line(
            &String::from_utf8_lossy(data),
            commands::MAX_LINE_CHARS * 20,
        );
        let Some(program) = self.refuse_if_banned(&handle, channel, program).await else {
            return Ok(());
        };
        // Too long: refused whole, never cut (what was past the cut would become defaults).
        if let Some((text, status)) = commands::too_long(&command) {
            self.span.in_scope(|| {
                debug!(
                    chars = command.chars().count(),
                    "exec refused: line too long"
                )
            });
            say_and_close(handle, channel, text, status, program);
            return Ok(());
        }
        // `play` (with `--lang`): the line mode, an interactive session like the shell's.
        let all: Vec<&str> = command.split_whitespace().collect();
        if let Ok((["play"], lang)) = commands::take_lang(&all)
            .as_ref()
            .map(|(w, l)| (w.as_slice(), *l))
        {
            self.play(handle, channel, lang, program);
            return Ok(());
        }
        let ticket = match self
            .span
            .in_scope(|| ExecTicket::admit(&self.shared, &self.exec_running, self.peer.ip()))
        {
            Ok(t) => t,
            Err(why) => {
                let lang = commands::take_lang(&all)
                    .ok()
                    .and_then(|(_, lang)| lang)
                    .unwrap_or_default();
                let text = why.text(lang);
                self.span
                    .in_scope(|| debug!(command = %command, "exec refused: too many in flight"));
                say_and_close(handle, channel, text, EXIT_BUSY, program);
                return Ok(());
            }
        };
        self.span.in_scope(|| info!(command = %command, "exec"));
        let words: Vec<&str> = command.split_whitespace().collect();
        // Which command it is, whatever `--lang` says and wherever it stands (a bad one is
        // refused when the job runs).
        let (words, lang) = match commands::take_lang(&words) {
            Ok((w, lang)) => (w, lang.unwrap_or_default()),
            Err(_) => (words, crate::i18n::Lang::default()),
        };
        let admin = words.first() == Some(&"admin");
        // `tournament create|edit|start|cancel`: an admin's, or every key holder's where the
        // host allows it.
        let organising = matches!(
            words.as_slice(),
            ["tournament", "create" | "edit" | "start" | "cancel", ..]
        );
        if organising
            && !(self.is_admin()
                || (self.shared.config.players_create_tournaments && self.fingerprint.is_some()))
        {
            say_and_close(
                handle,
                channel,
                format!("{}\n", crate::i18n::tr(lang, "exec-tournaments-need-admin")),
                1,
                program,
            );
            return Ok(());
        }
        // The organiser is named by the nick the key holds. A key that holds none yet: an
        // admin is "(admin)" (no nick can be written so: no player can pass for one); a
        // player must claim a nick first, since their tournaments are theirs by that name.
        // Looked up (a store read) only for a command that organises or enters.
        // `tournament join|withdraw N`: a key holder enters under the nick the key holds.
        let entering = matches!(words.as_slice(), ["tournament", "join" | "withdraw", _]);
        // `web-login`, `web-sessions ...`: a key holder signs browsers in under it.
        let web = matches!(words.first(), Some(&"web-login" | &"web-sessions"));
        if web && self.ident.as_ref().is_none_or(|i| i.guest) {
            say_and_close(
                handle,
                channel,
                format!("{}\n", crate::i18n::tr(lang, "exec-web-needs-key")),
                1,
                program,
            );
            return Ok(());
        }
        let organises = organising || words.get(..2) == Some(&["admin", "tournament"][..]);
        let held = if organises || entering || web {
            self.held_nick().await
        } else {
            None
        };
        let nick = match held {
            Some(nick) => nick,
            None if organises && self.is_admin() => "(admin)".to_string(),
            // A key with no nick gets a link that adds it to the account of the browser
            // that opens it (one made with a passkey, say): `weblogin::run`.
            None if web && words.as_slice() == ["web-login"] => String::new(),
            None if organising || entering || web => {
                let id = if web {
                    "exec-web-needs-nick"
                } else {
                    "exec-key-has-no-nick"
                };
                say_and_close(
                    handle,
                    channel,
                    format!("{}\n", crate::t!(lang, id, connect = self.connect_line())),
                    1,
                    program,
                );
                return Ok(());
            }
            None => String::new(),
        };
        // A player's tournaments are theirs by key: the nick may later pass to another.
        let organiser = events::Organiser {
            nick,
            identity: self
                .ident
                .as_ref()
                .filter(|i| !i.guest)
                .map(|i| i.id.clone()),
        };
        if admin && !self.is_admin() {
            say_and_close(
                handle,
                channel,
                format!("{}\n", crate::i18n::tr(lang, "exec-admin-needs-key")),
                1,
                program,
            );
            return Ok(());
        }
        let job = self.exec_job(command, organiser, organising || entering, web);
        let work = self.shared.exec_work.clone();
        tokio::spawn(
            async move {
                let _ticket = ticket;
                // The work (store scans) waits for one of the server's exec workers; the
                // output is sent after the worker is free again.
                let output = {
                    let _worker = work.acquire_owned().await;
                    job.run().await
                };
                commands::reply(&handle, channel, output, program).await;
            }
            .instrument(self.span.clone()),
        );
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // Over the message budget this handler waits, and the connection is not read
        // meanwhile: the client's window closes behind it. Nothing is dropped.
        let wait = self
            .resize_messages
            .take_or_wait(1.0, std::time::Instant::now());
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        let (c, r) = clamp_size(col_width, row_height);
        self.size = Some((c, r));
        if let Some(tx) = self.input.as_ref().filter(|_| self.shell == Some(channel)) {
            // The session draws at most `resizes_per_second` of these, the last size last.
            let _ = tx.send(SessionInput::Resize(c, r)).await;
        }
        session.channel_success(channel)?;
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(tx) = self.input.as_ref().filter(|_| self.shell == Some(channel)) {
            // Waits when the session is behind (or reads slowly, over its input budget):
            // back-pressure reaches the client's TCP window; no byte is dropped.
            let _ = tx.send(SessionInput::Data(data.to_vec())).await;
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.shell != Some(channel) {
            return Ok(());
        }
        if let Some(tx) = self.input.take() {
            let _ = tx.send(SessionInput::Closed).await;
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // Idempotent: the channel may have left the books already (its program ended).
        {
            let mut b = self.books.lock().unwrap_or_else(|e| e.into_inner());
            b.open.remove(&channel);
            b.started.remove(&channel);
        }
        if self.shell != Some(channel) {
            return Ok(());
        }
        // The client can read nothing more: what it typed and is queued goes unhandled.
        self.hangup.raise();
        if let Some(tx) = self.input.take() {
            let _ = tx.send(SessionInput::Closed).await;
        }
        Ok(())
    }
}
