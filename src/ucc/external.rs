//! Another program's UCC protocol agent, run as a child process for one game and refereed by
//! our engine: it is told its colour, answers with its set-up, is told every move (its own
//! as confirmation, the opponent's before its turn) and the board before each of its turns,
//! and answers with a move. No answer within the time allowed, an answer that is not a move
//! or set-up, or the program ending, is a [`Fault`]: it loses the game. The process (and
//! everything it started: it leads its own process group) is killed when the game ends.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::{Duration, Instant};

use tracing::warn;

use super::{board_lines, move_line, parse_reply, parse_setup, Reply};
use crate::bot::arena::{AgentFault, Contestant, Fault};
use crate::rules::{Color, Move, PlayerView, Rules, Setup, ViewMove};

/// A program and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentCommand {
    pub program: String,
    pub args: Vec<String>,
}

impl AgentCommand {
    /// `PROGRAM ARG ...`, split at white space (no shell quoting).
    // Kept a String error: parses a host's text, and the text is the answer they get.
    pub fn parse(s: &str) -> Result<AgentCommand, String> {
        let mut words = s.split_whitespace().map(str::to_string);
        let program = words
            .next()
            .ok_or_else(|| "an agent needs a command to run".to_string())?;
        Ok(AgentCommand {
            program,
            args: words.collect(),
        })
    }
}

impl std::fmt::Display for AgentCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.program)?;
        for a in &self.args {
            write!(f, " {a}")?;
        }
        Ok(())
    }
}

/// Longest line read from an agent (the protocol's longest is a board row of a few dozen
/// bytes): a longer one forfeits the game, and nothing more is read from the program.
pub const MAX_LINE: usize = 4096;
/// Lines read ahead of the game (each at most [`MAX_LINE`]): a program that writes faster
/// is made to wait (its writes block), so memory stays bounded whatever it prints.
const QUEUE: usize = 32;
/// Most of a program's standard error kept a game; the rest is dropped.
pub const MAX_STDERR: u64 = 1 << 20;

/// What the program read from its output: a line, or a line longer than [`MAX_LINE`].
#[derive(Debug, PartialEq, Eq)]
enum Line {
    Text(String),
    TooLong,
}

/// How the host boxes its agents' programs (`agents_user`, `agents_sandbox`). Every program
/// also runs in an empty directory of its own, removed after the game, with a cleared
/// environment (`PATH=/usr/bin:/bin`, `LANG=C`, `HOME` its directory).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AgentBox {
    /// Run the programs as this user (and its group); the server must run as root.
    pub user: Option<String>,
    /// A command the program is run under (`bwrap ... --`): its words, `{dir}` standing for
    /// the game's working directory. Empty: none.
    pub sandbox: Vec<String>,
    /// Where the program's standard error goes (at most [`MAX_STDERR`] of it).
    pub stderr_log: Option<PathBuf>,
}

/// A user's uid and gid (`getpwnam_r`), or why there is none.
// Kept a String error: the reason goes into the host's start-up message, nowhere else.
pub fn lookup_user(name: &str) -> Result<(u32, u32), String> {
    match nix::unistd::User::from_name(name) {
        Ok(Some(user)) => Ok((user.uid.as_raw(), user.gid.as_raw())),
        _ => Err(format!("no user named {name:?} on this machine")),
    }
}

/// Whether this process may run programs as another user (it runs as root).
pub fn can_switch_user() -> bool {
    nix::unistd::geteuid().is_root()
}

/// Why `agents_user = user` cannot work here, if it cannot.
pub fn user_problem(user: &str) -> Option<String> {
    if let Err(e) = lookup_user(user) {
        return Some(format!("agents_user: {e}"));
    }
    (!can_switch_user()).then(|| {
        format!(
            "agents_user = {user:?} needs the server to run as root (it switches to that user \
             for each program); as it is, every agent forfeits at its start"
        )
    })
}

/// Reads `r` into lines for `tx` until its end, a line longer than [`MAX_LINE`] (then
/// [`Line::TooLong`] and no more), or until nobody listens. Returns the bytes read: at
/// most one buffer past the longest line allowed, whatever the program writes.
fn read_lines(mut r: impl Read, tx: &SyncSender<Line>) -> usize {
    let mut buf = [0u8; 8192];
    let mut line: Vec<u8> = Vec::with_capacity(128);
    let mut total = 0;
    let text = |line: &[u8]| Line::Text(String::from_utf8_lossy(line).trim_end().to_string());
    loop {
        let n = match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        total += n;
        for chunk in buf[..n].split_inclusive(|&b| b == b'\n') {
            let ends = chunk.last() == Some(&b'\n');
            let body = if ends {
                &chunk[..chunk.len() - 1]
            } else {
                chunk
            };
            if line.len() + body.len() > MAX_LINE {
                let _ = tx.send(Line::TooLong);
                return total;
            }
            line.extend_from_slice(body);
            if ends {
                if tx.send(text(&line)).is_err() {
                    return total;
                }
                line.clear();
            }
        }
    }
    if !line.is_empty() {
        let _ = tx.send(text(&line));
    }
    total
}

