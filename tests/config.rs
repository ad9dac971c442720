//! The configuration (src/config.rs): the sample file, the file's keys and values, the
//! precedence flag > environment > file > default, and the duration grammar.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Parser;
use stratego_ssh::config::{
    fmt_duration, parse_duration, sample, ConfigArgs, ConfigError, FileConfig, LogFormat,
    ServerConfig, KEYS,
};
use stratego_ssh::server::ServerOptions;
use stratego_ssh::ucc::external::{AgentBox, AgentCommand, AgentSpec};

#[derive(Parser, Debug)]
struct TestCli {
    #[command(flatten)]
    config: ConfigArgs,
}

const EXAMPLE: &str = include_str!("../deploy/stratego-ssh.toml");

/// One test sets `STRATEGO_*` variables for a moment (the environment is the process's):
/// every test here holds this while it runs, so none reads a setting meant for another.
fn env_lock() -> std::sync::MutexGuard<'static, ()> {
    static ENV: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ENV.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn parse(text: &str) -> Result<FileConfig, ConfigError> {
    FileConfig::parse(text, Path::new("test.toml"))
}

/// The defaults with a file's settings applied.
fn merged(file: &FileConfig) -> ServerOptions {
    let mut o = ServerOptions::default();
    file.apply(&mut o);
    o
}

#[test]
fn the_sample_file_is_generated_from_the_declarations() {
    let _env = env_lock();
    let generated = sample();
    if EXAMPLE != generated && std::env::var_os("STRATEGO_WRITE_SAMPLE").is_some() {
        std::fs::write(
            concat!(env!("CARGO_MANIFEST_DIR"), "/deploy/stratego-ssh.toml"),
            &generated,
        )
        .unwrap();
        return;
    }
    assert!(
        EXAMPLE == generated,
        "deploy/stratego-ssh.toml is not what src/config.rs declares; \
         `STRATEGO_WRITE_SAMPLE=1 cargo test --test config` rewrites it. It should be:\n{generated}"
    );
}

#[test]
fn the_example_file_sets_every_key_to_its_default() {
    let _env = env_lock();
    let file = parse(EXAMPLE).expect("the example parses");
    let defaults = ServerOptions::default().to_toml();
    for key in KEYS {
        let line = EXAMPLE
            .lines()
            .find(|l| l.starts_with(&format!("{key} =")))
            .unwrap_or_else(|| panic!("the example sets {key}"));
        assert!(defaults.lines().any(|l| l == line), "{line} is the default");
    }
    assert_eq!(KEYS.len(), 52);
    assert_eq!(merged(&file).to_toml(), defaults);
}

#[test]
fn the_printed_settings_read_back_as_the_same_settings() {
    let _env = env_lock();
    let mut c = ServerOptions::default();
    c.ssh.motd = Some("Welcome \"home\"\nsecond line".into());
    c.ssh.admins = vec!["SHA256:abc".into(), "SHA256:d/e+f".into()];
    c.ssh.auth_timeout = Duration::from_millis(1500);
    c.lobby.game.reconnect_grace = Duration::from_secs(90);
    c.lobby.max_games_per_player = 1;
    c.lobby.game.setup_deadline = None;
    c.log_format = LogFormat::Json;
    c.lobby.agents = vec![AgentSpec {
        name: "peter".into(),
        command: AgentCommand {
            program: "/opt/peers/peter \"nl\"".into(),
            args: vec!["--quiet".into(), "".into()],
        },
        move_timeout: Duration::from_millis(2500),
        max_games: 4,
    }];
    for config in [ServerOptions::default(), c] {
        let text = config.to_toml();
        let file = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let back = merged(&file);
        assert_eq!(back.to_toml(), text);
        assert_eq!(back.lobby.agents, config.lobby.agents);
        assert_eq!(back.ssh.motd, config.ssh.motd);
        assert_eq!(back.ssh.admins, config.ssh.admins);
        assert_eq!(
            back.lobby.game.setup_deadline,
            config.lobby.game.setup_deadline
        );
        for key in KEYS {
            assert!(text.contains(&format!("{key} = ")), "{key} in\n{text}");
        }
    }
    // "1h 30m" is read, and printed back as written.
    let file = parse("reconnect_grace = \"1h 30m\"\n").unwrap();
    let o = merged(&file);
    assert_eq!(o.lobby.game.reconnect_grace, Duration::from_secs(5400));
    assert!(o.to_toml().contains("reconnect_grace = \"1h 30m\"\n"));
    // The agents' box: a user that cannot be used is flagged in what --check prints.
    let mut boxed = ServerOptions::default();
    let text =
        "agents_user = \"no-such-user-here\"\nagents_sandbox = \"bwrap --bind {dir} {dir} --\"\n";
    parse(text).unwrap().apply(&mut boxed);
    let text = boxed.to_toml();
    assert!(
        text.contains("agents_user = \"no-such-user-here\"  # WARNING: agents_user: no user named"),
        "{text}"
    );
    let back = merged(&parse(&text).unwrap());
    assert_eq!(back.to_toml(), text);
    assert_eq!(
        back.lobby.agent_box.user.as_deref(),
        Some("no-such-user-here")
    );
    assert_eq!(
        back.lobby.agent_box.sandbox,
        ["bwrap", "--bind", "{dir}", "{dir}", "--"]
    );
    assert_eq!(
        ServerOptions::default().lobby.agent_box,
        AgentBox::default()
    );
    assert_eq!(fmt_duration(Duration::from_secs(3600)), "1h");
    assert_eq!(fmt_duration(Duration::ZERO), "0s");
}

