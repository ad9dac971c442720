use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use stratego_ssh::config::{ConfigArgs, ServerConfig};

mod cli;

use cli::cli_result;

/// A Stratego server played over SSH: `ssh -p 2222 HOST` and play.
///
/// Settings come from flags, then STRATEGO_* environment variables, then the --config file,
/// then the defaults. The log level comes from RUST_LOG (default: info).
#[derive(Parser, Debug)]
#[command(name = "stratego-ssh", version, about, long_about)]
struct Cli {
    #[command(flatten)]
    config: ConfigArgs,
    /// Read the configuration (file, STRATEGO_* variables, flags), print the settings it
    /// gives as a configuration file, and exit; exit status 2 when something is wrong.
    #[arg(long)]
    check: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

/// The data directory of a command that works on the stored data.
#[derive(clap::Args, Debug)]
struct DataDir {
    /// Directory of the game data [default: the server's, from --config,
    /// STRATEGO_DATA_DIR or `data`].
    #[arg(long, value_name = "DIR")]
    data_dir: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Serve (the default when no command is given); the server's options go before the
    /// command.
    Serve,
    /// Games of the public Gravon archive (StraDoS2 XML).
    Archive {
        #[command(subcommand)]
        action: ArchiveCmd,
    },
    /// Writes a consistent copy of the data directory into DIR (a new or empty directory),
    /// with the server stopped. While it runs, the server holds the data directory: ask it
    /// for the copy instead with `ssh -p PORT HOST admin backup DIR` (an admin key; DIR on
    /// the server's machine).
    Backup {
        /// Where the copy goes.
        dir: PathBuf,
        #[command(flatten)]
        data: DataDir,
    },
    /// Puts a backup made by `backup` in place of the data directory. Stop the server
    /// first. A non-empty data directory is only replaced with --force, and then it is
    /// moved aside (never deleted).
    Restore {
        /// The backup to put back.
        backup_dir: PathBuf,
        /// Replace a data directory that is not empty (it is moved aside).
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        data: DataDir,
    },
    /// Checks the stored data (server stopped, or on a backup): every finished game
    /// replays to its result, every game in progress replays, ratings are the replay of the
    /// rated results, no moves of games not in progress, listings point at games that
    /// exist. Prints each problem and, last, `games N, in progress N, problems N`; exit 1
    /// when a problem is found, 2 when the data cannot be read.
    CheckStore {
        #[command(flatten)]
        data: DataDir,
    },
    /// Plays computer players against each other and reports the score; the last line is
    /// `a wins N, b wins N, draws N, a score P% ± C%, a illegal N, a timeouts N, b illegal
    /// N, b timeouts N`.
    Arena(cli::arena::ArenaArgs),
    /// One of our bots as an agent of the 2012 UCC AI competition's protocol, on standard
    /// input and output, for one game (e.g. under that competition's referee).
    Agent(cli::agent::AgentArgs),
}

#[derive(Subcommand, Debug)]
enum ArchiveCmd {
    /// Loads archive games into the replay browser (stored as casual games).
    Import {
        /// Files or directories (searched for *.xml).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        data: DataDir,
    },
    /// Replays every game under the rules that server used and reports, last, one line:
    /// `games N, replayed N, illegal moves N, results matching N`.
    Check {
        /// Files or directories (searched for *.xml).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let settings = match ServerConfig::resolve(&cli.config) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("stratego-ssh: {e}");
            return ExitCode::from(2);
        }
    };
    if cli.check {
        print!("{}", settings.to_toml());
        return ExitCode::SUCCESS;
    }
    let data_dir = |d: DataDir| d.data_dir.unwrap_or_else(|| settings.data_dir.clone());
    match cli.command {
        Some(Command::Archive {
            action: ArchiveCmd::Check { paths },
        }) => cli::archive::check(&paths),
        Some(Command::Archive {
            action: ArchiveCmd::Import { paths, data },
        }) => cli_result(cli::archive::import(&data_dir(data), &paths)),
        Some(Command::Backup { dir, data }) => {
            cli_result(cli::backup::backup(&data_dir(data), &dir))
        }
        Some(Command::CheckStore { data }) => cli::check_store::check_store(&data_dir(data)),
        Some(Command::Restore {
            backup_dir,
            force,
            data,
        }) => cli_result(cli::restore::restore(&backup_dir, &data_dir(data), force)),
        Some(Command::Arena(args)) => cli_result(cli::arena::arena(args)),
        Some(Command::Agent(args)) => cli_result(cli::agent::agent(args)),
        Some(Command::Serve) | None => cli::serve::main(&settings),
    }
}
