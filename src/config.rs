//! Server configuration: a TOML file (`--config PATH`), environment variables
//! (`STRATEGO_*`) and command-line flags, in this order of precedence:
//! flag > environment > file > default.
//!
//! Every key of the file has a flag and a variable of the same name (`max_per_address`,
//! `--max-per-address`, `STRATEGO_MAX_PER_ADDRESS`). `deploy/stratego-ssh.toml` lists every
//! key with its default. Unknown keys are an error, and so are values of the wrong kind; both
//! name the key.

use crate::ucc::external::{AgentCommand, AgentSpec};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::server::ServerOptions;

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    #[default]
    Text,
    /// One JSON object per line (for log collectors).
    Json,
}

impl LogFormat {
    fn parse(s: &str) -> Option<LogFormat> {
        match s.trim().to_ascii_lowercase().as_str() {
            "text" => Some(LogFormat::Text),
            "json" => Some(LogFormat::Json),
            _ => None,
        }
    }
}

/// Everything `serve` needs, fully resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerConfig {
    pub listen: String,
    pub data_dir: PathBuf,
    pub keys_dir: PathBuf,
    pub allow_guests: bool,
    /// Every key holder may create tournaments (not only admins).
    pub players_create_tournaments: bool,
    /// Admins may enter computer players in tournaments (for testing).
    pub tournament_bots: bool,
    /// Upcoming and running tournaments one player may have created at once.
    pub max_tournaments_per_organiser: usize,
    /// Entrants one tournament takes.
    pub max_entrants: usize,
    /// Zero: a seek is matched however young.
    pub seek_match_delay: Duration,
    pub max_connections: usize,
    pub max_per_address: usize,
    pub auth_timeout: Duration,
    pub idle_timeout: Duration,
    /// Zero: off.
    pub channel_timeout: Duration,
    pub max_guest_connections: usize,
    pub input_bytes_per_second: usize,
    pub resizes_per_second: usize,
    pub max_exec_in_flight: usize,
    pub max_exec_per_address: usize,
    pub connects_per_minute: usize,
    pub commands_per_minute: usize,
    /// Zero: off.
    pub ban_guest_block: Duration,
    pub exec_workers: usize,
    pub reconnect_grace: Duration,
    /// Zero: off.
    pub bots_accept_seeks: Duration,
    pub max_games_per_player: usize,
    /// Zero: off.
    pub setup_deadline: Duration,
    /// Empty: no message of the day.
    pub motd: String,
    /// Empty: the address each player connected to.
    pub host_name: String,
    pub admins: Vec<String>,
    pub log_format: LogFormat,
    /// Other people's programs offered as opponents (`[[agents]]` in the file only).
    pub agents: Vec<AgentSpec>,
    /// New accounts per address block an hour.
    pub registrations_per_hour: usize,
    /// Where `admin backup NAME` writes.
    pub backup_root: PathBuf,
    /// Empty: agents' programs run as the server's own user.
    pub agents_user: String,
    /// Empty: agents' programs run under no sandbox command.
    pub agents_sandbox: String,
}

impl Default for ServerConfig {
    fn default() -> Self {
        let opts = ServerOptions::default();
        ServerConfig {
            listen: opts.listen,
            data_dir: opts.data_dir,
            keys_dir: opts.keys_dir,
            allow_guests: opts.ssh.allow_guests,
            players_create_tournaments: opts.ssh.players_create_tournaments,
            tournament_bots: opts.lobby.tournament_bots,
            max_tournaments_per_organiser: opts.lobby.max_tournaments_per_organiser,
            max_entrants: opts.lobby.max_entrants,
            seek_match_delay: opts.lobby.seek_match_delay,
            max_connections: opts.ssh.max_connections,
            max_per_address: opts.ssh.max_per_address,
            auth_timeout: opts.ssh.auth_timeout,
            idle_timeout: opts.ssh.idle_timeout,
            channel_timeout: opts.ssh.channel_timeout,
            max_guest_connections: opts.ssh.max_guest_connections,
            input_bytes_per_second: opts.ssh.input_bytes_per_second,
            resizes_per_second: opts.ssh.resizes_per_second,
            max_exec_in_flight: opts.ssh.max_exec_in_flight,
            max_exec_per_address: opts.ssh.max_exec_per_address,
            connects_per_minute: opts.ssh.connects_per_minute,
            commands_per_minute: opts.ssh.commands_per_minute,
            ban_guest_block: opts.ssh.ban_guest_block,
            exec_workers: opts.ssh.exec_workers,
            reconnect_grace: opts.lobby.game.reconnect_grace,
            bots_accept_seeks: opts.lobby.bots_accept_seeks.unwrap_or(Duration::ZERO),
            max_games_per_player: opts.lobby.max_games_per_player,
            setup_deadline: opts.lobby.game.setup_deadline.unwrap_or(Duration::ZERO),
            motd: opts.ssh.motd.unwrap_or_default(),
            host_name: opts.ssh.host_name.unwrap_or_default(),
            admins: opts.ssh.admins,
            log_format: LogFormat::Text,
            agents: opts.lobby.agents,
            registrations_per_hour: opts.ssh.registrations_per_hour,
            backup_root: opts.ssh.backup_root,
            agents_user: opts.lobby.agent_box.user.unwrap_or_default(),
            agents_sandbox: opts.lobby.agent_box.sandbox.join(" "),
        }
    }
}

