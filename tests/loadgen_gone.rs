//! The load tools live in tools/ (`stratego-loadgen`, `stratego-fill-store`): the server's
//! binary keeps the commands a host or a bot author uses, and lists no load tool.

use std::process::Command;

fn server(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_stratego-ssh"))
        .args(args)
        .output()
        .expect("stratego-ssh runs")
}

#[test]
fn the_servers_help_lists_its_commands_and_no_load_tools() {
    let out = server(&["--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{help}");
    for command in [
        "serve",
        "check-store",
        "backup",
        "restore",
        "archive",
        "arena",
        "agent",
    ] {
        assert!(help.contains(&format!("  {command} ")), "{command}: {help}");
    }
    for tool in ["loadgen", "fill-store"] {
        assert!(!help.contains(tool), "{tool}: {help}");
    }
}

#[test]
fn the_load_commands_are_not_the_servers() {
    for tool in ["loadgen", "fill-store"] {
        let out = server(&[tool, "--help"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{tool}: {stderr}");
        assert!(
            stderr.contains(&format!("unrecognized subcommand '{tool}'")),
            "{tool}: {stderr}"
        );
    }
}
