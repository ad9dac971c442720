//! Server configuration: a TOML file (`--config PATH`), environment variables
//! (`STRATEGO_*`) and command-line flags, in this order of precedence:
//! flag > environment > file > default.
//!
//! Every setting is declared once, in the `settings!` list below: its key, its kind (how it
//! is written and checked), where it lands in [`ServerOptions`] and its documentation. From
//! that one declaration come the flag and its variable (`max_per_address`,
//! `--max-per-address`, `STRATEGO_MAX_PER_ADDRESS`, with the doc and the default as its
//! `--help`), the file key, the merge, what `--check` prints ([`ServerOptions::to_toml`]) and
//! the sample file `deploy/stratego-ssh.toml` ([`sample`]; tests/config.rs checks that the
//! file is what it gives). The defaults are those of [`ServerOptions::default`]. Adding a
//! setting: its line here, its field (with its default) where it is used.
//!
//! Unknown keys are an error, and so are values of the wrong kind; both name the key.
//! Durations everywhere (file, flags, variables, `arena --time`, `tournament --start +10m`)
//! have one grammar, `humantime`'s: `500ms`, `30s`, `5m`, `1h 30m`, `2days`.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Arg, ArgAction, ArgMatches};

use crate::limit::AddrNet;
use crate::server::ServerOptions;
use crate::ucc::external::{AgentCommand, AgentSpec};

/// The resolved settings: everything `serve` needs (see [`ServerOptions::resolve`]).
pub type ServerConfig = ServerOptions;

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
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

    fn name(self) -> &'static str {
        match self {
            LogFormat::Text => "text",
            LogFormat::Json => "json",
        }
    }
}

/// A kind of setting: how a flag, a variable and the file write its value, how it is
/// checked, and how it is printed back (in `--check`, the sample file and `--help`).
trait Kind {
    type V: Clone + Send + Sync + 'static;
    /// What a bad value is told the key expects.
    const EXPECT: &'static str;
    /// VALUE in `--flag VALUE`.
    const VALUE_NAME: &'static str;
    /// The flag, when it is not the key with `-` for `_`.
    const FLAG: Option<&'static str> = None;
    /// Set in the file only: no flag, no variable.
    const FILE_ONLY: bool = false;

    /// A flag's or a variable's text.
    fn from_text(s: &str) -> Result<Self::V, String>;

    /// The file's value; the error says what was expected.
    fn from_toml(v: &toml::Value) -> Result<Self::V, String> {
        v.as_str()
            .and_then(|s| Self::from_text(s).ok())
            .ok_or_else(|| Self::EXPECT.to_string())
    }

    /// The value as TOML (what the file would hold).
    fn to_toml(v: &Self::V) -> String;

    /// The value in `--help`'s `[default: ...]`.
    fn show(v: &Self::V) -> String {
        Self::to_toml(v).trim_matches('"').to_string()
    }

    /// A comment `--check` prints after the value (a warning), if any.
    fn note(_: &Self::V) -> Option<String> {
        None
    }

    fn arg(a: Arg) -> Arg {
        a.value_parser(|s: &str| Self::from_text(s))
    }

    fn from_matches(m: &ArgMatches, id: &str) -> Option<Self::V> {
        m.try_get_one::<Self::V>(id).ok().flatten().cloned()
    }
}

fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

const EXPECT_DURATION: &str = "a duration, like \"500ms\", \"30s\", \"5m\" or \"1h 30m\"";
const EXPECT_COUNT: &str = "a whole number of at least 1";

/// `host:port` (checked when binding).
struct Addr;
impl Kind for Addr {
    type V = String;
    const EXPECT: &'static str = "an address and port, like \"0.0.0.0:2222\" or \"[::]:22\"";
    const VALUE_NAME: &'static str = "ADDR:PORT";
    fn from_text(s: &str) -> Result<String, String> {
        match s.rsplit_once(':') {
            Some((host, port)) if !host.is_empty() && port.parse::<u16>().is_ok() => {
                Ok(s.to_string())
            }
            _ => Err(Self::EXPECT.to_string()),
        }
    }
    fn to_toml(v: &String) -> String {
        quote(v)
    }
}

/// `host:port`, or "off" (for a listener that may be turned off).
struct AddrOrOff;
impl Kind for AddrOrOff {
    type V = String;
    const EXPECT: &'static str =
        "an address and port, like \"0.0.0.0:8080\" or \"[::]:8080\", or \"off\"";
    const VALUE_NAME: &'static str = "ADDR:PORT|off";
    fn from_text(s: &str) -> Result<String, String> {
        if s.trim().eq_ignore_ascii_case("off") {
            return Ok("off".into());
        }
        Addr::from_text(s).map_err(|_| Self::EXPECT.to_string())
    }
    fn to_toml(v: &String) -> String {
        quote(v)
    }
}

/// A directory path.
struct Dir;
impl Kind for Dir {
    type V = PathBuf;
    const EXPECT: &'static str = "a directory path (a non-empty string)";
    const VALUE_NAME: &'static str = "DIR";
    fn from_text(s: &str) -> Result<PathBuf, String> {
        match s.trim() {
            "" => Err(Self::EXPECT.to_string()),
            _ => Ok(PathBuf::from(s)),
        }
    }
    fn to_toml(v: &PathBuf) -> String {
        quote(&v.to_string_lossy())
    }
}

struct Flag;
impl Kind for Flag {
    type V = bool;
    const EXPECT: &'static str = "true or false";
    const VALUE_NAME: &'static str = "true|false";
    fn from_text(s: &str) -> Result<bool, String> {
        s.trim().parse().map_err(|_| Self::EXPECT.to_string())
    }
    fn from_toml(v: &toml::Value) -> Result<bool, String> {
        v.as_bool().ok_or_else(|| Self::EXPECT.to_string())
    }
    fn to_toml(v: &bool) -> String {
        v.to_string()
    }
}

/// A whole number of at least 1.
struct Count;
impl Kind for Count {
    type V = usize;
    const EXPECT: &'static str = EXPECT_COUNT;
    const VALUE_NAME: &'static str = "N";
    fn from_text(s: &str) -> Result<usize, String> {
        s.trim()
            .parse()
            .ok()
            .filter(|n| *n >= 1)
            .ok_or_else(|| Self::EXPECT.to_string())
    }
    fn from_toml(v: &toml::Value) -> Result<usize, String> {
        count(v).ok_or_else(|| Self::EXPECT.to_string())
    }
    fn to_toml(v: &usize) -> String {
        v.to_string()
    }
}