impl ServerConfig {
    /// The server's options with these settings applied.
    pub fn server_options(&self) -> ServerOptions {
        let mut o = ServerOptions {
            listen: self.listen.clone(),
            data_dir: self.data_dir.clone(),
            keys_dir: self.keys_dir.clone(),
            ..ServerOptions::default()
        };
        o.ssh.allow_guests = self.allow_guests;
        o.ssh.players_create_tournaments = self.players_create_tournaments;
        o.lobby.tournament_bots = self.tournament_bots;
        o.lobby.max_tournaments_per_organiser = self.max_tournaments_per_organiser;
        o.lobby.max_entrants = self.max_entrants;
        o.lobby.seek_match_delay = self.seek_match_delay;
        o.ssh.max_connections = self.max_connections;
        o.ssh.max_per_address = self.max_per_address;
        o.ssh.auth_timeout = self.auth_timeout;
        o.ssh.idle_timeout = self.idle_timeout;
        o.ssh.channel_timeout = self.channel_timeout;
        o.ssh.max_guest_connections = self.max_guest_connections;
        o.ssh.input_bytes_per_second = self.input_bytes_per_second;
        o.ssh.resizes_per_second = self.resizes_per_second;
        o.ssh.max_exec_in_flight = self.max_exec_in_flight;
        o.ssh.max_exec_per_address = self.max_exec_per_address;
        o.ssh.connects_per_minute = self.connects_per_minute;
        o.ssh.commands_per_minute = self.commands_per_minute;
        o.ssh.ban_guest_block = self.ban_guest_block;
        o.ssh.exec_workers = self.exec_workers;
        o.ssh.motd = (!self.motd.trim().is_empty()).then(|| self.motd.clone());
        o.ssh.host_name = (!self.host_name.trim().is_empty()).then(|| self.host_name.clone());
        o.ssh.admins = self.admins.clone();
        o.lobby.game.reconnect_grace = self.reconnect_grace;
        o.lobby.bots_accept_seeks =
            (!self.bots_accept_seeks.is_zero()).then_some(self.bots_accept_seeks);
        o.lobby.max_games_per_player = self.max_games_per_player;
        o.lobby.game.setup_deadline =
            (!self.setup_deadline.is_zero()).then_some(self.setup_deadline);
        o.lobby.agents = self.agents.clone();
        o.lobby.agent_logs = Some(self.data_dir.join("agent-logs"));
        o.ssh.registrations_per_hour = self.registrations_per_hour;
        o.ssh.backup_root = self.backup_root.clone();
        o.lobby.agent_box.user =
            (!self.agents_user.trim().is_empty()).then(|| self.agents_user.trim().to_string());
        o.lobby.agent_box.sandbox = match self.agents_sandbox.trim() {
            "" | "off" => Vec::new(),
            s => s.split_whitespace().map(str::to_string).collect(),
        };
        o
    }

    /// The settings as a configuration file would hold them (every key, `--check` prints
    /// this): TOML the server reads back.
    pub fn to_toml(&self) -> String {
        let q = |s: &str| toml::Value::String(s.to_string()).to_string();
        let path = |p: &std::path::Path| q(&p.to_string_lossy());
        let admins: Vec<String> = self.admins.iter().map(|a| q(a)).collect();
        let format = match self.log_format {
            LogFormat::Text => "text",
            LogFormat::Json => "json",
        };
        [
            format!("listen = {}", q(&self.listen)),
            format!("data_dir = {}", path(&self.data_dir)),
            format!("keys_dir = {}", path(&self.keys_dir)),
            format!("allow_guests = {}", self.allow_guests),
            format!(
                "players_create_tournaments = {}",
                self.players_create_tournaments
            ),
            format!("tournament_bots = {}", self.tournament_bots),
            format!(
                "max_tournaments_per_organiser = {}",
                self.max_tournaments_per_organiser
            ),
            format!("max_entrants = {}", self.max_entrants),
            format!(
                "seek_match_delay = {}",
                q(&fmt_duration(self.seek_match_delay))
            ),
            format!("max_connections = {}", self.max_connections),
            format!("max_per_address = {}", self.max_per_address),
            format!("auth_timeout = {}", q(&fmt_duration(self.auth_timeout))),
            format!("idle_timeout = {}", q(&fmt_duration(self.idle_timeout))),
            format!(
                "channel_timeout = {}",
                q(&fmt_duration(self.channel_timeout))
            ),
            format!("max_guest_connections = {}", self.max_guest_connections),
            format!("input_bytes_per_second = {}", self.input_bytes_per_second),
            format!("resizes_per_second = {}", self.resizes_per_second),
            format!("max_exec_in_flight = {}", self.max_exec_in_flight),
            format!("max_exec_per_address = {}", self.max_exec_per_address),
            format!("connects_per_minute = {}", self.connects_per_minute),
            format!("commands_per_minute = {}", self.commands_per_minute),
            format!(
                "ban_guest_block = {}",
                q(&fmt_duration(self.ban_guest_block))
            ),
            format!("exec_workers = {}", self.exec_workers),
            format!(
                "reconnect_grace = {}",
                q(&fmt_duration(self.reconnect_grace))
            ),
            format!(
                "bots_accept_seeks = {}",
                q(&fmt_duration(self.bots_accept_seeks))
            ),
            format!("max_games_per_player = {}", self.max_games_per_player),
            format!("setup_deadline = {}", q(&fmt_duration(self.setup_deadline))),
            format!("motd = {}", q(&self.motd)),
            format!("host_name = {}", q(&self.host_name)),
            format!("admins = [{}]", admins.join(", ")),
            format!("log_format = {}", q(format)),
            format!("registrations_per_hour = {}", self.registrations_per_hour),
            format!("backup_root = {}", path(&self.backup_root)),
            self.agents_toml(),
            self.agents_user_toml(),
            format!("agents_sandbox = {}", q(&self.agents_sandbox)),
        ]
        .join("\n")
            + "\n"
    }

    /// `agents_user = "..."`, with a comment after it when that user cannot be used here
    /// (no such user, or the server is not root).
    fn agents_user_toml(&self) -> String {
        let line = format!(
            "agents_user = {}",
            toml::Value::String(self.agents_user.clone())
        );
        match self.agents_user.trim() {
            "" => line,
            user => match crate::ucc::external::user_problem(user) {
                Some(why) => format!("{line}  # WARNING: {why}"),
                None => line,
            },
        }
    }

    /// `agents = [{ name = ..., command = ..., ... }, ...]`: the `[[agents]]` tables, inline.
    fn agents_toml(&self) -> String {
        let q = |s: &str| toml::Value::String(s.to_string()).to_string();
        let tables: Vec<String> = self
            .agents
            .iter()
            .map(|a| {
                let args: Vec<String> = a.command.args.iter().map(|x| q(x)).collect();
                format!(
                    "{{ name = {}, command = {}, args = [{}], move_timeout = {}, max_games = {} }}",
                    q(&a.name),
                    q(&a.command.program),
                    args.join(", "),
                    q(&fmt_duration(a.move_timeout)),
                    a.max_games
                )
            })
            .collect();
        format!("agents = [{}]", tables.join(", "))
    }

    /// Resolves the settings: `args` (flags, and environment through clap) over the file
    /// named by `args.config` over the defaults.
    pub fn resolve(args: &ConfigArgs) -> Result<ServerConfig, ConfigError> {
        let file = match &args.config {
            Some(path) => FileConfig::load(path)?,
            None => FileConfig::default(),
        };
        Ok(ServerConfig::merge(args, file))
    }