/// Copies the program's standard error into `file`, at most `cap` bytes and then a line
/// saying the rest was cut; the rest is read and dropped (so the program never waits on it).
fn keep_stderr(mut pipe: impl Read, mut file: impl Write, cap: u64) {
    let mut buf = [0u8; 8192];
    let mut kept = 0u64;
    let mut cut = false;
    loop {
        let n = match pipe.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if kept < cap {
            let take = (n as u64).min(cap - kept) as usize;
            if file.write_all(&buf[..take]).is_err() {
                cut = true;
            }
            kept += take as u64;
            if take == n {
                continue;
            }
        }
        if !cut {
            cut = true;
            let _ = writeln!(
                file,
                "\n[stratego-ssh: standard error cut here: at most {cap} bytes a game are kept]"
            );
            let _ = file.flush();
        }
    }
    let _ = file.flush();
}

/// Writes all of `bytes` to the program's input (set non-blocking) before `deadline`.
fn write_within(stdin: &mut ChildStdin, mut bytes: &[u8], deadline: Instant) -> Result<(), bool> {
    while !bytes.is_empty() {
        match stdin.write(bytes) {
            Ok(0) => return Err(false),
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Err(true);
                }
                wait_writable(stdin, left);
            }
            Err(_) => return Err(false),
        }
    }
    Ok(())
}

#[cfg(unix)]
fn wait_writable(stdin: &ChildStdin, left: Duration) {
    use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
    use std::os::fd::AsFd;
    let mut fds = [PollFd::new(stdin.as_fd(), PollFlags::POLLOUT)];
    let ms = left.as_millis().clamp(1, i32::MAX as u128) as i32;
    let _ = poll(
        &mut fds,
        PollTimeout::try_from(ms).unwrap_or(PollTimeout::MAX),
    );
}

#[cfg(not(unix))]
fn wait_writable(_: &ChildStdin, left: Duration) {
    std::thread::sleep(left.min(Duration::from_millis(10)));
}

/// A running agent, for one game.
pub struct External {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    timeout: Duration,
    color: Option<Color>,
    /// How many moves of the game it has been told.
    told: usize,
    /// Shown to the agent as its opponent's name.
    opponent: String,
    /// Its working directory, removed when it has ended.
    workdir: Option<PathBuf>,
}