/// A whole number of at least 1, or `"auto"` (`None`): a share of another setting.
struct AutoCount;
impl Kind for AutoCount {
    type V = Option<usize>;
    const EXPECT: &'static str = "a whole number of at least 1, or \"auto\"";
    const VALUE_NAME: &'static str = "N|auto";
    fn from_text(s: &str) -> Result<Option<usize>, String> {
        if s.trim().eq_ignore_ascii_case("auto") {
            return Ok(None);
        }
        Count::from_text(s)
            .map(Some)
            .map_err(|_| Self::EXPECT.to_string())
    }
    fn from_toml(v: &toml::Value) -> Result<Option<usize>, String> {
        match v.as_str() {
            Some(s) => Self::from_text(s),
            None => count(v).map(Some).ok_or_else(|| Self::EXPECT.to_string()),
        }
    }
    fn to_toml(v: &Option<usize>) -> String {
        v.map_or_else(|| quote("auto"), |n| n.to_string())
    }
}

struct Dur;
impl Kind for Dur {
    type V = Duration;
    const EXPECT: &'static str = EXPECT_DURATION;
    const VALUE_NAME: &'static str = "DURATION";
    fn from_text(s: &str) -> Result<Duration, String> {
        parse_duration(s)
    }
    fn to_toml(v: &Duration) -> String {
        quote(&fmt_duration(*v))
    }
}

/// A duration where zero (`"0s"`) means off (`None`).
struct OptDur;
impl Kind for OptDur {
    type V = Option<Duration>;
    const EXPECT: &'static str = EXPECT_DURATION;
    const VALUE_NAME: &'static str = "DURATION";
    fn from_text(s: &str) -> Result<Option<Duration>, String> {
        parse_duration(s).map(|d| (!d.is_zero()).then_some(d))
    }
    fn to_toml(v: &Option<Duration>) -> String {
        quote(&fmt_duration(v.unwrap_or_default()))
    }
}

/// Text where empty (blank) means none.
struct OptText;
impl Kind for OptText {
    type V = Option<String>;
    const EXPECT: &'static str = "a string";
    const VALUE_NAME: &'static str = "TEXT";
    fn from_text(s: &str) -> Result<Option<String>, String> {
        Ok((!s.trim().is_empty()).then(|| s.to_string()))
    }
    fn to_toml(v: &Option<String>) -> String {
        quote(v.as_deref().unwrap_or_default())
    }
    fn show(v: &Option<String>) -> String {
        v.clone().unwrap_or_else(|| "empty".into())
    }
}

/// The web pages' address as browsers reach them (`public_url`): an `http://` or
/// `https://` address; empty for the default. Kept without a trailing slash.
struct Url;
impl Kind for Url {
    type V = Option<String>;
    const EXPECT: &'static str =
        "an http:// or https:// address, like \"https://stratego.example.org\", or \"\"";
    const VALUE_NAME: &'static str = "URL";
    fn from_text(s: &str) -> Result<Option<String>, String> {
        let t = s.trim();
        if t.is_empty() {
            return Ok(None);
        }
        let lower = t.to_ascii_lowercase();
        let rest = lower
            .strip_prefix("https://")
            .or_else(|| lower.strip_prefix("http://"));
        let host = rest.map(|r| r.split('/').next().unwrap_or_default());
        let clean = !t
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || "\"'<>\\`?#".contains(c));
        match host {
            Some(h) if !h.is_empty() && !h.starts_with(':') && clean => {
                Ok(Some(t.trim_end_matches('/').to_string()))
            }
            _ => Err(Self::EXPECT.to_string()),
        }
    }
    fn to_toml(v: &Option<String>) -> String {
        quote(v.as_deref().unwrap_or_default())
    }
    fn show(v: &Option<String>) -> String {
        v.clone().unwrap_or_else(|| "empty".into())
    }
}

/// Where the links the SSH screens print point (`URL/game/ID`, `URL/@/NICK`), for a player
/// who reached the server at `local`: `public_url` when set, else `http://HOST:PORT` with
/// HOST the `host_name` if set, else `local`'s address (an IPv6 one in brackets, an
/// IPv4-mapped one as IPv4), and PORT the web pages' (`web_port`). `None` when the web
/// pages are off (`web_port` is `None`), or nothing names the host.
pub fn link_base(
    public_url: Option<&str>,
    host_name: Option<&str>,
    local: Option<std::net::IpAddr>,
    web_port: Option<u16>,
) -> Option<String> {
    let port = web_port?;
    if let Some(u) = public_url.map(str::trim).filter(|u| !u.is_empty()) {
        return Some(u.trim_end_matches('/').to_string());
    }
    let host = match host_name.map(str::trim).filter(|h| !h.is_empty()) {
        Some(h) => match h.parse::<std::net::IpAddr>() {
            Ok(ip) => url_host(ip),
            Err(_) => crate::text::clean_line(h, 100),
        },
        None => url_host(local?),
    };
    Some(format!("http://{host}:{port}"))
}

/// An address as a URL's host: IPv6 in brackets, an IPv4-mapped address as IPv4.
fn url_host(ip: std::net::IpAddr) -> String {
    match crate::limit::canonical(ip) {
        std::net::IpAddr::V6(v6) => format!("[{v6}]"),
        v4 => v4.to_string(),
    }
}