    fn merge(a: &ConfigArgs, f: FileConfig) -> ServerConfig {
        let d = ServerConfig::default();
        ServerConfig {
            listen: a.listen.clone().or(f.listen).unwrap_or(d.listen),
            data_dir: a.data_dir.clone().or(f.data_dir).unwrap_or(d.data_dir),
            keys_dir: a.keys_dir.clone().or(f.keys_dir).unwrap_or(d.keys_dir),
            allow_guests: a.allow_guests.or(f.allow_guests).unwrap_or(d.allow_guests),
            players_create_tournaments: a
                .players_create_tournaments
                .or(f.players_create_tournaments)
                .unwrap_or(d.players_create_tournaments),
            tournament_bots: a
                .tournament_bots
                .or(f.tournament_bots)
                .unwrap_or(d.tournament_bots),
            max_tournaments_per_organiser: a
                .max_tournaments_per_organiser
                .or(f.max_tournaments_per_organiser)
                .unwrap_or(d.max_tournaments_per_organiser),
            max_entrants: a.max_entrants.or(f.max_entrants).unwrap_or(d.max_entrants),
            seek_match_delay: a
                .seek_match_delay
                .or(f.seek_match_delay)
                .unwrap_or(d.seek_match_delay),
            max_connections: a
                .max_connections
                .or(f.max_connections)
                .unwrap_or(d.max_connections),
            max_per_address: a
                .max_per_address
                .or(f.max_per_address)
                .unwrap_or(d.max_per_address),
            auth_timeout: a.auth_timeout.or(f.auth_timeout).unwrap_or(d.auth_timeout),
            idle_timeout: a.idle_timeout.or(f.idle_timeout).unwrap_or(d.idle_timeout),
            channel_timeout: a
                .channel_timeout
                .or(f.channel_timeout)
                .unwrap_or(d.channel_timeout),
            max_guest_connections: a
                .max_guest_connections
                .or(f.max_guest_connections)
                .unwrap_or(d.max_guest_connections),
            input_bytes_per_second: a
                .input_bytes_per_second
                .or(f.input_bytes_per_second)
                .unwrap_or(d.input_bytes_per_second),
            resizes_per_second: a
                .resizes_per_second
                .or(f.resizes_per_second)
                .unwrap_or(d.resizes_per_second),
            max_exec_in_flight: a
                .max_exec_in_flight
                .or(f.max_exec_in_flight)
                .unwrap_or(d.max_exec_in_flight),
            max_exec_per_address: a
                .max_exec_per_address
                .or(f.max_exec_per_address)
                .unwrap_or(d.max_exec_per_address),
            connects_per_minute: a
                .connects_per_minute
                .or(f.connects_per_minute)
                .unwrap_or(d.connects_per_minute),
            commands_per_minute: a
                .commands_per_minute
                .or(f.commands_per_minute)
                .unwrap_or(d.commands_per_minute),
            ban_guest_block: a
                .ban_guest_block
                .or(f.ban_guest_block)
                .unwrap_or(d.ban_guest_block),
            exec_workers: a.exec_workers.or(f.exec_workers).unwrap_or(d.exec_workers),
            reconnect_grace: a
                .reconnect_grace
                .or(f.reconnect_grace)
                .unwrap_or(d.reconnect_grace),
            bots_accept_seeks: a
                .bots_accept_seeks
                .or(f.bots_accept_seeks)
                .unwrap_or(d.bots_accept_seeks),
            max_games_per_player: a
                .max_games_per_player
                .or(f.max_games_per_player)
                .unwrap_or(d.max_games_per_player),
            setup_deadline: a
                .setup_deadline
                .or(f.setup_deadline)
                .unwrap_or(d.setup_deadline),
            motd: a.motd.clone().or(f.motd).unwrap_or(d.motd),
            host_name: a.host_name.clone().or(f.host_name).unwrap_or(d.host_name),
            admins: a.admins.clone().or(f.admins).unwrap_or(d.admins),
            agents: f.agents.unwrap_or(d.agents),
            registrations_per_hour: a
                .registrations_per_hour
                .or(f.registrations_per_hour)
                .unwrap_or(d.registrations_per_hour),
            backup_root: a
                .backup_root
                .clone()
                .or(f.backup_root)
                .unwrap_or(d.backup_root),
            agents_user: a
                .agents_user
                .clone()
                .or(f.agents_user)
                .unwrap_or(d.agents_user),
            agents_sandbox: a
                .agents_sandbox
                .clone()
                .or(f.agents_sandbox)
                .unwrap_or(d.agents_sandbox),
            log_format: if a.log_json {
                LogFormat::Json
            } else {
                a.log_format.or(f.log_format).unwrap_or(d.log_format)
            },
        }
    }
}

