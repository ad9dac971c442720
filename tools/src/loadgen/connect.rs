//! Connecting and logging in (from a session's own loopback source address, with its own
//! key or as a guest), opening a shell, and the exec commands that create and start the
//! arena.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU16;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use russh::client;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg};
use russh::ChannelMsg;
use stratego_ssh::rules::SplitMix64;

use super::*;

pub(crate) struct AcceptAny;

impl client::Handler for AcceptAny {
    type Error = russh::Error;
    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// Runs `command` over an exec channel logged in with session `index`'s key (from its
/// source address); its output and exit status.
pub(crate) async fn exec_as(
    cfg: &LoadConfig,
    config: Arc<client::Config>,
    index: usize,
    command: &str,
) -> Result<(String, Option<u32>)> {
    let nick = format!("load-{index}");
    let handle = login(
        cfg.addr,
        source_addr(index, cfg.addr),
        config,
        Some((&nick, session_key(index))),
    )
    .await?;
    let mut channel = handle.channel_open_session().await?;
    channel.exec(true, command).await?;
    let mut out = Vec::new();
    let mut status = None;
    let read = async {
        while let Some(msg) = channel.wait().await {
            match msg {
                ChannelMsg::Data { data } => out.extend_from_slice(&data),
                ChannelMsg::ExitStatus { exit_status } => status = Some(exit_status),
                ChannelMsg::Eof | ChannelMsg::Close => break,
                _ => {}
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(20), read)
        .await
        .with_context(|| format!("no answer to `{command}` in 20 s"))?;
    let _ = handle
        .disconnect(russh::Disconnect::ByApplication, "done", "en")
        .await;
    Ok((String::from_utf8_lossy(&out).trim().to_string(), status))
}

/// The first interactive login of session `index` (as a person's first visit): the server
/// gives the key its nickname then. Returns once a first screen is shown (the welcome card's
/// name kept with Enter).
pub(crate) async fn first_login(
    cfg: &LoadConfig,
    config: Arc<client::Config>,
    index: usize,
) -> Result<()> {
    let nick = format!("load-{index}");
    let handle = login(
        cfg.addr,
        source_addr(index, cfg.addr),
        config,
        Some((&nick, session_key(index))),
    )
    .await?;
    let mut channel = open_shell(&handle, cfg.cols, cfg.rows).await?;
    let mut parser = vt100::Parser::new(
        NonZeroU16::new(cfg.rows).unwrap_or(NonZeroU16::MIN),
        NonZeroU16::new(cfg.cols).unwrap_or(NonZeroU16::MIN),
        0,
    );
    let shown = async {
        let mut welcomed = false;
        while let Some(msg) = channel.wait().await {
            match msg {
                ChannelMsg::Data { data } => {
                    parser.process(&data);
                    let text = parser.screen().contents();
                    if text.contains("Welcome to stratego-ssh") {
                        if !welcomed {
                            welcomed = true;
                            channel.data(&b"\r"[..]).await?;
                        }
                    } else if text.contains("Open seeks") || text.contains("Games in play") {
                        return Ok(());
                    }
                }
                ChannelMsg::Eof | ChannelMsg::Close => break,
                _ => {}
            }
        }
        bail!("the server closed {nick}'s first session before the lobby showed")
    };
    tokio::time::timeout(Duration::from_secs(20), shown)
        .await
        .with_context(|| format!("{nick}'s first session showed no lobby in 20 s"))??;
    let _ = handle
        .disconnect(russh::Disconnect::ByApplication, "done", "en")
        .await;
    Ok(())
}

/// Creates the run's arena with session 0's key; its number.
pub(crate) async fn create_arena(cfg: &LoadConfig, config: Arc<client::Config>) -> Result<u64> {
    // Registered first: the server names an unregistered key's tournaments `admin`, and
    // `load-0` could then not start its own.
    first_login(cfg, config.clone(), 0)
        .await
        .context("load-0's first login (before creating the arena)")?;
    let minutes = cfg.duration.as_secs().div_ceil(60) + 1;
    let command = format!(
        "tournament create {ARENA_NAME} --arena {minutes} --casual --clock none --start +1h"
    );
    let (out, status) = exec_as(cfg, config, 0, &command)
        .await
        .context("cannot create the arena")?;
    if out.contains("needs an admin key") {
        bail!(
            "the server refused to create the arena ({out:?}): start the server with --players-create-tournaments true (or players_create_tournaments = true in its config file)"
        );
    }
    match (status, created_id(&out)) {
        (Some(0) | None, Some(id)) => Ok(id),
        _ => bail!(
            "the server did not create the arena: `{command}` answered {out:?} (exit status {status:?})"
        ),
    }
}

/// The number in `tournament #N "NAME" created`.
pub(crate) fn created_id(answer: &str) -> Option<u64> {
    let at = answer.find("tournament #")? + "tournament #".len();
    let digits: String = answer[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    if !answer.contains("created") {
        return None;
    }
    digits.parse().ok()
}

/// Starts the arena with session 0's key; the server's answer.
pub(crate) async fn start_arena(
    cfg: &LoadConfig,
    config: Arc<client::Config>,
    id: u64,
) -> Result<String> {
    let command = format!("tournament start {id}");
    let (out, status) = exec_as(cfg, config, 0, &command)
        .await
        .context("cannot start the arena")?;
    if status != Some(0) || !out.contains("running") {
        bail!("the server did not start arena #{id}: `{command}` answered {out:?} (exit status {status:?})");
    }
    Ok(out)
}
/// The source address of session `i`: 127.1.x.y for IPv4 loopback servers.
pub(crate) fn source_addr(i: usize, server: SocketAddr) -> Option<SocketAddr> {
    source_block(i / PER_SOURCE_ADDRESS, server)
}

/// The loopback source address number `block` (IPv4 only).
pub(crate) fn source_block(block: usize, server: SocketAddr) -> Option<SocketAddr> {
    match server.ip() {
        IpAddr::V4(_) => {
            let ip = Ipv4Addr::new(127, 1, (block / 250) as u8, (block % 250 + 1) as u8);
            Some(SocketAddr::new(IpAddr::V4(ip), 0))
        }
        IpAddr::V6(_) => None,
    }
}

/// Session `i`'s own ed25519 key. Derived from `i`, so that `load-i` is the same identity
/// from one run to the next: the server gives a nickname to the first key that uses it.
pub(crate) fn session_key(i: usize) -> PrivateKey {
    let mut seed = [0u8; 32];
    let mut rng = SplitMix64(0x10AD_6E17_0000_0000 ^ i as u64);
    for chunk in seed.chunks_mut(8) {
        chunk.copy_from_slice(&rng.next().to_le_bytes());
    }
    PrivateKey::from(russh::keys::ssh_key::private::Ed25519Keypair::from_seed(
        &seed,
    ))
}

pub(crate) async fn connect(
    s: &SessionCfg,
    config: Arc<client::Config>,
) -> Result<(client::Handle<AcceptAny>, russh::Channel<client::Msg>)> {
    let handle = login(
        s.addr,
        source_addr(s.index, s.addr),
        config,
        Some((&s.nick, session_key(s.key))),
    )
    .await?;
    let channel = open_shell(&handle, s.cols, s.rows).await?;
    Ok((handle, channel))
}

/// Connects from `source` (if any) and logs in with the key, or as a guest without one.
pub(crate) async fn login(
    addr: SocketAddr,
    source: Option<SocketAddr>,
    config: Arc<client::Config>,
    key: Option<(&str, PrivateKey)>,
) -> Result<client::Handle<AcceptAny>> {
    let socket = match addr {
        SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    if let Some(src) = source {
        socket
            .bind(src)
            .with_context(|| format!("cannot bind the source address {src}"))?;
    }
    let stream = tokio::time::timeout(Duration::from_secs(20), socket.connect(addr))
        .await
        .context("TCP connect timed out")??;
    let _ = stream.set_nodelay(true);
    let mut handle = tokio::time::timeout(
        Duration::from_secs(30),
        client::connect_stream(config, stream, AcceptAny),
    )
    .await
    .context("SSH handshake timed out")??;
    match key {
        Some((nick, key)) => {
            let auth = handle
                .authenticate_publickey(nick, PrivateKeyWithHashAlg::new(Arc::new(key), None))
                .await?;
            if !auth.success() {
                bail!("key authentication refused");
            }
        }
        None => {
            let auth = handle
                .authenticate_keyboard_interactive_start("guest", None)
                .await?;
            if !matches!(auth, client::KeyboardInteractiveAuthResponse::Success) {
                bail!("guest login refused");
            }
        }
    }
    Ok(handle)
}

/// A session channel with a PTY and a shell.
pub(crate) async fn open_shell(
    handle: &client::Handle<AcceptAny>,
    cols: u16,
    rows: u16,
) -> Result<russh::Channel<client::Msg>> {
    let channel = handle.channel_open_session().await?;
    channel
        .request_pty(
            true,
            "xterm-256color",
            u32::from(cols),
            u32::from(rows),
            0,
            0,
            &[],
        )
        .await?;
    channel.request_shell(true).await?;
    Ok(channel)
}