/// Key fingerprints: a list in the file; a repeated flag, or commas in the variable.
struct Admins;
impl Admins {
    fn one(s: &str) -> Result<String, String> {
        match s.trim() {
            f if f.starts_with("SHA256:") => Ok(f.to_string()),
            _ => Err(Self::EXPECT.to_string()),
        }
    }
}
impl Kind for Admins {
    type V = Vec<String>;
    const EXPECT: &'static str = "a list of key fingerprints, like [\"SHA256:...\"]";
    const VALUE_NAME: &'static str = "FINGERPRINT";
    const FLAG: Option<&'static str> = Some("admin");
    fn from_text(s: &str) -> Result<Vec<String>, String> {
        s.split(',').map(Admins::one).collect()
    }
    fn from_toml(v: &toml::Value) -> Result<Vec<String>, String> {
        v.as_array()
            .and_then(|l| l.iter().map(|f| Admins::one(f.as_str()?).ok()).collect())
            .ok_or_else(|| Self::EXPECT.to_string())
    }
    fn to_toml(v: &Vec<String>) -> String {
        let list: Vec<String> = v.iter().map(|a| quote(a)).collect();
        format!("[{}]", list.join(", "))
    }
    fn show(v: &Vec<String>) -> String {
        match v.is_empty() {
            true => "none".into(),
            false => v.join(","),
        }
    }
    fn arg(a: Arg) -> Arg {
        a.value_parser(Admins::one)
            .action(ArgAction::Append)
            .value_delimiter(',')
    }
    fn from_matches(m: &ArgMatches, id: &str) -> Option<Vec<String>> {
        Some(m.try_get_many::<String>(id).ok()??.cloned().collect())
    }
}

/// Addresses and prefixes (`trusted_proxies`): a list in the file; a repeated flag, or
/// commas in a flag or the variable. A plain address is that one address (an IPv4-mapped
/// one its IPv4 address); a prefix is what it says (`10.0.0.0/8`, `fd00::/8`).
struct Nets;
impl Nets {
    fn one(s: &str) -> Result<AddrNet, String> {
        let t = s.trim();
        match t.parse::<std::net::IpAddr>() {
            Ok(ip) => Ok(AddrNet::new(ip, 128)),
            Err(_) if t.contains('/') => AddrNet::parse(t).map_err(|_| Self::EXPECT.to_string()),
            Err(_) => Err(Self::EXPECT.to_string()),
        }
    }
}
impl Kind for Nets {
    type V = Vec<AddrNet>;
    const EXPECT: &'static str =
        "a list of addresses or prefixes, like [\"127.0.0.1\", \"::1\", \"10.0.0.0/8\"]";
    const VALUE_NAME: &'static str = "ADDR[/BITS]";
    fn from_text(s: &str) -> Result<Vec<AddrNet>, String> {
        s.split(',')
            .filter(|x| !x.trim().is_empty())
            .map(Nets::one)
            .collect()
    }
    fn from_toml(v: &toml::Value) -> Result<Vec<AddrNet>, String> {
        v.as_array()
            .and_then(|l| l.iter().map(|f| Nets::one(f.as_str()?).ok()).collect())
            .ok_or_else(|| Self::EXPECT.to_string())
    }
    fn to_toml(v: &Vec<AddrNet>) -> String {
        let list: Vec<String> = v.iter().map(|a| quote(&a.to_string())).collect();
        format!("[{}]", list.join(", "))
    }
    fn show(v: &Vec<AddrNet>) -> String {
        match v.is_empty() {
            true => "none".into(),
            false => v
                .iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .join(","),
        }
    }
    fn arg(a: Arg) -> Arg {
        a.value_parser(Nets::one)
            .action(ArgAction::Append)
            .value_delimiter(',')
    }
    fn from_matches(m: &ArgMatches, id: &str) -> Option<Vec<AddrNet>> {
        Some(m.try_get_many::<AddrNet>(id).ok()??.cloned().collect())
    }
}

struct Format;
impl Kind for Format {
    type V = LogFormat;
    const EXPECT: &'static str = "\"text\" or \"json\"";
    const VALUE_NAME: &'static str = "text|json";
    fn from_text(s: &str) -> Result<LogFormat, String> {
        LogFormat::parse(s).ok_or_else(|| Self::EXPECT.to_string())
    }
    fn to_toml(v: &LogFormat) -> String {
        quote(v.name())
    }
}

/// A user name; empty: none.
struct User;
impl Kind for User {
    type V = Option<String>;
    const EXPECT: &'static str = "a user name (or \"\" for the server's own user)";
    const VALUE_NAME: &'static str = "USER";
    fn from_text(s: &str) -> Result<Option<String>, String> {
        match s.trim() {
            "" => Ok(None),
            u if u.contains(char::is_whitespace) => Err(Self::EXPECT.to_string()),
            u => Ok(Some(u.to_string())),
        }
    }
    fn to_toml(v: &Option<String>) -> String {
        quote(v.as_deref().unwrap_or_default())
    }
    fn show(v: &Option<String>) -> String {
        OptText::show(v)
    }
    /// A user that cannot be used here (no such user, or the server is not root).
    fn note(v: &Option<String>) -> Option<String> {
        crate::ucc::external::user_problem(v.as_deref()?).map(|why| format!("WARNING: {why}"))
    }
}

/// A command line, its words split at spaces; empty or "off": none.
struct Sandbox;
impl Kind for Sandbox {
    type V = Vec<String>;
    const EXPECT: &'static str = "a command (or \"\" for none)";
    const VALUE_NAME: &'static str = "COMMAND";
    fn from_text(s: &str) -> Result<Vec<String>, String> {
        Ok(match s.trim() {
            "" | "off" => Vec::new(),
            s => s.split_whitespace().map(str::to_string).collect(),
        })
    }
    fn to_toml(v: &Vec<String>) -> String {
        quote(&v.join(" "))
    }
    fn show(v: &Vec<String>) -> String {
        match v.is_empty() {
            true => "empty".into(),
            false => v.join(" "),
        }
    }
}

/// `[[agents]]` tables (file only).
struct Agents;
impl Kind for Agents {
    type V = Vec<AgentSpec>;
    const EXPECT: &'static str = "[[agents]] tables";
    const VALUE_NAME: &'static str = "";
    const FILE_ONLY: bool = true;
    fn from_text(_: &str) -> Result<Vec<AgentSpec>, String> {
        Err("agents are set in the configuration file only".into())
    }
    fn from_toml(v: &toml::Value) -> Result<Vec<AgentSpec>, String> {
        agents(v)
    }
    /// `agents = [{ name = ..., command = ..., ... }, ...]`: the tables, inline.
    fn to_toml(v: &Vec<AgentSpec>) -> String {
        let tables: Vec<String> = v
            .iter()
            .map(|a| {
                let args: Vec<String> = a.command.args.iter().map(|x| quote(x)).collect();
                format!(
                    "{{ name = {}, command = {}, args = [{}], move_timeout = {}, max_games = {} }}",
                    quote(&a.name),
                    quote(&a.command.program),
                    args.join(", "),
                    quote(&fmt_duration(a.move_timeout)),
                    a.max_games
                )
            })
            .collect();
        format!("[{}]", tables.join(", "))
    }
}