/// The configuration flags (each also read from its `STRATEGO_*` variable).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ConfigArgs {
    /// TOML configuration file (every key is listed in deploy/stratego-ssh.toml). Flags and
    /// STRATEGO_* variables override its values.
    #[arg(long, env = "STRATEGO_CONFIG", value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Address and port to listen on [file: listen] [default: 0.0.0.0:2222].
    #[arg(long, env = "STRATEGO_LISTEN", value_name = "ADDR:PORT")]
    pub listen: Option<String>,
    /// Directory of the game data, created if missing [file: data_dir] [default: data].
    #[arg(long, env = "STRATEGO_DATA_DIR", value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Directory of the host key, created with a new key on first start [file: keys_dir]
    /// [default: keys].
    #[arg(long, env = "STRATEGO_KEYS_DIR", value_name = "DIR")]
    pub keys_dir: Option<PathBuf>,
    /// Let people without an SSH key in as guests (casual games only) [file: allow_guests]
    /// [default: true].
    #[arg(long, env = "STRATEGO_ALLOW_GUESTS", value_name = "true|false")]
    pub allow_guests: Option<bool>,
    /// Let every player with an SSH key create tournaments (`ssh host tournament create`),
    /// not only admins [file: players_create_tournaments] [default: false].
    #[arg(
        long,
        env = "STRATEGO_PLAYERS_CREATE_TOURNAMENTS",
        value_name = "true|false"
    )]
    pub players_create_tournaments: Option<bool>,
    /// Let admins enter computer players in tournaments, for testing (`ssh host admin
    /// tournament addbot ID easy|hard|random`) [file: tournament_bots] [default: false].
    #[arg(long, env = "STRATEGO_TOURNAMENT_BOTS", value_name = "true|false")]
    pub tournament_bots: Option<bool>,
    /// Upcoming and running tournaments one player (a key) may have created at once, where
    /// players run tournaments; one more is refused with a message (admins are exempt)
    /// [file: max_tournaments_per_organiser] [default: 3].
    #[arg(long, env = "STRATEGO_MAX_TOURNAMENTS_PER_ORGANISER", value_name = "N")]
    pub max_tournaments_per_organiser: Option<usize>,
    /// Entrants one tournament takes; one more is refused with a message
    /// [file: max_entrants] [default: 256].
    #[arg(long, env = "STRATEGO_MAX_ENTRANTS", value_name = "N")]
    pub max_entrants: Option<usize>,
    /// A seek younger than this is not taken by another player posting the same terms (it
    /// is listed, to take by hand): a seek churner cannot capture new posters; 0s turns it
    /// off [file: seek_match_delay] [default: 2s].
    #[arg(long, env = "STRATEGO_SEEK_MATCH_DELAY", value_name = "DURATION",
          value_parser = parse_duration_arg)]
    pub seek_match_delay: Option<Duration>,
    /// Most simultaneous connections; more are refused before the handshake
    /// [file: max_connections] [default: 2000].
    #[arg(long, env = "STRATEGO_MAX_CONNECTIONS", value_name = "N")]
    pub max_connections: Option<usize>,
    /// Most simultaneous connections from one IP address [file: max_per_address]
    /// [default: 50].
    #[arg(long, env = "STRATEGO_MAX_PER_ADDRESS", value_name = "N")]
    pub max_per_address: Option<usize>,
    /// Time from TCP accept to a successful authentication (handshake included)
    /// [file: auth_timeout] [default: 30s].
    #[arg(long, env = "STRATEGO_AUTH_TIMEOUT", value_name = "DURATION",
          value_parser = parse_duration_arg)]
    pub auth_timeout: Option<Duration>,
    /// Disconnect a session after this long without a keypress (our own output does not
    /// count) [file: idle_timeout] [default: 1h].
    #[arg(long, env = "STRATEGO_IDLE_TIMEOUT", value_name = "DURATION",
          value_parser = parse_duration_arg)]
    pub idle_timeout: Option<Duration>,
    /// Close an authenticated connection on which no shell or command has run for this
    /// long (counted from authentication or from the end of its last one; `ssh -N` and
    /// idle multiplexing masters included); 0s turns it off [file: channel_timeout]
    /// [default: 20s].
    #[arg(long, env = "STRATEGO_CHANNEL_TIMEOUT", value_name = "DURATION",
          value_parser = parse_duration_arg)]
    pub channel_timeout: Option<Duration>,
    /// Most guests connected at once (counted from their login); a guest past it is told
    /// "server full for guests: connect with an SSH key" and disconnected, so the rest of
    /// max_connections stays for key holders [file: max_guest_connections] [default: 1500].
    #[arg(long, env = "STRATEGO_MAX_GUEST_CONNECTIONS", value_name = "N")]
    pub max_guest_connections: Option<usize>,
    /// Input bytes a session reads a second, twice that in a burst; a client sending more is read more slowly (nothing is dropped) [file: input_bytes_per_second] [default: 32768].
    #[arg(long, env = "STRATEGO_INPUT_BYTES_PER_SECOND", value_name = "N")]
    pub input_bytes_per_second: Option<usize>,
    /// Window changes a session draws a second (a storm of them: the last size is drawn) [file: resizes_per_second] [default: 4].
    #[arg(long, env = "STRATEGO_RESIZES_PER_SECOND", value_name = "N")]
    pub resizes_per_second: Option<usize>,
    /// Commands (`ssh host leaderboard`...) one connection may run at once; more are refused with exit status 75 [file: max_exec_in_flight] [default: 4].
    #[arg(long, env = "STRATEGO_MAX_EXEC_IN_FLIGHT", value_name = "N")]
    pub max_exec_in_flight: Option<usize>,
    /// Commands running at once from one address (IPv6: one /64); more are refused with exit status 75 [file: max_exec_per_address] [default: 16].
    #[arg(long, env = "STRATEGO_MAX_EXEC_PER_ADDRESS", value_name = "N")]
    pub max_exec_per_address: Option<usize>,
    /// New connections one address (IPv6: one /64) may open a minute, half of them at once; more are refused before the handshake [file: connects_per_minute] [default: 30].
    #[arg(long, env = "STRATEGO_CONNECTS_PER_MINUTE", value_name = "N")]
    pub connects_per_minute: Option<usize>,
    /// Commands one address (IPv6: one /64) may run a minute, half of them at once; more are refused with exit status 75 [file: commands_per_minute] [default: 60].
    #[arg(long, env = "STRATEGO_COMMANDS_PER_MINUTE", value_name = "N")]
    pub commands_per_minute: Option<usize>,
    /// After a key or nick ban, guest logins from the address block (IPv4 address, IPv6 /64) the banned player last used are refused this long; 0 turns it off [file: ban_guest_block] [default: 1d].
    #[arg(long, env = "STRATEGO_BAN_GUEST_BLOCK", value_name = "DURATION",
          value_parser = parse_duration_arg)]
    pub ban_guest_block: Option<Duration>,
    /// Commands doing their work at once, server-wide; more wait their turn [file: exec_workers] [default: 2].
    #[arg(long, env = "STRATEGO_EXEC_WORKERS", value_name = "N")]
    pub exec_workers: Option<usize>,
    /// How long a player who dropped out of a game has to come back before the opponent
    /// may claim the win [file: reconnect_grace] [default: 2m].
    #[arg(long, env = "STRATEGO_RECONNECT_GRACE", value_name = "DURATION",
          value_parser = parse_duration_arg)]
    pub reconnect_grace: Option<Duration>,
    /// When a seek has waited this long with nobody taking it, the easy computer accepts it
    /// (a casual game); 0s turns it off [file: bots_accept_seeks] [default: 0s].
    #[arg(long, env = "STRATEGO_BOTS_ACCEPT_SEEKS", value_name = "DURATION",
          value_parser = parse_duration_arg)]
    pub bots_accept_seeks: Option<Duration>,
    /// Games in set-up or play one player (a key, or a guest) may have at once; a new
    /// seek, challenge, acceptance or computer game past it is refused with a notice
    /// [file: max_games_per_player] [default: 3].
    #[arg(long, env = "STRATEGO_MAX_GAMES_PER_PLAYER", value_name = "N")]
    pub max_games_per_player: Option<usize>,
    /// Longest set-up: then a side not ready loses to one that is, and with neither ready
    /// the game is aborted; 0s turns it off [file: setup_deadline] [default: 5m].
    #[arg(long, env = "STRATEGO_SETUP_DEADLINE", value_name = "DURATION",
          value_parser = parse_duration_arg)]
    pub setup_deadline: Option<Duration>,
    /// Message of the day, shown to everyone entering the lobby; empty for none
    /// [file: motd] [default: empty].
    #[arg(long, env = "STRATEGO_MOTD", value_name = "TEXT")]
    pub motd: Option<String>,
    /// The host name players connect to, shown in the help texts the server sends
    /// (`ssh -p PORT HOST`); empty: the address each player connected to
    /// [file: host_name] [default: empty].
    #[arg(long, env = "STRATEGO_HOST_NAME", value_name = "NAME")]
    pub host_name: Option<String>,
    /// SHA-256 fingerprint of an admin's key (`SHA256:...`); repeat the flag, or separate
    /// with commas in the variable [file: admins] [default: none].
    #[arg(
        long = "admin",
        env = "STRATEGO_ADMINS",
        value_name = "FINGERPRINT",
        value_delimiter = ','
    )]
    pub admins: Option<Vec<String>>,
    /// Log format; the level comes from RUST_LOG (e.g. RUST_LOG=debug) [file: log_format]
    /// [default: text].
    #[arg(long, env = "STRATEGO_LOG_FORMAT", value_name = "FORMAT")]
    pub log_format: Option<LogFormat>,
    /// Same as --log-format json.
    #[arg(long, env = "STRATEGO_LOG_JSON")]
    pub log_json: bool,
    /// New accounts (a new key registering its nick) one address (IPv6: one /64) may create an hour; past it a new key plays for that visit only, under a name nobody keeps, and is told so [file: registrations_per_hour] [default: 10].
    #[arg(long, env = "STRATEGO_REGISTRATIONS_PER_HOUR", value_name = "N")]
    pub registrations_per_hour: Option<usize>,
    /// Directory under which `admin backup NAME` writes (made if missing); a path outside it is refused [file: backup_root] [default: backups].
    #[arg(long, env = "STRATEGO_BACKUP_ROOT", value_name = "DIR")]
    pub backup_root: Option<PathBuf>,
    /// Run agents' programs as this user (and its group), e.g. a dedicated `stratego-agents`
    /// that cannot read the data and keys directories; needs the server to run as root;
    /// empty: the server's own user [file: agents_user] [default: empty].
    #[arg(long, env = "STRATEGO_AGENTS_USER", value_name = "USER")]
    pub agents_user: Option<String>,
    /// Command each agent's program runs under, e.g. `bwrap ... --`, `{dir}` standing for
    /// the game's working directory; empty or "off": none [file: agents_sandbox]
    /// [default: empty].
    #[arg(long, env = "STRATEGO_AGENTS_SANDBOX", value_name = "COMMAND")]
    pub agents_sandbox: Option<String>,
}

