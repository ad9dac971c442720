//! The server binary as a child process on a free port, for tests that kill it.

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The server binary: Cargo's path for it in the server's own tests; from another package
/// of the workspace (tools/, which shares this harness), the one beside the test's own
/// executable's directory (`target/<profile>/deps/TEST` next to `target/<profile>/
/// stratego-ssh`), which `cargo test` at the root builds.
pub fn server_exe() -> std::path::PathBuf {
    if let Some(exe) = option_env!("CARGO_BIN_EXE_stratego-ssh") {
        return exe.into();
    }
    let test = std::env::current_exe().expect("the test's own path");
    let profile = test
        .parent()
        .and_then(Path::parent)
        .expect("the test runs from target/<profile>/deps");
    let exe = profile.join(format!("stratego-ssh{}", std::env::consts::EXE_SUFFIX));
    assert!(
        exe.exists(),
        "no server binary at {} (build it with `cargo build`)",
        exe.display()
    );
    exe
}

/// A server binary running on `dir/data` and `dir/keys`; killed when dropped.
pub struct Server {
    child: Child,
    pub addr: SocketAddr,
}

impl Server {
    pub async fn start(dir: &Path, extra: &[&str]) -> Server {
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let child = Command::new(server_exe())
            .arg("--listen")
            .arg(addr.to_string())
            .arg("--data-dir")
            .arg(dir.join("data"))
            .arg("--keys-dir")
            .arg(dir.join("keys"))
            // No web pages unless a test asks for them with --http-listen in `extra`.
            .args(if extra.contains(&"--http-listen") {
                &[][..]
            } else {
                &["--http-listen", "off"][..]
            })
            // Connections come from one address many times a minute here.
            .args([
                "--connects-per-minute",
                "100000",
                "--commands-per-minute",
                "100000",
            ])
            .args(extra)
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server binary starts");
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if tokio::net::TcpStream::connect(addr).await.is_ok() {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "the server never listened on {addr}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Server { child, addr }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn rss_kib(&self) -> u64 {
        stratego_ssh::procinfo::rss_kib(Some(self.pid())).expect("server VmRSS")
    }

    pub fn kill9(&mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("reaped");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