/// The clap argument of one setting: `--key-with-dashes VALUE`, `STRATEGO_KEY`, its doc,
/// where it sits in the file and its default.
fn arg_of<K: Kind>(key: &'static str, doc: &[&str], default: &K::V) -> Option<Arg> {
    if K::FILE_ONLY {
        return None;
    }
    let long = K::FLAG.map_or_else(|| key.replace('_', "-"), str::to_string);
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let help = format!(
        "{} [file: {key}] [default: {}]",
        help_of(doc),
        K::show(default)
    );
    Some(K::arg(
        Arg::new(key)
            .long(leak(long))
            .env(leak(format!("STRATEGO_{}", key.to_ascii_uppercase())))
            .value_name(K::VALUE_NAME)
            .help(help),
    ))
}

/// A doc comment as one paragraph of help.
fn help_of(doc: &[&str]) -> String {
    doc.iter()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The settings: each line declares one (`key: Kind => place in ServerOptions;`), its doc
/// comment is its `--help` and its comment in the sample file.
macro_rules! settings {
    ($( $(#[doc = $doc:literal])* $key:ident : $kind:ident => $($place:ident).+ ; )*) => {
        /// Every key a configuration file may hold, in the order of the sample file.
        pub const KEYS: &[&str] = &[$(stringify!($key)),*];

        /// The configuration flags (each also read from its `STRATEGO_*` variable): `None`
        /// where neither was given.
        #[derive(Clone, Debug, Default)]
        pub struct ConfigArgs {
            /// `--config PATH` (`STRATEGO_CONFIG`).
            pub config: Option<PathBuf>,
            /// `--log-json`: same as `--log-format json`.
            pub log_json: bool,
            $($key: Option<<$kind as Kind>::V>,)*
        }

        impl ConfigArgs {
            fn flags() -> Vec<Arg> {
                let d = ServerOptions::default();
                let mut args = vec![
                    Arg::new("config")
                        .long("config")
                        .env("STRATEGO_CONFIG")
                        .value_name("PATH")
                        .value_parser(clap::value_parser!(PathBuf))
                        .help("TOML configuration file (every key is listed in \
                               deploy/stratego-ssh.toml). Flags and STRATEGO_* variables \
                               override its values."),
                ];
                $(args.extend(arg_of::<$kind>(stringify!($key), &[$($doc),*], &d.$($place).+));)*
                args.push(
                    Arg::new("log_json")
                        .long("log-json")
                        .env("STRATEGO_LOG_JSON")
                        .action(ArgAction::SetTrue)
                        .help("Same as --log-format json."),
                );
                args
            }

            fn read(&mut self, m: &ArgMatches) {
                if let Some(p) = m.try_get_one::<PathBuf>("config").ok().flatten() {
                    self.config = Some(p.clone());
                }
                if m.try_get_one::<bool>("log_json").ok().flatten() == Some(&true) {
                    self.log_json = true;
                }
                $(if let Some(v) = <$kind as Kind>::from_matches(m, stringify!($key)) {
                    self.$key = Some(v);
                })*
            }

            /// Sets what the flags (and variables) give.
            fn apply(&self, o: &mut ServerOptions) {
                $(if let Some(v) = &self.$key {
                    o.$($place).+ = v.clone();
                })*
                if self.log_json {
                    o.log_format = LogFormat::Json;
                }
            }
        }

        /// Sets `key` from a file's value; `None`: no such key.
        fn apply_toml(o: &mut ServerOptions, key: &str, v: &toml::Value) -> Option<Result<(), String>> {
            Some(match key {
                $(stringify!($key) => <$kind as Kind>::from_toml(v).map(|x| o.$($place).+ = x),)*
                _ => return None,
            })
        }

        impl ServerOptions {
            /// The settings as a configuration file would hold them (every key, `--check`
            /// prints this): TOML the server reads back.
            pub fn to_toml(&self) -> String {
                let mut out = String::new();
                $(
                    out.push_str(&format!(
                        "{} = {}",
                        stringify!($key),
                        <$kind as Kind>::to_toml(&self.$($place).+)
                    ));
                    if let Some(note) = <$kind as Kind>::note(&self.$($place).+) {
                        out.push_str(&format!("  # {note}"));
                    }
                    out.push('\n');
                )*
                out
            }
        }

        /// The sample configuration file (`deploy/stratego-ssh.toml`): every key with its
        /// doc and its default.
        pub fn sample() -> String {
            let d = ServerOptions::default();
            let mut out = SAMPLE_HEADER.to_string();
            $(
                out.push('\n');
                $(out.push_str(&format!("#{}\n", $doc));)*
                out.push_str(&format!(
                    "{} = {}\n",
                    stringify!($key),
                    <$kind as Kind>::to_toml(&d.$($place).+)
                ));
            )*
            out
        }
    };
}

const SAMPLE_HEADER: &str = "\
# stratego-ssh configuration. Every key is shown with its default value.
#
# Use it with `stratego-ssh --config /etc/stratego-ssh/stratego-ssh.toml`.
# Each key can also be set by a command-line flag (`max_per_address` -> `--max-per-address`)
# or an environment variable (`STRATEGO_MAX_PER_ADDRESS`). Precedence:
# flag > environment > this file > default. Unknown keys are an error.
#
# Durations are strings: \"500ms\", \"30s\", \"5m\", \"1h 30m\", \"1d\" (flags and variables
# take the same). Relative paths are relative to the working directory of the server
# (systemd: WorkingDirectory=).
#
# Generated from the declarations in src/config.rs, with the same text as `--help`:
# `STRATEGO_WRITE_SAMPLE=1 cargo test --test config` rewrites it.
";

settings! {
    /// Address and port to listen on. "[::]:2222" for IPv6; port 22 needs
    /// CAP_NET_BIND_SERVICE (see deploy/stratego-ssh.service).
    listen: Addr => listen;
    /// Address and port of the read-only web pages and their JSON API (docs/web.md), served by
    /// the same process beside SSH: leaderboards, profiles, finished games. "off": no web
    /// server. For a public site put a TLS reverse proxy in front of it (docs/hosting.md).
    http_listen: AddrOrOff => http_listen;
    /// Game data (players, ratings, games in progress and finished). Created if missing.
    data_dir: Dir => data_dir;
    /// The server's host key, created on first start. Keep it: players' known_hosts pin it.
    keys_dir: Dir => keys_dir;
    /// Let people without an SSH key in as guests (casual games only).
    allow_guests: Flag => ssh.allow_guests;
    /// Let every player with an SSH key create and run tournaments (`ssh host tournament create
    /// ...`); false: admins only (`ssh host admin tournament create ...`).
    players_create_tournaments: Flag => ssh.players_create_tournaments;
    /// Let admins enter computer players in tournaments (`ssh host admin tournament addbot ID
    /// easy`), for testing an event with few people. Off: computer players never enter.
    tournament_bots: Flag => lobby.tournament_bots;
    /// Upcoming and running tournaments one player (an SSH key) may have created at once, where
    /// players run tournaments. One more gets "you have 3 tournaments upcoming or running, the
    /// most one organiser may have on this server: ..." and nothing is created. Admins are exempt.
    max_tournaments_per_organiser: Count => lobby.max_tournaments_per_organiser;
    /// Entrants one tournament takes (computer players included). One more gets "NAME is full:
    /// 256 players, ..." and does not join.
    max_entrants: Count => lobby.max_entrants;
    /// Most simultaneous connections; more are refused before the SSH handshake.
    max_connections: Count => ssh.max_connections;
    /// Most simultaneous connections from one IP address (IPv6: one /64; IPv4-mapped IPv6 counts
    /// as its IPv4 address). Past it the connection gets one line, "server busy", and is closed.
    max_per_address: Count => ssh.max_per_address;
    /// Time from TCP accept to successful authentication, handshake included.
    auth_timeout: Dur => ssh.auth_timeout;
    /// Disconnect a session after this long without a keypress.
    idle_timeout: Dur => ssh.idle_timeout;
    /// Close an authenticated connection on which no shell or command has run for this long,
    /// counted from authentication or from the end of its last one (`ssh -N`, channels opened
    /// and left unused, an OpenSSH ControlMaster between commands). The client is told "closed:
    /// no shell or command ran on this connection for 20s". "0s" turns it off.
    channel_timeout: Dur => ssh.channel_timeout;
    /// Most guests (people without a key) connected at once, counted from their login; the rest
    /// of max_connections stays for key holders, so a flood of guests never locks them out. A
    /// guest past it is told "server full for guests: connect with an SSH key" and disconnected.
    /// "auto": three quarters of max_connections (1500 of 2000; 7 of 10), so lowering
    /// max_connections keeps a quarter for key holders.
    max_guest_connections: AutoCount => ssh.max_guest_connections;
    /// Input bytes a session reads a second (twice that in a burst; a packet counts at least 256
    /// bytes). A client sending more is read more slowly: nothing is dropped, its keys wait, its
    /// TCP window closes. A bracketed paste ends at its end marker, after 256 KiB or after 5 s
    /// (time spent reading it slowly does not count).
    input_bytes_per_second: Count => ssh.input_bytes_per_second;
    /// Window changes a session draws a second. In a storm of them the last size is drawn when
    /// the budget allows; the others are skipped.
    resizes_per_second: Count => ssh.resizes_per_second;
    /// Commands (`ssh host leaderboard`, `games`, `replay`, `admin ...`) one connection may run at
    /// once, one per channel (a channel runs one command; more requests on it fail). Past the
    /// cap: "server busy: at most N commands at once on one connection ..." and exit status 75.
    max_exec_in_flight: Count => ssh.max_exec_in_flight;
    /// Commands running at once from one address (IPv6: one /64, as all per-address limits).
    /// Past it: "server busy: at most N commands at once from one address ..." and exit status 75.
    max_exec_per_address: Count => ssh.max_exec_per_address;
    /// New connections one address (IPv6: one /64) may open a minute, half of them at once
    /// (OpenSSH's per-source penalties play this part there). Past it the connection gets one
    /// line, "server busy: too many new connections from your address, try again in a minute",
    /// and is closed before the handshake costs anything.
    connects_per_minute: Count => ssh.connects_per_minute;
    /// Commands one address (IPv6: one /64) may run a minute, half of them at once. Past it:
    /// "server busy: at most N commands a minute from one address ..." and exit status 75.
    commands_per_minute: Count => ssh.commands_per_minute;
    /// After an admin bans a key or a nick, guest logins from the address block the banned
    /// player last used (an IPv4 address, an IPv6 /64) are refused this long, so the player
    /// does not come straight back as a guest. Such a guest is told "Guest logins from your
    /// address are closed until <time> UTC: a player banned here last used it". "0s" turns it
    /// off. (An address ban, `admin ban addr ...`, refuses keys and guests alike, for good.)
    ban_guest_block: Dur => ssh.ban_guest_block;
    /// Commands doing their work (store reads) at once, server-wide; more wait their turn.
    exec_workers: Count => ssh.exec_workers;
    /// New accounts one address (IPv6: one /64) may create an hour: a new SSH key's first login
    /// registers its nickname. Past it the new key still comes in, for that visit only, under a
    /// name nobody keeps ("Too many new players from your network in the last hour (10 at
    /// most): you are NAME-1234 for this visit only (no nickname is registered to your key).
    /// Come back later to register it."); keys already registered are never affected.
    registrations_per_hour: Count => ssh.registrations_per_hour;
    /// The directory under which `ssh host admin backup NAME` writes (made if missing; a
    /// relative path is taken from the server's working directory, like data_dir). NAME is a
    /// new directory under it (or an absolute path inside it); a path that leaves it is
    /// refused with exit status 2 and nothing is written. The `stratego-ssh backup DIR` command
    /// (run by the host, server stopped) is not limited by it.
    backup_root: Dir => ssh.backup_root;
    /// How long a player who dropped out of a game has to come back before the opponent may
    /// claim the win.
    reconnect_grace: Dur => lobby.game.reconnect_grace;
    /// A game in play whose two players (people, not the computer) have both been away this
    /// long ends without a result (aborted: not rated, not kept): nobody is left to claim the
    /// win, and a game with no clock would otherwise stay "in play" for ever. A clock
    /// usually ends it sooner.
    abandoned_after: Dur => lobby.game.abandoned_after;
    /// When a seek has waited this long with nobody taking it, the easy computer accepts it (a
    /// casual game). "0s" turns it off.
    bots_accept_seeks: OptDur => lobby.bots_accept_seeks;
    /// Computer players thinking at once: the hard computer's search is CPU work (about 65 ms
    /// a move on an idle core), done on this many threads of their own, at a lower priority
    /// (nice 10) so that the sessions' screens come first, however many games it plays; the
    /// others wait their turn. Keep it under the machine's cores.
    max_bot_threads: Count => lobby.max_bot_threads;
    /// The analysis after a game (the hard computer reviews every move of a finished game):
    /// threads reviewing games at once, at the lowest priority the server uses (nice 15,
    /// below the computer players), so the sessions and the computer players come first. Each
    /// move costs two of the hard computer's searches (docs/performance.md measures a game).
    /// Keep it under the machine's cores.
    analysis_threads: Count => lobby.analysis.threads;
    /// Finished games that may wait for their analysis. A game is queued when it ends and when
    /// someone asks for its analysis; past this, the ask is refused ("The analysis queue is
    /// full: ask again later") and the game waits for the next ask.
    analysis_queue: Count => lobby.analysis.queue;
    /// A seek posted with the same terms as another player's open seek starts that game at once,
    /// unless the open seek is younger than this, or its owner withdrew their last 3 seeks
    /// without a game: then the new seek is listed beside it (either can still be accepted by
    /// hand), so a seek posted and withdrawn in a loop cannot capture whoever posts meanwhile.
    /// "0s": any age.
    seek_match_delay: Dur => lobby.seek_match_delay;
    /// Games in set-up or play one player (an SSH key, or one guest) may have at once. A new
    /// seek, challenge, acceptance or game against the computer past it is refused with the
    /// notice "You already have 3 games in progress: finish one first". The computer players
    /// are exempt.
    max_games_per_player: Count => lobby.max_games_per_player;
    /// Longest set-up. When it runs out, a side that is not ready loses to one that is (the
    /// result is shown; nothing is recorded or rated, as no move was played), and with neither
    /// side ready the game is aborted. Players see the time left while they set up. "0s" turns
    /// it off.
    setup_deadline: OptDur => lobby.game.setup_deadline;
    /// Message of the day, shown to everyone entering the lobby. Empty: none.
    motd: OptText => ssh.motd;
    /// The host name players connect to, shown in the help texts the server sends
    /// ("ssh -t -p 2222 HOST"). Empty: the address each player connected to.
    host_name: OptText => ssh.host_name;
    /// The web pages' address as players' browsers reach them, for the links the SSH screens
    /// print (a finished game's page, a player's page, `ssh host replay ID`'s last line), e.g.
    /// "https://stratego.example.org" behind a TLS reverse proxy. Empty: "http://HOST:PORT",
    /// HOST the host_name if set, else the address each player connected to, PORT the port of
    /// http_listen. No links at all when http_listen is "off".
    public_url: Url => ssh.public_url;
    /// The reverse proxies in front of the web pages (docs/hosting.md, "Behind a proxy"):
    /// addresses or prefixes, e.g. ["127.0.0.1", "::1"] for a proxy on this machine. A request
    /// from one counts against the address in X-Forwarded-For (every such header, in order)
    /// right-most that is not itself a trusted proxy, and its connections count only in the
    /// web's total. Empty: X-Forwarded-For is ignored and every connection and request counts
    /// against the address it comes from. An IPv4-mapped address (::ffff:127.0.0.1, as a
    /// "[::]" listener sees IPv4) is its IPv4 address.
    trusted_proxies: Nets => web.trusted_proxies;
    /// Behind a TCP balancer (HAProxy `send-proxy-v2`, nginx stream `proxy_protocol on`): the
    /// SSH and web listeners read a PROXY protocol header (version 2 or 1) before each
    /// connection's bytes and count the client's address it names, so bans and budgets count
    /// people, not the balancer. A connection without one is closed. Only with a balancer in
    /// front of every listener: a client reaching the port straight could name any address.
    proxy_protocol: Flag => proxy_protocol;
    /// Live pages (a game's or a tournament's stream) one address (IPv6: one /64) may follow
    /// at once. A club or school behind one address may need more. Past it the page says so
    /// and checks for changes every few seconds instead.
    max_live_streams_per_address: Count => web.max_live_streams_per_address;
    /// SHA-256 fingerprints of the admins' keys, as `ssh-keygen -lf KEY.pub` prints them,
    /// e.g. ["SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU"]. Admins get the
    /// `ssh host admin ...` commands and the admin screen (A in the lobby).
    admins: Admins => ssh.admins;
    /// Log format: "text" (human-readable) or "json" (one object per line). The level comes
    /// from the RUST_LOG environment variable (default "info"; e.g. RUST_LOG=debug).
    log_format: Format => log_format;
    /// Other people's Stratego programs offered as opponents under `b` (play the computer),
    /// beside our own levels. Each speaks the protocol of the 2012 UCC AI competition on
    /// standard input and output (its referee's manual, section PROTOCOL) and is started for
    /// each game, with the rules it was written for (Classic, no two-square or chasing rule);
    /// games against it are casual. If it crashes, takes longer than move_timeout for an answer
    /// or plays an illegal move, the player wins and is told why. Its standard error is kept in
    /// DATA_DIR/agent-logs/NAME-GAME.stderr, at most 1 MiB a game (then a line saying it was
    /// cut); the oldest logs are removed past 64 MiB or 1000 files. A line of output longer than
    /// 4096 bytes, or not reading its input within move_timeout, also loses. Each program runs
    /// in an empty directory of its own (removed after the game) with a cleared environment
    /// (PATH=/usr/bin:/bin, LANG=C, HOME its directory). It appears as bot-NAME; max_games caps how many of
    /// its games run at once (default 2); move_timeout defaults to "10s". To add one, replace
    /// `agents = []` below with a table like this (one [[agents]] table per program):
    ///   [[agents]]
    ///   name = "peternlewis"
    ///   command = "/opt/peers/peternlewis/peternlewis"
    ///   args = []
    ///   move_timeout = "10s"
    ///   max_games = 2
    agents: Agents => lobby.agents;
    /// Run the agents' programs as this user and its group (e.g. a dedicated "stratego-agents"
    /// that cannot read the data and keys directories: see deploy/README.md, "Agents"). Only
    /// possible when the server runs as root; otherwise every agent forfeits at its start, and
    /// --check prints a warning after this line. Empty: the server's own user.
    agents_user: User => lobby.agent_box.user;
    /// A command each agent's program runs under, its words split at spaces, "{dir}" standing
    /// for the game's working directory, e.g. bubblewrap:
    ///   "bwrap --ro-bind /usr /usr --symlink usr/bin /bin --symlink usr/lib /lib --symlink usr/lib64 /lib64 --ro-bind /opt/peers /opt/peers --bind {dir} {dir} --chdir {dir} --proc /proc --dev /dev --unshare-all --die-with-parent --new-session --"
    /// Empty or "off": none.
    agents_sandbox: Sandbox => lobby.agent_box.sandbox;
    /// The NATS server between a core and its edges (docs/scaling.md), e.g.
    /// "nats://127.0.0.1:4222". Empty: one process serves everything, as without it (the
    /// default). Set: this process is the core or an edge, as role says.
    nats_url: NatsUrl => bus.nats_url;
    /// With nats_url: "core" runs the lobby, the games, the computer players and the store, and
    /// listens for nothing but the bus (one core); "edge" serves SSH in front of it, its
    /// sessions' lobby and games on the core (as many edges as needed, sharing the host key),
    /// and the web if http_listen is set. What an edge does not serve yet: docs/scaling.md.
    /// Without nats_url: ignored.
    role: RoleKind => bus.role;
    /// With nats_url: a file whose first line is this process's NATS user and password,
    /// "user:password" (keep it mode 0600; deploy/nats-server.conf gives the core and the
    /// edges users of their own, each allowed only its role's subjects). Empty: no
    /// credentials.
    nats_auth_file: OptPath => bus.auth_file;
    /// With nats_url: a PEM file holding the certificate authority (or authorities) the NATS
    /// server's certificate must be signed by, e.g. a private one made for the bus. Set: the
    /// connection is TLS or nothing (a NATS server that does not offer TLS is refused).
    /// Empty: TLS only with a "tls://" URL, checked against the system's roots.
    nats_tls_ca: OptPath => bus.tls_ca;
    /// With nats_url: a PEM certificate this process shows the NATS server (TLS with client
    /// certificates: the server's `tls { verify: true }`), with its key in nats_tls_key; both
    /// or neither. Set: the connection is TLS or nothing. Empty: none shown.
    nats_tls_cert: OptPath => bus.tls_cert;
    /// With nats_tls_cert: the PEM file of its private key (keep it mode 0600).
    nats_tls_key: OptPath => bus.tls_key;
    /// With role = "edge": this edge's name on the bus (letters, digits, "-" and "_"), so
    /// that the NATS server can give each edge a user allowed only its own sessions' subjects
    /// (`core.session.NAME.>`, `edge.NAME.>`: deploy/nats-server.conf). Edges may share one
    /// (each start adds a number of its own). Empty: "edge".
    edge_name: EdgeName => bus.edge_name;
}

// The bus's kinds (issue 46): `nats_url`, `role`, `nats_auth_file`, `nats_tls_ca`,
// `nats_tls_cert`, `nats_tls_key`, `edge_name`.

/// A NATS server's address: `nats://` or `tls://`, host and port; empty: none.
struct NatsUrl;
impl Kind for NatsUrl {
    type V = Option<String>;
    const EXPECT: &'static str =
        "a NATS server's address, like \"nats://127.0.0.1:4222\", or \"\" for none";
    const VALUE_NAME: &'static str = "URL";
    fn from_text(s: &str) -> Result<Option<String>, String> {
        let t = s.trim();
        if t.is_empty() {
            return Ok(None);
        }
        let rest = t
            .strip_prefix("nats://")
            .or_else(|| t.strip_prefix("tls://"));
        match rest {
            Some(r) if !r.is_empty() && !r.contains(char::is_whitespace) => Ok(Some(t.to_string())),
            _ => Err(Self::EXPECT.to_string()),
        }
    }
    fn to_toml(v: &Option<String>) -> String {
        quote(v.as_deref().unwrap_or_default())
    }
    fn show(v: &Option<String>) -> String {
        v.clone().unwrap_or_else(|| "empty".into())
    }
}

/// A file path; empty: none.
struct OptPath;
impl Kind for OptPath {
    type V = Option<PathBuf>;
    const EXPECT: &'static str = "a file path, or \"\" for none";
    const VALUE_NAME: &'static str = "FILE";
    fn from_text(s: &str) -> Result<Option<PathBuf>, String> {
        Ok((!s.trim().is_empty()).then(|| PathBuf::from(s)))
    }
    fn to_toml(v: &Option<PathBuf>) -> String {
        quote(
            &v.as_deref()
                .map(|p| p.to_string_lossy())
                .unwrap_or_default(),
        )
    }
    fn show(v: &Option<PathBuf>) -> String {
        v.as_deref()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| "empty".into())
    }
}

/// An edge's name: a NATS subject token of letters, digits, `-` and `_`; empty: none.
struct EdgeName;
impl Kind for EdgeName {
    type V = Option<String>;
    const EXPECT: &'static str =
        "a name of letters, digits, \"-\" and \"_\" (at most 32), or \"\" for \"edge\"";
    const VALUE_NAME: &'static str = "NAME";
    fn from_text(s: &str) -> Result<Option<String>, String> {
        let t = s.trim();
        if t.is_empty() {
            return Ok(None);
        }
        let ok = t.len() <= 32
            && t.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        ok.then(|| Some(t.to_string()))
            .ok_or_else(|| Self::EXPECT.to_string())
    }
    fn to_toml(v: &Option<String>) -> String {
        quote(v.as_deref().unwrap_or_default())
    }
    fn show(v: &Option<String>) -> String {
        v.clone().unwrap_or_else(|| "empty".into())
    }
}

/// `core` or `edge`.
struct RoleKind;
impl Kind for RoleKind {
    type V = crate::bus::Role;
    const EXPECT: &'static str = "\"core\" or \"edge\"";
    const VALUE_NAME: &'static str = "core|edge";
    fn from_text(s: &str) -> Result<crate::bus::Role, String> {
        crate::bus::Role::parse(s).ok_or_else(|| Self::EXPECT.to_string())
    }
    fn to_toml(v: &crate::bus::Role) -> String {
        quote(v.name())
    }
}

impl clap::FromArgMatches for ConfigArgs {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut a = ConfigArgs::default();
        a.read(m);
        Ok(a)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        self.read(m);
        Ok(())
    }
}

impl clap::Args for ConfigArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.args(ConfigArgs::flags())
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd.args(ConfigArgs::flags())
    }
}

