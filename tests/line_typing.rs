//! Typing in the line mode with a terminal while lines arrive (issue 43): the line told
//! starts on a row of its own instead of after the half-typed command (`a7 aRed moved
//! A4-A5.`), and what was typed is shown again after the prompt, still there to finish.

mod common;

use common::line::LineClient;
use common::Login;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_told_while_typing_does_not_split_the_typing() {
    let srv = common::start_server("line-typing").await;
    let addr = srv.running.addr;
    let mut typist = LineClient::open_with(addr, Login::Guest, "play --lang en", true).await;
    typist.until_has("lobby>", 10).await;
    let mut other = LineClient::open(addr, Login::Guest, "play --lang en").await;
    other.until_has("lobby>", 10).await;

    typist.send_raw(b"say hel").await;
    // The echo is there before the chat comes.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
    while !String::from_utf8_lossy(&typist.raw()).contains("say hel") {
        assert!(tokio::time::Instant::now() < deadline, "no echo");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let mark = typist.raw().len();
    other.send("say hi there").await;
    typist.until_has("says: hi there", 10).await;
    // The chat line and the prompt after it have come; then the typing again.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
    let after = loop {
        let after = String::from_utf8_lossy(&typist.raw()[mark..]).into_owned();
        if after.ends_with("say hel") || tokio::time::Instant::now() > deadline {
            break after;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    assert!(
        after.starts_with("\r\n"),
        "the line told starts on a row of its own: {after:?}"
    );
    assert!(
        after.ends_with("lobby> \r\nsay hel"),
        "the typing shown again after the prompt: {after:?}"
    );
    // Finishing the line sends the whole of it.
    typist.send_raw(b"lo\r").await;
    other.until_has("says: hello", 10).await;
}