/// What a configuration file may set: every key optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileConfig {
    pub listen: Option<String>,
    pub data_dir: Option<PathBuf>,
    pub keys_dir: Option<PathBuf>,
    pub allow_guests: Option<bool>,
    pub players_create_tournaments: Option<bool>,
    pub tournament_bots: Option<bool>,
    pub max_tournaments_per_organiser: Option<usize>,
    pub max_entrants: Option<usize>,
    pub seek_match_delay: Option<Duration>,
    pub max_connections: Option<usize>,
    pub max_per_address: Option<usize>,
    pub auth_timeout: Option<Duration>,
    pub idle_timeout: Option<Duration>,
    pub channel_timeout: Option<Duration>,
    pub max_guest_connections: Option<usize>,
    pub input_bytes_per_second: Option<usize>,
    pub resizes_per_second: Option<usize>,
    pub max_exec_in_flight: Option<usize>,
    pub max_exec_per_address: Option<usize>,
    pub connects_per_minute: Option<usize>,
    pub commands_per_minute: Option<usize>,
    pub ban_guest_block: Option<Duration>,
    pub exec_workers: Option<usize>,
    pub reconnect_grace: Option<Duration>,
    pub bots_accept_seeks: Option<Duration>,
    pub max_games_per_player: Option<usize>,
    pub setup_deadline: Option<Duration>,
    pub motd: Option<String>,
    pub host_name: Option<String>,
    pub admins: Option<Vec<String>>,
    pub log_format: Option<LogFormat>,
    pub agents: Option<Vec<AgentSpec>>,
    pub registrations_per_hour: Option<usize>,
    pub backup_root: Option<PathBuf>,
    pub agents_user: Option<String>,
    pub agents_sandbox: Option<String>,
}

/// Every key a configuration file may hold.
pub const KEYS: &[&str] = &[
    "listen",
    "data_dir",
    "keys_dir",
    "allow_guests",
    "players_create_tournaments",
    "tournament_bots",
    "max_tournaments_per_organiser",
    "max_entrants",
    "seek_match_delay",
    "max_connections",
    "max_per_address",
    "auth_timeout",
    "idle_timeout",
    "channel_timeout",
    "max_guest_connections",
    "input_bytes_per_second",
    "resizes_per_second",
    "max_exec_in_flight",
    "max_exec_per_address",
    "connects_per_minute",
    "commands_per_minute",
    "ban_guest_block",
    "exec_workers",
    "reconnect_grace",
    "bots_accept_seeks",
    "max_games_per_player",
    "setup_deadline",
    "motd",
    "host_name",
    "admins",
    "log_format",
    "agents",
    "registrations_per_hour",
    "backup_root",
    "agents_user",
    "agents_sandbox",
];

