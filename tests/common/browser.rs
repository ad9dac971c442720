//! A real browser for the web pages' tests: headless Chromium driven by chromedriver
//! (WebDriver, through fantoccini). Debian's `chromium` and `chromium-driver` packages
//! provide both (`.ci/run` installs them); without them every browser test fails, saying
//! so: it never passes by skipping.
//!
//! Each `Browser` is its own chromedriver (on a free port, in its own process group) and
//! one browser session; dropping it ends both, whole group, even when a test panics.

#![allow(dead_code)]

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

const INSTALL: &str = "install them with `apt-get install -y chromium chromium-driver` \
     (Debian's packages, as .ci/run does)";

/// Where a program is on `PATH`.
fn which(name: &str) -> Option<std::path::PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    })
}

pub struct Browser {
    pub client: Client,
    driver: Child,
}

impl Browser {
    /// A fresh headless browser, its window `width` x `height` (Chromium's least width is
    /// 500).
    pub async fn start(width: u32, height: u32) -> Browser {
        Browser::launch(width, height, false).await
    }

    /// A fresh headless browser as a phone's: a `width` x `height` screen (CSS pixels, two
    /// device pixels each) that honours the pages' `viewport` meta tag.
    pub async fn phone(width: u32, height: u32) -> Browser {
        Browser::launch(width, height, true).await
    }

    async fn launch(width: u32, height: u32, phone: bool) -> Browser {
        let chromium = which("chromium")
            .or_else(|| which("chromium-browser"))
            .unwrap_or_else(|| panic!("the browser tests need Chromium, not found: {INSTALL}"));
        let chromedriver = which("chromedriver")
            .unwrap_or_else(|| panic!("the browser tests need chromedriver, not found: {INSTALL}"));
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = {
            use std::os::unix::process::CommandExt;
            Command::new(&chromedriver)
                .arg(format!("--port={port}"))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                // Its own process group: dropping the Browser ends chromedriver and every
                // Chromium process it started, and nothing else.
                .process_group(0)
                .spawn()
                .unwrap_or_else(|e| {
                    panic!("cannot start {}: {e}; {INSTALL}", chromedriver.display())
                })
        };
        let browser = Browser {
            client: connect(port, &chromium, width, height, phone).await,
            driver,
        };
        // A page that is slow to load fails the test instead of hanging it.
        browser
            .client
            .update_timeouts(fantoccini::wd::TimeoutConfiguration::new(
                Some(Duration::from_secs(10)),
                Some(Duration::from_secs(10)),
                Some(Duration::ZERO),
            ))
            .await
            .unwrap();
        browser
    }

    pub async fn goto(&self, url: &str) {
        self.client
            .goto(url)
            .await
            .unwrap_or_else(|e| panic!("{url}: {e}"));
    }