#[test]
fn the_defaults_are_the_documented_ones() {
    let _env = env_lock();
    let d = ServerOptions::default();
    assert_eq!(d.listen, "0.0.0.0:2222");
    assert_eq!(d.data_dir, PathBuf::from("data"));
    assert_eq!(d.keys_dir, PathBuf::from("keys"));
    assert_eq!(d.log_format, LogFormat::Text);
    assert_eq!(d.ssh.motd, None);
}

#[test]
fn unknown_keys_are_named() {
    let _env = env_lock();
    let e = parse("listen = \"0.0.0.0:22\"\nmax_conections = 5\n").unwrap_err();
    assert!(matches!(&e, ConfigError::UnknownKey { key, .. } if key == "max_conections"));
    assert!(e.to_string().contains("`max_conections`"), "{e}");
    let e = parse("[ssh]\nlisten = \"x:1\"\n").unwrap_err();
    assert!(e.to_string().contains("`ssh`"), "{e}");
}

#[test]
fn bad_values_name_the_key_and_what_is_expected() {
    let _env = env_lock();
    for (text, key, hint) in [
        (
            "max_connections = \"many\"",
            "max_connections",
            "whole number",
        ),
        ("max_per_address = 0", "max_per_address", "whole number"),
        (
            "max_guest_connections = \"half\"",
            "max_guest_connections",
            "\"auto\"",
        ),
        (
            "max_games_per_player = 0",
            "max_games_per_player",
            "whole number",
        ),
        ("setup_deadline = 300", "setup_deadline", "duration"),
        ("setup_deadline = \"300\"", "setup_deadline", "duration"),
        (
            "setup_deadline = \"5 minutes later\"",
            "setup_deadline",
            "duration",
        ),
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
    let _env = env_lock();
    assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
    assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
    assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
    assert_eq!(parse_duration("1h"), Ok(Duration::from_secs(3600)));
    assert_eq!(parse_duration("1h 30m"), Ok(Duration::from_secs(5400)));
    // One grammar: a number needs its unit (the error says how to write it).
    assert!(parse_duration("45").unwrap_err().contains("45s"));
    assert!(parse_duration("-1s").is_err());
    assert!(parse_duration("later").is_err());
}

/// Flags over environment over file over defaults. (One test: it sets variables of
/// the process, which other tests parsing flags would see.)
#[test]
fn precedence_flag_env_file_default() {
    let _env = env_lock();
    let dir = std::env::temp_dir().join(format!("stratego-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("c.toml");
    std::fs::write(
        &path,
        "listen = \"127.0.0.1:2000\"\nmax_connections = 10\nidle_timeout = \"5m\"\nmotd = \"from file\"\nsetup_deadline = \"1h 30m\"\n",
    )
    .unwrap();
    let p = path.to_str().unwrap();

    // File only (and defaults).
    let cli = TestCli::try_parse_from(["x", "--config", p]).unwrap();
    let s = ServerConfig::resolve(&cli.config).unwrap();
    assert_eq!(s.listen, "127.0.0.1:2000");
    assert_eq!(s.ssh.max_connections, 10);
    // The guests' share follows the maximum (issue 43): 7 of 10, 3 kept for key holders.
    assert_eq!(s.ssh.guest_cap(), 7);
    assert_eq!(s.ssh.idle_timeout, Duration::from_secs(300));
    assert_eq!(s.ssh.motd.as_deref(), Some("from file"));
    assert_eq!(s.lobby.game.setup_deadline, Some(Duration::from_secs(5400)));
    assert_eq!(
        s.ssh.max_per_address,
        ServerOptions::default().ssh.max_per_address
    );

    // The environment beats the file; a flag beats both.
    std::env::set_var("STRATEGO_LISTEN", "127.0.0.1:3000");
    std::env::set_var("STRATEGO_MAX_CONNECTIONS", "20");
    std::env::set_var("STRATEGO_ADMINS", "SHA256:a,SHA256:b");
    std::env::set_var("STRATEGO_ALLOW_GUESTS", "false");
    std::env::set_var("STRATEGO_SETUP_DEADLINE", "2m 30s");
    std::env::set_var("STRATEGO_IDLE_TIMEOUT", "10m");
    let cli = TestCli::try_parse_from([
        "x",
        "--config",
        p,
        "--max-connections",
        "30",
        "--setup-deadline",
        "0s",
    ]);
    let bad_env = TestCli::try_parse_from(["x"]);
    std::env::set_var("STRATEGO_IDLE_TIMEOUT", "soon");
    let bad_env_err = TestCli::try_parse_from(["x"]).map(|_| ()).unwrap_err();
    for v in [
        "STRATEGO_LISTEN",
        "STRATEGO_MAX_CONNECTIONS",
        "STRATEGO_ADMINS",
        "STRATEGO_ALLOW_GUESTS",
        "STRATEGO_SETUP_DEADLINE",
        "STRATEGO_IDLE_TIMEOUT",
    ] {
        std::env::remove_var(v);
    }
    let s = ServerConfig::resolve(&cli.unwrap().config).unwrap();
    assert_eq!(s.listen, "127.0.0.1:3000");
    assert_eq!(s.ssh.max_connections, 30);
    assert_eq!(
        s.ssh.admins,
        vec!["SHA256:a".to_string(), "SHA256:b".to_string()]
    );
    assert!(!s.ssh.allow_guests);
    assert_eq!(s.ssh.idle_timeout, Duration::from_secs(600));
    assert_eq!(
        s.lobby.game.setup_deadline, None,
        "the flag's 0s turns it off"
    );
    // The environment alone (no file): over the defaults.
    let s = ServerConfig::resolve(&bad_env.unwrap().config).unwrap();
    assert_eq!(s.lobby.game.setup_deadline, Some(Duration::from_secs(150)));
    assert_eq!(s.listen, "127.0.0.1:3000");
    // A bad variable is refused, naming it.
    let msg = bad_env_err.to_string();
    assert!(
        msg.contains("idle-timeout") && msg.contains("soon"),
        "{msg}"
    );

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
    assert_eq!(s.ssh.idle_timeout, Duration::from_secs(90));
    assert_eq!(s.log_format, LogFormat::Json);
    assert_eq!(s.ssh.admins, vec!["SHA256:x".to_string()]);
    assert!(s.ssh.allow_guests);
    assert!(TestCli::try_parse_from(["x", "--idle-timeout", "soon"]).is_err());
    assert!(TestCli::try_parse_from(["x", "--idle-timeout", "90"]).is_err());
    let cli = TestCli::try_parse_from(["x", "--log-json"]).unwrap();
    assert_eq!(
        ServerConfig::resolve(&cli.config).unwrap().log_format,
        LogFormat::Json
    );

    // No file, no flags: the defaults.
    let cli = TestCli::try_parse_from(["x"]).unwrap();
    let s = ServerConfig::resolve(&cli.config).unwrap();
    assert_eq!(s.to_toml(), ServerOptions::default().to_toml());
    assert_eq!(s.lobby.agent_logs, Some(PathBuf::from("data/agent-logs")));

    // A missing file is an error that names it.
    let cli = TestCli::try_parse_from(["x", "--config", "/nonexistent/x.toml"]).unwrap();
    let e = ServerConfig::resolve(&cli.config).unwrap_err();
    assert!(e.to_string().contains("/nonexistent/x.toml"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_comes_from_the_declarations() {
    let _env = env_lock();
    use clap::CommandFactory;
    let help = TestCli::command().render_help().to_string();
    for (flag, env, tail) in [
        (
            "--setup-deadline",
            "STRATEGO_SETUP_DEADLINE",
            "[file: setup_deadline] [default: 5m]",
        ),
        (
            "--max-exec-per-address",
            "STRATEGO_MAX_EXEC_PER_ADDRESS",
            "[default: 16]",
        ),
        (
            "--admin",
            "STRATEGO_ADMINS",
            "[file: admins] [default: none]",
        ),
        ("--motd", "STRATEGO_MOTD", "[default: empty]"),
        ("--listen", "STRATEGO_LISTEN", "[default: 0.0.0.0:2222]"),
    ] {
        assert!(
            help.contains(flag) && help.contains(env),
            "{flag} in\n{help}"
        );
        assert!(help.contains(tail), "{tail} in\n{help}");
    }
    assert!(!help.contains("--agents "), "agents are for the file only");
}

/// The durations `arena --time`, `--move-timeout` and `agent --time` take (they were read by
/// a copy of this grammar in bot/arena.rs).
#[test]
fn arena_durations_read_in_the_one_grammar() {
    let _env = env_lock();
    assert_eq!(
        stratego_ssh::config::parse_duration("1s"),
        Ok(std::time::Duration::from_secs(1))
    );
    assert_eq!(
        stratego_ssh::config::parse_duration("500ms"),
        Ok(std::time::Duration::from_millis(500))
    );
    assert_eq!(
        stratego_ssh::config::parse_duration("0.2s"),
        Ok(std::time::Duration::from_millis(200))
    );
    assert!(
        stratego_ssh::config::parse_duration("2").is_err(),
        "a unit is needed, as in the config"
    );
    assert_eq!(
        stratego_ssh::config::parse_duration(" 2m "),
        Ok(std::time::Duration::from_secs(120))
    );
    assert!(stratego_ssh::config::parse_duration("fast").is_err());
    assert!(stratego_ssh::config::parse_duration("-1s").is_err());
}

#[test]
fn public_url_is_an_http_address_kept_without_a_trailing_slash() {
    let _env = env_lock();
    let ok = |text: &str| merged(&parse(text).unwrap_or_else(|e| panic!("{text}: {e}")));
    assert_eq!(
        ok("public_url = \"https://stratego.example.org/\"")
            .ssh
            .public_url
            .as_deref(),
        Some("https://stratego.example.org")
    );
    assert_eq!(
        ok("public_url = \"http://play.example.org:8080/stratego//\"")
            .ssh
            .public_url
            .as_deref(),
        Some("http://play.example.org:8080/stratego")
    );
    assert_eq!(ok("public_url = \"\"").ssh.public_url, None);
    assert_eq!(ServerOptions::default().ssh.public_url, None);
    for bad in [
        "public_url = \"stratego.example.org\"",
        "public_url = \"ftp://example.org\"",
        "public_url = \"https://\"",
        "public_url = \"https://a b.org\"",
        "public_url = \"https://x.org/<script>\"",
        "public_url = \"https://x.org/?a=1\"",
        "public_url = 8080",
    ] {
        let e = parse(bad).unwrap_err();
        assert!(
            matches!(&e, ConfigError::BadValue { key, .. } if key == "public_url"),
            "{bad}: {e}"
        );
        assert!(e.to_string().contains("https://"), "{bad}: {e}");
    }
    // The flag reads the same grammar.
    let cli = TestCli::try_parse_from(["t", "--public-url", "https://s.example.org/"]).unwrap();
    let o = ServerConfig::resolve(&cli.config).unwrap();
    assert_eq!(o.ssh.public_url.as_deref(), Some("https://s.example.org"));
    assert!(TestCli::try_parse_from(["t", "--public-url", "s.example.org"]).is_err());
}

#[test]
fn links_point_at_the_public_url_or_the_host_the_player_reached() {
    let _env = env_lock();
    use stratego_ssh::config::link_base;
    let ip = |s: &str| Some(s.parse::<std::net::IpAddr>().unwrap());
    // The default: the address the player connected to, the web's port.
    assert_eq!(
        link_base(None, None, ip("192.0.2.7"), Some(8080)).as_deref(),
        Some("http://192.0.2.7:8080")
    );
    assert_eq!(
        link_base(None, None, ip("2001:db8::1"), Some(8080)).as_deref(),
        Some("http://[2001:db8::1]:8080")
    );
    assert_eq!(
        link_base(None, None, ip("::ffff:192.0.2.7"), Some(80)).as_deref(),
        Some("http://192.0.2.7:80")
    );
    // The host's name when set (an address in it bracketed as in a URL).
    assert_eq!(
        link_base(None, Some("play.example.org"), ip("192.0.2.7"), Some(8080)).as_deref(),
        Some("http://play.example.org:8080")
    );
    assert_eq!(
        link_base(None, Some("2001:db8::2"), None, Some(8080)).as_deref(),
        Some("http://[2001:db8::2]:8080")
    );
    // public_url over both, without a trailing slash.
    assert_eq!(
        link_base(
            Some("https://stratego.example.org/"),
            Some("play.example.org"),
            ip("192.0.2.7"),
            Some(8080)
        )
        .as_deref(),
        Some("https://stratego.example.org")
    );
    // The web off: no links, whatever is set.
    assert_eq!(
        link_base(
            Some("https://stratego.example.org"),
            None,
            ip("192.0.2.7"),
            None
        ),
        None
    );
}
