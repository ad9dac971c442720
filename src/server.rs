//! The composition root shared by the binary and the end-to-end tests: lobby, SSH front end,
//! web front end, listeners.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::{Context, Result};
use tokio::net::TcpListener;

use crate::config::LogFormat;
pub use crate::game::GameConfig;
pub use crate::lobby::LobbyConfig;
use crate::lobby::{self, LobbyHandle};
use crate::ssh::{load_or_create_host_key, SshServer};
pub use crate::ssh::{ConnectionCount, SshConfig};
use crate::store::Store;
pub use crate::web::WebConfig;

/// Everything the server runs with: the resolved settings (see [`crate::config`], which
/// fills it from the file, the environment and the flags), in one struct, of which the SSH
/// front end and the lobby each read their part.
#[derive(Clone, Debug)]
pub struct ServerOptions {
    pub listen: String,
    /// The web pages' address (`src/web`), or "off".
    pub http_listen: String,
    /// The web pages' request budget.
    pub web: WebConfig,
    pub data_dir: PathBuf,
    pub keys_dir: PathBuf,
    pub ssh: SshConfig,
    pub lobby: LobbyConfig,
    /// The SSH and web listeners take a PROXY protocol header (v2 or v1) before each
    /// connection's bytes, from a TCP balancer, and count the client's address it names;
    /// connections without one are closed.
    pub proxy_protocol: bool,
    /// How log lines are written (read by the binary before it starts the server).
    pub log_format: LogFormat,
    /// The bus between a core and its edges (`nats_url`, `role`): none by default.
    pub bus: crate::bus::BusConfig,
}

impl Default for ServerOptions {
    fn default() -> Self {
        ServerOptions {
            listen: "0.0.0.0:2222".into(),
            http_listen: "0.0.0.0:8080".into(),
            web: WebConfig::default(),
            data_dir: PathBuf::from("data"),
            keys_dir: PathBuf::from("keys"),
            ssh: SshConfig::default(),
            lobby: LobbyConfig::default(),
            proxy_protocol: false,
            log_format: LogFormat::Text,
            bus: crate::bus::BusConfig::default(),
        }
    }
}

/// A server that is accepting connections.
pub struct Running {
    pub addr: SocketAddr,
    /// Where the web pages are served (`None`: `http_listen` is "off").
    pub http_addr: Option<SocketAddr>,
    pub lobby: LobbyHandle,
    pub store: Store,
    connections: ConnectionCount,
    task: tokio::task::JoinHandle<Result<()>>,
    web: Option<tokio::task::JoinHandle<Result<()>>>,
}

/// What the server is doing now (for the periodic status line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Open SSH connections, authenticated or not.
    pub connections: usize,
    /// People in the lobby or in a game (bots not counted).
    pub sessions: usize,
    /// Games in play.
    pub games: usize,
}

impl Running {
    /// Waits until the accept loop ends (it only ends on an error).
    pub async fn wait(self) -> Result<()> {
        self.task.await?
    }