    /// Runs `script` (a function body: `return ...`) in the page.
    pub async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("{e}: {script}"))
    }

    /// Sends keys (fantoccini's `Key` as text, or plain text) to the page's body.
    pub async fn keys(&self, keys: &str) {
        self.client
            .find(Locator::Css("body"))
            .await
            .unwrap()
            .send_keys(keys)
            .await
            .unwrap();
    }

    /// Waits up to `secs` for `script` (a function body) to return `true`; false if it never
    /// does. A script that throws counts as not yet (the page may be between two documents,
    /// or not drawn yet: `#play` was once null just after a tap that signs in), and is said
    /// if it still throws at the end.
    pub async fn until(&self, secs: f64, script: &str) -> bool {
        let end = tokio::time::Instant::now() + Duration::from_secs_f64(secs);
        loop {
            let got = self.client.execute(script, vec![]).await;
            if matches!(got, Ok(Value::Bool(true))) {
                return true;
            }
            if tokio::time::Instant::now() >= end {
                if let Err(e) = got {
                    eprintln!("until: the script still throws: {e}: {script}");
                }
                return false;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// What the page's text shows (as a reader sees it, `innerText`).
    pub async fn text(&self) -> String {
        self.js("return document.body.innerText;")
            .await
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Taps the element `css` names with a finger: WebDriver's actions with a pointer of
    /// type `touch` (to the element's centre, down, up), as a phone's screen is touched;
    /// the page scrolled first to bring it into view, as a thumb would. Again when the page
    /// drew the element anew between finding and touching. The page gets `touchstart` and
    /// pointer events of type `touch` (tests/web_play_openssh.rs counts them on a
    /// `Browser::phone`, where chromedriver turns an element's click into a touch too).
    pub async fn touch(&self, css: &str) {
        use fantoccini::actions::{InputSource, PointerAction, TouchActions};
        let mut last = None;
        for _ in 0..5 {
            match self.client.find(Locator::Css(css)).await {
                Ok(e) => {
                    let into_view = self
                        .client
                        .execute(
                            "arguments[0].scrollIntoView({block: 'center', inline: 'center'}); return true;",
                            vec![serde_json::to_value(&e).unwrap()],
                        )
                        .await;
                    if let Err(err) = into_view {
                        last = Some(err.to_string());
                        continue;
                    }
                    let finger = TouchActions::new("finger".into())
                        .then(PointerAction::MoveToElement {
                            element: e,
                            duration: None,
                            x: 0.0,
                            y: 0.0,
                        })
                        .then(PointerAction::Down { button: 0 })
                        .then(PointerAction::Up { button: 0 });
                    let done = self.client.perform_actions(finger).await;
                    let _ = self.client.release_actions().await;
                    match done {
                        Ok(()) => return,
                        Err(err) => last = Some(err.to_string()),
                    }
                }
                Err(err) => last = Some(err.to_string()),
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("cannot touch {css}: {last:?}");
    }

    /// Ends the session (Chromium quits) and chromedriver.
    pub async fn close(self) {
        let _ = self.client.clone().close().await;
        // Drop ends chromedriver's group.
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // The group this Browser started (its leader is chromedriver).
        let pid = self.driver.id() as i32;
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
        let _ = self.driver.wait();
    }
}

/// A session on the chromedriver at `port` (it takes a moment to listen).
async fn connect(
    port: u16,
    chromium: &std::path::Path,
    width: u32,
    height: u32,
    phone: bool,
) -> Client {
    let mut caps = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless=new",
                // As root (tests and CI run as root) Chromium refuses to start sandboxed.
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-extensions",
                "--no-first-run",
                "--hide-scrollbars",
                format!("--window-size={width},{height}"),
            ],
        },
    });
    if phone {
        caps["goog:chromeOptions"]["mobileEmulation"] = json!({
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0, "touch": true, "mobile": true},
        });
    }
    let caps = match caps {
        Value::Object(m) => m,
        _ => unreachable!(),
    };
    let url = format!("http://127.0.0.1:{port}");
    let mut last = None;
    for _ in 0..100 {
        let mut b = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new());
        match b.capabilities(caps.clone()).connect(&url).await {
            Ok(c) => return c,
            Err(e) => last = Some(e),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "no browser session from chromedriver on port {port}: {:?}; {INSTALL}",
        last
    );
}

/// The board a game page shows, read from the DOM: (square, `data-piece`) for every square
/// in page order (`None`: an empty square).
pub async fn board(b: &Browser) -> Vec<(String, Option<String>)> {
    let cells = b
        .js(
            "return Array.from(document.querySelectorAll('table.board td.sq'))\
               .map(td => [td.dataset.sq, td.dataset.piece === undefined ? null : td.dataset.piece]);",
        )
        .await;
    cells
        .as_array()
        .expect("an array")
        .iter()
        .map(|c| {
            (
                c[0].as_str().expect("data-sq").to_string(),
                c[1].as_str().map(str::to_string),
            )
        })
        .collect()
}

/// Finds a quiet move on the board page (`#play-board`): an own movable piece with a lit
/// target that holds no enemy piece, so the move cannot end the game (a Scout running
/// into a Flag on the front row did, once, in CI). Leaves nothing selected; returns
/// `(from, to)`, or `None` when every move attacks.
pub async fn quiet_move(b: &Browser) -> Option<(String, String)> {
    let v = b
        .js(
            "const q = (s) => document.querySelector(s); \
             const sqs = [...document.querySelectorAll('#play-board button.movable')].map(b => b.dataset.sq); \
             for (const sq of sqs) { \
               q(`#play-board button[data-sq=\"${sq}\"]`).click(); \
               const t = q('#play-board button.target:not(.enemy)'); \
               const to = t ? t.dataset.sq : null; \
               q(`#play-board button[data-sq=\"${sq}\"]`).click(); \
               if (to) return [sq, to]; \
             } \
             return null;",
        )
        .await;
    let pair = v.as_array()?;
    Some((pair[0].as_str()?.to_string(), pair[1].as_str()?.to_string()))
}

/// Clicks (taps) the element `css` names, again when the page drew it anew meanwhile.
pub async fn tap(b: &Browser, css: &str) {
    let mut last = None;
    for _ in 0..5 {
        match b.client.find(fantoccini::Locator::Css(css)).await {
            Ok(e) => match e.click().await {
                Ok(()) => return,
                Err(err) => last = Some(err.to_string()),
            },
            Err(err) => last = Some(err.to_string()),
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("cannot tap {css}: {last:?}");
}