/// A fresh empty directory for one program (`owner`: whose it is), in the temporary one.
fn fresh_dir(owner: Option<(u32, u32)>) -> std::io::Result<PathBuf> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let base = std::env::temp_dir();
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = base.join(format!("stratego-agent-{}-{n}", std::process::id()));
        let mut b = std::fs::DirBuilder::new();
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
        match b.create(&dir) {
            Ok(()) => {
                #[cfg(unix)]
                if let Some((uid, gid)) = owner {
                    if let Err(e) = std::os::unix::fs::chown(&dir, Some(uid), Some(gid)) {
                        let _ = std::fs::remove_dir(&dir);
                        return Err(e);
                    }
                }
                return Ok(dir);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

impl External {
    /// Starts `cmd` with its standard error going to `stderr` (a file, or null), in the
    /// server's directory and environment (the `arena` command's way: the host's own tool).
    pub fn spawn(
        cmd: &AgentCommand,
        stderr: Stdio,
        timeout: Duration,
        opponent: &str,
    ) -> std::io::Result<External> {
        let mut command = Command::new(&cmd.program);
        command.args(&cmd.args).stderr(stderr);
        External::start(command, None, timeout, opponent)
    }

    /// Starts `cmd` for a game on the server, boxed as `bx` says: in a fresh empty
    /// directory, with a cleared environment, as `bx.user`, under `bx.sandbox`, its
    /// standard error capped in `bx.stderr_log`.
    pub fn spawn_boxed(
        cmd: &AgentCommand,
        bx: &AgentBox,
        timeout: Duration,
        opponent: &str,
    ) -> std::io::Result<External> {
        let other = |e: String| std::io::Error::other(e);
        let owner = match &bx.user {
            None => None,
            Some(u) => {
                let ids = lookup_user(u).map_err(other)?;
                if !can_switch_user() {
                    return Err(other(format!(
                        "the server must run as root to run agents as {u}"
                    )));
                }
                Some(ids)
            }
        };
        let dir = fresh_dir(owner)?;
        let dir_s = dir.to_string_lossy().to_string();
        let mut command = match bx.sandbox.split_first() {
            None => {
                let mut c = Command::new(&cmd.program);
                c.args(&cmd.args);
                c
            }
            Some((first, rest)) => {
                let mut c = Command::new(first);
                c.args(rest.iter().map(|w| w.replace("{dir}", &dir_s)))
                    .arg(&cmd.program)
                    .args(&cmd.args);
                c
            }
        };
        command
            .current_dir(&dir)
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            .env("LANG", "C")
            .env("HOME", &dir)
            .stderr(if bx.stderr_log.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            });
        #[cfg(unix)]
        if let Some((uid, gid)) = owner {
            use std::os::unix::process::CommandExt;
            command.uid(uid).gid(gid);
        }
        let mut ext = match External::start(command, Some(dir.clone()), timeout, opponent) {
            Ok(e) => e,
            Err(e) => {
                let _ = std::fs::remove_dir_all(&dir);
                return Err(e);
            }
        };
        if let (Some(pipe), Some(path)) = (ext.child.stderr.take(), &bx.stderr_log) {
            match std::fs::File::create(path) {
                Ok(file) => {
                    std::thread::Builder::new()
                        .name("agent-stderr".into())
                        .spawn(move || keep_stderr(pipe, file, MAX_STDERR))?;
                }
                Err(e) => {
                    warn!(path = %path.display(), error = %e, "cannot keep an agent's standard error");
                    std::thread::Builder::new()
                        .name("agent-stderr".into())
                        .spawn(move || keep_stderr(pipe, std::io::sink(), 0))?;
                }
            }
        }
        Ok(ext)
    }

    fn start(
        mut command: Command,
        workdir: Option<PathBuf>,
        timeout: Duration,
        opponent: &str,
    ) -> std::io::Result<External> {
        command.stdin(Stdio::piped()).stdout(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command.spawn()?;
        let stdin = child.stdin.take();
        #[cfg(unix)]
        if let Some(s) = &stdin {
            // Only our end of the pipe becomes non-blocking (the program's read end is another
            // open file).
            use nix::fcntl::{fcntl, FcntlArg, OFlag};
            if let Ok(flags) = fcntl(s, FcntlArg::F_GETFL) {
                let flags = OFlag::from_bits_truncate(flags) | OFlag::O_NONBLOCK;
                let _ = fcntl(s, FcntlArg::F_SETFL(flags));
            }
        }
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::sync_channel(QUEUE);
        std::thread::Builder::new()
            .name("agent-reader".into())
            .spawn(move || {
                read_lines(stdout, &tx);
            })?;
        Ok(External {
            child,
            stdin,
            lines,
            timeout,
            color: None,
            told: 0,
            opponent: opponent.split_whitespace().collect::<Vec<_>>().join("_"),
            workdir,
        })
    }

    fn send(&mut self, lines: &[String]) -> Result<(), Fault> {
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(Fault::Agent(AgentFault::StoppedReading));
        };
        let mut text = String::new();
        for l in lines {
            text += l;
            text.push('\n');
        }
        match write_within(stdin, text.as_bytes(), Instant::now() + self.timeout) {
            Ok(()) => Ok(()),
            Err(true) => {
                self.stdin = None;
                Err(Fault::Agent(AgentFault::NotReading(self.timeout)))
            }
            Err(false) => Err(Fault::Agent(self.gone())),
        }
    }

    fn receive(&mut self) -> Result<String, Fault> {
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Fault::Timeout(self.timeout));
            }
            match self.lines.recv_timeout(left) {
                Ok(Line::Text(l)) if l.trim().is_empty() => continue,
                Ok(Line::Text(l)) => return Ok(l),
                Ok(Line::TooLong) => return Err(Fault::Agent(AgentFault::LineTooLong(MAX_LINE))),
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Timeout(self.timeout)),
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Agent(self.gone())),
            }
        }
    }

    /// Why the program stopped answering.
    fn gone(&mut self) -> AgentFault {
        std::thread::sleep(Duration::from_millis(20));
        match self.child.try_wait() {
            Ok(Some(status)) => AgentFault::Ended(status.code()),
            _ => AgentFault::ClosedOutput,
        }
    }

    /// Tells the agent the moves of `history` it has not been told yet.
    fn catch_up(&mut self, history: &[ViewMove]) -> Result<(), Fault> {
        let lines: Vec<String> = history.iter().skip(self.told).map(move_line).collect();
        self.told = history.len().max(self.told);
        if lines.is_empty() {
            return Ok(());
        }
        self.send(&lines)
    }

    /// Sends `QUIT`, closes its input, and kills its process group if it is still there
    /// shortly after.
    pub fn quit(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let soon = Instant::now() + Duration::from_millis(100);
            let _ = write_within(&mut stdin, b"QUIT\n", soon);
        }
        let mut ended = false;
        for _ in 0..10 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                ended = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        if !ended {
            self.kill();
        }
        if let Some(dir) = self.workdir.take() {
            if let Err(e) = std::fs::remove_dir_all(&dir) {
                warn!(dir = %dir.display(), error = %e, "cannot remove an agent's directory");
            }
        }
    }

    /// Kills its process group (the program and what it started) and reaps it.
    fn kill(&mut self) {
        #[cfg(unix)]
        {
            // The child was started as its process group's leader: its pid names the group.
            let group = nix::unistd::Pid::from_raw(self.child.id() as i32);
            let _ = nix::sys::signal::killpg(group, nix::sys::signal::Signal::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for External {
    fn drop(&mut self) {
        self.quit();
    }
}

impl Contestant for External {
    fn setup(&mut self, rules: &Rules, color: Color) -> Result<Setup, Fault> {
        self.color = Some(color);
        let word = match color {
            Color::Red => "RED",
            Color::Blue => "BLUE",
        };
        self.send(&[format!("{word} {} 10 10", self.opponent)])?;
        let mut rows = Vec::with_capacity(4);
        for _ in 0..4 {
            rows.push(self.receive()?);
        }
        parse_setup(&rows, rules, color).map_err(|e| Fault::Agent(AgentFault::BadSetup(e)))
    }

    fn choose(&mut self, view: &PlayerView, history: &[ViewMove]) -> Result<Option<Move>, Fault> {
        if history.is_empty() && self.told == 0 && view.color() == Some(Color::Red) {
            self.send(&["START".to_string()])?;
        }
        self.catch_up(history)?;
        self.send(&board_lines(view))?;
        let line = self.receive()?;
        match parse_reply(&line).map_err(|e| Fault::Agent(AgentFault::BadReply(e)))? {
            Reply::Surrender => Ok(None),
            Reply::Move(from, to) => Ok(Some(Move::new(from, to))),
        }
    }

    fn needs_history(&self) -> bool {
        true
    }

    fn game_over(&mut self) {
        self.quit();
    }
}

/// One of the host's agents (`[[agents]]` in the configuration): a program offered to
/// players as an opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentSpec {
    /// Shown to players as `bot-NAME`; `[a-z0-9_-]`, at most 12 characters.
    pub name: String,
    pub command: AgentCommand,
    /// Time for each answer (its set-up, each move); none in time loses the game.
    pub move_timeout: Duration,
    /// Games it plays at once, at most.
    pub max_games: usize,
}

impl AgentSpec {
    /// Whether `name` may name an agent.
    pub fn valid_name(name: &str) -> bool {
        !name.is_empty()
            && name.len() <= 12
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use std::sync::atomic::AtomicUsize;
    use std::sync::Arc;

    /// Counts the bytes read through it.
    struct Counting<R>(R, Arc<AtomicUsize>);
    impl<R: Read> Read for Counting<R> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.read(buf)?;
            self.1.fetch_add(n, Ordering::Relaxed);
            Ok(n)
        }
    }

    #[test]
    fn lines_are_read_up_to_max_line_and_an_endless_one_stops_the_reading() {
        let (tx, rx) = mpsc::sync_channel(QUEUE);
        let input = b"RED x 10 10\n\xff\xfe binary\r\n".to_vec();
        let endless = std::io::repeat(b'a');
        let read = read_lines(input.as_slice().chain(endless), &tx);
        assert!(read <= 30 + MAX_LINE + 8192, "{read} bytes read");
        assert_eq!(rx.recv().unwrap(), Line::Text("RED x 10 10".into()));
        assert_eq!(
            rx.recv().unwrap(),
            Line::Text("\u{fffd}\u{fffd} binary".into())
        );
        assert_eq!(rx.recv().unwrap(), Line::TooLong);
        // A line of exactly MAX_LINE bytes is fine, and so is a last line with no newline.
        let mut ok = vec![b'b'; MAX_LINE];
        ok.extend_from_slice(b"\nlast");
        read_lines(ok.as_slice(), &tx);
        assert_eq!(rx.recv().unwrap(), Line::Text("b".repeat(MAX_LINE)));
        assert_eq!(rx.recv().unwrap(), Line::Text("last".into()));
    }

    #[test]
    fn a_flood_of_lines_waits_for_the_game_instead_of_filling_memory() {
        let (tx, rx) = mpsc::sync_channel(QUEUE);
        let count = Arc::new(AtomicUsize::new(0));
        let c = count.clone();
        let reader = std::thread::spawn(move || {
            read_lines(Counting(std::io::repeat(b'\n'), c), &tx);
        });
        std::thread::sleep(Duration::from_millis(200));
        let read = count.load(Ordering::Relaxed);
        assert!(read <= 2 * 8192, "{read} bytes read ahead");
        drop(rx);
        reader.join().unwrap();
    }

    #[test]
    fn standard_error_is_kept_up_to_the_cap_then_a_line_says_it_was_cut() {
        let mut file = Vec::new();
        keep_stderr(std::io::repeat(b'e').take(5 << 20), &mut file, 1 << 20);
        let text = String::from_utf8(file).unwrap();
        assert!(text.len() <= (1 << 20) + 100, "{}", text.len());
        assert!(text.starts_with("eeee"));
        assert!(
            text.ends_with("standard error cut here: at most 1048576 bytes a game are kept]\n"),
            "{}",
            &text[text.len() - 100..]
        );
        let mut file = Vec::new();
        keep_stderr(&b"short\n"[..], &mut file, 1 << 20);
        assert_eq!(file, b"short\n");
    }

    /// Runs `f` on another thread; its result, or a failure if it takes longer than `limit`.
    fn within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> T {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(f());
        });
        rx.recv_timeout(limit).expect("it returns in time")
    }

    fn sh(script: &str, timeout: Duration) -> External {
        let cmd = AgentCommand {
            program: "/bin/sh".into(),
            args: vec!["-c".into(), script.into()],
        };
        External::spawn(&cmd, Stdio::null(), timeout, "tester").unwrap()
    }

    #[test]
    fn a_program_that_does_not_read_its_input_faults_within_its_timeout() {
        let fault = within(Duration::from_secs(10), || {
            let mut ext = sh("sleep 30", Duration::from_millis(500));
            let started = Instant::now();
            let r = ext.send(&["x".repeat(1 << 20)]);
            (r, started.elapsed())
        });
        match fault {
            (Err(Fault::Agent(why)), t) => {
                let why = why.to_string();
                assert!(why.contains("did not read its input within"), "{why}");
                assert!(t < Duration::from_secs(3), "{t:?}");
            }
            (other, _) => panic!("{other:?}"),
        }
    }

    #[test]
    fn endless_empty_lines_still_time_out() {
        let r = within(Duration::from_secs(10), || {
            let mut ext = sh("while :; do echo; done", Duration::from_millis(300));
            ext.receive()
        });
        assert!(matches!(r, Err(Fault::Timeout(_))), "{r:?}");
    }

    #[test]
    fn boxed_programs_run_in_their_own_empty_directory_which_goes_afterwards() {
        let cmd = AgentCommand {
            program: "/bin/sh".into(),
            args: vec![
                "-c".into(),
                "pwd; ls -A | wc -l; echo \"$PATH $HOME\"".into(),
            ],
        };
        let mut ext =
            External::spawn_boxed(&cmd, &AgentBox::default(), Duration::from_secs(5), "tester")
                .unwrap();
        let dir = ext.receive().unwrap();
        assert!(dir.contains("stratego-agent-"), "{dir}");
        assert!(Path::new(&dir).is_dir());
        assert_eq!(ext.receive().unwrap().trim(), "0");
        // The server's environment is not passed on: HOME is its directory.
        assert_eq!(ext.receive().unwrap(), format!("/usr/bin:/bin {dir}"));
        ext.quit();
        assert!(!Path::new(&dir).exists(), "{dir}");
    }

    #[test]
    fn an_unknown_agents_user_is_named() {
        let e = lookup_user("no-such-user-here").unwrap_err();
        assert!(e.contains("no user named \"no-such-user-here\""), "{e}");
        assert!(user_problem("no-such-user-here").is_some());
        let bx = AgentBox {
            user: Some("no-such-user-here".into()),
            ..AgentBox::default()
        };
        let cmd = AgentCommand::parse("/bin/true").unwrap();
        let Err(e) = External::spawn_boxed(&cmd, &bx, Duration::from_secs(1), "x") else {
            panic!("it started");
        };
        assert!(e.to_string().contains("no user named"), "{e}");
    }
}