impl ServerOptions {
    /// Resolves the settings, in one merge: the defaults, then the file named by
    /// `args.config`, then `args` (flags, and the environment through clap).
    pub fn resolve(args: &ConfigArgs) -> Result<ServerOptions, ConfigError> {
        let mut o = ServerOptions::default();
        if let Some(path) = &args.config {
            FileConfig::load(path)?.apply(&mut o);
        }
        args.apply(&mut o);
        o.lobby.agent_logs = Some(o.data_dir.join("agent-logs"));
        Ok(o)
    }
}

/// A configuration file, checked: every key known, every value of its kind.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FileConfig {
    table: toml::Table,
}

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

    /// Parses and checks the text of a configuration file (`path` only names it in errors).
    pub fn parse(text: &str, path: &Path) -> Result<FileConfig, ConfigError> {
        let table: toml::Table =
            text.parse()
                .map_err(|e: toml::de::Error| ConfigError::Syntax {
                    path: path.to_path_buf(),
                    error: e.to_string().trim_end().to_string(),
                })?;
        let mut scratch = ServerOptions::default();
        for (key, value) in &table {
            match apply_toml(&mut scratch, key, value) {
                None => {
                    return Err(ConfigError::UnknownKey {
                        path: path.to_path_buf(),
                        key: key.clone(),
                    })
                }
                Some(Err(expected)) => {
                    return Err(ConfigError::BadValue {
                        path: path.to_path_buf(),
                        key: key.clone(),
                        expected,
                        got: describe(value),
                    })
                }
                Some(Ok(())) => {}
            }
        }
        Ok(FileConfig { table })
    }

    /// Sets what the file gives (checked by [`FileConfig::parse`]).
    pub fn apply(&self, o: &mut ServerOptions) {
        for (key, value) in &self.table {
            let _ = apply_toml(o, key, value);
        }
    }
}

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
            Some(d) => d
                .as_str()
                .and_then(|d| parse_duration(d).ok())
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