    /// Like [`Running::wait`], without giving up the server (so it can still be stopped).
    /// Also ends, with an error, when the lobby or a game task panicked (see
    /// [`crate::supervise`]): the binary then exits non-zero.
    pub async fn serving(&mut self) -> Result<()> {
        let lobby = self.lobby.clone();
        let web = async {
            match self.web.as_mut() {
                Some(w) => w.await?,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            r = &mut self.task => r?,
            r = web => r.context("the web server stopped"),
            what = lobby.failed() => Err(anyhow::anyhow!("{what}; stopping so that the service manager starts the server again")),
        }
    }

    /// A reader of the open-connection count.
    pub fn connection_count(&self) -> ConnectionCount {
        self.connections.clone()
    }

    pub fn stats(&self) -> Stats {
        stats(&self.lobby, &self.connections)
    }

    /// Stops accepting, ends every game task and flushes the store.
    pub async fn stop(self) {
        self.task.abort();
        if let Some(w) = &self.web {
            w.abort();
        }
        self.lobby.shutdown().await;
        let _ = self.store.flush().await;
    }
}

/// Binds the listener and starts serving.
pub async fn start(opts: ServerOptions) -> Result<Running> {
    open_files(&opts);
    crate::procinfo::start_memory_trim();
    let key = load_or_create_host_key(&opts.keys_dir)?;
    // What players see on their first connection: a host publishes it so they can check.
    let fingerprint = key.public_key().fingerprint(russh::keys::HashAlg::Sha256);
    tracing::info!(%fingerprint, "host key (players see this fingerprint on first connection)");
    std::fs::create_dir_all(&opts.data_dir).with_context(|| {
        format!(
            "cannot create the data directory {}",
            opts.data_dir.display()
        )
    })?;
    let store = Store::open(&opts.data_dir)?;
    // An edge (`role = "edge"`): its sessions' lobby and games, and the service calls, are
    // the core's, over the bus (docs/scaling.md). Its own store (in its data_dir) holds
    // nothing of the game (the web's guests' tokens only).
    let edge = match (&opts.bus.nats_url, opts.bus.role) {
        (Some(_), crate::bus::Role::Edge) => {
            let bus = crate::bus::connect(&opts.bus).await?;
            Some(crate::bus::edge::start(bus, opts.bus.edge_name.as_deref()).await?)
        }
        _ => None,
    };
    let listener = TcpListener::bind(&opts.listen)
        .await
        .with_context(|| format!("cannot listen on {}", opts.listen))?;
    let addr = listener.local_addr()?;
    let http = if opts.http_listen.eq_ignore_ascii_case("off") {
        None
    } else {
        Some(
            TcpListener::bind(&opts.http_listen)
                .await
                .with_context(|| {
                    format!("cannot listen for the web pages on {}", opts.http_listen)
                })?,
        )
    };
    // On an edge the service calls (accounts, bans, stored games) are the core's too.
    let (lobby, remote) = match edge {
        Some(edge) => {
            tracing::info!(edge = %edge.name, "edge: the lobby, the games and the store are the core's");
            (edge.lobby, Some(edge.service))
        }
        None => (lobby::spawn(opts.lobby.clone(), store.clone()), None),
    };
    // The screens' links point at the web pages' port as bound (`http_listen` may say 0).
    let mut ssh = opts.ssh.clone();
    ssh.proxy_protocol = opts.proxy_protocol;
    ssh.web_port = match &http {
        Some(l) => Some(l.local_addr()?.port()),
        None => None,
    };
    let mut server = SshServer::new(key, lobby.clone(), store.clone(), ssh);
    if let Some(r) = &remote {
        server = server.with_remote_service(r.clone());
    }
    let connections = server.connection_count();
    let guests = server.guest_seats();
    let (http_addr, web) = match http {
        Some(l) => {
            let http_addr = l.local_addr()?;
            tracing::info!(%http_addr, "web pages listening");
            let site = crate::web::Site {
                name: opts.ssh.host_name.clone(),
                motd: opts.ssh.motd.clone(),
                ssh_port: addr.port(),
                fingerprints: vec![fingerprint.to_string()],
                public_url: opts.ssh.public_url.clone(),
                allow_guests: opts.ssh.allow_guests,
                ban_guest_block: opts.ssh.ban_guest_block,
                idle_timeout: opts.ssh.idle_timeout,
                guests,
            };
            let mut service = crate::service::Service::new(store.clone(), lobby.clone());
            if let Some(r) = &remote {
                service = service.with_remote(r.clone());
            }
            (
                Some(http_addr),
                Some(tokio::spawn(crate::web::serve(
                    l,
                    service,
                    site,
                    WebConfig {
                        proxy_protocol: opts.proxy_protocol,
                        ..opts.web.clone()
                    },
                ))),
            )
        }
        None => (None, None),
    };
    let task = tokio::spawn(server.serve(listener));
    Ok(Running {
        addr,
        http_addr,
        web,
        lobby,
        store,
        connections,
        task,
    })
}

/// A core of a split server (`role = "core"`): the lobby, the games, the computer players
/// and the store, serving the edges over the bus; no listener of its own.
pub struct Core {
    pub lobby: LobbyHandle,
    pub store: Store,
    bus: tokio::task::JoinHandle<Result<()>>,
}

impl Core {
    /// Waits until the bus task ends (it does not while the NATS client lives) or the lobby
    /// or a game task panicked.
    pub async fn serving(&mut self) -> Result<()> {
        let lobby = self.lobby.clone();
        tokio::select! {
            r = &mut self.bus => r?,
            what = lobby.failed() => Err(anyhow::anyhow!("{what}; stopping so that the service manager starts the server again")),
        }
    }

    /// Stops serving the edges, ends every game task and flushes the store.
    pub async fn stop(self) {
        self.bus.abort();
        self.lobby.shutdown().await;
        let _ = self.store.flush().await;
    }
}

/// Starts a core: opens the store, starts the lobby (with the games the store kept) and
/// answers the edges on the NATS server at `nats_url`.
pub async fn start_core(opts: ServerOptions) -> Result<Core> {
    if opts.bus.nats_url.is_none() {
        anyhow::bail!("a core needs nats_url (--nats-url)");
    }
    crate::procinfo::start_memory_trim();
    std::fs::create_dir_all(&opts.data_dir).with_context(|| {
        format!(
            "cannot create the data directory {}",
            opts.data_dir.display()
        )
    })?;
    let store = Store::open(&opts.data_dir)?;
    let lobby = lobby::spawn(opts.lobby.clone(), store.clone());
    let client = crate::bus::connect(&opts.bus).await?;
    // The service the edges' calls are answered by: the core's store, as one process's.
    let service = crate::service::Service::new(store.clone(), lobby.clone())
        .with_registrations_per_hour(opts.ssh.registrations_per_hour)
        .with_backup_root(opts.ssh.backup_root.clone());
    let bus = tokio::spawn(crate::bus::core::serve(client, lobby.clone(), service));
    Ok(Core { lobby, store, bus })
}

/// Raises the open-file soft limit to the hard one, and warns when even that cannot hold
/// the connections the settings allow (SSH's and the web's) beside the store's files.
fn open_files(opts: &ServerOptions) {
    let Some((soft, hard)) = crate::limit::raise_open_files() else {
        return;
    };
    let web = if opts.http_listen.eq_ignore_ascii_case("off") {
        0
    } else {
        opts.web.max_connections
    };
    let needed = (opts.ssh.max_connections + web + 256) as u64;
    if soft < needed {
        tracing::warn!(
            soft,
            hard,
            needed,
            "the open-file limit is below what max_connections allows: raise LimitNOFILE (or ulimit -n)"
        );
    } else {
        tracing::debug!(soft, hard, "open-file limit");
    }
}

/// The server's current counts, from the lobby's snapshot and the connection counter.
pub fn stats(lobby: &LobbyHandle, connections: &ConnectionCount) -> Stats {
    let snap = lobby.snapshot();
    Stats {
        connections: connections.get(),
        sessions: snap.players.iter().filter(|p| !p.bot).count(),
        games: snap.games.len(),
    }
}
