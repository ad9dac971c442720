//! Supervision of the server's actors. The lobby and every game own state nobody else
//! holds; after a panic in one of them the process cannot go on half alive (a lobby that
//! admits nobody, a game nobody can finish). A task spawned through [`Fatal::spawn`] that
//! panics is logged, and the server's [`Running::serving`](crate::server::Running::serving)
//! returns an error: the binary exits non-zero and its service manager starts it again,
//! with every game in progress restored from the store (each move is on disk before anyone
//! sees it).
//!
//! Sessions are not supervised this way: a session's panic ends only that connection, and
//! its guards (the lobby presence, the game seat) leave the lobby and the game on the way out.

use std::future::Future;
use std::sync::Arc;

use tokio::sync::watch;
use tracing::error;

/// Where a panic in a supervised task is reported; cheap to clone.
#[derive(Clone)]
pub struct Fatal {
    tx: Arc<watch::Sender<Option<String>>>,
}

impl Default for Fatal {
    fn default() -> Self {
        Fatal::new()
    }
}

impl Fatal {
    pub fn new() -> Fatal {
        Fatal {
            tx: Arc::new(watch::channel(None).0),
        }
    }

    /// What panicked (`None` while everything runs).
    pub fn subscribe(&self) -> watch::Receiver<Option<String>> {
        self.tx.subscribe()
    }

    /// Spawns `fut` on the runtime; a panic in it is logged and reported as fatal.
    pub fn spawn<F>(&self, what: String, fut: F)
    where
        F: Future<Output = ()> + Send + 'static,
    {
        let join = tokio::spawn(fut);
        let tx = self.tx.clone();
        tokio::spawn(async move {
            if let Err(e) = join.await {
                if e.is_panic() {
                    let message = panic_message(e.into_panic());
                    error!(task = %what, panic = %message, "a server task panicked: the server stops so that it is started again with every game restored from the store");
                    tx.send_replace(Some(format!("the {what} task panicked: {message}")));
                }
            }
        });
    }
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_panicking_task_is_reported_and_a_finishing_one_is_not() {
        let fatal = Fatal::new();
        let mut rx = fatal.subscribe();
        fatal.spawn("quiet".into(), async {});
        tokio::task::yield_now().await;
        assert!(rx.borrow().is_none());
        fatal.spawn("lobby".into(), async { panic!("boom") });
        let what = tokio::time::timeout(std::time::Duration::from_secs(5), async {
            rx.wait_for(|v| v.is_some()).await.unwrap().clone()
        })
        .await
        .expect("reported");
        assert_eq!(what.as_deref(), Some("the lobby task panicked: boom"));
    }
}