fn count(v: &toml::Value) -> Option<usize> {
    v.as_integer()
        .filter(|n| *n >= 1)
        .and_then(|n| usize::try_from(n).ok())
}

/// The longest duration any setting takes (longer is surely a mistake).
const LONGEST: Duration = Duration::from_secs(365 * 86_400);

/// Reads a duration in the one grammar of the server's settings and commands (`humantime`'s):
/// spans of a whole or decimal number and a unit, like `500ms`, `30s`, `0.2s`, `5m`,
/// `1h 30m`, `2h30m`, `1d`, `2days`, `1week`; `0` alone is zero. At most a year.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    match humantime::parse_duration(t) {
        Ok(d) if d <= LONGEST => Ok(d),
        Ok(_) => Err(format!("'{s}' is not a usable duration (a year at most)")),
        Err(_) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit() || b == b'.') => Err(
            format!("'{s}' is not a duration: give it a unit, like {t}s, {t}m or {t}h"),
        ),
        Err(e) => Err(format!(
            "'{s}' is not a duration ({e}): write e.g. 500ms, 30s, 5m or 1h 30m"
        )),
    }
}

/// A duration as [`parse_duration`] reads it back: `500ms`, `30s`, `2m`, `1h 30m`, `1d`;
/// zero is `0s`.
pub fn fmt_duration(d: Duration) -> String {
    let secs = d.as_secs();
    let nanos = d.subsec_nanos();
    let parts = [
        (secs / 86_400, "d"),
        (secs / 3600 % 24, "h"),
        (secs / 60 % 60, "m"),
        (secs % 60, "s"),
        (u64::from(nanos / 1_000_000), "ms"),
        (u64::from(nanos / 1000 % 1000), "us"),
        (u64::from(nanos % 1000), "ns"),
    ];
    let words: Vec<String> = parts
        .iter()
        .filter(|(n, _)| *n != 0)
        .map(|(n, unit)| format!("{n}{unit}"))
        .collect();
    match words.is_empty() {
        true => "0s".into(),
        false => words.join(" "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_print_back_as_they_read() {
        for (text, d) in [
            ("0s", Duration::ZERO),
            ("500ms", Duration::from_millis(500)),
            ("1h", Duration::from_secs(3600)),
            ("1h 30m", Duration::from_secs(5400)),
            ("1d 1s 5ms", Duration::from_millis(86_401_005)),
            ("2m 3s 4us 5ns", Duration::new(123, 4005)),
        ] {
            assert_eq!(fmt_duration(d), text);
            assert_eq!(parse_duration(text), Ok(d), "{text}");
        }
        assert_eq!(parse_duration(" 0.2s "), Ok(Duration::from_millis(200)));
        assert_eq!(parse_duration("2h30m"), Ok(Duration::from_secs(9000)));
        assert_eq!(parse_duration("1d"), Ok(Duration::from_secs(86_400)));
        let e = parse_duration("45").unwrap_err();
        assert!(e.contains("45s"), "{e}");
        assert!(parse_duration("-1s").is_err());
        assert!(parse_duration("later").is_err());
        assert!(parse_duration("").is_err());
        assert!(parse_duration("400days").is_err());
    }
}