/// A configuration file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigError {
    Read {
        path: PathBuf,
        error: String,
    },
    Syntax {
        path: PathBuf,
        error: String,
    },
    UnknownKey {
        path: PathBuf,
        key: String,
    },
    BadValue {
        path: PathBuf,
        key: String,
        expected: String,
        got: String,
    },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Read { path, error } => {
                write!(
                    f,
                    "cannot read the configuration file {}: {error}",
                    path.display()
                )
            }
            ConfigError::Syntax { path, error } => {
                write!(f, "{} is not valid TOML: {error}", path.display())
            }
            ConfigError::UnknownKey { path, key } => write!(
                f,
                "{}: unknown key `{key}` (known keys: {})",
                path.display(),
                KEYS.join(", ")
            ),
            ConfigError::BadValue {
                path,
                key,
                expected,
                got,
            } => write!(
                f,
                "{}: key `{key}` expects {expected}, not {got}",
                path.display()
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

impl FileConfig {
    pub fn load(path: &Path) -> Result<FileConfig, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError::Read {
            path: path.to_path_buf(),
            error: e.to_string(),
        })?;
        FileConfig::parse(&text, path)
    }

    /// Parses the text of a configuration file (`path` only names it in errors).
    pub fn parse(text: &str, path: &Path) -> Result<FileConfig, ConfigError> {
        let table: toml::Table =
            text.parse()
                .map_err(|e: toml::de::Error| ConfigError::Syntax {
                    path: path.to_path_buf(),
                    error: e.to_string().trim_end().to_string(),
                })?;
        let mut c = FileConfig::default();
        for (key, value) in &table {
            let bad = |expected: &str| ConfigError::BadValue {
                path: path.to_path_buf(),
                key: key.clone(),
                expected: expected.to_string(),
                got: describe(value),
            };
            match key.as_str() {
                "listen" => {
                    let s = value.as_str().ok_or_else(|| bad(EXPECT_ADDR))?;
                    if !looks_like_listen_addr(s) {
                        return Err(bad(EXPECT_ADDR));
                    }
                    c.listen = Some(s.to_string());
                }
                "data_dir" => c.data_dir = Some(dir(value).ok_or_else(|| bad(EXPECT_DIR))?),
                "keys_dir" => c.keys_dir = Some(dir(value).ok_or_else(|| bad(EXPECT_DIR))?),
                "allow_guests" => {
                    c.allow_guests = Some(value.as_bool().ok_or_else(|| bad("true or false"))?)
                }
                "players_create_tournaments" => {
                    c.players_create_tournaments =
                        Some(value.as_bool().ok_or_else(|| bad("true or false"))?)
                }
                "tournament_bots" => {
                    c.tournament_bots = Some(value.as_bool().ok_or_else(|| bad("true or false"))?)
                }
                "max_tournaments_per_organiser" => {
                    c.max_tournaments_per_organiser =
                        Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "max_entrants" => {
                    c.max_entrants = Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "seek_match_delay" => {
                    c.seek_match_delay = Some(duration(value).ok_or_else(|| bad(EXPECT_DURATION))?)
                }
                "max_connections" => {
                    c.max_connections = Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "max_per_address" => {
                    c.max_per_address = Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "auth_timeout" => {
                    c.auth_timeout = Some(duration(value).ok_or_else(|| bad(EXPECT_DURATION))?)
                }
                "idle_timeout" => {
                    c.idle_timeout = Some(duration(value).ok_or_else(|| bad(EXPECT_DURATION))?)
                }
                "channel_timeout" => {
                    c.channel_timeout = Some(duration(value).ok_or_else(|| bad(EXPECT_DURATION))?)
                }
                "max_guest_connections" => {
                    c.max_guest_connections = Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "input_bytes_per_second" => {
                    c.input_bytes_per_second = Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "resizes_per_second" => {
                    c.resizes_per_second = Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "max_exec_in_flight" => {
                    c.max_exec_in_flight = Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "max_exec_per_address" => {
                    c.max_exec_per_address = Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "connects_per_minute" => {
                    c.connects_per_minute = Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "commands_per_minute" => {
                    c.commands_per_minute = Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "ban_guest_block" => {
                    c.ban_guest_block = Some(duration(value).ok_or_else(|| bad(EXPECT_DURATION))?)
                }
                "exec_workers" => {
                    c.exec_workers = Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "reconnect_grace" => {
                    c.reconnect_grace = Some(duration(value).ok_or_else(|| bad(EXPECT_DURATION))?)
                }
                "bots_accept_seeks" => {
                    c.bots_accept_seeks = Some(duration(value).ok_or_else(|| bad(EXPECT_DURATION))?)
                }
                "max_games_per_player" => {
                    c.max_games_per_player = Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "setup_deadline" => {
                    c.setup_deadline = Some(duration(value).ok_or_else(|| bad(EXPECT_DURATION))?)
                }
                "motd" => c.motd = Some(value.as_str().ok_or_else(|| bad("a string"))?.to_string()),
                "host_name" => {
                    c.host_name = Some(value.as_str().ok_or_else(|| bad("a string"))?.to_string())
                }
                "admins" => {
                    let expected = "a list of key fingerprints, like [\"SHA256:...\"]";
                    let list = value.as_array().ok_or_else(|| bad(expected))?;
                    let mut admins = Vec::new();
                    for v in list {
                        match v.as_str() {
                            Some(s) if s.starts_with("SHA256:") => admins.push(s.to_string()),
                            _ => return Err(bad(expected)),
                        }
                    }
                    c.admins = Some(admins);
                }
                "agents" => c.agents = Some(agents(value).map_err(|e| bad(&e))?),
                "registrations_per_hour" => {
                    c.registrations_per_hour = Some(count(value).ok_or_else(|| bad(EXPECT_COUNT))?)
                }
                "backup_root" => c.backup_root = Some(dir(value).ok_or_else(|| bad(EXPECT_DIR))?),
                "agents_user" => {
                    let expected = "a user name (or \"\" for the server's own user)";
                    let u = value.as_str().ok_or_else(|| bad(expected))?;
                    if u.trim().contains(char::is_whitespace) {
                        return Err(bad(expected));
                    }
                    c.agents_user = Some(u.to_string())
                }
                "agents_sandbox" => {
                    c.agents_sandbox = Some(
                        value
                            .as_str()
                            .ok_or_else(|| bad("a command (or \"\" for none)"))?
                            .to_string(),
                    )
                }
                "log_format" => {
                    c.log_format = Some(
                        value
                            .as_str()
                            .and_then(LogFormat::parse)
                            .ok_or_else(|| bad("\"text\" or \"json\""))?,
                    )
                }
                _ => {
                    return Err(ConfigError::UnknownKey {
                        path: path.to_path_buf(),
                        key: key.clone(),
                    })
                }
            }
        }
        Ok(c)
    }
}

const EXPECT_ADDR: &str = "an address and port, like \"0.0.0.0:2222\" or \"[::]:22\"";
const EXPECT_DIR: &str = "a directory path (a non-empty string)";
const EXPECT_COUNT: &str = "a whole number of at least 1";
const EXPECT_DURATION: &str = "a duration, like \"500ms\", \"30s\", \"5m\" or \"1h\"";

/// `[[agents]]` tables: `name`, `command`, and optionally `args` (a list of strings),
/// `move_timeout` (default 10s) and `max_games` (default 2).
fn agents(v: &toml::Value) -> Result<Vec<AgentSpec>, String> {
    const WHAT: &str = "[[agents]] tables with name, command, and optionally args, \
                        move_timeout and max_games";
    let list = v.as_array().ok_or(WHAT)?;
    let mut out: Vec<AgentSpec> = Vec::new();
    for t in list {
        let t = t.as_table().ok_or(WHAT)?;
        if let Some(k) = t.keys().find(|k| {
            !["name", "command", "args", "move_timeout", "max_games"].contains(&k.as_str())
        }) {
            return Err(format!("{WHAT} (unknown key `{k}`)"));
        }
        let name = t.get("name").and_then(|n| n.as_str()).unwrap_or_default();
        if !AgentSpec::valid_name(name) {
            return Err(format!(
                "{WHAT}: a name of 1 to 12 characters a-z, 0-9, - or _ (got {name:?})"
            ));
        }
        if out.iter().any(|a| a.name == name) || ["random", "easy", "hard"].contains(&name) {
            return Err(format!("{WHAT}: the name {name:?} is taken"));
        }
        let program = t
            .get("command")
            .and_then(|c| c.as_str())
            .filter(|c| !c.trim().is_empty())
            .ok_or_else(|| format!("{WHAT}: agent {name} has no command"))?;
        let args = match t.get("args") {
            None => Vec::new(),
            Some(a) => a
                .as_array()
                .and_then(|a| a.iter().map(|x| x.as_str().map(str::to_string)).collect())
                .ok_or_else(|| format!("{WHAT}: agent {name}'s args must be a list of strings"))?,
        };
        let move_timeout = match t.get("move_timeout") {
            None => Duration::from_secs(10),
            Some(d) => duration(d)
                .filter(|d| !d.is_zero())
                .ok_or_else(|| format!("{WHAT}: agent {name}'s move_timeout: {EXPECT_DURATION}"))?,
        };
        let max_games = match t.get("max_games") {
            None => 2,
            Some(n) => count(n)
                .ok_or_else(|| format!("{WHAT}: agent {name}'s max_games: {EXPECT_COUNT}"))?,
        };
        out.push(AgentSpec {
            name: name.to_string(),
            command: AgentCommand {
                program: program.to_string(),
                args,
            },
            move_timeout,
            max_games,
        });
    }
    Ok(out)
}

fn describe(v: &toml::Value) -> String {
    let s = v.to_string();
    let s: String = s.chars().take(60).collect();
    format!("{} {s}", v.type_str())
}

fn dir(v: &toml::Value) -> Option<PathBuf> {
    v.as_str()
        .filter(|s| !s.trim().is_empty())
        .map(PathBuf::from)
}

fn count(v: &toml::Value) -> Option<usize> {
    v.as_integer()
        .filter(|n| *n >= 1)
        .and_then(|n| usize::try_from(n).ok())
}

fn duration(v: &toml::Value) -> Option<Duration> {
    parse_duration(v.as_str()?).ok()
}

/// `host:port`, with a numeric port (the host may be a name, checked when binding).
fn looks_like_listen_addr(s: &str) -> bool {
    match s.rsplit_once(':') {
        Some((host, port)) => !host.is_empty() && port.parse::<u16>().is_ok(),
        None => false,
    }
}

/// Reads `500ms`, `30s`, `5m`, `2h`, or a bare number of seconds.
/// A duration as [`parse_duration`] reads it: `500ms`, `30s`, `2m`, `1h`, `1d`.
pub fn fmt_duration(d: Duration) -> String {
    let ms = d.as_millis();
    let secs = d.as_secs();
    if !ms.is_multiple_of(1000) {
        format!("{ms}ms")
    } else if secs != 0 && secs.is_multiple_of(86_400) {
        format!("{}d", secs / 86_400)
    } else if secs != 0 && secs.is_multiple_of(3600) {
        format!("{}h", secs / 3600)
    } else if secs != 0 && secs.is_multiple_of(60) {
        format!("{}m", secs / 60)
    } else {
        format!("{secs}s")
    }
}

pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim().to_ascii_lowercase();
    let (num, unit) = if let Some(n) = t.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = t.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix('m') {
        (n, 60.0)
    } else if let Some(n) = t.strip_suffix('h') {
        (n, 3600.0)
    } else if let Some(n) = t.strip_suffix('d') {
        (n, 86_400.0)
    } else {
        (t.as_str(), 1.0)
    };
    let x: f64 = num
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a duration: write e.g. 500ms, 30s, 5m or 1h"))?;
    let secs = x * unit;
    if !secs.is_finite() || !(0.0..=365.0 * 86_400.0).contains(&secs) {
        return Err(format!("'{s}' is not a usable duration"));
    }
    Ok(Duration::from_secs_f64(secs))
}

fn parse_duration_arg(s: &str) -> Result<Duration, String> {
    parse_duration(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct TestCli {
        #[command(flatten)]
        config: ConfigArgs,
    }

    const EXAMPLE: &str = include_str!("../deploy/stratego-ssh.toml");

    fn parse(text: &str) -> Result<FileConfig, ConfigError> {
        FileConfig::parse(text, Path::new("test.toml"))
    }

    #[test]
    fn the_example_file_sets_every_key_to_its_default() {
        let file = parse(EXAMPLE).expect("the example parses");
        for key in KEYS {
            assert!(
                EXAMPLE.lines().any(|l| l.starts_with(&format!("{key} ="))),
                "the example sets {key}"
            );
        }
        let resolved = ServerConfig::merge(&ConfigArgs::default(), file);
        assert_eq!(resolved, ServerConfig::default());
    }

    #[test]
    fn the_printed_settings_read_back_as_the_same_settings() {
        let c = ServerConfig {
            motd: "Welcome \"home\"\nsecond line".into(),
            admins: vec!["SHA256:abc".into(), "SHA256:d/e+f".into()],
            auth_timeout: Duration::from_millis(1500),
            reconnect_grace: Duration::from_secs(90),
            max_games_per_player: 1,
            setup_deadline: Duration::ZERO,
            log_format: LogFormat::Json,
            agents: vec![AgentSpec {
                name: "peter".into(),
                command: AgentCommand {
                    program: "/opt/peers/peter \"nl\"".into(),
                    args: vec!["--quiet".into(), "".into()],
                },
                move_timeout: Duration::from_millis(2500),
                max_games: 4,
            }],
            ..ServerConfig::default()
        };
        for config in [ServerConfig::default(), c] {
            let text = config.to_toml();
            let file = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(
                ServerConfig::merge(&ConfigArgs::default(), file),
                config,
                "{text}"
            );
            for key in KEYS {
                assert!(text.contains(&format!("{key} = ")), "{key} in\n{text}");
            }
        }
        // The agents' box: a user that cannot be used is flagged in what --check prints.
        let boxed = ServerConfig {
            agents_user: "no-such-user-here".into(),
            agents_sandbox: "bwrap --bind {dir} {dir} --".into(),
            ..ServerConfig::default()
        };
        let text = boxed.to_toml();
        assert!(
            text.contains(
                "agents_user = \"no-such-user-here\"  # WARNING: agents_user: no user named"
            ),
            "{text}"
        );
        let back = ServerConfig::merge(&ConfigArgs::default(), parse(&text).unwrap());
        assert_eq!(back, boxed);
        let o = back.server_options();
        assert_eq!(o.lobby.agent_box.user.as_deref(), Some("no-such-user-here"));
        assert_eq!(
            o.lobby.agent_box.sandbox,
            ["bwrap", "--bind", "{dir}", "{dir}", "--"]
        );
        let d = ServerConfig::default().server_options();
        assert_eq!(d.lobby.agent_box, crate::ucc::external::AgentBox::default());
        assert_eq!(fmt_duration(Duration::from_secs(3600)), "1h");
        assert_eq!(fmt_duration(Duration::ZERO), "0s");
    }

    #[test]
    fn the_defaults_are_the_documented_ones() {
        let d = ServerConfig::default();
        assert_eq!(d.listen, "0.0.0.0:2222");
        assert_eq!(d.data_dir, PathBuf::from("data"));
        assert_eq!(d.keys_dir, PathBuf::from("keys"));
        assert_eq!(d.log_format, LogFormat::Text);
        assert_eq!(ServerConfig::default().server_options().ssh.motd, None);
    }

    #[test]
    fn unknown_keys_are_named() {
        let e = parse("listen = \"0.0.0.0:22\"\nmax_conections = 5\n").unwrap_err();
        assert!(matches!(&e, ConfigError::UnknownKey { key, .. } if key == "max_conections"));
        assert!(e.to_string().contains("`max_conections`"), "{e}");
        let e = parse("[ssh]\nlisten = \"x:1\"\n").unwrap_err();
        assert!(e.to_string().contains("`ssh`"), "{e}");
    }

    #[test]
    fn bad_values_name_the_key_and_what_is_expected() {
        for (text, key, hint) in [
            (
                "max_connections = \"many\"",
                "max_connections",
                "whole number",
            ),
            ("max_per_address = 0", "max_per_address", "whole number"),
            (
                "max_games_per_player = 0",
                "max_games_per_player",
                "whole number",
            ),
            ("setup_deadline = 300", "setup_deadline", "duration"),
            ("idle_timeout = \"soon\"", "idle_timeout", "duration"),
            ("auth_timeout = 30", "auth_timeout", "duration"),
            ("allow_guests = \"yes\"", "allow_guests", "true or false"),
            ("listen = \"2222\"", "listen", "address and port"),
            ("admins = \"SHA256:abc\"", "admins", "list"),
            ("admins = [\"abc\"]", "admins", "SHA256"),
            ("log_format = \"xml\"", "log_format", "json"),
            ("data_dir = \"\"", "data_dir", "directory"),
            ("agents_user = 5", "agents_user", "user name"),
            ("agents_user = \"a b\"", "agents_user", "user name"),
            ("agents_sandbox = [\"bwrap\"]", "agents_sandbox", "command"),
        ] {
            let e = parse(text).unwrap_err();
            let msg = e.to_string();
            assert!(
                matches!(&e, ConfigError::BadValue { key: k, .. } if k == key),
                "{text}: {msg}"
            );
            assert!(
                msg.contains(&format!("`{key}`")) && msg.contains(hint),
                "{text}: {msg}"
            );
        }
        let e = parse("listen = ").unwrap_err();
        assert!(matches!(e, ConfigError::Syntax { .. }));
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(parse_duration("45"), Ok(Duration::from_secs(45)));
        assert!(parse_duration("-1s").is_err());
        assert!(parse_duration("later").is_err());
    }

    /// Flags over environment over file over defaults. (One test: it sets variables of
    /// the process, which other tests parsing flags would see.)
    #[test]
    fn precedence_flag_env_file_default() {
        let dir = std::env::temp_dir().join(format!("stratego-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("c.toml");
        std::fs::write(
            &path,
            "listen = \"127.0.0.1:2000\"\nmax_connections = 10\nidle_timeout = \"5m\"\nmotd = \"from file\"\n",
        )
        .unwrap();
        let p = path.to_str().unwrap();

        // File only (and defaults).
        let cli = TestCli::try_parse_from(["x", "--config", p]).unwrap();
        let s = ServerConfig::resolve(&cli.config).unwrap();
        assert_eq!(s.listen, "127.0.0.1:2000");
        assert_eq!(s.max_connections, 10);
        assert_eq!(s.idle_timeout, Duration::from_secs(300));
        assert_eq!(s.motd, "from file");
        assert_eq!(s.max_per_address, ServerConfig::default().max_per_address);
        assert_eq!(s.server_options().ssh.motd.as_deref(), Some("from file"));

        // The environment beats the file; a flag beats both.
        std::env::set_var("STRATEGO_LISTEN", "127.0.0.1:3000");
        std::env::set_var("STRATEGO_MAX_CONNECTIONS", "20");
        std::env::set_var("STRATEGO_ADMINS", "SHA256:a,SHA256:b");
        std::env::set_var("STRATEGO_ALLOW_GUESTS", "false");
        let cli = TestCli::try_parse_from(["x", "--config", p, "--max-connections", "30"]);
        std::env::remove_var("STRATEGO_LISTEN");
        std::env::remove_var("STRATEGO_MAX_CONNECTIONS");
        std::env::remove_var("STRATEGO_ADMINS");
        std::env::remove_var("STRATEGO_ALLOW_GUESTS");
        let s = ServerConfig::resolve(&cli.unwrap().config).unwrap();
        assert_eq!(s.listen, "127.0.0.1:3000");
        assert_eq!(s.max_connections, 30);
        assert_eq!(
            s.admins,
            vec!["SHA256:a".to_string(), "SHA256:b".to_string()]
        );
        assert!(!s.allow_guests);
        assert_eq!(s.idle_timeout, Duration::from_secs(300));

        // Flags of every kind.
        let cli = TestCli::try_parse_from([
            "x",
            "--idle-timeout",
            "90s",
            "--log-format",
            "json",
            "--admin",
            "SHA256:x",
            "--allow-guests",
            "true",
        ])
        .unwrap();
        let s = ServerConfig::resolve(&cli.config).unwrap();
        assert_eq!(s.idle_timeout, Duration::from_secs(90));
        assert_eq!(s.log_format, LogFormat::Json);
        assert_eq!(s.admins, vec!["SHA256:x".to_string()]);
        assert!(s.allow_guests);
        assert!(TestCli::try_parse_from(["x", "--idle-timeout", "soon"]).is_err());

        // No file, no flags: the defaults.
        let cli = TestCli::try_parse_from(["x"]).unwrap();
        assert_eq!(
            ServerConfig::resolve(&cli.config).unwrap(),
            ServerConfig::default()
        );

        // A missing file is an error that names it.
        let cli = TestCli::try_parse_from(["x", "--config", "/nonexistent/x.toml"]).unwrap();
        let e = ServerConfig::resolve(&cli.config).unwrap_err();
        assert!(e.to_string().contains("/nonexistent/x.toml"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
